//! Boost.URL 1.81: `detail::remove_dot_segments` (include/boost/url/detail/impl/normalize.ipp),
//! which `url_base::resolve` applies through `normalize_path` to every target path. It follows
//! §5.2.4 but for "Errata 4547: Keep "../" in the beginning", which it applies to every path:
//! a ".." that has no segment before it to remove is written out ("/.." where the output is
//! empty), so "/.." stays "/..", and a ".." after a lone first segment of a rootless path
//! takes that segment and its "/" both ("a/../b" is "b"). Written here step by step from the
//! C++, on the path as the RFC reads it (Boost's own reading of "%2E" as a dot is documented
//! choice 3's, not this rule's).

use crate::impls::Implementation;
use crate::impls::reference::Reference;
use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Components, ResolveOptions};

/// Boost.URL 1.81's `detail::remove_dot_segments` of `path`.
pub(super) fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut s = path;
    // Rule A, at the beginning only, "../" written out (errata 4547).
    loop {
        if let Some(rest) = s.strip_prefix("../") {
            out.push_str("../");
            s = rest;
        } else if let Some(rest) = s.strip_prefix("./") {
            s = rest;
        } else {
            break;
        }
    }
    // Rule D.
    if s == "." {
        s = "";
    } else if s == ".." {
        out.push_str("..");
        s = "";
    }
    while !s.is_empty() {
        // Rule B.
        if s.starts_with("/./") {
            s = &s[2..];
            continue;
        }
        if s == "/." {
            out.push('/');
            break;
        }
        // Rule C.
        if s.starts_with("/../") {
            match out.rfind('/') {
                Some(p) => {
                    if &out[p..] == "/.." {
                        out.push_str("/..");
                    } else {
                        out.truncate(p);
                    }
                }
                None if !out.is_empty() => {
                    out.clear();
                    s = &s[1..];
                }
                None => out.push_str("/.."),
            }
            s = &s[3..];
            continue;
        }
        if s == "/.." {
            match out.rfind('/') {
                Some(p) => {
                    out.truncate(p);
                    out.push('/');
                }
                None if !out.is_empty() => out.clear(),
                None => out.push_str("/.."),
            }
            break;
        }
        // Rule E: up to the next "/" after the first character.
        match s.get(1..).and_then(|rest| rest.find('/')) {
            Some(p) => {
                out.push_str(&s[..=p]);
                s = &s[p + 1..];
            }
            None => {
                out.push_str(s);
                break;
            }
        }
    }
    out
}

/// `url_base::normalize_path` on the path `written` of a target (include/boost/url/impl/
/// url_base.ipp, Boost 1.81): `normalize_octets_impl(id_path, detail::path_chars, op)` first
/// (every octet of `pchar` and "/" decoded, the other triplets uppercased), then, without an
/// authority, a "/./" prefix that would leave "//" kept (`skip_dot`), then
/// [`remove_dot_segments`] on the rest. The colon guard (`encode_colons`) is for a url without
/// a scheme, which no target is.
pub(super) fn normalize_path(
    written: &str,
    has_authority: bool,
    remove_dot_segments: fn(&str) -> String,
) -> String {
    normalized_path(
        written,
        has_authority,
        remove_dot_segments,
        path_chars_decoded,
    )
}

/// `normalize_path` with the octets `decoded` decodes: Boost's ([`path_chars_decoded`]), or
/// what its documentation says it decodes ([`unreserved_decoded`]).
fn normalized_path(
    written: &str,
    has_authority: bool,
    remove_dot_segments: fn(&str) -> String,
    decoded: fn(&str) -> String,
) -> String {
    let p = decoded(written);
    let mut skip = 0;
    if !has_authority && p.starts_with("/./") {
        skip = 2;
        while p[skip..].starts_with("/./") {
            skip += 2;
        }
        skip = if p[skip..].starts_with("//") { 2 } else { 0 };
    }
    format!("{}{}", &p[..skip], remove_dot_segments(&p[skip..]))
}

