//! The `url` crate, version 2.5.8, behind the [`Implementation`] trait.
//!
//! `url` follows the WHATWG URL Standard, not RFC 3986: it parses an input into a WHATWG URL
//! record and serializes that record again, so what its getters return is the text of the
//! *serialized* URL, not a slice of the input. Lowercasing, percent-encoding, IDNA, IPv4 and IPv6
//! re-serialization, default-port removal and dot-segment removal all happen while parsing; the
//! adapter reports them as they are (they are differences for the harness to find, not for the
//! adapter to undo).
//!
//! # Parsing
//!
//! [`url::Url::parse`] is the only entry point. It parses an absolute URL (a scheme is required,
//! a fragment allowed), which is the WHATWG counterpart of the `URI` rule:
//!
//! - `Rule::Uri`: every error is `Invalid`.
//! - `Rule::UriReference`: an error is `Unsupported` when the input has no scheme by the URL
//!   Standard's scheme start and scheme states ([`whatwg::has_scheme`](crate::whatwg::has_scheme)):
//!   without a base the Standard then fails with missing-scheme-non-relative-URL, which is
//!   exactly when `url` returns `ParseError::RelativeUrlWithoutBase` (`Parser::parse_url`), and
//!   `url` cannot parse such a reference on its own at all. Any other error is `Invalid`.
//! - `Rule::AbsoluteUri`, `Rule::RelativeRef`: `Unsupported`; `url` has no entry point that
//!   refuses a fragment, nor one that parses a relative reference on its own.
//!
//! These rules, and the mapping of a parsed URL to components below, are the shared ones of
//! [`whatwg::view`](crate::whatwg::view) (`parse_outcome`, `resolve_outcome`, `UrlView`), which
//! `ada-url`'s adapter and the WHATWG model use too; this adapter only fills a `UrlView`.
//!
//! Components, from the parsed [`url::Url`]:
//!
//! - scheme: [`Url::scheme`](url::Url::scheme) (always lowercased by `url`).
//! - userinfo: undefined when [`Url::username`](url::Url::username) is `""` and
//!   [`Url::password`](url::Url::password) is `None`; otherwise the username, followed by `:`
//!   and the password when the password is `Some` (`user:pass`, `:pass`, `user`); `url` never
//!   returns `Some("")`. `url` drops an empty password and an empty userinfo while parsing
//!   (`http://u:@a/` gives username `u` and password `None`, `http://@a/` the same as
//!   `http://a/`), so an empty userinfo cannot be told from an undefined one: blind spot
//!   [`Blindness::EmptyIsUndefined`] on `userinfo`.
//! - host: [`Url::host_str`](url::Url::host_str) when [`Url::has_authority`](url::Url::has_authority)
//!   is true; `url` keeps brackets around an IPv6 address. An authority with an empty host
//!   (`file:///etc`, `foo:///x`: `has_authority()` is true and `host_str()` is `None`, the
//!   serialization has `//` followed by the path) is reported as the empty host. Undefined
//!   without an authority.
//! - host kind: from [`Url::host`](url::Url::host): [`url::Host::Domain`] is reg-name (for a
//!   non-special scheme `url` returns an *opaque host* as `Domain`, even `1.2.3.4`),
//!   [`url::Host::Ipv4`] ipv4, [`url::Host::Ipv6`] ipv6; the empty host is reg-name; `None`
//!   without an authority. `url` has no IPvFuture (it rejects `[v1.x]`).
//! - port: [`Url::port`](url::Url::port) (`Option<u16>`) in decimal. The WHATWG URL record has
//!   no empty port (`http://a:/` parses with port `None`), so an empty port cannot be told from
//!   an undefined one: blind spot [`Blindness::EmptyIsUndefined`] on `port`. `url` also drops a
//!   port equal to the scheme's default (`http://a:80/`) and leading zeros (`:0081` is `81`);
//!   those are reported as given.
//! - path: [`Url::path`](url::Url::path). For a URL without a host whose path starts with `//`,
//!   `url` serializes a `/.` prefix (`foo:/.//g`) that is not part of the path: `path()` is `//g`.
//! - query: [`Url::query`](url::Url::query); fragment: [`Url::fragment`](url::Url::fragment)
//!   (both `None` when undefined, `Some("")` when empty).
//!
//! # Resolution
//!
//! [`Url::parse`](url::Url::parse) for the base, then [`Url::join`](url::Url::join) for the
//! reference, serialized with [`Url::as_str`](url::Url::as_str). `url` has no strict and
//! non-strict modes of its own: it is non-strict for special schemes (`http:g` against an `http`
//! base is relative) and strict for the others, so `strict == false` is `Unsupported`, and
//! `strict == true` is answered with `join` as it is.
//!
//! # Normalization
//!
//! `Unsupported`. `url` has no normalization API; its serialization is the WHATWG URL
//! serializer applied to the parsed record, which is not RFC 3986 §6.2.2 syntax-based
//! normalization: it does not decode percent-encoded unreserved characters (`%7E` stays), does
//! not uppercase the hexadecimal digits of triplets, percent-encodes characters RFC 3986 treats
//! as invalid instead, lowercases only special-scheme hosts, rewrites IPv4 and IPv6 addresses,
//! and removes dot-segments and default ports by WHATWG's rules for every scheme it knows.
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
//! | `Url::parse` | parse |
//! | `Url::join` | resolve |
//! | `Url::options().base_url(Some(base)).parse` | another resolution: the same target as `join` ("Parse a string as an URL, with this URL as the base URL") |
//! | `Url::as_str` | serialize (the URL Standard's serializer; parsing the href again must give it back) |
//! | `Url::from_str`, `ParseOptions::parse` | conversion, URI |
//! | `Url::make_relative`, then `Url::join` | conversion, URI: "This is the inverse of join" |
//! | `Host::parse` | conversion, URI: a special URL's host parsed again alone |
//! | the setters (`url::quirks::set_*` over `Url::set_*`) | the web-platform-tests setter cases ([`crate::setters`]) |
//! | `Url::domain`, `Url::path_segments`, the slices `Url[Position..Position]` of the authority, host, port, scheme, path with query, query and fragment, `url::quirks::hostname`, `port` and `pathname` | accessors: each must read what `parse` reports |
//! | `Url::set_scheme`, `set_username`, `set_password`, `set_host`, `set_port`, `set_path`, `set_query`, `set_fragment` | setters, parse and resolve: each given the URL's own value changes nothing, and after each (own values, the query or fragment cleared, a reference's values on the base) the href parses back to itself |

