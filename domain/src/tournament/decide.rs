//! The tournament's decider: a command judged on the tournament as it stands.

use super::*;

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
    match command {
        Command::AskToEnter { player } => {
            return ask_to_enter(t, player, actor).map(|body| vec![stamp(body)]);
        }
        Command::AcceptInvitation(entrant) => {
            return accept_invitation(t, entrant, actor).map(|body| vec![stamp(body)]);
        }
        Command::DeclineInvitation { player } => {
            return decline_invitation(t, player, actor).map(|body| vec![stamp(body)]);
        }
        _ => {}
    }
    if !may_run(actor, &t.setup) {
        return Err(Rejection::ArbiterOnly);
    }
    if t.finished {
        return Err(Rejection::Finished);
    }
    let body = match command {
        Command::Create(_)
        | Command::Import(_)
        | Command::AskToEnter { .. }
        | Command::AcceptInvitation(_)
        | Command::DeclineInvitation { .. } => {
            unreachable!("answered above")
        }
        Command::Invite { player } => {
            if t.player(player).is_some() {
                return Err(Rejection::AlreadyRegistered(player));
            }
            if t.invited.contains(&player) {
                return Err(Rejection::AlreadyInvited(player));
            }
            if t.declined.contains(&player) {
                return Err(Rejection::DeclinedBefore(player));
            }
            if t.setup.system != System::Swiss && !t.rounds.is_empty() {
                return Err(Rejection::RoundRobinClosed);
            }
            TournamentEventBody::EntryInvited { player }
        }
        Command::WithdrawInvitation { player } => {
            if !t.invited.contains(&player) {
                return Err(Rejection::NotInvited(player));
            }
            TournamentEventBody::InvitationWithdrawn { player }
        }
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

/// A player asks to enter: only for themselves, while entries are open, once.
fn ask_to_enter(
    t: &Tournament,
    player: PlayerId,
    actor: Actor,
) -> Result<TournamentEventBody, Rejection> {
    if actor != Actor::Player(player) {
        return Err(Rejection::ArbiterOnly);
    }
    if t.finished {
        return Err(Rejection::Finished);
    }
    if t.player(player).is_some() || t.asked.contains(&player) {
        return Err(Rejection::AlreadyRegistered(player));
    }
    if t.setup.system != System::Swiss && !t.rounds.is_empty() {
        return Err(Rejection::RoundRobinClosed);
    }
    Ok(TournamentEventBody::EntryAsked { player })
}

/// An invited player enters, as they are (the entrant is made by the caller, as whoever runs
/// it would make it).
fn accept_invitation(
    t: &Tournament,
    entrant: Entrant,
    actor: Actor,
) -> Result<TournamentEventBody, Rejection> {
    let player = entrant.player;
    if actor != Actor::Player(player) {
        return Err(Rejection::ArbiterOnly);
    }
    if t.finished {
        return Err(Rejection::Finished);
    }
    if t.player(player).is_some() {
        return Err(Rejection::AlreadyRegistered(player));
    }
    if !t.invited.contains(&player) {
        return Err(Rejection::NotInvited(player));
    }
    if t.setup.system != System::Swiss && !t.rounds.is_empty() {
        return Err(Rejection::RoundRobinClosed);
    }
    Ok(TournamentEventBody::PlayerRegistered(entrant))
}

fn decline_invitation(
    t: &Tournament,
    player: PlayerId,
    actor: Actor,
) -> Result<TournamentEventBody, Rejection> {
    if actor != Actor::Player(player) {
        return Err(Rejection::ArbiterOnly);
    }
    if !t.invited.contains(&player) {
        return Err(Rejection::NotInvited(player));
    }
    Ok(TournamentEventBody::InvitationDeclined { player })
}
