//! Black-box tests: the real server over HTTP, on SQLite always and on PostgreSQL when
//! ZARF_TEST_POSTGRES_URL is set.

mod helpers;

mod adjournment;
mod admin;
mod authority;
mod authz;
mod browser;
mod challenges;
mod checkers;
mod clocks;
mod concurrency;
mod conditional;
mod credentials;
mod cups;
mod dama;
mod dice;
mod dice_log;
mod errors;
mod games;
mod indexes;
mod limits;
mod live;
mod mail;
mod ops;
mod organise;
mod players;
mod privacy;
mod ratings;
mod secrets;
mod settings;
mod signup;
mod spoken;
mod tablebases;
mod take_away;
mod tavla;
mod tournament_commands;
mod tournament_runs;
mod tournaments;
mod verify;
mod visibility;
mod xfcc;
