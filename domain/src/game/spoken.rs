//! Moves in words, for players who play without sight (the Laws' appendix for blind and visually
//! impaired players): the languages a move is spoken in, their numbers, and the folding that lets
//! a reader accept what a keyboard without umlauts, or speech-to-text, writes.
//!
//! Each game speaks its own moves ([`crate::game::Rules::spoken`]); this module holds what they
//! share: numbers as words both ways, and how a spoken text is cut into comparable words.

use std::fmt;

/// A language moves are spoken in. German is the Laws' own (Anna, Bella, … for the files);
/// Turkish and English are the interface's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tongue {
    German,
    Turkish,
    English,
}

impl Tongue {
    pub const ALL: [Tongue; 3] = [Tongue::German, Tongue::Turkish, Tongue::English];

    /// The language's code (`de`, `tr`, `en`), as in a notation's name (`spoken-de`).
    pub const fn code(self) -> &'static str {
        match self {
            Tongue::German => "de",
            Tongue::Turkish => "tr",
            Tongue::English => "en",
        }
    }

    /// The tongue of a language code (`de`, `tr`, `en`); `None` for any other text.
    pub fn parse(code: &str) -> Option<Tongue> {
        Tongue::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The name of the spoken notation in this tongue (`spoken-de`, `spoken-tr`, `spoken-en`).
    pub const fn notation_name(self) -> &'static str {
        match self {
            Tongue::German => "spoken-de",
            Tongue::Turkish => "spoken-tr",
            Tongue::English => "spoken-en",
        }
    }

    /// The tongue a spoken notation's name names; `None` for every other name.
    pub fn of_notation(name: &str) -> Option<Tongue> {
        Tongue::ALL.into_iter().find(|t| t.notation_name() == name)
    }

    /// The tongue a reader of the interface in `lang` (`tr`, `en`, `de-AT`, …) speaks: their own
    /// where zarf speaks it, else English.
    pub fn for_language(lang: &str) -> Tongue {
        let primary = lang.split(['-', '_']).next().unwrap_or("");
        Tongue::parse(&primary.to_ascii_lowercase()).unwrap_or(Tongue::English)
    }

    /// A word as this tongue's reader compares it: lower case, letters a keyboard may lack
    /// spelled out (German `ä` as `ae`, `ß` as `ss`; Turkish `ç ğ ı ö ş ü` as `c g i o s u`),
    /// apostrophes dropped.
    pub fn fold(self, word: &str) -> String {
        let mut out = String::with_capacity(word.len());
        for c in word.chars() {
            match (self, c) {
                (_, '\'' | '’' | '`' | '´') => {}
                (Tongue::German, 'ä' | 'Ä') => out.push_str("ae"),
                (Tongue::German, 'ö' | 'Ö') => out.push_str("oe"),
                (Tongue::German, 'ü' | 'Ü') => out.push_str("ue"),
                (Tongue::German, 'ß') => out.push_str("ss"),
                (_, 'ç' | 'Ç') => out.push('c'),
                (_, 'ğ' | 'Ğ') => out.push('g'),
                (_, 'ı' | 'İ') => out.push('i'),
                (_, 'ö' | 'Ö') => out.push('o'),
                (_, 'ş' | 'Ş') => out.push('s'),
                (_, 'ü' | 'Ü') => out.push('u'),
                (_, 'â' | 'Â') => out.push('a'),
                (_, c) => out.extend(c.to_lowercase()),
            }
        }
        out
    }

    /// A text cut into folded words: spaces, commas, full stops, colons, semicolons, hyphens and
    /// dashes separate words; digits and letters in one token are kept apart (`f3` is `f`, `3`).
    pub fn words(self, text: &str) -> Vec<String> {
        let mut words = Vec::new();
        for token in text.split(|c: char| {
            c.is_whitespace() || matches!(c, ',' | '.' | ':' | ';' | '-' | '–' | '—' | '!' | '?')
        }) {
            let folded = self.fold(token);
            let mut current = String::new();
            let mut digits = false;
            for c in folded.chars() {
                let digit = c.is_ascii_digit();
                if !current.is_empty() && digit != digits {
                    words.push(std::mem::take(&mut current));
                }
                digits = digit;
                current.push(c);
            }
            if !current.is_empty() {
                words.push(current);
            }
        }
        words
    }

    /// `n` (0 to 99) in words, as this tongue writes it when spelling a move (German with its
    /// umlauts spelled out, as the Laws' appendix writes `fuenf`).
    pub fn number(self, n: u32) -> String {
        debug_assert!(n < 100, "numbers in moves are below a hundred");
        let (tens, ones) = (n / 10, n % 10);
        match self {
            Tongue::English => {
                const SMALL: [&str; 20] = [
                    "zero",
                    "one",
                    "two",
                    "three",
                    "four",
                    "five",
                    "six",
                    "seven",
                    "eight",
                    "nine",
                    "ten",
                    "eleven",
                    "twelve",
                    "thirteen",
                    "fourteen",
                    "fifteen",
                    "sixteen",
                    "seventeen",
                    "eighteen",
                    "nineteen",
                ];
                const TENS: [&str; 10] = [
                    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                    "ninety",
                ];
                match (tens, ones) {
                    (0 | 1, _) => SMALL[n as usize].to_owned(),
                    (t, 0) => TENS[t as usize].to_owned(),
                    (t, o) => format!("{}-{}", TENS[t as usize], SMALL[o as usize]),
                }
            }
            Tongue::Turkish => {
                const ONES: [&str; 10] = [
                    "sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz",
                ];
                const TENS: [&str; 10] = [
                    "", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen",
                    "doksan",
                ];
                match (tens, ones) {
                    (0, o) => ONES[o as usize].to_owned(),
                    (t, 0) => TENS[t as usize].to_owned(),
                    (t, o) => format!("{} {}", TENS[t as usize], ONES[o as usize]),
                }
            }
            Tongue::German => {
                const SMALL: [&str; 20] = [
                    "null",
                    "eins",
                    "zwei",
                    "drei",
                    "vier",
                    "fuenf",
                    "sechs",
                    "sieben",
                    "acht",
                    "neun",
                    "zehn",
                    "elf",
                    "zwoelf",
                    "dreizehn",
                    "vierzehn",
                    "fuenfzehn",
                    "sechzehn",
                    "siebzehn",
                    "achtzehn",
                    "neunzehn",
                ];
                const TENS: [&str; 10] = [
                    "", "", "zwanzig", "dreissig", "vierzig", "fuenfzig", "sechzig", "siebzig",
                    "achtzig", "neunzig",
                ];
                match (tens, ones) {
                    (0 | 1, _) => SMALL[n as usize].to_owned(),
                    (t, 0) => TENS[t as usize].to_owned(),
                    (t, 1) => format!("einund{}", TENS[t as usize]),
                    (t, o) => format!("{}und{}", SMALL[o as usize], TENS[t as usize]),
                }
            }
        }
    }

    /// Reads a number (0 to 99) from the start of `words` (folded by [`Tongue::words`]): digits,
    /// or the tongue's words with the spellings and mishearings a dictating player produces
    /// (`for` 4, `to`/`too` 2, `ate` 8, `won` 1; `zwo` 2; `uc` 3; `twenty one` and `twenty-one`
    /// as 21; `on uc` and `onuc` as 13). Returns the number and how many words it took.
    pub fn read_number(self, words: &[String]) -> Option<(u32, usize)> {
        let first = words.first()?;
        if first.chars().all(|c| c.is_ascii_digit()) {
            return first.parse().ok().filter(|&n| n < 100).map(|n| (n, 1));
        }
        let whole = |w: &str| (0..100).find(|&n| self.fold(&self.number(n)) == w);
        match self {
            Tongue::English => {
                let alias = |w: &str| -> Option<u32> {
                    Some(match w {
                        "won" => 1,
                        "to" | "too" => 2,
                        "tree" | "free" => 3,
                        "for" | "fore" => 4,
                        "sex" | "sicks" => 6,
                        "ate" => 8,
                        _ => return None,
                    })
                };
                let single = |w: &str| whole(w).or_else(|| alias(w));
                let n = single(first)?;
                // "twenty one": a tens word and a following unit.
                if n >= 20 && n % 10 == 0 {
                    if let Some(unit) = words
                        .get(1)
                        .and_then(|w| single(w))
                        .filter(|u| (1..10).contains(u))
                    {
                        return Some((n + unit, 2));
                    }
                }
                Some((n, 1))
            }
            Tongue::Turkish => {
                // Turkish writes a number's words apart or together (`on üç`, `onüç`).
                // What recognisers write for a square's number, a syllable short (`bi`, `seki`).
                let heard = match first.as_str() {
                    "bi" => Some(1),
                    "seki" => Some(8),
                    _ => None,
                };
                let n = whole(first).or(heard).or_else(|| {
                    (10..100).find(|&n| self.fold(&self.number(n)).replace(' ', "") == *first)
                })?;
                if n >= 10 && n % 10 == 0 {
                    if let Some(unit) = words
                        .get(1)
                        .and_then(|w| whole(w))
                        .filter(|u| (1..10).contains(u))
                    {
                        return Some((n + unit, 2));
                    }
                }
                Some((n, 1))
            }
            Tongue::German => {
                // `zwo`, as German speakers say two to tell it from drei; an umlaut typed as
                // its bare vowel (`funf`, `zwolf`).
                // What recognisers write for the numbers of a square (`fuhn`, `hier`, `frei`).
                let heard = match first.as_str() {
                    "ains" => Some(1),
                    "frei" | "drey" | "trei" | "trai" | "try" => Some(3),
                    "fier" | "fie" | "fieh" | "fiehr" | "fiel" | "hier" => Some(4),
                    "fuhn" => Some(5),
                    "lieben" | "zieben" | "nieben" | "mieben" => Some(7),
                    "hacht" => Some(8),
                    _ => None,
                };
                let n = whole(first)
                    .or((first == "zwo").then_some(2))
                    .or(heard)
                    .or_else(|| {
                        let spelled = first.replace("unf", "uenf").replace("zwolf", "zwoelf");
                        (spelled != *first).then(|| whole(&spelled)).flatten()
                    })?;
                Some((n, 1))
            }
        }
    }
}

