//! uriparser 0.9.7's writer (the C library, `c-uriparser`), for its confirmed bug
//! (`super::Transform::UriparserIpv6WrittenInFull`).
//!
//! `uriToStringA` (src/UriRecompose.c) writes an IPv6 host from the sixteen bytes the parser
//! stored (`hostData.ip6`), two lowercase hexadecimal digits a byte and a ":" after every
//! second one but the last, not from the text it read: "[::]" is written
//! "[0000:0000:0000:0000:0000:0000:0000:0000]" and "[::a:0.0.0.0]" as
//! "[0000:0000:0000:0000:0000:000a:0000:0000]". Every string the library writes after a
//! resolution or a normalization goes through it.

use std::net::Ipv6Addr;

use crate::model::Outcome;
use crate::reference::{self, Components, HostKind};

/// The answer with its IPv6 host written as uriToStringA writes it.
pub(super) fn ipv6_written_in_full(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Resolved(target) => Outcome::Resolved(written_in_full(target)),
        Outcome::Normalized(normalized) => Outcome::Normalized(written_in_full(normalized)),
        other => other,
    }
}

/// `text` with its IPv6 literal as eight groups of four lowercase hexadecimal digits, or as it
/// is where it has none.
fn written_in_full(text: String) -> String {
    let Ok(c) = reference::parse(&text) else {
        return text;
    };
    let address = match (c.host_kind, c.host) {
        (Some(HostKind::Ipv6), Some(host)) => host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .and_then(|h| h.parse::<Ipv6Addr>().ok()),
        _ => None,
    };
    let Some(address) = address else {
        return text;
    };
    let groups: Vec<String> = address
        .segments()
        .iter()
        .map(|g| format!("{g:04x}"))
        .collect();
    let host = format!("[{}]", groups.join(":"));
    reference::recompose(&Components {
        host: Some(&host),
        ..c
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_host_is_written_from_its_bytes() {
        let full = |s: &str| written_in_full(s.to_owned());
        assert_eq!(
            full("a://[::]/p?q"),
            "a://[0000:0000:0000:0000:0000:0000:0000:0000]/p?q"
        );
        assert_eq!(
            full("a://[::a:0.0.0.0]"),
            "a://[0000:0000:0000:0000:0000:000a:0000:0000]"
        );
        assert_eq!(
            full("//[1:2:3:4:5:6:7:ABCD]:8"),
            "//[0001:0002:0003:0004:0005:0006:0007:abcd]:8"
        );
        // A registered name, an IPv4 address or an IPvFuture literal is written as it is.
        assert_eq!(full("a://h/p"), "a://h/p");
        assert_eq!(full("a://[v1.x]"), "a://[v1.x]");
    }
}
