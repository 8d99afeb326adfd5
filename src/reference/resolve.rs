//! RFC 3986 §5.2: relative resolution.

use std::borrow::Cow;
use std::fmt;

use super::error::ParseError;
use super::normalize::{
    Level, NormalizeOptions, Techniques, normalize_components_in, normalize_percent_encoding_by,
};
use super::parse::{Components, Grammar, ParseOptions, Rule, parse_in};
use super::recompose::recompose;

/// How to resolve (§5.2.2). Besides `strict`, each field selects the other conforming reading
/// of a documented choice (vectors/README.md); all are off by default, which is the letter of
/// §5.2. The harness uses them to recognise an implementation that made another choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResolveOptions {
    /// The strict parser of §5.2.2 (the default). When `false`, a reference whose scheme is the
    /// base's scheme is treated as if it had none, "for backward compatibility" (`http:g`
    /// against an `http` base resolves like `g`). The schemes are compared case-insensitively,
    /// since "schemes are case-insensitive" (§3.1).
    pub strict: bool,
    /// Choice 3: decode `%2E` in the base's and the reference's paths first, so that `%2E`
    /// and `%2E%2E` segments count as dot-segments (§2.3 makes them equivalent).
    pub percent_encoded_dots: bool,
    /// Choice 9: remove dot-segments from the base path when the reference's path is empty.
    pub base_dot_segments: bool,
    /// Choice 2: keep a rootless merged path rootless (`foo:a/b` + `../c` is `foo:c`).
    pub rootless_kept: bool,
    /// Choice 1: write `/.` before a target path that starts with `//` when there is no
    /// authority (`f:/a` + `.//g` is `f:/.//g`).
    pub slash_dot_prefix: bool,
    /// §5.2.1: "Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3, is
    /// optional": remove the dot-segments (`%2E` ones included) from a base path that starts
    /// with "/" before resolving.
    pub base_normalized: bool,
    /// §5.2.1 again, read as the whole of §6.2.2: the base's scheme and host lowercased, its
    /// percent-encodings normalized (hexadecimal digits uppercased, unreserved octets decoded)
    /// and the dot-segments of a path that starts with "/" removed, before resolving (a
    /// resolver that normalizes its base with its own normalizer).
    pub base_syntax_normalized: bool,
    /// §5.2.1 read technique by technique ("Syntax-based normalization includes such techniques
    /// as case normalization, percent-encoding normalization, and removal of dot-segments",
    /// §6.2.2): the base's case normalized alone (§6.2.2.1: scheme and host lowercased,
    /// hexadecimal digits of percent-encodings uppercased) before resolving.
    pub base_case_normalized: bool,
    /// The base's percent-encoding normalized alone (§6.2.2.2: percent-encoded unreserved
    /// octets decoded) before resolving.
    pub base_percent_encoding_normalized: bool,
}

impl Default for ResolveOptions {
    fn default() -> Self {
        ResolveOptions::strict(true)
    }
}

impl ResolveOptions {
    /// The strict or non-strict letter of §5.2.
    pub const fn strict(strict: bool) -> Self {
        ResolveOptions {
            strict,
            percent_encoded_dots: false,
            base_dot_segments: false,
            rootless_kept: false,
            slash_dot_prefix: false,
            base_normalized: false,
            base_syntax_normalized: false,
            base_case_normalized: false,
            base_percent_encoding_normalized: false,
        }
    }

    /// Every combination of the documented readings, the letter first.
    pub fn readings(strict: bool) -> impl Iterator<Item = ResolveOptions> {
        (0..=255u8).map(move |bits| ResolveOptions {
            strict,
            percent_encoded_dots: bits & 1 != 0,
            base_dot_segments: bits & 2 != 0,
            rootless_kept: bits & 4 != 0,
            slash_dot_prefix: bits & 8 != 0,
            base_normalized: bits & 16 != 0,
            base_syntax_normalized: bits & 32 != 0,
            base_case_normalized: bits & 64 != 0,
            base_percent_encoding_normalized: bits & 128 != 0,
        })
    }
}

