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
//! The same parser reads IRIs (RFC 3987 §2.2) when given [`Grammar::Iri`]: "The following
//! grammar closely follows the URI grammar in \[RFC3986\], except that the range of unreserved
//! characters is expanded to include UCS characters, with the restriction that private UCS
//! characters can occur only in query parts." Only the scanners differ: where a component's
//! table stops at a non-ASCII character, the IRI grammar asks whether the component admits it
//! ([`super::iri::chars::Wide`]); `scheme`, `port` and `IP-literal` stay ASCII, as §2.2 takes
//! them "the same as those in \[RFC3986\]".
//!
//! The parser walks the input once, left to right, and keeps every component as a slice of the
//! input: it allocates nothing and runs in time linear in the input. Each component is found by
//! its delimiters first (as Appendix B does), then checked against its rule, so the error names
//! the innermost rule that fails.

use super::chars::{self, CharClass, HEXDIG};
use super::error::{ErrorKind, ParseError};
use super::host::{self, HostKind};
use super::iri::chars::Wide;

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

/// Which specification's grammar to parse by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Grammar {
    /// RFC 3986 Appendix A: ASCII only.
    #[default]
    Uri,
    /// RFC 3987 §2.2: `ucschar` wherever RFC 3986 has `unreserved`, and `iprivate` in the query.
    Iri,
}

impl Grammar {
    /// The name of `rule` in this grammar: `URI-reference` or `IRI-reference`, `relative-ref`
    /// or `irelative-ref`, ...
    pub const fn rule_name(self, rule: Rule) -> &'static str {
        match self {
            Grammar::Uri => rule.name(),
            Grammar::Iri => match rule {
                Rule::UriReference => "IRI-reference",
                Rule::Uri => "IRI",
                Rule::AbsoluteUri => "absolute-IRI",
                Rule::RelativeRef => "irelative-ref",
            },
        }
    }

    /// The grammar and rule named `name`, in either grammar (`URI`, `IRI-reference`, ...).
    pub fn rule_named(name: &str) -> Option<(Grammar, Rule)> {
        [Grammar::Uri, Grammar::Iri]
            .into_iter()
            .find_map(|grammar| {
                [
                    Rule::UriReference,
                    Rule::Uri,
                    Rule::AbsoluteUri,
                    Rule::RelativeRef,
                ]
                .into_iter()
                .find(|&rule| grammar.rule_name(rule) == name)
                .map(|rule| (grammar, rule))
            })
    }

    /// What the specification calls a reference, for messages: `URI-reference`,
    /// `IRI-reference`.
    pub const fn reference_name(self) -> &'static str {
        self.rule_name(Rule::UriReference)
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
    parse_in(input, rule, Grammar::Uri, options)
}

/// Parses `input` by `rule` of `grammar`: RFC 3986's rules, or their RFC 3987 counterparts
/// (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref`). Errors by the IRI grammar name
/// the IRI rule ([`ErrorKind::in_iri`]).
pub fn parse_in(
    input: &str,
    rule: Rule,
    grammar: Grammar,
    options: ParseOptions,
) -> Result<Components<'_>, ParseError> {
    let parser = Parser {
        input,
        bytes: input.as_bytes(),
        options,
        grammar,
    };
    match grammar {
        Grammar::Uri => parser.parse(rule),
        Grammar::Iri => parser
            .parse(rule)
            .map_err(|e| ParseError::new(e.kind().in_iri(), e.offset())),
    }
}

struct Parser<'a> {
    input: &'a str,
    bytes: &'a [u8],
    options: ParseOptions,
    grammar: Grammar,
}

/// What [`Parser::authority`] reads: the parts of an `authority` and where it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Authority<'a> {
    userinfo: Option<&'a str>,
    host: &'a str,
    host_kind: HostKind,
    port: Option<&'a str>,
    end: usize,
}

