//! Set-up positions, who may act, notation (Appendix E) and PGN.

use super::*;

// ---------------------------------------------------------------- set-up positions
#[test]
fn an_illegal_start_position_is_refused() {
    let ctx: Context = Context {
        now: Table::new().now,
        actor: Actor::Admin,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let create = |fen: &str, rules| {
        decide(
            &GameState::NotCreated,
            Command::CreateGame(Box::new(create_command(Some(fen), rules))),
            &ctx,
        )
    };
    assert_eq!(
        create("8/8/8/8/8/8/8/8 w - - 0 1", RuleSet::FIDE_2023)
            .unwrap_err()
            .code(),
        "invalid_fen"
    );
    assert_eq!(
        create("not a fen", RuleSet::FIDE_2023).unwrap_err().code(),
        "invalid_fen"
    );
    assert_eq!(
        create(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            RuleSet::FIDE_2023
        ),
        Err(Rejection::PositionNotPlayable(Ending::Checkmate {
            winner: domain::game::Side::Black
        }))
    );
    assert_eq!(
        create("4k3/8/8/8/8/8/8/4K3 w - - 0 1", RuleSet::FIDE_2023)
            .unwrap_err()
            .code(),
        "position_not_playable"
    );
    assert_eq!(
        create("4k3/8/8/8/8/8/8/R3K3 w - - 150 90", RuleSet::FIDE_2023),
        Err(Rejection::PositionNotPlayable(Ending::SeventyfiveMoves))
    );
    assert!(create("4k3/8/8/8/8/8/8/R3K3 w - - 150 90", RuleSet::FIDE_2005).is_ok());
}

#[test]
fn a_set_up_position_with_black_to_move_exports_with_its_fen() {
    let mut t = Table::from_fen("4k3/8/8/8/8/8/4P3/R3K3 b - - 3 40");
    t.play("Kd7 e4");
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K3 b - - 3 40\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("40... Kd7 {2026-11-22 09:02 UTC} 41. e4 {2026-11-22 09:03 UTC} *"),
        "{pgn}"
    );
}

#[test]
fn the_standard_start_is_not_stored_as_a_set_up_position() {
    let t = Table::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(t.game().set_up_text, None);
}

// ---------------------------------------------------------------- who may act
#[test]
fn a_third_party_never_acts_in_a_game() {
    let mut t = Table::new();
    let stranger = Actor::Player(player(STRANGER));
    for command in [
        make("e4"),
        Command::OfferDraw,
        Command::Resign,
        claim(FiftyMoves, None),
    ] {
        assert_eq!(
            t.act(stranger, command.clone()).unwrap_err().code(),
            "not_a_player"
        );
        assert_eq!(
            t.act(Actor::Admin, command.clone()).unwrap_err().code(),
            "not_a_player"
        );
        assert_eq!(
            t.act(Actor::Arbiter(player(ARBITER)), command)
                .unwrap_err()
                .code(),
            "not_a_player"
        );
    }
    assert_eq!(t.log.len(), 1);
}

#[test]
fn arbiter_decisions_need_an_arbiter_and_a_reason() {
    let mut t = Table::new();
    t.play("e4 e5");
    let decision = |reason: &str| Command::DecideResult {
        result: WhiteWins,
        reason: reason.into(),
    };
    assert_eq!(code(t.by(White, decision("I say so"))), "forbidden");
    // The arbiter of another event has no say in this game.
    assert_eq!(
        code(t.act(Actor::Arbiter(player(STRANGER)), decision("mine"))),
        "forbidden"
    );
    assert_eq!(
        code(t.act(Actor::Arbiter(player(ARBITER)), decision("   "))),
        "bad_request"
    );
    let events = t
        .act(
            Actor::Arbiter(player(ARBITER)),
            decision("Black left the playing venue (Art. 11.2.3)"),
        )
        .unwrap();
    assert_eq!(
        ended(&events),
        Some((WhiteWins, Termination::ArbiterDecision))
    );
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
    assert!(pgn.contains("Black left the playing venue"), "{pgn}");
}

