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

impl Pairing {
    fn layout(&self) -> Layout {
        let mut sorted: Vec<&Seat> = self.seats.iter().collect();
        sorted.sort_by(|a, b| b.paired.cmp(&a.paired).then(a.rank.cmp(&b.rank)));
        let mut slot = HashMap::new();
        let (mut groups_bits, mut largest, mut run) = (0, 0, 0);
        for (i, s) in sorted.iter().enumerate().rev() {
            run += 1;
            if i == 0 || sorted[i - 1].paired > s.paired {
                slot.insert(s.paired, groups_bits);
                largest = largest.max(run);
                groups_bits += bits_for(run);
                run = 0;
            }
        }
        Layout {
            group_bits: bits_for(largest),
            groups_bits,
            slot,
            rounds: self.round,
        }
    }

    /// Could the two meet without breaking an absolute criterion?
    fn compatible(&self, a: &Seat, b: &Seat) -> bool {
        let forbidden = a.opponents.contains(&b.id)
            || self
                .forbidden
                .iter()
                .any(|f| f.contains(&a.id) && f.contains(&b.id));
        !forbidden
            && (!a.absolute
                || !b.absolute
                || a.preference != b.preference
                || (self.last_round
                    && (a.paired > self.top_threshold || b.paired > self.top_threshold)))
    }

    fn bye_candidate(&self, s: &Seat, bye_score: Points) -> bool {
        s.bye_eligible && s.paired <= bye_score
    }

