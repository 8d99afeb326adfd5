//! The web-platform-tests URL parsing cases (`urltestdata.json`, from
//! `web-platform-tests/wpt` `url/resources/`), read from the checkout's `data/wpt/` (July 2026,
//! committed with its provenance) by default, and the model checked against one case.
//!
//! Each case is an `input`, a `base` (or null), and either `"failure": true` or the expected
//! `href` and getters. String entries are comments.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::record::special_scheme_default_port;
use super::view::{HostType, UrlView};
use super::{Parsed, Url, parse_with_base};
use crate::model::Outcome;
use crate::protocol::Request;

/// The environment variable that names the directory holding `urltestdata.json`.
pub const ENV: &str = "URI_CONFORMANCE_WPT";

/// The directory of the web-platform-tests data: `$URI_CONFORMANCE_WPT`, or the checkout's
/// `data/wpt` ([`crate::locations::data`]).
pub fn default_dir() -> PathBuf {
    std::env::var_os(ENV).map_or_else(|| crate::locations::data("wpt"), PathBuf::from)
}

/// The `URL` API's getters for one URL, as a case expects them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Getters {
    /// `href`
    pub href: String,
    /// `protocol`, with its `:`
    pub protocol: String,
    /// `username`
    pub username: String,
    /// `password`
    pub password: String,
    /// `host`
    pub host: String,
    /// `hostname`
    pub hostname: String,
    /// `port`
    pub port: String,
    /// `pathname`
    pub pathname: String,
    /// `search`, with its `?` when not empty
    pub search: String,
    /// `hash`, with its `#` when not empty
    pub hash: String,
}

impl Getters {
    /// The getters of a URL record.
    pub(crate) fn of(url: &Url) -> Self {
        Getters {
            href: url.href(),
            protocol: url.protocol(),
            username: url.username().to_owned(),
            password: url.password().to_owned(),
            host: url.host(),
            hostname: url.hostname(),
            port: url.port(),
            pathname: url.pathname(),
            search: url.search(),
            hash: url.hash(),
        }
    }

    /// The getters that differ from `other`'s, as `name: ours != theirs` lines.
    pub(crate) fn differences(&self, other: &Getters) -> Vec<String> {
        let pairs = [
            ("href", &self.href, &other.href),
            ("protocol", &self.protocol, &other.protocol),
            ("username", &self.username, &other.username),
            ("password", &self.password, &other.password),
            ("host", &self.host, &other.host),
            ("hostname", &self.hostname, &other.hostname),
            ("port", &self.port, &other.port),
            ("pathname", &self.pathname, &other.pathname),
            ("search", &self.search, &other.search),
            ("hash", &self.hash, &other.hash),
        ];
        pairs
            .into_iter()
            .filter(|(_, a, b)| a != b)
            .map(|(name, a, b)| format!("{name}: {a:?} != {b:?}"))
            .collect()
    }
}

/// One parsing case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Its position among the file's cases (comments not counted), from 0.
    pub index: usize,
    /// `input`
    pub input: String,
    /// `base`, null for none.
    pub base: Option<String>,
    /// The getters, or `None` when the case expects failure.
    pub expected: Option<Getters>,
}

/// A case as the file spells it.
#[derive(Deserialize)]
struct RawCase {
    input: String,
    base: Option<String>,
    #[serde(default)]
    failure: bool,
    href: Option<String>,
    protocol: Option<String>,
    username: Option<String>,
    password: Option<String>,
    host: Option<String>,
    hostname: Option<String>,
    port: Option<String>,
    pathname: Option<String>,
    search: Option<String>,
    hash: Option<String>,
}

/// Reads `urltestdata.json` from `dir`: an error names the file and what is wrong; an empty
/// list of cases is an error.
pub fn load(dir: &Path) -> Result<Vec<Case>, String> {
    let file = dir.join("urltestdata.json");
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let entries: Vec<serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut cases = Vec::new();
    for (position, entry) in entries.into_iter().enumerate() {
        if entry.is_string() {
            continue; // a comment
        }
        let raw: RawCase = serde_json::from_value(entry)
            .map_err(|e| format!("{}: entry {position}: {e}", file.display()))?;
        let expected = if raw.failure {
            None
        } else {
            let field = |value: Option<String>, name: &str| {
                value.ok_or_else(|| {
                    format!(
                        "{}: entry {position} ({:?}): no {name} and no failure",
                        file.display(),
                        raw.input
                    )
                })
            };
            Some(Getters {
                href: field(raw.href, "href")?,
                protocol: field(raw.protocol, "protocol")?,
                username: field(raw.username, "username")?,
                password: field(raw.password, "password")?,
                host: field(raw.host, "host")?,
                hostname: field(raw.hostname, "hostname")?,
                port: field(raw.port, "port")?,
                pathname: field(raw.pathname, "pathname")?,
                search: field(raw.search, "search")?,
                hash: field(raw.hash, "hash")?,
            })
        };
        cases.push(Case {
            index: cases.len(),
            input: raw.input,
            base: raw.base,
            expected,
        });
    }
    if cases.is_empty() {
        return Err(format!("{}: no cases", file.display()));
    }
    Ok(cases)
}

