//! Conditional moves, given / when / then: a line that foresaw the opponent's move answers it in
//! the same events; anything else drops the lines, with the reason.

mod common;

use common::*;
use domain::chess::{Chess, MoveText};
use domain::game::ClaimKind;
use domain::game::{
    conditional::commitment, Actor, ConditionalLines, DropReason, EventBody, GameEvent, GameResult,
    MoveCode, OpenedLines, RuleSet, Side, Termination,
};
use domain::{evolve, Rejection};

use Side::{Black, White};

type Command = domain::game::Command<domain::chess::Chess>;

const NONCE: &str = "00112233445566778899aabbccddeeff";

fn texts(lines: &[&str]) -> Vec<Vec<MoveText>> {
    lines
        .iter()
        .map(|l| {
            l.split_whitespace()
                .map(|m| MoveText::parse(m).unwrap())
                .collect()
        })
        .collect()
}

fn set_cmd(lines: &[&str]) -> Command {
    Command::SetConditionalMoves {
        lines: texts(lines),
        notation: None,
        nonce: NONCE.into(),
    }
}

/// When: `side` sets `lines`; as the service does, the table keeps them to open for later moves.
fn set(t: &mut Table, side: Side, lines: &[&str]) -> Result<Vec<EventBody>, Rejection> {
    let before = t.game().position().clone();
    let events = t.by(side, set_cmd(lines))?;
    let read = ConditionalLines::parse::<Chess>(&before, side, &texts(lines), None, None).unwrap();
    t.opened.retain(|o| o.side != side);
    t.opened.push(OpenedLines {
        side,
        lines: read,
        nonce: NONCE.into(),
    });
    Ok(events)
}

fn code(uci: &str) -> MoveCode {
    MoveCode::parse(uci).unwrap()
}

/// The moves among `events`: SAN, and whether each was a conditional reply.
fn moves(events: &[EventBody]) -> Vec<(String, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            EventBody::MovePlayed {
                mv, conditional, ..
            } => Some((mv.written.clone(), *conditional)),
            _ => None,
        })
        .collect()
}

