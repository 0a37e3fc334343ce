//! The game core's seam is enough for a game that is not chess: take-away (`domain::take_away`,
//! a pile of counters; each turn a player takes one, two or three; whoever takes the last one
//! wins). The core folds it, decides its commands and runs its clocks without knowing anything
//! of it.

use domain::game::{
    decide, evolve, Actor, ClaimKind, Command, Context, CreateGame, Ending, EventBody, GameEvent,
    GameResult, GameState, MoveCode, MoveInput, MoveRecord, MoveText, Participant, Rejection, Side,
    Status, Termination, TimeControl,
};
use domain::take_away::{Counting, TakeAway};
use domain::{GameId, PlayerId};
use time::macros::datetime;
use time::{Duration, OffsetDateTime};

type State = GameState<TakeAway>;

const WHITE: &str = "0190a5b2-7c3e-7f00-8000-0000000000a1";
const BLACK: &str = "0190a5b2-7c3e-7f00-8000-0000000000b2";

fn id(text: &str) -> PlayerId {
    PlayerId::parse(text).unwrap()
}

/// A table: the log so far, the state it folds to, and the time.
struct Table {
    log: Vec<GameEvent>,
    state: State,
    now: OffsetDateTime,
}

impl Table {
    fn new(start: Option<&str>, time_control: Option<TimeControl>) -> Result<Table, Rejection> {
        let mut t = Table {
            log: Vec::new(),
            state: State::NotCreated,
            now: datetime!(2026-03-01 10:00 UTC),
        };
        let create = CreateGame {
            game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000c3").unwrap(),
            white: Participant {
                id: id(WHITE),
                name: "Ayşe".into(),
            },
            black: Participant {
                id: id(BLACK),
                name: "Mehmet".into(),
            },
            organiser: None,
            game: Some("take-away".into()),
            rules: None,
            start_position: start.map(str::to_owned),
            time_control,
            event: None,
            round: None,
            site: None,
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
        };
        t.act(Actor::Admin, Command::CreateGame(Box::new(create)))?;
        Ok(t)
    }

    fn act(
        &mut self,
        actor: Actor,
        command: Command<TakeAway>,
    ) -> Result<Vec<EventBody>, Rejection> {
        let ctx: Context<TakeAway> = Context {
            now: self.now,
            actor,
            notation: None,
            dice: None,
            entropy: None,
            tables: None,
        };
        let events = decide(&self.state, command, &ctx)?;
        for e in &events {
            self.state = evolve(std::mem::take(&mut self.state), e);
        }
        self.log.extend(events.iter().cloned());
        Ok(events.into_iter().map(|e| e.body).collect())
    }

    fn by(&mut self, side: Side, command: Command<TakeAway>) -> Result<Vec<EventBody>, Rejection> {
        let player = match side {
            Side::White => id(WHITE),
            Side::Black => id(BLACK),
        };
        self.act(Actor::Player(player), command)
    }

    fn take(&mut self, text: &str) -> Result<Vec<EventBody>, Rejection> {
        let side = self.state.game().unwrap().turn();
        self.by(side, take(text, None))
    }

    fn status(&self) -> Status {
        self.state.game().unwrap().status
    }
}

fn take(text: &str, notation: Option<Counting>) -> Command<TakeAway> {
    Command::MakeMove {
        mv: MoveInput {
            text: MoveText::parse(text).unwrap(),
            notation,
        },
        offer_draw: false,
        conditional: Vec::new(),
    }
}

#[test]
fn the_core_plays_a_game_that_is_not_chess_to_its_end_and_folds_it_again() {
    let mut t = Table::new(None, None).unwrap();
    // Digits, English and Turkish words: the rules read them; the log keeps codes and digits.
    for text in ["3", "two", "üç", "1", "3", "3", "2", "1"] {
        t.take(text).unwrap_or_else(|r| panic!("{text}: {r:?}"));
    }
    // 18 taken: 3 left, White to move takes them all and wins.
    let game = t.state.game().unwrap();
    assert_eq!(game.position().counters, 3);
    assert_eq!(game.turn(), Side::White);
    assert_eq!(
        t.take("three").unwrap(),
        vec![
            EventBody::MovePlayed {
                mv: MoveRecord {
                    code: MoveCode::parse("t3").unwrap(),
                    written: "3".into(),
                },
                draw_offered: false,
                sealed: false,
                conditional: false,
            },
            EventBody::GameEnded {
                result: GameResult::WhiteWins,
                termination: Termination::NoMoves,
            },
        ]
    );
    // Nothing more is played; the log folds to the same game, through JSON too.
    assert_eq!(t.take("1"), Err(Rejection::GameOver));
    let stored: Vec<GameEvent> = t
        .log
        .iter()
        .map(|e| serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap())
        .collect();
    assert_eq!(State::replay(&stored).unwrap(), t.state);
    let game = t.state.game().unwrap();
    assert_eq!(game.written_moves().join(" "), "3 2 3 1 3 3 2 1 3");
    let pgn = game.pgn(&t.log);
    // Each move with the time it was made, then the ending.
    assert_eq!(pgn.matches(" UTC}").count(), 9, "{pgn}");
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. 3 {2026-03-01 10:00 UTC} 1... 2 {"),
        "{pgn}"
    );
    assert!(
        flat.contains("4... 1 {") && flat.contains("5. 3 {"),
        "{pgn}"
    );
    assert!(flat.contains(" UTC} {White wins"), "{pgn}");
}

