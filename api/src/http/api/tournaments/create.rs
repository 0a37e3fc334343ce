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

/// Creates a tournament as `caller` asks, run by them ([`crate::app::new_tournament`]).
async fn create(
    state: web::Data<AppState>,
    caller: &Caller,
    body: NewTournament,
) -> Result<TournamentView, ApiError> {
    use crate::app::new_tournament::Points;
    let asked = crate::app::new_tournament::NewTournament {
        points: body.points.map(|p| Points {
            win: p.win,
            draw: p.draw,
            loss: p.loss,
            bye: p.bye,
        }),
        name: body.name,
        system: body.system,
        rounds: body.rounds,
        first_colour: body.first_colour,
        baku: body.baku,
        arbiters: body.arbiters,
        organisers: body.organisers,
        place: body.place,
        start_date: body.start_date,
        end_date: body.end_date,
        play: body.play,
        time_control: body.time_control,
        game: body.game,
        rules: body.rules,
        ballot: body.ballot,
        match_length: body.match_length,
        tablebase: body.tablebase,
        half_point_byes: body.half_point_byes,
        tiebreaks: body.tiebreaks,
        visibility: body.visibility,
        cup: crate::app::new_tournament::NewCup {
            seeding: body.seeding,
            games_per_match: body.games_per_match,
            extra_pairs: body.extra_pairs,
            tie_rule: body.tie_rule,
            third_place: body.third_place,
            match_lengths: body.match_lengths,
            match_days: body.match_days,
        },
    };
    let (id, done) = tournament_commands::create(state.clone(), caller, asked).await?;
    shown_to(state, caller, &id, &done.folded.state).await
}
