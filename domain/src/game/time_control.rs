//! Time controls as data (Art. 6.1, and correspondence practice). The clock itself — time used,
//! carry-over, increment, delay, leave — is computed from the log by the clock module.

use serde::{Deserialize, Serialize};

/// The contract's `time_control` object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// `seconds` for each move, reset after every move.
    PerMove {
        #[serde(deserialize_with = "crate::whole::u64")]
        seconds: u64,
        /// Count time in whole days, the first 24 hours free (ICCF).
        #[serde(default)]
        whole_days: bool,
        /// Added to the opponent's time after a wrong draw claim (9.5); default by rule set.
        #[serde(default, deserialize_with = "crate::whole::opt_u64")]
        wrong_claim_bonus_seconds: Option<u64>,
    },
    /// A number of moves in each period, then the next period; the last may be sudden death
    /// (`moves: null`). Time saved carries forward (6.2), delay excepted.
    Periods {
        periods: Vec<Period>,
        #[serde(default, deserialize_with = "crate::whole::u64")]
        increment_seconds: u64,
        #[serde(default, deserialize_with = "crate::whole::u64")]
        delay_seconds: u64,
        /// Count time in whole days, the first 24 hours free (ICCF).
        #[serde(default)]
        whole_days: bool,
        /// Added to the opponent's time after a wrong draw claim (9.5); default by rule set.
        #[serde(default, deserialize_with = "crate::whole::opt_u64")]
        wrong_claim_bonus_seconds: Option<u64>,
    },
}

/// One period of a [`TimeControl::Periods`] control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// Moves to make in the period; `None` for the rest of the game.
    #[serde(deserialize_with = "crate::whole::opt_u32")]
    pub moves: Option<u32>,
    #[serde(deserialize_with = "crate::whole::u64")]
    pub seconds: u64,
}

/// Why a time control cannot be used (its message is `key()` with `args()`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error("per_move needs seconds greater than zero")]
    NoTimePerMove,
    /// A number of seconds over [`TimeControl::MAX_SECONDS`] (400 days).
    #[error("{field} is too large (at most 400 days)")]
    TooMuchTime { field: &'static str },
    #[error("periods needs at least one period")]
    NoPeriods,
    #[error("too many periods (at most {max})")]
    TooManyPeriods { max: usize },
    #[error("a period needs at least one move")]
    NoMoves,
    #[error("a period has too many moves (at most {max})")]
    TooManyMoves { max: u32 },
    #[error("only the last period may be sudden death")]
    SuddenDeathNotLast,
    #[error("a period with no time needs an increment or a delay")]
    NoTime,
}

impl TimeControlError {
    pub fn examples() -> Vec<TimeControlError> {
        vec![
            TimeControlError::NoTimePerMove,
            TimeControlError::TooMuchTime { field: "seconds" },
            TimeControlError::NoPeriods,
            TimeControlError::TooManyPeriods { max: 16 },
            TimeControlError::NoMoves,
            TimeControlError::TooManyMoves { max: 500 },
            TimeControlError::SuddenDeathNotLast,
            TimeControlError::NoTime,
        ]
    }

    pub const fn key(&self) -> &'static str {
        match self {
            TimeControlError::NoTimePerMove => "time-control-no-time-per-move",
            TimeControlError::TooMuchTime { .. } => "time-control-too-much-time",
            TimeControlError::NoPeriods => "time-control-no-periods",
            TimeControlError::TooManyPeriods { .. } => "time-control-too-many-periods",
            TimeControlError::NoMoves => "time-control-no-moves",
            TimeControlError::TooManyMoves { .. } => "time-control-too-many-moves",
            TimeControlError::SuddenDeathNotLast => "time-control-sudden-death-not-last",
            TimeControlError::NoTime => "time-control-no-time",
        }
    }

    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            TimeControlError::TooMuchTime { field } => vec![("field", (*field).to_owned())],
            TimeControlError::TooManyPeriods { max } => vec![("max", max.to_string())],
            TimeControlError::TooManyMoves { max } => vec![("max", max.to_string())],
            TimeControlError::NoTimePerMove
            | TimeControlError::NoPeriods
            | TimeControlError::NoMoves
            | TimeControlError::SuddenDeathNotLast
            | TimeControlError::NoTime => Vec::new(),
        }
    }
}

