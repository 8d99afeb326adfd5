//! The Unicode data UTS #46 needs, and nothing else: the IDNA Mapping Table with NFC (ICU4X's
//! `icu_normalizer` UTS #46 mapper) and four character properties (`icu_properties`): Bidi_Class,
//! Joining_Type, General_Category and Canonical_Combining_Class. This is the only module that
//! touches those crates; the processing that uses the data is written from the specifications
//! in the sibling modules.

use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::{
    BidiClass, CanonicalCombiningClass, GeneralCategory, GeneralCategoryGroup, JoiningType,
};

/// The Unicode version of the data compiled into the pinned `icu_normalizer` and
/// `icu_properties` (ICU4X 2.1).
pub(crate) const UNICODE_VERSION: &str = "17.0";

/// UTS #46 §4 Processing, steps 1 (Map) and 2 (Normalize) over the whole domain name, with
/// Nontransitional Processing and UseSTD3ASCIIRules false: ignored code points removed, mapped
/// ones replaced, deviation and valid ones kept, the result in NFC. A disallowed code point
/// comes out as U+FFFD, itself disallowed: the step leaves disallowed code points for the
/// validity criteria to refuse, and both make the label invalid.
pub(crate) fn map_and_normalize(domain: &str) -> String {
    Uts46MapperBorrowed::new()
        .map_normalize(domain.chars())
        .collect()
}

/// Whether every code point of `label` has status valid or deviation and the label is in NFC
/// (UTS #46 §4.1, criteria 1 and 7 for Nontransitional Processing). The mapper's validating
/// pass maps mapped code points, turns ignored and disallowed ones into U+FFFD and normalizes
/// to NFC: a label it leaves unchanged, and that holds no U+FFFD (disallowed), meets both.
pub(crate) fn is_nfc_and_valid(label: &str) -> bool {
    !label.contains('\u{FFFD}')
        && Uts46MapperBorrowed::new()
            .normalize_validate(label.chars())
            .eq(label.chars())
}

/// The Bidi_Class classes RFC 5893 names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)] // UAX #9's names for the classes, as RFC 5893 writes them
pub(crate) enum Bidi {
    /// L: left-to-right.
    L,
    /// R: right-to-left.
    R,
    /// AL: Arabic letter.
    AL,
    /// AN: Arabic number.
    AN,
    /// EN: European number.
    EN,
    /// ES: European separator.
    ES,
    /// CS: common separator.
    CS,
    /// ET: European terminator.
    ET,
    /// ON: other neutral.
    ON,
    /// BN: boundary neutral.
    BN,
    /// NSM: nonspacing mark.
    NSM,
    /// Any other class (B, S, WS, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI).
    Other,
}

/// The Bidi_Class of `c`.
pub(crate) fn bidi_class(c: char) -> Bidi {
    match CodePointMapData::<BidiClass>::new().get(c) {
        BidiClass::LeftToRight => Bidi::L,
        BidiClass::RightToLeft => Bidi::R,
        BidiClass::ArabicLetter => Bidi::AL,
        BidiClass::ArabicNumber => Bidi::AN,
        BidiClass::EuropeanNumber => Bidi::EN,
        BidiClass::EuropeanSeparator => Bidi::ES,
        BidiClass::CommonSeparator => Bidi::CS,
        BidiClass::EuropeanTerminator => Bidi::ET,
        BidiClass::OtherNeutral => Bidi::ON,
        BidiClass::BoundaryNeutral => Bidi::BN,
        BidiClass::NonspacingMark => Bidi::NSM,
        _ => Bidi::Other,
    }
}

/// The Joining_Type classes RFC 5892 Appendix A.1 names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Joining {
    /// L: left-joining.
    L,
    /// D: dual-joining.
    D,
    /// T: transparent.
    T,
    /// R: right-joining.
    R,
    /// U or C: non-joining, join-causing.
    Other,
}

/// The Joining_Type of `c`.
pub(crate) fn joining_type(c: char) -> Joining {
    match CodePointMapData::<JoiningType>::new().get(c) {
        JoiningType::LeftJoining => Joining::L,
        JoiningType::DualJoining => Joining::D,
        JoiningType::Transparent => Joining::T,
        JoiningType::RightJoining => Joining::R,
        _ => Joining::Other,
    }
}

/// Whether `c` has General_Category Mark (Mn, Mc or Me).
pub(crate) fn is_mark(c: char) -> bool {
    GeneralCategoryGroup::Mark.contains(CodePointMapData::<GeneralCategory>::new().get(c))
}

/// Whether `c` has Canonical_Combining_Class Virama (9).
pub(crate) fn is_virama(c: char) -> bool {
    CodePointMapData::<CanonicalCombiningClass>::new().get(c) == CanonicalCombiningClass::Virama
}

/// NFKC by the compiled Unicode data (Unicode Standard Annex #15).
pub(crate) fn nfkc(text: &str) -> String {
    icu_normalizer::ComposingNormalizerBorrowed::new_nfkc()
        .normalize(text)
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_of_known_code_points() {
        assert_eq!(bidi_class('a'), Bidi::L);
        assert_eq!(bidi_class('\u{05D0}'), Bidi::R); // HEBREW LETTER ALEF
        assert_eq!(bidi_class('\u{0627}'), Bidi::AL); // ARABIC LETTER ALEF
        assert_eq!(bidi_class('\u{0660}'), Bidi::AN); // ARABIC-INDIC DIGIT ZERO
        assert_eq!(bidi_class('1'), Bidi::EN);
        assert_eq!(bidi_class('\u{0300}'), Bidi::NSM);
        assert_eq!(joining_type('\u{0628}'), Joining::D); // ARABIC LETTER BEH
        assert_eq!(joining_type('\u{0627}'), Joining::R); // ARABIC LETTER ALEF
        assert_eq!(joining_type('\u{064B}'), Joining::T); // ARABIC FATHATAN
        assert!(is_mark('\u{0301}'));
        assert!(!is_mark('a'));
        assert!(is_virama('\u{094D}')); // DEVANAGARI SIGN VIRAMA
        assert!(!is_virama('a'));
    }

    #[test]
    fn the_data_is_unicode_17() {
        // U+10940 SIDETIC LETTER N01 is new in Unicode 17.0: unassigned (disallowed) before.
        assert!(is_nfc_and_valid("\u{10940}"));
        assert!(!is_nfc_and_valid("\u{10FFFD}"));
    }

    #[test]
    fn mapping_and_validity() {
        assert_eq!(map_and_normalize("A\u{00AD}B"), "ab"); // SOFT HYPHEN is ignored
        assert_eq!(map_and_normalize("\u{FF21}"), "a"); // FULLWIDTH A is mapped
        assert_eq!(map_and_normalize("a\u{0301}"), "\u{00E1}"); // NFC
        assert_eq!(map_and_normalize("\u{3002}"), "."); // IDEOGRAPHIC FULL STOP
        assert_eq!(map_and_normalize("\u{00DF}"), "\u{00DF}"); // a deviation is kept
        assert!(is_nfc_and_valid("\u{00DF}"));
        assert!(!is_nfc_and_valid("A")); // mapped
        assert!(!is_nfc_and_valid("a\u{0301}")); // not NFC
        assert!(!is_nfc_and_valid("a\u{00AD}")); // ignored
    }
}
