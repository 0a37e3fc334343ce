//! The FIDE Dutch system (C.04.3, the rules in force from 2026, with the pairing-allocated bye
//! and the Baku acceleration of C.04.5.1): the next round of a Swiss tournament.
//!
//! The pairing is a sequence of maximum-weight matchings on all players still to be paired. An
//! edge's weight packs the criteria into one wide number, one field per criterion from the
//! absolute ones down to the last quality criterion, so a heavier matching is a better pairing;
//! the brackets are then settled one at a time from the top, each decision (which moved-down
//! players stay in the bracket, which players are exchanged, who meets whom) fixed by raising
//! or clearing weights and matching again. This is the method of bbpPairings, the engine FIDE
//! endorses, whose `dutch.cpp` this module follows step by step (bbpPairings, Copyright Bierema
//! Boyz Programming, Apache License 2.0), so that both give the same pairing for the same file.

use std::collections::HashMap;

use crate::berger::Board;
use crate::matching::Matcher;
use crate::points::Points;
use crate::swiss::{states, Float, Strength};
use crate::trf::{Colour, Entry, PlayerId, Tournament};
use crate::wide::Wide;

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DutchError {
    #[error("the number of rounds is not given (record 142 or XXR)")]
    RoundsUnknown,
    #[error("all {0} rounds are paired")]
    Finished(usize),
    #[error(
        "the colour of the first player in round 1 is not given (record 152, or XXC white1 or \
         black1) and no round played shows it"
    )]
    InitialColourUnknown,
    #[error("no pairing of round {0} satisfies the absolute criteria")]
    NoPairing(usize),
    #[error("the Baku acceleration needs a win to be worth two draws and a loss nothing")]
    BakuScoring,
    #[error("too many players or score groups for the pairing's weights")]
    TooLarge,
}

/// Choices the file may leave open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The Baku acceleration (C.04.5.1), also chosen by `192 FIDE_DUTCH_2025_BAKU`; fictitious
    /// points given in the file (`250`, `XXA`) take precedence.
    pub baku: bool,
}

/// The next round: the round after the last one anybody was paired in. Players who already
/// have an entry for it (a requested bye or an absence), or a `240` bye, are not paired.
pub fn pair(t: &Tournament, options: Options) -> Result<Vec<Board>, DutchError> {
    let round = next_round(t);
    let total = usize::from(t.rounds.ok_or(DutchError::RoundsUnknown)?);
    if round >= total {
        return Err(DutchError::Finished(total));
    }
    let initial = initial_colour(t).ok_or(DutchError::InitialColourUnknown)?;
    pair_round(t, round, total, initial, options)
}

/// A round of the file compared with the pairing the rules give for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// From 1.
    pub round: usize,
    pub recorded: Vec<Board>,
    /// The rules' pairing, or why there is none.
    pub expected: Result<Vec<Board>, DutchError>,
}

/// Pair every round of the file again from the rounds before it and list the rounds whose
/// recorded pairing (pairs and colours; board order aside) differs.
pub fn check(t: &Tournament, options: Options) -> Result<Vec<Difference>, DutchError> {
    let played = t.played_rounds();
    let total = t.rounds.map_or(played, usize::from).max(played);
    let initial = initial_colour(t).ok_or(DutchError::InitialColourUnknown)?;
    let mut differences = Vec::new();
    for round in 0..played {
        let recorded = recorded(t, round);
        let expected = pair_round(t, round, total, initial, options);
        let same = expected
            .as_ref()
            .is_ok_and(|boards| sorted(boards.clone()) == sorted(recorded.clone()));
        if !same {
            differences.push(Difference {
                round: round + 1,
                recorded,
                expected,
            });
        }
    }
    Ok(differences)
}

fn sorted(mut boards: Vec<Board>) -> Vec<Board> {
    boards.sort_by_key(|b| match *b {
        Board::Game { white, black } => (white, black),
        Board::Bye(p) => (p, 0),
    });
    boards
}

/// The pairs the file records for round `round` (from 0).
fn recorded(t: &Tournament, round: usize) -> Vec<Board> {
    t.players
        .iter()
        .filter_map(|p| {
            let e = p.rounds.get(round)?;
            match (e.opponent, e.colour) {
                (Some(black), Some(Colour::White)) => Some(Board::Game { white: p.id, black }),
                (None, _) if e.paired() => Some(Board::Bye(p.id)),
                _ => None,
            }
        })
        .collect()
}

