//! A game table for given/when/then tests: the log so far (given), a command by a side (when),
//! and the events or rejection it produces (then).
#![allow(dead_code)]

use domain::chess::{MoveText, Notation};
use domain::game::{
    evolve, Actor, ClaimKind, CreateGame, EventBody, GameEvent, OpenedLines, Participant, RuleSet,
    Side, Status,
};
use domain::{decide, GameId, PlayerId, Rejection};
use time::macros::datetime;
use time::OffsetDateTime;

type GameState = domain::game::GameState<domain::chess::Chess>;
type Command = domain::game::Command<domain::chess::Chess>;
type Context = domain::game::Context<domain::chess::Chess>;
type MoveInput = domain::game::MoveInput<domain::chess::Chess>;

pub const WHITE: &str = "0190a5b2-7c3e-7f00-8000-0000000000a1";
pub const BLACK: &str = "0190a5b2-7c3e-7f00-8000-0000000000b2";
pub const STRANGER: &str = "0190a5b2-7c3e-7f00-8000-0000000000c3";
pub const ARBITER: &str = "0190a5b2-7c3e-7f00-8000-0000000000d4";
pub const GAME: &str = "0190a5b2-7c3e-7f00-8000-0000000000e5";

pub fn player(id: &str) -> PlayerId {
    PlayerId::parse(id).unwrap()
}

pub struct Table {
    /// The conditional lines held, as the service would open them for a move.
    pub opened: Vec<OpenedLines>,
    pub log: Vec<GameEvent>,
    pub state: GameState,
    pub now: OffsetDateTime,
    /// How far the time moves before each command (clock tests set it to zero and set `now`).
    pub step: time::Duration,
    /// The endgame tablebases the service hands the decider (none: it has none).
    pub tables: Option<std::sync::Arc<dyn domain::game::tablebase::Tables<domain::chess::Chess>>>,
}

/// A day for the game, one period: a clock under which a game can be adjourned.
pub fn one_day() -> domain::game::TimeControl {
    domain::game::TimeControl::Periods {
        periods: vec![domain::game::Period {
            moves: None,
            seconds: 86_400,
        }],
        increment_seconds: 0,
        delay_seconds: 0,
        whole_days: false,
        wrong_claim_bonus_seconds: None,
    }
}

