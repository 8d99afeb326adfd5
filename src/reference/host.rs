//! RFC 3986 §3.2.2: the three kinds of host, and RFC 6874 zone identifiers.
//!
//! ```text
//! host        = IP-literal / IPv4address / reg-name
//! IP-literal  = "[" ( IPv6address / IPvFuture  ) "]"
//! IPvFuture   = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//! IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//! reg-name    = *( unreserved / pct-encoded / sub-delims )
//! ```
//!
//! "The syntax rule for host is ambiguous because it does not completely distinguish between an
//! IPv4address and a reg-name. In order to disambiguate the syntax, we apply the
//! 'first-match-wins' algorithm: If host matches the rule for IPv4address, then it should be
//! considered an IPv4 literal address and not a reg-name." (§3.2.2) Text that looks like an
//! address but does not match `IPv4address` (`127.1`, `0x7f.1`, `1.2.3.256`, `01.2.3.4`) is
//! therefore a valid reg-name (§7.4).

use super::chars::{HEXDIG, IPVFUTURE_TAIL, ZONE_ID};
use super::error::{ErrorKind, ParseError};

/// Which alternative of `host` matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `reg-name`, the empty host included.
    RegName,
    /// `IPv4address`.
    Ipv4,
    /// `IP-literal` holding an `IPv6address` (or, with RFC 6874, an `IPv6addrz`).
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
}

impl HostKind {
    /// The name the vectors and the protocol use.
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }

    /// The kind of a host without brackets, already checked as a `reg-name`: `IPv4address`
    /// when it matches that rule, by §3.2.2's "first-match-wins".
    pub fn of_unbracketed(host: &[u8]) -> HostKind {
        if is_ipv4address(host) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        }
    }

    /// The kind whose [`name`](Self::name) is `name`.
    pub fn from_name(name: &str) -> Option<HostKind> {
        [
            HostKind::RegName,
            HostKind::Ipv4,
            HostKind::Ipv6,
            HostKind::IpvFuture,
        ]
        .into_iter()
        .find(|kind| kind.name() == name)
    }
}

/// Checks the text between the brackets of an `IP-literal`; `offset` is where that text starts
/// in the whole input, for errors.
///
/// With `zone_id`, RFC 6874 §2 extends the rule:
/// ```text
/// IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture  ) "]"
/// ZoneID = 1*( unreserved / pct-encoded )
/// IPv6addrz = IPv6address "%25" ZoneID
/// ```
pub(crate) fn check_ip_literal(
    text: &[u8],
    offset: usize,
    zone_id: bool,
) -> Result<HostKind, ParseError> {
    if let Some(b'v' | b'V') = text.first() {
        return if is_ipvfuture(text) {
            Ok(HostKind::IpvFuture)
        } else {
            Err(ParseError::new(ErrorKind::IpvFuture, offset))
        };
    }
    let percent = text.iter().position(|&b| b == b'%');
    let address = match (percent, zone_id) {
        (Some(at), true) => &text[..at],
        _ => text,
    };
    if !is_ipv6address(address) {
        return Err(ParseError::new(ErrorKind::Ipv6Address, offset));
    }
    if let (Some(at), true) = (percent, zone_id) {
        check_zone(&text[at..], offset + at)?;
    }
    Ok(HostKind::Ipv6)
}

