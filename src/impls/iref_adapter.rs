//! The `iref` crate, version 5.0.0, behind the [`Implementation`] trait.
//!
//! iref follows RFC 3986 for URIs (its `iref::uri` module, whose grammar is the RFC's
//! Appendix A, `src/uri/grammar.abnf`) and RFC 3987 for IRIs (`iref::iri`); this adapter uses
//! only the URI types.
//!
//! # What is mapped
//!
//! - **Parsing.** `URI-reference` is [`iref::UriRef::new`], `URI` is [`iref::Uri::new`]; both
//!   validate the whole input with an automaton built from the RFC's ABNF. The components come
//!   from [`iref::UriRef::parts`] / [`iref::Uri::parts`] (scheme, authority, path, query,
//!   fragment) and [`iref::uri::Authority::parts`] (`user_info`, `host`, `port`): each is a slice
//!   of the input, without its delimiter, with no decoding and no case change, and an IP-literal
//!   host keeps its brackets (`Authority::host` documents `[::1]`). Undefined and empty are
//!   distinct throughout (`Option<&Query>` is `None` for `http://a` and `Some("")` for
//!   `http://a?`), so there is no blind spot. iref has no entry point for `absolute-URI` or
//!   `relative-ref`: those rules answer `Unsupported` (deriving them from the `URI-reference`
//!   parse would test this adapter, not the crate).
//! - **Host kind.** iref has no host enum but classifies a host with
//!   [`iref::uri::Host::is_ipv4`], [`iref::uri::Host::is_ipv6`] and
//!   [`iref::uri::Host::is_ip_literal`]; the adapter reports what they say: `is_ipv4` is
//!   `ipv4`, `is_ipv6` is `ipv6`, any other IP literal `ipvfuture`, anything else `reg-name`.
//! - **Resolution.** [`iref::UriRef::resolved`] against a base parsed by [`iref::Uri::new`]
//!   (the crate documents this as "a *strict* implementation" of §5.2), serialized with
//!   `UriBuf::as_str`. Non-strict resolution answers `Unsupported`. iref also has
//!   `Uri::joined` / `UriBuf::join`, a second implementation of the same algorithm; the
//!   crate's documentation presents `resolved` as the resolution API, so that is the one used.
//! - **Normalization** answers `Unsupported`: iref removes dot-segments from a path
//!   (`PathMut::normalize`) and compares URIs modulo case of the scheme, percent-encoding of
//!   unreserved characters and dot-segments (its `PartialEq`), but it has no operation that
//!   returns the §6.2.2 normal form of a URI (no case normalization of scheme or host, no
//!   percent-encoding normalization in the text).
//! - Zone identifiers (RFC 6874) are not supported.
//!
//! # Differences from RFC 3986 in the crate's source
//!
//! - `Host::is_ipv6` (`src/uri/authority/host.rs`) takes every IP literal whose second byte is
//!   not a lowercase `v` for IPv6, while iref's grammar accepts `V` too (ABNF literals are
//!   case-insensitive, RFC 5234 §2.3): `[V1.x]` is reported as `ipv6`.
//! - Resolution removes dot-segments by RFC errata 4547, which the crate cites (`src/lib.rs`):
//!   in a path without a leading `/`, a `..` with nothing left to remove is kept
//!   (`NormalizedSegments::new`, `src/uri/path/mod.rs`), so `foo:a` + `../../c` is `foo:../../c`
//!   and `x:..` is `x:../`, where §5.2.4 gives `foo:c` and `x:`; and such a path stays without
//!   a leading `/` (`foo:a/b` + `..` is `foo:`, §5.2.4 gives `foo:/`).
//! - `UriRefBuf::resolve` (`src/uri/reference.rs`) removes dot-segments from a merged path in
//!   a `PathMut` whose context says there is no authority, and `PathMut::replace`
//!   (`src/uri/path/mut.rs`) then prefixes `/.` to a path starting with `//`, even when the
//!   target has an authority: `http://a/b` + `.//g` is `http://a/.//g` (§5.2.4:
//!   `http://a//g`).
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion or sub-parser must agree with `parse`, see
//! [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `UriRef::new`, `Uri::new` | parse |
//! | `UriRef::resolved` | resolve |
//! | `UriRef::as_str` | serialize (the crate keeps the text: `UriRef` is a validated `str`) |
//! | `UriRefBuf::new(Vec<u8>)` | conversion, URI-reference |
//! | `UriRef::as_uri` | conversion, URI |
//! | `IriRef::new`, then `IriRef::as_uri_ref` (ASCII) | conversion, URI-reference (IRI to URI) |
//! | `uri::Authority::new`, `uri::Host::new` | sub-parsers, on the input's authority and host |
//!
//! `UriRef::resolve` documents RFC 3986 errata 4547 for dot-segments, so the §5.2.2 law for a
//! reference with a scheme is not asked of it ([`super::Promises::strict_resolution`] is false).

