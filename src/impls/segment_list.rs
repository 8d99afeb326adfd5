//! What rhymuri and its fork uniresid share: a URI held as decoded bytes and a segment list,
//! written back as RFC 3986 text for the model's components.

use crate::reference::HostKind;

/// The crate's decoded bytes as text whose percent-decoding gives them back: `%` and the
/// bytes of invalid UTF-8 are percent-encoded, everything else is as the crate holds it.
pub(super) fn decoded_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '%' {
                out.push_str("%25");
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A path held as segments, written as RFC 3986 text: the segments joined with `/`, and `[""]`
/// as `/` (`Uri::path_to_string`'s rule). A `/` inside a segment (the crate's decoding of
/// `%2F`) is written `%2F`, so that the text keeps the crate's segments.
pub(super) fn joined_path(segments: &[Vec<u8>]) -> String {
    match segments {
        [only] if only.is_empty() => "/".to_owned(),
        _ => segments
            .iter()
            .map(|s| decoded_text(s).replace('/', "%2F"))
            .collect::<Vec<_>>()
            .join("/"),
    }
}

/// A host as these crates' `Display` writes it: in brackets when the crate brackets it
/// (`written_bracketed`: the crate's own `Display` of an `Authority` holding the host alone,
/// which brackets exactly the hosts its `validate_ipv6_address` takes, "::00.0.0.0" among
/// them, a text `std::net::Ipv6Addr` refuses), as it is otherwise; and the kind that writing
/// shows. The crates have no host kind (a declared blind spot): the kind is `ipv6` where they
/// bracket the host and `reg-name` everywhere else, never one read from the decoded text
/// (`%30.0.0.0` is decoded to `0.0.0.0`, which the crates do not call an IPv4 address either).
pub(super) fn host_and_kind(host: &[u8], written_bracketed: bool) -> (String, HostKind) {
    let text = decoded_text(host);
    if written_bracketed {
        (format!("[{text}]"), HostKind::Ipv6)
    } else {
        (text, HostKind::RegName)
    }
}
