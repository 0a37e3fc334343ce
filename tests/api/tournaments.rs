//! Tournaments over the JSON API: an organiser creates a Swiss, registers players, pairs every
//! round and records results; the report file it exports is paired the same by the engine, but
//! for the round the arbiter changed.

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

both_backends! {
    async fn an_organiser_runs_a_swiss_and_its_report_confirms_every_round(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let pupil = app.create_player("Öğrenci").await;
        // Players may not create tournaments, nor run them.
        let body = json!({"name": "Okul Şampiyonası", "system": "swiss", "rounds": 4});
        let res = app.post("/api/v1/tournaments", Some(&pupil.token), body.clone()).await;
        assert_error(res, 403, "forbidden").await;
        // A second organiser runs it too; round 1's top player takes Black.
        let helper = app.create_player_with(json!({"name": "Yardımcı", "roles": ["organiser"]})).await;
        let coordinator = app.create_player_with(json!({"name": "Düzenleyici", "roles": ["organiser"], "locale": "tr"})).await;
        let mut body = body;
        body["arbiters"] = json!([helper.id]);
        body["organisers"] = json!([coordinator.id]);
        body["first_colour"] = json!("black");
        let res = app.post("/api/v1/tournaments", Some(&org.token), body).await;
        assert_eq!(res.status(), 201);
        let t: Value = res.json().await.unwrap();
        assert_eq!((t["arbiters"].clone(), t["organisers"].clone()), (json!([org.id, helper.id]), json!([coordinator.id])));
        let id = t["id"].as_str().unwrap().to_owned();
        let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");
        // Nobody to pair yet: refused, saying why in each reader's language.
        let res = app.post(&path("/rounds"), Some(&org.token), json!({})).await;
        let why = assert_error(res, 422, "no_valid_pairing").await;
        assert_eq!(why, "No pairing is possible: a round needs at least two players.");
        let res = app.post(&path("/rounds"), Some(&coordinator.token), json!({})).await;
        let why = assert_error(res, 422, "no_valid_pairing").await;
        assert_eq!(why, "Eşleme yapılamıyor: bir tur için en az iki oyuncu gerekir.");

        let mut players = Vec::new();
        for n in 0..9u16 {
            let school = ["Atatürk Lisesi", "Fen Lisesi", "Kız Lisesi"][usize::from(n % 3)];
            let p = app
                .create_player_with(json!({"name": format!("Oyuncu {n}"), "school": school, "class": "9-A"}))
                .await;
            let res = app
                .post(&path("/players"), Some(&app.admin), json!({"player": p.id, "rating": 1900 - n * 25}))
                .await;
            assert_eq!(res.status(), 200);
            players.push(p);
        }
        let res = app.post(&path("/players"), Some(&app.admin), json!({"player": players[0].id})).await;
        assert_error(res, 409, "already_registered").await;
        let res = app.post(&path("/rounds"), Some(&pupil.token), json!({})).await;
        assert_error(res, 403, "forbidden").await;

        for round in 1..=4u64 {
            if round == 2 {
                // One withdraws; another asks for a half-point bye.
                let res = app.post(&path("/withdrawals"), Some(&org.token), json!({"player": players[8].id})).await;
                assert_eq!(res.status(), 200);
                let res = app
                    .post(&path("/byes"), Some(&org.token), json!({"player": players[3].id, "round": 2, "half": true}))
                    .await;
                assert_eq!(res.status(), 200);
            }
            let arbiter = match round {
                3 => &helper,
                4 => &coordinator,
                _ => &org,
            };
            let res = app.post(&path("/rounds"), Some(&arbiter.token), json!({})).await;
            assert_eq!(res.status(), 200, "round {round}");
            let t: Value = res.json().await.unwrap();
            let mut boards = t["pairings"][round as usize - 1]["boards"].as_array().unwrap().clone();
            if round == 1 {
                // The top-ranked player, with Black.
                assert_eq!(boards[0]["black"], players[0].id.as_str());
                // The arbiter exchanges the colours on board 1, with a reason.
                let swapped = json!({"white": boards[0]["black"], "black": boards[0]["white"]});
                let mut changed: Vec<Value> = boards.iter().map(|b| json!({"white": b["white"], "black": b["black"]})).collect();
                changed[0] = swapped;
                let change = |reason: &str, boards: &Vec<Value>| json!({"round": 1, "boards": boards, "reason": reason});
                let res = app.post(&path("/pairing"), Some(&org.token), change(" ", &changed)).await;
                assert_error(res, 422, "reason_missing").await;
                let mut twice = changed.clone();
                twice[1]["white"] = twice[0]["white"].clone();
                let res = app.post(&path("/pairing"), Some(&org.token), change("typo", &twice)).await;
                assert_error(res, 422, "not_the_same_players").await;
                let res = app.post(&path("/pairing"), Some(&org.token), change("both had Black at home", &changed)).await;
                assert_eq!(res.status(), 200);
                let t: Value = res.json().await.unwrap();
                boards = t["pairings"][0]["boards"].as_array().unwrap().clone();
                assert_eq!(boards[0]["white"], changed[0]["white"]);
            }
            let seated = |id: &str| boards.iter().any(|b| b["white"] == id || b["black"] == id);
            if round == 1 {
                assert_eq!(boards.len(), 5, "four games and the bye");
            } else {
                assert!(!seated(&players[8].id), "withdrawn: round {round}");
                assert_eq!(seated(&players[3].id), round != 2, "the bye asked for: round {round}");
            }
            // The next round waits for these results.
            let res = app.post(&path("/rounds"), Some(&org.token), json!({})).await;
            assert_error(res, 409, "results_missing").await;
            for (i, b) in boards.iter().filter(|b| !b["black"].is_null()).enumerate() {
                let result = ["1-0", "1/2-1/2", "0-1", "+/-"][(i + round as usize) % 4];
                let res = app
                    .post(&path("/results"), Some(&org.token), json!({"round": round, "white": b["white"], "result": result}))
                    .await;
                assert_eq!(res.status(), 200);
            }
        }
        let res = app.post(&path("/rounds"), Some(&org.token), json!({})).await;
        assert_error(res, 409, "all_rounds_paired").await;
        let res = app.post(&path("/tiebreaks"), Some(&org.token), json!({"codes": ["BH/C1", "XY"]})).await;
        assert_error(res, 422, "unknown_tiebreak").await;
        let res = app.post(&path("/tiebreaks"), Some(&org.token), json!({"codes": ["PTS", "BH", "DE"]})).await;
        assert_eq!(res.status(), 200);

        // A correction: with a reason, and the standings follow it.
        let t: Value = app.get(&path(""), None).await.json().await.unwrap();
        let board = t["pairings"][3]["boards"][0].clone();
        let standings = || async {
            let v: Value = app.get(&path("/standings"), None).await.json().await.unwrap();
            v
        };
        let points = |v: &Value, id: &Value| {
            v["rows"].as_array().unwrap().iter().find(|r| r["id"] == *id).unwrap()["values"][0].as_f64().unwrap()
        };
        let before = standings().await;
        assert_eq!(before["tiebreaks"][0], "PTS");
        let res = app
            .post(&path("/corrections"), Some(&org.token), json!({"round": 4, "white": board["white"], "result": "0-1", "reason": " "}))
            .await;
        assert_error(res, 422, "reason_missing").await;
        let res = app
            .post(&path("/corrections"), Some(&org.token), json!({"round": 4, "white": board["white"], "result": "0-1", "reason": "slip read wrongly"}))
            .await;
        assert_eq!(res.status(), 200);
        let after = standings().await;
        let was = board["result"].as_str().unwrap();
        let white_before = points(&before, &board["white"]);
        let white_gain = match was { "1-0" | "+/-" => 1.0, "1/2-1/2" => 0.5, _ => 0.0 };
        assert_eq!(points(&after, &board["white"]), white_before - white_gain, "was {was}");

        assert_eq!(after["tiebreaks"], json!(["PTS", "BH", "DE"]));
        // Schools: each one's best two, the points summed from the individual standings.
        let teams: Value = app.get(&path("/teams?best=2"), None).await.json().await.unwrap();
        let teams = teams.as_array().unwrap();
        assert_eq!(teams.len(), 3);
        for team in teams {
            let counted = team["counted"].as_array().unwrap();
            assert!(counted.len() <= 2);
            let sum: f64 = counted.iter().map(|id| points(&after, id)).sum();
            assert_eq!(team["points"].as_f64().unwrap(), sum, "{team}");
        }
        assert!(teams.windows(2).all(|w| w[0]["points"].as_f64() >= w[1]["points"].as_f64()));
        let res = app.get(&path("/teams?by=house"), None).await;
        assert_eq!(res.status(), 400);
        let res = app.post(&path("/finish"), Some(&org.token), json!({})).await;
        assert_eq!(res.status(), 200);
        let res = app.post(&path("/results"), Some(&org.token), json!({"round": 1, "white": board["white"], "result": "1-0"})).await;
        assert_error(res, 409, "tournament_finished").await;

        // The report, read by the pairing crate: every round is the engine's pairing.
        let res = app.get(&path("/report.trf"), None).await;
        assert_eq!(res.status(), 200);
        let text = res.text().await.unwrap();
        let report = pairing::Tournament::parse(&text).unwrap();
        assert_eq!((report.players.len(), report.played_rounds()), (9, 4));
        // Round 1 is the arbiter's (colours exchanged on board 1); the others the engine's.
        let differences = pairing::dutch::check(&report, pairing::dutch::Options::default()).unwrap();
        let rounds: Vec<usize> = differences.iter().map(|d| d.round).collect();
        assert_eq!(rounds, [1], "{differences:?}\n{text}");
        let t: Value = app.get(&path(""), None).await.json().await.unwrap();
        assert_eq!(t["players"][0]["name"], "Oyuncu 0");
        // Created, nine registered, a withdrawal and a bye, four rounds paired, their results,
        // the four rounds closed by their last results, one correction.
        let results: usize = t["pairings"].as_array().unwrap().iter()
            .map(|r| r["boards"].as_array().unwrap().iter().filter(|b| !b["black"].is_null()).count())
            .sum();
        assert_eq!(t["version"].as_u64().unwrap() as usize, 1 + 9 + 1 + 2 + 4 + results + 4 + 1 + 1 + 1);
        let res = app.get("/api/v1/tournaments/00000000-0000-7000-8000-000000000000", None).await;
        assert_error(res, 404, "not_found").await;
    }

    async fn a_class_is_registered_from_its_list_with_accounts_and_sign_in_codes(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let other = app.create_player_with(json!({"name": "Başka", "roles": ["organiser"]})).await;
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Sınıf Turnuvası", "system": "swiss", "rounds": 3}))
            .await.json().await.unwrap();
        let path = format!("/api/v1/tournaments/{}/class", t["id"].as_str().unwrap());
        let csv = "Ad;Doğum yılı;Puan;Sınıf\nAyşe Yılmaz;2011;1450;9-A\nMehmet Öz;2012;;9-B\nCan Demir;;1300;\n";
        let body = json!({"csv": csv, "school": "Atatürk Lisesi", "locale": "tr"});
        let res = app.post(&path, Some(&other.token), body.clone()).await;
        assert_error(res, 403, "forbidden").await;
        let res = app.post(&path, Some(&org.token), json!({"csv": "ad;puan\nAyşe;güçlü"})).await;
        let message = assert_error(res, 400, "bad_request").await;
        assert!(message.contains("line 2"), "{message}");
        // A class name is at most 100 characters as sent, spaces around it included.
        let long = format!("\t\n{}", "*".repeat(99));
        let res = app.post(&path, Some(&org.token), json!({"csv": "Ayşe", "class": long})).await;
        assert_error(res, 400, "bad_request").await;
        let res = app.post(&path, Some(&org.token), body).await;
        assert_eq!(res.status(), 200);
        let answer: Value = res.json().await.unwrap();
        let pupils = answer["pupils"].as_array().unwrap();
        assert_eq!(pupils.len(), 3);
        assert!(pupils.iter().all(|p| p["code"].as_str().is_some_and(|c| c.len() == 14)), "{answer}");
        assert_eq!(answer["tournament"]["players"].as_array().unwrap().len(), 3);
        // The pupil's account has the school and class; the code signs them in.
        let ayse = &answer["tournament"]["players"].as_array().unwrap().iter().find(|p| p["id"] == pupils[0]["id"]).unwrap();
        assert_eq!((ayse["school"].as_str(), ayse["class"].as_str(), ayse["birth_year"].as_u64()), (Some("Atatürk Lisesi"), Some("9-A"), Some(2011)), "{ayse}");
        let (cookie, token) = form_token(&app).await;
        let res = no_redirects().post(app.url("/login/code")).header("cookie", cookie)
            .form(&[("code", pupils[0]["code"].as_str().unwrap()), ("csrf", token.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), 303, "signed in by the code");
        // Birth years and ratings in the report.
        let report = app.get(&format!("/api/v1/tournaments/{}/report.trf", t["id"].as_str().unwrap()), Some(&org.token)).await.text().await.unwrap();
        let line = report.lines().find(|l| l.contains("Ayşe Y.")).unwrap();
        assert!(line.contains("1450") && line.contains("2011"), "{line}");
        // A round robin under way takes no class: refused before anyone is made.
        let rr: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Devreli", "system": "round_robin", "rounds": 1}))
            .await.json().await.unwrap();
        let rr_path = format!("/api/v1/tournaments/{}", rr["id"].as_str().unwrap());
        for p in pupils.iter().take(2) {
            app.post(&format!("{rr_path}/players"), Some(&app.admin), json!({"player": p["id"]})).await;
        }
        app.post(&format!("{rr_path}/rounds"), Some(&org.token), json!({})).await;
        let res = app.post(&format!("{rr_path}/class"), Some(&org.token), json!({"csv": "Yeni Öğrenci, yeni@okul.tr"})).await;
        assert_error(res, 422, "round_robin_closed").await;
        let again = app.post(&path, Some(&org.token), json!({"csv": "Yeni Öğrenci, yeni@okul.tr"})).await;
        assert_eq!(again.status(), 200, "the address was not taken by the refused list");
    }

    async fn a_board_played_over_the_board_is_adjourned_as_a_game_in_zarf(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Kulüp Turnuvası", "system": "swiss", "rounds": 3, "place": "Kulüp"}))
            .await.json().await.unwrap();
        let id = t["id"].as_str().unwrap().to_owned();
        let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");
        let mut tokens = std::collections::HashMap::new();
        for n in 0..4u32 {
            let p = app.create_player(&format!("Oyuncu {n}")).await;
            app.post(&path("/players"), Some(&app.admin), json!({"player": p.id, "rating": 1700 - n * 10})).await;
            tokens.insert(p.id.clone(), p.token.clone());
        }
        let t: Value = app.post(&path("/rounds"), Some(&org.token), json!({})).await.json().await.unwrap();
        let boards = t["pairings"][0]["boards"].as_array().unwrap().clone();
        app.post(&path("/results"), Some(&org.token), json!({"round": 1, "white": boards[1]["white"], "result": "1-0"})).await;
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let body = |b: &Value| json!({"round": 1, "white": b["white"], "fen": fen});
        let res = app.post(&path("/games"), Some(&org.token), body(&boards[1])).await;
        assert_error(res, 409, "result_exists").await;
        let res = app.post(&path("/games"), Some(&org.token), body(&boards[0])).await;
        assert_eq!(res.status(), 201);
        let t: Value = res.json().await.unwrap();
        let game = t["pairings"][0]["boards"][0]["game"].as_str().unwrap().to_owned();
        let res = app.post(&path("/games"), Some(&org.token), body(&boards[0])).await;
        assert_error(res, 409, "game_attached").await;
        let g = app.get_game(&game).await;
        assert_eq!((g["start_fen"].as_str(), g["event"].as_str(), g["round"].as_str()), (Some(fen), Some("Kulüp Turnuvası"), Some("1")));
        // The arbiter adjourns it; White seals, and later, resumed, resigns.
        let resume = (time::OffsetDateTime::now_utc() + time::Duration::hours(2)).format(&time::format_description::well_known::Rfc3339).unwrap();
        let res = app.post(&format!("/api/v1/games/{game}/adjourn"), Some(&org.token), json!({"resume_at": resume, "place": "Kulüp"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let white = &tokens[boards[0]["white"].as_str().unwrap()];
        let res = app.post(&format!("/api/v1/games/{game}/resign"), Some(white), json!({})).await;
        assert_eq!(res.status(), 200, "resigning while adjourned (A4): {:?}", res.text().await);
        let mut result = Value::Null;
        for _ in 0..100 {
            let t: Value = app.get(&path(""), None).await.json().await.unwrap();
            result = t["pairings"][0]["boards"][0]["result"].clone();
            if !result.is_null() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(result, json!("0-1"), "the game's result, by itself");
    }

    async fn an_online_tournament_plays_its_rounds_as_games_whose_results_come_back(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        // Online needs a time control; over the board takes none.
        let body = json!({"name": "Yazışmalı Kupa", "system": "swiss", "rounds": 2, "play": "online"});
        let res = app.post("/api/v1/tournaments", Some(&org.token), body.clone()).await;
        assert_error(res, 400, "bad_request").await;
        let mut body = body;
        body["time_control"] = json!({"kind": "per_move", "seconds": 3 * 86_400});
        body["place"] = json!("İzmir");
        body["start_date"] = json!("2026-12-01");
        body["end_date"] = json!("2026-11-30");
        let res = app.post("/api/v1/tournaments", Some(&org.token), body.clone()).await;
        assert_error(res, 400, "bad_request").await;
        body["end_date"] = json!("2027-01-31");
        body["points"] = json!({"win": 3, "draw": 1, "loss": 0, "bye": 3});
        body["half_point_byes"] = json!(false);
        let res = app.post("/api/v1/tournaments", Some(&org.token), body).await;
        assert_eq!(res.status(), 201);
        let t: Value = res.json().await.unwrap();
        assert_eq!((t["play"].as_str(), t["place"].as_str(), t["points"]["win"].as_f64()), (Some("online"), Some("İzmir"), Some(3.0)));
        let id = t["id"].as_str().unwrap().to_owned();
        let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");

        let mut players = Vec::new();
        for n in 0..4u16 {
            let p = app.create_player(&format!("Oyuncu {n}")).await;
            let res = app.post(&path("/players"), Some(&app.admin), json!({"player": p.id, "rating": 1800 - n * 50})).await;
            assert_eq!(res.status(), 200);
            players.push(p);
        }
        let res = app.post(&path("/byes"), Some(&org.token), json!({"player": players[0].id, "round": 2, "half": true})).await;
        assert_error(res, 422, "no_half_point_byes").await;
        let token_of = |id: &Value| players.iter().find(|p| *id == p.id.as_str()).unwrap().token.clone();

        // Round 1 is published with its games starting in an hour: nothing moves before then.
        let res = app.post(&path("/rounds"), Some(&org.token), json!({})).await;
        assert_eq!(res.status(), 200);
        let res = app.post(&path("/publish"), Some(&org.token), json!({"round": 2})).await;
        assert_error(res, 422, "round_not_paired").await;
        let later = (time::OffsetDateTime::now_utc() + time::Duration::hours(1))
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap();
        let res = app.post(&path("/publish"), Some(&org.token), json!({"round": 1, "starts_at": later})).await;
        assert_eq!(res.status(), 200);
        let t: Value = res.json().await.unwrap();
        let res = app.post(&path("/publish"), Some(&org.token), json!({"round": 1})).await;
        assert_error(res, 409, "already_published").await;
        let boards = t["pairings"][0]["boards"].as_array().unwrap().clone();
        assert_eq!(boards.len(), 2);
        for b in &boards {
            let game = app.get_game(b["game"].as_str().unwrap()).await;
            assert_eq!((&game["white"]["id"], &game["black"]["id"]), (&b["white"], &b["black"]));
            assert_eq!((game["event"].as_str(), game["round"].as_str(), game["site"].as_str()), (Some("Yazışmalı Kupa"), Some("1"), Some("İzmir")));
            assert_eq!(game["tournament"].as_str(), Some(id.as_str()));
            assert!(game["starts_at"].is_string());
            let res = app.post_move(b["game"].as_str().unwrap(), &token_of(&b["white"]), "e4").await;
            assert_error(res, 409, "not_started").await;
        }
        // A published online round keeps its pairing.
        let change: Vec<Value> = boards.iter().map(|b| json!({"white": b["black"], "black": b["white"]})).collect();
        let res = app.post(&path("/pairing"), Some(&org.token), json!({"round": 1, "boards": change, "reason": "swap"})).await;
        assert_error(res, 409, "games_started").await;

        // Round 2 starts at once: one game is resigned, the other agreed drawn; the results enter
        // the tournament by themselves.
        for b in &boards {
            let res = app.post(&path("/results"), Some(&org.token), json!({"round": 1, "white": b["white"], "result": "1-0"})).await;
            assert_eq!(res.status(), 200, "the arbiter may still enter a result");
            // The board's game ends with it, by the arbiter's decision.
            let game = app.get_game(b["game"].as_str().unwrap()).await;
            assert_eq!((game["result"].as_str(), game["termination"].as_str()), (Some("1-0"), Some("arbiter_decision")), "{game}");
        }
        let res = app.post(&path("/rounds"), Some(&org.token), json!({})).await;
        assert_eq!(res.status(), 200);
        let t: Value = app.post(&path("/publish"), Some(&org.token), json!({"round": 2})).await.json().await.unwrap();
        let boards = t["pairings"][1]["boards"].as_array().unwrap().clone();
        let (g1, g2) = (boards[0]["game"].as_str().unwrap(), boards[1]["game"].as_str().unwrap());
        let res = app.post(&format!("/api/v1/games/{g1}/resign"), Some(&token_of(&boards[0]["black"])), json!({})).await;
        assert_eq!(res.status(), 200);
        assert_eq!(app.post_move(g2, &token_of(&boards[1]["white"]), "d4").await.status(), 200);
        let res = app.post(&format!("/api/v1/games/{g2}/moves"), Some(&token_of(&boards[1]["black"])), json!({"move": "d5", "offer_draw": true})).await;
        assert_eq!(res.status(), 200);
        let res = app.post(&format!("/api/v1/games/{g2}/draw-offer/accept"), Some(&token_of(&boards[1]["white"])), json!({})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let mut results = Value::Null;
        for _ in 0..100 {
            let t: Value = app.get(&path(""), None).await.json().await.unwrap();
            results = json!([t["pairings"][1]["boards"][0]["result"], t["pairings"][1]["boards"][1]["result"]]);
            if results[0].is_string() && results[1].is_string() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(results, json!(["1-0", "1/2-1/2"]));
        // 3-1-0 scoring in the standings.
        let v: Value = app.get(&path("/standings"), None).await.json().await.unwrap();
        let total: f64 = v["rows"].as_array().unwrap().iter().map(|r| r["values"][0].as_f64().unwrap()).sum();
        assert_eq!(total, 3.0 * 3.0 + 2.0 * 1.0, "three wins and a draw");
        // Every game of the tournament in one PGN file, round by round.
        let res = app.get(&path("/games.pgn"), None).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "application/x-chess-pgn; charset=utf-8");
        let pgn = res.text().await.unwrap();
        assert_eq!(pgn.matches("[Event \"Yazışmalı Kupa\"]").count(), 4, "{pgn}");
        let round_two = pgn.find("[Round \"2\"]").unwrap();
        assert!(pgn.find("[Round \"1\"]").unwrap() < round_two, "{pgn}");
        assert!(
            pgn[round_two..].contains("1. d4") && pgn[round_two..].contains("{(=)}"),
            "the moves and the offer: {pgn}"
        );
        assert!(pgn[round_two..].contains("[Result \"1/2-1/2\"]"), "{pgn}");
        let res = app.post(&path("/finish"), Some(&org.token), json!({})).await;
        assert_eq!(res.status(), 200);
    }
}
