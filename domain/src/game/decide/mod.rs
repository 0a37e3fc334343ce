//! `decide`: judges a command against the state and answers with the events it causes, or a
//! rejection. All authorization of game actions lives here, in one place: who may act is settled
//! by the guards below ([`player`], [`arbiter`], [`having_the_move`]) before a capability's module judges the command.
//!
//! One module per capability: [`moves`], [`offers`] (draw offers), [`claims`], [`results`]
//! (resignation and arbiters' rulings), [`clocks`] (flag fall, time given), [`leave`],
//! [`creation`], and [`appendix_a`] (adjournment and sealed moves).

mod appendix_a;
mod chance;
mod claims;
mod clocks;
mod conditional;
mod creation;
mod dead;
mod leave;
mod moves;
mod offers;
mod results;

use super::adjournment::{Revealed, SealedMoveCheck};
use super::conditional::OpenedLines;
use super::dice::{DiceSeed, SentEntropy};
use super::event::{EventBody, GameEvent, TournamentBoard};
use super::message::MessageText;
use super::rejection::{FieldProblem, Rejection};
use super::rules::{Features, MoveText, Rules};
use super::state::{Game, GameState, Status};
use super::tablebase::{TablebaseClaim, Tables};
use super::time_control::TimeControl;
use super::types::{Actor, ClaimKind, GameResult, Participant, RuleSet, Side, Timestamp};
use crate::ids::GameId;
pub use appendix_a::envelope_to_open;
pub use leave::MAX_LEAVE_AHEAD_DAYS;

/// Who acts, when, and how they write moves. The domain reads no clock: `now` comes from here.
#[derive(Debug, Clone)]
pub struct Context<R: Rules> {
    pub now: Timestamp,
    pub actor: Actor,
    /// The acting player's own notation setting, tried first when a move names none.
    pub notation: Option<R::Notation>,
    /// The secret a game of dice's throws are derived from, as the service keeps it (none in a
    /// game without dice); drawn by the service for a game it creates.
    pub dice: Option<DiceSeed>,
    /// The entropy the request carried for the throws it causes in a game of dice (or one the
    /// service drew for it); none where the command causes no throw.
    pub entropy: Option<SentEntropy>,
    /// The operator's endgame tablebases, asked where the game's rule lets them decide (none:
    /// the service has none, and the tables decide nothing).
    pub tables: Option<std::sync::Arc<dyn Tables<R>>>,
}

/// A move as sent: the text and, optionally, the notation it is written in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInput<R: Rules> {
    pub text: MoveText,
    pub notation: Option<R::Notation>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateGame {
    pub game_id: GameId,
    /// The game to play, by its name (`chess`, `checkers`, …); `None`: chess.
    pub game: Option<String>,
    pub white: Participant,
    pub black: Participant,
    /// The organiser creating the game, who will be its arbiter.
    pub organiser: Option<crate::ids::PlayerId>,
    /// The rule set, one of the game's; `None`: the game's default.
    pub rules: Option<RuleSet>,
    /// A set-up position in the game's own text (chess: FEN), as typed; checked here (one the
    /// game cannot set up is an invalid position, one already over is `position_not_playable`).
    pub start_position: Option<String>,
    pub time_control: Option<TimeControl>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// Leave days per player per calendar year (default 30).
    pub leave_days_per_year: Option<u32>,
    /// When sealed moves are judged (default: at opening, as FIDE).
    pub sealed_move_check: SealedMoveCheck,
    /// The tournament round whose board the game is.
    pub tournament: Option<TournamentBoard>,
    /// When the clocks start and the first move may be made (none: at creation).
    pub starts_at: Option<Timestamp>,
    /// The opening of the game's ballot to start from.
    pub ballot: Option<BallotChoice>,
    /// Moves by each player without progress after which a draw may be claimed, where the
    /// game's rules leave that count to the arbiter (dama); `None`: the rules' own.
    pub no_progress_moves: Option<u32>,
    /// The points to win, where the game is played as a match (tavla); `None`: the rules' own.
    pub match_length: Option<u16>,
    /// The result counts for both players' ratings in this game (never from a set-up position).
    pub rated: bool,
    /// Who may read the game.
    pub visibility: crate::game::types::Visibility,
    /// How the endgame tablebases may decide the game (chess only).
    pub tablebase: super::tablebase::TablebaseRule,
}

