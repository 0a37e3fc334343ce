//! What endgame tablebases say of a chess position, as the service's tables read it: the
//! decider takes it as an argument (the tables are files, outside the domain) and records it
//! with the result it gives, so that a later reader with the same tables can check it.

use serde::{Deserialize, Serialize};

/// The tables' win/draw/loss for the side to move, assuming the fifty-move counter starts at
/// zero in the position: a cursed win is won only beyond fifty moves without a capture or a
/// pawn move, a blessed loss is lost only so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wdl {
    Loss,
    BlessedLoss,
    Draw,
    CursedWin,
    Win,
}

impl Wdl {
    /// The value as the Syzygy format writes it, -2 (loss) to 2 (win).
    pub fn value(self) -> i8 {
        match self {
            Wdl::Loss => -2,
            Wdl::BlessedLoss => -1,
            Wdl::Draw => 0,
            Wdl::CursedWin => 1,
            Wdl::Win => 2,
        }
    }

    /// The value -2 to 2 as the Syzygy format writes it.
    pub fn of_value(value: i8) -> Option<Wdl> {
        Some(match value {
            -2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            2 => Wdl::Win,
            _ => return None,
        })
    }

    /// The game's result for the side to move where no fifty-move rule applies (ICCF's rule
    /// in tablebase positions): `Some(true)` won, `Some(false)` lost, `None` drawn.
    pub fn without_fifty_moves(self) -> Option<bool> {
        match self {
            Wdl::Win | Wdl::CursedWin => Some(true),
            Wdl::Loss | Wdl::BlessedLoss => Some(false),
            Wdl::Draw => None,
        }
    }
}

/// The tables' verdict on one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// For the side to move.
    pub wdl: Wdl,
    /// Distance to zeroing (a capture or a pawn move) in plies for the side to move, as the
    /// Syzygy tables count it (DTZ50''): positive when winning, negative when losing, 0 drawn;
    /// beyond 100 in size for a cursed win or a blessed loss (the zeroing move |n| − 100 plies
    /// away where the counter starts at zero).
    pub dtz: i32,
    /// Whether the table stores `dtz` rounded: the true distance may be one ply further from
    /// zero.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dtz_rounded: bool,
    /// The pieces on the board, kings included.
    pub pieces: u8,
    /// Which tables said it: their format and a digest of their files' names and sizes.
    pub tables: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_and_the_fifty_moves_do_not_save_a_cursed_position() {
        for v in -2..=2 {
            assert_eq!(Wdl::of_value(v).map(Wdl::value), Some(v));
        }
        assert_eq!(Wdl::of_value(3), None);
        assert_eq!(Wdl::CursedWin.without_fifty_moves(), Some(true));
        assert_eq!(Wdl::BlessedLoss.without_fifty_moves(), Some(false));
        assert_eq!(Wdl::Draw.without_fifty_moves(), None);
    }

    #[test]
    fn a_verdict_is_written_in_the_log_as_words() {
        let v = Verdict {
            wdl: Wdl::CursedWin,
            dtz: 107,
            dtz_rounded: false,
            pieces: 5,
            tables: "syzygy:0123456789abcdef".into(),
        };
        let text = serde_json::to_string(&v).unwrap();
        assert_eq!(
            text,
            r#"{"wdl":"cursed_win","dtz":107,"pieces":5,"tables":"syzygy:0123456789abcdef"}"#
        );
        assert_eq!(serde_json::from_str::<Verdict>(&text).unwrap(), v);
    }
}
