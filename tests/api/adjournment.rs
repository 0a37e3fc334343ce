//! Adjourned games through HTTP: a whole adjourned game, the commitment recomputed from the
//! opened envelope, the printed envelope, and the secrecy of the sealed move.

use std::io::Read;
use std::time::Duration;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::both_backends;
use crate::helpers::*;

/// The sealed move, written distinctively, and the other spellings of the same move.
const SECRET: &str = "Nb8-c6";
const SECRET_FORMS: [&str; 3] = ["Nb8-c6", "Nc6", "b8c6"];

/// Does `text` hold `form` as a word of its own, not inside a longer run of letters, digits and
/// hyphens? A UUID or a hash in hex holds "b8c6" now and then by chance (a request id in the logs
/// once did); a move that leaked stands apart (`"Nc6"`, `2... Nc6+`, `move=b8c6`).
pub(crate) fn holds_word(text: &str, form: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-';
    text.match_indices(form).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(part)
            && !text[i + form.len()..].chars().next().is_some_and(part)
    })
}

#[test]
fn a_secret_form_is_found_as_a_word_not_inside_an_id() {
    for leak in [
        r#"{"moves":["Nc6"]}"#,
        "2... Nc6+ 3.",
        "move=b8c6 ok",
        "b8c6",
    ] {
        assert!(SECRET_FORMS.iter().any(|f| holds_word(leak, f)), "{leak}");
    }
    for id in [
        "019b3b40-4b8c6e1a",
        "request_id=7f3eb8c6-1d2e",
        "dGhlNc6eA==",
    ] {
        assert!(!SECRET_FORMS.iter().any(|f| holds_word(id, f)), "{id}");
    }
}

fn rfc3339_in(seconds: i64) -> String {
    (time::OffsetDateTime::now_utc() + time::Duration::seconds(seconds))
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap()
}

async fn wait_until(rfc: &str) {
    let at =
        time::OffsetDateTime::parse(rfc, &time::format_description::well_known::Rfc3339).unwrap();
    let left = at - time::OffsetDateTime::now_utc();
    if left > time::Duration::ZERO {
        tokio::time::sleep(Duration::from_millis(left.whole_milliseconds() as u64 + 50)).await;
    }
}

/// An organiser's game, a day a move, where Black is to move after 1. e4 e5 2. Nf3: the arbiter,
/// White, Black, and the game's id.
async fn at_the_board(app: &TestApp) -> (Player, Player, Player, String) {
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let white = app.create_player("Ayşe").await;
    let black = app.create_player("Mehmet").await;
    let res = app
        .organisers_game(
            &org,
            json!({"white": white.id, "black": black.id,
                "time_control": {"kind": "per_move", "seconds": 86400}}),
        )
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.play(&g, &white, &black, "e4 e5 Nf3").await;
    (org, white, black, g)
}

