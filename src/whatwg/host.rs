//! Hosts: the URL Standard §3 Hosts (domains and IP addresses)
//! (<https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>): the host parser, the IPv4
//! and IPv6 parsers, the opaque-host parser, the domain parser (UTS #46 through
//! [`crate::idna`]), and the host serializer.

use std::fmt;

use super::encode_sets::{C0_CONTROL, percent_decode, utf8_percent_encode};
use super::{Departures, Failure, Stop};

/// "A host is a domain, an IP address, an opaque host, or an empty host."
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain, ASCII (the result of domain to ASCII).
    Domain(String),
    /// An IPv4 address, a 32-bit unsigned integer.
    Ipv4(u32),
    /// An IPv6 address, eight 16-bit pieces.
    Ipv6([u16; 8]),
    /// An opaque host: a non-special URL's host, percent-encoded.
    Opaque(String),
    /// The empty host.
    Empty,
}

/// "The host serializer takes a host `host` and then runs these steps": IPv4 in dotted
/// decimal, IPv6 in brackets, a domain, opaque host or empty host as it is.
impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s),
            Host::Ipv4(address) => write!(f, "{}", serialize_ipv4(*address)),
            Host::Ipv6(address) => write!(f, "[{}]", serialize_ipv6(address)),
            Host::Empty => Ok(()),
        }
    }
}

/// "A forbidden host code point is U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020
/// SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@),
/// U+005B ([), U+005C (\), U+005D (]), U+005E (^), or U+007C (|)."
pub(crate) fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// "A forbidden domain code point is a forbidden host code point, a C0 control, U+0025 (%),
/// or U+007F DELETE."
pub(crate) fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || c <= '\u{1F}' || c == '%' || c == '\u{7F}'
}

/// "The host parser takes a scalar value string `input` with an optional boolean `isOpaque`
/// (default false), and then runs these steps" (§3.5 Host parsing).
pub(crate) fn parse_host(
    input: &str,
    is_opaque: bool,
    departures: Departures,
) -> Result<Host, Stop> {
    // 1. If input starts with U+005B ([), then: 1. If input does not end with U+005D (]),
    // IPv6-unclosed validation error, return failure. 2. Return the result of IPv6 parsing
    // input with its leading U+005B ([) and trailing U+005D (]) removed.
    if let Some(inner) = input.strip_prefix('[') {
        let Some(address) = inner.strip_suffix(']') else {
            return Err(Failure::stop("IPv6-unclosed", input));
        };
        return parse_ipv6(address).map(Host::Ipv6);
    }
    // 2. If isOpaque is true, then return the result of opaque-host parsing input.
    if is_opaque {
        return parse_opaque_host(input);
    }
    // 3. Assert: input is not the empty string.
    debug_assert!(
        !input.is_empty(),
        "the callers fail an empty special host first"
    );
    // 4. A percent-encoded byte is a validation error only.
    // 5. Let domain be the result of running UTF-8 decode without BOM on the percent-decoding
    // of input. (Invalid UTF-8 becomes U+FFFD, which the domain parser refuses: disallowed.)
    let domain = String::from_utf8_lossy(&percent_decode(input.as_bytes())).into_owned();
    // 6. Let asciiDomain be the result of running domain parser with domain and false.
    // 7. If asciiDomain is failure, then return failure.
    let ascii_domain = domain_to_ascii(&domain, departures)?;
    // 8. If asciiDomain ends in a number, then return the result of IPv4 parsing asciiDomain.
    if ends_in_a_number(&ascii_domain) {
        return parse_ipv4(&ascii_domain).map(Host::Ipv4);
    }
    // 9. Return asciiDomain.
    Ok(Host::Domain(ascii_domain))
}

