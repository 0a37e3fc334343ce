//! The precheck a server runs before judging a move on a thread that serves requests
//! ([`judging_may_search`]) against what judging the move does: never "no search" where the
//! judgement searches.

use shakmaty::Position;
use time::macros::datetime;

use super::{full_search_applies, legal_moves, write_move, MoveStyle, Notation, SEARCHES};
use crate::game::{
    decide, evolve, judge, judging_may_search, Actor, CreateGame, MoveText, Participant, RuleSet,
    Side, Verdict,
};
use crate::ids::{GameId, PlayerId};

type Context = crate::game::Context<super::Chess>;
type GameState = crate::game::GameState<super::Chess>;
type Game = crate::game::Game<super::Chess>;
type Command = crate::game::Command<super::Chess>;
type MoveInput = crate::game::MoveInput<super::Chess>;

fn player(n: u8) -> PlayerId {
    PlayerId::parse(&format!("0190a5b2-7c3e-7f00-8000-0000000000{n:02x}")).unwrap()
}

fn ctx(actor: Actor) -> Context {
    Context {
        now: datetime!(2026-01-01 00:00 UTC),
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    }
}

/// The whole dead-position test a server runs off the request path where the last move's
/// judgement left it open, on the state itself (its memo keeps the answer).
fn settled(state: GameState) -> GameState {
    if let Some(game) = state.game().filter(|g| g.is_live() && g.verdict_pending()) {
        assert_ne!(game.verdict(), Verdict::Dead, "{}", game.position_text());
    }
    state
}

/// A game from `fen` (the standard start without one), or `None` if it cannot start one.
fn game_from(fen: Option<&str>) -> Option<GameState> {
    let create = CreateGame {
        game_id: GameId::parse("0190a5b2-7c3e-7f00-8000-0000000000e5").unwrap(),
        white: Participant {
            id: player(1),
            name: "W".into(),
        },
        black: Participant {
            id: player(2),
            name: "B".into(),
        },
        organiser: None,
        game: None,
        rules: Some(RuleSet::default()),
        start_position: fen.map(str::to_owned),
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
        tablebase: Default::default(),
    };
    let events = decide(
        &GameState::NotCreated,
        Command::CreateGame(Box::new(create)),
        &ctx(Actor::Admin),
    )
    .ok()?;
    Some(settled(events.iter().fold(GameState::NotCreated, evolve)))
}

/// The player to move.
fn mover(game: &Game) -> Actor {
    Actor::Player(if game.turn() == Side::White {
        player(1)
    } else {
        player(2)
    })
}

/// `m` as a move command, in UCI.
fn uci_move(pos: &shakmaty::Chess, m: shakmaty::Move) -> Command {
    Command::MakeMove {
        mv: MoveInput {
            text: MoveText::parse(&write_move(pos, m, MoveStyle::Uci)).unwrap(),
            notation: Some(Notation::Uci),
        },
        offer_draw: false,
        conditional: Vec::new(),
    }
}

/// What checking a position's every legal move found: moves, how many of them the precheck
/// called free of the full search, how many of those judged searched.
#[derive(Default, Debug)]
struct Seen {
    moves: u64,
    on_the_worker: u64,
    /// Of those, moves into a position the full search applies to: cleared by the game's
    /// remembered mating line.
    by_the_line: u64,
    searched: u64,
}

/// Judges every legal move in `state` that the precheck calls free of the full search (all of
/// them with `judge_all`) and checks that none of those searched.
fn check_every_move(state: &GameState, judge_all: bool, seen: &mut Seen) {
    let game = state.game().unwrap();
    let actor = mover(game);
    for m in legal_moves(game.position()) {
        let command = uci_move(game.position(), m);
        // As a server does: the check and the judgement on its own copy of the state.
        let mut own = state.clone();
        let may = judging_may_search(&mut own, &command, &ctx(actor));
        seen.moves += 1;
        seen.on_the_worker += u64::from(!may);
        let mut after = game.position().clone();
        after.play_unchecked(m);
        seen.by_the_line += u64::from(!may && full_search_applies(&after));
        if may && !judge_all {
            continue;
        }
        let before = SEARCHES.with(|n| n.get());
        // As a server judges: what comes first in the game, then the move.
        let judged = judge(&own, command, &ctx(actor)).expect("a legal move is played");
        assert!(judged.then_refuse.is_none());
        let searched = SEARCHES.with(|n| n.get()) > before;
        assert!(
            may || !searched,
            "{m:?} in {} searched, but the precheck said it would not",
            super::fen_of(game.position())
        );
        seen.searched += u64::from(searched);
    }
}

/// Random games, every legal move in every position along them: a move the precheck lets a
/// server judge on its request thread never runs the full search. Sparse endgames come up
/// often enough to search, and most moves are judged on the worker.
#[test]
fn no_move_judged_as_needing_no_search_searches_in_random_games() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut seen = Seen::default();
    for _ in 0..12 {
        let mut state = game_from(None).unwrap();
        for _ in 0..400 {
            let Some(game) = state.game().filter(|g| g.is_active()) else {
                break;
            };
            check_every_move(&state, true, &mut seen);
            let moves = legal_moves(game.position());
            let m = moves[(next() % moves.len() as u64) as usize];
            let events = decide(&state, uci_move(game.position(), m), &ctx(mover(game)))
                .expect("a legal move is played");
            state = settled(events.iter().fold(state, evolve));
        }
    }
    assert!(seen.searched > 100, "{seen:?}");
    assert!(seen.on_the_worker > seen.moves / 2, "{seen:?}");
    assert!(seen.by_the_line > 100, "{seen:?}");
}

/// chasolver's corpus of hard positions, many where one side cannot mate however much
/// material is left (the fast check proves it, and the other side's search decides): no move
/// the precheck lets through searches there either. (Only those are judged: the corpus's
/// searches take a minute in all.)
#[test]
fn no_move_judged_as_needing_no_search_searches_in_chasolver_positions() {
    let corpus = include_str!("../../tests/data/chasolver_positions.txt");
    let mut seen = Seen::default();
    for line in corpus.lines().filter(|l| !l.starts_with('#')) {
        let fen = line.split_once(' ').unwrap().1;
        if let Some(state) = game_from(Some(&format!("{fen} 0 1"))) {
            if state.game().is_some_and(|g| g.is_active()) {
                check_every_move(&state, false, &mut seen);
            }
        }
    }
    // Both answers come up: most moves carry the line the whole test found at the start.
    assert!(seen.on_the_worker > 500, "{seen:?}");
    assert!(seen.moves - seen.on_the_worker > 100, "{seen:?}");
}
