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
//!
//! [`Authority::user_info`]: uniresid::Authority::user_info
//! [`Authority::host`]: uniresid::Authority::host
//! [`Authority::port`]: uniresid::Authority::port

use std::convert::TryFrom;

use uniresid::{AbsoluteUri, Uri};

use super::segment_list::{decoded_uri_items, decoded_uri_operations};
use super::{EntryPoint, Implementation, Reach, resolved_strictly};
use crate::model::Outcome;
use crate::reference::{ParseOptions, Rule};

/// The `uniresid` crate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Uniresid;

decoded_uri_items! {
    krate: uniresid,
    version: "URI_CONFORMANCE_VERSION_UNIRESID",
    userinfo: user_info,
    port_reason: " (parse_host_port)",
    resolve: "uniresid::AbsoluteUri::resolve",
    more_entry_points: [
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
                    Err(e) => return Outcome::invalid_base(e.to_string()),
                };
                match Uri::parse(reference) {
                    Ok(reference) => Outcome::Resolved(base.uri().resolve(&reference).to_string()),
                    Err(e) => Outcome::invalid(e.to_string()),
                }
            }),
            program: None,
        },
        EntryPoint {
            name: "uniresid::AbsoluteUri::try_from(Uri)",
            reach: Reach::Conversion(Rule::Uri, |s| match Uri::parse(s) {
                Ok(uri) => match AbsoluteUri::try_from(uri) {
                    Ok(absolute) => parsed(&absolute),
                    Err(e) => Outcome::invalid(e.to_string()),
                },
                Err(e) => Outcome::invalid(e.to_string()),
            }),
            program: None,
        },
    ],
    resolve_program: r#"
        let base = uniresid::AbsoluteUri::parse(base).unwrap();
        let reference = uniresid::Uri::parse(input).unwrap();
        println!("{}", base.resolve(reference));
        "#,
}

impl Implementation for Uniresid {
    decoded_uri_operations!(uniresid);

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => parse_outcome(Uri::parse(input)),
            Rule::Uri | Rule::AbsoluteUri => match AbsoluteUri::parse(input) {
                Ok(uri) if rule == Rule::AbsoluteUri && uri.fragment().is_some() => {
                    Outcome::invalid("a fragment".to_owned())
                }
                Ok(uri) => parsed(&uri),
                Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
            },
            Rule::RelativeRef => match Uri::parse(input) {
                Ok(uri) if uri.is_relative_reference() => parsed(&uri),
                Ok(_) => {
                    Outcome::invalid("a scheme (Uri::is_relative_reference is false)".to_owned())
                }
                Err(e) => Outcome::invalid(format!("{e} ({e:?})")),
            },
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        resolved_strictly(
            strict,
            || AbsoluteUri::parse(base).map_err(|e| format!("{e} ({e:?})")),
            || Uri::parse(reference).map_err(|e| format!("{e} ({e:?})")),
            |base, reference| Outcome::Resolved(base.resolve(reference).to_string()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::segment_list::decoded_uri_tests;

    decoded_uri_tests!(Uniresid, "uniresid");
}
