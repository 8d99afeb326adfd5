//! The `ada-url` crate, version 4.0.0 (Rust bindings to the Ada C++ library, `ADA_VERSION`
//! 4.0.0, bundled), behind the [`Implementation`] trait.
//!
//! Ada follows the WHATWG URL Standard, not RFC 3986. Like `url`, it parses an input into a
//! WHATWG URL record and serializes it again, so its getters return the text of the
//! *serialized* URL (lowercased scheme and special hosts, percent-encoded characters, IDNA,
//! re-serialized IPv4 and IPv6 addresses, default ports and dot-segments removed); the adapter
//! reports that text as it is. The getters are those of the WHATWG `URL` API, which spell an
//! undefined and an empty query or fragment the same way; Ada's `has_*` functions tell them
//! apart where its record can.
//!
//! # Parsing
//!
//! [`ada_url::Url::parse`] with no base is the only entry point; it parses an absolute URL (a
//! scheme is required, a fragment allowed), the WHATWG counterpart of the `URI` rule. Its error,
//! [`ada_url::ParseUrlError`], holds only the input, never the reason:
//!
//! - `Rule::Uri`: every error is `Invalid`.
//! - `Rule::UriReference`: an error is `Unsupported` when the input has no scheme by the URL
//!   Standard's scheme start and scheme states ([`whatwg::has_scheme`](crate::whatwg::has_scheme):
//!   after the leading and trailing C0 controls and spaces and every ASCII tab and newline are
//!   removed, an ASCII letter followed by ASCII letters, digits, `+`, `-` or `.` up to a `:`):
//!   without a base the standard then fails with *missing-scheme-non-relative-URL*, the error
//!   `url` names `RelativeUrlWithoutBase`, and Ada cannot parse such a reference on its own at
//!   all. Any other error is `Invalid`.
//! - `Rule::AbsoluteUri`, `Rule::RelativeRef`: `Unsupported`; Ada has no entry point that
//!   refuses a fragment, nor one that parses a relative reference on its own.
//!
//! These rules, and the mapping of a parsed URL to components below, are the shared ones of
//! [`whatwg::view`](crate::whatwg::view) (`parse_outcome`, `resolve_outcome`, `UrlView`), which
//! `url`'s adapter and the WHATWG model use too; this adapter only fills a `UrlView`.
//!
//! Components, from the parsed [`ada_url::Url`]:
//!
//! - scheme: [`Url::protocol`](ada_url::Url::protocol) without its trailing `:`.
//! - userinfo: undefined when [`Url::username`](ada_url::Url::username) and
//!   [`Url::password`](ada_url::Url::password) are both `""`; otherwise the username, followed
//!   by `:` and the password when the password is not `""` (`user:pass`, `:pass`, `user`). The
//!   WHATWG record has a username and a password that are `""` by default, and Ada serializes
//!   neither an empty password nor an empty userinfo (`http://u:@a/` is `http://u@a/`,
//!   `http://@a/` is `http://a/`; [`Url::has_credentials`](ada_url::Url::has_credentials) is
//!   false for both), so an empty userinfo cannot be told from an undefined one: blind spot
//!   [`Blindness::EmptyIsUndefined`] on `userinfo`.
//! - host: [`Url::hostname`](ada_url::Url::hostname) when
//!   [`Url::has_hostname`](ada_url::Url::has_hostname) is true (it is true for an empty host,
//!   `file:///etc`, `foo:///x`); undefined otherwise. IPv6 addresses keep their brackets.
//! - host kind: [`Url::host_type`](ada_url::Url::host_type) when there is a host:
//!   [`ada_url::HostType::Domain`] is reg-name (for a non-special scheme Ada's host is an
//!   *opaque host* and its type `Domain`, even `1.2.3.4`; the empty host is `Domain` too),
//!   [`ada_url::HostType::IPV4`] ipv4, [`ada_url::HostType::IPV6`] ipv6. Ada has no IPvFuture (it
//!   rejects `[v1.x]`).
//! - port: [`Url::port`](ada_url::Url::port) (the decimal digits of a 16-bit port) when
//!   [`Url::has_port`](ada_url::Url::has_port) is true. The WHATWG record has no empty port (`http://a:/` has no port), so an empty port
//!   cannot be told from an undefined one: blind spot [`Blindness::EmptyIsUndefined`] on `port`.
//!   Ada also drops a port equal to the scheme's default and leading zeros; reported as given.
//! - path: [`Url::pathname`](ada_url::Url::pathname). For a URL without a host whose path starts
//!   with `//`, Ada serializes a `/.` prefix (`foo:/.//g`) that is not part of the pathname.
//! - query: [`Url::search`](ada_url::Url::search) without its leading `?` when
//!   [`Url::has_search`](ada_url::Url::has_search) is true, undefined otherwise (`search()` is
//!   `""` for an empty query as for none; `has_search` is true for `http://a/?`).
//! - fragment: [`Url::hash`](ada_url::Url::hash) without its leading `#` when
//!   [`Url::has_hash`](ada_url::Url::has_hash) is true, undefined otherwise.
//!
//! # Resolution
//!
//! The base is parsed first with [`ada_url::Url::parse`] (an error there is reported as the
//! base's), then the reference with `Url::parse(reference, Some(base))`, serialized with
//! [`Url::href`](ada_url::Url::href). Ada has no strict and non-strict modes of its own (it is
//! non-strict for special schemes, strict for the others), so `strict == false` is
//! `Unsupported`.
//!
//! # Normalization
//!
//! `Unsupported`: Ada has no normalization API, and its serialization is the WHATWG URL
//! serializer, not RFC 3986 §6.2.2 normalization (it neither decodes percent-encoded unreserved
//! characters nor uppercases triplets, and it rewrites hosts, ports and paths by WHATWG's rules).
//!
//! [`Implementation`]: super::Implementation
//!
//! # Entry points
//!
//! Every public way from a string to a URL, and how the harness reaches it ([`ENTRY_POINTS`]; a
//! conversion must agree with `parse`, see [`crate::diff::properties`]):
//!
//! | entry point | reached by |
//! |---|---|
//! | `Url::parse(input, None)` | parse |
//! | `Url::parse(reference, Some(base))` | resolve |
//! | `Url::href` | serialize (the URL Standard's serializer) |
//! | `Url::can_parse` | conversion, URI |
//! | `Url::set_protocol`, `set_username`, `set_password`, `set_host`, `set_hostname`, `set_port`, `set_pathname`, `set_search`, `set_hash` | setters, parse and resolve: as url's |

