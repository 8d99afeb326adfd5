//! The `oxiri` crate, version 0.3.1, behind the [`Implementation`] trait.
//!
//! oxiri implements IRIs (RFC 3987) and RFC 3986's resolution algorithm; it has no URI-only
//! parser. A URI is an ASCII IRI, so its IRI parser is what a user of the crate calls for a URI
//! too: the URI operations (`parse`, `resolve`, `serialize`) call it on any input, non-ASCII
//! included, and so accept the `ucschar`s (and `iprivate` in a query) that RFC 3986 refuses, as
//! the crate is designed to. `parse-iri` calls the same parser by the RFC 3987 rules.
//!
//! # What is mapped
//!
//! - **Parsing.** `URI-reference` is [`oxiri::IriRef::parse`], `URI` is [`oxiri::Iri::parse`]
//!   (the `parse_unchecked` variants, which skip validation, are not used), and so are their
//!   RFC 3987 counterparts for `parse-iri`: `IRI-reference` is `IriRef::parse`, `IRI` is
//!   `Iri::parse`, by the same code. oxiri has no entry point for `absolute-URI` or
//!   `relative-ref` (nor `absolute-IRI`, `irelative-ref`): those rules answer `Unsupported`. The
//!   components are `IriRef::scheme`, `IriRef::authority`, `IriRef::path`, `IriRef::query` and
//!   `IriRef::fragment` (an `Iri` is read through `IriRef::from`): slices of the input, without their
//!   delimiters, undefined (`None`) distinct from empty (`Some("")`), no case change (the docs
//!   warn that neither the scheme nor the host is lowercased).
//! - **The authority** comes back whole, so the adapter splits it by RFC 3986's grammar, with
//!   [`split_authority`]; only text the crate has accepted is split.
//! - **Host kind.** oxiri does not classify hosts; the adapter derives the kind from the host
//!   text: `[v`/`[V` is `ipvfuture`, any other `[` `ipv6`, an `IPv4address` `ipv4`, anything
//!   else `reg-name`.
//! - **Resolution.** [`oxiri::Iri::resolve`] (base parsed by `Iri::parse`, reference by
//!   `IriRef::parse`), serialized with `Iri::as_str`. It is §5.2's strict algorithm (a
//!   reference with a scheme is always taken as absolute); non-strict resolution answers
//!   `Unsupported`. An `IriParseError` from `resolve` (a target whose path would start with
//!   `//` without an authority) is `Invalid`.
//! - **Normalization** answers `Unsupported`: oxiri has none (it removes dot-segments only as
//!   part of resolution).
//! - Zone identifiers (RFC 6874) are not supported.
//!
//! # Differences from RFC 3986 in the crate's source
//!
//! - The resolver (`resolve` in `src/lib.rs`) refuses a target without an authority whose
//!   path starts with `//` (`IriParseErrorKind::PathStartingWithTwoSlashes`): `f:/a` + `.//g`
//!   is an error where §5.2 and §5.3 give `f://g` (documented choice 1 accepts an error).
//! - An `IPv6address` is checked with `std::net::Ipv6Addr::from_str` (`validate_ip`), not with
//!   the ABNF; both accept the same texts as far as the vectors go.
//! - Beyond ASCII it accepts RFC 3987's `ucschar` everywhere RFC 3987 does (`is_ucschar` in
//!   `src/lib.rs`) and `iprivate` in a query only (`validate_query`), also in a URI parse: an
//!   IRI library's design, not an RFC 3986 parser's.
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion must agree with `parse`, see [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `IriRef::parse`, `Iri::parse` | parse |
//! | `IriRef::parse` (`IRI-reference`), `Iri::parse` (`IRI`) | parse-iri |
//! | `Iri::resolve` | resolve |
//! | `Iri::resolve_into`, `IriRef::resolve` (on a base that is an IRI) | another resolution: the same target as `Iri::resolve` |
//! | `IriRef::as_str` | serialize (the crate keeps the text it was given) |
//! | `IriRef::from_str` | conversion, URI-reference |
//! | `Iri::from_str` | conversion, URI |
//! | `Iri::try_from(IriRef)` | conversion, URI |
//! | `Iri::relativize`, then `Iri::resolve` | conversion, URI: "Returns an IRI that, when resolved against the current IRI returns `abs`" |
//!
//! The `parse-iri` row calls the functions listed for `parse`, so it adds no entry to
//! [`ENTRY_POINTS`]. oxiri has no IRI-to-URI mapping (RFC 3987 §3.1): no function of its API
//! percent-encodes an IRI into a URI, so there is no conversion of that kind to list.

use oxiri::{Iri, IriRef};

use super::reproduction::Programs;
use super::{
    About, EntryPoint, Implementation, Profile, Promises, Reach, host_kind, resolved_strictly,
    written,
};
use crate::model::{Components, Outcome};
use crate::reference::{ParseOptions, Rule};

/// The `oxiri` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Oxiri;

/// An authority split into its three parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AuthorityParts<'a> {
    /// `userinfo`, without its `@`.
    pub userinfo: Option<&'a str>,
    /// `host`, brackets kept.
    pub host: &'a str,
    /// `port`, without its `:`.
    pub port: Option<&'a str>,
}

