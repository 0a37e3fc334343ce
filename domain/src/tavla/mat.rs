//! A match as a `.mat` file, the Jellyfish text format GNU Backgammon and other programs import:
//! the match's length, then each game with the score before it, one numbered line per pair of
//! turns (white on the left, black on the right), each turn its dice and its checker moves as
//! played (`52: 13/8 24/22`, 25 the bar, 0 off, a hit marked `*`), cube actions
//! (` Doubles => 2`, ` Takes`, ` Drops`), and each game's points (`Wins 2 points`).

use std::fmt::Write as _;

use super::table::{Action, Match, Phase};
use crate::game::rules::{Happening, RecordHead};
use crate::game::Side;

/// One game's lines: each numbered line's left (white) and right (black) entries.
struct Lines {
    rows: Vec<(Option<String>, Option<String>)>,
}

impl Lines {
    fn push(&mut self, side: Side, entry: String) {
        match (side, self.rows.last_mut()) {
            (Side::White, Some((None, None))) => {}
            (Side::White, _) => self.rows.push((None, None)),
            (Side::Black, Some((_, None))) => {}
            (Side::Black, _) => self.rows.push((None, None)),
        }
        let row = self.rows.last_mut().expect("a row was pushed");
        match side {
            Side::White => row.0 = Some(entry),
            Side::Black => row.1 = Some(entry),
        }
    }

    fn write(&self, out: &mut String) {
        for (i, (left, right)) in self.rows.iter().enumerate() {
            let left = left.as_deref().unwrap_or("");
            let right = right.as_deref().unwrap_or("");
            let line = format!("{:3}) {left:<28}{right}", i + 1);
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

fn point(p: u8) -> String {
    p.to_string()
}

/// A play's entry: the dice, then each checker move in the order played.
fn play_entry(before: &Match, action: &Action) -> String {
    let mut entry = match before.phase {
        Phase::Play(d) => format!("{}: ", d.high_first()),
        _ => String::new(),
    };
    for s in action.steps() {
        let _ = write!(
            entry,
            "{}/{}{} ",
            point(s.from),
            point(s.to),
            if s.hit { "*" } else { "" }
        );
    }
    // Each move is followed by a space, as Jellyfish writes it: an entry that fills its column
    // stays apart from the next.
    entry
}

fn wins(points: u16) -> String {
    format!("Wins {points} point{}", if points == 1 { "" } else { "s" })
}

/// The match from its start and everything that happened in it, as a `.mat` file.
pub fn write(start: &Match, happened: &[Happening<Action>], head: &RecordHead) -> String {
    let mut out = String::new();
    for (tag, value) in [
        ("Event", head.event),
        ("Round", head.round),
        ("Site", head.site),
        ("Player 1", Some(head.white)),
        ("Player 2", Some(head.black)),
        ("EventDate", Some(head.date.as_str())),
    ] {
        if let Some(v) = value {
            let _ = writeln!(out, "; [{tag} \"{}\"]", v.replace('"', "'"));
        }
    }
    let _ = write!(out, "\n {} point match\n", start.length);
    let mut pos = start.clone();
    let mut lines: Option<Lines> = None;
    let header = |out: &mut String, pos: &Match| {
        let white = format!("{} : {}", head.white, pos.score_of(Side::White));
        let _ = write!(
            out,
            "\n Game {}\n {white:<31}{} : {}\n",
            pos.games.len() + 1,
            head.black,
            pos.score_of(Side::Black),
        );
    };
    for h in happened {
        if lines.is_none() && pos.phase != Phase::Over {
            header(&mut out, &pos);
            lines = Some(Lines { rows: Vec::new() });
        }
        let game = lines.as_mut().expect("a game is being written");
        match h {
            Happening::Thrown(d) => {
                let on_roll = pos.on_roll;
                // A throw with no legal play: the turn passes, the dice written alone.
                if pos.throw(*d) {
                    game.push(on_roll, format!("{}: ", d.high_first()));
                }
            }
            Happening::Moved(a) => {
                let before = pos.clone();
                let mover = before.turn();
                match a {
                    Action::Play { .. } => game.push(mover, play_entry(&before, a)),
                    Action::Double => game.push(mover, format!(" Doubles => {}", before.cube * 2)),
                    Action::Take => game.push(mover, " Takes".into()),
                    Action::Drop => game.push(mover, " Drops".into()),
                    Action::Resign(_) | Action::Accept | Action::Decline => {}
                }
                pos.act(*a);
                if pos.games.len() > before.games.len() {
                    let over = pos.games[pos.games.len() - 1];
                    game.write(&mut out);
                    let indent = if over.winner == Side::White { 6 } else { 33 };
                    let _ = writeln!(out, "{:indent$}{}", "", wins(over.points));
                    lines = None;
                }
            }
        }
    }
    // A game the match ended in without finishing it (a resignation of the match, a flag).
    if let Some(game) = lines {
        game.write(&mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::dice::Dice;
    use crate::tavla::table::Variant;

    #[test]
    fn a_match_is_written_as_gnu_backgammon_writes_it() {
        let mut pos = Match::new(Variant::Backgammon, 3);
        let start = pos.clone();
        let mut happened = Vec::new();
        let throw = |pos: &mut Match, happened: &mut Vec<Happening<Action>>, a, b| {
            let d = Dice::new(a, b).unwrap();
            pos.throw(d);
            happened.push(Happening::Thrown(d));
        };
        let act = |pos: &mut Match, happened: &mut Vec<Happening<Action>>, text: &str| {
            let found = pos.read_action(text).unwrap();
            assert_eq!(found.len(), 1, "{text}");
            pos.act(found[0]);
            happened.push(Happening::Moved(found[0]));
        };
        // Black wins the opening (1 against 2) and plays it; white doubles, black drops.
        throw(&mut pos, &mut happened, 1, 2);
        act(&mut pos, &mut happened, "13/11 24/23");
        act(&mut pos, &mut happened, "double");
        act(&mut pos, &mut happened, "drop");
        // Game 2: white opens 6-3 and plays; black resigns a gammon, white accepts.
        throw(&mut pos, &mut happened, 6, 3);
        act(&mut pos, &mut happened, "24/18 13/10");
        act(&mut pos, &mut happened, "resign gammon");
        act(&mut pos, &mut happened, "accept");
        assert_eq!(pos.phase, Phase::Over);
        let head = RecordHead {
            white: "Ayşe",
            black: "Mehmet",
            event: Some("Okul"),
            round: None,
            site: None,
            date: "2026.11.26".into(),
        };
        let mat = write(&start, &happened, &head);
        let expected = "; [Event \"Okul\"]\n; [Player 1 \"Ayşe\"]\n; [Player 2 \"Mehmet\"]\n; [EventDate \"2026.11.26\"]\n\n 3 point match\n\n Game 1\n Ayşe : 0                       Mehmet : 0\n  1)                             21: 24/23 13/11\n  2)  Doubles => 2                Drops\n      Wins 1 point\n\n Game 2\n Ayşe : 1                       Mehmet : 0\n  1) 63: 24/18 13/10\n      Wins 2 points\n";
        assert_eq!(mat, expected, "\n{mat}");
    }
}
