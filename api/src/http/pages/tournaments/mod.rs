//! Tournaments' pages: the list, with a new tournament's form for organisers; a tournament's
//! public page (players, rounds with their pairings and results, standings with each
//! tie-break's value, the crosstable, school standings), live as results come in; the
//! arbiter's page (register, pair, publish, enter and correct results, withdrawals, byes,
//! finish) on the same commands as the JSON API; and A4 sheets to print.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::ids::PlayerId;
use domain::tournament::{
    ByeKind, Command, Play, System, Team, TeamTiebreak, Tournament, TournamentState,
};
use pairing::trf;
use serde::Deserialize;

use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::tournament_commands::{outcome, result_text, run as command, tournament_id};
use crate::i18n::{points, Texts};
use crate::store::PlayerRow;
use crate::zone::Zone;

mod bracket;
mod list;
mod print;
mod run;

pub use list::*;
pub use print::*;
pub use run::*;

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
    /// A cup: its bracket (empty before the draw) and places so far.
    cup: bool,
    bracket: Vec<bracket::BracketPartLine>,
    places: Vec<bracket::PlaceLine>,
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
    let mut rounds = round_lines(tour, t, zone);
    rounds.reverse();
    let codes = tour.tiebreak_codes();
    let table = tour.standings(&codes);
    let mut rows = table.rows.clone();
    rows.sort_by_key(|r| (r.rank, r.id));
    Shown {
        id: id.to_owned(),
        name: tour.setup.name.clone(),
        facts: facts(tour, t),
        players: player_lines(tour),
        rounds,
        codes: codes.iter().map(ToString::to_string).collect(),
        standings: standing_lines(tour, &rows),
        round_numbers: (1..=u16::try_from(tour.complete_rounds()).unwrap_or(0)).collect(),
        crosstable: cross_lines(tour, &rows, t),
        schools: tour
            .team_standings(Team::School, 4, &codes, TeamTiebreak::SumOfTiebreaks)
            .into_iter()
            .map(|r| TeamLine {
                rank: r.rank,
                team: r.team,
                points: points(r.points),
                tiebreak: points(r.tiebreak),
            })
            .collect(),
        cup: tour.setup.system.is_cup(),
        bracket: bracket::bracket_lines(tour, t, zone, crate::store::now()),
        places: bracket::place_lines(tour),
        finished: tour.finished,
        version,
    }
}

