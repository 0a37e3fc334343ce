//! A second kind of log, declared as any kind is, gets what a game's log gets from the same
//! code.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use super::*;
use crate::store::chain::GENESIS;
use crate::store::log::tally::*;
use crate::store::{on_temp_postgres, verify_log, Append, Chained, OutboxRow, Store};

#[test]
fn another_kind_of_log_is_appended_chained_projected_and_verified() {
    let dir = std::env::temp_dir().join(format!("zarf-tally-{}", uuid::Uuid::now_v7()));
    let url = format!("sqlite://{}", dir.join("zarf.sqlite3").display());
    another_kind_on(Store::open(&url, 4).unwrap());
    on_temp_postgres(another_kind_on);
}

fn another_kind_on(store: Store) {
    store.writer().unwrap().batch_execute(TABLES).unwrap();
    // Its first append, with mail, through the group commit.
    let first = [counted(2), counted(3)];
    let mail = OutboxRow::queued(None, "your_move", "p".into(), "{}".into(), 1);
    let stored = store
        .append(&Append {
            after_seq: 0,
            prev_hash: GENESIS,
            events: &first,
            projection: &tally("t", 5, 2),
            mail: std::slice::from_ref(&mail),
            envelope: None,
        })
        .unwrap();
    assert_eq!(stored.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(stored[1].prev_hash, stored[0].hash, "chained");

    // In one batch with a game's append: a lost race on the tally is undone alone.
    let next = |n: i64, total: i64| {
        let append = Append {
            after_seq: 2,
            prev_hash: &stored[1].hash,
            events: &[counted(n)],
            projection: &tally("t", total, 3),
            mail: &[],
            envelope: None,
        };
        Store::rows_of(&append, Chained::of(&append)).0
    };
    let batch = [
        next(4, 9),
        next(-1, 4),
        super::tests::first_append("g", "m"),
    ];
    let batch: Vec<Job> = batch
        .into_iter()
        .map(|rows| Job {
            rows,
            answer: oneshot::channel().0,
        })
        .collect();
    let each = write_batch(&mut store.writer().unwrap(), &batch).unwrap();
    assert!(
        matches!(each.as_slice(), [Ok(()), Err(StoreError::Conflict), Ok(())]),
        "{each:?}"
    );

    // Read back and decoded; the projection is the winner's; the mail was queued with it.
    let log: Vec<StoredEvent<Counted>> = store.load_log(&TallyLog, "t", 0).unwrap();
    let counts: Vec<i64> = log.iter().map(|e| e.event.n).collect();
    assert_eq!(counts, [2, 3, 4]);
    assert_eq!(log[2].prev_hash, stored[1].hash);
    let row: (String, i64, i64) = tallies::table
        .select((tallies::id, tallies::total, tallies::last_seq))
        .first(&mut *store.reader().unwrap())
        .unwrap();
    assert_eq!(row, ("t".into(), 9, 3));
    let queued: i64 = crate::store::schema::outbox::table
        .count()
        .get_result(&mut *store.reader().unwrap())
        .unwrap();
    assert_eq!(queued, 1);
    assert_eq!(store.log_ids(&TallyLog).unwrap(), ["t"]);

    // Verified as a game's log is: sound, then a tampered event found.
    assert_eq!(verify_log(&store, &TallyLog, "t", fold).unwrap(), []);
    store
        .writer()
        .unwrap()
        .batch_execute(
            "UPDATE tally_events SET data = '{\"n\":40}' WHERE tally_id = 't' AND seq = 3",
        )
        .unwrap();
    let breaks = verify_log(&store, &TallyLog, "t", fold).unwrap();
    assert_eq!(breaks.len(), 1, "{breaks:?}");
    assert_eq!(
        (breaks[0].kind, breaks[0].seq, breaks[0].reason.as_str()),
        ("tally", 3, "hash does not match the event's content")
    );
}

/// Events chained before their append is made (so that its mail can quote their hashes) are
/// written as chained; rows chained for another place in the log are refused, nothing written.
#[test]
fn an_append_is_written_as_its_events_were_chained() {
    let dir = std::env::temp_dir().join(format!("zarf-chained-{}", uuid::Uuid::now_v7()));
    let url = format!("sqlite://{}", dir.join("zarf.sqlite3").display());
    let store = Store::open(&url, 4).unwrap();
    store.writer().unwrap().batch_execute(TABLES).unwrap();
    let events = [counted(2), counted(3)];
    let append = Append {
        after_seq: 0,
        prev_hash: GENESIS,
        events: &events,
        projection: &tally("t", 5, 2),
        mail: &[],
        envelope: None,
    };
    // Chained after the wrong event, or onto the wrong hash: refused.
    for (after, prev) in [(1, GENESIS), (0, "ab")] {
        let wrong = Chained::new(&TallyLog, "t", after, prev, &events);
        let refused = store.submit_chained(&append, wrong).map(|_| ());
        assert!(
            matches!(refused, Err(StoreError::Corrupt(_))),
            "{refused:?}"
        );
    }
    let other = Chained::new(&TallyLog, "u", 0, GENESIS, &events);
    assert!(
        store.submit_chained(&append, other).is_err(),
        "another log's"
    );
    assert!(store
        .load_log::<Counted>(&TallyLog, "t", 0)
        .unwrap()
        .is_empty());
    // Chained where the append goes: the receipts are what is written.
    let chained = Chained::new(&TallyLog, "t", 0, GENESIS, &events);
    let receipts: Vec<(i64, String)> = chained
        .receipts()
        .map(|r| (r.seq, r.hash.to_owned()))
        .collect();
    let stored = store
        .submit_chained(&append, chained)
        .unwrap()
        .wait()
        .unwrap();
    let read: Vec<(i64, String)> = store
        .load_log::<Counted>(&TallyLog, "t", 0)
        .unwrap()
        .into_iter()
        .map(|e| (e.seq, e.hash))
        .collect();
    assert_eq!(read, receipts);
    assert_eq!(
        stored.iter().map(|e| e.hash.clone()).collect::<Vec<_>>(),
        [receipts[0].1.clone(), receipts[1].1.clone()]
    );
}
