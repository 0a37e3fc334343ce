//! Tavla on pages and in mail: the board as SVG from the viewer's side (24 points numbered from
//! the viewer's side, the bar, each side's checkers borne off, the dice, the cube and the
//! match's score), and the small diagram.

use std::fmt::Write;

use domain::game::{Rules, Side, Throwing};
use domain::tavla::board::{Board, BAR, CHECKERS};
use domain::tavla::table::{Action, Level, Match, Phase, Variant};
use domain::tavla::{Tavla, TavlaNotation};

use super::{Cell, PageParts, Shown};
use crate::i18n::Texts;

/// Units per point's width.
const POINT: u32 = 10;
/// The board's parts across: six points, the bar, six points, the tray for borne-off checkers.
const BAR_X: u32 = 6 * POINT;
const RIGHT_X: u32 = BAR_X + POINT;
const TRAY_X: u32 = RIGHT_X + 6 * POINT;
const WIDTH: u32 = TRAY_X + POINT;
const HEIGHT: u32 = 120;
/// Checkers drawn on a point before a number says how many.
const STACK: u8 = 5;

/// Where point `p` (from the viewer's side, 1–24) is drawn: its left edge, and whether it hangs
/// from the top. The viewer's home board is at the bottom right.
fn place(p: u8) -> (u32, bool) {
    let p = u32::from(p);
    match p {
        1..=6 => (RIGHT_X + (6 - p) * POINT, false),
        7..=12 => ((12 - p) * POINT, false),
        13..=18 => ((p - 13) * POINT, true),
        _ => (RIGHT_X + (p - 19) * POINT, true),
    }
}

fn colour(side: Side) -> &'static str {
    side.as_str()
}

/// The board from `viewer`'s side: their checkers and the opponent's on each of the viewer's
/// points (the opponent's bar is index 0 here).
fn seen(m: &Match, viewer: Side) -> ([u8; 26], [u8; 26]) {
    let b: Board = m.board_of(viewer);
    let mut theirs = [0u8; 26];
    theirs[1..=24].copy_from_slice(&b.theirs[1..=24]);
    theirs[0] = b.theirs[BAR as usize];
    (b.mine, theirs)
}

fn describe(m: &Match, viewer: Side, t: &Texts) -> String {
    let (mine, theirs) = seen(m, viewer);
    let list = |counts: &[u8; 26], bar: usize| {
        let mut parts: Vec<String> = (1..=24)
            .rev()
            .filter(|&p| counts[p] > 0)
            .map(|p| format!("{}×{p}", counts[p]))
            .collect();
        if counts[bar] > 0 {
            parts.insert(0, format!("{}×bar", counts[bar]));
        }
        parts.join(", ")
    };
    let (white, black) = if viewer == Side::White {
        (list(&mine, 25), list(&theirs, 0))
    } else {
        (list(&theirs, 0), list(&mine, 25))
    };
    t.get(
        "page-tavla-description",
        &[
            ("white", white),
            ("black", black),
            ("length", m.length.to_string()),
            ("white_score", m.score_of(Side::White).to_string()),
            ("black_score", m.score_of(Side::Black).to_string()),
        ],
    )
}

/// A checker of `side` on `point` (a number, `bar` or `off`: what a click on it names).
fn checker(s: &mut String, cx: f64, cy: f64, side: Side, point: &str) {
    let _ = write!(
        s,
        r#"<circle class="checker {}" data-point="{point}" cx="{cx:.1}" cy="{cy:.1}" r="4.4"/>"#,
        colour(side)
    );
}

/// A stack of `n` checkers of `side` from (cx, edge) towards the middle.
fn stack(s: &mut String, at: (f64, f64, &str), down: bool, n: u8, side: Side) {
    let (cx, edge, point) = at;
    for i in 0..n.min(STACK) {
        let off = 4.6 + f64::from(i) * 9.0;
        let cy = if down { edge + off } else { edge - off };
        checker(s, cx, cy, side, point);
    }
    if n > STACK {
        let off = 4.6 + f64::from(STACK - 1) * 9.0;
        let cy = if down { edge + off } else { edge - off };
        let _ = write!(
            s,
            r#"<text class="count {}" data-point="{point}" x="{cx:.1}" y="{cy:.1}" text-anchor="middle" dominant-baseline="central">{n}</text>"#,
            colour(side)
        );
    }
}

