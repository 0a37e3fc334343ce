//! GNU Backgammon's position ID: the position as 80 bits (for each side, each point from its
//! own 1-point up to its bar, as many 1s as it has checkers there and a 0), packed from the
//! first byte's lowest bit, written in Base64 as 14 characters. The side not on roll comes
//! first, as GNU Backgammon writes it.

use super::board::{Board, CHECKERS};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The position's ID, the side on roll being `board`'s.
pub fn write(board: &Board) -> String {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    let turned = board.turned();
    // The side not on roll first (their own view), then the side on roll.
    for side in [&turned.mine, &board.mine] {
        for &checkers in &side[1..=25] {
            for _ in 0..checkers {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    let mut id = String::with_capacity(14);
    for chunk in key.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        let chars = chunk.len() + 1;
        for i in 0..chars {
            id.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    id
}

/// The position an ID names, or `None` where it is no position (not 14 Base64 characters, or
/// more than fifteen checkers a side, or both sides on one point).
pub fn read(id: &str) -> Option<Board> {
    let bytes = id.as_bytes();
    if bytes.len() != 14 {
        return None;
    }
    let mut key = [0u8; 10];
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = 0;
    for &c in bytes {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        bits = bits << 6 | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            if out < 10 {
                key[out] = (bits >> count) as u8;
                out += 1;
            }
        }
    }
    let mut sides = [[0u8; 26]; 2];
    let mut bit = 0usize;
    for side in sides.iter_mut() {
        let mut point = 1;
        while point <= 25 {
            if bit >= 80 {
                return None;
            }
            if key[bit / 8] >> (bit % 8) & 1 == 1 {
                side[point] += 1;
            } else {
                point += 1;
            }
            bit += 1;
        }
        if side.iter().map(|&n| u32::from(n)).sum::<u32>() > u32::from(CHECKERS) {
            return None;
        }
    }
    let [not_on_roll, on_roll] = sides;
    let mut theirs = [0u8; 26];
    for p in 1..=24 {
        theirs[p] = not_on_roll[25 - p];
    }
    theirs[25] = not_on_roll[25];
    let board = Board {
        mine: on_roll,
        theirs,
    };
    // No point held by both.
    (1..=24)
        .all(|p| board.mine[p] == 0 || board.theirs[p] == 0)
        .then_some(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_gnubgs_4hpwatdgc_abma_and_every_id_reads_back() {
        assert_eq!(write(&Board::start()), "4HPwATDgc/ABMA");
        assert_eq!(read("4HPwATDgc/ABMA"), Some(Board::start()));
        for dice in [(3, 1), (6, 5), (2, 2)] {
            for (_, after) in Board::start().plays(dice) {
                let next = after.turned();
                assert_eq!(read(&write(&next)), Some(next));
            }
        }
        // As GNU Backgammon 1.07 shows it: X on roll at the start, O having played 24/21 13/9.
        let b = read("4HPhASLgc/ABMA").unwrap();
        assert_eq!(
            b.mine,
            Board::start().mine,
            "the side on roll is the second"
        );
        let theirs: Vec<(usize, u8)> = (1..=25)
            .filter(|&p| b.theirs[p] > 0)
            .map(|p| (p, b.theirs[p]))
            .collect();
        assert_eq!(theirs, [(1, 1), (4, 1), (12, 4), (16, 1), (17, 3), (19, 5)]);
        assert_eq!(write(&b), "4HPhASLgc/ABMA");
        assert_eq!(read("4HPwATDgc/ABM"), None);
        assert_eq!(read("4HPwATDgc/AB!A"), None);
    }
}
