//! Xfcc (XfccBasic, the correspondence programs' web service): a player's games as the protocol
//! lists them, and `MakeAMove` judged by the same pipeline as every other door, its refusals
//! told in the protocol's result codes. The SOAP envelope is the door's ([`crate::http::xfcc`]).

use std::sync::Arc;

use domain::game::{
    ClaimKind, GameResult, MessageText, MoveText, Rejection, Rules, Side, Status, Termination,
};
use domain::games::{Command, GameKind, GameState, MoveInput};
use domain::GameId;

use super::actors::Account;
use super::{AppState, CommandError};
use crate::store::{self, PlayerRow};

/// What `MakeAMove` answers, spelt as XfccBasic publishes them (`MoveIsAmbigous` too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveResult {
    Success,
    ServerError,
    /// Something zarf does not do here: a message where the organiser turned them off.
    FeatureUnavailable,
    AuthenticationFailed,
    InvalidGameId,
    NotYourGame,
    NotYourTurn,
    InvalidMoveNumber,
    InvalidMove,
    NoDrawWasOffered,
    LostOnTime,
    /// Published, never answered: a player on leave may move (their clock waits until the
    /// leave ends).
    YouAreOnLeave,
    MoveIsAmbiguous,
}

impl MoveResult {
    pub const ALL: [MoveResult; 13] = [
        MoveResult::Success,
        MoveResult::ServerError,
        MoveResult::FeatureUnavailable,
        MoveResult::AuthenticationFailed,
        MoveResult::InvalidGameId,
        MoveResult::NotYourGame,
        MoveResult::NotYourTurn,
        MoveResult::InvalidMoveNumber,
        MoveResult::InvalidMove,
        MoveResult::NoDrawWasOffered,
        MoveResult::LostOnTime,
        MoveResult::YouAreOnLeave,
        MoveResult::MoveIsAmbiguous,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            MoveResult::Success => "Success",
            MoveResult::ServerError => "ServerError",
            MoveResult::FeatureUnavailable => "FeatureUnavailable",
            MoveResult::AuthenticationFailed => "AuthenticationFailed",
            MoveResult::InvalidGameId => "InvalidGameID",
            MoveResult::NotYourGame => "NotYourGame",
            MoveResult::NotYourTurn => "NotYourTurn",
            MoveResult::InvalidMoveNumber => "InvalidMoveNumber",
            MoveResult::InvalidMove => "InvalidMove",
            MoveResult::NoDrawWasOffered => "NoDrawWasOffered",
            MoveResult::LostOnTime => "LostOnTime",
            MoveResult::YouAreOnLeave => "YouAreOnLeave",
            // The protocol's own spelling, which the programs compare against.
            MoveResult::MoveIsAmbiguous => "MoveIsAmbigous",
        }
    }
}

/// A game's result as XfccBasic names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XfccResult {
    Ongoing,
    WhiteWins,
    BlackWins,
    Draw,
    WhiteWinAdjudicated,
    BlackWinAdjudicated,
    DrawAdjudicated,
}

impl XfccResult {
    /// Every value the protocol's `Result` type has, in its order (zarf gives the first seven).
    pub const PUBLISHED: [&'static str; 12] = [
        "Ongoing",
        "WhiteWins",
        "BlackWins",
        "Draw",
        "WhiteWinAdjudicated",
        "BlackWinAdjudicated",
        "DrawAdjudicated",
        "WhiteDefaulted",
        "BlackDefaulted",
        "BothDefaulted",
        "Cancelled",
        "AdjudicationPending",
    ];

    fn of(status: Status) -> XfccResult {
        let Status::Finished {
            result,
            termination,
        } = status
        else {
            return XfccResult::Ongoing;
        };
        // The tables' result is an adjudication too, as PGN's Termination tag says.
        let ruled = matches!(
            termination,
            Termination::ArbiterDecision | Termination::Tablebase
        );
        match (result, ruled) {
            (GameResult::WhiteWins, false) => XfccResult::WhiteWins,
            (GameResult::BlackWins, false) => XfccResult::BlackWins,
            (GameResult::Draw, false) => XfccResult::Draw,
            (GameResult::WhiteWins, true) => XfccResult::WhiteWinAdjudicated,
            (GameResult::BlackWins, true) => XfccResult::BlackWinAdjudicated,
            (GameResult::Draw, true) => XfccResult::DrawAdjudicated,
        }
    }

    pub const fn as_str(self) -> &'static str {
        Self::PUBLISHED[self as usize]
    }
}

