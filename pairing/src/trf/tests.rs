use super::*;

const SMALL: &str = "012 Okul turnuvası\n\
022 İzmir\n\
142 5\n\
001    1      Yılmaz, Ayşe                      1800                             1.5    1     3 w 1     2 b =\n\
001    2      Öz, Mehmet                        1750                             1.5    2  0000 - U     1 w =\n\
001    3      Demir, Can                        1700                             0.0    3     1 b 0  0000 - Z\n";

#[test]
fn reads_players_rounds_and_records() {
    let t = Tournament::parse(SMALL).unwrap();
    assert_eq!(t.name, "Okul turnuvası");
    assert_eq!(t.rounds, Some(5));
    assert_eq!(t.records, vec![("022".to_owned(), "İzmir".to_owned())]);
    let ayse = t.player(1).unwrap();
    assert_eq!(
        (ayse.name.as_str(), ayse.rating, ayse.points),
        ("Yılmaz, Ayşe", Some(1800), Points::tenths(15))
    );
    assert_eq!(
        ayse.rounds[0],
        Entry {
            opponent: Some(3),
            colour: Some(Colour::White),
            outcome: Outcome::Win
        }
    );
    assert_eq!(t.player(2).unwrap().rounds[0].outcome, Outcome::PairingBye);
    assert_eq!(t.played_rounds(), 2);
}

#[test]
fn a_name_too_long_for_its_columns_is_cut_not_spilled() {
    let mut t = Tournament::parse(SMALL).unwrap();
    t.players[0].name = "Çağlayan-Büyükkarakurt, Ayşe Nur Gülizar".to_owned();
    let again = Tournament::parse(&t.write()).unwrap();
    assert_eq!(again.players[0].name, "Çağlayan-Büyükkarakurt, Ayşe Nur");
    assert_eq!(again.players[0].rounds, t.players[0].rounds);
    assert_eq!(again.players[0].rating, Some(1800));
}

#[test]
fn lines_end_in_cr_lf_or_crlf_alike() {
    let lf = Tournament::parse(SMALL).unwrap();
    assert_eq!(Tournament::parse(&SMALL.replace('\n', "\r\n")).unwrap(), lf);
    assert_eq!(Tournament::parse(&SMALL.replace('\n', "\r")).unwrap(), lf);
}

#[test]
fn writes_what_it_reads() {
    let t = Tournament::parse(SMALL).unwrap();
    let written = t.write();
    assert_eq!(Tournament::parse(&written).unwrap(), t);
    // Columns as the specification counts them: round 1 from column 92.
    let line = written.lines().find(|l| l.starts_with("001    1")).unwrap();
    let chars: Vec<char> = line.chars().collect();
    assert_eq!(chars[91..99].iter().collect::<String>(), "   3 w 1");
}

fn refused(text: &str) -> TrfError {
    Tournament::parse(text).expect_err("refused")
}

#[test]
fn names_the_line_of_what_is_wrong() {
    let e = refused(&SMALL.replace("     3 w 1     2 b =", "     3 w 1     2 b ?"));
    assert_eq!(e.line, 4);
    assert!(e.reason.contains("not a result"), "{e}");
    let e = refused(&SMALL.replace("1.5    1", "2.5    1"));
    assert_eq!(e.line, 4);
    assert!(
        e.reason
            .contains("has 2.5 points, but the results give 1.5"),
        "{e}"
    );
    // Both won the same game.
    let e = refused(
        &SMALL
            .replace("     1 b 0", "     1 b 1")
            .replace("0.0    3", "1.0    3"),
    );
    assert!(e.reason.contains("impossible together"), "{e}");
    let e = refused(&SMALL.replace("     1 b 0", "     1 w 0"));
    assert!(e.reason.contains("colour"), "{e}");
    let e = refused(&SMALL.replace("142 5", "142 five"));
    assert_eq!(e.line, 3);
    let again = SMALL.lines().nth(5).unwrap();
    let e = refused(&format!("{SMALL}{again}\n"));
    assert!(e.reason.contains("appears twice"), "{e}");
    let e = refused(&SMALL.replace("     3 w 1", "     9 w 1"));
    assert!(e.reason.contains("no player 9"), "{e}");
    let e = refused(&format!("{SMALL}250      522 001 002    1    2\n"));
    assert!(
        e.reason.contains("does not fit the file's four columns"),
        "{e}"
    );
    let e = refused(&format!("{SMALL}240 H 003    7\n"));
    assert!(e.reason.contains("names no player"), "{e}");
}

#[test]
fn a_bye_announced_for_the_next_round_may_be_counted() {
    let with_bye = SMALL.replace(
        "0.0    3     1 b 0  0000 - Z",
        "0.5    3     1 b 0  0000 - Z  0000 - H",
    );
    let t = Tournament::parse(&with_bye).unwrap();
    assert_eq!(t.player(3).unwrap().rounds.len(), 3);
    assert_eq!(t.played_rounds(), 2);
}

#[test]
fn reads_the_pairing_records() {
    let text = format!(
        "{SMALL}152 B\n162 W  3.0    D  1.0    L  0.0\n192 FIDE_DUTCH_2025\n202 BH/C1,SB\n\
         240 H 003    1    2\n250      1.0 001 002    1    2\nXXP 1 3\n260 001 003    2    3\n"
    )
    .replace("1.5    1", "4.0    1")
    .replace("1.5    2", "4.0    2");
    let t = Tournament::parse(&text).unwrap();
    assert_eq!(t.initial_colour, Some(Colour::Black));
    assert_eq!(t.scoring.win, Points::tenths(30));
    assert_eq!(t.scoring.pairing_bye, Points::tenths(30));
    assert_eq!(t.tiebreaks, Some(vec!["BH/C1".to_owned(), "SB".to_owned()]));
    assert_eq!(
        t.byes,
        vec![Bye {
            outcome: Outcome::HalfBye,
            round: 3,
            players: vec![1, 2]
        }]
    );
    assert_eq!(t.acceleration(2, 2), Points::tenths(10));
    assert_eq!(t.acceleration(3, 2), Points::ZERO);
    assert_eq!(t.forbidden.len(), 2);
    assert_eq!(Tournament::parse(&t.write()).unwrap(), t);
}
