//! `zarf-load seed`: fills a database with games played by the rules engine (real, hash-chained
//! logs and their projection rows), as fast as the store takes them, for measuring reads and
//! start-up on a large database.
//!
//! Everything is derived from the game's number, so `zarf-load reads` can name seeded games and
//! players again without asking the database: game `n` has a UUID built from `n`, player `p`
//! has the bearer token `zarf-seed-player-<p>` (a benchmark database only: anyone can compute
//! these tokens).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use api::app::tokens::token_hash;
use api::app::views::GameView;
use api::store::{Append, GameRow, PlayerRow, Store};
use domain::game::{
    evolve, Actor, CreateGame, GameEvent, MoveText, Participant, RuleSet, Rules, TimeControl,
};
use domain::{decide, GameId, PlayerId};

use domain::games::{Command, Context, GameKind, GameState, MoveInput, Notation};
use time::OffsetDateTime;

/// Games per transaction.
const BATCH: usize = 500;

/// A small, fast, seedable generator (SplitMix64): the same game number gives the same game.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Game `n`'s id: a version-7 UUID whose time and random bits come from `n`.
pub fn game_id(n: u64) -> GameId {
    // 2026-01-01T00:00:00Z in milliseconds, plus n.
    let ms = 1_767_225_600_000u64 + n;
    let bits = (u128::from(ms) << 80) | (0x7u128 << 76) | (0x8u128 << 60) | u128::from(n);
    GameId::from_uuid(uuid::Uuid::from_u128(bits))
}

pub fn player_id(p: u64) -> PlayerId {
    let ms = 1_767_225_600_000u64 - 1_000_000_000 + p;
    let bits = (u128::from(ms) << 80) | (0x7u128 << 76) | (0x8u128 << 60) | u128::from(p);
    PlayerId::from_uuid(uuid::Uuid::from_u128(bits))
}

pub fn player_token(p: u64) -> String {
    format!("zarf-seed-player-{p}")
}

/// The players of game `n` among `players`.
pub fn sides(n: u64, players: u64) -> (u64, u64) {
    let white = (n * 7) % players;
    let black = (white + 1 + (n % (players - 1))) % players;
    (white, black)
}

/// Seeded player `p`: no address (no mail is sent for seeded games), alternately Turkish and
/// English.
fn seed_player(p: u64, now: OffsetDateTime) -> PlayerRow {
    PlayerRow {
        id: player_id(p).to_string(),
        name: format!("Seed Player {p}"),
        email: None,
        locale: if p.is_multiple_of(2) { "tr" } else { "en" }.into(),
        notation: None,
        roles: String::new(),
        created_at: api::store::micros(now),
        mail_mode: "every_event".into(),
        digest_hour: 18,
        utc_offset_minutes: 180,
        last_digest_at: None,
        created_by: None,
        school: None,
        class_name: None,
        time_zone: None,
        challenges_from: "anyone".into(),
        max_games: None,
        email_confirmed: true,
        without_sight: false,
    }
}

