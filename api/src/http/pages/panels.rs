//! The panels a game's page shows beside its board, each for whom it is: an adjourned game's
//! envelope (its A2 details and commitment, the sealed move shown only to its sealer, the
//! printable envelope, check-in at the resumption), the arbiter's panel (adjourn, give time,
//! decide), and a player's conditional lines (in their notation, with why the last ones were
//! dropped). Their forms are in `adjourned` and `page_lines`.

use crate::app::envelope_reads;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::i18n::Texts;
use crate::zone::Zone;
use domain::game::{DropReason, Rules};
use domain::game::{Side, Timestamp};
use domain::games::Game;
use domain::games::{GameKind, Notation};

/// What the page shows of an adjourned game.
pub struct EnvelopePanel {
    /// "Play resumes …, at …" in the viewer's time zone.
    pub resumes: String,
    /// The envelope's A2 details, label and value, in the viewer's language.
    pub details: Vec<(String, String)>,
    /// The sealed move, for its sealer only (before opening).
    pub my_move: Option<String>,
    /// The viewer seals (or changes) the move: the player to move, the envelope not closed.
    pub can_seal: bool,
    /// The viewer may close the envelope they sealed.
    pub can_close: bool,
    /// The viewer, a player, may say they are present for the resumption.
    pub can_check_in: bool,
    /// The viewer may print the envelope (players and the arbiter).
    pub can_print: bool,
}

/// What the arbiter may do in this game.
pub struct ArbiterPanel {
    pub can_adjourn: bool,
    pub can_give_time: bool,
    /// The earliest resumption the adjourn form offers (now, in the viewer's time zone).
    pub now_local: String,
    /// The resumption the form proposes: a day from now.
    pub tomorrow_local: String,
}

/// The envelope panel for `viewer`, if the game is adjourned (or resumed and waiting for a
/// check-in).
pub fn envelope_panel(
    state: &AppState,
    game: &Game,
    viewer: &Caller,
    zone: &Zone,
    t: &Texts,
    now: Timestamp,
) -> Result<Option<EnvelopePanel>, ApiError> {
    let Some(a) = game.adjournment.as_ref() else {
        return Ok(None);
    };
    let me = envelope_reads::side_of(viewer.account(), game);
    let is_arbiter = is_arbiter(game, viewer);
    let at = t.local_time(a.resume_at, zone);
    let resumes = match &a.place {
        Some(place) => t.get(
            "page-adjourned-resumes-at",
            &[("at", at), ("place", place.clone())],
        ),
        None => t.get("page-adjourned-resumes", &[("at", at)]),
    };
    let side = |s: Side| t.text(&format!("side-{}", s.as_str()));
    let mut details = vec![(t.text("page-envelope-sealer"), side(a.sealer))];
    let mut my_move = None;
    let envelope = a.envelope.as_ref();
    if let Some(e) = envelope {
        // The sealer's own move, before the envelope opens.
        my_move = envelope_reads::readable_move(state, game, e, viewer.account())
            .map_err(ApiError::internal)?
            .map(|(mv, _nonce)| mv)
            .filter(|_| e.opened.is_none());
        details.push((t.text("sealed-page-move-number"), e.move_number.to_string()));
        let stands = match (e.opened.is_some(), e.closed) {
            (true, _) => "page-envelope-opened",
            (false, true) => "page-envelope-closed",
            (false, false) => "page-envelope-open",
        };
        details.push((t.text("page-envelope-state"), t.text(stands)));
        details.push((t.text("sealed-page-commitment"), e.commitment.clone()));
    } else {
        details.push((t.text("page-envelope-state"), t.text("page-envelope-empty")));
    }
    let offer = match a.draw_offer {
        Some(by) => t.get("sealed-page-offered-by", &[("side", side(by))]),
        None => t.text("sealed-page-no-offer"),
    };
    details.push((t.text("sealed-page-draw-offer"), offer));
    let closed = envelope.is_some_and(|e| e.closed);
    let sealer = me == Some(a.sealer);
    Ok(Some(EnvelopePanel {
        resumes,
        details,
        my_move,
        can_seal: sealer && !closed && !a.resumed,
        can_close: sealer && !closed && envelope.is_some(),
        can_check_in: me.is_some_and(|s| !a.present(s)) && now >= a.resume_at,
        can_print: me.is_some() || is_arbiter,
    }))
}

/// Is the viewer this game's arbiter (the organiser who created it)?
fn is_arbiter(game: &Game, viewer: &Caller) -> bool {
    envelope_reads::is_arbiter(viewer.account(), game)
}

/// The arbiter's panel, for the game's arbiter.
pub fn arbiter_panel(
    game: &Game,
    viewer: &Caller,
    zone: &Zone,
    now: Timestamp,
) -> Option<ArbiterPanel> {
    if !is_arbiter(game, viewer) {
        return None;
    }
    let local = |at: Timestamp| {
        let at = zone.local(at);
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute()
        )
    };
    let live = game.is_live();
    Some(ArbiterPanel {
        can_adjourn: live
            && game.adjournment.is_none()
            && domain::game::Rules::features(game.kind).sealed_moves,
        can_give_time: live && game.clock.is_some(),
        now_local: local(now),
        tomorrow_local: local(now + time::Duration::days(1)),
    })
}

/// A player's conditional moves on their game's page: the lines that remain, in their notation,
/// why the last ones were dropped, and the form to set or withdraw them.
pub(crate) struct ConditionalPanel {
    pub lines: Vec<String>,
    pub dropped: Option<String>,
    /// The field's text: the lines as held, or as typed before a refusal.
    pub text: String,
    /// Open on arrival: lines are held, or were just refused.
    pub open: bool,
}

/// `player`'s conditional moves in `game`, for their page.
pub(crate) fn conditional_panel(
    state: &AppState,
    game: &Game,
    player: &str,
    notation: Option<Notation>,
    t: Texts,
    typed: Option<String>,
) -> Result<ConditionalPanel, ApiError> {
    let player = domain::PlayerId::parse(player)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id {player}")))?;
    let standing = crate::app::conditional::standing(state, game.id, player)
        .map_err(|e| ApiError::command(e, t.locale()))?;
    let lines: Vec<String> = standing
        .lines
        .iter()
        .map(|line| {
            let mut pos = game.position().clone();
            line.iter()
                .filter_map(|record| {
                    let m = GameKind::replay(&pos, &record.code)?;
                    let text = crate::games::written(&pos, m, notation, t.lang, true);
                    GameKind::play(&mut pos, m);
                    Some(text)
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let dropped = standing.dropped.map(|reason| {
        let why = t.text(match reason {
            DropReason::NoMatch => "page-conditional-dropped-no-match",
            DropReason::Exhausted => "page-conditional-dropped-exhausted",
            DropReason::DrawOffer => "page-conditional-dropped-draw-offer",
            DropReason::Claim => "page-conditional-dropped-claim",
            DropReason::Adjournment => "page-conditional-dropped-adjournment",
            DropReason::ReplyIllegal => "page-conditional-dropped-reply-illegal",
        });
        t.get("page-conditional-dropped", &[("why", why)])
    });
    Ok(ConditionalPanel {
        open: !lines.is_empty() || typed.is_some(),
        text: typed.unwrap_or_else(|| lines.join("\n")),
        lines,
        dropped,
    })
}
