//! The field: the list of parsers in other languages that `adapters/setup` found working
//! (`adapters/ecosystem.json`), which `--ecosystem FILE` adds to a run as external programs.
//!
//! ```json
//! {"adapters": [{"name": "go-net-url", "command": "/abs/adapters/go/net-url/run",
//!   "language": "Go", "library": "net/url", "version": "go1.19.8", "spec": "RFC 3986",
//!   "adapter": "adapters/go/net-url"}]}
//! ```
//!
//! `name` and `command` are required; the rest describes the parser in the field's matrix and
//! defaults to what the program's own `about` says.

use std::collections::BTreeSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::impls::reproduction::shell_quote;

/// One working adapter of the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adapter {
    /// Its name in the field (`python-rfc3986`), unique.
    pub name: String,
    /// The command that starts it (run under `sh -c`).
    pub command: String,
    /// The language of the library (`Python`).
    #[serde(default)]
    pub language: String,
    /// The library (`rfc3986`).
    #[serde(default)]
    pub library: String,
    /// The library's version.
    #[serde(default)]
    pub version: String,
    /// The specification it claims (`about.spec`).
    #[serde(default)]
    pub spec: String,
    /// Its folder in the repository (`adapters/python/rfc3986`), for links.
    #[serde(default)]
    pub adapter: String,
}

impl Adapter {
    /// The `--impl-cmd` value that starts it under its own name: `NAME=COMMAND`, the command's
    /// path quoted for `sh` when it is one word (a path that holds spaces stays one word).
    pub fn impl_cmd(&self) -> String {
        let command =
            if self.command.contains(char::is_whitespace) && Path::new(&self.command).is_file() {
                shell_quote(&self.command)
            } else {
                self.command.clone()
            };
        format!("{}={command}", self.name)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct List {
    adapters: Vec<Adapter>,
}

/// Reads the list at `path`: an error names the file and what is wrong (not JSON, a missing
/// field, an empty or repeated name, an empty command).
pub fn load(path: &Path) -> Result<Vec<Adapter>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// [`load`] on the text of a list.
pub fn parse(text: &str) -> Result<Vec<Adapter>, String> {
    let list: List = serde_json::from_str(text).map_err(|e| {
        format!(
            "not an adapter list (line {}, column {}: {e}); adapters/setup writes one",
            e.line(),
            e.column()
        )
    })?;
    let mut names = BTreeSet::new();
    for (index, adapter) in list.adapters.iter().enumerate() {
        let plain = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
        if adapter.name.is_empty() || !adapter.name.bytes().all(plain) {
            return Err(format!(
                "adapter {} has the name {:?}: a name is letters, digits, `-` and `_`",
                index + 1,
                adapter.name
            ));
        }
        if adapter.command.trim().is_empty() {
            return Err(format!("adapter {:?} has no command", adapter.name));
        }
        if !names.insert(adapter.name.as_str()) {
            return Err(format!(
                "the name {:?} is given to two adapters",
                adapter.name
            ));
        }
    }
    Ok(list.adapters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_read_with_its_descriptions() {
        let list = parse(
            r#"{"adapters":[{"name":"go-net-url","command":"/x/run","language":"Go","library":"net/url","version":"go1.19","spec":"RFC 3986","adapter":"adapters/go/net-url"}]}"#,
        )
        .unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].impl_cmd(), "go-net-url=/x/run");
        assert_eq!(list[0].language, "Go");
    }

    #[test]
    fn a_bad_list_says_what_is_wrong() {
        let twice = r#"{"adapters":[{"name":"a","command":"x"},{"name":"a","command":"y"}]}"#;
        assert!(parse(twice).unwrap_err().contains("two adapters"));
        let unnamed = r#"{"adapters":[{"name":"../a","command":"x"}]}"#;
        assert!(parse(unnamed).unwrap_err().contains("a name is letters"));
        let no_command = r#"{"adapters":[{"name":"a","command":" "}]}"#;
        assert!(parse(no_command).unwrap_err().contains("no command"));
        assert!(
            parse("[]")
                .unwrap_err()
                .starts_with("not an adapter list (line 1")
        );
    }

    #[test]
    fn quoting_keeps_one_word() {
        assert_eq!(shell_quote("/a b/it's"), r"'/a b/it'\''s'");
    }
}
