//! Clocks (Art. 6), with every time given explicitly: per-move controls, periods with time carried
//! forward, increment, delay, whole-day accounting, leave, the arbiter's added time, and the flag
//! at exactly the deadline judged by 6.9.

mod common;

use common::*;
use domain::game::{
    Actor, EventBody, GameResult, Period, RuleSet, Side, Status, Termination, TimeControl,
};
use time::Duration;

use Side::{Black, White};

type Command = domain::game::Command<domain::chess::Chess>;

const DAY: i64 = 86_400;

fn per_move(seconds: u64) -> TimeControl {
    TimeControl::PerMove {
        seconds,
        whole_days: false,
        wrong_claim_bonus_seconds: None,
    }
}

fn periods(
    periods: &[(Option<u32>, u64)],
    increment: u64,
    delay: u64,
    whole_days: bool,
) -> TimeControl {
    TimeControl::Periods {
        periods: periods
            .iter()
            .map(|&(moves, seconds)| Period { moves, seconds })
            .collect(),
        increment_seconds: increment,
        delay_seconds: delay,
        whole_days,
        wrong_claim_bonus_seconds: None,
    }
}

/// Seconds left for each side at the table's `now`.
fn left(t: &Table) -> [i64; 2] {
    let r = t.game().clock.as_ref().unwrap().reading(t.now);
    [r.left_us[0] / 1_000_000, r.left_us[1] / 1_000_000]
}

fn deadline(t: &Table) -> time::OffsetDateTime {
    t.game().clock.as_ref().unwrap().deadline().unwrap()
}

/// Plays `mv` at `seconds` after the table's creation time... after the previous move.
fn move_after(t: &mut Table, elapsed: Duration, mv: &str) {
    t.now += elapsed;
    let side = t.game().turn();
    t.by(side, make(mv))
        .unwrap_or_else(|r| panic!("{mv} at {}: {r:?}", t.now));
}

#[test]
fn art_6_5_the_clock_of_the_side_to_move_runs_from_creation() {
    let t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(3 * DAY as u64));
    assert_eq!(deadline(&t), t.game().created_at + Duration::days(3));
    assert_eq!(left(&t), [3 * DAY, 3 * DAY]);
}

#[test]
fn a_game_set_to_start_later_runs_no_clock_and_takes_no_move_before_its_start() {
    let mut t = Table {
        opened: Vec::new(),
        log: Vec::new(),
        state: domain::game::GameState::NotCreated,
        now: time::macros::datetime!(2026-03-01 12:00 UTC),
        step: Duration::ZERO,
        tables: None,
    };
    let starts_at = t.now + Duration::days(2);
    let mut c = create_command(None, RuleSet::FIDE_2023);
    c.time_control = Some(per_move(3 * DAY as u64));
    c.starts_at = Some(starts_at);
    t.act(Actor::Admin, Command::CreateGame(Box::new(c)))
        .unwrap();
    assert_eq!(deadline(&t), starts_at + Duration::days(3));
    t.now += Duration::days(1);
    assert_eq!(
        left(&t),
        [3 * DAY, 3 * DAY],
        "no time runs before the start"
    );
    assert_eq!(
        t.by(White, make("e4")),
        Err(domain::Rejection::NotStarted { starts_at })
    );
    assert!(t.game().moves().is_empty(), "the refusal changed nothing");
    t.now = starts_at + Duration::hours(5);
    t.by(White, make("e4")).unwrap();
    assert_eq!(left(&t), [3 * DAY, 3 * DAY]);
    t.now += Duration::days(3) + Duration::seconds(1);
    assert!(
        t.game().flagged(t.now).is_some(),
        "Black's clock runs from e4"
    );
}

#[test]
fn per_move_time_resets_after_every_move() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(3 * DAY as u64));
    move_after(&mut t, Duration::days(2), "e4");
    assert_eq!(
        left(&t),
        [3 * DAY, 3 * DAY],
        "White's time is reset; Black's starts now"
    );
    assert_eq!(deadline(&t), t.now + Duration::days(3));
    t.now += Duration::hours(10);
    assert_eq!(left(&t)[1], 3 * DAY - 10 * 3600);
}

