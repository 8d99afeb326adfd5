//! Qt's QUrl (6.4.2, StrictMode): the rules by which it reads and writes a URL where it
//! departs from RFC 3986, for its adapter's catalogue
//! (`adapters/cpp/qt-qurl/known-differences.yaml`), each from src/corelib/io/qurl.cpp and
//! src/corelib/io/qipaddress.cpp of qtbase.
//!
//! - `QUrl::isValid`: `if (isEmpty()) return false;`, and `QUrlPrivate::isEmpty` is
//!   `sectionIsPresent == 0 && port == -1 && path.isEmpty()`: the empty text, which has no
//!   component but an empty path, is no valid URL.
//! - `QUrl::toString`: `else if (isLocalFile() && pathIsAbsolute)` "Comply with the XDG file
//!   URI spec, which requires triple slashes": a "file" URL without an authority whose path
//!   starts with "/" is written with "//" before it, an empty authority.
//! - `QUrlPrivate::setHost`: `QIPAddressUtils::parseIp4` is tried before anything else on a
//!   host that is no IP literal, and `parseIp4Internal` reads it as `inet_aton` does (one to
//!   four numbers, `qstrtoull` with base 0: decimal, octal after "0", hexadecimal after
//!   "0x"); the address is stored in dotted decimal (`toString`).
//! - `parseIp6` (qurl.cpp) reads an IPv6 address with `QIPAddressUtils::parseIp6` and stores
//!   it as `QIPAddressUtils::toString` (qipaddress.cpp) writes it: lowercase hexadecimal
//!   without leading zeros, the first longest run of two or more zero groups as "::", an
//!   embedded IPv4 address only for `::ffff:x.x.x.x` and `::x.x.x.y` ("except if the x are 0
//!   too"), and "::" for the unspecified address.
//! - `parseIpFuture`: `if (begin[3].unicode() != '.') return &begin[3];` (a version of one
//!   hexadecimal digit, "[v" and the digit being `begin[1]` and `begin[2]`), and "uppercase the
//!   version, if necessary": `host[host.length() - 2] = begin[2].unicode() - 0x20`.
//! - `QUrl::resolved`: the reference is taken as it is when it has a scheme or an authority
//!   (the base's scheme given to the latter); otherwise the base's authority, and its path
//!   and query for an empty path, else `mergePaths` ("if (!host.isEmpty() &&
//!   path.isEmpty()) return QLatin1Char('/') + relativePath;", else all but the last
//!   segment of the base's path, none when it holds no "/"); then `removeDotsFromPath` on
//!   whatever path the target has, its scheme or base whatever they are (a base without
//!   scheme is resolved too). `removeDotsFromPath` is ported below as it is written, with its
//!   tests of the whole path's size where the remaining input's is meant and the character
//!   it copies after a prefix it removed, which is the terminating NUL of the QString's data
//!   when the prefix ended the path (`"./"` against `"a:"` is `"a:%00"`).

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, HostKind};

/// A rule of QUrl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `isValid`: the empty text is refused.
    EmptyRefused,
    /// `toString`: "//" before the absolute path of a file URL without an authority.
    FileSlashesWritten,
    /// `setHost`: a host `parseIp4` reads is an IPv4 address, written in dotted decimal.
    Ipv4InetAton,
    /// `parseIp6`: an IPv6 address is stored as `QIPAddressUtils::toString` writes it.
    Ip6Written,
    /// `parseIpFuture`: an IPvFuture literal's version is one hexadecimal digit, uppercased.
    IpvFutureOneDigit,
    /// `QUrl::resolved`, `mergePaths` and `removeDotsFromPath`: QUrl's own resolver.
    Resolved,
    /// qurlrecode.cpp's `unicodeToEncodedUtf8`: a noncharacter outside the BMP written as the
    /// UTF-8 of its high surrogate alone.
    NoncharacterAsHighSurrogate,
}

/// Whether `c` is a noncharacter outside the BMP (U+1FFFE, U+1FFFF, ... U+10FFFF), the code
/// points `QChar::isNonCharacter` names that UTF-16 writes as a surrogate pair.
fn supplementary_noncharacter(c: char) -> bool {
    let c = u32::from(c);
    c > 0xFFFF && c & 0xFFFE == 0xFFFE
}

