//! The seam between the game core and a game's rules.
//!
//! The core (turns, draw offers, claims, clocks, adjournment and sealed moves, resignation, the
//! arbiter's rulings, the exported record) knows nothing of a board. It asks the game's [`Rules`]
//! to set up a position, read a move a player wrote, play it, say how it is written in the log,
//! and judge the position after it: does it end the game, what is its identity for repetition,
//! which draws may be claimed and which come by themselves, can a side still win. Each game
//! answers in its own module (`crate::chess`, `crate::checkers`); `crate::games` puts them
//! side by side as one set of rules the service plays.

use std::fmt;

use super::dice::Dice;
use super::moves::MoveRecord;
/// The seam speaks of moves in the words [`super::moves`] defines.
pub use super::moves::{MoveCode, MoveCodeError, MoveText, MoveTextError};
use super::spoken::Tongue;
use super::types::{ClaimKind, RuleSet, Side, Termination};

/// The name a log's creation event gives where it names no game: logs written before there was
/// more than one game are chess.
pub const UNNAMED_GAME: &str = "chess";

/// A game's rules, as the core asks them. A value of the type is the game (chess is `Chess`, a
/// type of one value; `crate::games::GameKind` is one of several); its associated types are
/// what the rules work on.
pub trait Rules: Copy + fmt::Debug + PartialEq + Eq + Send + Sync + 'static {
    /// A position: what is on the board, whose turn it is, and whatever else the rules judge by.
    type Position: Clone + fmt::Debug + PartialEq + Send + Sync;
    /// A move, as the rules play it.
    type Move: Copy + fmt::Debug + PartialEq + Send + Sync;
    /// The ways a player may write moves (chess: English, Turkish, German and French letters,
    /// UCI, ICCF numeric).
    type Notation: Copy + fmt::Debug + PartialEq + Eq + Send + Sync;
    /// What the rules remember from one judgement to the next to answer sooner (chess: the last
    /// mating line). A cache: it never changes an answer. Each copy of a game's state has its own.
    type Memo: Clone + fmt::Debug + Default + PartialEq + Send + Sync;

    /// The game a log names (`chess`, `checkers`), if these rules play it.
    fn named(name: &str) -> Option<Self>;

    /// The name a log gives this game.
    fn name(self) -> &'static str;

    /// The rule sets the game is played by, the default first (chess: `fide2023`, `fide2005`).
    fn rule_sets(self) -> &'static [RuleSet];

    /// The draws a player may claim and those the rules make by themselves, under `rule_set`.
    fn draws(self, rule_set: RuleSet) -> DrawRules;

    /// A notation by the name a client gives it (chess: `san`, `san_tr`, `uci`, …).
    fn notation_named(self, name: &str) -> Option<Self::Notation>;

    /// Every notation the game reads, its standard one first.
    fn notations(self) -> Vec<Self::Notation>;

    /// The name a client gives a notation (what [`Rules::notation_named`] reads).
    fn notation_name(notation: Self::Notation) -> &'static str;

    /// How the game's record is exported (chess: PGN; draughts: PDN with its `GameType`).
    fn record_format(self) -> RecordFormat {
        RecordFormat {
            game_type: None,
            set_up_tag: true,
            own: None,
        }
    }

    /// The game's record in a format of its own (tavla: a `.mat` match file) from its start and
    /// everything that happened after it; `None` where the game's record is PGN (or PDN).
    fn own_record(
        start: &Self::Position,
        happened: &[Happening<Self::Move>],
        head: &RecordHead,
    ) -> Option<String> {
        let _ = (start, happened, head);
        None
    }

    /// The deck of openings a game may be drawn to start from (checkers: the three-move ballot);
    /// none by default.
    fn ballot(self) -> Option<Ballot> {
        None
    }

    /// Every reason [`Rules::set_up`] gives for a text that is no position, as message keys in
    /// the translations.
    fn set_up_problems(self) -> &'static [&'static str];

    /// Whether the game's position text is FEN, as the API v1 contract names chess's: its
    /// `fen` and `start_fen` fields, and `invalid_fen` for a position refused (the other games
    /// answer `invalid_position`).
    fn position_is_fen(self) -> bool {
        false
    }

    /// Which of the core's features besides moves the game offers (a board game's, by default;
    /// a game of dice offers no draws, conditional moves or sealed moves).
    fn features(self) -> Features {
        Features::BOARD_GAME
    }

    /// The match lengths a game may be played to, where the game is played as a match of
    /// several games to a number of points (tavla); none by default.
    fn match_lengths(self, rule_set: RuleSet) -> Option<MatchLengths> {
        let _ = rule_set;
        None
    }

    /// Makes a start or set-up position one of `rule_set` and, where the game is played as a
    /// match, of `match_length` points (none: the position's own, or the rule set's default).
    /// Called on every position a game starts from, when it is created and when its log is
    /// folded. Nothing, by default.
    fn prepare(self, pos: &mut Self::Position, rule_set: RuleSet, match_length: Option<u16>) {
        let _ = (pos, rule_set, match_length);
    }

    /// What a new game of this kind starts remembering (nothing, by default).
    fn new_memo(self) -> Self::Memo {
        Self::Memo::default()
    }

    /// The standard starting position.
    fn start(self) -> Self::Position;

    /// A set-up position from its text (chess: FEN), with the text in its normal form. Refused
    /// where it is not a legal position, or where the game would already be over in it.
    fn set_up(self, text: &str) -> Result<(Self::Position, String), SetUpError>;

    /// A position read back from a set-up text this crate wrote (stored logs); `None` if it is
    /// not one.
    fn stored_set_up(self, text: &str) -> Option<Self::Position>;

    /// Every legal move of the side to move, in no particular order.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;

    /// The set-up text of a position (chess: FEN).
    fn set_up_text(pos: &Self::Position) -> String;

    /// Whose turn it is.
    fn turn(pos: &Self::Position) -> Side;

    /// The number of the move being played (chess: FEN's fullmove number, from 1).
    fn move_number(pos: &Self::Position) -> u32;

    /// Half-moves since the last move that makes progress (chess: a capture or pawn move;
    /// checkers: a capture or a man's move), which the no-progress draws count.
    fn halfmove_clock(pos: &Self::Position) -> u32;

    /// Reads a move as a player wrote it, in `notation` if they named one, else trying their
    /// `preferred` notation first.
    fn read_move(
        pos: &Self::Position,
        text: &MoveText,
        notation: Option<Self::Notation>,
        preferred: Option<Self::Notation>,
    ) -> Result<Self::Move, ReadError>;

    /// How the log records a legal move: its code (authoritative, unambiguous in every position)
    /// and its text for people (chess: PGN SAN).
    fn record(pos: &Self::Position, m: Self::Move) -> MoveRecord;

    /// `m`, a legal move of `pos`, in words in `tongue`, as a player who plays without sight
    /// hears and says it (chess: `Springer Felix drei`, `Knight f three`): everything the move
    /// does is spoken (a capture, a check, the piece a pawn becomes). The game's spoken notation
    /// (`spoken-de`, `spoken-tr`, `spoken-en`) reads it back as the same move.
    fn spoken(pos: &Self::Position, m: Self::Move, tongue: Tongue) -> String;

    /// The position in words in `tongue`, for a player who cannot see the board: a few lines,
    /// each one group a listener takes in at once (chess: one side's pieces of one kind, pawns by
    /// file; tavla: one side's checkers by point, on the bar, borne off), squares and points
    /// spoken as the game's spoken moves speak them.
    fn spoken_position(pos: &Self::Position, tongue: Tongue) -> Vec<String>;

    /// The move a recorded code names in `pos`, without judging it again (a log's moves were
    /// judged when they were made); `None` where it names no move at all.
    fn replay(pos: &Self::Position, code: &MoveCode) -> Option<Self::Move>;

    /// The legal move a code names in `pos`, judged as a move a player wrote (a conditional
    /// line's reply); `None` where it names no legal move. By default the code is read as a
    /// player's text and must record as itself.
    fn read_code(pos: &Self::Position, code: &MoveCode) -> Option<Self::Move> {
        let text = MoveText::parse(code.as_str()).ok()?;
        let m = Self::read_move(pos, &text, None, None).ok()?;
        (Self::record(pos, m).code == *code).then_some(m)
    }

    /// Plays a move already judged legal.
    fn play(pos: &mut Self::Position, m: Self::Move);

    /// The number of move sequences of `depth` half-moves from `pos`: a walk of
    /// [`Rules::legal_moves`] and [`Rules::play`]. A dispatcher over several games (the
    /// service's `GameKind`) walks by its game's own rules, not wrapping every move and
    /// position of the walk.
    fn perft(pos: &Self::Position, depth: u32) -> u64 {
        walk::<Self>(pos, depth)
    }

    /// How many legal moves the side to move has: [`Rules::legal_moves`]'s length, which a game
    /// may count without listing them (perft's last level).
    fn count_moves(pos: &Self::Position) -> u64 {
        Self::legal_moves(pos).len() as u64
    }

    /// The match's score in `pos`, where the game is played as a match (none by default).
    fn match_score(pos: &Self::Position) -> Option<MatchScore> {
        let _ = pos;
        None
    }

    /// Does the position wait for dice (never, by default)? The game core derives the throw from
    /// the game's committed secret and records it.
    fn awaits_throw(pos: &Self::Position) -> Throwing {
        let _ = pos;
        Throwing::No
    }

    /// Applies a throw to a position that awaits one. A turn the dice give no legal play passes
    /// here, by itself: the answer says whether it did.
    fn throw(pos: &mut Self::Position, dice: Dice) -> bool {
        let _ = (pos, dice);
        false
    }

    /// After this move can no earlier position recur (chess: a capture or pawn move; checkers: a
    /// capture or a man's move)?
    fn is_irreversible(m: Self::Move) -> bool;

    /// The identity of a position for repetition (chess: 9.2.3).
    fn repetition_key(pos: &Self::Position) -> u128;

    /// Does the position end the game by itself (chess: checkmate, stalemate, a dead position)?
    fn ending(pos: &Self::Position, memo: &Self::Memo) -> Option<Ending>;

    /// Could judging [`Rules::ending`] of `pos` take long (chess: the full search for a mate)? A
    /// server judges such moves off the threads that serve requests. Never false where it could;
    /// it may prepare `memo` for the judgement that follows on this same copy of the state.
    fn ending_may_take_long(pos: &Self::Position, memo: &mut Self::Memo) -> bool;

    /// Can `side` still win by any series of legal moves (chess: checkmate, 6.9)?
    fn winnability(pos: &Self::Position, side: Side) -> Winnability;

    /// Is the whole answer to "has `pos` ended the game by itself" still to be found, where
    /// [`Rules::ending`] let the game go on without it (chess: a dead position the per-move test
    /// could not rule out)? Cheap; true where unsure. Rules whose `ending` is always the whole
    /// answer keep the default.
    fn verdict_pending(pos: &Self::Position, memo: &Self::Memo) -> bool {
        let _ = (pos, memo);
        false
    }

    /// The whole answer [`Rules::verdict_pending`] waits for (chess: the full search for a mate
    /// wherever the fast check does not settle it). May take long; a server runs it off the
    /// request path. Remembers in `memo` that `pos` is settled where it goes on.
    fn verdict(pos: &Self::Position, memo: &Self::Memo) -> Verdict {
        let _ = (pos, memo);
        Verdict::GoesOn
    }
}

