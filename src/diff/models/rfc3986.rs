//! Python's rfc3986 2.0.0: its wrong rules, written from its source, for the confirmed bugs of
//! its adapter's catalogue (`adapters/python/rfc3986/known-differences.yaml`), and its reading of
//! RFC 6874's zone identifiers.
//!
//! The library validates with regular expressions (`abnf_regexp.py`, `misc.py`,
//! `validators.py`) and resolves with `URIMixin.resolve_with` (`_mixin.py`), `misc.merge_paths`
//! and `normalizers.remove_dot_segments`. Each rule below is one of those expressions or lines
//! read as Python reads it; the rest of the library is read as the reference reads RFC 3986.

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `SUBAUTHORITY_MATCHER`'s `":?(?P<port>[0-9]{1,5})?$"`: the ":" before the port is
    /// optional, so digits right after an IP literal's "]" are a port (`//[::1]80`).
    PortWithoutColonAfterIpLiteral,
    /// `URIMixin.authority_info`: a host that `IPv4_MATCHER` (`([0-9]{1,3}\.){3}[0-9]{1,3}`)
    /// matches is refused when `valid_ipv4_host_address` finds an octet above 255, although it
    /// is a `reg-name` (`//256.0.0.0`).
    DottedHostOver255Refused,
    /// `LS32_RE`'s IPv4 part is `IPv4_RE`, `([0-9]{1,3}\.){3}[0-9]{1,3}`: the dec-octets of an
    /// IPv6 address's last 32 bits are any one to three digits (`[::999.0.0.00]`).
    Ipv6Ipv4PartUnchecked,
    /// `IPv6_ADDRZ_RE`: an IPv6 literal may end with RFC 6874's "%25" and a zone identifier.
    Rfc6874ZoneId,
    /// `is_absolute` matches `ABSOLUTE_URI_MATCHER`, whose `hier-part` ends with `PATH_EMPTY`,
    /// `"^$"`: inside the expression that matches nothing, so an absolute URI without
    /// authority whose path is empty (`a:`, `a:?q`) is no absolute URI. An empty authority is
    /// none for the library (`authority or None`), and `a://` is `a:` to it.
    AbsoluteUriEmptyPathRefused,
    /// `misc.merge_paths`: `path[:index] + "/" + relative_path` with
    /// `index = path.rfind("/")`, which is -1 when the base path holds no "/": its last
    /// character is dropped and a "/" written (`a` against `a:bc` gives `a:b/a`, against `a:`
    /// gives `a:/a`).
    MergeWithoutSlashInBase,
    /// `resolve_with`'s non-strict test `resolving.scheme == base_uri.scheme` compares the
    /// reference's scheme as written with the base's lowercased (the base is normalized
    /// first): `Http:` against an `http` base keeps its scheme.
    NonStrictSchemeAsWritten,
}

