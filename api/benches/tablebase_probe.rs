//! A tablebase probe's cost beside a move's judgement: for every position of
//! `tests/data/syzygy/probes.csv` (three to five pieces), the time the service takes to judge the
//! game's end there (`ending_of_remembering`, as after every move) and to probe the tables
//! (warm, memory-mapped); then the cost of asking the tables about positions they cannot hold
//! (the opening's, as most moves are), which every move under a tablebase rule pays.
//!
//! `cargo bench -p zarf-api --bench tablebase_probe [-- ROUNDS]` prints microseconds a position.

use std::path::PathBuf;
use std::time::Instant;

use api::tablebase::Tablebases;
use domain::chess::{ending_of_remembering, MateMemo};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/syzygy");
    let tables = Tablebases::open(std::slice::from_ref(&dir)).expect("the test tables");
    let text = std::fs::read_to_string(dir.join("probes.csv")).expect("probes.csv");
    let positions: Vec<Chess> = text
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fen: Fen = line.split(',').next()?.parse().ok()?;
            fen.into_position(CastlingMode::Standard).ok()
        })
        .collect();
    let memo = MateMemo::default();
    // Warm the maps and the caches once.
    let held = positions
        .iter()
        .filter(|p| tables.probe(p).is_some())
        .count();
    let t = Instant::now();
    let mut ends = 0;
    for _ in 0..rounds {
        for p in &positions {
            ends += usize::from(ending_of_remembering(p, &memo).is_some());
        }
    }
    let judging = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut verdicts = 0;
    for _ in 0..rounds {
        for p in &positions {
            verdicts += usize::from(tables.probe(p).is_some());
        }
    }
    let probing = t.elapsed().as_secs_f64();
    let n = (rounds * positions.len()) as f64;
    println!(
        "{} positions ({held} held by the tables) × {rounds}: judging {:.2} µs, probing {:.2} µs a position ({ends} ends, {verdicts} verdicts)",
        positions.len(),
        judging * 1e6 / n,
        probing * 1e6 / n
    );
    let opening = Chess::default();
    let t = Instant::now();
    let mut none = 0;
    for _ in 0..rounds * 10_000 {
        none += usize::from(tables.probe(std::hint::black_box(&opening)).is_none());
    }
    println!(
        "a position beyond the tables: {:.3} µs a probe ({none} without a verdict)",
        t.elapsed().as_secs_f64() * 1e6 / (rounds * 10_000) as f64
    );
}
