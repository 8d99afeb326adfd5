//! uriparse 0.6.4's path rules, written from its source, for the transforms of its known
//! differences and confirmed bugs (`super::Transform::Uriparse*`).
//!
//! uriparse holds a path as segments with an `absolute` flag (src/path.rs `Path`), and counts
//! its dot-segments as it goes: `parse_path` counts the segments written exactly "." and "..",
//! `Path::push` and `Path::pop` count (and discount) every segment that `Segment`'s
//! percent-encoded equality makes "." or ".." ("%2E", ".%2e"). `Path::remove_dot_segments`
//! does nothing when both counts are zero.

use crate::protocol::Request;
use crate::reference::{self, Components};

/// Whether a segment is "." up to percent-encoding (src/path.rs `Segment::is_single_dot_segment`,
/// a comparison by src/utility.rs `percent_encoded_equality`).
pub(super) fn is_single_dot(segment: &str) -> bool {
    decoded_dots(segment) == Some(1)
}

/// Whether a segment is ".." up to percent-encoding (`Segment::is_double_dot_segment`).
pub(super) fn is_double_dot(segment: &str) -> bool {
    decoded_dots(segment) == Some(2)
}

/// How many dots a segment made only of "." and "%2E" holds.
fn decoded_dots(segment: &str) -> Option<usize> {
    let mut rest = segment.as_bytes();
    let mut dots = 0;
    while !rest.is_empty() {
        if rest[0] == b'.' {
            rest = &rest[1..];
        } else if rest.len() >= 3
            && rest[0] == b'%'
            && rest[1] == b'2'
            && matches!(rest[2], b'e' | b'E')
        {
            rest = &rest[3..];
        } else {
            return None;
        }
        dots += 1;
    }
    Some(dots)
}

/// A segment as `Segment::normalize` writes it (src/utility.rs `normalize_string` with
/// `case_sensitive`: unreserved octets decoded, other percent-encodings in uppercase).
fn normalized_segment(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    reference::normalize::normalize_percent_encoding(&mut out, segment, false);
    out
}

/// A path's `absolute` flag and segments, as src/path.rs `parse_path` reads them: a leading
/// "/" sets the flag, and the rest is split at every "/" ("" is one empty segment).
fn segments(path: &str) -> (bool, Vec<&str>) {
    match path.strip_prefix('/') {
        Some(rest) => (true, rest.split('/').collect()),
        None => (false, path.split('/').collect()),
    }
}