/// What the model says about one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelVerdict {
    /// The model gives the expected answer.
    Agrees,
    /// The model gives another answer; what differs.
    Disagrees(String),
}

/// Runs the model on `case`: parse the base, then the input against it; compare with the
/// expected failure or getters.
pub fn check_model(case: &Case) -> ModelVerdict {
    match (
        parse_with_base(&case.input, case.base.as_deref()),
        &case.expected,
    ) {
        (Parsed::Failure(_), None) => ModelVerdict::Agrees,
        (Parsed::Url(url), None) => {
            ModelVerdict::Disagrees(format!("expected failure, got {}", url.href()))
        }
        (Parsed::Failure(failure), Some(expected)) => ModelVerdict::Disagrees(format!(
            "expected {}, got failure ({failure})",
            expected.href
        )),
        (Parsed::Url(url), Some(expected)) => {
            let differences = Getters::of(&url).differences(expected);
            if differences.is_empty() {
                ModelVerdict::Agrees
            } else {
                ModelVerdict::Disagrees(differences.join("; "))
            }
        }
    }
}

impl Case {
    /// The protocol request this case is through an adapter: a resolve request (strict) when
    /// there is a base, a parse request by the `URI` rule otherwise.
    pub(crate) fn request(&self) -> Request {
        match &self.base {
            Some(base) => Request::Resolve {
                base: base.clone(),
                input: self.input.clone(),
                strict: true,
            },
            None => Request::Parse {
                input: self.input.clone(),
                rule: Some(crate::reference::Rule::Uri.into()),
                zone_id: false,
            },
        }
    }

    /// The outcome the case expects through an adapter, by the same mapping the adapters use
    /// ([`UrlView::outcome`]); `None` when it expects failure (any `Invalid` passes: error
    /// texts differ between crates).
    ///
    /// With a base the target's `href` is the answer. Without one the getters are mapped,
    /// and what a getter cannot tell is read from the `href`, which the URL serializer writes
    /// from the record: the host is non-null exactly when `//` follows the scheme's `:` (a
    /// null host with a path starting with `//` is written `/.//`); the query is non-null
    /// exactly when `?` ends the `href` before the fragment, the fragment when `#` ends it
    /// (neither can hold the delimiter that would start it). An IPv6 host is in brackets; a
    /// special URL's host of four dotted decimal numbers is an IPv4 address (a domain that
    /// ends in a number is parsed as one); every other host is a domain, opaque or empty.
    pub(crate) fn expected_outcome(&self) -> Option<Outcome> {
        let expected = self.expected.as_ref()?;
        if self.base.is_some() {
            return Some(Outcome::Resolved(expected.href.clone()));
        }
        let scheme = expected
            .protocol
            .strip_suffix(':')
            .unwrap_or(&expected.protocol);
        let after_scheme = expected.href.get(scheme.len() + 1..).unwrap_or("");
        let host = after_scheme.starts_with("//").then(|| {
            let hostname = expected.hostname.as_str();
            let kind = if hostname.starts_with('[') {
                HostType::Ipv6
            } else if special_scheme_default_port(scheme).is_some() && is_dotted_decimal(hostname) {
                HostType::Ipv4
            } else {
                HostType::Domain
            };
            (hostname, kind)
        });
        let fragment = match expected.hash.strip_prefix('#') {
            Some(fragment) => Some(fragment),
            None => expected.href.ends_with('#').then_some(""),
        };
        let before_fragment = match fragment {
            Some(fragment) => &expected.href[..expected.href.len() - fragment.len() - 1],
            None => expected.href.as_str(),
        };
        let query = match expected.search.strip_prefix('?') {
            Some(query) => Some(query),
            None => before_fragment.ends_with('?').then_some(""),
        };
        let view = UrlView {
            scheme,
            username: &expected.username,
            password: &expected.password,
            host,
            port: expected.port.parse().ok(),
            path: &expected.pathname,
            query,
            fragment,
        };
        Some(view.outcome())
    }
}

