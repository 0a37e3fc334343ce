//! Who may do what: each action a person can take on another account is decided here, by one
//! function per action over who acts (their account and roles), whom they act on, and the
//! relation between the two. The doors ask; none decides alone. docs/decisions.md (D69) has the
//! same rules as a table:
//!
//! | action | the admin | an organiser | a player |
//! |---|---|---|---|
//! | a sign-in code for P ([`issue_login_code`]) | P neither organiser nor admin | P their pupil, neither | never |
//! | a game between W and B ([`create_game`]) | any two | both theirs, or both entrants of their tournament (unrated) | as a side, where the other takes challenges from them and is no pupil of another school |
//! | P entered in a tournament ([`register_entrant`]) | anyone | their pupil, themselves, or P who asked to enter | never |
//! | P invited to a tournament ([`invite_entrant`]), who enters by accepting | anyone | anyone they may see | never |
//! | P's account, profile, school and class seen ([`sees_player`]) | anyone | a pupil: their own; others: anyone signed in | a pupil: themselves and their school; others: anyone signed in |
//!
//! Facts that need the store (does B take challenges from W, are both entrants of a tournament
//! the organiser runs) are gathered by the caller and handed in: every function here is pure.

use crate::store::{PlayerRow, Role};

use super::actors::Account;

/// How the player acted on stands to the account that acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// The same account.
    Oneself,
    /// A pupil the acting organiser made.
    TheirPupil,
    /// The acting organiser's own organiser made both (school-mates), or made the actor.
    SameSchool,
    /// Nothing of the above.
    Stranger,
}

/// How `target` stands to `actor`.
pub fn relation(actor: &PlayerRow, target: &PlayerRow) -> Relation {
    if actor.id == target.id {
        Relation::Oneself
    } else if target.created_by.as_deref() == Some(actor.id.as_str()) {
        Relation::TheirPupil
    } else if target.created_by.is_some() && target.created_by == actor.created_by
        || actor.created_by.as_deref() == Some(target.id.as_str())
    {
        Relation::SameSchool
    } else {
        Relation::Stranger
    }
}

/// Why an action is refused, as the doors answer it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denied {
    /// The account may not know the player exists (answered as not found).
    Hidden,
    /// The account may not do this (answered 403 `forbidden`; the reason's message id in the
    /// translations).
    Forbidden(&'static str),
}

/// Whether `viewer` (none: a reader not signed in) may see `player`'s account, profile, ratings,
/// school and class. A pupil (a player an organiser made) is seen by themselves, their organiser,
/// the organiser's other players and the admin; any other player by anyone signed in.
pub fn sees_player(viewer: Option<&PlayerRow>, admin: bool, player: &PlayerRow) -> bool {
    if admin {
        return true;
    }
    let Some(viewer) = viewer else {
        return false;
    };
    player.created_by.is_none()
        || match relation(viewer, player) {
            // A teacher whose organiser role was taken back no longer has pupils.
            Relation::TheirPupil => viewer.has_role(Role::Organiser),
            Relation::Stranger => false,
            Relation::Oneself | Relation::SameSchool => true,
        }
}

/// A sign-in code for `target`: never for an organiser's or admin's account (a code signs in as
/// it, and those must never be reachable by one), made by the admin or by the
/// organiser who made the pupil.
pub fn issue_login_code(account: Account<'_>, target: &PlayerRow) -> Result<(), Denied> {
    let by_admin = account.is_admin();
    let Account::Player(me) = account else {
        return code_for(target);
    };
    if !by_admin && !sees_player(Some(me), false, target) {
        return Err(Denied::Hidden);
    }
    if by_admin || relation(me, target) == Relation::TheirPupil && me.has_role(Role::Organiser) {
        return code_for(target);
    }
    Err(Denied::Forbidden("denied-code-own-pupil"))
}

/// May `account` make an account with `roles` beyond `player`: the admin any; an organiser a
/// player (their pupil); nobody else. Only the admin grants the organiser and admin roles.
pub fn make_account(account: Account<'_>, roles: &[Role]) -> Result<(), Denied> {
    if account.is_admin() {
        return Ok(());
    }
    match account {
        Account::Player(p) if p.has_role(Role::Organiser) => {
            if roles.iter().any(|r| *r != Role::Player) {
                return Err(Denied::Forbidden("denied-grant-role"));
            }
            Ok(())
        }
        _ => Err(Denied::Forbidden("denied-make-account")),
    }
}

