//! Tournaments' pages: the list, with a new tournament's form for organisers; a tournament's
//! public page (players, rounds with their pairings and results, standings with each
//! tie-break's value, the crosstable, school standings), live as results come in; the
//! arbiter's page (register, pair, publish, enter and correct results, withdrawals, byes,
//! finish) on the same commands as the JSON API; and A4 sheets to print.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::Rules;
use domain::games::GameKind;
use domain::ids::PlayerId;
use domain::tournament::{
    ByeKind, Command, Entrant, Play, System, Team, TeamTiebreak, Tournament, TournamentState,
};
use pairing::trf;
use serde::Deserialize;

use super::auth::Caller;
use super::error::ApiError;
use super::page;
use super::tournaments::{
    codes_of, command, create, folded, outcome, result_text, tournament_id, NewTournament,
};
use crate::app::AppState;
use crate::i18n::{points, Texts};
use crate::store::PlayerRow;
use crate::zone::Zone;

/// A tournament as the pages show it.
struct Shown {
    id: String,
    name: String,
    /// System, rounds, how it is played, place, days.
    facts: Vec<String>,
    players: Vec<PlayerLine>,
    /// Newest first.
    rounds: Vec<RoundLine>,
    codes: Vec<String>,
    standings: Vec<StandingLine>,
    /// Round numbers, for the crosstable's head.
    round_numbers: Vec<u16>,
    crosstable: Vec<CrossLine>,
    schools: Vec<TeamLine>,
    finished: bool,
    version: i64,
}

struct PlayerLine {
    number: usize,
    id: String,
    name: String,
    rating: String,
    school: String,
    class: String,
    withdrawn: bool,
}

struct RoundLine {
    number: u16,
    /// "Round 3".
    title: String,
    /// Published when, starting when; or not yet.
    note: String,
    missing: usize,
    boards: Vec<BoardLine>,
}

struct BoardLine {
    /// None: the pairing-allocated bye.
    board: Option<usize>,
    white_id: String,
    white: String,
    black: String,
    result: String,
    game: Option<String>,
}

struct StandingLine {
    rank: usize,
    name: String,
    values: Vec<String>,
}

struct CrossLine {
    rank: usize,
    name: String,
    cells: Vec<String>,
    points: String,
}

struct TeamLine {
    rank: usize,
    team: String,
    points: String,
    tiebreak: String,
}

fn board_result(o: Option<domain::tournament::Outcome>) -> String {
    match o {
        None => String::new(),
        Some(domain::tournament::Outcome::Draw) => "½-½".to_owned(),
        Some(o) => result_text(o).to_owned(),
    }
}

