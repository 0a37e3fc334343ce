use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};

use super::*;
use crate::chess::notation::{read_move, MoveText, Notation, ReadError};

const DE: Tongue = Tongue::German;
const TR: Tongue = Tongue::Turkish;
const EN: Tongue = Tongue::English;

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("a FEN")
        .into_position(CastlingMode::Standard)
        .expect("a legal position")
}

fn start() -> Chess {
    Chess::default()
}

fn uci(p: &Chess, code: &str) -> Move {
    code.parse::<UciMove>()
        .expect("UCI")
        .to_move(p)
        .expect("legal")
}

fn said(p: &Chess, code: &str, t: Tongue) -> String {
    write_spoken(p, uci(p, code), t)
}

fn read(p: &Chess, text: &str, t: Tongue) -> Result<Move, ReadError> {
    read_spoken(p, text, t)
}

/// Reads `text` in `t` and says the move it read as UCI.
fn reads_as(p: &Chess, text: &str, t: Tongue) -> String {
    match read(p, text, t) {
        Ok(m) => UciMove::from_standard(m).to_string(),
        Err(e) => format!("{e:?}"),
    }
}

/// Reads `text` with no notation named, as a page's move field does.
fn any(p: &Chess, text: &str) -> Result<Move, ReadError> {
    read_move(p, &MoveText::parse(text).expect("a move text"), None, None)
}

const MIDDLE: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5";
const PROMOTION: &str = "3r3k/4P3/8/8/8/8/6K1/8 w - - 0 1";
const EN_PASSANT: &str = "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 2";
const TWO_ROOKS: &str = "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1";
const THREE_QUEENS: &str = "8/5k2/8/8/Q2Q4/8/8/Q3K3 w - - 0 1";

#[test]
fn german_speaks_as_the_laws_appendix_spells() {
    let s = start();
    assert_eq!(said(&s, "g1f3", DE), "Springer Felix drei");
    assert_eq!(said(&s, "e2e4", DE), "Bauer Eva vier");
    let m = pos(MIDDLE);
    assert_eq!(said(&m, "e1g1", DE), "Kurze Rochade");
    let e = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(said(&e, "e4d5", DE), "Bauer Eva schlaegt David fuenf");
    assert_eq!(said(&pos(TWO_ROOKS), "a1d1", DE), "Turm Anna David eins");
    let p = pos(PROMOTION);
    assert_eq!(said(&p, "e7e8q", DE), "Bauer Eva acht wird Dame Schach");
    assert_eq!(
        said(&p, "e7d8q", DE),
        "Bauer Eva schlaegt David acht wird Dame Schach"
    );
    assert_eq!(said(&p, "e7e8n", DE), "Bauer Eva acht wird Springer");
    let ep = pos(EN_PASSANT);
    assert_eq!(
        said(&ep, "e5d6", DE),
        "Bauer Eva schlaegt David sechs en passant Schach"
    );
    let mate = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(said(&mate, "a1a8", DE), "Turm Anna acht Schachmatt");
    let bishop = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(said(&bishop, "f1c4", DE), "Laeufer Cesar vier");
}

