//! PHP's `parse_url` (ext/standard/url.c, `php_url_parse_ex2`, PHP 8.2), written from its
//! source, for its adapter's catalogue (`adapters/php/parse-url/known-differences.yaml`).
//!
//! `parse_url` reads no grammar: it cuts the text at its delimiters and validates nothing but
//! the scheme's characters, the port's number and a host that is not empty. Its steps:
//! - the scheme: the text before the first ":", when that is not the first character and every
//!   character before it is a letter, digit, "+", "-" or "."; else, when something follows
//!   the ":" before any "?" or "#", that ":" is tried as a port's (below), and "//" at the
//!   start begins an authority;
//! - a scheme whose ":" is followed by one to five digits and then the end or "/" is no
//!   scheme: "to correctly parse things like a.com:80", the ":" is a port's;
//! - a port's ":" (also a ":" that starts the text): one to five digits before the end or
//!   "/" are the port (read by `strtol`, 0 to 65535, else the whole is refused); a ":" that
//!   ends the text is refused; "//" at the start then begins an authority, and whatever
//!   precedes the ":" is read as one even without it;
//! - after "scheme:" a third "/" begins an authority, except for `file` ("file:///" is a path,
//!   "file:///c:" the path "c:"); one "/" or none begins a path;
//! - the authority ends at the first "/", "?" or "#"; the userinfo is what precedes its last
//!   "@" (user and password split at the first ":"); the port is what follows the host's last
//!   ":" unless the host is "[...]" (at most five characters read by `strtol`, which skips
//!   white space and takes a sign and the leading digits: "+1" and "1a" are 1), read only
//!   where no port was read before; an empty host is refused;
//! - the fragment follows the first "#", the query the first "?" before it;
//! - every control character (ASCII 0 to 31 and 127) in a component is written "_".
//!
//! The answer is mapped onto components as the adapter maps `parse_url`'s array: the user and
//! the password joined by ":", the port as a number, the host's kind read from its text.

use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::HostKind;

/// What `parse_url` returns: its array's keys, as bytes; `None` where the key is absent.
#[derive(Default, Debug, PartialEq, Eq)]
pub(super) struct Parts {
    pub(super) scheme: Option<Vec<u8>>,
    pub(super) user: Option<Vec<u8>>,
    pub(super) pass: Option<Vec<u8>>,
    pub(super) host: Option<Vec<u8>>,
    pub(super) port: Option<i64>,
    pub(super) path: Option<Vec<u8>>,
    pub(super) query: Option<Vec<u8>>,
    pub(super) fragment: Option<Vec<u8>>,
}

/// `php_replace_controlchars`: `iscntrl` in the C locale.
fn controls_replaced(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .map(|&b| if b < 0x20 || b == 0x7f { b'_' } else { b })
        .collect()
}

