//! The Dutch engine against bbpPairings: every round of every corpus tournament, paired again
//! from the rounds before it, is the recorded round.

use std::path::{Path, PathBuf};

use pairing::dutch::{check, Options};
use pairing::Tournament;

fn files(under: &str) -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(under);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

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
