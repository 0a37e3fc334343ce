//! The game core's seam is enough for a game that is not chess: take-away, a game of a few lines
//! (a pile of counters; each turn a player takes one, two or three; whoever takes the last one
//! wins), defined here only, through the public `Rules` trait. The core folds it, decides its
//! commands and runs its clocks without knowing anything of it.

use domain::game::{
    decide, evolve, Actor, ClaimKind, Command, Context, CreateGame, DrawRules, Ending, EventBody,
    GameEvent, GameResult, GameState, MoveCode, MoveInput, MoveRecord, MoveText, Participant,
    ReadError, Rejection, RuleSet, Rules, SetUpError, Side, Status, Termination, TimeControl,
    Winnability,
};
use domain::{GameId, PlayerId};
use time::macros::datetime;
use time::{Duration, OffsetDateTime};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct TakeAway;

#[derive(Debug, Clone, PartialEq)]
struct Pile {
    counters: u32,
    turn: Side,
    number: u32,
}

/// How a player writes how many they take: digits, or words in English or Turkish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counting {
    Digits,
    English,
    Turkish,
}

impl Counting {
    fn read(self, text: &str) -> Option<u32> {
        let words: &[&str] = match self {
            Counting::Digits => &["1", "2", "3"],
            Counting::English => &["one", "two", "three"],
            Counting::Turkish => &["bir", "iki", "üç"],
        };
        words.iter().position(|w| *w == text).map(|i| i as u32 + 1)
    }
}

fn pile(text: &str) -> Option<Pile> {
    let (counters, turn) = text.split_once(' ')?;
    let turn = match turn {
        "w" => Side::White,
        "b" => Side::Black,
        _ => return None,
    };
    Some(Pile {
        counters: counters.parse().ok().filter(|&c| c <= 1000)?,
        turn,
        number: 1,
    })
}

impl Rules for TakeAway {
    type Position = Pile;
    type Move = u32;
    type Notation = Counting;
    type Memo = ();

    fn named(name: &str) -> Option<TakeAway> {
        (name == "take-away").then_some(TakeAway)
    }

    fn name(self) -> &'static str {
        "take-away"
    }

    fn rule_sets(self) -> &'static [RuleSet] {
        const PLAIN: RuleSet = RuleSet::named("plain");
        &[PLAIN]
    }

    fn draws(self, _: RuleSet) -> DrawRules {
        DrawRules {
            threefold_claim: true,
            no_progress_claim: None,
            automatic_repetition: None,
            automatic_no_progress: None,
            wrong_claim_bonus_seconds: 60,
        }
    }

    fn notation_named(self, name: &str) -> Option<Counting> {
        [Counting::Digits, Counting::English, Counting::Turkish]
            .into_iter()
            .find(|c| Self::notation_name(*c) == name)
    }

    fn notations(self) -> Vec<Counting> {
        vec![Counting::Digits, Counting::English, Counting::Turkish]
    }

    fn notation_name(notation: Counting) -> &'static str {
        match notation {
            Counting::Digits => "digits",
            Counting::English => "english",
            Counting::Turkish => "turkish",
        }
    }

    fn legal_moves(pos: &Pile) -> Vec<u32> {
        (1..=pos.counters.min(3)).collect()
    }

    fn set_up_problems(self) -> &'static [&'static str] {
        &["toy-not-a-pile"]
    }

    fn start(self) -> Pile {
        Pile {
            counters: 21,
            turn: Side::White,
            number: 1,
        }
    }

    fn set_up(self, text: &str) -> Result<(Pile, String), SetUpError> {
        let pos = pile(text).ok_or(SetUpError::Invalid("toy-not-a-pile"))?;
        if let Some(ending) = Self::ending(&pos, &()) {
            return Err(SetUpError::NotPlayable(ending));
        }
        let text = Self::set_up_text(&pos);
        Ok((pos, text))
    }

    fn stored_set_up(self, text: &str) -> Option<Pile> {
        pile(text)
    }

    fn set_up_text(pos: &Pile) -> String {
        let turn = if pos.turn == Side::White { "w" } else { "b" };
        format!("{} {turn}", pos.counters)
    }

    fn turn(pos: &Pile) -> Side {
        pos.turn
    }

    fn move_number(pos: &Pile) -> u32 {
        pos.number
    }

    fn halfmove_clock(_: &Pile) -> u32 {
        0
    }

    fn read_move(
        pos: &Pile,
        text: &MoveText,
        notation: Option<Counting>,
        preferred: Option<Counting>,
    ) -> Result<u32, ReadError> {
        let tried = match notation {
            Some(n) => vec![n],
            None => preferred
                .into_iter()
                .chain([Counting::Digits, Counting::English, Counting::Turkish])
                .collect(),
        };
        let taken = tried
            .iter()
            .find_map(|n| n.read(text.as_str()))
            .ok_or(ReadError::Unparseable)?;
        if taken > pos.counters {
            return Err(ReadError::Illegal);
        }
        Ok(taken)
    }

    fn record(_: &Pile, taken: u32) -> MoveRecord {
        MoveRecord {
            uci: MoveCode::parse(&format!("t{taken}")).unwrap(),
            san: taken.to_string(),
        }
    }

    fn replay(pos: &Pile, code: &MoveCode) -> Option<u32> {
        let taken: u32 = code.as_str().strip_prefix('t')?.parse().ok()?;
        ((1..=3).contains(&taken) && taken <= pos.counters).then_some(taken)
    }

    fn play(pos: &mut Pile, taken: u32) {
        pos.counters -= taken;
        if pos.turn == Side::Black {
            pos.number += 1;
        }
        pos.turn = pos.turn.opponent();
    }

    fn is_irreversible(_: u32) -> bool {
        true
    }

    fn repetition_key(pos: &Pile) -> u128 {
        u128::from(pos.counters) * 2 + u128::from(pos.turn == Side::Black)
    }

    fn ending(pos: &Pile, _: &()) -> Option<Ending> {
        // The side that took the last counter has won.
        (pos.counters == 0).then_some(Ending::Checkmate {
            winner: pos.turn.opponent(),
        })
    }

    fn ending_may_take_long(_: &Pile, _: &mut ()) -> bool {
        false
    }

    fn winnability(pos: &Pile, side: Side) -> Winnability {
        // With one counter left, the side to move must take it: the other can no longer win.
        match pos.counters {
            0 => Winnability::Unwinnable,
            1 if side != pos.turn => Winnability::Unwinnable,
            _ => Winnability::Winnable,
        }
    }
}

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
            start_fen: start.map(str::to_owned),
            time_control,
            event: None,
            round: None,
            site: None,
            leave_days_per_year: None,
            sealed_move_check: Default::default(),
            tournament: None,
            starts_at: None,
            ballot: None,
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
                    uci: MoveCode::parse("t3").unwrap(),
                    san: "3".into(),
                },
                draw_offered: false,
                sealed: false,
                conditional: false,
            },
            EventBody::GameEnded {
                result: GameResult::WhiteWins,
                termination: Termination::Checkmate,
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
    assert_eq!(game.san(), "3 2 3 1 3 3 2 1 3");
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
        Some(Rejection::PositionNotPlayable(Ending::Checkmate {
            winner: Side::Black
        }))
    );
    assert!(matches!(
        Table::new(Some("many w"), None).err(),
        Some(Rejection::InvalidFen(_))
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
