//! Digests instead of every event, mail settled unsent, and mail as files without SMTP.

use super::*;
use crate::on_each_backend;

on_each_backend!(
    a_digest_waits_for_its_hour,
    mail_not_to_be_sent_is_settled,
    mail_a_player_seen_lately_takes_none_of_is_settled_as_it_is_written,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_digest_instead_of_every_event() {
    let (app, inbox) = mail_app(Backend::Sqlite).await;
    let (g, white, black) = game_between(&app).await;
    wait_for(&inbox, 2).await;
    // Black wants a digest at this hour of the day in UTC+3.
    let now = time::OffsetDateTime::now_utc();
    let hour = (now.hour() + 3) % 24;
    let prefs = json!({"mode": "digest", "digest_hour": hour, "utc_offset_minutes": 180});
    let res = app.put_mail_preferences(&black.token, prefs).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let bad = app
        .put_mail_preferences(&black.token, json!({"mode": "hourly"}))
        .await;
    assert_error(bad, 400, "bad_request").await;
    app.play(&g, &white, &black, "e4").await;
    // The server's own scheduler sends the digest this hour; the move itself sends nothing.
    let mails = wait_for(&inbox, 3).await;
    assert!(
        !mails.iter().any(|m| m.subject.contains("played e4")),
        "no mail for the move itself"
    );
    // Running the scheduler again an hour before or a minute later sends no second digest.
    let now = time::OffsetDateTime::now_utc();
    for t in [
        now - time::Duration::minutes(61),
        now + time::Duration::minutes(1),
    ] {
        tick_at(&app, t).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(inbox.lock().unwrap().len(), 3);
    let digest = &mails[2];
    assert_eq!(digest.to, ["mehmet@okul.tr"]);
    assert_eq!(digest.subject, "Your move in 1 games");
    assert!(
        digest.text.contains("Ayse – Mehmet") && digest.text.contains(&format!("/games/{g}")),
        "{}",
        digest.text
    );
    // The game's entry quotes its log's receipt: the move's seq and hash.
    let events = app.events(&g, &white.token).await;
    assert_eq!(assert_receipt(digest, &events, "move_played"), 2);
}

/// A digest chosen for a later hour: rounds before that hour send nothing, the first round in it
/// sends one, later rounds that day none, and the same hour the next day the next one.
async fn a_digest_waits_for_its_hour(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_between(&app).await;
    wait_for(&inbox, 2).await;
    app.play(&g, &white, &black, "e4").await;
    wait_for(&inbox, 3).await;
    // Black's digest hour (UTC+3) starts between five and six hours from now.
    let now = time::OffsetDateTime::now_utc();
    let hour = (now.hour() + 3 + 5) % 24;
    let prefs = json!({"mode": "digest", "digest_hour": hour, "utc_offset_minutes": 180});
    let res = app.put_mail_preferences(&black.token, prefs).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let start = now.replace_time(time::Time::from_hms(now.hour(), 0, 0).unwrap())
        + time::Duration::hours(5);
    // Mail queued for a future moment is not sent before it: the digests are counted in the
    // outbox, where each round's digest is queued.
    let queued = |app: &TestApp| -> Vec<(String, i64)> {
        let rows = app.state.store.outbox(1000).unwrap();
        rows.into_iter()
            .filter(|r| r.kind == "digest")
            .map(|r| (r.recipient_id, r.created_at))
            .collect()
    };
    for (t, digests) in [
        (now, 0),
        (start - time::Duration::minutes(1), 0),
        (start + time::Duration::minutes(1), 1),
        (start + time::Duration::minutes(2), 1),
        (start + time::Duration::minutes(59), 1),
        (start + time::Duration::hours(2), 1),
        (
            start + time::Duration::days(1) + time::Duration::seconds(30),
            2,
        ),
    ] {
        tick_at(&app, t).await;
        let digests_queued = queued(&app);
        assert_eq!(
            digests_queued.len(),
            digests,
            "after a round at {t}: {digests_queued:?}"
        );
        assert!(digests_queued.iter().all(|(to, _)| *to == black.id));
    }
    let days: Vec<i64> = queued(&app).iter().map(|(_, at)| *at).collect();
    let micros = |t: time::OffsetDateTime| (t.unix_timestamp_nanos() / 1000) as i64;
    assert_eq!(
        days,
        [
            micros(start + time::Duration::minutes(1)),
            micros(start + time::Duration::days(1) + time::Duration::seconds(30))
        ]
    );
    // A second server's round that read the same due digest writes nothing: its digest has moved on.
    let late =
        api::store::OutboxRow::queued(None, "digest", black.id.clone(), "{}".into(), micros(start));
    let taken = app
        .state
        .store
        .record_digest(
            &black.id,
            micros(start),
            micros(start + time::Duration::days(1)),
            Some(micros(start)),
            Some(&late),
        )
        .unwrap();
    assert!(!taken);
    assert_eq!(queued(&app).len(), 2);
}

/// Mail to a player without an address, or against the player's preference, is settled without
/// being sent, each with its reason recorded; the rest is sent.
async fn mail_not_to_be_sent_is_settled(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_with_one_address(&app).await;
    app.play(&g, &white, &black, "e4 e5").await;
    wait_for(&inbox, 2).await;
    let res = app
        .put_mail_preferences(&white.token, json!({"mode": "reminders_only"}))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    app.play(&g, &white, &black, "Nf3 Nc6").await;
    // Every row settled: sent, or marked with why not.
    let start = Instant::now();
    let rows = loop {
        let rows = app.state.store.outbox(100).unwrap();
        if rows.iter().all(|r| r.sent_at.is_some()) || start.elapsed() > Duration::from_secs(30) {
            break rows;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let notes = |to: &str| -> Vec<(String, Option<String>)> {
        rows.iter()
            .filter(|r| r.recipient_id == to)
            .map(|r| {
                (
                    r.kind.clone(),
                    r.sent_at
                        .and(Some(r.last_error.clone().unwrap_or_default())),
                )
            })
            .collect()
    };
    let no_address = Some("not sent: no e-mail address".to_owned());
    let sent = Some(String::new());
    let preference = Some("not sent: the player's mail preference".to_owned());
    let to_black = notes(&black.id);
    assert_eq!(to_black.len(), 3, "the new game, e4 and Nf3: {to_black:?}");
    assert!(
        to_black.iter().all(|(_, note)| *note == no_address),
        "{to_black:?}"
    );
    let to_white: Vec<Option<String>> =
        notes(&white.id).into_iter().map(|(_, note)| note).collect();
    assert_eq!(
        to_white,
        [sent.clone(), sent, preference],
        "the new game, e5, Nc6"
    );
    let mails = wait_for(&inbox, 2).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(inbox.lock().unwrap().len(), 2);
    assert!(mails.iter().all(|m| m.to == ["ayse@okul.tr"]));
}

/// Mail to a player this server has read in the last few seconds, who takes none of it (no
/// address, or their preference), is settled as it is written, with the sender's own note: its
/// time is the event's, where the sender's would be later (D36). A preference changed through
/// this server is heeded by the very next mail.
async fn mail_a_player_seen_lately_takes_none_of_is_settled_as_it_is_written(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_with_one_address(&app).await;
    // Each recipient read just before the move that mails them, as the sender's round or a
    // request would read them, so that no slow machine lets the few seconds run out.
    let seen = |p: &Player| app.state.store.player(&p.id).unwrap().expect("the player");
    // The new game's mail to Ayse goes out before her preference changes.
    assert_eq!(wait_for(&inbox, 1).await.len(), 1);
    seen(&black);
    app.play(&g, &white, &black, "e4").await;
    let res = app
        .put_mail_preferences(&white.token, json!({"mode": "reminders_only"}))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(seen(&white).mail_mode, "reminders_only");
    app.play(&g, &white, &black, "e5").await;
    seen(&black);
    app.play(&g, &white, &black, "Nf3").await;
    // Changed through this server, the preference holds for the next mail at once, though the
    // old one was read a moment ago (by Ayse's own move) and she has made no request since.
    let res = app
        .put_mail_preferences(&white.token, json!({"mode": "every_event"}))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    app.play(&g, &white, &black, "Nc6").await;

    let mails = wait_for(&inbox, 2).await;
    let subjects: Vec<&str> = mails.iter().map(|m| m.subject.as_str()).collect();
    assert_eq!(subjects.len(), 2, "{subjects:?}");
    assert!(
        subjects.iter().any(|s| s.contains("played Nc6")),
        "{subjects:?}"
    );
    // The mail of a move: to `to`, of event `seq`, as the table holds it now.
    let moved = |to: &Player, seq: i64| {
        let rows = app.state.store.outbox(100).unwrap();
        rows.iter()
            .find(|r| {
                r.recipient_id == to.id
                    && r.kind == "opponent_moved"
                    && serde_json::from_str::<Value>(&r.payload).unwrap()["seq"] == seq
            })
            .cloned()
            .unwrap_or_else(|| panic!("mail of event {seq}: {rows:?}"))
    };
    let settled_as_written = |to: &Player, seq: i64, note: &str| {
        let row = moved(to, seq);
        assert_eq!(row.sent_at, Some(row.created_at), "{row:?}");
        assert_eq!(row.last_error.as_deref(), Some(note), "{row:?}");
        assert_eq!(row.claimed_until, None, "{row:?}");
    };
    // Events: 1 the game created, 2 e4, 3 e5, 4 Nf3, 5 Nc6.
    settled_as_written(&black, 2, "not sent: no e-mail address");
    settled_as_written(&white, 3, "not sent: the player's mail preference");
    settled_as_written(&black, 4, "not sent: no e-mail address");
    // Nc6's mail went by the sender (it arrived above), which marks it sent after the event.
    let start = Instant::now();
    let sent = loop {
        let row = moved(&white, 5);
        if row.sent_at.is_some() || start.elapsed() > Duration::from_secs(30) {
            break row;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        sent.sent_at.is_some_and(|at| at > sent.created_at),
        "Nc6 sent to Ayse by the sender: {sent:?}"
    );
    assert_eq!(sent.last_error, None, "Nc6 sent to Ayse: {sent:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_smtp_mails_are_eml_files() {
    let app = spawn_app(Backend::Sqlite).await;
    let (g, white, black) = game_between(&app).await;
    app.play(&g, &white, &black, "e4").await;
    let dir = app.db.data_dir.join("mail");
    let start = Instant::now();
    let files = loop {
        let files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        if files.len() >= 3 || start.elapsed() > Duration::from_secs(20) {
            break files;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(files.len(), 3, "two game_started and one move: {files:?}");
    assert!(files
        .iter()
        .all(|f| f.extension().is_some_and(|e| e == "eml")));
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("mehmet@okul.tr") && t.contains("played e4")),
        "{texts:?}"
    );
}
