//! A game's state: the fold of its events. `evolve` applies facts that `decide` already judged,
//! so it re-checks nothing and stays close to the cost of playing the moves on a board.

mod evolve;
mod moves;

pub use moves::Moves;

use super::adjournment::{Adjournment, SealedMoveCheck};
use super::clock::{Clock, PauseReason};
use super::conditional::{DropReason, HeldLines};
use super::event::{BallotOpening, EventBody, GameCreated, GameEvent};
use super::rules::Rules;
use super::time_control::TimeControl;
use super::types::{GameResult, Participant, RuleSet, Side, Termination, Timestamp};
use crate::ids::GameId;

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Active,
    /// Adjourned (Appendix A): sealing, and waiting for the resumption.
    Adjourned,
    Finished {
        result: GameResult,
        termination: Termination,
    },
}

/// The state of one game, played by the rules `R`.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum GameState<R: Rules> {
    /// No event yet.
    #[default]
    NotCreated,
    Created(Box<Game<R>>),
    /// The log holds an event that cannot follow the ones before it (a damaged or hand-edited
    /// store). Every command is refused; `zarf verify` and the log tell where.
    Corrupt {
        version: u64,
        reason: String,
    },
}

/// Why a log does not fold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the log does not fold at event {version}: {reason}")]
pub struct FoldError {
    /// 1-based position of the offending event.
    pub version: u64,
    pub reason: String,
}

impl<R: Rules> GameState<R> {
    /// Folds a whole log.
    pub fn replay<'a>(
        events: impl IntoIterator<Item = &'a GameEvent>,
    ) -> Result<GameState<R>, FoldError> {
        let mut state = GameState::NotCreated;
        for e in events {
            state = evolve(state, e);
        }
        match state {
            GameState::Corrupt { version, reason } => Err(FoldError { version, reason }),
            s => Ok(s),
        }
    }

    pub fn game(&self) -> Option<&Game<R>> {
        match self {
            GameState::Created(g) => Some(g),
            _ => None,
        }
    }

    /// Number of events folded.
    pub fn version(&self) -> u64 {
        match self {
            GameState::NotCreated => 0,
            GameState::Created(g) => g.version,
            GameState::Corrupt { version, .. } => *version,
        }
    }
}

