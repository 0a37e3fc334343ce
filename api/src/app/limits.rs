//! Rate limits: writes per token (or per address for anonymous callers) and per address, and
//! sign-in requests per mail address and per address.

use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// A limit per key (a token, a mail address) and one per IP address; a request must be within
/// both.
pub struct Limits {
    per_key: DefaultKeyedRateLimiter<String>,
    per_ip: DefaultKeyedRateLimiter<String>,
}

impl Limits {
    /// Write limits, per minute.
    pub fn new(per_key_per_minute: u32, per_ip_per_minute: u32) -> Limits {
        Limits::of(per_key_per_minute, per_ip_per_minute, Quota::per_minute)
    }

    /// Sign-in limits, per hour.
    pub fn per_hour(per_key_per_hour: u32, per_ip_per_hour: u32) -> Limits {
        Limits::of(per_key_per_hour, per_ip_per_hour, Quota::per_hour)
    }

    fn of(per_key: u32, per_ip: u32, quota: fn(NonZeroU32) -> Quota) -> Limits {
        let quota = |n: u32| quota(NonZeroU32::new(n.max(1)).expect("non-zero"));
        Limits {
            per_key: RateLimiter::keyed(quota(per_key)),
            per_ip: RateLimiter::keyed(quota(per_ip)),
        }
    }

    /// May one more request for this key from this address go ahead?
    pub fn allow(&self, key: &str, ip: &str) -> bool {
        self.per_ip.check_key(&ip.to_owned()).is_ok()
            && self.per_key.check_key(&key.to_owned()).is_ok()
    }
}

/// Failed attempts at a password, counted per key (the name tried) and per address in fixed
/// windows: once either has failed `max` times in a window, every attempt for it is refused,
/// right or wrong, until the window ends (so guessing gains nothing).
pub struct Failures {
    max: u32,
    window: std::time::Duration,
    seen: std::sync::Mutex<std::collections::HashMap<String, (std::time::Instant, u32)>>,
}

impl Failures {
    /// At most `max` failures per key and per address an hour.
    pub fn per_hour(max: u32) -> Failures {
        Failures::new(max, std::time::Duration::from_secs(3600))
    }

    pub fn new(max: u32, window: std::time::Duration) -> Failures {
        Failures {
            max: max.max(1),
            window,
            seen: Default::default(),
        }
    }

    fn keys(key: &str, ip: &str) -> [String; 2] {
        [format!("key:{}", key.to_lowercase()), format!("ip:{ip}")]
    }

    /// Is an attempt for `key` from `ip` refused at `now` without being checked?
    pub fn blocked(&self, key: &str, ip: &str, now: std::time::Instant) -> bool {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        Failures::keys(key, ip).iter().any(|k| {
            seen.get(k).is_some_and(|(start, n)| {
                now.saturating_duration_since(*start) < self.window && *n >= self.max
            })
        })
    }

    /// Counts a failed attempt.
    pub fn failed(&self, key: &str, ip: &str, now: std::time::Instant) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() > 100_000 {
            seen.retain(|_, (start, _)| now.saturating_duration_since(*start) < self.window);
        }
        for k in Failures::keys(key, ip) {
            let entry = seen.entry(k).or_insert((now, 0));
            if now.saturating_duration_since(entry.0) >= self.window {
                *entry = (now, 0);
            }
            entry.1 += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn failures_block_the_name_and_the_address_until_the_window_ends() {
        let f = Failures::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        for _ in 0..2 {
            f.failed("Ayse@Example.org", "10.0.0.1", t0);
        }
        assert!(!f.blocked("ayse@example.org", "10.0.0.1", t0));
        f.failed("ayse@example.org", "10.0.0.1", t0);
        assert!(f.blocked("AYSE@example.org", "10.0.0.9", t0), "by name");
        assert!(
            f.blocked("someone@example.org", "10.0.0.1", t0),
            "by address"
        );
        assert!(!f.blocked("someone@example.org", "10.0.0.9", t0));
        let later = t0 + Duration::from_secs(61);
        assert!(!f.blocked("ayse@example.org", "10.0.0.1", later));
        f.failed("ayse@example.org", "10.0.0.1", later);
        assert!(
            !f.blocked("ayse@example.org", "10.0.0.1", later),
            "a new window"
        );
    }
}
