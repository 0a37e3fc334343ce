//! The files zarf keeps are private to the account it runs as: the data directory and the mail
//! directory 0700, everything written in them 0600 (the admin token, the envelope key, the SQLite
//! database with its `-wal` and `-shm`, the mails, which hold live sign-in links). Each file is
//! created with its mode; what an earlier run or an operator left readable to others is
//! tightened at start, with a warning naming it. `zarf serve` also sets the process's umask to
//! 0077, so that nothing it or a library creates is readable to others.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::config::Config;

/// The mode of zarf's directories.
pub const DIR_MODE: u32 = 0o700;
/// The mode of the files zarf writes.
pub const FILE_MODE: u32 = 0o600;

/// Files and directories created from now on by this process are readable by its owner only.
pub fn private_umask() {
    #[cfg(unix)]
    // SAFETY: umask only sets the process's file mode creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
}

/// Makes the data directory, the SQLite database's files and the mail directory private: created
/// 0700 where missing, tightened where others may read them.
pub fn secure(config: &Config) -> anyhow::Result<()> {
    private_dir(&config.data_dir)?;
    for name in ["admin-token", "envelope.key"] {
        tighten(&config.data_dir.join(name), FILE_MODE);
    }
    if config
        .smtp_url
        .as_deref()
        .is_none_or(|u| u.trim().is_empty())
    {
        let mail_dir = config.mail_dir();
        if mail_dir.exists() {
            private_dir(&mail_dir)?;
            for eml in std::fs::read_dir(&mail_dir)?.flatten() {
                tighten(&eml.path(), FILE_MODE);
            }
        }
    }
    Ok(())
}

/// The directory at `path`, made with mode 0700 (and its missing parents), or tightened to it.
pub fn private_dir(path: &Path) -> anyhow::Result<()> {
    if path.is_dir() {
        tighten(path, DIR_MODE);
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(DIR_MODE);
    }
    builder
        .create(path)
        .with_context(|| format!("creating {}", path.display()))
}

/// `text` written to a new file at `path`, mode 0600 from its creation.
pub fn write_private(path: &Path, text: &[u8]) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(FILE_MODE);
    }
    let mut f = options
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    f.write_all(text)?;
    f.sync_all()?;
    Ok(())
}

/// The SQLite database at `path` made ready to open privately: its directory made if missing
/// (0700), the file made empty with mode 0600 if missing (SQLite gives its `-wal` and `-shm` the
/// database's mode), and the files of an existing database tightened. An in-memory database is
/// left alone.
pub fn sqlite_database(path: &Path) -> anyhow::Result<()> {
    let name = path.to_string_lossy();
    if name.is_empty() || name.starts_with(':') || name.starts_with("file:") {
        return Ok(());
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            private_dir(dir)?;
        }
    }
    match write_private(path, b"") {
        Ok(()) => {}
        Err(_) if path.exists() => {
            for file in sqlite_files(path) {
                tighten(&file, FILE_MODE);
            }
        }
        Err(e) => return Err(e),
    }
    Ok(())
}

/// The database's file and the files SQLite keeps beside it.
fn sqlite_files(path: &Path) -> Vec<PathBuf> {
    let mut files = vec![path.to_owned()];
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        files.push(PathBuf::from(name));
    }
    files
}

/// The file or directory at `path`, if others (group or world) may read, write or enter it,
/// given `mode`, with a warning; nothing if it is missing or already private. A failure is a
/// warning too: the server runs on.
pub fn tighten(path: &Path, mode: u32) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            return;
        };
        let had = meta.permissions().mode() & 0o777;
        if meta.file_type().is_symlink() || had & 0o077 == 0 {
            return;
        }
        match std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)) {
            Ok(()) => tracing::warn!(
                path = %path.display(),
                was = format_args!("{had:o}"),
                now = format_args!("{mode:o}"),
                "others could read this; it is now private"
            ),
            Err(e) => tracing::warn!(
                path = %path.display(),
                was = format_args!("{had:o}"),
                error = %e,
                "others can read this, and it could not be made private"
            ),
        }
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    fn scratch() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("zarf-files-{}", uuid::Uuid::now_v7()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_new_database_and_its_directory_are_private() {
        let dir = scratch();
        let db = dir.join("new/zarf.sqlite3");
        sqlite_database(&db).unwrap();
        assert_eq!((mode(&dir.join("new")), mode(&db)), (0o700, 0o600));
        assert_eq!(
            std::fs::metadata(&db).unwrap().len(),
            0,
            "an empty database"
        );
        // Made again: the file is kept.
        std::fs::write(&db, b"x").unwrap();
        sqlite_database(&db).unwrap();
        assert_eq!(std::fs::read(&db).unwrap(), b"x");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn what_others_could_read_is_tightened_and_the_rest_left_alone() {
        let dir = scratch();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let db = dir.join("zarf.sqlite3");
        let wal = dir.join("zarf.sqlite3-wal");
        for f in [&db, &wal] {
            std::fs::write(f, b"").unwrap();
            std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
        let own = dir.join("mine");
        std::fs::write(&own, b"").unwrap();
        std::fs::set_permissions(&own, std::fs::Permissions::from_mode(0o400)).unwrap();
        private_dir(&dir).unwrap();
        sqlite_database(&db).unwrap();
        tighten(&own, FILE_MODE);
        assert_eq!(
            (mode(&dir), mode(&db), mode(&wal), mode(&own)),
            (0o700, 0o600, 0o600, 0o400)
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_in_memory_database_makes_no_file() {
        for name in [":memory:", "file::memory:?cache=shared"] {
            sqlite_database(Path::new(name)).unwrap();
            assert!(!Path::new(name).exists());
        }
    }
}
