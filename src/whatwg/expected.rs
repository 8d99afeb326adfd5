//! The exact [`Outcome`] a crate that follows the URL Standard perfectly gives through this
//! harness's adapters (`src/impls/url_adapter.rs`, `src/impls/ada_adapter.rs`): the model's
//! URL record mapped by the same [`view`](super::view) functions the adapters use.

use crate::model::{Outcome, Rejection};
use crate::protocol::Request;

use super::view::{parse_outcome, parses_rule, record_outcome};
use super::{Departures, Parsed, parse_departing};

/// Whether `actual`, a URL-Standard crate's answer through its adapter, is the model's
/// answer `expected`: equal outcomes, or two errors whatever their texts (the model's texts
/// are the Standard's validation error names, not the crates').
pub fn agrees(expected: &Outcome, actual: &Outcome) -> bool {
    match (expected, actual) {
        (Outcome::Invalid(_), Outcome::Invalid(_)) => true,
        (expected, actual) => expected == actual,
    }
}

/// What a perfect URL-Standard crate answers to `request` through the `url` and `ada-url`
/// adapters:
///
/// - parse: `Unsupported` for `absolute-URI`, `relative-ref` and RFC 6874 zone identifiers;
///   `Unsupported` for a `URI-reference` without a scheme that fails; otherwise the basic URL
///   parser without a base, the URL mapped to components, failure `Invalid`;
/// - resolve: `Unsupported` when not strict; otherwise the base parsed (failure is `Invalid`,
///   `base: ...`), then the reference parsed against it, `Resolved` with the `href`;
/// - normalize: `Unsupported`.
///
/// An error's message is the failing validation error's name, not the crates' texts: compare
/// validity only for errors.
pub fn expected_outcome(request: &Request) -> Outcome {
    expected_outcome_departing(request, Departures::NONE)
}

