//! Prometheus metrics: requests, latencies, moves recorded, events appended, store conflicts.

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, Opts, Registry, TextEncoder,
};

#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    pub requests: IntCounterVec,
    pub latency: HistogramVec,
    pub moves_recorded: IntCounter,
    pub events_appended: IntCounter,
    pub store_conflicts: IntCounter,
    pub verdict_searches: IntCounter,
    pub verdicts_unknown: IntCounter,
    pub dead_positions: IntCounter,
}

impl Metrics {
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "zarf_http_requests_total",
                "HTTP requests by route and status",
            ),
            &["method", "route", "status"],
        )
        .expect("valid metric");
        let latency = HistogramVec::new(
            HistogramOpts::new("zarf_http_request_duration_seconds", "HTTP request latency")
                .buckets(vec![
                    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
                ]),
            &["method", "route"],
        )
        .expect("valid metric");
        let moves_recorded =
            IntCounter::new("zarf_moves_recorded_total", "Moves recorded").expect("valid metric");
        let events_appended =
            IntCounter::new("zarf_events_appended_total", "Events appended to game logs")
                .expect("valid metric");
        let store_conflicts = IntCounter::new(
            "zarf_store_conflicts_total",
            "Appends that lost a race for a game's next sequence number",
        )
        .expect("valid metric");
        let counter = |name: &str, help: &str| IntCounter::new(name, help).expect("valid metric");
        let verdict_searches = counter(
            "zarf_verdict_searches_total",
            "Positions the whole dead-position test searched off the request path",
        );
        let verdicts_unknown = counter(
            "zarf_verdicts_unknown_total",
            "Background dead-position searches that stopped at their bound",
        );
        let dead_positions = counter(
            "zarf_dead_positions_found_total",
            "Dead positions the background test found and recorded",
        );
        for m in [
            Box::new(requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(latency.clone()),
            Box::new(moves_recorded.clone()),
            Box::new(events_appended.clone()),
            Box::new(store_conflicts.clone()),
            Box::new(verdict_searches.clone()),
            Box::new(verdicts_unknown.clone()),
            Box::new(dead_positions.clone()),
        ] {
            registry.register(m).expect("metric registered once");
        }
        // The process's own figures: resident memory, CPU seconds, open files.
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(
                prometheus::process_collector::ProcessCollector::for_self(),
            ))
            .expect("metric registered once");
        Metrics {
            registry,
            requests,
            latency,
            moves_recorded,
            events_appended,
            store_conflicts,
            verdict_searches,
            verdicts_unknown,
            dead_positions,
        }
    }

    pub fn render(&self) -> String {
        let mut buf = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buf);
        String::from_utf8(buf).unwrap_or_default()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// Who may read the metrics on the main address: an admin (the admin token, or a player given
/// the admin role); an anonymous reader is asked to sign in, anyone else refused. The metrics
/// address (`ZARF_METRICS_BIND`) is private by where it listens, and asks nobody.
pub fn may_read(reader: Option<super::actors::Account<'_>>) -> super::reads::Access {
    use super::reads::Access;
    match reader {
        None => Access::SignIn,
        Some(a) if a.is_admin() => Access::Allowed,
        Some(_) => Access::Hidden,
    }
}

/// Whether the database answers (blocking): the health check.
pub fn store_reachable(state: &super::AppState) -> bool {
    state.store.ping().is_ok()
}

/// The group committer's counters, as the metrics add them.
pub fn commit_stats(state: &super::AppState) -> &crate::store::group::CommitStats {
    &state.store.commit_stats
}
