//! OpenAPI schemas for the domain's types that requests carry (the domain knows nothing of
//! OpenAPI). Each lists the values serde accepts for the type; a test holds the two together.

use domain::game::Rules;
use domain::games::{GameKind, Notation};
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa::openapi::Object;

fn one_of(values: &[&str], description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .enum_values(Some(values.iter().copied()))
        .description(Some(description))
        .build()
}

/// As [`one_of`], for an optional field: `null` is taken too (as leaving it out).
fn one_of_or_null(values: &[&str], description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(
            values
                .iter()
                .map(|v| serde_json::Value::from(*v))
                .chain([serde_json::Value::Null]),
        ))
        .description(Some(description))
        .build()
}

/// Every game's name.
pub fn game_names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

/// Every game's rule sets.
pub fn rule_set_names() -> Vec<&'static str> {
    GameKind::ALL
        .iter()
        .flat_map(|k| k.rule_sets())
        .map(|r| r.as_str())
        .collect()
}

/// Every game's notations.
pub fn notation_names() -> Vec<&'static str> {
    Notation::all().map(Notation::as_str).collect()
}

pub const CLAIM_KINDS: [&str; 6] = [
    "threefold_repetition",
    "fifty_moves",
    "forty_moves",
    "no_progress",
    "tablebase_win",
    "tablebase_draw",
];
pub const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];
pub const SIDES: [&str; 2] = ["white", "black"];
pub const SEALED_MOVE_CHECKS: [&str; 2] = ["at_opening", "at_sealing"];
pub const LOCALES: [&str; 2] = ["en", "tr"];
pub const ENVELOPE_KINDS: [&str; 2] = ["sealed", "reply"];
pub const ROLES: [&str; 3] = ["player", "organiser", "admin"];
pub const SYSTEMS: [&str; 5] = [
    "swiss",
    "round_robin",
    "double_round_robin",
    "knockout",
    "double_elimination",
];
pub const BOARD_RESULTS: [&str; 6] = ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "0-0"];
pub const PLAY_MODES: [&str; 2] = ["over_the_board", "online"];

/// How a tournament's games are played.
pub fn play_mode_or_null() -> Object {
    one_of_or_null(
        &PLAY_MODES,
        "over_the_board (the arbiter enters results; the default) or online (publishing a round creates its games in zarf).",
    )
}

/// A position in Forsyth-Edwards Notation.
pub fn fen_or_null() -> Object {
    let mut o = text(100, "A position in FEN.");
    o.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    o
}

/// A place's name.
pub fn place_or_null() -> Object {
    let mut o = text(100, "Where it is played.");
    o.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    o
}

/// A calendar day.
pub fn date_or_null() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::Date,
        )))
        .description(Some("A day, YYYY-MM-DD."))
        .build()
}

/// A tournament's system.
pub fn system() -> Object {
    one_of(
        &SYSTEMS,
        "How it is paired: swiss (FIDE Dutch), round_robin or double_round_robin (Berger tables); knockout or double_elimination, a cup of matches.",
    )
}

/// A board's result, forfeits included.
pub fn board_result() -> Object {
    one_of(
        &BOARD_RESULTS,
        "1-0, 0-1, 1/2-1/2; +/- and -/+ a forfeit; 0-0 neither played.",
    )
}

/// Why an arbiter changes something.
pub fn reason() -> Object {
    text(500, "Why: kept in the log.")
}

/// A tournament's name.
pub fn tournament_name() -> Object {
    text(100, "The tournament's name.")
}

pub fn game_name() -> Object {
    one_of_or_null(
        &game_names(),
        &format!("The game played (default {}).", domain::game::UNNAMED_GAME),
    )
}

pub fn rule_set() -> Object {
    let games: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| {
            let sets: Vec<&str> = k.rule_sets().iter().map(|r| r.as_str()).collect();
            format!("{} {}", k.name(), sets.join(" or "))
        })
        .collect();
    one_of(
        &rule_set_names(),
        &format!(
            "The rules that judge the game, one of the game's (its first the default): {}.",
            games.join("; ")
        ),
    )
}

