//! A game's page (where mails link): the board from the viewer's side, the moves, and for the
//! player to move a form that takes a move in any accepted notation, judged by the same command
//! as the JSON API; a refused move shows the rule's reason in the viewer's language and changes
//! nothing.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::{ClaimKind, MoveText, Rules, Side};
use serde::Deserialize;

use super::adjourned::{arbiter_panel, envelope_panel, ArbiterPanel, EnvelopePanel};
use super::auth::Caller;
use super::error::ApiError;
use super::page;
use super::page_lines::{conditional_panel, ConditionalPanel};
use crate::app::views::GameView;
use crate::app::AppState;
use crate::i18n::Texts;
use domain::games::{Command, MoveInput};

#[derive(Template)]
#[template(path = "pages/game.html")]
struct GamePage<'a> {
    t: Texts,
    g: &'a GameView,
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
    staff: super::page::Staff,
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
    /// Each player's rating in this game (white's first), as shown beside a name.
    ratings: [Option<String>; 2],
    /// The record's format, as its link names it (`PGN`, `PDN`, `MAT`).
    record_label: String,
    /// What the opponent offers the player to act, in the reader's words (a double).
    offer: Option<String>,
    /// A game of dice's opening and throws.
    dice: Option<super::dice_panel::DicePanel>,
    /// A match under the first dice scheme: its players may give a text of their own.
    first_scheme: bool,
    /// The players' messages, for the players, the arbiter and the admin.
    talk: Option<super::talk::Talk>,
    /// The log's receipt (its last event's seq and hash), and a game of dice's commitment.
    receipt: super::receipt::LogReceipt,
}

/// The game page without sight: the game page's parts, read through [`std::ops::Deref`] by the
/// template, and its own ([`super::sightless`]).
#[derive(Template)]
#[template(path = "pages/game-text.html")]
struct GameTextPage<'a> {
    page: GamePage<'a>,
    x: super::sightless::TextParts,
}

impl<'a> std::ops::Deref for GameTextPage<'a> {
    type Target = GamePage<'a>;

    fn deref(&self) -> &GamePage<'a> {
        &self.page
    }
}

/// A move the rules refused: the reason in the viewer's language, and the text as typed.
pub(crate) struct Refused {
    pub reason: String,
    pub typed: String,
}

impl GamePage<'_> {
    fn state_of(t: Texts, g: &GameView) -> String {
        let status = match g.status.as_str() {
            "finished" => t.text("page-game-finished"),
            "adjourned" => t.text("page-game-adjourned"),
            _ => t.text("page-game-active"),
        };
        match (&g.result, &g.termination) {
            (Some(result), Some(how)) => {
                let how = t.text(&format!("termination-{how}"));
                format!("{status} · {result} ({how})")
            }
            (Some(result), None) => format!("{status} · {result}"),
            _ if g.to_move == "black" => format!("{status} · {}", t.text("page-black-to-move")),
            _ => format!("{status} · {}", t.text("page-white-to-move")),
        }
    }
}

pub(crate) fn game_id(id: &str, t: Texts) -> Result<String, ApiError> {
    Ok(domain::GameId::parse(id)
        .map_err(|_| ApiError::not_found(t.locale()))?
        .to_string())
}

/// What the page shows besides the game: a refusal, or the resignation to confirm.
#[derive(Default)]
pub(crate) struct Shown {
    pub refused: Option<Refused>,
    pub confirm_resign: bool,
    /// Conditional lines as typed, refused.
    pub lines_typed: Option<String>,
}

