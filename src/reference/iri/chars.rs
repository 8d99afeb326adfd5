//! The characters RFC 3987 §2.2 adds to RFC 3986's: `ucschar` and `iprivate`, as range lists,
//! and the bidirectional formatting characters that §4.1 forbids.
//!
//! Terminals of the IRI grammar are characters, not bytes ("Terminals in the ABNF are
//! characters, not bytes", §2.2), so these are sets of Unicode scalar values. Every other rule of
//! §2.2 is RFC 3986's ASCII table plus these: `iunreserved = unreserved / ucschar`, and
//! `iquery` alone admits `iprivate`.
//!
//! Surrogates (U+D800 to U+DFFF) are in neither set, and cannot occur anyway: a Rust `str` is
//! UTF-8 and holds scalar values only, so an input with a lone surrogate cannot even be given.

/// A range of code points, both ends included.
pub(crate) type CodeRange = (u32, u32);

/// RFC 3987 §2.2:
///
/// ```text
/// ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///                / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
///                / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
///                / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
///                / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
///                / %xD0000-DFFFD / %xE1000-EFFFD
/// ```
///
/// What it leaves out: ASCII and the C1 controls (below U+A0); the surrogates and the private
/// use area of the BMP (U+D800 to U+F8FF, the latter being `iprivate`); the noncharacters
/// U+FDD0 to U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, ...);
/// the specials U+FFF0 to U+FFFF; U+E0000 to U+E0FFF (tags and variation selectors
/// supplement); and planes 15 and 16 (`iprivate`).
pub(crate) const UCSCHAR: [CodeRange; 17] = [
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
];

/// RFC 3987 §2.2:
///
/// ```text
/// iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
/// ```
///
/// "private UCS characters can occur only in query parts" (§2.2).
pub(crate) const IPRIVATE: [CodeRange; 3] =
    [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

/// RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
/// RLE, LRO, RLO, and PDF)": U+200E, U+200F, U+202A, U+202B, U+202D, U+202E and U+202C.
///
/// All seven are in `ucschar`, so the grammar of §2.2 admits them; the reference's parser
/// follows the grammar, and the URI-to-IRI conversion (§3.2 step 4) and normalization keep them
/// percent-encoded. The isolates Unicode added later (U+2066 to U+2069) and U+061C are not in
/// the RFC's list.
pub(crate) const BIDI_FORMATTING: [char; 7] = [
    '\u{200E}', // LEFT-TO-RIGHT MARK (LRM)
    '\u{200F}', // RIGHT-TO-LEFT MARK (RLM)
    '\u{202A}', // LEFT-TO-RIGHT EMBEDDING (LRE)
    '\u{202B}', // RIGHT-TO-LEFT EMBEDDING (RLE)
    '\u{202C}', // POP DIRECTIONAL FORMATTING (PDF)
    '\u{202D}', // LEFT-TO-RIGHT OVERRIDE (LRO)
    '\u{202E}', // RIGHT-TO-LEFT OVERRIDE (RLO)
];

fn in_ranges(ranges: &[CodeRange], c: char) -> bool {
    let c = c as u32;
    ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi)
}

/// Whether `c` is a `ucschar`.
pub(crate) fn is_ucschar(c: char) -> bool {
    in_ranges(&UCSCHAR, c)
}

/// Whether `c` is an `iprivate`.
pub(crate) fn is_iprivate(c: char) -> bool {
    in_ranges(&IPRIVATE, c)
}

/// Whether `c` is one of the bidirectional formatting characters of §4.1.
pub(crate) fn is_bidi_formatting(c: char) -> bool {
    BIDI_FORMATTING.contains(&c)
}

