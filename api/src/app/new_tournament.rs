//! Making a tournament as an account asks (the JSON API's and the tournaments page's): its terms
//! checked (name, system, rounds, dates, place, the online games' game, rules, ballot and match
//! length), its creator its first arbiter, and who may read it unless the asker chose. Whether
//! the account may make one at all is the tournament's own rule ([`super::tournaments::command`]).

use domain::game::tablebase::TablebaseRule;
use std::sync::Arc;

use domain::game::{RuleSet, Rules as _, TimeControl, Visibility};
use domain::games::GameKind;
use domain::ids::PlayerId;
use domain::tournament::{
    Command, CupTerms, OnlineGames, Play, Scoring, SeedingRule, System, TieRule, TournamentCreated,
};
use uuid::Uuid;

use super::actors::Account;
use super::commands::{CommandError, Outcome};
use super::tournaments::Tournaments;
use super::AppState;

/// A new tournament as asked, its fields as the request gave them.
#[derive(Debug, Clone, Default)]
pub struct NewTournament {
    pub name: String,
    /// `swiss`, `round_robin`, `double_round_robin`, `knockout` or `double_elimination`.
    pub system: String,
    /// A Swiss's rounds (a round robin's and a cup's come from their players).
    pub rounds: u32,
    /// The colour of the top-ranked player in round 1: `white` (none: white) or `black`.
    pub first_colour: Option<String>,
    pub baku: bool,
    /// Arbiters beside the creator.
    pub arbiters: Vec<Uuid>,
    pub organisers: Vec<Uuid>,
    pub place: Option<String>,
    /// The first and last days, `YYYY-MM-DD`.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Points for each result (none: 1, ½, 0 and 1 for the pairing bye).
    pub points: Option<Points>,
    /// `over_the_board` (none: so) or `online`.
    pub play: Option<String>,
    pub time_control: Option<TimeControl>,
    pub game: Option<String>,
    pub rules: Option<RuleSet>,
    pub ballot: Option<bool>,
    pub match_length: Option<u16>,
    /// How the endgame tablebases may decide its games (online chess only; none: off).
    pub tablebase: Option<TablebaseRule>,
    pub half_point_byes: Option<bool>,
    pub tiebreaks: Option<Vec<String>>,
    pub visibility: Option<Visibility>,
    pub cup: NewCup,
}

/// A cup's terms as asked; none of them for a tournament that is not a cup.
#[derive(Debug, Clone, Default)]
pub struct NewCup {
    /// `rating` (none: so), `given` or `lot`.
    pub seeding: Option<String>,
    /// The games of a match: 1 or an even number to 20 (none: 2; tavla's is one match).
    pub games_per_match: Option<u16>,
    /// Pairs of games a tied match plays on for (none: 1), at most 10.
    pub extra_pairs: Option<u16>,
    /// `higher_seed` (none: so), `lot` or `arbiter`.
    pub tie_rule: Option<String>,
    /// A single elimination's match for third place.
    pub third_place: Option<bool>,
    /// Tavla: the points each round's match is played to, round 1 first.
    pub match_lengths: Option<Vec<u16>>,
    /// The days a match has from its first games, 1 to 365 (none: no deadline).
    pub match_days: Option<u16>,
}

impl NewCup {
    /// Whether any term is asked other than as a cup's default: a form or client that always
    /// sends every field, at its default, is not asking for a cup.
    fn asked(&self) -> bool {
        !matches!(self.seeding.as_deref(), None | Some("rating"))
            || !matches!(self.games_per_match, None | Some(2))
            || !matches!(self.extra_pairs, None | Some(1))
            || !matches!(self.tie_rule.as_deref(), None | Some("higher_seed"))
            || self.third_place == Some(true)
            || self.match_lengths.as_ref().is_some_and(|l| !l.is_empty())
            || self.match_days.is_some()
    }
}

/// Points for each result as asked: halves of a point, 0 to 10.
#[derive(Debug, Clone, Copy, Default)]
pub struct Points {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    /// The pairing-allocated bye.
    pub bye: f64,
}

