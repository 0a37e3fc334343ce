//! Dice nobody can choose and anyone can check afterwards: commit, throw, reveal.
//!
//! When a game of dice is created the service draws a secret [`DiceSeed`] (32 bytes) and the
//! log records only its SHA-256 [`commitment`](DiceSeed::commitment). Every throw after it is
//! derived from the secret and a text a player sent with the request that caused the throw
//! ([`SentEntropy`]), after the commitment was recorded: HMAC-SHA256 keyed with the secret over
//!
//! ```text
//! zarf-dice-v2\n{game id}\n{n}\n{block}\n{entropy}
//! ```
//!
//! (`n` counts the throws of the whole match from 0, the opening's single dice included). Its
//! bytes are read in order, each byte below 252 giving the face `byte % 6 + 1` and each other
//! byte passed over (252 = 6 × 42, so every face is exactly 1/6): one face for an opening die,
//! two for a throw; `block` (0, 1, …) counts the rare blocks a throw needs more than one of
//! ([`derive_faces`]). The secret is revealed in the log when the match ends, and every throw
//! can then be computed again.
//!
//! Matches created under the first scheme (`zarf-dice-v1`, [`derive_throw_v1`]) keep it: each
//! player's entropy was fixed at creation or changed by `entropy_added`, and the opening was
//! one throw of two dice.
//!
//! The domain draws nothing: the seed and the entropy come in as arguments.

use std::fmt;

use hmac::{Hmac, Mac};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

/// The scheme a game of dice is created under, recorded with the commitment.
pub const SCHEME: &str = SCHEME_V2;

/// Each throw from the secret, the game's id and the entropy sent with the request that caused
/// it; each player throws their own opening die.
pub const SCHEME_V2: &str = "zarf-dice-v2";

/// Each throw from the secret and both players' entropy in force; the opening one throw.
pub const SCHEME_V1: &str = "zarf-dice-v1";

/// The longest entropy text a player may give under the first scheme.
pub const MAX_ENTROPY_CHARS: usize = 200;

/// The longest entropy text a request may carry.
pub const MAX_SENT_ENTROPY_CHARS: usize = 256;

/// A throw of two dice, each 1 to 6.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dice(u8, u8);

/// Why a text or pair is not a throw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a throw of two dice (two digits 1 to 6, such as 62)")]
pub struct DiceError;

impl Dice {
    pub fn new(first: u8, second: u8) -> Result<Dice, DiceError> {
        if (1..=6).contains(&first) && (1..=6).contains(&second) {
            Ok(Dice(first, second))
        } else {
            Err(DiceError)
        }
    }

    /// Two digits, `62` (or `6-2`, `6 2`).
    pub fn parse(text: &str) -> Result<Dice, DiceError> {
        let digits: Vec<u8> = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | '/' | ','))
            .map(|c| c.to_digit(10).map(|d| d as u8).ok_or(DiceError))
            .collect::<Result<_, _>>()?;
        match digits[..] {
            [a, b] => Dice::new(a, b),
            _ => Err(DiceError),
        }
    }

    pub fn first(self) -> u8 {
        self.0
    }

    pub fn second(self) -> u8 {
        self.1
    }

    /// Both dice show the same face.
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// The larger die first, as a score sheet writes a throw (`62`, never `26`).
    pub fn high_first(self) -> Dice {
        Dice(self.0.max(self.1), self.0.min(self.1))
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0, self.1)
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dice({}{})", self.0, self.1)
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.0, self.1].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [a, b] = <[u8; 2]>::deserialize(d)?;
        Dice::new(a, b).map_err(serde::de::Error::custom)
    }
}

/// The service's secret for one game's dice: 32 bytes, kept encrypted at rest until the game
/// ends and the log reveals it.
#[derive(Clone, PartialEq, Eq)]
pub struct DiceSeed([u8; 32]);

impl DiceSeed {
    pub fn from_bytes(bytes: [u8; 32]) -> DiceSeed {
        DiceSeed(bytes)
    }

    /// The seed as the log reveals it: 64 lower-case hex digits.
    pub fn parse_hex(text: &str) -> Option<DiceSeed> {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(text, &mut bytes).ok()?;
        (text.len() == 64 && !text.bytes().any(|b| b.is_ascii_uppercase()))
            .then_some(DiceSeed(bytes))
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The SHA-256 of the seed's bytes, in hex: what the log records when the game is created.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

impl fmt::Debug for DiceSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never written out by accident (a log line, a panic message).
        f.write_str("DiceSeed(…)")
    }
}

/// A player's entropy as the log records it: their own text, or one the service drew for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entropy {
    pub text: String,
    /// Drawn by the service for the player (they gave none).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
}

/// Why a text cannot be a player's entropy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntropyError {
    #[error("the text is empty")]
    Empty,
    #[error("the text is too long (at most {max} characters)")]
    TooLong { max: usize },
    #[error("the text contains a control character (it is one line)")]
    ControlCharacter,
}

