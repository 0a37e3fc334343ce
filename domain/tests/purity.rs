//! The rules engine is pure: its dependency tree holds no IO, async, database, mail or randomness
//! crate, and its source reads no clock, file, network, environment or entropy.

use std::path::Path;
use std::process::Command;

const FORBIDDEN_CRATES: &[&str] = &[
    "tokio",
    "async-std",
    "mio",
    "actix",
    "actix-web",
    "actix-rt",
    "hyper",
    "reqwest",
    "socket2",
    "diesel",
    "r2d2",
    "libsqlite3-sys",
    "postgres",
    "pq-sys",
    "lettre",
    "rand",
    "getrandom",
    "tracing-subscriber",
];

#[test]
fn the_dependency_tree_holds_no_io_crate() {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "-p",
            "zarf-domain",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(names.contains(&"shakmaty"), "the tree was read: {tree}");
    for name in &names {
        let bad = FORBIDDEN_CRATES
            .iter()
            .any(|f| name == f || name.starts_with(&format!("{f}-")));
        assert!(!bad, "the domain depends on {name}");
    }
}

#[test]
fn the_source_reads_no_clock_file_network_or_entropy() {
    const FORBIDDEN: &[&str] = &[
        "std::fs",
        "std::net",
        "std::env",
        "std::process",
        "std::thread",
        "SystemTime",
        "Instant::now",
        "now_utc",
        "now_local",
        "thread_rng",
        "Uuid::new",
        "File::open",
        "File::create",
        "OpenOptions",
    ];
    let mut files = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 5);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for word in FORBIDDEN {
            assert!(!text.contains(word), "{} uses {word}", file.display());
        }
    }
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
