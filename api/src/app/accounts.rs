//! Accounts: the names and addresses they are made from, a new account's defaults, and the
//! operator's accounts (an organiser or admin made or promoted from the command line, handed a
//! one-time sign-in link).

use domain::game::{Locale, Visibility};
use domain::games::Notation;

use super::tokens::{new_token, token_hash};
use crate::store::{self, micros, PlayerRow, Role, Store, StoreError};

/// An e-mail address as typed: trimmed, one `@` with text on both sides, a dot in the domain,
/// no spaces or control characters, at most 254 characters. Stored in lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Option<Email> {
        let t = text.trim();
        if t.len() > 254 || t.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return None;
        }
        let (local, domain) = t.split_once('@')?;
        let ok = !local.is_empty()
            && local.len() <= 64
            && !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..");
        ok.then(|| Email(t.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part before the `@`: a name for an account made from an address alone.
    pub fn local_part(&self) -> &str {
        self.0.split('@').next().unwrap_or(&self.0)
    }
}

pub const MAX_NAME_CHARS: usize = 100;

/// A player's name as typed: trimmed, 1 to 100 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerName(String);

impl PlayerName {
    pub fn parse(text: &str) -> Option<PlayerName> {
        let name = text.trim();
        let ok = !name.is_empty()
            && name.chars().count() <= MAX_NAME_CHARS
            && !name.chars().any(char::is_control);
        ok.then(|| PlayerName(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// What a new account is made of; the rest takes the defaults of [`NewAccount::row`].
pub struct NewAccount {
    pub name: PlayerName,
    pub email: Option<Email>,
    pub locale: Locale,
    pub notation: Option<Notation>,
    pub roles: Vec<Role>,
    /// The organiser who made the account (none: the admin, or the player themselves).
    pub created_by: Option<String>,
    pub school: Option<String>,
    pub class_name: Option<String>,
}

impl NewAccount {
    /// The account's row, with a fresh id: Turkish players write Turkish letters and live on
    /// Turkey's time by default, others on UTC; mail comes with every event, digests at 18:00;
    /// a pupil takes challenges from their school, anyone else from anyone.
    pub fn row(self) -> PlayerRow {
        let tr = self.locale == Locale::Tr;
        PlayerRow {
            id: uuid::Uuid::now_v7().to_string(),
            name: self.name.into_string(),
            email: self.email.map(|e| e.0),
            notation: self
                .notation
                .or_else(|| tr.then(|| Notation::parse("san-tr")).flatten())
                .map(|n| n.as_str().to_owned()),
            locale: self.locale.as_str().to_owned(),
            roles: Role::column(&self.roles),
            created_at: micros(store::now()),
            mail_mode: "every_event".into(),
            digest_hour: 18,
            utc_offset_minutes: if tr { 180 } else { 0 },
            time_zone: tr.then(|| "Europe/Istanbul".to_owned()),
            last_digest_at: None,
            school: self.school,
            challenges_from: if self.created_by.is_some() {
                "school"
            } else {
                "anyone"
            }
            .into(),
            class_name: self.class_name,
            created_by: self.created_by,
            max_games: None,
            email_confirmed: true,
            without_sight: false,
        }
    }
}

/// A name as a pupil goes by outside their school: the first name and the initial of the
/// last, `Ayşe Y.` (Turkish capitals: `İ` for `i`); a single name as it is.
pub fn short_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match (words.first(), words.last()) {
        (Some(first), Some(last)) if words.len() > 1 => {
            let initial: String = match last.chars().next() {
                Some('i') => "İ".into(),
                Some('ı') => "I".into(),
                Some(c) => c.to_uppercase().collect(),
                None => String::new(),
            };
            format!("{first} {initial}.")
        }
        _ => words.join(" "),
    }
}

/// The name a player's games and tournaments record: a pupil's short name (their full name
/// stays with their school), anyone else's in full.
pub fn recorded_name(player: &PlayerRow) -> String {
    if player.created_by.is_some() {
        short_name(&player.name)
    } else {
        player.name.clone()
    }
}

/// `player`'s name as `reader` (none: not signed in) may read it: in full where they may see
/// the account ([`super::authority::sees_player`]), else as recorded.
pub fn name_for(reader: Option<&PlayerRow>, admin: bool, player: &PlayerRow) -> String {
    if super::authority::sees_player(reader, admin, player) {
        player.name.clone()
    } else {
        recorded_name(player)
    }
}

/// Who may read a game between these players unless its maker says: where a pupil plays,
/// their school's default (its organiser's choice; only the game's participants unless
/// chosen), the narrower of two schools'; anyone otherwise.
pub fn default_visibility(
    store: &crate::store::Store,
    white: &PlayerRow,
    black: &PlayerRow,
) -> Result<Visibility, crate::store::StoreError> {
    let mut visibility = Visibility::Public;
    for organiser in [white, black]
        .iter()
        .filter_map(|p| p.created_by.as_deref())
    {
        visibility = visibility.narrower(school_visibility(store, organiser)?);
    }
    Ok(visibility)
}

/// The default visibility of the games and tournaments of `organiser`'s pupils: as they
/// set it, else only the participants.
pub fn school_visibility(
    store: &crate::store::Store,
    organiser: &str,
) -> Result<Visibility, crate::store::StoreError> {
    Ok(store
        .school_visibility(organiser)?
        .as_deref()
        .and_then(Visibility::parse)
        .unwrap_or(Visibility::Participants))
}

/// How long the operator's sign-in link is valid: they may paste it into a mail to the person
/// it is for.
pub const OPERATOR_LINK_HOURS: i64 = 24;

/// A single-use sign-in link for a player, valid for `valid` from now.
pub fn sign_in_link(
    store: &Store,
    public_url: &str,
    player_id: &str,
    valid: time::Duration,
) -> Result<String, StoreError> {
    let token = new_token();
    store.insert_login_link(&token_hash(&token), player_id, micros(store::now() + valid))?;
    Ok(format!("{public_url}/login/{token}"))
}

/// The account with this address given `role` (made, named `name` or after the address, if
/// there is none), and a one-time sign-in link for it.
pub fn grant_by_address(
    store: &Store,
    public_url: &str,
    email: &Email,
    name: Option<PlayerName>,
    role: Role,
) -> anyhow::Result<(PlayerRow, String)> {
    let player = match store.player_by_email(email.as_str())? {
        Some(p) => {
            let roles = p.roles_with(role, true);
            store.set_roles(&p.id, &roles)?;
            PlayerRow { roles, ..p }
        }
        None => {
            let name = match name {
                Some(n) => n,
                None => PlayerName::parse(email.local_part())
                    .ok_or_else(|| anyhow::anyhow!("give the account a --name"))?,
            };
            let row = NewAccount {
                name,
                email: Some(email.clone()),
                locale: Locale::default(),
                notation: None,
                roles: vec![Role::Player, role],
                created_by: None,
                school: None,
                class_name: None,
            }
            .row();
            store.create_player(&row, None)?;
            row
        }
    };
    let link = sign_in_link(
        store,
        public_url,
        &player.id,
        time::Duration::hours(OPERATOR_LINK_HOURS),
    )?;
    Ok((player, link))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_parse() {
        assert_eq!(
            Email::parse(" Ayse@Okul.edu.tr ").unwrap().as_str(),
            "ayse@okul.edu.tr"
        );
        for bad in [
            "", "a", "a@b", "@b.tr", "a@.tr", "a@b.", "a b@c.tr", "a@@b.tr", "a@b..tr",
        ] {
            assert_eq!(Email::parse(bad), None, "{bad}");
        }
        assert_eq!(Email::parse(&format!("{}@b.tr", "a".repeat(65))), None);
        assert_eq!(Email::parse("Ada.L@x.org").unwrap().local_part(), "ada.l");
    }

    #[test]
    fn short_name_is_first_name_and_initial() {
        assert_eq!(short_name("Ayşe Yılmaz"), "Ayşe Y.");
        assert_eq!(short_name("  Mehmet Ali   Öz "), "Mehmet Ö.");
        assert_eq!(short_name("ece ışık"), "ece I.");
        assert_eq!(short_name("Can inan"), "Can İ.");
        assert_eq!(short_name("Zeynep"), "Zeynep");
        assert_eq!(short_name(""), "");
    }

    #[test]
    fn player_name_parse() {
        assert_eq!(
            PlayerName::parse("  Ayşe Yılmaz ").unwrap().as_str(),
            "Ayşe Yılmaz"
        );
        assert_eq!(
            PlayerName::parse(&"ş".repeat(100))
                .unwrap()
                .as_str()
                .chars()
                .count(),
            100
        );
        for bad in ["", "   ", "a\nb", &"ş".repeat(101)] {
            assert_eq!(PlayerName::parse(bad), None, "{bad:?}");
        }
    }
}

/// How long an invitation link may be used.
pub const INVITATION_DAYS: i64 = 14;

/// Why a sign-up is refused.
#[derive(Debug, thiserror::Error)]
pub enum SignUpError {
    #[error("this server does not take sign-ups; an organiser makes accounts")]
    Closed,
    #[error("sign-up here needs a valid invitation link")]
    NoInvitation,
    #[error("not an e-mail address")]
    Email,
    #[error("a name is 1 to {MAX_NAME_CHARS} characters on one line")]
    Name,
    /// Too many sign-ups for this address or from this client lately.
    #[error("too many sign-ups; try again later")]
    RateLimited,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why no invitation link was made.
#[derive(Debug, thiserror::Error)]
pub enum InviteError {
    /// The admin token is configuration, not a player who invites.
    #[error("an invitation is a player's")]
    NotAPlayer,
    /// A player whose own address is not confirmed yet invites no one.
    #[error("confirm your e-mail address first: follow the sign-in link mailed to it")]
    Unconfirmed,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A new invitation link made by `account`, for others to sign up with where sign-up is by
/// invitation, and when it expires: a player's whose own address is confirmed.
pub fn invite(
    state: &super::AppState,
    account: super::actors::Account<'_>,
) -> Result<(String, time::OffsetDateTime), InviteError> {
    let by = match account {
        super::actors::Account::Player(p) if p.email_confirmed => p,
        super::actors::Account::Player(_) => return Err(InviteError::Unconfirmed),
        super::actors::Account::Admin => return Err(InviteError::NotAPlayer),
    };
    let token = new_token();
    let now = store::now();
    let expires = now + time::Duration::days(INVITATION_DAYS);
    state
        .store
        .create_invitation(&token_hash(&token), &by.id, micros(now), micros(expires))?;
    Ok((
        format!("{}/signup?invite={token}", state.public_url),
        expires,
    ))
}

/// A sign-up as the server's mode allows: the account is made (unconfirmed: it plays no game
/// until its player follows the sign-in link mailed to the address), or, for an address that
/// has an account already, a sign-in link is mailed to it instead; either way the answer is the
/// same, so a sign-up does not tell whose address is known. Sign-ups for one address, and from
/// one client (`client`, its address's key), are limited as sign-in links are.
pub fn sign_up(
    state: &super::AppState,
    client: &str,
    email: &str,
    name: &str,
    locale: Locale,
    invitation: Option<&str>,
) -> Result<(), SignUpError> {
    use crate::config::Signup;
    let address = Email::parse(email)
        .map(|e| e.as_str().to_owned())
        .unwrap_or_default();
    // As for sign-in links: a client asking too often, for any address or again for this one,
    // is refused; a stranger elsewhere signing up with this address counts apart, so cannot
    // lock its owner out.
    if !state
        .login_limits
        .allow(&format!("signup:{address} from {client}"), client)
    {
        return Err(SignUpError::RateLimited);
    }
    let invitation = invitation.filter(|i| !i.is_empty());
    let now = store::now();
    match state.signup {
        Signup::Closed => return Err(SignUpError::Closed),
        Signup::Invite => {
            let valid = match invitation {
                Some(token) => state
                    .store
                    .invitation(&token_hash(token), micros(now))?
                    .is_some(),
                None => false,
            };
            if !valid {
                return Err(SignUpError::NoInvitation);
            }
        }
        Signup::Open => {}
    }
    let email = Email::parse(email).ok_or(SignUpError::Email)?;
    let name = PlayerName::parse(name).ok_or(SignUpError::Name)?;
    let player = match state.store.player_by_email(email.as_str())? {
        Some(p) => p.id,
        None => {
            let mut row = NewAccount {
                name,
                email: Some(email),
                locale,
                notation: None,
                roles: vec![Role::Player],
                created_by: None,
                school: None,
                class_name: None,
            }
            .row();
            row.email_confirmed = false;
            match state.store.create_player(&row, None) {
                Ok(()) => row.id,
                // Signed up twice at once: the other request made it.
                Err(StoreError::Duplicate) => return Ok(()),
                Err(e) => return Err(e.into()),
            }
        }
    };
    // Asked for from many places, an address gets no more mail past its cap this hour, and the
    // answer is as ever: nobody can flood an inbox, nor learn the cap was reached.
    if state.sign_in_mail_cap.allow_key(&address) {
        state.store.enqueue(&crate::mail::kind::Mail::SignIn.row(
            None,
            player,
            None,
            micros(now),
        ))?;
    }
    Ok(())
}

/// Why a player's way of playing cannot be set.
#[derive(Debug, thiserror::Error)]
pub enum PlaySettingError {
    #[error("no such player")]
    NotFound,
    #[error("denied")]
    Denied(super::authority::Denied),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

/// Sets whether player `id` plays without sight, for `account` (their organiser or the admin:
/// [`super::authority::set_pupil_play`]); the player as it now stands.
pub fn set_without_sight(
    state: &super::AppState,
    account: super::actors::Account<'_>,
    id: &str,
    on: bool,
) -> Result<PlayerRow, PlaySettingError> {
    let mut pupil = state.store.player(id)?.ok_or(PlaySettingError::NotFound)?;
    super::authority::set_pupil_play(account, &pupil).map_err(PlaySettingError::Denied)?;
    if !state.store.set_without_sight(id, on)? {
        return Err(PlaySettingError::NotFound);
    }
    pupil.without_sight = on;
    Ok(pupil)
}