/// Which of the core's features besides moves a game offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// Draw offers and their agreement (9.1).
    pub draw_offers: bool,
    /// Conditional moves: lines of replies set in advance.
    pub conditional_moves: bool,
    /// Adjournment and sealed moves (Appendix A).
    pub sealed_moves: bool,
    /// Dice, thrown from a secret committed to when the game is created ([`crate::game::dice`]).
    pub dice: bool,
    /// Endgame tablebases may decide it ([`crate::game::tablebase`]): chess only.
    pub tablebases: bool,
}

impl Features {
    /// A game of skill without dice: everything the core offers.
    pub const BOARD_GAME: Features = Features {
        draw_offers: true,
        conditional_moves: true,
        sealed_moves: true,
        dice: false,
        tablebases: false,
    };

    /// A game of dice: no draws, no moves set or sealed before the dice are known.
    pub const DICE_GAME: Features = Features {
        draw_offers: false,
        conditional_moves: false,
        sealed_moves: false,
        dice: true,
        tablebases: false,
    };
}

/// The lengths a game's matches may have, in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchLengths {
    pub default: u16,
    pub max: u16,
}

/// A match's score: the points to win, and each side's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchScore {
    pub length: u16,
    pub white: u16,
    pub black: u16,
}

/// Whether a position waits for dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throwing {
    /// No: someone acts.
    No,
    /// Each player throws one die to open (the higher starts; equal dice are thrown again).
    Opening,
    /// The dice are thrown now, by themselves (a player's turn in a game without a choice
    /// before throwing).
    Now,
    /// The player on turn throws when they choose to (they may first double).
    WhenAsked,
}