/// A page as `cookie`'s browser gets it.
async fn page_of(app: &TestApp, path: &str, cookie: &str) -> String {
    app.client
        .get(app.url(path))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

both_backends! {
    async fn an_adjourned_game_played_from_the_pages(app) {
        let (org, white, black, g) = at_the_board(&app).await;
        let page = format!("/games/{g}");
        let (as_org, org_token) = sign_in(&app, &org.id).await;
        let (as_white, white_token) = sign_in(&app, &white.id).await;
        let (as_black, black_token) = sign_in(&app, &black.id).await;
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let post = |path: &'static str, cookie: &str, fields: Vec<(&'static str, String)>| {
            client.post(app.url(&format!("{page}/{path}?lang=en"))).header("cookie", cookie.to_owned()).form(&fields).send()
        };
        // Only the arbiter gets the arbiter's forms.
        assert!(page_of(&app, &page, &as_org).await.contains("/arbiter?lang=en"));
        assert!(!page_of(&app, &page, &as_white).await.contains("/arbiter?"));
        let adjourn = |at: String, token: &str| vec![("action", "adjourn".into()), ("resume_at", at),
            ("place", "Okul salonu".into()), ("csrf", token.to_owned())];
        let res = post("arbiter", &as_org, adjourn("tomorrow".into(), &org_token)).await.unwrap();
        assert_eq!(res.status(), 400);
        assert!(res.text().await.unwrap().contains("Give the resumption as a date and time."));
        let res = post("arbiter", &as_white, adjourn("2030-01-01T10:00".into(), &white_token)).await.unwrap();
        assert_eq!(res.status(), 409, "a player not to move does not adjourn");
        // The arbiter adjourns (the resumption in their time zone, UTC here), two seconds ahead.
        let resume_at = rfc3339_in(2);
        let local = resume_at[..19].to_owned();
        let res = post("arbiter", &as_org, adjourn(local, &org_token)).await.unwrap();
        assert_eq!(res.status(), 303);
        assert_eq!(app.get_game(&g).await["status"], "adjourned");
        let shown = page_of(&app, &page, &as_white).await;
        assert!(shown.contains("Okul salonu") && shown.contains("no move sealed yet"), "{shown}");
        assert!(!shown.contains("action\" value=\"seal\""), "only the player to move seals");
        // Black seals a move, changes it, and closes the envelope.
        let seal = |mv: &str| vec![("action", "seal".into()), ("move", mv.to_owned()), ("csrf", black_token.clone())];
        assert_eq!(post("envelope", &as_black, seal("a6")).await.unwrap().status(), 303);
        assert!(page_of(&app, &page, &as_black).await.contains("<strong>a6</strong>"));
        assert_eq!(post("envelope", &as_black, seal(SECRET)).await.unwrap().status(), 303);
        let theirs = page_of(&app, &page, &as_black).await;
        assert!(theirs.contains(&format!("<strong>{SECRET}</strong>")) && theirs.contains("Change your sealed move"), "{theirs}");
        let others = page_of(&app, &page, &as_white).await;
        assert!(SECRET_FORMS.iter().all(|f| !holds_word(&others, f)), "the opponent never sees it: {others}");
        assert!(others.contains("a move sealed; the envelope is not closed"), "{others}");
        let close = vec![("action", "close".into()), ("csrf", black_token.clone())];
        assert_eq!(post("envelope", &as_black, close.clone()).await.unwrap().status(), 303);
        let theirs = page_of(&app, &page, &as_black).await;
        assert!(theirs.contains("<td>closed</td>") && !theirs.contains("action\" value=\"seal\""), "{theirs}");
        assert_eq!(post("envelope", &as_black, close).await.unwrap().status(), 409, "closed once");
        // White checks in once play resumes: the envelope opens and the sealed move is made.
        let check_in = |token: &str| vec![("action", "check_in".into()), ("csrf", token.to_owned())];
        if time::OffsetDateTime::now_utc() < time::OffsetDateTime::parse(&resume_at, &time::format_description::well_known::Rfc3339).unwrap() {
            let res = post("envelope", &as_white, check_in(&white_token)).await.unwrap();
            assert_eq!(res.status(), 409, "not before the resumption");
        }
        wait_until(&resume_at).await;
        assert!(page_of(&app, &page, &as_white).await.contains("I am here for the resumption"));
        assert_eq!(post("envelope", &as_white, check_in(&white_token)).await.unwrap().status(), 303);
        let g1 = app.get_game(&g).await;
        assert_eq!((g1["status"].as_str(), g1["moves"][3].as_str()), (Some("active"), Some("Nc6")), "{g1}");
        assert!(page_of(&app, &page, &as_white).await.contains("2. Nf3 Nc6 "));
        assert_eq!(post("envelope", &as_black, check_in(&black_token)).await.unwrap().status(), 303);
        assert!(!page_of(&app, &page, &as_black).await.contains("I am here"), "both present: the adjournment is over");
        // The arbiter gives Black an hour, then decides the game; a player may do neither.
        let give = |token: &str| vec![("action", "add_time".into()), ("side", "black".into()), ("minutes", "60".into()),
            ("reason", "the hall's clock stopped".into()), ("csrf", token.to_owned())];
        assert_eq!(post("arbiter", &as_white, give(&white_token)).await.unwrap().status(), 403);
        assert_eq!(post("arbiter", &as_org, give(&org_token)).await.unwrap().status(), 303);
        assert_eq!(app.events(&g, &org.token).await.last().unwrap()["type"], "time_added");
        let decide = vec![("action", "decide".into()), ("result", "1/2-1/2".into()), ("reason", "".into()), ("csrf", org_token.clone())];
        assert_eq!(post("arbiter", &as_org, decide).await.unwrap().status(), 400, "a ruling gives its reason");
        let decide = vec![("action", "decide".into()), ("result", "1/2-1/2".into()), ("reason", "both agreed at the board".into()), ("csrf", org_token.clone())];
        assert_eq!(post("arbiter", &as_org, decide).await.unwrap().status(), 303);
        let g2 = app.get_game(&g).await;
        assert_eq!((g2["result"].as_str(), g2["termination"].as_str()), (Some("1/2-1/2"), Some("arbiter_decision")));
    }

    async fn a_move_is_sealed_from_the_page_without_sight(app) {
        let (_org, _white, black, g) = at_the_board(&app).await;
        let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&black.token)
            .json(&json!({"without_sight": true, "notation": "spoken-de"})).send().await.unwrap();
        assert_eq!(res.status(), 200);
        let resume_at = rfc3339_in(60);
        let res = app.post(&format!("/api/v1/games/{g}/adjourn"), Some(&black.token), json!({"resume_at": resume_at, "place": "Okul salonu"})).await;
        assert_eq!(res.status(), 200);
        let (as_black, token) = sign_in(&app, &black.id).await;
        let page = format!("/games/{g}?lang=en");
        let shown = page_of(&app, &page, &as_black).await;
        // The page without sight, with the adjourned game's panel and forms that keep it.
        assert!(shown.contains("id=\"position\"") && shown.contains("<h2 id=\"adjourned\">"), "{shown}");
        let action = format!("/games/{g}/envelope?lang=en");
        let keeps = shown.split(&action).skip(1).all(|rest| rest.split('"').next().is_some_and(|q| q.ends_with("view=text")));
        assert!(shown.contains(&action) && keeps, "{shown}");
        let said = "Springer Bella acht nach Cesar sechs";
        let res = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
            .post(app.url(&format!("/games/{g}/envelope?lang=en&view=text"))).header("cookie", &as_black)
            .form(&[("action", "seal"), ("move", said), ("csrf", token.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), 303);
        assert!(res.headers()["location"].to_str().unwrap().ends_with("view=text"));
        let envelope: Value = app.get(&format!("/api/v1/games/{g}/envelope"), Some(&black.token)).await.json().await.unwrap();
        assert_eq!(envelope["move"].as_str(), Some(said), "{envelope}");
        let shown = page_of(&app, &page, &as_black).await;
        assert!(shown.contains(said) && shown.contains("id=\"position\""), "{shown}");
    }

    async fn the_arbiter_rules_from_the_page_without_sight(app) {
        let (org, white, _black, g) = at_the_board(&app).await;
        for who in [&org, &white] {
            let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&who.token)
                .json(&json!({"without_sight": true})).send().await.unwrap();
            assert_eq!(res.status(), 200);
        }
        let (as_org, org_token) = sign_in(&app, &org.id).await;
        let (as_white, _) = sign_in(&app, &white.id).await;
        let page = format!("/games/{g}?lang=en");
        // The arbiter's forms are on the page without sight, and keep it; a player gets none.
        let shown = page_of(&app, &page, &as_org).await;
        let action = format!("/games/{g}/arbiter?lang=en");
        let keeps = shown.split(&action).skip(1).all(|rest| rest.split('"').next().is_some_and(|q| q == "&#38;view=text"));
        assert!(shown.contains("id=\"position\"") && shown.matches(&action).count() == 3 && keeps, "{shown}");
        let theirs = page_of(&app, &page, &as_white).await;
        assert!(theirs.contains("id=\"position\"") && !theirs.contains("/arbiter?"), "{theirs}");
        let res = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
            .post(app.url(&format!("{action}&view=text"))).header("cookie", &as_org)
            .form(&[("action", "add_time"), ("side", "black"), ("minutes", "30"), ("reason", "the reader's clock"), ("csrf", org_token.as_str())])
            .send().await.unwrap();
        assert_eq!(res.status(), 303);
        assert!(res.headers()["location"].to_str().unwrap().ends_with("view=text"));
        let last = app.events(&g, &org.token).await.last().unwrap().clone();
        assert_eq!((last["type"].as_str(), last["data"]["seconds"].as_u64()), (Some("time_added"), Some(1800)), "{last}");
    }

    async fn a_whole_adjourned_game(app) {
        let (org, white, black, g) = at_the_board(&app).await;
        let url = |p: &str| format!("/api/v1/games/{g}{p}");

        // The arbiter adjourns; the player not to move may not.
        let resume_at = rfc3339_in(2);
        assert_error(app.post(&url("/adjourn"), Some(&white.token), json!({"resume_at": resume_at})).await, 409, "not_your_turn").await;
        assert_error(app.post(&url("/adjourn"), Some(&org.token), json!({"resume_at": "tomorrow"})).await, 400, "bad_request").await;
        let game: Value = app.post(&url("/adjourn"), Some(&org.token), json!({"resume_at": resume_at, "place": "Okul salonu"})).await.json().await.unwrap();
        assert_eq!(game["status"], "adjourned", "{game}");

        // Black seals, changes the move, and closes.
        assert_error(app.post(&url("/envelope"), Some(&white.token), json!({"move": "d4"})).await, 409, "not_your_turn").await;
        let first: Value = app.post(&url("/envelope"), Some(&black.token), json!({"move": "Nf6"})).await.json().await.unwrap();
        let env: Value = app.post(&url("/envelope"), Some(&black.token), json!({"move": SECRET})).await.json().await.unwrap();
        assert_ne!(first["commitment"], env["commitment"], "sealing again replaces the move");
        assert_eq!(env["move"], SECRET, "the sealer sees their own move");
        assert_eq!((env["closed"].as_bool(), env["opened"].as_bool()), (Some(false), Some(false)));
        let closed: Value = app.post(&url("/envelope/close"), Some(&black.token), json!({})).await.json().await.unwrap();
        assert_eq!(closed["closed"], true);
        assert_error(app.post(&url("/envelope"), Some(&black.token), json!({"move": "d6"})).await, 409, "envelope_closed").await;

        // The envelope's A2 items, for the opponent and the arbiter, without the move.
        for token in [&white.token, &org.token] {
            let e: Value = app.get(&url("/envelope"), Some(token)).await.json().await.unwrap();
            assert_eq!((e["move"].clone(), e["nonce"].clone()), (Value::Null, Value::Null));
            assert_eq!(e["white"], "Ayşe");
            assert_eq!(e["sealed_by"], "black");
            assert_eq!(e["move_number"], 2);
            assert_eq!(e["fen_before"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
            assert_eq!(e["place"], "Okul salonu");
            assert_eq!(e["commitment"], closed["commitment"]);
        }
        let stranger = app.create_player("S").await;
        assert_error(app.get(&url("/envelope"), Some(&stranger.token)).await, 403, "not_a_player").await;
        let printed = app.get(&url("/envelope/print"), Some(&org.token)).await.text().await.unwrap();
        assert!(printed.contains(closed["commitment"].as_str().unwrap()) && printed.contains("Okul salonu"));
        assert!(!printed.contains(SECRET));
        assert!(printed.contains("<h1>Sealed move envelope <span class=\"other\" lang=\"tr\">Gizli hamle zarfı</span>"), "both languages: {printed}");
        assert!(printed.contains("<td>Black</td>") && printed.contains("(UTC+00:00)") && printed.contains("<td>none</td>"), "in words and local time: {printed}");

        // No moves while adjourned; no check-in before the resumption.
        assert_error(app.post_move(&g, &black.token, "Nc6").await, 409, "adjourned").await;
        assert_error(app.post(&url("/check-in"), Some(&white.token), json!({})).await, 409, "before_resumption").await;

        // Resumption: the sealer first (nothing opens), then the answering player (it opens).
        wait_until(&resume_at).await;
        let g1: Value = app.post(&url("/check-in"), Some(&black.token), json!({})).await.json().await.unwrap();
        assert_eq!(g1["status"], "adjourned");
        let g2: Value = app.post(&url("/check-in"), Some(&white.token), json!({})).await.json().await.unwrap();
        assert_eq!(g2["status"], "active");
        assert_eq!(g2["moves"], json!(["e4", "e5", "Nf3", "Nc6"]));
        assert_eq!(g2["to_move"], "white");

        // Opened: anyone can check the move against the commitment published at sealing.
        let e: Value = app.get(&url("/envelope"), Some(&white.token)).await.json().await.unwrap();
        assert_eq!((e["opened"].as_bool(), e["move"].as_str()), (Some(true), Some(SECRET)));
        let input = format!("{g}\n{}\n{}\n{}\n{}", e["move_number"], e["sealed_by"].as_str().unwrap(), e["move"].as_str().unwrap(), e["nonce"].as_str().unwrap());
        assert_eq!(hex::encode(Sha256::digest(input.as_bytes())), e["commitment"].as_str().unwrap());
        let events = app.events(&g, &white.token).await;
        let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(&types[4..], ["adjourned", "envelope_sealed", "envelope_sealed", "envelope_closed", "checked_in", "checked_in", "envelope_opened", "move_played"]);
        assert_chain(&g, &events);
        app.play(&g, &white, &black, "Bb5").await;
    }

    async fn the_scheduler_applies_a10_to_an_absent_player(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        app.play(&g, &white, &black, "e4").await;
        let resume_at = rfc3339_in(1);
        app.post(&format!("/api/v1/games/{g}/adjourn"), Some(&black.token), json!({"resume_at": resume_at})).await;
        app.post(&format!("/api/v1/games/{g}/envelope"), Some(&black.token), json!({"move": "e5"})).await;
        app.post(&format!("/api/v1/games/{g}/envelope/close"), Some(&black.token), json!({})).await;
        wait_until(&resume_at).await;
        // Black (the sealer) is present; White never comes.
        app.post(&format!("/api/v1/games/{g}/check-in"), Some(&black.token), json!({})).await;
        let state = app.state.clone();
        let now = time::OffsetDateTime::now_utc();
        // Within the hour the scheduler leaves it alone; after it, White loses.
        tokio::task::spawn_blocking({ let s = state.clone(); move || api::scheduler::tick_at(&s, now + time::Duration::minutes(59)) }).await.unwrap().unwrap();
        assert_eq!(app.get_game(&g).await["status"], "adjourned");
        tokio::task::spawn_blocking(move || api::scheduler::tick_at(&state, now + time::Duration::minutes(62))).await.unwrap().unwrap();
        let done = app.get_game(&g).await;
        assert_eq!((done["result"].as_str(), done["termination"].as_str()), (Some("0-1"), Some("late_for_resumption")));
        let events = app.events(&g, &black.token).await;
        assert!(events.iter().any(|e| e["type"] == "late_for_resumption" && e["actor"] == "system"));
    }

    async fn a_sealed_move_is_as_long_as_any_move_spoken_in_full(app) {
        let (game, white, black) = app.new_game_from(Some("7r/5kP1/8/8/8/8/8/4K3 w - - 0 1")).await;
        let g = game["id"].as_str().unwrap().to_owned();
        let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&white.token).json(&json!({"notation": "spoken-de"})).send().await.unwrap();
        assert_eq!(res.status(), 200);
        let resume_at = rfc3339_in(1);
        app.post(&format!("/api/v1/games/{g}/adjourn"), Some(&white.token), json!({"resume_at": resume_at})).await;
        let envelope = format!("/api/v1/games/{g}/envelope");
        // Longer than any move's text: refused, nothing sealed.
        assert_error(app.post(&envelope, Some(&white.token), json!({"move": "Bauer ".repeat(70)})).await, 422, "unparseable_move").await;
        assert_error(app.post(&envelope, Some(&white.token), json!({"move": "   "})).await, 422, "unparseable_move").await;
        let said = "Bauer Gustav sieben schlaegt nach Hektor acht wird Springer Schach";
        assert!(said.chars().count() > 64);
        let sealed = app.post(&envelope, Some(&white.token), json!({"move": said})).await;
        assert_eq!(sealed.status(), 200);
        app.post(&format!("{envelope}/close"), Some(&white.token), json!({})).await;
        wait_until(&resume_at).await;
        for p in [&black, &white] {
            app.post(&format!("/api/v1/games/{g}/check-in"), Some(&p.token), json!({})).await;
        }
        let game = app.get_game(&g).await;
        assert_eq!(game["moves"], json!(["gxh8=N+"]), "{game}");
    }

    async fn an_invalid_sealed_move_loses_at_opening(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        app.play(&g, &white, &black, "e4").await;
        let resume_at = rfc3339_in(1);
        app.post(&format!("/api/v1/games/{g}/adjourn"), Some(&black.token), json!({"resume_at": resume_at})).await;
        app.post(&format!("/api/v1/games/{g}/envelope"), Some(&black.token), json!({"move": "Ke7e5"})).await;
        app.post(&format!("/api/v1/games/{g}/envelope/close"), Some(&black.token), json!({})).await;
        wait_until(&resume_at).await;
        let done: Value = app.post(&format!("/api/v1/games/{g}/check-in"), Some(&white.token), json!({})).await.json().await.unwrap();
        assert_eq!((done["result"].as_str(), done["termination"].as_str()), (Some("1-0"), Some("sealed_move_invalid")));
    }
}

