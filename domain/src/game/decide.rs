//! `decide`: judges a command against the state and answers with the events it causes, or a
//! rejection. All authorization of game actions lives here, in one place.

use shakmaty::{Chess, Move, Position};

use super::adjournment::{commitment, valid_nonce, EnvelopeKind, Revealed, SealedMoveCheck};
use super::event::{EventBody, GameCreated, GameEvent, MoveRecord};
use super::rejection::Rejection;
use super::state::{Game, GameState, Status};
use super::time_control::TimeControl;
use super::types::{
    Actor, ClaimKind, GameResult, Participant, RuleSet, Side, Termination, Timestamp,
};
use crate::chess::{self as rules, notation, Ending, FenError, MoveText, Notation, ReadError};
use crate::ids::GameId;

/// Who acts, when, and how they write moves. The domain reads no clock: `now` comes from here.
#[derive(Debug, Clone)]
pub struct Context {
    pub now: Timestamp,
    pub actor: Actor,
    /// The acting player's own notation setting, tried first when a move names none.
    pub notation: Option<Notation>,
}

/// A move as sent: the text and, optionally, the notation it is written in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInput {
    pub text: MoveText,
    pub notation: Option<Notation>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateGame {
    pub game_id: GameId,
    pub white: Participant,
    pub black: Participant,
    /// The organiser creating the game, who will be its arbiter.
    pub organiser: Option<crate::ids::PlayerId>,
    pub rules: RuleSet,
    /// As typed; checked here (an illegal position is `invalid_fen`, one already over is
    /// `position_not_playable`).
    pub start_fen: Option<String>,
    pub time_control: Option<TimeControl>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// Leave days per player per calendar year (default 30).
    pub leave_days_per_year: Option<u32>,
    /// When sealed moves are judged (default: at opening, as FIDE).
    pub sealed_move_check: SealedMoveCheck,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    CreateGame(Box<CreateGame>),
    /// Make a move, optionally offering a draw with it (9.1.2.1).
    MakeMove {
        mv: MoveInput,
        offer_draw: bool,
    },
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Claim a draw (9.2, 9.3) on the present position, or on an intended move.
    ClaimDraw {
        kind: ClaimKind,
        intended_move: Option<MoveInput>,
    },
    Resign,
    /// An arbiter rules on the result, with a reason.
    DecideResult {
        result: GameResult,
        reason: String,
    },
    /// The service notices that the side to move has run out of time (6.9).
    FlagFall,
    /// A player takes leave: the clocks stop from `from` to `until`.
    TakeLeave {
        from: Timestamp,
        until: Timestamp,
    },
    /// A player ends their leave now.
    EndLeave,
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
        revealed: Option<Revealed>,
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

/// Longest player name, event, round or site kept in a game.
pub const MAX_LABEL_CHARS: usize = 200;
/// Longest reason an arbiter may give.
pub const MAX_REASON_CHARS: usize = 2000;

/// Judges `command` in `state`.
pub fn decide(
    state: &GameState,
    command: Command,
    ctx: &Context,
) -> Result<Vec<GameEvent>, Rejection> {
    let stamp = |body: EventBody| GameEvent {
        at: ctx.now,
        actor: ctx.actor,
        body,
    };
    let (game, command) = match (state, command) {
        (GameState::NotCreated, Command::CreateGame(c)) => {
            return create(*c, ctx).map(|body| vec![stamp(body)]);
        }
        (GameState::NotCreated, _) => return Err(Rejection::NoSuchGame),
        (GameState::Corrupt { reason, .. }, _) => {
            return Err(Rejection::CorruptLog(reason.clone()))
        }
        (GameState::Created(_), Command::CreateGame(_)) => return Err(Rejection::GameExists),
        (GameState::Created(game), command) => (game, command),
    };
    let is_arbiter = match ctx.actor {
        Actor::Admin => true,
        Actor::Arbiter(id) => game.organiser == Some(id),
        _ => false,
    };
    let bodies = match command {
        Command::CreateGame(_) => unreachable!("handled above"),
        Command::FlagFall => flag_fall(game, ctx)?,
        Command::ApplyLateness => lateness(game, ctx)?,
        Command::RestoreEnvelope {
            text,
            nonce,
            reason,
        } => {
            if !is_arbiter {
                return Err(Rejection::ArbiterOnly);
            }
            restore_envelope(game, text, nonce, reason)?
        }
        Command::SetClocks {
            white_seconds,
            black_seconds,
            reason,
            grave_consequences,
        } => {
            if !is_arbiter {
                return Err(Rejection::ArbiterOnly);
            }
            set_clocks(
                game,
                white_seconds,
                black_seconds,
                reason,
                grave_consequences,
            )?
        }
        Command::Adjourn { resume_at, place } if is_arbiter => {
            adjourn(game, resume_at, place, ctx)?
        }
        Command::AddTime {
            side,
            seconds,
            reason,
        } => {
            if !is_arbiter {
                return Err(Rejection::ArbiterOnly);
            }
            if !game.is_active() {
                return Err(Rejection::GameOver);
            }
            if let Some(flagged) = game.flagged(ctx.now) {
                return Err(Rejection::FlagFallen { side: flagged });
            }
            if game.clock.is_none() {
                return Err(Rejection::NoClock);
            }
            if seconds == 0 || seconds > TimeControl::MAX_SECONDS {
                return Err(Rejection::InvalidField {
                    field: "seconds",
                    detail: "between 1 second and 400 days".into(),
                });
            }
            let reason = required_reason(reason)?;
            vec![EventBody::TimeAdded {
                side,
                seconds,
                reason,
            }]
        }
        Command::DecideResult { result, reason } => {
            if !is_arbiter {
                return Err(Rejection::ArbiterOnly);
            }
            let reason = required_reason(reason)?;
            vec![
                EventBody::ArbiterDecided { result, reason },
                EventBody::GameEnded {
                    result,
                    termination: Termination::ArbiterDecision,
                },
            ]
        }
        command => {
            let side = player_side(game, ctx)?;
            if !game.is_live() {
                return Err(Rejection::GameOver);
            }
            // Once a flag has fallen the game is over, whether or not it is recorded yet.
            if let Some(flagged) = game.flagged(ctx.now) {
                return Err(Rejection::FlagFallen { side: flagged });
            }
            player_command(game, side, command, ctx)?
        }
    };
    Ok(bodies.into_iter().map(stamp).collect())
}

/// Might judging `command` in `state` run chasolver's full search: the dead-position test where
/// the fast check leaves it open after a move (5.2.2), or "can the opponent still mate" when a
/// flag falls or a sealed move is judged (6.9)? It takes microseconds on nearly every position but
/// up to about a second on rare ones, so a server judges such commands off the threads that serve
/// requests. False only for a move that `decide` refuses before playing it (unreadable or illegal)
/// or after which the position needs no full search: the game's remembered mating line carries
/// to it (carried here, on this state's own memo, for the test to find), or the fast check settles
/// it. True for every other command, whatever it would do. Never false where `decide` on this same
/// state would search (tested on random games and on chasolver's corpus).
pub fn judging_may_search(state: &mut GameState, command: &Command, ctx: &Context) -> bool {
    let (GameState::Created(game), Command::MakeMove { mv, .. }) = (state, command) else {
        return true;
    };
    match read(game.position(), mv, ctx) {
        Err(_) => false,
        Ok(m) => {
            let mut after = game.position().clone();
            after.play_unchecked(m);
            rules::dead_position_test_may_search(&after, game.mate_memo_mut())
        }
    }
}

/// The side the acting player plays; anyone else never acts in a game.
fn player_side(game: &Game, ctx: &Context) -> Result<Side, Rejection> {
    // An organiser who plays in the game acts in it as a player.
    match ctx.actor {
        Actor::Player(id) | Actor::Arbiter(id) if id == game.white.id => Ok(Side::White),
        Actor::Player(id) | Actor::Arbiter(id) if id == game.black.id => Ok(Side::Black),
        _ => Err(Rejection::NotAPlayer),
    }
}

fn player_command(
    game: &Game,
    side: Side,
    command: Command,
    ctx: &Context,
) -> Result<Vec<EventBody>, Rejection> {
    let to_move = game.turn() == side;
    // While adjourned, the board rests: draw offers, agreement and resignation still work
    // (A4, A6), moves and claims wait for the resumption.
    let adjourned = game.status == Status::Adjourned;
    Ok(match command {
        Command::MakeMove { .. } | Command::ClaimDraw { .. } if adjourned => {
            return Err(Rejection::Adjourned)
        }
        Command::Adjourn { resume_at, place } => {
            if !to_move {
                return Err(Rejection::NotYourTurn);
            }
            adjourn(game, resume_at, place, ctx)?
        }
        Command::Seal { text, nonce } => seal(game, side, text, nonce, ctx)?,
        Command::CloseEnvelope => close_envelope(game, side)?,
        Command::CheckIn { revealed } => check_in(game, side, revealed, ctx)?,
        Command::MakeMove { mv, offer_draw } => {
            if !to_move {
                return Err(Rejection::NotYourTurn);
            }
            let m = read(game.position(), &mv, ctx)?;
            // Re-offering while one's own offer stands adds nothing: it cannot be withdrawn.
            let draw_offered = offer_draw && game.draw_offer != Some(side);
            play_and_judge(game, m, draw_offered)
        }
        Command::OfferDraw => {
            if let Some(by) = game.draw_offer {
                return Err(Rejection::DrawOfferPending {
                    by,
                    yours: by == side,
                });
            }
            vec![EventBody::DrawOffered { by: side }]
        }
        Command::AcceptDraw => {
            if game.draw_offer != Some(side.opponent()) {
                return Err(Rejection::NoDrawOffer);
            }
            vec![
                EventBody::DrawAccepted { by: side },
                EventBody::GameEnded {
                    result: GameResult::Draw,
                    termination: Termination::Agreement,
                },
            ]
        }
        Command::DeclineDraw => {
            if game.draw_offer != Some(side.opponent()) {
                return Err(Rejection::NoDrawOffer);
            }
            vec![EventBody::DrawDeclined { by: side }]
        }
        Command::ClaimDraw {
            kind,
            intended_move,
        } => {
            // 9.2 / 9.3: the claim is made by the player having the move, before moving (9.4).
            if !to_move {
                return Err(Rejection::NotYourTurn);
            }
            let intended = intended_move
                .map(|mv| read(game.position(), &mv, ctx))
                .transpose()?;
            claim(game, side, kind, intended)
        }
        Command::Resign => vec![
            EventBody::Resigned { by: side },
            EventBody::GameEnded {
                result: GameResult::win_for(side.opponent()),
                termination: Termination::Resignation,
            },
        ],
        Command::TakeLeave { from, until } => take_leave(game, side, from, until, ctx)?,
        Command::EndLeave => {
            let ahead = game
                .clock
                .as_ref()
                .is_some_and(|c| c.leave_ahead(side, ctx.now));
            if !ahead {
                return Err(Rejection::NoLeave);
            }
            vec![EventBody::LeaveEnded { side }]
        }
        Command::CreateGame(_)
        | Command::DecideResult { .. }
        | Command::FlagFall
        | Command::AddTime { .. }
        | Command::ApplyLateness
        | Command::RestoreEnvelope { .. }
        | Command::SetClocks { .. } => return Err(Rejection::ArbiterOnly),
    })
}

fn read(pos: &Chess, mv: &MoveInput, ctx: &Context) -> Result<Move, Rejection> {
    let text = mv.text.as_str().to_owned();
    notation::read_move(pos, &mv.text, mv.notation, ctx.notation).map_err(|e| match e {
        ReadError::Unparseable => Rejection::UnparseableMove { text },
        ReadError::Illegal => Rejection::IllegalMove { text },
        ReadError::PromotionMissing => Rejection::PromotionMissing { text },
        ReadError::Ambiguous { candidates } => Rejection::AmbiguousMove { text, candidates },
    })
}

fn record(pos: &Chess, m: Move) -> MoveRecord {
    MoveRecord {
        uci: rules::Uci::of(m),
        san: notation::write_pgn_san(pos, m),
    }
}

/// The move's event, followed by the game's end if the move ends it.
fn play_and_judge(game: &Game, m: Move, draw_offered: bool) -> Vec<EventBody> {
    play_judged(game, m, draw_offered, false)
}

fn play_judged(game: &Game, m: Move, draw_offered: bool, sealed: bool) -> Vec<EventBody> {
    let pos = game.position();
    let mut events = vec![EventBody::MovePlayed {
        mv: record(pos, m),
        draw_offered,
        sealed,
    }];
    let mut after = pos.clone();
    after.play_unchecked(m);
    if let Some((result, termination)) = judge_after(game, m, &after) {
        events.push(EventBody::GameEnded {
            result,
            termination,
        });
    }
    events
}

/// Does the position after `m` end the game by itself?
/// Checkmate (5.1.1) first: it wins even on the 75th move or a fifth repetition (9.6).
/// Then stalemate (5.2.1), dead position (5.2.2 / 5.2b 2005), and under `fide2023` the automatic
/// fivefold repetition (9.6.1) and 75-move rule (9.6.2).
fn judge_after(game: &Game, m: Move, after: &Chess) -> Option<(GameResult, Termination)> {
    match rules::ending_of_remembering(after, game.mate_memo()) {
        Some(Ending::Checkmate { winner }) => {
            return Some((GameResult::win_for(winner.into()), Termination::Checkmate))
        }
        Some(Ending::Stalemate) => return Some((GameResult::Draw, Termination::Stalemate)),
        Some(Ending::DeadPosition) => return Some((GameResult::Draw, Termination::DeadPosition)),
        Some(Ending::SeventyfiveMoves) | None => {}
    }
    if game.rules.has_automatic_draws() {
        if game.occurrences_after(m, after) >= 5 {
            return Some((GameResult::Draw, Termination::FivefoldRepetition));
        }
        if after.halfmoves() >= 150 {
            return Some((GameResult::Draw, Termination::SeventyfiveMoves));
        }
    }
    None
}

/// 9.2 / 9.3 / 9.5: judge the claim; if wrong, it stands as a draw offer and the intended move
/// (if any) is played.
fn claim(game: &Game, side: Side, kind: ClaimKind, intended: Option<Move>) -> Vec<EventBody> {
    let pos = game.position();
    let (occurrences, halfmove_clock) = match intended {
        Some(m) => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            (game.occurrences_after(m, &after), after.halfmoves())
        }
        None => (game.occurrences_now(), pos.halfmoves()),
    };
    let upheld = match kind {
        ClaimKind::ThreefoldRepetition => occurrences >= 3,
        ClaimKind::FiftyMoves => halfmove_clock >= 100,
    };
    let mut events = vec![EventBody::DrawClaimed {
        by: side,
        kind,
        intended_move: intended.map(|m| record(pos, m)),
        upheld,
        occurrences: (kind == ClaimKind::ThreefoldRepetition).then_some(occurrences),
        halfmove_clock,
    }];
    if upheld {
        events.push(EventBody::GameEnded {
            result: GameResult::Draw,
            termination: kind.termination(),
        });
    } else if let Some(m) = intended {
        events.extend(play_and_judge(game, m, false));
    }
    events
}

