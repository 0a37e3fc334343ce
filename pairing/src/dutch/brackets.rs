//! The round paired bracket by bracket from the top: the completion test first, then in each
//! bracket the moved-down players paired, the exchanges between S1 and S2 chosen and each pair
//! fixed, one matching after another; then the colours and the boards' order.

use super::*;

impl Pairing {
    /// The round's boards, or none when no pairing satisfies the absolute criteria.
    pub(super) fn run<const L: usize>(&self, layout: &Layout) -> Option<Vec<Board>> {
        let mut brackets = Brackets::<L>::new(self, layout);
        if !brackets.completion_test() {
            return None;
        }
        brackets.pair_all();
        Some(brackets.boards())
    }
}

/// A round being paired: its players as the matcher's vertices, and the pairs settled so far.
struct Brackets<'a, const L: usize> {
    pairing: &'a Pairing,
    layout: &'a Layout,
    /// Seats by score with fictitious points, then pairing number: a player's vertex is their
    /// place here.
    sorted: Vec<usize>,
    top_score: Points,
    /// The weight that fixes a pair for good.
    max_weight: Wide<L>,
    computer: Computer<L>,
    bye: ByeAssignee,
    /// Each vertex's opponent, once settled.
    partner: Vec<Option<usize>>,
    /// The vertices whose opponent is decided.
    matched: Vec<bool>,
    /// The next bracket's vertices: the players moved down into it, then its residents.
    players: Vec<usize>,
    /// The first vertex not yet in a bracket.
    next_group: usize,
    /// How many of `players` are moved down into the next bracket.
    group_begin: usize,
    /// The next bracket's first resident vertex.
    group_begin_vertex: usize,
}

/// One bracket being paired: its moved-down players, its residents and the next score group,
/// with the weights between them and the matching so far.
struct Bracket<const L: usize> {
    /// The vertices: moved-down players, residents, then the next score group.
    vertices: Vec<usize>,
    /// Where the residents begin in `vertices`.
    group_begin: usize,
    group_begin_vertex: usize,
    /// Where the next score group begins in `vertices`.
    next_begin: usize,
    next_begin_vertex: usize,
    /// The next score group's first vertex.
    group_start: usize,
    /// The weights without exchanges: `[larger][smaller]` by place in `vertices`.
    base: Vec<Vec<Wide<L>>>,
    /// The last matching found.
    mates: Vec<usize>,
    group_bits: u32,
}

/// The residents not paired with a moved-down player, S1 before S2.
struct Remainder {
    /// Their places in the bracket's `vertices`, in order.
    players: Vec<usize>,
    /// How many pairs they make: the size of S1.
    pairs: usize,
    /// How many players of S1 are exchanged.
    exchanges: usize,
}

impl<const L: usize> Bracket<L> {
    /// Is vertex `m` a resident of the bracket?
    fn in_bracket(&self, m: usize) -> bool {
        m >= self.group_begin_vertex && m < self.next_begin_vertex
    }

    /// Is `v` paired with a player above it or outside the bracket (a player of S1 exchanged)?
    fn exchanged(&self, v: usize) -> bool {
        self.mates[v] <= v || self.mates[v] >= self.next_begin_vertex
    }

    /// Is `v` paired with a player below it in the bracket (in S1)?
    fn paired_down(&self, v: usize) -> bool {
        self.mates[v] > v && self.mates[v] < self.next_begin_vertex
    }

    /// The weight of `smaller` meeting `larger` in the remainder, `smaller` its
    /// `smaller_index`th player, with `pairs` pairs.
    fn exchange_weight(
        &self,
        smaller: usize,
        larger: usize,
        smaller_index: usize,
        pairs: usize,
    ) -> Wide<L> {
        let g = self.group_bits;
        let w = self.base[larger][smaller];
        if w.is_zero() {
            return w;
        }
        // The fewest exchanges, then the smallest differences of the exchanged
        // numbers.
        let addend: Wide<L> =
            (flag::<L>(smaller_index < pairs).shifted(2 * g) - small(smaller_index)).shifted(1);
        w + addend
    }
}

