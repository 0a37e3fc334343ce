//! Reading a chess move in words: the words are looked up (each may mean more than one thing:
//! Turkish `şah` is the king or check, English `to` is two or nothing), every way of taking them
//! that makes a move is matched against the legal moves, and only a text that fits exactly one
//! legal move is read. A text that fits several is asked back, never guessed.

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use super::super::{parse_san, read_san, read_uci, LetterSet, ReadError};
use super::write_spoken;
use crate::game::spoken::Tongue;

/// What one word (or a few words together) of a spoken move means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    File(File),
    Rank(Rank),
    Capture,
    /// Check or mate: spoken, never required, ignored when reading.
    Check,
    Castle,
    Side(CastlingSide),
    /// A word that says the piece after it (or before it) is what the pawn becomes.
    Promote,
    EnPassant,
    /// A word a player may say between the others that says nothing (`Springer nach f3`).
    Filler,
}

const fn file(i: u32) -> Tok {
    Tok::File(File::new(i))
}

const KING: Tok = Tok::Piece(Role::King);
const QUEEN: Tok = Tok::Piece(Role::Queen);
const ROOK: Tok = Tok::Piece(Role::Rook);
const BISHOP: Tok = Tok::Piece(Role::Bishop);
const KNIGHT: Tok = Tok::Piece(Role::Knight);
const PAWN: Tok = Tok::Piece(Role::Pawn);
const SHORT: Tok = Tok::Side(CastlingSide::KingSide);
const LONG: Tok = Tok::Side(CastlingSide::QueenSide);

/// Words every tongue reads: the file letters, `x`, and the signs `+`, `#`, `=`.
const COMMON: &[(&str, Tok)] = &[
    ("a", file(0)),
    ("b", file(1)),
    ("c", file(2)),
    ("d", file(3)),
    ("e", file(4)),
    ("f", file(5)),
    ("g", file(6)),
    ("h", file(7)),
    ("x", Tok::Capture),
    ("+", Tok::Check),
    ("#", Tok::Check),
    ("=", Tok::Promote),
    ("en passant", Tok::EnPassant),
    ("enpassant", Tok::EnPassant),
    ("e p", Tok::EnPassant),
    ("ep", Tok::EnPassant),
];

/// German, folded (`ä` as `ae`): the Laws' words, their spellings without umlauts, the letters'
/// names, and the piece letters that are no file.
const GERMAN: &[(&str, Tok)] = &[
    ("koenig", KING),
    ("konig", KING),
    ("k", KING),
    ("dame", QUEEN),
    ("turm", ROOK),
    ("t", ROOK),
    ("laeufer", BISHOP),
    ("laufer", BISHOP),
    ("l", BISHOP),
    ("springer", KNIGHT),
    ("schwinger", KNIGHT),
    ("s", KNIGHT),
    ("bauer", PAWN),
    ("mauer", PAWN),
    ("paula", PAWN),
    ("toum", ROOK),
    ("tom", ROOK),
    ("lofa", BISHOP),
    ("loyfa", BISHOP),
    ("leufer", BISHOP),
    ("anna", file(0)),
    ("bella", file(1)),
    ("bela", file(1)),
    ("mela", file(1)),
    ("be", file(1)),
    ("cesar", file(2)),
    ("caesar", file(2)),
    ("casar", file(2)),
    ("ceasar", file(2)),
    ("zaesar", file(2)),
    ("zasar", file(2)),
    ("zemar", file(2)),
    ("ce", file(2)),
    ("david", file(3)),
    ("de", file(3)),
    ("eva", file(4)),
    ("ewa", file(4)),
    ("ema", file(4)),
    ("felix", file(5)),
    ("helix", file(5)),
    ("faehlich", file(5)),
    ("faehlig", file(5)),
    ("ef", file(5)),
    ("gustav", file(6)),
    ("gustaf", file(6)),
    ("ge", file(6)),
    ("hektor", file(7)),
    ("hector", file(7)),
    ("hektur", file(7)),
    ("hektot", file(7)),
    ("fektor", file(7)),
    ("ha", file(7)),
    ("ein", Tok::Rank(Rank::First)),
    ("funf", Tok::Rank(Rank::Fifth)),
    ("schlaegt", Tok::Capture),
    ("schlagt", Tok::Capture),
    ("nimmt", Tok::Capture),
    ("schraegt", Tok::Capture),
    ("schlecht", Tok::Capture),
    ("schlick", Tok::Capture),
    ("schlicht", Tok::Capture),
    ("schreckt", Tok::Capture),
    ("schach", Tok::Check),
    ("schachmatt", Tok::Check),
    ("matt", Tok::Check),
    ("rochade", Tok::Castle),
    ("rochiert", Tok::Castle),
    ("kurze", SHORT),
    ("kurz", SHORT),
    ("kleine", SHORT),
    ("klein", SHORT),
    ("lange", LONG),
    ("lang", LONG),
    ("grosse", LONG),
    ("gross", LONG),
    ("wird", Tok::Promote),
    ("wirt", Tok::Promote),
    ("mit", Tok::Promote),
    ("zu", Tok::Promote),
    ("nach", Tok::Filler),
    ("auf", Tok::Filler),
];