/// A path as `Path`'s `Display` writes it: "/" when absolute, then the segments joined by "/".
fn display(absolute: bool, segments: &[String]) -> String {
    let joined = segments.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// src/path.rs `Path::remove_dot_segments_helper` (with `normalize_segments`, as
/// `Path::normalize` calls it for an absolute path or a path with a scheme): segment by
/// segment, "." and ".." dropped, ".." taking the segment before it; where ".." leaves nothing
/// above it the path stops being absolute until a segment follows; a trailing dot-segment
/// after a kept segment leaves an empty last segment. The segments are written as they come
/// out, so "/.//g" becomes "//g" (nothing keeps a "/." before it).
pub(super) fn remove_dot_segments(path: &str) -> String {
    let (absolute, segments) = segments(path);
    let segments: Vec<String> = segments.into_iter().map(str::to_owned).collect();
    let (absolute, out) = remove_dot_segments_parts(absolute, &segments, true);
    display(absolute, &out)
}

/// `remove_dot_segments_helper` on a path uriparse holds (its `absolute` flag and segments):
/// the flag and segments that come out, each kept segment normalized when
/// `normalize_segments` (as `Path::normalize` asks; `URI::resolve` does not).
pub(super) fn remove_dot_segments_parts(
    absolute: bool,
    segments: &[String],
    normalize_segments: bool,
) -> (bool, Vec<String>) {
    let mut absolute = absolute;
    let mut input_absolute = absolute;
    let mut out: Vec<String> = Vec::with_capacity(segments.len());
    for (i, segment) in segments.iter().enumerate() {
        if input_absolute {
            if is_single_dot(segment) {
                continue;
            } else if is_double_dot(segment) {
                if out.pop().is_none() {
                    absolute = false;
                }
                continue;
            }
            if out.is_empty() {
                absolute = true;
            }
        } else if is_single_dot(segment) || is_double_dot(segment) {
            continue;
        }
        out.push(if normalize_segments {
            normalized_segment(segment)
        } else {
            segment.clone()
        });
        input_absolute = i < segments.len() - 1;
    }
    if input_absolute {
        if out.is_empty() {
            absolute = true;
        } else {
            out.push(String::new());
        }
    }
    if out.is_empty() {
        out.push(String::new());
    }
    (absolute, out)
}

/// src/path.rs `Path::normalize(as_reference = true)` on a relative path (what
/// `URIReference::normalize` calls for a reference without a scheme): "." is dropped unless it
/// is the first segment kept and the next segment (as written) holds a ":"; ".." is kept when
/// nothing but ".." was kept before it, and otherwise drops the segment before it (and a kept
/// "./" before that one too, unless the segment after the ".." holds a ":"); nothing is added
/// for a trailing dot-segment ("a/." is "a", "a/b/.." is "a"), and an empty result is "".
pub(super) fn relative_normalize(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').collect();
    let mut out: Vec<String> = Vec::with_capacity(segments.len());
    let mut last_double_dot: Option<usize> = None;
    for (i, segment) in segments.iter().enumerate() {
        let next_has_colon = segments.get(i + 1).is_some_and(|next| next.contains(':'));
        if is_single_dot(segment) && (!out.is_empty() || !next_has_colon) {
            continue;
        }
        if is_double_dot(segment) {
            match last_double_dot {
                None if out.is_empty() => {}
                Some(index) if index + 1 == out.len() => {}
                _ => {
                    if out.len() == 2 && out[0] == "." && !next_has_colon {
                        out.pop();
                    }
                    out.pop();
                    continue;
                }
            }
            last_double_dot = Some(out.len());
        }
        out.push(normalized_segment(segment));
    }
    if out.is_empty() {
        out.push(String::new());
    }
    display(false, &out)
}

/// The path uriparse's `URIReference::normalize` gives `input`'s path when it has no
/// authority: [`relative_normalize`] for a relative path without a scheme, otherwise
/// [`remove_dot_segments`].
pub(super) fn normalized_path_without_authority(input: &str) -> Option<String> {
    let r = reference::parse(input).ok()?;
    if r.has_authority() {
        return None;
    }
    Some(if r.scheme.is_none() && !r.path.starts_with('/') {
        relative_normalize(r.path)
    } else {
        remove_dot_segments(r.path)
    })
}

/// Whether `text` is a reference with neither scheme nor authority whose path is absolute and
/// has a ":" in its first segment ("/:", "/a:b"): src/uri_reference.rs
/// `validate_schemeless_path` refuses a first segment with a colon without looking at whether
/// the path is absolute (`SchemelessPathStartsWithColonSegment`). It runs once the path is
/// parsed and before the query and fragment are, so only the text up to "?" or "#" counts.
pub(super) fn colon_in_absolute_path(text: &str) -> bool {
    let path = &text[..text.find(['?', '#']).unwrap_or(text.len())];
    reference::parse(path).is_ok_and(|r| {
        r.scheme.is_none()
            && !r.has_authority()
            && r.path
                .strip_prefix('/')
                .is_some_and(|rest| rest.split('/').next().is_some_and(|s| s.contains(':')))
    })
}

/// How the model writes uriparse's refusal of a first path segment with a colon
/// (`SchemelessPathStartsWithColonSegment`).
pub(super) const COLON_SEGMENT_REFUSED: &str =
    "uriparse: schemeless path URI reference starts with colon segment";

/// Where `URI::try_from` unwraps the conversion of a URI-reference error (src/uri.rs).
pub(super) const URI_CONVERSION_UNWRAP: &str = "uriparse-0.6.4/src/uri.rs:915";

/// Where `URI::resolve` unwraps its builder's answer (src/uri.rs).
pub(super) const RESOLVE_UNWRAP: &str = "uriparse-0.6.4/src/uri.rs:702";

/// Whether `text` breaks RFC 3986 §4.2's own rule for a relative-path reference, and nothing
/// before it: no scheme starts it (src/scheme.rs `parse_scheme`, the RFC's scheme syntax), its
/// path (up to "?" or "#") does not start with "/" and its first segment holds a ":", and the
/// path reads as a path once those colons are replaced (so that uriparse's `parse_path`,
/// which runs before `validate_schemeless_path`, refuses nothing first). The query and
/// fragment are parsed after that check.
pub(super) fn schemeless_colon_segment(text: &str) -> bool {
    let path = &text[..text.find(['?', '#']).unwrap_or(text.len())];
    let starts_with_scheme = path.find(':').is_some_and(|colon| {
        let name = &path[..colon];
        name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    });
    let first = path.split('/').next().unwrap_or("");
    if path.starts_with('/') || starts_with_scheme || !first.contains(':') {
        return false;
    }
    let repaired = format!("{}{}", first.replace(':', "a"), &path[first.len()..]);
    reference::parse(&repaired).is_ok_and(|r| r.scheme.is_none() && !r.has_authority())
}

/// The base of `case` with its path "//x" written "/x", when `URI::resolve` (src/uri.rs) merges
/// the reference into it: it clones the base path (segments "" and "x"), `Path::pop`s the last
/// segment, and `Path::push` replaces a lone empty segment by the first segment pushed, so the
/// merged path is "/" and the reference's path, as if the base path were "/x".
///
/// The base path "//" (segments "" and "") is written "/x", not "/": `URI::resolve` takes a base
/// with an authority and the path "/" apart (the reference's path as parsed, its
/// dot-segments counted as written), while "//" goes through `pop` and `push`, which count a
/// pushed dot-segment in any spelling. Any last segment that is not a dot-segment merges the
/// same, since `pop` drops it.
pub(super) fn merge_drops_empty_segment(case: &Request) -> Option<Request> {
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
    let merges =
        r.scheme.is_none() && !r.has_authority() && !r.path.is_empty() && !r.path.starts_with('/');
    let last = b.path.strip_prefix("//")?;
    if !merges || last.contains('/') {
        return None;
    }
    let path = if last.is_empty() {
        "/x".to_owned()
    } else {
        format!("/{last}")
    };
    Some(Request::Resolve {
        base: reference::recompose(&Components { path: &path, ..b }),
        input: input.clone(),
        strict: *strict,
    })
}

/// The path `URI::resolve` (src/uri.rs) builds for `base` and `input` before it removes
/// dot-segments: whether it is absolute, its segments, and uriparse's count of its
/// dot-segments (`Path::remove_dot_segments` runs only when that count is not zero).
///
/// A path parsed from the text counts only the segments written "." and ".."; in a merge,
/// the base path (counted as written) loses the count of its last segment when that one is a
/// dot-segment in any spelling (never below zero), and every segment of the reference pushed
/// onto it counts in any spelling (`Path::pop`, `Path::push`, which replaces a lone empty
/// segment by the first segment pushed). A reference with a scheme or an authority, or an
/// absolute path, brings its own path; an empty one the base's; a base with an authority and
/// an empty path takes the reference's path made absolute.
fn merged_path(base: &str, input: &str) -> Option<(bool, Vec<String>, usize)> {
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let written = |segments: &[&str]| {
        segments
            .iter()
            .filter(|s| **s == "." || **s == "..")
            .count()
    };
    Some(
        if r.scheme.is_some() || r.has_authority() || r.path.starts_with('/') {
            let (absolute, segments) = segments(r.path);
            let absolute = absolute || r.has_authority();
            let count = written(&segments);
            (
                absolute,
                segments.into_iter().map(str::to_owned).collect(),
                count,
            )
        } else if r.path.is_empty() {
            // The base path, with its own count.
            let (absolute, segments) = segments(b.path);
            let absolute = absolute || b.has_authority();
            let count = written(&segments);
            (
                absolute,
                segments.into_iter().map(str::to_owned).collect(),
                count,
            )
        } else {
            let (_, reference_segments) = segments(r.path);
            let pushed = reference_segments
                .iter()
                .filter(|s| is_single_dot(s) || is_double_dot(s))
                .count();
            let (base_absolute, base_segments) = segments(b.path);
            if b.has_authority() && base_segments == [""] {
                // An empty base path after an authority: the reference's path, made absolute,
                // with its own count.
                let count = written(&reference_segments);
                let path = reference_segments.into_iter().map(str::to_owned).collect();
                (true, path, count)
            } else {
                let mut count = written(&base_segments);
                let mut path: Vec<String> = base_segments.iter().map(|s| (*s).to_owned()).collect();
                if let Some(last) = path.pop()
                    && (is_single_dot(&last) || is_double_dot(&last))
                {
                    // The single and double counts are apart in uriparse; a count of the other
                    // kind is not taken from.
                    let of_kind = |s: &&str| {
                        (is_single_dot(&last) && *s == ".") || (is_double_dot(&last) && *s == "..")
                    };
                    if base_segments.iter().any(of_kind) {
                        count -= 1;
                    }
                }
                if path.is_empty() {
                    path.push(String::new());
                }
                for segment in reference_segments {
                    if !segment.is_empty() && path.len() == 1 && path[0].is_empty() {
                        path[0] = segment.to_owned();
                    } else {
                        path.push(segment.to_owned());
                    }
                }
                (base_absolute || b.has_authority(), path, count + pushed)
            }
        },
    )
}

/// The target path of `URI::resolve` (src/uri.rs) when it skips the removal of dot-segments
/// although the path holds one, and whether one of them is written "." or "..": `None` when
/// the removal runs or the path holds none ([`merged_path`]). So "%2E" and "%2E%2E" segments
/// stay in the target when nothing counts ("/%2E" against "a://h" is "a://h/%2E", "" against
/// "a://h/%2E/b" is "a://h/%2E/b"), and a written one beside them when popping a
/// percent-encoded last segment took back its count ("http://h/../%2E%2E" + "z" is
/// "http://h/../z").
pub(super) fn uncounted_dot_segments(base: &str, input: &str) -> Option<(String, bool)> {
    let (absolute, path, count) = merged_path(base, input)?;
    let has_dot_segment = path.iter().any(|s| is_single_dot(s) || is_double_dot(s));
    let written_dot_segment = path.iter().any(|s| s == "." || s == "..");
    (count == 0 && has_dot_segment).then(|| (display(absolute, &path), written_dot_segment))
}

/// The path `URI::resolve` gives the builder: [`merged_path`], its dot-segments removed by
/// `remove_dot_segments_helper` where uriparse counts one ([`remove_dot_segments_parts`]):
/// whether it is absolute, and its segments.
pub(super) fn resolved_path(base: &str, input: &str) -> Option<(bool, Vec<String>)> {
    let (absolute, path, count) = merged_path(base, input)?;
    Some(if count == 0 {
        (absolute, path)
    } else {
        remove_dot_segments_parts(absolute, &path, false)
    })
}

/// Whether a path uriparse holds (its `absolute` flag and segments) is written starting with
/// "//", which reads back as an authority where there is none: an absolute path whose first
/// segment is empty, or a path that is not absolute whose first two are (`Display`: "/" for an
/// absolute path, then the segments joined by "/").
pub(super) fn written_double_slash(absolute: bool, segments: &[String]) -> bool {
    display(absolute, segments).starts_with("//")
}

/// §5.2.2's target of `base` and `input` (strict), with `path` for its path, as §5.3 writes it,
/// and whether it has an authority.
pub(super) fn target_with_path(base: &str, input: &str, path: &str) -> Option<(String, bool)> {
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let t = if r.scheme.is_some() {
        r
    } else if r.has_authority() {
        Components {
            scheme: b.scheme,
            ..r
        }
    } else {
        Components {
            scheme: b.scheme,
            userinfo: b.userinfo,
            host: b.host,
            port: b.port,
            host_kind: b.host_kind,
            query: if r.path.is_empty() && r.query.is_none() {
                b.query
            } else {
                r.query
            },
            ..r
        }
    };
    Some((
        reference::recompose(&Components { path, ..t }),
        t.has_authority(),
    ))
}

/// A registered name as src/authority.rs `RegisteredName::normalize` writes it
/// (src/utility.rs `normalize_string` with `case_sensitive = false`): each character is
/// lowercased as it is read, and a percent-encoded unreserved octet is decoded after that,
/// keeping its case ("%41" is "A"); other percent-encodings are uppercased.
pub(super) fn registered_name_normalized(host: &str) -> String {
    let bytes = host.as_bytes();
    let mut out = String::with_capacity(host.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let mut one = String::new();
            reference::normalize::normalize_percent_encoding(&mut one, &host[i..i + 3], false);
            out.push_str(&one);
            i += 3;
        } else {
            out.push(char::from(bytes[i].to_ascii_lowercase()));
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_as_uriparse_normalizes_them() {
        // src/path.rs test_path_normalize (as_reference = true).
        for (path, normalized) in [
            ("", ""),
            (".", ""),
            ("..", ".."),
            ("../", "../"),
            ("./././././././.", ""),
            ("../..", "../.."),
            ("../a/../..", "../.."),
            ("a/..", ""),
            ("a/../", ""),
            ("a/../..", ".."),
            ("a/.", "a"),
            ("./a:b", "./a:b"),
            ("./a:b/..", ""),
            ("./a:b/../c:d", "./c:d"),
            ("a/.././c:d", "./c:d"),
            ("a/%2E%2E/:", ":"),
            (".///", "//"),
            ("a/..//evil.com/x", "/evil.com/x"),
        ] {
            assert_eq!(relative_normalize(path), normalized, "{path}");
        }
    }

    #[test]
    fn absolute_paths_as_uriparse_removes_dot_segments() {
        for (path, removed) in [
            ("/.", "/"),
            ("/..", "/"),
            ("/a/b/../c", "/a/c"),
            ("/a/.", "/a/"),
            ("/.//g", "//g"),
            ("/a/..//", "//"),
            ("/%2E/x", "/x"),
        ] {
            assert_eq!(remove_dot_segments(path), removed, "{path}");
        }
    }

    #[test]
    fn dot_segments_left_by_their_counts() {
        let left = |base, input| uncounted_dot_segments(base, input);
        assert_eq!(
            left("http://h/../%2E%2E", "z"),
            Some(("/../z".into(), true))
        );
        assert_eq!(left("http://h/./%2E", "z"), Some(("/./z".into(), true)));
        assert_eq!(left("a://[0::]", "/%2E"), Some(("/%2E".into(), false)));
        assert_eq!(left("HTTP:%2e//", ""), Some(("%2e//".into(), false)));
        assert_eq!(left("http://h/a/b", "%2E/z"), None);
        assert_eq!(left("http://h/./%2E/b", ""), None);
    }

    #[test]
    fn hosts_lowercased_before_decoding() {
        assert_eq!(registered_name_normalized("%41b%2fC"), "Ab%2Fc");
    }
}