/// The tournament as `t` (the reader's language) and `zone` (their time zone) show it.
fn shown(id: &str, tour: &Tournament, version: i64, t: Texts, zone: &Zone) -> Shown {
    let setup = &tour.setup;
    let name_of = |p: PlayerId| {
        tour.player(p)
            .map(|p| p.entrant.name.clone())
            .unwrap_or_default()
    };
    let mut facts = vec![
        t.text(match setup.system {
            System::Swiss => "page-tournament-swiss",
            System::RoundRobin => "page-tournament-round-robin",
            System::DoubleRoundRobin => "page-tournament-double-round-robin",
        }),
        t.get(
            "page-tournament-rounds",
            &[("rounds", setup.rounds.to_string())],
        ),
        match &setup.play {
            Play::OverTheBoard => t.text("page-tournament-over-the-board"),
            Play::Online(o) => format!(
                "{} ({})",
                t.text("page-tournament-online"),
                t.text(&format!(
                    "game-{}",
                    o.game.as_deref().unwrap_or(domain::game::UNNAMED_GAME)
                ))
            ),
        },
    ];
    facts.extend(setup.place.clone());
    match (&setup.start_date, &setup.end_date) {
        (Some(a), Some(b)) if a != b => facts.push(format!("{a} – {b}")),
        (Some(a), _) | (None, Some(a)) => facts.push(a.clone()),
        (None, None) => {}
    }
    let players = tour
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerLine {
            number: i + 1,
            id: p.entrant.player.to_string(),
            name: p.entrant.name.clone(),
            rating: p.entrant.rating.map(|r| r.to_string()).unwrap_or_default(),
            school: p.entrant.school.clone().unwrap_or_default(),
            class: p.entrant.class.clone().unwrap_or_default(),
            withdrawn: p.withdrawn_from.is_some(),
        })
        .collect();
    let mut rounds: Vec<RoundLine> = tour
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let note = match &r.published {
                None => t.text("page-tournament-not-published"),
                Some(p) => {
                    let mut note = t.get(
                        "page-tournament-published",
                        &[("at", t.local_time(p.at, zone))],
                    );
                    if let Some(s) = p.starts_at {
                        note.push_str(" · ");
                        note.push_str(
                            &t.get("page-tournament-starts", &[("at", t.local_time(s, zone))]),
                        );
                    }
                    note
                }
            };
            let mut board = 0;
            let boards = r
                .boards
                .iter()
                .map(|(p, o)| BoardLine {
                    board: p.black.map(|_| {
                        board += 1;
                        board
                    }),
                    white_id: p.white.to_string(),
                    white: name_of(p.white),
                    black: p
                        .black
                        .map(name_of)
                        .unwrap_or_else(|| t.text("page-tournament-bye")),
                    // The bye's points are known when it is paired.
                    result: match p.black {
                        Some(_) => board_result(*o),
                        None => points(i64::from(setup.scoring.pairing_bye) * 10),
                    },
                    game: r.game_of(p.white).map(|g| g.to_string()),
                })
                .collect();
            let number = u16::try_from(i + 1).unwrap_or(u16::MAX);
            RoundLine {
                number,
                title: t.get("page-tournament-round", &[("round", number.to_string())]),
                note,
                missing: r.missing(),
                boards,
            }
        })
        .collect();
    rounds.reverse();
    let codes = codes_of(tour);
    let table = tour.standings(&codes);
    let rank_of = |number: u16| {
        table
            .rows
            .iter()
            .find(|r| r.id == number)
            .map_or(0, |r| r.rank)
    };
    let mut rows = table.rows.clone();
    rows.sort_by_key(|r| (r.rank, r.id));
    let standings = rows
        .iter()
        .map(|r| StandingLine {
            rank: r.rank,
            name: tour
                .players
                .get(usize::from(r.id).wrapping_sub(1))
                .map(|p| p.entrant.name.clone())
                .unwrap_or_default(),
            values: r
                .values
                .iter()
                .map(|v| v.map(|v| points(v.hundredths())).unwrap_or_default())
                .collect(),
        })
        .collect();
    let report = tour.report(tour.next_round());
    let (white, black) = (t.text("page-tournament-w"), t.text("page-tournament-b"));
    let crosstable = rows
        .iter()
        .filter_map(|r| {
            let p = report.players.iter().find(|p| p.id == r.id)?;
            let cells = p
                .rounds
                .iter()
                .take(tour.complete_rounds())
                .map(|e| {
                    use trf::Outcome as O;
                    let mark = match e.outcome {
                        O::Win | O::WinUnrated => "1",
                        O::Draw | O::DrawUnrated | O::HalfBye => "½",
                        O::Loss | O::LossUnrated | O::ZeroBye => "0",
                        O::ForfeitWin | O::FullBye | O::PairingBye => "+",
                        O::ForfeitLoss => "−",
                    };
                    match (e.opponent, e.colour) {
                        (Some(o), Some(c)) => {
                            let colour = if c == trf::Colour::White {
                                &white
                            } else {
                                &black
                            };
                            format!("{}{colour}{mark}", rank_of(o))
                        }
                        _ => mark.to_owned(),
                    }
                })
                .collect();
            Some(CrossLine {
                rank: r.rank,
                name: p.name.clone(),
                cells,
                points: r
                    .values
                    .first()
                    .copied()
                    .flatten()
                    .map(|v| points(v.hundredths()))
                    .unwrap_or_default(),
            })
        })
        .collect();
    let schools = tour
        .team_standings(Team::School, 4, &codes, TeamTiebreak::SumOfTiebreaks)
        .into_iter()
        .map(|r| TeamLine {
            rank: r.rank,
            team: r.team,
            points: points(r.points),
            tiebreak: points(r.tiebreak),
        })
        .collect();
    Shown {
        id: id.to_owned(),
        name: setup.name.clone(),
        facts,
        players,
        rounds,
        codes: codes.iter().map(ToString::to_string).collect(),
        standings,
        round_numbers: (1..=u16::try_from(tour.complete_rounds()).unwrap_or(0)).collect(),
        crosstable,
        schools,
        finished: tour.finished,
        version,
    }
}

