//! Rate limits: writes per caller (their account, or their address when the request is
//! anonymous) and per address, and sign-in requests per mail address and per address; failed
//! attempts at a secret (an Xfcc password, a sign-in code) with a growing back-off. An address
//! here is a client address's key (`addresses::ClientAddress::key`). Every count is this
//! process's own.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// A limit per key (an account, a mail address) and one per address; a request must be within
/// both.
pub struct Limits {
    per_key: DefaultKeyedRateLimiter<String>,
    per_ip: DefaultKeyedRateLimiter<String>,
    callers: Callers,
}

/// The accounts of tokens that signed a request in lately (a token's hash to its key), so that
/// their writes count against the account without a database read: a token not in it counts
/// against its address, which is where a made-up one stays.
#[derive(Default)]
struct Callers(Mutex<HashMap<String, (Instant, String)>>);

impl Callers {
    const KEPT: Duration = Duration::from_secs(3600);
    const MOST: usize = 100_000;
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
            callers: Callers::default(),
        }
    }

    /// The key a token (by its hash) was last seen acting as, within the hour.
    pub fn known_caller(&self, token_hash: &str, now: Instant) -> Option<String> {
        let callers = self.callers.0.lock().unwrap_or_else(|e| e.into_inner());
        callers
            .get(token_hash)
            .filter(|(at, _)| now.saturating_duration_since(*at) < Callers::KEPT)
            .map(|(_, key)| key.clone())
    }

    /// A token (by its hash) turned out to be `key`'s.
    pub fn learn_caller(&self, token_hash: &str, key: String, now: Instant) {
        let mut callers = self.callers.0.lock().unwrap_or_else(|e| e.into_inner());
        if callers.len() >= Callers::MOST {
            callers.retain(|_, (at, _)| now.saturating_duration_since(*at) < Callers::KEPT);
            if callers.len() >= Callers::MOST {
                callers.clear();
            }
        }
        callers.insert(token_hash.to_owned(), (now, key));
    }

    /// May one more request for this key go ahead, from wherever it comes?
    pub fn allow_key(&self, key: &str) -> bool {
        self.per_key.check_key(&key.to_owned()).is_ok()
    }

    /// May one more request for this key from this address go ahead?
    pub fn allow(&self, key: &str, ip: &str) -> bool {
        self.per_ip.check_key(&ip.to_owned()).is_ok()
            && self.per_key.check_key(&key.to_owned()).is_ok()
    }
}

/// Failed attempts counted per key with a growing back-off: the `free`th failure locks the key
/// for a minute, each one after it for twice as long as the one before, up to an hour.
/// While a key is locked every attempt under it is refused unchecked, right or wrong (so a
/// guesser gains nothing), and not counted. A key with no failure for a day starts over.
pub struct Failures {
    free: u32,
    seen: Mutex<HashMap<String, Count>>,
}

#[derive(Debug, Clone, Copy)]
struct Count {
    failures: u32,
    last: Instant,
    locked_until: Instant,
}

/// The first lock, and the longest.
pub const FIRST_LOCK: Duration = Duration::from_secs(60);
pub const LONGEST_LOCK: Duration = Duration::from_secs(3600);
/// How long a key must go without a failure to be forgotten.
pub const FORGOTTEN_AFTER: Duration = Duration::from_secs(24 * 3600);

impl Failures {
    /// `free` failures per key before it is locked (at least one).
    pub fn new(free: u32) -> Failures {
        Failures {
            free: free.max(1),
            seen: Default::default(),
        }
    }

    /// The lock after the `n`th failure of a key: none before the `free`th, then a minute,
    /// doubling with each failure up to an hour.
    pub fn lock_after(&self, n: u32) -> Duration {
        match n.checked_sub(self.free) {
            None => Duration::ZERO,
            Some(past) => FIRST_LOCK
                .saturating_mul(1u32 << past.min(16))
                .min(LONGEST_LOCK),
        }
    }

    /// Is an attempt under `key` refused at `now` without being checked?
    pub fn blocked(&self, key: &str, now: Instant) -> bool {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.get(key).is_some_and(|c| now < c.locked_until)
    }

    /// Counts a failed attempt under `key`.
    pub fn failed(&self, key: &str, now: Instant) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() > 100_000 {
            seen.retain(|_, c| !forgotten(c, now));
        }
        let count = seen.entry(key.to_owned()).or_insert(Count {
            failures: 0,
            last: now,
            locked_until: now,
        });
        if forgotten(count, now) {
            count.failures = 0;
        }
        count.failures = count.failures.saturating_add(1);
        count.last = now;
        count.locked_until = now + self.lock_after(count.failures);
    }

    /// Forgets the failures under `key` (a right answer for it).
    pub fn cleared(&self, key: &str) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.remove(key);
    }
}

