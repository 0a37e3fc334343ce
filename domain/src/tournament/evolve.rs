//! Folding a tournament's events into its state.

use super::*;

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
                asked: Vec::new(),
                invited: Vec::new(),
                declined: Vec::new(),
                rounds: Vec::new(),
            }));
        }
        (TournamentState::Created(t), _) => t,
        (state, _) => return state,
    };
    t.events += 1;
    match &event.body {
        E::Created(_) => {}
        E::EntryAsked { player } => {
            if !t.asked.contains(player) {
                t.asked.push(*player);
            }
        }
        E::EntryInvited { player } => {
            if !t.invited.contains(player) {
                t.invited.push(*player);
            }
        }
        E::InvitationDeclined { player } => {
            // Declining withdraws an ask made before too: they said no.
            t.invited.retain(|p| p != player);
            t.asked.retain(|p| p != player);
            if !t.declined.contains(player) {
                t.declined.push(*player);
            }
        }
        E::InvitationWithdrawn { player } => t.invited.retain(|p| p != player),
        E::PlayerRegistered(entrant) => {
            t.asked.retain(|p| *p != entrant.player);
            t.invited.retain(|p| *p != entrant.player);
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
        E::Finished => {
            // Nobody enters a finished tournament: asks and invitations lapse.
            t.finished = true;
            t.asked.clear();
            t.invited.clear();
        }
    }
    TournamentState::Created(t)
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