/// The number of move sequences of `depth` half-moves from `pos` (every legal move counted, as
/// [`Rules::legal_moves`] lists them): [`Rules::perft`].
pub fn perft<R: Rules>(pos: &R::Position, depth: u32) -> u64 {
    R::perft(pos, depth)
}

/// The walk behind [`Rules::perft`].
fn walk<R: Rules>(pos: &R::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return R::count_moves(pos);
    }
    R::legal_moves(pos)
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            R::play(&mut next, m);
            walk::<R>(&next, depth - 1)
        })
        .sum()
}

/// The whole answer to whether a position that the per-move judgement let go on is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Over: no side can win by any series of legal moves (chess 5.2.2, a dead position).
    Dead,
    /// The game goes on: a side can still win.
    GoesOn,
    /// The search stopped at its bound without an answer: the game goes on.
    Unknown,
}

/// How a game's record is written: PGN's tags and movetext, with what a game's own form of it
/// adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordFormat {
    /// PDN's `GameType` tag (English draughts: `21`); none in PGN.
    pub game_type: Option<&'static str>,
    /// A set-up position's `FEN` tag comes with `SetUp "1"` (PGN; PDN has no such tag).
    pub set_up_tag: bool,
    /// A format of the game's own ([`Rules::own_record`]) instead: its file's name and media
    /// type (tavla: `match.mat`).
    pub own: Option<(&'static str, &'static str)>,
}

