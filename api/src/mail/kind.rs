//! The kinds of mail and what each one says: the outbox's `kind` column and its payload, typed.
//! The stored JSON is the same as it has always been (a test holds it), so rows written before
//! are read as they were.

use domain::game::{ClaimKind, EnvelopeKind, GameResult, Side, Termination};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::store::OutboxRow;

/// Every kind of mail; each is a folder of templates in `templates/mail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailKind {
    GameStarted,
    OpponentMoved,
    DrawOffered,
    DrawAnswered,
    ClaimJudged,
    GameOver,
    Adjourned,
    EnvelopeClosed,
    EnvelopeOpened,
    ResumptionReminder,
    TimeLow,
    DayLeft,
    OpponentOnLeave,
    TimeAdded,
    SignIn,
    Digest,
    TournamentPairing,
    TournamentStandings,
    TournamentInvitation,
    TurnPassed,
    Challenge,
    Message,
    OpeningDie,
}

impl MailKind {
    pub const ALL: [MailKind; 23] = [
        MailKind::GameStarted,
        MailKind::OpponentMoved,
        MailKind::DrawOffered,
        MailKind::DrawAnswered,
        MailKind::ClaimJudged,
        MailKind::GameOver,
        MailKind::Adjourned,
        MailKind::EnvelopeClosed,
        MailKind::EnvelopeOpened,
        MailKind::ResumptionReminder,
        MailKind::TimeLow,
        MailKind::DayLeft,
        MailKind::OpponentOnLeave,
        MailKind::TimeAdded,
        MailKind::SignIn,
        MailKind::Digest,
        MailKind::TournamentPairing,
        MailKind::TournamentStandings,
        MailKind::TournamentInvitation,
        MailKind::TurnPassed,
        MailKind::Challenge,
        MailKind::Message,
        MailKind::OpeningDie,
    ];

    /// The name stored in the outbox and of the templates' folder.
    pub const fn as_str(self) -> &'static str {
        match self {
            MailKind::GameStarted => "game_started",
            MailKind::OpponentMoved => "opponent_moved",
            MailKind::DrawOffered => "draw_offered",
            MailKind::DrawAnswered => "draw_answered",
            MailKind::ClaimJudged => "claim_judged",
            MailKind::GameOver => "game_over",
            MailKind::Adjourned => "adjourned",
            MailKind::EnvelopeClosed => "envelope_closed",
            MailKind::EnvelopeOpened => "envelope_opened",
            MailKind::ResumptionReminder => "resumption_reminder",
            MailKind::TimeLow => "time_low",
            MailKind::DayLeft => "day_left",
            MailKind::OpponentOnLeave => "opponent_on_leave",
            MailKind::TimeAdded => "time_added",
            MailKind::TurnPassed => "turn_passed",
            MailKind::SignIn => "sign_in",
            MailKind::Digest => "digest",
            MailKind::TournamentPairing => "tournament_pairing",
            MailKind::TournamentStandings => "tournament_standings",
            MailKind::TournamentInvitation => "tournament_invitation",
            MailKind::Challenge => "challenge",
            MailKind::Message => "message",
            MailKind::OpeningDie => "opening_die",
        }
    }

    pub fn parse(text: &str) -> Option<MailKind> {
        MailKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// Mail a player still gets when they want nothing but reminders, or a daily digest.
    pub const fn is_reminder(self) -> bool {
        matches!(
            self,
            MailKind::TimeLow
                | MailKind::DayLeft
                | MailKind::ResumptionReminder
                | MailKind::SignIn
                | MailKind::Digest
        )
    }
}

/// A challenge received, or answered other than by its acceptance (which starts a game and
/// says so).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ChallengeNews {
    pub challenge: String,
    /// The other player's name (empty for an open seek that expired).
    pub from: String,
    /// The game offered (`chess`, …).
    pub game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub rated: bool,
    /// `received`, `declined`, `withdrawn`, `expired` (between two players) or `unanswered`
    /// (an open seek or a challenge by link).
    pub what: String,
}

/// A game started: in a game of dice, the commitment its throws are derived from.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Started {
    /// SHA-256 of the dice's secret seed, hex, as the game's first event records it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The scheme the throws are derived by (`zarf-dice-v2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
}