/// `text` as qurlrecode.cpp's `unicodeToEncodedUtf8` writes its noncharacters outside the
/// BMP, where it holds one. The function is called on a high surrogate with
/// `++input; int res = QUtf8Functions::toUtf8<QUrlUtf8Traits>(decoded, output, input, end);
/// --input;`, and `toUtf8` (qstringconverter_p.h) takes the low surrogate
/// (`Traits::advanceUtf16(src)`) before `if (!Traits::allowNonCharacters &&
/// QChar::isNonCharacter(ucs4)) return Traits::Error;` (`QUrlUtf8Traits::allowNonCharacters`
/// is false); on an error the function writes "bad UTF-16" as three bytes of `decoded`, the
/// high surrogate, and the loop's `++input` steps over the low surrogate it took: U+1FFFE is
/// written "%ED%A0%BF" and its low surrogate is lost. A noncharacter of the BMP (U+FFFE,
/// U+FDD0) takes the same error path, whose three bytes are then its own UTF-8.
fn noncharacters_written(text: &str) -> Option<String> {
    if !text.chars().any(supplementary_noncharacter) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if supplementary_noncharacter(c) {
            let high = 0xD800 + ((u32::from(c) - 0x10000) >> 10);
            out.push_str(&format!(
                "%{:02X}%{:02X}%{:02X}",
                0xE0 | (high >> 12),
                0x80 | ((high >> 6) & 0x3F),
                0x80 | (high & 0x3F)
            ));
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// The address `parseIp4Internal` (with `acceptLeadingZero`) reads in `host`: one to four
/// numbers separated by ".", each read by `qstrtoull(ptr, &endptr, 0, &ok)` (hexadecimal after
/// "0x" or "0X", octal after "0", else decimal), each but the last at most 255, the last
/// filling the bytes the others leave.
fn parse_ip4(host: &str) -> Option<u32> {
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        let (digits, radix) =
            if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (hex, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else {
                (*part, 10)
            };
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        numbers.push(u64::from_str_radix(digits, radix).ok()?);
    }
    let (last, first) = numbers.split_last()?;
    if first.iter().any(|&n| n > 255) || *last >= 1u64 << (8 * (4 - first.len())) {
        return None;
    }
    let high = first
        .iter()
        .enumerate()
        .fold(0u64, |address, (i, &n)| address | n << (8 * (3 - i)));
    u32::try_from(high | last).ok()
}

/// `host` as QUrl stores it when `parseIp4` reads it: in dotted decimal.
fn ip4_written(host: &str) -> Option<String> {
    parse_ip4(host).map(|a| std::net::Ipv4Addr::from(a).to_string())
}

/// The text QUrl reads: the parse's or the normalization's input.
fn input_of(case: &Request) -> Option<&str> {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => Some(input),
        Request::Resolve { .. } => None,
    }
}

/// A written answer (a resolution's target, a normalization) with its components edited by
/// `edit` and written again (§5.3's recomposition, as `toString` concatenates them).
fn edit_written(answer: Outcome, edit: impl FnOnce(&mut reference::Components<'_>)) -> Outcome {
    let (text, resolved) = match &answer {
        Outcome::Resolved(text) => (text.clone(), true),
        Outcome::Normalized(text) => (text.clone(), false),
        _ => return answer,
    };
    let Ok(mut components) = reference::parse(&text) else {
        return answer;
    };
    edit(&mut components);
    let written = reference::recompose(&components);
    if resolved {
        Outcome::Resolved(written)
    } else {
        Outcome::Normalized(written)
    }
}

/// `text` written again with its host as `parseIp4` stores it, where it reads one.
fn ip4_rewritten(text: &str) -> Option<String> {
    let mut components = reference::parse(text).ok()?;
    let host = components.host.filter(|h| !h.starts_with('['))?;
    let written = ip4_written(host)?;
    components.host = Some(&written);
    Some(reference::recompose(&components))
}

/// `QIPAddressUtils::toString(QString &, const IPv6Address)`, as it is written.
fn ip6_to_string(address: [u8; 16]) -> String {
    let mut out = String::new();
    let embedded_ip4 = if address[..10].iter().all(|&b| b == 0) {
        if address[10] == 0xff && address[11] == 0xff {
            true
        } else if address[10] == 0 && address[11] == 0 {
            if address[12] != 0 || address[13] != 0 || address[14] != 0 {
                true
            } else if address[15] == 0 {
                return "::".to_owned();
            } else {
                false
            }
        } else {
            false
        }
    } else {
        false
    };
    let mut zero_run_length = 0usize;
    let mut zero_run_offset: isize = 0;
    let mut i = 0usize;
    while i < 16 {
        if address[i] == 0 && address[i + 1] == 0 {
            let mut j = i;
            while j < 16 && address[j] == 0 && address[j + 1] == 0 {
                j += 2;
            }
            if j - i > zero_run_length {
                zero_run_length = j - i;
                zero_run_offset = i as isize;
                i = j;
            }
        }
        i += 2;
    }
    if zero_run_length < 4 {
        zero_run_offset = -1;
    } else if zero_run_offset == 0 {
        out.push(':');
    }
    let hex = |n: u8| char::from_digit(u32::from(n), 16).unwrap_or('0');
    let mut i = 0usize;
    while i < 16 {
        if i as isize == zero_run_offset {
            out.push(':');
            i += zero_run_length;
            continue;
        }
        if i == 12 && embedded_ip4 {
            let ip4 = std::net::Ipv4Addr::new(address[12], address[13], address[14], address[15]);
            out.push_str(&ip4.to_string());
            return out;
        }
        if address[i] != 0 {
            if address[i] >> 4 != 0 {
                out.push(hex(address[i] >> 4));
            }
            out.push(hex(address[i] & 0xf));
            out.push(hex(address[i + 1] >> 4));
            out.push(hex(address[i + 1] & 0xf));
        } else if address[i + 1] >> 4 != 0 {
            out.push(hex(address[i + 1] >> 4));
            out.push(hex(address[i + 1] & 0xf));
        } else {
            out.push(hex(address[i + 1] & 0xf));
        }
        if i != 14 {
            out.push(':');
        }
        i += 2;
    }
    out
}

/// An IP literal ("[...]") as QUrl stores it: `Some(Ok(text))`, `Some(Err(()))` where QUrl
/// refuses it, `None` where the rule does not read it (not bracketed, or an IPvFuture
/// literal with an uppercase "V", which goes to `parseIp6`: the catalogue's
/// ipvfuture-uppercase-v-refused entry).
fn ip_literal_stored(host: &str, rule: Rule) -> Option<Result<String, ()>> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    if let Some(future) = inner.strip_prefix('v') {
        if rule != Rule::IpvFutureOneDigit && rule != Rule::Resolved {
            return None;
        }
        let mut chars = future.chars();
        let version = chars.next().filter(char::is_ascii_hexdigit);
        return match (version, chars.next()) {
            (Some(v), Some('.')) => Some(Ok(format!(
                "[v{}.{}]",
                v.to_ascii_uppercase(),
                chars.as_str()
            ))),
            _ => Some(Err(())),
        };
    }
    if inner.starts_with('V') || (rule != Rule::Ip6Written && rule != Rule::Resolved) {
        return None;
    }
    let address: std::net::Ipv6Addr = inner.parse().ok()?;
    Some(Ok(format!("[{}]", ip6_to_string(address.octets()))))
}

/// A component as `recodeFromUser` stores it (qurlrecode.cpp): the triplet of an unreserved
/// character decoded, the others' hexadecimal digits uppercased.
fn recoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let (h, l) = (bytes[i + 1], bytes[i + 2]);
            if let (Some(h), Some(l)) = ((h as char).to_digit(16), (l as char).to_digit(16)) {
                let c = (h * 16 + l) as u8;
                if c.is_ascii_alphanumeric() || b"-._~".contains(&c) {
                    out.push(c as char);
                } else {
                    out.push('%');
                    out.push((bytes[i + 1] as char).to_ascii_uppercase());
                    out.push((bytes[i + 2] as char).to_ascii_uppercase());
                }
                i += 3;
                continue;
            }
        }
        let c = text[i..].chars().next().unwrap_or('\0');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// A URL as QUrlPrivate holds it, read from a text RFC 3986 reads.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Held {
    scheme: Option<String>,
    userinfo: Option<String>,
    /// `Some` exactly when "//" was read (`sectionIsPresent & Host`).
    host: Option<String>,
    port: Option<u16>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

