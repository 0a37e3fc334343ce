//! The game page's panels for an adjourned game (FIDE Laws, Appendix A) and for its arbiter: the
//! envelope (seal, change, close, its A2 details and commitment, the printable envelope, check-in
//! at the resumption), the sealed move shown only to its sealer; the arbiter adjourns, gives time
//! and decides. The same commands as the JSON API.

use actix_web::{post, web, HttpRequest, HttpResponse};
use domain::game::{GameResult, Side, Timestamp};
use domain::{GameId, PlayerId};

use serde::Deserialize;
use time::macros::format_description;
use time::PrimitiveDateTime;

use crate::app::envelope_reads;
use crate::app::{envelopes, AppState};
use crate::http::api::adjournment::envelope_view;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::pages::play::after;
use crate::i18n::Texts;
use crate::store;
use crate::zone::Zone;
use domain::games::{Command, Game};

/// What the page shows of an adjourned game.
pub struct EnvelopePanel {
    /// "Play resumes …, at …" in the viewer's time zone.
    pub resumes: String,
    /// The envelope's A2 details, label and value, in the viewer's language.
    pub details: Vec<(String, String)>,
    /// The sealed move, for its sealer only (before opening).
    pub my_move: Option<String>,
    /// The viewer seals (or changes) the move: the player to move, the envelope not closed.
    pub can_seal: bool,
    /// The viewer may close the envelope they sealed.
    pub can_close: bool,
    /// The viewer, a player, may say they are present for the resumption.
    pub can_check_in: bool,
    /// The viewer may print the envelope (players and the arbiter).
    pub can_print: bool,
}

/// What the arbiter may do in this game.
pub struct ArbiterPanel {
    pub can_adjourn: bool,
    pub can_give_time: bool,
    /// The earliest resumption the adjourn form offers (now, in the viewer's time zone).
    pub now_local: String,
    /// The resumption the form proposes: a day from now.
    pub tomorrow_local: String,
}

/// The envelope panel for `viewer`, if the game is adjourned (or resumed and waiting for a
/// check-in).
pub fn envelope_panel(
    state: &AppState,
    game: &Game,
    viewer: &Caller,
    zone: &Zone,
    t: &Texts,
    now: Timestamp,
) -> Result<Option<EnvelopePanel>, ApiError> {
    let Some(a) = game.adjournment.as_ref() else {
        return Ok(None);
    };
    let me = envelope_reads::side_of(viewer.account(), game);
    let is_arbiter = is_arbiter(game, viewer);
    let at = t.local_time(a.resume_at, zone);
    let resumes = match &a.place {
        Some(place) => t.get(
            "page-adjourned-resumes-at",
            &[("at", at), ("place", place.clone())],
        ),
        None => t.get("page-adjourned-resumes", &[("at", at)]),
    };
    let side = |s: Side| t.text(&format!("side-{}", s.as_str()));
    let mut details = vec![(t.text("page-envelope-sealer"), side(a.sealer))];
    let mut my_move = None;
    let envelope = a.envelope.as_ref();
    if let Some(e) = envelope {
        let view = envelope_view(state, game, e.kind, viewer, t.locale())?;
        my_move = view.mv.filter(|_| !view.opened);
        details.push((t.text("sealed-page-move-number"), e.move_number.to_string()));
        let stands = match (e.opened.is_some(), e.closed) {
            (true, _) => "page-envelope-opened",
            (false, true) => "page-envelope-closed",
            (false, false) => "page-envelope-open",
        };
        details.push((t.text("page-envelope-state"), t.text(stands)));
        details.push((t.text("sealed-page-commitment"), e.commitment.clone()));
    } else {
        details.push((t.text("page-envelope-state"), t.text("page-envelope-empty")));
    }
    let offer = match a.draw_offer {
        Some(by) => t.get("sealed-page-offered-by", &[("side", side(by))]),
        None => t.text("sealed-page-no-offer"),
    };
    details.push((t.text("sealed-page-draw-offer"), offer));
    let closed = envelope.is_some_and(|e| e.closed);
    let sealer = me == Some(a.sealer);
    Ok(Some(EnvelopePanel {
        resumes,
        details,
        my_move,
        can_seal: sealer && !closed && !a.resumed,
        can_close: sealer && !closed && envelope.is_some(),
        can_check_in: me.is_some_and(|s| !a.present(s)) && now >= a.resume_at,
        can_print: me.is_some() || is_arbiter,
    }))
}

