//! RFC 2396 §5.2 (1998): "Resolving Relative References to Absolute Form", the resolution that
//! RFC 3986 replaced, as a model of the libraries that still resolve by it
//! (`super::Transform::Rfc2396`). Written from RFC 2396's text, each step quoted beside its
//! code; it depends on no crate.
//!
//! RFC 2396 differs from RFC 3986 §5.2 where it leaves dot-segments alone: only a merged
//! relative path loses them (step 6), so "/./g", "//a/." and "a:." stay as written; where an
//! empty reference is "a reference to the current document" (step 2); where a reference with
//! an empty path and a query is merged like any relative path ("?y" against
//! "http://a/b/c/d;p?q" is "http://a/b/c/?y", Appendix C.1); and where ".." segments that
//! cannot climb stay in the path (step 6g, Appendix C.2: "../../../g = http://a/../g").
//!
//! Where RFC 2396 leaves the choice to the implementation, [`Choices`] holds it and each
//! library's catalogue entry says which it takes.

use serde::Deserialize;

use crate::model::Outcome;

/// The readings RFC 2396 §5.2 leaves open, one field each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Choices {
    /// Step 6g: what becomes of leading ".." segments that cannot climb.
    pub above_root: AboveRoot,
    /// Step 2: which references are "a reference to the current document".
    #[serde(default)]
    pub current_document: CurrentDocument,
    /// Step 2: how the current document is written.
    #[serde(default)]
    pub current_document_is: CurrentDocumentIs,
    /// Step 6a on a base whose path is empty, which RFC 2396's grammar has no room for.
    #[serde(default)]
    pub empty_base_path: EmptyBasePath,
    /// Step 6 on a base whose path is RFC 2396's `opaque_part`.
    #[serde(default)]
    pub opaque_base: OpaqueBase,
    /// Step 6 on a reference whose path is empty and whose query is defined.
    #[serde(default)]
    pub query_only: QueryOnly,
    /// Step 5 on a reference whose path is absolute.
    #[serde(default)]
    pub absolute_path: AbsolutePath,
}

/// Step 5: "If the path component begins with a slash character ("/"), then the reference is
/// an absolute-path and we skip to step 7", so its dot-segments stay ("/./g" against "a:/b"
/// is "a:/./g").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbsolutePath {
    /// Step 7 takes the path as written.
    #[default]
    AsWritten,
    /// The path goes through step 6's buffer from the root, c) to g), as RFC 3986 §5.2.2
    /// removes an absolute path's dot-segments: Ruby's merge_path, which URI::Generic#merge
    /// calls for every reference without an authority ("if (first = rel_path.first) and
    /// first.empty?" then "base_path.clear").
    Merged,
}

/// A base such as "a:" or "http://a" has an empty path, which RFC 2396's grammar does not
/// write: `hier_part = ( net_path | abs_path ) [ "?" query ]` wants an `abs_path` where there
/// is no authority, and `opaque_part = uric_no_slash *uric` a character. Under an authority
/// the model reads the empty path as the root (see [`merge`]); how a base without one merges
/// is the implementation's reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyBasePath {
    /// Step 6a copies nothing: "b" against "a:" is "a:b".
    #[default]
    Empty,
    /// The empty path is the root, with or without an authority: "b" against "a:" is "a:/b"
    /// (Ruby's merge_path: "keep '/' for root directory").
    Root,
    /// Every merged path is written from the root, whatever the base's path: "b" against
    /// "a:" is "a:/b", "d" against "a:b/c" is "a:/b/d" (Perl's URI::_generic::abs: "shift(@p)
    /// if @p && !length($p[0]);" then "$abs->path("/" . join("/", @p));").
    Rooted,
}

/// RFC 2396 §3: "URI that do not make use of the slash "/" character for separating
/// hierarchical components are considered opaque by the generic URI parser"; §5.2 merges
/// paths that are hierarchical. What a base such as "a:b" (no authority, a path that does not
/// start with "/") does with a reference that is neither absolute nor the current document.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OpaqueBase {
    /// Step 6 merges its path like any other ("c" against "a:b" is "a:c").
    #[default]
    Merged,
    /// The base is kept, its fragment replaced by the reference's (or dropped): nothing of
    /// the reference's authority or path is taken, and a reference with a query is refused
    /// (Ruby's URI::Generic#merge sets the reference's parts on an object whose opaque part
    /// alone is written, and its query= raises "query conflicts with opaque").
    Kept,
}

