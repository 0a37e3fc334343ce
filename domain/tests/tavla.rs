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

#[test]
fn a_match_is_created_with_a_commitment_and_its_opening_thrown() {
    let t = Table::new("tavla", None, None, 1);
    let EventBody::GameCreated(c) = &t.log[0].body else {
        panic!("{:?}", t.log[0])
    };
    let dice = c.dice.as_ref().unwrap();
    assert_eq!(dice.scheme, "zarf-dice-v1");
    assert_eq!(dice.commitment, seed(1).commitment());
    assert!(dice.black_entropy.drawn && !dice.white_entropy.drawn);
    // Tavla: the opening's single dice (ties again), then the starter's own throw.
    let thrown = throws(&t.log.iter().map(|e| e.body.clone()).collect::<Vec<_>>());
    let opening = thrown.iter().position(|d| !d.is_double()).unwrap();
    assert_eq!(thrown.len(), opening + 2, "{thrown:?}");
    let starter = if thrown[opening].first() > thrown[opening].second() {
        Side::White
    } else {
        Side::Black
    };
    assert_eq!(t.game().turn(), starter);
    assert_eq!(t.table().phase, Phase::Play(thrown[opening + 1]));
    assert_eq!(t.table().length, 5, "tavla's custom");
    for e in &t.log[1..] {
        assert_eq!(e.actor, Actor::System);
    }
    // Each throw is the one the recipe gives for its number.
    for (n, d) in thrown.iter().enumerate() {
        assert_eq!(*d, derive_throw(&seed(1), n as u32, "beyaz", "0f3a"));
    }
}

#[test]
fn without_the_secret_a_game_of_dice_is_not_created_or_played() {
    let mut t = Table {
        state: GameState::NotCreated,
        log: Vec::new(),
        now: datetime!(2026-11-26 10:00 UTC),
        seed: None,
    };
    let r = t.run(
        Actor::Admin,
        Command::CreateGame(Box::new(create("tavla", None, None))),
    );
    assert_eq!(r, Err(Rejection::DiceUnavailable));
    let mut t = Table::new("tavla", None, None, 1);
    let play = t.table().actions()[0];
    let text = t.table().action_text(&play);
    // Another secret than the one committed to is no secret of this game.
    t.seed = Some(seed(2));
    let before = t.log.len();
    let ended = t.act(&text);
    // A play whose next throw needs the secret is refused whole.
    assert_eq!(ended, Err(Rejection::DiceUnavailable));
    assert_eq!(t.log.len(), before);
}

#[test]
fn a_game_of_dice_offers_no_draws_conditional_or_sealed_moves() {
    let mut t = Table::new("tavla", None, None, 1);
    let side = t.game().turn();
    let actor = t.side(side);
    for (command, feature) in [
        (Command::OfferDraw, "draw_offers"),
        (
            Command::SetConditionalMoves {
                lines: vec![],
                notation: None,
                nonce: "0".repeat(32),
            },
            "conditional_moves",
        ),
        (
            Command::Adjourn {
                resume_at: t.now + Duration::days(1),
                place: None,
            },
            "sealed_moves",
        ),
    ] {
        assert_eq!(
            t.run(actor, command),
            Err(Rejection::NotInThisGame { feature })
        );
    }
    // Claims: the rules have none.
    let claim = t.run(
        actor,
        Command::ClaimDraw {
            kind: domain::game::ClaimKind::ThreefoldRepetition,
            intended_move: None,
        },
    );
    assert_eq!(claim, Err(Rejection::ClaimNotInGame));
}

