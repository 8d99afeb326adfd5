//! IDNA 2003 as Python's `encodings.idna` codec writes a host (`str.encode("idna")`): RFC 3490
//! ToASCII with AllowUnassigned and without UseSTD3ASCIIRules, after RFC 3491's Nameprep
//! profile of stringprep (RFC 3454). yarl 1.25.1 falls back to it where the idna package's IDNA
//! 2008 encoding refuses a host (yarl/_url.py, `_idna_encode`: "except UnicodeError: return
//! host.encode("idna").decode("ascii")").
//!
//! Each step follows Lib/encodings/idna.py (Python 3.11): `Codec.encode` splits the host at
//! the four dots of RFC 3490 §3.1 (keeping one trailing empty label as a final "."), and
//! `ToASCII` keeps an ASCII label as it is, runs `nameprep` on any other, and writes what is
//! still not ASCII as "xn--" and its Punycode. `nameprep` checks no unassigned code point
//! (AllowUnassigned): it maps (B.1 to nothing, B.2), normalizes with Unicode 3.2's NFKC,
//! refuses the prohibited tables and checks RFC 3454 §6's bidi requirements. The tables are
//! Python's `stringprep` module's, written out by scripts/nameprep-tables.py; Unicode 3.2's
//! NFKC is the compiled NFKC applied between the code points Unicode 3.2 leaves unassigned,
//! which it leaves as they are and which, being starters that compose with nothing, split the
//! text into runs normalized apart.

use super::in_ranges;
use super::nameprep_tables::{ASSIGNED, B1, B2, L, PROHIBITED, RANDAL};

/// Why the codec raises `UnicodeError` on a host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Idna2003Error {
    /// "label empty or too long": a label of no octet or of more than 63.
    LabelLength,
    /// nameprep's "Invalid character": a code point of a prohibited table.
    Prohibited(char),
    /// nameprep's "Violation of BIDI requirement 2" or "3".
    Bidi,
    /// ToASCII step 5: "Label starts with ACE prefix".
    AcePrefix,
    /// The Punycode encoder overflowed.
    Punycode,
}

/// Unicode 3.2's NFKC of `text`: the compiled NFKC of each run between code points Unicode 3.2
/// leaves unassigned, which are kept as they are.
fn nfkc_3_2(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if in_ranges(ASSIGNED, c) {
            run.push(c);
        } else {
            out.push_str(&super::unicode::nfkc(&run));
            run.clear();
            out.push(c);
        }
    }
    out.push_str(&super::unicode::nfkc(&run));
    out
}

/// RFC 3491 Nameprep as `encodings.idna.nameprep` runs it.
pub(crate) fn nameprep(label: &str) -> Result<String, Idna2003Error> {
    // "Map": B.1 to nothing, then B.2.
    let mut mapped = String::with_capacity(label.len());
    for c in label.chars() {
        if B1.binary_search(&u32::from(c)).is_ok() {
            continue;
        }
        match B2.binary_search_by_key(&u32::from(c), |&(cp, _)| cp) {
            Ok(at) => mapped.push_str(B2[at].1),
            Err(_) => mapped.push(c),
        }
    }
    // "Normalize": NFKC of Unicode 3.2.
    let label = nfkc_3_2(&mapped);
    // "Prohibit".
    if let Some(c) = label.chars().find(|&c| in_ranges(PROHIBITED, c)) {
        return Err(Idna2003Error::Prohibited(c));
    }
    // "Check bidi": with a RandALCat character, no LCat one, and RandALCat first and last.
    let rand_al: Vec<bool> = label.chars().map(|c| in_ranges(RANDAL, c)).collect();
    if rand_al.iter().any(|&r| r)
        && (label.chars().any(|c| in_ranges(L, c))
            || !rand_al.first().copied().unwrap_or(false)
            || !rand_al.last().copied().unwrap_or(false))
    {
        return Err(Idna2003Error::Bidi);
    }
    Ok(label)
}

