// The tables, as in migrations/{sqlite,postgres}. Ids are TEXT, times BIGINT microseconds since
// the Unix epoch, JSON TEXT: one shape for both backends.

diesel::table! {
    players (id) {
        id -> Text,
        name -> Text,
        email -> Nullable<Text>,
        locale -> Text,
        notation -> Nullable<Text>,
        roles -> Text,
        created_at -> BigInt,
        mail_mode -> Text,
        digest_hour -> Integer,
        utc_offset_minutes -> Integer,
        last_digest_at -> Nullable<BigInt>,
        next_digest_at -> Nullable<BigInt>,
        created_by -> Nullable<Text>,
        school -> Nullable<Text>,
        class_name -> Nullable<Text>,
        time_zone -> Nullable<Text>,
        challenges_from -> Text,
        max_games -> Nullable<Integer>,
        email_confirmed -> Bool,
        school_visibility -> Nullable<Text>,
        anonymised_at -> Nullable<BigInt>,
        messages_off -> Bool,
        without_sight -> Bool,
    }
}

diesel::table! {
    app_passwords (id) {
        id -> Text,
        player_id -> Text,
        name -> Text,
        hash -> Text,
        created_at -> BigInt,
        last_used_at -> Nullable<BigInt>,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    game_numbers (number) {
        number -> BigInt,
        game_id -> Text,
    }
}

diesel::table! {
    invitations (hash) {
        hash -> Text,
        created_by -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    tokens (hash) {
        hash -> Text,
        player_id -> Text,
        created_at -> BigInt,
        id -> Text,
        name -> Nullable<Text>,
        last_used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    game_events (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        #[sql_name = "type"]
        type_ -> Text,
        version -> Integer,
        data -> Text,
        actor -> Text,
        recorded_at -> BigInt,
        prev_hash -> Text,
        hash -> Text,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        white_id -> Text,
        black_id -> Text,
        organiser_id -> Nullable<Text>,
        status -> Text,
        to_move -> Text,
        to_move_id -> Nullable<Text>,
        deadline -> Nullable<BigInt>,
        result -> Nullable<Text>,
        termination -> Nullable<Text>,
        last_seq -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        view -> Text,
        clock_state -> Nullable<Text>,
        claimed_until -> Nullable<BigInt>,
        reminder_at -> Nullable<BigInt>,
        resume_deadline -> Nullable<BigInt>,
        game -> Text,
        rated -> Bool,
        rating_settled -> Bool,
        visibility -> Text,
    }
}

diesel::table! {
    ratings (player_id, game) {
        player_id -> Text,
        game -> Text,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        games -> Integer,
        last_game_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    rating_changes (game_id, player_id) {
        game_id -> Text,
        player_id -> Text,
        game -> Text,
        at -> BigInt,
        before -> Double,
        rating -> Double,
        deviation -> Double,
    }
}

diesel::table! {
    envelopes (game_id, kind) {
        game_id -> Text,
        kind -> Text,
        sealed_by -> Text,
        ciphertext -> Text,
        sealed_at -> BigInt,
    }
}

diesel::table! {
    outbox (id) {
        id -> Text,
        game_id -> Nullable<Text>,
        kind -> Text,
        recipient_id -> Text,
        payload -> Text,
        created_at -> BigInt,
        attempts -> Integer,
        next_attempt_at -> BigInt,
        sent_at -> Nullable<BigInt>,
        last_error -> Nullable<Text>,
        claimed_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    login_links (hash) {
        hash -> Text,
        player_id -> Text,
        expires_at -> BigInt,
        used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    sessions (hash) {
        hash -> Text,
        player_id -> Text,
        expires_at -> BigInt,
    }
}

diesel::table! {
    login_codes (hash) {
        hash -> Text,
        player_id -> Text,
        created_at -> BigInt,
        used_at -> Nullable<BigInt>,
        expires_at -> BigInt,
    }
}

diesel::table! {
    tournament_events (tournament_id, seq) {
        tournament_id -> Text,
        seq -> BigInt,
        #[sql_name = "type"]
        type_ -> Text,
        version -> Integer,
        data -> Text,
        actor -> Text,
        recorded_at -> BigInt,
        prev_hash -> Text,
        hash -> Text,
    }
}

diesel::table! {
    erasures (kind, log_id, seq) {
        kind -> Text,
        log_id -> Text,
        seq -> BigInt,
        erased_at -> BigInt,
        erased_by -> Text,
    }
}

diesel::table! {
    tournaments (id) {
        id -> Text,
        name -> Text,
        system -> Text,
        status -> Text,
        rounds -> Integer,
        rounds_paired -> Integer,
        players -> Integer,
        last_seq -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        visibility -> Nullable<Text>,
    }
}

diesel::table! {
    challenges (id) {
        id -> Text,
        challenger_id -> Text,
        challenged_id -> Nullable<Text>,
        listed -> Bool,
        game -> Text,
        seconds_per_move -> Nullable<BigInt>,
        rated -> Bool,
        terms -> Text,
        status -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
        answered_at -> Nullable<BigInt>,
        answered_by -> Nullable<Text>,
        game_id -> Nullable<Text>,
        challenger_white -> Nullable<Bool>,
        game_created -> Bool,
    }
}

diesel::table! {
    game_visits (player_id, game_id) {
        player_id -> Text,
        game_id -> Text,
        seen_version -> BigInt,
        seen_ply -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    app_passwords,
    game_visits,
    game_numbers,
    invitations,
    challenges,
    ratings,
    rating_changes,
    players,
    tokens,
    game_events,
    games,
    outbox,
    envelopes,
    login_links,
    sessions,
    login_codes,
    tournament_events,
    tournaments
);
