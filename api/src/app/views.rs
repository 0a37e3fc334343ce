//! The contract's resources as JSON.

use domain::game::{Clock, Rules, Side, Status, Timestamp};
use domain::games::GameKind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::store::{micros, rfc3339, GameRow};
use domain::games::Game;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct PlayerRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct DrawOfferView {
    /// `white` or `black`.
    pub by: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct ClockView {
    pub white_seconds: i64,
    pub black_seconds: i64,
    pub deadline: Option<String>,
}

/// The moves of a game in SAN, kept as the game keeps them (one string, a line break between
/// moves: a tavla play has spaces) and written as the contract's JSON array: a view lists every move, and a string per
/// move was a good part of what a move request cost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SanList(String);

impl SanList {
    /// The moves in order: the lines as `split_terminator('\n')` gives them. Written out because a
    /// move is a few bytes and the list is walked for every view: `split`'s searcher, set up
    /// afresh for each word, was half the time of writing a view's moves (a profile of the load).
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        let mut rest = self.0.as_str();
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            let end = rest.bytes().position(|b| b == b'\n').unwrap_or(rest.len());
            let (word, tail) = rest.split_at(end);
            rest = tail.strip_prefix('\n').unwrap_or(tail);
            Some(word)
        })
    }

    pub fn len(&self) -> usize {
        self.iter().count()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for SanList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SanList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Moves;
        impl<'de> serde::de::Visitor<'de> for Moves {
            type Value = SanList;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of moves")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<SanList, A::Error> {
                let mut all = String::new();
                while seq.next_element_seed(Word(&mut all))?.is_some() {}
                Ok(SanList(all))
            }
        }
        /// Appends one move to the list, without a string of its own.
        struct Word<'a>(&'a mut String);
        impl<'de> serde::de::DeserializeSeed<'de> for Word<'_> {
            type Value = ();
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
                d.deserialize_str(self)
            }
        }
        impl serde::de::Visitor<'_> for Word<'_> {
            type Value = ();
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a move in SAN")
            }
            fn visit_str<E: serde::de::Error>(self, san: &str) -> Result<(), E> {
                if san.is_empty() || san.contains('\n') {
                    return Err(E::custom("a move is one line"));
                }
                if !self.0.is_empty() {
                    self.0.push('\n');
                }
                self.0.push_str(san);
                Ok(())
            }
        }
        d.deserialize_seq(Moves)
    }
}

/// A game (the contract's Game).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct GameView {
    pub id: String,
    /// The game played, by the name a new game gives it (`chess`, `checkers`, …).
    pub game: String,
    pub white: PlayerRef,
    pub black: PlayerRef,
    /// The rule set, one of the game's (as a new game names it).
    pub rules: String,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// `active`, `adjourned` or `finished`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or null while the game goes on.
    pub result: Option<String>,
    pub termination: Option<String>,
    /// The starting position in the game's position text (chess: FEN; checkers: PDN FEN).
    pub start_position: String,
    /// The position now, in the game's position text.
    pub position: String,
    /// Chess only: the starting position's FEN (as `start_position`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// Chess only: the position's FEN (as `position`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// `white` or `black`.
    pub to_move: String,
    pub ply: usize,
    /// The moves as the record writes them, in the game's written notation (chess: SAN in
    /// English letters, PGN style; checkers: PDN with every landing square of a capture).
    #[schema(value_type = Vec<String>)]
    pub moves: SanList,
    pub draw_offer: Option<DrawOfferView>,
    pub clock: Option<ClockView>,
    /// Number of events in the game's log.
    pub version: u64,
    pub created_at: String,
    pub updated_at: String,
    /// When the clocks start and the first move may be made, if later than the creation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<String>,
    /// The tournament whose round the game is a board of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// The opening of the game's ballot it started from (its moves are the first of `moves`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ballot: Option<BallotView>,
    /// Dama: the moves by each player without progress after which a draw may be claimed, where
    /// the game set its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_progress_moves: Option<u32>,
    /// Tavla: the match's length and score. The cube and the dice on the board are in
    /// `position`'s match ID (GNU Backgammon's).
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub match_score: Option<MatchScoreView>,
    /// A game of dice: the commitment its throws are derived from, and the secret once revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceView>,
    /// The result counts for both players' ratings in this game.
    #[serde(default)]
    pub rated: bool,
    /// Who may read the game: `public`, `signed_in` or `participants` (its players, its
    /// arbiter and the admin).
    #[serde(default = "public")]
    pub visibility: String,
    /// Chess under a tablebase rule (`claim` or `automatic`; absent: `off`): the rule, and the
    /// tables' verdict where they decided the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<TablebaseView>,
    /// Each move in spoken words (one to one with `moves`), where the request named a spoken
    /// notation or the caller speaks their moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spoken: Option<Vec<String>>,
}

