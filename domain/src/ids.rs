//! Identifiers that arrive as text. Each is a newtype with a private field and a `parse`
//! constructor, so a value of the type is always well formed.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use uuid::Uuid;

/// Why a text is not an id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a valid id: expected a UUID such as 0190a5b2-7c3e-7f00-8000-000000000000")]
pub struct ParseIdError;

macro_rules! uuid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(Uuid);

        impl $name {
            /// Parses the hyphenated UUID form (any version; new ids are v7, made by the caller).
            pub fn parse(text: &str) -> Result<Self, ParseIdError> {
                // Only the canonical hyphenated form: ids appear in URLs and logs, and one id
                // must have exactly one spelling.
                if text.len() != 36 {
                    return Err(ParseIdError);
                }
                Uuid::try_parse(text).map(Self).map_err(|_| ParseIdError)
            }

            /// Wraps an id made elsewhere (the service draws v7 UUIDs; tests use fixed ones).
            pub const fn from_uuid(uuid: Uuid) -> Self {
                Self(uuid)
            }

            pub const fn as_uuid(&self) -> &Uuid {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0.hyphenated(), f)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.0.hyphenated())
            }
        }

        impl FromStr for $name {
            type Err = ParseIdError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::parse(s)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&self.0.hyphenated())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                Self::parse(&text).map_err(serde::de::Error::custom)
            }
        }
    };
}

uuid_id!(
    /// A game's id.
    GameId
);
uuid_id!(
    /// A tournament's id.
    TournamentId
);
uuid_id!(
    /// A player's (or organiser's, or arbiter's) account id.
    PlayerId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_canonical_form_only() {
        let id = GameId::parse("0190a5b2-7c3e-7f00-8000-00000000002a").unwrap();
        assert_eq!(id.to_string(), "0190a5b2-7c3e-7f00-8000-00000000002a");
        assert_eq!(
            GameId::parse("0190A5B2-7C3E-7F00-8000-00000000002A")
                .unwrap()
                .to_string(),
            "0190a5b2-7c3e-7f00-8000-00000000002a",
            "upper case is the same id, printed in lower case"
        );
        for bad in [
            "",
            "42",
            "0190a5b27c3e7f00800000000000002a",
            "{0190a5b2-7c3e-7f00-8000-00000000002a}",
            "0190a5b2-7c3e-7f00-8000-00000000002g",
            "0190a5b2-7c3e-7f00-8000-00000000002a ",
        ] {
            assert_eq!(GameId::parse(bad), Err(ParseIdError), "{bad:?}");
        }
    }

    #[test]
    fn serde_round_trip_and_rejects_garbage() {
        let id = PlayerId::parse("0190a5b2-7c3e-7f00-8000-00000000002a").unwrap();
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, "\"0190a5b2-7c3e-7f00-8000-00000000002a\"");
        assert_eq!(serde_json::from_str::<PlayerId>(&json).unwrap(), id);
        assert!(serde_json::from_str::<PlayerId>("\"nope\"").is_err());
        assert!(serde_json::from_str::<PlayerId>("7").is_err());
    }
}
