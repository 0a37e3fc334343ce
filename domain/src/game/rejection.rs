//! Why a command is refused: a value with a stable code (the API's error code) and a message a
//! player understands, in English and Turkish.

use super::rules::Ending;

use super::types::{Locale, Side};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    #[error("the game does not exist")]
    NoSuchGame,
    #[error("the game already exists")]
    GameExists,
    #[error("the game's log is damaged: {0}")]
    CorruptLog(String),
    #[error("not a player in this game")]
    NotAPlayer,
    #[error("only the arbiter may do this")]
    ArbiterOnly,
    #[error("not your turn")]
    NotYourTurn,
    #[error("the game is over")]
    GameOver,
    #[error("illegal move {text:?}")]
    IllegalMove { text: String },
    #[error("promotion piece missing in {text:?}")]
    PromotionMissing { text: String },
    #[error("ambiguous move {text:?}: {candidates:?}")]
    AmbiguousMove {
        text: String,
        candidates: Vec<String>,
    },
    #[error("unparseable move {text:?}")]
    UnparseableMove { text: String },
    #[error("no draw offer to answer")]
    NoDrawOffer,
    #[error("a draw offer already stands")]
    DrawOfferPending { by: Side, yours: bool },
    #[error("invalid FEN: {0}")]
    InvalidFen(String),
    #[error("position not playable: {0}")]
    PositionNotPlayable(Ending),
    #[error("invalid time control: {0}")]
    InvalidTimeControl(String),
    #[error("the same player on both sides")]
    SamePlayer,
    #[error("invalid {field}: {detail}")]
    InvalidField { field: &'static str, detail: String },
    #[error("{side}'s flag has fallen")]
    FlagFallen { side: Side },
    #[error("no flag has fallen")]
    NotYetDue,
    #[error("the game has no clock")]
    NoClock,
    #[error("no leave to end")]
    NoLeave,
    #[error("invalid leave: {0}")]
    InvalidLeave(String),
    #[error("leave allowance exceeded ({left_days} days left)")]
    LeaveAllowanceExceeded { left_days: u32 },
    #[error("the game is adjourned")]
    Adjourned,
    #[error("the game is not adjourned")]
    NotAdjourned,
    #[error("the envelope is closed")]
    EnvelopeClosed,
    #[error("no envelope")]
    NoEnvelope,
    #[error("before the resumption time")]
    BeforeResumption,
    #[error("already checked in")]
    AlreadyCheckedIn,
    #[error("the envelope's content is needed to open it")]
    EnvelopeContentMissing,
    #[error("too late to correct the clocks")]
    ClockCorrectionTooLate,
}

impl Rejection {
    /// One of every kind of rejection (for tests that must cover them all, here and in the API).
    pub fn examples() -> Vec<Rejection> {
        vec![
            Rejection::NoSuchGame,
            Rejection::GameExists,
            Rejection::CorruptLog("x".into()),
            Rejection::NotAPlayer,
            Rejection::ArbiterOnly,
            Rejection::NotYourTurn,
            Rejection::GameOver,
            Rejection::IllegalMove { text: "e5".into() },
            Rejection::PromotionMissing { text: "e8".into() },
            Rejection::AmbiguousMove {
                text: "Kd8".into(),
                candidates: vec!["Rd8".into(), "Kd8".into()],
            },
            Rejection::UnparseableMove { text: "zz".into() },
            Rejection::NoDrawOffer,
            Rejection::DrawOfferPending {
                by: Side::White,
                yours: true,
            },
            Rejection::InvalidFen("x".into()),
            Rejection::PositionNotPlayable(Ending::Stalemate),
            Rejection::InvalidTimeControl("x".into()),
            Rejection::SamePlayer,
            Rejection::InvalidField {
                field: "name",
                detail: "x".into(),
            },
            Rejection::FlagFallen { side: Side::Black },
            Rejection::NotYetDue,
            Rejection::NoClock,
            Rejection::NoLeave,
            Rejection::InvalidLeave("x".into()),
            Rejection::LeaveAllowanceExceeded { left_days: 3 },
            Rejection::Adjourned,
            Rejection::NotAdjourned,
            Rejection::EnvelopeClosed,
            Rejection::NoEnvelope,
            Rejection::BeforeResumption,
            Rejection::AlreadyCheckedIn,
            Rejection::EnvelopeContentMissing,
            Rejection::ClockCorrectionTooLate,
        ]
    }

