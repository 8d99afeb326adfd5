//! ocaml-uri 4.2.0's own rules (lib/uri.ml), written from its source, for its adapter's
//! catalogue (`adapters/ocaml/uri/known-differences.yaml`).
//!
//! `Uri.of_string` stores the userinfo, the path and the fragment decoded and the query as
//! key-value pairs (`Query.Raw`, decoded lazily); `Uri.to_string` writes each of them again
//! with `Pct.encode` and the component's table of safe characters (`Generic.safe_chars_for_*`),
//! the query from its pairs ("normalize e.g. percent capitalization").

use crate::model::Outcome;
use crate::reference;

/// The characters `Generic.safe_chars` holds: letters, digits, "_", ".", "-", "~".
fn always_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'~')
}

/// `safe_chars_for_query` (`pchar` with "/" and "?", less "&", ";" and "+"), which is also
/// `safe_chars_for_fragment`; `safe_chars_for_query_key` takes "=" out of it and
/// `safe_chars_for_query_value` ",".
fn query_safe(b: u8) -> bool {
    always_safe(b)
        || matches!(
            b,
            b'!' | b'$' | b'\'' | b'(' | b')' | b'*' | b',' | b'=' | b':' | b'@' | b'/' | b'?'
        )
}

/// `Pct.decode`: a "%" and two hexadecimal digits as the octet, any other "%" as it is.
fn decoded(text: &str) -> Vec<u8> {
    crate::whatwg::encode_sets::percent_decode(text.as_bytes())
}

/// `Pct.encode` of the octets with the table `safe`.
fn encoded(bytes: &[u8], safe: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if safe(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `Query.encoded_of_query (Query.query_of_encoded q)`: the query split at "&", each element
/// at its first "=", a value at ",", "+" read as a space, each piece decoded, then written
/// with the key's and the value's tables.
fn query_written(query: &str) -> String {
    let plus_to_space = |s: &str| s.replace('+', " ");
    query
        .split('&')
        .map(|element| {
            let mut kv = element.splitn(2, '=');
            let key = plus_to_space(kv.next().unwrap_or(""));
            let mut out = encoded(&decoded(&key), |b| query_safe(b) && b != b'=');
            if let Some(value) = kv.next() {
                out.push('=');
                let values: Vec<String> = plus_to_space(value)
                    .split(',')
                    .map(|v| encoded(&decoded(v), |b| query_safe(b) && b != b','))
                    .collect();
                out.push_str(&values.join(","));
            }
            out
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// `Userinfo.encoded_of_userinfo (Userinfo.userinfo_of_encoded u)`: the user and the password
/// (split at the first ":") decoded and written with `safe_chars_for_userinfo` (letters,
/// digits, "_", ".", "-", "~").
fn userinfo_written(userinfo: &str) -> String {
    let mut parts = userinfo.splitn(2, ':');
    let user = encoded(&decoded(parts.next().unwrap_or("")), always_safe);
    match parts.next() {
        Some(password) => format!("{user}:{}", encoded(&decoded(password), always_safe)),
        None => user,
    }
}

/// A resolution's target or a normalization as `Uri.to_string` writes its userinfo, query
/// and fragment.
pub(super) fn components_reencoded(answer: Outcome) -> Outcome {
    let (text, resolved) = match &answer {
        Outcome::Resolved(text) => (text, true),
        Outcome::Normalized(text) => (text, false),
        _ => return answer,
    };
    let Ok(c) = reference::parse(text) else {
        return answer;
    };
    let userinfo = c.userinfo.map(userinfo_written);
    let query = c.query.map(query_written);
    let fragment = c.fragment.map(|f| encoded(&decoded(f), query_safe));
    let written = reference::recompose(&reference::Components {
        userinfo: userinfo.as_deref(),
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..c
    });
    if resolved {
        Outcome::Resolved(written)
    } else {
        Outcome::Normalized(written)
    }
}

/// OCaml's `max_int` on a 64-bit machine (an `int` has 63 bits).
const MAX_INT: u128 = (1 << 62) - 1;

/// Whether `Parser.port` reads no port in `port`'s digits: `(try Some (int_of_string ...)
/// with _ -> None)`, and `int_of_string` fails above `max_int`.
fn port_overflows(port: &str) -> bool {
    !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && port.trim_start_matches('0').len() > 19
        || port.parse::<u128>().is_ok_and(|n| n > MAX_INT)
}

/// Every operation (`super::Transform::OcamlUriPortOverflowAsNone`): a port above `max_int`
/// is none, in a parse and in what `Uri.to_string` writes.
pub(super) fn port_overflow_as_none(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            if components.port.as_deref().is_some_and(port_overflows) {
                components.port = None;
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        Outcome::Resolved(ref text) | Outcome::Normalized(ref text) => {
            let Ok(c) = reference::parse(text) else {
                return answer;
            };
            if !c.port.is_some_and(port_overflows) {
                return answer;
            }
            let written = reference::recompose(&reference::Components { port: None, ..c });
            match answer {
                Outcome::Resolved(_) => Outcome::Resolved(written),
                _ => Outcome::Normalized(written),
            }
        }
        answer => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_is_written_from_its_pairs() {
        assert_eq!(query_written("%2a"), "*");
        assert_eq!(query_written("%0a"), "%0A");
        assert_eq!(query_written(";"), "%3B");
        assert_eq!(query_written("a=b=c,d+e"), "a=b=c,d%20e");
        assert_eq!(query_written("a=%2C"), "a=%2C");
        assert_eq!(userinfo_written("::"), ":%3A");
        assert!(!port_overflows("4611686018427387903"));
        assert!(port_overflows("4611686018427387904"));
        assert!(port_overflows("99999999999999999999999999999999999999999"));
        assert!(!port_overflows("0004611686018427387903"));
    }
}
