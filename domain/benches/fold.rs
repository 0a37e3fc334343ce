//! Folding a 300-ply game log against playing the same moves on a bare shakmaty position.
//! Target: folding costs at most 1.2x the bare moves.
//!
//! Two baselines are measured in the same run:
//! - `bare_uci`: what a program without zarf does with a stored move list: parse each UCI text
//!   and play it (shakmaty's `UciMove::to_move` + `play_unchecked`);
//! - `bare_moves`: playing already-decoded `Move` values, the floor no fold can go under.
//!
//! The closing lines print both ratios from interleaved timing of the same inputs.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use domain::chess::{legal_moves, write_move, MoveStyle, MoveText, Notation};
use domain::game::{evolve, Actor, CreateGame, GameEvent, Participant, RuleSet};
use domain::{decide, GameId, PlayerId};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};
use time::macros::datetime;

type GameState = domain::game::GameState<domain::chess::Chess>;
type Command = domain::game::Command<domain::chess::Chess>;
type Context = domain::game::Context<domain::chess::Chess>;
type MoveInput = domain::game::MoveInput<domain::chess::Chess>;

const PLIES: usize = 300;

/// A deterministic 300-ply game with no ending, played through `decide` so the log is real.
fn game_log() -> (Vec<GameEvent>, Vec<Move>, Vec<String>) {
    for seed in 1u64.. {
        let mut rng = seed;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let white = PlayerId::parse("0190a5b2-7c3e-7f00-8000-0000000000a1").unwrap();
        let black = PlayerId::parse("0190a5b2-7c3e-7f00-8000-0000000000b2").unwrap();
        let mut now = datetime!(2026-01-01 00:00 UTC);
        let mut state = GameState::NotCreated;
        let mut log = Vec::new();
        let mut apply = |state: &mut GameState, actor, command| -> bool {
            now += time::Duration::hours(7);
            let ctx = Context {
                now,
                actor,
                notation: None,
                dice: None,
                entropy: None,
                tables: None,
            };
            match decide(state, command, &ctx) {
                Ok(events) => {
                    for e in &events {
                        *state = evolve(std::mem::take(state), e);
                    }
                    log.extend(events);
                    true
                }
                Err(_) => false,
            }
        };
        let create = CreateGame {
            game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000e5").unwrap(),
            white: Participant {
                id: white,
                name: "W".into(),
            },
            black: Participant {
                id: black,
                name: "B".into(),
            },
            organiser: None,
            game: None,
            rules: Some(RuleSet::FIDE_2023),
            start_position: None,
            time_control: None,
            event: None,
            round: None,
            site: None,
            leave_days_per_year: None,
            sealed_move_check: Default::default(),
            tournament: None,
            starts_at: None,
            ballot: None,
            no_progress_moves: None,
            match_length: None,
            rated: false,
            visibility: Default::default(),
            tablebase: Default::default(),
        };
        apply(
            &mut state,
            Actor::Admin,
            Command::CreateGame(Box::new(create)),
        );
        let mut moves = Vec::new();
        let mut ucis = Vec::new();
        while moves.len() < PLIES {
            let game = state.game().unwrap();
            if !game.is_active() {
                break;
            }
            let legal = legal_moves(game.position());
            // Prefer quiet moves so the game lasts (random games otherwise trade down fast).
            let quiet: Vec<Move> = legal.iter().copied().filter(|m| !m.is_capture()).collect();
            let pool = if quiet.is_empty() || next() % 4 == 0 {
                &legal
            } else {
                &quiet
            };
            let m = pool[(next() % pool.len() as u64) as usize];
            let uci = write_move(game.position(), m, MoveStyle::Uci);
            let actor = Actor::Player(if game.turn() == domain::game::Side::White {
                white
            } else {
                black
            });
            let mv = MoveInput {
                text: MoveText::parse(&uci).unwrap(),
                notation: Some(Notation::Uci),
            };
            assert!(apply(
                &mut state,
                actor,
                Command::MakeMove {
                    mv,
                    offer_draw: false,
                    conditional: Vec::new(),
                }
            ));
            moves.push(m);
            ucis.push(uci);
        }
        if moves.len() == PLIES && state.game().unwrap().is_active() {
            return (log, moves, ucis);
        }
    }
    unreachable!()
}

fn fold(log: &[GameEvent]) -> GameState {
    GameState::replay(log).unwrap()
}

fn bare_moves(moves: &[Move]) -> Chess {
    let mut pos = Chess::default();
    for &m in moves {
        pos.play_unchecked(m);
    }
    pos
}

fn bare_uci(ucis: &[String]) -> Chess {
    let mut pos = Chess::default();
    for u in ucis {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

fn benches(c: &mut Criterion) {
    let (log, moves, ucis) = game_log();
    let mut g = c.benchmark_group("fold_300_plies");
    g.bench_function("zarf_fold", |b| b.iter(|| fold(black_box(&log))));
    g.bench_function("bare_uci", |b| b.iter(|| bare_uci(black_box(&ucis))));
    g.bench_function("bare_moves", |b| b.iter(|| bare_moves(black_box(&moves))));
    g.finish();
}

criterion_group!(group, benches);

/// Median time of `f` over interleaved rounds.
fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ratios() {
    let (log, moves, ucis) = game_log();
    let rounds = 200;
    let inner = 50;
    let (mut z, mut u, mut m) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..inner {
            black_box(fold(black_box(&log)));
        }
        z.push(t.elapsed());
        let t = Instant::now();
        for _ in 0..inner {
            black_box(bare_uci(black_box(&ucis)));
        }
        u.push(t.elapsed());
        let t = Instant::now();
        for _ in 0..inner {
            black_box(bare_moves(black_box(&moves)));
        }
        m.push(t.elapsed());
    }
    let (z, u, m) = (median(z), median(u), median(m));
    let per = |d: Duration| d.as_secs_f64() * 1e6 / inner as f64;
    println!(
        "fold of {} events ({PLIES} plies): {:.1} µs; bare shakmaty from UCI: {:.1} µs; bare decoded moves: {:.1} µs",
        log.len(),
        per(z),
        per(u),
        per(m)
    );
    println!(
        "ratio fold/bare_uci = {:.2} (target <= 1.2); fold/bare_moves = {:.2}",
        z.as_secs_f64() / u.as_secs_f64(),
        z.as_secs_f64() / m.as_secs_f64()
    );
}

fn main() {
    group();
    Criterion::default().configure_from_args().final_summary();
    ratios();
}
