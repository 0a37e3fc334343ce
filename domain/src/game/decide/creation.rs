//! A game's creation: its players, rules, start position and time control, checked once.

use super::{
    label, text, BallotChoice, Context, CreateGame, Lines, MAX_LABEL_CHARS, MAX_ROUND_CHARS,
};
use crate::game::dice::DiceCommitment;
use crate::game::event::{BallotOpening, EventBody, GameCreated};
use crate::game::moves::MoveRecord;
use crate::game::rejection::{FieldProblem, Rejection};
use crate::game::rules::{Ending, MoveText, Rules, SetUpError, UNNAMED_GAME};
use crate::game::types::{Actor, ClaimKind, Participant, RuleSet};

/// The fewest and most moves each a game may set for its no-progress claim.
pub const MIN_NO_PROGRESS_MOVES: u32 = 5;
pub const MAX_NO_PROGRESS_MOVES: u32 = 200;

/// A game is created, by one who may create it, with every choice it is made with checked.
pub(super) fn create<R: Rules>(c: CreateGame, ctx: &Context<R>) -> Result<EventBody, Rejection> {
    may_create(&c, ctx)?;
    let name = c.game.as_deref().unwrap_or(UNNAMED_GAME);
    let kind = R::named(name).ok_or(Rejection::InvalidField {
        field: "game",
        problem: FieldProblem::Unknown,
    })?;
    let rules = rule_set(kind, c.rules)?;
    let set_up_position = start_position(kind, rules, c.start_position.as_deref())?;
    let set_up = set_up_position.is_some();
    let ballot = match c.ballot {
        None => None,
        Some(choice) => Some(ballot_opening(kind, choice, set_up)?),
    };
    if let Some(moves) = c.no_progress_moves {
        check_no_progress_moves(kind, rules, moves)?;
    }
    if let Some(length) = c.match_length {
        check_match_length(kind, rules, length, set_up)?;
    }
    let dice = match (kind.features().dice, &ctx.dice) {
        (false, _) => None,
        // The commitment, and no throw: each throw waits for a request made after it.
        (true, Some(seed)) => Some(DiceCommitment::new(seed)),
        // The service draws the secret.
        (true, None) => return Err(Rejection::DiceUnavailable),
    };
    if let Some(tc) = &c.time_control {
        tc.validate().map_err(Rejection::InvalidTimeControl)?;
    }
    if !c.tablebase.is_off() && !kind.features().tablebases {
        return Err(Rejection::NotInThisGame {
            feature: "tablebases",
        });
    }
    if c.rated && set_up {
        // A rating measures play from the game's own start.
        return Err(Rejection::InvalidField {
            field: "rated",
            problem: FieldProblem::NotWithSetUp,
        });
    }
    Ok(EventBody::GameCreated(Box::new(GameCreated {
        game_id: c.game_id,
        // Chess is stored as no name at all, as before there was another game.
        game: (name != UNNAMED_GAME).then(|| name.to_owned()),
        white: participant("white", c.white)?,
        black: participant("black", c.black)?,
        organiser: c.organiser,
        rules,
        start_position: set_up_position,
        time_control: c.time_control,
        event: label("event", c.event, MAX_LABEL_CHARS)?,
        round: label("round", c.round, MAX_ROUND_CHARS)?,
        site: label("site", c.site, MAX_LABEL_CHARS)?,
        sealed_move_check: c.sealed_move_check,
        tournament: c.tournament,
        starts_at: c.starts_at,
        ballot,
        no_progress_moves: c.no_progress_moves,
        match_length: c.match_length,
        dice,
        rated: c.rated,
        visibility: c.visibility,
        tablebase: c.tablebase,
        leave_days_per_year: leave_days(c.leave_days_per_year)?,
    })))
}

/// Who may create the game: a player only one they play in, an organiser only one they
/// arbitrate, the admin any, the service none; and two different players.
fn may_create<R: Rules>(c: &CreateGame, ctx: &Context<R>) -> Result<(), Rejection> {
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
    Ok(())
}

/// A player as the game keeps them, with their name checked (`field`: `white` or `black`).
fn participant(field: &'static str, p: Participant) -> Result<Participant, Rejection> {
    let name = text(field, Some(p.name), MAX_LABEL_CHARS, Lines::Many)?.ok_or(
        Rejection::InvalidField {
            field,
            problem: FieldProblem::NameMissing,
        },
    )?;
    Ok(Participant { id: p.id, name })
}

/// The rule set played: the one chosen, if it is one of the game's, else the game's first.
fn rule_set<R: Rules>(kind: R, chosen: Option<RuleSet>) -> Result<RuleSet, Rejection> {
    match chosen {
        None => Ok(kind.rule_sets()[0]),
        Some(r) if kind.rule_sets().contains(&r) => Ok(r),
        Some(_) => Err(Rejection::InvalidField {
            field: "rules",
            problem: FieldProblem::Unknown,
        }),
    }
}

