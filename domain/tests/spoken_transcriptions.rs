//! Moves as players said them and as speech-to-text wrote them down. The dictation mistakes of
//! `data/spoken_transcriptions.tsv` are each read, in its tongue's spoken notation in its
//! position, as its move. The real recognisers' transcriptions of `data/spoken_recognised.tsv`
//! (synthesised speech through pocketsphinx and Whisper, its header says how) are never read as
//! another move (a text the reader cannot place is asked again, not guessed), and at least as
//! many of them are read as their move as the reader reads today.
//!
//! A line is five fields separated by tabs: tongue (`de`, `tr` or `en`), FEN, UCI, what was said
//! and what was heard. Lines starting with `#` and empty lines are comments.

use domain::chess::{read_move, MoveText, Notation, Uci};
use domain::game::spoken::Tongue;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

const DATA: &str = include_str!("data/spoken_transcriptions.tsv");
const RECOGNISED: &str = include_str!("data/spoken_recognised.tsv");
/// How many of the recognisers' transcriptions the reader reads as their move: every one, with
/// the mishearings it has learned (a piece heard as another word, `honda b3`, `nine takes g
/// five`; a Turkish word cut apart, `fil e i ki`; two files run together, `rook db5`).
const RECOGNISED_READ: usize = 284;

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

/// Every data line of the hand-written file, or the first malformed line's fault.
fn lines() -> Result<Vec<Line>, String> {
    lines_of(DATA)
}

/// Every data line of `data`, or the first malformed line's fault.
fn lines_of(data: &str) -> Result<Vec<Line>, String> {
    let mut out = Vec::new();
    for (i, raw) in data.lines().enumerate() {
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
        let read = read(line);
        if read != Ok(line.expected) {
            wrong.push(format!(
                "line {} ({}, {}): said {:?}, heard {:?}, read {:?}, not {}",
                line.number, line.tongue, line.fen, line.said, line.heard, read, line.uci
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A line's transcription read in its tongue's spoken notation.
fn read(line: &Line) -> Result<Move, String> {
    MoveText::parse(&line.heard)
        .map_err(|e| format!("{e}"))
        .and_then(|text| {
            read_move(
                &line.position,
                &text,
                Some(Notation::spoken(line.tongue)),
                None,
            )
            .map_err(|e| format!("{e:?}"))
        })
}

#[test]
fn a_recognisers_transcription_is_read_as_its_move_or_asked_again() {
    let lines = lines_of(RECOGNISED).unwrap_or_else(|e| panic!("{e}"));
    let mut right = 0;
    let mut misread = Vec::new();
    for line in &lines {
        match read(line) {
            Ok(m) if m == line.expected => right += 1,
            Ok(m) => misread.push(format!(
                "line {} ({}): heard {:?}, read {m:?}, not {}",
                line.number, line.tongue, line.heard, line.uci
            )),
            Err(_) => {}
        }
    }
    assert!(misread.is_empty(), "{}", misread.join("\n"));
    assert!(
        right >= RECOGNISED_READ,
        "{right} of {} read as their move, fewer than {RECOGNISED_READ}",
        lines.len()
    );
}