    /// The weight of `higher` meeting `lower` in the bracket being paired (`in_current`), or
    /// `lower` being in the next score group (`in_next`).
    #[allow(clippy::too_many_arguments)]
    fn edge_weight<const L: usize>(
        &self,
        layout: &Layout,
        higher: &Seat,
        lower: &Seat,
        in_current: bool,
        in_next: bool,
        bye: &ByeAssignee,
    ) -> Wide<L> {
        if !self.compatible(higher, lower) {
            return Wide::default();
        }
        let (g, s) = (layout.group_bits, layout.groups_bits);
        let slot = |score: Points| layout.slot[&score];
        let (h, l) = (higher, lower);
        // Complete the pairing; the bye to whom it may go.
        let mut w: Wide<L> = small(
            1 + usize::from(!self.bye_candidate(h, bye.score))
                + usize::from(!self.bye_candidate(l, bye.score)),
        );
        // The most pairs in the bracket, then the highest scores paired in it.
        w = w.shifted(g) + flag(in_current);
        w = w.shifted(s);
        if in_current {
            w = w + Wide::bit(slot(h.paired));
        }
        // The same in the next bracket.
        w = w.shifted(g) + flag(in_next);
        w = w.shifted(s);
        if in_next {
            w = w + Wide::bit(slot(h.paired));
        }
        // The fewest unplayed games for the bye's receiver.
        w = w.shifted(2 * g);
        if bye.single_downfloater {
            if h.paired == bye.score {
                w = w + small(bye.unplayed_ranks[&h.games]);
            }
            if l.paired == bye.score {
                w = w + small(bye.unplayed_ranks[&l.games]);
            }
        }
        // Colour preferences (the lower player as the reference, as bbpPairings does).
        let (p, o, mask) = (l, h, in_current);
        w = w.shifted(g)
            + flag(
                mask && (!p.absolute_imbalance()
                    || !o.absolute_imbalance()
                    || p.preference != o.preference),
            );
        let repeats = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let more = if p.imbalance > o.imbalance { o } else { p };
            more.repeated != invert(p.preference)
        };
        w = w.shifted(g)
            + flag(mask && (!p.absolute || !o.absolute || p.preference != o.preference || repeats));
        w = w.shifted(g) + flag(mask && compatible_preferences(p.preference, o.preference));
        w = w.shifted(g)
            + flag(
                mask && ((!p.strong && !p.absolute)
                    || (!o.strong && !o.absolute)
                    || (p.absolute && o.absolute)
                    || p.preference != o.preference),
            );
        // Floaters repeated from the last two rounds.
        for back in [1, 2] {
            if self.round < back {
                continue;
            }
            let f = back - 1;
            w = w.shifted(g);
            if in_current {
                w = w + flag(l.floats[f] == Float::Down);
                w = w + flag(h.paired <= l.paired && h.floats[f] == Float::Down);
            }
            w = w.shifted(g);
            if in_current {
                w = w + flag(!(h.paired > l.paired && l.floats[f] == Float::Up));
            }
        }
        for back in [1, 2] {
            if self.round < back {
                continue;
            }
            let f = back - 1;
            w = w.shifted(s);
            if in_current {
                if l.floats[f] == Float::Down {
                    w = w + Wide::bit(slot(l.paired));
                }
                if h.floats[f] == Float::Down {
                    w = w + Wide::bit(slot(h.paired));
                }
            }
            w = w.shifted(s);
            if in_current && !(l.floats[f] == Float::Up && h.paired > l.paired) {
                w = w + Wide::bit(slot(h.paired));
            }
        }
        // Room for the order of exchanges and of pairs within the bracket.
        w.shifted(3 * g + 1)
    }

    /// Does `a` rank below `b` (score with fictitious points, then pairing number)?
    fn below(a: &Seat, b: &Seat) -> bool {
        (a.paired, b.rank) < (b.paired, a.rank)
    }

    /// The colour `player` gets against `opponent` (C.04.3 5.2).
    fn colour(&self, player: &Seat, opponent: &Seat) -> Colour {
        if let Some(c) = neutral_colour(player, opponent) {
            return c;
        }
        match player.preference {
            None if Pairing::below(player, opponent) => {
                if opponent.rank % 2 == 1 {
                    self.initial
                } else {
                    self.initial.other()
                }
            }
            None => {
                if player.rank % 2 == 1 {
                    self.initial.other()
                } else {
                    self.initial
                }
            }
            Some(_) if Pairing::below(player, opponent) => {
                opponent.preference.map_or(self.initial, Colour::other)
            }
            Some(c) => c,
        }
    }

    fn run<const L: usize>(&self, layout: &Layout) -> Option<Vec<Board>> {
        let seats = &self.seats;
        let mut sorted: Vec<usize> = (0..seats.len()).collect();
        sorted.sort_by(|&a, &b| {
            seats[b]
                .paired
                .cmp(&seats[a].paired)
                .then(seats[a].rank.cmp(&seats[b].rank))
        });
        let seat = |v: usize| &seats[sorted[v]];
        let n = sorted.len();
        let top_score = seat(0).paired;
        let max_weight: Wide<L> = Wide::bit(layout.bits()) - Wide::small(1);
        let mut computer = Computer::<L>::new(n);
        let none = ByeAssignee::default();

        // Can everybody be paired (all but one, who may get the bye)?
        for v in 0..n {
            for o in 0..v {
                let w = if n % 2 == 1 {
                    let (p, q) = (seat(v), seat(o));
                    if self.compatible(p, q) {
                        let w: Wide<L> =
                            small(1 + usize::from(!p.bye_eligible) + usize::from(!q.bye_eligible));
                        let w = w.shifted(layout.groups_bits)
                            + small((layout.slot[&p.paired] + layout.slot[&q.paired]) as usize);
                        w.shifted(layout.group_bits) + flag(p.paired >= top_score)
                    } else {
                        Wide::default()
                    }
                } else {
                    self.edge_weight(layout, seat(o), seat(v), false, false, &none)
                };
                computer.set(v, o, w);
            }
        }
        let mut bye = ByeAssignee::default();
        {
            let mates = computer.compute();
            let mut unmatched = (0..n).filter(|&v| mates[v] == v);
            let complete = match (unmatched.next(), unmatched.next()) {
                (None, _) => true,
                (Some(v), None) => seat(v).bye_eligible,
                _ => false,
            };
            if !complete {
                return None;
            }
            if n % 2 == 1 {
                let v = (0..n).find(|&v| mates[v] == v)?;
                bye.score = seat(v).paired;
                bye.single_downfloater = bye.score >= top_score
                    && (0..n)
                        .take_while(|&v| seat(v).paired >= top_score)
                        .all(|v| seat(mates[v]).paired >= top_score);
                let mut games: Vec<usize> = (0..n)
                    .filter(|&v| seat(v).paired == bye.score)
                    .map(|v| seat(v).games)
                    .collect();
                games.sort_unstable_by(|a, b| b.cmp(a));
                for (rank, g) in games.into_iter().enumerate() {
                    bye.unplayed_ranks.insert(g, rank);
                }
                for v in 0..n {
                    for o in 0..v {
                        let w = self.edge_weight(layout, seat(o), seat(v), false, false, &bye);
                        computer.set(v, o, w);
                    }
                }
            }
        }

        let mut partner: Vec<Option<usize>> = vec![None; n];
        // The bracket being paired and the next score group: seat positions and vertices.
        // A player's vertex is their place in `sorted`.
        let mut players: Vec<usize> = Vec::new();
        let mut next_group = 0;
        while next_group < n && seat(next_group).paired >= top_score {
            players.push(next_group);
            next_group += 1;
        }
        let mut matched = vec![false; n];
        let mut group_begin = 0usize;
        let mut group_begin_vertex = 0usize;
        let score = |i: usize, players: &[usize]| seat(players[i]).paired;

        while players.len() > 1 || next_group < n {
            let next_begin = players.len();
            let next_begin_vertex = group_begin_vertex + (next_begin - group_begin);
            let group_start = next_group;
            while next_group < n && seat(next_group).paired >= seat(group_start).paired {
                players.push(next_group);
                next_group += 1;
            }
            let vertices = players.clone();
            let in_bracket = |m: usize| m >= group_begin_vertex && m < next_begin_vertex;

            // Base weights: [larger][smaller] by position in `players`.
            let mut base: Vec<Vec<Wide<L>>> = vec![Vec::new(); players.len()];
            for larger in group_begin..players.len() {
                for smaller in 0..larger {
                    base[larger].push(self.edge_weight(
                        layout,
                        seat(players[smaller]),
                        seat(players[larger]),
                        larger < next_begin,
                        larger >= next_begin,
                        &bye,
                    ));
                }
            }
            for (larger, row) in base.iter().enumerate() {
                for (smaller, &w) in row.iter().enumerate() {
                    computer.set(vertices[larger], vertices[smaller], w);
                }
            }
            let g = layout.group_bits;
            let exchange_weight = |base: &Vec<Vec<Wide<L>>>,
                                   smaller: usize,
                                   larger: usize,
                                   smaller_index: usize,
                                   pairs: usize|
             -> Wide<L> {
                let w = base[larger][smaller];
                if w.is_zero() {
                    return w;
                }
                // The fewest exchanges, then the smallest differences of the exchanged
                // numbers.
                let addend: Wide<L> = (flag::<L>(smaller_index < pairs).shifted(2 * g)
                    - small(smaller_index))
                .shifted(1);
                w + addend
            };

            let mut mates = computer.compute();

            // Which moved-down players are paired in this bracket.
            let mut moved_down_score = Points::ZERO;
            let mut remaining = 0usize;
            let mut remaining_matched = 0usize;
            for i in 0..group_begin {
                if i == 0 || score(i, &players) < moved_down_score {
                    moved_down_score = score(i, &players);
                    remaining = 0;
                    remaining_matched = 0;
                    let mut m = i;
                    while m < players.len() && score(m, &players) >= moved_down_score {
                        remaining += 1;
                        if in_bracket(mates[vertices[m]]) {
                            remaining_matched += 1;
                        }
                        m += 1;
                    }
                }
                if remaining_matched == 0 {
                    continue;
                }
                let v = vertices[i];
                if remaining <= remaining_matched {
                    matched[v] = true;
                    continue;
                }
                remaining -= 1;
                if !in_bracket(mates[v]) {
                    for o in group_begin..next_begin {
                        let w = base[o][i];
                        if !w.is_zero() {
                            computer.set(v, vertices[o], w + Wide::small(1));
                        }
                    }
                    mates = computer.compute();
                }
                if in_bracket(mates[v]) {
                    matched[v] = true;
                    remaining_matched -= 1;
                    for o in group_begin..next_begin {
                        let w = base[o][i];
                        if !w.is_zero() {
                            computer.set(v, vertices[o], w + small(next_begin - group_begin + 1));
                        }
                    }
                }
            }

            // Their opponents.
            for i in 0..group_begin {
                let v = vertices[i];
                if !matched[v] {
                    continue;
                }
                let mut addend = players.len();
                for o in (group_begin..next_begin).rev() {
                    let ov = vertices[o];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[o][i];
                    if !w.is_zero() {
                        computer.set(v, ov, w + small(addend));
                        addend += 1;
                    }
                }
                mates = computer.compute();
                let m = mates[v];
                matched[m] = true;
                computer.finalize(v, m, max_weight);
            }

            // The remainder: residents not paired with a moved-down player.
            let mut remainder: Vec<usize> = Vec::new();
            let mut pairs = 0usize;
            for (i, &v) in vertices
                .iter()
                .enumerate()
                .take(next_begin)
                .skip(group_begin)
            {
                if mates[v] < group_begin_vertex {
                    continue;
                }
                remainder.push(i);
                if mates[v] < v {
                    pairs += 1;
                }
            }
            let first_group_end = pairs;
            let len = remainder.len();
            for (b, &o) in remainder.iter().enumerate() {
                let ov = vertices[o];
                for (a, &p) in remainder[..b].iter().enumerate() {
                    computer.set(vertices[p], ov, exchange_weight(&base, p, o, a, pairs));
                }
            }
            mates = computer.compute();
            let exchanged =
                |mates: &[usize], v: usize| mates[v] <= v || mates[v] >= next_begin_vertex;
            let paired_down =
                |mates: &[usize], v: usize| mates[v] > v && mates[v] < next_begin_vertex;
            let mut exchanges = 0usize;
            if let Some(&end) = remainder.get(first_group_end) {
                for &p in remainder.iter().take_while(|&&p| p < end) {
                    exchanges += usize::from(exchanged(&mates, vertices[p]));
                }
            }

            // The lowest players of the first group to exchange, where possible.
            let mut left = exchanges;
            let mut index = pairs;
            let mut at = first_group_end;
            while at != 0 && left > 0 {
                let from = at;
                index -= 1;
                at -= 1;
                let p = remainder[at];
                let v = vertices[p];
                if paired_down(&mates, v) {
                    for &o in &remainder[from..] {
                        let w = exchange_weight(&base, p, o, index, pairs);
                        if !w.is_zero() {
                            computer.set(v, vertices[o], w - Wide::small(1));
                        }
                    }
                    mates = computer.compute();
                }
                let exchange = exchanged(&mates, v);
                left -= usize::from(exchange);
                for &o in &remainder[at + 1..] {
                    if exchange {
                        base[o][p] = Wide::default();
                    }
                    computer.set(v, vertices[o], exchange_weight(&base, p, o, index, pairs));
                }
            }

            // The highest players of the second group to exchange, where possible.
            let mut left = exchanges;
            let mut index = pairs;
            let mut at = first_group_end;
            while at < len && left > 1 {
                let p = remainder[at];
                let v = vertices[p];
                let already = paired_down(&mates, v);
                if !already {
                    for &o in &remainder[at + 1..] {
                        let w = exchange_weight(&base, p, o, index, pairs);
                        if !w.is_zero() {
                            computer.set(v, vertices[o], w + Wide::small(1));
                        }
                    }
                    mates = computer.compute();
                }
                if paired_down(&mates, v) {
                    left -= 1;
                    for &o in &remainder[..at] {
                        base[p][o] = Wide::default();
                        computer.set(v, vertices[o], Wide::default());
                    }
                    for o in next_begin..players.len() {
                        base[o][p] = Wide::default();
                        computer.set(v, vertices[o], Wide::default());
                    }
                }
                if !already {
                    for &o in &remainder[at + 1..] {
                        computer.set(v, vertices[o], exchange_weight(&base, p, o, index, pairs));
                    }
                }
                index += 1;
                at += 1;
            }

            // Settle the exchanges.
            for a in 0..len {
                let p = remainder[a];
                let v = vertices[p];
                for &o in &remainder[a + 1..] {
                    let ov = vertices[o];
                    if exchanged(&mates, v) || paired_down(&mates, ov) {
                        base[o][p] = Wide::default();
                    }
                    computer.set(v, ov, base[o][p]);
                }
            }

            // Each player of the first group's opponent, from the top.
            for &p in &remainder {
                let v = vertices[p];
                if !paired_down(&mates, v) {
                    continue;
                }
                let mut addend = 0usize;
                for &o in remainder.iter().rev() {
                    let ov = vertices[o];
                    if o <= p || matched[ov] {
                        continue;
                    }
                    let w = base[o][p];
                    if !w.is_zero() {
                        computer.set(v, ov, w + small(addend));
                    }
                    addend += 1;
                }
                mates = computer.compute();
                let m = mates[v];
                matched[v] = true;
                matched[m] = true;
                computer.finalize(v, m, max_weight);
            }

            // The next bracket: the players left over, then the next score group.
            let resident_score = (group_start < n).then(|| seat(group_start).paired);
            bye.single_downfloater = n % 2 == 1 && resident_score.is_some_and(|s| bye.score >= s);
            let mut next_players = Vec::new();
            group_begin = 0;
            for (i, &v) in vertices.iter().enumerate() {
                if i < next_begin && matched[v] {
                    partner[v] = Some(mates[v]);
                    partner[mates[v]] = Some(v);
                } else {
                    next_players.push(v);
                    if i < next_begin {
                        group_begin += 1;
                    }
                    if resident_score.is_some_and(|s| seat(mates[v]).paired < s) {
                        bye.single_downfloater = false;
                    }
                }
            }
            players = next_players;
            group_begin_vertex = next_begin_vertex;
        }

        let mut boards = Vec::new();
        for (v, &partner) in partner.iter().enumerate() {
            let s = seat(v);
            match partner {
                Some(m) => {
                    let o = seat(m);
                    if s.id < o.id {
                        boards.push(match self.colour(s, o) {
                            Colour::White => Board::Game {
                                white: s.id,
                                black: o.id,
                            },
                            Colour::Black => Board::Game {
                                white: o.id,
                                black: s.id,
                            },
                        });
                    }
                }
                None => boards.push(Board::Bye(s.id)),
            }
        }
        self.board_order(&mut boards);
        Some(boards)
    }

    /// Boards in order (C.04.2): the higher score of the two first, then the lower, then the
    /// higher pairing number; the bye last.
    fn board_order(&self, boards: &mut [Board]) {
        let by_id: HashMap<PlayerId, &Seat> = self.seats.iter().map(|s| (s.id, s)).collect();
        let key = |b: &Board| {
            let (a, c) = match *b {
                Board::Game { white, black } => (by_id[&white], by_id[&black]),
                Board::Bye(p) => (by_id[&p], by_id[&p]),
            };
            let a_below = (a.score, c.rank) < (c.score, a.rank);
            let (higher, lower) = if a_below { (c, a) } else { (a, c) };
            (
                matches!(b, Board::Bye(_)),
                std::cmp::Reverse(higher.score),
                std::cmp::Reverse(lower.score),
                higher.rank,
            )
        };
        boards.sort_by_key(key);
    }
}

/// The colour for `player` that the preferences alone decide, else the one the last round in
/// which the two had different colours decides, else none (C.04.3 5.2.1–5.2.4).
fn neutral_colour(player: &Seat, opponent: &Seat) -> Option<Colour> {
    let (p, o) = (player, opponent);
    if compatible_preferences(p.preference, o.preference) {
        return p.preference.or(invert(o.preference));
    }
    if p.absolute && (p.imbalance > o.imbalance || !o.absolute) {
        return p.preference;
    }
    if o.absolute && (o.imbalance > p.imbalance || !p.absolute) {
        return invert(o.preference);
    }
    if p.strong && !o.strong {
        return p.preference;
    }
    if o.strong && !p.strong {
        return invert(o.preference);
    }
    let difference = p
        .colours
        .iter()
        .rev()
        .zip(o.colours.iter().rev())
        .find(|(a, b)| a != b);
    difference.map(|(_, &theirs)| theirs)
}
