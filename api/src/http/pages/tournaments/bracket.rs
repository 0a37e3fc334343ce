//! A cup's bracket as the pages draw it: each part of the bracket (the winners', the losers',
//! the finals) a row of rounds left to right, each match a box with its two sides, their seeds
//! and scores, the winner marked, and links to its games; and the places so far.

use domain::ids::PlayerId;
use domain::tournament::{BracketPart, Decision, MatchRef, ShownMatch, Tournament};

use time::OffsetDateTime;

use crate::i18n::Texts;
use crate::zone::Zone;

/// A part of the bracket, its rounds left to right.
pub(super) struct BracketPartLine {
    /// `winners`, `losers` or `final`, for ids and styles.
    pub key: &'static str,
    pub title: String,
    /// Whether its rounds halve as they go (lines join each pair to the match they feed).
    pub tree: bool,
    pub rounds: Vec<BracketRoundLine>,
}

pub(super) struct BracketRoundLine {
    pub title: String,
    pub matches: Vec<MatchLine>,
}

pub(super) struct MatchLine {
    /// A match with a bye: no one plays it.
    pub bye: bool,
    pub sides: Vec<SideLine>,
    /// Its games, in the order played.
    pub games: Vec<GameLink>,
    /// How it was decided, where not by its games.
    pub note: String,
    /// "Until 12.12.2026 14:05", where it has a deadline and is still being played.
    pub deadline: String,
    /// Still being played past its deadline.
    pub overdue: bool,
}

pub(super) struct GameLink {
    pub id: String,
    /// Its number in the match.
    pub number: usize,
    /// "Game 2", for those who cannot see the box.
    pub label: String,
}

pub(super) struct SideLine {
    pub seed: String,
    pub name: String,
    pub score: String,
    pub won: bool,
}

pub(super) struct PlaceLine {
    pub place: u32,
    pub name: String,
}

/// The bracket of `tour` as the pages draw it at `now`, times in `zone`; empty before the draw.
pub(super) fn bracket_lines(
    tour: &Tournament,
    t: Texts,
    zone: &Zone,
    now: OffsetDateTime,
) -> Vec<BracketPartLine> {
    let Some(play) = &tour.cup else {
        return Vec::new();
    };
    let shown = play.shown();
    let double = tour.setup.system == domain::tournament::System::DoubleElimination;
    let winners_rounds = shown
        .iter()
        .filter(|r| r.bracket == BracketPart::Winners)
        .count();
    let mut parts: Vec<BracketPartLine> = Vec::new();
    for r in shown {
        let (key, title) = match r.bracket {
            BracketPart::Winners if double => ("winners", t.text("page-cup-winners")),
            BracketPart::Winners => ("winners", t.text("page-cup-bracket")),
            BracketPart::Losers => ("losers", t.text("page-cup-losers")),
            BracketPart::Final => ("final", t.text("page-cup-finals")),
        };
        let title_of_round = round_title(r.bracket, r.round, winners_rounds, double, t);
        let round = BracketRoundLine {
            title: title_of_round,
            matches: r
                .matches
                .iter()
                .map(|m| match_line(tour, m, t, zone, now))
                .collect(),
        };
        match parts.last_mut() {
            Some(p) if p.key == key => p.rounds.push(round),
            _ => parts.push(BracketPartLine {
                key,
                title,
                tree: r.bracket == BracketPart::Winners,
                rounds: vec![round],
            }),
        }
    }
    parts
}

/// A round's name: the last rounds of the winners' bracket by what they are (the final, the
/// semi-finals, the quarter-finals), the rest by number.
fn round_title(part: BracketPart, round: u16, rounds: usize, double: bool, t: Texts) -> String {
    let from_end = rounds.saturating_sub(usize::from(round));
    match part {
        BracketPart::Winners if from_end == 0 && !double => t.text("page-cup-final"),
        BracketPart::Winners if from_end == 1 => t.text("page-cup-semi-finals"),
        BracketPart::Winners if from_end == 2 => t.text("page-cup-quarter-finals"),
        BracketPart::Final if !double => t.text("page-cup-third-place"),
        BracketPart::Final if round == 1 => t.text("page-cup-grand-final"),
        BracketPart::Final => t.text("page-cup-reset"),
        _ => t.get("page-cup-round", &[("round", round.to_string())]),
    }
}

