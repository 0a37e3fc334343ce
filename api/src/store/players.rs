//! Players and their bearer tokens, and the players this server has seen in the last few seconds.

use super::schema::{players, tokens};
use super::*;

/// Players seen in the last few seconds, by a key (a token's hash; a player's id): every API
/// request authenticates, and this spares most of them a query; the mail written with a move is
/// settled at once where its recipient is known to take none (D36). A change to a player made
/// through this store forgets both caches at once; one made by another server is seen within
/// [`RecentPlayers::TTL`].
///
/// A row read before a change but put after it would bring the old player back: each forgetting
/// starts a new generation, and a row read in an earlier one is not put.
pub(super) struct RecentPlayers {
    entries: std::sync::Mutex<Entries>,
    /// The most players kept; past it the expired are dropped, and if that is not enough, all.
    capacity: usize,
}

#[derive(Default)]
pub(super) struct Entries {
    generation: u64,
    players: std::collections::HashMap<String, (std::time::Instant, PlayerRow)>,
}

impl RecentPlayers {
    const TTL: Duration = Duration::from_secs(5);

    pub(super) fn new(capacity: usize) -> RecentPlayers {
        RecentPlayers {
            entries: Default::default(),
            capacity,
        }
    }

    /// `read` of the player under `key`, if seen within the TTL.
    pub(super) fn with<R>(&self, key: &str, read: impl FnOnce(&PlayerRow) -> R) -> Option<R> {
        let entries = self.entries.lock().expect("player cache lock");
        entries
            .players
            .get(key)
            .filter(|(at, _)| at.elapsed() < Self::TTL)
            .map(|(_, p)| read(p))
    }

    pub(super) fn get(&self, key: &str) -> Option<PlayerRow> {
        self.with(key, PlayerRow::clone)
    }

    /// The generation a read about to start belongs to.
    pub(super) fn generation(&self) -> u64 {
        self.entries.lock().expect("player cache lock").generation
    }

    /// Remembers `player`, read in generation `read_in`, unless a change has been made since.
    pub(super) fn put(&self, read_in: u64, key: &str, player: &PlayerRow) {
        let mut entries = self.entries.lock().expect("player cache lock");
        if entries.generation != read_in {
            return;
        }
        let players = &mut entries.players;
        if players.len() >= self.capacity {
            players.retain(|_, (at, _)| at.elapsed() < Self::TTL);
            if players.len() >= self.capacity {
                players.clear();
            }
        }
        players.insert(key.to_owned(), (std::time::Instant::now(), player.clone()));
    }

    pub(super) fn forget_all(&self) {
        let mut entries = self.entries.lock().expect("player cache lock");
        entries.generation += 1;
        entries.players.clear();
    }
}

/// How many players are kept by id for mail (D36).
pub(super) const RECIPIENTS_KEPT: usize = 2_000;

/// The generations of the two player caches when a read began.
#[derive(Clone, Copy)]
pub(super) struct Seen(u64, u64);

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub locale: String,
    pub notation: Option<String>,
    pub roles: String,
    pub created_at: i64,
    /// `every_event`, `digest` or `reminders_only`.
    pub mail_mode: String,
    pub digest_hour: i32,
    pub utc_offset_minutes: i32,
    pub last_digest_at: Option<i64>,
    /// The organiser who created the player (none: the admin).
    pub created_by: Option<String>,
    /// A pupil's school and class.
    pub school: Option<String>,
    pub class_name: Option<String>,
    /// A named time zone (`Europe/London`); none: the fixed `utc_offset_minutes`.
    pub time_zone: Option<String>,
    /// Whom the player takes challenges from: `anyone`, `played`, `school` or `nobody`.
    pub challenges_from: String,
    /// The most games the player plays at once (none: no limit).
    pub max_games: Option<i32>,
    /// False for an account its player made until they follow their first sign-in link.
    pub email_confirmed: bool,
    /// The player plays without sight: their game pages are the non-visual page, and their
    /// mails speak the position.
    pub without_sight: bool,
}

