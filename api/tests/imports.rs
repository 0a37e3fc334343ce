//! The modules of `api`, `domain` and `pairing` import one another without circles: read as
//! syntax trees, each module's references to another (`use` declarations and paths, through
//! `crate::`, `super::` or `self::`) make a graph with no cycle, and no module reaches the crate
//! root's own items (an import that runs back up). A module's references to its own ancestors
//! and descendants (a file split into a folder, whose parts share its imports) are not counted,
//! except where an ancestor only re-exports another module's item: that is a reference to the
//! module the item comes from. The three doors under `http/` (the JSON API, the pages, Xfcc)
//! reach the shared core and the application, never one another.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::{self, Visit};

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
struct Named {
    paths: Vec<Vec<String>>,
    /// What `pub use` declarations export: the name, and the path as written.
    exported: Vec<(String, Vec<String>)>,
    /// Whether the `use` being read is public.
    public: bool,
}

impl Named {
    /// A path a `use` names, exported under its last segment or `rename` if the `use` is public.
    fn named(&mut self, full: Vec<String>, rename: Option<String>) {
        if self.public {
            if let Some(name) = rename.or_else(|| full.last().cloned()) {
                self.exported.push((name, full.clone()));
            }
        }
        self.paths.push(full);
    }

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
                self.named(full, None);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                if r.ident != "self" {
                    full.push(r.ident.to_string());
                }
                self.named(full, Some(r.rename.to_string()));
            }
            syn::UseTree::Glob(_) => self.paths.push(prefix.clone()),
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
        self.public = !matches!(u.vis, syn::Visibility::Inherited);
        self.use_tree(&u.tree, &mut Vec::new());
        self.public = false;
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.paths
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

