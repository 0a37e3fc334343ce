//! The properties the fuzz targets check (`fuzz/`), one function per target. Each takes the
//! fuzzer's raw bytes and panics when a property fails; the same functions run every input kept in
//! `fuzz/regressions/<target>/` as a test of the normal suite (`domain/tests/fuzz_regressions.rs`).
//!
//! - [`move_text`]: reading a typed move in every notation never panics and only ever answers a
//!   legal move; every legal move written in each style reads back as the same move.
//! - [`fen`]: a FEN either is refused with a reason or gives a position whose normal form reads
//!   back as the same position (positions needing chasolver's full search are skipped: it is
//!   measured on its own corpus).
//! - [`event_json`]: stored event JSON either is refused or decodes to events that encode back to
//!   themselves, and any log of such events folds (to a state or to "corrupt") without panicking,
//!   the same way every time.
//! - [`pgn_round_trip`]: a game made from the fuzzer's choices (legal moves, and draw offers,
//!   claims, resignations and arbiter decisions judged by `decide`) exports as PGN that a PGN
//!   reader reads back to the same tags, moves and result.

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};
use time::OffsetDateTime;

use crate::chess::notation::{read_move, write_move, MoveStyle};
use crate::chess::Chess as ZarfChess;
use crate::chess::{fen_of, legal_moves, position_from_stored_fen, LetterSet, MoveText, Notation};
use crate::chess::{FenError, StartFen, Uci, FEN_PROBLEMS};
use crate::game::decide;
use crate::game::{
    evolve, export_pgn, Actor, ClaimKind, Command, Context, CreateGame, EventBody, Game, GameEvent,
    GameResult, GameState, MoveInput, MoveRecord, Participant, RuleSet, Side, Status,
};
use crate::ids::{GameId, PlayerId};

/// The fuzzer's bytes, taken from the front.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// A string of up to `max` bytes (lossy UTF-8), its length from the next byte.
    fn text(&mut self, max: usize) -> String {
        let len = usize::from(self.byte().unwrap_or(0)) % (max + 1);
        let len = len.min(self.0.len());
        let (head, rest) = self.0.split_at(len);
        self.0 = rest;
        String::from_utf8_lossy(head).into_owned()
    }

    fn rest(&self) -> &[u8] {
        self.0
    }
}

/// Plays up to `plies` moves chosen by the next bytes from `pos`, stopping where the game ends.
fn walk(bytes: &mut Bytes<'_>, mut pos: Chess, plies: u8) -> Chess {
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        let Some(b) = bytes.byte() else { break };
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(b) % moves.len()]);
    }
    pos
}

/// The notation a move written in `style` is read back with.
fn reading_of(style: MoveStyle) -> Option<Notation> {
    match style {
        MoveStyle::Pgn => Some(Notation::San),
        MoveStyle::Fide(set) => Some(Notation::for_letters(set)),
        MoveStyle::Uci => Some(Notation::Uci),
        MoveStyle::Iccf => Some(Notation::Iccf),
        MoveStyle::Figurine | MoveStyle::Long => None,
    }
}

const STYLES: [MoveStyle; 8] = [
    MoveStyle::Pgn,
    MoveStyle::Fide(LetterSet::English),
    MoveStyle::Fide(LetterSet::Turkish),
    MoveStyle::Fide(LetterSet::German),
    MoveStyle::Fide(LetterSet::French),
    MoveStyle::Figurine,
    MoveStyle::Long,
    MoveStyle::Iccf,
];

/// Positions with castling, en passant and promotions close at hand, to walk from.
const ROOTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

/// The games' start positions: as [`ROOTS`], with queens beside the promoting pawns, so that the
/// dead-position test does not run chasolver's full search on every move (a second at worst).
const GAME_ROOTS: [&str; 4] = [
    ROOTS[0],
    ROOTS[1],
    "n1n4q/PPPk4/8/8/8/8/4Kppp/Q4N1N w - - 0 1",
    ROOTS[3],
];

