//! Whole cups over the JSON API, their games played through the games API and their results
//! coming back by themselves: a knockout of 13 (byes, a match starting as soon as both its
//! players are known, a tied mini-match going to extra games, a withdrawal, the arbiter's
//! decision), a double elimination of 8 ending in the grand final's reset, a cup over the
//! board whose results the arbiter enters, and a tavla cup whose match length grows by round.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A cup being run by its organiser, its players' tokens by id.
struct Cup<'a> {
    app: &'a TestApp,
    org: Player,
    id: String,
    tokens: HashMap<String, String>,
}

impl<'a> Cup<'a> {
    /// A cup of `players` (rated from 2000 down, in entry order) with `terms` added to an
    /// online chess cup's.
    async fn new(app: &'a TestApp, terms: Value, players: u32) -> Cup<'a> {
        let org = app
            .create_player_with(json!({"name": "Kupa Hakemi", "roles": ["organiser"]}))
            .await;
        let mut body = json!({"name": "Okullar Kupası", "play": "online",
            "time_control": {"kind": "per_move", "seconds": 3 * 86_400}});
        for (k, v) in terms.as_object().unwrap() {
            body[k] = v.clone();
        }
        let res = app
            .post("/api/v1/tournaments", Some(&org.token), body)
            .await;
        assert_eq!(res.status(), 201, "{:?}", res.text().await);
        let t: Value = res.json().await.unwrap();
        let mut cup = Cup {
            app,
            org,
            id: t["id"].as_str().unwrap().to_owned(),
            tokens: HashMap::new(),
        };
        for n in 0..players {
            cup.enter(n, None).await;
        }
        cup
    }

    /// Enters the `n`th player (from 0), of `school` where given.
    async fn enter(&mut self, n: u32, school: Option<&str>) {
        let (app, cup) = (self.app, &mut *self);
        {
            let name = format!("Oyuncu {:02}", n + 1);
            let p = app
                .create_player_with(json!({"name": name, "school": school}))
                .await;
            let res = app
                .post(
                    &cup.path("/players"),
                    Some(&app.admin),
                    json!({"player": p.id, "rating": 2000 - n * 10}),
                )
                .await;
            assert_eq!(res.status(), 200);
            cup.tokens.insert(p.id, p.token);
        }
    }

    fn path(&self, rest: &str) -> String {
        format!("/api/v1/tournaments/{}{rest}", self.id)
    }

    async fn post(&self, rest: &str, body: Value) -> (u16, Value) {
        let res = self
            .app
            .post(&self.path(rest), Some(&self.org.token), body)
            .await;
        (res.status().as_u16(), res.json().await.unwrap())
    }

    async fn bracket(&self) -> Value {
        let res = self.app.get(&self.path("/bracket"), None).await;
        assert_eq!(res.status(), 200);
        res.json().await.unwrap()
    }

    /// The bracket once `done` holds of it (the scheduler carries results at its ticks).
    async fn until(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..150 {
            let b = self.bracket().await;
            if done(&b) {
                return b;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("{what}: {}", self.bracket().await);
    }

    /// The player seeded `seed`.
    fn seed(b: &Value, seed: u64) -> String {
        for r in b["rounds"].as_array().unwrap() {
            for m in r["matches"].as_array().unwrap() {
                for side in 0..2 {
                    if m["seeds"][side] == json!(seed) {
                        return m["players"][side].as_str().unwrap().to_owned();
                    }
                }
            }
        }
        panic!("no seed {seed} in {b}")
    }

    /// The loser resigns every game of match (`bracket`, `round`, `number`) still being played;
    /// `winner` is its side 0 or 1.
    async fn win_games(&self, at: (&str, u64, u64), winner: usize) -> Value {
        let b = self.bracket().await;
        let m = match_at(&b, at).clone();
        let loser = m["players"][1 - winner].as_str().unwrap();
        for game in m["games"].as_array().unwrap() {
            let game = game.as_str().unwrap();
            if made_game(self.app, game).await["status"] != "active" {
                continue;
            }
            let res = self
                .app
                .post(
                    &format!("/api/v1/games/{game}/resign"),
                    Some(&self.tokens[loser]),
                    json!({}),
                )
                .await;
            assert_eq!(res.status(), 200, "{game}");
        }
        m
    }

    /// Wins match `at` for side `winner` and waits for the cup to say so.
    async fn win(&self, at: (&str, u64, u64), winner: usize) -> Value {
        let m = self.win_games(at, winner).await;
        let who = m["players"][winner].clone();
        self.until(&format!("{at:?} won"), |b| match_at(b, at)["winner"] == who)
            .await
    }

    /// Each game of match `at` still being played: White wins (`true`) or the game is drawn.
    async fn play_games(&self, at: (&str, u64, u64), white_wins: bool) {
        let b = self.bracket().await;
        for game in match_at(&b, at)["games"].as_array().unwrap() {
            let game = game.as_str().unwrap();
            let g = made_game(self.app, game).await;
            if g["status"] != "active" {
                continue;
            }
            let white = &self.tokens[g["white"]["id"].as_str().unwrap()];
            let black = &self.tokens[g["black"]["id"].as_str().unwrap()];
            let path = |rest: &str| format!("/api/v1/games/{game}{rest}");
            if white_wins {
                let res = self
                    .app
                    .post(&path("/resign"), Some(black), json!({}))
                    .await;
                assert_eq!(res.status(), 200);
            } else {
                assert_eq!(self.app.post_move(game, white, "e4").await.status(), 200);
                let res = self
                    .app
                    .post(
                        &path("/moves"),
                        Some(black),
                        json!({"move": "e5", "offer_draw": true}),
                    )
                    .await;
                assert_eq!(res.status(), 200);
                let res = self
                    .app
                    .post(&path("/draw-offer/accept"), Some(white), json!({}))
                    .await;
                assert_eq!(res.status(), 200);
            }
        }
    }
}

/// Match (`bracket`, `round`, `number`) of the bracket.
fn match_at<'a>(b: &'a Value, (bracket, round, number): (&str, u64, u64)) -> &'a Value {
    let r = b["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["bracket"] == bracket && r["round"] == round)
        .unwrap_or_else(|| panic!("no round {bracket} {round} in {b}"));
    &r["matches"][number as usize - 1]
}

/// A game the bracket lists: the service makes it just after it records the match's start,
/// so a reader may be a moment early.
async fn made_game(app: &TestApp, game: &str) -> Value {
    for _ in 0..150 {
        let res = app.get(&format!("/api/v1/games/{game}"), None).await;
        if res.status() != 404 {
            assert_eq!(res.status(), 200);
            return res.json().await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the game {game} was never made")
}

fn games_of(m: &Value) -> usize {
    m["games"].as_array().unwrap().len()
}

both_backends! {
    async fn a_knockout_of_thirteen_played_online_to_its_end(app) {
        let terms = json!({"system": "knockout", "games_per_match": 2, "extra_pairs": 1});
        let cup = Cup::new(&app, terms, 13).await;
        let before = cup.bracket().await;
        assert_eq!((before["drawn"].as_bool(), before["rounds"].as_array().map(Vec::len)), (Some(false), Some(0)));
        // The draw: sixteen places, the byes to seeds 1, 2 and 3.
        let (status, t) = cup.post("/rounds", json!({})).await;
        assert_eq!(status, 200, "{t}");
        assert_eq!((t["system"].as_str(), t["cup"]["seeding"].as_str()), (Some("knockout"), Some("rating")));
        let (again, refused) = cup.post("/rounds", json!({})).await;
        assert_eq!((again, refused["error"]["code"].as_str()), (409, Some("cup_drawn")));
        let b = cup.bracket().await;
        let first = b["rounds"][0]["matches"].as_array().unwrap().clone();
        assert_eq!(first.len(), 8);
        let seeds: Vec<Value> = first.iter().map(|m| m["seeds"].clone()).collect();
        assert_eq!(seeds, [json!([1, null]), json!([8, 9]), json!([4, 13]), json!([5, 12]),
            json!([2, null]), json!([7, 10]), json!([3, null]), json!([6, 11])]);
        assert_eq!(first[0]["byes"], json!([false, true]));
        // Seed 1 is the highest rated, entered first.
        assert_eq!(cup.tokens.len(), 13);
        // Every first-round match with two players has its two games, colours exchanged.
        for m in first.iter().filter(|m| !m["seeds"][1].is_null()) {
            assert_eq!(games_of(m), 2, "{m}");
            let g0 = made_game(&app, m["games"][0].as_str().unwrap()).await;
            let g1 = made_game(&app, m["games"][1].as_str().unwrap()).await;
            assert_eq!(g0["white"]["id"], m["players"][0]);
            assert_eq!(g1["white"]["id"], m["players"][1]);
        }
        // Seed 2 had a bye: their second-round match waits for 7 v 10.
        assert_eq!(games_of(match_at(&b, ("winners", 2, 3))), 0);
        // 8 beats 9: their winner meets seed 1 at once, while the rest of round 1 plays on.
        cup.win(("winners", 1, 2), 0).await;
        let b = cup.until("1 v 8 starts", |b| games_of(match_at(b, ("winners", 2, 1))) == 2).await;
        assert!(match_at(&b, ("winners", 1, 3))["winner"].is_null());
        assert_eq!(match_at(&b, ("winners", 2, 1))["seeds"], json!([1, 8]));

        // 5 v 12: each wins with White, 1-1; the extra pair starts; 12 wins it.
        cup.play_games(("winners", 1, 4), true).await;
        let b = cup.until("the extra pair", |b| games_of(match_at(b, ("winners", 1, 4))) == 4).await;
        let m = match_at(&b, ("winners", 1, 4));
        assert_eq!((m["score"].clone(), m["winner"].clone()), (json!([1.0, 1.0]), Value::Null));
        cup.win(("winners", 1, 4), 1).await;
        let b = cup.bracket().await;
        let m = match_at(&b, ("winners", 1, 4));
        assert_eq!((m["score"].clone(), m["decided_by"].as_str()), (json!([1.0, 3.0]), Some("games")));

        // 11 withdraws during their match with 6: 6 goes through.
        let eleven = Cup::seed(&b, 11);
        let (status, _) = cup.post("/withdrawals", json!({"player": eleven})).await;
        assert_eq!(status, 200);
        let b = cup.bracket().await;
        let m = match_at(&b, ("winners", 1, 8));
        assert_eq!((m["decided_by"].as_str(), m["winner"].clone()), (Some("walkover"), m["players"][0].clone()));
        // The match's games end with it: no result of theirs counts now.
        let m = m.clone();
        cup.until("the walkover's games end", |_| true).await;
        for _ in 0..100 {
            let mut open = 0;
            for g in m["games"].as_array().unwrap() {
                if made_game(&app, g.as_str().unwrap()).await["status"] == "active" {
                    open += 1;
                }
            }
            if open == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        for g in m["games"].as_array().unwrap() {
            assert_eq!(made_game(&app, g.as_str().unwrap()).await["status"], "finished");
        }
        let b = cup.bracket().await;

        // 4 v 13 stalls: the arbiter decides it, with a reason. Not a stranger, not for one
        // who does not play in it, not without a reason.
        let m = match_at(&b, ("winners", 1, 3)).clone();
        let decision = |winner: &Value, reason: &str| json!({"bracket": "winners", "round": 1, "number": 3, "winner": winner, "reason": reason});
        let stranger = app.create_player_with(json!({"name": "Başka Okul", "roles": ["organiser"]})).await;
        let res = app.post(&cup.path("/decisions"), Some(&stranger.token), decision(&m["players"][0], "mine")).await;
        assert_eq!(res.status(), 403);
        let (status, refused) = cup.post("/decisions", decision(&json!(eleven), "x")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (422, Some("not_in_the_match")));
        let (status, refused) = cup.post("/decisions", decision(&m["players"][0], "  ")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (422, Some("reason_missing")));
        let (status, refused) = cup.post("/decisions", decision(&m["players"][0], &"x".repeat(501))).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (422, Some("reason_too_long")));
        let (status, _) = cup.post("/decisions", decision(&m["players"][0], "13 did not move for 40 days")).await;
        assert_eq!(status, 200);
        let b = cup.bracket().await;
        let m = match_at(&b, ("winners", 1, 3));
        assert_eq!((m["decided_by"].as_str(), m["reason"].as_str()), (Some("arbiter"), Some("13 did not move for 40 days")));
        for g in m["games"].as_array().unwrap() {
            assert_eq!(made_game(&app, g.as_str().unwrap()).await["status"], "finished", "its games end with it");
        }
        let (status, refused) = cup.post("/decisions", decision(&m["players"][0], "again")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("match_decided")));

        // The rest: the higher seed wins every match.
        cup.win(("winners", 1, 6), 0).await;
        for at in [("winners", 2, 1), ("winners", 2, 2), ("winners", 2, 3), ("winners", 2, 4),
                   ("winners", 3, 1), ("winners", 3, 2), ("winners", 4, 1)] {
            cup.until(&format!("{at:?} starts"), |b| games_of(match_at(b, at)) > 0).await;
            cup.win(at, 0).await;
        }
        let b = cup.bracket().await;
        assert_eq!((b["finished"].as_bool(), b["champion"].clone()), (Some(true), json!(Cup::seed(&b, 1))));
        let places: Vec<(u64, String)> = b["standings"].as_array().unwrap().iter()
            .map(|p| (p["place"].as_u64().unwrap(), p["id"].as_str().unwrap().to_owned())).collect();
        assert_eq!(places.len(), 13);
        assert_eq!(places[0], (1, Cup::seed(&b, 1)));
        assert_eq!(places[1], (2, Cup::seed(&b, 2)));
        assert_eq!(places.iter().filter(|(p, _)| *p == 3).count(), 2, "the semi-finalists share third");
        assert_eq!(places.iter().filter(|(p, _)| *p == 5).count(), 4);
        assert_eq!(places.iter().filter(|(p, _)| *p == 9).count(), 5);
        let t: Value = app.get(&cup.path(""), None).await.json().await.unwrap();
        assert_eq!(t["finished"].as_bool(), Some(true));
        // Every game is in the export, in the game's record format.
        let pgn = app.get(&cup.path("/games.pgn"), None).await.text().await.unwrap();
        let games: usize = b["rounds"].as_array().unwrap().iter()
            .flat_map(|r| r["matches"].as_array().unwrap()).map(games_of).sum();
        assert_eq!(pgn.matches("[Event \"Okullar Kupası\"]").count(), games);
        assert!(pgn.contains("[Round \"4.1\"]"), "the final's games are round 4, match 1");
    }

    async fn a_double_elimination_of_eight_ends_in_the_grand_finals_reset(app) {
        let terms = json!({"system": "double_elimination", "games_per_match": 1, "extra_pairs": 0});
        let cup = Cup::new(&app, terms, 8).await;
        let (status, _) = cup.post("/rounds", json!({})).await;
        assert_eq!(status, 200);
        // The upper side wins every match but the finals: the losers' bracket's winner takes
        // the grand final; the reset (the grand final's winner above) goes to the winners'
        // bracket's winner.
        let mut played = 0;
        loop {
            let b = cup.bracket().await;
            if b["finished"] == json!(true) {
                break;
            }
            let next = b["rounds"].as_array().unwrap().iter().find_map(|r| {
                r["matches"].as_array().unwrap().iter().find(|m| m["winner"].is_null() && games_of(m) > 0)
                    .map(|m| (r["bracket"].as_str().unwrap().to_owned(), r["round"].as_u64().unwrap(), m["number"].as_u64().unwrap()))
            });
            let Some((bracket, round, number)) = next else {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            };
            let winner = usize::from(bracket == "final");
            cup.win((&bracket, round, number), winner).await;
            played += 1;
            assert!(played <= 15, "{b}");
        }
        assert_eq!(played, 15, "2N - 1 matches: the reset was played");
        let b = cup.bracket().await;
        let reset = match_at(&b, ("final", 2, 1));
        assert_eq!(reset["winner"], json!(Cup::seed(&b, 1)));
        assert_eq!(reset["seeds"][1], json!(1));
        assert_eq!(b["champion"], json!(Cup::seed(&b, 1)));
        let losers = b["rounds"].as_array().unwrap().iter().filter(|r| r["bracket"] == "losers").count();
        assert_eq!(losers, 4, "eight players: four rounds of the losers' bracket");
        assert_eq!(b["standings"][1]["place"], 2);
    }

    async fn a_cup_over_the_board_takes_each_games_result_from_its_arbiter(app) {
        let terms = json!({"system": "knockout", "play": "over_the_board", "time_control": null});
        let cup = Cup::new(&app, terms, 4).await;
        let (status, t) = cup.post("/rounds", json!({})).await;
        assert_eq!((status, t["play"].as_str()), (200, Some("over_the_board")), "{t}");
        let enter = |game: &Value, result: &str| json!({"game": game, "result": result});
        let b = cup.bracket().await;
        let semi = match_at(&b, ("winners", 1, 1)).clone();
        assert_eq!(semi["seeds"], json!([1, 4]));
        assert_eq!(games_of(&semi), 2, "the pair's two boards");
        // The boards are not games in zarf: no game page, nothing in the export.
        let res = app.get(&format!("/api/v1/games/{}", semi["games"][0].as_str().unwrap()), None).await;
        assert_eq!(res.status(), 404);
        // Only whoever runs it enters a result; once; for a game of the cup.
        let player = &cup.tokens[semi["players"][0].as_str().unwrap()];
        let res = app.post(&cup.path("/match-results"), Some(player), enter(&semi["games"][0], "1-0")).await;
        assert_eq!(res.status(), 403);
        let (status, _) = cup.post("/match-results", enter(&semi["games"][0], "1-0")).await;
        assert_eq!(status, 200);
        let (status, refused) = cup.post("/match-results", enter(&semi["games"][0], "0-1")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("result_exists")));
        let stranger = json!("01a22222-2222-7222-8222-222222222222");
        let (status, refused) = cup.post("/match-results", enter(&stranger, "1-0")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (422, Some("not_a_cup_game")));
        let (status, refused) = cup.post("/match-results", enter(&semi["games"][1], "2-0")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (400, Some("bad_request")));
        let (status, refused) = cup.post("/match-results", enter(&semi["games"][1], "0-0")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (422, Some("double_forfeit_in_a_cup")));
        // 4 had White in the second game and lost it: 1 goes through, 2-0.
        cup.post("/match-results", enter(&semi["games"][1], "0-1")).await;
        let b = cup.bracket().await;
        let semi = match_at(&b, ("winners", 1, 1));
        assert_eq!((semi["score"].clone(), semi["winner"].clone()), (json!([2.0, 0.0]), semi["players"][0].clone()));
        // 2 v 3: two draws, then the extra pair's boards; 2 wins it.
        let other = match_at(&b, ("winners", 1, 2)).clone();
        for g in other["games"].as_array().unwrap() {
            cup.post("/match-results", enter(g, "1/2-1/2")).await;
        }
        let b = cup.bracket().await;
        let other = match_at(&b, ("winners", 1, 2)).clone();
        assert_eq!(games_of(&other), 4, "{other}");
        cup.post("/match-results", enter(&other["games"][2], "1-0")).await;
        cup.post("/match-results", enter(&other["games"][3], "1/2-1/2")).await;
        // The final: 1 wins both, the first entered on the arbiter's page.
        let b = cup.bracket().await;
        let last = match_at(&b, ("winners", 2, 1)).clone();
        assert_eq!(last["seeds"], json!([1, 2]), "{b}");
        let (cookie, csrf) = sign_in(&app, &cup.org.id).await;
        let run = app.url(&format!("/tournaments/{}/run?lang=en", cup.id));
        let page = no_redirects().get(&run).header("cookie", cookie.clone()).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("Final, match 1, game 1: Oyuncu 01 – Oyuncu 02"), "{page}");
        let res = no_redirects().post(&run).header("cookie", cookie)
            .form(&[("action", "match_game"), ("white", last["games"][0].as_str().unwrap()), ("result", "1-0"), ("csrf", csrf.as_str())])
            .send().await.unwrap();
        assert_eq!(res.status(), 303);
        let b = cup.bracket().await;
        assert_eq!(match_at(&b, ("winners", 2, 1))["score"], json!([1.0, 0.0]));
        // The slips to print: the game still to be played, not the one entered.
        let slips = app.get(&format!("/tournaments/{}/print?sheet=slips&lang=en", cup.id), None).await.text().await.unwrap();
        assert!(slips.contains("Final, match 1, game 2</strong>"), "{slips}");
        assert!(slips.contains("White: Oyuncu 02"), "{slips}");
        assert!(!slips.contains("game 1</strong>"), "{slips}");
        cup.post("/match-results", enter(&last["games"][1], "0-1")).await;
        let b = cup.bracket().await;
        assert_eq!((b["finished"].as_bool(), b["champion"].clone()), (Some(true), json!(Cup::seed(&b, 1))));
        let pgn = app.get(&cup.path("/games.pgn"), None).await.text().await.unwrap();
        assert!(pgn.is_empty(), "{pgn}");
        // A cup played online takes its games' results from the games.
        let online = Cup::new(&app, json!({"system": "knockout"}), 2).await;
        let (status, _) = online.post("/rounds", json!({})).await;
        assert_eq!(status, 200);
        let b = online.bracket().await;
        let g = &match_at(&b, ("winners", 1, 1))["games"][0];
        let (status, refused) = online.post("/match-results", enter(g, "1-0")).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("result_from_the_game")));
        let slips = app.get(&format!("/tournaments/{}/print?sheet=slips&lang=en", online.id), None).await.text().await.unwrap();
        assert!(slips.contains("need no slips"), "{slips}");
    }

    async fn a_cup_gives_each_match_days_from_its_start(app) {
        let cup = Cup::new(&app, json!({"system": "knockout", "match_days": 7}), 4).await;
        let t: Value = app.get(&cup.path(""), None).await.json().await.unwrap();
        assert_eq!(t["cup"]["match_days"].as_u64(), Some(7));
        let (status, _) = cup.post("/rounds", json!({})).await;
        assert_eq!(status, 200);
        let drawn = time::OffsetDateTime::now_utc();
        let b = cup.bracket().await;
        for number in [1, 2] {
            let m = match_at(&b, ("winners", 1, number));
            let rfc = time::format_description::well_known::Rfc3339;
            let deadline = time::OffsetDateTime::parse(m["deadline"].as_str().unwrap(), &rfc).unwrap();
            let from_now = deadline - drawn;
            assert!((from_now - time::Duration::days(7)).abs() < time::Duration::minutes(5), "{m}");
            assert_eq!(m["overdue"], json!(false), "{m}");
        }
        let last = match_at(&b, ("winners", 2, 1));
        assert_eq!((last["deadline"].clone(), last["overdue"].clone()), (json!(null), json!(false)), "not started");
        let page = app.get(&format!("/tournaments/{}?lang=en", cup.id), None).await.text().await.unwrap();
        assert!(page.contains("7 days a match") && page.contains("To be decided by"), "{page}");
        // A decided match has no deadline shown.
        cup.win(("winners", 1, 1), 0).await;
        let page = app.get(&format!("/tournaments/{}?lang=en", cup.id), None).await.text().await.unwrap();
        assert_eq!(page.matches("To be decided by").count(), 1, "{page}");
        // Days out of range, or on a Swiss, are refused.
        for wrong in [json!({"system": "knockout", "match_days": 0}), json!({"system": "knockout", "match_days": 366}),
                      json!({"system": "swiss", "rounds": 3, "match_days": 7})] {
            let mut body = json!({"name": "Kupa", "play": "online", "time_control": {"kind": "per_move", "seconds": 86_400}});
            for (k, v) in wrong.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.post("/api/v1/tournaments", Some(&cup.org.token), body).await;
            assert_eq!(res.status(), 400, "{wrong}");
            let e: Value = res.json().await.unwrap();
            assert!(e["error"]["message"].as_str().unwrap().contains("match_days"), "{wrong}: {e}");
        }
    }

    async fn a_cups_schools_count_the_matches_their_players_won(app) {
        let mut cup = Cup::new(&app, json!({"system": "knockout", "seeding": "given"}), 0).await;
        for (n, school) in [(0, "Atatürk Lisesi"), (1, "Fen Lisesi"), (2, "Fen Lisesi"), (3, "Atatürk Lisesi")] {
            cup.enter(n, Some(school)).await;
        }
        let teams = app.get(&cup.path("/teams"), None).await.json::<Value>().await.unwrap();
        assert_eq!(teams, json!([]), "none before the draw");
        let (status, _) = cup.post("/rounds", json!({})).await;
        assert_eq!(status, 200);
        // Seeds 1 v 4 (both Atatürk) and 2 v 3 (both Fen); seed 2 (Fen) beats seed 4 in the final.
        cup.win(("winners", 1, 1), 1).await;
        cup.win(("winners", 1, 2), 0).await;
        cup.win(("winners", 2, 1), 1).await;
        let teams = app.get(&cup.path("/teams"), None).await.json::<Value>().await.unwrap();
        let shown: Vec<_> = teams.as_array().unwrap().iter()
            .map(|t| (t["team"].as_str().unwrap(), t["rank"].as_u64().unwrap(), t["points"].as_f64().unwrap()))
            .collect();
        assert_eq!(shown, [("Fen Lisesi", 1, 2.0), ("Atatürk Lisesi", 2, 1.0)], "{teams}");
        let page = app.get(&format!("/tournaments/{}?lang=en", cup.id), None).await.text().await.unwrap();
        assert!(page.contains("Matches won") && page.contains("Fen Lisesi"), "{page}");
    }

    async fn a_tavla_cup_plays_longer_matches_in_later_rounds(app) {
        let terms = json!({"system": "knockout", "game": "tavla", "match_lengths": [1, 3], "seeding": "given"});
        let cup = Cup::new(&app, terms, 4).await;
        let t: Value = app.get(&cup.path(""), None).await.json().await.unwrap();
        assert_eq!((t["cup"]["games_per_match"].as_u64(), t["cup"]["match_lengths"].clone()), (Some(1), json!([1, 3])));
        let (status, _) = cup.post("/rounds", json!({})).await;
        assert_eq!(status, 200);
        let b = cup.bracket().await;
        for number in [1, 2] {
            let m = match_at(&b, ("winners", 1, number));
            assert_eq!(games_of(m), 1, "one match a pairing");
            let g = made_game(&app, m["games"][0].as_str().unwrap()).await;
            assert_eq!((g["game"].as_str(), g["match"]["length"].as_u64()), (Some("tavla"), Some(1)), "{g}");
            cup.win(("winners", 1, number), 1).await;
        }
        let b = cup.until("the final starts", |b| games_of(match_at(b, ("winners", 2, 1))) == 1).await;
        let g = made_game(&app, match_at(&b, ("winners", 2, 1))["games"][0].as_str().unwrap()).await;
        assert_eq!(g["match"]["length"].as_u64(), Some(3), "the final is to three points");
        cup.win(("winners", 2, 1), 0).await;
        let b = cup.bracket().await;
        assert_eq!(b["finished"], json!(true));
        // A tavla cup's pairing is one match; a match length only for a game played as one.
        let org = &cup.org;
        for (wrong, field) in [(json!({"game": "tavla", "games_per_match": 2}), "games_per_match"),
                               (json!({"match_lengths": [3]}), "match_lengths"),
                               (json!({"games_per_match": 3}), "games_per_match"),
                               (json!({"system": "double_elimination", "third_place": true}), "third_place")] {
            let mut body = json!({"name": "Kupa", "system": "knockout", "play": "online",
                "time_control": {"kind": "per_move", "seconds": 86_400}});
            for (k, v) in wrong.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.post("/api/v1/tournaments", Some(&org.token), body).await;
            assert_eq!(res.status(), 400, "{wrong}");
            let e: Value = res.json().await.unwrap();
            assert!(e["error"]["message"].as_str().unwrap().starts_with(field), "{wrong}: {e}");
        }
        // A Swiss has no bracket, and takes no cup terms.
        let swiss = json!({"name": "İsviçre", "system": "swiss", "rounds": 3, "seeding": "lot"});
        assert_eq!(app.post("/api/v1/tournaments", Some(&org.token), swiss).await.status(), 400);
        // A client that sends every field, the cup's at their defaults, still makes a Swiss.
        let swiss = json!({"name": "İsviçre", "system": "swiss", "rounds": 3, "seeding": "rating",
            "games_per_match": 2, "extra_pairs": 1, "tie_rule": "higher_seed", "third_place": false,
            "match_lengths": []});
        let res = app.post("/api/v1/tournaments", Some(&org.token), swiss).await;
        assert_eq!(res.status(), 201);
        let made: Value = res.json().await.unwrap();
        assert_eq!((made["system"].as_str(), made.get("cup")), (Some("swiss"), None), "{made}");
    }
}
