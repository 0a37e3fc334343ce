//! The dice follow their published recipe (docs/dice.md): the test vectors in `tests/data`,
//! computed by an independent implementation (Python's `hmac`), are what the domain derives.
//! `docs/check_dice.py --vectors` checks the same files, so the checker people run and the
//! service agree.

use domain::game::dice::{derive_faces, derive_throw_v1, derive_v2, DiceSeed, Faces};
use serde_json::Value;

fn cases(text: &str) -> Vec<Value> {
    let cases: Vec<Value> = serde_json::from_str(text).expect("the vectors are a JSON list");
    assert!(cases.len() >= 4, "the file holds its cases");
    cases
}

fn seed(case: &Value) -> DiceSeed {
    DiceSeed::parse_hex(case["seed"].as_str().unwrap()).expect("64 lower-case hex digits")
}

fn faces(case: &Value) -> Vec<u8> {
    let faces = case["faces"].as_array().unwrap();
    faces.iter().map(|f| f.as_u64().unwrap() as u8).collect()
}

#[test]
fn every_v2_vector_is_what_the_domain_derives() {
    let all = cases(include_str!("data/dice_v2_vectors.json"));
    let mut counts = Vec::new();
    for case in &all {
        let (seed, expected) = (seed(case), faces(case));
        let id = case["game_id"].as_str().unwrap();
        let number = case["number"].as_u64().unwrap() as u32;
        let entropy = case["entropy"].as_str().unwrap();
        let count = case["count"].as_u64().unwrap() as usize;
        assert_eq!(expected.len(), count, "{case}");
        let got = derive_faces(&seed, id, number, entropy, count);
        assert_eq!(got, expected, "{}", case["note"]);
        // A throw is the first two faces, an opening die the first one.
        let die = derive_v2(&seed, id, number, entropy, true);
        assert_eq!(die, Faces::Die(expected[0]), "{}", case["note"]);
        if count >= 2 {
            let throw = derive_v2(&seed, id, number, entropy, false).to_vec();
            assert_eq!(throw, expected[..2], "{}", case["note"]);
        }
        counts.push(count);
    }
    // The file covers an opening die, a throw, and faces from a second block and later ones.
    for count in [1, 2, 40, 100] {
        assert!(counts.contains(&count), "a case of {count} faces");
    }
}

#[test]
fn a_vector_changed_in_any_input_no_longer_matches() {
    let all = cases(include_str!("data/dice_v2_vectors.json"));
    let case = all.iter().find(|c| c["count"] == 40).unwrap();
    let (seed, expected) = (seed(case), faces(case));
    let id = case["game_id"].as_str().unwrap();
    let n = case["number"].as_u64().unwrap() as u32;
    let e = case["entropy"].as_str().unwrap();
    assert_eq!(derive_faces(&seed, id, n, e, 40), expected);
    assert_ne!(derive_faces(&seed, id, n + 1, e, 40), expected);
    assert_ne!(derive_faces(&seed, id, n, &format!("{e} "), 40), expected);
    let other_id = id.replace(&id[..1], if id.starts_with('0') { "1" } else { "0" });
    assert_ne!(derive_faces(&seed, &other_id, n, e, 40), expected);
    let other_seed = DiceSeed::from_bytes([1; 32]);
    assert_ne!(derive_faces(&other_seed, id, n, e, 40), expected);
}

#[test]
fn every_v1_vector_is_what_the_domain_derives() {
    for case in cases(include_str!("data/dice_v1_vectors.json")) {
        let number = case["number"].as_u64().unwrap() as u32;
        let white = case["white_entropy"].as_str().unwrap();
        let black = case["black_entropy"].as_str().unwrap();
        let dice = derive_throw_v1(&seed(&case), number, white, black);
        assert_eq!(vec![dice.first(), dice.second()], faces(&case), "{case}");
    }
}