#[test]
fn plays_are_read_in_the_usual_notation_and_refused_when_illegal() {
    let mut t = Table::new("tavla", None, None, 1);
    let Phase::Play(dice) = t.table().phase else {
        panic!()
    };
    let legal: Vec<String> = t
        .table()
        .plays(dice)
        .iter()
        .map(|a| t.table().action_text(a))
        .collect();
    // Not a play of these dice (an 8 from the 24 is two dice at most, never these unless 6-2,
    // 5-3 or 4-4): refused, nothing recorded.
    let before = t.log.len();
    let wrong = [
        "24/23 24/22 13/12 13/11",
        "1/off",
        "double",
        "24/18 13/11 6/5",
    ]
    .into_iter()
    .find(|w| !legal.contains(&w.to_string()))
    .unwrap();
    assert!(matches!(
        t.act(wrong),
        Err(Rejection::IllegalMove { .. }) | Err(Rejection::UnparseableMove { .. })
    ));
    assert!(matches!(
        t.act("hello"),
        Err(Rejection::UnparseableMove { .. })
    ));
    assert_eq!(t.log.len(), before);
    // The first legal play, as written: recorded as written, then the opponent's dice.
    let mover = t.game().turn();
    let events = t.act(&legal[0]).unwrap();
    let EventBody::MovePlayed { mv, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(mv.san, legal[0]);
    assert_eq!(mv.uci.as_str(), legal[0]);
    assert!(!throws(&events).is_empty());
    assert_ne!(t.game().turn(), mover);
}

/// A position from white's side: white on the bar against black's closed home board, black
/// with one checker left to bring home.
fn closed_out() -> String {
    let mut b = Board {
        mine: [0; 26],
        theirs: [0; 26],
    };
    b.mine[BAR as usize] = 1;
    b.mine[6] = 14;
    // Black's home board (white's 19–24) closed, six points of two, and three on black's 12.
    for p in 19..=24 {
        b.theirs[p] = 2;
    }
    b.theirs[12] = 3;
    position_id::write(&b)
}

#[test]
fn a_throw_without_a_legal_play_passes_the_turn() {
    let t = Table::new("tavla", Some(&closed_out()), None, 3);
    let thrown = throws(&t.log.iter().map(|e| e.body.clone()).collect::<Vec<_>>());
    // White's throw passes (closed out); black's follows at once.
    assert!(thrown.len() >= 2, "{thrown:?}");
    assert_eq!(t.game().turn(), Side::Black);
    assert!(matches!(t.table().phase, Phase::Play(_)));
    // The pass is in the log's throws, not a move, and the throw says whose turn it passed.
    assert_eq!(t.game().ply(), 0);
    let passed: Vec<_> = t
        .log
        .iter()
        .filter_map(|e| match e.body {
            EventBody::DiceThrown { passed, .. } => Some(passed),
            _ => None,
        })
        .collect();
    assert_eq!(passed[0], Some(Side::White), "{passed:?}");
    assert!(passed[1..].iter().all(Option::is_none), "{passed:?}");
}

#[test]
fn backgammon_doubles_take_and_drop_with_the_cube() {
    let mut t = Table::new("backgammon", None, Some(3), 4);
    assert_eq!(t.table().length, 3);
    // The opening throw is played: the starter's dice are the two single dice.
    assert!(matches!(t.table().phase, Phase::Play(_)));
    let Phase::Play(dice) = t.table().phase else {
        panic!()
    };
    assert!(!dice.is_double());
    let play = t.table().action_text(&t.table().plays(dice)[0]);
    t.act(&play).unwrap();
    // The opponent may double before throwing: nothing is thrown yet.
    assert_eq!(
        <Tavla as Rules>::awaits_throw(t.table()),
        Throwing::WhenAsked
    );
    let doubler = t.game().turn();
    t.act("double").unwrap();
    assert_eq!(t.table().phase, Phase::Doubled);
    assert_eq!(t.game().turn(), doubler.opponent());
    // A play is no answer to a double.
    assert!(matches!(t.act("24/18"), Err(Rejection::IllegalMove { .. })));
    let events = t.act("take").unwrap();
    assert_eq!(
        (t.table().cube, t.table().cube_owner),
        (2, Some(doubler.opponent()))
    );
    // The doubler's throw follows the take by itself.
    assert_eq!(throws(&events).len(), 1, "{events:?}");
    assert_eq!(t.game().turn(), doubler);
    // Play on until the taker may redouble, and drop it.
    loop {
        match <Tavla as Rules>::awaits_throw(t.table()) {
            Throwing::WhenAsked if t.game().turn() == doubler.opponent() => break,
            Throwing::WhenAsked => {
                t.throw().unwrap();
            }
            _ => {
                let a = t.table().actions()[0];
                let text = t.table().action_text(&a);
                t.act(&text).unwrap();
            }
        }
    }
    // The doubler may not double: the cube is the taker's.
    assert_eq!(t.game().turn(), doubler.opponent());
    t.act("double").unwrap();
    t.act("drop").unwrap();
    // The game is the redoubler's at the cube's value before it: 2 points.
    let winner = doubler.opponent();
    let over = t.table().games[0];
    assert_eq!((over.winner, over.points, over.cube), (winner, 2, 2));
    assert_eq!(t.table().score_of(winner), 2);
    // 2 of 3: the next game is the Crawford game, with an opening throw, and no doubling.
    assert_eq!(t.table().crawford, Crawford::ThisGame);
    assert_eq!((t.table().cube, t.table().cube_owner), (1, None));
    assert!(!matches!(
        <Tavla as Rules>::awaits_throw(t.table()),
        Throwing::WhenAsked
    ));
    assert!(!t
        .table()
        .actions()
        .contains(&domain::tavla::table::Action::Double));
}

#[test]
fn a_resignation_is_offered_at_a_level_and_accepted_or_declined() {
    let mut t = Table::new("tavla", None, Some(3), 5);
    let Phase::Play(dice) = t.table().phase else {
        panic!()
    };
    let resigner = t.game().turn();
    // Tavla has no backgammon level.
    assert!(matches!(
        t.act("resign backgammon"),
        Err(Rejection::IllegalMove { .. })
    ));
    t.act("resign mars").unwrap();
    assert_eq!(t.game().turn(), resigner.opponent());
    t.act("decline").unwrap();
    // Back to the resigner, with the same dice.
    assert_eq!(t.game().turn(), resigner);
    assert_eq!(t.table().phase, Phase::Play(dice));
    t.act("resign mars").unwrap();
    let events = t.act("accept").unwrap();
    assert_eq!(t.table().score_of(resigner.opponent()), 2);
    assert_eq!(t.table().games[0].level, Level::Gammon);
    // Tavla: the winner starts the next game with a throw of their own.
    assert_eq!(t.game().turn(), resigner.opponent());
    assert_eq!(throws(&events).len(), 1);
    assert!(matches!(t.table().phase, Phase::Play(_)));
}

/// A match played to its end by the first legal action each time, checked throughout.
fn play_out(rules: &str, length: u16, n: u8, pick: impl Fn(usize, usize) -> usize) -> Table {
    let mut t = Table::new(rules, None, Some(length), n);
    for step in 0..20_000 {
        if !t.game().is_live() {
            return t;
        }
        if <Tavla as Rules>::awaits_throw(t.table()) == Throwing::WhenAsked {
            if pick(step, 4) == 0 {
                t.act("double").unwrap();
            } else {
                t.throw().unwrap();
            }
            continue;
        }
        let actions = t.table().actions();
        assert!(!actions.is_empty(), "{:?}", t.table());
        // Resigning is rare, as it should be.
        let plays: Vec<_> = actions
            .iter()
            .filter(|a| !matches!(a, domain::tavla::table::Action::Resign(_)))
            .collect();
        let pool = if plays.is_empty() || pick(step, 50) == 0 {
            actions.iter().collect()
        } else {
            plays
        };
        let a = pool[pick(step, pool.len())];
        let text = t.table().action_text(a);
        t.act(&text).unwrap();
    }
    panic!("the match did not end")
}

#[test]
fn whole_matches_end_with_the_winner_and_the_secret_revealed() {
    let lcg = |seed: u64| {
        move |step: usize, n: usize| {
            let x = (step as u64 + seed)
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % n as u64) as usize
        }
    };
    for (rules, n) in [
        ("tavla", 11),
        ("backgammon", 12),
        ("tavla", 13),
        ("backgammon", 14),
    ] {
        let t = play_out(rules, 3, n, lcg(u64::from(n)));
        let Status::Finished {
            result,
            termination,
        } = t.game().status
        else {
            panic!()
        };
        assert_eq!(termination, Termination::MatchWon);
        let winner = t.table().winner().unwrap();
        assert_eq!(result, GameResult::win_for(winner));
        assert!(t.table().score_of(winner) >= 3);
        let points: u16 = t
            .table()
            .games
            .iter()
            .filter(|g| g.winner == winner)
            .map(|g| g.points)
            .sum();
        assert_eq!(points, t.table().score_of(winner));
        // The secret is the last event, and every throw checks against it.
        let EventBody::DiceRevealed { seed: hex } = &t.log.last().unwrap().body else {
            panic!("{:?}", t.log.last())
        };
        assert_eq!(DiceSeed::parse_hex(hex), Some(seed(n)));
        let mut count = 0;
        for e in &t.log {
            if let EventBody::DiceThrown { number, dice, .. } = &e.body {
                assert_eq!(*number, count);
                assert_eq!(*dice, derive_throw(&seed(n), count, "beyaz", "0f3a"));
                count += 1;
            }
        }
        // The log folds again to the same state.
        let again = t.log.iter().fold(GameState::NotCreated, evolve);
        assert_eq!(again, t.state);
        // After the end, nothing more is thrown.
        let mut t = t;
        assert_eq!(t.throw(), Err(Rejection::GameOver));
    }
}