/// One game as its log made it.
#[derive(Debug, Clone, PartialEq)]
pub struct Game<R: Rules> {
    pub id: GameId,
    /// Which game this is (chess, checkers, …): the rules it is played by.
    pub kind: R,
    pub white: Participant,
    pub black: Participant,
    /// The game's arbiter (the organiser who created it), besides the instance admin.
    pub organiser: Option<crate::ids::PlayerId>,
    pub rules: RuleSet,
    /// The set-up position's text as the creation gave it (chess: FEN); `None` for the
    /// standard start.
    pub set_up_text: Option<String>,
    pub time_control: Option<TimeControl>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// The tournament round whose board the game is.
    pub tournament: Option<super::event::TournamentBoard>,
    /// When the clocks start and the first move may be made (none: at creation).
    pub starts_at: Option<Timestamp>,
    pub created_at: Timestamp,
    /// When the latest event happened.
    pub updated_at: Timestamp,
    /// Events folded so far (the contract's `version`).
    pub version: u64,
    pub status: Status,
    /// The side whose draw offer stands (9.1.2).
    pub draw_offer: Option<Side>,
    /// The clocks, if the game has a time control.
    pub clock: Option<Clock>,
    /// Leave each player may take per calendar year.
    pub leave_days_per_year: u32,
    /// When sealed moves are judged.
    pub sealed_move_check: SealedMoveCheck,
    /// The adjournment in progress, if any.
    pub adjournment: Option<Adjournment>,
    /// The last adjournment that is over (its envelope stays readable).
    pub past_adjournment: Option<Adjournment>,
    /// The ply at which play last resumed after an adjournment (A12).
    pub resumed_at_ply: Option<usize>,
    /// Thinking time each side has used so far (A2), microseconds.
    pub thinking_us: [i64; 2],
    /// When the side to move began thinking.
    pub turn_started_at: Timestamp,
    /// Each side's conditional lines, as far as the log knows them (White's first).
    pub conditional: [Option<HeldLines>; 2],
    /// Why each side's last lines were dropped, until they set new ones.
    pub conditional_dropped: [Option<DropReason>; 2],
    start: R::Position,
    /// The start position as text: as given at creation, else written once.
    start_text: std::sync::Arc<str>,
    position: R::Position,
    moves: Moves<R::Move>,
    /// The moves in the game's written notation (chess: PGN SAN) as the log recorded them, one
    /// per line (kept rather than written again from the positions on every read: a game's view
    /// lists them all).
    written: String,
    /// Plies before this one are separated from the present by a capture or pawn move, so no
    /// position before it can recur (9.2, 9.3).
    reversible_from: usize,
    /// The position at `reversible_from` (with the dice thrown before its next move): where the
    /// positions that may recur begin, kept so that counting them never replays the game.
    reversible_start: R::Position,
    /// The plies after which a draw was offered, with the move or after it (`(=)` on a score
    /// sheet, 9.1.2.1), in order.
    offers_after: Vec<usize>,
    /// What the rules remember between judgements (chess: the last mating line the dead-position
    /// test found): a cache, equal in every state.
    memo: R::Memo,
    /// The opening of the game's ballot it started from.
    pub ballot: Option<BallotOpening>,
    /// The no-progress count set for this game (moves by each player), where the rules leave it
    /// to the arbiter.
    pub no_progress_moves: Option<u32>,
    /// The points to win, where the game is played as a match.
    pub match_length: Option<u16>,
    /// The result counts for the players' ratings.
    pub rated: bool,
    /// Who may read the game.
    pub visibility: crate::game::types::Visibility,
    /// How the endgame tablebases may decide the game.
    pub tablebase: crate::game::tablebase::TablebaseRule,
    /// The tables' verdict that ended the game, where they did.
    pub tablebase_verdict: Option<crate::game::tablebase::Verdict>,
    /// The player whose claim by the tables ended the game (none: the rule ended it).
    pub tablebase_claimed_by: Option<Side>,
    /// The commitment to a game of dice's secret, and the entropy it was created with.
    pub dice: Option<crate::game::dice::DiceCommitment>,
    /// Each player's entropy in force (white's first), for a game of dice.
    pub entropy: [String; 2],
    /// The dice thrown, in order, each with the number of moves made before it (an opening's
    /// two single dice as one throw, white's first).
    throws: Vec<(usize, crate::game::dice::Dice)>,
    /// Every `dice_thrown` of the match, in order (its index is its number).
    thrown: Vec<Thrown>,
    /// An opening die thrown while the other player's is awaited.
    pub(super) opening_die: Option<(Side, u8)>,
    /// The dice's secret, once the log has revealed it (hex).
    pub revealed_seed: Option<String>,
    /// Each player's entropy as it changed: the throws before the change, the side, the text.
    entropy_changes: Vec<(usize, Side, String)>,
    /// The players' messages, in order.
    pub messages: Vec<crate::game::Message>,
}

/// One `dice_thrown` of a match, as the log recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thrown {
    pub faces: crate::game::dice::Faces,
    /// The entropy it was derived from (empty under the first scheme).
    pub entropy: String,
    /// The player whose request carried the entropy.
    pub by: Option<Side>,
    /// The service drew the entropy: the request carried none.
    pub drawn: bool,
}

fn micros(d: time::Duration) -> i64 {
    d.whole_microseconds() as i64
}

/// Folds one event into the state.
pub fn evolve<R: Rules>(state: GameState<R>, event: &GameEvent) -> GameState<R> {
    match state {
        GameState::NotCreated => match &event.body {
            EventBody::GameCreated(c) => match Game::new(c, event.at) {
                Ok(g) => GameState::Created(Box::new(g)),
                Err(reason) => GameState::Corrupt { version: 1, reason },
            },
            other => GameState::Corrupt {
                version: 1,
                reason: format!(
                    "a log must begin with game_created, not {}",
                    other.type_name()
                ),
            },
        },
        GameState::Created(mut game) => match game.apply(event) {
            Ok(()) => GameState::Created(game),
            Err(reason) => GameState::Corrupt {
                version: game.version + 1,
                reason,
            },
        },
        corrupt @ GameState::Corrupt { .. } => corrupt,
    }
}

impl<R: Rules> Game<R> {
    /// What the rules remember between judgements (see [`Rules::Memo`]).
    pub(crate) fn memo(&self) -> &R::Memo {
        &self.memo
    }

    pub(crate) fn memo_mut(&mut self) -> &mut R::Memo {
        &mut self.memo
    }

    /// Does the present position wait for the whole answer the judgement of the last move did
    /// not give ([`Rules::verdict_pending`])? Cheap.
    pub fn verdict_pending(&self) -> bool {
        R::verdict_pending(&self.position, &self.memo)
    }

    /// The whole answer on the present position ([`Rules::verdict`]): may take long. What it
    /// finds is remembered in this state's memo, even on a shared state (a cache).
    pub fn verdict(&self) -> super::rules::Verdict {
        R::verdict(&self.position, &self.memo)
    }

