//! Configuration: every option is a flag or a `ZARF_*` environment variable.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Debug, Clone, Parser)]
#[command(
    name = "zarf",
    version,
    about = "zarf: correspondence chess, adjourned games and sealed-move envelopes",
    long_about = "zarf serves correspondence chess over HTTP (a JSON API and web pages) and e-mail.\n\
                  With no command it serves. Every option can also be set by its ZARF_* variable."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub config: Config,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Serve the API and pages (the default).
    Serve,
    /// Check every game's hash chain and log; exits non-zero if anything is broken.
    Verify,
    /// Print each player's FIDE tie-breaks and rank for a tournament report file (TRF).
    Tiebreaks(TiebreaksArgs),
    /// Pair a Swiss tournament's next round by the FIDE Dutch system, or check its rounds.
    Pair(PairArgs),
    /// Count the move sequences from a position to each depth: one line `DEPTH NODES` each.
    Perft(PerftArgs),
    /// List the legal moves of a position, each with the position after it.
    Moves(MovesArgs),
    /// The operator's commands: organisers and admins.
    #[command(subcommand)]
    Admin(AdminCommand),
}

/// `zarf admin …`
#[derive(Debug, Clone, clap::Subcommand)]
pub enum AdminCommand {
    /// Make the account with this address an organiser (creating it if there is none) and
    /// print a one-time sign-in link for it, valid for 24 hours.
    AddOrganiser(AccountArgs),
    /// Make the account with this address an admin (creating it if there is none) and print
    /// a one-time sign-in link for it, valid for 24 hours.
    AddAdmin(AccountArgs),
}

/// `--email ADDRESS [--name NAME]`
#[derive(Debug, Clone, clap::Args)]
pub struct AccountArgs {
    /// The account's e-mail address: its sign-in links go there.
    #[arg(long)]
    pub email: String,
    /// The name for a new account (the address's part before the @ without it).
    #[arg(long)]
    pub name: Option<String>,
}

/// The games' names, from the games' registry, as a command line takes them.
fn game_names() -> clap::builder::PossibleValuesParser {
    use domain::game::Rules;
    clap::builder::PossibleValuesParser::new(domain::games::GameKind::ALL.iter().map(|k| k.name()))
}

/// `zarf perft --game GAME --depth N [--position TEXT]`
#[derive(Debug, Clone, clap::Args)]
pub struct PerftArgs {
    /// The game, one of those the service plays (chess without it).
    #[arg(long, default_value = domain::game::UNNAMED_GAME, value_parser = game_names())]
    pub game: String,
    /// The deepest count, in half-moves.
    #[arg(long)]
    pub depth: u32,
    /// The position, in the game's position text (chess: FEN; checkers: PDN FEN); the
    /// standard start without it.
    #[arg(long)]
    pub position: Option<String>,
}

/// `zarf moves --game GAME --position TEXT [--dice 62]`
#[derive(Debug, Clone, clap::Args)]
pub struct MovesArgs {
    /// The game, one of those the service plays (chess without it).
    #[arg(long, default_value = domain::game::UNNAMED_GAME, value_parser = game_names())]
    pub game: String,
    /// The position, in the game's position text (tavla: GNU Backgammon's position ID, from
    /// the side on roll); the standard start without it.
    #[arg(long)]
    pub position: Option<String>,
    /// A game of dice: the dice thrown on the position (`62`); its plays are listed.
    #[arg(long)]
    pub dice: Option<String>,
}

/// `zarf pair --dutch IN.trf -p [OUT]` or `zarf pair --dutch IN.trf -c`: the interface of
/// bbpPairings and JaVaFo, so programs that call a pairing engine can call zarf.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("task").required(true).args(["pairings", "check"])))]
pub struct PairArgs {
    /// The FIDE Dutch system (C.04.3, 2025 rules), the system zarf pairs by.
    #[arg(long)]
    pub dutch: bool,
    /// The tournament, as a TRF-16 or TRF-2026 file; its 142 (or XXR) record gives the number
    /// of rounds.
    pub file: PathBuf,
    /// Write the next round's pairs to OUT (standard output without it): their number, then
    /// `white black` by pairing number in board order, the bye as `id 0`.
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, default_missing_value = "-")]
    pub pairings: Option<PathBuf>,
    /// Pair every round again from the rounds before it; list the rounds that differ.
    #[arg(short = 'c')]
    pub check: bool,
    /// The Baku acceleration (C.04.5.1), also chosen by the file's 192 record.
    #[arg(long)]
    pub baku: bool,
}

