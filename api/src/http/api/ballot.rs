//! The ballot a new game starts from, as a request names it: an opening's number, or
//! `"random"` for one the service draws by lot ([`Ballot::choose`]).

use serde::Deserialize;

use crate::app::creation::Ballot;

/// An opening of the game's ballot to start from: by its number, or drawn by lot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BallotBody {
    Number(u16),
    Random,
}

impl BallotBody {
    /// The ballot asked for, in the application's terms.
    pub fn asked(self) -> Ballot {
        match self {
            BallotBody::Number(n) => Ballot::Number(n),
            BallotBody::Random => Ballot::ByLot,
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
    fn random_asks_for_the_lot() {
        assert_eq!(BallotBody::Random.asked(), Ballot::ByLot);
        assert_eq!(BallotBody::Number(7).asked(), Ballot::Number(7));
    }
}
