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

/// The rule set a game is judged by, by the name its log stores: one of the game's own
/// ([`crate::game::Rules::rule_sets`]; chess: `fide2023`, the FIDE Laws of 2023 with their
/// automatic fivefold and 75-move draws, and `fide2005`, the Turkish federation's translation of
/// 2005 without them; checkers: `wcdf`). 1 to 16 lower-case ASCII letters and digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    len: u8,
    bytes: [u8; RuleSet::MAX_LEN],
}

impl RuleSet {
    pub const MAX_LEN: usize = 16;

    /// FIDE Laws of Chess, 2023: automatic fivefold and 75-move draws (9.6).
    pub const FIDE_2023: RuleSet = RuleSet::named("fide2023");
    /// FIDE Laws of Chess, 2005 (the Turkish federation's translation): no automatic draws.
    pub const FIDE_2005: RuleSet = RuleSet::named("fide2005");

    /// A rule set by a name known to be well formed (the games' own constants).
    pub const fn named(name: &str) -> RuleSet {
        let b = name.as_bytes();
        assert!(!b.is_empty() && b.len() <= RuleSet::MAX_LEN);
        let mut bytes = [0; RuleSet::MAX_LEN];
        let mut i = 0;
        while i < b.len() {
            assert!(b[i].is_ascii_lowercase() || b[i].is_ascii_digit());
            bytes[i] = b[i];
            i += 1;
        }
        RuleSet {
            len: b.len() as u8,
            bytes,
        }
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)])
            .expect("a rule set's name is ASCII by construction")
    }

    /// A well-formed name; whether the game is played by it is for its rules to say.
    pub fn parse(text: &str) -> Option<RuleSet> {
        let ok = !text.is_empty()
            && text.len() <= RuleSet::MAX_LEN
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        ok.then(|| RuleSet::named(text))
    }
}

impl Default for RuleSet {
    /// Chess's default, as logs written before there was more than one game hold it.
    fn default() -> RuleSet {
        RuleSet::FIDE_2023
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RuleSet({})", self.as_str())
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        RuleSet::parse(&text).ok_or_else(|| serde::de::Error::custom("not a rule set's name"))
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
    /// The side to move had no legal move, or no piece left (checkers).
    NoMoves,
    /// Checkers: forty moves by each player without progress, claimed.
    FortyMoves,
    /// Checkers: sixty moves by each player without progress, by itself.
    SixtyMoves,
    /// Dama: one piece against one, a draw at once.
    OnePieceEach,
    /// Dama: moves by each player without a man's move or a capture, claimed or by itself.
    NoProgress,
    /// Tavla: a side reached the match's length in points.
    MatchWon,
    /// Chess: the endgame tablebases' result, claimed or by itself, as the event's rule has it.
    Tablebase,
    TimeForfeit,
    InsufficientMaterialOnTime,
    SealedMoveInvalid,
    LateForResumption,
    ArbiterDecision,
}

impl Termination {
    pub const ALL: [Termination; 21] = [
        Termination::Checkmate,
        Termination::Resignation,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::Agreement,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoves,
        Termination::FivefoldRepetition,
        Termination::SeventyfiveMoves,
        Termination::NoMoves,
        Termination::FortyMoves,
        Termination::SixtyMoves,
        Termination::OnePieceEach,
        Termination::NoProgress,
        Termination::MatchWon,
        Termination::Tablebase,
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
            Termination::NoMoves => "no_moves",
            Termination::FortyMoves => "forty_moves",
            Termination::SixtyMoves => "sixty_moves",
            Termination::OnePieceEach => "one_piece_each",
            Termination::NoProgress => "no_progress",
            Termination::MatchWon => "match_won",
            Termination::Tablebase => "tablebase",
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
            Termination::ArbiterDecision | Termination::Tablebase => "adjudication",
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
    /// Chess 9.3: fifty moves by each player without a pawn move or capture.
    FiftyMoves,
    /// Checkers: forty moves by each player without a man's move or a capture.
    FortyMoves,
    /// Dama: a set number of moves by each player without a man's move or a capture (the
    /// rules leave it to the arbiter; the service counts for one).
    NoProgress,
}

impl ClaimKind {
    pub const ALL: [ClaimKind; 4] = [
        ClaimKind::ThreefoldRepetition,
        ClaimKind::FiftyMoves,
        ClaimKind::FortyMoves,
        ClaimKind::NoProgress,
    ];

    pub const fn termination(self) -> Termination {
        match self {
            ClaimKind::ThreefoldRepetition => Termination::ThreefoldRepetition,
            ClaimKind::FiftyMoves => Termination::FiftyMoves,
            ClaimKind::FortyMoves => Termination::FortyMoves,
            ClaimKind::NoProgress => Termination::NoProgress,
        }
    }

    /// Its name in the API (`threefold_repetition`, `fifty_moves`, …).
    pub const fn as_str(self) -> &'static str {
        match self {
            ClaimKind::ThreefoldRepetition => "threefold_repetition",
            ClaimKind::FiftyMoves => "fifty_moves",
            ClaimKind::FortyMoves => "forty_moves",
            ClaimKind::NoProgress => "no_progress",
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

/// Who may read a game: its record, its page, its events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Anyone.
    #[default]
    Public,
    /// Anyone signed in.
    SignedIn,
    /// Its players, its arbiter and the admin.
    Participants,
}

impl Visibility {
    pub const ALL: [Visibility; 3] = [
        Visibility::Public,
        Visibility::SignedIn,
        Visibility::Participants,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::SignedIn => "signed_in",
            Visibility::Participants => "participants",
        }
    }

    pub fn parse(text: &str) -> Option<Visibility> {
        Visibility::ALL.into_iter().find(|v| v.as_str() == text)
    }

    pub fn is_public(&self) -> bool {
        *self == Visibility::Public
    }

    /// The narrower of two: who may read both.
    pub fn narrower(self, other: Visibility) -> Visibility {
        let rank = |v: Visibility| Visibility::ALL.iter().position(|w| *w == v);
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
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
            serde_json::to_string(&RuleSet::FIDE_2005).unwrap(),
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