impl<'a> Parser<'a> {
    fn parse(&self, rule: Rule) -> Result<Components<'a>, ParseError> {
        // The components are kept in locals and the result is built once at the end, straight
        // into the caller's memory: building it field by field in a struct and copying that out
        // made the copy stall on the stores just made (a tenth of the parse's time).
        let len = self.bytes.len();
        // `scheme ":"` if the input starts with one. The scan stops at the first byte that
        // cannot be in a scheme; only a ":" there ends a scheme.
        let scheme_end = self.skip(0, &chars::SCHEME);
        let is_scheme = scheme_end > 0
            && chars::ALPHA.contains(self.bytes[0])
            && self.bytes.get(scheme_end) == Some(&b':');
        let mut at = 0;
        let mut scheme = None;
        match rule {
            Rule::UriReference | Rule::Uri | Rule::AbsoluteUri if is_scheme => {
                scheme = Some(&self.input[..scheme_end]);
                at = scheme_end + 1;
            }
            Rule::Uri | Rule::AbsoluteUri => return Err(self.scheme_error()),
            Rule::UriReference | Rule::RelativeRef => {}
        }
        let mut authority = None;
        if self.bytes[at..].starts_with(b"//") {
            let read = self.authority(at + 2)?;
            at = read.end;
            authority = Some(read);
        }
        // The path runs to the first "?" or "#". With an authority this is path-abempty;
        // without one, path-absolute, path-rootless, path-noscheme or path-empty (a path
        // without an authority never starts with "//" here, since "//" opens an authority).
        let path_start = at;
        let first_segment = scheme.is_none() && authority.is_none();
        at = match self.scan(at, &chars::PATH, ErrorKind::Path) {
            Ok(end) if self.is_path_end(end) => end,
            Ok(end) => Err(self.path_error(rule, first_segment, path_start, end, None))?,
            Err(e) => Err(self.path_error(rule, first_segment, path_start, e.offset(), Some(e)))?,
        };
        if first_segment {
            // path-noscheme: `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
            let segment = &self.bytes[path_start..at];
            let segment = &segment[..segment
                .iter()
                .position(|&b| b == b'/')
                .unwrap_or(segment.len())];
            if let Some(colon) = segment.iter().position(|&b| b == b':') {
                return Err(self.path_error(rule, true, path_start, path_start + colon, None));
            }
        }
        let path = &self.input[path_start..at];
        let mut query = None;
        if at < len && self.bytes[at] == b'?' {
            let end = self.scan(at + 1, &chars::QUERY, ErrorKind::Query)?;
            if end < len && self.bytes[end] != b'#' {
                return Err(ParseError::new(ErrorKind::Query, end));
            }
            query = Some(&self.input[at + 1..end]);
            at = end;
        }
        let mut fragment = None;
        if at < len {
            // Only "#" can be here.
            if rule == Rule::AbsoluteUri {
                return Err(ParseError::new(ErrorKind::AbsoluteUri, at));
            }
            let end = self.scan(at + 1, &chars::FRAGMENT, ErrorKind::Fragment)?;
            if end < len {
                return Err(ParseError::new(ErrorKind::Fragment, end));
            }
            fragment = Some(&self.input[at + 1..]);
        }
        Ok(Components {
            scheme,
            userinfo: authority.and_then(|a| a.userinfo),
            host: authority.map(|a| a.host),
            port: authority.and_then(|a| a.port),
            path,
            query,
            fragment,
            host_kind: authority.map(|a| a.host_kind),
        })
    }

    fn is_path_end(&self, at: usize) -> bool {
        at == self.bytes.len() || matches!(self.bytes[at], b'?' | b'#')
    }

    /// The error for a path that stops at `at` (with `found` if the scan itself failed).
    ///
    /// §4.1: "If the URI-reference's prefix does not match the syntax of a scheme followed by
    /// its colon separator, then the URI-reference is a relative reference." A relative-path
    /// reference cannot hold a colon in its first segment (§4.2), so when a colon comes
    /// before the first "/", "?" or "#" the input can only be a URI, and the error is the
    /// malformed scheme rather than the path; by the `relative-ref` rule alone it is the
    /// path-noscheme rule that fails.
    fn path_error(
        &self,
        rule: Rule,
        first_segment: bool,
        path_start: usize,
        at: usize,
        found: Option<ParseError>,
    ) -> ParseError {
        if first_segment && path_start == 0 {
            let first_delimiter = self.find(0, self.bytes.len(), b":/?#");
            if self.bytes.get(first_delimiter) == Some(&b':') {
                return match rule {
                    Rule::RelativeRef => match found {
                        Some(e) if e.offset() < first_delimiter => e,
                        _ if at < first_delimiter => ParseError::new(ErrorKind::Path, at),
                        _ => ParseError::new(ErrorKind::PathNoscheme, first_delimiter),
                    },
                    _ => self.scheme_error(),
                };
            }
        }
        found.unwrap_or(ParseError::new(ErrorKind::Path, at))
    }

    /// Where a scheme that must be there is malformed: the first character that cannot be in
    /// it, 0 when it is empty, does not start with a letter, or is missing (no ":" before the
    /// first "/", "?" or "#").
    ///
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1)
    fn scheme_error(&self) -> ParseError {
        let end = self.find(0, self.bytes.len(), b":/?#");
        let at = if self.bytes.get(end) != Some(&b':')
            || end == 0
            || !chars::ALPHA.contains(self.bytes[0])
        {
            0
        } else {
            (1..end)
                .find(|&i| !chars::SCHEME.contains(self.bytes[i]))
                .unwrap_or(0)
        };
        ParseError::new(ErrorKind::Scheme, at)
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, from `start` to the first "/", "?"
    /// or "#".
    ///
    /// The common shape (a reg-name, maybe a userinfo without a colon, maybe a port) is read
    /// in one pass; any other shape (a userinfo with a colon, an IP literal, an error) goes
    /// through [`Self::authority_in_parts`], which finds the delimiters first and then checks
    /// each part, so that the error names the part it is in.
    #[inline]
    fn authority(&self, start: usize) -> Result<Authority<'a>, ParseError> {
        let bytes = self.bytes;
        let len = bytes.len();
        let ends_authority = |at: usize| at == len || matches!(bytes[at], b'/' | b'?' | b'#');
        // A reg-name stops at the "@" after a userinfo, the ":" before a port, or the end.
        let Ok(mut at) = self.scan(start, &chars::REG_NAME, ErrorKind::Host) else {
            return self.authority_in_parts(start);
        };
        let mut userinfo = None;
        let mut host_start = start;
        if at < len && bytes[at] == b'@' {
            userinfo = Some(&self.input[start..at]);
            host_start = at + 1;
            match self.scan(host_start, &chars::REG_NAME, ErrorKind::Host) {
                Ok(stop) => at = stop,
                Err(_) => return self.authority_in_parts(start),
            }
        }
        let host_end = at;
        let mut port = None;
        if at < len && bytes[at] == b':' {
            // `port = *DIGIT` (§3.2.3)
            at = self.skip(at + 1, &chars::DIGIT);
            port = Some(&self.input[host_end + 1..at]);
        }
        if !ends_authority(at) {
            // A colon in the userinfo, an IP literal, or a character no part admits.
            return self.authority_in_parts(start);
        }
        let host = &self.input[host_start..host_end];
        Ok(Authority {
            userinfo,
            host,
            host_kind: HostKind::of_unbracketed(host.as_bytes()),
            port,
            end: at,
        })
    }

    /// [`Self::authority`] for every shape, part by part.
    #[inline(never)]
    fn authority_in_parts(&self, start: usize) -> Result<Authority<'a>, ParseError> {
        let end = self.find(start, self.bytes.len(), b"/?#");
        let mut at = start;
        let mut userinfo = None;
        // userinfo, host and port cannot hold "@", so the first "@" ends the userinfo.
        let user_end = self.find(start, end, b"@");
        if user_end < end {
            self.check(start, user_end, &chars::USERINFO, ErrorKind::Userinfo)?;
            userinfo = Some(&self.input[start..user_end]);
            at = user_end + 1;
        }
        let (host_end, host_kind) = if self.bytes.get(at) == Some(&b'[') {
            let close = self.find(at + 1, end, b"]");
            if close == end {
                return Err(ParseError::new(ErrorKind::IpLiteral, at));
            }
            let kind =
                host::check_ip_literal(&self.bytes[at + 1..close], at + 1, self.options.zone_id)?;
            let after = close + 1;
            if after < end && self.bytes[after] != b':' {
                return Err(ParseError::new(ErrorKind::Authority, after));
            }
            (after, kind)
        } else {
            let host_end = self.find(at, end, b":");
            self.check(at, host_end, &chars::REG_NAME, ErrorKind::Host)?;
            (
                host_end,
                HostKind::of_unbracketed(&self.bytes[at..host_end]),
            )
        };
        let mut port = None;
        if host_end < end {
            // `port = *DIGIT` (§3.2.3): any number of digits, none included.
            let port_start = host_end + 1;
            if let Some(bad) = (port_start..end).find(|&i| !self.bytes[i].is_ascii_digit()) {
                return Err(ParseError::new(ErrorKind::Port, bad));
            }
            port = Some(&self.input[port_start..end]);
        }
        Ok(Authority {
            userinfo,
            host: &self.input[at..host_end],
            host_kind,
            port,
            end,
        })
    }

    /// The first position from `start` whose byte is not in `class`.
    #[inline]
    fn skip(&self, start: usize, class: &CharClass) -> usize {
        class.span(self.bytes, start)
    }

    /// The first position from `start` that is neither in `class` nor a valid `pct-encoded`
    /// (nor, by the IRI grammar, a non-ASCII character the component of `kind` admits); a `%`
    /// that does not start one is an error.
    #[inline(always)]
    fn scan(&self, start: usize, class: &CharClass, kind: ErrorKind) -> Result<usize, ParseError> {
        let bytes = self.bytes;
        let mut i = start;
        loop {
            i = class.span(bytes, i);
            let Some(&b) = bytes.get(i) else { break };
            if b == b'%' {
                if bytes.len() > i + 2
                    && HEXDIG.contains(bytes[i + 1])
                    && HEXDIG.contains(bytes[i + 2])
                {
                    i += 3;
                } else {
                    return Err(ParseError::new(ErrorKind::PctEncoded, i));
                }
            } else if let Some(len) = self.wide_at(i, kind) {
                i += len;
            } else {
                break;
            }
        }
        Ok(i)
    }

    /// The length in bytes of the non-ASCII character at `at` when the grammar admits it in
    /// the component whose error is `kind`; `None` for RFC 3986, for ASCII, and for a
    /// character the component does not admit.
    #[inline]
    fn wide_at(&self, at: usize, kind: ErrorKind) -> Option<usize> {
        wide_char_at(self.input, at, wide(self.grammar, kind))
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
        class: &CharClass,
        kind: ErrorKind,
    ) -> Result<(), ParseError> {
        check_pct_text_in(
            &self.input[..end],
            start,
            class,
            kind,
            wide(self.grammar, kind),
        )
    }
}

