//! Property: the reference keeps its own laws on every case the generator makes (parse,
//! resolve and normalize): `recompose(parse(s)) == s`, the Appendix B splitter agrees with the
//! parser, normalization is idempotent and yields a URI, a resolution target parses back to the
//! same components, and nothing panics (`uri_conformance::fuzz::reference_properties`).
//!
//! A violation is a bug of the reference: the target panics with the violations, and libFuzzer
//! saves the input under `fuzz/artifacts/reference_props/`.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use uri_conformance::fuzz::reference_properties;
use uri_conformance::generate::{Op, case_from_bytes};

fuzz_target!(|data: &[u8]| -> Corpus {
    let Some(case) = case_from_bytes(data, &[Op::Parse, Op::Resolve, Op::Normalize]) else {
        return Corpus::Reject;
    };
    let violations = reference_properties(&case);
    assert!(
        violations.is_empty(),
        "reference property violated on {case:?}:\n{}",
        violations.join("\n")
    );
    Corpus::Keep
});
