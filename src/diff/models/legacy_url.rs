//! Node.js's legacy `url.parse` (node 20.20.2, lib/url.js) own rules, written from its source,
//! for its adapter's catalogue (`adapters/node/legacy-url-parse/known-differences.yaml`).
//!
//! `Url.prototype.parse` reads a scheme with `protocolPattern` (`/^[a-z0-9.+-]+:/i`), then an
//! authority where "//" follows it, or where the scheme as written is not one of
//! `slashedProtocol`'s names (lib/internal/url.js: `http:`, `https:`, `ftp:`, `gopher:`,
//! `file:`, `ws:`, `wss:`, compared as written, so "HTTP:" is none of them) and is not
//! `javascript:` (`hostlessProtocol`, compared lowercased). The rules here are those two
//! readings; the authority's own departures (its last "@", its end at a character "never ever
//! allowed in a hostname") are the library of departures'.

use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// lib/url.js lines 280-295: `if (!hostlessProtocol.has(lowerProto) && (slashes || (proto
    /// && !slashedProtocol.has(proto))))` reads a host from what follows the scheme's ":"
    /// without "//": "a:b" has the host "b", "a:" the empty host, "HTTP:b" the host "b".
    AuthorityWithoutSlashes,
    /// lib/url.js lines 484-487: `if (slashedProtocol.has(lowerProto) && this.hostname &&
    /// !this.pathname) this.pathname = '/'`: after a non-empty host, the empty path of an http,
    /// https, ftp, gopher, file, ws or wss URL is "/".
    SlashedProtocolPathSlash,
    /// lib/url.js lines 280-292: without a scheme, "//" starts an authority only where
    /// `hostPattern` (`/^\/\/[^@/]+@[^@/]+/`) matches, a userinfo and its "@" (the documented
    /// `slashesDenoteHost` is false): otherwise the text up to "?" or "#" is the path ("//a/b"
    /// has the path "//a/b").
    NetworkPathUnlessUserinfo,
    /// lib/url.js lines 425-432: where the host is an IP literal (`ipv6Hostname`: "[" first
    /// and "]" last), "strip [ and ] from the hostname" and `if (rest[0] !== '/') rest = '/' +
    /// rest`: the empty path after it is "/".
    IpLiteralPathSlash,
}

/// `slashedProtocol`'s names (lib/internal/url.js), without their ":".
const SLASHED: [&str; 7] = ["http", "https", "ftp", "gopher", "file", "ws", "wss"];

/// The scheme as written and where what follows its ":" starts, where `protocolPattern` reads
/// one that RFC 3986's `scheme` rule also reads (a first letter: the others are no scheme of
/// the reference, a cause of their own).
fn protocol(input: &str) -> Option<(&str, usize)> {
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    let mut bytes = scheme.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic()
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
    .then_some((scheme, colon + 1))
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: grammar,
        zone_id,
    } = case
    else {
        return None;
    };
    match rule {
        Rule::AuthorityWithoutSlashes => {
            let (scheme, after) = protocol(input)?;
            if SLASHED.contains(&scheme) || scheme.eq_ignore_ascii_case("javascript") {
                return None;
            }
            // Every "\" before the first "?" or "#" is a "/" to the parser (lines 213-219):
            // where "//" follows the scheme so read, the authority is the usual one.
            let rest = &input[after..];
            let split = rest.find(['?', '#']).unwrap_or(rest.len());
            let slashes: String = rest[..split]
                .chars()
                .take(2)
                .map(|c| if c == '\\' { '/' } else { c })
                .collect();
            if slashes == "//" {
                return None;
            }
            Some(Request::Parse {
                input: format!("{}//{rest}", &input[..after]),
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::SlashedProtocolPathSlash | Rule::IpLiteralPathSlash => None,
        Rule::NetworkPathUnlessUserinfo => {
            if !network_path(input) {
                return None;
            }
            // Its second "/" stood in for: the path `/a...` the reference reads, the same
            // length; [`apply`] gives the "/" back.
            let mut read = input.clone();
            read.replace_range(1..2, "a");
            Some(Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
    }
}

/// Whether the text starts with "//" that `hostPattern` does not read as the start of a
/// userinfo and a host (every "\" before the first "?" or "#" read as "/", lines 213-219).
fn network_path(input: &str) -> bool {
    if !input.starts_with("//") {
        return false;
    }
    let split = input.find(['?', '#']).unwrap_or(input.len());
    let read: String = input
        .char_indices()
        .map(|(i, c)| if c == '\\' && i < split { '/' } else { c })
        .collect();
    // `[^@/]+@[^@/]+` after the "//".
    let rest = &read[2..];
    let first = rest.find(['@', '/']).unwrap_or(rest.len());
    let user_and_host = first > 0
        && rest[first..].starts_with('@')
        && rest[first + 1..]
            .chars()
            .next()
            .is_some_and(|c| c != '@' && c != '/');
    !user_and_host
}

/// The library's answer from the answer so far; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    match rule {
        Rule::AuthorityWithoutSlashes => {}
        Rule::IpLiteralPathSlash => {
            if components
                .host
                .as_deref()
                .is_some_and(|h| h.starts_with('['))
                && components.path.is_empty()
            {
                components.path.push('/');
            }
        }
        Rule::NetworkPathUnlessUserinfo => {
            if let Request::Parse { input, .. } = original
                && network_path(input)
                && components.scheme.is_none()
                && components.host.is_none()
                && components.path.get(1..2) == Some("a")
            {
                components.path.replace_range(1..2, "/");
            }
        }
        Rule::SlashedProtocolPathSlash => {
            let slashed = components
                .scheme
                .as_deref()
                .is_some_and(|s| SLASHED.iter().any(|n| n.eq_ignore_ascii_case(s)));
            if slashed
                && components.host.as_deref().is_some_and(|h| !h.is_empty())
                && components.path.is_empty()
            {
                components.path.push('/');
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str) -> Option<String> {
        match rewrite(Rule::AuthorityWithoutSlashes, &Request::parse(input))? {
            Request::Parse { input, .. } => Some(input),
            _ => None,
        }
    }

    #[test]
    fn an_authority_follows_a_scheme_slashed_protocol_does_not_name() {
        assert_eq!(read("a:b").as_deref(), Some("a://b"));
        assert_eq!(read("a:").as_deref(), Some("a://"));
        assert_eq!(read("HTTP:b").as_deref(), Some("HTTP://b"));
        assert_eq!(read("a:/b?c").as_deref(), Some("a:///b?c"));
        assert_eq!(read("http:b"), None);
        assert_eq!(read("JavaScript:b"), None);
        assert_eq!(read("a://b"), None);
        assert_eq!(read("a:\\\\b"), None);
        assert_eq!(read("0a:b"), None);
        assert_eq!(read("/a:b"), None);
    }

    #[test]
    fn a_network_path_is_a_path_unless_host_pattern_matches() {
        assert!(network_path("//a/b"));
        assert!(network_path("//@@"));
        assert!(network_path("//a@"));
        assert!(network_path("//@a"));
        assert!(!network_path("//u@h/p"));
        assert!(!network_path("//u@h"));
        assert!(network_path("//u\\@h"));
        assert!(!network_path("/a"));
        assert!(!network_path("a//b"));
    }
}
