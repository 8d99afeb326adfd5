//! Stands for the crate under test: here fluent-uri, re-exported. The conformance gate is in
//! `tests/rfc3986.rs`.

pub use fluent_uri;
