//! Parse errors: the ABNF rule that failed and the byte offset where it failed.
//!
//! The IRI rules of RFC 3987 §2.2 that differ from RFC 3986's have kinds of their own, named
//! like the RFC names them ("If the non-terminal contains 'URI', this has been changed to
//! 'IRI'.  Otherwise, an 'i' has been prefixed."); the rules §2.2 takes unchanged (`scheme`,
//! `port`, `IP-literal`, `pct-encoded`, ...) keep theirs.

use std::fmt;

/// The rule of RFC 3986 Appendix A (or RFC 6874) whose text cannot match.
///
/// The parser reports the first failure from left to right; each variant documents an input
/// that triggers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `scheme` is missing or malformed where the input must be a URI: `1a:b`, `:b`, or `//a`
    /// parsed by the `URI` rule.
    Scheme,
    /// `absolute-URI` has no fragment: `a:b#c` parsed by the `absolute-URI` rule.
    AbsoluteUri,
    /// `path-noscheme`'s first segment holds a colon: `a:b` parsed by the `relative-ref` rule.
    PathNoscheme,
    /// A character outside `userinfo`: `//a b@c`.
    Userinfo,
    /// A character outside `reg-name`: `//a@b@c`, `//a]`.
    Host,
    /// An `IP-literal` without its closing bracket: `//[::1`.
    IpLiteral,
    /// Bracketed text that is not an `IPv6address`: `//[::1::]`.
    Ipv6Address,
    /// Bracketed text starting with `v` that is not an `IPvFuture`: `//[v1]`.
    IpvFuture,
    /// An RFC 6874 zone that is not `"%25" ZoneID` (only with zone identifiers enabled):
    /// `//[fe80::1%eth0]`.
    ZoneId,
    /// Something other than `":" port` after an `IP-literal`: `//[::1]x`.
    Authority,
    /// A non-digit in `port`: `//a:8o`.
    Port,
    /// A character outside `path`: `/a b`.
    Path,
    /// A character outside `query`: `?a b`.
    Query,
    /// A character outside `fragment`, a second `#` included: `#a#b`.
    Fragment,
    /// A `%` not followed by two hexadecimal digits: `/%4G`.
    PctEncoded,
    /// RFC 3987: `absolute-IRI` has no fragment: `a:é#c` parsed by the `absolute-IRI` rule.
    AbsoluteIri,
    /// RFC 3987: `ipath-noscheme`'s first segment holds a colon: `é:b` by `irelative-ref`.
    IpathNoscheme,
    /// RFC 3987: a character outside `iuserinfo`: `//é\u{E000}@a` (`iprivate` is only for
    /// queries).
    Iuserinfo,
    /// RFC 3987: a character outside `ireg-name`: `//a@b@c`, `//\u{FFFE}`.
    Ihost,
    /// RFC 3987: something other than `":" port` after an `IP-literal`: `//[::1]é`.
    Iauthority,
    /// RFC 3987: a character outside `ipath`: `/\u{E000}`, `/\u{85}`.
    Ipath,
    /// RFC 3987: a character outside `iquery`: `?\u{FFFF}`.
    Iquery,
    /// RFC 3987: a character outside `ifragment`: `#\u{E000}`, `#a#b`.
    Ifragment,
}

