//! Challenges on the pages: the list (those sent to the reader, their own, the lobby of open
//! seeks) with the form for a new one, and one challenge's page (where its mail leads) with its
//! answers. The decisions are `app::challenges`'; this door reads forms and draws pages.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::{Rules, TimeControl};
use domain::games::GameKind;
use serde::Deserialize;

use crate::app::challenge_reads::{self, Named};
use crate::app::challenges::{self as challenges, ChallengeError, Colour, Target, Terms};
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::refusals::challenge_refused;
use crate::i18n::Texts;
use crate::store::{self, PlayerRow, Role};
use crate::zone::Zone;

/// A challenge as a page lists it.
struct Line {
    id: String,
    /// "Ayşe → Bora", or "Ayşe (open)".
    who: String,
    /// "Chess, 3 days a move, rated".
    what: String,
    message: Option<String>,
    /// The reader may accept it here.
    acceptable: bool,
}

#[derive(Template)]
#[template(path = "pages/challenges.html")]
struct ListPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: page::Staff,
    refused: Option<String>,
    to_me: Vec<Line>,
    mine: Vec<Line>,
    lobby: Vec<Line>,
    kinds: Vec<(&'static str, String)>,
    /// The lobby's filter as chosen.
    game: String,
    days: String,
}

#[derive(Template)]
#[template(path = "pages/challenge.html")]
struct ChallengePage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: String,
    staff: page::Staff,
    refused: Option<String>,
    id: String,
    heading: String,
    /// What the challenge offers, line by line: (label, value).
    terms: Vec<(String, String)>,
    message: Option<String>,
    status: String,
    /// The reader may accept or decline, or withdraw it.
    may_answer: bool,
    may_decline: bool,
    may_withdraw: bool,
    game_id: Option<String>,
    /// A challenge by link: the link to share.
    share: Option<String>,
}

/// The signed-in player, or the way to sign in and come back to `here`.
async fn signed_in(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    here: &str,
) -> Result<Result<(PlayerRow, Texts), HttpResponse>, ApiError> {
    let (caller, t) = crate::http::auth::viewer(state, req).await?;
    match caller {
        Caller::Player(p) => Ok(Ok((*p, t))),
        _ => Ok(Err(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next={here}", t.lang)))
            .finish())),
    }
}

/// The time control as a reader reads it.
fn clock_text(tc: Option<&TimeControl>, t: &Texts) -> String {
    match tc {
        None => t.get("page-challenge-clock", &[("kind", "none".into())]),
        Some(TimeControl::PerMove { seconds, .. }) if seconds % 86_400 == 0 => t.get(
            "page-challenge-clock",
            &[
                ("kind", "days".into()),
                ("n", (seconds / 86_400).to_string()),
            ],
        ),
        Some(TimeControl::PerMove { seconds, .. }) => t.get(
            "page-challenge-clock",
            &[
                ("kind", "hours".into()),
                ("n", (seconds / 3_600).to_string()),
            ],
        ),
        Some(_) => t.get("page-challenge-clock", &[("kind", "periods".into())]),
    }
}

fn what(terms: &Terms, t: &Texts) -> String {
    let mut parts = vec![
        t.text(&format!("game-{}", terms.game)),
        clock_text(terms.time_control.as_ref(), t),
    ];
    if terms.rated {
        parts.push(t.text("page-challenge-rated"));
    }
    if !terms.tablebase.is_off() {
        let rule = terms.tablebase.as_str().to_owned();
        parts.push(t.get("page-challenge-tablebase", &[("rule", rule)]));
    }
    parts.join(", ")
}

fn line(n: &Named, me: &PlayerRow, t: &Texts) -> Line {
    let c = &n.challenge;
    let from = n.challenger.name.clone();
    let who = match &n.challenged {
        Some(to) => format!("{from} → {}", to.name),
        None if c.row.listed => t.get("page-challenge-open-by", &[("name", from)]),
        None => t.get("page-challenge-link-by", &[("name", from)]),
    };
    Line {
        id: c.row.id.clone(),
        who,
        what: what(&c.terms, t),
        message: c.terms.message.clone(),
        acceptable: c.row.challenger_id != me.id
            && c.row.challenged_id.as_deref().is_none_or(|to| to == me.id),
    }
}

