//! The organiser's pages: their players by class, one at a time or a whole class pasted as a
//! list (or a CSV file); the class's sign-in codes on one A4 sheet; new games between their
//! players; the games they run. The same rules as `POST /api/v1/players` and
//! `POST /api/v1/games`.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::Rules;
use domain::game::Visibility;
use domain::game::{Locale, TimeControl};
use domain::games::{GameKind, RuleSetName};
use serde::Deserialize;

use crate::app::creation::{Ballot, NewGame};
use crate::app::new_accounts::{self, AccountRequest};
use crate::app::{organising, AppState};
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::refusals::{account_refused, create_refused};
use crate::i18n::Texts;
use crate::store::{PlayerRow, Role};

use crate::app::organising::MAX_CLASS;

/// A class of an organiser's players (or those with no class).
struct Class {
    school: String,
    class: String,
    /// "9-A, Atatürk Lisesi", or "No class".
    label: String,
    players: Vec<PlayerRow>,
}

/// A game the organiser runs, as listed.
struct GameLine {
    id: String,
    white: String,
    black: String,
    state: String,
}

#[derive(Template)]
#[template(path = "pages/organise.html")]
struct OrganisePage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: crate::http::page::Staff,
    /// What was just done.
    done: Option<String>,
    /// Why the last form was refused, and which form it was (`player`, `class`, `game`).
    refused: Option<String>,
    refused_for: &'static str,
    classes: Vec<Class>,
    players: Vec<(String, String)>,
    games: Vec<GameLine>,
    /// The games a new game may be, by name, in the reader's words.
    kinds: Vec<(&'static str, String)>,
    /// Every game's rule sets, by name, in the reader's words.
    rule_sets: Vec<(&'static str, String)>,
    /// The choice of an opening drawn from a game's ballot, in the reader's words (none where
    /// no game has a ballot).
    ballot_choice: Option<String>,
    /// Who may see the games and tournaments of the organiser's pupils unless their maker
    /// says: each choice's value and words, and whether it is the one made.
    school_visibility: Vec<(&'static str, String, bool)>,
    /// The players may send each other messages in the games the organiser runs.
    messages_on: bool,
}

#[derive(Template)]
#[template(path = "pages/codes.html")]
struct CodeSheet {
    t: Texts,
    label: String,
    /// Each pupil's slip, in the pupil's own language.
    codes: Vec<Slip>,
}

/// One pupil's cut-out slip: name, fresh one-time code and where to use it.
struct Slip {
    name: String,
    code: String,
    lang: &'static str,
    where_text: String,
}

/// The signed-in organiser, or the answer for anyone else (to sign in; 403 for a player who is
/// not an organiser).
async fn organiser(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<Result<(Caller, PlayerRow, Texts), HttpResponse>, ApiError> {
    let (caller, t) = crate::http::auth::viewer(state, req).await?;
    let p = match &caller {
        Caller::Player(p) if p.has_role(Role::Organiser) => (**p).clone(),
        Caller::Player(_) => {
            let notice = page::Notice {
                t,
                title: "page-organise",
                text: "page-organise-only",
                link: Some(("/", "page-my-games")),
            };
            return Ok(Err(page::html(StatusCode::FORBIDDEN, &notice)?));
        }
        _ => {
            return Ok(Err(HttpResponse::SeeOther()
                .insert_header(("location", format!("/login?lang={}&next=/organise", t.lang)))
                .finish()))
        }
    };
    Ok(Ok((caller, p, t)))
}

/// The organiser posting a form with its token; else the answer (403 without the token).
pub(super) async fn poster(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    csrf: Option<&str>,
) -> Result<Result<(Caller, PlayerRow, Texts), HttpResponse>, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(state, req, csrf)? {
        return Ok(Err(refusal));
    }
    organiser(state, req).await
}

/// The page for organiser `p`, with what `done` or `refused` adds.
pub(super) async fn render(
    state: web::Data<AppState>,
    req: &HttpRequest,
    p: PlayerRow,
    t: Texts,
    done: Option<String>,
    refused: Option<(String, &'static str)>,
    status: StatusCode,
) -> Result<HttpResponse, ApiError> {
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    let id = p.id.clone();
    let organising::School {
        pupils: mine,
        games: rows,
        visibility: school_visibility,
        messages_off,
    } = web::block(move || organising::school_of(&s, &id)).await??;
    // Classes by school and name, the players with no class last, each class by name.
    let mut mine = mine;
    mine.sort_by(|a, b| {
        let key = |p: &PlayerRow| {
            (
                p.school.is_none() && p.class_name.is_none(),
                p.school.clone(),
                p.class_name.clone(),
                p.name.to_lowercase(),
            )
        };
        key(a).cmp(&key(b))
    });
    let mut classes: Vec<Class> = Vec::new();
    for player in &mine {
        let (school, class) = (
            player.school.clone().unwrap_or_default(),
            player.class_name.clone().unwrap_or_default(),
        );
        match classes.last_mut() {
            Some(c) if c.school == school && c.class == class => c.players.push(player.clone()),
            _ => classes.push(Class {
                label: class_label(&school, &class, t),
                school,
                class,
                players: vec![player.clone()],
            }),
        }
    }
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        let view = crate::app::reads::current_view(&state, row)
            .map_err(|e| ApiError::command(e, t.locale()))?;
        let state = match (&view.result, view.status.as_str()) {
            (Some(r), _) => r.clone(),
            (None, "adjourned") => t.text("page-game-adjourned"),
            _ => t.text("page-game-active"),
        };
        games.push(GameLine {
            id: view.id.clone(),
            white: view.white.name.clone(),
            black: view.black.name.clone(),
            state,
        });
    }
    let page = OrganisePage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/organise",
        staff: crate::http::page::Staff::of(Some(&p)),
        done,
        refused_for: refused.as_ref().map_or("", |r| r.1),
        refused: refused.map(|r| r.0),
        players: mine
            .iter()
            .map(|p| (p.id.clone(), p.name.clone()))
            .collect(),
        classes,
        games,
        kinds: crate::http::pages::game_choices(&t),
        rule_sets: crate::http::pages::rule_set_choices(&t),
        ballot_choice: {
            let games: Vec<String> = GameKind::ALL
                .iter()
                .filter(|k| k.ballot().is_some())
                .map(|k| t.text(&format!("game-{}", k.name())))
                .collect();
            (!games.is_empty()).then(|| {
                t.get(
                    "page-organise-opening-ballot",
                    &[("games", games.join(", "))],
                )
            })
        },
        school_visibility: [
            (Visibility::Participants, "page-visibility-participants"),
            (Visibility::SignedIn, "page-visibility-signed-in"),
            (Visibility::Public, "page-visibility-public"),
        ]
        .into_iter()
        .map(|(v, key)| (v.as_str(), t.text(key), v == school_visibility))
        .collect(),
        messages_on: !messages_off,
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

fn class_label(school: &str, class: &str, t: Texts) -> String {
    match (school.is_empty(), class.is_empty()) {
        (true, true) => t.text("page-organise-no-class"),
        (true, false) => class.to_owned(),
        (false, true) => school.to_owned(),
        (false, false) => format!("{class}, {school}"),
    }
}

#[get("/organise")]
pub async fn organise_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (_, p, t) = match organiser(&state, &req).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let query = req.query_string();
    let done = query
        .split('&')
        .find_map(|q| q.strip_prefix("added="))
        .and_then(|n| n.parse::<usize>().ok())
        .map(|n| t.get("page-organise-added", &[("count", n.to_string())]))
        .or_else(|| {
            let said = |what: &str| query.split('&').any(|q| q == what);
            if said("privacy=saved") {
                Some(t.text("page-organise-privacy-saved"))
            } else if said("privacy=anonymised") {
                Some(t.text("page-organise-anonymised"))
            } else {
                None
            }
        });
    render(state, &req, p, t, done, None, StatusCode::OK).await
}

/// The answer to an organiser's form: back to the page with `added` players, or the page again
/// with the reason, beside the form (`which`) it was about.
async fn answer(
    state: web::Data<AppState>,
    req: &HttpRequest,
    p: PlayerRow,
    t: Texts,
    done: Result<usize, ApiError>,
    which: &'static str,
) -> Result<HttpResponse, ApiError> {
    match done {
        Ok(added) => Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/organise?lang={}&added={added}", t.lang),
            ))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let (status, reason) = (e.status, e.reason(&t));
            render(state, req, p, t, None, Some((reason, which)), status).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct PlayerForm {
    name: String,
    email: Option<String>,
    locale: Option<String>,
    school: Option<String>,
    class: Option<String>,
    csrf: Option<String>,
}

fn locale_of(text: Option<&str>) -> Result<Option<Locale>, ApiError> {
    match text.unwrap_or("") {
        "" => Ok(None),
        l => Locale::parse(l)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("locale must be en or tr")),
    }
}

fn blank_to_none(text: Option<&str>) -> Option<String> {
    text.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// A player an organiser adds, with their school and class as typed (blank for none).
fn pupil(
    name: String,
    email: Option<String>,
    locale: Option<Locale>,
    (school, class): (Option<&str>, Option<&str>),
) -> AccountRequest {
    AccountRequest {
        name,
        email,
        locale,
        notation: None,
        roles: Vec::new(),
        school: blank_to_none(school),
        class_name: blank_to_none(class),
    }
}

/// A new pupil's row, as `caller` (an organiser, or the admin) asks.
fn new_pupil(
    caller: &Caller,
    asked: AccountRequest,
) -> Result<(PlayerRow, Option<String>), ApiError> {
    new_accounts::new_account(caller.acting()?, asked)
        .map_err(|e| account_refused(e, caller.locale()))
}

/// Stores new pupils in one transaction (blocking): none if an address is taken.
fn store_pupils(state: &AppState, rows: &[(PlayerRow, Option<String>)]) -> Result<(), ApiError> {
    new_accounts::store_accounts(state, rows).map_err(|e| account_refused(e, Locale::En))
}

/// Adds one player.
#[post("/organise/players")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, ApiError> {
    let (caller, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let form = form.into_inner();
    let made = locale_of(form.locale.as_deref()).and_then(|locale| {
        let email = blank_to_none(form.email.as_deref());
        let group = (form.school.as_deref(), form.class.as_deref());
        new_pupil(&caller, pupil(form.name, email, locale, group))
    });
    let done = match made {
        Ok(row) => {
            let s = state.clone();
            web::block(move || store_pupils(&s, &[row]).map(|()| 1)).await?
        }
        Err(e) => Err(e),
    };
    answer(state, &req, p, t, done, "player").await
}

#[derive(Deserialize)]
pub struct ClassForm {
    /// One pupil a line: a name, and an e-mail address after a comma, semicolon or tab.
    names: String,
    locale: Option<String>,
    school: Option<String>,
    class: Option<String>,
    csrf: Option<String>,
}

/// The pupils of a pasted list or CSV: `(name, e-mail)` by line, a header line (`name`, `ad`,
/// `isim`, `ad soyad`) skipped, blank lines ignored; or the first line that is wrong, counted
/// from 1.
pub fn read_class(text: &str, t: Texts) -> Result<Vec<(String, Option<String>)>, String> {
    let mut pupils = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() {
            continue;
        }
        let mut fields = line
            .split([',', ';', '\t'])
            .map(|f| f.trim().trim_matches('"'));
        let name = fields.next().unwrap_or_default();
        let email = fields.next().filter(|e| !e.is_empty());
        let header = ["name", "ad", "isim", "ad soyad", "adı soyadı"];
        if pupils.is_empty() && header.contains(&name.to_lowercase().as_str()) {
            continue;
        }
        let line_no = (i + 1).to_string();
        if crate::app::accounts::PlayerName::parse(name).is_none() {
            return Err(t.get("page-organise-bad-name", &[("line", line_no)]));
        }
        if let Some(e) = email {
            if crate::app::accounts::Email::parse(e).is_none() {
                return Err(t.get("page-organise-bad-email", &[("line", line_no)]));
            }
        }
        pupils.push((name.to_owned(), email.map(str::to_owned)));
        if pupils.len() > MAX_CLASS {
            return Err(t.get("page-organise-too-many", &[("max", MAX_CLASS.to_string())]));
        }
    }
    if pupils.is_empty() {
        return Err(t.text("page-organise-no-names"));
    }
    Ok(pupils)
}

/// Adds a whole class: all of it, or none if a line is wrong or an address is taken.
#[post("/organise/class")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_class(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<ClassForm>,
) -> Result<HttpResponse, ApiError> {
    let (caller, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let made = (|| -> Result<Vec<(PlayerRow, Option<String>)>, ApiError> {
        let locale = locale_of(form.locale.as_deref())?;
        let pupils = read_class(&form.names, t).map_err(ApiError::bad_request)?;
        pupils
            .into_iter()
            .map(|(name, email)| {
                let group = (form.school.as_deref(), form.class.as_deref());
                new_pupil(&caller, pupil(name, email, locale, group))
            })
            .collect()
    })();
    let done = match made {
        Ok(rows) => {
            let s = state.clone();
            let n = rows.len();
            web::block(move || store_pupils(&s, &rows).map(|()| n)).await?
        }
        Err(e) => Err(e),
    };
    answer(state, &req, p, t, done, "class").await
}

#[derive(Deserialize)]
pub struct CodesForm {
    school: Option<String>,
    class: Option<String>,
    /// How many days the codes work (empty: 30).
    days: Option<String>,
    csrf: Option<String>,
}

/// The days the sheet's codes work, as the form asks (1 to 365; empty: 30).
fn code_days(form: &CodesForm) -> Result<i64, ApiError> {
    let asked = match form.days.as_deref().map(str::trim).unwrap_or("") {
        "" => None,
        d => Some(
            d.parse::<i64>()
                .map_err(|_| ApiError::bad_request("days: a number"))?,
        ),
    };
    crate::app::sign_in::code_days(asked).ok_or_else(|| {
        ApiError::bad_request(format!("days: 1 to {}", crate::app::sign_in::MAX_CODE_DAYS))
    })
}

/// A fresh one-time code for every pupil of a class, on one A4 sheet to print and cut. Each
/// works for the days the organiser chose (30 unless they say); codes made before for them
/// stop working.
#[post("/organise/codes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn class_codes(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<CodesForm>,
) -> Result<HttpResponse, ApiError> {
    let (_, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let days = code_days(&form)?;
    let school = form.school.clone().unwrap_or_default();
    let class = form.class.clone().unwrap_or_default();
    let (s, organiser, sc, cl) = (state.clone(), p.clone(), school.clone(), class.clone());
    let login = format!("{}/login", state.public_url);
    let codes = web::block(move || organising::class_codes(&s, &organiser, &sc, &cl, days))
        .await??
        .into_iter()
        .map(|(p, code)| {
            let theirs = Texts::for_locale(&p.locale);
            Slip {
                name: p.name,
                code,
                lang: theirs.lang,
                where_text: theirs.get("page-codes-where", &[("url", login.clone())]),
            }
        })
        .collect::<Vec<_>>();
    if codes.is_empty() {
        return Err(ApiError::not_found(t.locale()));
    }
    let sheet = CodeSheet {
        t,
        label: class_label(&school, &class, t),
        codes,
    };
    page::html(StatusCode::OK, &sheet)
}

#[derive(Deserialize)]
pub struct GameForm {
    white: String,
    black: String,
    /// Days for each move; empty for no clock.
    days: Option<String>,
    /// The game: chess (empty), checkers or dama.
    game: Option<String>,
    rules: Option<String>,
    /// A set-up position in the game's position text.
    start_fen: Option<String>,
    /// `random`: start from an opening of the game's ballot drawn by lot; empty: from the start.
    ballot: Option<String>,
    /// Tavla: the points to win the match; empty: the rule set's.
    match_length: Option<String>,
    event: Option<String>,
    /// Who may read the game; empty: its players and arbiter where a pupil plays, else anyone.
    visibility: Option<String>,
    tablebase: Option<String>,
    csrf: Option<String>,
}

/// What the new-game form asks for, or why it cannot be read.
fn game_body(form: &GameForm) -> Result<NewGame, ApiError> {
    let time_control = match form.days.as_deref().map(str::trim).unwrap_or("") {
        "" => None,
        days => {
            let days: u64 = days
                .parse()
                .ok()
                .filter(|d| (1..=60).contains(d))
                .ok_or_else(|| {
                    ApiError::bad_request("days per move: 1 to 60")
                        .with_text("error-days-per-move", &[])
                })?;
            Some(TimeControl::PerMove {
                seconds: days * 86_400,
                whole_days: false,
                wrong_claim_bonus_seconds: None,
            })
        }
    };
    let rules = match form.rules.as_deref().unwrap_or("") {
        "" => None,
        r => Some(
            RuleSetName::parse(r)
                .ok_or_else(|| ApiError::bad_request("not a rule set"))?
                .0,
        ),
    };
    Ok(NewGame {
        white: form.white.clone(),
        black: form.black.clone(),
        game: blank_to_none(form.game.as_deref()),
        rules,
        time_control,
        start_position: blank_to_none(form.start_fen.as_deref()),
        event: blank_to_none(form.event.as_deref()),
        round: None,
        site: None,
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        no_progress_moves: None,
        rated: false,
        visibility: crate::http::page::visibility_field(form.visibility.as_deref())?,
        tablebase: crate::http::page::tablebase_field(form.tablebase.as_deref())?,
        tournament: None,
        match_length: match form.match_length.as_deref().map(str::trim).unwrap_or("") {
            "" => None,
            n => Some(n.parse().map_err(|_| {
                ApiError::bad_request("match_length: a number of points from 1 to 99")
            })?),
        },
        ballot: match form.ballot.as_deref().map(str::trim).unwrap_or("") {
            "" => None,
            "random" => Some(Ballot::ByLot),
            n => Some(Ballot::Number(n.parse().map_err(|_| {
                ApiError::bad_request("ballot: an opening's number or random")
            })?)),
        },
    })
}

/// Creates a game the organiser runs as its arbiter; on to its page.
#[post("/organise/games")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_game(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<GameForm>,
) -> Result<HttpResponse, ApiError> {
    let (caller, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    if form.white == form.black {
        let e = ApiError::bad_request(t.text("page-organise-same-player"));
        return answer(state, &req, p, t, Err(e), "game").await;
    }
    let created = match game_body(&form) {
        Ok(new) => match caller.acting() {
            Ok(account) => {
                crate::app::creation::create_game(state.clone().into_inner(), account, new)
                    .await
                    .map_err(|e| create_refused(e, t.locale()))
            }
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    match created {
        Ok(outcome) => Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/games/{}?lang={}", outcome.view().id, t.lang),
            ))
            .finish()),
        Err(e) => answer(state, &req, p, t, Err(e), "game").await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_list_reads_names_and_addresses_and_names_the_wrong_line() {
        let t = Texts::for_locale("en");
        let list = "\u{feff}Ad Soyad;E-posta\nAyşe Yılmaz; ayse@okul.tr\n\n\"Mehmet Öz\"\nCan Demir\tcan@okul.tr\n";
        assert_eq!(
            read_class(list, t).unwrap(),
            vec![
                ("Ayşe Yılmaz".to_owned(), Some("ayse@okul.tr".to_owned())),
                ("Mehmet Öz".to_owned(), None),
                ("Can Demir".to_owned(), Some("can@okul.tr".to_owned())),
            ]
        );
        let wrong = read_class("Ayşe\nMehmet, not-an-address\n", t).unwrap_err();
        assert!(wrong.contains('2'), "{wrong}");
        assert!(read_class(" \n\n", t).is_err());
        let many: String = (0..=MAX_CLASS).map(|i| format!("Pupil {i}\n")).collect();
        assert!(read_class(&many, t).is_err());
    }
}
