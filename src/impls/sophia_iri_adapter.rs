//! [sophia_iri](https://docs.rs/sophia_iri/0.10.0) 0.10.0, the IRI crate of the Sophia RDF
//! toolkit, behind the [`Implementation`] trait. Its [`Iri`] and [`IriRef`] follow RFC 3987
//! ("This wrapper guarantees that the underlying `str` satisfies the `IRI` rule in RFC-3987");
//! its `uri` feature (on here) adds [`uri::Uri`] and [`uri::UriRef`], "similar traits and types
//! for dealing with URIs (RFC 3986), which are basically the subset of IRIs using only ASCII
//! characters" (crate documentation).
//!
//! # What is mapped, and how
//!
//! The crate has two parsers. The wrappers ([`Iri::new`], [`IriRef::new`], [`uri::Uri::new`],
//! [`uri::UriRef::new`]) only validate, by regular expressions the crate publishes
//! (`IRI_REGEX_SRC`, `IRELATIVE_REF_REGEX_SRC`), and keep the string; they have no accessors.
//! Components come from [`BaseIriRef`] ("they analyse the internal structure of the IRI"),
//! which is oxiri 0.2's `IriRef` (`BaseIriRef` derefs to `sophia_iri::resolve::OxiriRef`).
//!
//! - **Parsing** (`parse`). `URI-reference` is [`uri::UriRef::new`] (an ASCII string that
//!   `is_valid_iri_ref` accepts), `URI` is [`uri::Uri::new`] (ASCII and `is_absolute_iri_ref`);
//!   `absolute-URI` and `relative-ref` have no URI type, so they are `Unsupported`. An accepted
//!   string's components are `BaseIriRef::new`'s `scheme`, `authority`, `path`, `query` and
//!   `fragment` (slices of the input, `None` for an undefined component, no case change); where
//!   `BaseIriRef::new` refuses a string the wrapper accepted the answer is `Invalid` with both
//!   verdicts (the crate then has no components to give).
//! - **IRI parsing** (`parse-iri`, judged by RFC 3987). `IRI-reference` is [`IriRef::new`],
//!   `IRI` is [`Iri::new`], `irelative-ref` is [`is_relative_iri_ref`] ("Check whether `txt` is
//!   a relative IRI reference"); `absolute-IRI` has no entry point (`Unsupported`). Components
//!   as above, the input's own text.
//! - **The authority** comes back whole from oxiri; the adapter splits it by RFC 3986's
//!   grammar (the first `@` ends the userinfo, an IP literal runs to its `]`, the port follows
//!   the last `:`), and reads the host kind from the host text (`[v` IPvFuture, `[` IPv6, four
//!   dotted decimal octets IPv4, anything else a reg-name).
//! - **Resolution.** [`uri::Uri::resolve`] with the base parsed by `uri::Uri::new` and the
//!   reference by `uri::UriRef::new`: it turns the base into a [`BaseIri`] and resolves with
//!   oxiri's algorithm (RFC 3986 §5.2.2, strict). Both steps `unwrap` (`Iri::as_base`,
//!   `Iri::to_base`: `BaseIri::new(...).unwrap()`; the `Resolvable` implementation for a typed
//!   reference: `res.unwrap()`), so a base that the regular expression accepts and oxiri
//!   refuses, or a target oxiri will not build (a path starting with `//` without an authority:
//!   oxiri's `PathStartingWithTwoSlashes`), panics; the harness catches the panic and reports
//!   it. Non-strict resolution is `Unsupported`.
//! - **Normalization** is `Unsupported`: the crate has none.
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion must agree with `parse`, see [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `uri::UriRef::new`, `uri::Uri::new` | parse |
//! | `IriRef::new`, `Iri::new`, `is_relative_iri_ref` | parse-iri |
//! | `uri::Uri::resolve` | resolve |
//! | `BaseIri::resolve(&str)` (a `Result`, no `unwrap`; `BaseIri` is oxiri's IRI) | another resolution, of IRIs: the same target on ASCII input, RFC 3987 §6.5's elsewhere |
//! | `Iri::resolve` (the IRI type, on the same strings) | another resolution, of IRIs: the same target on ASCII input, RFC 3987 §6.5's elsewhere |
//! | `Display` of `uri::UriRef` | serialize (the wrappers keep the string) |
//! | `BaseIriRef::new` (oxiri 0.2's parser) | conversion, URI-reference: must accept what `uri::UriRef::new` accepts |
//! | `BaseIri::new` | conversion, URI: must accept what `uri::Uri::new` accepts |
//! | `is_valid_iri_ref`, `is_absolute_iri_ref` (ASCII) | conversion, URI-reference and URI: the wrappers' own checks |

use sophia_iri::resolve::{BaseIri, BaseIriRef};
use sophia_iri::{Iri, IriRef, is_absolute_iri_ref, is_relative_iri_ref, is_valid_iri_ref, uri};

use super::reproduction::Programs;
use super::{
    About, EntryPoint, Implementation, Profile, Promises, Reach, host_kind, resolved_strictly,
    written,
};
use crate::model::{Components, Outcome};
use crate::reference::{ParseOptions, Rule};

/// The `sophia_iri` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SophiaIri;

/// The components of `input` from `BaseIriRef::new`, once a wrapper (named `accepted_by`) has
/// accepted it.
fn components(input: &str, accepted_by: &str) -> Outcome {
    let r = match BaseIriRef::new(input) {
        Ok(r) => r,
        Err(e) => {
            return Outcome::invalid(format!(
                "{accepted_by} accepts it, but BaseIriRef::new, which gives the components, refuses: {e}"
            ));
        }
    };
    let parts = r.authority().map(split_authority);
    Outcome::Parsed {
        components: Components {
            scheme: r.scheme().map(str::to_owned),
            userinfo: parts.and_then(|p| p.0).map(str::to_owned),
            host: parts.map(|p| p.1.to_owned()),
            port: parts.and_then(|p| p.2).map(str::to_owned),
            path: r.path().to_owned(),
            query: r.query().map(str::to_owned),
            fragment: r.fragment().map(str::to_owned),
        },
        host_kind: parts.map(|p| host_kind(p.1)),
    }
}

/// An authority the crate has accepted, split into userinfo, host and port (RFC 3986 §3.2):
/// `userinfo` holds no `@`, an `IP-literal` no `]` before its last character, and neither
/// `reg-name`, `IPv4address` nor `port` a `:`.
fn split_authority(authority: &str) -> (Option<&str>, &str, Option<&str>) {
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
    (userinfo, host, after.strip_prefix(':'))
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "sophia_iri::uri::UriRef::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::uri::Uri::new",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::IriRef::new",
        reach: Reach::Operation("parse-iri"),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::Iri::new",
        reach: Reach::Operation("parse-iri"),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::uri::Uri::resolve",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::uri::UriRef (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::resolve::BaseIri::resolve(&str)",
        reach: Reach::IriResolution(|base, reference| {
            let base = match BaseIri::new(base) {
                Ok(base) => base,
                Err(e) => return Outcome::invalid_base(e.to_string()),
            };
            match base.resolve(reference) {
                Ok(target) => Outcome::Resolved(target.to_string()),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }),
        program: Some(
            r#"let base = sophia_iri::resolve::BaseIri::new(base).unwrap();
println!("{:?}", base.resolve(input).map(|t| t.to_string()));"#,
        ),
    },
    EntryPoint {
        name: "sophia_iri::Iri::resolve",
        reach: Reach::IriResolution(|base, reference| {
            let base = match Iri::new(base) {
                Ok(base) => base,
                Err(e) => return Outcome::invalid_base(e.to_string()),
            };
            match IriRef::new(reference) {
                Ok(reference) => Outcome::Resolved(base.resolve(reference).to_string()),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::resolve::BaseIriRef::new",
        reach: Reach::Conversion(Rule::UriReference, |s| match BaseIriRef::new(s) {
            Ok(_) if s.is_ascii() => components(s, "BaseIriRef::new"),
            Ok(_) => Outcome::invalid("not ASCII".to_owned()),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(r#"println!("{:?}", sophia_iri::resolve::BaseIriRef::new(input));"#),
    },
    EntryPoint {
        name: "sophia_iri::resolve::BaseIri::new",
        reach: Reach::Conversion(Rule::Uri, |s| match BaseIri::new(s) {
            Ok(_) if s.is_ascii() => components(s, "BaseIri::new"),
            Ok(_) => Outcome::invalid("not ASCII".to_owned()),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(r#"println!("{:?}", sophia_iri::resolve::BaseIri::new(input));"#),
    },
    EntryPoint {
        name: "sophia_iri::is_valid_iri_ref",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            if s.is_ascii() && is_valid_iri_ref(s) {
                components(s, "is_valid_iri_ref")
            } else {
                Outcome::invalid("is_valid_iri_ref is false, or not ASCII".to_owned())
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "sophia_iri::is_absolute_iri_ref",
        reach: Reach::Conversion(Rule::Uri, |s| {
            if s.is_ascii() && is_absolute_iri_ref(s) {
                components(s, "is_absolute_iri_ref")
            } else {
                Outcome::invalid("is_absolute_iri_ref is false, or not ASCII".to_owned())
            }
        }),
        program: None,
    },
];

impl Implementation for SophiaIri {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    /// `uri::UriRef::new`, `uri::Uri::new`.
    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => match uri::UriRef::new(input) {
                Ok(_) => components(input, "uri::UriRef::new"),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::Uri => match uri::Uri::new(input) {
                Ok(_) => components(input, "uri::Uri::new"),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::AbsoluteUri | Rule::RelativeRef => Outcome::Unsupported,
        }
    }

    /// `IriRef::new`, `Iri::new`, `is_relative_iri_ref`.
    fn parse_iri(&self, input: &str, rule: Rule) -> Outcome {
        match rule {
            Rule::UriReference => match IriRef::new(input) {
                Ok(_) => components(input, "IriRef::new"),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::Uri => match Iri::new(input) {
                Ok(_) => components(input, "Iri::new"),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::RelativeRef if is_relative_iri_ref(input) => {
                components(input, "is_relative_iri_ref")
            }
            Rule::RelativeRef => Outcome::invalid("is_relative_iri_ref is false".to_owned()),
            Rule::AbsoluteUri => Outcome::Unsupported,
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || uri::Uri::new(base),
            || uri::UriRef::new(reference),
            |base, reference| Outcome::Resolved(base.resolve(reference).to_string()),
        )
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "sophia_iri",
        version: concat!("sophia_iri ", env!("URI_CONFORMANCE_VERSION_SOPHIA_IRI")),
        spec: "RFC 3986",
        docs: "https://docs.rs/sophia_iri/0.10.0",
    },
    blind_spots: &[],
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| written(uri::UriRef::new(input), |r| r.to_string())),
    programs: Some(Programs {
        dependency: concat!(
            "sophia_iri = { version = \"=",
            env!("URI_CONFORMANCE_VERSION_SOPHIA_IRI"),
            "\", features = [\"uri\"] }"
        ),
        parse: Some(
            r#"
            println!("{:?}", sophia_iri::uri::UriRef::new(input).map(|r| r.to_string()));
            match sophia_iri::resolve::BaseIriRef::new(input) {
                Ok(r) => println!("scheme={:?} authority={:?} path={:?} query={:?} fragment={:?}", r.scheme(), r.authority(), r.path(), r.query(), r.fragment()),
                Err(e) => println!("BaseIriRef::new: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            let base = sophia_iri::uri::Uri::new(base).unwrap();
            let reference = sophia_iri::uri::UriRef::new(input).unwrap();
            println!("{}", base.resolve(reference));
            "#,
        ),
        iri: Some(("uri::UriRef::new", "IriRef::new")),
        ..Programs::NONE
    }),
    promises: Promises::NONE.keeping_text().resolving_strictly(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Request;
    use crate::reference::HostKind;

    fn parse(input: &str, rule: Rule) -> Outcome {
        SophiaIri.parse(input, rule, ParseOptions::default())
    }

    #[test]
    fn components_from_base_iri_ref() {
        let o = parse("http://u@[::1]:8080/a?b#c", Rule::UriReference);
        let (c, host_kind) = crate::impls::testing::components(&o);
        assert_eq!(c.scheme.as_deref(), Some("http"));
        assert_eq!(c.userinfo.as_deref(), Some("u"));
        assert_eq!(c.host.as_deref(), Some("[::1]"));
        assert_eq!(c.port.as_deref(), Some("8080"));
        assert_eq!(
            (c.path.as_str(), c.query.as_deref(), c.fragment.as_deref()),
            ("/a", Some("b"), Some("c"))
        );
        assert_eq!(host_kind, Some(HostKind::Ipv6));
        assert!(parse("a:b", Rule::Uri).is_valid());
        assert!(!parse("/b", Rule::Uri).is_valid());
        assert_eq!(parse("a:b", Rule::AbsoluteUri), Outcome::Unsupported);
        // The URI types refuse what is not ASCII; the IRI types take it.
        assert!(!parse("http://\u{e9}/", Rule::UriReference).is_valid());
        assert!(
            SophiaIri
                .parse_iri("http://\u{e9}/", Rule::UriReference)
                .is_valid()
        );
        assert!(SophiaIri.parse_iri("/\u{e9}", Rule::RelativeRef).is_valid());
        assert!(
            !SophiaIri
                .parse_iri("a:\u{e9}", Rule::RelativeRef)
                .is_valid()
        );
    }

    /// The IRI entry points resolve IRIs: `""` against the IRI `a:א` is `a:א` by RFC 3987
    /// §6.5 (T.path = Base.path), which the URI resolution refuses (`א` is no URI character):
    /// no disagreement.
    #[test]
    fn iri_entry_points_are_judged_by_rfc_3987() {
        let case = Request::Resolve {
            base: "a:\u{5d0}".into(),
            input: "".into(),
            strict: true,
        };
        let answer = SophiaIri.answer(&case);
        assert!(matches!(answer, Outcome::Invalid(_)), "{answer:?}");
        let disagreements: Vec<String> = crate::diff::properties::check(&SophiaIri, &case, &answer)
            .into_iter()
            .map(|f| f.detail)
            .collect();
        assert_eq!(disagreements, Vec::<String>::new());
    }

    #[test]
    fn resolves_with_oxiri() {
        assert_eq!(
            SophiaIri.resolve("http://a/b/c/d;p?q", "../g", true),
            Outcome::Resolved("http://a/b/g".to_owned())
        );
        crate::impls::testing::assert_resolves_strictly_only(&SophiaIri, "/a");
    }
}
