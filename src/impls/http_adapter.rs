//! The `http` crate, version 1.5.0 (<https://docs.rs/http/1.5.0>): `http::Uri` parses an HTTP
//! request-target (RFC 9112 §3.2: origin-form, absolute-form, authority-form, asterisk-form),
//! not a general URI reference, and it neither resolves nor normalizes.
//!
//! # Which inputs are asked
//!
//! A request-target parser rejects most relative references by design, and reads some of them
//! by another grammar (`a` and `localhost:80` are authority-form to it, `//a/b` an origin-form
//! path). The adapter therefore decides from the input's shape alone, before calling the crate,
//! whether the input is of a form `http::Uri` is meant to parse, and answers `Unsupported` for
//! every other shape. Let `d` be the first `:`, `/`, `?` or `#` of the input (where RFC 3986's
//! scheme delimiter would be, §3.1, §4.2):
//!
//! | shape | form | rules asked |
//! |---|---|---|
//! | `d` is `:` and is followed by `//` | absolute-form (`scheme://authority...`) | `URI-reference`, `URI` |
//! | starts with one `/` (not `//`) | origin-form (an absolute-path reference) | `URI-reference`, `relative-ref` |
//! | exactly `*` | asterisk-form (a relative-path reference whose path is `*`) | `URI-reference`, `relative-ref` |
//! | `d` is `:` not followed by `//` (`mailto:x`, `urn:a:b`, `http:/a`, `localhost:80`) | a URI without an authority: `http::Uri` takes a scheme only as `scheme://` (`Scheme2::parse`) and requires an authority with it (`Uri::from_parts`: `AuthorityMissing`) | none |
//! | starts with `//` | a network-path reference: `http::Uri` reads it as an origin-form path (`//a/b` has path `//a/b`, no authority) | none |
//! | anything else (empty, `?q`, `#f`, `a/b`, `a`, `*?q`) | a relative-path or same-document reference: not a request-target (`a` would be read as authority-form) | none |
//!
//! `absolute-URI` is never asked: the crate has no entry point for it (`Uri::from_str` takes
//! every form and accepts a fragment, which it drops, so whether the input had one cannot be
//! seen). A shape outside a rule's column is `Unsupported` for that rule.
//!
//! # Mapping
//!
//! The input is parsed with `Uri::from_str` (`str::parse::<Uri>`, the same as `Uri::try_from`);
//! an `http::uri::InvalidUri` is `Invalid`, with its `Display` and `Debug` text. Then:
//! - `scheme`: `Uri::scheme_str`. The crate recognizes `http://` and `https://`
//!   case-insensitively and reports them as `http`/`https` (`Scheme2::parse`, `Scheme::as_str`);
//!   any other scheme keeps its case;
//! - `host`: `Authority::host` of `Uri::authority` (the text after the last `@`, up to the port;
//!   an IP literal keeps its brackets); `host_kind` from that text (`[v`/`[V` ipvfuture, `[`
//!   ipv6, an `IPv4address` ipv4, else reg-name), `None` without an authority;
//! - `port`: `Port::as_str` of `Authority::port` (the text after the last `:` of the authority,
//!   when it parses as a `u16`);
//! - `path`: `Uri::path`. For an absolute-form input with an empty path it returns `/`
//!   (`parse_full`: "When absolute, path is coered to / if empty"; `PathAndQuery::path`
//!   returns `/` for empty data), so `http://a` and `http://a?q` report path `/`;
//! - `query`: `Uri::query`;
//! - `userinfo` and `fragment`: not reported (see the blind spots).
//!
//! # Blind spots
//!
//! - `userinfo`: `http::uri::Authority` has no accessor for it. `Authority::as_str` includes it
//!   and `Authority::host` drops it; the authority is accepted with any number of `@`
//!   (`validate_authority_bytes`).
//! - `fragment`: `http::Uri` has none. `PathAndQuery::from_shared` truncates the input at the
//!   first `#` (`scan_path_and_query`), and the text after it is not checked at all.
//! - `port`: `Authority::port` returns `None` when the text after the last `:` is empty, so an
//!   empty port reads as undefined. (It also returns `None` for text that is not a `u16`, which
//!   the comparison does see.)
//!
//! # Entry points
//!
//! Every public way from a string to a `Uri`, and how the harness reaches it ([`ENTRY_POINTS`];
//! a conversion or sub-parser must agree with `parse`, see [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `Uri::from_str` | parse |
//! | `Display` of `Uri` | serialize |
//! | `Uri::try_from(String)`, `Uri::from_maybe_shared(Vec<u8>)` | conversion, URI-reference |
//! | `Uri::from_parts(into_parts())`, `uri::Builder` (from the parse's parts) | conversion, URI-reference |
//! | `uri::Authority::from_str`, `uri::PathAndQuery::from_str` | sub-parsers, judged by RFC 3986's `authority` and RFC 9112's `origin-form` on the input and on its authority and path with query |
//! | `Uri::scheme`, `Uri::host`, `Uri::port`, `Uri::port_u16`, `Uri::path_and_query`, `Authority::port_u16`, `PathAndQuery::path`, `PathAndQuery::query` | accessors: each must read what `parse` reports |