fn required_reason(reason: String) -> Result<String, Rejection> {
    label("reason", Some(reason), MAX_REASON_CHARS)?.ok_or(Rejection::InvalidField {
        field: "reason",
        detail: "an arbiter's ruling needs a reason".into(),
    })
}

/// 6.9 (6.10 in 2005): the side to move has run out of time. It loses, unless the opponent cannot
/// checkmate by any series of legal moves (chasolver's full search): then the game is drawn. If the
/// search cannot decide, nothing proves the draw and the loss stands.
fn flag_fall(game: &Game, ctx: &Context) -> Result<Vec<EventBody>, Rejection> {
    if !matches!(ctx.actor, Actor::System | Actor::Admin) {
        return Err(Rejection::ArbiterOnly);
    }
    if !game.is_active() {
        return Err(Rejection::GameOver);
    }
    let (Some(side), Some(deadline)) = (
        game.flagged(ctx.now),
        game.clock.as_ref().and_then(|c| c.deadline()),
    ) else {
        return Err(Rejection::NotYetDue);
    };
    let opponent = side.opponent();
    let (result, termination) = match rules::winnability(game.position(), opponent.into()) {
        rules::Winnability::Unwinnable => {
            (GameResult::Draw, Termination::InsufficientMaterialOnTime)
        }
        rules::Winnability::Winnable | rules::Winnability::Unknown => {
            (GameResult::win_for(opponent), Termination::TimeForfeit)
        }
    };
    Ok(vec![
        EventBody::FlagFell { side, deadline },
        EventBody::GameEnded {
            result,
            termination,
        },
    ])
}

