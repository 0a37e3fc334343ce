//! Rendering mails: texts from the fluent bundles (templates/i18n), laid out by the templates in
//! `templates/mail/<kind>/{subject.txt, body.txt, body.html}` in the recipient's language.

use askama::Template;

#[cfg(test)]
use super::kind::MailKind;
pub use crate::i18n::Texts;

pub use crate::games::Cell;

/// A mail's content, as the templates lay it out.
#[derive(Debug, Clone, Default)]
pub struct MailView {
    pub lang: &'static str,
    pub subject: String,
    pub greeting: String,
    pub headline: String,
    pub lines: Vec<String>,
    pub board: Option<Vec<Vec<Cell>>>,
    pub board_text: Option<String>,
    /// The position in words, for a reader who plays without sight (in place of the board):
    /// its heading, then a line each.
    pub position: Option<(String, Vec<String>)>,
    /// The language of the position's words where it is not the mail's (`de`).
    pub words_lang: Option<&'static str>,
    pub clock: Option<String>,
    pub link: String,
    pub link_label: String,
    pub why: String,
    pub unsubscribe_label: String,
    pub unsubscribe_link: Option<String>,
    pub commitment: Option<String>,
    /// The log's receipt after the event the mail tells of (seq and hash), and what it is for.
    pub receipt: Option<(String, String)>,
    /// For digests: (label, link, the game's log receipt).
    pub games: Vec<(String, String, Option<String>)>,
}

macro_rules! mail_templates {
    ($($kind:literal => $subject:ident $sp:literal, $text:ident $tp:literal, $html:ident $hp:literal;)*) => {
        $(
            #[derive(Template)]
            #[template(path = $sp)]
            struct $subject<'a> { m: &'a MailView }
            #[derive(Template)]
            #[template(path = $tp)]
            struct $text<'a> { m: &'a MailView }
            #[derive(Template)]
            #[template(path = $hp)]
            struct $html<'a> { m: &'a MailView }
        )*

        /// Subject, plain text and HTML of a mail of `kind`.
        pub fn render(kind: &str, m: &MailView) -> Result<(String, String, String), askama::Error> {
            match kind {
                $(
                    $kind => Ok((
                        $subject { m }.render()?.trim().to_owned(),
                        $text { m }.render()?,
                        $html { m }.render()?,
                    )),
                )*
                other => Err(askama::Error::Custom(format!("no mail template {other:?}").into())),
            }
        }
    };
}