fn forgotten(count: &Count, now: Instant) -> bool {
    now >= count.locked_until && now.saturating_duration_since(count.last) >= FORGOTTEN_AFTER
}

/// Failed passwords for a name: counted per (name, client address), so the right password from
/// another address is never refused for a guesser's failures, and per client address over
/// every name, so one address cannot guess its way through many names.
pub struct PasswordFailures {
    per_name: Failures,
    per_address: Failures,
}

impl PasswordFailures {
    /// `per_name` failures for one name from one address, `per_address` from one address over
    /// every name, before the back-off begins.
    pub fn new(per_name: u32, per_address: u32) -> PasswordFailures {
        PasswordFailures {
            per_name: Failures::new(per_name),
            per_address: Failures::new(per_address),
        }
    }

    fn name_key(name: &str, address: &str) -> String {
        format!("{}\u{0}{address}", name.trim().to_lowercase())
    }

    /// Is an attempt for `name` from `address` (a client address's key) refused unchecked?
    pub fn blocked(&self, name: &str, address: &str, now: Instant) -> bool {
        self.per_address.blocked(address, now)
            || self.per_name.blocked(&Self::name_key(name, address), now)
    }

    pub fn failed(&self, name: &str, address: &str, now: Instant) {
        self.per_address.failed(address, now);
        self.per_name.failed(&Self::name_key(name, address), now);
    }

    /// The right password: that name's failures from that address are forgotten (not the
    /// address's over every name).
    pub fn succeeded(&self, name: &str, address: &str) {
        self.per_name.cleared(&Self::name_key(name, address));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_known_as_its_caller_for_an_hour() {
        let limits = Limits::new(1, 1);
        let t0 = Instant::now();
        assert_eq!(limits.known_caller("h", t0), None);
        limits.learn_caller("h", "player:p1".into(), t0);
        assert_eq!(limits.known_caller("h", t0).as_deref(), Some("player:p1"));
        assert_eq!(limits.known_caller("other", t0), None);
        assert_eq!(limits.known_caller("h", t0 + Callers::KEPT), None);
    }

    #[test]
    fn the_lock_grows_from_a_minute_to_an_hour() {
        let f = Failures::new(5);
        let minutes: Vec<u64> = (1..=13).map(|n| f.lock_after(n).as_secs() / 60).collect();
        assert_eq!(minutes, [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(f.lock_after(u32::MAX), LONGEST_LOCK);
        assert_eq!(
            Failures::new(0).lock_after(1),
            FIRST_LOCK,
            "at least one free"
        );
    }

    #[test]
    fn a_locked_key_is_refused_until_its_lock_ends_then_locked_longer() {
        let f = Failures::new(2);
        let t0 = Instant::now();
        f.failed("k", t0);
        assert!(!f.blocked("k", t0), "the first is free");
        f.failed("k", t0);
        assert!(f.blocked("k", t0), "the second locks");
        assert!(!f.blocked("other", t0), "only that key");
        let t1 = t0 + FIRST_LOCK;
        assert!(!f.blocked("k", t1), "a minute later");
        f.failed("k", t1);
        assert!(f.blocked("k", t1 + FIRST_LOCK), "two minutes now");
        assert!(!f.blocked("k", t1 + FIRST_LOCK * 2));
        f.cleared("k");
        f.failed("k", t1);
        assert!(!f.blocked("k", t1), "cleared: free again");
    }

    #[test]
    fn a_key_quiet_for_a_day_starts_over() {
        let f = Failures::new(2);
        let t0 = Instant::now();
        for _ in 0..5 {
            f.failed("k", t0);
        }
        let later = t0 + FORGOTTEN_AFTER;
        assert!(!f.blocked("k", later));
        f.failed("k", later);
        assert!(!f.blocked("k", later), "one failure of a new count");
    }

    #[test]
    fn password_failures_lock_the_name_from_that_address_only() {
        let f = PasswordFailures::new(3, 10);
        let t0 = Instant::now();
        for _ in 0..3 {
            f.failed("Ayse@Example.org", "10.0.0.1", t0);
        }
        assert!(f.blocked("ayse@example.org", "10.0.0.1", t0), "the guesser");
        assert!(
            !f.blocked("ayse@example.org", "10.0.0.9", t0),
            "the owner elsewhere"
        );
        assert!(
            !f.blocked("someone@example.org", "10.0.0.1", t0),
            "another name from there"
        );
        // Over every name, the address's own cap.
        for n in 0..7 {
            f.failed(&format!("p{n}@example.org"), "10.0.0.1", t0);
        }
        assert!(
            f.blocked("fresh@example.org", "10.0.0.1", t0),
            "the address"
        );
        assert!(!f.blocked("fresh@example.org", "10.0.0.9", t0));
        // A right password clears the name's count from that address, not the address's.
        f.succeeded("p0@example.org", "10.0.0.1");
        assert!(f.blocked("p0@example.org", "10.0.0.1", t0));
    }
}
