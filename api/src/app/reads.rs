//! Reading a game as of now: the projection's stored view, with running clocks read and a fallen
//! flag recorded first, so no read shows a game as going on after its deadline.

use domain::ids::PlayerId;
use domain::tournament::{Tournament, TournamentState};
use domain::GameId;

use super::commands::CommandError;
use super::games::flag_fall;
use super::views::GameView;
use super::AppState;
use crate::store::{self, GameRow, PlayerRow};

/// The Game of a projection row as of now; a game whose flag has fallen is flagged first.
pub fn current_view(state: &AppState, row: &GameRow) -> Result<GameView, CommandError> {
    let now = store::now();
    let (view, flagged) = GameView::fresh(row, now).map_err(anyhow::Error::from)?;
    if !flagged {
        return Ok(view);
    }
    let id = GameId::parse(&row.id).map_err(|_| anyhow::anyhow!("bad game id {}", row.id))?;
    flag_fall(state, id)?;
    let row = state
        .store
        .game_row(&row.id)?
        .ok_or(CommandError::NotFound)?;
    Ok(GameView::fresh(&row, now).map_err(anyhow::Error::from)?.0)
}

/// As [`current_view`], as JSON with the game's status: the stored view itself where no clock
/// runs (nothing to read or write again), else the view with its clocks read now.
pub fn current_view_json(state: &AppState, row: GameRow) -> Result<(String, String), CommandError> {
    if GameView::stored_is_current(&row) {
        return Ok((row.view, row.status));
    }
    let view = current_view(state, &row)?;
    let json = serde_json::to_string(&view).map_err(anyhow::Error::from)?;
    Ok((json, view.status))
}

/// Whether a reader may read a game (its page, JSON, events, record, live stream).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Allowed,
    /// Not as an anonymous reader: signing in may allow it.
    SignIn,
    /// Not for this reader: answered as if the game did not exist.
    Hidden,
}

/// Who may read what is `visibility` (`public`, `signed_in`, `participants`, as stored) when
/// `participant` says whether the reader takes part in it.
fn allowed(visibility: &str, reader: Option<&PlayerRow>, admin: bool, participant: bool) -> Access {
    match (visibility, reader) {
        ("public", _) => Access::Allowed,
        _ if admin || participant => Access::Allowed,
        ("signed_in", Some(_)) => Access::Allowed,
        (_, None) => Access::SignIn,
        _ => Access::Hidden,
    }
}

/// Who may read the game of `row`: anyone (public), anyone signed in (signed_in), or its
/// players, its arbiter and the admin (participants).
pub fn access(row: &GameRow, reader: Option<&PlayerRow>, admin: bool) -> Access {
    let participant = reader.is_some_and(|r| {
        r.id == row.white_id || r.id == row.black_id || row.organiser_id.as_deref() == Some(&r.id)
    });
    allowed(&row.visibility, reader, admin, participant)
}

