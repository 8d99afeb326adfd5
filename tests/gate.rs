//! Every bundled adapter against the vector corpus, under its expectations file
//! (`expectations/<name>.yaml`): a new crate version that changes behaviour fails here, with
//! the vector, the expected and the actual answer; a fixed bug fails too, as an unexpected
//! pass, until its entry is removed.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use uri_conformance::gate::{Expectations, check_with};
use uri_conformance::impls::bundled;
use uri_conformance::vectors::{default_dir, load_dir};

#[test]
fn every_adapter_meets_its_expectations() {
    let vectors = load_dir(&default_dir()).expect("the corpus loads");
    let mut failures = Vec::new();
    let mut checked = 0;
    for implementation in bundled() {
        let name = implementation.about().name.to_owned();
        if name == "reference" {
            continue;
        }
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("expectations")
            .join(format!("{name}.yaml"));
        assert!(
            path.is_file(),
            "{} is missing: write it with `uri-conformance gate --impl {name} --expectations {} --write-expectations`",
            path.display(),
            path.display()
        );
        let expectations = Expectations::load(&path).expect("the expectations file reads");
        assert_eq!(expectations.implementation, name, "{}", path.display());
        let report = check_with(
            Arc::from(implementation),
            &vectors,
            &expectations,
            Duration::from_secs(10),
        );
        checked += 1;
        if !report.ok() {
            failures.push(report.summary());
        }
    }
    assert!(checked > 0, "no adapter in this build");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
