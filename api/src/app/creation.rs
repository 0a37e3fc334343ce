//! Making a game between two players as an account asks (the JSON API's and the organiser's
//! page's new games): who creates it and who is its arbiter, its players' names as their games
//! record them, and who may read it unless the asker chose.

use std::sync::Arc;

use domain::game::tablebase::TablebaseRule;
use domain::game::{
    Actor, BallotChoice, CreateGame, Participant, RuleSet, SealedMoveCheck, TimeControl,
    Visibility, UNNAMED_GAME,
};
use domain::games::{Command, Context};
use domain::ids::PlayerId;
use domain::GameId;

use super::actors::{player_id, Account};
use super::authority::{GameFacts, GameMaker, MayNotCreate};
use super::commands::CommandError;
use super::games::{run, GameOutcome};
use super::AppState;
use crate::store::{self, StoreError};

/// A new game as asked: its players by id, and its terms.
#[derive(Debug, Clone, Default)]
pub struct NewGame {
    pub white: String,
    pub black: String,
    /// The game played (none: chess).
    pub game: Option<String>,
    pub rules: Option<RuleSet>,
    /// A set-up position in the game's own text.
    pub start_position: Option<String>,
    pub time_control: Option<TimeControl>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    pub leave_days_per_year: Option<u32>,
    pub sealed_move_check: SealedMoveCheck,
    pub ballot: Option<Ballot>,
    pub no_progress_moves: Option<u32>,
    pub match_length: Option<u16>,
    pub rated: bool,
    /// Who may read it (none: [`super::accounts::default_visibility`]).
    pub visibility: Option<Visibility>,
    /// How the endgame tablebases may decide it.
    pub tablebase: TablebaseRule,
    /// A tournament the organiser making it runs, whose entrants both players are.
    pub tournament: Option<String>,
}

/// An opening of the game's ballot to start from, as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ballot {
    /// The opening of this number.
    Number(u16),
    /// One the service draws by lot.
    ByLot,
}

impl Ballot {
    /// The opening chosen, drawing one by lot where asked (from `game`'s deck; a game without
    /// one is left for the rules to refuse).
    pub fn choose(self, game: Option<&str>) -> BallotChoice {
        match self {
            Ballot::Number(number) => BallotChoice {
                number,
                by_lot: false,
            },
            Ballot::ByLot => {
                use domain::game::Rules;
                use rand::Rng;
                let deck = domain::games::GameKind::named(game.unwrap_or(UNNAMED_GAME))
                    .and_then(|k| k.ballot());
                let number = match deck {
                    Some(d) if !d.is_empty() => rand::rng().random_range(1..=d.len()),
                    _ => 0,
                };
                BallotChoice {
                    number,
                    by_lot: true,
                }
            }
        }
    }
}

/// Why a game was not made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// A side is no player here (answered as not found).
    #[error("no such player")]
    NoSuchPlayer,
    #[error("{0:?}")]
    MayNot(MayNotCreate),
    #[error(transparent)]
    Command(#[from] CommandError),
}

impl From<StoreError> for CreateError {
    fn from(e: StoreError) -> Self {
        CreateError::Command(e.into())
    }
}

