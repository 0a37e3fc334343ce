//! A player's profile page (their ratings with a graph the server draws, results, most played
//! opponents, their games filtered by game and result) and the download of all their games'
//! records. The profile is `app::profiles`'; this door draws it.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::app::profiles::{self, Profile};
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::i18n::Texts;
use crate::store::{self, RatingChange};

/// A rating as the page shows it.
struct RatingLine {
    game: String,
    shown: String,
    games: u32,
    provisional: bool,
    graph: String,
}

/// A game as the profile lists it.
struct GameLine {
    id: String,
    game: String,
    opponent: String,
    /// The result from the player's side (won, drawn, lost), or that it goes on.
    outcome: String,
}

#[derive(Template)]
#[template(path = "pages/profile.html")]
struct ProfilePage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: String,
    staff: page::Staff,
    id: String,
    name: String,
    ratings: Vec<RatingLine>,
    results: Vec<(String, profiles::Results)>,
    opponents: Vec<(String, String, usize)>,
    games: Vec<GameLine>,
    kinds: Vec<(String, String)>,
    game: String,
    outcome: String,
    outcomes: Vec<(&'static str, String)>,
}

/// A rating history drawn as an SVG line: oldest on the left, each game a point.
pub fn rating_graph(history: &[RatingChange], label: &str) -> String {
    const W: f64 = 420.0;
    const H: f64 = 150.0;
    const PAD: f64 = 44.0;
    if history.is_empty() {
        return String::new();
    }
    let mut values: Vec<f64> = vec![history[0].before];
    values.extend(history.iter().map(|c| c.rating));
    let low = values.iter().copied().fold(f64::INFINITY, f64::min).floor() - 10.0;
    let high = values
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max)
        .ceil()
        + 10.0;
    let x = |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / (values.len() - 1).max(1) as f64;
    let y = |v: f64| H - 20.0 - (H - 40.0) * (v - low) / (high - low);
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
        .collect();
    let mut svg = format!(
        "<svg class=\"rating-graph\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{label}\">\
         <line x1=\"{PAD}\" y1=\"{top:.1}\" x2=\"{PAD}\" y2=\"{bottom:.1}\" class=\"axis\"/>\
         <text x=\"{tx}\" y=\"{top:.1}\" class=\"tick\">{hi}</text>\
         <text x=\"{tx}\" y=\"{bottom:.1}\" class=\"tick\">{lo}</text>\
         <polyline points=\"{line}\" class=\"rating\"/>",
        top = y(high),
        bottom = y(low),
        tx = PAD - 4.0,
        hi = high as i64,
        lo = low as i64,
        line = points.join(" "),
    );
    for (i, v) in values.iter().enumerate() {
        svg.push_str(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\"><title>{}</title></circle>",
            x(i),
            y(*v),
            v.round() as i64
        ));
    }
    svg.push_str("</svg>");
    svg
}

#[derive(Deserialize)]
pub struct ProfileQuery {
    game: Option<String>,
    /// `won`, `drawn`, `lost` or `playing`.
    outcome: Option<String>,
}

fn outcome_of(me: &str, view: &crate::app::views::GameView) -> &'static str {
    let white = view.white.id == me;
    match (view.result.as_deref(), white) {
        (None, _) => "playing",
        (Some("1/2-1/2"), _) => "drawn",
        (Some("1-0"), true) | (Some("0-1"), false) => "won",
        _ => "lost",
    }
}

/// The profile `id` for the page's reader, or the answer (to sign in; not found).
async fn visible(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    id: &str,
    here: &str,
) -> Result<Result<(Caller, Texts, Profile), HttpResponse>, ApiError> {
    let (caller, t) = crate::http::auth::viewer(state, req).await?;
    if caller.player().is_none() && !caller.is_admin() {
        return Ok(Err(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next={here}", t.lang)))
            .finish()));
    }
    let s = state.clone();
    let (id, reader) = (id.to_owned(), caller.clone());
    let found = web::block(move || -> Result<_, ApiError> {
        let Some(p) = profiles::player(&s, &id, reader.player(), reader.is_admin())
            .map_err(|e| ApiError::command(e, t.locale()))?
        else {
            return Ok(None);
        };
        Ok(Some(
            profiles::profile(&s, p, reader.player(), reader.is_admin())
                .map_err(|e| ApiError::command(e, t.locale()))?,
        ))
    })
    .await??;
    match found {
        Some(profile) => Ok(Ok((caller, t, profile))),
        None => {
            let notice = page::Notice {
                t,
                title: "page-profile",
                text: "error-not-found",
                link: Some(("/", "page-my-games")),
            };
            Ok(Err(page::html(StatusCode::NOT_FOUND, &notice)?))
        }
    }
}

