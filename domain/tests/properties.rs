//! Property tests: random legal games fold to the same state on replay; every log `decide`
//! produces is accepted by `evolve`; every move the crate writes reads back as the same move in
//! every notation; garbage never panics.

use domain::chess::{
    legal_moves, read_move, write_move, LetterSet, MoveStyle, MoveText, Notation, StartFen,
};
use domain::game::tablebase::{TablebaseClaim, TablebaseRule, Tables, Verdict, Wdl};
use domain::game::{
    evolve, export_pgn, Actor, ClaimKind, ConditionalLines, CreateGame, EventBody, GameEvent,
    OpenedLines, Participant, RuleSet, Status,
};
use domain::{decide, GameId, PlayerId};
use proptest::prelude::*;
use shakmaty::{Chess, Position};
use time::macros::datetime;

type GameState = domain::game::GameState<domain::chess::Chess>;
type Command = domain::game::Command<domain::chess::Chess>;
type Context = domain::game::Context<domain::chess::Chess>;
type MoveInput = domain::game::MoveInput<domain::chess::Chess>;

const NONCE: &str = "00112233445566778899aabbccddeeff";

fn white() -> PlayerId {
    PlayerId::parse("0190a5b2-7c3e-7f00-8000-0000000000a1").unwrap()
}
fn black() -> PlayerId {
    PlayerId::parse("0190a5b2-7c3e-7f00-8000-0000000000b2").unwrap()
}

/// Tables that hold about one position in eleven, chosen by a hash of the board and the side to
/// move, with a verdict drawn from the same hash: enough to end games and to judge claims at
/// random places.
#[derive(Debug)]
struct EveryEleventh;

