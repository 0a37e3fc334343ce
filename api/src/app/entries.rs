//! Players entering a tournament, as the authority model allows: entered by the account that
//! runs it ([`super::authority::register_entrant`]), asking to enter, or invited by it
//! ([`super::authority::invite_entrant`]) and accepting. An entrant carries their name as their
//! games record it, their school and class, and their rating in the tournament's game unless
//! one is given.

use std::sync::Arc;

use domain::tournament::{Command, Entrant, Tournament, TournamentState};

use super::actors::{player_id, Account};
use super::authority::Denied;
use super::commands::CommandError;
use super::tournaments::{TournamentContext, Tournaments};
use super::{AppState, Outcome};
use crate::store::PlayerRow;

/// Why a player was not entered or invited.
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

fn blocking_failed(e: tokio::task::JoinError) -> CommandError {
    CommandError::from(anyhow::anyhow!("a blocking task failed: {e}"))
}

/// Player `player` (none if no one has that id) and tournament `id` as `account` acts on them:
/// refused unless the account runs the tournament (nobody else learns who exists).
async fn run_by(
    state: &Arc<AppState>,
    account: Account<'_>,
    id: &str,
    player: &str,
) -> Result<(Option<PlayerRow>, Box<Tournament>), EntryError> {
    let (s, key, tournament) = (state.clone(), player.to_owned(), id.to_owned());
    let (row, tour) = tokio::task::spawn_blocking(move || {
        let row = s.store.player(&key)?;
        let tour = s.tournament_folds.current(&s.store, &tournament)?;
        Ok::<_, CommandError>((row, tour))
    })
    .await
    .map_err(blocking_failed)??;
    let t = match &tour.state {
        TournamentState::NotCreated => return Err(CommandError::NotFound.into()),
        TournamentState::Created(t) => t.clone(),
    };
    let runs = account.is_admin()
        || matches!(account, Account::Player(me) if player_id(me).is_ok_and(|me| t.setup.run_by(me)));
    if !runs {
        return Err(EntryError::Command(CommandError::TournamentRejected(
            domain::tournament::Rejection::ArbiterOnly,
        )));
    }
    Ok((row, t))
}

/// Whom an organiser may not see is no player to them.
fn hidden_is_unknown(d: Denied) -> EntryError {
    match d {
        Denied::Hidden => EntryError::NoSuchPlayer,
        d => EntryError::Denied(d),
    }
}

/// `row` as an entrant of `t`, with `rating` or else their zarf rating in its game.
async fn entrant(
    state: &Arc<AppState>,
    t: &Tournament,
    row: &PlayerRow,
    rating: Option<u16>,
) -> Result<Entrant, CommandError> {
    let (s, t, who) = (state.clone(), t.clone(), row.id.clone());
    let rating =
        tokio::task::spawn_blocking(move || super::profiles::entrant_rating(&s, &t, &who, rating))
            .await
            .map_err(blocking_failed)??;
    Ok(Entrant {
        player: player_id(row)?,
        name: super::accounts::recorded_name(row),
        rating,
        school: row.school.clone(),
        class: row.class_name.clone(),
        birth_year: None,
        pupil: row.created_by.is_some(),
    })
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
    let (row, t) = run_by(&state, account, id, player).await?;
    let row = row.ok_or(EntryError::NoSuchPlayer)?;
    let asked = player_id(&row).is_ok_and(|p| t.asked.contains(&p));
    super::authority::register_entrant(account, &row, asked).map_err(hidden_is_unknown)?;
    let entrant = entrant(&state, &t, &row, rating).await?;
    Ok(super::tournaments::command(state, account, id, Command::Register(entrant)).await?)
}

/// Invites player `player` to enter tournament `id` for `account`, which runs it: the player is
/// mailed, and enters by accepting ([`ask`]) or declines ([`decline`]).
pub async fn invite(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
    player: &str,
) -> Result<Outcome<Tournaments>, EntryError> {
    let invite = |player| Command::Invite { player };
    on_invitation(state, account, id, player, invite).await
}

/// Runs `command` on player `player`'s invitation to tournament `id` for `account`, which runs
/// it and may see the player ([`super::authority::invite_entrant`]).
async fn on_invitation(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
    player: &str,
    command: impl FnOnce(domain::ids::PlayerId) -> Command,
) -> Result<Outcome<Tournaments>, EntryError> {
    let (row, _) = run_by(&state, account, id, player).await?;
    let row = row.ok_or(EntryError::NoSuchPlayer)?;
    super::authority::invite_entrant(account, &row).map_err(hidden_is_unknown)?;
    let player = player_id(&row).map_err(CommandError::from)?;
    Ok(super::tournaments::command(state, account, id, command(player)).await?)
}

/// Withdraws the invitation of player `player` to tournament `id` for `account`, which runs
/// it: they may no longer read it (unless it is public) nor accept.
pub async fn withdraw(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
    player: &str,
) -> Result<Outcome<Tournaments>, EntryError> {
    let withdraw = |player| Command::WithdrawInvitation { player };
    on_invitation(state, account, id, player, withdraw).await
}

/// The player `account` is, acting for themselves on tournament `id`: the admin token is no
/// player.
fn as_player(account: Account<'_>) -> Result<(&PlayerRow, TournamentContext), EntryError> {
    let Account::Player(me) = account else {
        return Err(EntryError::Command(CommandError::Rejected(
            domain::game::Rejection::NotAPlayer,
        )));
    };
    let ctx = TournamentContext {
        now: crate::store::now(),
        actor: domain::game::Actor::Player(player_id(me).map_err(CommandError::from)?),
    };
    Ok((me, ctx))
}

/// `account` asks to enter tournament `id` (a player, for themselves), so that whoever runs it
/// may enter them; a player it invited enters at once, accepting the invitation.
pub async fn ask(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
) -> Result<Outcome<Tournaments>, EntryError> {
    let (me, ctx) = as_player(account)?;
    let who = player_id(me).map_err(CommandError::from)?;
    let (s, key) = (state.clone(), id.to_owned());
    let tour = tokio::task::spawn_blocking(move || s.tournament_folds.current(&s.store, &key))
        .await
        .map_err(blocking_failed)?
        .map_err(CommandError::from)?;
    let command = match &tour.state {
        TournamentState::Created(t) if t.invited.contains(&who) => {
            Command::AcceptInvitation(entrant(&state, t, me, None).await?)
        }
        _ => Command::AskToEnter { player: who },
    };
    Ok(super::commands::run_on::<Tournaments>(state, id, command, ctx, None).await?)
}

/// `account` declines the invitation to enter tournament `id`.
pub async fn decline(
    state: Arc<AppState>,
    account: Account<'_>,
    id: &str,
) -> Result<Outcome<Tournaments>, EntryError> {
    let (me, ctx) = as_player(account)?;
    let player = player_id(me).map_err(CommandError::from)?;
    let command = Command::DeclineInvitation { player };
    Ok(super::commands::run_on::<Tournaments>(state, id, command, ctx, None).await?)
}
