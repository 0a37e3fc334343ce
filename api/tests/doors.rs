//! The doors (the JSON API, the pages, Xfcc: everything under `src/http/`) translate and leave
//! every decision to the application layer (`src/app/`). Read from each door's syntax tree, with
//! its `use` declarations resolved, a door never:
//!
//! - touches the store: no `.store` (or a fold cache) reached on any value, no `Store` named,
//!   no function of `crate::store` called but its clock and time formats;
//! - builds a command's context (any `…Context` named) or runs the pipeline or a decider
//!   (`execute`, `run_on`, `decide`, `judge`, `evolve`);
//! - decides who acts: no `Actor` named, nor the functions that choose one.
//!
//! A door may parse its input into the application's vocabulary (a domain `Command` is the
//! input of the use-case that runs it) and read the rows the use-cases answer.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use syn::visit::{self, Visit};

/// Functions of `crate::store` a door may call: the clock and the time formats, which touch
/// no database.
const STORE_HELPERS: [&str; 4] = ["now", "micros", "from_micros", "rfc3339"];
/// Fields that hold the store or its caches.
const STORE_FIELDS: [&str; 4] = ["store", "folds", "tournament_folds", "commit_stats"];
/// Functions that judge or run a command.
const PIPELINE: [&str; 10] = [
    "execute",
    "execute_on",
    "run_on",
    "run_built",
    "run_built_on",
    "flag_fall",
    "decide",
    "judge",
    "evolve",
    "attempt",
];
/// Functions that decide who acts.
const ACTOR_CHOICE: [&str; 3] = ["in_game", "in_tournament", "as_arbiter"];

/// What a door must not do, found at a line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Finding {
    line: usize,
    what: &'static str,
    code: String,
}

/// One door file's `use` declarations, wherever they stand (a function's own too): each name
/// in scope, as the path it stands for.
fn imports(file: &syn::File) -> HashMap<String, Vec<String>> {
    fn walk(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut HashMap<String, Vec<String>>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                if name == "self" {
                    if let Some(last) = prefix.last() {
                        out.insert(last.clone(), prefix.clone());
                    }
                } else {
                    let mut full = prefix.clone();
                    full.push(name.clone());
                    out.insert(name, full);
                }
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                if r.ident != "self" {
                    full.push(r.ident.to_string());
                }
                out.insert(r.rename.to_string(), full);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    walk(t, prefix, out);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }
    struct Uses(HashMap<String, Vec<String>>);
    impl<'ast> Visit<'ast> for Uses {
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            walk(&u.tree, &mut Vec::new(), &mut self.0);
        }
    }
    let mut uses = Uses(HashMap::new());
    uses.visit_file(file);
    uses.0
}

struct Door<'a> {
    imports: &'a HashMap<String, Vec<String>>,
    found: Vec<Finding>,
}

