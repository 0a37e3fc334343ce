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

/// How the tournament is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// FIDE Dutch (C.04.3, 2025 rules).
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
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

/// The creation is the largest by far and comes once in a log: kept inline, not boxed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum TournamentEventBody {
    Created(TournamentCreated),
    PlayerRegistered(Entrant),
    /// Not paired from round `from_round` on.
    PlayerWithdrawn {
        player: PlayerId,
        from_round: u16,
    },
    ByeRequested {
        player: PlayerId,
        round: u16,
        kind: ByeKind,
    },
    /// The round's pairs in board order; the starting rank (players in order) with round 1.
    RoundPaired {
        round: u16,
        pairings: Vec<Pairing>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        ranking: Vec<PlayerId>,
    },
    ResultRecorded {
        round: u16,
        white: PlayerId,
        outcome: Outcome,
    },
    ResultCorrected {
        round: u16,
        white: PlayerId,
        outcome: Outcome,
        reason: String,
    },
    /// The arbiter's own pairing of a round (colours exchanged, pairs changed); the results of
    /// boards that stay as they were are kept.
    PairingChanged {
        round: u16,
        pairings: Vec<Pairing>,
        reason: String,
    },
    /// The round's pairing made public (players told); an online round's games, one per
    /// board, starting at `starts_at`.
    RoundPublished {
        round: u16,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "time::serde::rfc3339::option"
        )]
        starts_at: Option<Timestamp>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        games: Vec<BoardGame>,
        /// The opening of the game's ballot the round's games start from (its number).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ballot: Option<u16>,
    },
    /// A board played over the board goes on as a game in zarf (adjourned, with its sealed
    /// move): its result comes from the game.
    GameAttached {
        round: u16,
        white: PlayerId,
        game: GameId,
    },
    /// What follows, up to the next round paired here, was imported from a report file of a
    /// tournament played elsewhere: `rounds` rounds of `players` players.
    Imported {
        rounds: u16,
        players: usize,
    },
    /// The round's last result is in: its standings stand (a correction may still change them).
    RoundClosed {
        round: u16,
    },
    /// The tie-breaks of the standings, in order (C.07 codes).
    TiebreaksSet {
        codes: Vec<String>,
    },
    /// Every round paired and every result in.
    Finished,
}

impl TournamentEventBody {
    /// The event's type, as its JSON names it.
    pub fn type_name(&self) -> &'static str {
        use TournamentEventBody as E;
        match self {
            E::Created(_) => "created",
            E::PlayerRegistered(_) => "player_registered",
            E::PlayerWithdrawn { .. } => "player_withdrawn",
            E::ByeRequested { .. } => "bye_requested",
            E::RoundPaired { .. } => "round_paired",
            E::ResultRecorded { .. } => "result_recorded",
            E::ResultCorrected { .. } => "result_corrected",
            E::PairingChanged { .. } => "pairing_changed",
            E::RoundPublished { .. } => "round_published",
            E::Imported { .. } => "imported",
            E::GameAttached { .. } => "game_attached",
            E::RoundClosed { .. } => "round_closed",
            E::TiebreaksSet { .. } => "tiebreaks_set",
            E::Finished => "finished",
        }
    }
}

/// One entry of a tournament's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TournamentEvent {
    #[serde(with = "time::serde::rfc3339")]
    pub at: Timestamp,
    pub actor: Actor,
    #[serde(flatten)]
    pub body: TournamentEventBody,
}

/// Creating is the largest command by far and comes once a tournament: kept inline.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Command {
    Create(TournamentCreated),
    Register(Entrant),
    Withdraw {
        player: PlayerId,
    },
    RequestBye {
        player: PlayerId,
        round: u16,
        kind: ByeKind,
    },
    PairNextRound,
    RecordResult {
        round: u16,
        white: PlayerId,
        outcome: Outcome,
    },
    CorrectResult {
        round: u16,
        white: PlayerId,
        outcome: Outcome,
        reason: String,
    },
    /// Replace a round's pairing; once a result of it is in, only `despite_results`.
    ChangePairing {
        round: u16,
        pairings: Vec<Pairing>,
        reason: String,
        despite_results: bool,
    },
    SetTiebreaks {
        codes: Vec<String>,
    },
    /// Publish the latest round; online, `games` are the ids of its games, drawn by the caller,
    /// one for each board that is not a bye, in board order.
    PublishRound {
        round: u16,
        starts_at: Option<Timestamp>,
        games: Vec<GameId>,
        /// Entropy the caller drew, from which an online round with a ballot draws its opening
        /// (the domain draws nothing by itself).
        lot: u64,
    },
    Finish,
    /// Continue a board of a round as game `game` in zarf (created by the caller).
    AttachGame {
        round: u16,
        white: PlayerId,
        game: GameId,
    },
    /// Start the tournament from one played elsewhere ([`import`]).
    Import(Box<Imported>),
}

/// A tournament played elsewhere, as far as it went: its setup, its players in starting rank,
/// and its rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub setup: TournamentCreated,
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<ImportedRound>,
}

