//! E-mail: rendering (templates/mail, EN and TR) and the sender that drains the outbox.

pub mod compose;
pub mod kind;
pub mod render;
pub mod sender;