/// `strtol(buf, &end, 10)`: white space skipped, a sign, the leading digits; `None` where no
/// digit is read (`end == buf`). The buffer is at most five bytes: no overflow.
fn strtol(buf: &[u8]) -> Option<i64> {
    let mut i = 0;
    while i < buf.len() && matches!(buf[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let mut negative = false;
    if i < buf.len() && matches!(buf[i], b'+' | b'-') {
        negative = buf[i] == b'-';
        i += 1;
    }
    let start = i;
    let mut value: i64 = 0;
    while i < buf.len() && buf[i].is_ascii_digit() {
        value = value * 10 + i64::from(buf[i] - b'0');
        i += 1;
    }
    if i == start {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// `binary_strcspn(s, e, chars)`: the first of `chars` in `b[s..e]`, or `e`.
fn strcspn(b: &[u8], s: usize, e: usize, chars: &[u8]) -> usize {
    b[s..e]
        .iter()
        .position(|c| chars.contains(c))
        .map_or(e, |i| s + i)
}

/// `memchr`: the first `c` in `b[s..e]`.
fn memchr(b: &[u8], s: usize, e: usize, c: u8) -> Option<usize> {
    b[s..e].iter().position(|&x| x == c).map(|i| s + i)
}

/// `zend_memrchr`: the last `c` in `b[s..e]`.
fn memrchr(b: &[u8], s: usize, e: usize, c: u8) -> Option<usize> {
    b[s..e].iter().rposition(|&x| x == c).map(|i| s + i)
}

/// Whether `b[s..]` starts with "//".
fn two_slashes(b: &[u8], s: usize) -> bool {
    s + 1 < b.len() && b[s] == b'/' && b[s + 1] == b'/'
}

/// Where `php_url_parse_ex2` goes next.
enum Step {
    Port,
    Host,
    Path,
}

/// `php_url_parse_ex2`: `None` where `parse_url` returns false.
pub(super) fn parse_url(b: &[u8]) -> Option<Parts> {
    let mut ret = Parts::default();
    let ue = b.len();
    let mut s = 0;
    let mut port: i64 = 0;
    let colon = memchr(b, 0, ue, b':');
    let mut e = colon.unwrap_or(0);
    let step = match colon {
        Some(c) if c != s => {
            let scheme_char = |x: u8| x.is_ascii_alphanumeric() || matches!(x, b'+' | b'.' | b'-');
            if !b[s..c].iter().all(|&x| scheme_char(x)) {
                if c + 1 < ue && c < strcspn(b, s, ue, b"?#") {
                    Step::Port
                } else if two_slashes(b, s) {
                    s += 2;
                    Step::Host
                } else {
                    Step::Path
                }
            } else if c + 1 == ue {
                // Only the scheme.
                ret.scheme = Some(controls_replaced(&b[s..c]));
                return Some(ret);
            } else if b[c + 1] != b'/' {
                // "a.com:80": a port, if one to five digits end the text or come before "/".
                let mut p = c + 1;
                while p < ue && b[p].is_ascii_digit() {
                    p += 1;
                }
                if (p == ue || b[p] == b'/') && p - c < 7 {
                    Step::Port
                } else {
                    ret.scheme = Some(controls_replaced(&b[s..c]));
                    s = c + 1;
                    Step::Path
                }
            } else {
                let scheme = controls_replaced(&b[s..c]);
                let file = scheme.eq_ignore_ascii_case(b"file");
                ret.scheme = Some(scheme);
                if c + 2 < ue && b[c + 2] == b'/' {
                    s = c + 3;
                    if file && c + 3 < ue && b[c + 3] == b'/' {
                        // "file:///c:/somedir/file.txt"
                        if c + 5 < ue && b[c + 5] == b':' {
                            s = c + 4;
                        }
                        Step::Path
                    } else {
                        Step::Host
                    }
                } else {
                    s = c + 1;
                    Step::Path
                }
            }
        }
        // No scheme: the text starts with ":", a port's.
        Some(_) => Step::Port,
        None if two_slashes(b, s) => {
            s += 2;
            Step::Host
        }
        None => Step::Path,
    };
    let step = match step {
        Step::Port => {
            let p = e + 1;
            let mut pp = p;
            while pp < ue && pp - p < 6 && b[pp].is_ascii_digit() {
                pp += 1;
            }
            if pp - p > 0 && pp - p < 6 && (pp == ue || b[pp] == b'/') {
                match strtol(&b[p..pp]) {
                    Some(n) if (0..=65535).contains(&n) => {
                        ret.port = Some(n);
                        port = n;
                        if two_slashes(b, s) {
                            s += 2;
                        }
                    }
                    _ => return None,
                }
                Step::Host
            } else if p == pp && pp == ue {
                return None;
            } else if two_slashes(b, s) {
                s += 2;
                Step::Host
            } else {
                Step::Path
            }
        }
        other => other,
    };
    if let Step::Host = step {
        e = strcspn(b, s, ue, b"/?#");
        // The userinfo: up to the last "@", split at its first ":".
        if let Some(at) = memrchr(b, s, e, b'@') {
            match memchr(b, s, at, b':') {
                Some(pp) => {
                    ret.user = Some(controls_replaced(&b[s..pp]));
                    ret.pass = Some(controls_replaced(&b[pp + 1..at]));
                }
                None => ret.user = Some(controls_replaced(&b[s..at])),
            }
            s = at + 1;
        }
        // The port: after the last ":", unless the host is "[...]".
        let bracketed = s < ue && b[s] == b'[' && e > 0 && b[e - 1] == b']';
        let p = match (!bracketed).then(|| memrchr(b, s, e, b':')).flatten() {
            Some(p) => {
                if port == 0 {
                    let q = p + 1;
                    if e - q > 5 {
                        return None;
                    } else if e - q > 0 {
                        match strtol(&b[q..e]) {
                            Some(n) if (0..=65535).contains(&n) => ret.port = Some(n),
                            _ => return None,
                        }
                    }
                }
                p
            }
            None => e,
        };
        if p < s + 1 {
            return None;
        }
        ret.host = Some(controls_replaced(&b[s..p]));
        if e == ue {
            return Some(ret);
        }
        s = e;
    }
    // The path, the query and the fragment.
    let mut e = ue;
    if let Some(hash) = memchr(b, s, e, b'#') {
        ret.fragment = Some(controls_replaced(&b[hash + 1..e]));
        e = hash;
    }
    if let Some(question) = memchr(b, s, e, b'?') {
        ret.query = Some(controls_replaced(&b[question + 1..e]));
        e = question;
    }
    if s < e || s == ue {
        ret.path = Some(controls_replaced(&b[s..e]));
    }
    Some(ret)
}

/// The adapter's host kind (adapters/php/parse-url/adapter.php, `host_kind`): from the host's
/// text alone.
fn host_kind(host: &str) -> HostKind {
    let octet = |s: &str| {
        !s.is_empty()
            && s.len() <= 3
            && s.bytes().all(|b| b.is_ascii_digit())
            && (s == "0" || !s.starts_with('0'))
            && s.parse::<u16>().is_ok_and(|n| n <= 255)
    };
    if host.len() >= 2
        && host.as_bytes()[0] == b'['
        && host.as_bytes()[1].eq_ignore_ascii_case(&b'v')
    {
        HostKind::IpvFuture
    } else if host.starts_with('[') {
        HostKind::Ipv6
    } else if host.split('.').count() == 4 && host.split('.').all(octet) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

/// `parse_url`'s answer to a parse, as the adapter reports it.
pub(super) fn parse(original: &Request) -> Option<Outcome> {
    let Request::Parse { input, .. } = original else {
        return None;
    };
    let Some(parts) = parse_url(input.as_bytes()) else {
        return Some(Outcome::invalid("parse_url returned false".into()));
    };
    // Only ASCII bytes were replaced: the text stays UTF-8.
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    let user = parts.user.map(text);
    let pass = parts.pass.map(text);
    let userinfo = match (user, pass) {
        (Some(u), Some(p)) => Some(format!("{u}:{p}")),
        (Some(u), None) => Some(u),
        (None, Some(p)) => Some(format!(":{p}")),
        (None, None) => None,
    };
    let host = parts.host.map(text);
    let host_kind = host.as_deref().map(host_kind);
    Some(Outcome::Parsed {
        components: Components {
            scheme: parts.scheme.map(text),
            userinfo,
            host,
            port: parts.port.map(|n| n.to_string()),
            path: parts.path.map(text).unwrap_or_default(),
            query: parts.query.map(text),
            fragment: parts.fragment.map(text),
        },
        host_kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(input: &str) -> Option<Parts> {
        parse_url(input.as_bytes())
    }

    #[test]
    fn a_scheme_and_digits_is_a_host_and_port() {
        let p = parsed("a:0").unwrap();
        assert_eq!(p.scheme, None);
        assert_eq!(p.host.as_deref(), Some(&b"a"[..]));
        assert_eq!(p.port, Some(0));
    }

    #[test]
    fn a_port_is_read_by_strtol() {
        assert_eq!(parsed("//a:+0").unwrap().port, Some(0));
        assert_eq!(parsed("//a:0a").unwrap().port, Some(0));
        assert_eq!(parsed("//a: 1").unwrap().port, Some(1));
        assert!(parsed("//a:-1").is_none());
        assert!(parsed("//a:65536").is_none());
        assert!(parsed("//a:000000").is_none());
    }

    #[test]
    fn empty_hosts_are_refused_but_file_paths_are_not() {
        assert!(parsed("//").is_none());
        assert!(parsed("file://@/").is_none());
        assert!(parsed("a:///").is_none());
        let p = parsed("file:///c:/x").unwrap();
        assert_eq!(p.path.as_deref(), Some(&b"c:/x"[..]));
        assert_eq!(p.host, None);
    }

    #[test]
    fn a_colon_and_digits_before_a_slash_read_a_host() {
        let p = parsed(" /:0").unwrap();
        assert_eq!(p.host.as_deref(), Some(&b" "[..]));
        assert_eq!(p.port, Some(0));
        assert_eq!(p.path.as_deref(), Some(&b"/:0"[..]));
        assert!(parsed("/:0/%00").is_none());
    }

    #[test]
    fn components_end_at_their_delimiters() {
        let p = parsed("//a@b@c:1/p?q?#f#").unwrap();
        assert_eq!(p.user.as_deref(), Some(&b"a@b"[..]));
        assert_eq!(p.host.as_deref(), Some(&b"c"[..]));
        assert_eq!(p.query.as_deref(), Some(&b"q?"[..]));
        assert_eq!(p.fragment.as_deref(), Some(&b"f#"[..]));
        assert_eq!(parsed("\u{1}").unwrap().path.as_deref(), Some(&b"_"[..]));
    }
}