fn die(s: &mut String, x: f64, y: f64, face: u8, side: Side) {
    let _ = write!(
        s,
        r#"<g class="die {}"><rect x="{x:.1}" y="{y:.1}" width="8" height="8" rx="1.5"/>"#,
        colour(side)
    );
    let pips: &[(f64, f64)] = match face {
        1 => &[(4.0, 4.0)],
        2 => &[(2.2, 2.2), (5.8, 5.8)],
        3 => &[(2.2, 2.2), (4.0, 4.0), (5.8, 5.8)],
        4 => &[(2.2, 2.2), (5.8, 2.2), (2.2, 5.8), (5.8, 5.8)],
        5 => &[(2.2, 2.2), (5.8, 2.2), (4.0, 4.0), (2.2, 5.8), (5.8, 5.8)],
        _ => &[
            (2.2, 2.0),
            (5.8, 2.0),
            (2.2, 4.0),
            (5.8, 4.0),
            (2.2, 6.0),
            (5.8, 6.0),
        ],
    };
    for (px, py) in pips {
        let _ = write!(
            s,
            r#"<circle class="pip" cx="{:.1}" cy="{:.1}" r=".8"/>"#,
            x + px,
            y + py
        );
    }
    s.push_str("</g>");
}

fn svg(m: &Match, last: Option<&Action>, from_black: bool, t: &Texts, id: &str) -> String {
    let viewer = if from_black { Side::Black } else { Side::White };
    let (mine, theirs) = seen(m, viewer);
    let mut s = String::with_capacity(16 * 1024);
    let title = t.text(if from_black {
        "page-tavla-black-below"
    } else {
        "page-tavla-white-below"
    });
    let _ = write!(
        s,
        r#"<svg class="board tavla" data-viewer="{}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{id}-title {id}-pieces" xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{title}</title><desc id="{id}-pieces">{}</desc>"#,
        colour(viewer),
        askama::filters::escape(describe(m, viewer, t), askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default()
    );
    let _ = write!(
        s,
        r#"<rect class="felt" x="0" y="0" width="{TRAY_X}" height="{HEIGHT}"/><rect class="bar" data-point="bar" x="{BAR_X}" y="0" width="{POINT}" height="{HEIGHT}"/><rect class="tray" data-point="off" x="{TRAY_X}" y="0" width="{POINT}" height="{HEIGHT}"/>"#
    );
    // The points the last play moved from and to, from the viewer's side.
    let mover = m.turn().opponent();
    let marked: Vec<u8> = last
        .map(|a| {
            a.steps()
                .iter()
                .flat_map(|st| [st.from, st.to])
                .filter(|p| (1..=24).contains(p))
                .map(|p| if mover == viewer { p } else { 25 - p })
                .collect()
        })
        .unwrap_or_default();
    for p in 1..=24u8 {
        let (x, top) = place(p);
        let (base, tip) = if top { (0.0, 48.0) } else { (120.0, 72.0) };
        let x = f64::from(x);
        let shade = if p % 2 == 0 { "point-a" } else { "point-b" };
        let last = if marked.contains(&p) { " last" } else { "" };
        let _ = write!(
            s,
            r#"<polygon class="{shade}{last}" data-point="{p}" points="{x:.1},{base} {:.1},{base} {:.1},{tip}"/>"#,
            x + f64::from(POINT),
            x + f64::from(POINT) / 2.0
        );
        let cx = x + f64::from(POINT) / 2.0;
        let p_us = usize::from(p);
        let name = p.to_string();
        if mine[p_us] > 0 {
            stack(&mut s, (cx, base, &name), top, mine[p_us], viewer);
        }
        if theirs[p_us] > 0 {
            stack(
                &mut s,
                (cx, base, &name),
                top,
                theirs[p_us],
                viewer.opponent(),
            );
        }
        // The point's number, inside the board's edge.
        let ny = if top { 52.5 } else { 67.5 };
        let _ = write!(
            s,
            r#"<text class="coord" x="{cx:.1}" y="{ny}" text-anchor="middle" dominant-baseline="central">{p}</text>"#
        );
    }
    // The bar: the viewer's checkers below the middle, the opponent's above.
    let bar_cx = f64::from(BAR_X) + f64::from(POINT) / 2.0;
    if mine[25] > 0 {
        stack(&mut s, (bar_cx, 70.0, "bar"), true, mine[25], viewer);
    }
    if theirs[0] > 0 {
        stack(
            &mut s,
            (bar_cx, 50.0, "bar"),
            false,
            theirs[0],
            viewer.opponent(),
        );
    }
    // Borne off: the viewer's at the bottom of the tray, the opponent's at the top.
    let tray_cx = f64::from(TRAY_X) + f64::from(POINT) / 2.0;
    let mine_off = CHECKERS - mine[1..=25].iter().sum::<u8>();
    let theirs_off = CHECKERS - theirs[0..=24].iter().sum::<u8>();
    for (n, y, side) in [
        (mine_off, 110.0, viewer),
        (theirs_off, 10.0, viewer.opponent()),
    ] {
        if n > 0 {
            checker(&mut s, tray_cx, y, side, "off");
            let _ = write!(
                s,
                r#"<text class="count {}" data-point="off" x="{tray_cx:.1}" y="{y}" text-anchor="middle" dominant-baseline="central">{n}</text>"#,
                colour(side)
            );
        }
    }
    // The dice of the player on roll, on their half of the board's right side.
    if let Some(d) = thrown(m) {
        let x = f64::from(RIGHT_X) + 17.0;
        let y = 56.0;
        die(&mut s, x, y, d.first(), m.on_roll);
        die(&mut s, x + 12.0, y, d.second(), m.on_roll);
    }
    if m.variant.cube() {
        cube(&mut s, m, viewer);
    }
    s.push_str("</svg>");
    s
}

/// The cube, drawn in the middle of the bar, or at its owner's edge.
fn cube(s: &mut String, m: &Match, viewer: Side) {
    let y = match m.cube_owner {
        None => 56.0,
        Some(owner) if owner == viewer => 100.0,
        Some(_) => 12.0,
    };
    let x = f64::from(TRAY_X) + 1.0;
    let y = if m.cube_owner.is_none() { y } else { y - 4.0 };
    let value = if m.cube == 1 { 64 } else { m.cube };
    let _ = write!(
        s,
        r#"<g class="cube"><rect x="{x:.1}" y="{y:.1}" width="8" height="8" rx="1"/><text x="{:.1}" y="{:.1}" text-anchor="middle" dominant-baseline="central">{value}</text></g>"#,
        x + 4.0,
        y + 4.0
    );
}

/// The board for mail from the viewer's side: the top row of points 13–24 and the bottom row
/// 12–1, each cell a checker of a stack (five deep), and text lines as GNU Backgammon draws them.
fn diagram(m: &Match, from_black: bool) -> (Vec<Vec<Cell>>, String) {
    let viewer = if from_black { Side::Black } else { Side::White };
    let (mine, theirs) = seen(m, viewer);
    let (me, them) = if viewer == Side::White {
        ("○", "●")
    } else {
        ("●", "○")
    };
    let glyph = |p: usize, depth: u8| -> &'static str {
        if mine[p] > depth {
            me
        } else if theirs[p] > depth {
            them
        } else {
            " "
        }
    };
    let top: Vec<usize> = (13..=24).collect();
    let bottom: Vec<usize> = (1..=12).rev().collect();
    let mut rows = Vec::new();
    let mut text = String::new();
    text.push_str(" 13 14 15 16 17 18 | 19 20 21 22 23 24\n");
    for depth in 0..STACK {
        let cells: Vec<Cell> = top
            .iter()
            .map(|&p| Cell {
                glyph: glyph(p, depth),
                dark: p % 2 == 0,
            })
            .collect();
        push_line(&mut text, &cells);
        rows.push(cells);
    }
    for depth in (0..STACK).rev() {
        let cells: Vec<Cell> = bottom
            .iter()
            .map(|&p| Cell {
                glyph: glyph(p, depth),
                dark: p % 2 == 0,
            })
            .collect();
        push_line(&mut text, &cells);
        rows.push(cells);
    }
    text.push_str(" 12 11 10  9  8  7 |  6  5  4  3  2  1\n");
    // The dice on the board, as die faces: the player on roll's throw.
    if let Some(d) = thrown(m) {
        let face = |n: u8| DIE_FACES[usize::from(n) - 1];
        let (a, b) = (face(d.first()), face(d.second()));
        rows.push(vec![
            Cell {
                glyph: a,
                dark: false,
            },
            Cell {
                glyph: b,
                dark: false,
            },
        ]);
        let _ = writeln!(text, "{a} {b}");
    }
    let _ = write!(
        text,
        "bar: {me} {} {them} {} · off: {me} {} {them} {}",
        mine[25],
        theirs[0],
        CHECKERS - mine[1..=25].iter().sum::<u8>(),
        CHECKERS - theirs[0..=24].iter().sum::<u8>()
    );
    (rows, text)
}