/// How QUrl reads a text in StrictMode: `Ok(Some)`, `Err` where it refuses it, `Ok(None)`
/// where this port does not know (a text RFC 3986 refuses, a registered name made of letters,
/// digits, "-" and "." whose labels STD 3's finer rules might refuse).
fn held(text: &str) -> Result<Option<Held>, String> {
    let Ok(c) = reference::parse(text) else {
        return Ok(None);
    };
    let host = match c.host {
        None => None,
        Some("") => Some(String::new()),
        Some(h) if h.starts_with('[') => match ip_literal_stored(h, Rule::Resolved) {
            Some(Ok(h)) => Some(h),
            Some(Err(())) => return Err(format!("invalid IP literal {h}")),
            None => return Ok(None),
        },
        Some(h) => match ip4_written(h) {
            Some(h) => Some(h),
            // STD 3 (`qt_ACE_do` with the STD 3 check): letters, digits and "-" only.
            None if !h
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.') =>
            {
                return Err(format!("invalid hostname {h}"));
            }
            None if h.starts_with('.')
                || h.contains("..")
                || h.to_ascii_lowercase().contains("xn--")
                || h.split('.')
                    .any(|l| l.starts_with('-') || l.ends_with('-') || l.len() > 63) =>
            {
                return Ok(None);
            }
            None => Some(h.to_ascii_lowercase()),
        },
    };
    let port = match c.port {
        None | Some("") => None,
        Some(p) => match p.bytes().try_fold(0u64, |n, d| {
            let n = n * 10 + u64::from(d - b'0');
            (n <= 65535).then_some(n)
        }) {
            Some(n) => u16::try_from(n).ok(),
            None => return Err("Invalid port or port number out of range".into()),
        },
    };
    Ok(Some(Held {
        scheme: c.scheme.map(str::to_ascii_lowercase),
        userinfo: c.userinfo.map(recoded),
        host,
        port,
        path: recoded(c.path),
        query: c.query.map(recoded),
        fragment: c.fragment.map(recoded),
    }))
}