/// Who reads: the nav's line and whether they organise.
fn nav(caller: &Caller, t: Texts) -> (Option<String>, page::Staff) {
    let signed_in = caller
        .player()
        .map(|p| t.get("page-signed-in-as", &[("name", p.name.clone())]));
    (signed_in, page::Staff::of(caller.player()))
}

/// Whether `caller` runs `tour` (one of its arbiters).
fn runs(caller: &Caller, tour: &Tournament) -> bool {
    caller
        .player()
        .and_then(|p| PlayerId::parse(&p.id).ok())
        .is_some_and(|me| tour.setup.run_by(me))
}

/// The tournament `id` and its log's length, if `caller` may read it; else a 404 page, or
/// the way to sign in where signing in may let them.
async fn load(
    state: &web::Data<AppState>,
    caller: &Caller,
    id: &str,
    t: Texts,
) -> Result<Result<(String, Box<Tournament>, i64), HttpResponse>, ApiError> {
    let not_found = || {
        let notice = page::Notice {
            t,
            title: "page-tournament-not-found",
            text: "page-tournament-not-found-text",
            link: Some(("/tournaments", "page-tournaments")),
        };
        page::html(StatusCode::NOT_FOUND, &notice)
    };
    let Ok(id) = tournament_id(id, &Caller::Anonymous) else {
        return Ok(Err(not_found()?));
    };
    let s = state.clone();
    let key = id.clone();
    let folded = web::block(move || s.tournament_folds.current(&s.store, &key)).await??;
    let TournamentState::Created(tour) = &folded.state else {
        return Ok(Err(not_found()?));
    };
    use crate::app::reads::Access;
    match crate::app::reads::tournament_access(tour, caller.player(), caller.is_admin()) {
        Access::Allowed => Ok(Ok((id, tour.clone(), folded.seq))),
        Access::SignIn => Ok(Err(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/login?lang={}&next=/tournaments/{id}", t.lang),
            ))
            .finish())),
        Access::Hidden => Ok(Err(not_found()?)),
    }
}

// ---------------------------------------------------------------------- the list

#[derive(Template)]
#[template(path = "pages/tournaments.html")]
struct ListPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: super::page::Staff,
    tournaments: Vec<(String, String, String)>,
    refused: Option<String>,
    /// The games an online tournament's games may be, by name, in the reader's words.
    kinds: Vec<(&'static str, String)>,
    /// Every game's rule sets, by name, in the reader's words.
    rule_sets: Vec<(&'static str, String)>,
}

async fn list(
    state: web::Data<AppState>,
    req: &HttpRequest,
    refused: Option<(StatusCode, String)>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = page::viewer(&state, req).await?;
    let csrf = super::csrf::Csrf::for_page(&state, req);
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
        kinds: GameKind::ALL
            .iter()
            .map(|k| (k.name(), t.text(&format!("game-{}", k.name()))))
            .collect(),
        rule_sets: GameKind::ALL
            .iter()
            .flat_map(|k| k.rule_sets())
            .map(|r| (r.as_str(), t.text(&format!("rules-{}", r.as_str()))))
            .collect(),
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
    csrf: Option<String>,
}

#[post("/tournaments")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn new_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<NewTournamentForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = page::viewer(&state, &req).await?;
    let form = form.into_inner();
    let online = form.play.as_deref() == Some("online");
    let body = NewTournament {
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
        ..NewTournament::default()
    };
    let made = create(state.clone(), &caller, body).await;
    to_run_page(state, &req, t, made).await
}

/// A tournament made from the list's page: its arbiter's page; else the list again with the
/// reason, beside the forms.
async fn to_run_page(
    state: web::Data<AppState>,
    req: &HttpRequest,
    t: Texts,
    made: Result<super::tournaments::TournamentView, ApiError>,
) -> Result<HttpResponse, ApiError> {
    match made {
        Ok(view) => Ok(see_other(&format!(
            "/tournaments/{}/run?lang={}",
            view.id, t.lang
        ))),
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
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = page::viewer(&state, &req).await?;
    let made = super::tournaments::import_report(state.clone(), &caller, &form.trf).await;
    to_run_page(state, &req, t, made).await
}

fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("location", location.to_owned()))
        .finish()
}

// ---------------------------------------------------------------------- the public page

#[derive(Template)]
#[template(path = "pages/tournament.html")]
struct TournamentPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: String,
    staff: super::page::Staff,
    runs: bool,
    s: Shown,
}