    fn new(c: &GameCreated, at: Timestamp) -> Result<Game<R>, String> {
        let name = c.game.as_deref().unwrap_or(super::rules::UNNAMED_GAME);
        let kind = R::named(name).ok_or_else(|| format!("{name:?} is not a game played here"))?;
        let mut start = match &c.start_position {
            None => kind.start(),
            Some(fen) => kind
                .stored_set_up(fen)
                .ok_or_else(|| format!("stored start position {fen:?} is not a position"))?,
        };
        kind.prepare(&mut start, c.rules, c.match_length);
        let start_text = match &c.start_position {
            Some(text) => text.as_str().into(),
            None => R::set_up_text(&start).into(),
        };
        // The first turn begins when the game starts (its creation, or a set time after it).
        let begins = c.starts_at.map_or(at, |s| s.max(at));
        let mut game = Game {
            id: c.game_id,
            kind,
            white: c.white.clone(),
            black: c.black.clone(),
            organiser: c.organiser,
            rules: c.rules,
            set_up_text: c.start_position.clone(),
            time_control: c.time_control.clone(),
            event: c.event.clone(),
            round: c.round.clone(),
            site: c.site.clone(),
            tournament: c.tournament,
            starts_at: c.starts_at.filter(|s| *s > at),
            created_at: at,
            updated_at: at,
            version: 1,
            status: Status::Active,
            draw_offer: None,
            clock: None,
            leave_days_per_year: c.leave_days_per_year,
            sealed_move_check: c.sealed_move_check,
            adjournment: None,
            past_adjournment: None,
            resumed_at_ply: None,
            thinking_us: [0, 0],
            turn_started_at: begins,
            conditional: [None, None],
            conditional_dropped: [None, None],
            position: start.clone(),
            reversible_start: start.clone(),
            start,
            start_text,
            moves: Moves::default(),
            written: String::new(),
            reversible_from: 0,
            offers_after: Vec::new(),
            messages: Vec::new(),
            memo: kind.new_memo(),
            ballot: c.ballot.clone(),
            no_progress_moves: c.no_progress_moves,
            match_length: c.match_length,
            rated: c.rated,
            visibility: c.visibility,
            tablebase: c.tablebase,
            tablebase_verdict: None,
            tablebase_claimed_by: None,
            entropy: c.dice.as_ref().map_or_else(Default::default, |d| {
                [&d.white_entropy, &d.black_entropy]
                    .map(|e| e.as_ref().map(|e| e.text.clone()).unwrap_or_default())
            }),
            dice: c.dice.clone(),
            throws: Vec::new(),
            thrown: Vec::new(),
            opening_die: None,
            revealed_seed: None,
            entropy_changes: Vec::new(),
        };
        // A ballot's opening is played before either player moves, on no clock.
        for record in c.ballot.iter().flat_map(|b| &b.moves) {
            let m = R::replay(&game.position, &record.code)
                .ok_or_else(|| format!("the ballot's move {} is no move", record.code))?;
            game.play(m, &record.written);
        }
        game.clock = c
            .time_control
            .clone()
            .map(|tc| Clock::start(tc, R::turn(&game.position), begins));
        Ok(game)
    }

    /// The half-moves of the ballot's opening the game started with (made by no player).
    pub fn ballot_plies(&self) -> usize {
        self.ballot.as_ref().map_or(0, |b| b.moves.len())
    }

    /// Plays a judged move: an offer by the opponent lapses when they move (9.1.2.2 / 9.1.2.1).
    fn play(&mut self, m: R::Move, written: &str) {
        let mover = R::turn(&self.position);
        if self.draw_offer == Some(mover.opponent()) {
            self.draw_offer = None;
        }
        R::play(&mut self.position, m);
        self.moves.push(m);
        if !self.written.is_empty() {
            self.written.push('\n');
        }
        self.written.push_str(written);
        if R::is_irreversible(m) {
            self.reversible_from = self.moves.len();
            self.reversible_start = self.position.clone();
        }
    }

    pub fn position(&self) -> &R::Position {
        &self.position
    }

    pub fn start_position(&self) -> &R::Position {
        &self.start
    }

    /// The start position as text: as given when the game was made, else in the rules' notation.
    pub fn start_text(&self) -> &str {
        &self.start_text
    }

    /// The moves made, in order.
    pub fn moves(&self) -> &Moves<R::Move> {
        &self.moves
    }