/// The case as the rule reads it, when it reads it otherwise: `case` as the rules before it
/// left it.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    match (rule, case) {
        (
            Rule::PortWithoutColonAfterIpLiteral,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => Some(Request::Parse {
            input: port_after_bracket(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        (
            Rule::Ipv6Ipv4PartUnchecked,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => Some(Request::Parse {
            input: ipv4_part_stood_in(input, *zone_id)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        (
            Rule::Rfc6874ZoneId,
            Request::Parse {
                input,
                rule,
                zone_id: false,
            },
        ) if input.contains('[') => Some(Request::Parse {
            input: input.clone(),
            rule: rule.clone(),
            zone_id: true,
        }),
        (
            Rule::NonStrictSchemeAsWritten,
            Request::Resolve {
                base,
                input,
                strict: false,
            },
        ) => {
            let b = reference::parse_uri(base).ok()?.scheme?;
            let r = reference::parse(input).ok()?.scheme?;
            (r.eq_ignore_ascii_case(b) && r != b.to_ascii_lowercase()).then(|| Request::Resolve {
                base: base.clone(),
                input: input.clone(),
                strict: true,
            })
        }
        (
            Rule::MergeWithoutSlashInBase,
            Request::Resolve {
                base,
                input,
                strict,
            },
        ) => {
            let b = reference::parse_uri(base).ok()?;
            let r = reference::parse(input).ok()?;
            let path = merge_cut(&b, &r, *strict)?;
            if path == b.path {
                return None;
            }
            let base = reference::recompose(&reference::Components { path: &path, ..b });
            // A cut inside a pct-encoded triplet ("%0a" cut to "%0/a") is no base the RFC
            // reads: `apply` writes that target itself.
            reference::parse_uri(&base).ok()?;
            Some(Request::Resolve {
                base,
                input: input.clone(),
                strict: *strict,
            })
        }
        _ => None,
    }
}

/// The base path whose merge by RFC 3986 §5.2.3 keeps what `misc.merge_paths` keeps, where the
/// library merges `r` into `b` and `b`'s path, its dot-segments removed as `normalize` removes
/// them, holds no "/": all but its last character, a "/", and that character (`path[:-1]`,
/// Python's slice for `rfind`'s -1), or "/" for an empty path.
fn merge_cut(
    b: &reference::Components<'_>,
    r: &reference::Components<'_>,
    strict: bool,
) -> Option<String> {
    if !merges(b, r, strict) {
        return None;
    }
    let normalized = remove_dot_segments(b.path);
    if normalized.contains('/') || (b.has_authority() && normalized.is_empty()) {
        return None;
    }
    Some(match normalized.char_indices().last() {
        Some((at, _)) => format!("{}/{}", &normalized[..at], &normalized[at..]),
        None => "/".to_owned(),
    })
}

/// The target of a resolution whose merge cuts the base path inside a pct-encoded triplet
/// (`a` against `a:%0a` is `a:%0/a`), which no base rewritten for the RFC's merge gives:
/// §5.2.2 with the library's merged path, `path[:-1] + "/" + relative_path`, its dot-segments
/// removed by §5.2.4.
fn merged_across_triplet(case: &Request) -> Option<String> {
    let Request::Resolve { base, input, .. } = case else {
        return None;
    };
    let path = merged_path_across_triplet(case)?;
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    Some(reference::recompose(&reference::Components {
        path: &path,
        query: r.query,
        fragment: r.fragment,
        ..b
    }))
}

/// The path of [`merged_across_triplet`]'s target.
fn merged_path_across_triplet(case: &Request) -> Option<String> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let cut = merge_cut(&b, &r, *strict)?;
    let rewritten = reference::recompose(&reference::Components { path: &cut, ..b });
    if reference::parse_uri(&rewritten).is_ok() {
        return None;
    }
    // The cut holds the "/" it wrote: what precedes it and that "/" are the merge's prefix.
    let prefix = &cut[..=cut.rfind('/')?];
    Some(reference::remove_dot_segments(&format!(
        "{prefix}{}",
        r.path
    )))
}

/// The library's answer from the answer so far; `case` is the case as rewritten.
pub(super) fn apply(rule: Rule, case: &Request, answer: Outcome) -> Outcome {
    match (rule, case) {
        (Rule::DottedHostOver255Refused, Request::Parse { .. }) => match &answer {
            Outcome::Parsed { components, .. }
                if components.host.as_deref().is_some_and(dotted_over_255) =>
            {
                Outcome::invalid("rfc3986: InvalidAuthority (an octet above 255)".into())
            }
            _ => answer,
        },
        (Rule::Ipv6Ipv4PartUnchecked, Request::Parse { .. }) => answer,
        (Rule::MergeWithoutSlashInBase, Request::Resolve { .. }) => {
            match (&answer, merged_across_triplet(case)) {
                (Outcome::Resolved(_), Some(target)) => Outcome::Resolved(target),
                _ => answer,
            }
        }
        (Rule::AbsoluteUriEmptyPathRefused, Request::Parse { .. })
            if case.checked_rule() == Ok(reference::Rule::AbsoluteUri) =>
        {
            match &answer {
                Outcome::Parsed { components, .. }
                    if components.path.is_empty()
                        && (components.host.is_none()
                            || (components.host.as_deref() == Some("")
                                && components.userinfo.is_none()
                                && components.port.is_none())) =>
                {
                    Outcome::invalid("URIReference.is_absolute() is False".into())
                }
                _ => answer,
            }
        }
        _ => answer,
    }
}

/// Whether the library merges `r`'s path into `b`'s: a reference without authority whose path
/// neither is empty nor starts with "/", and without scheme once the non-strict mode dropped a
/// scheme written as the base's is lowercased.
fn merges(b: &reference::Components<'_>, r: &reference::Components<'_>, strict: bool) -> bool {
    let schemeless = match r.scheme {
        None => true,
        Some(s) => !strict && b.scheme.is_some_and(|bs| s == bs.to_ascii_lowercase()),
    };
    schemeless && !r.has_authority() && !r.path.is_empty() && !r.path.starts_with('/')
}

/// `input` with a ":" before digits that follow an IP literal's "]" at the end of the
/// authority, as the library reads them: a port of one to five digits.
fn port_after_bracket(input: &str) -> Option<String> {
    let authority = reference::split(input).authority?;
    let start = authority.as_ptr() as usize - input.as_ptr() as usize;
    // The library's userinfo holds no "@": the host starts after the first.
    let host = authority.find('@').map_or(0, |at| at + 1);
    let rest = &authority[host..];
    if !rest.starts_with('[') {
        return None;
    }
    let close = rest.find(']')?;
    let digits = &rest[close + 1..];
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let at = start + host + close + 1;
    Some(format!("{}:{}", &input[..at], &input[at..]))
}

/// `input` with the dec-octets of an IPv6 literal's IPv4 part stood in for by "1"s, one for
/// each digit (so "1", "11" or "111", each a dec-octet), where the literal is refused as
/// written: the library takes any one to three digits there.
fn ipv4_part_stood_in(input: &str, zone_id: bool) -> Option<String> {
    let authority = reference::split(input).authority?;
    let start = authority.as_ptr() as usize - input.as_ptr() as usize;
    let host = authority.find('@').map_or(0, |at| at + 1);
    let rest = &authority[host..];
    if !rest.starts_with('[') || rest[1..].starts_with(['v', 'V']) {
        return None;
    }
    let close = rest.find(']')?;
    let literal = &rest[..=close];
    let options = reference::ParseOptions { zone_id };
    if reference::parse_with(
        &format!("//{literal}"),
        reference::parse::Rule::UriReference,
        options,
    )
    .is_ok()
    {
        return None;
    }
    // The address before a zone identifier, and its last part after a ":".
    let address_end = literal.find('%').unwrap_or(close);
    let part_start = literal[..address_end].rfind(':')? + 1;
    let part = &literal[part_start..address_end];
    let octets: Vec<&str> = part.split('.').collect();
    if octets.len() != 4
        || !octets
            .iter()
            .all(|o| (1..=3).contains(&o.len()) && o.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let at = start + host + part_start;
    let stood_in: String = part
        .chars()
        .map(|c| if c.is_ascii_digit() { '1' } else { c })
        .collect();
    let mut out = input.to_owned();
    out.replace_range(at..at + part.len(), &stood_in);
    (out != input).then_some(out)
}

/// Whether `host` is four dot-separated runs of one to three digits, one of them above 255.
fn dotted_over_255(host: &str) -> bool {
    let octets: Vec<&str> = host.split('.').collect();
    octets.len() == 4
        && octets
            .iter()
            .all(|o| (1..=3).contains(&o.len()) && o.bytes().all(|b| b.is_ascii_digit()))
        && octets
            .iter()
            .any(|o| o.parse::<u16>().is_ok_and(|n| n > 255))
}

/// `normalizers.remove_dot_segments`, as written: the library departure
/// `dot-dot-pops-root`'s list of segments.
pub(super) fn remove_dot_segments(path: &str) -> String {
    crate::diff::resolving::remove_dot_segments_popping_root(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_are_removed_as_the_library_removes_them() {
        // python-hyper/rfc3986#111: a ".." above the root takes the root.
        assert_eq!(remove_dot_segments("/../"), "");
        assert_eq!(remove_dot_segments("/a/b/c/../../../../"), "");
        assert_eq!(remove_dot_segments("/..//a"), "/a");
        // Elsewhere as RFC 3986 §5.2.4.
        for path in [
            "/a/b/../c",
            "/a/./b/",
            "/..",
            "/../a",
            "/a//../b",
            "//",
            "/.",
        ] {
            assert_eq!(
                remove_dot_segments(path),
                reference::remove_dot_segments(path),
                "{path}"
            );
        }
    }

    #[test]
    fn rules_read_the_case_as_the_library() {
        assert_eq!(
            port_after_bracket("//[::1]80/p").as_deref(),
            Some("//[::1]:80/p")
        );
        assert_eq!(port_after_bracket("//[::1]:80"), None);
        assert_eq!(port_after_bracket("//[::1]123456"), None);
        assert_eq!(
            ipv4_part_stood_in("//[::999.0.0.00]", false).as_deref(),
            Some("//[::111.1.1.11]")
        );
        assert_eq!(ipv4_part_stood_in("//[::1.2.3.4]", false), None);
        assert!(dotted_over_255("256.0.0.0"));
        assert!(!dotted_over_255("255.0.0.0"));
        assert!(!dotted_over_255("256.0.0"));
        let merged = rewrite(
            Rule::MergeWithoutSlashInBase,
            &Request::Resolve {
                base: "a:bc".into(),
                input: "d".into(),
                strict: true,
            },
        );
        assert_eq!(
            merged,
            Some(Request::Resolve {
                base: "a:b/c".into(),
                input: "d".into(),
                strict: true
            })
        );
    }

    #[test]
    fn a_merge_that_cuts_a_triplet_is_written_as_the_library_writes_it() {
        let case = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        // `misc.merge_paths`: "%0a"[:-1] + "/" + "a".
        let cut = case("a:%0a", "a");
        assert_eq!(rewrite(Rule::MergeWithoutSlashInBase, &cut), None);
        assert_eq!(
            apply(
                Rule::MergeWithoutSlashInBase,
                &cut,
                Outcome::Resolved("a:a".into())
            ),
            Outcome::Resolved("a:%0/a".into())
        );
        assert_eq!(
            merged_across_triplet(&case("a:b%41", "./c?q#f")).as_deref(),
            Some("a:b%4/c?q#f")
        );
        // The reference's own triplets are kept as written.
        let both = case("a:%0a", "%aa");
        let merged = apply(
            Rule::MergeWithoutSlashInBase,
            &both,
            Outcome::Resolved("a:%aa".into()),
        );
        assert_eq!(merged, Outcome::Resolved("a:%0/%aa".into()));
        // A cut between triplets is the rewritten base's, and refusals stay.
        let between = case("a:bc", "d");
        assert_eq!(merged_across_triplet(&between), None);
        let refused = Outcome::invalid("reference".into());
        assert_eq!(
            apply(Rule::MergeWithoutSlashInBase, &cut, refused.clone()),
            refused
        );
        // No merge: a reference with a "/" first, or a base path with a "/".
        assert_eq!(merged_across_triplet(&case("a:%0a", "/a")), None);
        assert_eq!(merged_across_triplet(&case("a:/%0a", "a")), None);
    }
}
