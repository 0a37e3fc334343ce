//! The standings: each player's score and tie-breaks, ranked, ties separated as the rules say.

use super::*;

/// The standings after the rounds played, by points (`PTS` need not be among `codes`) and
/// `codes` in order.
pub fn standings(t: &Tournament, codes: &[Code], rules: Rules) -> Standings {
    let event = Event::of(t, rules);
    let n = event.players.len();
    let mut columns: Vec<Vec<Option<Value>>> = Vec::new();
    // Players in order so far: by the columns computed, then by pairing number.
    let mut order: Vec<usize> = (0..n).collect();
    let points: Vec<Value> = event
        .players
        .iter()
        .map(|p| Value::points(p.points))
        .collect();
    for (k, code) in codes.iter().enumerate() {
        let column: Vec<Option<Value>> = match code.kind {
            Kind::Pts => points.iter().copied().map(Some).collect(),
            Kind::Bh => some(event.buchholz(code, false, false)),
            Kind::Fb => some(event.buchholz(code, false, true)),
            Kind::Sb => some(event.buchholz(code, true, false)),
            Kind::Aob => event.average_of_opponents_buchholz(),
            Kind::Ps => event.progressive(code),
            Kind::Win | Kind::Won | Kind::Bpg | Kind::Bwg | Kind::Rep => event.rounds_counted(code),
            Kind::Aro => event.aro(code, false),
            Kind::Tpr => event.aro(code, true),
            Kind::Ks => event.koya(),
            Kind::De => direct_encounter(&event, &order, &points, &columns, codes),
        };
        columns.push(column);
        order = ranked(&points, &columns, &codes[..=k]);
    }
    if codes.is_empty() {
        order = ranked(&points, &columns, codes);
    }
    let mut rows: Vec<Row> = Vec::with_capacity(n);
    for (place, &i) in order.iter().enumerate() {
        let rank = match rows.last() {
            Some(prev) if tied(&points, &columns, codes, order[place - 1], i) => prev.rank,
            _ => place + 1,
        };
        rows.push(Row {
            id: event.players[i].id,
            rank,
            values: columns.iter().map(|c| c[i]).collect(),
        });
    }
    Standings {
        codes: codes.to_vec(),
        rows,
    }
}

impl Event {
    /// The average of opponents' Buchholz (`AOB`): the plain Buchholz of the opponents met
    /// over the board, averaged and rounded; none for a player who met nobody.
    fn average_of_opponents_buchholz(&self) -> Vec<Option<Value>> {
        let plain = Code {
            kind: Kind::Bh,
            cut_low: 0,
            cut_high: 0,
        };
        let bh = self.buchholz(&plain, false, false);
        self.players
            .iter()
            .map(|p| {
                let of: Vec<i64> = p
                    .rounds
                    .iter()
                    .filter(|r| r.played)
                    .filter_map(|r| r.opponent)
                    .map(|o| bh[o].0)
                    .collect();
                let count = i64::try_from(of.len()).ok().filter(|c| *c > 0)?;
                let sum: i64 = of.iter().sum();
                Some(Value((2 * sum + count) / (2 * count)))
            })
            .collect()
    }

    /// Progressive scores (`PS`): the sum of the score after each round, the first
    /// `code.cut_low` rounds left out.
    fn progressive(&self, code: &Code) -> Vec<Option<Value>> {
        self.players
            .iter()
            .map(|p| {
                let mut so_far = Points::ZERO;
                let mut total = 0;
                for (r, round) in p.rounds.iter().enumerate() {
                    so_far += round.points;
                    if r >= usize::from(code.cut_low) {
                        total += i64::from(so_far.as_tenths()) * 10;
                    }
                }
                Some(Value(total))
            })
            .collect()
    }

    /// The rounds of a kind counted (`WIN`, `WON`, `BPG`, `BWG`, `REP`).
    fn rounds_counted(&self, code: &Code) -> Vec<Option<Value>> {
        self.players
            .iter()
            .map(|p| {
                let count = p
                    .rounds
                    .iter()
                    .filter(|r| {
                        let game = r.played && r.opponent.is_some();
                        let black = r.colour == Some(Colour::Black);
                        match code.kind {
                            Kind::Win => r.win,
                            Kind::Won => r.win && game,
                            Kind::Bpg => black && game,
                            Kind::Bwg => black && game && r.win,
                            _ => r.played || r.win,
                        }
                    })
                    .count();
                Some(Value::whole(i64::try_from(count).unwrap_or(0)))
            })
            .collect()
    }

    /// The Koya system (`KS`): the points scored against the opponents with at least half the
    /// most points one could score.
    fn koya(&self) -> Vec<Option<Value>> {
        let n = self.players.len();
        let games = i64::try_from(self.rounds).unwrap_or(0);
        let mut max_games = games;
        if self.round_robin {
            let players = i64::try_from(n).unwrap_or(1).max(1);
            if games % players == 0 {
                max_games -= games / players;
            }
        }
        // Half the points of a win in every game.
        let limit = i64::from(self.win.as_tenths()) * max_games;
        self.players
            .iter()
            .map(|p| {
                let total: i32 = p
                    .rounds
                    .iter()
                    .filter(|r| {
                        r.opponent.is_some_and(|o| {
                            2 * i64::from(self.players[o].points.as_tenths()) >= limit
                        })
                    })
                    .map(|r| r.points.as_tenths())
                    .sum();
                Some(Value::points(Points::tenths(total)))
            })
            .collect()
    }
}

pub(super) fn some(values: Vec<Value>) -> Vec<Option<Value>> {
    values.into_iter().map(Some).collect()
}

