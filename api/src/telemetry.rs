//! Structured logs: human-readable by default, JSON with `--log-format json`. Every line logged
//! while a request is handled carries its request id (the request's span, from TracingLogger);
//! the access line is an event at the end of each request (`http::access`).

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

/// Colour codes in human logs: only when stderr is a terminal and `NO_COLOR` is not set
/// (<https://no-color.org>).
fn colour_wanted() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Installs the global subscriber (once; later calls do nothing). `RUST_LOG` overrides the
/// default level, info.
pub fn init(format: LogFormat) {
    init_with_default(format, "info")
}

/// As [`init`], with another default level (tests use `warn`).
pub fn init_with_default(format: LogFormat, default_filter: &str) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let registry = tracing_subscriber::registry().with(filter);
    let _ = match format {
        // Coloured only on a terminal: a log file or a pipe gets plain text to read and grep.
        LogFormat::Human => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .with_ansi(colour_wanted())
                    .with_writer(std::io::stderr),
            )
            .try_init(),
        LogFormat::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .with_current_span(true)
                    .with_span_list(true)
                    .with_writer(std::io::stderr),
            )
            .try_init(),
    };
}
