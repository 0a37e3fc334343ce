//! A game of dice's secret: drawn by the service when the game is created, kept encrypted
//! under the envelope key beside the game (bound to it, as a sealed move is), and handed to the
//! domain for every command that may throw or end the game. The log holds only its commitment
//! until the game ends and reveals it.

use domain::game::dice::{DiceSeed, SentEntropy};
use domain::game::CreateGame;
use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::commands::CommandError;
use super::AppState;
use crate::store::{self, EnvelopeRow};
use domain::games::{Context, Game};

/// The envelope kind the secret is kept under.
const KIND: &str = "dice";

#[derive(Serialize, Deserialize)]
struct Sealed {
    seed: String,
}

/// Draws the secret of a game of dice being created: the context to judge the creation in, and
/// the sealed secret to store with its events.
pub fn for_creation(
    app: &AppState,
    create: &mut CreateGame,
    ctx: &Context,
) -> (Context, EnvelopeRow) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let seed = DiceSeed::from_bytes(bytes);
    let id = create.game_id.to_string();
    let row = EnvelopeRow {
        game_id: id.clone(),
        kind: KIND.to_owned(),
        sealed_by: "service".to_owned(),
        ciphertext: app.envelope_key.seal_any(
            &id,
            KIND,
            &Sealed {
                seed: seed.to_hex(),
            },
        ),
        sealed_at: store::micros(ctx.now),
    };
    let ctx = Context {
        dice: Some(seed),
        ..ctx.clone()
    };
    (ctx, row)
}

/// The secrets of the games of dice this server opened lately, by game: a command in a match is
/// judged without reading and decrypting its secret again. A game's secret never changes once
/// stored, so an entry is never stale. At most [`Seeds::KEPT`] are kept.
#[derive(Default)]
pub struct Seeds(std::sync::Mutex<std::collections::HashMap<String, DiceSeed>>);

impl Seeds {
    pub const KEPT: usize = 10_000;

    fn get(&self, game: &str) -> Option<DiceSeed> {
        self.0.lock().expect("dice seeds").get(game).cloned()
    }

    fn put(&self, game: String, seed: DiceSeed) {
        let mut map = self.0.lock().expect("dice seeds");
        if map.len() >= Self::KEPT && !map.contains_key(&game) {
            // Rarely full: forgetting them all costs a store read for each match's next command.
            map.clear();
        }
        map.insert(game, seed);
    }
}

/// The secret of `game`, a game of dice, as stored when it was created.
pub fn seed_of(app: &AppState, game: &Game) -> Result<DiceSeed, CommandError> {
    let id = game.id.to_string();
    // A kept secret is taken only where it is the one the log committed to (a database restored
    // under a running server could hold another); otherwise it is read again.
    let committed = |seed: &DiceSeed| {
        game.dice
            .as_ref()
            .is_some_and(|d| seed.commitment() == d.commitment)
    };
    if let Some(seed) = app.dice_seeds.get(&id).filter(committed) {
        return Ok(seed);
    }
    let row = app
        .store
        .envelope(&id, KIND)?
        .ok_or_else(|| anyhow::anyhow!("a game of dice has no stored secret"))?;
    let sealed: Sealed = app.envelope_key.open_any(&id, KIND, &row.ciphertext)?;
    let seed = DiceSeed::parse_hex(&sealed.seed)
        .ok_or_else(|| anyhow::anyhow!("the stored secret is no seed"))?;
    app.dice_seeds.put(id, seed.clone());
    Ok(seed)
}

/// The entropy a request that carried none gets for the throws it causes: 32 bytes the service
/// drew, in hex, marked as drawn.
pub fn drawn_entropy() -> SentEntropy {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    SentEntropy::drawn(hex::encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_seed_is_given_back_and_a_full_cache_starts_again() {
        let seeds = Seeds::default();
        let seed = |n: u8| DiceSeed::from_bytes([n; 32]);
        let (first, other) = (String::from("first"), String::from("other"));
        seeds.put(first.clone(), seed(1));
        assert!(seeds.get(&first) == Some(seed(1)));
        assert!(seeds.get(&other).is_none());
        for n in 0..Seeds::KEPT {
            seeds.put(format!("g{n}"), seed(2));
        }
        // Full at the last put: everything before it was forgotten, the new one kept.
        assert!(seeds.get(&first).is_none());
        assert!(seeds.get(&format!("g{}", Seeds::KEPT - 1)) == Some(seed(2)));
        assert!(seeds.0.lock().unwrap().len() <= Seeds::KEPT);
    }
}