use std::str::FromStr;

use http::Uri;
use http::uri::{Authority, PathAndQuery};

use super::reproduction::Programs;
use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Part, Profile, Promises, Reach,
    Reading, View, authority_parsed, host_kind,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{ParseOptions, Rule};

/// The `http` crate's `Uri`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Http;

const BLIND_SPOTS: &[BlindSpot] = &[
    BlindSpot {
        field: Field::Userinfo,
        blindness: Blindness::Hidden,
        reason: "http::uri::Authority has no userinfo accessor: Authority::as_str includes \
                 `userinfo@`, Authority::host drops it",
    },
    BlindSpot {
        field: Field::Fragment,
        blindness: Blindness::Hidden,
        reason: "http::Uri has no fragment: PathAndQuery::from_shared truncates the input at the \
                 first `#` and does not check what follows",
    },
    BlindSpot {
        field: Field::Port,
        blindness: Blindness::EmptyIsUndefined,
        reason: "http::uri::Authority::port returns None when the text after the last `:` is \
                 empty (it does not parse as a u16), so `http://a:/` and `http://a/` read the same",
    },
];

/// The request-target form an input's shape is, if any (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `scheme://...`
    AbsoluteForm,
    /// `/...`, not `//...`
    OriginForm,
    /// `*`
    AsteriskForm,
    /// Any other URI reference.
    NotARequestTarget,
}

fn shape(input: &str) -> Shape {
    let bytes = input.as_bytes();
    match bytes.iter().position(|b| b":/?#".contains(b)) {
        Some(d) if bytes[d] == b':' && input[d + 1..].starts_with("//") => Shape::AbsoluteForm,
        Some(0) if bytes[0] == b'/' && !input.starts_with("//") => Shape::OriginForm,
        None if input == "*" => Shape::AsteriskForm,
        _ => Shape::NotARequestTarget,
    }
}

fn parsed(uri: &Uri) -> Outcome {
    let authority = uri.authority();
    let host = authority.map(|a| a.host());
    Outcome::Parsed {
        components: Components {
            scheme: uri.scheme_str().map(str::to_owned),
            userinfo: None,
            host: host.map(str::to_owned),
            port: authority
                .and_then(|a| a.port())
                .map(|p| p.as_str().to_owned()),
            path: uri.path().to_owned(),
            query: uri.query().map(str::to_owned),
            fragment: None,
        },
        host_kind: host.map(host_kind),
    }
}

/// A parsed authority's host and port, as [`parsed`] reports them (no userinfo: hidden).
fn authority_outcome(authority: &Authority) -> Outcome {
    authority_parsed(
        None,
        authority.host().to_owned(),
        authority.port().map(|p| p.as_str().to_owned()),
        host_kind(authority.host()),
    )
}

/// Whether `parse` asks the crate for `input` by `rule` (see the module documentation).
fn asked(input: &str, rule: Rule) -> bool {
    match (shape(input), rule) {
        (Shape::NotARequestTarget, _) | (_, Rule::AbsoluteUri) => false,
        (Shape::AbsoluteForm, r) => matches!(r, Rule::UriReference | Rule::Uri),
        (Shape::OriginForm | Shape::AsteriskForm, r) => {
            matches!(r, Rule::UriReference | Rule::RelativeRef)
        }
    }
}