/// An opening of a game's ballot ([`crate::game::Ballot`]) chosen for a new game: by number,
/// from 1; `by_lot` where the service drew the number (the caller's entropy, not the domain's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BallotChoice {
    pub number: u16,
    pub by_lot: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command<R: Rules> {
    CreateGame(Box<CreateGame>),
    /// Make a move, optionally offering a draw with it (9.1.2.1). `conditional` holds the
    /// conditional lines the log says are held, as the service opened them (none where none are
    /// held); the lines that foresaw the move answer it.
    MakeMove {
        mv: MoveInput<R>,
        offer_draw: bool,
        conditional: Vec<OpenedLines>,
    },
    /// A player sets conditional lines from the present position (replacing theirs). `nonce` is
    /// the service's entropy for the commitment.
    SetConditionalMoves {
        lines: Vec<Vec<MoveText>>,
        notation: Option<R::Notation>,
        nonce: String,
    },
    /// A player withdraws their conditional lines.
    WithdrawConditionalMoves,
    /// A player's message to their opponent, sent with a command of theirs (recorded before
    /// that command's events, in the same append, and refused with it), or alone.
    Message {
        text: crate::game::MessageText,
        with: Option<Box<Command<R>>>,
    },
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Claim a draw (9.2, 9.3) on the present position, or on an intended move.
    ClaimDraw {
        kind: ClaimKind,
        intended_move: Option<MoveInput<R>>,
    },
    /// Claim the tables' result (a win, or a draw) on the present position, or on an intended
    /// move, where the event's rule allows it.
    ClaimTablebase {
        claim: TablebaseClaim,
        intended_move: Option<MoveInput<R>>,
    },
    Resign,
    /// An arbiter rules on the result, with a reason.
    DecideResult {
        result: GameResult,
        reason: String,
    },
    /// The service notices that the side to move has run out of time (6.9).
    FlagFall,
    /// The service asks whether the present position is dead by the whole of 5.2.2, where the
    /// judgement of the move that made it let the game go on without the whole answer.
    JudgePosition,
    /// A player takes leave: the clocks stop from `from` to `until`.
    TakeLeave {
        from: Timestamp,
        until: Timestamp,
    },
    /// A player ends their leave now.
    EndLeave,
    /// The player on roll asks for their throw, where they may double first (a game of dice).
    ThrowDice,
    /// A player gives their own entropy for the dice thrown after it (a game of dice).
    AddEntropy {
        text: String,
    },
    /// An arbiter gives a side more time, with a reason.
    AddTime {
        side: Side,
        seconds: u64,
        reason: String,
    },
    /// Adjourn the game (A1): the arbiter, or the player to move.
    Adjourn {
        resume_at: Timestamp,
        place: Option<String>,
    },
    /// Seal a move (or seal again, replacing it, until the envelope is closed). `nonce` is the
    /// service's entropy for the commitment.
    Seal {
        text: String,
        nonce: String,
    },
    /// Close the envelope: the move is fixed and the sealer's clock stops.
    CloseEnvelope,
    /// A player is present for the resumption. If this lets an envelope open, `revealed` holds
    /// what the service stored in it.
    CheckIn {
        revealed: Option<Revealed<R>>,
    },
    /// The service applies A10 (more than an hour late) at its time.
    ApplyLateness,
    /// A11: the envelope is lost; the arbiter records the move the sealer states they sealed.
    RestoreEnvelope {
        text: String,
        nonce: String,
        reason: String,
    },
    /// A11 / A12: the arbiter sets the clocks. After the first move of a resumption only with
    /// `grave_consequences`.
    SetClocks {
        white_seconds: u64,
        black_seconds: u64,
        reason: String,
        grave_consequences: bool,
    },
}

/// Longest player name, event, site or place kept in a game.
pub const MAX_LABEL_CHARS: usize = 200;
/// Longest round kept in a game (a PGN `Round` such as `3.2`).
pub const MAX_ROUND_CHARS: usize = 32;
/// Longest reason an arbiter may give.
pub const MAX_REASON_CHARS: usize = 2000;

