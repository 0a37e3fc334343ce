//! The service's tablebase reader against an independent prober: every position of
//! `tests/data/syzygy/probes.csv` (random positions of each table's material, cursed wins and
//! blessed losses, positions with castling rights or an en passant capture) was probed with
//! python-chess's `chess.syzygy` over the same table files.

use std::path::PathBuf;

use api::tablebase::Tablebases;
use domain::game::tablebase::Wdl;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn tables_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/syzygy")
}

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    fen.into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_probe_agrees_with_python_chess() {
    let tables = Tablebases::open(&[tables_dir()]).unwrap();
    assert_eq!(tables.pieces(), 5);
    let text = std::fs::read_to_string(tables_dir().join("probes.csv")).unwrap();
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut wdls = std::collections::BTreeMap::<i8, usize>::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let [fen, kind, wdl, dtz] = fields[..] else {
            panic!("{line}");
        };
        *seen.entry(kind.to_owned()).or_default() += 1;
        let verdict = tables.probe(&position(fen));
        match kind {
            // The tables hold neither: no verdict, whatever a prober searching further says.
            "castling" | "en_passant" => assert_eq!(verdict, None, "{fen}"),
            _ => {
                let v = verdict.unwrap_or_else(|| panic!("{fen}: no verdict"));
                let wdl: i8 = wdl.parse().unwrap();
                assert_eq!(v.wdl.value(), wdl, "{fen}");
                assert_eq!(v.dtz, dtz.parse::<i32>().unwrap(), "{fen}");
                assert_eq!(
                    usize::from(v.pieces),
                    fen.split(' ')
                        .next()
                        .unwrap()
                        .chars()
                        .filter(char::is_ascii_alphabetic)
                        .count()
                );
                assert_eq!(v.tables, tables.identity());
                *wdls.entry(wdl).or_default() += 1;
            }
        }
    }
    let total: usize = seen.values().sum();
    assert!(total >= 2000, "{seen:?}");
    for kind in ["random", "cursed", "blessed", "castling", "en_passant"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) >= 10,
            "{kind}: {seen:?}"
        );
    }
    for wdl in -2..=2 {
        assert!(
            wdls.get(&wdl).copied().unwrap_or(0) >= 10,
            "{wdl}: {wdls:?}"
        );
    }
}

#[test]
fn a_position_beyond_the_tables_has_no_verdict() {
    let tables = Tablebases::open(&[tables_dir()]).unwrap();
    // Six pieces: more than any table here.
    assert_eq!(
        tables.probe(&position("4k3/8/8/8/8/8/2RBN3/4K1Q1 w - - 0 1")),
        None
    );
    // Five pieces, a material whose table is not here, and no capture into one that is.
    assert_eq!(
        tables.probe(&position("4k3/8/8/3q4/8/8/8/RQ2K3 w - - 0 1")),
        None
    );
    // The same material won by taking the queen: the reader could tell, but the position's own
    // table is not here, so no verdict.
    assert_eq!(
        tables.probe(&position("4k3/8/8/8/8/8/3q4/RQ2K3 w - - 0 1")),
        None
    );
    // The opening position: castling rights, and far too many pieces.
    assert_eq!(tables.probe(&Chess::default()), None);
    // A won position with a table: KQ against K.
    let v = tables
        .probe(&position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"))
        .unwrap();
    assert_eq!((v.wdl, v.pieces), (Wdl::Win, 3));
    assert!(v.dtz > 0);
}

#[test]
fn a_command_is_within_reach_of_the_tables_two_captures_away() {
    let tables = Tablebases::open(&[tables_dir()]).unwrap();
    assert_eq!(tables.pieces(), 5);
    let chess = |fen: &str| domain::games::Position::Chess(position(fen));
    // Seven pieces: a move and a reply may take two of them and leave five.
    let seven = chess("r3k3/8/8/8/8/8/1p6/R2QK1N1 w - - 0 40");
    assert!(tables.within_reach(&seven, 2));
    assert!(!tables.within_reach(&seven, 1));
    // The start position is out of reach; so is any position without tables.
    let start = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(!tables.within_reach(&start, 2));
    let none = Tablebases::open(&[]).unwrap();
    assert!(!none.within_reach(&chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), 2));
}

#[test]
fn without_tables_nothing_is_held() {
    let none = Tablebases::open(&[]).unwrap();
    assert_eq!((none.pieces(), none.files()), (0, 0));
    assert_eq!(
        none.probe(&position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")),
        None
    );
    let empty = std::env::temp_dir().join(format!("zarf-no-tables-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let none = Tablebases::open(&[empty]).unwrap();
    assert_eq!(none.pieces(), 0);
    assert!(Tablebases::open(&[PathBuf::from("/no/such/tables")]).is_err());
}

#[test]
fn the_set_is_named_by_its_files() {
    let a = Tablebases::open(&[tables_dir()]).unwrap();
    let b = Tablebases::open(&[tables_dir(), tables_dir()]).unwrap();
    assert_eq!(a.identity(), b.identity(), "the same files, the same name");
    assert!(a.identity().starts_with("syzygy:") && a.identity().len() == "syzygy:".len() + 16);
    assert_eq!(a.files(), b.files());
}

#[test]
fn a_material_with_one_of_its_two_files_holds_nothing() {
    let dir = std::env::temp_dir().join(format!("zarf-lone-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(tables_dir().join("KQvK.rtbw"), dir.join("KQvK.rtbw")).unwrap();
    std::fs::copy(tables_dir().join("KRvK.rtbw"), dir.join("KRvK.rtbw")).unwrap();
    std::fs::copy(tables_dir().join("KRvK.rtbz"), dir.join("KRvK.rtbz")).unwrap();
    std::fs::write(dir.join("notes.rtbw"), b"not a table").unwrap();
    let tables = Tablebases::open(std::slice::from_ref(&dir)).unwrap();
    assert_eq!((tables.pieces(), tables.files()), (3, 3), "{tables:?}");
    assert_eq!(
        tables.probe(&position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")),
        None
    );
    let v = tables
        .probe(&position("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"))
        .unwrap();
    assert_eq!(v.wdl, Wdl::Win);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_path_is_split_at_colons_and_empty_parts_are_dropped() {
    let mut config = api::config::Config::for_database("sqlite://unused", PathBuf::from("unused"));
    config.syzygy_path = String::new();
    assert_eq!(config.syzygy_dirs(), Vec::<PathBuf>::new());
    config.syzygy_path = "/tables/345::/tables/6:".into();
    assert_eq!(
        config.syzygy_dirs(),
        [PathBuf::from("/tables/345"), PathBuf::from("/tables/6")]
    );
}
