//! What the spoken notations of the draughts games and tavla share beyond [`super::spoken`]:
//! Turkish case endings after a number, a spoken text cut into numbers and words (with Turkish
//! endings and English `to` told apart from the numbers they stand next to), and how a move text
//! is read when no notation is named (the usual notation first, the spoken ones only where it
//! reads nothing).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::rules::ReadError;
use super::spoken::Tongue;
use super::types::Side;

/// A Turkish grammatical case a number takes in a spoken move or position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// Where from: `üç'ten`, `altı'dan`, `bir'den`.
    Ablative,
    /// Where to: `yedi'ye`, `sekiz'e`, `altı'ya`, `on'a`.
    Dative,
    /// Where: `üç'te`, `altı'da`, `sekiz'de`.
    Locative,
}

/// The ending a Turkish word takes in `case`, by vowel harmony (the last vowel front or back)
/// and the word's last sound (a vowel takes a buffer `y` before the dative; a voiceless
/// consonant, one of `f s t k ç ş h p`, hardens the `d` of the ablative and locative to `t`).
pub fn turkish_ending(word: &str, case: Case) -> &'static str {
    let last_vowel = word
        .chars()
        .rev()
        .find(|c| "aeıioöuüAEIİOÖUÜ".contains(*c))
        .unwrap_or('e');
    let front = "eiöüEİÖÜ".contains(last_vowel);
    let last = word.chars().last().unwrap_or('e');
    let vowel = "aeıioöuüAEIİOÖUÜ".contains(last);
    let voiceless = "fstkçşhpFSTKÇŞHP".contains(last);
    match (case, front, vowel, voiceless) {
        (Case::Ablative, true, _, true) => "ten",
        (Case::Ablative, false, _, true) => "tan",
        (Case::Ablative, true, _, false) => "den",
        (Case::Ablative, false, _, false) => "dan",
        (Case::Locative, true, _, true) => "te",
        (Case::Locative, false, _, true) => "ta",
        (Case::Locative, true, _, false) => "de",
        (Case::Locative, false, _, false) => "da",
        (Case::Dative, true, true, _) => "ye",
        (Case::Dative, false, true, _) => "ya",
        (Case::Dative, true, false, _) => "e",
        (Case::Dative, false, false, _) => "a",
    }
}

/// A number in Turkish words with its case ending after an apostrophe, as Turkish writes
/// endings after a number: `on üç'ten`, `yedi'ye`.
pub fn turkish_number(n: u32, case: Case) -> String {
    let word = Tongue::Turkish.number(n);
    let ending = turkish_ending(&word, case);
    format!("{word}'{ending}")
}

/// The name of a game's spoken notation in `tongue`: `spoken-de`, `spoken-tr`, `spoken-en`.
pub const fn notation_name(tongue: Tongue) -> &'static str {
    match tongue {
        Tongue::German => "spoken-de",
        Tongue::Turkish => "spoken-tr",
        Tongue::English => "spoken-en",
    }
}

/// The tongue of a spoken notation's name (`spoken-tr`).
pub fn notation_tongue(name: &str) -> Option<Tongue> {
    Tongue::ALL.into_iter().find(|t| notation_name(*t) == name)
}

/// A side's name: `White`, `Weiss`, `Beyaz`.
pub fn side_name(side: Side, tongue: Tongue) -> &'static str {
    match (side, tongue) {
        (Side::White, Tongue::English) => "White",
        (Side::Black, Tongue::English) => "Black",
        (Side::White, Tongue::German) => "Weiss",
        (Side::Black, Tongue::German) => "Schwarz",
        (Side::White, Tongue::Turkish) => "Beyaz",
        (Side::Black, Tongue::Turkish) => "Siyah",
    }
}

/// Whose move it is: `White to move`, `Weiss am Zug`, `Beyaz oynar`.
pub fn to_move(side: Side, tongue: Tongue) -> String {
    let name = side_name(side, tongue);
    match tongue {
        Tongue::English => format!("{name} to move"),
        Tongue::German => format!("{name} am Zug"),
        Tongue::Turkish => format!("{name} oynar"),
    }
}