use iref::uri::{Authority, Host};
use iref::{Uri, UriRef};

use iref::{UriRefBuf, uri};

use super::{About, EntryPoint, Implementation, Part, Promises, Reach};
use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::{HostKind, ParseOptions, Rule};

/// The `iref` crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Iref;

/// The host kind, as `Host::is_ipv4`, `Host::is_ipv6` and `Host::is_ip_literal` say.
fn host_kind(host: &Host) -> HostKind {
    if host.is_ipv4() {
        HostKind::Ipv4
    } else if host.is_ipv6() {
        HostKind::Ipv6
    } else if host.is_ip_literal() {
        HostKind::IpvFuture
    } else {
        HostKind::RegName
    }
}

/// The components and host kind from iref's five parts.
fn outcome(
    scheme: Option<&str>,
    authority: Option<&Authority>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Outcome {
    let parts = authority.map(Authority::parts);
    Outcome::Parsed {
        components: Components {
            scheme: scheme.map(str::to_owned),
            userinfo: parts
                .as_ref()
                .and_then(|p| p.user_info)
                .map(|u| u.as_str().to_owned()),
            host: parts.as_ref().map(|p| p.host.as_str().to_owned()),
            port: parts
                .as_ref()
                .and_then(|p| p.port)
                .map(|p| p.as_str().to_owned()),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            fragment: fragment.map(str::to_owned),
        },
        host_kind: parts.as_ref().map(|p| host_kind(p.host)),
    }
}

fn uri_ref_outcome(r: &UriRef) -> Outcome {
    let p = r.parts();
    outcome(
        p.scheme.map(|s| s.as_str()),
        p.authority,
        p.path.as_str(),
        p.query.map(|q| q.as_str()),
        p.fragment.map(|f| f.as_str()),
    )
}

/// The entry points of the table in the module documentation.
pub const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "iref::UriRef::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "iref::Uri::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "iref::UriRef::resolved",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "iref::UriRef::as_str",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "iref::UriRefBuf::new(Vec<u8>)",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            match UriRefBuf::new(s.as_bytes().to_vec()) {
                Ok(r) => uri_ref_outcome(&r),
                Err(_) => Outcome::Invalid("invalid URI reference".to_owned()),
            }
        }),
        program: None,
    },
    EntryPoint {
        // An ASCII IRI reference is a URI reference (RFC 3987 §3.1): the IRI parser must accept
        // exactly the inputs the URI parser accepts.
        name: "iref::IriRef::as_uri_ref",
        reach: Reach::Conversion(Rule::UriReference, |s| match iref::IriRef::new(s) {
            Ok(r) if s.is_ascii() => match r.as_uri_ref() {
                Some(u) => uri_ref_outcome(u),
                None => {
                    Outcome::Invalid("an ASCII IRI reference that is no URI reference".to_owned())
                }
            },
            Ok(_) => Outcome::Invalid("not ASCII".to_owned()),
            Err(_) => Outcome::Invalid("invalid IRI reference".to_owned()),
        }),
        program: None,
    },
    EntryPoint {
        name: "iref::UriRef::as_uri",
        reach: Reach::Conversion(Rule::Uri, |s| match UriRef::new(s) {
            Ok(r) => match r.as_uri() {
                Some(u) => uri_ref_outcome(u.as_uri_ref()),
                None => Outcome::Invalid("no scheme".to_owned()),
            },
            Err(e) => Outcome::Invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "iref::uri::Authority::new",
        reach: Reach::Part(Part::Authority, |s| match uri::Authority::new(s) {
            Ok(a) => outcome(None, Some(a), "", None, None),
            Err(e) => Outcome::Invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "iref::uri::Host::new",
        reach: Reach::Part(Part::Host, |s| match uri::Host::new(s) {
            Ok(h) => Outcome::Parsed {
                components: Components {
                    scheme: None,
                    userinfo: None,
                    host: Some(h.as_str().to_owned()),
                    port: None,
                    path: String::new(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(host_kind(h)),
            },
            Err(e) => Outcome::Invalid(e.to_string()),
        }),
        program: None,
    },
];

impl Implementation for Iref {
    fn about(&self) -> About<'_> {
        About {
            name: "iref",
            version: concat!("iref ", env!("URI_CONFORMANCE_VERSION_IREF")),
            spec: "RFC 3986 (URIs), RFC 3987 (IRIs)",
            docs: "https://docs.rs/iref/5.0.0",
        }
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => match UriRef::new(input) {
                Ok(r) => {
                    let p = r.parts();
                    outcome(
                        p.scheme.map(|s| s.as_str()),
                        p.authority,
                        p.path.as_str(),
                        p.query.map(|q| q.as_str()),
                        p.fragment.map(|f| f.as_str()),
                    )
                }
                Err(e) => Outcome::Invalid(e.to_string()),
            },
            Rule::Uri => match Uri::new(input) {
                Ok(u) => {
                    let p = u.parts();
                    outcome(
                        Some(p.scheme.as_str()),
                        p.authority,
                        p.path.as_str(),
                        p.query.map(|q| q.as_str()),
                        p.fragment.map(|f| f.as_str()),
                    )
                }
                Err(e) => Outcome::Invalid(e.to_string()),
            },
            Rule::AbsoluteUri | Rule::RelativeRef => Outcome::Unsupported,
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        if !strict {
            return Outcome::Unsupported;
        }
        let base = match Uri::new(base) {
            Ok(base) => base,
            Err(e) => return Outcome::Invalid(format!("base: {e}")),
        };
        match UriRef::new(reference) {
            Ok(reference) => Outcome::Resolved(reference.resolved(base).as_str().to_owned()),
            Err(e) => Outcome::Invalid(e.to_string()),
        }
    }

    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        Some(
            UriRef::new(input)
                .map(|r| r.as_str().to_owned())
                .map_err(|e| e.to_string()),
        )
    }

    fn promises(&self) -> Promises {
        Promises {
            keeps_text: true,
            // `UriRef::resolve` documents RFC 3986 errata 4547 for dot-segments ("a:" + "a:.."
            // is "a:../"), not §5.2.4 as written.
            strict_resolution: false,
        }
    }

    fn entry_points(&self) -> &[EntryPoint] {
        ENTRY_POINTS
    }

    fn reproduction(&self, case: &Request) -> Option<String> {
        let body = match case {
            Request::Parse { .. } => {
                "match iref::UriRef::new(input) {\n    Ok(r) => {\n        let p = r.parts();\n        println!(\"scheme={:?}\", p.scheme.map(|s| s.as_str()));\n        if let Some(a) = p.authority {\n            let h = a.host();\n            println!(\"authority={:?} host={:?} is_ipv6={} is_ip_literal={}\", a.as_str(), h.as_str(), h.is_ipv6(), h.is_ip_literal());\n        }\n        println!(\"path={:?} query={:?} fragment={:?}\", p.path.as_str(), p.query.map(|q| q.as_str()), p.fragment.map(|f| f.as_str()));\n    }\n    Err(e) => println!(\"error: {e}\"),\n}"
            }
            Request::Resolve { .. } => {
                "let base = iref::Uri::new(base).unwrap();\nlet reference = iref::UriRef::new(input).unwrap();\nprintln!(\"{}\", reference.resolved(base));"
            }
            Request::Normalize { .. } => return None,
        };
        Some(super::reproduction::program(
            concat!("iref = \"=", env!("URI_CONFORMANCE_VERSION_IREF"), "\""),
            case,
            body,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(scheme: Option<&str>, host: Option<&str>, path: &str) -> Components {
        Components {
            scheme: scheme.map(str::to_owned),
            userinfo: None,
            host: host.map(str::to_owned),
            port: None,
            path: path.to_owned(),
            query: None,
            fragment: None,
        }
    }

    fn parse(input: &str, rule: Rule) -> Outcome {
        Iref.parse(input, rule, ParseOptions::default())
    }

    #[test]
    fn all_components() {
        // iref's own tests (`uri::tests::parts`, `authority_user_info`, `authority_port`).
        let expected = Outcome::Parsed {
            components: Components {
                scheme: Some("https".into()),
                userinfo: Some("user:pass".into()),
                host: Some("example.org".into()),
                port: Some("8080".into()),
                path: "/path".into(),
                query: Some("query".into()),
                fragment: Some("fragment".into()),
            },
            host_kind: Some(HostKind::RegName),
        };
        let input = "https://user:pass@example.org:8080/path?query#fragment";
        assert_eq!(parse(input, Rule::UriReference), expected);
        assert_eq!(parse(input, Rule::Uri), expected);
    }

    #[test]
    fn empty_and_undefined() {
        // `uri::tests::parts`: `http://example.org/?#` has an empty query and fragment;
        // `authority_port`: `http://example.org:` has an empty port;
        // `authority_user_info`: `http://@example.org` has an empty user info.
        let Outcome::Parsed { components, .. } = parse("http://@a:/?#", Rule::UriReference) else {
            panic!("not parsed");
        };
        assert_eq!(components.userinfo.as_deref(), Some(""));
        assert_eq!(components.port.as_deref(), Some(""));
        assert_eq!(components.query.as_deref(), Some(""));
        assert_eq!(components.fragment.as_deref(), Some(""));
        assert_eq!(
            parse("mailto:user@example.org", Rule::Uri),
            Outcome::Parsed {
                components: parsed(Some("mailto"), None, "user@example.org"),
                host_kind: None,
            }
        );
        // `uri::tests::parts`: `file:///etc/passwd` has an empty authority.
        assert_eq!(
            parse("file:///etc/passwd", Rule::Uri),
            Outcome::Parsed {
                components: parsed(Some("file"), Some(""), "/etc/passwd"),
                host_kind: Some(HostKind::RegName),
            }
        );
    }

    #[test]
    fn relative_references() {
        // `UriRef::parts` documents `//example.org/path?query#fragment` with no scheme.
        assert_eq!(
            parse("//example.org/path", Rule::UriReference),
            Outcome::Parsed {
                components: parsed(None, Some("example.org"), "/path"),
                host_kind: Some(HostKind::RegName),
            }
        );
        assert!(matches!(parse("/path", Rule::Uri), Outcome::Invalid(_)));
        assert_eq!(parse("/path", Rule::RelativeRef), Outcome::Unsupported);
        assert_eq!(parse("a:b", Rule::AbsoluteUri), Outcome::Unsupported);
    }

    #[test]
    fn host_kinds() {
        // `Host::is_ipv4` and `Host::is_ipv6` document `127.0.0.1` and `[::1]`.
        let kind = |input| match parse(input, Rule::Uri) {
            Outcome::Parsed { host_kind, .. } => host_kind,
            other => panic!("{other:?}"),
        };
        assert_eq!(kind("http://127.0.0.1/"), Some(HostKind::Ipv4));
        assert_eq!(kind("http://[::1]:8080/"), Some(HostKind::Ipv6));
        assert_eq!(kind("http://[v1.x]/"), Some(HostKind::IpvFuture));
        assert_eq!(kind("http://example.org/"), Some(HostKind::RegName));
        let Outcome::Parsed { components, .. } = parse("http://[::1]:8080/", Rule::Uri) else {
            panic!("not parsed");
        };
        assert_eq!(components.host.as_deref(), Some("[::1]"));
        assert_eq!(components.port.as_deref(), Some("8080"));
    }

    #[test]
    fn invalid() {
        // `uri::tests::invalid`.
        assert!(matches!(
            parse("http://host name", Rule::UriReference),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            parse("http://[::1", Rule::Uri),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn resolution() {
        // The crate documentation's example.
        assert_eq!(
            Iref.resolve("http://a/b/c/d;p?q", "g;x=1/../y", true),
            Outcome::Resolved("http://a/b/c/y".into())
        );
        // The crate documentation on errata 4547: `http:a/b/../../../` is `http:../`.
        assert_eq!(
            Iref.resolve("foo:x", "http:a/b/../../../", true),
            Outcome::Resolved("http:../".into())
        );
        assert_eq!(
            Iref.resolve("http://a/b/c/d;p?q", "g", false),
            Outcome::Unsupported
        );
        assert!(matches!(
            Iref.resolve("/no/scheme", "g", true),
            Outcome::Invalid(_)
        ));
        assert_eq!(
            Iref.normalize("http://a/", crate::reference::Level::Syntax),
            Outcome::Unsupported
        );
    }
}
