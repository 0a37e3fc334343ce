//! Checkers through the whole service: created, played to a win, drawn by each claim, by
//! agreement and on time, its legal moves listed, a conditional line, a sealed move, its PDN,
//! and an online Swiss tournament of checkers games.

use std::collections::HashMap;
use std::time::Duration;

use domain::checkers::{Board, Checkers};
use domain::game::Rules;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A checkers game between two new players, made by the admin from `start` (the standard
/// position if none).
async fn checkers_game(
    app: &TestApp,
    start: Option<&str>,
    extra: Value,
) -> (String, Player, Player) {
    app.game_of("checkers", start, extra).await
}

/// A walk of `plies` quiet king moves through positions not seen before, none offering a
/// capture (depth first), from `board`.
fn fresh_walk(
    board: &Board,
    seen: &mut std::collections::HashSet<u128>,
    plies: usize,
    walk: &mut Vec<String>,
) -> bool {
    if walk.len() == plies {
        return true;
    }
    for m in Checkers::legal_moves(board) {
        let mut after = *board;
        after.play(&m);
        let key = Checkers::repetition_key(&after);
        if m.is_capture() || seen.contains(&key) || after.moves().iter().any(|r| r.is_capture()) {
            continue;
        }
        seen.insert(key);
        walk.push(Checkers::record(board, m).written);
        if fresh_walk(&after, seen, plies, walk) {
            return true;
        }
        walk.pop();
    }
    false
}

both_backends! {
    async fn a_checkers_game_is_made_listed_and_played_to_a_win(app) {
        let (g, white, black) = checkers_game(&app, None, json!({})).await;
        let game = app.get_game(&g).await;
        assert_eq!(game["game"], "checkers");
        assert_eq!(game["rules"], "wcdf");
        assert_eq!(game["to_move"], "black", "Black moves first");
        assert_eq!(game["position"], "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
        assert_eq!(game["start_position"], game["position"]);
        assert!(game.get("fen").is_none(), "fen is chess's: {game}");
        assert_eq!(app.legal_moves(&g).await, ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
        // Refusals change nothing.
        assert_error(app.post_move(&g, &white.token, "22-18").await, 409, "not_your_turn").await;
        assert_error(app.post_move(&g, &black.token, "12-17").await, 422, "illegal_move").await;
        assert_error(app.post_move(&g, &black.token, "e4").await, 422, "unparseable_move").await;
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "11-15", "notation": "san"})).await;
        assert_error(res, 422, "unparseable_move").await;
        assert_error(app.post(&format!("/api/v1/games/{g}/claims"), Some(&black.token), json!({"kind": "fifty_moves"})).await, 422, "claim_not_in_game").await;
        assert_eq!(app.get_game(&g).await["version"], 1);
        // Every legal move, as listed, is taken; a capture is compulsory.
        let after = app.play(&g, &white, &black, "11-15 23-19 8-11 22-17 9-13 17-14").await;
        assert_eq!(after["to_move"], "black");
        assert_eq!(app.legal_moves(&g).await, ["10x17"]);
        assert_error(app.post_move(&g, &black.token, "4-8").await, 422, "illegal_move").await;
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "10x17", "notation": "pdn"})).await;
        assert_eq!(res.status(), 200);
        let game = app.get_game(&g).await;
        assert_eq!(game["moves"], json!(["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17"]));

        // From a set-up position: Black's man takes White's last piece, and wins.
        let (g, _white, black) = checkers_game(&app, Some("B:W18:B14"), json!({})).await;
        let over: Value = app.post_move(&g, &black.token, "14x23").await.json().await.unwrap();
        assert_eq!((over["status"].as_str(), over["result"].as_str(), over["termination"].as_str()),
            (Some("finished"), Some("0-1"), Some("no_moves")));
        assert_eq!(app.legal_moves(&g).await, Vec::<String>::new());
        // A position that is no position, and one already over, are refused.
        let a = app.create_player("A").await;
        let b = app.create_player("B").await;
        let why = assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "game": "checkers", "start_position": "B:W33:B1"})).await, 422, "invalid_position").await;
        assert!(why.contains("1 to 32"), "{why}");
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "game": "checkers", "start_position": "W:W29:B25,22"})).await, 422, "position_not_playable").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "game": "go"})).await, 400, "bad_request").await;
        assert_error(app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "game": "checkers", "rules": "fide2023"})).await, 400, "bad_request").await;
        let mine: Value = app.get("/api/v1/me/games", Some(&a.token)).await.json().await.unwrap();
        assert_eq!(mine["games"], json!([]), "no refused game was made");
    }

    async fn checkers_is_drawn_by_each_claim_by_agreement_and_lost_on_time(app) {
        // Threefold: two kings shuffle, and Black claims on its intended move.
        let (g, white, black) = checkers_game(&app, Some("B:WK29:BK4"), json!({})).await;
        app.play(&g, &white, &black, "4-8 29-25 8-4 25-29 4-8 29-25 8-4").await;
        let res = app.post(&format!("/api/v1/games/{g}/claims"), Some(&white.token), json!({"kind": "threefold_repetition", "move": "25-29"})).await;
        let answer: Value = res.json().await.unwrap();
        assert_eq!((answer["accepted"].as_bool(), answer["game"]["termination"].as_str()), (Some(true), Some("threefold_repetition")), "{answer}");

        // Forty moves: kings walk to positions never seen; the claim fails at 79 half-moves and
        // holds at 80.
        let start = "B:WK29,K30,K31:BK2,K3,K4";
        let (g, white, black) = checkers_game(&app, Some(start), json!({})).await;
        let board = domain::checkers::notation::read_position(start).unwrap();
        let mut seen = std::collections::HashSet::from([Checkers::repetition_key(&board)]);
        let mut walk = Vec::new();
        assert!(fresh_walk(&board, &mut seen, 80, &mut walk));
        app.play(&g, &white, &black, &walk[..79].join(" ")).await;
        let claim = |token: String| {
            let app = &app;
            let g = g.clone();
            async move {
                let res = app.post(&format!("/api/v1/games/{g}/claims"), Some(&token), json!({"kind": "forty_moves", "move": null})).await;
                res.json::<Value>().await.unwrap()
            }
        };
        let wrong = claim(white.token.clone()).await;
        assert_eq!(wrong["accepted"], false, "{wrong}");
        assert_eq!(wrong["game"]["draw_offer"]["by"], "white", "a wrong claim stands as an offer");
        app.post(&format!("/api/v1/games/{g}/draw-offer/decline"), Some(&black.token), json!({})).await;
        app.play(&g, &white, &black, &walk[79]).await;
        let right = claim(black.token.clone()).await;
        assert_eq!((right["accepted"].as_bool(), right["game"]["termination"].as_str()), (Some(true), Some("forty_moves")), "{right}");

        // Agreement.
        let (g, white, black) = checkers_game(&app, None, json!({})).await;
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "11-15", "offer_draw": true})).await;
        assert_eq!(res.status(), 200);
        let over: Value = app.post(&format!("/api/v1/games/{g}/draw-offer/accept"), Some(&white.token), json!({})).await.json().await.unwrap();
        assert_eq!((over["result"].as_str(), over["termination"].as_str()), (Some("1/2-1/2"), Some("agreement")));

        // On time: Black to move lets a second pass.
        let (g, white, _black) = checkers_game(&app, None, json!({"time_control": {"kind": "per_move", "seconds": 1}})).await;
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let game = app.get_game(&g).await;
        assert_eq!((game["result"].as_str(), game["termination"].as_str()), (Some("1-0"), Some("time_forfeit")), "{game}");
        assert_error(app.post_move(&g, &white.token, "22-18").await, 409, "game_over").await;
        assert_chain(&g, &app.events(&g, &app.admin).await);
    }

    async fn a_conditional_line_and_a_sealed_move_in_checkers(app) {
        // White's line answers Black's 11-15 with 23-19.
        let (g, white, black) = checkers_game(&app, None, json!({})).await;
        let res = app.client.put(app.url(&format!("/api/v1/games/{g}/conditional-moves")))
            .bearer_auth(&white.token)
            .json(&json!({"lines": [["11-15", "23-19"], ["9-13", "22-18"]]}))
            .send().await.unwrap();
        assert_eq!(res.status(), 200);
        let after: Value = app.post_move(&g, &black.token, "11-15").await.json().await.unwrap();
        assert_eq!(after["moves"], json!(["11-15", "23-19"]), "{after}");
        assert_eq!(after["to_move"], "black");

        // An organiser's game, adjourned: Black seals a capture.
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let res = app.organisers_game(&org, json!({"white": white.id, "black": black.id, "game": "checkers",
            "start_position": "B:W18,25:B14,1", "time_control": {"kind": "per_move", "seconds": 86400}})).await;
        let g = res.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        let url = |p: &str| format!("/api/v1/games/{g}{p}");
        let resume_at = (time::OffsetDateTime::now_utc() + time::Duration::seconds(2))
            .format(&time::format_description::well_known::Rfc3339).unwrap();
        let adjourned: Value = app.post(&url("/adjourn"), Some(&org.token), json!({"resume_at": resume_at})).await.json().await.unwrap();
        assert_eq!(adjourned["status"], "adjourned", "{adjourned}");
        assert_eq!(app.post(&url("/envelope"), Some(&black.token), json!({"move": "14x23"})).await.status(), 200);
        assert_eq!(app.post(&url("/envelope/close"), Some(&black.token), json!({})).await.status(), 200);
        tokio::time::sleep(Duration::from_millis(2200)).await;
        for token in [&black.token, &white.token] {
            assert_eq!(app.post(&url("/check-in"), Some(token), json!({})).await.status(), 200);
        }
        let game = app.get_game(&g).await;
        assert_eq!(game["moves"], json!(["14x23"]), "{game}");
        assert_eq!(game["position"], "W:W25:B1,23");
        assert_eq!(app.legal_moves(&g).await, ["25-21", "25-22"]);
    }

    async fn a_checkers_record_is_pdn(app) {
        let (g, white, black) = checkers_game(&app, None, json!({"event": "Okul Kupası"})).await;
        app.play(&g, &white, &black, "11-15 23-19 8-11 22-17 9-13 17-14").await;
        let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&black.token), json!({"move": "10x17", "offer_draw": true})).await;
        assert_eq!(res.status(), 200);
        app.post(&format!("/api/v1/games/{g}/resign"), Some(&white.token), json!({})).await;
        let res = app.get(&format!("/api/v1/games/{g}/pgn"), None).await;
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/x-pdn"));
        let pdn = res.text().await.unwrap();
        // The record as pydraughts read it back (data/checkers_game.pdn), its times aside.
        let expected = include_str!("data/checkers_game.pdn");
        let without_times = |text: &str| -> String {
            text.lines()
                .filter(|l| !l.starts_with("[Date "))
                .collect::<Vec<_>>()
                .join("\n")
                .split('{')
                .map(|part| match part.split_once('}') {
                    Some((c, rest)) if c.ends_with(" UTC") => format!("{{time}}{rest}"),
                    Some((c, rest)) => format!("{{{c}}}{rest}"),
                    None => part.to_owned(),
                })
                .collect::<String>()
        };
        assert_eq!(without_times(&pdn), without_times(expected), "{pdn}");
    }

    async fn a_checkers_game_starts_from_the_ballot_by_number_or_by_lot(app) {
        // Opening 3 of the three-move deck: 9-13 22-17 13x22, White to recapture.
        let (g, white, _) = checkers_game(&app, None, json!({"ballot": 3})).await;
        let view = app.get_game(&g).await;
        assert_eq!(view["ballot"], json!({"number": 3, "by_lot": false}));
        assert_eq!(view["moves"], json!(["9-13", "22-17", "13x22"]));
        assert_eq!((view["ply"].as_u64(), view["to_move"].as_str()), (Some(3), Some("white")));
        assert_eq!(view["start_position"].as_str(), Some(Checkers::set_up_text(&Checkers.start()).as_str()));
        assert_eq!(app.legal_moves(&g).await, vec!["25x18", "26x17"]);
        assert_eq!(app.post_move(&g, &white.token, "26x17").await.status(), 200);
        let pdn = app.get(&format!("/api/v1/games/{g}/pgn"), None).await.text().await.unwrap();
        assert!(pdn.contains("1. 9-13 22-17 2. 13x22 26x17 {"), "{pdn}");
        let page = app.get(&format!("/games/{g}?lang=en"), None).await.text().await.unwrap();
        assert!(page.contains("Opening: Three-move ballot no. 3 (9-13 22-17 13x22)"), "{page}");

        let (g, _, _) = checkers_game(&app, None, json!({"ballot": "random"})).await;
        let view = app.get_game(&g).await;
        let n = view["ballot"]["number"].as_u64().unwrap();
        assert!((1..=156).contains(&n) && view["ballot"]["by_lot"] == json!(true), "{view}");
        assert_eq!(view["ply"].as_u64(), Some(3));

        // Refused, and nothing made: out of the deck, with a set-up position, in chess, not a
        // number.
        let white = app.create_player("Ayşe").await;
        let black = app.create_player("Mehmet").await;
        let mine = || app.get("/api/v1/me/games", Some(&white.token));
        let before = mine().await.text().await.unwrap();
        for (extra, status, code) in [
            (json!({"game": "checkers", "ballot": 157}), 400, "bad_request"),
            (json!({"game": "checkers", "ballot": 0}), 400, "bad_request"),
            (json!({"game": "checkers", "ballot": 1, "start_position": "W:W21,K30:B1,2"}), 400, "bad_request"),
            (json!({"ballot": 1}), 400, "bad_request"),
            (json!({"ballot": "random"}), 400, "bad_request"),
            (json!({"game": "checkers", "ballot": "lots"}), 400, "bad_request"),
            (json!({"game": "checkers", "ballot": -1}), 400, "bad_request"),
        ] {
            let mut body = json!({"white": white.id, "black": black.id});
            for (k, v) in extra.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.create_game_with(&app.admin, body.clone()).await;
            assert_eq!(res.status(), status, "{body}");
            let err: Value = res.json().await.unwrap();
            assert_eq!(err["error"]["code"].as_str(), Some(code), "{body}: {err}");
        }
        assert_eq!(mine().await.text().await.unwrap(), before);
        assert!(before.contains("\"games\":[]"), "{before}");
    }

    async fn an_online_swiss_of_checkers_games(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let body = json!({"name": "Dama Kupası", "system": "swiss", "rounds": 2, "play": "online", "game": "checkers",
            "time_control": {"kind": "per_move", "seconds": 3 * 86_400}});
        let res = app.post("/api/v1/tournaments", Some(&org.token), body).await;
        assert_eq!(res.status(), 201, "{:?}", res.text().await);
        let t: Value = res.json().await.unwrap();
        assert_eq!((t["game"].as_str(), t["rules"].as_str()), (Some("checkers"), Some("wcdf")), "{t}");
        assert_eq!(t["ballot"], json!(true), "checkers tournaments play the three-move ballot");
        let id = t["id"].as_str().unwrap().to_owned();
        let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");
        let mut tokens: HashMap<String, String> = HashMap::new();
        for n in 0..4u32 {
            let p = app.create_player(&format!("Oyuncu {n}")).await;
            let res = app.post(&path("/players"), Some(&app.admin), json!({"player": p.id, "rating": 1500 - n * 50})).await;
            assert_eq!(res.status(), 200);
            tokens.insert(p.id.clone(), p.token.clone());
        }
        for round in 1..=2usize {
            assert_eq!(app.post(&path("/rounds"), Some(&org.token), json!({})).await.status(), 200);
            let t: Value = app.post(&path("/publish"), Some(&org.token), json!({"round": round})).await.json().await.unwrap();
            let boards = t["pairings"][round - 1]["boards"].as_array().unwrap().clone();
            assert_eq!(boards.len(), 2);
            // One opening drawn for the round, every board starting from it.
            let opening = t["pairings"][round - 1]["ballot"].as_u64().unwrap();
            assert!((1..=156).contains(&opening), "{t}");
            for b in &boards {
                let game = b["game"].as_str().unwrap();
                let view = app.get_game(game).await;
                assert_eq!((view["game"].as_str(), view["to_move"].as_str(), view["ply"].as_u64()), (Some("checkers"), Some("white"), Some(3)));
                assert_eq!(view["ballot"], json!({"number": opening, "by_lot": true}));
                let white = &tokens[b["white"].as_str().unwrap()];
                let first = app.legal_moves(game).await.remove(0);
                assert_eq!(app.post_move(game, white, &first).await.status(), 200);
                let res = app.post(&format!("/api/v1/games/{game}/resign"), Some(&tokens[b["black"].as_str().unwrap()]), json!({})).await;
                assert_eq!(res.status(), 200);
            }
            let mut missing = usize::MAX;
            for _ in 0..100 {
                let t: Value = app.get(&path(""), None).await.json().await.unwrap();
                missing = t["pairings"][round - 1]["boards"].as_array().unwrap().iter().filter(|b| b["result"].is_null()).count();
                if missing == 0 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            assert_eq!(missing, 0, "round {round}'s results came back");
        }
        let res = app.get(&path("/games.pgn"), None).await;
        assert_eq!(res.headers()["content-type"], "application/x-pdn; charset=utf-8");
        let pdn = res.text().await.unwrap();
        assert_eq!(pdn.matches("[GameType \"21\"]").count(), 4, "{pdn}");
    }
}

