//! zarf-load's command line: the play it runs by default, and its other commands.

use clap::Parser;

#[derive(Debug, Parser)]
#[command(
    name = "zarf-load",
    about = "Load generator for zarf (loopback or your own server only)",
    args_conflicts_with_subcommands = true
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Cmd>,
    /// The server, e.g. http://127.0.0.1:8080
    #[arg(long)]
    pub url: Option<String>,
    /// The server's admin token.
    #[arg(long)]
    pub admin_token: Option<String>,
    /// How long to play.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Concurrent clients.
    #[arg(long, default_value_t = 32)]
    pub clients: usize,
    /// Measure the store's limit on this database afterwards (the server's database); with
    /// `--mail`, also watch the outbox's backlog in it while the games are played.
    #[arg(long)]
    pub database: Option<String>,
    /// Play at most this many moves a second, all clients together.
    #[arg(long)]
    pub rate: Option<f64>,
    /// The share of moves (percent) made through conditional lines: the opponent first sets a
    /// line foreseeing the move with a reply, then the move is made and answered by it.
    #[arg(long, default_value_t = 0)]
    pub conditional: u64,
    /// The share of games (percent) that are one-point tavla matches, played by random plays of
    /// the dice the server throws.
    #[arg(long, default_value_t = 0)]
    pub tavla: u64,
    /// The share of games (percent) that are checkers, played by random legal moves.
    #[arg(long, default_value_t = 0)]
    pub checkers: u64,
    /// The share of games (percent) that are dama, played by random legal moves.
    #[arg(long, default_value_t = 0)]
    pub dama: u64,
    /// A quarter of the games each chess, checkers, dama and tavla (instead of the shares).
    #[arg(long, conflicts_with_all = ["tavla", "checkers", "dama"])]
    pub mix: bool,
    /// The chess games' tablebase rule (`off`, `claim` or `automatic`; the server's tables are
    /// its `ZARF_SYZYGY_PATH`). Under `automatic` a game whose move reaches a position the tables
    /// hold ends there, and its players play a new one.
    #[arg(long)]
    pub tablebase: Option<String>,
    /// Every player has an address and takes a mail for every event (the server's default).
    #[arg(long)]
    pub mail: bool,
    /// Start an SMTP server that takes and counts every mail at this loopback address (point the
    /// server's `ZARF_SMTP_URL` at it).
    #[arg(long)]
    pub smtp_sink: Option<String>,
    /// A finished game leaves the play instead of being replaced by a new one (the tournament
    /// mode's games are its round's).
    #[arg(skip)]
    pub no_new_games: bool,
}

#[derive(Debug, clap::Subcommand)]
pub enum Cmd {
    /// Fill a database with games played by the rules engine (real logs), finished and active.
    Seed {
        #[arg(long)]
        games: u64,
        /// The database to fill (the server's `ZARF_DATABASE_URL`).
        #[arg(long)]
        database: String,
        /// Players the games are shared among (default: one per five games).
        #[arg(long)]
        players: Option<u64>,
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Read latency on a seeded database: `GET /api/v1/games/{id}` and `/api/v1/me/games` for
    /// random seeded games and players.
    Reads {
        /// The server, e.g. http://127.0.0.1:8080
        #[arg(long)]
        url: String,
        /// The `--games` the database was seeded with.
        #[arg(long)]
        games: u64,
        /// The `--players` it was seeded with (default: one per five games).
        #[arg(long)]
        players: Option<u64>,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        #[arg(long, default_value_t = 8)]
        clients: usize,
    },
    /// An online Swiss: its players registered, round 1 paired and published (a game for each
    /// board), its games played for a while, then finished, their results entering the
    /// tournament by themselves.
    Tournament {
        /// The server, e.g. http://127.0.0.1:8080
        #[arg(long)]
        url: String,
        #[arg(long)]
        admin_token: String,
        #[arg(long, default_value_t = 1000)]
        players: usize,
        /// How long the round's games are played.
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        #[arg(long, default_value_t = 32)]
        clients: usize,
    },
    /// The pages: the game page beside the JSON read under load, then many open live pages
    /// hearing moves (at most eight moves a watched game).
    Pages {
        /// The server, e.g. http://127.0.0.1:8080
        #[arg(long)]
        url: String,
        #[arg(long)]
        admin_token: String,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        #[arg(long, default_value_t = 32)]
        clients: usize,
        /// Live pages held open.
        #[arg(long, default_value_t = 2000)]
        watchers: usize,
        /// The games they watch.
        #[arg(long, default_value_t = 100)]
        watched_games: usize,
        /// Moves played while they watch, one at a time round the games.
        #[arg(long, default_value_t = 200)]
        moves: usize,
    },
}

impl Args {
    /// The shares (percent) of tavla, checkers and dama games; the rest are chess.
    pub fn shares(&self) -> (u64, u64, u64) {
        if self.mix {
            (25, 25, 25)
        } else {
            (self.tavla, self.checkers, self.dama)
        }
    }

    pub fn url(&self) -> &str {
        self.url.as_deref().unwrap_or_default()
    }

    pub fn admin_token(&self) -> &str {
        self.admin_token.as_deref().unwrap_or_default()
    }
}