/// Seeds `games` games among `players` players into `database`.
pub fn seed(database: &str, games: u64, players: u64, threads: usize) -> anyhow::Result<()> {
    anyhow::ensure!(players >= 2, "at least two players");
    let store = Store::open(database, threads as u32 + 2)?;
    let started = Instant::now();
    let now = OffsetDateTime::now_utc();
    // A thousand players a commit; a part seeded before (a run stopped midway) is created one by
    // one, skipping those that exist.
    for first in (0..players).step_by(1000) {
        let rows: Vec<(PlayerRow, String)> = (first..players.min(first + 1000))
            .map(|p| (seed_player(p, now), token_hash(&player_token(p))))
            .collect();
        let part: Vec<(&PlayerRow, Option<&str>)> =
            rows.iter().map(|(p, h)| (p, Some(h.as_str()))).collect();
        match store.create_players(&part) {
            Ok(()) => {}
            Err(api::store::StoreError::Duplicate) => {
                for (row, hash) in part {
                    match store.create_player(row, hash) {
                        Ok(()) | Err(api::store::StoreError::Duplicate) => {}
                        Err(e) => return Err(e.into()),
                    }
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    eprintln!(
        "{players} players in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let events = AtomicU64::new(0);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let from = next.fetch_add(BATCH as u64, Ordering::Relaxed);
                        if from >= games {
                            return Ok(());
                        }
                        let to = (from + BATCH as u64).min(games);
                        let played: Vec<(String, Vec<GameEvent>, GameRow)> = (from..to)
                            .map(|n| play(n, players, now))
                            .collect::<anyhow::Result<_>>()?;
                        let genesis = api::store::chain::GENESIS;
                        let appends: Vec<Append<'_>> = played
                            .iter()
                            .map(|(_, log, row)| Append {
                                after_seq: 0,
                                prev_hash: genesis,
                                events: log,
                                projection: row,
                                mail: &[],
                                envelope: None,
                            })
                            .collect();
                        store.import(&appends)?;
                        let n_events: usize = played.iter().map(|(_, log, _)| log.len()).sum();
                        events.fetch_add(n_events as u64, Ordering::Relaxed);
                        let d = done.fetch_add(to - from, Ordering::Relaxed) + (to - from);
                        if d % 50_000 < BATCH as u64 {
                            eprintln!(
                                "{d} games, {} events, {:.0} s",
                                events.load(Ordering::Relaxed),
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                })
            })
            .collect();
        for w in workers {
            w.join()
                .map_err(|_| anyhow::anyhow!("a seeding thread panicked"))??;
        }
        Ok(())
    })?;
    // As autovacuum would in time, where it runs (PostgreSQL's advice after a bulk load).
    let vacuum = Instant::now();
    store.vacuum_analyze()?;
    eprintln!(
        "vacuumed and analysed in {:.1} s",
        vacuum.elapsed().as_secs_f64()
    );
    let secs = started.elapsed().as_secs_f64();
    println!(
        "seeded {games} games ({} events) among {players} players in {secs:.0} s",
        events.load(Ordering::Relaxed)
    );
    Ok(())
}

/// Plays game `n` with the rules engine: up to 40 random legal plies over the past weeks; about
/// half the games then end (resignation or an agreed draw, unless the moves ended them).
fn play(
    n: u64,
    players: u64,
    now: OffsetDateTime,
) -> anyhow::Result<(String, Vec<GameEvent>, GameRow)> {
    let mut rng = Rng::new(n);
    let (w, b) = sides(n, players);
    let id = game_id(n);
    let admin: Context = Context {
        now: now - time::Duration::days(30),
        actor: Actor::Admin,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let create = CreateGame {
        game_id: id,
        white: Participant {
            id: player_id(w),
            name: format!("Seed Player {w}"),
        },
        black: Participant {
            id: player_id(b),
            name: format!("Seed Player {b}"),
        },
        organiser: None,
        game: None,
        rules: Some(RuleSet::FIDE_2023),
        start_position: None,
        // Half the games keep a correspondence clock with deadlines weeks ahead.
        time_control: n.is_multiple_of(2).then_some(TimeControl::PerMove {
            seconds: 60 * 86_400,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        }),
        event: Some("Seed".into()),
        round: Some((n % 9 + 1).to_string()),
        site: None,
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: None,
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: None,
        rated: false,
        visibility: Default::default(),
        tablebase: Default::default(),
    };
    let mut log = decide(
        &GameState::NotCreated,
        Command::CreateGame(Box::new(create)),
        &admin,
    )
    .map_err(|r| anyhow::anyhow!("game {n}: {r:?}"))?;
    let mut state = GameState::replay(&log)?;
    let plies = rng.below(41);
    let step = time::Duration::minutes(30);
    let mut at = admin.now;
    let run = |state: &mut GameState, log: &mut Vec<GameEvent>, cmd: Command, ctx: &Context| {
        let events = decide(state, cmd, ctx).map_err(|r| anyhow::anyhow!("game {n}: {r:?}"))?;
        for e in &events {
            *state = evolve(std::mem::replace(state, GameState::NotCreated), e);
        }
        log.extend(events);
        anyhow::Ok(())
    };
    let actor_of = |state: &GameState, mover: bool| {
        let g = state.game().expect("created");
        let side = if mover { g.turn() } else { g.turn().opponent() };
        Actor::Player(g.participant(side).id)
    };
    for _ in 0..plies {
        let g = state.game().expect("created");
        if !g.is_active() {
            break;
        }
        let moves = GameKind::legal_moves(g.position());
        let m = moves[rng.below(moves.len() as u64) as usize];
        let text = GameKind::record(g.position(), m).code.as_str().to_owned();
        at += step;
        let ctx = Context {
            now: at,
            actor: actor_of(&state, true),
            notation: None,
            dice: None,
            entropy: None,
            tables: None,
        };
        let mv = MoveInput {
            text: MoveText::parse(&text)?,
            notation: Notation::parse("uci"),
        };
        run(
            &mut state,
            &mut log,
            Command::MakeMove {
                mv,
                offer_draw: false,
                conditional: Vec::new(),
            },
            &ctx,
        )?;
    }
    if state.game().is_some_and(|g| g.is_active()) && rng.below(2) == 0 {
        at += step;
        if rng.below(3) == 0 {
            let offer = Context {
                now: at,
                actor: actor_of(&state, true),
                notation: None,
                dice: None,
                entropy: None,
                tables: None,
            };
            run(&mut state, &mut log, Command::OfferDraw, &offer)?;
            let accept = Context {
                actor: actor_of(&state, false),
                ..offer
            };
            run(&mut state, &mut log, Command::AcceptDraw, &accept)?;
        } else {
            let ctx = Context {
                now: at,
                actor: actor_of(&state, rng.below(2) == 0),
                notation: None,
                dice: None,
                entropy: None,
                tables: None,
            };
            run(&mut state, &mut log, Command::Resign, &ctx)?;
        }
    }
    let game = state.game().expect("created");
    let view = GameView::of(game, at);
    let row = view.row(game);
    Ok((id.to_string(), log, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_version_7_and_distinct() {
        let a = game_id(0);
        let b = game_id(1);
        assert_ne!(a, b);
        assert_eq!(
            uuid::Uuid::parse_str(&a.to_string())
                .unwrap()
                .get_version_num(),
            7
        );
        assert_eq!(GameId::parse(&b.to_string()), Ok(b));
        assert_ne!(player_id(0), player_id(1));
    }

    #[test]
    fn the_two_sides_differ() {
        for players in [2, 3, 10, 200_000] {
            for n in 0..1000 {
                let (w, b) = sides(n, players);
                assert_ne!(w, b, "{n} of {players}");
                assert!(w < players && b < players);
            }
        }
    }

    #[test]
    fn the_same_number_plays_the_same_game() {
        let now = OffsetDateTime::now_utc();
        let (id, log, row) = play(42, 10, now).unwrap();
        let (id2, log2, row2) = play(42, 10, now).unwrap();
        assert_eq!((id, &log, &row.view), (id2, &log2, &row2.view));
        assert!(GameState::replay(&log).is_ok());
    }
}
