//! The clocks (Art. 6), as a pure function of the log and `now`.
//!
//! Each side has remaining time. When a side moves, the running time since its turn began (less any
//! pause: a player's leave) is charged: rounded down to whole days first if the control counts whole
//! days (ICCF: the first 24 hours are free), then less the delay (6.3: the delay runs first and unused
//! delay is lost). Then the control adds what it adds: a per-move control resets; a period whose
//! moves are made adds the next period's time, with time saved carried forward (6.2); an increment is
//! added after each move.
//!
//! The flag falls when the running time of the side to move reaches its deadline: moves are allowed
//! strictly before it.

use serde::{Deserialize, Serialize};

use super::time_control::TimeControl;
use super::types::{Side, Timestamp};

/// Clock arithmetic is in microseconds: the precision at which events are stored, so a deadline
/// computed from the log is exact.
pub const DAY_US: i64 = 24 * 3600 * 1_000_000;
const SECOND_US: i64 = 1_000_000;

/// Why the clocks stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PauseReason {
    /// A player's leave.
    #[default]
    Leave,
    /// Between a closed envelope and the resumption (A1, A9), or until the sealer arrives to
    /// open a reply (A9c).
    Adjournment,
}

/// A pause of the clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    pub side: Side,
    #[serde(default)]
    pub reason: PauseReason,
    #[serde(with = "time::serde::rfc3339")]
    pub from: Timestamp,
    #[serde(with = "time::serde::rfc3339")]
    pub until: Timestamp,
}

/// The state of a game's clocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    /// Remaining microseconds per side [white, black], as of the start of that side's current or
    /// next turn.
    pub remaining_us: [i64; 2],
    /// Index of each side's current period (periods controls).
    pub period: [usize; 2],
    /// Moves made by each side in its current period.
    pub moves_in_period: [u32; 2],
    /// The side whose clock runs; `None` once stopped (game over).
    pub running: Option<Side>,
    /// When the running side's turn began.
    #[serde(with = "time::serde::rfc3339")]
    pub turn_started_at: Timestamp,
    /// Leave of either player: the clocks stop.
    pub pauses: Vec<Pause>,
}

/// What the clocks show at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// Microseconds left per side [white, black] (the running side's until its deadline).
    pub left_us: [i64; 2],
    /// When the running side's flag falls.
    pub deadline: Option<Timestamp>,
}

