//! Property: on any case the generator makes for `normalize` (grammar-built or raw text), every
//! bundled implementation gives the reference's answer, up to its declared blind spots.
//!
//! A difference is a finding, not a crash: it is deduplicated by signature, shrunk when new and
//! written as a report (to `$URI_CONFORMANCE_REPORTS`, or the repository's `reports/`), and
//! the fuzzer goes on. The fuzzer aborts only on a panic of the reference or of the harness.
#![no_main]

mod common;

use libfuzzer_sys::{Corpus, fuzz_target};
use uri_conformance::generate::Op;

fuzz_target!(|data: &[u8]| -> Corpus { common::run(data, Op::Normalize, "diff_normalize") });
