//! GLib's GUri (2.74.6): `g_uri_parse`, which the c-glib-guri adapter calls for the `URI` rule,
//! removes the dot-segments of the path it parses. glib/guri.c, `g_uri_parse_relative` with no
//! base (`g_uri_parse` passes none): `else { remove_dot_segments (uri->path); }`, after
//! `uri_normalize` has decoded the percent-encodings of unreserved characters (so "%2E" is a
//! "." by then) under G_URI_FLAGS_ENCODED.

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Rule};

/// The answer to `case` with GLib's `g_uri_parse` path: its unreserved percent-encodings
/// decoded, then its dot-segments removed (RFC 3986 §5.2.4, which GLib's remove_dot_segments
/// follows step by step). Other rules and operations are not `g_uri_parse`'s.
pub(super) fn parse_dot_segments_removed(case: &Request, answer: Outcome) -> Outcome {
    if !matches!(case, Request::Parse { .. }) || case.checked_rule() != Ok(Rule::Uri) {
        return answer;
    }
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            let mut decoded = String::with_capacity(components.path.len());
            reference::normalize::normalize_percent_encoding(&mut decoded, &components.path, false);
            components.path = reference::remove_dot_segments(&decoded);
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// A resolution as `g_uri_resolve_relative` makes it: the base read by `g_uri_parse` (guri.c,
/// `base_uri = g_uri_parse (base_uri_string, flags, error);`), whose path has its unreserved
/// percent-encodings decoded and its dot-segments removed before the reference is resolved
/// against it, so "a" against "a:~/.." is "a:/a" and against "a:b/%2e%2E/c" is "a:/d" for
/// "d". `None` where the base's path is left as it is, or where what is left starts with "//"
/// without an authority (no text of a base holds that path).
pub(super) fn base_parsed(case: &Request) -> Option<Request> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    let c = reference::parse(base).ok()?;
    c.scheme?;
    let mut decoded = String::with_capacity(c.path.len());
    reference::normalize::normalize_percent_encoding(&mut decoded, c.path, false);
    let path = reference::remove_dot_segments(&decoded);
    if path == c.path || (!c.has_authority() && path.starts_with("//")) {
        return None;
    }
    Some(Request::Resolve {
        base: reference::recompose(&reference::Components { path: &path, ..c }),
        input: input.clone(),
        strict: *strict,
    })
}

