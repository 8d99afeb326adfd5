//! The exact [`Outcome`] a crate that follows the URL Standard perfectly gives through this
//! harness's adapters (`src/impls/url_adapter.rs`, `src/impls/ada_adapter.rs`): the model's
//! URL record mapped by the same [`view`](super::view) functions the adapters use.

use crate::model::Outcome;
use crate::protocol::Request;

use super::view::{parse_outcome, parses_rule, record_outcome, resolve_outcome};
use super::{Parsed, parse};

/// The model's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// What a perfect URL-Standard crate answers through the adapters.
    Outcome(Outcome),
    /// The answer needs UTS #46 (IDNA), which the model does not carry; why.
    Unmodelled(String),
}

impl Expected {
    /// Whether `actual`, a URL-Standard crate's answer through its adapter, is the model's:
    /// equal outcomes, or two errors whatever their texts (the model's texts are the Standard's
    /// validation error names, not the crates'); `None` when the model has no answer.
    pub fn agrees_with(&self, actual: &Outcome) -> Option<bool> {
        match (self, actual) {
            (Expected::Unmodelled(_), _) => None,
            (Expected::Outcome(Outcome::Invalid(_)), Outcome::Invalid(_)) => Some(true),
            (Expected::Outcome(expected), actual) => Some(expected == actual),
        }
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
pub fn expected_outcome(request: &Request) -> Expected {
    match request {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => {
            // As Implementation::answer does: an unknown rule is invalid; a zone identifier
            // is unsupported by an implementation that does not support it.
            let rule = match Request::rule(rule.as_deref()) {
                Ok(rule) => rule,
                Err(e) => return Expected::Outcome(Outcome::Invalid(e)),
            };
            if *zone_id || !parses_rule(rule) {
                return Expected::Outcome(Outcome::Unsupported);
            }
            let parsed = match parse(input, None) {
                Parsed::Url(url) => Ok(record_outcome(&url)),
                Parsed::Failure(failure) => Err(failure),
                Parsed::Unmodelled(reason) => return Expected::Unmodelled(reason),
            };
            Expected::Outcome(parse_outcome(rule, input, || parsed))
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            if !strict {
                return Expected::Outcome(Outcome::Unsupported);
            }
            let base = match parse(base, None) {
                Parsed::Url(url) => Ok(url),
                Parsed::Failure(failure) => Err(failure),
                Parsed::Unmodelled(reason) => return Expected::Unmodelled(reason),
            };
            let target = match &base {
                Ok(base) => match parse(input, Some(base)) {
                    Parsed::Url(url) => Ok(url.href()),
                    Parsed::Failure(failure) => Err(failure),
                    Parsed::Unmodelled(reason) => return Expected::Unmodelled(reason),
                },
                Err(_) => Ok(String::new()), // not asked: the base failed
            };
            Expected::Outcome(resolve_outcome(*strict, || base, |_| target))
        }
        Request::Normalize { .. } => Expected::Outcome(Outcome::Unsupported),
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
            rule: Some(rule.to_owned()),
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
            Expected::Outcome(Outcome::Parsed {
                components,
                host_kind,
            }) => (components, host_kind),
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
            Expected::Outcome(Outcome::Unsupported)
        );
        assert!(matches!(
            expected_outcome(&parse_request("/a", "URI")),
            Expected::Outcome(Outcome::Invalid(_))
        ));
        for rule in ["absolute-URI", "relative-ref"] {
            assert_eq!(
                expected_outcome(&parse_request("http://a/", rule)),
                Expected::Outcome(Outcome::Unsupported)
            );
        }
        assert_eq!(
            expected_outcome(&Request::Parse {
                input: "http://[fe80::1%25eth0]/".into(),
                rule: None,
                zone_id: true
            }),
            Expected::Outcome(Outcome::Unsupported)
        );
        assert_eq!(
            expected_outcome(&Request::Resolve {
                base: "http://a/b".into(),
                input: "c".into(),
                strict: false
            }),
            Expected::Outcome(Outcome::Unsupported)
        );
        assert_eq!(
            expected_outcome(&Request::Normalize {
                input: "http://a/".into(),
                level: None
            }),
            Expected::Outcome(Outcome::Unsupported)
        );
    }

    #[test]
    fn failures_with_a_scheme_are_invalid() {
        // Port state: 65536 is out of range; host state: "http://" has no host.
        for input in ["http://a:65536/", "http://", "http://a b/"] {
            assert!(
                matches!(
                    expected_outcome(&parse_request(input, "URI-reference")),
                    Expected::Outcome(Outcome::Invalid(_))
                ),
                "{input}"
            );
        }
    }

    #[test]
    fn resolution() {
        assert_eq!(
            expected_outcome(&resolve_request("http://a/b/c/d;p?q", "../g")),
            Expected::Outcome(Outcome::Resolved("http://a/b/g".into()))
        );
        // A Windows drive letter is kept only as the first segment of a file URL's path
        // ("shorten a URL's path" step 3), so "c:" is removed like any other segment.
        assert_eq!(
            expected_outcome(&parse_request("file:///a/c:/..", "URI")),
            Expected::Outcome(parsed_outcome(&parse_request("file:///a/", "URI")))
        );
        assert_eq!(
            expected_outcome(&resolve_request("file:///c:/a", "../..")),
            Expected::Outcome(Outcome::Resolved("file:///c:/".into()))
        );
        // No scheme state: a base with an opaque path only takes a fragment.
        assert!(matches!(
            expected_outcome(&resolve_request("mailto:x", "g")),
            Expected::Outcome(Outcome::Invalid(_))
        ));
        assert_eq!(
            expected_outcome(&resolve_request("mailto:x", "#g")),
            Expected::Outcome(Outcome::Resolved("mailto:x#g".into()))
        );
        assert!(matches!(
            expected_outcome(&resolve_request("/a", "g")),
            Expected::Outcome(Outcome::Invalid(e)) if e.starts_with("base: ")
        ));
    }

    fn parsed_outcome(request: &Request) -> Outcome {
        let (components, host_kind) = parsed(request);
        Outcome::Parsed {
            components,
            host_kind,
        }
    }

    #[test]
    fn international_domains_are_unmodelled() {
        for request in [
            parse_request("http://\u{fc}.example/", "URI"),
            parse_request("http://%C3%BC.example/", "URI"),
            parse_request("http://xn--tda.example/", "URI"),
            resolve_request("http://a/", "//\u{fc}/"),
            resolve_request("http://\u{fc}/", "g"),
        ] {
            assert!(
                matches!(expected_outcome(&request), Expected::Unmodelled(_)),
                "{request:?}"
            );
        }
        // A non-special URL's host is opaque: no IDNA.
        let (c, _) = parsed(&parse_request("foo://\u{fc}/", "URI"));
        assert_eq!(c.host.as_deref(), Some("%C3%BC"));
    }

    #[test]
    fn agreement_compares_errors_by_validity_only() {
        let invalid = Expected::Outcome(Outcome::Invalid("port-out-of-range".into()));
        assert_eq!(
            invalid.agrees_with(&Outcome::Invalid("invalid port number".into())),
            Some(true)
        );
        assert_eq!(invalid.agrees_with(&Outcome::Unsupported), Some(false));
        let resolved = Expected::Outcome(Outcome::Resolved("http://a/".into()));
        assert_eq!(
            resolved.agrees_with(&Outcome::Resolved("http://a/".into())),
            Some(true)
        );
        assert_eq!(
            resolved.agrees_with(&Outcome::Resolved("http://b/".into())),
            Some(false)
        );
        assert_eq!(
            Expected::Unmodelled("idna".into()).agrees_with(&Outcome::Unsupported),
            None
        );
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