/// May `account` look through the accounts and grant or take back roles: the admin only.
pub fn manage_roles(account: Account<'_>) -> Result<(), Denied> {
    if account.is_admin() {
        Ok(())
    } else {
        Err(Denied::Forbidden("denied-manage-roles"))
    }
}

/// Whether `account` may choose for `target` how they play (without sight): the admin, or the
/// organiser who made the pupil; each player chooses for themselves in their settings.
pub fn set_pupil_play(account: Account<'_>, target: &PlayerRow) -> Result<(), Denied> {
    if account.is_admin() {
        return Ok(());
    }
    let Account::Player(me) = account else {
        return Err(Denied::Hidden);
    };
    if !sees_player(Some(me), false, target) {
        return Err(Denied::Hidden);
    }
    if relation(me, target) == Relation::TheirPupil && me.has_role(Role::Organiser) {
        return Ok(());
    }
    Err(Denied::Forbidden("denied-settings-own-pupil"))
}

fn code_for(target: &PlayerRow) -> Result<(), Denied> {
    if target.has_role(Role::Organiser) || target.has_role(Role::Admin) {
        return Err(Denied::Forbidden("denied-code-role"));
    }
    Ok(())
}

/// Who makes a game, as [`create_game`] decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameMaker {
    /// The admin (the admin token, or an account with the admin role).
    Admin,
    /// One of its two players.
    Side,
    /// An organiser, who becomes its arbiter.
    Arbiter,
}

/// Why a game may not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MayNotCreate {
    /// A side whose signed-up address is not confirmed yet.
    Unconfirmed,
    /// Neither a side, nor an organiser, nor the admin.
    NotAPlayer,
    /// Refused by the rules above, with the reason.
    Denied(Denied),
}

/// What the store says about a game to be made, gathered by the caller.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameFacts {
    /// The side the account is not takes challenges from it (their challenge preferences).
    pub opponent_takes_challenges: bool,
    /// The opponent may start another game (the most games they chose to play at once).
    pub opponent_has_room: bool,
    /// Both sides are entrants of a tournament the account runs.
    pub entrants_of_their_tournament: bool,
    /// The game is to move both players' ratings.
    pub rated: bool,
}

/// May `account` make a game between `white` and `black`: the admin any; an organiser who is not
/// a side between two of their own pupils or two entrants of a tournament they run; a side only
/// where the other takes challenges from them and is no pupil of another school (a challenge is
/// the way to ask anyone else).
pub fn create_game(
    account: Account<'_>,
    (white, black): (&PlayerRow, &PlayerRow),
    facts: GameFacts,
) -> Result<GameMaker, MayNotCreate> {
    let Account::Player(me) = account else {
        return Ok(GameMaker::Admin);
    };
    let opponent = if me.id == white.id {
        Some(black)
    } else if me.id == black.id {
        Some(white)
    } else {
        None
    };
    if let Some(opponent) = opponent {
        if !me.email_confirmed {
            return Err(MayNotCreate::Unconfirmed);
        }
        if opponent.id == me.id {
            // A game against oneself: the game refuses it in its own words.
            return Ok(GameMaker::Side);
        }
        if account.is_admin() {
            return Ok(GameMaker::Side);
        }
        // Another school's pupil is no one to them.
        if !sees_player(Some(me), false, opponent) {
            return Err(MayNotCreate::Denied(Denied::Hidden));
        }
        if !facts.opponent_takes_challenges {
            return Err(MayNotCreate::Denied(Denied::Forbidden(
                "denied-game-challenge",
            )));
        }
        if !facts.opponent_has_room {
            return Err(MayNotCreate::Denied(Denied::Forbidden(
                "denied-game-no-room",
            )));
        }
        return Ok(GameMaker::Side);
    }
    if account.is_admin() {
        return Ok(GameMaker::Admin);
    }
    if !me.has_role(Role::Organiser) {
        return Err(MayNotCreate::NotAPlayer);
    }
    let theirs = |p: &PlayerRow| relation(me, p) == Relation::TheirPupil;
    if theirs(white) && theirs(black) {
        return Ok(GameMaker::Arbiter);
    }
    if facts.entrants_of_their_tournament {
        // Their tournament's entrants meet again, but a rating is moved only by the games
        // of the tournament or of their own pupils.
        if facts.rated {
            return Err(MayNotCreate::Denied(Denied::Forbidden("denied-game-rated")));
        }
        return Ok(GameMaker::Arbiter);
    }
    if !sees_player(Some(me), false, white) || !sees_player(Some(me), false, black) {
        return Err(MayNotCreate::Denied(Denied::Hidden));
    }
    Err(MayNotCreate::Denied(Denied::Forbidden(
        "denied-game-organiser",
    )))
}