/// A player's leave: from now or later, whole days, within the year's allowance in this game.
fn take_leave(
    game: &Game,
    side: Side,
    from: Timestamp,
    until: Timestamp,
    ctx: &Context,
) -> Result<Vec<EventBody>, Rejection> {
    let Some(clock) = &game.clock else {
        return Err(Rejection::NoClock);
    };
    let invalid = |detail: &str| Err(Rejection::InvalidLeave(detail.to_owned()));
    // A minute's grace for "from now" sent by a client whose clock is a little behind.
    if from < ctx.now - time::Duration::minutes(1) {
        return invalid("leave cannot start in the past");
    }
    let from = from.max(ctx.now);
    if from > ctx.now + time::Duration::days(400) {
        return invalid("leave starts at most 400 days ahead");
    }
    if until <= from {
        return invalid("leave must end after it starts");
    }
    if clock.leave_ahead(side, ctx.now) {
        return invalid("a leave is already taken; end it first");
    }
    let days_of = |a: Timestamp, b: Timestamp| ((b - a).whole_seconds() + 86_399) / 86_400;
    let asked = days_of(from, until);
    let year = from.year();
    let taken: i64 = clock
        .pauses
        .iter()
        .filter(|p| p.side == side && p.from.year() == year)
        .map(|p| days_of(p.from, p.until))
        .sum();
    let allowance = i64::from(game.leave_days_per_year);
    if taken + asked > allowance {
        return Err(Rejection::LeaveAllowanceExceeded {
            left_days: (allowance - taken).max(0) as u32,
        });
    }
    Ok(vec![EventBody::LeaveTaken { side, from, until }])
}

