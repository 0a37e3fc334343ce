//! Appendix A of the FIDE Laws (adjourned games), clause by clause, given / when / then.

mod common;

use common::*;
use domain::game::{
    commitment, envelope_to_open, Actor, EnvelopeKind, EventBody, GameResult, Period, RuleSet,
    SealedMoveCheck, Side, Status, Termination, TimeControl,
};
use time::Duration;

use Side::{Black, White};

type Command = domain::game::Command<domain::chess::Chess>;
type Revealed = domain::game::Revealed<domain::chess::Chess>;

const N1: &str = "00112233445566778899aabbccddeeff";
const N2: &str = "ffeeddccbbaa99887766554433221100";

fn arbiter() -> Actor {
    Actor::Arbiter(player(ARBITER))
}

fn one_day() -> TimeControl {
    TimeControl::Periods {
        periods: vec![Period {
            moves: None,
            seconds: 86_400,
        }],
        increment_seconds: 0,
        delay_seconds: 0,
        whole_days: false,
        wrong_claim_bonus_seconds: None,
    }
}

fn adjourn_cmd(t: &Table, hours: i64) -> Command {
    Command::Adjourn {
        resume_at: t.now + Duration::hours(hours),
        place: Some("Okul salonu".into()),
    }
}

fn seal(text: &str, nonce: &str) -> Command {
    Command::Seal {
        text: text.into(),
        nonce: nonce.into(),
    }
}

fn revealed(kind: EnvelopeKind, text: &str, nonce: &str) -> Option<Revealed> {
    Some(Revealed {
        kind,
        text: text.into(),
        nonce: nonce.into(),
        notation: None,
    })
}

