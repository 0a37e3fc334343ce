//! Ratings: each player's standing in each game, and each rated game's effect on it. A finished
//! rated game is counted once: its ratings, its changes and the mark that it is settled are
//! written in one transaction, one game at a time in the order the games ended.

use diesel::prelude::*;
use domain::game::GameResult;
use domain::rating::{Rating, Standing};

use super::schema::{games, rating_changes, ratings};
use super::{from_micros, micros, AnyConnection, Store, StoreError};

/// A finished rated game whose ratings are still to be moved.
#[derive(Debug, Clone, Queryable)]
pub struct RatingDue {
    pub id: String,
    pub game: String,
    pub white_id: String,
    pub black_id: String,
    pub result: Option<String>,
    /// When it ended (its projection's last change).
    pub updated_at: i64,
}

/// One rated game's effect on one player: their rating before and after it.
#[derive(Debug, Clone, Queryable)]
pub struct RatingChange {
    pub game_id: String,
    pub game: String,
    pub at: i64,
    pub before: f64,
    pub rating: f64,
    pub deviation: f64,
}

#[derive(Queryable)]
struct RatingRow {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i32,
    last_game_at: Option<i64>,
}

impl RatingRow {
    fn standing(&self) -> Standing {
        Standing {
            rating: Rating {
                rating: self.rating,
                deviation: self.deviation,
                volatility: self.volatility,
            },
            games: u32::try_from(self.games).unwrap_or(0),
            last_game_at: self.last_game_at.map(from_micros),
        }
    }
}

/// A rating row's columns: the player, the game, and the standing's.
const RATING_ROW: (
    ratings::player_id,
    ratings::game,
    (
        ratings::rating,
        ratings::deviation,
        ratings::volatility,
        ratings::games,
        ratings::last_game_at,
    ),
) = (
    ratings::player_id,
    ratings::game,
    (
        ratings::rating,
        ratings::deviation,
        ratings::volatility,
        ratings::games,
        ratings::last_game_at,
    ),
);

fn standing(
    conn: &mut AnyConnection,
    player: &str,
    game: &str,
) -> Result<Option<Standing>, StoreError> {
    let row: Option<RatingRow> = ratings::table
        .find((player, game))
        .select(RATING_ROW.2)
        .first(conn)
        .optional()?;
    Ok(row.as_ref().map(RatingRow::standing))
}

fn write_standing(
    conn: &mut AnyConnection,
    player: &str,
    game: &str,
    s: &Standing,
    first: bool,
) -> QueryResult<usize> {
    let values = (
        ratings::rating.eq(s.rating.rating),
        ratings::deviation.eq(s.rating.deviation),
        ratings::volatility.eq(s.rating.volatility),
        ratings::games.eq(i32::try_from(s.games).unwrap_or(i32::MAX)),
        ratings::last_game_at.eq(s.last_game_at.map(micros)),
    );
    if first {
        diesel::insert_into(ratings::table)
            .values((
                ratings::player_id.eq(player),
                ratings::game.eq(game),
                values,
            ))
            .execute(conn)
    } else {
        diesel::update(ratings::table.find((player, game)))
            .set(values)
            .execute(conn)
    }
}

impl Store {
    /// Finished rated games not yet counted, the earliest ended first.
    pub fn ratings_due(&self, limit: i64) -> Result<Vec<RatingDue>, StoreError> {
        let mut conn = self.reader()?;
        Ok(games::table
            .filter(games::rated.eq(true))
            .filter(games::status.eq("finished"))
            .filter(games::rating_settled.eq(false))
            .order((games::updated_at.asc(), games::id.asc()))
            .select((
                games::id,
                games::game,
                games::white_id,
                games::black_id,
                games::result,
                games::updated_at,
            ))
            .limit(limit)
            .load(&mut *conn)?)
    }

