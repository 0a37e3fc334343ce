//! Plays as players write them, from the mover's side: `24/18 13/11`, `bar/22`, `6/off`, hits
//! `13/9*`, a checker's moves run together `24/18*/13`, repeats `13/7(2)`.

use super::board::{Board, Step, BAR, OFF};

fn point_text(p: u8) -> String {
    match p {
        BAR => "bar".to_owned(),
        OFF => "off".to_owned(),
        p => p.to_string(),
    }
}

/// A play's text in the usual form, as GNU Backgammon writes it: the checker moves from the
/// highest point (and, from one point, the longest first), a checker's moves run together (the
/// point it passed written only where it hit there), a hit marked once where it happens, and the
/// same move by several checkers counted, `13/7(2)`. `board` is the position before the play.
pub fn write(board: &Board, steps: &[Step]) -> String {
    // Did the play hit on point `p` (the opponent had a checker there)?
    let hit_at = |p: u8| (1..=24).contains(&p) && board.theirs[usize::from(p)] > 0;
    let mut moves: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
    moves.sort_by_key(|&m| std::cmp::Reverse(m));
    // Each checker's path: where it started, the points it hit on the way, where it ended.
    let mut paths: Vec<Option<Vec<u8>>> = moves.iter().map(|&(f, t)| Some(vec![f, t])).collect();
    for i in 0..paths.len() {
        for j in i + 1..paths.len() {
            let (Some(path), Some(next)) = (&paths[i], &paths[j]) else {
                continue;
            };
            let end = *path.last().expect("a path has two points");
            if end != next[0] {
                continue;
            }
            let to = next[1];
            let path = paths[i].as_mut().expect("checked above");
            if hit_at(end) {
                path.push(to);
            } else {
                *path.last_mut().expect("a path has two points") = to;
            }
            paths[j] = None;
        }
    }
    let mut counted: Vec<(Vec<u8>, usize)> = Vec::new();
    for path in paths.into_iter().flatten() {
        match counted.iter_mut().find(|(p, _)| *p == path) {
            Some((_, n)) => *n += 1,
            None => counted.push((path, 1)),
        }
    }
    let mut starred = [false; 26];
    let mut out: Vec<String> = Vec::new();
    for (path, n) in counted {
        let mut text = point_text(path[0]);
        let last = path.len() - 1;
        for (i, &p) in path.iter().enumerate().skip(1) {
            text.push('/');
            text.push_str(&point_text(p));
            let hit = if i < last {
                true
            } else {
                hit_at(p) && !starred[usize::from(p)]
            };
            if hit {
                text.push('*');
                starred[usize::from(p)] = true;
            }
        }
        if n > 1 {
            text.push_str(&format!("({n})"));
        }
        out.push(text);
    }
    out.join(" ")
}

/// A play as read from text: the side on roll's checkers after it, and the points where it
/// says a checker hit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub mine: [u8; 26],
    pub hits: Vec<u8>,
}

fn read_point(text: &str) -> Option<u8> {
    match text.to_lowercase().as_str() {
        "bar" | "b" | "kırık" => Some(BAR),
        "off" | "o" => Some(OFF),
        t => t.parse().ok().filter(|p| (1..=25).contains(p)),
    }
}