/// Target `move_text`: a position walked to by the first bytes, then the rest as a typed move.
pub fn move_text(data: &[u8]) {
    let mut bytes = Bytes(data);
    let root = usize::from(bytes.byte().unwrap_or(0)) % ROOTS.len();
    let plies = bytes.byte().unwrap_or(0) % 48;
    let start = position_from_stored_fen(ROOTS[root]).expect("the roots are legal");
    let pos = walk(&mut bytes, start, plies);
    let pick = bytes.byte();
    let text = String::from_utf8_lossy(bytes.rest());

    if let Ok(typed) = MoveText::parse(&text) {
        assert!(typed.as_str().chars().count() <= MoveText::MAX_CHARS);
        for preferred in [None, Some(Notation::SanTr)] {
            if let Ok(m) = read_move(&pos, &typed, None, preferred) {
                assert!(pos.is_legal(m), "{text:?} read as an illegal move {m:?}");
            }
        }
        for n in Notation::ALL {
            if let Ok(m) = read_move(&pos, &typed, Some(n), None) {
                assert!(pos.is_legal(m), "{text:?} as {n} read as an illegal move");
            }
        }
    }

    let moves = legal_moves(&pos);
    if let (Some(pick), false) = (pick, moves.is_empty()) {
        let m = moves[usize::from(pick) % moves.len()];
        for style in STYLES.into_iter().chain([MoveStyle::Uci]) {
            let written = write_move(&pos, m, style);
            let typed = MoveText::parse(&written)
                .unwrap_or_else(|e| panic!("{style:?} wrote {written:?}, not a move text: {e}"));
            let Some(n) = reading_of(style) else { continue };
            let read = read_move(&pos, &typed, Some(n), None);
            assert_eq!(
                read,
                Ok(m),
                "{written:?} ({style:?}) does not read back as {n} in {}",
                fen_of(&pos)
            );
        }
    }
}

/// Target `fen`: the bytes as a FEN for a new game.
pub fn fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // Positions that would send the dead-position test to chasolver's full search are left to
    // its own corpus and benchmark: they take up to a second each.
    let pos = text
        .trim()
        .parse::<shakmaty::fen::Fen>()
        .ok()
        .and_then(|f| {
            f.into_position::<Chess>(shakmaty::CastlingMode::Standard)
                .ok()
        });
    if let Some(p) = &pos {
        // Every position the reader takes reaches chasolver as the board its FEN would give.
        assert!(
            crate::chess::direct_board_matches_fen(p),
            "chasolver's board of {text:?} is not the one its FEN gives"
        );
    }
    if pos.is_some_and(|p| crate::chess::dead_position_needs_full_search(&p)) {
        return;
    }
    match StartFen::parse_judged_by(&text, crate::chess::ending_of) {
        Ok(start) => {
            let again = StartFen::parse_judged_by(start.as_str(), crate::chess::ending_of)
                .unwrap_or_else(|e| panic!("the normal form {:?} is refused: {e}", start.as_str()));
            assert_eq!(
                again.as_str(),
                start.as_str(),
                "the normal form is not stable"
            );
            assert_eq!(again.position(), start.position());
            assert_eq!(
                position_from_stored_fen(start.as_str()).as_ref(),
                Some(start.position()),
                "a stored start position does not read back"
            );
            assert!(!legal_moves(start.position()).is_empty());
        }
        Err(FenError::NotPlayable(_)) => {}
        Err(FenError::Invalid(key)) => {
            assert!(
                FEN_PROBLEMS.contains(&key),
                "a refusal without a known reason: {key}"
            )
        }
    }
}

/// Target `event_json`: the bytes as a stored event, or as a JSON array of them (a log).
pub fn event_json(data: &[u8]) {
    #[derive(serde::Deserialize)]
    struct Stored {
        #[serde(rename = "type")]
        type_name: String,
        version: u32,
        data: serde_json::Value,
    }

    // The store's path: type, version and data columns, decoded with the upcaster.
    if let Ok(stored) = serde_json::from_slice::<Stored>(data) {
        if let Ok(body) = EventBody::decode(&stored.type_name, stored.version, stored.data) {
            let again = EventBody::decode(body.type_name(), body.version(), body.data());
            assert_eq!(again.as_ref(), Ok(&body), "an event does not encode back");
        }
    }
    // Whole events and logs.
    let log: Vec<GameEvent> = match serde_json::from_slice::<Vec<GameEvent>>(data) {
        Ok(log) => log,
        Err(_) => match serde_json::from_slice::<GameEvent>(data) {
            Ok(e) => vec![e],
            Err(_) => return,
        },
    };
    for e in &log {
        let text = serde_json::to_string(e).expect("an event serialises");
        let back: GameEvent = serde_json::from_str(&text).expect("an event reads back");
        assert_eq!(&back, e, "an event does not round-trip through JSON");
    }
    let once: Result<GameState<ZarfChess>, _> = GameState::replay(&log);
    let twice: Result<GameState<ZarfChess>, _> = GameState::replay(&log);
    assert_eq!(
        once.as_ref().map(GameState::version),
        twice.as_ref().map(GameState::version)
    );
    if let Ok(state) = &once {
        assert_eq!(state.version(), log.len() as u64);
    }
}

