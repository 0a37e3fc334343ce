use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

fn id(game: &Value) -> String {
    game["id"].as_str().unwrap().to_owned()
}

both_backends! {
    async fn a_new_game_has_the_contracts_fields(app) {
        let (game, white, black) = app.new_game().await;
        assert_eq!(game["white"], json!({"id": white.id, "name": "Ayşe Yılmaz"}));
        assert_eq!(game["black"], json!({"id": black.id, "name": "Mehmet Öz"}));
        assert_eq!(game["rules"], "fide2023");
        assert_eq!(game["status"], "active");
        assert_eq!(game["result"], Value::Null);
        assert_eq!(game["termination"], Value::Null);
        assert_eq!(game["to_move"], "white");
        assert_eq!(game["ply"], 0);
        assert_eq!(game["moves"], json!([]));
        assert_eq!(game["draw_offer"], Value::Null);
        assert_eq!(game["clock"], Value::Null);
        assert_eq!(game["version"], 1);
        assert_eq!(game["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(app.get_game(&id(&game)).await, game);
    }

    async fn who_may_create_a_game(app) {
        let a = app.create_player("A").await;
        let b = app.create_player("B").await;
        let c = app.create_player("C").await;
        // A side may create its own game.
        let res = app.create_game_with(&a.token, json!({"white": a.id, "black": b.id, "rules": "fide2005", "event": "Kulüp", "round": "3"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let g: Value = res.json().await.unwrap();
        assert_eq!((g["rules"].as_str(), g["event"].as_str(), g["round"].as_str()), (Some("fide2005"), Some("Kulüp"), Some("3")));
        // A third party may not.
        assert_error(app.create_game_with(&c.token, json!({"white": a.id, "black": b.id})).await, 403, "not_a_player").await;
        assert_error(app.create_game_with(&a.token, json!({"white": a.id, "black": a.id})).await, 422, "same_player").await;
        // Unknown players.
        let ghost = "0190a5b2-7c3e-7f00-8000-000000000000";
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": ghost})).await, 404, "not_found").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": "nobody"})).await, 404, "not_found").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "rules": "fide1880"})).await, 400, "bad_request").await;
        // Tags are one line of text (they become PGN tags), of a sensible length.
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "event": "Okul\n[Result \"1-0\"]"})).await, 400, "bad_request").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "site": "x".repeat(201)})).await, 400, "bad_request").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "round": "1\t2"})).await, 400, "bad_request").await;
        let why = assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "start_fen": "8/8/8/8/8/8/8/8 w - - 0 1"})).await, 422, "invalid_fen").await;
        assert_eq!(why, "The FEN is not a legal position: the board is empty");
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "start_fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"})).await, 422, "position_not_playable").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "time_control": {"kind": "per_move", "seconds": 0}})).await, 422, "invalid_time_control").await;
        let res = app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "time_control": {"kind": "per_move", "seconds": 259200}})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        // No game was made by the refused requests.
        let mine: Value = app.get("/api/v1/me/games", Some(&a.token)).await.json().await.unwrap();
        assert_eq!(mine["games"].as_array().unwrap().len(), 2);
    }

    async fn a_moves_answer_is_the_game_as_it_is_read(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        app.play(&g, &white, &black, "e4 e5 Nf3 Nc6 Bb5").await;
        let res = app.post_move(&g, &black.token, "a6").await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
        let answer: Value = res.json().await.unwrap();
        assert_eq!(answer["moves"], json!(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]));
        assert_eq!((answer["ply"].as_u64(), answer["version"].as_u64()), (Some(6), Some(7)));
        assert_eq!(app.get_game(&g).await, answer);
        let mine: Value = app.get("/api/v1/me/games", Some(&white.token)).await.json().await.unwrap();
        assert_eq!(mine["games"][0], answer, "{mine}");
        // Both reads serve stored JSON (D22): still labelled as JSON.
        for res in [app.get(&format!("/api/v1/games/{g}"), None).await, app.get("/api/v1/me/games", Some(&white.token)).await] {
            assert_eq!(res.status(), StatusCode::OK);
            assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/json"), "{:?}", res.headers());
        }
    }

    async fn unknown_games_are_404(app) {
        assert_error(app.get("/api/v1/games/0190a5b2-7c3e-7f00-8000-000000000000", None).await, 404, "not_found").await;
        assert_error(app.get("/api/v1/games/not-an-id", None).await, 404, "not_found").await;
        assert_error(app.get("/api/v1/games/0190a5b2-7c3e-7f00-8000-000000000000/pgn", None).await, 404, "not_found").await;
        let p = app.create_player("P").await;
        assert_error(app.post_move("0190a5b2-7c3e-7f00-8000-000000000000", &p.token, "e4").await, 404, "not_found").await;
    }

    async fn moves_in_any_notation_and_every_refusal(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        let res = app.post_move(&g, &white.token, "e2e4").await;
        assert_eq!(res.status(), StatusCode::OK);
        let after: Value = res.json().await.unwrap();
        assert_eq!((after["moves"].clone(), after["to_move"].clone(), after["version"].clone()), (json!(["e4"]), json!("black"), json!(2)));
        assert_error(app.post_move(&g, &white.token, "d4").await, 409, "not_your_turn").await;
        assert_error(app.post_move(&g, &black.token, "e4").await, 422, "illegal_move").await;
        assert_error(app.post_move(&g, &black.token, "banana").await, 422, "unparseable_move").await;
        assert_error(app.post_move(&g, &black.token, "").await, 422, "unparseable_move").await;
        let stranger = app.create_player("Stranger").await;
        assert_error(app.post_move(&g, &stranger.token, "e5").await, 403, "not_a_player").await;
        assert_error(app.post_move(&g, &app.admin, "e5").await, 403, "not_a_player").await;
        assert_error(app.post(&format!("/api/v1/games/{g}/moves"), None, json!({"move": "e5"})).await, 401, "unauthenticated").await;
        // Turkish letters with the notation named; ICCF numeric without.
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "Af6", "notation": "san-tr"})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let res = app.post_move(&g, &white.token, "7163").await;
        assert_eq!(res.status(), StatusCode::OK);
        let now = app.get_game(&g).await;
        assert_eq!(now["moves"], json!(["e4", "Nf6", "Nf3"]));
        assert_eq!(now["version"], 4, "refused moves changed nothing");
    }

    async fn a_stale_expected_version_records_nothing(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        app.play(&g, &white, &black, "e4").await;
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "e5", "expected_version": 1})).await;
        assert_error(res, 409, "version_conflict").await;
        assert_eq!(app.get_game(&g).await["version"], 2);
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "e5", "expected_version": 2})).await;
        assert_eq!(res.status(), StatusCode::OK);
    }

    async fn ambiguous_in_the_players_notation(app) {
        // A Turkish player: `Kd8` is the a8 rook in Turkish and the king in English.
        let white = app.create_player("W").await;
        let black = app.create_player_with(json!({"name": "Zeynep", "locale": "tr"})).await;
        let res = app.create_game_with(&app.admin, json!({"white": white.id, "black": black.id, "start_fen": "r3k2r/8/8/8/8/8/8/4K3 b - - 0 1"})).await;
        let g = id(&res.json::<Value>().await.unwrap());
        let msg = assert_error(app.post_move(&g, &black.token, "Kd8").await, 422, "ambiguous_move").await;
        assert!(msg.contains("Rd8") && msg.contains("Kd8"), "{msg}");
        assert!(msg.contains("birden fazla"), "Turkish message for a Turkish player: {msg}");
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "Kd8", "notation": "san"})).await;
        assert_eq!(res.json::<Value>().await.unwrap()["moves"], json!(["Kd8"]));
    }

    async fn checkmate_finishes_and_later_moves_are_game_over(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        let last = app.play(&g, &white, &black, "f3 e5 g4 Qh4#").await;
        assert_eq!((last["status"].as_str(), last["result"].as_str(), last["termination"].as_str()), (Some("finished"), Some("0-1"), Some("checkmate")));
        assert_error(app.post_move(&g, &white.token, "a3").await, 409, "game_over").await;
        assert_error(app.post(&format!("/api/v1/games/{g}/resign"), Some(&white.token), json!({})).await, 409, "game_over").await;
    }

    async fn draw_offers_accept_decline_and_lapse(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&white.token), json!({"move": "e4", "offer_draw": true})).await;
        assert_eq!(res.json::<Value>().await.unwrap()["draw_offer"], json!({"by": "white"}));
        // The offerer cannot accept; the recipient declines.
        assert_error(app.post(&format!("/api/v1/games/{g}/draw-offer/accept"), Some(&white.token), json!({})).await, 409, "no_draw_offer").await;
        let res = app.post(&format!("/api/v1/games/{g}/draw-offer/decline"), Some(&black.token), json!({})).await;
        assert_eq!(res.json::<Value>().await.unwrap()["draw_offer"], Value::Null);
        assert_error(app.post(&format!("/api/v1/games/{g}/draw-offer/decline"), Some(&black.token), json!({})).await, 409, "no_draw_offer").await;
        // An offer on the opponent's turn; it lapses when they move.
        let res = app.post(&format!("/api/v1/games/{g}/draw-offer"), Some(&white.token), json!({})).await;
        assert_eq!(res.json::<Value>().await.unwrap()["draw_offer"], json!({"by": "white"}));
        assert_error(app.post(&format!("/api/v1/games/{g}/draw-offer"), Some(&black.token), json!({})).await, 409, "draw_offer_pending").await;
        app.play(&g, &white, &black, "e5").await;
        assert_eq!(app.get_game(&g).await["draw_offer"], Value::Null);
        // Offered and accepted.
        app.post(&format!("/api/v1/games/{g}/draw-offer"), Some(&black.token), json!({})).await;
        let res = app.post(&format!("/api/v1/games/{g}/draw-offer/accept"), Some(&white.token), json!({})).await;
        let done: Value = res.json().await.unwrap();
        assert_eq!((done["result"].as_str(), done["termination"].as_str()), (Some("1/2-1/2"), Some("agreement")));
        let stranger = app.create_player("S").await;
        assert_error(app.post(&format!("/api/v1/games/{g}/draw-offer"), Some(&stranger.token), json!({})).await, 403, "not_a_player").await;
    }

    async fn claims_right_wrong_and_refused(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        app.play(&g, &white, &black, "Nf3 Nf6 Ng1 Ng8").await;
        let claims = format!("/api/v1/games/{g}/claims");
        // Wrong: the position after Nf3 would be there for the second time only; Nf3 is played.
        let res = app.post(&claims, Some(&white.token), json!({"kind": "threefold_repetition", "move": "Nf3"})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let a: Value = res.json().await.unwrap();
        assert_eq!(a["accepted"], false);
        assert_eq!(a["game"]["moves"].as_array().unwrap().len(), 5);
        assert_eq!(a["game"]["draw_offer"], json!({"by": "white"}), "a claim counts as a draw offer");
        // An illegal intended move records nothing.
        let before = app.get_game(&g).await["version"].clone();
        assert_error(app.post(&claims, Some(&black.token), json!({"kind": "threefold_repetition", "move": "Nf4"})).await, 422, "illegal_move").await;
        assert_error(app.post(&claims, Some(&black.token), json!({"kind": "perpetual"})).await, 400, "bad_request").await;
        assert_error(app.post(&claims, Some(&white.token), json!({"kind": "fifty_moves"})).await, 409, "not_your_turn").await;
        assert_eq!(app.get_game(&g).await["version"], before);
        // Right: on the intended move Ng8 the start position appears for the third time.
        app.play(&g, &white, &black, "Nf6 Ng1").await;
        let res = app.post(&claims, Some(&black.token), json!({"kind": "threefold_repetition", "move": "Ng8"})).await;
        let a: Value = res.json().await.unwrap();
        assert_eq!(a["accepted"], true);
        assert_eq!((a["game"]["result"].as_str(), a["game"]["termination"].as_str()), (Some("1/2-1/2"), Some("threefold_repetition")));
    }

    async fn resignation_and_the_arbiter(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        app.play(&g, &white, &black, "e4").await;
        let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&white.token), json!({})).await;
        let done: Value = res.json().await.unwrap();
        assert_eq!((done["result"].as_str(), done["termination"].as_str()), (Some("0-1"), Some("resignation")));

        // An organiser's game: the organiser rules as arbiter; players and other organisers cannot.
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let other = app.create_player_with(json!({"name": "Başka Hakem", "roles": ["organiser"]})).await;
        let res = app.organisers_game(&org, json!({"white": white.id, "black": black.id})).await;
        let g2 = id(&res.json::<Value>().await.unwrap());
        let decision = format!("/api/v1/games/{g2}/decision");
        let body = json!({"result": "1-0", "reason": "Black left the venue"});
        assert_error(app.post(&decision, Some(&white.token), body.clone()).await, 403, "forbidden").await;
        assert_error(app.post(&decision, Some(&other.token), body.clone()).await, 403, "forbidden").await;
        assert_error(app.post(&decision, Some(&org.token), json!({"result": "2-0", "reason": "x"})).await, 400, "bad_request").await;
        assert_error(app.post(&decision, Some(&org.token), json!({"result": "1-0", "reason": " "})).await, 400, "bad_request").await;
        let done: Value = app.post(&decision, Some(&org.token), body).await.json().await.unwrap();
        assert_eq!((done["result"].as_str(), done["termination"].as_str()), (Some("1-0"), Some("arbiter_decision")));
    }

    async fn the_log_chains_and_is_shown_to_the_right_people(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        app.play(&g, &white, &black, "d4 Nf6 c4").await;
        let events = app.events(&g, &white.token).await;
        assert_eq!(events.iter().map(|e| e["type"].as_str().unwrap()).collect::<Vec<_>>(),
            ["game_created", "move_played", "move_played", "move_played"]);
        assert_eq!(events[2]["data"]["move"], json!({"uci": "g8f6", "san": "Nf6"}));
        assert_eq!(events[2]["actor"], format!("player:{}", black.id));
        assert_chain(&g, &events);
        let stranger = app.create_player("S").await;
        assert_error(app.get(&format!("/api/v1/games/{g}/events"), Some(&stranger.token)).await, 403, "not_a_player").await;
        assert_error(app.get(&format!("/api/v1/games/{g}/events"), None).await, 401, "unauthenticated").await;
        assert_eq!(app.get(&format!("/api/v1/games/{g}/events"), Some(&app.admin)).await.status(), StatusCode::OK);
        // Once over, anyone reads it.
        app.post(&format!("/api/v1/games/{g}/resign"), Some(&black.token), json!({})).await;
        let res = app.get(&format!("/api/v1/games/{g}/events"), None).await;
        assert_eq!(res.status(), StatusCode::OK);
        let all: Value = res.json().await.unwrap();
        assert_chain(&g, all["events"].as_array().unwrap());
    }

    async fn every_field_a_hash_covers_is_in_the_events_endpoints_output(app) {
        // A game of dice, to its end: its creation with the commitment, throws, a play, the
        // secret revealed; every event's hash recomputed from the endpoint's output alone.
        let (g, white, black) = app.game_of("tavla", None, json!({"match_length": 1})).await;
        let game = crate::tavla::open_match(&app, &g, &white, &black).await;
        let mover = if game["to_move"] == "white" { &white } else { &black };
        let play = app.legal_moves(&g).await.into_iter().find(|m| m.contains('/')).unwrap();
        assert_eq!(app.post_move(&g, &mover.token, &play).await.status(), StatusCode::OK);
        let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&white.token), json!({})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let events = app.events(&g, &black.token).await;
        let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert!(types.contains(&"dice_thrown") && types.contains(&"move_played"), "{types:?}");
        assert_eq!((types[0], types.last().copied()), ("game_created", Some("dice_revealed")));
        assert!(events.iter().all(|e| e["version"] == 1), "today's shapes are all version 1");
        assert_chain(&g, &events);
        // The version is covered: the same event under another version, or after another
        // previous hash, or of another game, hashes differently.
        let first = &events[0];
        let genesis = "0".repeat(64);
        assert_eq!(first["hash"].as_str().unwrap(), recomputed_hash(&g, &genesis, first));
        let mut other = first.clone();
        other["version"] = json!(2);
        assert_ne!(first["hash"].as_str().unwrap(), recomputed_hash(&g, &genesis, &other));
        assert_ne!(first["hash"].as_str().unwrap(), recomputed_hash(&g, &"f".repeat(64), first));
        let (chess, _, _) = app.new_game().await;
        assert_ne!(first["hash"].as_str().unwrap(), recomputed_hash(&id(&chess), &genesis, first));
        // The game's page shows the same receipt, and the commitment the first event records.
        let page = app.get(&format!("/games/{g}"), None).await.text().await.unwrap();
        let last = events.last().unwrap();
        let receipt = format!("Log receipt: event {}, hash {}", last["seq"], last["hash"].as_str().unwrap());
        assert!(page.contains(&receipt), "{page}");
        let commitment = first["data"]["dice"]["commitment"].as_str().unwrap();
        assert!(page.contains(&format!("Dice commitment (zarf-dice-v2): {commitment}")), "{page}");
        let chess_page = app.get(&format!("/games/{}", id(&chess)), None).await.text().await.unwrap();
        assert!(chess_page.contains("Log receipt: event 1, hash ") && !chess_page.contains("Dice commitment"), "{chess_page}");
    }

    async fn pgn_export(app) {
        let (game, white, black) = app.new_game().await;
        let g = id(&game);
        app.play(&g, &white, &black, "e4 e5").await;
        app.post(&format!("/api/v1/games/{g}/moves"), Some(&white.token), json!({"move": "Nf3", "offer_draw": true})).await;
        let res = app.get(&format!("/api/v1/games/{g}/pgn"), None).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/x-chess-pgn"));
        let text = res.text().await.unwrap();
        assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \""), "{text}");
        assert!(text.contains("[White \"Ayşe Yılmaz\"]\n[Black \"Mehmet Öz\"]\n[Result \"*\"]"), "{text}");
        // Each move with the time it was made (UTC), the offer after the move it came with.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("1. e4 {20") && flat.contains(" UTC} 1... e5 {20") && flat.contains(" UTC} 2. Nf3 {20") && flat.contains(" UTC} {(=)} *"), "{text}");
        let (set_up, _, _) = app.new_game_from(Some("4k3/8/8/8/8/8/4P3/R3K3 b - - 3 40")).await;
        let text = app.get(&format!("/api/v1/games/{}/pgn", id(&set_up)), None).await.text().await.unwrap();
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K3 b - - 3 40\"]"), "{text}");
    }

    async fn my_games_most_urgent_first(app) {
        let me = app.create_player("Me").await;
        let a = app.create_player("A").await;
        let b = app.create_player("B").await;
        // Game 1: I am black (not my turn). Game 2: I am white (my turn). Game 3: finished.
        let g1: Value = app.create_game_with(&app.admin, json!({"white": a.id, "black": me.id})).await.json().await.unwrap();
        let g2: Value = app.create_game_with(&app.admin, json!({"white": me.id, "black": b.id})).await.json().await.unwrap();
        let g3: Value = app.create_game_with(&app.admin, json!({"white": me.id, "black": a.id})).await.json().await.unwrap();
        app.post(&format!("/api/v1/games/{}/resign", id(&g3)), Some(&me.token), json!({})).await;
        let list: Value = app.get("/api/v1/me/games", Some(&me.token)).await.json().await.unwrap();
        let ids: Vec<&str> = list["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(ids[0], id(&g2), "my turn first");
        assert_eq!(ids.len(), 3);
        let active: Value = app.get("/api/v1/me/games?status=active", Some(&me.token)).await.json().await.unwrap();
        let active_ids: Vec<&str> = active["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(active_ids, [id(&g2), id(&g1)]);
        let finished: Value = app.get("/api/v1/me/games?status=finished", Some(&me.token)).await.json().await.unwrap();
        assert_eq!(finished["games"][0]["termination"], "resignation");
        assert_error(app.get("/api/v1/me/games?status=sleeping", Some(&me.token)).await, 400, "bad_request").await;
        assert_error(app.get("/api/v1/me/games", None).await, 401, "unauthenticated").await;
        // A's first request: a token the server has not seen yet, looked up with the games.
        let theirs: Value = app.get("/api/v1/me/games?status=active", Some(&a.token)).await.json().await.unwrap();
        let their_ids: Vec<&str> = theirs["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(their_ids, [id(&g1)]);
        let theirs: Value = app.get("/api/v1/me/games", Some(&a.token)).await.json().await.unwrap();
        let their_ids: Vec<&str> = theirs["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(their_ids, [id(&g1), id(&g3)]);
        // First requests of players with no such games, or none at all: known, with an empty list.
        let none = app.get("/api/v1/me/games?status=finished", Some(&b.token)).await;
        assert_eq!(none.status(), 200);
        assert_eq!(none.json::<Value>().await.unwrap()["games"], json!([]));
        let c = app.create_player("C").await;
        let none = app.get("/api/v1/me/games", Some(&c.token)).await;
        assert_eq!(none.status(), 200);
        assert_eq!(none.json::<Value>().await.unwrap()["games"], json!([]));
        assert_error(app.get("/api/v1/me/games", Some(&"0".repeat(64))).await, 401, "unauthenticated").await;
        assert_error(app.get("/api/v1/me/games?status=sleeping", Some(&"0".repeat(64))).await, 401, "unauthenticated").await;
        assert_error(app.get("/api/v1/me/games", Some(&app.admin)).await, 400, "bad_request").await;
    }
}
