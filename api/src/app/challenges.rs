//! Challenges: a player offers a game — to another player by name, to anyone in the lobby of
//! open seeks, or to whoever has its link — and it is accepted (the game starts), declined,
//! withdrawn, or left to expire. Each door (the JSON API, the pages) calls these functions and
//! only translates their input and answers.

use domain::game::tablebase::TablebaseRule;
use domain::game::{Actor, CreateGame, Participant, Rejection, Rules, TimeControl};
use domain::games::{Command, Context, GameKind, GameState, RuleSetName};
use domain::{GameId, PlayerId};
use serde::{Deserialize, Serialize};

use super::authority::sees_player;
use super::commands::CommandError;
use super::games::{execute, just};
use super::AppState;
use crate::mail::kind::{ChallengeNews, Mail};
use crate::store::{micros, ChallengeRow, OutboxRow, PlayerRow, StoreError};

/// How long a challenge waits for an answer unless its challenger says otherwise.
pub const DEFAULT_DAYS: u32 = 7;
/// The longest a challenge may wait.
pub const MAX_DAYS: u32 = 30;
/// The longest message a challenge carries.
pub const MAX_MESSAGE_CHARS: usize = 500;
/// A player's open challenges at most (made, not yet answered).
pub const MAX_OPEN: usize = 50;
/// The highest limit of games at once a player may set.
pub const MAX_GAMES: u32 = 1000;
/// Whom a player may take challenges from: anyone, players they have played, their school (the
/// players their organiser made), nobody.
pub const FROM: [&str; 4] = ["anyone", "played", "school", "nobody"];

/// The challenger's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Black,
    /// Drawn by lot when the challenge is accepted.
    #[default]
    Random,
}

/// The game a challenge offers, as its challenger set it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Terms {
    /// The game (`chess`, `checkers`, `dama`, `tavla`).
    pub game: String,
    /// One of the game's rule sets; none: its default.
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Tavla: the points to win the match.
    #[serde(default)]
    pub match_length: Option<u16>,
    #[serde(default)]
    pub colour: Colour,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub message: Option<String>,
    /// Who may read the game; none: its participants' where a pupil plays, else anyone's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility: Option<domain::game::Visibility>,
    /// How the endgame tablebases may decide the game (chess).
    #[serde(default, skip_serializing_if = "TablebaseRule::is_off")]
    pub tablebase: TablebaseRule,
}

/// Whom a challenge is for.
pub enum Target {
    /// One player, by id.
    Player(String),
    /// Anyone, in the lobby of open seeks.
    Lobby,
    /// Whoever has its link.
    Link,
}

