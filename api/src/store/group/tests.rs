//! The group commit's tests.

use super::*;
use crate::store::on_temp_postgres;
use crate::store::schema::{game_events, games};
use crate::store::{GameRow, OutboxRow, Store, StoreError};

fn temp_store() -> Store {
    temp_store_and_path().0
}

/// A new SQLite store and its file.
fn temp_store_and_path() -> (Store, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("zarf-group-{}", uuid::Uuid::now_v7()));
    let file = dir.join("zarf.sqlite3");
    let store = Store::open(&format!("sqlite://{}", file.display()), 4).unwrap();
    (store, file)
}

/// A game's first append: one event and its projection row (the data need not fold here).
pub(super) fn first_append(game: &str, marker: &str) -> Rows {
    Rows {
        after_seq: 0,
        events: vec![EventRow {
            log_id: game.into(),
            seq: 1,
            type_: "game_created".into(),
            version: 1,
            data: format!("{{\"marker\":\"{marker}\"}}"),
            actor: "admin".into(),
            recorded_at: 0,
            prev_hash: "0".repeat(64),
            hash: "1".repeat(64),
        }],
        projection: Box::new(game_row(game, marker)),
        mail: vec![],
        envelope: None,
    }
}

/// A game's projection row, its view `marker`.
fn game_row(game: &str, marker: &str) -> GameRow {
    GameRow {
        id: game.into(),
        white_id: "w".into(),
        black_id: "b".into(),
        organiser_id: None,
        status: "active".into(),
        to_move: "white".into(),
        to_move_id: None,
        deadline: None,
        result: None,
        termination: None,
        last_seq: 1,
        created_at: 0,
        updated_at: 0,
        view: marker.into(),
        clock_state: None,
        claimed_until: None,
        reminder_at: None,
        resume_deadline: None,
        game: "chess".into(),
        rated: false,
        visibility: "public".into(),
    }
}

fn job(rows: Rows) -> Job {
    Job {
        rows,
        answer: oneshot::channel().0,
    }
}

fn count_events(store: &Store) -> Vec<(String, String)> {
    game_events::table
        .select((game_events::game_id, game_events::data))
        .order(game_events::game_id)
        .load(&mut *store.reader().unwrap())
        .unwrap()
}

#[test]
fn a_lost_race_in_a_batch_is_undone_alone() {
    a_lost_race_in_a_batch_is_undone_alone_on(temp_store());
    on_temp_postgres(a_lost_race_in_a_batch_is_undone_alone_on);
}

fn a_lost_race_in_a_batch_is_undone_alone_on(store: Store) {
    let batch = [
        job(first_append("game-a", "first")),
        job(first_append("game-a", "second")),
        job(first_append("game-b", "third")),
    ];
    let each = write_batch(&mut store.writer().unwrap(), &batch).unwrap();
    assert!(matches!(
        each.as_slice(),
        [Ok(()), Err(StoreError::Conflict), Ok(())]
    ));
    assert_eq!(
        count_events(&store),
        [
            ("game-a".to_owned(), "{\"marker\":\"first\"}".to_owned()),
            ("game-b".to_owned(), "{\"marker\":\"third\"}".to_owned())
        ]
    );
    let views: Vec<String> = games::table
        .select(games::view)
        .order(games::id)
        .load(&mut *store.reader().unwrap())
        .unwrap();
    assert_eq!(
        views,
        ["first", "third"],
        "the loser's projection is not written"
    );
}

/// A later append to `game`: event `seq`, the projection's view set to `marker`.
fn next_append(game: &str, seq: i64, marker: &str) -> Rows {
    let mut rows = first_append(game, marker);
    rows.after_seq = seq - 1;
    rows.events[0].seq = seq;
    rows.events[0].type_ = "move_made".into();
    let mut projection = game_row(game, marker);
    projection.last_seq = seq;
    projection.to_move = if seq % 2 == 0 { "black" } else { "white" }.into();
    rows.projection = Box::new(projection);
    rows
}