/// A round played elsewhere: its boards with their results, and the byes and absences.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImportedRound {
    pub boards: Vec<(Pairing, Option<Outcome>)>,
    pub byes: Vec<(PlayerId, ByeKind)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    #[error("the tournament does not exist")]
    NoSuchTournament,
    #[error("the tournament already exists")]
    TournamentExists,
    #[error("only the tournament's arbiter may do this")]
    ArbiterOnly,
    #[error("{0} is already registered")]
    AlreadyRegistered(PlayerId),
    #[error("{0} is not in this tournament")]
    NotAnEntrant(PlayerId),
    #[error("{0} has withdrawn")]
    Withdrawn(PlayerId),
    #[error("round {round} has {missing} board(s) without a result")]
    ResultsMissing { round: u16, missing: usize },
    #[error("all {0} rounds are paired")]
    AllRoundsPaired(u16),
    #[error("round {0} is already paired")]
    RoundAlreadyPaired(u16),
    #[error("round {0} is not paired")]
    RoundNotPaired(u16),
    #[error("no board of round {round} has {white} with White")]
    NoSuchBoard { round: u16, white: PlayerId },
    #[error("the board already has a result: correct it, with a reason")]
    ResultExists,
    #[error("the board has no result to correct")]
    NoResult,
    #[error("a correction needs a reason")]
    ReasonMissing,
    #[error("the pairing bye's result is fixed")]
    ByeHasNoResult,
    #[error("a round robin needs its players before round 1")]
    RoundRobinClosed,
    #[error("{0}")]
    NoPairing(Unpairable),
    #[error("a result of round {0} is in: say that the pairing changes despite it")]
    ResultsIn(u16),
    #[error("the new pairing must seat the same players, each once: {0}")]
    NotTheSamePlayers(PlayerId),
    #[error("{0:?} is not a FIDE tie-break")]
    UnknownTiebreak(String),
    #[error("the tournament is not over: round {0} is still to be played")]
    NotOver(u16),
    #[error("the tournament is finished")]
    Finished,
    #[error("round {0} is already published")]
    AlreadyPublished(u16),
    #[error("round {0} is not the latest round")]
    NotTheLatestRound(u16),
    #[error("round {0}'s games are being played: its pairing stays")]
    GamesStarted(u16),
    #[error("this tournament allows no half-point byes")]
    NoHalfPointByes,
    #[error("{0} game ids are needed")]
    GameIdsMissing(usize),
    #[error("the board of round {0} is already a game in zarf")]
    GameAttached(u16),
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unpairable {
    #[error("a round needs at least two players")]
    TooFewPlayers,
    /// No pairing of the round satisfies the absolute criteria (C.04.3: no two players meet
    /// twice, no bye for a player who had one or won without playing, colours within limits).
    #[error("no pairing of round {0} satisfies the absolute criteria")]
    Criteria(u16),
    #[error("the Baku acceleration needs a win to be worth two draws and a loss nothing")]
    BakuScoring,
    #[error("too many players or score groups for the pairing's weights")]
    TooLarge,
    /// The tournament's own report could not be paired (the pairing engine's reason).
    #[error("{0}")]
    Report(String),
}

impl From<dutch::DutchError> for Unpairable {
    fn from(e: dutch::DutchError) -> Unpairable {
        match e {
            dutch::DutchError::NoPairing(round) => {
                Unpairable::Criteria(u16::try_from(round).unwrap_or(u16::MAX))
            }
            dutch::DutchError::BakuScoring => Unpairable::BakuScoring,
            dutch::DutchError::TooLarge => Unpairable::TooLarge,
            e => Unpairable::Report(e.to_string()),
        }
    }
}

impl Rejection {
    /// The message's key in the translations (`tournament-` and the code; why no pairing is
    /// possible has one of its own).
    pub fn key(&self) -> String {
        let why = match self {
            Rejection::NoPairing(Unpairable::TooFewPlayers) => "-few-players",
            Rejection::NoPairing(Unpairable::Criteria(_)) => "-criteria",
            Rejection::NoPairing(Unpairable::BakuScoring) => "-baku",
            Rejection::NoPairing(Unpairable::TooLarge) => "-too-large",
            _ => "",
        };
        format!("tournament-{}{why}", self.code().replace('_', "-"))
    }

    /// The values the message names.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        use Rejection as R;
        match self {
            R::AlreadyRegistered(p) | R::NotAnEntrant(p) | R::Withdrawn(p) => {
                vec![("player", p.to_string())]
            }
            R::NotTheSamePlayers(p) => vec![("player", p.to_string())],
            R::ResultsMissing { round, missing } => {
                vec![
                    ("round", round.to_string()),
                    ("missing", missing.to_string()),
                ]
            }
            R::AllRoundsPaired(n)
            | R::RoundAlreadyPaired(n)
            | R::RoundNotPaired(n)
            | R::ResultsIn(n)
            | R::AlreadyPublished(n)
            | R::NotTheLatestRound(n)
            | R::GamesStarted(n)
            | R::GameAttached(n)
            | R::NotOver(n) => vec![("round", n.to_string())],
            R::GameIdsMissing(n) => vec![("count", n.to_string())],
            R::NoSuchBoard { round, white } => {
                vec![("round", round.to_string()), ("player", white.to_string())]
            }
            R::NoPairing(Unpairable::Criteria(round)) => vec![("round", round.to_string())],
            R::NoPairing(Unpairable::Report(reason)) => vec![("reason", reason.clone())],
            R::UnknownTiebreak(code) => vec![("code", code.clone())],
            _ => Vec::new(),
        }
    }

    /// One of each kind, for the translations' tests.
    pub fn examples() -> Vec<Rejection> {
        let p = PlayerId::from_uuid(uuid::Uuid::from_u128(1));
        use Rejection as R;
        vec![
            R::NoSuchTournament,
            R::TournamentExists,
            R::ArbiterOnly,
            R::AlreadyRegistered(p),
            R::NotAnEntrant(p),
            R::Withdrawn(p),
            R::ResultsMissing {
                round: 2,
                missing: 3,
            },
            R::AllRoundsPaired(9),
            R::RoundAlreadyPaired(2),
            R::RoundNotPaired(4),
            R::NoSuchBoard { round: 1, white: p },
            R::ResultExists,
            R::NoResult,
            R::ReasonMissing,
            R::ByeHasNoResult,
            R::RoundRobinClosed,
            R::NoPairing(Unpairable::TooFewPlayers),
            R::NoPairing(Unpairable::Criteria(5)),
            R::NoPairing(Unpairable::BakuScoring),
            R::NoPairing(Unpairable::TooLarge),
            R::NoPairing(Unpairable::Report("all 9 rounds are paired".into())),
            R::ResultsIn(3),
            R::NotTheSamePlayers(p),
            R::UnknownTiebreak("XY".into()),
            R::NotOver(7),
            R::Finished,
            R::AlreadyPublished(2),
            R::NotTheLatestRound(1),
            R::GamesStarted(3),
            R::NoHalfPointByes,
            R::GameIdsMissing(20),
            R::GameAttached(4),
        ]
    }

    /// The error code the API answers with.
    pub fn code(&self) -> &'static str {
        use Rejection as R;
        match self {
            R::NoSuchTournament => "not_found",
            R::TournamentExists => "tournament_exists",
            R::ArbiterOnly => "forbidden",
            R::AlreadyRegistered(_) => "already_registered",
            R::NotAnEntrant(_) => "not_an_entrant",
            R::Withdrawn(_) => "withdrawn",
            R::ResultsMissing { .. } => "results_missing",
            R::AllRoundsPaired(_) => "all_rounds_paired",
            R::RoundAlreadyPaired(_) => "round_already_paired",
            R::RoundNotPaired(_) => "round_not_paired",
            R::NoSuchBoard { .. } => "no_such_board",
            R::ResultExists => "result_exists",
            R::NoResult => "no_result",
            R::ReasonMissing => "reason_missing",
            R::ByeHasNoResult => "bye_has_no_result",
            R::RoundRobinClosed => "round_robin_closed",
            R::NoPairing(_) => "no_valid_pairing",
            R::ResultsIn(_) => "results_in",
            R::NotTheSamePlayers(_) => "not_the_same_players",
            R::UnknownTiebreak(_) => "unknown_tiebreak",
            R::NotOver(_) => "not_over",
            R::Finished => "tournament_finished",
            R::AlreadyPublished(_) => "already_published",
            R::NotTheLatestRound(_) => "not_the_latest_round",
            R::GamesStarted(_) => "games_started",
            R::NoHalfPointByes => "no_half_point_byes",
            R::GameIdsMissing(_) => "game_ids_missing",
            R::GameAttached(_) => "game_attached",
        }
    }
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
    pub rounds: Vec<Round>,
}