/// Is the viewer this game's arbiter (the organiser who created it)?
fn is_arbiter(game: &Game, viewer: &Caller) -> bool {
    envelope_reads::is_arbiter(viewer.account(), game)
}

/// The arbiter's panel, for the game's arbiter.
pub fn arbiter_panel(
    game: &Game,
    viewer: &Caller,
    zone: &Zone,
    now: Timestamp,
) -> Option<ArbiterPanel> {
    if !is_arbiter(game, viewer) {
        return None;
    }
    let local = |at: Timestamp| {
        let at = zone.local(at);
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute()
        )
    };
    let live = game.is_live();
    Some(ArbiterPanel {
        can_adjourn: live
            && game.adjournment.is_none()
            && domain::game::Rules::features(game.kind).sealed_moves,
        can_give_time: live && game.clock.is_some(),
        now_local: local(now),
        tomorrow_local: local(now + time::Duration::days(1)),
    })
}

#[derive(Deserialize)]
pub struct EnvelopeForm {
    /// `seal`, `close` or `check_in`.
    action: String,
    #[serde(rename = "move")]
    mv: Option<String>,
    csrf: Option<String>,
}

/// The signed-in player's id, or where to send a reader who is not signed in.
fn player_of(caller: &Caller) -> Option<PlayerId> {
    caller.player().and_then(|p| PlayerId::parse(&p.id).ok())
}

fn to_sign_in(t: Texts, id: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((
            "location",
            format!("/login?lang={}&next=/games/{id}", t.lang),
        ))
        .finish()
}

/// A player's envelope action from the page: seal (or change) the move, close the envelope,
/// check in at the resumption.
#[post("/games/{id}/envelope")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn envelope_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<EnvelopeForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let game = GameId::parse(&id).map_err(|_| ApiError::not_found(t.locale()))?;
    let id = game.to_string();
    let Some(player) = player_of(&caller) else {
        return Ok(to_sign_in(t, &id));
    };
    let locale = t.locale();
    let typed = form.mv.clone().unwrap_or_default();
    let s = state.clone();
    let done = match form.action.as_str() {
        "seal" => {
            let text = typed.clone();
            let notation = caller.player().and_then(|p| p.notation.clone());
            web::block(move || {
                envelopes::seal(&s, game, player, text, notation, store::now()).map(|_| ())
            })
            .await?
        }
        "close" => {
            let closed = crate::http::game_commands::run_in(
                state.clone(),
                caller,
                id.clone(),
                Command::CloseEnvelope,
                None,
                locale,
            )
            .await;
            return after(state, &req, id, closed.map(|_| ()), typed, t).await;
        }
        "check_in" => {
            web::block(move || envelopes::check_in(&s, game, player, store::now()).map(|_| ()))
                .await?
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown action {other:?}: use seal, close or check_in"
            )))
        }
    };
    let done = done.map_err(|e| ApiError::command(e, locale));
    after(state, &req, id, done, typed, t).await
}

#[derive(Deserialize)]
pub struct ArbiterForm {
    /// `adjourn`, `add_time` or `decide`.
    action: String,
    /// When play resumes, in the arbiter's time zone (`2026-11-25T14:00`).
    resume_at: Option<String>,
    place: Option<String>,
    side: Option<String>,
    minutes: Option<u32>,
    result: Option<String>,
    reason: Option<String>,
    csrf: Option<String>,
}

