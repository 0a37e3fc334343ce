//! The application's refusals as every door answers them: the contract's status and code, and
//! the message in the reader's language.

use actix_web::http::StatusCode;
use domain::game::{Locale, Rejection};

use crate::app::accounts::{InviteError, PlaySettingError, SignUpError, MAX_NAME_CHARS};
use crate::app::authority::MayNotCreate;
use crate::app::challenges::{self, ChallengeError};
use crate::app::creation::CreateError;
use crate::app::erasure::AnonymiseError;
use crate::app::new_accounts::AccountError;
use crate::http::error::ApiError;
use crate::i18n::Texts;

/// A challenge's refusal as the contract answers it.
pub fn challenge_refused(e: ChallengeError, locale: Locale) -> ApiError {
    let t = Texts::of(locale);
    let said = |status, code, key: &'static str, args: &[(&'static str, String)]| {
        ApiError::new(status, code, t.get(key, args)).with_text(key, args)
    };
    match e {
        ChallengeError::NotFound => ApiError::not_found(locale),
        ChallengeError::NotAPlayer => said(
            StatusCode::FORBIDDEN,
            "not_a_player",
            "error-challenge-not-a-player",
            &[],
        ),
        ChallengeError::Unconfirmed => said(
            StatusCode::FORBIDDEN,
            "unconfirmed",
            "error-challenge-unconfirmed",
            &[],
        ),
        ChallengeError::Yourself => said(
            StatusCode::UNPROCESSABLE_ENTITY,
            "own_challenge",
            "error-challenge-yourself",
            &[],
        ),
        ChallengeError::NotTaken => said(
            StatusCode::FORBIDDEN,
            "challenges_refused",
            "error-challenge-not-taken",
            &[],
        ),
        ChallengeError::TooManyGames(name) => said(
            StatusCode::CONFLICT,
            "too_many_games",
            "error-challenge-too-many-games",
            &[("name", name)],
        ),
        ChallengeError::TooManyOpen => said(
            StatusCode::CONFLICT,
            "too_many_challenges",
            "error-challenge-too-many-open",
            &[("max", challenges::MAX_OPEN.to_string())],
        ),
        ChallengeError::NotYours => said(
            StatusCode::FORBIDDEN,
            "forbidden",
            "error-challenge-not-yours",
            &[],
        ),
        ChallengeError::Closed(status) => said(
            StatusCode::CONFLICT,
            "challenge_closed",
            "error-challenge-closed",
            &[("status", status)],
        ),
        ChallengeError::Message => said(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "error-challenge-message",
            &[("max", challenges::MAX_MESSAGE_CHARS.to_string())],
        ),
        ChallengeError::Days => said(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "error-challenge-days",
            &[("max", challenges::MAX_DAYS.to_string())],
        ),
        ChallengeError::Preferences => said(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "error-challenge-preferences",
            &[("max", challenges::MAX_GAMES.to_string())],
        ),
        ChallengeError::Terms(r) => ApiError::rejection(&r, locale),
        ChallengeError::Command(e) => ApiError::command(e, locale),
        ChallengeError::Store(e) => e.into(),
    }
}

/// The answer to an account refused or a setting not changed.
pub fn account_refused(e: AccountError, locale: Locale) -> ApiError {
    match e {
        AccountError::Denied(denied) => ApiError::denied(denied, locale),
        AccountError::Name => ApiError::bad_request(e.to_string())
            .with_text("error-name", &[("max", MAX_NAME_CHARS.to_string())]),
        AccountError::Email(ref typed) => {
            let typed = typed.clone();
            ApiError::bad_request(e.to_string()).with_text("error-email", &[("email", typed)])
        }
        AccountError::Group(_) => {
            ApiError::bad_request(e.to_string()).with_text("error-group", &[])
        }
        AccountError::EmailTaken => {
            ApiError::new(StatusCode::CONFLICT, "email_taken", e.to_string())
                .with_text("error-email-taken", &[])
        }
        AccountError::Store(e) => e.into(),
    }
}

/// The answer to a refused anonymisation.
pub fn anonymise_refused(e: AnonymiseError, locale: Locale) -> ApiError {
    use AnonymiseError as E;
    let conflict = StatusCode::CONFLICT;
    match e {
        E::NotFound => ApiError::not_found(locale),
        E::Already => ApiError::new(conflict, "already_anonymised", "the pupil is anonymised already"),
        E::StillPlaying { games, tournaments } => ApiError::new(
            conflict,
            "still_playing",
            format!("the pupil still plays: {games} games and {tournaments} tournaments going on (end or withdraw them first)"),
        ),
        E::Store(e) => ApiError::from(e),
    }
}

/// A refused change of a pupil's way of playing, as the doors answer it.
pub fn play_setting_refused(e: PlaySettingError, locale: Locale) -> ApiError {
    use PlaySettingError as E;
    match e {
        E::NotFound => ApiError::not_found(locale),
        E::Denied(denied) => ApiError::denied(denied, locale),
        E::Store(e) => ApiError::from(e),
    }
}

/// A sign-up's refusal as the contract answers it, in the reader's language.
pub fn sign_up_refused(e: SignUpError, t: &Texts) -> ApiError {
    let said = |status, code, key: &'static str| {
        ApiError::new(status, code, t.text(key)).with_text(key, &[])
    };
    match e {
        SignUpError::Closed => said(StatusCode::FORBIDDEN, "signup_closed", "signup-closed"),
        SignUpError::NoInvitation => said(
            StatusCode::FORBIDDEN,
            "invitation_required",
            "signup-invitation",
        ),
        SignUpError::Email => said(StatusCode::BAD_REQUEST, "bad_request", "signup-email"),
        SignUpError::Name => said(StatusCode::BAD_REQUEST, "bad_request", "signup-name"),
        SignUpError::RateLimited => ApiError::rate_limited(),
        SignUpError::Store(e) => e.into(),
    }
}

/// A refused invitation link.
pub fn invite_refused(e: InviteError) -> ApiError {
    match e {
        InviteError::Unconfirmed => {
            ApiError::new(StatusCode::FORBIDDEN, "unconfirmed", e.to_string())
        }
        InviteError::NotAPlayer => {
            ApiError::new(StatusCode::FORBIDDEN, "not_a_player", e.to_string())
        }
        InviteError::Store(e) => e.into(),
    }
}

/// A game not made.
pub fn create_refused(e: CreateError, locale: Locale) -> ApiError {
    match e {
        CreateError::NoSuchPlayer => ApiError::not_found(locale),
        CreateError::MayNot(MayNotCreate::Unconfirmed) => ApiError::new(
            StatusCode::FORBIDDEN,
            "unconfirmed",
            "confirm your e-mail address first: follow the sign-in link mailed to it",
        ),
        CreateError::MayNot(MayNotCreate::NotAPlayer) => {
            ApiError::rejection(&Rejection::NotAPlayer, locale)
        }
        CreateError::MayNot(MayNotCreate::Denied(denied)) => ApiError::denied(denied, locale),
        CreateError::Command(e) => ApiError::command(e, locale),
    }
}
