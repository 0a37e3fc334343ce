//! The spoken notation as the JSON doors take and give it: `"notation": "spoken"` names the
//! caller's own language, and a Game carries each move's spoken form (`spoken`) where the
//! caller asked for it or speaks their moves.

use crate::app::GameOutcome;
use actix_web::HttpResponse;
use domain::game::spoken::Tongue;
use domain::game::Locale;
use domain::games::{Game, Notation};
use serde::Deserialize;

use crate::http::auth::Caller;

/// A notation as a move request names it: one of the notations, or `spoken` (in the caller's
/// language).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NotationName {
    Exact(Notation),
    /// Spoken, in the caller's language.
    Spoken,
}

impl NotationName {
    pub fn parse(text: &str) -> Option<NotationName> {
        match text {
            "spoken" => Some(NotationName::Spoken),
            _ => Notation::parse(text).map(NotationName::Exact),
        }
    }

    /// The notation for a caller whose language is `locale`.
    pub fn resolve(self, locale: Locale) -> Notation {
        match self {
            NotationName::Exact(n) => n,
            NotationName::Spoken => Notation::Spoken(Tongue::for_language(locale.as_str())),
        }
    }
}

impl<'de> Deserialize<'de> for NotationName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        NotationName::parse(&text).ok_or_else(|| serde::de::Error::custom("not a notation"))
    }
}

/// The tongue a Game's moves are spoken in for `caller`: the one `asked` names, else the
/// spoken notation the caller's moves are in; none for every other caller.
pub fn tongue_for(caller: &Caller, asked: Option<Notation>) -> Option<Tongue> {
    let own = caller.player().and_then(|p| p.move_notation());
    match asked.or(own) {
        Some(Notation::Spoken(t)) => Some(t),
        _ => None,
    }
}

/// A Game's JSON with each move's spoken form in `tongue` added as `spoken` (beside `moves`,
/// one to one: `game` may be a fold a move newer than the JSON, whose moves it begins with).
pub fn with_spoken(mut json: String, game: &Game, tongue: Option<Tongue>) -> String {
    let Some(tongue) = tongue else {
        return json;
    };
    let mut spoken = crate::games::spoken_moves(game, tongue);
    let ply = serde_json::from_str::<serde_json::Value>(&json)
        .ok()
        .and_then(|v| v["ply"].as_u64());
    if let Some(ply) = ply.and_then(|p| usize::try_from(p).ok()) {
        spoken.truncate(ply);
    }
    if json.ends_with('}') {
        json.pop();
        json.push_str(",\"spoken\":");
        json.push_str(&serde_json::to_string(&spoken).unwrap_or_else(|_| "[]".into()));
        json.push('}');
    }
    json
}

/// [`ok_game`], with each move spoken in `tongue` where there is one.
pub(crate) fn spoken_game(outcome: &GameOutcome, tongue: Option<Tongue>) -> HttpResponse {
    crate::http::game_commands::json_answer(with_spoken(
        outcome.view_json().to_owned(),
        outcome.game(),
        tongue,
    ))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct GameQuery {
    /// A notation the moves are also given in: `spoken-de`, `spoken-tr`, `spoken-en`, or
    /// `spoken` (the caller's language) adds each move's spoken form as `spoken`.
    #[param(inline)]
    pub notation: Option<SpokenName>,
}

/// A spoken notation as a query names it.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
pub enum SpokenName {
    #[serde(rename = "spoken")]
    Own,
    #[serde(rename = "spoken-de")]
    German,
    #[serde(rename = "spoken-tr")]
    Turkish,
    #[serde(rename = "spoken-en")]
    English,
}

impl SpokenName {
    /// The notation for a caller whose language is `locale`.
    pub fn resolve(self, locale: Locale) -> Notation {
        Notation::Spoken(match self {
            SpokenName::Own => Tongue::for_language(locale.as_str()),
            SpokenName::German => Tongue::German,
            SpokenName::Turkish => Tongue::Turkish,
            SpokenName::English => Tongue::English,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spoken_names_the_callers_language_and_the_others_their_own() {
        let n = NotationName::parse("spoken").unwrap();
        assert_eq!(n.resolve(Locale::Tr), Notation::Spoken(Tongue::Turkish));
        assert_eq!(n.resolve(Locale::En), Notation::Spoken(Tongue::English));
        let de = NotationName::parse("spoken-de").unwrap();
        assert_eq!(de.resolve(Locale::Tr), Notation::Spoken(Tongue::German));
        assert_eq!(
            NotationName::parse("san-tr").unwrap().resolve(Locale::En),
            Notation::parse("san-tr").unwrap()
        );
        assert_eq!(NotationName::parse("spoken-fr"), None);
        assert_eq!(NotationName::parse("Spoken"), None);
    }
}
