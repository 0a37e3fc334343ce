//! Who acts, in the domain's terms, for an account that asks: one place every door (the JSON
//! API, the pages) asks, so none decides it its own way.

use domain::game::Actor;
use domain::games::Command;
use domain::ids::PlayerId;

use crate::store::{PlayerRow, Role, StoreError};

/// An account that acts: the admin (by the admin token) or a player.
#[derive(Debug, Clone, Copy)]
pub enum Account<'a> {
    Admin,
    Player(&'a PlayerRow),
}

impl Account<'_> {
    /// The admin token, or a player given the admin role.
    pub fn is_admin(self) -> bool {
        match self {
            Account::Admin => true,
            Account::Player(p) => p.has_role(Role::Admin),
        }
    }
}

/// A stored player's id.
pub fn player_id(p: &PlayerRow) -> Result<PlayerId, StoreError> {
    PlayerId::parse(&p.id).map_err(|_| StoreError::Corrupt(format!("bad player id {}", p.id)))
}

/// Whether a game command is an arbiter's: a decision, time given, an adjournment, an
/// envelope restored, the clocks set.
pub fn is_arbiters(command: &Command) -> bool {
    matches!(
        command,
        Command::DecideResult { .. }
            | Command::AddTime { .. }
            | Command::Adjourn { .. }
            | Command::RestoreEnvelope { .. }
            | Command::SetClocks { .. }
    )
}

/// The actor of a game command: the admin; for an arbiter's command an organiser as the
/// arbiter (whom the game accepts only if it is theirs); else the player.
pub fn in_game(account: Account<'_>, command: &Command) -> Result<Actor, StoreError> {
    Ok(match account {
        Account::Admin => Actor::Admin,
        Account::Player(p) if is_arbiters(command) && p.has_role(Role::Admin) => Actor::Admin,
        Account::Player(p) if is_arbiters(command) && p.has_role(Role::Organiser) => {
            Actor::Arbiter(player_id(p)?)
        }
        Account::Player(p) => Actor::Player(player_id(p)?),
    })
}

/// The actor of an arbiter's own act on a game (an envelope restored from its paper copy):
/// the admin, else the account as an arbiter, whom the game accepts only if it is theirs.
pub fn as_arbiter(account: Account<'_>) -> Result<Actor, StoreError> {
    Ok(match account {
        Account::Player(p) if !account.is_admin() => Actor::Arbiter(player_id(p)?),
        _ => Actor::Admin,
    })
}

/// The actor of a tournament command, and the player acting: the admin; an organiser as an
/// arbiter (whom the tournament accepts only if they run it); else a player, whom it refuses.
pub fn in_tournament(account: Account<'_>) -> Result<(Actor, Option<PlayerId>), StoreError> {
    Ok(match account {
        Account::Player(p) if !account.is_admin() => {
            let me = player_id(p)?;
            if p.has_role(Role::Organiser) {
                (Actor::Arbiter(me), Some(me))
            } else {
                (Actor::Player(me), Some(me))
            }
        }
        _ => (Actor::Admin, None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::accounts::{NewAccount, PlayerName};

    fn account(roles: Vec<Role>) -> PlayerRow {
        NewAccount {
            name: PlayerName::parse("Ayşe").unwrap(),
            email: None,
            locale: Default::default(),
            notation: None,
            roles,
            created_by: None,
            school: None,
            class_name: None,
        }
        .row()
    }

    #[test]
    fn an_arbiters_command_is_the_organisers_as_arbiter() {
        let decide = Command::DecideResult {
            result: domain::game::GameResult::Draw,
            reason: "agreed".into(),
        };
        let resign = Command::Resign;
        let (player, organiser, admin) = (
            account(vec![]),
            account(vec![Role::Organiser]),
            account(vec![Role::Admin]),
        );
        let id = |p: &PlayerRow| player_id(p).unwrap();
        let of = |p: &PlayerRow, c: &Command| in_game(Account::Player(p), c).unwrap();
        assert_eq!(of(&organiser, &decide), Actor::Arbiter(id(&organiser)));
        assert_eq!(of(&organiser, &resign), Actor::Player(id(&organiser)));
        assert_eq!(of(&player, &decide), Actor::Player(id(&player)));
        assert_eq!(of(&admin, &decide), Actor::Admin);
        assert_eq!(in_game(Account::Admin, &resign).unwrap(), Actor::Admin);
        assert_eq!(
            as_arbiter(Account::Player(&player)).unwrap(),
            Actor::Arbiter(id(&player))
        );
        assert_eq!(as_arbiter(Account::Player(&admin)).unwrap(), Actor::Admin);
        assert_eq!(
            in_tournament(Account::Player(&organiser)).unwrap(),
            (Actor::Arbiter(id(&organiser)), Some(id(&organiser)))
        );
        assert_eq!(
            in_tournament(Account::Player(&admin)).unwrap(),
            (Actor::Admin, None)
        );
    }
}