pub fn notation() -> Object {
    one_of_or_null(
        &notation_names(),
        "How moves are written: chess SAN in English, Turkish, German or French letters, UCI, or ICCF numeric; checkers PDN; dama squares; tavla points; or spoken words in German (the Laws' words), Turkish or English.",
    )
}

pub fn move_notation() -> Object {
    let mut names = notation_names();
    names.push("spoken");
    one_of_or_null(
        &names,
        "How the move is written: chess SAN in English, Turkish, German or French letters, UCI, or ICCF numeric; checkers PDN; dama squares; tavla points; or spoken words in German (the Laws' words), Turkish or English (`spoken`: the caller's language). Without it the caller's own notation is tried first.",
    )
}

pub fn claim_kind() -> Object {
    one_of(
        &CLAIM_KINDS,
        "The ground of the claim: chess 9.2 and 9.3; checkers threefold repetition and the forty-move rule; dama threefold repetition and no progress; chess under a tablebase rule, the tables' win or draw.",
    )
}

pub fn result() -> Object {
    one_of(&RESULTS, "The result.")
}

pub fn side() -> Object {
    one_of(&SIDES, "A side.")
}

/// A side, or none.
pub fn side_or_null() -> Object {
    one_of_or_null(&SIDES, "A side.")
}

pub fn envelope_kind() -> Object {
    one_of_or_null(
        &ENVELOPE_KINDS,
        "Which envelope: the sealed move (default) or a reply (A9c).",
    )
}

pub fn locale() -> Object {
    one_of_or_null(&LOCALES, "The player's language (default en).")
}

/// A list of roles (or none).
pub fn roles() -> utoipa::openapi::schema::Array {
    utoipa::openapi::schema::ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(one_of(
            &ROLES,
            "A role; only the admin grants organiser and admin.",
        ))
        .build()
}

/// Text that must hold something besides white space and no control characters (a name, a move,
/// a reason), at most `max` characters.
fn text(max: usize, description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .min_length(Some(1))
        .max_length(Some(max))
        .pattern(Some(VISIBLE))
        .description(Some(description))
        .build()
}

/// Something visible, and no control characters (C0, DEL, C1).
pub const VISIBLE: &str = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$";

pub fn name() -> Object {
    text(100, "The player's name.")
}

const MOVE: &str = "The move, in any notation the game reads (chess: e4, Af3, O-O, e2e4, 5254; checkers: 11-15, 22x15x6).";

pub fn move_text() -> Object {
    text(domain::game::MoveText::MAX_CHARS, MOVE)
}

/// Who may read a game.
pub fn visibility() -> Object {
    one_of_or_null(&VISIBILITIES, VISIBILITY)
}

/// As [`visibility`], always given.
pub fn visibility_given() -> Object {
    one_of(&VISIBILITIES, VISIBILITY)
}

const VISIBILITIES: [&str; 3] = ["public", "signed_in", "participants"];
const VISIBILITY: &str =
    "Who may read it: anyone, anyone signed in, or its participants (players, arbiters, organisers) and the admin.";

/// Whom a player takes challenges from.
pub fn challenges_from() -> Object {
    one_of(
        &crate::app::challenges::FROM,
        "anyone, played (players they have played), school (their organiser's players) or nobody.",
    )
}

/// An e-mail address.
pub fn email() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::Email,
        )))
        .max_length(Some(254))
        .description(Some("The e-mail address the sign-in link goes to."))
        .build()
}

/// An e-mail address, or none.
pub fn email_or_null() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::Email,
        )))
        .max_length(Some(254))
        .description(Some(
            "The player's e-mail address, for mail and signing in.",
        ))
        .build()
}

/// A school's or a class's name, or none.
pub fn group_or_null() -> Object {
    let mut schema = text(
        100,
        "A pupil's school or class, as the organiser writes it.",
    );
    schema.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    schema
}

