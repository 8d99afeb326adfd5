//! The `uri` module of [rocket_http](https://api.rocket.rs/v0.5/rocket_http/uri/) 0.5.2,
//! Rocket's own URI parser, behind the [`Implementation`] trait.
//!
//! Rocket's URI types are RFC 7230's request-target forms plus RFC 3986's `URI-reference`
//! (its grammar file, `src/parse/uri/spec.txt`: "RFC 7230 Uri-Reference Grammar" and "RFC 7230
//! Target Grammar"): [`Asterisk`] (`*`), [`Origin`] (`origin-form = absolute-path [ "?" query
//! ]`), [`Authority`] (`authority-form`), [`Absolute`] (`absolute-form = absolute-URI`, "A URI
//! with a scheme, authority, path, and query", no fragment) and [`Reference`] ("A URI-reference
//! with optional scheme, authority, relative path, query, and fragment parts").
//!
//! # What is mapped, and how
//!
//! | rule or operation | entry point |
//! |---|---|
//! | `URI-reference` | [`Reference::parse`] |
//! | `absolute-URI` | [`Absolute::parse`] |
//! | `URI`, `relative-ref` | `Unsupported`: no Rocket type is either (`Absolute` has no fragment, `Reference` takes relative references too, `Origin` is only an absolute path and a query) |
//! | resolve | `Unsupported`: rocket_http 0.5 has no resolution (no `join` or `resolve` on any URI type) |
//! | normalize | `Unsupported`: see below |
//!
//! The components are [`Reference::scheme`], [`Reference::authority`] ([`Authority::user_info`],
//! [`Authority::host`], [`Authority::port`]), [`Reference::path`] (`Path::as_str`),
//! [`Reference::query`] (`Query::as_str`) and [`Reference::fragment`] (`RawStr::as_str`), and
//! the same accessors of `Absolute`: slices of the input, `None` for an undefined component
//! ("Returns the query part. May be empty"; a fragment "`#`" is `Some("")`). The host keeps an
//! IP literal's brackets (`Authority::host`'s example: `[1::2]`); the host kind is read from its
//! text (`[v` IPvFuture, `[` IPv6, four dotted decimal octets IPv4, anything else a reg-name).
//! [`Authority::port`] is an `Option<u16>`: an empty port reads as none (a blind spot) and
//! `:080` as `80`.
//!
//! **Normalization is not answered.** Rocket's `normalize`/`is_normalized` (on `Reference`,
//! `Absolute` and `Origin`) is its own, for routing: "The path and query, if any, are
//! normalized with no empty segments. If there is an authority, the path is empty or absolute
//! with more than one character" (`Absolute`'s documentation, "# Normalization"): it removes
//! empty path segments (`http:/foo//bar`), a trailing `/` (`git://rocket.rs/`) and empty query
//! segments (`foo:bar?baz&&bop`), each of which RFC 3986 §6.2.2 keeps (they change the
//! resource), and does none of §6.2.2's case, percent-encoding or dot-segment normalization. No
//! level of the protocol's `normalize` asks for that, so both answer `Unsupported`.
//!
//! # Departures from RFC 3986
//!
//! `Uri`'s documentation: the parser is "\[RFC 7230\] compliant ... with limited liberties for
//! real-world deviations". Each departure is a catalogue entry whose model reads the input
//! where rocket_http reads it (`src/diff/known-differences.yaml`, `src/diff/models/rocket.rs`):
//!
//! | rule | from | entry |
//! |---|---|---|
//! | a `%` without two hex digits, in the userinfo, a registered name, the path, the query and the fragment | `Uri`: "It accepts `%` characters without two trailing hex-digits." (`PCT_ENCODED` in src/parse/uri/tables.rs is `%` and the hex digits one by one) | `rocket-http-percent-unchecked`, documented deviation |
//! | `{`, `}`, `[`, `]`, `\`, `^`, `` ` ``, `\|` in the query, and in the fragment | `Uri`: "It accepts the following additional unencoded characters in query parts, to match real-world browser behavior" (`QUERY_CHARS`); the parser reads the fragment with the query's table (`fragment`: `take_while(is_qchar)`) | `rocket-http-query-characters`, documented deviation |
//! | `[` and `]` in the path | `PATH_CHARS`: "browsers routinely send these unencoded, so allow them to support the real-world" | `rocket-http-path-brackets`, documented deviation |
//! | the port a `u16` of at most five digits (`:080` is 80, `:000080` and `:65536` refused) | [`Authority::port`]; src/parse/uri/parser.rs `port`, `maybe_port` | `rocket-http-port-u16`, API limit |
//! | an IP literal not checked (`//[/]`, `//[a@b]`, `//[1::2::3]`) | src/parse/uri/parser.rs `host`: `enclosed(b'[', is_host_char, b']')` | `rocket-http-ip-literal-not-checked`, bug |
//! | a `:` in a relative path's first segment (`a_b:c`, `@:`) | src/parse/uri/parser.rs `reference`, against its own grammar's `path-noscheme` | `rocket-http-relative-path-colon`, bug |
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion or sub-parser must agree with `parse`, see
//! [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `Reference::parse`, `Absolute::parse` | parse |
//! | `Display` of `Reference` | serialize (written from the components) |
//! | `Reference::parse_owned` | conversion, URI-reference |
//! | `Absolute::parse_owned` | conversion, absolute-URI |
//! | `Uri::parse_any` | conversion, URI-reference, where it picks `Origin`, `Absolute` or `Reference`; it "chooses the 'best fit' type ... preferring ... `Asterisk`, `Origin`, `Authority`, `Absolute`, `Reference`", so `a:1` is an `Authority` (host `a`, port 1) where `URI-reference` reads a scheme, and `//h/p` an `Origin` whose path is `//h/p` (origin-form's `absolute-path = 1*( "/" segment )`) where it reads an authority: those picks are request-target forms, not URI references, and answer `Unsupported` |
//! | `Uri::parse::<Reference>` | conversion, URI-reference |
//! | `Origin::parse` | conversion, URI-reference, on an input in origin-form's shape (starts with one `/`, no `#`); `Unsupported` on others |
//! | `Asterisk::parse` | conversion, URI-reference, on `*` only (a `Reference` with the path `*`) |
//! | `Authority::parse` | sub-parser, on the input's authority |

