//! RFC 3986 §3 and §4: parsing a URI reference into its components.
//!
//! ```text
//! URI-reference = URI / relative-ref
//! URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//! absolute-URI  = scheme ":" hier-part [ "?" query ]
//! relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//! hier-part     = "//" authority path-abempty
//!               / path-absolute
//!               / path-rootless
//!               / path-empty
//! relative-part = "//" authority path-abempty
//!               / path-absolute
//!               / path-noscheme
//!               / path-empty
//! authority     = [ userinfo "@" ] host [ ":" port ]
//! ```
//!
//! The parser walks the input once, left to right, and keeps every component as a slice of the
//! input: it allocates nothing and runs in time linear in the input. Each component is found by
//! its delimiters first (as Appendix B does), then checked against its rule, so the error names
//! the innermost rule that fails.

use super::chars::{self, CharClass, HEXDIG};
use super::error::{ErrorKind, ParseError};
use super::host::{self, HostKind};

/// The components of a URI reference (§3), as slices of the parsed input.
///
/// `None` is an undefined component and `Some("")` an empty one: "a URI reference that has an
/// empty query component is not equivalent to one with an undefined query" is how §5.3 puts it
/// through its `defined(...)` tests. `http://a` has no query, `http://a?` an empty one.
/// The path is always defined (§3.3), possibly empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Components<'a> {
    /// `scheme`, as written (schemes compare case-insensitively, §3.1).
    pub scheme: Option<&'a str>,
    /// `userinfo`, without its `@`.
    pub userinfo: Option<&'a str>,
    /// `host`: defined exactly when the authority is; an IP literal keeps its brackets.
    pub host: Option<&'a str>,
    /// `port`, without its `:`; `Some("")` for `http://a:/`.
    pub port: Option<&'a str>,
    /// `path`, always defined.
    pub path: &'a str,
    /// `query`, without its `?`.
    pub query: Option<&'a str>,
    /// `fragment`, without its `#`.
    pub fragment: Option<&'a str>,
    /// Which alternative of `host` matched; `None` when there is no authority.
    pub host_kind: Option<HostKind>,
}

impl Components<'_> {
    /// Whether the reference has an authority (`//` ...).
    pub fn has_authority(&self) -> bool {
        self.host.is_some()
    }
}

/// The grammar rule to parse by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// `URI-reference = URI / relative-ref` (§4.1), the default.
    #[default]
    UriReference,
    /// `URI` (§3): a scheme is required.
    Uri,
    /// `absolute-URI` (§4.3): a scheme is required and a fragment is not allowed.
    AbsoluteUri,
    /// `relative-ref` (§4.2): no scheme.
    RelativeRef,
}

impl Rule {
    /// The ABNF name of the rule.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::UriReference => "URI-reference",
            Rule::Uri => "URI",
            Rule::AbsoluteUri => "absolute-URI",
            Rule::RelativeRef => "relative-ref",
        }
    }

    /// The rule whose [`name`](Self::name) is `name`.
    pub fn from_name(name: &str) -> Option<Rule> {
        [
            Rule::UriReference,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::RelativeRef,
        ]
        .into_iter()
        .find(|rule| rule.name() == name)
    }
}

/// Options beyond RFC 3986 itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ParseOptions {
    /// Accept RFC 6874 zone identifiers in IPv6 literals (`[fe80::1%25eth0]`). Off by default:
    /// RFC 3986 alone has no `%` in an `IPv6address`.
    pub zone_id: bool,
}

/// Parses `input` as a `URI-reference` (§4.1).
pub fn parse(input: &str) -> Result<Components<'_>, ParseError> {
    parse_with(input, Rule::UriReference, ParseOptions::default())
}

/// Parses `input` as a `URI` (§3).
pub fn parse_uri(input: &str) -> Result<Components<'_>, ParseError> {
    parse_with(input, Rule::Uri, ParseOptions::default())
}

