//! The dice are fair: 600,000 throws derived from random secrets, game ids and entropy texts,
//! counted face by face, doubles against the rest, and pair by pair, pass Pearson's chi-square
//! test at the 0.1% level (the derivation's rejection sampling makes each face exactly 1/6; a
//! biased mapping such as `byte % 6` over all 256 values fails it). The test's own randomness is
//! a fixed-seed generator, so a run is repeatable.

use domain::game::dice::{derive_v2, DiceSeed, Faces};

const THROWS: u32 = 600_000;
/// Throws from one secret and game before the next are drawn.
const PER_MATCH: u32 = 200;

/// SplitMix64: the test's repeatable source of secrets, ids and texts.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn seed(&mut self) -> DiceSeed {
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&self.next().to_le_bytes());
        }
        DiceSeed::from_bytes(bytes)
    }

    fn game_id(&mut self) -> String {
        let (a, b) = (self.next(), self.next());
        let id = uuid::Uuid::from_u64_pair(a, b);
        id.hyphenated().to_string()
    }

    /// A text as a browser sends it (64 hex digits) or as a person types one.
    fn entropy(&mut self) -> String {
        let n = self.next();
        if n.is_multiple_of(3) {
            format!(
                "{:016x}{:016x}{:016x}{:016x}",
                n,
                self.next(),
                self.next(),
                self.next()
            )
        } else {
            format!("zar {} ş", n % 100_000)
        }
    }
}

fn chi_square(counts: &[u64], expected: &[f64]) -> f64 {
    counts
        .iter()
        .zip(expected)
        .map(|(&c, &e)| (c as f64 - e).powi(2) / e)
        .sum()
}

// Critical values of chi-square at p = 0.001: 10.83 for 1 degree of freedom, 20.52 for 5,
// 66.62 for 35.
const CRITICAL_1: f64 = 10.83;
const CRITICAL_5: f64 = 20.52;
const CRITICAL_35: f64 = 66.62;

#[test]
fn six_hundred_thousand_throws_are_uniform_in_faces_doubles_and_pairs() {
    let mut rng = SplitMix(0x7a61_7266_2d64_6963);
    let mut faces = [0u64; 6];
    let mut pairs = [0u64; 36];
    let mut doubles = [0u64; 2];
    let mut opening = [0u64; 6];
    let (mut seed, mut game) = (rng.seed(), rng.game_id());
    for n in 0..THROWS {
        if n % PER_MATCH == 0 {
            (seed, game) = (rng.seed(), rng.game_id());
        }
        let entropy = rng.entropy();
        let Faces::Two(d) = derive_v2(&seed, &game, n % PER_MATCH, &entropy, false) else {
            panic!("two dice")
        };
        let (a, b) = (usize::from(d.first()) - 1, usize::from(d.second()) - 1);
        faces[a] += 1;
        faces[b] += 1;
        pairs[a * 6 + b] += 1;
        doubles[usize::from(d.is_double())] += 1;
        if n % 10 == 0 {
            let Faces::Die(f) = derive_v2(&seed, &game, n % PER_MATCH, &entropy, true) else {
                panic!("one die")
            };
            opening[usize::from(f) - 1] += 1;
        }
    }
    let throws = f64::from(THROWS);
    let by_face = chi_square(&faces, &[2.0 * throws / 6.0; 6]);
    let by_pair = chi_square(&pairs, &[throws / 36.0; 36]);
    let by_double = chi_square(&doubles, &[throws * 5.0 / 6.0, throws / 6.0]);
    let by_opening = chi_square(&opening, &[throws / 10.0 / 6.0; 6]);
    assert!(
        by_face < CRITICAL_5,
        "faces {faces:?}: chi-square {by_face}"
    );
    assert!(by_pair < CRITICAL_35, "pairs: chi-square {by_pair}");
    assert!(
        by_double < CRITICAL_1,
        "doubles {doubles:?}: chi-square {by_double}"
    );
    assert!(
        by_opening < CRITICAL_5,
        "opening dice {opening:?}: chi-square {by_opening}"
    );
}

#[test]
fn the_test_catches_a_biased_mapping() {
    // `byte % 6` over every byte value favours 1 to 4: over as many faces as the test counts,
    // the chi-square is beyond the critical value.
    let mut c = [0u64; 6];
    let per_value = 2 * u64::from(THROWS) / 256;
    for byte in 0..=255u64 {
        c[(byte % 6) as usize] += per_value;
    }
    let total: u64 = c.iter().sum();
    let chi = chi_square(&c, &[total as f64 / 6.0; 6]);
    assert!(chi > CRITICAL_5, "{chi}");
}
