//! Logs written by an earlier release read exactly as they were written: each event decodes
//! from its stored type, version and data, encodes back to the same data, and every game folds
//! to a live position. The logs (`data/logs_release.jsonl`) were written by the release before
//! the games' seam spoke of a move's code and written form and a start position's text (the
//! log still names them `uci`, `san` and `start_fen`): chess from the start and from a set-up
//! position, checkers likewise, and dama.

use std::collections::BTreeMap;

use domain::game::{evolve, EventBody, GameEvent, GameState};
use domain::games::GameKind;
use serde_json::Value;

const LOGS: &str = include_str!("data/logs_release.jsonl");

/// Each game's stored events, by the game's number in the file.
fn games() -> BTreeMap<u64, Vec<Value>> {
    let mut games: BTreeMap<u64, Vec<Value>> = BTreeMap::new();
    for line in LOGS.lines().filter(|l| !l.is_empty()) {
        let row: Value = serde_json::from_str(line).unwrap();
        games
            .entry(row["game"].as_u64().unwrap())
            .or_default()
            .push(row);
    }
    games
}

#[test]
fn every_stored_event_reads_back_and_writes_the_same_data() {
    let games = games();
    assert_eq!(games.len(), 5, "the file's games are read");
    for rows in games.values() {
        for row in rows {
            let (kind, version) = (row["type"].as_str().unwrap(), row["version"].as_u64());
            let body = EventBody::decode(kind, version.unwrap() as u32, row["data"].clone())
                .unwrap_or_else(|e| panic!("{kind} does not decode: {e:?}"));
            assert_eq!(body.type_name(), kind);
            assert_eq!(body.data(), row["data"], "{kind} is written back as it was");
            let event: GameEvent = serde_json::from_value(row["event"].clone()).unwrap();
            assert_eq!(event.body, body);
            assert_eq!(serde_json::to_value(&event).unwrap(), row["event"]);
        }
    }
}

#[test]
fn the_stored_names_are_the_logs_own() {
    let games = games();
    let created = &games[&2][0];
    assert_eq!(created["type"], "game_created");
    assert_eq!(
        created["data"]["start_fen"],
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    );
    let moved = &games[&2][1];
    assert_eq!(moved["data"]["move"]["uci"], "b7b8q");
    assert_eq!(moved["data"]["move"]["san"], "b8=Q+");
}

#[test]
fn every_stored_game_folds_to_the_position_its_moves_reached() {
    for (n, rows) in games() {
        let mut state: GameState<GameKind> = GameState::NotCreated;
        for row in &rows {
            let event: GameEvent = serde_json::from_value(row["event"].clone()).unwrap();
            state = evolve(state, &event);
        }
        let game = state
            .game()
            .unwrap_or_else(|| panic!("game {n} does not fold: {state:?}"));
        let moves = rows.iter().filter(|r| r["type"] == "move_played").count();
        assert_eq!(game.ply(), moves, "game {n}");
        assert_eq!(
            game.written_moves(),
            rows.iter()
                .filter(|r| r["type"] == "move_played")
                .map(|r| r["data"]["move"]["san"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>(),
            "game {n}"
        );
        assert_eq!(game.written_moves(), game.written_moves_from_positions());
    }
}
