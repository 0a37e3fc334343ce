//! Tavla's plays against GNU Backgammon, a reference zarf did not write: for every turn of 120
//! games (`data/tavla_gnubg.txt`: the position ID, the dice, and every legal play as gnubg's
//! hint lists them), zarf lists the same plays and writes each exactly as gnubg does.

use domain::tavla::board::Board;
use domain::tavla::{notation, position_id};

#[test]
fn every_turn_of_120_games_has_gnubgs_plays_written_as_gnubg_writes_them() {
    let data = include_str!("data/tavla_gnubg.txt");
    let mut turns = 0;
    let mut passes = 0;
    let mut mismatches = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (head, listed) = line.split_once(':').expect("position and dice, then plays");
        let (id, dice) = head.split_once(' ').expect("a position ID and dice");
        let board: Board = position_id::read(id).unwrap_or_else(|| panic!("{id} reads"));
        let d: Vec<u8> = dice.bytes().map(|b| b - b'0').collect();
        let mut expected: Vec<&str> = listed
            .split(" | ")
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .collect();
        expected.sort_unstable();
        let mut found: Vec<String> = board
            .plays((d[0], d[1]))
            .iter()
            .map(|(steps, _)| notation::write(&board, steps))
            .collect();
        found.sort_unstable();
        turns += 1;
        passes += usize::from(expected.is_empty());
        if found != expected {
            mismatches.push(format!(
                "{id} {dice}:\n  gnubg {expected:?}\n  zarf  {found:?}"
            ));
        }
    }
    assert_eq!((turns, passes), (7653, 803));
    assert!(
        mismatches.is_empty(),
        "{} of {turns} turns differ; the first:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(5)].join("\n")
    );
}
