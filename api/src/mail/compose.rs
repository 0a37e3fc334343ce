//! From an outbox row to a mail: the recipient's language and notation, the board, the clock,
//! one link to the game, threading headers and the unsubscribe headers.

use domain::game::spoken::Tongue;
use domain::game::{export_pgn, Rules as _, Side, Termination};
use domain::games::{GameKind, Notation};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::Message;
use sha2::{Digest, Sha256};

use super::kind::{Mail, MailKind, Stored};
use super::render::{render, MailView, Texts};
use crate::games::{diagram, written_code};
use crate::store::{self, OutboxRow, PlayerRow, Store, StoreError};
use crate::zone::Zone;
use domain::games::{Game, GameState};

/// Where mail comes from and how links are made.
#[derive(Debug, Clone)]
pub struct MailSettings {
    pub from: Mailbox,
    pub public_url: String,
    /// Domain of Message-IDs.
    pub domain: String,
    /// Secret for unsubscribe links (derived from the envelope key).
    pub link_secret: [u8; 32],
}

impl MailSettings {
    pub fn unsubscribe_token(&self, player_id: &str) -> String {
        let mut h = Sha256::new();
        h.update(b"zarf-unsubscribe\0");
        h.update(self.link_secret);
        h.update(player_id.as_bytes());
        hex::encode(&h.finalize()[..16])
    }

    pub fn unsubscribe_link(&self, player_id: &str) -> String {
        format!(
            "{}/unsubscribe?player={player_id}&token={}",
            self.public_url,
            self.unsubscribe_token(player_id)
        )
    }
}

/// Why a row is not sent.
#[derive(Debug)]
pub enum Skip {
    NoAddress,
    Preference,
}

impl Skip {
    /// What is recorded of a mail not sent for this reason.
    pub fn note(self) -> &'static str {
        match self {
            Skip::NoAddress => "not sent: no e-mail address",
            Skip::Preference => "not sent: the player's mail preference",
        }
    }
}

/// Games as they now stand: the app's cached folds, brought up to date from the logs.
pub trait CurrentGames {
    /// Game `id` now (none: no such game), and how many events its log holds.
    fn current_game(&self, store: &Store, id: &str) -> Result<(Option<Game>, i64), StoreError>;
}

/// The state after the event `seq`, and the game as it is now: the cached fold brought up to
/// date, and the log replayed only when the mail is about an earlier event than the last.
fn game_at(
    store: &Store,
    games: &dyn CurrentGames,
    game_id: &str,
    seq: Option<i64>,
) -> anyhow::Result<(Game, Game)> {
    let (now, last) = games.current_game(store, game_id)?;
    let now = now.ok_or_else(|| anyhow::anyhow!("no game"))?;
    let upto = match seq {
        Some(s) if s < last => usize::try_from(s).unwrap_or(0),
        _ => return Ok((now.clone(), now)),
    };
    let events: Vec<_> = store
        .load_events(game_id)?
        .into_iter()
        .take(upto)
        .map(|e| e.event)
        .collect();
    let then = GameState::replay(&events)?
        .game()
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("no game"))?;
    Ok((then, now))
}

/// A log's receipt in the reader's words: the seq and hash of its last event.
pub(super) fn receipt(t: &Texts, seq: i64, hash: String) -> String {
    t.get("mail-receipt", &[("seq", seq.to_string()), ("hash", hash)])
}

/// A game of dice's commitment, and why the mail that carries it is worth keeping.
pub(super) fn dice_commitment(t: &Texts, started: &super::kind::Started, m: &mut MailView) {
    if let (Some(scheme), Some(commitment)) = (&started.scheme, &started.commitment) {
        m.lines.push(t.get(
            "game_started-dice",
            &[
                ("scheme", scheme.clone()),
                ("commitment", commitment.clone()),
            ],
        ));
        m.lines.push(t.get("game_started-dice-keep", &[]));
        if scheme != domain::game::dice::SCHEME_V1 {
            m.lines.push(t.get("game_started-dice-throw", &[]));
        }
        m.commitment = Some(commitment.clone());
    }
}

