//! Every entry point an adapter lists (`ENTRY_POINTS`, the table in its documentation) is
//! called at least once when the vector corpus runs with the properties checked: an entry
//! point listed and never reached would be a promise the harness does not keep.

use std::collections::BTreeSet;

use uri_conformance::diff::properties;
use uri_conformance::diff::run::answer_catching;
use uri_conformance::impls;
use uri_conformance::matrix;
use uri_conformance::vectors::{default_dir, load_dir};

#[test]
fn every_listed_entry_point_is_reached_by_the_vectors() {
    let vectors = load_dir(&default_dir()).expect("the corpus loads");
    let requests: Vec<_> = vectors
        .iter()
        .filter_map(matrix::request_with_iri)
        .collect();
    assert!(!requests.is_empty(), "no requests from the corpus");
    for implementation in impls::bundled() {
        let listed: BTreeSet<&str> = implementation
            .entry_points()
            .iter()
            .map(|e| e.name)
            .collect();
        let mut reached = BTreeSet::new();
        for request in &requests {
            let answer = answer_catching(&*implementation, request);
            reached.extend(properties::reached(&*implementation, request, &answer));
        }
        let missing: Vec<&&str> = listed.difference(&reached).collect();
        assert!(
            missing.is_empty(),
            "{}: listed entry points never reached by the vectors: {missing:?}",
            implementation.about().name
        );
    }
}

#[test]
fn every_crate_adapter_lists_its_entry_points() {
    for implementation in impls::bundled() {
        let name = implementation.about().name;
        if name == "reference" {
            continue;
        }
        let entries = implementation.entry_points();
        assert!(!entries.is_empty(), "{name} lists no entry points");
        let names: BTreeSet<&str> = entries.iter().map(|e| e.name).collect();
        assert_eq!(
            names.len(),
            entries.len(),
            "{name} lists an entry point twice"
        );
    }
}
