//! [uniresid](https://docs.rs/uniresid/0.1.5) 0.1.5, "URI (Uniform Resource Identifier) parser
//! and data structures" that "implements IETF RFC 3986", behind the [`Implementation`] trait.
//! It is a fork of rhymuri (rhymu8354/Uri) that adds [`AbsoluteUri`] (a `Uri` with a scheme),
//! keeps the serialization in the `Uri` (`Deref<Target = str>`) and changes §5.2.3's merge for a
//! base without an authority (`Uri::resolve` pops the base's last segment then too).
//!
//! # Its component model, and ours
//!
//! uniresid does not keep the text: "Components are percent-encoded as necessary during
//! generation, and percent encodings are decoded during parsing" (`Uri`'s documentation). A
//! parsed [`Uri`] holds decoded bytes, mapped onto the model's text fields as for rhymuri:
//!
//! - **Scheme.** [`Uri::scheme`], `None` for a relative reference; lowercased by `Uri::parse`
//!   (`parse_scheme` calls `to_lowercase`): compared case-folded (a blind spot).
//! - **Authority.** [`Uri::authority`] is `Some` exactly when the input has `//` after the
//!   scheme. [`Authority::user_info`] is `Option<&[u8]>`, `Some(b"")` for `//@h`, so an
//!   undefined userinfo is told from an empty one. [`Authority::host`] is the decoded host, a
//!   reg-name lowercased, an IP literal without its brackets; the adapter brackets a host that
//!   is a valid IPv6 address, as the crate's `Display` for `Authority` does, so an IPvFuture
//!   host loses its brackets here as in the crate's own serialization.
//! - **Port.** [`Authority::port`] is an `Option<u16>`: `None` for both `//h` and `//h:`, and
//!   `:080` reads `80`. The empty port is a blind spot.
//! - **Path.** [`Uri::path`] is a list of decoded segments, joined with `/` ("Leading and
//!   trailing slashes in the path are special cases represented by extra empty segments at the
//!   beginning and/or end of the path"; `"/"` is `[""]`, `""` is `[]`). After an authority an
//!   empty path is stored as `[""]` (`split_authority_from_path_and_parse_them`), so the path
//!   of `http://a` reads `/`. A "/" inside a segment (a decoded `%2F`) is reported `%2F`.
//! - **Query, fragment.** [`Uri::query`], [`Uri::fragment`]: `Some(b"")` for a `?` or `#` with
//!   nothing after it, `None` when the delimiter is absent.
//! - **Decoded bytes as text.** Every component but the scheme and port is compared decoded
//!   (a `re-encoded` blind spot: decoded on both sides); the adapter percent-encodes `%` and
//!   invalid UTF-8 in what it reports, so that decoding the report once gives the crate's
//!   bytes back.
//! - **Host kind.** The crate has none, and the host kind is a blind spot; the adapter reports
//!   the kind its `Display` shows (`ipv6` for a host it brackets, `reg-name` for any other),
//!   never one read from the decoded host.
//!
//! The serialization (`Display`, `Deref<Target = str>`, both the `raw` string `update_raw`
//! writes) writes `//` and the authority exactly when there is one, each component
//! percent-encoded with the crate's table for it (uppercase hexadecimal digits, `+` in a query
//! as `%2B`).
//!
//! # Operations
//!
//! | rule or operation | entry point |
//! |---|---|
//! | `URI-reference` | [`Uri::parse`] |
//! | `URI` | [`AbsoluteUri::parse`] ("An absolute [`Uri`]": a scheme is required, `Error::MissingScheme` otherwise; a fragment is allowed) |
//! | `absolute-URI` | [`AbsoluteUri::parse`], and no fragment |
//! | `relative-ref` | [`Uri::parse`], then [`Uri::is_relative_reference`] |
//! | resolve (strict) | [`AbsoluteUri::resolve`] (base by `AbsoluteUri::parse`, reference by `Uri::parse`), written by `Display` |
//! | normalize (syntax) | [`Uri::parse`], [`Uri::normalize`] ("Apply the `remove_dot_segments` routine"), `Display` |
//!
//! Non-strict resolution and scheme-based normalization are `Unsupported`.
//!
//! # Entry points
//!
//! | entry point | reached by |
//! |---|---|
//! | `Uri::parse`, `AbsoluteUri::parse` | parse |
//! | `AbsoluteUri::resolve` | resolve |
//! | `Uri::resolve` | another resolution: the same target as `AbsoluteUri::resolve` |
//! | `Uri::normalize` | normalize |
//! | `Display` of `Uri` | serialize (rebuilt from decoded components: the text is not kept) |
//! | `Uri::try_from(&str)`, `Uri::try_from(String)` | conversion, URI-reference |
//! | `AbsoluteUri::try_from(Uri)` | conversion, URI |
//! | `Authority::parse` | sub-parser, on the input's authority |

