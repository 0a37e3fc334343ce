//! The world every route is tried in: two schools, a stranger, an arbiter and the admin; a
//! tournament, a game and a challenge between the first school's pupils; each caller with a
//! bearer token, a signed-in page session and an application password.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// Every kind of caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Who {
    Anonymous,
    /// An adult nobody made, in nothing of the world's.
    Stranger,
    /// White in the game, a pupil of the first school, an entrant, the challenger.
    Player,
    /// Black in the game, a pupil of the first school, an entrant, the one challenged.
    Opponent,
    /// A pupil of the first school in the tournament, not in the game.
    Pupil,
    /// A pupil of the second school.
    OtherPupil,
    /// The first school's organiser, who made its pupils and runs the tournament.
    Organiser,
    /// The second school's organiser.
    OtherOrganiser,
    /// An organiser named the tournament's arbiter, who made the game for its entrants.
    Arbiter,
    /// The admin: the admin token on the API, an account with the admin role on the pages.
    Admin,
}

pub const EVERYONE: [Who; 10] = [
    Who::Anonymous,
    Who::Stranger,
    Who::Player,
    Who::Opponent,
    Who::Pupil,
    Who::OtherPupil,
    Who::Organiser,
    Who::OtherOrganiser,
    Who::Arbiter,
    Who::Admin,
];

/// A caller's credentials at each door.
#[derive(Debug, Clone, Default)]
pub struct Credentials {
    pub id: String,
    pub email: String,
    pub token: String,
    /// The `cookie` header of a signed-in page, and its forms' token.
    pub cookie: String,
    pub csrf: String,
    pub app_password: String,
    pub app_password_id: String,
    /// The id (not the token) of the bearer token it holds.
    pub token_id: String,
}

pub struct World {
    pub callers: Vec<(Who, Credentials)>,
    pub game: String,
    pub tournament: String,
    /// A knockout over the board of Player, Opponent and Pupil (in that order, Player with a
    /// bye), drawn: its match 2 (Opponent against Pupil) is ready.
    pub cup: String,
    /// The first game of that match.
    pub cup_game: String,
    pub challenge: String,
    /// The service's stylesheet, by its name.
    pub asset: String,
    /// A sign-in link's token (the player's).
    pub link: String,
}

impl World {
    pub fn of(&self, who: Who) -> &Credentials {
        &self
            .callers
            .iter()
            .find(|(w, _)| *w == who)
            .expect("every caller is in the world")
            .1
    }

    pub fn id(&self, who: Who) -> &str {
        &self.of(who).id
    }
}

fn player(v: Value) -> Credentials {
    Credentials {
        id: v["id"].as_str().expect("a player's id").to_owned(),
        ..Credentials::default()
    }
}

