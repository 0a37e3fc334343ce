//! Moves in words read back as themselves: for the positions of the draughts games' own tests
//! and thousands more from random games out of the start (a seeded generator, so the same every
//! run), every legal move of checkers, dama and tavla (of a tavla position with more than
//! twenty-four actions, twenty-four drawn at random) is spoken in German, Turkish and English,
//! and read back with the spoken notation named and with none.

use domain::checkers::{self, Checkers};
use domain::dama::{self, Dama};
use domain::game::dice::Dice;
use domain::game::spoken::Tongue;
use domain::game::{MoveText, ReadError, Rules, Throwing};
use domain::tavla::table::{Action, BACKGAMMON, TAVLA};
use domain::tavla::{Tavla, TavlaNotation};

/// A small seeded generator (xorshift64*), enough to pick moves and dice.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every legal move of `pos` spoken in every tongue reads back as itself, in the spoken notation
/// of its tongue and with none. Returns the longest text spoken.
fn round_trip<R: Rules>(
    pos: &R::Position,
    spoken: impl Fn(Tongue) -> R::Notation,
    moves: &[R::Move],
) -> usize {
    let mut longest = 0;
    for &m in moves {
        for tongue in Tongue::ALL {
            let said = R::spoken(pos, m, tongue);
            longest = longest.max(said.chars().count());
            let text = MoveText::parse(&said).unwrap_or_else(|e| panic!("{said}: {e}"));
            assert_eq!(
                R::read_move(pos, &text, Some(spoken(tongue)), None),
                Ok(m),
                "{said} ({tongue}) in {}",
                R::set_up_text(pos)
            );
            assert_eq!(
                R::read_move(pos, &text, None, None),
                Ok(m),
                "{said} (no notation) in {}",
                R::set_up_text(pos)
            );
        }
    }
    longest
}

fn every_move<R: Rules>(pos: &R::Position, spoken: impl Fn(Tongue) -> R::Notation) -> usize {
    round_trip::<R>(pos, spoken, &R::legal_moves(pos))
}

/// Random games from the start of a board game: every position on the way, `games` games of at
/// most `plies` plies.
fn board_game_positions<R: Rules>(
    game: R,
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<R::Position> {
    let mut rng = Rng(seed);
    let mut all = Vec::new();
    for _ in 0..games {
        let mut pos = game.start();
        for _ in 0..plies {
            let moves = R::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            all.push(pos.clone());
            let m = moves[rng.below(moves.len())];
            R::play(&mut pos, m);
        }
    }
    all
}

#[test]
fn every_checkers_move_spoken_reads_back_as_itself() {
    let mut positions: Vec<checkers::Board> = [
        "B:W21-32:B1-12",
        "B:W10,18,K30:B6",
        "B:W26,27:B22",
        "W:W22:B18,10,K3",
        "W:W5:B20",
        "W:WK26,9:B1",
        "W:WK26:B14,15,22,23",
        "B:WK30,21:BK3,9",
        "W:WK2:BK30",
    ]
    .iter()
    .map(|fen| checkers::notation::read_position(fen).unwrap())
    .collect();
    positions.extend(board_game_positions(Checkers, 60, 120, 0x00c0_ffee));
    assert!(positions.len() > 3000, "{}", positions.len());
    let mut longest = 0;
    for pos in &positions {
        longest = longest.max(every_move::<Checkers>(pos, checkers::Notation::Spoken));
    }
    assert!(longest <= MoveText::MAX_CHARS);
}

#[test]
fn every_dama_move_spoken_reads_back_as_itself() {
    let mut positions: Vec<dama::Board> = [
        "B:Wa2,Kd5:Bh7",
        "B:Wd4:Bh7",
        "W:WKa1,d3:Bh8,e7",
        "W:Wb3:Bc3,d4,a7",
        "W:Wc7:Ba3,h5",
        "W:Wd4:Bd6,e6",
        "B:Wa1:Bd5",
        "W:WKa1,Kb2:Bh8",
        "W:WKa1:Ba3,c5",
        "W:WKa1:Ba3,c5,e3,c2",
        "W:WKd4:Bd6,d2",
        "W:Wd4:Bd5,e4,f5",
    ]
    .iter()
    .map(|text| dama::notation::read_position(text).unwrap())
    .collect();
    positions.extend(board_game_positions(Dama, 70, 150, 0x0da3_a000));
    assert!(positions.len() > 3000, "{}", positions.len());
    for pos in &positions {
        every_move::<Dama>(pos, dama::Notation::Spoken);
    }
}

/// Random matches of both rule sets: every position where a player acts, with the moves to
/// check (every play of a throw, and every decision).
fn tavla_positions(matches: usize, seed: u64) -> Vec<domain::tavla::table::Match> {
    let mut rng = Rng(seed);
    let mut all = Vec::new();
    for i in 0..matches {
        let rule_set = if i % 2 == 0 { BACKGAMMON } else { TAVLA };
        let mut pos = Tavla.start();
        Tavla.prepare(&mut pos, rule_set, Some(3));
        for _ in 0..400 {
            if Tavla::ending(&pos, &()).is_some() {
                break;
            }
            match Tavla::awaits_throw(&pos) {
                Throwing::Opening | Throwing::Now => {
                    let a = (rng.below(6) + 1) as u8;
                    let b = (rng.below(6) + 1) as u8;
                    Tavla::throw(&mut pos, Dice::new(a, b).unwrap());
                    continue;
                }
                Throwing::WhenAsked if rng.below(8) != 0 => {
                    let a = (rng.below(6) + 1) as u8;
                    let b = (rng.below(6) + 1) as u8;
                    Tavla::throw(&mut pos, Dice::new(a, b).unwrap());
                    continue;
                }
                _ => {}
            }
            let actions = Tavla::legal_moves(&pos);
            all.push(pos.clone());
            // Plays mostly; a resignation now and then.
            let plays: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Play { .. }))
                .collect();
            let pick = if !plays.is_empty() && rng.below(40) != 0 {
                plays[rng.below(plays.len())]
            } else {
                actions[rng.below(actions.len())]
            };
            Tavla::play(&mut pos, pick);
        }
    }
    all
}