/// A piece of a spoken text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// A number, in words or digits.
    Number(u32),
    /// Any other word, folded ([`Tongue::fold`]); English `to` between two places is the word.
    Word(String),
    /// A Turkish ablative ending (where from), cut from the word before it.
    From,
    /// A Turkish dative ending (where to), cut from the word before it.
    To,
    /// A comma, colon or semicolon: a number never runs on over one.
    Break,
}

const ABLATIVE: [&str; 4] = ["den", "dan", "ten", "tan"];
const DATIVE: [&str; 4] = ["ye", "ya", "e", "a"];

/// Is `word` (folded) a whole number in `tongue`?
fn is_number(tongue: Tongue, word: &str) -> bool {
    single_number(tongue, word).is_some()
}

/// The number a single folded word is in `tongue`, as [`Tongue::read_number`] reads it alone.
fn single_number(tongue: Tongue, word: &str) -> Option<u32> {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
        return word.parse::<u32>().ok().filter(|n| *n < 100);
    }
    number_words(tongue).get(word).copied()
}

/// Every single word [`Tongue::read_number`] reads as a whole number in `tongue`, and its
/// number, gathered once (reading a spoken text asks for them word by word).
fn number_words(tongue: Tongue) -> &'static HashMap<String, u32> {
    static WORDS: [OnceLock<HashMap<String, u32>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = Tongue::ALL.iter().position(|t| *t == tongue).unwrap_or(0);
    WORDS[slot].get_or_init(|| {
        let spellings = (0..100).flat_map(|n| {
            let folded = tongue.fold(&tongue.number(n));
            [folded.replace(' ', ""), folded]
        });
        let others = [
            "won", "to", "too", "tree", "for", "fore", "sex", "sicks", "ate", "zwo",
        ]
        .map(str::to_owned);
        spellings
            .chain(others)
            .filter_map(|w| match tongue.read_number(std::slice::from_ref(&w)) {
                Some((n, 1)) => Some((w, n)),
                _ => None,
            })
            .collect()
    })
}

/// [`Tongue::read_number`], from the words gathered once: a number and the words it took (a
/// tens word and a unit after it are one number in English and Turkish).
fn read_number(tongue: Tongue, words: &[String]) -> Option<(u32, usize)> {
    let first = words.first()?;
    let n = single_number(tongue, first)?;
    if first.bytes().all(|b| b.is_ascii_digit()) {
        return Some((n, 1));
    }
    let tens = match tongue {
        Tongue::English => n >= 20 && n % 10 == 0,
        Tongue::Turkish => n >= 10 && n % 10 == 0,
        Tongue::German => false,
    };
    if tens {
        let unit = words
            .get(1)
            .filter(|w| !w.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|w| single_number(tongue, w))
            .filter(|u| (1..10).contains(u));
        if let Some(unit) = unit {
            return Some((n + unit, 2));
        }
    }
    Some((n, 1))
}

/// A Turkish word's stem, if it is a number or one of `stems` (`kirik`), and the case it ends
/// in (`ucten`: `uc`, ablative; `dorde`: `dort`, dative).
fn turkish_split(word: &str, stems: &[&str]) -> Option<(String, Token)> {
    let known = |stem: &str| {
        !stem.is_empty() && (is_number(Tongue::Turkish, stem) || stems.contains(&stem))
    };
    for (endings, token) in [(&ABLATIVE, Token::From), (&DATIVE, Token::To)] {
        for ending in endings {
            if let Some(stem) = word.strip_suffix(ending) {
                if known(stem) {
                    return Some((stem.to_owned(), token));
                }
                // Spoken Turkish softens four before a vowel: `dörde`.
                if token == Token::To && stem == "dord" {
                    return Some(("dort".to_owned(), token));
                }
            }
        }
    }
    None
}

