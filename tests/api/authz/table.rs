//! The authority model as a table (D69): for each route, who gets through. Everyone else must
//! be refused (401, 403, 404, sent to sign in, or Xfcc's authentication fault). Getting through
//! means the model let the caller act; the game or tournament may still refuse what they asked
//! for its own reasons (a move out of turn, a round not yet paired).

use serde_json::{json, Value};

use super::world::{Credentials, Who, World};
use Who::*;

pub enum Body {
    None,
    Json(Value),
    Form(Vec<(String, String)>),
    Text(String),
    /// A SOAP call: its action and envelope.
    Soap(String, String),
}

pub struct Rule {
    pub method: &'static str,
    pub path: &'static str,
    allowed: &'static [Who],
    body: fn(&World, &Credentials) -> Body,
    /// Tried on the world's cup, not its Swiss.
    cup: bool,
}

impl Rule {
    pub fn allows(&self, who: Who) -> bool {
        self.allowed.contains(&who)
    }

    pub fn body(&self, world: &World, c: &Credentials) -> Body {
        (self.body)(world, c)
    }

    /// A page (signed in by its session cookie), not the JSON API or Xfcc.
    pub fn is_page(&self) -> bool {
        !self.path.starts_with("/api/")
            && !self.path.starts_with("/xfcc/")
            && self.path != "/metrics"
    }

    /// The world's value of each of the route's parameters.
    pub fn params(&self, world: &World) -> Vec<(&'static str, String)> {
        let id = if self.path.contains("/games/") {
            world.game.clone()
        } else if self.path.contains("/tournaments/") && self.cup {
            world.cup.clone()
        } else if self.path.contains("/tournaments/") {
            world.tournament.clone()
        } else if self.path.contains("/challenges/") {
            world.challenge.clone()
        } else if self.path.contains("/players/") {
            world.id(Player).to_owned()
        } else {
            String::new()
        };
        vec![
            ("id", id),
            ("name", world.asset.clone()),
            ("ext", "pgn".into()),
            ("answer", "accept".into()),
            ("token", world.link.clone()),
        ]
    }
}

const EVERYONE: &[Who] = &super::world::EVERYONE;
const SIGNED_IN: &[Who] = &[
    Stranger,
    Player,
    Opponent,
    Pupil,
    OtherPupil,
    Organiser,
    OtherOrganiser,
    Arbiter,
    Admin,
];
const NOBODY: &[Who] = &[];
const ORGANISER_ACCOUNTS: &[Who] = &[Organiser, OtherOrganiser, Arbiter];

/// The game's people: its players, its arbiter, the admin.
const GAME: &[Who] = &[Player, Opponent, Arbiter, Admin];
const PLAYERS: &[Who] = &[Player, Opponent];
const ARBITER: &[Who] = &[Arbiter, Admin];
/// The tournament's people: its entrants, its organiser and arbiter, the admin.
const TOURNAMENT: &[Who] = &[Player, Opponent, Pupil, Organiser, Arbiter, Admin];
const RUNS_IT: &[Who] = &[Organiser, Arbiter, Admin];
const ORGANISERS: &[Who] = &[Organiser, OtherOrganiser, Arbiter, Admin];
/// Those who may see the first school's pupil: the school and the admin.
const SEES_PUPIL: &[Who] = &[Player, Opponent, Pupil, Organiser, Admin];
/// Those who are someone's organiser, or the admin.
const THEIR_ORGANISER: &[Who] = &[Organiser, Admin];

fn none(_: &World, _: &Credentials) -> Body {
    Body::None
}

fn empty(_: &World, _: &Credentials) -> Body {
    Body::Json(json!({}))
}

fn form(fields: &[(&str, &str)]) -> Body {
    Body::Form(
        fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    )
}

fn soap(c: &Credentials) -> Body {
    const NS: &str = "http://www.bennedik.com/webservices/XfccBasic";
    let xml = format!(
        r#"<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetMyGames xmlns="{NS}"><username>{}</username><password>{}</password></GetMyGames></soap:Body></soap:Envelope>"#,
        c.email, c.app_password
    );
    Body::Soap(format!("{NS}/GetMyGames"), xml)
}

macro_rules! rules {
    ($name:ident, $cup:expr; $($method:ident $path:literal => $allowed:expr, $body:expr;)*) => {
        fn $name() -> Vec<Rule> {
            vec![$(Rule {
                method: stringify!($method),
                path: $path,
                allowed: $allowed,
                body: $body,
                cup: $cup,
            }),*]
        }
    };
}