impl ErrorKind {
    /// The name of the ABNF rule, as the vectors and the protocol spell it.
    pub const fn rule(self) -> &'static str {
        match self {
            ErrorKind::Scheme => "scheme",
            ErrorKind::AbsoluteUri => "absolute-URI",
            ErrorKind::PathNoscheme => "path-noscheme",
            ErrorKind::Userinfo => "userinfo",
            ErrorKind::Host => "host",
            ErrorKind::IpLiteral => "IP-literal",
            ErrorKind::Ipv6Address => "IPv6address",
            ErrorKind::IpvFuture => "IPvFuture",
            ErrorKind::ZoneId => "ZoneID",
            ErrorKind::Authority => "authority",
            ErrorKind::Port => "port",
            ErrorKind::Path => "path",
            ErrorKind::Query => "query",
            ErrorKind::Fragment => "fragment",
            ErrorKind::PctEncoded => "pct-encoded",
            ErrorKind::AbsoluteIri => "absolute-IRI",
            ErrorKind::IpathNoscheme => "ipath-noscheme",
            ErrorKind::Iuserinfo => "iuserinfo",
            ErrorKind::Ihost => "ihost",
            ErrorKind::Iauthority => "iauthority",
            ErrorKind::Ipath => "ipath",
            ErrorKind::Iquery => "iquery",
            ErrorKind::Ifragment => "ifragment",
        }
    }

    /// Whether the kind names a rule of RFC 3987 that RFC 3986 does not have.
    pub const fn is_iri_only(self) -> bool {
        matches!(
            self,
            ErrorKind::AbsoluteIri
                | ErrorKind::IpathNoscheme
                | ErrorKind::Iuserinfo
                | ErrorKind::Ihost
                | ErrorKind::Iauthority
                | ErrorKind::Ipath
                | ErrorKind::Iquery
                | ErrorKind::Ifragment
        )
    }

    /// The kind of the same failure by the IRI rules of RFC 3987 §2.2: the rule with the
    /// `i` prefix (or `IRI` for `URI`) where §2.2 changes the rule, the kind itself where §2.2
    /// takes RFC 3986's rule unchanged.
    pub const fn in_iri(self) -> ErrorKind {
        match self {
            ErrorKind::AbsoluteUri => ErrorKind::AbsoluteIri,
            ErrorKind::PathNoscheme => ErrorKind::IpathNoscheme,
            ErrorKind::Userinfo => ErrorKind::Iuserinfo,
            ErrorKind::Host => ErrorKind::Ihost,
            ErrorKind::Authority => ErrorKind::Iauthority,
            ErrorKind::Path => ErrorKind::Ipath,
            ErrorKind::Query => ErrorKind::Iquery,
            ErrorKind::Fragment => ErrorKind::Ifragment,
            other => other,
        }
    }

    /// Every kind, for tools that list them.
    pub const ALL: [ErrorKind; 23] = [
        ErrorKind::Scheme,
        ErrorKind::AbsoluteUri,
        ErrorKind::PathNoscheme,
        ErrorKind::Userinfo,
        ErrorKind::Host,
        ErrorKind::IpLiteral,
        ErrorKind::Ipv6Address,
        ErrorKind::IpvFuture,
        ErrorKind::ZoneId,
        ErrorKind::Authority,
        ErrorKind::Port,
        ErrorKind::Path,
        ErrorKind::Query,
        ErrorKind::Fragment,
        ErrorKind::PctEncoded,
        ErrorKind::AbsoluteIri,
        ErrorKind::IpathNoscheme,
        ErrorKind::Iuserinfo,
        ErrorKind::Ihost,
        ErrorKind::Iauthority,
        ErrorKind::Ipath,
        ErrorKind::Iquery,
        ErrorKind::Ifragment,
    ];

    /// The kind whose [`rule`](Self::rule) is `name`.
    pub fn from_rule(name: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|kind| kind.rule() == name)
    }

    const fn message(self) -> &'static str {
        match self {
            ErrorKind::Scheme => "invalid or missing scheme",
            ErrorKind::AbsoluteUri => "fragment not allowed in an absolute URI",
            ErrorKind::PathNoscheme => "colon in the first segment of a relative-path reference",
            ErrorKind::Userinfo => "invalid character in userinfo",
            ErrorKind::Host => "invalid character in host",
            ErrorKind::IpLiteral => "unclosed IP literal",
            ErrorKind::Ipv6Address => "invalid IPv6 address",
            ErrorKind::IpvFuture => "invalid IPvFuture address",
            ErrorKind::ZoneId => "invalid IPv6 zone identifier",
            ErrorKind::Authority => "unexpected character after IP literal",
            ErrorKind::Port => "invalid character in port",
            ErrorKind::Path => "invalid character in path",
            ErrorKind::Query => "invalid character in query",
            ErrorKind::Fragment => "invalid character in fragment",
            ErrorKind::PctEncoded => "invalid percent-encoding",
            ErrorKind::AbsoluteIri => "fragment not allowed in an absolute IRI",
            ErrorKind::IpathNoscheme => {
                "colon in the first segment of a relative-path IRI reference"
            }
            ErrorKind::Iuserinfo => "invalid character in iuserinfo",
            ErrorKind::Ihost => "invalid character in ihost",
            ErrorKind::Iauthority => "unexpected character after IP literal in iauthority",
            ErrorKind::Ipath => "invalid character in ipath",
            ErrorKind::Iquery => "invalid character in iquery",
            ErrorKind::Ifragment => "invalid character in ifragment",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rule())
    }
}

