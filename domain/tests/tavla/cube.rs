//! The doubling cube and resignations at a level.

use super::*;

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
