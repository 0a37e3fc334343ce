//! Endgame tablebases in a game: claims by the tables (ICCF), the game ended by them on the move
//! that reaches a position they hold (LSS), and the fifty- and seventy-five-move rules suspended
//! there. The tables here are a fake that holds the positions a test names: what the real tables
//! say of real positions is the service's test (with Syzygy files and an independent prober).

mod common;

use std::sync::Arc;

use common::{claim, make, mv, Table, ARBITER, STRANGER};
use domain::chess::Chess;
use domain::game::tablebase::{TablebaseClaim, TablebaseRule, Tables, Verdict, Wdl};
use domain::game::{
    Actor, ClaimKind, Command, ConditionalLines, EventBody, GameResult, OpenedLines, RuleSet,
    Rules, Side, Termination,
};
use domain::Rejection;

/// Tables that hold the positions listed (by board and side to move), with their verdicts.
#[derive(Debug)]
struct Held(Vec<(&'static str, Wdl, i32)>);

impl Tables<Chess> for Held {
    fn probe(&self, position: &shakmaty::Chess) -> Option<Verdict> {
        let fen = <Chess as Rules>::set_up_text(position);
        let key: Vec<&str> = fen.split(' ').take(2).collect();
        let key = key.join(" ");
        self.0
            .iter()
            .find(|(held, ..)| *held == key)
            .map(|&(_, wdl, dtz)| Verdict {
                wdl,
                dtz,
                dtz_rounded: false,
                pieces: fen
                    .split(' ')
                    .next()
                    .unwrap()
                    .chars()
                    .filter(char::is_ascii_alphabetic)
                    .count() as u8,
                tables: "syzygy:test".into(),
            })
    }
}

/// King and queen against king, White to move: the tables say White wins.
const KQK: &str = "8/8/8/8/8/8/k7/4K2Q w - - 0 60";
/// After 60. Qh2+ from [`KQK`] (or 60. Qxh2+ from [`KQRK`]): Black to move, lost.
const KQK_AFTER_QH2: &str = "8/8/8/8/8/8/k6Q/4K3 b";
/// One more piece (a black rook on h2), which the tables here do not hold.
const KQRK: &str = "8/8/8/8/8/8/k6r/4K2Q w - - 0 60";
/// White to move wins only beyond fifty moves without a capture or a pawn move.
const CURSED: &str = "8/8/8/8/8/8/k7/4K1Q1 w - - 0 60";
/// After 60. Qg2+ Rxg2 from [`KQRK`]: White to move, lost.
const KRK_AFTER_RXG2: &str = "8/8/8/8/8/8/k5r1/4K3 w";
/// White mates at once: 60. Qa7#.
const MATE_IN_ONE: &str = "8/7Q/8/8/8/8/2K5/k7 w - - 0 60";

fn tables() -> Arc<dyn Tables<Chess>> {
    Arc::new(Held(vec![
        ("8/8/8/8/8/8/k7/4K2Q w", Wdl::Win, 9),
        (KQK_AFTER_QH2, Wdl::Loss, -8),
        ("8/8/8/8/8/8/k7/4K1Q1 w", Wdl::CursedWin, 105),
        ("8/7Q/8/8/8/8/2K5/k7 w", Wdl::Win, 1),
        ("8/Q7/8/8/8/8/2K5/k7 b", Wdl::Loss, -1),
        (KRK_AFTER_RXG2, Wdl::Loss, -30),
    ]))
}

/// Given: a game from `fen` under the tablebase `rule`, played where the service has the tables.
fn game(fen: &str, rule: TablebaseRule) -> Table {
    game_under(fen, rule, None)
}

fn game_under(
    fen: &str,
    rule: TablebaseRule,
    time_control: Option<domain::game::TimeControl>,
) -> Table {
    let mut t = Table {
        opened: Vec::new(),
        log: Vec::new(),
        state: domain::game::GameState::NotCreated,
        now: time::macros::datetime!(2026-11-28 09:00 UTC),
        step: time::Duration::minutes(1),
        tables: Some(tables()),
    };
    let mut create = common::create_command(Some(fen), RuleSet::FIDE_2023);
    create.tablebase = rule;
    create.time_control = time_control;
    t.act(Actor::Admin, Command::CreateGame(Box::new(create)))
        .expect("the game is created");
    t
}

fn claim_by_tables(claim: TablebaseClaim, intended: Option<&str>) -> Command<Chess> {
    Command::ClaimTablebase {
        claim,
        intended_move: intended.map(mv),
    }
}

fn verdict_of(events: &[EventBody]) -> Option<(Option<Side>, Option<TablebaseClaim>, Verdict)> {
    events.iter().find_map(|e| match e {
        EventBody::TablebaseAdjudicated {
            claimed_by,
            claim,
            verdict,
        } => Some((*claimed_by, *claim, verdict.clone())),
        _ => None,
    })
}

#[test]
fn the_player_to_move_claims_the_tables_win_and_the_game_ends_with_their_verdict() {
    let mut t = game(KQK, TablebaseRule::Claim);
    let events = t
        .by(Side::White, claim_by_tables(TablebaseClaim::Win, None))
        .unwrap();
    let (by, claimed, verdict) = verdict_of(&events).expect("the verdict is recorded");
    assert_eq!(
        (by, claimed),
        (Some(Side::White), Some(TablebaseClaim::Win))
    );
    assert_eq!((verdict.wdl, verdict.dtz, verdict.pieces), (Wdl::Win, 9, 3));
    assert_eq!(verdict.tables, "syzygy:test");
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Tablebase))
    );
    assert_eq!(events.len(), 2, "the verdict, then the end: {events:?}");
    assert_eq!(t.game().tablebase_verdict.as_ref(), Some(&verdict));
}

