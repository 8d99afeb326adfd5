//! http 1.5.0's reading of an absolute-form request target (`Uri::from_str`, src/uri/mod.rs
//! `parse_full`), written from its source where it departs from RFC 3986 by a confirmed bug:
//! the scheme (src/uri/scheme.rs `Scheme2::parse`), the authority (src/uri/authority.rs
//! `validate_authority_bytes`, `host`, `Authority::port`) and the port (src/uri/port.rs
//! `Port::from_str`).
//!
//! A bug model of http (see [`super::Transform`]) reads the case as http does and, where the
//! crate's wrong rule lets one part of the authority or the scheme through, rewrites the case
//! with that part repaired, lets the crate's known model answer the repaired case, and puts
//! back what http reports for that part of the input. Anything else the reference refuses stays
//! refused, so a model reproduces only answers that show its own bug.

use super::adapter_host_kind;
use crate::model::{Components, Outcome};
use crate::reference::host::check_ip_literal;

/// The part of the input one of http's wrong rules lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bug {
    /// A scheme that is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    Scheme,
    /// An "@" before the authority's last one.
    SeveralAtSigns,
    /// A "[" or "]" in the userinfo, or in a host that does not start with "[".
    BracketsOutsideIpLiteral,
    /// A host starting with "[" that is no IP-literal, or text after its "]".
    IpLiteral,
    /// A port that is not `*DIGIT`.
    Port,
}

/// `MAX_LEN` of src/uri/mod.rs: longer input is refused (`TooLong`).
const MAX_LEN: usize = u16::MAX as usize - 1;

/// `MAX_SCHEME_LEN` of src/uri/scheme.rs.
const MAX_SCHEME_LEN: usize = 64;

/// `MAX_COLONS` of src/uri/authority.rs `validate_authority_bytes`.
const MAX_COLONS: u32 = 8;

/// `URI_CHARS` of src/uri/mod.rs: the bytes an authority may hold (a "%" aside), and the three
/// that end it.
fn uri_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$&'()*+,-./:;=?@[]_~".contains(&b)
}

/// `SCHEME_CHARS` of src/uri/scheme.rs, ":" aside.
fn scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+-.~".contains(&b)
}

/// What `Scheme2::parse` finds at the start of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    /// `http://` or `https://` in any case (`Protocol`): the scheme's length.
    Standard(usize),
    /// Another run of scheme characters before `://`: its length, which may be 0.
    Other(usize),
    /// No `scheme://` (the input is read as an authority).
    None,
    /// A scheme longer than 64 bytes (`SchemeTooLong`).
    TooLong,
}

/// `Scheme2::parse`.
fn scheme(s: &[u8]) -> Scheme {
    if s.len() >= 7 && s[..7].eq_ignore_ascii_case(b"http://") {
        return Scheme::Standard(4);
    }
    if s.len() >= 8 && s[..8].eq_ignore_ascii_case(b"https://") {
        return Scheme::Standard(5);
    }
    if s.len() > 3 {
        for (i, &b) in s.iter().enumerate() {
            if b == b':' {
                if s.len() < i + 3 || &s[i + 1..i + 3] != b"//" {
                    break;
                }
                if i > MAX_SCHEME_LEN {
                    return Scheme::TooLong;
                }
                return Scheme::Other(i);
            }
            if !scheme_char(b) {
                break;
            }
        }
    }
    Scheme::None
}

/// Why `validate_authority_bytes` refuses an authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// More than `MAX_COLONS` colons since the last "@" or "]" (`TooManyColons`).
    TooManyColons,
    /// Any other reason.
    Other,
}