/// The game's page as `req`'s viewer sees it, with what `shown` adds (answered with `status`).
pub(crate) async fn render(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, ApiError> {
    let credentials = super::auth::Credentials::read(req)?;
    let reader = page::Reader::of(req);
    let csrf = super::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    // The viewer and the game in one trip off the async workers.
    let lines_typed = shown.lines_typed.clone();
    let here = format!("/games/{id}");
    let lang = page::texts(req).lang;
    let query = super::sightless::ViewQuery::of(req);
    let found = web::block(move || -> Result<_, ApiError> {
        let state = s;
        let (viewer, t) = reader.resolve(credentials, &state)?;
        let staff = super::page::Staff::of(viewer.player());
        let locale = t.locale();
        let row = state
            .store
            .game_row(&id)?
            .ok_or_else(|| ApiError::not_found(locale))?;
        super::auth::readable(&state, &row, &viewer, locale)?;
        let view = crate::app::reads::current_view(&state, &row)
            .map_err(|e| ApiError::command(e, locale))?;
        // The board from the log's fold (this server's cache, mostly): its last move too.
        let folded = state.folds.current(&state.store, &id)?;
        let game = folded
            .state
            .game()
            .ok_or_else(|| ApiError::not_found(locale))?;
        let me = match &viewer {
            Caller::Player(p) => Some(p.id.as_str()),
            _ => None,
        };
        let from_black = me == Some(view.black.id.as_str());
        let board = crate::games::board_svg(
            game.position(),
            game.moves().last(),
            from_black,
            &t,
            "board",
        );
        let to_move = if view.to_move == "white" {
            &view.white.id
        } else {
            &view.black.id
        };
        let can_move = view.status == "active" && me == Some(to_move.as_str());
        let playing = match me {
            _ if view.status == "finished" => None,
            Some(me) if me == view.white.id => Some("white"),
            Some(me) if me == view.black.id => Some("black"),
            _ => None,
        };
        let signed_in = match &viewer {
            Caller::Player(p) => Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
            _ => None,
        };
        let notation = match &viewer {
            Caller::Player(p) => p.move_notation(),
            _ => None,
        };
        let moves = crate::games::written_moves(game, notation, t.lang);
        let zone = crate::zone::Zone::of_reader(viewer.player());
        let clocks = super::home::clock_line(&view, &zone, &t);
        super::sightless::visited(&state, &viewer, &view);
        let text = query.text(&viewer).then(|| {
            let ask = query.ask();
            super::sightless::parts(game, &viewer, from_black, &t, ask, clocks.as_deref())
        });
        let now = crate::store::now();
        let envelope = envelope_panel(&state, game, &viewer, &zone, &t, now)?;
        let arbiter = arbiter_panel(game, &viewer, &zone, now);
        let features = game.kind.features();
        let conditional = match &viewer {
            Caller::Player(p)
                if playing.is_some()
                    && game.adjournment.is_none()
                    && features.conditional_moves =>
            {
                Some(conditional_panel(
                    &state,
                    game,
                    &p.id,
                    // Lines are written as they are read back: in letters.
                    p.read_notation(),
                    t,
                    lines_typed,
                )?)
            }
            _ => None,
        };
        let talk = super::talk::talk(&state, game, &viewer, playing.is_some(), &zone, &t)?;
        let side = playing.map(|p| {
            if p == "white" {
                Side::White
            } else {
                Side::Black
            }
        });
        let names = [view.white.name.as_str(), view.black.name.as_str()];
        let dice = super::dice_panel::of(game, side, names, t, now);
        let receipt = super::receipt::log_receipt(&t, folded.seq, &folded.hash, &view);
        let parts = crate::games::page_parts(game);
        let draws = game.draws();
        let mut claims = Vec::new();
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
        let game_name = t.text(&format!("game-{}", game.kind.name()));
        // Each player's rating in this game, beside their name.
        let rated = state
            .store
            .ratings_in(&[&view.white.id, &view.black.id], game.kind.name())?;
        let ratings = [&view.white.id, &view.black.id]
            .map(|p| rated.get(p.as_str()).map(|s| s.shown(crate::store::now())));
        let match_line = view.match_score.as_ref().map(|m| {
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
        });
        Ok((
            t,
            staff,
            view,
            board,
            moves,
            clocks,
            signed_in,
            can_move,
            playing,
            envelope,
            arbiter,
            conditional,
            parts,
            claims,
            game_name,
            features,
            match_line,
            ratings,
            talk,
            dice,
            receipt,
            text,
        ))
    })
    .await?;
    let (
        t,
        staff,
        view,
        board,
        moves,
        clocks,
        signed_in,
        can_move,
        playing,
        envelope,
        arbiter,
        conditional,
        parts,
        claims,
        game_name,
        features,
        match_line,
        ratings,
        talk,
        dice,
        receipt,
        text,
    ) = match found {
        Ok(found) => found,
        // A game for signed-in readers: sign in, and come back.
        Err(e) if e.status == StatusCode::UNAUTHORIZED => {
            return Ok(HttpResponse::SeeOther()
                .insert_header(("location", format!("/login?lang={lang}&next={here}")))
                .finish())
        }
        Err(e) => return Err(e),
    };
    let opening = view.ballot.as_ref().and_then(|b| {
        let deck = domain::games::GameKind::named(&view.game)?.ballot()?;
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
    });
    let offer = parts
        .offer
        .as_ref()
        .filter(|_| can_move)
        .map(|(key, args)| t.get(key, args));
    let page = GamePage {
        talk,
        first_scheme: dice.as_ref().is_some_and(|d| d.first_scheme),
        dice,
        receipt,
        offer,
        opening,
        here: format!("/games/{}", view.id),
        staff,
        signed_in,
        csrf: csrf.token.clone(),
        t,
        state: GamePage::state_of(t, &view),
        g: &view,
        board,
        moves,
        clocks,
        can_move,
        playing,
        refused: shown.refused,
        confirm_resign: shown.confirm_resign,
        envelope,
        arbiter,
        conditional,
        parts,
        claims,
        game_name,
        features,
        match_line,
        ratings,
        record_label: domain::games::GameKind::named(&view.game)
            .map(crate::games::record_file)
            .and_then(|(name, _)| name.rsplit('.').next())
            .unwrap_or("pgn")
            .to_uppercase(),
    };
    let html = match text {
        Some(x) => page::html(status, &GameTextPage { page, x })?,
        None => page::html(status, &page)?,
    };
    Ok(csrf.answer(html))
}

#[get("/games/{id}")]
pub async fn game_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id, page::texts(&req))?;
    render(state, &req, id, Shown::default(), StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct MoveForm {
    #[serde(rename = "move")]
    mv: String,
    offer_draw: Option<String>,
    /// A message to the opponent with the move.
    message: Option<String>,
    /// A game of dice: the browser's random text for the throws the move causes.
    entropy: Option<String>,
    csrf: Option<String>,
}

/// A move from the page's form: the same command as `POST /api/v1/games/{id}/moves`; then back
/// to the page (a refused move: the page again, with the reason and the text as typed).
#[post("/games/{id}/move")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn move_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<MoveForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let t = page::texts(&req);
    let id = game_id(&id, t)?;
    let typed = form.mv.clone();
    // A question typed in the move field: answered on the page, nothing played.
    if super::questions::Question::parse(&typed).is_some() {
        let ask = super::sightless::query_value(typed.trim());
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/games/{id}?lang={}&view=text&ask={ask}", t.lang),
            ))
            .finish());
    }
    let text = match MoveText::parse(&form.mv) {
        Ok(text) => text,
        Err(e) => {
            tracing::debug!(error = %e, "not a move text");
            let shown = not_a_move_text(t, typed);
            return render(state, &req, id, shown, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    };
    let command = Command::MakeMove {
        mv: MoveInput {
            text,
            notation: None,
        },
        offer_draw: form.offer_draw.is_some(),
        conditional: Vec::new(),
    };
    let command = match super::talk::with_message(command, form.message.as_deref(), t) {
        Ok(command) => command,
        Err(why) => {
            let shown = Shown {
                refused: Some(Refused { reason: why, typed }),
                ..Shown::default()
            };
            return render(state, &req, id, shown, StatusCode::BAD_REQUEST).await;
        }
    };
    play_sent(state, &req, id, command, typed, form.entropy.as_deref()).await
}

/// The page's answer to a text that cannot even be a move (empty, too long, control characters).
fn not_a_move_text(t: Texts, typed: String) -> Shown {
    let reason = t.get(
        "rejection-unparseable-move",
        &[("text", typed.chars().take(MoveText::MAX_CHARS).collect())],
    );
    Shown {
        refused: Some(Refused { reason, typed }),
        ..Shown::default()
    }
}

/// Runs a player's command from the page: back to the page if it is recorded, the page with the
/// reason (and `typed`, the move as typed) if it is refused; to sign in first if no one is.
pub(crate) async fn play(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    command: Command,
    typed: String,
) -> Result<HttpResponse, ApiError> {
    play_sent(state, req, id, command, typed, None).await
}

/// As [`play`], with the entropy the page's form carried for the throws the command causes (a
/// game of dice: the browser fills it when the form is sent; empty where it could not).
pub(crate) async fn play_sent(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    command: Command,
    typed: String,
    entropy: Option<&str>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = page::viewer(&state, req).await?;
    if !matches!(caller, Caller::Player(_)) {
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/login?lang={}&next=/games/{id}", t.lang),
            ))
            .finish());
    }
    let entropy = entropy.filter(|e| !e.is_empty());
    let done = match super::dice::sent_entropy(entropy, t.locale()) {
        Ok(entropy) => {
            let locale = t.locale();
            let (state, id) = (state.clone(), id.clone());
            super::games::run_sent(state, caller, id, command, None, locale, entropy)
                .await
                .map(|_| ())
        }
        Err(e) => Err(e),
    };
    after(state, req, id, done, typed, t).await
}

