//! What speech-to-text writes for a spoken move's words, made the notation's words again before
//! they are read: a recogniser runs words together (`nighttakes`, `hektortrei`, `kalefe`) and
//! hears a piece with the file after it as one word (`rookie` for `rook e`, `pawnee` for `pawn
//! e`), or cuts one word in two (`i ki` for `iki`). The words the reader knows are in its
//! lexicon; this only joins, cuts and respells, and the reader still asks back a text that fits
//! more than one move.

use crate::game::spoken::Tongue;

/// Words a recogniser writes for two of the notation's words, by tongue.
const RESPELLED: &[(Tongue, &str, &str)] = &[
    (Tongue::English, "rookie", "rook e"),
    (Tongue::English, "ruky", "rook e"),
    (Tongue::English, "roxy", "rook c"),
    (Tongue::English, "pony", "pawn e"),
    (Tongue::English, "ponce", "pawn c"),
    (Tongue::English, "anyone", "a one"),
    (Tongue::English, "asics", "a six"),
];

/// The longest word cut into known words (a move's words run together are short).
const LONGEST_CUT: usize = 24;
/// The shortest: a file's letter and a word (`ctx`, `c tx`). Two letters are a move's letters
/// (`Cc3`), cut only after another word, where they are two files (`rook db5`: the rook from
/// the d-file to b5).
const SHORTEST_CUT: usize = 3;

/// `words` with two neighbours `known` does not know joined where together they are one word it
/// knows (`i ki`), each respelled word replaced by the notation's words, and each word `known`
/// does not know (a word of some phrase it knows is known) cut into two or three words it
/// knows: into two where exactly one such cut exists, else into three where exactly one does
/// (a part is two letters at least, or a file's letter).
pub(super) fn respelled(
    tongue: Tongue,
    words: Vec<String>,
    known: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    for word in joined(words, &known) {
        if let Some((_, _, said)) = RESPELLED
            .iter()
            .find(|(t, heard, _)| *t == tongue && *heard == word)
        {
            out.extend(said.split(' ').map(str::to_owned));
        } else if !known(&word) && !out.is_empty() && two_files(&word) {
            out.extend(word.chars().map(String::from));
        } else if known(&word) || !(SHORTEST_CUT..=LONGEST_CUT).contains(&word.chars().count()) {
            out.push(word);
        } else {
            // The cut into fewest words, where only one has that many.
            let cuts = cuts(&word, &known);
            let fewest = cuts.iter().map(Vec::len).min().unwrap_or_default();
            let mut fewest = cuts.iter().filter(|c| c.len() == fewest);
            match (fewest.next(), fewest.next()) {
                (Some(one), None) => out.extend(one.iter().cloned()),
                _ => out.push(word),
            }
        }
    }
    out
}

/// Is `word` two files' letters?
fn two_files(word: &str) -> bool {
    word.len() == 2 && word.bytes().all(|b| (b'a'..=b'h').contains(&b))
}

/// `words` with each two neighbours that are unknown alone and known together made one word.
fn joined(words: Vec<String>, known: &impl Fn(&str) -> bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut last_unknown = false;
    for word in words {
        let unknown = !known(&word);
        if unknown && last_unknown {
            let last = out.last_mut().expect("an unknown word was kept");
            let together = format!("{last}{word}");
            if known(&together) {
                *last = together;
                last_unknown = false;
                continue;
            }
        }
        last_unknown = unknown;
        out.push(word);
    }
    out
}

/// Every way of cutting `word` into two or three parts that `known` knows.
fn cuts(word: &str, known: &impl Fn(&str) -> bool) -> Vec<Vec<String>> {
    let part = |p: &str| {
        let fits = p.len() >= 2 || matches!(p, "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h");
        fits && known(p)
    };
    let bounds: Vec<usize> = word.char_indices().map(|(i, _)| i).skip(1).collect();
    let mut found = Vec::new();
    for (n, &i) in bounds.iter().enumerate() {
        let (first, rest) = word.split_at(i);
        if !part(first) {
            continue;
        }
        if part(rest) {
            found.push(vec![first.to_owned(), rest.to_owned()]);
        }
        for &j in &bounds[n + 1..] {
            let (second, third) = word.split_at(j);
            let second = &second[i..];
            if part(second) && part(third) {
                found.push(vec![first.to_owned(), second.to_owned(), third.to_owned()]);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(w: &str) -> bool {
        [
            "night", "takes", "e", "f", "h", "rook", "hektor", "drei", "kale", "fe",
        ]
        .contains(&w)
    }

    fn heard(tongue: Tongue, text: &str) -> Vec<String> {
        let words = text.split(' ').map(str::to_owned).collect();
        respelled(tongue, words, known)
    }

    #[test]
    fn words_run_together_are_cut_where_one_cut_fits() {
        assert_eq!(
            heard(Tongue::English, "nighttakes f"),
            ["night", "takes", "f"]
        );
        assert_eq!(heard(Tongue::English, "nighthf"), ["night", "h", "f"]);
        assert_eq!(heard(Tongue::English, "etakes"), ["e", "takes"]);
        assert_eq!(heard(Tongue::German, "hektordrei"), ["hektor", "drei"]);
        assert_eq!(heard(Tongue::Turkish, "kalefe"), ["kale", "fe"]);
        // A word it cannot cut, or a known one, is left as heard.
        assert_eq!(heard(Tongue::English, "nightx"), ["nightx"]);
        assert_eq!(heard(Tongue::English, "takes"), ["takes"]);
        // Two files' letters run together are two files.
        assert_eq!(heard(Tongue::English, "rook hf"), ["rook", "h", "f"]);
        assert_eq!(
            heard(Tongue::English, "hf"),
            ["hf"],
            "first, they are a move's letters"
        );
    }

    #[test]
    fn a_word_cut_apart_is_joined_where_only_together_it_is_known() {
        let known = |w: &str| ["fil", "e", "iki", "at"].contains(&w);
        let joined = |text: &str| {
            let words = text.split(' ').map(str::to_owned).collect();
            respelled(Tongue::Turkish, words, known)
        };
        assert_eq!(joined("fil e i ki"), ["fil", "e", "iki"]);
        // A known word is never joined to its neighbour, nor are two that stay unknown.
        assert_eq!(joined("e ik ik"), ["e", "ik", "ik"]);
        assert_eq!(joined("at iki"), ["at", "iki"]);
    }

    #[test]
    fn a_piece_heard_with_its_file_is_respelled_in_its_tongue_only() {
        assert_eq!(heard(Tongue::English, "rookie"), ["rook", "e"]);
        assert_eq!(heard(Tongue::German, "rookie"), ["rookie"]);
    }

    #[test]
    fn two_cuts_that_fit_are_left_uncut() {
        let known = |w: &str| ["ab", "c", "a", "bc"].contains(&w);
        assert_eq!(cuts("abc", &known).len(), 2);
        let words = respelled(Tongue::English, vec!["abc".into()], known);
        assert_eq!(words, ["abc"]);
        // Fewer words win: `pawnee` is `pawn ee`, not `pawn e e`.
        let known = |w: &str| ["pawn", "ee", "e"].contains(&w);
        let words = respelled(Tongue::English, vec!["pawnee".into()], known);
        assert_eq!(words, ["pawn", "ee"]);
    }
}
