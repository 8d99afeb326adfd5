//! The specifications an implementation may claim in its `about` answer's `spec` (or a bundled
//! adapter in [`super::About::spec`]), and so the judge it gets:
//!
//! | claim (case-insensitive; the claim starts with it) | judged by |
//! |---|---|
//! | `RFC 3986` | the reference (RFC 3986), the default |
//! | `RFC 3987` | the reference: its IRI rules for IRI parse requests, RFC 3986 for URI ones |
//! | `RFC 9112` | the reference (a request target's absolute form is RFC 3986's `absolute-URI`), with the catalogue's models of the implementation |
//! | `WHATWG URL`, `URL Standard`, `https://url.spec.whatwg.org` | the URL Standard model with its IDNA (`crate::whatwg`), the known difference `whatwg-url-standard`, and the WHATWG profile over the web-platform-tests |
//!
//! Any other claim is judged by RFC 3986, and the command line says so once at start.

/// A specification a parser follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Specification {
    /// RFC 3986, URI Generic Syntax.
    Rfc3986,
    /// RFC 3987, Internationalized Resource Identifiers.
    Rfc3987,
    /// RFC 9112's request targets, whose forms are RFC 3986's.
    Rfc9112,
    /// The WHATWG URL Standard.
    UrlStandard,
}

/// The names a claim may start with, for each specification, as the table above lists them.
const NAMES: &[(&str, Specification)] = &[
    ("rfc 3986", Specification::Rfc3986),
    ("rfc3986", Specification::Rfc3986),
    ("rfc 3987", Specification::Rfc3987),
    ("rfc3987", Specification::Rfc3987),
    ("rfc 9112", Specification::Rfc9112),
    ("rfc9112", Specification::Rfc9112),
    ("whatwg url", Specification::UrlStandard),
    ("url standard", Specification::UrlStandard),
    ("https://url.spec.whatwg.org", Specification::UrlStandard),
];

impl Specification {
    /// The specification a `spec` text claims, or `None` for a claim none of the names starts.
    pub fn from_claim(claim: &str) -> Option<Specification> {
        let claim = claim.trim().to_ascii_lowercase();
        NAMES
            .iter()
            .find(|(name, _)| claim.starts_with(name))
            .map(|&(_, spec)| spec)
    }

    /// The names a claim may take, for messages.
    pub const fn documented() -> &'static str {
        "RFC 3986, RFC 3987, RFC 9112, WHATWG URL (or URL Standard)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims() {
        assert_eq!(
            Specification::from_claim("RFC 3986 (loosely; urlsplit never rejects)"),
            Some(Specification::Rfc3986)
        );
        assert_eq!(
            Specification::from_claim("WHATWG URL"),
            Some(Specification::UrlStandard)
        );
        assert_eq!(
            Specification::from_claim(" url standard (Node 20)"),
            Some(Specification::UrlStandard)
        );
        assert_eq!(
            Specification::from_claim("RFC 3987"),
            Some(Specification::Rfc3987)
        );
        assert_eq!(Specification::from_claim("RFC 2396"), None);
        assert_eq!(Specification::from_claim(""), None);
    }
}