/// Which input of a resolution failed to parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResolveError {
    /// The base is not a `URI` (§5.1, §5.2.1: "only the scheme component is required to be
    /// present in a base URI").
    Base(ParseError),
    /// The reference is not a `URI-reference`.
    Reference(ParseError),
}

impl ResolveError {
    /// The parse error, whichever input it came from.
    pub fn parse_error(&self) -> &ParseError {
        match self {
            ResolveError::Base(e) | ResolveError::Reference(e) => e,
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Base(e) => write!(f, "base: {e}"),
            ResolveError::Reference(e) => write!(f, "reference: {e}"),
        }
    }
}

impl std::error::Error for ResolveError {}

/// The target of a resolution: the components of §5.2.2's `T`, whose path is new text and whose
/// other components are slices of the base or the reference.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target<'a> {
    components: Components<'a>,
    path: String,
}

impl Target<'_> {
    /// The target's components.
    pub fn components(&self) -> Components<'_> {
        Components {
            path: &self.path,
            ..self.components
        }
    }

    /// The target string, recomposed by §5.3.
    pub fn recompose(&self) -> String {
        recompose(&self.components())
    }

    /// The target string, with the `/.` prefix of choice 1 if `options` asks for it.
    pub fn recompose_with(&self, options: ResolveOptions) -> String {
        let c = self.components();
        if options.slash_dot_prefix && c.host.is_none() && c.path.starts_with("//") {
            let path = format!("/.{}", c.path);
            return recompose(&Components { path: &path, ..c });
        }
        recompose(&c)
    }
}

/// Resolves the reference `reference` against the base URI `base` (§5.2) and recomposes the
/// target (§5.3).
///
/// The base must match `URI`. §5.1 says the base is "stripped of any fragment component prior
/// to its use as a base URI"; a base with a fragment is therefore accepted and its fragment
/// ignored (§5.2.2 never reads Base.fragment).
///
/// Two results follow the letter of §5.2 where other readings exist (see vectors/README.md):
/// - `f:/a` + `.//g` gives T.path `//g` with no authority, which §5.3 recomposes as `f://g`; that
///   string parses back with authority `g`.
/// - `foo:a/b` + `../c` gives `foo:/c`: §5.2.4 turns the rootless merged path `a/../c` into `/c`.
pub fn resolve(
    base: &str,
    reference: &str,
    options: ResolveOptions,
) -> Result<String, ResolveError> {
    resolve_in(base, reference, options, Grammar::Uri)
}

/// [`resolve`] by the rules of `grammar`: with [`Grammar::Iri`], the base must be an `IRI` and
/// the reference an `IRI-reference`, and the target is an IRI.
///
/// RFC 3987 §6.5: "Processing of relative IRI references against a base is handled
/// straightforwardly; the algorithms of \[RFC3986\] can be applied directly, treating the
/// characters additionally allowed in IRI references in the same way that unreserved
/// characters are in URI references." §5.2 only moves components and splits paths at "/", so
/// the same code serves both; nothing is percent-encoded or decoded on the way (an IRI target
/// is mapped to a URI by §3.1 only if the caller asks).
pub fn resolve_in(
    base: &str,
    reference: &str,
    options: ResolveOptions,
    grammar: Grammar,
) -> Result<String, ResolveError> {
    let base =
        parse_in(base, Rule::Uri, grammar, ParseOptions::default()).map_err(ResolveError::Base)?;
    let stepped;
    let base = if options.base_case_normalized || options.base_percent_encoding_normalized {
        let techniques = Techniques {
            case: options.base_case_normalized,
            percent_encoding: options.base_percent_encoding_normalized,
        };
        stepped = normalized_by(&base, techniques);
        parse_in(&stepped, Rule::Uri, grammar, ParseOptions::default())
            .map_err(ResolveError::Base)?
    } else {
        base
    };
    let reference = parse_in(
        reference,
        Rule::UriReference,
        grammar,
        ParseOptions::default(),
    )
    .map_err(ResolveError::Reference)?;
    if options.base_syntax_normalized {
        // A rootless path keeps its dot-segments, as the dot-segments-only reading leaves it.
        let normalize = NormalizeOptions {
            rootless_dot_segments: false,
            ..NormalizeOptions::default()
        };
        let normalized = normalize_components_in(&base, Level::Syntax, normalize, grammar);
        let base = parse_in(&normalized, Rule::Uri, grammar, ParseOptions::default())
            .map_err(ResolveError::Base)?;
        let options = ResolveOptions {
            base_syntax_normalized: false,
            base_normalized: false,
            ..options
        };
        return resolve_parsed(&base, &reference, options);
    }
    if options.base_normalized && base.path.starts_with('/') {
        let path = remove_dot_segments(&percent_dots_decoded(base.path));
        let base = Components {
            path: &path,
            ..base
        };
        let options = ResolveOptions {
            base_normalized: false,
            ..options
        };
        return resolve_parsed(&base, &reference, options);
    }
    resolve_parsed(&base, &reference, options)
}

