//! The scheduler: one thread per server that acts on time and runs the long judgements. It claims
//! games whose deadline has passed and records their flag fall (6.9: "can the opponent still
//! mate", the rules' full search), and sends time reminders (80% of the turn's time used, 24
//! hours left) through the outbox. Between rounds it runs the whole dead-position test on the
//! games queued for it ([`crate::app::verdicts`]) as they come. With PostgreSQL several servers
//! share the timed work: claims skip rows another server is claiming (`FOR UPDATE SKIP LOCKED`)
//! and hold a game for a short lease.

use std::sync::Weak;
use std::time::{Duration, Instant};

use domain::game::{Clock, Side};

use domain::GameId;

use domain::game::{Actor, Rejection};

use crate::app::games::just;
use crate::app::{execute, flag_fall, rounds, verdicts, AppState, CommandError};
use crate::mail::kind::{DigestGame, Games, Mail, MailKind};
use crate::outbox;
use crate::store::{self, micros};
use crate::zone::Zone;
use domain::games::{Command, Context};

/// How often the scheduler looks (reads flag due games themselves, so this bounds only the
/// delay for games nobody looks at).
pub const TICK: Duration = Duration::from_millis(500);
const LEASE: time::Duration = time::Duration::seconds(30);

/// How often every online tournament in play is looked over for games to create and results
/// to carry (a game's end here is carried at the next tick; this catches what a stopped server
/// left undone).
const TOURNAMENT_SWEEP: Duration = Duration::from_secs(60);

/// Games played in during this long before a server starts are queued for the whole
/// dead-position test (a server that stopped may have left their last position unjudged).
pub const SWEEP: time::Duration = time::Duration::hours(24);
const SWEPT_AT_MOST: i64 = 10_000;

/// Runs until the server's state is gone.
pub fn spawn(state: Weak<AppState>) -> std::thread::JoinHandle<()> {
    let verdicts = state.upgrade().map(|s| s.verdicts.clone());
    std::thread::Builder::new()
        .name("zarf-scheduler".into())
        .spawn(move || {
            let Some(verdicts) = verdicts else { return };
            if let Some(state) = state.upgrade() {
                match verdicts::sweep(&state, SWEEP, SWEPT_AT_MOST) {
                    Ok(n) => tracing::debug!(games = n, "queued for the dead-position test"),
                    Err(e) => tracing::warn!(error = %e, "sweeping recent games failed"),
                }
            }
            let mut next_round = Instant::now() + TICK;
            let mut next_sweep = Instant::now();
            loop {
                let now = Instant::now();
                if now >= next_round {
                    // A round every tick, however many games are queued.
                    next_round = now + TICK;
                    let Some(state) = state.upgrade() else { return };
                    if let Err(e) = tick(&state) {
                        tracing::warn!(error = %e, "scheduler round failed; trying again");
                    }
                    let sweep = now >= next_sweep;
                    if sweep {
                        next_sweep = now + TOURNAMENT_SWEEP;
                    }
                    if let Err(e) = rounds::tick(&state, sweep) {
                        tracing::warn!(error = %e, "tournaments' games were not caught up");
                    }
                } else if let Some((id, seq)) = verdicts.next(next_round - now) {
                    let Some(state) = state.upgrade() else { return };
                    if let Err(e) = verdicts::settle(&state, &id, seq) {
                        tracing::warn!(game = %id, error = %e, "the dead-position test failed");
                    }
                }
            }
        })
        .expect("the scheduler thread starts")
}

/// One round: flag falls, then reminders, digests, ratings moved by games that ended,
/// challenges expired (and games of accepted ones a crash left unmade), A10.
pub fn tick(state: &AppState) -> anyhow::Result<()> {
    tick_at(state, store::now())
}