const WHITE: &str = "0190a5b2-7c3e-7f00-8000-0000000000a1";
const BLACK: &str = "0190a5b2-7c3e-7f00-8000-0000000000b2";
const ARBITER: &str = "0190a5b2-7c3e-7f00-8000-0000000000d4";
const GAME: &str = "0190a5b2-7c3e-7f00-8000-0000000000e5";

fn id(text: &str) -> PlayerId {
    PlayerId::parse(text).expect("a constant id")
}

/// Target `pgn_round_trip`: a game whose names, tags and commands come from the bytes.
pub fn pgn_round_trip(data: &[u8]) {
    let mut bytes = Bytes(data);
    let mut now = OffsetDateTime::from_unix_timestamp(1_790_000_000).expect("a time");
    let create = game_to_create(&mut bytes);
    let Ok(mut log) = decide(
        &GameState::<ZarfChess>::NotCreated,
        Command::CreateGame(Box::new(create)),
        &context(now, Actor::Arbiter(id(ARBITER))),
    ) else {
        return;
    };
    let mut state: GameState<ZarfChess> = GameState::replay(&log).expect("a created game folds");

    // At most 64 commands: longer games find little new and slow the fuzzer down.
    for _ in 0..64 {
        let Some(op) = bytes.byte() else { break };
        let Some(game) = state.game() else { break };
        if !matches!(game.status, Status::Active) {
            break;
        }
        let pick = usize::from(bytes.byte().unwrap_or(0));
        now += time::Duration::minutes(i64::from(op % 7) + 1);
        if op % 16 <= 9 {
            let Some(event) = move_played(game, op, pick, now) else {
                continue;
            };
            state = evolve(state, &event);
            log.push(event);
            continue;
        }
        let Some((command, actor)) = command_of(game, op, pick, &mut bytes) else {
            continue;
        };
        if let Ok(events) = decide(&state, command, &context(now, actor)) {
            for e in &events {
                state = evolve(state, e);
            }
            log.extend(events);
        }
    }
    let game = state.game().expect("the game folds");
    assert_pgn_reads_back(game, &log);
}

/// The game to create, its names, tags, rule set and start position from the bytes.
fn game_to_create(bytes: &mut Bytes<'_>) -> CreateGame {
    let fen_choice = bytes.byte().unwrap_or(0);
    CreateGame {
        game_id: GameId::parse(GAME).expect("a constant id"),
        white: Participant {
            id: id(WHITE),
            name: bytes.text(40),
        },
        black: Participant {
            id: id(BLACK),
            name: bytes.text(40),
        },
        organiser: Some(id(ARBITER)),
        game: None,
        rules: Some(if fen_choice & 0x80 == 0 {
            RuleSet::FIDE_2023
        } else {
            RuleSet::FIDE_2005
        }),
        start_position: match usize::from(fen_choice & 0x7f) % (GAME_ROOTS.len() + 1) {
            0 => None,
            i => Some(GAME_ROOTS[i - 1].to_owned()),
        },
        time_control: None,
        event: Some(bytes.text(40)).filter(|s| !s.is_empty()),
        round: Some(bytes.text(8)).filter(|s| !s.is_empty()),
        site: Some(bytes.text(40)).filter(|s| !s.is_empty()),
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: None,
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: None,
        rated: false,
        visibility: Default::default(),
        tablebase: Default::default(),
    }
}

/// Who acts, and when; moves written in no notation of their own.
fn context(now: OffsetDateTime, actor: Actor) -> Context<ZarfChess> {
    Context {
        now,
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    }
}

/// The legal move `pick` chooses, made at `now` (with a draw offer where `op` says), recorded as
/// `decide` records one but without its end-of-game analysis (chasolver's search would take
/// most of the fuzzer's time; the Laws tests and the property tests judge endings). None where
/// there is no legal move.
fn move_played(
    game: &Game<ZarfChess>,
    op: u8,
    pick: usize,
    now: OffsetDateTime,
) -> Option<GameEvent> {
    let pos = game.position();
    let moves = legal_moves(pos);
    let &m = moves.get(pick % moves.len().max(1))?;
    Some(GameEvent {
        at: now,
        actor: Actor::Player(game.participant(game.turn()).id),
        body: EventBody::MovePlayed {
            mv: MoveRecord {
                code: Uci::of(m).code(),
                written: write_move(pos, m, MoveStyle::Pgn),
            },
            draw_offered: op & 0x10 != 0,
            sealed: false,
            conditional: false,
        },
    })
}

