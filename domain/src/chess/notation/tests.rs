use super::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn text(t: &str) -> MoveText {
    MoveText::parse(t).unwrap()
}

fn read(p: &Chess, t: &str, n: Option<Notation>) -> Result<String, ReadError> {
    read_move(p, &text(t), n, None).map(|m| write_pgn_san(p, m))
}

#[test]
fn move_text_is_trimmed_short_and_clean() {
    assert_eq!(MoveText::parse("  e4 ").unwrap().as_str(), "e4");
    assert_eq!(MoveText::parse("   "), Err(MoveTextError::Empty));
    assert_eq!(
        MoveText::parse(&"a".repeat(MoveText::MAX_CHARS + 1)),
        Err(MoveTextError::TooLong {
            max: MoveText::MAX_CHARS
        })
    );
    assert_eq!(
        MoveText::parse("e2\u{0}e4"),
        Err(MoveTextError::ControlCharacter)
    );
}

#[test]
fn english_san_is_read_tolerantly() {
    let p = shakmaty::Chess::default();
    for t in ["e4", "e2e4", "e2-e4", "e4!", "e4!?", " e4 "] {
        assert_eq!(read(&p, t, Some(Notation::San)), Ok("e4".into()), "{t}");
    }
    assert_eq!(read(&p, "Nf3", None), Ok("Nf3".into()));
    assert_eq!(read(&p, "Ng1-f3", None), Ok("Nf3".into()));
    assert_eq!(read(&p, "Ng1f3", None), Ok("Nf3".into()));
}

#[test]
fn castling_with_zeros_or_letters() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for t in ["0-0", "O-O", "o-o", "0-0+", "OO"] {
        assert_eq!(read(&p, t, None), Ok("O-O".into()), "{t}");
    }
    for t in ["0-0-0", "O-O-O", "o-o-o"] {
        assert_eq!(read(&p, t, None), Ok("O-O-O".into()), "{t}");
    }
    // As the king's move in UCI and ICCF.
    assert_eq!(read(&p, "e1g1", Some(Notation::Uci)), Ok("O-O".into()));
    assert_eq!(read(&p, "5171", Some(Notation::Iccf)), Ok("O-O".into()));
    assert_eq!(read(&p, "5131", None), Ok("O-O-O".into()));
}

#[test]
fn promotion_forms_and_the_missing_piece() {
    let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for t in ["e8=Q", "e8Q", "e8/Q", "e8(Q)", "e7e8q", "57581", "e8=Q+"] {
        assert_eq!(read(&p, t, None), Ok("e8=Q".into()), "{t}");
    }
    assert_eq!(
        read(&p, "e8V", Some(Notation::SanTr)),
        Ok("e8=Q".into()),
        "Turkish vezir"
    );
    assert_eq!(read(&p, "e8A", Some(Notation::SanTr)), Ok("e8=N".into()));
    assert_eq!(read(&p, "57584", None), Ok("e8=N".into()));
    // Art. 3.7.5: a pawn move to the last rank without a choice is incomplete.
    assert_eq!(read(&p, "e8", None), Err(ReadError::PromotionMissing));
    assert_eq!(read(&p, "e7e8", None), Err(ReadError::PromotionMissing));
    assert_eq!(read(&p, "5758", None), Err(ReadError::PromotionMissing));
    // Promotion to a king is no move in English...
    assert_eq!(
        read(&p, "e8=K", Some(Notation::San)),
        Err(ReadError::Illegal)
    );
    // ...and with no notation named, the Turkish reading (K = Kale, a rook) is the one that
    // means a legal move.
    assert_eq!(read(&p, "e8K", None), Ok("e8=R".into()));
}

#[test]
fn en_passant_written_fide_style() {
    // After 1. e4 a6 2. e5 d5: exd6 e.p. is legal.
    let p = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    for t in [
        "exd6 e.p.",
        "exd6e.p.",
        "exd6 ep",
        "exd6",
        "ed6",
        "e5d6",
        "5546",
    ] {
        assert_eq!(read(&p, t, None), Ok("exd6".into()), "{t}");
    }
}

#[test]
fn optional_capture_sign_and_pawn_files() {
    let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(read(&p, "exd5", None), Ok("exd5".into()));
    assert_eq!(read(&p, "ed5", None), Ok("exd5".into()));
    assert_eq!(read(&p, "e:d5", None), Ok("exd5".into()));
    // `d5` is a push on the d-file, never the capture from e4.
    assert_eq!(read(&p, "d5", None), Err(ReadError::Illegal));
    assert_eq!(read(&p, "e5", None), Ok("e5".into()));
    // An `x` on a move that captures nothing is not that move.
    assert_eq!(read(&p, "exe5", None), Err(ReadError::Illegal));
}

