//! The moves of a game, in order: a list that is cheap to copy. A game's state is copied for
//! every command judged on it (the copy evolves into the next state while the last one is still
//! read), and the moves are the only part of it that grows with the game. Full runs of
//! [`RUN`] moves are shared between the copies; only the last, partly filled run is copied.

use std::sync::Arc;

/// Moves in a shared run.
const RUN: usize = 32;

#[derive(Debug, Clone)]
pub struct Moves<M> {
    /// Runs of exactly [`RUN`] moves.
    full: Vec<Arc<[M]>>,
    /// The moves after them, fewer than [`RUN`].
    tail: Vec<M>,
}

impl<M> Default for Moves<M> {
    fn default() -> Self {
        Moves {
            full: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<M: Copy> Moves<M> {
    pub fn push(&mut self, m: M) {
        self.tail.push(m);
        if self.tail.len() == RUN {
            let run: Arc<[M]> = Arc::from(std::mem::take(&mut self.tail));
            self.full.push(run);
        }
    }

    pub fn len(&self) -> usize {
        self.full.len() * RUN + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The move of half-move `i` (from 0).
    pub fn get(&self, i: usize) -> Option<&M> {
        match self.full.get(i / RUN) {
            Some(run) => run.get(i % RUN),
            None if i / RUN == self.full.len() => self.tail.get(i % RUN),
            None => None,
        }
    }

    pub fn last(&self) -> Option<&M> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The moves in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &M> + '_ {
        self.full
            .iter()
            .flat_map(|run| run.iter())
            .chain(self.tail.iter())
    }

    /// The moves from half-move `from` on.
    pub fn from(&self, from: usize) -> impl Iterator<Item = &M> + '_ {
        self.iter().skip(from)
    }
}

impl<M: Copy> std::ops::Index<usize> for Moves<M> {
    type Output = M;

    fn index(&self, i: usize) -> &M {
        self.get(i).expect("a half-move the game has")
    }
}

impl<'a, M: Copy> IntoIterator for &'a Moves<M> {
    type Item = &'a M;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a M> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

/// Equal where the same moves were made, however the runs are shared.
impl<M: Copy + PartialEq> PartialEq for Moves<M> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<M: Copy + Eq> Eq for Moves<M> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_kept_in_order_across_runs_and_shared_by_copies() {
        let mut moves = Moves::default();
        assert!(moves.is_empty() && moves.last().is_none());
        for i in 0..(3 * RUN + 5) {
            moves.push(i);
            assert_eq!((moves.len(), moves.last()), (i + 1, Some(&i)));
        }
        let all: Vec<usize> = moves.iter().copied().collect();
        assert_eq!(all, (0..3 * RUN + 5).collect::<Vec<_>>());
        assert_eq!(moves[RUN], RUN);
        assert_eq!(moves.get(3 * RUN + 5), None);
        assert_eq!(moves.get(10 * RUN), None);
        assert_eq!(moves.from(3 * RUN).count(), 5);
        // A copy shares the full runs and goes its own way after them.
        let mut copy = moves.clone();
        assert!(Arc::ptr_eq(&copy.full[0], &moves.full[0]));
        assert_eq!(copy, moves);
        copy.push(999);
        assert_ne!(copy, moves);
        assert_eq!(moves.len(), 3 * RUN + 5);
        assert_eq!(copy.last(), Some(&999));
    }
}
