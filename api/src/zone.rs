//! A reader's time zone: a named zone of the tz database (`Europe/London`, whose offset follows
//! summer time) or a fixed offset from UTC (`UTC+03:00`). Deadlines, digests and leave are told
//! and read in it.

use std::sync::OnceLock;

use time::{OffsetDateTime, PrimitiveDateTime, UtcOffset};

use crate::store::PlayerRow;

/// The offsets from UTC a player may choose, in minutes: every one in use.
pub const UTC_OFFSETS: [i32; 38] = [
    -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120,
    180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765,
    780, 840,
];

#[derive(Debug, Clone)]
pub enum Zone {
    /// A fixed offset from UTC.
    Fixed(UtcOffset),
    /// A zone of the tz database, by its name.
    Named(jiff::tz::TimeZone),
}

impl Zone {
    /// A fixed offset of `minutes` from UTC (out of range: UTC).
    pub fn fixed(minutes: i32) -> Zone {
        Zone::Fixed(UtcOffset::from_whole_seconds(minutes * 60).unwrap_or(UtcOffset::UTC))
    }

    /// The tz database's zone named `name` (`Europe/Istanbul`), if it knows one.
    pub fn named(name: &str) -> Option<Zone> {
        let name = name.trim();
        if name.is_empty() || name.len() > 64 {
            return None;
        }
        let tz = jiff::tz::TimeZone::get(name).ok()?;
        tz.iana_name()?;
        Some(Zone::Named(tz))
    }

    /// A choice as the settings page writes it: a zone's name, or a fixed offset as
    /// [`offset_label`] writes it (`UTC+03:00`, from -12:00 to +14:00).
    pub fn parse(choice: &str) -> Option<Zone> {
        let choice = choice.trim();
        match choice.strip_prefix("UTC").filter(|rest| !rest.is_empty()) {
            Some(rest) => {
                let (sign, hhmm) = match rest.split_at_checked(1)? {
                    ("+", hhmm) => (1, hhmm),
                    ("-", hhmm) => (-1, hhmm),
                    _ => return None,
                };
                let (h, m) = hhmm.split_once(':')?;
                let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
                if !two_digits(h) || !two_digits(m) {
                    return None;
                }
                let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
                let minutes = sign * (h * 60 + m);
                (m < 60 && (-720..=840).contains(&minutes)).then(|| Zone::fixed(minutes))
            }
            None => Zone::named(choice),
        }
    }

    /// A reader's zone: a signed-in player's, else UTC.
    pub fn of_reader(p: Option<&PlayerRow>) -> Zone {
        p.map_or(Zone::Fixed(UtcOffset::UTC), Zone::of)
    }

    /// A player's zone: the named one they chose, else their offset.
    pub fn of(p: &PlayerRow) -> Zone {
        p.time_zone
            .as_deref()
            .and_then(Zone::named)
            .unwrap_or_else(|| Zone::fixed(p.utc_offset_minutes))
    }

    /// The zone's name (`None` for a fixed offset).
    pub fn name(&self) -> Option<&str> {
        match self {
            Zone::Fixed(_) => None,
            Zone::Named(tz) => tz.iana_name(),
        }
    }

    /// How the settings page writes this choice: the zone's name, or `UTC+03:00`.
    pub fn choice(&self) -> String {
        match self {
            Zone::Fixed(offset) => offset_label(i32::from(offset.whole_minutes())),
            Zone::Named(tz) => tz.iana_name().unwrap_or("UTC").to_owned(),
        }
    }

    /// The zone's offset from UTC at the instant `at`.
    pub fn offset_at(&self, at: OffsetDateTime) -> UtcOffset {
        match self {
            Zone::Fixed(offset) => *offset,
            Zone::Named(tz) => jiff::Timestamp::from_second(at.unix_timestamp())
                .ok()
                .and_then(|ts| UtcOffset::from_whole_seconds(tz.to_offset(ts).seconds()).ok())
                .unwrap_or(UtcOffset::UTC),
        }
    }

    /// The offset in minutes at `at`.
    pub fn minutes_at(&self, at: OffsetDateTime) -> i32 {
        i32::from(self.offset_at(at).whole_minutes())
    }

    /// The instant `at` on this zone's clocks.
    pub fn local(&self, at: OffsetDateTime) -> OffsetDateTime {
        at.to_offset(self.offset_at(at))
    }

