//! Tavla in words: the bar, bearing off, hits, a move made by several checkers, the cube's
//! decisions and resignations, a throw without a play, and the position.

use domain::game::dice::Dice;
use domain::game::spoken::Tongue;
use domain::game::{MoveText, ReadError, Rules};
use domain::tavla::board::Board;
use domain::tavla::spoken;
use domain::tavla::table::{Action, Level, Match, Phase, BACKGAMMON, TAVLA};
use domain::tavla::{Tavla, TavlaNotation};

/// A match of `rule_set` to five with `board` (the mover's view) and `dice` to play.
fn playing(board: Board, dice: (u8, u8)) -> Match {
    let mut pos = Tavla.start();
    Tavla.prepare(&mut pos, TAVLA, Some(5));
    pos.board = board;
    pos.phase = Phase::Play(Dice::new(dice.0, dice.1).unwrap());
    pos
}

fn usual(pos: &Match, text: &str) -> Action {
    Tavla::read_move(pos, &MoveText::parse(text).unwrap(), None, None).unwrap()
}

fn said(pos: &Match, text: &str) -> [String; 3] {
    let m = usual(pos, text);
    [Tongue::English, Tongue::German, Tongue::Turkish].map(|t| Tavla::spoken(pos, m, t))
}

fn read(pos: &Match, text: &str, tongue: Tongue) -> Result<Action, ReadError> {
    let text = MoveText::parse(text).unwrap();
    Tavla::read_move(pos, &text, Some(TavlaNotation::Spoken(tongue)), None)
}

#[test]
fn the_bar_bearing_off_hits_and_repeats_are_spoken() {
    // From the bar, hitting a blot on the 22.
    let mut b = Board::start();
    b.mine[24] = 1;
    b.mine[25] = 1;
    b.theirs[22] = 1;
    b.theirs[19] -= 1;
    let pos = playing(b, (3, 1));
    assert_eq!(
        said(&pos, "bar/22* 24/23"),
        [
            "three one: bar to twenty-two hits, twenty-four to twenty-three",
            "drei eins: Bar nach zweiundzwanzig schlaegt, vierundzwanzig nach dreiundzwanzig",
            "üç bir: kırıktan yirmi iki'ye kırar, yirmi dört'ten yirmi üç'e"
        ]
    );
    // Bearing off.
    let mut b = Board::start();
    b.mine = [0; 26];
    b.mine[6] = 2;
    b.mine[5] = 1;
    let pos = playing(b, (6, 5));
    assert_eq!(
        said(&pos, "6/off 5/off"),
        [
            "six five: six off, five off",
            "sechs fuenf: sechs raus, fuenf raus",
            "altı beş: altı'dan toplar, beş'ten toplar"
        ]
    );
    // Doubles: a move made by two checkers.
    let pos = playing(Board::start(), (6, 6));
    assert_eq!(
        said(&pos, "24/18(2) 13/7(2)"),
        [
            "six six: twenty-four to eighteen twice, thirteen to seven twice",
            "sechs sechs: vierundzwanzig nach achtzehn zweimal, dreizehn nach sieben zweimal",
            "altı altı: iki pul yirmi dört'ten on sekiz'e, iki pul on üç'ten yedi'ye"
        ]
    );
    for (tongue, text) in [
        (Tongue::English, "twenty-four to eighteen two times, thirteen to seven two times"),
        (Tongue::English, "double six: 24 to 18, 24 to 18, 13 to 7, 13 to 7"),
        (Tongue::German, "vierundzwanzig nach achtzehn, vierundzwanzig nach achtzehn, dreizehn nach sieben zweimal"),
        (Tongue::Turkish, "düşeş: yirmi dört'ten on sekiz'e iki kez, on üç'ten yedi'ye iki kere"),
        (Tongue::Turkish, "24'ten 18'e, 24'ten 18'e, 13'ten 7'ye, 13'ten 7'ye"),
    ] {
        assert_eq!(
            read(&pos, text, tongue),
            Ok(usual(&pos, "24/18(2) 13/7(2)")),
            "{text}"
        );
    }
}

#[test]
fn a_hit_on_the_way_is_spoken_where_it_happens() {
    let mut b = Board::start();
    b.theirs[18] = 1;
    b.theirs[19] -= 1;
    let pos = playing(b, (6, 5));
    let m = usual(&pos, "24/18*/13");
    assert_eq!(
        Tavla::spoken(&pos, m, Tongue::English),
        "six five: twenty-four to eighteen hits, eighteen to thirteen"
    );
    assert_eq!(
        read(
            &pos,
            "twenty-four to eighteen, eighteen to thirteen",
            Tongue::English
        ),
        Ok(m)
    );
    // A hit said where there is no blot names no legal play.
    assert_eq!(
        read(
            &pos,
            "thirteen to seven hits, thirteen to eight",
            Tongue::English
        ),
        Err(ReadError::Illegal)
    );
}