/// The round to pair next (from 0), as bbpPairings counts it: past the last round anybody was
/// paired in, or had an entry before another round; and past a round in which every player
/// already has an entry.
pub fn next_round(t: &Tournament) -> usize {
    let mut round = 0;
    for p in &t.players {
        for (i, e) in p.rounds.iter().enumerate() {
            round = round.max(i + usize::from(e.paired()));
        }
    }
    if !t.players.is_empty() && t.players.iter().all(|p| p.rounds.len() > round) {
        round += 1;
    }
    round
}

/// The colour of the top player in round 1: as the file says, else as the first round with
/// colours shows it.
pub fn initial_colour(t: &Tournament) -> Option<Colour> {
    if t.initial_colour.is_some() {
        return t.initial_colour;
    }
    let first = t
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().position(|e| e.colour.is_some()))
        .min()?;
    let mut by_number: Vec<_> = t.players.iter().collect();
    by_number.sort_by_key(|p| p.id);
    let mut number = 0usize;
    for p in by_number {
        if p.rounds.iter().take(first + 1).any(Entry::paired) {
            let colour = p.rounds.get(first).and_then(|e| e.colour);
            if let Some(c) = colour {
                return Some(if number % 2 == 1 { c.other() } else { c });
            }
            number += 1;
        }
    }
    None
}

/// The Baku acceleration's fictitious points (C.04.5.1) as `XXA` records: a win's points in
/// the first half of the accelerated rounds, a draw's in the rest, to the first half of the
/// players by pairing number.
fn with_baku(t: &Tournament, total: usize) -> Result<Tournament, DutchError> {
    let s = &t.scoring;
    if s.loss != Points::ZERO || s.draw + s.draw != s.win {
        return Err(DutchError::BakuScoring);
    }
    let mut t = t.clone();
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let last_accelerated = total.saturating_sub(1) / 2;
    let last_full = last_accelerated / 2;
    let points: Vec<Points> = (0..=last_accelerated)
        .map(|r| if r <= last_full { s.win } else { s.draw })
        .collect();
    let group = ids.len().saturating_sub(1) / 2 + 1;
    t.player_accelerations = ids
        .into_iter()
        .take(group)
        .map(|id| (id, points.clone()))
        .collect();
    Ok(t)
}

fn baku_chosen(t: &Tournament, options: Options) -> bool {
    let named = t
        .kind
        .as_deref()
        .is_some_and(|k| matches!(k, "FIDE_DUTCH_2025_BAKU" | "FIDE_DUTCH_BAKU"));
    (options.baku || named) && t.accelerations.is_empty() && t.player_accelerations.is_empty()
}

/// A player to pair, as the criteria see them.
#[derive(Clone, Debug)]
struct Seat {
    id: PlayerId,
    /// Among the players taking part, by pairing number, from 0.
    rank: usize,
    score: Points,
    /// With fictitious points.
    paired: Points,
    games: usize,
    imbalance: u32,
    preference: Option<Colour>,
    repeated: Option<Colour>,
    strong: bool,
    absolute: bool,
    floats: [Float; 2],
    bye_eligible: bool,
    /// The colours of the games played, in order.
    colours: Vec<Colour>,
    opponents: Vec<PlayerId>,
}

impl Seat {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
}

