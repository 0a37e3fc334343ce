//! Perft from the start position. Checkers: zarf's move generator as `zarf perft` runs it
//! (through the game core's `GameKind`), and on its own board (`checkers::perft`); the figure
//! beside a well-known generator (rapid-draughts, measured in the same sitting) is in
//! docs/performance.md. Dama: zarf's count (kish's moves, each move once) beside kish's own
//! perft (each route once), alternated in one run, on zarf's board and through `GameKind`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, Criterion};
use domain::checkers::{perft, Board};
use domain::game::{perft as any_perft, Rules};
use domain::games::GameKind;

fn perft_checkers(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers_perft");
    group.sample_size(10);
    let start = Board::start();
    group.bench_function("board_depth_7", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 7), 179_740))
    });
    let any = GameKind::Checkers.start();
    group.bench_function("game_kind_depth_7", |b| {
        b.iter(|| assert_eq!(any_perft::<GameKind>(black_box(&any), 7), 179_740))
    });
    group.finish();
}

criterion_group!(benches, perft_checkers);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    // Depth 9 once each, as `zarf perft --depth 9` counts it: the figure docs/performance.md
    // puts beside the other generator's.
    for (name, run) in [
        (
            "board",
            Box::new(|| perft(&Board::start(), 9)) as Box<dyn Fn() -> u64>,
        ),
        (
            "game_kind",
            Box::new(|| any_perft::<GameKind>(&GameKind::Checkers.start(), 9)),
        ),
    ] {
        let t = Instant::now();
        let nodes = run();
        let s = t.elapsed().as_secs_f64();
        assert_eq!(nodes, 3_963_680);
        println!(
            "checkers perft 9 ({name}): {nodes} nodes in {s:.3} s, {:.2} M nodes/s",
            nodes as f64 / s / 1e6
        );
    }
    // Dama, depth 7: zarf's walk against kish's own, nine times each, alternated; the fastest
    // of each.
    let start = kish::Board::new_default();
    let (mut zarf, mut kish) = (f64::MAX, f64::MAX);
    for _ in 0..9 {
        let t = Instant::now();
        let ours = domain::dama::perft(black_box(&start), 7);
        zarf = zarf.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let theirs = black_box(&start).perft(7);
        kish = kish.min(t.elapsed().as_secs_f64());
        assert_eq!((ours, theirs), (10_782_308, 10_782_382));
    }
    println!(
        "dama perft 7, fastest of nine: zarf {zarf:.4} s, kish {kish:.4} s: zarf takes {:+.1}%",
        (zarf / kish - 1.0) * 100.0
    );
    // Dama, depth 8, as `zarf perft --game dama --depth 8` counts it (through `GameKind`, the
    // seam every judged move goes through) beside kish's own perft: three of each, alternated,
    // the fastest of each.
    let any = GameKind::Dama.start();
    let (mut seam, mut kish) = (f64::MAX, f64::MAX);
    for _ in 0..3 {
        let t = Instant::now();
        let ours = any_perft::<GameKind>(black_box(&any), 8);
        seam = seam.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let theirs = black_box(&start).perft(8);
        kish = kish.min(t.elapsed().as_secs_f64());
        assert_eq!((ours, theirs), (123_285_642, 123_290_300));
    }
    println!(
        "dama perft 8 through GameKind, fastest of three: {seam:.3} s, kish {kish:.3} s: {:.2} times kish's (target at most 1.5)",
        seam / kish
    );
}
