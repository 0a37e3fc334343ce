//! A player entered in a tournament by the account that runs it, as the authority model allows
//! ([`super::authority::register_entrant`]): their name as their games record it, their school
//! and class, and their rating in the tournament's game unless one is given.

use std::sync::Arc;

use domain::tournament::{Command, Entrant, TournamentState};

use super::actors::{player_id, Account};
use super::authority::Denied;
use super::commands::CommandError;
use super::tournaments::Tournaments;
use super::{AppState, Outcome};

/// Why a player was not entered.
#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    /// No player has that id.
    #[error("no such player")]
    NoSuchPlayer,
    #[error("{0:?}")]
    Denied(Denied),
    #[error(transparent)]
    Command(#[from] CommandError),
}

/// Enters player `player` in tournament `id` for `account`, with `rating` or else their zarf
/// rating in the tournament's game. Runs on an HTTP worker.
pub async fn register(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
    player: &str,
    rating: Option<u16>,
) -> Result<Outcome<Tournaments>, EntryError> {
    let (s, key, tournament) = (state.clone(), player.to_owned(), id.to_owned());
    let (row, tour) = tokio::task::spawn_blocking(move || {
        let row = s.store.player(&key)?;
        let tour = s.tournament_folds.current(&s.store, &tournament)?;
        Ok::<_, CommandError>((row, tour))
    })
    .await
    .map_err(|e| CommandError::from(anyhow::anyhow!("a blocking task failed: {e}")))??;
    // Only those who run it enter anyone: nobody else learns who exists.
    let runs = match (&tour.state, account) {
        (TournamentState::NotCreated, _) => return Err(CommandError::NotFound.into()),
        (_, a) if a.is_admin() => true,
        (TournamentState::Created(t), Account::Player(me)) => {
            player_id(me).is_ok_and(|me| t.setup.run_by(me))
        }
        _ => false,
    };
    if !runs {
        return Err(EntryError::Command(CommandError::TournamentRejected(
            domain::tournament::Rejection::ArbiterOnly,
        )));
    }
    let row = row.ok_or(EntryError::NoSuchPlayer)?;
    let asked = match (&tour.state, player_id(&row)) {
        (TournamentState::Created(t), Ok(p)) => t.asked.contains(&p),
        _ => false,
    };
    super::authority::register_entrant(account, &row, asked).map_err(|d| match d {
        // Whom an organiser may not see is no player to them.
        Denied::Hidden => EntryError::NoSuchPlayer,
        d => EntryError::Denied(d),
    })?;
    let rating = match &tour.state {
        TournamentState::Created(t) => {
            let (s, t, who) = (state.clone(), t.clone(), row.id.clone());
            tokio::task::spawn_blocking(move || {
                super::profiles::entrant_rating(&s, &t, &who, rating)
            })
            .await
            .map_err(|e| CommandError::from(anyhow::anyhow!("a blocking task failed: {e}")))??
        }
        TournamentState::NotCreated => rating,
    };
    let entrant = Entrant {
        player: player_id(&row).map_err(CommandError::from)?,
        name: super::accounts::recorded_name(&row),
        rating,
        school: row.school.clone(),
        class: row.class_name.clone(),
        birth_year: None,
        pupil: row.created_by.is_some(),
    };
    Ok(super::tournaments::command(state, account, id, Command::Register(entrant)).await?)
}

/// `account` asks to enter tournament `id` (a player, for themselves), so that whoever runs it
/// may enter them; the admin token is no player.
pub async fn ask(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
) -> Result<Outcome<Tournaments>, EntryError> {
    let Account::Player(me) = account else {
        return Err(EntryError::Command(CommandError::Rejected(
            domain::game::Rejection::NotAPlayer,
        )));
    };
    let me = player_id(me).map_err(CommandError::from)?;
    let ctx = super::tournaments::TournamentContext {
        now: crate::store::now(),
        actor: domain::game::Actor::Player(me),
    };
    Ok(super::commands::run_on::<super::tournaments::Tournaments>(
        state,
        id,
        Command::AskToEnter { player: me },
        ctx,
        None,
    )
    .await?)
}
