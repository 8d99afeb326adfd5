//! [rhymuri](https://docs.rs/rhymuri/1.3.1) 1.3.1, the Rust twin of the C++ library
//! rhymu8354/Uri, which "implements IETF RFC 3986", behind the [`Implementation`] trait.
//!
//! # Its component model, and ours
//!
//! rhymuri does not keep the text: "Components are percent-encoded as necessary during
//! generation, and percent encodings are decoded during parsing" (`Uri`'s documentation). A
//! parsed [`Uri`] holds decoded bytes, and the adapter maps them onto the model's text fields
//! as follows.
//!
//! - **Scheme.** [`Uri::scheme`], an `Option<&str>`: `None` for a relative reference
//!   ([`Uri::is_relative_reference`]). `Uri::parse` lowercases it (`parse_scheme` calls
//!   `to_lowercase`), so it is compared case-folded (a blind spot).
//! - **Authority.** [`Uri::authority`] is `Some` exactly when the input has `//` after the
//!   scheme (`split_authority_from_path_and_parse_them`); its [`Authority::userinfo`] is
//!   `Option<&[u8]>`, `Some(b"")` for `//@h` (the crate's `userinfo_barely_legal` test), so an
//!   undefined userinfo is told from an empty one. [`Authority::host`] is the decoded host, a
//!   reg-name lowercased (`host_mixed_case` test), an IP literal without its brackets (`[v7.:]`
//!   reads `v7.:`, `host_barely_legal` test). The adapter writes brackets around a host the
//!   crate itself would bracket: its `Display` for `Authority` writes `[host]` exactly when the
//!   host is a valid IPv6 address, and the host as a reg-name otherwise. So an IPvFuture host
//!   loses its brackets, here as in the crate's own serialization.
//! - **Port.** The Rust crate has no `has_port` (the C++ `HasPort`): [`Authority::port`] is an
//!   `Option<u16>`, `None` for both `//h` and `//h:` (`parse_host_port` reads an empty port as
//!   no port), and a number, so `:080` reads `80`. The empty port is a blind spot.
//! - **Path.** [`Uri::path`] is a list of decoded segments; the RFC path is the segments joined
//!   with `/`: "Leading and trailing slashes in the path are special cases represented by extra
//!   empty segments at the beginning and/or end of the path" (`"/foo/bar"` is `["", "foo",
//!   "bar"]`, `"foo/"` is `["foo", ""]`), with `"/"` as `[""]` and `""` as `[]`
//!   ([`Uri::path_to_string`] writes `[""]` as `/`). An absolute path is one whose first
//!   segment is empty. After an authority, an empty path is stored as `[""]`, so `http://a`
//!   and `http://a/` are one `Uri` (the crate's test
//!   `empty_path_in_uri_with_authority_is_equivalent_to_slash_only_path`): the path reads `/`.
//!   A "/" inside a segment (a decoded `%2F`) is reported `%2F`, so the text keeps the segments.
//! - **Query, fragment.** [`Uri::query`] and [`Uri::fragment`], `Option<&[u8]>`: `Some(b"")`
//!   for a `?` or `#` with nothing after it (`query_empty_but_present`,
//!   `fragment_empty_but_present` tests), `None` when the delimiter is absent.
//! - **Decoded bytes as text.** Every component but the scheme and port is compared decoded
//!   (a `re-encoded` blind spot: decoded on both sides). The adapter reports the crate's bytes
//!   with `%` and the bytes of invalid UTF-8 percent-encoded, so that decoding the report once
//!   gives the crate's bytes back.
//! - **Host kind.** The crate has no host kind, and the host kind is a blind spot. The adapter
//!   reports the kind its `Display` shows (`ipv6` for a host it brackets, `reg-name` for any
//!   other), never one read from the decoded host: `%30.0.0.0` decodes to `0.0.0.0`, which
//!   the crate does not call an IPv4 address. An IPvFuture literal shows in the host, whose
//!   brackets the crate drops.
//!
//! # When it writes an authority
//!
//! `Display` writes `//` and the authority exactly when [`Uri::authority`] is `Some`, whatever
//! the path; then `/` when the path is `[""]`, then the segments joined with `/`. Each
//! component is percent-encoded with the crate's table for it (uppercase hexadecimal digits),
//! so an octet the input encoded and the table allows is written as it is (`%41` as `A`, `%3A`
//! in a path as `:`), and a `+` in a query is written `%2B` (`percent_encode_plus_in_queries`
//! test: "make sure '+' is percent-encoded in a URI when the URI is encoded").
//!
//! # Operations
//!
//! | rule or operation | entry point |
//! |---|---|
//! | `URI-reference` | [`Uri::parse`] |
//! | `URI` | [`Uri::parse`], then `!Uri::is_relative_reference()` |
//! | `absolute-URI` | as `URI`, and no fragment |
//! | `relative-ref` | [`Uri::parse`], then [`Uri::is_relative_reference`] |
//! | resolve (strict) | [`Uri::resolve`] ("following the algorithm from RFC 3986 section 5.2.2"), the base parsed by `Uri::parse` and refused when it is a relative reference; the target written by `Display` |
//! | normalize (syntax) | [`Uri::parse`], [`Uri::normalize`] (the path's dot-segments), `Display` (the case of the scheme and host and the percent-encodings, by the decoding and encoding above) |
//!
//! Non-strict resolution and the scheme-based level of normalization are `Unsupported`: the
//! crate takes a reference with a scheme as it is and knows no scheme.
//!
//! # Entry points
//!
//! Every public way from a string to a URI reference, and how the harness reaches it
//! ([`ENTRY_POINTS`]; a conversion or sub-parser must agree with `parse`, see
//! [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `Uri::parse` | parse |
//! | `Uri::resolve` | resolve |
//! | `Uri::normalize` | normalize |
//! | `Display` of `Uri` | serialize (rebuilt from decoded components: the text is not kept) |
//! | `Uri::try_from(&str)`, `Uri::try_from(String)` | conversion, URI-reference |
//! | `Authority::parse` | sub-parser, on the input's authority |

