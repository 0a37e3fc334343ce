//! A match's position in words.

use super::{amount, dice, level_words};
use crate::game::speech::{self, turkish_number, Case};
use crate::game::spoken::Tongue;
use crate::game::Side;
use crate::tavla::board::BAR;
use crate::tavla::table::{Crawford, Match, Phase};

/// How many checkers, as a count: German `einer` for one.
fn checkers(n: u8, tongue: Tongue) -> String {
    match (tongue, n) {
        (Tongue::German, 1) => "einer".to_owned(),
        _ => tongue.number(u32::from(n)),
    }
}

/// The position in words: each side's checkers by point from its own side, on the bar and
/// borne off; the score, the cube, and what happens next.
pub fn position(pos: &Match, tongue: Tongue) -> Vec<String> {
    let mut lines = Vec::new();
    for side in [Side::White, Side::Black] {
        let name = speech::side_name(side, tongue);
        let board = pos.board_of(side);
        let on_points: Vec<String> = (1..=24u8)
            .rev()
            .filter(|&p| board.mine[usize::from(p)] > 0)
            .map(|p| {
                let n = board.mine[usize::from(p)];
                let count = checkers(n, tongue);
                let at = tongue.number(u32::from(p));
                match tongue {
                    Tongue::English => format!("{count} on {at}"),
                    Tongue::German => format!("{count} auf {at}"),
                    Tongue::Turkish => {
                        format!(
                            "{} {count} pul",
                            turkish_number(u32::from(p), Case::Locative)
                        )
                    }
                }
            })
            .collect();
        if !on_points.is_empty() {
            lines.push(format!("{name}: {}", on_points.join(", ")));
        }
        let bar = board.mine[usize::from(BAR)];
        if bar > 0 {
            let count = checkers(bar, tongue);
            lines.push(match tongue {
                Tongue::English => format!("{name}: {count} on the bar"),
                Tongue::German => format!("{name}: {count} auf der Bar"),
                Tongue::Turkish => format!("{name}: {count} kırık pul"),
            });
        }
        let off = board.off();
        if off > 0 {
            let count = checkers(off, tongue);
            lines.push(match tongue {
                Tongue::English => format!("{name}: {count} borne off"),
                Tongue::German => format!("{name}: {count} abgetragen"),
                Tongue::Turkish => format!("{name}: {count} pul toplandı"),
            });
        }
    }
    let score = |side: Side| amount(u32::from(pos.score_of(side)), tongue);
    let (white, black) = (
        speech::side_name(Side::White, tongue),
        speech::side_name(Side::Black, tongue),
    );
    let length = amount(u32::from(pos.length), tongue);
    lines.push(match tongue {
        Tongue::English => format!(
            "Match to {length}: {white} {}, {black} {}",
            score(Side::White),
            score(Side::Black)
        ),
        Tongue::German => format!(
            "Match auf {length}: {white} {}, {black} {}",
            score(Side::White),
            score(Side::Black)
        ),
        Tongue::Turkish => format!(
            "{length} sayılık maç: {white} {}, {black} {}",
            score(Side::White),
            score(Side::Black)
        ),
    });
    if pos.variant.cube() {
        let value = amount(u32::from(pos.cube), tongue);
        lines.push(match (tongue, pos.cube_owner) {
            (Tongue::English, None) => format!("Cube {value}, in the middle"),
            (Tongue::English, Some(o)) => {
                format!("Cube {value}, owned by {}", speech::side_name(o, tongue))
            }
            (Tongue::German, None) => format!("Doppelwuerfel {value}, in der Mitte"),
            (Tongue::German, Some(o)) => {
                format!(
                    "Doppelwuerfel {value}, bei {}",
                    speech::side_name(o, tongue)
                )
            }
            (Tongue::Turkish, None) => format!("Katlama zarı {value}, ortada"),
            (Tongue::Turkish, Some(o)) => {
                format!(
                    "Katlama zarı {value}, sahibi {}",
                    speech::side_name(o, tongue)
                )
            }
        });
        if pos.crawford == Crawford::ThisGame {
            lines.push(
                match tongue {
                    Tongue::English => "Crawford game",
                    Tongue::German => "Crawford-Spiel",
                    Tongue::Turkish => "Crawford oyunu",
                }
                .to_owned(),
            );
        }
    }
    lines.push(next(pos, tongue));
    lines
}

/// What happens next at the table, in words.
fn next(pos: &Match, tongue: Tongue) -> String {
    let roller = speech::side_name(pos.on_roll, tongue);
    let other = speech::side_name(pos.on_roll.opponent(), tongue);
    match pos.phase {
        Phase::Opening => match tongue {
            Tongue::English => "Opening throw: each side throws one die".to_owned(),
            Tongue::German => "Eroeffnungswurf: jede Seite wirft einen Wuerfel".to_owned(),
            Tongue::Turkish => "Başlangıç: iki taraf birer zar atar".to_owned(),
        },
        Phase::Roll => match tongue {
            Tongue::English => format!("{roller} to throw"),
            Tongue::German => format!("{roller} wuerfelt"),
            Tongue::Turkish => format!("{roller} zar atar"),
        },
        Phase::MayDouble => match tongue {
            Tongue::English => format!("{roller} to double or throw"),
            Tongue::German => format!("{roller} verdoppelt oder wuerfelt"),
            Tongue::Turkish => format!("{roller} katlar ya da zar atar"),
        },
        Phase::Play(d) => match tongue {
            Tongue::English => format!("{roller} to play {}", dice(d, tongue)),
            Tongue::German => format!("{roller} spielt {}", dice(d, tongue)),
            Tongue::Turkish => format!("{roller} oynar: {}", dice(d, tongue)),
        },
        Phase::Doubled => {
            let value = amount(u32::from(pos.cube) * 2, tongue);
            match tongue {
                Tongue::English => {
                    format!("{roller} doubles to {value}: {other} to take or drop")
                }
                Tongue::German => {
                    format!("{roller} verdoppelt auf {value}: {other} nimmt an oder passt")
                }
                Tongue::Turkish => {
                    format!("{roller} katladı, {value}: {other} alır ya da bırakır")
                }
            }
        }
        Phase::Resigning { level, .. } => {
            let level = level_words(level, pos.variant, tongue);
            match tongue {
                Tongue::English => {
                    format!("{roller} offers to resign {level}: {other} to accept or decline")
                }
                Tongue::German => {
                    format!("{roller} bietet Aufgabe an, {level}: {other} nimmt an oder lehnt ab")
                }
                Tongue::Turkish => {
                    format!("{roller} çekilmek istiyor, {level}: {other} kabul ya da ret")
                }
            }
        }
        Phase::Over => {
            let winner = speech::side_name(pos.winner().unwrap_or(pos.on_roll), tongue);
            match tongue {
                Tongue::English => format!("{winner} has won the match"),
                Tongue::German => format!("{winner} hat das Match gewonnen"),
                Tongue::Turkish => format!("{winner} maçı kazandı"),
            }
        }
    }
}