/// A game's tablebase rule and the verdict that decided it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct TablebaseView {
    /// `claim` or `automatic`.
    pub rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<VerdictView>,
    /// The side whose claim the tables upheld (none: they ended the game by the rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_by: Option<String>,
}

/// The tables' verdict on the position that ended the game, for the side to move in it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct VerdictView {
    /// `win`, `cursed_win` (won only beyond the fifty-move rule, which the rule suspends),
    /// `draw`, `blessed_loss` or `loss`, for the side to move.
    pub wdl: String,
    /// The side to move in the position the tables ruled on.
    pub to_move: String,
    /// Distance to zeroing (a capture or a pawn move) in plies, as the Syzygy tables count it:
    /// positive winning, negative losing.
    pub dtz: i32,
    /// The tables store the distance rounded: it may be one ply further.
    #[serde(default)]
    pub dtz_rounded: bool,
    /// Pieces on the board, kings included.
    pub pieces: u8,
    /// Which tables said it (their format and a digest of their files' names and sizes).
    pub tables: String,
}

fn tablebase_view(game: &Game) -> Option<TablebaseView> {
    if game.tablebase.is_off() {
        return None;
    }
    Some(TablebaseView {
        rule: game.tablebase.as_str().to_owned(),
        verdict: game.tablebase_verdict.as_ref().map(|v| VerdictView {
            wdl: serde_json::to_value(v.wdl)
                .ok()
                .and_then(|w| w.as_str().map(str::to_owned))
                .unwrap_or_default(),
            // The verdict is recorded after the position it is on: the side to move in it.
            to_move: game.turn().as_str().to_owned(),
            dtz: v.dtz,
            dtz_rounded: v.dtz_rounded,
            pieces: v.pieces,
            tables: v.tables.clone(),
        }),
        claimed_by: game.tablebase_claimed_by.map(|s| s.as_str().to_owned()),
    })
}

fn public() -> String {
    "public".into()
}

/// A match's length and score.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct MatchScoreView {
    /// Points to win the match.
    pub length: u16,
    pub white: u16,
    pub black: u16,
}

/// A game of dice's dice, as anyone can check them (every throw, with the entropy it was
/// derived from, is in the log).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct DiceView {
    /// The derivation (`zarf-dice-v2`; `zarf-dice-v1` for matches begun under it).
    pub scheme: String,
    /// SHA-256 of the secret seed, hex, recorded when the game was created.
    pub commitment: String,
    /// Each player's entropy in force (`zarf-dice-v1` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_entropy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_entropy: Option<String>,
    /// Throws so far (each opening die counted).
    pub throws: usize,
    /// The last throw of two dice.
    pub last: Option<[u8; 2]>,
    /// While the opening awaits the players' own dice: each player's die, once thrown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningView>,
    /// The secret (hex), revealed when the game ended.
    pub seed: Option<String>,
}

/// The opening of a game of a match: each player throws one die (`POST …/throw`); the higher
/// starts, equal dice are thrown again.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct OpeningView {
    pub white: Option<u8>,
    pub black: Option<u8>,
}

/// An opening of a game's ballot (checkers: the three-move ballot) a game started from.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct BallotView {
    /// Its number in the deck, from 1.
    pub number: u16,
    /// Drawn by lot by the service.
    pub by_lot: bool,
}

impl ClockView {
    /// What the clocks show at `now`.
    pub fn at(clock: &Clock, now: Timestamp) -> ClockView {
        let r = clock.reading(now);
        ClockView {
            white_seconds: r.left_us[0].div_euclid(1_000_000),
            black_seconds: r.left_us[1].div_euclid(1_000_000),
            deadline: r.deadline.map(rfc3339),
        }
    }
}