use url::Position;

use super::reproduction::Programs;
use super::{
    About, BlindSpot, Blindness, EntryPoint, Implementation, Profile, Promises, Reach, Reading,
    SetterCall, SetterRecorder, View,
};
use crate::model::{Field, Outcome};
use crate::reference::HostKind;
use crate::reference::{ParseOptions, Rule};
use crate::whatwg::view::{self, HostType, UrlView};

/// The `url` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct UrlCrate;

const BLIND_SPOTS: &[BlindSpot] = &[
    BlindSpot {
        field: Field::Userinfo,
        blindness: Blindness::EmptyIsUndefined,
        reason: "url::Url::username returns \"\" and Url::password None both for no userinfo \
                 and for an empty one (http://@a/), and for an empty password (http://u:@a/)",
    },
    BlindSpot {
        field: Field::Port,
        blindness: Blindness::EmptyIsUndefined,
        reason: "url::Url::port is an Option<u16>: an empty port (http://a:/) is None, as no \
                 port is",
    },
];

/// The view of a parsed URL that the harness maps to components, shared with `ada-url` and the
/// WHATWG model.
fn view(url: &url::Url) -> UrlView<'_> {
    // An authority with the empty host (`file:///tmp`): has_authority() is true and host()
    // None.
    let host = url.has_authority().then(|| match url.host() {
        Some(url::Host::Ipv4(_)) => (url.host_str().unwrap_or(""), HostType::Ipv4),
        Some(url::Host::Ipv6(_)) => (url.host_str().unwrap_or(""), HostType::Ipv6),
        Some(url::Host::Domain(_)) | None => (url.host_str().unwrap_or(""), HostType::Domain),
    });
    UrlView {
        scheme: url.scheme(),
        username: url.username(),
        password: url.password().unwrap_or(""),
        host,
        port: url.port(),
        path: url.path(),
        query: url.query(),
        fragment: url.fragment(),
    }
}

