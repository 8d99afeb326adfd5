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

/// The answer as QUrl gives it; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    match rule {
        Rule::EmptyRefused => match input_of(original) {
            Some("") => Outcome::Invalid("QUrl is not valid when empty".into()),
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
            Outcome::Invalid("QUrl is not valid when empty".into())
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
}