fn label(
    field: &'static str,
    text: Option<String>,
    max: usize,
) -> Result<Option<String>, Rejection> {
    let Some(text) = text else { return Ok(None) };
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.chars().count() > max {
        return Err(Rejection::InvalidField {
            field,
            detail: format!("at most {max} characters"),
        });
    }
    if t.chars().any(|c| c.is_control() && c != '\n') {
        return Err(Rejection::InvalidField {
            field,
            detail: "control characters are not allowed".into(),
        });
    }
    Ok(Some(t.to_owned()))
}

fn create(c: CreateGame, ctx: &Context) -> Result<EventBody, Rejection> {
    if let Actor::Player(id) = ctx.actor {
        // A player may only create a game they play in.
        if id != c.white.id && id != c.black.id {
            return Err(Rejection::NotAPlayer);
        }
    }
    match ctx.actor {
        Actor::System => return Err(Rejection::ArbiterOnly),
        // An organiser creates games they arbitrate.
        Actor::Arbiter(id) if c.organiser != Some(id) => return Err(Rejection::ArbiterOnly),
        _ => {}
    }
    if c.white.id == c.black.id {
        return Err(Rejection::SamePlayer);
    }
    let participant = |field, p: Participant| -> Result<Participant, Rejection> {
        let name = label(field, Some(p.name), MAX_LABEL_CHARS)?.ok_or(Rejection::InvalidField {
            field,
            detail: "a name is needed".into(),
        })?;
        Ok(Participant { id: p.id, name })
    };
    let start_fen = match c.start_fen.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let start = rules::StartFen::parse(text).map_err(|e| match e {
                FenError::Invalid(detail) => Rejection::InvalidFen(detail),
                FenError::NotPlayable(ending) => Rejection::PositionNotPlayable(ending),
            })?;
            if c.rules.has_automatic_draws() && start.position().halfmoves() >= 150 {
                // 9.6.2 would already have ended the game.
                return Err(Rejection::PositionNotPlayable(Ending::SeventyfiveMoves));
            }
            // The standard start is stored as no FEN at all.
            (start.as_str() != rules::fen_of(&Chess::default())).then(|| start.as_str().to_owned())
        }
    };
    if let Some(tc) = &c.time_control {
        tc.validate()
            .map_err(|e| Rejection::InvalidTimeControl(e.0))?;
    }
    Ok(EventBody::GameCreated(Box::new(GameCreated {
        game_id: c.game_id,
        white: participant("white", c.white)?,
        black: participant("black", c.black)?,
        organiser: c.organiser,
        rules: c.rules,
        start_fen,
        time_control: c.time_control,
        event: label("event", c.event, MAX_LABEL_CHARS)?,
        round: label("round", c.round, MAX_LABEL_CHARS)?,
        site: label("site", c.site, MAX_LABEL_CHARS)?,
        sealed_move_check: c.sealed_move_check,
        leave_days_per_year: match c.leave_days_per_year {
            None => 30,
            Some(d) if d <= 366 => d,
            Some(_) => {
                return Err(Rejection::InvalidField {
                    field: "leave_days_per_year",
                    detail: "at most 366".into(),
                })
            }
        },
    })))
}

