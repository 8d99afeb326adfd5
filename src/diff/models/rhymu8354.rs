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
            Outcome::invalid("ParseFromString returned false".to_owned())
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

/// Whether `segment`, as the library holds it (decoded: `DecodeElement`), is `dots`.
fn is_dots(segment: &str, dots: &str) -> bool {
    segment.replace("%2e", ".").replace("%2E", ".") == dots
}

/// `ParsePath` (src/Uri.cpp, lines 659-688): "/" is the one empty segment, any other path is
/// split at every "/" (the empty path is no segment).
fn segments(path: &str) -> Vec<&str> {
    match path {
        "" => Vec::new(),
        "/" => vec![""],
        _ => path.split('/').collect(),
    }
}

/// `NormalizePath` (src/Uri.cpp, lines 1062-1110), on any path: "." is dropped and ".." pops
/// the last segment kept where `CanNavigatePathUpOneLevel` (lines 1049-1054: a path that is
/// not absolute, or has more than its leading empty segment), each setting
/// `atDirectoryLevel`; an empty segment is kept only where `atDirectoryLevel` is not set, and
/// sets it; at the end, an empty segment is added after a last segment that is not empty.
fn normalize_path<'a>(old: &[&'a str]) -> Vec<&'a str> {
    let mut path: Vec<&str> = Vec::with_capacity(old.len());
    let mut at_directory_level = false;
    for &segment in old {
        if is_dots(segment, ".") {
            at_directory_level = true;
        } else if is_dots(segment, "..") {
            let absolute = path.first() == Some(&"");
            if !path.is_empty() && (!absolute || path.len() > 1) {
                path.pop();
            }
            at_directory_level = true;
        } else {
            if !at_directory_level || !segment.is_empty() {
                path.push(segment);
            }
            at_directory_level = segment.is_empty();
        }
    }
    if at_directory_level && path.last().is_some_and(|s| !s.is_empty()) {
        path.push("");
    }
    path
}

/// `GenerateString`'s path (src/Uri.cpp, lines 1447-1461): the one empty segment is "/", the
/// others joined by "/".
fn written_path(path: &[&str]) -> String {
    if path == [""] {
        "/".to_owned()
    } else {
        path.join("/")
    }
}

/// The normalization's case as the library reads it: the adapter's normalize is
/// `ParseFromString`, `NormalizePath`, `GenerateString`, and `NormalizePath` (src/Uri.cpp, lines
/// 1062-1110) rebuilds any path, a relative reference's too, by its own rule: an empty segment
/// after another, after "." or after ".." dropped, "%2E" read as "." (segments are held
/// decoded). The input's path is replaced by what `NormalizePath` leaves of it; `None` where it
/// leaves it as written.
pub(super) fn path_normalized(case: &Request) -> Option<Request> {
    let Request::Normalize { input, level } = case else {
        return None;
    };
    let path = reference::split(input).path;
    let written = written_path(&normalize_path(&segments(path)));
    if written == path {
        return None;
    }
    // The path is a slice of the input: the rest stays as written.
    let start = path.as_ptr() as usize - input.as_ptr() as usize;
    Some(Request::Normalize {
        input: format!(
            "{}{written}{}",
            &input[..start],
            &input[start + path.len()..]
        ),
        level: *level,
    })
}

