//! Unicode IDNA Compatibility Processing, UTS #46 (revision 35, Unicode 17.0): the Processing
//! steps (§4), the Validity Criteria (§4.1) and ToASCII (§4.2), with Punycode from RFC 3492
//! ([`punycode`]), the Bidi Rule from RFC 5893 ([`bidi`]) and the ContextJ rules from RFC 5892
//! ([`joiners`]). The URL Standard's domain parser calls [`to_ascii`] with [`Flags::URL`].
//!
//! What is shared with the crates under test, and what is not:
//! - the Unicode data ([`unicode`]: the IDNA Mapping Table with NFC, Bidi_Class, Joining_Type,
//!   General_Category, Canonical_Combining_Class) comes from ICU4X's `icu_normalizer` 2.1.1 and
//!   `icu_properties` 2.1.2, pinned, Unicode 17.0. The `url` crate reads the same data through
//!   `idna` and `idna_adapter`; a disagreement between this model and `url` is therefore never a
//!   difference of tables, always one of processing.
//! - the processing is this module's, written from the UTS #46 and RFC texts; `idna`'s is not
//!   used.
//! - `ada-url` carries its own tables (ada_idna, generated from Unicode's files at some
//!   version): where it disagrees with this model on a code point whose status changed between
//!   Unicode versions, the disagreement is one of data; a vector that settles it cites the
//!   Unicode version.

pub(crate) mod bidi;
pub(crate) mod idna2003;
pub(crate) mod joiners;
#[rustfmt::skip]
mod nameprep_tables;
pub(crate) mod punycode;
pub(crate) mod rfc5892;
pub(crate) mod unicode;

use std::fmt;

pub(crate) use unicode::UNICODE_VERSION;

/// The flags of UTS #46 §4 and §4.2 (IgnoreInvalidPunycode among them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Flags {
    /// CheckHyphens: labels neither start nor end with `-`, nor hold `--` in positions 3-4.
    pub check_hyphens: bool,
    /// CheckBidi: the Bidi Rule for Bidi domain names.
    pub check_bidi: bool,
    /// CheckJoiners: the ContextJ rules.
    pub check_joiners: bool,
    /// UseSTD3ASCIIRules: only `[a-z0-9-]` among ASCII code points.
    pub use_std3_ascii_rules: bool,
    /// VerifyDnsLength: label and domain lengths as DNS requires.
    pub verify_dns_length: bool,
    /// IgnoreInvalidPunycode: a Punycode label that does not decode is kept as it is.
    pub ignore_invalid_punycode: bool,
    /// Not a flag of UTS #46, which applies the Bidi Rule to every label of a Bidi domain
    /// name: with this set, only to the labels that hold an R, AL or AN character themselves.
    /// It reproduces an implementation's departure (ada-url 4.0.0, ada-url/idna#91); the URL
    /// Standard's flags leave it false.
    pub bidi_rule_per_label: bool,
    /// Not a flag of UTS #46 either: the Bidi Rule as ada 2.9.2's `is_label_valid`
    /// (src/ada_idna.cpp) applies it ([`bidi::check_as_ada_2_9`]), to the labels that hold an
    /// R, AL or AN character themselves. It reproduces that implementation's departure (Node
    /// 20); the URL Standard's flags leave it false.
    pub bidi_rule_as_ada_2_9: bool,
}

impl Flags {
    /// The flags the URL Standard's "domain parser ToASCII" passes with beStrict false:
    /// "CheckHyphens set to beStrict, CheckBidi set to true, CheckJoiners set to true,
    /// UseSTD3ASCIIRules set to beStrict, Transitional_Processing set to false,
    /// VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false".
    /// Transitional_Processing is always false here: UTS #46 deprecates it.
    pub(crate) const URL: Flags = Flags {
        check_hyphens: false,
        check_bidi: true,
        check_joiners: true,
        use_std3_ascii_rules: false,
        verify_dns_length: false,
        ignore_invalid_punycode: false,
        bidi_rule_per_label: false,
        bidi_rule_as_ada_2_9: false,
    };
}