/// Every component accessor of `Uri`, its `Authority` and its `PathAndQuery` beside those
/// [`parsed`] reads, on the `Uri` that `parse` gets for `input`.
fn readings(input: &str, rule: Rule) -> Option<Vec<Reading>> {
    if !asked(input, rule) {
        return None;
    }
    let uri = Uri::from_str(input).ok()?;
    let read = |accessor, view, value: Option<&str>| Reading {
        accessor,
        view,
        value: value.map(str::to_owned),
    };
    let mut all = vec![
        read(
            "http::Uri::scheme",
            View::Field(Field::Scheme),
            uri.scheme().map(|s| s.as_str()),
        ),
        read("http::Uri::host", View::Field(Field::Host), uri.host()),
        read(
            "http::Uri::port",
            View::Field(Field::Port),
            uri.port().as_ref().map(|p| p.as_str()),
        ),
        Reading {
            accessor: "http::Uri::port_u16",
            view: View::PortNumber,
            value: uri.port_u16().map(|p| p.to_string()),
        },
        read(
            "http::Uri::path_and_query",
            View::Joined(&[Field::Path, Field::Query]),
            uri.path_and_query().map(PathAndQuery::as_str),
        ),
    ];
    if let Some(authority) = uri.authority() {
        all.push(Reading {
            accessor: "http::uri::Authority::port_u16",
            view: View::PortNumber,
            value: authority.port_u16().map(|p| p.to_string()),
        });
    }
    if let Some(path_and_query) = uri.path_and_query() {
        all.push(read(
            "http::uri::PathAndQuery::path",
            View::Field(Field::Path),
            Some(path_and_query.path()),
        ));
        all.push(read(
            "http::uri::PathAndQuery::query",
            View::Field(Field::Query),
            path_and_query.query(),
        ));
    }
    Some(all)
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "http::Uri accessors",
        reach: Reach::Accessors(readings),
        program: None,
    },
    EntryPoint {
        name: "http::Uri::from_str",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "http::Uri (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "http::Uri::try_from(String)",
        reach: Reach::Conversion(Rule::UriReference, |s| match Uri::try_from(s.to_owned()) {
            Ok(uri) => parsed(&uri),
            Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
        }),
        program: None,
    },
    EntryPoint {
        name: "http::Uri::from_maybe_shared(Vec<u8>)",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            match Uri::from_maybe_shared(s.to_owned().into_bytes()) {
                Ok(uri) => parsed(&uri),
                Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "http::Uri::from_parts(into_parts())",
        reach: Reach::Conversion(Rule::UriReference, |s| match Uri::from_str(s) {
            Ok(uri) => match Uri::from_parts(uri.into_parts()) {
                Ok(rebuilt) => parsed(&rebuilt),
                Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
            },
            Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
        }),
        program: Some(
            r#"let uri: http::Uri = input.parse().unwrap();
println!("{:?}", http::Uri::from_parts(uri.into_parts()).map(|u| u.to_string()));"#,
        ),
    },
    EntryPoint {
        name: "http::uri::Builder::build",
        reach: Reach::Conversion(Rule::UriReference, |s| match Uri::from_str(s) {
            Ok(uri) => {
                let mut builder = Uri::builder();
                if let Some(scheme) = uri.scheme() {
                    builder = builder.scheme(scheme.clone());
                }
                if let Some(authority) = uri.authority() {
                    builder = builder.authority(authority.clone());
                }
                if let Some(path_and_query) = uri.path_and_query() {
                    builder = builder.path_and_query(path_and_query.clone());
                }
                match builder.build() {
                    Ok(built) => parsed(&built),
                    Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
                }
            }
            Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
        }),
        program: None,
    },
    EntryPoint {
        name: "http::uri::Authority::from_str",
        reach: Reach::Part(Part::Authority, |s| match Authority::from_str(s) {
            Ok(authority) => authority_outcome(&authority),
            Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
        }),
        program: None,
    },
    EntryPoint {
        name: "http::uri::PathAndQuery::from_str",
        reach: Reach::Part(Part::PathAndQuery, |s| match PathAndQuery::from_str(s) {
            Ok(pq) => Outcome::Parsed {
                components: Components {
                    scheme: None,
                    userinfo: None,
                    host: None,
                    port: None,
                    path: pq.path().to_owned(),
                    query: pq.query().map(str::to_owned),
                    fragment: None,
                },
                host_kind: None,
            },
            Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
        }),
        program: None,
    },
];

