//! The modules of `api`, `domain` and `pairing` import one another without circles: read as
//! syntax trees, each module's references to another (`use` declarations and paths, through
//! `crate::`, `super::` or `self::`) make a graph with no cycle, and no module reaches the crate
//! root's own items (an import that runs back up). A module's references to its own ancestors
//! and descendants (a file split into a folder, whose parts share its imports) are not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::{self, Visit};

/// Circles not yet taken apart, each as its modules: the test fails on any other, and on one
/// of these once it is gone (so that it is struck from this list).
const KNOWN: &[&[&str]] = &[
    &[
        "app::commands",
        "app::conditional",
        "app::dice",
        "app::folds",
        "app::games",
        "app::kind",
        "app::reads",
        "app::rounds",
        "app::tournaments",
    ],
    &["checkers::board", "checkers::notation"],
    &[
        "game::adjournment",
        "game::conditional",
        "game::event",
        "game::rules",
    ],
];

/// A crate's modules by path (`""` is the root), each with its file.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<String, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap().with_extension("");
                let mut parts: Vec<String> = rel
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    parts.pop();
                }
                out.insert(parts.join("::"), path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The paths a file names through `crate::`, `super::` or `self::`, each as written.
#[derive(Default)]
struct Named(Vec<Vec<String>>);

impl Named {
    fn use_tree(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(&p.tree, prefix);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                if n.ident != "self" {
                    full.push(n.ident.to_string());
                }
                self.0.push(full);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                if r.ident != "self" {
                    full.push(r.ident.to_string());
                }
                self.0.push(full);
            }
            syn::UseTree::Glob(_) => self.0.push(prefix.clone()),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Named {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&u.tree, &mut Vec::new());
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.0
            .push(p.segments.iter().map(|s| s.ident.to_string()).collect());
        visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // A macro's arguments, where they read as expressions (`format!`, `vec!`, `matches!`…).
        visit_macro_arguments(self, m);
        visit::visit_macro(self, m);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        // Tests may reach anything they test.
        let is_test = m.attrs.iter().any(|a| {
            a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
        });
        if !is_test {
            visit::visit_item_mod(self, m);
        }
    }
}

/// Visits a macro's arguments where they read as expressions separated by commas.
fn visit_macro_arguments(v: &mut Named, m: &syn::Macro) {
    use syn::punctuated::Punctuated;
    let parser = Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
    if let Ok(args) = m.parse_body_with(parser) {
        for arg in &args {
            <Named as Visit<'_>>::visit_expr(v, arg);
        }
    }
}

/// Each module's references to modules that are neither its ancestors nor its descendants, and
/// the modules that reach the crate root's own items.
fn graph(src: &Path) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mods = modules(src);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut to_root = Vec::new();
    for (name, file) in &mods {
        let here: Vec<String> = if name.is_empty() {
            Vec::new()
        } else {
            name.split("::").map(str::to_owned).collect()
        };
        let ast = syn::parse_file(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut named = Named::default();
        named.visit_file(&ast);
        let mut out = BTreeSet::new();
        for path in named.0 {
            let mut base: Vec<String> = match path.first().map(String::as_str) {
                Some("crate") => Vec::new(),
                Some("self") => here.clone(),
                Some("super") => here.clone(),
                _ => continue,
            };
            let mut rest = &path[1..];
            if path[0] == "super" {
                base.pop();
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            base.extend(rest.iter().cloned());
            let target = (0..=base.len())
                .rev()
                .map(|k| base[..k].join("::"))
                .find(|m| mods.contains_key(m))
                .unwrap_or_default();
            let related = |a: &str, b: &str| {
                a == b
                    || b.is_empty()
                    || a.starts_with(&format!("{b}::"))
                    || b.starts_with(&format!("{a}::"))
            };
            if target.is_empty() && !base.is_empty() && !name.is_empty() {
                to_root.push(format!("{name} -> crate::{}", base.join("::")));
            } else if !related(name, &target) {
                out.insert(target);
            }
        }
        edges.insert(name.clone(), out);
    }
    (edges, to_root)
}

/// The graph's circles: its strongly connected parts of more than one module (Tarjan).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on.insert(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on.remove(w);
                    part.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.out.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

fn crate_src(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("src")
}

#[test]
fn no_module_imports_in_a_circle_or_back_up_to_the_root() {
    let mut found = Vec::new();
    let mut roots = Vec::new();
    for krate in ["api", "domain", "pairing"] {
        let (edges, to_root) = graph(&crate_src(krate));
        assert!(edges.len() > 10, "{krate}'s modules are read");
        found.extend(circles(&edges));
        roots.extend(to_root.into_iter().map(|r| format!("{krate}: {r}")));
    }
    assert!(roots.is_empty(), "imports of the crate root: {roots:#?}");
    let known: Vec<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|m| (*m).to_owned()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !known.contains(c)).collect();
    assert!(new.is_empty(), "import circles: {new:#?}");
    let gone: Vec<&Vec<String>> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        gone.is_empty(),
        "circles taken apart, to strike from KNOWN: {gone:#?}"
    );
}

#[test]
fn a_planted_circle_and_a_planted_climb_are_found() {
    let dir = std::env::temp_dir().join(format!("zarf-imports-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "pub mod a; pub mod b; pub mod c;\npub struct Root;\n",
    )
    .unwrap();
    std::fs::write(
        src.join("a/mod.rs"),
        "pub mod inner;\nuse crate::b::B;\npub struct A;\n",
    )
    .unwrap();
    // A part of `a` using its parent's items is not a circle.
    std::fs::write(src.join("a/inner.rs"), "use super::A;\n").unwrap();
    std::fs::write(src.join("b.rs"), "pub struct B(crate::a::A);\n").unwrap();
    std::fs::write(src.join("c.rs"), "use crate::Root;\n").unwrap();
    let (edges, to_root) = graph(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(circles(&edges), vec![vec!["a".to_owned(), "b".to_owned()]]);
    assert_eq!(to_root, vec!["c -> crate::Root".to_owned()]);
}
