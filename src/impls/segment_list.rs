//! What rhymuri and its fork uniresid share: a URI held as decoded bytes and a segment list,
//! written back as RFC 3986 text for the model's components.

use crate::reference::HostKind;

/// The crate's decoded bytes as text whose percent-decoding gives them back: `%` and the
/// bytes of invalid UTF-8 are percent-encoded, everything else is as the crate holds it.
pub(super) fn decoded_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '%' {
                out.push_str("%25");
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A path held as segments, written as RFC 3986 text: the segments joined with `/`, and `[""]`
/// as `/` (`Uri::path_to_string`'s rule). A `/` inside a segment (the crate's decoding of
/// `%2F`) is written `%2F`, so that the text keeps the crate's segments.
pub(super) fn joined_path(segments: &[Vec<u8>]) -> String {
    match segments {
        [only] if only.is_empty() => "/".to_owned(),
        _ => segments
            .iter()
            .map(|s| decoded_text(s).replace('/', "%2F"))
            .collect::<Vec<_>>()
            .join("/"),
    }
}

/// A host as these crates' `Display` writes it: in brackets when the crate brackets it
/// (`written_bracketed`: the crate's own `Display` of an `Authority` holding the host alone,
/// which brackets exactly the hosts its `validate_ipv6_address` takes, "::00.0.0.0" among
/// them, a text `std::net::Ipv6Addr` refuses), as it is otherwise; and the kind that writing
/// shows. The crates have no host kind (a declared blind spot): the kind is `ipv6` where they
/// bracket the host and `reg-name` everywhere else, never one read from the decoded text
/// (`%30.0.0.0` is decoded to `0.0.0.0`, which the crates do not call an IPv4 address either).
pub(super) fn host_and_kind(host: &[u8], written_bracketed: bool) -> (String, HostKind) {
    let text = decoded_text(host);
    if written_bracketed {
        (format!("[{text}]"), HostKind::Ipv6)
    } else {
        (text, HostKind::RegName)
    }
}

/// The items an adapter of rhymuri and an adapter of its fork uniresid share, written once for
/// `krate`: the blind spots, the mapping of a parsed `Uri` onto the model's components, the
/// entry points both crates have (with the fork's own `more` before `Authority::parse`, and its
/// resolution's name), and the [`super::Profile`] with the reproduction programs (the fork's
/// own resolution program). The crates differ in the name of `Authority`'s userinfo accessor
/// (`userinfo`) and in what the port's blind spot says of the crate (`port_reason`, after
/// "None for an empty port").
macro_rules! decoded_uri_items {
    (
        krate: $krate:ident,
        version: $version:tt,
        userinfo: $userinfo:ident,
        port_reason: $port_reason:literal,
        resolve: $resolve:literal,
        more_entry_points: [$($more:expr),* $(,)?],
        resolve_program: $resolve_program:literal $(,)?
    ) => {
        const BLIND_SPOTS: &[$crate::impls::BlindSpot] = {
            use $crate::impls::{BlindSpot, Blindness};
            use $crate::model::Field;
            &[
                BlindSpot {
                    field: Field::Scheme,
                    blindness: Blindness::CaseFolded,
                    reason: concat!(
                        stringify!($krate),
                        "::Uri::parse lowercases the scheme (parse_scheme: to_lowercase)"
                    ),
                },
                BlindSpot {
                    field: Field::Userinfo,
                    blindness: Blindness::Reencoded,
                    reason: concat!(
                        stringify!($krate),
                        "::Authority::",
                        stringify!($userinfo),
                        " is the decoded bytes: \"percent encodings are decoded during parsing\" \
                         (Uri's documentation), written back with \"%\" and invalid UTF-8 \
                         percent-encoded (segment_list::decoded_text)"
                    ),
                },
                BlindSpot {
                    field: Field::Host,
                    blindness: Blindness::Reencoded,
                    reason: concat!(
                        stringify!($krate),
                        "::Authority::host is the decoded bytes, written back with \"%\" and \
                         invalid UTF-8 percent-encoded"
                    ),
                },
                BlindSpot {
                    field: Field::Host,
                    blindness: Blindness::CaseFolded,
                    reason: concat!(
                        stringify!($krate),
                        " lowercases a reg-name after decoding it (parse_host_port, the \
                         host_mixed_case test)"
                    ),
                },
                BlindSpot {
                    field: Field::HostKind,
                    blindness: Blindness::Hidden,
                    reason: concat!(
                        stringify!($krate),
                        " has no host kind: Authority::host is bytes, bracketed by Display when \
                         they are an IPv6 address, and nothing tells an IPv4 address from a \
                         reg-name"
                    ),
                },
                BlindSpot {
                    field: Field::Port,
                    blindness: Blindness::EmptyIsUndefined,
                    reason: concat!(
                        stringify!($krate),
                        "::Authority::port is an Option<u16>, None for an empty port",
                        $port_reason
                    ),
                },
                BlindSpot {
                    field: Field::Path,
                    blindness: Blindness::Reencoded,
                    reason: concat!(
                        stringify!($krate),
                        "::Uri::path is a list of decoded segments, written back with \"%\" and \
                         invalid UTF-8 percent-encoded"
                    ),
                },
                BlindSpot {
                    field: Field::Query,
                    blindness: Blindness::Reencoded,
                    reason: concat!(
                        stringify!($krate),
                        "::Uri::query is the decoded bytes, written back with \"%\" and invalid \
                         UTF-8 percent-encoded"
                    ),
                },
                BlindSpot {
                    field: Field::Fragment,
                    blindness: Blindness::Reencoded,
                    reason: concat!(
                        stringify!($krate),
                        "::Uri::fragment is the decoded bytes, written back with \"%\" and \
                         invalid UTF-8 percent-encoded"
                    ),
                },
            ]
        };

        /// The host as the adapter reports it: in brackets, and of kind `ipv6`, exactly where
        /// the crate's own `Display` of an `Authority` holding it writes brackets.
        fn host_and_kind(host: &[u8]) -> (String, $crate::reference::HostKind) {
            let mut alone = $krate::Authority::default();
            alone.set_host(host);
            super::segment_list::host_and_kind(host, alone.to_string().starts_with('['))
        }

        fn authority_outcome(authority: &$krate::Authority) -> $crate::model::Outcome {
            let (host, kind) = host_and_kind(authority.host());
            $crate::impls::authority_parsed(
                authority
                    .$userinfo()
                    .map(super::segment_list::decoded_text),
                host,
                authority.port().map(|p| p.to_string()),
                kind,
            )
        }

        fn parsed(uri: &$krate::Uri) -> $crate::model::Outcome {
            use super::segment_list::{decoded_text, joined_path};
            let authority = uri.authority();
            let host = authority.map(|a| host_and_kind(a.host()));
            $crate::model::Outcome::Parsed {
                components: $crate::model::Components {
                    scheme: uri.scheme().map(str::to_owned),
                    userinfo: authority
                        .and_then($krate::Authority::$userinfo)
                        .map(decoded_text),
                    host: host.as_ref().map(|(h, _)| h.clone()),
                    port: authority
                        .and_then($krate::Authority::port)
                        .map(|p| p.to_string()),
                    path: joined_path(uri.path()),
                    query: uri.query().map(decoded_text),
                    fragment: uri.fragment().map(decoded_text),
                },
                host_kind: host.map(|(_, k)| k),
            }
        }

        /// A parse's answer; the error with its `Debug`, which names the part refused.
        fn parse_outcome(result: Result<$krate::Uri, $krate::Error>) -> $crate::model::Outcome {
            match result {
                Ok(uri) => parsed(&uri),
                Err(e) => $crate::model::Outcome::invalid(format!("{e} ({e:?})")),
            }
        }

        /// The entry points of the table in the module documentation.
        pub(crate) const ENTRY_POINTS: &[$crate::impls::EntryPoint] = &[
            $crate::impls::EntryPoint {
                name: concat!(stringify!($krate), "::Uri::parse"),
                reach: $crate::impls::Reach::Operation("parse"),
                program: None,
            },
            $crate::impls::EntryPoint {
                name: $resolve,
                reach: $crate::impls::Reach::Operation("resolve"),
                program: None,
            },
            $crate::impls::EntryPoint {
                name: concat!(stringify!($krate), "::Uri::normalize"),
                reach: $crate::impls::Reach::Operation("normalize"),
                program: None,
            },
            $crate::impls::EntryPoint {
                name: concat!(stringify!($krate), "::Uri (Display)"),
                reach: $crate::impls::Reach::Operation("serialize"),
                program: None,
            },
            $crate::impls::EntryPoint {
                name: concat!(stringify!($krate), "::Uri::try_from(&str)"),
                reach: $crate::impls::Reach::Conversion($crate::reference::Rule::UriReference, |s| {
                    parse_outcome($krate::Uri::try_from(s))
                }),
                program: Some(concat!(
                    r#"println!("{:?}", "#,
                    stringify!($krate),
                    r#"::Uri::try_from(input).map(|u| u.to_string()));"#
                )),
            },
            $crate::impls::EntryPoint {
                name: concat!(stringify!($krate), "::Uri::try_from(String)"),
                reach: $crate::impls::Reach::Conversion($crate::reference::Rule::UriReference, |s| {
                    parse_outcome($krate::Uri::try_from(s.to_owned()))
                }),
                program: Some(concat!(
                    r#"println!("{:?}", "#,
                    stringify!($krate),
                    r#"::Uri::try_from(input.to_owned()).map(|u| u.to_string()));"#
                )),
            },
            $($more,)*
            $crate::impls::EntryPoint {
                name: concat!(stringify!($krate), "::Authority::parse"),
                reach: $crate::impls::Reach::Part($crate::impls::Part::Authority, |s| {
                    match $krate::Authority::parse(s) {
                        Ok(authority) => authority_outcome(&authority),
                        Err(e) => $crate::model::Outcome::invalid(e.to_string()),
                    }
                }),
                program: None,
            },
        ];

        /// What the adapter declares of the crate beside its operations.
        const PROFILE: $crate::impls::Profile = $crate::impls::Profile {
            about: $crate::impls::About {
                name: stringify!($krate),
                version: concat!(stringify!($krate), " ", env!($version)),
                spec: "RFC 3986",
                docs: concat!("https://docs.rs/", stringify!($krate), "/", env!($version)),
            },
            blind_spots: BLIND_SPOTS,
            entry_points: ENTRY_POINTS,
            serialize: Some(|input| {
                $crate::impls::written($krate::Uri::parse(input), |u| u.to_string())
            }),
            programs: Some($crate::impls::reproduction::Programs {
                dependency: concat!(stringify!($krate), " = \"=", env!($version), "\""),
                parse: Some(concat!(
                    r#"
                    match "#,
                    stringify!($krate),
                    r#"::Uri::parse(input) {
                        Ok(u) => {
                            let a = u.authority();
                            println!("scheme={:?} relative={}", u.scheme(), u.is_relative_reference());
                            println!("userinfo={:?} host={:?} port={:?}", a.and_then(|a| a."#,
                    stringify!($userinfo),
                    r#"()).map(String::from_utf8_lossy), a.map(|a| String::from_utf8_lossy(a.host())), a.and_then(|a| a.port()));
                            println!("path={:?} query={:?} fragment={:?}", u.path().iter().map(|s| String::from_utf8_lossy(s)).collect::<Vec<_>>(), u.query().map(String::from_utf8_lossy), u.fragment().map(String::from_utf8_lossy));
                            println!("written back: {u}");
                        }
                        Err(e) => println!("error: {e}"),
                    }
                    "#
                )),
                resolve: Some($resolve_program),
                normalize: Some(concat!(
                    r#"
                    let mut u = "#,
                    stringify!($krate),
                    r#"::Uri::parse(input).unwrap();
                    u.normalize();
                    println!("{u}");
                    "#
                )),
                ..$crate::impls::reproduction::Programs::NONE
            }),
            promises: $crate::impls::Promises::NONE.resolving_strictly(),
        };
    };
}
pub(super) use decoded_uri_items;

/// The operations an adapter of rhymuri and an adapter of its fork uniresid share, in its
/// `impl Implementation`: the normalization (`Uri::normalize`, the path's only) and the
/// [`super::Profile`] of [`decoded_uri_items`] (who it is, its serialization by `Display`).
macro_rules! decoded_uri_operations {
    ($krate:ident) => {
        fn profile(&self) -> &$crate::impls::Profile {
            &PROFILE
        }

        fn normalize(
            &self,
            input: &str,
            level: $crate::reference::Level,
        ) -> $crate::model::Outcome {
            use $crate::model::Outcome;
            // `Uri::normalize` has no levels: it removes the path's dot-segments.
            if level == $crate::reference::Level::Scheme {
                return Outcome::Unsupported;
            }
            match $krate::Uri::parse(input) {
                Ok(mut uri) => {
                    uri.normalize();
                    Outcome::Normalized(uri.to_string())
                }
                Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
            }
        }

        /// `Uri::normalize` is the path's: "Apply the `remove_dot_segments` routine ... to the
        /// path segments of the URI, in order to normalize the path" (src/uri.rs of both
        /// crates).
        fn normalization_level(&self) -> Option<$crate::reference::Level> {
            Some($crate::reference::Level::Path)
        }
    };
}
pub(super) use decoded_uri_operations;

/// The tests an adapter of rhymuri and one of uniresid share (inside its `mod tests`): the
/// decoded components and their bracketed hosts, undefined and empty components, the rules by
/// scheme, and the crates' own examples of resolution and normalization.
#[cfg(test)]
macro_rules! decoded_uri_tests {
    ($adapter:expr, $name:literal) => {
        use $crate::diff::{Catalogue, Engine};
        use $crate::impls::Implementation;
        use $crate::model::{Components, Outcome};
        use $crate::protocol::Request;
        use $crate::reference::{Level, ParseOptions, Rule};

        /// Whether the engine finds a bug (a candidate or a confirmed one) on parsing `input`.
        fn finds_a_bug(input: &str) -> bool {
            Engine::in_thread(vec![std::sync::Arc::new($adapter)], Catalogue::bundled())
                .run_one($name, &Request::parse(input))
                .is_some_and(|f| f.is_bug())
        }

        /// The crate has no host kind: `%30.0.0.0` (a reg-name, §3.2.2) decoded to `0.0.0.0`
        /// is no IPv4 address of the crate's, and no difference.
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
            match $adapter.parse(input, Rule::UriReference, ParseOptions::default()) {
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
            let parse = |input, rule| $adapter.parse(input, rule, ParseOptions::default());
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
                $adapter.resolve("http://a/b/c/d;p?q", "g;x?y#s", true),
                Outcome::Resolved("http://a/b/c/g;x?y#s".to_owned())
            );
            assert_eq!(
                $adapter.resolve("http://a/", "g", false),
                Outcome::Unsupported
            );
            assert_eq!(
                $adapter.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Level::Syntax),
                Outcome::Normalized("example://a/b/c/%7Bfoo%7D".to_owned())
            );
        }
    };
}
#[cfg(test)]
pub(super) use decoded_uri_tests;
