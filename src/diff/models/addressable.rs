//! Addressable 2.8.1's own rules (lib/addressable/uri.rb), written from its source, for its
//! adapter's catalogue (`adapters/ruby/addressable/known-differences.yaml`).

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

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
    /// `URI#join` removes dot-segments with `URI.normalize_path`, four regular expressions
    /// applied until none matches (`RULE_2A`, `RULE_2B_2C`, `RULE_2D`,
    /// `RULE_PREFIXED_PARENT`), and merges into the base's path as `normalize_path` left it:
    /// a ".." pops a segment only after a "/" (`a/..` stays), and a leading "." or ".." is
    /// dropped from any first segment (`...` is emptied, `.a/` is `a/`).
    JoinDotSegmentsByRegexps,
}

/// `URI.parse`: `user = userinfo.strip[/^([^:]*):?/, 1]` and `password =
/// userinfo.strip[/:(.*)$/, 1]`, which `#userinfo` joins with a ":" where there is a password:
/// the userinfo without the white space and NULs around it (Ruby's `String#strip`). Every
/// string of the case is read so (`join` and `normalize` parse with `URI.parse`); `None` where
/// none changes. An authority with a line feed is left: Ruby's `^` and `$` end lines, and the
/// expressions that split the authority read it otherwise.
pub(super) fn userinfo_stripped(case: &Request) -> Option<Request> {
    let edit = |text: &String| stripped_userinfo_in(text);
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => Some(Request::Parse {
            input: edit(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        Request::Normalize { input, level } => Some(Request::Normalize {
            input: edit(input)?,
            level: *level,
        }),
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let (new_base, new_input) = (edit(base), edit(input));
            if new_base.is_none() && new_input.is_none() {
                return None;
            }
            Some(Request::Resolve {
                base: new_base.unwrap_or_else(|| base.clone()),
                input: new_input.unwrap_or_else(|| input.clone()),
                strict: *strict,
            })
        }
    }
}

/// `text` with its userinfo as `URI.parse` reads it: the authority's longest prefix without
/// "[" or "]" that an "@" ends (`authority[/^([^\[\]]*)@/, 1]`), stripped.
fn stripped_userinfo_in(text: &str) -> Option<String> {
    let authority = reference::split(text).authority?;
    let start = authority.as_ptr() as usize - text.as_ptr() as usize;
    let unbracketed = authority
        .find(['[', ']'])
        .map_or(authority, |at| &authority[..at]);
    let userinfo = &authority[..unbracketed.rfind('@')?];
    if authority.contains('\n') {
        // Ruby's "^" and "$" end lines: the authority's expressions read it otherwise.
        return None;
    }
    let read = userinfo.trim_matches(is_ruby_space);
    (read != userinfo).then(|| {
        format!(
            "{}{read}{}",
            &text[..start],
            &text[start + userinfo.len()..]
        )
    })
}

/// `URI.parse` and `#validate`: the host is the authority after the userinfo (the longest
/// prefix without "[" or "]" that an "@" ends) less a port (`sub(/:([^:@\[\]]*?)$/, "")`: the
/// last ":" with no ":", "@", "[" or "]" after it), and #validate refuses it only where it
/// matches `/[<>{}\/\\\?\#\@"[[:space:]]]/` or is `/^\[(.*)\]$/` with other characters than
/// unreserved, sub-delims and ":" between the brackets. Any other character is kept: a control
/// character, "[" or "]" outside such a literal (`//[`, `//[::]a`), "^", "|", a lone "%", a
/// ":" before the port, a character outside US-ASCII. The case with each of them stood in for
/// by "a" (a valid triplet kept), for the reference to read; `None` where the host has none, is
/// a bracketed literal (`URI#validate`'s other test) or holds a refused character.
pub(super) fn host_stood_in(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (start, end) = host_span(input)?;
    let stood_in = host_stand_in(&input[start..end])?;
    Some(Request::Parse {
        input: format!("{}{stood_in}{}", &input[..start], &input[end..]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The answer with the host `original`'s text holds where the reference read its stand-in.
pub(super) fn host_put_back(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let Some((start, end)) = host_span(input) else {
        return answer;
    };
    let host = &input[start..end];
    let Some(stood_in) = host_stand_in(host) else {
        return answer;
    };
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.host.as_deref() == Some(stood_in.as_str()) => {
            components.host = Some(host.to_owned());
            let kind = super::adapter_host_kind(host);
            Outcome::Parsed {
                components,
                host_kind: host_kind.map(|_| kind),
            }
        }
        other => other,
    }
}

/// Where `URI.parse` finds the host in `text`, as a byte range.
fn host_span(text: &str) -> Option<(usize, usize)> {
    let authority = reference::split(text).authority?;
    if authority.contains('\n') {
        return None;
    }
    let start = authority.as_ptr() as usize - text.as_ptr() as usize;
    let unbracketed = authority
        .find(['[', ']'])
        .map_or(authority, |at| &authority[..at]);
    let host_start = unbracketed.rfind('@').map_or(0, |at| at + 1);
    let rest = &authority[host_start..];
    let host_end = match rest.rfind(':') {
        Some(colon) if !rest[colon + 1..].contains(['@', '[', ']']) => colon,
        _ => rest.len(),
    };
    Some((start + host_start, start + host_start + host_end))
}

/// `host` with each character #validate keeps but RFC 3986's `reg-name` refuses stood in for
/// by "a"; `None` where there is none, where the host is `/^\[(.*)\]$/` (read by the IP
/// literal's test), or where #validate refuses it.
fn host_stand_in(host: &str) -> Option<String> {
    if host.len() >= 2 && host.starts_with('[') && host.ends_with(']') {
        return None;
    }
    if host
        .chars()
        .any(|c| "<>{}/\\?#@\"".contains(c) || c.is_whitespace())
    {
        return None;
    }
    let bytes = host.as_bytes();
    let mut out = String::with_capacity(host.len());
    let mut chars = host.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let triplet = c == '%'
            && bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit);
        if triplet {
            out.push_str(&host[at..at + 3]);
            chars.next();
            chars.next();
        } else if c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=".contains(c) {
            out.push(c);
        } else {
            out.push('a');
        }
    }
    (out != host).then_some(out)
}

/// Ruby's `String#strip`: "Whitespace is defined as any of the following characters: null,
/// horizontal tab, line feed, vertical tab, form feed, carriage return, space."
fn is_ruby_space(c: char) -> bool {
    matches!(c, '\0' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ')
}

/// `URI.port_mapping.keys` (`PORT_MAPPING`), the schemes `ip_based?` knows.
const IP_BASED: [&str; 13] = [
    "http", "https", "ftp", "tftp", "sftp", "ssh", "svn+ssh", "telnet", "nntp", "gopher", "wais",
    "ldap", "prospero",
];

/// The library's answer from the answer so far.
pub(super) fn apply(rule: Rule, case: &Request, answer: Outcome) -> Outcome {
    if let Request::Resolve {
        base,
        input,
        strict,
    } = case
    {
        return match rule {
            Rule::JoinDotSegmentsByRegexps => {
                joined(base, input, *strict, &answer).unwrap_or(answer)
            }
            Rule::IpBasedWithoutHostAndPathRefused => match &answer {
                // `join` builds its target with `URI.new`, which validates it.
                Outcome::Resolved(target)
                    if reference::parse_uri(target).is_ok_and(|t| {
                        ip_based(t.scheme) && t.host.is_none_or(str::is_empty) && t.path.is_empty()
                    }) =>
                {
                    Outcome::invalid(
                        "Addressable::URI::InvalidURIError: Absolute URI missing hierarchical segment"
                            .into(),
                    )
                }
                _ => answer,
            },
            Rule::PortZeroAsNone => answer,
        };
    }
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
            if ip_based(components.scheme.as_deref())
                && components.host.as_deref().is_none_or(str::is_empty)
                && components.path.is_empty()
            {
                return Outcome::invalid(
                    "Addressable::URI::InvalidURIError: Absolute URI missing hierarchical segment"
                        .into(),
                );
            }
        }
        Rule::JoinDotSegmentsByRegexps => {}
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// `ip_based?`: `URI.ip_based_schemes.include?(self.scheme.strip.downcase)`.
fn ip_based(scheme: Option<&str>) -> bool {
    scheme.is_some_and(|s| IP_BASED.contains(&s.trim().to_ascii_lowercase().as_str()))
}

/// `URI#join`'s target where the answer so far is §5.2.2's, with the path `join` writes:
/// `URI.normalize_path` of the reference's path (a scheme, an authority or a "/" first), or of
/// the merge, whose base path is `normalize_path`'s, less its last segment after a "/" (none
/// without a "/", "/" where there is an authority and nothing is left). The empty reference
/// (`join` returns the base whole) and a reference with an empty path (the base's path as it
/// is) leave the answer, and so does a path that a reading RFC 3986 allows gives too
/// (`reference::ResolveOptions::readings`: `a` against `a:/a/..` is `a:/a` with the base
/// normalized, §5.2.1). A target path that starts with "//" without authority is refused by
/// `URI.new`'s `validate`.
fn joined(base: &str, input: &str, strict: bool, answer: &Outcome) -> Option<Outcome> {
    let Outcome::Resolved(target) = answer else {
        return None;
    };
    if input.is_empty() {
        return None;
    }
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let resolved =
        reference::transform_references(&b, &r, reference::ResolveOptions::strict(strict));
    let rfc = resolved.components();
    if *target != reference::recompose(&rfc) {
        return None;
    }
    let path = if r.scheme.is_some() || r.has_authority() || r.path.starts_with('/') {
        normalize_path(r.path)
    } else if r.path.is_empty() {
        return None;
    } else {
        let mut base_path = normalize_path(b.path);
        if base_path.contains('/') {
            base_path = without_last_segment(&base_path);
        } else {
            base_path.clear();
        }
        if base_path.is_empty() && b.has_authority() {
            base_path.push('/');
        }
        normalize_path(&format!("{base_path}{}", r.path))
    };
    if path == rfc.path {
        return None;
    }
    let written = reference::recompose(&reference::Components { path: &path, ..rfc });
    // A path that a reading RFC 3986 allows gives too (the base normalized, §5.2.1; a rootless
    // path kept rootless, ...) is that reading's answer, not this rule's.
    if reference::ResolveOptions::readings(strict)
        .any(|reading| reference::resolve(base, input, reading).is_ok_and(|t| t == written))
    {
        return None;
    }
    if !rfc.has_authority() && path.starts_with("//") {
        return Some(Outcome::invalid(
            "Addressable::URI::InvalidURIError: Cannot have a path with two leading slashes without an authority set"
                .into(),
        ));
    }
    Some(Outcome::Resolved(written))
}

/// `base_path.sub!(/\/[^\/]+$/, SLASH)`: the first "/" followed by one or more bytes other
/// than "/" up to the end of a line is "/" (Ruby's `$` ends every line).
fn without_last_segment(path: &str) -> String {
    let b = path.as_bytes();
    for i in (0..b.len()).filter(|&i| b[i] == b'/') {
        let next = b[i + 1..]
            .iter()
            .position(|&c| c == b'/')
            .map_or(b.len(), |p| i + 1 + p);
        if let Some(end) = (i + 2..=next).rev().find(|&k| is_eol(b, k)) {
            return format!("{}/{}", &path[..i], &path[end..]);
        }
    }
    path.to_owned()
}

/// Whether Ruby's `$` matches before byte `i`: the end of the text or of a line.
fn is_eol(b: &[u8], i: usize) -> bool {
    i == b.len() || b[i] == b'\n'
}

/// Whether Ruby's `^` matches before byte `i`: the start of the text or of a line.
fn is_bol(b: &[u8], i: usize) -> bool {
    i == 0 || b[i - 1] == b'\n'
}

/// `gsub!`: every match of `at` (where one starts at a byte, its end), scanning from the
/// start, replaced with `with`; `None` where nothing matched (`gsub!` returns `nil`).
fn gsub(
    text: &str,
    mut at: impl FnMut(&[u8], usize) -> Option<usize>,
    with: &str,
) -> Option<String> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let (mut i, mut changed) = (0, false);
    while i < b.len() {
        match at(b, i) {
            Some(end) => {
                out.extend_from_slice(with.as_bytes());
                i = end;
                changed = true;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    // Every pattern takes at least one byte, and matches start and end at ASCII bytes.
    changed.then(|| String::from_utf8(out).unwrap_or_default())
}

/// `RULE_2A = /\/\.\/|\/\.$/`.
fn rule_2a(b: &[u8], i: usize) -> Option<usize> {
    if b[i..].starts_with(b"/./") {
        Some(i + 3)
    } else if b[i..].starts_with(b"/.") && is_eol(b, i + 2) {
        Some(i + 2)
    } else {
        None
    }
}

/// `normalized_path.match(RULE_2B_2C)`, `RULE_2B_2C = /\/([^\/]*)\/\.\.\/|\/([^\/]*)\/\.\.$/`:
/// the first match's groups, `parent` and `current`.
fn rule_2b_2c(path: &str) -> Option<(Option<&str>, Option<&str>)> {
    let b = path.as_bytes();
    for i in (0..b.len()).filter(|&i| b[i] == b'/') {
        let j = b[i + 1..]
            .iter()
            .position(|&c| c == b'/')
            .map_or(b.len(), |p| i + 1 + p);
        let segment = &path[i + 1..j];
        if b[j..].starts_with(b"/../") {
            return Some((Some(segment), None));
        }
        if b[j..].starts_with(b"/..") && is_eol(b, j + 3) {
            return Some((None, Some(segment)));
        }
    }
    None
}

/// `RULE_2D = /^\.\.?\/?/`.
fn rule_2d(b: &[u8], i: usize) -> Option<usize> {
    if !is_bol(b, i) || b[i] != b'.' {
        return None;
    }
    let mut end = i + 1;
    if b.get(end) == Some(&b'.') {
        end += 1;
    }
    if b.get(end) == Some(&b'/') {
        end += 1;
    }
    Some(end)
}

/// `RULE_PREFIXED_PARENT = /^\/\.\.?\/|^(\/\.\.?)+\/?$/`.
fn rule_prefixed_parent(b: &[u8], i: usize) -> Option<usize> {
    if !is_bol(b, i) {
        return None;
    }
    if b[i..].starts_with(b"/../") {
        return Some(i + 4);
    }
    if b[i..].starts_with(b"/./") {
        return Some(i + 3);
    }
    dotted_run(b, i, false)
}

/// `(\/\.\.?)+\/?$` from byte `p`, as Ruby's backtracking tries it (each `?` and `+` takes
/// what it can first); `taken` once one `/.` or `/..` is.
fn dotted_run(b: &[u8], p: usize, taken: bool) -> Option<usize> {
    if b[p..].starts_with(b"/.") {
        if b.get(p + 2) == Some(&b'.') {
            if let Some(end) = dotted_run(b, p + 3, true) {
                return Some(end);
            }
        }
        if let Some(end) = dotted_run(b, p + 2, true) {
            return Some(end);
        }
    }
    if !taken {
        return None;
    }
    if b.get(p) == Some(&b'/') && is_eol(b, p + 1) {
        return Some(p + 1);
    }
    is_eol(b, p).then_some(p)
}

/// `URI.normalize_path` ("Section 5.2.4 of RFC 3986"), as written: each pass applies the
/// first of its rules that changes the path (`mod ||= ...`), until none does. `RULE_2B_2C`'s
/// match gives the segment before a "/../" (`parent`) or a final "/.." (`current`), and the
/// path then has every "/PARENT/../" and "/CURRENT/.." at a line's end made "/", the group
/// that did not match read as "" (`parent.to_s`).
pub(super) fn normalize_path(path: &str) -> String {
    let mut path = path.to_owned();
    loop {
        if let Some(next) = gsub(&path, rule_2a, "/") {
            path = next;
            continue;
        }
        if let Some((parent, current)) = rule_2b_2c(&path) {
            let pair = format!("/{}/../", parent.unwrap_or(""));
            let last = format!("/{}/..", current.unwrap_or(""));
            let next = gsub(
                &path,
                |b, i| {
                    if b[i..].starts_with(pair.as_bytes()) {
                        Some(i + pair.len())
                    } else if b[i..].starts_with(last.as_bytes()) && is_eol(b, i + last.len()) {
                        Some(i + last.len())
                    } else {
                        None
                    }
                },
                "/",
            );
            if let Some(next) = next {
                path = next;
                continue;
            }
        }
        if let Some(next) = gsub(&path, rule_2d, "") {
            path = next;
            continue;
        }
        if let Some(next) = gsub(&path, rule_prefixed_parent, "/") {
            path = next;
            continue;
        }
        return path;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn join(base: &str, input: &str) -> Outcome {
        let case = Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let rfc = match reference::resolve(base, input, reference::ResolveOptions::strict(true)) {
            Ok(target) => Outcome::Resolved(target),
            Err(e) => Outcome::Invalid((&e).into()),
        };
        apply(Rule::JoinDotSegmentsByRegexps, &case, rfc)
    }

    #[test]
    fn normalize_path_is_the_librarys() {
        // Addressable::URI.normalize_path's answers (addressable 2.8.1, Ruby 3.1).
        for (path, normalized) in [
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            ("a/..", "a/.."),
            ("...", ""),
            (".a/", "a/"),
            ("/../a", "/a"),
            ("/..", "/"),
            ("a/./b/../../c", "a/../c"),
            ("/a/.", "/a/"),
            ("./a:b", "a:b"),
            ("a///..", "a//"),
            ("/a/..\n/b/..", "/\n/"),
        ] {
            assert_eq!(normalize_path(path), normalized, "{path:?}");
        }
        assert_eq!(without_last_segment("/a/b"), "/a/");
        assert_eq!(without_last_segment("/a/"), "/a/");
        assert_eq!(without_last_segment("a//"), "a//");
    }

    #[test]
    fn join_writes_the_librarys_path() {
        // Addressable::URI.parse(base).join(input).to_s (addressable 2.8.1).
        for (base, input, target) in [
            ("a:a/", "..", "a:a/.."),
            ("a:", "...", "a:"),
            ("a:.a/", "a", "a:a/a"),
            ("a:a///..", "..", "a:a/"),
            ("a:", "@/..", "a:@/.."),
            ("a:.//b", "c", "a:/c"),
            ("a:x/y/", "../../..", "a:x/"),
            // Where the library's path is RFC 3986's, the answer stays.
            ("http://a/b/c/d;p?q", "../../g", "http://a/g"),
            ("http://a/b/c/d;p?q", "../../../g", "http://a/g"),
            ("a://h", "c", "a://h/c"),
            ("a:/a/b", "../..", "a:/"),
        ] {
            assert_eq!(
                join(base, input),
                Outcome::Resolved(target.into()),
                "{base} {input}"
            );
        }
        // The empty reference is the base whole: another rule's (base-fragment-kept).
        assert_eq!(join("a:a/..", ""), Outcome::Resolved("a:a/..".into()));
        // The base normalized first (§5.2.1) gives the library's answer: that reading's.
        assert_eq!(join("a:/a/..", "a"), Outcome::Resolved("a:/a/a".into()));
    }

    #[test]
    fn userinfo_is_stripped_as_parse_strips_it() {
        // Addressable::URI.parse(s).userinfo (addressable 2.8.1, Ruby 3.1).
        for (text, read) in [
            ("// @", Some("//@")),
            ("//\t@", Some("//@")),
            ("// u :p @h", Some("//u :p@h")),
            ("//:\t:@", None),
            ("//\t:@", Some("//:@")),
            ("//u\t@h", Some("//u@h")),
            ("//\0u@h", Some("//u@h")),
            ("a://u:p\nq@h/x", None),
            ("a://\tu:p@h/x", Some("a://u:p@h/x")),
            ("//u@v@h", None),
            ("//[@]", None),
            ("// [@]", None),
            ("//h", None),
        ] {
            assert_eq!(stripped_userinfo_in(text).as_deref(), read, "{text:?}");
        }
        let case = Request::Resolve {
            base: "a:// @h".into(),
            input: "b".into(),
            strict: true,
        };
        assert_eq!(
            userinfo_stripped(&case),
            Some(Request::Resolve {
                base: "a://@h".into(),
                input: "b".into(),
                strict: true,
            })
        );
    }

    #[test]
    fn host_is_read_as_validate_checks_it() {
        // Addressable::URI.parse(s).host (addressable 2.8.1): each is accepted.
        for (text, host, stood_in) in [
            ("//\u{1}", "\u{1}", "//a"),
            ("//[", "[", "//a"),
            ("a://[::]a", "[::]a", "a://aaaaa"),
            ("//a[", "a[", "//aa"),
            ("//\u{e9}/p", "\u{e9}", "//a/p"),
            ("//h%", "h%", "//ha"),
            ("//h%41^:80", "h%41^", "//h%41a:80"),
            ("//u@v@a|b:1", "a|b", "//u@v@aab:1"),
            ("//a:b:80", "a:b", "//aab:80"),
        ] {
            let case = Request::parse(text);
            let (start, end) = host_span(text).unwrap_or_default();
            assert_eq!(&text[start..end], host, "{text:?}");
            assert_eq!(
                host_stood_in(&case),
                Some(Request::parse(stood_in)),
                "{text:?}"
            );
        }
        // #validate refuses these, or they are an IP literal, or valid.
        for text in [
            "//a b",
            "//a<",
            "//[::1]",
            "//[a]",
            "//h",
            "//h:80",
            "//%41",
            "//a\u{a0}",
        ] {
            assert_eq!(host_stood_in(&Request::parse(text)), None, "{text:?}");
        }
        let put_back = host_put_back(
            &Request::parse("//["),
            Outcome::Parsed {
                components: crate::model::Components {
                    scheme: None,
                    userinfo: None,
                    host: Some("a".into()),
                    port: None,
                    path: String::new(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(crate::reference::HostKind::RegName),
            },
        );
        let Outcome::Parsed {
            components,
            host_kind,
        } = put_back
        else {
            panic!("{put_back:?}");
        };
        assert_eq!(components.host.as_deref(), Some("["));
        assert_eq!(host_kind, Some(crate::reference::HostKind::Ipv6));
    }

    #[test]
    fn ip_based_target_without_host_and_path_is_refused() {
        let case = Request::Resolve {
            base: "http:a".into(),
            input: "//".into(),
            strict: true,
        };
        let refused = apply(
            Rule::IpBasedWithoutHostAndPathRefused,
            &case,
            Outcome::Resolved("http://".into()),
        );
        assert!(matches!(refused, Outcome::Invalid(_)));
        let case = Request::Resolve {
            base: "a:a".into(),
            input: "//".into(),
            strict: true,
        };
        let kept = apply(
            Rule::IpBasedWithoutHostAndPathRefused,
            &case,
            Outcome::Resolved("a://".into()),
        );
        assert_eq!(kept, Outcome::Resolved("a://".into()));
    }
}