#[test]
fn turkish_and_english_speak_their_own_words() {
    let s = start();
    assert_eq!(said(&s, "g1f3", TR), "At f üç");
    assert_eq!(said(&s, "e2e4", TR), "Piyon e dört");
    assert_eq!(said(&s, "g1f3", EN), "Knight f three");
    assert_eq!(said(&s, "e2e4", EN), "Pawn e four");
    let e = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(said(&e, "e4d5", TR), "Piyon e alır d beş");
    assert_eq!(said(&e, "e4d5", EN), "Pawn e takes d five");
    let p = pos(PROMOTION);
    assert_eq!(said(&p, "e7e8q", TR), "Piyon e sekiz vezir olur şah");
    assert_eq!(said(&p, "e7e8q", EN), "Pawn e eight becomes queen check");
    let m = pos(MIDDLE);
    assert_eq!(said(&m, "e1g1", TR), "Kısa rok");
    assert_eq!(said(&m, "e1g1", EN), "Short castle");
    let ep = pos(EN_PASSANT);
    assert_eq!(
        said(&ep, "e5d6", TR),
        "Piyon e alır d altı geçerken alma şah"
    );
    assert_eq!(said(&ep, "e5d6", EN), "Pawn e takes d six en passant check");
    let mate = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(said(&mate, "a1a8", TR), "Kale a sekiz mat");
    assert_eq!(said(&mate, "a1a8", EN), "Rook a eight checkmate");
    let q = pos(THREE_QUEENS);
    assert_eq!(said(&q, "a4d1", EN), "Queen a four d one");
    assert_eq!(said(&q, "d4d1", EN), "Queen d d one");
    assert_eq!(said(&q, "a1a2", EN), "Queen one a two check");
    let castle_long = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(said(&castle_long, "e1c1", DE), "Lange Rochade");
    assert_eq!(said(&castle_long, "e1c1", TR), "Uzun rok");
    assert_eq!(said(&castle_long, "e1c1", EN), "Long castle");
}

#[test]
fn case_umlauts_and_turkish_marks_are_read_either_way() {
    let s = start();
    for text in ["springer felix drei", "SPRINGER FELIX DREI", "Springer f3"] {
        assert_eq!(reads_as(&s, text, DE), "g1f3", "{text}");
    }
    let b = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    for text in [
        "Läufer Cäsar vier",
        "Laeufer Caesar vier",
        "Laufer Cesar vier",
        "Läufer Zäsar vier",
        "Läufer Ceasar vier",
    ] {
        assert_eq!(reads_as(&b, text, DE), "f1c4", "{text}");
    }
    let rook = pos("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    for text in ["Turm Hector fünf", "Turm Hektor fuenf", "Turm Hektor funf"] {
        assert_eq!(reads_as(&rook, text, DE), "h1h5", "{text}");
    }
    let g = pos("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1");
    assert_eq!(reads_as(&g, "Turm Gustaf zwo", DE), "g1g2");
    assert_eq!(reads_as(&s, "at f uc", TR), "g1f3");
    assert_eq!(reads_as(&s, "AT F ÜÇ", TR), "g1f3");
    assert_eq!(reads_as(&s, "piyon e dort", TR), "e2e4");
    assert_eq!(reads_as(&s, "Knight f3", EN), "g1f3");
    assert_eq!(reads_as(&s, "knight F Three", EN), "g1f3");
    let e = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(reads_as(&e, "piyon e alir d bes", TR), "e4d5");
    let m = pos(MIDDLE);
    assert_eq!(reads_as(&m, "kisa rok", TR), "e1g1");
}

#[test]
fn san_and_its_mixtures_with_words_are_read() {
    let s = start();
    assert_eq!(reads_as(&s, "Nf3", EN), "g1f3");
    assert_eq!(reads_as(&s, "Sf3", DE), "g1f3");
    assert_eq!(reads_as(&s, "Af3", TR), "g1f3");
    assert_eq!(reads_as(&s, "N f three", EN), "g1f3");
    assert_eq!(reads_as(&s, "S f drei", DE), "g1f3");
    assert_eq!(reads_as(&s, "e2e4", EN), "e2e4");
    assert_eq!(reads_as(&s, "e2 e4", EN), "e2e4");
    assert_eq!(reads_as(&s, "Bauer e2 e4", DE), "e2e4");
}