/// Given: after 1. e4 e5 2. Nf3, adjourned by the arbiter with Black to move; Black seals `text`
/// and closes. Resumption 10 hours later.
fn sealed_game(text: &str) -> Table {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.now += Duration::minutes(5);
    t.play("e4 e5 Nf3");
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.now += Duration::minutes(2);
    t.by(Black, seal(text, N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t
}

fn resume_at(t: &Table) -> time::OffsetDateTime {
    t.game().adjournment.as_ref().unwrap().resume_at
}

fn check_in(
    t: &mut Table,
    side: Side,
    content: Option<Revealed>,
) -> Result<Vec<EventBody>, domain::Rejection> {
    t.by(side, Command::CheckIn { revealed: content })
}

#[test]
fn a1_the_arbiter_adjourns_and_the_player_to_move_seals() {
    let mut t = Table::new();
    t.play("e4 e5 Nf3");
    let events = t.act(arbiter(), adjourn_cmd(&t, 20)).unwrap();
    assert!(matches!(
        events[0],
        EventBody::Adjourned { sealer: Black, .. }
    ));
    assert_eq!(t.status(), Status::Adjourned);
    // Only the player to move seals.
    assert_eq!(
        t.by(White, seal("Nc6", N1)).unwrap_err().code(),
        "not_your_turn"
    );
    let first = t.by(Black, seal("Nc6", N1)).unwrap();
    // Until the envelope is closed the move may change (A1).
    let second = t.by(Black, seal("Nf6", N2)).unwrap();
    let c = |e: &EventBody| match e {
        EventBody::EnvelopeSealed {
            commitment,
            move_number,
            ..
        } => (commitment.clone(), *move_number),
        other => panic!("{other:?}"),
    };
    assert_ne!(c(&first[0]).0, c(&second[0]).0);
    assert_eq!(c(&second[0]).1, 2, "the number of the sealed move");
    t.by(Black, Command::CloseEnvelope).unwrap();
    assert_eq!(
        t.by(Black, seal("d6", N1)).unwrap_err().code(),
        "envelope_closed"
    );
    assert_eq!(
        t.by(Black, Command::CloseEnvelope).unwrap_err().code(),
        "no_envelope"
    );
}

#[test]
fn a1_a_player_to_move_may_adjourn_but_not_the_other() {
    let mut t = Table::new();
    t.play("e4");
    assert_eq!(
        t.by(White, adjourn_cmd(&t, 5)).unwrap_err().code(),
        "not_your_turn"
    );
    assert!(t.by(Black, adjourn_cmd(&t, 5)).is_ok());
    assert_eq!(
        t.by(Black, adjourn_cmd(&t, 5)).unwrap_err().code(),
        "adjourned"
    );
    // An arbiter of another event has no say.
    let mut u = Table::new();
    assert_eq!(
        u.act(Actor::Arbiter(player(STRANGER)), adjourn_cmd(&u, 5))
            .unwrap_err()
            .code(),
        "not_a_player"
    );
    // The resumption must be ahead.
    assert_eq!(
        u.act(arbiter(), adjourn_cmd(&u, -1)).unwrap_err().code(),
        "bad_request"
    );
}

#[test]
fn a1_closing_stops_the_sealers_clock_without_starting_the_opponents() {
    let t = sealed_game("Nc6");
    let clock = t.game().clock.as_ref().unwrap();
    let at_resumption = resume_at(&t);
    // Black was charged up to the closing; White's clock waits for the resumption.
    let r = clock.reading(at_resumption - Duration::minutes(1));
    // White used 5 minutes before the adjournment, and nothing since.
    assert_eq!(
        r.left_us[0] / 1_000_000,
        86_400 - 300,
        "White's clock has not started"
    );
    assert_eq!(
        clock.deadline(),
        Some(at_resumption + Duration::seconds(86_400 - 300))
    );
    assert_eq!(clock.running, Some(White));
}

#[test]
fn a1_no_moves_or_claims_while_adjourned() {
    let mut t = sealed_game("Nc6");
    assert_eq!(t.by(White, make("d4")).unwrap_err().code(), "adjourned");
    assert_eq!(t.by(Black, make("Nc6")).unwrap_err().code(), "adjourned");
    assert_eq!(
        t.by(Black, claim(domain::game::ClaimKind::FiftyMoves, None))
            .unwrap_err()
            .code(),
        "adjourned"
    );
}

#[test]
fn a2_the_envelope_records_its_items() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.now += Duration::minutes(30);
    t.play("e4");
    t.now += Duration::minutes(10);
    t.by(
        Black,
        Command::MakeMove {
            mv: mv("e5"),
            offer_draw: true,
            conditional: Vec::new(),
        },
    )
    .unwrap();
    t.now += Duration::minutes(20);
    t.act(arbiter(), adjourn_cmd(&t, 48)).unwrap();
    t.now += Duration::minutes(7);
    t.by(White, seal("Nf3", N1)).unwrap();
    t.by(White, Command::CloseEnvelope).unwrap();
    let g = t.game();
    let a = g.adjournment.as_ref().unwrap();
    assert_eq!(a.sealer, White);
    assert_eq!(
        a.fen_before,
        g.fen(),
        "A5: the position before the sealed move"
    );
    assert_eq!(
        a.draw_offer,
        Some(Black),
        "the draw offer standing at adjournment"
    );
    assert_eq!(a.place.as_deref(), Some("Okul salonu"));
    let e = a.envelope.as_ref().unwrap();
    assert_eq!((e.sealed_by, e.move_number, e.closed), (White, 2, true));
    // Time used: White 30 min + 27 min (to the closing), Black 10 min.
    assert_eq!(g.thinking_us, [57 * 60 * 1_000_000, 10 * 60 * 1_000_000]);
}

#[test]
fn a4_a6_draw_offers_agreement_and_resignation_between_sessions() {
    let mut t = sealed_game("Nc6");
    t.by(White, Command::OfferDraw).unwrap();
    assert_eq!(
        t.game().draw_offer,
        Some(White),
        "A4: it stands until answered"
    );
    let events = t.by(Black, Command::AcceptDraw).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::Agreement)),
        "A6"
    );
    let mut t = sealed_game("Nc6");
    let events = t.by(Black, Command::Resign).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::Resignation)),
        "A6"
    );
}

#[test]
fn a5_the_board_shows_the_position_before_the_sealed_move() {
    let t = sealed_game("Nc6");
    assert_eq!(
        t.game().fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(t.game().san_moves(), ["e4", "e5", "Nf3"]);
}

#[test]
fn a7_the_envelope_opens_only_when_the_responder_is_present() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) - Duration::minutes(1);
    assert_eq!(
        check_in(&mut t, White, None).unwrap_err().code(),
        "before_resumption"
    );
    t.now = resume_at(&t);
    // The sealer is present first: nothing opens.
    assert_eq!(envelope_to_open(t.game(), Black, t.now), None);
    assert_eq!(
        check_in(&mut t, Black, None).unwrap(),
        vec![EventBody::CheckedIn { side: Black }]
    );
    assert_eq!(t.status(), Status::Adjourned);
    assert_eq!(
        check_in(&mut t, Black, None).unwrap_err().code(),
        "already_checked_in"
    );
    // The responder arrives: opened, and the move made.
    assert_eq!(
        envelope_to_open(t.game(), White, t.now),
        Some(EnvelopeKind::Sealed)
    );
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    assert_eq!(events[0], EventBody::CheckedIn { side: White });
    assert!(
        matches!(&events[1], EventBody::EnvelopeOpened { text, nonce, sealed_by: Black, .. } if text == "Nc6" && nonce == N1)
    );
    assert!(
        matches!(&events[2], EventBody::MovePlayed { mv, sealed: true, .. } if mv.san == "Nc6")
    );
    assert_eq!(t.status(), Status::Active);
    assert!(
        t.game().adjournment.is_none(),
        "both present: the adjournment is over"
    );
    assert_eq!(t.game().turn(), White);
}

