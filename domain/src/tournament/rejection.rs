//! Why a tournament's command is refused.

use super::*;

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
    #[error("{0} is already invited")]
    AlreadyInvited(PlayerId),
    #[error("{0} is not invited")]
    NotInvited(PlayerId),
    #[error("{0} declined an invitation: they may ask to enter")]
    DeclinedBefore(PlayerId),
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
    #[error("only a cup is drawn and played match by match")]
    NotACup,
    #[error("a cup is played match by match, not round by round")]
    CupPlaysMatches,
    #[error("the cup is already drawn")]
    CupAlreadyDrawn,
    #[error("the cup is not drawn yet")]
    CupNotDrawn,
    #[error("a cup of {0} players cannot be drawn")]
    CupSize(u32),
    #[error("the cup has no such match")]
    NoSuchMatch,
    #[error("the match is already decided")]
    MatchDecided,
    #[error("the match's players are not both known yet")]
    MatchNotReady,
    #[error("{0} does not play in this match")]
    NotInTheMatch(PlayerId),
    #[error("the game is not one of the cup's")]
    NotACupGame,
    #[error("the cup is not over: it finishes with its last match")]
    CupNotOver,
    #[error("a reason is at most {0} characters")]
    ReasonTooLong(usize),
    #[error("the game is played in zarf: its result comes from it")]
    ResultFromTheGame,
    #[error("a cup's game has no double forfeit: the arbiter decides its match")]
    DoubleForfeitInACup,
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
            R::AlreadyRegistered(p)
            | R::AlreadyInvited(p)
            | R::NotInvited(p)
            | R::DeclinedBefore(p)
            | R::NotAnEntrant(p)
            | R::Withdrawn(p)
            | R::NotInTheMatch(p) => {
                vec![("player", p.to_string())]
            }
            R::CupSize(n) => vec![("count", n.to_string())],
            R::ReasonTooLong(n) => vec![("count", n.to_string())],
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
            R::AlreadyInvited(p),
            R::NotInvited(p),
            R::DeclinedBefore(p),
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
            R::NotACup,
            R::CupPlaysMatches,
            R::CupAlreadyDrawn,
            R::CupNotDrawn,
            R::CupSize(1),
            R::NoSuchMatch,
            R::MatchDecided,
            R::MatchNotReady,
            R::NotInTheMatch(p),
            R::NotACupGame,
            R::CupNotOver,
            R::ReasonTooLong(500),
            R::ResultFromTheGame,
            R::DoubleForfeitInACup,
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
            R::AlreadyInvited(_) => "already_invited",
            R::NotInvited(_) => "not_invited",
            R::DeclinedBefore(_) => "invitation_declined",
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
            R::NotACup => "not_a_cup",
            R::CupPlaysMatches => "cup_plays_matches",
            R::CupAlreadyDrawn => "cup_drawn",
            R::CupNotDrawn => "cup_not_drawn",
            R::CupSize(_) => "cup_size",
            R::NoSuchMatch => "no_such_match",
            R::MatchDecided => "match_decided",
            R::MatchNotReady => "match_not_ready",
            R::NotInTheMatch(_) => "not_in_the_match",
            R::NotACupGame => "not_a_cup_game",
            R::CupNotOver => "cup_not_over",
            R::ReasonTooLong(_) => "reason_too_long",
            R::ResultFromTheGame => "result_from_the_game",
            R::DoubleForfeitInACup => "double_forfeit_in_a_cup",
        }
    }
}
