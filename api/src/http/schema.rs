//! OpenAPI schemas for the domain's types that requests carry (the domain knows nothing of
//! OpenAPI). Each lists the values serde accepts for the type; a test holds the two together.

use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
use utoipa::openapi::Object;

fn one_of(values: &[&str], description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .enum_values(Some(values.iter().copied()))
        .description(Some(description))
        .build()
}

pub const RULE_SETS: [&str; 2] = ["fide2023", "fide2005"];
pub const NOTATIONS: [&str; 6] = ["san", "san-tr", "san-de", "san-fr", "uci", "iccf"];
pub const CLAIM_KINDS: [&str; 2] = ["threefold_repetition", "fifty_moves"];
pub const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];
pub const SIDES: [&str; 2] = ["white", "black"];
pub const SEALED_MOVE_CHECKS: [&str; 2] = ["at_opening", "at_sealing"];
pub const LOCALES: [&str; 2] = ["en", "tr"];
pub const ROLES: [&str; 2] = ["player", "organiser"];

pub fn rule_set() -> Object {
    one_of(
        &RULE_SETS,
        "The text of the Laws that judges the game (default fide2023).",
    )
}

pub fn notation() -> Object {
    one_of(
        &NOTATIONS,
        "How the move is written: SAN in English, Turkish, German or French letters, UCI, or ICCF numeric.",
    )
}

pub fn claim_kind() -> Object {
    one_of(&CLAIM_KINDS, "The ground of the claim (9.2, 9.3).")
}

pub fn result() -> Object {
    one_of(&RESULTS, "The result.")
}

pub fn side() -> Object {
    one_of(&SIDES, "A side.")
}

pub fn locale() -> Object {
    one_of(&LOCALES, "The player's language (default en).")
}

/// A list of roles.
pub fn roles() -> utoipa::openapi::schema::Array {
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(one_of(&ROLES, "A role; only the admin grants organiser."))
        .build()
}

pub fn sealed_move_check() -> Object {
    one_of(
        &SEALED_MOVE_CHECKS,
        "When sealed moves are judged: at opening (FIDE, default) or at sealing.",
    )
}

#[cfg(test)]
mod tests {
    use domain::chess::Notation;
    use domain::game::{ClaimKind, GameResult, Locale, RuleSet, SealedMoveCheck, Side};
    use serde::de::DeserializeOwned;

    use super::*;

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
        reads::<RuleSet>(&RULE_SETS);
        reads::<Notation>(&NOTATIONS);
        reads::<ClaimKind>(&CLAIM_KINDS);
        reads::<GameResult>(&RESULTS);
        reads::<Side>(&SIDES);
        reads::<SealedMoveCheck>(&SEALED_MOVE_CHECKS);
        reads::<Locale>(&LOCALES);
        reads::<crate::store::Role>(&ROLES);
    }
}
