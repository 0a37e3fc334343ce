//! A bracket paired as the Dutch system says: its candidates built, tried and evaluated.

use super::*;

impl Pairing {
    pub(super) fn layout(&self) -> Layout {
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
    pub(super) fn compatible(&self, a: &Seat, b: &Seat) -> bool {
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

    pub(super) fn bye_candidate(&self, s: &Seat, bye_score: Points) -> bool {
        s.bye_eligible && s.paired <= bye_score
    }

    /// The weight of `higher` meeting `lower` in the bracket being paired (`in_current`), or
    /// `lower` being in the next score group (`in_next`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn edge_weight<const L: usize>(
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
    pub(super) fn below(a: &Seat, b: &Seat) -> bool {
        (a.paired, b.rank) < (b.paired, a.rank)
    }

    /// The colour `player` gets against `opponent` (C.04.3 5.2).
    pub(super) fn colour(&self, player: &Seat, opponent: &Seat) -> Colour {
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

    pub(super) fn run<const L: usize>(&self, layout: &Layout) -> Option<Vec<Board>> {
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
    pub(super) fn board_order(&self, boards: &mut [Board]) {
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
pub(super) fn neutral_colour(player: &Seat, opponent: &Seat) -> Option<Colour> {
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
