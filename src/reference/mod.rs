//! The reference implementation of RFC 3986, written from the text of the RFC and depending on
//! nothing outside the standard library.
//!
//! One module per concern of the RFC:
//! - [`chars`]: the character classes of Appendix A;
//! - [`parse`]: §3 and §4, the grammar of URI references, and [`host`]: §3.2.2;
//! - [`parts`]: an `authority`, a `host` and HTTP's `origin-form` parsed on their own;
//! - [`recompose`]: §5.3; [`resolve`]: §5.2;
//! - [`normalize`](mod@normalize): §6;
//! - [`appendix_b`]: the lenient splitter of Appendix B;
//! - [`error`]: what failed and where;
//! - [`iri`]: RFC 3987 beside RFC 3986: the IRI grammar is [`parse()`]'s with [`Grammar::Iri`],
//!   and [`iri`] holds its character tables and the two mappings (§3.1, §3.2).

pub(crate) mod appendix_b;
pub(crate) mod chars;
pub(crate) mod error;
pub(crate) mod host;
pub mod iri;
pub mod normalize;
pub mod parse;
pub(crate) mod parts;
pub mod recompose;
pub mod resolve;

pub use appendix_b::{Split, split};
pub use error::{ErrorKind, ParseError};
pub use host::HostKind;
pub use iri::{iri_to_uri, parse_iri, uri_to_iri};
pub use normalize::{
    Level, NormalizeOptions, equivalent, equivalent_in, normalize, normalize_in, normalize_with,
};
pub use parse::{
    Components, Grammar, ParseOptions, Rule, parse, parse_absolute_uri, parse_in,
    parse_relative_ref, parse_uri, parse_with,
};
pub use parts::{parse_authority, parse_host, parse_origin_form};
pub use recompose::recompose;
pub use resolve::{
    DotSegmentStep, ResolveError, ResolveOptions, base_as_read, merge, remove_dot_segments,
    remove_dot_segments_traced, resolve, resolve_in, transform_references,
};