use std::convert::TryFrom;

use rhymuri::{Authority, Uri};

use super::reproduction::Programs;
use super::segment_list::{decoded_text, joined_path};
use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Part, Profile, Promises, Reach,
    written,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{Level, ParseOptions, Rule};

/// The `rhymuri` crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rhymuri;

const BLIND_SPOTS: &[BlindSpot] = &[
    BlindSpot {
        field: Field::Scheme,
        blindness: Blindness::CaseFolded,
        reason: "rhymuri::Uri::parse lowercases the scheme (parse_scheme: to_lowercase)",
    },
    BlindSpot {
        field: Field::Userinfo,
        blindness: Blindness::Reencoded,
        reason: "rhymuri::Authority::userinfo is the decoded bytes: \"percent encodings are \
                 decoded during parsing\" (Uri's documentation), written back with \"%\" and \
                 invalid UTF-8 percent-encoded (segment_list::decoded_text)",
    },
    BlindSpot {
        field: Field::Host,
        blindness: Blindness::Reencoded,
        reason: "rhymuri::Authority::host is the decoded bytes, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
    BlindSpot {
        field: Field::Host,
        blindness: Blindness::CaseFolded,
        reason: "rhymuri lowercases a reg-name after decoding it (parse_host_port, the \
                 host_mixed_case test)",
    },
    BlindSpot {
        field: Field::HostKind,
        blindness: Blindness::Hidden,
        reason: "rhymuri has no host kind: Authority::host is bytes, bracketed by Display when \
                 they are an IPv6 address, and nothing tells an IPv4 address from a reg-name",
    },
    BlindSpot {
        field: Field::Port,
        blindness: Blindness::EmptyIsUndefined,
        reason: "rhymuri::Authority::port is an Option<u16>, None for an empty port; the C++ \
                 library's HasPort has no Rust counterpart",
    },
    BlindSpot {
        field: Field::Path,
        blindness: Blindness::Reencoded,
        reason: "rhymuri::Uri::path is a list of decoded segments, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
    BlindSpot {
        field: Field::Query,
        blindness: Blindness::Reencoded,
        reason: "rhymuri::Uri::query is the decoded bytes, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
    BlindSpot {
        field: Field::Fragment,
        blindness: Blindness::Reencoded,
        reason: "rhymuri::Uri::fragment is the decoded bytes, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
];

/// The host as the adapter reports it: in brackets, and of kind `ipv6`, exactly where the
/// crate's own `Display` of an `Authority` holding it writes brackets.
fn host_and_kind(host: &[u8]) -> (String, crate::reference::HostKind) {
    let mut alone = Authority::default();
    alone.set_host(host);
    super::segment_list::host_and_kind(host, alone.to_string().starts_with('['))
}

fn authority_outcome(authority: &Authority) -> Outcome {
    let (host, kind) = host_and_kind(authority.host());
    Outcome::Parsed {
        components: Components {
            scheme: None,
            userinfo: authority.userinfo().map(decoded_text),
            host: Some(host),
            port: authority.port().map(|p| p.to_string()),
            path: String::new(),
            query: None,
            fragment: None,
        },
        host_kind: Some(kind),
    }
}

fn parsed(uri: &Uri) -> Outcome {
    let authority = uri.authority();
    let host = authority.map(|a| host_and_kind(a.host()));
    Outcome::Parsed {
        components: Components {
            scheme: uri.scheme().map(str::to_owned),
            userinfo: authority.and_then(Authority::userinfo).map(decoded_text),
            host: host.as_ref().map(|(h, _)| h.clone()),
            port: authority.and_then(Authority::port).map(|p| p.to_string()),
            path: joined_path(uri.path()),
            query: uri.query().map(decoded_text),
            fragment: uri.fragment().map(decoded_text),
        },
        host_kind: host.map(|(_, k)| k),
    }
}

fn parse_outcome(result: Result<Uri, rhymuri::Error>) -> Outcome {
    match result {
        Ok(uri) => parsed(&uri),
        Err(e) => Outcome::Invalid(format!("{e} ({e:?})")),
    }
}

/// The entry points of the table in the module documentation.
pub const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "rhymuri::Uri::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "rhymuri::Uri::resolve",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "rhymuri::Uri::normalize",
        reach: Reach::Operation("normalize"),
        program: None,
    },
    EntryPoint {
        name: "rhymuri::Uri (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "rhymuri::Uri::try_from(&str)",
        reach: Reach::Conversion(Rule::UriReference, |s| parse_outcome(Uri::try_from(s))),
        program: Some("println!(\"{:?}\", rhymuri::Uri::try_from(input).map(|u| u.to_string()));"),
    },
    EntryPoint {
        name: "rhymuri::Uri::try_from(String)",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            parse_outcome(Uri::try_from(s.to_owned()))
        }),
        program: Some(
            "println!(\"{:?}\", rhymuri::Uri::try_from(input.to_owned()).map(|u| u.to_string()));",
        ),
    },
    EntryPoint {
        name: "rhymuri::Authority::parse",
        reach: Reach::Part(Part::Authority, |s| match Authority::parse(s) {
            Ok(authority) => authority_outcome(&authority),
            Err(e) => Outcome::Invalid(e.to_string()),
        }),
        program: None,
    },
];

