//! The property the fuzz target `trf` checks (`fuzz/`): any bytes, read as a report file, are
//! either refused with a line and a reason or give a tournament that, written and read again, is
//! the same tournament. Never a panic.

use crate::trf::Tournament;

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
}
