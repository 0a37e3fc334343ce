//! Cached folds: the state of recently used logs of one kind (games), kept with the sequence
//! number and hash of the last event folded. A command loads only the events after that point, so
//! it folds from the log (never the projection) without replaying the whole log. Correct with
//! several servers: the log is append-only, and whatever another server appended is read and
//! folded before deciding.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::store::{chain, LogTable, Recorded, Store, StoreError};

/// A kind of log as it folds: its table, its state before the first event, and how each event
/// changes it.
pub trait LogFold: Sized + Send + Sync + 'static {
    type State: Clone + Send + Sync + 'static;
    type Event: Recorded;

    /// The table its logs are kept in.
    fn table() -> &'static dyn LogTable;
    /// The state before the first event.
    fn empty() -> Self::State;
    fn evolve(state: Self::State, event: &Self::Event) -> Self::State;
    /// Why the state does not fold, if it does not (the log is then refused as corrupt).
    fn corrupt(state: &Self::State) -> Option<String>;
}

/// A log's state as of its event `seq` (0: no events).
#[derive(Debug, Clone)]
pub struct Folded<S> {
    pub state: S,
    pub seq: i64,
    pub hash: String,
}

impl<S> Folded<S> {
    pub(crate) fn empty<K: LogFold<State = S>>() -> Folded<S> {
        Folded {
            state: K::empty(),
            seq: 0,
            hash: chain::GENESIS.to_owned(),
        }
    }
}

/// How many recently played games a server keeps folded. A miss only reads the game's log again;
/// the bound keeps a server's memory within its target with 100,000 active games (D38).
pub const GAMES_KEPT: usize = 10_000;

/// How many tournaments a server keeps folded (a tournament's state holds every round).
pub const TOURNAMENTS_KEPT: usize = 100;

/// Shared, never changed in place: a command clones the state once to evolve it, and the cache
/// and the command's answer share the result.
pub struct Folds<K: LogFold> {
    map: Mutex<HashMap<String, Arc<Folded<K::State>>>>,
    capacity: usize,
}

impl<K: LogFold> Folds<K> {
    pub fn new(capacity: usize) -> Folds<K> {
        Folds {
            map: Mutex::new(HashMap::new()),
            capacity,
        }
    }

    /// The cached fold, as this server last saw the log (another server may have appended
    /// since).
    pub fn cached(&self, id: &str) -> Option<Arc<Folded<K::State>>> {
        self.map.lock().expect("folds lock").get(id).cloned()
    }

    /// The log's state now: the cached fold brought up to date from the log.
    pub fn current(&self, store: &Store, id: &str) -> Result<Arc<Folded<K::State>>, StoreError> {
        let cached = self.cached(id);
        let after = cached.as_ref().map_or(0, |f| f.seq);
        let newer = store.load_log::<K::Event>(K::table(), id, after)?;
        if let (Some(cached), true) = (&cached, newer.is_empty()) {
            return Ok(cached.clone());
        }
        let mut folded = cached.map_or_else(Folded::empty::<K>, |f| Folded::clone(&f));
        for e in &newer {
            if e.seq != folded.seq + 1 {
                return Err(StoreError::Corrupt(format!(
                    "{id}: seq {} after {}",
                    e.seq, folded.seq
                )));
            }
            folded.state = K::evolve(folded.state, &e.event);
            folded.seq = e.seq;
            folded.hash = e.hash.clone();
        }
        if let Some(reason) = K::corrupt(&folded.state) {
            return Err(StoreError::Corrupt(format!("{id} does not fold {reason}")));
        }
        let folded = Arc::new(folded);
        if !newer.is_empty() {
            self.put(id, folded.clone());
        }
        Ok(folded)
    }

    /// Forgets every log's state: the next reads fold from the logs again (after an erasure
    /// changed events in place, which no sequence number tells).
    pub fn forget_all(&self) {
        let forgotten = std::mem::take(&mut *self.map.lock().expect("folds lock"));
        drop(forgotten);
    }

    /// Remembers a log's state (after a commit).
    pub fn put(&self, id: &str, folded: Arc<Folded<K::State>>) {
        let mut map = self.map.lock().expect("folds lock");
        let forgotten = if map.len() >= self.capacity && !map.contains_key(id) {
            // Simple and bounded: forget everything; the next commands fold from the log again.
            Some(std::mem::take(&mut *map))
        } else {
            None
        };
        map.insert(id.to_owned(), folded);
        drop(map);
        // Freeing a full cache takes a while, and `put` may run on an HTTP worker (a command's
        // commit is awaited there): freed on a blocking thread where there is a runtime.
        if let Some(forgotten) = forgotten {
            match tokio::runtime::Handle::try_current() {
                Ok(runtime) => drop(runtime.spawn_blocking(move || drop(forgotten))),
                Err(_) => drop(forgotten),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::games::Games;
    use domain::games::GameState;

    type Folded = super::Folded<GameState>;
    type Folds = super::Folds<Games>;

    fn fold(seq: i64) -> Arc<Folded> {
        Arc::new(Folded {
            seq,
            ..Folded::empty::<Games>()
        })
    }

    /// Puts `a`, `b`, `a` again, then `c` into a cache of two; a weak handle on `b`'s fold, which
    /// the cache has forgotten by then.
    fn fill_past_capacity(folds: &Folds) -> std::sync::Weak<Folded> {
        let b = fold(2);
        let weak_b = Arc::downgrade(&b);
        folds.put("a", fold(1));
        folds.put("b", b);
        folds.put("a", fold(3));
        assert_eq!(
            folds.cached("a").map(|f| f.seq),
            Some(3),
            "a game already cached is replaced"
        );
        assert!(
            folds.cached("b").is_some(),
            "replacing one does not empty the cache"
        );
        folds.put("c", fold(4));
        weak_b
    }

    #[test]
    fn a_full_cache_forgets_the_others_and_keeps_the_new_fold() {
        let folds = Folds::new(2);
        let weak_b = fill_past_capacity(&folds);
        assert_eq!(folds.cached("c").map(|f| f.seq), Some(4));
        assert!(folds.cached("a").is_none() && folds.cached("b").is_none());
        assert!(weak_b.upgrade().is_none(), "the forgotten folds are freed");
    }

    #[test]
    fn on_a_runtime_the_forgotten_folds_are_freed_off_the_calling_thread() {
        let folds = Folds::new(2);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let weak_b = runtime.block_on(async { fill_past_capacity(&folds) });
        assert_eq!(folds.cached("c").map(|f| f.seq), Some(4));
        assert!(folds.cached("a").is_none() && folds.cached("b").is_none());
        // The runtime's shutdown waits for its blocking threads.
        drop(runtime);
        assert!(weak_b.upgrade().is_none(), "the forgotten folds are freed");
    }
}