/// `validate_authority_bytes`: where the authority at the start of `s` ends, or why it is
/// refused.
fn validate_authority(s: &[u8]) -> Result<usize, Refusal> {
    if s.is_empty() {
        return Err(Refusal::Other);
    }
    let mut colons = 0;
    let (mut start_bracket, mut end_bracket, mut has_percent) = (false, false, false);
    let mut end = s.len();
    let mut at_sign = s.len();
    for (i, &b) in s.iter().enumerate() {
        match b {
            b'/' | b'?' | b'#' => {
                end = i;
                break;
            }
            b'%' => has_percent = true,
            b':' => {
                if colons >= MAX_COLONS {
                    return Err(Refusal::TooManyColons);
                }
                colons += 1;
            }
            b'[' => {
                if has_percent || start_bracket {
                    return Err(Refusal::Other);
                }
                start_bracket = true;
            }
            b']' => {
                if !start_bracket || end_bracket {
                    return Err(Refusal::Other);
                }
                end_bracket = true;
                colons = 0;
                has_percent = false;
            }
            b'@' => {
                at_sign = i;
                colons = 0;
                has_percent = false;
            }
            b if uri_char(b) => {}
            _ => return Err(Refusal::Other),
        }
    }
    if start_bracket != end_bracket || colons > 1 || (end > 0 && at_sign == end - 1) || has_percent
    {
        return Err(Refusal::Other);
    }
    Ok(end)
}

/// An absolute-form input as http reads its scheme and authority, when it accepts both.
struct Reading<'a> {
    /// The scheme's text, as written.
    scheme: &'a str,
    /// Whether http knows the scheme (`http` or `https`, which it reports in lowercase).
    standard: bool,
    /// Where the authority starts in the input.
    start: usize,
    /// The authority (`Authority::as_str`).
    authority: &'a str,
}

impl<'a> Reading<'a> {
    /// `parse_full`'s reading of `input`, when it accepts the scheme and the authority (the
    /// path and query are the known model's: `HttpPathQueryTables`).
    fn of(input: &'a str) -> Option<Self> {
        Self::read(input).ok()
    }

    fn read(input: &'a str) -> Result<Self, Refusal> {
        if input.len() > MAX_LEN {
            return Err(Refusal::Other);
        }
        let reading = Self::split(input).ok_or(Refusal::Other)?;
        let end = reading.start + validate_authority(&input.as_bytes()[reading.start..])?;
        // "Authority is required when absolute".
        if end == reading.start {
            return Err(Refusal::Other);
        }
        Ok(reading)
    }

    /// Where `parse_full` finds the scheme and the authority of `input`, without its checks:
    /// the scheme as `Scheme2::parse` takes it, the authority up to the first "/", "?" or "#".
    /// A case that the steps before have repaired is read so: http would read it otherwise
    /// (an "@" or "]" repaired away ends no colon count), but its parts stand where they stood
    /// in the case http read.
    fn split(input: &'a str) -> Option<Self> {
        let (len, standard) = match scheme(input.as_bytes()) {
            Scheme::Standard(len) => (len, true),
            Scheme::Other(len) => (len, false),
            // Without `scheme://` an input with "://" is no authority: `InvalidFormat`.
            Scheme::None | Scheme::TooLong => return None,
        };
        let start = len + 3;
        let end = input[start..]
            .find(['/', '?', '#'])
            .map_or(input.len(), |i| start + i);
        (end > start).then(|| Reading {
            scheme: &input[..len],
            standard,
            start,
            authority: &input[start..end],
        })
    }

    /// Where the host and port start in the authority: after its last "@".
    fn host_port_start(&self) -> usize {
        self.authority.rfind('@').map_or(0, |at| at + 1)
    }

