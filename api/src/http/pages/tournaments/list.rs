//! The list of tournaments, with the forms that make one or continue one played elsewhere.

use super::*;
use crate::app::new_tournament::{NewCup, NewTournament};
use crate::http::tournament_commands;

#[derive(Template)]
#[template(path = "pages/tournaments.html")]
pub(super) struct ListPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: crate::http::page::Staff,
    tournaments: Vec<(String, String, String)>,
    refused: Option<String>,
    /// The games an online tournament's games may be, by name, in the reader's words.
    kinds: Vec<(&'static str, String)>,
    /// Every game's rule sets, by name, in the reader's words.
    rule_sets: Vec<(&'static str, String)>,
}

pub(super) async fn list(
    state: web::Data<AppState>,
    req: &HttpRequest,
    refused: Option<(StatusCode, String)>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = crate::http::auth::viewer(&state, req).await?;
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    let reader = caller.clone();
    let rows = web::block(move || {
        crate::app::tournaments::latest_readable(&s, reader.player(), reader.is_admin())
    })
    .await?
    .map_err(|e| ApiError::command(e, t.locale()))?;
    let tournaments = rows
        .into_iter()
        .map(|r| {
            let status = t.text(match r.status.as_str() {
                "registering" => "page-tournament-registering",
                "finished" => "page-tournament-finished",
                _ => "page-tournament-playing",
            });
            (r.id, r.name, status)
        })
        .collect();
    let (signed_in, staff) = nav(&caller, t);
    let status = refused.as_ref().map_or(StatusCode::OK, |r| r.0);
    let page = ListPage {
        t,
        signed_in,
        csrf: csrf.token.clone(),
        here: "/tournaments",
        staff,
        tournaments,
        refused: refused.map(|r| r.1),
        kinds: crate::http::pages::game_choices(&t),
        rule_sets: crate::http::pages::rule_set_choices(&t),
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

#[get("/tournaments")]
pub async fn tournaments_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    list(state, &req, None).await
}

#[derive(Deserialize)]
pub struct NewTournamentForm {
    name: String,
    system: String,
    rounds: u32,
    place: Option<String>,
    start_date: Option<String>,
    end_date: Option<String>,
    play: Option<String>,
    /// Online: the game played.
    game: Option<String>,
    /// Online: one of the game's rule sets; empty: its own.
    rules: Option<String>,
    /// Online: days for each move.
    days: Option<u32>,
    /// Online tavla: the points to win each board's match; empty: the rule set's.
    match_length: Option<String>,
    half_point_byes: Option<String>,
    /// FIDE codes separated by spaces or commas.
    tiebreaks: Option<String>,
    /// Empty: the default.
    visibility: Option<String>,
    /// Online chess: `off`, `claim` or `automatic`; empty: off.
    tablebase: Option<String>,
    /// A cup's terms (empty: the defaults), read only for a cup.
    seeding: Option<String>,
    games_per_match: Option<String>,
    extra_pairs: Option<String>,
    tie_rule: Option<String>,
    third_place: Option<String>,
    /// Tavla: each round's match length, separated by commas or spaces.
    match_lengths: Option<String>,
    /// The days a match has (empty: no deadline).
    match_days: Option<String>,
    csrf: Option<String>,
}

/// A cup's terms as the form gives them; none unless `system` is a cup's.
fn cup_terms(form: &NewTournamentForm) -> Result<NewCup, ApiError> {
    if !matches!(form.system.as_str(), "knockout" | "double_elimination") {
        return Ok(NewCup::default());
    }
    let number = |field: &str, text: &Option<String>| -> Result<Option<u16>, ApiError> {
        match text.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(n) => n
                .parse()
                .map(Some)
                .map_err(|_| ApiError::bad_request(format!("{field}: a whole number"))),
        }
    };
    let lengths = match form.match_lengths.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(
            text.split([' ', ','])
                .filter(|n| !n.is_empty())
                .map(|n| n.parse::<u16>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| ApiError::bad_request("match_lengths: points, round by round"))?,
        ),
    };
    let chosen = |text: &Option<String>| text.clone().filter(|t| !t.trim().is_empty());
    Ok(NewCup {
        seeding: chosen(&form.seeding),
        games_per_match: number("games_per_match", &form.games_per_match)?,
        extra_pairs: number("extra_pairs", &form.extra_pairs)?,
        tie_rule: chosen(&form.tie_rule),
        third_place: (form.system == "knockout").then_some(form.third_place.is_some()),
        match_lengths: lengths,
        match_days: number("match_days", &form.match_days)?,
    })
}

#[post("/tournaments")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn new_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<NewTournamentForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let form = form.into_inner();
    let online = form.play.as_deref() == Some("online");
    let cup = cup_terms(&form)?;
    let asked = NewTournament {
        cup,
        name: form.name,
        system: form.system,
        rounds: form.rounds,
        place: form.place,
        start_date: form.start_date,
        end_date: form.end_date,
        play: form.play,
        game: form.game.filter(|_| online),
        rules: match form.rules.as_deref().map(str::trim) {
            Some(r) if online && !r.is_empty() => Some(
                domain::game::RuleSet::parse(r)
                    .ok_or_else(|| ApiError::bad_request("rules: not a rule set"))?,
            ),
            _ => None,
        },
        match_length: match form.match_length.as_deref().map(str::trim) {
            Some(n) if online && !n.is_empty() => Some(n.parse().map_err(|_| {
                ApiError::bad_request("match_length: a number of points from 1 to 99")
            })?),
            _ => None,
        },
        time_control: online.then(|| domain::game::TimeControl::PerMove {
            seconds: u64::from(form.days.unwrap_or(3).clamp(1, 60)) * 86_400,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        }),
        half_point_byes: Some(form.half_point_byes.is_some()),
        tiebreaks: form.tiebreaks.map(|codes| {
            codes
                .split([' ', ','])
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect()
        }),
        visibility: page::visibility_field(form.visibility.as_deref())?,
        // Over the board the select's `off` is the only rule: the Laws decide.
        tablebase: Some(page::tablebase_field(form.tablebase.as_deref())?)
            .filter(|t| online || !t.is_off()),
        ..NewTournament::default()
    };
    let made = tournament_commands::create(state.clone(), &caller, asked)
        .await
        .map(|(id, _)| id);
    to_run_page(state, &req, t, made).await
}

/// A tournament made from the list's page: its arbiter's page; else the list again with the
/// reason, beside the forms.
async fn to_run_page(
    state: web::Data<AppState>,
    req: &HttpRequest,
    t: Texts,
    made: Result<String, ApiError>,
) -> Result<HttpResponse, ApiError> {
    match made {
        Ok(id) => Ok(see_other(&format!("/tournaments/{id}/run?lang={}", t.lang))),
        Err(e) if e.status.is_client_error() => {
            let reason = e.reason(&t);
            list(state, req, Some((e.status, reason))).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct ImportForm {
    trf: String,
    csrf: Option<String>,
}

/// A tournament played elsewhere, from its report file pasted or chosen on the list's page.
#[post("/tournaments/import")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_tournament_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<ImportForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let made = tournament_commands::import_report(state.clone(), &caller, &form.trf)
        .await
        .map(|(id, _)| id);
    to_run_page(state, &req, t, made).await
}

pub(super) fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("location", location.to_owned()))
        .finish()
}