/// `zarf tiebreaks IN.trf [--rules 2026|2024] [--json] [CODE…]`
#[derive(Debug, Clone, clap::Args)]
pub struct TiebreaksArgs {
    /// The tournament, as a TRF-16 or TRF-2026 file.
    pub file: PathBuf,
    /// The edition of FIDE's Tie-Break Regulations (C.07).
    #[arg(long, value_enum, default_value = "2026")]
    pub rules: TiebreakRules,
    /// JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Tie-breaks in order (`PTS BH/C1 BH DE WIN`); by default the file's own (its 212 or 202
    /// record), else FIDE's recommendation for its system.
    pub codes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TiebreakRules {
    #[value(name = "2026")]
    Fide2026,
    #[value(name = "2024")]
    Fide2024,
}

/// Who may make an account of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Signup {
    /// Nobody: organisers and the admin make accounts.
    #[default]
    Closed,
    /// Whoever has an invitation link a player made.
    Invite,
    /// Anyone, by e-mail address.
    Open,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Human,
    Json,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(
        long,
        env = "ZARF_BIND",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub bind: SocketAddr,

    /// Database: sqlite://PATH (embedded) or postgres://... Migrations run at start.
    #[arg(
        long,
        env = "ZARF_DATABASE_URL",
        default_value = "sqlite://./data/zarf.sqlite3",
        global = true
    )]
    pub database_url: String,

    /// Where generated files live (the admin token, keys, mails by default).
    #[arg(long, env = "ZARF_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,

    /// Bearer token with instance-admin rights. If unset, one is generated into the data
    /// directory on first start and printed that once.
    #[arg(long, env = "ZARF_ADMIN_TOKEN", hide_env_values = true, global = true)]
    pub admin_token: Option<String>,

    /// The key sealed moves are encrypted under (64 hex digits). If unset, one is generated into
    /// the data directory on first start. Servers sharing a database must share it.
    #[arg(long, env = "ZARF_ENVELOPE_KEY", hide_env_values = true, global = true)]
    pub envelope_key: Option<String>,

    /// SMTP server for mail (smtp://host:port, smtps://...). Unset: mails are written as .eml files.
    #[arg(long, env = "ZARF_SMTP_URL", hide_env_values = true, global = true)]
    pub smtp_url: Option<String>,

    /// The sender of mail.
    #[arg(
        long,
        env = "ZARF_MAIL_FROM",
        default_value = "zarf <zarf@localhost>",
        global = true
    )]
    pub mail_from: String,

    /// Who may make an account of their own at /signup: closed (organisers make accounts),
    /// invite (with a player's invitation link) or open (anyone, by e-mail address).
    #[arg(
        long,
        env = "ZARF_SIGNUP",
        value_enum,
        default_value = "closed",
        global = true
    )]
    pub signup: Signup,

    /// Sign-in link requests (and sign-ups) allowed per hour for one mail address, and ten times
    /// that for one client address.
    #[arg(
        long,
        env = "ZARF_LOGIN_LIMIT_PER_HOUR",
        default_value_t = 5,
        global = true
    )]
    pub login_limit_per_hour: u32,

    /// Where mails go as .eml files when no SMTP server is configured.
    #[arg(long, env = "ZARF_MAIL_DIR", global = true)]
    pub mail_dir: Option<PathBuf>,

    /// The base URL used in mails and links.
    #[arg(long, env = "ZARF_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Log format.
    #[arg(
        long,
        env = "ZARF_LOG_FORMAT",
        value_enum,
        default_value = "human",
        global = true
    )]
    pub log_format: LogFormat,

    /// Database connections in the pool.
    #[arg(long, env = "ZARF_DB_POOL", default_value_t = 16, global = true)]
    pub db_pool: u32,

    /// HTTP worker threads (default: one per core).
    #[arg(long, env = "ZARF_WORKERS", global = true)]
    pub workers: Option<usize>,

    /// Threads each HTTP worker may start for blocking work (judging that may search, reading a
    /// log): a bound on the server's memory (D43).
    #[arg(
        long,
        env = "ZARF_BLOCKING_THREADS",
        default_value_t = 8,
        global = true
    )]
    pub blocking_threads: usize,

    /// Writes allowed per minute for one account (and for one address: anonymous requests, and a
    /// token's first); more are 429.
    #[arg(
        long,
        env = "ZARF_RATE_LIMIT_PER_MINUTE",
        default_value_t = 600,
        global = true
    )]
    pub rate_limit_per_minute: u32,

    /// Writes allowed per minute from one client address, all callers together.
    #[arg(
        long,
        env = "ZARF_IP_RATE_LIMIT_PER_MINUTE",
        default_value_t = 6000,
        global = true
    )]
    pub ip_rate_limit_per_minute: u32,

    /// The reverse proxies in front of zarf (comma-separated addresses or CIDR ranges): from
    /// these the client is the right-most address of X-Forwarded-For not itself one of them.
    /// Empty: every request's client is its peer, and X-Forwarded-For is ignored.
    #[arg(
        long,
        env = "ZARF_TRUSTED_PROXIES",
        default_value = "",
        value_parser = crate::app::addresses::TrustedProxies::parse,
        global = true
    )]
    pub trusted_proxies: crate::app::addresses::TrustedProxies,

    /// Failed Xfcc passwords for one username from one address before it is locked (a minute,
    /// doubling with each further failure up to an hour).
    #[arg(
        long,
        env = "ZARF_FAILURES_BEFORE_LOCK",
        default_value_t = 5,
        global = true
    )]
    pub failures_before_lock: u32,

    /// Failures from one address before the address is locked as above: Xfcc passwords over
    /// every username, and (counted apart) wrong sign-in codes.
    #[arg(
        long,
        env = "ZARF_ADDRESS_FAILURES_BEFORE_LOCK",
        default_value_t = 50,
        global = true
    )]
    pub address_failures_before_lock: u32,

    /// A second address that serves only `GET /metrics`, without a token (for a Prometheus
    /// scraper on a private interface). On the main address `/metrics` needs the admin token.
    #[arg(long, env = "ZARF_METRICS_BIND", global = true)]
    pub metrics_bind: Option<SocketAddr>,

    /// Directories of Syzygy endgame tablebases (`.rtbw` and `.rtbz` files), separated by
    /// `:`. Without them no game is decided by the tables.
    #[arg(long, env = "ZARF_SYZYGY_PATH", default_value = "", global = true)]
    pub syzygy_path: String,
}

impl Config {
    /// The tablebase directories: `ZARF_SYZYGY_PATH` split at `:`, empty parts dropped.
    pub fn syzygy_dirs(&self) -> Vec<PathBuf> {
        std::env::split_paths(&self.syzygy_path)
            .filter(|p| !p.as_os_str().is_empty())
            .collect()
    }

    pub fn mail_dir(&self) -> PathBuf {
        self.mail_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("mail"))
    }

    pub fn public_url(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.bind))
            .trim_end_matches('/')
            .to_owned()
    }

    /// A configuration for tests and tools: SQLite at `database_url`, everything else default.
    pub fn for_database(database_url: &str, data_dir: PathBuf) -> Config {
        let mut cli = Cli::parse_from(["zarf"]);
        cli.config.database_url = database_url.to_owned();
        cli.config.data_dir = data_dir;
        cli.config.bind = "127.0.0.1:0".parse().expect("a loopback address");
        cli.config
    }
}
