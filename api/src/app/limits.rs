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