/// Splits an authority the crate has accepted into userinfo, host and port (RFC 3986 §3.2):
///
/// ```text
/// authority  = [ userinfo "@" ] host [ ":" port ]
/// userinfo   = *( unreserved / pct-encoded / sub-delims / ":" )
/// host       = IP-literal / IPv4address / reg-name
/// IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
/// port       = *DIGIT
/// ```
///
/// `userinfo` holds no `@`, so the first `@` ends it. An `IP-literal` holds no `]` before its
/// last character, so a host starting with `[` runs to the first `]`. Neither `reg-name`,
/// `IPv4address` nor `port` holds a `:`, so the port follows the last `:` after the host.
pub(crate) fn split_authority(authority: &str) -> AuthorityParts<'_> {
    let (userinfo, rest) = match authority.split_once('@') {
        Some((userinfo, rest)) => (Some(userinfo), rest),
        None => (None, authority),
    };
    let host_end = if rest.starts_with('[') {
        rest.find(']').map_or(rest.len(), |i| i + 1)
    } else {
        rest.rfind(':').unwrap_or(rest.len())
    };
    let (host, after) = rest.split_at(host_end);
    AuthorityParts {
        userinfo,
        host,
        port: after.strip_prefix(':'),
    }
}

/// The components and host kind of a parsed reference.
fn outcome(r: &IriRef<&str>) -> Outcome {
    let parts = r.authority().map(split_authority);
    Outcome::Parsed {
        components: Components {
            scheme: r.scheme().map(str::to_owned),
            userinfo: parts.and_then(|p| p.userinfo).map(str::to_owned),
            host: parts.map(|p| p.host.to_owned()),
            port: parts.and_then(|p| p.port).map(str::to_owned),
            path: r.path().to_owned(),
            query: r.query().map(str::to_owned),
            fragment: r.fragment().map(str::to_owned),
        },
        host_kind: parts.map(|p| host_kind(p.host)),
    }
}

