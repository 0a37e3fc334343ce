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
}

impl Notation {
    pub const ALL: [Notation; 6] = [
        Notation::San,
        Notation::SanTr,
        Notation::SanDe,
        Notation::SanFr,
        Notation::Uci,
        Notation::Iccf,
    ];

    /// The contract's name (`san`, `san-tr`, ... `iccf`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::SanTr => "san-tr",
            Notation::SanDe => "san-de",
            Notation::SanFr => "san-fr",
            Notation::Uci => "uci",
            Notation::Iccf => "iccf",
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
            Notation::Uci | Notation::Iccf => None,
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
/// of them is a legal move, the other letter sets are tried as well. Readings that agree on the same
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

/// How to write a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveStyle {
    /// PGN SAN: English letters, `O-O`, `e8=Q`, `+`/`#` (what the API's `moves` list uses).
    Pgn,
    /// FIDE SAN as written on a score sheet (Appendix C/E): the given letters, `0-0`, `e8Q`,
    /// `exd6 e.p.`, `+`/`#`.
    Fide(LetterSet),
    /// Figurine algebraic: ♔♕♖♗♘ for the pieces, otherwise as PGN.
    Figurine,
    /// Long algebraic: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`.
    Long,
    /// ICCF numeric: `5254`, castling `5171`, promotion `57581`.
    Iccf,
    /// UCI: `e2e4`, `e1g1`, `e7e8q`.
    Uci,
}

/// The check or mate sign the move gives, found by playing it on a copy.
fn suffix_after(pos: &Chess, m: Move) -> Option<Suffix> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    Suffix::from_position(&after)
}

fn push_square(out: &mut String, sq: Square) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}

/// Writes `m` (a legal move of `pos`) in `style`.
pub fn write_move(pos: &Chess, m: Move, style: MoveStyle) -> String {
    let mut out = String::with_capacity(10);
    match style {
        MoveStyle::Uci => {
            UciMove::from_standard(m).append_to_string(&mut out);
            return out;
        }
        MoveStyle::Iccf => {
            let (from, to) = match UciMove::from_standard(m) {
                UciMove::Normal { from, to, .. } => (from, to),
                _ => unreachable!("standard chess has no drops"),
            };
            for sq in [from, to] {
                out.push(char::from_digit(u32::from(sq.file()) + 1, 10).unwrap_or('?'));
                out.push(char::from_digit(u32::from(sq.rank()) + 1, 10).unwrap_or('?'));
            }
            if let Some(p) = m.promotion() {
                out.push(match p {
                    Role::Queen => '1',
                    Role::Rook => '2',
                    Role::Bishop => '3',
                    _ => '4',
                });
            }
            return out;
        }
        MoveStyle::Long => {
            if let Some(side) = m.castling_side() {
                out.push_str(castle_text(side, 'O'));
            } else {
                if let Some(l) = LetterSet::English.letter(m.role()) {
                    out.push(l);
                }
                if let Some(from) = m.from() {
                    push_square(&mut out, from);
                }
                out.push(if m.is_capture() { 'x' } else { '-' });
                push_square(&mut out, m.to());
                if let Some(p) = m.promotion() {
                    out.push('=');
                    out.push(LetterSet::English.letter(p).unwrap_or('?'));
                }
            }
        }
        MoveStyle::Pgn | MoveStyle::Fide(_) | MoveStyle::Figurine => {
            let letter = |role: Role| -> Option<char> {
                match style {
                    MoveStyle::Fide(set) => set.letter(role),
                    MoveStyle::Figurine => figurine(role),
                    _ => LetterSet::English.letter(role),
                }
            };
            match San::from_move(pos, m) {
                San::Castle(side) => out.push_str(castle_text(
                    side,
                    if matches!(style, MoveStyle::Fide(_)) {
                        '0'
                    } else {
                        'O'
                    },
                )),
                San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                } => {
                    if let Some(l) = letter(role) {
                        out.push(l);
                    }
                    if let Some(f) = file {
                        out.push(f.char());
                    }
                    if let Some(r) = rank {
                        out.push(r.char());
                    }
                    if capture {
                        out.push('x');
                    }
                    push_square(&mut out, to);
                    if let Some(p) = promotion {
                        if !matches!(style, MoveStyle::Fide(_)) {
                            out.push('=');
                        }
                        out.push(letter(p).unwrap_or('?'));
                    }
                    if m.is_en_passant() && matches!(style, MoveStyle::Fide(_)) {
                        out.push_str(" e.p.");
                    }
                }
                San::Put { .. } | San::Null => unreachable!("standard chess has no drops"),
            }
        }
    }
    match suffix_after(pos, m) {
        Some(Suffix::Check) => out.push('+'),
        Some(Suffix::Checkmate) => out.push('#'),
        None => {}
    }
    out
}