#[test]
fn the_rules_judge_what_a_player_writes_and_a_refusal_changes_nothing() {
    let mut t = Table::new(Some("2 b"), None).unwrap();
    assert_eq!(t.state.game().unwrap().turn(), Side::Black);
    let before = t.state.clone();
    assert_eq!(
        t.take("3"),
        Err(Rejection::IllegalMove { text: "3".into() })
    );
    assert_eq!(
        t.take("four"),
        Err(Rejection::UnparseableMove {
            text: "four".into()
        })
    );
    assert_eq!(
        t.by(Side::Black, take("two", Some(Counting::Turkish))),
        Err(Rejection::UnparseableMove { text: "two".into() })
    );
    assert_eq!(
        t.by(Side::White, take("1", None)),
        Err(Rejection::NotYourTurn)
    );
    assert_eq!(t.state, before);
    // A claim is judged by the core from what the rules say of repetition and irreversibility.
    let claimed = t
        .by(
            Side::Black,
            Command::ClaimDraw {
                kind: ClaimKind::ThreefoldRepetition,
                intended_move: None,
            },
        )
        .unwrap();
    assert!(matches!(
        claimed[0],
        EventBody::DrawClaimed {
            upheld: false,
            occurrences: Some(1),
            ..
        }
    ));
    // Set-up positions are the rules' to judge: one already over, and one that is no pile.
    assert_eq!(
        Table::new(Some("0 w"), None).err(),
        Some(Rejection::PositionNotPlayable(Ending::NoMoves {
            winner: Side::Black
        }))
    );
    assert!(matches!(
        Table::new(Some("many w"), None).err(),
        Some(Rejection::InvalidPosition { fen: false, .. })
    ));
}

#[test]
fn draw_offers_and_resignation_are_the_cores() {
    let mut t = Table::new(None, None).unwrap();
    let side = Side::White;
    let offered = t
        .by(
            side,
            Command::MakeMove {
                mv: MoveInput {
                    text: MoveText::parse("2").unwrap(),
                    notation: None,
                },
                offer_draw: true,
                conditional: Vec::new(),
            },
        )
        .unwrap();
    assert!(matches!(
        offered[0],
        EventBody::MovePlayed {
            draw_offered: true,
            ..
        }
    ));
    assert_eq!(
        t.by(Side::Black, Command::AcceptDraw).unwrap()[1],
        EventBody::GameEnded {
            result: GameResult::Draw,
            termination: Termination::Agreement,
        }
    );

    let mut t = Table::new(None, None).unwrap();
    t.take("1").unwrap();
    t.by(Side::White, Command::Resign).unwrap();
    assert_eq!(
        t.status(),
        Status::Finished {
            result: GameResult::BlackWins,
            termination: Termination::Resignation,
        }
    );
}

#[test]
fn the_clocks_run_and_a_flag_falls_by_the_rules_answer_to_who_can_still_win() {
    let day = TimeControl::PerMove {
        seconds: 86_400,
        whole_days: false,
        wrong_claim_bonus_seconds: None,
    };
    // White takes in an hour; Black lets the day pass with 20 counters left: White wins on time.
    let mut t = Table::new(None, Some(day.clone())).unwrap();
    t.now += Duration::hours(1);
    t.take("1").unwrap();
    let deadline = t.state.game().unwrap().clock.as_ref().unwrap().deadline();
    assert_eq!(deadline, Some(t.now + Duration::days(1)));
    t.now += Duration::days(1) + Duration::seconds(1);
    assert_eq!(
        t.take("1"),
        Err(Rejection::FlagFallen { side: Side::Black })
    );
    t.act(Actor::System, Command::FlagFall).unwrap();
    assert_eq!(
        t.status(),
        Status::Finished {
            result: GameResult::WhiteWins,
            termination: Termination::TimeForfeit,
        }
    );

    // With one counter left, the player whose flag falls still could not have lost to the
    // other, who can no longer win: drawn (as 6.9 would have it).
    let mut t = Table::new(Some("1 b"), Some(day)).unwrap();
    t.now += Duration::days(2);
    t.act(Actor::System, Command::FlagFall).unwrap();
    assert_eq!(
        t.status(),
        Status::Finished {
            result: GameResult::Draw,
            termination: Termination::InsufficientMaterialOnTime,
        }
    );
}
