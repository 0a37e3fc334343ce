//! Accounts made by the admin or an organiser (one at a time, a class at once, or from a
//! tournament file), and a player's own settings. The admin is handed the new account's bearer
//! token, shown once; an organiser's pupils sign in with mailed links or printed codes.

use domain::game::Locale;
use domain::games::Notation;

use super::accounts::{Email, NewAccount, PlayerName};
use super::actors::Account;
use super::authority::{self, Denied};
use super::tokens::{handed_to_creator, new_token, token_hash};
use super::AppState;
use crate::store::{MailSettings, PlayerRow, Role, StoreError};

/// The longest school or class name.
pub const MAX_GROUP_CHARS: usize = 100;

/// An account asked for, as typed.
#[derive(Debug, Clone, Default)]
pub struct AccountRequest {
    pub name: String,
    pub email: Option<String>,
    pub locale: Option<Locale>,
    pub notation: Option<Notation>,
    /// Roles beyond `player`.
    pub roles: Vec<Role>,
    pub school: Option<String>,
    pub class_name: Option<String>,
}

/// Why an account is not made, or a setting not changed.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("denied")]
    Denied(Denied),
    #[error(
        "name must be 1 to {} characters without control characters",
        super::accounts::MAX_NAME_CHARS
    )]
    Name,
    #[error("not an e-mail address: {0:?}")]
    Email(String),
    /// The field (`school` or `class`) whose name is too long or not one line.
    #[error("{0} must be at most 100 characters on one line")]
    Group(&'static str),
    #[error("a player with that e-mail address exists")]
    EmailTaken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A school's or a class's name as typed: trimmed, one line, 1 to 100 characters (as sent);
/// none given is none.
pub fn group_name(text: Option<&str>, field: &'static str) -> Result<Option<String>, AccountError> {
    let Some(raw) = text else {
        return Ok(None);
    };
    let t = raw.trim();
    if t.is_empty() || raw.chars().count() > MAX_GROUP_CHARS || t.chars().any(char::is_control) {
        return Err(AccountError::Group(field));
    }
    Ok(Some(t.to_owned()))
}

/// A new account's row as `creator` asks ([`authority::make_account`]), and its bearer token
/// where the creator is handed one (the admin). Nothing is stored: see [`store_accounts`].
pub fn new_account(
    creator: Account<'_>,
    asked: AccountRequest,
) -> Result<(PlayerRow, Option<String>), AccountError> {
    authority::make_account(creator, &asked.roles).map_err(AccountError::Denied)?;
    let name = PlayerName::parse(&asked.name).ok_or(AccountError::Name)?;
    let email = asked
        .email
        .as_deref()
        .map(|e| Email::parse(e).ok_or_else(|| AccountError::Email(e.to_owned())))
        .transpose()?;
    let mut roles = vec![Role::Player];
    roles.extend(asked.roles.iter().filter(|r| **r != Role::Player));
    let row = NewAccount {
        name,
        email,
        locale: asked.locale.unwrap_or_default(),
        notation: asked.notation,
        roles,
        // An organiser's pupil; an account the admin makes is nobody's.
        created_by: match creator {
            Account::Player(p) if p.has_role(Role::Organiser) => Some(p.id.clone()),
            _ => None,
        },
        school: group_name(asked.school.as_deref(), "school")?,
        class_name: group_name(asked.class_name.as_deref(), "class")?,
    }
    .row();
    let token = handed_to_creator(creator).then(new_token);
    Ok((row, token))
}

/// Stores new accounts, each with its bearer token if it has one, in one transaction
/// (blocking): [`AccountError::EmailTaken`], and none stored, if an address is taken.
pub fn store_accounts(
    state: &AppState,
    accounts: &[(PlayerRow, Option<String>)],
) -> Result<(), AccountError> {
    let hashes: Vec<Option<String>> = accounts
        .iter()
        .map(|(_, t)| t.as_deref().map(token_hash))
        .collect();
    let rows: Vec<(&PlayerRow, Option<&str>)> = accounts
        .iter()
        .zip(&hashes)
        .map(|((p, _), h)| (p, h.as_deref()))
        .collect();
    match state.store.create_players(&rows) {
        Ok(()) => Ok(()),
        Err(StoreError::Duplicate) => Err(AccountError::EmailTaken),
        Err(e) => Err(e.into()),
    }
}

/// A change to a player's own settings: what is given changes, the rest stays.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub name: Option<String>,
    pub locale: Option<Locale>,
    /// `Some(None)`: moves in the page's language.
    pub notation: Option<Option<Notation>>,
    pub without_sight: Option<bool>,
}

