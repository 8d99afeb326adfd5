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
///
/// `Uri.to_string` encodes the components the library holds, not a text read again: a path
/// that starts with "//" without an authority (`Uri.resolve` gives "a:" + "/.//:a" the path
/// "//:a", written "a://:a") keeps its query and fragment encoded by the tables, although the
/// text written reads as another authority or none. Where the text so written is no URI, its
/// query and fragment are found where Appendix B's splitter finds them (the first "?" and "#"
/// after the path, which `Uri.to_string` encodes in a path), the rest left as written: such
/// a text has no authority of its own, so no userinfo to write.
pub(super) fn components_reencoded(answer: Outcome) -> Outcome {
    let (text, resolved) = match &answer {
        Outcome::Resolved(text) => (text, true),
        Outcome::Normalized(text) => (text, false),
        _ => return answer,
    };
    let written = match reference::parse(text) {
        Ok(c) => {
            let userinfo = c.userinfo.map(userinfo_written);
            let query = c.query.map(query_written);
            let fragment = c.fragment.map(|f| encoded(&decoded(f), query_safe));
            reference::recompose(&reference::Components {
                userinfo: userinfo.as_deref(),
                query: query.as_deref(),
                fragment: fragment.as_deref(),
                ..c
            })
        }
        Err(_) => query_and_fragment_reencoded(text),
    };
    if resolved {
        Outcome::Resolved(written)
    } else {
        Outcome::Normalized(written)
    }
}