/// `encodings.idna.ToASCII`: an ASCII label as it is, any other through Nameprep and, still
/// not ASCII, "xn--" and its Punycode; a label must then hold 1 to 63 octets.
pub(crate) fn label_to_ascii(label: &str) -> Result<String, Idna2003Error> {
    let sized = |label: String| {
        if (1..64).contains(&label.len()) {
            Ok(label)
        } else {
            Err(Idna2003Error::LabelLength)
        }
    };
    if label.is_ascii() {
        return sized(label.to_owned());
    }
    let label = nameprep(label)?;
    if label.is_ascii() {
        return sized(label);
    }
    if label.starts_with("xn--") {
        return Err(Idna2003Error::AcePrefix);
    }
    let encoded = super::punycode::encode(&label).map_err(|_| Idna2003Error::Punycode)?;
    sized(format!("xn--{encoded}"))
}

/// `str.encode("idna")` (`encodings.idna.Codec.encode`) of `host`, as ASCII.
pub(crate) fn to_ascii(host: &str) -> Result<String, Idna2003Error> {
    if host.is_empty() {
        return Ok(String::new());
    }
    if host.is_ascii() {
        // "ASCII name: fast path": every label but the last 1 to 63 octets, the last fewer
        // than 64.
        let labels: Vec<&str> = host.split('.').collect();
        let (last, rest) = labels.split_last().unwrap_or((&"", &[]));
        if rest.iter().any(|l| !(1..64).contains(&l.len())) || last.len() >= 64 {
            return Err(Idna2003Error::LabelLength);
        }
        return Ok(host.to_owned());
    }
    let mut labels: Vec<&str> = host
        .split(['\u{2E}', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .collect();
    let trailing_dot = labels.last().is_some_and(|l| l.is_empty());
    if trailing_dot {
        labels.pop();
    }
    let mut out = String::with_capacity(host.len());
    for label in labels {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(&label_to_ascii(label)?);
    }
    if trailing_dot {
        out.push('.');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 3490 §3.1: the four dots separate labels; RFC 3491 §3 maps with B.1 and B.2
    // (RFC 3454 Appendix B), then §4 normalizes with NFKC; RFC 3492 writes the label.
    #[test]
    fn maps_normalizes_and_encodes() {
        // B.2 maps "É" to "é" and "ß" to "ss" (IDNA 2003's mapping, not IDNA 2008's).
        assert_eq!(to_ascii("É"), Ok("xn--9ca".to_owned()));
        assert_eq!(to_ascii("ß"), Ok("ss".to_owned()));
        // U+3002 separates labels; an ASCII label is kept as it is, "xn--" included.
        assert_eq!(to_ascii("é\u{3002}xn--"), Ok("xn--9ca.xn--".to_owned()));
        // B.1: U+00AD maps to nothing.
        assert_eq!(to_ascii("a\u{AD}é"), to_ascii("aé"));
        assert_eq!(to_ascii("aé"), Ok("xn--a-bga".to_owned()));
        // NFKC: U+FB01 (LATIN SMALL LIGATURE FI) is "fi".
        assert_eq!(to_ascii("\u{FB01}é"), Ok("xn--fi-cja".to_owned()));
    }

    // RFC 3491 §5 prohibits C.1.2 (non-ASCII space) among others; RFC 3454 §6 requires a
    // RandALCat label to start and end with one and to hold no LCat character.
    #[test]
    fn refuses_what_nameprep_prohibits() {
        // C.3: private use.
        assert_eq!(
            to_ascii("a\u{E000}é"),
            Err(Idna2003Error::Prohibited('\u{E000}'))
        );
        // C.1.2: U+1680 OGHAM SPACE MARK, which NFKC keeps.
        assert_eq!(
            to_ascii("\u{1680}é"),
            Err(Idna2003Error::Prohibited('\u{1680}'))
        );
        assert_eq!(to_ascii("\u{5D0}a"), Err(Idna2003Error::Bidi));
        assert_eq!(to_ascii("\u{5D0}1"), Err(Idna2003Error::Bidi));
        assert!(to_ascii("\u{5D0}\u{5D1}").is_ok());
        // ToASCII step 8: an empty label between two dots.
        assert_eq!(to_ascii("é..a"), Err(Idna2003Error::LabelLength));
    }

    // Nameprep leaves unassigned code points (AllowUnassigned): U+1F600 is unassigned in
    // Unicode 3.2 and passes through to Punycode.
    #[test]
    fn keeps_unassigned_code_points() {
        assert_eq!(to_ascii("\u{1F600}:"), Ok("xn--:-iv3s".to_owned()));
        assert_eq!(to_ascii("%\u{C9}"), Ok("xn--%-bga".to_owned()));
    }
}
