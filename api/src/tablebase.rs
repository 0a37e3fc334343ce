//! The operator's Syzygy endgame tablebases (`ZARF_SYZYGY_PATH`): registered once at start,
//! memory-mapped as they are first probed, shared by every worker, and probed for a chess
//! position's verdict. A position the tables do not hold (too many pieces, its own table or
//! either of its two files missing, castling rights, an en passant capture to be made) has no
//! verdict: nothing is ever claimed for it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use domain::game::tablebase::{Tables, Verdict, Wdl};
use domain::games::GameKind;
use sha2::{Digest, Sha256};
use shakmaty::{Chess, EnPassantMode, Position};
use shakmaty_syzygy::{Material, MaybeRounded, SyzygyError, Tablebase};

/// The tables the service has; none when the operator gave none.
pub struct Tablebases {
    tables: Option<Tablebase<Chess>>,
    /// The materials (as their files are named) with both a WDL and a DTZ file.
    held: BTreeSet<String>,
    /// The most pieces (kings included) any of its tables holds.
    pieces: usize,
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

/// The tables as a game's decider asks them: a chess position's verdict; none for the other
/// games.
impl Tables<GameKind> for Tablebases {
    fn probe(&self, position: &domain::games::Position) -> Option<Verdict> {
        match position {
            domain::games::Position::Chess(position) => Tablebases::probe(self, position),
            _ => None,
        }
    }
}

impl Tablebases {
    /// No tables: every position is outside them.
    pub fn none() -> Tablebases {
        Tablebases {
            tables: None,
            held: BTreeSet::new(),
            pieces: 0,
            files: 0,
            identity: String::new(),
        }
    }

    /// The tables in `dirs` (each a directory of `.rtbw`/`.rtbz` files), each file registered
    /// now and memory-mapped when first probed. A directory that cannot be read is an error;
    /// a file the reader does not take (not a table's name, a wrong size) is skipped with a
    /// warning; a material with only one of its two files holds nothing.
    pub fn open(dirs: &[PathBuf]) -> anyhow::Result<Tablebases> {
        // Safety: the operator's table files are published, checksummed data that is not
        // written while the service runs. Truncating or rewriting a mapped file in place would
        // end the process (SIGBUS); a set is replaced by a new directory and a restart.
        let mut tables = unsafe { Tablebase::with_mmap_filesystem() };
        let mut taken: BTreeMap<String, (PathBuf, u64)> = BTreeMap::new();
        for dir in dirs {
            let entries = std::fs::read_dir(dir)
                .map_err(|e| anyhow::anyhow!("ZARF_SYZYGY_PATH: {}: {e}", dir.display()))?;
            let mut paths: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "rtbw" || x == "rtbz"))
                .collect();
            paths.sort();
            for path in paths {
                let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned)
                else {
                    continue;
                };
                // The file's own size, through a symbolic link.
                let size = match std::fs::metadata(&path) {
                    Ok(m) if m.is_file() => m.len(),
                    _ => continue,
                };
                if let Err(e) = tables.add_file(&path) {
                    tracing::warn!(file = %path.display(), error = %e, "not a table file; skipped");
                    continue;
                }
                if let Some((first, _)) = taken.insert(name, (path.clone(), size)) {
                    tracing::warn!(
                        file = %path.display(),
                        instead_of = %first.display(),
                        "a table file of the same name in a later directory is the one used"
                    );
                }
            }
        }
        let stems = |ext: &str| -> BTreeSet<String> {
            taken
                .keys()
                .filter_map(|n| n.strip_suffix(ext).map(str::to_owned))
                .collect()
        };
        let (wdl, dtz) = (stems(".rtbw"), stems(".rtbz"));
        for lone in wdl.symmetric_difference(&dtz) {
            tracing::warn!(material = %lone, "a table with only one of its WDL and DTZ files holds nothing");
        }
        let held: BTreeSet<String> = wdl.intersection(&dtz).cloned().collect();
        if taken.is_empty() {
            return Ok(Tablebases::none());
        }
        let mut digest = Sha256::new();
        for (name, (_, size)) in &taken {
            digest.update(format!("{name} {size}\n"));
        }
        let hex: String = digest
            .finalize()
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        let pieces = held
            .iter()
            .map(|m| m.chars().filter(|c| *c != 'v').count())
            .max()
            .unwrap_or(0);
        Ok(Tablebases {
            tables: Some(tables),
            held,
            pieces,
            files: taken.len(),
            identity: format!("syzygy:{hex}"),
        })
    }

    /// The most pieces (kings included) any of its tables holds; 0 without tables.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// Whether a command that plays at most `plies` moves from `position` may reach a position
    /// of as few pieces as some table holds (each move takes at most one piece). Where it may
    /// not, judging it never reads a table file.
    pub fn within_reach(&self, position: &domain::games::Position, plies: usize) -> bool {
        match position {
            domain::games::Position::Chess(position) => {
                self.pieces > 0 && position.board().occupied().count() <= self.pieces + plies
            }
            _ => false,
        }
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
        // Its own table, both files: the reader would otherwise answer a position it can
        // settle by a capture into tables it has, without the position's own.
        let material = Material::from_board(position.board()).to_string();
        let (white, black) = material.split_once('v')?;
        if !self.held.contains(&material) && !self.held.contains(&format!("{black}v{white}")) {
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