#[test]
fn a7_the_opened_move_must_match_the_commitment() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    let forged = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nf6", N1));
    assert_eq!(forged.unwrap_err().code(), "corrupt_log");
    let missing = check_in(&mut t, White, None);
    assert_eq!(missing.unwrap_err().code(), "internal");
    assert_eq!(t.status(), Status::Adjourned, "nothing was recorded");
    // Anyone can recompute the commitment from the opened envelope.
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    let sealed_commitment = t.log.iter().find_map(|e| match &e.body {
        EventBody::EnvelopeSealed { commitment, .. } => Some(commitment.clone()),
        _ => None,
    });
    let (text, nonce) = t
        .log
        .iter()
        .find_map(|e| match &e.body {
            EventBody::EnvelopeOpened { text, nonce, .. } => Some((text.clone(), nonce.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        sealed_commitment,
        Some(commitment(t.game().id, 2, Black, &text, &nonce))
    );
}

fn open_with(text: &str, fen: Option<&str>) -> Vec<EventBody> {
    let mut t = match fen {
        None => sealed_game(text),
        Some(f) => {
            let mut t = Table::with_clock(Some(f), RuleSet::FIDE_2023, one_day());
            t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
            let side = t.game().turn();
            t.by(side, seal(text, N1)).unwrap();
            t.by(side, Command::CloseEnvelope).unwrap();
            t
        }
    };
    t.now = resume_at(&t);
    let sealer = t.game().adjournment.as_ref().unwrap().sealer;
    check_in(
        &mut t,
        sealer.opponent(),
        revealed(EnvelopeKind::Sealed, text, N1),
    )
    .unwrap()
}

#[test]
fn a8_an_illegal_sealed_move_loses() {
    let events = open_with("Nf4", None);
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_an_ambiguous_sealed_move_loses() {
    // White knights on b1 and f1: `Nd2` could be either.
    let events = open_with("Nd2", Some("r3k3/8/8/8/8/8/8/1N1K1N2 w - - 0 30"));
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_an_unreadable_sealed_move_loses() {
    let events = open_with("the knight", None);
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_except_where_the_opponent_could_not_checkmate() {
    // Black seals nonsense, but White has a lone king: as under 6.9, a draw.
    let events = open_with("Kz9", Some("4k3/4p3/8/8/8/8/8/4K3 b - - 0 40"));
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_a_sealed_move_is_read_in_any_notation_as_written() {
    let events = open_with("Ac6", None);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, EventBody::MovePlayed { mv, .. } if mv.san == "Nc6")),
        "{events:?}"
    );
}

#[test]
fn an_event_may_check_the_sealed_move_at_sealing() {
    let mut t = Table::new();
    let mut c = create_command(None, RuleSet::FIDE_2023);
    c.sealed_move_check = SealedMoveCheck::AtSealing;
    let mut u = Table {
        opened: Vec::new(),
        log: Vec::new(),
        state: domain::GameState::NotCreated,
        now: t.now,
        step: Duration::minutes(1),
    };
    u.act(Actor::Admin, Command::CreateGame(Box::new(c)))
        .unwrap();
    t = u;
    t.act(arbiter(), adjourn_cmd(&t, 5)).unwrap();
    assert_eq!(
        t.by(White, seal("Nf4", N1)).unwrap_err().code(),
        "illegal_move"
    );
    assert!(t.by(White, seal("Nf3", N1)).is_ok());
}

#[test]
fn a9a_the_responder_present_at_resumption_starts_their_clock() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    let clock = t.game().clock.as_ref().unwrap();
    // White's 5 minutes before the adjournment are gone; the rest runs from the resumption.
    assert_eq!(
        clock.deadline(),
        Some(resume_at(&t) + Duration::seconds(86_400 - 300))
    );
}

#[test]
fn a9b_an_absent_responders_clock_starts_at_the_resumption() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) + Duration::minutes(30);
    let r = t.game().clock.as_ref().unwrap().reading(t.now);
    assert_eq!(
        r.left_us[0] / 1_000_000,
        86_400 - 300 - 1800,
        "White's clock runs though the envelope is shut"
    );
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    assert_eq!(t.game().san_moves().last().unwrap(), "Nc6");
    assert_eq!(
        t.game().clock.as_ref().unwrap().deadline(),
        Some(resume_at(&t) + Duration::seconds(86_400 - 300))
    );
}