/// Why a challenge's step is refused.
#[derive(Debug, thiserror::Error)]
pub enum ChallengeError {
    #[error("no such challenge or player")]
    NotFound,
    #[error("a challenge is between two players")]
    NotAPlayer,
    /// The player signed up and has not yet followed the link mailed to their address.
    #[error("confirm your e-mail address first: follow the sign-in link mailed to it")]
    Unconfirmed,
    #[error("a player does not challenge themselves")]
    Yourself,
    #[error("that player takes no challenges from you")]
    NotTaken,
    #[error("{0} already plays as many games as they chose to")]
    TooManyGames(String),
    #[error("too many open challenges (at most {MAX_OPEN})")]
    TooManyOpen,
    #[error("this challenge is not yours to answer")]
    NotYours,
    /// The challenge is no longer open: `accepted`, `declined`, `withdrawn` or `expired`.
    #[error("this challenge is {0}")]
    Closed(String),
    #[error("the message is at most {MAX_MESSAGE_CHARS} characters")]
    Message,
    #[error("a challenge waits 1 to {MAX_DAYS} days")]
    Days,
    #[error(
        "challenges come from anyone, played, school or nobody; at most 1 to {MAX_GAMES} games"
    )]
    Preferences,
    /// The terms are not a game zarf can start (the game's own refusal).
    #[error("{0}")]
    Terms(Rejection),
    #[error(transparent)]
    Command(#[from] CommandError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A challenge as its readers see it, with its terms read back.
pub struct Challenge {
    pub row: ChallengeRow,
    pub terms: Terms,
}

impl Challenge {
    pub fn of(row: ChallengeRow) -> Result<Challenge, ChallengeError> {
        let terms = serde_json::from_str(&row.terms)
            .map_err(|e| StoreError::Corrupt(format!("a stored challenge's terms: {e}")))?;
        Ok(Challenge { row, terms })
    }
}

fn player_id(p: &PlayerRow) -> Result<PlayerId, ChallengeError> {
    PlayerId::parse(&p.id)
        .map_err(|_| StoreError::Corrupt("a stored player id is bad".into()).into())
}

/// The creation these terms ask for, between `white` and `black`.
fn creation(
    terms: &Terms,
    id: GameId,
    white: Participant,
    black: Participant,
    visibility: domain::game::Visibility,
) -> CreateGame {
    CreateGame {
        game_id: id,
        game: Some(terms.game.clone()),
        white,
        black,
        organiser: None,
        rules: terms
            .rules
            .as_deref()
            .and_then(RuleSetName::parse)
            .map(|r| r.0),
        start_position: None,
        time_control: terms.time_control.clone(),
        event: None,
        round: None,
        site: None,
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: None,
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: terms.match_length,
        rated: terms.rated,
        visibility,
        tablebase: terms.tablebase,
    }
}

/// Checks that the terms make a game, as the game's rules judge its creation (a game of dice
/// with a secret that is never used): the refusal is the game's own.
fn check_terms(terms: &Terms, challenger: &PlayerRow) -> Result<(), ChallengeError> {
    if let Some(m) = &terms.message {
        if m.chars().count() > MAX_MESSAGE_CHARS {
            return Err(ChallengeError::Message);
        }
    }
    if let Some(r) = &terms.rules {
        if RuleSetName::parse(r).is_none() {
            return Err(ChallengeError::Terms(Rejection::InvalidField {
                field: "rules",
                problem: domain::game::FieldProblem::Unknown,
            }));
        }
    }
    let me = player_id(challenger)?;
    let them = PlayerId::from_uuid(uuid::Uuid::nil());
    let side = |id| Participant {
        id,
        name: "-".into(),
    };
    let create = creation(
        terms,
        GameId::from_uuid(uuid::Uuid::now_v7()),
        side(me),
        side(them),
        Default::default(),
    );
    let dice = GameKind::named(&terms.game).is_some_and(|k| k.features().dice);
    let ctx = Context {
        now: crate::store::now(),
        actor: Actor::Player(me),
        notation: None,
        dice: dice.then(|| domain::game::dice::DiceSeed::from_bytes([0; 32])),
        entropy: None,
        tables: None,
    };
    domain::decide(
        &GameState::NotCreated,
        Command::CreateGame(Box::new(create)),
        &ctx,
    )
    .map(|_| ())
    .map_err(ChallengeError::Terms)
}

/// Whether `challenged` takes challenges from `challenger`, by their own choice.
pub(crate) fn takes_from(
    state: &AppState,
    challenger: &PlayerRow,
    challenged: &PlayerRow,
) -> Result<bool, StoreError> {
    Ok(match challenged.challenges_from.as_str() {
        "anyone" => true,
        "played" => state.store.have_played(&challenger.id, &challenged.id)?,
        "school" => match &challenged.created_by {
            Some(organiser) => {
                challenger.id == *organiser || challenger.created_by.as_ref() == Some(organiser)
            }
            // An adult's school is the players their organiser made, if any made them.
            None => false,
        },
        _ => false,
    })
}

/// Whether a player may start another game, by the limit they chose.
pub(crate) fn has_room(state: &AppState, p: &PlayerRow) -> Result<bool, StoreError> {
    Ok(match p.max_games {
        None => true,
        Some(max) => state.store.games_in_play(&p.id)? < i64::from(max),
    })
}

/// The mail about a challenge to `to`, naming `other`.
fn news(c: &ChallengeRow, terms: &Terms, what: &str, to: &str, other: &str, now: i64) -> OutboxRow {
    Mail::Challenge(ChallengeNews {
        challenge: c.id.clone(),
        what: what.to_owned(),
        from: other.to_owned(),
        game: terms.game.clone(),
        rated: terms.rated,
        message: terms.message.clone(),
    })
    .row(None, to.to_owned(), None, now)
}

/// A player's name as `reader` may read it, with their rating in `game` beside it where they
/// have one: `Ayşe (1512?)`.
fn rated_name(
    state: &AppState,
    p: &PlayerRow,
    reader: &PlayerRow,
    game: &str,
) -> Result<String, StoreError> {
    let rated = state.store.ratings_in(&[&p.id], game)?;
    let name =
        super::accounts::name_for(Some(reader), reader.has_role(crate::store::Role::Admin), p);
    Ok(match rated.get(&p.id) {
        Some(s) => format!("{name} ({})", s.shown(crate::store::now())),
        None => name,
    })
}

/// Makes a challenge: checked against the game's rules, the challenged player's choices and the
/// challenger's own limits; the challenged player is mailed.
pub fn create(
    state: &AppState,
    challenger: &PlayerRow,
    target: Target,
    mut terms: Terms,
    days: Option<u32>,
) -> Result<Challenge, ChallengeError> {
    terms.message = terms
        .message
        .map(|m| m.trim().to_owned())
        .filter(|m| !m.is_empty());
    if !challenger.email_confirmed {
        return Err(ChallengeError::Unconfirmed);
    }
    check_terms(&terms, challenger)?;
    let days = days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ChallengeError::Days);
    }
    let challenged = match &target {
        Target::Player(id) => {
            let p = state
                .store
                .player(id)?
                .filter(|p| p.email_confirmed && sees_player(Some(challenger), false, p))
                .ok_or(ChallengeError::NotFound)?;
            if p.id == challenger.id {
                return Err(ChallengeError::Yourself);
            }
            if !takes_from(state, challenger, &p)? {
                return Err(ChallengeError::NotTaken);
            }
            Some(p)
        }
        Target::Lobby | Target::Link => None,
    };
    if !has_room(state, challenger)? {
        return Err(ChallengeError::TooManyGames(challenger.name.clone()));
    }
    if state
        .store
        .open_challenges_of(&challenger.id, MAX_OPEN as i64 + 1)?
        .iter()
        .filter(|c| c.challenger_id == challenger.id)
        .count()
        >= MAX_OPEN
    {
        return Err(ChallengeError::TooManyOpen);
    }
    let now = crate::store::now();
    let row = ChallengeRow {
        id: uuid::Uuid::now_v7().to_string(),
        challenger_id: challenger.id.clone(),
        challenged_id: challenged.as_ref().map(|p| p.id.clone()),
        listed: matches!(target, Target::Lobby),
        game: terms.game.clone(),
        seconds_per_move: match &terms.time_control {
            Some(TimeControl::PerMove { seconds, .. }) => i64::try_from(*seconds).ok(),
            _ => None,
        },
        rated: terms.rated,
        terms: serde_json::to_string(&terms).expect("terms serialise"),
        status: "open".into(),
        created_at: micros(now),
        expires_at: micros(now + time::Duration::days(i64::from(days))),
        answered_at: None,
        answered_by: None,
        game_id: None,
        challenger_white: None,
        game_created: false,
    };
    let mail: Vec<OutboxRow> = match &challenged {
        Some(p) => {
            let from = rated_name(state, challenger, p, &terms.game)?;
            vec![news(&row, &terms, "received", &p.id, &from, row.created_at)]
        }
        None => Vec::new(),
    };
    state.store.create_challenge(&row, &mail)?;
    Ok(Challenge { row, terms })
}