/// Judges `command` in `state`.
pub fn decide<R: Rules>(
    state: &GameState<R>,
    command: Command<R>,
    ctx: &Context<R>,
) -> Result<Vec<GameEvent>, Rejection> {
    let (game, command) = match (state, command) {
        (GameState::NotCreated, Command::CreateGame(c)) => {
            let created = creation::create(*c, ctx).map(|body| vec![stamp(body, ctx)])?;
            return chance::settle(state, created, ctx);
        }
        (GameState::NotCreated, _) => return Err(Rejection::NoSuchGame),
        (GameState::Corrupt { reason, .. }, _) => {
            return Err(Rejection::CorruptLog(reason.clone()))
        }
        (GameState::Created(_), Command::CreateGame(_)) => return Err(Rejection::GameExists),
        (GameState::Created(game), command) => (game, command),
    };
    offered_in_this_game(game.kind.features(), &command)?;
    let bodies = match command {
        Command::CreateGame(_) => unreachable!("handled above"),
        Command::Message { text, with } => return message(state, game, text, with, ctx),
        Command::MakeMove {
            mv,
            offer_draw,
            conditional: opened,
        } => {
            let events = conditional::make_move(game, mv, offer_draw, &opened, ctx)?;
            return chance::settle(state, events, ctx);
        }
        Command::ThrowDice => chance::throw(game, ctx)?,
        Command::AddEntropy { text } => chance::add_entropy(game, &text, ctx)?,
        Command::SetConditionalMoves {
            lines,
            notation,
            nonce,
        } => conditional::set(game, &lines, notation, &nonce, ctx)?,
        Command::WithdrawConditionalMoves => conditional::withdraw(game, ctx)?,
        Command::OfferDraw => offers::offer(game, ctx)?,
        Command::AcceptDraw => offers::accept(game, ctx)?,
        Command::DeclineDraw => offers::decline(game, ctx)?,
        Command::ClaimDraw {
            kind,
            intended_move,
        } => claims::claim(game, kind, intended_move, ctx)?,
        Command::ClaimTablebase {
            claim,
            intended_move,
        } => claims::tablebase(game, claim, intended_move, ctx)?,
        Command::Resign => results::resign(game, ctx)?,
        Command::DecideResult { result, reason } => {
            results::decide_result(game, result, reason, ctx)?
        }
        Command::FlagFall => clocks::flag_fall(game, ctx)?,
        Command::JudgePosition => dead::judge_position(game, ctx)?,
        Command::AddTime {
            side,
            seconds,
            reason,
        } => clocks::add_time(game, side, seconds, reason, ctx)?,
        Command::TakeLeave { from, until } => leave::take(game, from, until, ctx)?,
        Command::EndLeave => leave::end(game, ctx)?,
        Command::Adjourn { resume_at, place } => appendix_a::adjourn(game, resume_at, place, ctx)?,
        Command::Seal { text, nonce } => appendix_a::seal(game, text, nonce, ctx)?,
        Command::CloseEnvelope => appendix_a::close_envelope(game, ctx)?,
        Command::CheckIn { revealed } => appendix_a::check_in(game, revealed, ctx)?,
        Command::ApplyLateness => appendix_a::lateness(game, ctx)?,
        Command::RestoreEnvelope {
            text,
            nonce,
            reason,
        } => appendix_a::restore_envelope(game, text, nonce, reason, ctx)?,
        Command::SetClocks {
            white_seconds,
            black_seconds,
            reason,
            grave_consequences,
        } => appendix_a::set_clocks(
            game,
            white_seconds,
            black_seconds,
            reason,
            grave_consequences,
            ctx,
        )?,
    };
    chance::settle(
        state,
        bodies.into_iter().map(|b| stamp(b, ctx)).collect(),
        ctx,
    )
}

/// The event `body` as recorded now: by the actor, but lines dropped are dropped by the service,
/// whatever command caused it.
fn stamp<R: Rules>(body: EventBody, ctx: &Context<R>) -> GameEvent {
    GameEvent {
        at: ctx.now,
        actor: match body {
            EventBody::ConditionalMovesDropped { .. } => Actor::System,
            _ => ctx.actor,
        },
        body,
    }
}

/// Refuses a command that needs what this game does not have: draw offers, conditional moves,
/// or sealed moves.
fn offered_in_this_game<R: Rules>(
    features: Features,
    command: &Command<R>,
) -> Result<(), Rejection> {
    let refuse = |feature| Err(Rejection::NotInThisGame { feature });
    match command {
        Command::OfferDraw | Command::AcceptDraw | Command::DeclineDraw
            if !features.draw_offers =>
        {
            refuse("draw_offers")
        }
        Command::MakeMove {
            offer_draw: true, ..
        } if !features.draw_offers => refuse("draw_offers"),
        Command::SetConditionalMoves { .. } if !features.conditional_moves => {
            refuse("conditional_moves")
        }
        Command::Adjourn { .. } | Command::Seal { .. } if !features.sealed_moves => {
            refuse("sealed_moves")
        }
        _ => Ok(()),
    }
}

