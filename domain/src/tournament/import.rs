//! A tournament played elsewhere, continued here from its report file (TRF).

use super::*;

/// The events that make an imported tournament: its creation, a marker, its players, then
/// each round's byes, pairing (round 1 fixing the starting rank as given) and results.
pub(super) fn imported_events(imported: &Imported) -> Vec<TournamentEventBody> {
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
