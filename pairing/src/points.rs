//! Points as tournaments count them: in tenths, as the Tournament Report File writes them.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

/// A number of points in tenths (`3.5` is `Points(35)`), exact for any TRF score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i32);

impl Points {
    pub const ZERO: Points = Points(0);

    pub const fn tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    pub const fn as_tenths(self) -> i32 {
        self.0
    }

    /// `11.5`, `3`, `0.0`, `-1.5`: digits with at most one decimal.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, tenth) = match digits.split_once('.') {
            Some((w, t)) => (w, t),
            None => (digits, "0"),
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(whole) || !all_digits(tenth) || tenth.len() != 1 || whole.len() > 6 {
            return None;
        }
        let value = whole.parse::<i32>().ok()? * 10 + tenth.parse::<i32>().ok()?;
        Some(Points(if negative { -value } else { value }))
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let text = format!("{sign}{}.{}", self.0.abs() / 10, self.0.abs() % 10);
        f.pad(&text)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0 - other.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_one_decimal() {
        assert_eq!(Points::parse("11.5"), Some(Points(115)));
        assert_eq!(Points::parse(" 3.0"), Some(Points(30)));
        assert_eq!(Points::parse("3"), Some(Points(30)));
        assert_eq!(Points::parse("-1.5"), Some(Points(-15)));
        assert_eq!(Points(115).to_string(), "11.5");
        assert_eq!(format!("{:>4}", Points(5)), " 0.5");
        assert_eq!(Points(-15).to_string(), "-1.5");
        for bad in ["", "1.25", "x", "1.", ".5", "1,5", "--1", "9999999"] {
            assert_eq!(Points::parse(bad), None, "{bad:?}");
        }
    }
}
