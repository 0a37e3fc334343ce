//! Reading a spoken decision or play: its words as items, the items as the usual notation.

use super::spoken;
use crate::game::speech::{self, Token};
use crate::game::spoken::Tongue;
use crate::game::ReadError;
use crate::tavla::board::{BAR, OFF};
use crate::tavla::table::{Action, Level, Match, Phase};

/// The actions a word (folded) may name; which is meant is the one that is legal.
fn action_word(tongue: Tongue, word: &str) -> Option<&'static [Action]> {
    const DOUBLE: &[Action] = &[Action::Double];
    const TAKE: &[Action] = &[Action::Take];
    const DROP: &[Action] = &[Action::Drop];
    const DECLINE: &[Action] = &[Action::Decline];
    const TAKE_OR_ACCEPT: &[Action] = &[Action::Take, Action::Accept];
    Some(match (tongue, word) {
        (Tongue::English, "double" | "doubles" | "redouble" | "redoubles") => DOUBLE,
        (Tongue::English, "take" | "takes") => TAKE,
        (Tongue::English, "drop" | "drops" | "pass" | "passes") => DROP,
        (Tongue::English, "accept" | "accepts") => TAKE_OR_ACCEPT,
        (Tongue::English, "decline" | "declines" | "reject" | "rejects") => DECLINE,
        (Tongue::German, "verdoppeln" | "verdoppelt" | "doppeln" | "doppelt" | "doppel") => DOUBLE,
        (Tongue::German, "annehmen" | "nimmt" | "angenommen") => TAKE_OR_ACCEPT,
        (Tongue::German, "passen" | "passt" | "abgeben") => DROP,
        (Tongue::German, "ablehnen" | "abgelehnt" | "lehnt") => DECLINE,
        (Tongue::Turkish, "katla" | "katlar" | "kat") => DOUBLE,
        (Tongue::Turkish, "al" | "alir") => TAKE,
        (Tongue::Turkish, "birak" | "birakir") => DROP,
        (Tongue::Turkish, "kabul") => TAKE_OR_ACCEPT,
        (Tongue::Turkish, "ret" | "red" | "reddet" | "reddeder") => DECLINE,
        _ => return None,
    })
}

/// Words that may stand in a spoken decision without naming it.
fn decision_filler(tongue: Tongue, word: &str) -> bool {
    let words: &[&str] = match tongue {
        Tongue::English => &["a", "the", "game", "i"],
        Tongue::German => &["ein", "das", "die", "spiel", "an", "ab", "aufgabe", "ich"],
        Tongue::Turkish => &["oyun", "eder", "ediyorum", "oyunla"],
    };
    words.contains(&word)
}

/// The level a word names, where a game is resigned.
fn level_named(word: &str) -> Option<Level> {
    match word {
        "single" | "einfach" | "einfaches" | "tek" | "tekli" => Some(Level::Single),
        "gammon" | "mars" | "marsla" | "gammonla" => Some(Level::Gammon),
        "backgammon" | "backgammonla" => Some(Level::Backgammon),
        _ => None,
    }
}

/// A decision (double, take, drop, resign, accept, decline) in words, if the text is one: the
/// legal actions it names.
fn read_decision(pos: &Match, text: &str, tongue: Tongue) -> Option<Vec<Action>> {
    let words = tongue.words(text);
    let resigns = |w: &str| {
        matches!(
            (tongue, w),
            (Tongue::English, "resign" | "resigns")
                | (Tongue::German, "aufgeben" | "gibt" | "auf")
                | (
                    Tongue::Turkish,
                    "cekil" | "cekilir" | "cekiliyorum" | "teslim"
                )
        )
    };
    let mut named: Vec<Action> = Vec::new();
    if words.iter().any(|w| resigns(w)) {
        let mut level = None;
        for w in &words {
            if resigns(w) || decision_filler(tongue, w) {
                continue;
            }
            match level_named(w) {
                Some(l) if level.is_none() => level = Some(l),
                _ => return None,
            }
        }
        named.push(Action::Resign(level?));
    } else {
        for w in &words {
            if decision_filler(tongue, w) {
                continue;
            }
            named.extend_from_slice(action_word(tongue, w)?);
        }
    }
    if named.is_empty() {
        return None;
    }
    Some(
        pos.actions()
            .into_iter()
            .filter(|a| named.contains(a))
            .collect(),
    )
}