/// The IP literal a lone colon: glib/ghostutils.c, g_hostname_is_ip_address (2.74.6), which
/// parse_ip_literal calls on what stands between the brackets, reads a first ":" that no
/// second one follows as the start of a "::" and, where the text ends there, steps past it
/// (`if (*p == ':' && !skipped) { skipped = TRUE; nsegments++; if (!p[1]) p++; continue; }`),
/// then returns `(!*p || ...) && (nsegments == 8 || skipped)`: true for ":". RFC 3986 §3.2.2's
/// IPv6address has no form of one colon. The case is read as "[::]", whose answer
/// [`lone_colon_kept`] gives back the host as written. `None` for any other host: ":1" and
/// "1:" are refused by the same function (the segment after a ":" must hold a hex digit).
pub(super) fn lone_colon_rewrite(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let at = lone_colon_at(input)?;
    Some(Request::Parse {
        input: format!("{}[::]{}", &input[..at], &input[at + 3..]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// Where the authority's host is "[:]" in `input` (as Appendix B splits it, after any
/// userinfo), its byte offset.
fn lone_colon_at(input: &str) -> Option<usize> {
    let before_fragment = input.split('#').next().unwrap_or(input);
    let before_query = before_fragment.split('?').next().unwrap_or(before_fragment);
    let scheme_end = before_query
        .find(':')
        .filter(|&at| {
            let scheme = &before_query[..at];
            !scheme.is_empty() && !scheme.contains('/') && !scheme.contains('[')
        })
        .map_or(0, |at| at + 1);
    let rest = before_query[scheme_end..].strip_prefix("//")?;
    let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    authority[host_start..]
        .starts_with("[:]")
        .then_some(scheme_end + 2 + host_start)
}

/// The answer to the case read with "[::]" (see [`lone_colon_rewrite`]), its host "[:]" as
/// `original` writes it.
pub(super) fn lone_colon_kept(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    if lone_colon_at(input).is_none() {
        return answer;
    }
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.host.as_deref() == Some("[::]") => {
            components.host = Some("[:]".into());
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::Implementation;
    use crate::impls::reference::Reference;

    fn path(input: &str, rule: Option<&str>) -> Option<String> {
        let case = Request::Parse {
            input: input.into(),
            rule: rule.map(|name| crate::protocol::ParseRule::from_name(name).expect("a rule")),
            zone_id: false,
        };
        match parse_dot_segments_removed(&case, Reference.answer(&case)) {
            Outcome::Parsed { components, .. } => Some(components.path),
            _ => None,
        }
    }

    #[test]
    fn g_uri_parse_removes_dot_segments_percent_encoded_ones_too() {
        assert_eq!(path("a://h/.", Some("URI")), Some("/".into()));
        assert_eq!(path("a:b/%2e%2E/c", Some("URI")), Some("/c".into()));
        assert_eq!(path("a:%2e", Some("URI")), Some("".into()));
        // g_uri_split (a URI-reference) keeps them.
        assert_eq!(path("a://h/.", None), Some("/.".into()));
        assert_eq!(path("a://h/.", Some("URI-reference")), Some("/.".into()));
    }

    #[test]
    fn g_hostname_is_ip_address_takes_a_lone_colon() {
        let parse = |input: &str| {
            let case = Request::parse(input);
            let read = lone_colon_rewrite(&case).unwrap_or_else(|| case.clone());
            lone_colon_kept(&case, Reference.answer(&read))
        };
        // ":" alone: skipped as the start of "::", the text ends, nsegments 1 and skipped.
        match parse("//[:]") {
            Outcome::Parsed {
                components,
                host_kind,
            } => {
                assert_eq!(components.host.as_deref(), Some("[:]"));
                assert_eq!(host_kind, Some(reference::HostKind::Ipv6));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("a://u@[:]:80/p"), Outcome::Parsed { .. }));
        // Near misses: ":1" and "1:" are refused (a segment with no hex digit), as RFC 3986
        // refuses them; "[::]" is an address already.
        assert!(lone_colon_rewrite(&Request::parse("//[:1]")).is_none());
        assert!(lone_colon_rewrite(&Request::parse("//[1:]")).is_none());
        assert!(lone_colon_rewrite(&Request::parse("//[::]")).is_none());
        assert!(lone_colon_rewrite(&Request::parse("a:/[:]")).is_none());
    }

    #[test]
    fn g_uri_resolve_relative_reads_the_base_with_g_uri_parse() {
        let base_of = |base: &str| match base_parsed(&Request::Resolve {
            base: base.into(),
            input: "d".into(),
            strict: true,
        }) {
            Some(Request::Resolve { base, .. }) => Some(base),
            _ => None,
        };
        // §5.2.4 on the base's path, its "%2E" a "." first (uri_normalize, then
        // remove_dot_segments in g_uri_parse_relative's no-base branch).
        assert_eq!(base_of("a:~/.."), Some("a:/".into()));
        assert_eq!(base_of("a:b/%2e%2E/c"), Some("a:/c".into()));
        assert_eq!(base_of("a://h/b/./c"), Some("a://h/b/c".into()));
        // Near misses: nothing to remove; a "//" path without authority, which no base text
        // holds; a relative base, which g_uri_parse refuses.
        assert_eq!(base_of("a:/b/c"), None);
        assert_eq!(base_of("a:/.//c"), None);
        assert_eq!(base_of("b/../c"), None);
    }
}
