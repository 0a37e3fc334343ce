//! Signed integers of 64·L bits (two's complement, limbs least significant first): the Dutch
//! system's edge weights pack every pairing criterion into one number, one field per criterion,
//! which for a large tournament takes hundreds of bits.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Sub};

use crate::matching::Weight;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    /// How many bits the type holds, sign included.
    pub const BITS: u32 = 64 * L as u32;

    pub fn small(value: u64) -> Wide<L> {
        let mut limbs = [0; L];
        limbs[0] = value;
        Wide(limbs)
    }

    /// `self << bits`; bits shifted past the top are lost.
    pub fn shifted(self, bits: u32) -> Wide<L> {
        let (whole, part) = ((bits / 64) as usize, bits % 64);
        let mut limbs = [0; L];
        for i in (whole..L).rev() {
            let from = i - whole;
            limbs[i] = self.0[from] << part;
            if part > 0 && from > 0 {
                limbs[i] |= self.0[from - 1] >> (64 - part);
            }
        }
        Wide(limbs)
    }

    /// `1 << bit`.
    pub fn bit(bit: u32) -> Wide<L> {
        Wide::small(1).shifted(bit)
    }

    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }
}

impl<const L: usize> Default for Wide<L> {
    fn default() -> Wide<L> {
        Wide([0; L])
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Wide<L>;
    #[inline]
    fn add(self, other: Wide<L>) -> Wide<L> {
        let mut limbs = [0; L];
        let mut carry = 0u128;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let sum = u128::from(self.0[i]) + u128::from(other.0[i]) + carry;
            *limb = sum as u64;
            carry = sum >> 64;
        }
        Wide(limbs)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Wide<L>;
    #[inline]
    fn sub(self, other: Wide<L>) -> Wide<L> {
        // Adding the complement plus one.
        let mut limbs = [0; L];
        let mut carry = 1u128;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let sum = u128::from(self.0[i]) + u128::from(!other.0[i]) + carry;
            *limb = sum as u64;
            carry = sum >> 64;
        }
        Wide(limbs)
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Wide<L>) -> Ordering {
        other
            .negative()
            .cmp(&self.negative())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Wide<L>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Weight for Wide<L> {
    /// An arithmetic shift: exact for the even numbers the matcher halves.
    fn halve(self) -> Wide<L> {
        let mut limbs = [0; L];
        for (i, limb) in limbs.iter_mut().enumerate() {
            *limb = self.0[i] >> 1;
            if i + 1 < L {
                *limb |= self.0[i + 1] << 63;
            }
        }
        limbs[L - 1] = ((self.0[L - 1] as i64) >> 1) as u64;
        Wide(limbs)
    }
}

impl<const L: usize> fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn wide(v: i128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    fn back(w: Wide<2>) -> i128 {
        (i128::from(w.0[1] as i64) << 64) | i128::from(w.0[0])
    }

    proptest! {
        #[test]
        fn arithmetic_equals_i128(a in any::<i128>(), b in any::<i128>(), s in 0u32..128) {
            prop_assert_eq!(back(wide(a) + wide(b)), a.wrapping_add(b));
            prop_assert_eq!(back(wide(a) - wide(b)), a.wrapping_sub(b));
            prop_assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b));
            prop_assert_eq!(back(wide(a).shifted(s)), a.wrapping_shl(s));
            prop_assert_eq!(back(wide(a & !1).halve()), (a & !1) / 2);
        }
    }

    #[test]
    fn small_values_and_bits() {
        assert_eq!(back(Wide::small(7)), 7);
        assert_eq!(back(Wide::<2>::bit(100)), 1 << 100);
        assert!(Wide::<4>::default().is_zero());
        assert!(!Wide::<4>::bit(200).is_zero());
        assert!(Wide::<4>::bit(200) > Wide::<4>::bit(199));
        assert!(Wide::<4>::default() - Wide::small(1) < Wide::default());
    }
}