/// A player's message to their opponent: recorded before the events of the command it is sent
/// with (one message to a command, refused with it), or alone.
fn message<R: Rules>(
    state: &GameState<R>,
    game: &Game<R>,
    text: MessageText,
    with: Option<Box<Command<R>>>,
    ctx: &Context<R>,
) -> Result<Vec<GameEvent>, Rejection> {
    let by = player_side(game, ctx)?;
    let mut events = match with.map(|c| *c) {
        Some(Command::Message { .. }) => {
            return Err(Rejection::InvalidField {
                field: "message",
                problem: FieldProblem::OneMessage,
            })
        }
        Some(command) => decide(state, command, ctx)?,
        None => {
            player(game, ctx)?;
            Vec::new()
        }
    };
    events.insert(
        0,
        stamp(
            EventBody::MessageSent {
                by,
                text: text.to_string(),
            },
            ctx,
        ),
    );
    Ok(events)
}

/// What a command records, and whether it is then refused.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    pub events: Vec<GameEvent>,
    /// The events record what ended the game before the command could act, and the command is
    /// refused with this.
    pub then_refuse: Option<Rejection>,
}

/// Judges `command` after what comes before it in a game that goes on: a dead position the
/// judgement of the last move left open (5.2.2: the game ended with that move), then a fallen
/// flag (6.9: the game ended at the deadline). Either is recorded, by the service, and the
/// command refused; otherwise `command` is judged by [`decide`].
pub fn judge<R: Rules>(
    state: &GameState<R>,
    command: Command<R>,
    ctx: &Context<R>,
) -> Result<Judgement, Rejection> {
    if let GameState::Created(game) = state {
        let system = Context {
            actor: Actor::System,
            ..ctx.clone()
        };
        let stamp = |bodies: Vec<_>| {
            bodies
                .into_iter()
                .map(|body| GameEvent {
                    at: ctx.now,
                    actor: Actor::System,
                    body,
                })
                .collect()
        };
        if !matches!(command, Command::JudgePosition) && dead::found_dead(game) {
            return Ok(Judgement {
                events: stamp(dead::ended(game)),
                then_refuse: Some(Rejection::GameOver),
            });
        }
        match game.flagged(ctx.now) {
            Some(side) if !matches!(command, Command::FlagFall) => {
                return Ok(Judgement {
                    events: decide(state, Command::FlagFall, &system)?,
                    then_refuse: Some(Rejection::FlagFallen { side }),
                })
            }
            _ => {}
        }
    }
    Ok(Judgement {
        events: decide(state, command, ctx)?,
        then_refuse: None,
    })
}

/// Might judging `command` in `state` run the rules' full search: the dead-position test where
/// the fast check leaves it open after a move (5.2.2), or "can the opponent still mate" when a
/// flag falls or a sealed move is judged (6.9)? It takes microseconds on nearly every position but
/// up to about a second on rare ones, so a server judges such commands off the threads that serve
/// requests. False only for a move that `decide` refuses before playing it (unreadable or illegal)
/// or after which the position needs no full search: the game's remembered mating line carries
/// to it (carried here, on this state's own memo, for the test to find), or the fast check settles
/// it. True for every other command, whatever it would do. Never false where `decide` on this same
/// state would search (tested on random chess games and on a corpus of chess's hardest positions).
pub fn judging_may_search<R: Rules>(
    state: &mut GameState<R>,
    command: &Command<R>,
    ctx: &Context<R>,
) -> bool {
    // A message changes nothing of what its command may need.
    let command = match command {
        Command::Message {
            with: Some(command),
            ..
        } => &**command,
        command => command,
    };
    let (GameState::Created(game), Command::MakeMove { mv, .. }) = (state, command) else {
        return true;
    };
    // Replies that a move sets off are judged in turn.
    if game.conditional.iter().any(Option::is_some) {
        return true;
    }
    // The whole test on the present position comes first ([`judge`]).
    if game.is_live() && game.verdict_pending() {
        return true;
    }
    match moves::read(game.position(), mv, ctx) {
        Err(_) => false,
        Ok(m) => {
            let mut after = game.position().clone();
            R::play(&mut after, m);
            R::ending_may_take_long(&after, game.memo_mut())
        }
    }
}

/// Is the actor this game's arbiter: the organiser who created it, or the instance admin?
fn is_arbiter<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> bool {
    match ctx.actor {
        Actor::Admin => true,
        Actor::Arbiter(id) => game.organiser == Some(id),
        _ => false,
    }
}

/// The guard of the service's own commands (the system, or the instance admin acting for it) on
/// a game that goes on.
fn service<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<(), Rejection> {
    if !matches!(ctx.actor, Actor::System | Actor::Admin) {
        return Err(Rejection::ArbiterOnly);
    }
    if !game.is_live() {
        return Err(Rejection::GameOver);
    }
    Ok(())
}

/// The guard of an arbiter's command.
fn arbiter<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<(), Rejection> {
    if is_arbiter(game, ctx) {
        Ok(())
    } else {
        Err(Rejection::ArbiterOnly)
    }
}