/// What happened in a game after its start, in order: dice thrown, moves made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Happening<M> {
    Thrown(Dice),
    Moved(M),
}

/// What a record names besides the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordHead<'a> {
    pub white: &'a str,
    pub black: &'a str,
    pub event: Option<&'a str>,
    pub round: Option<&'a str>,
    pub site: Option<&'a str>,
    /// The day the game began, `2026.11.26`.
    pub date: String,
}

/// A deck of openings a game may start from instead of the standard start, as tournaments draw
/// them by lot (checkers: the three-move ballot): each the moves that begin it, in the game's
/// standard notation, from the standard start. Opening `n` is `openings[n - 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ballot {
    /// The deck's message key in the translations (`ballot-three-move`).
    pub name: &'static str,
    pub openings: &'static [&'static str],
}

impl Ballot {
    /// The number of openings in the deck.
    pub fn len(&self) -> u16 {
        u16::try_from(self.openings.len()).unwrap_or(u16::MAX)
    }

    pub fn is_empty(&self) -> bool {
        self.openings.is_empty()
    }

    /// Opening `number` (from 1), if the deck has it.
    pub fn opening(&self, number: u16) -> Option<&'static str> {
        self.openings
            .get(usize::from(number).checked_sub(1)?)
            .copied()
    }
}

/// The draws a game's rules give: by a player's claim, and by themselves (for games nobody
/// claims in, as correspondence games often are).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRules {
    /// A claim of the same position for the third time with the same player to move.
    pub threefold_claim: bool,
    /// A claim after this many half-moves without progress ([`Rules::halfmove_clock`]), and its
    /// kind (chess: fifty moves, 100; checkers: forty moves, 80).
    pub no_progress_claim: Option<(ClaimKind, u32)>,
    /// The game ends by itself when a position appears this often (chess 2023: 5).
    pub automatic_repetition: Option<u32>,
    /// The game ends by itself after this many half-moves without progress, with this ending
    /// (chess 2023: 150, the 75-move rule).
    pub automatic_no_progress: Option<(u32, Termination)>,
    /// Seconds a wrong claim gives the opponent (chess 9.5: 2023 two minutes, 2005 three).
    pub wrong_claim_bonus_seconds: u64,
}

