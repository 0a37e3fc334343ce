//! A match of dice checked as anyone can check it: `docs/check_dice.py` over the events
//! endpoint's answer recomputes the hash chain, the commitment and every throw from the entropy
//! its request carried, and names the event a forger changed.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// Each player's own entropy, as a program might send it: Turkish letters, an emoji, quotes,
/// a backslash, control characters (the log escapes them; the checker must hash them alike).
const WHITE_TEXT: &str = "Ayşe'nin zarı: çiğ köfte 🎲";
const BLACK_TEXT: &str = "Mehmet \"ığdır\" \\ 42\t\u{1}\u{7f}";

fn text_of<'a>(p: &Player, white: &Player) -> &'a str {
    if p.id == white.id {
        WHITE_TEXT
    } else {
        BLACK_TEXT
    }
}

/// A match to 1 in which each player has thrown their own opening die (again on a tie) and a
/// few plays were made, each with its player's entropy (one with a message); still running.
pub async fn match_played(app: &TestApp) -> (String, Player, Player) {
    let (g, white, black) = app.game_of("tavla", None, json!({"match_length": 1})).await;
    let mut opened = false;
    for _ in 0..40 {
        let mut thrown = false;
        for p in [&white, &black] {
            let body = json!({"entropy": text_of(p, &white)});
            let res = app
                .post(&format!("/api/v1/games/{g}/throw"), Some(&p.token), body)
                .await;
            match res.status().as_u16() {
                200 => thrown = true,
                409 => {}
                status => panic!("{status}: {:?}", res.text().await),
            }
        }
        if !thrown {
            opened = true;
            break;
        }
    }
    assert!(opened, "the opening is decided");
    for turn in 0..4 {
        let game = app.get_game(&g).await;
        let p = if game["to_move"] == "white" {
            &white
        } else {
            &black
        };
        let Some(play) = app
            .legal_moves(&g)
            .await
            .into_iter()
            .find(|m| m.contains('/'))
        else {
            break;
        };
        let mut body = json!({"move": play, "entropy": text_of(p, &white)});
        if turn == 1 {
            body["message"] = json!("iyi oyunlar");
        }
        let res = app
            .post(&format!("/api/v1/games/{g}/moves"), Some(&p.token), body)
            .await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
    }
    (g, white, black)
}

/// Python 3, or why the checker's test is skipped.
fn python() -> Option<&'static str> {
    let found = Command::new("python3").arg("--version").output();
    if found.is_ok_and(|o| o.status.success()) {
        return Some("python3");
    }
    eprintln!("skipped: python3 is not installed, docs/check_dice.py cannot be run");
    None
}

fn checker() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/check_dice.py")
}

/// `python3 docs/check_dice.py ARGS…`: its exit status, its output and its errors.
fn check(python: &str, args: &[&Path]) -> (i32, String, String) {
    let out = Command::new(python)
        .arg(checker())
        .args(args)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// The events endpoint's answer as `reader` sees it, written to `name` in the data directory.
async fn saved(app: &TestApp, g: &str, reader: Option<&str>, name: &str) -> (PathBuf, Value) {
    let res = app.get(&format!("/api/v1/games/{g}/events"), reader).await;
    assert_eq!(res.status(), 200);
    let answer: Value = res.json().await.unwrap();
    let path = app.db.data_dir.join(name);
    std::fs::write(&path, answer.to_string()).unwrap();
    (path, answer)
}

both_backends! {
    async fn the_checker_recomputes_a_matchs_chain_and_throws_and_names_a_forged_one(app) {
        let Some(py) = python() else { return };
        let (g, white, black) = match_played(&app).await;
        // While the match runs: the chain, and the throws wait for the seed.
        let (path, _) = saved(&app, &g, Some(&white.token), "running.json").await;
        let (code, out, err) = check(py, &[&path]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("not revealed yet"), "{out}");
        // Resigned: the match is over and the seed revealed; every throw checks.
        let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&black.token), json!({})).await;
        assert_eq!(res.status(), 200);
        let (path, answer) = saved(&app, &g, Some(&white.token), "over.json").await;
        let (code, out, err) = check(py, &[&path]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("Seed revealed at seq") && out.contains("Everything checked holds"), "{out}");
        let events = answer["events"].as_array().unwrap();
        let throws: Vec<&Value> = events.iter().filter(|e| e["type"] == "dice_thrown").collect();
        assert!(throws.len() >= 4, "{events:?}");
        assert!(out.contains(&format!("Throws: {0} of {0} follow from the seed", throws.len())), "{out}");
        // Each throw records the text its request carried, and whose request it was.
        for t in &throws {
            let by = t["data"]["by"].as_str().unwrap();
            let text = if by == "white" { WHITE_TEXT } else { BLACK_TEXT };
            assert_eq!(t["data"]["entropy"], text, "{t}");
        }
        assert!(throws.iter().any(|t| t["data"]["dice"].as_array().unwrap().len() == 1), "opening dice");

        // A reader who may not read the message: its hash cannot be checked, the rest holds.
        let (path, _) = saved(&app, &g, None, "public.json").await;
        let (code, out, err) = check(py, &[&path]);
        assert_eq!(code, 0, "{out}{err}");
        let message = events.iter().find(|e| e["type"] == "message_sent").unwrap()["seq"].clone();
        assert!(out.contains(&format!("the hash of seq {message} (message_sent) cannot be checked")), "{out}");

        // One throw's dice changed: the checker names its event, by its hash and by its faces.
        let forged = throws.iter().rev().find(|t| t["data"]["dice"].as_array().unwrap().len() == 2).unwrap();
        let seq = forged["seq"].as_i64().unwrap();
        let mut copy = answer.clone();
        let dice = &mut copy["events"][(seq - 1) as usize]["data"]["dice"];
        *dice = if *dice == json!([1, 2]) { json!([2, 1]) } else { json!([1, 2]) };
        let path = app.db.data_dir.join("forged.json");
        std::fs::write(&path, copy.to_string()).unwrap();
        let (code, out, err) = check(py, &[&path]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains(&format!("WRONG at seq {seq} (dice_thrown): its hash")), "{out}");
        assert!(out.contains(&format!("WRONG at seq {seq} (dice_thrown): throw")), "{out}");

        // A log without each event's version cannot be checked, and says so.
        let mut copy = answer.clone();
        copy["events"][1].as_object_mut().unwrap().remove("version");
        std::fs::write(&path, copy.to_string()).unwrap();
        let (code, _, err) = check(py, &[&path]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("seq 2") && err.contains("has no version"), "{err}");
    }
}

#[test]
fn the_checker_agrees_with_the_test_vectors() {
    let Some(py) = python() else { return };
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("domain/tests/data");
    for file in ["dice_v2_vectors.json", "dice_v1_vectors.json"] {
        let (code, out, err) = check(py, &[Path::new("--vectors"), &data.join(file)]);
        assert_eq!(code, 0, "{file}: {out}{err}");
        assert!(out.contains("Everything checked holds"), "{out}");
    }
    // A vector changed: the checker finds it.
    let mut cases: Value =
        serde_json::from_str(&std::fs::read_to_string(data.join("dice_v2_vectors.json")).unwrap())
            .unwrap();
    let faces = &mut cases[0]["faces"];
    *faces = if *faces == json!([6]) {
        json!([5])
    } else {
        json!([6])
    };
    let path = std::env::temp_dir().join(format!("zarf-vectors-{}.json", std::process::id()));
    std::fs::write(&path, cases.to_string()).unwrap();
    let (code, out, _) = check(py, &[Path::new("--vectors"), &path]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("WRONG: vector 1"), "{out}");
}
