//! Dama (TÜDAF) through its rules: perft from the start; 140 random games from kish's Python
//! release (`data/dama_kish.txt`), the legal moves equal at every ply, each written and read
//! back, and every ending judged the same; and positions built for each rule — the maximum
//! capture for men and kings, the 180° rule, crossing a square again, a man reaching the last
//! rank in the middle of a capture, one piece each.

use domain::dama::{notation, perft, Board, Dama};
use domain::game::{Ending, Rules, Side};

fn board(text: &str) -> Board {
    notation::read_position(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// Every legal move of `text`'s position as the record writes it, sorted.
fn moves(text: &str) -> Vec<String> {
    let b = board(text);
    let mut all: Vec<String> = b
        .moves()
        .iter()
        .map(|m| Dama::record(&b, *m).written)
        .collect();
    all.sort();
    all
}

#[test]
fn perft_from_the_start_counts_each_move_once() {
    let start = Board::start();
    let counts: Vec<u64> = (1..=7).map(|d| perft(&start.inner, d)).collect();
    assert_eq!(counts, [8, 64, 708, 7538, 85090, 931312, 10782308]);
    // The core's own walk agrees.
    assert_eq!(domain::game::perft::<Dama>(&start, 4), 7538);
}

#[test]
fn the_start_and_its_text() {
    let start = Board::start();
    assert_eq!(
        notation::write_position(&start),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!(Dama::turn(&start), Side::White);
    let first: Vec<String> = moves(&notation::write_position(&start));
    assert_eq!(
        first,
        ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"]
    );
}

#[test]
fn one_piece_against_one_is_a_draw_at_once() {
    assert_eq!(
        Dama::ending(&board("W:WKa1:Bh8"), &()),
        Some(Ending::OnePieceEach)
    );
    assert_eq!(Dama::ending(&board("W:Wd4:Bd6,e6"), &()), None);
    assert_eq!(
        Dama::ending(&board("B:Wd4:B"), &()),
        Some(Ending::NoMoves {
            winner: Side::White
        })
    );
}

#[test]
fn the_sequence_that_takes_the_most_must_be_played_by_men_and_kings() {
    // The man on d4 could take d5 alone, or e4 then f5: it must take two.
    assert_eq!(moves("W:Wd4:Bd5,e4,f5"), ["d4xf4xf6"]);
    // The king takes a3 and c5, landing anywhere beyond c5; taking a3 alone is not allowed.
    assert_eq!(
        moves("W:WKa1:Ba3,c5"),
        ["a1xa5xd5", "a1xa5xe5", "a1xa5xf5", "a1xa5xg5", "a1xa5xh5"]
    );
}

#[test]
fn a_king_may_not_turn_back_between_two_jumps() {
    // After taking d6, turning back down the file to take d2 would be a 180° turn.
    assert_eq!(moves("W:WKd4:Bd6,d2"), ["d4xd1", "d4xd7", "d4xd8"]);
}

#[test]
fn a_square_may_be_crossed_again_as_pieces_go_one_by_one() {
    // Round the board: up the a-file, along the fifth rank, down the e-file, and back along
    // the second rank to a2, which the king crossed on its way up.
    assert_eq!(
        moves("W:WKa1:Ba3,c5,e3,c2"),
        ["a1xa5xe5xe2xa2", "a1xa5xe5xe2xb2"]
    );
}

#[test]
fn a_king_that_ends_its_capture_where_it_began_is_one_move_however_it_went_round() {
    let text = "W:WKa1:Ba3,c5,e3,Kc1";
    // Either way round takes the same four pieces back to a1: one move, listed once.
    assert_eq!(
        moves(text),
        ["a1xa5xe5xe1xa1", "a1xa5xe5xe1xb1", "a1xe1xe5xa5xa2"]
    );
    let b = board(text);
    let round = notation::read(&b, "a1xa5xe5xe1xa1").unwrap();
    assert_eq!(notation::read(&b, "a1:e1:e5:a5:a1"), Ok(round));
    assert_eq!(notation::read(&b, "a1xa1"), Ok(round), "the short form");
    let record = Dama::record(&b, round);
    assert_eq!(Dama::replay(&b, &record.code), Some(round));
    let mut after = b;
    Dama::play(&mut after, round);
    assert_eq!(notation::write_position(&after), "B:WKa1:B");
}

#[test]
fn a_man_reaching_the_last_rank_in_a_capture_goes_on_as_a_man() {
    // d6 takes d7 and lands on d8, goes on sideways over e8 as a man, and is crowned on f8; a
    // king would have gone on down the f-file over f5.
    let text = "W:Wd6:Bd7,e8,f5";
    assert_eq!(moves(text), ["d6xd8xf8"]);
    let b = board(text);
    let m = notation::read(&b, "d6xd8xf8=K").unwrap();
    assert!(b.route(&m).crowned);
    let mut after = b;
    Dama::play(&mut after, m);
    assert_eq!(notation::write_position(&after), "B:WKf8:Bf5");
}

#[test]
fn a_man_moves_forward_or_sideways_and_a_king_any_distance() {
    assert_eq!(moves("W:Wd4:Bh8"), ["d4-c4", "d4-d5", "d4-e4"]);
    assert_eq!(moves("B:Wa1:Bd5"), ["d5-c5", "d5-d4", "d5-e5"]);
    assert_eq!(moves("W:WKa1,Kb2:Bh8").len(), 7 + 7 + 14);
}

#[test]
fn a_position_text_that_is_no_position_is_refused_with_its_reason() {
    use domain::game::SetUpError::Invalid;
    for (text, why) in [
        ("X:Wa2:Bh7", "dama-position-unreadable"),
        ("W:Wa2,a2:Bh7", "dama-position-square-twice"),
        ("W:Wa9:Bh7", "dama-position-unreadable"),
        ("W:Wa8:Bh7", "dama-position-man-on-last-rank"),
        ("W:Wa2:Ba1", "dama-position-man-on-last-rank"),
    ] {
        assert_eq!(
            notation::read_position(text).err(),
            Some(Invalid(why)),
            "{text}"
        );
    }
    assert!(notation::read_position("W:WKa8:BKa1").is_ok());
}

/// A move as the reference data writes it: what it changes, white.black.kings in hex.
fn change(m: &domain::dama::Move) -> String {
    let d = m.0.delta;
    format!("{:x}.{:x}.{:x}", d.pieces[0], d.pieces[1], d.kings)
}

#[test]
fn random_games_agree_with_kish_at_every_ply() {
    let data = include_str!("data/dama_kish.txt");
    let mut lines = data.lines().filter(|l| !l.starts_with('#'));
    let (mut games, mut plies, mut moves_checked) = (0, 0, 0);
    let mut endings = std::collections::BTreeMap::new();
    while let Some(header) = lines.next() {
        let fields: Vec<&str> = header.split(' ').collect();
        assert_eq!(fields[0], "game", "{header}");
        let hex = |i: usize| u64::from_str_radix(fields[i], 16).unwrap();
        let team = if fields[4] == "w" {
            kish::Team::White
        } else {
            kish::Team::Black
        };
        let mut b = Board {
            inner: kish::Board::new(team, kish::State::new([hex(1), hex(2)], hex(3))),
            quiet_plies: 0,
            move_number: 1,
        };
        games += 1;
        loop {
            let line = lines.next().expect("a game ends");
            if let Some(end) = line.strip_prefix("end ") {
                let expected = match end {
                    "nomoves" => Some(Ending::NoMoves {
                        winner: Dama::turn(&b).opponent(),
                    }),
                    "onepiece" => Some(Ending::OnePieceEach),
                    _ => None,
                };
                assert_eq!(
                    Dama::ending(&b, &()),
                    expected,
                    "game {games}: {}",
                    notation::write_position(&b)
                );
                *endings.entry(end.to_owned()).or_insert(0) += 1;
                break;
            }
            assert_eq!(Dama::ending(&b, &()), None, "game {games} goes on");
            let (theirs, played) = line.split_once(" > ").unwrap();
            let ours = b.moves();
            // Counted without listing (perft's last level), the same moves each once.
            assert_eq!(
                Dama::count_moves(&b),
                ours.len() as u64,
                "game {games}, ply {plies}"
            );
            let mut written: Vec<String> = ours.iter().map(change).collect();
            written.sort();
            assert_eq!(
                written.join(" "),
                theirs,
                "game {games}, ply {plies}: {}",
                notation::write_position(&b)
            );
            // Each move written as the record writes it reads back as itself, by its code and
            // by its text.
            for m in &ours {
                let record = Dama::record(&b, *m);
                assert_eq!(
                    Dama::replay(&b, &record.code),
                    Some(*m),
                    "{}",
                    record.written
                );
                assert_eq!(
                    notation::read(&b, &record.written),
                    Ok(*m),
                    "{}",
                    record.written
                );
                moves_checked += 1;
            }
            let index: usize = played.parse().unwrap();
            let m = *ours.iter().find(|m| change(m) == written[index]).unwrap();
            Dama::play(&mut b, m);
            plies += 1;
        }
    }
    assert_eq!(games, 140);
    assert!(
        plies > 5_000 && moves_checked > 50_000,
        "{plies} plies, {moves_checked} moves"
    );
    assert_eq!(endings.get("nomoves"), Some(&128));
    assert_eq!(endings.get("onepiece"), Some(&12));
}

#[test]
fn a_draw_may_be_claimed_after_twenty_five_moves_each_without_progress() {
    use domain::game::{ClaimKind, Termination};
    let draws = Dama.draws(domain::dama::TUDAF);
    assert!(draws.threefold_claim);
    assert_eq!(draws.no_progress_claim, Some((ClaimKind::NoProgress, 50)));
    assert_eq!(
        draws.automatic_no_progress,
        Some((100, Termination::NoProgress))
    );
    assert_eq!(draws.automatic_repetition, Some(5));
    // A king's quiet move counts; a man's move or a capture starts the count again.
    let mut b = board("W:WKa1,d3:Bh8,e7");
    b.quiet_plies = 7;
    let king = notation::read(&b, "a1-a2").unwrap();
    let mut after = b;
    Dama::play(&mut after, king);
    assert_eq!(after.quiet_plies, 8);
    let man = notation::read(&b, "d3-d4").unwrap();
    let mut after = b;
    Dama::play(&mut after, man);
    assert_eq!(after.quiet_plies, 0);
}