use std::convert::TryFrom;

use uniresid::{AbsoluteUri, Authority, Uri};

use super::reproduction::Programs;
use super::segment_list::{decoded_text, joined_path};
use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Part, Profile, Promises, Reach,
    written,
};
use crate::model::{Components, Field, Outcome};
use crate::reference::{Level, ParseOptions, Rule};

/// The `uniresid` crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniresid;

const BLIND_SPOTS: &[BlindSpot] = &[
    BlindSpot {
        field: Field::Scheme,
        blindness: Blindness::CaseFolded,
        reason: "uniresid::Uri::parse lowercases the scheme (parse_scheme: to_lowercase)",
    },
    BlindSpot {
        field: Field::Userinfo,
        blindness: Blindness::Reencoded,
        reason: "uniresid::Authority::user_info is the decoded bytes: \"percent encodings are \
                 decoded during parsing\" (Uri's documentation), written back with \"%\" and \
                 invalid UTF-8 percent-encoded (segment_list::decoded_text)",
    },
    BlindSpot {
        field: Field::Host,
        blindness: Blindness::Reencoded,
        reason: "uniresid::Authority::host is the decoded bytes, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
    BlindSpot {
        field: Field::Host,
        blindness: Blindness::CaseFolded,
        reason: "uniresid lowercases a reg-name after decoding it (parse_host_port, the \
                 host_mixed_case test)",
    },
    BlindSpot {
        field: Field::HostKind,
        blindness: Blindness::Hidden,
        reason: "uniresid has no host kind: Authority::host is bytes, bracketed by Display when \
                 they are an IPv6 address, and nothing tells an IPv4 address from a reg-name",
    },
    BlindSpot {
        field: Field::Port,
        blindness: Blindness::EmptyIsUndefined,
        reason: "uniresid::Authority::port is an Option<u16>, None for an empty port \
                 (parse_host_port)",
    },
    BlindSpot {
        field: Field::Path,
        blindness: Blindness::Reencoded,
        reason: "uniresid::Uri::path is a list of decoded segments, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
    BlindSpot {
        field: Field::Query,
        blindness: Blindness::Reencoded,
        reason: "uniresid::Uri::query is the decoded bytes, written back with \"%\" and \
                 invalid UTF-8 percent-encoded",
    },
    BlindSpot {
        field: Field::Fragment,
        blindness: Blindness::Reencoded,
        reason: "uniresid::Uri::fragment is the decoded bytes, written back with \"%\" and \
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
            userinfo: authority.user_info().map(decoded_text),
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
            userinfo: authority.and_then(Authority::user_info).map(decoded_text),
            host: host.as_ref().map(|(h, _)| h.clone()),
            port: authority.and_then(Authority::port).map(|p| p.to_string()),
            path: joined_path(uri.path()),
            query: uri.query().map(decoded_text),
            fragment: uri.fragment().map(decoded_text),
        },
        host_kind: host.map(|(_, k)| k),
    }
}

fn parse_outcome(result: Result<Uri, uniresid::Error>) -> Outcome {
    match result {
        Ok(uri) => parsed(&uri),
        Err(e) => Outcome::Invalid(format!("{e} ({e:?})")),
    }
}

/// The entry points of the table in the module documentation.
pub const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "uniresid::Uri::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "uniresid::AbsoluteUri::resolve",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "uniresid::Uri::normalize",
        reach: Reach::Operation("normalize"),
        program: None,
    },
    EntryPoint {
        name: "uniresid::Uri (Display)",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "uniresid::Uri::try_from(&str)",
        reach: Reach::Conversion(Rule::UriReference, |s| parse_outcome(Uri::try_from(s))),
        program: Some("println!(\"{:?}\", uniresid::Uri::try_from(input).map(|u| u.to_string()));"),
    },
    EntryPoint {
        name: "uniresid::Uri::try_from(String)",
        reach: Reach::Conversion(Rule::UriReference, |s| {
            parse_outcome(Uri::try_from(s.to_owned()))
        }),
        program: Some(
            "println!(\"{:?}\", uniresid::Uri::try_from(input.to_owned()).map(|u| u.to_string()));",
        ),
    },
    EntryPoint {
        name: "uniresid::AbsoluteUri::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        // The relative reference type's own resolution: the same target as
        // AbsoluteUri::resolve, whose base is the same Uri.
        name: "uniresid::Uri::resolve",
        reach: Reach::Resolution(|base, reference| {
            let base = match AbsoluteUri::parse(base) {
                Ok(base) => base,
                Err(e) => return Outcome::Invalid(format!("base: {e}")),
            };
            match Uri::parse(reference) {
                Ok(reference) => Outcome::Resolved(base.uri().resolve(&reference).to_string()),
                Err(e) => Outcome::Invalid(e.to_string()),
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "uniresid::AbsoluteUri::try_from(Uri)",
        reach: Reach::Conversion(Rule::Uri, |s| match Uri::parse(s) {
            Ok(uri) => match AbsoluteUri::try_from(uri) {
                Ok(absolute) => parsed(&absolute),
                Err(e) => Outcome::Invalid(e.to_string()),
            },
            Err(e) => Outcome::Invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        name: "uniresid::Authority::parse",
        reach: Reach::Part(Part::Authority, |s| match Authority::parse(s) {
            Ok(authority) => authority_outcome(&authority),
            Err(e) => Outcome::Invalid(e.to_string()),
        }),
        program: None,
    },
];

impl Implementation for Uniresid {
    fn about(&self) -> About<'_> {
        About {
            name: "uniresid",
            version: concat!("uniresid ", env!("URI_CONFORMANCE_VERSION_UNIRESID")),
            spec: "RFC 3986",
            docs: "https://docs.rs/uniresid/0.1.5",
        }
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => parse_outcome(Uri::parse(input)),
            Rule::Uri | Rule::AbsoluteUri => match AbsoluteUri::parse(input) {
                Ok(uri) if rule == Rule::AbsoluteUri && uri.fragment().is_some() => {
                    Outcome::Invalid("a fragment".to_owned())
                }
                Ok(uri) => parsed(&uri),
                Err(e) => Outcome::Invalid(format!("{e} ({e:?})")),
            },
            Rule::RelativeRef => match Uri::parse(input) {
                Ok(uri) if uri.is_relative_reference() => parsed(&uri),
                Ok(_) => {
                    Outcome::Invalid("a scheme (Uri::is_relative_reference is false)".to_owned())
                }
                Err(e) => Outcome::Invalid(format!("{e} ({e:?})")),
            },
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        if !strict {
            return Outcome::Unsupported;
        }
        let base = match AbsoluteUri::parse(base) {
            Ok(base) => base,
            Err(e) => return Outcome::Invalid(format!("base: {e} ({e:?})")),
        };
        match Uri::parse(reference) {
            Ok(reference) => Outcome::Resolved(base.resolve(reference).to_string()),
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
    /// path segments of the URI, in order to normalize the path" (uniresid src/uri.rs).
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
            "uniresid = \"=",
            env!("URI_CONFORMANCE_VERSION_UNIRESID"),
            "\""
        ),
        parse: Some(
            r#"
            match uniresid::Uri::parse(input) {
                Ok(u) => {
                    let a = u.authority();
                    println!("scheme={:?} relative={}", u.scheme(), u.is_relative_reference());
                    println!("userinfo={:?} host={:?} port={:?}", a.and_then(|a| a.user_info()).map(String::from_utf8_lossy), a.map(|a| String::from_utf8_lossy(a.host())), a.and_then(|a| a.port()));
                    println!("path={:?} query={:?} fragment={:?}", u.path().iter().map(|s| String::from_utf8_lossy(s)).collect::<Vec<_>>(), u.query().map(String::from_utf8_lossy), u.fragment().map(String::from_utf8_lossy));
                    println!("written back: {u}");
                }
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            let base = uniresid::AbsoluteUri::parse(base).unwrap();
            let reference = uniresid::Uri::parse(input).unwrap();
            println!("{}", base.resolve(reference));
            "#,
        ),
        normalize: Some(
            r#"
            let mut u = uniresid::Uri::parse(input).unwrap();
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
        Engine::in_thread(vec![std::sync::Arc::new(Uniresid)], Catalogue::bundled())
            .run_one("uniresid", &Request::parse(input))
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

    fn components(input: &str) -> Components {
        match Uniresid.parse(input, Rule::UriReference, ParseOptions::default()) {
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
        let parse = |input, rule| Uniresid.parse(input, rule, ParseOptions::default());
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
            Uniresid.resolve("http://a/b/c/d;p?q", "g;x?y#s", true),
            Outcome::Resolved("http://a/b/c/g;x?y#s".to_owned())
        );
        assert_eq!(
            Uniresid.resolve("http://a/", "g", false),
            Outcome::Unsupported
        );
        assert_eq!(
            Uniresid.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Level::Syntax),
            Outcome::Normalized("example://a/b/c/%7Bfoo%7D".to_owned())
        );
    }
}