impl Tournament {
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
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum TournamentState {
    #[default]
    NotCreated,
    Created(Box<Tournament>),
}

/// The acting account may run the tournament: one of its arbiters or organisers, the admin,
/// or the service.
fn may_run(actor: Actor, setup: &TournamentCreated) -> bool {
    match actor {
        Actor::Arbiter(p) => setup.run_by(p),
        Actor::Admin | Actor::System => true,
        Actor::Player(_) => false,
    }
}

pub fn decide(
    state: &TournamentState,
    command: Command,
    at: Timestamp,
    actor: Actor,
) -> Result<Vec<TournamentEvent>, Rejection> {
    let stamp = |body| TournamentEvent { at, actor, body };
    let t = match (state, &command) {
        (TournamentState::NotCreated, Command::Create(created)) => {
            if !may_run(actor, created) {
                return Err(Rejection::ArbiterOnly);
            }
            if let Some(codes) = &created.tiebreaks {
                known_tiebreaks(codes)?;
            }
            return Ok(vec![stamp(TournamentEventBody::Created(created.clone()))]);
        }
        (TournamentState::NotCreated, Command::Import(imported)) => {
            if !may_run(actor, &imported.setup) {
                return Err(Rejection::ArbiterOnly);
            }
            return Ok(imported_events(imported).into_iter().map(stamp).collect());
        }
        (TournamentState::NotCreated, _) => return Err(Rejection::NoSuchTournament),
        (TournamentState::Created(_), Command::Create(_) | Command::Import(_)) => {
            return Err(Rejection::TournamentExists)
        }
        (TournamentState::Created(t), _) => t,
    };
    if !may_run(actor, &t.setup) {
        return Err(Rejection::ArbiterOnly);
    }
    if t.finished {
        return Err(Rejection::Finished);
    }
    let body = match command {
        Command::Create(_) | Command::Import(_) => unreachable!("answered above"),
        Command::Register(entrant) => {
            if t.player(entrant.player).is_some() {
                return Err(Rejection::AlreadyRegistered(entrant.player));
            }
            if t.setup.system != System::Swiss && !t.rounds.is_empty() {
                return Err(Rejection::RoundRobinClosed);
            }
            TournamentEventBody::PlayerRegistered(entrant)
        }
        Command::Withdraw { player } => {
            let p = t.player(player).ok_or(Rejection::NotAnEntrant(player))?;
            if p.withdrawn_from.is_some() {
                return Err(Rejection::Withdrawn(player));
            }
            TournamentEventBody::PlayerWithdrawn {
                player,
                from_round: t.next_round(),
            }
        }
        Command::RequestBye {
            player,
            round,
            kind,
        } => {
            let p = t.player(player).ok_or(Rejection::NotAnEntrant(player))?;
            if p.withdrawn_from.is_some() {
                return Err(Rejection::Withdrawn(player));
            }
            if round < t.next_round() {
                return Err(Rejection::RoundAlreadyPaired(round));
            }
            if round > t.setup.rounds {
                return Err(Rejection::AllRoundsPaired(t.setup.rounds));
            }
            if kind == ByeKind::Half && !t.setup.half_point_byes {
                return Err(Rejection::NoHalfPointByes);
            }
            TournamentEventBody::ByeRequested {
                player,
                round,
                kind,
            }
        }
        Command::PairNextRound => {
            let round = t.next_round();
            if t.players.len() < 2 {
                return Err(Rejection::NoPairing(Unpairable::TooFewPlayers));
            }
            if let Some(last) = t.rounds.last() {
                let missing = last.missing();
                if missing > 0 {
                    return Err(Rejection::ResultsMissing {
                        round: round - 1,
                        missing,
                    });
                }
            }
            if round > t.setup.rounds {
                return Err(Rejection::AllRoundsPaired(t.setup.rounds));
            }
            let (pairings, ranking) = t.pair(round)?;
            TournamentEventBody::RoundPaired {
                round,
                pairings,
                ranking,
            }
        }
        Command::RecordResult {
            round,
            white,
            outcome,
        } => {
            if t.board(round, white)?.1.is_some() {
                return Err(Rejection::ResultExists);
            }
            let recorded = TournamentEventBody::ResultRecorded {
                round,
                white,
                outcome,
            };
            if t.rounds[usize::from(round) - 1].missing() == 1 {
                return Ok(vec![
                    stamp(recorded),
                    stamp(TournamentEventBody::RoundClosed { round }),
                ]);
            }
            recorded
        }
        Command::CorrectResult {
            round,
            white,
            outcome,
            reason,
        } => {
            if reason.trim().is_empty() {
                return Err(Rejection::ReasonMissing);
            }
            if t.board(round, white)?.1.is_none() {
                return Err(Rejection::NoResult);
            }
            TournamentEventBody::ResultCorrected {
                round,
                white,
                outcome,
                reason,
            }
        }
        Command::ChangePairing {
            round,
            pairings,
            reason,
            despite_results,
        } => {
            if reason.trim().is_empty() {
                return Err(Rejection::ReasonMissing);
            }
            let old = t
                .rounds
                .get(usize::from(round).wrapping_sub(1))
                .ok_or(Rejection::RoundNotPaired(round))?;
            if old.published.as_ref().is_some_and(|p| !p.games.is_empty()) {
                return Err(Rejection::GamesStarted(round));
            }
            if !despite_results && old.boards.iter().any(|(_, o)| o.is_some()) {
                return Err(Rejection::ResultsIn(round));
            }
            let before = seated(old.boards.iter().map(|(p, _)| p));
            let after = seated(pairings.iter());
            if let Some(odd) = after.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]) {
                return Err(Rejection::NotTheSamePlayers(odd));
            }
            if let Some(odd) = after
                .iter()
                .find(|p| !before.contains(p))
                .or_else(|| before.iter().find(|p| !after.contains(p)))
            {
                return Err(Rejection::NotTheSamePlayers(*odd));
            }
            TournamentEventBody::PairingChanged {
                round,
                pairings,
                reason,
            }
        }
        Command::SetTiebreaks { codes } => {
            known_tiebreaks(&codes)?;
            TournamentEventBody::TiebreaksSet { codes }
        }
        Command::PublishRound {
            round,
            starts_at,
            games,
            lot,
        } => {
            let latest = t.next_round() - 1;
            let r = t
                .rounds
                .get(usize::from(round).wrapping_sub(1))
                .ok_or(Rejection::RoundNotPaired(round))?;
            if round != latest {
                return Err(Rejection::NotTheLatestRound(round));
            }
            if r.published.is_some() {
                return Err(Rejection::AlreadyPublished(round));
            }
            let games = match t.setup.play {
                Play::OverTheBoard => Vec::new(),
                Play::Online(_) => {
                    // Boards whose result is in (a forfeit entered before) need no game.
                    let boards: Vec<PlayerId> = r
                        .boards
                        .iter()
                        .filter(|(p, o)| p.black.is_some() && o.is_none())
                        .map(|(p, _)| p.white)
                        .collect();
                    if games.len() < boards.len() {
                        return Err(Rejection::GameIdsMissing(boards.len()));
                    }
                    boards
                        .into_iter()
                        .zip(games)
                        .map(|(white, game)| BoardGame { white, game })
                        .collect()
                }
            };
            let ballot = match &t.setup.play {
                Play::Online(online) if online.ballot && !games.is_empty() => {
                    ballot_of_round(t, r, online, lot)
                }
                _ => None,
            };
            TournamentEventBody::RoundPublished {
                round,
                starts_at,
                games,
                ballot,
            }
        }
        Command::AttachGame { round, white, game } => {
            if t.board(round, white)?.1.is_some() {
                return Err(Rejection::ResultExists);
            }
            let r = &t.rounds[usize::from(round) - 1];
            if r.game_of(white).is_some() {
                return Err(Rejection::GameAttached(round));
            }
            TournamentEventBody::GameAttached { round, white, game }
        }
        Command::Finish => {
            let incomplete = t.rounds.iter().position(|r| r.missing() > 0);
            let pending =
                incomplete.map_or(t.next_round(), |i| u16::try_from(i + 1).unwrap_or(u16::MAX));
            if pending <= t.setup.rounds {
                return Err(Rejection::NotOver(pending));
            }
            TournamentEventBody::Finished
        }
    };
    Ok(vec![stamp(body)])
}

