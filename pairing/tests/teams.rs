//! A team event read back from its report file: the matches found from the games, the boards
//! and matches forfeited, the byes, and each team's match and game points.

use pairing::team::report::{matches, team_points, MatchError, ReportedMatch};
use pairing::team::standings::{standings, TeamTiebreak};
use pairing::{Points, Tournament};

/// A player's line; the points are what the rounds give.
fn player(id: u16, name: &str, rounds: &[&str]) -> String {
    let points: f64 = rounds
        .iter()
        .map(|r| match r.chars().last() {
            Some('1' | '+') => 1.0,
            Some('=') => 0.5,
            _ => 0.0,
        })
        .sum();
    format!(
        "001 {id:>4}      {name:<34}1500{points:>32.1} {id:>4}  {}",
        rounds.join("  ")
    )
}

fn team(number: u16, name: &str, players: &[u16]) -> String {
    let ids: Vec<String> = players.iter().map(|p| format!("{p:>4}")).collect();
    format!(
        "310 {number:>3} {name:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}",
        "",
        "",
        "",
        "",
        "",
        ids.join(" ")
    )
}

const Z: &str = "0000 - Z";

/// The players: pairing number, name, and the three rounds.
const PLAYERS: [(u16, &str, [&str; 3]); 8] = [
    (1, "Yılmaz, Ayşe", ["   3 w 1", Z, Z]),
    (2, "Öz, Mehmet", ["   4 b =", Z, Z]),
    (3, "Demir, Can", ["   1 b 0", "   7 b 1", Z]),
    (4, "Kaya, Deniz", ["   2 w =", "   8 w +", Z]),
    (5, "Şahin, Elif", [Z, Z, Z]),
    (6, "Arslan, Fatma", [Z, Z, Z]),
    (7, "Çelik, Gül", [Z, "   3 w 0", Z]),
    (8, "Aydın, Hakan", [Z, "   4 b -", Z]),
];

/// Three schools, two boards, three rounds. Round 1: Karşıyaka beats Bornova 1½–½, Konak has the
/// bye. Round 2: Konak (White on board 1) loses 0–2 to Bornova, its board 2 absent; Karşıyaka
/// has the bye. Round 3: Konak does not come to its match with Karşıyaka; Bornova has the bye.
fn event() -> String {
    event_with(&[])
}

/// The same event with some players' rounds written otherwise.
fn event_with(changed: &[(u16, [&str; 3])]) -> String {
    let mut lines = vec![
        "012 Okullar Takım Şampiyonası".to_owned(),
        "352 WB".to_owned(),
    ];
    for (id, name, rounds) in PLAYERS {
        let rounds = changed
            .iter()
            .find(|(c, _)| *c == id)
            .map_or(rounds, |(_, r)| *r);
        lines.push(player(id, name, &rounds));
    }
    lines.extend([
        team(1, "Karşıyaka Anadolu Lisesi", &[1, 2, 5]),
        team(2, "Bornova Fen Lisesi", &[3, 4, 6]),
        team(3, "Konak Ortaokulu", &[7, 8]),
        "320  1.0  1.0   3   1   2".to_owned(),
        "330 +- 003   1   3".to_owned(),
    ]);
    lines.join("\n")
}

fn p(tenths: i32) -> Points {
    Points::tenths(tenths)
}

#[test]
fn the_matches_are_found_from_the_games_byes_and_forfeits() {
    let t = Tournament::parse(&event()).unwrap();
    assert_eq!(
        matches(&t).unwrap(),
        [
            ReportedMatch {
                round: 1,
                teams: [1, 2],
                game_points: [p(15), p(5)],
                match_points: [p(20), p(0)],
                forfeited: false,
            },
            ReportedMatch {
                round: 2,
                teams: [3, 2],
                game_points: [p(0), p(20)],
                match_points: [p(0), p(20)],
                forfeited: false,
            },
            ReportedMatch {
                round: 3,
                teams: [1, 3],
                game_points: [p(20), p(0)],
                match_points: [p(20), p(0)],
                forfeited: true,
            },
        ]
    );
    let totals = team_points(&t).unwrap();
    assert_eq!(totals[&1], [p(50), p(45)], "2 + bye 1 + 2; 1½ + 1 + 2");
    assert_eq!(totals[&2], [p(30), p(35)], "0 + 2 + bye 1; ½ + 2 + 1");
    assert_eq!(totals[&3], [p(10), p(10)], "bye 1 + 0 + 0");
}

