//! Whose request it is, by address: the client address behind trusted proxies, and the key every
//! per-address limit counts it under.
//!
//! A request's peer is the client unless the peer is one of the proxies the operator trusts
//! (`ZARF_TRUSTED_PROXIES`); from those, the client is the right-most address of
//! `X-Forwarded-For` that is not itself a trusted proxy (each proxy appends the address it was
//! called from, so everything left of it could be made up by the client). IPv4 clients are
//! counted by their address, IPv6 clients by their /64 (one household or host's prefix).

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// One address or a CIDR range (`10.0.0.0/8`, `fd00::/8`, `192.0.2.7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    network: IpAddr,
    prefix: u8,
}

impl Range {
    fn contains(&self, ip: IpAddr) -> bool {
        match (self.network, unmapped(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                same_prefix(&net.octets(), &ip.octets(), self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                same_prefix(&net.octets(), &ip.octets(), self.prefix)
            }
            _ => false,
        }
    }
}

/// The first `prefix` bits of `a` and `b` are the same.
fn same_prefix(a: &[u8], b: &[u8], prefix: u8) -> bool {
    let whole = usize::from(prefix / 8);
    let rest = prefix % 8;
    if a[..whole] != b[..whole] {
        return false;
    }
    if rest == 0 {
        return true;
    }
    let mask = 0xffu8 << (8 - rest);
    a[whole] & mask == b[whole] & mask
}

/// An IPv4 address written as IPv6 (`::ffff:192.0.2.7`) is the IPv4 address.
fn unmapped(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl FromStr for Range {
    type Err = String;

    fn from_str(text: &str) -> Result<Range, String> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text, None),
        };
        let network = address
            .parse::<IpAddr>()
            .map(unmapped)
            .map_err(|_| format!("{text:?} is not an address or a CIDR range"))?;
        let longest = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => longest,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= longest)
                .ok_or_else(|| format!("{text:?}: the prefix length is 0 to {longest}"))?,
        };
        Ok(Range { network, prefix })
    }
}

/// The proxies whose `X-Forwarded-For` is believed (none by default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Range>);

impl TrustedProxies {
    /// A comma-separated list of addresses and CIDR ranges; empty for none.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        list.split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(Range::from_str)
            .collect::<Result<Vec<_>, _>>()
            .map(TrustedProxies)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|r| r.contains(ip))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client of a request from `peer` carrying these `X-Forwarded-For` values (in the
    /// order the headers came): the peer unless it is trusted; else the right-most forwarded
    /// address that is not trusted, or the left-most trusted hop if every one is (or if the
    /// chain holds something that is not an address before an untrusted one is reached).
    pub fn client<'a>(
        &self,
        peer: Option<IpAddr>,
        forwarded_for: impl IntoIterator<Item = &'a str>,
    ) -> Option<IpAddr> {
        let peer = peer.map(unmapped)?;
        if !self.contains(peer) {
            return Some(peer);
        }
        let hops: Vec<&str> = forwarded_for
            .into_iter()
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect();
        let mut nearest = peer;
        for hop in hops.iter().rev() {
            let Some(ip) = hop_address(hop) else {
                break;
            };
            if !self.contains(ip) {
                return Some(ip);
            }
            nearest = ip;
        }
        Some(nearest)
    }
}

/// An address in `X-Forwarded-For`: bare, or with a port (`192.0.2.7:4711`, `[2001:db8::1]:80`).
fn hop_address(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim_matches('"');
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        .map(unmapped)
}

/// A request's client address, as the limits and the access log take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub Option<IpAddr>);

impl ClientAddress {
    /// What per-address limits count under: an IPv4 address whole, an IPv6 address by its /64.
    pub fn key(&self) -> String {
        // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d: it is that IPv4 address.
        match self.0.map(|ip| ip.to_canonical()) {
            None => "unknown".to_owned(),
            Some(IpAddr::V4(v4)) => v4.to_string(),
            Some(IpAddr::V6(v6)) => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        }
    }
}

