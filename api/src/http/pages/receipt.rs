//! A game's page shows the log's receipt: the seq and hash of its last event, which fix the
//! whole log up to it (the same receipt its mails quote), and a game of dice's commitment to the
//! secret its throws come from.

use crate::app::views::GameView;
use crate::i18n::Texts;

/// The log's receipt and a game of dice's commitment, in the reader's words.
pub(crate) struct LogReceipt {
    /// "Log receipt: event 12, hash …".
    pub line: String,
    /// What the receipt is for.
    pub why: String,
    /// A game of dice: "Dice commitment (scheme): …".
    pub commitment: Option<String>,
    /// What the commitment is for.
    pub commitment_why: String,
}

/// The receipt of a log whose last event is `seq` with `hash`, for `view`'s page.
pub(crate) fn log_receipt(t: &Texts, seq: i64, hash: &str, view: &GameView) -> LogReceipt {
    LogReceipt {
        line: t.get(
            "page-receipt",
            &[("seq", seq.to_string()), ("hash", hash.to_owned())],
        ),
        why: t.text("page-receipt-why"),
        commitment: view.dice.as_ref().map(|d| {
            t.get(
                "page-dice-commitment",
                &[
                    ("scheme", d.scheme.clone()),
                    ("commitment", d.commitment.clone()),
                ],
            )
        }),
        commitment_why: t.text("page-dice-commitment-why"),
    }
}