impl GameView {
    /// The Game resource, with the clocks read at `now`.
    pub fn of(game: &Game, now: Timestamp) -> GameView {
        let (result, termination) = match game.status {
            Status::Active | Status::Adjourned => (None, None),
            Status::Finished {
                result,
                termination,
            } => (
                Some(result.as_str().to_owned()),
                Some(termination.as_str().to_owned()),
            ),
        };
        // Each position written once (a view is written for every move); the start's is kept.
        let start_position = game.start_text().to_owned();
        let position = if game.ply() == 0 && game.throws().is_empty() && game.set_up_text.is_none()
        {
            // Before any move, the position is the start (but where dice have been thrown; a
            // start given as text is written again in the rules' own form).
            start_position.clone()
        } else {
            game.position_text()
        };
        // The contract's `fen` fields are a FEN game's (chess) only.
        let fen = game.kind.position_is_fen();
        GameView {
            id: game.id.to_string(),
            game: game.kind.name().to_owned(),
            white: PlayerRef {
                id: game.white.id.to_string(),
                name: game.white.name.clone(),
            },
            black: PlayerRef {
                id: game.black.id.to_string(),
                name: game.black.name.clone(),
            },
            rules: game.rules.as_str().to_owned(),
            event: game.event.clone(),
            round: game.round.clone(),
            site: game.site.clone(),
            status: domain::game::status_name(&game.status).to_owned(),
            result,
            termination,
            start_fen: fen.then(|| start_position.clone()),
            fen: fen.then(|| position.clone()),
            start_position,
            position,
            to_move: game.turn().as_str().to_owned(),
            ply: game.ply(),
            moves: SanList(game.moves_text().to_owned()),
            draw_offer: game.draw_offer.map(|s| DrawOfferView {
                by: s.as_str().to_owned(),
            }),
            clock: game.clock.as_ref().map(|c| ClockView::at(c, now)),
            version: game.version,
            created_at: rfc3339(game.created_at),
            updated_at: rfc3339(game.updated_at),
            starts_at: game.starts_at.map(rfc3339),
            tournament: game.tournament.map(|t| t.tournament.to_string()),
            ballot: game.ballot.as_ref().map(|b| BallotView {
                number: b.number,
                by_lot: b.by_lot,
            }),
            no_progress_moves: game.no_progress_moves,
            match_score: GameKind::match_score(game.position()).map(|m| MatchScoreView {
                length: m.length,
                white: m.white,
                black: m.black,
            }),
            dice: game.dice.as_ref().map(|d| dice_view(game, d)),
            rated: game.rated,
            visibility: game.visibility.as_str().to_owned(),
            tablebase: tablebase_view(game),
            spoken: None,
        }
    }

    /// The projection row that lists this game.
    pub fn row(&self, game: &Game) -> GameRow {
        let to_move_id = game
            .is_live()
            .then(|| game.participant(game.turn()).id.to_string());
        GameRow {
            id: self.id.clone(),
            white_id: self.white.id.clone(),
            black_id: self.black.id.clone(),
            organiser_id: game.organiser.map(|o| o.to_string()),
            status: self.status.clone(),
            to_move: self.to_move.clone(),
            to_move_id,
            deadline: game
                .clock
                .as_ref()
                .filter(|_| game.is_live())
                .and_then(|c| c.deadline())
                .map(micros),
            result: self.result.clone(),
            termination: self.termination.clone(),
            last_seq: game.version as i64,
            created_at: micros(game.created_at),
            updated_at: micros(game.updated_at),
            view: serde_json::to_string(self).expect("a view serialises"),
            clock_state: game
                .clock
                .as_ref()
                .filter(|_| game.is_live())
                .map(|c| serde_json::to_string(c).expect("a clock serialises")),
            claimed_until: None,
            resume_deadline: game
                .adjournment
                .as_ref()
                .filter(|_| game.is_live())
                .map(|a| micros(a.resume_at + time::Duration::hours(1))),
            game: self.game.clone(),
            rated: game.rated,
            visibility: game.visibility.as_str().to_owned(),
            reminder_at: game
                .clock
                .as_ref()
                .filter(|_| game.is_live())
                .and_then(|c| c.next_reminder(game.updated_at))
                .map(|(_, at)| micros(at)),
        }
    }

