//! A cup's bracket, and the arbiter's decision of a match.

use domain::tournament::{BracketPart, CupTerms, Decision, MatchRef, SeedingRule, TieRule};

use super::*;

/// A cup's terms as the tournament shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct CupView {
    /// `rating`, `given` or `lot`.
    pub seeding: String,
    /// The games of a match proper (tavla: one match).
    pub games_per_match: u16,
    /// Pairs of games a tied match plays on for before the tie rule.
    pub extra_pairs: u16,
    /// `higher_seed`, `lot` or `arbiter`.
    pub tie_rule: String,
    pub third_place: bool,
    /// Tavla: the points each round's match is played to, round 1 first, the last for the
    /// rounds after.
    pub match_lengths: Vec<u16>,
    /// The days a match has from its first games; null: no deadline.
    pub match_days: Option<u16>,
}

impl CupView {
    pub(super) fn of(terms: &CupTerms) -> CupView {
        CupView {
            seeding: match terms.seeding {
                SeedingRule::Rating => "rating",
                SeedingRule::Given => "given",
                SeedingRule::Lot => "lot",
            }
            .into(),
            games_per_match: terms.games,
            extra_pairs: terms.extra_pairs,
            tie_rule: tie_rule_name(terms.tie_rule).into(),
            third_place: terms.third_place,
            match_lengths: terms.match_lengths.clone(),
            match_days: terms.match_days,
        }
    }
}

fn tie_rule_name(rule: TieRule) -> &'static str {
    match rule {
        TieRule::HigherSeed => "higher_seed",
        TieRule::Lot => "lot",
        TieRule::Arbiter => "arbiter",
    }
}

/// A cup's bracket as it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct BracketView {
    /// Whether the cup is drawn (before, it has no rounds).
    pub drawn: bool,
    pub finished: bool,
    /// The winners' bracket round by round, then the losers', then the finals (a double
    /// elimination's grand final and its reset; a knockout's match for third place).
    pub rounds: Vec<BracketRoundView>,
    /// The champion, once the cup is won.
    pub champion: Option<String>,
    /// Places as far as the cup has gone: the champion first, players out in the same round
    /// sharing one.
    pub standings: Vec<PlaceView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BracketRoundView {
    /// `winners`, `losers` or `final`.
    pub bracket: String,
    /// From 1, within its bracket.
    pub round: u16,
    /// Top to bottom.
    pub matches: Vec<BracketMatchView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BracketMatchView {
    /// Its place in the round, from 1.
    pub number: u16,
    /// Each side's seed; null: a bye, or not known yet.
    pub seeds: Vec<Option<u32>>,
    /// Each side's player id; null: a bye, or not known yet.
    pub players: Vec<Option<String>>,
    pub names: Vec<Option<String>>,
    /// Whether each side is a bye (no one will stand there).
    pub byes: Vec<bool>,
    /// Each side's points from its games.
    pub score: Vec<f64>,
    pub winner: Option<String>,
    /// How it was decided: `games`, `higher_seed`, `lot`, `walkover` or `arbiter`.
    pub decided_by: Option<String>,
    /// The arbiter's reason.
    pub reason: Option<String>,
    /// Its games in zarf, in the order played.
    pub games: Vec<String>,
    /// When it is to be decided by (RFC 3339), where the cup sets days for a match and it has
    /// started.
    pub deadline: Option<String>,
    /// Still being played past its deadline: the arbiter is to decide it.
    pub overdue: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceView {
    pub place: u32,
    pub id: String,
    pub name: String,
}

/// The bracket view of cup `t` at `now`.
pub(crate) fn bracket_of(t: &Tournament, now: time::OffsetDateTime) -> BracketView {
    let name = |p: PlayerId| t.player(p).map(|e| e.entrant.name.clone());
    let Some(play) = &t.cup else {
        return BracketView {
            drawn: false,
            finished: t.finished,
            rounds: Vec::new(),
            champion: None,
            standings: Vec::new(),
        };
    };
    let rounds = play
        .shown()
        .into_iter()
        .map(|r| BracketRoundView {
            bracket: bracket_name(r.bracket).into(),
            round: r.round,
            matches: r
                .matches
                .into_iter()
                .map(|m| {
                    let (decided_by, reason) = match &m.decision {
                        None => (None, None),
                        Some(Decision::Games) => (Some("games"), None),
                        Some(Decision::HigherSeed) => (Some("higher_seed"), None),
                        Some(Decision::Lot) => (Some("lot"), None),
                        Some(Decision::Walkover) => (Some("walkover"), None),
                        Some(Decision::Arbiter { reason }) => (Some("arbiter"), Some(reason)),
                    };
                    BracketMatchView {
                        number: m.at.number,
                        seeds: m.seeds.to_vec(),
                        players: m.players.map(|p| p.map(|p| p.to_string())).to_vec(),
                        names: m.players.map(|p| p.and_then(name)).to_vec(),
                        byes: m.byes.to_vec(),
                        score: m.score.map(|s| f64::from(s) / 2.0).to_vec(),
                        winner: m.winner.map(|p| p.to_string()),
                        decided_by: decided_by.map(str::to_owned),
                        reason: reason.cloned(),
                        games: m.games.iter().map(|g| g.game.to_string()).collect(),
                        deadline: m.deadline.map(crate::store::rfc3339),
                        overdue: play.overdue(m.at.id(), now),
                    }
                })
                .collect(),
        })
        .collect();
    let mut places: Vec<PlaceView> = play
        .places()
        .into_iter()
        .map(|(p, place)| PlaceView {
            place,
            id: p.to_string(),
            name: name(p).unwrap_or_default(),
        })
        .collect();
    places.sort_by_key(|p| p.place);
    BracketView {
        drawn: true,
        finished: t.finished,
        rounds,
        champion: play
            .cup
            .champion(&play.decided)
            .and_then(|s| play.seeded(s))
            .map(|p| p.to_string()),
        standings: places,
    }
}

fn bracket_name(part: BracketPart) -> &'static str {
    match part {
        BracketPart::Winners => "winners",
        BracketPart::Losers => "losers",
        BracketPart::Final => "final",
    }
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/bracket", tag = "tournaments",
    description = "A cup's bracket: every round's matches top to bottom, with their players, score, winner and games, and the places so far. A tournament that is not a cup answers 409 not_a_cup.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, body = BracketView),
        (status = 404, body = ErrorBody),
        (status = 409, description = "not_a_cup", body = ErrorBody),
    )
)]
#[get("/api/v1/tournaments/{id}/bracket")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn bracket(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let answer = read_tournament(state, &caller, &id, move |_, t| {
        if !t.setup.system.is_cup() {
            return Err(ApiError::new(
                actix_web::http::StatusCode::CONFLICT,
                "not_a_cup",
                crate::i18n::tournament_rejection(&domain::tournament::Rejection::NotACup, locale),
            ));
        }
        Ok(bracket_of(t, crate::store::now()))
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The arbiter's decision of a match.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchDecisionBody {
    /// `winners`, `losers` or `final`.
    #[schema(pattern = "^(winners|losers|final)$")]
    pub bracket: String,
    /// The round within its bracket, from 1.
    #[schema(minimum = 1, maximum = 30)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// The match's place in its round, from 1.
    #[schema(minimum = 1, maximum = 1024)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub number: u32,
    /// Who goes through: one of the match's two players.
    pub winner: String,
    /// Why (a forfeit, a stalled match, a tie left to the arbiter).
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