/// Time on a clock in the protocol's days, hours and minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeLeft {
    pub days: i64,
    pub hours: i64,
    pub minutes: i64,
}

impl TimeLeft {
    fn of_seconds(seconds: i64) -> TimeLeft {
        let s = seconds.max(0);
        TimeLeft {
            days: s / 86_400,
            hours: s % 86_400 / 3600,
            minutes: s % 3600 / 60,
        }
    }
}

/// One of a player's games as `GetMyGames` lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct XfccGame {
    pub id: i64,
    pub white: String,
    pub black: String,
    pub event: String,
    pub site: String,
    pub my_turn: bool,
    pub has_white: bool,
    pub player: TimeLeft,
    pub opponent: TimeLeft,
    /// The movetext of the game's PGN, as `GET /api/v1/games/{id}/pgn` writes it.
    pub moves: String,
    /// The opponent's offer stands.
    pub draw_offered: bool,
    pub result: XfccResult,
    /// What the opponent wrote since the player's last move.
    pub message: Option<String>,
    pub game_link: String,
    pub white_elo: Option<i64>,
    pub black_elo: Option<i64>,
    /// PGN's date: `YYYY.MM.DD`.
    pub event_date: String,
    pub setup: bool,
    pub fen: Option<String>,
    pub round: Option<String>,
    pub time_control: String,
}

/// How long a finished game stays in the list, so the program learns how it ended.
const FINISHED_LISTED_DAYS: i64 = 14;

/// The player's chess games going on, and those finished in the last two weeks, most urgent
/// first. Blocks: call it off the async workers.
pub fn my_games(state: &AppState, player: &PlayerRow) -> Result<Vec<XfccGame>, CommandError> {
    let now = store::now();
    let since = store::micros(now - time::Duration::days(FINISHED_LISTED_DAYS));
    let rows = state.store.games_of_player(&player.id, None, 500)?;
    let mut games = Vec::new();
    for row in rows {
        if row.game != GameKind::Chess.name()
            || (row.status == "finished" && row.updated_at < since)
        {
            continue;
        }
        // One game that cannot be read is logged and left out; the others are still listed.
        match listed_row(state, player, &row, now) {
            Ok(Some(game)) => games.push(game),
            Ok(None) => {}
            Err(e) => {
                tracing::error!(game = %row.id, error = %e, "a game could not be listed for Xfcc")
            }
        }
    }
    Ok(games)
}

/// One game of the player's list, read as of now (a fallen flag recorded first).
fn listed_row(
    state: &AppState,
    player: &PlayerRow,
    row: &crate::store::GameRow,
    now: time::OffsetDateTime,
) -> Result<Option<XfccGame>, CommandError> {
    super::reads::current_view(state, row)?;
    let events = state.store.load_events(&row.id)?;
    let events: Vec<_> = events.into_iter().map(|e| e.event).collect();
    let folded = GameState::replay(events.iter())
        .map_err(|e| anyhow::anyhow!("game {} does not fold: {}", row.id, e.reason))?;
    let Some(game) = folded.game() else {
        return Ok(None);
    };
    let ratings = state
        .store
        .ratings_in(&[&row.white_id, &row.black_id], &row.game)?;
    let elo = |id: &str| ratings.get(id).map(|s| s.rating.rating.round() as i64);
    let number = state.store.game_number(&row.id)?;
    Ok(Some(listed(
        state,
        player,
        game,
        &events,
        now,
        number,
        (elo(&row.white_id), elo(&row.black_id)),
    )))
}