/// "The domain parser algorithm, given a scalar value string `domain` and a boolean
/// `beStrict`" (§3.3 IDNA), with `beStrict` false, as the host parser calls it.
///
/// Steps 1-2 run ToASCII strictly only to report a validation error, which the model does not
/// record. An ASCII domain is lowercased "regardless of Unicode ToASCII's outcome, due to web
/// compatibility" (the note under step 5): `xn--` labels that do not decode, or that decode to
/// something UTS #46 refuses, are kept. Any other domain goes through UTS #46 ToASCII
/// ([`crate::idna::to_ascii`] with the flags of "domain parser ToASCII").
fn domain_to_ascii(domain: &str, departures: Departures) -> Result<String, Stop> {
    // 5. If domain is an ASCII string, then set result to domain, lowercased.
    let result = if domain.is_ascii() && !departures.ascii_domains_through_uts46 {
        domain.to_ascii_lowercase()
    } else {
        // 6. Otherwise: set result to the result of running domain parser ToASCII with domain
        // and false; if result is a failure value, then return failure.
        let flags = crate::idna::Flags {
            bidi_rule_per_label: departures.bidi_rule_per_label,
            bidi_rule_as_ada_2_9: departures.bidi_rule_as_ada_2_9,
            ..crate::idna::Flags::URL
        };
        crate::idna::to_ascii(domain, flags)
            .map_err(|_| Failure::stop("domain-to-ASCII", domain))?
    };
    // 7. If result is the empty string, then return failure.
    if result.is_empty() {
        return Err(Failure::stop("domain-to-ASCII", domain));
    }
    // 8. If result contains a forbidden domain code point, then return failure.
    if result.chars().any(is_forbidden_domain_code_point) {
        return Err(Failure::stop("domain-invalid-code-point", domain));
    }
    Ok(result)
}

/// "The ends in a number checker takes an ASCII string `input` and then runs these steps."
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    // 1. Let parts be the result of strictly splitting input on U+002E (.).
    let mut parts: Vec<&str> = input.split('.').collect();
    // 2. If the last item in parts is the empty string, then: 1. If parts's size is 1, return
    // false. 2. Remove the last item from parts.
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    // 3. Let last be the last item in parts.
    let last = parts.last().copied().unwrap_or("");
    // 4. If last is non-empty and contains only ASCII digits, then return true.
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // 5. If parsing last as an IPv4 number does not return failure, then return true.
    // (Equivalent to "0X" or "0x" followed by zero or more ASCII hex digits.)
    parse_ipv4_number(last).is_some()
}

/// "The IPv4 number parser takes an ASCII string `input` and then runs these steps": the
/// number (saturated at `u64::MAX`, far above any IPv4 address) and whether a validation error
/// was seen; `None` is failure.
fn parse_ipv4_number(input: &str) -> Option<(u64, bool)> {
    // 1. If input is the empty string, then return failure.
    if input.is_empty() {
        return None;
    }
    // 2-4. A "0x" or "0X" prefix is hexadecimal, a leading "0" octal; both are validation
    // errors.
    let (digits, radix, validation_error) =
        if input.len() >= 2 && (input.starts_with("0x") || input.starts_with("0X")) {
            (&input[2..], 16, true)
        } else if input.len() >= 2 && input.starts_with('0') {
            (&input[1..], 8, true)
        } else {
            (input, 10, false)
        };
    // 5. If input is the empty string, then return (0, true).
    if digits.is_empty() {
        return Some((0, true));
    }
    // 6. If input contains a code point that is not a radix-R digit, then return failure.
    // 7. Let output be the mathematical integer value that is represented by input in
    // radix-R notation.
    let mut output: u64 = 0;
    for c in digits.chars() {
        let digit = c.to_digit(radix)?;
        output = output
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(digit));
    }
    Some((output, validation_error))
}

/// "The IPv4 parser takes an ASCII string `input` and then runs these steps."
pub(crate) fn parse_ipv4(input: &str) -> Result<u32, Stop> {
    // 1. Let parts be the result of strictly splitting input on U+002E (.).
    let mut parts: Vec<&str> = input.split('.').collect();
    // 2. If the last item in parts is the empty string, then: IPv4-empty-part validation
    // error; if parts's size is greater than 1, then remove the last item from parts.
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    // 3. If parts's size is greater than 4, IPv4-too-many-parts validation error, return
    // failure.
    if parts.len() > 4 {
        return Err(Failure::stop("IPv4-too-many-parts", input));
    }
    // 4-5. Parse each part as an IPv4 number; failure is IPv4-non-numeric-part.
    let mut numbers = Vec::with_capacity(parts.len());
    for part in parts {
        let Some((number, _)) = parse_ipv4_number(part) else {
            return Err(Failure::stop("IPv4-non-numeric-part", input));
        };
        numbers.push(number);
    }
    // 7. If any but the last item in numbers is greater than 255, then return failure.
    let (last, init) = numbers
        .split_last()
        .expect("strict splitting yields an item");
    if init.iter().any(|&n| n > 255) {
        return Err(Failure::stop("IPv4-out-of-range-part", input));
    }
    // 8. If the last item in numbers is greater than or equal to 256^(5 − numbers's size),
    // then return failure.
    if *last >= 256u64.pow(5 - numbers.len() as u32) {
        return Err(Failure::stop("IPv4-out-of-range-part", input));
    }
    // 9-12. ipv4 is the last number plus each other number times 256^(3 − its index).
    let mut ipv4 = *last;
    for (counter, n) in init.iter().enumerate() {
        ipv4 += n * 256u64.pow(3 - counter as u32);
    }
    Ok(ipv4 as u32)
}