use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Profile, Promises, Reach, Reading,
    SetterCall, SetterRecorder, View, written,
};
use crate::model::{Field, Outcome};
use crate::reference::{ParseOptions, Rule};
use crate::whatwg::view::{self, HostType, UrlView};

/// The `ada-url` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AdaUrl;

const BLIND_SPOTS: &[BlindSpot] = &[
    BlindSpot {
        field: Field::Userinfo,
        blindness: Blindness::EmptyIsUndefined,
        reason: "ada_url::Url::username and Url::password return \"\" both for no userinfo and \
                 for an empty one (http://@a/), and Url::has_credentials is false for both",
    },
    BlindSpot {
        field: Field::Port,
        blindness: Blindness::EmptyIsUndefined,
        reason: "ada_url::Url::has_port is false and Url::port \"\" both for no port and for an \
                 empty one (http://a:/): the WHATWG URL record has no empty port",
    },
];

/// The view of a parsed URL that the harness maps to components, shared with `url` and the
/// WHATWG model.
fn view(url: &ada_url::Url) -> UrlView<'_> {
    let protocol = url.protocol();
    let search = url.search();
    let hash = url.hash();
    UrlView {
        scheme: protocol.strip_suffix(':').unwrap_or(protocol),
        username: url.username(),
        password: url.password(),
        host: url.has_hostname().then(|| {
            let kind = match url.host_type() {
                ada_url::HostType::Domain => HostType::Domain,
                ada_url::HostType::IPV4 => HostType::Ipv4,
                ada_url::HostType::IPV6 => HostType::Ipv6,
            };
            (url.hostname(), kind)
        }),
        // The port getter is the decimal digits of a 16-bit port when has_port is true.
        port: url.has_port().then(|| url.port().parse().ok()).flatten(),
        path: url.pathname(),
        query: url
            .has_search()
            .then(|| search.strip_prefix('?').unwrap_or(search)),
        fragment: url
            .has_hash()
            .then(|| hash.strip_prefix('#').unwrap_or(hash)),
    }
}