impl Implementation for Rhymuri {
    fn about(&self) -> About<'_> {
        About {
            name: "rhymuri",
            version: concat!("rhymuri ", env!("URI_CONFORMANCE_VERSION_RHYMURI")),
            spec: "RFC 3986",
            docs: "https://docs.rs/rhymuri/1.3.1",
        }
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        let uri = match Uri::parse(input) {
            Ok(uri) => uri,
            Err(e) => return Outcome::Invalid(format!("{e} ({e:?})")),
        };
        let relative = uri.is_relative_reference();
        match rule {
            Rule::UriReference => {}
            Rule::Uri | Rule::AbsoluteUri if relative => {
                return Outcome::Invalid("Uri::is_relative_reference: no scheme".to_owned());
            }
            Rule::Uri => {}
            Rule::AbsoluteUri if uri.fragment().is_some() => {
                return Outcome::Invalid("a fragment".to_owned());
            }
            Rule::AbsoluteUri => {}
            Rule::RelativeRef if !relative => {
                return Outcome::Invalid(
                    "a scheme (Uri::is_relative_reference is false)".to_owned(),
                );
            }
            Rule::RelativeRef => {}
        }
        parsed(&uri)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        if !strict {
            return Outcome::Unsupported;
        }
        let base = match Uri::parse(base) {
            Ok(base) if base.is_relative_reference() => {
                return Outcome::Invalid("base: a relative reference".to_owned());
            }
            Ok(base) => base,
            Err(e) => return Outcome::Invalid(format!("base: {e} ({e:?})")),
        };
        match Uri::parse(reference) {
            Ok(reference) => Outcome::Resolved(base.resolve(&reference).to_string()),
            Err(e) => Outcome::Invalid(format!("{e} ({e:?})")),
        }
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        // `Uri::normalize` has no levels: it removes the path's dot-segments.
        if level == Level::Scheme {
            return Outcome::Unsupported;
        }
        match Uri::parse(input) {
            Ok(mut uri) => {
                uri.normalize();
                Outcome::Normalized(uri.to_string())
            }
            Err(e) => Outcome::Invalid(format!("{e} ({e:?})")),
        }
    }

    /// `Uri::normalize` is the path's: "Apply the `remove_dot_segments` routine ... to the
    /// path segments of the URI, in order to normalize the path" (rhymuri src/uri.rs).
    fn normalization_level(&self) -> Option<Level> {
        Some(Level::Path)
    }

    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        written(Uri::parse(input), |u| u.to_string())
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    blind_spots: BLIND_SPOTS,
    entry_points: ENTRY_POINTS,
    programs: Some(Programs {
        dependency: concat!(
            "rhymuri = \"=",
            env!("URI_CONFORMANCE_VERSION_RHYMURI"),
            "\""
        ),
        parse: Some(
            r#"
            match rhymuri::Uri::parse(input) {
                Ok(u) => {
                    let a = u.authority();
                    println!("scheme={:?} relative={}", u.scheme(), u.is_relative_reference());
                    println!("userinfo={:?} host={:?} port={:?}", a.and_then(|a| a.userinfo()).map(String::from_utf8_lossy), a.map(|a| String::from_utf8_lossy(a.host())), a.and_then(|a| a.port()));
                    println!("path={:?} query={:?} fragment={:?}", u.path().iter().map(|s| String::from_utf8_lossy(s)).collect::<Vec<_>>(), u.query().map(String::from_utf8_lossy), u.fragment().map(String::from_utf8_lossy));
                    println!("written back: {u}");
                }
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            let base = rhymuri::Uri::parse(base).unwrap();
            let reference = rhymuri::Uri::parse(input).unwrap();
            println!("{}", base.resolve(&reference));
            "#,
        ),
        normalize: Some(
            r#"
            let mut u = rhymuri::Uri::parse(input).unwrap();
            u.normalize();
            println!("{u}");
            "#,
        ),
        ..Programs::NONE
    }),
    promises: Promises::NONE.resolving_strictly(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::{Catalogue, Engine};
    use crate::protocol::Request;

    /// Whether the engine finds a bug (a candidate or a confirmed one) on parsing `input`.
    fn finds_a_bug(input: &str) -> bool {
        Engine::in_thread(vec![std::sync::Arc::new(Rhymuri)], Catalogue::bundled())
            .run_one("rhymuri", &Request::parse(input))
            .is_some_and(|f| f.is_bug())
    }

    /// The crate has no host kind: `%30.0.0.0` (a reg-name, §3.2.2) decoded to `0.0.0.0` is
    /// no IPv4 address of the crate's, and no difference.
    #[test]
    fn no_host_kind_is_read_from_a_decoded_host() {
        assert!(!finds_a_bug("//%30.0.0.0/"));
        assert!(!finds_a_bug("//%30.0.0.0:00/"));
    }

    /// The adapter writes the crate's decoded bytes back with "%" percent-encoded: its host
    /// of `//%25%34%31/` (the octets "%41") reads `%2541`, which the comparison decodes once
    /// more, as it decodes the reference's text.
    #[test]
    fn a_host_written_back_is_decoded_as_written() {
        assert!(!finds_a_bug("//%25%34%31/"));
        assert!(!finds_a_bug("//a%2541/%25%34%31"));
    }

    /// The catalogue entries that name each finding on `case`, a broken property included.
    fn named(case: &Request) -> Vec<(crate::diff::compare::DifferenceKind, Vec<String>)> {
        Engine::in_thread(vec![std::sync::Arc::new(Rhymuri)], Catalogue::bundled())
            .run_one_checked("rhymuri", case)
            .into_iter()
            .map(|f| {
                let ids = f.known.as_ref().map_or_else(Vec::new, |k| k.ids());
                (f.difference.kind, ids)
            })
            .collect()
    }

    /// A broken property is named by the wrong rules that break it: "a%3a" is written "a:"
    /// (the ":" held decoded, and written as it is in a first segment), which reads back with
    /// the scheme "a"; the IPv6 literal the crate writes in lowercase is the same host.
    #[test]
    fn a_broken_property_is_named_by_its_wrong_rules() {
        use crate::diff::compare::DifferenceKind;
        let found = named(&Request::parse("a%3a"));
        assert!(
            found
                .iter()
                .any(|(kind, ids)| *kind == DifferenceKind::RoundTrip
                    && ids.contains(&"rhymuri-colon-in-first-segment-written".to_owned())
                    && ids.contains(&"rhymuri-reencoded-by-its-tables".to_owned())),
            "{found:?}"
        );
        assert!(
            !named(&Request::parse("a://[D::]"))
                .iter()
                .any(|(kind, _)| *kind == DifferenceKind::RoundTrip)
        );
    }

    /// The crate's Display brackets the hosts its own IPv6 validator takes, "::00.0.0.0"
    /// among them, and the adapter reports the host as it writes it.
    #[test]
    fn reports_a_host_bracketed_as_the_crate_writes_it() {
        let c = components("//[::00.0.0.0]");
        assert_eq!(c.host.as_deref(), Some("[::00.0.0.0]"));
        assert_eq!(components("//%3A%3A").host.as_deref(), Some("[::]"));
        assert_eq!(components("//[v1.x]").host.as_deref(), Some("v1.x"));
    }

    fn components(input: &str) -> Components {
        match Rhymuri.parse(input, Rule::UriReference, ParseOptions::default()) {
            Outcome::Parsed { components, .. } => components,
            other => panic!("{input}: {}", other.describe()),
        }
    }

    #[test]
    fn maps_the_segment_list_onto_the_path() {
        // `Uri::path`'s documentation.
        for (input, path) in [
            ("foo/bar", "foo/bar"),
            ("/foo/bar", "/foo/bar"),
            ("foo/bar/", "foo/bar/"),
            ("/", "/"),
            ("", ""),
            // An empty path after an authority is stored as `[""]`.
            ("http://a", "/"),
            // A segment holding "/" (decoded "%2F") keeps it encoded: one segment, not two.
            ("a%2Fb/c", "a%2Fb/c"),
            ("/%2F/..", "/%2F/.."),
        ] {
            assert_eq!(components(input).path, path, "{input}");
        }
    }

    #[test]
    fn tells_undefined_from_empty() {
        let c = components("//@h?#");
        assert_eq!(c.userinfo.as_deref(), Some(""));
        assert_eq!(
            (c.query.as_deref(), c.fragment.as_deref()),
            (Some(""), Some(""))
        );
        let c = components("//h");
        assert_eq!((c.userinfo, c.query, c.fragment), (None, None, None));
        // No `has_port`: an empty port is no port.
        assert_eq!(components("//h:").port, None);
        assert_eq!(components("//h:80").port.as_deref(), Some("80"));
    }

    #[test]
    fn decoded_components_decode_back() {
        let c = components("HTTP://%41b@EX%41MPLE/%25%FF?%2B#%41");
        assert_eq!(c.scheme.as_deref(), Some("http"));
        assert_eq!(c.userinfo.as_deref(), Some("Ab"));
        assert_eq!(c.host.as_deref(), Some("example"));
        assert_eq!(c.path, "/%25%FF");
        assert_eq!(c.query.as_deref(), Some("+"));
        assert_eq!(c.fragment.as_deref(), Some("A"));
        assert_eq!(components("//[::1]/").host.as_deref(), Some("[::1]"));
    }

    #[test]
    fn rules_by_scheme() {
        let parse = |input, rule| Rhymuri.parse(input, rule, ParseOptions::default());
        assert!(parse("a:b#c", Rule::Uri).is_valid());
        assert!(!parse("a:b#c", Rule::AbsoluteUri).is_valid());
        assert!(!parse("/b", Rule::Uri).is_valid());
        assert!(parse("/b", Rule::RelativeRef).is_valid());
        assert!(!parse("a:b", Rule::RelativeRef).is_valid());
    }

    #[test]
    fn resolves_and_normalizes() {
        // The crate's `resolve` example and `normalize_path` tests.
        assert_eq!(
            Rhymuri.resolve("http://a/b/c/d;p?q", "g;x?y#s", true),
            Outcome::Resolved("http://a/b/c/g;x?y#s".to_owned())
        );
        assert_eq!(
            Rhymuri.resolve("http://a/", "g", false),
            Outcome::Unsupported
        );
        assert_eq!(
            Rhymuri.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Level::Syntax),
            Outcome::Normalized("example://a/b/c/%7Bfoo%7D".to_owned())
        );
    }
}