impl TimeControl {
    /// A year and a bit: no correspondence control gives more for one period or move.
    pub const MAX_SECONDS: u64 = 400 * 24 * 3600;
    pub const MAX_PERIODS: usize = 16;
    pub const MAX_MOVES_PER_PERIOD: u32 = 500;

    pub fn validate(&self) -> Result<(), TimeControlError> {
        use TimeControlError as E;
        let too_much = |field: &'static str| Err(E::TooMuchTime { field });
        match self {
            TimeControl::PerMove { seconds, .. } => {
                if *seconds == 0 {
                    return Err(E::NoTimePerMove);
                }
                if *seconds > Self::MAX_SECONDS {
                    return too_much("seconds");
                }
            }
            TimeControl::Periods {
                periods,
                increment_seconds,
                delay_seconds,
                ..
            } => {
                if periods.is_empty() {
                    return Err(E::NoPeriods);
                }
                if periods.len() > Self::MAX_PERIODS {
                    return Err(E::TooManyPeriods {
                        max: Self::MAX_PERIODS,
                    });
                }
                if *increment_seconds > Self::MAX_SECONDS {
                    return too_much("increment_seconds");
                }
                if *delay_seconds > Self::MAX_SECONDS {
                    return too_much("delay_seconds");
                }
                for (i, p) in periods.iter().enumerate() {
                    let last = i + 1 == periods.len();
                    if p.seconds > Self::MAX_SECONDS {
                        return too_much("seconds");
                    }
                    match p.moves {
                        Some(0) => return Err(E::NoMoves),
                        Some(n) if n > Self::MAX_MOVES_PER_PERIOD => {
                            return Err(E::TooManyMoves {
                                max: Self::MAX_MOVES_PER_PERIOD,
                            })
                        }
                        None if !last => return Err(E::SuddenDeathNotLast),
                        _ => {}
                    }
                    if p.seconds == 0 && *increment_seconds == 0 && *delay_seconds == 0 {
                        return Err(E::NoTime);
                    }
                }
            }
        }
        if self
            .wrong_claim_bonus_seconds()
            .is_some_and(|b| b > Self::MAX_SECONDS)
        {
            return too_much("wrong_claim_bonus_seconds");
        }
        Ok(())
    }

    pub fn wrong_claim_bonus_seconds(&self) -> Option<u64> {
        match self {
            TimeControl::PerMove {
                wrong_claim_bonus_seconds,
                ..
            }
            | TimeControl::Periods {
                wrong_claim_bonus_seconds,
                ..
            } => *wrong_claim_bonus_seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<TimeControl, String> {
        let tc: TimeControl = serde_json::from_str(json).map_err(|e| e.to_string())?;
        tc.validate().map_err(|e| e.to_string())?;
        Ok(tc)
    }

    #[test]
    fn the_contracts_examples_are_valid() {
        assert_eq!(
            parse(r#"{"kind":"per_move","seconds":259200}"#),
            Ok(TimeControl::PerMove {
                seconds: 259200,
                whole_days: false,
                wrong_claim_bonus_seconds: None
            })
        );
        let iccf = parse(
            r#"{"kind":"periods","periods":[{"moves":10,"seconds":4320000},{"moves":null,"seconds":864000}],"increment_seconds":0,"delay_seconds":0}"#,
        )
        .unwrap();
        assert!(matches!(iccf, TimeControl::Periods { ref periods, .. } if periods.len() == 2));
        // Increment and delay default to zero.
        assert!(parse(r#"{"kind":"periods","periods":[{"moves":null,"seconds":60}]}"#).is_ok());
    }

    #[test]
    fn invalid_controls_are_refused() {
        for bad in [
            r#"{"kind":"per_move","seconds":0}"#,
            r#"{"kind":"per_move","seconds":-5}"#,
            r#"{"kind":"per_move","seconds":999999999999}"#,
            r#"{"kind":"per_move"}"#,
            r#"{"kind":"hourglass","seconds":5}"#,
            r#"{"kind":"periods","periods":[]}"#,
            r#"{"kind":"periods","periods":[{"moves":0,"seconds":60}]}"#,
            r#"{"kind":"periods","periods":[{"moves":null,"seconds":60},{"moves":10,"seconds":60}]}"#,
            r#"{"kind":"periods","periods":[{"moves":null,"seconds":0}]}"#,
            r#"{"kind":"periods","periods":[{"moves":null,"seconds":60}],"increment_seconds":-1}"#,
            r#"{"kind":"per_move","seconds":60,"bonus":1}"#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
