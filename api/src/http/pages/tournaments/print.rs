//! Sheets to print: pairings, result slips, standings and the cross table; a cup's bracket.

use super::*;

#[derive(Template)]
#[template(path = "pages/tournament-print.html")]
struct PrintPage {
    t: Texts,
    s: Shown,
    /// `pairings`, `slips`, `standings`, `crosstable` or `bracket` (a cup's, on A4 landscape).
    sheet: String,
    /// The round the pairings and slips are of.
    round: Option<usize>,
    /// A cup over the board: its games still to be played, a slip each.
    cup_slips: Vec<super::bracket::OpenGame>,
    /// Whether its games are played in zarf (a cup's then need no slips).
    online: bool,
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
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let (id, tour, version) = match load(&state, &caller, &id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    let sheet = match q.sheet.as_deref() {
        None => "pairings",
        Some(s @ ("pairings" | "slips" | "standings" | "crosstable" | "bracket")) => s,
        Some(_) => {
            return Err(ApiError::bad_request(
                "sheet: pairings, slips, standings, crosstable or bracket",
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
        cup_slips: super::bracket::open_games(&tour, t),
        online: matches!(tour.setup.play, domain::tournament::Play::Online(_)),
        s,
        sheet: sheet.to_owned(),
        round,
    };
    page::html(StatusCode::OK, &page)
}
