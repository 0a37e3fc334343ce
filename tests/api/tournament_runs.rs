//! Whole tournaments over the JSON API, to their end: a 9-round Swiss of 40 played over the board
//! (a late entry, byes asked for, a withdrawal, forfeits, a correction) and a 6-player double
//! round robin played online (its games played through the games API, their results coming back
//! by themselves; a forfeit entered before its round is published). The exported report is paired
//! round by round by the pairing crate exactly as the service paired it, and the final standings'
//! tie-breaks are what `zarf tiebreaks` computes on that report.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A tournament being run by its organiser.
struct Run<'a> {
    app: &'a TestApp,
    org: Player,
    id: String,
}

impl Run<'_> {
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/tournaments/{}{rest}", self.id)
    }

    async fn post(&self, rest: &str, body: Value) -> Value {
        // The players are not the organiser's own: the admin enters them (D69).
        let token = if rest == "/players" {
            &self.app.admin
        } else {
            &self.org.token
        };
        let res = self
            .app
            .post(&self.path(rest), Some(token), body.clone())
            .await;
        let status = res.status();
        let answer: Value = res.json().await.unwrap();
        assert_eq!(status, 200, "{rest} {body}: {answer}");
        answer
    }

    async fn get(&self, rest: &str) -> Value {
        self.app
            .get(&self.path(rest), None)
            .await
            .json()
            .await
            .unwrap()
    }

    async fn report(&self) -> String {
        self.app
            .get(&self.path("/report.trf"), None)
            .await
            .text()
            .await
            .unwrap()
    }

    /// Checks the final standings against `zarf tiebreaks --json` on the exported report.
    async fn standings_are_the_report_files(&self) {
        let report = self.report().await;
        let file = std::env::temp_dir().join(format!("zarf-{}.trf", self.id));
        std::fs::write(&file, &report).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_zarf"))
            .args(["tiebreaks", file.to_str().unwrap(), "--json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let computed: Value = serde_json::from_slice(&out.stdout).unwrap();
        let standings = self.get("/standings").await;
        let codes: Vec<String> = standings["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_owned())
            .collect();
        let rows = standings["rows"].as_array().unwrap();
        assert_eq!(rows.len(), computed["players"].as_object().unwrap().len());
        for row in rows {
            let theirs = &computed["players"][row["number"].to_string()];
            assert_eq!(row["rank"], theirs["rank"], "{row} {theirs}");
            for (i, code) in codes.iter().enumerate() {
                assert_eq!(
                    row["values"][i].as_f64(),
                    theirs[code].as_f64(),
                    "{code}: {row} {theirs}"
                );
            }
        }
    }
}

async fn organiser(app: &TestApp) -> Player {
    app.create_player_with(json!({"name": "Başhakem", "roles": ["organiser"]}))
        .await
}

/// A result for board `i` of round `round`: mostly decisive, some draws, now and then a forfeit.
fn result_for(round: usize, i: usize) -> &'static str {
    match (round * 7 + i * 3) % 11 {
        0..=3 => "1-0",
        4..=6 => "0-1",
        10 if round == 2 => "+/-",
        _ => "1/2-1/2",
    }
}

both_backends! {
    async fn a_tournament_is_continued_here_from_its_report_file(app) {
        let org = organiser(&app).await;
        let body = json!({"name": "Başka Yerde Başladı", "system": "swiss", "rounds": 5, "place": "Bursa"});
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), body).await.json().await.unwrap();
        let there = Run { app: &app, org, id: t["id"].as_str().unwrap().to_owned() };
        for n in 0..11u32 {
            let p = app.create_player(&format!("Oyuncu {n}")).await;
            there.post("/players", json!({"player": p.id, "rating": 1800 - n * 20})).await;
        }
        for round in 1..=3usize {
            let t = there.post("/rounds", json!({})).await;
            for (i, b) in t["pairings"][round - 1]["boards"].as_array().unwrap().iter().filter(|b| !b["black"].is_null()).enumerate() {
                there.post("/results", json!({"round": round, "white": b["white"], "result": result_for(round, i)})).await;
            }
        }
        let file = there.report().await;
        let import = |token: &str, body: String| {
            app.client.post(app.url("/api/v1/tournament-imports")).bearer_auth(token.to_owned())
                .header("content-type", "text/plain").body(body).send()
        };
        let pupil = app.create_player("Öğrenci").await;
        assert_error(import(&pupil.token, file.clone()).await.unwrap(), 403, "forbidden").await;
        let res = import(&there.org.token, "001 nonsense\n".into()).await.unwrap();
        assert_error(res, 422, "invalid_report").await;
        let res = import(&there.org.token, file.clone()).await.unwrap();
        assert_eq!(res.status(), 201);
        let t: Value = res.json().await.unwrap();
        assert_eq!((t["name"].as_str(), t["place"].as_str(), t["rounds"].as_u64()), (Some("Başka Yerde Başladı"), Some("Bursa"), Some(5)));
        assert_eq!(t["players"].as_array().unwrap().len(), 11);
        assert_eq!(t["arbiters"], json!([there.org.id]), "the importing organiser runs it");
        // A player given the admin role runs any tournament as the admin: not named its arbiter.
        let admin = app.create_player_with(json!({"name": "Yönetici", "roles": ["admin"]})).await;
        let res = import(&admin.token, file.clone()).await.unwrap();
        assert_eq!(res.status(), 201);
        let by_admin: Value = res.json().await.unwrap();
        assert_eq!(by_admin["arbiters"], json!([]));
        let here = Run { app: &app, org: Player { id: there.org.id.clone(), token: there.org.token.clone() }, id: t["id"].as_str().unwrap().to_owned() };
        // The same file back, and the same standings; round 4 paired alike, by numbers.
        assert_eq!(here.report().await, file);
        let numbers = |t: &Value| -> HashMap<String, u64> {
            t["players"].as_array().unwrap().iter().map(|p| (p["id"].as_str().unwrap().to_owned(), p["number"].as_u64().unwrap())).collect()
        };
        let boards = |t: &Value| -> Vec<(u64, Option<u64>)> {
            let n = numbers(t);
            t["pairings"][3]["boards"].as_array().unwrap().iter()
                .map(|b| (n[b["white"].as_str().unwrap()], b["black"].as_str().map(|id| n[id])))
                .collect()
        };
        let a = there.post("/rounds", json!({})).await;
        let b = here.post("/rounds", json!({})).await;
        assert_eq!(boards(&a), boards(&b));
        // From the page too: pasted, it lands on the arbiter's page of the new tournament.
        let (cookie, token) = sign_in(&app, &there.org.id).await;
        let post = |trf: &str| {
            no_redirects().post(app.url("/tournaments/import?lang=en")).header("cookie", cookie.clone())
                .form(&[("trf", trf), ("csrf", token.as_str())]).send()
        };
        let res = post(&file).await.unwrap();
        assert_eq!(res.status(), 303);
        assert!(res.headers()["location"].to_str().unwrap().ends_with("/run?lang=en"));
        let res = post("nonsense").await.unwrap();
        assert_eq!(res.status(), 422, "refused on the page");
        assert!(res.text().await.unwrap().contains("role=\"alert\""));
    }

    async fn a_nine_round_swiss_of_forty_over_the_board_to_its_end(app) {
        let org = organiser(&app).await;
        let body = json!({"name": "İl Okullar Şampiyonası", "system": "swiss", "rounds": 9,
            "place": "Ankara", "start_date": "2026-12-01", "end_date": "2026-12-05"});
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), body).await.json().await.unwrap();
        let run = Run { app: &app, org, id: t["id"].as_str().unwrap().to_owned() };
        let schools = ["Atatürk Lisesi", "Fen Lisesi", "Kız Lisesi", "Anadolu Lisesi"];
        let mut players = Vec::new();
        for n in 0..41u16 {
            let p = app
                .create_player_with(json!({"name": format!("Öğrenci {n:02}"), "school": schools[usize::from(n) % 4]}))
                .await;
            players.push(p);
        }
        // Forty before round 1; the forty-first enters late, for round 3.
        for (n, p) in players.iter().enumerate().take(40) {
            run.post("/players", json!({"player": p.id, "rating": 2000 - n as u32 * 15})).await;
        }
        let mut corrected = false;
        for round in 1..=9usize {
            match round {
                3 => drop(run.post("/players", json!({"player": players[40].id, "rating": 1500})).await),
                4 => drop(run.post("/withdrawals", json!({"player": players[7].id})).await),
                5 => {
                    run.post("/byes", json!({"player": players[3].id, "round": 5, "half": true})).await;
                    run.post("/byes", json!({"player": players[12].id, "round": 5, "half": false})).await;
                }
                _ => {}
            }
            let t = run.post("/rounds", json!({})).await;
            let boards = t["pairings"][round - 1]["boards"].as_array().unwrap().clone();
            let seated = |p: &Player| boards.iter().any(|b| b["white"] == p.id.as_str() || b["black"] == p.id.as_str());
            assert_eq!(seated(&players[40]), round >= 3, "the late entry, round {round}");
            assert_eq!(seated(&players[7]), round < 4, "the withdrawn player, round {round}");
            assert_eq!(seated(&players[3]), round != 5, "a bye asked for, round {round}");
            run.post("/publish", json!({"round": round})).await;
            for (i, b) in boards.iter().filter(|b| !b["black"].is_null()).enumerate() {
                let result = if round == 7 && i == 5 { "0-0" } else { result_for(round, i) };
                run.post("/results", json!({"round": round, "white": b["white"], "result": result})).await;
            }
            if round == 6 && !corrected {
                let b = &boards[0];
                run.post("/corrections", json!({"round": 6, "white": b["white"], "result": "0-1",
                    "reason": "the slip was filled in the wrong way round"})).await;
                corrected = true;
            }
        }
        run.post("/finish", json!({})).await;

        let text = run.report().await;
        let report = pairing::Tournament::parse(&text).unwrap();
        assert_eq!((report.players.len(), report.played_rounds()), (41, 9));
        let differences = pairing::dutch::check(&report, pairing::dutch::Options::default()).unwrap();
        assert!(differences.is_empty(), "every round as the engine pairs it: {differences:?}\n{text}");
        run.standings_are_the_report_files().await;
        // Schools: each one's best four.
        let teams: Vec<Value> = app.get(&run.path("/teams?best=4"), None).await.json().await.unwrap();
        assert_eq!(teams.len(), 4);
        assert!(teams.iter().all(|t| t["counted"].as_array().unwrap().len() == 4));
    }

    async fn a_double_round_robin_of_six_played_online_to_its_end(app) {
        let org = organiser(&app).await;
        let body = json!({"name": "Yazışmalı Lig", "system": "double_round_robin", "rounds": 10,
            "play": "online", "time_control": {"kind": "per_move", "seconds": 3 * 86_400}});
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), body).await.json().await.unwrap();
        let run = Run { app: &app, org, id: t["id"].as_str().unwrap().to_owned() };
        let mut tokens: HashMap<String, String> = HashMap::new();
        for n in 0..6u32 {
            let p = app.create_player(&format!("Oyuncu {n}")).await;
            run.post("/players", json!({"player": p.id, "rating": 1900 - n * 40})).await;
            tokens.insert(p.id.clone(), p.token.clone());
        }
        for round in 1..=10usize {
            let t = run.post("/rounds", json!({})).await;
            let boards = t["pairings"][round - 1]["boards"].as_array().unwrap().clone();
            assert_eq!(boards.len(), 3, "six players: three games, no bye");
            if round == 4 {
                // Black on board 3 cannot come: a forfeit, entered before the games are made.
                run.post("/results", json!({"round": 4, "white": boards[2]["white"], "result": "+/-"})).await;
            }
            let t = run.post("/publish", json!({"round": round})).await;
            let boards = t["pairings"][round - 1]["boards"].as_array().unwrap().clone();
            assert_eq!(boards[2]["game"].is_null(), round == 4, "no game for the forfeit");
            for (i, b) in boards.iter().enumerate().filter(|(_, b)| !b["game"].is_null()) {
                let game = b["game"].as_str().unwrap();
                let white = &tokens[b["white"].as_str().unwrap()];
                let black = &tokens[b["black"].as_str().unwrap()];
                let games = |rest: &str| format!("/api/v1/games/{game}{rest}");
                assert_eq!(app.post_move(game, white, "e4").await.status(), 200);
                match (round + i) % 3 {
                    0 => {
                        let res = app.post(&games("/resign"), Some(black), json!({})).await;
                        assert_eq!(res.status(), 200);
                    }
                    1 => {
                        let res = app.post(&games("/moves"), Some(black), json!({"move": "e5", "offer_draw": true})).await;
                        assert_eq!(res.status(), 200);
                        let res = app.post(&games("/draw-offer/accept"), Some(white), json!({})).await;
                        assert_eq!(res.status(), 200);
                    }
                    _ => {
                        // White mates on move three.
                        let w = Player { id: String::new(), token: white.clone() };
                        let b = Player { id: String::new(), token: black.clone() };
                        let over = app.play(game, &w, &b, "g5 d4 f6 Qh5#").await;
                        assert_eq!(over["termination"], "checkmate");
                    }
                }
            }
            // The games' results come back by themselves.
            let mut missing = usize::MAX;
            for _ in 0..100 {
                let t = run.get("").await;
                missing = t["pairings"][round - 1]["boards"].as_array().unwrap().iter().filter(|b| b["result"].is_null()).count();
                if missing == 0 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            assert_eq!(missing, 0, "round {round}'s results");
            if round == 7 {
                let b = &boards[0];
                let res = app.post(&run.path("/corrections"), Some(&run.org.token),
                    json!({"round": 7, "white": b["white"], "result": "1/2-1/2", "reason": ""})).await;
                assert_error(res, 422, "reason_missing").await;
                run.post("/corrections", json!({"round": 7, "white": b["white"], "result": "1/2-1/2",
                    "reason": "the arbiter's decision on appeal"})).await;
            }
        }
        let res = app.post(&run.path("/rounds"), Some(&run.org.token), json!({})).await;
        assert_error(res, 409, "all_rounds_paired").await;
        run.post("/finish", json!({})).await;

        // Every round is FIDE's Berger table for six, by starting rank.
        let t = run.get("").await;
        let number: HashMap<String, u16> = t["players"].as_array().unwrap().iter()
            .map(|p| (p["id"].as_str().unwrap().to_owned(), p["number"].as_u64().unwrap() as u16))
            .collect();
        let table = pairing::berger::schedule(6, true);
        for (r, round) in t["pairings"].as_array().unwrap().iter().enumerate() {
            let played: Vec<(u16, u16)> = round["boards"].as_array().unwrap().iter()
                .map(|b| (number[b["white"].as_str().unwrap()], number[b["black"].as_str().unwrap()]))
                .collect();
            let berger: Vec<(u16, u16)> = table[r].iter().filter_map(|b| match b {
                pairing::berger::Board::Game { white, black } => Some((*white, *black)),
                pairing::berger::Board::Bye(_) => None,
            }).collect();
            assert_eq!(played, berger, "round {}", r + 1);
        }
        run.standings_are_the_report_files().await;
        let pgn = app.get(&run.path("/games.pgn"), None).await.text().await.unwrap();
        assert_eq!(pgn.matches("[Event \"Yazışmalı Lig\"]").count(), 29, "thirty boards, one forfeited");
    }
}
