//! A tournament: an append-only log of its own events (created, players registered and
//! withdrawn, byes requested, rounds paired and published, results recorded and corrected,
//! rounds closed), folded by a pure decider as a game's log is. Pairings come from the `pairing` crate on the
//! tournament as a report file (`Tournament::report`): the Dutch system for a Swiss, FIDE's
//! Berger tables for a round robin.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::game::{Actor, RuleSet, TimeControl, Timestamp, Visibility};
use crate::ids::{GameId, PlayerId};
use pairing::berger;
use pairing::dutch;
use pairing::trf;

mod cup;
mod decide;
mod event;
mod evolve;
mod import;
mod rejection;
mod standings;

pub use cup::{
    BracketPart, CupPlay, CupTerms, Decision, MatchGame, MatchRef, SeedingRule, ShownMatch,
    ShownRound, TieRule,
};
pub use decide::decide;
pub use event::*;
pub use evolve::{evolve, replay};
pub use import::*;
pub use rejection::*;
pub use standings::*;

/// How the tournament is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// FIDE Dutch (C.04.3, 2025 rules).
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
    /// A cup: single elimination, each pairing a match.
    Knockout,
    /// A cup in which a player is out after a second loss: a losers' bracket, and a grand final
    /// played again if the losers' bracket's winner wins it.
    DoubleElimination,
}

impl System {
    /// Whether it is a cup's.
    pub fn is_cup(self) -> bool {
        matches!(self, System::Knockout | System::DoubleElimination)
    }

    /// Its name in the contract.
    pub fn code(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round_robin",
            System::DoubleRoundRobin => "double_round_robin",
            System::Knockout => "knockout",
            System::DoubleElimination => "double_elimination",
        }
    }
}

/// Points for each result, in tenths (a win 10, a draw 5 by default; 3-1-0 is 30, 10, 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: i32,
    pub draw: i32,
    pub loss: i32,
    /// The pairing-allocated bye.
    pub pairing_bye: i32,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: 10,
            draw: 5,
            loss: 0,
            pairing_bye: 10,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentCreated {
    pub name: String,
    pub system: System,
    /// Rounds in all (a round robin: as its table gives them).
    pub rounds: u16,
    pub scoring: Scoring,
    /// The colour of the top-ranked player in round 1 (drawn by lot before the tournament, and
    /// given here: the decider draws nothing).
    pub first_colour_white: bool,
    /// The Baku acceleration (Swiss only).
    pub baku: bool,
    /// Its arbiters (its creator among them), who run it (the instance's admin too).
    #[serde(default)]
    pub arbiters: Vec<PlayerId>,
    /// Its organisers, who run it as its arbiters do.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub organisers: Vec<PlayerId>,
    /// Where it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Its first and last days (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
    /// How its games are played.
    #[serde(default)]
    pub play: Play,
    /// Whether a player may ask for a half-point bye (a zero-point one they always may).
    #[serde(default = "yes")]
    pub half_point_byes: bool,
    /// The standings' tie-breaks from the start (none: FIDE's recommendation for the system).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<String>>,
    /// Who may read it and its games, as its creator chose; none: as [`Tournament::visibility`]
    /// says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility: Option<Visibility>,
    /// A cup's terms (none: the usual ones, or not a cup).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cup: Option<CupTerms>,
}

impl TournamentCreated {
    /// Whether `player` runs the tournament: one of its arbiters or organisers.
    pub fn run_by(&self, player: PlayerId) -> bool {
        self.arbiters.contains(&player) || self.organisers.contains(&player)
    }

    /// A tournament over the board with the usual settings: 1-½-0, White first, no
    /// acceleration, half-point byes allowed, FIDE's tie-breaks.
    pub fn new(name: &str, system: System, rounds: u16, arbiters: Vec<PlayerId>) -> Self {
        TournamentCreated {
            name: name.to_owned(),
            system,
            rounds,
            scoring: Scoring::default(),
            first_colour_white: true,
            baku: false,
            arbiters,
            organisers: Vec::new(),
            place: None,
            start_date: None,
            end_date: None,
            play: Play::OverTheBoard,
            half_point_byes: true,
            tiebreaks: None,
            visibility: None,
            cup: None,
        }
    }
}

fn yes() -> bool {
    true
}

/// How a tournament's games are played.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Play {
    /// At the board: the arbiter enters the results.
    #[default]
    OverTheBoard,
    /// In zarf: publishing a round creates its games, whose results come back by themselves.
    Online(OnlineGames),
}

/// The games an online tournament's rounds create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineGames {
    /// The game played (`checkers`, …); absent for chess, as in logs written before there was
    /// another game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    pub time_control: TimeControl,
    #[serde(default)]
    pub rules: RuleSet,
    /// Each round's games start from an opening of the game's ballot (checkers: the three-move
    /// ballot), one drawn by lot for the round; a round that repeats an earlier one with the
    /// colours reversed (a double round robin's second cycle) plays that round's opening again.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ballot: bool,
    /// The points to win each board's match, where the game is played as a match (tavla); none:
    /// the rule set's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_length: Option<u16>,
    /// How the endgame tablebases may decide the games (chess; absent: not at all).
    #[serde(
        default,
        skip_serializing_if = "crate::game::tablebase::TablebaseRule::is_off"
    )]
    pub tablebase: crate::game::tablebase::TablebaseRule,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The game a board of a published round is played as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    /// The board's player with White.
    pub white: PlayerId,
    pub game: GameId,
}