impl Points {
    /// The scoring these points give, in tenths of a point.
    fn scoring(self) -> Result<Scoring, NewTournamentError> {
        let tenths = |x: f64| {
            let halves = x * 2.0;
            (halves.fract() == 0.0 && (0.0..=20.0).contains(&halves))
                .then(|| halves as i32 * 5)
                .ok_or_else(|| invalid("points: halves of a point, 0 to 10"))
        };
        Ok(Scoring {
            win: tenths(self.win)?,
            draw: tenths(self.draw)?,
            loss: tenths(self.loss)?,
            pairing_bye: tenths(self.bye)?,
        })
    }
}

/// Why a tournament was not made.
#[derive(Debug, thiserror::Error)]
pub enum NewTournamentError {
    /// A term is not as the contract allows: the field, and what it may be.
    #[error("{0}")]
    Invalid(String),
    /// The time control does not hold together.
    #[error("{0}")]
    TimeControl(String),
    #[error(transparent)]
    Command(#[from] CommandError),
}

fn invalid(why: impl Into<String>) -> NewTournamentError {
    NewTournamentError::Invalid(why.into())
}

/// Makes the tournament `new` asks for `account`, under a new id: the id and the command's outcome.
pub async fn create_tournament(
    state: Arc<AppState>,
    account: Account<'_>,
    new: NewTournament,
) -> Result<(String, Outcome<Tournaments>), NewTournamentError> {
    let (_, me) = super::actors::in_tournament(account).map_err(CommandError::from)?;
    let mut created = terms(new, me)?;
    // An organiser's school default, where they set one and the asker did not choose.
    if let (None, Account::Player(p)) = (created.visibility, account) {
        if p.has_role(crate::store::Role::Organiser) {
            let (s, id) = (state.clone(), p.id.clone());
            created.visibility =
                tokio::task::spawn_blocking(move || s.store.school_visibility(&id))
                    .await
                    .map_err(|e| {
                        CommandError::from(anyhow::anyhow!("a blocking task failed: {e}"))
                    })?
                    .map_err(CommandError::from)?
                    .as_deref()
                    .and_then(Visibility::parse);
        }
    }
    let id = Uuid::now_v7().to_string();
    let command = Command::Create(created);
    let outcome = super::tournaments::command(state, account, &id, command).await?;
    Ok((id, outcome))
}

/// The tournament's creation as `new` asks, `me` its first arbiter (who may read it: as `new`
/// says, else decided by the caller).
pub fn terms(
    new: NewTournament,
    me: Option<PlayerId>,
) -> Result<TournamentCreated, NewTournamentError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(invalid("name: 1 to 100 visible characters"));
    }
    let system =
        match new.system.as_str() {
            "swiss" => System::Swiss,
            "round_robin" => System::RoundRobin,
            "double_round_robin" => System::DoubleRoundRobin,
            "knockout" => System::Knockout,
            "double_elimination" => System::DoubleElimination,
            _ => return Err(invalid(
                "system: swiss, round_robin, double_round_robin, knockout or double_elimination",
            )),
        };
    // A cup's rounds come from its bracket.
    let rounds = match system.is_cup() {
        true => 0,
        false => u16::try_from(new.rounds)
            .ok()
            .filter(|r| (1..=99).contains(r))
            .ok_or_else(|| invalid("rounds: 1 to 99"))?,
    };
    let first_colour_white = match new.first_colour.as_deref() {
        None | Some("white") => true,
        Some("black") => false,
        Some(_) => return Err(invalid("first_colour: white or black")),
    };
    if new.arbiters.len() > 10 || new.organisers.len() > 10 {
        return Err(invalid("arbiters, organisers: at most 10 each"));
    }
    let organisers = distinct(Vec::new(), &new.organisers);
    let arbiters = distinct(me.into_iter().collect(), &new.arbiters);
    let place = match new.place.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) if p.chars().count() > 100 || p.chars().any(char::is_control) => {
            return Err(invalid("place: at most 100 visible characters"))
        }
        Some(p) => Some(p.to_owned()),
    };
    let start_date = day("start_date", new.start_date.as_deref())?;
    let end_date = day("end_date", new.end_date.as_deref())?;
    if let (Some(start), Some(end)) = (start_date, end_date) {
        if end < start {
            return Err(invalid("end_date: not before start_date"));
        }
    }
    let play = play(&new)?;
    let cup = cup_terms(&new.cup, system, &play)?;
    if let Some(codes) = &new.tiebreaks {
        if codes.len() > 12 || codes.iter().any(|c| c.len() > 16) {
            return Err(invalid("tiebreaks: at most 12 codes"));
        }
    }
    let scoring = new.points.map(Points::scoring).transpose()?;
    Ok(TournamentCreated {
        scoring: scoring.unwrap_or_default(),
        first_colour_white,
        baku: new.baku && system == System::Swiss,
        place,
        start_date: start_date.map(|d| d.to_string()),
        end_date: end_date.map(|d| d.to_string()),
        play,
        half_point_byes: new.half_point_byes.unwrap_or(true),
        tiebreaks: new.tiebreaks.filter(|c| !c.is_empty()),
        organisers,
        visibility: new.visibility,
        cup,
        ..TournamentCreated::new(name, system, rounds, arbiters)
    })
}