use rocket_http::uri::{Absolute, Asterisk, Authority, Origin, Reference, Uri};

use super::reproduction::Programs;
use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Part, Profile, Promises, Reach,
    host_kind, written,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{ParseOptions, Rule};

/// rocket_http's `uri` module.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RocketHttp;

const BLIND_SPOTS: &[BlindSpot] = &[BlindSpot {
    field: Field::Port,
    blindness: Blindness::EmptyIsUndefined,
    reason: "rocket_http::uri::Authority::port is an Option<u16>: `//h:` and `//h` read the \
             same (its leading zeros and range are the catalogue's rocket-http-port-u16)",
}];

/// The components, from the accessors every Rocket URI type shares.
fn outcome(
    scheme: Option<&str>,
    authority: Option<&Authority<'_>>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Outcome {
    Outcome::Parsed {
        components: Components {
            scheme: scheme.map(str::to_owned),
            userinfo: authority.and_then(Authority::user_info).map(str::to_owned),
            host: authority.map(|a| a.host().to_owned()),
            port: authority.and_then(Authority::port).map(|p| p.to_string()),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            fragment: fragment.map(str::to_owned),
        },
        host_kind: authority.map(|a| host_kind(a.host())),
    }
}

fn reference(r: &Reference<'_>) -> Outcome {
    outcome(
        r.scheme(),
        r.authority(),
        r.path().as_str(),
        r.query().map(|q| q.as_str()),
        r.fragment().map(|f| f.as_str()),
    )
}

