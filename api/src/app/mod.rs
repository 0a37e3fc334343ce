//! The application layer: the state a server shares, and the command pipeline every entry point
//! uses (HTTP handlers and pages, the scheduler, the mail sender). Nothing here knows HTTP; `http`
//! maps requests onto it and its errors onto the contract's answers.

pub mod accounts;
pub mod actors;
pub mod addresses;
pub mod app_passwords;
pub mod authority;
pub mod challenge_reads;
pub mod challenges;
pub mod command_error;
pub mod commands;
pub mod conditional;
pub mod creation;
pub mod cups;
pub mod dice;
pub mod entries;
pub mod envelope_reads;
pub mod envelopes;
pub mod erasure;
pub mod export;
pub mod folds;
pub mod game_reads;
pub mod games;
pub mod held_lines;
pub mod kind;
pub mod leave;
pub mod limits;
pub mod live;
pub mod mail_settings;
pub mod metrics;
pub mod new_accounts;
pub mod new_tournament;
pub mod organising;
pub mod play;
pub mod profiles;
pub mod ratings;
pub mod reads;
pub mod rounds;
pub mod sender;
pub mod sign_in;
pub mod tokens;
pub mod tournament_games;
pub mod tournament_import;
pub mod tournaments;
pub mod verdicts;
pub mod views;
pub mod xfcc;

use std::sync::Arc;

pub use commands::{CommandError, Extras, Outcome};
pub use games::{execute, flag_fall, run, GameOutcome};
pub use limits::Limits;

/// Shared by every request and by the server's own threads.
pub struct AppState {
    pub store: crate::store::Store,
    pub admin_token_hash: String,
    pub metrics: metrics::Metrics,
    pub limits: Arc<Limits>,
    pub public_url: String,
    pub envelope_key: crate::sealing::EnvelopeKey,
    pub mail: crate::mail::compose::MailSettings,
    /// Recently folded games.
    pub folds: folds::Folds<games::Games>,
    /// Recently folded tournaments.
    pub tournament_folds: folds::Folds<tournaments::Tournaments>,
    /// Games whose last position waits for the whole dead-position test.
    pub verdicts: Arc<verdicts::Verdicts>,
    /// Pages listening for games and players' lists (D47).
    pub live: Arc<live::Live>,
    /// Sign-in requests per mail address and per address.
    pub login_limits: Limits,
    /// Sign-in mails to one address, from wherever they are asked for (D71).
    pub sign_in_mail_cap: Limits,
    /// Failed application passwords per (name, address) and per address (Xfcc).
    pub password_failures: limits::PasswordFailures,
    /// Wrong sign-in codes per address.
    pub code_failures: limits::Failures,
    /// The proxies whose X-Forwarded-For names the client.
    pub trusted_proxies: addresses::TrustedProxies,
    /// Who may make an account of their own.
    pub signup: crate::config::Signup,
    /// Online tournaments with a game just ended, for the scheduler.
    pub tournaments_due: Arc<rounds::Due>,
    /// Conditional lines this server set or opened lately, by their commitment.
    pub opened_lines: held_lines::Opened,
    /// The secrets of games of dice this server opened lately.
    pub dice_seeds: dice::Seeds,
    /// How many erased events this server knew of when it last looked (its folds predate
    /// none of them).
    pub erasures_seen: std::sync::atomic::AtomicI64,
    /// The operator's endgame tablebases, shared by every worker.
    pub tablebases: Arc<crate::tablebase::Tablebases>,
}