#[test]
fn art_6_9_the_flag_falls_at_exactly_the_deadline() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(DAY as u64));
    let due = deadline(&t);
    // A millisecond before, the move is in time and no flag has fallen.
    t.now = due - Duration::milliseconds(1);
    assert_eq!(
        t.act(Actor::System, Command::FlagFall).unwrap_err().code(),
        "not_due"
    );
    let mut early = Table::with_clock(None, RuleSet::FIDE_2023, per_move(DAY as u64));
    early.now = due - Duration::milliseconds(1);
    assert!(early.by(White, make("e4")).is_ok());
    // At the deadline the flag has fallen: no move, no offer, no resignation any more.
    t.now = due;
    assert_eq!(t.by(White, make("e4")).unwrap_err().code(), "game_over");
    assert_eq!(
        t.by(Black, Command::OfferDraw).unwrap_err().code(),
        "game_over"
    );
    assert_eq!(
        t.by(White, Command::Resign).unwrap_err().code(),
        "game_over"
    );
    let events = t.act(Actor::System, Command::FlagFall).unwrap();
    assert_eq!(
        events[0],
        EventBody::FlagFell {
            side: White,
            deadline: due
        }
    );
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::TimeForfeit))
    );
    assert_eq!(
        t.game().clock.as_ref().unwrap().running,
        None,
        "the clocks stop"
    );
    // A player cannot make the service's flag call.
    let mut u = Table::with_clock(None, RuleSet::FIDE_2023, per_move(DAY as u64));
    u.now = due;
    assert_eq!(
        u.by(Black, Command::FlagFall).unwrap_err().code(),
        "forbidden"
    );
}

#[test]
fn art_6_2_time_saved_in_a_period_carries_into_the_next() {
    // 2 moves in 10 days, then 5 days for the rest of the game.
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        periods(
            &[(Some(2), 10 * DAY as u64), (None, 5 * DAY as u64)],
            0,
            0,
            false,
        ),
    );
    move_after(&mut t, Duration::days(1), "e4");
    move_after(&mut t, Duration::days(4), "e5");
    assert_eq!(left(&t), [9 * DAY, 6 * DAY]);
    move_after(&mut t, Duration::days(1), "Nf3");
    // White made the period's two moves with 8 days left: 8 + 5.
    t.now += Duration::hours(1);
    assert_eq!(left(&t)[0], 13 * DAY);
}

#[test]
fn iccf_ten_moves_in_fifty_days_repeats() {
    // The last period counts moves, so it repeats: 2 moves in 10 days, again and again.
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        periods(&[(Some(2), 10 * DAY as u64)], 0, 0, false),
    );
    for mv in ["e4", "e5", "Nf3", "Nc6"] {
        move_after(&mut t, Duration::days(1), mv);
    }
    // Each side used 2 days for its 2 moves and got 10 more.
    assert_eq!(left(&t), [18 * DAY, 18 * DAY]);
    for mv in ["Bc4", "Bc5", "d3", "d6"] {
        move_after(&mut t, Duration::days(3), mv);
    }
    assert_eq!(left(&t), [22 * DAY, 22 * DAY]);
}

#[test]
fn art_6_1_increment_is_added_after_each_move() {
    // 1 hour + 10 minutes a move (Fischer).
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        periods(&[(None, 3600)], 600, 0, false),
    );
    move_after(&mut t, Duration::minutes(20), "e4");
    assert_eq!(left(&t)[0], 3600 - 1200 + 600);
}

#[test]
fn delay_runs_first_and_unused_delay_is_lost() {
    // 1 hour with a 5-minute delay per move ("ertelemeli tempo").
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        periods(&[(None, 3600)], 0, 300, false),
    );
    move_after(&mut t, Duration::minutes(3), "e4");
    assert_eq!(
        left(&t)[0],
        3600,
        "3 minutes used within the delay: nothing charged, nothing kept"
    );
    move_after(&mut t, Duration::minutes(8), "e5");
    assert_eq!(left(&t)[1], 3600 - 180);
    // The deadline includes the delay.
    let due = deadline(&t);
    assert_eq!(due, t.now + Duration::seconds(3600 + 300));
}

