//! Whole matches, the players entropy, GNU Backgammon position and match ids and its files.

use super::*;

/// A match played to its end by the action `pick` chooses each time, checked throughout.
fn play_out(mut t: Table, pick: impl Fn(usize, usize) -> usize) -> Table {
    for step in 0..20_000 {
        if !t.game().is_live() {
            return t;
        }
        if <Tavla as Rules>::awaits_throw(t.table()) == Throwing::Opening {
            t.throw().unwrap();
            continue;
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
        let t = play_out(Table::new(rules, None, Some(3), n), lcg(u64::from(n)));
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
            if let EventBody::DiceThrown {
                number,
                dice,
                entropy,
                by,
                drawn,
                ..
            } = &e.body
            {
                assert_eq!(*number, count);
                assert_eq!(*dice, recomputed(&seed(n), &e.body));
                // The entropy is the one the request that caused the throw carried.
                let sent = sent_by(match by {
                    Some(side) => t.side(*side),
                    None => Actor::System,
                });
                assert_eq!(
                    (entropy.as_deref(), *drawn),
                    (Some(sent.text()), sent.is_drawn())
                );
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
fn the_entropy_a_request_carries_decides_the_throws_it_causes() {
    // The same secret, the same plays: only black's texts differ (tavla: black's play throws
    // white's dice).
    let mut a = Table::new("tavla", None, Some(1), 6);
    let mut b = Table::new("tavla", None, Some(1), 6);
    let mut differ = false;
    for _ in 0..20 {
        for (t, text) in [(&mut a, "siyah"), (&mut b, "başka bir metin")] {
            if !t.game().is_live() {
                continue;
            }
            if <Tavla as Rules>::awaits_throw(t.table()) != Throwing::No {
                t.throw().unwrap();
                continue;
            }
            let x = t.table().actions()[0];
            let play = MoveText::parse(&t.table().action_text(&x)).unwrap();
            let side = t.game().turn();
            let actor = t.side(side);
            t.now += Duration::minutes(5);
            let ctx = Context {
                now: t.now,
                actor,
                notation: None,
                dice: t.seed.clone(),
                entropy: Some(
                    SentEntropy::parse(if side == Side::Black { text } else { "beyaz" }).unwrap(),
                ),
                tables: None,
            };
            let command = Command::MakeMove {
                mv: MoveInput {
                    text: play,
                    notation: None,
                },
                offer_draw: false,
                conditional: Vec::new(),
            };
            for e in decide(&t.state, command, &ctx).unwrap() {
                t.state = evolve(t.state.clone(), &e);
                t.log.push(e);
            }
        }
        differ |= a.table().phase != b.table().phase;
    }
    assert!(differ);
    // A text given on its own is the first scheme's: refused under this one.
    let side = a.game().turn();
    let actor = a.side(side);
    if a.game().is_live() {
        assert_eq!(
            a.run(actor, Command::AddEntropy { text: "x".into() }),
            Err(Rejection::NotInThisGame {
                feature: "entropy_added"
            })
        );
    }
}

#[test]
fn a_match_begun_under_the_first_scheme_keeps_it_to_the_end() {
    let lcg = |step: usize, n: usize| {
        let x = (step as u64 + 5)
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % n as u64) as usize
    };
    let mut t = Table::new_v1("backgammon", Some(3), 6);
    let side = t.game().turn();
    let actor = t.side(side);
    // Its players may still give a text of their own for the throws after it.
    t.run(
        actor,
        Command::AddEntropy {
            text: "benim zarım".into(),
        },
    )
    .unwrap();
    assert_eq!(t.game().entropy_of(side), "benim zarım");
    assert!(matches!(
        t.run(actor, Command::AddEntropy { text: " ".into() }),
        Err(Rejection::InvalidField {
            field: "entropy",
            ..
        })
    ));
    let t = play_out(t, lcg);
    assert!(!t.game().is_live());
    // Every throw is of two dice, records no entropy of its own, and follows from the
    // players' entropy in force: the log folds with the seed revealed.
    assert!(matches!(
        t.log.last().unwrap().body,
        EventBody::DiceRevealed { .. }
    ));
    let mut entropy = ["beyaz".to_owned(), "0f3a".to_owned()];
    let mut count = 0;
    for e in &t.log {
        match &e.body {
            EventBody::EntropyAdded { side, entropy: e } => {
                entropy[usize::from(*side == Side::Black)] = e.text.clone();
            }
            EventBody::DiceThrown {
                dice,
                entropy: None,
                by: None,
                ..
            } => {
                let expected = derive_throw_v1(&seed(6), count, &entropy[0], &entropy[1]);
                assert_eq!(*dice, Faces::Two(expected));
                count += 1;
            }
            EventBody::DiceThrown { .. } => panic!("{e:?}"),
            _ => {}
        }
    }
    assert!(count > 10);
    let again = t.log.iter().fold(GameState::NotCreated, evolve);
    assert_eq!(again, t.state);
}

#[test]
fn the_position_text_is_gnu_backgammons_position_and_match_id() {
    let t = Table::new("backgammon", None, Some(7), 7);
    let text = t.game().position_text();
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
    let play = t.table().actions()[0];
    let text = t.table().action_text(&play);
    t.act(&text).unwrap();
    t.run(actor, Command::Resign).unwrap();
    assert!(matches!(
        t.log.last().unwrap().body,
        EventBody::DiceRevealed { .. }
    ));
    // The true log folds.
    let folded = t.log.iter().fold(GameState::<Tavla>::NotCreated, evolve);
    assert!(matches!(folded, GameState::Created(_)));
    // One throw changed: once the seed is revealed, the log no longer folds.
    let mut forged = t.log.clone();
    let last_throw = forged
        .iter()
        .rposition(|e| matches!(e.body, EventBody::DiceThrown { .. }))
        .unwrap();
    if let EventBody::DiceThrown { dice, .. } = &mut forged[last_throw].body {
        let (one_two, two_one) = (Dice::new(1, 2).unwrap(), Dice::new(2, 1).unwrap());
        *dice = Faces::Two(if *dice == Faces::Two(one_two) {
            two_one
        } else {
            one_two
        });
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
    // Played under the first scheme, whose dice the files were made from.
    let t = play_out(Table::new_v1("backgammon", Some(5), 21), lcg);
    let mat = domain::game::export_pgn::<Tavla>(&t.log).unwrap();
    assert_eq!(mat, include_str!("../data/tavla_match.mat"));
    // What GNU Backgammon 1.07 read from that file (`import mat`): each game's winner (0:
    // white, the left column) and points.
    let read: Vec<(usize, u16)> = include_str!("../data/tavla_match_gnubg.txt")
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
            EventBody::DiceThrown {
                dice: Faces::Two(dice),
                passed,
                ..
            } => {
                if passed.is_some() {
                    let d = dice.high_first();
                    turns.push(format!("{game} {} {d}", position_id::write(&pos.board)));
                }
                pos.throw(*dice);
            }
            EventBody::MovePlayed { mv, .. } => {
                let a = pos.read_action(mv.code.as_str()).unwrap()[0];
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
    let mut gnubg: Vec<String> = include_str!("../data/tavla_match_gnubg_turns.txt")
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