fn match_line(
    tour: &Tournament,
    m: &ShownMatch,
    t: Texts,
    zone: &Zone,
    now: OffsetDateTime,
) -> MatchLine {
    let sides = (0..2)
        .map(|i| SideLine {
            seed: m.seeds[i].map(|s| s.to_string()).unwrap_or_default(),
            name: match m.players[i] {
                Some(p) => tour
                    .player(p)
                    .map(|e| e.entrant.name.clone())
                    .unwrap_or_default(),
                None if m.byes[i] => t.text("page-cup-bye"),
                None => t.text("page-cup-not-yet"),
            },
            score: match (&m.players, m.games.is_empty()) {
                ([Some(_), Some(_)], false) => crate::i18n::points(i64::from(m.score[i]) * 50),
                _ => String::new(),
            },
            won: m.winner.is_some() && m.winner == m.players[i],
        })
        .collect();
    let note = match &m.decision {
        None | Some(Decision::Games) => String::new(),
        Some(Decision::HigherSeed) => t.text("page-cup-by-higher-seed"),
        Some(Decision::Lot) => t.text("page-cup-by-lot"),
        Some(Decision::Walkover) => t.text("page-cup-by-walkover"),
        Some(Decision::Arbiter { reason }) => {
            t.get("page-cup-by-arbiter", &[("reason", reason.clone())])
        }
    };
    let overdue = tour
        .cup
        .as_ref()
        .is_some_and(|play| play.overdue(m.at.id(), now));
    let deadline = match m.deadline {
        Some(d) if m.winner.is_none() => t.get(
            if overdue {
                "page-cup-overdue"
            } else {
                "page-cup-until"
            },
            &[("at", t.local_time(d, zone))],
        ),
        _ => String::new(),
    };
    // Over the board the games are not in zarf: there is nothing to link.
    let online = matches!(tour.setup.play, domain::tournament::Play::Online(_));
    MatchLine {
        bye: m.byes.contains(&true),
        sides,
        games: m
            .games
            .iter()
            .filter(|_| online)
            .enumerate()
            .map(|(i, g)| GameLink {
                id: g.game.to_string(),
                number: i + 1,
                label: t.get("page-cup-game", &[("number", (i + 1).to_string())]),
            })
            .collect(),
        note,
        deadline,
        overdue,
    }
}

/// The places so far: the champion first, those out in the same round sharing a place.
pub(super) fn place_lines(tour: &Tournament) -> Vec<PlaceLine> {
    let Some(play) = &tour.cup else {
        return Vec::new();
    };
    let mut places: Vec<PlaceLine> = play
        .places()
        .into_iter()
        .map(|(p, place)| PlaceLine {
            place,
            name: tour
                .player(p)
                .map(|e| e.entrant.name.clone())
                .unwrap_or_default(),
        })
        .collect();
    places.sort_by_key(|p| p.place);
    places
}

/// The matches of cup `tour` the arbiter may decide now (both players known, not decided), each
/// player's going through as a choice: (value, label), the value `bracket:round:number:player`;
/// a match past its deadline at `now` says so.
pub(super) fn decisions(tour: &Tournament, t: Texts, now: OffsetDateTime) -> Vec<(String, String)> {
    let Some(play) = &tour.cup else {
        return Vec::new();
    };
    if tour.finished {
        return Vec::new();
    }
    let winners_rounds = play
        .shown()
        .iter()
        .filter(|r| r.bracket == BracketPart::Winners)
        .count();
    let double = tour.setup.system == domain::tournament::System::DoubleElimination;
    let mut choices = Vec::new();
    for m in play.cup.ready(&play.decided) {
        let Some(players) = play.players(m) else {
            continue;
        };
        let at = MatchRef::of(m);
        let part = match at.bracket {
            BracketPart::Winners => "winners",
            BracketPart::Losers => "losers",
            BracketPart::Final => "final",
        };
        let round = round_title(at.bracket, at.round, winners_rounds, double, t);
        let name = |p: PlayerId| {
            tour.player(p)
                .map(|e| e.entrant.name.clone())
                .unwrap_or_default()
        };
        let overdue = play.overdue(m, now);
        for p in players {
            let mut label = t.get(
                "page-cup-goes-through",
                &[
                    ("round", round.clone()),
                    ("number", at.number.to_string()),
                    ("name", name(p)),
                ],
            );
            if overdue {
                label = format!("{label} ({})", t.text("page-cup-overdue-short"));
            }
            choices.push((format!("{part}:{}:{}:{p}", at.round, at.number), label));
        }
    }
    choices
}

