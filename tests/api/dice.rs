//! Dice nobody can choose, over HTTP: a match whose players send their own entropy with every
//! request that throws. Nothing is thrown before both players' first requests; each throw
//! records the entropy of the request that caused it (drawn by the service, and marked so,
//! where a request sent none); and every throw recomputes from the revealed seed with this
//! file's own HMAC-SHA256.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::both_backends;
use crate::helpers::*;

/// HMAC-SHA256 written out from its definition (RFC 2104), apart from the service's code.
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    block[..key.len()].copy_from_slice(key);
    let pad = |byte: u8| block.map(|k| k ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// Throw `n`'s first `count` faces under zarf-dice-v2.
fn faces(seed: &[u8], game: &str, n: u64, entropy: &str, count: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for block in 0.. {
        let message = format!("zarf-dice-v2\n{game}\n{n}\n{block}\n{entropy}");
        for byte in hmac_sha256(seed, message.as_bytes()) {
            if byte < 252 {
                out.push(u64::from(byte % 6 + 1));
                if out.len() == count {
                    return out;
                }
            }
        }
    }
    unreachable!()
}

both_backends! {
    async fn each_throw_comes_from_the_entropy_its_request_sent_and_checks_against_the_seed(app) {
        let (g, white, black) = app.game_of("tavla", None, json!({"match_length": 1})).await;
        let game = app.get_game(&g).await;
        assert_eq!(game["dice"]["scheme"], "zarf-dice-v2");
        // Nothing is thrown until both players have thrown their opening dice.
        assert!(app.dice_thrown(&g, &white.token).await.is_empty());
        let throw = |p: &Player, body: Value| {
            let (app, g, token) = (&app, g.clone(), p.token.clone());
            async move { app.post(&format!("/api/v1/games/{g}/throw"), Some(&token), body).await }
        };
        // Entropy that is empty or longer than 256 characters is refused, and changes nothing.
        for bad in [json!({"entropy": ""}), json!({"entropy": "ş".repeat(257)}), json!({"entropy": 7})] {
            let res = throw(&black, bad.clone()).await;
            assert_eq!(res.status(), 400, "{bad}: {:?}", res.text().await);
        }
        // Nobody signed in: 401, whatever the body.
        let anonymous = app.post(&format!("/api/v1/games/{g}/throw"), None, json!(null)).await;
        assert_eq!(anonymous.status(), 401);
        // Someone who does not play in the match throws no die of it.
        let stranger = app.create_player("Yabancı").await;
        assert_error(throw(&stranger, json!({"entropy": "benim"})).await, 403, "not_a_player").await;
        assert_eq!(app.get_game(&g).await["version"], game["version"]);
        // Each request's own text; `sent` keeps, for each throw, what its request carried.
        let mut sent: Vec<(Option<String>, &str)> = Vec::new();
        let mut n = 0;
        let mut record = |before: usize, after: usize, text: Option<String>, side: &'static str| {
            for _ in before..after {
                sent.push((text.clone(), side));
            }
        };
        while app.get_game(&g).await["dice"]["opening"].is_object() {
            n += 1;
            let before = app.dice_thrown(&g, &white.token).await.len();
            let text = format!("siyah {n} ğüşıöç");
            assert_eq!(throw(&black, json!({"entropy": text})).await.status(), 200);
            // Black's die is in; a second one is not theirs to throw.
            assert_error(throw(&black, json!({})).await, 409, "not_your_turn").await;
            record(before, before + 1, Some(text), "black");
            let text = format!("beyaz {n}");
            assert_eq!(throw(&white, json!({"entropy": text})).await.status(), 200);
            let after = app.dice_thrown(&g, &white.token).await.len();
            record(before + 1, after, Some(text), "white");
        }
        // Play on: every other request sends no entropy at all, and gets the service's.
        for turn in 0..12 {
            let game = app.get_game(&g).await;
            if game["status"] != "active" {
                break;
            }
            let (p, side) = if game["to_move"] == "white" { (&white, "white") } else { (&black, "black") };
            let Some(play) = app.legal_moves(&g).await.into_iter().find(|m| m.contains('/')) else {
                break;
            };
            let before = app.dice_thrown(&g, &white.token).await.len();
            let text = (turn % 2 == 0).then(|| format!("{side} hamle {turn}"));
            let mut body = json!({"move": play});
            if let Some(t) = &text {
                body["entropy"] = json!(t);
            }
            let res = app.post(&format!("/api/v1/games/{g}/moves"), Some(&p.token), body).await;
            assert_eq!(res.status(), 200, "{:?}", res.text().await);
            let after = app.dice_thrown(&g, &white.token).await.len();
            record(before, after, text, side);
        }
        let mover = if app.get_game(&g).await["to_move"] == "white" { &white } else { &black };
        if app.get_game(&g).await["status"] == "active" {
            let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&mover.token), json!({})).await;
            assert_eq!(res.status(), 200);
        }
        let end = app.get_game(&g).await;
        let seed = hex::decode(end["dice"]["seed"].as_str().expect("revealed at the end")).unwrap();
        assert_eq!(hex::encode(Sha256::digest(&seed)), end["dice"]["commitment"].as_str().unwrap());
        let throws = app.dice_thrown(&g, &white.token).await;
        assert_eq!(throws.len(), sent.len(), "{throws:?}");
        assert!(throws.len() >= 6, "{throws:?}");
        let mut drawn = 0;
        for (n, (t, (text, side))) in throws.iter().zip(&sent).enumerate() {
            assert_eq!(t["number"], json!(n));
            assert_eq!(t["by"], json!(side), "{t}");
            match text {
                Some(text) => assert_eq!((t["entropy"].as_str(), &t["drawn"]), (Some(text.as_str()), &Value::Null), "{t}"),
                None => {
                    // Drawn by the service: 32 bytes in hex, marked so.
                    assert_eq!(t["drawn"], true, "{t}");
                    assert_eq!(t["entropy"].as_str().unwrap().len(), 64, "{t}");
                    drawn += 1;
                }
            }
            let count = t["dice"].as_array().unwrap().len();
            let expected = faces(&seed, &g, n as u64, t["entropy"].as_str().unwrap(), count);
            assert_eq!(t["dice"], json!(expected), "throw {n}: {t}");
        }
        assert!(drawn > 0, "a request without entropy was played");
        // The page lists the throws with their entropy, the drawn ones marked.
        let page = app.get(&format!("/games/{g}?lang=en"), None).await.text().await.unwrap();
        let first = throws[0]["entropy"].as_str().unwrap();
        assert!(page.contains(&format!("<code>{first}</code>")), "{page}");
        assert!(page.contains("drawn by the server"), "{page}");
    }
}