#[test]
fn a_wrong_claim_is_refused_with_the_verdict_and_changes_nothing() {
    let mut t = game(KQK, TablebaseRule::Claim);
    let version = t.game().version;
    let refused = t
        .by(Side::White, claim_by_tables(TablebaseClaim::Draw, None))
        .unwrap_err();
    match refused {
        Rejection::TablebaseClaimRefused {
            claim,
            for_claimer,
            verdict,
        } => {
            assert_eq!(claim, TablebaseClaim::Draw);
            assert_eq!(for_claimer, Some(true), "the tables give White a win");
            assert_eq!(verdict.wdl, Wdl::Win);
        }
        other => panic!("expected the tables' refusal, got {other:?}"),
    }
    assert_eq!(t.game().version, version);
    assert!(t.game().is_live());
    // Not a 9.5 claim: no draw offer stands, no time is given, the game goes on.
    assert_eq!(t.game().draw_offer, None);
}

#[test]
fn a_claim_on_an_intended_move_plays_it_and_ends_the_game() {
    let mut t = game(KQK, TablebaseRule::Claim);
    let events = t
        .by(
            Side::White,
            claim_by_tables(TablebaseClaim::Win, Some("Qh2+")),
        )
        .unwrap();
    assert!(
        matches!(&events[0], EventBody::MovePlayed { mv, .. } if mv.written == "Qh2+"),
        "{events:?}"
    );
    let (by, _, verdict) = verdict_of(&events).unwrap();
    assert_eq!(by, Some(Side::White));
    // The verdict is the tables' on the position after the move, for Black to move.
    assert_eq!((verdict.wdl, verdict.dtz), (Wdl::Loss, -8));
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Tablebase))
    );
    assert_eq!(t.game().ply(), 1);
}

#[test]
fn a_wrong_claim_on_an_intended_move_does_not_play_it() {
    let mut t = game(KQK, TablebaseRule::Claim);
    let refused = t
        .by(
            Side::White,
            claim_by_tables(TablebaseClaim::Draw, Some("Qh2+")),
        )
        .unwrap_err();
    assert!(
        matches!(
            refused,
            Rejection::TablebaseClaimRefused {
                for_claimer: Some(true),
                ..
            }
        ),
        "{refused:?}"
    );
    assert_eq!(t.game().ply(), 0);
    // An illegal intended move is refused as a move.
    let illegal = t
        .by(
            Side::White,
            claim_by_tables(TablebaseClaim::Win, Some("Ke3")),
        )
        .unwrap_err();
    assert!(
        matches!(illegal, Rejection::IllegalMove { .. }),
        "{illegal:?}"
    );
}