/// May `account` enter `player` in a tournament it runs (whether it runs it, the tournament
/// decides): the admin anyone; an organiser their own pupil, themselves, or a player who asked
/// to enter it.
pub fn register_entrant(
    account: Account<'_>,
    player: &PlayerRow,
    asked_to_enter: bool,
) -> Result<(), Denied> {
    let Account::Player(me) = account else {
        return Ok(());
    };
    if account.is_admin() {
        return Ok(());
    }
    if !sees_player(Some(me), false, player) {
        return Err(Denied::Hidden);
    }
    match relation(me, player) {
        Relation::Oneself | Relation::TheirPupil => Ok(()),
        _ if asked_to_enter => Ok(()),
        _ => Err(Denied::Forbidden("denied-entrant")),
    }
}

/// May `account` invite `player` to enter a tournament it runs (whether it runs it, the
/// tournament decides): anyone it may see. The invitation enters no one: the player enters
/// by accepting it, or declines.
pub fn invite_entrant(account: Account<'_>, player: &PlayerRow) -> Result<(), Denied> {
    let Account::Player(me) = account else {
        return Ok(());
    };
    if account.is_admin() || sees_player(Some(me), false, player) {
        Ok(())
    } else {
        Err(Denied::Hidden)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::accounts::{NewAccount, PlayerName};

    fn account(mut roles: Vec<Role>, created_by: Option<&PlayerRow>) -> PlayerRow {
        roles.push(Role::Player);
        NewAccount {
            name: PlayerName::parse("Ayşe").unwrap(),
            email: None,
            locale: Default::default(),
            notation: None,
            roles,
            created_by: created_by.map(|p| p.id.clone()),
            school: None,
            class_name: None,
        }
        .row()
    }

    /// A school: its organiser and two pupils; another school alike; an adult; an admin.
    struct World {
        organiser: PlayerRow,
        pupil: PlayerRow,
        classmate: PlayerRow,
        other_organiser: PlayerRow,
        other_pupil: PlayerRow,
        adult: PlayerRow,
        admin: PlayerRow,
    }

    fn world() -> World {
        let organiser = account(vec![Role::Organiser], None);
        let other_organiser = account(vec![Role::Organiser], None);
        World {
            pupil: account(vec![], Some(&organiser)),
            classmate: account(vec![], Some(&organiser)),
            other_pupil: account(vec![], Some(&other_organiser)),
            adult: account(vec![], None),
            admin: account(vec![Role::Admin], None),
            organiser,
            other_organiser,
        }
    }

    #[test]
    fn relations_are_read_from_who_made_whom() {
        let w = world();
        assert_eq!(relation(&w.pupil, &w.pupil), Relation::Oneself);
        assert_eq!(relation(&w.organiser, &w.pupil), Relation::TheirPupil);
        assert_eq!(relation(&w.pupil, &w.classmate), Relation::SameSchool);
        assert_eq!(relation(&w.pupil, &w.organiser), Relation::SameSchool);
        assert_eq!(relation(&w.other_organiser, &w.pupil), Relation::Stranger);
        assert_eq!(relation(&w.other_pupil, &w.pupil), Relation::Stranger);
        // Two adults nobody made are no school.
        assert_eq!(relation(&w.adult, &w.admin), Relation::Stranger);
    }

    #[test]
    fn a_pupil_is_seen_by_their_school_and_the_admin_only() {
        let w = world();
        for (viewer, sees) in [
            (Some(&w.pupil), true),
            (Some(&w.classmate), true),
            (Some(&w.organiser), true),
            (Some(&w.other_organiser), false),
            (Some(&w.other_pupil), false),
            (Some(&w.adult), false),
            (None, false),
        ] {
            assert_eq!(sees_player(viewer, false, &w.pupil), sees, "{viewer:?}");
        }
        assert!(sees_player(None, true, &w.pupil));
        assert!(sees_player(Some(&w.other_pupil), false, &w.adult));
        assert!(!sees_player(None, false, &w.adult));
    }

    #[test]
    fn a_sign_in_code_is_for_ones_own_pupil_and_never_for_a_role() {
        let w = world();
        let by = |p: &PlayerRow, target: &PlayerRow| issue_login_code(Account::Player(p), target);
        assert_eq!(by(&w.organiser, &w.pupil), Ok(()));
        assert_eq!(by(&w.other_organiser, &w.pupil), Err(Denied::Hidden));
        assert!(matches!(
            by(&w.other_organiser, &w.adult),
            Err(Denied::Forbidden(_))
        ));
        assert!(matches!(
            by(&w.other_organiser, &w.admin),
            Err(Denied::Forbidden(_))
        ));
        assert!(matches!(
            by(&w.other_organiser, &w.organiser),
            Err(Denied::Forbidden(_))
        ));
        assert!(matches!(
            by(&w.pupil, &w.classmate),
            Err(Denied::Forbidden(_))
        ));
        assert!(matches!(by(&w.pupil, &w.pupil), Err(Denied::Forbidden(_))));
        assert_eq!(by(&w.admin, &w.other_pupil), Ok(()));
        // A teacher whose organiser role was taken back makes no codes for former pupils.
        let former = PlayerRow {
            roles: Role::column(&[Role::Player]),
            ..w.organiser.clone()
        };
        assert_eq!(by(&former, &w.pupil), Err(Denied::Hidden));
        assert!(!sees_player(Some(&former), false, &w.pupil));
        assert_eq!(issue_login_code(Account::Admin, &w.adult), Ok(()));
        // Not even the admin makes a code that signs in as an organiser or an admin.
        assert!(matches!(
            issue_login_code(Account::Admin, &w.organiser),
            Err(Denied::Forbidden(_))
        ));
        assert!(matches!(by(&w.admin, &w.admin), Err(Denied::Forbidden(_))));
    }

    const TAKES: GameFacts = GameFacts {
        opponent_takes_challenges: true,
        opponent_has_room: true,
        entrants_of_their_tournament: false,
        rated: false,
    };

    #[test]
    fn a_side_makes_a_game_only_where_a_challenge_would_be_taken() {
        let w = world();
        let make = |me: &PlayerRow, sides: (&PlayerRow, &PlayerRow), facts| {
            create_game(Account::Player(me), sides, facts)
        };
        assert_eq!(
            make(&w.adult, (&w.adult, &w.admin), TAKES),
            Ok(GameMaker::Side)
        );
        assert_eq!(
            make(&w.pupil, (&w.classmate, &w.pupil), TAKES),
            Ok(GameMaker::Side)
        );
        let refused = |r: Result<GameMaker, MayNotCreate>| {
            matches!(r, Err(MayNotCreate::Denied(Denied::Forbidden(_))))
        };
        let declines = GameFacts {
            opponent_takes_challenges: false,
            ..TAKES
        };
        assert!(refused(make(&w.adult, (&w.adult, &w.organiser), declines)));
        let full = GameFacts {
            opponent_has_room: false,
            ..TAKES
        };
        assert!(refused(make(&w.adult, (&w.organiser, &w.adult), full)));
        // Another school's pupil never, whatever their preferences say: she is no one to them.
        let hidden = Err(MayNotCreate::Denied(Denied::Hidden));
        assert_eq!(make(&w.adult, (&w.adult, &w.pupil), TAKES), hidden);
        let pupils = (&w.pupil, &w.other_pupil);
        assert_eq!(make(&w.other_pupil, pupils, TAKES), hidden);
        let theirs = (&w.other_organiser, &w.pupil);
        assert_eq!(make(&w.other_organiser, theirs, TAKES), hidden);
        // A pupil's own organiser plays them as a side.
        assert_eq!(
            make(&w.organiser, (&w.organiser, &w.pupil), TAKES),
            Ok(GameMaker::Side)
        );
        let unconfirmed = PlayerRow {
            email_confirmed: false,
            without_sight: false,
            ..w.adult.clone()
        };
        assert_eq!(
            make(&unconfirmed, (&unconfirmed, &w.admin), TAKES),
            Err(MayNotCreate::Unconfirmed)
        );
    }

    #[test]
    fn an_organiser_makes_games_for_their_school_or_their_tournament() {
        let w = world();
        let none = GameFacts::default();
        let make = |me: &PlayerRow, sides: (&PlayerRow, &PlayerRow), facts| {
            create_game(Account::Player(me), sides, facts)
        };
        assert_eq!(
            make(&w.organiser, (&w.pupil, &w.classmate), none),
            Ok(GameMaker::Arbiter)
        );
        let foreign = make(&w.other_organiser, (&w.pupil, &w.classmate), none);
        assert_eq!(foreign, Err(MayNotCreate::Denied(Denied::Hidden)));
        let mixed = make(&w.organiser, (&w.pupil, &w.other_pupil), none);
        assert!(matches!(mixed, Err(MayNotCreate::Denied(_))), "{mixed:?}");
        let adults = make(&w.organiser, (&w.adult, &w.admin), none);
        assert!(matches!(adults, Err(MayNotCreate::Denied(_))), "{adults:?}");
        let entrants = GameFacts {
            entrants_of_their_tournament: true,
            ..none
        };
        assert_eq!(
            make(&w.organiser, (&w.adult, &w.other_pupil), entrants),
            Ok(GameMaker::Arbiter)
        );
        // Not rated: their ratings are not the organiser's to move.
        let rated = GameFacts {
            rated: true,
            ..entrants
        };
        assert!(matches!(
            make(&w.organiser, (&w.adult, &w.other_pupil), rated),
            Err(MayNotCreate::Denied(Denied::Forbidden(_)))
        ));
        let theirs_rated = GameFacts {
            rated: true,
            ..none
        };
        assert_eq!(
            make(&w.organiser, (&w.pupil, &w.classmate), theirs_rated),
            Ok(GameMaker::Arbiter)
        );
        // An organiser whose role was taken back has no pupils any more.
        let former = PlayerRow {
            roles: Role::column(&[Role::Player]),
            ..w.organiser.clone()
        };
        assert_eq!(
            make(&former, (&w.pupil, &w.classmate), none),
            Err(MayNotCreate::NotAPlayer)
        );
        assert_eq!(
            make(&w.pupil, (&w.adult, &w.classmate), entrants),
            Err(MayNotCreate::NotAPlayer)
        );
        assert_eq!(
            make(&w.admin, (&w.adult, &w.other_pupil), none),
            Ok(GameMaker::Admin)
        );
        assert_eq!(
            create_game(Account::Admin, (&w.adult, &w.pupil), none),
            Ok(GameMaker::Admin)
        );
    }

    #[test]
    fn an_entrant_is_theirs_themselves_or_asked_to_enter() {
        let w = world();
        let enter =
            |me: &PlayerRow, p: &PlayerRow, asked| register_entrant(Account::Player(me), p, asked);
        assert_eq!(enter(&w.organiser, &w.pupil, false), Ok(()));
        assert_eq!(enter(&w.organiser, &w.organiser, false), Ok(()));
        assert_eq!(
            enter(&w.other_organiser, &w.pupil, false),
            Err(Denied::Hidden)
        );
        // Asking does not make another school's pupil visible.
        assert_eq!(
            enter(&w.other_organiser, &w.pupil, true),
            Err(Denied::Hidden)
        );
        assert!(matches!(
            enter(&w.organiser, &w.adult, false),
            Err(Denied::Forbidden(_))
        ));
        assert_eq!(enter(&w.organiser, &w.adult, true), Ok(()));
        assert_eq!(enter(&w.admin, &w.other_pupil, false), Ok(()));
        assert_eq!(register_entrant(Account::Admin, &w.pupil, false), Ok(()));
    }

    #[test]
    fn an_invitation_goes_to_anyone_they_may_see() {
        let w = world();
        let invite = |me: &PlayerRow, p: &PlayerRow| invite_entrant(Account::Player(me), p);
        assert_eq!(invite(&w.organiser, &w.adult), Ok(()));
        assert_eq!(invite(&w.organiser, &w.pupil), Ok(()));
        assert_eq!(invite(&w.other_organiser, &w.adult), Ok(()));
        // Another school's pupil is no one to them: their own school enters her.
        assert_eq!(invite(&w.other_organiser, &w.pupil), Err(Denied::Hidden));
        assert_eq!(invite(&w.admin, &w.other_pupil), Ok(()));
        assert_eq!(invite_entrant(Account::Admin, &w.pupil), Ok(()));
    }
}