pub fn evolve(state: TournamentState, event: &TournamentEvent) -> TournamentState {
    use TournamentEventBody as E;
    let mut t = match (state, &event.body) {
        (TournamentState::NotCreated, E::Created(created)) => {
            return TournamentState::Created(Box::new(Tournament {
                setup: created.clone(),
                created_at: event.at,
                events: 1,
                tiebreaks: created.tiebreaks.clone(),
                finished: false,
                players: Vec::new(),
                rounds: Vec::new(),
            }));
        }
        (TournamentState::Created(t), _) => t,
        (state, _) => return state,
    };
    t.events += 1;
    match &event.body {
        E::Created(_) => {}
        E::PlayerRegistered(entrant) => {
            let entered_for = t.next_round();
            t.players.push(Player {
                entrant: entrant.clone(),
                withdrawn_from: None,
                byes: Vec::new(),
                entered_for,
            });
        }
        E::PlayerWithdrawn { player, from_round } => {
            if let Some(p) = t.players.iter_mut().find(|p| p.entrant.player == *player) {
                p.withdrawn_from = Some(*from_round);
            }
        }
        E::ByeRequested {
            player,
            round,
            kind,
        } => {
            if let Some(p) = t.players.iter_mut().find(|p| p.entrant.player == *player) {
                p.byes.retain(|(r, _)| r != round);
                p.byes.push((*round, *kind));
            }
        }
        E::RoundPaired {
            pairings, ranking, ..
        } => {
            if !ranking.is_empty() {
                let mut players = std::mem::take(&mut t.players);
                for id in ranking {
                    if let Some(i) = players.iter().position(|p| p.entrant.player == *id) {
                        t.players.push(players.remove(i));
                    }
                }
                t.players.extend(players);
            }
            t.rounds.push(Round {
                boards: pairings.iter().map(|p| (*p, None)).collect(),
                published: None,
                attached: Vec::new(),
            });
        }
        E::ResultRecorded {
            round,
            white,
            outcome,
        }
        | E::ResultCorrected {
            round,
            white,
            outcome,
            ..
        } => {
            if let Some(r) = t.rounds.get_mut(usize::from(*round).wrapping_sub(1)) {
                if let Some(b) = r.boards.iter_mut().find(|(p, _)| p.white == *white) {
                    b.1 = Some(*outcome);
                }
            }
        }
        E::PairingChanged {
            round, pairings, ..
        } => {
            if let Some(r) = t.rounds.get_mut(usize::from(*round).wrapping_sub(1)) {
                let kept = |p: &Pairing| r.boards.iter().find(|(b, _)| b == p).and_then(|b| b.1);
                r.boards = pairings.iter().map(|p| (*p, kept(p))).collect();
            }
        }
        E::RoundPublished {
            round,
            starts_at,
            games,
            ballot,
        } => {
            if let Some(r) = t.rounds.get_mut(usize::from(*round).wrapping_sub(1)) {
                r.published = Some(Publication {
                    at: event.at,
                    by: event.actor,
                    starts_at: *starts_at,
                    games: games.clone(),
                    ballot: *ballot,
                });
            }
        }
        E::Imported { .. } | E::RoundClosed { .. } => {}
        E::GameAttached { round, white, game } => {
            if let Some(r) = t.rounds.get_mut(usize::from(*round).wrapping_sub(1)) {
                r.attached.push(BoardGame {
                    white: *white,
                    game: *game,
                });
            }
        }
        E::TiebreaksSet { codes } => t.tiebreaks = Some(codes.clone()),
        E::Finished => t.finished = true,
    }
    TournamentState::Created(t)
}