/// An error UTS #46 records, with the label (by index after step 3's break) it is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Error {
    /// What failed.
    pub kind: ErrorKind,
    /// The label's index (0 for the first), or `None` for the whole domain.
    pub label: Option<usize>,
}

/// What UTS #46 found wrong, by the step or criterion that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub(crate) enum ErrorKind {
    /// §4 step 4.1.1: an `xn--` label holds a non-ASCII code point (`xn--é`).
    PunycodeNonAscii,
    /// §4 step 4.1.2: the rest of an `xn--` label does not decode (`xn--99999999999`).
    Punycode(punycode::PunycodeError),
    /// §4 step 4.1.3: an `xn--` label decodes to the empty string or to ASCII only (`xn--`,
    /// `xn--abc-`).
    PunycodeEmptyOrAscii,
    /// Criteria 2-3 (CheckHyphens): `--` in positions 3-4, or a leading or trailing `-`.
    Hyphens,
    /// Criterion 4: with CheckHyphens false, the label starts with `xn--` (after decoding).
    StartsWithXnDashDash,
    /// Criterion 5: the label holds U+002E (only a decoded label can).
    FullStop,
    /// Criterion 6: the label starts with a combining mark (General_Category=Mark).
    LeadingMark,
    /// Criterion 7: a code point whose status is not valid or deviation (a disallowed one, or
    /// in a decoded label a mapped or ignored one).
    Status,
    /// Criterion 8: ZWNJ or ZWJ outside the ContextJ rules.
    Joiners,
    /// Criterion 9: the Bidi Rule, in a Bidi domain name.
    Bidi(bidi::BidiRule),
    /// UseSTD3ASCIIRules: an ASCII code point other than `[a-z0-9-]`.
    Std3,
    /// §4.2 step 3: Punycode encoding overflowed.
    Encode(punycode::PunycodeError),
    /// §4.2 step 4 (VerifyDnsLength): an empty label, a label over 63 octets or a domain
    /// over 253.
    DnsLength,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::PunycodeNonAscii => "non-ASCII code point in an xn-- label".to_owned(),
            ErrorKind::Punycode(e) => format!("xn-- label does not decode ({e:?})"),
            ErrorKind::PunycodeEmptyOrAscii => "xn-- label decodes to empty or ASCII".to_owned(),
            ErrorKind::Hyphens => "hyphens (CheckHyphens)".to_owned(),
            ErrorKind::StartsWithXnDashDash => "label starts with xn--".to_owned(),
            ErrorKind::FullStop => "label holds a full stop".to_owned(),
            ErrorKind::LeadingMark => "label starts with a combining mark".to_owned(),
            ErrorKind::Status => "code point neither valid nor deviation".to_owned(),
            ErrorKind::Joiners => "ZWNJ or ZWJ outside the ContextJ rules".to_owned(),
            ErrorKind::Bidi(rule) => format!("Bidi Rule ({rule:?})"),
            ErrorKind::Std3 => "ASCII code point outside STD3".to_owned(),
            ErrorKind::Encode(e) => format!("Punycode encoding failed ({e:?})"),
            ErrorKind::DnsLength => "DNS length".to_owned(),
        };
        match self.label {
            Some(label) => write!(f, "UTS #46: {what}, label {label}"),
            None => write!(f, "UTS #46: {what}"),
        }
    }
}

