//! E-mail: its kinds, composing and rendering (templates/mail, EN and TR). The sender that
//! drains the outbox is the app's (`app::sender`).

pub mod compose;
pub mod kind;
pub mod render;
