//! Secrets handed to people: bearer tokens, sign-in links and codes are random 256-bit values,
//! stored only as their SHA-256.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new bearer token: 32 random bytes, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// How tokens are stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Constant-time equality of two hashes.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_and_unique() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_ne!(token_hash(&a), a, "stored hashed");
        assert!(same_hash(&token_hash(&a), &token_hash(&a)));
        assert!(!same_hash(&token_hash(&a), &token_hash(&b)));
        assert!(!same_hash("ab", "abc"));
    }
}
