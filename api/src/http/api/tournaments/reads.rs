//! Reading a tournament: its report file, standings, team standings and games' records.

use super::*;

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/report.trf", tag = "tournaments",
    description = "The tournament as FIDE's Tournament Report File (TRF-2026), for pairing engines and rating officers.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "The report file", content_type = "text/plain", body = String),
        (status = 404, body = ErrorBody),
    )
)]
#[get("/api/v1/tournaments/{id}/report.trf")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn report(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let text = read_tournament(state, &caller, &id, |_, t| {
        Ok(t.report(t.next_round()).write())
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsView {
    /// The tie-breaks, PTS first (the tournament's, else FIDE's recommendation for its system).
    pub tiebreaks: Vec<String>,
    pub rows: Vec<StandingsRow>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsRow {
    pub rank: usize,
    pub number: u16,
    pub id: String,
    pub name: String,
    /// Each tie-break's value, in the order of `tiebreaks`.
    pub values: Vec<Option<f64>>,
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/standings", tag = "tournaments",
    description = "The standings after the rounds played, by the FIDE tie-breaks (C.07, 2026).",
    params(("id" = String, Path, description = "Tournament id")),
    responses((status = 200, body = StandingsView), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/tournaments/{id}/standings")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn standings(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let answer = read_tournament(state, &caller, &id, |_, t| {
        let codes = codes_of(t);
        let table = t.standings(&codes);
        let mut rows: Vec<StandingsRow> = table
            .rows
            .iter()
            .filter_map(|row| {
                let p = t.players.get(usize::from(row.id).checked_sub(1)?)?;
                Some(StandingsRow {
                    rank: row.rank,
                    number: row.id,
                    id: p.entrant.player.to_string(),
                    name: p.entrant.name.clone(),
                    values: row.values.iter().map(|v| v.map(|v| v.as_f64())).collect(),
                })
            })
            .collect();
        rows.sort_by_key(|r| (r.rank, r.number));
        Ok(StandingsView {
            tiebreaks: codes.iter().map(Code::to_string).collect(),
            rows,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The standings' tie-breaks (PTS first).
pub(crate) fn codes_of(t: &domain::tournament::Tournament) -> Vec<Code> {
    t.tiebreak_codes()
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct TeamQuery {
    /// `school` (the default) or `class`.
    #[param(pattern = "^(school|class)?$")]
    pub by: Option<String>,
    /// How many of each team's players count (default 4).
    #[param(minimum = 1, maximum = 100)]
    pub best: Option<u32>,
    /// `sum` (of the counted players' first tie-break; the default) or `best_board`.
    #[param(pattern = "^(sum|best_board)?$")]
    pub tiebreak: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TeamView {
    pub team: String,
    pub rank: usize,
    pub points: f64,
    pub tiebreak: f64,
    /// The individual rank of the team's best player.
    pub best_board: usize,
    /// The players whose results count, best first.
    pub counted: Vec<String>,
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/teams", tag = "tournaments",
    description = "Schools' (or classes') standings from individual results: each team's best players' points summed. In a cup, the best players by place count, and points are the matches they won (tie-break: their games' points); none before the draw.",
    params(("id" = String, Path, description = "Tournament id"), TeamQuery),
    responses((status = 200, body = [TeamView]), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/tournaments/{id}/teams")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn teams(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    query: web::Query<TeamQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let by = match query.by.as_deref() {
        None | Some("" | "school") => Team::School,
        Some("class") => Team::Class,
        Some(_) => return Err(ApiError::bad_request("by: school or class")),
    };
    let tiebreak = match query.tiebreak.as_deref() {
        None | Some("" | "sum") => TeamTiebreak::SumOfTiebreaks,
        Some("best_board") => TeamTiebreak::BestBoard,
        Some(_) => return Err(ApiError::bad_request("tiebreak: sum or best_board")),
    };
    let best = match query.best {
        None => 4,
        Some(n @ 1..=100) => n as usize,
        Some(_) => return Err(ApiError::bad_request("best: 1 to 100")),
    };
    let rows: Vec<TeamView> = read_tournament(state, &caller, &id, move |_, t| {
        let hundredths = |v: i64| v as f64 / 100.0;
        Ok(t.team_standings(by, best, &codes_of(t), tiebreak)
            .into_iter()
            .map(|r| TeamView {
                team: r.team,
                rank: r.rank,
                points: hundredths(r.points),
                tiebreak: hundredths(r.tiebreak),
                best_board: r.best_board,
                counted: r.counted.iter().map(ToString::to_string).collect(),
            })
            .collect())
    })
    .await?;
    Ok(HttpResponse::Ok().json(rows))
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/games.pgn", tag = "tournaments",
    description = "Every game the tournament played in zarf, round by round and board by board (a cup's match by match), in the game's record format (PGN; PDN for draughts; a match file for tavla), each as `/api/v1/games/{id}/pgn` gives it. Games played over the board are not in zarf: their results are in the report file.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "PGN, PDN for draughts, a match file for tavla", content((String = "application/x-chess-pgn"), (String = "application/x-pdn"), (String = "text/plain"))),
        (status = 404, body = ErrorBody),
    )
)]
#[get("/api/v1/tournaments/{id}/games.pgn")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn games_pgn(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (text, media_type) = read_tournament(state, &caller, &id, |state, t| {
        // Every board plays the tournament's game: the media type of its record.
        let game = match &t.setup.play {
            Play::Online(o) => o.game.as_deref(),
            Play::OverTheBoard => None,
        };
        let kind =
            <GameKind as domain::game::Rules>::named(game.unwrap_or(domain::game::UNNAMED_GAME));
        let media_type = kind.map_or("application/x-chess-pgn", |k| {
            crate::games::record_file(k).1
        });
        // A round's boards in order, then a cup's matches in bracket order.
        let boards = t.rounds.iter().flat_map(|round| {
            round
                .boards
                .iter()
                .filter_map(|(pairing, _)| round.game_of(pairing.white))
        });
        let matches = t
            .cup
            .iter()
            .flat_map(|c| c.games.values().flatten().map(|g| g.game));
        let mut games = Vec::new();
        for game in boards.chain(matches) {
            {
                let (log, _) = crate::app::game_reads::events(state, &game.to_string())?;
                if log.is_empty() {
                    // Not created yet: the scheduler's sweep will.
                    continue;
                }
                let events: Vec<_> = log.into_iter().map(|e| e.event).collect();
                games.push(
                    domain::game::export_pgn::<GameKind>(&events).map_err(ApiError::internal)?,
                );
            }
        }
        Ok((games.join("\n"), media_type))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type(format!("{media_type}; charset=utf-8"))
        .body(text))
}
