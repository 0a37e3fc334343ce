//! Judging random games: after each random legal move, the game's end as the service judges it
//! (`ending_of_remembering`, with the game's mating-line memo), as `zarf-load`'s random games make
//! the server do. Random games wander for hundreds of plies through sparse endgames, where the
//! dead-position test (5.2.2) runs chasolver's full search: the heaviest part of judging a move.
//! Then, where that left the answer open, the whole test the server runs in the background
//! (`dead_position_verdict`), timed apart.
//!
//! `cargo bench -p zarf-domain --bench judge_random [-- GAMES]` prints the time per position; for
//! a repeatable count, run the built bench under `valgrind --tool=callgrind` (instructions, not
//! seconds).

use std::time::{Duration, Instant};

use domain::chess::{
    dead_position_verdict, dead_position_verdict_pending, ending_of_remembering, MateMemo, Verdict,
};
use shakmaty::{Chess, Position};

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments is the number of games.
    let games: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(300);
    let mut seed: u64 = 0x1234_5678;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut judging = Duration::ZERO;
    let mut settling = Duration::ZERO;
    let mut pending = 0u64;
    let mut positions = 0u64;
    for _ in 0..games {
        let mut pos = Chess::default();
        let memo = MateMemo::default();
        for _ in 0..600 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            let t = Instant::now();
            let end = ending_of_remembering(&pos, &memo);
            judging += t.elapsed();
            positions += 1;
            if end.is_some() {
                break;
            }
            let t = Instant::now();
            if dead_position_verdict_pending(&pos, &memo) {
                pending += 1;
                if dead_position_verdict(&pos, &memo) == Verdict::Dead {
                    break;
                }
            }
            settling += t.elapsed();
        }
    }
    println!(
        "judge_random: {games} games, {positions} positions, {:.3} s judging, {:.1} µs a position",
        judging.as_secs_f64(),
        judging.as_secs_f64() * 1e6 / positions as f64
    );
    println!(
        "background verdicts: {pending} positions left open, {:.3} s, {:.1} µs a position played",
        settling.as_secs_f64(),
        settling.as_secs_f64() * 1e6 / positions as f64
    );
}