#[test]
fn an_intended_move_that_mates_ends_the_game_by_checkmate() {
    let mut t = game(MATE_IN_ONE, TablebaseRule::Claim);
    let events = t
        .by(
            Side::White,
            claim_by_tables(TablebaseClaim::Win, Some("Qa7")),
        )
        .unwrap();
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Checkmate))
    );
    assert_eq!(verdict_of(&events), None);
}

#[test]
fn a_cursed_win_is_a_win_by_the_tables() {
    let mut t = game(CURSED, TablebaseRule::Claim);
    let refused = t
        .by(Side::White, claim_by_tables(TablebaseClaim::Draw, None))
        .unwrap_err();
    assert!(matches!(
        refused,
        Rejection::TablebaseClaimRefused {
            for_claimer: Some(true),
            ..
        }
    ));
    let events = t
        .by(Side::White, claim_by_tables(TablebaseClaim::Win, None))
        .unwrap();
    assert_eq!(verdict_of(&events).unwrap().2.wdl, Wdl::CursedWin);
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Tablebase))
    );
}

#[test]
fn who_may_claim_and_where_the_tables_are_silent() {
    let mut t = game(KQK, TablebaseRule::Claim);
    let claim_win = || claim_by_tables(TablebaseClaim::Win, None);
    assert_eq!(t.by(Side::Black, claim_win()), Err(Rejection::NotYourTurn));
    assert_eq!(
        t.act(Actor::Player(common::player(STRANGER)), claim_win()),
        Err(Rejection::NotAPlayer)
    );
    assert_eq!(
        t.act(Actor::Arbiter(common::player(ARBITER)), claim_win()),
        Err(Rejection::NotAPlayer),
        "the arbiter rules; the player to move claims"
    );
    // A position the tables do not hold.
    let mut more = game(KQRK, TablebaseRule::Claim);
    assert_eq!(
        more.by(Side::White, claim_win()),
        Err(Rejection::NotInTablebases)
    );
    // A service without tables.
    let mut none = game(KQK, TablebaseRule::Claim);
    none.tables = None;
    assert_eq!(
        none.by(Side::White, claim_win()),
        Err(Rejection::NotInTablebases)
    );
    // An event whose rule is off.
    let mut off = game(KQK, TablebaseRule::Off);
    assert_eq!(
        off.by(Side::White, claim_win()),
        Err(Rejection::ClaimNotInGame)
    );
    assert!(off.game().is_live());
}

#[test]
fn under_automatic_the_move_that_reaches_the_tables_ends_the_game() {
    let mut t = game(KQRK, TablebaseRule::Automatic);
    let events = t.by(Side::White, make("Qxh2+")).unwrap();
    assert_eq!(events.len(), 3, "{events:?}");
    assert!(matches!(&events[0], EventBody::MovePlayed { .. }));
    let (by, claimed, verdict) = verdict_of(&events).unwrap();
    assert_eq!((by, claimed), (None, None), "no one claimed it");
    assert_eq!(verdict.wdl, Wdl::Loss);
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Tablebase))
    );
    // The same move under `claim` leaves the claim to Black, who is to move and loses.
    let mut claimed = game(KQRK, TablebaseRule::Claim);
    let events = claimed.by(Side::White, make("Qxh2+")).unwrap();
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(
        claimed.by(Side::Black, claim_by_tables(TablebaseClaim::Draw, None)),
        Err(Rejection::TablebaseClaimRefused {
            claim: TablebaseClaim::Draw,
            for_claimer: Some(false),
            verdict: verdict.clone(),
        })
    );
    // And under `off` the tables are not asked.
    let mut off = game(KQRK, TablebaseRule::Off);
    assert_eq!(off.by(Side::White, make("Qxh2+")).unwrap().len(), 1);
}

