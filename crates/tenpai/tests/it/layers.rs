//! The library's layers (CONTRIBUTING.md, "Layers"), read from its source: a module
//! uses the modules of its own layer and of the layers below it, never a module of a
//! layer above, and no modules use each other in a cycle.
//!
//! A use is a `crate::` path (or a `super::` path leaving a module's folder) in code,
//! comments left out. A module is a file or folder under `src/`; `yaku::catalog` counts
//! as a module of its own (the rules use the catalog of yaku, the judgement uses the
//! rules). Uses inside a module (between the files of one folder) are not checked.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first.
const LAYERS: &[&[&str]] = &[
    &["error", "hash", "tile", "suit_table"],
    &["hand", "notation"],
    &["decompose", "shanten"],
    &["ukeire", "yaku::catalog", "yaku", "fu", "rules", "sanma"],
    &["score"],
    &["advise", "safety", "logs"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The module a path (`a::b::...`, from `crate::`) names: `a::b` when that is a module
/// of its own in [`LAYERS`], the module re-exported from when `a` is one of the crate
/// root's re-exports (`crate::Error`), else `a`.
fn module_of(path: &[String]) -> String {
    if let Some((_, m)) = root_exports()
        .into_iter()
        .find(|(name, _)| *name == path[0])
    {
        return m;
    }
    if path.len() >= 2 {
        let two = format!("{}::{}", path[0], path[1]);
        if layer(&two).is_some() {
            return two;
        }
    }
    path[0].clone()
}

/// The crate root's re-exports (`pub use tile::{Suit, Tile};`) as (name, module).
fn root_exports() -> Vec<(String, String)> {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let mut out = Vec::new();
    for line in code(&fs::read_to_string(lib).unwrap()).lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        for name in names.trim_matches(|c| "{};".contains(c)).split(',') {
            out.push((name.trim().to_string(), module.to_string()));
        }
    }
    out
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a source file with its comments (line, doc and block) blanked out.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        if depth == 0 && b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if depth > 0 && b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
        } else {
            if depth == 0 {
                out.push(b[i] as char);
            }
            i += 1;
        }
    }
    out
}

fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The paths used after `prefix` (`crate::`): `crate::a::b::C` gives `[a, b, C]`, and
/// `crate::{a::B, c}` gives `[a, B]` and `[c]`.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '$')) {
            continue; // `foo_crate::`, `$crate::`, `super::super::` are not ours
        }
        let mut items = Vec::new();
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level items of the group.
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        items.push(&group[start..i]);
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(&group[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            items.push(rest);
        }
        for item in items {
            let mut path = Vec::new();
            let mut s = item.trim_start();
            loop {
                let id = ident(s);
                if id.is_empty() {
                    break;
                }
                path.push(id.to_string());
                match s[id.len()..].strip_prefix("::") {
                    Some(next) => s = next,
                    None => break,
                }
            }
            if !path.is_empty() && path[0] != "self" && path[0] != "super" {
                out.push(path);
            }
        }
    }
    out
}

/// `(from, to)` module uses with the files and paths that make them.
fn uses() -> BTreeMap<(String, String), Vec<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    all.sort();
    let mut edges: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for file in all {
        let rel = file.strip_prefix(&src).unwrap();
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if parts == ["lib"] {
            continue; // the crate root: module declarations and re-exports
        }
        // The file's module path (`shanten/mod.rs` is `shanten`).
        let mut own = parts.clone();
        if own.last().is_some_and(|p| p == "mod") {
            own.pop();
        }
        let from = module_of(&own);
        assert!(
            layer(&from).is_some(),
            "module `{from}` ({}) is in no layer: add it to LAYERS here and to CONTRIBUTING.md",
            rel.display()
        );
        let text = code(&fs::read_to_string(&file).unwrap());
        let mut paths = paths_after(&text, "crate::");
        // `super::` from a file leads to its folder's module.
        if own.len() >= 2 {
            let parent = &own[..own.len() - 1];
            for p in paths_after(&text, "super::") {
                paths.push(parent.iter().cloned().chain(p).collect());
            }
        }
        for p in paths {
            let to = module_of(&p);
            if to == from {
                continue;
            }
            let site = format!("{}: {}", rel.display(), p.join("::"));
            let sites = edges.entry((from.clone(), to)).or_default();
            if !sites.contains(&site) {
                sites.push(site);
            }
        }
    }
    edges
}

#[test]
fn no_module_uses_a_higher_layer() {
    let mut wrong = Vec::new();
    for ((from, to), sites) in uses() {
        let Some(t) = layer(&to) else {
            wrong.push(format!("{from} uses `{to}`, in no layer ({})", sites[0]));
            continue;
        };
        let f = layer(&from).unwrap();
        if t > f {
            wrong.push(format!(
                "{from} (layer {f}) uses {to} (layer {t}), a higher layer: {}",
                sites.join(", ")
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn no_modules_use_each_other_in_a_cycle() {
    let edges = uses();
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().insert(to);
    }
    // Depth-first: a use of a module on the current path closes a cycle.
    fn visit<'a>(
        m: &'a str,
        next: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(i) = path.iter().position(|&p| p == m) {
            let mut c = path[i..].to_vec();
            c.push(m);
            cycles.push(c.join(" -> "));
            return;
        }
        if !done.insert(m) {
            return;
        }
        path.push(m);
        for &n in next.get(m).into_iter().flatten() {
            visit(n, next, path, done, cycles);
        }
        path.pop();
    }
    let (mut done, mut cycles) = (BTreeSet::new(), Vec::new());
    for &m in next.keys() {
        visit(m, &next, &mut Vec::new(), &mut done, &mut cycles);
    }
    // One file and path per step.
    let sites = |a: &str, b: &str| edges[&(a.to_string(), b.to_string())][0].clone();
    let described: Vec<String> = cycles
        .iter()
        .map(|c| {
            let ms: Vec<&str> = c.split(" -> ").collect();
            let steps: Vec<String> = ms.windows(2).map(|w| sites(w[0], w[1])).collect();
            format!("{c} ({})", steps.join("; "))
        })
        .collect();
    assert!(cycles.is_empty(), "\n{}", described.join("\n"));
}

#[test]
fn the_reader_finds_uses() {
    // The path reader itself: single paths, groups, comments and other crates.
    let text = code(
        "use crate::tile::Tile;\n\
         use crate::{hand::Hand, score::{self, Situation}};\n\
         // use crate::advise::Advice;\n\
         /* crate::logs */ let x = crate::sanma::NORTH; foo_crate::bar(); $crate::x;",
    );
    let mods: Vec<String> = paths_after(&text, "crate::")
        .iter()
        .map(|p| module_of(p))
        .collect();
    assert_eq!(mods, ["tile", "hand", "score", "sanma"]);
    assert_eq!(
        module_of(&["yaku".into(), "catalog".into(), "Yaku".into()]),
        "yaku::catalog"
    );
    assert_eq!(module_of(&["yaku".into(), "Judgement".into()]), "yaku");
    assert_eq!(module_of(&["Error".into()]), "error");
    assert_eq!(module_of(&["TileCounts".into()]), "tile");
}
