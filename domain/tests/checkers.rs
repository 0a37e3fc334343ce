//! Checkers through the game core, judged against a reference implementation zarf did not
//! write: 210 random games from pydraughts (`data/checkers_pydraughts.txt`), with the full list
//! of legal moves at every ply, and every ending — no move left, threefold repetition, the
//! forty-move rule — judged the same.

use domain::checkers::ballot::{BARRED, THREE_MOVE_DECK};
use domain::checkers::{notation, Board, Checkers};
use domain::game::{
    decide, evolve, export_pgn, Actor, BallotChoice, ClaimKind, Command, Context, CreateGame,
    EventBody, FieldProblem, GameEvent, GameResult, GameState, MoveInput, MoveText, Participant,
    Rejection, Rules, Side, Status, Termination,
};
use domain::{GameId, PlayerId};
use time::macros::datetime;
use time::{Duration, OffsetDateTime};

const WHITE: &str = "0190a5b2-7c3e-7f00-8000-0000000000a1";
const BLACK: &str = "0190a5b2-7c3e-7f00-8000-0000000000b2";

fn id(text: &str) -> PlayerId {
    PlayerId::parse(text).unwrap()
}

/// A checkers game through `decide` and `evolve`.
struct Table {
    state: GameState<Checkers>,
    log: Vec<GameEvent>,
    now: OffsetDateTime,
}

impl Table {
    fn new(start: Option<&str>) -> Result<Table, Rejection> {
        Table::create(start, None)
    }

    fn create(start: Option<&str>, ballot: Option<BallotChoice>) -> Result<Table, Rejection> {
        let mut t = Table {
            state: GameState::NotCreated,
            log: Vec::new(),
            now: datetime!(2026-03-01 10:00 UTC),
        };
        let create = CreateGame {
            game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000c3").unwrap(),
            game: Some("checkers".into()),
            white: Participant {
                id: id(WHITE),
                name: "Ayşe".into(),
            },
            black: Participant {
                id: id(BLACK),
                name: "Mehmet".into(),
            },
            organiser: None,
            rules: None,
            start_position: start.map(str::to_owned),
            time_control: None,
            event: None,
            round: None,
            site: None,
            leave_days_per_year: None,
            sealed_move_check: Default::default(),
            tournament: None,
            starts_at: None,
            ballot,
            no_progress_moves: None,
            match_length: None,
            rated: false,
            visibility: Default::default(),
            tablebase: Default::default(),
        };
        t.run(Actor::Admin, Command::CreateGame(Box::new(create)))?;
        Ok(t)
    }