/// UTS #46 §4 Processing: the processed domain name (labels decoded from Punycode, joined by
/// U+002E) and every error recorded. Transitional_Processing is false.
pub(crate) fn process(domain: &str, flags: Flags) -> (String, Vec<Error>) {
    let mut errors = Vec::new();
    // 1. Map. 2. Normalize.
    let mapped = unicode::map_and_normalize(domain);
    // 3. Break: "Break the string into labels at U+002E ( . ) FULL STOP."
    // 4. Convert/Validate.
    let mut labels: Vec<String> = Vec::new();
    for (index, label) in mapped.split('.').enumerate() {
        let mut error = |kind| {
            errors.push(Error {
                kind,
                label: Some(index),
            })
        };
        // "If the label starts with “xn--”:"
        if let Some(rest) = label.strip_prefix("xn--") {
            // 1. "If the label contains any non-ASCII code point (i.e., a code point greater
            // than U+007F), record that there was an error, and continue with the next label."
            if !label.is_ascii() {
                error(ErrorKind::PunycodeNonAscii);
                labels.push(label.to_owned());
                continue;
            }
            // 2. "Attempt to convert the rest of the label to Unicode according to Punycode.
            // If that conversion fails and if not IgnoreInvalidPunycode, record that there
            // was an error, and continue with the next label. Otherwise replace the original
            // label in the string by the results of the conversion."
            let decoded = match punycode::decode(rest) {
                Ok(decoded) => decoded,
                Err(_) if flags.ignore_invalid_punycode => {
                    labels.push(label.to_owned());
                    continue;
                }
                Err(e) => {
                    error(ErrorKind::Punycode(e));
                    labels.push(label.to_owned());
                    continue;
                }
            };
            // 3. "If the label is empty, or if the label contains only ASCII code points,
            // record that there was an error."
            if decoded.is_ascii() {
                error(ErrorKind::PunycodeEmptyOrAscii);
            }
            // 4. "Verify that the label meets the validity criteria in Section 4.1, Validity
            // Criteria for Nontransitional Processing."
            for kind in validity_errors(&decoded, flags) {
                error(kind);
            }
            labels.push(decoded);
        } else {
            // "If the label does not start with “xn--”: Verify that the label meets the
            // validity criteria in Section 4.1 for the input Processing choice."
            for kind in validity_errors(label, flags) {
                error(kind);
            }
            labels.push(label.to_owned());
        }
    }
    // Criterion 9: "If CheckBidi, and if the domain name is a Bidi domain name, then the label
    // must satisfy all six of the numbered conditions in [IDNA2008] RFC 5893, Section 2."
    if flags.check_bidi && bidi::is_bidi_domain_name(labels.iter().map(String::as_str)) {
        for (index, label) in labels.iter().enumerate() {
            if (flags.bidi_rule_per_label || flags.bidi_rule_as_ada_2_9)
                && !bidi::is_bidi_domain_name([label.as_str()])
            {
                continue;
            }
            let checked = if flags.bidi_rule_as_ada_2_9 {
                bidi::check_as_ada_2_9(label)
            } else {
                bidi::check(label)
            };
            if let Err(rule) = checked {
                errors.push(Error {
                    kind: ErrorKind::Bidi(rule),
                    label: Some(index),
                });
            }
        }
    }
    (labels.join("."), errors)
}

/// UTS #46 §4.1, Validity Criteria for Nontransitional Processing, except criterion 9 (the
/// Bidi Rule), which needs the whole domain name: the criteria `label` breaks.
fn validity_errors(label: &str, flags: Flags) -> Vec<ErrorKind> {
    let mut errors = Vec::new();
    // 1. "The label must be in Unicode Normalization Form NFC." and 7. "Each code point in the
    // label must only have certain Status values ...: For Nontransitional Processing, each
    // value must be either valid or deviation." (one pass of the mapper checks both)
    if !unicode::is_nfc_and_valid(label) {
        errors.push(ErrorKind::Status);
    }
    if flags.check_hyphens {
        // 2. "If CheckHyphens, the label must not contain a U+002D HYPHEN-MINUS character in
        // both the third and fourth positions."
        // 3. "If CheckHyphens, the label must neither begin nor end with a U+002D
        // HYPHEN-MINUS character."
        let third_and_fourth = label.chars().skip(2).take(2).eq("--".chars());
        if third_and_fourth || label.starts_with('-') || label.ends_with('-') {
            errors.push(ErrorKind::Hyphens);
        }
    } else if label.starts_with("xn--") {
        // 4. "If not CheckHyphens, the label must not begin with “xn--”."
        errors.push(ErrorKind::StartsWithXnDashDash);
    }
    // 5. "The label must not contain a U+002E ( . ) FULL STOP."
    if label.contains('.') {
        errors.push(ErrorKind::FullStop);
    }
    // 6. "The label must not begin with a combining mark, that is: General_Category=Mark."
    if label.chars().next().is_some_and(unicode::is_mark) {
        errors.push(ErrorKind::LeadingMark);
    }
    // 8. "If CheckJoiners, the label must satisify the ContextJ rules from Appendix A, in The
    // Unicode Code Points and IDNA - Rules [IDNA2008]."
    if flags.check_joiners && !joiners::check(label) {
        errors.push(ErrorKind::Joiners);
    }
    // UseSTD3ASCIIRules: "the label must only contain ASCII code points that are lowercase
    // letters, digits or hyphen-minus" among ASCII ones.
    if flags.use_std3_ascii_rules
        && label
            .chars()
            .any(|c| c.is_ascii() && !matches!(c, 'a'..='z' | '0'..='9' | '-'))
    {
        errors.push(ErrorKind::Std3);
    }
    errors
}