#[test]
fn a9c_an_absent_sealer_gets_a_reply_in_a_new_envelope() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) + Duration::minutes(5);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    // Black (the sealer) is absent: White answers in writing and seals it.
    t.now += Duration::minutes(10);
    let e = t.by(White, seal("Bb5", N2)).unwrap();
    assert!(matches!(
        e[0],
        EventBody::EnvelopeSealed {
            kind: EnvelopeKind::Reply,
            sealed_by: White,
            ..
        }
    ));
    t.by(White, Command::CloseEnvelope).unwrap();
    let clock = t.game().clock.as_ref().unwrap().clone();
    // White's clock stopped, Black's did not start.
    assert_eq!(clock.running, Some(Black));
    let later = t.now + Duration::hours(2);
    assert_eq!(
        clock.reading(later).left_us[1] / 1_000_000,
        86_400 - 2 * 60,
        "Black's clock waits (2 min used before adjourning)"
    );
    // Black arrives: the reply opens and Black's clock starts.
    t.now = later;
    let events = check_in(&mut t, Black, revealed(EnvelopeKind::Reply, "Bb5", N2)).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, EventBody::MovePlayed { mv, sealed: true, .. } if mv.san == "Bb5")));
    assert!(t.game().adjournment.is_none());
    let deadline = t.game().clock.as_ref().unwrap().deadline().unwrap();
    assert_eq!(deadline, later + Duration::seconds(86_400 - 120));
}

#[test]
fn a10_a_responder_more_than_an_hour_late_loses() {
    let mut t = sealed_game("Nc6");
    check_in(&mut t, Black, None).unwrap_err(); // before the resumption
    t.now = resume_at(&t);
    check_in(&mut t, Black, None).unwrap();
    t.now = resume_at(&t) + Duration::hours(1);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "not_due",
        "an hour is allowed"
    );
    t.now += Duration::seconds(1);
    let events = t.act(Actor::System, Command::ApplyLateness).unwrap();
    assert_eq!(events[0], EventBody::LateForResumption { side: White });
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::LateForResumption))
    );
}

#[test]
fn a10_a_sealer_more_than_an_hour_late_loses() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    t.now += Duration::minutes(61);
    let events = t.act(Actor::System, Command::ApplyLateness).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::LateForResumption))
    );
}

#[test]
fn a10_a_late_sealer_whose_sealed_move_mates_wins() {
    // Fool's mate sealed: 1. f3 e5 2. g4, Black seals Qh4#.
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.play("f3 e5 g4");
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.by(Black, seal("Qh4#", N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Qh4#", N1)).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::Checkmate))
    );
    t.now += Duration::hours(2);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "game_over"
    );
}

#[test]
fn a10_a_late_sealer_whose_sealed_move_stalemates_draws() {
    let events = open_with("Qf7", Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 50"));
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::Stalemate))
    );
}

#[test]
fn a10_a_late_sealer_whose_sealed_move_made_a_dead_position_draws() {
    // Black's sealed pawn move boxes in every piece; no quick test sees it (queens and rooks are
    // on the board): the whole test, which a server runs before anything else, does.
    let before = "4K3/8/8/8/5p2/p1p4p/P1pppp1P/bnrqkrnb b - - 0 1";
    let mut t = Table::with_clock(Some(before), RuleSet::FIDE_2023, one_day());
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.by(Black, seal("f3", N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "f3", N1)).unwrap();
    assert_eq!(
        ended(&events),
        None,
        "the move's own judgement lets it go on"
    );
    // Black never comes. An hour later the service applies A10, as a server judges it.
    t.now += Duration::hours(2);
    let ctx = domain::game::Context {
        now: t.now,
        actor: Actor::System,
        notation: None,
        dice: None,
    };
    let judged = domain::game::judge(&t.state, Command::ApplyLateness, &ctx).unwrap();
    let bodies: Vec<EventBody> = judged.events.into_iter().map(|e| e.body).collect();
    assert_eq!(
        ended(&bodies),
        Some((GameResult::Draw, Termination::DeadPosition)),
        "{bodies:?}"
    );
    assert!(matches!(bodies[0], EventBody::DeadPositionFound { ply: 1 }));
    assert_eq!(judged.then_refuse, Some(domain::Rejection::GameOver));
}

