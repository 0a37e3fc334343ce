//! The dice are fair: a million throws from one secret, counted face by face, pair by pair and
//! throw after throw (independence), pass Pearson's chi-square test at the 0.1% level (the derivation's rejection sampling makes
//! each face exactly 1/6; a biased mapping such as `byte % 6` over all 256 values fails it).

use domain::game::dice::{derive_throw, DiceSeed};

const THROWS: u32 = 1_000_000;

fn chi_square(counts: &[u64], expected: f64) -> f64 {
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

#[test]
fn a_million_throws_are_uniform_in_faces_and_pairs() {
    let seed = DiceSeed::from_bytes(*b"zarf: one secret, a million dice");
    let mut faces = [0u64; 6];
    let mut pairs = [0u64; 36];
    // Consecutive throws: each throw's first die against the next throw's first die.
    let mut following = [0u64; 36];
    let mut last = None;
    for n in 0..THROWS {
        let d = derive_throw(&seed, n, "beyaz", "siyah");
        let (a, b) = (usize::from(d.first()) - 1, usize::from(d.second()) - 1);
        faces[a] += 1;
        faces[b] += 1;
        pairs[a * 6 + b] += 1;
        if let Some(before) = last {
            following[before * 6 + a] += 1;
        }
        last = Some(a);
    }
    // Critical values of chi-square at p = 0.001: 20.52 for 5 degrees of freedom, 66.62 for 35.
    let by_face = chi_square(&faces, 2.0 * f64::from(THROWS) / 6.0);
    let by_pair = chi_square(&pairs, f64::from(THROWS) / 36.0);
    assert!(by_face < 20.52, "faces {faces:?}: chi-square {by_face}");
    assert!(by_pair < 66.62, "pairs: chi-square {by_pair}");
    let by_sequence = chi_square(&following, f64::from(THROWS - 1) / 36.0);
    assert!(
        by_sequence < 66.62,
        "consecutive throws: chi-square {by_sequence}"
    );
    // The test can fail: a face mapping with `byte % 6` over every byte value favours 1 to 4.
    let biased: Vec<u64> = {
        let mut c = [0u64; 6];
        for byte in 0..=255u32 {
            c[(byte % 6) as usize] += 3906;
        }
        c.to_vec()
    };
    assert!(chi_square(&biased, biased.iter().sum::<u64>() as f64 / 6.0) > 20.52);
}
