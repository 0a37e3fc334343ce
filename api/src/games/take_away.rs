//! Take-away on pages and in mail: the pile of counters left, as a row of discs, and the same
//! in a mail's diagram. Built in with the `take-away` feature (the black-box tests).

use std::fmt::Write;

use domain::take_away::{Pile, TakeAway};

use super::{Cell, PageParts, Shown};
use crate::i18n::Texts;

/// Counters drawn in a row.
const PER_ROW: u32 = 7;

impl Shown for TakeAway {
    fn svg(pile: &Pile, _: Option<&u32>, _: bool, t: &Texts, id: &str) -> String {
        let rows = pile.counters.div_ceil(PER_ROW).max(1);
        let left = t.get(
            "take-away-counters-left",
            &[("count", pile.counters.to_string())],
        );
        let mut s = format!(
            r#"<svg class="board take-away" viewBox="0 0 {} {}" role="img" aria-labelledby="{id}-title" xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{left}</title>"#,
            PER_ROW * 10,
            rows * 10
        );
        for i in 0..pile.counters {
            let _ = write!(
                s,
                r#"<circle class="piece white" cx="{}" cy="{}" r="4"/>"#,
                (i % PER_ROW) * 10 + 5,
                (i / PER_ROW) * 10 + 5
            );
        }
        s.push_str("</svg>");
        s
    }

    fn diagram(pile: &Pile, _: bool) -> (Vec<Vec<Cell>>, String) {
        let rows: Vec<Vec<Cell>> = (0..pile.counters)
            .collect::<Vec<_>>()
            .chunks(PER_ROW as usize)
            .map(|row| {
                row.iter()
                    .map(|_| Cell {
                        glyph: "●",
                        dark: false,
                    })
                    .collect()
            })
            .collect();
        let text = rows
            .iter()
            .map(|row| "● ".repeat(row.len()).trim_end().to_owned())
            .collect::<Vec<_>>()
            .join("\n");
        (rows, text)
    }

    fn page_parts(_: &Pile) -> PageParts {
        PageParts {
            promotion: false,
            routes: None,
            board_builds_lines: false,
            move_label: "take-away-your-move-label",
            claim_title: "take-away-claim-title",
            ..PageParts::default()
        }
    }
}
