//! The knockout's placement against an independent implementation: brackets-manager (npm,
//! 1.11.1), its single-elimination stage seeded 1 to N with the byes as the places past N and
//! the `inner_outer` seed ordering, for every size from 2 to 70. Each line of the data holds the
//! first round's matches top to bottom (a bye `null`) and the second round's, a seed there being
//! one who came through a bye and `0` the winner of a match still to play.

use pairing::knockout::{Bracket, Slot};
use serde_json::Value;

const REFERENCE: &str = include_str!("data/knockout_brackets_manager.jsonl");

/// A slot as the reference writes it.
fn written(slot: Slot) -> Value {
    match slot {
        Slot::Seed(s) => Value::from(s),
        Slot::Bye => Value::Null,
        Slot::WinnerOf { .. } => Value::from(0),
    }
}

#[test]
fn every_size_from_2_to_70_is_placed_as_brackets_manager_places_it() {
    let mut sizes = 0;
    for line in REFERENCE.lines() {
        let reference: Value = serde_json::from_str(line).unwrap();
        let players = reference["players"].as_u64().unwrap() as u32;
        let bracket = Bracket::single(players).unwrap();
        let rounds = reference["rounds"].as_array().unwrap();
        for (r, expected) in rounds.iter().enumerate() {
            let ours: Vec<Vec<Value>> = bracket.rounds[r]
                .iter()
                .map(|m| m.iter().map(|&s| written(s)).collect())
                .collect();
            assert_eq!(
                Value::from(ours),
                *expected,
                "{players} players, round {}",
                r + 1
            );
        }
        sizes += 1;
    }
    assert_eq!(sizes, 69, "every size from 2 to 70");
}
