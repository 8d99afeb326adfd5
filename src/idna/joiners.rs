//! The ContextJ rules of RFC 5892 Appendix A.1 and A.2, which UTS #46 applies with
//! CheckJoiners (§4.1 criterion 8): ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER are allowed
//! only where these rules say so.

use super::unicode::{Joining, is_virama, joining_type};

/// U+200C ZERO WIDTH NON-JOINER.
const ZWNJ: char = '\u{200C}';
/// U+200D ZERO WIDTH JOINER.
const ZWJ: char = '\u{200D}';

/// Whether every ZWNJ and ZWJ in `label` satisfies its rule.
pub(crate) fn check(label: &str) -> bool {
    let chars: Vec<char> = label.chars().collect();
    chars.iter().enumerate().all(|(index, &c)| match c {
        ZWNJ => after_virama(&chars, index) || between_joining_letters(&chars, index),
        ZWJ => after_virama(&chars, index),
        _ => true,
    })
}

/// "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True;" (A.1 and A.2).
fn after_virama(chars: &[char], index: usize) -> bool {
    index > 0 && is_virama(chars[index - 1])
}

/// "If RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*
/// (Joining_Type:{R,D})) Then True;" (A.1 only).
fn between_joining_letters(chars: &[char], index: usize) -> bool {
    let before = chars[..index]
        .iter()
        .rev()
        .map(|&c| joining_type(c))
        .find(|&t| t != Joining::T);
    let after = chars[index + 1..]
        .iter()
        .map(|&c| joining_type(c))
        .find(|&t| t != Joining::T);
    matches!(before, Some(Joining::L | Joining::D))
        && matches!(after, Some(Joining::R | Joining::D))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zwnj_and_zwj() {
        // Not after a virama and not between joining letters.
        assert!(!check("a\u{200C}b"));
        assert!(!check("a\u{200D}b"));
        // After DEVANAGARI SIGN VIRAMA both are allowed.
        assert!(check("\u{0915}\u{094D}\u{200C}\u{0937}"));
        assert!(check("\u{0915}\u{094D}\u{200D}\u{0937}"));
        // BEH (D), FATHATAN (T), ZWNJ, BEH (D): the regular expression of A.1 matches.
        assert!(check("\u{0628}\u{064B}\u{200C}\u{0628}"));
        // ALEF (R) cannot come before: it does not join to the left.
        assert!(!check("\u{0627}\u{200C}\u{0628}"));
        // ZWJ has no joining-letter rule.
        assert!(!check("\u{0628}\u{200D}\u{0628}"));
        assert!(!check("\u{200C}"));
    }
}