/// A path as written in module `here`, made absolute (segments from the crate root): through
/// `crate::`, `self::`, `super::`, or a child module of `here` named first (as a `use` in a
/// `mod.rs` names its parts). `None` for anything else (another crate, a local name).
fn absolute(
    here: &[String],
    path: &[String],
    mods: &BTreeMap<String, PathBuf>,
) -> Option<Vec<String>> {
    let (mut base, mut rest): (Vec<String>, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (here.to_vec(), &path[1..]),
        Some("super") => (here.to_vec(), path),
        Some(first) => {
            let mut child = here.to_vec();
            child.push(first.to_owned());
            if !mods.contains_key(&child.join("::")) {
                return None;
            }
            (here.to_vec(), path)
        }
        None => return None,
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// What each module re-exports (`pub use`), by the name it exports, as an absolute path.
type Reexports = BTreeMap<String, BTreeMap<String, Vec<String>>>;

/// The module a path reaches: the longest of its prefixes that is a module, followed through
/// that module's re-exports (`app::run`, re-exported from `app::games`, reaches `app::games`).
fn reached(base: &[String], mods: &BTreeMap<String, PathBuf>, reexports: &Reexports) -> String {
    let mut base = base.to_vec();
    for _ in 0..8 {
        let k = (0..=base.len())
            .rev()
            .find(|k| mods.contains_key(&base[..*k].join("::")))
            .unwrap_or(0);
        let module = base[..k].join("::");
        let Some(to) = base
            .get(k)
            .and_then(|name| reexports.get(&module)?.get(name))
        else {
            return module;
        };
        let mut next = to.clone();
        next.extend(base[k + 1..].iter().cloned());
        if next == base {
            return module;
        }
        base = next;
    }
    base.join("::")
}

/// Each module's references to modules that are neither its ancestors nor its descendants, and
/// the modules that reach the crate root's own items.
fn graph(src: &Path) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mods = modules(src);
    let mut parsed = BTreeMap::new();
    let mut reexports = Reexports::new();
    for (name, file) in &mods {
        let here: Vec<String> = if name.is_empty() {
            Vec::new()
        } else {
            name.split("::").map(str::to_owned).collect()
        };
        let ast = syn::parse_file(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut named = Named::default();
        named.visit_file(&ast);
        for (exported, path) in named.exported.drain(..) {
            if let Some(to) = absolute(&here, &path, &mods) {
                reexports
                    .entry(name.clone())
                    .or_default()
                    .insert(exported, to);
            }
        }
        parsed.insert(name.clone(), (here, named.paths));
    }
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut to_root = Vec::new();
    for (name, (here, paths)) in parsed {
        let mut out = BTreeSet::new();
        for path in paths {
            if !matches!(
                path.first().map(String::as_str),
                Some("crate" | "self" | "super")
            ) {
                continue;
            }
            let Some(base) = absolute(&here, &path, &mods) else {
                continue;
            };
            let direct = (0..=base.len())
                .rev()
                .map(|k| base[..k].join("::"))
                .find(|m| mods.contains_key(m))
                .unwrap_or_default();
            let target = reached(&base, &mods, &reexports);
            let related = |a: &str, b: &str| {
                a == b
                    || b.is_empty()
                    || a.starts_with(&format!("{b}::"))
                    || b.starts_with(&format!("{a}::"))
            };
            if direct.is_empty() && !base.is_empty() && !name.is_empty() {
                to_root.push(format!("{name} -> crate::{}", base.join("::")));
            } else if !related(&name, &target) {
                out.insert(target);
            }
        }
        edges.insert(name, out);
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
    assert!(found.is_empty(), "import circles: {found:#?}");
}

/// The door (`http::api`, `http::pages`, `http::xfcc`) a module of `api` belongs to, if any.
fn door_of(module: &str) -> Option<&str> {
    let rest = module.strip_prefix("http::")?;
    let door = rest.split("::").next()?;
    ["api", "pages", "xfcc"].contains(&door).then_some(door)
}

/// Each reference from one door into another, as `from -> to`.
fn crossings(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (from, targets) in edges {
        for to in targets {
            if let (Some(a), Some(b)) = (door_of(from), door_of(to)) {
                if a != b {
                    out.push(format!("{from} -> {to}"));
                }
            }
        }
    }
    out
}

/// The doors share the core under `http/` and the application, never one another's parts.
#[test]
fn no_door_reaches_into_another() {
    let (edges, _) = graph(&crate_src("api"));
    assert!(
        edges.keys().filter(|m| door_of(m).is_some()).count() > 30,
        "the doors' modules are read"
    );
    let found = crossings(&edges);
    assert!(
        found.is_empty(),
        "one door using another's parts: {found:#?}"
    );
}

#[test]
fn a_planted_crossing_between_doors_is_found() {
    let dir = std::env::temp_dir().join(format!("zarf-doors-{}", std::process::id()));
    let src = dir.join("src");
    for d in ["http/api", "http/pages"] {
        std::fs::create_dir_all(src.join(d)).unwrap();
    }
    std::fs::write(src.join("lib.rs"), "pub mod http;\n").unwrap();
    std::fs::write(
        src.join("http/mod.rs"),
        "pub mod api; pub mod pages; pub mod core;\n",
    )
    .unwrap();
    std::fs::write(src.join("http/core.rs"), "pub fn shared() {}\n").unwrap();
    std::fs::write(src.join("http/api/mod.rs"), "pub mod games;\n").unwrap();
    std::fs::write(
        src.join("http/api/games.rs"),
        "pub fn create() { crate::http::core::shared() }\n",
    )
    .unwrap();
    std::fs::write(src.join("http/pages/mod.rs"), "pub mod organise;\n").unwrap();
    std::fs::write(
        src.join("http/pages/organise.rs"),
        "use crate::http::core::shared;\npub fn add() { shared(); crate::http::api::games::create() }\n",
    )
    .unwrap();
    let (edges, _) = graph(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        crossings(&edges),
        vec!["http::pages::organise -> http::api::games".to_owned()]
    );
}

#[test]
fn a_planted_circle_a_hidden_one_and_a_planted_climb_are_found() {
    let dir = std::env::temp_dir().join(format!("zarf-imports-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::create_dir_all(src.join("p")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "pub mod a; pub mod b; pub mod c; pub mod p;\npub struct Root;\n",
    )
    .unwrap();
    // A circle through a parent's re-export: `r` names `q`'s item as its parent's.
    std::fs::write(
        src.join("p/mod.rs"),
        "pub mod q; pub mod r;\npub use q::Q;\n",
    )
    .unwrap();
    std::fs::write(src.join("p/q.rs"), "use super::r::R;\npub struct Q;\n").unwrap();
    std::fs::write(src.join("p/r.rs"), "pub struct R(super::Q);\n").unwrap();
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
    assert_eq!(
        circles(&edges),
        vec![
            vec!["a".to_owned(), "b".to_owned()],
            vec!["p::q".to_owned(), "p::r".to_owned()]
        ]
    );
    assert_eq!(to_root, vec!["c -> crate::Root".to_owned()]);
}