#[get("/tournaments/{id}")]
pub async fn tournament_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = page::viewer(&state, &req).await?;
    let (id, tour, version) = match load(&state, &caller, &id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    let csrf = super::csrf::Csrf::for_page(&state, &req);
    let zone = Zone::of_reader(caller.player());
    let (signed_in, staff) = nav(&caller, t);
    let page = TournamentPage {
        t,
        signed_in,
        csrf: csrf.token.clone(),
        here: format!("/tournaments/{id}"),
        staff,
        runs: runs(&caller, &tour),
        s: shown(&id, &tour, version, t, &zone),
    };
    Ok(csrf.answer(page::html(StatusCode::OK, &page)?))
}

// ---------------------------------------------------------------------- the arbiter's page

#[derive(Template)]
#[template(path = "pages/tournament-run.html")]
struct RunPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: String,
    staff: super::page::Staff,
    s: Shown,
    online: bool,
    done: Option<String>,
    refused: Option<String>,
    /// The organiser's players not yet registered: (id, name).
    candidates: Vec<(String, String)>,
    /// The organiser's classes: (value, label).
    classes: Vec<(String, String)>,
    next_round: u16,
    rounds: u16,
    /// The latest round, if paired and not yet published.
    to_publish: Option<u16>,
    can_pair: bool,
    can_finish: bool,
    results: [(&'static str, &'static str); 6],
}

/// The results a form offers: (value, as shown).
const RESULTS: [(&str, &str); 6] = [
    ("1-0", "1-0"),
    ("1/2-1/2", "½-½"),
    ("0-1", "0-1"),
    ("+/-", "+/−"),
    ("-/+", "−/+"),
    ("0-0", "0-0"),
];

/// The page for the tournament's arbiter; anyone else is sent to the public page (to sign in
/// first if they are not).
async fn run_page(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: &str,
    done: Option<String>,
    refused: Option<(StatusCode, String)>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = page::viewer(&state, req).await?;
    let (id, tour, version) = match load(&state, &caller, id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    let Some(me) = caller.player().filter(|_| runs(&caller, &tour)).cloned() else {
        let next = if caller.player().is_some() {
            format!("/tournaments/{id}?lang={}", t.lang)
        } else {
            format!("/login?lang={}&next=/tournaments/{id}/run", t.lang)
        };
        return Ok(see_other(&next));
    };
    let csrf = super::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    let key = me.id.clone();
    let mine = web::block(move || s.store.players_created_by(&key)).await??;
    let registered = |p: &PlayerRow| {
        PlayerId::parse(&p.id)
            .ok()
            .and_then(|id| tour.player(id))
            .is_some()
    };
    let candidates = mine
        .iter()
        .filter(|p| !registered(p))
        .map(|p| (p.id.clone(), p.name.clone()))
        .collect();
    let mut classes: Vec<(String, String)> = Vec::new();
    for p in mine.iter().filter(|p| !registered(p)) {
        let (school, class) = (
            p.school.clone().unwrap_or_default(),
            p.class_name.clone().unwrap_or_default(),
        );
        if school.is_empty() && class.is_empty() {
            continue;
        }
        let value = format!("{school}\u{1f}{class}");
        if !classes.iter().any(|c| c.0 == value) {
            let label = [class, school]
                .into_iter()
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
                .join(", ");
            classes.push((value, label));
        }
    }
    let latest = tour.rounds.last();
    let to_publish = latest
        .filter(|r| r.published.is_none())
        .map(|_| u16::try_from(tour.rounds.len()).unwrap_or(u16::MAX));
    let can_pair = !tour.finished
        && tour.next_round() <= tour.setup.rounds
        && latest.is_none_or(|r| r.missing() == 0);
    let can_finish = !tour.finished
        && tour.rounds.iter().all(|r| r.missing() == 0)
        && tour.next_round() > tour.setup.rounds;
    let zone = Zone::of(&me);
    let status = refused.as_ref().map_or(StatusCode::OK, |r| r.0);
    let page = RunPage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", me.name.clone())])),
        csrf: csrf.token.clone(),
        here: format!("/tournaments/{id}/run"),
        staff: page::Staff::of(Some(&me)),
        online: matches!(tour.setup.play, Play::Online(_)),
        done,
        refused: refused.map(|r| r.1),
        candidates,
        classes,
        next_round: tour.next_round(),
        rounds: tour.setup.rounds,
        to_publish,
        can_pair,
        can_finish,
        results: RESULTS,
        s: shown(&id, &tour, version, t, &zone),
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

#[derive(Deserialize)]
pub struct DoneQuery {
    done: Option<String>,
}

#[get("/tournaments/{id}/run")]
pub async fn run_tournament_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    q: web::Query<DoneQuery>,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts(&req);
    let done = q
        .done
        .as_deref()
        .and_then(|d| ACTIONS.iter().find(|a| a.0 == d))
        .map(|a| t.text(a.1));
    run_page(state, &req, &id, done, None).await
}

/// What the arbiter's forms do, and what the page then says.
const ACTIONS: [(&str, &str); 10] = [
    ("register", "page-tournament-done-register"),
    ("class", "page-tournament-done-class"),
    ("pair", "page-tournament-done-pair"),
    ("publish", "page-tournament-done-publish"),
    ("result", "page-tournament-done-result"),
    ("correct", "page-tournament-done-correct"),
    ("withdraw", "page-tournament-done-withdraw"),
    ("bye", "page-tournament-done-bye"),
    ("finish", "page-tournament-done-finish"),
    ("continue", "page-tournament-done-continue"),
];

#[derive(Deserialize)]
pub struct RunForm {
    action: String,
    csrf: Option<String>,
    player: Option<String>,
    rating: Option<String>,
    class: Option<String>,
    round: Option<u32>,
    white: Option<String>,
    result: Option<String>,
    reason: Option<String>,
    half: Option<String>,
    /// `YYYY-MM-DDTHH:MM` in the arbiter's time zone.
    starts_at: Option<String>,
    /// The position a board reached, to continue it in zarf.
    fen: Option<String>,
}

#[post("/tournaments/{id}/run")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn run_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<RunForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = page::viewer(&state, &req).await?;
    let Some(me) = caller.player().cloned() else {
        return Ok(see_other(&format!(
            "/login?lang={}&next=/tournaments/{id}/run",
            t.lang
        )));
    };
    let form = form.into_inner();
    let done = act(&state, &caller, &me, &id, &form, t).await;
    match done {
        Ok(()) => Ok(see_other(&format!(
            "/tournaments/{id}/run?lang={}&done={}",
            t.lang, form.action
        ))),
        Err(e) if e.status.is_client_error() => {
            let reason = e.reason(&t);
            run_page(state, &req, &id, None, Some((e.status, reason))).await
        }
        Err(e) => Err(e),
    }
}