/// A reference with an empty path and a query ("?y"): RFC 2396 step 6 merges its empty path
/// ("?y" against "http://a/b/c/d;p?q" is "http://a/b/c/?y", Appendix C.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QueryOnly {
    /// Step 6: the base's last segment is dropped.
    #[default]
    Merged,
    /// The base's path is kept whole, as RFC 3986 §5.2.2 does ("T.path = Base.path"): Ruby's
    /// merge_path appends nothing and pops nothing for an empty reference path.
    BasePath,
}

/// Step 6g: "If the resulting buffer string still begins with one or more complete path
/// segments of "..", then the reference is considered to be in error. Implementations may
/// handle this error by retaining these components in the resolved path (i.e., treating them
/// as part of the final URI), by removing them from the resolved path (i.e., discarding
/// relative levels above the root), or by avoiding traversal of the reference."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AboveRoot {
    /// "retaining these components in the resolved path".
    Retain,
    /// "removing them from the resolved path".
    Remove,
}

/// Step 2: "If the path component is empty and the scheme, authority, and query components
/// are undefined, then it is a reference to the current document and we are done."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CurrentDocument {
    /// Every reference step 2 describes, the empty one included (Appendix C.2: "An empty
    /// reference refers to the start of the current document. <> = (current document)").
    #[default]
    EmptyOrFragment,
    /// Only such a reference that has a fragment; the empty reference goes on to step 6 as a
    /// relative path "" (java.net.URI's `resolve`).
    FragmentOnly,
}

/// Step 2 says "(current document)" and no more: how an implementation writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CurrentDocumentIs {
    /// The base as given, with the reference's fragment in place of its own when the reference
    /// has one (a base that has a fragment keeps it for the empty reference).
    #[default]
    Base,
    /// The base without its fragment, then the reference's fragment if any.
    BaseWithoutFragment,
}

