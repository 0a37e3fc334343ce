//! Reading and writing chess moves in every notation zarf's users type (Laws Art. 8, Appendix E3,
//! ICCF numeric): SAN with English, Turkish, German or French piece letters, UCI and ICCF numeric.
//!
//! Reading is tolerant in the ways the contract lists (`0-0`/`O-O`, `e8Q`/`e8=Q`, `exd6 e.p.`,
//! optional `x`, `+`, `#`) and strict everywhere else: a text that means two different legal moves
//! under the readings tried is ambiguous, never silently resolved.

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::san::{San, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use crate::game::spoken::Tongue;

/// The piece letters of one language (Appendix E3: each player may use their own country's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LetterSet {
    /// K Q R B N
    English,
    /// Ş V K F A (Şah, Vezir, Kale, Fil, At)
    Turkish,
    /// K D T L S
    German,
    /// R D T F C
    French,
}

impl LetterSet {
    pub const ALL: [LetterSet; 4] = [
        LetterSet::English,
        LetterSet::Turkish,
        LetterSet::German,
        LetterSet::French,
    ];

    /// The letter for a piece (pawns have none).
    pub const fn letter(self, role: Role) -> Option<char> {
        let letters: [char; 5] = match self {
            // king, queen, rook, bishop, knight
            LetterSet::English => ['K', 'Q', 'R', 'B', 'N'],
            LetterSet::Turkish => ['Ş', 'V', 'K', 'F', 'A'],
            LetterSet::German => ['K', 'D', 'T', 'L', 'S'],
            LetterSet::French => ['R', 'D', 'T', 'F', 'C'],
        };
        match role {
            Role::King => Some(letters[0]),
            Role::Queen => Some(letters[1]),
            Role::Rook => Some(letters[2]),
            Role::Bishop => Some(letters[3]),
            Role::Knight => Some(letters[4]),
            Role::Pawn => None,
        }
    }

    /// The piece a letter names in this set, if any. Lower-case letters are files, never pieces.
    pub fn role(self, c: char) -> Option<Role> {
        // Turkish users often type S for Ş on keyboards without it; in the Turkish set S names
        // nothing else, so it is read as the king.
        if self == LetterSet::Turkish && c == 'S' {
            return Some(Role::King);
        }
        // Figurines (either colour's glyph) mean the same piece in every language.
        if let Some(role) = figurine_role(c) {
            return Some(role);
        }
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .into_iter()
        .find(|&r| self.letter(r) == Some(c))
    }
}

/// How a move text is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Notation {
    #[serde(rename = "san")]
    San,
    #[serde(rename = "san-tr")]
    SanTr,
    #[serde(rename = "san-de")]
    SanDe,
    #[serde(rename = "san-fr")]
    SanFr,
    #[serde(rename = "uci")]
    Uci,
    #[serde(rename = "iccf")]
    Iccf,
    /// Words in German, as the Laws' appendix for blind players speaks them (`Springer Felix drei`).
    #[serde(rename = "spoken-de")]
    SpokenDe,
    /// Words in Turkish (`At f üç`).
    #[serde(rename = "spoken-tr")]
    SpokenTr,
    /// Words in English (`Knight f three`).
    #[serde(rename = "spoken-en")]
    SpokenEn,
}

impl Notation {
    pub const ALL: [Notation; 9] = [
        Notation::San,
        Notation::SanTr,
        Notation::SanDe,
        Notation::SanFr,
        Notation::Uci,
        Notation::Iccf,
        Notation::SpokenDe,
        Notation::SpokenTr,
        Notation::SpokenEn,
    ];