fn listed(
    state: &AppState,
    player: &PlayerRow,
    game: &domain::games::Game,
    events: &[domain::game::GameEvent],
    now: time::OffsetDateTime,
    number: i64,
    (white_elo, black_elo): (Option<i64>, Option<i64>),
) -> XfccGame {
    let has_white = game.white.id.to_string() == player.id;
    let me = if has_white { Side::White } else { Side::Black };
    let seconds = |side: Side| {
        game.clock
            .as_ref()
            .map(|c| c.reading(now).left_us[usize::from(side == Side::Black)] / 1_000_000)
    };
    let pgn = game.pgn(events);
    let moves = pgn
        .split_once("\n\n")
        .map_or("", |(_, movetext)| movetext)
        .trim_end()
        .to_owned();
    let d = game.created_at.date();
    XfccGame {
        id: number,
        white: game.white.name.clone(),
        black: game.black.name.clone(),
        event: game.event.clone().unwrap_or_default(),
        site: game.site.clone().unwrap_or_else(|| "zarf".into()),
        my_turn: game.status == Status::Active && game.turn() == me,
        has_white,
        player: seconds(me).map(TimeLeft::of_seconds).unwrap_or_default(),
        opponent: seconds(me.opponent())
            .map(TimeLeft::of_seconds)
            .unwrap_or_default(),
        moves,
        draw_offered: game.is_live() && game.draw_offer == Some(me.opponent()),
        result: XfccResult::of(game.status),
        message: opponents_message(game, me),
        game_link: format!("{}/games/{}", state.public_url, game.id),
        white_elo,
        black_elo,
        event_date: format!("{:04}.{:02}.{:02}", d.year(), u8::from(d.month()), d.day()),
        setup: game.set_up_text.is_some(),
        fen: game.set_up_text.clone(),
        round: game.round.clone(),
        time_control: domain::game::time_control_tag(game.time_control.as_ref()),
    }
}

/// What the opponent wrote since the player's last move (their messages in order, a blank line
/// between them).
fn opponents_message(game: &domain::games::Game, me: Side) -> Option<String> {
    let ply = game.ply();
    // The half-moves played when the player last moved: now, if the opponent is to move;
    // one fewer if the opponent has just moved.
    let since = match (game.turn() == me, ply) {
        (_, 0) => 0,
        (true, p) => p - 1,
        (false, p) => p,
    };
    let texts: Vec<&str> = game
        .messages
        .iter()
        .filter(|m| m.by == me.opponent() && m.ply >= since)
        .map(|m| m.text.as_str())
        .collect();
    (!texts.is_empty()).then(|| texts.join("\n\n"))
}

/// `MakeAMove` as the program sent it.
#[derive(Debug, Clone, Default)]
pub struct MakeAMove {
    pub game_id: i64,
    pub resign: bool,
    pub accept_draw: bool,
    pub movecount: i64,
    pub my_move: String,
    pub offer_draw: bool,
    pub claim_draw: bool,
    pub my_message: String,
}

/// What to run, found on the game as it stands.
struct Prepared {
    id: GameId,
    command: Command,
    version: u64,
    me: Side,
}

/// Judges and records `MakeAMove` for `player`: one command (a message goes with it, in the
/// same append), guarded by the move number and the game's version as read.
pub async fn make_a_move(state: Arc<AppState>, player: PlayerRow, m: MakeAMove) -> MoveResult {
    let prepared = {
        let (state, player) = (state.clone(), player.clone());
        tokio::task::spawn_blocking(move || prepare(&state, &player, &m)).await
    };
    let prepared = match prepared {
        Ok(Ok(p)) => p,
        Ok(Err(answer)) => return answer,
        Err(e) => {
            tracing::error!(error = %e, "an Xfcc move's blocking task failed");
            return MoveResult::ServerError;
        }
    };
    let me = prepared.me;
    let done = super::play::command(
        state,
        Account::Player(&player),
        prepared.id,
        prepared.command,
        Some(prepared.version),
        None,
    )
    .await;
    match done {
        Ok(_) => MoveResult::Success,
        Err(e) => refused(&e, me),
    }
}

/// A refusal in the protocol's terms.
fn refused(e: &CommandError, me: Side) -> MoveResult {
    match e {
        CommandError::Rejected(r) => rejected(r, me),
        CommandError::NotFound => MoveResult::InvalidGameId,
        // The game moved on since the program read it.
        CommandError::VersionConflict => MoveResult::InvalidMoveNumber,
        CommandError::MessagesOff => MoveResult::FeatureUnavailable,
        CommandError::TournamentRejected(_) | CommandError::Internal(_) => {
            tracing::error!(error = ?e, "an Xfcc move failed");
            MoveResult::ServerError
        }
    }
}