/// The status a game shows (used by projections).
pub fn status_name(status: &Status) -> &'static str {
    match status {
        Status::Active => "active",
        Status::Adjourned => "adjourned",
        Status::Finished { .. } => "finished",
    }
}

// ---------------------------------------------------------------------- Appendix A

/// The longest time ahead a resumption may be set.
const MAX_ADJOURNMENT_DAYS: i64 = 400;

/// A1: the arbiter adjourns at the session's end, or the player to move before it.
fn adjourn(
    game: &Game,
    resume_at: Timestamp,
    place: Option<String>,
    ctx: &Context,
) -> Result<Vec<EventBody>, Rejection> {
    if game.status == Status::Adjourned {
        return Err(Rejection::Adjourned);
    }
    if !game.is_active() {
        return Err(Rejection::GameOver);
    }
    if let Some(side) = game.flagged(ctx.now) {
        return Err(Rejection::FlagFallen { side });
    }
    if resume_at <= ctx.now || resume_at > ctx.now + time::Duration::days(MAX_ADJOURNMENT_DAYS) {
        return Err(Rejection::InvalidField {
            field: "resume_at",
            detail: "the resumption must be in the future, within 400 days".into(),
        });
    }
    Ok(vec![EventBody::Adjourned {
        resume_at,
        place: label("place", place, MAX_LABEL_CHARS)?,
        sealer: game.turn(),
    }])
}