/// A spoken text cut into tokens, in `tongue`. Turkish endings after a number or one of
/// `stems` are cut off as [`Token::From`] and [`Token::To`] (written on, after an apostrophe, or
/// as a word of their own: `üç'ten`, `ucten`, `3 ten`). English `to` (or `too`) is the word
/// between two places and the number two elsewhere, or where `wants_number` says the word before
/// it needs a number after it (a file letter).
pub fn tokens(
    tongue: Tongue,
    text: &str,
    stems: &[&str],
    wants_number: &dyn Fn(&str) -> bool,
) -> Vec<Token> {
    let mut out = Vec::new();
    for (i, clause) in text.split([',', ';', ':']).enumerate() {
        if i > 0 {
            out.push(Token::Break);
        }
        // The clause's words, with Turkish endings cut off.
        let plain = tongue.words(clause);
        let mut words: Vec<Token> = Vec::new();
        for (j, word) in plain.iter().enumerate() {
            if tongue == Tongue::Turkish && !is_number(tongue, word) {
                let after_number = matches!(words.last(), Some(Token::Word(w)) if is_number(tongue, w) || stems.contains(&w.as_str()));
                // A standalone `a` or `e` before a number is a file letter, not an ending.
                let before_number = plain.get(j + 1).is_some_and(|n| is_number(tongue, n));
                if after_number && ABLATIVE.contains(&word.as_str()) {
                    words.push(Token::From);
                    continue;
                }
                if after_number && DATIVE.contains(&word.as_str()) && !before_number {
                    words.push(Token::To);
                    continue;
                }
                if let Some((stem, ending)) = turkish_split(word, stems) {
                    words.push(Token::Word(stem));
                    words.push(ending);
                    continue;
                }
            }
            words.push(Token::Word(word.clone()));
        }
        // Numbers, read greedily over runs of words.
        let mut k = 0;
        while k < words.len() {
            let Token::Word(word) = &words[k] else {
                out.push(words[k].clone());
                k += 1;
                continue;
            };
            if tongue == Tongue::English && (word == "to" || word == "too") {
                let before = match k.checked_sub(1).map(|b| &words[b]) {
                    Some(Token::Word(w)) => Some(w.as_str()),
                    Some(Token::Number(_)) => Some("0"),
                    _ => None,
                };
                let next_is_place = match words.get(k + 1) {
                    Some(Token::Word(w)) => w != "to" && w != "too",
                    Some(_) => false,
                    None => false,
                };
                let connector = match before {
                    Some(b) => next_is_place && !wants_number(b),
                    None => false,
                };
                if connector {
                    out.push(Token::Word("to".to_owned()));
                    k += 1;
                    continue;
                }
            }
            // The run of plain words from here to the next ending or connector.
            let mut run: Vec<String> = Vec::new();
            for w in &words[k..] {
                match w {
                    Token::Word(w)
                        if !(tongue == Tongue::English
                            && (w == "to" || w == "too")
                            && !run.is_empty()) =>
                    {
                        run.push(w.clone())
                    }
                    _ => break,
                }
            }
            match read_number(tongue, &run) {
                Some((n, used)) => {
                    out.push(Token::Number(n));
                    k += used;
                }
                None => {
                    out.push(words[k].clone());
                    k += 1;
                }
            }
        }
    }
    out
}

