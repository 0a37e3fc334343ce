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

/// Judges `command`, sent by `actor` at `at`, on the tournament as it stands.
pub fn decide(
    state: &TournamentState,
    command: Command,
    at: Timestamp,
    actor: Actor,
) -> Result<Vec<TournamentEvent>, Rejection> {
    let t = || existing(state);
    let run = || running(state, actor);
    // A cup plays matches, not rounds: its rounds' commands are not its own.
    let rounds = || {
        let t = running(state, actor)?;
        if t.setup.system.is_cup() {
            return Err(Rejection::CupPlaysMatches);
        }
        Ok(t)
    };
    let bodies = match command {
        Command::Create(created) => create(state, created, actor)?,
        Command::Import(imported) => import_played(state, &imported, actor)?,
        Command::AskToEnter { player } => vec![ask_to_enter(t()?, player, actor)?],
        Command::AcceptInvitation(entrant) => vec![accept_invitation(t()?, entrant, actor)?],
        Command::DeclineInvitation { player } => vec![decline_invitation(t()?, player, actor)?],
        Command::Invite { player } => vec![invite(run()?, player)?],
        Command::WithdrawInvitation { player } => vec![withdraw_invitation(run()?, player)?],
        Command::Register(entrant) => vec![register(run()?, entrant)?],
        Command::Withdraw { player } => {
            let t = run()?;
            let withdrawn = vec![withdraw(t, player)?];
            let walkovers = cup::withdrawal_walkovers(t, &withdrawn);
            withdrawn.into_iter().chain(walkovers).collect()
        }
        Command::RequestBye {
            player,
            round,
            kind,
        } => vec![request_bye(rounds()?, player, round, kind)?],
        Command::PairNextRound => vec![pair_next_round(rounds()?)?],
        Command::RecordResult {
            round,
            white,
            outcome,
        } => record_result(rounds()?, round, white, outcome)?,
        Command::CorrectResult {
            round,
            white,
            outcome,
            reason,
        } => vec![correct_result(rounds()?, round, white, outcome, reason)?],
        Command::ChangePairing {
            round,
            pairings,
            reason,
            despite_results: despite,
        } => vec![change_pairing(rounds()?, round, pairings, reason, despite)?],
        Command::SetTiebreaks { codes } => vec![set_tiebreaks(run()?, codes)?],
        Command::PublishRound {
            round,
            starts_at,
            games,
            lot,
        } => vec![publish_round(rounds()?, round, starts_at, games, lot)?],
        Command::AttachGame { round, white, game } => {
            vec![attach_game(rounds()?, round, white, game)?]
        }
        Command::Finish => vec![finish(run()?)?],
        Command::DrawCup { lot } => cup::draw_cup(run()?, lot)?,
        Command::StartMatches { games, lot } => cup::start_matches(run()?, games, lot)?,
        // A game still being played when the cup finished is recorded still. Over the board
        // the arbiter enters each game's result; a game in zarf brings its own.
        Command::RecordMatchGame { game, outcome, lot } => {
            let by_service = actor == Actor::System;
            let t = match by_service {
                true => existing(state)?,
                false => running(state, actor)?,
            };
            if !by_service && t.setup.system.is_cup() && matches!(t.setup.play, Play::Online(_)) {
                return Err(Rejection::ResultFromTheGame);
            }
            cup::record_match_game(t, game, outcome, lot, by_service)?
        }
        Command::SettleMatch { at, winner, reason } => {
            cup::settle_match(run()?, at, winner, reason)?
        }
    };
    Ok(bodies
        .into_iter()
        .map(|body| TournamentEvent { at, actor, body })
        .collect())
}

/// The tournament, once created.
fn existing(state: &TournamentState) -> Result<&Tournament, Rejection> {
    match state {
        TournamentState::NotCreated => Err(Rejection::NoSuchTournament),
        TournamentState::Created(t) => Ok(t),
    }
}

/// The tournament, where the actor runs it and it is not finished: the guard of every command
/// but a player's answer to it.
fn running(state: &TournamentState, actor: Actor) -> Result<&Tournament, Rejection> {
    let t = existing(state)?;
    if !may_run(actor, &t.setup) {
        return Err(Rejection::ArbiterOnly);
    }
    if t.finished {
        return Err(Rejection::Finished);
    }
    Ok(t)
}

