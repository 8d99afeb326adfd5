//! Parts of a URI parsed on their own, for the parsers that offer one entry point per part:
//! `authority` (§3.2), `host` (§3.2.2), and HTTP's `origin-form` (RFC 9112 §3.2.1), the path
//! and query a request line carries.
//!
//! Each is the Appendix A rule read through the whole grammar: a part is what [`parse`] reads
//! in that position, and a string is that part exactly when [`parse`] reads all of it there.
//! The components come back as slices of the input, with every other component undefined.

use super::error::{ErrorKind, ParseError};
use super::host::HostKind;
use super::parse::{Components, parse};

/// Parses `input` as an `authority` (§3.2):
///
/// ```text
/// authority = [ userinfo "@" ] host [ ":" port ]
/// ```
///
/// §3.2: "The authority component is preceded by a double slash ("//") and is terminated by
/// the next slash ("/"), question mark ("?"), or number sign ("#") character, or by the end of
/// the URI." None of those three can be in an authority, so the first one in `input` is an
/// error in the component it stands in.
pub fn parse_authority(input: &str) -> Result<Components<'_>, ParseError> {
    let end = first_of(input, b"/?#");
    let prefixed = format!("//{}", &input[..end]);
    let parsed = parse(&prefixed).map_err(|e| shifted(e, 2))?;
    if end < input.len() {
        // The character is outside the last part read: the port's digits, what may follow an
        // IP literal, or a reg-name.
        let kind = if parsed.port.is_some() {
            ErrorKind::Port
        } else if matches!(parsed.host_kind, Some(HostKind::Ipv6 | HostKind::IpvFuture)) {
            ErrorKind::Authority
        } else {
            ErrorKind::Host
        };
        return Err(ParseError::new(kind, end));
    }
    Ok(Components {
        userinfo: parsed.userinfo.map(|u| &input[..u.len()]),
        host: parsed.host.map(|h| {
            let start = parsed.userinfo.map_or(0, |u| u.len() + 1);
            &input[start..start + h.len()]
        }),
        port: parsed.port.map(|p| &input[input.len() - p.len()..]),
        host_kind: parsed.host_kind,
        ..Components::default()
    })
}

/// Parses `input` as a `host` (§3.2.2):
///
/// ```text
/// host = IP-literal / IPv4address / reg-name
/// ```
///
/// An `authority` without `userinfo "@"` and `":" port`: the `@` or `:` that would start
/// them is a character outside `reg-name` (or after an `IP-literal`).
pub fn parse_host(input: &str) -> Result<Components<'_>, ParseError> {
    let authority = parse_authority(input)?;
    if let Some(userinfo) = authority.userinfo {
        return Err(ParseError::new(ErrorKind::Host, userinfo.len()));
    }
    if let Some(port) = authority.port {
        return Err(ParseError::new(
            ErrorKind::Host,
            input.len() - port.len() - 1,
        ));
    }
    Ok(authority)
}

/// Parses `input` as an `origin-form` request-target (RFC 9112 §3.2.1), with RFC 9110
/// §4.1's `absolute-path` and RFC 3986's `segment` and `query`:
///
/// ```text
/// origin-form   = absolute-path [ "?" query ]
/// absolute-path = 1*( "/" segment )
/// ```
///
/// The components are the path and the query; an `absolute-path` is what `path-abempty`
/// reads after an authority, less the empty path, so `//a` is a path here.
pub fn parse_origin_form(input: &str) -> Result<Components<'_>, ParseError> {
    if !input.starts_with('/') {
        return Err(ParseError::new(ErrorKind::Path, 0));
    }
    // Behind an empty authority the whole input is `path-abempty`: `////a` reads the path
    // `//a`, never an authority `a`.
    let prefixed = format!("//{input}");
    let parsed = parse(&prefixed).map_err(|e| shifted(e, 2))?;
    if let Some(fragment) = parsed.fragment {
        let at = input.len() - fragment.len() - 1;
        let kind = if parsed.query.is_some() {
            ErrorKind::Query
        } else {
            ErrorKind::Path
        };
        return Err(ParseError::new(kind, at));
    }
    Ok(Components {
        path: &input[..parsed.path.len()],
        query: parsed.query.map(|q| &input[input.len() - q.len()..]),
        ..Components::default()
    })
}

