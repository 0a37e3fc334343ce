//! The Swiss corpus (`tests/corpus/swiss`, see its README): 200 random tournaments paired by
//! bbpPairings, with TieBreakServer's tie-break values beside each.

use std::path::PathBuf;

use pairing::Tournament;

mod common;
use common::files;

/// The Swiss corpus's 200 tournaments.
fn corpus() -> Vec<(PathBuf, String)> {
    let files = files("swiss");
    assert_eq!(files.len(), 200, "the whole corpus");
    files
}

/// 80 more made by bbpPairings' generator (`tests/corpus/generated`, CR line ends as it writes
/// them): 40 of 150 players and 9 rounds, 40 of 36 players and 7 rounds scoring 3-1-0.
fn generated() -> Vec<(PathBuf, String)> {
    let files = files("generated");
    assert_eq!(files.len(), 80, "the whole set");
    files
}

#[test]
fn every_corpus_file_reads_and_writes_back_as_the_same_tournament() {
    for (path, text) in corpus().into_iter().chain(generated()) {
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
    use std::path::{Path, PathBuf};

    use pairing::tiebreak::{standings, Code, Rules};
    use pairing::Tournament;

    /// Compares zarf's standings of `t` with a reference's (`{"tiebreaks": [codes], "players":
    /// {"<id>": {"rank": …, "<code>": …}}}`): how many values were compared, and each that differs.
    fn compare(
        name: &str,
        t: &Tournament,
        reference: &serde_json::Value,
        rules: Rules,
    ) -> (usize, Vec<String>) {
        let names: Vec<&str> = reference["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        let codes: Vec<Code> = names.iter().map(|c| Code::parse(c).unwrap()).collect();
        let table = standings(t, &codes, rules);
        let (mut checked, mut wrong) = (0, Vec::new());
        for row in &table.rows {
            let theirs = &reference["players"][row.id.to_string()];
            checked += 1;
            if theirs["rank"].as_u64() != Some(row.rank as u64) {
                wrong.push(format!(
                    "{name}: player {} rank {} (theirs {})",
                    row.id, row.rank, theirs["rank"]
                ));
            }
            for (code, value) in names.iter().zip(&row.values) {
                let want = theirs[*code].as_f64().map(|v| (v * 100.0).round() as i64);
                checked += 1;
                if want != value.map(|v| v.hundredths()) {
                    wrong.push(format!(
                        "{name}: player {} {code} {:?} (theirs {})",
                        row.id,
                        value.map(|v| v.to_string()),
                        theirs[*code]
                    ));
                }
            }
        }
        (checked, wrong)
    }

    fn read_json(path: &Path) -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn assert_none_differ(checked: usize, wrong: &[String], at_least: usize) {
        assert!(checked >= at_least, "{checked}");
        assert!(
            wrong.is_empty(),
            "{} of {checked} differ:\n{}",
            wrong.len(),
            wrong[..wrong.len().min(40)].join("\n")
        );
    }

    /// Compares every file's standings with its `.tiebreaks.json` (2026 edition) and says that
    /// none differs, out of at least `at_least` values compared.
    fn compare_each(files: Vec<(PathBuf, String)>, at_least: usize) {
        let (mut checked, mut wrong) = (0, Vec::new());
        for (path, text) in files {
            let t = Tournament::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let reference = read_json(&path.with_extension("tiebreaks.json"));
            let (c, w) = compare(&name, &t, &reference, Rules::Fide2026);
            checked += c;
            wrong.extend(w);
        }
        assert_none_differ(checked, &wrong, at_least);
    }

    /// TieBreakServer's values for each corpus tournament (2026 rules): every one equals zarf's,
    /// and so does every rank.
    #[test]
    fn every_tiebreak_value_and_rank_equals_tiebreakservers() {
        compare_each(super::corpus(), 170_000);
    }

    /// The generated tournaments (bigger, and scoring 3-1-0) with TieBreakServer's values.
    #[test]
    fn generated_tournaments_tiebreaks_equal_tiebreakservers() {
        compare_each(super::generated(), 100_000);
    }

    /// More of TieBreakServer's values for the same tournaments (`tNNNNN.more.json`): the
    /// Buchholz family by the 2024 edition, and TPR, ARO/M1, KS, PS/C1, BH/M2 by 2026's.
    #[test]
    fn the_2024_edition_and_more_tiebreaks_equal_tiebreakservers() {
        let (mut checked, mut wrong) = (0, Vec::new());
        for (path, text) in super::corpus() {
            let t = Tournament::parse(&text).unwrap();
            let more = read_json(&path.with_extension("more.json"));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            for (section, rules) in [
                ("fide-2024", Rules::Fide2024),
                ("fide-2026", Rules::Fide2026),
            ] {
                let (c, w) = compare(&format!("{name} {section}"), &t, &more[section], rules);
                checked += c;
                wrong.extend(w);
            }
        }
        assert_none_differ(checked, &wrong, 140_000);
    }

    /// Round robins, single and double, with forfeits and withdrawals
    /// (`tests/corpus/round-robin`), and TieBreakServer's values for them.
    #[test]
    fn round_robin_tiebreaks_equal_tiebreakservers() {
        let files = super::files("round-robin");
        assert_eq!(files.len(), 60);
        compare_each(files, 5_000);
    }
}

mod swiss_states {
    use pairing::swiss::{states, Strength};
    use pairing::{Outcome, Tournament};

    /// Every round bbpPairings paired keeps the Dutch system's absolute criteria as zarf reads
    /// each player's state before it: no two players meet twice (C1), the pairing-allocated bye
    /// goes only to a player who may have it (C2), and two players with the same absolute colour
    /// preference meet only in the last round with a topscorer among them (C3).
    #[test]
    fn every_recorded_round_keeps_the_absolute_criteria_by_zarfs_states() {
        let mut rounds_checked = 0;
        for (path, text) in super::corpus().into_iter().chain(super::generated()) {
            let t = Tournament::parse(&text).unwrap();
            let total = t.played_rounds();
            for before in 0..total {
                let s = states(&t, before);
                let last_round = before + 1 == total;
                // A topscorer has more than half the points of a win in every round played.
                let topscorer = |i: usize| {
                    let rounds = i32::try_from(before).unwrap();
                    s[i].paired_score.as_tenths() * 2 > t.scoring.win.as_tenths() * rounds
                };
                for (i, p) in t.players.iter().enumerate() {
                    let Some(e) = p.rounds.get(before) else {
                        continue;
                    };
                    let at = format!("{}: round {}, player {}", path.display(), before + 1, p.id);
                    if e.outcome == Outcome::PairingBye {
                        assert!(s[i].bye_eligible, "{at}: a second bye");
                    }
                    let Some(o) = e.opponent else { continue };
                    assert!(!s[i].opponents.contains(&o), "{at}: meets {o} again");
                    let j = t.players.iter().position(|q| q.id == o).unwrap();
                    let same_absolute = s[i].strength == Strength::Absolute
                        && s[j].strength == Strength::Absolute
                        && s[i].preference == s[j].preference;
                    if same_absolute {
                        assert!(
                            last_round && (topscorer(i) || topscorer(j)),
                            "{at}: both must have {:?}",
                            s[i].preference
                        );
                    }
                    // Who got which colour: an absolute preference is granted unless both have it.
                    if s[i].strength == Strength::Absolute && !same_absolute && e.colour.is_some() {
                        assert_eq!(e.colour, s[i].preference, "{at}: its absolute colour");
                    }
                }
                rounds_checked += 1;
            }
        }
        assert!(rounds_checked > 1000, "{rounds_checked}");
    }
}
