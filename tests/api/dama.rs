//! Dama through the whole service: created, its legal moves listed, played by capture to a
//! win, drawn at once with one piece each, its PDN, and `zarf perft` and `zarf moves`.

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A dama game between two new players, made by the admin from `start` (the standard start if
/// none).
async fn dama_game(app: &TestApp, start: Option<&str>) -> (String, Player, Player) {
    let white = app.create_player("Ayşe").await;
    let black = app.create_player("Mehmet").await;
    let mut body = json!({"white": white.id, "black": black.id, "game": "dama"});
    if let Some(s) = start {
        body["start_position"] = json!(s);
    }
    let res = app.create_game_with(&app.admin, body).await;
    assert_eq!(res.status(), 201, "{:?}", res.text().await);
    let g: Value = res.json().await.unwrap();
    (g["id"].as_str().unwrap().to_owned(), white, black)
}

async fn legal_moves(app: &TestApp, game: &str) -> Vec<String> {
    let v: Value = app
        .get(&format!("/api/v1/games/{game}/legal-moves"), None)
        .await
        .json()
        .await
        .unwrap();
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

both_backends! {
    async fn a_dama_game_is_made_and_played_by_its_rules_to_a_win(app) {
        let (g, white, black) = dama_game(&app, None).await;
        let game = app.get_game(&g).await;
        assert_eq!((game["game"].as_str(), game["rules"].as_str(), game["to_move"].as_str()), (Some("dama"), Some("tudaf"), Some("white")));
        assert_eq!(legal_moves(&app, &g).await, ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"]);
        // A man never moves diagonally or backwards; written any accepted way.
        assert_error(app.post_move(&g, &white.token, "d3-e4").await, 422, "illegal_move").await;
        assert_eq!(app.post_move(&g, &white.token, "d3:d4").await.status(), 200);
        assert_eq!(app.post_move(&g, &black.token, "e6-e5").await.status(), 200);
        let game = app.get_game(&g).await;
        assert_eq!(game["moves"], json!(["d3-d4", "e6-e5"]));

        // From a set-up: the man must take the most (two, not one).
        let (g, white, _) = dama_game(&app, Some("W:Wd4,a2:Bd5,e4,f5")).await;
        assert_eq!(legal_moves(&app, &g).await, ["d4xf4xf6"]);
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
    }
}

/// `zarf ARGS…`: its exit code and standard output.
fn zarf(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zarf"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn zarf_perft_and_moves_count_each_dama_move_once() {
    let (code, out) = zarf(&["perft", "--game", "dama", "--depth", "5"]);
    assert_eq!(code, 0);
    assert_eq!(out, "1 8\n2 64\n3 708\n4 7538\n5 85090\n");
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