fn drops(events: &[EventBody]) -> Vec<(Side, DropReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            EventBody::ConditionalMovesDropped { side, reason } => Some((*side, *reason)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_foreseen_move_is_answered_in_the_same_events_and_the_line_goes_on() {
    let mut t = Table::new();
    let set_events = set(&mut t, Black, &["e4 e5 Nf3 Nc6", "e4 e5 Bc4 Nf6", "d4 d5"]).unwrap();
    let EventBody::ConditionalMovesSet {
        side,
        commitment: c,
    } = &set_events[0]
    else {
        panic!("{set_events:?}")
    };
    assert_eq!(*side, Black);
    // The log holds a commitment to the lines, never their moves.
    let logged = serde_json::to_string(&t.log).unwrap();
    assert!(
        !logged.contains("e7e5") && !logged.contains("g8f6"),
        "{logged}"
    );
    assert_eq!(
        *c,
        commitment(t.game().id, 0, Black, &t.opened[0].lines, NONCE)
    );

    let events = t.by(White, make("e4")).unwrap();
    assert_eq!(
        moves(&events),
        [("e4".to_owned(), false), ("e5".to_owned(), true)]
    );
    assert_eq!(t.game().turn(), White);
    // The reply is Black's own move.
    assert_eq!(t.log.last().unwrap().actor, Table::actor(Black));
    assert!(t.game().conditional[1].is_some(), "two lines go on");

    let events = t.by(White, make("Bc4")).unwrap();
    assert_eq!(
        moves(&events),
        [("Bc4".to_owned(), false), ("Nf6".to_owned(), true)]
    );
    assert_eq!(drops(&events), [(Black, DropReason::Exhausted)]);
    assert_eq!(t.game().conditional, [None, None]);
    assert_eq!(t.game().conditional_dropped[1], Some(DropReason::Exhausted));
}

#[test]
fn a_move_no_line_foresaw_drops_every_line() {
    let mut t = Table::new();
    set(&mut t, Black, &["e4 e5", "d4 d5"]).unwrap();
    let events = t.by(White, make("c4")).unwrap();
    assert_eq!(moves(&events), [("c4".to_owned(), false)]);
    assert_eq!(drops(&events), [(Black, DropReason::NoMatch)]);
    assert_eq!(t.game().turn(), Black);
    // With no lines held, moves need none opened.
    t.opened.clear();
    t.play("c5");
}

#[test]
fn lines_match_on_moves_not_on_positions() {
    // 1. Nf3 Nf6 2. Nc3 Nc6 and 1. Nc3 Nf6 2. Nf3 reach the same position; the line foresaw
    // only the first order.
    let mut t = Table::new();
    set(&mut t, Black, &["Nf3 Nf6 Nc3 Nc6"]).unwrap();
    let events = t.by(White, make("Nc3")).unwrap();
    assert_eq!(moves(&events), [("Nc3".to_owned(), false)]);
    assert_eq!(drops(&events), [(Black, DropReason::NoMatch)]);
}

#[test]
fn the_player_to_move_sets_lines_from_their_own_next_move() {
    let mut t = Table::new();
    set(&mut t, White, &["e4 e5 Nf3", "e4 c5 Nc3"]).unwrap();
    // Their own move does not play itself.
    assert_eq!(t.game().ply(), 0);
    let events = t.by(White, make("e4")).unwrap();
    assert_eq!(moves(&events), [("e4".to_owned(), false)]);
    let events = t.by(Black, make("c5")).unwrap();
    assert_eq!(
        moves(&events),
        [("c5".to_owned(), false), ("Nc3".to_owned(), true)]
    );
    assert_eq!(drops(&events), [(White, DropReason::Exhausted)]);
}

#[test]
fn both_players_lines_answer_each_other_in_turn() {
    let mut t = Table::new();
    set(&mut t, White, &["e4 e5 Nf3"]).unwrap();
    set(&mut t, Black, &["e4 e5 Nf3 Nc6"]).unwrap();
    let events = t.by(White, make("e4")).unwrap();
    assert_eq!(
        moves(&events),
        [
            ("e4".to_owned(), false),
            ("e5".to_owned(), true),
            ("Nf3".to_owned(), true),
            ("Nc6".to_owned(), true)
        ]
    );
    assert_eq!(
        drops(&events),
        [
            (White, DropReason::Exhausted),
            (Black, DropReason::Exhausted)
        ]
    );
    assert_eq!(t.game().ply(), 4);
}

#[test]
fn a_draw_offer_overtakes_the_lines() {
    // With the move (9.1.2.1): the owner must answer the offer.
    let mut t = Table::new();
    set(&mut t, Black, &["e4 e5"]).unwrap();
    let events = t
        .by(
            White,
            Command::MakeMove {
                mv: mv("e4"),
                offer_draw: true,
                conditional: Vec::new(),
            },
        )
        .unwrap();
    assert_eq!(moves(&events), [("e4".to_owned(), false)]);
    assert_eq!(drops(&events), [(Black, DropReason::DrawOffer)]);
    assert_eq!(t.game().draw_offer, Some(White));
    // While it stands, no lines are set.
    assert_eq!(
        set(&mut t, Black, &["Nf3 Nc6"]),
        Err(Rejection::DrawOfferPending {
            by: White,
            yours: false
        })
    );

    // On its own, at any time.
    let mut t = Table::new();
    t.play("e4");
    set(&mut t, White, &["Nf6 e5"]).unwrap();
    let events = t.by(Black, Command::OfferDraw).unwrap();
    assert_eq!(drops(&events), [(White, DropReason::DrawOffer)]);
    assert!(matches!(events[0], EventBody::DrawOffered { by: Black }));
    // The offerer's own lines stand.
    let mut t = Table::new();
    set(&mut t, Black, &["e4 e5"]).unwrap();
    let events = t.by(Black, Command::OfferDraw).unwrap();
    assert_eq!(drops(&events), []);
    let events = t.by(White, make("e4")).unwrap();
    assert_eq!(
        moves(&events),
        [("e4".to_owned(), false), ("e5".to_owned(), true)]
    );
}

#[test]
fn a_claim_overtakes_the_lines_and_an_upheld_one_ends_the_game() {
    let mut t = Table::new();
    t.play("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    set(&mut t, White, &["Ng8 Nf3"]).unwrap();
    // A wrong claim stands as a draw offer: the lines are dropped, the intended move played.
    let events = t
        .by(Black, claim(ClaimKind::FiftyMoves, Some("Nc6")))
        .unwrap();
    assert_eq!(drops(&events), [(White, DropReason::Claim)]);
    assert_eq!(moves(&events), [("Nc6".to_owned(), false)]);

    let mut t = Table::new();
    t.play("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    set(&mut t, White, &["Ng8 Nf3"]).unwrap();
    // Upheld: the game's end drops them, its ending says why.
    let events = t
        .by(Black, claim(ClaimKind::ThreefoldRepetition, Some("Ng8")))
        .unwrap();
    assert_eq!(drops(&events), []);
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::ThreefoldRepetition))
    );
    assert_eq!(t.game().conditional, [None, None]);
}

#[test]
fn mate_and_stalemate_end_the_game_and_its_lines() {
    // The reply mates: the game ends with it.
    let mut t = Table::new();
    t.play("e4 e5 Bc4 Nc6 Qh5");
    set(&mut t, White, &["Nf6 Qxf7", "g6 Qf3"]).unwrap();
    let events = t.by(Black, make("Nf6")).unwrap();
    assert_eq!(
        moves(&events),
        [("Nf6".to_owned(), false), ("Qxf7#".to_owned(), true)]
    );
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::Checkmate))
    );
    assert_eq!(drops(&events), []);
    assert_eq!(t.game().conditional, [None, None]);

    // The opponent's move mates: no reply, no drop event; the ending says why.
    let mut t = Table::new();
    t.play("e4 e5 Bc4 Nc6 Qh5 Nf6");
    set(&mut t, Black, &["Qf3 d6"]).unwrap();
    let events = t.by(White, make("Qxf7")).unwrap();
    assert_eq!(moves(&events), [("Qxf7#".to_owned(), false)]);
    assert_eq!(drops(&events), []);
    assert_eq!(t.game().conditional, [None, None]);

    // The opponent's move stalemates.
    let mut t = Table::from_fen("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1");
    set(&mut t, Black, &["Qb2 Ka7"]).unwrap();
    let events = t.by(White, make("Qb6")).unwrap();
    assert_eq!(moves(&events), [("Qb6".to_owned(), false)]);
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::Stalemate))
    );
    assert_eq!(t.game().conditional, [None, None]);
}

