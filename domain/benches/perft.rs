//! Perft of checkers from the start position: zarf's move generator as `zarf perft` runs it
//! (through the game core's `GameKind`), and on its own board (`checkers::perft`). The figure
//! beside a well-known generator (rapid-draughts, measured in the same sitting) is in
//! docs/performance.md.

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
}
