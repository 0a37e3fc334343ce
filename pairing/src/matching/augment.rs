//! The solution stage by stage: trees grown, duals changed, the matching augmented along a path
//! found, and blossoms expanded and dissolved.

use super::*;

impl<W: Weight> Matcher<W> {
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
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

    pub(super) fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        self.augment_side(v, Some(2 * k + 1));
        self.augment_side(w, Some(2 * k));
    }

    /// Gives `s` the mate at endpoint `p` (none: frees it) and swaps the alternating path from
    /// `s` back to its tree's root.
    pub(super) fn augment_side(&mut self, mut s: usize, mut p: Option<usize>) {
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
    pub(super) fn dissolve(&mut self, b: usize) {
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
    pub(super) fn take_changes(&mut self) {
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

    /// The best matching for the present weights, from the last one: stage after stage, each
    /// augmenting the matching along one path, until a stage finds none.
    pub fn solve(&mut self) {
        self.take_changes();
        loop {
            self.start_stage();
            if !self.label_roots() {
                break;
            }
            if !self.stage() {
                break;
            }
            self.expand_spent_blossoms();
        }
    }

    /// Clears the last stage's labels, best edges, tight edges and queue.
    fn start_stage(&mut self) {
        let n = self.n;
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
    }

    /// Labels the roots S: free vertices, but those already satisfied at dual zero. False
    /// when there are none.
    fn label_roots(&mut self) -> bool {
        let mut roots = false;
        for v in 0..self.n {
            if self.mate[v].is_none()
                && self.label[self.inblossom[v]] == 0
                && (self.max_cardinality || self.dualvar[v] > W::default())
            {
                self.assign_label(v, 1, NONE);
                roots = true;
            }
        }
        roots
    }

    /// One stage: grows the alternating trees, changing the duals whenever no edge is left to
    /// scan, until the matching is augmented (true) or is the best there is (false).
    fn stage(&mut self) -> bool {
        loop {
            if self.grow_trees() {
                return true;
            }
            // No augmenting path yet: change the duals.
            let delta = self.least_delta();
            self.change_duals(delta.amount);
            match delta.kind {
                1 if delta.vertex != NONE => {
                    // A tree vertex reached dual zero: it may stay single.
                    self.augment_side(delta.vertex, None);
                    return true;
                }
                1 => return false,
                2 => {
                    self.allowedge[delta.edge] = true;
                    let (mut i, j) = self.ends(delta.edge);
                    if self.label[self.inblossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    self.allowedge[delta.edge] = true;
                    let (i, _) = self.ends(delta.edge);
                    self.queue.push(i);
                }
                _ => self.expand_blossom(delta.blossom, false),
            }
        }
    }

    /// Scans the queued S-vertices until a path augments the matching (true) or the queue is
    /// empty (false).
    fn grow_trees(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            if self.scan(v) {
                return true;
            }
        }
        false
    }

    /// Scans the edges of S-vertex `v`: a tight edge labels its other end T, makes a blossom
    /// or augments the matching (true); a loose one may be the best edge of its free end or of
    /// `v`'s blossom.
    fn scan(&mut self, v: usize) -> bool {
        let n = self.n;
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
                        return true;
                    }
                    self.assign_label(w, 2, p ^ 1);
                } else if self.label[bw] == 1 {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, k);
                    } else {
                        self.augment_matching(k);
                        return true;
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
            } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.bestslack[w])
            {
                self.set_best(w, k, kslack);
            }
        }
        false
    }

    /// The least change of the duals that makes an edge tight or a dual zero, and which.
    fn least_delta(&self) -> Delta<W> {
        let n = self.n;
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
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
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
        Delta {
            kind: deltatype,
            amount: delta,
            edge: deltaedge,
            blossom: deltablossom,
            vertex: deltavertex,
        }
    }

    /// Changes the duals by `delta`: down for S-vertices and T-blossoms, up for T-vertices and
    /// S-blossoms; each best edge's slack moves with them.
    fn change_duals(&mut self, delta: W) {
        let n = self.n;
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
    }

    /// At a stage's end, expands each top-level S-blossom whose dual is zero.
    fn expand_spent_blossoms(&mut self) {
        let n = self.n;
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

/// A change of the duals: its amount, and what it makes tight (`kind`): 1 the dual of
/// `vertex` reaches zero (no vertex: the last change once the most pairs are found), 2 the
/// edge `edge` from an S-vertex to a free one, 3 the edge `edge` between two S-blossoms, 4 the
/// dual of T-blossom `blossom` reaches zero.
struct Delta<W> {
    kind: i32,
    amount: W,
    edge: usize,
    blossom: usize,
    vertex: usize,
}

/// The least even number not below `w` (a dual never goes below zero).
pub(super) fn even<W: Weight>(w: W) -> W {
    let half = w.halve();
    if half.double() == w {
        w
    } else {
        (half + half) + (w - half.double()).double()
    }
}