/// `text` with its query and fragment, as Appendix B's splitter finds them, written by
/// `Uri.to_string`'s tables; what comes before them as it is.
fn query_and_fragment_reencoded(text: &str) -> String {
    let split = reference::split(text);
    let start = |part: &str| part.as_ptr() as usize - text.as_ptr() as usize;
    let end = match (split.query, split.fragment) {
        (Some(q), _) => start(q) - 1,
        (None, Some(f)) => start(f) - 1,
        (None, None) => text.len(),
    };
    let mut out = text[..end].to_owned();
    if let Some(q) = split.query {
        out.push('?');
        out.push_str(&query_written(q));
    }
    if let Some(f) = split.fragment {
        out.push('#');
        out.push_str(&encoded(&decoded(f), query_safe));
    }
    out
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

/// One element of `Path.t`: `"/"` alone, or a segment stored decoded (a decoded `"%2F"` is a
/// `"/"` like a separator, a decoded `"%2E%2E"` a `".."`).
type Token = Vec<u8>;

/// `Path.path_of_encoded`: `Stringext.full_split ps ~on:'/'` (every "/" a token, every run
/// between them another), each token `pct_decode`d.
fn path_of_encoded(path: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    for (i, run) in path.split('/').enumerate() {
        if i > 0 {
            tokens.push(b"/".to_vec());
        }
        if !run.is_empty() {
            tokens.push(decoded(run));
        }
    }
    tokens
}

fn is(token: &[u8], text: &str) -> bool {
    token == text.as_bytes()
}

/// `Path.remove_dot_segments`, its `loop` on the reversed tokens case by case, in its order.
fn remove_dot_segments(p: &[Token]) -> Vec<Token> {
    let starts_with_slash = p.first().is_some_and(|t| is(t, "/"));
    // `revp` as a stack: its last element is the head of `revp`, the last token of `p`.
    let mut rest: Vec<Token> = p.to_vec();
    let mut ascension = 0usize;
    let mut outp: Vec<Token> = Vec::new(); // a stack too: its last element is `outp`'s head
    loop {
        let n = rest.len();
        let head = rest.last().map(Vec::as_slice);
        let second = if n >= 2 {
            Some(rest[n - 2].as_slice())
        } else {
            None
        };
        match (head, second) {
            // "/"::".."::r | ".."::r
            (Some(h), Some(s)) if is(h, "/") && is(s, "..") => {
                rest.truncate(n - 2);
                ascension += 1;
            }
            (Some(h), _) if is(h, "..") => {
                rest.truncate(n - 1);
                ascension += 1;
            }
            // "/"::"."::r | "."::r
            (Some(h), Some(s)) if is(h, "/") && is(s, ".") => rest.truncate(n - 2),
            (Some(h), _) if is(h, ".") => rest.truncate(n - 1),
            // "/"::[] | [] when p starts with "/"
            (None, _) if starts_with_slash => {
                outp.push(b"/".to_vec());
                break;
            }
            (Some(h), None) if starts_with_slash && is(h, "/") => {
                outp.push(b"/".to_vec());
                break;
            }
            // [] when ascension > 0: "../" ascension times before outp
            (None, _) if ascension > 0 => {
                outp.push(b"/".to_vec());
                for i in 0..ascension {
                    if i > 0 {
                        outp.push(b"/".to_vec());
                    }
                    outp.push(b"..".to_vec());
                }
                break;
            }
            // []: outp less a leading "/"
            (None, _) => {
                if outp.last().is_some_and(|t| is(t, "/")) {
                    outp.pop();
                }
                break;
            }
            // "/"::"/"::r when ascension > 0
            (Some(h), Some(s)) if ascension > 0 && is(h, "/") && is(s, "/") => {
                rest.truncate(n - 1);
                ascension -= 1;
            }
            // "/"::_::r when ascension > 0
            (Some(h), Some(_)) if ascension > 0 && is(h, "/") => {
                rest.truncate(n - 2);
                ascension -= 1;
            }
            // s::r
            (Some(_), _) => {
                let s = rest.pop().unwrap_or_default();
                outp.push(s);
                ascension = 0;
            }
        }
    }
    outp.reverse();
    outp
}

/// `Path.merge bhost bpath relpath`.
fn merge(base_host: bool, base_path: &[Token], rel: &[Token]) -> Vec<Token> {
    let n = base_path.len();
    let slash_at = |i: usize| is(&base_path[i], "/");
    let kept = if n == 0 && base_host {
        return [vec![b"/".to_vec()], rel.to_vec()].concat();
    } else if n >= 1 && slash_at(n - 1) {
        Some(n - 1)
    } else if n >= 2 && slash_at(n - 2) {
        Some(n - 2)
    } else {
        None
    };
    match kept {
        Some(k) => [&base_path[..=k], rel].concat(),
        None => rel.to_vec(),
    }
}

/// `Path.encoded_of_path`: a `"/"` token written "/", a segment `pct_encode`d with
/// `safe_chars_for_path` (pchar: "/" encoded).
fn encoded_of_path(p: &[Token]) -> String {
    p.iter()
        .map(|t| {
            if is(t, "/") {
                "/".to_string()
            } else {
                encoded(t, |b| always_safe(b) || b"!$&'()*+,;=:@".contains(&b))
            }
        })
        .collect()
}

/// A `Uri.t` as `Uri.of_string` leaves it: the scheme lowercased, the host decoded (and
/// lowercased for http, https and file, file's "localhost" ""), the port an `int`, the path
/// tokens; the userinfo, query and fragment as written (`components_reencoded` writes them).
#[derive(Clone, Debug, Default)]
struct Uri {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<Vec<u8>>,
    port: Option<u128>,
    path: Vec<Token>,
    query: Option<String>,
    fragment: Option<String>,
}

/// `Scheme.normalize_host` of `module_of_scheme scheme`.
fn normalize_host(scheme: Option<&str>, host: Option<Vec<u8>>) -> Option<Vec<u8>> {
    let scheme = scheme.map(str::to_ascii_lowercase);
    match (scheme.as_deref(), host) {
        (Some("http" | "https"), Some(h)) => Some(h.to_ascii_lowercase()),
        (Some("file"), Some(h)) => {
            let h = h.to_ascii_lowercase();
            Some(if h == b"localhost" { Vec::new() } else { h })
        }
        (_, host) => host,
    }
}

impl Uri {
    fn of(c: &reference::Components<'_>) -> Uri {
        let scheme = c.scheme.map(str::to_ascii_lowercase);
        let host = normalize_host(scheme.as_deref(), c.host.map(decoded));
        Uri {
            host,
            userinfo: c.userinfo.map(str::to_string),
            port: c
                .port
                .and_then(|p| p.parse::<u128>().ok())
                .filter(|&n| n <= MAX_INT),
            path: path_of_encoded(c.path),
            query: c.query.map(str::to_string),
            fragment: c.fragment.map(str::to_string),
            scheme,
        }
    }

    fn has_authority(&self) -> bool {
        self.userinfo.is_some() || self.host.is_some() || self.port.is_some()
    }

    /// `Uri.to_string`, the userinfo, query and fragment as they stand.
    fn written(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.scheme {
            out.push_str(&encoded(s.as_bytes(), |b| always_safe(b) || b == b'+'));
            out.push(':');
        }
        if self.has_authority() {
            out.push_str("//");
        }
        if let Some(u) = &self.userinfo {
            out.push_str(u);
            out.push('@');
        }
        if let Some(h) = &self.host {
            out.push_str(&encoded(h, always_safe));
        }
        if let Some(p) = self.port {
            out.push_str(&format!(":{p}"));
        }
        if let Some(first) = self.path.first() {
            if !is(first, "/") {
                if self.host.is_some() {
                    out.push('/');
                } else if self.scheme.is_none() && first.contains(&b':') {
                    out.push_str("./");
                }
            }
            out.push_str(&encoded_of_path(&self.path));
        }
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}

/// `Uri.resolve schem base uri`, its `normalize` by the base's scheme (or `schem`).
fn resolved(schem: &str, base: &Uri, uri: &Uri) -> Uri {
    let scheme_of_module = base.scheme.clone().unwrap_or_else(|| schem.to_string());
    let mut target = if uri.scheme.is_some() {
        Uri {
            path: remove_dot_segments(&uri.path),
            ..uri.clone()
        }
    } else if uri.userinfo.is_some() || uri.host.is_some() {
        Uri {
            scheme: base.scheme.clone(),
            path: remove_dot_segments(&uri.path),
            ..uri.clone()
        }
    } else {
        let with_base = Uri {
            scheme: base.scheme.clone(),
            userinfo: base.userinfo.clone(),
            host: base.host.clone(),
            port: base.port,
            ..uri.clone()
        };
        match uri.path.first() {
            None => Uri {
                path: base.path.clone(),
                query: uri.query.clone().or_else(|| base.query.clone()),
                ..with_base
            },
            Some(first) if is(first, "/") => Uri {
                path: remove_dot_segments(&uri.path),
                ..with_base
            },
            Some(_) => Uri {
                path: remove_dot_segments(&merge(base.host.is_some(), &base.path, &uri.path)),
                ..with_base
            },
        }
    };
    target.scheme = target.scheme.map(|s| s.to_ascii_lowercase());
    target.host = normalize_host(Some(&scheme_of_module), target.host.take());
    target
}

/// `Uri.canonicalize`: `resolve "" empty uri`, then the port and the path of http and https
/// (80 and 443 none, an empty path "/").
fn canonicalized(uri: &Uri) -> Uri {
    let mut c = resolved("", &Uri::default(), uri);
    match c.scheme.as_deref() {
        Some("http") => {
            if c.port == Some(80) {
                c.port = None;
            }
        }
        Some("https") => {
            if c.port == Some(443) {
                c.port = None;
            }
        }
        _ => return c,
    }
    if c.path.is_empty() {
        c.path = vec![b"/".to_vec()];
    }
    c
}

/// Resolution and normalization (`super::Transform::OcamlUriPathSegments`): `Uri.resolve` and
/// `Uri.canonicalize` on the path as `Path.t`, the list of decoded tokens, written by
/// `Uri.to_string`; a parse's path as `Uri.path` writes the tokens. Where RFC 3986's grammar
/// refuses an input the answer is left alone.
pub(super) fn path_segments(original: &crate::protocol::Request, answer: Outcome) -> Outcome {
    use crate::protocol::Request;
    match (original, answer) {
        (Request::Resolve { base, input, .. }, answer @ Outcome::Resolved(_)) => {
            match (reference::parse(base), reference::parse(input)) {
                (Ok(b), Ok(r)) => {
                    Outcome::Resolved(resolved("", &Uri::of(&b), &Uri::of(&r)).written())
                }
                _ => answer,
            }
        }
        (Request::Normalize { input, .. }, answer @ Outcome::Normalized(_)) => {
            match reference::parse(input) {
                Ok(c) => Outcome::Normalized(canonicalized(&Uri::of(&c)).written()),
                _ => answer,
            }
        }
        (
            Request::Parse { .. },
            Outcome::Parsed {
                mut components,
                host_kind,
            },
        ) => {
            components.path = encoded_of_path(&path_of_encoded(&components.path));
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        (_, answer) => answer,
    }
}

/// Parse (`super::Transform::OcamlUriFileLocalhostEmptied`): `Uri.of_string` ends with
/// `normalize scheme`, whose `File.normalize_host` makes "localhost" (any case) "".
pub(super) fn file_localhost_emptied(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            if components
                .scheme
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case("file"))
                && components
                    .host
                    .as_deref()
                    .is_some_and(|h| h.eq_ignore_ascii_case("localhost"))
            {
                components.host = Some(String::new());
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        answer => answer,
    }
}

/// Parse (`super::Transform::OcamlUriEmptyScheme`, the rewrite): `Parser.scheme` is
/// `take_while (fun c -> c <> ':' && ...) <* char ':'`, and `take_while` may take nothing: a
/// text that starts with ":" has the scheme "", read here as the scheme "a".
pub(super) fn empty_scheme_rewrite(
    case: &crate::protocol::Request,
) -> Option<crate::protocol::Request> {
    use crate::protocol::Request;
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } if input.starts_with(':') => Some(Request::Parse {
            input: format!("a{input}"),
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        _ => None,
    }
}

/// The scheme "" given back (what `empty_scheme_rewrite` wrote "a").
pub(super) fn empty_scheme_applied(
    original: &crate::protocol::Request,
    answer: Outcome,
) -> Outcome {
    use crate::protocol::Request;
    match (original, answer) {
        (
            Request::Parse { input, .. },
            Outcome::Parsed {
                mut components,
                host_kind,
            },
        ) if input.starts_with(':') => {
            if components.scheme.as_deref() == Some("a") {
                components.scheme = Some(String::new());
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        (_, answer) => answer,
    }
}

/// Resolution (`super::Transform::OcamlUriRelativeBase`): `Uri.resolve schem base uri` takes
/// any `Uri.t` as its base, one without a scheme too ("using scheme as a default if one isn't
/// present in base"): where the reference refuses a base for its missing scheme, the
/// resolution as `path_segments` computes it.
pub(super) fn relative_base(original: &crate::protocol::Request, answer: Outcome) -> Outcome {
    use crate::protocol::Request;
    let Request::Resolve { base, input, .. } = original else {
        return answer;
    };
    match (&answer, reference::parse(base), reference::parse(input)) {
        (Outcome::Invalid(_), Ok(b), Ok(r)) if b.scheme.is_none() => {
            Outcome::Resolved(resolved("", &Uri::of(&b), &Uri::of(&r)).written())
        }
        _ => answer,
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

    /// A target whose path starts with "//" without an authority reads again as another
    /// authority ("a://:a", whose port is no port): its query and fragment are still the
    /// library's to encode, and nothing before them changes.
    #[test]
    fn a_double_slash_path_keeps_its_query_and_fragment_reencoded() {
        let written = |text: &str| match components_reencoded(Outcome::Resolved(text.into())) {
            Outcome::Resolved(written) => written,
            other => panic!("{other:?}"),
        };
        assert_eq!(written("a://:a#%7a"), "a://:a#z");
        assert_eq!(written("a://:a?%2a;#&"), "a://:a?*%3B#%26");
        assert_eq!(written("a://[:a/%2a"), "a://[:a/%2a");
        // Near miss: a text that reads as a URI keeps the parse's components (its userinfo
        // written by the userinfo's table).
        assert_eq!(written("a://::@h?%2a"), "a://:%3A@h?*");
    }

    fn resolve(base: &str, input: &str) -> String {
        let b = Uri::of(&reference::parse(base).unwrap());
        let r = Uri::of(&reference::parse(input).unwrap());
        resolved("", &b, &r).written()
    }

    fn normalize(input: &str) -> String {
        canonicalized(&Uri::of(&reference::parse(input).unwrap())).written()
    }

    /// Answers of uri 4.2.0 itself (Uri.to_string of Uri.resolve "" and Uri.canonicalize;
    /// the userinfo before `components_reencoded`).
    #[test]
    fn resolution_and_canonicalization_on_the_tokens() {
        assert_eq!(resolve("a:", ".."), "a:../");
        assert_eq!(resolve("a:", "%2E%2E"), "a:../");
        assert_eq!(resolve("a:@/", "..//"), "a:");
        assert_eq!(resolve("a:", "@/..///"), "a:/");
        assert_eq!(resolve("a:", "a::/..////%2e."), "a:/");
        assert_eq!(resolve("a:%2F/", ""), "a://");
        assert_eq!(normalize("/.//:"), "//:");
        assert_eq!(normalize("file://"), "file://");
        assert_eq!(normalize("wss://:000"), "wss://:0");
        assert_eq!(normalize("Ftp://::@"), "ftp://::@");
        assert_eq!(resolve("http://a/b/c/d;p?q", "../../../g"), "http://a/g");
        assert_eq!(
            resolve("http://a/b/c/d;p?q", "g;x=1/../y"),
            "http://a/b/c/y"
        );
        assert_eq!(resolve("a://h", "b"), "a://h/b");
        assert_eq!(
            resolve("HTTP://LOCALHOST:80/a/%7e/", "x?q#f"),
            "http://localhost:80/a/~/x?q#f"
        );
        assert_eq!(normalize("HTTP://A:80"), "http://a/");
        assert_eq!(normalize("a/./b/../../../c"), "../c");
        assert_eq!(resolve("a:/b/c/", "../../../%2F/x"), "a:///x");
        assert_eq!(normalize("x:y"), "x:y");
        assert_eq!(resolve("a:b", "c:d"), "c:d");
        assert_eq!(encoded_of_path(&path_of_encoded("%2f/:")), "//:");
        assert_eq!(encoded_of_path(&path_of_encoded("a%2Fb/%5b")), "a%2Fb/%5B");
    }
}