/// Turkish, folded (`ş` as `s`, `ı` as `i`): the pieces, the letters' names (be, ce, … he), and
/// `şah` both as the king and as check.
const TURKISH: &[(&str, Tok)] = &[
    ("sah", KING),
    ("kral", KING),
    ("s", KING),
    ("vezir", QUEEN),
    ("v", QUEEN),
    ("kale", ROOK),
    ("k", ROOK),
    ("fil", BISHOP),
    ("at", KNIGHT),
    ("piyon", PAWN),
    ("be", file(1)),
    ("ce", file(2)),
    ("de", file(3)),
    ("ee", file(4)),
    ("fe", file(5)),
    ("ge", file(6)),
    ("he", file(7)),
    ("alir", Tok::Capture),
    ("yer", Tok::Capture),
    ("sah", Tok::Check),
    ("mat", Tok::Check),
    ("sahmat", Tok::Check),
    ("rok", Tok::Castle),
    ("kisa", SHORT),
    ("kucuk", SHORT),
    ("uzun", LONG),
    ("buyuk", LONG),
    ("olur", Tok::Promote),
    ("orul", Tok::Promote),
    ("terfi", Tok::Promote),
    ("gecerken alma", Tok::EnPassant),
    ("gecerken alir", Tok::EnPassant),
    ("gecerken", Tok::EnPassant),
];