/// Every line: the routes on the world's Swiss, then those tried on its cup.
pub fn rules() -> Vec<Rule> {
    let mut rules = swiss_rules();
    rules.extend(cup_rules());
    rules
}

rules! { swiss_rules, false;
    // Anyone: the service's own documents and its doors to signing in.
    GET "/" => EVERYONE, none;
    GET "/README.md" => EVERYONE, none;
    GET "/assets/{name}" => EVERYONE, none;
    GET "/favicon.ico" => EVERYONE, none;
    GET "/robots.txt" => EVERYONE, none;
    GET "/healthz" => EVERYONE, none;
    GET "/api/v1/openapi.json" => EVERYONE, none;
    GET "/metrics" => &[Admin], none;
    GET "/login" => EVERYONE, none;
    POST "/login" => EVERYONE, |_, _| form(&[("email", "someone@example.org")]);
    // Anyone may try a code (a wrong one is answered as such; its limits are tested apart).
    POST "/login/code" => EVERYONE, |_, _| form(&[("code", "AAAA-BBBB-CCCC")]);
    // Whoever holds the link sees its page and may follow it (once).
    GET "/login/{token}" => EVERYONE, none;
    POST "/login/link" => EVERYONE, |w, _| form(&[("token", &w.link)]);
    POST "/logout" => EVERYONE, |_, _| form(&[]);
    // The mail's own token is the authority here, whoever follows it (tested with mail).
    GET "/unsubscribe" => EVERYONE, none;
    POST "/unsubscribe" => EVERYONE, none;
    // Sign-up is closed on this server.
    GET "/signup" => NOBODY, none;
    // Sign-up is closed on this server: nobody makes an account by it.
    POST "/signup" => NOBODY, |_, _| form(&[("email", "new@example.org"), ("name", "Yeni")]);
    POST "/api/v1/signup" => NOBODY, |_, _| Body::Json(json!({"email": "new@example.org", "name": "Yeni"}));
    GET "/xfcc/XfccBasic.asmx" => EVERYONE, none;
    POST "/xfcc/XfccBasic.asmx" => SIGNED_IN, |_, c| soap(c);

    // One's own account and settings.
    GET "/api/v1/me" => SIGNED_IN, none;
    PATCH "/api/v1/me" => SIGNED_IN, |_, _| Body::Json(json!({"locale": "tr"}));
    GET "/api/v1/me/games" => SIGNED_IN, none;
    GET "/api/v1/me/export" => SIGNED_IN, none;
    PUT "/api/v1/me/challenges" => SIGNED_IN, |_, _| Body::Json(json!({"from": "school"}));
    PUT "/api/v1/me/mail" => SIGNED_IN, |_, _| Body::Json(json!({"mode": "every_event"}));
    POST "/api/v1/me/leave" => SIGNED_IN, |_, _| Body::Json(json!({"from": "2099-12-24", "days": 3}));
    DELETE "/api/v1/me/leave" => SIGNED_IN, none;
    POST "/api/v1/invitations" => SIGNED_IN, empty;
    GET "/settings" => SIGNED_IN, none;
    POST "/settings" => SIGNED_IN, |_, _| form(&[("name", "Yeni Ad"), ("locale", "tr"), ("notation", "san"), ("mail_mode", "every_event"), ("digest_hour", "18")]);
    POST "/settings/challenges" => SIGNED_IN, |_, _| form(&[("from", "school")]);
    POST "/settings/invite" => SIGNED_IN, |_, _| form(&[]);
    POST "/settings/leave" => SIGNED_IN, |_, _| form(&[("from", "2099-12-24"), ("days", "3")]);
    POST "/settings/leave/end" => SIGNED_IN, |_, _| form(&[]);
    GET "/settings/passwords" => SIGNED_IN, none;
    POST "/settings/passwords" => SIGNED_IN, |_, _| form(&[("name", "Lucas")]);
    POST "/settings/passwords/revoke" => SIGNED_IN, |_, c| form(&[("id", &c.app_password_id)]);
    GET "/live" => SIGNED_IN, none;
    // A player's own bearer tokens (the admin here is an account with the admin role).
    POST "/api/v1/me/token" => SIGNED_IN, empty;
    GET "/settings/tokens" => SIGNED_IN, none;
    POST "/settings/tokens" => SIGNED_IN, |_, _| form(&[("name", "Bot")]);
    // The player's own token, which nobody else finds.
    POST "/settings/tokens/revoke" => &[Player], |w, _| form(&[("id", &w.of(Player).token_id)]);

    // Players and their accounts.
    POST "/api/v1/players" => ORGANISERS, |_, _| Body::Json(json!({"name": "Yeni Öğrenci"}));
    GET "/api/v1/players/{id}/ratings" => SEES_PUPIL, none;
    POST "/api/v1/players/{id}/login-code" => THEIR_ORGANISER, empty;
    // Refused while she still plays: her organiser and the admin are told so, not refused.
    POST "/api/v1/players/{id}/anonymise" => THEIR_ORGANISER, empty;
    POST "/api/v1/players/{id}/without-sight" => THEIR_ORGANISER, |_, _| Body::Json(json!({"without_sight": true}));
    GET "/players/{id}" => SEES_PUPIL, none;
    GET "/players/{id}/games.{ext}" => SEES_PUPIL, none;
    GET "/admin" => &[Admin], none;
    POST "/admin/organisers" => &[Admin], |w, _| form(&[("player", w.id(Stranger)), ("change", "grant")]);
    // The organiser's page is an organiser's (the admin's is /admin).
    GET "/organise" => ORGANISER_ACCOUNTS, none;
    POST "/organise/players" => ORGANISER_ACCOUNTS, |_, _| form(&[("name", "Yeni Öğrenci")]);
    POST "/organise/class" => ORGANISER_ACCOUNTS, |_, _| form(&[("names", "Yeni Öğrenci\nİkinci Öğrenci")]);
    // Codes for a class of one's own only.
    POST "/organise/codes" => &[Organiser], |_, _| form(&[("school", "Atatürk"), ("class", "5-A")]);
    POST "/organise/games" => &[Organiser], |w, _| form(&[("white", w.id(Player)), ("black", w.id(Opponent))]);
    POST "/organise/privacy" => ORGANISER_ACCOUNTS, |_, _| form(&[("visibility", "participants")]);
    // A pupil of one's own only.
    POST "/organise/without-sight" => &[Organiser], |w, _| form(&[("player", w.id(Player)), ("without_sight", "1")]);
    POST "/organise/anonymise" => &[Organiser], |w, _| form(&[("player", w.id(Pupil))]);

    // Challenges: the first school's player challenged her school-mate.
    GET "/api/v1/challenges" => SIGNED_IN, none;
    POST "/api/v1/challenges" => SIGNED_IN, |_, _| Body::Json(json!({"open": true}));
    GET "/api/v1/challenges/open" => SIGNED_IN, none;
    GET "/api/v1/challenges/{id}" => &[Player, Opponent, Admin], none;
    // The challenger reads her own challenge and is told she cannot take it herself.
    POST "/api/v1/challenges/{id}/accept" => &[Player, Opponent], empty;
    POST "/api/v1/challenges/{id}/decline" => &[Opponent], empty;
    POST "/api/v1/challenges/{id}/withdraw" => &[Player], empty;
    GET "/challenges" => SIGNED_IN, none;
    POST "/challenges" => SIGNED_IN, |_, _| form(&[("to", "lobby")]);
    GET "/challenges/{id}" => &[Player, Opponent, Admin], none;
    POST "/challenges/{id}/{answer}" => &[Player, Opponent], |_, _| form(&[]);

    // Games: the arbiter made one for two entrants of the tournament; White is to move.
    POST "/api/v1/games" => &[Player, Opponent, Organiser, Admin], |w, _| Body::Json(json!({"white": w.id(Player), "black": w.id(Opponent)}));
    GET "/api/v1/games/{id}" => GAME, none;
    GET "/api/v1/games/{id}/events" => GAME, none;
    GET "/api/v1/games/{id}/pgn" => GAME, none;
    GET "/api/v1/games/{id}/legal-moves" => GAME, none;
    POST "/api/v1/games/{id}/moves" => PLAYERS, |_, _| Body::Json(json!({"move": "e4"}));
    POST "/api/v1/games/{id}/claims" => PLAYERS, |_, _| Body::Json(json!({"kind": "fifty_moves"}));
    POST "/api/v1/games/{id}/entropy" => PLAYERS, |_, _| Body::Json(json!({"entropy": "zar"}));
    POST "/api/v1/games/{id}/throw" => PLAYERS, empty;
    // Black, not to move, is told it is not hers to adjourn.
    POST "/api/v1/games/{id}/adjourn" => &[Player, Opponent, Arbiter, Admin], |_, _| Body::Json(json!({"resume_at": "2099-12-05T14:00:00Z"}));
    POST "/api/v1/games/{id}/check-in" => PLAYERS, empty;
    POST "/api/v1/games/{id}/envelope" => PLAYERS, |_, _| Body::Json(json!({"move": "e4"}));
    POST "/api/v1/games/{id}/envelope/close" => PLAYERS, empty;
    // No envelope in this game: nobody finds one (who reads a sealed one: adjournment's tests).
    GET "/api/v1/games/{id}/envelope" => NOBODY, none;
    GET "/api/v1/games/{id}/envelope/print" => NOBODY, none;
    POST "/api/v1/games/{id}/envelope/restore" => ARBITER, |_, _| Body::Json(json!({"move": "e4", "reason": "the paper copy"}));
    POST "/api/v1/games/{id}/clocks" => ARBITER, |_, _| Body::Json(json!({"white_seconds": 3600, "black_seconds": 3600, "reason": "clocks set"}));
    POST "/api/v1/games/{id}/time" => ARBITER, |_, _| Body::Json(json!({"side": "white", "seconds": 3600, "reason": "a postal delay"}));
    POST "/api/v1/games/{id}/decision" => ARBITER, |_, _| Body::Json(json!({"result": "1/2-1/2", "reason": "agreed at the table"}));
    GET "/api/v1/games/{id}/conditional-moves" => PLAYERS, none;
    PUT "/api/v1/games/{id}/conditional-moves" => PLAYERS, |_, _| Body::Json(json!({"lines": [["e5", "Nf3"]]}));
    DELETE "/api/v1/games/{id}/conditional-moves" => PLAYERS, none;
    GET "/games/{id}" => GAME, none;
    GET "/games/{id}/live" => GAME, none;
    POST "/games/{id}/move" => PLAYERS, |_, _| form(&[("move", "e4")]);
    POST "/games/{id}/action" => PLAYERS, |_, _| form(&[("action", "offer_draw")]);
    POST "/games/{id}/conditional" => PLAYERS, |_, _| form(&[("action", "withdraw")]);
    POST "/games/{id}/envelope" => PLAYERS, |_, _| form(&[("action", "seal"), ("move", "e4")]);
    POST "/games/{id}/arbiter" => ARBITER, |_, _| form(&[("action", "add_time"), ("side", "white"), ("minutes", "60"), ("reason", "a postal delay")]);

    // The tournament: the first school's organiser runs it with the arbiter; three of the
    // school's pupils are its entrants.
    POST "/api/v1/tournaments" => ORGANISERS, |_, _| Body::Json(json!({"name": "Yeni Turnuva", "system": "swiss", "rounds": 3}));
    POST "/api/v1/tournament-imports" => ORGANISERS, |_, _| Body::Text("012 Imported\n".into());
    GET "/api/v1/tournaments/{id}" => TOURNAMENT, none;
    GET "/api/v1/tournaments/{id}/standings" => TOURNAMENT, none;
    GET "/api/v1/tournaments/{id}/teams" => TOURNAMENT, none;
    GET "/api/v1/tournaments/{id}/report.trf" => TOURNAMENT, none;
    GET "/api/v1/tournaments/{id}/games.pgn" => TOURNAMENT, none;
    GET "/api/v1/tournaments/{id}/bracket" => TOURNAMENT, none;
    // Entered by their own organiser: the arbiter who runs it with her is refused another's pupil.
    POST "/api/v1/tournaments/{id}/players" => THEIR_ORGANISER, |w, _| Body::Json(json!({"player": w.id(Player)}));
    // Whoever may read it asks to enter (its entrants are told they are in already).
    POST "/api/v1/tournaments/{id}/entries" => TOURNAMENT, empty;
    POST "/tournaments/{id}/enter" => TOURNAMENT, |_, _| form(&[]);
    // Whoever runs it invites; whoever may read it may decline (the tournament then says
    // whether they were invited).
    POST "/api/v1/tournaments/{id}/invitations" => RUNS_IT, |w, _| Body::Json(json!({"player": w.id(Stranger)}));
    POST "/api/v1/tournaments/{id}/invitations/withdraw" => RUNS_IT, |w, _| Body::Json(json!({"player": w.id(Stranger)}));
    POST "/api/v1/tournaments/{id}/invitations/decline" => TOURNAMENT, empty;
    POST "/tournaments/{id}/decline" => TOURNAMENT, |_, _| form(&[]);
    POST "/api/v1/tournaments/{id}/class" => RUNS_IT, |_, _| Body::Json(json!({"csv": "Yeni Öğrenci\n"}));
    POST "/api/v1/tournaments/{id}/withdrawals" => RUNS_IT, |w, _| Body::Json(json!({"player": w.id(Pupil)}));
    POST "/api/v1/tournaments/{id}/byes" => RUNS_IT, |w, _| Body::Json(json!({"player": w.id(Pupil), "round": 1, "half": true}));
    POST "/api/v1/tournaments/{id}/rounds" => RUNS_IT, empty;
    POST "/api/v1/tournaments/{id}/publish" => RUNS_IT, |_, _| Body::Json(json!({"round": 1}));
    POST "/api/v1/tournaments/{id}/results" => RUNS_IT, |w, _| Body::Json(json!({"round": 1, "white": w.id(Player), "result": "1-0"}));
    POST "/api/v1/tournaments/{id}/corrections" => RUNS_IT, |w, _| Body::Json(json!({"round": 1, "white": w.id(Player), "result": "1-0", "reason": "a slip"}));
    POST "/api/v1/tournaments/{id}/pairing" => RUNS_IT, |w, _| Body::Json(json!({"round": 1, "boards": [{"white": w.id(Player), "black": w.id(Opponent)}], "reason": "a mistake"}));
    POST "/api/v1/tournaments/{id}/games" => RUNS_IT, |w, _| Body::Json(json!({"round": 1, "white": w.id(Player)}));
    POST "/api/v1/tournaments/{id}/tiebreaks" => RUNS_IT, |_, _| Body::Json(json!({"codes": ["BH", "SB"]}));
    POST "/api/v1/tournaments/{id}/finish" => RUNS_IT, empty;
    POST "/api/v1/tournaments/{id}/match-results" => RUNS_IT, |w, _| Body::Json(json!({"game": w.game, "result": "1-0"}));
    POST "/api/v1/tournaments/{id}/decisions" => RUNS_IT, |w, _| Body::Json(json!({"bracket": "winners", "round": 1, "number": 1, "winner": w.id(Player), "reason": "a forfeit"}));
    GET "/tournaments" => EVERYONE, none;
    POST "/tournaments" => ORGANISERS, |_, _| form(&[("name", "Yeni Turnuva"), ("system", "swiss"), ("rounds", "3")]);
    POST "/tournaments/import" => ORGANISERS, |_, _| form(&[("trf", "012 Imported")]);
    GET "/tournaments/{id}" => TOURNAMENT, none;
    GET "/tournaments/{id}/live" => TOURNAMENT, none;
    GET "/tournaments/{id}/print" => TOURNAMENT, none;
    GET "/tournaments/{id}/run" => RUNS_IT, none;
    POST "/tournaments/{id}/run" => RUNS_IT, |_, _| form(&[("action", "pair")]);
}

rules! { cup_rules, true;
    // The world's cup: its match 2, Opponent against Pupil, is ready.
    GET "/api/v1/tournaments/{id}/bracket" => TOURNAMENT, none;
    POST "/api/v1/tournaments/{id}/decisions" => RUNS_IT, |w, _| Body::Json(json!({"bracket": "winners", "round": 1, "number": 2, "winner": w.id(Opponent), "reason": "a forfeit"}));
    POST "/api/v1/tournaments/{id}/match-results" => RUNS_IT, |w, _| Body::Json(json!({"game": w.cup_game, "result": "1-0"}));
    POST "/tournaments/{id}/run" => RUNS_IT, |w, _| form(&[("action", "decide"), ("decision", &format!("winners:1:2:{}", w.id(Opponent))), ("reason", "a forfeit")]);
    POST "/tournaments/{id}/run" => RUNS_IT, |w, _| form(&[("action", "match_game"), ("white", &w.cup_game), ("result", "1-0")]);
}
