//! Messages between the players: a short note sent with a move (or with an offer, a claim, a
//! resignation, or alone), kept in the game's log.

use std::fmt;

use super::types::{Side, Timestamp};

/// A message as a player wrote it: trimmed, not empty, at most [`MessageText::MAX_CHARS`]
/// characters, without control characters but line breaks and tabs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MessageText(String);

/// Why a text cannot be a message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageTextError {
    #[error("the message is empty")]
    Empty,
    #[error("the message is too long (at most {max} characters)")]
    TooLong { max: usize },
    #[error("the message contains a control character")]
    ControlCharacter,
}

impl MessageText {
    /// A correspondence card's worth: enough for a greeting and a word on the game.
    pub const MAX_CHARS: usize = 1000;

    /// Reads a message as sent: its length is counted as sent, before trimming.
    pub fn parse(text: &str) -> Result<MessageText, MessageTextError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MessageTextError::Empty);
        }
        if text.chars().count() > Self::MAX_CHARS {
            return Err(MessageTextError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        if t.chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            return Err(MessageTextError::ControlCharacter);
        }
        Ok(MessageText(t.replace("\r\n", "\n").replace('\r', "\n")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MessageText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A message in a game, as its log recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub by: Side,
    pub text: String,
    /// The half-moves played before it (a message with a move: before that move).
    pub ply: usize,
    pub at: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_trimmed_and_keeps_its_lines() {
        let m = MessageText::parse("  Good luck!\r\nI play slowly in May.  ").unwrap();
        assert_eq!(m.as_str(), "Good luck!\nI play slowly in May.");
        assert_eq!(
            MessageText::parse("iyi şanslar").unwrap().as_str(),
            "iyi şanslar"
        );
    }

    #[test]
    fn empty_long_or_control_texts_are_not_messages() {
        assert_eq!(MessageText::parse(" \n "), Err(MessageTextError::Empty));
        let long = "ş".repeat(MessageText::MAX_CHARS + 1);
        assert_eq!(
            MessageText::parse(&long),
            Err(MessageTextError::TooLong {
                max: MessageText::MAX_CHARS
            })
        );
        assert!(MessageText::parse(&"ş".repeat(MessageText::MAX_CHARS)).is_ok());
        let padded = format!(" {}", "ş".repeat(MessageText::MAX_CHARS));
        assert!(MessageText::parse(&padded).is_err(), "counted as sent");
        assert_eq!(
            MessageText::parse("a\u{7}b"),
            Err(MessageTextError::ControlCharacter)
        );
    }
}