/// `normalize_octets_impl` with `detail::path_chars` (`pchars + '/'`): unreserved octets and
/// the rest of `pchar` and "/" decoded, the other triplets uppercased.
fn path_chars_decoded(path: &str) -> String {
    const PCHAR: &[u8] = b"!$&'()*+,;=:@/";
    let mut normalized = String::with_capacity(path.len());
    reference::normalize::normalize_percent_encoding(&mut normalized, path, false);
    crate::diff::normalizing::decoded_where(&normalized, |_, b| PCHAR.contains(&b))
}

/// What `normalize_path`'s documentation says it does to the octets: "Percent-encoding
/// triplets are normalized to uppercase letters. Percent-encoded octets that correspond to
/// unreserved characters are decoded" (include/boost/url/url_base.hpp, Boost 1.81).
fn unreserved_decoded(path: &str) -> String {
    let mut normalized = String::with_capacity(path.len());
    reference::normalize::normalize_percent_encoding(&mut normalized, path, false);
    normalized
}

/// The path `url_base::resolve` writes before `normalize_path`: the reference's, the merge,
/// or the base's own for an empty reference; `None` for a network-path reference with an empty
/// path, the one branch that does not call it, and for strings the RFC does not read. With
/// the target as the RFC composes it (its scheme and authority).
fn written(base: &str, input: &str, strict: bool) -> Option<(String, bool)> {
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let reads_scheme = r.scheme.is_some() && (strict || r.scheme != b.scheme);
    let written = if reads_scheme || r.path.starts_with('/') {
        r.path.to_owned()
    } else if r.has_authority() {
        if r.path.is_empty() {
            return None;
        }
        r.path.to_owned()
    } else if r.path.is_empty() {
        b.path.to_owned()
    } else {
        reference::merge(&b, r.path)
    };
    let has_authority = if reads_scheme || r.has_authority() {
        r.has_authority()
    } else {
        b.has_authority()
    };
    Some((written, has_authority))
}

/// `target` (the answer so far) with its path replaced by `path`, the scheme and the
/// authority the RFC's (a target written "a://" for an empty authority-less path reads back
/// otherwise), the query and the fragment the answer's. `None` where nothing changes.
fn with_path(base: &str, input: &str, strict: bool, target: &str, path: &str) -> Option<String> {
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let t = reference::parse(target).ok()?;
    let resolved = reference::transform_references(&b, &r, ResolveOptions::strict(strict));
    let rfc = resolved.components();
    let out = reference::recompose(&Components {
        path,
        query: t.query,
        fragment: t.fragment,
        ..rfc
    });
    (out != target).then_some(out)
}

/// The target `url_base::resolve` gives where Boost's removal of dot-segments is what departs:
/// `normalize_path` with [`remove_dot_segments`], where it differs from the same
/// `normalize_path` with §5.2.4's (what [`path_reserved_decoded`] models).
fn target(base: &str, input: &str, strict: bool, target: &str) -> Option<String> {
    let (written, has_authority) = written(base, input, strict)?;
    let path = normalize_path(&written, has_authority, remove_dot_segments);
    if path == normalize_path(&written, has_authority, reference::remove_dot_segments) {
        return None;
    }
    with_path(base, input, strict, target, &path)
}

/// The answer to `case` with Boost's `normalize_path` in resolution.
pub(super) fn dot_dot_kept(case: &Request, answer: Outcome) -> Outcome {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return answer;
    };
    let Outcome::Resolved(so_far) = &answer else {
        return answer;
    };
    match target(base, input, *strict, so_far) {
        Some(target) => Outcome::Resolved(target),
        None => answer,
    }
}

