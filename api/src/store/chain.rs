//! The hash chain over a game's log: `hash = sha256(prev_hash || canonical event bytes)`, hex.
//! Canonical bytes are compact JSON with object keys sorted at every level, so any copy of the log
//! (the events endpoint's output, a backup, another backend) hashes to the same values.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The `prev_hash` of a game's first event.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The fields an event's hash covers.
pub struct Hashed<'a> {
    pub game_id: &'a str,
    pub seq: i64,
    pub type_name: &'a str,
    pub version: i32,
    pub actor: &'a str,
    /// RFC 3339, as the API shows it.
    pub at: &'a str,
    pub data: &'a Value,
}

/// Compact JSON with object keys sorted recursively.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::with_capacity(128);
    write(value, &mut out);
    out
}

fn write(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write(&map[k], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(v, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The hash of one event given the hash before it.
pub fn event_hash(prev_hash: &str, e: &Hashed<'_>) -> String {
    let envelope = serde_json::json!({
        "game_id": e.game_id,
        "seq": e.seq,
        "type": e.type_name,
        "version": e.version,
        "actor": e.actor,
        "at": e.at,
        "data": e.data,
    });
    let mut h = Sha256::new();
    h.update(prev_hash.as_bytes());
    h.update(canonical_json(&envelope).as_bytes());
    hex::encode(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn canonical_json_sorts_keys_at_every_level() {
        let v = json!({"b": 1, "a": {"z": [ {"y": 2, "x": 1} ], "m": "ş\"q"}});
        assert_eq!(
            canonical_json(&v),
            r#"{"a":{"m":"ş\"q","z":[{"x":1,"y":2}]},"b":1}"#
        );
    }

    #[test]
    fn the_hash_covers_every_field_and_the_previous_hash() {
        let data = json!({"by": "white"});
        let base = Hashed {
            game_id: "g",
            seq: 2,
            type_name: "resigned",
            version: 1,
            actor: "admin",
            at: "2026-11-22T09:00:00Z",
            data: &data,
        };
        let h = event_hash(GENESIS, &base);
        assert_eq!(h.len(), 64);
        assert_eq!(h, event_hash(GENESIS, &base), "deterministic");
        assert_ne!(h, event_hash(&h, &base), "chained to the previous hash");
        let other = json!({"by": "black"});
        assert_ne!(
            h,
            event_hash(
                GENESIS,
                &Hashed {
                    data: &other,
                    ..base
                }
            )
        );
        assert_ne!(h, event_hash(GENESIS, &Hashed { seq: 3, ..base }));
        assert_ne!(
            h,
            event_hash(
                GENESIS,
                &Hashed {
                    at: "2026-11-22T09:00:01Z",
                    ..base
                }
            )
        );
    }
}
