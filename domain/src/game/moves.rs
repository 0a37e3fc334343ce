//! A move in words the core and every game share: as a player sent it ([`MoveText`]), its code
//! as a log keeps it ([`MoveCode`]), and the two written in the log ([`MoveRecord`]).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A move as a player sent it: trimmed, not empty, short, without control characters. Whether
/// it names a move is for the rules to say.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveText(String);

/// Why a text cannot even be a move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    #[error("the move is empty")]
    Empty,
    #[error("the move is too long (at most {max} characters)")]
    TooLong { max: usize },
    #[error("the move contains a control character")]
    ControlCharacter,
}

impl MoveText {
    /// The longest text any notation needs, with room for spaces: a spoken move is the
    /// longest (a dama king's capture of sixteen pieces with every landing square in German
    /// words, `Hektor sieben schlaegt Hektor eins schlaegt …`, is under 400; written in
    /// squares, a checkers capture of twelve pieces `32x23x14x5x…` is under 40).
    pub const MAX_CHARS: usize = 400;

    pub fn parse(text: &str) -> Result<MoveText, MoveTextError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveTextError::Empty);
        }
        if t.chars().count() > Self::MAX_CHARS {
            return Err(MoveTextError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        if t.chars().any(char::is_control) {
            return Err(MoveTextError::ControlCharacter);
        }
        Ok(MoveText(t.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        MoveText::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// A move's code as a log keeps it (chess: UCI, `e2e4`, `e7e8q`; checkers: every square of the
/// route, `22x15x6`; a tavla turn with spaces, `bar/22 13/7* 6/4(2)`): 1 to 47 printable ASCII
/// characters, not starting or ending with a space, kept inline (a log holds one per move).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveCode {
    len: u8,
    bytes: [u8; MoveCode::MAX_LEN],
}

/// Why a text is not a move code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a move code (1 to 47 printable ASCII characters)")]
pub struct MoveCodeError;

impl MoveCode {
    pub const MAX_LEN: usize = 47;

    pub fn parse(text: &str) -> Result<MoveCode, MoveCodeError> {
        if text.is_empty()
            || text.len() > Self::MAX_LEN
            || !text.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
            || text.starts_with(' ')
            || text.ends_with(' ')
            || text.contains("  ")
        {
            return Err(MoveCodeError);
        }
        let mut bytes = [0; Self::MAX_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(MoveCode {
            len: text.len() as u8,
            bytes,
        })
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)])
            .expect("a move code is ASCII by construction")
    }
}

impl fmt::Display for MoveCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveCode({})", self.as_str())
    }
}

impl Serialize for MoveCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for MoveCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        MoveCode::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A move as the log keeps it: the code is authoritative (unambiguous in every position), the
/// written form is there for people reading the log. A log names them as chess first did: its
/// code `uci` (for chess, UCI), its written form `san` (for chess, SAN).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    #[serde(rename = "uci")]
    pub code: MoveCode,
    /// The move in the game's usual written notation (chess: PGN SAN; checkers: PDN).
    #[serde(rename = "san")]
    pub written: String,
}
