//! Every user-facing text, in English and Turkish, from Fluent (`templates/i18n/{en,tr}.ftl`):
//! mail, the API's error messages (the rules' refusals among them) and pages. Code names a
//! message by its key; a test fails where a key is missing in either language or unused.

use std::collections::HashMap;
use std::sync::OnceLock;

use domain::game::{Locale, Rejection};
use fluent::concurrent::FluentBundle;
use fluent::{FluentArgs, FluentResource, FluentValue};

/// The translations, as compiled into the binary.
pub const SOURCES: [(&str, &str); 2] = [
    ("en", include_str!("../../templates/i18n/en.ftl")),
    ("tr", include_str!("../../templates/i18n/tr.ftl")),
];

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static HashMap<&'static str, Bundle> {
    static BUNDLES: OnceLock<HashMap<&'static str, Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        let mut all = HashMap::new();
        for ((lang, source), id) in SOURCES
            .into_iter()
            .zip([unic_langid::langid!("en"), unic_langid::langid!("tr")])
        {
            let resource =
                FluentResource::try_new(source.to_owned()).expect("the translations parse");
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // No Unicode isolation marks: they would show in subjects and plain text.
            bundle.set_use_isolating(false);
            bundle
                .add_resource(resource)
                .expect("no duplicate messages");
            all.insert(lang, bundle);
        }
        all
    })
}

/// One language's texts.
#[derive(Debug, Clone, Copy)]
pub struct Texts {
    pub lang: &'static str,
}

impl Texts {
    pub fn of(locale: Locale) -> Texts {
        Texts {
            lang: locale.as_str(),
        }
    }

    pub fn for_locale(locale: &str) -> Texts {
        Texts {
            lang: if locale == "tr" { "tr" } else { "en" },
        }
    }

    /// The message `key` with `args`; the key itself if it is missing (a test catches that).
    pub fn get(&self, key: &str, args: &[(&str, String)]) -> String {
        let bundle = &bundles()[self.lang];
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            return key.to_owned();
        };
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            // A count is a number, so that messages choose their plural forms by it.
            match (*k, v.parse::<i64>()) {
                ("count", Ok(n)) => fargs.set(*k, FluentValue::from(n)),
                _ => fargs.set(*k, FluentValue::from(v.clone())),
            }
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fargs), &mut errors)
            .into_owned()
    }

    /// The message `key`, which takes no arguments (as pages ask for their texts).
    pub fn text(&self, key: &str) -> String {
        self.get(key, &[])
    }

    /// The language as the domain names it.
    pub fn locale(&self) -> Locale {
        if self.lang == "tr" {
            Locale::Tr
        } else {
            Locale::En
        }
    }

    /// The other language, for a paper printed in both.
    pub fn other(&self) -> Texts {
        Texts {
            lang: if self.lang == "tr" { "en" } else { "tr" },
        }
    }

    pub fn has(&self, key: &str) -> bool {
        bundles()[self.lang].has_message(key)
    }

    /// An instant in the reader's time zone, as the reader's language writes dates:
    /// `2026-11-27 14:05 (UTC+03:00)` in English, `27.11.2026 14:05 (UTC+03:00)` in Turkish
    /// (the offset the zone has at that instant).
    pub fn local_time(&self, at: time::OffsetDateTime, zone: &crate::zone::Zone) -> String {
        let local = zone.local(at);
        let (y, mo, d) = (local.year(), u8::from(local.month()), local.day());
        let date = if self.lang == "tr" {
            format!("{d:02}.{mo:02}.{y:04}")
        } else {
            format!("{y:04}-{mo:02}-{d:02}")
        };
        format!(
            "{date} {:02}:{:02} ({})",
            local.hour(),
            local.minute(),
            crate::zone::offset_label(i32::from(local.offset().whole_minutes()))
        )
    }

    /// [`Texts::local_time`] of an RFC 3339 text, if it is one.
    pub fn local_time_of(&self, rfc3339: &str, zone: &crate::zone::Zone) -> Option<String> {
        let at = time::OffsetDateTime::parse(
            rfc3339.trim(),
            &time::format_description::well_known::Rfc3339,
        )
        .ok()?;
        Some(self.local_time(at, zone))
    }

    /// "2 d 3 h", "5 h 10 min", "7 min".
    pub fn duration(&self, seconds: i64) -> String {
        let s = seconds.max(0);
        let (days, hours, minutes) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60);
        if days > 0 {
            self.get(
                "duration-days",
                &[("days", days.to_string()), ("hours", hours.to_string())],
            )
        } else if hours > 0 {
            self.get(
                "duration-hours",
                &[
                    ("hours", hours.to_string()),
                    ("minutes", minutes.to_string()),
                ],
            )
        } else {
            self.get("duration-minutes", &[("minutes", minutes.to_string())])
        }
    }
}