/// `IriRef::parse` for `URI-reference` and `IRI-reference`, `Iri::parse` for `URI` and `IRI`;
/// the crate has no parser for the other rules.
fn parse_by(input: &str, rule: Rule) -> Outcome {
    match rule {
        Rule::UriReference => match IriRef::parse(input) {
            Ok(r) => outcome(&r),
            Err(e) => Outcome::invalid(e.to_string()),
        },
        Rule::Uri => match Iri::parse(input) {
            Ok(i) => outcome(&IriRef::from(i)),
            Err(e) => Outcome::invalid(e.to_string()),
        },
        Rule::AbsoluteUri | Rule::RelativeRef => Outcome::Unsupported,
    }
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "oxiri::IriRef::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "oxiri::Iri::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "oxiri::Iri::resolve",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        // The same resolution written into a caller's buffer.
        name: "oxiri::Iri::resolve_into",
        reach: Reach::Resolution(|base, reference| {
            let (base, reference) = match (Iri::parse(base), IriRef::parse(reference)) {
                (Ok(base), Ok(reference)) => (base, reference),
                (Err(e), _) => return Outcome::invalid_base(e.to_string()),
                (_, Err(e)) => return Outcome::invalid(e.to_string()),
            };
            let mut target = String::new();
            match base.resolve_into(&reference, &mut target) {
                Ok(()) => Outcome::Resolved(target),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        // The relative-base API on a base that is an IRI: the same target as Iri::resolve.
        name: "oxiri::IriRef::resolve",
        reach: Reach::Resolution(|base, reference| {
            if let Err(e) = Iri::parse(base) {
                return Outcome::invalid_base(e.to_string());
            }
            let (base, reference) = match (IriRef::parse(base), IriRef::parse(reference)) {
                (Ok(base), Ok(reference)) => (base, reference),
                (Err(e), _) => return Outcome::invalid_base(e.to_string()),
                (_, Err(e)) => return Outcome::invalid(e.to_string()),
            };
            match base.resolve(&reference) {
                Ok(target) => Outcome::Resolved(target.into_inner()),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "oxiri::IriRef::as_str",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "oxiri::IriRef::from_str",
        reach: Reach::Conversion(Rule::UriReference, |s| match s.parse::<IriRef<String>>() {
            Ok(r) => outcome(&r.as_ref()),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "oxiri::Iri::from_str",
        reach: Reach::Conversion(Rule::Uri, |s| match s.parse::<Iri<String>>() {
            Ok(i) => outcome(&IriRef::from(i.as_ref())),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "oxiri::Iri::try_from(IriRef)",
        reach: Reach::Conversion(Rule::Uri, |s| match IriRef::parse(s) {
            Ok(r) => match Iri::try_from(r) {
                Ok(i) => outcome(&IriRef::from(i)),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        // "Returns an IRI that, when resolved against the current IRI returns `abs`": against
        // the IRI's own "." (its directory), the relative IRI must resolve back to the IRI.
        // Where the crate says it cannot relativize (dot-segments), the parse stands.
        name: "oxiri::Iri::relativize",
        reach: Reach::Conversion(Rule::Uri, |s| match Iri::parse(s) {
            Ok(iri) => {
                let Ok(base) = IriRef::parse(".").and_then(|dot| iri.resolve(&dot)) else {
                    return outcome(&IriRef::from(iri));
                };
                match base.relativize(&iri) {
                    Ok(relative) => match base.resolve(&relative) {
                        Ok(back) => outcome(&IriRef::from(back.as_ref())),
                        Err(e) => Outcome::invalid(format!(
                            "{:?} does not resolve against {:?}: {e}",
                            relative.as_str(),
                            base.as_str()
                        )),
                    },
                    Err(_) => outcome(&IriRef::from(iri)),
                }
            }
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(
            r#"let iri = oxiri::Iri::parse(input).unwrap();
let base = iri.resolve(&oxiri::IriRef::parse(".").unwrap()).unwrap();
match base.relativize(&iri) {
    Ok(relative) => println!(
        "iri {:?}, base {:?}, relativize {:?}, resolved back {:?}",
        iri.as_str(),
        base.as_str(),
        relative.as_str(),
        base.resolve(&relative).map(|t| t.into_inner())
    ),
    Err(e) => println!("cannot relativize: {e}"),
}"#,
        ),
    },
];

impl Implementation for Oxiri {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        parse_by(input, rule)
    }

    /// The same parsers as [`Oxiri::parse`]: oxiri's `IriRef::parse` and `Iri::parse` are the
    /// RFC 3987 rules `IRI-reference` and `IRI`.
    fn parse_iri(&self, input: &str, rule: Rule) -> Outcome {
        parse_by(input, rule)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || Iri::parse(base),
            || IriRef::parse(reference),
            |base, reference| match base.resolve(&reference) {
                Ok(target) => Outcome::Resolved(target.as_str().to_owned()),
                Err(e) => Outcome::invalid(e.to_string()),
            },
        )
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "oxiri",
        version: concat!("oxiri ", env!("URI_CONFORMANCE_VERSION_OXIRI")),
        spec: "RFC 3987",
        docs: "https://docs.rs/oxiri/0.3.1",
    },
    blind_spots: &[],
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| written(IriRef::parse(input), |r| r.as_str().to_owned())),
    programs: Some(Programs {
        dependency: concat!("oxiri = \"=", env!("URI_CONFORMANCE_VERSION_OXIRI"), "\""),
        parse: Some(
            r#"
            match oxiri::IriRef::parse(input) {
                Ok(r) => println!("scheme={:?} authority={:?} path={:?} query={:?} fragment={:?}", r.scheme(), r.authority(), r.path(), r.query(), r.fragment()),
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            let base = oxiri::Iri::parse(base).unwrap();
            let reference = oxiri::IriRef::parse(input).unwrap();
            match base.resolve(&reference) {
                Ok(target) => println!("{}", target.as_str()),
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        ..Programs::NONE
    }),
    promises: Promises::NONE.keeping_text().resolving_strictly(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::HostKind;

    fn parse(input: &str, rule: Rule) -> Outcome {
        Oxiri.parse(input, rule, ParseOptions::default())
    }

    #[test]
    fn splitter() {
        let split = |userinfo, host, port| AuthorityParts {
            userinfo,
            host,
            port,
        };
        assert_eq!(split_authority(""), split(None, "", None));
        assert_eq!(split_authority("a"), split(None, "a", None));
        assert_eq!(split_authority("a:"), split(None, "a", Some("")));
        assert_eq!(split_authority("@a:80"), split(Some(""), "a", Some("80")));
        assert_eq!(
            split_authority("u:p:q@a:80"),
            split(Some("u:p:q"), "a", Some("80"))
        );
        assert_eq!(
            split_authority("u@[::1]:80"),
            split(Some("u"), "[::1]", Some("80"))
        );
        assert_eq!(split_authority("[v1.a:b]"), split(None, "[v1.a:b]", None));
    }

    #[test]
    fn all_components() {
        // The crate's docs: `http://foo:pass@example.com:80/my/path` has authority
        // `foo:pass@example.com:80`; `http://example.com/my/path?query=foo#frag` has query
        // `query=foo` and fragment `frag`.
        let expected = Outcome::Parsed {
            components: Components {
                scheme: Some("http".into()),
                userinfo: Some("foo:pass".into()),
                host: Some("example.com".into()),
                port: Some("80".into()),
                path: "/my/path".into(),
                query: Some("query=foo".into()),
                fragment: Some("frag".into()),
            },
            host_kind: Some(HostKind::RegName),
        };
        let input = "http://foo:pass@example.com:80/my/path?query=foo#frag";
        assert_eq!(parse(input, Rule::UriReference), expected);
        assert_eq!(parse(input, Rule::Uri), expected);
    }

    #[test]
    fn no_authority_and_relative() {
        // The crate's docs: `mailto:foo@bar.com` has no authority and path `foo@bar.com`;
        // `hTTp://example.com` keeps its scheme's case; `/foo` is not absolute.
        assert_eq!(
            parse("mailto:foo@bar.com", Rule::Uri),
            Outcome::Parsed {
                components: Components {
                    scheme: Some("mailto".into()),
                    userinfo: None,
                    host: None,
                    port: None,
                    path: "foo@bar.com".into(),
                    query: None,
                    fragment: None,
                },
                host_kind: None,
            }
        );
        let Outcome::Parsed { components, .. } = parse("hTTp://example.com", Rule::Uri) else {
            panic!("not parsed");
        };
        assert_eq!(components.scheme.as_deref(), Some("hTTp"));
        assert_eq!(components.path, "");
        assert!(matches!(parse("/foo", Rule::Uri), Outcome::Invalid(_)));
        let Outcome::Parsed { components, .. } = parse("//foo.com/bar/baz?#", Rule::UriReference)
        else {
            panic!("not parsed");
        };
        assert_eq!(components.scheme, None);
        assert_eq!(components.host.as_deref(), Some("foo.com"));
        assert_eq!(components.query.as_deref(), Some(""));
        assert_eq!(components.fragment.as_deref(), Some(""));
        assert_eq!(parse("/foo", Rule::RelativeRef), Outcome::Unsupported);
        assert_eq!(parse("a:b", Rule::AbsoluteUri), Outcome::Unsupported);
    }

    #[test]
    fn host_kinds() {
        let kind = |input| match parse(input, Rule::Uri) {
            Outcome::Parsed { host_kind, .. } => host_kind,
            other => panic!("{other:?}"),
        };
        assert_eq!(kind("http://127.0.0.1/"), Some(HostKind::Ipv4));
        assert_eq!(kind("http://[::1]:80/"), Some(HostKind::Ipv6));
        assert_eq!(kind("http://[v1.x]/"), Some(HostKind::IpvFuture));
        assert_eq!(kind("http://1.2.3.256/"), Some(HostKind::RegName));
    }

    #[test]
    fn non_ascii_uri_operations_call_the_iri_parser() {
        // A URI parse, a resolution and a serialization of non-ASCII input give what
        // `IriRef::parse` gives: the crate's design, an IRI library's.
        let Outcome::Parsed { components, .. } = parse("http://é/", Rule::UriReference) else {
            panic!("not parsed");
        };
        assert_eq!(components.host.as_deref(), Some("é"));
        assert_eq!(
            Oxiri.resolve("http://é/a/b", "../ü", true),
            Outcome::Resolved("http://é/ü".into())
        );
        assert_eq!(
            Oxiri.resolve("http://a/", "é", true),
            Outcome::Resolved("http://a/é".into())
        );
        assert_eq!(Oxiri.serialize("/ä?ö"), Some(Ok("/ä?ö".into())));
    }

    #[test]
    fn iri_components_as_written() {
        crate::impls::testing::assert_iri_components_as_written(&Oxiri);
        let Outcome::Parsed { components, .. } = Oxiri.parse_iri("//ü@例:8080", Rule::UriReference)
        else {
            panic!("not parsed");
        };
        assert_eq!(components.path, "");
        assert_eq!(
            Oxiri.parse_iri("http://例/", Rule::AbsoluteUri),
            Outcome::Unsupported
        );
        assert_eq!(
            Oxiri.parse_iri("//例/", Rule::RelativeRef),
            Outcome::Unsupported
        );
    }

    #[test]
    fn iprivate_only_in_the_query() {
        crate::impls::testing::assert_iprivate_only_in_the_query(&Oxiri);
    }

    #[test]
    fn resolution() {
        // The README's example.
        assert_eq!(
            Oxiri.resolve("http://foo.com/bar/baz", "bat#foo", true),
            Outcome::Resolved("http://foo.com/bar/bat#foo".into())
        );
        crate::impls::testing::assert_resolves_strictly_only(&Oxiri, "/no/scheme");
        crate::impls::testing::assert_no_normalization(&Oxiri);
    }
}
