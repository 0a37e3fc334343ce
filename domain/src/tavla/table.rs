//! A match at the table: the board of the game being played, the score, the cube, whose roll
//! and what they are to decide. A log of tavla is a whole match: its games follow each other in
//! one position, and the match ends the log's game.
//!
//! The turn: the player on roll throws (by themselves, or when they ask where they may first
//! double), then plays the dice; a double is taken or dropped by the opponent, an offer to
//! resign a game is accepted or declined by them. A throw that gives no legal play passes the
//! turn.

use super::board::{Board, Step, CHECKERS};
use super::match_id::MatchId;
use super::notation;
use super::position_id;
use crate::game::dice::Dice;
use crate::game::{RuleSet, Side};

/// The rule sets.
pub const TAVLA: RuleSet = RuleSet::named("tavla");
pub const BACKGAMMON: RuleSet = RuleSet::named("backgammon");

/// Tavla (no cube; the winner of a game starts the next) or international backgammon (the
/// doubling cube, gammons and backgammons, the Crawford rule, an opening throw every game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    Tavla,
    Backgammon,
}

impl Variant {
    pub fn of(rule_set: RuleSet) -> Variant {
        if rule_set == BACKGAMMON {
            Variant::Backgammon
        } else {
            Variant::Tavla
        }
    }

    /// Is the doubling cube in play?
    pub fn cube(self) -> bool {
        self == Variant::Backgammon
    }

    /// Does the winner of a game start the next with a throw of their own (tavla), rather than
    /// both throwing one die again (backgammon)?
    pub fn winner_starts(self) -> bool {
        self == Variant::Tavla
    }

    /// The match length a game is played to when its creation names none.
    pub fn default_length(self) -> u16 {
        match self {
            Variant::Tavla => 5,
            Variant::Backgammon => 7,
        }
    }
}

/// What a game is won by, as a player may resign it: a single game, a gammon (tavla: mars, the
/// loser bore off nothing), a backgammon (the loser still has a checker on the bar or in the
/// winner's home board; not in tavla).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Single = 1,
    Gammon = 2,
    Backgammon = 3,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Single, Level::Gammon, Level::Backgammon];

    pub fn points(self) -> u16 {
        self as u16
    }

    /// The level's word in the log (tavla's gammon is its mars).
    pub fn word(self, variant: Variant) -> &'static str {
        match (self, variant) {
            (Level::Single, _) => "single",
            (Level::Gammon, Variant::Tavla) => "mars",
            (Level::Gammon, Variant::Backgammon) => "gammon",
            (Level::Backgammon, _) => "backgammon",
        }
    }

    fn from_word(word: &str) -> Option<Level> {
        match word {
            "single" | "tek" => Some(Level::Single),
            "gammon" | "mars" => Some(Level::Gammon),
            "backgammon" => Some(Level::Backgammon),
            _ => None,
        }
    }
}

/// Where the match's Crawford rule stands: before a player first comes within a point of the
/// match, the game after that (no doubling in it), and the games after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Crawford {
    Before,
    ThisGame,
    After,
}

/// What happens next at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Each player throws one die; the higher starts (a tie is thrown again).
    Opening,
    /// The player on roll's dice are thrown now.
    Roll,
    /// The player on roll doubles or asks for their throw.
    MayDouble,
    /// The player on roll plays the dice.
    Play(Dice),
    /// The player on roll has doubled: the opponent takes or drops.
    Doubled,
    /// The player on roll offers to resign the game at a level: the opponent accepts or
    /// declines. The dice they had thrown, if any, wait.
    Resigning { level: Level, dice: Option<Dice> },
    /// The match is over.
    Over,
}

/// How a game of the match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The winner bore off their fifteenth checker.
    BoreOff,
    /// The loser dropped a double.
    Dropped,
    /// The loser resigned at a level the winner accepted.
    Resigned,
}