    /// Whether a projection row's stored view is the game as it is at any later time: no clock
    /// runs in it (finished, or no time control), so it can be served as it was stored.
    pub fn stored_is_current(row: &GameRow) -> bool {
        row.clock_state.is_none() || !matches!(row.status.as_str(), "active" | "adjourned")
    }

    /// The stored view of a projection row with its clocks read at `now`, and whether the
    /// running side's flag has fallen by then (the game must be flagged before it is shown).
    pub fn fresh(row: &GameRow, now: Timestamp) -> Result<(GameView, bool), serde_json::Error> {
        let mut view: GameView = serde_json::from_str(&row.view)?;
        let mut flagged = false;
        if let (Some(state), "active" | "adjourned") = (&row.clock_state, row.status.as_str()) {
            let clock: Clock = serde_json::from_str(state)?;
            view.clock = Some(ClockView::at(&clock, now));
            flagged = clock.flagged(now).is_some();
        }
        Ok((view, flagged))
    }

    pub fn side_of(&self, player_id: &str) -> Option<Side> {
        if self.white.id == player_id {
            Some(Side::White)
        } else if self.black.id == player_id {
            Some(Side::Black)
        } else {
            None
        }
    }
}

/// The dice of `game`, a game of dice committed to `d`.
fn dice_view(game: &Game, d: &domain::game::dice::DiceCommitment) -> DiceView {
    let (white_entropy, black_entropy) = if d.is_v1() {
        let of = |side| Some(game.entropy_of(side).to_owned());
        (of(Side::White), of(Side::Black))
    } else {
        (None, None)
    };
    let opening = (!d.is_v1()
        && game.is_live()
        && GameKind::awaits_throw(game.position()) == domain::game::Throwing::Opening)
        .then(|| {
            let die = |side| {
                game.opening_die()
                    .filter(|(s, _)| *s == side)
                    .map(|(_, f)| f)
            };
            OpeningView {
                white: die(Side::White),
                black: die(Side::Black),
            }
        });
    DiceView {
        scheme: d.scheme.clone(),
        commitment: d.commitment.clone(),
        white_entropy,
        black_entropy,
        throws: game.thrown().len(),
        last: game.throws().last().map(|(_, d)| [d.first(), d.second()]),
        opening,
        seed: game.revealed_seed.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::SanList;

    fn moves(json: &str) -> Result<SanList, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn the_moves_are_a_json_array_of_san_both_ways() {
        let list = moves(r#"["e4","e5","Nf3","Nc6","Bb5","a6"]"#).unwrap();
        assert_eq!(list.len(), 6);
        assert_eq!(
            list.iter().collect::<Vec<_>>(),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
        );
        assert_eq!(
            serde_json::to_string(&list).unwrap(),
            r#"["e4","e5","Nf3","Nc6","Bb5","a6"]"#
        );
        // Escapes are read as what they stand for.
        assert_eq!(
            moves(r#"["e\u0034"]"#).unwrap().iter().collect::<Vec<_>>(),
            ["e4"]
        );
    }

    #[test]
    fn no_moves_is_an_empty_array() {
        let list = moves("[]").unwrap();
        assert!(list.is_empty());
        assert_eq!(list.len(), 0);
        assert_eq!(list.iter().count(), 0);
        assert_eq!(serde_json::to_string(&list).unwrap(), "[]");
        assert_eq!(serde_json::to_string(&SanList::default()).unwrap(), "[]");
    }

    #[test]
    fn the_moves_are_the_lines_split_terminator_gives() {
        for all in [
            "",
            "e4",
            "e4\n",
            "e4\ne5",
            "e4\ne5\nNf3",
            "\ne4",
            "e4\n\ne5",
            "\n\n",
            "O-O-O\ne8=Q+\nRxa1#",
            "24/18 13/11\ndouble\nbar/22 6/1*",
        ] {
            assert_eq!(
                SanList(all.to_owned()).iter().collect::<Vec<_>>(),
                all.split_terminator('\n').collect::<Vec<_>>(),
                "{all:?}"
            );
        }
    }

    #[test]
    fn a_move_is_one_line() {
        for bad in [r#"["e4\ne5"]"#, r#"[""]"#, r#"["e4",1]"#, r#""e4""#, "null"] {
            assert!(moves(bad).is_err(), "{bad}");
        }
    }
}
