//! The `uriparse` crate, version 0.6.4 (<https://docs.rs/uriparse/0.6.4>), which implements
//! RFC 3986 with a type per rule: [`URIReference`], [`URI`] and [`RelativeReference`].
//!
//! # Parsing
//!
//! | rule | entry point |
//! |---|---|
//! | `URI-reference` | `URIReference::try_from(&str)` |
//! | `URI` | `URI::try_from(&str)` |
//! | `absolute-URI` | `URI::try_from(&str)`, then `URI::can_be_a_base` ("A URI can be a base if it is absolute (i.e. it has no fragment component)"); `false` is answered as invalid |
//! | `relative-ref` | `RelativeReference::try_from(&str)` |
//!
//! Every error the crate returns is `Invalid`, with its `Display` and `Debug` text.
//!
//! The components are read from the parsed reference (`URI::as_uri_reference`,
//! `RelativeReference::as_uri_reference`):
//! - `scheme`: `URIReference::scheme`, `Scheme::as_str`;
//! - `userinfo`: `Authority::username` and `Authority::password`, joined as
//!   `username [":" password]`. The crate splits the userinfo at its first `:` and keeps both
//!   sides as written (`parse_user_info` in `authority.rs`), and the username is `Some` exactly
//!   when the authority has an `@`, so this gives back the userinfo text with nothing lost:
//!   `http://@a` has username `""` and no password (userinfo `""`), `http://:@a` an empty
//!   username and an empty password (userinfo `":"`);
//! - `host`: the text `Host`'s `Display` writes (`Host::to_string`), and `host_kind` from the
//!   variant: `Host::RegisteredName` (text as written), `Host::IPv4Address` and
//!   `Host::IPv6Address` (a `std::net::Ipv4Addr` / `Ipv6Addr`, so the crate keeps the address,
//!   not its text; `Display` writes the IPv6 address in the RFC 5952 form, in brackets). There is
//!   no IPvFuture variant: the crate rejects IPvFuture literals;
//! - `port`: `Authority::port`, a `u16`, written in decimal;
//! - `path`: `Path`'s `Display` (`Path::to_string`); the crate marks the path of a reference
//!   with an authority as absolute (`path.set_absolute(true)` in `URIReference::try_from`), so an
//!   empty path after an authority is reported as `/`, as its README says ("the path for the URI
//!   `"http://example.com"` is `"/"`");
//! - `query`, `fragment`: `Query::as_str`, `Fragment::as_str`, as written.
//!
//! What the crate does to the text while parsing, reported as it is: a scheme the crate knows
//! (its list of registered schemes in `scheme.rs`) is matched case-insensitively and reported
//! by its registered, lowercase name (`HTTP` reads `http`); any other scheme, host, userinfo,
//! path, query and fragment keep their case and their percent-encoding.
//!
//! # Resolution
//!
//! `URI::resolve(&URIReference) -> URI`, serialized with `URI`'s `Display`. The base is parsed
//! with `URI::try_from`, the reference with `URIReference::try_from`. The crate resolves
//! strictly (a reference with a scheme is taken as it is), so non-strict resolution is
//! `Unsupported`.
//!
//! # Normalization
//!
//! `URIReference::normalize` (case, percent-encoding and dot-segment normalization of every
//! component, the crate's README says), serialized with `URIReference`'s `Display`, is
//! [`Level::Syntax`]. The crate does no scheme-based normalization (§6.2.3), so [`Level::Scheme`]
//! is `Unsupported`.
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion or sub-parser must agree with `parse`, see
//! [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `URIReference::try_from(&str)`, `URI::try_from(&str)`, `RelativeReference::try_from(&str)` | parse |
//! | `URI::resolve` | resolve |
//! | `URIReference::normalize` | normalize |
//! | `Display` of `URIReference` | serialize (rebuilt from the components; registered schemes in lowercase, so the text is not kept) |
//! | `URI::try_from(URIReference)` | conversion, URI |
//! | `URIReference::from_parts(into_parts())` | conversion, URI-reference |
//! | `Authority::try_from(&str)`, `Host::try_from(&str)` | sub-parsers, on the input's authority and host |

use uriparse::{Host, RelativeReference, URI, URIReference};

