//! The 6.9 analysis (chasolver's full search, as a flag fall runs it) over a set of endgame
//! positions: the legal positions of the chasolver corpus sample in tests/data (positions players
//! sent to chasolver.org, many of them hard on purpose). For every position and both sides, the
//! median of five runs; then the median over positions and the worst position.
//!
//! `cargo bench -p zarf-domain --bench flag_fall`

use std::hint::black_box;
use std::time::{Duration, Instant};

use domain::chess::{fen_of, winnability};
use shakmaty::{CastlingMode, Chess, Color};

fn positions() -> Vec<Chess> {
    include_str!("../tests/data/chasolver_positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .filter_map(|l| {
            format!("{} 0 1", l[2..].trim())
                .parse::<shakmaty::fen::Fen>()
                .ok()?
                .into_position(CastlingMode::Standard)
                .ok()
        })
        .collect()
}

fn main() {
    let positions = positions();
    let mut timings: Vec<(Duration, String)> = Vec::new();
    for pos in &positions {
        for side in [Color::White, Color::Black] {
            let mut runs: Vec<Duration> = (0..5)
                .map(|_| {
                    let t = Instant::now();
                    black_box(winnability(black_box(pos), side));
                    t.elapsed()
                })
                .collect();
            runs.sort();
            timings.push((runs[2], format!("{} ({side:?} to mate)", fen_of(pos))));
        }
    }
    timings.sort_by_key(|t| t.0);
    let n = timings.len();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "6.9 analysis over {} positions x 2 sides = {n} analyses",
        positions.len()
    );
    println!(
        "median {:.1} µs, p90 {:.1} µs, p99 {:.1} µs, worst {:.1} µs",
        us(timings[n / 2].0),
        us(timings[n * 9 / 10].0),
        us(timings[n * 99 / 100].0),
        us(timings[n - 1].0)
    );
    println!("worst position: {}", timings[n - 1].1);
}