/// What an account may do beyond playing: stored in `players.roles`, comma-separated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays games (every account).
    Player,
    /// Creates players and games, and arbitrates the games they create.
    Organiser,
    /// Runs the instance: makes and unmakes organisers, and acts as the admin token does.
    Admin,
}

impl Role {
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Organiser => "organiser",
            Role::Admin => "admin",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        [Role::Player, Role::Organiser, Role::Admin]
            .into_iter()
            .find(|r| r.as_str() == text)
    }

    /// The stored form of a set of roles.
    pub fn column(roles: &[Role]) -> String {
        roles
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl PlayerRow {
    /// The notation the player's moves are read in first: their own choice, or none (the
    /// page's language's letters, then every other reading). A player without sight reads
    /// their own way: spoken words are read in any case where the written readings fail.
    pub fn read_notation(&self) -> Option<domain::games::Notation> {
        self.notation
            .as_deref()
            .and_then(domain::games::Notation::parse)
    }

    /// The notation moves are written in for the player: where they play without sight,
    /// spoken words (in the spoken notation they chose, else in their language: letters read
    /// aloud say little); else their own choice, or none (the page's language's letters).
    pub fn move_notation(&self) -> Option<domain::games::Notation> {
        use domain::game::spoken::Tongue;
        use domain::games::Notation;
        match self.notation.as_deref().and_then(Notation::parse) {
            Some(Notation::Spoken(t)) => Some(Notation::Spoken(t)),
            _ if self.without_sight => Some(Notation::Spoken(Tongue::for_language(&self.locale))),
            chosen => chosen,
        }
    }

    /// The account's roles (a name the store does not know is passed over).
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        self.roles.split(',').filter_map(Role::parse)
    }

    pub fn has_role(&self, role: Role) -> bool {
        self.roles().any(|r| r == role)
    }

    /// The roles with `role` given (`grant`) or taken away; a player stays a player.
    pub fn roles_with(&self, role: Role, grant: bool) -> String {
        let mut roles: Vec<Role> = self.roles().filter(|r| *r != role).collect();
        if grant || role == Role::Player {
            roles.push(role);
        }
        roles.sort_by_key(|r| *r as u8);
        roles.dedup();
        Role::column(&roles)
    }
}

impl Store {
    #[tracing::instrument(level = "debug", skip(self, player, token_hash), fields(player = %player.id))]
    pub fn create_player(
        &self,
        player: &PlayerRow,
        token_hash: Option<&str>,
    ) -> Result<(), StoreError> {
        self.create_players(&[(player, token_hash)])
    }