#[test]
fn where_the_tables_hold_the_position_the_move_counts_do_not_end_it() {
    // 149 half-moves without a capture or a pawn move: the next one is the 75th move (9.6.2).
    let seventy_five = "8/8/8/8/8/8/k7/4K2Q w - - 149 100";
    let mut off = game(seventy_five, TablebaseRule::Off);
    let events = off.by(Side::White, make("Qh2+")).unwrap();
    assert_eq!(
        common::ended(&events),
        Some((GameResult::Draw, Termination::SeventyfiveMoves))
    );
    let mut claim_rule = game(seventy_five, TablebaseRule::Claim);
    let events = claim_rule.by(Side::White, make("Qh2+")).unwrap();
    assert_eq!(common::ended(&events), None, "{events:?}");
    assert!(claim_rule.game().is_live());
    let mut automatic = game(seventy_five, TablebaseRule::Automatic);
    let events = automatic.by(Side::White, make("Qh2+")).unwrap();
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Tablebase))
    );
    // A claim of fifty moves (9.3) where the tables hold the position is refused under `claim`,
    // upheld under `off`.
    let fifty = "8/8/8/8/8/8/k7/4K2Q w - - 100 100";
    let mut claim_rule = game(fifty, TablebaseRule::Claim);
    assert!(matches!(
        claim_rule.by(Side::White, claim(ClaimKind::FiftyMoves, None)),
        Err(Rejection::NoProgressRuleSuspended { verdict }) if verdict.wdl == Wdl::Win
    ));
    let mut off = game(fifty, TablebaseRule::Off);
    let events = off
        .by(Side::White, claim(ClaimKind::FiftyMoves, None))
        .unwrap();
    assert_eq!(
        common::ended(&events),
        Some((GameResult::Draw, Termination::FiftyMoves))
    );
}

#[test]
fn a_log_with_a_verdict_in_a_game_the_tables_do_not_decide_does_not_fold() {
    let mut t = game(KQK, TablebaseRule::Claim);
    t.by(Side::White, claim_by_tables(TablebaseClaim::Win, None))
        .unwrap();
    let off = game(KQK, TablebaseRule::Off);
    let mut state = off.state.clone();
    for e in &t.log[1..] {
        state = domain::evolve(state, e);
    }
    assert!(
        matches!(state, domain::game::GameState::Corrupt { .. }),
        "{state:?}"
    );
}

