//! Every error answer is `{"error": {"code", "message"}}` with the contract's status and code.
//! Unexpected errors are an opaque 500 whose cause chain is logged in the request's span.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use domain::game::{Locale, Rejection};

use serde::Serialize;
use utoipa::ToSchema;

use crate::app::CommandError;
use crate::i18n::Texts;
use crate::store::StoreError;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// The same refusal for a page: a text's key and its arguments, in the reader's language.
    text: Option<(&'static str, Vec<(&'static str, String)>)>,
    cause: Option<anyhow::Error>,
}

/// The error body.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// A stable snake_case code (see the contract).
    pub code: String,
    pub message: String,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            text: None,
            cause: None,
        }
    }

    /// The refusal as a page says it: text `key` with `args`, in the reader's language.
    pub fn with_text(mut self, key: &'static str, args: &[(&'static str, String)]) -> ApiError {
        self.text = Some((key, args.to_vec()));
        self
    }

    /// Why, as a page tells reader `t`: the page text if there is one, else the message.
    pub fn reason(&self, t: &Texts) -> String {
        match &self.text {
            Some((key, args)) => t.get(key, args),
            None => self.message.clone(),
        }
    }

    /// An unexpected failure: logged with its cause chain, answered as an opaque 500.
    pub fn internal(cause: impl Into<anyhow::Error>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            message: "internal error; the request id in the x-request-id header identifies it in the logs".into(),
            text: None,
            cause: Some(cause.into()),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn not_found(locale: Locale) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            Texts::of(locale).get("error-not-found", &[]),
        )
    }

    pub fn unauthenticated() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthenticated",
            "a valid bearer token is required (Authorization: Bearer <token>)",
        )
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// An action the authority model refuses: 404 where the caller may not know of the one
    /// acted on, else 403 `forbidden` with the reason in the caller's language.
    pub fn denied(denied: crate::app::authority::Denied, locale: Locale) -> ApiError {
        use crate::app::authority::Denied;
        match denied {
            Denied::Hidden => ApiError::not_found(locale),
            Denied::Forbidden(why) => ApiError::forbidden(Texts::of(locale).text(why)),
        }
    }

    pub fn version_conflict(locale: Locale) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "version_conflict",
            Texts::of(locale).get("error-version-conflict", &[]),
        )
    }

    pub fn rate_limited() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests; slow down and try again shortly",
        )
    }

    /// Why a command was not recorded, in the caller's language.
    pub fn command(e: CommandError, locale: Locale) -> ApiError {
        match e {
            CommandError::Rejected(r) => ApiError::rejection(&r, locale),
            CommandError::TournamentRejected(r) => ApiError::tournament_rejection(&r, locale),
            CommandError::NotFound => ApiError::not_found(locale),
            CommandError::VersionConflict => ApiError::version_conflict(locale),
            CommandError::MessagesOff => ApiError::new(
                StatusCode::FORBIDDEN,
                "messages_off",
                crate::i18n::Texts::of(locale).get("messages-off", &[]),
            ),
            CommandError::Internal(cause) => ApiError::internal(cause),
        }
    }

    /// A tournament's refusal, in the caller's language.
    pub fn tournament_rejection(r: &domain::tournament::Rejection, locale: Locale) -> ApiError {
        use domain::tournament::Rejection as R;
        let status = match r {
            R::NoSuchTournament => StatusCode::NOT_FOUND,
            R::ArbiterOnly => StatusCode::FORBIDDEN,
            R::TournamentExists
            | R::AlreadyRegistered(_)
            | R::AlreadyInvited(_)
            | R::NotInvited(_)
            | R::DeclinedBefore(_)
            | R::RoundAlreadyPaired(_)
            | R::ResultExists
            | R::ResultsIn(_)
            | R::ResultsMissing { .. }
            | R::AllRoundsPaired(_)
            | R::AlreadyPublished(_)
            | R::GamesStarted(_)
            | R::GameAttached(_)
            | R::NotACup
            | R::CupAlreadyDrawn
            | R::CupNotDrawn
            | R::MatchDecided
            | R::CupNotOver
            | R::ResultFromTheGame
            | R::Finished => StatusCode::CONFLICT,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::new(
            status,
            r.code(),
            crate::i18n::tournament_rejection(r, locale),
        )
    }

    /// A domain rejection, in the caller's language.
    pub fn rejection(r: &Rejection, locale: Locale) -> ApiError {
        if let Rejection::CorruptLog(reason) = r {
            return ApiError::internal(anyhow::anyhow!("corrupt game log: {reason}"));
        }
        ApiError::new(status_of(r), r.code(), crate::i18n::rejection(r, locale))
    }
}

