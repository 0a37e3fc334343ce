//! Adjourned games and sealed-move envelopes (FIDE Laws, Appendix A).
//!
//! The envelope's content never enters this crate's events before opening: a sealing event holds
//! only the commitment `sha256("{game_id}\n{move_number}\n{sealed_by}\n{move}\n{nonce}")`. The move
//! text and the nonce arrive as command arguments (sealing, and opening, where the service has
//! decrypted what it stored), and opening checks them against the commitment.

use super::rules::Rules;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::types::{Side, Timestamp};
use crate::ids::GameId;

/// When a sealed move is judged (an event's setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SealedMoveCheck {
    /// FIDE's rule (default): the text is kept as written and judged only at opening; an
    /// ambiguous, unreadable or illegal sealed move loses (A8).
    #[default]
    AtOpening,
    /// An illegal or ambiguous sealed move is refused at once.
    AtSealing,
}

/// Which envelope: the sealed move, or the answering player's written reply (A9c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnvelopeKind {
    Sealed,
    Reply,
}

/// An envelope as the fold knows it (never its content before opening).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub kind: EnvelopeKind,
    pub sealed_by: Side,
    /// The number of the move sealed (the full-move number, A2).
    pub move_number: u32,
    pub commitment: String,
    pub closed: bool,
    /// After opening: the text as written and the nonce.
    pub opened: Option<(String, String)>,
}

/// An adjournment in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjournment {
    pub resume_at: Timestamp,
    pub place: Option<String>,
    pub adjourned_at: Timestamp,
    /// The player to move at adjournment, who seals (A1).
    pub sealer: Side,
    /// The position before the sealed move, in the game's own text (chess: FEN; A2, A5).
    pub position_before: String,
    /// The draw offer standing at adjournment (A2).
    pub draw_offer: Option<Side>,
    pub envelope: Option<Envelope>,
    pub reply: Option<Envelope>,
    /// Check-ins for this resumption (A7: "present").
    pub checked_in: [bool; 2],
    /// The envelope was opened and play resumed; the adjournment stays on record until both
    /// players are present (A9c, A10).
    pub resumed: bool,
    /// Thinking time used by each side when the envelope was closed (A2), microseconds.
    pub used_at_close: Option<[i64; 2]>,
}

impl Adjournment {
    pub fn responder(&self) -> Side {
        self.sealer.opponent()
    }

    pub fn present(&self, side: Side) -> bool {
        self.checked_in[side_index(side)]
    }

    /// The envelope of this kind, if sealed.
    pub(crate) fn slot(&mut self, kind: EnvelopeKind) -> &mut Option<Envelope> {
        match kind {
            EnvelopeKind::Sealed => &mut self.envelope,
            EnvelopeKind::Reply => &mut self.reply,
        }
    }
}

pub(crate) fn side_index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// The contract's commitment.
pub fn commitment(
    game: GameId,
    move_number: u32,
    sealed_by: Side,
    text: &str,
    nonce: &str,
) -> String {
    let input = format!(
        "{game}\n{move_number}\n{}\n{text}\n{nonce}",
        sealed_by.as_str()
    );
    hex::encode(Sha256::digest(input.as_bytes()))
}

/// An envelope's content, as the service revealed it at opening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revealed<R: Rules> {
    pub kind: EnvelopeKind,
    pub text: String,
    pub nonce: String,
    /// The notation the sealer wrote in, if they named one.
    pub notation: Option<R::Notation>,
}

/// A nonce: 16 to 64 lower-case hex digits (the service draws 32 from its entropy source).
pub fn valid_nonce(nonce: &str) -> bool {
    (16..=64).contains(&nonce.len())
        && nonce
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_contracts() {
        let game = GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000e5").unwrap();
        let c = commitment(
            game,
            41,
            Side::Black,
            "Nb8-c6",
            "00112233445566778899aabbccddeeff",
        );
        let expected = hex::encode(Sha256::digest(
            b"0190a5b2-7c3e-7f00-8000-0000000000e5\n41\nblack\nNb8-c6\n00112233445566778899aabbccddeeff",
        ));
        assert_eq!(c, expected);
        assert_ne!(
            c,
            commitment(
                game,
                41,
                Side::Black,
                "Nb8-c6 ",
                "00112233445566778899aabbccddeeff"
            )
        );
        assert!(valid_nonce("00112233445566778899aabbccddeeff"));
        assert!(!valid_nonce("short"));
        assert!(!valid_nonce("00112233445566778899AABBCCDDEEFF"));
    }
}