/// The non-ASCII characters the component whose error is `kind` admits in `grammar`: none by
/// RFC 3986; by RFC 3987 §2.2, `ucschar` (through `iunreserved`) in `iuserinfo`, `ireg-name`,
/// `ipchar` and `ifragment`, and `iprivate` too in `iquery`.
fn wide(grammar: Grammar, kind: ErrorKind) -> Option<Wide> {
    match (grammar, kind) {
        (Grammar::Uri, _) => None,
        (Grammar::Iri, ErrorKind::Query) => Some(Wide::UcscharOrIprivate),
        (
            Grammar::Iri,
            ErrorKind::Userinfo | ErrorKind::Host | ErrorKind::Path | ErrorKind::Fragment,
        ) => Some(Wide::Ucschar),
        (Grammar::Iri, _) => None,
    }
}

/// The length of the non-ASCII character at byte `at` of `text` if `wide` admits it.
#[inline]
fn wide_char_at(text: &str, at: usize, wide: Option<Wide>) -> Option<usize> {
    let wide = wide?;
    if text.as_bytes()[at] < 0x80 {
        return None;
    }
    // Scanners move by whole characters or by ASCII bytes, so `at` is a character boundary.
    let c = text[at..].chars().next()?;
    wide.admits(c).then(|| c.len_utf8())
}

