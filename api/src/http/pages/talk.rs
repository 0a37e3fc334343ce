//! The players' messages on a game's page: shown to those who may read them (its players, its
//! arbiter, the admin), with the form to send one where messages are on.

use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::i18n::Texts;
use domain::games::Command;

/// The players' messages as a reader who may see them sees them.
pub(crate) struct Talk {
    /// Each message: who wrote it and when (in the reader's words), and what.
    pub messages: Vec<(String, String)>,
    /// The reader plays in the game, which goes on, and messages are on: the move form carries
    /// one, and one may be sent alone.
    pub can_send: bool,
}

/// The messages of `game` for `viewer`, if they may read them: its players, its arbiter, the
/// admin.
pub(crate) fn talk(
    state: &AppState,
    game: &domain::games::Game,
    viewer: &Caller,
    playing: bool,
    zone: &crate::zone::Zone,
    t: &Texts,
) -> Result<Option<Talk>, ApiError> {
    let reads = crate::app::reads::reads_messages(viewer.account(), game);
    if !reads {
        return Ok(None);
    }
    let can_send = playing
        && crate::app::play::messages_allowed(state, &game.id.to_string())
            .map_err(|e| ApiError::command(e, t.locale()))?;
    let messages = game
        .messages
        .iter()
        .map(|m| {
            let who = t.get(
                "page-message-by",
                &[
                    ("name", game.participant(m.by).name.clone()),
                    ("when", t.local_time(m.at, zone)),
                ],
            );
            (who, m.text.clone())
        })
        .collect();
    Ok(Some(Talk { messages, can_send }))
}

/// `command` with the message a form sent with it (none where the field is empty), or why the
/// message cannot be sent.
pub(crate) fn with_message(
    command: Command,
    message: Option<&str>,
    t: Texts,
) -> Result<Command, String> {
    match message.map(str::trim).filter(|m| !m.is_empty()) {
        None => Ok(command),
        Some(text) => match domain::game::MessageText::parse(text) {
            Ok(text) => Ok(Command::Message {
                text,
                with: Some(Box::new(command)),
            }),
            Err(_) => Err(t.get(
                "page-message-invalid",
                &[("max", domain::game::MessageText::MAX_CHARS.to_string())],
            )),
        },
    }
}