/// The tournament is created, by one who runs it, with FIDE's tie-breaks only.
fn create(
    state: &TournamentState,
    created: TournamentCreated,
    actor: Actor,
) -> Result<Vec<TournamentEventBody>, Rejection> {
    if let TournamentState::Created(_) = state {
        return Err(Rejection::TournamentExists);
    }
    if !may_run(actor, &created) {
        return Err(Rejection::ArbiterOnly);
    }
    if let Some(codes) = &created.tiebreaks {
        known_tiebreaks(codes)?;
    }
    Ok(vec![TournamentEventBody::Created(created)])
}

/// The tournament starts from one played elsewhere, as far as it went, by one who runs it.
fn import_played(
    state: &TournamentState,
    imported: &Imported,
    actor: Actor,
) -> Result<Vec<TournamentEventBody>, Rejection> {
    if let TournamentState::Created(_) = state {
        return Err(Rejection::TournamentExists);
    }
    if !may_run(actor, &imported.setup) {
        return Err(Rejection::ArbiterOnly);
    }
    Ok(imported_events(imported))
}

/// Whoever runs it invites a player who has not entered, been invited or declined before; a
/// round robin only before its first round.
fn invite(t: &Tournament, player: PlayerId) -> Result<TournamentEventBody, Rejection> {
    if t.player(player).is_some() {
        return Err(Rejection::AlreadyRegistered(player));
    }
    if t.invited.contains(&player) {
        return Err(Rejection::AlreadyInvited(player));
    }
    if t.declined.contains(&player) {
        return Err(Rejection::DeclinedBefore(player));
    }
    entries_open(t)?;
    Ok(TournamentEventBody::EntryInvited { player })
}

/// Whoever runs it withdraws an invitation not yet answered.
fn withdraw_invitation(t: &Tournament, player: PlayerId) -> Result<TournamentEventBody, Rejection> {
    if !t.invited.contains(&player) {
        return Err(Rejection::NotInvited(player));
    }
    Ok(TournamentEventBody::InvitationWithdrawn { player })
}

/// Whoever runs it enters a player not yet entered; a round robin only before its first round.
fn register(t: &Tournament, entrant: Entrant) -> Result<TournamentEventBody, Rejection> {
    if t.player(entrant.player).is_some() {
        return Err(Rejection::AlreadyRegistered(entrant.player));
    }
    entries_open(t)?;
    Ok(TournamentEventBody::PlayerRegistered(entrant))
}

/// A player still in the tournament withdraws from the next round on.
fn withdraw(t: &Tournament, player: PlayerId) -> Result<TournamentEventBody, Rejection> {
    let p = t.player(player).ok_or(Rejection::NotAnEntrant(player))?;
    if p.withdrawn_from.is_some() {
        return Err(Rejection::Withdrawn(player));
    }
    Ok(TournamentEventBody::PlayerWithdrawn {
        player,
        from_round: t.next_round(),
    })
}

/// A player still in the tournament asks for a bye in a round not yet paired (a half-point one
/// only where the tournament allows it).
fn request_bye(
    t: &Tournament,
    player: PlayerId,
    round: u16,
    kind: ByeKind,
) -> Result<TournamentEventBody, Rejection> {
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
    Ok(TournamentEventBody::ByeRequested {
        player,
        round,
        kind,
    })
}

/// The next round is paired, once the last one's results are all in and while rounds remain.
fn pair_next_round(t: &Tournament) -> Result<TournamentEventBody, Rejection> {
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
    Ok(TournamentEventBody::RoundPaired {
        round,
        pairings,
        ranking,
    })
}

/// A board's result is recorded, where none is yet; the round closes with its last result.
fn record_result(
    t: &Tournament,
    round: u16,
    white: PlayerId,
    outcome: Outcome,
) -> Result<Vec<TournamentEventBody>, Rejection> {
    if t.board(round, white)?.1.is_some() {
        return Err(Rejection::ResultExists);
    }
    let recorded = TournamentEventBody::ResultRecorded {
        round,
        white,
        outcome,
    };
    if t.rounds[usize::from(round) - 1].missing() == 1 {
        return Ok(vec![recorded, TournamentEventBody::RoundClosed { round }]);
    }
    Ok(vec![recorded])
}

