//! [iri-string](https://docs.rs/iri-string/0.7.14) 0.7.14, which follows RFC 3986 (its `Uri*`
//! types) and RFC 3987 (its `Iri*` types), behind the [`Implementation`] trait.
//!
//! # What is mapped, and how
//!
//! - **Parsing.** Each rule has its type under [`iri_string::types`]: `URI-reference` is
//!   [`UriReferenceStr::new`], `URI` is [`UriStr::new`], `absolute-URI` is
//!   [`UriAbsoluteStr::new`] and `relative-ref` is [`UriRelativeStr::new`]; a
//!   [`iri_string::validate::Error`] is `Invalid`. The accepted string is then seen as a
//!   `&UriReferenceStr` through the crate's `AsRef` (a trivial cast to the superset type) and
//!   read with `RiReferenceStr::scheme_str`, `authority_components`
//!   ([`AuthorityComponents::userinfo`], `host`, `port`), `path_str`, `query_str` and
//!   `fragment_str`, each an exact slice of the input with `None` for an undefined component;
//!   `AuthorityComponents::host` keeps an IP literal's brackets and `port` gives the port's
//!   text. Nothing is hidden: the API tells undefined from empty for every component.
//! - **IRI parsing** (`parse-iri`). The same, by the same generic code over the crate's
//!   [`Spec`] (`RiReferenceStr<S>` and its siblings, `S` = `UriSpec` or `IriSpec`), with the
//!   `Iri*` types: `IRI-reference` is [`IriReferenceStr::new`], `IRI` is [`IriStr::new`],
//!   `absolute-IRI` is [`IriAbsoluteStr::new`] and `irelative-ref` is [`IriRelativeStr::new`].
//!   The accessors give the input's own text (an `&IriReferenceStr` is a validated slice of
//!   it), not mapped to a URI.
//! - **Host kind.** The crate has no host enum. [`AuthorityComponents::reg_name`] is its own
//!   word on whether the host is a `reg-name` (it is `None` for an IP literal and for a host
//!   of four dotted decimal octets 0-255, leading zeros excepted). A host it does not call a
//!   reg-name is an IPvFuture when it starts with `[v` or `[V`, an IPv6 address when it starts
//!   with `[` otherwise, and an IPv4 address when not bracketed.
//! - **Resolution.** `RiReferenceStr::resolve_against` (which is
//!   [`iri_string::resolve::FixedBaseResolver::resolve`]) with the base parsed by
//!   [`UriAbsoluteStr::new`], the type the method takes, and the target serialized by
//!   [`ToDedicatedString::to_dedicated_string`]. So a base with a fragment is refused by the
//!   crate's `absolute-URI` parser (`Invalid`): the API takes no other base. The method is
//!   infallible: where RFC 3986's algorithm would give a path starting with `//` without an
//!   authority, it applies the WHATWG URL Standard's serialization (a `/.` prefix) instead of
//!   failing; the crate offers `Normalized::ensure_rfc3986_normalizable` to detect that, which
//!   is not called (the target is what the crate gives). The crate is strict only
//!   (`resolve_against`'s "Strictness" section), so non-strict resolution is `Unsupported`.
//! - **Normalization.** `RiStr::normalize` on the input parsed by [`UriReferenceStr::new`] and
//!   cast by `RiReferenceStr::to_iri`, serialized by `to_dedicated_string`. The crate normalizes
//!   only a URI (`RiStr` and `RiAbsoluteStr` have `normalize`, `RiReferenceStr` and
//!   `RiRelativeStr` do not), so a relative reference is `Unsupported`. It is the crate's RFC
//!   3986 normalization (`NormalizationMode::Default`, "applies RFC 3986 normalization whenever
//!   possible"): the scheme and a host that is US-ASCII only are lowercased (a host holding a
//!   percent-encoded non-ASCII octet, `%C3%A9`, keeps its letters' case: `normalize_host_port`
//!   follows RFC 3987 §5.3.2.1's "US-ASCII only host"), percent-encoding is
//!   normalized (decoding of unreserved octets, uppercase hexadecimal digits), dot-segments
//!   (`%2E` forms included) are removed from every path, rootless ones included, an empty port
//!   is removed with its `:`, and a path that would start with `//` without an authority is
//!   prefixed with `/.` (WHATWG serialization). The crate "does not have any extra knowledge
//!   about protocols" (crate documentation), so [`Level::Scheme`] is `Unsupported`.
//!   `RiStr::normalize_but_preserve_authorityless_relative_path`, a WHATWG-like variant the
//!   documentation calls "not compatible with RFC 3986 algorithm for some inputs", is not used.
//!
//! [`UriReferenceStr::new`]: iri_string::types::UriReferenceStr
//! [`UriStr::new`]: iri_string::types::UriStr
//! [`UriAbsoluteStr::new`]: iri_string::types::UriAbsoluteStr
//! [`UriRelativeStr::new`]: iri_string::types::UriRelativeStr
//! [`IriReferenceStr::new`]: iri_string::types::IriReferenceStr
//! [`IriStr::new`]: iri_string::types::IriStr
//! [`IriAbsoluteStr::new`]: iri_string::types::IriAbsoluteStr
//! [`IriRelativeStr::new`]: iri_string::types::IriRelativeStr
//! [`Spec`]: iri_string::spec::Spec
//! [`AuthorityComponents::userinfo`]: iri_string::components::AuthorityComponents::userinfo
//! [`AuthorityComponents::reg_name`]: iri_string::components::AuthorityComponents::reg_name
//! [`ToDedicatedString::to_dedicated_string`]: iri_string::format::ToDedicatedString
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion must agree with `parse`, see [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `UriReferenceStr::new`, `UriStr::new`, `UriAbsoluteStr::new`, `UriRelativeStr::new` | parse |
//! | `IriReferenceStr::new`, `IriStr::new`, `IriAbsoluteStr::new`, `IriRelativeStr::new` | parse-iri |
//! | `UriReferenceStr::resolve_against` | resolve |
//! | `UriRelativeStr::resolve_against` | another resolution (a relative reference): the same target |
//! | `UriStr::normalize` | normalize |
//! | `Display` of `UriReferenceStr` | serialize (the crate keeps the text: the types are validated slices of the input) |
//! | `build::Builder` (from the parse's components) | conversion, URI-reference |
//! | `UriReferenceString::try_from(String)` | conversion, URI-reference |
//! | `UriReferenceStr::to_iri` | conversion, URI |
//! | `IriReferenceStr::as_uri`, `IriReferenceStr::encode_to_uri` (ASCII: unchanged) | conversion, URI-reference (IRI to URI) |
//! | `IriReferenceStr::encode_to_uri`, `IriStr::encode_to_uri`, `IriAbsoluteStr::encode_to_uri`, `IriRelativeStr::encode_to_uri` (non-ASCII: a `MappedToUri`, written by `ToDedicatedString::to_dedicated_string` or `Display`) | IRI-to-URI mapping (RFC 3987 §3.1), judged against the reference's `iri_to_uri` (property `conversions-disagree`, detail `iri-to-uri-...`) |
//!

use iri_string::format::ToDedicatedString;
use iri_string::spec::{IriSpec, Spec, UriSpec};
use iri_string::types::{
    RiAbsoluteStr, RiReferenceStr, RiRelativeStr, RiStr, UriAbsoluteStr, UriReferenceStr,
    UriRelativeStr,
};

use iri_string::types::{IriReferenceStr, UriReferenceString};

use super::reproduction::Programs;
use super::{
    About, EntryPoint, Implementation, Profile, Promises, Reach, Reading, View, resolved_strictly,
    written,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{HostKind, Level, ParseOptions, Rule};

/// iri-string 0.7.14.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IriString;

/// The components and host kind of an accepted URI or IRI reference, from the crate's
/// accessors.
fn parsed<S: Spec>(r: &RiReferenceStr<S>) -> Outcome {
    let authority = r.authority_components();
    let host_kind = authority.as_ref().map(|a| {
        let host = a.host();
        if a.reg_name().is_some() {
            HostKind::RegName
        } else if host.starts_with("[v") || host.starts_with("[V") {
            HostKind::IpvFuture
        } else if host.starts_with('[') {
            HostKind::Ipv6
        } else {
            HostKind::Ipv4
        }
    });
    Outcome::Parsed {
        components: Components {
            scheme: r.scheme_str().map(str::to_owned),
            userinfo: authority
                .as_ref()
                .and_then(|a| a.userinfo())
                .map(str::to_owned),
            host: authority.as_ref().map(|a| a.host().to_owned()),
            port: authority.as_ref().and_then(|a| a.port()).map(str::to_owned),
            path: r.path_str().to_owned(),
            query: r.query_str().map(str::to_owned),
            fragment: r.fragment_str().map(str::to_owned),
        },
        host_kind,
    }
}

/// Parses `input` by `rule` with the crate's type for it, under `S` (`UriSpec`: RFC 3986;
/// `IriSpec`: RFC 3987), and reads it as the reference type.
fn parse_by<S: Spec>(input: &str, rule: Rule) -> Outcome {
    let reference: Result<&RiReferenceStr<S>, _> = match rule {
        Rule::UriReference => RiReferenceStr::new(input),
        Rule::Uri => RiStr::new(input).map(AsRef::as_ref),
        Rule::AbsoluteUri => RiAbsoluteStr::new(input).map(AsRef::as_ref),
        Rule::RelativeRef => RiRelativeStr::new(input).map(AsRef::as_ref),
    };
    match reference {
        Ok(r) => parsed(r),
        Err(e) => Outcome::invalid(e.to_string()),
    }
}

/// The accessors of `UriReferenceStr` beside those [`parsed`] reads: `authority_str` and
/// `AuthorityComponents::reg_name`, on the reference `parse` gets for `input` (by
/// `URI-reference`; the other rules' types are read by the same code).
fn readings(input: &str, rule: Rule) -> Option<Vec<Reading>> {
    if rule != Rule::UriReference {
        return None;
    }
    let r = UriReferenceStr::new(input).ok()?;
    let mut all = vec![Reading {
        accessor: "iri_string::types::UriReferenceStr::authority_str",
        view: View::Joined(&[Field::Userinfo, Field::Host, Field::Port]),
        value: r.authority_str().map(str::to_owned),
    }];
    if let Some(reg_name) = r
        .authority_components()
        .and_then(|a| a.reg_name().map(str::to_owned))
    {
        all.push(Reading {
            accessor: "iri_string::components::AuthorityComponents::reg_name",
            view: View::Field(Field::Host),
            value: Some(reg_name),
        });
    }
    Some(all)
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "iri_string::types::UriReferenceStr::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriReferenceStr accessors",
        reach: Reach::Accessors(readings),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriStr::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriAbsoluteStr::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriRelativeStr::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriReferenceStr::resolve_against",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        // The relative-reference type's own resolution, on a relative reference: the same
        // target as UriReferenceStr::resolve_against.
        name: "iri_string::types::UriRelativeStr::resolve_against",
        reach: Reach::Resolution(|base, reference| {
            let Ok(relative) = UriRelativeStr::new(reference) else {
                return Outcome::Unsupported;
            };
            match UriAbsoluteStr::new(base) {
                Ok(base) => Outcome::Resolved(
                    relative
                        .resolve_against(base)
                        .to_dedicated_string()
                        .as_str()
                        .to_owned(),
                ),
                Err(e) => Outcome::invalid_base(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriStr::normalize",
        reach: Reach::Operation("normalize"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriReferenceStr (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::UriReferenceString::try_from(String)",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            match UriReferenceString::try_from(s.to_owned()) {
                Ok(r) => parsed(&r),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        // The components of the parse, handed one by one to the builder: what it builds must
        // parse to the same components.
        name: "iri_string::build::Builder",
        reach: Reach::Conversion(Rule::UriReference, |s| match UriReferenceStr::new(s) {
            Ok(r) => {
                let mut builder = iri_string::build::Builder::new();
                if let Some(scheme) = r.scheme_str() {
                    builder.scheme(scheme);
                }
                if let Some(authority) = r.authority_components() {
                    if let Some(userinfo) = authority.userinfo() {
                        builder.userinfo(userinfo);
                    }
                    builder.host(authority.host());
                    if let Some(port) = authority.port() {
                        builder.port(port);
                    }
                }
                builder.path(r.path_str());
                if let Some(query) = r.query_str() {
                    builder.query(query);
                }
                if let Some(fragment) = r.fragment_str() {
                    builder.fragment(fragment);
                }
                match builder.build::<UriReferenceStr>() {
                    Ok(built) => match UriReferenceString::try_from(built.to_string()) {
                        Ok(again) => parsed(&again),
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
        name: "iri_string::types::UriReferenceStr::to_iri",
        reach: Reach::Conversion(Rule::Uri, |s| match UriReferenceStr::new(s) {
            Ok(r) => match r.to_iri() {
                Ok(uri) => parsed(uri.as_ref()),
                Err(_) => Outcome::invalid("a relative reference".to_owned()),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::IriReferenceStr::as_uri",
        reach: Reach::Conversion(Rule::UriReference, |s| match IriReferenceStr::new(s) {
            Ok(r) => match r.as_uri() {
                Some(uri) => parsed(uri),
                None => Outcome::invalid("not ASCII".to_owned()),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::IriReferenceStr::encode_to_uri",
        reach: Reach::Conversion(Rule::UriReference, |s| match IriReferenceStr::new(s) {
            // An ASCII IRI reference is a URI reference: the mapping must change nothing.
            Ok(r) if s.is_ascii() => {
                let mapped = r.encode_to_uri().to_dedicated_string();
                if mapped.as_str() == s {
                    parsed(&mapped)
                } else {
                    Outcome::invalid(format!("mapped to {:?}", mapped.as_str()))
                }
            }
            Ok(_) => Outcome::invalid("not ASCII".to_owned()),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::IriReferenceStr::new",
        reach: Reach::Operation("parse-iri"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::IriStr::new",
        reach: Reach::Operation("parse-iri"),
        program: None,
    },
    EntryPoint {
        name: "iri_string::types::IriReferenceStr::encode_to_uri (RFC 3987 §3.1)",
        reach: Reach::IriToUri(|s| {
            IriReferenceStr::new(s)
                .map(|r| r.encode_to_uri().to_dedicated_string().as_str().to_owned())
                .map_err(|e| e.to_string())
        }),
        program: None,
    },
];

impl Implementation for IriString {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        parse_by::<UriSpec>(input, rule)
    }

    /// `IriReferenceStr::new`, `IriStr::new`, `IriAbsoluteStr::new`, `IriRelativeStr::new`.
    fn parse_iri(&self, input: &str, rule: Rule) -> Outcome {
        parse_by::<IriSpec>(input, rule)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || UriAbsoluteStr::new(base),
            || UriReferenceStr::new(reference),
            |base, reference| {
                Outcome::Resolved(
                    reference
                        .resolve_against(base)
                        .to_dedicated_string()
                        .as_str()
                        .to_owned(),
                )
            },
        )
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        if level == Level::Scheme {
            return Outcome::Unsupported;
        }
        match UriReferenceStr::new(input) {
            Ok(r) => match r.to_iri() {
                Ok(uri) => {
                    Outcome::Normalized(uri.normalize().to_dedicated_string().as_str().to_owned())
                }
                Err(_relative) => Outcome::Unsupported,
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "iri-string",
        version: concat!("iri-string ", env!("URI_CONFORMANCE_VERSION_IRI_STRING")),
        spec: "RFC 3986",
        docs: "https://docs.rs/iri-string/0.7.14",
    },
    blind_spots: &[],
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| written(UriReferenceStr::new(input), ToString::to_string)),
    programs: Some(Programs {
        dependency: concat!(
            "iri-string = \"=",
            env!("URI_CONFORMANCE_VERSION_IRI_STRING"),
            "\""
        ),
        parse: Some(
            r#"
            use iri_string::types::UriReferenceStr;
            match UriReferenceStr::new(input) {
                Ok(r) => {
                    let a = r.authority_components();
                    println!("scheme={:?}", r.scheme_str());
                    println!("userinfo={:?} host={:?} port={:?}", a.as_ref().and_then(|a| a.userinfo()), a.as_ref().map(|a| a.host()), a.as_ref().and_then(|a| a.port()));
                    println!("path={:?} query={:?} fragment={:?}", r.path_str(), r.query_str(), r.fragment_str());
                }
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            use iri_string::format::ToDedicatedString;
            use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
            match UriAbsoluteStr::new(base) {
                Ok(base) => {
                    let reference = UriReferenceStr::new(input).unwrap();
                    println!("{}", reference.resolve_against(base).to_dedicated_string());
                }
                Err(e) => println!("base: {e}"),
            }
            "#,
        ),
        normalize: Some(
            r#"
            use iri_string::format::ToDedicatedString;
            use iri_string::types::UriStr;
            println!("{}", UriStr::new(input).unwrap().normalize().to_dedicated_string());
            "#,
        ),
        iri: Some(("UriReferenceStr", "IriReferenceStr")),
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
        IriString.parse(input, rule, ParseOptions::default())
    }

    #[test]
    fn components_of_each_rule() {
        let o = parse(
            "http://user:pass@example.com:8080/a?b#c",
            Rule::UriReference,
        );
        let (c, kind) = components(&o);
        assert_eq!(c.scheme.as_deref(), Some("http"));
        assert_eq!(c.userinfo.as_deref(), Some("user:pass"));
        assert_eq!(c.host.as_deref(), Some("example.com"));
        assert_eq!(c.port.as_deref(), Some("8080"));
        assert_eq!(c.path, "/a");
        assert_eq!(c.query.as_deref(), Some("b"));
        assert_eq!(c.fragment.as_deref(), Some("c"));
        assert_eq!(kind, Some(HostKind::RegName));
        assert_eq!(
            parse("http://user:pass@example.com:8080/a?b#c", Rule::Uri),
            o
        );

        let o = parse("http://a/b?c#d", Rule::UriReference);
        let (c, _) = components(&o);
        assert_eq!((c.userinfo.as_deref(), c.port.as_deref()), (None, None));
        assert_eq!(c.path, "/b");

        // The crate's documentation of `IriStr`: `foo://` has an empty authority and path.
        let o = parse("foo://", Rule::Uri);
        let (c, kind) = components(&o);
        assert_eq!((c.host.as_deref(), c.path.as_str()), (Some(""), ""));
        assert_eq!(kind, Some(HostKind::RegName));
        let o = parse("foo:", Rule::AbsoluteUri);
        let (c, kind) = components(&o);
        assert_eq!(
            (c.scheme.as_deref(), c.host.as_deref(), kind),
            (Some("foo"), None, None)
        );

        // `AuthorityComponents`' tests: empty userinfo and empty port are defined.
        let o = parse("//@a:", Rule::RelativeRef);
        let (c, _) = components(&o);
        assert_eq!(c.scheme, None);
        assert_eq!(
            (c.userinfo.as_deref(), c.port.as_deref()),
            (Some(""), Some(""))
        );
        let o = parse("?", Rule::RelativeRef);
        assert_eq!(components(&o).0.query.as_deref(), Some(""));

        assert!(matches!(parse("foo/bar", Rule::Uri), Outcome::Invalid(_)));
        assert!(matches!(
            parse("a:b#c", Rule::AbsoluteUri),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            parse("a:b", Rule::RelativeRef),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            parse("%GG", Rule::UriReference),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn iri_components_as_written() {
        crate::impls::testing::assert_iri_components_as_written(&IriString);
        let input = "http://例え.テスト/ä?q=ü#f";
        // The URI types refuse it.
        assert!(matches!(
            parse(input, Rule::UriReference),
            Outcome::Invalid(_)
        ));
        let o = IriString.parse_iri("http://ü@例:8080/ä?ö", Rule::AbsoluteUri);
        let (c, _) = components(&o);
        assert_eq!(
            (c.userinfo.as_deref(), c.host.as_deref(), c.port.as_deref()),
            (Some("ü"), Some("例"), Some("8080"))
        );
        assert_eq!(
            (c.query.as_deref(), c.fragment.as_deref()),
            (Some("ö"), None)
        );
        assert!(matches!(
            IriString.parse_iri(input, Rule::AbsoluteUri),
            Outcome::Invalid(_)
        ));
        let o = IriString.parse_iri("//例/ä#ö", Rule::RelativeRef);
        let (c, _) = components(&o);
        assert_eq!((c.scheme.as_deref(), c.host.as_deref()), (None, Some("例")));
        assert_eq!(c.fragment.as_deref(), Some("ö"));
        assert!(matches!(
            IriString.parse_iri(input, Rule::RelativeRef),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn iprivate_only_in_the_query() {
        crate::impls::testing::assert_iprivate_only_in_the_query(&IriString);
    }

    #[test]
    fn host_kinds() {
        // The hosts of the crate's `is_host_reg_name` tests.
        for (host, kind) in [
            ("example.com", HostKind::RegName),
            ("", HostKind::RegName),
            ("255.255.255.256", HostKind::RegName),
            ("127.0.0.01", HostKind::RegName),
            ("127.0.0.1", HostKind::Ipv4),
            ("[::1]", HostKind::Ipv6),
            ("[v999.zzz:zzz:zzz:zzz]", HostKind::IpvFuture),
        ] {
            let o = parse(&format!("//{host}/"), Rule::UriReference);
            let (c, k) = components(&o);
            assert_eq!((c.host.as_deref(), k), (Some(host), Some(kind)));
        }
    }

    #[test]
    fn resolution() {
        // `FixedBaseResolver::resolve`'s and the `resolve` module's documentation.
        for (base, reference, target) in [
            (
                "http://example.com/base/",
                "../there",
                "http://example.com/there",
            ),
            (
                "HTTP://example.COM/base/base2/",
                "%2e%2e/../dot%2edot",
                "HTTP://example.COM/dot%2edot",
            ),
            ("scheme:", ".///not-a-host", "scheme:/.//not-a-host"),
            ("scheme:", "/..//not-a-host", "scheme:/.//not-a-host"),
        ] {
            assert_eq!(
                IriString.resolve(base, reference, true),
                Outcome::Resolved(target.to_owned())
            );
        }
        // UriAbsoluteStr, the base's type, has no fragment.
        crate::impls::testing::assert_resolves_strictly_only(&IriString, "http://a/#f");
    }

    #[test]
    fn normalization() {
        // `RiStr::normalize`'s documentation.
        for (input, normalized) in [
            (
                "HTTP://example.COM/foo/./bar/%2e%2e/../baz?query#fragment",
                "http://example.com/baz?query#fragment",
            ),
            ("scheme:relative/..//not-a-host", "scheme:/.//not-a-host"),
            ("scheme:relative/../f%6f%6f", "scheme:/foo"),
            // `normalize_host_port`: only a US-ASCII-only host is lowercased.
            ("HTTP://%C3%89.EXAMPLE/", "http://%C3%89.EXAMPLE/"),
            ("HTTP://%41.EXAMPLE/", "http://a.example/"),
        ] {
            assert_eq!(
                IriString.normalize(input, Level::Syntax),
                Outcome::Normalized(normalized.to_owned())
            );
        }
        assert_eq!(
            IriString.normalize("/a/../b", Level::Syntax),
            Outcome::Unsupported
        );
        assert_eq!(
            IriString.normalize("http://a/", Level::Scheme),
            Outcome::Unsupported
        );
        assert!(matches!(
            IriString.normalize("%", Level::Syntax),
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
        let program = IriString
            .reproduction(&case("IRI-reference"))
            .expect("a program");
        assert!(program.contains("IriReferenceStr::new(input)"), "{program}");
        assert!(
            !program.contains("UriReferenceStr::new(input)"),
            "{program}"
        );
        let program = IriString
            .reproduction(&case("URI-reference"))
            .expect("a program");
        assert!(program.contains("UriReferenceStr::new(input)"), "{program}");
    }
}