/// Which envelope `side` may seal now: the sealed move (while adjourned, before closing), or a
/// reply (A9c: play resumed, the sealer is absent, and it is `side`'s turn).
fn sealable(game: &Game, side: Side) -> Result<EnvelopeKind, Rejection> {
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    if !a.resumed {
        if side != a.sealer {
            return Err(Rejection::NotYourTurn);
        }
        if a.envelope.as_ref().is_some_and(|e| e.closed) {
            return Err(Rejection::EnvelopeClosed);
        }
        return Ok(EnvelopeKind::Sealed);
    }
    if side == a.responder() && !a.present(a.sealer) && game.turn() == side {
        if a.reply.as_ref().is_some_and(|e| e.closed) {
            return Err(Rejection::EnvelopeClosed);
        }
        return Ok(EnvelopeKind::Reply);
    }
    Err(Rejection::NotAdjourned)
}

fn seal(
    game: &Game,
    side: Side,
    text: String,
    nonce: String,
    ctx: &Context,
) -> Result<Vec<EventBody>, Rejection> {
    let kind = sealable(game, side)?;
    let text = MoveText::parse(&text).map_err(|e| Rejection::UnparseableMove {
        text: e.to_string(),
    })?;
    if !valid_nonce(&nonce) {
        return Err(Rejection::InvalidField {
            field: "nonce",
            detail: "16 to 64 lower-case hex digits".into(),
        });
    }
    if game.sealed_move_check == SealedMoveCheck::AtSealing {
        // The event's choice: an illegal or ambiguous sealed move is refused at once.
        read(
            game.position(),
            &MoveInput {
                text: text.clone(),
                notation: None,
            },
            ctx,
        )?;
    }
    let move_number = game.position().fullmoves().get();
    Ok(vec![EventBody::EnvelopeSealed {
        kind,
        sealed_by: side,
        move_number,
        commitment: commitment(game.id, move_number, side, text.as_str(), &nonce),
    }])
}

fn close_envelope(game: &Game, side: Side) -> Result<Vec<EventBody>, Rejection> {
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    let open = [&a.envelope, &a.reply]
        .into_iter()
        .flatten()
        .find(|e| e.sealed_by == side && !e.closed && e.opened.is_none())
        .ok_or(Rejection::NoEnvelope)?;
    Ok(vec![EventBody::EnvelopeClosed {
        kind: open.kind,
        sealed_by: side,
    }])
}

/// The envelope a check-in by `side` would open, if any (the service decrypts it first).
pub fn envelope_to_open(game: &Game, side: Side, now: Timestamp) -> Option<EnvelopeKind> {
    let a = game.adjournment.as_ref()?;
    if now < a.resume_at {
        return None;
    }
    let responder_present = a.present(a.responder()) || side == a.responder();
    let sealer_present = a.present(a.sealer) || side == a.sealer;
    match (&a.envelope, &a.reply) {
        (Some(e), _) if e.closed && e.opened.is_none() && responder_present => {
            Some(EnvelopeKind::Sealed)
        }
        (_, Some(r)) if r.closed && r.opened.is_none() && sealer_present => {
            Some(EnvelopeKind::Reply)
        }
        _ => None,
    }
}

/// A7, A9: a player is present. The envelope opens when the player who must answer it is.
fn check_in(
    game: &Game,
    side: Side,
    revealed: Option<Revealed>,
    ctx: &Context,
) -> Result<Vec<EventBody>, Rejection> {
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    if ctx.now < a.resume_at {
        return Err(Rejection::BeforeResumption);
    }
    let mut events = Vec::new();
    if !a.present(side) {
        events.push(EventBody::CheckedIn { side });
    }
    if let Some(kind) = envelope_to_open(game, side, ctx.now) {
        let envelope = match kind {
            EnvelopeKind::Sealed => a.envelope.as_ref(),
            EnvelopeKind::Reply => a.reply.as_ref(),
        }
        .ok_or(Rejection::NoEnvelope)?;
        let content = revealed
            .filter(|r| r.kind == kind)
            .ok_or(Rejection::EnvelopeContentMissing)?;
        let recomputed = commitment(
            game.id,
            envelope.move_number,
            envelope.sealed_by,
            &content.text,
            &content.nonce,
        );
        if recomputed != envelope.commitment {
            // What the service stored is not what was sealed: nothing is judged on it.
            return Err(Rejection::CorruptLog(
                "the envelope does not match its commitment".into(),
            ));
        }
        events.push(EventBody::EnvelopeOpened {
            kind,
            sealed_by: envelope.sealed_by,
            text: content.text.clone(),
            nonce: content.nonce.clone(),
        });
        events.extend(judge_sealed(game, envelope.sealed_by, &content, ctx));
    }
    if events.is_empty() {
        return Err(Rejection::AlreadyCheckedIn);
    }
    Ok(events)
}