/// What the tournament is, in short: its system, rounds, how it is played, where and when.
fn facts(tour: &Tournament, t: Texts) -> Vec<String> {
    let setup = &tour.setup;
    let mut facts = vec![
        t.text(match setup.system {
            System::Swiss => "page-tournament-swiss",
            System::RoundRobin => "page-tournament-round-robin",
            System::DoubleRoundRobin => "page-tournament-double-round-robin",
            System::Knockout => "page-tournament-knockout",
            System::DoubleElimination => "page-tournament-double-elimination",
        }),
        match setup.system.is_cup() {
            true => {
                let terms = tour.cup_terms();
                let mut fact = t.get("page-cup-games", &[("count", terms.games.to_string())]);
                if let Some(days) = terms.match_days {
                    fact.push_str(" · ");
                    fact.push_str(&t.get("page-cup-match-days", &[("count", days.to_string())]));
                }
                fact
            }
            false => t.get(
                "page-tournament-rounds",
                &[("rounds", setup.rounds.to_string())],
            ),
        },
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
    facts
}

/// The players in starting rank.
fn player_lines(tour: &Tournament) -> Vec<PlayerLine> {
    tour.players
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
        .collect()
}

/// Each round paired so far, first to last: when it was published, and its boards.
fn round_lines(tour: &Tournament, t: Texts, zone: &Zone) -> Vec<RoundLine> {
    let name_of = |p: PlayerId| {
        tour.player(p)
            .map(|p| p.entrant.name.clone())
            .unwrap_or_default()
    };
    tour.rounds
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
                        None => points(i64::from(tour.setup.scoring.pairing_bye) * 10),
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
        .collect()
}

/// The standings' lines, in the order of `rows` (by rank).
fn standing_lines(tour: &Tournament, rows: &[pairing::tiebreak::Row]) -> Vec<StandingLine> {
    rows.iter()
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
        .collect()
}

/// The cross table, in the order of `rows` (by rank): each round's opponent by rank, colour
/// and result.
fn cross_lines(tour: &Tournament, rows: &[pairing::tiebreak::Row], t: Texts) -> Vec<CrossLine> {
    let rank_of = |number: u16| rows.iter().find(|r| r.id == number).map_or(0, |r| r.rank);
    let report = tour.report(tour.next_round());
    let (white, black) = (t.text("page-tournament-w"), t.text("page-tournament-b"));
    rows.iter()
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
        .collect()
}

/// Who reads: the nav's line and whether they organise.
fn nav(caller: &Caller, t: Texts) -> (Option<String>, page::Staff) {
    let signed_in = caller
        .player()
        .map(|p| t.get("page-signed-in-as", &[("name", p.name.clone())]));
    (signed_in, page::Staff::of(caller.player()))
}

/// Whether `caller` runs `tour` (one of its arbiters or organisers, or the admin).
fn runs(caller: &Caller, tour: &Tournament) -> bool {
    crate::app::reads::runs_tournament(tour, caller.player(), caller.is_admin())
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
    let folded = web::block(move || crate::app::tournaments::current(&s, &key)).await??;
    let TournamentState::Created(tour) = &folded.state else {
        return Ok(Err(not_found()?));
    };
    use crate::app::reads::Access;
    match crate::app::reads::tournament_access(tour, caller.player(), caller.is_admin()) {
        Access::Allowed => {
            let (s, tour, reader, admin) = (
                state.clone(),
                tour.clone(),
                caller.player().cloned(),
                caller.is_admin(),
            );
            let tour = web::block(move || {
                crate::app::reads::tournament_as_read_by(&s, &tour, reader.as_ref(), admin)
                    .map(Box::new)
            })
            .await??;
            Ok(Ok((id, tour, folded.seq)))
        }
        Access::SignIn => Ok(Err(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/login?lang={}&next=/tournaments/{id}", t.lang),
            ))
            .finish())),
        Access::Hidden => Ok(Err(not_found()?)),
    }
}

// ---------------------------------------------------------------------- the public page

#[derive(Template)]
#[template(path = "pages/tournament.html")]
struct TournamentPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: String,
    staff: crate::http::page::Staff,
    runs: bool,
    /// Where a signed-in player who is not in it stands: `ask` (they may ask to enter),
    /// `asked` (they did), `invited` (they may accept or decline), or empty.
    entry: &'static str,
    s: Shown,
}

/// Where `caller` stands towards entering `tour` (see [`TournamentPage::entry`]).
fn entry_for(caller: &Caller, tour: &Tournament) -> &'static str {
    let me = caller.player().and_then(|p| PlayerId::parse(&p.id).ok());
    match me {
        _ if tour.finished || runs(caller, tour) => "",
        Some(me) if tour.player(me).is_some() => "",
        Some(me) if tour.invited.contains(&me) => "invited",
        Some(me) if tour.asked.contains(&me) => "asked",
        Some(_) => "ask",
        None => "",
    }
}

#[get("/tournaments/{id}")]
pub async fn tournament_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let (id, tour, version) = match load(&state, &caller, &id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    let csrf = crate::http::csrf::Csrf::for_page(&state, &req);
    let zone = Zone::of_reader(caller.player());
    let (signed_in, staff) = nav(&caller, t);
    let page = TournamentPage {
        t,
        signed_in,
        csrf: csrf.token.clone(),
        here: format!("/tournaments/{id}"),
        staff,
        runs: runs(&caller, &tour),
        entry: entry_for(&caller, &tour),
        s: shown(&id, &tour, version, t, &zone),
    };
    Ok(csrf.answer(page::html(StatusCode::OK, &page)?))
}