/// The base as a resolver under `options` reads it before §5.2.2 begins: as §5.2.1's optional
/// normalization leaves it, where one of the base readings of `options` chooses it (choice
/// 16), in the order [`resolve_in`] applies them; as given otherwise. `None` where the base is
/// no URI, or where the base so read has no string of its own (a path that starts with "//"
/// once its dot-segments are removed, without an authority: written, it would have one).
pub fn base_as_read(base: &str, options: ResolveOptions) -> Option<String> {
    fn parse(text: &str) -> Option<Components<'_>> {
        parse_in(text, Rule::Uri, Grammar::Uri, ParseOptions::default()).ok()
    }
    let mut text = base.to_owned();
    if options.base_case_normalized || options.base_percent_encoding_normalized {
        let techniques = Techniques {
            case: options.base_case_normalized,
            percent_encoding: options.base_percent_encoding_normalized,
        };
        text = normalized_by(&parse(&text)?, techniques);
    }
    if options.base_syntax_normalized {
        let normalize = NormalizeOptions {
            rootless_dot_segments: false,
            ..NormalizeOptions::default()
        };
        return Some(normalize_components_in(
            &parse(&text)?,
            Level::Syntax,
            normalize,
            Grammar::Uri,
        ));
    }
    let parsed = parse(&text)?;
    if options.base_normalized && parsed.path.starts_with('/') {
        let path = remove_dot_segments(&percent_dots_decoded(parsed.path));
        if path.starts_with("//") && !parsed.has_authority() {
            return None;
        }
        return Some(recompose(&Components {
            path: &path,
            ..parsed
        }));
    }
    Some(text)
}

/// `c` written with the chosen techniques of §6.2.2.1 and §6.2.2.2 applied to each component
/// (the scheme and the host lowercased by case normalization), as a resolver that normalizes
/// its base by one technique writes it.
fn normalized_by(c: &Components<'_>, techniques: Techniques) -> String {
    let by = |text: Option<&str>, lowercase: bool| {
        text.map(|text| {
            let mut out = String::with_capacity(text.len());
            normalize_percent_encoding_by(&mut out, text, lowercase, techniques);
            out
        })
    };
    let scheme = c.scheme.map(|scheme| match techniques.case {
        true => scheme.to_ascii_lowercase(),
        false => scheme.to_owned(),
    });
    let (userinfo, host) = (by(c.userinfo, false), by(c.host, true));
    let (path, query, fragment) = (
        by(Some(c.path), false),
        by(c.query, false),
        by(c.fragment, false),
    );
    recompose(&Components {
        scheme: scheme.as_deref(),
        userinfo: userinfo.as_deref(),
        host: host.as_deref(),
        path: path.as_deref().unwrap_or_default(),
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..*c
    })
}

/// A path whose segments that percent-decode to "." or ".." are written as such; the others
/// stay as written.
fn percent_dots_decoded(path: &str) -> Cow<'_, str> {
    // Without a percent sign no segment changes.
    if !path.contains('%') {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    for (i, segment) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        out.push_str(match dots_in(segment) {
            Some(1) => ".",
            Some(2) => "..",
            _ => segment,
        });
    }
    Cow::Owned(out)
}

