//! Moves as players said them and as speech-to-text wrote them down
//! (`data/spoken_transcriptions.tsv`): each line's transcription, read in its tongue's spoken
//! notation in its position, is its move.
//!
//! A line is five fields separated by tabs: tongue (`de`, `tr` or `en`), FEN, UCI, what was said
//! and what was heard. Lines starting with `#` and empty lines are comments.

use domain::chess::{read_move, MoveText, Notation, Uci};
use domain::game::spoken::Tongue;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

const DATA: &str = include_str!("data/spoken_transcriptions.tsv");

struct Line {
    number: usize,
    tongue: Tongue,
    position: Chess,
    fen: String,
    uci: String,
    said: String,
    heard: String,
    expected: Move,
}

/// Every data line, or the first malformed line's fault.
fn lines() -> Result<Vec<Line>, String> {
    let mut out = Vec::new();
    for (i, raw) in DATA.lines().enumerate() {
        let number = i + 1;
        if raw.starts_with('#') || raw.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = raw.split('\t').collect();
        let [tongue, fen, uci, said, heard] = fields[..] else {
            return Err(format!(
                "line {number}: {} fields, not 5: {raw:?}",
                fields.len()
            ));
        };
        let tongue =
            Tongue::parse(tongue).ok_or_else(|| format!("line {number}: no tongue {tongue:?}"))?;
        let position: Chess = fen
            .parse::<Fen>()
            .map_err(|e| format!("line {number}: {fen:?}: {e}"))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| format!("line {number}: {fen:?}: {e}"))?;
        let code = Uci::parse(uci).map_err(|e| format!("line {number}: {uci:?}: {e:?}"))?;
        let expected = code
            .to_move_unchecked(&position)
            .filter(|m| position.is_legal(*m))
            .ok_or_else(|| format!("line {number}: {uci} is no legal move in {fen}"))?;
        if said.trim().is_empty() || heard.trim().is_empty() {
            return Err(format!("line {number}: nothing said or heard"));
        }
        out.push(Line {
            number,
            tongue,
            position,
            fen: fen.to_owned(),
            uci: uci.to_owned(),
            said: said.to_owned(),
            heard: heard.to_owned(),
            expected,
        });
    }
    Ok(out)
}

#[test]
fn every_line_is_well_formed() {
    let lines = lines().unwrap_or_else(|e| panic!("{e}"));
    assert!(!lines.is_empty(), "the data holds no line");
}

#[test]
fn every_transcription_is_read_as_the_move_that_was_said() {
    let lines = lines().unwrap_or_else(|e| panic!("{e}"));
    let mut wrong = Vec::new();
    for line in &lines {
        let read = MoveText::parse(&line.heard)
            .map_err(|e| format!("{e}"))
            .and_then(|text| {
                read_move(
                    &line.position,
                    &text,
                    Some(Notation::spoken(line.tongue)),
                    None,
                )
                .map_err(|e| format!("{e:?}"))
            });
        if read != Ok(line.expected) {
            wrong.push(format!(
                "line {} ({}, {}): said {:?}, heard {:?}, read {:?}, not {}",
                line.number, line.tongue, line.fen, line.said, line.heard, read, line.uci
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