/// PGN SAN of a legal move (English letters, `O-O`, `e8=Q`, with `+`/`#`).
pub fn write_pgn_san(pos: &Chess, m: Move) -> String {
    write_move(pos, m, MoveStyle::Pgn)
}

fn castle_text(side: CastlingSide, zero: char) -> &'static str {
    match (side, zero) {
        (CastlingSide::KingSide, '0') => "0-0",
        (CastlingSide::QueenSide, '0') => "0-0-0",
        (CastlingSide::KingSide, _) => "O-O",
        (CastlingSide::QueenSide, _) => "O-O-O",
    }
}

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

fn figurine(role: Role) -> Option<char> {
    match role {
        Role::King => Some('♔'),
        Role::Queen => Some('♕'),
        Role::Rook => Some('♖'),
        Role::Bishop => Some('♗'),
        Role::Knight => Some('♘'),
        Role::Pawn => None,
    }
}

/// A move in UCI form as a log stores it: from, to and promotion, validated when read, so a
/// fold only looks at the board. Serialised as the UCI text (`e2e4`, `e7e8q`, castling `e1g1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci {
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

/// Why a text is not a UCI move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a UCI move (e.g. e2e4, e7e8q)")]
pub struct ParseUciError;

impl Uci {
    pub fn parse(text: &str) -> Result<Uci, ParseUciError> {
        match text.parse::<UciMove>() {
            Ok(UciMove::Normal {
                from,
                to,
                promotion,
            }) if text.len() <= 5
                && promotion != Some(Role::Pawn)
                && promotion != Some(Role::King) =>
            {
                Ok(Uci {
                    from,
                    to,
                    promotion,
                })
            }
            _ => Err(ParseUciError),
        }
    }

    /// The UCI form of a standard-chess move (castling as the king's two-square move).
    pub fn of(m: Move) -> Uci {
        match UciMove::from_standard(m) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => Uci {
                from,
                to,
                promotion,
            },
            _ => unreachable!("standard chess has no drops or null moves"),
        }
    }

    /// The code a log keeps for this move.
    pub fn code(self) -> crate::game::MoveCode {
        crate::game::MoveCode::parse(&self.to_string()).expect("a UCI move is a short ASCII code")
    }

    /// Builds the move this names in `pos` without checking legality: for replaying a log whose
    /// moves `decide` already judged. `None` if no piece stands on the from-square.
    pub fn to_move_unchecked(self, pos: &Chess) -> Option<Move> {
        let Uci {
            from,
            to,
            promotion,
        } = self;
        let board = pos.board();
        let role = board.role_at(from)?;
        let m = if role == Role::King
            && from.file().distance(to.file()) == 2
            && from.rank() == to.rank()
        {
            let rook_file = if to.file() > from.file() {
                File::H
            } else {
                File::A
            };
            Move::Castle {
                king: from,
                rook: Square::from_coords(rook_file, from.rank()),
            }
        } else if role == Role::Pawn && from.file() != to.file() && !board.occupied().contains(to) {
            Move::EnPassant { from, to }
        } else {
            Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion,
            }
        };
        Some(m)
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        UciMove::Normal {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
        .fmt(f)
    }
}