/// A challenge `reader` may see: its two players, and anyone signed in for an open seek or a
/// challenge by link (who has its id); the admin sees every one.
pub fn read(
    state: &AppState,
    id: &str,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Challenge, ChallengeError> {
    let row = state.store.challenge(id)?.ok_or(ChallengeError::NotFound)?;
    let seen = admin
        || reader.is_some_and(|r| {
            r.id == row.challenger_id
                || row.challenged_id.as_deref() == Some(r.id.as_str())
                || row.challenged_id.is_none()
        });
    if !seen {
        return Err(ChallengeError::NotFound);
    }
    let mut c = Challenge::of(row)?;
    if c.row.status == "open" && c.row.expires_at <= micros(crate::store::now()) {
        // Expired, though the scheduler has not yet said so.
        c.row.status = "expired".into();
    }
    Ok(c)
}

/// The open seeks in the lobby that `reader` may take, of `game` and with `seconds_per_move`.
pub fn lobby(
    state: &AppState,
    reader: &PlayerRow,
    game: Option<&str>,
    seconds_per_move: Option<i64>,
) -> Result<Vec<Challenge>, ChallengeError> {
    let now = micros(crate::store::now());
    let rows = state.store.open_seeks(game, seconds_per_move, now, 200)?;
    let challengers: Vec<&str> = rows.iter().map(|r| r.challenger_id.as_str()).collect();
    let players = state.store.players(&challengers)?;
    rows.into_iter()
        .filter(|r| {
            players
                .get(&r.challenger_id)
                .is_some_and(|p| sees_player(Some(reader), false, p))
        })
        .map(Challenge::of)
        .collect()
}

/// Accepts a challenge as `acceptor`: the colours settled (by lot where the challenger left
/// them to it), the challenge taken (by one acceptor only, however many try at once), and the
/// game created. Returns the challenge and its game's id.
pub fn accept(
    state: &AppState,
    id: &str,
    acceptor: &PlayerRow,
) -> Result<(Challenge, GameId), ChallengeError> {
    let c = read(state, id, Some(acceptor), false)?;
    if !acceptor.email_confirmed {
        return Err(ChallengeError::Unconfirmed);
    }
    if c.row.status != "open" {
        return Err(ChallengeError::Closed(c.row.status));
    }
    if c.row.challenger_id == acceptor.id {
        return Err(ChallengeError::Yourself);
    }
    if c.row
        .challenged_id
        .as_ref()
        .is_some_and(|p| *p != acceptor.id)
    {
        return Err(ChallengeError::NotYours);
    }
    let challenger = state
        .store
        .player(&c.row.challenger_id)?
        .ok_or(ChallengeError::NotFound)?;
    if c.row.challenged_id.is_none() && !sees_player(Some(acceptor), false, &challenger) {
        return Err(ChallengeError::NotFound);
    }
    for p in [acceptor, &challenger] {
        if !has_room(state, p)? {
            return Err(ChallengeError::TooManyGames(p.name.clone()));
        }
    }
    let challenger_white = match c.terms.colour {
        Colour::White => true,
        Colour::Black => false,
        Colour::Random => rand::random::<bool>(),
    };
    let game = GameId::from_uuid(uuid::Uuid::now_v7());
    let now = micros(crate::store::now());
    if !state
        .store
        .take_challenge(id, &acceptor.id, &game.to_string(), challenger_white, now)?
    {
        // Another acceptor was first, or it was answered or expired meanwhile.
        let status = state
            .store
            .challenge(id)?
            .map(|r| r.status)
            .filter(|s| s != "open")
            .unwrap_or_else(|| "expired".into());
        return Err(ChallengeError::Closed(status));
    }
    let mut row = c.row;
    row.status = "accepted".into();
    row.answered_at = Some(now);
    row.answered_by = Some(acceptor.id.clone());
    row.game_id = Some(game.to_string());
    row.challenger_white = Some(challenger_white);
    make_game(state, &row, &c.terms, &challenger, acceptor)?;
    Ok((
        Challenge {
            row,
            terms: c.terms,
        },
        game,
    ))
}

/// Creates the game an accepted challenge names (once: a game that exists already is left).
fn make_game(
    state: &AppState,
    row: &ChallengeRow,
    terms: &Terms,
    challenger: &PlayerRow,
    acceptor: &PlayerRow,
) -> Result<(), ChallengeError> {
    let game = row
        .game_id
        .as_deref()
        .and_then(|g| GameId::parse(g).ok())
        .ok_or_else(|| StoreError::Corrupt("an accepted challenge has no game".into()))?;
    let side = |p: &PlayerRow| -> Result<Participant, ChallengeError> {
        Ok(Participant {
            id: player_id(p)?,
            name: super::accounts::recorded_name(p),
        })
    };
    let (white, black) = if row.challenger_white == Some(true) {
        (side(challenger)?, side(acceptor)?)
    } else {
        (side(acceptor)?, side(challenger)?)
    };
    let ctx = Context {
        now: crate::store::now(),
        actor: Actor::Player(player_id(acceptor)?),
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let visibility = match terms.visibility {
        Some(v) => v,
        None => super::accounts::default_visibility(&state.store, challenger, acceptor)?,
    };
    let command = Command::CreateGame(Box::new(creation(terms, game, white, black, visibility)));
    match execute(state, game, just(command), &ctx, None) {
        Ok(_) | Err(CommandError::Rejected(Rejection::GameExists)) => {}
        Err(e) => return Err(e.into()),
    }
    state.store.challenge_game_made(&row.id)?;
    Ok(())
}

/// Declines (the challenged player) or withdraws (the challenger) an open challenge; the other
/// player is mailed.
pub fn answer(
    state: &AppState,
    id: &str,
    by: &PlayerRow,
    withdraw: bool,
) -> Result<Challenge, ChallengeError> {
    let c = read(state, id, Some(by), false)?;
    let allowed = if withdraw {
        c.row.challenger_id == by.id
    } else {
        c.row.challenged_id.as_deref() == Some(by.id.as_str())
    };
    if !allowed {
        return Err(ChallengeError::NotYours);
    }
    if c.row.status != "open" {
        return Err(ChallengeError::Closed(c.row.status));
    }
    let status = if withdraw { "withdrawn" } else { "declined" };
    let now = micros(crate::store::now());
    let other = if withdraw {
        c.row.challenged_id.clone()
    } else {
        Some(c.row.challenger_id.clone())
    };
    let mail: Vec<OutboxRow> = other
        .iter()
        .map(|to| news(&c.row, &c.terms, status, to, &by.name, now))
        .collect();
    if !state
        .store
        .close_challenge(id, status, Some(&by.id), now, &mail)?
    {
        let now_status = state
            .store
            .challenge(id)?
            .map_or_else(|| "expired".into(), |r| r.status);
        return Err(ChallengeError::Closed(now_status));
    }
    let mut row = c.row;
    row.status = status.into();
    row.answered_at = Some(now);
    row.answered_by = Some(by.id.clone());
    Ok(Challenge {
        row,
        terms: c.terms,
    })
}

/// The scheduler's part: challenges whose time ran out closed as expired (both players
/// mailed), and the games of accepted challenges that a crash left unmade created.
pub fn sweep(state: &AppState, now: time::OffsetDateTime) -> Result<usize, ChallengeError> {
    let mut done = 0;
    let at = micros(now);
    for row in state.store.expired_challenges(at, 100)? {
        let c = Challenge::of(row)?;
        let ids: Vec<&str> = [
            Some(c.row.challenger_id.as_str()),
            c.row.challenged_id.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect();
        let players = state.store.players(&ids)?;
        let name = |id: &str| players.get(id).map(|p| p.name.clone()).unwrap_or_default();
        let mut mail = Vec::new();
        if let Some(challenged) = c.row.challenged_id.as_deref() {
            mail.push(news(
                &c.row,
                &c.terms,
                "expired",
                &c.row.challenger_id,
                &name(challenged),
                at,
            ));
            mail.push(news(
                &c.row,
                &c.terms,
                "expired",
                challenged,
                &name(&c.row.challenger_id),
                at,
            ));
        } else {
            mail.push(news(
                &c.row,
                &c.terms,
                "unanswered",
                &c.row.challenger_id,
                "",
                at,
            ));
        }
        if state
            .store
            .close_challenge(&c.row.id, "expired", None, at, &mail)?
        {
            done += 1;
        }
    }
    // A game is made in the acceptance's request; one left a minute is left for good.
    let before = micros(now - time::Duration::minutes(1));
    for row in state.store.unmade_challenges(before, 50)? {
        let c = Challenge::of(row)?;
        let ids = [
            c.row.challenger_id.as_str(),
            c.row.answered_by.as_deref().unwrap_or_default(),
        ];
        let players = state.store.players(&ids)?;
        let (Some(challenger), Some(acceptor)) = (players.get(ids[0]), players.get(ids[1])) else {
            continue;
        };
        make_game(state, &c.row, &c.terms, challenger, acceptor)?;
        done += 1;
    }
    Ok(done)
}

/// Sets whom `player` takes challenges from and the most games they play at once (none: no
/// limit).
pub fn set_preferences(
    state: &AppState,
    player: &PlayerRow,
    from: &str,
    max_games: Option<u32>,
) -> Result<(), ChallengeError> {
    if !FROM.contains(&from) || max_games.is_some_and(|n| !(1..=MAX_GAMES).contains(&n)) {
        return Err(ChallengeError::Preferences);
    }
    let max = max_games.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    state
        .store
        .set_challenge_preferences(&player.id, from, max)?;
    Ok(())
}