/// Reads a move text where no spoken notation is named: the usual notation (`usual`) first;
/// only where it reads nothing at all, each tongue's spoken reading (`spoken`), `first` first.
/// Readings that find different moves are ambiguous: the candidates are each spoken (`speak`)
/// in the tongue that read it.
pub fn read_usual_then_spoken<M: Copy + PartialEq>(
    usual: impl FnOnce() -> Result<M, ReadError>,
    spoken: impl Fn(Tongue) -> Result<M, ReadError>,
    speak: impl Fn(M, Tongue) -> String,
    first: Option<Tongue>,
) -> Result<M, ReadError> {
    match usual() {
        Err(ReadError::Unparseable) => {}
        read => return read,
    }
    let mut order: Vec<Tongue> = first.into_iter().collect();
    order.extend(Tongue::ALL.into_iter().filter(|t| Some(*t) != first));
    let mut found: Vec<(M, Tongue)> = Vec::new();
    let mut failures: Vec<ReadError> = Vec::new();
    for tongue in order {
        match spoken(tongue) {
            Ok(m) => {
                if !found.iter().any(|(f, _)| *f == m) {
                    found.push((m, tongue));
                }
            }
            Err(e) => failures.push(e),
        }
    }
    match found[..] {
        [(m, _)] => Ok(m),
        [] => Err(best_failure(failures)),
        _ => Err(ReadError::Ambiguous {
            candidates: found.iter().map(|&(m, t)| speak(m, t)).collect(),
        }),
    }
}

