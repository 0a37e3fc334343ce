//! zarf's service: the event store, the application layer (`app`), and its three doors (`http`):
//! the JSON API v1, the pages and Xfcc.

pub mod app;
pub mod config;
pub mod files;
pub mod games;
pub mod http;
pub mod i18n;
pub mod mail;
pub mod outbox;
pub mod scheduler;
pub mod sealing;
pub mod store;
pub mod tablebase;
pub mod telemetry;
pub mod zone;

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;

use actix_web::{web, HttpServer};
use anyhow::Context as _;

use app::tokens::{new_token, token_hash};
use app::{AppState, Limits};
use config::Config;
use store::Store;

/// Where the admin token came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminTokenSource {
    /// The configuration (`ZARF_ADMIN_TOKEN`).
    Configured,
    /// The file in the data directory, made on an earlier start.
    Kept(PathBuf),
    /// Made now, into the file in the data directory.
    Generated(PathBuf),
}

/// The admin token: configured, or kept in the data directory (generated on first start, in a
/// file only its owner may read). Returns the token and where it came from.
pub fn admin_token(config: &Config) -> anyhow::Result<(String, AdminTokenSource)> {
    if let Some(t) = config.admin_token.as_ref().filter(|t| !t.trim().is_empty()) {
        return Ok((t.trim().to_owned(), AdminTokenSource::Configured));
    }
    let path = config.data_dir.join("admin-token");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let t = existing.trim().to_owned();
        if !t.is_empty() {
            return Ok((t, AdminTokenSource::Kept(path)));
        }
        // An empty file (a start that stopped half-way): made again.
        std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
    }
    files::private_dir(&config.data_dir)?;
    let token = new_token();
    files::write_private(&path, token.as_bytes())?;
    Ok((token, AdminTokenSource::Generated(path)))
}

/// A server ready to run, and where it listens.
pub struct Running {
    pub server: actix_web::dev::Server,
    /// The server's shared state (tests drive the scheduler with it).
    pub state: web::Data<AppState>,
    pub addr: SocketAddr,
    pub admin_token: String,
    pub admin_token_source: AdminTokenSource,
    /// The private address `/metrics` is also served on without a token (`ZARF_METRICS_BIND`),
    /// and its server, to run beside the main one.
    pub metrics: Option<(SocketAddr, actix_web::dev::Server)>,
}

impl Running {
    /// What `zarf serve` prints when it is ready: where it serves, and the admin token only on
    /// the start that generated it (later starts say where it is kept, not what it is).
    pub fn banner(&self, database_url: &str) -> String {
        let mut banner = format!("zarf is serving at http://{}\n", self.addr);
        match &self.admin_token_source {
            AdminTokenSource::Generated(path) => {
                banner += &format!(
                    "admin token (generated now, kept in {}): {}\n",
                    path.display(),
                    self.admin_token
                );
            }
            AdminTokenSource::Kept(path) => {
                banner += &format!("admin token: kept in {}\n", path.display());
            }
            AdminTokenSource::Configured => {}
        }
        if let Some((addr, _)) = &self.metrics {
            banner += &format!("metrics (no token): http://{addr}/metrics\n");
        }
        banner += &format!("database: {}\n", redact(database_url));
        banner
    }
}

