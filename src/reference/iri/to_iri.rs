//! RFC 3987 §3.2: converting URIs to IRIs.
//!
//! "Conversion from a URI to an IRI is done by using the following steps (or any other
//! algorithm that produces the same result):"
//!
//! 1. "Represent the URI as a sequence of octets in US-ASCII." A URI is ASCII: the input must
//!    be a `URI-reference`, and is parsed as one so that each component converts by its own
//!    rule of §2.2.
//! 2. "Convert all percent-encodings ("%" followed by two hexadecimal digits) to the
//!    corresponding octets, except those corresponding to "%", characters in "reserved", and
//!    characters in US-ASCII not allowed in URIs." Of the ASCII octets that leaves the
//!    `unreserved` ones (`%41` becomes `A`, `%7e` becomes `~`); every octet from 0x80 up is
//!    decoded. The percent-encodings kept stay as written, lowercase hexadecimal digits
//!    included.
//! 3. "Re-percent-encode any octet produced in step 2 that is not part of a strictly legal UTF-8
//!    octet sequence." Strictly legal is what `std::str::from_utf8` accepts: no overlong forms,
//!    no surrogates (`%ED%A0%80`), nothing above U+10FFFF.
//! 4. "Re-percent-encode all octets produced in step 3 that in UTF-8 represent characters that
//!    are not appropriate according to sections 2.2, 4.1, and 6.1." §2.2: a character the
//!    component's rule does not admit (not `ucschar`, or `iprivate` outside the query). §4.1:
//!    "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO,
//!    and PDF)". §6.1 asks that look-alikes "should be avoided" without listing them; the
//!    reference decodes them (choice 21 in vectors/README.md).
//! 5. "Interpret the resulting octet sequence as a sequence of characters encoded in UTF-8."
//!
//! Re-encoded octets are written with uppercase digits: the RFC's third example turns
//! `%e2%80%ae` into `%E2%80%AE` ("the case (upper- or lowercase) of letters used in
//! percent-encodings may not be preserved"). Punycode labels stay as they are: ToUnicode is
//! something implementations "with scheme-specific knowledge MAY" do (choice 22).

use super::super::chars::{HEXDIG, UNRESERVED, hex_value};
use super::super::error::ParseError;
use super::super::parse::{Components, parse};
use super::super::recompose::recompose;
use super::chars::{Wide, is_bidi_formatting};

/// Converts the URI reference `uri` to an IRI reference (§3.2, steps 1 to 5).
pub fn uri_to_iri(uri: &str) -> Result<String, ParseError> {
    let c = parse(uri)?;
    let convert = |text: Option<&str>, wide| text.map(|t| convert_component(t, wide));
    let userinfo = convert(c.userinfo, Wide::Ucschar);
    let host = convert(c.host, Wide::Ucschar);
    let path = convert_component(c.path, Wide::Ucschar);
    let query = convert(c.query, Wide::UcscharOrIprivate);
    let fragment = convert(c.fragment, Wide::Ucschar);
    Ok(recompose(&Components {
        userinfo: userinfo.as_deref(),
        host: host.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..c
    }))
}

/// Steps 2 to 5 on one component's text, whose rule admits `wide` beyond ASCII.
pub(crate) fn convert_component(text: &str, wide: Wide) -> String {
    let mut out = String::with_capacity(text.len());
    decode_component(&mut out, text, wide, Kept::AsWritten);
    out
}

/// How [`decode_component`] writes what it does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kept {
    /// §3.2: percent-encodings step 2 keeps stay as written.
    AsWritten,
    /// RFC 3987 §5.3.2.1 (normalization): hexadecimal digits in uppercase.
    Uppercase,
    /// As `Uppercase`, and ASCII letters lowercased, decoded ones included: a host (§5.3.2.1,
    /// "the scheme and US-ASCII only host are case insensitive").
    UppercaseInLowercaseHost,
}