/// `removeDotsFromPath`, as it is written: in place over the QString's data, which ends with
/// a NUL that the loop may copy.
fn remove_dots_from_path(path: &str) -> String {
    let mut buf: Vec<char> = path.chars().collect();
    let size = buf.len() as isize;
    buf.push('\0');
    let end = size;
    let at = |buf: &[char], k: isize| buf[k as usize];
    let (mut out, mut i): (isize, isize) = (0, 0);
    if size == 1 && at(&buf, 0) == '.' {
        i += 1;
    } else if size == 2 && at(&buf, 0) == '.' && at(&buf, 1) == '.' {
        i += 2;
    }
    while i < end {
        if size >= 2 && at(&buf, i) == '.' && at(&buf, i + 1) == '/' {
            i += 2;
        } else if size >= 3
            && at(&buf, i) == '.'
            && at(&buf, i + 1) == '.'
            && at(&buf, i + 2) == '/'
        {
            i += 3;
        }
        if i <= end - 3 && at(&buf, i) == '/' && at(&buf, i + 1) == '.' && at(&buf, i + 2) == '/' {
            i += 2;
            continue;
        } else if i == end - 2 && at(&buf, i) == '/' && at(&buf, i + 1) == '.' {
            buf[out as usize] = '/';
            out += 1;
            break;
        }
        if i <= end - 4
            && at(&buf, i) == '/'
            && at(&buf, i + 1) == '.'
            && at(&buf, i + 2) == '.'
            && at(&buf, i + 3) == '/'
        {
            while out > 0 && {
                out -= 1;
                at(&buf, out) != '/'
            } {}
            if out == 0 && at(&buf, 0) != '/' {
                i += 1;
            }
            i += 3;
            continue;
        } else if i == end - 3
            && at(&buf, i) == '/'
            && at(&buf, i + 1) == '.'
            && at(&buf, i + 2) == '.'
        {
            while out > 0 && {
                out -= 1;
                at(&buf, out) != '/'
            } {}
            if at(&buf, out) == '/' {
                out += 1;
            }
            break;
        }
        buf[out as usize] = buf[i as usize];
        out += 1;
        i += 1;
        while i < end && at(&buf, i) != '/' {
            buf[out as usize] = buf[i as usize];
            out += 1;
            i += 1;
        }
    }
    buf.truncate(out as usize);
    buf.into_iter().collect()
}