    /// Was a draw offered after half-move `ply` (with that move, or before the next)?
    pub fn offered_after(&self, ply: usize) -> bool {
        self.offers_after.binary_search(&ply).is_ok()
    }

    /// The days of `side`'s yearly leave allowance not yet taken or planned for leave starting in
    /// `year`, in this game (none without a clock).
    pub fn leave_days_left(&self, side: Side, year: i32) -> u32 {
        let Some(clock) = &self.clock else {
            return 0;
        };
        let taken: i64 = clock
            .pauses
            .iter()
            .filter(|p| p.side == side && p.reason == PauseReason::Leave)
            .filter(|p| p.from.year() == year)
            .map(|p| super::clock::whole_days(p.from, p.until))
            .sum();
        (i64::from(self.leave_days_per_year) - taken).clamp(0, i64::from(u32::MAX)) as u32
    }

    /// `side`'s leave that covers `at` or lies after it: when it starts and ends.
    pub fn leave_from(&self, side: Side, at: Timestamp) -> Option<(Timestamp, Timestamp)> {
        self.clock.as_ref()?.pauses.iter().find_map(|p| {
            (p.side == side && p.reason == PauseReason::Leave && p.until > at)
                .then_some((p.from, p.until))
        })
    }

    /// Half-moves made in this game.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The side to act: while one opening die awaits the other's, the player yet to throw.
    pub fn turn(&self) -> Side {
        match self.opening_die {
            Some((thrown, _)) => thrown.opponent(),
            None => R::turn(&self.position),
        }
    }