/// Which non-ASCII characters a component admits: the IRI rules differ from RFC 3986's only
/// there. Each rule of §2.2 that RFC 3986 has under another name is RFC 3986's ASCII table
/// (`super::super::chars`) plus one of these:
///
/// ```text
/// iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar     ; UNRESERVED + Ucschar
/// iuserinfo      = *( iunreserved / pct-encoded / sub-delims / ":" )   ; USERINFO + Ucschar
/// ireg-name      = *( iunreserved / pct-encoded / sub-delims )         ; REG_NAME + Ucschar
/// ipchar         = iunreserved / pct-encoded / sub-delims / ":" / "@"  ; PCHAR + Ucschar
/// isegment       = *ipchar                                             ; PCHAR + Ucschar
/// isegment-nz    = 1*ipchar
/// isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" ) ; and no ":"
/// ipath-*        = RFC 3986's path rules over isegment                 ; PATH + Ucschar
/// iquery         = *( ipchar / iprivate / "/" / "?" )                  ; QUERY + UcscharOrIprivate
/// ifragment      = *( ipchar / "/" / "?" )                             ; FRAGMENT + Ucschar
/// ```
///
/// The parser (`parse.rs`) picks the set by the component it scans; `scheme`, `port`,
/// `IP-literal` and `pct-encoded` get none, as §2.2 takes them from RFC 3986 unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Wide {
    /// `iunreserved` brings `ucschar` into `iuserinfo`, `ireg-name`, `ipchar` and `ifragment`.
    Ucschar,
    /// `iquery = *( ipchar / iprivate / "/" / "?" )`: `ucschar` and `iprivate`.
    UcscharOrIprivate,
}

impl Wide {
    /// Whether the component admits `c` (a non-ASCII character).
    pub(crate) fn admits(self, c: char) -> bool {
        match self {
            Wide::Ucschar => is_ucschar(c),
            Wide::UcscharOrIprivate => is_ucschar(c) || is_iprivate(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn char_at(code: u32) -> char {
        char::from_u32(code).expect("a scalar value")
    }

    #[test]
    fn ranges_are_sorted_and_disjoint() {
        let mut all: Vec<CodeRange> = UCSCHAR.iter().chain(&IPRIVATE).copied().collect();
        all.sort_unstable();
        for pair in all.windows(2) {
            assert!(pair[0].1 < pair[1].0, "{pair:x?}");
        }
        for (lo, hi) in all {
            assert!(lo <= hi);
        }
    }

    #[test]
    fn every_range_holds_its_ends_and_not_the_code_points_beside_them() {
        for (lo, hi) in UCSCHAR {
            assert!(
                is_ucschar(char_at(lo)) && is_ucschar(char_at(hi)),
                "{lo:x}-{hi:x}"
            );
            assert!(!is_iprivate(char_at(lo)) && !is_iprivate(char_at(hi)));
            // Below U+A0 is ASCII and C1; after U+D7FF the surrogates, which have no `char`.
            if let Some(before) = char::from_u32(lo - 1) {
                assert!(!is_ucschar(before), "{:x}", lo - 1);
            }
            if let Some(after) = char::from_u32(hi + 1) {
                assert!(!is_ucschar(after), "{:x}", hi + 1);
            }
        }
        for (lo, hi) in IPRIVATE {
            assert!(
                is_iprivate(char_at(lo)) && is_iprivate(char_at(hi)),
                "{lo:x}-{hi:x}"
            );
            assert!(!is_ucschar(char_at(lo)) && !is_ucschar(char_at(hi)));
            if let Some(after) = char::from_u32(hi + 1) {
                assert!(!is_iprivate(after), "{:x}", hi + 1);
            }
        }
    }

    #[test]
    fn the_gaps_the_abnf_leaves() {
        // C1 controls, the noncharacters, the specials, the tags block and the plane ends.
        for code in [
            0x7F, 0x80, 0x9F, 0xFDD0, 0xFDEF, 0xFFF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x1FFFE, 0x1FFFF,
            0x2FFFE, 0xEFFFE, 0xEFFFF, 0xE0000, 0xE0001, 0xE0FFF, 0xFFFFE, 0xFFFFF, 0x10FFFE,
            0x10FFFF,
        ] {
            let c = char_at(code);
            assert!(!is_ucschar(c) && !is_iprivate(c), "{code:x}");
        }
        assert!(is_ucschar('é') && is_ucschar('例') && is_ucschar('\u{10300}'));
        assert!(!is_ucschar('a') && !is_iprivate('a'));
    }

    #[test]
    fn bidi_formatting_characters_are_ucschar() {
        for c in BIDI_FORMATTING {
            assert!(is_ucschar(c) && is_bidi_formatting(c), "{c:?}");
        }
        assert!(!is_bidi_formatting('\u{2066}'));
    }

    #[test]
    fn only_the_query_admits_iprivate() {
        assert!(!Wide::Ucschar.admits('\u{E000}'));
        assert!(Wide::UcscharOrIprivate.admits('\u{E000}'));
        assert!(Wide::UcscharOrIprivate.admits('\u{10FFFD}'));
        assert!(!Wide::UcscharOrIprivate.admits('\u{E0000}'));
    }
}