#[test]
fn postgres_writes_a_batch_in_one_prepared_statement() {
    on_temp_postgres(|store| {
        let mut conn = store.writer().unwrap();
        let mut first = first_append("game-a", "a1");
        first.mail = vec![OutboxRow::queued(
            Some("game-a".into()),
            "your_move",
            "b".into(),
            "{}".into(),
            7,
        )];
        let batches = [
            vec![job(first), job(first_append("game-b", "b1"))],
            vec![
                job(next_append("game-a", 2, "a2")),
                job(next_append("game-b", 2, "b2")),
            ],
            vec![job(next_append("game-a", 3, "a3"))],
        ];
        for batch in &batches {
            let each = write_batch(&mut conn, batch).unwrap();
            assert!(each.iter().all(Result::is_ok), "{each:?}");
        }
        let events: Vec<(String, i64, String)> = game_events::table
            .select((game_events::game_id, game_events::seq, game_events::type_))
            .order((game_events::game_id, game_events::seq))
            .load(&mut *conn)
            .unwrap();
        let seqs: Vec<(&str, i64)> = events.iter().map(|(g, s, _)| (g.as_str(), *s)).collect();
        assert_eq!(
            seqs,
            [
                ("game-a", 1),
                ("game-a", 2),
                ("game-a", 3),
                ("game-b", 1),
                ("game-b", 2)
            ]
        );
        assert_eq!(events[1].2, "move_made");
        let games: Vec<(String, String, i64, String)> = games::table
            .select((games::id, games::view, games::last_seq, games::to_move))
            .order(games::id)
            .load(&mut *conn)
            .unwrap();
        assert_eq!(
            games,
            [
                ("game-a".into(), "a3".into(), 3, "white".into()),
                ("game-b".into(), "b2".into(), 2, "black".into())
            ],
            "later appends replace the projection row"
        );
        let mail: Vec<(Option<String>, String, i64, Option<i64>)> = outbox::table
            .select((
                outbox::game_id,
                outbox::kind,
                outbox::created_at,
                outbox::sent_at,
            ))
            .load(&mut *conn)
            .unwrap();
        assert_eq!(mail, [(Some("game-a".into()), "your_move".into(), 7, None)]);
        // Three batches of different sizes, one statement prepared on this connection.
        let AnyConnection::Postgresql(pg) = &mut *conn else {
            unreachable!("a PostgreSQL store")
        };
        let prepared: i64 = diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
            "(SELECT count(*) FROM pg_prepared_statements \
             WHERE statement LIKE 'WITH appended AS (INSERT INTO game_events%')",
        ))
        .get_result(pg)
        .unwrap();
        assert_eq!(prepared, 1);
    });
}

#[test]
fn concurrent_appends_are_all_answered_after_their_commit() {
    let store = temp_store();
    let threads: Vec<_> = (0..24)
        .map(|i| {
            let group = store.group.clone();
            thread::spawn(move || group.append(first_append(&format!("game-{i:02}"), "m")))
        })
        .collect();
    for t in threads {
        t.join().unwrap().unwrap();
    }
    assert_eq!(count_events(&store).len(), 24);
    let stats = &store.commit_stats;
    assert_eq!(stats.appends.load(std::sync::atomic::Ordering::Relaxed), 24);
    let transactions = stats
        .transactions
        .load(std::sync::atomic::Ordering::Relaxed);
    assert!((1..=24).contains(&transactions), "{transactions}");
    // A second append for a game already there is a conflict, and writes nothing.
    assert!(matches!(
        store.group.append(first_append("game-00", "again")),
        Err(StoreError::Conflict)
    ));
    assert_eq!(count_events(&store).len(), 24);
}