/// The command an arbiter's form asks for, or why it cannot be read.
fn arbiter_command(form: &ArbiterForm, zone: &Zone, t: Texts) -> Result<Command, String> {
    let reason = form.reason.clone().unwrap_or_default();
    match form.action.as_str() {
        "adjourn" => {
            let text = form.resume_at.as_deref().unwrap_or("").trim();
            // A browser sends minutes, or seconds where the field's step asks for them.
            let local = PrimitiveDateTime::parse(
                text,
                format_description!("[year]-[month]-[day]T[hour]:[minute]"),
            )
            .or_else(|_| {
                PrimitiveDateTime::parse(
                    text,
                    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]"),
                )
            })
            .map_err(|_| t.text("page-arbiter-bad-time"))?;
            let place = form
                .place
                .as_deref()
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned);
            Ok(Command::Adjourn {
                resume_at: zone.instant(local),
                place,
            })
        }
        "add_time" => {
            let side = match form.side.as_deref() {
                Some("white") => Side::White,
                Some("black") => Side::Black,
                _ => return Err(t.text("page-arbiter-bad-side")),
            };
            let minutes = form
                .minutes
                .filter(|m| (1..=60 * 24 * 30).contains(m))
                .ok_or_else(|| t.text("page-arbiter-bad-minutes"))?;
            Ok(Command::AddTime {
                side,
                seconds: u64::from(minutes) * 60,
                reason,
            })
        }
        "decide" => {
            let result = match form.result.as_deref() {
                Some("1-0") => GameResult::WhiteWins,
                Some("0-1") => GameResult::BlackWins,
                Some("1/2-1/2") => GameResult::Draw,
                _ => return Err(t.text("page-arbiter-bad-result")),
            };
            Ok(Command::DecideResult { result, reason })
        }
        other => Err(format!(
            "unknown action {other:?}: use adjourn, add_time or decide"
        )),
    }
}

/// The arbiter's action from the page: adjourn (A1), give a side time, decide the result.
#[post("/games/{id}/arbiter")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn arbiter_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<ArbiterForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let id = GameId::parse(&id)
        .map_err(|_| ApiError::not_found(t.locale()))?
        .to_string();
    let Caller::Player(p) = &caller else {
        return Ok(to_sign_in(t, &id));
    };
    let command = match arbiter_command(&form, &Zone::of(p), t) {
        Ok(command) => command,
        Err(reason) => {
            let e = ApiError::bad_request(reason);
            return after(state, &req, id, Err(e), String::new(), t).await;
        }
    };
    let done = crate::http::game_commands::run_in(
        state.clone(),
        caller,
        id.clone(),
        command,
        None,
        t.locale(),
    )
    .await
    .map(|_| ());
    after(state, &req, id, done, String::new(), t).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(action: &str) -> ArbiterForm {
        ArbiterForm {
            action: action.into(),
            resume_at: None,
            place: None,
            side: None,
            minutes: None,
            result: None,
            reason: Some("the hall closes".into()),
            csrf: None,
        }
    }

    #[test]
    fn the_arbiters_forms_read_in_their_time_zone() {
        let t = Texts::for_locale("en");
        let mut f = form("adjourn");
        f.resume_at = Some("2026-11-25T14:00".into());
        f.place = Some("  ".into());
        let Ok(Command::Adjourn { resume_at, place }) = arbiter_command(&f, &Zone::fixed(180), t)
        else {
            panic!("an adjournment");
        };
        assert_eq!(resume_at, time::macros::datetime!(2026-11-25 11:00 UTC));
        assert_eq!(place, None);
        f.resume_at = Some("2026-11-25T14:00:30".into());
        let Ok(Command::Adjourn { resume_at, .. }) = arbiter_command(&f, &Zone::fixed(0), t) else {
            panic!("seconds are read too");
        };
        assert_eq!(resume_at, time::macros::datetime!(2026-11-25 14:00:30 UTC));
        f.resume_at = Some("tomorrow".into());
        assert!(arbiter_command(&f, &Zone::fixed(180), t).is_err());
        let mut f = form("add_time");
        f.side = Some("black".into());
        f.minutes = Some(90);
        assert!(matches!(
            arbiter_command(&f, &Zone::fixed(0), t),
            Ok(Command::AddTime {
                side: Side::Black,
                seconds: 5400,
                ..
            })
        ));
        f.minutes = Some(0);
        assert!(arbiter_command(&f, &Zone::fixed(0), t).is_err());
        let mut f = form("decide");
        f.result = Some("1/2-1/2".into());
        assert!(matches!(
            arbiter_command(&f, &Zone::fixed(0), t),
            Ok(Command::DecideResult {
                result: GameResult::Draw,
                ..
            })
        ));
        f.result = Some("2-0".into());
        assert!(arbiter_command(&f, &Zone::fixed(0), t).is_err());
        assert!(arbiter_command(&form("shuffle"), &Zone::fixed(0), t).is_err());
    }
}