/// What `Uri::Impl` holds of a parse (src/Uri.cpp): the scheme and a reg-name lowercased
/// (lines 842, 911), the userinfo and the host as strings (empty when there is none), the port
/// a `uint16_t` with `hasPort` (an empty port none, lines 844-864, read by `ToInteger`, which
/// refuses a leading zero), the path as segments, with [""] for an empty path after a host that
/// is not empty (`SetDefaultPathIfAuthorityPresentAndPathEmpty`, lines 966-978).
struct Held<'a> {
    scheme: String,
    userinfo: &'a str,
    host: String,
    port: Option<u16>,
    path: Vec<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Held<'a> {
    fn of(text: &'a str) -> Option<Held<'a>> {
        let c = reference::parse(text).ok()?;
        let port = match c.port {
            None | Some("") => None,
            Some(p) if p.len() > 1 && p.starts_with('0') => return None,
            Some(p) => Some(p.parse::<u16>().ok()?),
        };
        let host = c.host.unwrap_or("").to_ascii_lowercase();
        let mut path = segments(c.path);
        if !host.is_empty() && path.is_empty() {
            path.push("");
        }
        Some(Held {
            scheme: c.scheme.unwrap_or("").to_ascii_lowercase(),
            userinfo: c.userinfo.unwrap_or(""),
            host,
            port,
            path,
            query: c.query,
            fragment: c.fragment,
        })
    }

    /// `HasAuthority` (lines 640-646): a host or a userinfo that is not empty, or a port.
    fn has_authority(&self) -> bool {
        !self.host.is_empty() || !self.userinfo.is_empty() || self.port.is_some()
    }

    /// `GenerateString` (lines 1426-1469), the components as held (the tables' encoding is
    /// `reencoded_by_its_tables`'s).
    fn written(&self) -> String {
        let mut out = String::new();
        if !self.scheme.is_empty() {
            out.push_str(&self.scheme);
            out.push(':');
        }
        if self.has_authority() {
            out.push_str("//");
            if !self.userinfo.is_empty() {
                out.push_str(self.userinfo);
                out.push('@');
            }
            out.push_str(&self.host);
            if let Some(port) = self.port {
                out.push_str(&format!(":{port}"));
            }
        }
        out.push_str(&written_path(&self.path));
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}

/// `Uri::Resolve` (src/Uri.cpp, lines 1331-1378) where the base or the reference has an
/// authority whose host is empty: the library holds no authority, only its parts, and takes a
/// reference's authority only `if (!relativeReference.impl_->host.empty())` (line 1342), so
/// "//u@" or "//:1" is read as no authority; a base with an empty host has the path [] (not
/// [""], which only a host that is not empty gets), which the merge extends without a "/"
/// ("a" against "a://u@" is "a://u@a"); and `GenerateString` writes "//" only where
/// `HasAuthority` (an empty host with neither userinfo nor port is written as no authority:
/// "" against "a://///" is "a:///"). The target is computed as `Resolve` does, its path by
/// `NormalizePath`; elsewhere the answer is left as it is.
pub(super) fn empty_host_resolved(case: &Request, answer: Outcome) -> Outcome {
    let Request::Resolve {
        base,
        input,
        strict,
        ..
    } = case
    else {
        return answer;
    };
    if !strict || !matches!(answer, Outcome::Resolved(_)) {
        return answer;
    }
    let empty_host = |text: &str| reference::parse(text).is_ok_and(|c| c.host == Some(""));
    if !empty_host(base) && !empty_host(input) {
        return answer;
    }
    let (Some(b), Some(r)) = (Held::of(base), Held::of(input)) else {
        return answer;
    };
    let mut path;
    let mut t = if !r.scheme.is_empty() || !r.host.is_empty() {
        path = normalize_path(&r.path);
        Held {
            scheme: if r.scheme.is_empty() {
                b.scheme.clone()
            } else {
                r.scheme.clone()
            },
            path: Vec::new(),
            ..r
        }
    } else {
        let query = if r.path.is_empty() {
            path = b.path.clone();
            if r.query.is_some_and(|q| !q.is_empty()) {
                r.query
            } else {
                b.query
            }
        } else {
            if r.path.first() == Some(&"") {
                path = normalize_path(&r.path);
            } else {
                let mut merged = b.path.clone();
                if merged.len() > 1 {
                    merged.pop();
                }
                merged.extend_from_slice(&r.path);
                path = normalize_path(&merged);
            }
            r.query
        };
        Held {
            query,
            fragment: r.fragment,
            path: Vec::new(),
            ..b
        }
    };
    t.path = std::mem::take(&mut path);
    t.fragment = r.fragment;
    Outcome::Resolved(t.written())
}

/// The IP literal of `text`'s authority when it is an IPv6 address with an IPv4 part (a "."
/// and no "v" first): where it starts in `text` and its text between the brackets.
fn ipv4_part_literal(text: &str) -> Option<(usize, &str)> {
    let authority = reference::split(text).authority?;
    let start = text.find("//")? + 2;
    let host = &authority[authority.find('@').map_or(0, |at| at + 1)..];
    let inner = &host.strip_prefix('[')?[..host.find(']')? - 1];
    if !inner.contains('.') || inner.starts_with(['v', 'V']) {
        return None;
    }
    let at = start + (host.as_ptr() as usize - authority.as_ptr() as usize) + 1;
    Some((at, inner))
}

/// The literal as the library counts its groups: `ValidateIpv6Address` (src/Uri.cpp, lines
/// 237-397) counts the group in which it meets the IPv4 part's "." as a trailing group (line
/// 363) and then adds two for the IPv4 part (line 378), so the IPv4 part is three groups, one
/// more than RFC 3986's `ls32`: the literal reads as one with a group "0" before its first.
fn one_group_more(inner: &str) -> String {
    if inner.starts_with("::") {
        format!("0{inner}")
    } else {
        format!("0:{inner}")
    }
}

/// The text with its IPv6 literal's IPv4 part counted as three groups (`one_group_more`);
/// `None` without such a literal.
fn ipv4_part_counted(text: &str) -> Option<String> {
    let (at, inner) = ipv4_part_literal(text)?;
    Some(format!(
        "{}{}{}",
        &text[..at],
        one_group_more(inner),
        &text[at + inner.len()..]
    ))
}

/// The case as `ValidateIpv6Address` reads an IPv6 literal with an IPv4 part: its groups
/// counted as if it had one more (`one_group_more`), so "[0:0:0:0:0:0.0.0.0]" (five groups
/// and the IPv4 part) passes and "[a:0:a:a::a:0.0.0.0]" and "[0:0:0:0:0:0:0.0.0.0]" do not.
pub(super) fn ipv4_part_rewrite(case: &Request) -> Option<Request> {
    Some(match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => Request::Parse {
            input: ipv4_part_counted(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        },
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let (b, i) = (ipv4_part_counted(base), ipv4_part_counted(input));
            if b.is_none() && i.is_none() {
                return None;
            }
            Request::Resolve {
                base: b.unwrap_or_else(|| base.clone()),
                input: i.unwrap_or_else(|| input.clone()),
                strict: *strict,
            }
        }
        Request::Normalize { .. } => return None,
    })
}

