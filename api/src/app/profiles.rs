//! A player's profile: their ratings and rating history in each game, their games (current and
//! finished), a result summary, the players they played most, and all their games' records in
//! one file. Seen by whoever may see the player (`authority::sees_player`).

use std::collections::HashMap;

use domain::game::{export_pgn, Rules};
use domain::games::GameKind;
use domain::rating::Standing;

use super::authority::sees_player;
use super::commands::CommandError;
use super::reads::current_view;
use super::views::{GameView, PlayerRef};
use super::AppState;
use crate::store::{PlayerRow, RatingChange};

/// The most games a profile reads.
pub const GAMES: i64 = 1_000;
/// The most rating changes a graph draws.
pub const HISTORY: i64 = 200;

/// A player's results in one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Results {
    pub game: String,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Games still being played.
    pub playing: u32,
}

pub struct Profile {
    pub player: PlayerRow,
    /// Each game's rating, with its history (oldest first).
    pub ratings: Vec<(String, Standing, Vec<RatingChange>)>,
    /// Every game they play or played, the most urgent first, then the latest finished.
    pub games: Vec<GameView>,
    pub results: Vec<Results>,
    /// The players they played most, with how many games, most first (at most five).
    pub opponents: Vec<(PlayerRef, usize)>,
}

/// The player `id` as `reader` may see them (`None`: no such player, or not for this reader).
pub fn player(
    state: &AppState,
    id: &str,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Option<PlayerRow>, CommandError> {
    Ok(state
        .store
        .player(id)?
        .filter(|p| sees_player(reader, admin, p)))
}

/// A player's zarf rating in `game` as it stands now, rounded, as a tournament registers a
/// rating (0 to 3500); none before their first rated game of it.
pub fn rating_for(state: &AppState, player: &str, game: &str) -> Result<Option<u16>, CommandError> {
    let now = crate::store::now();
    Ok(state
        .store
        .standings(player)?
        .into_iter()
        .find(|(g, _)| g == game)
        .map(|(_, s)| s.as_of(now).rating.round().clamp(0.0, 3500.0) as u16))
}

/// The rating a tournament registers a player with: the one given, else their zarf rating in
/// the tournament's game (chess where its games are played at the board).
pub fn entrant_rating(
    state: &AppState,
    tournament: &domain::tournament::Tournament,
    player: &str,
    given: Option<u16>,
) -> Result<Option<u16>, CommandError> {
    if given.is_some() {
        return Ok(given);
    }
    let game = match &tournament.setup.play {
        domain::tournament::Play::Online(online) => online.game.as_deref(),
        domain::tournament::Play::OverTheBoard => None,
    };
    rating_for(state, player, game.unwrap_or(domain::game::UNNAMED_GAME))
}

/// What a player's results and opponents are, from their games.
pub fn tally(me: &str, games: &[GameView]) -> (Vec<Results>, Vec<(PlayerRef, usize)>) {
    let mut results: Vec<Results> = Vec::new();
    let mut met: HashMap<String, (PlayerRef, usize)> = HashMap::new();
    for g in games {
        let white = g.white.id == me;
        let them = if white { &g.black } else { &g.white };
        met.entry(them.id.clone())
            .or_insert_with(|| (them.clone(), 0))
            .1 += 1;
        let i = match results.iter().position(|r| r.game == g.game) {
            Some(i) => i,
            None => {
                results.push(Results {
                    game: g.game.clone(),
                    ..Results::default()
                });
                results.len() - 1
            }
        };
        let r = &mut results[i];
        match (g.result.as_deref(), white) {
            (None, _) => r.playing += 1,
            (Some("1/2-1/2"), _) => r.drawn += 1,
            (Some("1-0"), true) | (Some("0-1"), false) => r.won += 1,
            (Some(_), _) => r.lost += 1,
        }
    }
    results.sort_by(|a, b| a.game.cmp(&b.game));
    let mut opponents: Vec<(PlayerRef, usize)> = met.into_values().collect();
    opponents.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.name.cmp(&b.0.name)));
    opponents.truncate(5);
    (results, opponents)
}

