//! The WHATWG URL model against the web-platform-tests parsing cases (`urltestdata.json`, read
//! in place from `$URI_CONFORMANCE_WPT` or `../shared/data/wpt/`): a case that expects failure
//! must fail, any other must give the expected `href` and every getter. A case the model
//! cannot answer without UTS #46 (IDNA) is counted, and must be one whose host needs it.

use uri_conformance::whatwg::wpt::{self, ModelVerdict};

#[test]
fn model_agrees_with_every_modelled_case() {
    let dir = wpt::default_dir();
    if !dir.join("urltestdata.json").is_file() {
        eprintln!(
            "skipped: no urltestdata.json in {} (set {} to the directory that holds it)",
            dir.display(),
            wpt::ENV
        );
        return;
    }
    let cases = wpt::load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let mut agreed = 0;
    let mut unmodelled = Vec::new();
    let mut disagreements = Vec::new();
    for case in &cases {
        match wpt::check_model(case) {
            ModelVerdict::Agrees => agreed += 1,
            ModelVerdict::Unmodelled(reason) => unmodelled.push((case, reason)),
            ModelVerdict::Disagrees(what) => disagreements.push(format!(
                "case {} {:?} against {:?}: {what}",
                case.index, case.input, case.base
            )),
        }
    }
    eprintln!(
        "{} cases: {agreed} agree, {} unmodelled (IDNA), {} disagree",
        cases.len(),
        unmodelled.len(),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "the model disagrees with {} modelled cases:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    // Unmodelled answers come only from domain to ASCII (a non-ASCII or "xn--" domain): the
    // case's input or base has a non-ASCII code point, a percent-encoded byte above 0x7F, or
    // "xn--".
    for (case, reason) in &unmodelled {
        let text = format!("{} {}", case.input, case.base.as_deref().unwrap_or(""));
        let needs_idna = !text.is_ascii()
            || text.to_ascii_lowercase().contains("xn--")
            || text.to_ascii_lowercase().match_indices('%').any(|(i, _)| {
                text.get(i + 1..i + 2).is_some_and(|h| {
                    matches!(
                        h,
                        "8" | "9"
                            | "a"
                            | "b"
                            | "c"
                            | "d"
                            | "e"
                            | "f"
                            | "A"
                            | "B"
                            | "C"
                            | "D"
                            | "E"
                            | "F"
                    )
                })
            });
        assert!(
            needs_idna,
            "case {} {:?} is unmodelled without needing IDNA: {reason}",
            case.index, case.input
        );
    }
    // 869 cases at the pinned commit; about a tenth have internationalized hosts.
    assert!(
        unmodelled.len() * 8 < cases.len(),
        "{} of {} cases unmodelled",
        unmodelled.len(),
        cases.len()
    );
}

/// The WHATWG profile maps each case's expected getters to components through the adapters'
/// mapping (`whatwg::view`), reading what a getter cannot tell from the `href`; the model's
/// records go through the same mapping from the record itself. The two must agree on every
/// modelled case, or the profile would blame the crates for a mapping of ours.
#[test]
fn profile_mapping_agrees_with_the_model() {
    let dir = wpt::default_dir();
    if !dir.join("urltestdata.json").is_file() {
        eprintln!("skipped: no urltestdata.json in {}", dir.display());
        return;
    }
    let profile =
        uri_conformance::whatwg::profile::run(&dir, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        profile.model.disagreements.is_empty(),
        "{:#?}",
        profile.model.disagreements
    );
    assert_eq!(
        profile.model.agree + profile.model.unmodelled,
        profile.cases
    );
    assert!(profile.model.agree > 0);
}