    /// The side `player` plays in this game, if any.
    pub fn side_of(&self, player: crate::ids::PlayerId) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.participant(*s).id == player)
    }

    /// The conditional lines `side` holds, as the log knows them.
    pub fn lines_held(&self, side: Side) -> Option<&HeldLines> {
        self.conditional[super::adjournment::side_index(side)].as_ref()
    }

    /// Why `side`'s last lines were dropped, until they set new ones.
    pub fn lines_dropped(&self, side: Side) -> Option<DropReason> {
        self.conditional_dropped[super::adjournment::side_index(side)]
    }

    pub fn participant(&self, side: Side) -> &Participant {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    pub fn is_active(&self) -> bool {
        self.status == Status::Active
    }

    /// Active or adjourned: not finished.
    pub fn is_live(&self) -> bool {
        !matches!(self.status, Status::Finished { .. })
    }

    /// The position in the game's own text (chess: FEN).
    pub fn position_text(&self) -> String {
        R::set_up_text(&self.position)
    }

    /// The position after `ply` half-moves (0: the start), with the dice thrown after them.
    pub fn position_at(&self, ply: usize) -> Option<R::Position> {
        if ply > self.moves.len() {
            return None;
        }
        let mut pos = self.start.clone();
        let mut throws = self.throws.iter().peekable();
        for done in 0..=ply {
            if done > 0 {
                R::play(&mut pos, self.moves[done - 1]);
            }
            while let Some((_, dice)) = throws.next_if(|(before, _)| *before == done) {
                R::throw(&mut pos, *dice);
            }
        }
        Some(pos)
    }

    /// Each move made, in order, with the position it was made in (the dice thrown before it
    /// thrown there too).
    pub fn plies(&self) -> impl Iterator<Item = (R::Position, R::Move)> + '_ {
        let mut pos = self.start.clone();
        let mut throws = self.throws.iter().peekable();
        self.moves.iter().enumerate().map(move |(i, &m)| {
            while let Some((_, dice)) = throws.next_if(|(before, _)| *before == i) {
                R::throw(&mut pos, *dice);
            }
            let before = pos.clone();
            R::play(&mut pos, m);
            (before, m)
        })
    }

    /// The dice thrown so far, in order, each with the number of moves made before it.
    pub fn throws(&self) -> &[(usize, crate::game::dice::Dice)] {
        &self.throws
    }

    /// Every `dice_thrown` of the match, in order (its index is its number).
    pub fn thrown(&self) -> &[Thrown] {
        &self.thrown
    }

    /// The opening die thrown while the other player's is awaited, if any.
    pub fn opening_die(&self) -> Option<(Side, u8)> {
        self.opening_die
    }

    /// Does every throw recorded follow from `seed`? The number of the first that does not.
    pub(super) fn throw_not_from(&self, seed: &crate::game::dice::DiceSeed) -> Option<usize> {
        use crate::game::dice::{derive_throw_v1, derive_v2, Faces};
        let d = self.dice.as_ref()?;
        if !d.is_v1() {
            let id = self.id.to_string();
            return self.thrown.iter().enumerate().position(|(n, t)| {
                let die = matches!(t.faces, Faces::Die(_));
                derive_v2(seed, &id, n as u32, &t.entropy, die) != t.faces
            });
        }
        fn text(e: &Option<crate::game::dice::Entropy>) -> &str {
            e.as_ref().map_or("", |e| e.text.as_str())
        }
        let mut entropy = [text(&d.white_entropy), text(&d.black_entropy)];
        let mut changes = self.entropy_changes.iter().peekable();
        self.throws.iter().enumerate().position(|(n, (_, dice))| {
            while let Some((_, side, text)) = changes.next_if(|c| c.0 <= n) {
                entropy[super::adjournment::side_index(*side)] = text;
            }
            derive_throw_v1(seed, n as u32, entropy[0], entropy[1]) != *dice
        })
    }

    /// The entropy in force for `side`'s part of the next throw.
    pub fn entropy_of(&self, side: Side) -> &str {
        &self.entropy[super::adjournment::side_index(side)]
    }

    /// The position after `ply` half-moves in the game's own text (chess: FEN).
    pub fn position_text_at(&self, ply: usize) -> Option<String> {
        self.position_at(ply).map(|p| R::set_up_text(&p))
    }

    /// The moves in the game's written notation (chess: PGN SAN) as the log recorded them, one
    /// per line.
    pub fn moves_text(&self) -> &str {
        &self.written
    }

    /// The moves in the game's written notation (chess: PGN SAN, with English letters, `O-O`,
    /// `e8=Q`, `+`/`#`), as the log recorded them.
    pub fn written_moves(&self) -> Vec<String> {
        self.written
            .split_terminator('\n')
            .map(str::to_owned)
            .collect()
    }

    /// The moves written again from the positions (what `written_moves` must equal).
    pub fn written_moves_from_positions(&self) -> Vec<String> {
        self.plies()
            .map(|(pos, m)| R::record(&pos, m).written)
            .collect()
    }

    /// Repetition keys (FIDE identity) of every position that can still recur, oldest first;
    /// the last is the present position.
    pub fn repeatable_keys(&self) -> Vec<u128> {
        let mut pos = self.reversible_start.clone();
        let mut keys = Vec::with_capacity(self.moves.len() - self.reversible_from + 1);
        keys.push(R::repetition_key(&pos));
        for &m in self.moves.from(self.reversible_from) {
            R::play(&mut pos, m);
            keys.push(R::repetition_key(&pos));
        }
        keys
    }

    /// How often the position after `m` (a legal move now) would have appeared, counting that
    /// time (9.2, 9.6.1).
    pub fn occurrences_after(&self, m: R::Move, after: &R::Position) -> u32 {
        if R::is_irreversible(m) {
            return 1;
        }
        let key = R::repetition_key(after);
        1 + self.repeatable_keys().iter().filter(|&&k| k == key).count() as u32
    }

    /// How often the present position has appeared, counting now.
    pub fn occurrences_now(&self) -> u32 {
        let keys = self.repeatable_keys();
        let now = *keys.last().expect("the present position is always listed");
        keys.iter().filter(|&&k| k == now).count() as u32
    }

    /// Seconds added to the opponent after a wrong claim: the time control's setting, else the
    /// rule set's (chess 2023: 2 minutes, 2005: 3 minutes).
    pub fn wrong_claim_bonus_seconds(&self) -> u64 {
        self.clock
            .as_ref()
            .and_then(|c| c.control.wrong_claim_bonus_seconds())
            .unwrap_or(self.draws().wrong_claim_bonus_seconds)
    }

    /// The draws this game's rules give under its rule set, with the no-progress count its
    /// creation set where the rules leave that count to the arbiter (the claim after `n` moves
    /// each, the end by itself after twice as many).
    pub fn draws(&self) -> super::rules::DrawRules {
        let mut draws = self.kind.draws(self.rules);
        if let (Some(n), Some((kind @ super::types::ClaimKind::NoProgress, _))) =
            (self.no_progress_moves, draws.no_progress_claim)
        {
            draws.no_progress_claim = Some((kind, 2 * n));
            draws.automatic_no_progress = draws
                .automatic_no_progress
                .map(|(_, termination)| (4 * n, termination));
        }
        draws
    }

    /// The moves the side to move may make, in no particular order.
    pub fn legal_moves(&self) -> Vec<R::Move> {
        R::legal_moves(&self.position)
    }

    /// The side whose flag has fallen at `now`, if the game is still active.
    pub fn flagged(&self, now: Timestamp) -> Option<Side> {
        if !self.is_live() {
            return None;
        }
        self.clock.as_ref()?.flagged(now)
    }
}
