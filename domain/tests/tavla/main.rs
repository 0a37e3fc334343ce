//! Tavla and backgammon through the game core: matches with dice from a committed secret, the
//! cube, resignations at a level, turns passed, and the features a game of dice does not offer.

use domain::game::dice::{derive_throw_v1, derive_v2, Dice, DiceSeed, Entropy, Faces, SentEntropy};
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
        start_position: start.map(str::to_owned),
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
        tablebase: Default::default(),
    }
}

/// The entropy each request carries: the players' own texts, one drawn for anyone else.
fn sent_by(actor: Actor) -> SentEntropy {
    match actor {
        Actor::Player(p) if p == id(WHITE) => SentEntropy::parse("beyaz").unwrap(),
        Actor::Player(p) if p == id(BLACK) => SentEntropy::parse("siyah zar ş").unwrap(),
        _ => SentEntropy::drawn("0f3a".into()),
    }
}

/// Throw `number` of the match `t` as the recipe gives it from `seed` and the entropy its
/// event records.
fn recomputed(seed: &DiceSeed, event: &EventBody) -> Faces {
    let EventBody::DiceThrown {
        number,
        dice,
        entropy,
        ..
    } = event
    else {
        panic!("{event:?}")
    };
    let game = "0190a5b2-7c3e-7f00-8000-0000000000c3";
    let die = matches!(dice, Faces::Die(_));
    derive_v2(seed, game, *number, entropy.as_deref().unwrap(), die)
}

impl Table {
    /// A match created and opened: each player throws their own opening die (again on a tie),
    /// and a throw due from the start is thrown by the player on roll.
    fn new(rules: &str, start: Option<&str>, length: Option<u16>, n: u8) -> Table {
        let mut t = Table::created(rules, start, length, n);
        t.open();
        t
    }

    /// A match created: nothing thrown yet.
    fn created(rules: &str, start: Option<&str>, length: Option<u16>, n: u8) -> Table {
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

    /// A match as the first scheme (`zarf-dice-v1`) created it: each player's entropy fixed
    /// at creation (black's drawn), the opening thrown by itself.
    fn new_v1(rules: &str, length: Option<u16>, n: u8) -> Table {
        let mut t = Table::created(rules, None, length, n);
        let EventBody::GameCreated(c) = &mut t.log[0].body else {
            panic!()
        };
        let d = c.dice.as_mut().unwrap();
        d.scheme = "zarf-dice-v1".into();
        d.white_entropy = Some(Entropy::chosen("beyaz").unwrap());
        d.black_entropy = Some(Entropy {
            text: "0f3a".into(),
            drawn: true,
        });
        t.state = evolve(GameState::NotCreated, &t.log[0]);
        // White gives the same text again: the throws due follow, as they did at creation.
        let white = t.side(Side::White);
        t.run(
            white,
            Command::AddEntropy {
                text: "beyaz".into(),
            },
        )
        .unwrap();
        t
    }

    /// Each player throws until no throw is due from them by themselves.
    fn open(&mut self) {
        while matches!(
            <Tavla as Rules>::awaits_throw(self.table()),
            Throwing::Opening | Throwing::Now
        ) && self.game().is_live()
        {
            self.throw().unwrap();
        }
    }

    fn run(&mut self, actor: Actor, command: Command<Tavla>) -> Result<Vec<EventBody>, Rejection> {
        self.now += Duration::minutes(5);
        let ctx = Context {
            now: self.now,
            actor,
            notation: None,
            dice: self.seed.clone(),
            entropy: Some(sent_by(actor)),
            tables: None,
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

/// The throws of two dice among `events`.
fn throws(events: &[EventBody]) -> Vec<Dice> {
    events
        .iter()
        .filter_map(|e| match e {
            EventBody::DiceThrown {
                dice: Faces::Two(dice),
                ..
            } => Some(*dice),
            _ => None,
        })
        .collect()
}