use super::reproduction::Programs;
use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Part, Profile, Promises, Reach,
    Reading, View, authority_parsed, resolved_strictly, written,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{HostKind, Level, ParseOptions, Rule};

/// The `uriparse` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Uriparse;

const BLIND_SPOTS: &[BlindSpot] = &[BlindSpot {
    field: Field::Port,
    blindness: Blindness::EmptyIsUndefined,
    reason: "uriparse::Authority::port is an Option<u16>, and parse_port returns Ok(None) for an \
             empty port, so `http://a:/` and `http://a/` read the same; the u16 also drops \
             leading zeros (`:080` reads 80)",
}];

/// The crate's error, as `Display` and `Debug` show it.
fn error_text<E: std::fmt::Display + std::fmt::Debug>(error: &E) -> String {
    format!("{error} ({error:?})")
}

/// The components of a parsed reference.
fn parsed(reference: &URIReference<'_>) -> Outcome {
    let authority = reference.authority();
    let userinfo = authority.and_then(|a| {
        a.username().map(|username| match a.password() {
            Some(password) => format!("{}:{}", username.as_str(), password.as_str()),
            None => username.as_str().to_owned(),
        })
    });
    let host = authority.map(|a| a.host());
    let host_kind = host.map(kind_of);
    Outcome::Parsed {
        components: Components {
            scheme: reference.scheme().map(|s| s.as_str().to_owned()),
            userinfo,
            host: host.map(ToString::to_string),
            port: authority.and_then(|a| a.port()).map(|p| p.to_string()),
            path: reference.path().to_string(),
            query: reference.query().map(|q| q.as_str().to_owned()),
            fragment: reference.fragment().map(|f| f.as_str().to_owned()),
        },
        host_kind,
    }
}

/// The userinfo, host and port of an authority, as [`parsed`] reports them.
fn authority_outcome(authority: &uriparse::Authority<'_>) -> Outcome {
    let userinfo = authority
        .username()
        .map(|username| match authority.password() {
            Some(password) => format!("{}:{}", username.as_str(), password.as_str()),
            None => username.as_str().to_owned(),
        });
    authority_parsed(
        userinfo,
        authority.host().to_string(),
        authority.port().map(|p| p.to_string()),
        kind_of(authority.host()),
    )
}

/// The kind of a host the crate parsed: it has no IPvFuture.
fn kind_of(host: &Host<'_>) -> HostKind {
    match host {
        Host::RegisteredName(_) => HostKind::RegName,
        Host::IPv4Address(_) => HostKind::Ipv4,
        Host::IPv6Address(_) => HostKind::Ipv6,
    }
}

