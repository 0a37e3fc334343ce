//! Dead positions by the whole of 5.2.2: refused as a start, and, reached by a move, the game over
//! as of that move, whether the move's own judgement finds it or the whole test after it
//! ([`Command::JudgePosition`], which a server runs in the background). Positions with known
//! answers: chasolver's classified corpus (tests/data) and constructed ones.

mod common;

use common::{create_command, make, Table};
use domain::chess::{Ending, StartFen};
use domain::game::{
    judge, Actor, EventBody, GameResult, Judgement, RuleSet, Side, Status, Termination,
};
use domain::{decide, Rejection};
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, EnPassantMode, FromSetup, Position, Setup, Square};

type GameState = domain::game::GameState<domain::chess::Chess>;
type Command = domain::game::Command<domain::chess::Chess>;
type Context = domain::game::Context<domain::chess::Chess>;

/// Every unit locked, no capture ever possible: the example of a dead start that no material
/// count sees (queens, rooks and all boxed in by their own pawns).
const LOCKED: &str = "4K3/8/8/8/8/p1p2p1p/P1pppp1P/bnrqkrnb w - - 0 1";
/// One move before it: Black's f-pawn on f4 leaves f3 to the knight, and a mate is possible.
const BEFORE_LOCKED: &str = "4K3/8/8/8/5p2/p1p4p/P1pppp1P/bnrqkrnb b - - 0 1";

/// Positions built for this test, with their answer (true: dead).
const CONSTRUCTED: [(&str, bool); 7] = [
    (LOCKED, true),
    // A wall of locked pawns across the board, kings on either side.
    ("k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 w - - 0 1", true),
    // Bishops on their own colours behind locked pawns (corpus), blocked.
    ("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", true),
    (BEFORE_LOCKED, false),
    // The same wall with bishops and rooks: a sacrifice opens it.
    (
        "kb2r3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/KB2R3 w - - 0 1",
        false,
    ),
    // Looks locked, but the h-file lets a king through.
    ("k7/8/8/p1p1p1p1/P1P1P1P1/1P1P1P1P/8/KB6 w - - 0 1", false),
    (
        "rnbqkbnr/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/RNBQKBNR w - - 0 1",
        false,
    ),
];

fn system() -> Actor {
    Actor::System
}

/// When: the service runs the whole test on the present position.
fn judge_position(t: &mut Table) -> Result<Vec<EventBody>, Rejection> {
    t.act(system(), Command::JudgePosition)
}