/// The answer with the literal as the case wrote it: the group "0" the rewrite added to count
/// as the library does is no group of the library's answer (it keeps the literal's text).
pub(super) fn ipv4_part_apply(original: &Request, answer: Outcome) -> Outcome {
    let restore = |text: &str, own: &str| -> Option<String> {
        let (_, inner) = ipv4_part_literal(own)?;
        let counted = one_group_more(inner);
        let lower = counted.to_ascii_lowercase();
        let at = text
            .find(&format!("[{counted}]"))
            .or_else(|| text.find(&format!("[{lower}]")))?;
        let found = &text[at + 1..at + 1 + counted.len()];
        let added = found.len() - inner.len();
        Some(format!(
            "{}[{}{}",
            &text[..at],
            &found[added..],
            &text[at + 1 + counted.len()..]
        ))
    };
    match (original, answer) {
        (
            Request::Parse { input, .. },
            Outcome::Parsed {
                mut components,
                host_kind,
            },
        ) => {
            if let Some(host) = components.host.as_deref() {
                if let Some(restored) = restore(host, input) {
                    components.host = Some(restored);
                }
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        (Request::Resolve { base, input, .. }, Outcome::Resolved(text)) => {
            let restored = restore(&text, input).or_else(|| restore(&text, base));
            Outcome::Resolved(restored.unwrap_or(text))
        }
        (_, answer) => answer,
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
        let parsed = Outcome::invalid("x".into());
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
    #[test]
    fn normalize_path_follows_the_library() {
        let normalized = |p: &str| written_path(&normalize_path(&segments(p)));
        // Empty segments after another or after a dot-segment dropped.
        assert_eq!(normalized("/a//b"), "/a//b");
        assert_eq!(normalized("//"), "/");
        assert_eq!(normalized("/a/.//b"), "/a/b");
        assert_eq!(normalized(".//"), "");
        assert_eq!(normalized(".//@:"), "@:");
        // A relative path's dot-segments removed, never above its start.
        assert_eq!(normalized("./a:"), "a:");
        assert_eq!(normalized("a/../.."), "");
        assert_eq!(normalized("../b"), "b");
        // An absolute path keeps its root; "%2E" is ".".
        assert_eq!(normalized("/.."), "/");
        assert_eq!(normalized("/a/%2E%2e"), "/");
        assert_eq!(normalized("/a/b/."), "/a/b/");
        assert_eq!(normalized("/a/b/"), "/a/b/");
        assert_eq!(normalized("/"), "/");
        assert_eq!(normalized(""), "");
        let rewritten = |i: &str| match path_normalized(&Request::Normalize {
            input: i.into(),
            level: None,
        }) {
            Some(Request::Normalize { input, .. }) => input,
            _ => i.to_owned(),
        };
        assert_eq!(rewritten("a://a://?q#f"), "a://a:/?q#f");
        assert_eq!(rewritten("//@a//"), "//@a/");
        assert_eq!(rewritten("/a/b"), "/a/b");
    }

    #[test]
    fn an_empty_host_is_no_authority_to_resolve() {
        let resolved = |base: &str, input: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            empty_host_resolved(&case, Outcome::Resolved("reference".into()))
        };
        let target = |t: &str| Outcome::Resolved(t.into());
        // A reference's empty host: no authority.
        assert_eq!(resolved("a:", "//0@"), target("a:"));
        assert_eq!(resolved("a:/b?q", "//:1/x"), target("a:/x"));
        assert_eq!(resolved("a:", "//"), target("a:"));
        // A base's empty host: the merge adds no "/"; "//" only with a userinfo or a port.
        assert_eq!(resolved("a://a@", "a"), target("a://a@a"));
        assert_eq!(resolved("a://a@", "."), target("a://a@"));
        assert_eq!(resolved("a://:0", "0"), target("a://:00"));
        assert_eq!(resolved("a://///", ""), target("a:///"));
        assert_eq!(resolved("a://", "b"), target("a:b"));
        // A reference's host that is not empty is taken, its empty path written "/".
        assert_eq!(resolved("a://:0", "//H"), target("a://h/"));
        // No empty host: the answer as it is.
        assert_eq!(resolved("a://h", "b"), target("reference"));
        assert_eq!(resolved("a:/x", "//h"), target("reference"));
    }
    #[test]
    fn an_ipv4_part_counts_as_three_groups() {
        let counted = |t: &str| ipv4_part_counted(t);
        assert_eq!(
            counted("a://[0:0:0:0:0:0.0.0.0]").as_deref(),
            Some("a://[0:0:0:0:0:0:0.0.0.0]")
        );
        assert_eq!(
            counted("//u@[::1.2.3.4]:8/x").as_deref(),
            Some("//u@[0::1.2.3.4]:8/x")
        );
        assert_eq!(counted("//[v1.a]"), None);
        assert_eq!(counted("//[::1]"), None);
        assert_eq!(counted("/[1.2]"), None);
        let parsed = |input: &str| {
            let case = Request::parse(input);
            let rewritten = ipv4_part_rewrite(&case).unwrap_or_else(|| case.clone());
            let Request::Parse { input: text, .. } = &rewritten else {
                unreachable!()
            };
            let answer = match reference::parse(text) {
                Ok(c) => Outcome::Parsed {
                    components: crate::model::Components {
                        scheme: None,
                        userinfo: None,
                        host: c.host.map(str::to_owned),
                        port: None,
                        path: c.path.to_owned(),
                        query: None,
                        fragment: None,
                    },
                    host_kind: None,
                },
                Err(e) => Outcome::invalid(e.to_string()),
            };
            ipv4_part_apply(&case, answer)
        };
        // Five groups and the IPv4 part pass; six do not; with "::", five do not.
        let host = |o: Outcome| match o {
            Outcome::Parsed { components, .. } => components.host,
            _ => None,
        };
        assert_eq!(
            host(parsed("//[0:0:0:0:0:0.0.0.0]")).as_deref(),
            Some("[0:0:0:0:0:0.0.0.0]")
        );
        assert_eq!(host(parsed("//[0:0:0:0:0:0:0.0.0.0]")), None);
        assert_eq!(host(parsed("//[a:0:a:a::a:0.0.0.0]")), None);
        assert_eq!(
            host(parsed("//[a:0:a::a:0.0.0.0]")).as_deref(),
            Some("[a:0:a::a:0.0.0.0]")
        );
        assert_eq!(
            host(parsed("//[::1.2.3.4]")).as_deref(),
            Some("[::1.2.3.4]")
        );
        let resolved = ipv4_part_apply(
            &Request::Resolve {
                base: "a:".into(),
                input: "//[::A:1.2.3.4]".into(),
                strict: true,
            },
            Outcome::Resolved("a://[0::a:1.2.3.4]".into()),
        );
        assert_eq!(resolved, Outcome::Resolved("a://[::a:1.2.3.4]".into()));
    }
}