/// The accessors of `URIReference` beside those [`parsed`] reads (which go through
/// `URIReference::authority`): its own `host`, `port`, `username` and `password`, and the
/// authority's `Display`, on the reference `parse` gets for `input` (by `URI-reference`).
fn readings(input: &str, rule: Rule) -> Option<Vec<Reading>> {
    if rule != Rule::UriReference {
        return None;
    }
    let r = URIReference::try_from(input).ok()?;
    let userinfo = r.username().map(|username| match r.password() {
        Some(password) => format!("{}:{}", username.as_str(), password.as_str()),
        None => username.as_str().to_owned(),
    });
    Some(vec![
        Reading {
            accessor: "uriparse::URIReference::host",
            view: View::Field(Field::Host),
            value: r.host().map(ToString::to_string),
        },
        Reading {
            accessor: "uriparse::URIReference::port",
            view: View::PortNumber,
            value: r.port().map(|p| p.to_string()),
        },
        Reading {
            accessor: "uriparse::URIReference::username, password",
            view: View::Field(Field::Userinfo),
            value: userinfo,
        },
        Reading {
            accessor: "uriparse::Authority (Display)",
            view: View::Joined(&[Field::Userinfo, Field::Host, Field::Port]),
            value: r.authority().map(ToString::to_string),
        },
    ])
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "uriparse::URIReference::try_from(&str)",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URIReference accessors",
        reach: Reach::Accessors(readings),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URI::try_from(&str)",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "uriparse::RelativeReference::try_from(&str)",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URI::resolve",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URIReference::normalize",
        reach: Reach::Operation("normalize"),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URIReference (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URI::try_from(URIReference)",
        reach: Reach::Conversion(Rule::Uri, |s| match URIReference::try_from(s) {
            Ok(r) => match URI::try_from(r) {
                Ok(uri) => parsed(&URIReference::from(uri)),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "uriparse::URIReference::from_parts(into_parts())",
        reach: Reach::Conversion(Rule::UriReference, |s| match URIReference::try_from(s) {
            Ok(r) => {
                let (scheme, authority, path, query, fragment) = r.into_parts();
                match URIReference::from_parts(scheme, authority, path, query, fragment) {
                    Ok(rebuilt) => parsed(&rebuilt),
                    Err(e) => Outcome::invalid(e.to_string()),
                }
            }
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(
            r#"let r = uriparse::URIReference::try_from(input).unwrap();
let (scheme, authority, path, query, fragment) = r.into_parts();
let rebuilt = uriparse::URIReference::from_parts(scheme, authority, path, query, fragment);
println!("{:?}", rebuilt.map(|r| r.to_string()));"#,
        ),
    },
    EntryPoint {
        name: "uriparse::Authority::try_from(&str)",
        reach: Reach::Part(Part::Authority, |s| {
            match uriparse::Authority::try_from(s) {
                Ok(authority) => authority_outcome(&authority),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "uriparse::Host::try_from(&str)",
        reach: Reach::Part(Part::Host, |s| match Host::try_from(s) {
            Ok(host) => authority_parsed(None, host.to_string(), None, kind_of(&host)),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
];

impl Implementation for Uriparse {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => match URIReference::try_from(input) {
                Ok(reference) => parsed(&reference),
                Err(e) => Outcome::invalid(error_text(&e)),
            },
            Rule::Uri => match URI::try_from(input) {
                Ok(uri) => parsed(uri.as_uri_reference()),
                Err(e) => Outcome::invalid(error_text(&e)),
            },
            Rule::AbsoluteUri => match URI::try_from(input) {
                Ok(uri) if uri.can_be_a_base() => parsed(uri.as_uri_reference()),
                Ok(_) => Outcome::invalid(
                    "URI::can_be_a_base is false: the URI has a fragment".to_owned(),
                ),
                Err(e) => Outcome::invalid(error_text(&e)),
            },
            Rule::RelativeRef => match RelativeReference::try_from(input) {
                Ok(reference) => parsed(reference.as_uri_reference()),
                Err(e) => Outcome::invalid(error_text(&e)),
            },
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || URI::try_from(base).map_err(|e| error_text(&e)),
            || URIReference::try_from(reference).map_err(|e| error_text(&e)),
            |base, reference| Outcome::Resolved(base.resolve(&reference).to_string()),
        )
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        if level != Level::Syntax {
            return Outcome::Unsupported;
        }
        match URIReference::try_from(input) {
            Ok(mut reference) => {
                reference.normalize();
                Outcome::Normalized(reference.to_string())
            }
            Err(e) => Outcome::invalid(error_text(&e)),
        }
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "uriparse",
        version: concat!("uriparse ", env!("URI_CONFORMANCE_VERSION_URIPARSE")),
        spec: "RFC 3986",
        docs: "https://docs.rs/uriparse/0.6.4",
    },
    blind_spots: BLIND_SPOTS,
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| written(URIReference::try_from(input), |r| r.to_string())),
    programs: Some(Programs {
        dependency: concat!(
            "uriparse = \"=",
            env!("URI_CONFORMANCE_VERSION_URIPARSE"),
            "\""
        ),
        by_rule: Some((
            Rule::Uri,
            r#"
            match uriparse::URI::try_from(input) {
                Ok(uri) => println!("{uri:?}"),
                Err(e) => println!("error: {e}"),
            }
            "#,
        )),
        parse: Some(
            r#"
            match uriparse::URIReference::try_from(input) {
                Ok(r) => println!("scheme={:?} authority={:?} path={} query={:?} fragment={:?}", r.scheme(), r.authority(), r.path(), r.query(), r.fragment()),
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            let base = uriparse::URI::try_from(base).unwrap();
            let reference = uriparse::URIReference::try_from(input).unwrap();
            println!("{}", base.resolve(&reference));
            "#,
        ),
        normalize: Some(
            r#"
            let mut r = uriparse::URIReference::try_from(input).unwrap();
            r.normalize();
            println!("{r}");
            "#,
        ),
        ..Programs::NONE
    }),
    promises: Promises::NONE.resolving_strictly(),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str, rule: Rule) -> Outcome {
        Uriparse.parse(input, rule, ParseOptions::default())
    }

    fn components(
        [scheme, userinfo, host, port]: [Option<&str>; 4],
        path: &str,
        [query, fragment]: [Option<&str>; 2],
        host_kind: Option<HostKind>,
    ) -> Outcome {
        let owned = |v: Option<&str>| v.map(str::to_owned);
        Outcome::Parsed {
            components: Components {
                scheme: owned(scheme),
                userinfo: owned(userinfo),
                host: owned(host),
                port: owned(port),
                path: path.to_owned(),
                query: owned(query),
                fragment: owned(fragment),
            },
            host_kind,
        }
    }

    #[test]
    fn maps_every_component() {
        assert_eq!(
            parse("http://a/b?c#d", Rule::UriReference),
            components(
                [Some("http"), None, Some("a"), None],
                "/b",
                [Some("c"), Some("d")],
                Some(HostKind::RegName)
            )
        );
        assert_eq!(
            parse(
                "foo://user:pass@127.0.0.1:8042/over/there?name=ferret#nose",
                Rule::Uri
            ),
            components(
                [
                    Some("foo"),
                    Some("user:pass"),
                    Some("127.0.0.1"),
                    Some("8042")
                ],
                "/over/there",
                [Some("name=ferret"), Some("nose")],
                Some(HostKind::Ipv4)
            )
        );
        assert_eq!(
            parse("ldap://[2001:db8::7]/c=GB?objectClass?one", Rule::Uri),
            components(
                [Some("ldap"), None, Some("[2001:db8::7]"), None],
                "/c=GB",
                [Some("objectClass?one"), None],
                Some(HostKind::Ipv6)
            )
        );
        assert_eq!(
            parse("mailto:John.Doe@example.com", Rule::AbsoluteUri),
            components(
                [Some("mailto"), None, None, None],
                "John.Doe@example.com",
                [None, None],
                None
            )
        );
        assert_eq!(
            parse("../g?y", Rule::RelativeRef),
            components([None, None, None, None], "../g", [Some("y"), None], None)
        );
    }

    #[test]
    fn userinfo_is_username_and_password() {
        let userinfo = |input| match parse(input, Rule::UriReference) {
            Outcome::Parsed { components, .. } => components.userinfo,
            other => panic!("{input}: {other:?}"),
        };
        assert_eq!(userinfo("http://@a/"), Some(String::new()));
        assert_eq!(userinfo("http://:@a/"), Some(":".to_owned()));
        assert_eq!(userinfo("http://u:p:q@a/"), Some("u:p:q".to_owned()));
        assert_eq!(userinfo("http://a/"), None);
    }

    #[test]
    fn rules_use_their_types() {
        assert!(matches!(parse("/a", Rule::Uri), Outcome::Invalid(_)));
        assert!(matches!(
            parse("a:b", Rule::RelativeRef),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            parse("ftp://127.0.0.1#fragment", Rule::AbsoluteUri),
            Outcome::Invalid(_)
        ));
        assert!(parse("ftp://127.0.0.1#fragment", Rule::Uri).is_valid());
    }

    #[test]
    fn resolves_strictly() {
        let base = "http://a/b/c/d;p?q";
        for (reference, target) in [("g", "http://a/b/c/g"), ("../g", "http://a/b/g")] {
            assert_eq!(
                Uriparse.resolve(base, reference, true),
                Outcome::Resolved(target.to_owned())
            );
        }
        crate::impls::testing::assert_resolves_strictly_only(&Uriparse, "/a");
    }

    #[test]
    fn normalizes_by_syntax_only() {
        assert_eq!(
            Uriparse.normalize("http://EXAMPLE.com/?a=b", Level::Syntax),
            Outcome::Normalized("http://example.com/?a=b".to_owned())
        );
        assert_eq!(
            Uriparse.normalize("http://example.com/", Level::Scheme),
            Outcome::Unsupported
        );
    }
}
