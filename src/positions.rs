//! `zarf perft` and `zarf moves`: the move generator of any game, from the command line, as
//! engines publish it (perft counts to compare against, and the moves of a position).

use std::fmt::Write as _;

use anyhow::{anyhow, Context as _};
use api::config::{MovesArgs, PerftArgs};
use domain::game::{perft, Rules, SetUpError};
use domain::games::{GameKind, Position};

/// The game by its name and the position asked for (the standard start if none). `None` for
/// a legal position in which the game is already over: it has no moves.
fn position(game: &str, text: Option<&str>) -> anyhow::Result<(GameKind, Option<Position>)> {
    let kind = GameKind::named(game).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        anyhow!("{game:?} is not a game (one of {})", names.join(", "))
    })?;
    let Some(text) = text else {
        return Ok((kind, Some(kind.start())));
    };
    match kind.set_up(text) {
        Ok((pos, _)) => Ok((kind, Some(pos))),
        Err(SetUpError::NotPlayable(_)) => Ok((kind, None)),
        Err(SetUpError::Invalid(why)) => Err(anyhow!("not a position: {why}")),
    }
}

/// One line `DEPTH NODES` for each depth from 1 to `args.depth`.
pub fn perft_lines(args: &PerftArgs) -> anyhow::Result<String> {
    let (_, pos) = position(&args.game, args.position.as_deref()).context("zarf perft")?;
    let mut out = String::new();
    for depth in 1..=args.depth {
        let nodes = pos.as_ref().map_or(0, |p| perft::<GameKind>(p, depth));
        let _ = writeln!(out, "{depth} {nodes}");
    }
    Ok(out)
}

/// Each legal move as the record writes it, a space, and the position text after it; in the
/// order the service lists legal moves.
pub fn move_lines(args: &MovesArgs) -> anyhow::Result<String> {
    let (_, pos) = position(&args.game, args.position.as_deref()).context("zarf moves")?;
    let Some(pos) = pos else {
        return Ok(String::new());
    };
    let mut lines: Vec<(String, String)> = GameKind::legal_moves(&pos)
        .into_iter()
        .map(|m| {
            let text = GameKind::record(&pos, m).san;
            let mut after = pos.clone();
            GameKind::play(&mut after, m);
            (text, GameKind::set_up_text(&after))
        })
        .collect();
    lines.sort_by(|a, b| api::games::natural_order(&a.0, &b.0));
    Ok(lines
        .into_iter()
        .map(|(m, after)| format!("{m} {after}\n"))
        .collect())
}