/// The accessors of `Url` beside the getters [`view`] reads: `host` (the URL API's host
/// getter, the host and a port after `:`), on the URL `parse` gets for `input`.
fn readings(input: &str, rule: Rule) -> Option<Vec<Reading>> {
    if !matches!(rule, Rule::UriReference | Rule::Uri) {
        return None;
    }
    let url = ada_url::Url::parse(input, None).ok()?;
    Some(vec![Reading {
        accessor: "ada_url::Url::host",
        view: View::Joined(&[Field::Host, Field::Port]),
        value: url.has_hostname().then(|| url.host().to_owned()),
    }])
}

/// The components of a parsed URL, through the shared view.
fn components(url: &ada_url::Url) -> Outcome {
    view(url).outcome()
}

/// Ada's setters on the URL parsed from `input`, each on its own copy: with no donor, each
/// given the value the URL already has (from the matching getter of the `URL` API), then the
/// query and the fragment cleared; with a donor URL, each given the donor's value. An empty
/// query or fragment (`?`, `#`), or a null host, has no own value to give: the `URL` API's `search` and `hash`
/// setters take `""` as "none" (the URL Standard's setters: "If the given value is the empty
/// string, set url's query to null").
fn setter_calls(input: &str, donor: Option<&str>) -> Vec<SetterCall> {
    let Ok(url) = ada_url::Url::parse(input, None) else {
        return Vec::new();
    };
    let donor = match donor.map(|d| ada_url::Url::parse(d, None)) {
        None => None,
        Some(Ok(donor)) => Some(donor),
        Some(Err(_)) => return Vec::new(),
    };
    let own = donor.is_none();
    let source = donor.as_ref().unwrap_or(&url);
    let mut recorder = SetterRecorder::new(&url, ada_url::Url::href, |s| {
        ada_url::Url::parse(s, None)
            .map(|u| u.href().to_owned())
            .map_err(|e| e.to_string())
    });
    let protocol = source.protocol().to_owned();
    recorder.call("Url::set_protocol", format!("{protocol:?}"), own, &|u| {
        let _ = u.set_protocol(&protocol);
    });
    let username = source.username().to_owned();
    recorder.call(
        "Url::set_username",
        format!("Some({username:?})"),
        own,
        &|u| {
            let _ = u.set_username(Some(&username));
        },
    );
    let password = source.password().to_owned();
    recorder.call(
        "Url::set_password",
        format!("Some({password:?})"),
        own,
        &|u| {
            let _ = u.set_password(Some(&password));
        },
    );
    // Without a host the getters give "", which the setters take as the empty host (the
    // URL Standard's host setter gives `a:/` the host "": `a:///`): no own value.
    if !own || url.has_hostname() {
        let host = source.host().to_owned();
        recorder.call("Url::set_host", format!("Some({host:?})"), own, &|u| {
            let _ = u.set_host(Some(&host));
        });
        let hostname = source.hostname().to_owned();
        recorder.call(
            "Url::set_hostname",
            format!("Some({hostname:?})"),
            own,
            &|u| {
                let _ = u.set_hostname(Some(&hostname));
            },
        );
    }
    let port = source.port().to_owned();
    recorder.call("Url::set_port", format!("Some({port:?})"), own, &|u| {
        let _ = u.set_port(Some(&port));
    });
    let pathname = source.pathname().to_owned();
    recorder.call(
        "Url::set_pathname",
        format!("Some({pathname:?})"),
        own,
        &|u| {
            let _ = u.set_pathname(Some(&pathname));
        },
    );
    if !(source.has_search() && source.search().is_empty()) {
        let search = source.search().to_owned();
        recorder.call("Url::set_search", format!("Some({search:?})"), own, &|u| {
            u.set_search(Some(&search))
        });
    }
    if !(source.has_hash() && source.hash().is_empty()) {
        let hash = source.hash().to_owned();
        recorder.call("Url::set_hash", format!("Some({hash:?})"), own, &|u| {
            u.set_hash(Some(&hash))
        });
    }
    if own {
        recorder.call("Url::set_search", "None".to_owned(), false, &|u| {
            u.set_search(None)
        });
        recorder.call("Url::set_hash", "None".to_owned(), false, &|u| {
            u.set_hash(None)
        });
    }
    recorder.calls()
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "ada_url::Url::parse(input, None)",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "ada_url::Url accessors",
        reach: Reach::Accessors(readings),
        program: None,
    },
    EntryPoint {
        name: "ada_url::Url::parse(reference, Some(base))",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        name: "ada_url::Url::href",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        // "Returns whether the URL can be parsed": the same answer as parse, with parse's
        // components when it can.
        name: "ada_url::Url::can_parse",
        reach: Reach::Conversion(Rule::Uri, |s| {
            if ada_url::Url::can_parse(s, None) {
                match ada_url::Url::parse(s, None) {
                    Ok(url) => components(&url),
                    Err(e) => Outcome::invalid(format!("can_parse is true, parse fails: {e}")),
                }
            } else {
                Outcome::invalid("can_parse is false".to_owned())
            }
        }),
        program: None,
    },
    EntryPoint {
        name: "ada_url::Url::set_*",
        reach: Reach::Setters(setter_calls),
        program: None,
    },
];