/// Appends `text` to `out` with every percent-encoded sequence that stands for an unreserved
/// character or a character `wide` admits decoded, and the others kept (as `kept` says).
///
/// Decoded octets from 0x80 up are gathered in runs (a literal character or a kept
/// percent-encoding ends a run, as neither can be inside a UTF-8 sequence) and each run is
/// read as UTF-8 at its end.
pub(crate) fn decode_component(out: &mut String, text: &str, wide: Wide, kept: Kept) {
    let bytes = text.as_bytes();
    let lowercase = kept == Kept::UppercaseInLowercaseHost;
    let mut run: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let triplet = b == b'%' && is_hex(bytes, i + 1) && is_hex(bytes, i + 2);
        if triplet {
            let octet = hex_value(bytes[i + 1]) << 4 | hex_value(bytes[i + 2]);
            if octet >= 0x80 {
                run.push(octet);
                i += 3;
                continue;
            }
            flush(out, &mut run, wide);
            if UNRESERVED.contains(octet) {
                // Step 2 decodes an unreserved octet; steps 3 and 4 leave it.
                let c = char::from(octet);
                out.push(if lowercase { c.to_ascii_lowercase() } else { c });
            } else if kept == Kept::AsWritten {
                // "%", "reserved" and the US-ASCII not allowed in URIs stay as written.
                out.push_str(&text[i..i + 3]);
            } else {
                push_encoded(out, &[octet]);
            }
            i += 3;
        } else {
            flush(out, &mut run, wide);
            // Whole characters, so that the literal ones of an IRI are copied intact.
            let c = text[i..].chars().next().unwrap_or(char::from(b));
            if kept != Kept::AsWritten && is_bidi_formatting(c) {
                // Normalization writes an IRI, which "MUST NOT contain bidirectional formatting
                // characters" (§4.1): the grammar admits a literal one (choice 17), so it is
                // written as its encoding, as the URI it maps to would have it.
                let mut utf8 = [0; 4];
                push_encoded(out, c.encode_utf8(&mut utf8).as_bytes());
            } else {
                out.push(if lowercase { c.to_ascii_lowercase() } else { c });
            }
            i += c.len_utf8();
        }
    }
    flush(out, &mut run, wide);
}

fn is_hex(bytes: &[u8], at: usize) -> bool {
    bytes.get(at).is_some_and(|&b| HEXDIG.contains(b))
}

/// Steps 3 to 5 on a run of decoded octets from 0x80 up, appended to `out`; empties `run`.
///
/// "Conversions from URIs to IRIs MUST NOT use any character encoding other than UTF-8 in steps
/// 3 and 4": the run is read as UTF-8 and nothing else, so `%E9` alone stays `%E9`.
fn flush(out: &mut String, run: &mut Vec<u8>, wide: Wide) {
    for chunk in run.utf8_chunks() {
        for c in chunk.valid().chars() {
            // Step 4: §2.2 (the component's rule) and §4.1 (bidi formatting characters).
            if wide.admits(c) && !is_bidi_formatting(c) {
                out.push(c);
            } else {
                let mut utf8 = [0; 4];
                push_encoded(out, c.encode_utf8(&mut utf8).as_bytes());
            }
        }
        // Step 3: octets that are not part of a strictly legal UTF-8 sequence.
        push_encoded(out, chunk.invalid());
    }
    run.clear();
}

fn push_encoded(out: &mut String, octets: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &octet in octets {
        out.push('%');
        out.push(char::from(HEX[usize::from(octet >> 4)]));
        out.push(char::from(HEX[usize::from(octet & 0xF)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::iri::iri_to_uri;

    #[test]
    fn each_step_on_its_own() {
        // Step 2 keeps "%", reserved and disallowed ASCII, decodes unreserved.
        assert_eq!(
            convert_component("%25%2f%20%41%7e", Wide::Ucschar),
            "%25%2f%20A~"
        );
        // Step 3: a lone lead octet, a lone continuation, an overlong form, a surrogate.
        assert_eq!(convert_component("%C3x%A9", Wide::Ucschar), "%C3x%A9");
        assert_eq!(convert_component("%c0%af", Wide::Ucschar), "%C0%AF");
        assert_eq!(convert_component("%ed%a0%80", Wide::Ucschar), "%ED%A0%80");
        // Step 4: iprivate only in the query, noncharacters nowhere, bidi formatting nowhere.
        assert_eq!(convert_component("%EE%80%80", Wide::Ucschar), "%EE%80%80");
        assert_eq!(
            convert_component("%ee%80%80", Wide::UcscharOrIprivate),
            "\u{E000}"
        );
        assert_eq!(convert_component("%EF%BF%BE", Wide::Ucschar), "%EF%BF%BE");
        assert_eq!(convert_component("%E2%80%8E", Wide::Ucschar), "%E2%80%8E");
        // A valid character right after an invalid octet is still decoded.
        assert_eq!(convert_component("%FF%C3%BC", Wide::Ucschar), "%FFü");
    }

    #[test]
    fn converting_back_gives_the_uri_up_to_case_and_unreserved_octets() {
        for uri in [
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D%FCrst",
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "foo://%C3%A9@%C3%A9/%C3%A9?%EE%80%80#%C3%A9",
        ] {
            let iri = uri_to_iri(uri).unwrap();
            assert!(super::super::parse_iri(&iri).is_ok(), "{iri}");
            let back = iri_to_uri(&iri).unwrap();
            assert_eq!(back.to_ascii_uppercase(), uri.to_ascii_uppercase(), "{uri}");
        }
    }
}