/// A piece of a spoken play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    Place(u8),
    Link,
    Hit,
    /// Checkers making the same move, said after it.
    Times(u8),
    /// Checkers making the same move, said before it (Turkish `iki pul`).
    Checkers(u8),
    Dice(u8, u8),
}

/// The tokens of a spoken play as its items; `None` where a word is none of a play's.
fn items(tongue: Tongue, tokens: &[Token]) -> Option<Vec<Item>> {
    let mut out: Vec<Item> = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let next = tokens.get(k + 1);
        let next_word = match next {
            Some(Token::Word(w)) => Some(w.as_str()),
            _ => None,
        };
        match &tokens[k] {
            Token::Number(n) => {
                let n = u8::try_from(*n).ok()?;
                match (tongue, next_word) {
                    (Tongue::English, Some("times")) | (Tongue::German, Some("mal")) => {
                        out.push(Item::Times(n));
                        k += 1;
                    }
                    (Tongue::Turkish, Some("kez" | "kere" | "defa")) => {
                        out.push(Item::Times(n));
                        k += 1;
                    }
                    (Tongue::Turkish, Some("pul")) => {
                        out.push(Item::Checkers(n));
                        k += 1;
                    }
                    (Tongue::Turkish, Some("cihar")) if n == 4 => {
                        out.push(Item::Dice(4, 4));
                        k += 1;
                    }
                    _ => out.push(Item::Place(n)),
                }
            }
            Token::Word(w) => {
                let w = w.as_str();
                let number_after = match next {
                    Some(Token::Number(n)) => u8::try_from(*n).ok(),
                    _ => None,
                };
                match (tongue, w) {
                    (_, "/") => out.push(Item::Link),
                    (Tongue::English, "to") | (Tongue::German, "nach") => out.push(Item::Link),
                    (Tongue::English, "bar")
                    | (Tongue::German, "bar" | "balken")
                    | (Tongue::Turkish, "kirik" | "bar") => out.push(Item::Place(BAR)),
                    (Tongue::English, "off")
                    | (Tongue::German, "raus" | "hinaus" | "heraus" | "ab" | "abtragen")
                    | (Tongue::Turkish, "toplar" | "topla" | "cikar" | "disari") => {
                        if out.last() != Some(&Item::Link) {
                            out.push(Item::Link);
                        }
                        out.push(Item::Place(OFF));
                    }
                    (Tongue::English, "hits" | "hit" | "hitting")
                    | (Tongue::German, "schlaegt" | "schlagt" | "schlagen")
                    | (Tongue::Turkish, "kirar" | "kirarak" | "vurur" | "vurarak") => {
                        out.push(Item::Hit)
                    }
                    (Tongue::English, "twice") => out.push(Item::Times(2)),
                    (Tongue::English, "thrice") => out.push(Item::Times(3)),
                    (Tongue::German, "zweimal") => out.push(Item::Times(2)),
                    (Tongue::German, "dreimal") => out.push(Item::Times(3)),
                    (Tongue::German, "viermal") => out.push(Item::Times(4)),
                    (Tongue::English, "from" | "the" | "and" | "then" | "on")
                    | (Tongue::German, "von" | "der" | "dem" | "und" | "dann")
                    | (Tongue::Turkish, "ve" | "sonra") => {}
                    // Doubles by name.
                    (Tongue::English, "double") if number_after.is_some() => {
                        let n = number_after?;
                        out.push(Item::Dice(n, n));
                        k += 1;
                    }
                    (Tongue::Turkish, "hepyek") => out.push(Item::Dice(1, 1)),
                    (Tongue::Turkish, "hep") if next_word == Some("yek") => {
                        out.push(Item::Dice(1, 1));
                        k += 1;
                    }
                    (Tongue::Turkish, "dubara") => out.push(Item::Dice(2, 2)),
                    (Tongue::Turkish, "duse") => out.push(Item::Dice(3, 3)),
                    (Tongue::Turkish, "du") if next_word == Some("se") => {
                        out.push(Item::Dice(3, 3));
                        k += 1;
                    }
                    (Tongue::Turkish, "dortcihar") => out.push(Item::Dice(4, 4)),
                    (Tongue::Turkish, "dubes") => out.push(Item::Dice(5, 5)),
                    (Tongue::Turkish, "du") if number_after == Some(5) => {
                        out.push(Item::Dice(5, 5));
                        k += 1;
                    }
                    (Tongue::Turkish, "duses") => out.push(Item::Dice(6, 6)),
                    (Tongue::Turkish, "du") if next_word == Some("ses") => {
                        out.push(Item::Dice(6, 6));
                        k += 1;
                    }
                    (Tongue::Turkish, "sesbes") => out.push(Item::Dice(6, 5)),
                    (Tongue::Turkish, "ses") if number_after == Some(5) => {
                        out.push(Item::Dice(6, 5));
                        k += 1;
                    }
                    _ => return None,
                }
            }
            // A Turkish ablative says where a move starts; a dative where it ends.
            Token::From => out.push(Item::Link),
            Token::To | Token::Break => {}
        }
        k += 1;
    }
    Some(out)
}