    /// The instant this zone's clocks show as `local`. A time skipped when the clocks go
    /// forward is read as after the change, a time shown twice as its first showing.
    pub fn instant(&self, local: PrimitiveDateTime) -> OffsetDateTime {
        match self {
            Zone::Fixed(offset) => local.assume_offset(*offset),
            Zone::Named(tz) => {
                let civil = jiff::civil::DateTime::new(
                    local.year() as i16,
                    u8::from(local.month()) as i8,
                    local.day() as i8,
                    local.hour() as i8,
                    local.minute() as i8,
                    local.second() as i8,
                    0,
                );
                civil
                    .ok()
                    .and_then(|dt| tz.to_ambiguous_timestamp(dt).compatible().ok())
                    .and_then(|ts| OffsetDateTime::from_unix_timestamp(ts.as_second()).ok())
                    .unwrap_or_else(|| local.assume_utc())
            }
        }
    }
}

/// `UTC+03:00` for 180.
pub fn offset_label(minutes: i32) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let m = minutes.abs();
    format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
}

/// The zones a player may choose by name, sorted: the tz database's regions and cities, and
/// `UTC` (not its aliases and legacy names).
pub fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        const REGIONS: [&str; 9] = [
            "Africa/",
            "America/",
            "Antarctica/",
            "Asia/",
            "Atlantic/",
            "Australia/",
            "Europe/",
            "Indian/",
            "Pacific/",
        ];
        let mut names: Vec<String> = jiff::tz::db()
            .available()
            .map(|n| n.as_str().to_owned())
            .filter(|n| REGIONS.iter().any(|r| n.starts_with(r)) || n == "UTC")
            .collect();
        names.sort();
        names.dedup();
        names
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_named_zone_follows_summer_time() {
        let london = Zone::named("Europe/London").expect("London");
        assert_eq!(london.minutes_at(datetime!(2026-01-15 12:00 UTC)), 0);
        assert_eq!(london.minutes_at(datetime!(2026-07-15 12:00 UTC)), 60);
        let istanbul = Zone::named("Europe/Istanbul").expect("Istanbul");
        assert_eq!(istanbul.minutes_at(datetime!(2026-01-15 12:00 UTC)), 180);
        assert_eq!(istanbul.minutes_at(datetime!(2026-07-15 12:00 UTC)), 180);
        assert_eq!(
            london.local(datetime!(2026-07-15 12:00 UTC)),
            datetime!(2026-07-15 13:00 +01:00)
        );
    }

    #[test]
    fn local_times_read_back_across_the_changes() {
        let london = Zone::named("Europe/London").unwrap();
        // 2026-03-29 01:30 does not exist in London: read as after the change.
        assert_eq!(
            london.instant(datetime!(2026-03-29 01:30)),
            datetime!(2026-03-29 01:30 UTC)
        );
        // 2026-10-25 01:30 is shown twice: its first showing, still in summer time.
        assert_eq!(
            london.instant(datetime!(2026-10-25 01:30)),
            datetime!(2026-10-25 00:30 UTC)
        );
        assert_eq!(
            london.instant(datetime!(2026-12-24 00:00)),
            datetime!(2026-12-24 00:00 UTC)
        );
        assert_eq!(
            Zone::fixed(180).instant(datetime!(2026-12-24 00:00)),
            datetime!(2026-12-23 21:00 UTC)
        );
    }

    #[test]
    fn choices_are_names_or_offsets_as_written() {
        assert_eq!(
            Zone::parse("UTC+03:00")
                .unwrap()
                .minutes_at(OffsetDateTime::UNIX_EPOCH),
            180
        );
        assert_eq!(Zone::parse("UTC-09:30").unwrap().choice(), "UTC-09:30");
        assert_eq!(
            Zone::parse("America/New_York").unwrap().name(),
            Some("America/New_York")
        );
        assert_eq!(Zone::parse("UTC").unwrap().name(), Some("UTC"));
        // An offset the page does not list (set over the API) reads back as written.
        assert_eq!(Zone::parse("UTC+03:07").unwrap().choice(), "UTC+03:07");
        assert_eq!(
            Zone::parse(" Europe/London\n").unwrap().name(),
            Some("Europe/London")
        );
        for bad in [
            "",
            "UTC+15:00",
            "UTC-12:30",
            "UTC+03:60",
            "UTC+3",
            "UTC+03:00:00",
            "UTC+-1:30",
            "UTC+ 3:00",
            "Mars/Olympus_Mons",
            "../../etc/passwd",
            "Europe/../Europe/London",
            "/usr/share/zoneinfo/Europe/London",
            "Europe/",
            "/",
            ".",
            "Europe/London\u{0}",
        ] {
            assert!(Zone::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_names_offered_are_regions_and_cities() {
        let names = names();
        assert!(names.iter().any(|n| n == "Europe/Istanbul"));
        assert!(names.iter().any(|n| n == "UTC"));
        assert!(!names
            .iter()
            .any(|n| n.starts_with("Etc/") || n.starts_with("posix")));
        assert!(names.windows(2).all(|w| w[0] < w[1]));
        assert!(names.iter().all(|n| Zone::named(n).is_some()));
    }
}
