//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables,
//! O(n³), as Galil described it ("Efficient algorithms for finding maximum matching in graphs",
//! 1986), following the structure of Joris van Rantwijk's public-domain reference implementation
//! (`mwmatching.py`): blossoms numbered after the vertices, edges by endpoints `2k` and `2k + 1`.
//! Weights are integers; every dual variable stays an integer because the weights are doubled
//! inside. The graph is complete and dense (a missing edge weighs zero), as a Swiss system's
//! is, and the solution is kept between changes of weights (see [`Matcher`]): the Dutch system
//! solves one matching after another, each a small change from the last.

use std::fmt::Debug;
use std::ops::{Add, Sub};

/// An edge weight: a signed integer wide enough for twice the heaviest edge (the duals can go
/// below zero while the most pairs are sought). `Default` is zero.
pub trait Weight: Copy + Ord + Default + Debug + Add<Output = Self> + Sub<Output = Self> {
    /// Half, rounded toward zero (the algorithm only halves even numbers).
    fn halve(self) -> Self;
    fn double(self) -> Self {
        self + self
    }
}

impl Weight for i64 {
    fn halve(self) -> i64 {
        self / 2
    }
}

impl Weight for i128 {
    fn halve(self) -> i128 {
        self / 2
    }
}

/// A maximum-weight matching of the graph on `vertices` vertices with edges `(i, j, weight)`
/// (weights above zero; an edge of weight 0 or less is never used). With `max_cardinality`, the
/// heaviest among the matchings with the most pairs. For each vertex, its mate.
pub fn maximum_weight_matching<W: Weight>(
    vertices: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mut m = Matcher::<W>::new(vertices);
    m.max_cardinality = max_cardinality;
    for &(i, j, w) in edges {
        if i != j && w > m.weight(i, j).halve() {
            m.set_weight(i, j, w);
        }
    }
    // From scratch: every dual starts at the heaviest weight (Edmonds' start).
    let heaviest = m.weights.iter().copied().max().unwrap_or_default();
    m.dualvar[..vertices].fill(heaviest);
    m.dirty.fill(false);
    m.solve();
    m.mates()
}

const NONE: usize = usize::MAX;

/// Where a walk round a blossom's cycle from sub-blossom `child` to its base starts, and its
/// direction: forward from an odd place (counted below zero, so the walk ends at 0), backward
/// from an even one; and the endpoint trick that direction needs.
fn walk_from(childs: &[usize], child: usize) -> (isize, isize, usize) {
    let len = childs.len() as isize;
    let j = childs.iter().position(|&c| c == child).expect("a child") as isize;
    if j & 1 == 1 {
        (j - len, 1, 0)
    } else {
        (j, -1, 1)
    }
}

/// A maximum-weight matching kept up to date while weights change: on a complete graph of `n`
/// vertices (a missing edge weighs zero), the solution, its dual variables and its blossoms
/// survive between calls to [`Matcher::solve`]. A vertex whose edges changed is freed, leaves
/// its blossoms and takes a dual that fits its new weights; the others keep theirs, so a
/// solution after changes around `k` vertices takes O(k n²), not O(n³).
///
/// Free vertices may so have different duals: a free vertex is satisfied at dual zero, a free
/// vertex with a positive dual is the root of an alternating tree, and a tree vertex whose dual
/// reaches zero swaps the path to its root (bbpPairings' method, as in its matcher).
pub struct Matcher<W> {
    n: usize,
    /// Twice each edge's weight, both ways: `(i, j)` at `i n + j`, so that a vertex's edges lie
    /// in one row (scanning them is the matcher's main work, and is bound by memory).
    weights: Vec<W>,
    /// Which edges weigh more than zero: a bit for each ordered pair, `words` words a row.
    present: Vec<u64>,
    words: usize,
    /// Vertices whose edges changed since the last solution.
    dirty: Vec<bool>,
    max_cardinality: bool,
    /// For each vertex, the remote endpoint of its matched edge (edge `k = i n + j` for
    /// `i < j` has endpoint `2k` at `i` and `2k + 1` at `j`).
    mate: Vec<Option<usize>>,
    /// For each top-level blossom or vertex: 0 free, 1 S, 2 T.
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// The slack of each best edge, kept as the duals change (reading the edge's weight again
    /// is a miss in memory for every edge scanned).
    bestslack: Vec<W>,
    /// Vertices and blossoms given a best edge in this stage, each once.
    best_list: Vec<usize>,
    best_mark: Vec<bool>,
}