/// The command `op` chooses, and who sends it: a draw offered, accepted, declined or claimed, a
/// resignation, or an arbiter's decision (its reason from the bytes); none for the other ops.
fn command_of(
    game: &Game<ZarfChess>,
    op: u8,
    pick: usize,
    bytes: &mut Bytes<'_>,
) -> Option<(Command<ZarfChess>, Actor)> {
    let pos = game.position();
    let moves = legal_moves(pos);
    let to_move = game.turn();
    let other = match to_move {
        Side::White => Side::Black,
        Side::Black => Side::White,
    };
    let player = |side: Side| Actor::Player(game.participant(side).id);
    let san_of = |m: Move| MoveInput {
        text: MoveText::parse(&write_move(pos, m, MoveStyle::Pgn)).expect("SAN is a text"),
        notation: Some(Notation::San),
    };
    Some(match op % 16 {
        10 => (
            Command::OfferDraw,
            player(if op & 0x10 != 0 { to_move } else { other }),
        ),
        11 if op & 0x10 != 0 => (Command::AcceptDraw, player(to_move)),
        11 => (Command::DeclineDraw, player(to_move)),
        12 => (
            Command::ClaimDraw {
                kind: if op & 0x10 != 0 {
                    ClaimKind::FiftyMoves
                } else {
                    ClaimKind::ThreefoldRepetition
                },
                // Not where judging the intended move would run chasolver's full search.
                intended_move: moves
                    .get(pick % moves.len().max(1))
                    .filter(|_| op & 0x60 == 0x60)
                    .filter(|&&m| {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        !crate::chess::dead_position_needs_full_search(&after)
                    })
                    .map(|&m| san_of(m)),
            },
            player(to_move),
        ),
        13 => (
            Command::Resign,
            player(if op & 0x10 != 0 { to_move } else { other }),
        ),
        14 => (
            Command::DecideResult {
                result: [
                    GameResult::WhiteWins,
                    GameResult::BlackWins,
                    GameResult::Draw,
                ][pick % 3],
                reason: bytes.text(60),
            },
            Actor::Arbiter(id(ARBITER)),
        ),
        _ => return None,
    })
}

/// The game's log folds again to the same game, and its PGN reads back to the same tags, moves
/// and result.
fn assert_pgn_reads_back(game: &Game<ZarfChess>, log: &[GameEvent]) {
    assert_eq!(
        GameState::<crate::chess::Chess>::replay(log)
            .ok()
            .as_ref()
            .and_then(GameState::game),
        Some(game),
        "folding the log again gives another game"
    );
    let pgn = export_pgn::<ZarfChess>(log).expect("a decided log exports");
    let read = read_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));

    let tag = |name: &str| {
        read.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} tag in\n{pgn}"))
    };
    let one_line = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect()
    };
    assert_eq!(tag("White"), one_line(&game.white.name), "White\n{pgn}");
    assert_eq!(tag("Black"), one_line(&game.black.name), "Black\n{pgn}");
    let or = |v: &Option<String>, default: &str| {
        v.as_deref()
            .filter(|s| !s.is_empty())
            .map_or(default.to_owned(), one_line)
    };
    assert_eq!(tag("Event"), or(&game.event, "?"), "Event\n{pgn}");
    assert_eq!(tag("Site"), or(&game.site, "?"), "Site\n{pgn}");
    assert_eq!(tag("Round"), or(&game.round, "-"), "Round\n{pgn}");
    let result = match game.status {
        Status::Finished { result, .. } => result.as_str(),
        _ => "*",
    };
    assert_eq!(tag("Result"), result);
    assert_eq!(read.result, result, "the movetext's result\n{pgn}");

    let pos = match game.set_up_text.as_deref() {
        Some(fen) => {
            assert_eq!(tag("SetUp"), "1");
            assert_eq!(tag("FEN"), fen);
            position_from_stored_fen(fen).expect("the FEN tag reads")
        }
        None => Chess::default(),
    };
    assert_moves_read_back(game, pos, &read.sans, &pgn);
}

