//! GNU Backgammon's match ID: the state of a match beside the board (cube, scores, whose roll
//! and decision, dice, offers) in 66 bits, written as 12 characters of base64. Player 0 is
//! white, player 1 black.
//!
//! Bits, from the least significant of the first byte: cube value as a power of two (4), cube
//! owner (2: player 0, player 1, or 3 for the middle), player on roll (1), Crawford game (1),
//! game state (3: 0 none started, 1 playing, 2 over, 3 resigned, 4 cube dropped), turn (1: who
//! decides next), double offered (1), resignation offered (2: none, single, gammon,
//! backgammon), die 1 (3), die 2 (3), match length (15), player 0's score (15), player 1's (15);
//! GNU Backgammon sets one bit more where the Jacoby rule is off, as it is in every match.

use crate::game::Side;

/// A match's state as the match ID holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchId {
    /// The cube's value as a power of two (0: 1).
    pub cube_log2: u8,
    pub cube_owner: Option<Side>,
    pub on_roll: Side,
    pub crawford: bool,
    /// 0 none started, 1 playing, 2 over, 3 resigned, 4 cube dropped.
    pub game_state: u8,
    pub turn: Side,
    pub double_offered: bool,
    /// 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resignation: u8,
    /// 0 where not thrown.
    pub dice: (u8, u8),
    /// 0: a money game.
    pub length: u16,
    pub score: [u16; 2],
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn player(side: Side) -> u128 {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

fn side(bit: u128) -> Side {
    if bit == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// The bit GNU Backgammon sets where the Jacoby rule is off (every match).
const NO_JACOBY: u32 = 66;

/// The fields' widths, in order.
const WIDTHS: [u32; 13] = [4, 2, 1, 1, 3, 1, 1, 2, 3, 3, 15, 15, 15];

impl MatchId {
    pub fn write(&self) -> String {
        let fields: [u128; 13] = [
            u128::from(self.cube_log2),
            self.cube_owner.map_or(3, player),
            player(self.on_roll),
            u128::from(self.crawford),
            u128::from(self.game_state),
            player(self.turn),
            u128::from(self.double_offered),
            u128::from(self.resignation),
            u128::from(self.dice.0),
            u128::from(self.dice.1),
            u128::from(self.length),
            u128::from(self.score[0]),
            u128::from(self.score[1]),
        ];
        let mut bits = 0u128;
        let mut shift = 0;
        for (value, width) in fields.into_iter().zip(WIDTHS) {
            bits |= (value & ((1 << width) - 1)) << shift;
            shift += width;
        }
        bits |= 1 << NO_JACOBY;
        // 9 bytes, little-endian, in base64 (three bytes to four characters).
        let bytes = bits.to_le_bytes();
        bytes[..9]
            .chunks(3)
            .flat_map(|c| {
                // Base64 reads each group of three bytes big-endian.
                let n = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
                [18, 12, 6, 0].map(|s| char::from(ALPHABET[((n >> s) & 63) as usize]))
            })
            .collect()
    }

    pub fn read(text: &str) -> Option<MatchId> {
        let text = text.trim();
        if text.len() != 12 {
            return None;
        }
        let mut bytes = [0u8; 16];
        for (i, group) in text.as_bytes().chunks(4).enumerate() {
            let mut n = 0u32;
            for &c in group {
                let v = ALPHABET.iter().position(|&a| a == c)? as u32;
                n = n << 6 | v;
            }
            bytes[i * 3] = (n >> 16) as u8;
            bytes[i * 3 + 1] = (n >> 8) as u8;
            bytes[i * 3 + 2] = n as u8;
        }
        let bits = u128::from_le_bytes(bytes);
        let mut fields = [0u128; 13];
        let mut shift = 0;
        for (f, width) in fields.iter_mut().zip(WIDTHS) {
            *f = (bits >> shift) & ((1 << width) - 1);
            shift += width;
        }
        if bits >> (NO_JACOBY + 1) != 0
            || fields[1] == 2
            || fields[4] > 4
            || fields[8] > 6
            || fields[9] > 6
        {
            return None;
        }
        Some(MatchId {
            cube_log2: fields[0] as u8,
            cube_owner: (fields[1] != 3).then(|| side(fields[1])),
            on_roll: side(fields[2]),
            crawford: fields[3] == 1,
            game_state: fields[4] as u8,
            turn: side(fields[5]),
            double_offered: fields[6] == 1,
            resignation: fields[7] as u8,
            dice: (fields[8] as u8, fields[9] as u8),
            length: fields[10] as u16,
            score: [fields[11] as u16, fields[12] as u16],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_ids_as_gnu_backgammon_writes_them() {
        // GNU Backgammon 1.07: a new 7-point match, 53 rolled by player 0.
        let opening = MatchId {
            cube_log2: 0,
            cube_owner: None,
            on_roll: Side::White,
            crawford: false,
            game_state: 1,
            turn: Side::White,
            double_offered: false,
            resignation: 0,
            dice: (5, 3),
            length: 7,
            score: [0, 0],
        };
        assert_eq!(opening.write(), "MIHuAAAAAAAE");
        assert_eq!(MatchId::read("MIHuAAAAAAAE"), Some(opening));
        // Score 2-4, the cube at 2 owned by player 1, on roll with 52.
        let later = MatchId::read("UYnqACAAIAAE").unwrap();
        assert_eq!(
            later,
            MatchId {
                cube_log2: 1,
                cube_owner: Some(Side::Black),
                on_roll: Side::Black,
                turn: Side::Black,
                dice: (5, 2),
                score: [2, 4],
                ..opening
            }
        );
        assert_eq!(later.write(), "UYnqACAAIAAE");
    }

    #[test]
    fn what_is_no_match_id_is_refused() {
        for bad in [
            "",
            "MIHuAAAAAAA",
            "MIHuAAAAAAAEA",
            "MIHuAAAAAA*E",
            "////////////",
        ] {
            assert_eq!(MatchId::read(bad), None, "{bad:?}");
        }
    }
}