/// A player as entered: their number is the order of entry (the starting rank is fixed when
/// round 1 is paired: rating, then name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub player: PlayerId,
    pub name: String,
    pub rating: Option<u16>,
    /// The school and class the player plays for (school and class standings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub school: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u16>,
    /// A pupil: a player a school's organiser made, whom the tournament hides by default.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pupil: bool,
}

/// A game of a round (`black` none: the pairing-allocated bye).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub white: PlayerId,
    pub black: Option<PlayerId>,
}

/// A board's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
    /// `+/-`: Black did not play.
    WhiteWinsByForfeit,
    /// `-/+`
    BlackWinsByForfeit,
    /// `0-0`: neither played.
    DoubleForfeit,
}

/// A bye a player asked for: half a point or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    Half,
    Zero,
    /// A full point (an imported tournament's `F`).
    Full,
}

/// A round: its boards with their results, and its publication.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub boards: Vec<(Pairing, Option<Outcome>)>,
    pub published: Option<Publication>,
    /// Boards played over the board that go on as games in zarf (an adjourned game and its
    /// sealed move).
    pub attached: Vec<BoardGame>,
}

/// A round made public.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Publication {
    pub at: Timestamp,
    /// Who published it (an online round's games are created as theirs).
    pub by: Actor,
    pub starts_at: Option<Timestamp>,
    /// An online round's games, by board.
    pub games: Vec<BoardGame>,
    /// The opening of the game's ballot its games start from.
    pub ballot: Option<u16>,
}

impl Round {
    /// Boards still without a result (the pairing-allocated bye has its own).
    pub fn missing(&self) -> usize {
        self.boards
            .iter()
            .filter(|(p, o)| p.black.is_some() && o.is_none())
            .count()
    }

    /// The game of the board White plays on.
    pub fn game_of(&self, white: PlayerId) -> Option<GameId> {
        self.games().find(|g| g.white == white).map(|g| g.game)
    }

    /// The round's games in zarf: an online round's, and boards continued in zarf.
    pub fn games(&self) -> impl Iterator<Item = &BoardGame> {
        let published = self.published.iter().flat_map(|p| p.games.iter());
        published.chain(self.attached.iter())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub entrant: Entrant,
    /// The round from which they are not paired.
    pub withdrawn_from: Option<u16>,
    /// Byes asked for, by round.
    pub byes: Vec<(u16, ByeKind)>,
    /// The first round they could be paired in (a late entry's earlier rounds are unplayed).
    pub entered_for: u16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub setup: TournamentCreated,
    pub created_at: Timestamp,
    /// Events folded: the log's version.
    pub events: u64,
    /// The standings' tie-breaks as set; none: FIDE's recommendation for the system.
    pub tiebreaks: Option<Vec<String>>,
    pub finished: bool,
    /// In starting rank once round 1 is paired; before, in order of entry.
    pub players: Vec<Player>,
    /// Players who asked to enter and are not entered yet, in the order they asked.
    pub asked: Vec<PlayerId>,
    /// Players invited by whoever runs it and not entered yet, in the order invited.
    pub invited: Vec<PlayerId>,
    /// Players who declined an invitation: not invited again (they may still ask to enter).
    pub declined: Vec<PlayerId>,
    pub rounds: Vec<Round>,
    /// A cup's bracket and matches, once it is drawn.
    pub cup: Option<CupPlay>,
}

impl Tournament {
    /// A cup's terms: as set when it was made, else the usual ones.
    pub fn cup_terms(&self) -> CupTerms {
        self.setup.cup.clone().unwrap_or_default()
    }

    /// Whether a cup may have something to catch up on: drawn and not finished, or finished
    /// with a game still being played.
    pub fn cup_in_play(&self) -> bool {
        self.cup.as_ref().is_some_and(|c| {
            !self.finished || c.games.values().flatten().any(|g| g.outcome.is_none())
        })
    }

    /// Whether entries are closed: a round robin's from its first round, a cup's from its draw.
    pub fn entries_closed(&self) -> bool {
        match self.setup.system {
            System::Swiss => false,
            System::RoundRobin | System::DoubleRoundRobin => !self.rounds.is_empty(),
            System::Knockout | System::DoubleElimination => self.cup.is_some(),
        }
    }

    /// Who may read the tournament and its games: as its creator chose, else only its
    /// participants once a pupil plays in it, anyone before.
    pub fn visibility(&self) -> Visibility {
        self.setup.visibility.unwrap_or_else(|| {
            if self.players.iter().any(|p| p.entrant.pupil) {
                Visibility::Participants
            } else {
                Visibility::Public
            }
        })
    }

    /// Whether `player` takes part: one of its players, arbiters or organisers.
    pub fn participant(&self, player: PlayerId) -> bool {
        self.setup.run_by(player) || self.players.iter().any(|p| p.entrant.player == player)
    }

    /// Whether `player` may read it as one who takes part: a participant, or a player invited
    /// to enter, who reads it (not its games) to choose.
    pub fn reads_as_participant(&self, player: PlayerId) -> bool {
        self.participant(player) || self.invited.contains(&player)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum TournamentState {
    #[default]
    NotCreated,
    Created(Box<Tournament>),
}