/// The faces of a die, one to six.
const DIE_FACES: [&str; 6] = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/// The dice thrown and not yet played, if any.
fn thrown(m: &Match) -> Option<domain::game::dice::Dice> {
    match m.phase {
        Phase::Play(d) => Some(d),
        Phase::Resigning { dice, .. } => dice,
        _ => None,
    }
}

fn push_line(text: &mut String, cells: &[Cell]) {
    for (i, c) in cells.iter().enumerate() {
        if i == 6 {
            text.push_str(" |");
        }
        let _ = write!(text, "  {}", if c.glyph == " " { "·" } else { c.glyph });
    }
    text.push('\n');
}

impl Shown for Tavla {
    fn svg(m: &Match, last: Option<&Action>, from_black: bool, t: &Texts, id: &str) -> String {
        svg(m, last, from_black, t, id)
    }

    fn diagram(m: &Match, from_black: bool) -> (Vec<Vec<Cell>>, String) {
        diagram(m, from_black)
    }

    /// A play of dice in the usual notation after the dice (`62: 24/18 13/11`); a decision in
    /// the reader's language (`double`, `katla`).
    fn written(m: &Match, a: Action, _: Option<TavlaNotation>, lang: &str, _: bool) -> String {
        match (a, m.phase) {
            (Action::Play { .. }, Phase::Play(d)) => {
                format!("{}: {}", d.high_first(), m.action_text(&a))
            }
            _ => decision_word(m, a, lang),
        }
    }