#[test]
fn whole_day_accounting_the_first_24_hours_are_free() {
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        periods(&[(None, 10 * DAY as u64)], 0, 0, true),
    );
    move_after(&mut t, Duration::hours(23), "e4");
    t.now += Duration::seconds(1);
    assert_eq!(
        t.game().clock.as_ref().unwrap().remaining_us[0],
        10 * DAY * 1_000_000,
        "under a day is free"
    );
    move_after(&mut t, Duration::hours(47), "e5");
    assert_eq!(
        t.game().clock.as_ref().unwrap().remaining_us[1],
        9 * DAY * 1_000_000,
        "1 day 23 hours counts as 1 day"
    );
    // White has 10 whole days: the 11th day started flags.
    let due = deadline(&t);
    assert_eq!(due, t.now + Duration::days(11));
}

#[test]
fn leave_stops_the_clock() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(5 * DAY as u64));
    let start = t.now;
    // Black takes leave from day 1 to day 4 while White is to move: White's clock stops too.
    t.now = start + Duration::days(1);
    let events = t
        .by(
            Black,
            Command::TakeLeave {
                from: t.now,
                until: t.now + Duration::days(3),
            },
        )
        .unwrap();
    assert!(matches!(
        events[0],
        EventBody::LeaveTaken { side: Black, .. }
    ));
    assert_eq!(deadline(&t), start + Duration::days(8));
    t.now = start + Duration::days(3);
    assert_eq!(
        left(&t)[0],
        4 * DAY,
        "only the day before the leave counted"
    );
    // White moves on day 6: 1 + 2 days of running time were used.
    t.now = start + Duration::days(6);
    assert!(t.by(White, make("e4")).is_ok());
    assert_eq!(t.game().flagged(start + Duration::days(7)), None);
}

#[test]
fn leave_can_end_early_and_is_limited_by_the_allowance() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(5 * DAY as u64));
    let start = t.now;
    assert_eq!(
        t.by(
            White,
            Command::TakeLeave {
                from: start,
                until: start + Duration::days(31)
            }
        )
        .unwrap_err()
        .code(),
        "leave_allowance_exceeded"
    );
    assert_eq!(
        t.by(
            White,
            Command::TakeLeave {
                from: start - Duration::days(2),
                until: start + Duration::days(1)
            }
        )
        .unwrap_err()
        .code(),
        "invalid_leave",
        "no leave in the past"
    );
    assert_eq!(
        t.by(
            White,
            Command::TakeLeave {
                from: start + Duration::days(401),
                until: start + Duration::days(402)
            }
        )
        .unwrap_err()
        .code(),
        "invalid_leave",
        "no leave more than 400 days ahead"
    );
    t.by(
        White,
        Command::TakeLeave {
            from: start,
            until: start + Duration::days(20),
        },
    )
    .unwrap();
    assert_eq!(
        t.by(
            White,
            Command::TakeLeave {
                from: start + Duration::days(25),
                until: start + Duration::days(26)
            }
        )
        .unwrap_err()
        .code(),
        "invalid_leave",
        "one leave at a time"
    );
    assert_eq!(t.game().leave_days_left(White, start.year()), 10);
    assert_eq!(t.game().leave_days_left(Black, start.year()), 30);
    assert_eq!(
        t.game().leave_from(White, start + Duration::days(1)),
        Some((start, start + Duration::days(20)))
    );
    assert_eq!(t.game().leave_from(Black, start), None);
    // Back after two days: the clock runs again from then.
    t.now = start + Duration::days(2);
    assert_eq!(
        t.by(White, Command::EndLeave).unwrap(),
        vec![EventBody::LeaveEnded { side: White }]
    );
    assert_eq!(deadline(&t), start + Duration::days(7));
    assert_eq!(
        t.by(White, Command::EndLeave).unwrap_err().code(),
        "no_leave"
    );
    // 20 days were asked, 2 taken... the allowance counts what stands: 2 days used, 28 left.
    assert_eq!(
        t.by(
            White,
            Command::TakeLeave {
                from: t.now,
                until: t.now + Duration::days(29)
            }
        )
        .unwrap_err(),
        domain::Rejection::LeaveAllowanceExceeded { left_days: 28 }
    );
    assert_eq!(t.game().leave_days_left(White, start.year()), 28);
    assert_eq!(t.game().leave_from(White, t.now), None);
    assert!(t
        .by(
            White,
            Command::TakeLeave {
                from: t.now,
                until: t.now + Duration::days(28)
            }
        )
        .is_ok());
}