#[test]
fn only_a_side_or_an_organiser_creates_a_game() {
    let ctx = |actor| Context {
        now: Table::new().now,
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let create = Command::CreateGame(Box::new(create_command(None, RuleSet::FIDE_2023)));
    assert!(decide(
        &GameState::NotCreated,
        create.clone(),
        &ctx(Table::actor(White))
    )
    .is_ok());
    assert!(decide(
        &GameState::NotCreated,
        create.clone(),
        &ctx(Actor::Arbiter(player(ARBITER)))
    )
    .is_ok());
    assert_eq!(
        decide(
            &GameState::NotCreated,
            create.clone(),
            &ctx(Actor::Player(player(STRANGER)))
        )
        .unwrap_err()
        .code(),
        "not_a_player"
    );
    let mut same = create_command(None, RuleSet::FIDE_2023);
    same.black.id = same.white.id;
    assert_eq!(
        decide(
            &GameState::NotCreated,
            Command::CreateGame(Box::new(same)),
            &ctx(Actor::Admin)
        ),
        Err(Rejection::SamePlayer)
    );
    let t = Table::new();
    assert_eq!(
        decide(&t.state, create, &ctx(Actor::Admin)),
        Err(Rejection::GameExists)
    );
}

// ---------------------------------------------------------------- Appendix E: notation
/// The example game of the Turkish Appendix E, as written there (`Ke8` is a rook move: Kale).
const APPENDIX_E_TR: &str = "1. d4 Af6 2. c4 e6 3. Ac3 Fb4 4. Fd2 0-0 5. e4 d5 6. exd5 exd5 \
    7. cxd5 Fxc3 8. Fxc3 Axd5 9. Af3 b6 10. Vb3 Axc3 11. bxc3 c5 12. Fe2 cxd4 13. Axd4 Ke8 \
    14. 0-0 Ad7 15. a4 Ac5 16. Vb4 Fb7 17. a5";

#[test]
fn appendix_e_the_turkish_example_game() {
    let mut t = Table::new();
    t.play(APPENDIX_E_TR);
    assert_eq!(
        t.game().written_moves().join(" "),
        "d4 Nf6 c4 e6 Nc3 Bb4 Bd2 O-O e4 d5 exd5 exd5 cxd5 Bxc3 Bxc3 Nxd5 Nf3 b6 Qb3 Nxc3 \
         bxc3 c5 Be2 cxd4 Nxd4 Re8 O-O Nd7 a4 Nc5 Qb4 Bb7 a5"
    );
    // Written back with Turkish letters, FIDE style, it is the Appendix's own text.
    let mut pos = t.game().start_position().clone();
    let mut written = Vec::new();
    for &m in t.game().moves() {
        written.push(domain::chess::write_move(
            &pos,
            m,
            domain::chess::MoveStyle::Fide(domain::chess::LetterSet::Turkish),
        ));
        shakmaty::Position::play_unchecked(&mut pos, m);
    }
    let original: Vec<&str> = APPENDIX_E_TR
        .split_whitespace()
        .filter(|w| !w.ends_with('.'))
        .collect();
    assert_eq!(written, original);
}

#[test]
fn the_players_own_notation_is_tried_first_and_disagreement_is_ambiguous() {
    // Black: king e8, rooks a8 and h8. `Kd8` is the king in English, the a8 rook in Turkish.
    let t = Table::from_fen("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    let ctx = |notation| Context {
        now: t.now,
        actor: Table::actor(Black),
        notation,
        dice: None,
        entropy: None,
        tables: None,
    };
    let r = decide(&t.state, make("Kd8"), &ctx(Some(Notation::SanTr)));
    assert_eq!(r.unwrap_err().code(), "ambiguous_move");
    // Named explicitly, the notation is honoured.
    let events = decide(
        &t.state,
        Command::MakeMove {
            mv: mv_in("Kd8", Notation::SanTr),
            offer_draw: false,
            conditional: Vec::new(),
        },
        &ctx(None),
    )
    .unwrap();
    assert_eq!(events[0].body, played("a8d8", "Rd8", false));
    // Without a Turkish setting, the English reading is the only one tried first.
    let events = decide(&t.state, make("Kd8"), &ctx(None)).unwrap();
    assert_eq!(events[0].body, played("e8d8", "Kd8", false));
}

// ---------------------------------------------------------------- PGN
#[test]
fn pgn_export_has_the_seven_tag_roster_first() {
    let mut t = Table::new();
    t.play("e4 e5 Nf3");
    t.by(
        Black,
        Command::MakeMove {
            mv: mv("Nc6"),
            offer_draw: true,
            conditional: Vec::new(),
        },
    )
    .unwrap();
    t.by(White, Command::Resign).unwrap();
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    let tags: Vec<&str> = pgn
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(
        tags,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "TimeControl",
            "Termination"
        ]
    );
    assert!(pgn.contains("[Event \"Okul Turnuvası\"]"));
    assert!(pgn.contains("[Date \"2026.11.22\"]"));
    assert!(pgn.contains("[White \"Ayşe Yılmaz\"]"));
    assert!(pgn.contains("[Result \"0-1\"]"));
    assert!(pgn.contains("[Termination \"normal\"]"));
    // Each move with the time it was made; the offer and the ending after the last.
    assert!(
        pgn.contains("1. e4 {2026-11-22 09:02 UTC} 1... e5 {2026-11-22 09:03 UTC} 2. Nf3")
            && pgn.contains("2... Nc6 {2026-11-22 09:05 UTC} {(=)} {White resigns}\n0-1"),
        "{pgn}"
    );
}
