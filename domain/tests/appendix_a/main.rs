//! Appendix A of the FIDE Laws (adjourned games), clause by clause, given / when / then.

mod adjourning;
#[path = "../common/mod.rs"]
mod common;
mod opening;
mod resumption;

use common::*;
use domain::game::{
    commitment, envelope_to_open, Actor, EnvelopeKind, EventBody, GameResult, RuleSet,
    SealedMoveCheck, Side, Status, Termination, TimeControl,
};
use time::Duration;

use Side::{Black, White};

type Command = domain::game::Command<domain::chess::Chess>;
type Revealed = domain::game::Revealed<domain::chess::Chess>;

const N1: &str = "00112233445566778899aabbccddeeff";
const N2: &str = "ffeeddccbbaa99887766554433221100";

fn arbiter() -> Actor {
    Actor::Arbiter(player(ARBITER))
}

fn adjourn_cmd(t: &Table, hours: i64) -> Command {
    Command::Adjourn {
        resume_at: t.now + Duration::hours(hours),
        place: Some("Okul salonu".into()),
    }
}

fn seal(text: &str, nonce: &str) -> Command {
    Command::Seal {
        text: text.into(),
        nonce: nonce.into(),
    }
}

fn revealed(kind: EnvelopeKind, text: &str, nonce: &str) -> Option<Revealed> {
    Some(Revealed {
        kind,
        text: text.into(),
        nonce: nonce.into(),
        notation: None,
    })
}

/// Given: after 1. e4 e5 2. Nf3, adjourned by the arbiter with Black to move; Black seals `text`
/// and closes. Resumption 10 hours later.
fn sealed_game(text: &str) -> Table {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.now += Duration::minutes(5);
    t.play("e4 e5 Nf3");
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.now += Duration::minutes(2);
    t.by(Black, seal(text, N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t
}

fn resume_at(t: &Table) -> time::OffsetDateTime {
    t.game().adjournment.as_ref().unwrap().resume_at
}

fn check_in(
    t: &mut Table,
    side: Side,
    content: Option<Revealed>,
) -> Result<Vec<EventBody>, domain::Rejection> {
    t.by(side, Command::CheckIn { revealed: content })
}

fn open_with(text: &str, fen: Option<&str>) -> Vec<EventBody> {
    let mut t = match fen {
        None => sealed_game(text),
        Some(f) => {
            let mut t = Table::with_clock(Some(f), RuleSet::FIDE_2023, one_day());
            t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
            let side = t.game().turn();
            t.by(side, seal(text, N1)).unwrap();
            t.by(side, Command::CloseEnvelope).unwrap();
            t
        }
    };
    t.now = resume_at(&t);
    let sealer = t.game().adjournment.as_ref().unwrap().sealer;
    check_in(
        &mut t,
        sealer.opponent(),
        revealed(EnvelopeKind::Sealed, text, N1),
    )
    .unwrap()
}
