//! PGN export of a game's log: the Seven Tag Roster first, `SetUp`/`FEN` for set-up positions,
//! `TimeControl` and `Termination`; after each move the time it was made (UTC, as a
//! correspondence score sheet keeps it: `{2026-11-24 14:05 UTC}`), and draw offers as `{(=)}`
//! after the move they were made with.

use std::fmt::Write as _;

use super::event::{EventBody, GameEvent};
use super::rules::Rules;
use super::state::{FoldError, Game, GameState, Status};
use super::tablebase::{Verdict, Wdl};
use super::time_control::TimeControl;
use super::types::{ClaimKind, GameResult, Side, Termination};

/// The game's record in its own format, where it has one ([`Rules::own_record`]).
fn own_record<R: Rules>(game: &Game<R>) -> Option<String> {
    game.kind.record_format().own?;
    let mut happened = Vec::with_capacity(game.ply() + game.throws().len());
    let mut throws = game.throws().iter().peekable();
    for (i, m) in game.moves().iter().enumerate() {
        while let Some((_, d)) = throws.next_if(|(before, _)| *before == i) {
            happened.push(super::rules::Happening::Thrown(*d));
        }
        happened.push(super::rules::Happening::Moved(*m));
    }
    happened.extend(throws.map(|(_, d)| super::rules::Happening::Thrown(*d)));
    let date = game.created_at.date();
    let head = super::rules::RecordHead {
        white: &game.white.name,
        black: &game.black.name,
        event: game.event.as_deref(),
        round: game.round.as_deref(),
        site: game.site.as_deref(),
        date: format!(
            "{:04}.{:02}.{:02}",
            date.year(),
            u8::from(date.month()),
            date.day()
        ),
    };
    R::own_record(game.start_position(), &happened, &head)
}

/// Writes a game's record from its log: PGN for chess, PDN for draughts
/// ([`Rules::record_format`]).
pub fn export_pgn<R: Rules>(events: &[GameEvent]) -> Result<String, FoldError> {
    let state: GameState<R> = GameState::replay(events)?;
    let game = state.game().ok_or(FoldError {
        version: 0,
        reason: "an empty log has no game".into(),
    })?;
    Ok(game.pgn(events))
}

impl<R: Rules> Game<R> {
    /// The game in PGN (or its game's own form of it, such as PDN), from `events`, the log this
    /// game was folded from. Moves are written as the log recorded them for people (chess: SAN).
    pub fn pgn(&self, events: &[GameEvent]) -> String {
        pgn_of(self, events)
    }
}

/// The game's record: its own format where it has one, else PGN's tags, then its movetext with
/// what happened after each move as comments, wrapped at 79 characters.
fn pgn_of<R: Rules>(game: &Game<R>, events: &[GameEvent]) -> String {
    if let Some(text) = own_record(game) {
        return text;
    }
    let comments = comments_by_ply(game, events);
    let (result, termination) = match game.status {
        Status::Active | Status::Adjourned => (None, None),
        Status::Finished {
            result,
            termination,
        } => (Some(result), Some(termination)),
    };
    let result_text = result.map_or("*", GameResult::as_str);
    let mut out = String::with_capacity(512 + game.ply() * 8);
    write_tags(&mut out, game, result_text, termination);
    out.push('\n');
    let mut tokens = movetext(game, &comments);
    if let (Some(result), Some(termination)) = (result, termination) {
        let mut sentence = ending_sentence(result, termination);
        if let (Termination::Tablebase, Some(v)) = (termination, &game.tablebase_verdict) {
            sentence.push_str(&verdict_words(v, game.turn(), game.tablebase_claimed_by));
        }
        tokens.push(format!("{{{sentence}}}"));
    }
    tokens.push(result_text.to_owned());
    write_wrapped(&mut out, tokens);
    out.push_str("\n\n");
    out
}