/// Reads a play's text against `board` (the side on roll's view): `None` where it is no play
/// of its checkers at all.
pub fn read(board: &Board, text: &str) -> Option<Written> {
    let mut mine = board.mine;
    let mut hits = Vec::new();
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        return None;
    }
    for token in tokens {
        let (path, times) = match token.strip_suffix(')') {
            Some(rest) => {
                let (path, n) = rest.split_once('(')?;
                (path, n.parse::<u8>().ok().filter(|n| (1..=4).contains(n))?)
            }
            None => (token, 1),
        };
        let mut points = Vec::new();
        for part in path.split('/') {
            let (p, hit) = match part.strip_suffix('*') {
                Some(p) => (p, true),
                None => (part, false),
            };
            let p = read_point(p)?;
            if hit {
                if p == OFF || p == BAR {
                    return None;
                }
                hits.push(p);
            }
            points.push((p, hit));
        }
        let (&(from, from_hit), rest) = points.split_first()?;
        let &(to, _) = rest.last()?;
        // From the start down: each point lower than the one before (off is the lowest).
        if from_hit || from == OFF || points.windows(2).any(|w| w[1].0 >= w[0].0) {
            return None;
        }
        for _ in 0..times {
            let f = usize::from(from);
            if mine[f] == 0 {
                return None;
            }
            mine[f] -= 1;
            if to != OFF {
                mine[usize::from(to)] += 1;
            }
        }
    }
    hits.sort_unstable();
    hits.dedup();
    Some(Written { mine, hits })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(from: u8, to: u8, hit: bool) -> Step {
        Step {
            from,
            to,
            hit,
            die: from.saturating_sub(to),
        }
    }

    /// A board with an opposing checker on each of `blots` (from the mover's side).
    fn with_blots(blots: &[u8]) -> Board {
        let mut b = Board::start();
        for &p in blots {
            b.theirs[usize::from(p)] = 1;
        }
        b
    }

    #[test]
    fn plays_are_written_as_players_write_them() {
        let start = Board::start();
        let plain = |steps: &[Step]| write(&start, steps);
        assert_eq!(
            plain(&[step(24, 18, false), step(13, 11, false)]),
            "24/18 13/11"
        );
        assert_eq!(
            plain(&[step(13, 11, false), step(24, 18, false)]),
            "24/18 13/11"
        );
        assert_eq!(plain(&[step(24, 18, false), step(18, 13, false)]), "24/13");
        assert_eq!(
            plain(&[
                step(24, 21, false),
                step(21, 18, false),
                step(18, 15, false),
                step(6, 3, false)
            ]),
            "24/15 6/3"
        );
        assert_eq!(
            plain(&[
                step(13, 7, false),
                step(13, 7, false),
                step(8, 2, false),
                step(8, 2, false)
            ]),
            "13/7(2) 8/2(2)"
        );
        // From one point, the longer move first; a checker that moves on goes first.
        assert_eq!(plain(&[step(8, 2, false), step(8, 5, false)]), "8/5 8/2");
        assert_eq!(
            plain(&[step(8, 5, false), step(8, 5, false), step(5, 2, false)]),
            "8/2 8/5"
        );
        assert_eq!(
            plain(&[step(6, 0, false), step(5, 0, false)]),
            "6/off 5/off"
        );
        // A hit is marked where it happens: on the way, or once where several checkers land.
        let b = with_blots(&[18, 9, 1, 3]);
        assert_eq!(
            write(&b, &[step(24, 18, true), step(18, 13, false)]),
            "24/18*/13"
        );
        assert_eq!(
            write(&b, &[step(13, 9, true), step(6, 4, false)]),
            "13/9* 6/4"
        );
        assert_eq!(
            write(&b, &[step(25, 22, false), step(6, 1, true)]),
            "bar/22 6/1*"
        );
        assert_eq!(write(&b, &[step(8, 3, true), step(8, 3, false)]), "8/3*(2)");
    }

    #[test]
    fn a_written_play_says_where_the_checkers_end() {
        let start = Board::start();
        let w = read(&start, "24/18 13/11").unwrap();
        assert_eq!(
            (w.mine[24], w.mine[18], w.mine[13], w.mine[11]),
            (1, 1, 4, 1)
        );
        assert_eq!(read(&start, " 13/7(2),  8/2(2) ").unwrap().mine[7], 2);
        assert_eq!(read(&start, "24/18*/13").unwrap().hits, vec![18]);
        for bad in [
            "", "24-18", "18/24", "3/1", "24/18(5)", "bar/22", "24/off*", "24", "13/7(2", "x/1",
        ] {
            assert_eq!(read(&start, bad), None, "{bad:?}");
        }
    }
}
