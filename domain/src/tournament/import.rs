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
    let played = report.played_rounds();
    let rounds = report
        .rounds
        .unwrap_or(u16::try_from(played).unwrap_or(u16::MAX));
    if usize::from(rounds) < played {
        return Err(ImportError::TooManyRounds { played, rounds });
    }
    setup.rounds = rounds;
    set_up_as_reported(&mut setup, report, players.len());
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
    let file = Report {
        report,
        players,
        accounts,
    };
    let imported_rounds = (0..played)
        .map(|r| file.round(r))
        .collect::<Result<_, _>>()?;
    Ok(Imported {
        setup,
        entrants,
        rounds: imported_rounds,
    })
}

/// Sets what the report says of the tournament (`players` in all, `setup.rounds` already set):
/// its system, acceleration, scoring, first colour and name, and, where `setup` has none, its
/// place, days and tie-breaks.
fn set_up_as_reported(setup: &mut TournamentCreated, report: &trf::Tournament, players: usize) {
    let round_robin = pairing::tiebreak::is_round_robin(report);
    setup.system = match round_robin {
        false => System::Swiss,
        true if usize::from(setup.rounds) > players => System::DoubleRoundRobin,
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
    setup.place = setup.place.take().or_else(|| record("022"));
    let day = |tag: &str| record(tag).map(|d| d.replace(['/', '.'], "-"));
    setup.start_date = setup.start_date.take().or_else(|| day("042"));
    setup.end_date = setup.end_date.take().or_else(|| day("052"));
    if setup.tiebreaks.is_none() {
        setup.tiebreaks = report.tiebreaks.clone();
    }
}

/// A report file with its players in the order of their pairing numbers, and the service's
/// account for each.
struct Report<'a> {
    report: &'a trf::Tournament,
    players: Vec<&'a trf::Player>,
    accounts: &'a [PlayerId],
}

impl Report<'_> {
    /// The service's account for the file's player `id`.
    fn account(&self, id: trf::PlayerId) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.id == id)
            .and_then(|i| self.accounts.get(i).copied())
    }

    /// Round `r` (from 0) as played: each board from White's line, with its result, the byes
    /// asked for, and the pairing-allocated bye last.
    fn round(&self, r: usize) -> Result<ImportedRound, ImportError> {
        let mut round = ImportedRound::default();
        for p in &self.players {
            let Some(e) = p.rounds.get(r) else { continue };
            let me = self
                .account(p.id)
                .ok_or(ImportError::Inconsistent(p.id, r + 1))?;
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
                    let board = self
                        .board(p.id, me, opponent, outcome, r)
                        .ok_or(ImportError::Inconsistent(p.id, r + 1))?;
                    round.boards.push(board);
                }
                // Black's line: the board is White's.
                (Some(_), Some(trf::Colour::Black), _) => {}
            }
        }
        // Games first, the pairing-allocated bye last, as the service lists a round.
        round.boards.sort_by_key(|(p, _)| p.black.is_none());
        Ok(round)
    }

    /// The board of round `r` (from 0) where the file's player `white` (account `me`) had White
    /// against `opponent`, with its result; none where the two players' lines do not agree.
    fn board(
        &self,
        white: trf::PlayerId,
        me: PlayerId,
        opponent: trf::PlayerId,
        outcome: trf::Outcome,
        r: usize,
    ) -> Option<(Pairing, Option<Outcome>)> {
        use trf::Outcome as O;
        let black = self.account(opponent)?;
        let theirs = self
            .report
            .players
            .iter()
            .find(|q| q.id == opponent)
            .and_then(|q| q.rounds.get(r))
            .filter(|q| q.opponent == Some(white))?;
        let result = match (outcome, theirs.outcome) {
            (O::Win | O::WinUnrated, _) => Outcome::WhiteWins,
            (O::Draw | O::DrawUnrated, _) => Outcome::Draw,
            (O::Loss | O::LossUnrated, _) => Outcome::BlackWins,
            (O::ForfeitWin, _) => Outcome::WhiteWinsByForfeit,
            (O::ForfeitLoss, O::ForfeitLoss) => Outcome::DoubleForfeit,
            (O::ForfeitLoss, _) => Outcome::BlackWinsByForfeit,
            _ => return None,
        };
        Some((
            Pairing {
                white: me,
                black: Some(black),
            },
            Some(result),
        ))
    }
}
