//! A tournament played elsewhere, continued here from its report file (TRF-16 or TRF-2026):
//! each of its players gets an account (no address: a sign-in code gives them access), its
//! rounds, byes and results are recorded as played, and the organiser who imports it runs it.

use std::sync::Arc;

use domain::game::Locale;
use domain::ids::PlayerId;
use domain::tournament::{Command, System, TournamentCreated};

use super::actors::Account;
use super::commands::CommandError;
use super::new_accounts::{self, AccountError, AccountRequest};
use super::tournaments::Tournaments;
use super::{AppState, Outcome};
use crate::store::Role;

/// The most players a report file may bring.
pub const MAX_PLAYERS: usize = 5_000;

/// Why a report file is not imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Only organisers and the admin import tournaments.
    #[error("only organisers import tournaments")]
    NotAnOrganiser,
    /// The file cannot be read, or its rounds do not agree.
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Account(AccountError),
    #[error(transparent)]
    Command(#[from] CommandError),
}

/// May `account` import a tournament: the admin or an organiser.
pub fn may_import(account: Account<'_>) -> Result<(), ImportError> {
    match account {
        _ if account.is_admin() => Ok(()),
        Account::Player(p) if p.has_role(Role::Organiser) => Ok(()),
        _ => Err(ImportError::NotAnOrganiser),
    }
}

/// Imports report file `text` for `account`, its players' accounts in `locale`: the new
/// tournament's id and the outcome of recording it.
pub async fn import(
    state: Arc<AppState>,
    account: Account<'_>,
    locale: Locale,
    text: &str,
) -> Result<(String, Outcome<Tournaments>), ImportError> {
    may_import(account)?;
    let file = pairing::Tournament::parse(text).map_err(|e| ImportError::Invalid(e.to_string()))?;
    if file.players.len() > MAX_PLAYERS {
        return Err(ImportError::Invalid("at most 5,000 players".into()));
    }
    // Each of the file's players, in the order of their numbers, gets an account.
    let mut players: Vec<&pairing::trf::Player> = file.players.iter().collect();
    players.sort_by_key(|p| p.id);
    let accounts = players
        .iter()
        .map(|p| {
            let name = match p.name.trim() {
                "" => p.id.to_string(),
                name => name.to_owned(),
            };
            let asked = AccountRequest {
                name,
                locale: Some(locale),
                ..AccountRequest::default()
            };
            new_accounts::new_account(account, asked)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(ImportError::Account)?;
    let ids = accounts
        .iter()
        .map(|(row, _)| PlayerId::parse(&row.id))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| ImportError::Invalid("a new player's id is bad".into()))?;
    // Its arbiter: the organiser importing it (the admin runs any tournament as it is).
    let (_, me) = super::actors::in_tournament(account).map_err(CommandError::from)?;
    let setup = TournamentCreated::new("", System::Swiss, 1, me.into_iter().collect());
    let mut imported = domain::tournament::import(&file, &ids, setup)
        .map_err(|e| ImportError::Invalid(e.to_string()))?;
    if imported.setup.name.is_empty() {
        imported.setup.name = "TRF".to_owned();
    }
    imported.setup.name = imported.setup.name.chars().take(100).collect();
    let s = state.clone();
    tokio::task::spawn_blocking(move || new_accounts::store_accounts(&s, &accounts))
        .await
        .map_err(|e| CommandError::Internal(e.into()))?
        .map_err(ImportError::Account)?;
    let id = uuid::Uuid::now_v7().to_string();
    let outcome =
        super::tournaments::command(state, account, &id, Command::Import(Box::new(imported)))
            .await?;
    Ok((id, outcome))
}
