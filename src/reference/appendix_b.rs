//! RFC 3986 Appendix B: the non-validating splitter.
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! scheme    = $2
//! authority = $4
//! path      = $5
//! query     = $7
//! fragment  = $9
//! ```
//!
//! Written by hand, one step per group, so it needs no regular-expression engine. It accepts
//! every string; on a valid URI reference it agrees with [`parse`](super::parse::parse).
//! One reading is chosen: `.` in `(.*)` is taken to match every character, line terminators
//! included, since the expression is meant to split the whole reference (a POSIX or Perl engine
//! would stop the fragment at a newline, which a valid URI reference never holds).

/// The five groups Appendix B names; `None` where the group did not participate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split<'a> {
    /// `$2`
    pub scheme: Option<&'a str>,
    /// `$4`
    pub authority: Option<&'a str>,
    /// `$5`, always matched, possibly empty.
    pub path: &'a str,
    /// `$7`
    pub query: Option<&'a str>,
    /// `$9`
    pub fragment: Option<&'a str>,
}

/// Splits any string the way the Appendix B regular expression does.
pub fn split(input: &str) -> Split<'_> {
    let end_of = |from: usize, stops: &[u8]| {
        input.as_bytes()[from..]
            .iter()
            .position(|b| stops.contains(b))
            .map_or(input.len(), |i| from + i)
    };
    // (([^:/?#]+):)?
    let mut at = 0;
    let first = end_of(0, b":/?#");
    let scheme = (first > 0 && input.as_bytes().get(first) == Some(&b':')).then(|| {
        at = first + 1;
        &input[..first]
    });
    // (//([^/?#]*))?
    let authority = input[at..].starts_with("//").then(|| {
        let end = end_of(at + 2, b"/?#");
        let authority = &input[at + 2..end];
        at = end;
        authority
    });
    // ([^?#]*)
    let path_end = end_of(at, b"?#");
    let path = &input[at..path_end];
    at = path_end;
    // (\?([^#]*))?
    let query = input[at..].starts_with('?').then(|| {
        let end = end_of(at + 1, b"#");
        let query = &input[at + 1..end];
        at = end;
        query
    });
    // (#(.*))?
    let fragment = input[at..].starts_with('#').then(|| &input[at + 1..]);
    Split {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}