/// Back to the game page after a command from it: recorded, or refused with the reason in the
/// page's language (and `typed`, the text as typed, kept in its field).
pub(crate) async fn after(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    done: Result<(), ApiError>,
    typed: String,
    t: Texts,
) -> Result<HttpResponse, ApiError> {
    match done {
        Ok(()) => Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!(
                    "/games/{id}?lang={}{}",
                    t.lang,
                    super::sightless::view_param(req)
                ),
            ))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let shown = Shown {
                refused: Some(Refused {
                    reason: e.reason(&t),
                    typed,
                }),
                ..Shown::default()
            };
            render(state, req, id, shown, e.status).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct ActionForm {
    action: String,
    confirm: Option<String>,
    /// A claim's intended move (9.2, 9.3), if the player writes one.
    intended_move: Option<String>,
    /// A player's own text for the dice (`entropy`, the first dice scheme's), or the browser's
    /// random text for the throws the action causes.
    entropy: Option<String>,
    /// A message to the opponent (`message`: sent alone).
    message: Option<String>,
    csrf: Option<String>,
}

/// A player's action from the page: offer a draw (9.1.2), accept or decline one, resign (after a
/// confirmation step). The same commands as the JSON API; then back to the page.
#[post("/games/{id}/action")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn action_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<ActionForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let t = page::texts(&req);
    let id = game_id(&id, t)?;
    let command = match form.action.as_str() {
        "offer_draw" => Command::OfferDraw,
        "accept_draw" => Command::AcceptDraw,
        "decline_draw" => Command::DeclineDraw,
        "throw_dice" => {
            let command = Command::ThrowDice;
            let entropy = form.entropy.as_deref();
            return play_sent(state, &req, id, command, String::new(), entropy).await;
        }
        "entropy" => Command::AddEntropy {
            text: form.entropy.clone().unwrap_or_default(),
        },
        action if ClaimKind::ALL.iter().any(|k| claim_action(*k) == action) => {
            let kind = ClaimKind::ALL
                .into_iter()
                .find(|k| claim_action(*k) == action)
                .unwrap_or(ClaimKind::ThreefoldRepetition);
            let typed = form.intended_move.clone().unwrap_or_default();
            let intended_move = match typed.trim() {
                "" => None,
                text => match MoveText::parse(text) {
                    Ok(text) => Some(MoveInput {
                        text,
                        notation: None,
                    }),
                    Err(_) => {
                        let shown = not_a_move_text(t, typed);
                        return render(state, &req, id, shown, StatusCode::UNPROCESSABLE_ENTITY)
                            .await;
                    }
                },
            };
            let command = Command::ClaimDraw {
                kind,
                intended_move,
            };
            return play(state, &req, id, command, typed).await;
        }
        "message" => {
            let text = form.message.as_deref().unwrap_or_default();
            match domain::game::MessageText::parse(text) {
                Ok(text) => Command::Message { text, with: None },
                Err(_) => {
                    let reason = t.get(
                        "page-message-invalid",
                        &[("max", domain::game::MessageText::MAX_CHARS.to_string())],
                    );
                    let shown = Shown {
                        refused: Some(Refused {
                            reason,
                            typed: String::new(),
                        }),
                        ..Shown::default()
                    };
                    return render(state, &req, id, shown, StatusCode::BAD_REQUEST).await;
                }
            }
        }
        "resign" if form.confirm.as_deref() == Some("yes") => Command::Resign,
        "resign" => {
            let shown = Shown {
                confirm_resign: true,
                ..Shown::default()
            };
            return render(state, &req, id, shown, StatusCode::OK).await;
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown action {other:?}: use offer_draw, accept_draw, decline_draw, \
                 claim_threefold, claim_fifty_moves, claim_forty_moves, claim_no_progress, \
                 throw_dice, entropy, message or resign"
            )))
        }
    };
    play(state, &req, id, command, String::new()).await
}

/// The page's form action for a claim of `kind`.
fn claim_action(kind: ClaimKind) -> &'static str {
    match kind {
        ClaimKind::ThreefoldRepetition => "claim_threefold",
        ClaimKind::FiftyMoves => "claim_fifty_moves",
        ClaimKind::FortyMoves => "claim_forty_moves",
        ClaimKind::NoProgress => "claim_no_progress",
    }
}