#[test]
fn the_rule_is_recorded_at_creation_and_only_chess_takes_one() {
    let t = game(KQK, TablebaseRule::Automatic);
    match &t.log[0].body {
        EventBody::GameCreated(created) => {
            assert_eq!(created.tablebase, TablebaseRule::Automatic)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(t.game().tablebase, TablebaseRule::Automatic);
    // A log written before the rule existed reads as `off`.
    let data = t.log[0].body.data();
    let mut old = data.clone();
    old.as_object_mut().unwrap().remove("tablebase");
    let read = EventBody::decode("game_created", 1, old).unwrap();
    match read {
        EventBody::GameCreated(created) => assert_eq!(created.tablebase, TablebaseRule::Off),
        other => panic!("{other:?}"),
    }
    assert_eq!(data["tablebase"], "automatic");

    let mut create = common::create_command(None, RuleSet::FIDE_2023);
    create.game = Some("checkers".into());
    create.rules = None;
    create.tablebase = TablebaseRule::Claim;
    let ctx = domain::games::Context {
        now: time::macros::datetime!(2026-11-28 09:00 UTC),
        actor: Actor::Admin,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let refused = domain::decide(
        &domain::games::GameState::NotCreated,
        domain::games::Command::CreateGame(Box::new(create)),
        &ctx,
    );
    assert_eq!(
        refused,
        Err(Rejection::NotInThisGame {
            feature: "tablebases"
        })
    );
}

#[test]
fn under_automatic_a_conditional_reply_that_reaches_the_tables_ends_the_game() {
    let mut t = game(KQRK, TablebaseRule::Automatic);
    // Black foresees 60. Qg2+ and answers it with 60... Rxg2, which leaves three pieces.
    black_foresees(&mut t, &["Qg2+", "Rxg2"]);
    let events = t.by(Side::White, make("Qg2+")).unwrap();
    assert_eq!(replies(&events), [false, true], "the move, then the reply");
    let (by, claimed, verdict) = verdict_of(&events).expect("the tables end it");
    assert_eq!((by, claimed), (None, None));
    assert_eq!((verdict.wdl, verdict.dtz), (Wdl::Loss, -30));
    assert_eq!(
        common::ended(&events),
        Some((GameResult::BlackWins, Termination::Tablebase))
    );
    // Under `claim` the reply is played and the game goes on: White, to move, may resign or play.
    let mut claim_rule = game(KQRK, TablebaseRule::Claim);
    black_foresees(&mut claim_rule, &["Qg2+", "Rxg2"]);
    let events = claim_rule.by(Side::White, make("Qg2+")).unwrap();
    assert_eq!(replies(&events), [false, true], "the move, then the reply");
    assert_eq!(verdict_of(&events), None, "{events:?}");
    assert!(claim_rule.game().is_live());
}

#[test]
fn under_automatic_an_opened_sealed_move_that_reaches_the_tables_ends_the_game() {
    // Adjourned over the board with White to move; White seals 60. Qxh2+.
    let mut t = game_with_clock(KQRK, TablebaseRule::Automatic);
    let resume_at = t.now + time::Duration::hours(10);
    t.act(
        Actor::Arbiter(common::player(ARBITER)),
        Command::Adjourn {
            resume_at,
            place: None,
        },
    )
    .unwrap();
    t.by(
        Side::White,
        Command::Seal {
            text: "Qxh2+".into(),
            nonce: NONCE.into(),
        },
    )
    .unwrap();
    t.by(Side::White, Command::CloseEnvelope).unwrap();
    t.now = resume_at;
    // Black, the responder, is present: the envelope is opened and its move played.
    let events = t
        .by(
            Side::Black,
            Command::CheckIn {
                revealed: Some(domain::game::Revealed {
                    kind: domain::game::EnvelopeKind::Sealed,
                    text: "Qxh2+".into(),
                    nonce: NONCE.into(),
                    notation: None,
                }),
            },
        )
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, EventBody::MovePlayed { mv, .. } if mv.written == "Qxh2+")),
        "the sealed move is played: {events:?}"
    );
    let (by, _, verdict) = verdict_of(&events).expect("the tables end it");
    assert_eq!((by, verdict.wdl), (None, Wdl::Loss));
    assert_eq!(
        common::ended(&events),
        Some((GameResult::WhiteWins, Termination::Tablebase))
    );
}

const NONCE: &str = "00112233445566778899aabbccddeeff";

/// When: Black sets a conditional line (foreseeing White's move first), which the service keeps
/// to open for White's next move.
fn black_foresees(t: &mut Table, moves: &[&str]) {
    let line = vec![moves
        .iter()
        .map(|m| domain::chess::MoveText::parse(m).unwrap())
        .collect::<Vec<_>>()];
    let before = t.game().position().clone();
    let command = Command::SetConditionalMoves {
        lines: line.clone(),
        notation: None,
        nonce: NONCE.into(),
    };
    t.by(Side::Black, command).unwrap();
    t.opened.push(OpenedLines {
        side: Side::Black,
        lines: ConditionalLines::parse::<Chess>(&before, Side::Black, &line, None, None).unwrap(),
        nonce: NONCE.into(),
    });
}

/// The moves among `events`: whether each was a conditional reply.
fn replies(events: &[EventBody]) -> Vec<bool> {
    events
        .iter()
        .filter_map(|e| match e {
            EventBody::MovePlayed { conditional, .. } => Some(*conditional),
            _ => None,
        })
        .collect()
}

/// Given: [`game`], played over the board with a day for the game, so that it can be adjourned.
fn game_with_clock(fen: &str, rule: TablebaseRule) -> Table {
    game_under(fen, rule, Some(common::one_day()))
}
