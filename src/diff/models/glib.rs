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
}