#[test]
fn turkish_german_french_letters() {
    let p = shakmaty::Chess::default();
    assert_eq!(read(&p, "Af3", Some(Notation::SanTr)), Ok("Nf3".into()));
    assert_eq!(read(&p, "Sf3", Some(Notation::SanDe)), Ok("Nf3".into()));
    assert_eq!(read(&p, "Cf3", Some(Notation::SanFr)), Ok("Nf3".into()));
    assert_eq!(read(&p, "♘f3", None), Ok("Nf3".into()), "figurine");
    assert_eq!(read(&p, "♞f3", Some(Notation::SanTr)), Ok("Nf3".into()));
    // Without a notation, the other letter sets are tried once the first readings fail.
    assert_eq!(read(&p, "Af3", None), Ok("Nf3".into()));
    assert_eq!(read(&p, "Cc3", None), Ok("Nc3".into()));
    // Turkish K is Kale (rook): the Appendix E example's `Ke8`.
    let p = pos("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(read(&p, "Kf8", Some(Notation::SanTr)), Ok("Rf8".into()));
    assert_eq!(read(&p, "Kd8", Some(Notation::SanTr)), Ok("Rd8".into()));
    assert_eq!(read(&p, "Kg8", Some(Notation::SanTr)), Ok("Rg8".into()));
    assert_eq!(read(&p, "Kc8", Some(Notation::SanTr)), Ok("Rc8".into()));
    assert_eq!(read(&p, "Şf8", Some(Notation::SanTr)), Ok("Kf8".into()));
    assert_eq!(read(&p, "Kd8", Some(Notation::San)), Ok("Kd8".into()));
}

#[test]
fn two_readings_that_disagree_are_ambiguous() {
    // Black: king e8, rooks a8 and h8. `Kd8` is the king in English and the a8 rook in
    // Turkish; `Kf8` is the king in English and the h8 rook in Turkish.
    let p = pos("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    let e = read_move(&p, &text("Kd8"), None, Some(Notation::SanTr)).unwrap_err();
    assert_eq!(
        e,
        ReadError::Ambiguous {
            candidates: vec!["Rd8".into(), "Kd8".into()]
        }
    );
    // An explicit notation is honoured.
    let m = read_move(&p, &text("Kd8"), Some(Notation::SanTr), None).unwrap();
    assert_eq!(write_pgn_san(&p, m), "Rd8");
    // Readings that agree are one answer: e2e4 as SAN (long form) and as UCI.
    assert_eq!(read(&Chess::default(), "e2e4", None), Ok("e4".into()));
}

#[test]
fn ambiguity_within_one_reading() {
    let p = pos("4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1");
    assert_eq!(
        read(&p, "Nd2", None),
        Err(ReadError::Ambiguous {
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        })
    );
    assert_eq!(read(&p, "Nbd2", None), Ok("Nbd2".into()));
}

#[test]
fn garbage_is_unparseable() {
    let p = shakmaty::Chess::default();
    for t in [
        "hello", "e9", "Zf3", "9999", "e2e4e4", "x", "=Q", "O-O-O-O", "e.p.",
    ] {
        assert_eq!(read(&p, t, None), Err(ReadError::Unparseable), "{t}");
    }
    assert_eq!(read(&p, "e5", None), Err(ReadError::Illegal));
    assert_eq!(
        read(&p, "Nf3", Some(Notation::Uci)),
        Err(ReadError::Unparseable)
    );
}

#[test]
fn writes_every_style() {
    let p = pos("r3kn1r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    let m = |t: &str| read_move(&p, &text(t), None, None).unwrap();
    let cases = [
        ("O-O", MoveStyle::Pgn, "O-O"),
        ("O-O", MoveStyle::Fide(LetterSet::Turkish), "0-0"),
        ("O-O", MoveStyle::Iccf, "5171"),
        ("O-O", MoveStyle::Uci, "e1g1"),
        ("O-O", MoveStyle::Long, "O-O"),
        ("exd6", MoveStyle::Fide(LetterSet::English), "exd6 e.p."),
        ("exd6", MoveStyle::Long, "e5xd6"),
        ("exf8=N", MoveStyle::Pgn, "exf8=N"),
        ("exf8=N", MoveStyle::Fide(LetterSet::Turkish), "exf8A"),
        ("exf8=N", MoveStyle::Fide(LetterSet::French), "exf8C"),
        ("exf8=Q", MoveStyle::Pgn, "exf8=Q+"),
        ("exf8=Q", MoveStyle::Figurine, "exf8=♕+"),
        ("exf8=Q", MoveStyle::Iccf, "57681"),
        ("exf8=Q", MoveStyle::Uci, "e7f8q"),
        ("Ra8", MoveStyle::Fide(LetterSet::German), "Txa8+"),
        ("Rxa8", MoveStyle::Fide(LetterSet::Turkish), "Kxa8+"),
        ("Rxa8", MoveStyle::Long, "Ra1xa8+"),
        ("Kd2", MoveStyle::Fide(LetterSet::French), "Rd2"),
        ("Kd2", MoveStyle::Fide(LetterSet::Turkish), "Şd2"),
    ];
    for (t, style, want) in cases {
        assert_eq!(write_move(&p, m(t), style), want, "{t} {style:?}");
    }
}

#[test]
fn pgn_style_matches_shakmaty() {
    let p = pos("r3k2r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    for m in p.legal_moves() {
        let ours = write_pgn_san(&p, m);
        let theirs = shakmaty::san::SanPlus::from_move(p.clone(), m).to_string();
        assert_eq!(ours, theirs);
    }
}

#[test]
fn uci_unchecked_rebuilds_the_same_moves() {
    let p = pos("r3k2r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    for m in p.legal_moves() {
        let uci = write_move(&p, m, MoveStyle::Uci);
        assert_eq!(uci_unchecked(&p, &uci), Some(m), "{uci}");
    }
    assert_eq!(uci_unchecked(&p, "e3e4"), None, "no piece on e3");
    assert_eq!(uci_unchecked(&p, "zz"), None);
    for bad in ["e2e4x", "e7e8k", "e7e8p", "0000", "Q@e4", "e2e4q5", ""] {
        assert_eq!(Uci::parse(bad), Err(ParseUciError), "{bad}");
    }
    let u = Uci::parse("e7e8q").unwrap();
    assert_eq!(u.to_string(), "e7e8q");
    assert_eq!(serde_json::to_string(&u).unwrap(), "\"e7e8q\"");
    assert!(serde_json::from_str::<Uci>("\"e7e8k\"").is_err());
    let _ = EnPassantMode::Legal;
}