#[derive(Deserialize)]
pub struct ListQuery {
    game: Option<String>,
    days: Option<String>,
}

/// The challenges page: with `refused`, the new challenge's form was refused for that reason.
async fn list(
    state: web::Data<AppState>,
    req: &HttpRequest,
    me: PlayerRow,
    t: Texts,
    filter: ListQuery,
    refused: Option<(StatusCode, String)>,
) -> Result<HttpResponse, ApiError> {
    let game = filter
        .game
        .filter(|g| GameKind::named(g).is_some())
        .unwrap_or_default();
    let days = filter
        .days
        .filter(|d| d.parse::<u32>().is_ok_and(|n| (1..=60).contains(&n)))
        .unwrap_or_default();
    let s = state.clone();
    let (g, d) = (game.clone(), days.clone());
    let reader = me.clone();
    let (open, seeks) = web::block(move || -> Result<_, ApiError> {
        let admin = reader.has_role(Role::Admin);
        let open = challenge_reads::open_of(&s, &reader.id)
            .map_err(|e| challenge_refused(e, t.locale()))?;
        let seconds = d.parse::<i64>().ok().map(|n| n * 86_400);
        let seeks = challenges::lobby(&s, &reader, (!g.is_empty()).then_some(g.as_str()), seconds)
            .map_err(|e| challenge_refused(e, t.locale()))?;
        Ok((
            challenge_reads::named(&s, open, Some(&reader), admin)?,
            challenge_reads::named(&s, seeks, Some(&reader), admin)?,
        ))
    })
    .await??;
    let (to_me, mine): (Vec<&Named>, Vec<&Named>) = open
        .iter()
        .partition(|n| n.challenge.row.challenger_id != me.id);
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let (status, refused) = match refused {
        Some((status, why)) => (status, Some(why)),
        None => (StatusCode::OK, None),
    };
    let page = ListPage {
        signed_in: Some(t.get("page-signed-in-as", &[("name", me.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/challenges",
        staff: page::Staff::of(Some(&me)),
        refused,
        to_me: to_me.iter().map(|n| line(n, &me, &t)).collect(),
        mine: mine.iter().map(|n| line(n, &me, &t)).collect(),
        lobby: seeks
            .iter()
            .filter(|n| n.challenge.row.challenger_id != me.id)
            .map(|n| line(n, &me, &t))
            .collect(),
        kinds: crate::http::pages::game_choices(&t),
        game,
        days,
        t,
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

#[get("/challenges")]
pub async fn challenges_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let (me, t) = match signed_in(&state, &req, "/challenges").await? {
        Ok(s) => s,
        Err(answer) => return Ok(answer),
    };
    list(state, &req, me, t, query.into_inner(), None).await
}

#[derive(Deserialize)]
pub struct NewForm {
    /// `player`, `open` or `link`.
    to: String,
    /// The opponent's e-mail address or name, for `player`.
    opponent: Option<String>,
    game: Option<String>,
    /// Days a move; empty: no clock.
    days: Option<String>,
    colour: Option<String>,
    rated: Option<String>,
    message: Option<String>,
    /// Empty: the default.
    visibility: Option<String>,
    /// `off`, `claim` or `automatic`; empty: off.
    tablebase: Option<String>,
    csrf: Option<String>,
}

#[post("/challenges")]
pub async fn new_challenge(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<NewForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (me, t) = match signed_in(&state, &req, "/challenges").await? {
        Ok(s) => s,
        Err(answer) => return Ok(answer),
    };
    let form = form.into_inner();
    let time_control = match form.days.as_deref().map(str::trim).unwrap_or("") {
        "" => None,
        d => match d.parse::<u64>() {
            Ok(n @ 1..=60) => Some(TimeControl::PerMove {
                seconds: n * 86_400,
                whole_days: false,
                wrong_claim_bonus_seconds: None,
            }),
            _ => {
                let why = t.text("error-days-per-move");
                return list(
                    state,
                    &req,
                    me,
                    t,
                    no_filter(),
                    Some((StatusCode::BAD_REQUEST, why)),
                )
                .await;
            }
        },
    };
    let terms = Terms {
        game: form
            .game
            .filter(|g| !g.is_empty())
            .unwrap_or_else(|| domain::game::UNNAMED_GAME.into()),
        rules: None,
        time_control,
        match_length: None,
        colour: match form.colour.as_deref() {
            Some("white") => Colour::White,
            Some("black") => Colour::Black,
            _ => Colour::Random,
        },
        rated: form.rated.is_some(),
        message: form.message,
        visibility: crate::http::page::visibility_field(form.visibility.as_deref())?,
        tablebase: crate::http::page::tablebase_field(form.tablebase.as_deref())?,
    };
    let s = state.clone();
    let reader = me.clone();
    let made = web::block(move || -> Result<Result<String, ApiError>, ApiError> {
        let target = match form.to.as_str() {
            "open" => Target::Lobby,
            "link" => Target::Link,
            _ => match challenge_reads::opponent(
                &s,
                &reader,
                form.opponent.as_deref().unwrap_or(""),
            )? {
                Ok(id) => Target::Player(id),
                Err(key) => {
                    return Ok(Err(ApiError::new(
                        StatusCode::BAD_REQUEST,
                        "bad_request",
                        key,
                    )
                    .with_text(key, &[])))
                }
            },
        };
        Ok(match challenges::create(&s, &reader, target, terms, None) {
            Ok(c) => Ok(c.row.id),
            Err(e) => Err(challenge_refused(e, t.locale())),
        })
    })
    .await??;
    match made {
        Ok(id) => Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/challenges/{id}?lang={}", t.lang)))
            .finish()),
        Err(e) => {
            let why = e.reason(&t);
            list(state, &req, me, t, no_filter(), Some((e.status, why))).await
        }
    }
}

fn no_filter() -> ListQuery {
    ListQuery {
        game: None,
        days: None,
    }
}

/// One challenge's page; with `refused`, an answer to it was refused for that reason.
async fn one(
    state: web::Data<AppState>,
    req: &HttpRequest,
    me: PlayerRow,
    t: Texts,
    id: String,
    refused: Option<(StatusCode, String)>,
) -> Result<HttpResponse, ApiError> {
    let s = state.clone();
    let reader = me.clone();
    let found = web::block(move || -> Result<_, ApiError> {
        let admin = reader.has_role(Role::Admin);
        let c = match challenges::read(&s, &id, Some(&reader), admin) {
            Ok(c) => c,
            Err(ChallengeError::NotFound) => return Ok(None),
            Err(e) => return Err(challenge_refused(e, t.locale())),
        };
        Ok(challenge_reads::named(&s, vec![c], Some(&reader), admin)?.pop())
    })
    .await??;
    let Some(Named {
        challenge: c,
        challenger,
        challenged,
    }) = found
    else {
        let notice = page::Notice {
            t,
            title: "page-challenge",
            text: "error-not-found",
            link: Some(("/challenges", "page-challenges")),
        };
        return page::html(StatusCode::NOT_FOUND, &notice);
    };
    let from = challenger.name;
    let zone = Zone::of(&me);
    let colour = match (c.terms.colour, c.row.challenger_id == me.id) {
        (Colour::Random, _) => "random",
        (Colour::White, true) | (Colour::Black, false) => "white",
        _ => "black",
    };
    let mut terms = vec![
        (
            t.text("page-challenge-game"),
            t.text(&format!("game-{}", c.terms.game)),
        ),
        (
            t.text("page-challenge-time"),
            clock_text(c.terms.time_control.as_ref(), &t),
        ),
        (
            t.text("page-challenge-your-colour"),
            t.text(&format!("page-challenge-colour-{colour}")),
        ),
        (
            t.text("page-challenge-rating"),
            t.text(if c.terms.rated {
                "page-challenge-rated"
            } else {
                "page-challenge-unrated"
            }),
        ),
    ];
    terms.extend(rule_rows(&c.terms, &t));
    if c.row.status == "open" {
        terms.push((
            t.text("page-challenge-expires"),
            t.local_time(store::from_micros(c.row.expires_at), &zone),
        ));
    }
    let open = c.row.status == "open";
    let mine = c.row.challenger_id == me.id;
    let for_me = c.row.challenged_id.as_deref() == Some(me.id.as_str());
    let heading = if mine {
        match challenged {
            Some(to) => t.get("page-challenge-to", &[("name", to.name)]),
            None => t.text("page-challenge-yours"),
        }
    } else {
        t.get("page-challenge-from", &[("name", from)])
    };
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let (status, refused) = match refused {
        Some((status, why)) => (status, Some(why)),
        None => (StatusCode::OK, None),
    };
    let page = ChallengePage {
        signed_in: Some(t.get("page-signed-in-as", &[("name", me.name.clone())])),
        csrf: csrf.token.clone(),
        here: format!("/challenges/{}", c.row.id),
        staff: page::Staff::of(Some(&me)),
        refused,
        heading,
        terms,
        message: c.terms.message.clone(),
        status: t.get("page-challenge-status", &[("status", c.row.status.clone())]),
        may_answer: open && !mine && (for_me || c.row.challenged_id.is_none()),
        may_decline: open && for_me,
        may_withdraw: open && mine,
        game_id: c.row.game_id.clone(),
        share: (open && mine && c.row.challenged_id.is_none() && !c.row.listed)
            .then(|| format!("{}/challenges/{}", state.public_url, c.row.id)),
        id: c.row.id,
        t,
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

/// The terms' rows for the rules the game is played by: its rule set where the game has
/// several, and the tablebase rule where it is not `off`.
fn rule_rows(terms: &Terms, t: &Texts) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    if !terms.tablebase.is_off() {
        rows.push((
            t.text("page-tablebase-choice"),
            t.text(&format!("page-tablebase-{}", terms.tablebase.as_str())),
        ));
    }
    if let Some(kind) = GameKind::named(&terms.game) {
        if let Some(rules) = terms.rules.as_deref() {
            rows.push((
                t.text("page-organise-rules"),
                t.text(&format!("rules-{rules}")),
            ));
        } else if kind.rule_sets().len() > 1 {
            let r = kind.rule_sets()[0].as_str();
            rows.push((t.text("page-organise-rules"), t.text(&format!("rules-{r}"))));
        }
    }
    rows
}

fn path_id(text: &str) -> String {
    uuid::Uuid::try_parse(text)
        .map(|u| u.to_string())
        .unwrap_or_default()
}

#[get("/challenges/{id}")]
pub async fn challenge_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id);
    let (me, t) = match signed_in(&state, &req, &format!("/challenges/{id}")).await? {
        Ok(s) => s,
        Err(answer) => return Ok(answer),
    };
    one(state, &req, me, t, id, None).await
}

#[derive(Deserialize)]
pub struct AnswerForm {
    csrf: Option<String>,
}

/// An answer from the challenge's page: `accept` (then to the game), `decline` or `withdraw`
/// (then back to the page).
#[post("/challenges/{id}/{answer}")]
pub async fn answer_challenge(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(String, String)>,
    form: web::Form<AnswerForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (id, answer) = path.into_inner();
    let id = path_id(&id);
    let (me, t) = match signed_in(&state, &req, &format!("/challenges/{id}")).await? {
        Ok(s) => s,
        Err(answer) => return Ok(answer),
    };
    if !["accept", "decline", "withdraw"].contains(&answer.as_str()) {
        return Err(ApiError::not_found(t.locale()));
    }
    let s = state.clone();
    let (reader, cid) = (me.clone(), id.clone());
    let done = web::block(move || match answer.as_str() {
        "accept" => challenges::accept(&s, &cid, &reader).map(|(_, g)| Some(g.to_string())),
        "decline" => challenges::answer(&s, &cid, &reader, false).map(|_| None),
        _ => challenges::answer(&s, &cid, &reader, true).map(|_| None),
    })
    .await?;
    match done {
        Ok(Some(game)) => Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/games/{game}?lang={}", t.lang)))
            .finish()),
        Ok(None) => Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/challenges/{id}?lang={}", t.lang)))
            .finish()),
        Err(e) => {
            let e = challenge_refused(e, t.locale());
            let why = e.reason(&t);
            one(state, &req, me, t, id, Some((e.status, why))).await
        }
    }
}