/// The first position of one of `bytes` in `text`, or its length.
fn first_of(text: &str, bytes: &[u8]) -> usize {
    text.bytes()
        .position(|b| bytes.contains(&b))
        .unwrap_or(text.len())
}

/// An error found in `prefix + input`, placed in `input`.
fn shifted(error: ParseError, prefix: usize) -> ParseError {
    ParseError::new(error.kind(), error.offset().saturating_sub(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn authority(input: &str) -> Result<(Option<&str>, &str, Option<&str>), usize> {
        parse_authority(input)
            .map(|c| (c.userinfo, c.host.unwrap(), c.port))
            .map_err(|e| e.offset())
    }

    #[test]
    fn an_authority_is_all_of_the_input() {
        assert_eq!(authority("a"), Ok((None, "a", None)));
        assert_eq!(authority(""), Ok((None, "", None)));
        assert_eq!(authority("u:p@h:80"), Ok((Some("u:p"), "h", Some("80"))));
        assert_eq!(authority("@:"), Ok((Some(""), "", Some(""))));
        assert_eq!(authority("[::1]:8"), Ok((None, "[::1]", Some("8"))));
        // §3.2: "/", "?" and "#" end an authority.
        assert_eq!(authority("a/b"), Err(1));
        assert_eq!(authority("a:1?"), Err(3));
        assert_eq!(authority("[::1]#"), Err(5));
        // Errors inside the authority keep their place.
        assert_eq!(authority("a b"), Err(1));
        assert_eq!(authority("a@b@c"), Err(3));
        assert_eq!(authority("h:8o"), Err(3));
        assert_eq!(authority("[::1"), Err(0));
        assert_eq!(
            parse_authority("[v1.x]").unwrap().host_kind,
            Some(HostKind::IpvFuture)
        );
    }

    #[test]
    fn a_host_has_no_userinfo_and_no_port() {
        let host = |input| {
            parse_host(input)
                .map(|c| c.host.unwrap())
                .map_err(|e| e.offset())
        };
        assert_eq!(host("example.com"), Ok("example.com"));
        assert_eq!(host("[::1]"), Ok("[::1]"));
        assert_eq!(host(""), Ok(""));
        assert_eq!(host("u@h"), Err(1));
        assert_eq!(host("h:80"), Err(1));
        assert_eq!(host("[::1]:"), Err(5));
        assert_eq!(host("%zz"), Err(0));
        assert_eq!(
            parse_host("1.2.3.4").unwrap().host_kind,
            Some(HostKind::Ipv4)
        );
    }

    #[test]
    fn an_origin_form_is_an_absolute_path_and_a_query() {
        let origin = |input| {
            parse_origin_form(input)
                .map(|c| (c.path, c.query))
                .map_err(|e| e.offset())
        };
        assert_eq!(origin("/"), Ok(("/", None)));
        assert_eq!(origin("/a/b?c=d"), Ok(("/a/b", Some("c=d"))));
        assert_eq!(origin("//a"), Ok(("//a", None)));
        assert_eq!(origin("/?"), Ok(("/", Some(""))));
        // absolute-path = 1*( "/" segment ): never empty, always from a "/".
        assert_eq!(origin(""), Err(0));
        assert_eq!(origin("?q"), Err(0));
        assert_eq!(origin("a/b"), Err(0));
        // No fragment in a request-target.
        assert_eq!(origin("/a#f"), Err(2));
        assert_eq!(origin("/a?q#f"), Err(4));
        assert_eq!(origin("/a b"), Err(2));
    }
}
