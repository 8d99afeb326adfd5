//! The URL Standard model's domain parser (UTS #46 through `uri_conformance::idna`) against
//! the web-platform-tests IDNA cases, read from the committed `data/wpt/`, or
//! `$URI_CONFORMANCE_WPT`: `toascii.json` (the Standard's own cases) must agree
//! entirely; `IdnaTestV2.json` (Unicode's IdnaTestV2.txt, Nontransitional ToASCII) must agree
//! on every case except those listed below, each with why.

use uri_conformance::whatwg::wpt::{self, ToAsciiCase};

/// Cases of `IdnaTestV2.json` where the model's answer is the URL Standard's and the file's is
/// not, by input, with the reason.
const IDNA_TEST_V2_EXCEPTIONS: &[(&str, &str)] = &[(
    "",
    "the empty domain cannot be written into a URL: `https:///x` skips the slashes of a special \
     URL and parses `x` as the host (web-platform-tests skips this case for the same reason); \
     ToASCII of \"\" is \"\" in the model too (src/idna unit tests)",
)];

fn load(name: &str) -> Vec<ToAsciiCase> {
    wpt::load_to_ascii(&wpt::default_dir(), name).unwrap_or_else(|e| panic!("{e}"))
}

fn disagreements(cases: &[ToAsciiCase]) -> Vec<String> {
    cases
        .iter()
        .filter_map(|case| {
            case.check_model()
                .err()
                .map(|what| format!("{:?} ({:?}): {what}", case.input, case.comment))
        })
        .collect()
}

#[test]
fn model_agrees_with_every_toascii_case() {
    let cases = load("toascii.json");
    let wrong = disagreements(&cases);
    eprintln!(
        "toascii.json: {} cases, {} disagree",
        cases.len(),
        wrong.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn model_agrees_with_idna_test_v2() {
    let cases = load("IdnaTestV2.json");
    let wrong = disagreements(&cases);
    eprintln!(
        "IdnaTestV2.json: {} cases, {} disagree",
        cases.len(),
        wrong.len()
    );
    let unexpected: Vec<&String> = wrong
        .iter()
        .filter(|w| {
            !IDNA_TEST_V2_EXCEPTIONS
                .iter()
                .any(|(input, _)| w.starts_with(&format!("{input:?} ")))
        })
        .collect();
    let stale: Vec<&str> = IDNA_TEST_V2_EXCEPTIONS
        .iter()
        .map(|(input, _)| *input)
        .filter(|input| !wrong.iter().any(|w| w.starts_with(&format!("{input:?} "))))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} disagreements:\n{}",
        unexpected.len(),
        unexpected
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(stale.is_empty(), "exceptions that now agree: {stale:?}");
}
