//! Tavla and backgammon, played as matches to a number of points: the rules behind the game
//! core's seam. The position is the whole match ([`table::Match`]); a move is a play of the
//! dice or a decision (double, take, drop, resign a game at a level, accept, decline); the dice
//! come from the core, thrown from the game's committed secret.
//!
//! Two rule sets: `tavla` (no cube; a win 1 point, mars 2; the opening's higher die starts and
//! throws again; the winner of a game starts the next) and `backgammon` (the cube, gammon 2 and
//! backgammon 3 times it, the Crawford rule, the opening throw played, an opening throw every
//! game).

pub mod board;
pub mod mat;
pub mod match_id;
pub mod notation;
pub mod position_id;
pub mod spoken;
pub mod table;

use crate::game::dice::Dice;
use crate::game::speech;
use crate::game::spoken::Tongue;
use crate::game::{
    DrawRules, Ending, Features, Happening, MatchLengths, MatchScore, MoveCode, MoveRecord,
    MoveText, ReadError, RecordFormat, RecordHead, RuleSet, Rules, SetUpError, Side, Throwing,
    Winnability,
};
use table::{Action, Match, Phase, Variant, BACKGAMMON, TAVLA};

/// The game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tavla;

/// How plays are written: point numbers from the mover's side, or spoken in words
/// ([`spoken`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TavlaNotation {
    Points,
    Spoken(Tongue),
}

impl TavlaNotation {
    /// Every notation, the standard one first.
    pub const ALL: [TavlaNotation; 4] = [
        TavlaNotation::Points,
        TavlaNotation::Spoken(Tongue::German),
        TavlaNotation::Spoken(Tongue::Turkish),
        TavlaNotation::Spoken(Tongue::English),
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            TavlaNotation::Points => "points",
            TavlaNotation::Spoken(tongue) => speech::notation_name(tongue),
        }
    }
}

/// The longest match a game may be created to.
pub const MAX_MATCH_LENGTH: u16 = 99;

impl Rules for Tavla {
    type Position = Match;
    type Move = Action;
    type Notation = TavlaNotation;
    type Memo = ();

    fn named(name: &str) -> Option<Tavla> {
        (name == "tavla").then_some(Tavla)
    }

