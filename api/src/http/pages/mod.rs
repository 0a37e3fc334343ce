//! The pages: server-rendered HTML for people, their forms, the live streams that keep them up
//! to date, and the pages mail links lead to (signing in, unsubscribing).

pub mod adjourned;
pub mod admin;
pub mod challenges;
pub mod dice_panel;
pub mod game_page;
pub mod home;
pub mod live;
pub mod login;
pub mod organise;
pub mod page_lines;
pub mod panels;
pub mod passwords;
pub mod play;
pub mod profile;
pub mod questions;
pub(crate) mod receipt;
pub mod school;
pub mod settings;
pub mod sightless;
pub mod signup;
pub mod talk;
pub mod tokens;
pub mod tournaments;

/// The games a form offers, each with its name in the reader's words (from the games' registry).
pub fn game_choices(t: &crate::i18n::Texts) -> Vec<(&'static str, String)> {
    use domain::game::Rules;
    domain::games::GameKind::ALL
        .iter()
        .map(|k| (k.name(), t.text(&format!("game-{}", k.name()))))
        .collect()
}

/// Every game's rule sets a form offers, each with its name in the reader's words.
pub fn rule_set_choices(t: &crate::i18n::Texts) -> Vec<(&'static str, String)> {
    use domain::game::Rules;
    domain::games::GameKind::ALL
        .iter()
        .flat_map(|k| k.rule_sets())
        .map(|r| (r.as_str(), t.text(&format!("rules-{}", r.as_str()))))
        .collect()
}

/// The pages' routes, each declared once (in the order a request is matched against them).
pub fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(home::home)
        .service(passwords::passwords_page)
        .service(passwords::create_form)
        .service(passwords::revoke_form)
        .service(tokens::tokens_page)
        .service(tokens::create_form)
        .service(tokens::revoke_form)
        .service(play::game_page)
        .service(play::move_form)
        .service(page_lines::conditional_form)
        .service(play::action_form)
        .service(adjourned::envelope_form)
        .service(adjourned::arbiter_form)
        .service(live::game_live)
        .service(live::my_live)
        .service(tournaments::tournaments_page)
        .service(tournaments::new_tournament)
        .service(tournaments::import_tournament_page)
        .service(tournaments::tournament_page)
        .service(tournaments::run_tournament_page)
        .service(tournaments::run_tournament)
        .service(tournaments::ask_to_enter)
        .service(tournaments::decline_invitation)
        .service(tournaments::print_tournament)
        .service(live::tournament_live)
        .service(challenges::challenges_page)
        .service(challenges::new_challenge)
        .service(challenges::challenge_page)
        .service(challenges::answer_challenge)
        .service(profile::records)
        .service(profile::profile_page)
        .service(signup::signup_page)
        .service(signup::signup_form)
        .service(signup::invitation_form)
        .service(admin::admin_page)
        .service(admin::set_organiser)
        .service(organise::organise_page)
        .service(organise::add_player)
        .service(organise::add_class)
        .service(organise::class_codes)
        .service(organise::add_game)
        .service(school::set_privacy)
        .service(school::anonymise)
        .service(school::without_sight)
        .service(settings::settings_page)
        .service(settings::settings_form)
        .service(settings::take_leave_form)
        .service(settings::challenges_form)
        .service(settings::end_leave_form)
        .service(login::login_page)
        .service(login::request_link)
        .service(login::use_code)
        .service(login::logout)
        .service(login::use_link)
        .service(login::link_page)
        .service(login::unsubscribe_page)
        .service(login::unsubscribe);
}