/// UTS #46 §4.2 ToASCII with Transitional_Processing false: the ASCII domain name, or every
/// error recorded (never empty on failure).
pub(crate) fn to_ascii(domain: &str, flags: Flags) -> Result<String, Vec<Error>> {
    // 1. "To the input domain_name, apply the Processing Steps in Section 4, Processing ...
    // This may record an error."
    let (processed, mut errors) = process(domain, flags);
    // 2. "Break the result into labels at U+002E FULL STOP."
    // 3. "Convert each label with non-ASCII characters into Punycode [RFC3492], and prefix by
    // “xn--”. This may record an error."
    let mut labels = Vec::new();
    for (index, label) in processed.split('.').enumerate() {
        if label.is_ascii() {
            labels.push(label.to_owned());
            continue;
        }
        match punycode::encode(label) {
            Ok(encoded) => labels.push(format!("xn--{encoded}")),
            Err(e) => errors.push(Error {
                kind: ErrorKind::Encode(e),
                label: Some(index),
            }),
        }
    }
    // 4. "If the VerifyDnsLength flag is true, then verify DNS length restrictions."
    if flags.verify_dns_length {
        let total: usize =
            labels.iter().map(String::len).sum::<usize>() + labels.len().saturating_sub(1);
        // A trailing dot's empty root label is allowed; every other label is 1 to 63 octets.
        let last = labels.len() - 1;
        let bad_label = labels
            .iter()
            .enumerate()
            .any(|(i, l)| l.len() > 63 || (l.is_empty() && (i != last || last == 0)));
        let total_without_root = if labels.len() > 1 && labels[last].is_empty() {
            total - 1
        } else {
            total
        };
        if bad_label || total_without_root > 253 || total_without_root == 0 {
            errors.push(Error {
                kind: ErrorKind::DnsLength,
                label: None,
            });
        }
    }
    // 5. "If an error was recorded in steps 1-4, then the operation has failed and a failure
    // value is returned. No DNS lookup should be done." 6. "Otherwise join the labels using
    // U+002E FULL STOP as a separator, and return the result."
    if errors.is_empty() {
        Ok(labels.join("."))
    } else {
        Err(errors)
    }
}

