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
pub fn data(name: &str) -> PathBuf {
    checkout().unwrap_or_default().join("data").join(name)
}

/// `../shared/data/<name>` beside the checkout, or beside the current directory.
pub fn shared_data(name: &str) -> PathBuf {
    checkout()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("../shared/data")
        .join(name)
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