impl<W: Weight> Matcher<W> {
    pub fn new(n: usize) -> Matcher<W> {
        Matcher {
            n,
            weights: vec![W::default(); n * n],
            present: vec![0; n * n.div_ceil(64)],
            words: n.div_ceil(64),
            dirty: vec![false; n],
            max_cardinality: false,
            mate: vec![None; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar: vec![W::default(); 2 * n],
            allowedge: vec![false; n * n],
            queue: Vec::new(),
            bestslack: vec![W::default(); 2 * n],
            best_list: Vec::new(),
            best_mark: vec![false; 2 * n],
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Twice the weight of edge `i`–`j`.
    fn weight(&self, i: usize, j: usize) -> W {
        self.weights[i * self.n + j]
    }

    /// Sets the weight of edge `a`–`b` (zero or less: no edge). The next solution frees `a`.
    pub fn set_weight(&mut self, a: usize, b: usize, weight: W) {
        if a == b {
            return;
        }
        let w = weight.max(W::default()).double();
        if self.weights[a * self.n + b] != w {
            self.weights[a * self.n + b] = w;
            self.weights[b * self.n + a] = w;
            self.dirty[a] = true;
            let on = w > W::default();
            for (i, j) in [(a, b), (b, a)] {
                let bit = &mut self.present[i * self.words + j / 64];
                if on {
                    *bit |= 1 << (j % 64);
                } else {
                    *bit &= !(1 << (j % 64));
                }
            }
        }
    }

    /// Each vertex's mate in the last solution.
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|p| p.map(|p| self.endpoint(p)))
            .collect()
    }

    fn edge(&self, i: usize, j: usize) -> usize {
        i.min(j) * self.n + i.max(j)
    }

    fn ends(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }

    fn endpoint(&self, p: usize) -> usize {
        let (i, j) = self.ends(p / 2);
        if p.is_multiple_of(2) {
            i
        } else {
            j
        }
    }

    /// The endpoint at `w` of the edge `v`–`w`.
    fn end_at(&self, v: usize, w: usize) -> usize {
        2 * self.edge(v, w) + usize::from(w > v)
    }

    fn slack(&self, k: usize) -> W {
        let (i, j) = self.ends(k);
        self.dualvar[i] + self.dualvar[j] - self.weight(i, j)
    }

    /// The vertices `v` has an edge to.
    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let row = &self.present[v * self.words..][..self.words];
        row.iter().enumerate().flat_map(|(i, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }

    fn set_best(&mut self, x: usize, k: usize, slack: W) {
        self.bestedge[x] = k;
        self.bestslack[x] = slack;
        if !self.best_mark[x] {
            self.best_mark[x] = true;
            self.best_list.push(x);
        }
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let mate = self.mate[base].expect("a T-blossom's base is matched");
            let remote = self.endpoint(mate);
            self.assign_label(remote, 1, mate ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE` for an augmenting
    /// path.
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.ends(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::default();
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        let mut bestslackto = vec![W::default(); 2 * self.n];
        for &bv in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(bv)
                    .iter()
                    .map(|&v| self.neighbours(v).map(|w| self.edge(v, w)).collect())
                    .collect(),
            };
            for nblist in nblists {
                for k in nblist {
                    let (mut i, mut j) = self.ends(k);
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let bj = self.inblossom[j];
                    if bj != b && self.label[bj] == 1 {
                        // Read from the inner end's row, which the loop walks along.
                        let slack = self.dualvar[i] + self.dualvar[j] - self.weight(i, j);
                        if bestedgeto[bj] == NONE || slack < bestslackto[bj] {
                            bestedgeto[bj] = k;
                            bestslackto[bj] = slack;
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        self.bestedge[b] = NONE;
        let mut best = Vec::new();
        for (k, slack) in bestedgeto.into_iter().zip(bestslackto) {
            if k == NONE {
                continue;
            }
            best.push(k);
            if self.bestedge[b] == NONE || slack < self.bestslack[b] {
                self.set_best(b, k, slack);
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::default() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let len = childs.len() as isize;
            let (mut j, jstep, endptrick) = walk_from(&childs, entrychild);
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let ep = |j: isize| endps[at(j - endptrick as isize)];
            // Move along the blossom until we get to the base.
            let mut p = self.labelend[b];
            while j != 0 {
                // Relabel the T-sub-blossom.
                let e = self.endpoint(p ^ 1);
                self.label[e] = 0;
                let e = self.endpoint(ep(j) ^ endptrick ^ 1);
                self.label[e] = 0;
                self.assign_label(self.endpoint(p ^ 1), 2, p);
                // Step to the next S-sub-blossom and note its forward endpoint.
                self.allowedge[ep(j) / 2] = true;
                j += jstep;
                p = ep(j) ^ endptrick;
                // Step to the next T-sub-blossom.
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            // Relabel the base T-sub-blossom without stepping through to its mate.
            let bv = childs[at(j)];
            let e = self.endpoint(p ^ 1);
            self.label[e] = 2;
            self.label[bv] = 2;
            let e = self.endpoint(p ^ 1);
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            // Continue along the blossom until we get back to the entry child.
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mate = self.mate[self.blossombase[bv]].expect("matched base");
                    let e = self.endpoint(mate);
                    self.label[e] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("a child");
        let (mut j, jstep, endptrick) = walk_from(&self.blossomchilds[b], t);
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let e = self.endpoint(p);
            self.mate[e] = Some(p ^ 1);
            let e = self.endpoint(p ^ 1);
            self.mate[e] = Some(p);
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        self.augment_side(v, Some(2 * k + 1));
        self.augment_side(w, Some(2 * k));
    }

    /// Gives `s` the mate at endpoint `p` (none: frees it) and swaps the alternating path from
    /// `s` back to its tree's root.
    fn augment_side(&mut self, mut s: usize, mut p: Option<usize>) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = Some(self.labelend[bt]);
            p = Some(self.labelend[bt] ^ 1);
        }
    }

    /// Turns top-level blossom `b` back into its sub-blossoms, its dual moved onto its
    /// vertices (every edge inside keeps its slack). The base's matched edge to the outside is
    /// no longer tight unless the dual was zero: the two are freed.
    fn dissolve(&mut self, b: usize) {
        let z = self.dualvar[b];
        for v in self.leaves(b) {
            self.dualvar[v] = self.dualvar[v] + z;
        }
        let base = self.blossombase[b];
        if z > W::default() {
            if let Some(p) = self.mate[base].take() {
                let m = self.endpoint(p);
                self.mate[m] = None;
            }
        }
        for s in std::mem::take(&mut self.blossomchilds[b]) {
            self.blossomparent[s] = NONE;
            for v in self.leaves(s) {
                self.inblossom[v] = s;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.dualvar[b] = W::default();
        self.unusedblossoms.push(b);
    }

    /// Frees each vertex whose edges changed, out of every blossom, with the least even dual
    /// its edges allow; then gives every free vertex an even dual, so that the slack between
    /// any two tree vertices stays even and the duals whole.
    fn take_changes(&mut self) {
        for v in 0..self.n {
            if !std::mem::take(&mut self.dirty[v]) {
                continue;
            }
            while self.inblossom[v] != v {
                self.dissolve(self.inblossom[v]);
            }
            if let Some(p) = self.mate[v].take() {
                let m = self.endpoint(p);
                self.mate[m] = None;
            }
            let mut dual = W::default();
            for w in self.neighbours(v) {
                dual = dual.max(self.weight(v, w) - self.dualvar[w]);
            }
            self.dualvar[v] = even(dual);
        }
        for v in 0..self.n {
            if self.mate[v].is_some() || self.dualvar[v] == even(self.dualvar[v]) {
                continue;
            }
            while self.inblossom[v] != v {
                self.dissolve(self.inblossom[v]);
            }
            self.dualvar[v] = even(self.dualvar[v]);
        }
    }

    /// The best matching for the present weights, from the last one.
    pub fn solve(&mut self) {
        let n = self.n;
        self.take_changes();
        loop {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.labelend.iter_mut().for_each(|l| *l = NONE);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for x in self.best_list.drain(..) {
                self.best_mark[x] = false;
            }
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            // The roots: free vertices, but those already satisfied at dual zero.
            let mut roots = false;
            for v in 0..n {
                if self.mate[v].is_none()
                    && self.label[self.inblossom[v]] == 0
                    && (self.max_cardinality || self.dualvar[v] > W::default())
                {
                    self.assign_label(v, 1, NONE);
                    roots = true;
                }
            }
            if !roots {
                break;
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for w in 0..n {
                        if self.present[v * self.words + w / 64] & (1 << (w % 64)) == 0 {
                            continue;
                        }
                        let p = self.end_at(v, w);
                        let k = p / 2;
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::default();
                        if !self.allowedge[k] {
                            kslack = self.dualvar[v] + self.dualvar[w] - self.weight(v, w);
                            if kslack <= W::default() {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            let bw = self.inblossom[w];
                            if self.label[bw] == 0 {
                                if self.mate[self.blossombase[bw]].is_none() {
                                    // A free vertex at dual zero: the root's path ends there.
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.bestslack[b] {
                                self.set_best(b, k, kslack);
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.bestslack[w])
                        {
                            self.set_best(w, k, kslack);
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path yet: change the duals.
                let mut deltatype = -1;
                let (mut delta, mut deltaedge, mut deltablossom) = (W::default(), NONE, NONE);
                let mut deltavertex = NONE;
                if !self.max_cardinality {
                    for v in 0..n {
                        if self.label[self.inblossom[v]] == 1
                            && (deltatype == -1 || self.dualvar[v] < delta)
                        {
                            delta = self.dualvar[v];
                            deltatype = 1;
                            deltavertex = v;
                        }
                    }
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        debug_assert_eq!(self.bestslack[v], self.slack(self.bestedge[v]));
                        let d = self.bestslack[v];
                        if deltatype == -1 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        debug_assert_eq!(self.bestslack[b], self.slack(self.bestedge[b]));
                        let d = self.bestslack[b].halve();
                        if deltatype == -1 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == -1 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == -1 {
                    // Maximum cardinality reached: the optimum needs one more dual change.
                    deltatype = 1;
                    delta = (0..n)
                        .map(|v| self.dualvar[v])
                        .min()
                        .unwrap_or_default()
                        .max(W::default());
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                // Each best edge's slack moves as its ends' duals did.
                for at in 0..self.best_list.len() {
                    let x = self.best_list[at];
                    if self.bestedge[x] == NONE {
                        continue;
                    }
                    let (i, j) = self.ends(self.bestedge[x]);
                    for end in [i, j] {
                        match self.label[self.inblossom[end]] {
                            1 => self.bestslack[x] = self.bestslack[x] - delta,
                            2 => self.bestslack[x] = self.bestslack[x] + delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 if deltavertex != NONE => {
                        // A tree vertex reached dual zero: it may stay single.
                        self.augment_side(deltavertex, None);
                        augmented = true;
                        break;
                    }
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j) = self.ends(deltaedge);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _) = self.ends(deltaedge);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::default()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

/// The least even number not below `w` (a dual never goes below zero).
fn even<W: Weight>(w: W) -> W {
    let half = w.halve();
    if half.double() == w {
        w
    } else {
        (half + half) + (w - half.double()).double()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The best matching by trying them all: (pairs, weight).
    fn brute_force(n: usize, edges: &[(usize, usize, i64)], max_cardinality: bool) -> (usize, i64) {
        let mut w = vec![vec![0i64; n]; n];
        for &(i, j, x) in edges {
            if x > 0 && i != j && x > w[i][j] {
                w[i][j] = x;
                w[j][i] = x;
            }
        }
        fn go(
            v: usize,
            used: &mut Vec<bool>,
            w: &[Vec<i64>],
            best: &mut (usize, i64),
            now: (usize, i64),
            card: bool,
        ) {
            let n = w.len();
            if v == n {
                let better = if card {
                    now > *best
                } else {
                    now.1 > best.1 || (now.1 == best.1 && now.0 > best.0)
                };
                if better {
                    *best = now;
                }
                return;
            }
            if used[v] {
                return go(v + 1, used, w, best, now, card);
            }
            go(v + 1, used, w, best, now, card);
            used[v] = true;
            for u in v + 1..n {
                if !used[u] && w[v][u] > 0 {
                    used[u] = true;
                    go(v + 1, used, w, best, (now.0 + 1, now.1 + w[v][u]), card);
                    used[u] = false;
                }
            }
            used[v] = false;
        }
        let mut best = (0, 0);
        go(
            0,
            &mut vec![false; n],
            &w,
            &mut best,
            (0, 0),
            max_cardinality,
        );
        best
    }

    fn measure(n: usize, edges: &[(usize, usize, i64)], mate: &[Option<usize>]) -> (usize, i64) {
        let mut pairs = 0;
        let mut weight = 0;
        for v in 0..n {
            if let Some(u) = mate[v] {
                assert_eq!(mate[u], Some(v), "mates agree");
                if v < u {
                    pairs += 1;
                    weight += edges
                        .iter()
                        .filter(|e| (e.0 == v && e.1 == u) || (e.0 == u && e.1 == v))
                        .map(|e| e.2)
                        .max()
                        .expect("an edge");
                }
            }
        }
        (pairs, weight)
    }

    #[test]
    fn small_known_graphs() {
        assert_eq!(
            maximum_weight_matching(2, &[(0, 1, 1i64)], false),
            vec![Some(1), Some(0)]
        );
        // A path 0-1-2-3 with the middle heavy, and with cardinality first.
        let path = [(0, 1, 5i64), (1, 2, 11), (2, 3, 5)];
        assert_eq!(
            maximum_weight_matching(4, &path, false),
            vec![None, Some(2), Some(1), None]
        );
        assert_eq!(
            maximum_weight_matching(4, &path, true),
            vec![Some(1), Some(0), Some(3), Some(2)]
        );
        // A blossom: triangle 0-1-2 with a tail from 2.
        let tri = [(0, 1, 8i64), (1, 2, 9), (0, 2, 10), (2, 3, 7)];
        let mate = maximum_weight_matching(4, &tri, false);
        assert_eq!(measure(4, &tri, &mate), (2, 15));
    }

    #[test]
    fn a_complete_graph_is_matched_whole_and_no_worse_than_greedy() {
        // A fixed pseudo-random complete graph of 60 players.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            i64::try_from(seed % 1000).unwrap() + 1
        };
        let n = 60;
        let edges: Vec<(usize, usize, i64)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .map(|(i, j)| (i, j, next()))
            .collect();
        let mate = maximum_weight_matching(n, &edges, true);
        let (pairs, weight) = measure(n, &edges, &mate);
        assert_eq!(pairs, 30);
        let mut sorted = edges.clone();
        sorted.sort_by_key(|e| -e.2);
        let mut used = vec![false; n];
        let mut greedy = 0;
        for (i, j, w) in sorted {
            if !used[i] && !used[j] {
                used[i] = true;
                used[j] = true;
                greedy += w;
            }
        }
        assert!(weight >= greedy, "{weight} < greedy {greedy}");
    }

    /// Criteria packed into one wide weight, as a Swiss engine packs them: the same matching as
    /// the small weights give in the same order, far past 64 bits.
    #[test]
    fn wide_weights_keep_their_order() {
        let small = [(0, 1, 3i64), (1, 2, 5), (2, 3, 3), (0, 3, 4), (0, 2, 1)];
        let wide: Vec<(usize, usize, i128)> = small
            .iter()
            .map(|&(i, j, w)| (i, j, (i128::from(w) << 100) + i128::from(i as u8)))
            .collect();
        let a = maximum_weight_matching(4, &small, false);
        let b = maximum_weight_matching(4, &wide, false);
        assert_eq!(a, b);
        assert_eq!(measure(4, &small, &a), (2, 9));
    }

    /// Larger graphs, many changes: as heavy as a solution from scratch each time.
    #[test]
    fn kept_up_to_date_equals_from_scratch_on_larger_graphs() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for n in [17, 40] {
            let mut m = Matcher::<i64>::new(n);
            for i in 0..n {
                for j in 0..i {
                    m.set_weight(i, j, next(50) as i64);
                }
            }
            for _ in 0..300 {
                let v = next(n as u64) as usize;
                for w in 0..n {
                    if w != v && next(3) == 0 {
                        m.set_weight(v, w, next(50) as i64);
                    }
                }
                m.solve();
                let edges: Vec<(usize, usize, i64)> = (0..n)
                    .flat_map(|i| (0..i).map(move |j| (i, j)))
                    .map(|(i, j)| (i, j, m.weight(i, j) / 2))
                    .collect();
                let fresh = maximum_weight_matching(n, &edges, false);
                assert_eq!(weight_of(&m, &m.mates()), weight_of(&m, &fresh));
            }
        }
    }

    /// The weight of `mates` under the present weights of `m`.
    fn weight_of(m: &Matcher<i64>, mates: &[Option<usize>]) -> i64 {
        let mut total = 0;
        for (v, &u) in mates.iter().enumerate() {
            if let Some(u) = u {
                assert_eq!(mates[u], Some(v), "mates agree");
                if v < u {
                    total += m.weight(v, u) / 2;
                }
            }
        }
        total
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Weights change around one vertex, or on one edge, at a time: each solution from the
        /// last is as heavy as the best matching.
        #[test]
        fn kept_up_to_date_equals_trying_every_matching(
            n in 2usize..9,
            start in prop::collection::vec(0i64..12, 36),
            changes in prop::collection::vec(
                (0usize..9, any::<bool>(), prop::collection::vec(0i64..12, 9)),
                1..8,
            ),
        ) {
            let mut m = Matcher::<i64>::new(n);
            let mut at = start.iter().cycle();
            for i in 0..n {
                for j in 0..i {
                    m.set_weight(i, j, *at.next().unwrap());
                }
            }
            m.solve();
            for (v, one_edge, weights) in changes {
                let v = v % n;
                for (w, &x) in weights.iter().enumerate().take(n) {
                    if w != v && (!one_edge || w == (v + 1) % n) {
                        m.set_weight(v, w, x);
                    }
                }
                m.solve();
                let edges: Vec<(usize, usize, i64)> = (0..n)
                    .flat_map(|i| (0..i).map(move |j| (i, j)))
                    .map(|(i, j)| (i, j, m.weight(i, j) / 2))
                    .collect();
                let mates = m.mates();
                prop_assert_eq!(weight_of(&m, &mates), brute_force(n, &edges, false).1);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn equals_trying_every_matching(
            n in 1usize..9,
            raw in prop::collection::vec((0usize..9, 0usize..9, 0i64..20), 0..30),
            card: bool,
        ) {
            let edges: Vec<(usize, usize, i64)> = raw
                .into_iter()
                .map(|(i, j, w)| (i % n, j % n, w))
                .filter(|e| e.0 != e.1)
                .collect();
            // One edge a pair: the heaviest given.
            let mut unique: Vec<(usize, usize, i64)> = Vec::new();
            for (i, j, w) in edges {
                let (a, b) = (i.min(j), i.max(j));
                match unique.iter_mut().find(|e| e.0 == a && e.1 == b) {
                    Some(e) => e.2 = e.2.max(w),
                    None => unique.push((a, b, w)),
                }
            }
            let mate = maximum_weight_matching(n, &unique, card);
            let got = measure(n, &unique, &mate);
            let best = brute_force(n, &unique, card);
            if card {
                prop_assert_eq!(got, best);
            } else {
                prop_assert_eq!(got.1, best.1);
            }
        }
    }
}
