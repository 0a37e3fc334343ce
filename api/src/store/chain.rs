//! The hash chain over an event log (a game's, or any other kind's): `hash = sha256(prev_hash ||
//! canonical event bytes)`, hex.
//! Canonical bytes are compact JSON with object keys sorted at every level, so any copy of the log
//! (the events endpoint's output, a backup, another backend) hashes to the same values.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The `prev_hash` of a log's first event.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The fields an event's hash covers.
pub struct Hashed<'a> {
    /// The name the log's id is hashed under: its kind's id column (`game_id` for a game).
    pub id_field: &'static str,
    pub log_id: &'a str,
    pub seq: i64,
    pub type_name: &'a str,
    pub version: i32,
    pub actor: &'a str,
    /// RFC 3339, as the API shows it.
    pub at: &'a str,
    /// The event's data as [`canonical_json`] writes it (also what the events table stores).
    pub data: &'a str,
}

/// Compact JSON with object keys sorted recursively.
pub fn canonical_json(value: &Value) -> String {
    let mut out = Vec::with_capacity(128);
    write(value, &mut out);
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn write(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by_key(|(k, _)| *k);
            out.push(b'{');
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                scalar(k, out);
                out.push(b':');
                write(v, out);
            }
            out.push(b'}');
        }
        Value::Array(items) => {
            out.push(b'[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write(v, out);
            }
            out.push(b']');
        }
        other => scalar(other, out),
    }
}

/// A string, number, boolean or null as compact JSON.
fn scalar(value: &(impl serde::Serialize + ?Sized), out: &mut Vec<u8>) {
    serde_json::to_writer(out, value).expect("a JSON scalar is written to memory");
}

/// A field of the hashed envelope.
enum Part<'a> {
    Text(&'a str),
    Number(i64),
    /// Already canonical JSON.
    Json(&'a str),
}

/// The hash of one event given the hash before it: over the previous hash and the canonical JSON
/// of `{actor, at, data, <id_field>, seq, type, version}` (keys sorted; for a game
/// `{actor, at, data, game_id, seq, type, version}`), written here directly around the already
/// canonical data.
pub fn event_hash(prev_hash: &str, e: &Hashed<'_>) -> String {
    let mut fields = [
        ("actor", Part::Text(e.actor)),
        ("at", Part::Text(e.at)),
        ("data", Part::Json(e.data)),
        (e.id_field, Part::Text(e.log_id)),
        ("seq", Part::Number(e.seq)),
        ("type", Part::Text(e.type_name)),
        ("version", Part::Number(i64::from(e.version))),
    ];
    fields.sort_unstable_by_key(|(key, _)| *key);
    let mut envelope = Vec::with_capacity(e.data.len() + 160);
    for (i, (key, part)) in fields.iter().enumerate() {
        envelope.push(if i == 0 { b'{' } else { b',' });
        scalar(*key, &mut envelope);
        envelope.push(b':');
        match part {
            Part::Text(text) => scalar(*text, &mut envelope),
            Part::Number(n) => scalar(n, &mut envelope),
            Part::Json(json) => envelope.extend_from_slice(json.as_bytes()),
        }
    }
    envelope.push(b'}');
    let mut h = Sha256::new();
    h.update(prev_hash.as_bytes());
    h.update(&envelope);
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

    /// The hash as first defined: sha256 over the previous hash and the canonical JSON of the
    /// whole envelope, built as a JSON value. Every stored log was chained this way.
    fn hash_by_value(prev_hash: &str, e: &Hashed<'_>, data: &Value) -> String {
        let mut envelope = json!({
            "seq": e.seq,
            "type": e.type_name,
            "version": e.version,
            "actor": e.actor,
            "at": e.at,
            "data": data,
        });
        envelope[e.id_field] = json!(e.log_id);
        let mut h = Sha256::new();
        h.update(prev_hash.as_bytes());
        h.update(canonical_json(&envelope).as_bytes());
        hex::encode(h.finalize())
    }

    #[test]
    fn the_hash_written_directly_is_the_hash_of_the_canonical_envelope() {
        let datas = [
            json!({}),
            json!({"by": "white"}),
            json!({"move": {"uci": "e7e8q", "san": "e8=Q+"}, "clock_ms": [86400000, -1], "z": null}),
            json!({"reason": "sealed \"Nc6\" \\ şğüİı\n\t\u{1}", "flags": [true, false], "x": 1.5}),
        ];
        for (i, data) in datas.iter().enumerate() {
            let canonical = canonical_json(data);
            let fields = Hashed {
                id_field: "game_id",
                log_id: "0190a5c4-7e3b-7d2a-9c1e-3f5b8d7a6e41",
                seq: i as i64 + 1,
                type_name: "move_played",
                version: 2,
                actor: "player:\"ş\"",
                at: "2026-11-23T09:00:00.123456Z",
                data: &canonical,
            };
            let prev = if i == 0 {
                GENESIS.to_owned()
            } else {
                "ab".repeat(32)
            };
            assert_eq!(
                event_hash(&prev, &fields),
                hash_by_value(&prev, &fields, data),
                "{data}"
            );
            // Another kind of log, its id under another name, sorted among the other keys.
            for id_field in ["tournament_id", "aa_id", "zz_id"] {
                let other = Hashed { id_field, ..fields };
                assert_eq!(
                    event_hash(&prev, &other),
                    hash_by_value(&prev, &other, data),
                    "{id_field}"
                );
            }
        }
    }

    #[test]
    fn the_hash_covers_every_field_and_the_previous_hash() {
        let data = canonical_json(&json!({"by": "white"}));
        let base = Hashed {
            id_field: "game_id",
            log_id: "g",
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
        let other = canonical_json(&json!({"by": "black"}));
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
