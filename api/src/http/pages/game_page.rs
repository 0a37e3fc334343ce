//! A game's page as its viewer sees it (where mails link): the board from their side, or the
//! page without sight; the moves; and the panels for what the viewer may do there (move, claim,
//! seal, arbitrate, talk). Built off the async workers in one trip: the viewer, the game's row,
//! its fold.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::tablebase::TablebaseClaim;
use domain::game::{ClaimKind, Features, Game, Rules as _, Side};
use domain::games::GameKind;

use crate::app::views::GameView;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::pages::panels::{
    arbiter_panel, conditional_panel, envelope_panel, ArbiterPanel, ConditionalPanel, EnvelopePanel,
};
use crate::http::pages::sightless::{TextParts, ViewQuery};
use crate::i18n::Texts;

#[derive(Template)]
#[template(path = "pages/game.html")]
pub(crate) struct GamePage {
    t: Texts,
    g: GameView,
    /// The board as SVG, from the viewer's side.
    board: String,
    /// The moves in the viewer's notation, each with its number where one is written.
    moves: Vec<(Option<String>, String)>,
    /// Both clocks and the deadline in the viewer's time zone, for a game with a clock.
    clocks: Option<String>,
    /// "Signed in as …" for a signed-in viewer.
    signed_in: Option<String>,
    /// This page's path (where signing in returns).
    here: String,
    /// The viewer organises games (a link to their page).
    staff: crate::http::page::Staff,
    csrf: String,
    /// Where the game stands, and who is to move or how it ended.
    state: String,
    /// The viewer plays in this game and has the move.
    can_move: bool,
    /// The viewer's side, where they play in this game and it goes on.
    playing: Option<&'static str>,
    /// The move or action just refused, and why.
    refused: Option<Refused>,
    /// Asking the player to confirm their resignation.
    confirm_resign: bool,
    /// An adjourned game's envelope, as the viewer may see it.
    envelope: Option<EnvelopePanel>,
    /// What the game's arbiter may do, for the arbiter.
    arbiter: Option<ArbiterPanel>,
    /// A player's conditional moves, for that player.
    conditional: Option<ConditionalPanel>,
    /// What the game's own rules add to the page: promotion, moves by route.
    parts: crate::games::PageParts,
    /// The draws this game's player may claim: the form's action and its button.
    claims: Vec<(&'static str, String)>,
    /// The game's name, in the reader's language.
    game_name: String,
    /// The opening of the game's ballot it started from, in the reader's words.
    opening: Option<String>,
    /// What the game offers besides moves (a game of dice: no draw offers).
    features: domain::game::Features,
    /// A match's score, in the reader's words.
    match_line: Option<String>,
    /// How the endgame tablebases may decide the game, while it goes on.
    tablebase_line: Option<String>,
    /// Each player's rating in this game (white's first), as shown beside a name.
    ratings: [Option<String>; 2],
    /// The record's format, as its link names it (`PGN`, `PDN`, `MAT`).
    record_label: String,
    /// What the opponent offers the player to act, in the reader's words (a double).
    offer: Option<String>,
    /// A game of dice's opening and throws.
    dice: Option<crate::http::pages::dice_panel::DicePanel>,
    /// A match under the first dice scheme: its players may give a text of their own.
    first_scheme: bool,
    /// The players' messages, for the players, the arbiter and the admin.
    talk: Option<crate::http::pages::talk::Talk>,
    /// The log's receipt (its last event's seq and hash), and a game of dice's commitment.
    receipt: crate::http::pages::receipt::LogReceipt,
}

/// The game page without sight: the game page's parts, read through [`std::ops::Deref`] by the
/// template, and its own ([`crate::http::pages::sightless`]).
#[derive(Template)]
#[template(path = "pages/game-text.html")]
struct GameTextPage {
    page: GamePage,
    x: TextParts,
}

impl std::ops::Deref for GameTextPage {
    type Target = GamePage;