#[test]
fn a_players_entropy_changes_the_throws_after_it() {
    let mut a = Table::new("backgammon", None, Some(1), 6);
    let mut b = Table::new("backgammon", None, Some(1), 6);
    let side = a.game().turn();
    let actor = a.side(side);
    a.run(
        actor,
        Command::AddEntropy {
            text: "benim zarım".into(),
        },
    )
    .unwrap();
    assert_eq!(a.game().entropy_of(side), "benim zarım");
    assert!(matches!(
        b.run(actor, Command::AddEntropy { text: " ".into() }),
        Err(Rejection::InvalidField {
            field: "entropy",
            ..
        })
    ));
    // The same plays: the dice after the entropy differ somewhere.
    let mut differ = false;
    for _ in 0..20 {
        for t in [&mut a, &mut b] {
            if <Tavla as Rules>::awaits_throw(t.table()) == Throwing::WhenAsked {
                t.throw().unwrap();
            } else if t.game().is_live() {
                let x = t.table().actions()[0];
                let text = t.table().action_text(&x);
                t.act(&text).unwrap();
            }
        }
        differ |= a.table().phase != b.table().phase;
    }
    assert!(differ);
}

#[test]
fn the_position_text_is_gnu_backgammons_position_and_match_id() {
    let t = Table::new("backgammon", None, Some(7), 7);
    let text = t.game().fen();
    let (pos, mid) = text.split_once(':').unwrap();
    assert_eq!(pos.len(), 14);
    assert_eq!(mid.len(), 12);
    let again = Match::read(&text, domain::tavla::table::Variant::Backgammon).unwrap();
    assert_eq!(again.board, t.table().board);
    assert_eq!(again.phase, t.table().phase);
    assert_eq!(again.length, 7);
}

