//! The Dutch engine against bbpPairings: every round of every corpus tournament, paired again
//! from the rounds before it, is the recorded round.

use std::path::Path;

use pairing::berger::Board;
use pairing::dutch::{check, pair, Options};
use pairing::Tournament;

mod common;
use common::files;

fn every_round_of(under: &str) {
    let mut wrong = Vec::new();
    let mut rounds = 0;
    for (path, text) in files(under) {
        let t = Tournament::parse(&text).unwrap();
        rounds += t.played_rounds();
        let differences = check(&t, Options::default()).unwrap();
        for d in differences {
            wrong.push(format!(
                "{} round {}: recorded {:?}\n  expected {:?}",
                path.display(),
                d.round,
                d.recorded,
                d.expected
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {rounds} rounds differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn every_round_of_the_swiss_corpus_is_paired_as_recorded() {
    every_round_of("swiss");
}

#[test]
fn every_round_of_the_generated_tournaments_is_paired_as_recorded() {
    every_round_of("generated");
}

/// Three corpus tournaments paired with the Baku acceleration (C.04.5.1): each round by
/// bbpPairings from the recorded rounds before it (`tests/corpus/baku`, one file a tournament
/// with bbpPairings' pairs for each round, in board order).
#[test]
fn the_baku_acceleration_pairs_as_the_reference_engine_does() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut compared = 0;
    for entry in std::fs::read_dir(dir.join("baku")).unwrap() {
        let path = entry.unwrap().path();
        let expected: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let source = dir.join(expected["tournament"].as_str().unwrap());
        let whole = Tournament::parse(&std::fs::read_to_string(source).unwrap()).unwrap();
        let played = whole.played_rounds();
        for (round, pairs) in expected["rounds"].as_array().unwrap().iter().enumerate() {
            let mut t = whole.clone();
            t.rounds = Some(u16::try_from(played).unwrap());
            t.initial_colour = pairing::dutch::initial_colour(&whole);
            for p in &mut t.players {
                let announced = p.rounds.get(round).copied().filter(|e| !e.paired());
                p.rounds.truncate(round);
                p.rounds.extend(announced);
            }
            let expected: Vec<&str> = pairs
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect();
            let lines = |boards: Vec<Board>| -> Vec<String> {
                boards
                    .into_iter()
                    .map(|b| match b {
                        Board::Game { white, black } => format!("{white} {black}"),
                        Board::Bye(p) => format!("{p} 0"),
                    })
                    .collect()
            };
            // By the option, and by the file's system (192).
            let by_option = pair(&t, Options { baku: true }).unwrap();
            assert_eq!(
                lines(by_option),
                expected,
                "{} round {}",
                path.display(),
                round + 1
            );
            t.kind = Some(expected_system(&path));
            let by_file = pair(&t, Options::default()).unwrap();
            assert_eq!(
                lines(by_file),
                expected,
                "{} round {}",
                path.display(),
                round + 1
            );
            // Without it, the first round differs: the acceleration is doing something.
            if round == 0 {
                t.kind = None;
                let plain = lines(pair(&t, Options::default()).unwrap());
                assert_ne!(plain, expected, "{}", path.display());
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 19, "every round of the three tournaments");
}

fn expected_system(path: &Path) -> String {
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["system"].as_str().unwrap().to_owned()
}