    fn deref(&self) -> &GamePage {
        &self.page
    }
}

/// A move the rules refused: the reason in the viewer's language, and the text as typed.
pub(crate) struct Refused {
    pub reason: String,
    pub typed: String,
}

/// What the page shows besides the game: a refusal, or the resignation to confirm.
#[derive(Default)]
pub(crate) struct Shown {
    pub refused: Option<Refused>,
    pub confirm_resign: bool,
    /// Conditional lines as typed, refused.
    pub lines_typed: Option<String>,
}

/// Where the viewer sits at this game.
struct Seat {
    /// The board is drawn from Black's side.
    from_black: bool,
    /// The viewer plays in this game and has the move.
    can_move: bool,
    /// The viewer's side, where they play in this game and it goes on.
    playing: Option<&'static str>,
}

impl Seat {
    fn of(viewer: &Caller, view: &GameView) -> Seat {
        let me = viewer.player().map(|p| p.id.as_str());
        let to_move = if view.to_move == "white" {
            &view.white.id
        } else {
            &view.black.id
        };
        let playing = match me {
            _ if view.status == "finished" => None,
            Some(me) if me == view.white.id => Some("white"),
            Some(me) if me == view.black.id => Some("black"),
            _ => None,
        };
        Seat {
            from_black: me == Some(view.black.id.as_str()),
            can_move: view.status == "active" && me == Some(to_move.as_str()),
            playing,
        }
    }