impl<'a, const L: usize> Brackets<'a, L> {
    /// The players in order, none paired yet.
    fn new(pairing: &'a Pairing, layout: &'a Layout) -> Brackets<'a, L> {
        let seats = &pairing.seats;
        let mut sorted: Vec<usize> = (0..seats.len()).collect();
        sorted.sort_by(|&a, &b| {
            seats[b]
                .paired
                .cmp(&seats[a].paired)
                .then(seats[a].rank.cmp(&seats[b].rank))
        });
        let n = sorted.len();
        let top_score = seats[sorted[0]].paired;
        Brackets {
            pairing,
            layout,
            sorted,
            top_score,
            max_weight: Wide::bit(layout.bits()) - Wide::small(1),
            computer: Computer::<L>::new(n),
            bye: ByeAssignee::default(),
            partner: vec![None; n],
            matched: vec![false; n],
            players: Vec::new(),
            next_group: 0,
            group_begin: 0,
            group_begin_vertex: 0,
        }
    }

    /// The number of players.
    fn n(&self) -> usize {
        self.sorted.len()
    }

    /// The player at vertex `v`.
    fn seat(&self, v: usize) -> &'a Seat {
        &self.pairing.seats[self.sorted[v]]
    }

    /// The completion test: can everybody be paired (all but one, who may get the bye)? With
    /// an odd number of players, it also fixes the bye's score.
    fn completion_test(&mut self) -> bool {
        let n = self.n();
        self.weigh_completion();
        let mates = self.computer.compute();
        let mut unmatched = (0..n).filter(|&v| mates[v] == v);
        let complete = match (unmatched.next(), unmatched.next()) {
            (None, _) => true,
            (Some(v), None) => self.seat(v).bye_eligible,
            _ => false,
        };
        if !complete {
            return false;
        }
        if n % 2 == 1 {
            let Some(v) = (0..n).find(|&v| mates[v] == v) else {
                return false;
            };
            self.assign_bye(&mates, v);
        }
        true
    }

    /// Sets the completion test's weights: with an odd number of players, pairs that leave the
    /// bye to an eligible player and pair the highest scores weigh most; else the edges'
    /// weights without a bye.
    fn weigh_completion(&mut self) {
        let n = self.n();
        let none = ByeAssignee::default();
        for v in 0..n {
            for o in 0..v {
                let w = if n % 2 == 1 {
                    self.completion_weight(self.seat(v), self.seat(o))
                } else {
                    self.pairing.edge_weight(
                        self.layout,
                        self.seat(o),
                        self.seat(v),
                        false,
                        false,
                        &none,
                    )
                };
                self.computer.set(v, o, w);
            }
        }
    }

    /// The completion test's weight of `p` meeting `q` with an odd number of players.
    fn completion_weight(&self, p: &Seat, q: &Seat) -> Wide<L> {
        let layout = self.layout;
        if self.pairing.compatible(p, q) {
            let w: Wide<L> = small(1 + usize::from(!p.bye_eligible) + usize::from(!q.bye_eligible));
            let w = w.shifted(layout.groups_bits)
                + small((layout.slot[&p.paired] + layout.slot[&q.paired]) as usize);
            w.shifted(layout.group_bits) + flag(p.paired >= self.top_score)
        } else {
            Wide::default()
        }
    }

    /// Fixes the bye's score as the completion test's matching leaves `v` unpaired, and
    /// weighs every edge again with it.
    fn assign_bye(&mut self, mates: &[usize], v: usize) {
        let n = self.n();
        let top_score = self.top_score;
        self.bye.score = self.seat(v).paired;
        self.bye.single_downfloater = self.bye.score >= top_score
            && (0..n)
                .take_while(|&v| self.seat(v).paired >= top_score)
                .all(|v| self.seat(mates[v]).paired >= top_score);
        let mut games: Vec<usize> = (0..n)
            .filter(|&v| self.seat(v).paired == self.bye.score)
            .map(|v| self.seat(v).games)
            .collect();
        games.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, g) in games.into_iter().enumerate() {
            self.bye.unplayed_ranks.insert(g, rank);
        }
        for v in 0..n {
            for o in 0..v {
                let w = self.pairing.edge_weight(
                    self.layout,
                    self.seat(o),
                    self.seat(v),
                    false,
                    false,
                    &self.bye,
                );
                self.computer.set(v, o, w);
            }
        }
    }

    /// Pairs the brackets from the top score group down, each settled before the next.
    fn pair_all(&mut self) {
        let n = self.n();
        while self.next_group < n && self.seat(self.next_group).paired >= self.top_score {
            self.players.push(self.next_group);
            self.next_group += 1;
        }
        while self.players.len() > 1 || self.next_group < n {
            let mut b = self.open_bracket();
            self.choose_moved_down(&mut b);
            self.pair_moved_down(&mut b);
            let r = self.remainder(&mut b);
            self.exchange_from_s1(&mut b, &r);
            self.exchange_from_s2(&mut b, &r);
            self.settle_exchanges(&mut b, &r);
            self.pair_s1(&mut b, &r);
            self.close_bracket(b);
        }
    }

    /// The next bracket with the next score group after it, their edges weighed and matched.
    fn open_bracket(&mut self) -> Bracket<L> {
        let n = self.n();
        let next_begin = self.players.len();
        let next_begin_vertex = self.group_begin_vertex + (next_begin - self.group_begin);
        let group_start = self.next_group;
        while self.next_group < n
            && self.seat(self.next_group).paired >= self.seat(group_start).paired
        {
            self.players.push(self.next_group);
            self.next_group += 1;
        }
        let vertices = std::mem::take(&mut self.players);
        let base = self.base_weights(&vertices, next_begin);
        for (larger, row) in base.iter().enumerate() {
            for (smaller, &w) in row.iter().enumerate() {
                self.computer.set(vertices[larger], vertices[smaller], w);
            }
        }
        let mates = self.computer.compute();
        Bracket {
            vertices,
            group_begin: self.group_begin,
            group_begin_vertex: self.group_begin_vertex,
            next_begin,
            next_begin_vertex,
            group_start,
            base,
            mates,
            group_bits: self.layout.group_bits,
        }
    }

    /// The weights of the residents' and the next score group's edges, `[larger][smaller]`
    /// by place in `vertices`: a pair in the bracket, or one in the next.
    fn base_weights(&self, vertices: &[usize], next_begin: usize) -> Vec<Vec<Wide<L>>> {
        let mut base: Vec<Vec<Wide<L>>> = vec![Vec::new(); vertices.len()];
        for larger in self.group_begin..vertices.len() {
            for smaller in 0..larger {
                base[larger].push(self.pairing.edge_weight(
                    self.layout,
                    self.seat(vertices[smaller]),
                    self.seat(vertices[larger]),
                    larger < next_begin,
                    larger >= next_begin,
                    &self.bye,
                ));
            }
        }
        base
    }

    /// Which moved-down players are paired in this bracket: from the top, each one that can
    /// be, as many of each score as the matching pairs.
    fn choose_moved_down(&mut self, b: &mut Bracket<L>) {
        let mut moved_down_score = Points::ZERO;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for i in 0..b.group_begin {
            if i == 0 || self.seat(b.vertices[i]).paired < moved_down_score {
                moved_down_score = self.seat(b.vertices[i]).paired;
                (remaining, remaining_matched) = self.moved_down_of_score(b, i);
            }
            if remaining_matched == 0 {
                continue;
            }
            let v = b.vertices[i];
            if remaining <= remaining_matched {
                self.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !b.in_bracket(b.mates[v]) {
                for o in b.group_begin..b.next_begin {
                    let w = b.base[o][i];
                    if !w.is_zero() {
                        self.computer.set(v, b.vertices[o], w + Wide::small(1));
                    }
                }
                b.mates = self.computer.compute();
            }
            if b.in_bracket(b.mates[v]) {
                self.matched[v] = true;
                remaining_matched -= 1;
                for o in b.group_begin..b.next_begin {
                    let w = b.base[o][i];
                    if !w.is_zero() {
                        let addend = small(b.next_begin - b.group_begin + 1);
                        self.computer.set(v, b.vertices[o], w + addend);
                    }
                }
            }
        }
    }

    /// The moved-down players from place `i` of the same score or above, and how many of them
    /// the matching pairs in the bracket.
    fn moved_down_of_score(&self, b: &Bracket<L>, i: usize) -> (usize, usize) {
        let score = self.seat(b.vertices[i]).paired;
        let (mut remaining, mut remaining_matched) = (0, 0);
        let mut m = i;
        while m < b.vertices.len() && self.seat(b.vertices[m]).paired >= score {
            remaining += 1;
            if b.in_bracket(b.mates[b.vertices[m]]) {
                remaining_matched += 1;
            }
            m += 1;
        }
        (remaining, remaining_matched)
    }

    /// The opponents of the moved-down players chosen: each from the top, the lowest resident
    /// the matching allows.
    fn pair_moved_down(&mut self, b: &mut Bracket<L>) {
        for i in 0..b.group_begin {
            let v = b.vertices[i];
            if !self.matched[v] {
                continue;
            }
            let mut addend = b.vertices.len();
            for o in (b.group_begin..b.next_begin).rev() {
                let ov = b.vertices[o];
                if self.matched[ov] {
                    continue;
                }
                let w = b.base[o][i];
                if !w.is_zero() {
                    self.computer.set(v, ov, w + small(addend));
                    addend += 1;
                }
            }
            b.mates = self.computer.compute();
            let m = b.mates[v];
            self.matched[m] = true;
            self.computer.finalize(v, m, self.max_weight);
        }
    }

    /// The remainder, its edges weighed for exchanges and matched, and how many players of
    /// S1 the matching exchanges.
    fn remainder(&mut self, b: &mut Bracket<L>) -> Remainder {
        let mut remainder: Vec<usize> = Vec::new();
        let mut pairs = 0usize;
        for (i, &v) in b
            .vertices
            .iter()
            .enumerate()
            .take(b.next_begin)
            .skip(b.group_begin)
        {
            if b.mates[v] < b.group_begin_vertex {
                continue;
            }
            remainder.push(i);
            if b.mates[v] < v {
                pairs += 1;
            }
        }
        let first_group_end = pairs;
        for (at, &o) in remainder.iter().enumerate() {
            let ov = b.vertices[o];
            for (a, &p) in remainder[..at].iter().enumerate() {
                self.computer
                    .set(b.vertices[p], ov, b.exchange_weight(p, o, a, pairs));
            }
        }
        b.mates = self.computer.compute();
        let mut exchanges = 0usize;
        if let Some(&end) = remainder.get(first_group_end) {
            for &p in remainder.iter().take_while(|&&p| p < end) {
                exchanges += usize::from(b.exchanged(b.vertices[p]));
            }
        }
        Remainder {
            players: remainder,
            pairs,
            exchanges,
        }
    }

    /// The lowest players of S1 to exchange, where possible.
    fn exchange_from_s1(&mut self, b: &mut Bracket<L>, r: &Remainder) {
        let (remainder, pairs) = (&r.players, r.pairs);
        let mut left = r.exchanges;
        let mut index = pairs;
        let mut at = pairs;
        while at != 0 && left > 0 {
            let from = at;
            index -= 1;
            at -= 1;
            let p = remainder[at];
            let v = b.vertices[p];
            if b.paired_down(v) {
                for &o in &remainder[from..] {
                    let w = b.exchange_weight(p, o, index, pairs);
                    if !w.is_zero() {
                        self.computer.set(v, b.vertices[o], w - Wide::small(1));
                    }
                }
                b.mates = self.computer.compute();
            }
            let exchange = b.exchanged(v);
            left -= usize::from(exchange);
            for &o in &remainder[at + 1..] {
                if exchange {
                    b.base[o][p] = Wide::default();
                }
                self.computer
                    .set(v, b.vertices[o], b.exchange_weight(p, o, index, pairs));
            }
        }
    }

    /// The highest players of S2 to exchange, where possible.
    fn exchange_from_s2(&mut self, b: &mut Bracket<L>, r: &Remainder) {
        let (remainder, pairs) = (&r.players, r.pairs);
        let mut left = r.exchanges;
        let mut index = pairs;
        let mut at = pairs;
        while at < remainder.len() && left > 1 {
            let p = remainder[at];
            let v = b.vertices[p];
            let already = b.paired_down(v);
            if !already {
                for &o in &remainder[at + 1..] {
                    let w = b.exchange_weight(p, o, index, pairs);
                    if !w.is_zero() {
                        self.computer.set(v, b.vertices[o], w + Wide::small(1));
                    }
                }
                b.mates = self.computer.compute();
            }
            if b.paired_down(v) {
                left -= 1;
                for &o in &remainder[..at] {
                    b.base[p][o] = Wide::default();
                    self.computer.set(v, b.vertices[o], Wide::default());
                }
                for o in b.next_begin..b.vertices.len() {
                    b.base[o][p] = Wide::default();
                    self.computer.set(v, b.vertices[o], Wide::default());
                }
            }
            if !already {
                for &o in &remainder[at + 1..] {
                    self.computer
                        .set(v, b.vertices[o], b.exchange_weight(p, o, index, pairs));
                }
            }
            index += 1;
            at += 1;
        }
    }

    /// Settles the exchanges: a player exchanged meets nobody below, a player of S1 nobody
    /// above.
    fn settle_exchanges(&mut self, b: &mut Bracket<L>, r: &Remainder) {
        let remainder = &r.players;
        for a in 0..remainder.len() {
            let p = remainder[a];
            let v = b.vertices[p];
            for &o in &remainder[a + 1..] {
                let ov = b.vertices[o];
                if b.exchanged(v) || b.paired_down(ov) {
                    b.base[o][p] = Wide::default();
                }
                self.computer.set(v, ov, b.base[o][p]);
            }
        }
    }

    /// Each player of S1's opponent, from the top: the lowest the matching allows.
    fn pair_s1(&mut self, b: &mut Bracket<L>, r: &Remainder) {
        let remainder = &r.players;
        for &p in remainder {
            let v = b.vertices[p];
            if !b.paired_down(v) {
                continue;
            }
            let mut addend = 0usize;
            for &o in remainder.iter().rev() {
                let ov = b.vertices[o];
                if o <= p || self.matched[ov] {
                    continue;
                }
                let w = b.base[o][p];
                if !w.is_zero() {
                    self.computer.set(v, ov, w + small(addend));
                }
                addend += 1;
            }
            b.mates = self.computer.compute();
            let m = b.mates[v];
            self.matched[v] = true;
            self.matched[m] = true;
            self.computer.finalize(v, m, self.max_weight);
        }
    }

    /// Records the bracket's pairs; the players left over move down into the next bracket,
    /// before the next score group.
    fn close_bracket(&mut self, b: Bracket<L>) {
        let n = self.n();
        let resident_score = (b.group_start < n).then(|| self.seat(b.group_start).paired);
        self.bye.single_downfloater =
            n % 2 == 1 && resident_score.is_some_and(|s| self.bye.score >= s);
        let mut next_players = Vec::new();
        self.group_begin = 0;
        for (i, &v) in b.vertices.iter().enumerate() {
            if i < b.next_begin && self.matched[v] {
                self.partner[v] = Some(b.mates[v]);
                self.partner[b.mates[v]] = Some(v);
            } else {
                next_players.push(v);
                if i < b.next_begin {
                    self.group_begin += 1;
                }
                if resident_score.is_some_and(|s| self.seat(b.mates[v]).paired < s) {
                    self.bye.single_downfloater = false;
                }
            }
        }
        self.players = next_players;
        self.group_begin_vertex = b.next_begin_vertex;
    }

    /// The boards: each pair with its colours, the bye, in board order.
    fn boards(&self) -> Vec<Board> {
        let pairing = self.pairing;
        let mut boards = Vec::new();
        for (v, &partner) in self.partner.iter().enumerate() {
            let s = self.seat(v);
            match partner {
                Some(m) => {
                    let o = self.seat(m);
                    if s.id < o.id {
                        boards.push(match pairing.colour(s, o) {
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
        pairing.board_order(&mut boards);
        boards
    }
}