impl DrawRules {
    /// Does a claim of `kind` exist in this game, and how many half-moves does it need (none
    /// for a repetition)?
    pub fn claim(&self, kind: ClaimKind) -> Option<Option<u32>> {
        if kind == ClaimKind::ThreefoldRepetition {
            return self.threefold_claim.then_some(None);
        }
        match self.no_progress_claim {
            Some((k, plies)) if k == kind => Some(Some(plies)),
            _ => None,
        }
    }
}

/// How a position ends a game by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is checkmated (chess 5.1.1).
    Checkmate { winner: Side },
    /// The side to move has no legal move, or no piece left, and has lost by it (checkers).
    NoMoves { winner: Side },
    /// The side to move has no legal move and is not in check (chess 5.2.1).
    Stalemate,
    /// Neither side can win by any series of legal moves (chess 5.2.2).
    DeadPosition,
    /// One piece against one, of any kind: a draw at once (dama).
    OnePieceEach,
    /// A side has reached the match's length in points (tavla).
    MatchWon { winner: Side },
    /// Chess 9.6.2 (2023 only): 75 moves by each player without a pawn move or capture (or
    /// another game's no-progress count). Judged by the game core, from [`DrawRules`].
    SeventyfiveMoves,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Checkmate { .. } => f.write_str("checkmate"),
            Ending::NoMoves { .. } => f.write_str("no legal move"),
            Ending::Stalemate => f.write_str("stalemate"),
            Ending::DeadPosition => f.write_str("dead position"),
            Ending::OnePieceEach => f.write_str("one piece each"),
            Ending::MatchWon { .. } => f.write_str("match won"),
            Ending::SeventyfiveMoves => f.write_str("75-move rule"),
        }
    }
}

/// Why a set-up position cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetUpError {
    /// Not a position the rules can hold, or one that cannot arise: why, as a message key in
    /// the translations (the rules' own keys, e.g. `fen-missing-king`).
    #[error("{0}")]
    Invalid(&'static str),
    /// A legal position in which the game is already over.
    #[error("{0}")]
    NotPlayable(Ending),
}

/// Can a side still win?
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winnability {
    /// A winning series of legal moves exists.
    Winnable,
    /// Proven impossible.
    Unwinnable,
    /// The search stopped at its limit without an answer.
    Unknown,
}

/// Why a move text does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Not a move in any notation tried.
    Unparseable,
    /// Well formed, but no legal move matches.
    Illegal,
    /// Incomplete: a pawn move to the last rank without the piece it becomes (chess 3.7.5).
    PromotionMissing,
    /// Several legal moves match (within one reading, or different readings disagree). Each
    /// candidate as the log would write it for people.
    Ambiguous { candidates: Vec<String> },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_code_is_short_visible_ascii() {
        for good in [
            "e2e4",
            "e7e8q",
            "3",
            "a1b2c3d4e5f6g7h",
            "bar/22 13/7* 6/4(2)",
            "32x23x14x5x12x19x10x3x8x15x22x31",
        ] {
            assert_eq!(MoveCode::parse(good).unwrap().as_str(), good);
            let json = serde_json::to_string(&MoveCode::parse(good).unwrap()).unwrap();
            assert_eq!(json, format!("\"{good}\""));
            assert_eq!(
                serde_json::from_str::<MoveCode>(&json).unwrap(),
                MoveCode::parse(good).unwrap()
            );
        }
        for bad in [
            "",
            " e2e4",
            "e2e4 ",
            "e2  e4",
            &"a".repeat(48),
            "şah",
            "e2\te4",
        ] {
            assert_eq!(MoveCode::parse(bad), Err(MoveCodeError), "{bad:?}");
        }
    }

    #[test]
    fn a_move_text_is_trimmed_short_and_printable() {
        assert_eq!(MoveText::parse("  Nf3 ").unwrap().as_str(), "Nf3");
        assert_eq!(MoveText::parse(" "), Err(MoveTextError::Empty));
        assert_eq!(
            MoveText::parse(&"a".repeat(401)),
            Err(MoveTextError::TooLong { max: 400 })
        );
        assert_eq!(
            MoveText::parse("e4\u{7}"),
            Err(MoveTextError::ControlCharacter)
        );
    }
}
