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
//!
//! [`Authority::userinfo`]: rhymuri::Authority::userinfo
//! [`Authority::host`]: rhymuri::Authority::host
//! [`Authority::port`]: rhymuri::Authority::port

use rhymuri::Uri;

use super::segment_list::{decoded_uri_items, decoded_uri_operations};
use super::{Implementation, resolved_strictly};
use crate::model::Outcome;
use crate::reference::{ParseOptions, Rule};

/// The `rhymuri` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Rhymuri;

decoded_uri_items! {
    krate: rhymuri,
    version: "URI_CONFORMANCE_VERSION_RHYMURI",
    userinfo: userinfo,
    port_reason: "; the C++ library's HasPort has no Rust counterpart",
    resolve: "rhymuri::Uri::resolve",
    more_entry_points: [],
    resolve_program: r#"
        let base = rhymuri::Uri::parse(base).unwrap();
        let reference = rhymuri::Uri::parse(input).unwrap();
        println!("{}", base.resolve(&reference));
        "#,
}

impl Implementation for Rhymuri {
    decoded_uri_operations!(rhymuri);

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        let uri = match Uri::parse(input) {
            Ok(uri) => uri,
            Err(e) => return Outcome::invalid(format!("{e} ({e:?})")),
        };
        let relative = uri.is_relative_reference();
        match rule {
            Rule::UriReference => {}
            Rule::Uri | Rule::AbsoluteUri if relative => {
                return Outcome::invalid("Uri::is_relative_reference: no scheme".to_owned());
            }
            Rule::Uri => {}
            Rule::AbsoluteUri if uri.fragment().is_some() => {
                return Outcome::invalid("a fragment".to_owned());
            }
            Rule::AbsoluteUri => {}
            Rule::RelativeRef if !relative => {
                return Outcome::invalid(
                    "a scheme (Uri::is_relative_reference is false)".to_owned(),
                );
            }
            Rule::RelativeRef => {}
        }
        parsed(&uri)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || match Uri::parse(base) {
                Ok(base) if base.is_relative_reference() => Err("a relative reference".to_owned()),
                Ok(base) => Ok(base),
                Err(e) => Err(format!("{e} ({e:?})")),
            },
            || Uri::parse(reference).map_err(|e| format!("{e} ({e:?})")),
            |base, reference| Outcome::Resolved(base.resolve(&reference).to_string()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::segment_list::decoded_uri_tests;

    decoded_uri_tests!(Rhymuri, "rhymuri");

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

    /// A segment holding "/" (decoded "%2F") keeps it encoded: one segment, not two.
    #[test]
    fn a_slash_in_a_segment_stays_encoded() {
        for (input, path) in [("a%2Fb/c", "a%2Fb/c"), ("/%2F/..", "/%2F/..")] {
            assert_eq!(components(input).path, path, "{input}");
        }
    }
}