    fn side(&self) -> Option<Side> {
        self.playing.map(|p| match p {
            "white" => Side::White,
            _ => Side::Black,
        })
    }
}

/// The game's page as `req`'s viewer sees it, with what `shown` adds (answered with `status`).
pub(crate) async fn render(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, ApiError> {
    let credentials = crate::http::auth::Credentials::read(req)?;
    let reader = page::Reader::of(req);
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let token = csrf.token.clone();
    let lang = page::texts(req).lang;
    let query = ViewQuery::of(req);
    let here = format!("/games/{id}");
    let s = state.clone();
    // The viewer and the game in one trip off the async workers.
    let built = web::block(move || -> Result<(GamePage, Option<TextParts>), ApiError> {
        let (viewer, t) = crate::http::auth::reader_of(credentials, &reader, &s)?;
        build(&s, &viewer, t, &id, shown, &query, token)
    })
    .await?;
    let html = match built {
        Ok((shown, None)) => page::html(status, &shown)?,
        Ok((page, Some(x))) => page::html(status, &GameTextPage { page, x })?,
        // A game for signed-in readers: sign in, and come back.
        Err(e) if e.status == StatusCode::UNAUTHORIZED => {
            return Ok(HttpResponse::SeeOther()
                .insert_header(("location", format!("/login?lang={lang}&next={here}")))
                .finish())
        }
        Err(e) => return Err(e),
    };
    Ok(csrf.answer(html))
}

/// The page of game `id` for `viewer`, if they may read it, with the parts of the page without
/// sight where that is the page they read.
fn build(
    state: &AppState,
    viewer: &Caller,
    t: Texts,
    id: &str,
    shown: Shown,
    query: &ViewQuery,
    csrf: String,
) -> Result<(GamePage, Option<TextParts>), ApiError> {
    let locale = t.locale();
    let row = crate::http::auth::read_game(state, id, viewer, locale)?;
    let view =
        crate::app::reads::current_view(state, &row).map_err(|e| ApiError::command(e, locale))?;
    // The board from the log's fold (this server's cache, mostly): its last move too.
    let folded = crate::app::game_reads::folded(state, id)?;
    let game = folded
        .state
        .game()
        .ok_or_else(|| ApiError::not_found(locale))?;
    let seat = Seat::of(viewer, &view);
    let zone = crate::zone::Zone::of_reader(viewer.player());
    let clocks = crate::http::pages::home::clock_line(&view, &zone, &t);
    crate::http::pages::sightless::visited(state, viewer, &view);
    let text = query.text(viewer).then(|| {
        let (ask, clocks) = (query.ask(), clocks.as_deref());
        crate::http::pages::sightless::parts(game, viewer, seat.from_black, &t, ask, clocks)
    });
    let now = crate::store::now();
    let features = game.kind.features();
    let mut parts = crate::games::page_parts(game);
    if !game.tablebase.is_off() {
        // The claims include the tables' win as well as the draws.
        parts.claim_title = "page-claim-title-tablebase";
    }
    let names = [view.white.name.as_str(), view.black.name.as_str()];
    let dice = crate::http::pages::dice_panel::of(game, seat.side(), names, t, now);
    let notation = viewer.player().and_then(|p| p.move_notation());
    let signed_in = viewer
        .player()
        .map(|p| t.get("page-signed-in-as", &[("name", p.name.clone())]));
    let shown_page = GamePage {
        board: crate::games::board_svg(
            game.position(),
            game.moves().last(),
            seat.from_black,
            &t,
            "board",
        ),
        moves: crate::games::written_moves(game, notation, t.lang),
        envelope: envelope_panel(state, game, viewer, &zone, &t, now)?,
        arbiter: arbiter_panel(game, viewer, &zone, now),
        conditional: conditional_of(state, game, viewer, &seat, features, t, shown.lines_typed)?,
        talk: crate::http::pages::talk::talk(
            state,
            game,
            viewer,
            seat.playing.is_some(),
            &zone,
            &t,
        )?,
        first_scheme: dice.as_ref().is_some_and(|d| d.first_scheme),
        dice,
        receipt: crate::http::pages::receipt::log_receipt(&t, folded.seq, &folded.hash, &view),
        claims: claims_of(game, state.tablebases.pieces(), t),
        game_name: t.text(&format!("game-{}", game.kind.name())),
        ratings: ratings_of(state, &view)?,
        match_line: match_line(&view, t),
        tablebase_line: (view.status != "finished")
            .then_some(view.tablebase.as_ref())
            .flatten()
            .map(|tb| t.get("page-tablebase-rule", &[("rule", tb.rule.clone())])),
        opening: opening_line(&view, t),
        offer: (parts.offer.as_ref())
            .filter(|_| seat.can_move)
            .map(|(key, args)| t.get(key, args)),
        record_label: record_label(&view),
        here: format!("/games/{}", view.id),
        staff: page::Staff::of(viewer.player()),
        signed_in,
        csrf,
        state: state_of(t, &view),
        clocks,
        can_move: seat.can_move,
        playing: seat.playing,
        refused: shown.refused,
        confirm_resign: shown.confirm_resign,
        parts,
        features,
        t,
        g: view,
    };
    Ok((shown_page, text))
}

/// Where the game stands, and who is to move or how it ended.
fn state_of(t: Texts, g: &GameView) -> String {
    let status = match g.status.as_str() {
        "finished" => t.text("page-game-finished"),
        "adjourned" => t.text("page-game-adjourned"),
        _ => t.text("page-game-active"),
    };
    match (&g.result, &g.termination) {
        (Some(result), Some(how)) => {
            let how = t.text(&format!("termination-{how}"));
            let verdict = g
                .tablebase
                .as_ref()
                .filter(|_| g.termination.as_deref() == Some("tablebase"))
                .and_then(|tb| Some((tb.verdict.as_ref()?, tb.claimed_by.as_deref())))
                .map(|(v, claimed)| {
                    let args = [
                        ("wdl", v.wdl.clone()),
                        ("side", v.to_move.clone()),
                        ("dtz", v.dtz.to_string()),
                        ("pieces", v.pieces.to_string()),
                        ("claimed", claimed.unwrap_or("none").to_owned()),
                    ];
                    format!(" {}", t.get("page-tablebase-verdict", &args))
                })
                .unwrap_or_default();
            format!("{status} · {result} ({how}){verdict}")
        }
        (Some(result), None) => format!("{status} · {result}"),
        _ if g.to_move == "black" => format!("{status} · {}", t.text("page-black-to-move")),
        _ => format!("{status} · {}", t.text("page-white-to-move")),
    }
}

/// A player's conditional moves, for that player while the game goes on (not adjourned).
fn conditional_of(
    state: &AppState,
    game: &Game<GameKind>,
    viewer: &Caller,
    seat: &Seat,
    features: Features,
    t: Texts,
    lines_typed: Option<String>,
) -> Result<Option<ConditionalPanel>, ApiError> {
    match viewer {
        Caller::Player(p)
            if seat.playing.is_some()
                && game.adjournment.is_none()
                && features.conditional_moves =>
        {
            // Lines are written as they are read back: in letters.
            let panel = conditional_panel(state, game, &p.id, p.read_notation(), t, lines_typed)?;
            Ok(Some(panel))
        }
        _ => Ok(None),
    }
}

/// The draws the player to move may claim now, and the tables' result where the event's rule
/// lets them decide and the position (or one a capture away) has no more pieces than the
/// service's tables hold: the form's action and its button.
fn claims_of(game: &Game<GameKind>, tables_pieces: usize, t: Texts) -> Vec<(&'static str, String)> {
    let draws = game.draws();
    let mut claims = Vec::new();
    let board = game.position_text();
    let pieces = board
        .split(' ')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count();
    if !game.tablebase.is_off() && tables_pieces > 0 && pieces <= tables_pieces + 1 {
        for claim in [TablebaseClaim::Win, TablebaseClaim::Draw] {
            let label = t.text(&format!("page-claim-{}", claim.as_str()));
            claims.push((claim.as_str(), label));
        }
    }
    if draws.threefold_claim {
        let kind = ClaimKind::ThreefoldRepetition;
        claims.push((claim_action(kind), t.text("page-claim-threefold")));
    }
    if let Some((kind, _)) = draws.no_progress_claim {
        claims.push((
            claim_action(kind),
            t.text(&format!("page-claim-{}", kind.as_str())),
        ));
    }
    claims
}

/// The page's form action for a claim of `kind`.
pub(crate) fn claim_action(kind: ClaimKind) -> &'static str {
    match kind {
        ClaimKind::ThreefoldRepetition => "claim_threefold",
        ClaimKind::FiftyMoves => "claim_fifty_moves",
        ClaimKind::FortyMoves => "claim_forty_moves",
        ClaimKind::NoProgress => "claim_no_progress",
    }
}

/// Each player's rating in this game (white's first), as shown beside a name.
fn ratings_of(state: &AppState, view: &GameView) -> Result<[Option<String>; 2], ApiError> {
    let players = [&view.white.id, &view.black.id];
    let rated = crate::app::ratings::ratings_in(
        state,
        &[players[0].as_str(), players[1].as_str()],
        &view.game,
    )?;
    Ok(players.map(|p| rated.get(p.as_str()).map(|s| s.shown(crate::store::now()))))
}

/// A match's score, in the reader's words.
fn match_line(view: &GameView, t: Texts) -> Option<String> {
    view.match_score.as_ref().map(|m| {
        t.get(
            "page-tavla-match",
            &[
                ("length", m.length.to_string()),
                ("white", view.white.name.clone()),
                ("white_score", m.white.to_string()),
                ("black", view.black.name.clone()),
                ("black_score", m.black.to_string()),
            ],
        )
    })
}

/// The opening of the game's ballot it started from, in the reader's words.
fn opening_line(view: &GameView, t: Texts) -> Option<String> {
    let b = view.ballot.as_ref()?;
    let deck = GameKind::named(&view.game)?.ballot()?;
    let key = if b.by_lot {
        "page-ballot-by-lot"
    } else {
        "page-ballot"
    };
    let args = [
        ("deck", t.text(deck.name)),
        ("number", b.number.to_string()),
        ("moves", deck.opening(b.number)?.to_owned()),
    ];
    Some(t.get(key, &args))
}

/// The record's format, as its link names it (`PGN`, `PDN`, `MAT`).
fn record_label(view: &GameView) -> String {
    GameKind::named(&view.game)
        .map(crate::games::record_file)
        .and_then(|(name, _)| name.rsplit('.').next())
        .unwrap_or("pgn")
        .to_uppercase()
}