#[test]
fn decisions_are_spoken_and_read_as_the_legal_one() {
    let mut pos = Tavla.start();
    Tavla.prepare(&mut pos, BACKGAMMON, Some(7));
    Tavla::throw(&mut pos, Dice::new(3, 1).unwrap());
    let opening = usual(&pos, "8/5 6/5");
    Tavla::play(&mut pos, opening);
    assert_eq!(pos.phase, Phase::MayDouble);
    let double = Action::Double;
    assert_eq!(Tavla::spoken(&pos, double, Tongue::German), "verdoppeln");
    assert_eq!(Tavla::spoken(&pos, double, Tongue::Turkish), "katla");
    assert_eq!(
        Tavla::spoken(&pos, Action::Resign(Level::Gammon), Tongue::English),
        "resign a gammon"
    );
    assert_eq!(
        Tavla::spoken(&pos, Action::Resign(Level::Single), Tongue::Turkish),
        "çekil: tek oyun"
    );
    assert_eq!(
        read(&pos, "ich gebe auf, Backgammon", Tongue::German),
        Err(ReadError::Unparseable)
    );
    assert_eq!(
        read(&pos, "aufgeben: Backgammon", Tongue::German),
        Ok(Action::Resign(Level::Backgammon))
    );
    Tavla::play(&mut pos, double);
    // Accepting a double is taking it.
    assert_eq!(read(&pos, "annehmen", Tongue::German), Ok(Action::Take));
    assert_eq!(read(&pos, "kabul", Tongue::Turkish), Ok(Action::Take));
    assert_eq!(read(&pos, "passen", Tongue::German), Ok(Action::Drop));
    assert_eq!(
        read(&pos, "katla", Tongue::Turkish),
        Err(ReadError::Illegal)
    );
    let lines = Tavla::spoken_position(&pos, Tongue::English);
    assert_eq!(
        lines[lines.len() - 1],
        "Black doubles to two: White to take or drop"
    );
}

#[test]
fn a_throw_without_a_play_is_spoken() {
    let d = Dice::new(6, 5).unwrap();
    assert_eq!(spoken::no_play(d, Tongue::English), "six five: no play");
    assert_eq!(spoken::no_play(d, Tongue::German), "sechs fuenf: kein Zug");
    assert_eq!(spoken::no_play(d, Tongue::Turkish), "altı beş: oynanamaz");
}

#[test]
fn the_position_is_spoken_by_side_from_each_sides_view() {
    let mut pos = Tavla.start();
    Tavla.prepare(&mut pos, BACKGAMMON, Some(7));
    Tavla::throw(&mut pos, Dice::new(6, 5).unwrap());
    assert_eq!(
        Tavla::spoken_position(&pos, Tongue::English),
        [
            "White: two on twenty-four, five on thirteen, three on eight, five on six",
            "Black: two on twenty-four, five on thirteen, three on eight, five on six",
            "Match to seven: White zero, Black zero",
            "Cube one, in the middle",
            "White to play six five"
        ]
    );
    assert_eq!(
        Tavla::spoken_position(&pos, Tongue::Turkish)[0],
        "Beyaz: yirmi dört'te iki pul, on üç'te beş pul, sekiz'de üç pul, altı'da beş pul"
    );
    assert_eq!(
        Tavla::spoken_position(&pos, Tongue::German)[0],
        "Weiss: zwei auf vierundzwanzig, fuenf auf dreizehn, drei auf acht, fuenf auf sechs"
    );
    let mut b = Board::start();
    b.mine[24] = 0;
    b.mine[25] = 1;
    let mut pos = playing(b, (6, 5));
    pos.board.mine[6] = 4;
    let lines = Tavla::spoken_position(&pos, Tongue::German);
    assert!(
        lines.contains(&"Weiss: einer auf der Bar".to_owned()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Weiss: zwei abgetragen".to_owned()),
        "{lines:?}"
    );
    let lines = Tavla::spoken_position(&pos, Tongue::Turkish);
    assert!(
        lines.contains(&"Beyaz: bir kırık pul".to_owned()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Beyaz: iki pul toplandı".to_owned()),
        "{lines:?}"
    );
}

#[test]
fn every_play_of_a_first_throw_said_point_to_point_reads_as_itself() {
    let en = |n: u32| Tongue::English.number(n);
    // Any throw may be a match's first play (tavla's opening winner throws again), said without
    // the dice, one checker's move at a time: "thirteen to seven, thirteen to eight".
    for a in 1..=6 {
        for b in 1..=a {
            let pos = playing(Board::start(), (a, b));
            let plays = Tavla::legal_moves(&pos).into_iter();
            for play in plays.filter(|m| matches!(m, Action::Play { .. })) {
                let written = pos.action_text(&play);
                let mut said = Vec::new();
                for step in written.split(' ') {
                    let (step, times) = match step.split_once('(') {
                        Some((s, n)) => (s, n.trim_end_matches(')').parse::<usize>().unwrap()),
                        None => (step, 1),
                    };
                    let points: Vec<u32> = step
                        .split('/')
                        .map(|p| p.parse().unwrap_or_else(|_| panic!("{written}")))
                        .collect();
                    for _ in 0..times {
                        for hop in points.windows(2) {
                            said.push(format!("{} to {}", en(hop[0]), en(hop[1])));
                        }
                    }
                }
                let said = said.join(", ");
                assert_eq!(
                    read(&pos, &said, Tongue::English),
                    Ok(play),
                    "{a}-{b}: {written}: {said}"
                );
            }
        }
    }
}