#[test]
fn zarf_perft_and_moves_agree_with_the_published_counts() {
    let (code, out) = zarf(&["perft", "--game", "checkers", "--depth", "9"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "1 7\n2 49\n3 302\n4 1469\n5 7361\n6 36768\n7 179740\n8 845931\n9 3963680\n"
    );
    // Chess's counts, as every engine publishes them; and Kiwipete's.
    assert_eq!(
        zarf(&["perft", "--depth", "4"]).1,
        "1 20\n2 400\n3 8902\n4 197281\n"
    );
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        zarf(&[
            "perft",
            "--game",
            "chess",
            "--depth",
            "3",
            "--position",
            kiwipete
        ])
        .1,
        "1 48\n2 2039\n3 97862\n"
    );
    // Each move with the position after it; the two ways round a king's loop are two moves.
    let (code, out) = zarf(&[
        "moves",
        "--game",
        "checkers",
        "--position",
        "W:WK26:B14,15,22,23",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "26x17x10x19x26 B:WK26:B\n26x19x10x17x26 B:WK26:B\n");
    let (_, out) = zarf(&[
        "moves",
        "--game",
        "chess",
        "--position",
        "7k/8/8/8/8/8/8/R6K w - - 0 1",
    ]);
    assert_eq!(out.lines().count(), 16, "{out}");
    assert!(
        out.contains("\nRa8+ R6k/8/8/8/8/8/8/7K b - - 1 1\n"),
        "{out}"
    );
    // A game that is over has no moves; what is not a game or a position is refused.
    assert_eq!(
        zarf(&["moves", "--game", "checkers", "--position", "W:W29:B25,22"]),
        (0, String::new())
    );
    assert_eq!(zarf(&["perft", "--game", "go", "--depth", "1"]).0, 2);
    assert_eq!(
        zarf(&["moves", "--game", "checkers", "--position", "B:W33:B1"]).0,
        2
    );
}