/// Four decimal numbers separated by `.`: the IPv4 serializer's output.
fn is_dotted_decimal(host: &str) -> bool {
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// One "domain to ASCII" case of `IdnaTestV2.json` (Unicode's IdnaTestV2.txt as
/// web-platform-tests converts it: the ToASCII column of Nontransitional Processing) or of
/// `toascii.json`: a domain, and the host a URL parser gives it or `None` for failure.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ToAsciiCase {
    /// The domain, as the test puts it between `https://` and `/x`.
    pub input: String,
    /// The expected host, or `None` when parsing must fail.
    pub output: Option<String>,
    /// The status codes or note the file gives.
    #[serde(default)]
    pub comment: Option<String>,
    /// `toascii.json` only: the case is about the URL Standard's domain parser, not UTS #46.
    #[serde(default, rename = "urlStandardOnly")]
    pub url_standard_only: bool,
}

/// Reads a file of [`ToAsciiCase`]s (`IdnaTestV2.json`, `toascii.json`) from `dir`; string
/// entries are comments; an empty list is an error.
pub fn load_to_ascii(dir: &Path, name: &str) -> Result<Vec<ToAsciiCase>, String> {
    let file = dir.join(name);
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let entries: Vec<serde_json::Value> = serde_json::from_str(&lone_surrogates_replaced(&text))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let mut cases = Vec::new();
    for (position, entry) in entries.into_iter().enumerate() {
        if entry.is_string() {
            continue;
        }
        cases.push(
            serde_json::from_value(entry)
                .map_err(|e| format!("{}: entry {position}: {e}", file.display()))?,
        );
    }
    if cases.is_empty() {
        return Err(format!("{}: no cases", file.display()));
    }
    Ok(cases)
}

impl ToAsciiCase {
    /// The model on this case as web-platform-tests runs it (`new URL("https://" + input +
    /// "/x")`): `Ok` when it fails where failure is expected, or gives the expected host with
    /// the path `/x`; otherwise what it gave.
    pub fn check_model(&self) -> Result<(), String> {
        let url = format!("https://{}/x", self.input);
        match (parse_with_base(&url, None), &self.output) {
            (Parsed::Failure(_), None) => Ok(()),
            (Parsed::Url(got), None) => Err(format!("expected failure, got {}", got.href())),
            (Parsed::Failure(failure), Some(host)) => {
                Err(format!("expected host {host:?}, got failure ({failure})"))
            }
            (Parsed::Url(got), Some(host)) => {
                let expected = format!("https://{host}/x");
                if got.href() == expected && got.hostname() == *host {
                    Ok(())
                } else {
                    Err(format!("expected {expected}, got {}", got.href()))
                }
            }
        }
    }
}

/// JSON text with every `\uXXXX` escape of a lone surrogate replaced by `\uFFFD`: what a
/// browser's `URL` constructor does to its argument before parsing (WebIDL's USVString
/// conversion), and what a Rust `String` cannot hold. IdnaTestV2 has such inputs.
fn lone_surrogates_replaced(text: &str) -> String {
    let surrogate = |hex: &str| {
        u16::from_str_radix(hex, 16)
            .ok()
            .filter(|u| (0xD800..0xE000).contains(u))
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let escape = &rest[at..];
        let unit = escape
            .strip_prefix("\\u")
            .and_then(|hex| hex.get(..4))
            .and_then(surrogate);
        match unit {
            Some(high @ 0xD800..0xDC00)
                if escape.get(6..8).is_some_and(|u| u == "\\u")
                    && escape
                        .get(8..12)
                        .and_then(surrogate)
                        .is_some_and(|low| low >= 0xDC00) =>
            {
                let _ = high;
                out.push_str(&escape[..12]);
                rest = &escape[12..];
            }
            Some(_) => {
                out.push_str("\\uFFFD");
                rest = &escape[6..];
            }
            None => {
                // Any other escape: copy the backslash and the character it escapes.
                let width = escape[1..].chars().next().map_or(0, char::len_utf8);
                out.push_str(&escape[..1 + width]);
                rest = &escape[1 + width..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::lone_surrogates_replaced;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        assert_eq!(lone_surrogates_replaced(r#""a\ud800b""#), r#""a\uFFFDb""#);
        assert_eq!(lone_surrogates_replaced(r#""\udc00""#), r#""\uFFFD""#);
        // A pair stays; an escaped backslash before "u" is not an escape of a code unit.
        assert_eq!(
            lone_surrogates_replaced(r#""\ud83d\ude00""#),
            r#""\ud83d\ude00""#
        );
        assert_eq!(lone_surrogates_replaced(r#""\\ud800""#), r#""\\ud800""#);
        assert_eq!(
            lone_surrogates_replaced(r#""\ud800\u0041""#),
            r#""\uFFFD\u0041""#
        );
    }
}
