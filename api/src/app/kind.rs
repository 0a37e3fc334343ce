//! A kind of event log, as the command pipeline runs commands on it: how its state folds, how a
//! command is judged, and what its projection and mail are. A game is one kind ([`super::games`]);
//! another (a tournament) implements [`LogKind`] and gets the pipeline — the cached folds, the
//! retry on a lost race, the group commit, the hash chain — without a copy of it.

use domain::game::Rejection;

use super::command_error::CommandError;
use super::folds::{Folded, Folds, LogFold};
use super::AppState;
use crate::store::{Chained, OutboxRow, ProjectionRow, StoreError, StoredEvent};

/// A command ready to be judged: with the context to judge it in, where the service adds to the
/// caller's, and a secret to store with its events.
pub struct Prepared<K: LogKind> {
    pub command: K::Command,
    pub ctx: Option<K::Context>,
    pub secret: Option<crate::store::EnvelopeRow>,
}

/// A kind of log the pipeline runs commands on: how it folds ([`LogFold`]), and the rest.
pub trait LogKind: LogFold {
    type Command: Clone + Send + Sync + 'static;
    /// Who asks and when, and whatever else judging needs.
    type Context: Clone + Send + Sync + 'static;
    /// What an answer carries beside the new state (a game's view).
    type Answer: Send + 'static;

    /// This server's cached folds of this kind.
    fn folds(app: &AppState) -> &Folds<Self>;
    /// The state's version, as a client names the one it expects.
    fn version(state: &Self::State) -> u64;
    /// Whether the command starts a log (it may not be answered "not found").
    fn creates(command: &Self::Command) -> bool;
    /// Judges a command: the events to append, or the refusal (in the kind's own terms, as a
    /// [`CommandError`]).
    fn judge(
        state: &Self::State,
        command: Self::Command,
        ctx: &Self::Context,
    ) -> Result<Judgement<Self::Event>, CommandError>;
    /// The projection row, the mail and the answer once `events` (numbered and hashed as
    /// `chained` holds them) have made `after` of log `id`; an error if `after` is not a state
    /// the events can make.
    fn project(
        app: &AppState,
        id: &str,
        after: &Self::State,
        chained: &Chained,
        events: &[Self::Event],
        ctx: &Self::Context,
    ) -> Result<Projected<Self>, StoreError>;
    /// The command as judged on `state`, with whatever the service holds apart from the log
    /// that judging it needs (a game's move: the conditional lines held, opened; a game of
    /// dice: its secret, drawn and sealed when it is created). Runs where the command is
    /// judged, which is never an HTTP worker where this reads the store.
    fn prepare(
        _app: &AppState,
        _state: &Self::State,
        command: Self::Command,
        _ctx: &Self::Context,
    ) -> Result<Prepared<Self>, CommandError> {
        Ok(Prepared {
            command,
            ctx: None,
            secret: None,
        })
    }
    /// Whether an HTTP worker judges this command on this copy of a cached state itself,
    /// instead of handing it to a blocking thread: only where judging is known to be quick.
    fn judged_on_worker(
        _app: &AppState,
        _copy: &mut Self::State,
        _command: &Self::Command,
        _ctx: &Self::Context,
    ) -> bool {
        false
    }
    /// Called once the command's events are committed and `folded` cached.
    fn landed(_app: &AppState, _id: &str, _folded: &Folded<Self::State>) {}
    /// Counts what the committed events did, for the metrics.
    fn count(_app: &AppState, _events: &[StoredEvent<Self::Event>]) {}
}

/// A judged command.
pub struct Judgement<E> {
    /// What to append.
    pub events: Vec<E>,
    /// A refusal to answer once they are written: they record what had to happen first (a
    /// fallen flag) instead of the command.
    pub then_refuse: Option<Rejection>,
}