/// The accessors of `Url` beside the getters [`view`] reads: `domain`, `path_segments`, the slices between [`Position`]s and the URL API's getters in
/// `url::quirks`, on the URL `parse` gets for `input`. A slice of an absent component is
/// `""` ("its "before" and "after" position are the same"), so it is read only where the
/// component is there.
fn readings(input: &str, rule: Rule) -> Option<Vec<Reading>> {
    if !matches!(rule, Rule::UriReference | Rule::Uri) {
        return None;
    }
    let url = url::Url::parse(input).ok()?;
    let authority = url.has_authority();
    let read = |accessor, view, value: Option<&str>| Reading {
        accessor,
        view,
        value: value.map(str::to_owned),
    };
    const AUTHORITY: View = View::Joined(&[Field::Userinfo, Field::Host, Field::Port]);
    let port = |text: &str| (!text.is_empty()).then(|| text.to_owned());
    let mut all = vec![
        read(
            "url::Url[BeforeUsername..AfterPort]",
            AUTHORITY,
            authority.then(|| &url[Position::BeforeUsername..Position::AfterPort]),
        ),
        read(
            "url::Url[BeforeHost..AfterHost]",
            View::Field(Field::Host),
            authority.then(|| &url[Position::BeforeHost..Position::AfterHost]),
        ),
        Reading {
            accessor: "url::Url[BeforePort..AfterPort]",
            view: View::PortNumber,
            value: port(&url[Position::BeforePort..Position::AfterPort]),
        },
        read(
            "url::Url[..AfterScheme]",
            View::Field(Field::Scheme),
            Some(&url[..Position::AfterScheme]),
        ),
        read(
            "url::Url[BeforePath..AfterQuery]",
            View::Joined(&[Field::Path, Field::Query]),
            Some(&url[Position::BeforePath..Position::AfterQuery]),
        ),
        read(
            "url::Url[BeforeQuery..AfterQuery]",
            View::Field(Field::Query),
            url.query()
                .map(|_| &url[Position::BeforeQuery..Position::AfterQuery]),
        ),
        read(
            "url::Url[BeforeFragment..AfterFragment]",
            View::Field(Field::Fragment),
            url.fragment()
                .map(|_| &url[Position::BeforeFragment..Position::AfterFragment]),
        ),
        read(
            "url::quirks::hostname",
            View::Field(Field::Host),
            authority.then(|| url::quirks::hostname(&url)),
        ),
        Reading {
            accessor: "url::quirks::port",
            view: View::PortNumber,
            value: port(url::quirks::port(&url)),
        },
        read(
            "url::quirks::pathname",
            View::Field(Field::Path),
            Some(url::quirks::pathname(&url)),
        ),
    ];
    if let Some(domain) = url.domain() {
        all.push(read(
            "url::Url::domain",
            View::Field(Field::Host),
            Some(domain),
        ));
    }
    if let Some(segments) = url.path_segments() {
        let path: String = segments.map(|segment| format!("/{segment}")).collect();
        all.push(read(
            "url::Url::path_segments",
            View::Field(Field::Path),
            Some(&path),
        ));
    }
    Some(all)
}

/// The components of a parsed URL, through the shared view.
fn components(url: &url::Url) -> Outcome {
    view(url).outcome()
}