#[test]
fn without_the_board_colours_a_forfeited_match_counts_the_boards_fielded() {
    let t = Tournament::parse(&event().replace("352 WB\n", "")).unwrap();
    let forfeited = matches(&t)
        .unwrap()
        .into_iter()
        .find(|m| m.forfeited)
        .unwrap();
    assert_eq!(
        forfeited.game_points,
        [p(20), p(0)],
        "two boards, not the three listed"
    );
}

#[test]
fn a_match_is_worth_what_the_file_says() {
    let text = event().replace("352 WB", "352 WB\n362  W 3.0    D 1.0    L 0.0");
    let totals = team_points(&Tournament::parse(&text).unwrap()).unwrap();
    assert_eq!(totals[&1][0], p(70), "3 + bye 1 + 3");
}

#[test]
fn games_that_do_not_make_matches_are_named() {
    // Bornova's Deniz put in Karşıyaka's list instead: a team meets its own player.
    let text = event()
        .replace(
            &team(1, "Karşıyaka Anadolu Lisesi", &[1, 2, 5]),
            &team(1, "Karşıyaka Anadolu Lisesi", &[1, 2, 4]),
        )
        .replace(
            &team(2, "Bornova Fen Lisesi", &[3, 4, 6]),
            &team(2, "Bornova Fen Lisesi", &[3, 5, 6]),
        );
    let t = Tournament::parse(&text).unwrap();
    assert_eq!(
        matches(&t),
        Err(MatchError::SameTeam {
            round: 1,
            team: 1,
            player: 2
        })
    );
    // Konak's board 2 left out of its list, though he played.
    let text = event().replace(
        &team(3, "Konak Ortaokulu", &[7, 8]),
        &team(3, "Konak Ortaokulu", &[7]),
    );
    let t = Tournament::parse(&text).unwrap();
    assert_eq!(
        matches(&t),
        Err(MatchError::NoTeam {
            round: 2,
            player: 8
        })
    );
    // A forfeited match for a team that also played in that round.
    let text = format!("{}\n330 +- 001   3   1", event());
    assert_eq!(
        matches(&Tournament::parse(&text).unwrap()),
        Err(MatchError::TwoResults { round: 1, team: 1 })
    );
    // A board won by forfeit in a round its team met nobody.
    let text = event_with(&[(1, ["   3 w 1", "0000 - +", Z])]);
    assert_eq!(
        matches(&Tournament::parse(&text).unwrap()),
        Err(MatchError::NoOpponent { round: 2, team: 1 })
    );
}

#[test]
fn a_match_both_teams_forfeited_on_every_board_is_lost_by_both() {
    // Round 2's Bornova–Konak boards both forfeited by both players.
    let text = event_with(&[
        (3, ["   1 b 0", "   7 b -", Z]),
        (4, ["   2 w =", "   8 w -", Z]),
        (7, [Z, "   3 w -", Z]),
    ]);
    let t = Tournament::parse(&text).unwrap();
    let round_two: Vec<ReportedMatch> = matches(&t)
        .unwrap()
        .into_iter()
        .filter(|m| m.round == 2)
        .collect();
    assert_eq!(round_two.len(), 1);
    assert_eq!(round_two[0].game_points, [p(0), p(0)]);
    assert_eq!(round_two[0].match_points, [p(0), p(0)]);
}

