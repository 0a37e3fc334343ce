//! Tavla in words, for players who play without sight: a play is the dice, then each checker's
//! move with points numbered from the mover's side, as the usual notation numbers them.
//!
//! - English: `six five: thirteen to seven, thirteen to eight`; `bar to twenty-two`,
//!   `six off`, a hit `thirteen to nine hits`, a move made by several checkers
//!   `thirteen to seven twice` (`three times`, `four times`).
//! - German: `sechs fuenf: dreizehn nach sieben, dreizehn nach acht`; `Bar nach
//!   zweiundzwanzig`, `sechs raus`, `dreizehn nach neun schlaegt`, `dreizehn nach sieben
//!   zweimal`.
//! - Turkish, endings after an apostrophe: `altı beş: on üç'ten yedi'ye, on üç'ten sekiz'e`;
//!   a hit checker enters from `kırık` (`kırıktan yirmi iki'ye`), bearing off is collecting
//!   (`altı'dan toplar`), a hit `on üç'ten dokuz'a kırar`, several checkers `iki pul on üç'ten
//!   yedi'ye`.
//!
//! Doubles are written with plain numbers (`altı altı`); reading also takes the traditional
//! Turkish names (`hepyek`, `dubara`, `dü se`, `dört cihar`, `dü beş`, `düşeş`, and `şeş beş`
//! for six-five), and English `double six`. The dice are optional when reading; given, they must
//! be the dice on the board.

mod position;
mod read;

pub use position::position;
pub use read::read;

use super::board::{BAR, OFF};
use super::notation;
use super::table::{Action, Level, Match, Phase, Variant};
use crate::game::dice::Dice;
use crate::game::speech::{turkish_number, Case};
use crate::game::spoken::Tongue;

/// A number in words where it is below a hundred, else in digits (a cube of 128, a score).
pub(super) fn amount(n: u32, tongue: Tongue) -> String {
    if n < 100 {
        tongue.number(n)
    } else {
        n.to_string()
    }
}

/// A throw in words: `six five`, `altı altı`.
pub fn dice(d: Dice, tongue: Tongue) -> String {
    format!(
        "{} {}",
        tongue.number(u32::from(d.first())),
        tongue.number(u32::from(d.second()))
    )
}

/// A throw that leaves its player no legal play: `six five: no play`, `sechs fuenf: kein
/// Zug`, `altı beş: oynanamaz`.
pub fn no_play(d: Dice, tongue: Tongue) -> String {
    let nothing = match tongue {
        Tongue::English => "no play",
        Tongue::German => "kein Zug",
        Tongue::Turkish => "oynanamaz",
    };
    format!("{}: {nothing}", dice(d, tongue))
}

/// One checker move of a spoken play: from a point to a point, hitting there or not, made by
/// `times` checkers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    from: u8,
    to: u8,
    hit: bool,
    times: u8,
}

/// The segments of a play as the usual notation writes it (`24/18*/13 13/7(2)`): each checker's
/// path cut where it hit on the way.
fn segments(usual: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    for token in usual.split(' ') {
        let (path, times) = match token.strip_suffix(')').and_then(|t| t.split_once('(')) {
            Some((path, n)) => (path, n.parse().unwrap_or(1)),
            None => (token, 1),
        };
        let points: Vec<(u8, bool)> = path
            .split('/')
            .map(|p| {
                let (p, hit) = match p.strip_suffix('*') {
                    Some(p) => (p, true),
                    None => (p, false),
                };
                let point = match p {
                    "bar" => BAR,
                    "off" => OFF,
                    p => p.parse().unwrap_or(OFF),
                };
                (point, hit)
            })
            .collect();
        for pair in points.windows(2) {
            out.push(Segment {
                from: pair[0].0,
                to: pair[1].0,
                hit: pair[1].1,
                times,
            });
        }
    }
    out
}

