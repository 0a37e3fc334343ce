//! Folding a tournament's events into its state.

use super::*;

/// Folds one event into the tournament.
pub fn evolve(state: TournamentState, event: &TournamentEvent) -> TournamentState {
    use TournamentEventBody as E;
    let mut t = match (state, &event.body) {
        (TournamentState::NotCreated, E::Created(created)) => {
            return TournamentState::Created(Box::new(Tournament::created(created, event.at)));
        }
        (TournamentState::Created(t), _) => t,
        (state, _) => return state,
    };
    t.events += 1;
    match &event.body {
        E::Created(_) | E::Imported { .. } | E::RoundClosed { .. } => {}
        E::EntryAsked { player } => t.entry_asked(*player),
        E::EntryInvited { player } => t.entry_invited(*player),
        E::InvitationDeclined { player } => t.invitation_declined(*player),
        E::InvitationWithdrawn { player } => t.invited.retain(|p| p != player),
        E::PlayerRegistered(entrant) => t.player_registered(entrant),
        E::PlayerWithdrawn { player, from_round } => t.player_withdrawn(*player, *from_round),
        E::ByeRequested {
            player,
            round,
            kind,
        } => t.bye_requested(*player, *round, *kind),
        E::RoundPaired {
            pairings, ranking, ..
        } => t.round_paired(pairings, ranking),
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
        } => t.result_in(*round, *white, *outcome),
        E::PairingChanged {
            round, pairings, ..
        } => t.pairing_changed(*round, pairings),
        E::RoundPublished {
            round,
            starts_at,
            games,
            ballot,
        } => t.round_published(
            *round,
            Publication {
                at: event.at,
                by: event.actor,
                starts_at: *starts_at,
                games: games.clone(),
                ballot: *ballot,
            },
        ),
        E::GameAttached { round, white, game } => t.game_attached(*round, *white, *game),
        E::TiebreaksSet { codes } => t.tiebreaks = Some(codes.clone()),
        E::Finished => t.finish(),
        E::CupDrawn { seeds, lot } => {
            let terms = cup::terms_of(&t);
            t.cup = CupPlay::drawn(t.setup.system, &terms, seeds.clone(), *lot);
        }
        E::MatchGamesStarted {
            r#match,
            games,
            ballot,
        } => {
            if let Some(cup) = &mut t.cup {
                cup.games_started(*r#match, games, *ballot, event.at);
            }
        }
        E::MatchGameFinished {
            r#match,
            game,
            outcome,
        } => {
            if let Some(cup) = &mut t.cup {
                cup.game_finished(*r#match, *game, *outcome);
            }
        }
        E::MatchDecided {
            r#match,
            winner,
            by,
        } => {
            if let Some(cup) = &mut t.cup {
                cup.match_decided(*r#match, *winner, by);
            }
        }
    }
    TournamentState::Created(t)
}

impl Tournament {
    /// A tournament just created, at `at`: no players yet, no rounds.
    fn created(setup: &TournamentCreated, at: Timestamp) -> Tournament {
        Tournament {
            setup: setup.clone(),
            created_at: at,
            events: 1,
            tiebreaks: setup.tiebreaks.clone(),
            finished: false,
            players: Vec::new(),
            asked: Vec::new(),
            invited: Vec::new(),
            declined: Vec::new(),
            rounds: Vec::new(),
            cup: None,
        }
    }

    /// The tournament after `bodies`, as if each were decided now by the service: for a
    /// decider that judges what follows from the events it is about to make.
    pub(super) fn fold_all(&mut self, bodies: &[TournamentEventBody]) {
        let mut state = TournamentState::Created(Box::new(self.clone()));
        for body in bodies {
            state = evolve(
                state,
                &TournamentEvent {
                    at: self.created_at,
                    actor: Actor::System,
                    body: body.clone(),
                },
            );
        }
        if let TournamentState::Created(t) = state {
            *self = *t;
        }
    }

    /// The round numbered `round` (from 1), where it is paired.
    fn round_mut(&mut self, round: u16) -> Option<&mut Round> {
        self.rounds.get_mut(usize::from(round).wrapping_sub(1))
    }

    /// The entrant who plays as `player`.
    fn player_mut(&mut self, player: PlayerId) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.entrant.player == player)
    }

    /// A player asked to enter (once on the list).
    fn entry_asked(&mut self, player: PlayerId) {
        if !self.asked.contains(&player) {
            self.asked.push(player);
        }
    }

    /// A player is invited (once on the list).
    fn entry_invited(&mut self, player: PlayerId) {
        if !self.invited.contains(&player) {
            self.invited.push(player);
        }
    }

    /// A player declined: their invitation, and any ask of theirs, lapse.
    fn invitation_declined(&mut self, player: PlayerId) {
        // Declining withdraws an ask made before too: they said no.
        self.invited.retain(|p| *p != player);
        self.asked.retain(|p| *p != player);
        if !self.declined.contains(&player) {
            self.declined.push(player);
        }
    }

    /// A player enters, for the next round; their ask or invitation is answered.
    fn player_registered(&mut self, entrant: &Entrant) {
        self.asked.retain(|p| *p != entrant.player);
        self.invited.retain(|p| *p != entrant.player);
        let entered_for = self.next_round();
        self.players.push(Player {
            entrant: entrant.clone(),
            withdrawn_from: None,
            byes: Vec::new(),
            entered_for,
        });
    }

    /// A player is not paired from `from_round` on.
    fn player_withdrawn(&mut self, player: PlayerId, from_round: u16) {
        if let Some(p) = self.player_mut(player) {
            p.withdrawn_from = Some(from_round);
        }
    }

    /// A player's bye in a round, replacing one they asked for before in it.
    fn bye_requested(&mut self, player: PlayerId, round: u16, kind: ByeKind) {
        if let Some(p) = self.player_mut(player) {
            p.byes.retain(|(r, _)| *r != round);
            p.byes.push((round, kind));
        }
    }

    /// A round is paired; a `ranking` (round 1's) puts the players in starting rank, those it
    /// leaves out after it.
    fn round_paired(&mut self, pairings: &[Pairing], ranking: &[PlayerId]) {
        if !ranking.is_empty() {
            let mut players = std::mem::take(&mut self.players);
            for id in ranking {
                if let Some(i) = players.iter().position(|p| p.entrant.player == *id) {
                    self.players.push(players.remove(i));
                }
            }
            self.players.extend(players);
        }
        self.rounds.push(Round {
            boards: pairings.iter().map(|p| (*p, None)).collect(),
            published: None,
            attached: Vec::new(),
        });
    }

    /// A board's result, recorded or corrected.
    fn result_in(&mut self, round: u16, white: PlayerId, outcome: Outcome) {
        if let Some(r) = self.round_mut(round) {
            if let Some(b) = r.boards.iter_mut().find(|(p, _)| p.white == white) {
                b.1 = Some(outcome);
            }
        }
    }

    /// A round's new pairing; a board it keeps keeps its result.
    fn pairing_changed(&mut self, round: u16, pairings: &[Pairing]) {
        if let Some(r) = self.round_mut(round) {
            let kept = |p: &Pairing| r.boards.iter().find(|(b, _)| b == p).and_then(|b| b.1);
            r.boards = pairings.iter().map(|p| (*p, kept(p))).collect();
        }
    }

    /// A round is published.
    fn round_published(&mut self, round: u16, publication: Publication) {
        if let Some(r) = self.round_mut(round) {
            r.published = Some(publication);
        }
    }

    /// A board goes on as a game in zarf.
    fn game_attached(&mut self, round: u16, white: PlayerId, game: GameId) {
        if let Some(r) = self.round_mut(round) {
            r.attached.push(BoardGame { white, game });
        }
    }

    /// The tournament is over: nobody enters a finished tournament, so asks and invitations
    /// lapse.
    fn finish(&mut self) {
        self.finished = true;
        self.asked.clear();
        self.invited.clear();
    }
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