/// A game of a cup played over the board whose result is still to come: for the arbiter's
/// form and the result slips.
pub(super) struct OpenGame {
    pub id: String,
    /// "Semi-finals, match 1, game 2".
    pub title: String,
    pub white: String,
    pub black: String,
}

/// The games of cup `tour`, played over the board, whose result the arbiter is to enter.
pub(super) fn open_games(tour: &Tournament, t: Texts) -> Vec<OpenGame> {
    let Some(play) = &tour.cup else {
        return Vec::new();
    };
    if tour.finished || matches!(tour.setup.play, domain::tournament::Play::Online(_)) {
        return Vec::new();
    }
    let double = tour.setup.system == domain::tournament::System::DoubleElimination;
    let winners_rounds = play
        .shown()
        .iter()
        .filter(|r| r.bracket == BracketPart::Winners)
        .count();
    let name = |p: PlayerId| {
        tour.player(p)
            .map(|e| e.entrant.name.clone())
            .unwrap_or_default()
    };
    let mut open = Vec::new();
    for (m, games) in play
        .games
        .iter()
        .filter(|(m, _)| !play.decided.contains_key(m))
    {
        let Some(players) = play.players(*m) else {
            continue;
        };
        let at = MatchRef::of(*m);
        let round = round_title(at.bracket, at.round, winners_rounds, double, t);
        for (i, g) in games
            .iter()
            .enumerate()
            .filter(|(_, g)| g.outcome.is_none())
        {
            let black = if g.white == players[0] {
                players[1]
            } else {
                players[0]
            };
            open.push(OpenGame {
                id: g.game.to_string(),
                title: t.get(
                    "page-cup-game-title",
                    &[
                        ("round", round.clone()),
                        ("number", at.number.to_string()),
                        ("game", (i + 1).to_string()),
                    ],
                ),
                white: name(g.white),
                black: name(black),
            });
        }
    }
    open
}

/// A decision as the form sends it back: the match and the player who goes through.
pub(super) fn decision(value: Option<&str>) -> Option<(MatchRef, PlayerId)> {
    let mut parts = value?.splitn(4, ':');
    let bracket = match parts.next()? {
        "winners" => BracketPart::Winners,
        "losers" => BracketPart::Losers,
        "final" => BracketPart::Final,
        _ => return None,
    };
    let round = parts.next()?.parse().ok()?;
    let number = parts.next()?.parse().ok()?;
    let winner = PlayerId::parse(parts.next()?).ok()?;
    Some((
        MatchRef {
            bracket,
            round,
            number,
        },
        winner,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_reads_back_as_the_form_wrote_it() {
        let p = PlayerId::from_uuid(uuid::Uuid::from_u128(7));
        let at = MatchRef {
            bracket: BracketPart::Losers,
            round: 3,
            number: 2,
        };
        assert_eq!(decision(Some(&format!("losers:3:2:{p}"))), Some((at, p)));
        for wrong in [
            "",
            "winners:1:1",
            "upper:1:1:x",
            "winners:a:1:x",
            "winners:1:1:nobody",
        ] {
            assert_eq!(decision(Some(wrong)), None, "{wrong}");
        }
        assert_eq!(decision(None), None);
    }
}
