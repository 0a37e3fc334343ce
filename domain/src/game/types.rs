//! The vocabulary shared by commands, events and state. Every serde name here is stored in event
//! logs for years: renaming one needs an upcaster (see `event.rs`).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ids::PlayerId;

/// A moment, as given to `decide` by the caller (the domain never reads a clock).
pub type Timestamp = time::OffsetDateTime;

/// White or black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which text of the Laws judges a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleSet {
    /// FIDE Laws of Chess, 2023: automatic fivefold and 75-move draws (9.6).
    #[default]
    Fide2023,
    /// FIDE Laws of Chess, 2005 (the Turkish federation's translation): no automatic draws.
    Fide2005,
}

impl RuleSet {
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleSet::Fide2023 => "fide2023",
            RuleSet::Fide2005 => "fide2005",
        }
    }

    pub fn parse(text: &str) -> Option<RuleSet> {
        match text {
            "fide2023" => Some(RuleSet::Fide2023),
            "fide2005" => Some(RuleSet::Fide2005),
            _ => None,
        }
    }

    /// 9.6.1 / 9.6.2 (2023 only).
    pub const fn has_automatic_draws(self) -> bool {
        matches!(self, RuleSet::Fide2023)
    }
}

/// The score of a finished game (Art. 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    pub const fn win_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    pub const fn winner(self) -> Option<Side> {
        match self {
            GameResult::WhiteWins => Some(Side::White),
            GameResult::BlackWins => Some(Side::Black),
            GameResult::Draw => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended: the contract's `termination` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    Checkmate,
    Resignation,
    Stalemate,
    DeadPosition,
    Agreement,
    ThreefoldRepetition,
    FiftyMoves,
    FivefoldRepetition,
    SeventyfiveMoves,
    TimeForfeit,
    InsufficientMaterialOnTime,
    SealedMoveInvalid,
    LateForResumption,
    ArbiterDecision,
}

impl Termination {
    pub const ALL: [Termination; 14] = [
        Termination::Checkmate,
        Termination::Resignation,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::Agreement,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoves,
        Termination::FivefoldRepetition,
        Termination::SeventyfiveMoves,
        Termination::TimeForfeit,
        Termination::InsufficientMaterialOnTime,
        Termination::SealedMoveInvalid,
        Termination::LateForResumption,
        Termination::ArbiterDecision,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead_position",
            Termination::Agreement => "agreement",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::SeventyfiveMoves => "seventyfive_moves",
            Termination::TimeForfeit => "time_forfeit",
            Termination::InsufficientMaterialOnTime => "insufficient_material_on_time",
            Termination::SealedMoveInvalid => "sealed_move_invalid",
            Termination::LateForResumption => "late_for_resumption",
            Termination::ArbiterDecision => "arbiter_decision",
        }
    }

    /// The PGN `Termination` tag value (PGN standard 9.8.1).
    pub const fn pgn_tag(self) -> &'static str {
        match self {
            Termination::TimeForfeit
            | Termination::InsufficientMaterialOnTime
            | Termination::LateForResumption => "time forfeit",
            Termination::SealedMoveInvalid => "rules infraction",
            Termination::ArbiterDecision => "adjudication",
            _ => "normal",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A draw claim's ground (9.2, 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    ThreefoldRepetition,
    FiftyMoves,
}

impl ClaimKind {
    pub const fn termination(self) -> Termination {
        match self {
            ClaimKind::ThreefoldRepetition => Termination::ThreefoldRepetition,
            ClaimKind::FiftyMoves => Termination::FiftyMoves,
        }
    }
}

/// Who did something: the acting account in a role, or the service itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// Acting as a player (in a game, as one of its sides).
    Player(PlayerId),
    /// Acting as the event's arbiter or organiser.
    Arbiter(PlayerId),
    /// The instance administrator.
    Admin,
    /// The service acting on its own (the scheduler: flag falls, lateness).
    System,
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Player(id) => write!(f, "player:{id}"),
            Actor::Arbiter(id) => write!(f, "arbiter:{id}"),
            Actor::Admin => f.write_str("admin"),
            Actor::System => f.write_str("system"),
        }
    }
}

impl Actor {
    /// Parses the stored form written by `Display`.
    pub fn parse(text: &str) -> Option<Actor> {
        match text {
            "admin" => Some(Actor::Admin),
            "system" => Some(Actor::System),
            _ => {
                let (kind, id) = text.split_once(':')?;
                let id = PlayerId::parse(id).ok()?;
                match kind {
                    "player" => Some(Actor::Player(id)),
                    "arbiter" => Some(Actor::Arbiter(id)),
                    _ => None,
                }
            }
        }
    }
}

impl Serialize for Actor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Actor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Actor::parse(&text).ok_or_else(|| serde::de::Error::custom("not an actor"))
    }
}

/// A side's player as recorded at the game's creation (names as they were then, Appendix A2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub id: PlayerId,
    pub name: String,
}

/// A language of messages and notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Locale {
    #[default]
    En,
    Tr,
}

impl Locale {
    pub fn parse(text: &str) -> Option<Locale> {
        match text {
            "en" => Some(Locale::En),
            "tr" => Some(Locale::Tr),
            _ => None,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Tr => "tr",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_are_the_contracts() {
        for t in Termination::ALL {
            assert_eq!(
                serde_json::to_value(t).unwrap(),
                serde_json::Value::String(t.as_str().into())
            );
        }
        assert_eq!(
            serde_json::to_string(&GameResult::Draw).unwrap(),
            "\"1/2-1/2\""
        );
        assert_eq!(
            serde_json::to_string(&RuleSet::Fide2005).unwrap(),
            "\"fide2005\""
        );
        assert_eq!(serde_json::to_string(&Side::Black).unwrap(), "\"black\"");
        assert_eq!(
            serde_json::to_string(&ClaimKind::FiftyMoves).unwrap(),
            "\"fifty_moves\""
        );
    }

    #[test]
    fn actor_round_trips() {
        let id = PlayerId::parse("0190a5b2-7c3e-7f00-8000-00000000002a").unwrap();
        for a in [
            Actor::Player(id),
            Actor::Arbiter(id),
            Actor::Admin,
            Actor::System,
        ] {
            assert_eq!(Actor::parse(&a.to_string()), Some(a));
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Actor>(&json).unwrap(), a);
        }
        for bad in [
            "",
            "player:",
            "player:42",
            "king:0190a5b2-7c3e-7f00-8000-00000000002a",
        ] {
            assert_eq!(Actor::parse(bad), None, "{bad}");
        }
    }
}