/// A game of dice: the opponent's throw gave them no legal play, and the turn came back.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Passed {
    /// The throw they could not play (`66`).
    pub dice: String,
}

/// The opponent's opening die: thrown while the recipient's is awaited, or after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpeningDie {
    /// Its face.
    pub die: u8,
    /// It was lower than the recipient's: the recipient starts.
    #[serde(default)]
    pub start: bool,
    /// It equalled the recipient's: both throw again.
    pub tie: bool,
}

/// A move the opponent made.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Moved {
    /// The recipient's conditional line answered the move with this one (SAN).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered_san: Option<String>,
    /// The same reply in UCI.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered_uci: Option<String>,
    pub draw_offered: bool,
    /// What the mover wrote with the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub san: String,
    pub uci: String,
}

/// A message the opponent sent without a move (alone, or with an offer or a resignation).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Note {
    pub text: String,
}

/// An adjournment: when and where play resumes, and who seals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Adjournment {
    #[serde(default)]
    pub place: Option<String>,
    #[serde(default)]
    pub resume_at: String,
    pub sealer: Side,
}

/// A closed envelope's A2 details: the commitment, never the move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Closed {
    #[serde(default)]
    pub commitment: Option<String>,
    pub kind: EnvelopeKind,
    #[serde(default)]
    pub move_number: Option<u32>,
    #[serde(default)]
    pub place: Option<String>,
    #[serde(default)]
    pub resume_at: Option<String>,
    pub sealed_by: Side,
}

/// An opened envelope: the move as written and the nonce, which check the commitment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Opened {
    #[serde(rename = "move", default)]
    pub mv: String,
    #[serde(default)]
    pub nonce: String,
    pub sealed_by: Side,
}

/// A game in a digest, with its log's receipt when the digest was made (fields in the order the
/// payload keeps them).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DigestGame {
    /// The hash of the log's last event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    pub id: String,
    pub label: String,
    /// The seq of the log's last event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<i64>,
}

/// Nothing more than the kind says.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Nothing {}

/// An answer to a draw offer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Answer {
    pub accepted: bool,
}

/// A draw claim and the arbiter's finding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Claim {
    pub kind: ClaimKind,
    pub upheld: bool,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ended {
    pub result: GameResult,
    pub termination: Termination,
}

/// When an adjourned game resumes.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Resumption {
    pub resume_at: String,
}

/// The opponent's leave.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Leave {
    pub from: String,
    pub until: String,
}

/// Time an arbiter gave, and why.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TimeGiven {
    pub reason: String,
    pub seconds: u64,
}

/// A reminder's deadline (microseconds).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Deadline {
    pub deadline: Option<i64>,
}

/// The games of a digest where it is the player's move.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Games {
    pub games: Vec<DigestGame>,
}

/// A player's board in a published round (fields in the order the payload keeps them).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundPairing {
    /// None: the pairing-allocated bye.
    pub board: Option<usize>,
    /// Online: the board's game.
    pub game: Option<String>,
    pub name: String,
    pub opponent: Option<String>,
    pub place: Option<String>,
    pub round: u16,
    pub starts_at: Option<String>,
    pub tournament: String,
    pub white: bool,
    /// A cup's match (`board` its number in the round): White in its first game where `white`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cup_match: bool,
}

/// A player's place once a round is complete (fields in the order the payload keeps them).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundStandings {
    pub name: String,
    pub players: usize,
    /// Points, as written (2½).
    pub points: String,
    pub rank: usize,
    pub round: u16,
    pub tournament: String,
}

/// An invitation to enter a tournament, from whoever runs it (fields in the order the payload
/// keeps them).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct EntryInvitation {
    pub name: String,
    pub place: Option<String>,
    pub start_date: Option<String>,
    pub tournament: String,
}

/// What a mail says beyond its kind: one variant per kind, each with what it carries.
#[derive(Debug, Clone, PartialEq)]
pub enum Mail {
    GameStarted(Started),
    OpponentMoved(Moved),
    DrawOffered,
    DrawAnswered(Answer),
    ClaimJudged(Claim),
    GameOver(Ended),
    Adjourned(Adjournment),
    EnvelopeClosed(Closed),
    EnvelopeOpened(Opened),
    ResumptionReminder(Resumption),
    TimeLow(Deadline),
    DayLeft(Deadline),
    OpponentOnLeave(Leave),
    TimeAdded(TimeGiven),
    SignIn,
    Digest(Games),
    TournamentPairing(RoundPairing),
    TournamentStandings(RoundStandings),
    TournamentInvitation(EntryInvitation),
    TurnPassed(Passed),
    Challenge(ChallengeNews),
    Message(Note),
    OpeningDie(OpeningDie),
}