/// A failure to match a rule, at a byte offset of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ErrorKind,
    offset: usize,
}

impl ParseError {
    pub(crate) const fn new(kind: ErrorKind, offset: usize) -> Self {
        ParseError { kind, offset }
    }

    /// The rule that failed.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset of the offending character in the input.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// A display of the error under the input it came from, with a caret at the offset.
    ///
    /// ```text
    /// invalid percent-encoding at byte 12
    ///   http://a/b/%4G
    ///              ^
    /// ```
    pub fn with_input<'a>(&'a self, input: &'a str) -> impl fmt::Display + 'a {
        Caret { error: self, input }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.message(), self.offset)
    }
}

impl std::error::Error for ParseError {}

struct Caret<'a> {
    error: &'a ParseError,
    input: &'a str,
}

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Control and non-ASCII characters are escaped so that the caret lines up in a terminal.
        let mut shown = String::new();
        let mut column = None;
        for (at, c) in self.input.char_indices() {
            if at >= self.error.offset && column.is_none() {
                column = Some(shown.chars().count());
            }
            if c.is_ascii_graphic() || c == ' ' {
                shown.push(c);
            } else {
                shown.extend(c.escape_default());
            }
        }
        let column = column.unwrap_or_else(|| shown.chars().count());
        writeln!(f, "{}", self.error)?;
        writeln!(f, "  {shown}")?;
        write!(f, "  {:column$}^", "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_points_at_the_offset() {
        let error = ParseError::new(ErrorKind::PctEncoded, 11);
        assert_eq!(
            error.with_input("http://a/b/%4G").to_string(),
            "invalid percent-encoding at byte 11\n  http://a/b/%4G\n             ^"
        );
    }

    #[test]
    fn caret_counts_escaped_characters() {
        let error = ParseError::new(ErrorKind::Path, 2);
        assert_eq!(
            error.with_input("/\té").to_string(),
            "invalid character in path at byte 2\n  /\\t\\u{e9}\n     ^"
        );
    }

    #[test]
    fn caret_lines_up_under_a_non_ascii_character() {
        // "/é" then U+E000 at byte 3: the caret stands under the escape of U+E000, after the
        // six columns of "\u{e9}".
        let error = ParseError::new(ErrorKind::Ipath, 3);
        assert_eq!(
            error.with_input("/é\u{E000}").to_string(),
            "invalid character in ipath at byte 3\n  /\\u{e9}\\u{e000}\n         ^"
        );
    }

    #[test]
    fn iri_kinds_are_the_renamed_rules() {
        for kind in ErrorKind::ALL {
            let iri = kind.in_iri();
            assert_eq!(iri.in_iri(), iri);
            if iri != kind {
                assert!(iri.is_iri_only() && !kind.is_iri_only());
                let renamed = iri.rule() == format!("i{}", kind.rule())
                    || iri.rule() == kind.rule().replace("URI", "IRI");
                assert!(renamed, "{kind:?}");
            }
        }
    }

    #[test]
    fn rule_names_round_trip() {
        for kind in ErrorKind::ALL {
            assert_eq!(ErrorKind::from_rule(kind.rule()), Some(kind));
        }
    }
}