/// Changes `player`'s own name, language, notation and way of playing and, if given, their
/// mail settings (checked by [`super::mail_settings::MailChoice`]), in one write (blocking): the
/// player as they now stand.
pub fn change_settings(
    state: &AppState,
    player: &PlayerRow,
    change: Settings,
    mail: Option<&MailSettings>,
) -> Result<PlayerRow, AccountError> {
    let name = match &change.name {
        Some(name) => PlayerName::parse(name)
            .ok_or(AccountError::Name)?
            .into_string(),
        None => player.name.clone(),
    };
    let locale = change
        .locale
        .map_or_else(|| player.locale.clone(), |l| l.as_str().to_owned());
    let notation = match change.notation {
        Some(n) => n.map(|n| n.as_str().to_owned()),
        None => player.notation.clone(),
    };
    let without_sight = change.without_sight.unwrap_or(player.without_sight);
    state.store.set_profile(
        &player.id,
        &name,
        &locale,
        notation.as_deref(),
        without_sight,
        mail,
    )?;
    let mut now = player.clone();
    now.name = name;
    now.locale = locale;
    now.notation = notation;
    now.without_sight = without_sight;
    if let Some(mail) = mail {
        now.mail_mode.clone_from(&mail.mode);
        now.digest_hour = mail.digest_hour;
        now.utc_offset_minutes = mail.utc_offset_minutes;
        now.time_zone.clone_from(&mail.time_zone);
    }
    Ok(now)
}

/// The accounts the admin finds by name or address (all, without `search`), at most `limit`
/// (blocking).
pub fn accounts(
    state: &AppState,
    account: Account<'_>,
    search: Option<&str>,
    limit: i64,
) -> Result<Vec<PlayerRow>, AccountError> {
    authority::manage_roles(account).map_err(AccountError::Denied)?;
    Ok(state.store.accounts(search, limit)?)
}

/// Makes player `id` an organiser, or no longer one, as `account` asks (the admin, for anyone
/// but themselves: [`authority::manage_roles`]): their players, games and tournaments stay
/// theirs, and they manage them again if made an organiser again (blocking). `false`: no such
/// player.
pub fn set_organiser(
    state: &AppState,
    account: Account<'_>,
    id: &str,
    grant: bool,
) -> Result<bool, AccountError> {
    authority::manage_roles(account).map_err(AccountError::Denied)?;
    if matches!(account, Account::Player(me) if me.id == id) {
        return Err(AccountError::Denied(Denied::Forbidden("denied-own-roles")));
    }
    let Some(p) = state.store.player(id)? else {
        return Ok(false);
    };
    state
        .store
        .set_roles(&p.id, &p.roles_with(Role::Organiser, grant))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(roles: Vec<Role>) -> PlayerRow {
        NewAccount {
            name: PlayerName::parse("Zeynep Hoca").unwrap(),
            email: None,
            locale: Locale::Tr,
            notation: None,
            roles,
            created_by: None,
            school: Some("Atatürk Lisesi".into()),
            class_name: None,
        }
        .row()
    }

    fn asked(name: &str) -> AccountRequest {
        AccountRequest {
            name: name.into(),
            school: Some(" Atatürk Lisesi ".into()),
            ..AccountRequest::default()
        }
    }

    #[test]
    fn an_organiser_makes_a_pupil_of_their_own_and_is_handed_no_token() {
        let teacher = account(vec![Role::Player, Role::Organiser]);
        let (pupil, token) = new_account(Account::Player(&teacher), asked("Ali Veli")).unwrap();
        assert_eq!(pupil.created_by.as_deref(), Some(teacher.id.as_str()));
        assert_eq!(pupil.school.as_deref(), Some("Atatürk Lisesi"));
        assert_eq!(pupil.roles().collect::<Vec<_>>(), vec![Role::Player]);
        assert_eq!(token, None);
    }

    #[test]
    fn the_admin_makes_anyone_with_any_role_and_is_handed_the_token() {
        let mut request = asked("Ayşe");
        request.roles = vec![Role::Organiser];
        let (row, token) = new_account(Account::Admin, request).unwrap();
        assert_eq!(row.created_by, None);
        assert!(row.has_role(Role::Organiser) && row.has_role(Role::Player));
        assert_eq!(token.map(|t| t.len()), Some(64));
    }

    #[test]
    fn a_player_makes_no_account_and_an_organiser_grants_no_role() {
        let player = account(vec![Role::Player]);
        assert!(matches!(
            new_account(Account::Player(&player), asked("Ali")),
            Err(AccountError::Denied(Denied::Forbidden(
                "denied-make-account"
            )))
        ));
        let teacher = account(vec![Role::Player, Role::Organiser]);
        for role in [Role::Organiser, Role::Admin] {
            let mut request = asked("Ali");
            request.roles = vec![role];
            assert!(matches!(
                new_account(Account::Player(&teacher), request),
                Err(AccountError::Denied(Denied::Forbidden("denied-grant-role")))
            ));
        }
    }

    #[test]
    fn a_bad_name_address_or_group_makes_nothing() {
        assert!(matches!(
            new_account(Account::Admin, asked(" ")),
            Err(AccountError::Name)
        ));
        let mut request = asked("Ali");
        request.email = Some("ali@".into());
        assert!(
            matches!(new_account(Account::Admin, request), Err(AccountError::Email(e)) if e == "ali@")
        );
        let mut request = asked("Ali");
        request.class_name = Some("9-A\n9-B".into());
        assert!(matches!(
            new_account(Account::Admin, request),
            Err(AccountError::Group("class"))
        ));
        assert_eq!(
            group_name(Some(&"ş".repeat(100)), "school")
                .unwrap()
                .map(|s| s.chars().count()),
            Some(100)
        );
        assert!(group_name(Some(&"ş".repeat(101)), "school").is_err());
        assert!(group_name(Some("  "), "school").is_err());
        assert_eq!(group_name(None, "school").unwrap(), None);
    }
}