/// As [`group_or_null`], where empty is taken as none too (a class's default school and class,
/// as the forms send them).
pub fn group_or_empty() -> Object {
    let mut schema = group_or_null();
    schema.description = Some(
        "The school or class of pupils whose line names none; empty, blank or null: none.".into(),
    );
    schema.min_length = None;
    schema.pattern = Some(format!(r"^\s*$|{VISIBLE}"));
    schema
}

/// A message to the opponent, or none: something visible, line breaks and tabs allowed, no
/// other control characters.
pub fn message_or_null() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .min_length(Some(1))
        .max_length(Some(domain::game::MessageText::MAX_CHARS))
        .pattern(Some(
            r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$",
        ))
        .description(Some(
            "A message to the opponent, sent with the move (refused with messages_off where \
             the game's organiser turned messages off).",
        ))
        .build()
}

/// An intended move, or none.
pub fn move_text_or_null() -> Object {
    let mut schema = text(domain::game::MoveText::MAX_CHARS, MOVE);
    schema.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    schema
}

pub fn sealed_move() -> Object {
    text(
        domain::game::MoveText::MAX_CHARS,
        "The sealed move as written: judged at opening (A8).",
    )
}

/// Whole seconds, up to a time control's limit (400 days).
fn seconds(min: u64) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::Integer))
        .minimum(Some(min as f64))
        .maximum(Some(domain::game::TimeControl::MAX_SECONDS as f64))
        .build()
}

/// The contract's `time_control`: `per_move`, or `periods` (the last may be sudden death with
/// `moves: null`; a period without time needs an increment or a delay).
pub fn time_control() -> utoipa::openapi::Schema {
    use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, OneOfBuilder};
    let kind = |name: &str| {
        ObjectBuilder::new()
            .schema_type(SchemaType::new(Type::String))
            .enum_values(Some([name]))
    };
    let flag = || ObjectBuilder::new().schema_type(SchemaType::new(Type::Boolean));
    let bonus = || {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
            .minimum(Some(0.0))
            .maximum(Some(domain::game::TimeControl::MAX_SECONDS as f64))
    };
    let per_move = ObjectBuilder::new()
        .property("kind", kind("per_move"))
        .property("seconds", seconds(1))
        .property("whole_days", flag())
        .property("wrong_claim_bonus_seconds", bonus())
        .required("kind")
        .required("seconds")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    let period = ObjectBuilder::new()
        .property(
            "moves",
            ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
                .minimum(Some(1.0))
                .maximum(Some(f64::from(
                    domain::game::TimeControl::MAX_MOVES_PER_PERIOD,
                ))),
        )
        .property("seconds", seconds(0))
        .required("moves")
        .required("seconds")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    let periods = ObjectBuilder::new()
        .property("kind", kind("periods"))
        .property(
            "periods",
            ArrayBuilder::new()
                .items(period)
                .min_items(Some(1))
                .max_items(Some(domain::game::TimeControl::MAX_PERIODS)),
        )
        .property("increment_seconds", seconds(0))
        .property("delay_seconds", seconds(0))
        .property("whole_days", flag())
        .property("wrong_claim_bonus_seconds", bonus())
        .required("kind")
        .required("periods")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    OneOfBuilder::new()
        .item(per_move)
        .item(periods)
        .item(ObjectBuilder::new().schema_type(SchemaType::new(Type::Null)))
        .description(Some(
            "per_move: seconds for each move; periods: moves in each period, time carried forward.",
        ))
        .build()
        .into()
}

/// An RFC 3339 time.
pub fn date_time() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::DateTime,
        )))
        .description(Some("An RFC 3339 time."))
        .build()
}

/// How the endgame tablebases may decide a game.
pub fn tablebase_rule() -> Object {
    one_of_or_null(
        &TABLEBASE_RULES,
        "How the endgame tablebases may decide the game (chess): off (FIDE, default), claim (the player to move claims their result) or automatic (the game ends on the move that reaches a position they hold).",
    )
}

pub const TABLEBASE_RULES: [&str; 3] = ["off", "claim", "automatic"];