    fn page_parts(m: &Match) -> PageParts {
        let decisions = m
            .actions()
            .into_iter()
            .filter(|a| !matches!(a, Action::Play { .. }))
            .map(|a| (m.action_text(&a), decision_key(m, a)))
            .collect();
        PageParts {
            move_label: "page-your-move-label-tavla",
            claim_title: "page-claim-title-dama",
            decisions,
            throw: matches!(Tavla::awaits_throw(m), Throwing::WhenAsked | Throwing::Now),
            no_written_move: !matches!(m.phase, Phase::Play(_)),
            offer: match m.phase {
                Phase::Doubled => Some((
                    "page-tavla-doubled",
                    vec![("cube", (m.cube * 2).to_string())],
                )),
                Phase::Resigning { level, .. } => Some((
                    "page-tavla-resigning",
                    vec![("points", (level.points() * m.cube).to_string())],
                )),
                _ => None,
            },
            dice: match m.phase {
                Phase::Play(d) if d.is_double() => Some(format!("{0} {0} {0} {0}", d.first())),
                Phase::Play(d) => Some(format!("{} {}", d.first(), d.second())),
                _ => None,
            },
            ..PageParts::default()
        }
    }
}

/// A decision as a reader in `lang` writes it (what the rules read back).
fn decision_word(m: &Match, a: Action, lang: &str) -> String {
    if lang != "tr" {
        return m.action_text(&a);
    }
    match a {
        Action::Double => "katla".into(),
        Action::Take => "al".into(),
        Action::Drop => "bırak".into(),
        Action::Accept => "kabul".into(),
        Action::Decline => "ret".into(),
        Action::Resign(level) => format!(
            "çekil {}",
            match level {
                Level::Single => "tek",
                Level::Gammon => "mars",
                Level::Backgammon => "backgammon",
            }
        ),
        Action::Play { .. } => m.action_text(&a),
    }
}

