//! rhymu8354/Uri's C++ half (1.3.1 @ a4b81f82d6cd): the rule by which it reads a port, which
//! its Rust port rhymuri does not share, for its adapter's catalogue
//! (`adapters/cpp/rhymu8354-uri/known-differences.yaml`).
//!
//! `ParseAuthority` (src/Uri.cpp, lines 844-864) reads the port's text with
//! `StringExtensions::ToInteger`, whose state machine takes an optional "-", then either one
//! "0" and nothing after it or a digit 1-9 and more digits, and then refuses a value below 0
//! or above 65535 (`uint16_t`).

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

/// The port of `input`'s authority as written, and where it starts; `None` without one.
fn port_at(input: &str) -> Option<(usize, &str)> {
    let split = reference::split(input);
    let authority = split.authority?;
    let start = input.find("//")? + 2;
    // The host ends after an IP literal's "]", else at the userinfo's end.
    let host_start = authority.find('@').map_or(0, |at| at + 1);
    let host = &authority[host_start..];
    let colon = if host.starts_with('[') {
        let close = host.find(']')?;
        host[close..].find(':').map(|c| close + c)?
    } else {
        host.find(':')?
    };
    let from = host_start + colon + 1;
    Some((start + from, &authority[from..]))
}

/// The case as the library reads it: a port "-0" is the port 0 (`ToInteger` reads it, and
/// -0 is not below 0).
pub(super) fn rewrite(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (at, port) = port_at(input)?;
    (port == "-0").then(|| Request::Parse {
        input: format!("{}{}", &input[..at], &input[at + 1..]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The answer as the library gives it: a port written with a leading zero ("00", "080") is
/// refused, as `ToInteger` refuses anything after a first "0".
/// The port is looked for in the case as given (`original`): the answer's may already be a
/// number.
pub(super) fn apply(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let leading_zero = port_at(input).is_some_and(|(_, p)| p.len() > 1 && p.starts_with('0'));
    match answer {
        Outcome::Parsed { .. } if leading_zero => {
            Outcome::Invalid("ParseFromString returned false".to_owned())
        }
        other => other,
    }
}

/// `SetDefaultPathIfAuthorityPresentAndPathEmpty` (src/Uri.cpp, lines 966-978): "the special
/// case of the URI having an authority but having an empty path. In this case it sets the path
/// as "/"", `if (!host.empty() && path.empty()) path.push_back("");`, which GenerateString
/// writes "/" (lines 1447-1453). A written answer (a normalization, a resolution's target)
/// whose host is not empty and whose path is empty gets the path "/"; an empty host keeps the
/// empty path ("//:1" is written "//:1").
pub(super) fn empty_path_slash_after_host(answer: Outcome) -> Outcome {
    let with_slash = |text: &str| -> Option<String> {
        let mut c = reference::parse(text).ok()?;
        if c.host.is_none_or(str::is_empty) || !c.path.is_empty() {
            return None;
        }
        c.path = "/";
        Some(reference::recompose(&c))
    };
    match answer {
        Outcome::Normalized(text) => Outcome::Normalized(with_slash(&text).unwrap_or(text)),
        Outcome::Resolved(text) => Outcome::Resolved(with_slash(&text).unwrap_or(text)),
        other => other,
    }
}

/// `EncodeElement`'s tables (src/Uri.cpp, lines 84-135), beside the unreserved characters:
/// `PCHAR_NOT_PCT_ENCODED` (a path segment), `USER_INFO_NOT_PCT_ENCODED`,
/// `REG_NAME_NOT_PCT_ENCODED`, `QUERY_NOT_PCT_ENCODED_WITHOUT_PLUS` (no "+") and
/// `QUERY_OR_FRAGMENT_NOT_PCT_ENCODED` (the fragment's).
const PCHAR: &str = "!$&'()*+,;=:@";
const USERINFO: &str = "!$&'()*+,;=:";
const REG_NAME: &str = "!$&'()*+,;=";
const QUERY: &str = "!$&'()*,;=:@/?";
const FRAGMENT: &str = "!$&'()*+,;=:@/?";

/// `element` as the library holds it (every triplet decoded: `DecodeElement`) written by
/// `EncodeElement` (lines 528-543): an octet that is unreserved or in `allowed` as itself, any
/// other as "%" and two uppercase digits (`MakeHexDigit`).
fn encode_element(element: &str, allowed: &str) -> String {
    let bytes = element.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                decoded.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        decoded.push(bytes[i]);
        i += 1;
    }
    let mut out = String::with_capacity(decoded.len());
    for octet in decoded {
        let c = char::from(octet);
        if octet.is_ascii_alphanumeric() || "-._~".contains(c) || allowed.contains(c) {
            out.push(c);
        } else {
            out.push_str(&format!("%{octet:02X}"));
        }
    }
    out
}

/// `GenerateString` (lines 1426-1470) of what the library holds: every component but the
/// scheme, the port and an IP literal decoded and written again by `EncodeElement` with its
/// component's table, each path segment with `PCHAR_NOT_PCT_ENCODED` (the first segment of a
/// path without scheme or authority too: its ":" is written as it is). A written answer (a
/// normalization, a resolution's target) is written so.
pub(super) fn reencoded_by_its_tables(answer: Outcome) -> Outcome {
    let written = |text: &str| -> Option<String> {
        let c = reference::parse(text).ok()?;
        let mut out = String::new();
        if let Some(scheme) = c.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(host) = c.host {
            out.push_str("//");
            if let Some(userinfo) = c.userinfo {
                out.push_str(&encode_element(userinfo, USERINFO));
                out.push('@');
            }
            if host.starts_with('[') {
                out.push_str(host);
            } else {
                out.push_str(&encode_element(host, REG_NAME));
            }
            if let Some(port) = c.port {
                out.push(':');
                out.push_str(port);
            }
        }
        let segments: Vec<String> = c
            .path
            .split('/')
            .map(|segment| encode_element(segment, PCHAR))
            .collect();
        out.push_str(&segments.join("/"));
        if let Some(query) = c.query {
            out.push('?');
            out.push_str(&encode_element(query, QUERY));
        }
        if let Some(fragment) = c.fragment {
            out.push('#');
            out.push_str(&encode_element(fragment, FRAGMENT));
        }
        Some(out)
    };
    match answer {
        Outcome::Normalized(text) => Outcome::Normalized(written(&text).unwrap_or(text)),
        Outcome::Resolved(text) => Outcome::Resolved(written(&text).unwrap_or(text)),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_port_is_found_after_the_host() {
        assert_eq!(port_at("//:-0"), Some((3, "-0")));
        assert_eq!(port_at("a://u:p@h:08/x"), Some((10, "08")));
        assert_eq!(port_at("//[::1]:-0"), Some((8, "-0")));
        assert_eq!(port_at("//h/x:0"), None);
        let Some(Request::Parse { input, .. }) = rewrite(&Request::parse("//h:-0/x")) else {
            panic!("rewritten");
        };
        assert_eq!(input, "//h:0/x");
    }

    #[test]
    fn an_empty_path_after_a_host_is_written_as_a_slash() {
        let normalized = |t: &str| empty_path_slash_after_host(Outcome::Normalized(t.into()));
        assert_eq!(normalized("//h?x"), Outcome::Normalized("//h/?x".into()));
        assert_eq!(
            normalized("a://[::1]#f"),
            Outcome::Normalized("a://[::1]/#f".into())
        );
        assert_eq!(
            empty_path_slash_after_host(Outcome::Resolved("a://u@h:1".into())),
            Outcome::Resolved("a://u@h:1/".into())
        );
        // An empty host, a path, no authority: written as they are.
        assert_eq!(normalized("//:1"), Outcome::Normalized("//:1".into()));
        assert_eq!(normalized("//@"), Outcome::Normalized("//@".into()));
        assert_eq!(normalized("//h/p"), Outcome::Normalized("//h/p".into()));
        assert_eq!(normalized("a:"), Outcome::Normalized("a:".into()));
        let parsed = Outcome::Invalid("x".into());
        assert_eq!(empty_path_slash_after_host(parsed.clone()), parsed);
    }

    #[test]
    fn written_answers_are_reencoded_by_the_tables() {
        let normalized = |t: &str| Outcome::Normalized(t.into());
        assert_eq!(
            reencoded_by_its_tables(normalized("/%3A")),
            normalized("/:")
        );
        assert_eq!(
            reencoded_by_its_tables(normalized("a%3A")),
            normalized("a:")
        );
        assert_eq!(
            reencoded_by_its_tables(normalized("?+%2A")),
            normalized("?%2B*")
        );
        assert_eq!(
            reencoded_by_its_tables(normalized("#+%2F")),
            normalized("#+/")
        );
        assert_eq!(
            reencoded_by_its_tables(normalized("a://%3A%40@h%2A/%2F")),
            normalized("a://:%40@h*/%2F")
        );
        assert_eq!(
            reencoded_by_its_tables(Outcome::Resolved("a://[::1]:80/%C3%A9".into())),
            Outcome::Resolved("a://[::1]:80/%C3%A9".into())
        );
    }
}
