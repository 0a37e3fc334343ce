//! Given/when/then tests for the players' messages: sent with a command of theirs (recorded
//! first, in the same append, and refused with it) or alone, only by a player, only while the
//! game goes on.

mod common;

use common::*;
use domain::game::{Actor, EventBody, GameResult, MessageText, Side, Termination};

use Side::{Black, White};

type Command = domain::game::Command<domain::chess::Chess>;

fn code(r: Result<Vec<EventBody>, domain::Rejection>) -> &'static str {
    r.expect_err("the command is refused").code()
}

fn with(text: &str, command: Command) -> Command {
    Command::Message {
        text: MessageText::parse(text).unwrap(),
        with: Some(Box::new(command)),
    }
}

fn alone(text: &str) -> Command {
    Command::Message {
        text: MessageText::parse(text).unwrap(),
        with: None,
    }
}

fn sent(by: Side, text: &str) -> EventBody {
    EventBody::MessageSent {
        by,
        text: text.into(),
    }
}

#[test]
fn a_message_with_a_move_is_recorded_before_the_move() {
    let mut t = Table::new();
    let events = t.by(White, with("İyi oyunlar!", make("e4"))).unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(events[0], sent(White, "İyi oyunlar!"));
    assert!(matches!(events[1], EventBody::MovePlayed { .. }));
    let m = &t.game().messages;
    assert_eq!(m.len(), 1);
    assert_eq!(
        (m[0].by, m[0].ply, m[0].text.as_str()),
        (White, 0, "İyi oyunlar!")
    );
}

#[test]
fn a_refused_command_takes_its_message_with_it() {
    let mut t = Table::new();
    assert_eq!(code(t.by(White, with("hello", make("e5")))), "illegal_move");
    assert_eq!(
        code(t.by(Black, with("hello", make("e5")))),
        "not_your_turn"
    );
    assert_eq!(
        code(t.by(White, with("hello", Command::AcceptDraw))),
        "no_draw_offer"
    );
    assert!(t.game().messages.is_empty());
    assert_eq!(t.log.len(), 1, "only the creation");
}

#[test]
fn a_message_with_a_resignation_comes_before_the_end() {
    let mut t = Table::new();
    t.play("e4 e5");
    let events = t.by(Black, with("Well played.", Command::Resign)).unwrap();
    assert_eq!(events[0], sent(Black, "Well played."));
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::Resignation))
    );
    assert_eq!(t.game().messages[0].ply, 2);
}

#[test]
fn a_message_alone_in_either_turn_while_the_game_goes_on() {
    let mut t = Table::new();
    t.play("d4");
    assert_eq!(
        t.by(White, alone("I am away until Monday.")).unwrap(),
        vec![sent(White, "I am away until Monday.")]
    );
    assert_eq!(t.game().turn(), Black, "a message is not a move");
    t.by(White, Command::Resign).unwrap();
    assert_eq!(code(t.by(Black, alone("thanks"))), "game_over");
}

#[test]
fn only_a_player_sends_a_message_and_one_at_a_time() {
    let mut t = Table::new();
    assert_eq!(
        code(t.act(Actor::Player(player(STRANGER)), alone("hi"))),
        "not_a_player"
    );
    assert_eq!(code(t.act(Actor::Admin, alone("hi"))), "not_a_player");
    assert_eq!(
        code(t.by(White, with("one", with("two", make("e4"))))),
        "bad_request"
    );
}
