//! A game of dice's panel on the game page: the player's own opening die to throw, the opening
//! as it stands, and every throw with the entropy it was derived from and who sent it (or that
//! the service drew it), so a player can see their browser's part in each throw.

use domain::game::dice::Faces;
use domain::game::{Rules, Side, Throwing};
use domain::games::{Game, GameKind};

use crate::i18n::Texts;

/// One throw as the page lists it.
pub struct ThrowLine {
    /// Its number in the match (from 0, as the log counts).
    pub number: usize,
    /// Its faces (`5` for an opening die, `6-2` for a throw).
    pub faces: String,
    /// Whose request carried its entropy, in the reader's words.
    pub by: String,
    /// The entropy text (empty under the first scheme).
    pub entropy: String,
    /// The service drew the entropy.
    pub drawn: bool,
}

/// What the page shows of a game of dice.
pub struct DicePanel {
    /// The viewer's own opening die is awaited: the throw button is theirs.
    pub throw_opening: bool,
    /// The opening as it stands, in the reader's words, while it awaits a die.
    pub opening: Option<String>,
    /// The match keeps the first scheme (its players may still give a text of their own).
    pub first_scheme: bool,
    /// Every throw, the newest first.
    pub throws: Vec<ThrowLine>,
}

/// The panel of `game` for a viewer who plays `playing` in it (if they do); none for a game
/// without dice.
pub fn of(
    game: &Game,
    playing: Option<Side>,
    names: [&str; 2],
    t: Texts,
    now: domain::game::Timestamp,
) -> Option<DicePanel> {
    let committed = game.dice.as_ref()?;
    let first_scheme = committed.is_v1();
    let in_opening = !first_scheme
        && game.is_live()
        && GameKind::awaits_throw(game.position()) == Throwing::Opening;
    let thrown = game.opening_die();
    let name = |side: Side| names[usize::from(side == Side::Black)].to_owned();
    // Play begins at the game's start (a start set for later) and waits while adjourned.
    let at_the_board =
        game.starts_at.is_none_or(|s| now >= s) && game.status != domain::game::Status::Adjourned;
    let throw_opening = in_opening
        && at_the_board
        && playing.is_some_and(|me| thrown.is_none_or(|(side, _)| side != me));
    let opening = in_opening.then(|| match thrown {
        Some((side, face)) => t.get(
            "page-dice-opening-half",
            &[
                ("thrower", name(side)),
                ("face", face.to_string()),
                ("other", name(side.opponent())),
            ],
        ),
        None => t.text("page-dice-opening"),
    });
    let throws = game
        .thrown()
        .iter()
        .enumerate()
        .rev()
        .map(|(number, th)| ThrowLine {
            number,
            faces: match th.faces {
                Faces::Die(d) => d.to_string(),
                Faces::Two(d) => format!("{}-{}", d.first(), d.second()),
            },
            by: match (th.by, th.drawn) {
                (Some(side), _) => name(side),
                (None, _) => t.text("page-dice-by-service"),
            },
            entropy: th.entropy.clone(),
            drawn: th.drawn,
        })
        .collect();
    Some(DicePanel {
        throw_opening,
        opening,
        first_scheme,
        throws,
    })
}
