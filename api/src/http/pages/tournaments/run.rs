//! The arbiter's page: a tournament run round by round.

use super::*;
use crate::app::entries::EntryError;

#[derive(Template)]
#[template(path = "pages/tournament-run.html")]
struct RunPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: String,
    staff: crate::http::page::Staff,
    s: Shown,
    online: bool,
    done: Option<String>,
    refused: Option<String>,
    /// The organiser's players not yet registered: (id, name).
    candidates: Vec<(String, String)>,
    /// The organiser's classes: (value, label).
    classes: Vec<(String, String)>,
    /// Players invited and not entered yet: (id, name).
    invited: Vec<(String, String)>,
    next_round: u16,
    rounds: u16,
    /// The latest round, if paired and not yet published.
    to_publish: Option<u16>,
    can_pair: bool,
    can_finish: bool,
    results: [(&'static str, &'static str); 6],
    /// A cup's matches the arbiter may decide, each player going through: (value, label).
    decisions: Vec<(String, String)>,
    /// A cup's games over the board without their result.
    open_games: Vec<super::bracket::OpenGame>,
}

/// The results a form offers: (value, as shown).
pub(super) const RESULTS: [(&str, &str); 6] = [
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
    let (caller, t) = crate::http::auth::viewer(&state, req).await?;
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
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    let key = me.id.clone();
    let mine = web::block(move || crate::app::organising::pupils_of(&s, &key)).await??;
    let registered = |p: &PlayerRow| {
        PlayerId::parse(&p.id)
            .ok()
            .and_then(|id| tour.player(id))
            .is_some()
    };
    let mut candidates: Vec<(String, String)> = mine
        .iter()
        .filter(|p| !registered(p))
        .map(|p| (p.id.clone(), p.name.clone()))
        .collect();
    // And the players who asked to enter, and those invited.
    let waiting: Vec<String> = tour
        .asked
        .iter()
        .chain(&tour.invited)
        .map(ToString::to_string)
        .collect();
    let rows = if waiting.is_empty() {
        Default::default()
    } else {
        let s = state.clone();
        web::block(move || {
            let ids: Vec<&str> = waiting.iter().map(String::as_str).collect();
            crate::app::organising::players(&s, &ids)
        })
        .await??
    };
    for id in &tour.asked {
        if let Some(p) = rows.get(&id.to_string()) {
            let name = crate::app::accounts::recorded_name(p);
            let label = t.get("page-tournament-asked", &[("name", name)]);
            candidates.push((p.id.clone(), label));
        }
    }
    let invited = tour
        .invited
        .iter()
        .filter_map(|id| rows.get(&id.to_string()))
        .map(|p| (p.id.clone(), crate::app::accounts::recorded_name(p)))
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
    let (can_pair, can_finish) = next_steps(&tour);
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
        invited,
        next_round: tour.next_round(),
        rounds: tour.setup.rounds,
        to_publish,
        can_pair,
        can_finish,
        results: RESULTS,
        decisions: super::bracket::decisions(&tour, t, crate::store::now()),
        open_games: super::bracket::open_games(&tour, t),
        s: shown(&id, &tour, version, t, &zone),
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

/// Whether the tournament's next round may be paired (a cup: drawn), and whether it may be
/// finished: a cup is drawn once, and finishes with its last match.
fn next_steps(tour: &Tournament) -> (bool, bool) {
    let latest = tour.rounds.last();
    let cup = tour.setup.system.is_cup();
    let can_pair = !tour.finished
        && match cup {
            true => tour.cup.is_none(),
            false => {
                tour.next_round() <= tour.setup.rounds && latest.is_none_or(|r| r.missing() == 0)
            }
        };
    let can_finish = !tour.finished
        && !cup
        && tour.rounds.iter().all(|r| r.missing() == 0)
        && tour.next_round() > tour.setup.rounds;
    (can_pair, can_finish)
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
const ACTIONS: [(&str, &str); 15] = [
    ("register", "page-tournament-done-register"),
    ("invite", "page-tournament-done-invite"),
    (
        "withdraw_invitation",
        "page-tournament-done-withdraw-invitation",
    ),
    ("class", "page-tournament-done-class"),
    ("pair", "page-tournament-done-pair"),
    ("draw", "page-tournament-done-draw"),
    ("decide", "page-tournament-done-decide"),
    ("match_game", "page-tournament-done-result"),
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
    /// A cup's match and who goes through, as [`super::bracket::decisions`] offers them.
    decision: Option<String>,
}

#[post("/tournaments/{id}/run")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn run_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<RunForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
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

/// Decides the cup's match the form names for the player it names, with its reason.
async fn decide_match(
    state: &web::Data<AppState>,
    caller: &Caller,
    id: &str,
    form: &RunForm,
    t: Texts,
) -> Result<(), ApiError> {
    let (at, winner) = super::bracket::decision(form.decision.as_deref())
        .ok_or_else(|| ApiError::bad_request(t.text("page-cup-choose-decision")))?;
    let reason = form.reason.as_deref().unwrap_or_default().trim().to_owned();
    crate::http::tournament_commands::match_decided(state.clone(), caller, id, at, winner, reason)
        .await?;
    Ok(())
}

/// Enters the result of the cup's game the form names (its `white` field carries the game).
async fn match_game_entered(
    state: &web::Data<AppState>,
    caller: &Caller,
    id: &str,
    form: &RunForm,
    t: Texts,
) -> Result<(), ApiError> {
    let game = domain::GameId::parse(form.white.as_deref().unwrap_or_default())
        .map_err(|_| ApiError::bad_request(t.text("page-cup-choose-game")))?;
    let result = outcome(form.result.as_deref().unwrap_or_default())?;
    crate::http::tournament_commands::match_game_entered(state.clone(), caller, id, game, result)
        .await?;
    Ok(())
}

/// Does what the arbiter's form asks, through the tournament's commands.
pub(super) async fn act(
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
        "register" | "class" => register(state, caller, me, &id, form, t).await?,
        "invite" => {
            let who = invitee(form.player.as_deref())
                .ok_or_else(|| ApiError::bad_request(t.text("page-tournament-invite-who")))?;
            crate::app::entries::invite(
                state.clone().into_inner(),
                caller.acting()?,
                &id,
                &who.to_string(),
            )
            .await
            .map_err(|e| entry_refused(e, t, "page-tournament-invite-who"))?;
        }
        "withdraw_invitation" => {
            let who = player(form.player.as_deref())?.to_string();
            crate::app::entries::withdraw(state.clone().into_inner(), caller.acting()?, &id, &who)
                .await
                .map_err(|e| entry_refused(e, t, "page-tournament-choose-player"))?;
        }
        "pair" | "draw" => {
            drop(crate::http::tournament_commands::pair_or_draw(state.clone(), caller, &id).await?)
        }
        "decide" => decide_match(state, caller, &id, form, t).await?,
        "match_game" => match_game_entered(state, caller, &id, form, t).await?,
        "publish" => {
            let starts_at = starts_at(form, me)?;
            crate::http::tournament_commands::publish_round(
                state.clone(),
                caller,
                &id,
                round()?,
                starts_at,
            )
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
            crate::http::tournament_commands::result_entered(
                state.clone(),
                caller,
                &id,
                command,
                board,
            )
            .await?;
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
            crate::http::tournament_commands::continue_in_zarf(
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

/// Registers the player the form chose (their own, or one who asked to enter: the app
/// decides), or every pupil of the class it chose, with the rating typed.
async fn register(
    state: &web::Data<AppState>,
    caller: &Caller,
    me: &PlayerRow,
    id: &str,
    form: &RunForm,
    t: Texts,
) -> Result<(), ApiError> {
    let chosen: Vec<String> = if form.action == "register" {
        let player = PlayerId::parse(form.player.as_deref().unwrap_or_default())
            .map_err(|_| ApiError::bad_request(t.text("page-tournament-choose-player")))?;
        vec![player.to_string()]
    } else {
        let mine = {
            let s = state.clone();
            let key = me.id.clone();
            web::block(move || crate::app::organising::pupils_of(&s, &key)).await??
        };
        let class = form.class.clone().unwrap_or_default();
        mine.iter()
            .filter(|m| {
                format!(
                    "{}\u{1f}{}",
                    m.school.as_deref().unwrap_or_default(),
                    m.class_name.as_deref().unwrap_or_default()
                ) == class
            })
            .map(|m| m.id.clone())
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
    for p in chosen {
        crate::app::entries::register(state.clone().into_inner(), caller.acting()?, id, &p, rating)
            .await
            .map_err(|e| entry_refused(e, t, "page-tournament-choose-player"))?;
    }
    Ok(())
}

/// An entry refused, as the arbiter's page says it (`no_such`: the text for a player not found).
fn entry_refused(e: EntryError, t: Texts, no_such: &str) -> ApiError {
    match e {
        EntryError::NoSuchPlayer => ApiError::bad_request(t.text(no_such)),
        EntryError::Denied(denied) => ApiError::denied(denied, t.locale()),
        EntryError::Command(e) => ApiError::command(e, t.locale()),
    }
}

/// When the round the form publishes starts, as typed in the arbiter's time zone (none, or a
/// time already past: at once).
fn starts_at(form: &RunForm, me: &PlayerRow) -> Result<Option<time::OffsetDateTime>, ApiError> {
    Ok(match form.starts_at.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let format = time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]");
            let local = time::PrimitiveDateTime::parse(text, &format)
                .map_err(|_| ApiError::bad_request("starts_at: a day and a time"))?;
            let at = Zone::of(me).instant(local);
            (at > crate::store::now()).then_some(at)
        }
    })
}

/// A signed-in player asks to enter the tournament (see [`crate::app::entries::ask`]), and is
/// brought back to its page.
#[post("/tournaments/{id}/enter")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn ask_to_enter(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<EnterForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    if caller.player().is_none() {
        return Ok(see_other(&format!(
            "/login?lang={}&next=/tournaments/{id}",
            t.lang
        )));
    }
    let (id, _, _) = match load(&state, &caller, &id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    use crate::app::entries::EntryError;
    match crate::app::entries::ask(state.clone().into_inner(), caller.acting()?, &id).await {
        // Asked now, or before: the page says so either way.
        Ok(_)
        | Err(EntryError::Command(crate::app::CommandError::TournamentRejected(
            domain::tournament::Rejection::AlreadyRegistered(_),
        ))) => Ok(see_other(&format!(
            "/tournaments/{id}?lang={}&asked=1",
            t.lang
        ))),
        Err(EntryError::Command(e)) => Err(ApiError::command(e, t.locale())),
        Err(e) => Err(ApiError::internal(anyhow::anyhow!("{e}"))),
    }
}

/// The player an invitation is for, as the arbiter gives them: their id, or the address of
/// their profile page (`…/players/{id}`, with or without a query).
fn invitee(text: Option<&str>) -> Option<PlayerId> {
    let text = text?.trim();
    let path = text.split(['?', '#']).next().unwrap_or_default();
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let id = match segments.as_slice() {
        [id] => id,
        [.., "players", id] => id,
        _ => return None,
    };
    PlayerId::parse(id).ok()
}

/// A player invited to the tournament declines (see [`crate::app::entries::decline`]), and is
/// brought back to its page.
#[post("/tournaments/{id}/decline")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn decline_invitation(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<EnterForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    if caller.player().is_none() {
        return Ok(see_other(&format!(
            "/login?lang={}&next=/tournaments/{id}",
            t.lang
        )));
    }
    let (id, _, _) = match load(&state, &caller, &id, t).await? {
        Ok(found) => found,
        Err(answer) => return Ok(answer),
    };
    use crate::app::entries::EntryError;
    match crate::app::entries::decline(state.clone().into_inner(), caller.acting()?, &id).await {
        // Declined now, or before: the page shows where they stand either way.
        Ok(_)
        | Err(EntryError::Command(crate::app::CommandError::TournamentRejected(
            domain::tournament::Rejection::NotInvited(_),
            // To the list: a tournament only its participants read is no longer theirs to read.
        ))) => Ok(see_other(&format!("/tournaments?lang={}", t.lang))),
        Err(EntryError::Command(e)) => Err(ApiError::command(e, t.locale())),
        Err(e) => Err(ApiError::internal(anyhow::anyhow!("{e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::invitee;

    #[test]
    fn an_invitee_is_an_id_or_a_profile_address() {
        let id = "0190a5b2-7c3e-7f00-8000-0000000000a1";
        let parsed = |text: &str| invitee(Some(text)).map(|p| p.to_string());
        assert_eq!(parsed(id).as_deref(), Some(id));
        assert_eq!(parsed(&format!("  {id} ")).as_deref(), Some(id));
        let profile = format!("https://zarf.example/players/{id}?lang=tr");
        assert_eq!(parsed(&profile).as_deref(), Some(id));
        assert_eq!(parsed(&format!("/players/{id}/")).as_deref(), Some(id));
        // The id is the segment right after `players`, and the last.
        assert_eq!(
            parsed(&format!("https://zarf.example/players/{id}/games.pgn")),
            None
        );
        let other = "0190a5b2-7c3e-7f00-8000-0000000000b2";
        assert_eq!(parsed(&format!("/players/{id}/x/{other}")), None);
        assert_eq!(parsed(&format!("{id}/")).as_deref(), Some(id));
        // Another page's address names no player.
        assert_eq!(parsed(&format!("https://zarf.example/games/{id}")), None);
        assert_eq!(parsed("Deniz Kaya"), None);
        assert_eq!(parsed(""), None);
        assert_eq!(invitee(None), None);
    }
}

#[derive(Deserialize)]
pub struct EnterForm {
    csrf: Option<String>,
}