/// " (place)", as the mail writes a place after a time.
fn in_brackets(place: &str) -> String {
    if place.is_empty() {
        String::new()
    } else {
        format!(" ({place})")
    }
}

/// Why `row` is not mailed to `to`, if it is not: checked before anything is built.
pub fn skipped(row: &OutboxRow, to: &PlayerRow) -> Option<Skip> {
    if to.email.is_none() {
        return Some(Skip::NoAddress);
    }
    match to.mail_mode.as_str() {
        "reminders_only" | "digest"
            if !MailKind::parse(&row.kind).is_some_and(MailKind::is_reminder) =>
        {
            Some(Skip::Preference)
        }
        _ => None,
    }
}

/// Builds the mail for `row` to `to`, or says why it is not sent.
pub fn compose(
    store: &Store,
    games: &dyn CurrentGames,
    settings: &MailSettings,
    row: &OutboxRow,
    to: &PlayerRow,
    extra_link: Option<&str>,
) -> anyhow::Result<Result<Message, Skip>> {
    if let Some(skip) = skipped(row, to) {
        return Ok(Err(skip));
    }
    let Some(address) = to.email.as_deref() else {
        return Ok(Err(Skip::NoAddress));
    };
    let Stored {
        kind,
        mail,
        seq,
        hash,
    } = Mail::read(row)?;
    let t = Texts::for_locale(&to.locale);
    let c = Composing {
        store,
        games,
        settings,
        to,
        t: &t,
    };
    let mut m = MailView {
        lang: t.lang,
        greeting: t.get("greeting", &[("name", to.name.clone())]),
        link_label: t.get("open-game", &[]),
        why: t.get("why", &[]),
        unsubscribe_label: t.get("unsubscribe", &[]),
        unsubscribe_link: Some(settings.unsubscribe_link(&to.id)),
        link: settings.public_url.clone(),
        ..MailView::default()
    };
    let mut args: Vec<(&str, String)> = Vec::new();
    let attachment = match row.game_id.as_deref() {
        Some(game_id) => about_game(&c, game_id, (seq, hash), &mail, &mut m, &mut args)?,
        None => None,
    };
    beyond_game(&c, kind, &mail, extra_link, &mut m, &mut args)?;
    let kind = kind.as_str();
    m.subject = t.get(&format!("{kind}-subject"), &args);
    m.headline = t.get(&format!("{kind}-headline"), &args);
    if matches!(&mail, Mail::OpponentMoved(moved) if moved.answered_uci.is_some()) {
        m.subject = t.get("opponent_moved-answered-subject", &args);
        m.headline = t.get("opponent_moved-answered-headline", &args);
    }
    let rendered = render(kind, &m)?;
    let message = message(settings, row, to, address, rendered, &m, attachment)?;
    Ok(Ok(message))
}

/// Who a mail is for, and what it is put together from.
#[derive(Clone, Copy)]
struct Composing<'a> {
    store: &'a Store,
    games: &'a dyn CurrentGames,
    settings: &'a MailSettings,
    to: &'a PlayerRow,
    t: &'a Texts,
}

/// A game's record, attached to the mail that ends it: the file's name and type, and the text.
type Record = ((&'static str, &'static str), String);

