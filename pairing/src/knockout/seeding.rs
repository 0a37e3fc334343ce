//! A cup's seeding: by rating (the default), in the order the organiser gave, or by lot. The lot
//! is drawn from a number the caller brings (the library draws nothing itself), so a log that
//! records the number can be checked by drawing again.

/// How the players are seeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// The highest rating first; the unrated after the rated; equal ratings in the order given.
    Rating,
    /// The order given (the first registered is seed 1).
    Given,
    /// A lot drawn from the number given.
    Lot(u64),
}

/// The players' places in the order given, in seed order: `result[0]` is seed 1. `ratings` are
/// the players' ratings in the order given.
pub fn seed_order(ratings: &[Option<u16>], seeding: Seeding) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    match seeding {
        Seeding::Given => {}
        Seeding::Rating => {
            // Stable: equal ratings keep the order given.
            order.sort_by_key(|&i| std::cmp::Reverse(ratings[i].map_or(0, |r| u32::from(r) + 1)));
        }
        Seeding::Lot(number) => {
            // Fisher-Yates, each draw from SplitMix64.
            let mut state = number;
            for i in (1..order.len()).rev() {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                let j = (z % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_rating_the_highest_first_the_unrated_last_ties_as_given() {
        let ratings = [Some(1500), None, Some(1800), Some(1500), Some(2100), None];
        assert_eq!(seed_order(&ratings, Seeding::Rating), [4, 2, 0, 3, 1, 5]);
        assert_eq!(seed_order(&ratings, Seeding::Given), [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_lot_is_a_permutation_the_same_number_draws_again() {
        let ratings = vec![None; 13];
        let a = seed_order(&ratings, Seeding::Lot(7));
        assert_eq!(a, seed_order(&ratings, Seeding::Lot(7)));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..13).collect::<Vec<_>>());
        assert_ne!(a, seed_order(&ratings, Seeding::Lot(8)));
        // Every player comes first for some number: no place is fixed by the draw.
        let firsts: std::collections::BTreeSet<usize> = (0..400)
            .map(|n| seed_order(&ratings, Seeding::Lot(n))[0])
            .collect();
        assert_eq!(firsts.len(), 13);
    }
}