impl fmt::Display for Tongue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(t: Tongue, text: &str) -> Vec<String> {
        t.words(text)
    }

    #[test]
    fn every_number_reads_back_as_itself_in_every_tongue() {
        for t in Tongue::ALL {
            for n in 0..100 {
                let written = t.number(n);
                assert_eq!(
                    t.read_number(&words(t, &written)).map(|(n, _)| n),
                    Some(n),
                    "{t} {written}"
                );
                // As a Turkish player may type it without its letters, or a German without umlauts.
                let plain: String = t.fold(&written);
                assert_eq!(
                    t.read_number(&words(t, &plain)).map(|(n, _)| n),
                    Some(n),
                    "{t} {plain}"
                );
            }
        }
    }

    #[test]
    fn numbers_are_spelled_as_the_tongue_spells_them() {
        assert_eq!(Tongue::German.number(5), "fuenf");
        assert_eq!(Tongue::German.number(21), "einundzwanzig");
        assert_eq!(Tongue::German.number(32), "zweiunddreissig");
        assert_eq!(Tongue::Turkish.number(13), "on üç");
        assert_eq!(Tongue::Turkish.number(24), "yirmi dört");
        assert_eq!(Tongue::English.number(13), "thirteen");
        assert_eq!(Tongue::English.number(25), "twenty-five");
    }

    #[test]
    fn dictation_mishearings_and_other_spellings_are_read() {
        let read = |t: Tongue, text: &str| t.read_number(&words(t, text));
        assert_eq!(read(Tongue::English, "for"), Some((4, 1)));
        assert_eq!(read(Tongue::English, "ate"), Some((8, 1)));
        assert_eq!(read(Tongue::English, "to"), Some((2, 1)));
        assert_eq!(read(Tongue::English, "twenty one"), Some((21, 2)));
        assert_eq!(read(Tongue::English, "twenty-one"), Some((21, 2)));
        assert_eq!(read(Tongue::German, "fünf"), Some((5, 1)));
        assert_eq!(read(Tongue::German, "zwo"), Some((2, 1)));
        assert_eq!(read(Tongue::German, "funf"), Some((5, 1)));
        assert_eq!(read(Tongue::German, "zwolf"), Some((12, 1)));
        assert_eq!(read(Tongue::German, "zweiunddreißig"), Some((32, 1)));
        assert_eq!(read(Tongue::Turkish, "onüç"), Some((13, 1)));
        assert_eq!(read(Tongue::Turkish, "on uc"), Some((13, 2)));
        assert_eq!(read(Tongue::Turkish, "DÖRT"), Some((4, 1)));
        assert_eq!(read(Tongue::Turkish, "13"), Some((13, 1)));
        assert_eq!(read(Tongue::English, "Felix"), None);
        assert_eq!(read(Tongue::English, "100"), None);
    }

    #[test]
    fn words_split_letters_from_digits_and_fold() {
        assert_eq!(
            words(Tongue::German, "Läufer schlägt C4!"),
            ["laeufer", "schlaegt", "c", "4"]
        );
        assert_eq!(
            words(Tongue::Turkish, "on üç'ten yedi'ye,"),
            ["on", "ucten", "yediye"]
        );
        assert_eq!(
            words(Tongue::English, "Knight f-three"),
            ["knight", "f", "three"]
        );
    }

    #[test]
    fn a_language_names_its_tongue_or_english() {
        assert_eq!(Tongue::for_language("tr"), Tongue::Turkish);
        assert_eq!(Tongue::for_language("de-AT"), Tongue::German);
        assert_eq!(Tongue::for_language("fr"), Tongue::English);
        assert_eq!(Tongue::parse("xx"), None);
    }
}
