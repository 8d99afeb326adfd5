//! Implementations the harness can run: each answers protocol requests.

pub mod reference;

use crate::protocol::{Request, Response};

/// Something that parses, resolves and normalizes URI references and answers in the protocol's
/// terms. An operation it cannot do is answered with [`Response::unsupported`].
pub trait Implementation {
    /// A short name, as `--impl` takes it.
    fn name(&self) -> &str;

    /// Answers one request.
    fn answer(&self, request: &Request) -> Response;
}

/// The implementation named `name`, if this build has it.
pub fn by_name(name: &str) -> Option<Box<dyn Implementation>> {
    match name {
        "reference" => Some(Box::new(reference::Reference)),
        _ => None,
    }
}

/// The names [`by_name`] knows.
pub const NAMES: &[&str] = &["reference"];
