//! A cup's commands judged: the draw, matches started as their players become known, each
//! game's result, the arbiter's settlement and a withdrawal's walkover.

use pairing::knockout::progress::MatchId;
use pairing::knockout::seeding::{seed_order, Seeding};

use super::*;
use crate::tournament::{
    Play, Rejection, Tournament, TournamentEventBody as E, TournamentEventBody,
};

/// The cup's terms: as set when it was made, else the usual ones.
pub fn terms_of(t: &Tournament) -> CupTerms {
    t.cup_terms()
}

/// The cup as drawn; refused where the tournament is not a cup or is not drawn yet.
fn drawn(t: &Tournament) -> Result<&CupPlay, Rejection> {
    if !t.setup.system.is_cup() {
        return Err(Rejection::NotACup);
    }
    t.cup.as_ref().ok_or(Rejection::CupNotDrawn)
}

/// The fewest players `system` takes.
fn fewest(system: System) -> u32 {
    if system == System::DoubleElimination {
        3
    } else {
        pairing::knockout::MIN_PLAYERS
    }
}

/// The cup is drawn, once: its players still in, in seed order (a lot drawn from `lot` where
/// the terms seed by lot).
pub fn draw_cup(t: &Tournament, lot: u64) -> Result<Vec<TournamentEventBody>, Rejection> {
    if !t.setup.system.is_cup() {
        return Err(Rejection::NotACup);
    }
    if t.cup.is_some() {
        return Err(Rejection::CupAlreadyDrawn);
    }
    let entrants: Vec<_> = t
        .players
        .iter()
        .filter(|p| p.withdrawn_from.is_none())
        .collect();
    let n = u32::try_from(entrants.len()).unwrap_or(u32::MAX);
    if !(fewest(t.setup.system)..=pairing::knockout::MAX_PLAYERS).contains(&n) {
        return Err(Rejection::CupSize(n));
    }
    let terms = terms_of(t);
    let ratings: Vec<Option<u16>> = entrants.iter().map(|p| p.entrant.rating).collect();
    let seeding = match terms.seeding {
        SeedingRule::Rating => Seeding::Rating,
        SeedingRule::Given => Seeding::Given,
        SeedingRule::Lot => Seeding::Lot(lot),
    };
    let seeds = seed_order(&ratings, seeding)
        .into_iter()
        .map(|i| entrants[i].entrant.player)
        .collect();
    Ok(vec![E::CupDrawn {
        seeds,
        lot: (terms.seeding == SeedingRule::Lot).then_some(lot),
    }])
}

/// The matches whose players are known and that have no game under way start: a pair of games
/// with the colours exchanged (one game where the terms play one), their ids taken from `games`
/// in order, and their opening drawn from `lot` where the game has a ballot. A match with a
/// withdrawn player is first decided as a walkover.
pub fn start_matches(
    t: &Tournament,
    games: Vec<GameId>,
    lot: u64,
) -> Result<Vec<TournamentEventBody>, Rejection> {
    drawn(t)?;
    let mut events = finished_with(t, walkovers(t));
    if events.contains(&E::Finished) {
        return Ok(events);
    }
    let mut now = t.clone();
    now.fold_all(&events);
    let play = now.cup.as_ref().ok_or(Rejection::CupNotDrawn)?;
    let terms = terms_of(t).mini_match();
    let mut ids = games.into_iter();
    let mut needed = 0;
    let mut starts = Vec::new();
    for (i, m) in play.cup.ready(&play.decided).into_iter().enumerate() {
        let (Some(players), Some(MatchState::Playing { game, .. })) =
            (play.players(m), play.state(m, &terms))
        else {
            continue;
        };
        let started = play.games.get(&m).map_or(0, Vec::len) as u32;
        if started >= game {
            continue; // its game is being played
        }
        let count = if started < terms.games {
            (terms.games - started).min(2)
        } else {
            2
        };
        needed += count as usize;
        let boards: Vec<BoardGame> = (started + 1..=started + count)
            .filter_map(|k| {
                let white = players[usize::from(k % 2 == 0)];
                Some(BoardGame {
                    white,
                    game: ids.next()?,
                })
            })
            .collect();
        let ballot = ballot(t, mix(lot, i as u64));
        starts.push((m, boards, ballot));
    }
    if starts.iter().map(|(_, b, _)| b.len()).sum::<usize>() < needed {
        return Err(Rejection::GameIdsMissing(needed));
    }
    events.extend(
        starts
            .into_iter()
            .map(|(m, games, ballot)| E::MatchGamesStarted {
                r#match: MatchRef::of(m),
                games,
                ballot,
            }),
    );
    Ok(events)
}

/// A match game's result, where none is in yet; the match is decided by it where it can be
/// (a tie settled by lot drawn from `lot`), and the cup finishes with its last match. From
/// the service (`by_service`: a game in zarf that ended), a game of a decided match or of a
/// finished cup is only recorded; whoever runs the cup enters no result for a decided match,
/// and no double forfeit (neither side goes through by it: they decide the match).
pub fn record_match_game(
    t: &Tournament,
    game: GameId,
    outcome: Outcome,
    lot: u64,
    by_service: bool,
) -> Result<Vec<TournamentEventBody>, Rejection> {
    let play = drawn(t)?;
    let (m, g) = play.match_of_game(game).ok_or(Rejection::NotACupGame)?;
    if g.outcome.is_some() {
        return Err(Rejection::ResultExists);
    }
    if !by_service && play.decided.contains_key(&m) {
        return Err(Rejection::MatchDecided);
    }
    if outcome == Outcome::DoubleForfeit {
        return Err(Rejection::DoubleForfeitInACup);
    }
    let mut events = vec![E::MatchGameFinished {
        r#match: MatchRef::of(m),
        game,
        outcome,
    }];
    let mut now = t.clone();
    now.fold_all(&events);
    let play = now.cup.as_ref().ok_or(Rejection::CupNotDrawn)?;
    if t.finished || play.decided.contains_key(&m) {
        return Ok(events);
    }
    events.extend(decided_by_games(play, m, &terms_of(t).mini_match(), lot));
    Ok(finished_with(t, events))
}