    /// Creates players, each with its bearer token where one is given, in one transaction (one
    /// commit for many players, where each commit waits for the disk): `Duplicate`, and nothing
    /// written, if any of them exists already.
    pub fn create_players(&self, players: &[(&PlayerRow, Option<&str>)]) -> Result<(), StoreError> {
        let written_in = self.players_generation();
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            for (player, token_hash) in players {
                diesel::insert_into(players::table)
                    .values(*player)
                    .execute(conn)
                    .map_err(unique_as(StoreError::Duplicate))?;
                if let Some(hash) = token_hash {
                    diesel::insert_into(tokens::table)
                        .values(super::tokens::TokenRow::new(
                            hash,
                            &player.id,
                            player.created_at,
                            None,
                        ))
                        .execute(conn)?;
                }
            }
            Ok::<_, StoreError>(())
        })?;
        for (player, _) in players {
            self.seen(written_in, None, player);
        }
        Ok(())
    }

    /// The generation of the player caches a read about to start belongs to.
    pub(super) fn players_generation(&self) -> Seen {
        Seen(self.tokens.generation(), self.players_by_id.generation())
    }

    /// Remembers a player read or written (since `read_in`), by token hash (if given) and by id.
    pub(super) fn seen(&self, read_in: Seen, token_hash: Option<&str>, player: &PlayerRow) {
        if let Some(hash) = token_hash {
            self.tokens.put(read_in.0, hash, player);
        }
        self.players_by_id.put(read_in.1, &player.id, player);
    }

    /// Forgets every player seen: one has changed.
    pub(super) fn forget_players(&self) {
        self.tokens.forget_all();
        self.players_by_id.forget_all();
    }

    /// `read` of the player with this id if it was read or written in the last few seconds,
    /// without touching the database (so an async worker may ask).
    pub fn recent_player_with<R>(&self, id: &str, read: impl FnOnce(&PlayerRow) -> R) -> Option<R> {
        self.players_by_id.with(id, read)
    }

    /// The player of a token seen in the last few seconds, without touching the database (so
    /// an async worker may ask).
    pub fn cached_player_by_token_hash(&self, hash: &str) -> Option<PlayerRow> {
        self.tokens.get(hash)
    }

    #[tracing::instrument(level = "debug", skip_all)]
    pub fn player_by_token_hash(&self, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        if let Some(player) = self.tokens.get(hash) {
            return Ok(Some(player));
        }
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let found: Option<(PlayerRow, Option<i64>)> = tokens::table
            .inner_join(players::table.on(players::id.eq(tokens::player_id)))
            .filter(tokens::hash.eq(hash))
            .select((PlayerRow::as_select(), tokens::last_used_at))
            .first(&mut *conn)
            .optional()?;
        drop(conn);
        let Some((p, last_used)) = found else {
            return Ok(None);
        };
        self.token_used(hash, last_used, micros(now()));
        self.seen(read_in, Some(hash), &p);
        Ok(Some(p))
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub fn player(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let player = players::table
            .find(id)
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?;
        if let Some(p) = &player {
            self.seen(read_in, None, p);
        }
        Ok(player)
    }

    /// The players an organiser created and has not anonymised, by class and name.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn players_created_by(&self, organiser: &str) -> Result<Vec<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .filter(players::created_by.eq(organiser))
            .filter(players::anonymised_at.is_null())
            .order((players::class_name.asc(), players::name.asc()))
            .select(PlayerRow::as_select())
            .limit(10_000)
            .load(&mut *conn)?)
    }

    /// An organiser's default visibility for their pupils' games and tournaments (none:
    /// not set).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn school_visibility(&self, organiser: &str) -> Result<Option<String>, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .find(organiser)
            .select(players::school_visibility)
            .first::<Option<String>>(&mut *conn)
            .optional()?
            .flatten())
    }

    /// Sets an organiser's default visibility for their pupils (none: the service's).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn set_school_visibility(
        &self,
        organiser: &str,
        visibility: Option<&str>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(players::table.find(organiser))
            .set(players::school_visibility.eq(visibility))
            .execute(&mut *conn)?;
        Ok(n == 1)
    }

    /// The players with these ids, in one query (the mail sender's recipients of a round).
    #[tracing::instrument(level = "debug", skip_all, fields(n = ids.len()))]
    pub fn players(
        &self,
        ids: &[&str],
    ) -> Result<std::collections::HashMap<String, PlayerRow>, StoreError> {
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let mut found = std::collections::HashMap::with_capacity(ids.len());
        // SQLite takes at most 32,766 parameters a statement.
        for chunk in ids.chunks(10_000) {
            let rows: Vec<PlayerRow> = players::table
                .filter(players::id.eq_any(chunk))
                .select(PlayerRow::as_select())
                .load(&mut *conn)?;
            rows.iter().for_each(|p| self.seen(read_in, None, p));
            found.extend(rows.into_iter().map(|p| (p.id.clone(), p)));
        }
        Ok(found)
    }

    /// The players with this name (as written, trimmed), at most `limit`.
    pub fn players_named(&self, name: &str, limit: i64) -> Result<Vec<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .filter(players::name.eq(name.trim()))
            .select(PlayerRow::as_select())
            .limit(limit)
            .load(&mut *conn)?)
    }

    pub fn player_by_email(&self, email: &str) -> Result<Option<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .filter(players::email.eq(email))
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?)
    }

    /// Sets a player's name, language, notation (`None`: by the page's language) and whether they
    /// play without sight and, if
    /// given, their mail mode, digest hour and UTC offset, all in one transaction. Games keep
    /// the name they were created with, as a score sheet does.
    pub fn set_profile(
        &self,
        player_id: &str,
        name: &str,
        locale: &str,
        notation: Option<&str>,
        without_sight: bool,
        mail: Option<&MailSettings>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = conn.transaction(|conn| {
            if let Some(mail) = mail {
                mail.write(player_id, conn)?;
            }
            diesel::update(players::table.find(player_id))
                .set((
                    players::name.eq(name),
                    players::locale.eq(locale),
                    players::notation.eq(notation),
                    players::without_sight.eq(without_sight),
                ))
                .execute(conn)
        })?;
        self.forget_players();
        Ok(n == 1)
    }

    /// Sets a player's roles (their stored form, [`Role::column`]).
    pub fn set_roles(&self, player_id: &str, roles: &str) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(players::table.find(player_id))
            .set(players::roles.eq(roles))
            .execute(&mut *conn)?;
        self.forget_players();
        Ok(n == 1)
    }

    /// The accounts an admin looks through: every organiser and admin, then the players whose
    /// name or address holds `search` (all players without one), newest first, at most `limit`.
    pub fn accounts(&self, search: Option<&str>, limit: i64) -> Result<Vec<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        let staff: Vec<PlayerRow> = players::table
            .filter(players::roles.ne("player"))
            .order(players::name.asc())
            .select(PlayerRow::as_select())
            .limit(limit)
            .load(&mut *conn)?;
        let mut rest = players::table
            .filter(players::roles.eq("player"))
            .order(players::created_at.desc())
            .select(PlayerRow::as_select())
            .limit(limit)
            .into_boxed();
        if let Some(q) = search {
            let pattern = format!("%{}%", q.replace(['%', '_', '\\'], ""));
            rest = rest.filter(
                players::name
                    .like(pattern.clone())
                    .or(players::email.like(pattern)),
            );
        }
        let mut all = staff;
        all.extend(rest.load(&mut *conn)?);
        Ok(all)
    }

    /// Sets a player's mail preferences. A player who now wants a digest is due one at once: the
    /// scheduler's next round sends it if this is the player's hour, else it schedules the next.
    pub fn set_mail_preferences(
        &self,
        player_id: &str,
        mail: &MailSettings,
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = mail.write(player_id, &mut conn)?;
        self.forget_players();
        Ok(n == 1)
    }
}

/// A player's mail preferences and the time zone their digest hour is in.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// `every_event`, `digest` or `reminders_only`.
    pub mode: String,
    pub digest_hour: i32,
    /// The offset from UTC now (kept for a named zone too).
    pub utc_offset_minutes: i32,
    /// A named time zone, or none for the fixed offset.
    pub time_zone: Option<String>,
}

impl MailSettings {
    /// `p`'s settings as they are.
    pub fn of(p: &PlayerRow) -> MailSettings {
        MailSettings {
            mode: p.mail_mode.clone(),
            digest_hour: p.digest_hour,
            utc_offset_minutes: p.utc_offset_minutes,
            time_zone: p.time_zone.clone(),
        }
    }

    fn write(&self, player_id: &str, conn: &mut AnyConnection) -> diesel::QueryResult<usize> {
        diesel::update(players::table.find(player_id))
            .set((
                players::mail_mode.eq(&self.mode),
                players::digest_hour.eq(self.digest_hour),
                players::utc_offset_minutes.eq(self.utc_offset_minutes),
                players::time_zone.eq(&self.time_zone),
                players::next_digest_at.eq((self.mode == "digest").then_some(0)),
            ))
            .execute(conn)
    }
}