impl Entropy {
    /// A player's own text: one line, 1 to [`MAX_ENTROPY_CHARS`] characters, trimmed.
    pub fn chosen(text: &str) -> Result<Entropy, EntropyError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(EntropyError::Empty);
        }
        if t.chars().count() > MAX_ENTROPY_CHARS {
            return Err(EntropyError::TooLong {
                max: MAX_ENTROPY_CHARS,
            });
        }
        if t.chars().any(char::is_control) {
            return Err(EntropyError::ControlCharacter);
        }
        Ok(Entropy {
            text: t.to_owned(),
            drawn: false,
        })
    }
}

/// The log's record of a game's dice: the scheme and the commitment to the secret (and, under
/// the first scheme, each player's entropy when the game was created).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceCommitment {
    /// The scheme's name ([`SCHEME_V2`], or [`SCHEME_V1`] for older matches).
    pub scheme: String,
    /// SHA-256 of the secret seed, hex.
    pub commitment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_entropy: Option<Entropy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_entropy: Option<Entropy>,
}

impl DiceCommitment {
    /// A commitment under the current scheme.
    pub fn new(seed: &DiceSeed) -> DiceCommitment {
        DiceCommitment {
            scheme: SCHEME.to_owned(),
            commitment: seed.commitment(),
            white_entropy: None,
            black_entropy: None,
        }
    }

    /// The match keeps the first scheme.
    pub fn is_v1(&self) -> bool {
        self.scheme == SCHEME_V1
    }
}

/// Throw `number` (from 0) of a match under `zarf-dice-v1` whose secret is `seed`, with the
/// players' entropy in force when it is thrown.
pub fn derive_throw_v1(seed: &DiceSeed, number: u32, white: &str, black: &str) -> Dice {
    let faces = faces_from(seed, 2, |block| {
        format!("{SCHEME_V1}\n{number}\n{block}\n{white}\n{black}")
    });
    Dice(faces[0], faces[1])
}

/// The first `count` faces of throw `number` of the match `game_id` (its UUID as the API writes
/// it) under `zarf-dice-v2`, from the secret and the entropy sent with the request that caused
/// the throw.
pub fn derive_faces(
    seed: &DiceSeed,
    game_id: &str,
    number: u32,
    entropy: &str,
    count: usize,
) -> Vec<u8> {
    faces_from(seed, count, |block| {
        format!("{SCHEME_V2}\n{game_id}\n{number}\n{block}\n{entropy}")
    })
}

/// Throw `number` under `zarf-dice-v2`: one face for an opening die, two for a throw.
pub fn derive_v2(
    seed: &DiceSeed,
    game_id: &str,
    number: u32,
    entropy: &str,
    opening_die: bool,
) -> Faces {
    if opening_die {
        Faces::Die(derive_faces(seed, game_id, number, entropy, 1)[0])
    } else {
        let f = derive_faces(seed, game_id, number, entropy, 2);
        Faces::Two(Dice(f[0], f[1]))
    }
}

/// Faces read from HMAC-SHA256 blocks keyed with the secret over `message(block)`, block 0, 1,
/// …: each byte below 252 gives `byte % 6 + 1`, any other byte is passed over.
fn faces_from(seed: &DiceSeed, count: usize, message: impl Fn(u32) -> String) -> Vec<u8> {
    let mut faces = Vec::with_capacity(count);
    let mut block = 0u32;
    loop {
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&seed.0).expect("HMAC takes a key of any length");
        mac.update(message(block).as_bytes());
        for byte in mac.finalize().into_bytes() {
            if byte < 252 {
                faces.push(byte % 6 + 1);
                if faces.len() == count {
                    return faces;
                }
            }
        }
        block += 1;
    }
}

/// What one throw shows: a player's opening die, or a throw of two dice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Faces {
    Die(u8),
    Two(Dice),
}

impl Faces {
    /// As a score sheet writes it: the larger die first.
    pub fn high_first(self) -> Faces {
        match self {
            Faces::Two(d) => Faces::Two(d.high_first()),
            die => die,
        }
    }

    pub fn to_vec(self) -> Vec<u8> {
        match self {
            Faces::Die(d) => vec![d],
            Faces::Two(d) => vec![d.0, d.1],
        }
    }
}

impl fmt::Display for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Faces::Die(d) => write!(f, "{d}"),
            Faces::Two(d) => write!(f, "{d}"),
        }
    }
}

impl Serialize for Faces {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_vec().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Faces {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let faces = Vec::<u8>::deserialize(d)?;
        match faces[..] {
            [a] if (1..=6).contains(&a) => Ok(Faces::Die(a)),
            [a, b] => Dice::new(a, b)
                .map(Faces::Two)
                .map_err(serde::de::Error::custom),
            _ => Err(serde::de::Error::custom(
                "not a throw: one die or two, each 1 to 6",
            )),
        }
    }
}

