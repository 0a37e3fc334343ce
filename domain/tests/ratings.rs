//! Glicko-2 against an independent implementation: pyglicko2 (PyPI) played thousands of random
//! rated games in a pool of players, some after idle rating periods; zarf plays the same games
//! from the same start and must agree to four decimals after every one.

use domain::rating::{Rating, Score};

fn score(text: &str) -> Score {
    match text {
        "1" => Score::Win,
        "1/2" => Score::Draw,
        "0" => Score::Loss,
        other => panic!("score {other}"),
    }
}

fn numbers(text: &str) -> Vec<f64> {
    text.split_whitespace()
        .map(|n| n.parse().expect("a number"))
        .collect()
}

fn agrees(ours: Rating, theirs: &[f64]) -> bool {
    (ours.rating - theirs[0]).abs() < 5e-5
        && (ours.deviation - theirs[1]).abs() < 5e-5
        && (ours.volatility - theirs[2]).abs() < 5e-5
}

#[test]
fn glicko2_agrees_with_pyglicko2_over_random_games() {
    let data = include_str!("data/glicko2_pyglicko2.txt");
    let mut pool = vec![Rating::NEW; 24];
    let mut games = 0;
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').collect();
        let head: Vec<&str> = parts[0].split_whitespace().collect();
        let (w, b): (usize, usize) = (head[0].parse().unwrap(), head[1].parse().unwrap());
        let (idle_w, idle_b): (u32, u32) = (head[2].parse().unwrap(), head[3].parse().unwrap());
        let (after_w, after_b) =
            Rating::after_game(pool[w].idle(idle_w), pool[b].idle(idle_b), score(head[4]));
        assert!(
            agrees(after_w, &numbers(parts[1])) && agrees(after_b, &numbers(parts[2])),
            "line {}: {line}\nours: {after_w:?} {after_b:?}",
            n + 1
        );
        pool[w] = after_w;
        pool[b] = after_b;
        games += 1;
    }
    assert_eq!(games, 6000);
}