fn segment_words(s: &Segment, tongue: Tongue) -> String {
    let point = |p: u8| tongue.number(u32::from(p));
    match tongue {
        Tongue::English | Tongue::German => {
            let english = tongue == Tongue::English;
            let mut text = match (s.from, s.to) {
                (BAR, to) if english => format!("bar to {}", point(to)),
                (BAR, to) => format!("Bar nach {}", point(to)),
                (from, OFF) if english => format!("{} off", point(from)),
                (from, OFF) => format!("{} raus", point(from)),
                (from, to) if english => format!("{} to {}", point(from), point(to)),
                (from, to) => format!("{} nach {}", point(from), point(to)),
            };
            let times = match (english, s.times) {
                (_, 1) => "",
                (true, 2) => " twice",
                // After a comma: `twenty, three times` is not twenty-three.
                (true, 3) => ", three times",
                (true, _) => ", four times",
                (false, 2) => " zweimal",
                (false, 3) => " dreimal",
                (false, _) => " viermal",
            };
            text.push_str(times);
            if s.hit {
                text.push_str(match (english, s.times > 1) {
                    (true, false) => " hits",
                    (true, true) => ", hits",
                    (false, false) => " schlaegt",
                    (false, true) => ", schlaegt",
                });
            }
            text
        }
        Tongue::Turkish => {
            let mut text = String::new();
            if s.times > 1 {
                text.push_str(&format!("{} pul ", tongue.number(u32::from(s.times))));
            }
            match s.from {
                BAR => text.push_str("kırıktan"),
                from => text.push_str(&turkish_number(u32::from(from), Case::Ablative)),
            }
            match s.to {
                OFF => text.push_str(" toplar"),
                to => {
                    text.push(' ');
                    text.push_str(&turkish_number(u32::from(to), Case::Dative));
                }
            }
            if s.hit {
                text.push_str(" kırar");
            }
            text
        }
    }
}

/// The words of a level a game is resigned at.
pub(super) fn level_words(level: Level, variant: Variant, tongue: Tongue) -> &'static str {
    match (tongue, level, variant) {
        (Tongue::English, Level::Single, _) => "a single game",
        (Tongue::English, Level::Gammon, Variant::Tavla) => "a mars",
        (Tongue::English, Level::Gammon, _) => "a gammon",
        (Tongue::English, Level::Backgammon, _) => "a backgammon",
        (Tongue::German, Level::Single, _) => "einfaches Spiel",
        (Tongue::German, Level::Gammon, Variant::Tavla) => "Mars",
        (Tongue::German, Level::Gammon, _) => "Gammon",
        (Tongue::German, Level::Backgammon, _) => "Backgammon",
        (Tongue::Turkish, Level::Single, _) => "tek oyun",
        (Tongue::Turkish, Level::Gammon, _) => "mars",
        (Tongue::Turkish, Level::Backgammon, _) => "backgammon",
    }
}

/// `action`, a legal action of `pos`, in words.
pub fn spoken(pos: &Match, action: &Action, tongue: Tongue) -> String {
    let words = |en: &str, de: &str, tr: &str| -> String {
        match tongue {
            Tongue::English => en,
            Tongue::German => de,
            Tongue::Turkish => tr,
        }
        .to_owned()
    };
    match action {
        Action::Play { .. } => {
            let usual = notation::write(&pos.board, action.steps());
            let steps: Vec<String> = segments(&usual)
                .iter()
                .map(|s| segment_words(s, tongue))
                .collect();
            match pos.phase {
                Phase::Play(d) => format!("{}: {}", dice(d, tongue), steps.join(", ")),
                _ => steps.join(", "),
            }
        }
        Action::Double => words("double", "verdoppeln", "katla"),
        Action::Take => words("take", "annehmen", "al"),
        Action::Drop => words("drop", "passen", "bırak"),
        Action::Accept => words("accept", "Aufgabe annehmen", "kabul"),
        Action::Decline => words("decline", "Aufgabe ablehnen", "ret"),
        Action::Resign(level) => {
            let level = level_words(*level, pos.variant, tongue);
            match tongue {
                Tongue::English => format!("resign {level}"),
                Tongue::German => format!("aufgeben: {level}"),
                Tongue::Turkish => format!("çekil: {level}"),
            }
        }
    }
}
