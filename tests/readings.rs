//! The documented readings (`ResolveOptions::readings`, `NormalizeOptions::readings`), which
//! the harness uses to recognise another conforming choice, produce the alternatives the
//! vectors list as acceptable, and the letter produces what the vectors expect.

use uri_conformance::reference::{self, Grammar, NormalizeOptions, ResolveOptions};
use uri_conformance::vectors::{Case, Expectation, default_dir, load_dir};

#[test]
fn every_listed_alternative_is_a_reading() {
    let vectors = load_dir(&default_dir()).expect("the corpus loads");
    let mut checked = 0;
    let mut missing = Vec::new();
    for vector in &vectors {
        for alternative in &vector.acceptable {
            let produced = match (&vector.case, &alternative.outcome) {
                // The readings are RFC 3986's; RFC 3987's alternatives (an IRI normalized to its
                // URI, ToASCII hosts) are not options of the reference.
                (
                    Case::Resolve {
                        base,
                        input,
                        strict,
                        grammar: Grammar::Uri,
                    },
                    Expectation::Target(want),
                ) => ResolveOptions::readings(*strict)
                    .any(|o| reference::resolve(base, input, o).as_ref() == Ok(want)),
                (
                    Case::Normalize {
                        input,
                        level,
                        grammar: Grammar::Uri,
                    },
                    Expectation::Normalized(want),
                ) => NormalizeOptions::readings()
                    .any(|o| reference::normalize_with(input, *level, o).as_ref() == Ok(want)),
                _ => continue,
            };
            checked += 1;
            if !produced {
                missing.push(format!(
                    "{}: {:?} ({})",
                    vector.name(),
                    alternative.outcome,
                    alternative.reason
                ));
            }
        }
    }
    assert!(checked > 10, "only {checked} alternatives");
    assert!(
        missing.is_empty(),
        "alternatives no reading produces:\n{}",
        missing.join("\n")
    );
}
