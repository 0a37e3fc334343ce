//! Everything zarf holds about a player, as one JSON document they may download: their
//! account, ratings and their history, games, tournament entries, challenges, the mail kept
//! for them, and how many ways of signing in they hold.

use domain::tournament::TournamentState;
use serde_json::{json, Value};

use super::commands::CommandError;
use super::AppState;
use crate::store::{self, rfc3339, PlayerRow};

/// A time in microseconds as RFC 3339.
fn at(micros: i64) -> String {
    rfc3339(store::from_micros(micros))
}

/// Stored JSON as a value (text that is not JSON, as text).
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// The document for `player`.
pub fn export(state: &AppState, player: &PlayerRow) -> Result<Value, CommandError> {
    let s = &state.store;
    let now = store::now();
    let mut ratings = Vec::new();
    for (game, standing) in s.standings(&player.id)? {
        let history: Vec<Value> = s
            .rating_history(&player.id, &game, i64::MAX)?
            .into_iter()
            .map(|c| {
                json!({"game_id": c.game_id, "at": at(c.at), "before": c.before,
                    "after": c.rating, "deviation": c.deviation})
            })
            .collect();
        ratings.push(json!({"game": game, "now": standing.shown(now),
            "standing": standing, "history": history}));
    }
    let mut games = Vec::new();
    for row in s.games_of_player(&player.id, None, i64::from(i32::MAX))? {
        let (view, _) = super::reads::current_view_json(state, row)?;
        games.push(parsed(&view));
    }
    let mut tournaments = Vec::new();
    for id in s.tournaments_entered(&player.id)? {
        let folded = state.tournament_folds.current(s, &id)?;
        let TournamentState::Created(t) = &folded.state else {
            continue;
        };
        let entry = t
            .players
            .iter()
            .find(|p| p.entrant.player.to_string() == player.id);
        tournaments.push(json!({
            "id": id,
            "name": t.setup.name,
            "entered_as": entry.map(|p| &p.entrant),
            "withdrawn_from": entry.and_then(|p| p.withdrawn_from),
            "finished": t.finished,
        }));
    }
    let challenges: Vec<Value> = s
        .challenges_of(&player.id)?
        .into_iter()
        .map(|c| {
            json!({"id": c.id, "challenger": c.challenger_id, "challenged": c.challenged_id,
                "open_seek": c.listed, "terms": parsed(&c.terms), "status": c.status,
                "made_at": at(c.created_at), "expires_at": at(c.expires_at),
                "answered_at": c.answered_at.map(at), "game": c.game_id})
        })
        .collect();
    let mail: Vec<Value> = s
        .mail_to(&player.id)?
        .into_iter()
        .map(|m| {
            json!({"kind": m.kind, "content": parsed(&m.payload), "queued_at": at(m.created_at),
                "sent_at": m.sent_at.map(at)})
        })
        .collect();
    let (tokens, sessions) = s.credentials_of(&player.id, store::micros(now))?;
    Ok(json!({
        "exported_at": rfc3339(now),
        "account": {
            "id": player.id,
            "name": player.name,
            "email": player.email,
            "email_confirmed": player.email_confirmed,
            "without_sight": player.without_sight,
            "locale": player.locale,
            "notation": player.notation,
            "roles": player.roles,
            "created_at": at(player.created_at),
            "created_by": player.created_by,
            "school": player.school,
            "class": player.class_name,
            "time_zone": player.time_zone,
            "utc_offset_minutes": player.utc_offset_minutes,
            "mail_mode": player.mail_mode,
            "digest_hour": player.digest_hour,
            "challenges_from": player.challenges_from,
            "max_games": player.max_games,
        },
        "ratings": ratings,
        "games": games,
        "tournaments": tournaments,
        "challenges": challenges,
        "mail": mail,
        "sign_in": {"api_tokens": tokens, "page_sessions": sessions},
    }))
}