/// `url`'s setters on the URL parsed from `input`, each on its own copy: with no donor, each
/// given the value the URL already has (from the matching getter), then the query and the
/// fragment cleared; with a donor URL, each given the donor's value.
fn setter_calls(input: &str, donor: Option<&str>) -> Vec<SetterCall> {
    let Ok(url) = url::Url::parse(input) else {
        return Vec::new();
    };
    let donor = match donor.map(url::Url::parse) {
        None => None,
        Some(Ok(donor)) => Some(donor),
        Some(Err(_)) => return Vec::new(),
    };
    let own = donor.is_none();
    let source = donor.as_ref().unwrap_or(&url);
    let mut recorder = SetterRecorder::new(&url, url::Url::as_str, |s| {
        url::Url::parse(s)
            .map(|u| u.as_str().to_owned())
            .map_err(|e| e.to_string())
    });
    let scheme = source.scheme().to_owned();
    recorder.call("Url::set_scheme", format!("{scheme:?}"), own, &|u| {
        let _ = u.set_scheme(&scheme);
    });
    let username = source.username().to_owned();
    recorder.call("Url::set_username", format!("{username:?}"), own, &|u| {
        let _ = u.set_username(&username);
    });
    let password = source.password().map(str::to_owned);
    recorder.call("Url::set_password", format!("{password:?}"), own, &|u| {
        let _ = u.set_password(password.as_deref());
    });
    // An authority with the empty host (`foo:///x`) has `host_str() == None`, as no
    // authority does; its own host is `Some("")`.
    let host = source
        .has_authority()
        .then(|| source.host_str().unwrap_or("").to_owned());
    recorder.call("Url::set_host", format!("{host:?}"), own, &|u| {
        let _ = u.set_host(host.as_deref());
    });
    let port = source.port();
    recorder.call("Url::set_port", format!("{port:?}"), own, &|u| {
        let _ = u.set_port(port);
    });
    let path = source.path().to_owned();
    recorder.call("Url::set_path", format!("{path:?}"), own, &|u| {
        u.set_path(&path)
    });
    let query = source.query().map(str::to_owned);
    recorder.call("Url::set_query", format!("{query:?}"), own, &|u| {
        u.set_query(query.as_deref())
    });
    let fragment = source.fragment().map(str::to_owned);
    recorder.call("Url::set_fragment", format!("{fragment:?}"), own, &|u| {
        u.set_fragment(fragment.as_deref())
    });
    if own {
        recorder.call("Url::set_query", "None".to_owned(), false, &|u| {
            u.set_query(None)
        });
        recorder.call("Url::set_fragment", "None".to_owned(), false, &|u| {
            u.set_fragment(None)
        });
    }
    recorder.calls()
}

