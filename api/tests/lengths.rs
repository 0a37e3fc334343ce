//! Every function a reader meets in `api`, `domain`, `pairing` and the binary fits in one
//! reading: none is over [`MAX_LINES`] lines, from its `fn` to its closing brace. Tests (a
//! `#[cfg(test)]` module, a file that is one, a `#[test]` function) are not counted.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// The longest a function may be.
const MAX_LINES: usize = 120;

/// Whether `attrs` hold `#[cfg(test)]` or `#[test]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
    })
}

/// Functions over the limit in one file, and the files of its `#[cfg(test)] mod x;`.
#[derive(Default)]
struct Lengths {
    long: Vec<(String, usize, usize)>,
    test_modules: Vec<String>,
}

impl Lengths {
    fn measure(&mut self, name: &syn::Ident, sig: &syn::Signature, block: &syn::Block) {
        let first = sig.span().start().line;
        let last = block.brace_token.span.close().start().line;
        let lines = last + 1 - first;
        if lines > MAX_LINES {
            self.long.push((name.to_string(), first, lines));
        }
    }
}

impl<'ast> Visit<'ast> for Lengths {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if !is_test(&f.attrs) {
            self.measure(&f.sig.ident, &f.sig, &f.block);
            visit::visit_item_fn(self, f);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_test(&f.attrs) {
            self.measure(&f.sig.ident, &f.sig, &f.block);
            visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.measure(&f.sig.ident, &f.sig, block);
        }
        visit::visit_trait_item_fn(self, f);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if is_test(&m.attrs) {
            if m.content.is_none() {
                self.test_modules.push(m.ident.to_string());
            }
        } else {
            visit::visit_item_mod(self, m);
        }
    }
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each function over the limit under `dirs`, as `file:line name (lines)`.
fn too_long(dirs: &[PathBuf]) -> Vec<String> {
    let mut files = Vec::new();
    for dir in dirs {
        sources(dir, &mut files);
    }
    let mut found = Vec::new();
    let mut test_files = BTreeSet::new();
    for file in &files {
        let ast = syn::parse_file(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut lengths = Lengths::default();
        lengths.visit_file(&ast);
        // `mod x;` in `a/mod.rs` or `a.rs` is `a/x.rs` or `a/x/mod.rs`.
        let here = match file.file_stem().and_then(|s| s.to_str()) {
            Some("mod" | "lib" | "main") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for m in &lengths.test_modules {
            test_files.insert(here.join(format!("{m}.rs")));
            test_files.insert(here.join(m).join("mod.rs"));
        }
        for (name, line, lines) in lengths.long {
            found.push((
                file.clone(),
                format!("{}:{line} {name} ({lines} lines)", file.display()),
            ));
        }
    }
    found
        .into_iter()
        .filter(|(file, _)| !test_files.contains(file))
        .map(|(_, text)| text)
        .collect()
}

#[test]
fn no_function_is_over_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dirs: Vec<PathBuf> = ["api/src", "domain/src", "pairing/src", "src"]
        .iter()
        .map(|d| root.join(d))
        .collect();
    let found = too_long(&dirs);
    assert!(
        found.is_empty(),
        "functions over {MAX_LINES} lines: {found:#?}"
    );
}

#[test]
fn a_planted_long_function_is_found_and_tests_are_not() {
    let dir = std::env::temp_dir().join(format!("zarf-lengths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let body = "    let x = 1;\n".repeat(MAX_LINES);
    let fits = "    let x = 1;\n".repeat(MAX_LINES - 2);
    std::fs::write(
        dir.join("lib.rs"),
        format!(
            "#[cfg(test)]\nmod checks;\n\nfn fits() {{\n{fits}}}\n\nstruct S;\nimpl S {{\n    fn long(&self) {{\n{body}    }}\n}}\n\n#[cfg(test)]\nmod tests {{\n    fn long_test() {{\n{body}    }}\n}}\n"
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("checks.rs"),
        format!("fn long_check() {{\n{body}}}\n"),
    )
    .unwrap();
    let found = too_long(std::slice::from_ref(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].ends_with(&format!("long ({} lines)", MAX_LINES + 2)),
        "{found:#?}"
    );
}