/// How many dots a segment made only of "." and "%2E" (either case of the E) writes: the
/// segment percent-decoded to "." gives 1, to ".." gives 2; `None` for any other octet.
fn dots_in(segment: &str) -> Option<usize> {
    let mut rest = segment.as_bytes();
    let mut dots = 0;
    while !rest.is_empty() {
        rest = match rest {
            [b'.', tail @ ..] => tail,
            [b'%', b'2', b'E' | b'e', tail @ ..] => tail,
            _ => return None,
        };
        dots += 1;
    }
    Some(dots)
}

fn resolve_parsed(
    base: &Components<'_>,
    reference: &Components<'_>,
    options: ResolveOptions,
) -> Result<String, ResolveError> {
    let (base, reference) = (*base, *reference);
    if options.percent_encoded_dots {
        let decode = percent_dots_decoded;
        let (base_path, reference_path) = (decode(base.path), decode(reference.path));
        let base = Components {
            path: &base_path,
            ..base
        };
        let reference = Components {
            path: &reference_path,
            ..reference
        };
        return Ok(transform_references(&base, &reference, options).recompose_with(options));
    }
    Ok(transform_references(&base, &reference, options).recompose_with(options))
}

/// §5.2.2, transform references, on parsed components. `base` must have a scheme.
///
/// ```text
/// -- The URI reference is parsed into the five URI components
/// --
/// (R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);
///
/// -- A non-strict parser may ignore a scheme in the reference
/// -- if it is identical to the base URI's scheme.
/// --
/// if ((not strict) and (R.scheme == Base.scheme)) then
///    undefine(R.scheme);
/// endif;
///
/// if defined(R.scheme) then
///    T.scheme    = R.scheme;
///    T.authority = R.authority;
///    T.path      = remove_dot_segments(R.path);
///    T.query     = R.query;
/// else
///    if defined(R.authority) then
///       T.authority = R.authority;
///       T.path      = remove_dot_segments(R.path);
///       T.query     = R.query;
///    else
///       if (R.path == "") then
///          T.path = Base.path;
///          if defined(R.query) then
///             T.query = R.query;
///          else
///             T.query = Base.query;
///          endif;
///       else
///          if (R.path starts-with "/") then
///             T.path = remove_dot_segments(R.path);
///          else
///             T.path = merge(Base.path, R.path);
///             T.path = remove_dot_segments(T.path);
///          endif;
///          T.query = R.query;
///       endif;
///       T.authority = Base.authority;
///    endif;
///    T.scheme = Base.scheme;
/// endif;
///
/// T.fragment = R.fragment;
/// ```
pub fn transform_references<'a>(
    base: &Components<'a>,
    reference: &Components<'a>,
    options: ResolveOptions,
) -> Target<'a> {
    let mut r = *reference;
    if !options.strict
        && let (Some(rs), Some(bs)) = (r.scheme, base.scheme)
        && rs.eq_ignore_ascii_case(bs)
    {
        r.scheme = None;
    }
    let with_authority_of = |t: &mut Components<'a>, from: &Components<'a>| {
        t.userinfo = from.userinfo;
        t.host = from.host;
        t.port = from.port;
        t.host_kind = from.host_kind;
    };
    let mut t = Components::default();
    let path;
    // Choice 2's other reading keeps a rootless path rootless after removing dot-segments;
    // a path that removal leaves starting with "//" has no rootless form (taking one "/" off
    // would leave an absolute path), and is the letter's.
    let rootless = |input: &str, removed: String| match removed.strip_prefix('/') {
        Some(kept)
            if options.rootless_kept && !input.starts_with('/') && !kept.starts_with('/') =>
        {
            kept.to_owned()
        }
        _ => removed,
    };
    if r.scheme.is_some() {
        t.scheme = r.scheme;
        with_authority_of(&mut t, &r);
        path = rootless(r.path, remove_dot_segments(r.path));
        t.query = r.query;
    } else {
        if r.has_authority() {
            with_authority_of(&mut t, &r);
            path = remove_dot_segments(r.path);
            t.query = r.query;
        } else {
            if r.path.is_empty() {
                path = if options.base_dot_segments {
                    remove_dot_segments(base.path)
                } else {
                    base.path.to_owned()
                };
                t.query = r.query.or(base.query);
            } else {
                path = if r.path.starts_with('/') {
                    remove_dot_segments(r.path)
                } else {
                    let merged = merge(base, r.path);
                    rootless(&merged, remove_dot_segments(&merged))
                };
                t.query = r.query;
            }
            with_authority_of(&mut t, base);
        }
        t.scheme = base.scheme;
    }
    t.fragment = r.fragment;
    Target {
        components: t,
        path,
    }
}

