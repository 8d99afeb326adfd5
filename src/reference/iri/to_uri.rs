//! RFC 3987 §3.1: mapping IRIs to URIs.
//!
//! "Applications MUST map IRIs to URIs by using the following two steps."
//!
//! Step 1 generates "a UCS character sequence from the original IRI format". Its variant c
//! applies to every input here: a Rust string is already Unicode, and "If the IRI is in a
//! Unicode-based character encoding (for example, UTF-8 or UTF-16), do not normalize". NFC is for
//! variants a and b (an IRI read from paper, or transcoded from a non-Unicode encoding), which
//! happen before a string reaches this function: a caller that transcodes must apply NFC itself
//! (choice 18 in vectors/README.md).
//!
//! Step 2 percent-encodes the UTF-8 octets of every `ucschar` and `iprivate`, with uppercase
//! hexadecimal digits. The host goes through step 2 like every other component: the alternative
//! of ToASCII for an `ireg-name` (RFC 3490), which "Systems accepting IRIs MAY" apply "for
//! schemes known to use domain names", is not applied (choice 19).

use super::super::error::ParseError;
use super::parse_iri;

/// Maps the IRI reference `iri` to a URI reference (§3.1); the input must be an `IRI-reference`.
///
/// - Step 2: "For each character in 'ucschar' or 'iprivate', apply steps 2.1 through 2.3":
///   "Convert the character to a sequence of one or more octets using UTF-8", "Convert each
///   octet to %HH ... the hexadecimal notation SHOULD use uppercase letters", "Replace the
///   original character with the resulting character sequence".
/// - "characters allowed in URI references and existing percent-encoded sequences are not
///   encoded further": everything ASCII is copied as it is, `%` included ("the number sign
///   ("#"), the percent sign ("%"), and the square bracket characters ("[", "]") ... MUST NOT be
///   converted").
/// - "Systems accepting IRIs MAY also deal with the printable characters in US-ASCII that are
///   not allowed in URIs, namely "<", ">", '"', space, "{", "}", "|", "\", "^", and "`", in step
///   2 above. If these characters are found but are not converted, then the conversion SHOULD
///   fail." The reference does not convert them, so an input holding one is not an IRI and the
///   conversion fails with the rule it breaks (choice 20).
///
/// Since the input parsed as an `IRI-reference`, its only non-ASCII characters are `ucschar`
/// (and `iprivate` in the query), so encoding every non-ASCII character is exactly step 2. The
/// result is a `URI-reference` with the same components, each mapped: "The above mapping from
/// IRIs to URIs produces URIs fully conforming to \[RFC3986\]. The mapping is also an identity
/// transformation for URIs and is idempotent".
pub fn iri_to_uri(iri: &str) -> Result<String, ParseError> {
    parse_iri(iri)?;
    Ok(percent_encode_non_ascii(iri))
}

/// Steps 2.1 to 2.3 on every non-ASCII character of `text`.
pub fn percent_encode_non_ascii(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len() * 3);
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        let mut utf8 = [0; 4];
        for &octet in c.encode_utf8(&mut utf8).as_bytes() {
            out.push('%');
            out.push(char::from(HEX[usize::from(octet >> 4)]));
            out.push(char::from(HEX[usize::from(octet & 0xF)]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{ErrorKind, parse};

    #[test]
    fn every_non_ascii_character_becomes_its_utf8_octets() {
        assert_eq!(percent_encode_non_ascii("é"), "%C3%A9");
        assert_eq!(percent_encode_non_ascii("\u{10300}"), "%F0%90%8C%80");
        assert_eq!(percent_encode_non_ascii("\u{E000}"), "%EE%80%80");
        assert_eq!(percent_encode_non_ascii("a%2fb#[]"), "a%2fb#[]");
    }

    #[test]
    fn the_result_is_a_uri_reference_and_the_mapping_is_idempotent() {
        for iri in [
            "http://例え.テスト/ä?\u{E000}#ü",
            "//ö@ü:8080/ä",
            "../ä/b",
            "http://www.example.org/red%09ros\u{E9}#red",
        ] {
            let uri = iri_to_uri(iri).unwrap();
            assert!(parse(&uri).is_ok(), "{uri}");
            assert_eq!(iri_to_uri(&uri).unwrap(), uri, "{iri}");
        }
    }

    #[test]
    fn what_is_not_an_iri_is_not_mapped() {
        let e = iri_to_uri("http://a/\u{E000}").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::Ipath, 9));
        let e = iri_to_uri("http://a/<b>").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::Ipath, 9));
    }
}