impl Implementation for Http {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        if !asked(input, rule) {
            return Outcome::Unsupported;
        }
        match Uri::from_str(input) {
            Ok(uri) => parsed(&uri),
            Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
        }
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "http",
        version: concat!("http ", env!("URI_CONFORMANCE_VERSION_HTTP")),
        spec: "RFC 9112 request-target",
        docs: "https://docs.rs/http/1.5.0/http/uri/struct.Uri.html",
    },
    blind_spots: BLIND_SPOTS,
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| {
        if shape(input) == Shape::NotARequestTarget {
            return None;
        }
        Some(
            Uri::from_str(input)
                .map(|uri| uri.to_string())
                .map_err(|e| format!("{e} ({e:?})")),
        )
    }),
    programs: Some(Programs {
        dependency: concat!("http = \"=", env!("URI_CONFORMANCE_VERSION_HTTP"), "\""),
        parse: Some(
            r#"
            match input.parse::<http::Uri>() {
                Ok(uri) => println!("scheme={:?} authority={:?} host={:?} port={:?} path={:?} query={:?}", uri.scheme_str(), uri.authority().map(|a| a.as_str()), uri.host(), uri.port().map(|p| p.as_str().to_owned()), uri.path(), uri.query()),
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        ..Programs::NONE
    }),
    promises: Promises::NONE,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::HostKind;

    fn parse(input: &str, rule: Rule) -> Outcome {
        Http.parse(input, rule, ParseOptions::default())
    }

    fn components(
        [scheme, host, port]: [Option<&str>; 3],
        path: &str,
        query: Option<&str>,
        host_kind: Option<HostKind>,
    ) -> Outcome {
        let owned = |v: Option<&str>| v.map(str::to_owned);
        Outcome::Parsed {
            components: Components {
                scheme: owned(scheme),
                userinfo: None,
                host: owned(host),
                port: owned(port),
                path: path.to_owned(),
                query: owned(query),
                fragment: None,
            },
            host_kind,
        }
    }

    #[test]
    fn maps_the_request_target_forms() {
        assert_eq!(
            parse("http://a/b?c#d", Rule::UriReference),
            components(
                [Some("http"), Some("a"), None],
                "/b",
                Some("c"),
                Some(HostKind::RegName)
            )
        );
        assert_eq!(
            parse("https://www.rust-lang.org/install.html", Rule::Uri),
            components(
                [Some("https"), Some("www.rust-lang.org"), None],
                "/install.html",
                None,
                Some(HostKind::RegName)
            )
        );
        assert_eq!(
            parse("http://a:b@127.0.0.1:1234/", Rule::Uri),
            components(
                [Some("http"), Some("127.0.0.1"), Some("1234")],
                "/",
                None,
                Some(HostKind::Ipv4)
            )
        );
        assert_eq!(
            parse("http://[::1]/", Rule::UriReference),
            components(
                [Some("http"), Some("[::1]"), None],
                "/",
                None,
                Some(HostKind::Ipv6)
            )
        );
        assert_eq!(
            parse("/foo/bar?baz", Rule::RelativeRef),
            components([None, None, None], "/foo/bar", Some("baz"), None)
        );
        assert_eq!(
            parse("*", Rule::UriReference),
            components([None, None, None], "*", None, None)
        );
    }

    #[test]
    fn an_empty_absolute_path_is_slash() {
        assert_eq!(
            parse("https://127.0.0.1:61761", Rule::Uri),
            components(
                [Some("https"), Some("127.0.0.1"), Some("61761")],
                "/",
                None,
                Some(HostKind::Ipv4)
            )
        );
    }

    #[test]
    fn other_shapes_are_not_asked() {
        for input in [
            "",
            "a/b",
            "a",
            "mailto:x",
            "localhost:80",
            "//a/b",
            "?q",
            "#f",
            "*?q",
        ] {
            assert_eq!(
                parse(input, Rule::UriReference),
                Outcome::Unsupported,
                "{input}"
            );
        }
        assert_eq!(parse("/a", Rule::Uri), Outcome::Unsupported);
        assert_eq!(parse("http://a/", Rule::RelativeRef), Outcome::Unsupported);
        assert_eq!(parse("http://a/", Rule::AbsoluteUri), Outcome::Unsupported);
    }

    #[test]
    fn errors_are_invalid() {
        assert!(matches!(
            parse("http://[::1/", Rule::UriReference),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            parse("/?<", Rule::UriReference),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn neither_resolves_nor_normalizes() {
        assert_eq!(Http.resolve("http://a/b", "c", true), Outcome::Unsupported);
        crate::impls::testing::assert_no_normalization(&Http);
    }
}