#[test]
fn a_throw_that_does_not_follow_from_the_revealed_seed_breaks_the_log() {
    let mut t = Table::new("tavla", None, Some(1), 8);
    let side = t.game().turn();
    let actor = t.side(side);
    t.run(
        actor,
        Command::AddEntropy {
            text: "sonradan".into(),
        },
    )
    .unwrap();
    let play = t.table().actions()[0];
    let text = t.table().action_text(&play);
    t.act(&text).unwrap();
    t.run(actor, Command::Resign).unwrap();
    assert!(matches!(
        t.log.last().unwrap().body,
        EventBody::DiceRevealed { .. }
    ));
    // The true log folds, the entropy's change counted from its place.
    let folded = t.log.iter().fold(GameState::<Tavla>::NotCreated, evolve);
    assert!(matches!(folded, GameState::Created(_)));
    // One throw changed: once the seed is revealed, the log no longer folds.
    let mut forged = t.log.clone();
    let last_throw = forged
        .iter()
        .rposition(|e| matches!(e.body, EventBody::DiceThrown { .. }))
        .unwrap();
    if let EventBody::DiceThrown { dice, .. } = &mut forged[last_throw].body {
        *dice = if *dice == Dice::new(1, 2).unwrap() {
            Dice::new(2, 1).unwrap()
        } else {
            Dice::new(1, 2).unwrap()
        };
    }
    // The last throw came after the last play: the log folds up to the reveal.
    let unrevealed = forged[..forged.len() - 1]
        .iter()
        .fold(GameState::<Tavla>::NotCreated, evolve);
    assert!(matches!(unrevealed, GameState::Created(_)));
    let all = evolve(unrevealed, forged.last().unwrap());
    let GameState::Corrupt { reason, .. } = all else {
        panic!("a forged throw folds: {all:?}")
    };
    assert!(
        reason.contains("does not follow from the revealed seed"),
        "{reason}"
    );
}

