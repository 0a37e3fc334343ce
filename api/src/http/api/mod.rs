//! The JSON API v1: each route parses its request into the application's terms, calls one
//! use-case of `app`, and writes its answer as the contract (and the served OpenAPI document)
//! says.

pub mod adjournment;
pub mod ballot;
pub mod challenges;
pub mod clocks;
pub mod conditional;
pub mod dice;
pub mod games;
pub mod players;
pub mod records;
pub mod schema;
pub mod sign_in;
pub mod signup;
pub mod spoken;
pub mod tokens;
pub mod tournaments;

/// Declares the JSON API's routes once: each is served (in the order given: every route with a
/// `{…}` segment costs a pattern match, so a game's own routes, which every move and every
/// read of a game takes, come first) and described in the OpenAPI document.
macro_rules! routes {
    (documented: [$($m:ident :: $h:ident),* $(,)?], undocumented: [$($um:ident :: $uh:ident),* $(,)?] $(,)?) => {
        /// The JSON API's operations, for the OpenAPI document.
        #[derive(utoipa::OpenApi)]
        #[openapi(paths($($m::$h),*))]
        pub struct Paths;

        /// The JSON API's routes.
        pub fn routes(cfg: &mut actix_web::web::ServiceConfig) {
            $(cfg.service($m::$h);)*
            $(cfg.service($um::$uh);)*
        }
    };
}

routes! {
    documented: [
        games::get_game,
        games::post_move,
        games::offer_draw,
        games::accept_draw,
        games::decline_draw,
        games::claim,
        games::resign,
        dice::throw_dice,
        dice::add_entropy,
        games::decision,
        games::game_log,
        records::pgn,
        records::legal_moves,
        clocks::take_leave,
        clocks::end_leave,
        clocks::add_time,
        adjournment::adjourn,
        adjournment::close,
        adjournment::restore,
        adjournment::seal,
        adjournment::get_envelope,
        adjournment::check_in,
        adjournment::set_clocks,
        conditional::set_conditional_moves,
        conditional::get_conditional_moves,
        conditional::withdraw_conditional_moves,
        tokens::new_token,
        signup::signup_api,
        signup::invitation_api,
        players::create_player,
        players::export,
        players::anonymise,
        players::set_without_sight,
        players::me,
        players::change_me,
        players::ratings,
        challenges::create,
        challenges::mine,
        challenges::lobby,
        challenges::read,
        challenges::accept,
        challenges::decline,
        challenges::withdraw,
        challenges::preferences,
        games::my_games,
        games::create_game,
        tournaments::import_tournament,
        tournaments::create_tournament,
        tournaments::get_tournament,
        tournaments::register_player,
        tournaments::ask_to_enter,
        tournaments::invite_player,
        tournaments::withdraw_invitation,
        tournaments::decline_invitation,
        tournaments::pair_round,
        tournaments::record_result,
        tournaments::report,
        tournaments::withdraw,
        tournaments::request_bye,
        tournaments::correct_result,
        tournaments::standings,
        tournaments::set_tiebreaks,
        tournaments::finish,
        tournaments::change_pairing,
        tournaments::teams,
        tournaments::publish,
        tournaments::register_class,
        tournaments::continue_board,
        tournaments::games_pgn,
        tournaments::bracket,
        tournaments::decide_match,
        tournaments::enter_match_game,
        sign_in::login_code,
        sign_in::mail_preferences,
    ],
    // The envelope printed for the arbiter's paper copy: a page, at the API's address.
    undocumented: [adjournment::print_envelope],
}