#[test]
fn a_dead_position_the_move_made_ends_the_game_before_any_reply() {
    // Black's f3 locks the last pawns: the move's own judgement leaves the position to the
    // whole test, which the replies wait for (5.2.2: the game ended with that move).
    let mut t = Table::from_fen("4K3/8/8/8/5p2/p1p4p/P1pppp1P/bnrqkrnb b - - 0 1");
    set(&mut t, White, &["f3 Kd7"]).unwrap();
    let events = t.by(Black, make("f3")).unwrap();
    assert_eq!(moves(&events), [("f3".to_owned(), false)]);
    assert!(matches!(events[1], EventBody::DeadPositionFound { ply: 1 }));
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::DeadPosition))
    );
    assert_eq!(t.game().conditional, [None, None]);
}

#[test]
fn the_reply_takes_no_time_and_a_flag_fall_ends_the_lines() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.now += time::Duration::hours(1);
    set(&mut t, Black, &["e4 e5", "d4 d5 c4 e6"]).unwrap();
    t.now += time::Duration::hours(5);
    t.by(White, make("d4")).unwrap();
    let game = t.game();
    assert_eq!(game.thinking_us[1], 0, "Black's reply took no time");
    let reading = game.clock.as_ref().unwrap().reading(t.now);
    assert_eq!(reading.left_us[1], 86_400_000_000);
    assert_eq!(game.turn(), White);

    // White lets the day run out: the flag falls, the game ends, Black's lines with it.
    t.now += time::Duration::days(2);
    let events = t.act(Actor::System, Command::FlagFall).unwrap();
    assert!(matches!(events[0], EventBody::FlagFell { side: White, .. }));
    assert_eq!(drops(&events), []);
    assert_eq!(t.game().conditional, [None, None]);
}