/// `"%25" ZoneID`, starting at the `%`.
fn check_zone(text: &[u8], offset: usize) -> Result<(), ParseError> {
    let error = ParseError::new(ErrorKind::ZoneId, offset);
    let zone = text.strip_prefix(b"%25").ok_or(error)?;
    if zone.is_empty() {
        return Err(error);
    }
    let mut i = 0;
    while i < zone.len() {
        match zone[i] {
            b if ZONE_ID.contains(b) => i += 1,
            b'%' if zone.len() > i + 2
                && HEXDIG.contains(zone[i + 1])
                && HEXDIG.contains(zone[i + 2]) =>
            {
                i += 3
            }
            _ => return Err(error),
        }
    }
    Ok(())
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`; `v` matches either case
/// (RFC 5234 §2.3).
fn is_ipvfuture(text: &[u8]) -> bool {
    let Some(rest) = text.strip_prefix(b"v").or_else(|| text.strip_prefix(b"V")) else {
        return false;
    };
    let version_len = rest.iter().take_while(|&&b| HEXDIG.contains(b)).count();
    match rest[version_len..].split_first() {
        Some((b'.', tail)) => {
            version_len > 0 && !tail.is_empty() && tail.iter().all(|&b| IPVFUTURE_TAIL.contains(b))
        }
        _ => false,
    }
}

/// `IPv6address`, all nine forms:
/// ```text
/// IPv6address =                            6( h16 ":" ) ls32
///             /                       "::" 5( h16 ":" ) ls32
///             / [               h16 ] "::" 4( h16 ":" ) ls32
///             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///             / [ *4( h16 ":" ) h16 ] "::"              ls32
///             / [ *5( h16 ":" ) h16 ] "::"              h16
///             / [ *6( h16 ":" ) h16 ] "::"
/// h16         = 1*4HEXDIG
/// ls32        = ( h16 ":" h16 ) / IPv4address
/// ```
/// Without `::` that is exactly eight 16-bit pieces. With one `::`, the form whose right side
/// holds `n` pieces allows at most `7 - n` pieces on the left, so the nine forms together say:
/// left + right <= 7. An `IPv4address` can only be the last piece (it ends `ls32`) and counts as
/// two, which also keeps it out of the form that ends in a lone `h16`.
pub(crate) fn is_ipv6address(text: &[u8]) -> bool {
    let double_colon = text.windows(2).position(|pair| pair == b"::");
    match double_colon {
        None => count_pieces(text, true) == Some(8),
        Some(at) => {
            let (left, right) = (&text[..at], &text[at + 2..]);
            let left_count = if left.is_empty() {
                Some(0)
            } else {
                count_pieces(left, false)
            };
            let right_count = if right.is_empty() {
                Some(0)
            } else {
                count_pieces(right, true)
            };
            matches!((left_count, right_count), (Some(l), Some(r)) if l + r <= 7)
        }
    }
}

/// Counts the 16-bit pieces of `h16 *( ":" h16 )`, where the last piece may be an
/// `IPv4address` (worth two) if `ipv4_last`. `None` if the text is not of that form (an empty
/// piece, which is how a second `::` shows, included).
fn count_pieces(text: &[u8], ipv4_last: bool) -> Option<usize> {
    let mut count = 0;
    let mut pieces = text.split(|&b| b == b':').peekable();
    while let Some(piece) = pieces.next() {
        let is_last = pieces.peek().is_none();
        if (1..=4).contains(&piece.len()) && piece.iter().all(|&b| HEXDIG.contains(b)) {
            count += 1;
        } else if is_last && ipv4_last && is_ipv4address(piece) {
            count += 2;
        } else {
            return None;
        }
        if count > 8 {
            return None;
        }
    }
    Some(count)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
pub(crate) fn is_ipv4address(text: &[u8]) -> bool {
    // Most hosts are names: an address has 7 to 15 bytes and ends in a digit.
    if !(7..=15).contains(&text.len()) || !text.last().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let mut octets = 0;
    for octet in text.split(|&b| b == b'.') {
        octets += 1;
        if octets > 4 || !is_dec_octet(octet) {
            return false;
        }
    }
    octets == 4
}

/// ```text
/// dec-octet = DIGIT                 ; 0-9
///           / %x31-39 DIGIT         ; 10-99
///           / "1" 2DIGIT            ; 100-199
///           / "2" %x30-34 DIGIT     ; 200-249
///           / "25" %x30-35          ; 250-255
/// ```
/// That is 0 to 255 written without a leading zero.
fn is_dec_octet(text: &[u8]) -> bool {
    match text {
        [d] => d.is_ascii_digit(),
        [b'1'..=b'9', d] => d.is_ascii_digit(),
        [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
        [b'2', b'0'..=b'4', d] => d.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dec_octet_edges() {
        for ok in [
            "0", "9", "10", "99", "100", "199", "200", "249", "250", "255",
        ] {
            assert!(is_dec_octet(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "", "00", "01", "256", "260", "300", "1000", "0255", "-1", "1a",
        ] {
            assert!(!is_dec_octet(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn ipv6_forms() {
        for ok in [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7::",
            "1::8",
            "::1.2.3.4",
            "1::1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "ABCD:ef01::",
        ] {
            assert!(is_ipv6address(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            ":1::",
            "1::2:",
            "1:2:3:4:5:6:7::8",
            "1:2:3:4:5:6::1.2.3.4",
            "1.2.3.4::",
            "::1.2.3",
            "::1.2.3.256",
            "::01.2.3.4",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1::2:3:4:5:6:7:8",
            "g::",
        ] {
            assert!(!is_ipv6address(bad.as_bytes()), "{bad}");
        }
    }
}
