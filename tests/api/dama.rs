//! Dama through the whole service: created, its legal moves listed, played by capture to a
//! win, drawn by repetition, by agreement and at once with one piece each, lost on time, a
//! conditional line and a sealed move, an online round robin, its PDN, and `zarf perft` and
//! `zarf moves`.

use std::time::Duration;

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A dama game between two new players, made by the admin from `start` (the standard start if
/// none).
async fn dama_game(app: &TestApp, start: Option<&str>) -> (String, Player, Player) {
    dama_game_with(app, start, json!({})).await
}

async fn dama_game_with(
    app: &TestApp,
    start: Option<&str>,
    extra: Value,
) -> (String, Player, Player) {
    app.game_of("dama", start, extra).await
}

both_backends! {
    async fn a_dama_game_is_made_and_played_by_its_rules_to_a_win(app) {
        let (g, white, black) = dama_game(&app, None).await;
        let game = app.get_game(&g).await;
        assert_eq!((game["game"].as_str(), game["rules"].as_str(), game["to_move"].as_str()), (Some("dama"), Some("tudaf"), Some("white")));
        assert_eq!(app.legal_moves(&g).await, ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"]);
        // A man never moves diagonally or backwards; written any accepted way.
        assert_error(app.post_move(&g, &white.token, "d3-e4").await, 422, "illegal_move").await;
        assert_eq!(app.post_move(&g, &white.token, "d3:d4").await.status(), 200);
        assert_eq!(app.post_move(&g, &black.token, "e6-e5").await.status(), 200);
        let game = app.get_game(&g).await;
        assert_eq!(game["moves"], json!(["d3-d4", "e6-e5"]));

        // From a set-up: the man must take the most (two, not one).
        let (g, white, _) = dama_game(&app, Some("W:Wd4,a2:Bd5,e4,f5")).await;
        assert_eq!(app.legal_moves(&g).await, ["d4xf4xf6"]);
        assert_error(app.post_move(&g, &white.token, "d4xd6").await, 422, "illegal_move").await;
        // Black, left without a piece, has lost.
        let (g, white, _) = dama_game(&app, Some("W:Wd4,a2:Be4,f5")).await;
        assert_eq!(app.post_move(&g, &white.token, "d4xf6").await.status(), 200, "the short form");
        let end = app.get_game(&g).await;
        assert_eq!((end["result"].as_str(), end["termination"].as_str()), (Some("1-0"), Some("no_moves")), "{end}");
        let pdn = app.get(&format!("/api/v1/games/{g}/pgn"), None).await.text().await.unwrap();
        assert!(pdn.contains("[GameType \"30\"]") && pdn.contains("[FEN \"W:Wa2,d4:Be4,f5\"]"), "{pdn}");
        assert!(pdn.contains("1. d4xf4xf6 {"), "{pdn}");
        let page = app.get(&format!("/games/{g}?lang=tr"), None).await.text().await.unwrap();
        assert!(page.contains("class=\"board dama\""), "{page}");
    }

    async fn dama_is_drawn_by_repetition_and_agreement_and_lost_on_time(app) {
        // Threefold: two kings each go to and fro, and White claims on its intended move.
        let (g, white, black) = dama_game(&app, Some("W:WKa1,a2:BKh8,h7")).await;
        app.play(&g, &white, &black, "a1-b1 h8-g8 b1-a1 g8-h8 a1-b1 h8-g8 b1-a1").await;
        let res = app.post(&format!("/api/v1/games/{g}/claims"), Some(&black.token), json!({"kind": "threefold_repetition", "move": "g8-h8"})).await;
        let answer: Value = res.json().await.unwrap();
        assert_eq!((answer["accepted"].as_bool(), answer["game"]["termination"].as_str()), (Some(true), Some("threefold_repetition")), "{answer}");
        // No progress: kings walk to positions never seen; the claim fails at 49 half-moves and
        // holds at 50 (twenty-five moves each).
        let start = "W:WKa1,Kb1,Kc1:BKf8,Kg8,Kh8";
        let (g, white, black) = dama_game(&app, Some(start)).await;
        let walk = fresh_walk(start, 50);
        app.play(&g, &white, &black, &walk[..49].join(" ")).await;
        let claim = |token: String| {
            let app = &app;
            let g = g.clone();
            async move {
                let res = app.post(&format!("/api/v1/games/{g}/claims"), Some(&token), json!({"kind": "no_progress", "move": null})).await;
                res.json::<Value>().await.unwrap()
            }
        };
        let wrong = claim(black.token.clone()).await;
        assert_eq!(wrong["accepted"], false, "{wrong}");
        app.post(&format!("/api/v1/games/{g}/draw-offer/decline"), Some(&white.token), json!({})).await;
        app.play(&g, &white, &black, &walk[49]).await;
        let right = claim(white.token.clone()).await;
        assert_eq!((right["accepted"].as_bool(), right["game"]["termination"].as_str()), (Some(true), Some("no_progress")), "{right}");
        // A game may set its own count (TÜDAF leaves it to the arbiter): ten moves each.
        let (g, white, black) = dama_game_with(&app, Some(start), json!({"no_progress_moves": 10})).await;
        assert_eq!(app.get_game(&g).await["no_progress_moves"], 10);
        let walk = fresh_walk(start, 20);
        app.play(&g, &white, &black, &walk[..19].join(" ")).await;
        let res = app.post(&format!("/api/v1/games/{g}/claims"), Some(&black.token), json!({"kind": "no_progress", "move": walk[19]})).await;
        let held: Value = res.json().await.unwrap();
        assert_eq!((held["accepted"].as_bool(), held["game"]["termination"].as_str()), (Some(true), Some("no_progress")), "{held}");
        // Only where the rules leave it to the arbiter, and within reason.
        let (a, b) = (app.create_player("A").await, app.create_player("B").await);
        for body in [json!({"white": a.id, "black": b.id, "no_progress_moves": 10}),
                     json!({"white": a.id, "black": b.id, "game": "checkers", "no_progress_moves": 10}),
                     json!({"white": a.id, "black": b.id, "game": "dama", "no_progress_moves": 4}),
                     json!({"white": a.id, "black": b.id, "game": "dama", "no_progress_moves": 201})] {
            assert_error(app.create_game_with(&app.admin, body).await, 400, "bad_request").await;
        }
        // Claims dama does not have are refused.
        let (g, white, _) = dama_game(&app, None).await;
        for kind in ["fifty_moves", "forty_moves"] {
            assert_error(app.post(&format!("/api/v1/games/{g}/claims"), Some(&white.token), json!({"kind": kind})).await, 422, "claim_not_in_game").await;
        }

        // Agreement.
        let (g, white, black) = dama_game(&app, None).await;
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&white.token), json!({"move": "d3-d4", "offer_draw": true})).await;
        assert_eq!(res.status(), 200);
        let over: Value = app.post(&format!("/api/v1/games/{g}/draw-offer/accept"), Some(&black.token), json!({})).await.json().await.unwrap();
        assert_eq!((over["result"].as_str(), over["termination"].as_str()), (Some("1/2-1/2"), Some("agreement")));

        // On time: White to move lets a second pass.
        let (g, white, _) = dama_game_with(&app, None, json!({"time_control": {"kind": "per_move", "seconds": 1}})).await;
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let game = app.get_game(&g).await;
        assert_eq!((game["result"].as_str(), game["termination"].as_str()), (Some("0-1"), Some("time_forfeit")), "{game}");
        assert_error(app.post_move(&g, &white.token, "d3-d4").await, 409, "game_over").await;
    }

    async fn a_conditional_line_and_a_sealed_move_in_dama(app) {
        // Black's line answers White's d3-d4 with d6-d5.
        let (g, white, black) = dama_game(&app, None).await;
        let res = app.client.put(app.url(&format!("/api/v1/games/{g}/conditional-moves")))
            .bearer_auth(&black.token)
            .json(&json!({"lines": [["d3-d4", "d6-d5"], ["e3-e4", "e6-e5"]]}))
            .send().await.unwrap();
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let after: Value = app.post_move(&g, &white.token, "d3-d4").await.json().await.unwrap();
        assert_eq!(after["moves"], json!(["d3-d4", "d6-d5"]), "{after}");
        assert_eq!(after["to_move"], "white");

        // An organiser's game, adjourned: White seals a king's capture.
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let res = app.organisers_game(&org, json!({"white": white.id, "black": black.id, "game": "dama",
            "start_position": "W:WKa1,h2:Ba4,h7", "time_control": {"kind": "per_move", "seconds": 86400}})).await;
        assert_eq!(res.status(), 201);
        let g = res.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        let url = |p: &str| format!("/api/v1/games/{g}{p}");
        let resume_at = (time::OffsetDateTime::now_utc() + time::Duration::seconds(2))
            .format(&time::format_description::well_known::Rfc3339).unwrap();
        let adjourned: Value = app.post(&url("/adjourn"), Some(&org.token), json!({"resume_at": resume_at})).await.json().await.unwrap();
        assert_eq!(adjourned["status"], "adjourned", "{adjourned}");
        assert_eq!(app.post(&url("/envelope"), Some(&white.token), json!({"move": "a1xa7"})).await.status(), 200);
        assert_eq!(app.post(&url("/envelope/close"), Some(&white.token), json!({})).await.status(), 200);
        tokio::time::sleep(Duration::from_millis(2200)).await;
        for token in [&white.token, &black.token] {
            assert_eq!(app.post(&url("/check-in"), Some(token), json!({})).await.status(), 200);
        }
        let game = app.get_game(&g).await;
        assert_eq!(game["moves"], json!(["a1xa7"]), "{game}");
        assert_eq!(game["position"], "B:Wh2,Ka7:Bh7");
    }

    async fn an_online_round_robin_of_dama_games(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let body = json!({"name": "Dama Şenliği", "system": "round_robin", "rounds": 3, "play": "online", "game": "dama",
            "time_control": {"kind": "per_move", "seconds": 3 * 86_400}});
        let res = app.post("/api/v1/tournaments", Some(&org.token), body).await;
        assert_eq!(res.status(), 201, "{:?}", res.text().await);
        let t: Value = res.json().await.unwrap();
        assert_eq!((t["game"].as_str(), t["rules"].as_str(), t["ballot"].as_bool()), (Some("dama"), Some("tudaf"), Some(false)), "{t}");
        let id = t["id"].as_str().unwrap().to_owned();
        let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");
        let mut tokens = std::collections::HashMap::new();
        for n in 0..4u32 {
            let p = app.create_player(&format!("Oyuncu {n}")).await;
            let res = app.post(&path("/players"), Some(&app.admin), json!({"player": p.id, "rating": 1500 - n * 50})).await;
            assert_eq!(res.status(), 200);
            tokens.insert(p.id.clone(), p.token.clone());
        }
        assert_eq!(app.post(&path("/rounds"), Some(&org.token), json!({})).await.status(), 200);
        let t: Value = app.post(&path("/publish"), Some(&org.token), json!({"round": 1})).await.json().await.unwrap();
        let boards = t["pairings"][0]["boards"].as_array().unwrap().clone();
        assert_eq!(boards.len(), 2);
        for b in &boards {
            let game = b["game"].as_str().unwrap();
            let view = app.get_game(game).await;
            assert_eq!((view["game"].as_str(), view["to_move"].as_str()), (Some("dama"), Some("white")));
            assert_eq!(app.post_move(game, &tokens[b["white"].as_str().unwrap()], "d3-d4").await.status(), 200);
            let res = app.post(&format!("/api/v1/games/{game}/resign"), Some(&tokens[b["black"].as_str().unwrap()]), json!({})).await;
            assert_eq!(res.status(), 200);
        }
        let mut missing = usize::MAX;
        for _ in 0..100 {
            let t: Value = app.get(&path(""), None).await.json().await.unwrap();
            missing = t["pairings"][0]["boards"].as_array().unwrap().iter().filter(|b| b["result"].is_null()).count();
            if missing == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(missing, 0, "the round's results came back");
        let pdn = app.get(&path("/games.pgn"), None).await.text().await.unwrap();
        assert_eq!(pdn.matches("[GameType \"30\"]").count(), 2, "{pdn}");
    }

    async fn one_piece_against_one_is_a_draw_at_once(app) {
        // White's king takes the last man but one: one piece each.
        let (g, white, _) = dama_game(&app, Some("W:WKa1:Ba5,h8")).await;
        assert_eq!(app.post_move(&g, &white.token, "a1xa6").await.status(), 200);
        let end = app.get_game(&g).await;
        assert_eq!((end["result"].as_str(), end["termination"].as_str()), (Some("1/2-1/2"), Some("one_piece_each")), "{end}");
        // A position already drawn so is no game to start.
        let white = app.create_player("Ayşe").await;
        let black = app.create_player("Mehmet").await;
        let res = app.create_game_with(&app.admin, json!({"white": white.id, "black": black.id, "game": "dama", "start_position": "W:WKa1:Bh8"})).await;
        assert_error(res, 422, "position_not_playable").await;
        // A text that is no dama position is refused in the games' own word, not chess's FEN.
        let res = app.create_game_with(&app.admin, json!({"white": white.id, "black": black.id, "game": "dama", "start_position": "W:WKz9:Bh8"})).await;
        assert_error(res, 422, "invalid_position").await;
    }
}

/// `plies` quiet king moves from `start` through positions not seen before, none offering a
/// capture (depth first).
fn fresh_walk(start: &str, plies: usize) -> Vec<String> {
    use domain::dama::{notation, Board, Dama};
    use domain::game::Rules;
    fn go(
        b: &Board,
        seen: &mut std::collections::HashSet<u128>,
        plies: usize,
        walk: &mut Vec<String>,
    ) -> bool {
        if walk.len() == plies {
            return true;
        }
        for m in b.moves() {
            let mut next = *b;
            Dama::play(&mut next, m);
            let key = Dama::repetition_key(&next);
            let takes = next
                .moves()
                .iter()
                .any(|n| n.captured(Dama::turn(&next)) != 0);
            if m.captured(Dama::turn(b)) != 0 || takes || !seen.insert(key) {
                continue;
            }
            walk.push(Dama::record(b, m).written);
            if go(&next, seen, plies, walk) {
                return true;
            }
            walk.pop();
        }
        false
    }
    let b = notation::read_position(start).unwrap();
    let mut seen = std::collections::HashSet::from([Dama::repetition_key(&b)]);
    let mut walk = Vec::new();
    assert!(go(&b, &mut seen, plies, &mut walk));
    walk
}

#[test]
fn zarf_perft_and_moves_count_each_dama_move_once() {
    let (code, out) = zarf(&["perft", "--game", "dama", "--depth", "7"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "1 8\n2 64\n3 708\n4 7538\n5 85090\n6 931312\n7 10782308\n"
    );
    // A king's loop either way round takes the same pieces back to a1: one move.
    let (code, out) = zarf(&[
        "moves",
        "--game",
        "dama",
        "--position",
        "W:WKa1:Ba3,c5,e3,Kc1",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "a1xa5xe5xe1xa1 B:WKa1:B\na1xa5xe5xe1xb1 B:WKb1:B\na1xe1xe5xa5xa2 B:WKa2:B\n"
    );
}