/// Compares players `a` and `b` by points and the columns computed (better first).
pub(super) fn compare(
    points: &[Value],
    columns: &[Vec<Option<Value>>],
    codes: &[Code],
    a: usize,
    b: usize,
) -> Ordering {
    let mut order = points[b].cmp(&points[a]);
    for (column, code) in columns.iter().zip(codes) {
        if order != Ordering::Equal {
            break;
        }
        order = if code.ascending() {
            column[a].cmp(&column[b])
        } else {
            column[b].cmp(&column[a])
        };
    }
    order
}

pub(super) fn tied(
    points: &[Value],
    columns: &[Vec<Option<Value>>],
    codes: &[Code],
    a: usize,
    b: usize,
) -> bool {
    compare(points, columns, codes, a, b) == Ordering::Equal
}

pub(super) fn ranked(
    points: &[Value],
    columns: &[Vec<Option<Value>>],
    codes: &[Code],
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| compare(points, columns, codes, a, b).then(a.cmp(&b)));
    order
}

/// Direct encounter (C.07 §6): within each group still tied, the points scored in the games
/// between its members decide if all of them met (in a Swiss, also a player whose score cannot
/// be caught). The value is the place within the group from 1, or 0 where the group stays tied.
pub(super) fn direct_encounter(
    event: &Event,
    order: &[usize],
    points: &[Value],
    columns: &[Vec<Option<Value>>],
    codes: &[Code],
) -> Vec<Option<Value>> {
    let mut values = vec![Some(Value::whole(0)); event.players.len()];
    let mut start = 0;
    while start < order.len() {
        let mut stop = start + 1;
        while stop < order.len() && tied(points, columns, codes, order[start], order[stop]) {
            stop += 1;
        }
        let group = &order[start..stop];
        if group.len() > 1 {
            for (i, place) in separated(event, group) {
                values[i] = Some(Value::whole(place));
            }
        }
        start = stop;
    }
    values
}

/// The places the games within a tied group give, from 1; a part of it still tied is judged
/// again by its own games among themselves. Empty where the group stays tied.
pub(super) fn separated(event: &Event, group: &[usize]) -> Vec<(usize, i64)> {
    let mut places = encounter_places(event, group);
    let mut place_groups: Vec<i64> = places.iter().map(|p| p.1).collect();
    place_groups.dedup();
    for place in place_groups {
        let part: Vec<usize> = places
            .iter()
            .filter(|p| p.1 == place)
            .map(|p| p.0)
            .collect();
        if part.len() < 2 || part.len() == group.len() {
            continue;
        }
        for (i, within) in separated(event, &part) {
            if let Some(p) = places.iter_mut().find(|p| p.0 == i) {
                p.1 = place + within - 1;
            }
        }
    }
    places
}

/// The places within a tied group that its games among themselves give, if they separate it.
pub(super) fn encounter_places(event: &Event, group: &[usize]) -> Vec<(usize, i64)> {
    let others = group.len() - 1;
    let win = i64::from(event.win.as_tenths());
    // (player, score in tenths against the group, the most they could have scored).
    let mut scores: Vec<(usize, i64, i64)> = group
        .iter()
        .map(|&i| {
            let mut by_opponent: Vec<(usize, i64, i64)> = Vec::new();
            for r in &event.players[i].rounds {
                let Some(o) = r.opponent else { continue };
                if !(r.played || event.round_robin) || !group.contains(&o) {
                    continue;
                }
                let p = i64::from(r.points.as_tenths());
                match by_opponent.iter_mut().find(|e| e.0 == o) {
                    Some(e) => {
                        e.1 += p;
                        e.2 += 1;
                    }
                    None => by_opponent.push((o, p, 1)),
                }
            }
            // The average against an opponent met more than once, exact: in tenths times 2520
            // (which any number of meetings up to ten divides).
            let met = by_opponent.len();
            let score: i64 = by_opponent.iter().map(|e| e.1 * 2520 / e.2).sum();
            let most = score + i64::try_from(others - met.min(others)).unwrap_or(0) * win * 2520;
            (i, score, most)
        })
        .collect();
    let all_met = event.round_robin && scores.iter().all(|s| s.2 == s.1);
    let all_met = all_met
        || scores
            .iter()
            .all(|&(i, ..)| group.iter().filter(|&&j| j != i).all(|&j| met(event, i, j)));
    scores.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
    let mut places = Vec::new();
    if all_met {
        if scores.iter().all(|s| s.1 == scores[0].1) {
            return places;
        }
        let mut place = 1;
        for k in 0..scores.len() {
            if k > 0 && scores[k].1 != scores[k - 1].1 {
                place = i64::try_from(k).unwrap_or(0) + 1;
            }
            places.push((scores[k].0, place));
        }
    } else {
        // Only players whose score no one below can reach are placed.
        let mut k = 0;
        while k + 1 < scores.len() {
            let best_below = scores[k + 1..].iter().map(|s| s.2).max().unwrap_or(0);
            if scores[k].1 > best_below {
                places.push((scores[k].0, i64::try_from(k).unwrap_or(0) + 1));
                k += 1;
            } else {
                break;
            }
        }
        if places.is_empty() {
            return places;
        }
        let rest = i64::try_from(k).unwrap_or(0) + 1;
        for s in &scores[k..] {
            places.push((s.0, rest));
        }
    }
    places
}

pub(super) fn met(event: &Event, i: usize, j: usize) -> bool {
    event.players[i]
        .rounds
        .iter()
        .any(|r| r.opponent == Some(j) && (r.played || event.round_robin))
}