/// `QUrlPrivate::mergePaths`.
fn merge_paths(base: &Held, relative: &str) -> String {
    if base.host.as_deref().is_some_and(|h| !h.is_empty()) && base.path.is_empty() {
        return format!("/{relative}");
    }
    match base.path.rfind('/') {
        None => relative.to_owned(),
        Some(slash) => format!("{}{relative}", &base.path[..=slash]),
    }
}

/// `QUrl::resolved`.
fn resolved(base: &Held, relative: &Held) -> Held {
    let mut t = if relative.scheme.is_some() {
        relative.clone()
    } else {
        let mut t = if relative.host.is_some() {
            relative.clone()
        } else {
            let mut t = Held {
                userinfo: base.userinfo.clone(),
                host: base.host.clone(),
                port: base.port,
                ..relative.clone()
            };
            if relative.path.is_empty() {
                t.path = base.path.clone();
                t.query = relative.query.clone().or_else(|| base.query.clone());
            } else {
                t.path = if relative.path.starts_with('/') {
                    relative.path.clone()
                } else {
                    merge_paths(base, &relative.path)
                };
            }
            t
        };
        t.scheme = base.scheme.clone();
        t
    };
    t.fragment = relative.fragment.clone();
    t.path = remove_dots_from_path(&t.path);
    t
}

/// `QUrlPrivate::validityError`'s cases of a URL QUrl built (`toString` gives nothing for
/// them, and the adapter refuses the target).
fn validity_error(url: &Held) -> Option<&'static str> {
    let path = &url.path;
    if path.is_empty() {
        return None;
    }
    if let Some(rest) = path.strip_prefix('/') {
        return (url.host.is_none() && rest.starts_with('/'))
            .then_some("Path component starts with '//' and authority is absent");
    }
    if url.host.is_some() {
        return Some("Path component is relative and authority is present");
    }
    if url.scheme.is_some() {
        return None;
    }
    let first = path.split('/').next().unwrap_or("");
    first
        .contains(':')
        .then_some("Relative URL's path component contains ':' before any '/'")
}

