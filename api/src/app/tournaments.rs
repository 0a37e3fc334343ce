//! Tournaments as a kind of log: the tournament's decide and evolve (`domain::tournament`) on
//! the same pipeline as games, projected to the tournaments table.

use domain::game::{Actor, Timestamp};

use domain::ids::PlayerId;
use domain::tournament::{
    decide, evolve, Command, Tournament, TournamentEvent, TournamentEventBody, TournamentState,
};

use super::commands::CommandError;
use super::folds::{Folds, LogFold};
use super::kind::{Judgement, LogKind, Projected};
use super::AppState;
use crate::mail::kind::{EntryInvitation, Mail, RoundPairing, RoundStandings};
use crate::store::{
    rfc3339, Chained, LogTable, OutboxRow, StoreError, TournamentLog, TournamentRow,
};

/// Tournaments' logs.
#[derive(Debug, Clone, Copy)]
pub struct Tournaments;

/// Who acts, and when.
#[derive(Debug, Clone, Copy)]
pub struct TournamentContext {
    pub now: Timestamp,
    pub actor: Actor,
}

impl TournamentContext {
    /// The context of a tournament command `account` sends now: who acts as
    /// [`super::actors::in_tournament`] decides.
    pub fn of(account: super::actors::Account<'_>) -> Result<TournamentContext, StoreError> {
        let (actor, _) = super::actors::in_tournament(account)?;
        Ok(TournamentContext {
            now: crate::store::now(),
            actor,
        })
    }
}

/// Runs `command` on tournament `id` for `account`, from an HTTP worker.
pub async fn command(
    state: std::sync::Arc<AppState>,
    account: super::actors::Account<'_>,
    id: &str,
    command: domain::tournament::Command,
) -> Result<super::Outcome<Tournaments>, CommandError> {
    let ctx = TournamentContext::of(account)?;
    super::commands::run_on::<Tournaments>(state, id, command, ctx, None).await
}

fn micros(t: Timestamp) -> i64 {
    i64::try_from(t.unix_timestamp_nanos() / 1_000).unwrap_or(i64::MAX)
}

impl LogFold for Tournaments {
    type State = TournamentState;
    type Event = TournamentEvent;

    fn table() -> &'static dyn LogTable {
        &TournamentLog
    }

    fn empty() -> TournamentState {
        TournamentState::NotCreated
    }

    fn evolve(state: TournamentState, event: &TournamentEvent) -> TournamentState {
        evolve(state, event)
    }

    fn corrupt(_: &TournamentState) -> Option<String> {
        None
    }
}

impl LogKind for Tournaments {
    type Command = Command;
    type Context = TournamentContext;
    type Answer = TournamentRow;

    fn folds(app: &AppState) -> &Folds<Tournaments> {
        &app.tournament_folds
    }

    fn version(state: &TournamentState) -> u64 {
        match state {
            TournamentState::NotCreated => 0,
            TournamentState::Created(t) => t.events,
        }
    }

    fn creates(command: &Command) -> bool {
        matches!(command, Command::Create(_) | Command::Import(_))
    }

    fn judge(
        before: &TournamentState,
        command: Command,
        ctx: &TournamentContext,
    ) -> Result<Judgement<TournamentEvent>, CommandError> {
        let events = decide(before, command, ctx.now, ctx.actor)
            .map_err(CommandError::TournamentRejected)?;
        Ok(Judgement {
            events,
            then_refuse: None,
        })
    }

    /// The tournament's pages hear it change.
    /// A cup in play is due: what the command made possible (a match whose players are now
    /// known) is caught up on at the scheduler's next tick.
    fn landed(app: &AppState, id: &str, folded: &super::folds::Folded<TournamentState>) {
        if let Ok(t) = domain::ids::TournamentId::parse(id) {
            app.live
                .tournament_landed(t, u64::try_from(folded.seq).unwrap_or_default());
        }
        if let TournamentState::Created(t) = &folded.state {
            if t.cup_in_play() {
                app.tournaments_due.add(id);
            }
        }
    }

