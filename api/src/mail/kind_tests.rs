//! The stored payloads of every kind of mail.
use serde_json::json;

use super::*;

fn row(mail: &Mail, cause: Option<Cause<'static>>) -> OutboxRow {
    mail.row(Some("g".into()), "p".into(), cause, 0)
}

/// The hash every cause in these tests has.
const HASH: &str = "3fa9e1c0d2b4a6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";

fn cause(seq: i64, event: &'static str) -> Cause<'static> {
    Cause {
        seq,
        event,
        hash: HASH,
    }
}

/// Every kind's payload is, byte for byte, the `json!` payload the outbox held before the
/// payloads were typed, with the hash of the event that caused it beside its seq (so rows written
/// then read now), and reads back as itself.
#[test]
fn every_kind_is_stored_as_before_and_reads_back() {
    let at = "2026-12-05T14:00:00Z";
    let event = |seq: i64, name: &str, detail: serde_json::Value| {
        json!({ "seq": seq, "event": name, "detail": detail, "hash": HASH }).to_string()
    };
    let cases: Vec<(Mail, Option<Cause<'static>>, String)> = vec![
        (
            Mail::GameStarted(Started::default()),
            Some(cause(1, "game_created")),
            event(1, "game_created", json!({})),
        ),
        (
            Mail::GameStarted(Started {
                commitment: Some("c0ffee".into()),
                scheme: Some("zarf-dice-v1".into()),
            }),
            Some(cause(1, "game_created")),
            event(
                1,
                "game_created",
                json!({"commitment": "c0ffee", "scheme": "zarf-dice-v1"}),
            ),
        ),
        (
            Mail::OpponentMoved(Moved {
                draw_offered: true,
                san: "e8=Q+".into(),
                uci: "e7e8q".into(),
                ..Moved::default()
            }),
            Some(cause(120, "move_played")),
            event(
                120,
                "move_played",
                json!({"uci": "e7e8q", "san": "e8=Q+", "draw_offered": true}),
            ),
        ),
        (
            Mail::DrawOffered,
            Some(cause(3, "draw_offered")),
            event(3, "draw_offered", json!({})),
        ),
        (
            Mail::OpponentMoved(Moved {
                san: "Nf3".into(),
                uci: "g1f3".into(),
                message: Some("İyi oyunlar!".into()),
                ..Moved::default()
            }),
            Some(cause(7, "move_played")),
            event(
                7,
                "move_played",
                json!({"uci": "g1f3", "san": "Nf3", "draw_offered": false, "message": "İyi oyunlar!"}),
            ),
        ),
        (
            Mail::Message(Note {
                text: "Tatildeyim.".into(),
            }),
            Some(cause(8, "message_sent")),
            event(8, "message_sent", json!({"text": "Tatildeyim."})),
        ),
        (
            Mail::TurnPassed(Passed { dice: "66".into() }),
            Some(cause(9, "dice_thrown")),
            event(9, "dice_thrown", json!({"dice": "66"})),
        ),
        (
            Mail::OpeningDie(OpeningDie {
                die: 5,
                tie: false,
                start: true,
            }),
            Some(cause(2, "dice_thrown")),
            event(
                2,
                "dice_thrown",
                json!({"die": 5, "tie": false, "start": true}),
            ),
        ),
        (
            Mail::DrawAnswered(Answer { accepted: true }),
            Some(cause(4, "draw_accepted")),
            event(4, "draw_accepted", json!({"accepted": true})),
        ),
        (
            Mail::ClaimJudged(Claim {
                kind: ClaimKind::FiftyMoves,
                upheld: false,
            }),
            Some(cause(5, "draw_claimed")),
            event(
                5,
                "draw_claimed",
                json!({"upheld": false, "kind": ClaimKind::FiftyMoves}),
            ),
        ),
        (
            Mail::GameOver(Ended {
                result: GameResult::Draw,
                termination: Termination::Agreement,
            }),
            Some(cause(6, "game_ended")),
            event(
                6,
                "game_ended",
                json!({"result": GameResult::Draw, "termination": Termination::Agreement}),
            ),
        ),
        (
            Mail::Adjourned(Adjournment {
                place: None,
                resume_at: at.into(),
                sealer: Side::Black,
            }),
            Some(cause(7, "adjourned")),
            event(
                7,
                "adjourned",
                json!({"resume_at": at, "place": null, "sealer": Side::Black}),
            ),
        ),
        (
            Mail::ResumptionReminder(Resumption {
                resume_at: at.into(),
            }),
            Some(cause(7, "adjourned")),
            event(7, "adjourned", json!({"resume_at": at})),
        ),
        (
            Mail::EnvelopeClosed(Closed {
                commitment: Some("c0ffee".into()),
                kind: EnvelopeKind::Sealed,
                move_number: Some(41),
                place: Some("Okul salonu".into()),
                resume_at: Some(at.into()),
                sealed_by: Side::White,
            }),
            Some(cause(9, "envelope_closed")),
            event(
                9,
                "envelope_closed",
                json!({
                    "kind": EnvelopeKind::Sealed, "sealed_by": Side::White, "move_number": 41,
                    "commitment": "c0ffee", "resume_at": at, "place": "Okul salonu",
                }),
            ),
        ),
        (
            Mail::EnvelopeOpened(Opened {
                mv: "Nb8-c6".into(),
                nonce: "00ff".into(),
                sealed_by: Side::White,
            }),
            Some(cause(11, "envelope_opened")),
            event(
                11,
                "envelope_opened",
                json!({"move": "Nb8-c6", "nonce": "00ff", "sealed_by": Side::White}),
            ),
        ),
        (
            Mail::OpponentOnLeave(Leave {
                from: at.into(),
                until: at.into(),
            }),
            Some(cause(12, "leave_taken")),
            event(12, "leave_taken", json!({"from": at, "until": at})),
        ),
        (
            Mail::TimeAdded(TimeGiven {
                reason: "Saat arızası".into(),
                seconds: 86_400,
            }),
            Some(cause(13, "time_added")),
            event(
                13,
                "time_added",
                json!({"seconds": 86_400, "reason": "Saat arızası"}),
            ),
        ),
        (
            Mail::TimeLow(Deadline {
                deadline: Some(1_790_000_000_000_000),
            }),
            None,
            json!({ "deadline": 1_790_000_000_000_000_i64 }).to_string(),
        ),
        (
            Mail::DayLeft(Deadline { deadline: None }),
            None,
            json!({ "deadline": null }).to_string(),
        ),
        (Mail::SignIn, None, "{}".into()),
        (
            Mail::Digest(Games {
                games: vec![
                    DigestGame {
                        id: "g1".into(),
                        label: "Ayşe – Mehmet".into(),
                        ..DigestGame::default()
                    },
                    DigestGame {
                        hash: Some(HASH.into()),
                        id: "g2".into(),
                        label: "Can – Ayşe".into(),
                        seq: Some(12),
                    },
                ],
            }),
            None,
            json!({ "detail": { "games": [
                {"id": "g1", "label": "Ayşe – Mehmet"},
                {"hash": HASH, "id": "g2", "label": "Can – Ayşe", "seq": 12},
            ] } })
            .to_string(),
        ),
        (
            Mail::TournamentPairing(RoundPairing {
                tournament: "t1".into(),
                name: "Okul Kupası".into(),
                round: 3,
                board: Some(2),
                white: false,
                opponent: Some("Ayşe".into()),
                game: None,
                starts_at: Some(at.into()),
                place: Some("Spor salonu".into()),
                cup_match: false,
            }),
            None,
            json!({
                "tournament": "t1", "name": "Okul Kupası", "round": 3, "board": 2,
                "white": false, "opponent": "Ayşe", "game": null, "starts_at": at,
                "place": "Spor salonu",
            })
            .to_string(),
        ),
        (
            Mail::TournamentStandings(RoundStandings {
                name: "Okul Kupası".into(),
                players: 40,
                points: "2½".into(),
                rank: 3,
                round: 4,
                tournament: "t1".into(),
            }),
            None,
            json!({
                "name": "Okul Kupası", "points": "2½", "rank": 3, "round": 4,
                "tournament": "t1", "players": 40,
            })
            .to_string(),
        ),
        (
            Mail::TournamentInvitation(EntryInvitation {
                name: "Açık Turnuva".into(),
                place: Some("Spor salonu".into()),
                start_date: Some("2026-12-12".into()),
                tournament: "t2".into(),
            }),
            None,
            json!({
                "name": "Açık Turnuva", "place": "Spor salonu", "start_date": "2026-12-12",
                "tournament": "t2",
            })
            .to_string(),
        ),
        (
            Mail::Challenge(ChallengeNews {
                challenge: "c1".into(),
                from: "Ayşe".into(),
                game: "tavla".into(),
                message: Some("Bir el?".into()),
                rated: true,
                what: "received".into(),
            }),
            None,
            json!({
                "challenge": "c1", "from": "Ayşe", "game": "tavla", "message": "Bir el?",
                "rated": true, "what": "received",
            })
            .to_string(),
        ),
    ];
    let kinds: Vec<MailKind> = cases.iter().map(|(m, ..)| m.kind()).collect();
    for kind in MailKind::ALL {
        assert!(kinds.contains(&kind), "{kind:?} is not covered");
    }
    for (mail, cause, before) in cases {
        let row = row(&mail, cause);
        assert_eq!(row.payload, before, "{:?}", mail.kind());
        let read = Mail::read(&row).unwrap();
        assert_eq!(read.mail, mail);
        assert_eq!(read.kind.as_str(), row.kind);
        assert_eq!(read.seq, cause.map(|c| c.seq));
        assert_eq!(read.hash.as_deref(), cause.map(|c| c.hash));
    }
}

/// A row written before mail kept its event's hash reads with none (and is sent without a
/// receipt); one written now reads with the hash it was written with.
#[test]
fn a_row_written_before_hashes_were_kept_reads_without_one() {
    let before =
        json!({ "seq": 7, "event": "move_played", "detail": {"uci": "g1f3", "san": "Nf3"} });
    let mut row = row(&Mail::DrawOffered, Some(cause(7, "move_played")));
    row.kind = "opponent_moved".into();
    row.payload = before.to_string();
    let read = Mail::read(&row).unwrap();
    assert_eq!((read.seq, read.hash), (Some(7), None));
    let written = super::Mail::OpponentMoved(Moved::default()).row(
        None,
        "p".into(),
        Some(cause(7, "move_played")),
        0,
    );
    assert_eq!(Mail::read(&written).unwrap().hash.as_deref(), Some(HASH));
    // A game created before the commitment was mailed: no dice in its mail.
    row.kind = "game_started".into();
    row.payload = json!({ "seq": 1, "event": "game_created", "detail": {} }).to_string();
    assert_eq!(
        Mail::read(&row).unwrap().mail,
        Mail::GameStarted(Started::default())
    );
}

#[test]
fn a_kind_reads_back_from_its_name() {
    for kind in MailKind::ALL {
        assert_eq!(MailKind::parse(kind.as_str()), Some(kind));
        assert_eq!(serde_json::to_value(kind).unwrap(), json!(kind.as_str()));
    }
    assert_eq!(MailKind::parse("postcard"), None);
}
