//! Poco::URI 1.11.0's own rules (Foundation/src/URI.cpp, Foundation/include/Poco/NumericString.h),
//! written from its source, for its adapter's catalogue (`adapters/cpp/poco-uri/known-differences.yaml`).
//!
//! `URI::parse` reads a scheme where the text does not start with "/", ".", "?" or "#" and a
//! ":" comes before any "/", "?" or "#"; an authority only after that ":" and "//".
//! `parseAuthority` takes the authority up to "/", "?" or "#", the host and port after its last
//! "@", and `parseHostAndPort` the port after the host's ":" (after an IP literal's "]").

use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `parseHostAndPort`: a port that is not empty is read by `NumberParser::tryParse` (C's
    /// `isspace` white space skipped first, a "+" taken, "," skipped as the thousands separator,
    /// any other character refused) and refused unless `nport > 0 && nport < 65536`: "08" is 8,
    /// " +1,0" is 10, "0", "00" and "65536" are refused ("bad or invalid port number").
    PortNumberParser,
    /// `URI::parse`: `if (it == end) throw URISyntaxException("URI scheme must be followed by
    /// authority or path", uri)`: a scheme's ":" that ends the text is refused ("a:").
    SchemeAloneRefused,
}

/// Where Poco reads `text`'s port, and the port's text: after "scheme://", the authority up to
/// "/", "?" or "#", its part after the last "@", and in it what follows the ":" after the host
/// (an IP literal's "]" first, when the part starts with "[").
fn port_span(text: &str) -> Option<std::ops::Range<usize>> {
    let authority = authority_span(text)?;
    let part_start = text[authority.clone()]
        .rfind('@')
        .map_or(authority.start, |at| authority.start + at + 1);
    let part = &text[part_start..authority.end];
    let colon = if part.starts_with('[') {
        let close = part.find(']')?;
        (part[close + 1..].starts_with(':')).then_some(close + 1)?
    } else {
        part.find(':')?
    };
    Some(part_start + colon + 1..authority.end)
}

/// The authority `URI::parse` reads in `text`, if any: after a scheme's ":" and "//", up to
/// "/", "?" or "#".
fn authority_span(text: &str) -> Option<std::ops::Range<usize>> {
    let colon = scheme_colon(text)?;
    let rest = &text[colon + 1..];
    if !rest.starts_with("//") {
        return None;
    }
    let start = colon + 3;
    let end = text[start..]
        .find(['/', '?', '#'])
        .map_or(text.len(), |at| start + at);
    Some(start..end)
}

/// The ":" that ends the scheme `URI::parse` reads, if any: the text does not start with "/",
/// ".", "?" or "#", and a ":" comes before any "/", "?" or "#".
fn scheme_colon(text: &str) -> Option<usize> {
    if text.is_empty() || text.starts_with(['/', '.', '?', '#']) {
        return None;
    }
    let end = text.find([':', '?', '#', '/'])?;
    text[end..].starts_with(':').then_some(end)
}

/// `NumberParser::tryParse(port, nport) && nport > 0 && nport < 65536`, as strToInt reads a
/// `std::string`'s `c_str()` in base 10 with "," as the thousands separator: the port, or
/// `None` where Poco refuses it.
fn port_number(port: &str) -> Option<u32> {
    // c_str() ends at the first NUL.
    let port = port.split('\0').next().unwrap_or("");
    // std::isspace in the C locale: space, \t, \n, \v, \f, \r.
    let port = port.trim_start_matches([' ', '\t', '\n', '\u{b}', '\u{c}', '\r']);
    if port.is_empty() || port.starts_with('-') {
        // Nothing to read, or a negative number (never above 0).
        return None;
    }
    let digits = port.strip_prefix('+').unwrap_or(port);
    let mut value: u64 = 0;
    for b in digits.bytes() {
        match b {
            b'0'..=b'9' => {
                value = value * 10 + u64::from(b - b'0');
                if value > i32::MAX as u64 {
                    return None;
                }
            }
            b',' => {}
            _ => return None,
        }
    }
    (value > 0 && value < 65536).then_some(value as u32)
}