    /// The stable code (the API's `error.code`).
    pub const fn code(&self) -> &'static str {
        match self {
            Rejection::NoSuchGame => "not_found",
            Rejection::GameExists => "game_exists",
            Rejection::CorruptLog(_) => "corrupt_log",
            Rejection::NotAPlayer => "not_a_player",
            Rejection::ArbiterOnly => "forbidden",
            Rejection::NotYourTurn => "not_your_turn",
            Rejection::GameOver => "game_over",
            Rejection::IllegalMove { .. } | Rejection::PromotionMissing { .. } => "illegal_move",
            Rejection::AmbiguousMove { .. } => "ambiguous_move",
            Rejection::UnparseableMove { .. } => "unparseable_move",
            Rejection::NoDrawOffer => "no_draw_offer",
            Rejection::DrawOfferPending { .. } => "draw_offer_pending",
            Rejection::InvalidFen(_) => "invalid_fen",
            Rejection::PositionNotPlayable(_) => "position_not_playable",
            Rejection::InvalidTimeControl(_) => "invalid_time_control",
            Rejection::SamePlayer => "same_player",
            Rejection::InvalidField { .. } => "bad_request",
            Rejection::FlagFallen { .. } => "game_over",
            Rejection::NotYetDue => "not_due",
            Rejection::NoClock => "no_clock",
            Rejection::NoLeave => "no_leave",
            Rejection::InvalidLeave(_) => "invalid_leave",
            Rejection::LeaveAllowanceExceeded { .. } => "leave_allowance_exceeded",
            Rejection::Adjourned => "adjourned",
            Rejection::NotAdjourned => "not_adjourned",
            Rejection::EnvelopeClosed => "envelope_closed",
            Rejection::NoEnvelope => "no_envelope",
            Rejection::BeforeResumption => "before_resumption",
            Rejection::AlreadyCheckedIn => "already_checked_in",
            Rejection::EnvelopeContentMissing => "internal",
            Rejection::ClockCorrectionTooLate => "too_late",
        }
    }

    /// A message for a player, in their language.
    pub fn message(&self, locale: Locale) -> String {
        let tr = locale == Locale::Tr;
        match self {
            Rejection::NoSuchGame => pick(tr, "There is no such game.", "Böyle bir oyun yok."),
            Rejection::GameExists => pick(tr, "The game already exists.", "Bu oyun zaten var."),
            Rejection::CorruptLog(_) => pick(
                tr,
                "This game's record is damaged; the instance's administrator has to look at it.",
                "Bu oyunun kaydı bozulmuş; sunucu yöneticisinin incelemesi gerekiyor.",
            ),
            Rejection::NotAPlayer => pick(
                tr,
                "You are not a player in this game.",
                "Bu oyunda oyuncu değilsiniz.",
            ),
            Rejection::ArbiterOnly => pick(
                tr,
                "Only the arbiter may do this.",
                "Bunu yalnızca hakem yapabilir.",
            ),
            Rejection::NotYourTurn => pick(tr, "It is not your turn.", "Hamle sırası sizde değil."),
            Rejection::GameOver => pick(tr, "The game is over.", "Oyun sona erdi."),
            Rejection::IllegalMove { text } => {
                if tr {
                    format!("{text} bu konumda kurallara uygun bir hamle değil.")
                } else {
                    format!("{text} is not a legal move in this position.")
                }
            }
            Rejection::PromotionMissing { text } => {
                if tr {
                    format!(
                        "{text}: son sıraya ulaşan piyon terfi etmeli; taşı da yazın (örneğin e8V ya da e8=Q)."
                    )
                } else {
                    format!(
                        "{text}: a pawn reaching the last rank must be promoted; add the piece (for example e8=Q)."
                    )
                }
            }
            Rejection::AmbiguousMove { text, candidates } => {
                let list = candidates.join(", ");
                if tr {
                    format!(
                        "{text} birden fazla hamle olarak okunabiliyor ({list}); notasyonu belirtin ya da hamleyi açıkça yazın."
                    )
                } else {
                    format!(
                        "{text} can be read as more than one move ({list}); name the notation or write the move unambiguously."
                    )
                }
            }
            Rejection::UnparseableMove { text } => {
                if tr {
                    format!("{text} okunabilen hiçbir notasyonda bir hamle değil (örnekler: e4, Af3, 0-0, e2e4, 5254).")
                } else {
                    format!("{text} is not a move in any notation zarf reads (examples: e4, Nf3, O-O, e2e4, 5254).")
                }
            }
            Rejection::NoDrawOffer => pick(
                tr,
                "There is no draw offer for you to answer.",
                "Yanıtlayacağınız bir beraberlik teklifi yok.",
            ),
            Rejection::DrawOfferPending { yours: true, .. } => pick(
                tr,
                "Your draw offer already stands; it cannot be withdrawn or repeated.",
                "Beraberlik teklifiniz zaten geçerli; geri alınamaz ve yinelenemez.",
            ),
            Rejection::DrawOfferPending { yours: false, .. } => pick(
                tr,
                "Your opponent's draw offer stands: accept or decline it.",
                "Rakibinizin beraberlik teklifi geçerli: kabul edin ya da reddedin.",
            ),
            Rejection::InvalidFen(detail) => {
                if tr {
                    format!("FEN kurallara uygun bir konum değil: {detail}")
                } else {
                    format!("The FEN is not a legal position: {detail}")
                }
            }
            Rejection::PositionNotPlayable(ending) => {
                let (en, t) = match ending {
                    Ending::Checkmate { .. } => ("checkmate", "mat"),
                    Ending::Stalemate => ("stalemate", "pat"),
                    Ending::DeadPosition => (
                        "a dead position: no one can checkmate",
                        "ölü konum: kimse mat edemez",
                    ),
                    Ending::SeventyfiveMoves => (
                        "75 moves each without a pawn move or capture",
                        "piyon sürülmeden ve taş alınmadan her iki tarafça 75 hamle",
                    ),
                };
                if tr {
                    format!("Bu konumda oyun zaten bitmiş ({t}).")
                } else {
                    format!("The game is already over in this position ({en}).")
                }
            }
            Rejection::InvalidTimeControl(detail) => {
                if tr {
                    format!("Geçersiz süre denetimi: {detail}")
                } else {
                    format!("Invalid time control: {detail}")
                }
            }
            Rejection::SamePlayer => pick(
                tr,
                "A player cannot play both sides.",
                "Bir oyuncu iki tarafı birden oynayamaz.",
            ),
            Rejection::InvalidField { field, detail } => {
                if tr {
                    format!("Geçersiz alan {field}: {detail}")
                } else {
                    format!("Invalid {field}: {detail}")
                }
            }
            Rejection::FlagFallen { side } => {
                let (en, t) = match side {
                    Side::White => ("White", "Beyaz"),
                    Side::Black => ("Black", "Siyah"),
                };
                if tr {
                    format!("Süre doldu: {t} tarafın bayrağı düştü; oyun sona erdi.")
                } else {
                    format!("Time is up: {en}'s flag has fallen and the game is over.")
                }
            }
            Rejection::NotYetDue => pick(tr, "No flag has fallen yet.", "Henüz bayrak düşmedi."),
            Rejection::NoClock => pick(tr, "This game has no clock.", "Bu oyunun saati yok."),
            Rejection::NoLeave => pick(
                tr,
                "You have no leave to end.",
                "Sona erdirilecek bir izniniz yok.",
            ),
            Rejection::InvalidLeave(detail) => {
                if tr {
                    format!("Geçersiz izin: {detail}")
                } else {
                    format!("Invalid leave: {detail}")
                }
            }
            Rejection::LeaveAllowanceExceeded { left_days } => {
                if tr {
                    format!("Yıllık izin hakkı aşılıyor: bu yıl {left_days} gün izniniz kaldı.")
                } else {
                    format!("That exceeds the yearly leave allowance: {left_days} days are left this year.")
                }
            }
            Rejection::Adjourned => pick(
                tr,
                "The game is adjourned: moves wait for the resumption.",
                "Oyun ertelendi (ajurne): hamleler devam oturumunu bekliyor.",
            ),
            Rejection::NotAdjourned => pick(tr, "The game is not adjourned.", "Oyun ertelenmiş değil."),
            Rejection::EnvelopeClosed => pick(
                tr,
                "The envelope is closed: the sealed move cannot change.",
                "Zarf kapatıldı: gizli hamle artık değiştirilemez.",
            ),
            Rejection::NoEnvelope => pick(tr, "There is no open envelope.", "Açık bir zarf yok."),
            Rejection::BeforeResumption => pick(
                tr,
                "The resumption has not begun yet.",
                "Devam oturumu henüz başlamadı.",
            ),
            Rejection::AlreadyCheckedIn => pick(
                tr,
                "You are already checked in.",
                "Zaten geldiğinizi bildirdiniz.",
            ),
            Rejection::EnvelopeContentMissing => pick(
                tr,
                "The envelope could not be opened.",
                "Zarf açılamadı.",
            ),
            Rejection::ClockCorrectionTooLate => pick(
                tr,
                "Too late: the clocks are corrected only before the first move of the resumption (A12).",
                "Çok geç: saatler yalnızca devam oturumunun ilk hamlesinden önce düzeltilebilir (A12).",
            ),
        }
    }
}

fn pick(tr: bool, en: &str, turkish: &str) -> String {
    if tr { turkish } else { en }.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rejection_has_a_code_and_two_messages() {
        let all = Rejection::examples();
        for r in all {
            let code = r.code();
            assert!(!code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
            let en = r.message(Locale::En);
            let tr = r.message(Locale::Tr);
            assert_ne!(en, tr, "{code} needs a Turkish message");
            assert!(!en.is_empty() && !tr.is_empty());
        }
        assert!(Rejection::AmbiguousMove {
            text: "Kd8".into(),
            candidates: vec!["Rd8".into(), "Kd8".into()]
        }
        .message(Locale::En)
        .contains("Rd8, Kd8"));
    }
}
