//! UCI moves as the log stores them.

use super::*;

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