impl MatchDecisionBody {
    fn at(&self) -> Result<MatchRef, ApiError> {
        let part = match self.bracket.as_str() {
            "winners" => BracketPart::Winners,
            "losers" => BracketPart::Losers,
            "final" => BracketPart::Final,
            _ => return Err(ApiError::bad_request("bracket: winners, losers or final")),
        };
        let number = |n: u32, field: &str, max: u32| {
            u16::try_from(n)
                .ok()
                .filter(|n| (1..=max).contains(&u32::from(*n)))
                .ok_or_else(|| ApiError::bad_request(format!("{field}: 1 to {max}")))
        };
        Ok(MatchRef {
            bracket: part,
            round: number(self.round, "round", 30)?,
            number: number(self.number, "number", 1024)?,
        })
    }
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/decisions", tag = "tournaments",
    description = "Whoever runs the cup decides a match whose players are known and that is not decided: a tie the cup's terms leave to the arbiter, a forfeit, a stalled match. Its games still being played end as the winner's wins.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = MatchDecisionBody,
    responses(
        (status = 200, description = "The tournament after the decision", body = TournamentView),
        (status = 400, body = ErrorBody),
        (status = 403, description = "forbidden", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "match_decided, cup_not_drawn, not_a_cup, tournament_finished", body = ErrorBody),
        (status = 422, description = "no_such_match, match_not_ready, not_in_the_match, reason_missing, reason_too_long", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/decisions")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn decide_match(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<MatchDecisionBody>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    // To those who may not read it, it is no tournament.
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    let at = body.at()?;
    let winner = player_id(&body.winner)?;
    let reason = body.reason.trim().to_owned();
    let done =
        tournament_commands::match_decided(state.clone(), &caller, &id, at, winner, reason).await?;
    let view = shown_to(state, &caller, &id, &done.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// A game's result, entered by whoever runs the cup.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchGameResultBody {
    /// The game, as the bracket lists it.
    pub game: String,
    #[schema(schema_with = crate::http::api::schema::board_result)]
    pub result: String,
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/match-results", tag = "tournaments",
    description = "Whoever runs a cup played over the board enters a game's result (the game as the bracket lists it); the match is decided where the result decides it. A cup played online takes its games' results from the games (409 result_from_the_game).",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = MatchGameResultBody,
    responses(
        (status = 200, description = "The tournament with the result", body = TournamentView),
        (status = 400, body = ErrorBody),
        (status = 403, description = "forbidden", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "result_exists, match_decided, result_from_the_game, cup_not_drawn, not_a_cup, tournament_finished", body = ErrorBody),
        (status = 422, description = "not_a_cup_game, double_forfeit_in_a_cup", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/match-results")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn enter_match_game(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<MatchGameResultBody>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    // To those who may not read it, it is no tournament.
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    let game = domain::GameId::parse(&body.game)
        .map_err(|_| ApiError::bad_request("game: a game's id"))?;
    let result = outcome(&body.result)?;
    let done =
        tournament_commands::match_game_entered(state.clone(), &caller, &id, game, result).await?;
    let view = shown_to(state, &caller, &id, &done.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}