/// The longest reason an arbiter gives for a decision.
pub const MAX_REASON: usize = 500;

/// Whoever runs the cup decides a match whose players are known and that is not decided yet:
/// a tie the terms leave to them, a forfeit, or a match that stalled; with a reason.
pub fn settle_match(
    t: &Tournament,
    at: MatchRef,
    winner: PlayerId,
    reason: String,
) -> Result<Vec<TournamentEventBody>, Rejection> {
    let play = drawn(t)?;
    if reason.trim().is_empty() {
        return Err(Rejection::ReasonMissing);
    }
    if reason.chars().count() > MAX_REASON {
        return Err(Rejection::ReasonTooLong(MAX_REASON));
    }
    let m = at.id();
    if play.cup.sides(m).is_none() {
        return Err(Rejection::NoSuchMatch);
    }
    if play.decided.contains_key(&m) {
        return Err(Rejection::MatchDecided);
    }
    let players = play.players(m).ok_or(Rejection::MatchNotReady)?;
    if !players.contains(&winner) {
        return Err(Rejection::NotInTheMatch(winner));
    }
    let events = vec![E::MatchDecided {
        r#match: at,
        winner,
        by: Decision::Arbiter { reason },
    }];
    Ok(finished_with(t, events))
}

/// After a player's withdrawal (`withdrawn`, already decided): their match under way, or the
/// next one of theirs whose opponent is known, goes to the opponent as a walkover.
pub fn withdrawal_walkovers(
    t: &Tournament,
    withdrawn: &[TournamentEventBody],
) -> Vec<TournamentEventBody> {
    let mut now = t.clone();
    now.fold_all(withdrawn);
    finished_with(t, walkovers(&now))
}

/// The ready matches with a withdrawn player, decided as walkovers, again and again while a
/// walkover makes another such match ready (both withdrawn: the higher seed goes on, to lose
/// the next one so).
fn walkovers(t: &Tournament) -> Vec<TournamentEventBody> {
    let Some(mut play) = t.cup.clone() else {
        return Vec::new();
    };
    let out = |p: PlayerId| t.player(p).is_some_and(|p| p.withdrawn_from.is_some());
    let mut events = Vec::new();
    loop {
        let next = play.cup.ready(&play.decided).into_iter().find_map(|m| {
            let [a, b] = play.players(m)?;
            (out(a) || out(b)).then_some((m, if out(a) && !out(b) { b } else { a }))
        });
        let Some((m, winner)) = next else { break };
        let at = MatchRef::of(m);
        play.match_decided(at, winner, &Decision::Walkover);
        events.push(E::MatchDecided {
            r#match: at,
            winner,
            by: Decision::Walkover,
        });
    }
    events
}

/// The decision match `m`'s games (and the tie rule) make, if any.
fn decided_by_games(
    play: &CupPlay,
    m: MatchId,
    terms: &MiniMatch,
    lot: u64,
) -> Option<TournamentEventBody> {
    let players = play.players(m)?;
    let (side, by) = match play.state(m, terms)? {
        MatchState::Won { side, settled } => (
            side,
            if settled {
                Decision::HigherSeed
            } else {
                Decision::Games
            },
        ),
        MatchState::AwaitingLot => ((mix(lot, 0) % 2) as usize, Decision::Lot),
        MatchState::Playing { .. } | MatchState::AwaitingArbiter => return None,
    };
    Some(E::MatchDecided {
        r#match: MatchRef::of(m),
        winner: players[side],
        by,
    })
}

/// `events`, then the cup's end where they bring it.
fn finished_with(t: &Tournament, mut events: Vec<TournamentEventBody>) -> Vec<TournamentEventBody> {
    let mut now = t.clone();
    now.fold_all(&events);
    if now.cup.as_ref().is_some_and(CupPlay::over) && !t.finished {
        events.push(E::Finished);
    }
    events
}

/// The opening of the game's ballot a pair of games starts from, drawn from `lot`; none where
/// the cup is played without one.
fn ballot(t: &Tournament, lot: u64) -> Option<u16> {
    use crate::game::Rules;
    let Play::Online(online) = &t.setup.play else {
        return None;
    };
    if !online.ballot {
        return None;
    }
    let name = online.game.as_deref().unwrap_or(crate::game::UNNAMED_GAME);
    let deck = crate::games::GameKind::named(name)?
        .ballot()
        .filter(|d| !d.is_empty())?;
    Some((lot % u64::from(deck.len())) as u16 + 1)
}

/// A number drawn from `lot` for the `n`th draw made from it (SplitMix64's finaliser), so
/// one lot serves every match started together.
fn mix(lot: u64, n: u64) -> u64 {
    let mut z = lot.wrapping_add((n + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