#[test]
fn the_points_agree_with_an_independent_checker() {
    // The event as other programs write a forfeited match: the 330 record, and the players'
    // boards won and lost by forfeit without opponents. gacrux 1.11.65's tie-break checker
    // (`tiebreakchecker -t MPTS GPTS -s -n 3`) reads this file's team records and gives match
    // and game points 5.0 and 4.5, 3.0 and 3.5, 1.0 and 1.0.
    let text = event_with(&[
        (1, ["   3 w 1", Z, "0000 - +"]),
        (2, ["   4 b =", Z, "0000 - +"]),
        (7, [Z, "   3 w 0", "0000 - -"]),
        (8, [Z, "   4 b -", "0000 - -"]),
    ]);
    let totals = team_points(&Tournament::parse(&text).unwrap()).unwrap();
    assert_eq!(totals[&1], [p(50), p(45)]);
    assert_eq!(totals[&2], [p(30), p(35)]);
    assert_eq!(totals[&3], [p(10), p(10)]);
}

/// The generated team round robins of `tests/corpus/teams` (see its README): every team's match
/// and game points as gacrux 1.11.65's tie-break checker gives them (`MPTS`, `GPTS`).
#[test]
fn the_points_of_generated_events_agree_with_an_independent_checker() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/teams");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("trf") {
            continue;
        }
        let t = Tournament::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(
            Tournament::parse(&t.write()).unwrap(),
            t,
            "{}",
            path.display()
        );
        let totals = team_points(&t).unwrap();
        let theirs = std::fs::read_to_string(path.with_extension("tiebreaks.tsv")).unwrap();
        let mut teams = 0;
        for line in theirs.lines().skip(1) {
            let fields: Vec<&str> = line.split('\t').collect();
            let team: u16 = fields[0].parse().unwrap();
            let expected = [fields[2], fields[3]].map(|f| Points::parse(f).unwrap());
            assert_eq!(totals[&team], expected, "{} team {team}", path.display());
            teams += 1;
        }
        assert_eq!(teams, t.teams.len(), "{}", path.display());
        checked += 1;
    }
    assert_eq!(checked, 40);
}

/// The same events' team tie-breaks as gacrux gives them (`-t MPTS GPTS EMGSB EMMSB EGGSB EGMSB
/// BH:MP BH:GP -p`, a round robin's rules): every value, and the ranks they make.
#[test]
fn the_team_tiebreaks_of_generated_events_agree_with_an_independent_checker() {
    let names = [
        "MPTS", "GPTS", "EMGSB", "EMMSB", "EGGSB", "EGMSB", "BH:MP", "BH:GP",
    ];
    let codes: Vec<TeamTiebreak> = names
        .iter()
        .map(|c| TeamTiebreak::parse(c).unwrap())
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/teams");
    let mut rows_checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("trf") {
            continue;
        }
        let t = Tournament::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let rows = standings(&t, &codes).unwrap();
        let theirs = std::fs::read_to_string(path.with_extension("tiebreaks.tsv")).unwrap();
        let mut lines = theirs.lines();
        let head: Vec<&str> = lines.next().unwrap().split('\t').collect();
        assert_eq!(head[2..], names, "{}", path.display());
        for line in lines {
            let fields: Vec<&str> = line.split('\t').collect();
            let team: u16 = fields[0].parse().unwrap();
            let row = rows.iter().find(|r| r.team == team).unwrap();
            let hundredths: Vec<i64> = fields[2..]
                .iter()
                .map(|f| (f.parse::<f64>().unwrap() * 100.0).round() as i64)
                .collect();
            let ours: Vec<i64> = row.values.iter().map(|v| v.hundredths()).collect();
            assert_eq!(ours, hundredths, "{} team {team}", path.display());
            assert_eq!(
                row.rank.to_string(),
                fields[1],
                "{} team {team}",
                path.display()
            );
            rows_checked += 1;
        }
    }
    assert_eq!(rows_checked, 225);
}

#[test]
fn team_tiebreaks_are_named_as_the_programs_name_them() {
    for code in [
        "MPTS", "GPTS", "BH:MP", "BH:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB",
    ] {
        assert_eq!(TeamTiebreak::parse(code).unwrap().code(), code);
    }
    assert_eq!(TeamTiebreak::parse("emgsb"), TeamTiebreak::parse("EMGSB"));
    for bad in ["", "SB", "EXGSB", "BH:XP", "EMGSBB", "PTS"] {
        assert_eq!(TeamTiebreak::parse(bad), None, "{bad}");
    }
}
