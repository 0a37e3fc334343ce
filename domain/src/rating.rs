//! Ratings by Glicko-2 (Mark Glickman, "Example of the Glicko-2 system"), one for each game,
//! computed by `skillratings`. Each rated game is its own rating period for its two players,
//! as correspondence games end one at a time; a player's deviation first grows by one period's
//! volatility for each whole [`PERIOD`] they went without a rated game (the method's step 6),
//! never beyond [`MAX_DEVIATION`].

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{self, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use time::{Duration, OffsetDateTime};

use crate::game::GameResult;

/// A rating period: a player idle for a whole period is that much less certain.
pub const PERIOD: Duration = Duration::days(7);
/// A rating stays provisional until this many rated games (as a first FIDE rating needs).
pub const PROVISIONAL_GAMES: u32 = 5;
/// A new player's deviation, and the most any player's grows to.
pub const MAX_DEVIATION: f64 = 350.0;
/// The system constant τ, which limits how fast the volatility changes.
pub const TAU: f64 = 0.5;

/// A Glicko-2 rating on the familiar scale (1500 for a newcomer).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A game's score for the player it is named for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    /// White's score in a result.
    pub fn of_white(result: GameResult) -> Score {
        match result {
            GameResult::WhiteWins => Score::Win,
            GameResult::Draw => Score::Draw,
            GameResult::BlackWins => Score::Loss,
        }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        convergence_tolerance: 0.000_001,
    }
}

impl Rating {
    /// A player who has not played a rated game of this game.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }

    /// The rating after `periods` whole rating periods without a game: the deviation grows as
    /// `sqrt(φ² + n·σ²)`, at most [`MAX_DEVIATION`].
    pub fn idle(self, periods: u32) -> Rating {
        if periods == 0 {
            return self;
        }
        let scale = 173.7178;
        let phi = self.deviation / scale;
        let grown = (phi * phi + f64::from(periods) * self.volatility * self.volatility).sqrt();
        Rating {
            deviation: (grown * scale).min(MAX_DEVIATION),
            ..self
        }
    }

    /// The rating after one rating period with these games (the opponent's rating and this
    /// player's score in each), all counted at once as the method describes.
    pub fn after_period(self, games: &[(Rating, Score)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|(opponent, score)| (opponent.glicko(), score.outcome()))
            .collect();
        Rating::from_glicko(glicko2::glicko2_rating_period(
            &self.glicko(),
            &results,
            &config(),
        ))
    }

    /// Both players' ratings after one game between them, `score` being white's.
    pub fn after_game(white: Rating, black: Rating, score: Score) -> (Rating, Rating) {
        let (w, b) = glicko2::glicko2(
            &white.glicko(),
            &black.glicko(),
            &score.outcome(),
            &config(),
        );
        (Rating::from_glicko(w), Rating::from_glicko(b))
    }
}

/// A player's rating in one game, with what it is read with: how many rated games it rests
/// on and when the last of them ended.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rating: Rating,
    pub games: u32,
    #[serde(with = "time::serde::rfc3339::option")]
    pub last_game_at: Option<OffsetDateTime>,
}

impl Default for Standing {
    fn default() -> Self {
        Standing::NEW
    }
}

impl Standing {
    pub const NEW: Standing = Standing {
        rating: Rating::NEW,
        games: 0,
        last_game_at: None,
    };

    /// Whole rating periods from the last rated game to `at`.
    pub fn idle_periods(&self, at: OffsetDateTime) -> u32 {
        let Some(last) = self.last_game_at else {
            return 0;
        };
        let whole = (at - last).whole_seconds() / PERIOD.whole_seconds();
        u32::try_from(whole.max(0)).unwrap_or(u32::MAX)
    }

    /// The rating as it stands at `at`: its deviation grown for the periods since the last game.
    pub fn as_of(&self, at: OffsetDateTime) -> Rating {
        self.rating.idle(self.idle_periods(at))
    }

