//! The games zarf plays, side by side: [`GameKind`] is one set of [`Rules`] that is any of them,
//! as a chess library's variant position is any of its variants — its position, move, notation
//! and memo are each game's own, and every question is passed to the game the position is of. The service
//! plays `GameState<GameKind>` and names no game.
//!
//! A new game is a sibling module of `chess` and `checkers` with a unit type implementing
//! [`Rules`], and one line in the lists further down this file.

use crate::game::dice::Dice;
use crate::game::spoken::Tongue;
use crate::game::{
    Ballot, DrawRules, Ending, Features, Happening, MatchLengths, MatchScore, MoveCode, MoveRecord,
    MoveText, ReadError, RecordFormat, RecordHead, RuleSet, Rules, SetUpError, Side, Throwing,
    Verdict, Winnability,
};

macro_rules! games {
    ($($variant:ident => $rules:ty),* $(,)?) => {
        /// One of the games zarf plays.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($variant),*
        }

        /// A position of one of the games.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Position {
            $($variant(<$rules as Rules>::Position)),*
        }

        /// A move of one of the games.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub enum Move {
            $($variant(<$rules as Rules>::Move)),*
        }

        /// A notation of one of the games, or the spoken notation every game has: `spoken-de`
        /// is one notation for the service, each game's own words in the game played.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Notation {
            $($variant(<$rules as Rules>::Notation),)*
            Spoken(Tongue),
        }

        /// What one of the games remembers between judgements (nothing yet, at first). Kept
        /// inline: a game's state holds one, and chess's, the largest, is the common one.
        #[derive(Debug, Clone, Default, PartialEq)]
        #[allow(clippy::large_enum_variant)]
        pub enum Memo {
            #[default]
            Empty,
            $($variant(<$rules as Rules>::Memo)),*
        }

        impl GameKind {
            /// Every game, in the order they are offered.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),*];
        }

        impl Rules for GameKind {
            type Position = Position;
            type Move = Move;
            type Notation = Notation;
            type Memo = Memo;

            fn named(name: &str) -> Option<GameKind> {
                $(
                    if <$rules as Rules>::named(name).is_some() {
                        return Some(GameKind::$variant);
                    }
                )*
                None
            }

            fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$rules>::default().name()),*
                }
            }

            fn rule_sets(self) -> &'static [RuleSet] {
                match self {
                    $(GameKind::$variant => <$rules>::default().rule_sets()),*
                }
            }

            fn draws(self, rule_set: RuleSet) -> DrawRules {
                match self {
                    $(GameKind::$variant => <$rules>::default().draws(rule_set)),*
                }
            }

            fn notation_named(self, name: &str) -> Option<Notation> {
                match self {
                    $(GameKind::$variant => {
                        let n = <$rules>::default().notation_named(name)?;
                        Some(match Tongue::of_notation(name) {
                            Some(t) => Notation::Spoken(t),
                            None => Notation::$variant(n),
                        })
                    }),*
                }
            }

            fn notations(self) -> Vec<Notation> {
                match self {
                    $(GameKind::$variant => <$rules>::default()
                        .notations()
                        .into_iter()
                        .map(|n| match Tongue::of_notation(<$rules as Rules>::notation_name(n)) {
                            Some(t) => Notation::Spoken(t),
                            None => Notation::$variant(n),
                        })
                        .collect()),*
                }
            }

            fn notation_name(notation: Notation) -> &'static str {
                match notation {
                    $(Notation::$variant(n) => <$rules as Rules>::notation_name(n),)*
                    Notation::Spoken(t) => t.notation_name(),
                }
            }

            fn record_format(self) -> RecordFormat {
                match self {
                    $(GameKind::$variant => <$rules>::default().record_format()),*
                }
            }

            fn own_record(
                start: &Position,
                happened: &[Happening<Move>],
                head: &RecordHead,
            ) -> Option<String> {
                match start {
                    $(Position::$variant(p) => {
                        let happened: Vec<Happening<<$rules as Rules>::Move>> = happened
                            .iter()
                            .filter_map(|h| match h {
                                Happening::Thrown(d) => Some(Happening::Thrown(*d)),
                                Happening::Moved(Move::$variant(m)) => Some(Happening::Moved(*m)),
                                #[allow(unreachable_patterns)]
                                Happening::Moved(_) => None,
                            })
                            .collect();
                        <$rules as Rules>::own_record(p, &happened, head)
                    }),*
                }
            }

            fn ballot(self) -> Option<Ballot> {
                match self {
                    $(GameKind::$variant => <$rules>::default().ballot()),*
                }
            }

            fn features(self) -> Features {
                match self {
                    $(GameKind::$variant => <$rules>::default().features()),*
                }
            }

            fn match_lengths(self, rule_set: RuleSet) -> Option<MatchLengths> {
                match self {
                    $(GameKind::$variant => <$rules>::default().match_lengths(rule_set)),*
                }
            }

            fn prepare(self, pos: &mut Position, rule_set: RuleSet, match_length: Option<u16>) {
                match pos {
                    $(Position::$variant(p) => {
                        <$rules>::default().prepare(p, rule_set, match_length)
                    }),*
                }
            }

            fn set_up_problems(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$variant => <$rules>::default().set_up_problems()),*
                }
            }

            fn position_is_fen(self) -> bool {
                match self {
                    $(GameKind::$variant => <$rules>::default().position_is_fen()),*
                }
            }

            /// The game's own memo from the start: a memo of no game remembers nothing, so each
            /// judgement would begin again.
            fn new_memo(self) -> Memo {
                match self {
                    $(GameKind::$variant => Memo::$variant(<$rules>::default().new_memo())),*
                }
            }

            fn start(self) -> Position {
                match self {
                    $(GameKind::$variant => Position::$variant(<$rules>::default().start())),*
                }
            }

            fn set_up(self, text: &str) -> Result<(Position, String), SetUpError> {
                match self {
                    $(GameKind::$variant => {
                        let (p, text) = <$rules>::default().set_up(text)?;
                        Ok((Position::$variant(p), text))
                    }),*
                }
            }

            fn stored_set_up(self, text: &str) -> Option<Position> {
                match self {
                    $(GameKind::$variant => {
                        <$rules>::default().stored_set_up(text).map(Position::$variant)
                    }),*
                }
            }

            fn legal_moves(pos: &Position) -> Vec<Move> {
                match pos {
                    $(Position::$variant(p) => {
                        <$rules as Rules>::legal_moves(p).into_iter().map(Move::$variant).collect()
                    }),*
                }
            }

            fn set_up_text(pos: &Position) -> String {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::set_up_text(p)),*
                }
            }

            fn turn(pos: &Position) -> Side {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::turn(p)),*
                }
            }

            fn move_number(pos: &Position) -> u32 {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::move_number(p)),*
                }
            }

            fn halfmove_clock(pos: &Position) -> u32 {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::halfmove_clock(p)),*
                }
            }

            /// The spoken notation is read in the position's game's own words; a notation of
            /// another game than the position's is not one the move can be in: named, the move
            /// is unreadable; preferred, it is passed over.
            fn read_move(
                pos: &Position,
                text: &MoveText,
                notation: Option<Notation>,
                preferred: Option<Notation>,
            ) -> Result<Move, ReadError> {
                match pos {
                    $(Position::$variant(p) => {
                        // The spoken notation is each game's own words in it.
                        let own = |n: Notation| match n {
                            Notation::$variant(n) => Some(n),
                            Notation::Spoken(t) => {
                                <$rules>::default().notation_named(t.notation_name())
                            }
                            #[allow(unreachable_patterns)]
                            _ => None,
                        };
                        let notation = match notation {
                            None => None,
                            Some(n) => Some(own(n).ok_or(ReadError::Unparseable)?),
                        };
                        let preferred = preferred.and_then(own);
                        <$rules as Rules>::read_move(p, text, notation, preferred)
                            .map(Move::$variant)
                    }),*
                }
            }

            fn record(pos: &Position, m: Move) -> MoveRecord {
                match (pos, m) {
                    $((Position::$variant(p), Move::$variant(m)) => {
                        <$rules as Rules>::record(p, m)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => unreachable!("a move is recorded in a position of its own game"),
                }
            }

            fn spoken(pos: &Position, m: Move, tongue: Tongue) -> String {
                match (pos, m) {
                    $((Position::$variant(p), Move::$variant(m)) => {
                        <$rules as Rules>::spoken(p, m, tongue)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => unreachable!("a move of another game than its position's"),
                }
            }

            fn spoken_position(pos: &Position, tongue: Tongue) -> Vec<String> {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::spoken_position(p, tongue)),*
                }
            }

            fn replay(pos: &Position, code: &MoveCode) -> Option<Move> {
                match pos {
                    $(Position::$variant(p) => {
                        <$rules as Rules>::replay(p, code).map(Move::$variant)
                    }),*
                }
            }

            fn read_code(pos: &Position, code: &MoveCode) -> Option<Move> {
                match pos {
                    $(Position::$variant(p) => {
                        <$rules as Rules>::read_code(p, code).map(Move::$variant)
                    }),*
                }
            }

            fn perft(pos: &Position, depth: u32) -> u64 {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::perft(p, depth)),*
                }
            }

            fn count_moves(pos: &Position) -> u64 {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::count_moves(p)),*
                }
            }

            fn play(pos: &mut Position, m: Move) {
                match (pos, m) {
                    $((Position::$variant(p), Move::$variant(m)) => {
                        <$rules as Rules>::play(p, m)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => unreachable!("a move is played in a position of its own game"),
                }
            }

            fn match_score(pos: &Position) -> Option<MatchScore> {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::match_score(p)),*
                }
            }

            fn awaits_throw(pos: &Position) -> Throwing {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::awaits_throw(p)),*
                }
            }

            fn throw(pos: &mut Position, dice: Dice) -> bool {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::throw(p, dice)),*
                }
            }

            fn is_irreversible(m: Move) -> bool {
                match m {
                    $(Move::$variant(m) => <$rules as Rules>::is_irreversible(m)),*
                }
            }

            fn repetition_key(pos: &Position) -> u128 {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::repetition_key(p)),*
                }
            }

            fn ending(pos: &Position, memo: &Memo) -> Option<Ending> {
                match pos {
                    $(Position::$variant(p) => match memo {
                        Memo::$variant(m) => <$rules as Rules>::ending(p, m),
                        _ => <$rules as Rules>::ending(p, &Default::default()),
                    }),*
                }
            }

            fn ending_may_take_long(pos: &Position, memo: &mut Memo) -> bool {
                match pos {
                    $(Position::$variant(p) => {
                        if !matches!(memo, Memo::$variant(_)) {
                            *memo = Memo::$variant(Default::default());
                        }
                        match memo {
                            Memo::$variant(m) => <$rules as Rules>::ending_may_take_long(p, m),
                            _ => unreachable!("set just above"),
                        }
                    }),*
                }
            }

            fn winnability(pos: &Position, side: Side) -> Winnability {
                match pos {
                    $(Position::$variant(p) => <$rules as Rules>::winnability(p, side)),*
                }
            }

            fn verdict_pending(pos: &Position, memo: &Memo) -> bool {
                match pos {
                    $(Position::$variant(p) => match memo {
                        Memo::$variant(m) => <$rules as Rules>::verdict_pending(p, m),
                        _ => <$rules as Rules>::verdict_pending(p, &Default::default()),
                    }),*
                }
            }

            fn verdict(pos: &Position, memo: &Memo) -> Verdict {
                match pos {
                    $(Position::$variant(p) => match memo {
                        Memo::$variant(m) => <$rules as Rules>::verdict(p, m),
                        _ => <$rules as Rules>::verdict(p, &Default::default()),
                    }),*
                }
            }
        }

        impl Position {
            /// The game this is a position of.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(Position::$variant(_) => GameKind::$variant),*
                }
            }
        }
    };
}

