//! The Swiss corpus (`tests/corpus/swiss`, see its README): 200 random tournaments paired by
//! bbpPairings, with TieBreakServer's tie-break values beside each.

use std::path::{Path, PathBuf};

use pairing::Tournament;

fn corpus() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/swiss");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 200, "the whole corpus");
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

#[test]
fn every_corpus_file_reads_and_writes_back_as_the_same_tournament() {
    for (path, text) in corpus() {
        let t = Tournament::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!t.players.is_empty(), "{}", path.display());
        let written = t.write();
        let again = Tournament::parse(&written)
            .unwrap_or_else(|e| panic!("{} written back: {e}\n{written}", path.display()));
        assert_eq!(again, t, "{}", path.display());
        // And the same again in CRLF, as Windows programs write it.
        let crlf = Tournament::parse(&written.replace('\n', "\r\n")).unwrap();
        assert_eq!(crlf, t, "{}", path.display());
    }
}

mod damaged {
    use proptest::prelude::*;

    /// A corpus file with bytes replaced, removed or repeated anywhere: refused with a line and a
    /// reason, or read and written back alike; never a panic.
    fn damaged() -> impl Strategy<Value = Vec<u8>> {
        let file = include_bytes!("corpus/swiss/t00001.trf").to_vec();
        let len = file.len();
        prop::collection::vec((0..len, 0u8..4, any::<u8>()), 1..12).prop_map(move |edits| {
            let mut bytes = file.clone();
            for (at, how, byte) in edits {
                let at = at.min(bytes.len().saturating_sub(1));
                match how {
                    0 => bytes[at] = byte,
                    1 => {
                        bytes.remove(at);
                    }
                    2 => bytes.insert(at, byte),
                    _ => bytes[at] = b"0123456789 .-+=wbWDLHFUZ\r\n"[usize::from(byte) % 26],
                }
            }
            bytes
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn a_damaged_file_is_refused_or_read_whole(bytes in damaged()) {
            pairing::fuzzing::trf(&bytes);
        }
    }
}

mod tiebreaks {
    use pairing::tiebreak::{standings, Code, Rules};
    use pairing::Tournament;

    /// TieBreakServer's values for each corpus tournament: every one equals zarf's, and so does
    /// every rank.
    #[test]
    fn every_tiebreak_value_and_rank_equals_tiebreakservers() {
        let mut checked = 0;
        let mut wrong = Vec::new();
        for (path, text) in super::corpus() {
            let t = Tournament::parse(&text).unwrap();
            let json_path = path.with_extension("tiebreaks.json");
            let expected: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
            let names: Vec<&str> = expected["tiebreaks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            let codes: Vec<Code> = names.iter().map(|c| Code::parse(c).unwrap()).collect();
            let table = standings(&t, &codes, Rules::Fide2026);
            for row in &table.rows {
                let theirs = &expected["players"][row.id.to_string()];
                if theirs["rank"].as_u64() != Some(row.rank as u64) {
                    wrong.push(format!(
                        "{}: player {} rank {} (theirs {})",
                        path.display(),
                        row.id,
                        row.rank,
                        theirs["rank"]
                    ));
                }
                for (name, value) in names.iter().zip(&row.values) {
                    let want = theirs[*name].as_f64().map(|v| (v * 100.0).round() as i64);
                    let ours = value.map(|v| v.hundredths());
                    checked += 1;
                    if want != ours {
                        wrong.push(format!(
                            "{}: player {} {name} {:?} (theirs {})",
                            path.file_name().unwrap().to_string_lossy(),
                            row.id,
                            value.map(|v| v.to_string()),
                            theirs[*name]
                        ));
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
        assert!(
            wrong.is_empty(),
            "{} of {checked} differ:\n{}",
            wrong.len(),
            wrong[..wrong.len().min(40)].join("\n")
        );
    }
}
