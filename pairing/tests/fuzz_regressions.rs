//! Every input kept in `fuzz/regressions/trf/` (inputs that once crashed the fuzz target, or broke
//! its property) runs through the property again, in the normal suite.

use std::path::Path;

#[test]
fn trf_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions/trf");
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.file_name().is_some_and(|n| n == ".gitkeep") {
            continue;
        }
        pairing::fuzzing::trf(&std::fs::read(&path).expect("a regression input"));
    }
}