impl Implementation for AdaUrl {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        view::parse_outcome(rule, input, || {
            ada_url::Url::parse(input, None).map(|url| view(&url).outcome())
        })
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        view::resolve_outcome(
            strict,
            || ada_url::Url::parse(base, None),
            |_| ada_url::Url::parse(reference, Some(base)).map(|target| target.href().to_owned()),
        )
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "ada-url",
        version: concat!("ada-url ", env!("URI_CONFORMANCE_VERSION_ADA_URL")),
        spec: "WHATWG URL",
        docs: "https://docs.rs/ada-url/4.0.0/ada_url/",
    },
    blind_spots: BLIND_SPOTS,
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| {
        if !crate::whatwg::has_scheme(input) {
            return None;
        }
        written(ada_url::Url::parse(input, None), |url| {
            url.href().to_owned()
        })
    }),
    programs: None,
    promises: Promises::NONE,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;
    use crate::reference::HostKind;

    fn parse(input: &str) -> Outcome {
        AdaUrl.parse(input, Rule::UriReference, ParseOptions::default())
    }

    fn components_of(input: &str) -> (Components, Option<HostKind>) {
        match parse(input) {
            Outcome::Parsed {
                components,
                host_kind,
            } => (components, host_kind),
            other => panic!("{input}: {other:?}"),
        }
    }

    fn owned(value: Option<&str>) -> Option<String> {
        value.map(str::to_owned)
    }

    #[test]
    fn all_components() {
        let (c, kind) = components_of("http://a/b?c#d");
        assert_eq!(
            c,
            Components {
                scheme: owned(Some("http")),
                userinfo: None,
                host: owned(Some("a")),
                port: None,
                path: "/b".to_owned(),
                query: owned(Some("c")),
                fragment: owned(Some("d")),
            }
        );
        assert_eq!(kind, Some(HostKind::RegName));
    }

    #[test]
    fn getters_from_the_documentation() {
        // Url::username and Url::password: ftp://rms:secret123@example.com.
        let (c, _) = components_of("ftp://rms:secret123@example.com");
        assert_eq!(c.userinfo.as_deref(), Some("rms:secret123"));
        // Url::hostname and Url::host: https://127.0.0.1:8080/index.html.
        let (c, kind) = components_of("https://127.0.0.1:8080/index.html");
        assert_eq!(c.host.as_deref(), Some("127.0.0.1"));
        assert_eq!(c.port.as_deref(), Some("8080"));
        assert_eq!(kind, Some(HostKind::Ipv4));
        // Url::port: https://example.com has none.
        let (c, _) = components_of("https://example.com");
        assert_eq!(c.port, None);
        assert_eq!(c.path, "/");
        // Url::search and Url::hash.
        let (c, _) = components_of("https://example.com/products?page=2");
        assert_eq!(c.query.as_deref(), Some("page=2"));
        assert_eq!(c.fragment, None);
        let (c, _) = components_of("https://example.com/data.csv#row=4");
        assert_eq!(c.query, None);
        assert_eq!(c.fragment.as_deref(), Some("row=4"));
        // Url::protocol: file:///tmp/foo; an empty host (has_hostname is true).
        let (c, kind) = components_of("file:///tmp/foo");
        assert_eq!(c.scheme.as_deref(), Some("file"));
        assert_eq!(c.host.as_deref(), Some(""));
        assert_eq!(kind, Some(HostKind::RegName));
    }

    #[test]
    fn empty_query_and_fragment_are_defined() {
        // has_search and has_hash test search_start and hash_start, not the getters' text.
        let (c, _) = components_of("http://a/?#");
        assert_eq!(c.query.as_deref(), Some(""));
        assert_eq!(c.fragment.as_deref(), Some(""));
    }

    #[test]
    fn ipv6_and_no_authority() {
        let (c, kind) = components_of("http://[::1]/");
        assert_eq!(c.host.as_deref(), Some("[::1]"));
        assert_eq!(kind, Some(HostKind::Ipv6));
        let (c, kind) = components_of("mailto:a@b");
        assert_eq!((c.host, c.userinfo, kind), (None, None, None));
        assert_eq!(c.path, "a@b");
    }

    #[test]
    fn rules() {
        assert_eq!(parse("/a"), Outcome::Unsupported);
        assert_eq!(parse("//a/b"), Outcome::Unsupported);
        assert!(matches!(
            AdaUrl.parse("/a", Rule::Uri, ParseOptions::default()),
            Outcome::Invalid(_)
        ));
        assert!(matches!(parse("http://a:99999/"), Outcome::Invalid(_)));
        for rule in [Rule::AbsoluteUri, Rule::RelativeRef] {
            assert_eq!(
                AdaUrl.parse("http://a/", rule, ParseOptions::default()),
                Outcome::Unsupported
            );
        }
    }

    #[test]
    fn resolution() {
        // Url::can_parse's documentation: /pathname against https://ada-url.github.io/ada.
        assert_eq!(
            AdaUrl.resolve("https://ada-url.github.io/ada", "/pathname", true),
            Outcome::Resolved("https://ada-url.github.io/pathname".to_owned())
        );
        assert_eq!(
            AdaUrl.resolve("http://a/b/c/d;p?q", "../g", true),
            Outcome::Resolved("http://a/b/g".to_owned())
        );
        crate::impls::testing::assert_resolves_strictly_only(&AdaUrl, "/a");
        crate::impls::testing::assert_no_normalization(&AdaUrl);
    }

    #[test]
    fn blind_spots() {
        let fields: Vec<Field> = AdaUrl.blind_spots().iter().map(|b| b.field).collect();
        assert_eq!(fields, [Field::Userinfo, Field::Port]);
    }
}