pub fn create_command(fen: Option<&str>, rules: RuleSet) -> CreateGame {
    CreateGame {
        game_id: GameId::parse(GAME).unwrap(),
        white: Participant {
            id: player(WHITE),
            name: "Ayşe Yılmaz".into(),
        },
        black: Participant {
            id: player(BLACK),
            name: "Mehmet Öz".into(),
        },
        organiser: Some(player(ARBITER)),
        game: None,
        rules: Some(rules),
        start_position: fen.map(str::to_owned),
        time_control: None,
        event: Some("Okul Turnuvası".into()),
        round: Some("1".into()),
        site: Some("İzmir".into()),
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

pub fn mv(text: &str) -> MoveInput {
    MoveInput {
        text: MoveText::parse(text).unwrap(),
        notation: None,
    }
}

pub fn mv_in(text: &str, notation: Notation) -> MoveInput {
    MoveInput {
        text: MoveText::parse(text).unwrap(),
        notation: Some(notation),
    }
}

pub fn make(text: &str) -> Command {
    Command::MakeMove {
        mv: mv(text),
        offer_draw: false,
        conditional: Vec::new(),
    }
}

pub fn claim(kind: ClaimKind, intended: Option<&str>) -> Command {
    Command::ClaimDraw {
        kind,
        intended_move: intended.map(mv),
    }
}

impl Table {
    /// Given: a new game from the standard position under `fide2023`.
    pub fn new() -> Table {
        Table::with(None, RuleSet::FIDE_2023)
    }

    /// Given: a new game from `fen` under `rules`.
    pub fn with(fen: Option<&str>, rules: RuleSet) -> Table {
        let mut t = Table {
            opened: Vec::new(),
            log: Vec::new(),
            state: GameState::NotCreated,
            now: datetime!(2026-11-22 09:00 UTC),
            step: time::Duration::minutes(1),
            tables: None,
        };
        t.act(
            Actor::Admin,
            Command::CreateGame(Box::new(create_command(fen, rules))),
        )
        .expect("the game is created");
        t
    }

    /// Given: a new game with a time control, created at `now`; time then moves only when a test
    /// sets `now`.
    pub fn with_clock(fen: Option<&str>, rules: RuleSet, tc: domain::game::TimeControl) -> Table {
        let mut t = Table {
            opened: Vec::new(),
            log: Vec::new(),
            state: GameState::NotCreated,
            now: datetime!(2026-03-01 12:00 UTC),
            step: time::Duration::ZERO,
            tables: None,
        };
        let mut c = create_command(fen, rules);
        c.time_control = Some(tc);
        t.act(Actor::Admin, Command::CreateGame(Box::new(c)))
            .expect("the game is created");
        t
    }

    pub fn from_fen(fen: &str) -> Table {
        Table::with(Some(fen), RuleSet::FIDE_2023)
    }

    pub fn actor(side: Side) -> Actor {
        match side {
            Side::White => Actor::Player(player(WHITE)),
            Side::Black => Actor::Player(player(BLACK)),
        }
    }

    /// When: `actor` issues `command`. On success the events are appended (and folded).
    pub fn act(&mut self, actor: Actor, command: Command) -> Result<Vec<EventBody>, Rejection> {
        self.now += self.step;
        // The service opens the lines the log says are held for every move.
        let command = match command {
            Command::MakeMove {
                mv,
                offer_draw,
                conditional,
            } if conditional.is_empty() => Command::MakeMove {
                mv,
                offer_draw,
                conditional: self.opened.clone(),
            },
            other => other,
        };
        let ctx = Context {
            now: self.now,
            actor,
            notation: None,
            dice: None,
            entropy: None,
            tables: self.tables.clone(),
        };
        let events = decide(&self.state, command, &ctx)?;
        let mut replied = None;
        let mut previous: Option<&EventBody> = None;
        for e in &events {
            assert_eq!(e.at, self.now, "events are stamped with the context's time");
            // Lines are dropped by the service, and a conditional reply is its owner's move.
            let expected = match &e.body {
                EventBody::ConditionalMovesDropped { .. } | EventBody::DeadPositionFound { .. } => {
                    Actor::System
                }
                EventBody::MovePlayed {
                    conditional: true, ..
                } => e.actor,
                // The end a conditional reply makes is its owner's too (the tables' verdict on
                // it as well); the service's finding of a dead position is the service's.
                EventBody::GameEnded { .. } | EventBody::TablebaseAdjudicated { .. }
                    if replied.is_some() =>
                {
                    replied.unwrap()
                }
                EventBody::GameEnded { .. }
                    if matches!(previous, Some(EventBody::DeadPositionFound { .. })) =>
                {
                    Actor::System
                }
                _ => actor,
            };
            if matches!(
                e.body,
                EventBody::MovePlayed {
                    conditional: true,
                    ..
                }
            ) {
                replied = Some(e.actor);
            }
            previous = Some(&e.body);
            assert_eq!(
                e.actor, expected,
                "events are stamped with the context's actor"
            );
            self.state = evolve(std::mem::take(&mut self.state), e);
            assert!(
                !matches!(self.state, GameState::Corrupt { .. }),
                "decide produced an event evolve cannot fold: {:?}",
                self.state
            );
        }
        self.log.extend(events.iter().cloned());
        Ok(events.into_iter().map(|e| e.body).collect())
    }

    /// When: the side issues the command.
    pub fn by(&mut self, side: Side, command: Command) -> Result<Vec<EventBody>, Rejection> {
        self.act(Table::actor(side), command)
    }

    /// Given: these moves were played (space separated, any notation; move numbers skipped).
    pub fn play(&mut self, moves: &str) -> &mut Table {
        for text in moves.split_whitespace() {
            if text.ends_with('.') && text.trim_end_matches('.').parse::<u32>().is_ok() {
                continue;
            }
            let side = self.game().turn();
            self.by(side, make(text))
                .unwrap_or_else(|r| panic!("{text} should be legal: {r:?}"));
        }
        self
    }

    pub fn game(&self) -> &domain::game::Game<domain::chess::Chess> {
        self.state.game().expect("a game")
    }

    pub fn status(&self) -> Status {
        self.game().status
    }

    /// The last event's body.
    pub fn last(&self) -> &EventBody {
        &self.log.last().expect("an event").body
    }
}

/// The ending events a command produced, if any.
pub fn ended(
    events: &[EventBody],
) -> Option<(domain::game::GameResult, domain::game::Termination)> {
    events.iter().find_map(|e| match e {
        EventBody::GameEnded {
            result,
            termination,
        } => Some((*result, *termination)),
        _ => None,
    })
}