/// A mail caused by an event of a game's log: the event's seq, type and hash beside what it
/// says (rows written before hashes were kept have none).
#[derive(Serialize, Deserialize)]
struct OfEvent<D> {
    detail: D,
    event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hash: Option<String>,
    seq: i64,
}

/// A digest's payload.
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct OfDigest {
    detail: Games,
}

/// A mail as read from its outbox row.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    pub kind: MailKind,
    pub mail: Mail,
    /// The event of the game's log that caused it, if one did.
    pub seq: Option<i64>,
    /// That event's hash in the log, written with the mail (the mail's receipt).
    pub hash: Option<String>,
}

/// The event of a game's log that caused a mail: its seq and type, and the hash the log holds
/// for it, which the mail quotes as a receipt of the log up to that event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cause<'a> {
    pub seq: i64,
    pub event: &'a str,
    pub hash: &'a str,
}

impl Mail {
    pub const fn kind(&self) -> MailKind {
        match self {
            Mail::GameStarted(_) => MailKind::GameStarted,
            Mail::OpponentMoved(_) => MailKind::OpponentMoved,
            Mail::DrawOffered => MailKind::DrawOffered,
            Mail::DrawAnswered(_) => MailKind::DrawAnswered,
            Mail::ClaimJudged(_) => MailKind::ClaimJudged,
            Mail::GameOver(_) => MailKind::GameOver,
            Mail::Adjourned(_) => MailKind::Adjourned,
            Mail::EnvelopeClosed(_) => MailKind::EnvelopeClosed,
            Mail::EnvelopeOpened(_) => MailKind::EnvelopeOpened,
            Mail::ResumptionReminder(_) => MailKind::ResumptionReminder,
            Mail::TimeLow(_) => MailKind::TimeLow,
            Mail::DayLeft(_) => MailKind::DayLeft,
            Mail::OpponentOnLeave(_) => MailKind::OpponentOnLeave,
            Mail::TimeAdded(_) => MailKind::TimeAdded,
            Mail::SignIn => MailKind::SignIn,
            Mail::Digest(_) => MailKind::Digest,
            Mail::TournamentPairing(_) => MailKind::TournamentPairing,
            Mail::TournamentStandings(_) => MailKind::TournamentStandings,
            Mail::TournamentInvitation(_) => MailKind::TournamentInvitation,
            Mail::TurnPassed(_) => MailKind::TurnPassed,
            Mail::OpeningDie(_) => MailKind::OpeningDie,
            Mail::Challenge(_) => MailKind::Challenge,
            Mail::Message(_) => MailKind::Message,
        }
    }

    /// The outbox payload of this mail: a mail a game's event caused carries the event's seq,
    /// type and hash (`cause`) beside what it says; reminders, sign-in links and digests carry
    /// only theirs.
    pub fn payload(&self, cause: Option<Cause<'_>>) -> String {
        fn of<D: Serialize>(detail: &D, cause: Option<Cause<'_>>) -> String {
            match cause {
                Some(Cause { seq, event, hash }) => to_json(&OfEvent {
                    detail,
                    event: event.to_owned(),
                    hash: Some(hash.to_owned()),
                    seq,
                }),
                None => to_json(detail),
            }
        }
        match self {
            Mail::DrawOffered | Mail::SignIn => of(&Nothing {}, cause),
            Mail::GameStarted(d) => of(d, cause),
            Mail::OpponentMoved(d) => of(d, cause),
            Mail::TurnPassed(d) => of(d, cause),
            Mail::OpeningDie(d) => of(d, cause),
            Mail::Message(d) => of(d, cause),
            Mail::DrawAnswered(d) => of(d, cause),
            Mail::ClaimJudged(d) => of(d, cause),
            Mail::GameOver(d) => of(d, cause),
            Mail::Adjourned(d) => of(d, cause),
            Mail::EnvelopeClosed(d) => of(d, cause),
            Mail::EnvelopeOpened(d) => of(d, cause),
            Mail::ResumptionReminder(d) => of(d, cause),
            Mail::OpponentOnLeave(d) => of(d, cause),
            Mail::TimeAdded(d) => of(d, cause),
            Mail::TimeLow(d) | Mail::DayLeft(d) => of(d, cause),
            Mail::Digest(d) => to_json(&OfDigest { detail: d.clone() }),
            Mail::TournamentPairing(d) => to_json(d),
            Mail::TournamentStandings(d) => to_json(d),
            Mail::TournamentInvitation(d) => to_json(d),
            Mail::Challenge(d) => to_json(d),
        }
    }