#[cfg(not(feature = "take-away"))]
games! {
    Chess => crate::chess::Chess,
    Checkers => crate::checkers::Checkers,
    Dama => crate::dama::Dama,
    Tavla => crate::tavla::Tavla,
}

// With take-away, the game that proves the seam through the whole service (black-box tests).
#[cfg(feature = "take-away")]
games! {
    Chess => crate::chess::Chess,
    Checkers => crate::checkers::Checkers,
    Dama => crate::dama::Dama,
    Tavla => crate::tavla::Tavla,
    TakeAway => crate::take_away::TakeAway,
}

/// The game core's types for a game of any kind: what the service works with.
pub type GameState = crate::game::GameState<GameKind>;
pub type Game = crate::game::Game<GameKind>;
pub type Command = crate::game::Command<GameKind>;
pub type Context = crate::game::Context<GameKind>;
pub type MoveInput = crate::game::MoveInput<GameKind>;
pub type Revealed = crate::game::Revealed<GameKind>;

/// A rule set that one of the games is played by, as a request names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSetName(pub RuleSet);

impl RuleSetName {
    pub fn parse(name: &str) -> Option<RuleSetName> {
        GameKind::ALL
            .iter()
            .flat_map(|k| k.rule_sets())
            .find(|r| r.as_str() == name)
            .map(|r| RuleSetName(*r))
    }
}