/// §5.2.3, merge paths.
///
/// "If the base URI has a defined authority component and an empty path, then return a string
/// consisting of "/" concatenated with the reference's path; otherwise, return a string
/// consisting of the reference's path component appended to all but the last segment of the
/// base URI's path (i.e., excluding any characters after the right-most "/" in the base URI
/// path, or excluding the entire base URI path if it does not contain any "/" characters)."
pub fn merge(base: &Components<'_>, reference_path: &str) -> String {
    if base.has_authority() && base.path.is_empty() {
        return format!("/{reference_path}");
    }
    let kept = base
        .path
        .rfind('/')
        .map_or("", |slash| &base.path[..=slash]);
    let mut merged = String::with_capacity(kept.len() + reference_path.len());
    merged.push_str(kept);
    merged.push_str(reference_path);
    merged
}

/// A step of §5.2.4's loop, labelled as in the RFC's example traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotSegmentStep {
    /// 2A: a prefix `../` or `./` is removed.
    A,
    /// 2B: a prefix `/./` or `/.` (complete segment) becomes `/`.
    B,
    /// 2C: a prefix `/../` or `/..` (complete segment) becomes `/`, and the last output segment
    /// is removed.
    C,
    /// 2D: an input of `.` or `..` is removed.
    D,
    /// 2E: the first segment moves to the output.
    E,
}

impl DotSegmentStep {
    /// The RFC's label: `2A` to `2E`.
    pub(crate) const fn label(self) -> &'static str {
        match self {
            DotSegmentStep::A => "2A",
            DotSegmentStep::B => "2B",
            DotSegmentStep::C => "2C",
            DotSegmentStep::D => "2D",
            DotSegmentStep::E => "2E",
        }
    }
}

/// §5.2.4, remove dot segments, in time linear in the input.
pub fn remove_dot_segments(path: &str) -> String {
    remove_dot_segments_traced(path, |_, _, _| {})
}