#[test]
fn an_awaited_append_is_answered_only_after_its_commit() {
    use diesel::connection::SimpleConnection;
    let (store, file) = temp_store_and_path();
    // Another writer holds SQLite's write lock: the committer waits for it.
    let mut other = diesel::SqliteConnection::establish(&file.display().to_string()).unwrap();
    other.batch_execute("BEGIN IMMEDIATE").unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    runtime.block_on(async {
        let committing = store.group.submit(first_append("game-a", "m")).unwrap();
        let mut answer = Box::pin(committing.answer());
        let early = tokio::time::timeout(std::time::Duration::from_millis(300), &mut answer);
        assert!(
            early.await.is_err(),
            "answered while the commit could not happen"
        );
        assert!(count_events(&store).is_empty());
        other.batch_execute("ROLLBACK").unwrap();
        answer.await.unwrap();
        assert_eq!(count_events(&store).len(), 1, "answered once committed");
    });
    // A thread's wait is answered the same way; a lost race is a conflict, awaited or not.
    let again = store.group.submit(first_append("game-a", "again")).unwrap();
    assert!(matches!(again.wait(), Err(StoreError::Conflict)));
    let again = store.group.submit(first_append("game-a", "again")).unwrap();
    assert!(matches!(
        runtime.block_on(again.answer()),
        Err(StoreError::Conflict)
    ));
    assert_eq!(count_events(&store).len(), 1);
}

#[test]
fn a_servers_own_mail_is_handed_to_its_sender_already_claimed() {
    a_servers_own_mail_is_handed_to_its_sender_already_claimed_on(temp_store());
    on_temp_postgres(a_servers_own_mail_is_handed_to_its_sender_already_claimed_on);
}

fn a_servers_own_mail_is_handed_to_its_sender_already_claimed_on(store: Store) {
    use crate::store::{micros, now, Append, MAIL_LEASE};
    use domain::game::{Actor, EventBody, GameEvent, Side};
    let event = GameEvent {
        at: now(),
        actor: Actor::System,
        body: EventBody::DrawOffered { by: Side::White },
    };
    let at = micros(now());
    let due = OutboxRow::queued(
        Some("g".into()),
        "draw_offered",
        "b".into(),
        "{}".into(),
        at,
    );
    let mut later = due.clone();
    later.id = uuid::Uuid::now_v7().to_string();
    later.next_attempt_at = at + 3_600_000_000;
    let projection = game_row("g", "v");
    let append = |after_seq: i64, prev_hash: &str, mail: &[OutboxRow]| {
        store.append(&Append {
            after_seq,
            prev_hash,
            events: std::slice::from_ref(&event),
            projection: &projection,
            mail,
            envelope: None,
        })
    };
    // Without a sender to hand to, mail waits unclaimed in the table (zarf-load's limit run).
    let stored = append(0, crate::store::chain::GENESIS, &[]).unwrap();
    let handed = store.hand_off_mail();
    let stored = append(1, &stored[0].hash, &[due.clone(), later.clone()]).unwrap();
    // The mail due now reaches the sender in memory, claimed; the reminder due later does not.
    let got: Vec<OutboxRow> = handed.try_iter().collect();
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].id, due.id);
    let lease = got[0].claimed_until.expect("claimed by this server");
    assert!(lease >= at + MAIL_LEASE.whole_microseconds() as i64);
    let in_table: Vec<(String, Option<i64>)> = outbox::table
        .select((outbox::id, outbox::claimed_until))
        .order(outbox::next_attempt_at)
        .load(&mut *store.reader().unwrap())
        .unwrap();
    assert_eq!(
        in_table,
        [(due.id.clone(), Some(lease)), (later.id.clone(), None)]
    );
    // So no claim takes it while its lease runs...
    let claimed = store.claim_outbox(at + 1, at + 2, 100).unwrap();
    assert!(claimed.is_empty(), "{claimed:?}");
    // ...and once it has run out (the server died before sending it) any sender may.
    let after = lease + 1;
    let mut claimed: Vec<String> = store
        .claim_outbox(later.next_attempt_at.max(after), after + 1, 100)
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    claimed.sort();
    assert_eq!(claimed, [due.id.clone(), later.id.clone()]);
    // A lost race hands nothing over: its rows were never written.
    let mut lost = due.clone();
    lost.id = uuid::Uuid::now_v7().to_string();
    assert!(matches!(
        append(1, &stored[0].hash, &[lost]),
        Err(StoreError::Conflict)
    ));
    assert!(handed.try_iter().next().is_none());
}
