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
}

mod augment;
#[cfg(test)]
mod tests;