/// Makes `new` for `account`: the admin, an organiser (who becomes its arbiter), or one of its
/// players. Runs on an HTTP worker: the store is read on a blocking thread, the commit awaited.
pub async fn create_game(
    state: Arc<AppState>,
    account: Account<'_>,
    new: NewGame,
) -> Result<GameOutcome, CreateError> {
    let (white_id, black_id) = (
        PlayerId::parse(&new.white).map_err(|_| CreateError::NoSuchPlayer)?,
        PlayerId::parse(&new.black).map_err(|_| CreateError::NoSuchPlayer)?,
    );
    let (s, w, b) = (state.clone(), new.white.clone(), new.black.clone());
    let maker = match account {
        Account::Admin => None,
        Account::Player(p) => Some(p.clone()),
    };
    let (tournament, rated) = (new.tournament.clone(), new.rated);
    let (white, black, default_visibility, facts) = tokio::task::spawn_blocking(move || {
        let (Some(white), Some(black)) = (s.store.player(&w)?, s.store.player(&b)?) else {
            return Ok::<_, CommandError>(None);
        };
        let default = super::accounts::default_visibility(&s.store, &white, &black)?;
        let facts = match &maker {
            Some(me) => game_facts(&s, me, (&white, &black), tournament.as_deref(), rated)?,
            None => GameFacts::default(),
        };
        Ok(Some((white, black, default, facts)))
    })
    .await
    .map_err(|e| CommandError::from(anyhow::anyhow!("a blocking task failed: {e}")))??
    .ok_or(CreateError::NoSuchPlayer)?;
    let maker = super::authority::create_game(account, (&white, &black), facts)
        .map_err(CreateError::MayNot)?;
    let (actor, organiser) = match (maker, account) {
        (GameMaker::Admin, _) | (_, Account::Admin) => (Actor::Admin, None),
        (GameMaker::Side, Account::Player(p)) => (Actor::Player(player_id(p)?), None),
        (GameMaker::Arbiter, Account::Player(p)) => {
            let me = player_id(p)?;
            (Actor::Arbiter(me), Some(me))
        }
    };
    let id = GameId::from_uuid(uuid::Uuid::now_v7());
    let command = Command::CreateGame(Box::new(CreateGame {
        game_id: id,
        white: Participant {
            id: white_id,
            name: super::accounts::recorded_name(&white),
        },
        black: Participant {
            id: black_id,
            name: super::accounts::recorded_name(&black),
        },
        organiser,
        ballot: new.ballot.map(|b| b.choose(new.game.as_deref())),
        game: new.game,
        rules: new.rules,
        start_position: new.start_position,
        time_control: new.time_control,
        event: new.event,
        round: new.round,
        site: new.site,
        leave_days_per_year: new.leave_days_per_year,
        sealed_move_check: new.sealed_move_check,
        tournament: None,
        starts_at: None,
        no_progress_moves: new.no_progress_moves,
        match_length: new.match_length,
        rated: new.rated,
        visibility: new.visibility.unwrap_or(default_visibility),
        tablebase: new.tablebase,
    }));
    let ctx = Context {
        now: store::now(),
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    Ok(run(state, id, command, ctx, None).await?)
}

/// What the store says about `me` making a game between `white` and `black`: whether the other
/// side takes challenges from `me` and has room for one more game, and whether both are entrants
/// of `tournament`, run by `me`.
fn game_facts(
    state: &AppState,
    me: &crate::store::PlayerRow,
    (white, black): (&crate::store::PlayerRow, &crate::store::PlayerRow),
    tournament: Option<&str>,
    rated: bool,
) -> Result<GameFacts, CommandError> {
    let opponent = [white, black].into_iter().find(|p| p.id != me.id);
    let side = opponent.is_some() && (white.id == me.id || black.id == me.id);
    let (takes, room) = match opponent.filter(|_| side) {
        Some(o) => (
            super::challenges::takes_from(state, me, o)?,
            super::challenges::has_room(state, o)?,
        ),
        None => (false, false),
    };
    let entrants = match tournament {
        Some(id) if !side => {
            use domain::tournament::TournamentState;
            let folded = state.tournament_folds.current(&state.store, id)?;
            match (
                &folded.state,
                player_id(me),
                player_id(white),
                player_id(black),
            ) {
                (TournamentState::Created(t), Ok(me), Ok(w), Ok(b)) => {
                    t.setup.run_by(me)
                        && !t.finished
                        && t.player(w).is_some()
                        && t.player(b).is_some()
                }
                _ => false,
            }
        }
        _ => false,
    };
    Ok(GameFacts {
        opponent_takes_challenges: takes,
        opponent_has_room: room,
        entrants_of_their_tournament: entrants,
        rated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lot_draws_from_the_games_deck_and_says_so() {
        for _ in 0..200 {
            let choice = Ballot::ByLot.choose(Some("checkers"));
            assert!(
                choice.by_lot && (1..=156).contains(&choice.number),
                "{choice:?}"
            );
        }
        // A game without a deck: left for the rules to refuse (number 0 is no opening).
        assert_eq!(Ballot::ByLot.choose(None).number, 0);
        assert_eq!(
            Ballot::Number(7).choose(Some("checkers")),
            BallotChoice {
                number: 7,
                by_lot: false
            }
        );
    }
}