/// Checks that `text[start..]` is made of `class` and `pct-encoded`, reporting offsets in
/// `text`.
pub(crate) fn check_pct_text(
    text: &[u8],
    start: usize,
    class: &CharClass,
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

/// [`check_pct_text`] that also admits the non-ASCII characters `wide` admits.
fn check_pct_text_in(
    text: &str,
    start: usize,
    class: &CharClass,
    kind: ErrorKind,
    wide: Option<Wide>,
) -> Result<(), ParseError> {
    let Some(wide) = wide else {
        return check_pct_text(text.as_bytes(), start, class, kind);
    };
    let bytes = text.as_bytes();
    let mut i = start;
    while i < bytes.len() {
        match check_pct_text(bytes, i, class, kind) {
            Ok(()) => return Ok(()),
            Err(e) if e.kind() == kind => match wide_char_at(text, e.offset(), Some(wide)) {
                Some(len) => i = e.offset() + len,
                None => return Err(e),
            },
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass authority reader and the part-by-part one agree on every authority built
    /// from these pieces, errors included.
    #[test]
    fn both_authority_readers_agree() {
        let pieces = [
            "", "a", "A", "1", "0", "255", ".", ":", "::", "@", "[", "]", "[::1]", "[v1.x]", "%41",
            "%4", "%", " ", "-", "_", "~", "!", "u:p", "%zz", "é", "/", "?", "#", "80", "999999",
            "\u{E000}", "\u{FFFE}", "例",
        ];
        let mut checked = 0;
        for grammar in [Grammar::Uri, Grammar::Iri] {
            for a in pieces {
                for b in pieces {
                    for c in pieces {
                        let input = format!("//{a}{b}{c}");
                        let parser = Parser {
                            input: &input,
                            bytes: input.as_bytes(),
                            options: ParseOptions::default(),
                            grammar,
                        };
                        assert_eq!(
                            parser.authority(2),
                            parser.authority_in_parts(2),
                            "{input:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 33 * 33 * 33);
    }

    #[test]
    fn the_iri_grammar_admits_ucschar_everywhere_and_iprivate_in_the_query_only() {
        let iri = |s| parse_in(s, Rule::UriReference, Grammar::Iri, ParseOptions::default());
        let c = iri("http://ü@例え.テスト:80/ä?\u{E000}#ö").unwrap();
        assert_eq!(
            (c.userinfo, c.host, c.port, c.path, c.query, c.fragment),
            (
                Some("ü"),
                Some("例え.テスト"),
                Some("80"),
                "/ä",
                Some("\u{E000}"),
                Some("ö")
            )
        );
        let at = |s, kind, offset| {
            let e = iri(s).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{s:?}");
        };
        at("/\u{E000}", ErrorKind::Ipath, 1);
        at("#\u{E000}", ErrorKind::Ifragment, 1);
        at("//\u{E000}@a", ErrorKind::Iuserinfo, 2);
        at("//a\u{E000}", ErrorKind::Ihost, 3);
        at("?\u{FFFE}", ErrorKind::Iquery, 1);
        at("é:b", ErrorKind::Scheme, 0);
        at("http://[::é]/", ErrorKind::Ipv6Address, 8);
        at("http://a:é/", ErrorKind::Port, 9);
        // The same inputs by RFC 3986 fail at the first non-ASCII byte, with its rules' names.
        let e = parse("/ä").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::Path, 1));
    }

    #[test]
    fn the_first_failure_from_the_left_is_reported() {
        // By the relative-ref rule alone, the colon at 1 fails path-noscheme before the space.
        let e = parse_relative_ref("a:b c").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::PathNoscheme, 1));
        // As a URI-reference, a colon before any "/" makes the prefix a scheme, malformed at 1.
        let e = parse("a b:c").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::Scheme, 1));
        // Without a colon there, the space is a path error.
        let e = parse("a b/c:d").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::Path, 1));
    }
}