#[test]
fn the_arbiter_gives_time() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(DAY as u64));
    let before = deadline(&t);
    let add = |seconds| Command::AddTime {
        side: White,
        seconds,
        reason: "the server was down".into(),
    };
    assert_eq!(t.by(White, add(3600)).unwrap_err().code(), "forbidden");
    t.act(Actor::Arbiter(player(ARBITER)), add(3600)).unwrap();
    assert_eq!(deadline(&t), before + Duration::hours(1));
}

#[test]
fn art_9_5_a_wrong_claim_gives_the_opponent_time() {
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        periods(&[(None, 3600)], 0, 0, false),
    );
    t.by(White, claim(domain::game::ClaimKind::FiftyMoves, None))
        .unwrap();
    assert_eq!(
        t.game().clock.as_ref().unwrap().remaining_us[1],
        (3600 + 120) * 1_000_000,
        "2023: two minutes"
    );
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2005,
        periods(&[(None, 3600)], 0, 0, false),
    );
    t.by(White, claim(domain::game::ClaimKind::FiftyMoves, None))
        .unwrap();
    assert_eq!(
        t.game().clock.as_ref().unwrap().remaining_us[1],
        (3600 + 180) * 1_000_000,
        "2005: three minutes"
    );
}

/// Flags the side to move of a set-up position at its deadline.
fn flag(fen: &str) -> (GameResult, Termination) {
    let mut t = Table::with_clock(Some(fen), RuleSet::FIDE_2023, per_move(DAY as u64));
    t.now = deadline(&t);
    let events = t.act(Actor::System, Command::FlagFall).unwrap();
    ended(&events).unwrap()
}

#[test]
fn art_6_9_a_lone_king_cannot_win_on_time() {
    // White runs out; Black has only a king.
    assert_eq!(
        flag("8/8/8/8/4k3/8/4P3/4K3 w - - 0 1"),
        (GameResult::Draw, Termination::InsufficientMaterialOnTime)
    );
}

#[test]
fn art_6_9_a_knight_against_pawns_can_still_mate() {
    // Black runs out; White's king and knight can mate Black's king hemmed in by its own pawn.
    assert_eq!(
        flag("k7/p7/8/8/8/8/8/K1N5 b - - 0 1"),
        (GameResult::WhiteWins, Termination::TimeForfeit)
    );
}

#[test]
fn art_6_9_a_locked_pawn_wall_is_a_draw_on_time() {
    // White runs out; Black's bishop can never get through the wall (chasolver's README example).
    assert_eq!(
        flag("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1"),
        (GameResult::Draw, Termination::InsufficientMaterialOnTime)
    );
    // Had Black run out instead, White can still mate: a loss.
    assert_eq!(
        flag("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 b - - 0 1"),
        (GameResult::WhiteWins, Termination::TimeForfeit)
    );
}

#[test]
fn art_9_6_an_automatic_draw_that_came_first_stands() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, per_move(DAY as u64));
    for mv in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split(' ') {
        move_after(&mut t, Duration::hours(1), mv);
    }
    assert!(matches!(
        t.status(),
        Status::Finished {
            termination: Termination::FivefoldRepetition,
            ..
        }
    ));
    t.now += Duration::days(5);
    assert_eq!(
        t.act(Actor::System, Command::FlagFall).unwrap_err().code(),
        "game_over"
    );
}