/// When: `side` issues `command` as a server judges it: what comes first in the game (a dead
/// position, a fallen flag) is recorded and the command refused.
fn judged(t: &mut Table, side: Side, command: Command) -> Result<Judgement, Rejection> {
    let ctx = Context {
        now: t.now,
        actor: Table::actor(side),
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let judgement = judge(&t.state, command, &ctx)?;
    for e in &judgement.events {
        t.state = domain::evolve(std::mem::take(&mut t.state), e);
    }
    t.log.extend(judgement.events.iter().cloned());
    Ok(judgement)
}

fn dead_at(ply: u32) -> Vec<EventBody> {
    vec![
        EventBody::DeadPositionFound { ply },
        EventBody::GameEnded {
            result: GameResult::Draw,
            termination: Termination::DeadPosition,
        },
    ]
}

fn drawn_dead(t: &Table) -> bool {
    t.status()
        == Status::Finished {
            result: GameResult::Draw,
            termination: Termination::DeadPosition,
        }
}

fn create(fen: &str) -> Result<Vec<domain::game::GameEvent>, Rejection> {
    decide::<domain::chess::Chess>(
        &GameState::NotCreated,
        Command::CreateGame(Box::new(create_command(Some(fen), RuleSet::FIDE_2023))),
        &Context {
            now: time::macros::datetime!(2026-11-22 09:00 UTC),
            actor: Actor::Admin,
            notation: None,
            dice: None,
            entropy: None,
            tables: None,
        },
    )
}

#[test]
fn a_dead_start_is_refused_whatever_material_is_left() {
    assert_eq!(
        create(LOCKED).err(),
        Some(Rejection::PositionNotPlayable(Ending::DeadPosition))
    );
}

#[test]
fn a_move_that_locks_the_last_pawns_ends_the_game_at_that_move() {
    // Given: the game one move before the lock.
    let mut t = Table::from_fen(BEFORE_LOCKED);
    // When: Black locks it. The move's own judgement (the fast check, no search with queens
    // on the board) lets it go on, and the position waits for the whole test.
    let events = t.by(Side::Black, make("f3")).unwrap();
    assert!(matches!(events.as_slice(), [EventBody::MovePlayed { .. }]));
    assert!(t.game().verdict_pending());
    // When: the service runs it. Then: dead as of ply 1, drawn.
    assert_eq!(judge_position(&mut t), Ok(dead_at(1)));
    assert!(drawn_dead(&t));
    assert_eq!(t.game().ply(), 1);
    // Nothing more is played, and the service finds nothing more to record.
    assert_eq!(t.by(Side::White, make("Kd7")), Err(Rejection::GameOver));
    assert_eq!(judge_position(&mut t), Err(Rejection::GameOver));
    // Only the service asks.
    let mut t = Table::from_fen(BEFORE_LOCKED);
    t.by(Side::Black, make("f3")).unwrap();
    assert_eq!(
        t.by(Side::White, Command::JudgePosition),
        Err(Rejection::ArbiterOnly)
    );
}

#[test]
fn the_opponents_move_before_the_verdict_is_not_accepted() {
    // Given: the locking move, not yet judged by the whole test.
    let mut t = Table::from_fen(BEFORE_LOCKED);
    t.by(Side::Black, make("f3")).unwrap();
    let moves_before = t.game().ply();
    // When: White's move reaches the game first. Then: the dead position is recorded as of
    // Black's move, by the service, and White's move is refused.
    let judgement = judged(&mut t, Side::White, make("Kd7")).unwrap();
    assert_eq!(
        judgement
            .events
            .iter()
            .map(|e| e.body.clone())
            .collect::<Vec<_>>(),
        dead_at(1)
    );
    assert!(judgement.events.iter().all(|e| e.actor == Actor::System));
    assert_eq!(judgement.then_refuse, Some(Rejection::GameOver));
    assert_eq!(t.game().ply(), moves_before);
    assert!(drawn_dead(&t));
    // When: the background verdict arrives after. Then: nothing more is recorded.
    let log = t.log.len();
    assert_eq!(judge_position(&mut t), Err(Rejection::GameOver));
    assert_eq!(t.log.len(), log);
}

#[test]
fn the_verdict_before_the_opponents_move_leaves_the_move_nothing_to_do() {
    let mut t = Table::from_fen(BEFORE_LOCKED);
    t.by(Side::Black, make("f3")).unwrap();
    assert_eq!(judge_position(&mut t), Ok(dead_at(1)));
    let log = t.log.len();
    assert_eq!(
        judged(&mut t, Side::White, make("Kd7")),
        Err(Rejection::GameOver)
    );
    assert_eq!(t.log.len(), log, "exactly one outcome is recorded");
    // A replay of the log gives the same game.
    let replayed = GameState::replay(&t.log).unwrap();
    assert_eq!(replayed, t.state);
    assert_eq!(replayed.game().unwrap().ply(), 1);
}

#[test]
fn a_position_that_goes_on_records_nothing_and_is_remembered() {
    let mut t = Table::new();
    t.play("e4");
    assert!(t.game().verdict_pending());
    assert_eq!(judge_position(&mut t), Err(Rejection::NotDead));
    // The answer stays with the state: the next command does not search again.
    assert!(!t.game().verdict_pending());
    let mut t = Table::new();
    t.play("e4");
    let judgement = judged(&mut t, Side::Black, make("e5")).unwrap();
    assert!(judgement.then_refuse.is_none());
    assert!(matches!(
        judgement.events[0].body,
        EventBody::MovePlayed { .. }
    ));
}

#[test]
fn a_fallen_flag_after_a_dead_position_comes_too_late() {
    let tc = domain::game::TimeControl::PerMove {
        seconds: 3600,
        whole_days: false,
        wrong_claim_bonus_seconds: None,
    };
    let mut t = Table::with_clock(Some(BEFORE_LOCKED), RuleSet::FIDE_2023, tc);
    t.by(Side::Black, make("f3")).unwrap();
    t.now += time::Duration::hours(2);
    let judgement = judged(&mut t, Side::White, make("Kd7")).unwrap();
    assert_eq!(judgement.then_refuse, Some(Rejection::GameOver));
    assert!(drawn_dead(&t));
    assert!(!t
        .log
        .iter()
        .any(|e| matches!(e.body, EventBody::FlagFell { .. })));
}

/// The corpus's positions and the constructed ones, with their answer (true: dead).
fn known() -> Vec<(String, bool)> {
    let corpus = include_str!("data/chasolver_positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (class, fen) = l.split_at(2);
            (format!("{} 0 1", fen.trim()), class == "--")
        });
    CONSTRUCTED
        .iter()
        .map(|&(fen, dead)| (fen.to_owned(), dead))
        .chain(corpus)
        .collect()
}

fn position(fen: &str) -> Option<Chess> {
    fen.parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()
}

