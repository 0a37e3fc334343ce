//! The ballot a new game starts from, as a request names it: an opening's number, or
//! `"random"` for one the service draws by lot.

use domain::game::{BallotChoice, Rules, UNNAMED_GAME};
use serde::Deserialize;

/// An opening of the game's ballot to start from: by its number, or drawn by lot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BallotBody {
    Number(u16),
    Random,
}

impl BallotBody {
    /// The opening chosen, drawing one by lot where asked (from `game`'s deck; a game without
    /// one is left for the rules to refuse).
    pub fn choose(self, game: Option<&str>) -> BallotChoice {
        match self {
            BallotBody::Number(number) => BallotChoice {
                number,
                by_lot: false,
            },
            BallotBody::Random => {
                use rand::Rng;
                let deck = domain::games::GameKind::named(game.unwrap_or(UNNAMED_GAME))
                    .and_then(|k| k.ballot());
                let number = match deck {
                    Some(d) if !d.is_empty() => rand::rng().random_range(1..=d.len()),
                    _ => 0,
                };
                BallotChoice {
                    number,
                    by_lot: true,
                }
            }
        }
    }
}

impl<'de> Deserialize<'de> for BallotBody {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = BallotBody;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an opening's number or \"random\"")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<BallotBody, E> {
                u16::try_from(n)
                    .map(BallotBody::Number)
                    .map_err(|_| E::custom("ballot: an opening's number, at most 65535"))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<BallotBody, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom("ballot: an opening's number, from 1"))
                    .and_then(|n| self.visit_u64(n))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<BallotBody, E> {
                match s {
                    "random" => Ok(BallotBody::Random),
                    _ => Err(E::custom("ballot: an opening's number or \"random\"")),
                }
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<BallotBody, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn a_ballot_is_a_number_or_random_and_nothing_else() {
        assert_eq!(read("12"), Ok(BallotBody::Number(12)));
        assert_eq!(read("\"random\""), Ok(BallotBody::Random));
        for bad in ["-1", "65536", "\"lots\"", "1.5", "true", "[1]"] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn random_draws_from_the_games_deck_and_says_so() {
        for _ in 0..200 {
            let choice = BallotBody::Random.choose(Some("checkers"));
            assert!(
                choice.by_lot && (1..=156).contains(&choice.number),
                "{choice:?}"
            );
        }
        // A game without a deck: left for the rules to refuse (number 0 is no opening).
        assert_eq!(BallotBody::Random.choose(None).number, 0);
        assert_eq!(
            BallotBody::Number(7).choose(Some("checkers")),
            BallotChoice {
                number: 7,
                by_lot: false
            }
        );
    }
}