impl Serialize for Uci {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Uci {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Uci::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Builds the move a UCI text names without checking legality (see [`Uci::to_move_unchecked`]).
pub fn uci_unchecked(pos: &Chess, uci: &str) -> Option<Move> {
    Uci::parse(uci).ok()?.to_move_unchecked(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn text(t: &str) -> MoveText {
        MoveText::parse(t).unwrap()
    }

    fn read(p: &Chess, t: &str, n: Option<Notation>) -> Result<String, ReadError> {
        read_move(p, &text(t), n, None).map(|m| write_pgn_san(p, m))
    }

    #[test]
    fn move_text_is_trimmed_short_and_clean() {
        assert_eq!(MoveText::parse("  e4 ").unwrap().as_str(), "e4");
        assert_eq!(MoveText::parse("   "), Err(MoveTextError::Empty));
        assert_eq!(
            MoveText::parse(&"a".repeat(65)),
            Err(MoveTextError::TooLong { max: 64 })
        );
        assert_eq!(
            MoveText::parse("e2\u{0}e4"),
            Err(MoveTextError::ControlCharacter)
        );
    }

    #[test]
    fn english_san_is_read_tolerantly() {
        let p = shakmaty::Chess::default();
        for t in ["e4", "e2e4", "e2-e4", "e4!", "e4!?", " e4 "] {
            assert_eq!(read(&p, t, Some(Notation::San)), Ok("e4".into()), "{t}");
        }
        assert_eq!(read(&p, "Nf3", None), Ok("Nf3".into()));
        assert_eq!(read(&p, "Ng1-f3", None), Ok("Nf3".into()));
        assert_eq!(read(&p, "Ng1f3", None), Ok("Nf3".into()));
    }

    #[test]
    fn castling_with_zeros_or_letters() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for t in ["0-0", "O-O", "o-o", "0-0+", "OO"] {
            assert_eq!(read(&p, t, None), Ok("O-O".into()), "{t}");
        }
        for t in ["0-0-0", "O-O-O", "o-o-o"] {
            assert_eq!(read(&p, t, None), Ok("O-O-O".into()), "{t}");
        }
        // As the king's move in UCI and ICCF.
        assert_eq!(read(&p, "e1g1", Some(Notation::Uci)), Ok("O-O".into()));
        assert_eq!(read(&p, "5171", Some(Notation::Iccf)), Ok("O-O".into()));
        assert_eq!(read(&p, "5131", None), Ok("O-O-O".into()));
    }

    #[test]
    fn promotion_forms_and_the_missing_piece() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        for t in ["e8=Q", "e8Q", "e8/Q", "e8(Q)", "e7e8q", "57581", "e8=Q+"] {
            assert_eq!(read(&p, t, None), Ok("e8=Q".into()), "{t}");
        }
        assert_eq!(
            read(&p, "e8V", Some(Notation::SanTr)),
            Ok("e8=Q".into()),
            "Turkish vezir"
        );
        assert_eq!(read(&p, "e8A", Some(Notation::SanTr)), Ok("e8=N".into()));
        assert_eq!(read(&p, "57584", None), Ok("e8=N".into()));
        // Art. 3.7.5: a pawn move to the last rank without a choice is incomplete.
        assert_eq!(read(&p, "e8", None), Err(ReadError::PromotionMissing));
        assert_eq!(read(&p, "e7e8", None), Err(ReadError::PromotionMissing));
        assert_eq!(read(&p, "5758", None), Err(ReadError::PromotionMissing));
        // Promotion to a king is no move in English...
        assert_eq!(
            read(&p, "e8=K", Some(Notation::San)),
            Err(ReadError::Illegal)
        );
        // ...and with no notation named, the Turkish reading (K = Kale, a rook) is the one that
        // means a legal move.
        assert_eq!(read(&p, "e8K", None), Ok("e8=R".into()));
    }

