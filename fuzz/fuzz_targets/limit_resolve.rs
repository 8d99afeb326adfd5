//! Not a fuzzer: the limit of `diff_resolve`, what its parsers alone spend on the same inputs
//! (`common::limit`), for `cargo bench --bench fuzz` to run beside it with `-runs=0` over
//! one fixed corpus.
#![no_main]

mod common;

use libfuzzer_sys::{Corpus, fuzz_target};
use uri_conformance::generate::Op;

fuzz_target!(|data: &[u8]| -> Corpus { common::limit(data, Op::Resolve) });
