//! zarf-load runs end to end against a real server and ends with its machine-readable line.
//! (A check of the tool, not of speed: timing targets live in docs/performance.md.)

use std::process::Command;

/// A fresh directory and the SQLite database URL in it.
fn fresh_database() -> (std::path::PathBuf, String) {
    let dir =
        std::env::temp_dir().join(format!("zarf_load_smoke_{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("zarf.sqlite3").display());
    (dir, db)
}

/// Starts a server on `db` (port 0) on a thread of its own; its address.
fn serve(db: &str, dir: &std::path::Path) -> std::net::SocketAddr {
    let mut config = api::config::Config::for_database(db, dir.to_path_buf());
    config.admin_token = Some("smoke-admin".into());
    config.rate_limit_per_minute = 1_000_000;
    config.ip_rate_limit_per_minute = 10_000_000;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let running = api::build(&config).unwrap();
            tx.send(running.addr).unwrap();
            let _ = running.server.await;
        })
    });
    rx.recv().unwrap()
}

/// Runs zarf-load with `args`; its standard output, after checking it succeeded.
fn zarf_load(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_zarf-load"))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// A seeded database serves every seeded game and every player's list to the seeded tokens; a
/// second seeding with more players adds the new ones beside those already there.
#[test]
fn seeded_games_and_players_are_read_back() {
    let (dir, db) = fresh_database();
    let seeded = zarf_load(&["seed", "--games", "40", "--players", "9", "--database", &db]);
    assert!(seeded.contains("seeded 40 games"), "{seeded}");
    zarf_load(&["seed", "--games", "0", "--players", "12", "--database", &db]);
    let addr = serve(&db, &dir);
    let url = format!("http://{addr}");
    let read = zarf_load(&[
        "reads",
        "--url",
        &url,
        "--games",
        "40",
        "--players",
        "12",
        "--seconds",
        "1",
        "--clients",
        "2",
    ]);
    let requests = |route: &str| -> u64 {
        let line = read
            .lines()
            .find(|l| l.starts_with(route))
            .unwrap_or_default();
        let n = line.split_whitespace().nth(2).unwrap_or_default();
        n.parse().unwrap_or(0)
    };
    assert!(requests("GET /api/v1/games/{id}:") > 0, "{read}");
    assert!(requests("GET /api/v1/me/games:") > 0, "{read}");
    assert!(
        read.trim_end().ends_with("errors=0"),
        "every read answered: {read}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn zarf_load_plays_games_and_prints_its_summary_line() {
    let (dir, db) = fresh_database();
    let addr = serve(&db, &dir);
    let out = Command::new(env!("CARGO_BIN_EXE_zarf-load"))
        .args([
            "--url",
            &format!("http://{addr}"),
            "--admin-token",
            "smoke-admin",
        ])
        .args([
            "--seconds",
            "2",
            "--games",
            "4",
            "--clients",
            "2",
            "--database",
            &db,
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    let fields: Vec<(&str, f64)> = last
        .split_whitespace()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("key=value");
            (k, v.parse::<f64>().expect("a number"))
        })
        .collect();
    let keys: Vec<&str> = fields.iter().map(|f| f.0).collect();
    assert_eq!(
        keys,
        ["moves_per_s", "p99_ms", "limit_ratio", "errors"],
        "{last}"
    );
    assert!(fields[0].1 > 0.0, "moves were played: {last}");
    assert!(fields[2].1 > 0.0, "the store's limit was measured: {last}");
    assert_eq!(fields[3].1, 0.0, "no errors: {stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With `--mix` the four games are all played, tavla's opening dice thrown by its players with
/// their entropy, and each game's moves and latency printed.
#[test]
fn the_mix_plays_all_four_games_and_reports_each() {
    let (dir, db) = fresh_database();
    let addr = serve(&db, &dir);
    let url = format!("http://{addr}");
    let out = zarf_load(&[
        "--url",
        &url,
        "--admin-token",
        "smoke-admin",
        "--seconds",
        "3",
        "--games",
        "8",
        "--clients",
        "2",
        "--mix",
    ]);
    for game in ["chess", "checkers", "dama", "tavla"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{game}: ")))
            .unwrap_or_else(|| panic!("no line for {game}: {out}"));
        let moves: u64 = line
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(moves > 0, "{game} was played: {out}");
    }
    assert!(
        out.trim_end().ends_with("errors=0"),
        "every move and throw accepted: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
