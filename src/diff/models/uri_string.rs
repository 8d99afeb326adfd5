//! Erlang/OTP's uri_string (OTP 25.2.3, stdlib 4.2), its own rules written from
//! lib/stdlib/src/uri_string.erl, for its adapter's catalogue
//! (`adapters/erlang/uri-string/known-differences.yaml`).

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

/// Whether `parse_ipv6_bin_end` reads `c` on into the host: `is_ipv6(Char)` (hexadecimal
/// digits, ":" and "."; a ":" is matched first, as the port's).
fn read_on(c: u8) -> bool {
    c.is_ascii_hexdigit() || c == b'.'
}

/// The IP literal `[inner]` of the case's authority and the run after its "]" that
/// `parse_ipv6_bin_end` reads into the host, with the run's byte range in `input`; `None`
/// without such a run, or where something else follows it (uri_string refuses it).
fn literal_tail(input: &str) -> Option<(String, std::ops::Range<usize>)> {
    let authority = reference::split(input).authority?;
    let at = authority.as_ptr() as usize - input.as_ptr() as usize;
    let host_start = authority.rfind('@').map_or(0, |i| i + 1);
    let host = &authority[host_start..];
    let inner_end = host.strip_prefix('[')?.find(']')? + 1;
    let after = &host[inner_end + 1..];
    let run = after.bytes().take_while(|&c| read_on(c)).count();
    if run == 0 || !(after.len() == run || after.as_bytes()[run] == b':') {
        return None;
    }
    let start = at + host_start + inner_end + 1;
    Some((host[..=inner_end].to_owned(), start..start + run))
}

/// Parse (`super::Transform::UriStringIpLiteralReadOn`, the rewrite): the case without the
/// run after the literal's "]".
pub(super) fn ip_literal_read_on_rewrite(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (_, run) = literal_tail(input)?;
    let mut rewritten = input.clone();
    rewritten.replace_range(run, "");
    Some(Request::Parse {
        input: rewritten,
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The host as uri_string gives it, and the adapter writes it: `"[" ++ Host ++ "]"`, where
/// `Host` is the literal's text less its "[", its "]" and the run after it kept.
pub(super) fn ip_literal_read_on_applied(original: &Request, answer: Outcome) -> Outcome {
    let (
        Request::Parse { input, .. },
        Outcome::Parsed {
            mut components,
            host_kind,
        },
    ) = (original, answer.clone())
    else {
        return answer;
    };
    let Some((literal, run)) = literal_tail(input) else {
        return answer;
    };
    if components.host.as_deref() == Some(literal.as_str()) {
        components.host = Some(format!("{literal}{}]", &input[run]));
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_after_the_literal() {
        assert_eq!(literal_tail("//[::]."), Some(("[::]".to_owned(), 6..7)));
        assert_eq!(
            literal_tail("//u@[::1]ab:8/p"),
            Some(("[::1]".to_owned(), 9..11))
        );
        assert_eq!(literal_tail("//[::1]"), None);
        assert_eq!(literal_tail("//[::1]a]"), None);
        assert_eq!(literal_tail("//[::1]:8"), None);
    }
}
