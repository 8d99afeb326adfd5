//! uritools 6.1.5's wrong rule, written from its source, for its confirmed bug
//! (`super::Transform::UritoolsDigitsHostLost`).
//!
//! `SplitResult.host` (src/uritools/__init__.py) splits the host from the port with
//! `hostinfo.rpartition(self._COLON)` and keeps `hostinfo` whole only when what follows the
//! last ":" is not all digits (`if port.lstrip(self._DIGITS): return hostinfo`). Without a
//! ":", `rpartition` answers `("", "", hostinfo)`: the "port" is the whole host, and a host of
//! digits alone is reported as the empty text before a ":" that is not there.

use crate::model::Outcome;

/// The answer with a host of digits alone, which no ":" follows in the authority, reported
/// as the empty host (`//0` has the host "").
pub(super) fn digits_host_lost(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.port.is_none()
            && components
                .host
                .as_deref()
                .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit())) =>
        {
            components.host = Some(String::new());
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}