/// Does what the arbiter's form asks, through the tournament's commands.
async fn act(
    state: &web::Data<AppState>,
    caller: &Caller,
    me: &PlayerRow,
    id: &str,
    form: &RunForm,
    t: Texts,
) -> Result<(), ApiError> {
    let id = tournament_id(id, caller)?;
    let player = |text: Option<&str>| {
        PlayerId::parse(text.unwrap_or_default())
            .map_err(|_| ApiError::bad_request(t.text("page-tournament-choose-player")))
    };
    let round = || {
        form.round
            .and_then(|r| u16::try_from(r).ok())
            .filter(|r| (1..=99).contains(r))
            .ok_or_else(|| ApiError::bad_request("round: 1 to 99"))
    };
    let result = || outcome(form.result.as_deref().unwrap_or_default());
    let run = |c: Command| command(state.clone(), caller, &id, c);
    match form.action.as_str() {
        "register" | "class" => {
            let mine = {
                let s = state.clone();
                let key = me.id.clone();
                web::block(move || s.store.players_created_by(&key)).await??
            };
            let chosen: Vec<&PlayerRow> = if form.action == "register" {
                let p = player(form.player.as_deref())?.to_string();
                mine.iter().filter(|m| m.id == p).collect()
            } else {
                let class = form.class.clone().unwrap_or_default();
                mine.iter()
                    .filter(|m| {
                        format!(
                            "{}\u{1f}{}",
                            m.school.as_deref().unwrap_or_default(),
                            m.class_name.as_deref().unwrap_or_default()
                        ) == class
                    })
                    .collect()
            };
            if chosen.is_empty() {
                return Err(ApiError::bad_request(
                    t.text("page-tournament-choose-player"),
                ));
            }
            let rating = match form.rating.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(r) => Some(
                    r.parse::<u16>()
                        .ok()
                        .filter(|r| *r <= 3500)
                        .ok_or_else(|| ApiError::bad_request("rating: 0 to 3500"))?,
                ),
            };
            let tour = {
                let s = state.clone();
                let key = id.clone();
                web::block(move || folded(&s, &key)).await??
            };
            for p in chosen {
                // Without a rating given, the player's zarf rating in the tournament's game.
                let rating = match &tour {
                    TournamentState::Created(tournament) => {
                        let (s, tournament, who) =
                            (state.clone(), tournament.clone(), p.id.clone());
                        web::block(move || {
                            crate::app::profiles::entrant_rating(&s, &tournament, &who, rating)
                        })
                        .await?
                        .map_err(|e| ApiError::command(e, t.locale()))?
                    }
                    TournamentState::NotCreated => rating,
                };
                let entrant = Entrant {
                    player: player(Some(&p.id))?,
                    name: crate::app::accounts::recorded_name(p),
                    rating,
                    school: p.school.clone(),
                    class: p.class_name.clone(),
                    birth_year: None,
                    pupil: p.created_by.is_some(),
                };
                run(Command::Register(entrant)).await?;
            }
        }
        "pair" => drop(run(Command::PairNextRound).await?),
        "publish" => {
            let starts_at = match form.starts_at.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(text) => {
                    let format =
                        time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]");
                    let local = time::PrimitiveDateTime::parse(text, &format)
                        .map_err(|_| ApiError::bad_request("starts_at: a day and a time"))?;
                    let at = Zone::of(me).instant(local);
                    (at > crate::store::now()).then_some(at)
                }
            };
            super::tournaments::publish_round(state.clone(), caller, &id, round()?, starts_at)
                .await?;
        }
        "result" | "correct" => {
            let board = (round()?, player(form.white.as_deref())?);
            let command = if form.action == "result" {
                Command::RecordResult {
                    round: board.0,
                    white: board.1,
                    outcome: result()?,
                }
            } else {
                Command::CorrectResult {
                    round: board.0,
                    white: board.1,
                    outcome: result()?,
                    reason: form.reason.clone().unwrap_or_default(),
                }
            };
            super::tournaments::result_entered(state.clone(), caller, &id, command, board).await?;
        }
        "withdraw" => drop(
            run(Command::Withdraw {
                player: player(form.player.as_deref())?,
            })
            .await?,
        ),
        "bye" => drop(
            run(Command::RequestBye {
                player: player(form.player.as_deref())?,
                round: round()?,
                kind: if form.half.is_some() {
                    ByeKind::Half
                } else {
                    ByeKind::Zero
                },
            })
            .await?,
        ),
        "finish" => drop(run(Command::Finish).await?),
        "continue" => drop(
            super::tournaments::continue_in_zarf(
                state.clone(),
                caller,
                &id,
                (round()?, player(form.white.as_deref())?),
                form.fen.clone(),
                None,
            )
            .await?,
        ),
        _ => return Err(ApiError::bad_request("action")),
    }
    Ok(())
}