/// English: the pieces and what speech-to-text writes for them (`night`, `rock`, `queue` for the
/// letter Q), the letters' names and their homophones (`sea`, `dee`, `aitch`).
const ENGLISH: &[(&str, Tok)] = &[
    ("king", KING),
    ("k", KING),
    ("queen", QUEEN),
    ("queue", QUEEN),
    ("cue", QUEEN),
    ("q", QUEEN),
    ("quin", QUEEN),
    ("clean", QUEEN),
    ("ging", KING),
    ("rook", ROOK),
    ("rock", ROOK),
    ("brook", ROOK),
    ("brooke", ROOK),
    ("ruck", ROOK),
    ("r", ROOK),
    ("bishop", BISHOP),
    ("bishops", BISHOP),
    ("bishup", BISHOP),
    ("beship", BISHOP),
    ("knight", KNIGHT),
    ("night", KNIGHT),
    ("nite", KNIGHT),
    ("nine", KNIGHT),
    ("n", KNIGHT),
    ("pawn", PAWN),
    ("pon", PAWN),
    ("pond", PAWN),
    ("pun", PAWN),
    ("pull", PAWN),
    ("han", PAWN),
    ("hone", PAWN),
    ("honda", PAWN),
    ("don", PAWN),
    ("dont", PAWN),
    ("ay", file(0)),
    ("hay", file(0)),
    ("be", file(1)),
    ("bee", file(1)),
    ("sea", file(2)),
    ("see", file(2)),
    ("si", file(2)),
    ("cee", file(2)),
    ("ce", file(2)),
    ("dee", file(3)),
    ("deed", file(3)),
    ("ee", file(4)),
    ("ef", file(5)),
    ("eff", file(5)),
    ("gee", file(6)),
    ("j", file(6)),
    ("aitch", file(7)),
    ("haitch", file(7)),
    ("age", file(7)),
    ("takes", Tok::Capture),
    ("take", Tok::Capture),
    ("captures", Tok::Capture),
    ("capture", Tok::Capture),
    ("tx", Tok::Capture),
    ("check", Tok::Check),
    ("checkmate", Tok::Check),
    ("mate", Tok::Check),
    ("chet", Tok::Check),
    ("castle", Tok::Castle),
    ("castles", Tok::Castle),
    ("castling", Tok::Castle),
    ("can sell", Tok::Castle),
    ("short", SHORT),
    ("shored", SHORT),
    ("kingside", SHORT),
    ("king side", SHORT),
    ("kings side", SHORT),
    ("long", LONG),
    ("queenside", LONG),
    ("queen side", LONG),
    ("queens side", LONG),
    ("becomes", Tok::Promote),
    ("promotes", Tok::Promote),
    ("promote", Tok::Promote),
    ("promoted", Tok::Promote),
    ("promoting", Tok::Promote),
    ("equals", Tok::Promote),
    ("into", Tok::Promote),
    ("to", Tok::Filler),
    ("on", Tok::Filler),
    ("at", Tok::Filler),
];

/// More readings of one text than this are not a move but noise.
const MOST_READINGS: usize = 4096;
/// More steps than this in finding a text's readings, and it is noise.
const MOST_STEPS: usize = 20_000;
/// More words than this are not one move.
const MOST_WORDS: usize = 16;

fn lexicon(tongue: Tongue) -> &'static [(&'static str, Tok)] {
    match tongue {
        Tongue::German => GERMAN,
        Tongue::Turkish => TURKISH,
        Tongue::English => ENGLISH,
    }
}

/// Every meaning the words from `at` on can start with, each with how many words it takes.
fn meanings(tongue: Tongue, words: &[String], at: usize) -> Vec<(Tok, usize)> {
    let rest = &words[at..];
    let mut found: Vec<(Tok, usize)> = Vec::new();
    for &(phrase, tok) in COMMON.iter().chain(lexicon(tongue)) {
        let parts: Vec<&str> = phrase.split(' ').collect();
        if rest.len() >= parts.len() && parts.iter().zip(rest).all(|(p, w)| *p == w) {
            found.push((tok, parts.len()));
        }
    }
    if let Some((n, 1)) = tongue.read_number(&rest[..1]) {
        if (1..=8).contains(&n) {
            found.push((Tok::Rank(Rank::new(n - 1)), 1));
        }
    }
    found.dedup();
    found
}

/// Every way of taking `words` as a sequence of meanings; `None` when there are too many, or
/// when finding them would take too many steps (readings that die before the end count too:
/// words of two meanings each, `to to to …`, are noise, not a move).
fn readings(tongue: Tongue, words: &[String]) -> Option<Vec<Vec<Tok>>> {
    struct Walk<'a> {
        /// The meanings each word can start, found once.
        starts: &'a [Vec<(Tok, usize)>],
        steps: usize,
        out: Vec<Vec<Tok>>,
    }
    fn walk(w: &mut Walk<'_>, at: usize, so_far: &mut Vec<Tok>) -> bool {
        w.steps += 1;
        if w.steps > MOST_STEPS {
            return false;
        }
        if at == w.starts.len() {
            w.out.push(so_far.clone());
            return w.out.len() <= MOST_READINGS;
        }
        let starts = w.starts;
        for &(tok, len) in &starts[at] {
            so_far.push(tok);
            let fine = walk(w, at + len, so_far);
            so_far.pop();
            if !fine {
                return false;
            }
        }
        true
    }
    let starts: Vec<Vec<(Tok, usize)>> = (0..words.len())
        .map(|at| meanings(tongue, words, at))
        .collect();
    let mut w = Walk {
        starts: &starts,
        steps: 0,
        out: Vec::new(),
    };
    walk(&mut w, 0, &mut Vec::new()).then_some(w.out)
}

