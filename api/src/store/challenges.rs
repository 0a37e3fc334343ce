//! Challenges: offers of a game, answered once. Every change of a challenge's status is a
//! conditional update from `open` (or, for the game made from it, from not made), so two
//! servers or two players racing never both win; the mail a change causes is written in its
//! transaction.

use diesel::prelude::*;

use super::schema::{challenges, games, outbox};
use super::{AnyConnection, OutboxRow, Store, StoreError};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = challenges)]
pub struct ChallengeRow {
    pub id: String,
    pub challenger_id: String,
    /// The player challenged; none: an open seek (`listed`) or a challenge by link.
    pub challenged_id: Option<String>,
    /// Shown in the lobby of open seeks.
    pub listed: bool,
    /// The game offered (`chess`, `checkers`, …), for the lobby's filter.
    pub game: String,
    /// The time control's seconds a move, where it has one such, for the lobby's filter.
    pub seconds_per_move: Option<i64>,
    pub rated: bool,
    /// The game's terms as JSON (`app::challenges::Terms`).
    pub terms: String,
    /// `open`, `accepted`, `declined`, `withdrawn` or `expired`.
    pub status: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub answered_at: Option<i64>,
    pub answered_by: Option<String>,
    /// The game the acceptance made (its id is chosen when it is accepted).
    pub game_id: Option<String>,
    /// Whether the challenger has white, once colours are settled at the acceptance.
    pub challenger_white: Option<bool>,
    pub game_created: bool,
}

fn queue(conn: &mut AnyConnection, mail: &[OutboxRow]) -> QueryResult<()> {
    for row in mail {
        diesel::insert_into(outbox::table)
            .values(row)
            .execute(conn)?;
    }
    Ok(())
}