/// Everything a database holds, as text.
pub(crate) fn database_text(db: &TestDb) -> String {
    if db.url.starts_with("sqlite://") {
        let mut all = Vec::new();
        for entry in std::fs::read_dir(&db.data_dir).unwrap() {
            let path = entry.unwrap().path();
            if path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("zarf.sqlite3")
            {
                std::fs::File::open(&path)
                    .unwrap()
                    .read_to_end(&mut all)
                    .unwrap();
            }
        }
        return String::from_utf8_lossy(&all).into_owned();
    }
    use diesel::{Connection, QueryableByName, RunQueryDsl};
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        t: String,
    }
    let mut conn = diesel::PgConnection::establish(&db.url).unwrap();
    let mut text = String::new();
    for table in [
        "players",
        "tokens",
        "game_events",
        "games",
        "outbox",
        "envelopes",
    ] {
        let rows: Vec<Row> = diesel::sql_query(format!("SELECT x::text AS t FROM {table} x"))
            .load(&mut conn)
            .unwrap();
        for r in rows {
            text.push_str(&r.t);
            text.push('\n');
        }
    }
    text
}

async fn secrecy(backend: Backend) {
    let server = LoggedServer::start(&backend, &["--log-format", "json"], "debug");
    let (db, base, admin) = (&server.db, server.base.clone(), LoggedServer::ADMIN);

    let client = reqwest::Client::new();
    let mut seen = String::new(); // every response body a non-sealer received
    macro_rules! call {
        ($method:ident, $path:expr, $token:expr, $body:expr, $record:expr) => {{
            let mut req = client
                .$method(format!("{base}{}", $path))
                .bearer_auth($token);
            if let Some(b) = $body {
                req = req.json(&b);
            }
            let text = req.send().await.unwrap().text().await.unwrap();
            if $record {
                seen.push_str(&text);
                seen.push('\n');
            }
            serde_json::from_str::<Value>(&text).unwrap_or(Value::Null)
        }};
    }
    let none: Option<Value> = None;
    let org = call!(
        post,
        "/api/v1/players",
        admin,
        Some(json!({"name": "Hakem", "roles": ["organiser"], "email": "hakem@okul.tr"})),
        true
    );
    let w = call!(
        post,
        "/api/v1/players",
        admin,
        Some(json!({"name": "W", "email": "w@okul.tr"})),
        true
    );
    let b = call!(
        post,
        "/api/v1/players",
        admin,
        Some(json!({"name": "B", "email": "b@okul.tr"})),
        true
    );
    let (ot, wt, bt) = (
        org["token"].as_str().unwrap(),
        w["token"].as_str().unwrap(),
        b["token"].as_str().unwrap(),
    );
    let game = call!(
        post,
        "/api/v1/games",
        admin,
        Some(
            json!({"white": w["id"], "black": b["id"], "time_control": {"kind": "per_move", "seconds": 86400}})
        ),
        true
    );
    let g = game["id"].as_str().unwrap().to_owned();
    for (token, mv) in [(wt, "e4"), (bt, "e5"), (wt, "Nf3")] {
        call!(
            post,
            format!("/api/v1/games/{g}/moves"),
            token,
            Some(json!({"move": mv})),
            true
        );
    }
    let resume_at = rfc3339_in(3600);
    call!(
        post,
        format!("/api/v1/games/{g}/adjourn"),
        admin,
        Some(json!({"resume_at": resume_at, "place": "Salon"})),
        true
    );
    // The sealer's own answers hold the move: they are not searched.
    call!(
        post,
        format!("/api/v1/games/{g}/envelope"),
        bt,
        Some(json!({"move": SECRET})),
        false
    );
    call!(
        post,
        format!("/api/v1/games/{g}/envelope/close"),
        bt,
        none.clone(),
        false
    );
    // Everything anyone else can read.
    for token in [wt, ot, admin] {
        for path in ["", "/events", "/pgn", "/envelope", "/envelope/print"] {
            call!(
                get,
                format!("/api/v1/games/{g}{path}"),
                token,
                none.clone(),
                true
            );
        }
        call!(get, "/api/v1/me/games", token, none.clone(), true);
    }
    call!(get, format!("/api/v1/games/{g}"), "", none.clone(), true);
    call!(get, "/metrics", admin, none.clone(), true);
    assert!(
        seen.contains("envelope_closed") && seen.contains("commitment"),
        "the responses were collected"
    );

    let db_text = database_text(db);
    assert!(db_text.contains("envelope_sealed"), "the database was read");
    // Mails queued so far (the outbox, sent or not) are in the database text; check them on
    // their own too.
    let store = api::store::Store::open(&db.url, 1).unwrap();
    let mails: String = store
        .outbox(1000)
        .unwrap()
        .into_iter()
        .map(|m| m.payload + "\n")
        .collect();
    assert!(
        mails.contains("commitment"),
        "the adjournment mails were queued: {mails}"
    );

    let logs = server.logs();
    assert!(
        logs.contains("/envelope"),
        "the server's logs were captured"
    );

    for form in SECRET_FORMS {
        for (place, text) in [
            ("a response", &seen),
            ("the database", &db_text),
            ("a mail", &mails),
            ("the logs", &logs),
        ] {
            assert!(
                !holds_word(text, form),
                "the sealed move ({form}) appears in {place} before opening"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sealed_move_is_secret_until_opened_sqlite() {
    secrecy(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sealed_move_is_secret_until_opened_postgres() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped the_sealed_move_is_secret_until_opened_postgres: ZARF_TEST_POSTGRES_URL is not set");
        return;
    };
    secrecy(Backend::Postgres(url)).await;
}