#[test]
fn the_pawn_check_and_capture_words_may_be_left_out() {
    let s = start();
    assert_eq!(reads_as(&s, "Eva vier", DE), "e2e4");
    assert_eq!(reads_as(&s, "e four", EN), "e2e4");
    assert_eq!(reads_as(&s, "e dört", TR), "e2e4");
    let e = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(reads_as(&e, "Eva David fuenf", DE), "e4d5");
    assert_eq!(reads_as(&e, "e d five", EN), "e4d5");
    assert_eq!(reads_as(&e, "Bauer schlaegt David fuenf", DE), "e4d5");
    // A pawn said without its file stays on it: `David fuenf` is no capture.
    assert_eq!(reads_as(&e, "David fuenf", DE), "Illegal");
    let p = pos(PROMOTION);
    // Check said or not, said wrongly or not: it is ignored.
    assert_eq!(reads_as(&p, "Bauer Eva acht wird Dame", DE), "e7e8q");
    assert_eq!(reads_as(&p, "Bauer Eva acht wird Dame Schach", DE), "e7e8q");
    assert_eq!(reads_as(&p, "e eight queen checkmate", EN), "e7e8q");
    let ep = pos(EN_PASSANT);
    assert_eq!(reads_as(&ep, "e takes d six", EN), "e5d6");
    assert_eq!(reads_as(&ep, "e d six en passant", EN), "e5d6");
    assert_eq!(reads_as(&ep, "e d altı geçerken alma", TR), "e5d6");
    assert_eq!(reads_as(&ep, "e d sechs e.p.", DE), "e5d6");
}

#[test]
fn a_capture_word_asks_for_a_capture() {
    let s = start();
    assert_eq!(reads_as(&s, "Springer schlaegt Felix drei", DE), "Illegal");
    assert_eq!(reads_as(&s, "Knight takes f three", EN), "Illegal");
    assert_eq!(reads_as(&s, "At alır f üç", TR), "Illegal");
    let b = pos("4k3/8/8/8/2p5/8/8/4KB2 w - - 0 1");
    for (text, t) in [
        ("Läufer schlägt Cäsar vier", DE),
        ("Laeufer nimmt c4", DE),
        ("Laeufer x Cesar vier", DE),
        ("Fil alır c dört", TR),
        ("Fil yer c dört", TR),
        ("Bishop takes c four", EN),
        ("bishop captures c four", EN),
        ("Bishop x c4", EN),
    ] {
        assert_eq!(reads_as(&b, text, t), "f1c4", "{text}");
    }
}

#[test]
fn castling_is_read_in_its_many_words() {
    let m = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, t, code) in [
        ("kurze Rochade", DE, "e1g1"),
        ("Rochade kurz", DE, "e1g1"),
        ("kleine Rochade", DE, "e1g1"),
        ("O-O", DE, "e1g1"),
        ("0-0-0", DE, "e1c1"),
        ("lange Rochade", DE, "e1c1"),
        ("große Rochade", DE, "e1c1"),
        ("kısa rok", TR, "e1g1"),
        ("küçük rok", TR, "e1g1"),
        ("büyük rok", TR, "e1c1"),
        ("uzun rok", TR, "e1c1"),
        ("castles short", EN, "e1g1"),
        ("kingside castle", EN, "e1g1"),
        ("castle kingside", EN, "e1g1"),
        ("castle king side", EN, "e1g1"),
        ("castles queenside", EN, "e1c1"),
        ("long castle", EN, "e1c1"),
    ] {
        assert_eq!(reads_as(&m, text, t), code, "{text}");
    }
    // Castling, side unsaid, where both are legal: asked back.
    match read(&m, "Rochade", DE) {
        Err(ReadError::Ambiguous { candidates }) => {
            assert_eq!(candidates, ["Kurze Rochade", "Lange Rochade"])
        }
        other => panic!("{other:?}"),
    }
    let short_only = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(reads_as(&short_only, "rok", TR), "e1g1");
    assert_eq!(reads_as(&short_only, "long castle", EN), "Illegal");
}

#[test]
fn promotion_is_read_in_its_many_words() {
    let p = pos(PROMOTION);
    for (text, t, code) in [
        ("Bauer Eva acht wird Dame", DE, "e7e8q"),
        ("Eva acht Dame", DE, "e7e8q"),
        ("Eva acht zu Turm", DE, "e7e8r"),
        ("Piyon e sekiz vezir olur", TR, "e7e8q"),
        ("e sekiz at olur", TR, "e7e8n"),
        ("e sekiz fil", TR, "e7e8b"),
        ("Pawn e eight becomes queen", EN, "e7e8q"),
        ("e eight promotes to queen", EN, "e7e8q"),
        ("e eight equals knight", EN, "e7e8n"),
        ("e eight queen", EN, "e7e8q"),
        ("e8 = rook", EN, "e7e8r"),
        ("e takes d eight queen", EN, "e7d8q"),
        ("Eva schlaegt David acht wird Laeufer", DE, "e7d8b"),
    ] {
        assert_eq!(reads_as(&p, text, t), code, "{text}");
    }
    assert_eq!(reads_as(&p, "Bauer Eva acht", DE), "PromotionMissing");
    assert_eq!(reads_as(&p, "e eight", EN), "PromotionMissing");
    assert_eq!(reads_as(&p, "e eight becomes", EN), "Unparseable");
    assert_eq!(reads_as(&p, "e eight becomes king", EN), "Illegal");
}