/// The events that make an imported tournament: its creation, a marker, its players, then
/// each round's byes, pairing (round 1 fixing the starting rank as given) and results.
fn imported_events(imported: &Imported) -> Vec<TournamentEventBody> {
    use TournamentEventBody as E;
    let mut events = vec![
        E::Created(imported.setup.clone()),
        E::Imported {
            rounds: u16::try_from(imported.rounds.len()).unwrap_or(u16::MAX),
            players: imported.entrants.len(),
        },
    ];
    events.extend(imported.entrants.iter().cloned().map(E::PlayerRegistered));
    for (i, r) in imported.rounds.iter().enumerate() {
        let round = u16::try_from(i + 1).unwrap_or(u16::MAX);
        events.extend(r.byes.iter().map(|&(player, kind)| E::ByeRequested {
            player,
            round,
            kind,
        }));
        events.push(E::RoundPaired {
            round,
            pairings: r.boards.iter().map(|(p, _)| *p).collect(),
            ranking: if round == 1 {
                imported.entrants.iter().map(|e| e.player).collect()
            } else {
                Vec::new()
            },
        });
        events.extend(r.boards.iter().filter_map(|(p, o)| {
            Some(E::ResultRecorded {
                round,
                white: p.white,
                outcome: (*o)?,
            })
            .filter(|_| p.black.is_some())
        }));
        if r.boards
            .iter()
            .all(|(p, o)| p.black.is_none() || o.is_some())
        {
            events.push(E::RoundClosed { round });
        }
    }
    events
}

/// Why a report file cannot start a tournament here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("a tournament needs at least two players")]
    TooFewPlayers,
    #[error("player {0}'s round {1} does not agree with their opponent's")]
    Inconsistent(trf::PlayerId, usize),
    #[error("the file has {played} rounds played but announces only {rounds}")]
    TooManyRounds { played: usize, rounds: u16 },
}