    /// The contract's name (`san`, `san-tr`, ... `iccf`, `spoken-de`, ...).
    pub const fn as_str(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::SanTr => "san-tr",
            Notation::SanDe => "san-de",
            Notation::SanFr => "san-fr",
            Notation::Uci => "uci",
            Notation::Iccf => "iccf",
            Notation::SpokenDe => "spoken-de",
            Notation::SpokenTr => "spoken-tr",
            Notation::SpokenEn => "spoken-en",
        }
    }

    pub fn parse(text: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.as_str() == text)
    }

    pub const fn letter_set(self) -> Option<LetterSet> {
        match self {
            Notation::San => Some(LetterSet::English),
            Notation::SanTr => Some(LetterSet::Turkish),
            Notation::SanDe => Some(LetterSet::German),
            Notation::SanFr => Some(LetterSet::French),
            Notation::Uci
            | Notation::Iccf
            | Notation::SpokenDe
            | Notation::SpokenTr
            | Notation::SpokenEn => None,
        }
    }

    /// The tongue a spoken notation reads; `None` for the written ones.
    pub const fn tongue(self) -> Option<Tongue> {
        match self {
            Notation::SpokenDe => Some(Tongue::German),
            Notation::SpokenTr => Some(Tongue::Turkish),
            Notation::SpokenEn => Some(Tongue::English),
            _ => None,
        }
    }

    /// The notation of moves spoken in `tongue` (`spoken-de`, `spoken-tr`, `spoken-en`).
    pub const fn spoken(tongue: Tongue) -> Notation {
        match tongue {
            Tongue::German => Notation::SpokenDe,
            Tongue::Turkish => Notation::SpokenTr,
            Tongue::English => Notation::SpokenEn,
        }
    }

    pub const fn for_letters(set: LetterSet) -> Notation {
        match set {
            LetterSet::English => Notation::San,
            LetterSet::Turkish => Notation::SanTr,
            LetterSet::German => Notation::SanDe,
            LetterSet::French => Notation::SanFr,
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

pub use crate::game::rules::{MoveText, MoveTextError, ReadError};

/// One reading of a text in one notation.
fn read_as(pos: &Chess, text: &str, notation: Notation) -> Result<Move, ReadError> {
    if let Some(tongue) = notation.tongue() {
        return read_spoken(pos, text, tongue);
    }
    match notation.letter_set() {
        Some(set) => read_san(pos, text, set),
        None if notation == Notation::Uci => read_uci(pos, text),
        None => read_iccf(pos, text),
    }
}

/// Reads `text` as one legal move of `pos`.
///
/// With an explicit `notation`, only that reading is tried. Without one, the readings are the
/// player's `preferred` notation, English SAN, UCI and ICCF numeric (the contract's order); if none
/// of them is a legal move, the other letter sets and the spoken readings in every tongue are
/// tried as well. Readings that agree on the same
/// move are one answer; readings that give different legal moves make the text ambiguous.
pub fn read_move(
    pos: &Chess,
    text: &MoveText,
    notation: Option<Notation>,
    preferred: Option<Notation>,
) -> Result<Move, ReadError> {
    if let Some(n) = notation {
        return read_as(pos, text.as_str(), n);
    }
    let mut first: Vec<Notation> = Vec::with_capacity(4);
    for n in preferred
        .into_iter()
        .chain([Notation::San, Notation::Uci, Notation::Iccf])
    {
        if !first.contains(&n) {
            first.push(n);
        }
    }
    let rest: Vec<Notation> = Notation::ALL
        .into_iter()
        .filter(|n| !first.contains(n))
        .collect();
    let mut worst = ReadError::Unparseable;
    for readings in [first, rest] {
        let mut found: Vec<Move> = Vec::new();
        for n in readings {
            match read_as(pos, text.as_str(), n) {
                Ok(m) => {
                    if !found.contains(&m) {
                        found.push(m);
                    }
                }
                Err(e) => worst = more_telling(worst, e),
            }
        }
        match found.len() {
            0 => continue,
            1 => return Ok(found[0]),
            _ => {
                return Err(ReadError::Ambiguous {
                    candidates: found.iter().map(|&m| write_pgn_san(pos, m)).collect(),
                })
            }
        }
    }
    Err(worst)
}

/// Of two failed readings, the one that tells the player more.
fn more_telling(a: ReadError, b: ReadError) -> ReadError {
    fn rank(e: &ReadError) -> u8 {
        match e {
            ReadError::Unparseable => 0,
            ReadError::Illegal => 1,
            ReadError::PromotionMissing => 2,
            ReadError::Ambiguous { .. } => 3,
        }
    }
    if rank(&b) > rank(&a) {
        b
    } else {
        a
    }
}

/// A SAN text taken apart, before it is matched against the legal moves.
#[derive(Debug, PartialEq, Eq)]
enum SanParts {
    Castle(CastlingSide),
    Piece {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Strips what SAN allows after a move: check and mate signs, `e.p.`, and annotation glyphs.
fn strip_suffixes(text: &str) -> &str {
    let mut s = text.trim();
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '!', '?']).trim_end();
        for ep in ["e.p.", "e.p", "ep", "e. p."] {
            let Some(cut) = s.len().checked_sub(ep.len()).filter(|&c| c > 0) else {
                continue;
            };
            // `get` rather than indexing: the text may hold multi-byte letters (Ş).
            if s.get(cut..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(ep))
            {
                // Only a separate word or a suffix after a square (`exd6ep`); never the `e` file.
                let rest = s[..cut].trim_end();
                if rest.ends_with(|c: char| c.is_ascii_digit()) {
                    s = rest;
                    break;
                }
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

fn parse_san(text: &str, set: LetterSet) -> Option<SanParts> {
    let s = strip_suffixes(text);
    let castle: String = s
        .chars()
        .map(|c| match c {
            '0' | 'o' => 'O',
            c => c,
        })
        .collect();
    match castle.as_str() {
        "O-O" | "OO" => return Some(SanParts::Castle(CastlingSide::KingSide)),
        "O-O-O" | "OOO" => return Some(SanParts::Castle(CastlingSide::QueenSide)),
        _ => {}
    }

    let mut chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    // Leading piece letter.
    let is_piece_mark = |c: char| c.is_uppercase() || figurine_role(c).is_some();
    let role = match chars.first() {
        Some(&c) if is_piece_mark(c) => {
            chars.remove(0);
            set.role(c)?
        }
        _ => Role::Pawn,
    };
    // Trailing promotion: `=Q`, `Q`, `/Q`, `(Q)`.
    let mut promotion = None;
    if chars.last() == Some(&')') {
        chars.pop();
        if chars.len() < 2 || chars[chars.len() - 2] != '(' {
            return None;
        }
        let c = chars.pop()?;
        chars.pop();
        promotion = Some(set.role(c)?);
    } else if let Some(&c) = chars.last() {
        if is_piece_mark(c) {
            chars.pop();
            promotion = Some(set.role(c)?);
            if matches!(chars.last(), Some('=') | Some('/')) {
                chars.pop();
            }
        }
    }
    // Remaining: [from file][from rank][x|:|-][to file][to rank]
    let mut capture = false;
    let mut body: Vec<char> = Vec::with_capacity(4);
    for c in chars {
        match c {
            'x' | ':' | '×' => {
                if capture {
                    return None;
                }
                capture = true;
            }
            '-' => {}
            'a'..='h' | '1'..='8' => body.push(c),
            _ => return None,
        }
    }
    if body.len() < 2 || body.len() > 4 {
        return None;
    }
    let to = square(body[body.len() - 2], body[body.len() - 1])?;
    let (file, rank) = match &body[..body.len() - 2] {
        [] => (None, None),
        [c] if c.is_ascii_lowercase() => (Some(file(*c)?), None),
        [c] => (None, Some(rank(*c)?)),
        [f, r] => (Some(file(*f)?), Some(rank(*r)?)),
        _ => return None,
    };
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(SanParts::Piece {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

fn file(c: char) -> Option<File> {
    ('a'..='h')
        .contains(&c)
        .then(|| File::new(u32::from(c) - u32::from('a')))
}

fn rank(c: char) -> Option<Rank> {
    ('1'..='8')
        .contains(&c)
        .then(|| Rank::new(u32::from(c) - u32::from('1')))
}

fn square(f: char, r: char) -> Option<Square> {
    Some(Square::from_coords(file(f)?, rank(r)?))
}

fn read_san(pos: &Chess, text: &str, set: LetterSet) -> Result<Move, ReadError> {
    let parts = parse_san(text, set).ok_or(ReadError::Unparseable)?;
    match parts {
        SanParts::Castle(side) => pos
            .castling_moves(side)
            .first()
            .copied()
            .ok_or(ReadError::Illegal),
        SanParts::Piece {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            // A pawn written without a file moves along its own file (`d5` never means `exd5`).
            let file = match (role, file) {
                (Role::Pawn, None) if !capture => Some(to.file()),
                (_, f) => f,
            };
            let candidates = |promotion_matters: bool| -> Vec<Move> {
                pos.legal_moves()
                    .into_iter()
                    .filter(|m| {
                        !m.is_castle()
                            && m.role() == role
                            && m.to() == to
                            && m.from().is_some_and(|from| {
                                file.is_none_or(|f| f == from.file())
                                    && rank.is_none_or(|r| r == from.rank())
                            })
                            && (!capture || m.is_capture())
                            && (!promotion_matters || m.promotion() == promotion)
                    })
                    .collect()
            };
            let found = candidates(true);
            match found.len() {
                1 => Ok(found[0]),
                0 if promotion.is_none() && candidates(false).iter().any(|m| m.is_promotion()) => {
                    Err(ReadError::PromotionMissing)
                }
                0 => Err(ReadError::Illegal),
                _ => Err(ReadError::Ambiguous {
                    candidates: found.iter().map(|&m| write_pgn_san(pos, m)).collect(),
                }),
            }
        }
    }
}

fn legal_from_uci(pos: &Chess, uci: UciMove) -> Result<Move, ReadError> {
    match uci.to_move(pos) {
        Ok(m) => Ok(m),
        Err(_) => {
            // Distinguish "e7e8" (promotion piece missing) from other illegal moves.
            if let UciMove::Normal {
                from,
                to,
                promotion: None,
            } = uci
            {
                let promotes = pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.from() == Some(from) && m.to() == to && m.is_promotion());
                if promotes {
                    return Err(ReadError::PromotionMissing);
                }
            }
            Err(ReadError::Illegal)
        }
    }
}

fn read_uci(pos: &Chess, text: &str) -> Result<Move, ReadError> {
    let t = text.trim().to_ascii_lowercase();
    if !(t.len() == 4 || t.len() == 5) || t == "0000" {
        return Err(ReadError::Unparseable);
    }
    let uci: UciMove = t.parse().map_err(|_| ReadError::Unparseable)?;
    if !matches!(uci, UciMove::Normal { .. }) {
        return Err(ReadError::Unparseable);
    }
    legal_from_uci(pos, uci)
}

/// ICCF numeric: file digit, rank digit, for from and to; castling as the king's move; a fifth
/// digit for promotion (1 queen, 2 rook, 3 bishop, 4 knight).
fn read_iccf(pos: &Chess, text: &str) -> Result<Move, ReadError> {
    let digits: Vec<u32> = text
        .trim()
        .chars()
        .map(|c| c.to_digit(10))
        .collect::<Option<_>>()
        .ok_or(ReadError::Unparseable)?;
    let sq = |f: u32, r: u32| -> Option<Square> {
        ((1..=8).contains(&f) && (1..=8).contains(&r))
            .then(|| Square::from_coords(File::new(f - 1), Rank::new(r - 1)))
    };
    let (from, to, promotion) = match digits.as_slice() {
        [a, b, c, d] => (sq(*a, *b), sq(*c, *d), None),
        [a, b, c, d, p] => {
            let role = match p {
                1 => Role::Queen,
                2 => Role::Rook,
                3 => Role::Bishop,
                4 => Role::Knight,
                _ => return Err(ReadError::Unparseable),
            };
            (sq(*a, *b), sq(*c, *d), Some(role))
        }
        _ => return Err(ReadError::Unparseable),
    };
    let (Some(from), Some(to)) = (from, to) else {
        return Err(ReadError::Unparseable);
    };
    legal_from_uci(
        pos,
        UciMove::Normal {
            from,
            to,
            promotion,
        },
    )
}

/// The piece a figurine letter (♔…♟, ♚…♞) stands for.
fn figurine_role(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        _ => None,
    }
}

mod spoken;
mod uci;
mod write;

pub use spoken::{
    file_word, piece_word, rank_word, read_spoken, spoken_board, spoken_position, square_words,
    write_spoken,
};

pub use uci::{uci_unchecked, ParseUciError, Uci};
pub use write::{write_move, write_pgn_san, MoveStyle};

#[cfg(test)]
mod tests;
