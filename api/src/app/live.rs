//! Live pages: a page that shows a game (or a player's list of games) listens for that game's
//! (or player's) key, and hears the log's new length when events land. Events committed on this
//! server are told here at once; with PostgreSQL they are also told to the other servers through
//! `NOTIFY`, in batches, and heard from them through `LISTEN` (D47). Best effort: a page that
//! misses word still shows the truth on reload.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use std::sync::atomic::{AtomicUsize, Ordering};

use crossbeam_channel::{Receiver, Sender};
use domain::ids::TournamentId;
use domain::{GameId, PlayerId};
use tokio::sync::broadcast;

use crate::store::Store;

/// The longest a notification's payload may be (PostgreSQL's limit is 8,000 bytes).
const MAX_PAYLOAD: usize = 7_900;

/// The fewest keys kept before the unheard ones are dropped.
const PRUNE_FLOOR: usize = 1024;

/// The key a game's page listens on.
pub fn game_key(game: &str) -> String {
    format!("g:{game}")
}

/// The key a player's list of games listens on.
pub fn player_key(player: &str) -> String {
    format!("p:{player}")
}

/// What landed, for the other servers: the game, its log's length, its players.
type Landing = (GameId, u64, [PlayerId; 2]);

/// Who listens for what, on this server.
pub struct Live {
    channels: Mutex<HashMap<String, broadcast::Sender<u64>>>,
    /// How many keys someone here listens on: none, and a landing costs nothing here.
    listened: AtomicUsize,
    /// The number of keys at which those no one listens on any more are dropped.
    prune_at: AtomicUsize,
    /// Landings for the other servers, where there are any to tell (PostgreSQL).
    outgoing: Option<Sender<Landing>>,
    /// This server's name in its notifications, to skip its own.
    server: String,
}

impl Live {
    /// A hub that keeps word to itself (SQLite: one server).
    pub fn local() -> Live {
        Live {
            channels: Mutex::default(),
            listened: AtomicUsize::new(0),
            prune_at: AtomicUsize::new(PRUNE_FLOOR),
            outgoing: None,
            server: String::new(),
        }
    }

    /// A hub that tells other servers through `store` and hears them (PostgreSQL), with its
    /// threads; they stop when the hub is dropped.
    pub fn shared(store: &Store) -> Arc<Live> {
        let (tx, rx) = crossbeam_channel::bounded(10_000);
        let live = Arc::new(Live {
            channels: Mutex::default(),
            listened: AtomicUsize::new(0),
            prune_at: AtomicUsize::new(PRUNE_FLOOR),
            outgoing: Some(tx),
            server: crate::app::tokens::new_token()[..16].to_owned(),
        });
        let (s1, s2) = (store.clone(), store.clone());
        let name = live.server.clone();
        let weak = Arc::downgrade(&live);
        let spawned = std::thread::Builder::new()
            .name("live-notify".into())
            .spawn(move || tell(&s1, &name, &rx))
            .and_then(|_| {
                std::thread::Builder::new()
                    .name("live-listen".into())
                    .spawn(move || hear(&s2, &weak))
            });
        if let Err(e) = spawned {
            tracing::error!(error = %e, "live updates between servers are off");
        }
        live
    }

    /// Listens on `key`: each message is the log's length after events landed.
    pub fn subscribe(&self, key: &str) -> broadcast::Receiver<u64> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        // Keys whose pages went away before any word came (a page closed in a quiet game, a
        // stream refused for an unknown game) are dropped once the map has doubled.
        if channels.len() >= self.prune_at.load(Ordering::Relaxed) {
            channels.retain(|_, s| s.receiver_count() > 0);
            self.prune_at
                .store((channels.len() * 2).max(PRUNE_FLOOR), Ordering::Relaxed);
        }
        let receiver = channels
            .entry(key.to_owned())
            .or_insert_with(|| broadcast::channel(16).0)
            .subscribe();
        self.listened.store(channels.len(), Ordering::Relaxed);
        receiver
    }

    /// Tells this server's listeners on `key`.
    fn publish(&self, key: &str, version: u64) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = channels.get(key) {
            if sender.send(version).is_err() {
                // No one listens any more.
                channels.remove(key);
                self.listened.store(channels.len(), Ordering::Relaxed);
            }
        }
    }

    /// Events landed in `game`, now `version` long, played by `players`: tell the pages here
    /// and, where there are other servers, them.
    pub fn landed(&self, game: GameId, version: u64, players: [PlayerId; 2]) {
        if self.listened.load(Ordering::Relaxed) > 0 {
            self.publish(&game_key(&game.to_string()), version);
            for p in players {
                self.publish(&player_key(&p.to_string()), version);
            }
        }
        if let Some(out) = &self.outgoing {
            // A full queue drops word: pages still show the truth on reload.
            let _ = out.try_send((game, version, players));
        }
    }

    /// Events landed in a tournament, now `version` long. Its pages listen on its id as a
    /// game's page listens on the game's ([`game_key`]): both are UUIDs, which never meet, and
    /// the word travels to the other servers the same way.
    pub fn tournament_landed(&self, tournament: TournamentId, version: u64) {
        let nobody = PlayerId::from_uuid(uuid::Uuid::nil());
        self.landed(
            GameId::from_uuid(*tournament.as_uuid()),
            version,
            [nobody, nobody],
        );
    }

    /// Word from another server: one line per game.
    fn heard(&self, payload: &str) {
        let mut lines = payload.lines();
        if lines.next() == Some(self.server.as_str()) {
            return;
        }
        for line in lines {
            let mut parts = line.split(' ');
            let (Some(game), Some(version), Some(white), Some(black)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if let Ok(version) = version.parse() {
                self.publish(&game_key(game), version);
                self.publish(&player_key(white), version);
                self.publish(&player_key(black), version);
            }
        }
    }
}

