//! `zarf perft` and `zarf moves`: the move generator of any game, from the command line, as
//! engines publish it (perft counts to compare against, and the moves of a position).

use std::fmt::Write as _;

use anyhow::{anyhow, Context as _};
use api::config::{MovesArgs, PerftArgs};
use domain::game::dice::Dice;
use domain::game::{perft, Rules, SetUpError, Throwing};
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
/// order the service lists legal moves. In a game of dice, with the dice thrown on the position:
/// each play of them (once per position it leaves) and the position ID after it, from the side
/// of the player who moves next.
pub fn move_lines(args: &MovesArgs) -> anyhow::Result<String> {
    let (kind, pos) = position(&args.game, args.position.as_deref()).context("zarf moves")?;
    let Some(mut pos) = pos else {
        return Ok(String::new());
    };
    let of_dice = kind.features().dice;
    if of_dice && args.position.is_none() {
        // The start with a player on roll (not the opening, where each throws one die).
        let start = GameKind::set_up_text(&pos);
        let board = start.split(':').next().unwrap_or_default();
        pos = kind.set_up(board).map_err(|e| anyhow!("{e}"))?.0;
    }
    match (&args.dice, of_dice) {
        (Some(text), true) => {
            let dice = Dice::parse(text).context("--dice")?;
            if GameKind::awaits_throw(&pos) == Throwing::No {
                return Err(anyhow!("the position awaits no throw"));
            }
            GameKind::throw(&mut pos, dice);
        }
        (Some(_), false) => return Err(anyhow!("{kind} is not played with dice")),
        (None, true) => return Err(anyhow!("a game of dice needs --dice")),
        (None, false) => {}
    }
    let mut lines: Vec<(String, String)> = GameKind::legal_moves(&pos)
        .into_iter()
        .map(|m| {
            let text = GameKind::record(&pos, m).written;
            let mut after = pos.clone();
            GameKind::play(&mut after, m);
            let mut after = GameKind::set_up_text(&after);
            if of_dice {
                // The position ID alone: the match's state is the position's own.
                after.truncate(after.find(':').unwrap_or(after.len()));
            }
            (text, after)
        })
        // In a game of dice, the plays of the dice (a decision, such as resigning, is none);
        // a throw that passed the turn has none.
        .filter(|(text, _)| !of_dice || text.contains('/'))
        .collect();
    lines.sort_by(|a, b| api::games::natural_order(&a.0, &b.0));
    Ok(lines
        .into_iter()
        .map(|(m, after)| format!("{m} {after}\n"))
        .collect())
}
