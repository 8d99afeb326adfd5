//! Boost.URL 1.81: `detail::remove_dot_segments` (include/boost/url/detail/impl/normalize.ipp),
//! which `url_base::resolve` applies through `normalize_path` to every target path. It follows
//! §5.2.4 but for "Errata 4547: Keep "../" in the beginning", which it applies to every path:
//! a ".." that has no segment before it to remove is written out ("/.." where the output is
//! empty), so "/.." stays "/..", and a ".." after a lone first segment of a rootless path
//! takes that segment and its "/" both ("a/../b" is "b"). Written here step by step from the
//! C++, on the path as the RFC reads it (Boost's own reading of "%2E" as a dot is documented
//! choice 3's, not this rule's).

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

/// The target `url_base::resolve` gives where its dot-segment removal is what departs from
/// §5.2.2: the RFC's target with the path that is removed from (the reference's, or the
/// merge) put through [`remove_dot_segments`]. `None` for the empty reference (the base's
/// path, which Boost normalizes as documented choice 9 allows), for a strings the RFC does not
/// read, and where the path comes out as the RFC's.
fn target(base: &str, input: &str, strict: bool) -> Option<String> {
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let t = reference::transform_references(&b, &r, ResolveOptions::strict(strict));
    let rfc = t.components();
    let reads_scheme = r.scheme.is_some() && (strict || r.scheme != b.scheme);
    let written = if reads_scheme || r.has_authority() || r.path.starts_with('/') {
        r.path.to_owned()
    } else if r.path.is_empty() {
        return None;
    } else {
        reference::merge(&b, r.path)
    };
    let path = remove_dot_segments(&written);
    // A "//" path without an authority is normalize_path's own business (its "/." guard).
    if path == rfc.path || (rfc.host.is_none() && path.starts_with("//")) {
        return None;
    }
    Some(reference::recompose(&Components { path: &path, ..rfc }))
}

/// The answer to `case` with Boost's dot-segment removal in resolution.
pub(super) fn dot_dot_kept(case: &Request, answer: Outcome) -> Outcome {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return answer;
    };
    match (&answer, target(base, input, *strict)) {
        (Outcome::Resolved(_), Some(target)) => Outcome::Resolved(target),
        _ => answer,
    }
}

/// The answer to `case` with the target's path as `normalize_path` leaves it in resolution:
/// every percent-encoded octet `path_chars` (`pchars + '/'`) allows decoded, the other
/// triplets uppercased, as
/// `normalize_octets_impl` does (the normalizer's `reserved-percent-encodings-decoded`, seen in
/// a target: `url_base::resolve` ends each branch with `normalize_path()`).
pub(super) fn path_reserved_decoded(case: &Request, answer: Outcome) -> Outcome {
    const PCHAR: &[u8] = b"!$&'()*+,;=:@/";
    let (Request::Resolve { .. }, Outcome::Resolved(target)) = (case, &answer) else {
        return answer;
    };
    let Ok(t) = reference::parse(target) else {
        return answer;
    };
    // Unreserved octets decoded and the other triplets uppercased (§6.2.2.1 and §6.2.2.2, as
    // `normalize_octets_impl` does), then the rest of `pchar` and "/" decoded.
    let mut normalized = String::with_capacity(t.path.len());
    reference::normalize::normalize_percent_encoding(&mut normalized, t.path, false);
    let path = crate::diff::normalizing::decoded_where(&normalized, |_, b| PCHAR.contains(&b));
    if path == t.path {
        return answer;
    }
    // Written as Boost writes it: a decoded "/" that starts the path with "//" reads back as
    // an authority ("/%2F" against "a:" is "a://").
    Outcome::Resolved(reference::recompose(&Components { path: &path, ..t }))
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
    fn boosts_resolution_decodes_the_paths_reserved_characters() {
        let decoded = |target: &str| {
            let case = Request::Resolve {
                base: "a:".into(),
                input: "b".into(),
                strict: true,
            };
            path_reserved_decoded(&case, Outcome::Resolved(target.into()))
        };
        assert_eq!(decoded("a:a%2a"), Outcome::Resolved("a:a*".into()));
        assert_eq!(
            decoded("a://h/%40?%40"),
            Outcome::Resolved("a://h/@?%40".into())
        );
        // Other octets stay encoded; a decoded "/" is written as it comes.
        assert_eq!(
            decoded("a:/%23%25%0a%41"),
            Outcome::Resolved("a:/%23%25%0AA".into())
        );
        assert_eq!(decoded("a:/%2F"), Outcome::Resolved("a://".into()));
    }

    #[test]
    fn boosts_resolution_keeps_a_dot_dot_above_the_root() {
        let resolve = |base: &str, input: &str| target(base, input, true);
        assert_eq!(resolve("a:", "/.."), Some("a:/..".into()));
        assert_eq!(resolve("a:", ".."), Some("a:..".into()));
        assert_eq!(resolve("a:", "a:.."), Some("a:..".into()));
        assert_eq!(
            resolve("http://a/b/c/d;p?q", "../../../g"),
            Some("http://a/../g".into())
        );
        assert_eq!(resolve("a:", "///.."), Some("a:///..".into()));
        // The RFC's answer, and the empty reference: not this rule's.
        assert_eq!(resolve("http://a/b/c/d;p?q", "../g"), None);
        assert_eq!(resolve("a:/..", ""), None);
    }
}
