//! The Bidi Rule, RFC 5893 §2, which UTS #46 applies with CheckBidi "if the domain name is a
//! Bidi domain name": "a domain name containing at least one character with Bidi_Class R, AL,
//! or AN" (RFC 5893 §1.4, as UTS #46 §4.1 criterion 9 restates it).

use super::unicode::{Bidi, bidi_class};

/// Which of RFC 5893 §2's six numbered conditions a label breaks first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BidiRule {
    /// "1. The first character must be a character with Bidi property L, R, or AL."
    First,
    /// "2. In an RTL label, only characters with the Bidi properties R, AL, AN, EN, ES, CS, ET,
    /// ON, BN, or NSM are allowed."
    RtlCharacters,
    /// "3. In an RTL label, the end of the label must be a character with Bidi property R, AL,
    /// EN, or AN, followed by zero or more characters with Bidi property NSM."
    RtlEnd,
    /// "4. In an RTL label, if an EN is present, no AN may be present, and vice versa."
    RtlNumbers,
    /// "5. In an LTR label, only characters with the Bidi properties L, EN, ES, CS, ET, ON, BN,
    /// or NSM are allowed."
    LtrCharacters,
    /// "6. In an LTR label, the end of the label must be a character with Bidi property L or EN,
    /// followed by zero or more characters with Bidi property NSM."
    LtrEnd,
}

/// RFC 5893 §1.4: whether any label holds a character with Bidi_Class R, AL or AN.
pub(crate) fn is_bidi_domain_name<'a>(labels: impl IntoIterator<Item = &'a str>) -> bool {
    labels.into_iter().any(|label| {
        label
            .chars()
            .any(|c| matches!(bidi_class(c), Bidi::R | Bidi::AL | Bidi::AN))
    })
}

/// RFC 5893 §2: the first condition `label` does not satisfy, or `None`. An empty label has no
/// first character to judge; UTS #46 §4 step 3 allows empty labels (the root's, after a
/// trailing dot), so it is not checked.
pub(crate) fn check(label: &str) -> Result<(), BidiRule> {
    let classes: Vec<Bidi> = label.chars().map(bidi_class).collect();
    let Some(&first) = classes.first() else {
        return Ok(());
    };
    // The last character that is not NSM: conditions 3 and 6 skip trailing NSMs.
    let last = classes.iter().rev().find(|&&class| class != Bidi::NSM);
    match first {
        Bidi::R | Bidi::AL => {
            use Bidi::*;
            if !classes
                .iter()
                .all(|c| matches!(c, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM))
            {
                return Err(BidiRule::RtlCharacters);
            }
            if !matches!(last, Some(R | AL | EN | AN)) {
                return Err(BidiRule::RtlEnd);
            }
            if classes.contains(&EN) && classes.contains(&AN) {
                return Err(BidiRule::RtlNumbers);
            }
            Ok(())
        }
        Bidi::L => {
            use Bidi::*;
            if !classes
                .iter()
                .all(|c| matches!(c, L | EN | ES | CS | ET | ON | BN | NSM))
            {
                return Err(BidiRule::LtrCharacters);
            }
            if !matches!(last, Some(L | EN)) {
                return Err(BidiRule::LtrEnd);
            }
            Ok(())
        }
        _ => Err(BidiRule::First),
    }
}

/// The Bidi Rule as ada 2.9.2's `is_label_valid` (src/ada_idna.cpp) checks a label that
/// holds an R, AL or AN character (`is_rtl_label`): a label that starts with an L character
/// is held to condition 5 up to, but not including, its last character that is not NSM (`for
/// (size_t i = 0; i < last_non_nsm_char; i++)`, inside which the test of condition 6 never
/// holds); any other to conditions 2, 3 and 4, with no test of condition 1, so that "0א" and
/// "aא" pass where RFC 5893 refuses both.
pub(crate) fn check_as_ada_2_9(label: &str) -> Result<(), BidiRule> {
    use Bidi::*;
    let classes: Vec<Bidi> = label.chars().map(bidi_class).collect();
    if classes.is_empty() {
        return Ok(());
    }
    let Some(last) = classes.iter().rposition(|&class| class != NSM) else {
        return Err(BidiRule::RtlEnd);
    };
    if !classes.iter().any(|c| matches!(c, R | AL | AN)) {
        return Ok(());
    }
    if classes[0] == L {
        if !classes[..last]
            .iter()
            .all(|c| matches!(c, L | EN | ES | CS | ET | ON | BN | NSM))
        {
            return Err(BidiRule::LtrCharacters);
        }
        return Ok(());
    }
    let (mut has_en, mut has_an) = (false, false);
    for (i, &class) in classes[..=last].iter().enumerate() {
        has_en |= class == EN;
        has_an |= class == AN;
        if has_en && has_an {
            return Err(BidiRule::RtlNumbers);
        }
        if !matches!(class, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM) {
            return Err(BidiRule::RtlCharacters);
        }
        if i == last && !matches!(class, R | AL | AN | EN) {
            return Err(BidiRule::RtlEnd);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALEF: char = '\u{05D0}'; // R
    const ARABIC_ALEF: char = '\u{0627}'; // AL
    const ARABIC_ZERO: char = '\u{0660}'; // AN
    const ACUTE: char = '\u{0301}'; // NSM

    #[test]
    fn each_condition() {
        assert_eq!(check("abc"), Ok(()));
        assert_eq!(check("a1"), Ok(()));
        assert_eq!(check(""), Ok(()));
        // 1: a digit (EN) cannot start a label.
        assert_eq!(check("1a"), Err(BidiRule::First));
        // 2: an L character in an RTL label.
        assert_eq!(
            check(&format!("{ALEF}a{ALEF}")),
            Err(BidiRule::RtlCharacters)
        );
        // 3: an RTL label may end in R, AL, EN or AN, then NSMs; not in ON.
        assert_eq!(check(&format!("{ALEF}{ACUTE}")), Ok(()));
        assert_eq!(check(&format!("{ALEF}1")), Ok(()));
        assert_eq!(check(&format!("{ALEF}!")), Err(BidiRule::RtlEnd));
        // 4: EN and AN together in an RTL label.
        assert_eq!(
            check(&format!("{ARABIC_ALEF}1{ARABIC_ZERO}")),
            Err(BidiRule::RtlNumbers)
        );
        // 5: an R character in an LTR label.
        assert_eq!(check(&format!("a{ALEF}a")), Err(BidiRule::LtrCharacters));
        // 6: an LTR label ends in L or EN, then NSMs; not in ON.
        assert_eq!(check(&format!("a{ACUTE}")), Ok(()));
        assert_eq!(check("a!"), Err(BidiRule::LtrEnd));
    }

    #[test]
    fn bidi_domain_names() {
        assert!(!is_bidi_domain_name(["abc", "def"]));
        assert!(is_bidi_domain_name(["abc", &ALEF.to_string()]));
        assert!(is_bidi_domain_name([ARABIC_ZERO.to_string().as_str()]));
    }
}