/// The comments after each ply, from the log (index = plies made before the comment; 0 = before
/// any move): each move's time, draw offers, declines and claims, and arbiters' decisions.
fn comments_by_ply<R: Rules>(game: &Game<R>, events: &[GameEvent]) -> Vec<Vec<String>> {
    let mut comments: Vec<Vec<String>> = vec![Vec::new(); game.ply() + 1];
    // A ballot's moves come first, with no time and nothing said.
    let mut ply = game.ballot_plies();
    for e in events {
        match &e.body {
            EventBody::MovePlayed { draw_offered, .. } => {
                ply += 1;
                // The move's time first, before what was said with it.
                comments[ply].insert(0, move_time(e.at));
                if *draw_offered {
                    comments[ply].push("(=)".into());
                }
            }
            EventBody::DrawOffered { .. } => comments[ply].push("(=)".into()),
            EventBody::DrawDeclined { by } => {
                comments[ply].push(format!("{} declines the draw offer", side_name(*by)))
            }
            EventBody::DrawClaimed {
                by,
                kind,
                intended_move,
                upheld,
                occurrences,
                halfmove_clock,
            } => {
                let ground = claim_ground(*kind, *occurrences, *halfmove_clock);
                let on = intended_move
                    .as_ref()
                    .map(|m| format!(" on the intended move {}", m.written))
                    .unwrap_or_default();
                let verdict = if *upheld { "upheld" } else { "not upheld" };
                comments[ply].push(format!(
                    "{} claims a draw by {ground}{on}: {verdict}",
                    side_name(*by)
                ));
                if !upheld {
                    // 9.1.2.3: the claim counts as a draw offer. With an intended move the offer
                    // is written after that move, which comes next.
                    let at = if intended_move.is_some() {
                        ply + 1
                    } else {
                        ply
                    };
                    if let Some(list) = comments.get_mut(at) {
                        list.push("(=)".into());
                    }
                }
            }
            EventBody::ArbiterDecided { result, reason } => comments[ply].push(format!(
                "Arbiter's decision {result}: {}",
                reason.replace(['{', '}'], "")
            )),
            _ => {}
        }
    }
    comments
}

/// The ground a draw is claimed on, in words.
fn claim_ground(kind: ClaimKind, occurrences: Option<u32>, halfmove_clock: u32) -> String {
    match kind {
        ClaimKind::ThreefoldRepetition => format!(
            "threefold repetition ({} occurrences)",
            occurrences.unwrap_or(0)
        ),
        ClaimKind::FiftyMoves => format!("fifty moves ({halfmove_clock} half-moves)"),
        ClaimKind::FortyMoves => format!("forty moves ({halfmove_clock} half-moves)"),
        ClaimKind::NoProgress => format!("no progress ({halfmove_clock} half-moves)"),
    }
}

/// Writes one PGN tag; its value is made one line of printing characters (PGN standard 7).
fn tag(out: &mut String, name: &str, value: &str) {
    let value: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// Writes the game's tags: the Seven Tag Roster, then the game's type, its set-up position, its
/// time control and how it ended.
fn write_tags<R: Rules>(
    out: &mut String,
    game: &Game<R>,
    result_text: &str,
    termination: Option<Termination>,
) {
    tag(out, "Event", game.event.as_deref().unwrap_or("?"));
    tag(out, "Site", game.site.as_deref().unwrap_or("?"));
    let d = game.created_at.date();
    tag(
        out,
        "Date",
        &format!("{:04}.{:02}.{:02}", d.year(), u8::from(d.month()), d.day()),
    );
    tag(out, "Round", game.round.as_deref().unwrap_or("-"));
    tag(out, "White", &game.white.name);
    tag(out, "Black", &game.black.name);
    tag(out, "Result", result_text);
    let format = game.kind.record_format();
    if let Some(game_type) = format.game_type {
        tag(out, "GameType", game_type);
    }
    if let Some(fen) = &game.set_up_text {
        if format.set_up_tag {
            tag(out, "SetUp", "1");
        }
        tag(out, "FEN", fen);
    }
    tag(
        out,
        "TimeControl",
        &time_control_tag(game.time_control.as_ref()),
    );
    tag(
        out,
        "Termination",
        termination.map_or("unterminated", Termination::pgn_tag),
    );
}

/// The movetext's tokens: the moves with their numbers and the comments after each (a number
/// again for the second side's move after a comment).
fn movetext<R: Rules>(game: &Game<R>, comments: &[Vec<String>]) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::with_capacity(game.ply() * 2 + 4);
    let push_comments = |tokens: &mut Vec<String>, list: &[String]| {
        for c in list {
            tokens.push(format!("{{{c}}}"));
        }
    };
    push_comments(&mut tokens, &comments[0]);
    let first_number = R::move_number(game.start_position());
    // Plies counted from the move of the side that opens a move number (chess: White;
    // checkers: Black), in the first move number.
    let opener = R::turn(&game.kind.start());
    let black_first = usize::from(R::turn(game.start_position()) != opener);
    let mut need_number = true;
    for (i, san) in game.moves_text().split_terminator('\n').enumerate() {
        let ply = i + black_first;
        let number = first_number as usize + ply / 2;
        match ply % 2 {
            0 => tokens.push(format!("{number}.")),
            _ if need_number => tokens.push(format!("{number}...")),
            _ => {}
        }
        tokens.push(san.to_owned());
        need_number = !comments[i + 1].is_empty();
        push_comments(&mut tokens, &comments[i + 1]);
    }
    tokens
}