/// A8: the sealed move is made if it is one legal move as written; else the sealer loses —
/// unless the opponent could not checkmate by any series of legal moves (as under 6.9/6.10), when
/// the game is drawn.
fn judge_sealed(game: &Game, sealer: Side, content: &Revealed, ctx: &Context) -> Vec<EventBody> {
    let pos = game.position();
    let reading = MoveText::parse(&content.text).ok().and_then(|text| {
        let ctx = Context {
            notation: content.notation,
            ..ctx.clone()
        };
        read(
            pos,
            &MoveInput {
                text,
                notation: content.notation,
            },
            &ctx,
        )
        .ok()
    });
    match reading {
        Some(m) => play_judged(game, m, false, true),
        None => {
            let result = match rules::winnability(pos, sealer.opponent().into()) {
                rules::Winnability::Unwinnable => GameResult::Draw,
                _ => GameResult::win_for(sealer.opponent()),
            };
            vec![EventBody::GameEnded {
                result,
                termination: Termination::SealedMoveInvalid,
            }]
        }
    }
}

/// A10: more than an hour after the resumption time, an absent player loses. The exceptions
/// for a late sealer (the sealed move mates, stalemates or makes a dead position; the present
/// player lost on time) have already ended the game when the envelope opened or the flag fell.
fn lateness(game: &Game, ctx: &Context) -> Result<Vec<EventBody>, Rejection> {
    if !matches!(ctx.actor, Actor::System | Actor::Admin) {
        return Err(Rejection::ArbiterOnly);
    }
    if !game.is_live() {
        return Err(Rejection::GameOver);
    }
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    if ctx.now <= a.resume_at + time::Duration::hours(1) {
        return Err(Rejection::NotYetDue);
    }
    let absent: Vec<Side> = [Side::White, Side::Black]
        .into_iter()
        .filter(|s| !a.present(*s))
        .collect();
    match absent.as_slice() {
        [late] => Ok(vec![
            EventBody::LateForResumption { side: *late },
            EventBody::GameEnded {
                result: GameResult::win_for(late.opponent()),
                termination: Termination::LateForResumption,
            },
        ]),
        // Both absent: the arbiter decides. Both present: nothing to do.
        _ => Err(Rejection::NotYetDue),
    }
}

/// A11: the envelope is lost. The arbiter records the move the sealer states, in a new
/// commitment; it opens as the original would have.
fn restore_envelope(
    game: &Game,
    text: String,
    nonce: String,
    reason: String,
) -> Result<Vec<EventBody>, Rejection> {
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    let e = a
        .envelope
        .as_ref()
        .filter(|e| e.opened.is_none())
        .ok_or(Rejection::NoEnvelope)?;
    let text = MoveText::parse(&text).map_err(|e| Rejection::UnparseableMove {
        text: e.to_string(),
    })?;
    if !valid_nonce(&nonce) {
        return Err(Rejection::InvalidField {
            field: "nonce",
            detail: "16 to 64 lower-case hex digits".into(),
        });
    }
    Ok(vec![EventBody::EnvelopeRestored {
        reason: required_reason(reason)?,
        commitment: commitment(game.id, e.move_number, e.sealed_by, text.as_str(), &nonce),
    }])
}