impl<'de> serde::Deserialize<'de> for RuleSetName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        RuleSetName::parse(&text)
            .ok_or_else(|| serde::de::Error::custom("not a rule set of any game"))
    }
}

impl Notation {
    /// A notation of any of the games by its name (`san`, `san-tr`, `uci`, `pdn`, …): no two
    /// games name a notation alike but the spoken ones (`spoken-de`, `spoken-tr`,
    /// `spoken-en`), which are one notation, [`Notation::Spoken`], each game's own words.
    pub fn parse(name: &str) -> Option<Notation> {
        GameKind::ALL.iter().find_map(|k| k.notation_named(name))
    }

    pub fn as_str(self) -> &'static str {
        GameKind::notation_name(self)
    }

    /// Every notation of every game, each once (the spoken ones are every game's).
    pub fn all() -> impl Iterator<Item = Notation> {
        let mut all: Vec<Notation> = Vec::new();
        for n in GameKind::ALL.iter().flat_map(|k| k.notations()) {
            if !all.contains(&n) {
                all.push(n);
            }
        }
        all.into_iter()
    }
}

impl serde::Serialize for Notation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Notation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Notation::parse(&text).ok_or_else(|| serde::de::Error::custom("not a notation"))
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_name_and_chess_is_the_unnamed_one() {
        for &kind in GameKind::ALL {
            assert_eq!(GameKind::named(kind.name()), Some(kind));
            assert!(!kind.rule_sets().is_empty());
        }
        assert_eq!(
            GameKind::named(crate::game::UNNAMED_GAME),
            Some(GameKind::Chess)
        );
        assert_eq!(GameKind::named("go"), None);
    }

    #[test]
    fn a_new_game_remembers_in_its_own_games_memo() {
        // A memo of no game would hand each judgement a fresh one: nothing remembered.
        assert!(matches!(GameKind::Chess.new_memo(), Memo::Chess(_)));
        assert!(matches!(GameKind::Checkers.new_memo(), Memo::Checkers(())));
    }

    #[test]
    fn no_two_games_name_a_notation_alike_but_the_spoken_ones() {
        let names: Vec<&str> = GameKind::ALL
            .iter()
            .flat_map(|k| k.notations())
            .map(Notation::as_str)
            .filter(|n| !n.starts_with("spoken-"))
            .collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        let all: Vec<&str> = Notation::all().map(Notation::as_str).collect();
        for name in ["spoken-de", "spoken-tr", "spoken-en"] {
            assert_eq!(all.iter().filter(|n| **n == name).count(), 1, "{name}");
        }
        for n in Notation::all() {
            assert_eq!(Notation::parse(n.as_str()), Some(n));
        }
        assert_eq!(
            Notation::parse("pdn"),
            GameKind::Checkers.notation_named("pdn")
        );
    }

    #[test]
    fn a_notation_of_another_game_does_not_read_a_move() {
        let checkers = GameKind::Checkers.start();
        let text = MoveText::parse("11-15").unwrap();
        let san = GameKind::Chess.notation_named("san");
        assert_eq!(
            GameKind::read_move(&checkers, &text, san, None),
            Err(ReadError::Unparseable)
        );
        let m = GameKind::read_move(&checkers, &text, None, san).unwrap();
        assert_eq!(GameKind::record(&checkers, m).written, "11-15");
        let pdn = GameKind::Checkers.notation_named("pdn");
        assert!(GameKind::read_move(&checkers, &text, pdn, None).is_ok());
    }

    #[test]
    fn a_spoken_notation_by_its_name_reads_every_games_moves_in_their_words() {
        let spoken = Notation::parse("spoken-en");
        for (kind, text, usual) in [
            (GameKind::Checkers, "eleven to fifteen", "11-15"),
            (GameKind::Dama, "d three to d four", "d3-d4"),
        ] {
            let start = kind.start();
            let text = MoveText::parse(text).unwrap();
            let m = GameKind::read_move(&start, &text, spoken, None).unwrap();
            assert_eq!(GameKind::record(&start, m).written, usual);
            let m = GameKind::read_move(&start, &text, None, spoken).unwrap();
            assert_eq!(GameKind::record(&start, m).written, usual);
        }
    }

    #[test]
    fn a_move_of_any_game_is_small() {
        // A game's state keeps every move made, and the service copies the state for each
        // command it judges: a move is the size of the largest game's. (A tavla play once kept
        // the board after it, 72 bytes, and chess games paid for it on every move.)
        let sizes = format!(
            "chess {}, checkers {}, dama {}, tavla {}, take-away {}: any {}",
            std::mem::size_of::<<crate::chess::Chess as Rules>::Move>(),
            std::mem::size_of::<crate::checkers::Move>(),
            std::mem::size_of::<crate::dama::Move>(),
            std::mem::size_of::<crate::tavla::table::Action>(),
            std::mem::size_of::<<crate::take_away::TakeAway as Rules>::Move>(),
            std::mem::size_of::<Move>()
        );
        assert!(std::mem::size_of::<Move>() <= 32, "{sizes}");
    }
}
