//! A conformance suite for RFC 3986 (URI Generic Syntax): a reference implementation written
//! from the RFC, a corpus of test vectors taken from it, and the harness that runs them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod reference;