/// A board's recorded result is corrected, with a reason.
fn correct_result(
    t: &Tournament,
    round: u16,
    white: PlayerId,
    outcome: Outcome,
    reason: String,
) -> Result<TournamentEventBody, Rejection> {
    if reason.trim().is_empty() {
        return Err(Rejection::ReasonMissing);
    }
    if t.board(round, white)?.1.is_none() {
        return Err(Rejection::NoResult);
    }
    Ok(TournamentEventBody::ResultCorrected {
        round,
        white,
        outcome,
        reason,
    })
}

/// A paired round's pairing is replaced, with a reason, by one seating the same players: before
/// its games start, and once a result is in only `despite_results`.
fn change_pairing(
    t: &Tournament,
    round: u16,
    pairings: Vec<Pairing>,
    reason: String,
    despite_results: bool,
) -> Result<TournamentEventBody, Rejection> {
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
    Ok(TournamentEventBody::PairingChanged {
        round,
        pairings,
        reason,
    })
}

/// The standings' tie-breaks are set, FIDE's only.
fn set_tiebreaks(_: &Tournament, codes: Vec<String>) -> Result<TournamentEventBody, Rejection> {
    known_tiebreaks(&codes)?;
    Ok(TournamentEventBody::TiebreaksSet { codes })
}

/// The latest round is published, once; online, with a game for each board still to be played
/// and the opening of the game's ballot it starts from.
fn publish_round(
    t: &Tournament,
    round: u16,
    starts_at: Option<Timestamp>,
    games: Vec<GameId>,
    lot: u64,
) -> Result<TournamentEventBody, Rejection> {
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
    let games = board_games(t, r, games)?;
    let ballot = match &t.setup.play {
        Play::Online(online) if online.ballot && !games.is_empty() => {
            ballot_of_round(t, r, online, lot)
        }
        _ => None,
    };
    Ok(TournamentEventBody::RoundPublished {
        round,
        starts_at,
        games,
        ballot,
    })
}

/// The games round `r` is played as: online, `games` in board order, one for each board that is
/// not a bye and has no result yet; over the board, none.
fn board_games(t: &Tournament, r: &Round, games: Vec<GameId>) -> Result<Vec<BoardGame>, Rejection> {
    match t.setup.play {
        Play::OverTheBoard => Ok(Vec::new()),
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
            Ok(boards
                .into_iter()
                .zip(games)
                .map(|(white, game)| BoardGame { white, game })
                .collect())
        }
    }
}

/// A board without a result, and without a game yet, is continued as game `game`.
fn attach_game(
    t: &Tournament,
    round: u16,
    white: PlayerId,
    game: GameId,
) -> Result<TournamentEventBody, Rejection> {
    if t.board(round, white)?.1.is_some() {
        return Err(Rejection::ResultExists);
    }
    let r = &t.rounds[usize::from(round) - 1];
    if r.game_of(white).is_some() {
        return Err(Rejection::GameAttached(round));
    }
    Ok(TournamentEventBody::GameAttached { round, white, game })
}

/// The tournament finishes, once every round is played and all its results are in.
fn finish(t: &Tournament) -> Result<TournamentEventBody, Rejection> {
    if let Some(cup) = &t.cup {
        // A cup finishes with its last match.
        return Err(if cup.over() {
            Rejection::Finished
        } else {
            Rejection::CupNotOver
        });
    }
    if t.setup.system.is_cup() {
        return Err(Rejection::CupNotDrawn);
    }
    let incomplete = t.rounds.iter().position(|r| r.missing() > 0);
    let pending = incomplete.map_or(t.next_round(), |i| u16::try_from(i + 1).unwrap_or(u16::MAX));
    if pending <= t.setup.rounds {
        return Err(Rejection::NotOver(pending));
    }
    Ok(TournamentEventBody::Finished)
}

/// Refuses an entry once entries are closed: a round robin's from round 1, a cup's once drawn.
fn entries_open(t: &Tournament) -> Result<(), Rejection> {
    match t.entries_closed() {
        false => Ok(()),
        true if t.setup.system.is_cup() => Err(Rejection::CupAlreadyDrawn),
        true => Err(Rejection::RoundRobinClosed),
    }
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
    entries_open(t)?;
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
    entries_open(t)?;
    Ok(TournamentEventBody::PlayerRegistered(entrant))
}

/// An invited player declines (only for themselves).
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
