//! The four games in the load's play: which game each new game is (`--checkers`, `--dama`,
//! `--tavla`, `--mix`), and what a client sends next in a game of checkers, dama or tavla (chess
//! has its own path, with its draw offers, claims and conditional lines).

use domain::game::{Rules, Side};
use domain::games::GameKind;
use domain::tavla::table::Action;
use domain::tavla::Tavla;
use serde_json::{json, Value};

use crate::args::Args;

/// The games the load plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Chess,
    Checkers,
    Dama,
    Tavla,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Chess, Kind::Checkers, Kind::Dama, Kind::Tavla];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Chess => "chess",
            Kind::Checkers => "checkers",
            Kind::Dama => "dama",
            Kind::Tavla => "tavla",
        }
    }

    /// The game the `n`th game made is: of every hundred games, `--tavla` are tavla matches,
    /// `--checkers` checkers and `--dama` dama (a quarter each with `--mix`), spread among them
    /// (37 is prime to 100, and a few games already take every game); the rest chess.
    pub fn of(n: usize, args: &Args) -> Kind {
        let (tavla, checkers, dama) = args.shares();
        let r = n as u64 * 37 % 100;
        if r < tavla {
            Kind::Tavla
        } else if r < tavla + checkers {
            Kind::Checkers
        } else if r < tavla + checkers + dama {
            Kind::Dama
        } else {
            Kind::Chess
        }
    }

    /// The body that makes a game of this kind between `white` and `black` (tavla: a one-point
    /// match; chess under the tablebase rule given, if any).
    pub fn creation(self, white: &str, black: &str, tablebase: Option<&str>) -> Value {
        match self {
            Kind::Chess => match tablebase {
                Some(rule) => json!({"white": white, "black": black, "tablebase": rule}),
                None => json!({"white": white, "black": black}),
            },
            Kind::Tavla => {
                json!({"white": white, "black": black, "game": "tavla", "match_length": 1})
            }
            other => json!({"white": white, "black": black, "game": other.name()}),
        }
    }
}

/// What a client sends next in a game of checkers, dama or tavla.
pub struct Turn {
    /// The player who acts: 0 White, 1 Black.
    pub side: usize,
    /// `moves`, or `throw` for a tavla opening die.
    pub path: &'static str,
    pub body: String,
    /// A move (counted as one), not an opening die.
    pub is_move: bool,
}

/// Sixteen random bytes in hex: a player's entropy for the dice, as a client would send it.
fn entropy(next: &mut impl FnMut() -> u64) -> String {
    format!("{:016x}{:016x}", next(), next())
}

/// A random legal move of `kind` in `position` (the Game's `position`), or while a tavla
/// match's opening awaits the players' dice (`opening`: whether White and Black have thrown, as
/// the Game's `dice.opening` says) the die of a player who has not thrown. Tavla's throws and
/// moves carry the player's entropy. `None` where the position is not readable or nobody can
/// act.
pub fn next_turn(
    kind: Kind,
    position: &str,
    opening: Option<[bool; 2]>,
    next: &mut impl FnMut() -> u64,
) -> Option<Turn> {
    match kind {
        Kind::Tavla => {
            if let Some(thrown) = opening {
                let side = thrown.iter().position(|t| !t)?;
                return Some(Turn {
                    side,
                    path: "throw",
                    body: format!(r#"{{"entropy":"{}"}}"#, entropy(next)),
                    is_move: false,
                });
            }
            let table = Tavla.stored_set_up(position)?;
            let plays: Vec<Action> = table
                .actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Play { .. }))
                .collect();
            if plays.is_empty() {
                return None;
            }
            let play = plays[(next() % plays.len() as u64) as usize];
            // A play is digits, `/`, `*`, `(`, `)`, spaces and `bar`/`off`: written as sent.
            Some(Turn {
                side: usize::from(table.turn() == Side::Black),
                path: "moves",
                body: format!(
                    r#"{{"move":"{}","entropy":"{}"}}"#,
                    table.action_text(&play),
                    entropy(next)
                ),
                is_move: true,
            })
        }
        Kind::Checkers | Kind::Dama => {
            let game = GameKind::named(kind.name())?;
            let pos = game.stored_set_up(position)?;
            let moves = GameKind::legal_moves(&pos);
            if moves.is_empty() {
                return None;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            let text = json!({"move": GameKind::record(&pos, m).written}).to_string();
            Some(Turn {
                side: usize::from(GameKind::turn(&pos) == Side::Black),
                path: "moves",
                body: text,
                is_move: true,
            })
        }
        Kind::Chess => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counter() -> impl FnMut() -> u64 {
        let mut n = 0x2545_f491_4f6c_dd1d_u64;
        move || {
            n ^= n << 13;
            n ^= n >> 7;
            n ^= n << 17;
            n
        }
    }

    #[test]
    fn each_game_of_the_start_has_a_legal_move_its_player_sends() {
        let mut next = counter();
        for kind in [Kind::Checkers, Kind::Dama] {
            let game = GameKind::named(kind.name()).unwrap();
            let start = GameKind::set_up_text(&game.start());
            let turn = next_turn(kind, &start, None, &mut next).unwrap();
            let body: Value = serde_json::from_str(&turn.body).unwrap();
            let pos = game.stored_set_up(&start).unwrap();
            let legal: Vec<String> = GameKind::legal_moves(&pos)
                .into_iter()
                .map(|m| GameKind::record(&pos, m).written)
                .collect();
            assert!(
                legal.contains(&body["move"].as_str().unwrap().to_owned()),
                "{kind:?}"
            );
            let mover = usize::from(GameKind::turn(&pos) == Side::Black);
            assert_eq!((turn.side, turn.path, turn.is_move), (mover, "moves", true));
        }
    }

    #[test]
    fn a_tavla_opening_is_thrown_by_whoever_has_not_thrown() {
        let mut next = counter();
        let start = Tavla::set_up_text(&Tavla.start());
        let turn = next_turn(Kind::Tavla, &start, Some([true, false]), &mut next).unwrap();
        assert_eq!((turn.side, turn.path, turn.is_move), (1, "throw", false));
        let body: Value = serde_json::from_str(&turn.body).unwrap();
        assert_eq!(body["entropy"].as_str().unwrap().len(), 32);
        assert!(next_turn(Kind::Tavla, &start, Some([true, true]), &mut next).is_none());
    }

    #[test]
    fn the_shares_spread_the_games_among_the_kinds() {
        use clap::Parser;
        let args = Args::parse_from(["zarf-load", "--mix"]);
        let mut seen = std::collections::BTreeMap::new();
        for n in 0..100 {
            *seen.entry(Kind::of(n, &args)).or_insert(0) += 1;
        }
        assert_eq!(seen.values().copied().collect::<Vec<_>>(), [25, 25, 25, 25]);
        let args = Args::parse_from(["zarf-load", "--dama", "10"]);
        let dama = (0..100)
            .filter(|n| Kind::of(*n, &args) == Kind::Dama)
            .count();
        assert_eq!(dama, 10);
    }
}
