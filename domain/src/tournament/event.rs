//! A tournament's events, and the commands that make them.

use super::*;

/// The creation is the largest by far and comes once in a log: kept inline, not boxed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum TournamentEventBody {
    Created(TournamentCreated),
    PlayerRegistered(Entrant),
    /// A player asked to enter: their organiser (or whoever runs it) may now enter them.
    EntryAsked {
        player: PlayerId,
    },
    /// Whoever runs it invited a player, who enters by accepting (a `PlayerRegistered` of their
    /// own) or declines.
    EntryInvited {
        player: PlayerId,
    },
    /// The invited player declined: they are not invited again.
    InvitationDeclined {
        player: PlayerId,
    },
    /// Whoever runs it withdrew an invitation not yet answered.
    InvitationWithdrawn {
        player: PlayerId,
    },
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
    /// Every round paired and every result in; a cup's last match decided.
    Finished,
    /// The cup's bracket is drawn: its players in seed order, seed 1 first, and the number the
    /// lot was drawn from where they were seeded by lot.
    CupDrawn {
        seeds: Vec<PlayerId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lot: Option<u64>,
    },
    /// A cup's match starts games (both its players known): by White, in the order played, and
    /// the opening of the game's ballot they start from.
    MatchGamesStarted {
        r#match: MatchRef,
        games: Vec<BoardGame>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ballot: Option<u16>,
    },
    /// A game of a cup's match is over.
    MatchGameFinished {
        r#match: MatchRef,
        game: GameId,
        outcome: Outcome,
    },
    /// A cup's match is decided: its winner goes through.
    MatchDecided {
        r#match: MatchRef,
        winner: PlayerId,
        by: Decision,
    },
}

impl TournamentEventBody {
    /// The event's type, as its JSON names it.
    pub fn type_name(&self) -> &'static str {
        use TournamentEventBody as E;
        match self {
            E::Created(_) => "created",
            E::PlayerRegistered(_) => "player_registered",
            E::EntryAsked { .. } => "entry_asked",
            E::EntryInvited { .. } => "entry_invited",
            E::InvitationDeclined { .. } => "invitation_declined",
            E::InvitationWithdrawn { .. } => "invitation_withdrawn",
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
            E::CupDrawn { .. } => "cup_drawn",
            E::MatchGamesStarted { .. } => "match_games_started",
            E::MatchGameFinished { .. } => "match_game_finished",
            E::MatchDecided { .. } => "match_decided",
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
    /// A player asks to enter (only for themselves).
    AskToEnter {
        player: PlayerId,
    },
    /// Whoever runs it invites a player to enter.
    Invite {
        player: PlayerId,
    },
    /// An invited player enters (only themselves).
    AcceptInvitation(Entrant),
    /// An invited player declines (only themselves).
    DeclineInvitation {
        player: PlayerId,
    },
    /// Whoever runs it withdraws an invitation not yet answered.
    WithdrawInvitation {
        player: PlayerId,
    },
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
    /// Draw the cup's bracket; `lot` is entropy the caller drew, for a seeding by lot.
    DrawCup {
        lot: u64,
    },
    /// Start the cup's matches whose players are known: `games` are ids for their games drawn
    /// by the caller (two for each such match suffice), `lot` entropy for their openings.
    StartMatches {
        games: Vec<GameId>,
        lot: u64,
    },
    /// A cup game's result, as its game ended; `lot` is entropy for a tie settled by lot.
    RecordMatchGame {
        game: GameId,
        outcome: Outcome,
        lot: u64,
    },
    /// Whoever runs the cup decides a match, with a reason.
    SettleMatch {
        at: MatchRef,
        winner: PlayerId,
        reason: String,
    },
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