/// A move as words describe it, before it is matched against the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    Castle(Option<CastlingSide>),
    Move {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        en_passant: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

/// The move one sequence of meanings describes, if it is one: `[piece] [file] [rank] [capture]
/// file rank [en passant] [promotion]` with check and mate words at the end, or castling.
fn said(tokens: &[Tok]) -> Option<Said> {
    let mut t: Vec<Tok> = tokens
        .iter()
        .copied()
        .filter(|&tok| tok != Tok::Filler)
        .collect();
    while t.last() == Some(&Tok::Check) {
        t.pop();
    }
    if t.contains(&Tok::Castle) {
        let mut side = None;
        let mut castles = 0;
        for tok in t {
            match tok {
                Tok::Castle => castles += 1,
                Tok::Side(s) if side.is_none_or(|x| x == s) => side = Some(s),
                _ => return None,
            }
        }
        return (castles == 1).then_some(Said::Castle(side));
    }
    let (role, start) = match t.first() {
        Some(&Tok::Piece(r)) => (Some(r), 1),
        _ => (None, 0),
    };
    let mut end = t.len();
    let mut marker = false;
    if end > start && t[end - 1] == Tok::Promote {
        end -= 1;
        marker = true;
    }
    let mut promotion = None;
    if end > start {
        if let Tok::Piece(p) = t[end - 1] {
            promotion = Some(p);
            end -= 1;
            if end > start && t[end - 1] == Tok::Promote {
                end -= 1;
                marker = true;
            }
        }
    }
    if marker && promotion.is_none() {
        return None;
    }
    let mut en_passant = false;
    if end > start && t[end - 1] == Tok::EnPassant {
        en_passant = true;
        end -= 1;
    }
    if end < start + 2 {
        return None;
    }
    let (Tok::File(to_file), Tok::Rank(to_rank)) = (t[end - 2], t[end - 1]) else {
        return None;
    };
    let mut middle = t[start..end - 2].iter().peekable();
    let file = middle
        .next_if(|tok| matches!(tok, Tok::File(_)))
        .and_then(|tok| match tok {
            Tok::File(f) => Some(*f),
            _ => None,
        });
    let rank = middle
        .next_if(|tok| matches!(tok, Tok::Rank(_)))
        .and_then(|tok| match tok {
            Tok::Rank(r) => Some(*r),
            _ => None,
        });
    let capture = middle.next_if(|&&tok| tok == Tok::Capture).is_some();
    if middle.next_if(|&&tok| tok == Tok::EnPassant).is_some() {
        if en_passant {
            return None;
        }
        en_passant = true;
    }
    if middle.next().is_some() {
        return None;
    }
    let role = role.unwrap_or(Role::Pawn);
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(Said::Move {
        role,
        file,
        rank,
        capture,
        en_passant,
        to: Square::from_coords(to_file, to_rank),
        promotion,
    })
}

/// The legal moves `said` fits, and whether it would fit a promotion had the piece been said.
fn fitting(pos: &Chess, said: Said) -> (Vec<Move>, bool) {
    let legal = pos.legal_moves();
    match said {
        Said::Castle(side) => (
            legal
                .into_iter()
                .filter(|m| {
                    m.castling_side()
                        .is_some_and(|s| side.is_none_or(|x| x == s))
                })
                .collect(),
            false,
        ),
        Said::Move {
            role,
            file,
            rank,
            capture,
            en_passant,
            to,
            promotion,
        } => {
            // A pawn said without its file moves along it (`Bauer David fuenf` is never exd5).
            let file = match (role, file) {
                (Role::Pawn, None) if !capture => Some(to.file()),
                (_, f) => f,
            };
            let fits = |m: &Move| {
                !m.is_castle()
                    && m.role() == role
                    && m.to() == to
                    && m.from().is_some_and(|from| {
                        file.is_none_or(|f| f == from.file())
                            && rank.is_none_or(|r| r == from.rank())
                    })
                    && (!capture || m.is_capture())
                    && (!en_passant || m.is_en_passant())
            };
            let found: Vec<Move> = legal
                .iter()
                .filter(|m| fits(m) && m.promotion() == promotion)
                .copied()
                .collect();
            let promotes = promotion.is_none() && legal.iter().any(|m| fits(m) && m.is_promotion());
            (found, promotes)
        }
    }
}

/// The letter set whose SAN a text in `tongue` may be written in (`Sf3` in German).
fn letters_of(tongue: Tongue) -> LetterSet {
    match tongue {
        Tongue::German => LetterSet::German,
        Tongue::Turkish => LetterSet::Turkish,
        Tongue::English => LetterSet::English,
    }
}

/// Reads `text` as a legal move of `pos` spoken in `tongue`.
///
/// A text that is SAN (in the tongue's letters or English) or UCI is read as such, so a spoken
/// reading never gives `Bc4`, `be4` or `e2e4` a meaning of its own. Otherwise the words are read:
/// case, umlauts, Turkish letters with or without their marks, the Laws' and the letters' names
/// for the files, dictation mistakes the tongue knows; the piece word may be left out for a
/// pawn, check and mate words are ignored, a capture word (if said) asks for a capture.
pub fn read_spoken(pos: &Chess, text: &str, tongue: Tongue) -> Result<Move, ReadError> {
    for set in [letters_of(tongue), LetterSet::English] {
        if parse_san(text, set).is_some() {
            return read_san(pos, text, set).map_err(|e| spoken_error(pos, e, tongue));
        }
    }
    match read_uci(pos, text) {
        Err(ReadError::Unparseable) => {}
        read => return read,
    }
    let spaced: String = text
        .chars()
        .flat_map(|c| match c {
            '+' | '#' | '=' => vec![' ', c, ' '],
            '×' => vec![' ', 'x', ' '],
            c => vec![c],
        })
        .collect();
    let words = tongue.words(&spaced);
    let known = |w: &str| {
        COMMON
            .iter()
            .chain(lexicon(tongue))
            .any(|(phrase, _)| phrase.split(' ').any(|p| p == w))
            || tongue.read_number(&[w.to_owned()]).is_some()
    };
    let words = super::heard::respelled(tongue, words, known);
    if words.is_empty() || words.len() > MOST_WORDS {
        return Err(ReadError::Unparseable);
    }
    let mut described: Vec<Said> = Vec::new();
    for reading in readings(tongue, &words).ok_or(ReadError::Unparseable)? {
        if let Some(s) = said(&reading) {
            if !described.contains(&s) {
                described.push(s);
            }
        }
    }
    if described.is_empty() {
        return Err(ReadError::Unparseable);
    }
    let mut moves: Vec<Move> = Vec::new();
    let mut promotes = false;
    for s in described {
        let (found, p) = fitting(pos, s);
        promotes |= p;
        for m in found {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
    }
    match moves.as_slice() {
        [m] => Ok(*m),
        [] if promotes => Err(ReadError::PromotionMissing),
        [] => Err(ReadError::Illegal),
        _ => Err(ReadError::Ambiguous {
            candidates: moves
                .iter()
                .map(|&m| write_spoken(pos, m, tongue))
                .collect(),
        }),
    }
}

/// A SAN reading's error with its candidates spoken in `tongue`.
fn spoken_error(pos: &Chess, e: ReadError, tongue: Tongue) -> ReadError {
    match e {
        ReadError::Ambiguous { candidates } => ReadError::Ambiguous {
            candidates: candidates
                .iter()
                .map(|san| match read_san(pos, san, LetterSet::English) {
                    Ok(m) => write_spoken(pos, m, tongue),
                    Err(_) => san.clone(),
                })
                .collect(),
        },
        e => e,
    }
}