    /// The text before the authority's last "@".
    fn userinfo(&self) -> Option<&'a str> {
        let at = self.authority.rfind('@')?;
        Some(&self.authority[..at])
    }

    fn host_port(&self) -> &'a str {
        &self.authority[self.host_port_start()..]
    }

    /// `host` (src/uri/authority.rs): after the last "@", up to the first "]" when it starts
    /// with "[", else up to the first ":".
    fn host(&self) -> &'a str {
        let host_port = self.host_port();
        if host_port.starts_with('[') {
            let close = host_port.find(']').unwrap_or(host_port.len() - 1);
            &host_port[..=close]
        } else {
            host_port.split(':').next().unwrap_or("")
        }
    }

    /// `Authority::port`: the text after the authority's last ":", when `u16` parses it
    /// (`Port::from_str`, which takes a leading "+"); `None` otherwise.
    fn port(&self) -> Option<&'a str> {
        let colon = self.authority.rfind(':')?;
        let text = &self.authority[colon + 1..];
        text.parse::<u16>().is_ok().then_some(text)
    }

    /// Where the port's text is in the input: after the ":" that follows the host (and, after
    /// an IP literal, what http drops after its "]").
    fn port_range(&self) -> Option<(usize, usize)> {
        let host_port = self.host_port();
        let from = if host_port.starts_with('[') {
            host_port.find(']')?
        } else {
            0
        };
        let colon = from + host_port[from..].find(':')?;
        let start = self.start + self.host_port_start() + colon + 1;
        Some((start, self.start + self.authority.len()))
    }

    /// Where a "[" of the userinfo or of a host that does not start with "[" is closed after
    /// the host's ":" (the "]" ends the colon count of `validate_authority_bytes`, so the
    /// authority may hold a second ":"): the port http reads after the authority's last ":",
    /// "" for none, as written (a port that is no number, or of digits that a `u16` does not
    /// hold, is `http-port-not-validated`'s). What lies between the host's ":" and that port
    /// is dropped (`host` cuts at the first ":", `Authority::port` reads after the last), like
    /// what follows the "]" of an IP literal.
    fn port_after_straddling_bracket(&self) -> Option<&'a str> {
        let (start, end) = self.port_range()?;
        let text = &self.authority[start - self.start..end - self.start];
        let close = text.find(']')?;
        if text[..close].contains('[') {
            return None;
        }
        let after = &text[close + 1..];
        Some(after.rfind(':').map_or("", |colon| &after[colon + 1..]))
    }

    /// The input's ranges that `bug` lets through, and what the repaired input holds there.
    fn defect(&self, input: &str, bug: Bug, zone_id: bool) -> Option<Vec<(usize, usize, &'a str)>> {
        let host_port_start = self.start + self.host_port_start();
        let ranges: Vec<(usize, usize, &str)> = match bug {
            Bug::Scheme => {
                let rfc = self.scheme.bytes().enumerate().all(|(i, b)| {
                    b.is_ascii_alphabetic()
                        || (i > 0 && (b.is_ascii_digit() || b"+-.".contains(&b)))
                });
                if self.standard || (rfc && !self.scheme.is_empty()) {
                    return None;
                }
                vec![(0, self.scheme.len(), "a")]
            }
            Bug::SeveralAtSigns => {
                let userinfo = self.userinfo()?;
                userinfo
                    .match_indices('@')
                    .map(|(i, _)| (self.start + i, self.start + i + 1, "-"))
                    .collect()
            }
            Bug::BracketsOutsideIpLiteral => {
                let mut at = Vec::new();
                if let Some(userinfo) = self.userinfo() {
                    at.extend(
                        userinfo
                            .match_indices(['[', ']'])
                            .map(|(i, _)| self.start + i),
                    );
                }
                let host = self.host();
                if host.starts_with('[') {
                    return None;
                }
                // A "]" ends what `validate_authority_bytes` takes for an IPv6 literal, so it
                // lets through a "%" of the host before it, which http refuses elsewhere.
                let percent = self.host_port().contains(']');
                at.extend(
                    host.match_indices(|c| c == '[' || c == ']' || (percent && c == '%'))
                        .map(|(i, _)| host_port_start + i),
                );
                let mut ranges: Vec<(usize, usize, &'a str)> =
                    at.into_iter().map(|i| (i, i + 1, "-")).collect();
                if let Some(port) = self.port_after_straddling_bracket() {
                    let (start, end) = self.port_range()?;
                    ranges.push((start, end, port));
                } else if self
                    .port_range()
                    .is_some_and(|(start, end)| input.as_bytes()[start..end].contains(&b']'))
                {
                    return None;
                }
                ranges
            }
            Bug::IpLiteral => {
                let host_port = self.host_port();
                if !host_port.starts_with('[') {
                    return None;
                }
                let close = host_port.find(']')?;
                let rest = &host_port[close + 1..];
                let dropped = rest.find(':').unwrap_or(rest.len());
                let literal = &host_port.as_bytes()[1..close];
                if dropped == 0 && check_ip_literal(literal, 0, zone_id).is_ok() {
                    return None;
                }
                vec![(
                    host_port_start,
                    host_port_start + close + 1 + dropped,
                    "[::]",
                )]
            }
            Bug::Port => {
                let (start, end) = self.port_range()?;
                if input.as_bytes()[start..end].iter().all(u8::is_ascii_digit) {
                    return None;
                }
                vec![(start, end, "")]
            }
        };
        (!ranges.is_empty()).then_some(ranges)
    }
}