/// `first` and then each of `more` not in it yet.
fn distinct(mut first: Vec<PlayerId>, more: &[Uuid]) -> Vec<PlayerId> {
    for id in more.iter().map(|u| PlayerId::from_uuid(*u)) {
        if !first.contains(&id) {
            first.push(id);
        }
    }
    first
}

/// How the tournament is played: over the board, or online with its games' game, time control,
/// rules, ballot and match length (each only online, each within what the game allows).
fn play(new: &NewTournament) -> Result<Play, NewTournamentError> {
    const GAMES: &str = "game: chess, checkers, dama or tavla";
    // A game is one zarf plays, online or not.
    let kind = match new.game.as_deref() {
        None => GameKind::Chess,
        Some(name) => GameKind::named(name).ok_or_else(|| invalid(GAMES))?,
    };
    let time_control = match (new.play.as_deref(), new.time_control.clone()) {
        (None | Some("over_the_board"), None)
            if new.game.is_some()
                || new.rules.is_some()
                || new.ballot.is_some()
                || new.match_length.is_some()
                || new.tablebase.is_some_and(|t| !t.is_off()) =>
        {
            return Err(invalid(
                "game, rules, ballot, match_length, tablebase: only for a tournament played online",
            ))
        }
        (None | Some("over_the_board"), None) => return Ok(Play::OverTheBoard),
        (None | Some("over_the_board"), Some(_)) => {
            return Err(invalid("time_control: only for a tournament played online"))
        }
        (Some("online"), Some(time_control)) => time_control,
        (Some("online"), None) => {
            return Err(invalid(
                "time_control: an online tournament's games need one",
            ))
        }
        (Some(_), _) => return Err(invalid("play: over_the_board or online")),
    };
    time_control
        .validate()
        .map_err(|e| NewTournamentError::TimeControl(e.to_string()))?;
    let rules = match new.rules {
        None => kind.rule_sets()[0],
        Some(r) if kind.rule_sets().contains(&r) => r,
        Some(_) => return Err(invalid("rules: not one of the game's rule sets")),
    };
    // A game with a ballot plays it unless told not to.
    let ballot = match (new.ballot, kind.ballot()) {
        (Some(true), None) => return Err(invalid("ballot: the game has no ballot")),
        (Some(b), _) => b,
        (None, deck) => deck.is_some(),
    };
    // A match's length only where the game is played as a match, within its bounds.
    let match_length = match (new.match_length, kind.match_lengths(rules)) {
        (None, _) => None,
        (Some(_), None) => return Err(invalid("match_length: the game is not played as a match")),
        (Some(n), Some(lengths)) if (1..=lengths.max).contains(&n) => Some(n),
        (Some(_), Some(lengths)) => {
            return Err(invalid(format!("match_length: from 1 to {}", lengths.max)))
        }
    };
    let tablebase = new.tablebase.unwrap_or_default();
    if !tablebase.is_off() && !kind.features().tablebases {
        return Err(invalid("tablebase: only chess is decided by tablebases"));
    }
    Ok(Play::Online(OnlineGames {
        game: (kind != GameKind::Chess).then(|| kind.name().to_owned()),
        time_control,
        rules,
        ballot,
        match_length,
        tablebase,
    }))
}