impl Door<'_> {
    /// A path as written, its first name resolved through the file's imports.
    fn resolved(&self, path: &syn::Path) -> Vec<String> {
        let mut segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some(full) = segments.first().and_then(|first| self.imports.get(first)) {
            segments.splice(0..1, full.iter().cloned());
        }
        segments
    }

    fn report(&mut self, span: proc_macro2::Span, what: &'static str, code: String) {
        self.found.push(Finding {
            line: span.start().line,
            what,
            code,
        });
    }

    /// A path named anywhere (a call, a value, a type, a pattern).
    fn check_path(&mut self, path: &syn::Path, called: bool) {
        let full = self.resolved(path);
        let written = full.join("::");
        let span = path
            .segments
            .last()
            .map_or_else(proc_macro2::Span::call_site, |s| s.ident.span());
        let in_store = full.iter().position(|s| s == "store");
        let outside = matches!(
            full.first().map(String::as_str),
            Some("std" | "core" | "alloc" | "actix_web" | "futures_core")
        );
        if full.windows(2).any(|w| w[0] == "store" && w[1] == "Store") {
            self.report(span, "the store named", written.clone());
        } else if let Some(i) = in_store {
            // `crate::store::x(…)` or `store::x(…)`: only its clock and time formats.
            if called {
                if let Some(function) = full.get(i + 1) {
                    let is_function = function.chars().next().is_some_and(char::is_lowercase);
                    if is_function && !STORE_HELPERS.contains(&function.as_str()) {
                        self.report(span, "a store function called", written.clone());
                    }
                }
            }
        }
        if !outside && full.iter().any(|s| s.ends_with("Context")) {
            self.report(span, "a command's context built", written.clone());
        }
        if full.iter().any(|s| s == "Actor") {
            self.report(span, "an actor named", written.clone());
        }
        if called {
            if let Some(last) = full.last() {
                let pipeline_run = last == "run"
                    && full.len() >= 2
                    && matches!(full[full.len() - 2].as_str(), "app" | "commands" | "games");
                if PIPELINE.contains(&last.as_str()) || pipeline_run {
                    self.report(span, "a command judged or run", written.clone());
                }
                if ACTOR_CHOICE.contains(&last.as_str()) && full.iter().any(|s| s == "actors") {
                    self.report(span, "an actor chosen", written);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Door<'_> {
    fn visit_expr_field(&mut self, e: &'ast syn::ExprField) {
        if let syn::Member::Named(name) = &e.member {
            if STORE_FIELDS.contains(&name.to_string().as_str()) {
                self.report(name.span(), "the store reached", format!(".{name}"));
            }
        }
        visit::visit_expr_field(self, e);
    }

    fn visit_field_pat(&mut self, f: &'ast syn::FieldPat) {
        // `let AppState { store, .. } = …`: the store taken out by a pattern.
        if let syn::Member::Named(name) = &f.member {
            if STORE_FIELDS.contains(&name.to_string().as_str()) {
                self.report(name.span(), "the store reached", format!("{{ {name} }}"));
            }
        }
        visit::visit_field_pat(self, f);
    }

    fn visit_expr_call(&mut self, e: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*e.func {
            self.check_path(&p.path, true);
            for arg in &e.args {
                self.visit_expr(arg);
            }
            return;
        }
        visit::visit_expr_call(self, e);
    }

    fn visit_expr_method_call(&mut self, e: &'ast syn::ExprMethodCall) {
        let name = e.method.to_string();
        if PIPELINE.contains(&name.as_str()) {
            self.report(
                e.method.span(),
                "a command judged or run",
                format!(".{name}(…)"),
            );
        }
        visit::visit_expr_method_call(self, e);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.check_path(p, false);
        visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // A macro's arguments, where they read as expressions (`format!`, `vec!`, `matches!`…).
        use syn::punctuated::Punctuated;
        let parser = Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        if let Ok(args) = m.parse_body_with(parser) {
            for arg in &args {
                <Self as Visit<'_>>::visit_expr(self, arg);
            }
        }
        visit::visit_macro(self, m);
    }

    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {
        // Names imported are judged where they are used.
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        // A door's own tests may build what they test.
        let is_test = m.attrs.iter().any(|a| {
            a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
        });
        if !is_test {
            visit::visit_item_mod(self, m);
        }
    }
}

/// What the door whose source is `text` does that only the application may.
fn findings(text: &str) -> Vec<Finding> {
    let file = syn::parse_file(text).expect("a door's source parses");
    let imports = imports(&file);
    let mut door = Door {
        imports: &imports,
        found: Vec::new(),
    };
    door.visit_file(&file);
    door.found.sort_by_key(|f| f.line);
    door.found.dedup();
    door.found
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

#[test]
fn no_door_decides_what_the_app_decides() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut files = Vec::new();
    sources(&dir, &mut files);
    assert!(files.len() > 30, "the doors' sources are read");
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        for f in findings(&text) {
            found.push(format!(
                "{}:{}: {} ({})",
                path.display(),
                f.line,
                f.what,
                f.code
            ));
        }
    }
    assert!(found.is_empty(), "decisions in the doors: {found:#?}");
}

/// Each kind of violation, planted in a door, is found where it is.
#[test]
fn a_planted_violation_of_each_kind_is_found() {
    let door = r#"
use crate::app::AppState;
use crate::store::{self, micros};
use crate::app::actors;
use domain::game::Actor as Who;
use domain::games::Context;

fn fine(state: &AppState) -> i64 {
    let at = store::rfc3339(store::now());
    micros(store::now())
}

fn reaches(state: &AppState) {
    let row = state.store.game_row("g");
}

fn calls(s: &AppState) {
    crate::store::events::load(s);
    store::ping();
}

fn names(store: &crate::store::Store, e: StoreError) {
    let fine = crate::app::tokens::IssueError::Store(e);
}

fn judges(game: &Game) {
    game.decide(command);
    crate::app::run(state, id, command);
}

fn builds() {
    let ctx = Context { now, actor };
    let also = TournamentContext::of(account);
}

fn chooses(account: Account) {
    let who = Who::Admin;
    let also = actors::in_game(account, &command);
}

fn folds(state: &AppState) {
    state.folds.current();
}

fn hidden_in_a_macro(state: &AppState) {
    tracing::info!("{}", state.store.len());
}

fn polls(cx: &mut std::task::Context<'_>) {}

fn imports_inside(state: &AppState) {
    use crate::app::games::run as go;
    go(state, id, command);
}

fn unpacks(state: &AppState) {
    let AppState { store, .. } = state;
}

#[cfg(test)]
mod tests {
    fn planted_in_a_test_is_allowed(state: &AppState) {
        state.store.ping();
    }
}
"#;
    let found: Vec<(usize, &str)> = findings(door).iter().map(|f| (f.line, f.what)).collect();
    assert_eq!(
        found,
        vec![
            (14, "the store reached"),
            (18, "a store function called"),
            (19, "a store function called"),
            (22, "the store named"),
            (27, "a command judged or run"),
            (28, "a command judged or run"),
            (32, "a command's context built"),
            (33, "a command's context built"),
            (37, "an actor named"),
            (38, "an actor chosen"),
            (42, "the store reached"),
            (46, "the store reached"),
            (53, "a command judged or run"),
            (57, "the store reached"),
        ]
    );
}