async fn account(app: &TestApp, by: &str, body: Value) -> Credentials {
    let res = app.post("/api/v1/players", Some(by), body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let mut c = player(res.json().await.unwrap());
    // A bearer token of the account's own, as its settings page would make it.
    c.token = api::app::tokens::issue(&app.state, &c.id, Some("test")).unwrap();
    c.token_id = app.state.store.tokens_of(&c.id).unwrap()[0].id.clone();
    c
}

/// Signs `c` in on the pages (as a followed sign-in link does), with an application password.
async fn credentials(app: &TestApp, mut c: Credentials, email: &str) -> Credentials {
    let (cookie, csrf) = sign_in(app, &c.id).await;
    c.cookie = cookie;
    c.csrf = csrf;
    c.email = email.to_owned();
    let name = api::app::app_passwords::PasswordName::parse("Scid").unwrap();
    let made = api::app::app_passwords::create(&app.state, &c.id, &name).unwrap();
    c.app_password = made.password;
    c.app_password_id = made.id;
    c
}

pub async fn world(app: &TestApp) -> World {
    let admin = app.admin.clone();
    // Addresses of this world's own: each route's world lives beside the others.
    let here = uuid::Uuid::now_v7().simple().to_string();
    let address = |who: Who| format!("{}.{here}@example.org", format!("{who:?}").to_lowercase());
    let mut made = Vec::new();
    for (who, name, roles) in [
        (Who::Organiser, "Atatürk Öğretmeni", json!(["organiser"])),
        (
            Who::OtherOrganiser,
            "Cumhuriyet Öğretmeni",
            json!(["organiser"]),
        ),
        (Who::Arbiter, "Hakem Bey", json!(["organiser"])),
        (Who::Stranger, "Yabancı Kişi", json!([])),
        (Who::Admin, "Yönetici", json!(["admin"])),
    ] {
        let email = address(who);
        let body = json!({"name": name, "email": email, "roles": roles});
        made.push((who, account(app, &admin, body).await, email));
    }
    let token_of = |made: &Vec<(Who, Credentials, String)>, w: Who| {
        made.iter().find(|m| m.0 == w).unwrap().1.token.clone()
    };
    for (who, name, by) in [
        (Who::Player, "Ayşe Yılmaz", Who::Organiser),
        (Who::Opponent, "Mehmet Öz", Who::Organiser),
        (Who::Pupil, "Can Demir", Who::Organiser),
        (Who::OtherPupil, "Ece Arslan", Who::OtherOrganiser),
    ] {
        let email = address(who);
        let school = if by == Who::Organiser {
            "Atatürk"
        } else {
            "Cumhuriyet"
        };
        let body = json!({"name": name, "email": email, "school": school, "class": "5-A"});
        made.push((who, account(app, &token_of(&made, by), body).await, email));
    }
    // A browser not signed in has the sign-in page's form token.
    let (cookie, csrf) = form_token(app).await;
    let anonymous = Credentials {
        cookie,
        csrf,
        ..Credentials::default()
    };
    let mut callers = vec![(Who::Anonymous, anonymous)];
    for (who, c, email) in made {
        callers.push((who, credentials(app, c, &email).await));
    }
    let mut world = World {
        callers,
        game: String::new(),
        tournament: String::new(),
        cup: String::new(),
        cup_game: String::new(),
        challenge: String::new(),
        asset: String::new(),
        link: String::new(),
    };
    let home = app.get("/", None).await.text().await.unwrap();
    world.asset = home
        .split("/assets/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the home page links its stylesheet")
        .to_owned();
    let link = api::app::accounts::sign_in_link(
        &app.state.store,
        &app.state.public_url,
        world.id(Who::Player),
        time::Duration::minutes(15),
    )
    .unwrap();
    world.link = link.rsplit('/').next().unwrap().to_owned();
    let organiser = world.of(Who::Organiser).token.clone();
    let t: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({"name": "Okul Turnuvası", "system": "swiss", "rounds": 5,
                   "arbiters": [world.id(Who::Arbiter)]}),
        )
        .await
        .json()
        .await
        .unwrap();
    world.tournament = t["id"].as_str().expect("a tournament").to_owned();
    for who in [Who::Player, Who::Opponent, Who::Pupil] {
        let res = app
            .post(
                &format!("/api/v1/tournaments/{}/players", world.tournament),
                Some(&organiser),
                json!({"player": world.id(who)}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    }
    let res = app
        .create_game_with(
            &world.of(Who::Arbiter).token,
            json!({"white": world.id(Who::Player), "black": world.id(Who::Opponent),
                   "tournament": world.tournament,
                   "time_control": {"kind": "per_move", "seconds": 259200}}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    world.game = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = app
        .post(
            "/api/v1/challenges",
            Some(&world.of(Who::Player).token),
            json!({"to": world.id(Who::Opponent)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    world.challenge = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let cup: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({"name": "Okul Kupası", "system": "knockout", "seeding": "given",
                   "arbiters": [world.id(Who::Arbiter)]}),
        )
        .await
        .json()
        .await
        .unwrap();
    world.cup = cup["id"].as_str().expect("a cup").to_owned();
    for who in [Who::Player, Who::Opponent, Who::Pupil] {
        let res = app
            .post(
                &format!("/api/v1/tournaments/{}/players", world.cup),
                Some(&organiser),
                json!({"player": world.id(who)}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    }
    let res = app
        .post(
            &format!("/api/v1/tournaments/{}/rounds", world.cup),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    let bracket: Value = app
        .get(
            &format!("/api/v1/tournaments/{}/bracket", world.cup),
            Some(&organiser),
        )
        .await
        .json()
        .await
        .unwrap();
    world.cup_game = bracket["rounds"][0]["matches"][1]["games"][0]
        .as_str()
        .expect("the ready match's first game")
        .to_owned();
    world
}