fn idx(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

fn us(d: time::Duration) -> i64 {
    d.whole_microseconds() as i64
}

impl Clock {
    /// The clocks at the game's start: the side to move starts running (Art. 6.5: at creation).
    pub fn start(control: TimeControl, to_move: Side, at: Timestamp) -> Clock {
        let first = match &control {
            TimeControl::PerMove { seconds, .. } => *seconds as i64 * SECOND_US,
            TimeControl::Periods { periods, .. } => periods[0].seconds as i64 * SECOND_US,
        };
        Clock {
            control,
            remaining_us: [first, first],
            period: [0, 0],
            moves_in_period: [0, 0],
            running: Some(to_move),
            turn_started_at: at,
            pauses: Vec::new(),
        }
    }

    fn delay_us(&self) -> i64 {
        match &self.control {
            TimeControl::Periods { delay_seconds, .. } => *delay_seconds as i64 * SECOND_US,
            TimeControl::PerMove { .. } => 0,
        }
    }

    fn whole_days(&self) -> bool {
        match &self.control {
            TimeControl::PerMove { whole_days, .. } | TimeControl::Periods { whole_days, .. } => {
                *whole_days
            }
        }
    }

    /// Running time between `from` and `to`, less the pauses (merged, so overlapping leave of both
    /// players counts once).
    pub fn running_us(&self, from: Timestamp, to: Timestamp) -> i64 {
        if to <= from {
            return 0;
        }
        let mut paused = 0i64;
        let mut covered_until = from;
        let mut pauses: Vec<&Pause> = self.pauses.iter().collect();
        pauses.sort_by_key(|p| p.from);
        for p in pauses {
            let start = p.from.max(covered_until);
            let end = p.until.min(to);
            if end > start {
                paused += us(end - start);
                covered_until = end;
            }
        }
        us(to - from) - paused
    }

    /// What a turn that used `running` milliseconds costs.
    pub fn charge(&self, running: i64) -> i64 {
        let counted = if self.whole_days() {
            running.div_euclid(DAY_US) * DAY_US
        } else {
            running
        };
        (counted - self.delay_us()).max(0)
    }

    /// Running microseconds the side to move may use this turn: a move is in time strictly before.
    pub fn allowance_us(&self, side: Side) -> i64 {
        let budget = self.remaining_us[idx(side)] + self.delay_us();
        if self.whole_days() {
            // Charged whole days may not exceed the budget: the first day past it flags.
            (budget.max(0).div_euclid(DAY_US) + 1) * DAY_US
        } else {
            budget
        }
    }

    /// The wall time at which `running` microseconds of running time after `from` have passed.
    fn wall_after(&self, from: Timestamp, mut running: i64) -> Timestamp {
        let mut t = from;
        let mut pauses: Vec<&Pause> = self.pauses.iter().filter(|p| p.until > from).collect();
        pauses.sort_by_key(|p| p.from);
        for p in pauses {
            let start = p.from.max(t);
            let gap = us(start - t).max(0);
            if gap >= running {
                break;
            }
            running -= gap;
            t = p.until.max(t);
        }
        t + time::Duration::microseconds(running)
    }

    /// When the running side's flag falls.
    pub fn deadline(&self) -> Option<Timestamp> {
        let side = self.running?;
        Some(self.wall_after(self.turn_started_at, self.allowance_us(side)))
    }

    /// Has the running side's flag fallen at `now`?
    pub fn flagged(&self, now: Timestamp) -> Option<Side> {
        let side = self.running?;
        (self.running_us(self.turn_started_at, now) >= self.allowance_us(side)).then_some(side)
    }

    pub fn reading(&self, now: Timestamp) -> Reading {
        let mut left = self.remaining_us;
        if let Some(side) = self.running {
            let used = self.running_us(self.turn_started_at, now);
            left[idx(side)] = (self.allowance_us(side) - used).max(0);
        }
        Reading {
            left_us: left,
            deadline: self.deadline(),
        }
    }

    /// The mover completed a move at `at` (in time: `decide` checked); `next` is to act (the
    /// opponent, but in a game where a player may act twice running).
    pub fn moved(&mut self, side: Side, next: Side, at: Timestamp) {
        let i = idx(side);
        let used = self.running_us(self.turn_started_at, at);
        self.remaining_us[i] -= self.charge(used);
        match &self.control {
            TimeControl::PerMove { seconds, .. } => {
                self.remaining_us[i] = *seconds as i64 * SECOND_US
            }
            TimeControl::Periods {
                periods,
                increment_seconds,
                ..
            } => {
                let current = &periods[self.period[i]];
                self.moves_in_period[i] += 1;
                if current.moves == Some(self.moves_in_period[i]) {
                    // The period's moves are made: its saved time carries into the next (6.2). The
                    // last period, if it counts moves, repeats.
                    let next = (self.period[i] + 1).min(periods.len() - 1);
                    self.period[i] = next;
                    self.moves_in_period[i] = 0;
                    self.remaining_us[i] += periods[next].seconds as i64 * SECOND_US;
                }
                self.remaining_us[i] += *increment_seconds as i64 * SECOND_US;
            }
        }
        self.running = Some(next);
        self.turn_started_at = at;
    }

    /// The reminders due this turn, in time order: `time_low` when 80% of the turn's time is used,
    /// `day_left` when 24 hours are left. Only those after the turn began.
    pub fn reminders(&self) -> Vec<(&'static str, Timestamp)> {
        let Some(side) = self.running else {
            return Vec::new();
        };
        let allowance = self.allowance_us(side);
        let deadline = self.wall_after(self.turn_started_at, allowance);
        let mut due = vec![(
            "time_low",
            self.wall_after(self.turn_started_at, allowance / 5 * 4),
        )];
        if allowance > DAY_US {
            due.push(("day_left", deadline - time::Duration::days(1)));
        }
        due.retain(|(_, at)| *at > self.turn_started_at && *at < deadline);
        due.sort_by_key(|(_, at)| *at);
        due
    }

    /// The first reminder due after `after`.
    pub fn next_reminder(&self, after: Timestamp) -> Option<(&'static str, Timestamp)> {
        self.reminders().into_iter().find(|(_, at)| *at > after)
    }

    /// An arbiter gives time to a side.
    pub fn add(&mut self, side: Side, seconds: i64) {
        self.remaining_us[idx(side)] += seconds * SECOND_US;
    }

    pub fn stop(&mut self) {
        self.running = None;
    }

    /// A leave from `from` to `until`.
    pub fn pause(&mut self, side: Side, from: Timestamp, until: Timestamp) {
        self.pauses.push(Pause {
            side,
            reason: PauseReason::Leave,
            from,
            until,
        });
    }

    /// The side's leave ends at `at`: a running leave is cut short, a future one dropped.
    pub fn end_leave(&mut self, side: Side, at: Timestamp) {
        let leave = |p: &Pause| p.side == side && p.reason == PauseReason::Leave;
        self.pauses
            .retain(|p| !leave(p) || p.until <= at || p.from < at);
        for p in self.pauses.iter_mut().filter(|p| leave(p) && p.until > at) {
            p.until = at;
        }
    }

    /// Does a leave of `side` cover `at` or lie after it?
    pub fn leave_ahead(&self, side: Side, at: Timestamp) -> bool {
        self.pauses
            .iter()
            .any(|p| p.side == side && p.reason == PauseReason::Leave && p.until > at)
    }

    /// An envelope closed at `at`: the sealer is charged as for a move, and the other side's clock
    /// does not start before `until` (the resumption; far in the future for a reply envelope,
    /// until the sealer arrives).
    pub fn sealed(&mut self, sealer: Side, at: Timestamp, until: Timestamp) {
        self.moved(sealer, sealer.opponent(), at);
        self.pauses.push(Pause {
            side: sealer,
            reason: PauseReason::Adjournment,
            from: at,
            until,
        });
    }

    /// Ends adjournment pauses still running at `at` (the sealer arrived to open a reply).
    pub fn end_adjournment_pause(&mut self, at: Timestamp) {
        for p in self
            .pauses
            .iter_mut()
            .filter(|p| p.reason == PauseReason::Adjournment && p.until > at)
        {
            p.until = at.max(p.from);
        }
    }

    /// The arbiter sets both clocks to show these times at `at` (A11, A12).
    pub fn set(&mut self, white_us: i64, black_us: i64, at: Timestamp) {
        self.remaining_us = [white_us, black_us];
        if let Some(side) = self.running {
            // Remaining is kept as of the turn's start: add back what this turn used so far.
            let used = self.charge(self.running_us(self.turn_started_at, at));
            self.remaining_us[idx(side)] += used;
        }
    }
}

/// The whole days from `a` to `b`, a part of a day counted as a day.
pub(crate) fn whole_days(a: Timestamp, b: Timestamp) -> i64 {
    ((b - a).whole_seconds() + 86_399) / 86_400
}