    fn run(
        &mut self,
        actor: Actor,
        command: Command<Checkers>,
    ) -> Result<Vec<EventBody>, Rejection> {
        self.now += Duration::minutes(5);
        let ctx = Context {
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

    fn mover(&self) -> Actor {
        let g = self.state.game().unwrap();
        Actor::Player(g.participant(g.turn()).id)
    }

    fn play(&mut self, text: &str) -> Result<Vec<EventBody>, Rejection> {
        let mv = MoveInput {
            text: MoveText::parse(text).unwrap(),
            notation: None,
        };
        self.run(
            self.mover(),
            Command::MakeMove {
                mv,
                offer_draw: false,
                conditional: Vec::new(),
            },
        )
    }

    fn claim(&mut self, kind: ClaimKind) -> Result<Vec<EventBody>, Rejection> {
        self.run(
            self.mover(),
            Command::ClaimDraw {
                kind,
                intended_move: None,
            },
        )
    }
}

fn upheld(events: &[EventBody]) -> bool {
    matches!(events[0], EventBody::DrawClaimed { upheld: true, .. })
}

#[test]
fn random_games_agree_with_pydraughts_at_every_ply() {
    let data = include_str!("data/checkers_pydraughts.txt");
    let mut games = 0;
    let mut endings = [0usize; 3];
    let mut table: Option<Table> = None;
    for (n, line) in data.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if let Some(header) = line.strip_prefix("# game ") {
            games += 1;
            // `# game 7: …` from the start, `# game from FEN: …` from a set-up position.
            let start = header
                .strip_prefix("from ")
                .and_then(|rest| rest.rsplit_once(": "))
                .map(|(fen, _)| fen);
            table = Some(Table::new(start).unwrap());
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let t = table.as_mut().expect("a game began");
        let fields: Vec<&str> = line.split('|').collect();
        let [fen, listed, threefold, forty, then] = fields[..] else {
            panic!("line {n}: five fields");
        };
        let game = t.state.game().unwrap();
        // The same position.
        assert_eq!(
            *game.position(),
            {
                let mut b = notation::read_position(fen).unwrap();
                b.quiet_plies = game.position().quiet_plies;
                b.move_number = game.position().move_number;
                b
            },
            "line {n}"
        );
        // The same legal moves, every route its own.
        let mut ours: Vec<String> = Checkers::legal_moves(game.position())
            .into_iter()
            .map(|m| Checkers::record(game.position(), m).written)
            .collect();
        ours.sort();
        let theirs: Vec<&str> = listed.split(',').filter(|m| !m.is_empty()).collect();
        assert_eq!(ours, theirs, "line {n}");
        // The same claims.
        assert_eq!(game.occurrences_now() >= 3, threefold == "1", "line {n}");
        assert_eq!(
            Checkers::halfmove_clock(game.position()) >= 80,
            forty == "1",
            "line {n}"
        );
        match then {
            "nomoves" => {
                endings[0] += 1;
                let winner = game.turn().opponent();
                assert_eq!(
                    game.status,
                    Status::Finished {
                        result: GameResult::win_for(winner),
                        termination: Termination::NoMoves
                    },
                    "line {n}"
                );
            }
            "threefold" => {
                endings[1] += 1;
                let claim = t.claim(ClaimKind::ThreefoldRepetition).unwrap();
                assert!(upheld(&claim), "line {n}");
            }
            "forty" => {
                endings[2] += 1;
                assert!(upheld(&t.claim(ClaimKind::FortyMoves).unwrap()), "line {n}");
            }
            played => {
                assert!(game.is_active(), "line {n}");
                // A claim that does not hold stands as a draw offer: judged on a copy.
                for (kind, holds) in [
                    (ClaimKind::ThreefoldRepetition, threefold == "1"),
                    (ClaimKind::FortyMoves, forty == "1"),
                ] {
                    let mut copy = Table {
                        state: t.state.clone(),
                        log: Vec::new(),
                        now: t.now,
                    };
                    assert_eq!(upheld(&copy.claim(kind).unwrap()), holds, "line {n}");
                }
                t.play(played)
                    .unwrap_or_else(|r| panic!("line {n}: {played}: {r}"));
            }
        }
    }
    assert!(games >= 100, "{games} games");
    assert!(
        endings.iter().all(|&e| e > 0),
        "every ending met: {endings:?}"
    );
    // And the last game's log folds again to the same state.
    let t = table.unwrap();
    assert_eq!(GameState::<Checkers>::replay(&t.log).unwrap(), t.state);
}

#[test]
fn a_claim_checkers_does_not_have_is_refused() {
    let mut t = Table::new(None).unwrap();
    assert_eq!(
        t.claim(ClaimKind::FiftyMoves),
        Err(Rejection::ClaimNotInGame)
    );
}

#[test]
fn black_moves_first_and_a_man_must_take() {
    let mut t = Table::new(None).unwrap();
    assert_eq!(t.state.game().unwrap().turn(), Side::Black);
    assert_eq!(
        t.play("22-18"),
        Err(Rejection::IllegalMove {
            text: "22-18".into()
        })
    );
    t.play("11-15").unwrap();
    t.play("23-19").unwrap();
    t.play("8-11").unwrap();
    t.play("22-17").unwrap();
    t.play("9-13").unwrap();
    t.play("17-14").unwrap();
    // 10x17 or 10x19? Black must capture: a quiet move is refused.
    assert!(matches!(t.play("4-8"), Err(Rejection::IllegalMove { .. })));
    t.play("10x17").unwrap();
    let record = t.state.game().unwrap().pgn(&t.log);
    assert!(record.contains("[GameType \"21\"]"), "{record}");
    assert!(
        record
            .contains("1. 11-15 {2026-03-01 10:15 UTC} 1... 23-19 {2026-03-01 10:20 UTC} 2. 8-11"),
        "{record}"
    );
}

/// A walk of `plies` quiet king moves from `board` through positions not seen before, none of
/// which offers a capture (searched depth first).
fn fresh_walk(
    board: &domain::checkers::Board,
    seen: &mut std::collections::HashSet<u128>,
    plies: usize,
    walk: &mut Vec<String>,
) -> bool {
    if walk.len() == plies {
        return true;
    }
    for m in Checkers::legal_moves(board) {
        let mut after = *board;
        after.play(&m);
        let key = Checkers::repetition_key(&after);
        if m.is_capture() || seen.contains(&key) || after.moves().iter().any(|r| r.is_capture()) {
            continue;
        }
        seen.insert(key);
        walk.push(Checkers::record(board, m).written);
        if fresh_walk(&after, seen, plies, walk) {
            return true;
        }
        walk.pop();
    }
    false
}

#[test]
fn the_game_ends_by_itself_after_sixty_moves_each_without_progress() {
    // Three kings a side, moving only to positions not seen before and offering no capture: no
    // position comes back and no piece is taken, so only the no-progress count can end the game,
    // at the 120th half-move.
    let mut t = Table::new(Some("B:WK29,K30,K31:BK2,K3,K4")).unwrap();
    let start = *t.state.game().unwrap().position();
    let mut seen = std::collections::HashSet::from([Checkers::repetition_key(&start)]);
    let mut walk = Vec::new();
    assert!(fresh_walk(&start, &mut seen, 120, &mut walk));
    for (i, m) in walk.iter().enumerate() {
        let events = t.play(m).unwrap();
        if i < 119 {
            assert_eq!(events.len(), 1, "half-move {}", i + 1);
        } else {
            assert_eq!(
                events[1],
                EventBody::GameEnded {
                    result: GameResult::Draw,
                    termination: Termination::SixtyMoves
                }
            );
        }
    }
    // A claim of the forty-move rule was good from the 80th half-move on.
    let mut early = Table::new(Some("B:WK29,K30,K31:BK2,K3,K4")).unwrap();
    for m in &walk[..79] {
        early.play(m).unwrap();
    }
    let mut copy = Table {
        state: early.state.clone(),
        log: Vec::new(),
        now: early.now,
    };
    assert!(!upheld(&copy.claim(ClaimKind::FortyMoves).unwrap()));
    early.play(&walk[79]).unwrap();
    assert!(upheld(&early.claim(ClaimKind::FortyMoves).unwrap()));
}

/// The squares' numbers of a three-move opening, as its order sorts them.
fn opening_key(line: &str) -> Vec<u8> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(|n| n.parse().unwrap())
        .collect()
}

/// Plays a line of moves from the start.
fn after(line: &str) -> Board {
    let mut board = Board::start();
    for text in line.split_whitespace() {
        let m = notation::read(&board, text).unwrap_or_else(|e| panic!("{line}: {text}: {e:?}"));
        board.play(&m);
    }
    board
}

#[test]
fn the_three_move_deck_is_the_acfs_156_with_18_barred_in_order() {
    assert_eq!(THREE_MOVE_DECK.len(), 156);
    assert_eq!(BARRED.len(), 18);
    let mut all: Vec<&str> = THREE_MOVE_DECK
        .iter()
        .chain(BARRED.iter())
        .copied()
        .collect();
    let deck_sorted = {
        let mut d = THREE_MOVE_DECK.to_vec();
        d.sort_by_key(|l| opening_key(l));
        d
    };
    assert_eq!(
        deck_sorted, THREE_MOVE_DECK,
        "the deck is in its customary order"
    );
    all.sort_by_key(|l| opening_key(l));
    all.dedup();
    assert_eq!(
        all.len(),
        174,
        "no opening both in the deck and barred, none twice"
    );

    // Every opening is legal from the start and reaches the position pydraughts gives for it.
    let reference = include_str!("data/checkers_3move_pydraughts.txt");
    let lines: Vec<(&str, &str)> = reference
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('\t').unwrap())
        .collect();
    assert_eq!(lines.len(), 174);
    for (i, line) in all.iter().enumerate() {
        let (moves, fen) = lines[i];
        assert_eq!(
            opening_key(moves),
            opening_key(line),
            "the same openings, in order"
        );
        let theirs = notation::read_position(fen).unwrap();
        let ours = after(line);
        let pieces = |b: &Board| (b.black, b.white, b.kings, b.turn);
        assert_eq!(pieces(&ours), pieces(&theirs), "{line}");
        assert_eq!(Checkers::turn(&theirs), Side::White);
    }
}