/// One round as at `now` (tests run the scheduler at a chosen moment).
pub fn tick_at(state: &AppState, now: time::OffsetDateTime) -> anyhow::Result<()> {
    crate::app::erasure::notice_erasures(state)?;
    for id in state
        .store
        .claim_due(micros(now), micros(now + LEASE), 50)?
    {
        let Ok(game) = GameId::parse(&id) else {
            continue;
        };
        match flag_fall(state, game) {
            Ok(Some(_)) => tracing::info!(game = %id, "flag fell"),
            Ok(None) => state.store.release(&id)?,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "recording a flag fall failed");
                state.store.release(&id)?;
            }
        }
    }
    for id in state
        .store
        .claim_reminders(micros(now), micros(now + LEASE), 100)?
    {
        remind(state, &id, now)?;
    }
    digests(state, now)?;
    crate::app::ratings::settle_due(state)?;
    crate::app::challenges::sweep(state, now)?;
    // A10: an hour after a resumption time, an absent player loses.
    for id in state
        .store
        .claim_late(micros(now), micros(now + LEASE), 50)?
    {
        let Ok(game) = GameId::parse(&id) else {
            continue;
        };
        let ctx = Context {
            now,
            actor: Actor::System,
            notation: None,
            dice: None,
            entropy: None,
            tables: None,
        };
        match execute(state, game, just(Command::ApplyLateness), &ctx, None) {
            Ok(_) => tracing::info!(game = %id, "A10: a player was more than an hour late"),
            // Both present, both absent (the arbiter decides), or over (a flag that fell first
            // is recorded and ends it too): stop looking.
            Err(CommandError::Rejected(
                Rejection::NotYetDue
                | Rejection::GameOver
                | Rejection::FlagFallen { .. }
                | Rejection::NotAdjourned,
            )) => state.store.clear_resume_deadline(&id)?,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "applying A10 failed");
                state.store.release(&id)?;
            }
        }
    }
    Ok(())
}

fn remind(state: &AppState, id: &str, now: time::OffsetDateTime) -> anyhow::Result<()> {
    let Some(row) = state.store.game_row(id)? else {
        return Ok(());
    };
    let Some(clock) = row
        .clock_state
        .as_deref()
        .and_then(|c| serde_json::from_str::<Clock>(c).ok())
    else {
        state.store.record_reminder(id, None, None)?;
        return Ok(());
    };
    let due = clock.reminders().into_iter().rfind(|(_, at)| *at <= now);
    let next = clock.next_reminder(now).map(|(_, at)| micros(at));
    let recipient = match clock.running {
        Some(Side::White) => Some(row.white_id.clone()),
        Some(Side::Black) => Some(row.black_id.clone()),
        None => None,
    };
    let mail = match (due.and_then(|(kind, _)| MailKind::parse(kind)), recipient) {
        (Some(kind), Some(to)) => Some(outbox::reminder(id, &to, kind, row.deadline, micros(now))),
        _ => None,
    };
    state.store.record_reminder(id, mail.as_ref(), next)?;
    Ok(())
}

/// Daily digests: at each digest player's hour (in their time zone), once a day, one mail listing
/// the games where it is their move, most urgent first.
///
/// Each player's digest is due at the start of their hour (`players.next_digest_at`, indexed), so
/// a round reads only the players whose digest is due, not every digest player.
fn digests(state: &AppState, now: time::OffsetDateTime) -> anyhow::Result<()> {
    for (p, due) in state.store.digests_due(micros(now), 100)? {
        let zone = Zone::of(&p);
        let local = zone.local(now);
        let next = micros(next_digest(&zone, now, p.digest_hour));
        let already = p
            .last_digest_at
            .is_some_and(|at| zone.local(store::from_micros(at)).date() == local.date());
        if i32::from(local.hour()) != p.digest_hour || already {
            // Not this player's hour (their preferences changed, or no round ran in that hour):
            // due again at its next start.
            state.store.record_digest(&p.id, due, next, None, None)?;
            continue;
        }
        let mut mine: Vec<DigestGame> = state
            .store
            .games_of_player(&p.id, Some("active"), 500)?
            .into_iter()
            .filter(|g| g.to_move_id.as_deref() == Some(p.id.as_str()))
            .filter_map(|g| {
                let view: crate::app::views::GameView = serde_json::from_str(&g.view).ok()?;
                Some(DigestGame {
                    label: format!("{} – {}", view.white.name, view.black.name),
                    seq: Some(g.last_seq),
                    id: g.id,
                    hash: None,
                })
            })
            .collect();
        // Each game's receipt: the seq and hash of its log's last event, as stored.
        for g in &mut mine {
            let since = g.seq.unwrap_or(1).saturating_sub(1);
            let last = state.store.load_events_after(&g.id, since)?.pop();
            g.seq = last.as_ref().map(|e| e.seq);
            g.hash = last.map(|e| e.hash);
        }
        let at = micros(now);
        let mail = (!mine.is_empty())
            .then(|| Mail::Digest(Games { games: mine }).row(None, p.id.clone(), None, at));
        state
            .store
            .record_digest(&p.id, due, next, Some(at), mail.as_ref())?;
    }
    Ok(())
}