/// `text` with the port Poco reads written as its number, or `None` where Poco reads it as
/// written (no port, an empty one, or one that is already the number's digits).
fn with_port_read(text: &str) -> Option<String> {
    let span = port_span(text)?;
    let port = &text[span.clone()];
    if port.is_empty() {
        return None;
    }
    let number = port_number(port)?.to_string();
    if number == port {
        return None;
    }
    let mut out = text.to_owned();
    out.replace_range(span, &number);
    Some(out)
}

/// Whether Poco refuses the port of `text`.
fn port_refused(text: &str) -> bool {
    port_span(text)
        .is_some_and(|span| !text[span.clone()].is_empty() && port_number(&text[span]).is_none())
}

/// Whether `URI::parse` refuses `text` for a scheme that nothing follows.
fn scheme_alone(text: &str) -> bool {
    scheme_colon(text).is_some_and(|colon| colon + 1 == text.len())
}

/// The texts of the case that Poco parses (a resolution parses the base and the reference).
fn texts(case: &Request) -> Vec<&str> {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input.as_str()],
        Request::Resolve { base, input, .. } => vec![base.as_str(), input.as_str()],
    }
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    match (rule, case) {
        (
            Rule::PortNumberParser,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => Some(Request::Parse {
            input: with_port_read(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        (Rule::PortNumberParser, Request::Normalize { input, level }) => Some(Request::Normalize {
            input: with_port_read(input)?,
            level: level.clone(),
        }),
        (
            Rule::PortNumberParser,
            Request::Resolve {
                base,
                input,
                strict,
            },
        ) => {
            let (new_base, new_input) = (with_port_read(base), with_port_read(input));
            if new_base.is_none() && new_input.is_none() {
                return None;
            }
            Some(Request::Resolve {
                base: new_base.unwrap_or_else(|| base.clone()),
                input: new_input.unwrap_or_else(|| input.clone()),
                strict: *strict,
            })
        }
        _ => None,
    }
}

/// The library's answer from the answer so far; `original` is the case as given, which Poco
/// reads (a departure before the rule may have rewritten it).
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    let texts = texts(original);
    match rule {
        Rule::PortNumberParser if texts.iter().any(|t| port_refused(t)) => {
            Outcome::Invalid("bad or invalid port number".into())
        }
        Rule::SchemeAloneRefused if texts.iter().any(|t| scheme_alone(t)) => {
            Outcome::Invalid("URI scheme must be followed by authority or path".into())
        }
        _ => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_port_is_read_as_number_parser_reads_it() {
        assert_eq!(port_number("08"), Some(8));
        assert_eq!(port_number(" +1,0"), Some(10));
        assert_eq!(port_number("\t1"), Some(1));
        assert_eq!(port_number("0"), None);
        assert_eq!(port_number("00000"), None);
        assert_eq!(port_number("65536"), None);
        assert_eq!(port_number("65535"), Some(65535));
        assert_eq!(port_number("1 "), None);
        assert_eq!(port_number("-1"), None);
        assert_eq!(port_number("+"), None);
        assert_eq!(port_number("99999999999"), None);
    }

    #[test]
    fn the_port_is_found_where_poco_reads_it() {
        assert_eq!(with_port_read("a://h:08/p").as_deref(), Some("a://h:8/p"));
        assert_eq!(
            with_port_read("a://u:1@h:08").as_deref(),
            Some("a://u:1@h:8")
        );
        assert_eq!(
            with_port_read("a://[::1]:08").as_deref(),
            Some("a://[::1]:8")
        );
        assert_eq!(with_port_read("a://h:80"), None);
        assert_eq!(
            with_port_read("//h:08"),
            None,
            "no authority without a scheme"
        );
        assert!(port_refused("a://h:0"));
        assert!(!port_refused("a://h:"));
        assert!(scheme_alone("a:"));
        assert!(!scheme_alone("a:b"));
        assert!(!scheme_alone("/a:"));
    }
}