/// The contract's status for each refusal of the rules. Every kind is named (no wildcard), so a
/// new kind of refusal cannot be added without choosing its status.
pub fn status_of(r: &Rejection) -> StatusCode {
    use Rejection as R;
    match r {
        R::NoSuchGame => StatusCode::NOT_FOUND,
        R::NotAPlayer | R::ArbiterOnly => StatusCode::FORBIDDEN,
        R::InvalidField { .. } => StatusCode::BAD_REQUEST,
        R::GameExists
        | R::NotYourTurn
        | R::GameOver
        | R::FlagFallen { .. }
        | R::NoDrawOffer
        | R::DrawOfferPending { .. }
        | R::NotYetDue
        | R::NotDead
        | R::NoClock
        | R::NoLeave
        | R::Adjourned
        | R::NotAdjourned
        | R::EnvelopeClosed
        | R::NoEnvelope
        | R::BeforeResumption
        | R::AlreadyCheckedIn
        | R::NotStarted { .. }
        | R::NoConditionalMoves
        | R::NoThrowDue
        | R::NotInTablebases
        | R::TablebaseClaimRefused { .. }
        | R::NoProgressRuleSuspended { .. }
        | R::ClockCorrectionTooLate => StatusCode::CONFLICT,
        R::IllegalMove { .. }
        | R::ClaimNotInGame
        | R::NotInThisGame { .. }
        | R::PromotionMissing { .. }
        | R::AmbiguousMove { .. }
        | R::UnparseableMove { .. }
        | R::InvalidPosition { .. }
        | R::PositionNotPlayable(_)
        | R::InvalidTimeControl(_)
        | R::SamePlayer
        | R::InvalidLeave(_)
        | R::LeaveAllowanceExceeded { .. }
        | R::InvalidConditionalMoves(_) => StatusCode::UNPROCESSABLE_ENTITY,
        // A log that does not fold, or an envelope the service cannot open: the service's fault.
        R::CorruptLog(_)
        | R::EnvelopeContentMissing
        | R::ConditionalMovesUnavailable
        | R::DiceUnavailable => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = &self.cause {
            let chain: Vec<String> = cause.chain().map(|c| c.to_string()).collect();
            tracing::error!(error.chain = ?chain, "request failed: {}", chain.join(": "));
        }
        HttpResponse::build(self.status).json(ErrorBody {
            error: ErrorDetail {
                code: self.code.to_owned(),
                message: self.message.clone(),
            },
        })
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Conflict => ApiError::version_conflict(Locale::En),
            other => ApiError::internal(other),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> ApiError {
        ApiError::internal(anyhow::anyhow!("blocking task failed: {e}"))
    }
}

/// Turns actix's body and path extraction errors into the contract's 400 / 413 answers.
pub fn json_error(
    err: actix_web::error::JsonPayloadError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as J;
    let api = match &err {
        J::OverflowKnownLength { .. } | J::Overflow { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "the request body is too large",
        ),
        J::ContentType => {
            ApiError::bad_request("the body must be JSON (Content-Type: application/json)")
        }
        J::Deserialize(e) => {
            ApiError::bad_request(format!("the body is not valid for this request: {e}"))
        }
        other => ApiError::bad_request(format!("the body could not be read: {other}")),
    };
    api.into()
}

pub fn query_error(
    err: actix_web::error::QueryPayloadError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    ApiError::bad_request(format!("bad query string: {err}")).into()
}

pub fn path_error(
    _err: actix_web::error::PathError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    ApiError::not_found(Locale::En).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rejection_is_a_client_error() {
        let all: Vec<Rejection> = Rejection::examples()
            .into_iter()
            .filter(|r| {
                !matches!(
                    r,
                    Rejection::CorruptLog(_)
                        | Rejection::EnvelopeContentMissing
                        | Rejection::ConditionalMovesUnavailable
                        | Rejection::DiceUnavailable
                )
            })
            .collect();
        assert!(all.len() > 25);
        for r in all {
            let e = ApiError::rejection(&r, Locale::En);
            assert!(e.status.is_client_error(), "{} is {}", r.code(), e.status);
        }
        assert_eq!(
            ApiError::rejection(&Rejection::CorruptLog("x".into()), Locale::En).status,
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    /// The statuses the contract gives its codes (api-v1, Conventions), for every refusal that
    /// carries one of them.
    #[test]
    fn every_rejection_has_the_contracts_status_for_its_code() {
        let contract = |code: &str| match code {
            "bad_request" => Some(400),
            "forbidden" | "not_a_player" => Some(403),
            "not_found" => Some(404),
            "version_conflict" | "not_your_turn" | "game_over" | "no_draw_offer"
            | "not_adjourned" => Some(409),
            "illegal_move"
            | "ambiguous_move"
            | "unparseable_move"
            | "invalid_fen"
            | "invalid_position"
            | "position_not_playable"
            | "invalid_time_control" => Some(422),
            _ => None,
        };
        let mut checked = 0;
        for r in Rejection::examples() {
            if let Some(status) = contract(r.code()) {
                assert_eq!(status_of(&r).as_u16(), status, "{}", r.code());
                checked += 1;
            }
        }
        assert!(checked >= 15, "{checked}");
    }
}
