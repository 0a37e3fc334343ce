//! The knockout's placement against an independent implementation: brackets-manager (npm,
//! 1.11.1), its single- and double-elimination stages seeded 1 to N with the byes as the places
//! past N, the `inner_outer` seed ordering and its default orders for the losers' bracket, for
//! every size from 2 (3 for a double elimination) to 70.
//!
//! A single elimination's line holds the first round's matches top to bottom (a bye `null`) and
//! the second round's, a seed there being one who came through a bye and `0` the winner of a
//! match still to play. A double elimination's line holds the losers' bracket, round by round,
//! where `"Lk"` is the loser of match k of the winners' bracket's round that drops there, and
//! the grand final with its reset.

use pairing::knockout::{Bracket, DoubleBracket, Part, Slot};
use serde_json::Value;

const REFERENCE: &str = include_str!("data/knockout_brackets_manager.jsonl");

/// A slot as the reference writes it.
fn written(slot: Slot) -> Value {
    match slot {
        Slot::Seed(s) => Value::from(s),
        Slot::Bye => Value::Null,
        Slot::WinnerOf { .. } => Value::from(0),
        Slot::LoserOf { index, .. } => Value::from(format!("L{}", index + 1)),
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

const DOUBLE: &str = include_str!("data/double_elimination_brackets_manager.jsonl");

#[test]
fn every_losers_bracket_from_3_to_70_is_placed_as_brackets_manager_places_it() {
    let mut sizes = 0;
    for line in DOUBLE.lines() {
        let reference: Value = serde_json::from_str(line).unwrap();
        let players = reference["players"].as_u64().unwrap() as u32;
        let bracket = DoubleBracket::draw(players).unwrap();
        assert_eq!(bracket.winners, Bracket::single(players).unwrap().rounds);
        let ours: Vec<Vec<Vec<Value>>> = bracket
            .losers
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|m| m.iter().map(|&s| written(s)).collect())
                    .collect()
            })
            .collect();
        assert_eq!(Value::from(ours), reference["losers"], "{players} players");
        // The grand final: the two brackets' winners; the reset: the same two again.
        let winners_final = bracket.winners.len() - 1;
        let losers_final = bracket.losers.len() - 1;
        assert_eq!(
            bracket.finals[0],
            [
                Slot::WinnerOf {
                    part: Part::Winners,
                    round: winners_final,
                    index: 0
                },
                Slot::WinnerOf {
                    part: Part::Losers,
                    round: losers_final,
                    index: 0
                },
            ],
            "{players} players"
        );
        assert_eq!(reference["final"].as_array().unwrap().len(), 2, "a reset");
        sizes += 1;
    }
    assert_eq!(sizes, 68, "every size from 3 to 70");
}