/// The case `input` (`original` as the steps before repaired it) with the part `bug` lets
/// through repaired (a scheme "a", a "-" for an "@" or a bracket, "[::]" for an IP literal and
/// what follows it, an empty port), when http accepts the scheme and authority of `original`
/// and `input` shows that bug. Each repair is made where http's reading of `original` put the
/// part, so the repairs of several bugs compose in any order.
pub(super) fn repaired(bug: Bug, original: &str, input: &str, zone_id: bool) -> Option<String> {
    Reading::of(original)?;
    let reading = Reading::split(input)?;
    let defect = reading.defect(input, bug, zone_id)?;
    let mut out = String::with_capacity(input.len() + 4);
    let mut from = 0;
    for (start, end, with) in defect {
        out.push_str(&input[from..start]);
        out.push_str(with);
        from = end;
    }
    out.push_str(&input[from..]);
    Some(out)
}

/// The known model's answer to the repaired input, with what http reports for the part `bug`
/// lets through put back from `input`: the scheme as written, the userinfo and host after the
/// last "@" (`host`), the port as `Authority::port` gives it; the host kind as the adapter
/// reads http's host (src/impls/http_adapter.rs).
pub(super) fn put_back(bug: Bug, input: &str, zone_id: bool, answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        mut host_kind,
    } = answer
    else {
        return answer;
    };
    let Some(reading) = Reading::of(input).filter(|r| r.defect(input, bug, zone_id).is_some())
    else {
        return Outcome::Parsed {
            components,
            host_kind,
        };
    };
    let c: &mut Components = &mut components;
    match bug {
        Bug::Scheme => c.scheme = Some(reading.scheme.to_owned()),
        Bug::SeveralAtSigns => c.userinfo = reading.userinfo().map(str::to_owned),
        Bug::BracketsOutsideIpLiteral | Bug::IpLiteral => {
            c.userinfo = reading.userinfo().map(str::to_owned);
            c.host = Some(reading.host().to_owned());
            host_kind = Some(adapter_host_kind(reading.host()));
            if bug == Bug::BracketsOutsideIpLiteral
                && let Some(port) = reading.port_after_straddling_bracket()
            {
                // A port `u16` does not hold stays as written, for the bug that hides it.
                c.port = if port_hidden(port) {
                    Some(port.to_owned())
                } else {
                    reading.port().map(str::to_owned)
                };
            }
        }
        Bug::Port => c.port = reading.port().map(str::to_owned),
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// Whether http refuses the input's authority for its colons alone (`validate_authority_bytes`:
/// more than `MAX_COLONS` since the last "@" or "]"), its scheme being one it reads.
pub(super) fn too_many_colons(input: &str) -> bool {
    matches!(Reading::read(input), Err(Refusal::TooManyColons))
}

/// A port the reference reads (`*DIGIT`) that `u16` does not hold: `Authority::port` hides it.
pub(super) fn port_hidden(port: &str) -> bool {
    !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) && port.parse::<u16>().is_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_authority_as_http_does() {
        let r = Reading::of("a://u@@h:80/p").unwrap();
        assert_eq!(r.userinfo(), Some("u@"));
        assert_eq!((r.host(), r.port()), ("h", Some("80")));
        let r = Reading::of("a://[::]x:+80").unwrap();
        assert_eq!((r.host(), r.port()), ("[::]", Some("+80")));
        let r = Reading::of("a://h:[::]").unwrap();
        assert_eq!((r.host(), r.port()), ("h", None));
        assert!(Reading::of("a://[]@[").is_none());
        assert!(Reading::of("a://u@").is_none());
        assert!(Reading::of("a://h%").is_none());
        assert!(Reading::of("a_b://h").is_none());
        assert_eq!(Reading::of("://h").unwrap().scheme, "");
        assert!(too_many_colons("a://[v0.:::::::::]"));
        assert!(!too_many_colons("a://[v0.::::::::]"));
    }

    #[test]
    fn repairs_one_defect() {
        assert_eq!(
            repaired(Bug::Scheme, "0://a", "0://a", false).as_deref(),
            Some("a://a")
        );
        assert_eq!(repaired(Bug::Scheme, "HTTP://a", "HTTP://a", false), None);
        assert_eq!(
            repaired(Bug::SeveralAtSigns, "a://@@a", "a://@@a", false).as_deref(),
            Some("a://-@a")
        );
        assert_eq!(
            repaired(Bug::BracketsOutsideIpLiteral, "a://[@]", "a://[@]", false).as_deref(),
            Some("a://-@-")
        );
        // A "]" after the host's ":" closes the userinfo's "[": what lies between is dropped.
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[fe80::1@:a:1]:080/p",
                "a://[fe80::1@:a:1]:080/p",
                false
            )
            .as_deref(),
            Some("a://-fe80::1@:080/p")
        );
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[v1@h:]",
                "a://[v1@h:]",
                false
            )
            .as_deref(),
            Some("a://-v1@h:")
        );
        // Followed by a port that is no number: a second bug.
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[v1@h:]x:1",
                "a://[v1@h:]x:1",
                false
            )
            .as_deref(),
            Some("a://-v1@h:1")
        );
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[v1@h:]:x",
                "a://[v1@h:]:x",
                false
            )
            .as_deref(),
            Some("a://-v1@h:x")
        );
        // Above 65535, the port is kept for http-port-not-validated to hide.
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[v1@h:]:65536",
                "a://[v1@h:]:65536",
                false
            )
            .as_deref(),
            Some("a://-v1@h:65536")
        );
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[v@.%zz]/p",
                "a://[v@.%zz]/p",
                false
            )
            .as_deref(),
            Some("a://-v@.-zz-/p")
        );
        // One "[" in the whole authority.
        assert_eq!(
            repaired(
                Bug::BracketsOutsideIpLiteral,
                "a://[]@a[]",
                "a://[]@a[]",
                false
            ),
            None
        );
        assert_eq!(
            repaired(Bug::IpLiteral, "a://[]x:1/p", "a://[]x:1/p", false).as_deref(),
            Some("a://[::]:1/p")
        );
        assert_eq!(
            repaired(Bug::IpLiteral, "a://[::1]:1", "a://[::1]:1", false),
            None
        );
        assert_eq!(
            repaired(Bug::Port, "a://h:+1/p", "a://h:+1/p", false).as_deref(),
            Some("a://h:/p")
        );
        assert_eq!(repaired(Bug::Port, "a://h:1", "a://h:1", false), None);
    }

    #[test]
    fn repairs_compose_where_http_read_the_case() {
        // The "@" repaired first: http would count nine colons in what is left (its count
        // restarted at that "@"), but the brackets are repaired where they stood.
        let original = "a://:@[::::::::]:@a";
        let at = repaired(Bug::SeveralAtSigns, original, original, false).unwrap();
        assert_eq!(at, "a://:-[::::::::]:@a");
        assert!(Reading::of(&at).is_none());
        assert_eq!(
            repaired(Bug::BracketsOutsideIpLiteral, original, &at, false).as_deref(),
            Some("a://:--::::::::-:@a")
        );
        // Nothing is repaired in a case http refuses.
        assert_eq!(
            repaired(Bug::BracketsOutsideIpLiteral, &at, &at, false),
            None
        );
        // After a "]", the port is read after the last ":" and handed on to the port's bug.
        let brackets = repaired(
            Bug::BracketsOutsideIpLiteral,
            "a://a[:]:a",
            "a://a[:]:a",
            false,
        )
        .unwrap();
        assert_eq!(brackets, "a://a-:a");
        assert_eq!(
            repaired(Bug::Port, "a://a[:]:a", &brackets, false).as_deref(),
            Some("a://a-:")
        );
    }
}
