//! Tavla and backgammon through the game core: matches with dice from a committed secret, the
//! cube, resignations at a level, turns passed, and the features a game of dice does not offer.

use domain::game::dice::{derive_throw, Dice, DiceSeed, Entropy};
use domain::game::{
    decide, evolve, Actor, Command, Context, CreateGame, EventBody, GameEvent, GameResult,
    GameState, MoveInput, MoveText, Participant, Rejection, RuleSet, Rules, Side, Status,
    Termination, Throwing,
};
use domain::tavla::board::{Board, BAR};
use domain::tavla::position_id;
use domain::tavla::table::{Crawford, Level, Match, Phase};
use domain::tavla::Tavla;
use domain::{GameId, PlayerId};
use time::macros::datetime;
use time::{Duration, OffsetDateTime};

mod cube;
mod matches;
mod plays;

const WHITE: &str = "0190a5b2-7c3e-7f00-8000-0000000000a1";
const BLACK: &str = "0190a5b2-7c3e-7f00-8000-0000000000b2";

fn id(text: &str) -> PlayerId {
    PlayerId::parse(text).unwrap()
}

fn seed(n: u8) -> DiceSeed {
    DiceSeed::from_bytes([n; 32])
}

struct Table {
    state: GameState<Tavla>,
    log: Vec<GameEvent>,
    now: OffsetDateTime,
    seed: Option<DiceSeed>,
}

fn create(rules: &str, start: Option<&str>, length: Option<u16>) -> CreateGame {
    CreateGame {
        game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000c3").unwrap(),
        game: Some("tavla".into()),
        white: Participant {
            id: id(WHITE),
            name: "Ayşe".into(),
        },
        black: Participant {
            id: id(BLACK),
            name: "Mehmet".into(),
        },
        organiser: None,
        rules: RuleSet::parse(rules),
        start_fen: start.map(str::to_owned),
        time_control: None,
        event: None,
        round: None,
        site: None,
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: None,
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: length,
        rated: false,
        visibility: Default::default(),
        entropy: Some([
            Entropy::chosen("beyaz").unwrap(),
            Entropy {
                text: "0f3a".into(),
                drawn: true,
            },
        ]),
    }
}

impl Table {
    fn new(rules: &str, start: Option<&str>, length: Option<u16>, n: u8) -> Table {
        let mut t = Table {
            state: GameState::NotCreated,
            log: Vec::new(),
            now: datetime!(2026-11-26 10:00 UTC),
            seed: Some(seed(n)),
        };
        t.run(
            Actor::Admin,
            Command::CreateGame(Box::new(create(rules, start, length))),
        )
        .expect("the match is created");
        t
    }

    fn run(&mut self, actor: Actor, command: Command<Tavla>) -> Result<Vec<EventBody>, Rejection> {
        self.now += Duration::minutes(5);
        let ctx = Context {
            now: self.now,
            actor,
            notation: None,
            dice: self.seed.clone(),
        };
        let events = decide(&self.state, command, &ctx)?;
        for e in &events {
            self.state = evolve(self.state.clone(), e);
            assert!(
                !matches!(self.state, GameState::Corrupt { .. }),
                "{:?}",
                self.state
            );
        }
        self.log.extend(events.iter().cloned());
        Ok(events.into_iter().map(|e| e.body).collect())
    }

    fn side(&self, side: Side) -> Actor {
        Actor::Player(id(if side == Side::White { WHITE } else { BLACK }))
    }

    fn act(&mut self, text: &str) -> Result<Vec<EventBody>, Rejection> {
        let side = self.game().turn();
        self.run(
            self.side(side),
            Command::MakeMove {
                mv: MoveInput {
                    text: MoveText::parse(text).unwrap(),
                    notation: None,
                },
                offer_draw: false,
                conditional: Vec::new(),
            },
        )
    }

    fn throw(&mut self) -> Result<Vec<EventBody>, Rejection> {
        let side = self.game().turn();
        self.run(self.side(side), Command::ThrowDice)
    }

    fn game(&self) -> &domain::game::Game<Tavla> {
        self.state.game().expect("created")
    }

    fn table(&self) -> &Match {
        self.game().position()
    }
}

fn throws(events: &[EventBody]) -> Vec<Dice> {
    events
        .iter()
        .filter_map(|e| match e {
            EventBody::DiceThrown { dice, .. } => Some(*dice),
            _ => None,
        })
        .collect()
}