/// As [`access`], where a tournament's board counts the tournament's participants (its
/// players, arbiters and organisers; not the players invited to it) among the game's.
pub fn game_access(
    state: &AppState,
    row: &GameRow,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Access, CommandError> {
    let first = access(row, reader, admin);
    let Some(reader) = reader.filter(|_| first == Access::Hidden) else {
        return Ok(first);
    };
    let tournament = serde_json::from_str::<serde_json::Value>(&row.view)
        .ok()
        .and_then(|v| v.pointer("/tournament")?.as_str().map(str::to_owned));
    let Some(tournament) = tournament else {
        return Ok(first);
    };
    let folded = state.tournament_folds.current(&state.store, &tournament)?;
    let takes_part = match (&folded.state, PlayerId::parse(&reader.id)) {
        (TournamentState::Created(t), Ok(me)) => t.participant(me),
        _ => false,
    };
    Ok(if takes_part { Access::Allowed } else { first })
}

/// Who may read tournament `t` (its page, JSON, standings, report, records, live stream):
/// as its visibility says, its participants being its players, arbiters and organisers, and
/// the players invited to it while the invitation stands.
pub fn tournament_access(t: &Tournament, reader: Option<&PlayerRow>, admin: bool) -> Access {
    let participant = reader
        .and_then(|r| PlayerId::parse(&r.id).ok())
        .is_some_and(|me| t.reads_as_participant(me));
    allowed(t.visibility().as_str(), reader, admin, participant)
}

/// Whether `reader` runs tournament `t`: one of its arbiters or organisers, or the admin.
pub fn runs_tournament(t: &Tournament, reader: Option<&PlayerRow>, admin: bool) -> bool {
    admin
        || reader
            .and_then(|r| PlayerId::parse(&r.id).ok())
            .is_some_and(|me| t.setup.run_by(me))
}

/// Does `account` take part in `game`: the admin, its players, its arbiter.
fn takes_part(account: Option<super::actors::Account<'_>>, game: &domain::games::Game) -> bool {
    match account {
        None => false,
        Some(a) if a.is_admin() => true,
        Some(super::actors::Account::Player(p)) => {
            [Some(game.white.id), Some(game.black.id), game.organiser]
                .iter()
                .flatten()
                .any(|id| id.to_string() == p.id)
        }
        Some(super::actors::Account::Admin) => true,
    }
}

/// May `account` read `game`'s log: those who take part in it; anyone once it is over.
pub fn reads_log(account: Option<super::actors::Account<'_>>, game: &domain::games::Game) -> bool {
    !game.is_live() || takes_part(account, game)
}

/// May `account` read the players' messages in `game`: those who take part in it (D68).
pub fn reads_messages(
    account: Option<super::actors::Account<'_>>,
    game: &domain::games::Game,
) -> bool {
    takes_part(account, game)
}

/// Tournament `t` as `reader` may read it: a pupil's school and class left out where the reader
/// may not see the pupil ([`super::authority::sees_player`]); every view of a tournament (its
/// JSON, pages, sheets and report) is made from this.
pub fn tournament_as_read_by(
    state: &AppState,
    t: &Tournament,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Tournament, crate::store::StoreError> {
    let mut t = t.clone();
    if admin {
        return Ok(t);
    }
    // Who asked to enter, or is invited, or declined, is for those who run it to know (as far
    // as they may see each player: a co-runner from another school does not see a pupil who
    // is not entered yet); a player knows their own.
    if !runs_tournament(&t, reader, admin) {
        let me = reader.and_then(|r| PlayerId::parse(&r.id).ok());
        t.asked.retain(|p| Some(*p) == me);
        t.invited.retain(|p| Some(*p) == me);
        t.declined.retain(|p| Some(*p) == me);
    } else {
        let waiting: Vec<String> = t
            .asked
            .iter()
            .chain(&t.invited)
            .chain(&t.declined)
            .map(ToString::to_string)
            .collect();
        if !waiting.is_empty() {
            let ids: Vec<&str> = waiting.iter().map(String::as_str).collect();
            let rows = state.store.players(&ids)?;
            let seen = |p: &PlayerId| {
                rows.get(&p.to_string())
                    .is_some_and(|row| super::authority::sees_player(reader, false, row))
            };
            t.asked.retain(seen);
            t.invited.retain(seen);
            t.declined.retain(seen);
        }
    }
    let pupils: Vec<String> = t
        .players
        .iter()
        .filter(|p| p.entrant.pupil && (p.entrant.school.is_some() || p.entrant.class.is_some()))
        .map(|p| p.entrant.player.to_string())
        .collect();
    if pupils.is_empty() {
        return Ok(t);
    }
    let ids: Vec<&str> = pupils.iter().map(String::as_str).collect();
    let rows = state.store.players(&ids)?;
    for p in t.players.iter_mut().filter(|p| p.entrant.pupil) {
        let seen = rows
            .get(&p.entrant.player.to_string())
            .is_some_and(|row| super::authority::sees_player(reader, false, row));
        if !seen {
            p.entrant.school = None;
            p.entrant.class = None;
        }
    }
    Ok(t)
}