/// Opens the store (running migrations), binds, and builds the server.
pub fn build(config: &Config) -> anyhow::Result<Running> {
    files::secure(config)?;
    let store = Store::open(&config.database_url, config.db_pool)
        .with_context(|| format!("opening the database {}", redact(&config.database_url)))?;
    let (admin, source) = admin_token(config)?;
    let envelope_key =
        sealing::EnvelopeKey::load(config.envelope_key.as_deref(), &config.data_dir)?;
    let listener =
        TcpListener::bind(config.bind).with_context(|| format!("binding {}", config.bind))?;
    let addr = listener.local_addr()?;
    // Links point at the address actually bound unless a public URL is configured.
    let public_url = match &config.public_url {
        Some(_) => config.public_url(),
        None => format!("http://{addr}"),
    };
    let mail = mail::compose::MailSettings {
        from: config
            .mail_from
            .parse()
            .context("ZARF_MAIL_FROM is not a mailbox")?,
        domain: public_url
            .split("://")
            .nth(1)
            .and_then(|rest| rest.split(['/', ':']).next())
            .filter(|h| !h.is_empty())
            .unwrap_or("zarf.local")
            .to_owned(),
        public_url: public_url.clone(),
        link_secret: envelope_key.derive("unsubscribe"),
    };
    let outlet = app::sender::Outlet::new(config.smtp_url.as_deref(), config.mail_dir())?;
    let tablebases = tablebase::Tablebases::open(&config.syzygy_dirs())?;
    if tablebases.files() > 0 {
        tracing::info!(
            pieces = tablebases.pieces(),
            files = tablebases.files(),
            tables = tablebases.identity(),
            "endgame tablebases opened"
        );
    } else if !config.syzygy_dirs().is_empty() {
        tracing::warn!("ZARF_SYZYGY_PATH holds no table files");
    }
    let live = match store.backend() {
        store::Backend::Postgres => app::live::Live::shared(&store),
        store::Backend::Sqlite => Arc::new(app::live::Live::local()),
    };
    let state = web::Data::new(AppState {
        store,
        admin_token_hash: token_hash(&admin),
        metrics: app::metrics::Metrics::new(),
        limits: Arc::new(Limits::new(
            config.rate_limit_per_minute,
            config.ip_rate_limit_per_minute,
        )),
        public_url,
        envelope_key,
        mail: mail.clone(),
        folds: app::folds::Folds::new(app::folds::GAMES_KEPT),
        tournament_folds: app::folds::Folds::new(app::folds::TOURNAMENTS_KEPT),
        verdicts: Default::default(),
        live,
        login_limits: Limits::per_hour(
            config.login_limit_per_hour,
            config.login_limit_per_hour.saturating_mul(10),
        ),
        sign_in_mail_cap: Limits::per_hour(config.login_limit_per_hour.saturating_mul(10), 1),
        password_failures: app::limits::PasswordFailures::new(
            config.failures_before_lock,
            config.address_failures_before_lock,
        ),
        code_failures: app::limits::Failures::new(config.address_failures_before_lock),
        trusted_proxies: config.trusted_proxies.clone(),
        tournaments_due: Default::default(),
        opened_lines: Default::default(),
        dice_seeds: Default::default(),
        erasures_seen: Default::default(),
        tablebases: Arc::new(tablebases),
        signup: config.signup,
    });
    scheduler::spawn(std::sync::Arc::downgrade(&state.clone().into_inner()));
    let state_for_caller = state.clone();
    let handed = state.store.hand_off_mail();
    app::sender::spawn(
        std::sync::Arc::downgrade(&state.clone().into_inner()),
        outlet,
        mail,
        handed,
    );
    let metrics = match config.metrics_bind {
        Some(bind) => {
            let listener =
                TcpListener::bind(bind).with_context(|| format!("binding {bind} for metrics"))?;
            let addr = listener.local_addr()?;
            let state = state.clone();
            let server = HttpServer::new(move || http::ops::metrics_app(state.clone()))
                .listen(listener)?
                .workers(1)
                .run();
            Some((addr, server))
        }
        None => None,
    };
    let mut server = HttpServer::new(move || http::app(state.clone())).listen(listener)?;
    if let Some(w) = config.workers {
        server = server.workers(w.max(1));
    }
    server = server.worker_max_blocking_threads(config.blocking_threads.max(1));
    Ok(Running {
        state: state_for_caller,
        server: server.run(),
        addr,
        admin_token: admin,
        admin_token_source: source,
        metrics,
    })
}

/// The URL without a password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{}:***{}", &url[..s + 3], user, &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// `zarf verify`: checks every log's chain and fold, of every kind. Returns the number of breaks.
/// `zarf admin add-organiser` and `add-admin`: the account with the address given the role,
/// and the line to print (its one-time sign-in link).
pub fn add_account(
    config: &Config,
    args: &config::AccountArgs,
    role: store::Role,
) -> anyhow::Result<String> {
    use app::accounts::{grant_by_address, Email, PlayerName};
    let email = Email::parse(&args.email)
        .ok_or_else(|| anyhow::anyhow!("not an e-mail address: {:?}", args.email))?;
    let name = match args.name.as_deref() {
        Some(n) => Some(PlayerName::parse(n).ok_or_else(|| {
            anyhow::anyhow!(
                "a name is 1 to {} characters on one line",
                app::accounts::MAX_NAME_CHARS
            )
        })?),
        None => None,
    };
    let store = Store::open(&config.database_url, 2)?;
    let (player, link) = grant_by_address(&store, &config.public_url(), &email, name, role)?;
    Ok(format!(
        "{} <{}> is now {}: sign in within {} hours at\n{link}\n",
        player.name,
        email.as_str(),
        match role {
            store::Role::Admin => "an admin",
            _ => "an organiser",
        },
        app::accounts::OPERATOR_LINK_HOURS
    ))
}

pub fn verify(config: &Config) -> anyhow::Result<usize> {
    let store = Store::open(&config.database_url, 2)?;
    let mut all = 0;
    for (log, verify) in store::VERIFIED {
        let mut breaks = 0;
        let ids = store.log_ids(log)?;
        for id in &ids {
            for b in verify(&store, id)? {
                println!(
                    "BROKEN {} {} at seq {}: {}",
                    b.kind, b.log_id, b.seq, b.reason
                );
                breaks += 1;
            }
        }
        println!("verified {} {}s: {} breaks", ids.len(), log.kind(), breaks);
        all += breaks;
    }
    Ok(all)
}
