//! The property the fuzz target `trf` checks (`fuzz/`): any bytes, read as a report file, are
//! either refused with a line and a reason or give a tournament that, written and read again, is
//! the same tournament, and whose standings every tie-break computes by either edition. Never a
//! panic.

use crate::tiebreak::{standings, Code, Rules};
use crate::trf::Tournament;

const EVERY_CODE: [&str; 21] = [
    "PTS", "BH", "BH/C1", "BH/C2", "BH/M1", "FB", "FB/C1", "SB", "SB/C1", "PS", "PS/C1", "WIN",
    "WON", "BPG", "BWG", "REP", "ARO", "ARO/C1", "AOB", "TPR", "DE",
];

pub fn trf(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(t) = Tournament::parse(&text) else {
        return;
    };
    let written = t.write();
    match Tournament::parse(&written) {
        Ok(again) => assert_eq!(again, t, "written back differently:\n{written}"),
        Err(e) => panic!("its own file refused: {e}\n{written}"),
    }
    let codes: Vec<Code> = EVERY_CODE
        .iter()
        .filter_map(|c| Code::parse(c))
        .chain(Code::parse("KS"))
        .collect();
    assert_eq!(codes.len(), EVERY_CODE.len() + 1);
    for rules in [Rules::Fide2026, Rules::Fide2024] {
        let table = standings(&t, &codes, rules);
        assert_eq!(
            table.rows.len(),
            t.players.len(),
            "every player has a place"
        );
        assert!(table.rows.windows(2).all(|w| w[0].rank <= w[1].rank));
    }
}
