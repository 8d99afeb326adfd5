//! Where the data lives, found when the program runs, never compiled in: a copied or installed
//! binary must not read the corpus of the checkout it was built in.
//!
//! - The checkout: the nearest ancestor of the current directory that holds this project
//!   (`Cargo.toml` naming `uri-conformance`, and `vectors/rfc3986/`).
//! - The vector corpus: the checkout's `vectors/`, else the copy embedded in the binary at build
//!   time ([`crate::vectors::load_default`]).
//! - The data the main job reads (the web-platform-tests URL data, the real-world URL lists):
//!   the checkout's `data/<name>` ([`data`]), committed with its provenance, so that every clone
//!   writes the same reports; outside a checkout there is none, and the steps that need it are
//!   skipped. Every command that reads it takes a path option too.
//! - The team's shared data that nothing committed depends on (other projects' cases, the RFC
//!   texts): `../shared/data/<name>` beside the checkout (or beside the current directory when
//!   there is no checkout) ([`shared_data`]).

use std::path::{Path, PathBuf};

/// The nearest ancestor of the current directory (itself included) that is a checkout of this
/// project.
pub fn checkout() -> Option<PathBuf> {
    let here = std::env::current_dir().ok()?;
    here.ancestors()
        .find(|dir| is_checkout(dir))
        .map(Path::to_owned)
}

/// Whether `dir` holds this project: its manifest and its corpus.
fn is_checkout(dir: &Path) -> bool {
    dir.join("vectors/rfc3986").is_dir()
        && std::fs::read_to_string(dir.join("Cargo.toml"))
            .is_ok_and(|manifest| manifest.contains("name = \"uri-conformance\""))
}

/// The checkout's `data/<name>` (`data/wpt`, `data/urls`); outside a checkout, `data/<name>`
/// under the current directory, as [`crate::vectors::default_dir`] does.
pub(crate) fn data(name: &str) -> PathBuf {
    checkout().unwrap_or_default().join("data").join(name)
}

/// `../shared/data/<name>` beside the checkout, or beside the current directory.
pub fn shared_data(name: &str) -> PathBuf {
    checkout()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("../shared/data")
        .join(name)
}

/// `text` (a command, an option) with every absolute path under the checkout, or under the
/// current directory outside a checkout, written relative to it: what a report, an index or a
/// page shows, so that it names no folder of the machine that wrote it, and a reproduction runs
/// from the repository's root (`/home/me/uri-conformance/adapters/go/net-url/run` is
/// `adapters/go/net-url/run`; a program at the root itself is `./run`).
pub fn relative_paths(text: &str) -> String {
    let root = checkout().or_else(|| std::env::current_dir().ok());
    match root {
        Some(root) => relative_to(text, &root),
        None => text.to_owned(),
    }
}

/// [`relative_paths`] against `root`: an occurrence of `root/` that starts a word (at the start,
/// or after a space, a quote, `=` or `(`) is taken off; a path left without a `/` gets `./`, so
/// that `sh` does not look it up in `PATH`.
fn relative_to(text: &str, root: &Path) -> String {
    let Some(root) = root.to_str().filter(|r| r.len() > 1) else {
        return text.to_owned();
    };
    let prefix = format!("{}/", root.trim_end_matches('/'));
    let word_start = |c: char| c.is_whitespace() || "'\"=(".contains(c);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (at, _) in text.match_indices(&prefix) {
        if at < copied || !text[..at].chars().next_back().is_none_or(word_start) {
            continue;
        }
        out.push_str(&text[copied..at]);
        let path = &text[at + prefix.len()..];
        let end = path
            .find(|c: char| c.is_whitespace() || "'\")".contains(c))
            .unwrap_or(path.len());
        if !path[..end].contains('/') {
            out.push_str("./");
        }
        copied = at + prefix.len();
    }
    out.push_str(&text[copied..]);
    out
}

/// Where an option's path comes from: the user, or the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Given on the command line: its absence is an error.
    Given(PathBuf),
    /// The default: its absence means the step is skipped.
    Default(PathBuf),
}

impl Source {
    /// `given`, else `default()`.
    pub fn or_default(given: Option<PathBuf>, default: impl FnOnce() -> PathBuf) -> Source {
        given.map_or_else(|| Source::Default(default()), Source::Given)
    }

    /// The path.
    pub fn path(&self) -> &Path {
        match self {
            Source::Given(path) | Source::Default(path) => path,
        }
    }

    /// The path when it exists; `Ok(None)` for a missing default; an error naming a missing
    /// given path.
    pub fn existing(&self) -> Result<Option<&Path>, String> {
        match self {
            Source::Given(path) | Source::Default(path) if path.exists() => Ok(Some(path)),
            Source::Given(path) => Err(format!("{}: no such file or directory", path.display())),
            Source::Default(_) => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_given_path_is_an_error_and_a_missing_default_is_skipped() {
        let missing = PathBuf::from("/nonexistent/uri-conformance/urls");
        let given = Source::or_default(Some(missing.clone()), || unreachable!());
        let error = given.existing().unwrap_err();
        assert!(
            error.contains("/nonexistent/uri-conformance/urls"),
            "{error}"
        );
        let default = Source::or_default(None, || missing.clone());
        assert_eq!(default.existing(), Ok(None));
        let present = Source::or_default(Some(std::env::temp_dir()), || missing.clone());
        assert_eq!(present.existing(), Ok(Some(std::env::temp_dir().as_path())));
    }

    #[test]
    fn absolute_paths_under_the_root_are_written_relative_to_it() {
        let root = Path::new("/home/me/uri-conformance");
        let cases = [
            (
                "/home/me/uri-conformance/adapters/go/net-url/run",
                "adapters/go/net-url/run",
            ),
            (
                "go1.19.8 (/home/me/uri-conformance/adapters/go/net-url/run)",
                "go1.19.8 (adapters/go/net-url/run)",
            ),
            (
                "--impl-cmd 'go=/home/me/uri-conformance/adapters/go/net-url/run'",
                "--impl-cmd 'go=adapters/go/net-url/run'",
            ),
            (
                "python3 /home/me/uri-conformance/a.py /home/me/uri-conformance/b",
                "python3 ./a.py ./b",
            ),
            // Not under the root, or not at a word's start: left alone.
            ("/usr/bin/python3 x.py", "/usr/bin/python3 x.py"),
            (
                "/home/me/uri-conformance-old/run",
                "/home/me/uri-conformance-old/run",
            ),
            (
                "/x/home/me/uri-conformance/run",
                "/x/home/me/uri-conformance/run",
            ),
        ];
        for (text, shown) in cases {
            assert_eq!(relative_to(text, root), shown, "{text}");
        }
        // The root `/` would make every path relative: no root then.
        assert_eq!(relative_to("/usr/bin/x", Path::new("/")), "/usr/bin/x");
    }

    #[test]
    fn tests_run_inside_the_checkout() {
        // cargo runs tests from the package root.
        let root = checkout().expect("the package root is a checkout");
        assert!(root.join("vectors/rfc3986").is_dir());
        assert!(shared_data("external").ends_with("shared/data/external"));
        // The data the main job reads is committed: every clone has it.
        assert_eq!(data("wpt"), root.join("data/wpt"));
        assert!(data("wpt").join("urltestdata.json").is_file());
        assert!(data("urls").join("web-kasztp.txt").is_file());
    }
}
