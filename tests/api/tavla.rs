//! Tavla through the whole service: a match created with a commitment to its dice, each
//! player's opening die, the dice thrown by the requests that cause them or when the player on
//! roll asks, plays and the cube over HTTP, the features a game of dice does not offer refused,
//! and the secret revealed at the end.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::both_backends;
use crate::helpers::*;

/// The player whose turn it is.
async fn to_move<'a>(app: &TestApp, g: &str, white: &'a Player, black: &'a Player) -> &'a Player {
    if app.get_game(g).await["to_move"] == "white" {
        white
    } else {
        black
    }
}

#[test]
fn zarf_moves_lists_a_throws_plays_as_gnu_backgammon_does() {
    // 6-2 from the start: fourteen plays, each with the position ID the opponent then faces.
    let (code, out) = zarf(&[
        "moves",
        "--game",
        "tavla",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "62",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 14, "{out}");
    assert!(lines.contains(&"24/18 13/11 4HPkQSDgc/ABMA"), "{out}");
    // Without a position: the start, with a player on roll; 5-5 has four plays.
    let (_, out) = zarf(&["moves", "--game", "tavla", "--dice", "55"]);
    assert_eq!(out.lines().count(), 4, "{out}");
    // A game of dice needs its dice; other games have none.
    assert_ne!(zarf(&["moves", "--game", "tavla"]).0, 0);
    assert_ne!(zarf(&["moves", "--game", "chess", "--dice", "62"]).0, 0);
    assert_ne!(zarf(&["moves", "--game", "tavla", "--dice", "72"]).0, 0);
}

/// The player to act sends `text` as their move.
async fn act(app: &TestApp, g: &str, white: &Player, black: &Player, text: &str) -> Value {
    let p = to_move(app, g, white, black).await;
    let res = app.post_move(g, &p.token, text).await;
    assert_eq!(res.status(), 200, "{text}: {:?}", res.text().await);
    res.json().await.unwrap()
}

/// Each player throws their opening die (again on equal dice) while the opening awaits one.
pub(crate) async fn open_match(app: &TestApp, g: &str, white: &Player, black: &Player) -> Value {
    for _ in 0..40 {
        let game = app.get_game(g).await;
        let Some(opening) = game["dice"]["opening"].as_object().cloned() else {
            return game;
        };
        // White's request has no body to speak of (`null`), Black's an empty one.
        for (side, p, body) in [("white", white, json!(null)), ("black", black, json!({}))] {
            if opening[side].is_null() {
                let res = app
                    .post(&format!("/api/v1/games/{g}/throw"), Some(&p.token), body)
                    .await;
                assert_eq!(res.status(), 200, "{side}: {:?}", res.text().await);
            }
        }
    }
    panic!("forty ties in a row")
}

/// The player to act plays the first play of their dice, asking for the throw first where they
/// may double instead (or throwing their opening die where a game of the match begins).
async fn play_on(app: &TestApp, g: &str, white: &Player, black: &Player) {
    open_match(app, g, white, black).await;
    let mut moves = app.legal_moves(g).await;
    if moves.first().map(String::as_str) == Some("double") {
        let p = to_move(app, g, white, black).await;
        let res = app
            .post(
                &format!("/api/v1/games/{g}/throw"),
                Some(&p.token),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), 200);
        moves = app.legal_moves(g).await;
    }
    if let Some(play) = moves.iter().find(|m| m.contains('/')) {
        act(app, g, white, black, play).await;
    }
}

