use super::*;

/// A player's line: pairing number, name, rating, points and the entry of round 1.
fn player(id: u16, name: &str, rating: u16, points: &str, rank: u16, round: &str) -> String {
    format!("001 {id:>4}      {name:<34}{rating:>4}{points:>32} {rank:>4}  {round}")
}

/// Two schools, two boards and a reserve each, one round: on board 1 Ayşe (White) beats Can, on
/// board 2 Mehmet (Black) draws with Deniz; the reserves sit out.
fn file() -> String {
    [
        "012 Okullar Takım Şampiyonası".to_owned(),
        "142 5".to_owned(),
        "352 WB".to_owned(),
        "362  W 2.0    D 1.0    L 0.0    A 0.0".to_owned(),
        player(1, "Yılmaz, Ayşe", 1800, "1.0", 1, "   3 w 1"),
        player(2, "Öz, Mehmet", 1750, "0.5", 2, "   4 b ="),
        player(3, "Demir, Can", 1790, "0.0", 5, "   1 b 0"),
        player(4, "Kaya, Deniz", 1760, "0.5", 3, "   2 w ="),
        player(5, "Şahin, Elif", 1600, "0.0", 6, "0000 - Z"),
        player(6, "Arslan, Fatma", 1590, "0.0", 4, "0000 - Z"),
        // Columns counted by hand: the players' numbers from column 74, five apart.
        "310   1 Karşıyaka Anadolu Lisesi         KAL     1775    2.0    1.5   1     1    2    5"
            .to_owned(),
        "310   2 Bornova Fen Lisesi                               0.0    0.5   2     3    4    6"
            .to_owned(),
    ]
    .join("\n")
}

#[test]
fn reads_the_teams_their_players_and_points() {
    let t = Tournament::parse(&file()).unwrap();
    assert_eq!(t.teams.len(), 2);
    let one = t.team(1).unwrap();
    assert_eq!(one.name, "Karşıyaka Anadolu Lisesi");
    assert_eq!(one.nickname, "KAL");
    assert_eq!(one.strength.as_deref(), Some("1775"));
    assert_eq!(
        (one.match_points, one.game_points, one.rank),
        (Points::tenths(20), Points::tenths(15), Some(1))
    );
    assert_eq!(one.players, [Some(1), Some(2), Some(5)]);
    let two = t.team(2).unwrap();
    assert_eq!((two.nickname.as_str(), two.strength.as_deref()), ("", None));
    assert_eq!(two.players, [Some(3), Some(4), Some(6)]);
    assert_eq!(t.board_colours, Some(vec![Colour::White, Colour::Black]));
    let scoring = t.match_scoring.unwrap();
    assert_eq!(
        (scoring.win, scoring.draw, scoring.loss),
        (Points::tenths(20), Points::tenths(10), Points::ZERO)
    );
    // None of them is taken for a tournament record or kept as an unknown line.
    assert!(t.records.is_empty() && t.other.is_empty(), "{t:?}");
}

#[test]
fn writes_the_team_records_it_reads() {
    let t = Tournament::parse(&file()).unwrap();
    let written = t.write();
    assert_eq!(Tournament::parse(&written).unwrap(), t);
    let line = written.lines().find(|l| l.starts_with("310   1")).unwrap();
    assert_eq!(
        line,
        "310   1 Karşıyaka Anadolu Lisesi         KAL     1775    2.0    1.5   1     1    2    5"
    );
    assert!(written.contains("\n352 WB\n"), "{written}");
}

#[test]
fn reads_team_byes_and_forfeited_matches() {
    let cols = |line: &str| Columns(line.chars().collect());
    // A drawn match's points for the bye: team 3 in round 1, nobody in round 2, team 1 in 3.
    let byes = read_team_byes(&cols("320  1.0  2.0   3       1"), 7).unwrap();
    assert_eq!(
        byes,
        TeamByes {
            match_points: Points::tenths(10),
            game_points: Points::tenths(20),
            rounds: vec![Some(3), None, Some(1)],
        }
    );
    assert_eq!(team_byes_line(&byes), "320  1.0  2.0   3       1");
    assert_eq!(
        read_team_byes(&cols(&team_byes_line(&byes)), 7).unwrap(),
        byes
    );
    let forfeit = read_forfeited_match(&cols("330 -+ 004   2   5"), 8).unwrap();
    assert_eq!(
        forfeit,
        ForfeitedMatch {
            forfeit: MatchForfeit::BlackWins,
            round: 4,
            white: 2,
            black: 5
        }
    );
    assert_eq!(forfeited_match_line(&forfeit), "330 -+ 004   2   5");
    // Other programs' spellings of the same results.
    for (code, forfeit) in [
        ("WZ", MatchForfeit::WhiteWins),
        ("10", MatchForfeit::WhiteWins),
        ("LW", MatchForfeit::BlackWins),
        ("ZZ", MatchForfeit::BothLose),
        ("--", MatchForfeit::BothLose),
    ] {
        let read = read_forfeited_match(&cols(&format!("330 {code} 001   1   2")), 1).unwrap();
        assert_eq!(read.forfeit, forfeit, "{code}");
    }
}

#[test]
fn refuses_team_records_that_do_not_add_up() {
    let refused = |text: String| Tournament::parse(&text).unwrap_err();
    let e = refused(file().replace("    4    6", "    4    9"));
    assert!(e.reason.contains("player 9") && e.line == 12, "{e}");
    let e = refused(file().replace("    4    6", "    4    5"));
    assert!(e.reason.contains("in team 1 already"), "{e}");
    let e = refused(file().replace("    4    6", "    4    3"));
    assert!(e.reason.contains("lists player 3 twice"), "{e}");
    // Points the file could not write back in their columns.
    let e = refused(file().replace("1775    2.0", "1775 999999"));
    assert!(e.reason.contains("6 columns") && e.line == 11, "{e}");
    let e = refused(format!("{}\n320 9999  2.0   1", file()));
    assert!(e.reason.contains("4 columns"), "{e}");
    let e = refused(file().replace("    1775", "     inf"));
    assert!(e.reason.contains("strength"), "{e}");
    let e = refused(file().replace("    1775", "    17x5"));
    assert!(e.reason.contains("strength"), "{e}");
    let e = refused(format!("{}\n362  W 3.0", file()));
    assert!(e.reason.contains("one 362"), "{e}");
    let e = refused(file().replace("310   2", "310   1"));
    assert!(e.reason.contains("team 1"), "{e}");
    let e = refused(format!("{}\n330 +- 001   1   7", file()));
    assert!(e.reason.contains("team 7") && e.line == 13, "{e}");
    let e = refused(format!("{}\n330 +x 001   1   2", file()));
    assert!(e.reason.contains("forfeited match"), "{e}");
    let e = refused(file().replace("352 WB", "352 WX"));
    assert!(e.reason.contains("colour"), "{e}");
    let e = refused(format!("{}\n352 BW", file()));
    assert!(e.reason.contains("one 352"), "{e}");
    // Board colours in a file without teams.
    let without_teams: String = file()
        .lines()
        .filter(|l| !l.starts_with("310"))
        .collect::<Vec<_>>()
        .join("\n");
    let e = refused(without_teams);
    assert!(e.reason.contains("without teams"), "{e}");
}