impl Tables<domain::chess::Chess> for EveryEleventh {
    fn probe(&self, position: &Chess) -> Option<Verdict> {
        let key = format!("{} {:?}", position.board(), position.turn());
        let hash = key
            .bytes()
            .fold(17u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
        if hash % 11 != 0 {
            return None;
        }
        let wdl = [
            Wdl::Loss,
            Wdl::BlessedLoss,
            Wdl::Draw,
            Wdl::CursedWin,
            Wdl::Win,
        ][(hash / 11 % 5) as usize];
        let dtz = match wdl {
            Wdl::Loss => -3,
            Wdl::BlessedLoss => -110,
            Wdl::Draw => 0,
            Wdl::CursedWin => 110,
            Wdl::Win => 3,
        };
        Some(Verdict {
            wdl,
            dtz,
            dtz_rounded: false,
            pieces: position.board().occupied().count() as u8,
            tables: "syzygy:every-eleventh".into(),
        })
    }
}

/// Plays a random sequence of commands (mostly moves) through `decide`; refused commands are
/// skipped. Returns the log and the state folded along the way. Under a tablebase rule the
/// decider is handed [`EveryEleventh`].
fn random_game(
    steps: &[(u16, u8)],
    rules: RuleSet,
    tablebase: TablebaseRule,
) -> (Vec<GameEvent>, GameState) {
    let tables: Option<std::sync::Arc<dyn Tables<domain::chess::Chess>>> = if tablebase.is_off() {
        None
    } else {
        Some(std::sync::Arc::new(EveryEleventh))
    };
    let mut now = datetime!(2026-01-01 00:00 UTC);
    let mut state = GameState::NotCreated;
    let mut log = Vec::new();
    let mut run = |state: &mut GameState, log: &mut Vec<GameEvent>, actor, command| {
        now += time::Duration::seconds(37);
        let ctx = Context {
            now,
            actor,
            notation: None,
            dice: None,
            entropy: None,
            tables: tables.clone(),
        };
        match decide(state, command, &ctx) {
            Ok(events) => {
                for e in &events {
                    *state = evolve(std::mem::take(state), e);
                }
                log.extend(events);
            }
            Err(domain::Rejection::ConditionalMovesUnavailable) => {
                panic!("the lines set were not the ones the log holds")
            }
            Err(_) => {}
        }
    };
    let create = CreateGame {
        game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000e5").unwrap(),
        white: Participant {
            id: white(),
            name: "W".into(),
        },
        black: Participant {
            id: black(),
            name: "B".into(),
        },
        organiser: None,
        game: None,
        rules: Some(rules),
        start_position: None,
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
        match_length: None,
        rated: false,
        visibility: Default::default(),
        tablebase,
    };
    run(
        &mut state,
        &mut log,
        Actor::Admin,
        Command::CreateGame(Box::new(create)),
    );
    // The lines each side set, as the service would open them for a move.
    let mut opened: Vec<OpenedLines> = Vec::new();
    for &(choice, action) in steps {
        let Some(game) = state.game() else { break };
        if !game.is_active() {
            break;
        }
        let to_move = game.turn();
        let actor_of = |side| match side {
            domain::game::Side::White => Actor::Player(white()),
            domain::game::Side::Black => Actor::Player(black()),
        };
        let moves = legal_moves(game.position());
        let pick = moves[choice as usize % moves.len()];
        let uci = write_move(game.position(), pick, MoveStyle::Uci);
        let input = MoveInput {
            text: MoveText::parse(&uci).unwrap(),
            notation: Some(Notation::Uci),
        };
        let (actor, command) = match action % 32 {
            0 => (
                actor_of(to_move),
                Command::MakeMove {
                    mv: input,
                    offer_draw: true,
                    conditional: opened.clone(),
                },
            ),
            1 => (actor_of(to_move.opponent()), Command::OfferDraw),
            2 => (actor_of(to_move), Command::OfferDraw),
            3 => (actor_of(to_move), Command::DeclineDraw),
            4 => (actor_of(to_move.opponent()), Command::AcceptDraw),
            5 => (
                actor_of(to_move),
                Command::ClaimDraw {
                    kind: ClaimKind::ThreefoldRepetition,
                    intended_move: Some(input),
                },
            ),
            6 => (
                actor_of(to_move),
                Command::ClaimDraw {
                    kind: ClaimKind::ThreefoldRepetition,
                    intended_move: None,
                },
            ),
            7 => (
                actor_of(to_move),
                Command::ClaimDraw {
                    kind: ClaimKind::FiftyMoves,
                    intended_move: Some(input),
                },
            ),
            8 if choice % 50 == 0 => (actor_of(to_move.opponent()), Command::Resign),
            // Either side sets a random line of random legal moves, or withdraws its lines.
            9 | 10 => {
                let owner = if action % 32 == 9 {
                    to_move.opponent()
                } else {
                    to_move
                };
                let plies = 1 + usize::from(owner != to_move) + 2 * (choice as usize % 3);
                let mut pos = game.position().clone();
                let mut line = Vec::new();
                for k in 0..plies {
                    let legal = legal_moves(&pos);
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[(choice as usize / 3 + k * 7) % legal.len()];
                    line.push(MoveText::parse(&write_move(&pos, m, MoveStyle::Uci)).unwrap());
                    pos.play_unchecked(m);
                }
                let lines = vec![line];
                if let Ok(read) = ConditionalLines::parse::<domain::chess::Chess>(
                    game.position(),
                    owner,
                    &lines,
                    Some(Notation::Uci),
                    None,
                ) {
                    opened.retain(|o| o.side != owner);
                    opened.push(OpenedLines {
                        side: owner,
                        lines: read,
                        nonce: NONCE.into(),
                    });
                }
                (
                    actor_of(owner),
                    Command::SetConditionalMoves {
                        lines,
                        notation: Some(Notation::Uci),
                        nonce: NONCE.into(),
                    },
                )
            }
            // A claim by the tables, on the position or on an intended move, right or wrong.
            12 | 13 => (
                actor_of(to_move),
                Command::ClaimTablebase {
                    claim: if action % 32 == 12 {
                        TablebaseClaim::Win
                    } else {
                        TablebaseClaim::Draw
                    },
                    intended_move: (choice % 2 == 0).then_some(input),
                },
            ),
            11 => (
                actor_of(if choice % 2 == 0 {
                    to_move
                } else {
                    to_move.opponent()
                }),
                Command::WithdrawConditionalMoves,
            ),
            _ => (
                actor_of(to_move),
                Command::MakeMove {
                    mv: input,
                    offer_draw: false,
                    conditional: opened.clone(),
                },
            ),
        };
        run(&mut state, &mut log, actor, command);
    }
    (log, state)
}

fn steps() -> impl Strategy<Value = Vec<(u16, u8)>> {
    proptest::collection::vec(any::<(u16, u8)>(), 0..220)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_log_decide_produces_folds_to_the_same_state(steps in steps(), old in any::<bool>(), rule in 0..3usize) {
        let rules = if old { RuleSet::FIDE_2005 } else { RuleSet::FIDE_2023 };
        let (log, live) = random_game(&steps, rules, TablebaseRule::ALL[rule]);
        let replayed = GameState::replay(&log).expect("a log decide produced folds");
        let again = GameState::replay(&log).expect("and folds again");
        prop_assert_eq!(&replayed, &live);
        prop_assert_eq!(&replayed, &again);
        let (a, b) = (replayed.game().unwrap(), live.game().unwrap());
        prop_assert_eq!(a.position_text(), b.position_text());
        prop_assert_eq!(a.version as usize, log.len());
        // The SAN the log recorded is the SAN of the moves.
        prop_assert_eq!(a.written_moves(), a.written_moves_from_positions());
        // Every event survives its stored form.
        for e in &log {
            let body = EventBody::decode(e.body.type_name(), e.body.version(), e.body.data()).unwrap();
            prop_assert_eq!(&body, &e.body);
            let json = serde_json::to_string(e).unwrap();
            prop_assert_eq!(&serde_json::from_str::<GameEvent>(&json).unwrap(), e);
        }
        // A finished game ends with game_ended; the PGN carries its result.
        let pgn = export_pgn::<domain::chess::Chess>(&log).unwrap();
        match a.status {
            Status::Finished { result, .. } => {
                let is_game_ended = matches!(log.last().unwrap().body, EventBody::GameEnded { .. });
                prop_assert!(is_game_ended);
                let tag = format!("[Result \"{result}\"]");
                prop_assert!(pgn.contains(&tag));
            }
            Status::Active | Status::Adjourned => prop_assert!(pgn.contains("[Result \"*\"]")),
        }
        // Every ply's FEN is a position the crate reads back.
        for ply in [0, a.ply() / 2, a.ply()] {
            let fen = a.position_text_at(ply).unwrap();
            prop_assert!(domain::chess::position_from_stored_fen(&fen).is_some());
        }
    }

    #[test]
    fn every_move_written_reads_back_in_every_notation(path in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = Chess::default();
        for choice in path {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            check_all_styles(&pos)?;
            pos.play_unchecked(moves[choice as usize % moves.len()]);
        }
    }

    #[test]
    fn garbage_move_text_never_panics(text in any::<String>(), sanlike in "[a-hA-Z0-9=+#x:()/. ŞşVKFA♘-]{0,14}") {
        let positions = [
            Chess::default(),
            StartFen::parse("r3k2r/4P3/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap().position().clone(),
        ];
        for t in [&text, &sanlike] {
            if let Ok(mt) = MoveText::parse(t) {
                for pos in &positions {
                    for n in Notation::ALL.map(Some).into_iter().chain([None]) {
                        let _ = read_move(pos, &mt, n, Some(Notation::SanTr));
                    }
                }
            }
        }
    }

    #[test]
    fn garbage_fen_and_events_never_panic(text in any::<String>(), fenlike in "[rnbqkpRNBQKP1-8/ wKQkq-]{0,80}") {
        let _ = StartFen::parse(&text);
        let _ = StartFen::parse(&fenlike);
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
            for t in EventBody::TYPES {
                let _ = EventBody::decode(t, 1, value.clone());
            }
        }
        let _ = serde_json::from_str::<GameEvent>(&text);
    }
}

/// The random games above meet the tables: under `automatic` a move ends a game in a held
/// position, and under `claim` the claims made at random are judged by them.
#[test]
fn the_random_games_reach_the_tables_under_either_rule() {
    let adjudicated = |log: &[GameEvent]| {
        log.iter()
            .filter(|e| matches!(e.body, EventBody::TablebaseAdjudicated { .. }))
            .count()
    };
    let moves: Vec<(u16, u8)> = (0..220u16).map(|i| (i.wrapping_mul(7), 31)).collect();
    let (log, _) = random_game(&moves, RuleSet::FIDE_2023, TablebaseRule::Automatic);
    assert_eq!(adjudicated(&log), 1, "{log:?}");
    let (log, _) = random_game(&moves, RuleSet::FIDE_2023, TablebaseRule::Off);
    assert_eq!(adjudicated(&log), 0);
    // Under `claim`, a claim of a win and a claim of a draw after each move.
    let claims: Vec<(u16, u8)> = (0..220u16)
        .flat_map(|i| [(i.wrapping_mul(7), 31), (1, 12), (1, 13)])
        .collect();
    let (log, state) = random_game(&claims, RuleSet::FIDE_2023, TablebaseRule::Claim);
    assert_eq!(adjudicated(&log), 1, "{log:?}");
    let game = state.game().unwrap();
    assert!(game.tablebase_claimed_by.is_some(), "a claim ended it");
}

fn check_all_styles(pos: &Chess) -> Result<(), TestCaseError> {
    for m in legal_moves(pos) {
        let mut cases: Vec<(MoveStyle, Notation)> = vec![
            (MoveStyle::Pgn, Notation::San),
            (MoveStyle::Long, Notation::San),
            (MoveStyle::Figurine, Notation::San),
            (MoveStyle::Uci, Notation::Uci),
            (MoveStyle::Iccf, Notation::Iccf),
        ];
        for set in LetterSet::ALL {
            cases.push((MoveStyle::Fide(set), Notation::for_letters(set)));
        }
        for (style, notation) in cases {
            let text = write_move(pos, m, style);
            let mt = MoveText::parse(&text).unwrap();
            let back = read_move(pos, &mt, Some(notation), None);
            prop_assert_eq!(
                back,
                Ok(m),
                "{} written {:?} read as {}",
                text,
                style,
                notation
            );
        }
        // PGN SAN also reads back with no notation named.
        let san = write_move(pos, m, MoveStyle::Pgn);
        prop_assert_eq!(
            read_move(pos, &MoveText::parse(&san).unwrap(), None, None),
            Ok(m)
        );
    }
    Ok(())
}
