//! What the Dutch system's criteria say of two players: whether they may meet, the weight of
//! their meeting and their colours; and the order of the boards.

use super::*;

impl Pairing {
    pub(super) fn layout(&self) -> Layout {
        let mut sorted: Vec<&Seat> = self.seats.iter().collect();
        sorted.sort_by(|a, b| b.paired.cmp(&a.paired).then(a.rank.cmp(&b.rank)));
        let mut slot = HashMap::new();
        let (mut groups_bits, mut largest, mut run) = (0, 0, 0);
        for (i, s) in sorted.iter().enumerate().rev() {
            run += 1;
            if i == 0 || sorted[i - 1].paired > s.paired {
                slot.insert(s.paired, groups_bits);
                largest = largest.max(run);
                groups_bits += bits_for(run);
                run = 0;
            }
        }
        Layout {
            group_bits: bits_for(largest),
            groups_bits,
            slot,
            rounds: self.round,
        }
    }

    /// Could the two meet without breaking an absolute criterion?
    pub(super) fn compatible(&self, a: &Seat, b: &Seat) -> bool {
        let forbidden = a.opponents.contains(&b.id)
            || self
                .forbidden
                .iter()
                .any(|f| f.contains(&a.id) && f.contains(&b.id));
        !forbidden
            && (!a.absolute
                || !b.absolute
                || a.preference != b.preference
                || (self.last_round
                    && (a.paired > self.top_threshold || b.paired > self.top_threshold)))
    }

    pub(super) fn bye_candidate(&self, s: &Seat, bye_score: Points) -> bool {
        s.bye_eligible && s.paired <= bye_score
    }