#[test]
fn what_speech_to_text_writes_is_read() {
    let s = start();
    for text in [
        "night f three",
        "nite f three",
        "knight f tree",
        "Knight ef three",
        "Knight eff 3",
    ] {
        assert_eq!(reads_as(&s, text, EN), "g1f3", "{text}");
    }
    assert_eq!(reads_as(&s, "e for", EN), "e2e4");
    assert_eq!(reads_as(&s, "pawn e fore", EN), "e2e4");
    assert_eq!(reads_as(&s, "Knight to f three", EN), "g1f3");
    assert_eq!(reads_as(&s, "bee for", EN), "b2b4");
    assert_eq!(reads_as(&s, "see four", EN), "c2c4");
    assert_eq!(reads_as(&s, "sea three", EN), "c2c3");
    assert_eq!(reads_as(&s, "dee for", EN), "d2d4");
    assert_eq!(reads_as(&s, "gee three", EN), "g2g3");
    assert_eq!(reads_as(&s, "aitch for", EN), "h2h4");
    assert_eq!(reads_as(&s, "age three", EN), "h2h3");
    assert_eq!(reads_as(&s, "be for", EN), "b2b4");
    let b = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(reads_as(&b, "bishops si four", EN), "f1c4");
    let r = pos("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(reads_as(&r, "rock h ate", EN), "h1h8");
    assert_eq!(reads_as(&r, "brook h to", EN), "h1h2");
    let q = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(reads_as(&q, "queue d won", EN).as_str(), "Illegal");
    assert_eq!(reads_as(&q, "queue d for", EN), "d1d4");
    assert_eq!(reads_as(&s, "At fe üç", TR), "g1f3");
    assert_eq!(reads_as(&s, "piyon ce dört", TR), "c2c4");
    assert_eq!(reads_as(&s, "he üç", TR), "h2h3");
    assert_eq!(reads_as(&s, "ge dört", TR), "g2g4");
    assert_eq!(reads_as(&s, "Springer Ef drei", DE), "g1f3");
}

#[test]
fn noise_is_not_read_as_a_move() {
    let s = start();
    assert_eq!(reads_as(&s, "good morning", EN), "Unparseable");
    assert_eq!(reads_as(&s, "Springer Felix", DE), "Unparseable");
    assert_eq!(reads_as(&s, "Knight f three please", EN), "Unparseable");
    assert_eq!(reads_as(&s, "Knight check f three", EN), "Unparseable");
    assert_eq!(reads_as(&s, "Springer Felix drei", EN), "Unparseable");
    assert_eq!(reads_as(&s, "Knight f three", DE), "Unparseable");
    assert_eq!(reads_as(&s, "Springer Felix neun", DE), "Unparseable");
}

#[test]
fn a_text_that_fits_two_moves_is_asked_back_in_its_tongue() {
    let r = pos(TWO_ROOKS);
    for (text, t, expected) in [
        (
            "Turm David eins",
            DE,
            ["Turm Anna David eins", "Turm Felix David eins"],
        ),
        ("Kale d bir", TR, ["Kale a d bir", "Kale f d bir"]),
        ("Rd1", EN, ["Rook a d one", "Rook f d one"]),
    ] {
        match read(&r, text, t) {
            Err(ReadError::Ambiguous { mut candidates }) => {
                candidates.sort();
                assert_eq!(candidates, expected, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(reads_as(&r, "Turm Anna David eins", DE), "a1d1");
    // `to` may be two or nothing: a knight on d2 and one on g1 both reach f3.
    let n = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
    match read(&n, "Knight to f three", EN) {
        Err(ReadError::Ambiguous { candidates }) => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(reads_as(&n, "Knight g f three", EN), "g1f3");
    // Three queens: file, rank, or both are needed.
    let q = pos(THREE_QUEENS);
    assert_eq!(reads_as(&q, "Queen a four d one", EN), "a4d1");
    assert_eq!(reads_as(&q, "Dame Anna vier David eins", DE), "a4d1");
    assert_eq!(reads_as(&q, "Vezir d d bir", TR), "d4d1");
    assert_eq!(reads_as(&q, "Dame eins Anna zwei", DE), "a1a2");
    match read(&q, "Queen a d one", EN) {
        Err(ReadError::Ambiguous { candidates }) => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn written_san_never_changes_meaning_in_a_spoken_reading() {
    // `be4` is SAN for a b-pawn to e4, not `b four`; `Bc4` is the bishop, not `b takes c4`.
    let p = pos("4k3/8/8/8/8/8/1P6/4KB2 w - - 0 1");
    for t in Tongue::ALL {
        assert_eq!(reads_as(&p, "be4", t), "Illegal", "{t}");
        assert_eq!(reads_as(&p, "Bc4", t), "f1c4", "{t}");
        assert_eq!(reads_as(&p, "B c4", t), "f1c4", "{t}");
    }
    let p = pos("4k3/8/8/8/2p5/8/1P6/4KB2 w - - 0 1");
    assert_eq!(reads_as(&p, "Bc4", EN), "f1c4");
    assert_eq!(reads_as(&p, "bc4", EN), "Illegal");
    let s = start();
    for t in Tongue::ALL {
        assert_eq!(reads_as(&s, "e4", t), "e2e4");
        assert_eq!(reads_as(&s, "Nf3", t), "g1f3");
    }
    let m = pos(MIDDLE);
    for t in Tongue::ALL {
        assert_eq!(reads_as(&m, "O-O", t), "e1g1");
    }
    // Through the readings a move field combines, common SAN keeps its meaning.
    for (fen, text, code) in [
        (MIDDLE, "Bb5", "c4b5"),
        (MIDDLE, "O-O", "e1g1"),
        (MIDDLE, "be3", "Illegal"),
        ("4k3/8/8/8/8/8/1P6/4KB2 w - - 0 1", "be4", "Illegal"),
        ("4k3/8/8/8/8/8/1P6/4KB2 w - - 0 1", "b4", "b2b4"),
    ] {
        let p = pos(fen);
        let got = match any(&p, text) {
            Ok(m) => UciMove::from_standard(m).to_string(),
            Err(e) => format!("{e:?}"),
        };
        assert_eq!(got, code, "{text}");
    }
}

#[test]
fn a_move_field_reads_spoken_moves_in_every_tongue() {
    let s = start();
    for text in [
        "Springer Felix drei",
        "At f üç",
        "Knight f three",
        "night ef tree",
    ] {
        assert_eq!(any(&s, text).map(|m| m.to()), Ok(Square::F3), "{text}");
    }
    assert_eq!(
        read_move(
            &s,
            &MoveText::parse("Eva vier").expect("text"),
            Some(Notation::SpokenDe),
            None
        )
        .map(|m| m.to()),
        Ok(Square::E4)
    );
    assert_eq!(
        read_move(
            &s,
            &MoveText::parse("Eva vier").expect("text"),
            Some(Notation::SpokenEn),
            None
        ),
        Err(ReadError::Unparseable)
    );
}

#[test]
fn notations_name_the_spoken_readings() {
    for (n, name) in [
        (Notation::SpokenDe, "spoken-de"),
        (Notation::SpokenTr, "spoken-tr"),
        (Notation::SpokenEn, "spoken-en"),
    ] {
        assert_eq!(n.as_str(), name);
        assert_eq!(Notation::parse(name), Some(n));
        assert!(Notation::ALL.contains(&n));
        assert_eq!(n.letter_set(), None);
        assert_eq!(n.tongue().map(Notation::spoken), Some(n));
        assert_eq!(
            serde_json::to_string(&n).expect("json"),
            format!("\"{name}\"")
        );
    }
}

#[test]
fn the_start_position_is_spoken_kind_by_kind() {
    let s = start();
    assert_eq!(
        spoken_position(&s, DE),
        [
            "Weiss: Koenig Eva eins",
            "Weiss: Dame David eins",
            "Weiss: Tuerme Anna eins, Hektor eins",
            "Weiss: Laeufer Cesar eins, Felix eins",
            "Weiss: Springer Bella eins, Gustav eins",
            "Weiss: Bauern Anna zwei, Bella zwei, Cesar zwei, David zwei, Eva zwei, Felix zwei, \
             Gustav zwei, Hektor zwei",
            "Schwarz: Koenig Eva acht",
            "Schwarz: Dame David acht",
            "Schwarz: Tuerme Anna acht, Hektor acht",
            "Schwarz: Laeufer Cesar acht, Felix acht",
            "Schwarz: Springer Bella acht, Gustav acht",
            "Schwarz: Bauern Anna sieben, Bella sieben, Cesar sieben, David sieben, Eva sieben, \
             Felix sieben, Gustav sieben, Hektor sieben",
        ]
    );
    let tr = spoken_position(&s, TR);
    assert_eq!(tr[0], "Beyaz: Şah e bir");
    assert_eq!(tr[2], "Beyaz: Kaleler a bir, h bir");
    assert_eq!(tr[3], "Beyaz: Filler c bir, f bir");
    assert_eq!(tr[4], "Beyaz: Atlar b bir, g bir");
    assert_eq!(
        tr[11],
        "Siyah: Piyonlar a yedi, b yedi, c yedi, d yedi, e yedi, f yedi, g yedi, h yedi"
    );
    let en = spoken_position(&s, EN);
    assert_eq!(en[1], "White: Queen d one");
    assert_eq!(en[2], "White: Rooks a one, h one");
    assert_eq!(en[10], "Black: Knights b eight, g eight");
}

#[test]
fn a_position_names_one_piece_singular_and_leaves_out_what_is_missing() {
    let p = pos("6k1/5p2/8/8/8/8/1B3PP1/5RK1 b - - 0 1");
    assert_eq!(
        spoken_position(&p, DE),
        [
            "Weiss: Koenig Gustav eins",
            "Weiss: Turm Felix eins",
            "Weiss: Laeufer Bella zwei",
            "Weiss: Bauern Felix zwei, Gustav zwei",
            "Schwarz: Koenig Gustav acht",
            "Schwarz: Bauer Felix sieben",
        ]
    );
    assert_eq!(
        spoken_position(&p, TR),
        [
            "Beyaz: Şah g bir",
            "Beyaz: Kale f bir",
            "Beyaz: Fil b iki",
            "Beyaz: Piyonlar f iki, g iki",
            "Siyah: Şah g sekiz",
            "Siyah: Piyon f yedi",
        ]
    );
    assert_eq!(
        spoken_position(&p, EN),
        [
            "White: King g one",
            "White: Rook f one",
            "White: Bishop b two",
            "White: Pawns f two, g two",
            "Black: King g eight",
            "Black: Pawn f seven",
        ]
    );
}

/// Words of two meanings each (`to` is a filler or the number two) make more readings than
/// any move has: such a text is noise, refused without trying them all.
#[test]
fn words_of_many_meanings_are_noise() {
    let pos = Chess::default();
    let noise = "to to to to to to to to to to to to to to to zz";
    assert!(read_spoken(&pos, noise, Tongue::English).is_err());
    let text = MoveText::parse(noise).unwrap();
    assert!(read_move(&pos, &text, None, None).is_err());
    let long = MoveText::parse(&"to ".repeat(130)).unwrap();
    assert!(read_move(&pos, &long, None, None).is_err());
    // A move said with fillers is still read.
    let fillers = MoveText::parse("Knight to f three").unwrap();
    assert!(read_move(&pos, &fillers, None, None).is_ok());
}