impl Store {
    /// Records a new challenge and the mail it causes, in one transaction.
    pub fn create_challenge(
        &self,
        row: &ChallengeRow,
        mail: &[OutboxRow],
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            diesel::insert_into(challenges::table)
                .values(row)
                .execute(conn)?;
            queue(conn, mail)
        })?;
        Ok(())
    }

    pub fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(challenges::table
            .find(id)
            .select(ChallengeRow::as_select())
            .first(&mut *conn)
            .optional()?)
    }

    /// The open challenges a player made or was sent, newest first.
    pub fn open_challenges_of(
        &self,
        player: &str,
        limit: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(challenges::table
            .filter(challenges::status.eq("open"))
            .filter(
                challenges::challenger_id
                    .eq(player)
                    .or(challenges::challenged_id.eq(player)),
            )
            .order(challenges::created_at.desc())
            .select(ChallengeRow::as_select())
            .limit(limit)
            .load(&mut *conn)?)
    }

    /// The lobby: open seeks not yet expired at `now`, oldest first, of `game` and with
    /// `seconds_per_move` where given.
    pub fn open_seeks(
        &self,
        game: Option<&str>,
        seconds_per_move: Option<i64>,
        now: i64,
        limit: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut conn = self.reader()?;
        let mut q = challenges::table
            .filter(challenges::listed.eq(true))
            .filter(challenges::status.eq("open"))
            .filter(challenges::expires_at.gt(now))
            .order(challenges::created_at.asc())
            .select(ChallengeRow::as_select())
            .limit(limit)
            .into_boxed();
        if let Some(g) = game {
            q = q.filter(challenges::game.eq(g.to_owned()));
        }
        if let Some(s) = seconds_per_move {
            q = q.filter(challenges::seconds_per_move.eq(s));
        }
        Ok(q.load(&mut *conn)?)
    }

    /// Takes an open challenge for `by`, naming the game it makes and the colours: `false`,
    /// writing nothing, if it was no longer open or had expired at `now`.
    pub fn take_challenge(
        &self,
        id: &str,
        by: &str,
        game_id: &str,
        challenger_white: bool,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(
            challenges::table
                .find(id)
                .filter(challenges::status.eq("open"))
                .filter(challenges::expires_at.gt(now)),
        )
        .set((
            challenges::status.eq("accepted"),
            challenges::answered_at.eq(now),
            challenges::answered_by.eq(by),
            challenges::game_id.eq(game_id),
            challenges::challenger_white.eq(challenger_white),
        ))
        .execute(&mut *conn)?;
        Ok(n == 1)
    }

    /// Closes an open challenge as `status` (`declined`, `withdrawn`, `expired`) and queues
    /// its mail, in one transaction: `false`, writing nothing, if it was no longer open.
    pub fn close_challenge(
        &self,
        id: &str,
        status: &str,
        by: Option<&str>,
        now: i64,
        mail: &[OutboxRow],
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let closed = conn.transaction(|conn| {
            let n = diesel::update(
                challenges::table
                    .find(id)
                    .filter(challenges::status.eq("open")),
            )
            .set((
                challenges::status.eq(status),
                challenges::answered_at.eq(now),
                challenges::answered_by.eq(by),
            ))
            .execute(conn)?;
            if n == 1 {
                queue(conn, mail)?;
            }
            Ok::<_, StoreError>(n == 1)
        })?;
        Ok(closed)
    }

    /// Open challenges whose time ran out by `now`, the earliest first.
    pub fn expired_challenges(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(challenges::table
            .filter(challenges::status.eq("open"))
            .filter(challenges::expires_at.le(now))
            .order(challenges::expires_at.asc())
            .select(ChallengeRow::as_select())
            .limit(limit)
            .load(&mut *conn)?)
    }

    /// Accepted challenges answered before `before` whose game is not yet known to be made.
    pub fn unmade_challenges(
        &self,
        before: i64,
        limit: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(challenges::table
            .filter(challenges::status.eq("accepted"))
            .filter(challenges::game_created.eq(false))
            .filter(challenges::answered_at.lt(before))
            .order(challenges::answered_at.asc())
            .select(ChallengeRow::as_select())
            .limit(limit)
            .load(&mut *conn)?)
    }

    /// Notes that an accepted challenge's game exists.
    pub fn challenge_game_made(&self, id: &str) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::update(challenges::table.find(id))
            .set(challenges::game_created.eq(true))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// How many games a player is playing now (active or adjourned).
    pub fn games_in_play(&self, player: &str) -> Result<i64, StoreError> {
        let mut conn = self.reader()?;
        Ok(games::table
            .filter(games::status.eq_any(["active", "adjourned"]))
            .filter(games::white_id.eq(player).or(games::black_id.eq(player)))
            .count()
            .get_result(&mut *conn)?)
    }

    /// Whether two players have played each other (a game of any state between them).
    pub fn have_played(&self, a: &str, b: &str) -> Result<bool, StoreError> {
        let mut conn = self.reader()?;
        let n: i64 = games::table
            .filter(
                (games::white_id.eq(a).and(games::black_id.eq(b)))
                    .or(games::white_id.eq(b).and(games::black_id.eq(a))),
            )
            .count()
            .get_result(&mut *conn)?;
        Ok(n > 0)
    }

    /// Sets whom a player takes challenges from and the most games they play at once.
    pub fn set_challenge_preferences(
        &self,
        player: &str,
        from: &str,
        max_games: Option<i32>,
    ) -> Result<bool, StoreError> {
        use super::schema::players;
        let mut conn = self.writer()?;
        let n = diesel::update(players::table.find(player))
            .set((
                players::challenges_from.eq(from),
                players::max_games.eq(max_games),
            ))
            .execute(&mut *conn)?;
        self.forget_players();
        Ok(n == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(id: &str) -> ChallengeRow {
        ChallengeRow {
            id: id.into(),
            challenger_id: "a".into(),
            challenged_id: None,
            listed: true,
            game: "chess".into(),
            seconds_per_move: None,
            rated: false,
            terms: "{}".into(),
            status: "open".into(),
            created_at: 0,
            expires_at: 1_000,
            answered_at: None,
            answered_by: None,
            game_id: None,
            challenger_white: None,
            game_created: false,
        }
    }

    /// A challenge changes from `open` once: a second taker, a late decline, a taker after
    /// its expiry all find it closed, and write nothing.
    #[test]
    fn a_challenge_is_answered_once() {
        crate::store::on_both_backends(|store| {
            store.create_challenge(&open("c1"), &[]).unwrap();
            assert!(store.take_challenge("c1", "b", "g1", true, 10).unwrap());
            assert!(!store.take_challenge("c1", "c", "g2", false, 11).unwrap());
            assert!(!store
                .close_challenge("c1", "declined", Some("b"), 12, &[])
                .unwrap());
            let row = store.challenge("c1").unwrap().unwrap();
            assert_eq!(
                (
                    row.status.as_str(),
                    row.answered_by.as_deref(),
                    row.game_id.as_deref()
                ),
                ("accepted", Some("b"), Some("g1"))
            );
            store.create_challenge(&open("c2"), &[]).unwrap();
            assert!(
                !store.take_challenge("c2", "b", "g3", true, 1_000).unwrap(),
                "expired"
            );
            assert!(store
                .close_challenge("c2", "expired", None, 1_000, &[])
                .unwrap());
            assert!(!store
                .close_challenge("c2", "expired", None, 1_001, &[])
                .unwrap());
        });
    }
}