/// Tells the other servers what landed here, a batch at a time: up to 200 ms of landings, each
/// game once (its latest length), in as few `NOTIFY`s as fit.
fn tell(store: &Store, server: &str, landings: &Receiver<Landing>) {
    while let Ok(first) = landings.recv() {
        std::thread::sleep(Duration::from_millis(200));
        let mut latest: HashMap<GameId, (u64, [PlayerId; 2])> = HashMap::new();
        for (game, version, players) in std::iter::once(first).chain(landings.try_iter()) {
            latest.insert(game, (version, players));
        }
        let mut payload = server.to_owned();
        for (game, (version, [white, black])) in &latest {
            let line = format!("{game} {version} {white} {black}");
            if payload.len() + line.len() + 1 > MAX_PAYLOAD {
                send(store, &payload);
                payload = server.to_owned();
            }
            payload.push('\n');
            payload.push_str(&line);
        }
        send(store, &payload);
    }
}

fn send(store: &Store, payload: &str) {
    if let Err(e) = store.notify_live(payload) {
        tracing::warn!(error = %e, "could not tell the other servers");
    }
}

/// Hears the other servers, until the hub is gone; a lost connection is opened again.
fn hear(store: &Store, live: &Weak<Live>) {
    while live.strong_count() > 0 {
        let mut listener = match store.listen_live() {
            Ok(Some(listener)) => listener,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(error = %e, "not hearing the other servers; trying again");
                std::thread::sleep(Duration::from_secs(5));
                continue;
            }
        };
        loop {
            let Some(live) = live.upgrade() else { return };
            match listener.poll() {
                Ok(payloads) => payloads.iter().for_each(|p| live.heard(p)),
                Err(e) => {
                    tracing::warn!(error = %e, "lost the other servers; listening again");
                    break;
                }
            }
            drop(live);
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listener_hears_its_key_and_word_from_other_servers_not_its_own() {
        let id = |n: u128| uuid::Uuid::from_u128(n);
        let (g1, g2) = (GameId::from_uuid(id(1)), GameId::from_uuid(id(2)));
        let [a, b, c, d] = [3, 4, 5, 6].map(|n| PlayerId::from_uuid(id(n)));
        let live = Live::local();
        let mut game = live.subscribe(&game_key(&g1.to_string()));
        let mut player = live.subscribe(&player_key(&b.to_string()));
        live.landed(g1, 7, [a, b]);
        assert_eq!(game.try_recv().unwrap(), 7);
        assert_eq!(player.try_recv().unwrap(), 7);
        live.landed(g2, 3, [c, d]);
        assert!(game.try_recv().is_err(), "another game's word");
        live.heard(&format!(
            "other\n{g1} 9 {a} {b}\nnot a line\n{g2} x {c} {d}"
        ));
        assert_eq!(game.try_recv().unwrap(), 9);
        assert_eq!(player.try_recv().unwrap(), 9);
        live.heard(&format!("\n{g1} 10 {a} {b}"));
        assert!(
            game.try_recv().is_err(),
            "its own word (an empty name here) is skipped"
        );
        drop(game);
        live.landed(g1, 11, [a, b]);
        assert!(!live
            .channels
            .lock()
            .unwrap()
            .contains_key(&game_key(&g1.to_string())));
        drop(player);
        live.landed(g1, 12, [a, b]);
        assert_eq!(
            live.listened.load(Ordering::Relaxed),
            0,
            "no one listens: nothing kept"
        );
    }

    #[test]
    fn keys_no_one_listens_on_are_dropped_as_the_map_grows() {
        let live = Live::local();
        let kept = live.subscribe("kept");
        for n in 0..10 * PRUNE_FLOOR {
            drop(live.subscribe(&format!("gone {n}")));
        }
        let channels = live.channels.lock().unwrap();
        assert!(channels.len() <= PRUNE_FLOOR + 1, "{}", channels.len());
        assert!(channels.contains_key("kept"));
        drop(channels);
        drop(kept);
    }
}