/// `QUrl::toString(QUrl::FullyEncoded)`: a character no URL holds (the NUL
/// `removeDotsFromPath` may copy) percent-encoded; the "//" of a local file's absolute path
/// where `file_slashes` (the rule `FileSlashesWritten`, whose step it is) says so.
fn written(url: &Held, file_slashes: bool) -> String {
    let mut out = String::new();
    if let Some(scheme) = &url.scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(host) = &url.host {
        out.push_str("//");
        if let Some(userinfo) = &url.userinfo {
            out.push_str(userinfo);
            out.push('@');
        }
        out.push_str(host);
        if let Some(port) = url.port {
            out.push(':');
            out.push_str(&port.to_string());
        }
    } else if file_slashes && url.scheme.as_deref() == Some("file") && url.path.starts_with('/') {
        out.push_str("//");
    }
    for c in url.path.chars() {
        if c.is_ascii_control() {
            out.push_str(&format!("%{:02X}", c as u32));
        } else {
            out.push(c);
        }
    }
    if let Some(query) = &url.query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = &url.fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// The adapter's resolution: base and reference read in StrictMode (the base refused when
/// empty, the reference not), `resolved`, the target refused when QUrl calls it invalid.
/// `file_slashes`: whether toString's "//" before a file URL's absolute path is written.
fn resolution(base: &str, input: &str, file_slashes: bool) -> Option<Outcome> {
    if base.is_empty() {
        return Some(Outcome::invalid("QUrl is not valid when empty".into()));
    }
    let base = match held(base) {
        Ok(Some(b)) => b,
        Ok(None) => return None,
        Err(e) => return Some(Outcome::invalid(e)),
    };
    let relative = match held(input) {
        Ok(Some(r)) => r,
        Ok(None) => return None,
        Err(e) => return Some(Outcome::invalid(e)),
    };
    if let Some(error) = validity_error(&base).or_else(|| validity_error(&relative)) {
        return Some(Outcome::invalid(error.into()));
    }
    let target = resolved(&base, &relative);
    Some(match validity_error(&target) {
        Some(error) => Outcome::invalid(error.into()),
        None => Outcome::Resolved(written(&target, file_slashes)),
    })
}

/// `text` written again with its IP literal as QUrl stores it (`rule` says which kind).
fn literal_rewritten(text: &str, rule: Rule) -> Option<Result<String, ()>> {
    let mut components = reference::parse(text).ok()?;
    let stored = match ip_literal_stored(components.host?, rule)? {
        Ok(h) => h,
        Err(()) => return Some(Err(())),
    };
    components.host = Some(&stored);
    Some(Ok(reference::recompose(&components)))
}

/// The answer as QUrl gives it; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    match rule {
        // Every component QUrl writes FullyEncoded (EncodeUnicode): the userinfo, the path,
        // the query and the fragment; a host goes through IDNA instead.
        Rule::NoncharacterAsHighSurrogate => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                for part in [
                    &mut components.userinfo,
                    &mut components.query,
                    &mut components.fragment,
                ] {
                    if let Some(written) = part.as_deref().and_then(noncharacters_written) {
                        *part = Some(written);
                    }
                }
                if let Some(path) = noncharacters_written(&components.path) {
                    components.path = path;
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Outcome::Resolved(text) => {
                Outcome::Resolved(noncharacters_written(&text).unwrap_or(text))
            }
            Outcome::Normalized(text) => {
                Outcome::Normalized(noncharacters_written(&text).unwrap_or(text))
            }
            answer => answer,
        },
        Rule::EmptyRefused => match input_of(original) {
            Some("") => Outcome::invalid("QUrl is not valid when empty".into()),
            _ => answer,
        },
        Rule::FileSlashesWritten => edit_written(answer, |c| {
            let file = c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"));
            if file && c.host.is_none() && c.path.starts_with('/') {
                c.host = Some("");
            }
        }),
        Rule::Ipv4InetAton => match answer {
            Outcome::Parsed {
                mut components,
                host_kind: Some(HostKind::RegName | HostKind::Ipv4),
            } if components.host.as_deref().and_then(ip4_written).is_some() => {
                components.host = components.host.as_deref().and_then(ip4_written);
                Outcome::Parsed {
                    components,
                    host_kind: Some(HostKind::Ipv4),
                }
            }
            Outcome::Resolved(text) => Outcome::Resolved(ip4_rewritten(&text).unwrap_or(text)),
            Outcome::Normalized(text) => Outcome::Normalized(ip4_rewritten(&text).unwrap_or(text)),
            answer => answer,
        },
        Rule::Ip6Written | Rule::IpvFutureOneDigit => match answer {
            Outcome::Parsed {
                mut components,
                host_kind: Some(kind @ (HostKind::Ipv6 | HostKind::IpvFuture)),
            } => match components
                .host
                .as_deref()
                .and_then(|h| ip_literal_stored(h, rule))
            {
                Some(Ok(host)) => {
                    components.host = Some(host);
                    Outcome::Parsed {
                        components,
                        host_kind: Some(kind),
                    }
                }
                Some(Err(())) => Outcome::invalid("Invalid IPvFuture address".into()),
                None => Outcome::Parsed {
                    components,
                    host_kind: Some(kind),
                },
            },
            Outcome::Normalized(text) => match literal_rewritten(&text, rule) {
                Some(Ok(written)) => Outcome::Normalized(written),
                Some(Err(())) => Outcome::invalid("Invalid IPvFuture address".into()),
                None => Outcome::Normalized(text),
            },
            answer => answer,
        },
        Rule::Resolved => match original {
            Request::Resolve {
                base,
                input,
                strict: true,
            } => {
                // The "//" toString writes before a file URL's absolute path is the rule
                // FileSlashesWritten's: written where the answer handed on has it (an empty
                // authority before a "file" target's path).
                let file_slashes = match &answer {
                    Outcome::Resolved(text) => reference::parse(text).is_ok_and(|c| {
                        c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"))
                            && c.host == Some("")
                    }),
                    _ => false,
                };
                resolution(base, input, file_slashes).unwrap_or(answer)
            }
            _ => answer,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;

    fn parsed(host: &str, kind: HostKind) -> Outcome {
        Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: Some(host.into()),
                port: None,
                path: String::new(),
                query: None,
                fragment: None,
            },
            host_kind: Some(kind),
        }
    }

    #[test]
    fn parse_ip4_reads_as_inet_aton() {
        assert_eq!(ip4_written("0").as_deref(), Some("0.0.0.0"));
        assert_eq!(ip4_written("1.2").as_deref(), Some("1.0.0.2"));
        assert_eq!(ip4_written("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip4_written("010.0.0.1").as_deref(), Some("8.0.0.1"));
        assert_eq!(
            ip4_written("4294967295").as_deref(),
            Some("255.255.255.255")
        );
        assert_eq!(ip4_written("4294967296"), None);
        assert_eq!(ip4_written("256.0.0.0"), None);
        assert_eq!(ip4_written("1.2.3."), None);
        assert_eq!(ip4_written("08"), None);
        assert_eq!(ip4_written("1.2.3.4.5"), None);
        assert_eq!(ip4_written("a"), None);
    }

    #[test]
    fn rules_edit_the_answer() {
        let case = Request::parse("//0");
        assert_eq!(
            apply(Rule::Ipv4InetAton, &case, parsed("0", HostKind::RegName)),
            parsed("0.0.0.0", HostKind::Ipv4)
        );
        assert_eq!(
            apply(Rule::Ipv4InetAton, &case, parsed("0a", HostKind::RegName)),
            parsed("0a", HostKind::RegName)
        );
        assert_eq!(
            apply(
                Rule::Ipv4InetAton,
                &case,
                Outcome::Resolved("a://1.2/p".into())
            ),
            Outcome::Resolved("a://1.0.0.2/p".into())
        );
        assert_eq!(
            apply(
                Rule::FileSlashesWritten,
                &case,
                Outcome::Normalized("file:/a".into())
            ),
            Outcome::Normalized("file:///a".into())
        );
        assert_eq!(
            apply(
                Rule::FileSlashesWritten,
                &case,
                Outcome::Normalized("file:a".into())
            ),
            Outcome::Normalized("file:a".into())
        );
        assert_eq!(
            apply(
                Rule::FileSlashesWritten,
                &case,
                Outcome::Normalized("a:/a".into())
            ),
            Outcome::Normalized("a:/a".into())
        );
        assert_eq!(
            apply(
                Rule::EmptyRefused,
                &Request::parse(""),
                parsed("", HostKind::RegName)
            ),
            Outcome::invalid("QUrl is not valid when empty".into())
        );
        assert_eq!(
            apply(
                Rule::EmptyRefused,
                &Request::parse("a"),
                parsed("", HostKind::RegName)
            ),
            parsed("", HostKind::RegName)
        );
    }

    fn resolve(base: &str, input: &str) -> Outcome {
        let case = Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        apply(Rule::Resolved, &case, Outcome::Unsupported)
    }

    #[test]
    fn ip6_to_string_is_qipaddress_to_string() {
        let text = |s: &str| ip6_to_string(s.parse::<std::net::Ipv6Addr>().unwrap().octets());
        assert_eq!(text("::0"), "::");
        assert_eq!(text("0:0:0:0:0:0:0:1"), "::1");
        assert_eq!(text("1:0:0:0:0:0:0:0"), "1::");
        assert_eq!(text("1:0:0:2:0:0:0:3"), "1:0:0:2::3");
        assert_eq!(text("1:0:2:0:3:0:4:0"), "1:0:2:0:3:0:4:0");
        assert_eq!(text("::ffff:1.2.3.4"), "::ffff:1.2.3.4");
        assert_eq!(text("::1.2.3.4"), "::1.2.3.4");
        assert_eq!(text("::0.0.0.5"), "::5");
        assert_eq!(text("ABCD:0ef::"), "abcd:ef::");
        assert_eq!(text("1:0:0:0:0:0:1.2.3.4"), "1::102:304");
    }

    #[test]
    fn ip_literals_are_stored_as_qurl_stores_them() {
        let parse = |host: &str, kind: HostKind, rule: Rule| {
            apply(rule, &Request::parse("//x"), parsed(host, kind))
        };
        assert_eq!(
            parse("[::0]", HostKind::Ipv6, Rule::Ip6Written),
            parsed("[::]", HostKind::Ipv6)
        );
        assert_eq!(
            parse("[va.a]", HostKind::IpvFuture, Rule::Ip6Written),
            parsed("[va.a]", HostKind::IpvFuture)
        );
        assert_eq!(
            parse("[va.a]", HostKind::IpvFuture, Rule::IpvFutureOneDigit),
            parsed("[vA.a]", HostKind::IpvFuture)
        );
        assert!(matches!(
            parse("[v0a.:]", HostKind::IpvFuture, Rule::IpvFutureOneDigit),
            Outcome::Invalid(_)
        ));
        assert_eq!(
            parse("[V1.x]", HostKind::IpvFuture, Rule::IpvFutureOneDigit),
            parsed("[V1.x]", HostKind::IpvFuture)
        );
        assert_eq!(
            apply(
                Rule::IpvFutureOneDigit,
                &Request::parse("x"),
                Outcome::Normalized("//[va.a]/p".into())
            ),
            Outcome::Normalized("//[vA.a]/p".into())
        );
    }

    #[test]
    fn remove_dots_from_path_is_qurls() {
        assert_eq!(remove_dots_from_path("/a/b/../c/./d"), "/a/c/d");
        assert_eq!(remove_dots_from_path("/a/.."), "/");
        assert_eq!(remove_dots_from_path("/.."), "/");
        assert_eq!(remove_dots_from_path("."), "");
        // A rootless path loses the segment before "..", and its "/" too.
        assert_eq!(remove_dots_from_path("a/.."), "");
        assert_eq!(remove_dots_from_path("a/../b"), "b");
        // The prefix "./" removed at the path's end: the NUL after it copied.
        assert_eq!(remove_dots_from_path("./"), "\0");
        assert_eq!(remove_dots_from_path("../"), "\0");
        assert_eq!(remove_dots_from_path("./a"), "a");
    }

    #[test]
    fn resolved_is_qurl_resolved() {
        let target = |t: &str| Outcome::Resolved(t.into());
        assert_eq!(
            resolve("http://a/b/c/d;p?q", "../g"),
            target("http://a/b/g")
        );
        assert_eq!(
            resolve("http://a/b/c/d;p?q", "?y"),
            target("http://a/b/c/d;p?y")
        );
        assert_eq!(
            resolve("http://a/b/c/d;p?q", ""),
            target("http://a/b/c/d;p?q")
        );
        assert_eq!(resolve("a:", "./"), target("a:%00"));
        assert_eq!(resolve("a:a/", ".."), target("a:"));
        assert_eq!(resolve("a:a/%2e.//", ""), target("a:/"));
        assert_eq!(resolve("a", ""), target("a"));
        assert_eq!(resolve("a://", "."), target("a://"));
        assert_eq!(resolve("file:", "/%2E"), target("file:/"));
        let file = Request::Resolve {
            base: "file:".into(),
            input: "/%2E".into(),
            strict: true,
        };
        assert_eq!(
            apply(Rule::Resolved, &file, target("file:///%2E")),
            target("file:///")
        );
        assert_eq!(resolve("a://[::0]:080/", "b"), target("a://[::]:80/b"));
        assert_eq!(resolve("a:/b/c", "%7e"), target("a:/b/~"));
        assert!(matches!(resolve("a:/", ".//a"), Outcome::Invalid(_)));
        assert!(matches!(resolve("", "a"), Outcome::Invalid(_)));
        assert!(matches!(resolve("a://h_i/", "a"), Outcome::Invalid(_)));
        assert!(matches!(resolve("a://h:65536/", "a"), Outcome::Invalid(_)));
        // Not read by the port: the answer given stays.
        assert_eq!(resolve("a:/", " "), Outcome::Unsupported);
        assert_eq!(resolve("a://-a/", "b"), Outcome::Unsupported);
    }

    // RFC 2781 §2.1: U+1FFFE is the pair D83F DFFE; RFC 3629 §3 writes U+D83F in three octets
    // ED A0 BF (1110xxxx 10xxxxxx 10xxxxxx of 1101 100000 111111), which is all
    // unicodeToEncodedUtf8 writes of a noncharacter outside the BMP.
    #[test]
    fn noncharacter_written_as_high_surrogate() {
        assert_eq!(
            noncharacters_written("a\u{1FFFE}b").as_deref(),
            Some("a%ED%A0%BFb")
        );
        // U+10FFFF is DBFF DFFF: ED AF BF.
        assert_eq!(
            noncharacters_written("\u{10FFFF}").as_deref(),
            Some("%ED%AF%BF")
        );
        // U+1FFFD is no noncharacter, U+FFFE is one of the BMP: neither is rewritten.
        assert_eq!(noncharacters_written("\u{1FFFD}\u{FFFE}"), None);
    }
}