/// [`expected_outcome`] of the Standard with `departures` from its text: what a crate with
/// those documented behaviours answers.
pub fn expected_outcome_departing(request: &Request, departures: Departures) -> Outcome {
    let parse = |input: &str, base: Option<&super::Url>| parse_departing(input, base, departures);
    match request {
        Request::Parse { input, zone_id, .. } => {
            // An RFC 3987 rule is invalid; a zone identifier is unsupported by an
            // implementation that does not support it.
            let rule = match request.checked_rule() {
                Ok(rule) => rule,
                Err(e) => return Outcome::invalid(e),
            };
            if *zone_id || !parses_rule(rule) {
                return Outcome::Unsupported;
            }
            let parsed = match parse(input, None) {
                Parsed::Url(url) => Ok(record_outcome(&url)),
                // A failure is refused by the validation error's name.
                Parsed::Failure(failure) => Err(failure),
            };
            match parsed {
                Err(failure)
                    if rule != crate::reference::Rule::UriReference || super::has_scheme(input) =>
                {
                    Outcome::Invalid((&failure).into())
                }
                parsed => parse_outcome(rule, input, || parsed),
            }
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            if !strict {
                return Outcome::Unsupported;
            }
            // Each failure refused by the validation error's name, as `resolve_outcome` reads
            // a crate's errors.
            let base = match parse(base, None) {
                Parsed::Url(url) => url,
                Parsed::Failure(failure) => {
                    return Outcome::Invalid(Rejection::from(&failure).about_base());
                }
            };
            match parse(input, Some(&base)) {
                Parsed::Url(url) => Outcome::Resolved(url.href()),
                Parsed::Failure(failure) => Outcome::Invalid((&failure).into()),
            }
        }
        Request::Normalize { .. } => Outcome::Unsupported,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;
    use crate::reference::HostKind;

    fn parse_request(input: &str, rule: &str) -> Request {
        Request::Parse {
            input: input.to_owned(),
            rule: Some(crate::protocol::ParseRule::from_name(rule).expect("a rule")),
            zone_id: false,
        }
    }

    fn resolve_request(base: &str, input: &str) -> Request {
        Request::Resolve {
            base: base.to_owned(),
            input: input.to_owned(),
            strict: true,
        }
    }

    fn parsed(request: &Request) -> (Components, Option<HostKind>) {
        match expected_outcome(request) {
            Outcome::Parsed {
                components,
                host_kind,
            } => (components, host_kind),
            other => panic!("{request:?}: {other:?}"),
        }
    }

    #[test]
    fn components_of_a_special_url() {
        // Scheme and host lowercased, the default port dropped (port state), ".." removed
        // (path state), an empty password not serialized.
        let (c, kind) = parsed(&parse_request("HTTP://u:@EXAMPLE.com:80/a/../b?c#d", "URI"));
        assert_eq!(
            c,
            Components {
                scheme: Some("http".into()),
                userinfo: Some("u".into()),
                host: Some("example.com".into()),
                port: None,
                path: "/b".into(),
                query: Some("c".into()),
                fragment: Some("d".into()),
            }
        );
        assert_eq!(kind, Some(HostKind::RegName));
    }

    #[test]
    fn hosts_and_their_kinds() {
        // An IPv4 address in hexadecimal is serialized in decimal; IPv6 compressed.
        let (c, kind) = parsed(&parse_request("http://0x7f.1:8080/", "URI"));
        assert_eq!(
            (c.host.as_deref(), c.port.as_deref(), kind),
            (Some("127.0.0.1"), Some("8080"), Some(HostKind::Ipv4))
        );
        let (c, kind) = parsed(&parse_request("http://[0:0::1]/", "URI"));
        assert_eq!(
            (c.host.as_deref(), kind),
            (Some("[::1]"), Some(HostKind::Ipv6))
        );
        // A non-special URL's host is opaque even when it looks like an address.
        let (c, kind) = parsed(&parse_request("foo://1.2.3.4/", "URI"));
        assert_eq!(
            (c.host.as_deref(), kind),
            (Some("1.2.3.4"), Some(HostKind::RegName))
        );
        // "//" with nothing before the path is the empty host; no "//" is no host.
        let (c, kind) = parsed(&parse_request("foo:///x", "URI"));
        assert_eq!(
            (c.host.as_deref(), c.path.as_str(), kind),
            (Some(""), "/x", Some(HostKind::RegName))
        );
        let (c, kind) = parsed(&parse_request("mailto:a@b", "URI"));
        assert_eq!(
            (c.host, c.userinfo, c.path.as_str(), kind),
            (None, None, "a@b", None)
        );
    }

    #[test]
    fn requests_the_adapters_cannot_answer() {
        assert_eq!(
            expected_outcome(&parse_request("/a", "URI-reference")),
            Outcome::Unsupported
        );
        assert!(matches!(
            expected_outcome(&parse_request("/a", "URI")),
            Outcome::Invalid(_)
        ));
        for rule in ["absolute-URI", "relative-ref"] {
            assert_eq!(
                expected_outcome(&parse_request("http://a/", rule)),
                Outcome::Unsupported
            );
        }
        assert_eq!(
            expected_outcome(&Request::Parse {
                input: "http://[fe80::1%25eth0]/".into(),
                rule: None,
                zone_id: true
            }),
            Outcome::Unsupported
        );
        assert_eq!(
            expected_outcome(&Request::Resolve {
                base: "http://a/b".into(),
                input: "c".into(),
                strict: false
            }),
            Outcome::Unsupported
        );
        assert_eq!(
            expected_outcome(&Request::Normalize {
                input: "http://a/".into(),
                level: None
            }),
            Outcome::Unsupported
        );
    }

    #[test]
    fn failures_with_a_scheme_are_invalid() {
        // Port state: 65536 is out of range; host state: "http://" has no host.
        for input in ["http://a:65536/", "http://", "http://a b/"] {
            assert!(
                matches!(
                    expected_outcome(&parse_request(input, "URI-reference")),
                    Outcome::Invalid(_)
                ),
                "{input}"
            );
        }
    }

    #[test]
    fn resolution() {
        assert_eq!(
            expected_outcome(&resolve_request("http://a/b/c/d;p?q", "../g")),
            Outcome::Resolved("http://a/b/g".into())
        );
        // A Windows drive letter is kept only as the first segment of a file URL's path
        // ("shorten a URL's path" step 3), so "c:" is removed like any other segment.
        assert_eq!(
            expected_outcome(&parse_request("file:///a/c:/..", "URI")),
            parsed_outcome(&parse_request("file:///a/", "URI"))
        );
        assert_eq!(
            expected_outcome(&resolve_request("file:///c:/a", "../..")),
            Outcome::Resolved("file:///c:/".into())
        );
        // No scheme state: a base with an opaque path only takes a fragment.
        assert!(matches!(
            expected_outcome(&resolve_request("mailto:x", "g")),
            Outcome::Invalid(_)
        ));
        assert_eq!(
            expected_outcome(&resolve_request("mailto:x", "#g")),
            Outcome::Resolved("mailto:x#g".into())
        );
        assert_eq!(
            expected_outcome(&resolve_request("/a", "g"))
                .rejection()
                .map(|r| r.subject()),
            Some(crate::model::Subject::Base)
        );
    }

    fn parsed_outcome(request: &Request) -> Outcome {
        let (components, host_kind) = parsed(request);
        Outcome::Parsed {
            components,
            host_kind,
        }
    }

    #[test]
    fn international_domains_go_through_uts46() {
        // Special URLs: the domain parser maps and encodes (ü is xn--tda), whether the host
        // is written in Unicode, percent-encoded UTF-8 or Punycode.
        for input in [
            "http://\u{fc}.example/",
            "http://%C3%BC.example/",
            "http://xn--tda.example/",
            "http://\u{dc}.EXAMPLE/",
        ] {
            let (c, kind) = parsed(&parse_request(input, "URI"));
            assert_eq!(c.host.as_deref(), Some("xn--tda.example"), "{input}");
            assert_eq!(kind, Some(HostKind::RegName));
        }
        assert_eq!(
            expected_outcome(&resolve_request("http://\u{fc}/", "g")),
            Outcome::Resolved("http://xn--tda/g".into())
        );
        // An ASCII domain is lowercased whatever UTS #46 would say of its xn-- labels.
        let (c, _) = parsed(&parse_request("HTTP://XN--/", "URI"));
        assert_eq!(c.host.as_deref(), Some("xn--"));
        // A non-ASCII domain that UTS #46 refuses fails: a disallowed code point, or an
        // invalid UTF-8 sequence (U+FFFD after decoding).
        for input in ["http://a\u{FFFF}/", "http://%FF/", "http://xn--a.\u{fc}/"] {
            assert!(
                matches!(
                    expected_outcome(&parse_request(input, "URI")),
                    Outcome::Invalid(_)
                ),
                "{input}"
            );
        }
        // A non-special URL's host is opaque: no IDNA.
        let (c, _) = parsed(&parse_request("foo://\u{fc}/", "URI"));
        assert_eq!(c.host.as_deref(), Some("%C3%BC"));
    }

    #[test]
    fn agreement_compares_errors_by_validity_only() {
        let invalid = Outcome::invalid("port-out-of-range".into());
        assert!(agrees(
            &invalid,
            &Outcome::invalid("invalid port number".into())
        ));
        assert!(!agrees(&invalid, &Outcome::Unsupported));
        let resolved = Outcome::Resolved("http://a/".into());
        assert!(agrees(&resolved, &Outcome::Resolved("http://a/".into())));
        assert!(!agrees(&resolved, &Outcome::Resolved("http://b/".into())));
    }

    #[test]
    fn scheme_detection() {
        use crate::whatwg::has_scheme;
        assert!(has_scheme("a+b.c-d:x"));
        assert!(has_scheme(" \u{1}ht\ttp:"));
        assert!(!has_scheme("1a:b"));
        assert!(!has_scheme("a"));
        assert!(!has_scheme("./a:b"));
        assert!(!has_scheme(""));
    }
}
