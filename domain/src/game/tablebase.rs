//! What endgame tablebases say of a chess position, and how an event lets them decide a game.
//! The tables are files, outside the domain: the service hands the decider a [`Tables`] lookup
//! in its context, for a game whose rule is not `off`, and the decider records each verdict it
//! acts on in the log, so that folding never asks the tables and a later reader with the same
//! set can check every tablebase result.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::rules::Rules;

/// How a game's event lets the tables decide it, chosen when the game is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TablebaseRule {
    /// The tables decide nothing (FIDE's Laws).
    #[default]
    Off,
    /// The player to move may claim the tables' result, on the position or on an intended move
    /// (ICCF); the fifty- and seventy-five-move rules do not apply where the tables hold the
    /// position.
    Claim,
    /// The game ends with the tables' result on the move that reaches a position they hold (as
    /// LSS does); claims as under `Claim`, for a set-up position already in the tables.
    Automatic,
}

impl TablebaseRule {
    pub const ALL: [TablebaseRule; 3] = [
        TablebaseRule::Off,
        TablebaseRule::Claim,
        TablebaseRule::Automatic,
    ];

    /// Its name in the API.
    pub const fn as_str(self) -> &'static str {
        match self {
            TablebaseRule::Off => "off",
            TablebaseRule::Claim => "claim",
            TablebaseRule::Automatic => "automatic",
        }
    }

    /// The rule named `text` (as the API writes it).
    pub fn parse(text: &str) -> Option<TablebaseRule> {
        TablebaseRule::ALL.into_iter().find(|r| r.as_str() == text)
    }

    pub fn is_off(&self) -> bool {
        *self == TablebaseRule::Off
    }
}

/// What a player claims by the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TablebaseClaim {
    /// The claimer wins (a cursed win too: the fifty-move rule does not apply).
    Win,
    Draw,
}

impl TablebaseClaim {
    /// Its name in the API's claims (`tablebase_win`, `tablebase_draw`).
    pub const fn as_str(self) -> &'static str {
        match self {
            TablebaseClaim::Win => "tablebase_win",
            TablebaseClaim::Draw => "tablebase_draw",
        }
    }

    /// The claim named `text` (as the API writes it).
    pub fn parse(text: &str) -> Option<TablebaseClaim> {
        [TablebaseClaim::Win, TablebaseClaim::Draw]
            .into_iter()
            .find(|c| c.as_str() == text)
    }
}

/// The operator's tables as the decider asks them: a lookup in fixed data, so the same position
/// always has the same answer. None where they do not hold the position.
pub trait Tables<R: Rules>: fmt::Debug + Send + Sync {
    fn probe(&self, position: &R::Position) -> Option<Verdict>;
}

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

impl Verdict {
    /// The result for the side to move, where no fifty-move rule applies: `Some(true)` won,
    /// `Some(false)` lost, `None` drawn.
    pub fn for_side_to_move(&self) -> Option<bool> {
        self.wdl.without_fifty_moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_claims_read_back_from_their_names() {
        for rule in TablebaseRule::ALL {
            assert_eq!(TablebaseRule::parse(rule.as_str()), Some(rule));
        }
        assert_eq!(TablebaseRule::parse("Claim"), None);
        assert_eq!(TablebaseRule::parse(""), None);
        assert_eq!(TablebaseRule::default(), TablebaseRule::Off);
        assert_eq!(
            TablebaseClaim::parse("tablebase_win"),
            Some(TablebaseClaim::Win)
        );
        assert_eq!(
            TablebaseClaim::parse("tablebase_draw"),
            Some(TablebaseClaim::Draw)
        );
        assert_eq!(TablebaseClaim::parse("win"), None);
    }

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