/// Writes tokens separated by spaces, in lines of at most 79 characters (a longer token alone).
fn write_wrapped(out: &mut String, tokens: Vec<String>) {
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + 1 + t.chars().count() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += t.chars().count();
        out.push_str(&t);
    }
}

/// When a move was made, to the minute, in UTC.
fn move_time(at: super::types::Timestamp) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// PGN's TimeControl tag (PGN standard 9.6.1): `-` for none, `moves/seconds` periods joined by
/// `:`, a sudden-death period as plain seconds, `+increment`.
pub fn time_control_tag(tc: Option<&TimeControl>) -> String {
    match tc {
        None => "-".into(),
        Some(TimeControl::PerMove { seconds, .. }) => format!("1/{seconds}"),
        Some(TimeControl::Periods {
            periods,
            increment_seconds,
            ..
        }) => periods
            .iter()
            .map(|p| {
                let mut s = match p.moves {
                    Some(n) => format!("{n}/{}", p.seconds),
                    None => p.seconds.to_string(),
                };
                if *increment_seconds > 0 {
                    let _ = write!(s, "+{increment_seconds}");
                }
                s
            })
            .collect::<Vec<_>>()
            .join(":"),
    }
}

/// The tables' verdict as the closing comment gives it, for a later reader with the same tables
/// to check: for the side to move in the position they ruled on.
fn verdict_words(v: &Verdict, to_move: Side, claimed_by: Option<Side>) -> String {
    let wdl = match v.wdl {
        Wdl::Win => "win",
        Wdl::CursedWin => "cursed win",
        Wdl::Draw => "draw",
        Wdl::BlessedLoss => "blessed loss",
        Wdl::Loss => "loss",
    };
    let how = match claimed_by {
        Some(side) => format!("claimed by {}", side_name(side)),
        None => "by the event's rule".to_owned(),
    };
    format!(
        " ({how}): {wdl} for {} to move, DTZ {}{}, {} pieces, tables {}",
        side_name(to_move),
        v.dtz,
        if v.dtz_rounded { " (rounded)" } else { "" },
        v.pieces,
        v.tables
    )
}

/// A closing comment in words.
fn ending_sentence(result: GameResult, termination: Termination) -> String {
    let winner = result.winner().map(side_name);
    let loser = result.winner().map(|w| side_name(w.opponent()));
    match (termination, winner, loser) {
        (Termination::Checkmate, Some(w), _) => format!("{w} wins by checkmate"),
        (Termination::Resignation, _, Some(l)) => format!("{l} resigns"),
        (Termination::TimeForfeit, _, Some(l)) => format!("{l} lost on time"),
        (Termination::SealedMoveInvalid, _, Some(l)) => {
            format!("{l}'s sealed move was invalid")
        }
        (Termination::LateForResumption, _, Some(l)) => {
            format!("{l} was more than an hour late for resumption")
        }
        (Termination::Stalemate, ..) => "Draw by stalemate".into(),
        (Termination::DeadPosition, ..) => "Draw: dead position".into(),
        (Termination::Agreement, ..) => "Draw by agreement".into(),
        (Termination::ThreefoldRepetition, ..) => "Draw by threefold repetition".into(),
        (Termination::FiftyMoves, ..) => "Draw by the fifty-move rule".into(),
        (Termination::FivefoldRepetition, ..) => "Draw by fivefold repetition".into(),
        (Termination::SeventyfiveMoves, ..) => "Draw by the 75-move rule".into(),
        (Termination::NoMoves, Some(w), Some(l)) => format!("{w} wins: {l} cannot move"),
        (Termination::FortyMoves, ..) => "Draw by the forty-move rule".into(),
        (Termination::SixtyMoves, ..) => "Draw by the sixty-move rule".into(),
        (Termination::OnePieceEach, ..) => "Draw: one piece each".into(),
        (Termination::NoProgress, ..) => "Draw: no man moved and nothing was taken".into(),
        (Termination::InsufficientMaterialOnTime, ..) => {
            "Draw: time ran out, but the opponent could not checkmate".into()
        }
        (Termination::ArbiterDecision, ..) => format!("Arbiter's decision: {result}"),
        (Termination::Tablebase, Some(w), _) => format!("{w} wins by the tablebases"),
        (Termination::Tablebase, None, _) => "Draw by the tablebases".into(),
        (t, ..) => format!("{result} ({t})"),
    }
}