/// The first start of `hour` on `zone`'s clocks after `now`: later today, or tomorrow (on that
/// day's clocks, which summer time may have changed).
fn next_digest(zone: &Zone, now: time::OffsetDateTime, hour: i32) -> time::OffsetDateTime {
    let local = zone.local(now);
    let hour = u8::try_from(hour.clamp(0, 23)).unwrap_or_default();
    let start = time::Time::from_hms(hour, 0, 0).unwrap_or(time::Time::MIDNIGHT);
    let today = zone.instant(time::PrimitiveDateTime::new(local.date(), start));
    if today > now {
        today
    } else {
        let tomorrow = local.date().next_day().unwrap_or(local.date());
        zone.instant(time::PrimitiveDateTime::new(tomorrow, start))
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::next_digest;
    use crate::zone::Zone;

    #[test]
    fn the_next_digest_is_the_next_start_of_its_hour() {
        let turkey = Zone::fixed(180);
        let at = |t| next_digest(&turkey, t, 18);
        assert_eq!(
            at(datetime!(2026-11-23 09:30 +3)),
            datetime!(2026-11-23 18:00 +3)
        );
        assert_eq!(
            at(datetime!(2026-11-23 17:59:59 +3)),
            datetime!(2026-11-23 18:00 +3)
        );
        // In the hour or after it (sent, or missed): tomorrow's.
        assert_eq!(
            at(datetime!(2026-11-23 18:00 +3)),
            datetime!(2026-11-24 18:00 +3)
        );
        assert_eq!(
            at(datetime!(2026-11-23 18:10 +3)),
            datetime!(2026-11-24 18:00 +3)
        );
        assert_eq!(
            at(datetime!(2026-12-31 23:00 +3)),
            datetime!(2027-01-01 18:00 +3)
        );
        assert_eq!(
            next_digest(&Zone::fixed(0), datetime!(2026-11-23 23:30 UTC), 0),
            datetime!(2026-11-24 00:00 UTC)
        );
    }

    #[test]
    fn a_digest_hour_keeps_to_its_zones_summer_time() {
        let new_york = Zone::named("America/New_York").unwrap();
        // 09:00 in New York: 13:00 UTC in summer time, 14:00 after the clocks go back on
        // 1 November 2026.
        assert_eq!(
            next_digest(&new_york, datetime!(2026-07-01 12:30 UTC), 9),
            datetime!(2026-07-01 13:00 UTC)
        );
        assert_eq!(
            next_digest(&new_york, datetime!(2026-10-31 13:05 UTC), 9),
            datetime!(2026-11-01 14:00 UTC)
        );
        assert_eq!(
            next_digest(&new_york, datetime!(2026-11-01 13:30 UTC), 9),
            datetime!(2026-11-01 14:00 UTC)
        );
        // And forward again on 14 March 2027.
        assert_eq!(
            next_digest(&new_york, datetime!(2027-03-13 14:10 UTC), 9),
            datetime!(2027-03-14 13:00 UTC)
        );
    }
}