/// Why the rules refused a command, in the reader's language (its detail, where it has one, a
/// message of its own).
pub fn rejection(r: &Rejection, locale: Locale) -> String {
    let t = Texts::of(locale);
    let mut args = r.args();
    if let Some((key, detail)) = r.detail() {
        args.push(("detail", t.get(key, &detail)));
    }
    t.get(r.key(), &args)
}

/// A tournament's refusal, in `locale`.
pub fn tournament_rejection(r: &domain::tournament::Rejection, locale: Locale) -> String {
    Texts::of(locale).get(&r.key(), &r.args())
}

/// Points as players write them: 2½, ½, 3; other fractions in decimals.
pub fn points(hundredths: i64) -> String {
    let (whole, rest) = (hundredths / 100, hundredths % 100);
    match (whole, rest) {
        (_, 0) => whole.to_string(),
        (0, 50) => "½".to_owned(),
        (_, 50) => format!("{whole}½"),
        _ => format!("{:.2}", hundredths as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_count_chooses_the_plural_form() {
        let en = Texts::for_locale("en");
        let days = |n: &str| en.get("page-cup-match-days", &[("count", n.to_owned())]);
        assert_eq!(days("1"), "One day a match");
        assert_eq!(days("14"), "14 days a match");
        let games = |n: &str| en.get("page-cup-games", &[("count", n.to_owned())]);
        assert_eq!(games("1"), "One game a match");
        assert_eq!(games("2"), "2 games a match");
    }

    #[test]
    fn points_are_written_with_halves() {
        assert_eq!(super::points(250), "2½");
        assert_eq!(super::points(50), "½");
        assert_eq!(super::points(300), "3");
        assert_eq!(super::points(0), "0");
        assert_eq!(super::points(125), "1.25");
    }

    use super::*;
    use domain::game::{FieldProblem, LeaveProblem, Rules, TimeControlError};
    use domain::games::GameKind;

    #[test]
    fn an_instant_reads_in_the_readers_time_zone_and_language() {
        use crate::zone::Zone;
        let (en, tr) = (Texts::for_locale("en"), Texts::for_locale("tr"));
        let turkey = Zone::fixed(180);
        assert_eq!(
            en.local_time_of("2026-11-27T11:05:30Z", &turkey).as_deref(),
            Some("2026-11-27 14:05 (UTC+03:00)")
        );
        assert_eq!(
            tr.local_time_of("2026-11-27T11:05:30.123456Z", &turkey)
                .as_deref(),
            Some("27.11.2026 14:05 (UTC+03:00)")
        );
        assert_eq!(
            en.local_time_of("2026-11-27T01:00:00Z", &Zone::fixed(-300))
                .as_deref(),
            Some("2026-11-26 20:00 (UTC-05:00)")
        );
        // A named zone shows the offset it has at that instant.
        let new_york = Zone::named("America/New_York").unwrap();
        assert_eq!(
            en.local_time_of("2026-11-27T01:00:00Z", &new_york)
                .as_deref(),
            Some("2026-11-26 20:00 (UTC-05:00)")
        );
        assert_eq!(
            en.local_time_of("2026-07-01T01:00:00Z", &new_york)
                .as_deref(),
            Some("2026-06-30 21:00 (UTC-04:00)")
        );
        assert_eq!(en.local_time_of("not a time", &Zone::fixed(0)), None);
    }

    /// The message keys of a translation file.
    fn keys(source: &str) -> Vec<String> {
        let mut k: Vec<String> = source
            .lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with('#') && l.contains(" = "))
            .map(|l| l.split(" = ").next().unwrap().to_owned())
            .collect();
        k.sort();
        k
    }

    #[test]
    fn every_tournament_refusal_reads_in_both_languages() {
        for r in domain::tournament::Rejection::examples() {
            let (en, tr) = (
                tournament_rejection(&r, Locale::En),
                tournament_rejection(&r, Locale::Tr),
            );
            assert!(Texts::of(Locale::Tr).has(&r.key()), "{}", r.key());
            assert_ne!(en, tr, "{} needs a Turkish message", r.code());
            assert!(!en.contains('{') && !tr.contains('{'), "{en} / {tr}");
        }
        let missing = domain::tournament::Rejection::ResultsMissing {
            round: 2,
            missing: 3,
        };
        assert_eq!(
            tournament_rejection(&missing, Locale::Tr),
            "2. turda sonucu girilmemiş 3 masa var."
        );
    }

    #[test]
    fn every_rejection_reads_in_both_languages() {
        for r in Rejection::examples() {
            let en = rejection(&r, Locale::En);
            let tr = rejection(&r, Locale::Tr);
            assert!(Texts::of(Locale::En).has(r.key()), "{}", r.key());
            assert!(Texts::of(Locale::Tr).has(r.key()), "{}", r.key());
            assert_ne!(en, tr, "{} needs a Turkish message", r.code());
            assert!(!en.is_empty() && !tr.is_empty());
            assert!(!en.contains('{') && !tr.contains('{'), "{en} / {tr}");
        }
        assert!(rejection(
            &Rejection::AmbiguousMove {
                text: "Kd8".into(),
                candidates: vec!["Rd8".into(), "Kd8".into()]
            },
            Locale::En
        )
        .contains("Rd8, Kd8"));
        assert_eq!(
            rejection(&Rejection::IllegalMove { text: "Ke7".into() }, Locale::En),
            "Ke7 is not a legal move in this position."
        );
        // A refusal's detail is translated too.
        let long = Rejection::InvalidField {
            field: "round",
            problem: FieldProblem::TooLong { max: 32 },
        };
        assert_eq!(
            rejection(&long, Locale::En),
            "Invalid round: at most 32 characters"
        );
        assert_eq!(
            rejection(&long, Locale::Tr),
            "Geçersiz alan round: en fazla 32 karakter"
        );
        for p in FieldProblem::examples() {
            for locale in [Locale::En, Locale::Tr] {
                assert!(Texts::of(locale).has(p.key()), "{}", p.key());
            }
        }
        for p in domain::game::LineProblem::examples() {
            for locale in [Locale::En, Locale::Tr] {
                let r = rejection(&Rejection::InvalidConditionalMoves(p.clone()), locale);
                assert!(Texts::of(locale).has(p.key()) && !r.contains('{'), "{r}");
            }
        }
        for p in LeaveProblem::examples() {
            let r = rejection(&Rejection::InvalidLeave(p.clone()), Locale::Tr);
            assert!(
                Texts::of(Locale::Tr).has(p.key()) && !r.contains('{'),
                "{r}"
            );
        }
        for kind in GameKind::ALL {
            for &detail in kind.set_up_problems() {
                let fen = kind.position_is_fen();
                for locale in [Locale::En, Locale::Tr] {
                    let r = rejection(&Rejection::InvalidPosition { fen, detail }, locale);
                    assert!(Texts::of(locale).has(detail) && !r.contains('{'), "{r}");
                }
            }
        }
        assert_eq!(
            rejection(
                &Rejection::InvalidPosition {
                    fen: true,
                    detail: "fen-missing-king"
                },
                Locale::Tr
            ),
            "FEN kurallara uygun bir konum değil: bir şah eksik"
        );
        for p in TimeControlError::examples() {
            let r = rejection(&Rejection::InvalidTimeControl(p.clone()), Locale::Tr);
            assert!(
                Texts::of(Locale::Tr).has(p.key()) && r.starts_with("Geçersiz süre denetimi: "),
                "{r}"
            );
        }
        assert_eq!(
            rejection(
                &Rejection::InvalidTimeControl(TimeControlError::TooManyMoves { max: 500 }),
                Locale::En
            ),
            "Invalid time control: a period has too many moves (at most 500)"
        );
        assert_eq!(
            rejection(
                &Rejection::FlagFallen {
                    side: domain::game::Side::White
                },
                Locale::Tr
            ),
            "Süre doldu: Beyaz tarafın bayrağı düştü; oyun sona erdi."
        );
    }

    /// Both languages have the same messages, and every message is used: its key stands in the
    /// code or the templates as a literal, or it is one the code builds from a list (a mail's
    /// parts, a termination, a claim, a side, a rejection).
    #[test]
    fn every_message_is_in_both_languages_and_used() {
        let en = keys(SOURCES[0].1);
        let tr = keys(SOURCES[1].1);
        assert_eq!(en, tr, "the same keys in English and Turkish");
        let mut sources = String::new();
        for dir in ["src", "../templates"] {
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            let mut stack = vec![root];
            while let Some(d) = stack.pop() {
                for entry in std::fs::read_dir(&d).unwrap() {
                    let path = entry.unwrap().path();
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|e| e != "ftl" && e != "snap") {
                        sources.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
                    }
                }
            }
        }
        let built: Vec<String> = crate::mail::kind::MailKind::ALL
            .map(crate::mail::kind::MailKind::as_str)
            .iter()
            .flat_map(|kind| ["subject", "headline", "offer"].map(|part| format!("{kind}-{part}")))
            .chain(
                domain::game::Termination::ALL
                    .iter()
                    .map(|t| format!("termination-{}", t.as_str())),
            )
            .chain(
                [
                    "claim-threefold_repetition",
                    "claim-fifty_moves",
                    "claim-forty_moves",
                    "claim-no_progress",
                    "page-claim-fifty_moves",
                    "page-claim-forty_moves",
                    "page-claim-no_progress",
                    "page-claim-tablebase_win",
                    "page-claim-tablebase_draw",
                    "side-white",
                    "side-black",
                ]
                .map(String::from),
            )
            .chain(Rejection::examples().iter().map(|r| r.key().to_owned()))
            .chain(
                domain::tournament::Rejection::examples()
                    .iter()
                    .map(domain::tournament::Rejection::key),
            )
            .chain(FieldProblem::examples().iter().map(|p| p.key().to_owned()))
            .chain(LeaveProblem::examples().iter().map(|p| p.key().to_owned()))
            .chain(
                domain::game::LineProblem::examples()
                    .iter()
                    .map(|p| p.key().to_owned()),
            )
            .chain(
                TimeControlError::examples()
                    .iter()
                    .map(|p| p.key().to_owned()),
            )
            .chain(
                GameKind::ALL
                    .iter()
                    .flat_map(|k| k.set_up_problems())
                    .map(|p| (*p).to_owned()),
            )
            .chain(domain::games::Notation::all().map(|n| format!("notation-{}", n.as_str())))
            .chain(GameKind::ALL.iter().map(|k| format!("game-{}", k.name())))
            .chain(
                GameKind::ALL
                    .iter()
                    .filter_map(|k| k.ballot())
                    .map(|b| b.name.to_owned()),
            )
            .chain(
                GameKind::ALL
                    .iter()
                    .flat_map(|k| k.rule_sets())
                    .map(|r| format!("rules-{}", r.as_str())),
            )
            .chain(
                ["every-event", "digest", "reminders-only"]
                    .map(|mode| format!("page-settings-mail-{mode}")),
            )
            .chain(
                crate::app::challenges::FROM.map(|from| format!("page-settings-challenges-{from}")),
            )
            .chain(["won", "drawn", "lost", "playing"].map(|o| format!("page-profile-{o}")))
            .chain(["white", "black", "random"].map(|c| format!("page-challenge-colour-{c}")))
            .collect();
        for key in &en {
            let used = sources.contains(&format!("\"{key}\"")) || built.contains(key);
            assert!(used, "{key} is in the translations but nothing uses it");
        }
        // And every key the code asks for by name (`.get("key", …)`, `.text("key")`) is there.
        let mut asked = 0;
        let asks = sources
            .match_indices(".get(\"")
            .chain(sources.match_indices(".text(\""))
            .map(|(i, call)| i + call.len());
        for i in asks {
            let rest = &sources[i..];
            let key = &rest[..rest.find('"').unwrap()];
            if key != "key"
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c == '_')
            {
                assert!(
                    en.iter().any(|k| k == key),
                    "{key} is asked for but not translated"
                );
                asked += 1;
            }
        }
        assert!(asked > 10, "{asked}");
    }
}