fn absolute(a: &Absolute<'_>) -> Outcome {
    outcome(
        Some(a.scheme()),
        a.authority(),
        a.path().as_str(),
        a.query().map(|q| q.as_str()),
        None,
    )
}

fn origin(o: &Origin<'_>) -> Outcome {
    outcome(
        None,
        None,
        o.path().as_str(),
        o.query().map(|q| q.as_str()),
        None,
    )
}

fn error<E: std::fmt::Display>(e: E) -> Outcome {
    Outcome::invalid(e.to_string())
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "rocket_http::uri::Reference::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "rocket_http::uri::Absolute::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "rocket_http::uri::Reference (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "rocket_http::uri::Reference::parse_owned",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            match Reference::parse_owned(s.to_owned()) {
                Ok(r) => reference(&r),
                Err(e) => error(e),
            }
        }),
        program: Some(
            r#"println!("{:?}", rocket_http::uri::Reference::parse_owned(input.to_owned()));"#,
        ),
    },
    EntryPoint {
        name: "rocket_http::uri::Absolute::parse_owned",
        reach: Reach::Conversion(Rule::AbsoluteUri, |s| {
            match Absolute::parse_owned(s.to_owned()) {
                Ok(a) => absolute(&a),
                Err(e) => error(e),
            }
        }),
        program: Some(
            r#"println!("{:?}", rocket_http::uri::Absolute::parse_owned(input.to_owned()));"#,
        ),
    },
    EntryPoint {
        name: "rocket_http::uri::Uri::parse_any",
        reach: Reach::Conversion(Rule::UriReference, |s| match Uri::parse_any(s) {
            Ok(Uri::Reference(r)) => reference(&r),
            Ok(Uri::Absolute(a)) => absolute(&a),
            // origin-form's `absolute-path = 1*( "/" segment )` takes `//h/p` as a path, where a
            // URI reference has an authority: the documented preference for `Origin`.
            Ok(Uri::Origin(_)) if s.starts_with("//") => Outcome::Unsupported,
            Ok(Uri::Origin(o)) => origin(&o),
            // Request-target forms that are not read as URI references (documented "best
            // fit"): not comparable with `Reference::parse`.
            Ok(Uri::Asterisk(_) | Uri::Authority(_)) => Outcome::Unsupported,
            Err(e) => error(e),
        }),
        program: Some(r#"println!("{:?}", rocket_http::uri::Uri::parse_any(input));"#),
    },
    EntryPoint {
        name: "rocket_http::uri::Uri::parse::<Reference>",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            match Uri::parse::<Reference<'_>>(s) {
                Ok(uri) => match uri.reference() {
                    Some(r) => reference(r),
                    None => Outcome::invalid("not a Uri::Reference".to_owned()),
                },
                Err(e) => error(e),
            }
        }),
        program: Some(
            r#"println!("{:?}", rocket_http::uri::Uri::parse::<rocket_http::uri::Reference>(input));"#,
        ),
    },
    EntryPoint {
        name: "rocket_http::uri::Origin::parse",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            // origin-form's shape: an absolute path (not `//`, which starts an authority in a
            // URI reference) and an optional query, no fragment.
            if !s.starts_with('/') || s.starts_with("//") || s.contains('#') {
                return Outcome::Unsupported;
            }
            match Origin::parse(s) {
                Ok(o) => origin(&o),
                Err(e) => error(e),
            }
        }),
        program: Some(r#"println!("{:?}", rocket_http::uri::Origin::parse(input));"#),
    },
    EntryPoint {
        name: "rocket_http::uri::Asterisk::parse",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            if s != "*" {
                return Outcome::Unsupported;
            }
            match Asterisk::parse(s) {
                Ok(_) => outcome(None, None, "*", None, None),
                Err(e) => error(e),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "rocket_http::uri::Authority::parse",
        reach: Reach::Part(Part::Authority, |s| match Authority::parse(s) {
            Ok(a) => outcome(None, Some(&a), "", None, None),
            Err(e) => error(e),
        }),
        program: None,
    },
];