/// §5.2.4 with an observer called after each step of the loop with the step and the output
/// and input buffers, which is how the RFC prints its two example traces.
///
/// ```text
/// 1.  The input buffer is initialized with the now-appended path
///     components and the output buffer is initialized to the empty
///     string.
/// 2.  While the input buffer is not empty, loop as follows:
///     A.  If the input buffer begins with a prefix of "../" or "./",
///         then remove that prefix from the input buffer; otherwise,
///     B.  if the input buffer begins with a prefix of "/./" or "/.",
///         where "." is a complete path segment, then replace that
///         prefix with "/" in the input buffer; otherwise,
///     C.  if the input buffer begins with a prefix of "/../" or "/..",
///         where ".." is a complete path segment, then replace that
///         prefix with "/" in the input buffer and remove the last
///         segment and its preceding "/" (if any) from the output
///         buffer; otherwise,
///     D.  if the input buffer consists only of "." or "..", then remove
///         that from the input buffer; otherwise,
///     E.  move the first path segment in the input buffer to the end of
///         the output buffer, including the initial "/" character (if
///         any) and any subsequent characters up to, but not including,
///         the next "/" character or the end of the input buffer.
/// 3.  Finally, the output buffer is returned as the result of
///     remove_dot_segments.
/// ```
///
/// Segments are compared as written: `%2E` is not a dot-segment here (vectors/README.md,
/// choice 3). Each step removes or moves at least one byte of the input, and rule C removes
/// output bytes that rule E once added, so the whole runs in linear time.
pub fn remove_dot_segments_traced(
    path: &str,
    mut observe: impl FnMut(DotSegmentStep, &str, &str),
) -> String {
    let mut output = String::with_capacity(path.len());
    let mut input = path;
    while !input.is_empty() {
        let step;
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            step = DotSegmentStep::A;
            input = rest;
        } else if input.starts_with("/./") || input == "/." {
            step = DotSegmentStep::B;
            // "/./x" becomes "/x", a suffix of the input; "/." becomes "/".
            input = if input == "/." { "/" } else { &input[2..] };
        } else if input.starts_with("/../") || input == "/.." {
            step = DotSegmentStep::C;
            input = if input == "/.." { "/" } else { &input[3..] };
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "." || input == ".." {
            step = DotSegmentStep::D;
            input = "";
        } else {
            step = DotSegmentStep::E;
            // Searching bytes after the first keeps this safe for any text, since "/" is ASCII.
            let end = input.as_bytes()[1..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |i| i + 1);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
        observe(step, &output, input);
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path of up to six octets over the letters that matter: a segment is "." or ".."
    /// exactly when replacing "%2E" and "%2e" by "." makes it so.
    #[test]
    fn percent_dots_reading_decodes_exactly_the_dot_segments() {
        fn by_replacing(path: &str) -> String {
            path.split('/')
                .map(
                    |segment| match segment.replace("%2E", ".").replace("%2e", ".").as_str() {
                        "." => ".",
                        ".." => "..",
                        _ => segment,
                    },
                )
                .collect::<Vec<_>>()
                .join("/")
        }
        let letters = [b'.', b'%', b'2', b'E', b'e', b'a', b'/'];
        let mut paths = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = paths
                .iter()
                .filter(|p| p.len() == paths.last().map_or(0, String::len))
                .flat_map(|p| letters.iter().map(move |&c| format!("{p}{}", c as char)))
                .collect();
            paths.extend(longer);
        }
        assert!(paths.len() > 100_000);
        for path in &paths {
            assert_eq!(percent_dots_decoded(path), by_replacing(path), "{path:?}");
        }
    }

    /// Choice 2's rootless reading takes a "/" off only where a rootless path is left
    /// (vectors `choice-2-rootless-dotdot` and `choice-2-rootless-double-slash`).
    #[test]
    fn the_rootless_reading_leaves_no_absolute_path() {
        let rootless = ResolveOptions {
            rootless_kept: true,
            ..ResolveOptions::default()
        };
        let target = |base, input| resolve(base, input, rootless).expect("resolves");
        assert_eq!(target("foo:a/b", "../c"), "foo:c");
        assert_eq!(target("foo:a/b", "..//c"), "foo://c");
    }

    #[test]
    fn rfc_trace_one() {
        let mut rows = Vec::new();
        let out = remove_dot_segments_traced("/a/b/c/./../../g", |s, o, i| {
            rows.push(format!("{}: {o} | {i}", s.label()))
        });
        assert_eq!(out, "/a/g");
        assert_eq!(
            rows,
            [
                "2E: /a | /b/c/./../../g",
                "2E: /a/b | /c/./../../g",
                "2E: /a/b/c | /./../../g",
                "2B: /a/b/c | /../../g",
                "2C: /a/b | /../g",
                "2C: /a | /g",
                "2E: /a/g | ",
            ]
        );
    }

    #[test]
    fn long_inputs_are_linear() {
        // 10 MB of "../" and of "/.." finish at once; a quadratic loop would not.
        assert_eq!(remove_dot_segments(&"../".repeat(3_500_000)), "");
        assert_eq!(remove_dot_segments(&"/..".repeat(3_500_000)), "/");
        assert_eq!(
            remove_dot_segments(&"a/".repeat(5_000_000)).len(),
            10_000_000
        );
    }
}