/// Pair round `round` (from 0) from the rounds before it: `total` rounds in all, `initial` the
/// top player's colour in round 1.
pub fn pair_round(
    t: &Tournament,
    round: usize,
    total: usize,
    initial: Colour,
    options: Options,
) -> Result<Vec<Board>, DutchError> {
    let baku;
    let t = if baku_chosen(t, options) {
        baku = with_baku(t, total)?;
        &baku
    } else {
        t
    };
    let next_entry = |p: &crate::trf::Player| -> bool {
        p.rounds.get(round).is_some_and(|e| !e.paired())
            || (p.rounds.len() <= round
                && t.byes
                    .iter()
                    .any(|b| usize::from(b.round) == round + 1 && b.players.contains(&p.id)))
    };
    let states = states(t, round);
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| t.players[i].id);
    let mut seats = Vec::new();
    let mut rank = 0;
    for i in order {
        let p = &t.players[i];
        let absent = next_entry(p);
        let took_part = p.rounds.iter().take(round).any(Entry::paired);
        if absent && !took_part {
            continue;
        }
        rank += 1;
        if absent {
            continue;
        }
        let s = &states[i];
        seats.push(Seat {
            id: p.id,
            rank: rank - 1,
            score: s.score,
            paired: s.paired_score,
            games: s.games,
            imbalance: s.colour_difference.unsigned_abs(),
            preference: s.preference,
            repeated: s.repeated,
            strong: s.strength == Strength::Strong,
            absolute: s.strength == Strength::Absolute,
            floats: s.floats,
            bye_eligible: s.bye_eligible,
            colours: p
                .rounds
                .iter()
                .take(round)
                .filter(|e| e.opponent.is_some() && e.outcome.played())
                .filter_map(|e| e.colour)
                .collect(),
            opponents: s.opponents.clone(),
        });
    }
    if seats.is_empty() {
        return Ok(Vec::new());
    }
    let forbidden: Vec<Vec<PlayerId>> = t
        .forbidden
        .iter()
        .filter(|f| {
            f.rounds.is_none_or(|(first, last)| {
                (usize::from(first)..=usize::from(last)).contains(&(round + 1))
            })
        })
        .map(|f| f.players.clone())
        .collect();
    let top = t.scoring.win.max(t.scoring.draw).as_tenths();
    let pairing = Pairing {
        seats,
        round,
        last_round: round + 1 >= total,
        top_threshold: Points::tenths(i32::try_from(round).unwrap_or(i32::MAX) * top / 2),
        forbidden,
        initial,
    };
    let layout = pairing.layout();
    // Room for the matcher: twice the weight, the sign, and the slack of two duals.
    let bits = layout.bits() + 8;
    let boards = match bits {
        ..=128 => pairing.run::<2>(&layout),
        129..=256 => pairing.run::<4>(&layout),
        257..=384 => pairing.run::<6>(&layout),
        385..=512 => pairing.run::<8>(&layout),
        513..=640 => pairing.run::<10>(&layout),
        641..=768 => pairing.run::<12>(&layout),
        769..=1024 => pairing.run::<16>(&layout),
        1025..=2048 => pairing.run::<32>(&layout),
        2049..=4096 => pairing.run::<64>(&layout),
        _ => return Err(DutchError::TooLarge),
    };
    boards.ok_or(DutchError::NoPairing(round + 1))
}

struct Pairing {
    seats: Vec<Seat>,
    round: usize,
    last_round: bool,
    /// Above this score a player is a topscorer in the last round (more than half the points).
    top_threshold: Points,
    forbidden: Vec<Vec<PlayerId>>,
    initial: Colour,
}

/// The widths of the weight's fields.
struct Layout {
    /// Bits for a count of players in one score group.
    group_bits: u32,
    /// Bits for a sum of one flag per score group, each in its own slot.
    groups_bits: u32,
    /// Where each score's slot starts.
    slot: HashMap<Points, u32>,
    rounds: usize,
}

impl Layout {
    /// Bits below the top field of the bracket weight.
    fn shift(&self) -> u32 {
        let (g, s) = (self.group_bits, self.groups_bits);
        let mut total = g + s + g + s + 2 * g + 4 * g;
        if self.rounds > 0 {
            total += 2 * g + 2 * s;
        }
        if self.rounds > 1 {
            total += 2 * g + 2 * s;
        }
        total + 3 * g + 1
    }

    fn bits(&self) -> u32 {
        self.shift() + 2
    }
}

fn bits_for(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The pairs found so far, on a complete graph whose missing edges weigh zero; each solution
/// starts from the last.
struct Computer<const L: usize> {
    n: usize,
    matcher: Matcher<Wide<L>>,
}

impl<const L: usize> Computer<L> {
    fn new(n: usize) -> Computer<L> {
        Computer {
            n,
            matcher: Matcher::new(n),
        }
    }

    fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        self.matcher.set_weight(a, b, w);
    }

    /// Each vertex's mate, itself when unmatched.
    fn compute(&mut self) -> Vec<usize> {
        self.matcher.solve();
        self.matcher
            .mates()
            .into_iter()
            .enumerate()
            .map(|(v, m)| m.unwrap_or(v))
            .collect()
    }

    /// Only `a` and `b` meet: every other edge of theirs weighs nothing.
    fn finalize(&mut self, a: usize, b: usize, weight: Wide<L>) {
        for v in 0..self.n {
            if v != a {
                self.set(a, v, if v == b { weight } else { Wide::default() });
            }
            if v != b {
                self.set(b, v, if v == a { weight } else { Wide::default() });
            }
        }
    }
}

fn flag<const L: usize>(b: bool) -> Wide<L> {
    Wide::small(u64::from(b))
}

fn small<const L: usize>(n: usize) -> Wide<L> {
    Wide::small(n as u64)
}

fn compatible_preferences(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none()
}

fn invert(c: Option<Colour>) -> Option<Colour> {
    c.map(Colour::other)
}

/// What the bye's score decides of the weights.
#[derive(Default)]
struct ByeAssignee {
    score: Points,
    /// The bye goes to the only player who floats down from the top group.
    single_downfloater: bool,
    /// Among players of the bye's score: a rank by games played, most first.
    unplayed_ranks: HashMap<usize, usize>,
}

mod brackets;
mod pairing;