impl fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ip) => ip.fmt(f),
            None => f.write_str("unknown"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn client(proxies: &str, peer: &str, xff: &[&str]) -> String {
        TrustedProxies::parse(proxies)
            .unwrap()
            .client(Some(ip(peer)), xff.iter().copied())
            .unwrap()
            .to_string()
    }

    #[test]
    fn proxies_are_addresses_and_ranges_separated_by_commas() {
        let p = TrustedProxies::parse(" 10.0.0.0/8, 192.0.2.7 ,fd00::/8,").unwrap();
        assert!(p.contains(ip("10.200.3.4")));
        assert!(p.contains(ip("192.0.2.7")));
        assert!(!p.contains(ip("192.0.2.8")));
        assert!(p.contains(ip("fd12:3456::1")));
        assert!(!p.contains(ip("fe80::1")));
        assert!(
            p.contains(ip("::ffff:10.1.2.3")),
            "an IPv4 address written as IPv6"
        );
        assert!(TrustedProxies::parse("").unwrap().is_empty());
        let p = TrustedProxies::parse("172.16.0.0/12").unwrap();
        assert!(p.contains(ip("172.31.255.255")));
        assert!(!p.contains(ip("172.32.0.0")));
        assert!(TrustedProxies::parse("0.0.0.0/0")
            .unwrap()
            .contains(ip("203.0.113.9")));
        for wrong in [
            "10.0.0.0/33",
            "fd00::/129",
            "proxy.example",
            "10.0.0/8",
            "1.2.3.4/x",
        ] {
            assert!(TrustedProxies::parse(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn forwarded_for_is_read_only_from_a_trusted_peer() {
        // No proxies: the peer, whatever it forwards.
        assert_eq!(client("", "203.0.113.5", &["198.51.100.1"]), "203.0.113.5");
        // An untrusted peer: its X-Forwarded-For is ignored.
        assert_eq!(
            client("10.0.0.1", "203.0.113.5", &["198.51.100.1"]),
            "203.0.113.5"
        );
        // A trusted peer: the address it was called from.
        assert_eq!(
            client("10.0.0.1", "10.0.0.1", &["198.51.100.1"]),
            "198.51.100.1"
        );
        // A trusted peer with nothing forwarded is the client.
        assert_eq!(client("10.0.0.1", "10.0.0.1", &[]), "10.0.0.1");
    }

    #[test]
    fn the_client_is_the_right_most_untrusted_hop() {
        let proxies = "10.0.0.0/8";
        // Left of the client, anything the client wrote itself.
        assert_eq!(
            client(proxies, "10.0.0.1", &["1.1.1.1, 198.51.100.1, 10.0.0.7"]),
            "198.51.100.1"
        );
        // Several headers are one list, in order.
        assert_eq!(
            client(proxies, "10.0.0.1", &["1.1.1.1", "198.51.100.1, 10.0.0.7"]),
            "198.51.100.1"
        );
        // Every hop trusted: the left-most of them.
        assert_eq!(
            client(proxies, "10.0.0.1", &["10.0.0.9, 10.0.0.7"]),
            "10.0.0.9"
        );
        // Garbage before any untrusted address: the nearest trusted hop.
        assert_eq!(
            client(proxies, "10.0.0.1", &["198.51.100.1, nonsense, 10.0.0.7"]),
            "10.0.0.7"
        );
        // Ports and brackets, and IPv6.
        assert_eq!(
            client(proxies, "10.0.0.1", &["198.51.100.1:4711"]),
            "198.51.100.1"
        );
        assert_eq!(
            client(proxies, "10.0.0.1", &["[2001:db8::1]:80"]),
            "2001:db8::1"
        );
        assert_eq!(client("::1", "::1", &["2001:db8::5"]), "2001:db8::5");
        // A peer seen as an IPv4-mapped IPv6 address is its IPv4 address.
        assert_eq!(
            client(proxies, "::ffff:10.0.0.1", &["198.51.100.1"]),
            "198.51.100.1"
        );
        assert_eq!(client("", "::ffff:203.0.113.5", &[]), "203.0.113.5");
    }

    #[test]
    fn ipv4_is_keyed_by_its_address_and_ipv6_by_its_slash_64() {
        let key = |s: &str| ClientAddress(Some(ip(s))).key();
        assert_eq!(key("203.0.113.5"), "203.0.113.5");
        assert_ne!(key("203.0.113.5"), key("203.0.113.6"));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(ClientAddress(None).key(), "unknown");
    }
}
