//! The tournament commands on a report file: FIDE tie-breaks and standings (`zarf tiebreaks`),
//! the Dutch system's next round and the check of every round (`zarf pair`).

use std::fmt::Write as _;

use anyhow::Context;
use api::config::{PairArgs, TiebreakRules, TiebreaksArgs};
use pairing::berger::Board;
use pairing::dutch::{self, DutchError, Options};
use pairing::tiebreak::{self, Code, Rules};
use pairing::Tournament;

fn read(path: &std::path::Path) -> anyhow::Result<Tournament> {
    let text = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let text = String::from_utf8_lossy(&text);
    Tournament::parse(&text)
        .with_context(|| format!("{} is not a tournament report file", path.display()))
}

/// Prints the standings with each player's tie-break values, as a table or JSON.
pub fn tiebreaks(args: &TiebreaksArgs) -> anyhow::Result<String> {
    let t = read(&args.file)?;
    let codes = if args.codes.is_empty() {
        tiebreak::tiebreaks_of(&t)
    } else {
        args.codes
            .iter()
            .map(|c| {
                Code::parse(c).with_context(|| format!("{c:?} is not a FIDE tie-break zarf knows"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?
    };
    let rules = match args.rules {
        TiebreakRules::Fide2026 => Rules::Fide2026,
        TiebreakRules::Fide2024 => Rules::Fide2024,
    };
    let table = tiebreak::standings(&t, &codes, rules);
    let names: Vec<String> = codes.iter().map(Code::to_string).collect();
    if args.json {
        let players: serde_json::Map<String, serde_json::Value> = table
            .rows
            .iter()
            .map(|row| {
                let mut values = serde_json::Map::new();
                values.insert("rank".into(), row.rank.into());
                for ((name, code), value) in names.iter().zip(&codes).zip(&row.values) {
                    let json = match value {
                        None => serde_json::Value::Null,
                        Some(v) if code.whole() => (v.hundredths() / 100).into(),
                        Some(v) => v.as_f64().into(),
                    };
                    values.insert(name.clone(), json);
                }
                (row.id.to_string(), values.into())
            })
            .collect();
        let doc = serde_json::json!({
            "rules": if rules == Rules::Fide2024 { "fide-2024" } else { "fide-2026" },
            "kind": if tiebreak::is_round_robin(&t) { "round-robin" } else { "swiss" },
            "tiebreaks": names,
            "players": players,
        });
        return Ok(serde_json::to_string_pretty(&doc)? + "\n");
    }
    let mut out = format!("{:>4} {:>4}  {:<33}", "rank", "no", "name");
    for name in &names {
        let _ = write!(out, " {name:>7}");
    }
    out.push('\n');
    for row in &table.rows {
        let name = t.player(row.id).map_or("", |p| p.name.as_str());
        let _ = write!(out, "{:>4} {:>4}  {:<33}", row.rank, row.id, name);
        for value in &row.values {
            let text = value.map_or("-".to_owned(), |v| v.to_string());
            let _ = write!(out, " {text:>7}");
        }
        out.push('\n');
    }
    Ok(out)
}

/// Exit codes of `zarf pair`, those of bbpPairings.
mod exit {
    /// No pairing satisfies the absolute criteria; with `-c`, a round differs.
    pub const NO_PAIRING: i32 = 1;
    /// The file is not a tournament zarf can pair.
    pub const INVALID: i32 = 3;
    /// A file cannot be read or written.
    pub const FILE: i32 = 5;
}

/// `zarf pair`: the exit code and what goes to standard output (errors go to standard error).
pub fn pair(args: &PairArgs) -> (i32, String) {
    match run_pair(args) {
        Ok(out) => (0, out),
        Err((code, message)) => {
            eprintln!("zarf pair: {message}");
            (code, String::new())
        }
    }
}

fn run_pair(args: &PairArgs) -> Result<String, (i32, String)> {
    let bytes = std::fs::read(&args.file).map_err(|e| {
        (
            exit::FILE,
            format!("cannot read {}: {e}", args.file.display()),
        )
    })?;
    let t = Tournament::parse(&String::from_utf8_lossy(&bytes)).map_err(|e| {
        let reason = format!(
            "{} is not a tournament report file: {e}",
            args.file.display()
        );
        (exit::INVALID, reason)
    })?;
    let options = Options { baku: args.baku };
    let refused = |e: DutchError| {
        let code = match e {
            DutchError::NoPairing(_) => exit::NO_PAIRING,
            _ => exit::INVALID,
        };
        (code, format!("{}: {e}", args.file.display()))
    };
    if args.check {
        let differences = dutch::check(&t, options).map_err(refused)?;
        if differences.is_empty() {
            return Ok(format!(
                "{}: every one of its {} rounds is paired as the rules give\n",
                args.file.display(),
                t.played_rounds()
            ));
        }
        let mut out = String::new();
        for d in &differences {
            let _ = writeln!(out, "{}: round {} differs", args.file.display(), d.round);
            let _ = writeln!(
                out,
                "  the rules give: {}",
                match &d.expected {
                    Ok(boards) => pairs_line(boards),
                    Err(e) => e.to_string(),
                }
            );
            let _ = writeln!(out, "  the file has:   {}", pairs_line(&d.recorded));
        }
        // The list is the answer; the exit code says that rounds differ.
        print!("{out}");
        let rounds: Vec<String> = differences.iter().map(|d| d.round.to_string()).collect();
        return Err((
            exit::NO_PAIRING,
            format!("rounds that differ: {}", rounds.join(", ")),
        ));
    }
    let boards = dutch::pair(&t, options).map_err(refused)?;
    let mut out = format!("{}\n", boards.len());
    for b in &boards {
        let _ = match *b {
            Board::Game { white, black } => writeln!(out, "{white} {black}"),
            Board::Bye(p) => writeln!(out, "{p} 0"),
        };
    }
    match args.pairings.as_deref() {
        Some(path) if path != std::path::Path::new("-") => {
            std::fs::write(path, &out)
                .map_err(|e| (exit::FILE, format!("cannot write {}: {e}", path.display())))?;
            Ok(String::new())
        }
        _ => Ok(out),
    }
}

/// Boards as `1-5 7-2 … 9-0`, sorted by the first player: white first, the bye as `0`.
fn pairs_line(boards: &[Board]) -> String {
    let mut pairs: Vec<(u16, u16)> = boards
        .iter()
        .map(|b| match *b {
            Board::Game { white, black } => (white, black),
            Board::Bye(p) => (p, 0),
        })
        .collect();
    pairs.sort_unstable();
    let text: Vec<String> = pairs.iter().map(|(w, b)| format!("{w}-{b}")).collect();
    text.join(" ")
}