/// Parses `input` as an `absolute-URI` (§4.3).
pub fn parse_absolute_uri(input: &str) -> Result<Components<'_>, ParseError> {
    parse_with(input, Rule::AbsoluteUri, ParseOptions::default())
}

/// Parses `input` as a `relative-ref` (§4.2).
pub fn parse_relative_ref(input: &str) -> Result<Components<'_>, ParseError> {
    parse_with(input, Rule::RelativeRef, ParseOptions::default())
}

/// Parses `input` by `rule`.
pub fn parse_with(
    input: &str,
    rule: Rule,
    options: ParseOptions,
) -> Result<Components<'_>, ParseError> {
    Parser {
        input,
        bytes: input.as_bytes(),
        options,
    }
    .parse(rule)
}

struct Parser<'a> {
    input: &'a str,
    bytes: &'a [u8],
    options: ParseOptions,
}

impl<'a> Parser<'a> {
    fn parse(&self, rule: Rule) -> Result<Components<'a>, ParseError> {
        let mut out = Components::default();
        // The end of the first would-be segment: the first ":", "/", "?" or "#".
        let first_delimiter = self.find(0, self.bytes.len(), b":/?#");
        let has_scheme = match rule {
            // §4.1: "If the URI-reference's prefix does not match the syntax of a scheme
            // followed by its colon separator, then the URI-reference is a relative reference."
            // A relative-path reference cannot hold a colon in its first segment (§4.2), so
            // when a colon ends the first segment the input can only be a URI, and a malformed
            // prefix is reported as a malformed scheme rather than as a relative reference.
            Rule::UriReference => self.bytes.get(first_delimiter) == Some(&b':'),
            Rule::Uri | Rule::AbsoluteUri => true,
            Rule::RelativeRef => false,
        };
        let mut at = 0;
        if has_scheme {
            at = self.scheme(first_delimiter, &mut out)?;
        }
        at = self.hier_part(at, has_scheme, &mut out)?;
        if self.bytes.get(at) == Some(&b'?') {
            let end = self.find(at + 1, self.bytes.len(), b"#");
            self.check(at + 1, end, chars::QUERY, ErrorKind::Query)?;
            out.query = Some(&self.input[at + 1..end]);
            at = end;
        }
        if self.bytes.get(at) == Some(&b'#') {
            if rule == Rule::AbsoluteUri {
                return Err(ParseError::new(ErrorKind::AbsoluteUri, at));
            }
            let end = self.bytes.len();
            self.check(at + 1, end, chars::FRAGMENT, ErrorKind::Fragment)?;
            out.fragment = Some(&self.input[at + 1..end]);
        }
        Ok(out)
    }

    /// `scheme ":"`, where `end` is the first `:`, `/`, `?` or `#` of the input. Returns where
    /// the hier-part starts.
    ///
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1)
    fn scheme(&self, end: usize, out: &mut Components<'a>) -> Result<usize, ParseError> {
        let error = |at| Err(ParseError::new(ErrorKind::Scheme, at));
        if self.bytes.get(end) != Some(&b':') || end == 0 || !chars::ALPHA.contains(self.bytes[0]) {
            return error(0);
        }
        if let Some(bad) = (1..end).find(|&i| !chars::SCHEME.contains(self.bytes[i])) {
            return error(bad);
        }
        out.scheme = Some(&self.input[..end]);
        Ok(end + 1)
    }

    /// `hier-part` or `relative-part`, from `at` to the first `?` or `#`.
    fn hier_part(
        &self,
        mut at: usize,
        has_scheme: bool,
        out: &mut Components<'a>,
    ) -> Result<usize, ParseError> {
        let len = self.bytes.len();
        if self.bytes[at..].starts_with(b"//") {
            let end = self.find(at + 2, len, b"/?#");
            self.authority(at + 2, end, out)?;
            at = end;
        }
        let end = self.find(at, len, b"?#");
        // With an authority this is path-abempty; without one, path-absolute, path-rootless,
        // path-noscheme or path-empty. A path without an authority never starts with "//"
        // here, since "//" always opens an authority.
        self.check(at, end, chars::PATH, ErrorKind::Path)?;
        if !has_scheme && !out.has_authority() {
            // path-noscheme: `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
            let first_segment_end = self.find(at, end, b"/");
            if let Some(colon) = self.bytes[at..first_segment_end]
                .iter()
                .position(|&b| b == b':')
            {
                return Err(ParseError::new(ErrorKind::PathNoscheme, at + colon));
            }
        }
        out.path = &self.input[at..end];
        Ok(end)
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, between `start` and `end`.
    fn authority(
        &self,
        start: usize,
        end: usize,
        out: &mut Components<'a>,
    ) -> Result<(), ParseError> {
        let mut at = start;
        // userinfo, host and port cannot hold "@", so the first "@" ends the userinfo.
        let user_end = self.find(start, end, b"@");
        if user_end < end {
            self.check(start, user_end, chars::USERINFO, ErrorKind::Userinfo)?;
            out.userinfo = Some(&self.input[start..user_end]);
            at = user_end + 1;
        }
        let host_end = if self.bytes.get(at) == Some(&b'[') {
            let close = self.find(at + 1, end, b"]");
            if close == end {
                return Err(ParseError::new(ErrorKind::IpLiteral, at));
            }
            let kind =
                host::check_ip_literal(&self.bytes[at + 1..close], at + 1, self.options.zone_id)?;
            out.host_kind = Some(kind);
            let after = close + 1;
            if after < end && self.bytes[after] != b':' {
                return Err(ParseError::new(ErrorKind::Authority, after));
            }
            after
        } else {
            let host_end = self.find(at, end, b":");
            self.check(at, host_end, chars::REG_NAME, ErrorKind::Host)?;
            out.host_kind = Some(if host::is_ipv4address(&self.bytes[at..host_end]) {
                HostKind::Ipv4
            } else {
                HostKind::RegName
            });
            host_end
        };
        out.host = Some(&self.input[at..host_end]);
        if host_end < end {
            // `port = *DIGIT` (§3.2.3): any number of digits, none included.
            let port_start = host_end + 1;
            if let Some(bad) = (port_start..end).find(|&i| !self.bytes[i].is_ascii_digit()) {
                return Err(ParseError::new(ErrorKind::Port, bad));
            }
            out.port = Some(&self.input[port_start..end]);
        }
        Ok(())
    }

    /// The first position in `start..end` holding one of `delimiters`, or `end`.
    fn find(&self, start: usize, end: usize, delimiters: &[u8]) -> usize {
        self.bytes[start..end]
            .iter()
            .position(|b| delimiters.contains(b))
            .map_or(end, |i| start + i)
    }

    /// Checks that `start..end` is made of `class` and `pct-encoded` (§2.1:
    /// `pct-encoded = "%" HEXDIG HEXDIG`).
    fn check(
        &self,
        start: usize,
        end: usize,
        class: CharClass,
        kind: ErrorKind,
    ) -> Result<(), ParseError> {
        check_pct_text(&self.bytes[..end], start, class, kind)
    }
}

/// Checks that `text[start..]` is made of `class` and `pct-encoded`, reporting offsets in
/// `text`.
pub(crate) fn check_pct_text(
    text: &[u8],
    start: usize,
    class: CharClass,
    kind: ErrorKind,
) -> Result<(), ParseError> {
    let mut i = start;
    while i < text.len() {
        let b = text[i];
        if class.contains(b) {
            i += 1;
        } else if b == b'%' {
            if text.len() > i + 2 && HEXDIG.contains(text[i + 1]) && HEXDIG.contains(text[i + 2]) {
                i += 3;
            } else {
                return Err(ParseError::new(ErrorKind::PctEncoded, i));
            }
        } else {
            return Err(ParseError::new(kind, i));
        }
    }
    Ok(())
}
