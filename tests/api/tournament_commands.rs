//! The tournament commands an arbiter runs on a report file: `zarf tiebreaks`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn corpus(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("pairing/tests/corpus/swiss")
        .join(file)
}

/// Runs `zarf ARGS…`: its exit code, standard output and standard error.
fn zarf(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_zarf"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tiebreaks_prints_tiebreakservers_values_as_json() {
    let file = corpus("t00001.trf");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(corpus("t00001.tiebreaks.json")).unwrap())
            .unwrap();
    let codes: Vec<&str> = expected["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let mut args = vec!["tiebreaks", file.to_str().unwrap(), "--json"];
    args.extend(&codes);
    let (code, out, err) = zarf(&args);
    assert_eq!(code, 0, "{err}");
    let ours: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(ours["rules"], "fide-2026");
    assert_eq!(ours["kind"], "swiss");
    assert_eq!(ours["tiebreaks"], expected["tiebreaks"]);
    let players = expected["players"].as_object().unwrap();
    assert_eq!(ours["players"].as_object().unwrap().len(), players.len());
    for (id, values) in players {
        assert_eq!(
            &ours["players"][id], values,
            "player {id}: every value and the rank"
        );
    }
}

#[test]
fn tiebreaks_by_the_2024_edition_differ_where_the_rules_do() {
    let file = corpus("t00002.trf");
    let run = |rules: &str| -> Value {
        let (code, out, err) = zarf(&[
            "tiebreaks",
            file.to_str().unwrap(),
            "--json",
            "--rules",
            rules,
            "PTS",
            "BH",
        ]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).unwrap()
    };
    let more: Value =
        serde_json::from_str(&std::fs::read_to_string(corpus("t00002.more.json")).unwrap())
            .unwrap();
    // Player 4's unplayed round counts the dummy opponent's score uncapped in 2024.
    assert_eq!(
        run("2024")["players"]["4"]["BH"],
        more["fide-2024"]["players"]["4"]["BH"]
    );
    assert_eq!(run("2024")["players"]["4"]["BH"], 10.0);
    assert_eq!(run("2026")["players"]["4"]["BH"], 9.0);
}

#[test]
fn tiebreaks_prints_a_table_with_fides_default_tiebreaks() {
    let (code, out, err) = zarf(&["tiebreaks", corpus("t00001.trf").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        ["rank", "no", "name", "PTS", "BH/C1", "BH", "DE", "WIN", "BPG"]
    );
    let first: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(
        first,
        [
            "1",
            "5",
            "Test0005",
            "Player0005",
            "3.5",
            "7.5",
            "8.5",
            "0",
            "3",
            "2"
        ]
    );
    assert_eq!(out.lines().count(), 1 + 23, "a line for each player");
}

#[test]
fn tiebreaks_refuses_a_bad_file_or_code_naming_what_is_wrong() {
    let dir = std::env::temp_dir().join(format!("zarf-trf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(corpus("t00001.trf")).unwrap();
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, text.replacen(" 12 w 1", " 12 w 7", 1)).unwrap();
    let (code, out, err) = zarf(&["tiebreaks", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("line 2: round 1") && err.contains("'7' is not a result"),
        "{err}"
    );
    let (code, _, err) = zarf(&[
        "tiebreaks",
        corpus("t00001.trf").to_str().unwrap(),
        "PTS",
        "BH/Q7",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("\"BH/Q7\" is not a FIDE tie-break"), "{err}");
    let (code, _, err) = zarf(&["tiebreaks", dir.join("none.trf").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
