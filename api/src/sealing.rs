//! The envelope key: sealed moves are stored encrypted (ChaCha20-Poly1305) under a server key,
//! configured (`ZARF_ENVELOPE_KEY`, 64 hex digits) or generated into the data directory on first
//! start. Each ciphertext is bound to its game and envelope (associated data), so a copied
//! ciphertext does not open elsewhere.

use std::path::Path;

use anyhow::Context as _;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand::RngCore;
use serde::{Deserialize, Serialize};

#[derive(Clone)]
pub struct EnvelopeKey(Key);

impl std::fmt::Debug for EnvelopeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EnvelopeKey(…)")
    }
}

/// What an envelope holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Content {
    #[serde(rename = "move")]
    pub text: String,
    pub nonce: String,
    pub notation: Option<String>,
}

impl EnvelopeKey {
    pub fn from_hex(text: &str) -> anyhow::Result<EnvelopeKey> {
        let bytes = hex::decode(text.trim()).context("the envelope key must be hex")?;
        anyhow::ensure!(
            bytes.len() == 32,
            "the envelope key must be 32 bytes (64 hex digits)"
        );
        Ok(EnvelopeKey(*Key::from_slice(&bytes)))
    }

    /// The configured key, or the one in the data directory (made on first start).
    pub fn load(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<EnvelopeKey> {
        if let Some(k) = configured.filter(|k| !k.trim().is_empty()) {
            return EnvelopeKey::from_hex(k);
        }
        let path = data_dir.join("envelope.key");
        if let Ok(existing) = std::fs::read_to_string(&path) {
            return EnvelopeKey::from_hex(&existing)
                .with_context(|| format!("reading {}", path.display()));
        }
        crate::files::private_dir(data_dir)?;
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        crate::files::write_private(&path, hex::encode(bytes).as_bytes())?;
        Ok(EnvelopeKey(*Key::from_slice(&bytes)))
    }

    /// A secret for another purpose, derived from this key (unsubscribe links).
    pub fn derive(&self, label: &str) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(label.as_bytes());
        h.update([0u8]);
        h.update(self.0.as_slice());
        h.finalize().into()
    }

    /// Encrypts `content` for (game, kind): hex of nonce ‖ ciphertext.
    pub fn seal(&self, game_id: &str, kind: &str, content: &Content) -> String {
        self.seal_any(game_id, kind, content)
    }

    pub fn open(&self, game_id: &str, kind: &str, sealed: &str) -> anyhow::Result<Content> {
        self.open_any(game_id, kind, sealed)
    }

    /// Encrypts any secret of a game (a sealed move, a player's conditional lines) for
    /// (game, kind), as [`EnvelopeKey::seal`].
    pub fn seal_any(&self, game_id: &str, kind: &str, content: &impl Serialize) -> String {
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let plain = serde_json::to_vec(content).expect("content serialises");
        let aad = format!("{game_id}/{kind}");
        let ct = ChaCha20Poly1305::new(&self.0)
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &plain,
                    aad: aad.as_bytes(),
                },
            )
            .expect("encryption cannot fail for in-memory data");
        let mut out = nonce.to_vec();
        out.extend(ct);
        hex::encode(out)
    }

    /// Decrypts what [`EnvelopeKey::seal_any`] sealed for (game, kind).
    pub fn open_any<T: serde::de::DeserializeOwned>(
        &self,
        game_id: &str,
        kind: &str,
        sealed: &str,
    ) -> anyhow::Result<T> {
        let bytes = hex::decode(sealed).context("stored envelope is not hex")?;
        anyhow::ensure!(bytes.len() > 12, "stored envelope is too short");
        let (nonce, ct) = bytes.split_at(12);
        let aad = format!("{game_id}/{kind}");
        let plain = ChaCha20Poly1305::new(&self.0)
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: ct,
                    aad: aad.as_bytes(),
                },
            )
            .map_err(|_| anyhow::anyhow!("the envelope does not open with this server's key"))?;
        Ok(serde_json::from_slice(&plain)?)
    }
}

/// 16 random bytes, hex: the nonce of a commitment.
pub fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_content_opens_only_with_its_key_game_and_kind() {
        let key = EnvelopeKey::from_hex(&"11".repeat(32)).unwrap();
        let content = Content {
            text: "Nb8-c6".into(),
            nonce: new_nonce(),
            notation: None,
        };
        let sealed = key.seal("g1", "sealed", &content);
        assert!(!sealed.contains(&hex::encode("Nb8-c6")), "no plaintext");
        assert_eq!(key.open("g1", "sealed", &sealed).unwrap(), content);
        assert!(
            key.open("g2", "sealed", &sealed).is_err(),
            "bound to the game"
        );
        assert!(
            key.open("g1", "reply", &sealed).is_err(),
            "bound to the envelope"
        );
        let other = EnvelopeKey::from_hex(&"22".repeat(32)).unwrap();
        assert!(other.open("g1", "sealed", &sealed).is_err());
        assert_ne!(
            key.seal("g1", "sealed", &content),
            sealed,
            "a fresh nonce each time"
        );
        assert!(EnvelopeKey::from_hex("abcd").is_err());
    }
}
