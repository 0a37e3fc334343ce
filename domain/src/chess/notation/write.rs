//! Writing a chess move in each style: SAN in every letter set, figurines, UCI, ICCF numeric.

use super::*;

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