mail_templates! {
    "game_started" => GameStartedS "mail/game_started/subject.txt", GameStartedT "mail/game_started/body.txt", GameStartedH "mail/game_started/body.html";
    "opponent_moved" => OpponentMovedS "mail/opponent_moved/subject.txt", OpponentMovedT "mail/opponent_moved/body.txt", OpponentMovedH "mail/opponent_moved/body.html";
    "draw_offered" => DrawOfferedS "mail/draw_offered/subject.txt", DrawOfferedT "mail/draw_offered/body.txt", DrawOfferedH "mail/draw_offered/body.html";
    "draw_answered" => DrawAnsweredS "mail/draw_answered/subject.txt", DrawAnsweredT "mail/draw_answered/body.txt", DrawAnsweredH "mail/draw_answered/body.html";
    "claim_judged" => ClaimJudgedS "mail/claim_judged/subject.txt", ClaimJudgedT "mail/claim_judged/body.txt", ClaimJudgedH "mail/claim_judged/body.html";
    "game_over" => GameOverS "mail/game_over/subject.txt", GameOverT "mail/game_over/body.txt", GameOverH "mail/game_over/body.html";
    "adjourned" => AdjournedS "mail/adjourned/subject.txt", AdjournedT "mail/adjourned/body.txt", AdjournedH "mail/adjourned/body.html";
    "envelope_closed" => EnvelopeClosedS "mail/envelope_closed/subject.txt", EnvelopeClosedT "mail/envelope_closed/body.txt", EnvelopeClosedH "mail/envelope_closed/body.html";
    "envelope_opened" => EnvelopeOpenedS "mail/envelope_opened/subject.txt", EnvelopeOpenedT "mail/envelope_opened/body.txt", EnvelopeOpenedH "mail/envelope_opened/body.html";
    "resumption_reminder" => ResumptionReminderS "mail/resumption_reminder/subject.txt", ResumptionReminderT "mail/resumption_reminder/body.txt", ResumptionReminderH "mail/resumption_reminder/body.html";
    "time_low" => TimeLowS "mail/time_low/subject.txt", TimeLowT "mail/time_low/body.txt", TimeLowH "mail/time_low/body.html";
    "day_left" => DayLeftS "mail/day_left/subject.txt", DayLeftT "mail/day_left/body.txt", DayLeftH "mail/day_left/body.html";
    "opponent_on_leave" => OpponentOnLeaveS "mail/opponent_on_leave/subject.txt", OpponentOnLeaveT "mail/opponent_on_leave/body.txt", OpponentOnLeaveH "mail/opponent_on_leave/body.html";
    "time_added" => TimeAddedS "mail/time_added/subject.txt", TimeAddedT "mail/time_added/body.txt", TimeAddedH "mail/time_added/body.html";
    "sign_in" => SignInS "mail/sign_in/subject.txt", SignInT "mail/sign_in/body.txt", SignInH "mail/sign_in/body.html";
    "digest" => DigestS "mail/digest/subject.txt", DigestT "mail/digest/body.txt", DigestH "mail/digest/body.html";
    "tournament_standings" => TournamentStandingsS "mail/tournament_standings/subject.txt", TournamentStandingsT "mail/tournament_standings/body.txt", TournamentStandingsH "mail/tournament_standings/body.html";
    "tournament_invitation" => TournamentInvitationS "mail/tournament_invitation/subject.txt", TournamentInvitationT "mail/tournament_invitation/body.txt", TournamentInvitationH "mail/tournament_invitation/body.html";
    "turn_passed" => TurnPassedS "mail/turn_passed/subject.txt", TurnPassedT "mail/turn_passed/body.txt", TurnPassedH "mail/turn_passed/body.html";
    "opening_die" => OpeningDieS "mail/opening_die/subject.txt", OpeningDieT "mail/opening_die/body.txt", OpeningDieH "mail/opening_die/body.html";
    "challenge" => ChallengeS "mail/challenge/subject.txt", ChallengeT "mail/challenge/body.txt", ChallengeH "mail/challenge/body.html";
    "message" => MessageS "mail/message/subject.txt", MessageT "mail/message/body.txt", MessageH "mail/message/body.html";
    "tournament_pairing" => TournamentPairingS "mail/tournament_pairing/subject.txt", TournamentPairingT "mail/tournament_pairing/body.txt", TournamentPairingH "mail/tournament_pairing/body.html";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both languages are compared key by key in `crate::i18n`; here, every mail's parts.
    #[test]
    fn both_languages_have_every_message() {
        for lang in ["en", "tr"] {
            let t = Texts::for_locale(lang);
            for kind in MailKind::ALL.map(MailKind::as_str) {
                for part in ["subject", "headline"] {
                    assert!(t.has(&format!("{kind}-{part}")), "{lang}: {kind}-{part}");
                }
            }
        }
    }

    /// A mail of `kind` with fixed content, as `compose` would fill it.
    fn fixture(kind: &str, lang: &str) -> MailView {
        let t = Texts::for_locale(lang);
        use domain::game::{MoveCode, Rules};
        use domain::games::GameKind;
        let mut pos = GameKind::Chess.start();
        let e4 = GameKind::read_code(&pos, &MoveCode::parse("e2e4").unwrap()).unwrap();
        GameKind::play(&mut pos, e4);
        let (board, board_text) = crate::games::diagram(&pos, true);
        let args: Vec<(&str, String)> = vec![
            ("white", "Ayşe Yılmaz".into()),
            ("black", "Mehmet Öz".into()),
            ("opponent", "Ayşe Yılmaz".into()),
            (
                "move",
                if lang == "tr" {
                    "Af3".into()
                } else {
                    "Nf3".into()
                },
            ),
            ("dice", "66".into()),
            ("die", "5".into()),
            ("outcome", "throw".into()),
            ("accepted", "no".into()),
            ("upheld", "no".into()),
            ("kind", t.get("claim-threefold_repetition", &[])),
            ("result", "1-0".into()),
            ("termination", t.get("termination-checkmate", &[])),
            ("verdict", String::new()),
            ("resume_at", "2026-12-05T14:00:00Z".into()),
            ("place", " (Okul salonu)".into()),
            ("sealer", "Mehmet Öz".into()),
            ("move_number", "41".into()),
            ("nonce", "00112233445566778899aabbccddeeff".into()),
            ("from", "2026-12-20T00:00:00Z".into()),
            ("until", "2026-12-27T00:00:00Z".into()),
            ("seconds", "86400".into()),
            ("reason", "power cut".into()),
            ("count", "2".into()),
            ("tournament", "Okul Kupası".into()),
            ("round", "3".into()),
            ("board", "2".into()),
            ("colour", "black".into()),
            ("rank", "3".into()),
            ("players", "40".into()),
            ("points", "2½".into()),
            ("reply", "Nc6".into()),
            ("name", "Ayşe Yılmaz".into()),
            ("what", "received".into()),
            ("game", t.get("game-chess", &[])),
            ("rated", "yes".into()),
        ];
        let mut m = MailView {
            lang: t.lang,
            greeting: t.get("greeting", &[("name", "Mehmet Öz".into())]),
            subject: t.get(&format!("{kind}-subject"), &args),
            headline: t.get(&format!("{kind}-headline"), &args),
            board: Some(board),
            board_text: Some(board_text),
            clock: Some(t.get(
                "your-time",
                &[
                    ("left", t.duration(200_000)),
                    ("deadline", "2026-12-01T09:00:00Z".into()),
                ],
            )),
            link: "https://zarf.example/games/0190a5b2-7c3e-7f00-8000-0000000000e5".into(),
            link_label: t.get("open-game", &[]),
            why: t.get("why", &[]),
            unsubscribe_label: t.get("unsubscribe", &[]),
            unsubscribe_link: Some("https://zarf.example/unsubscribe?player=p&token=t".into()),
            ..MailView::default()
        };
        // A mail an event of the game's log caused quotes the log's receipt after it.
        let hash = "3fa9e1c0d2b4a6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";
        let of_event = [
            "game_started",
            "opponent_moved",
            "draw_offered",
            "draw_answered",
            "claim_judged",
            "game_over",
            "adjourned",
            "envelope_closed",
            "envelope_opened",
            "resumption_reminder",
            "opponent_on_leave",
            "time_added",
            "turn_passed",
            "message",
        ];
        if of_event.contains(&kind) {
            m.receipt = Some((
                super::super::compose::receipt(&t, 12, hash.into()),
                t.get("mail-receipt-why", &[]),
            ));
        }
        match kind {
            "game_started" => {
                let started = crate::mail::kind::Started {
                    commitment: Some(
                        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855".into(),
                    ),
                    scheme: Some("zarf-dice-v2".into()),
                };
                super::super::compose::dice_commitment(&t, &started, &mut m);
            }
            "envelope_closed" => {
                let c =
                    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".to_owned();
                m.lines
                    .push(t.get("envelope_closed-commitment", &[("commitment", c.clone())]));
                m.commitment = Some(c);
            }
            "digest" => {
                m.games = vec![
                    (
                        "Ayşe Yılmaz – Mehmet Öz".into(),
                        "https://zarf.example/games/1".into(),
                        Some(super::super::compose::receipt(&t, 12, hash.into())),
                    ),
                    (
                        "Mehmet Öz – Can".into(),
                        "https://zarf.example/games/2".into(),
                        None,
                    ),
                ];
            }
            "message" | "opponent_moved" => {
                let mut with = args.clone();
                with.push(("message", "İyi oyunlar! Mayısta yavaş oynayacağım.".into()));
                m.lines.push(t.get("mail-message", &with));
            }
            "sign_in" => {
                m.unsubscribe_link = None;
                m.lines.push(t.get("sign_in-ignore", &[]));
            }
            "tournament_standings" => {
                m.board = None;
                m.board_text = None;
                m.clock = None;
                m.link =
                    "https://zarf.example/tournaments/0190a5b2-7c3e-7f00-8000-0000000000f6".into();
                m.link_label = t.get("tournament_standings-open", &[]);
            }
            "tournament_invitation" => {
                m.board = None;
                m.board_text = None;
                m.clock = None;
                m.lines.push(t.get(
                    "tournament_invitation-when",
                    &[("when", "2026-12-12 · Spor salonu".into())],
                ));
                m.lines.push(t.get("tournament_invitation-choose", &[]));
                m.link =
                    "https://zarf.example/tournaments/0190a5b2-7c3e-7f00-8000-0000000000f7".into();
                m.link_label = t.get("tournament_invitation-open", &[]);
            }
            "challenge" => {
                m.board = None;
                m.board_text = None;
                m.clock = None;
                m.link =
                    "https://zarf.example/challenges/0190a5b2-7c3e-7f00-8000-0000000000c1".into();
                m.link_label = t.get("challenge-open", &[]);
                m.lines.push(t.get(
                    "challenge-message",
                    &[("message", "Bir oyun daha? / One more game?".into())],
                ));
            }
            "tournament_pairing" => {
                m.board = None;
                m.board_text = None;
                m.clock = None;
                m.link =
                    "https://zarf.example/tournaments/0190a5b2-7c3e-7f00-8000-0000000000f6".into();
                m.link_label = t.get("tournament_pairing-open", &[]);
                m.lines.push(t.get(
                    "tournament_pairing-starts",
                    &[("starts_at", "5 Aralık 2026 14:00".into())],
                ));
                m.lines.push(t.get(
                    "tournament_pairing-place",
                    &[("place", "Spor salonu".into())],
                ));
            }
            _ => {}
        }
        m
    }

    #[test]
    fn every_template_in_both_languages() {
        for kind in MailKind::ALL.map(MailKind::as_str) {
            for lang in ["en", "tr"] {
                let (subject, text, html) = render(kind, &fixture(kind, lang)).unwrap();
                assert!(
                    !subject.contains('\n') && !subject.is_empty(),
                    "{kind} {lang}"
                );
                assert!(
                    !subject.contains("-subject"),
                    "{kind} {lang}: a missing message"
                );
                insta::assert_snapshot!(format!("{kind}_{lang}_subject"), subject);
                insta::assert_snapshot!(format!("{kind}_{lang}_text"), text);
                insta::assert_snapshot!(format!("{kind}_{lang}_html"), html);
            }
        }
    }

    /// The owner's mail when their conditional line answered the move: its own subject and
    /// headline in the same template.
    #[test]
    fn a_conditional_reply_is_told_to_its_owner() {
        for lang in ["en", "tr"] {
            let t = Texts::for_locale(lang);
            let mut m = fixture("opponent_moved", lang);
            let args = [
                ("opponent", "Ayşe Yılmaz".to_owned()),
                ("move", "e4".to_owned()),
                ("reply", "e5".to_owned()),
            ];
            m.subject = t.get("opponent_moved-answered-subject", &args);
            m.headline = t.get("opponent_moved-answered-headline", &args);
            let (subject, text, _) = render("opponent_moved", &m).unwrap();
            assert!(subject.contains("e5") && !subject.contains("-subject"));
            insta::assert_snapshot!(format!("opponent_moved_answered_{lang}_subject"), subject);
            insta::assert_snapshot!(format!("opponent_moved_answered_{lang}_text"), text);
        }
    }

    /// A mail to a player who plays without sight: the move in words, and the position in
    /// words (the Laws' German here, marked as such in HTML) in place of a board of glyphs.
    #[test]
    fn a_player_without_sight_hears_the_move_and_the_position_in_words() {
        use domain::game::spoken::Tongue;
        use domain::game::{MoveCode, Rules};
        use domain::games::GameKind;
        for lang in ["en", "tr"] {
            let t = Texts::for_locale(lang);
            let mut m = fixture("opponent_moved", lang);
            let mut pos = GameKind::Chess.start();
            let e4 = GameKind::read_code(&pos, &MoveCode::parse("e2e4").unwrap()).unwrap();
            GameKind::play(&mut pos, e4);
            let args = [
                ("opponent", "Ayşe Yılmaz".to_owned()),
                ("move", "Bauer Eva vier".to_owned()),
            ];
            m.subject = t.get("opponent_moved-subject", &args);
            m.headline = t.get("opponent_moved-headline", &args);
            m.board = None;
            m.board_text = None;
            let lines = GameKind::spoken_position(&pos, Tongue::German);
            m.position = Some((t.text("mail-position"), lines));
            m.words_lang = Some("de");
            let (_, text, html) = render("opponent_moved", &m).unwrap();
            assert!(text.contains("- Weiss: Bauern"), "{text}");
            assert!(html.contains("<ul lang=\"de\">"), "{html}");
            assert!(!html.contains("♙"), "no board of glyphs: {html}");
            insta::assert_snapshot!(format!("opponent_moved_without_sight_{lang}_text"), text);
            insta::assert_snapshot!(format!("opponent_moved_without_sight_{lang}_html"), html);
        }
    }
}