#[get("/players/{id}")]
pub async fn profile_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    query: web::Query<ProfileQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let here = format!("/players/{id}");
    let (caller, t, profile) = match visible(&state, &req, &id, &here).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    let now = store::now();
    let game_name = |g: &str| t.text(&format!("game-{g}"));
    let ratings = profile
        .ratings
        .iter()
        .map(|(game, standing, history)| RatingLine {
            game: game_name(game),
            shown: standing.shown(now),
            games: standing.games,
            provisional: standing.provisional(),
            graph: rating_graph(
                history,
                &t.get("page-profile-graph", &[("game", game_name(game))]),
            ),
        })
        .collect();
    let q = query.into_inner();
    let game = q.game.unwrap_or_default();
    let outcome = q.outcome.unwrap_or_default();
    let me = profile.player.id.clone();
    let games = profile
        .games
        .iter()
        .filter(|g| game.is_empty() || g.game == game)
        .filter(|g| outcome.is_empty() || outcome_of(&me, g) == outcome)
        .map(|g| GameLine {
            id: g.id.clone(),
            game: game_name(&g.game),
            opponent: if g.white.id == me { &g.black } else { &g.white }
                .name
                .clone(),
            outcome: t.text(&format!("page-profile-{}", outcome_of(&me, g))),
        })
        .collect();
    let csrf = crate::http::csrf::Csrf::for_page(&state, &req);
    let page = ProfilePage {
        signed_in: caller
            .player()
            .map(|p| t.get("page-signed-in-as", &[("name", p.name.clone())])),
        csrf: csrf.token.clone(),
        here,
        staff: page::Staff::of(caller.player()),
        name: profile.player.name.clone(),
        id,
        ratings,
        results: profile
            .results
            .iter()
            .map(|r| (game_name(&r.game), r.clone()))
            .collect(),
        opponents: profile
            .opponents
            .iter()
            .map(|(p, n)| (p.id.clone(), p.name.clone(), *n))
            .collect(),
        games,
        kinds: profile
            .results
            .iter()
            .map(|r| (r.game.clone(), game_name(&r.game)))
            .collect(),
        game,
        outcome,
        outcomes: ["won", "drawn", "lost", "playing"]
            .into_iter()
            .map(|o| (o, t.text(&format!("page-profile-{o}"))))
            .collect(),
        t,
    };
    Ok(csrf.answer(page::html(StatusCode::OK, &page)?))
}

/// All of a player's games of one record format in one file: `games.pgn` (chess) or
/// `games.pdn` (checkers and dama).
#[get("/players/{id}/games.{ext}")]
pub async fn records(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, ext) = path.into_inner();
    let media = match ext.as_str() {
        "pgn" => "application/x-chess-pgn",
        "pdn" => "application/x-pdn",
        _ => return Err(ApiError::not_found(page::texts(&req).locale())),
    };
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    if caller.player().is_none() && !caller.is_admin() {
        return Err(ApiError::unauthenticated());
    }
    let s = state.clone();
    let text = web::block(move || -> Result<_, ApiError> {
        let p = profiles::player(&s, &id, caller.player(), caller.is_admin())
            .map_err(|e| ApiError::command(e, t.locale()))?
            .ok_or_else(|| ApiError::not_found(t.locale()))?;
        profiles::records(&s, &p, &ext, caller.player(), caller.is_admin())
            .map_err(|e| ApiError::command(e, t.locale()))
    })
    .await??;
    Ok(HttpResponse::Ok()
        .content_type(format!("{media}; charset=utf-8"))
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"games.{}\"", media_ext(media)),
        ))
        .body(text))
}

fn media_ext(media: &str) -> &'static str {
    if media.ends_with("pdn") {
        "pdn"
    } else {
        "pgn"
    }
}