/// The answer to the normalization `case` with Boost's `detail::remove_dot_segments`, which
/// `url::normalize` runs through `normalize_path` on every path, a relative-path reference's
/// too: the path `normalize_path` gives (its octets decoded, its "/./" guard, Boost's removal)
/// where the removal departs, the rest of `answer` as it is. Where the RFC removes
/// dot-segments (a path after a scheme or an authority, or one that starts with "/"), it
/// departs where Boost's removal gives another path than §5.2.4's (`/%2e.` is `/..`); in a
/// relative-path reference, whose dot-segments the reference keeps (documented choice 5),
/// wherever it removes one (`a/%2e.` is ``, `../.` is `../`). A relative reference whose path
/// `normalize_path` guards otherwise (a "./" kept before a "//" it would leave, or a ":" in
/// the first segment, which it encodes) is left to the answer.
pub(super) fn dot_dot_kept_in_normalization(case: &Request, answer: Outcome) -> Outcome {
    let (Request::Normalize { input, .. }, Outcome::Normalized(so_far)) = (case, &answer) else {
        return answer;
    };
    let (Ok(c), Ok(t)) = (reference::parse(input), reference::parse(so_far)) else {
        return answer;
    };
    let has_authority = c.has_authority();
    let relative_path = c.scheme.is_none() && !has_authority && !c.path.starts_with('/');
    // `normalize_path`'s guards of a url without a scheme: a "./" kept before a "//" it
    // would leave, or a ":" in the first segment encoded (`encode_colons`).
    if c.scheme.is_none() && !has_authority {
        let p = path_chars_decoded(c.path);
        if !p.starts_with("/./") {
            let mut rest = p.as_str();
            if let Some(after_dot) = p.strip_prefix("./") {
                let mut skip = 1;
                while p[skip..].starts_with("/./") {
                    skip += 2;
                }
                if p[skip..].starts_with("//") {
                    return answer;
                }
                rest = after_dot;
                while let Some(after) = rest.strip_prefix("./") {
                    rest = after;
                }
            }
            if rest.split('/').next().unwrap_or_default().contains(':') {
                return answer;
            }
        }
    }
    let path = normalize_path(c.path, has_authority, remove_dot_segments);
    let rfc = if relative_path {
        normalize_path(c.path, has_authority, str::to_owned)
    } else {
        normalize_path(c.path, has_authority, reference::remove_dot_segments)
    };
    if path == rfc || path == t.path {
        return answer;
    }
    Outcome::Normalized(reference::recompose(&Components { path: &path, ..t }))
}

/// Boost's `ipv4_address_rule` at the start of `text`: four `dec_octet_rule`s between "."s,
/// each of one to three digits with no leading zero and a value up to 255, and no digit after
/// it (`dec_octet_rule` fails with "integer overflow" there). The length of the address.
fn ipv4_address(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    for octet in 0..4 {
        if octet > 0 {
            if bytes.get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
        let start = at;
        while bytes.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        let digits = &text[start..at];
        if digits.is_empty()
            || digits.len() > 3
            || (digits.len() > 1 && digits.starts_with('0'))
            || digits.parse::<u16>().ok()? > 255
        {
            return None;
        }
    }
    Some(at)
}

/// Where `detail::host_rule` ends a host that the RFC reads on: after an IPv4 address that
/// starts it (`host_rule` tries `ipv4_address_rule` before `reg_name_rule` and keeps its
/// match), when neither the authority's end nor a port's ":" follows the address. The offset
/// in `input`, and whether a scheme stands before the authority.
fn ipv4_host_end(input: &str) -> Option<(usize, bool)> {
    let scheme = input
        .find(':')
        .filter(|&colon| {
            let s = &input[..colon];
            s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
        })
        .map(|colon| colon + 1);
    let authority = scheme.unwrap_or(0) + 2;
    if !input[scheme.unwrap_or(0)..].starts_with("//") {
        return None;
    }
    // `[ userinfo "@" ]`: `user_chars` and `password_chars` (unreserved, sub-delims, ":") and
    // pct-encoded triplets, then "@", or no userinfo.
    let bytes = input.as_bytes();
    let mut at = authority;
    loop {
        match bytes.get(at) {
            Some(b'%')
                if bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                    && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit) =>
            {
                at += 3;
            }
            Some(&b) if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:".contains(&b) => {
                at += 1;
            }
            _ => break,
        }
    }
    let host = if bytes.get(at) == Some(&b'@') {
        at + 1
    } else {
        authority
    };
    let end = host + ipv4_address(&input[host..])?;
    match bytes.get(end) {
        None | Some(b':' | b'/' | b'?' | b'#') => None,
        Some(_) => Some((end, scheme.is_some())),
    }
}

