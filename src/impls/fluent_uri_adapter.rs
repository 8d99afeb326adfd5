//! [fluent-uri](https://docs.rs/fluent-uri/0.4.1) 0.4.1, which follows RFC 3986 (its `Uri`
//! types) and RFC 3987 (its `Iri` types), behind the [`Implementation`] trait.
//!
//! # What is mapped, and how
//!
//! - **Parsing.** `URI-reference` is [`fluent_uri::UriRef::parse`] and `URI` is
//!   [`fluent_uri::Uri::parse`]; the crate has no entry point for `absolute-URI` nor for
//!   `relative-ref`, so those rules are `Unsupported` (telling them apart from `URI-reference`
//!   would be the adapter's own check of a scheme or a fragment, not the crate's).
//!   Components come from `UriRef::scheme` / `Uri::scheme` (`Scheme::as_str`),
//!   `authority` ([`fluent_uri::component::Authority::userinfo`], `Authority::host`,
//!   `Authority::port`), `path`, `query` and `fragment`, each an exact slice of the input
//!   with `None` for an undefined component; `Authority::host` keeps the brackets of an IP
//!   literal, and `Authority::port` gives the port's text (`Some("")` for `a:`, digits beyond
//!   65535 kept). The host kind is the crate's own: [`Authority::host_parsed`], a
//!   [`fluent_uri::component::Host`] (`Ipv4`, `Ipv6`, `IpvFuture`, `RegName`). Nothing is
//!   hidden: the API tells undefined from empty for every component.
//! - **IRI parsing** (`parse-iri`). `IRI-reference` is [`fluent_uri::IriRef::parse`] and `IRI`
//!   is [`fluent_uri::Iri::parse`], read by the same code: their `authority` is an
//!   [`IAuthority`] (`Authority<'_, IUserinfo, IRegName>`: the crate's `Authority` is generic
//!   over the encoders of its userinfo and reg-name), and `path`, `query` and `fragment` are
//!   `EStr`s of the `IPath`, `IQuery`, `IFragment` encoders; `as_str` gives the input's own
//!   text, not mapped to a URI. No entry point for `absolute-IRI` nor `irelative-ref`: those
//!   rules are `Unsupported`.
//! - **Resolution.** [`fluent_uri::UriRef::resolve_against`] with the base parsed by
//!   `Uri::parse`, the target serialized by `Uri::as_str`; a
//!   [`fluent_uri::resolve::ResolveError`] is `Invalid`. The crate is strict only (a scheme in
//!   the reference is always taken), so non-strict resolution is `Unsupported`.
//! - **Normalization.** [`fluent_uri::UriRef::normalize`], serialized by `as_str`, for both
//!   levels. Its documentation calls it the syntax-based normalization of RFC 3986 §6.2.2
//!   "along with IPv6 address and default port normalization": it decodes percent-encoded
//!   unreserved octets, uppercases the hexadecimal digits of the rest, lowercases the scheme and
//!   the host, rewrites an IPv6 literal in its RFC 5952 form, removes an empty port and a port
//!   equal to `Scheme::default_port` (a table of 44 IANA schemes: `http` 80, `https` 443,
//!   `ftp` 21, `ws` 80, `wss` 443, ...), removes dot-segments only from an absolute path of a
//!   reference with a scheme, and prefixes `/.` to a path starting with `//` without an
//!   authority. The default-port removal is scheme-based (§6.2.3), so the same call answers
//!   [`Level::Scheme`]; it has no other scheme knowledge (an empty path is kept, `file`'s
//!   `localhost` is kept). There is one normalization, so the port removals show at
//!   [`Level::Syntax`] too, where RFC 3986 §6.2.2 does not call for them.
//!
//! # Known departures from RFC 3986, from the crate's documentation
//!
//! `UriRef::resolve_against` lists them: a base with a fragment is refused
//! (`ResolveError::BaseWithFragment`; the base must match `absolute-URI`); a base with a
//! rootless path and no authority accepts only a reference with a scheme, an empty one or a
//! fragment-only one (`InvalidReferenceAgainstOpaqueBase`); `/.` is prefixed to a target path
//! starting with `//` without an authority; `%2E`/`%2e` segments are dot-segments; a `/` is
//! appended to a base path ending in a `..` segment before merging; and the base path's
//! dot-segments are removed when the reference has an empty path and neither scheme nor
//! authority. Not in that list, from the source (`resolve::resolve`): `remove_dot_segments` is
//! applied only to a target path starting with `/`, so a reference with a scheme and a rootless
//! path keeps its dot-segments (`x:a/./b` resolves to `x:a/./b`, where §5.2.2 gives `x:a/b`).
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion must agree with `parse`, see [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `UriRef::parse`, `Uri::parse` | parse |
//! | `IriRef::parse`, `Iri::parse` | parse-iri |
//! | `UriRef::resolve_against` | resolve |
//! | `UriRef::normalize` | normalize |
//! | `UriRef::as_str` | serialize (the crate keeps the text: `UriRef<&str>` borrows the input) |
//! | `UriRef::try_from(&str)`, `str::parse::<UriRef<String>>` | conversion, URI-reference |
//! | `build::Builder` (from the parse's components) | conversion, URI-reference |
//! | `Uri::try_from(UriRef)` | conversion, URI |
//! | `UriRef::try_from(IriRef)`, `IriRef::to_uri_ref` | conversion, URI-reference (IRI to URI) |
//! | `Uri::try_from(Iri)` | conversion, URI (IRI to URI) |
//! | `IriRef::to_uri_ref`, `Iri::to_uri` (non-ASCII: "percent-encoding non-ASCII characters", "Punycode encoding is **not** performed") | IRI-to-URI mapping (RFC 3987 §3.1), judged against the reference's `iri_to_uri` (property `conversions-disagree`, detail `iri-to-uri-...`) |
//!
//! [`Authority::host_parsed`]: fluent_uri::component::Authority::host_parsed
//! [`IAuthority`]: fluent_uri::component::IAuthority

use fluent_uri::component::{Authority, Host};
use fluent_uri::{Uri, UriRef};

use fluent_uri::build::Builder;
use fluent_uri::pct_enc::Encoder;
use fluent_uri::{Iri, IriRef};

use super::reproduction::Programs;
use super::{
    About, EntryPoint, Implementation, Profile, Promises, Reach, Reading, View, resolved_strictly,
    written,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{HostKind, Level, ParseOptions, Rule};

/// fluent-uri 0.4.1.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FluentUri;

/// The components and host kind of a parsed URI or IRI reference, from the crate's accessors:
/// the authority is an `Authority` (URI) or an `IAuthority` (IRI).
fn parsed<UserinfoE: Encoder, RegNameE: Encoder>(
    scheme: Option<&str>,
    authority: Option<Authority<'_, UserinfoE, RegNameE>>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Outcome {
    let host_kind = authority.as_ref().map(|a| match a.host_parsed() {
        Host::Ipv4 { .. } => HostKind::Ipv4,
        Host::Ipv6 { .. } => HostKind::Ipv6,
        Host::IpvFuture { .. } => HostKind::IpvFuture,
        Host::RegName(_) => HostKind::RegName,
    });
    Outcome::Parsed {
        components: Components {
            scheme: scheme.map(str::to_owned),
            userinfo: authority
                .as_ref()
                .and_then(|a| a.userinfo())
                .map(|u| u.as_str().to_owned()),
            host: authority.as_ref().map(|a| a.host().to_owned()),
            port: authority
                .as_ref()
                .and_then(|a| a.port())
                .map(|p| p.as_str().to_owned()),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            fragment: fragment.map(str::to_owned),
        },
        host_kind,
    }
}

fn uri_ref_outcome(r: &UriRef<&str>) -> Outcome {
    parsed(
        r.scheme().map(|s| s.as_str()),
        r.authority(),
        r.path().as_str(),
        r.query().map(|q| q.as_str()),
        r.fragment().map(|f| f.as_str()),
    )
}

fn uri_outcome(u: &Uri<&str>) -> Outcome {
    parsed(
        Some(u.scheme().as_str()),
        u.authority(),
        u.path().as_str(),
        u.query().map(|q| q.as_str()),
        u.fragment().map(|f| f.as_str()),
    )
}

/// The accessors of `UriRef` beside those [`parsed`] reads: `Authority::as_str`,
/// `Authority::port_to_u16` (a port too large for a `u16` is an error, not a reading) and
/// `EStr::segments_if_absolute` of the path, on the reference `parse` gets for `input`.
fn readings(input: &str, rule: Rule) -> Option<Vec<Reading>> {
    let r = match rule {
        Rule::UriReference => UriRef::parse(input).ok()?,
        Rule::Uri => Uri::parse(input).ok().map(UriRef::from)?,
        Rule::AbsoluteUri | Rule::RelativeRef => return None,
    };
    let mut all = Vec::new();
    if let Some(authority) = r.authority() {
        all.push(Reading {
            accessor: "fluent_uri::component::Authority::as_str",
            view: View::Joined(&[Field::Userinfo, Field::Host, Field::Port]),
            value: Some(authority.as_str().to_owned()),
        });
        if let Ok(port) = authority.port_to_u16() {
            all.push(Reading {
                accessor: "fluent_uri::component::Authority::port_to_u16",
                view: View::PortNumber,
                value: port.map(|p| p.to_string()),
            });
        }
    }
    if let Some(segments) = r.path().segments_if_absolute() {
        all.push(Reading {
            accessor: "fluent_uri::pct_enc::EStr::segments_if_absolute",
            view: View::Field(Field::Path),
            value: Some(segments.map(|s| format!("/{}", s.as_str())).collect()),
        });
    }
    Some(all)
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "fluent_uri::UriRef::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::UriRef accessors",
        reach: Reach::Accessors(readings),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::Uri::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::UriRef::resolve_against",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::UriRef::normalize",
        reach: Reach::Operation("normalize"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::UriRef::as_str",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::UriRef::try_from(&str)",
        reach: Reach::Conversion(Rule::UriReference, |s| match UriRef::try_from(s) {
            Ok(r) => uri_ref_outcome(&r),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::UriRef::from_str",
        reach: Reach::Conversion(Rule::UriReference, |s| match s.parse::<UriRef<String>>() {
            Ok(r) => uri_ref_outcome(&r.borrow()),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        // The parse's components handed back to the builder, as its documentation shows for an
        // authority "obtained from a URI/IRI (reference)": what it builds must parse the same.
        name: "fluent_uri::build::Builder",
        reach: Reach::Conversion(Rule::UriReference, |s| match UriRef::parse(s) {
            Ok(r) => {
                let built = UriRef::builder()
                    .optional(Builder::scheme, r.scheme())
                    .optional(Builder::authority, r.authority())
                    .path(r.path())
                    .optional(Builder::query, r.query())
                    .optional(Builder::fragment, r.fragment())
                    .build();
                match built {
                    Ok(built) => match UriRef::parse(built.as_str()) {
                        Ok(again) => uri_ref_outcome(&again),
                        Err(e) => Outcome::invalid(format!("built an invalid reference: {e}")),
                    },
                    Err(e) => Outcome::invalid(format!("the builder refuses: {e}")),
                }
            }
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::Uri::try_from(UriRef)",
        reach: Reach::Conversion(Rule::Uri, |s| match UriRef::parse(s) {
            Ok(r) => match Uri::try_from(r) {
                Ok(u) => uri_outcome(&u),
                Err(e) => Outcome::invalid(format!("{e:?}")),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(
            r#"let r = fluent_uri::UriRef::parse(input).unwrap();
println!("{:?}", fluent_uri::Uri::try_from(r).map(|u| u.as_str().to_owned()));"#,
        ),
    },
    EntryPoint {
        name: "fluent_uri::UriRef::try_from(IriRef)",
        reach: Reach::Conversion(Rule::UriReference, |s| match IriRef::parse(s) {
            Ok(r) => match UriRef::try_from(r) {
                Ok(u) => uri_ref_outcome(&u),
                Err(e) => Outcome::invalid(format!("{e:?}")),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::IriRef::to_uri_ref",
        reach: Reach::Conversion(Rule::UriReference, |s| match IriRef::parse(s) {
            // An ASCII IRI reference is a URI reference: the conversion must change nothing.
            Ok(r) if s.is_ascii() => {
                let converted = r.to_uri_ref();
                match UriRef::parse(converted.as_str()) {
                    Ok(u) if u.as_str() == s => uri_ref_outcome(&u),
                    Ok(u) => Outcome::invalid(format!("converted to {:?}", u.as_str())),
                    Err(e) => {
                        Outcome::invalid(format!("converted to an invalid URI reference: {e}"))
                    }
                }
            }
            Ok(_) => Outcome::invalid("not ASCII".to_owned()),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::Uri::try_from(Iri)",
        reach: Reach::Conversion(Rule::Uri, |s| match Iri::parse(s) {
            Ok(r) => match Uri::try_from(r) {
                Ok(u) => uri_outcome(&u),
                Err(e) => Outcome::invalid(format!("{e:?}")),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::IriRef::parse",
        reach: Reach::Operation("parse-iri"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::Iri::parse",
        reach: Reach::Operation("parse-iri"),
        program: None,
    },
    EntryPoint {
        name: "fluent_uri::IriRef::to_uri_ref (RFC 3987 §3.1)",
        reach: Reach::IriToUri(|s| {
            IriRef::parse(s)
                .map(|r| r.to_uri_ref().as_str().to_owned())
                .map_err(|e| e.to_string())
        }),
        program: None,
    },
];

/// A parse by `rule` with one grammar's reference and absolute types (`UriRef`/`Uri`
/// or `IriRef`/`Iri`), read by the same code: the crate has no entry point for
/// `absolute-URI` nor `relative-ref`.
macro_rules! parse_by {
    ($reference:ident, $absolute:ident, $input:expr, $rule:expr) => {
        match $rule {
            Rule::UriReference => match $reference::parse($input) {
                Ok(r) => parsed(
                    r.scheme().map(|s| s.as_str()),
                    r.authority(),
                    r.path().as_str(),
                    r.query().map(|q| q.as_str()),
                    r.fragment().map(|f| f.as_str()),
                ),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::Uri => match $absolute::parse($input) {
                Ok(a) => parsed(
                    Some(a.scheme().as_str()),
                    a.authority(),
                    a.path().as_str(),
                    a.query().map(|q| q.as_str()),
                    a.fragment().map(|f| f.as_str()),
                ),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::AbsoluteUri | Rule::RelativeRef => Outcome::Unsupported,
        }
    };
}

impl Implementation for FluentUri {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        parse_by!(UriRef, Uri, input, rule)
    }

    /// `IriRef::parse`, `Iri::parse`, read by the code that reads `parse`'s.
    fn parse_iri(&self, input: &str, rule: Rule) -> Outcome {
        parse_by!(IriRef, Iri, input, rule)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || Uri::parse(base),
            || UriRef::parse(reference),
            |base, reference| match reference.resolve_against(&base) {
                Ok(target) => Outcome::Resolved(target.into_string()),
                Err(e) => Outcome::invalid(e.to_string()),
            },
        )
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        // One normalization for both levels: see the module documentation.
        let _ = level;
        match UriRef::parse(input) {
            Ok(r) => Outcome::Normalized(r.normalize().into_string()),
            Err(e) => Outcome::invalid(e.to_string()),
        }
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "fluent-uri",
        version: concat!("fluent-uri ", env!("URI_CONFORMANCE_VERSION_FLUENT_URI")),
        spec: "RFC 3986",
        docs: "https://docs.rs/fluent-uri/0.4.1",
    },
    blind_spots: &[],
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| written(UriRef::parse(input), |r| r.as_str().to_owned())),
    programs: Some(Programs {
        dependency: concat!(
            "fluent-uri = \"=",
            env!("URI_CONFORMANCE_VERSION_FLUENT_URI"),
            "\""
        ),
        parse: Some(
            r#"
            match fluent_uri::UriRef::parse(input) {
                Ok(r) => {
                    let a = r.authority();
                    println!("scheme={:?}", r.scheme().map(|s| s.as_str()));
                    println!("userinfo={:?}", a.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str()));
                    println!("host={:?} ({:?})", a.as_ref().map(|a| a.host()), a.as_ref().map(|a| a.host_parsed()));
                    println!("port={:?}", a.as_ref().and_then(|a| a.port()).map(|p| p.as_str()));
                    println!("path={:?} query={:?} fragment={:?}", r.path().as_str(), r.query().map(|q| q.as_str()), r.fragment().map(|f| f.as_str()));
                }
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            let base = fluent_uri::Uri::parse(base).unwrap();
            let reference = fluent_uri::UriRef::parse(input).unwrap();
            match reference.resolve_against(&base) {
                Ok(target) => println!("{target}"),
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        normalize: Some(
            r#"
            println!("{}", fluent_uri::UriRef::parse(input).unwrap().normalize());
            "#,
        ),
        iri: Some(("fluent_uri::UriRef::parse", "fluent_uri::IriRef::parse")),
        ..Programs::NONE
    }),
    promises: Promises::NONE.keeping_text().resolving_strictly(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::testing::components;
    use crate::protocol::Request;

    fn parse(input: &str, rule: Rule) -> Outcome {
        FluentUri.parse(input, rule, ParseOptions::default())
    }

    #[test]
    fn iri_components_as_written() {
        crate::impls::testing::assert_iri_components_as_written(&FluentUri);
        assert!(matches!(
            parse("http://例え.テスト/ä?q=ü#f", Rule::UriReference),
            Outcome::Invalid(_)
        ));
        assert_eq!(
            FluentUri.parse_iri("http://例/", Rule::AbsoluteUri),
            Outcome::Unsupported
        );
        assert_eq!(
            FluentUri.parse_iri("//例/", Rule::RelativeRef),
            Outcome::Unsupported
        );
    }

    #[test]
    fn iprivate_only_in_the_query() {
        crate::impls::testing::assert_iprivate_only_in_the_query(&FluentUri);
    }

    #[test]
    fn components_of_the_crate_example() {
        // The example of `Uri`'s documentation.
        let o = parse(
            "foo://user@example.com:8042/over/there?name=ferret#nose",
            Rule::UriReference,
        );
        let (c, kind) = components(&o);
        assert_eq!(c.scheme.as_deref(), Some("foo"));
        assert_eq!(c.userinfo.as_deref(), Some("user"));
        assert_eq!(c.host.as_deref(), Some("example.com"));
        assert_eq!(c.port.as_deref(), Some("8042"));
        assert_eq!(c.path, "/over/there");
        assert_eq!(c.query.as_deref(), Some("name=ferret"));
        assert_eq!(c.fragment.as_deref(), Some("nose"));
        assert_eq!(kind, Some(HostKind::RegName));
        assert_eq!(
            parse(
                "foo://user@example.com:8042/over/there?name=ferret#nose",
                Rule::Uri
            ),
            o
        );
    }

    #[test]
    fn undefined_and_empty_components() {
        let o = parse("http://a/b?c#d", Rule::UriReference);
        let (c, _) = components(&o);
        assert_eq!((c.userinfo.as_deref(), c.port.as_deref()), (None, None));
        assert_eq!(c.path, "/b");
        assert_eq!(
            (c.query.as_deref(), c.fragment.as_deref()),
            (Some("c"), Some("d"))
        );

        // `Authority::port`'s documentation: an empty port is `Some("")`, a long one is kept.
        let o = parse("foo://localhost:/", Rule::UriReference);
        assert_eq!(components(&o).0.port.as_deref(), Some(""));
        let o = parse("foo://localhost:123456/", Rule::UriReference);
        assert_eq!(components(&o).0.port.as_deref(), Some("123456"));

        let o = parse("mailto:user@example.com", Rule::UriReference);
        let (c, kind) = components(&o);
        assert_eq!((c.host.as_deref(), kind), (None, None));
        assert_eq!(c.path, "user@example.com");

        let o = parse("/path/to/file", Rule::UriReference);
        assert_eq!(components(&o).0.scheme, None);
        let o = parse("file:///path/to/file", Rule::UriReference);
        assert_eq!(components(&o).0.host.as_deref(), Some(""));
        let o = parse("http://example.com/?", Rule::UriReference);
        assert_eq!(components(&o).0.query.as_deref(), Some(""));
    }

    #[test]
    fn host_kinds() {
        // `Authority::host_parsed`'s documentation.
        for (input, host, kind) in [
            ("foo://127.0.0.1", "127.0.0.1", HostKind::Ipv4),
            ("foo://[::1]", "[::1]", HostKind::Ipv6),
            ("foo://[v1.addr]", "[v1.addr]", HostKind::IpvFuture),
            ("foo://localhost", "localhost", HostKind::RegName),
        ] {
            let o = parse(input, Rule::UriReference);
            let (c, k) = components(&o);
            assert_eq!((c.host.as_deref(), k), (Some(host), Some(kind)), "{input}");
        }
    }

    #[test]
    fn rules() {
        assert!(matches!(parse("/a", Rule::Uri), Outcome::Invalid(_)));
        assert!(matches!(
            parse("foo", Rule::UriReference),
            Outcome::Parsed { .. }
        ));
        assert_eq!(parse("a:b", Rule::AbsoluteUri), Outcome::Unsupported);
        assert_eq!(parse("b", Rule::RelativeRef), Outcome::Unsupported);
        // The crate's parse tests: `foo\bar` fails at index 3.
        assert!(matches!(
            parse("foo\\bar", Rule::UriReference),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn resolution() {
        // `UriRef::resolve_against`'s documentation and the crate's resolve tests.
        let base = "http://example.com/foo/bar";
        for (reference, target) in [
            ("baz", "http://example.com/foo/baz"),
            ("../baz", "http://example.com/baz"),
            ("?baz", "http://example.com/foo/bar?baz"),
        ] {
            assert_eq!(
                FluentUri.resolve(base, reference, true),
                Outcome::Resolved(target.to_owned())
            );
        }
        assert_eq!(
            FluentUri.resolve("foo:/", ".//@@", true),
            Outcome::Resolved("foo:/.//@@".to_owned())
        );
        assert!(matches!(
            FluentUri.resolve("http://example.com/#title1", "foo", true),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            FluentUri.resolve("foo:bar", "baz", true),
            Outcome::Invalid(_)
        ));
        crate::impls::testing::assert_resolves_strictly_only(&FluentUri, "/a");
    }

    #[test]
    fn normalization() {
        // `Uri::normalize`'s documentation and the crate's normalize tests.
        for (input, normalized) in [
            (
                "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
                "example://a/b/c/%7Bfoo%7D",
            ),
            ("http://example.com:80/", "http://example.com/"),
            ("http://example.com:/", "http://example.com/"),
            ("http://example.com", "http://example.com"),
            ("foo/../bar", "foo/../bar"),
            ("//[0000:0000:0000::1]", "//[::1]"),
        ] {
            for level in [Level::Syntax, Level::Scheme] {
                assert_eq!(
                    FluentUri.normalize(input, level),
                    Outcome::Normalized(normalized.to_owned())
                );
            }
        }
        assert!(matches!(
            FluentUri.normalize("%", Level::Syntax),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn reproduction_of_an_iri_parse_uses_the_iri_type() {
        let case = |rule: &str| Request::Parse {
            input: "http://例/ä".into(),
            rule: Some(crate::protocol::ParseRule::from_name(rule).expect("a rule")),
            zone_id: false,
        };
        let program = FluentUri
            .reproduction(&case("IRI-reference"))
            .expect("a program");
        assert!(
            program.contains("fluent_uri::IriRef::parse(input)"),
            "{program}"
        );
        assert!(
            !program.contains("fluent_uri::UriRef::parse(input)"),
            "{program}"
        );
        let program = FluentUri
            .reproduction(&case("URI-reference"))
            .expect("a program");
        assert!(
            program.contains("fluent_uri::UriRef::parse(input)"),
            "{program}"
        );
    }
}
