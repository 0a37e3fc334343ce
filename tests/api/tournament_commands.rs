//! The tournament commands an arbiter runs on a report file: `zarf tiebreaks`, `zarf pair`.

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

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zarf-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Corpus tournament `file` as it stood after `rounds` rounds (the byes announced for the next
/// round kept), with its number of rounds recorded: written to `dir`.
fn cut(file: &str, rounds: usize, dir: &Path) -> (PathBuf, pairing::Tournament) {
    let whole =
        pairing::Tournament::parse(&std::fs::read_to_string(corpus(file)).unwrap()).unwrap();
    let mut t = whole.clone();
    t.rounds = Some(u16::try_from(whole.played_rounds()).unwrap());
    for p in &mut t.players {
        let announced = p.rounds.get(rounds).copied().filter(|e| !e.paired());
        p.rounds.truncate(rounds);
        p.rounds.extend(announced);
    }
    let points: Vec<_> = t.players.iter().map(|p| t.score(p, rounds)).collect();
    for (p, points) in t.players.iter_mut().zip(points) {
        p.points = points;
    }
    let path = dir.join(format!("{file}.{rounds}"));
    std::fs::write(&path, t.write()).unwrap();
    (path, whole)
}

/// Round `round` (from 1) as the file records it: `white black`, the bye as `id 0`.
fn recorded(t: &pairing::Tournament, round: usize) -> Vec<String> {
    let mut pairs: Vec<String> = t
        .players
        .iter()
        .filter_map(|p| {
            let e = p.rounds.get(round - 1)?;
            match (e.opponent, e.colour) {
                (Some(black), Some(pairing::Colour::White)) => Some(format!("{} {black}", p.id)),
                (None, _) if e.paired() => Some(format!("{} 0", p.id)),
                _ => None,
            }
        })
        .collect();
    pairs.sort();
    pairs
}

#[test]
fn pair_writes_the_next_round_as_the_reference_engine_paired_it() {
    let dir = scratch("pair");
    for (file, rounds) in [("t00001.trf", 3), ("t00007.trf", 4), ("t00042.trf", 1)] {
        let (input, whole) = cut(file, rounds, &dir);
        let output = dir.join("pairs.txt");
        let (code, out, err) = zarf(&[
            "pair",
            "--dutch",
            input.to_str().unwrap(),
            "-p",
            output.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.is_empty(), "the pairs go to the file");
        let written = std::fs::read_to_string(&output).unwrap();
        let mut lines = written.lines();
        let count: usize = lines.next().unwrap().parse().unwrap();
        let mut pairs: Vec<String> = lines.map(str::to_owned).collect();
        assert_eq!(
            count,
            pairs.len(),
            "{file}: the first line counts the pairs"
        );
        assert!(
            pairs
                .iter()
                .position(|p| p.ends_with(" 0"))
                .is_none_or(|i| i == count - 1),
            "{file}: the bye is last\n{written}"
        );
        pairs.sort();
        assert_eq!(
            pairs,
            recorded(&whole, rounds + 1),
            "{file} round {}",
            rounds + 1
        );
        // Without a file name, to standard output.
        let (code, out, _) = zarf(&["pair", "--dutch", input.to_str().unwrap(), "-p"]);
        assert_eq!((code, out), (0, written));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pair_checks_every_round_and_names_the_rounds_that_differ() {
    let file = corpus("t00003.trf");
    let (code, out, err) = zarf(&["pair", "--dutch", file.to_str().unwrap(), "-c"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("is paired as the rules give"), "{out}");

    // The same file with the colours of one game of round 2 swapped.
    let dir = scratch("check");
    let mut t = pairing::Tournament::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let white = t
        .players
        .iter()
        .position(|p| {
            p.rounds[1].colour == Some(pairing::Colour::White) && p.rounds[1].outcome.played()
        })
        .unwrap();
    let black_id = t.players[white].rounds[1].opponent.unwrap();
    let black = t.players.iter().position(|p| p.id == black_id).unwrap();
    t.players[white].rounds[1].colour = Some(pairing::Colour::Black);
    t.players[black].rounds[1].colour = Some(pairing::Colour::White);
    let swapped = dir.join("swapped.trf");
    std::fs::write(&swapped, t.write()).unwrap();
    let (code, out, err) = zarf(&["pair", "--dutch", swapped.to_str().unwrap(), "-c"]);
    assert_eq!(code, 1, "a round differs: {out}");
    assert!(out.contains("round 2 differs"), "{out}");
    assert!(err.contains("rounds that differ: 2"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pair_says_when_no_pairing_satisfies_the_absolute_criteria() {
    let dir = scratch("nopair");
    // Four players, three rounds played: everybody has met everybody, and a fourth is due.
    let lines = [
        "012 Everybody met",
        "XXR 4",
        "001    1      A                                 2000                             1.5    1     4 w 1     3 b 0     2 w =",
        "001    2      B                                 1990                             2.0    2     3 b =     4 w 1     1 b =",
        "001    3      C                                 1980                             2.0    3     2 w =     1 w 1     4 b =",
        "001    4      D                                 1970                             0.5    4     1 b 0     2 b 0     3 w =",
    ];
    let input = dir.join("met.trf");
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let (code, out, err) = zarf(&["pair", "--dutch", input.to_str().unwrap(), "-p"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("no pairing of round 4 satisfies the absolute criteria"),
        "{err}"
    );

    // Without the number of rounds, or with a broken line: the file is refused.
    std::fs::write(
        &input,
        lines[..1]
            .iter()
            .chain(&lines[2..])
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
            + "\n",
    )
    .unwrap();
    let (code, _, err) = zarf(&["pair", "--dutch", input.to_str().unwrap(), "-p"]);
    assert_eq!(code, 3);
    assert!(err.contains("the number of rounds is not given"), "{err}");
    std::fs::write(&input, lines.join("\n").replace("4 w 1", "4 w 7")).unwrap();
    let (code, _, err) = zarf(&["pair", "--dutch", input.to_str().unwrap(), "-p"]);
    assert_eq!(code, 3);
    assert!(
        err.contains("is not a tournament report file") && err.contains("line 3"),
        "{err}"
    );
    let (code, _, err) = zarf(&[
        "pair",
        "--dutch",
        dir.join("none.trf").to_str().unwrap(),
        "-c",
    ]);
    assert_eq!(code, 5);
    assert!(err.contains("cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