/// What a command's events project to.
pub struct Projected<K: LogKind> {
    pub row: Box<dyn ProjectionRow>,
    pub mail: Vec<OutboxRow>,
    pub answer: K::Answer,
}

/// The tests' second kind of log (a tally) run through the pipeline that runs games.
#[cfg(test)]
pub(crate) mod tests {
    use std::sync::{Arc, OnceLock};

    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;
    use time::OffsetDateTime;

    use super::*;
    use crate::app::commands::{execute_on, just_on, run_on, CommandError};
    use crate::store::log::tally::{tallies, Counted, TallyLog, TallyRow, TABLES};
    use crate::store::LogTable;
    use crate::store::{on_temp_postgres, Append, Store};

    struct Tally;

    #[derive(Debug, Clone)]
    enum Count {
        Open,
        Add(i64),
    }

    /// A tally's events and total.
    type Tallied = Option<(u64, i64)>;

    /// A tally takes counts up to this total.
    const FULL: i64 = 10;

    impl LogFold for Tally {
        type State = Tallied;
        type Event = Counted;

        fn table() -> &'static dyn LogTable {
            &TallyLog
        }

        fn empty() -> Tallied {
            None
        }

        fn evolve(state: Tallied, event: &Counted) -> Tallied {
            let (events, total) = state.unwrap_or_default();
            Some((events + 1, total + event.n))
        }