pub fn sealed_move_check() -> Object {
    one_of_or_null(
        &SEALED_MOVE_CHECKS,
        "When sealed moves are judged: at opening (FIDE, default) or at sealing.",
    )
}

/// A player's conditional lines: at most 32 lines of 1 to 40 moves.
pub fn conditional_lines() -> utoipa::openapi::Array {
    use utoipa::openapi::schema::ArrayBuilder;
    let line = ArrayBuilder::new()
        .items(text(domain::game::MoveText::MAX_CHARS, MOVE))
        .min_items(Some(1))
        .max_items(Some(domain::game::conditional::MAX_PLIES))
        .description(Some(
            "A line: alternating moves, beginning with the side to move now and ending with one of yours.",
        ));
    ArrayBuilder::new()
        .items(line)
        .min_items(Some(1))
        .max_items(Some(domain::game::conditional::MAX_LINES))
        .description(Some("Your lines, at most 32 of at most 40 moves each."))
        .build()
}

/// An opening of a game's ballot: its number in the deck, or `random`.
pub fn ballot() -> Schema {
    Schema::OneOf(
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(SchemaType::new(Type::Integer))
                .minimum(Some(1))
                .maximum(Some(u16::MAX)),
        )
        .item(one_of(&["random"], "Drawn by lot by the service."))
        .item(ObjectBuilder::new().schema_type(SchemaType::new(Type::Null)))
        .description(Some(
            "Start from an opening of the game's ballot (checkers: the three-move ballot, 1 to 156), by number or drawn by lot; not with a set-up position.",
        ))
        .build(),
    )
}

#[cfg(test)]
mod tests {
    use domain::game::{GameResult, Locale, SealedMoveCheck, Side};
    use domain::games::RuleSetName;
    use serde::de::DeserializeOwned;

    use super::*;

    /// The OpenAPI document names each schema by its type's name and keeps one per name: two
    /// request or answer types of one name would describe one of them wrongly.
    #[test]
    fn every_schema_has_a_name_of_its_own() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut names: Vec<(String, String)> = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let mut derives = false;
                for line in text.lines().map(str::trim) {
                    if line.starts_with("#[derive(") {
                        derives = line.contains("ToSchema");
                    } else if let Some(rest) = line
                        .strip_prefix("pub struct ")
                        .or_else(|| line.strip_prefix("pub enum "))
                    {
                        if derives {
                            let name: String = rest
                                .chars()
                                .take_while(|c| c.is_alphanumeric() || *c == '_')
                                .collect();
                            names.push((name, path.display().to_string()));
                        }
                        derives = false;
                    }
                }
            }
        }
        assert!(names.len() > 20, "the schemas were found: {names:?}");
        names.sort();
        for pair in names.windows(2) {
            assert_ne!(pair[0].0, pair[1].0, "{pair:?}");
        }
    }

    /// Every value a schema lists is read by serde, and the value after the last is not.
    fn reads<T: DeserializeOwned>(values: &[&str]) {
        for v in values {
            serde_json::from_value::<T>(serde_json::json!(v))
                .unwrap_or_else(|e| panic!("{v}: {e}"));
        }
        assert!(serde_json::from_value::<T>(serde_json::json!("nonsense")).is_err());
    }

    #[test]
    fn every_listed_value_is_what_the_domain_reads() {
        reads::<RuleSetName>(&rule_set_names());
        reads::<Notation>(&notation_names());
        reads::<crate::http::api::games::ClaimGround>(&CLAIM_KINDS);
        reads::<GameResult>(&RESULTS);
        reads::<Side>(&SIDES);
        reads::<SealedMoveCheck>(&SEALED_MOVE_CHECKS);
        reads::<domain::game::tablebase::TablebaseRule>(&TABLEBASE_RULES);
        reads::<Locale>(&LOCALES);
        reads::<domain::game::EnvelopeKind>(&ENVELOPE_KINDS);
        reads::<crate::store::Role>(&ROLES);
    }
}
