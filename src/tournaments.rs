//! The tournament commands: FIDE tie-breaks and standings of a report file (`zarf tiebreaks`).

use std::fmt::Write as _;

use anyhow::Context;
use api::config::{TiebreakRules, TiebreaksArgs};
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