    /// The outbox row of this mail to `recipient_id`, due at `now` (microseconds).
    pub fn row(
        &self,
        game_id: Option<String>,
        recipient_id: String,
        cause: Option<Cause<'_>>,
        now: i64,
    ) -> OutboxRow {
        OutboxRow::queued(
            game_id,
            self.kind().as_str(),
            recipient_id,
            self.payload(cause),
            now,
        )
    }

    /// The mail an outbox row holds. Fields a row lacks read as empty, as they always have.
    pub fn read(row: &OutboxRow) -> anyhow::Result<Stored> {
        let kind = MailKind::parse(&row.kind)
            .ok_or_else(|| anyhow::anyhow!("unknown kind of mail {:?}", row.kind))?;
        let payload = row.payload.as_str();
        /// What a mail says, and the seq and hash of the event that caused it.
        type Read = (Mail, Option<i64>, Option<String>);
        /// A mail a game's event caused.
        fn event<D: DeserializeOwned>(
            payload: &str,
            mail: impl FnOnce(D) -> Mail,
        ) -> anyhow::Result<Read> {
            let stored: OfEvent<D> = serde_json::from_str(payload)?;
            Ok((mail(stored.detail), Some(stored.seq), stored.hash))
        }
        /// A mail no event caused.
        fn own<D: DeserializeOwned>(
            payload: &str,
            mail: impl FnOnce(D) -> Mail,
        ) -> anyhow::Result<Read> {
            Ok((mail(serde_json::from_str(payload)?), None, None))
        }
        let (mail, seq, hash) = match kind {
            MailKind::GameStarted => event(payload, Mail::GameStarted)?,
            MailKind::DrawOffered => event(payload, |_: Nothing| Mail::DrawOffered)?,
            MailKind::OpponentMoved => event(payload, Mail::OpponentMoved)?,
            MailKind::DrawAnswered => event(payload, Mail::DrawAnswered)?,
            MailKind::ClaimJudged => event(payload, Mail::ClaimJudged)?,
            MailKind::GameOver => event(payload, Mail::GameOver)?,
            MailKind::Adjourned => event(payload, Mail::Adjourned)?,
            MailKind::EnvelopeClosed => event(payload, Mail::EnvelopeClosed)?,
            MailKind::EnvelopeOpened => event(payload, Mail::EnvelopeOpened)?,
            MailKind::ResumptionReminder => event(payload, Mail::ResumptionReminder)?,
            MailKind::OpponentOnLeave => event(payload, Mail::OpponentOnLeave)?,
            MailKind::TimeAdded => event(payload, Mail::TimeAdded)?,
            MailKind::TurnPassed => event(payload, Mail::TurnPassed)?,
            MailKind::OpeningDie => event(payload, Mail::OpeningDie)?,
            MailKind::Message => event(payload, Mail::Message)?,
            MailKind::TimeLow => own(payload, Mail::TimeLow)?,
            MailKind::DayLeft => own(payload, Mail::DayLeft)?,
            MailKind::SignIn => own(payload, |_: Nothing| Mail::SignIn)?,
            MailKind::Digest => own(payload, |d: OfDigest| Mail::Digest(d.detail))?,
            MailKind::TournamentPairing => own(payload, Mail::TournamentPairing)?,
            MailKind::TournamentStandings => own(payload, Mail::TournamentStandings)?,
            MailKind::TournamentInvitation => own(payload, Mail::TournamentInvitation)?,
            MailKind::Challenge => own(payload, Mail::Challenge)?,
        };
        Ok(Stored {
            kind,
            mail,
            seq,
            hash,
        })
    }
}

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("a mail's payload of strings, numbers and booleans")
}

#[cfg(test)]
#[path = "kind_tests.rs"]
mod tests;
