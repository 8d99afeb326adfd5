//! The WHATWG URL model against the web-platform-tests parsing cases (`urltestdata.json`, read
//! from the committed `data/wpt/`, or `$URI_CONFORMANCE_WPT`): a case that expects failure must
//! fail, any other must give the expected `href` and every getter, IDNA included.

use uri_conformance::whatwg::wpt::{self, ModelVerdict};

#[test]
fn model_agrees_with_every_case() {
    let dir = wpt::default_dir();
    let cases = wpt::load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let mut agreed = 0;
    let mut disagreements = Vec::new();
    for case in &cases {
        match wpt::check_model(case) {
            ModelVerdict::Agrees => agreed += 1,
            ModelVerdict::Disagrees(what) => disagreements.push(format!(
                "case {} {:?} against {:?}: {what}",
                case.index, case.input, case.base
            )),
        }
    }
    eprintln!(
        "{} cases: {agreed} agree, {} disagree",
        cases.len(),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "the model disagrees with {} cases:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// The WHATWG profile maps each case's expected getters to components through the adapters'
/// mapping (`whatwg::view`), reading what a getter cannot tell from the `href`; the model's
/// records go through the same mapping from the record itself. The two must agree on every
/// modelled case, or the profile would blame the crates for a mapping of ours.
#[test]
fn profile_mapping_agrees_with_the_model() {
    let dir = wpt::default_dir();
    let profile =
        uri_conformance::report::whatwg_profile::run(&dir, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        profile.model.disagreements.is_empty(),
        "{:#?}",
        profile.model.disagreements
    );
    assert_eq!(profile.model.agree, profile.cases);
    assert!(profile.model.agree > 0);
}
