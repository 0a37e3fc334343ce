//! Take-away, a game of a few lines: a pile of counters; each turn a player takes one, two or
//! three; whoever takes the last one wins. It proves the games' seam: it is played through the
//! whole service (HTTP, store, pages, mail) by the black-box tests, which build it in with the
//! `take-away` feature; the service built for players does not offer it.

use crate::game::spoken::Tongue;
use crate::game::{
    DrawRules, Ending, MoveCode, MoveRecord, MoveText, ReadError, RuleSet, Rules, SetUpError, Side,
    Winnability,
};

/// The game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TakeAway;

/// The pile: how many counters are left, whose turn it is, and the move's number.
#[derive(Debug, Clone, PartialEq)]
pub struct Pile {
    pub counters: u32,
    pub turn: Side,
    pub number: u32,
}

/// How a player writes how many they take: digits, or words in English or Turkish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    Digits,
    English,
    Turkish,
}

impl Counting {
    fn read(self, text: &str) -> Option<u32> {
        let words: &[&str] = match self {
            Counting::Digits => &["1", "2", "3"],
            Counting::English => &["one", "two", "three"],
            Counting::Turkish => &["bir", "iki", "üç"],
        };
        words.iter().position(|w| *w == text).map(|i| i as u32 + 1)
    }
}

/// A pile from its text: the counters and the side to move, `21 w`.
fn pile(text: &str) -> Option<Pile> {
    let (counters, turn) = text.split_once(' ')?;
    let turn = match turn {
        "w" => Side::White,
        "b" => Side::Black,
        _ => return None,
    };
    Some(Pile {
        counters: counters.parse().ok().filter(|&c| c <= 1000)?,
        turn,
        number: 1,
    })
}

impl Rules for TakeAway {
    type Position = Pile;
    type Move = u32;
    type Notation = Counting;
    type Memo = ();

    fn named(name: &str) -> Option<TakeAway> {
        (name == "take-away").then_some(TakeAway)
    }

    fn name(self) -> &'static str {
        "take-away"
    }

    fn rule_sets(self) -> &'static [RuleSet] {
        const PLAIN: RuleSet = RuleSet::named("plain");
        &[PLAIN]
    }

    fn draws(self, _: RuleSet) -> DrawRules {
        DrawRules {
            threefold_claim: true,
            no_progress_claim: None,
            automatic_repetition: None,
            automatic_no_progress: None,
            wrong_claim_bonus_seconds: 60,
        }
    }

    fn notation_named(self, name: &str) -> Option<Counting> {
        [Counting::Digits, Counting::English, Counting::Turkish]
            .into_iter()
            .find(|c| Self::notation_name(*c) == name)
    }

    fn notations(self) -> Vec<Counting> {
        vec![Counting::Digits, Counting::English, Counting::Turkish]
    }

    fn notation_name(notation: Counting) -> &'static str {
        match notation {
            Counting::Digits => "digits",
            Counting::English => "words_en",
            Counting::Turkish => "words_tr",
        }
    }

    fn legal_moves(pos: &Pile) -> Vec<u32> {
        (1..=pos.counters.min(3)).collect()
    }

    fn set_up_problems(self) -> &'static [&'static str] {
        &["take-away-not-a-pile"]
    }

    fn start(self) -> Pile {
        Pile {
            counters: 21,
            turn: Side::White,
            number: 1,
        }
    }

    fn set_up(self, text: &str) -> Result<(Pile, String), SetUpError> {
        let pos = pile(text).ok_or(SetUpError::Invalid("take-away-not-a-pile"))?;
        if let Some(ending) = Self::ending(&pos, &()) {
            return Err(SetUpError::NotPlayable(ending));
        }
        let text = Self::set_up_text(&pos);
        Ok((pos, text))
    }

    fn stored_set_up(self, text: &str) -> Option<Pile> {
        pile(text)
    }

    fn set_up_text(pos: &Pile) -> String {
        let turn = if pos.turn == Side::White { "w" } else { "b" };
        format!("{} {turn}", pos.counters)
    }

    fn turn(pos: &Pile) -> Side {
        pos.turn
    }

    fn move_number(pos: &Pile) -> u32 {
        pos.number
    }

    fn halfmove_clock(_: &Pile) -> u32 {
        0
    }

    fn read_move(
        pos: &Pile,
        text: &MoveText,
        notation: Option<Counting>,
        preferred: Option<Counting>,
    ) -> Result<u32, ReadError> {
        let tried = match notation {
            Some(n) => vec![n],
            None => preferred
                .into_iter()
                .chain([Counting::Digits, Counting::English, Counting::Turkish])
                .collect(),
        };
        let taken = tried
            .iter()
            .find_map(|n| n.read(text.as_str()))
            .ok_or(ReadError::Unparseable)?;
        if taken > pos.counters {
            return Err(ReadError::Illegal);
        }
        Ok(taken)
    }

    fn spoken(_: &Pile, taken: u32, tongue: Tongue) -> String {
        tongue.number(taken)
    }

    fn spoken_position(pos: &Pile, tongue: Tongue) -> Vec<String> {
        vec![tongue.number(pos.counters.min(99))]
    }

    fn record(_: &Pile, taken: u32) -> MoveRecord {
        MoveRecord {
            code: MoveCode::parse(&format!("t{taken}")).unwrap(),
            written: taken.to_string(),
        }
    }

    fn replay(pos: &Pile, code: &MoveCode) -> Option<u32> {
        let taken: u32 = code.as_str().strip_prefix('t')?.parse().ok()?;
        ((1..=3).contains(&taken) && taken <= pos.counters).then_some(taken)
    }

    fn play(pos: &mut Pile, taken: u32) {
        pos.counters -= taken;
        if pos.turn == Side::Black {
            pos.number += 1;
        }
        pos.turn = pos.turn.opponent();
    }

    fn is_irreversible(_: u32) -> bool {
        true
    }

    fn repetition_key(pos: &Pile) -> u128 {
        u128::from(pos.counters) * 2 + u128::from(pos.turn == Side::Black)
    }

    fn ending(pos: &Pile, _: &()) -> Option<Ending> {
        // The side that took the last counter has won: the other has nothing to take.
        (pos.counters == 0).then_some(Ending::NoMoves {
            winner: pos.turn.opponent(),
        })
    }

    fn ending_may_take_long(_: &Pile, _: &mut ()) -> bool {
        false
    }

    fn winnability(pos: &Pile, side: Side) -> Winnability {
        // With one counter left, the side to move must take it: the other can no longer win.
        match pos.counters {
            0 => Winnability::Unwinnable,
            1 if side != pos.turn => Winnability::Unwinnable,
            _ => Winnability::Winnable,
        }
    }
}
