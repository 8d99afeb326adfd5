//! Addressable 2.8.1's own rules (lib/addressable/uri.rb), written from its source, for its
//! adapter's catalogue (`adapters/ruby/addressable/known-differences.yaml`).

use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `URI#port=`: `@port = new_port.to_s.to_i; @port = nil if @port == 0`: a port that
    /// reads 0 ("0", "00") is no port.
    PortZeroAsNone,
    /// `URI#validate`: `if self.scheme != nil && self.ip_based? && (self.host == nil ||
    /// self.host.empty?) && (self.path == nil || self.path.empty?)` it raises "Absolute URI
    /// missing hierarchical segment": a URI whose scheme is one of `PORT_MAPPING`'s, with no
    /// host (or an empty one) and an empty path, is refused ("http:", "http://?q").
    IpBasedWithoutHostAndPathRefused,
}

/// `URI.port_mapping.keys` (`PORT_MAPPING`), the schemes `ip_based?` knows.
const IP_BASED: [&str; 13] = [
    "http", "https", "ftp", "tftp", "sftp", "ssh", "svn+ssh", "telnet", "nntp", "gopher", "wais",
    "ldap", "prospero",
];

/// The library's answer from the answer so far.
pub(super) fn apply(rule: Rule, case: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { .. } = case else {
        return answer;
    };
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    match rule {
        Rule::PortZeroAsNone => {
            let zero = components
                .port
                .as_deref()
                .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b == b'0'));
            if zero {
                components.port = None;
            }
        }
        Rule::IpBasedWithoutHostAndPathRefused => {
            let ip_based = components
                .scheme
                .as_deref()
                .is_some_and(|s| IP_BASED.contains(&s.trim().to_ascii_lowercase().as_str()));
            if ip_based
                && components.host.as_deref().is_none_or(str::is_empty)
                && components.path.is_empty()
            {
                return Outcome::Invalid(
                    "Addressable::URI::InvalidURIError: Absolute URI missing hierarchical segment"
                        .into(),
                );
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}
