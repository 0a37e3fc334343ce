//! Creating a tournament.

use super::*;

#[utoipa::path(
    post, path = "/api/v1/tournaments", tag = "tournaments",
    request_body = NewTournament,
    responses(
        (status = 201, description = "The tournament, run by its creator", body = TournamentView),
        (status = 403, description = "Only organisers create tournaments", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewTournament>,
) -> Result<HttpResponse, ApiError> {
    let view = create(state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(view))
}

/// Creates a tournament as `caller` asks, run by them.
pub(crate) async fn create(
    state: web::Data<AppState>,
    caller: &Caller,
    body: NewTournament,
) -> Result<TournamentView, ApiError> {
    let (_, me) = actor(caller)?;
    let name = body.name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("name: 1 to 100 visible characters"));
    }
    let system = match body.system.as_str() {
        "swiss" => System::Swiss,
        "round_robin" => System::RoundRobin,
        "double_round_robin" => System::DoubleRoundRobin,
        _ => {
            return Err(ApiError::bad_request(
                "system: swiss, round_robin or double_round_robin",
            ))
        }
    };
    let rounds = u16::try_from(body.rounds)
        .ok()
        .filter(|r| (1..=99).contains(r))
        .ok_or_else(|| ApiError::bad_request("rounds: 1 to 99"))?;
    let first_colour_white = match body.first_colour.as_deref() {
        None | Some("white") => true,
        Some("black") => false,
        Some(_) => return Err(ApiError::bad_request("first_colour: white or black")),
    };
    if body.arbiters.len() > 10 || body.organisers.len() > 10 {
        return Err(ApiError::bad_request(
            "arbiters, organisers: at most 10 each",
        ));
    }
    let mut organisers: Vec<PlayerId> = Vec::new();
    for o in body.organisers.iter().map(|o| PlayerId::from_uuid(*o)) {
        if !organisers.contains(&o) {
            organisers.push(o);
        }
    }
    let mut arbiters: Vec<PlayerId> = me.into_iter().collect();
    for a in &body.arbiters {
        let a = PlayerId::from_uuid(*a);
        if !arbiters.contains(&a) {
            arbiters.push(a);
        }
    }
    let place = match body.place.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) if p.chars().count() > 100 || p.chars().any(char::is_control) => {
            return Err(ApiError::bad_request(
                "place: at most 100 visible characters",
            ))
        }
        Some(p) => Some(p.to_owned()),
    };
    let start_date = day("start_date", body.start_date.as_deref())?;
    let end_date = day("end_date", body.end_date.as_deref())?;
    if let (Some(start), Some(end)) = (start_date, end_date) {
        if end < start {
            return Err(ApiError::bad_request("end_date: not before start_date"));
        }
    }
    // The online games' settings are for online games only, and a game is one zarf plays.
    if let Some(name) = body.game.as_deref() {
        if GameKind::named(name).is_none() {
            return Err(ApiError::bad_request(
                "game: chess, checkers, dama or tavla",
            ));
        }
    }
    let play = match (body.play.as_deref(), body.time_control) {
        (None | Some("over_the_board"), None)
            if body.game.is_some()
                || body.rules.is_some()
                || body.ballot.is_some()
                || body.match_length.is_some() =>
        {
            return Err(ApiError::bad_request(
                "game, rules, ballot, match_length: only for a tournament played online",
            ))
        }
        (None | Some("over_the_board"), None) => Play::OverTheBoard,
        (None | Some("over_the_board"), Some(_)) => {
            return Err(ApiError::bad_request(
                "time_control: only for a tournament played online",
            ))
        }
        (Some("online"), Some(time_control)) => {
            time_control.validate().map_err(|e| {
                ApiError::new(
                    actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid_time_control",
                    e.to_string(),
                )
            })?;
            let kind = match body.game.as_deref() {
                None => GameKind::Chess,
                Some(name) => GameKind::named(name)
                    .ok_or_else(|| ApiError::bad_request("game: chess, checkers, dama or tavla"))?,
            };
            let rules = match body.rules {
                None => kind.rule_sets()[0],
                Some(r) if kind.rule_sets().contains(&r) => r,
                Some(_) => {
                    return Err(ApiError::bad_request(
                        "rules: not one of the game's rule sets",
                    ))
                }
            };
            // A game with a ballot plays it unless told not to.
            let ballot = match (body.ballot, kind.ballot()) {
                (Some(true), None) => {
                    return Err(ApiError::bad_request("ballot: the game has no ballot"))
                }
                (Some(b), _) => b,
                (None, deck) => deck.is_some(),
            };
            // A match's length only where the game is played as a match, within its bounds.
            let match_length = match (body.match_length, kind.match_lengths(rules)) {
                (None, _) => None,
                (Some(_), None) => {
                    return Err(ApiError::bad_request(
                        "match_length: the game is not played as a match",
                    ))
                }
                (Some(n), Some(lengths)) if (1..=lengths.max).contains(&n) => Some(n),
                (Some(_), Some(lengths)) => {
                    return Err(ApiError::bad_request(format!(
                        "match_length: from 1 to {}",
                        lengths.max
                    )))
                }
            };
            Play::Online(OnlineGames {
                game: (kind != GameKind::Chess).then(|| kind.name().to_owned()),
                time_control,
                rules,
                ballot,
                match_length,
            })
        }
        (Some("online"), None) => {
            return Err(ApiError::bad_request(
                "time_control: an online tournament's games need one",
            ))
        }
        (Some(_), _) => return Err(ApiError::bad_request("play: over_the_board or online")),
    };
    if let Some(codes) = &body.tiebreaks {
        if codes.len() > 12 || codes.iter().any(|c| c.len() > 16) {
            return Err(ApiError::bad_request("tiebreaks: at most 12 codes"));
        }
    }
    let visibility = match (body.visibility, caller.player()) {
        (Some(v), _) => Some(v),
        (None, Some(me)) if caller.is_organiser() => {
            let (store, me) = (state.store.clone(), me.id.clone());
            web::block(move || store.school_visibility(&me))
                .await??
                .as_deref()
                .and_then(domain::game::Visibility::parse)
        }
        (None, _) => None,
    };
    let id = uuid::Uuid::now_v7().to_string();
    let created = Command::Create(TournamentCreated {
        scoring: body
            .points
            .map(PointsBody::scoring)
            .transpose()?
            .unwrap_or_default(),
        first_colour_white,
        baku: body.baku && system == System::Swiss,
        place,
        start_date: start_date.map(|d| d.to_string()),
        end_date: end_date.map(|d| d.to_string()),
        play,
        half_point_byes: body.half_point_byes.unwrap_or(true),
        tiebreaks: body.tiebreaks.filter(|c| !c.is_empty()),
        organisers,
        visibility,
        ..TournamentCreated::new(name, system, rounds, arbiters)
    });
    command(state, caller, &id, created).await
}

/// A day as `YYYY-MM-DD`.
pub(super) fn day(field: &str, text: Option<&str>) -> Result<Option<time::Date>, ApiError> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => time::Date::parse(t, &format)
            .map(Some)
            .map_err(|_| ApiError::bad_request(format!("{field}: a day, YYYY-MM-DD"))),
    }
}