    /// Too few rated games for the rating to be more than a first estimate.
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }

    /// The rounded rating as shown beside a name: `1512`, or `1512?` while provisional.
    pub fn shown(&self, at: OffsetDateTime) -> String {
        let r = self.as_of(at).rating.round();
        if self.provisional() {
            format!("{r}?")
        } else {
            format!("{r}")
        }
    }
}

/// Both players' standings after a rated game that ended at `at` with `result`.
pub fn rated_game(
    white: &Standing,
    black: &Standing,
    result: GameResult,
    at: OffsetDateTime,
) -> (Standing, Standing) {
    let (w, b) = Rating::after_game(white.as_of(at), black.as_of(at), Score::of_white(result));
    let next = |s: &Standing, rating| Standing {
        rating,
        games: s.games.saturating_add(1),
        last_game_at: Some(at),
    };
    (next(white, w), next(black, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: a 1500/200/0.06 player beats a 1400/30, loses to a 1550/100
    /// and to a 1700/300. The paper rounds μ' and φ' to four decimals before converting back,
    /// hence its 1464.06 and 151.52.
    #[test]
    fn the_papers_example() {
        let after = r(1500.0, 200.0).after_period(&[
            (r(1400.0, 30.0), Score::Win),
            (r(1550.0, 100.0), Score::Loss),
            (r(1700.0, 300.0), Score::Loss),
        ]);
        let mu = (after.rating - 1500.0) / 173.7178;
        let phi = after.deviation / 173.7178;
        assert_eq!(format!("{mu:.4} {phi:.4}"), "-0.2069 0.8722");
        assert!(
            (after.volatility - 0.05999).abs() < 1e-5,
            "{}",
            after.volatility
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!(
            (after.deviation - 151.52).abs() < 0.005,
            "{}",
            after.deviation
        );
    }

    #[test]
    fn idle_periods_widen_the_deviation_up_to_its_limit() {
        let settled = r(1700.0, 50.0);
        assert_eq!(settled.idle(0), settled);
        let year = settled.idle(52);
        let expected = ((50.0f64 / 173.7178).powi(2) + 52.0 * 0.0036).sqrt() * 173.7178;
        assert!((year.deviation - expected).abs() < 1e-9);
        assert_eq!(year.rating, 1700.0);
        assert_eq!(settled.idle(100_000).deviation, MAX_DEVIATION);
    }

    #[test]
    fn a_standing_decays_by_whole_periods_since_the_last_game() {
        let last = datetime!(2026-01-01 12:00 UTC);
        let s = Standing {
            rating: r(1600.0, 60.0),
            games: 12,
            last_game_at: Some(last),
        };
        assert_eq!(s.idle_periods(last + Duration::days(6)), 0);
        assert_eq!(s.idle_periods(last + Duration::days(7)), 1);
        assert_eq!(s.idle_periods(last + Duration::days(70)), 10);
        assert_eq!(s.as_of(last + Duration::days(6)), s.rating);
        assert!(s.as_of(last + Duration::days(70)).deviation > 60.0);
        assert!(!s.provisional());
        assert_eq!(Standing::NEW.idle_periods(last), 0);
    }

    #[test]
    fn a_rated_game_moves_both_and_counts_it() {
        let at = datetime!(2026-03-01 0:00 UTC);
        let (w, b) = rated_game(&Standing::NEW, &Standing::NEW, GameResult::WhiteWins, at);
        assert!(w.rating.rating > 1500.0 && b.rating.rating < 1500.0);
        assert!((w.rating.rating - 1500.0 - (1500.0 - b.rating.rating)).abs() < 1e-9);
        assert_eq!((w.games, b.games), (1, 1));
        assert_eq!(w.last_game_at, Some(at));
        assert!(w.provisional());
        assert_eq!(w.shown(at), format!("{}?", w.rating.rating.round()));
        let (dw, db) = rated_game(&Standing::NEW, &Standing::NEW, GameResult::Draw, at);
        assert_eq!(dw.rating.rating, 1500.0);
        assert_eq!(db.rating.rating, 1500.0);
    }
}