/// The games of `player` that `reader` may read.
fn readable_games(
    state: &AppState,
    player: &PlayerRow,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Vec<crate::store::GameRow>, CommandError> {
    let rows = state.store.games_of_player(&player.id, None, GAMES)?;
    let mut readable = Vec::with_capacity(rows.len());
    for row in rows {
        if super::reads::game_access(state, &row, reader, admin)? == super::reads::Access::Allowed {
            readable.push(row);
        }
    }
    Ok(readable)
}

/// The profile of `player` (already found visible to its reader), with the games `reader` may
/// read.
pub fn profile(
    state: &AppState,
    player: PlayerRow,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Profile, CommandError> {
    let rows = readable_games(state, &player, reader, admin)?;
    let games = rows
        .iter()
        .map(|row| current_view(state, row))
        .collect::<Result<Vec<_>, _>>()?;
    let mut ratings = Vec::new();
    for (game, standing) in state.store.standings(&player.id)? {
        let history = state.store.rating_history(&player.id, &game, HISTORY)?;
        ratings.push((game, standing, history));
    }
    let (results, opponents) = tally(&player.id, &games);
    Ok(Profile {
        player,
        ratings,
        games,
        results,
        opponents,
    })
}

/// Every game of `player` that `reader` may read whose record is written as `extension`
/// (`pgn`: chess; `pdn`: the draughts games), one after another, oldest first.
pub fn records(
    state: &AppState,
    player: &PlayerRow,
    extension: &str,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<String, CommandError> {
    let mut rows = readable_games(state, player, reader, admin)?;
    rows.sort_by_key(|r| r.created_at);
    let mut out = String::new();
    for row in rows {
        let Some(kind) = GameKind::named(&row.game) else {
            continue;
        };
        let (file, _) = crate::games::record_file(kind);
        if !file.ends_with(&format!(".{extension}")) {
            continue;
        }
        let events: Vec<_> = state
            .store
            .load_events(&row.id)?
            .into_iter()
            .map(|e| e.event)
            .collect();
        out.push_str(&export_pgn::<GameKind>(&events).map_err(anyhow::Error::from)?);
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, kind: &str, white: &str, black: &str, result: Option<&str>) -> GameView {
        let v = serde_json::json!({
            "id": id, "game": kind, "white": {"id": white, "name": white.to_uppercase()},
            "black": {"id": black, "name": black.to_uppercase()}, "rules": "fide2023",
            "event": null, "round": null, "site": null, "status": "finished", "result": result,
            "termination": null, "start_position": "", "position": "", "to_move": "white",
            "ply": 0, "moves": [], "draw_offer": null, "clock": null, "version": 1,
            "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
        });
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn results_and_opponents_are_counted_from_the_players_side() {
        let games = [
            game("1", "chess", "me", "ali", Some("1-0")),
            game("2", "chess", "ali", "me", Some("1-0")),
            game("3", "chess", "ali", "me", Some("1/2-1/2")),
            game("4", "tavla", "can", "me", Some("0-1")),
            game("5", "chess", "me", "can", None),
            game("6", "chess", "me", "ali", Some("0-1")),
        ];
        let (results, opponents) = tally("me", &games);
        assert_eq!(
            results,
            [
                Results {
                    game: "chess".into(),
                    won: 1,
                    drawn: 1,
                    lost: 2,
                    playing: 1
                },
                Results {
                    game: "tavla".into(),
                    won: 1,
                    ..Results::default()
                },
            ]
        );
        let met: Vec<(&str, usize)> = opponents
            .iter()
            .map(|(p, n)| (p.name.as_str(), *n))
            .collect();
        assert_eq!(met, [("ALI", 4), ("CAN", 2)]);
    }
}