/// The entropy a request carried for the throws it causes: the text as sent, or one the
/// service drew because the request carried none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentEntropy {
    text: String,
    drawn: bool,
}

impl SentEntropy {
    /// A request's own text, exactly as sent (any characters; the log escapes what needs it):
    /// 1 to [`MAX_SENT_ENTROPY_CHARS`] characters.
    pub fn parse(text: &str) -> Result<SentEntropy, EntropyError> {
        if text.is_empty() {
            return Err(EntropyError::Empty);
        }
        if text.chars().count() > MAX_SENT_ENTROPY_CHARS {
            return Err(EntropyError::TooLong {
                max: MAX_SENT_ENTROPY_CHARS,
            });
        }
        Ok(SentEntropy {
            text: text.to_owned(),
            drawn: false,
        })
    }

    /// A text the service drew for a request that carried none.
    pub fn drawn(text: String) -> SentEntropy {
        SentEntropy { text, drawn: true }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Drawn by the service, not sent by a player.
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> DiceSeed {
        DiceSeed::from_bytes(*b"zarf: a seed for the tests only.")
    }

    #[test]
    fn a_throw_is_two_dice_one_to_six() {
        assert_eq!(Dice::parse("62"), Dice::new(6, 2));
        assert_eq!(Dice::parse(" 6-2 "), Dice::new(6, 2));
        assert_eq!(Dice::parse("6 2").unwrap().to_string(), "62");
        for bad in ["", "6", "623", "70", "0 1", "ab", "6-"] {
            assert_eq!(Dice::parse(bad), Err(DiceError), "{bad:?}");
        }
        assert!(Dice::new(5, 5).unwrap().is_double());
        assert_eq!(Dice::new(2, 6).unwrap().high_first().to_string(), "62");
        let json = serde_json::to_string(&Dice::new(3, 1).unwrap()).unwrap();
        assert_eq!(json, "[3,1]");
        assert!(serde_json::from_str::<Dice>("[7,1]").is_err());
    }

    #[test]
    fn the_seed_is_hex_and_its_commitment_is_its_sha256() {
        let s = seed();
        assert_eq!(DiceSeed::parse_hex(&s.to_hex()), Some(s.clone()));
        assert_eq!(DiceSeed::parse_hex(&s.to_hex().to_uppercase()), None);
        assert_eq!(DiceSeed::parse_hex("abcd"), None);
        assert_eq!(
            s.commitment(),
            hex::encode(Sha256::digest(b"zarf: a seed for the tests only."))
        );
        assert_eq!(format!("{s:?}"), "DiceSeed(…)");
    }

    #[test]
    fn a_throw_depends_on_the_secret_the_number_and_both_entropies() {
        let s = seed();
        let first = derive_throw_v1(&s, 0, "elma", "armut");
        assert_eq!(first, derive_throw_v1(&s, 0, "elma", "armut"), "repeatable");
        // Over many throws, changing any input changes some throw.
        let run = |seed: &DiceSeed, w: &str, b: &str| -> Vec<Dice> {
            (0..40).map(|n| derive_throw_v1(seed, n, w, b)).collect()
        };
        let base = run(&s, "elma", "armut");
        assert_ne!(base, run(&s, "elma", "armut!"));
        assert_ne!(base, run(&s, "elma!", "armut"));
        assert_ne!(base, run(&DiceSeed::from_bytes([7; 32]), "elma", "armut"));
        // The entropies are not interchangeable.
        assert_ne!(base, run(&s, "armut", "elma"));
    }

    #[test]
    fn throws_follow_the_published_recipe() {
        // The recipe written out with the HMAC crate's own calls, as a checker program would.
        let s = seed();
        for n in 0..200 {
            let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(s.as_bytes()).unwrap();
            mac.update(format!("zarf-dice-v1\n{n}\n0\nw\nb").as_bytes());
            let faces: Vec<u8> = mac
                .finalize()
                .into_bytes()
                .iter()
                .filter(|&&b| b < 252)
                .map(|b| b % 6 + 1)
                .take(2)
                .collect();
            let d = derive_throw_v1(&s, n, "w", "b");
            assert_eq!(vec![d.first(), d.second()], faces, "throw {n}");
        }
    }

    #[test]
    fn entropy_is_one_short_line() {
        assert_eq!(
            Entropy::chosen("  kırmızı zar ").unwrap().text,
            "kırmızı zar"
        );
        assert_eq!(Entropy::chosen(" "), Err(EntropyError::Empty));
        assert_eq!(
            Entropy::chosen(&"x".repeat(201)),
            Err(EntropyError::TooLong { max: 200 })
        );
        assert_eq!(Entropy::chosen("a\nb"), Err(EntropyError::ControlCharacter));
    }
}
