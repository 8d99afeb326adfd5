//! A conformance suite for RFC 3986 (URI Generic Syntax): a reference implementation written
//! from the RFC, a corpus of test vectors taken from it, and the harness that runs them.
//!
//! - [`reference`]: the oracle, std only, one module per RFC concern, with RFC 3987 (IRIs) beside
//!   RFC 3986 on the same parser (`reference::iri`);
//! - [`model`]: owned components, shared by the vectors and the protocol;
//! - [`protocol`]: the JSON-lines wire format of `uri-conformance serve`;
//! - [`vectors`]: the YAML corpus and its loader;
//! - [`check`]: running vectors against the reference;
//! - [`crosscheck`]: the cross-check against other projects' test cases;
//! - [`ecosystem`]: the list of parsers in other languages that `adapters/setup` writes;
//! - [`locations`]: where the corpus and the shared data are, found at run time;
//! - [`whatwg`]: the WHATWG URL Standard, the model for the crates that follow it, with UTS #46
//!   (IDNA) and Punycode, which its host parser calls;
//! - [`job`] (with `fuzz`): the main job as a library call, which `uri-conformance run` makes;
//! - [`gate`]: the CI conformance gate, for a crate's own `cargo test` (with feature `runner`,
//!   one libtest trial per vector).
//!
//! Features: `cli` builds the command line (and implies `fuzz`); `fuzz` the grammar-aware
//! generator and the stable fuzz loop (`generate`, `fuzz`, `campaign`); `runner` the
//! per-vector test runner; one feature per compared crate. A crate author's dev-dependency
//! needs none of them: `default-features = false` builds the reference, the corpus and the
//! gate alone.
// Two audited exceptions: `impls::process` sends signals to process groups (kill(2)), and
// `cost` reads the process's CPU clock (clock_gettime(2)).
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]
// Without the job (`fuzz`), the report writers and meters only it calls have no caller; the
// default build, which has every caller, is where dead code is found.
#![cfg_attr(not(feature = "fuzz"), allow(dead_code))]

#[cfg(feature = "fuzz")]
pub mod campaign;
pub mod check;
#[cfg(feature = "fuzz")]
pub(crate) mod confusion;
pub(crate) mod cost;
pub mod crosscheck;
pub mod diff;
pub mod ecosystem;
#[cfg(feature = "fuzz")]
pub mod fuzz;
pub mod gate;
#[cfg(feature = "fuzz")]
pub mod generate;
pub(crate) mod idna;
pub mod impls;
#[cfg(feature = "fuzz")]
pub mod job;
pub mod locations;
pub mod matrix;
pub mod model;
pub mod protocol;
pub mod reference;
pub mod report;
pub mod setters;
pub mod vectors;
pub mod whatwg;
pub(crate) mod yaml;

// What a crate author writes an `Implementation` for the gate with (examples/author-gate):
// the trait, what it answers, and the reference's names for rules, levels and host kinds.
pub use impls::{About, Implementation};
pub use model::{Components, Outcome};
pub use reference::{HostKind, Level, ParseOptions, Rule};
