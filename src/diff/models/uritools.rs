//! uritools 6.1.5's wrong rule, written from its source, for its confirmed bug
//! (`super::Transform::UritoolsDigitsHostLost`).
//!
//! `SplitResult.host` (src/uritools/__init__.py) splits the host from the port with
//! `hostinfo.rpartition(self._COLON)` and keeps `hostinfo` whole only when what follows the
//! last ":" is not all digits (`if port.lstrip(self._DIGITS): return hostinfo`). Without a
//! ":", `rpartition` answers `("", "", hostinfo)`: the "port" is the whole host, and a host of
//! digits alone is reported as the empty text before a ":" that is not there.
//!
//! `SplitResult.gethost` ("Return the decoded host subcomponent of the URI authority as a
//! string or an :mod:`ipaddress` address object") reads a host that is no IP literal and no
//! IPv4 address with `uridecode(host, "utf-8", errors)`, `errors` being "strict" unless given
//! (`super::Transform::UritoolsHostDecodedAsUtf8`).

use crate::model::Outcome;

/// The answer with a host of digits alone, which no ":" follows in the authority, reported
/// as the empty host (`//0` has the host "").
pub(super) fn digits_host_lost(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.port.is_none()
            && components
                .host
                .as_deref()
                .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit())) =>
        {
            components.host = Some(String::new());
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// `uridecode(host, "utf-8", "strict")` (src/uritools/__init__.py) as it decodes: the text's
/// UTF-8 split at "%", each part's first two characters decoded where they are two hex
/// digits (`_decoded.get(s[:2], b"%" + s[:2])`), and the octets decoded as UTF-8; whether that
/// decoding fails.
fn utf8_decoding_fails(host: &str) -> bool {
    let bytes = host.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |j: usize| bytes.get(j).filter(|b| b.is_ascii_hexdigit()).copied();
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                let digit = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
                out.push(digit(h) * 16 + digit(l));
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    std::str::from_utf8(&out).is_err()
}

/// A parse whose host, neither an IP literal nor an IPv4 address (`gethost` tries
/// `ipaddress.IPv4Address(host)` first, which holds no "%"), decodes to octets that are not
/// UTF-8: refused with UnicodeDecodeError, as the adapter's `gethost()` raises.
pub(super) fn host_decoded_as_utf8(answer: Outcome) -> Outcome {
    match &answer {
        Outcome::Parsed { components, .. }
            if components.host.as_deref().is_some_and(|h| {
                !h.starts_with('[') && !h.ends_with(']') && utf8_decoding_fails(h)
            }) =>
        {
            Outcome::invalid("UnicodeDecodeError".into())
        }
        _ => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;

    fn parsed(host: &str) -> Outcome {
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
            host_kind: None,
        }
    }

    #[test]
    fn hosts_refused_where_uridecode_raises() {
        // Answers of uritools 6.1.5's gethost().
        for host in ["%a0", "%a0%", "%e9", "a%C3", "%C3%28"] {
            assert!(
                matches!(host_decoded_as_utf8(parsed(host)), Outcome::Invalid(_)),
                "{host}"
            );
        }
        for host in ["%C3%A9", "a%zz", "a%", "é", "", "[%a0]"] {
            assert_eq!(host_decoded_as_utf8(parsed(host)), parsed(host), "{host}");
        }
    }
}