/// The message key of a decision's button.
fn decision_key(m: &Match, a: Action) -> &'static str {
    match a {
        Action::Double => "page-tavla-double",
        Action::Take => "page-tavla-take",
        Action::Drop => "page-tavla-drop",
        Action::Accept => "page-tavla-accept",
        Action::Decline => "page-tavla-decline",
        Action::Resign(Level::Single) => "page-tavla-resign-single",
        Action::Resign(Level::Gammon) if m.variant == Variant::Tavla => "page-tavla-resign-mars",
        Action::Resign(Level::Gammon) => "page-tavla-resign-gammon",
        Action::Resign(Level::Backgammon) => "page-tavla-resign-backgammon",
        Action::Play { .. } => "page-play",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::game::dice::Dice;

    fn opened() -> Match {
        let mut m = Match::new(Variant::Backgammon, 7);
        m.throw(Dice::new(6, 2).unwrap());
        m
    }

    #[test]
    fn the_board_shows_every_checker_from_the_viewers_side() {
        let t = Texts::for_locale("en");
        let m = opened();
        let white = svg(&m, None, false, &t, "b");
        assert_eq!(white.matches(r#"class="checker white""#).count(), 15);
        assert_eq!(white.matches(r#"class="checker black""#).count(), 15);
        // 24 points, the bar and the tray, and each checker (30) and the count on the 6-point.
        assert_eq!(white.matches(r#"<polygon"#).count(), 24);
        assert!(white.contains(r#"data-viewer="white""#));
        assert_eq!(
            white
                .matches(r#"class="checker white" data-point="6""#)
                .count(),
            5
        );
        // White's dice (6 and 2 pips), and the cube in the middle.
        assert_eq!(white.matches(r#"class="die white""#).count(), 2);
        assert_eq!(white.matches(r#"class="pip""#).count(), 8);
        assert!(white.contains(r#"<g class="cube">"#));
        // White's 24-point (two checkers) is top right for white; for black it is their 1.
        let (x, top) = place(24);
        assert!(top && x == RIGHT_X + 5 * POINT);
        let black = svg(&m, None, true, &t, "b");
        assert_ne!(white, black);
    }

    #[test]
    fn the_mail_diagram_shows_both_sides_stacks() {
        let (rows, text) = diagram(&opened(), false);
        // Ten rows of points, then white's dice to play: 6 and 2.
        assert_eq!(rows.len(), 11);
        assert_eq!((rows[10][0].glyph, rows[10][1].glyph), ("⚅", "⚁"));
        assert!(text.contains("⚅ ⚁"), "{text}");
        // White's 6-point holds five: the bottom row's seventh cell, five deep.
        assert_eq!(rows[9][6].glyph, "○");
        assert_eq!(rows[5][6].glyph, "○");
        let white: usize = rows[..10]
            .iter()
            .flatten()
            .filter(|c| c.glyph == "○")
            .count();
        let black: usize = rows[..10]
            .iter()
            .flatten()
            .filter(|c| c.glyph == "●")
            .count();
        assert_eq!((white, black), (15, 15));
        assert!(text.contains("bar: ○ 0 ● 0"), "{text}");
    }
}