both_backends! {
    async fn a_tavla_match_to_5_is_won_by_mars_and_single_games_and_one_is_lost_on_time(app) {
        let (g, white, black) = app.game_of("tavla", None, json!({})).await;
        open_match(&app, &g, &white, &black).await;
        assert_eq!(app.get_game(&g).await["match"]["length"], 5);
        // The player on roll resigns a mars; accepted, it is worth 2 points.
        let loser = to_move(&app, &g, &white, &black).await.id.clone();
        act(&app, &g, &white, &black, "resign mars").await;
        let game = act(&app, &g, &white, &black, "accept").await;
        let (winner_side, loser_side) = if loser == white.id { ("black", "white") } else { ("white", "black") };
        assert_eq!((game["match"][winner_side].as_u64(), game["match"][loser_side].as_u64()), (Some(2), Some(0)), "{game}");
        // The winner starts the next game, their dice thrown.
        assert_eq!(game["to_move"], winner_side);
        // Tavla has no backgammon level, and a single game is 1 point.
        let p = to_move(&app, &g, &white, &black).await;
        assert_error(app.post_move(&g, &p.token, "resign backgammon").await, 422, "illegal_move").await;
        act(&app, &g, &white, &black, "resign single").await;
        let game = act(&app, &g, &white, &black, "accept").await;
        assert_eq!((game["match"][winner_side].as_u64(), game["match"][loser_side].as_u64()), (Some(2), Some(1)), "{game}");
        // The loser of the first game wins two mars more, each resigned by the other on their
        // turn: 5 of 5, the match is theirs.
        let mut game = app.get_game(&g).await;
        while game["status"] == "active" {
            let p = to_move(&app, &g, &white, &black).await;
            if p.id == loser {
                play_on(&app, &g, &white, &black).await;
            } else {
                act(&app, &g, &white, &black, "resign mars").await;
                act(&app, &g, &white, &black, "accept").await;
            }
            game = app.get_game(&g).await;
        }
        let loser_won = if loser == white.id { "1-0" } else { "0-1" };
        assert_eq!((game["result"].as_str(), game["termination"].as_str()), (Some(loser_won), Some("match_won")), "{game}");
        assert!(game["match"][loser_side].as_u64().unwrap() >= 5);
        assert!(game["dice"]["seed"].is_string(), "revealed at the end");
        let mat = app.get(&format!("/api/v1/games/{g}/pgn"), None).await.text().await.unwrap();
        assert!(mat.contains("Wins 2 points") && mat.contains("Wins 1 point\n"), "{mat}");

        // On time: the player on roll lets their second pass; the match is lost, the dice told.
        let (g, _, _) = app.game_of("tavla", None, json!({"time_control": {"kind": "per_move", "seconds": 1}})).await;
        let to = app.get_game(&g).await["to_move"].as_str().unwrap().to_owned();
        tokio::time::sleep(std::time::Duration::from_millis(1300)).await;
        let game = app.get_game(&g).await;
        let lost = if to == "white" { "0-1" } else { "1-0" };
        assert_eq!((game["result"].as_str(), game["termination"].as_str()), (Some(lost), Some("time_forfeit")), "{game}");
        assert!(game["dice"]["seed"].is_string(), "{game}");
    }

    async fn a_backgammon_match_with_the_cube_plays_the_crawford_game_without_it(app) {
        let (g, white, black) = app.game_of("tavla", None, json!({"rules": "backgammon", "match_length": 3})).await;
        // The opening's dice are played; the next player doubles, the first takes.
        play_on(&app, &g, &white, &black).await;
        let doubler = to_move(&app, &g, &white, &black).await.id.clone();
        act(&app, &g, &white, &black, "double").await;
        act(&app, &g, &white, &black, "take").await;
        // Until the taker, who owns the cube at 2, is on roll again: they redouble, and the
        // doubler drops: the game is the taker's, at 2 points.
        loop {
            let p = to_move(&app, &g, &white, &black).await.id.clone();
            if p != doubler && app.legal_moves(&g).await.first().map(String::as_str) == Some("double") {
                break;
            }
            play_on(&app, &g, &white, &black).await;
        }
        act(&app, &g, &white, &black, "double").await;
        let game = act(&app, &g, &white, &black, "drop").await;
        let (taker_side, doubler_side) = if doubler == white.id { ("black", "white") } else { ("white", "black") };
        assert_eq!((game["match"][taker_side].as_u64(), game["match"][doubler_side].as_u64()), (Some(2), Some(0)), "{game}");
        // The Crawford game: 2 of 3, no double for anyone, the dice thrown by themselves.
        for _ in 0..6 {
            open_match(&app, &g, &white, &black).await;
            let moves = app.legal_moves(&g).await;
            assert!(!moves.contains(&"double".to_owned()), "{moves:?}");
            let p = to_move(&app, &g, &white, &black).await;
            let res = app.post(&format!("/api/v1/games/{g}/throw"), Some(&p.token), json!({})).await;
            assert_eq!(res.status(), 409);
            play_on(&app, &g, &white, &black).await;
        }
        // The taker resigns it (single): 2-1, and after it the cube is back.
        loop {
            let p = to_move(&app, &g, &white, &black).await.id.clone();
            if p != doubler {
                break;
            }
            play_on(&app, &g, &white, &black).await;
        }
        act(&app, &g, &white, &black, "resign single").await;
        let game = act(&app, &g, &white, &black, "accept").await;
        assert_eq!((game["match"][taker_side].as_u64(), game["match"][doubler_side].as_u64()), (Some(2), Some(1)), "{game}");
        let mut doubled = false;
        for _ in 0..4 {
            if app.legal_moves(&g).await.first().map(String::as_str) == Some("double") {
                doubled = true;
                break;
            }
            play_on(&app, &g, &white, &black).await;
        }
        assert!(doubled, "after the Crawford game a player may double again");
        // A backgammon resigned and accepted is worth three times the cube.
        let game = app.get_game(&g).await;
        assert_eq!(game["status"], "active");
        act(&app, &g, &white, &black, "resign backgammon").await;
        let game = act(&app, &g, &white, &black, "accept").await;
        assert_eq!(game["status"], "finished", "{game}");
        let total = game["match"]["white"].as_u64().unwrap() + game["match"]["black"].as_u64().unwrap();
        assert_eq!(total, 2 + 1 + 3, "{game}");
    }

    async fn a_tavla_match_is_created_with_its_dice_committed_and_played(app) {
        let (g, white, black) = app.game_of("tavla", None, json!({"match_length": 3})).await;
        let game = app.get_game(&g).await;
        assert_eq!((game["game"].as_str(), game["rules"].as_str()), (Some("tavla"), Some("tavla")));
        assert_eq!(game["match"], json!({"length": 3, "white": 0, "black": 0}));
        let dice = &game["dice"];
        assert_eq!(dice["scheme"], "zarf-dice-v2");
        assert_eq!(dice["commitment"].as_str().unwrap().len(), 64);
        assert!(dice["seed"].is_null(), "the secret stays secret: {dice}");
        // Nothing is thrown before the players throw their opening dice.
        assert_eq!((dice["throws"].as_u64(), &dice["opening"]), (Some(0), &json!({"white": null, "black": null})), "{dice}");
        let game = open_match(&app, &g, &white, &black).await;
        let dice = &game["dice"];
        assert!(dice["throws"].as_u64().unwrap() >= 3, "two opening dice and the starter's throw: {dice}");
        // The position is GNU Backgammon's position ID and match ID, with the dice thrown: the
        // match ID's game state (bits 9-11) is "playing", and its dice (bits 16-21) are set.
        let position = game["position"].as_str().unwrap();
        assert!(position.len() == 27 && position.contains(':'), "{position}");
        assert_ne!(position, game["start_position"].as_str().unwrap());
        let id = position.split(':').nth(1).unwrap();
        let bits = {
            let mut n = 0u128;
            let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            let mut bytes = Vec::new();
            for group in id.as_bytes().chunks(4) {
                let v = group.iter().fold(0u32, |v, c| v << 6 | alphabet.iter().position(|a| a == c).unwrap() as u32);
                bytes.extend([(v >> 16) as u8, (v >> 8) as u8, v as u8]);
            }
            for (i, b) in bytes.iter().enumerate() {
                n |= u128::from(*b) << (8 * i);
            }
            n
        };
        assert_eq!((bits >> 8) & 7, 1, "playing: {position}");
        assert_ne!((bits >> 15) & 63, 0, "dice on the board: {position}");

        // The player on roll has plays for their dice; the other may not move.
        let mover = to_move(&app, &g, &white, &black).await;
        let other = if mover.id == white.id { &black } else { &white };
        let plays: Vec<String> = app.legal_moves(&g).await.into_iter().filter(|m| m.contains('/')).collect();
        assert!(!plays.is_empty());
        assert_error(app.post_move(&g, &other.token, &plays[0]).await, 409, "not_your_turn").await;
        assert_error(app.post_move(&g, &mover.token, "6/off").await, 422, "illegal_move").await;
        // A game of dice offers no draws, conditional moves or adjournment.
        let offer = app.post(&format!("/api/v1/games/{g}/draw-offer"), Some(&mover.token), json!({})).await;
        assert_error(offer, 422, "not_in_this_game").await;
        let lines = app.put(&format!("/api/v1/games/{g}/conditional-moves"), Some(&mover.token), json!({"lines": [[plays[0]]]})).await;
        assert_eq!(lines.status(), 422);
        // No throw is the player's to ask for in tavla: the dice come by themselves.
        let throw = app.post(&format!("/api/v1/games/{g}/throw"), Some(&mover.token), json!({})).await;
        assert_error(throw, 409, "no_throw_due").await;

        let res = app.post_move(&g, &mover.token, &plays[0]).await;
        assert_eq!(res.status(), 200);
        let after: Value = res.json().await.unwrap();
        assert_eq!(after["moves"], json!([plays[0]]));
        assert!(after["dice"]["throws"].as_u64() > dice["throws"].as_u64(), "the next player's dice: {after}");

        // A text on its own is the first scheme's: this match takes entropy with each request.
        let next = to_move(&app, &g, &white, &black).await;
        let res = app.post(&format!("/api/v1/games/{g}/entropy"), Some(&next.token), json!({"entropy": "kırmızı zar"})).await;
        assert_error(res, 422, "not_in_this_game").await;

        // Resigning ends the match; the secret is revealed and matches the commitment.
        let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&next.token), json!({})).await;
        assert_eq!(res.status(), 200);
        let end = app.get_game(&g).await;
        assert_eq!(end["status"], "finished");
        let seed = hex::decode(end["dice"]["seed"].as_str().expect("revealed")).unwrap();
        assert_eq!(hex::encode(Sha256::digest(&seed)), end["dice"]["commitment"].as_str().unwrap());
        let log = app.get(&format!("/api/v1/games/{g}/events"), None).await.json::<Value>().await.unwrap();
        let types: Vec<&str> = log["events"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(types.last(), Some(&"dice_revealed"), "{types:?}");
        assert!(types.contains(&"dice_thrown") && !types.contains(&"entropy_added"));

        let page = app.get(&format!("/games/{g}?lang=tr"), None).await.text().await.unwrap();
        assert!(page.contains("class=\"board tavla\""), "{page}");
        assert!(page.contains(">MAT</a>") && page.contains("3 sayılık maç"), "{page}");
        // The record is the match as a .mat file, with the play made in it.
        let res = app.get(&format!("/api/v1/games/{g}/pgn"), None).await;
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
        let mat = res.text().await.unwrap();
        assert!(mat.contains("\n 3 point match\n\n Game 1\n Ayşe : 0"), "{mat}");
        let first = mat.lines().find(|l| l.starts_with("  1)")).expect("the first turn");
        assert!(first.contains(": ") && first.contains('/'), "{mat}");
        // The match was resigned, not won game by game: no game's points are written.
        assert!(!mat.contains("Wins"), "{mat}");
    }

    async fn backgammon_is_played_with_the_cube_over_http(app) {
        let (g, white, black) = app.game_of("tavla", None, json!({"rules": "backgammon", "match_length": 1})).await;
        open_match(&app, &g, &white, &black).await;
        assert_eq!(app.get_game(&g).await["match"]["length"], 1);
        // The opening's two dice are the starter's to play.
        let mover = to_move(&app, &g, &white, &black).await;
        let play = app.legal_moves(&g).await.into_iter().find(|m| m.contains('/')).unwrap();
        assert_eq!(app.post_move(&g, &mover.token, &play).await.status(), 200);
        // The opponent doubles instead of throwing; the first player takes.
        let doubler = to_move(&app, &g, &white, &black).await;
        assert_eq!(app.legal_moves(&g).await.first().map(String::as_str), Some("double"));
        assert_eq!(app.post_move(&g, &doubler.token, "double").await.status(), 200);
        let taker = to_move(&app, &g, &white, &black).await;
        assert_ne!(taker.id, doubler.id);
        assert_eq!(app.legal_moves(&g).await, ["drop", "take"]);
        // The taker's page says what is offered, with a button for each answer.
        let (cookie, _) = sign_in(&app, &taker.id).await;
        let page = app.client.get(app.url(&format!("/games/{g}?lang=en"))).header("cookie", cookie).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("the cube would be at 2") && page.contains(r#"value="take""#) && page.contains(r#"value="drop""#), "{page}");
        assert_eq!(app.post_move(&g, &taker.token, "take").await.status(), 200);
        // The doubler's dice were thrown after the take; they play, and the taker, owning the
        // cube, asks for their throw.
        let play = app.legal_moves(&g).await.into_iter().find(|m| m.contains('/')).unwrap();
        assert_eq!(app.post_move(&g, &doubler.token, &play).await.status(), 200);
        let before = app.get_game(&g).await["dice"]["throws"].as_u64().unwrap();
        let res = app.post(&format!("/api/v1/games/{g}/throw"), Some(&taker.token), json!({})).await;
        assert_eq!(res.status(), 200);
        let after: Value = res.json().await.unwrap();
        assert!(after["dice"]["throws"].as_u64().unwrap() > before);
        // A second throw is not theirs to ask for.
        let again = app.post(&format!("/api/v1/games/{g}/throw"), Some(&taker.token), json!({})).await;
        assert!(again.status() == 409, "{:?}", again.text().await);
    }

    async fn an_online_round_robin_of_tavla_matches(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let body = |extra: Value| {
            let mut b = json!({"name": "Tavla Şenliği", "system": "round_robin", "rounds": 3, "play": "online", "game": "tavla",
                "time_control": {"kind": "per_move", "seconds": 3 * 86_400}});
            for (k, v) in extra.as_object().unwrap() {
                b[k] = v.clone();
            }
            b
        };
        // A match length only for a game played as matches, and within bounds.
        for wrong in [json!({"match_length": 0}), json!({"match_length": 100}), json!({"game": "dama", "match_length": 3})] {
            let res = app.post("/api/v1/tournaments", Some(&org.token), body(wrong.clone())).await;
            assert_eq!(res.status(), 400, "{wrong}");
        }
        let res = app.post("/api/v1/tournaments", Some(&org.token), body(json!({"match_length": 3}))).await;
        assert_eq!(res.status(), 201, "{:?}", res.text().await);
        let t: Value = res.json().await.unwrap();
        assert_eq!((t["game"].as_str(), t["rules"].as_str(), t["match_length"].as_u64()), (Some("tavla"), Some("tavla"), Some(3)), "{t}");
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
            // Each board is a match of its own, its dice committed to, its opening the players'.
            assert_eq!((view["game"].as_str(), view["match"]["length"].as_u64()), (Some("tavla"), Some(3)), "{view}");
            assert_eq!(view["dice"]["throws"].as_u64(), Some(0), "{view}");
            // Black resigns the match: white wins the board.
            let res = app.post(&format!("/api/v1/games/{game}/resign"), Some(&tokens[b["black"].as_str().unwrap()]), json!({})).await;
            assert_eq!(res.status(), 200);
        }
        let mut results = Vec::new();
        for _ in 0..100 {
            let t: Value = app.get(&path(""), None).await.json().await.unwrap();
            results = t["pairings"][0]["boards"].as_array().unwrap().iter().map(|b| b["result"].clone()).collect();
            if results.iter().all(|r| !r.is_null()) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(results, [json!("1-0"), json!("1-0")], "the match winner scores the win");
        let res = app.get(&path("/games.pgn"), None).await;
        assert_eq!(res.headers()["content-type"], "text/plain; charset=utf-8", "match files");
        let records = res.text().await.unwrap();
        assert_eq!(records.matches(" 3 point match").count(), 2, "{records}");
    }
}
