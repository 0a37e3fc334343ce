//! Every input kept in `fuzz/regressions/<target>/` (inputs that once crashed a fuzz target, or
//! broke its property) runs through the target's property again, in the normal suite.

use std::path::Path;

fn run_all(target: &str, property: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.file_name().is_some_and(|n| n == ".gitkeep") {
            continue;
        }
        let data = std::fs::read(&path).expect("a regression input");
        eprintln!("{target}: {}", path.display());
        property(&data);
        count += 1;
    }
    eprintln!("{target}: {count} inputs");
}

#[test]
fn move_text_regressions() {
    run_all("move_text", domain::fuzzing::move_text);
}

#[test]
fn fen_regressions() {
    run_all("fen", domain::fuzzing::fen);
}

#[test]
fn event_json_regressions() {
    run_all("event_json", domain::fuzzing::event_json);
}

#[test]
fn pgn_round_trip_regressions() {
    run_all("pgn_round_trip", domain::fuzzing::pgn_round_trip);
}