#[test]
fn an_adjournment_drops_every_line() {
    let mut t = Table::new();
    t.play("e4");
    set(&mut t, White, &["e5 Nf3"]).unwrap();
    let events = t
        .act(
            Actor::Arbiter(player(ARBITER)),
            Command::Adjourn {
                resume_at: t.now + time::Duration::hours(20),
                place: None,
            },
        )
        .unwrap();
    assert_eq!(drops(&events), [(White, DropReason::Adjournment)]);
    // While adjourned, none are set: the sealed move comes first.
    assert_eq!(set(&mut t, White, &["e5 Nf3"]), Err(Rejection::Adjourned));
}

#[test]
fn a_reply_that_is_no_longer_legal_is_not_played() {
    // Given: a log whose lines (as stored) answer 1. e4 with a king's leap.
    let mut t = Table::new();
    let lines = ConditionalLines::stored(vec![vec![code("e2e4"), code("e8e6")]]).unwrap();
    let c = commitment(t.game().id, 0, Black, &lines, NONCE);
    let given = GameEvent {
        at: t.now,
        actor: Table::actor(Black),
        body: EventBody::ConditionalMovesSet {
            side: Black,
            commitment: c,
        },
    };
    t.state = evolve(std::mem::take(&mut t.state), &given);
    t.opened.push(OpenedLines {
        side: Black,
        lines,
        nonce: NONCE.into(),
    });
    let events = t.by(White, make("e4")).unwrap();
    assert_eq!(moves(&events), [("e4".to_owned(), false)]);
    assert_eq!(drops(&events), [(Black, DropReason::ReplyIllegal)]);
    assert_eq!(t.game().turn(), Black);
}

#[test]
fn setting_and_withdrawing_are_the_owners_alone() {
    let mut t = Table::new();
    // Refused with the line and ply that is wrong, and nothing is recorded.
    let version = t.game().version;
    let refused = t.by(Black, set_cmd(&["e4 e5", "d4 Ke7"]));
    assert!(matches!(
        refused,
        Err(Rejection::InvalidConditionalMoves(
            domain::game::LineProblem::Move {
                line: 2,
                ply: 2,
                ..
            }
        ))
    ));
    assert_eq!(t.game().version, version);
    assert_eq!(
        t.act(Table::actor(Black), Command::WithdrawConditionalMoves),
        Err(Rejection::NoConditionalMoves)
    );
    assert_eq!(
        t.act(Actor::Player(player(STRANGER)), set_cmd(&["e4 e5"])),
        Err(Rejection::NotAPlayer)
    );
    set(&mut t, Black, &["e4 e5"]).unwrap();
    // Moves need the lines the log holds (the service opens them): without, nothing is judged.
    let without = t.state.clone();
    let ctx = domain::Context {
        now: t.now,
        actor: Table::actor(White),
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let bare = Command::MakeMove {
        mv: mv("e4"),
        offer_draw: false,
        conditional: Vec::new(),
    };
    assert_eq!(
        domain::decide(&without, bare, &ctx),
        Err(Rejection::ConditionalMovesUnavailable)
    );
    // Lines other than the ones committed to are refused the same way.
    let mut forged = t.opened.clone();
    forged[0].nonce = "ffeeddccbbaa99887766554433221100".into();
    let forged_move = Command::MakeMove {
        mv: mv("e4"),
        offer_draw: false,
        conditional: forged,
    };
    assert_eq!(
        domain::decide(&without, forged_move, &ctx),
        Err(Rejection::ConditionalMovesUnavailable)
    );
    let events = t.by(Black, Command::WithdrawConditionalMoves).unwrap();
    assert_eq!(
        events,
        [EventBody::ConditionalMovesWithdrawn { side: Black }]
    );
    t.opened.clear();
    let events = t.by(White, make("e4")).unwrap();
    assert_eq!(moves(&events), [("e4".to_owned(), false)]);
}