/// The answer to a parse with `detail::host_rule`'s ordered choice: a host that starts with an
/// IPv4 address is that address, and what follows it is read as the path the way
/// `hier_part_rule` (`segment_rule`) and `relative_part_rule` (`segment_nc`, no ":") read a
/// path after an authority that no "/" follows. Read by the reference on the case with a "/"
/// put after the address, which the path then loses.
pub(super) fn host_ipv4_prefix(case: &Request, answer: Outcome) -> Outcome {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return answer;
    };
    let Some((end, scheme)) = ipv4_host_end(input) else {
        return answer;
    };
    let rest = &input[end..];
    let segment = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    if !scheme && segment.contains(':') {
        return Outcome::invalid("mismatch".to_owned());
    }
    let stand_in = Request::Parse {
        input: format!("{}/{rest}", &input[..end]),
        rule: rule.clone(),
        zone_id: *zone_id,
    };
    match Reference.answer(&stand_in) {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            components.path.remove(0);
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// The answer to `case` with the target's path as `normalize_path` leaves it in resolution,
/// with §5.2.4's removal of dot-segments: every percent-encoded octet `path_chars` (`pchars +
/// '/'`) allows decoded, the other triplets uppercased, as `normalize_octets_impl` does (the
/// normalizer's `reserved-percent-encodings-decoded`, seen in a target: `url_base::resolve`
/// ends each branch with `normalize_path()`), before the removal, and a "//" the removal
/// makes guarded only where the decoded path starts with "/./".
pub(super) fn path_reserved_decoded(case: &Request, answer: Outcome) -> Outcome {
    path_normalized_with(case, answer, path_chars_decoded)
}

/// The answer to `case` with the target's path normalized as `url_base::resolve` documents
/// ("the resolution process works as if the relative reference is appended to the base URI
/// and the result is normalized"): [`normalize_path`] as its documentation describes it, the
/// unreserved octets decoded and the other triplets uppercased, with §5.2.4's removal.
pub(super) fn path_normalized(case: &Request, answer: Outcome) -> Outcome {
    path_normalized_with(case, answer, unreserved_decoded)
}

fn path_normalized_with(case: &Request, answer: Outcome, decoded: fn(&str) -> String) -> Outcome {
    let (
        Request::Resolve {
            base,
            input,
            strict,
        },
        Outcome::Resolved(so_far),
    ) = (case, &answer)
    else {
        return answer;
    };
    let Some((written, has_authority)) = written(base, input, *strict) else {
        return answer;
    };
    let path = normalized_path(
        &written,
        has_authority,
        reference::remove_dot_segments,
        decoded,
    );
    match with_path(base, input, *strict, so_far, &path) {
        Some(target) => Outcome::Resolved(target),
        None => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boosts_remove_dot_segments_keeps_what_cannot_climb() {
        assert_eq!(remove_dot_segments("/.."), "/..");
        assert_eq!(remove_dot_segments(".."), "..");
        assert_eq!(remove_dot_segments("../a"), "../a");
        assert_eq!(remove_dot_segments("/b/c/../../../g"), "/../g");
        assert_eq!(remove_dot_segments("a/../b"), "b");
        // Where something is there to remove, §5.2.4's answer.
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/a/."), "/a/");
    }

    #[test]
    fn boosts_normalize_removes_a_relative_paths_dot_segments_its_own_way() {
        let normalized = |input: &str, so_far: &str| {
            let case = Request::Normalize {
                input: input.into(),
                level: None,
            };
            match dot_dot_kept_in_normalization(&case, Outcome::Normalized(so_far.into())) {
                Outcome::Normalized(n) => n,
                other => panic!("{other:?}"),
            }
        };
        // What Boost 1.81's url::normalize answers (its normalize_path, normalize.ipp's
        // remove_dot_segments): "a/.." climbs over "a" and its "/", "../" is kept at the start
        // (errata 4547), "/.." above the root too; the reference (choice 5) keeps a relative
        // path's dot-segments ("a/..", "../.") and §5.2.4 gives "/" for "/..".
        assert_eq!(normalized("a/%2e.", "a/.."), "");
        assert_eq!(normalized("../.", "../."), "../");
        assert_eq!(normalized("%2e", "."), "");
        assert_eq!(normalized("/%2e.", "/"), "/..");
        assert_eq!(normalized("a/./b?%2a#f", "a/./b?%2A#f"), "a/b?%2A#f");
        assert_eq!(normalized("A:/b/../..", "a:/"), "a:/..");
        // A path whose dot-segments Boost removes as §5.2.4 does, a path without any, and a
        // relative path Boost guards otherwise: the answer as it is.
        assert_eq!(normalized("a:/b/./c", "a:/b/c"), "a:/b/c");
        assert_eq!(normalized("a/b", "a/b"), "a/b");
        assert_eq!(normalized("./a:b/.", "./a:b/."), "./a:b/.");
        assert_eq!(normalized(".//a/.", ".//a/."), ".//a/.");
        // A "./" that hides no "//" and no ":" goes as §5.2.4's rule A says: "./" is "".
        assert_eq!(normalized("./", "./"), "");
    }

    /// The target `rule` makes of RFC 3986's target of `input` against `base` (strict).
    fn on_rfc_target(rule: fn(&Request, Outcome) -> Outcome, base: &str, input: &str) -> String {
        let case = Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let rfc = reference::resolve(base, input, ResolveOptions::strict(true)).unwrap();
        match rule(&case, Outcome::Resolved(rfc)) {
            Outcome::Resolved(target) => target,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn boosts_resolution_decodes_the_paths_reserved_characters() {
        let decoded = |base: &str, input: &str| on_rfc_target(path_reserved_decoded, base, input);
        assert_eq!(decoded("a:", "a%2a"), "a:a*");
        assert_eq!(decoded("a:", "//h/%40?%40"), "a://h/@?%40");
        // Other octets stay encoded; a decoded "/" is written as it comes, before the removal.
        assert_eq!(decoded("a:", "/%23%25%0a%41"), "a:/%23%25%0AA");
        assert_eq!(decoded("a:", "/%2F"), "a://");
        assert_eq!(decoded("a:", "0/%2F/.."), "a:0//");
        // A "//" made without an authority is guarded only where the path starts with "/./".
        assert_eq!(decoded("a:", "%2e///"), "a://");
        assert_eq!(decoded("a:", "/.//"), "a:/.//");
        assert_eq!(decoded("a:", "/././/b"), "a:/.//b");
        // A network-path reference's empty path is not normalized.
        assert_eq!(decoded("a:", "//h"), "a://h");
    }

    #[test]
    fn boosts_documented_normalization_decodes_only_unreserved_octets() {
        let normalized = |base: &str, input: &str| on_rfc_target(path_normalized, base, input);
        // url_base.hpp: "Percent-encoded octets that correspond to unreserved characters are
        // decoded", and the triplets uppercased.
        assert_eq!(normalized("a:", "/%41%7e%2a%0a"), "a:/A~%2A%0A");
        // A reserved octet stays encoded: decoding it is Boost's, not its documentation's.
        assert_eq!(normalized("a:", "a%2a"), "a:a%2A");
        assert_eq!(normalized("a:", "/%2F"), "a:/%2F");
        assert_eq!(normalized("a:", "//h/%40"), "a://h/%40");
    }

    #[test]
    fn boosts_resolution_keeps_a_dot_dot_above_the_root() {
        let resolve = |base: &str, input: &str| {
            let b = reference::parse_uri(base).unwrap();
            let r = reference::parse(input).unwrap();
            let rfc = reference::transform_references(&b, &r, ResolveOptions::strict(true));
            let so_far = rfc.recompose();
            target(base, input, true, &so_far).filter(|target| *target != so_far)
        };
        assert_eq!(resolve("a:", "/.."), Some("a:/..".into()));
        assert_eq!(resolve("a:", ".."), Some("a:..".into()));
        assert_eq!(resolve("a:", "a:.."), Some("a:..".into()));
        assert_eq!(
            resolve("http://a/b/c/d;p?q", "../../../g"),
            Some("http://a/../g".into())
        );
        assert_eq!(resolve("a:", "///.."), Some("a:///..".into()));
        // The base's own path for an empty reference, decoded and put through the same
        // removal; "//" made without an authority unless the path starts with "/./".
        assert_eq!(resolve("a:a/..//", ""), Some("a:/".into()));
        assert_eq!(resolve("a:a/..", ""), Some("a:".into()));
        assert_eq!(resolve("a:%2E%2E//%2E%2E", ""), Some("a:../".into()));
        // Decoding alone, with §5.2.4's removal after it: not this rule's.
        assert_eq!(resolve("a:", "0/%2F/.."), None);
        assert_eq!(resolve("a:", "a/..//b").as_deref(), Some("a:/b"));
        assert_eq!(resolve("a:", "/.//"), None);
        // The RFC's answer: not this rule's; nor a network-path reference's empty path.
        assert_eq!(resolve("http://a/b/c/d;p?q", "../g"), None);
        assert_eq!(resolve("a:/..", ""), None);
        assert_eq!(resolve("a:b", "//h"), None);
    }

    fn parsed(input: &str, rule: &str) -> Outcome {
        let case = Request::Parse {
            input: input.into(),
            rule: Some(crate::protocol::ParseRule::from_name(rule).expect("a rule")),
            zone_id: false,
        };
        host_ipv4_prefix(&case, Reference.answer(&case))
    }

    fn host_and_path(outcome: Outcome) -> Option<(Option<String>, String)> {
        match outcome {
            Outcome::Parsed { components, .. } => Some((components.host, components.path)),
            _ => None,
        }
    }

    #[test]
    fn boosts_host_rule_takes_an_ipv4_address_that_starts_the_host() {
        let ipv4 = |host: &str, path: &str| Some((Some(host.to_owned()), path.to_owned()));
        assert_eq!(
            host_and_path(parsed("//0.0.0.0.", "URI-reference")),
            ipv4("0.0.0.0", ".")
        );
        assert_eq!(
            host_and_path(parsed("//1.2.3.45a/b?q", "URI-reference")),
            ipv4("1.2.3.45", "a/b")
        );
        assert_eq!(
            host_and_path(parsed("a://@0.0.0.0.@", "URI-reference")),
            ipv4("0.0.0.0", ".@")
        );
        assert_eq!(
            host_and_path(parsed("a://0.0.0.0.::", "URI")),
            ipv4("0.0.0.0", ".::")
        );
        assert_eq!(
            host_and_path(parsed("//1.2.3.4%41/x", "URI-reference")),
            ipv4("1.2.3.4", "%41/x")
        );
        // A relative reference's first segment holds no ":" (`segment_nc`).
        assert!(matches!(
            parsed("//0.0.0.0.:", "URI-reference"),
            Outcome::Invalid(_)
        ));
        // No IPv4 address (an octet above 255, a leading zero), or one the RFC reads too.
        let reg_name = |input: &str| host_and_path(parsed(input, "URI-reference"));
        assert_eq!(
            reg_name("//1.2.3.256"),
            Some((Some("1.2.3.256".into()), "".into()))
        );
        assert_eq!(
            reg_name("//1.2.3.04a"),
            Some((Some("1.2.3.04a".into()), "".into()))
        );
        assert_eq!(
            reg_name("//1.2.3.4:80/a"),
            Some((Some("1.2.3.4".into()), "/a".into()))
        );
        assert_eq!(
            reg_name("//1.2.3a.4."),
            Some((Some("1.2.3a.4.".into()), "".into()))
        );
    }
}