    #[test]
    fn en_passant_written_fide_style() {
        // After 1. e4 a6 2. e5 d5: exd6 e.p. is legal.
        let p = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        for t in [
            "exd6 e.p.",
            "exd6e.p.",
            "exd6 ep",
            "exd6",
            "ed6",
            "e5d6",
            "5546",
        ] {
            assert_eq!(read(&p, t, None), Ok("exd6".into()), "{t}");
        }
    }

    #[test]
    fn optional_capture_sign_and_pawn_files() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(read(&p, "exd5", None), Ok("exd5".into()));
        assert_eq!(read(&p, "ed5", None), Ok("exd5".into()));
        assert_eq!(read(&p, "e:d5", None), Ok("exd5".into()));
        // `d5` is a push on the d-file, never the capture from e4.
        assert_eq!(read(&p, "d5", None), Err(ReadError::Illegal));
        assert_eq!(read(&p, "e5", None), Ok("e5".into()));
        // An `x` on a move that captures nothing is not that move.
        assert_eq!(read(&p, "exe5", None), Err(ReadError::Illegal));
    }

    #[test]
    fn turkish_german_french_letters() {
        let p = shakmaty::Chess::default();
        assert_eq!(read(&p, "Af3", Some(Notation::SanTr)), Ok("Nf3".into()));
        assert_eq!(read(&p, "Sf3", Some(Notation::SanDe)), Ok("Nf3".into()));
        assert_eq!(read(&p, "Cf3", Some(Notation::SanFr)), Ok("Nf3".into()));
        assert_eq!(read(&p, "♘f3", None), Ok("Nf3".into()), "figurine");
        assert_eq!(read(&p, "♞f3", Some(Notation::SanTr)), Ok("Nf3".into()));
        // Without a notation, the other letter sets are tried once the first readings fail.
        assert_eq!(read(&p, "Af3", None), Ok("Nf3".into()));
        assert_eq!(read(&p, "Cc3", None), Ok("Nc3".into()));
        // Turkish K is Kale (rook): the Appendix E example's `Ke8`.
        let p = pos("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(read(&p, "Kf8", Some(Notation::SanTr)), Ok("Rf8".into()));
        assert_eq!(read(&p, "Kd8", Some(Notation::SanTr)), Ok("Rd8".into()));
        assert_eq!(read(&p, "Kg8", Some(Notation::SanTr)), Ok("Rg8".into()));
        assert_eq!(read(&p, "Kc8", Some(Notation::SanTr)), Ok("Rc8".into()));
        assert_eq!(read(&p, "Şf8", Some(Notation::SanTr)), Ok("Kf8".into()));
        assert_eq!(read(&p, "Kd8", Some(Notation::San)), Ok("Kd8".into()));
    }

    #[test]
    fn two_readings_that_disagree_are_ambiguous() {
        // Black: king e8, rooks a8 and h8. `Kd8` is the king in English and the a8 rook in
        // Turkish; `Kf8` is the king in English and the h8 rook in Turkish.
        let p = pos("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
        let e = read_move(&p, &text("Kd8"), None, Some(Notation::SanTr)).unwrap_err();
        assert_eq!(
            e,
            ReadError::Ambiguous {
                candidates: vec!["Rd8".into(), "Kd8".into()]
            }
        );
        // An explicit notation is honoured.
        let m = read_move(&p, &text("Kd8"), Some(Notation::SanTr), None).unwrap();
        assert_eq!(write_pgn_san(&p, m), "Rd8");
        // Readings that agree are one answer: e2e4 as SAN (long form) and as UCI.
        assert_eq!(read(&Chess::default(), "e2e4", None), Ok("e4".into()));
    }

    #[test]
    fn ambiguity_within_one_reading() {
        let p = pos("4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1");
        assert_eq!(
            read(&p, "Nd2", None),
            Err(ReadError::Ambiguous {
                candidates: vec!["Nbd2".into(), "Nfd2".into()]
            })
        );
        assert_eq!(read(&p, "Nbd2", None), Ok("Nbd2".into()));
    }

    #[test]
    fn garbage_is_unparseable() {
        let p = shakmaty::Chess::default();
        for t in [
            "hello", "e9", "Zf3", "9999", "e2e4e4", "x", "=Q", "O-O-O-O", "e.p.",
        ] {
            assert_eq!(read(&p, t, None), Err(ReadError::Unparseable), "{t}");
        }
        assert_eq!(read(&p, "e5", None), Err(ReadError::Illegal));
        assert_eq!(
            read(&p, "Nf3", Some(Notation::Uci)),
            Err(ReadError::Unparseable)
        );
    }

    #[test]
    fn writes_every_style() {
        let p = pos("r3kn1r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let m = |t: &str| read_move(&p, &text(t), None, None).unwrap();
        let cases = [
            ("O-O", MoveStyle::Pgn, "O-O"),
            ("O-O", MoveStyle::Fide(LetterSet::Turkish), "0-0"),
            ("O-O", MoveStyle::Iccf, "5171"),
            ("O-O", MoveStyle::Uci, "e1g1"),
            ("O-O", MoveStyle::Long, "O-O"),
            ("exd6", MoveStyle::Fide(LetterSet::English), "exd6 e.p."),
            ("exd6", MoveStyle::Long, "e5xd6"),
            ("exf8=N", MoveStyle::Pgn, "exf8=N"),
            ("exf8=N", MoveStyle::Fide(LetterSet::Turkish), "exf8A"),
            ("exf8=N", MoveStyle::Fide(LetterSet::French), "exf8C"),
            ("exf8=Q", MoveStyle::Pgn, "exf8=Q+"),
            ("exf8=Q", MoveStyle::Figurine, "exf8=♕+"),
            ("exf8=Q", MoveStyle::Iccf, "57681"),
            ("exf8=Q", MoveStyle::Uci, "e7f8q"),
            ("Ra8", MoveStyle::Fide(LetterSet::German), "Txa8+"),
            ("Rxa8", MoveStyle::Fide(LetterSet::Turkish), "Kxa8+"),
            ("Rxa8", MoveStyle::Long, "Ra1xa8+"),
            ("Kd2", MoveStyle::Fide(LetterSet::French), "Rd2"),
            ("Kd2", MoveStyle::Fide(LetterSet::Turkish), "Şd2"),
        ];
        for (t, style, want) in cases {
            assert_eq!(write_move(&p, m(t), style), want, "{t} {style:?}");
        }
    }

    #[test]
    fn pgn_style_matches_shakmaty() {
        let p = pos("r3k2r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        for m in p.legal_moves() {
            let ours = write_pgn_san(&p, m);
            let theirs = shakmaty::san::SanPlus::from_move(p.clone(), m).to_string();
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn uci_unchecked_rebuilds_the_same_moves() {
        let p = pos("r3k2r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        for m in p.legal_moves() {
            let uci = write_move(&p, m, MoveStyle::Uci);
            assert_eq!(uci_unchecked(&p, &uci), Some(m), "{uci}");
        }
        assert_eq!(uci_unchecked(&p, "e3e4"), None, "no piece on e3");
        assert_eq!(uci_unchecked(&p, "zz"), None);
        for bad in ["e2e4x", "e7e8k", "e7e8p", "0000", "Q@e4", "e2e4q5", ""] {
            assert_eq!(Uci::parse(bad), Err(ParseUciError), "{bad}");
        }
        let u = Uci::parse("e7e8q").unwrap();
        assert_eq!(u.to_string(), "e7e8q");
        assert_eq!(serde_json::to_string(&u).unwrap(), "\"e7e8q\"");
        assert!(serde_json::from_str::<Uci>("\"e7e8k\"").is_err());
        let _ = EnPassantMode::Legal;
    }
}
