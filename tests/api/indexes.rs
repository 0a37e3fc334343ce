//! A move rewrites its game's projection row; no index on `games` may cover a column a move
//! writes. Each such index is written on every move, and in PostgreSQL it makes every update of
//! the row a full one instead of a heap-only (HOT) update, the store's cheapest write.

use std::collections::BTreeMap;

use diesel::{Connection, QueryableByName, RunQueryDsl};

use crate::both_backends;
use crate::helpers::*;

#[derive(QueryableByName)]
struct Text {
    #[diesel(sql_type = diesel::sql_types::Text)]
    t: String,
}

/// A game's projection row, column by column as text, and the definitions of the indexes on
/// `games` (with their predicates).
fn row_and_indexes(db: &TestDb, game: &str) -> (BTreeMap<String, String>, Vec<String>) {
    let texts = |rows: Vec<Text>| rows.into_iter().map(|r| r.t).collect::<Vec<_>>();
    let (row, indexes) = match db.url.strip_prefix("sqlite://") {
        Some(path) => {
            let mut conn = diesel::SqliteConnection::establish(path).unwrap();
            let names = texts(
                diesel::sql_query("SELECT name AS t FROM pragma_table_info('games')")
                    .load(&mut conn)
                    .unwrap(),
            );
            let pairs: Vec<String> = names.iter().map(|n| format!("'{n}', {n}")).collect();
            let row = diesel::sql_query(format!(
                "SELECT json_object({}) AS t FROM games WHERE id = '{game}'",
                pairs.join(", ")
            ))
            .load(&mut conn)
            .unwrap();
            let indexes = diesel::sql_query(
                "SELECT sql AS t FROM sqlite_master \
                 WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL",
            )
            .load(&mut conn)
            .unwrap();
            (texts(row), texts(indexes))
        }
        None => {
            let mut conn = diesel::PgConnection::establish(&db.url).unwrap();
            let row = diesel::sql_query(format!(
                "SELECT row_to_json(g)::text AS t FROM games g WHERE id = '{game}'"
            ))
            .load(&mut conn)
            .unwrap();
            let indexes = diesel::sql_query(
                "SELECT indexdef AS t FROM pg_indexes \
                 WHERE tablename = 'games' AND indexname <> 'games_pkey'",
            )
            .load(&mut conn)
            .unwrap();
            (texts(row), texts(indexes))
        }
    };
    let row: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&row[0]).unwrap();
    let row = row.into_iter().map(|(k, v)| (k, v.to_string())).collect();
    (row, indexes)
}

/// Does the index definition name `column` (a whole word, not part of the index's name)?
fn names(definition: &str, column: &str) -> bool {
    definition
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| word == column)
}

/// The columns a move writes in `game`'s row (after a first move, whose write may differ), and
/// the definitions of the indexes on `games`.
async fn written_by_a_move(
    app: &TestApp,
    game: &str,
    white: &Player,
    black: &Player,
) -> (Vec<String>, Vec<String>) {
    app.play(game, white, black, "e4").await;
    let (before, indexes) = row_and_indexes(&app.db, game);
    app.play(game, white, black, "e5").await;
    let (after, _) = row_and_indexes(&app.db, game);
    let written = after
        .iter()
        .filter(|(column, value)| before.get(*column) != Some(value))
        .map(|(column, _)| column.clone())
        .collect();
    (written, indexes)
}

/// The indexes in `indexes` that name a column of `written`, other than `allowed`.
fn touched(indexes: &[String], written: &[String], allowed: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for definition in indexes {
        for column in written {
            if !allowed.contains(&column.as_str()) && names(definition, column) {
                found.push(format!(
                    "{definition} covers {column}, which every move writes"
                ));
            }
        }
    }
    found
}

both_backends! {
    async fn a_move_writes_no_column_an_index_on_games_covers(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        let (written, indexes) = written_by_a_move(&app, &g, &white, &black).await;
        for column in ["updated_at", "view", "last_seq", "to_move"] {
            assert!(written.iter().any(|w| w == column), "a move writes {column}: {written:?}");
        }
        assert!(indexes.len() >= 5, "the indexes were read: {indexes:?}");
        let touched = touched(&indexes, &written, &[]);
        assert!(touched.is_empty(), "{touched:?}");
    }

    async fn a_timed_games_move_writes_only_the_clock_columns_the_scheduler_finds(app) {
        // A timed game's move moves its deadline and its reminder, which the scheduler finds by
        // index: those, and nothing else an index covers.
        let white = app.create_player("Ayşe Yılmaz").await;
        let black = app.create_player("Mehmet Öz").await;
        let tc = serde_json::json!({"kind": "per_move", "seconds": 86_400});
        let res = app
            .create_game_with(
                &app.admin,
                serde_json::json!({"white": white.id, "black": black.id, "time_control": tc}),
            )
            .await;
        assert_eq!(res.status(), 201);
        let game: serde_json::Value = res.json().await.unwrap();
        let g = game["id"].as_str().unwrap().to_owned();
        let (written, indexes) = written_by_a_move(&app, &g, &white, &black).await;
        assert!(written.iter().any(|w| w == "deadline"), "{written:?}");
        let touched = touched(&indexes, &written, &["deadline", "reminder_at"]);
        assert!(touched.is_empty(), "{touched:?}");
    }
}

#[test]
fn an_index_names_a_column_as_a_whole_word() {
    let def =
        "CREATE INDEX games_rating_due ON games (updated_at) WHERE rated AND status = 'finished'";
    assert!(names(def, "updated_at"));
    assert!(names(def, "status"));
    assert!(!names(def, "rating"));
    assert!(!names(def, "due"));
}