/// A spoken play: the dice it names, if any, and its moves in the usual notation.
fn parse_play(items: &[Item]) -> Option<(Option<(u8, u8)>, String)> {
    let mut rest = items;
    let mut dice = None;
    if let [Item::Dice(a, b), tail @ ..] = rest {
        dice = Some((*a, *b));
        rest = tail;
    } else if let [Item::Place(a), Item::Place(b), tail @ ..] = rest {
        // Two numbers before the first move's start are the dice.
        if matches!(
            tail,
            [Item::Place(_), Item::Link, ..] | [Item::Checkers(_), Item::Place(_), Item::Link, ..]
        ) {
            if !(1..=6).contains(a) || !(1..=6).contains(b) {
                return None;
            }
            dice = Some((*a, *b));
            rest = tail;
        }
    }
    let point = |p: u8| match p {
        BAR => "bar".to_owned(),
        OFF => "off".to_owned(),
        p => p.to_string(),
    };
    let mut moves: Vec<String> = Vec::new();
    while !rest.is_empty() {
        let mut checkers = None;
        if let [Item::Checkers(n), tail @ ..] = rest {
            checkers = Some(*n);
            rest = tail;
        }
        let [Item::Place(from), tail @ ..] = rest else {
            return None;
        };
        if *from == OFF {
            return None;
        }
        rest = tail;
        let mut text = point(*from);
        let mut links = 0;
        let mut times = checkers;
        loop {
            match rest {
                [Item::Link, Item::Place(to), tail @ ..] => {
                    text.push('/');
                    text.push_str(&point(*to));
                    links += 1;
                    rest = tail;
                }
                [Item::Hit, tail @ ..] if links > 0 => {
                    if !text.ends_with('*') {
                        text.push('*');
                    }
                    rest = tail;
                }
                [Item::Times(n), tail @ ..] if links > 0 && times.is_none() => {
                    times = Some(*n);
                    rest = tail;
                }
                _ => break,
            }
        }
        if links == 0 {
            return None;
        }
        match times {
            Some(n @ 2..=4) => text.push_str(&format!("({n})")),
            Some(1) | None => {}
            Some(_) => return None,
        }
        moves.push(text);
    }
    if moves.is_empty() {
        return None;
    }
    Some((dice, moves.join(" ")))
}

/// The legal action a spoken text names in `tongue`: a decision, or a play (the dice first if
/// the player says them, then each checker's move).
pub fn read(pos: &Match, text: &str, tongue: Tongue) -> Result<Action, ReadError> {
    let found = match read_decision(pos, text, tongue) {
        Some(found) => found,
        None => {
            let tokens = speech::tokens(tongue, text, &["kirik", "bar"], &|_| false);
            let items = items(tongue, &tokens).ok_or(ReadError::Unparseable)?;
            let (said, usual) = parse_play(&items).ok_or(ReadError::Unparseable)?;
            if let Some((a, b)) = said {
                let thrown = match pos.phase {
                    Phase::Play(d) => (d.first(), d.second()),
                    _ => return Err(ReadError::Illegal),
                };
                if (a, b) != thrown && (b, a) != thrown {
                    return Err(ReadError::Illegal);
                }
            }
            pos.read_action(&usual).ok_or(ReadError::Unparseable)?
        }
    };
    match found[..] {
        [one] => Ok(one),
        [] => Err(ReadError::Illegal),
        _ => Err(ReadError::Ambiguous {
            candidates: found.iter().map(|a| spoken(pos, a, tongue)).collect(),
        }),
    }
}
