//! Pairing the last round of a 1,000-player, 9-round Swiss by the Dutch system, and of the
//! 150-player generated tournaments, beside bbpPairings' own pairing of the same files.
//!
//! `cargo bench -p zarf-pairing --bench dutch`. `data/swiss-1000.trf` is a tournament made by
//! bbpPairings' generator (1,000 players, 9 rounds, seed 2026) cut after round 8;
//! `data/swiss-1000.bbp.txt` is bbpPairings' pairing of its round 9.

use std::path::Path;
use std::time::Instant;

use pairing::berger::Board;
use pairing::dutch::{pair, Options};
use pairing::Tournament;

fn lines(boards: &[Board]) -> String {
    let mut out = format!("{}\n", boards.len());
    for b in boards {
        match *b {
            Board::Game { white, black } => out += &format!("{white} {black}\n"),
            Board::Bye(p) => out += &format!("{p} 0\n"),
        }
    }
    out
}

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data");
    let t =
        Tournament::parse(&std::fs::read_to_string(data.join("swiss-1000.trf")).unwrap()).unwrap();
    let reference = std::fs::read_to_string(data.join("swiss-1000.bbp.txt")).unwrap();
    let mut times = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        let boards = pair(&t, Options::default()).unwrap();
        times.push(start.elapsed().as_secs_f64());
        assert_eq!(lines(&boards), reference, "the reference engine's pairing");
    }
    times.sort_by(f64::total_cmp);
    println!(
        "dutch: round 9 of 1,000 players: {:.1} s (median of 3; fastest {:.1} s), as bbpPairings pairs it",
        times[1], times[0]
    );

    // The generated tournaments' last rounds, paired again from the rounds before.
    let generated = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/generated");
    let mut files: Vec<_> = std::fs::read_dir(generated)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("g01"))
        .collect();
    files.sort();
    let start = Instant::now();
    for path in &files {
        let t = Tournament::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let played = t.played_rounds();
        let initial = pairing::dutch::initial_colour(&t).unwrap();
        pairing::dutch::pair_round(&t, played - 1, played, initial, Options::default()).unwrap();
    }
    println!(
        "dutch: last round of 150 players: {:.0} ms a tournament ({} tournaments)",
        start.elapsed().as_secs_f64() * 1000.0 / files.len() as f64,
        files.len()
    );
}