    fn name(self) -> &'static str {
        "tavla"
    }

    fn rule_sets(self) -> &'static [RuleSet] {
        &[TAVLA, BACKGAMMON]
    }

    fn draws(self, _: RuleSet) -> DrawRules {
        DrawRules {
            threefold_claim: false,
            no_progress_claim: None,
            automatic_repetition: None,
            automatic_no_progress: None,
            wrong_claim_bonus_seconds: 0,
        }
    }

    fn features(self) -> Features {
        Features::DICE_GAME
    }

    fn record_format(self) -> RecordFormat {
        RecordFormat {
            game_type: None,
            set_up_tag: false,
            own: Some(("match.mat", "text/plain")),
        }
    }

    fn own_record(
        start: &Match,
        happened: &[Happening<Action>],
        head: &RecordHead,
    ) -> Option<String> {
        Some(mat::write(start, happened, head))
    }

    fn match_lengths(self, rule_set: RuleSet) -> Option<MatchLengths> {
        Some(MatchLengths {
            default: Variant::of(rule_set).default_length(),
            max: MAX_MATCH_LENGTH,
        })
    }

    fn prepare(self, pos: &mut Match, rule_set: RuleSet, match_length: Option<u16>) {
        pos.prepare(Variant::of(rule_set), match_length);
    }

    fn notation_named(self, name: &str) -> Option<TavlaNotation> {
        TavlaNotation::ALL.into_iter().find(|n| n.as_str() == name)
    }

    fn notations(self) -> Vec<TavlaNotation> {
        TavlaNotation::ALL.to_vec()
    }

    fn notation_name(notation: TavlaNotation) -> &'static str {
        notation.as_str()
    }

    fn set_up_problems(self) -> &'static [&'static str] {
        &["tavla-not-a-position"]
    }

    fn start(self) -> Match {
        // The length is the creation's, or the rule set's default ([`Rules::prepare`]).
        Match::new(Variant::Tavla, 0)
    }

    fn set_up(self, text: &str) -> Result<(Match, String), SetUpError> {
        let m = Match::read(text, Variant::Backgammon)
            .ok_or(SetUpError::Invalid("tavla-not-a-position"))?;
        // A position ID alone stays alone: the match's length is then the creation's.
        let text = if text.contains(':') {
            m.text()
        } else {
            position_id::write(&m.board)
        };
        Ok((m, text))
    }

    fn stored_set_up(self, text: &str) -> Option<Match> {
        Match::read(text, Variant::Backgammon)
    }

    fn legal_moves(pos: &Match) -> Vec<Action> {
        pos.actions()
    }

    fn set_up_text(pos: &Match) -> String {
        pos.text()
    }

    fn turn(pos: &Match) -> Side {
        pos.turn()
    }

    fn move_number(pos: &Match) -> u32 {
        pos.plays / 2 + 1
    }

    fn halfmove_clock(_: &Match) -> u32 {
        0
    }

    fn read_move(
        pos: &Match,
        text: &MoveText,
        notation: Option<TavlaNotation>,
        preferred: Option<TavlaNotation>,
    ) -> Result<Action, ReadError> {
        let text = text.as_str();
        if let Some(TavlaNotation::Spoken(tongue)) = notation {
            return spoken::read(pos, text, tongue);
        }
        let first = match preferred {
            Some(TavlaNotation::Spoken(tongue)) => Some(tongue),
            _ => None,
        };
        let usual = || {
            let found = pos.read_action(text).ok_or(ReadError::Unparseable)?;
            match found[..] {
                [one] => Ok(one),
                [] => Err(ReadError::Illegal),
                _ => Err(ReadError::Ambiguous {
                    candidates: found.iter().map(|a| pos.action_text(a)).collect(),
                }),
            }
        };
        speech::read_usual_then_spoken(
            usual,
            |tongue| spoken::read(pos, text, tongue),
            |m, tongue| spoken::spoken(pos, &m, tongue),
            first,
        )
    }

    fn spoken(pos: &Match, m: Action, tongue: Tongue) -> String {
        spoken::spoken(pos, &m, tongue)
    }

    fn spoken_position(pos: &Match, tongue: Tongue) -> Vec<String> {
        spoken::position(pos, tongue)
    }

    fn record(pos: &Match, m: Action) -> MoveRecord {
        let text = pos.action_text(&m);
        MoveRecord {
            code: MoveCode::parse(&text).expect("an action's text is a short code"),
            written: text,
        }
    }

    fn replay(pos: &Match, code: &MoveCode) -> Option<Action> {
        match pos.read_action(code.as_str())?[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    fn play(pos: &mut Match, m: Action) {
        pos.act(m);
    }

    fn is_irreversible(_: Action) -> bool {
        // No rule counts repetitions: every position is a new one.
        true
    }

    fn repetition_key(_: &Match) -> u128 {
        0
    }

    fn ending(pos: &Match, _: &()) -> Option<Ending> {
        pos.winner().map(|winner| Ending::MatchWon { winner })
    }

    fn ending_may_take_long(_: &Match, _: &mut ()) -> bool {
        false
    }

    fn winnability(pos: &Match, side: Side) -> Winnability {
        match pos.winner() {
            Some(w) if w != side => Winnability::Unwinnable,
            _ => Winnability::Winnable,
        }
    }

    fn match_score(pos: &Match) -> Option<MatchScore> {
        Some(MatchScore {
            length: pos.length,
            white: pos.score_of(Side::White),
            black: pos.score_of(Side::Black),
        })
    }

    fn awaits_throw(pos: &Match) -> Throwing {
        match pos.phase {
            Phase::Opening => Throwing::Opening,
            Phase::Roll => Throwing::Now,
            Phase::MayDouble => Throwing::WhenAsked,
            _ => Throwing::No,
        }
    }

    fn throw(pos: &mut Match, dice: Dice) -> bool {
        pos.throw(dice)
    }
}