/// Step 1: "The URI reference is parsed into the potential four components and fragment
/// identifier, as described in Section 4.3", that is by Appendix B's regular expression
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn split(text: &str) -> Parts<'_> {
    let (rest, fragment) = match text.find('#') {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (rest, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    // `([^:/?#]+):` (no "?" or "#" is left in `rest`).
    let (scheme, rest) = match rest.find([':', '/']) {
        Some(i) if i > 0 && rest.as_bytes()[i] == b':' => (Some(&rest[..i]), &rest[i + 1..]),
        _ => (None, rest),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// Step 7: "The resulting URI components, including any inherited from the base URI, are
/// recombined to give the absolute form of the URI reference."
fn recombine(parts: &Parts<'_>) -> String {
    let mut result = String::new();
    // "if scheme is defined then append scheme to result append ":" to result"
    if let Some(scheme) = parts.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    // "if authority is defined then append "//" to result append authority to result"
    if let Some(authority) = parts.authority {
        result.push_str("//");
        result.push_str(authority);
    }
    // "append path to result"
    result.push_str(parts.path);
    // "if query is defined then append "?" to result append query to result"
    if let Some(query) = parts.query {
        result.push('?');
        result.push_str(query);
    }
    // "if fragment is defined then append "#" to result append fragment to result"
    if let Some(fragment) = parts.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}

/// The model's answer to a resolution: RFC 2396's target where it reads both texts, else the
/// answer so far.
pub(super) fn apply(choices: Choices, case: &crate::protocol::Request, answer: Outcome) -> Outcome {
    match case {
        crate::protocol::Request::Resolve {
            base,
            input,
            strict,
        } => resolved(base, input, *strict, choices).unwrap_or(answer),
        _ => answer,
    }
}

/// RFC 2396 §5.2's target for `input` against `base`, or `None` where either does not parse
/// as an RFC 3986 URI reference (the model answers only what it can read; the base must be
/// absolute: "only the scheme component is required to be present in the base URI").
/// `strict` false takes step 3's "backwards compatibility" reading for every scheme (the
/// harness's non-strict mode: which schemes "always use the <hier_part> syntax" is the
/// implementation's to know).
#[cfg(test)]
pub(super) fn resolve(base: &str, input: &str, strict: bool, choices: Choices) -> Option<String> {
    match resolved(base, input, strict, choices)? {
        Outcome::Resolved(target) => Some(target),
        _ => None,
    }
}

/// RFC 2396 §5.2's answer for `input` against `base`: a target, or a refusal where a choice
/// refuses the reference; `None` where the model does not read the strings.
fn resolved(base: &str, input: &str, strict: bool, choices: Choices) -> Option<Outcome> {
    crate::reference::parse_uri(base).ok()?;
    crate::reference::parse(input).ok()?;
    let b = split(base);
    // "1) The URI reference is parsed into the potential four components and fragment
    // identifier, as described in Section 4.3."
    let mut r = split(input);

    // "2) If the path component is empty and the scheme, authority, and query components are
    // undefined, then it is a reference to the current document and we are done.  Otherwise,
    // the reference URI's query and fragment components are defined as found (or not found)
    // within the URI reference and not inherited from the base URI."
    let current_document = r.path.is_empty()
        && r.scheme.is_none()
        && r.authority.is_none()
        && r.query.is_none()
        && (choices.current_document == CurrentDocument::EmptyOrFragment || r.fragment.is_some());
    if current_document {
        let mut t = b;
        if choices.current_document_is == CurrentDocumentIs::BaseWithoutFragment {
            t.fragment = None;
        }
        if r.fragment.is_some() {
            t.fragment = r.fragment;
        }
        return Some(Outcome::Resolved(recombine(&t)));
    }

    // "3) If the scheme component is defined, indicating that the reference starts with a
    // scheme name, then the reference is interpreted as an absolute URI and we are done.
    // Otherwise, the reference URI's scheme is inherited from the base URI's scheme
    // component." ... "For backwards compatibility, an implementation may work around such
    // references by removing the scheme if it matches that of the base URI"
    if let Some(scheme) = r.scheme {
        let same = b.scheme.is_some_and(|s| s.eq_ignore_ascii_case(scheme));
        if strict || !same {
            return Some(Outcome::Resolved(recombine(&r)));
        }
        r.scheme = None;
    }
    // An opaque base (no authority, a path that does not start with "/") kept whole.
    let opaque = b.authority.is_none() && !b.path.is_empty() && !b.path.starts_with('/');
    if opaque && choices.opaque_base == OpaqueBase::Kept {
        if r.query.is_some() {
            return Some(Outcome::invalid(
                "the reference's query conflicts with the opaque base".to_owned(),
            ));
        }
        return Some(Outcome::Resolved(recombine(&Parts {
            fragment: r.fragment,
            ..b
        })));
    }
    let mut t = Parts {
        scheme: b.scheme,
        ..r
    };

    // "4) If the authority component is defined, then the reference is a network-path and we
    // skip to step 7.  Otherwise, the reference URI's authority is inherited from the base
    // URI's authority component"
    if r.authority.is_some() {
        return Some(Outcome::Resolved(recombine(&t)));
    }
    t.authority = b.authority;

    // "5) If the path component begins with a slash character ("/"), then the reference is an
    // absolute-path and we skip to step 7."
    if r.path.starts_with('/') {
        if choices.absolute_path == AbsolutePath::Merged {
            let path = merge("", false, r.path, choices.above_root);
            return Some(Outcome::Resolved(recombine(&Parts { path: &path, ..t })));
        }
        return Some(Outcome::Resolved(recombine(&t)));
    }

    // "6) If this step is reached, then we are resolving a relative-path reference."
    if r.path.is_empty() && choices.query_only == QueryOnly::BasePath {
        return Some(Outcome::Resolved(recombine(&Parts { path: b.path, ..t })));
    }
    let root = b.authority.is_some() || choices.empty_base_path != EmptyBasePath::Empty;
    let mut path = merge(b.path, root, r.path, choices.above_root);
    // Perl merges a reference with a path only, and writes "/" before the segments of a
    // buffer that did not start with one (what dot-segments leave, "//" too).
    let absolute_buffer = b.path.starts_with('/') || (root && b.path.is_empty());
    if choices.empty_base_path == EmptyBasePath::Rooted && !r.path.is_empty() && !absolute_buffer {
        path.insert(0, '/');
    }
    Some(Outcome::Resolved(recombine(&Parts { path: &path, ..t })))
}

/// Step 6's buffer, a) to h).
/// `root`: the base's empty path is read as "/" (under an authority, or by
/// [`EmptyBasePath::Root`]).
fn merge(base_path: &str, root: bool, reference_path: &str, above_root: AboveRoot) -> String {
    // "a) All but the last segment of the base URI's path component is copied to the buffer.
    // In other words, any characters after the last (right-most) slash character, if any, are
    // excluded."
    let mut buffer = match base_path.rfind('/') {
        Some(i) => base_path[..=i].to_owned(),
        // Under an authority a path is empty or an abs_path ("net_path = "//" authority
        // [ abs_path ]"): the empty path of a base such as "http://a" is read as its root
        // where the reference brings a path, so that the merged path is not written onto the
        // authority ("g" against "http://a" is "http://a/g", not "http://ag").
        None if root && base_path.is_empty() && !reference_path.is_empty() => "/".to_owned(),
        None => String::new(),
    };
    // "b) The reference's path component is appended to the buffer string."
    buffer.push_str(reference_path);

    // The buffer as complete path segments; a path that starts with "/" has no segment before
    // it (`abs_path = "/" path_segments`).
    let absolute = buffer.starts_with('/');
    let body = if absolute { &buffer[1..] } else { &buffer[..] };
    let mut segments: Vec<&str> = body.split('/').collect();
    let followed_by_slash = |segments: &Vec<&str>, i: usize| i + 1 < segments.len();

    // "c) All occurrences of "./", where "." is a complete path segment, are removed from the
    // buffer string."
    let mut i = 0;
    while i < segments.len() {
        if segments[i] == "." && followed_by_slash(&segments, i) {
            segments.remove(i);
        } else {
            i += 1;
        }
    }
    // "d) If the buffer string ends with "." as a complete path segment, that "." is removed."
    if let Some(last) = segments.last_mut()
        && *last == "."
    {
        *last = "";
    }
    // "e) All occurrences of "<segment>/../", where <segment> is a complete path segment not
    // equal to "..", are removed from the buffer string.  Removal of these path segments is
    // performed iteratively, removing the leftmost matching pattern on each iteration, until
    // no matching pattern remains."
    while let Some(i) = (0..segments.len().saturating_sub(1)).find(|&i| {
        segments[i] != ".." && segments[i + 1] == ".." && followed_by_slash(&segments, i + 1)
    }) {
        segments.drain(i..=i + 1);
    }
    // "f) If the buffer string ends with "<segment>/..", where <segment> is a complete path
    // segment not equal to "..", that "<segment>/.." is removed."
    let n = segments.len();
    if n >= 2 && segments[n - 1] == ".." && segments[n - 2] != ".." {
        // What was before "<segment>" stays, its "/" included.
        segments.truncate(n - 2);
        segments.push("");
        if n == 2 && !absolute {
            // "<segment>/.." was the whole buffer: nothing is left.
            segments.clear();
        }
    }
    // "g) If the resulting buffer string still begins with one or more complete path segments
    // of "..", then the reference is considered to be in error."
    if above_root == AboveRoot::Remove {
        // "by removing them from the resolved path (i.e., discarding relative levels above the
        // root)"; a last ".." goes with its meaning, the level it names: the path ends in "/".
        let leading = segments.iter().take_while(|s| **s == "..").count();
        if leading > 0 {
            let all = leading == segments.len();
            segments.drain(..leading);
            if all {
                segments.push("");
            }
        }
    }
    // "h) The remaining buffer string is the reference URI's new path component."
    let mut path = String::with_capacity(buffer.len());
    if absolute {
        path.push('/');
    }
    path.push_str(&segments.join("/"));
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "http://a/b/c/d;p?q";
    const RETAIN: Choices = Choices {
        above_root: AboveRoot::Retain,
        current_document: CurrentDocument::EmptyOrFragment,
        current_document_is: CurrentDocumentIs::Base,
        empty_base_path: EmptyBasePath::Empty,
        opaque_base: OpaqueBase::Merged,
        query_only: QueryOnly::Merged,
        absolute_path: AbsolutePath::AsWritten,
    };

    fn resolved(input: &str, choices: Choices) -> String {
        resolve(BASE, input, true, choices).unwrap()
    }

    /// RFC 2396 Appendix C.1, "Normal Examples", within "an object with a well-defined base
    /// URI of http://a/b/c/d;p?q" (the expected values are the RFC's, as printed; "#s =
    /// (current document)#s" is the base with the fragment "s").
    #[test]
    fn appendix_c1_normal_examples() {
        for (input, target) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
        ] {
            assert_eq!(resolved(input, RETAIN), target, "{input}");
        }
    }

    /// RFC 2396 Appendix C.2, "Abnormal Examples".
    #[test]
    fn appendix_c2_abnormal_examples() {
        // "An empty reference refers to the start of the current document. <> = (current
        // document)"
        assert_eq!(resolved("", RETAIN), BASE);
        for (input, target) in [
            ("../../../g", "http://a/../g"),
            ("../../../../g", "http://a/../../g"),
            ("/./g", "http://a/./g"),
            ("/../g", "http://a/../g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            // "http:g = http:g ; for validating parsers"
            ("http:g", "http:g"),
        ] {
            assert_eq!(resolved(input, RETAIN), target, "{input}");
        }
        // "| http://a/b/c/g ; for backwards compatibility"
        assert_eq!(
            resolve(BASE, "http:g", false, RETAIN).as_deref(),
            Some("http://a/b/c/g")
        );
        // "Thus, the above two references will be interpreted as "http://a/g" by some
        // implementations."
        let remove = Choices {
            above_root: AboveRoot::Remove,
            ..RETAIN
        };
        assert_eq!(resolved("../../../g", remove), "http://a/g");
        assert_eq!(resolved("../../../../g", remove), "http://a/g");
    }

    /// Step 6 alone removes dot-segments: a reference with a scheme (step 3), an authority
    /// (step 4) or an absolute path (step 5) keeps them.
    #[test]
    fn dot_segments_only_in_a_merged_path() {
        assert_eq!(resolve("a:", "/.", true, RETAIN).as_deref(), Some("a:/."));
        assert_eq!(
            resolve("a:", "//a/.", true, RETAIN).as_deref(),
            Some("a://a/.")
        );
        assert_eq!(resolve("a:", "a:.", true, RETAIN).as_deref(), Some("a:."));
        assert_eq!(resolve("a:/", "..", true, RETAIN).as_deref(), Some("a:/.."));
    }

    /// A base with an authority and an empty path: a merged path that is not empty starts with
    /// "/", an empty one stays empty.
    #[test]
    fn merge_under_an_authority_without_a_path() {
        assert_eq!(
            resolve("http://a", "g", true, RETAIN).as_deref(),
            Some("http://a/g")
        );
        let java = Choices {
            current_document: CurrentDocument::FragmentOnly,
            ..RETAIN
        };
        assert_eq!(resolve("a://a?", "", true, java).as_deref(), Some("a://a"));
        assert_eq!(
            resolve("a://a", ".", true, RETAIN).as_deref(),
            Some("a://a/")
        );
        assert_eq!(
            resolve("a://a", "..", true, RETAIN).as_deref(),
            Some("a://a/..")
        );
    }

    #[test]
    fn choices_of_step_2() {
        let java = Choices {
            current_document: CurrentDocument::FragmentOnly,
            ..RETAIN
        };
        assert_eq!(resolve("a:/a", "", true, java).as_deref(), Some("a:/"));
        assert_eq!(resolve("a:/a", "#f", true, java).as_deref(), Some("a:/a#f"));
        assert_eq!(resolve("a:#g", "", true, RETAIN).as_deref(), Some("a:#g"));
        let without = Choices {
            current_document_is: CurrentDocumentIs::BaseWithoutFragment,
            ..RETAIN
        };
        assert_eq!(resolve("a:#g", "", true, without).as_deref(), Some("a:"));
    }

    /// Perl's merge: every merged path from the root.
    #[test]
    fn a_rooted_merge() {
        let perl = Choices {
            empty_base_path: EmptyBasePath::Rooted,
            ..RETAIN
        };
        assert_eq!(resolve("a:", "a", true, perl).as_deref(), Some("a:/a"));
        assert_eq!(resolve("a:", ".", true, perl).as_deref(), Some("a:/"));
        assert_eq!(
            resolve("a:", "../a", true, perl).as_deref(),
            Some("a:/../a")
        );
        assert_eq!(resolve("a:b", "c", true, perl).as_deref(), Some("a:/c"));
        assert_eq!(resolve("a:b/c", "d", true, perl).as_deref(), Some("a:/b/d"));
        assert_eq!(resolve("a:/b", "c", true, perl).as_deref(), Some("a:/c"));
        assert_eq!(resolve("a:", "?q", true, perl).as_deref(), Some("a:?q"));
        assert_eq!(resolve("a:.//", ".", true, perl).as_deref(), Some("a://"));
    }

    /// The readings of a base RFC 2396 has no merge for, and of a query-only reference.
    #[test]
    fn choices_of_step_6() {
        let ruby = Choices {
            above_root: AboveRoot::Remove,
            empty_base_path: EmptyBasePath::Root,
            opaque_base: OpaqueBase::Kept,
            query_only: QueryOnly::BasePath,
            absolute_path: AbsolutePath::Merged,
            ..RETAIN
        };
        assert_eq!(resolve("a:", "b", true, RETAIN).as_deref(), Some("a:b"));
        assert_eq!(resolve("a:", "b", true, ruby).as_deref(), Some("a:/b"));
        assert_eq!(resolve("a:", "..", true, ruby).as_deref(), Some("a:/"));
        assert_eq!(resolve("a:", "?q", true, ruby).as_deref(), Some("a:?q"));
        assert_eq!(resolve("a:b", "c", true, RETAIN).as_deref(), Some("a:c"));
        assert_eq!(
            resolve("a:b?q#f", "c#g", true, ruby).as_deref(),
            Some("a:b?q#g")
        );
        assert_eq!(resolve("a:b", "//h/p", true, ruby).as_deref(), Some("a:b"));
        assert_eq!(resolve("a:b", "#g", true, ruby).as_deref(), Some("a:b#g"));
        assert_eq!(resolve("a:b", "c:d", true, ruby).as_deref(), Some("c:d"));
        assert!(matches!(
            super::resolved("a:b", "?q", true, ruby),
            Some(Outcome::Invalid(_))
        ));
        assert_eq!(
            resolve(BASE, "?y", true, RETAIN).as_deref(),
            Some("http://a/b/c/?y")
        );
        assert_eq!(
            resolve(BASE, "?y", true, ruby).as_deref(),
            Some("http://a/b/c/d;p?y")
        );
        // Answers of Ruby 3.1.2's URI.join.
        assert_eq!(
            resolve("a:/b/c", "/./x", true, RETAIN).as_deref(),
            Some("a:/./x")
        );
        assert_eq!(
            resolve("a:/b/c", "/./x", true, ruby).as_deref(),
            Some("a:/x")
        );
        assert_eq!(
            resolve("a:/b/c", "/x/../../y/", true, ruby).as_deref(),
            Some("a:/y/")
        );
        assert_eq!(
            resolve("a:/b/c", "/x/.", true, ruby).as_deref(),
            Some("a:/x/")
        );
        assert_eq!(resolve("a:/b/c", "/..", true, ruby).as_deref(), Some("a:/"));
        assert_eq!(resolve("a:", "/.//", true, ruby).as_deref(), Some("a://"));
        assert_eq!(
            resolve("a:/", "//h/./x", true, ruby).as_deref(),
            Some("a://h/./x")
        );
        let c: Choices = serde_yaml::from_str(
            "{above-root: remove, empty-base-path: root, opaque-base: kept, query-only: base-path, absolute-path: merged}",
        )
        .unwrap();
        assert_eq!(c, ruby);
    }

    #[test]
    fn choices_deserialize_from_the_catalogue() {
        let c: Choices =
            serde_yaml::from_str("{above-root: remove, current-document: fragment-only}").unwrap();
        assert_eq!(c.above_root, AboveRoot::Remove);
        assert_eq!(c.current_document, CurrentDocument::FragmentOnly);
        let t: super::super::Model = serde_yaml::from_str("!rfc2396 {above-root: retain}").unwrap();
        assert_eq!(t, super::super::Model::Rfc2396(RETAIN));
    }
}
