//! The operator's Syzygy endgame tablebases (`ZARF_SYZYGY_PATH`): opened once at start,
//! memory-mapped, shared by every worker, and probed for a chess position's verdict. A position
//! the tables do not hold (too many pieces, a table missing, castling rights, an en passant
//! capture to be made) has no verdict: nothing is ever claimed for it.

use std::path::{Path, PathBuf};

use domain::game::tablebase::{Verdict, Wdl};
use sha2::{Digest, Sha256};
use shakmaty::{Chess, EnPassantMode, Position};
use shakmaty_syzygy::{MaybeRounded, SyzygyError, Tablebase};

/// The tables the service has; none when the operator gave none.
pub struct Tablebases {
    tables: Option<Tablebase<Chess>>,
    files: usize,
    identity: String,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("pieces", &self.pieces())
            .field("files", &self.files)
            .field("identity", &self.identity)
            .finish()
    }
}

impl Tablebases {
    /// No tables: every position is outside them.
    pub fn none() -> Tablebases {
        Tablebases {
            tables: None,
            files: 0,
            identity: String::new(),
        }
    }

    /// The tables in `dirs` (each a directory of `.rtbw`/`.rtbz` files). A directory that
    /// cannot be read is an error; directories holding no table give none.
    pub fn open(dirs: &[PathBuf]) -> anyhow::Result<Tablebases> {
        if dirs.is_empty() {
            return Ok(Tablebases::none());
        }
        // Safety: the operator's table files are not written while the service runs (they
        // are published, checksummed data); an I/O error reading them ends the process, as a
        // failing disk would.
        let mut tables = unsafe { Tablebase::with_mmap_filesystem() };
        let mut named: Vec<(String, u64)> = Vec::new();
        for dir in dirs {
            tables
                .add_directory(dir)
                .map_err(|e| anyhow::anyhow!("ZARF_SYZYGY_PATH: {}: {e}", dir.display()))?;
            named.extend(table_files(dir)?);
        }
        if named.is_empty() {
            return Ok(Tablebases::none());
        }
        named.sort();
        named.dedup();
        let mut digest = Sha256::new();
        for (name, size) in &named {
            digest.update(format!("{name} {size}\n"));
        }
        let hex: String = digest
            .finalize()
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok(Tablebases {
            tables: Some(tables),
            files: named.len(),
            identity: format!("syzygy:{hex}"),
        })
    }

    /// The most pieces (kings included) any of its tables holds; 0 without tables.
    pub fn pieces(&self) -> usize {
        self.tables.as_ref().map_or(0, Tablebase::max_pieces)
    }

    /// How many table files it has (WDL and DTZ counted apart).
    pub fn files(&self) -> usize {
        self.files
    }

    /// What names this set of tables in a verdict: the format and a digest of its files'
    /// names and sizes.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// The tables' verdict on `position`, for its side to move; none where they do not hold it.
    pub fn probe(&self, position: &Chess) -> Option<Verdict> {
        let tables = self.tables.as_ref()?;
        let pieces = position.board().occupied().count();
        if pieces > tables.max_pieces() || position.castles().any() {
            return None;
        }
        // The tables hold no position with an en passant capture to be made: the probe would
        // search it, but a claim waits for a position the tables hold themselves.
        if position.ep_square(EnPassantMode::Legal).is_some() {
            return None;
        }
        // As if the fifty-move counter were zero: where the tables decide a game, the rule is
        // suspended, so the counter does not change the verdict (a cursed win stays a win).
        let wdl = tables.probe_wdl_after_zeroing(position).map_err(log).ok()?;
        let (dtz, dtz_rounded) = match tables.probe_dtz(position).map_err(log).ok()? {
            MaybeRounded::Precise(d) => (d.0, false),
            MaybeRounded::Rounded(d) => (d.0, true),
        };
        Some(Verdict {
            wdl: match wdl {
                shakmaty_syzygy::Wdl::Loss => Wdl::Loss,
                shakmaty_syzygy::Wdl::BlessedLoss => Wdl::BlessedLoss,
                shakmaty_syzygy::Wdl::Draw => Wdl::Draw,
                shakmaty_syzygy::Wdl::CursedWin => Wdl::CursedWin,
                shakmaty_syzygy::Wdl::Win => Wdl::Win,
            },
            dtz,
            dtz_rounded,
            pieces: u8::try_from(pieces).unwrap_or(u8::MAX),
            tables: self.identity.clone(),
        })
    }
}

/// A probe that failed for a reason other than the position being outside the tables is worth
/// the operator's eye (a damaged file).
fn log(e: SyzygyError) -> SyzygyError {
    match &e {
        SyzygyError::Castling | SyzygyError::TooManyPieces | SyzygyError::MissingTable { .. } => {}
        _ => tracing::warn!(error = %e, "tablebase probe failed"),
    }
    e
}

/// The table files in `dir`: their names and sizes.
fn table_files(dir: &Path) -> anyhow::Result<Vec<(String, u64)>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".rtbw") || name.ends_with(".rtbz") {
            files.push((name, entry.metadata()?.len()));
        }
    }
    Ok(files)
}