/// A game of the match, once over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameOver {
    pub winner: Side,
    pub points: u16,
    pub level: Level,
    pub cube: u16,
    pub how: GameEnd,
}

/// What a player does at the table, besides throwing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A play of the dice: its checker moves (the board after them is worked out where it is
    /// needed: a game's log keeps every move, and a small move is cheap to copy).
    Play {
        steps: [Step; 4],
        len: u8,
    },
    Double,
    Take,
    Drop,
    Resign(Level),
    Accept,
    Decline,
}

impl Action {
    pub fn steps(&self) -> &[Step] {
        match self {
            Action::Play { steps, len, .. } => &steps[..usize::from(*len)],
            _ => &[],
        }
    }
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Match {
    pub variant: Variant,
    /// Points to win the match.
    pub length: u16,
    /// White's and black's points.
    pub score: [u16; 2],
    /// The cube's value (1 while in the middle, undoubled).
    pub cube: u16,
    pub cube_owner: Option<Side>,
    pub crawford: Crawford,
    /// The board from the side on roll's view.
    pub board: Board,
    pub on_roll: Side,
    pub phase: Phase,
    /// The games of the match that are over, in order.
    pub games: Vec<GameOver>,
    /// Plays made in the game being played.
    pub plays: u32,
}

/// The largest cube: 4096, as GNU Backgammon's (a double beyond it is not offered).
pub const MAX_CUBE: u16 = 1 << 12;

fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl Match {
    /// A new match of `variant` to `length` points, before the opening throw.
    pub fn new(variant: Variant, length: u16) -> Match {
        Match {
            variant,
            length,
            score: [0, 0],
            cube: 1,
            cube_owner: None,
            crawford: Crawford::Before,
            board: Board::start(),
            on_roll: Side::White,
            phase: Phase::Opening,
            games: Vec::new(),
            plays: 0,
        }
    }

    /// The side that acts next.
    pub fn turn(&self) -> Side {
        match self.phase {
            Phase::Doubled | Phase::Resigning { .. } => self.on_roll.opponent(),
            _ => self.on_roll,
        }
    }

    pub fn score_of(&self, side: Side) -> u16 {
        self.score[index(side)]
    }

    /// The number of the game being played, from 1.
    pub fn game_number(&self) -> usize {
        self.games.len() + usize::from(self.phase != Phase::Over)
    }

    /// The board from `side`'s view.
    pub fn board_of(&self, side: Side) -> Board {
        if side == self.on_roll {
            self.board
        } else {
            self.board.turned()
        }
    }

    /// The match's winner, once over.
    pub fn winner(&self) -> Option<Side> {
        (self.phase == Phase::Over).then(|| {
            if self.score[0] >= self.length {
                Side::White
            } else {
                Side::Black
            }
        })
    }

    /// May the player on roll double before their throw?
    fn may_double(&self) -> bool {
        self.variant.cube()
            && self.crawford != Crawford::ThisGame
            && self.cube_owner.is_none_or(|o| o == self.on_roll)
            && self.cube < MAX_CUBE
    }

    /// The phase a turn begins in.
    fn turn_begins(&mut self) {
        self.phase = if self.may_double() {
            Phase::MayDouble
        } else {
            Phase::Roll
        };
    }

    /// Makes the match one of `variant` to `length` points (none: its own, or the variant's
    /// default): without a cube there is no cube to own or offer.
    pub fn prepare(&mut self, variant: Variant, length: Option<u16>) {
        self.variant = variant;
        if let Some(length) = length {
            self.length = length;
        } else if self.length == 0 {
            self.length = variant.default_length();
        }
        if !variant.cube() {
            self.cube = 1;
            self.cube_owner = None;
            self.crawford = Crawford::Before;
            if matches!(self.phase, Phase::MayDouble | Phase::Doubled) {
                self.turn_begins();
            }
        }
    }

    /// Every legal play of `dice` for the side on roll, once per position it leaves.
    pub fn plays(&self, dice: Dice) -> Vec<Action> {
        self.board
            .plays((dice.first(), dice.second()))
            .into_iter()
            .map(|(s, _)| {
                let mut steps = [Step {
                    from: 0,
                    to: 0,
                    hit: false,
                    die: 0,
                }; 4];
                steps[..s.len()].copy_from_slice(&s);
                Action::Play {
                    steps,
                    len: s.len() as u8,
                }
            })
            .collect()
    }

    /// Every action the side to act may take (throws aside).
    pub fn actions(&self) -> Vec<Action> {
        let resign = || {
            let top = if self.variant == Variant::Tavla {
                Level::Gammon
            } else {
                Level::Backgammon
            };
            Level::ALL
                .into_iter()
                .filter(move |l| *l <= top)
                .map(Action::Resign)
        };
        match self.phase {
            Phase::Opening | Phase::Roll | Phase::Over => Vec::new(),
            Phase::MayDouble => std::iter::once(Action::Double).chain(resign()).collect(),
            Phase::Play(dice) => self.plays(dice).into_iter().chain(resign()).collect(),
            Phase::Doubled => vec![Action::Take, Action::Drop],
            Phase::Resigning { .. } => vec![Action::Accept, Action::Decline],
        }
    }

    /// The dice thrown: the opening's two single dice, or the roll of the player on roll.
    /// Whether they passed the turn (the player on roll has no legal play with them).
    pub fn throw(&mut self, dice: Dice) -> bool {
        match self.phase {
            Phase::Opening => {
                if dice.is_double() {
                    return false;
                }
                let starter = if dice.first() > dice.second() {
                    Side::White
                } else {
                    Side::Black
                };
                self.set_on_roll(starter);
                if self.variant.winner_starts() {
                    // Tavla: the higher die starts, and throws both dice again.
                    self.phase = Phase::Roll;
                    false
                } else {
                    self.phase = Phase::Play(dice);
                    self.pass_if_blocked(dice)
                }
            }
            Phase::Roll | Phase::MayDouble => {
                self.phase = Phase::Play(dice);
                self.pass_if_blocked(dice)
            }
            _ => false,
        }
    }

    /// A throw that gives no legal play passes the turn.
    fn pass_if_blocked(&mut self, dice: Dice) -> bool {
        let blocked = self.board.plays((dice.first(), dice.second())).is_empty();
        if blocked {
            self.next_turn();
        }
        blocked
    }

    fn set_on_roll(&mut self, side: Side) {
        if side != self.on_roll {
            self.board = self.board.turned();
            self.on_roll = side;
        }
    }

    fn next_turn(&mut self) {
        let next = self.on_roll.opponent();
        self.set_on_roll(next);
        self.turn_begins();
    }

    /// Plays an action already judged legal.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::Play { .. } => {
                self.board = self.board.after(action.steps());
                self.plays += 1;
                if self.board.off() == CHECKERS {
                    let level = self.level_won();
                    self.game_won(self.on_roll, level, GameEnd::BoreOff);
                } else {
                    self.next_turn();
                }
            }
            Action::Double => self.phase = Phase::Doubled,
            Action::Take => {
                self.cube *= 2;
                self.cube_owner = Some(self.on_roll.opponent());
                self.phase = Phase::Roll;
            }
            Action::Drop => self.game_won(self.on_roll, Level::Single, GameEnd::Dropped),
            Action::Resign(level) => {
                let dice = match self.phase {
                    Phase::Play(d) => Some(d),
                    _ => None,
                };
                self.phase = Phase::Resigning { level, dice };
            }
            Action::Accept => {
                if let Phase::Resigning { level, .. } = self.phase {
                    self.game_won(self.on_roll.opponent(), level, GameEnd::Resigned);
                }
            }
            Action::Decline => {
                if let Phase::Resigning { dice, .. } = self.phase {
                    match dice {
                        Some(d) => self.phase = Phase::Play(d),
                        None => self.turn_begins(),
                    }
                }
            }
        }
    }

    /// The level of the game the side on roll has just won by bearing off.
    fn level_won(&self) -> Level {
        let loser = &self.board.theirs;
        if self.board.their_off() > 0 {
            return Level::Single;
        }
        // The loser's checkers on the bar or in the winner's home board (points 1–6 from the
        // winner's side, the loser's 19–24 and bar from theirs).
        let stuck = loser[25] > 0 || (19..=24).any(|p| loser[p] > 0);
        if self.variant == Variant::Backgammon && stuck {
            Level::Backgammon
        } else {
            Level::Gammon
        }
    }

    fn game_won(&mut self, winner: Side, level: Level, how: GameEnd) {
        let points = level.points() * self.cube;
        self.games.push(GameOver {
            winner,
            points,
            level,
            cube: self.cube,
            how,
        });
        let i = index(winner);
        let before = self.score[i];
        self.score[i] = before.saturating_add(points);
        if self.score[i] >= self.length {
            self.phase = Phase::Over;
            return;
        }
        self.crawford = match self.crawford {
            Crawford::Before
                if self.variant.cube()
                    && before < self.length - 1
                    && self.score[i] == self.length - 1 =>
            {
                Crawford::ThisGame
            }
            Crawford::ThisGame => Crawford::After,
            c => c,
        };
        self.cube = 1;
        self.cube_owner = None;
        self.board = Board::start();
        self.plays = 0;
        if self.variant.winner_starts() {
            self.on_roll = winner;
            self.turn_begins();
        } else {
            self.on_roll = Side::White;
            self.phase = Phase::Opening;
        }
    }

    /// The position's text: GNU Backgammon's position ID and match ID, `4HPwATDgc/ABMA:cAkAAAAAAAAA`.
    pub fn text(&self) -> String {
        format!(
            "{}:{}",
            position_id::write(&self.board),
            self.match_id().write()
        )
    }

    pub fn match_id(&self) -> MatchId {
        let (dice, double_offered, resignation) = match self.phase {
            Phase::Play(d) => ((d.first(), d.second()), false, 0),
            Phase::Doubled => ((0, 0), true, 0),
            Phase::Resigning { level, dice } => (
                dice.map_or((0, 0), |d| (d.first(), d.second())),
                false,
                level as u8,
            ),
            _ => ((0, 0), false, 0),
        };
        MatchId {
            cube_log2: self.cube.trailing_zeros() as u8,
            cube_owner: self.cube_owner,
            on_roll: self.on_roll,
            crawford: self.crawford == Crawford::ThisGame,
            game_state: match self.phase {
                Phase::Opening => 0,
                Phase::Over => 2,
                _ => 1,
            },
            turn: self.turn(),
            double_offered,
            resignation,
            dice,
            length: self.length,
            score: self.score,
        }
    }

    /// A position from its text (position ID and match ID, or a position ID alone for the
    /// player on roll of a new single game), for `variant`. `None` where it is no position of a
    /// match that goes on.
    pub fn read(text: &str, variant: Variant) -> Option<Match> {
        let (pos, id) = match text.trim().split_once(':') {
            Some((p, m)) => (p, Some(MatchId::read(m)?)),
            None => (text.trim(), None),
        };
        let board = position_id::read(pos)?;
        // Without a match ID the length is the creation's, or the rule set's default.
        let mut m = Match::new(variant, 0);
        m.board = board;
        let Some(id) = id else {
            m.turn_begins();
            return Some(m);
        };
        if id.length == 0 || id.game_state != 1 || id.score.iter().any(|s| *s >= id.length) {
            return None;
        }
        // A cube beyond the largest, or a double offered of the largest, is no position here.
        let cube = 1u32 << id.cube_log2;
        if cube > u32::from(MAX_CUBE) || (id.double_offered && cube >= u32::from(MAX_CUBE)) {
            return None;
        }
        if !variant.cube() && (id.cube_log2 > 0 || id.cube_owner.is_some() || id.double_offered) {
            return None;
        }
        m.length = id.length;
        m.score = id.score;
        m.cube = 1 << id.cube_log2;
        m.cube_owner = id.cube_owner;
        m.on_roll = id.on_roll;
        m.crawford = if id.crawford {
            Crawford::ThisGame
        } else if variant.cube() && id.score.iter().any(|s| *s == id.length - 1) {
            Crawford::After
        } else {
            Crawford::Before
        };
        let dice = match id.dice {
            (0, 0) => None,
            (a, b) => Some(Dice::new(a, b).ok()?),
        };
        let level = match id.resignation {
            0 => None,
            1 => Some(Level::Single),
            2 => Some(Level::Gammon),
            _ => Some(Level::Backgammon),
        };
        m.phase = match (dice, id.double_offered, level) {
            (None, true, None) if id.turn != id.on_roll => Phase::Doubled,
            (dice, false, Some(level)) if id.turn != id.on_roll => Phase::Resigning { level, dice },
            (Some(d), false, None) if id.turn == id.on_roll => Phase::Play(d),
            (None, false, None) if id.turn == id.on_roll => {
                m.turn_begins();
                m.phase
            }
            _ => return None,
        };
        if let Phase::Play(d) = m.phase {
            if m.plays(d).is_empty() {
                return None;
            }
        }
        Some(m)
    }

    /// The text of an action, as the log writes it for people and as its code.
    pub fn action_text(&self, action: &Action) -> String {
        match action {
            Action::Play { .. } => notation::write(&self.board, action.steps()),
            Action::Double => "double".into(),
            Action::Take => "take".into(),
            Action::Drop => "drop".into(),
            Action::Resign(level) => format!("resign {}", level.word(self.variant)),
            Action::Accept => "accept".into(),
            Action::Decline => "decline".into(),
        }
    }

    /// The legal actions a text may name: a play (`24/18 13/11`) or a word (`double`, `take`,
    /// `drop`, `resign gammon`, `accept`, `decline`, and their Turkish: `katla`, `al`, `bırak`,
    /// `çekil mars`, `kabul`, `ret`). `None` where it names none at all.
    pub fn read_action(&self, text: &str) -> Option<Vec<Action>> {
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let word = match words[..] {
            ["double" | "katla"] => Some(Action::Double),
            ["take" | "al"] => Some(Action::Take),
            ["drop" | "pass" | "bırak"] => Some(Action::Drop),
            ["accept" | "kabul"] => Some(Action::Accept),
            ["decline" | "ret"] => Some(Action::Decline),
            ["resign" | "çekil", level] => Some(Action::Resign(Level::from_word(level)?)),
            _ => None,
        };
        let legal = self.actions();
        if let Some(word) = word {
            return Some(legal.into_iter().filter(|a| *a == word).collect());
        }
        let written = notation::read(&self.board, &lower)?;
        let mut found: Vec<Action> = legal
            .into_iter()
            .filter(|a| match a {
                Action::Play { .. } => {
                    let after = self.board.after(a.steps());
                    after.mine == written.mine
                        && written.hits.iter().all(|&p| {
                            after.theirs[usize::from(p)] == 0
                                && self.board.theirs[usize::from(p)] == 1
                        })
                }
                _ => false,
            })
            .collect();
        if found.len() > 1 {
            // Where plays differ only in hits, the one that hits just where the text says.
            let exact: Vec<Action> = found
                .iter()
                .filter(|a| {
                    let mut hit: Vec<u8> =
                        a.steps().iter().filter(|s| s.hit).map(|s| s.to).collect();
                    hit.sort_unstable();
                    hit.dedup();
                    hit == written.hits
                })
                .copied()
                .collect();
            if exact.len() == 1 {
                found = exact;
            }
        }
        Some(found)
    }
}