// ---------------------------------------------------------------------- sheets to print

#[derive(Template)]
#[template(path = "pages/tournament-print.html")]
struct PrintPage {
    t: Texts,
    s: Shown,
    /// `pairings`, `slips`, `standings` or `crosstable`.
    sheet: String,
    /// The round the pairings and slips are of.
    round: Option<usize>,
}

#[derive(Deserialize)]
pub struct PrintQuery {
    sheet: Option<String>,
    round: Option<u16>,
}

#[get("/tournaments/{id}/print")]
pub async fn print_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    q: web::Query<PrintQuery>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = page::viewer(&state, &req).await?;
    let (id, tour, version) = match load(&state, &caller, &id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    let sheet = match q.sheet.as_deref() {
        None => "pairings",
        Some(s @ ("pairings" | "slips" | "standings" | "crosstable")) => s,
        Some(_) => {
            return Err(ApiError::bad_request(
                "sheet: pairings, slips, standings or crosstable",
            ))
        }
    };
    let zone = Zone::of_reader(caller.player());
    let s = shown(&id, &tour, version, t, &zone);
    // Rounds are shown newest first: round n is at len - n.
    let round = match q.round {
        Some(n) => s.rounds.iter().position(|r| r.number == n),
        None => (!s.rounds.is_empty()).then_some(0),
    };
    let page = PrintPage {
        t,
        s,
        sheet: sheet.to_owned(),
        round,
    };
    page::html(StatusCode::OK, &page)
}