#[test]
fn every_tavla_action_spoken_reads_back_as_itself() {
    let positions = tavla_positions(40, 0x7a71_a000);
    assert!(positions.len() > 3000, "{}", positions.len());
    let mut longest = 0;
    let mut rng = Rng(0x5eed);
    for pos in &positions {
        // Reading a play looks through every play of the throw, so the test's time is the
        // square of the plays: where there are more than twenty-four, twenty-four drawn at
        // random are checked.
        let mut moves = Tavla::legal_moves(pos);
        while moves.len() > 24 {
            moves.swap_remove(rng.below(moves.len()));
        }
        longest = longest.max(round_trip::<Tavla>(pos, TavlaNotation::Spoken, &moves));
    }
    assert!(longest <= MoveText::MAX_CHARS);
}

#[test]
fn a_spoken_play_is_read_with_or_without_its_dice_and_in_any_form() {
    let mut pos = Tavla.start();
    Tavla.prepare(&mut pos, TAVLA, Some(5));
    Tavla::throw(&mut pos, Dice::new(6, 5).unwrap());
    Tavla::throw(&mut pos, Dice::new(6, 5).unwrap());
    let usual =
        |text: &str| Tavla::read_move(&pos, &MoveText::parse(text).unwrap(), None, None).unwrap();
    let m = usual("13/7 13/8");
    assert_eq!(
        Tavla::spoken(&pos, m, Tongue::English),
        "six five: thirteen to eight, thirteen to seven"
    );
    assert_eq!(
        Tavla::spoken(&pos, m, Tongue::Turkish),
        "altı beş: on üç'ten sekiz'e, on üç'ten yedi'ye"
    );
    assert_eq!(
        Tavla::spoken(&pos, m, Tongue::German),
        "sechs fuenf: dreizehn nach acht, dreizehn nach sieben"
    );
    for (tongue, text) in [
        (Tongue::English, "thirteen to eight, thirteen to seven"),
        (Tongue::English, "from 13 to 7 from 13 to 8"),
        (Tongue::English, "five six: 13 to 7, 13 to 8"),
        (Tongue::Turkish, "on uc ten yediye on uc ten sekize"),
        (Tongue::Turkish, "13'ten 7'ye, 13'ten 8'e"),
        (Tongue::Turkish, "şeş beş: onüçten yediye, onüçten sekize"),
        (Tongue::German, "dreizehn nach sieben, dreizehn nach acht"),
    ] {
        let text = MoveText::parse(text).unwrap();
        let spoken = Some(TavlaNotation::Spoken(tongue));
        assert_eq!(Tavla::read_move(&pos, &text, spoken, None), Ok(m), "{text}");
        assert_eq!(Tavla::read_move(&pos, &text, None, None), Ok(m), "{text}");
    }
    // Dice said must be the dice thrown.
    let wrong = MoveText::parse("six four: thirteen to seven, thirteen to eight").unwrap();
    assert_eq!(
        Tavla::read_move(&pos, &wrong, None, None),
        Err(ReadError::Illegal)
    );
}

#[test]
fn the_traditional_names_of_doubles_are_read_in_turkish() {
    for (name, die, text) in [
        (
            "hepyek",
            1,
            "altı'dan beş'e, altı'dan beş'e, sekiz'den yedi'ye, sekiz'den yedi'ye",
        ),
        (
            "dubara",
            2,
            "iki pul altı'dan dört'e, iki pul sekiz'den altı'ya",
        ),
        ("dü se", 3, "iki pul sekiz'den beş'e, iki pul altı'dan üç'e"),
        (
            "dört cihar",
            4,
            "iki pul yirmi dört'ten yirmi'ye, iki pul on üç'ten dokuz'a",
        ),
        ("dübeş", 5, "iki pul on üç'ten üç'e"),
        ("dü beş", 5, "iki pul on üç'ten üç'e"),
        (
            "düşeş",
            6,
            "iki pul yirmi dört'ten on sekiz'e, iki pul on üç'ten yedi'ye",
        ),
    ] {
        let mut pos = Tavla.start();
        Tavla.prepare(&mut pos, TAVLA, Some(5));
        Tavla::throw(&mut pos, Dice::new(6, 5).unwrap());
        Tavla::throw(&mut pos, Dice::new(die, die).unwrap());
        let plain = MoveText::parse(text).unwrap();
        let m = Tavla::read_move(&pos, &plain, None, None)
            .unwrap_or_else(|e| panic!("{name} {text} {e:?} {:?}", pos.phase));
        let named = MoveText::parse(&format!("{name}: {text}")).unwrap();
        let tr = Some(TavlaNotation::Spoken(Tongue::Turkish));
        assert_eq!(Tavla::read_move(&pos, &named, tr, None), Ok(m), "{name}");
        assert_eq!(Tavla::read_move(&pos, &named, None, None), Ok(m), "{name}");
        let said = Tavla::spoken(&pos, m, Tongue::Turkish);
        let plain_die = Tongue::Turkish.number(u32::from(die));
        assert!(
            said.starts_with(&format!("{plain_die} {plain_die}: ")),
            "{said}"
        );
    }
}
