//! A tournament's log, given / when / then: pairing waits for results, withdrawn players are not
//! paired again, late entries' unplayed rounds, requested byes, corrections.

use domain::game::{Actor, Timestamp};
use domain::ids::PlayerId;
use domain::tournament::{
    decide, evolve, ByeKind, Command, Entrant, Outcome, Pairing, Rejection, System,
    TournamentCreated, TournamentEvent, TournamentEventBody, TournamentState, Unpairable,
};
use pairing::tiebreak::Code;

mod arbiters;
mod entries;
mod online;
mod rounds;

fn id(n: u128) -> PlayerId {
    PlayerId::from_uuid(uuid::Uuid::from_u128(n))
}

fn now() -> Timestamp {
    time::macros::datetime!(2026-11-24 10:00 UTC)
}

fn arbiter() -> Actor {
    Actor::Arbiter(id(999))
}

fn created(system: System, rounds: u16) -> TournamentCreated {
    TournamentCreated::new("Okullar arası satranç", system, rounds, vec![id(999)])
}

/// A tournament's history as events, to be folded.
struct Log {
    events: Vec<TournamentEvent>,
}

impl Log {
    fn new(setup: TournamentCreated, players: u128) -> Log {
        let mut log = Log { events: Vec::new() };
        log.then(Command::Create(setup));
        for n in 1..=players {
            log.then(Command::Register(Entrant {
                player: id(n),
                name: format!("Öğrenci {n:02}"),
                rating: Some(1800 - u16::try_from(n).unwrap() * 10),
                school: None,
                class: None,
                birth_year: None,
                pupil: false,
            }));
        }
        log
    }

    fn state(&self) -> TournamentState {
        self.events.iter().fold(TournamentState::default(), evolve)
    }

    fn when(&self, command: Command) -> Result<Vec<TournamentEvent>, Rejection> {
        decide(&self.state(), command, now(), arbiter())
    }

    /// Decides the command and appends its events (it must be accepted).
    fn then(&mut self, command: Command) -> Vec<TournamentEvent> {
        let events = self
            .when(command.clone())
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
        self.events.extend(events.clone());
        events
    }

    fn pair(&mut self) -> Vec<Pairing> {
        match &self.then(Command::PairNextRound)[0].body {
            TournamentEventBody::RoundPaired { pairings, .. } => pairings.clone(),
            other => panic!("{other:?}"),
        }
    }

    /// Every game of the last round drawn.
    fn draw_all(&mut self, round: u16, pairings: &[Pairing]) {
        for p in pairings.iter().filter(|p| p.black.is_some()) {
            self.then(Command::RecordResult {
                round,
                white: p.white,
                outcome: Outcome::Draw,
            });
        }
    }
}

fn in_round(pairings: &[Pairing], player: PlayerId) -> bool {
    pairings
        .iter()
        .any(|p| p.white == player || p.black == Some(player))
}
