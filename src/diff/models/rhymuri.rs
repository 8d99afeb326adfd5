//! rhymuri's and uniresid's types (the two crates share their component model): what their
//! API cannot say, written as a rule on the reference's answer.

use super::edited;
use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::{self, HostKind};

/// The reference's answer in rhymuri's types: a port is an `Option<u16>`
/// (`Authority::port`: "080" reads 80, above 65535 is refused, an empty port is none, in
/// every operation: a parse, a resolution's target and a normalization alike are written from
/// it), and an empty path after an
/// authority is stored as `[""]`, written "/" (the crate's test
/// `empty_path_in_uri_with_authority_is_equivalent_to_slash_only_path`).
pub(super) fn types(case: &Request, answer: Outcome) -> Outcome {
    // A base or a reference whose port is above 65535 is refused before anything else.
    let overflows = |text: &str| {
        reference::parse(text)
            .ok()
            .and_then(|r| r.port)
            .is_some_and(|port| !port.is_empty() && port.parse::<u16>().is_err())
    };
    let refused = match case {
        Request::Resolve { base, input, .. } => overflows(base) || overflows(input),
        Request::Normalize { input, .. } => overflows(input),
        Request::Parse { .. } => false,
    };
    if refused && !matches!(answer, Outcome::Invalid(_) | Outcome::Unsupported) {
        return Outcome::Invalid("illegal port number".into());
    }
    let edit = |c: &mut Components, _: Option<HostKind>| -> Result<(), String> {
        c.port = match c.port.as_deref() {
            // No `u16` is empty: the ":" goes with it.
            None | Some("") => None,
            Some(digits) => Some(
                digits
                    .parse::<u16>()
                    .map_err(|_| "illegal port number".to_owned())?
                    .to_string(),
            ),
        };
        if c.host.is_some() && c.path.is_empty() {
            c.path = "/".into();
        }
        Ok(())
    };
    edited(answer, edit)
}