/// The set-up position's text as the game keeps it: none for the standard start; refused where
/// it is not a legal position, or one already over (a no-progress count that would have ended it
/// among them).
fn start_position<R: Rules>(
    kind: R,
    rules: RuleSet,
    typed: Option<&str>,
) -> Result<Option<String>, Rejection> {
    match typed.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => {
            let (start, text) = kind.set_up(text).map_err(|e| match e {
                SetUpError::Invalid(detail) => Rejection::InvalidPosition {
                    fen: kind.position_is_fen(),
                    detail,
                },
                SetUpError::NotPlayable(ending) => Rejection::PositionNotPlayable(ending),
            })?;
            if let Some((plies, _)) = kind.draws(rules).automatic_no_progress {
                if R::halfmove_clock(&start) >= plies {
                    // The no-progress rule (chess 9.6.2) would already have ended the game.
                    return Err(Rejection::PositionNotPlayable(Ending::SeventyfiveMoves));
                }
            }
            // The standard start is stored as no set-up text at all.
            Ok((text != R::set_up_text(&kind.start())).then_some(text))
        }
    }
}

/// The chosen opening of the game's ballot, with its moves: only in a game that has a ballot,
/// from its start, and one of the ballot's numbers.
fn ballot_opening<R: Rules>(
    kind: R,
    choice: BallotChoice,
    set_up: bool,
) -> Result<BallotOpening, Rejection> {
    let field = |problem| Rejection::InvalidField {
        field: "ballot",
        problem,
    };
    let deck = kind.ballot().ok_or(field(FieldProblem::Unknown))?;
    if set_up {
        return Err(field(FieldProblem::NotWithSetUp));
    }
    let line = deck
        .opening(choice.number)
        .ok_or(field(FieldProblem::Between {
            min: 1,
            max: u64::from(deck.len()),
        }))?;
    Ok(BallotOpening {
        number: choice.number,
        by_lot: choice.by_lot,
        moves: opening_moves(kind, line),
    })
}

/// Only a no-progress count the rules leave to the arbiter may be set, and within bounds.
fn check_no_progress_moves<R: Rules>(kind: R, rules: RuleSet, moves: u32) -> Result<(), Rejection> {
    let field = |problem| Rejection::InvalidField {
        field: "no_progress_moves",
        problem,
    };
    match kind.draws(rules).no_progress_claim {
        Some((ClaimKind::NoProgress, _)) => {}
        _ => return Err(field(FieldProblem::Unknown)),
    }
    if !(MIN_NO_PROGRESS_MOVES..=MAX_NO_PROGRESS_MOVES).contains(&moves) {
        return Err(field(FieldProblem::Between {
            min: u64::from(MIN_NO_PROGRESS_MOVES),
            max: u64::from(MAX_NO_PROGRESS_MOVES),
        }));
    }
    Ok(())
}

/// A match's length may be set only where the game is played as a match, from its start, and up
/// to the rules' longest.
fn check_match_length<R: Rules>(
    kind: R,
    rules: RuleSet,
    length: u16,
    set_up: bool,
) -> Result<(), Rejection> {
    let field = |problem| Rejection::InvalidField {
        field: "match_length",
        problem,
    };
    let lengths = kind
        .match_lengths(rules)
        .ok_or(field(FieldProblem::Unknown))?;
    if set_up {
        // A set-up position's match ID says the match's length.
        return Err(field(FieldProblem::NotWithSetUp));
    }
    if !(1..=lengths.max).contains(&length) {
        return Err(field(FieldProblem::Between {
            min: 1,
            max: u64::from(lengths.max),
        }));
    }
    Ok(())
}

/// Leave days per player per calendar year: 30 unless chosen, at most a year's.
fn leave_days(chosen: Option<u32>) -> Result<u32, Rejection> {
    match chosen {
        None => Ok(30),
        Some(d) if d <= 366 => Ok(d),
        Some(_) => Err(Rejection::InvalidField {
            field: "leave_days_per_year",
            problem: FieldProblem::AtMost { max: 366 },
        }),
    }
}

/// The moves of a ballot's opening as the log records them, from the standard start. A deck is
/// the game's own constant, proven legal by its tests: a line that did not read would be a bug.
fn opening_moves<R: Rules>(kind: R, line: &str) -> Vec<MoveRecord> {
    let mut position = kind.start();
    line.split_whitespace()
        .map(|text| {
            let text = MoveText::parse(text).expect("a ballot's move is short printable text");
            let m = R::read_move(&position, &text, None, None)
                .expect("a ballot's opening is legal from the start");
            let record = R::record(&position, m);
            R::play(&mut position, m);
            record
        })
        .collect()
}