    fn project(
        app: &AppState,
        id: &str,
        after: &TournamentState,
        chained: &Chained,
        events: &[TournamentEvent],
        ctx: &TournamentContext,
    ) -> Result<Projected<Tournaments>, StoreError> {
        let TournamentState::Created(t) = after else {
            return Err(StoreError::Corrupt(
                "decide produced events that do not fold".into(),
            ));
        };
        let t: &Tournament = t;
        let last_seq = chained.first_seq() + events.len() as i64 - 1;
        let row = TournamentRow::of(id, t, last_seq, micros(t.created_at), micros(ctx.now));
        let mut mail = Vec::new();
        for e in events {
            match &e.body {
                TournamentEventBody::RoundPublished { round, .. } => {
                    mail.extend(pairing_mail(id, t, *round, micros(e.at)));
                }
                TournamentEventBody::MatchGamesStarted { r#match, games, .. } => {
                    mail.extend(match_mail(id, t, *r#match, games, micros(e.at)));
                }
                // The round's last result: everyone's place now.
                TournamentEventBody::RoundClosed { round }
                    if t.complete_rounds() == usize::from(*round) =>
                {
                    mail.extend(standings_mail(id, t, *round, micros(e.at)));
                }
                TournamentEventBody::EntryInvited { player } => {
                    let invitation = Mail::TournamentInvitation(EntryInvitation {
                        name: t.setup.name.clone(),
                        place: t.setup.place.clone(),
                        start_date: t.setup.start_date.clone(),
                        tournament: id.to_owned(),
                    });
                    mail.push(invitation.row(None, player.to_string(), None, micros(e.at)));
                }
                _ => {}
            }
        }
        super::sender::settle_where_written(&app.store, &mut mail);
        Ok(Projected {
            row: Box::new(row.clone()),
            mail,
            answer: row,
        })
    }
}

/// Each player's pairing in a published round: their board, colour and opponent (or the
/// bye), the start and place, and their game online.
fn pairing_mail(id: &str, t: &Tournament, round: u16, now: i64) -> Vec<OutboxRow> {
    let Some(r) = t.rounds.get(usize::from(round).wrapping_sub(1)) else {
        return Vec::new();
    };
    let published = r.published.as_ref();
    let name = |p: PlayerId| t.player(p).map(|p| p.entrant.name.clone());
    let mut rows = Vec::new();
    let mut board = 0;
    for (pairing, _) in &r.boards {
        let seats = match pairing.black {
            Some(black) => {
                board += 1;
                vec![
                    (pairing.white, true, Some(black)),
                    (black, false, Some(pairing.white)),
                ]
            }
            None => vec![(pairing.white, true, None)],
        };
        for (player, white, opponent) in seats {
            let mail = Mail::TournamentPairing(RoundPairing {
                tournament: id.to_owned(),
                name: t.setup.name.clone(),
                round,
                board: opponent.map(|_| board),
                white,
                opponent: opponent.and_then(name),
                game: r.game_of(pairing.white).map(|g| g.to_string()),
                starts_at: published.and_then(|p| p.starts_at).map(rfc3339),
                place: t.setup.place.clone(),
                cup_match: false,
            });
            rows.push(mail.row(None, player.to_string(), None, now));
        }
    }
    rows
}

/// Both players' mail when a cup's match starts games: their opponent, their colour in the
/// first of them, and its link.
fn match_mail(
    id: &str,
    t: &Tournament,
    at: domain::tournament::MatchRef,
    games: &[domain::tournament::BoardGame],
    now: i64,
) -> Vec<OutboxRow> {
    let Some(players) = t.cup.as_ref().and_then(|c| c.players(at.id())) else {
        return Vec::new();
    };
    let Some(first) = games.first() else {
        return Vec::new();
    };
    let name = |p: PlayerId| t.player(p).map(|p| p.entrant.name.clone());
    [(players[0], players[1]), (players[1], players[0])]
        .into_iter()
        .map(|(player, opponent)| {
            let mail = Mail::TournamentPairing(RoundPairing {
                tournament: id.to_owned(),
                name: t.setup.name.clone(),
                round: at.round,
                board: Some(usize::from(at.number)),
                white: first.white == player,
                cup_match: true,
                opponent: name(opponent),
                // Over the board the ids name the boards: there is no game in zarf to open.
                game: matches!(t.setup.play, domain::tournament::Play::Online(_))
                    .then(|| first.game.to_string()),
                starts_at: None,
                place: t.setup.place.clone(),
            });
            mail.row(None, player.to_string(), None, now)
        })
        .collect()
}

/// Each player's place once round `round` is complete.
fn standings_mail(id: &str, t: &Tournament, round: u16, now: i64) -> Vec<OutboxRow> {
    let codes = t.tiebreak_codes();
    let table = t.standings(&codes);
    table
        .rows
        .iter()
        .filter_map(|row| {
            let p = t.players.get(usize::from(row.id).checked_sub(1)?)?;
            let points = row.values.first().copied().flatten()?.hundredths();
            let mail = Mail::TournamentStandings(RoundStandings {
                name: t.setup.name.clone(),
                players: t.players.len(),
                points: crate::i18n::points(points),
                rank: row.rank,
                round,
                tournament: id.to_owned(),
            });
            Some(mail.row(None, p.entrant.player.to_string(), None, now))
        })
        .collect()
}

/// Tournament `id`'s state now: this server's cached fold, brought up to date from the log
/// (blocking); who reads it is [`super::reads::tournament_access`].
pub fn current(
    state: &AppState,
    id: &str,
) -> Result<
    std::sync::Arc<super::folds::Folded<domain::tournament::TournamentState>>,
    crate::store::StoreError,
> {
    state.tournament_folds.current(&state.store, id)
}

/// The latest tournaments (newest first, at most 200) that `reader` may read.
pub fn latest_readable(
    app: &AppState,
    reader: Option<&crate::store::PlayerRow>,
    admin: bool,
) -> Result<Vec<TournamentRow>, CommandError> {
    use super::reads::{tournament_access, Access};
    let mut readable = Vec::new();
    for row in app.store.latest_tournaments(200)? {
        let may = match row.visibility.as_deref() {
            Some("public") => true,
            // Not for a reader who is not signed in, whoever takes part.
            Some(_) if reader.is_none() && !admin => false,
            _ => match &app.tournament_folds.current(&app.store, &row.id)?.state {
                TournamentState::Created(t) => {
                    tournament_access(t, reader, admin) == Access::Allowed
                }
                TournamentState::NotCreated => false,
            },
        };
        if may {
            readable.push(row);
        }
    }
    Ok(readable)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use domain::tournament::{Outcome, Rejection};

    use super::*;
    use crate::app::commands::{execute_on, just_on};
    use crate::store::tournaments::tests::{championship, id, pupil};
    use crate::store::{on_both_backends, verify_tournament, Store};

    #[test]
    fn a_tournament_runs_through_the_pipeline_games_use() {
        on_both_backends(on);
    }

    fn on(store: Store) {
        let app: Arc<AppState> = crate::app::kind::tests::app_state(store);
        let tid = uuid::Uuid::now_v7().to_string();
        let ctx = TournamentContext {
            now: crate::store::now(),
            actor: Actor::Arbiter(id(99)),
        };
        let run = |command: Command, expected: Option<u64>| {
            execute_on::<Tournaments>(&app, &tid, just_on::<Tournaments>(command), &ctx, expected)
        };
        let created = run(championship(3), None).unwrap();
        assert_eq!(created.answer.status, "registering");
        for n in 1..=4 {
            run(pupil(n), None).unwrap();
        }
        // A client that read an older version loses: nothing is written.
        let stale = run(Command::PairNextRound, Some(3));
        assert!(
            matches!(stale, Err(CommandError::VersionConflict)),
            "{:?}",
            stale.err()
        );
        let paired = run(Command::PairNextRound, Some(5)).unwrap();
        assert_eq!(
            (
                paired.answer.status.as_str(),
                paired.answer.rounds_paired,
                paired.answer.last_seq
            ),
            ("playing", 1, 6)
        );
        // The tournament's refusals come back as its own.
        let refused = run(Command::PairNextRound, None);
        assert!(
            matches!(
                refused,
                Err(CommandError::TournamentRejected(
                    Rejection::ResultsMissing {
                        round: 1,
                        missing: 2
                    }
                ))
            ),
            "{:?}",
            refused.err()
        );
        let elsewhere = execute_on::<Tournaments>(
            &app,
            "none",
            just_on::<Tournaments>(Command::RecordResult {
                round: 1,
                white: id(1),
                outcome: Outcome::Draw,
            }),
            &ctx,
            None,
        );
        assert!(matches!(elsewhere, Err(CommandError::NotFound)));
        assert_eq!(verify_tournament(&app.store, &tid).unwrap(), []);
    }
}