#[test]
fn every_dead_start_is_refused_and_every_winnable_one_goes_on() {
    let (mut dead, mut live) = (0, 0);
    for (fen, is_dead) in known() {
        // Constructed corpus positions no game can reach are refused as invalid; left out.
        if position(&fen).is_none() {
            continue;
        }
        let created = create(&fen);
        if is_dead {
            // The corpus counts a stalemate among positions no one can win.
            assert!(
                matches!(
                    created,
                    Err(Rejection::PositionNotPlayable(
                        Ending::DeadPosition | Ending::Stalemate
                    ))
                ),
                "{fen}: {created:?}"
            );
            dead += 1;
        } else {
            // Some are over already (checkmate, stalemate): refused, but not as dead.
            if let Err(r) = created {
                assert!(
                    matches!(r, Rejection::PositionNotPlayable(e) if e != Ending::DeadPosition),
                    "{fen}: {r:?}"
                );
                continue;
            }
            let mut t = Table::from_fen(&fen);
            assert_eq!(judge_position(&mut t), Err(Rejection::NotDead), "{fen}");
            assert_eq!(t.status(), Status::Active);
            live += 1;
        }
    }
    assert!(dead >= 50 && live >= 120, "{dead} dead, {live} winnable");
}

/// A position one move before `pos` that is not dead, with that move (UCI): the side that just
/// moved in `pos` takes back a move of one of its pieces, perhaps giving back a piece it took.
fn one_move_before(pos: &Chess) -> Option<(String, String)> {
    let mover = !pos.turn();
    let board = pos.board().clone();
    for to in board.by_color(mover) {
        let piece = board.piece_at(to)?;
        for from in Square::ALL {
            if board.piece_at(from).is_some() {
                continue;
            }
            for taken in [
                None,
                Some(shakmaty::Role::Knight),
                Some(shakmaty::Role::Rook),
            ] {
                let mut before = board.clone();
                before.discard_piece_at(to);
                before.set_piece_at(from, piece);
                if let Some(role) = taken {
                    before.set_piece_at(to, role.of(pos.turn()));
                }
                let setup = Setup {
                    board: before,
                    turn: mover,
                    castling_rights: Bitboard::EMPTY,
                    ep_square: None,
                    halfmoves: 0,
                    fullmoves: std::num::NonZeroU32::new(1).unwrap(),
                    ..Setup::empty()
                };
                let Ok(q) = Chess::from_setup(setup, CastlingMode::Standard) else {
                    continue;
                };
                let Some(m) = q
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.from() == Some(from) && m.to() == to && m.promotion().is_none())
                else {
                    continue;
                };
                let mut after = q.clone();
                after.play_unchecked(m);
                if after.board() != pos.board()
                    || after.ep_square(EnPassantMode::Legal) != pos.ep_square(EnPassantMode::Legal)
                    || after.castles().castling_rights() != pos.castles().castling_rights()
                {
                    continue;
                }
                let fen = Fen::from_position(&q, EnPassantMode::Legal).to_string();
                if StartFen::parse(&fen).is_ok() {
                    let uci = m.to_uci(CastlingMode::Standard).to_string();
                    return Some((fen, uci));
                }
            }
        }
    }
    None
}

#[test]
fn every_dead_position_reached_by_a_move_ends_the_game_at_that_move() {
    let mut reached = 0;
    for (fen, is_dead) in known() {
        let Some(pos) = position(&fen).filter(|_| is_dead) else {
            continue;
        };
        if pos.castles().castling_rights() != Bitboard::EMPTY {
            continue;
        }
        let Some((before, uci)) = one_move_before(&pos) else {
            continue;
        };
        let mut t = Table::from_fen(&before);
        let side = t.game().turn();
        let events = t
            .by(
                side,
                Command::MakeMove {
                    mv: common::mv_in(&uci, domain::chess::Notation::Uci),
                    offer_draw: false,
                    conditional: Vec::new(),
                },
            )
            .unwrap();
        // Either the move's own judgement finds it, or the whole test after it.
        if t.status() == Status::Active {
            assert_eq!(events.len(), 1, "{before} {uci}");
            assert_eq!(judge_position(&mut t), Ok(dead_at(1)), "{before} {uci}");
        }
        let stalemate = Status::Finished {
            result: GameResult::Draw,
            termination: Termination::Stalemate,
        };
        assert!(
            drawn_dead(&t) || t.status() == stalemate,
            "{before} {uci}: {:?}",
            t.status()
        );
        assert_eq!(t.game().ply(), 1);
        reached += 1;
    }
    assert!(
        reached >= 30,
        "only {reached} dead positions reached by a move"
    );
}
