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
