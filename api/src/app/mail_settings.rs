//! A player's mail: how often they are written to, the hour of their digest and the time zone
//! it is in, and the one-click unsubscribe every mail carries.

use super::AppState;
use crate::store::{self, MailSettings, PlayerRow, StoreError};
use crate::zone::Zone;

/// How a player may take their mail.
pub const MAIL_MODES: [&str; 3] = ["every_event", "digest", "reminders_only"];

/// The mail settings a player asks for; what they leave out stays as it is.
#[derive(Debug, Clone, Default)]
pub struct MailChoice {
    /// `every_event`, `digest` or `reminders_only`.
    pub mode: String,
    /// The digest's hour, 0 to 23, in the player's time zone.
    pub digest_hour: Option<i32>,
    /// A fixed offset from UTC in minutes, -720 to 840.
    pub utc_offset_minutes: Option<i32>,
    /// A named zone of the tz database; takes the place of the offset.
    pub time_zone: Option<String>,
}

/// Why a [`MailChoice`] cannot be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MailChoiceError {
    #[error("mode must be every_event, digest or reminders_only")]
    Mode,
    #[error("digest_hour is 0-23; utc_offset_minutes -720 to 840")]
    Range,
    #[error("time_zone is not a zone of the tz database (e.g. Europe/Istanbul)")]
    Zone,
}

impl MailChoice {
    /// The settings `p` would have with this choice, or why it cannot be kept.
    pub fn settings_for(&self, p: &PlayerRow) -> Result<MailSettings, MailChoiceError> {
        if !MAIL_MODES.contains(&self.mode.as_str()) {
            return Err(MailChoiceError::Mode);
        }
        let hour = self.digest_hour.unwrap_or(p.digest_hour);
        if !(0..24).contains(&hour)
            || self
                .utc_offset_minutes
                .is_some_and(|m| !(-720..=840).contains(&m))
        {
            return Err(MailChoiceError::Range);
        }
        let zone = match (&self.time_zone, self.utc_offset_minutes) {
            (Some(name), _) => Zone::named(name).ok_or(MailChoiceError::Zone)?,
            (None, Some(minutes)) => Zone::fixed(minutes),
            (None, None) => Zone::of(p),
        };
        Ok(MailSettings {
            mode: self.mode.clone(),
            digest_hour: hour,
            utc_offset_minutes: zone.minutes_at(store::now()),
            time_zone: zone.name().map(str::to_owned),
        })
    }
}

/// Keeps a player's mail settings (blocking).
pub fn set(state: &AppState, player_id: &str, mail: &MailSettings) -> Result<(), StoreError> {
    state.store.set_mail_preferences(player_id, mail)?;
    Ok(())
}

/// The player clicked a mail's unsubscribe link (its token checked): from now on they get
/// reminders only. An unknown player is nothing to do.
pub fn unsubscribe(state: &AppState, player_id: &str) -> Result<(), StoreError> {
    if let Some(p) = state.store.player(player_id)? {
        let mail = MailSettings {
            mode: "reminders_only".into(),
            ..MailSettings::of(&p)
        };
        state.store.set_mail_preferences(&p.id, &mail)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pupil() -> PlayerRow {
        super::super::accounts::NewAccount {
            name: super::super::accounts::PlayerName::parse("Ayşe").unwrap(),
            email: None,
            locale: domain::game::Locale::En,
            notation: None,
            roles: Vec::new(),
            created_by: None,
            school: None,
            class_name: None,
        }
        .row()
    }

    #[test]
    fn a_choice_is_kept_only_within_its_ranges() {
        let p = pupil();
        let choice = |mode: &str, hour, offset, zone: Option<&str>| MailChoice {
            mode: mode.into(),
            digest_hour: hour,
            utc_offset_minutes: offset,
            time_zone: zone.map(str::to_owned),
        };
        let kept = choice("digest", Some(7), None, Some("Europe/Istanbul"))
            .settings_for(&p)
            .unwrap();
        assert_eq!((kept.mode.as_str(), kept.digest_hour), ("digest", 7));
        assert_eq!(kept.utc_offset_minutes, 180);
        assert_eq!(kept.time_zone.as_deref(), Some("Europe/Istanbul"));
        let fixed = choice("every_event", None, Some(-300), None)
            .settings_for(&p)
            .unwrap();
        assert_eq!(
            (fixed.digest_hour, fixed.utc_offset_minutes),
            (p.digest_hour, -300)
        );
        assert_eq!(fixed.time_zone, None);
        assert_eq!(
            choice("weekly", None, None, None)
                .settings_for(&p)
                .unwrap_err(),
            MailChoiceError::Mode
        );
        assert_eq!(
            choice("digest", Some(24), None, None)
                .settings_for(&p)
                .unwrap_err(),
            MailChoiceError::Range
        );
        assert_eq!(
            choice("digest", None, Some(841), None)
                .settings_for(&p)
                .unwrap_err(),
            MailChoiceError::Range
        );
        assert_eq!(
            choice("digest", None, None, Some("Mars/Olympus"))
                .settings_for(&p)
                .unwrap_err(),
            MailChoiceError::Zone
        );
    }
}