        fn corrupt(_: &Tallied) -> Option<String> {
            None
        }
    }

    impl LogKind for Tally {
        type Command = Count;
        type Context = OffsetDateTime;
        type Answer = i64;

        fn folds(_: &AppState) -> &Folds<Tally> {
            static FOLDS: OnceLock<Folds<Tally>> = OnceLock::new();
            FOLDS.get_or_init(|| Folds::new(100))
        }

        fn version(state: &Tallied) -> u64 {
            state.map_or(0, |(events, _)| events)
        }

        fn creates(command: &Count) -> bool {
            matches!(command, Count::Open)
        }

        fn judge(
            state: &Tallied,
            command: Count,
            now: &OffsetDateTime,
        ) -> Result<Judgement<Counted>, CommandError> {
            let n = match (state, command) {
                (None, Count::Open) => 0,
                (Some(_), Count::Open) => return Err(Rejection::GameExists.into()),
                (None, Count::Add(_)) => return Err(Rejection::NoSuchGame.into()),
                (Some((_, total)), Count::Add(n)) if total + n > FULL => {
                    return Err(Rejection::GameOver.into())
                }
                (Some(_), Count::Add(n)) => n,
            };
            Ok(Judgement {
                events: vec![Counted { at: *now, n }],
                then_refuse: None,
            })
        }

        fn project(
            _: &AppState,
            id: &str,
            after: &Tallied,
            _: &Chained,
            _: &[Counted],
            _: &OffsetDateTime,
        ) -> Result<Projected<Tally>, StoreError> {
            let (events, total) = after.unwrap_or_default();
            Ok(Projected {
                row: Box::new(TallyRow {
                    id: id.into(),
                    total,
                    last_seq: events as i64,
                }),
                mail: vec![],
                answer: total,
            })
        }
    }

    pub(crate) fn app_state(store: Store) -> Arc<AppState> {
        let key = crate::sealing::EnvelopeKey::from_hex(&"ab".repeat(32)).unwrap();
        Arc::new(AppState {
            store,
            admin_token_hash: String::new(),
            metrics: super::super::metrics::Metrics::new(),
            limits: Arc::new(super::super::Limits::new(100, 100)),
            public_url: "http://zarf.test".into(),
            mail: crate::mail::compose::MailSettings {
                from: "zarf <zarf@zarf.test>".parse().unwrap(),
                public_url: "http://zarf.test".into(),
                domain: "zarf.test".into(),
                link_secret: key.derive("unsubscribe"),
            },
            envelope_key: key,
            folds: Folds::new(10),
            tournament_folds: Folds::new(10),
            verdicts: Default::default(),
            live: Arc::new(super::super::live::Live::local()),
            login_limits: super::super::Limits::per_hour(10, 10),
            sign_in_mail_cap: super::super::Limits::per_hour(100, 1),
            password_failures: super::super::limits::PasswordFailures::new(10, 100),
            code_failures: super::super::limits::Failures::new(100),
            trusted_proxies: Default::default(),
            signup: Default::default(),
            tournaments_due: Default::default(),
            opened_lines: Default::default(),
            dice_seeds: Default::default(),
            erasures_seen: Default::default(),
            tablebases: Arc::new(crate::tablebase::Tablebases::none()),
        })
    }

    #[test]
    fn another_kind_of_log_runs_through_the_games_pipeline() {
        let dir = std::env::temp_dir().join(format!("zarf-kind-{}", uuid::Uuid::now_v7()));
        let url = format!("sqlite://{}", dir.join("zarf.sqlite3").display());
        runs_through_the_pipeline_on(Store::open(&url, 4).unwrap());
        on_temp_postgres(runs_through_the_pipeline_on);
    }

    fn runs_through_the_pipeline_on(store: Store) {
        store.writer().unwrap().batch_execute(TABLES).unwrap();
        let app = app_state(store);
        let id = uuid::Uuid::now_v7().to_string();
        let now = crate::store::now();
        let execute = |command: Count, expected: Option<u64>| {
            execute_on::<Tally>(&app, &id, just_on::<Tally>(command), &now, expected)
        };

        // Created on the caller's thread; a command on a log that is not there is not found.
        let opened = execute(Count::Open, None).unwrap();
        assert_eq!((opened.answer, opened.new_events.len()), (0, 1));
        let elsewhere = execute_on::<Tally>(&app, "none", just_on(Count::Add(1)), &now, None);
        assert!(matches!(elsewhere, Err(CommandError::NotFound)));

        // From an async worker: judged on a blocking thread, the commit awaited.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let added = runtime
            .block_on(run_on::<Tally>(app.clone(), &id, Count::Add(3), now, None))
            .unwrap();
        assert_eq!((added.answer, added.folded.seq), (3, 2));

        // Another server appends behind this one's cache: the command judged on the stale fold
        // loses the race, and is judged again on the log.
        let last = &added.new_events[0];
        app.store
            .append(&Append {
                after_seq: 2,
                prev_hash: &last.hash,
                events: &[Counted { at: now, n: 4 }],
                projection: &TallyRow {
                    id: id.clone(),
                    total: 7,
                    last_seq: 3,
                },
                mail: &[],
                envelope: None,
            })
            .unwrap();
        let conflicts = app.metrics.store_conflicts.get();
        let again = execute(Count::Add(2), None).unwrap();
        assert_eq!((again.answer, again.folded.seq), (9, 4));
        assert_eq!(app.metrics.store_conflicts.get(), conflicts + 1);
        assert_eq!(Tally::folds(&app).cached(&id).map(|f| f.seq), Some(4));

        // Refusals write nothing: the rules', and a version the client no longer has.
        let full = execute(Count::Add(FULL), None);
        assert!(matches!(
            full,
            Err(CommandError::Rejected(Rejection::GameOver))
        ));
        let stale = execute(Count::Add(1), Some(3));
        assert!(matches!(stale, Err(CommandError::VersionConflict)));
        let log: Vec<crate::store::StoredEvent<Counted>> =
            app.store.load_log(&TallyLog, &id, 0).unwrap();
        let counts: Vec<i64> = log.iter().map(|e| e.event.n).collect();
        assert_eq!(counts, [0, 3, 4, 2]);
        let row: (i64, i64) = tallies::table
            .find(&id)
            .select((tallies::total, tallies::last_seq))
            .first(&mut *app.store.reader().unwrap())
            .unwrap();
        assert_eq!(row, (9, 4), "the projection written with the events");
    }
}