/// The most telling of several readings' failures: an ambiguity, else an illegal move, else
/// nothing read.
fn best_failure(failures: Vec<ReadError>) -> ReadError {
    let mut best = ReadError::Unparseable;
    for e in failures {
        match (&best, &e) {
            (ReadError::Ambiguous { .. }, _) => {}
            (_, ReadError::Ambiguous { .. }) => best = e,
            (ReadError::Unparseable, _) => best = e,
            _ => {}
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turkish_endings_follow_vowel_harmony_and_the_last_sound() {
        let ablative: [&str; 25] = [
            "bir'den",
            "iki'den",
            "üç'ten",
            "dört'ten",
            "beş'ten",
            "altı'dan",
            "yedi'den",
            "sekiz'den",
            "dokuz'dan",
            "on'dan",
            "on bir'den",
            "on iki'den",
            "on üç'ten",
            "on dört'ten",
            "on beş'ten",
            "on altı'dan",
            "on yedi'den",
            "on sekiz'den",
            "on dokuz'dan",
            "yirmi'den",
            "yirmi bir'den",
            "yirmi iki'den",
            "yirmi üç'ten",
            "yirmi dört'ten",
            "yirmi beş'ten",
        ];
        let dative: [&str; 25] = [
            "bir'e",
            "iki'ye",
            "üç'e",
            "dört'e",
            "beş'e",
            "altı'ya",
            "yedi'ye",
            "sekiz'e",
            "dokuz'a",
            "on'a",
            "on bir'e",
            "on iki'ye",
            "on üç'e",
            "on dört'e",
            "on beş'e",
            "on altı'ya",
            "on yedi'ye",
            "on sekiz'e",
            "on dokuz'a",
            "yirmi'ye",
            "yirmi bir'e",
            "yirmi iki'ye",
            "yirmi üç'e",
            "yirmi dört'e",
            "yirmi beş'e",
        ];
        for n in 1..=25u32 {
            let i = n as usize - 1;
            assert_eq!(turkish_number(n, Case::Ablative), ablative[i]);
            assert_eq!(turkish_number(n, Case::Dative), dative[i]);
        }
        assert_eq!(turkish_number(30, Case::Ablative), "otuz'dan");
        assert_eq!(turkish_number(6, Case::Locative), "altı'da");
        assert_eq!(turkish_number(3, Case::Locative), "üç'te");
        assert_eq!(turkish_number(8, Case::Locative), "sekiz'de");
        assert_eq!(turkish_ending("kırık", Case::Ablative), "tan");
    }

    #[test]
    fn every_turkish_number_with_its_ending_is_cut_back_into_the_number_and_the_case() {
        for n in 1..=32u32 {
            for (case, token) in [(Case::Ablative, Token::From), (Case::Dative, Token::To)] {
                let written = turkish_number(n, case);
                let plain = Tongue::Turkish.fold(&written);
                let digits = format!("{n}'{}", turkish_ending(&Tongue::Turkish.number(n), case));
                for text in [&written, &plain, &digits] {
                    assert_eq!(
                        tokens(Tongue::Turkish, text, &[], &|_| false),
                        [Token::Number(n), token.clone()],
                        "{text}"
                    );
                }
            }
        }
        assert_eq!(
            tokens(Tongue::Turkish, "on uc ten yediye", &[], &|_| false),
            [Token::Number(13), Token::From, Token::Number(7), Token::To]
        );
        assert_eq!(
            tokens(Tongue::Turkish, "kırıktan dörde", &["kirik"], &|_| false),
            [
                Token::Word("kirik".into()),
                Token::From,
                Token::Number(4),
                Token::To
            ]
        );
    }

    #[test]
    fn numbers_are_read_as_the_tongue_reads_them() {
        for tongue in Tongue::ALL {
            let mut texts: Vec<String> = (0..100).map(|n| tongue.number(n)).collect();
            texts.extend((0..100).map(|n| tongue.fold(&tongue.number(n))));
            texts.extend(
                [
                    "twenty one",
                    "twenty to",
                    "on uc",
                    "onuc",
                    "zwo",
                    "for",
                    "13",
                    "100",
                    "x",
                    "yirmi dort",
                    "sixty sicks",
                    "ten five",
                ]
                .map(str::to_owned),
            );
            for text in texts {
                let words = tongue.words(&text);
                assert_eq!(
                    read_number(tongue, &words),
                    tongue.read_number(&words),
                    "{tongue} {text}"
                );
            }
        }
    }

    #[test]
    fn english_to_between_two_numbers_is_the_word() {
        let read = |text: &str| tokens(Tongue::English, text, &[], &|w| w == "d");
        let to = || Token::Word("to".into());
        assert_eq!(
            read("thirteen to seven"),
            [Token::Number(13), to(), Token::Number(7)]
        );
        assert_eq!(
            read("twenty to fifteen"),
            [Token::Number(20), to(), Token::Number(15)]
        );
        assert_eq!(
            read("twenty-four to twenty, three to one"),
            [
                Token::Number(24),
                to(),
                Token::Number(20),
                Token::Break,
                Token::Number(3),
                to(),
                Token::Number(1)
            ]
        );
        assert_eq!(
            read("to to six"),
            [Token::Number(2), to(), Token::Number(6)]
        );
        assert_eq!(
            read("d to to d four"),
            [
                Token::Word("d".into()),
                Token::Number(2),
                to(),
                Token::Word("d".into()),
                Token::Number(4)
            ]
        );
        assert_eq!(read("twenty one"), [Token::Number(21)]);
    }

    #[test]
    fn the_usual_reading_wins_and_different_spoken_readings_are_ambiguous() {
        let speak = |m: u32, t: Tongue| format!("{m}-{t}");
        assert_eq!(
            read_usual_then_spoken(|| Ok(1), |_| Ok(2), speak, None),
            Ok(1)
        );
        assert_eq!(
            read_usual_then_spoken(|| Err(ReadError::Illegal), |_| Ok(2), speak, None),
            Err(ReadError::Illegal)
        );
        assert_eq!(
            read_usual_then_spoken(|| Err(ReadError::Unparseable), |_| Ok(2), speak, None),
            Ok(2)
        );
        let by_tongue = |t: Tongue| match t {
            Tongue::German => Ok(3),
            Tongue::English => Ok(4),
            Tongue::Turkish => Err(ReadError::Illegal),
        };
        assert_eq!(
            read_usual_then_spoken(|| Err(ReadError::Unparseable), by_tongue, speak, None),
            Err(ReadError::Ambiguous {
                candidates: vec!["3-de".into(), "4-en".into()]
            })
        );
        assert_eq!(
            read_usual_then_spoken(
                || Err(ReadError::Unparseable),
                |t| if t == Tongue::Turkish {
                    Err(ReadError::Illegal)
                } else {
                    Err(ReadError::Unparseable)
                },
                speak,
                None
            ),
            Err(ReadError::Illegal)
        );
    }
}