/// A tournament played elsewhere, from its report file: its players (`accounts[i]` is the
/// service's account for the file's player `i + 1`, in the order of the file's pairing numbers,
/// which become the starting rank), its played rounds with their byes and results, its name,
/// scoring, system, place and days. `setup` gives the rest (the arbiters, how games are played).
pub fn import(
    report: &trf::Tournament,
    accounts: &[PlayerId],
    mut setup: TournamentCreated,
) -> Result<Imported, ImportError> {
    let mut players: Vec<&trf::Player> = report.players.iter().collect();
    players.sort_by_key(|p| p.id);
    if players.len() < 2 || accounts.len() < players.len() {
        return Err(ImportError::TooFewPlayers);
    }
    let account = |id: trf::PlayerId| {
        players
            .iter()
            .position(|p| p.id == id)
            .and_then(|i| accounts.get(i).copied())
    };
    let played = report.played_rounds();
    let rounds = report
        .rounds
        .unwrap_or(u16::try_from(played).unwrap_or(u16::MAX));
    if usize::from(rounds) < played {
        return Err(ImportError::TooManyRounds { played, rounds });
    }
    let round_robin = pairing::tiebreak::is_round_robin(report);
    let n = players.len();
    setup.rounds = rounds;
    setup.system = match round_robin {
        false => System::Swiss,
        true if usize::from(rounds) > n => System::DoubleRoundRobin,
        true => System::RoundRobin,
    };
    setup.baku = report
        .kind
        .as_deref()
        .is_some_and(|k| k.to_ascii_uppercase().contains("BAKU"));
    let tenths = |p: pairing::Points| p.as_tenths();
    setup.scoring = Scoring {
        win: tenths(report.scoring.win),
        draw: tenths(report.scoring.draw),
        loss: tenths(report.scoring.loss),
        pairing_bye: tenths(report.scoring.pairing_bye),
    };
    if let Some(colour) = report.initial_colour {
        setup.first_colour_white = colour == trf::Colour::White;
    }
    let record = |tag: &str| {
        report
            .records
            .iter()
            .find(|(t, _)| t == tag)
            .map(|(_, text)| text.trim().to_owned())
            .filter(|text| !text.is_empty())
    };
    if !report.name.trim().is_empty() {
        setup.name = report.name.trim().to_owned();
    }
    setup.place = setup.place.or_else(|| record("022"));
    let day = |tag: &str| record(tag).map(|d| d.replace(['/', '.'], "-"));
    setup.start_date = setup.start_date.or_else(|| day("042"));
    setup.end_date = setup.end_date.or_else(|| day("052"));
    if setup.tiebreaks.is_none() {
        setup.tiebreaks = report.tiebreaks.clone();
    }
    let entrants = players
        .iter()
        .zip(accounts)
        .map(|(p, &player)| Entrant {
            player,
            name: p.name.clone(),
            rating: p.rating,
            school: None,
            class: None,
            birth_year: p.birth.get(..4).and_then(|y| y.parse().ok()),
            pupil: false,
        })
        .collect();
    let mut imported_rounds = Vec::with_capacity(played);
    for r in 0..played {
        let mut round = ImportedRound::default();
        for p in &players {
            let Some(e) = p.rounds.get(r) else { continue };
            let me = account(p.id).ok_or(ImportError::Inconsistent(p.id, r + 1))?;
            use trf::Outcome as O;
            match (e.opponent, e.colour, e.outcome) {
                (_, _, O::PairingBye) => round.boards.push((
                    Pairing {
                        white: me,
                        black: None,
                    },
                    None,
                )),
                (_, _, O::HalfBye) => round.byes.push((me, ByeKind::Half)),
                (_, _, O::FullBye) => round.byes.push((me, ByeKind::Full)),
                (None, _, _) | (_, None, _) => round.byes.push((me, ByeKind::Zero)),
                (Some(opponent), Some(trf::Colour::White), outcome) => {
                    let black = account(opponent).ok_or(ImportError::Inconsistent(p.id, r + 1))?;
                    let theirs = report
                        .players
                        .iter()
                        .find(|q| q.id == opponent)
                        .and_then(|q| q.rounds.get(r))
                        .filter(|q| q.opponent == Some(p.id))
                        .ok_or(ImportError::Inconsistent(p.id, r + 1))?;
                    let result = match (outcome, theirs.outcome) {
                        (O::Win | O::WinUnrated, _) => Outcome::WhiteWins,
                        (O::Draw | O::DrawUnrated, _) => Outcome::Draw,
                        (O::Loss | O::LossUnrated, _) => Outcome::BlackWins,
                        (O::ForfeitWin, _) => Outcome::WhiteWinsByForfeit,
                        (O::ForfeitLoss, O::ForfeitLoss) => Outcome::DoubleForfeit,
                        (O::ForfeitLoss, _) => Outcome::BlackWinsByForfeit,
                        _ => return Err(ImportError::Inconsistent(p.id, r + 1)),
                    };
                    round.boards.push((
                        Pairing {
                            white: me,
                            black: Some(black),
                        },
                        Some(result),
                    ));
                }
                // Black's line: the board is White's.
                (Some(_), Some(trf::Colour::Black), _) => {}
            }
        }
        // Games first, the pairing-allocated bye last, as the service lists a round.
        round.boards.sort_by_key(|(p, _)| p.black.is_none());
        imported_rounds.push(round);
    }
    Ok(Imported {
        setup,
        entrants,
        rounds: imported_rounds,
    })
}

/// Refuses a code that is not one of FIDE's tie-breaks.
fn known_tiebreaks(codes: &[String]) -> Result<(), Rejection> {
    match codes
        .iter()
        .find(|c| pairing::tiebreak::Code::parse(c).is_none())
    {
        Some(bad) => Err(Rejection::UnknownTiebreak(bad.clone())),
        None => Ok(()),
    }
}

/// The players a round seats, sorted.
fn seated<'a>(pairings: impl Iterator<Item = &'a Pairing>) -> Vec<PlayerId> {
    let mut ids: Vec<PlayerId> = pairings
        .flat_map(|p| std::iter::once(p.white).chain(p.black))
        .collect();
    ids.sort();
    ids
}

/// Teams ranked from individual results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Team {
    School,
    /// A school's class.
    Class,
}

/// How teams with the same points are told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamTiebreak {
    /// The sum of the counted players' first tie-break.
    SumOfTiebreaks,
    /// The team whose best player ranks higher.
    BestBoard,
}

/// A team's line in the school or class standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    pub team: String,
    pub rank: usize,
    /// Hundredths of a point.
    pub points: i64,
    pub tiebreak: i64,
    /// The individual rank of the team's best player.
    pub best_board: usize,
    /// The players whose results count, best first.
    pub counted: Vec<PlayerId>,
}

/// Folds a whole log; where it cannot be folded, the event's place (from 1) and why.
pub fn replay(events: &[TournamentEvent]) -> Result<TournamentState, (usize, String)> {
    let mut state = TournamentState::NotCreated;
    for (i, e) in events.iter().enumerate() {
        let creation = matches!(e.body, TournamentEventBody::Created(_));
        if creation != (i == 0) {
            let reason = if creation {
                "the tournament is created a second time"
            } else {
                "the log does not begin with the tournament's creation"
            };
            return Err((i + 1, reason.to_owned()));
        }
        state = evolve(state, e);
    }
    Ok(state)
}