/// A cup's terms as asked, each within what its game allows: a game played as a match (tavla)
/// plays one match a pairing, to the points set by round. Over the board the game is chess.
fn cup_terms(
    asked: &NewCup,
    system: System,
    play: &Play,
) -> Result<Option<CupTerms>, NewTournamentError> {
    if !system.is_cup() {
        if asked.asked() {
            return Err(invalid(
                "seeding, games_per_match, extra_pairs, tie_rule, third_place, match_lengths, \
                 match_days: only for a cup",
            ));
        }
        return Ok(None);
    }
    let (kind, rules) = match play {
        Play::Online(online) => (
            online
                .game
                .as_deref()
                .and_then(GameKind::named)
                .unwrap_or(GameKind::Chess),
            online.rules,
        ),
        Play::OverTheBoard => (GameKind::Chess, GameKind::Chess.rule_sets()[0]),
    };
    let seeding = match asked.seeding.as_deref() {
        None | Some("rating") => SeedingRule::Rating,
        Some("given") => SeedingRule::Given,
        Some("lot") => SeedingRule::Lot,
        Some(_) => return Err(invalid("seeding: rating, given or lot")),
    };
    let tie_rule = match asked.tie_rule.as_deref() {
        None | Some("higher_seed") => TieRule::HigherSeed,
        Some("lot") => TieRule::Lot,
        Some("arbiter") => TieRule::Arbiter,
        Some(_) => return Err(invalid("tie_rule: higher_seed, lot or arbiter")),
    };
    let extra_pairs = asked.extra_pairs.unwrap_or(1);
    if extra_pairs > 10 {
        return Err(invalid("extra_pairs: 0 to 10"));
    }
    if asked.match_days.is_some_and(|d| !(1..=365).contains(&d)) {
        return Err(invalid("match_days: 1 to 365"));
    }
    let third_place = asked.third_place.unwrap_or(false);
    if third_place && system != System::Knockout {
        return Err(invalid("third_place: only for a knockout"));
    }
    let (games, match_lengths) = match kind.match_lengths(rules) {
        // A game played as a match: one match a pairing, its length by round.
        Some(lengths) => {
            if asked.games_per_match.is_some_and(|g| g != 1) {
                return Err(invalid(
                    "games_per_match: a pairing of this game is one match",
                ));
            }
            let by_round = asked.match_lengths.clone().unwrap_or_default();
            if by_round.len() > 12 || by_round.iter().any(|n| !(1..=lengths.max).contains(n)) {
                return Err(invalid(format!(
                    "match_lengths: at most 12 rounds, each from 1 to {}",
                    lengths.max
                )));
            }
            (1, by_round)
        }
        None => {
            if asked.match_lengths.is_some() {
                return Err(invalid("match_lengths: the game is not played as a match"));
            }
            let games = asked.games_per_match.unwrap_or(2);
            if !(games == 1 || (games.is_multiple_of(2) && (2..=20).contains(&games))) {
                return Err(invalid("games_per_match: 1, or an even number to 20"));
            }
            (games, Vec::new())
        }
    };
    Ok(Some(CupTerms {
        seeding,
        games,
        extra_pairs,
        tie_rule,
        third_place,
        match_lengths,
        match_days: asked.match_days,
    }))
}

