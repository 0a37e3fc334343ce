//! What a client reads of the server's answers (only what it needs: a move's answer is the whole
//! Game, and building a JSON tree of it cost the load generator CPU that the server it shares
//! the machine with could use), and the run's tally of moves and errors.

use std::collections::BTreeMap;

use crate::games::Kind;

#[derive(Default)]
pub struct Tally {
    pub moves: u64,
    /// Moves by game.
    pub by_kind: BTreeMap<Kind, u64>,
    /// Conditional lines set.
    pub lines: u64,
    /// Games ended, by their termination.
    pub endings: BTreeMap<String, u64>,
    pub errors: BTreeMap<String, u64>,
}

impl Tally {
    /// `n` moves of a game of `kind`.
    pub fn played(&mut self, kind: Kind, n: u64) {
        self.moves += n;
        *self.by_kind.entry(kind).or_default() += n;
    }

    /// A game ended by `termination` (nothing where the game goes on).
    pub fn ended(&mut self, termination: Option<&str>) {
        if let Some(how) = termination {
            *self.endings.entry(how.to_owned()).or_default() += 1;
        }
    }

    /// An error, counted by its code.
    pub fn error(&mut self, code: &str) {
        *self.errors.entry(code.to_owned()).or_default() += 1;
    }

    /// A refusal, counted by the code its answer gives.
    pub fn refused(&mut self, answer: &[u8]) {
        let code = serde_json::from_slice::<Answer>(answer)
            .ok()
            .and_then(|a| a.error)
            .map_or_else(|| "unknown".to_owned(), |e| e.code);
        self.error(&code);
    }
}

/// What a client reads of an answer to a move or a claim: the rest is skipped unread.
#[derive(serde::Deserialize, Default)]
pub struct Answer {
    pub fen: Option<String>,
    /// The position in its game's text (tavla: GNU Backgammon's position and match IDs).
    pub position: Option<String>,
    pub ply: Option<u64>,
    pub status: Option<String>,
    /// How the game ended, once it has.
    pub termination: Option<String>,
    /// A claim's answer holds the Game here (in a Game, `game` is the game's name).
    #[serde(default, deserialize_with = "claimed_game")]
    pub game: Option<Box<Answer>>,
    pub error: Option<Refusal>,
    dice: Option<DiceAnswer>,
}

/// A tavla Game's dice: in the opening, each player's die once thrown.
#[derive(serde::Deserialize, Default)]
struct DiceAnswer {
    opening: Option<OpeningAnswer>,
}

#[derive(serde::Deserialize, Default)]
struct OpeningAnswer {
    white: Option<u8>,
    black: Option<u8>,
}

impl Answer {
    /// While a match's opening awaits the players' dice: whether White and Black have thrown.
    pub fn opening(&self) -> Option<[bool; 2]> {
        let o = self.dice.as_ref()?.opening.as_ref()?;
        Some([o.white.is_some(), o.black.is_some()])
    }
}

/// A claim's Game, read from `game` where it is an object; the name of a Game's game is skipped.
fn claimed_game<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Box<Answer>>, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum GameField {
        Game(Box<Answer>),
        Name(serde::de::IgnoredAny),
    }
    Ok(
        match <Option<GameField> as serde::Deserialize>::deserialize(d)? {
            Some(GameField::Game(g)) => Some(g),
            _ => None,
        },
    )
}

#[derive(serde::Deserialize)]
pub struct Refusal {
    pub code: String,
}