/// "The IPv6 parser takes a scalar value string `input` and then runs these steps."
pub(crate) fn parse_ipv6(input: &str) -> Result<[u16; 8], Stop> {
    let fail = |error: &'static str| Err(Failure::stop(error, input));
    let input: Vec<char> = input.chars().collect();
    let at = |pointer: usize| input.get(pointer).copied();
    // 1-4. address: eight pieces of 0; pieceIndex 0; compress null; pointer 0.
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    // 5. If c is U+003A (:), then: if remaining does not start with U+003A (:),
    // IPv6-invalid-compression validation error, return failure; increase pointer by 2;
    // increase pieceIndex by 1 and then set compress to pieceIndex.
    if at(pointer) == Some(':') {
        if at(pointer + 1) != Some(':') {
            return fail("IPv6-invalid-compression");
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // 6. While c is not the EOF code point:
    while let Some(c) = at(pointer) {
        // 1. If pieceIndex is 8, IPv6-too-many-pieces validation error, return failure.
        if piece_index == 8 {
            return fail("IPv6-too-many-pieces");
        }
        // 2. If c is U+003A (:), then: if compress is non-null, IPv6-multiple-compression
        // validation error, return failure; increase pointer and pieceIndex by 1, set
        // compress to pieceIndex, and then continue.
        if c == ':' {
            if compress.is_some() {
                return fail("IPv6-multiple-compression");
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // 3-4. Up to four ASCII hex digits make value.
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(digit) = at(pointer).and_then(|c| c.to_digit(16)) else {
                break;
            };
            value = value * 0x10 + digit as u16;
            pointer += 1;
            length += 1;
        }
        match at(pointer) {
            // 5. If c is U+002E (.), then: an IPv4 address in the last two pieces.
            Some('.') => {
                // 1. If length is 0, IPv4-in-IPv6-invalid-code-point, return failure.
                if length == 0 {
                    return fail("IPv4-in-IPv6-invalid-code-point");
                }
                // 2. Decrease pointer by length.
                pointer -= length;
                // 3. If pieceIndex is greater than 6, IPv4-in-IPv6-too-many-pieces.
                if piece_index > 6 {
                    return fail("IPv4-in-IPv6-too-many-pieces");
                }
                // 4. Let numbersSeen be 0.
                let mut numbers_seen = 0;
                // 5. While c is not the EOF code point:
                while let Some(c) = at(pointer) {
                    // 2. If numbersSeen is greater than 0, then: if c is a U+002E (.) and
                    // numbersSeen is less than 4, then increase pointer by 1; otherwise,
                    // IPv4-in-IPv6-invalid-code-point, return failure.
                    if numbers_seen > 0 {
                        if c == '.' && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return fail("IPv4-in-IPv6-invalid-code-point");
                        }
                    }
                    // 3. If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point.
                    if !at(pointer).is_some_and(|c| c.is_ascii_digit()) {
                        return fail("IPv4-in-IPv6-invalid-code-point");
                    }
                    // 4. While c is an ASCII digit: no leading zero, at most 255.
                    let mut ipv4_piece: Option<u16> = None;
                    while let Some(number) = at(pointer).and_then(|c| c.to_digit(10)) {
                        ipv4_piece = match ipv4_piece {
                            None => Some(number as u16),
                            Some(0) => return fail("IPv4-in-IPv6-invalid-code-point"),
                            Some(piece) => Some(piece * 10 + number as u16),
                        };
                        if ipv4_piece > Some(255) {
                            return fail("IPv4-in-IPv6-out-of-range-part");
                        }
                        pointer += 1;
                    }
                    // 5. Set address[pieceIndex] to address[pieceIndex] × 0x100 + ipv4Piece.
                    let piece = ipv4_piece.unwrap_or(0);
                    address[piece_index] = address[piece_index].wrapping_mul(0x100) + piece;
                    // 6-7. Increase numbersSeen by 1; if it is 2 or 4, increase pieceIndex.
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                // 6. If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts, return failure.
                if numbers_seen != 4 {
                    return fail("IPv4-in-IPv6-too-few-parts");
                }
                // 7. Break.
                break;
            }
            // 6. Otherwise, if c is U+003A (:): increase pointer by 1; if c is the EOF code
            // point, IPv6-invalid-code-point validation error, return failure.
            Some(':') => {
                pointer += 1;
                if at(pointer).is_none() {
                    return fail("IPv6-invalid-code-point");
                }
            }
            // 7. Otherwise, if c is not the EOF code point, IPv6-invalid-code-point
            // validation error, return failure.
            Some(_) => return fail("IPv6-invalid-code-point"),
            None => {}
        }
        // 8. Set address[pieceIndex] to value. 9. Increase pieceIndex by 1.
        address[piece_index] = value;
        piece_index += 1;
    }
    match compress {
        // 7. If compress is non-null: move the pieces after compress to the end.
        Some(compress) => {
            let mut swaps = piece_index - compress;
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, compress + swaps - 1);
                piece_index -= 1;
                swaps -= 1;
            }
        }
        // 8. Otherwise, if compress is null and pieceIndex is not 8,
        // IPv6-too-few-pieces validation error, return failure.
        None if piece_index != 8 => return fail("IPv6-too-few-pieces"),
        None => {}
    }
    // 9. Return address.
    Ok(address)
}

/// "The opaque-host parser takes a scalar value string `input`, and then runs these steps."
fn parse_opaque_host(input: &str) -> Result<Host, Stop> {
    // 1. If input contains a forbidden host code point, host-invalid-code-point validation
    // error, return failure.
    if input.chars().any(is_forbidden_host_code_point) {
        return Err(Failure::stop("host-invalid-code-point", input));
    }
    // 2-3 are validation errors only. 4. Return the result of running UTF-8 percent-encode on
    // input using the C0 control percent-encode set.
    let mut output = String::with_capacity(input.len());
    for c in input.chars() {
        utf8_percent_encode(c, &C0_CONTROL, &mut output);
    }
    if output.is_empty() {
        // The host state parses an empty non-special host, which is the empty host.
        return Ok(Host::Empty);
    }
    Ok(Host::Opaque(output))
}

/// "The IPv4 serializer takes an IPv4 address `address` and then runs these steps": four
/// decimal numbers separated by ".".
fn serialize_ipv4(address: u32) -> String {
    let [a, b, c, d] = address.to_be_bytes();
    format!("{a}.{b}.{c}.{d}")
}

/// "The IPv6 serializer takes an IPv6 address `address` and then runs these steps": lowercase
/// hexadecimal pieces without leading zeros, the first longest run of two or more 0 pieces
/// compressed to "::".
fn serialize_ipv6(address: &[u16; 8]) -> String {
    // 2. Let compress be an index to the first IPv6 piece in the first longest sequences of
    // address's IPv6 pieces that are 0. 3. If there is no sequence of address's IPv6 pieces
    // that are 0 that is longer than 1, then set compress to null.
    let mut compress: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if address[i] == 0 {
            let start = i;
            while i < 8 && address[i] == 0 {
                i += 1;
            }
            let len = i - start;
            if len > 1 && compress.is_none_or(|(_, best)| len > best) {
                compress = Some((start, len));
            }
        } else {
            i += 1;
        }
    }
    // 4-6. Each piece in lowercase hexadecimal; "::" in place of the compressed run (a single
    // ":" when the run starts the address is made "::" by the separator logic).
    let mut output = String::new();
    let mut ignore0 = false;
    for (index, piece) in address.iter().enumerate() {
        if ignore0 && *piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress.is_some_and(|(start, _)| start == index) {
            output.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        output.push_str(&format!("{piece:x}"));
        if index != 7 {
            output.push(':');
        }
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(input: &str, is_opaque: bool) -> Result<String, String> {
        match parse_host(input, is_opaque, Departures::NONE) {
            Ok(host) => Ok(host.to_string()),
            Err(Stop::Failure(f)) => Err(f.error.to_owned()),
        }
    }

    #[test]
    fn ipv4_forms_from_the_standard() {
        // §3.5's examples: "0x7F.0.0.1" and "127.1" are 127.0.0.1; "0xffffffff" the broadcast
        // address; "08" fails (8 is not an octal digit); "1.2.3.4.5" has too many parts.
        assert_eq!(host("0x7F.0.0.1", false), Ok("127.0.0.1".into()));
        assert_eq!(host("127.1", false), Ok("127.0.0.1".into()));
        assert_eq!(host("0xffffffff", false), Ok("255.255.255.255".into()));
        assert_eq!(
            host("0x100000000", false),
            Err("IPv4-out-of-range-part".into())
        );
        assert_eq!(host("08", false), Err("IPv4-non-numeric-part".into()));
        assert_eq!(host("1.2.3.4.5", false), Err("IPv4-too-many-parts".into()));
        assert_eq!(host("1.2.3.4.", false), Ok("1.2.3.4".into()));
        // Ends in a number only if the last label is numeric: "1.2.3.a" is a domain.
        assert_eq!(host("1.2.3.a", false), Ok("1.2.3.a".into()));
        assert_eq!(host("a.0x", false), Err("IPv4-non-numeric-part".into()));
    }

    #[test]
    fn ipv6_forms_from_the_standard() {
        // §3.6's examples: the compression picks the first longest run of zeros.
        assert_eq!(
            host("[2001:db8:0:0:1:0:0:1]", false),
            Ok("[2001:db8::1:0:0:1]".into())
        );
        assert_eq!(host("[0:0:0:0:0:0:0:0]", false), Ok("[::]".into()));
        assert_eq!(host("[1:0::]", false), Ok("[1::]".into()));
        assert_eq!(host("[::1.2.3.4]", false), Ok("[::102:304]".into()));
        assert_eq!(
            host("[1:0:1:0:1:0:1:0]", false),
            Ok("[1:0:1:0:1:0:1:0]".into())
        );
        assert_eq!(
            host("[::1.2.3.04]", false),
            Err("IPv4-in-IPv6-invalid-code-point".into())
        );
        assert_eq!(
            host("[1:2:3:4:5:6:7:8:9]", false),
            Err("IPv6-too-many-pieces".into())
        );
        assert_eq!(
            host("[1::2::3]", false),
            Err("IPv6-multiple-compression".into())
        );
        assert_eq!(host("[1:2]", false), Err("IPv6-too-few-pieces".into()));
        assert_eq!(host("[::1", false), Err("IPv6-unclosed".into()));
    }

    #[test]
    fn domains_and_opaque_hosts() {
        assert_eq!(host("ExAmPlE.CoM", false), Ok("example.com".into()));
        assert_eq!(host("ExAmPlE.CoM", true), Ok("ExAmPlE.CoM".into()));
        assert_eq!(host("a%41", false), Ok("aa".into()));
        assert_eq!(host("a%25", false), Err("domain-invalid-code-point".into()));
        assert_eq!(host("a<b", false), Err("domain-invalid-code-point".into()));
        assert_eq!(host("a<b", true), Err("host-invalid-code-point".into()));
        assert_eq!(host("%C3%A9", true), Ok("%C3%A9".into()));
        assert_eq!(host("\u{e9}", true), Ok("%C3%A9".into()));
        // A non-ASCII domain goes through UTS #46; percent-encoded UTF-8 is decoded first.
        assert_eq!(host("\u{e9}", false), Ok("xn--9ca".into()));
        assert_eq!(host("%C3%A9", false), Ok("xn--9ca".into()));
        assert_eq!(host("%C3", false), Err("domain-to-ASCII".into()));
        // An ASCII domain is lowercased, whatever its xn-- labels decode to.
        assert_eq!(host("a.XN--b", false), Ok("a.xn--b".into()));
        assert_eq!(host("xn--", false), Ok("xn--".into()));
        // A mapped result can hold a forbidden domain code point: U+FF1C FULLWIDTH
        // LESS-THAN SIGN maps to "<".
        assert_eq!(
            host("a\u{FF1C}b", false),
            Err("domain-invalid-code-point".into())
        );
    }
}
