//! url-parse 1.5.10's own rules (npm `url-parse`, index.js, and `requires-port` 1.0.0, which
//! it calls), written from its source, for its adapter's catalogue
//! (`adapters/node/url-parse/known-differences.yaml`).
//!
//! `Url(address, location)` reads a scheme with `protocolre`, then cuts what is left with its
//! `rules`: the fragment at the first "#", the query at the first "?", the path at the first
//! "/", the userinfo at the last "@", the port with `/:(\d*)$/`, and the host is what remains.
//! The rules here are what it does besides cutting (the cutting without checks is the library
//! of departures' `*-unchecked` readings).

use crate::diff::departures::Departure;
use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// index.js lines 380-395: the `auth` cut at its first ":" into a user name and a
    /// password, each through `encodeURIComponent(decodeURIComponent(...))` (a "%" that starts
    /// no escape of UTF-8 throws `URIError`), and written back as `username` alone when the
    /// password is empty.
    UserinfoReencoded,
    /// `extractProtocol` (lines 139-188): without a scheme, the "//" that starts the text is
    /// kept in what the rules cut, and the first of them, `['/', 'pathname']`, takes it all as
    /// the path; `slashes` is true, and the host, never set, is "". Read as the library of
    /// departures' `network-path-as-path` reads it (its second "/" stood in for), before the
    /// departures that read the path's characters, and given back after them.
    NetworkPathAsPath,
    /// `required(port, protocol)` (requires-port, called at line 373): a port whose number
    /// (`+port`) is 0, a `file:` port and a special scheme's default port (http and ws 80,
    /// https and wss 443, ftp 21, gopher 70) are dropped.
    PortDropped,
    /// `extractProtocol` and the `sanitize` rule: after a special scheme (`isSpecial`: http,
    /// https, ws, wss, ftp) every "/" and "\" that follow the ":" are skipped and an authority
    /// is read whatever their number (`slashes` is true), a "\" before the query is a "/", and
    /// a path that does not start with "/" gets one (line 363).
    SpecialSchemeSlashesSkipped,
}

/// The schemes `isSpecial` names but `file:`, which is read otherwise.
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The scheme `protocolre` reads (`/^([a-z][a-z0-9.+-]*:)?/i`), lowercased, and where what
/// follows its ":" starts.
fn protocol(input: &str) -> Option<(String, usize)> {
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    let mut bytes = scheme.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic()
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
    .then(|| (scheme.to_ascii_lowercase(), colon + 1))
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: grammar,
        zone_id,
    } = case
    else {
        return None;
    };
    match rule {
        Rule::SpecialSchemeSlashesSkipped => {
            let (scheme, after) = protocol(input)?;
            if !SPECIAL.contains(&scheme.as_str()) {
                return None;
            }
            let rest = input[after..].trim_start_matches(['/', '\\']);
            let end = rest.find(['?', '#']).unwrap_or(rest.len());
            let read = format!(
                "{}://{}{}",
                &input[..after - 1],
                rest[..end].replace('\\', "/"),
                &rest[end..]
            );
            (read != *input).then(|| Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::NetworkPathAsPath if network_path(input) => {
            Departure::NetworkPathAsPath.rewrite(case)
        }
        _ => None,
    }
}

/// Whether the text starts with the "//" that `extractProtocol` keeps, with no scheme before.
fn network_path(input: &str) -> bool {
    input.starts_with("//")
}

/// The library's answer from the answer so far; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
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
        Rule::UserinfoReencoded => {
            if let Some(userinfo) = components.userinfo.take() {
                let (user, password) = userinfo.split_once(':').unwrap_or((&userinfo, ""));
                let (Some(user), Some(password)) = (reencoded(user), reencoded(password)) else {
                    return Outcome::Invalid("URIError: URI malformed".to_owned());
                };
                components.userinfo = Some(if password.is_empty() {
                    user
                } else {
                    format!("{user}:{password}")
                });
            }
        }
        Rule::NetworkPathAsPath => {
            if network_path(input)
                && components.scheme.is_none()
                && components.host.is_none()
                && components.path.get(1..2) == Some("a")
            {
                components.path.replace_range(1..2, "/");
                components.host = Some(String::new());
            }
        }
        Rule::PortDropped => {
            let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
            if let Some(port) = &components.port {
                // `+port`: the digits' value (the port rule reads nothing but digits).
                let value = port.trim_start_matches('0');
                let default = match scheme.as_deref() {
                    Some("http" | "ws") => "80",
                    Some("https" | "wss") => "443",
                    Some("ftp") => "21",
                    Some("gopher") => "70",
                    Some("file") => value,
                    _ => "",
                };
                if value.is_empty() || value == default {
                    components.port = None;
                }
            }
        }
        Rule::SpecialSchemeSlashesSkipped => {
            if protocol(input).is_some_and(|(s, _)| SPECIAL.contains(&s.as_str()))
                && !components.path.starts_with('/')
            {
                components.path.insert(0, '/');
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// `encodeURIComponent(decodeURIComponent(text))`; `None` where `decodeURIComponent` throws
/// (a "%" that starts no escape, or escapes that are no UTF-8).
fn reencoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = text.get(at + 1..at + 3)?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            at += 3;
        } else {
            decoded.push(bytes[at]);
            at += 1;
        }
    }
    let decoded = String::from_utf8(decoded).ok()?;
    let mut out = String::with_capacity(decoded.len());
    for c in decoded.chars() {
        // encodeURIComponent keeps A-Z a-z 0-9 - _ . ! ~ * ' ( ).
        if c.is_ascii_alphanumeric() || "-_.!~*'()".contains(c) {
            out.push(c);
        } else {
            let mut buffer = [0; 4];
            for byte in c.encode_utf8(&mut buffer).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_userinfo_goes_through_decode_and_encode_uri_component() {
        assert_eq!(reencoded("u@v").as_deref(), Some("u%40v"));
        assert_eq!(reencoded("a;=%2a%41").as_deref(), Some("a%3B%3D*A"));
        assert_eq!(reencoded("%c3%a9").as_deref(), Some("%C3%A9"));
        assert_eq!(reencoded("%"), None);
        assert_eq!(reencoded("%zz"), None);
        assert_eq!(reencoded("%aa"), None);
        assert_eq!(reencoded("%+1"), None);
    }

    #[test]
    fn a_network_path_is_a_path_with_an_empty_host() {
        let case = Request::parse("//a%b/c?d");
        let read = rewrite(Rule::NetworkPathAsPath, &case).expect("read otherwise");
        let crate::protocol::Request::Parse { input, .. } = &read else {
            panic!("a parse");
        };
        assert_eq!(input, "/aa%b/c?d");
        assert_eq!(
            rewrite(Rule::NetworkPathAsPath, &Request::parse("a://b")),
            None
        );
    }

    #[test]
    fn a_special_scheme_skips_its_slashes() {
        let case = Request::parse("HTTP:\\\\/a\\b?c\\d");
        let Some(Request::Parse { input, .. }) = rewrite(Rule::SpecialSchemeSlashesSkipped, &case)
        else {
            panic!("rewritten");
        };
        assert_eq!(input, "HTTP://a/b?c\\d");
        assert_eq!(
            rewrite(Rule::SpecialSchemeSlashesSkipped, &Request::parse("a:b")),
            None
        );
    }
}
