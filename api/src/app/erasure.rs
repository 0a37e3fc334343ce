//! Anonymising a pupil who leaves: their account emptied, and their name erased from the
//! events of their games and tournament entries, each erased event keeping the hash of what it
//! held (D65).

use std::sync::atomic::Ordering;

use domain::tournament::TournamentState;
use serde_json::Value;

use super::views::GameView;
use super::AppState;
use crate::store::chain::canonical_json;
use crate::store::{
    self, Erased, GameLog, LogTable, PlayerRow, ProjectionRow, StoreError, StoredEvent,
    TournamentLog,
};

/// Why a pupil was not anonymised.
#[derive(Debug, thiserror::Error)]
pub enum AnonymiseError {
    /// No such pupil of this organiser's (nor any other player: only a pupil is).
    #[error("no such pupil")]
    NotFound,
    #[error("already anonymised")]
    Already,
    /// They still play: games not finished, or entered in a tournament going on.
    #[error("{games} games and {tournaments} tournaments still going on")]
    StillPlaying { games: usize, tournaments: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The name an anonymised pupil goes by: `NN` (a player not known, as chess records write it)
/// and the end of their id, so that two of them in one table are told apart.
pub fn anonymous_name(player: &str) -> String {
    let tail = player
        .get(player.len().saturating_sub(4)..)
        .unwrap_or(player);
    format!("NN {tail}")
}

/// Anonymises pupil `id` as `account` asks: the admin any pupil, an organiser their own; anyone
/// else finds no such pupil.
pub fn anonymise_as(
    state: &AppState,
    account: super::actors::Account<'_>,
    id: &str,
) -> Result<PlayerRow, AnonymiseError> {
    use super::actors::Account;
    match account {
        a if a.is_admin() => anonymise(state, None, id),
        Account::Player(p) if p.has_role(crate::store::Role::Organiser) => {
            anonymise(state, Some(p), id)
        }
        _ => Err(AnonymiseError::NotFound),
    }
}

/// Anonymises pupil `id` for `by` (their organiser; any pupil for the admin): refused while
/// they have a game going on or are entered in a tournament going on (withdraw them first).
pub fn anonymise(
    state: &AppState,
    by: Option<&PlayerRow>,
    id: &str,
) -> Result<PlayerRow, AnonymiseError> {
    let s = &state.store;
    let pupil = s
        .player(id)?
        .filter(|p| p.created_by.is_some())
        .filter(|p| by.is_none_or(|o| p.created_by.as_deref() == Some(&o.id)))
        .ok_or(AnonymiseError::NotFound)?;
    if s.anonymised(id)? {
        return Err(AnonymiseError::Already);
    }
    let name = anonymous_name(id);
    let now = store::now();
    let mut events = Vec::new();
    let mut views: Vec<Box<dyn ProjectionRow>> = Vec::new();
    let games = s.games_of_player(id, None, i64::from(i32::MAX))?;
    let playing = games.iter().filter(|g| g.status != "finished").count();
    for row in &games {
        let side = if row.white_id == id { "white" } else { "black" };
        let kinds = ["game_created", "message_sent"];
        let (erased, rows) = erase_in(s, &GameLog, &row.id, &kinds, |kind, data| {
            // What the pupil wrote to their opponent goes with their name.
            if kind == "message_sent" {
                if data["by"] != side || data["text"] == "" {
                    return false;
                }
                data["text"] = Value::String(String::new());
                return true;
            }
            let mut changed = false;
            for side in ["white", "black"] {
                if data[side]["id"] == id {
                    data[side]["name"] = Value::String(name.clone());
                    changed = true;
                }
            }
            changed
        })?;
        let decoded = rows
            .into_iter()
            .map(|r| StoredEvent::decode(r).map(|e| e.event))
            .collect::<Result<Vec<_>, _>>()?;
        let folded = domain::games::GameState::replay(decoded.iter())
            .map_err(|e| StoreError::Corrupt(format!("{}: {}", row.id, e.reason)))?;
        if let Some(game) = folded.game() {
            views.push(Box::new(GameView::of(game, now).row(game)));
        }
        events.extend(erased);
    }
    let mut entered = 0;
    for tournament in s.tournaments_entered(id)? {
        let folded = state.tournament_folds.current(s, &tournament)?;
        if let TournamentState::Created(t) = &folded.state {
            let withdrawn = t
                .players
                .iter()
                .any(|p| p.entrant.player.to_string() == id && p.withdrawn_from.is_some());
            if !t.finished && !withdrawn {
                entered += 1;
            }
        }
        let (erased, _) = erase_in(
            s,
            &TournamentLog,
            &tournament,
            &["player_registered"],
            |_, data| {
                if data["player"] != id {
                    return false;
                }
                data["name"] = Value::String(name.clone());
                if let Some(entrant) = data.as_object_mut() {
                    entrant.remove("birth_year");
                }
                true
            },
        )?;
        events.extend(erased);
    }
    if playing > 0 || entered > 0 {
        return Err(AnonymiseError::StillPlaying {
            games: playing,
            tournaments: entered,
        });
    }
    let by_id = by.map_or("admin", |o| o.id.as_str());
    if !s.anonymise(id, &name, (by_id, store::micros(now)), &events, &views)? {
        return Err(AnonymiseError::Already);
    }
    // This server forgets its folds now; the others when their scheduler sees the erasure.
    forget_folds(state);
    Ok(PlayerRow {
        name,
        email: None,
        school: None,
        class_name: None,
        ..pupil
    })
}

/// The events of log `id` of the types `kinds` that `erase` changes (given each one's type, it
/// answers whether it did), as erased, and every row of the log with them erased.
fn erase_in(
    s: &store::Store,
    log: &'static dyn LogTable,
    id: &str,
    kinds: &[&str],
    mut erase: impl FnMut(&str, &mut Value) -> bool,
) -> Result<(Vec<Erased>, Vec<store::EventRow>), StoreError> {
    let mut rows = log.load(&mut *s.reader()?, id, 0)?;
    let mut erased = Vec::new();
    for row in rows
        .iter_mut()
        .filter(|r| kinds.contains(&r.type_.as_str()))
    {
        let mut data: Value = serde_json::from_str(&row.data)
            .map_err(|e| StoreError::Corrupt(format!("{id} #{}: {e}", row.seq)))?;
        if erase(&row.type_, &mut data) {
            row.data = canonical_json(&data);
            erased.push(Erased {
                log,
                log_id: id.to_owned(),
                seq: row.seq,
                data: row.data.clone(),
            });
        }
    }
    Ok((erased, rows))
}

fn forget_folds(state: &AppState) {
    state.folds.forget_all();
    state.tournament_folds.forget_all();
}

/// Forgets this server's folds if another server erased events since it last looked (the
/// scheduler asks on every round).
pub fn notice_erasures(state: &AppState) -> Result<(), StoreError> {
    let made = state.store.erasures_made()?;
    if state.erasures_seen.swap(made, Ordering::Relaxed) != made {
        forget_folds(state);
    }
    Ok(())
}