    /// The weight of `higher` meeting `lower` in the bracket being paired (`in_current`), or
    /// `lower` being in the next score group (`in_next`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn edge_weight<const L: usize>(
        &self,
        layout: &Layout,
        higher: &Seat,
        lower: &Seat,
        in_current: bool,
        in_next: bool,
        bye: &ByeAssignee,
    ) -> Wide<L> {
        if !self.compatible(higher, lower) {
            return Wide::default();
        }
        let (g, s) = (layout.group_bits, layout.groups_bits);
        let slot = |score: Points| layout.slot[&score];
        let (h, l) = (higher, lower);
        // Complete the pairing; the bye to whom it may go.
        let mut w: Wide<L> = small(
            1 + usize::from(!self.bye_candidate(h, bye.score))
                + usize::from(!self.bye_candidate(l, bye.score)),
        );
        // The most pairs in the bracket, then the highest scores paired in it.
        w = w.shifted(g) + flag(in_current);
        w = w.shifted(s);
        if in_current {
            w = w + Wide::bit(slot(h.paired));
        }
        // The same in the next bracket.
        w = w.shifted(g) + flag(in_next);
        w = w.shifted(s);
        if in_next {
            w = w + Wide::bit(slot(h.paired));
        }
        // The fewest unplayed games for the bye's receiver.
        w = w.shifted(2 * g);
        if bye.single_downfloater {
            if h.paired == bye.score {
                w = w + small(bye.unplayed_ranks[&h.games]);
            }
            if l.paired == bye.score {
                w = w + small(bye.unplayed_ranks[&l.games]);
            }
        }
        // Colour preferences (the lower player as the reference, as bbpPairings does).
        let (p, o, mask) = (l, h, in_current);
        w = w.shifted(g)
            + flag(
                mask && (!p.absolute_imbalance()
                    || !o.absolute_imbalance()
                    || p.preference != o.preference),
            );
        let repeats = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let more = if p.imbalance > o.imbalance { o } else { p };
            more.repeated != invert(p.preference)
        };
        w = w.shifted(g)
            + flag(mask && (!p.absolute || !o.absolute || p.preference != o.preference || repeats));
        w = w.shifted(g) + flag(mask && compatible_preferences(p.preference, o.preference));
        w = w.shifted(g)
            + flag(
                mask && ((!p.strong && !p.absolute)
                    || (!o.strong && !o.absolute)
                    || (p.absolute && o.absolute)
                    || p.preference != o.preference),
            );
        // Floaters repeated from the last two rounds.
        for back in [1, 2] {
            if self.round < back {
                continue;
            }
            let f = back - 1;
            w = w.shifted(g);
            if in_current {
                w = w + flag(l.floats[f] == Float::Down);
                w = w + flag(h.paired <= l.paired && h.floats[f] == Float::Down);
            }
            w = w.shifted(g);
            if in_current {
                w = w + flag(!(h.paired > l.paired && l.floats[f] == Float::Up));
            }
        }
        for back in [1, 2] {
            if self.round < back {
                continue;
            }
            let f = back - 1;
            w = w.shifted(s);
            if in_current {
                if l.floats[f] == Float::Down {
                    w = w + Wide::bit(slot(l.paired));
                }
                if h.floats[f] == Float::Down {
                    w = w + Wide::bit(slot(h.paired));
                }
            }
            w = w.shifted(s);
            if in_current && !(l.floats[f] == Float::Up && h.paired > l.paired) {
                w = w + Wide::bit(slot(h.paired));
            }
        }
        // Room for the order of exchanges and of pairs within the bracket.
        w.shifted(3 * g + 1)
    }

    /// Does `a` rank below `b` (score with fictitious points, then pairing number)?
    pub(super) fn below(a: &Seat, b: &Seat) -> bool {
        (a.paired, b.rank) < (b.paired, a.rank)
    }

    /// The colour `player` gets against `opponent` (C.04.3 5.2).
    pub(super) fn colour(&self, player: &Seat, opponent: &Seat) -> Colour {
        if let Some(c) = neutral_colour(player, opponent) {
            return c;
        }
        match player.preference {
            None if Pairing::below(player, opponent) => {
                if opponent.rank % 2 == 1 {
                    self.initial
                } else {
                    self.initial.other()
                }
            }
            None => {
                if player.rank % 2 == 1 {
                    self.initial.other()
                } else {
                    self.initial
                }
            }
            Some(_) if Pairing::below(player, opponent) => {
                opponent.preference.map_or(self.initial, Colour::other)
            }
            Some(c) => c,
        }
    }

    /// Boards in order (C.04.2): the higher score of the two first, then the lower, then the
    /// higher pairing number; the bye last.
    pub(super) fn board_order(&self, boards: &mut [Board]) {
        let by_id: HashMap<PlayerId, &Seat> = self.seats.iter().map(|s| (s.id, s)).collect();
        let key = |b: &Board| {
            let (a, c) = match *b {
                Board::Game { white, black } => (by_id[&white], by_id[&black]),
                Board::Bye(p) => (by_id[&p], by_id[&p]),
            };
            let a_below = (a.score, c.rank) < (c.score, a.rank);
            let (higher, lower) = if a_below { (c, a) } else { (a, c) };
            (
                matches!(b, Board::Bye(_)),
                std::cmp::Reverse(higher.score),
                std::cmp::Reverse(lower.score),
                higher.rank,
            )
        };
        boards.sort_by_key(key);
    }
}

/// The colour for `player` that the preferences alone decide, else the one the last round in
/// which the two had different colours decides, else none (C.04.3 5.2.1–5.2.4).
pub(super) fn neutral_colour(player: &Seat, opponent: &Seat) -> Option<Colour> {
    let (p, o) = (player, opponent);
    if compatible_preferences(p.preference, o.preference) {
        return p.preference.or(invert(o.preference));
    }
    if p.absolute && (p.imbalance > o.imbalance || !o.absolute) {
        return p.preference;
    }
    if o.absolute && (o.imbalance > p.imbalance || !p.absolute) {
        return invert(o.preference);
    }
    if p.strong && !o.strong {
        return p.preference;
    }
    if o.strong && !p.strong {
        return invert(o.preference);
    }
    let difference = p
        .colours
        .iter()
        .rev()
        .zip(o.colours.iter().rev())
        .find(|(a, b)| a != b);
    difference.map(|(_, &theirs)| theirs)
}