/// A day as `YYYY-MM-DD`.
pub fn day(field: &str, text: Option<&str>) -> Result<Option<time::Date>, NewTournamentError> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => time::Date::parse(t, &format)
            .map(Some)
            .map_err(|_| invalid(format!("{field}: a day, YYYY-MM-DD"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked() -> NewTournament {
        NewTournament {
            name: "Okul Kupası".into(),
            system: "swiss".into(),
            rounds: 5,
            ..NewTournament::default()
        }
    }

    fn refused(new: NewTournament) -> String {
        match terms(new, None) {
            Err(NewTournamentError::Invalid(why)) => why,
            other => panic!("not refused as invalid: {other:?}"),
        }
    }

    #[test]
    fn a_plain_swiss_is_over_the_board_with_the_defaults() {
        let me = PlayerId::from_uuid(Uuid::now_v7());
        let made = terms(asked(), Some(me)).unwrap();
        assert_eq!((made.rounds, made.system), (5, System::Swiss));
        assert!(matches!(made.play, Play::OverTheBoard));
        assert_eq!(made.arbiters, [me], "the creator is its first arbiter");
        assert_eq!((made.visibility, made.scoring), (None, Scoring::default()));
        assert!(made.half_point_byes && made.first_colour_white);
    }

    #[test]
    fn points_are_halves_from_0_to_10_and_checked_last() {
        let points = |bye| NewTournament {
            points: Some(Points {
                win: 3.0,
                draw: 1.0,
                loss: 0.0,
                bye,
            }),
            ..asked()
        };
        for bye in [-214_748_365.0, 1e300, 10.5, -0.5, 0.25] {
            assert!(refused(points(bye)).starts_with("points:"), "{bye}");
        }
        let made = terms(points(10.0), None).unwrap();
        assert_eq!((made.scoring.win, made.scoring.pairing_bye), (30, 100));
        let both_wrong = NewTournament {
            name: String::new(),
            ..points(0.25)
        };
        assert!(refused(both_wrong).starts_with("name:"));
    }

    #[test]
    fn terms_outside_the_contract_are_refused_with_the_field() {
        let cases: [(NewTournament, &str); 8] = [
            (
                NewTournament {
                    name: " ".into(),
                    ..asked()
                },
                "name:",
            ),
            (
                NewTournament {
                    rounds: 100,
                    ..asked()
                },
                "rounds:",
            ),
            (
                NewTournament {
                    system: "knockout_cup".into(),
                    ..asked()
                },
                "system:",
            ),
            (
                NewTournament {
                    start_date: Some("2026-12-02".into()),
                    end_date: Some("2026-12-01".into()),
                    ..asked()
                },
                "end_date:",
            ),
            (
                NewTournament {
                    game: Some("go".into()),
                    ..asked()
                },
                "game:",
            ),
            (
                NewTournament {
                    rules: Some(RuleSet::FIDE_2023),
                    ..asked()
                },
                "game, rules, ballot, match_length, tablebase:",
            ),
            (
                NewTournament {
                    tablebase: Some(TablebaseRule::Claim),
                    ..asked()
                },
                "game, rules, ballot, match_length, tablebase:",
            ),
            (
                NewTournament {
                    play: Some("online".into()),
                    time_control: Some(TimeControl::PerMove {
                        seconds: 86_400,
                        whole_days: false,
                        wrong_claim_bonus_seconds: None,
                    }),
                    game: Some("checkers".into()),
                    tablebase: Some(TablebaseRule::Automatic),
                    ..asked()
                },
                "tablebase:",
            ),
        ];
        for (new, field) in cases {
            let why = refused(new);
            assert!(why.starts_with(field), "{why:?} is not about {field}");
        }
    }

    #[test]
    fn an_online_tournament_takes_its_games_terms_within_the_game() {
        let online = |game: &str, match_length| NewTournament {
            play: Some("online".into()),
            time_control: Some(TimeControl::PerMove {
                seconds: 86_400,
                whole_days: false,
                wrong_claim_bonus_seconds: None,
            }),
            game: Some(game.into()),
            match_length,
            ..asked()
        };
        let made = terms(online("tavla", Some(5)), None).unwrap();
        let Play::Online(games) = made.play else {
            panic!("not online")
        };
        assert_eq!(
            (games.game.as_deref(), games.match_length),
            (Some("tavla"), Some(5))
        );
        assert!(refused(online("chess", Some(5))).starts_with("match_length:"));
        assert!(refused(online("tavla", Some(100))).starts_with("match_length: from 1 to"));
        let without_clock = NewTournament {
            time_control: None,
            ..online("chess", None)
        };
        assert!(refused(without_clock).starts_with("time_control:"));
    }
}