/// A11 / A12: the arbiter sets the clocks while adjourned or before the first move of the
/// resumption; later only where the arbiter sees grave consequences.
fn set_clocks(
    game: &Game,
    white_seconds: u64,
    black_seconds: u64,
    reason: String,
    grave: bool,
) -> Result<Vec<EventBody>, Rejection> {
    if !game.is_live() {
        return Err(Rejection::GameOver);
    }
    if game.clock.is_none() {
        return Err(Rejection::NoClock);
    }
    let in_time = game.status == Status::Adjourned || game.resumed_at_ply == Some(game.ply());
    if !in_time && !grave {
        return Err(Rejection::ClockCorrectionTooLate);
    }
    if white_seconds > TimeControl::MAX_SECONDS || black_seconds > TimeControl::MAX_SECONDS {
        return Err(Rejection::InvalidField {
            field: "seconds",
            detail: "at most 400 days".into(),
        });
    }
    Ok(vec![EventBody::ClocksSet {
        white_seconds,
        black_seconds,
        reason: required_reason(reason)?,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{write_move, MoveStyle, SEARCHES};
    use crate::game::evolve;
    use crate::ids::PlayerId;
    use time::macros::datetime;

    fn player(n: u8) -> PlayerId {
        PlayerId::parse(&format!("0190a5b2-7c3e-7f00-8000-0000000000{n:02x}")).unwrap()
    }

    fn ctx(actor: Actor) -> Context {
        Context {
            now: datetime!(2026-01-01 00:00 UTC),
            actor,
            notation: None,
        }
    }

    /// A game from `fen` (the standard start without one), or `None` if it cannot start one.
    fn game_from(fen: Option<&str>) -> Option<GameState> {
        let create = CreateGame {
            game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000e5").unwrap(),
            white: Participant {
                id: player(1),
                name: "W".into(),
            },
            black: Participant {
                id: player(2),
                name: "B".into(),
            },
            organiser: None,
            rules: RuleSet::default(),
            start_fen: fen.map(str::to_owned),
            time_control: None,
            event: None,
            round: None,
            site: None,
            leave_days_per_year: None,
            sealed_move_check: Default::default(),
        };
        let events = decide(
            &GameState::NotCreated,
            Command::CreateGame(Box::new(create)),
            &ctx(Actor::Admin),
        )
        .ok()?;
        Some(events.iter().fold(GameState::NotCreated, evolve))
    }

    /// What checking a position's every legal move found: moves, how many of them the precheck
    /// called free of the full search, how many of those judged searched.
    #[derive(Default, Debug)]
    struct Seen {
        moves: u64,
        on_the_worker: u64,
        /// Of those, moves into a position the full search applies to: cleared by the game's
        /// remembered mating line.
        by_the_line: u64,
        searched: u64,
    }

    /// Judges every legal move in `state` that the precheck calls free of the full search (all of
    /// them with `judge_all`) and checks that none of those searched.
    fn check_every_move(state: &GameState, judge_all: bool, seen: &mut Seen) {
        let game = state.game().unwrap();
        let actor = Actor::Player(if game.turn() == Side::White {
            player(1)
        } else {
            player(2)
        });
        for m in crate::chess::legal_moves(game.position()) {
            let command = Command::MakeMove {
                mv: MoveInput {
                    text: MoveText::parse(&write_move(game.position(), m, MoveStyle::Uci)).unwrap(),
                    notation: Some(Notation::Uci),
                },
                offer_draw: false,
            };
            // As a server does: the check and the judgement on its own copy of the state.
            let mut own = state.clone();
            let may = judging_may_search(&mut own, &command, &ctx(actor));
            seen.moves += 1;
            seen.on_the_worker += u64::from(!may);
            let mut after = game.position().clone();
            after.play_unchecked(m);
            seen.by_the_line += u64::from(!may && rules::full_search_applies(&after));
            if may && !judge_all {
                continue;
            }
            let before = SEARCHES.with(|n| n.get());
            decide(&own, command, &ctx(actor)).expect("a legal move is played");
            let searched = SEARCHES.with(|n| n.get()) > before;
            assert!(
                may || !searched,
                "{m:?} in {} searched, but the precheck said it would not",
                rules::fen_of(game.position())
            );
            seen.searched += u64::from(searched);
        }
    }

    /// Random games, every legal move in every position along them: a move the precheck lets a
    /// server judge on its request thread never runs the full search. Sparse endgames come up
    /// often enough to search, and most moves are judged on the worker.
    #[test]
    fn no_move_judged_as_needing_no_search_searches_in_random_games() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut seen = Seen::default();
        for _ in 0..12 {
            let mut state = game_from(None).unwrap();
            for _ in 0..400 {
                let Some(game) = state.game().filter(|g| g.is_active()) else {
                    break;
                };
                check_every_move(&state, true, &mut seen);
                let moves = crate::chess::legal_moves(game.position());
                let m = moves[(next() % moves.len() as u64) as usize];
                let events = play_and_judge(game, m, false);
                state = events
                    .into_iter()
                    .map(|body| GameEvent {
                        at: datetime!(2026-01-01 00:00 UTC),
                        actor: Actor::System,
                        body,
                    })
                    .fold(state, |s, e| evolve(s, &e));
            }
        }
        assert!(seen.searched > 100, "{seen:?}");
        assert!(seen.on_the_worker > seen.moves / 2, "{seen:?}");
        assert!(seen.by_the_line > 100, "{seen:?}");
    }

    /// chasolver's corpus of hard positions, many where one side cannot mate however much
    /// material is left (the fast check proves it, and the other side's search decides): no move
    /// the precheck lets through searches there either. (Only those are judged: the corpus's
    /// searches take a minute in all.)
    #[test]
    fn no_move_judged_as_needing_no_search_searches_in_chasolver_positions() {
        let corpus = include_str!("../../tests/data/chasolver_positions.txt");
        let mut seen = Seen::default();
        for line in corpus.lines().filter(|l| !l.starts_with('#')) {
            let fen = line.split_once(' ').unwrap().1;
            if let Some(state) = game_from(Some(&format!("{fen} 0 1"))) {
                if state.game().is_some_and(|g| g.is_active()) {
                    check_every_move(&state, false, &mut seen);
                }
            }
        }
        // Both answers come up, about half each.
        assert!(seen.on_the_worker > 500, "{seen:?}");
        assert!(seen.moves - seen.on_the_worker > 500, "{seen:?}");
    }
}