    /// Counts one finished rated game: both players' standings moved by `rate` (from their
    /// standings before it, new players' as [`Standing::NEW`]), their changes recorded and the
    /// game marked settled, in one transaction. `false` where another server counted it first.
    /// On PostgreSQL the servers take turns (a transaction-scoped advisory lock), so two games
    /// of one player never read the same standing.
    pub fn settle_rating(
        &self,
        due: &RatingDue,
        result: GameResult,
        rate: impl FnOnce(&Standing, &Standing, GameResult) -> (Standing, Standing),
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            if let AnyConnection::Postgresql(pg) = conn {
                diesel::sql_query("SELECT pg_advisory_xact_lock(7460931)").execute(pg)?;
            }
            let open = diesel::update(
                games::table
                    .find(&due.id)
                    .filter(games::rating_settled.eq(false)),
            )
            .set(games::rating_settled.eq(true))
            .execute(conn)?;
            if open == 0 {
                return Ok(false);
            }
            let white = standing(conn, &due.white_id, &due.game)?;
            let black = standing(conn, &due.black_id, &due.game)?;
            let (w0, b0) = (
                white.unwrap_or(Standing::NEW),
                black.unwrap_or(Standing::NEW),
            );
            let (w1, b1) = rate(&w0, &b0, result);
            let at = due.updated_at;
            for (player, before, after, first) in [
                (&due.white_id, &w0, &w1, white.is_none()),
                (&due.black_id, &b0, &b1, black.is_none()),
            ] {
                write_standing(conn, player, &due.game, after, first)?;
                diesel::insert_into(rating_changes::table)
                    .values((
                        rating_changes::game_id.eq(&due.id),
                        rating_changes::player_id.eq(player),
                        rating_changes::game.eq(&due.game),
                        rating_changes::at.eq(at),
                        rating_changes::before.eq(before.rating.rating),
                        rating_changes::rating.eq(after.rating.rating),
                        rating_changes::deviation.eq(after.rating.deviation),
                    ))
                    .execute(conn)?;
            }
            Ok(true)
        })
    }

    /// A player's standing in each game they have a rating in, by game name.
    pub fn standings(&self, player: &str) -> Result<Vec<(String, Standing)>, StoreError> {
        let mut conn = self.reader()?;
        let rows: Vec<(String, String, RatingRow)> = ratings::table
            .filter(ratings::player_id.eq(player))
            .order(ratings::game.asc())
            .select(RATING_ROW)
            .load(&mut *conn)?;
        Ok(rows
            .into_iter()
            .map(|(_, game, row)| (game, row.standing()))
            .collect())
    }

    /// The standings of these players in one game, by player (those with none left out).
    pub fn ratings_in(
        &self,
        players: &[&str],
        game: &str,
    ) -> Result<std::collections::HashMap<String, Standing>, StoreError> {
        let mut conn = self.reader()?;
        let rows: Vec<(String, String, RatingRow)> = ratings::table
            .filter(ratings::player_id.eq_any(players))
            .filter(ratings::game.eq(game))
            .select(RATING_ROW)
            .load(&mut *conn)?;
        Ok(rows
            .into_iter()
            .map(|(player, _, row)| (player, row.standing()))
            .collect())
    }

    /// A player's rating history in one game, oldest first (at most `limit`, the latest).
    pub fn rating_history(
        &self,
        player: &str,
        game: &str,
        limit: i64,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut conn = self.reader()?;
        let mut changes: Vec<RatingChange> = rating_changes::table
            .filter(rating_changes::player_id.eq(player))
            .filter(rating_changes::game.eq(game))
            .order((rating_changes::at.desc(), rating_changes::game_id.desc()))
            .select((
                rating_changes::game_id,
                rating_changes::game,
                rating_changes::at,
                rating_changes::before,
                rating_changes::rating,
                rating_changes::deviation,
            ))
            .limit(limit)
            .load(&mut *conn)?;
        changes.reverse();
        Ok(changes)
    }
}