impl Tournament {
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.entrant.player == id)
    }

    /// The round to pair next, from 1.
    pub fn next_round(&self) -> u16 {
        u16::try_from(self.rounds.len()).unwrap_or(u16::MAX) + 1
    }

    fn board(&self, round: u16, white: PlayerId) -> Result<(Pairing, Option<Outcome>), Rejection> {
        let r = self
            .rounds
            .get(usize::from(round).wrapping_sub(1))
            .ok_or(Rejection::RoundNotPaired(round))?;
        let board = r
            .boards
            .iter()
            .find(|(p, _)| p.white == white)
            .ok_or(Rejection::NoSuchBoard { round, white })?;
        if board.0.black.is_none() {
            return Err(Rejection::ByeHasNoResult);
        }
        Ok(*board)
    }

    /// Pairing numbers: the place in `players` (starting rank), from 1.
    fn number(&self, id: PlayerId) -> trf::PlayerId {
        let at = self.players.iter().position(|p| p.entrant.player == id);
        at.map_or(0, |i| trf::PlayerId::try_from(i + 1).unwrap_or(0))
    }

    /// The tournament as a report file: every round played, and the entries already known for
    /// round `next` (requested byes, withdrawals, late entries' unplayed rounds).
    pub fn report(&self, next: u16) -> trf::Tournament {
        let s = &self.setup.scoring;
        let scoring = trf::Scoring {
            win: pairing::Points::tenths(s.win),
            draw: pairing::Points::tenths(s.draw),
            loss: pairing::Points::tenths(s.loss),
            absence: pairing::Points::ZERO,
            pairing_bye: pairing::Points::tenths(s.pairing_bye),
        };
        let mut report = trf::Tournament {
            name: self.setup.name.clone(),
            rounds: Some(self.setup.rounds),
            initial_colour: Some(if self.setup.first_colour_white {
                trf::Colour::White
            } else {
                trf::Colour::Black
            }),
            scoring,
            tiebreaks: self.tiebreaks.clone(),
            records: self.records(),
            ..trf::Tournament::default()
        };
        for p in &self.players {
            let id = p.entrant.player;
            let mut rounds = Vec::new();
            for (r, round) in self.rounds.iter().enumerate() {
                let r = u16::try_from(r + 1).unwrap_or(u16::MAX);
                rounds.push(self.entry(p, r, Some(round)).unwrap_or(trf::Entry::ABSENT));
            }
            if next <= self.setup.rounds {
                if let Some(e) = self.entry(p, next, None) {
                    rounds.push(e);
                }
            }
            let points = rounds
                .iter()
                .take(self.rounds.len())
                .map(|e| scoring.of(e.outcome))
                .sum();
            report.players.push(trf::Player {
                id: self.number(id),
                sex: None,
                title: String::new(),
                name: p.entrant.name.clone(),
                rating: p.entrant.rating,
                federation: String::new(),
                fide_id: String::new(),
                birth: p
                    .entrant
                    .birth_year
                    .map(|y| y.to_string())
                    .unwrap_or_default(),
                points,
                rank: None,
                rounds,
            });
        }
        report
    }

    /// The report's tournament records: place (`022`), first and last days (`042`, `052`, as
    /// `YYYY/MM/DD`) and type (`092`, which tells a round robin from a Swiss).
    fn records(&self) -> Vec<(String, String)> {
        let s = &self.setup;
        let day = |d: &Option<String>| d.as_ref().map(|d| d.replace('-', "/"));
        let kind = match s.system {
            System::Swiss => "Swiss (FIDE Dutch)",
            System::RoundRobin => "Round robin",
            System::DoubleRoundRobin => "Double round robin",
        };
        [
            ("022", s.place.clone()),
            ("042", day(&s.start_date)),
            ("052", day(&s.end_date)),
            ("092", Some(kind.to_owned())),
        ]
        .into_iter()
        .filter_map(|(tag, text)| Some((tag.to_owned(), text?)))
        .collect()
    }

    /// A player's entry for round `r`: their game or bye in it, else what is known before it is
    /// paired (a requested bye, a withdrawal, a round before they entered).
    fn entry(&self, p: &Player, r: u16, round: Option<&Round>) -> Option<trf::Entry> {
        use trf::Outcome as O;
        let id = p.entrant.player;
        if let Some(round) = round {
            for (pairing, outcome) in &round.boards {
                let (colour, opponent) = if pairing.white == id {
                    (trf::Colour::White, pairing.black)
                } else if pairing.black == Some(id) {
                    (trf::Colour::Black, Some(pairing.white))
                } else {
                    continue;
                };
                let Some(opponent) = opponent else {
                    return Some(trf::Entry {
                        opponent: None,
                        colour: None,
                        outcome: O::PairingBye,
                    });
                };
                let white_view = match outcome {
                    Some(Outcome::WhiteWins) => O::Win,
                    Some(Outcome::Draw) => O::Draw,
                    Some(Outcome::BlackWins) => O::Loss,
                    Some(Outcome::WhiteWinsByForfeit) => O::ForfeitWin,
                    Some(Outcome::BlackWinsByForfeit) | Some(Outcome::DoubleForfeit) => {
                        O::ForfeitLoss
                    }
                    // Not in yet: the pairing is known, the result is not (a loss for now).
                    None => O::Loss,
                };
                let outcome = match (colour, white_view, outcome) {
                    (trf::Colour::White, o, _) => o,
                    (_, _, Some(Outcome::DoubleForfeit)) => O::ForfeitLoss,
                    (_, O::Win, _) => O::Loss,
                    (_, O::Loss, _) => O::Win,
                    (_, O::ForfeitWin, _) => O::ForfeitLoss,
                    (_, O::ForfeitLoss, _) => O::ForfeitWin,
                    (_, o, _) => o,
                };
                return Some(trf::Entry {
                    opponent: Some(self.number(opponent)),
                    colour: Some(colour),
                    outcome,
                });
            }
        }
        let absent = |outcome| {
            Some(trf::Entry {
                opponent: None,
                colour: None,
                outcome,
            })
        };
        if let Some((_, kind)) = p.byes.iter().find(|(round, _)| *round == r) {
            return absent(match kind {
                ByeKind::Half => O::HalfBye,
                ByeKind::Zero => O::ZeroBye,
                ByeKind::Full => O::FullBye,
            });
        }
        if p.withdrawn_from.is_some_and(|from| r >= from) || r < p.entered_for {
            return absent(O::ZeroBye);
        }
        None
    }

    /// Round `round`'s pairs in board order, and with round 1 the starting rank.
    fn pair(&self, round: u16) -> Result<(Vec<Pairing>, Vec<PlayerId>), Rejection> {
        let mut t = self.clone();
        let mut ranking = Vec::new();
        if round == 1 {
            t.players.sort_by(|a, b| {
                b.entrant
                    .rating
                    .cmp(&a.entrant.rating)
                    .then_with(|| a.entrant.name.cmp(&b.entrant.name))
            });
            ranking = t.players.iter().map(|p| p.entrant.player).collect();
        }
        let report = t.report(round);
        let by_number = |n: trf::PlayerId| t.players[usize::from(n) - 1].entrant.player;
        let boards = match t.setup.system {
            System::Swiss => {
                let options = dutch::Options { baku: t.setup.baku };
                dutch::pair(&report, options).map_err(|e| Rejection::NoPairing(e.into()))?
            }
            System::RoundRobin | System::DoubleRoundRobin => {
                let n = trf::PlayerId::try_from(t.players.len()).unwrap_or(trf::PlayerId::MAX);
                let double = t.setup.system == System::DoubleRoundRobin;
                let table = berger::schedule(n, double);
                let rounds = u16::try_from(table.len()).unwrap_or(u16::MAX);
                table
                    .into_iter()
                    .nth(usize::from(round) - 1)
                    .ok_or(Rejection::AllRoundsPaired(rounds))?
            }
        };
        let pairings = boards
            .into_iter()
            .map(|b| match b {
                berger::Board::Game { white, black } => Pairing {
                    white: by_number(white),
                    black: Some(by_number(black)),
                },
                berger::Board::Bye(p) => Pairing {
                    white: by_number(p),
                    black: None,
                },
            })
            .collect();
        Ok((pairings, ranking))
    }

    /// Schools' (or classes') standings: each team's best `best` players by the individual
    /// standings (by `codes`, the first of them PTS), their points summed; ties broken by the
    /// sum of those players' next tie-break, or by the team's best board (its best player's
    /// rank). Players with no school (or class) are in no team.
    pub fn team_standings(
        &self,
        by: Team,
        best: usize,
        codes: &[pairing::tiebreak::Code],
        tiebreak: TeamTiebreak,
    ) -> Vec<TeamRow> {
        let table = self.standings(codes);
        let mut rows = table.rows.clone();
        rows.sort_by_key(|r| r.rank);
        let mut teams: Vec<TeamRow> = Vec::new();
        for row in rows {
            let Some(p) = self.players.get(usize::from(row.id).wrapping_sub(1)) else {
                continue;
            };
            let name = match by {
                Team::School => p.entrant.school.clone(),
                Team::Class => p
                    .entrant
                    .class
                    .as_ref()
                    .map(|c| format!("{} {c}", p.entrant.school.as_deref().unwrap_or(""))),
            };
            let Some(name) = name.map(|n| n.trim().to_owned()) else {
                continue;
            };
            let value = |i: usize| {
                row.values
                    .get(i)
                    .copied()
                    .flatten()
                    .map_or(0, |v| v.hundredths())
            };
            let team = match teams.iter_mut().position(|t| t.team == name) {
                Some(i) => &mut teams[i],
                None => {
                    teams.push(TeamRow {
                        team: name,
                        rank: 0,
                        points: 0,
                        tiebreak: 0,
                        best_board: row.rank,
                        counted: Vec::new(),
                    });
                    teams.last_mut().expect("just pushed")
                }
            };
            if team.counted.len() < best {
                team.counted.push(p.entrant.player);
                team.points += value(0);
                team.tiebreak += value(1);
            }
        }
        let key = |t: &TeamRow| match tiebreak {
            TeamTiebreak::SumOfTiebreaks => (std::cmp::Reverse(t.points), -t.tiebreak, 0),
            TeamTiebreak::BestBoard => (std::cmp::Reverse(t.points), 0, t.best_board),
        };
        teams.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.team.cmp(&b.team)));
        for i in 0..teams.len() {
            let tied = i > 0 && key(&teams[i]) == key(&teams[i - 1]);
            teams[i].rank = if tied { teams[i - 1].rank } else { i + 1 };
        }
        teams
    }

    /// The standings' tie-breaks: the tournament's, else FIDE's recommendation for its system;
    /// PTS first.
    pub fn tiebreak_codes(&self) -> Vec<pairing::tiebreak::Code> {
        use pairing::tiebreak::{round_robin_default, swiss_default, Code};
        let mut codes: Vec<Code> = match &self.tiebreaks {
            Some(own) => own.iter().filter_map(|c| Code::parse(c)).collect(),
            None if self.setup.system == System::Swiss => swiss_default(),
            None => round_robin_default(),
        };
        codes.retain(|c| c.to_string() != "PTS");
        codes.insert(0, Code::parse("PTS").expect("PTS is a code"));
        codes
    }

    /// Rounds whose every result is in, from the first: the standings are after these.
    pub fn complete_rounds(&self) -> usize {
        self.rounds.iter().take_while(|r| r.missing() == 0).count()
    }

    /// The standings after the rounds completed (a round in play counts once its every result
    /// is in): each player's rank and tie-break values, by the given codes.
    pub fn standings(&self, codes: &[pairing::tiebreak::Code]) -> pairing::tiebreak::Standings {
        let mut report = self.report(self.next_round());
        let complete = self.complete_rounds();
        let scoring = report.scoring;
        for p in &mut report.players {
            p.rounds.truncate(complete);
            p.points = p.rounds.iter().map(|e| scoring.of(e.outcome)).sum();
        }
        pairing::tiebreak::standings(&report, codes, pairing::tiebreak::Rules::Fide2026)
    }
}

/// The opening of the game's ballot round `r` starts from: an earlier round's, where `r` pairs
/// the same players with the colours reversed (each pair plays the opening with both colours),
/// else one drawn from `lot`; none where the game has no ballot.
fn ballot_of_round(t: &Tournament, r: &Round, online: &OnlineGames, lot: u64) -> Option<u16> {
    use crate::game::Rules;
    let name = online.game.as_deref().unwrap_or(crate::game::UNNAMED_GAME);
    let deck = crate::games::GameKind::named(name)?
        .ballot()
        .filter(|d| !d.is_empty())?;
    let pairs = |round: &Round, reversed: bool| -> BTreeSet<(PlayerId, PlayerId)> {
        round
            .boards
            .iter()
            .filter_map(|(p, _)| {
                let black = p.black?;
                Some(if reversed {
                    (black, p.white)
                } else {
                    (p.white, black)
                })
            })
            .collect()
    };
    let here = pairs(r, false);
    let mirrored = t.rounds.iter().rev().find_map(|earlier| {
        let ballot = earlier.published.as_ref()?.ballot?;
        (!here.is_empty() && pairs(earlier, true) == here).then_some(ballot)
    });
    mirrored.or_else(|| Some((lot % u64::from(deck.len())) as u16 + 1))
}