/// The guard of a player's command: the side the acting player plays in a game that goes on and
/// whose flag has not fallen (once a flag has fallen the game is over, whether or not it is
/// recorded yet). Anyone else never acts in a game as a player.
fn player<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<Side, Rejection> {
    let side = player_side(game, ctx)?;
    if !game.is_live() {
        return Err(Rejection::GameOver);
    }
    if let Some(flagged) = game.flagged(ctx.now) {
        return Err(Rejection::FlagFallen { side: flagged });
    }
    Ok(side)
}

/// The guard of a move or a claim: the acting player's side, which has the move. While adjourned
/// the board rests: draw offers, agreement and resignation still work (A4, A6); moves and claims
/// wait for the resumption.
fn having_the_move<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<Side, Rejection> {
    let side = at_the_board(game, ctx)?;
    if game.turn() != side {
        return Err(Rejection::NotYourTurn);
    }
    Ok(side)
}

/// The acting player's side, where play goes on at the board: not adjourned, and begun.
fn at_the_board<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<Side, Rejection> {
    let side = player(game, ctx)?;
    if game.status == Status::Adjourned {
        return Err(Rejection::Adjourned);
    }
    if let Some(starts_at) = game.starts_at.filter(|s| ctx.now < *s) {
        return Err(Rejection::NotStarted { starts_at });
    }
    Ok(side)
}

/// The side the acting player plays; anyone else never acts in a game.
fn player_side<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<Side, Rejection> {
    // An organiser who plays in the game acts in it as a player.
    match ctx.actor {
        Actor::Player(id) | Actor::Arbiter(id) if id == game.white.id => Ok(Side::White),
        Actor::Player(id) | Actor::Arbiter(id) if id == game.black.id => Ok(Side::Black),
        _ => Err(Rejection::NotAPlayer),
    }
}

/// The status a game shows (used by projections).
pub fn status_name(status: &Status) -> &'static str {
    match status {
        Status::Active => "active",
        Status::Adjourned => "adjourned",
        Status::Finished { .. } => "finished",
    }
}

/// A text kept in a game: trimmed (empty is none), at most `max` characters, without control
/// characters (but a line break where `lines` allows several).
pub(super) fn text(
    field: &'static str,
    text: Option<String>,
    max: usize,
    lines: Lines,
) -> Result<Option<String>, Rejection> {
    let Some(text) = text else { return Ok(None) };
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.chars().count() > max {
        return Err(Rejection::InvalidField {
            field,
            problem: FieldProblem::TooLong { max },
        });
    }
    if t.chars()
        .any(|c| c.is_control() && !(c == '\n' && lines == Lines::Many))
    {
        return Err(Rejection::InvalidField {
            field,
            problem: FieldProblem::ControlCharacters,
        });
    }
    Ok(Some(t.to_owned()))
}

/// Whether a text may run over several lines (a reason) or is one line (a PGN tag's value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lines {
    One,
    Many,
}

/// A text of one line, as the event, site and round are (they are PGN tags).
pub(super) fn label(
    field: &'static str,
    value: Option<String>,
    max: usize,
) -> Result<Option<String>, Rejection> {
    text(field, value, max, Lines::One)
}

pub(super) fn required_reason(reason: String) -> Result<String, Rejection> {
    text("reason", Some(reason), MAX_REASON_CHARS, Lines::Many)?.ok_or(Rejection::InvalidField {
        field: "reason",
        problem: FieldProblem::ReasonMissing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_one_line_and_a_reason_may_be_several() {
        let refused =
            |r: Result<Option<String>, Rejection>| matches!(r, Err(Rejection::InvalidField { .. }));
        assert_eq!(
            label("round", Some(" 3.2 ".into()), MAX_ROUND_CHARS),
            Ok(Some("3.2".into()))
        );
        assert_eq!(label("round", Some("  ".into()), MAX_ROUND_CHARS), Ok(None));
        assert!(refused(label(
            "round",
            Some("1".repeat(33)),
            MAX_ROUND_CHARS
        )));
        assert!(refused(label(
            "event",
            Some("Okul\nTurnuvası".into()),
            MAX_LABEL_CHARS
        )));
        assert!(refused(label(
            "site",
            Some("İzmir\u{7}".into()),
            MAX_LABEL_CHARS
        )));
        assert_eq!(
            required_reason("Saat arızalandı.\nİki dakika eklendi.".into()),
            Ok("Saat arızalandı.\nİki dakika eklendi.".into())
        );
        assert!(refused(required_reason(" ".into()).map(Some)));
    }
}
