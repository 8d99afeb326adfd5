//! The reference implementation behind the protocol.

use super::Implementation;
use crate::model::Components;
use crate::protocol::{Request, Response};
use crate::reference::{self as rfc3986, ParseError, ParseOptions, ResolveOptions};

/// The reference implementation of this crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// The error text of the protocol: the rule's name, a colon, and the message.
fn error_text(error: &ParseError) -> String {
    format!("{}: {error}", error.kind())
}

impl Implementation for Reference {
    fn name(&self) -> &str {
        "reference"
    }

    fn answer(&self, request: &Request) -> Response {
        match request {
            Request::Parse {
                input,
                rule,
                zone_id,
            } => {
                let rule = match Request::rule(rule.as_deref()) {
                    Ok(rule) => rule,
                    Err(e) => return Response::bad_request(e),
                };
                match rfc3986::parse_with(input, rule, ParseOptions { zone_id: *zone_id }) {
                    Ok(c) => Response::parsed(Components::from(&c), c.host_kind),
                    Err(e) => Response::invalid(error_text(&e)),
                }
            }
            Request::Resolve {
                base,
                input,
                strict,
            } => match rfc3986::resolve(base, input, ResolveOptions { strict: *strict }) {
                Ok(target) => Response::resolved(target),
                Err(e) => Response::invalid(match e {
                    rfc3986::ResolveError::Base(e) => format!("base: {}", error_text(&e)),
                    rfc3986::ResolveError::Reference(e) => error_text(&e),
                }),
            },
            Request::Normalize { input, level } => {
                let level = match Request::level(level.as_deref()) {
                    Ok(level) => level,
                    Err(e) => return Response::bad_request(e),
                };
                match rfc3986::normalize(input, level) {
                    Ok(normalized) => Response::normalized(normalized),
                    Err(e) => Response::invalid(error_text(&e)),
                }
            }
        }
    }
}