fn rejected(r: &Rejection, me: Side) -> MoveResult {
    match r {
        Rejection::NoSuchGame => MoveResult::InvalidGameId,
        Rejection::NotAPlayer | Rejection::ArbiterOnly => MoveResult::NotYourGame,
        Rejection::FlagFallen { side } if *side == me => MoveResult::LostOnTime,
        Rejection::NotYourTurn
        | Rejection::GameOver
        | Rejection::FlagFallen { .. }
        | Rejection::Adjourned
        | Rejection::NotStarted { .. }
        | Rejection::DrawOfferPending { .. } => MoveResult::NotYourTurn,
        Rejection::IllegalMove { .. }
        | Rejection::PromotionMissing { .. }
        | Rejection::UnparseableMove { .. }
        | Rejection::ClaimNotInGame
        | Rejection::NotInTablebases
        | Rejection::TablebaseClaimRefused { .. }
        | Rejection::NoProgressRuleSuspended { .. }
        | Rejection::InvalidField { .. } => MoveResult::InvalidMove,
        Rejection::AmbiguousMove { .. } => MoveResult::MoveIsAmbiguous,
        Rejection::NoDrawOffer => MoveResult::NoDrawWasOffered,
        Rejection::NotInThisGame { .. } => MoveResult::FeatureUnavailable,
        _ => MoveResult::ServerError,
    }
}

fn prepare(state: &AppState, player: &PlayerRow, m: &MakeAMove) -> Result<Prepared, MoveResult> {
    let server_error = |e: &dyn std::fmt::Display| {
        tracing::error!(error = %e, "reading a game for Xfcc failed");
        MoveResult::ServerError
    };
    let key = state
        .store
        .game_of_number(m.game_id)
        .map_err(|e| server_error(&e))?
        .ok_or(MoveResult::InvalidGameId)?;
    let row = state
        .store
        .game_row(&key)
        .map_err(|e| server_error(&e))?
        .ok_or(MoveResult::InvalidGameId)?;
    if row.game != GameKind::Chess.name() {
        return Err(MoveResult::InvalidGameId);
    }
    let me = if row.white_id == player.id {
        Side::White
    } else if row.black_id == player.id {
        Side::Black
    } else {
        return Err(MoveResult::NotYourGame);
    };
    // As of now: a fallen flag is recorded first.
    super::reads::current_view(state, &row).map_err(|e| server_error(&e))?;
    let folded = state
        .folds
        .current(&state.store, &key)
        .map_err(|e| server_error(&e))?;
    let game = folded.state.game().ok_or(MoveResult::InvalidGameId)?;
    if let Status::Finished {
        termination,
        result,
    } = game.status
    {
        let lost_on_time = matches!(termination, Termination::TimeForfeit)
            && result == GameResult::win_for(me.opponent());
        return Err(if lost_on_time {
            MoveResult::LostOnTime
        } else {
            MoveResult::NotYourTurn
        });
    }
    let id = game.id;
    let my_move = m.my_move.trim();
    let with_move = !my_move.is_empty();
    let mv = if with_move {
        let text = MoveText::parse(my_move).map_err(|_| MoveResult::InvalidMove)?;
        Some(MoveInput {
            text,
            notation: None,
        })
    } else {
        None
    };
    // The move number guards against a stale program: a move must carry the number of the
    // move it makes; anything else the number of the move being played or the one before.
    let number = full_move_number(&game.position_text());
    let turn_ok = game.turn() == me;
    if with_move && !m.resign && !m.accept_draw {
        if !turn_ok {
            return Err(MoveResult::NotYourTurn);
        }
        if m.movecount != number {
            return Err(MoveResult::InvalidMoveNumber);
        }
    } else if m.movecount != number && m.movecount != number - 1 {
        return Err(MoveResult::InvalidMoveNumber);
    }
    let message = match m.my_message.trim() {
        "" => None,
        text => Some(MessageText::parse(text).map_err(|_| MoveResult::InvalidMove)?),
    };
    let action = if m.resign {
        Some(Command::Resign)
    } else if m.accept_draw {
        Some(Command::AcceptDraw)
    } else if m.claim_draw {
        Some(draw_claim(state, &folded.state, mv, player))
    } else if let Some(mv) = mv {
        Some(Command::MakeMove {
            mv,
            offer_draw: m.offer_draw,
            conditional: Vec::new(),
        })
    } else if m.offer_draw {
        Some(Command::OfferDraw)
    } else {
        None
    };
    let command = match (action, message) {
        (Some(action), None) => action,
        (action, Some(text)) => Command::Message {
            text,
            with: action.map(Box::new),
        },
        (None, None) => return Err(MoveResult::InvalidMove),
    };
    Ok(Prepared {
        id,
        command,
        version: game.version,
        me,
    })
}

/// The full-move number of a FEN (its sixth field; 1 where it has none).
fn full_move_number(fen: &str) -> i64 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