/// What a mail about game `game_id` says of it: the players with their ratings, its link and
/// the log's receipt, the board (in words for a player without sight) and the clock; then what
/// the event adds ([`game_event`]).
fn about_game(
    c: &Composing<'_>,
    game_id: &str,
    (seq, hash): (Option<i64>, Option<String>),
    mail: &Mail,
    m: &mut MailView,
    args: &mut Vec<(&'static str, String)>,
) -> anyhow::Result<Option<Record>> {
    let Composing {
        store,
        games,
        settings,
        to,
        t,
    } = *c;
    let (then, now) = game_at(store, games, game_id, seq)?;
    let me = if now.white.id.to_string() == to.id {
        Side::White
    } else {
        Side::Black
    };
    // Each player's name with their rating in this game beside it, where they have one.
    let (white_id, black_id) = (now.white.id.to_string(), now.black.id.to_string());
    let rated = store.ratings_in(&[&white_id, &black_id], now.kind.name())?;
    let rated_name = |side: Side| {
        let p = now.participant(side);
        match rated.get(&p.id.to_string()) {
            Some(s) => format!("{} ({})", p.name, s.shown(store::now())),
            None => p.name.clone(),
        }
    };
    args.push(("white", rated_name(Side::White)));
    args.push(("black", rated_name(Side::Black)));
    args.push(("opponent", rated_name(me.opponent())));
    m.link = format!("{}/games/{game_id}", settings.public_url);
    // The log's receipt as the event's transaction wrote it with the mail.
    if let (Some(seq), Some(hash)) = (seq, hash) {
        m.receipt = Some((receipt(t, seq, hash), t.get("mail-receipt-why", &[])));
    }
    // A turn passed back: the board as the recipient now finds it, their own dice thrown
    // (unless moves were made since).
    let shown = match mail {
        Mail::TurnPassed(_) if now.ply() == then.ply() => now.position(),
        _ => then.position(),
    };
    if to.without_sight {
        // A board drawn in glyphs says nothing read aloud: the position in words instead.
        let tongue = match to.move_notation() {
            Some(Notation::Spoken(tongue)) => tongue,
            _ => Tongue::for_language(t.lang),
        };
        let lines = GameKind::spoken_position(shown, tongue);
        m.position = Some((t.text("mail-position"), lines));
        m.words_lang = (tongue.code() != t.lang).then_some(tongue.code());
    } else {
        let (rows, text) = diagram(shown, me == Side::Black);
        m.board = Some(rows);
        m.board_text = Some(text);
    }
    if let (Some(clock), true) = (&now.clock, now.is_live()) {
        let r = clock.reading(store::now());
        let left = r.left_us[if me == Side::White { 0 } else { 1 }] / 1_000_000;
        if let Some(deadline) = r.deadline {
            m.clock = Some(t.get(
                "your-time",
                &[
                    ("left", t.duration(left)),
                    ("deadline", t.local_time(deadline, &Zone::of(to))),
                ],
            ));
        }
    }
    game_event(c, game_id, (&then, &now), mail, m, args)
}

/// The tables' verdict that ended `game`, as a sentence after the result (empty for any other
/// ending): for the side to move in the position they ruled on, and who claimed it.
fn tables_verdict(game: &Game, termination: Termination, t: &Texts) -> String {
    let Some(v) = game
        .tablebase_verdict
        .as_ref()
        .filter(|_| termination == Termination::Tablebase)
    else {
        return String::new();
    };
    let wdl = serde_json::to_value(v.wdl)
        .ok()
        .and_then(|w| w.as_str().map(str::to_owned))
        .unwrap_or_default();
    let claimed = game.tablebase_claimed_by.map_or("none", |s| s.as_str());
    let args = [
        ("wdl", wdl),
        ("side", game.turn().as_str().to_owned()),
        ("dtz", v.dtz.to_string()),
        ("pieces", v.pieces.to_string()),
        ("claimed", claimed.to_owned()),
    ];
    format!(" {}", t.get("page-tablebase-verdict", &args))
}

/// What the event a mail is about adds to it: the move as the recipient writes moves, the
/// claim, the result with the game's record attached, the adjournment, the dice.
fn game_event(
    c: &Composing<'_>,
    game_id: &str,
    (then, now): (&Game, &Game),
    mail: &Mail,
    m: &mut MailView,
    args: &mut Vec<(&'static str, String)>,
) -> anyhow::Result<Option<Record>> {
    let Composing { store, to, t, .. } = *c;
    let mut attachment = None;
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
    // A time from the log, in the recipient's time zone and language.
    let zone = Zone::of(to);
    let local = |at: &str| t.local_time_of(at, &zone).unwrap_or_else(|| at.to_owned());
    let name_of = |side: Side| now.participant(side).name.clone();
    match &mail {
        Mail::OpponentMoved(moved) => opponent_moved(c, then, moved, m, args),
        Mail::DrawAnswered(a) => args.push(("accepted", yes_no(a.accepted))),
        Mail::ClaimJudged(c) => {
            args.push(("upheld", yes_no(c.upheld)));
            let ground = serde_json::to_value(c.kind)?;
            let ground = ground.as_str().unwrap_or_default();
            args.push(("kind", t.get(&format!("claim-{ground}"), &[])));
        }
        Mail::GameOver(ended) => {
            args.push(("result", ended.result.as_str().to_owned()));
            args.push((
                "termination",
                t.get(&format!("termination-{}", ended.termination.as_str()), &[]),
            ));
            args.push(("verdict", tables_verdict(now, ended.termination, t)));
            let log: Vec<_> = store
                .load_events(game_id)?
                .into_iter()
                .map(|e| e.event)
                .collect();
            let kind = crate::games::kind_of_log(&log).unwrap_or(GameKind::Chess);
            attachment = Some((
                crate::games::record_file(kind),
                export_pgn::<GameKind>(&log)?,
            ));
        }
        Mail::Adjourned(a) => {
            args.push(("resume_at", local(&a.resume_at)));
            args.push((
                "place",
                a.place.as_deref().map(in_brackets).unwrap_or_default(),
            ));
            args.push(("sealer", name_of(a.sealer)));
        }
        Mail::ResumptionReminder(r) => {
            args.push(("resume_at", local(&r.resume_at)));
            args.push(("place", String::new()));
        }
        Mail::EnvelopeClosed(c) => {
            args.push(("sealer", name_of(c.sealed_by)));
            args.push((
                "move_number",
                c.move_number.map(|n| n.to_string()).unwrap_or_default(),
            ));
            let commitment = c.commitment.clone().unwrap_or_default();
            m.lines.push(t.get(
                "envelope_closed-commitment",
                &[("commitment", commitment.clone())],
            ));
            m.commitment = Some(commitment);
        }
        Mail::EnvelopeOpened(o) => {
            args.push(("move", o.mv.clone()));
            args.push(("nonce", o.nonce.clone()));
        }
        Mail::TurnPassed(passed) => args.push(("dice", passed.dice.clone())),
        Mail::OpeningDie(d) => {
            args.push(("die", d.die.to_string()));
            let outcome = match (d.tie, d.start) {
                (true, _) => "tie",
                (false, true) => "start",
                (false, false) => "throw",
            };
            args.push(("outcome", outcome.to_owned()));
        }
        Mail::GameStarted(started) => dice_commitment(t, started, m),
        Mail::Message(note) => {
            let mut with = args.clone();
            with.push(("message", note.text.clone()));
            m.lines.push(t.get("mail-message", &with));
        }
        Mail::OpponentOnLeave(leave) => {
            args.push(("from", local(&leave.from)));
            args.push(("until", local(&leave.until)));
        }
        Mail::TimeAdded(given) => {
            args.push(("seconds", given.seconds.to_string()));
            args.push(("reason", given.reason.clone()));
        }
        Mail::DrawOffered
        | Mail::TimeLow(_)
        | Mail::DayLeft(_)
        | Mail::SignIn
        | Mail::Digest(_)
        | Mail::TournamentPairing(_)
        | Mail::TournamentStandings(_)
        | Mail::TournamentInvitation(_)
        | Mail::Challenge(_) => {}
    }
    Ok(attachment)
}

/// The opponent's move (and the reply it answered from the recipient's lines) as the recipient
/// writes moves, with the draw offered with it and the message sent with it.
fn opponent_moved(
    c: &Composing<'_>,
    then: &Game,
    moved: &super::kind::Moved,
    m: &mut MailView,
    args: &mut Vec<(&'static str, String)>,
) {
    let Composing { to, t, .. } = *c;
    // The move as the recipient writes moves, from the position before it.
    let before = then
        .position_at(then.ply().saturating_sub(1))
        .unwrap_or_else(|| then.position().clone());
    let notation = to.move_notation();
    let written = written_code(&before, &moved.uci, notation, t.lang, false)
        .unwrap_or_else(|| moved.san.clone());
    args.push(("move", written));
    if let Some(uci) = &moved.answered_uci {
        // The reply as the recipient writes moves, from the position it was played in.
        let reply = written_code(then.position(), uci, notation, t.lang, false)
            .or_else(|| moved.answered_san.clone())
            .unwrap_or_default();
        args.push(("reply", reply));
    }
    if moved.draw_offered {
        m.lines.push(t.get("opponent_moved-offer", args));
    }
    if let Some(text) = &moved.message {
        let mut with = args.clone();
        with.push(("message", text.clone()));
        m.lines.push(t.get("mail-message", &with));
    }
}

/// What a mail says beyond a game: a sign-in link, a tournament's pairing, standings or
/// invitation, a challenge, a digest of games.
fn beyond_game(
    c: &Composing<'_>,
    kind: MailKind,
    mail: &Mail,
    extra_link: Option<&str>,
    m: &mut MailView,
    args: &mut Vec<(&'static str, String)>,
) -> anyhow::Result<()> {
    let Composing { settings, t, .. } = *c;
    if kind == MailKind::SignIn {
        m.link = extra_link.unwrap_or(&settings.public_url).to_owned();
        m.link_label = t.get("sign_in-subject", &[]);
        m.lines.push(t.get("sign_in-ignore", &[]));
        m.unsubscribe_link = None;
    }
    if let Mail::TournamentPairing(p) = mail {
        tournament_pairing(c, p, m, args)?;
    }
    if let Mail::TournamentStandings(s) = &mail {
        args.push(("tournament", s.name.clone()));
        args.push(("round", s.round.to_string()));
        args.push(("rank", s.rank.to_string()));
        args.push(("players", s.players.to_string()));
        args.push(("points", s.points.clone()));
        m.link = format!("{}/tournaments/{}", settings.public_url, s.tournament);
        m.link_label = t.get("tournament_standings-open", &[]);
    }
    if let Mail::TournamentInvitation(i) = &mail {
        args.push(("tournament", i.name.clone()));
        let when = [i.start_date.clone(), i.place.clone()];
        let when: Vec<String> = when.into_iter().flatten().collect();
        if !when.is_empty() {
            m.lines
                .push(t.get("tournament_invitation-when", &[("when", when.join(" · "))]));
        }
        m.lines.push(t.get("tournament_invitation-choose", &[]));
        m.link = format!("{}/tournaments/{}", settings.public_url, i.tournament);
        m.link_label = t.get("tournament_invitation-open", &[]);
    }
    if let Mail::Challenge(c) = &mail {
        args.push(("name", c.from.clone()));
        args.push(("what", c.what.clone()));
        args.push(("game", t.get(&format!("game-{}", c.game), &[])));
        args.push(("rated", if c.rated { "yes" } else { "no" }.to_owned()));
        if let (Some(message), "received") = (&c.message, c.what.as_str()) {
            m.lines
                .push(t.get("challenge-message", &[("message", message.clone())]));
        }
        m.link = format!("{}/challenges/{}", settings.public_url, c.challenge);
        m.link_label = t.get("challenge-open", &[]);
    }
    if let Mail::Digest(digest) = &mail {
        args.push(("count", digest.games.len().to_string()));
        m.games = digest
            .games
            .iter()
            .map(|g| {
                (
                    g.label.clone(),
                    format!("{}/games/{}", settings.public_url, g.id),
                    g.seq.zip(g.hash.clone()).map(|(s, h)| receipt(t, s, h)),
                )
            })
            .collect();
    }
    Ok(())
}

/// A tournament pairing's mail: the round, the board, the colour, the opponent, when and where,
/// and the link to the game (a match of dice's commitment too) or to the tournament.
fn tournament_pairing(
    c: &Composing<'_>,
    p: &super::kind::RoundPairing,
    m: &mut MailView,
    args: &mut Vec<(&'static str, String)>,
) -> anyhow::Result<()> {
    let Composing {
        store,
        games,
        settings,
        to,
        t,
    } = *c;
    args.push(("tournament", p.name.clone()));
    args.push(("round", p.round.to_string()));
    args.push(("board", p.board.map(|b| b.to_string()).unwrap_or_default()));
    let colour = match (p.board, p.white, p.cup_match) {
        (None, _, _) => "bye",
        (Some(_), true, true) => "match-white",
        (Some(_), false, true) => "match-black",
        (Some(_), true, false) => "white",
        (Some(_), false, false) => "black",
    };
    args.push(("colour", colour.to_owned()));
    args.push(("opponent", p.opponent.clone().unwrap_or_default()));
    if let Some(at) = &p.starts_at {
        let at = t
            .local_time_of(at, &Zone::of(to))
            .unwrap_or_else(|| at.clone());
        m.lines
            .push(t.get("tournament_pairing-starts", &[("starts_at", at)]));
    }
    if let Some(place) = &p.place {
        m.lines
            .push(t.get("tournament_pairing-place", &[("place", place.clone())]));
    }
    // An online board's game: a match of dice is first told of here, commitment and all.
    if let Some((Some(game), _)) = p
        .game
        .as_deref()
        .map(|id| games.current_game(store, id))
        .transpose()?
    {
        if let Some(d) = &game.dice {
            let started = super::kind::Started {
                commitment: Some(d.commitment.clone()),
                scheme: Some(d.scheme.clone()),
            };
            dice_commitment(t, &started, m);
        }
    }
    match &p.game {
        Some(game) => m.link = format!("{}/games/{game}", settings.public_url),
        None => {
            m.link = format!("{}/tournaments/{}", settings.public_url, p.tournament);
            m.link_label = t.get("tournament_pairing-open", &[]);
        }
    }
    Ok(())
}

/// The message itself: from, to, the stable id, one thread per game, the unsubscribe headers,
/// the text and HTML bodies, and the record attached.
fn message(
    settings: &MailSettings,
    row: &OutboxRow,
    to: &PlayerRow,
    address: &str,
    (subject, text, html): (String, String, String),
    m: &MailView,
    attachment: Option<Record>,
) -> anyhow::Result<Message> {
    let mut builder = Message::builder()
        .from(settings.from.clone())
        .to(Mailbox::new(Some(to.name.clone()), address.parse()?))
        .subject(subject)
        // A stable id per outbox row: a resend after a crash is the same message.
        .message_id(Some(format!("<{}@{}>", row.id, settings.domain)));
    if let Some(game_id) = row.game_id.as_deref() {
        // One conversation per game.
        let root = format!("<game-{game_id}@{}>", settings.domain);
        builder = builder.in_reply_to(root.clone()).references(root);
    }
    if let Some(link) = &m.unsubscribe_link {
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{link}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".into(),
            ));
    }
    let body = MultiPart::alternative()
        .singlepart(SinglePart::plain(text))
        .singlepart(SinglePart::html(html));
    let message = match attachment {
        Some(((name, media_type), record)) => {
            builder.multipart(MultiPart::mixed().multipart(body).singlepart(
                Attachment::new(name.into()).body(record, ContentType::parse(media_type)?),
            ))?
        }
        None => builder.multipart(body)?,
    };
    Ok(message)
}