#[test]
fn a10_a_present_player_who_lost_on_time_loses() {
    // White is present, but White's clock (started at the resumption, A9b) runs out first.
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        TimeControl::PerMove {
            seconds: 1800,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        },
    );
    t.play("e4 e5 Nf3");
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.by(Black, seal("Nc6", N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    t.now += Duration::minutes(31);
    let events = t.act(Actor::System, Command::FlagFall).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::TimeForfeit))
    );
    t.now += Duration::hours(1);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "game_over"
    );
}

#[test]
fn a10_both_absent_is_for_the_arbiter() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) + Duration::hours(2);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "not_due"
    );
    assert_eq!(t.status(), Status::Adjourned);
}

#[test]
fn a11_a_lost_envelope_is_restored_with_the_stated_move() {
    let mut t = sealed_game("Nc6");
    let restore = |text: &str| Command::RestoreEnvelope {
        text: text.into(),
        nonce: N2.into(),
        reason: "the envelope was lost; Black states Nf6".into(),
    };
    assert_eq!(t.by(Black, restore("Nf6")).unwrap_err().code(), "forbidden");
    t.act(arbiter(), restore("Nf6")).unwrap();
    t.now = resume_at(&t);
    // The original content no longer matches; the stated move does.
    assert_eq!(
        check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1))
            .unwrap_err()
            .code(),
        "corrupt_log"
    );
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nf6", N2)).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, EventBody::MovePlayed { mv, .. } if mv.san == "Nf6")));
}

#[test]
fn a12_wrong_clocks_are_corrected_before_the_first_move_of_the_resumption() {
    let mut t = sealed_game("Nc6");
    let set = |grave| Command::SetClocks {
        white_seconds: 3600,
        black_seconds: 7200,
        reason: "the clocks were set wrong".into(),
        grave_consequences: grave,
    };
    t.act(arbiter(), set(false)).unwrap();
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    check_in(&mut t, Black, None).unwrap();
    assert!(
        t.act(arbiter(), set(false)).is_ok(),
        "no move yet since the resumption"
    );
    let r = t.game().clock.as_ref().unwrap().reading(t.now);
    assert_eq!(
        [r.left_us[0] / 1_000_000, r.left_us[1] / 1_000_000],
        [3600, 7200]
    );
    t.play("Bb5");
    assert_eq!(t.act(arbiter(), set(false)).unwrap_err().code(), "too_late");
    assert!(t.act(arbiter(), set(true)).is_ok(), "grave consequences");
}

#[test]
fn several_adjournments_in_one_game() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    check_in(&mut t, Black, None).unwrap();
    t.play("Bb5 a6");
    t.act(arbiter(), adjourn_cmd(&t, 24)).unwrap();
    t.by(White, seal("Ba4", N2)).unwrap();
    t.by(White, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    check_in(&mut t, Black, revealed(EnvelopeKind::Sealed, "Ba4", N2)).unwrap();
    assert_eq!(
        t.game().san_moves(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]
    );
    let adjournments = t
        .log
        .iter()
        .filter(|e| matches!(e.body, EventBody::Adjourned { .. }))
        .count();
    assert_eq!(adjournments, 2, "the log tells the story");
    assert!(domain::GameState::<domain::chess::Chess>::replay(&t.log).is_ok());
}

#[test]
fn no_envelope_sealed_play_resumes_when_the_sealer_comes() {
    let mut t = Table::new();
    t.play("e4");
    t.act(arbiter(), adjourn_cmd(&t, 3)).unwrap();
    t.now = resume_at(&t);
    assert_eq!(check_in(&mut t, White, None).unwrap().len(), 1);
    assert_eq!(t.status(), Status::Adjourned);
    check_in(&mut t, Black, None).unwrap();
    assert_eq!(t.status(), Status::Active);
    assert!(t.by(Black, make("e5")).is_ok());
}