/// The draw an Xfcc claim (which names no ground) makes: under a tablebase rule, a draw by the
/// tables where they give one; where they hold the position and do not, a threefold repetition
/// that would be upheld (9.2 still applies), else their claim, refused with their verdict (a
/// win by the tables is claimed on the page or the API: Xfcc has no such claim). Where they do
/// not hold it, one of the Laws' ([`claim_kind`]).
fn draw_claim(
    state: &AppState,
    game: &GameState,
    intended: Option<MoveInput>,
    player: &PlayerRow,
) -> Command {
    let by_tables = Command::ClaimTablebase {
        claim: domain::game::tablebase::TablebaseClaim::Draw,
        intended_move: intended.clone(),
    };
    let ruled = game.game().is_some_and(|g| !g.tablebase.is_off());
    if let (true, Ok(id)) = (ruled, super::actors::player_id(player)) {
        let ctx = asking(id, Some(state.tablebases.clone()));
        match domain::game::decide(game, by_tables.clone(), &ctx) {
            Err(Rejection::NotInTablebases) => {}
            Ok(_) => return by_tables,
            Err(_) => {
                let threefold = Command::ClaimDraw {
                    kind: ClaimKind::ThreefoldRepetition,
                    intended_move: intended.clone(),
                };
                let upheld = domain::game::decide(game, threefold.clone(), &ctx)
                    .is_ok_and(|events| events.iter().any(upheld_claim));
                return if upheld { threefold } else { by_tables };
            }
        }
    }
    Command::ClaimDraw {
        kind: claim_kind(game, intended.clone(), player),
        intended_move: intended,
    }
}

/// The context in which a claim is tried on the fold, nothing recorded: the player now, with
/// the tables where the game's rule asks them.
fn asking(
    player: domain::PlayerId,
    tables: Option<Arc<dyn domain::game::tablebase::Tables<GameKind>>>,
) -> domain::games::Context {
    domain::games::Context {
        now: store::now(),
        actor: domain::game::Actor::Player(player),
        notation: None,
        dice: None,
        entropy: None,
        tables,
    }
}

/// Is `e` a draw claim upheld?
fn upheld_claim(e: &domain::GameEvent) -> bool {
    matches!(
        e.body,
        domain::game::EventBody::DrawClaimed { upheld: true, .. }
    )
}

/// Which draw an Xfcc claim (which names none) is: the fifty-move rule where it would be
/// upheld, else threefold repetition (a claim that fails counts as an offer and its intended
/// move is played, 9.5, so only one can be made). Asked of the rules on the fold, nothing
/// recorded.
fn claim_kind(state: &GameState, intended: Option<MoveInput>, player: &PlayerRow) -> ClaimKind {
    let Ok(id) = super::actors::player_id(player) else {
        return ClaimKind::ThreefoldRepetition;
    };
    let ctx = asking(id, None);
    let fifty = Command::ClaimDraw {
        kind: ClaimKind::FiftyMoves,
        intended_move: intended,
    };
    let upheld = domain::game::decide(state, fifty, &ctx)
        .is_ok_and(|events| events.iter().any(upheld_claim));
    if upheld {
        ClaimKind::FiftyMoves
    } else {
        ClaimKind::ThreefoldRepetition
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_codes_are_spelt_as_published() {
        let names: Vec<_> = MoveResult::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(
            names,
            [
                "Success",
                "ServerError",
                "FeatureUnavailable",
                "AuthenticationFailed",
                "InvalidGameID",
                "NotYourGame",
                "NotYourTurn",
                "InvalidMoveNumber",
                "InvalidMove",
                "NoDrawWasOffered",
                "LostOnTime",
                "YouAreOnLeave",
                "MoveIsAmbigous"
            ]
        );
        assert_eq!(XfccResult::DrawAdjudicated.as_str(), "DrawAdjudicated");
        assert_eq!(XfccResult::Ongoing.as_str(), "Ongoing");
    }

    #[test]
    fn time_left_in_days_hours_minutes() {
        assert_eq!(
            TimeLeft::of_seconds(3 * 86_400 + 5 * 3600 + 7 * 60 + 59),
            TimeLeft {
                days: 3,
                hours: 5,
                minutes: 7
            }
        );
        assert_eq!(TimeLeft::of_seconds(-5), TimeLeft::default());
    }

    #[test]
    fn the_move_number_is_the_fens() {
        assert_eq!(
            full_move_number("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            1
        );
        assert_eq!(full_move_number("8/8/8/8/8/8/8/K6k w - - 3 41"), 41);
        assert_eq!(full_move_number("garbage"), 1);
    }
}