impl Implementation for RocketHttp {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => match Reference::parse(input) {
                Ok(r) => reference(&r),
                Err(e) => error(e),
            },
            Rule::AbsoluteUri => match Absolute::parse(input) {
                Ok(a) => absolute(&a),
                Err(e) => error(e),
            },
            Rule::Uri | Rule::RelativeRef => Outcome::Unsupported,
        }
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "rocket_http",
        version: concat!("rocket_http ", env!("URI_CONFORMANCE_VERSION_ROCKET_HTTP")),
        spec: "RFC 3986",
        docs: "https://api.rocket.rs/v0.5/rocket_http/uri/",
    },
    blind_spots: BLIND_SPOTS,
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| written(Reference::parse(input), |r| r.to_string())),
    programs: Some(Programs {
        dependency: concat!(
            "rocket_http = \"=",
            env!("URI_CONFORMANCE_VERSION_ROCKET_HTTP"),
            "\""
        ),
        by_rule: Some((
            Rule::AbsoluteUri,
            r#"
            match rocket_http::uri::Absolute::parse(input) {
                Ok(a) => println!("scheme={:?} authority={:?} path={:?} query={:?}", a.scheme(), a.authority().map(|a| (a.user_info(), a.host(), a.port())), a.path().as_str(), a.query().map(|q| q.as_str())),
                Err(e) => println!("error: {e}"),
            }
            "#,
        )),
        parse: Some(
            r#"
            match rocket_http::uri::Reference::parse(input) {
                Ok(r) => println!("scheme={:?} authority={:?} path={:?} query={:?} fragment={:?}", r.scheme(), r.authority().map(|a| (a.user_info(), a.host(), a.port())), r.path().as_str(), r.query().map(|q| q.as_str()), r.fragment().map(|f| f.as_str())),
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
        RocketHttp.parse(input, rule, ParseOptions::default())
    }

    #[test]
    fn maps_reference_and_absolute() {
        // `Reference`'s structure diagram.
        let o = parse(
            "http://user:pass@domain.com:4444/foo/bar?some=query#and-fragment",
            Rule::UriReference,
        );
        let (c, host_kind) = crate::impls::testing::components(&o);
        assert_eq!(c.scheme.as_deref(), Some("http"));
        assert_eq!(c.userinfo.as_deref(), Some("user:pass"));
        assert_eq!(c.host.as_deref(), Some("domain.com"));
        assert_eq!(c.port.as_deref(), Some("4444"));
        assert_eq!(c.path, "/foo/bar");
        assert_eq!(c.query.as_deref(), Some("some=query"));
        assert_eq!(c.fragment.as_deref(), Some("and-fragment"));
        assert_eq!(host_kind, Some(HostKind::RegName));
        assert!(parse("foo/bar?baz#cat", Rule::UriReference).is_valid());
        assert!(parse("ftp:/a/b/?", Rule::AbsoluteUri).is_valid());
        assert!(!parse("ftp:/a#b", Rule::AbsoluteUri).is_valid());
        assert!(!parse("foo bar", Rule::UriReference).is_valid());
        assert_eq!(parse("a:b", Rule::Uri), Outcome::Unsupported);
        assert_eq!(parse("b", Rule::RelativeRef), Outcome::Unsupported);
    }

    #[test]
    fn parse_any_picks_authority_form() {
        // Documented "best fit": `a:1` is an authority, not a scheme and a path.
        let Reach::Conversion(_, parse_any) = ENTRY_POINTS
            .iter()
            .find(|e| e.name == "rocket_http::uri::Uri::parse_any")
            .expect("listed")
            .reach
        else {
            panic!("a conversion")
        };
        assert_eq!(parse_any("a:1"), Outcome::Unsupported);
        assert_eq!(parse_any("/a?b"), parse("/a?b", Rule::UriReference));
    }
}
