//! The Berger tables equal FIDE's published ones (Handbook C.05 Annex 1, `data/berger-fide.txt`)
//! for 3 to 16 players: an odd number plays the next even number's table, its highest number
//! the bye.

use pairing::berger::{round, rounds, Board};

/// A published table's rounds, each as its (white, black) pairs.
type Table = Vec<Vec<(u16, u16)>>;

/// The published tables, by even size.
fn published() -> Vec<(u16, Table)> {
    let text = include_str!("data/berger-fide.txt");
    let mut tables: Vec<(u16, Table)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(size) = line.strip_suffix(" players:") {
            let even = size.rsplit(' ').next().unwrap().parse().unwrap();
            tables.push((even, Vec::new()));
        } else if let Some(rest) = line.strip_prefix("Rd ") {
            let (_, pairs) = rest.split_once(':').unwrap();
            let pairs = pairs
                .trim()
                .trim_end_matches('.')
                .split(", ")
                .map(|pair| {
                    let (w, b) = pair.split_once('-').unwrap();
                    (w.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            tables.last_mut().unwrap().1.push(pairs);
        }
    }
    tables
}

#[test]
fn berger_tables_for_3_to_16_players_are_fides() {
    let tables = published();
    assert_eq!(tables.len(), 7);
    for (even, table) in tables {
        for players in [even - 1, even] {
            assert_eq!(
                usize::from(rounds(players)),
                table.len(),
                "{players} players"
            );
            for (r, pairs) in table.iter().enumerate() {
                let ours = round(players, u16::try_from(r + 1).unwrap()).unwrap();
                let expected: Vec<Board> = pairs
                    .iter()
                    .map(|&(white, black)| match (white, black) {
                        (p, bye) | (bye, p) if bye > players => Board::Bye(p),
                        _ => Board::Game { white, black },
                    })
                    .collect();
                assert_eq!(ours, expected, "{players} players, round {}", r + 1);
            }
        }
    }
}