/// Whether `c` lies in `table`, inclusive code point ranges in ascending order (the tables
/// the scripts under scripts/ generate).
pub(crate) fn in_ranges(table: &[(u32, u32)], c: char) -> bool {
    let c = u32::from(c);
    table
        .binary_search_by(|&(start, end)| {
            if end < c {
                std::cmp::Ordering::Less
            } else if start > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(domain: &str) -> Result<String, Vec<ErrorKind>> {
        to_ascii(domain, Flags::URL).map_err(|errors| errors.into_iter().map(|e| e.kind).collect())
    }

    #[test]
    fn examples_of_the_url_standard_and_uts46() {
        // The URL Standard's IDNA note: "☕.example becomes xn--53h.example and not failure".
        assert_eq!(url("\u{2615}.example").as_deref(), Ok("xn--53h.example"));
        // Its public-suffix table: إختبار is xn--kgbechtv.
        assert_eq!(
            url("\u{625}\u{62E}\u{62A}\u{628}\u{627}\u{631}").as_deref(),
            Ok("xn--kgbechtv")
        );
        // UTS #46 §2.3 (and IdnaTestV2): ß is a deviation, kept by Nontransitional
        // Processing; fass.de stays.
        assert_eq!(url("fa\u{DF}.de").as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(url("Fass.DE").as_deref(), Ok("fass.de"));
        // Full-width letters and the ideographic full stop are mapped.
        assert_eq!(url("\u{FF45}\u{FF58}\u{3002}com").as_deref(), Ok("ex.com"));
    }

    #[test]
    fn punycode_labels() {
        assert_eq!(url("xn--fa-hia.de").as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(url("XN--FA-HIA.de").as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(url("").as_deref(), Ok(""));
        assert_eq!(url("xn--"), Err(vec![ErrorKind::PunycodeEmptyOrAscii]));
        assert_eq!(url("xn--abc-"), Err(vec![ErrorKind::PunycodeEmptyOrAscii]));
        assert!(matches!(
            url("xn--99999999999").unwrap_err().as_slice(),
            [ErrorKind::Punycode(_)]
        ));
        assert_eq!(url("xn--\u{e9}"), Err(vec![ErrorKind::PunycodeNonAscii]));
        // The URL Standard's note: xn--8i7caa decodes to ｗｗｗ, whose code points are mapped.
        assert_eq!(url("xn--8i7caa"), Err(vec![ErrorKind::Status]));
    }

    #[test]
    fn validity_criteria() {
        assert_eq!(url("\u{0301}a"), Err(vec![ErrorKind::LeadingMark]));
        assert_eq!(url("a\u{200C}b"), Err(vec![ErrorKind::Joiners]));
        assert_eq!(url("\u{FFFF}"), Err(vec![ErrorKind::Status]));
        // A Bidi domain name: the LTR label "1a" starts with EN, which breaks condition 1.
        assert_eq!(
            url("1a.\u{05D0}"),
            Err(vec![ErrorKind::Bidi(bidi::BidiRule::First)])
        );
        // Not a Bidi domain name: no Bidi Rule.
        assert_eq!(url("1a.b").as_deref(), Ok("1a.b"));
        // Every label of a Bidi domain name (Unicode's IdnaTestV2: "0à.א" is [B1]); only the
        // departure of `bidi_rule_per_label` lets "0" through.
        assert_eq!(
            url("0.\u{5D0}"),
            Err(vec![ErrorKind::Bidi(bidi::BidiRule::First)])
        );
        let per_label = Flags {
            bidi_rule_per_label: true,
            ..Flags::URL
        };
        assert_eq!(to_ascii("0.\u{5D0}", per_label).as_deref(), Ok("0.xn--4db"));
        // ada 2.9.2's reading: an RTL label's first character unchecked, an LTR label's last.
        let ada = Flags {
            bidi_rule_as_ada_2_9: true,
            ..Flags::URL
        };
        assert_eq!(to_ascii("0\u{5D0}", ada).as_deref(), Ok("xn--0-0hc"));
        assert_eq!(to_ascii("a\u{5D0}", ada).as_deref(), Ok("xn--a-0hc"));
        assert_eq!(to_ascii("0.\u{5D0}", ada).as_deref(), Ok("0.xn--4db"));
        assert!(to_ascii("\u{5D0}a", ada).is_err());
        assert!(to_ascii("0\u{5D0}", Flags::URL).is_err());
        // Empty labels pass (VerifyDnsLength is false).
        assert_eq!(url("a..b.").as_deref(), Ok("a..b."));
        // ASCII code points outside STD3 are allowed (UseSTD3ASCIIRules is false).
        assert_eq!(url("a_b\u{e9}").as_deref(), Ok("xn--a_b-dma"));
    }
}