/// The moves read from the PGN, from its start position `pos`, are the game's moves.
fn assert_moves_read_back(game: &Game<ZarfChess>, mut pos: Chess, sans: &[String], pgn: &str) {
    assert_eq!(&pos, game.start_position());
    assert_eq!(sans.len(), game.ply(), "the number of moves\n{pgn}");
    for (san, &m) in sans.iter().zip(game.moves()) {
        let parsed = San::from_ascii(san.as_bytes())
            .unwrap_or_else(|e| panic!("{san:?} is not SAN ({e})\n{pgn}"));
        let read_move = parsed
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{san:?} is not a legal move ({e})\n{pgn}"));
        assert_eq!(read_move, m, "{san:?}\n{pgn}");
        pos.play_unchecked(m);
    }
}

/// A PGN game as a reader sees it.
struct ReadPgn {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    result: String,
}

/// A strict reader of one PGN game (export format, PGN standard 8): tag pairs, then movetext
/// with move numbers, SAN, `{}` comments and the result.
fn read_pgn(pgn: &str) -> Result<ReadPgn, String> {
    let (head, movetext) = pgn
        .split_once("\n\n")
        .ok_or("no blank line after the tags")?;
    let mut tags = Vec::new();
    for line in head.lines() {
        let inner = line
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .ok_or_else(|| format!("not a tag pair: {line:?}"))?;
        let (name, quoted) = inner
            .split_once(' ')
            .ok_or_else(|| format!("no value: {line:?}"))?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("bad tag name {name:?}"));
        }
        let body = quoted
            .strip_prefix('"')
            .and_then(|q| q.strip_suffix('"'))
            .ok_or_else(|| format!("unquoted value: {line:?}"))?;
        let mut value = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some(e @ ('\\' | '"')) => value.push(e),
                    other => return Err(format!("bad escape \\{other:?} in {line:?}")),
                },
                '"' => return Err(format!("an unescaped quote in {line:?}")),
                c => value.push(c),
            }
        }
        tags.push((name.to_owned(), value));
    }

    let mut sans = Vec::new();
    let mut result = None;
    let mut rest = movetext.trim_end();
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if result.is_some() {
            return Err(format!("text after the result: {rest:?}"));
        }
        if c == '{' {
            let end = rest.find('}').ok_or("an unclosed comment")?;
            rest = &rest[end + 1..];
            continue;
        }
        if c == '}' {
            return Err("a stray '}'".into());
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            result = Some(token.to_owned());
        } else if token.starts_with(|c: char| c.is_ascii_digit()) {
            let digits = token.trim_end_matches('.');
            if digits.len() == token.len() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return Err(format!("bad move number {token:?}"));
            }
        } else {
            sans.push(token.to_owned());
        }
    }
    Ok(ReadPgn {
        tags,
        sans,
        result: result.ok_or("no result at the end")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_reads_an_export() {
        let pgn = "[Event \"a \\\"b\\\" \\\\ c\"]\n[Result \"1-0\"]\n\n1. e4 {x} e5 2. Qh5 1-0\n\n";
        let read = read_pgn(pgn).unwrap();
        assert_eq!(read.tags[0], ("Event".into(), "a \"b\" \\ c".into()));
        assert_eq!(read.sans, ["e4", "e5", "Qh5"]);
        assert_eq!(read.result, "1-0");
    }

    #[test]
    fn the_reader_refuses_broken_pgn() {
        for bad in [
            "[Event \"a\"b\"]\n\n*\n",
            "[Event \"a\"]\n\n1. e4 {open *\n",
            "[Event \"a\"]\n\n1. e4\n",
            "[Event \"a\"]\n\n* e4\n",
            "[Event \"a\nb\"]\n\n*\n",
        ] {
            assert!(read_pgn(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_start_positions_are_playable_and_cheap_to_judge() {
        for fen in ROOTS.iter().chain(&GAME_ROOTS) {
            assert!(StartFen::parse(fen).is_ok(), "{fen}");
        }
        for fen in GAME_ROOTS {
            let pos = position_from_stored_fen(fen).unwrap();
            assert!(
                !crate::chess::dead_position_needs_full_search(&pos),
                "{fen}"
            );
        }
    }

    #[test]
    fn the_targets_take_any_bytes() {
        for data in [
            &b""[..],
            b"\x00",
            b"\xff\xff\xff",
            b"e4",
            b"[{}]",
            b"\x01\x02\x03abc",
        ] {
            move_text(data);
            fen(data);
            event_json(data);
            pgn_round_trip(data);
        }
    }
}