#[test]
fn a_match_exported_as_mat_reads_in_gnu_backgammon_as_it_was_played() {
    let lcg = |step: usize, n: usize| {
        let x = (step as u64 + 21)
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % n as u64) as usize
    };
    let t = play_out("backgammon", 5, 21, lcg);
    let mat = domain::game::export_pgn::<Tavla>(&t.log).unwrap();
    assert_eq!(mat, include_str!("data/tavla_match.mat"));
    // What GNU Backgammon 1.07 read from that file (`import mat`): each game's winner (0:
    // white, the left column) and points.
    let read: Vec<(usize, u16)> = include_str!("data/tavla_match_gnubg.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (w, p) = l.split_once(' ').unwrap();
            (w.parse().unwrap(), p.parse().unwrap())
        })
        .collect();
    let played: Vec<(usize, u16)> = t
        .table()
        .games
        .iter()
        .map(|g| (usize::from(g.winner == Side::Black), g.points))
        .collect();
    assert_eq!(read, played);
    assert!(
        mat.contains("Doubles =>"),
        "the match has cube actions:\n{mat}"
    );
    // And turn by turn: the position each play was made from, its dice and its checker moves,
    // the turns passed and the cube's actions, as gnubg's own record of the imported file.
    let mut pos = t.game().start_position().clone();
    let mut turns = Vec::new();
    for e in &t.log {
        let game = pos.games.len() + 1;
        match &e.body {
            EventBody::DiceThrown { dice, passed, .. } => {
                if passed.is_some() {
                    let d = dice.high_first();
                    turns.push(format!("{game} {} {d}", position_id::write(&pos.board)));
                }
                pos.throw(*dice);
            }
            EventBody::MovePlayed { mv, .. } => {
                let a = pos.read_action(mv.uci.as_str()).unwrap()[0];
                match (a, pos.phase) {
                    (domain::tavla::table::Action::Play { .. }, Phase::Play(d)) => {
                        // gnubg keeps a turn's checker moves in an order of its own.
                        let mut steps: Vec<String> = a
                            .steps()
                            .iter()
                            .map(|s| format!("{}/{}", s.from, s.to))
                            .collect();
                        steps.sort_unstable();
                        turns.push(format!(
                            "{game} {} {} {}",
                            position_id::write(&pos.board),
                            d.high_first(),
                            steps.join(" ")
                        ));
                    }
                    _ => turns.push(format!("{game} {}", pos.action_text(&a))),
                }
                pos.act(a);
            }
            _ => {}
        }
    }
    let mut gnubg: Vec<String> = include_str!("data/tavla_match_gnubg_turns.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut words: Vec<&str> = l.split(' ').collect();
            if words.len() > 3 {
                words[3..].sort_unstable();
            }
            words.join(" ")
        })
        .collect();
    // gnubg's record ends the match with a double of its own after the dropped one (its import
    // of the final `Drops`/`Wins` lines); the file has none, and gnubg scores the game as played.
    assert_eq!(gnubg.pop().as_deref(), Some("2 double"));
    assert_eq!(turns, gnubg);
}

#[test]
fn a_set_up_cube_beyond_the_largest_is_refused_and_the_largest_is_not_doubled() {
    use domain::tavla::match_id::MatchId;
    use domain::tavla::table::{Variant, MAX_CUBE};
    let id = |cube_log2: u8, double_offered: bool| MatchId {
        cube_log2,
        cube_owner: if double_offered {
            None
        } else {
            Some(Side::White)
        },
        on_roll: Side::White,
        crawford: false,
        game_state: 1,
        turn: if double_offered {
            Side::Black
        } else {
            Side::White
        },
        double_offered,
        resignation: 0,
        dice: (0, 0),
        length: 7,
        score: [0, 0],
    };
    let text = |m: MatchId| format!("4HPwATDgc/ABMA:{}", m.write());
    // A cube of 32,768 offered again would overflow: no such position.
    assert_eq!(Match::read(&text(id(15, true)), Variant::Backgammon), None);
    assert_eq!(Match::read(&text(id(13, false)), Variant::Backgammon), None);
    assert_eq!(Match::read(&text(id(12, true)), Variant::Backgammon), None);
    // At the largest cube its owner throws without a choice to double.
    let m = Match::read(&text(id(12, false)), Variant::Backgammon).unwrap();
    assert_eq!(m.cube, MAX_CUBE);
    assert_eq!(m.phase, Phase::Roll);
    assert!(!m.actions().contains(&domain::tavla::table::Action::Double));
}