#[test]
fn a_game_drawn_from_the_ballot_starts_after_its_three_moves() {
    // Opening 3: 9-13 22-17 13x22, White to recapture.
    let choice = BallotChoice {
        number: 3,
        by_lot: true,
    };
    let mut t = Table::create(None, Some(choice)).unwrap();
    let game = t.state.game().unwrap();
    assert_eq!(game.ply(), 3);
    assert_eq!(game.ballot_plies(), 3);
    assert_eq!(game.turn(), Side::White);
    assert_eq!(game.ballot.as_ref().unwrap().number, 3);
    assert!(game.ballot.as_ref().unwrap().by_lot);
    assert_eq!(*game.position(), after("9-13 22-17 13x22"));
    // A man must take: a quiet move is refused, the recapture is played.
    assert!(matches!(
        t.play("24-20"),
        Err(Rejection::IllegalMove { .. })
    ));
    t.play("26x17").unwrap();
    let pdn = export_pgn::<Checkers>(&t.log).unwrap();
    assert!(
        pdn.contains("1. 9-13 22-17 2. 13x22 26x17 {"),
        "the ballot's moves open the record, untimed: {pdn}"
    );
}

#[test]
fn a_ballot_is_refused_out_of_the_deck_with_a_set_up_or_in_a_game_without_one() {
    let problem = |start: Option<&str>, number| match Table::create(
        start,
        Some(BallotChoice {
            number,
            by_lot: false,
        }),
    ) {
        Err(Rejection::InvalidField {
            field: "ballot",
            problem,
        }) => problem,
        other => panic!("not refused: {:?}", other.map(|t| t.log)),
    };
    let out = FieldProblem::Between { min: 1, max: 156 };
    assert_eq!(problem(None, 0), out);
    assert_eq!(problem(None, 157), out);
    assert_eq!(
        problem(Some("W:W21,K30:B1,2"), 1),
        FieldProblem::NotWithSetUp
    );
    assert!(Table::create(
        None,
        Some(BallotChoice {
            number: 156,
            by_lot: false
        })
    )
    .is_ok());
}