/// The entry points of the table in the module documentation.
pub(crate) const ENTRY_POINTS: &[EntryPoint] = &[
    EntryPoint {
        name: "url::Url::parse",
        reach: Reach::Operation("parse"),
        program: None,
    },
    EntryPoint {
        name: "url::Url accessors",
        reach: Reach::Accessors(readings),
        program: None,
    },
    EntryPoint {
        name: "url::Url::join",
        reach: Reach::Operation("resolve"),
        program: None,
    },
    EntryPoint {
        // The parser given the base: `join` is documented as this call.
        name: "url::ParseOptions::base_url",
        reach: Reach::Resolution(|base, reference| {
            view::resolve_outcome(
                true,
                || url::Url::parse(base),
                |base| {
                    url::Url::options()
                        .base_url(Some(&base))
                        .parse(reference)
                        .map(|target| target.as_str().to_owned())
                },
            )
        }),
        program: None,
    },
    EntryPoint {
        name: "url::Url::as_str",
        reach: Reach::Operation("serialize"),
        program: None,
    },
    EntryPoint {
        name: "url::Url::from_str",
        reach: Reach::Conversion(Rule::Uri, |s| match s.parse::<url::Url>() {
            Ok(url) => components(&url),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(r#"println!("{:?}", input.parse::<url::Url>().map(|u| u.to_string()));"#),
    },
    EntryPoint {
        name: "url::ParseOptions::parse",
        reach: Reach::Conversion(Rule::Uri, |s| match url::Url::options().parse(s) {
            Ok(url) => components(&url),
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: None,
    },
    EntryPoint {
        // "Creates a relative URL if possible, with this URL as the base URL. This is the
        // inverse of join": joined back onto its base (the URL's own "."), the relative URL
        // must give the URL. Where there is no relative URL (None), the parse stands.
        name: "url::Url::make_relative",
        reach: Reach::Conversion(Rule::Uri, |s| match url::Url::parse(s) {
            Ok(url) => {
                let Ok(base) = url.join(".") else {
                    return components(&url);
                };
                match base.make_relative(&url) {
                    Some(relative) => match base.join(&relative) {
                        Ok(back) => components(&back),
                        Err(e) => Outcome::invalid(format!(
                            "{relative:?} does not join onto {:?}: {e}",
                            base.as_str()
                        )),
                    },
                    None => components(&url),
                }
            }
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(
            r#"let url = url::Url::parse(input).unwrap();
let base = url.join(".").unwrap();
let relative = base.make_relative(&url);
println!("url {:?}, base {:?}, make_relative {relative:?}", url.as_str(), base.as_str());
if let Some(relative) = relative {
    println!("base.join(relative) = {:?}", base.join(&relative).map(|u| u.to_string()));
}"#,
        ),
    },
    EntryPoint {
        // The host of a special URL, parsed again with the host parser alone: "The host
        // parser takes a scalar value string input ... returns a host or failure", and a
        // serialized host parses to itself.
        name: "url::Host::parse",
        reach: Reach::Conversion(Rule::Uri, |s| match url::Url::parse(s) {
            Ok(url) => {
                let special = matches!(
                    url.scheme(),
                    "http" | "https" | "ws" | "wss" | "ftp" | "file"
                );
                let parsed = components(&url);
                let (Some(host), true) = (url.host_str(), special) else {
                    return parsed;
                };
                match url::Host::parse(host) {
                    Ok(again) => match parsed {
                        Outcome::Parsed {
                            mut components,
                            host_kind,
                        } => {
                            let kind = match again {
                                url::Host::Domain(_) => HostKind::RegName,
                                url::Host::Ipv4(_) => HostKind::Ipv4,
                                url::Host::Ipv6(_) => HostKind::Ipv6,
                            };
                            components.host = Some(again.to_string());
                            Outcome::Parsed {
                                components,
                                host_kind: host_kind.map(|_| kind),
                            }
                        }
                        other => other,
                    },
                    Err(e) => Outcome::invalid(format!("host {host:?}: {e}")),
                }
            }
            Err(e) => Outcome::invalid(e.to_string()),
        }),
        program: Some(
            r#"let url = url::Url::parse(input).unwrap();
let host = url.host_str().unwrap();
println!("{host:?} -> {:?}", url::Host::parse(host).map(|h| h.to_string()));"#,
        ),
    },
    EntryPoint {
        // The typed setters (the URL Standard's API setters are `url::quirks` over them).
        name: "url::Url::set_*",
        reach: Reach::Setters(setter_calls),
        program: None,
    },
];

impl Implementation for UrlCrate {
    fn profile(&self) -> &Profile {
        &PROFILE
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        view::parse_outcome(rule, input, || {
            url::Url::parse(input).map(|url| view(&url).outcome())
        })
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        view::resolve_outcome(
            strict,
            || url::Url::parse(base),
            |base| {
                base.join(reference)
                    .map(|target| target.as_str().to_owned())
            },
        )
    }
}

/// What the adapter declares of the crate beside its operations.
const PROFILE: Profile = Profile {
    about: About {
        name: "url",
        version: concat!("url ", env!("URI_CONFORMANCE_VERSION_URL")),
        spec: "WHATWG URL",
        docs: "https://docs.rs/url/2.5.8/url/",
    },
    blind_spots: BLIND_SPOTS,
    entry_points: ENTRY_POINTS,
    serialize: Some(|input| match url::Url::parse(input) {
        Ok(url) => Some(Ok(url.as_str().to_owned())),
        Err(url::ParseError::RelativeUrlWithoutBase) => None,
        Err(e) => Some(Err(e.to_string())),
    }),
    programs: Some(Programs {
        dependency: concat!("url = \"=", env!("URI_CONFORMANCE_VERSION_URL"), "\""),
        parse: Some(
            r#"
            match url::Url::parse(input) {
                Ok(u) => println!("scheme={:?} username={:?} password={:?} host={:?} port={:?} path={:?} query={:?} fragment={:?}", u.scheme(), u.username(), u.password(), u.host(), u.port(), u.path(), u.query(), u.fragment()),
                Err(e) => println!("error: {e}"),
            }
            "#,
        ),
        resolve: Some(
            r#"
            match url::Url::parse(base).and_then(|base| base.join(input)) {
                Ok(target) => println!("{target}"),
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
    use crate::model::Components;
    use crate::reference::HostKind;

    fn parse(input: &str) -> Outcome {
        UrlCrate.parse(input, Rule::UriReference, ParseOptions::default())
    }

    #[allow(clippy::too_many_arguments)]
    fn parsed(
        scheme: &str,
        userinfo: Option<&str>,
        host: Option<&str>,
        port: Option<&str>,
        path: &str,
        query: Option<&str>,
        fragment: Option<&str>,
        host_kind: Option<HostKind>,
    ) -> Outcome {
        Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.to_owned()),
                userinfo: userinfo.map(str::to_owned),
                host: host.map(str::to_owned),
                port: port.map(str::to_owned),
                path: path.to_owned(),
                query: query.map(str::to_owned),
                fragment: fragment.map(str::to_owned),
            },
            host_kind,
        }
    }

    #[test]
    fn all_components() {
        assert_eq!(
            parse("http://a/b?c#d"),
            parsed(
                "http",
                None,
                Some("a"),
                None,
                "/b",
                Some("c"),
                Some("d"),
                Some(HostKind::RegName)
            )
        );
    }

    #[test]
    fn userinfo_is_rebuilt_from_username_and_password() {
        // Url::password's documentation: rms:secret123, :secret123, rms.
        let userinfo = |input: &str| match parse(input) {
            Outcome::Parsed { components, .. } => components.userinfo,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            userinfo("ftp://rms:secret123@example.com").as_deref(),
            Some("rms:secret123")
        );
        assert_eq!(
            userinfo("ftp://:secret123@example.com").as_deref(),
            Some(":secret123")
        );
        assert_eq!(userinfo("ftp://rms@example.com").as_deref(), Some("rms"));
        assert_eq!(userinfo("https://example.com").as_deref(), None);
    }

    #[test]
    fn ports_as_url_gives_them() {
        // Url::port's documentation: ssh://example.com:22 has 22, https://example.com:443/ none.
        assert_eq!(
            parse("ssh://example.com:22"),
            parsed(
                "ssh",
                None,
                Some("example.com"),
                Some("22"),
                "",
                None,
                None,
                Some(HostKind::RegName)
            )
        );
        assert_eq!(
            parse("https://example.com:443/"),
            parsed(
                "https",
                None,
                Some("example.com"),
                None,
                "/",
                None,
                None,
                Some(HostKind::RegName)
            )
        );
    }

    #[test]
    fn host_kinds_from_the_host_enum() {
        assert_eq!(
            parse("https://127.0.0.1/index.html"),
            parsed(
                "https",
                None,
                Some("127.0.0.1"),
                None,
                "/index.html",
                None,
                None,
                Some(HostKind::Ipv4)
            )
        );
        assert_eq!(
            parse("http://[::1]/"),
            parsed(
                "http",
                None,
                Some("[::1]"),
                None,
                "/",
                None,
                None,
                Some(HostKind::Ipv6)
            )
        );
    }

    #[test]
    fn no_authority_and_empty_host() {
        // Url::has_authority's documentation: unix:/run/foo.socket and data: have none.
        assert_eq!(
            parse("unix:/run/foo.socket"),
            parsed(
                "unix",
                None,
                None,
                None,
                "/run/foo.socket",
                None,
                None,
                None
            )
        );
        assert_eq!(
            parse("data:text/plain,Stuff"),
            parsed(
                "data",
                None,
                None,
                None,
                "text/plain,Stuff",
                None,
                None,
                None
            )
        );
        // Url::authority's documentation: file:///tmp/foo has an empty authority.
        assert_eq!(
            parse("file:///tmp/foo"),
            parsed(
                "file",
                None,
                Some(""),
                None,
                "/tmp/foo",
                None,
                None,
                Some(HostKind::RegName)
            )
        );
    }

    #[test]
    fn rules() {
        assert_eq!(parse("/a"), Outcome::Unsupported);
        assert_eq!(
            UrlCrate.parse("/a", Rule::Uri, ParseOptions::default()),
            Outcome::invalid("relative URL without a base".to_owned())
        );
        for rule in [Rule::AbsoluteUri, Rule::RelativeRef] {
            assert_eq!(
                UrlCrate.parse("http://a/", rule, ParseOptions::default()),
                Outcome::Unsupported
            );
        }
        assert!(matches!(parse("http://a:99999/"), Outcome::Invalid(_)));
    }

    #[test]
    fn resolution_by_join() {
        // Url::join's documentation.
        assert_eq!(
            UrlCrate.resolve("https://example.net/a/b.html", "c.png", true),
            Outcome::Resolved("https://example.net/a/c.png".to_owned())
        );
        assert_eq!(
            UrlCrate.resolve("https://alice.com/a", "//eve.com/b", true),
            Outcome::Resolved("https://eve.com/b".to_owned())
        );
        crate::impls::testing::assert_resolves_strictly_only(&UrlCrate, "/a");
        crate::impls::testing::assert_no_normalization(&UrlCrate);
    }

    #[test]
    fn blind_spots() {
        let fields: Vec<Field> = UrlCrate.blind_spots().iter().map(|b| b.field).collect();
        assert_eq!(fields, [Field::Userinfo, Field::Port]);
    }
}
