//! Perl's URI 5.17, where its resolution reads a reference otherwise than RFC 2396 §5.2
//! (`super::Transform::PerlUriReferenceAsOpaquePart`), written from its source
//! (/usr/share/perl5/URI.pm, URI/_generic.pm).
//!
//! `URI->new_abs($str, $base)` is `$class->new($str, $base)->abs($base)` (URI.pm lines 89-94):
//! a reference without a scheme of its own takes the class of the base's scheme ("The $scheme
//! argument is only used when $str is a relative URI"). The classes of `mailto`, `urn` and
//! `data` are not `URI::_generic` (`use parent 'URI'`, URI/mailto.pm, urn.pm, data.pm): their
//! `_init` writes the scheme before the escaped text (`$str = "$scheme:$str" unless $str =~
//! /^$scheme_re:/o || $class->_no_scheme_ok;`, URI.pm line 101; `_no_scheme_ok` is true only in
//! `URI::_generic`), and their `abs` is URI.pm's `sub abs { $_[0]; }` (line 385). So the target
//! is the base's scheme, as written, a ":", and the reference as `URI->new` escapes it: "a"
//! against "mailto:a/" is "mailto:a", "" against "urn:/" is "urn:".

use crate::model::Outcome;
use crate::protocol::Request;

/// `$scheme_re = '[a-zA-Z][a-zA-Z0-9.+\-]*'` (URI.pm line 24): the length of the scheme that
/// starts `text`, if one does.
fn scheme_len(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    Some(
        bytes
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
            .unwrap_or(bytes.len()),
    )
}

/// Perl's `\s` on a character string: the characters `URI->new` strips from both ends.
fn is_perl_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// `$uric` and "#" (URI.pm lines 17-20 and 142): what `_uric_escape` leaves as it is.
fn is_uric_or_hash(c: char) -> bool {
    c.is_ascii_alphanumeric() || ";/?:@&=+$,-_.!~*'()%#".contains(c)
}

/// URI.pm's `_uric_escape`: every other character percent-encoded, as its UTF-8 octets
/// (`URI::Escape::escape_char`), then `_fix_uric_escape_for_host_part` (lines 110-137) on a
/// text without a scheme: a network path's host (after its last "@", less a final ":" and
/// digits) gets its "%5B" and "%5D", in either case, back as "[" and "]".
fn uric_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_uric_or_hash(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    if !out.contains('%') {
        return out;
    }
    // `^((?:$URI::scheme_re:)?)//([^/?\#]+)(.*)$`, on a text without a scheme.
    let Some(rest) = out.strip_prefix("//") else {
        return out;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if end == 0 {
        return out;
    }
    let authority = &rest[..end];
    let (user, host) = match authority.rfind('@') {
        Some(at) => authority.split_at(at + 1),
        None => ("", authority),
    };
    // `$host =~ s/(:\d+)$//`
    let port_start = host.rfind(':').filter(|&colon| {
        let digits = &host[colon + 1..];
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    });
    let (host, port) = match port_start {
        Some(colon) => host.split_at(colon),
        None => (host, ""),
    };
    let host = replace_ignore_case(&replace_ignore_case(host, "%5B", "["), "%5D", "]");
    format!("//{user}{host}{port}{}", &rest[end..])
}

fn replace_ignore_case(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text.len() - i >= from.len()
            && text.is_char_boundary(i + from.len())
            && text[i..i + from.len()].eq_ignore_ascii_case(from)
        {
            out.push_str(to);
            i += from.len();
        } else {
            let c = text[i..].chars().next().unwrap_or_default();
            out.push(c);
            i += c.len_utf8().max(1);
        }
    }
    out
}

/// The target `URI->new_abs` gives where the base's scheme is one of the classes whose `abs`
/// is the identity, or `None` where it is not, or where the model does not read the reference
/// (`URI->new` strips white space and "<...>" or "\"...\"" wrappers first, which this model
/// leaves to others; a urn whose namespace has a class of its own, isbn and oid, rewrites it).
pub(super) fn reference_as_opaque_part(base: &str, input: &str) -> Option<String> {
    // `$scheme =~ m/^($scheme_re)(?::|$)/o`
    let len = scheme_len(base)?;
    if !(base.len() == len || base.as_bytes()[len] == b':') {
        return None;
    }
    let scheme = &base[..len];
    if !matches!(
        scheme.to_ascii_lowercase().as_str(),
        "mailto" | "urn" | "data"
    ) {
        return None;
    }
    let stripped = input.trim_matches(is_perl_space);
    if stripped != input
        || (input.starts_with('<') && input.ends_with('>'))
        || (input.len() >= 2 && input.starts_with('"') && input.ends_with('"'))
    {
        return None;
    }
    // A reference with a scheme of its own keeps its own class.
    if scheme_len(input).is_some_and(|n| input.as_bytes().get(n) == Some(&b':')) {
        return None;
    }
    let escaped = uric_escape(input);
    if scheme.eq_ignore_ascii_case("urn") {
        let nid = escaped.split(':').next().unwrap_or("");
        if matches!(nid, "isbn" | "oid") {
            return None;
        }
    }
    Some(format!("{scheme}:{escaped}"))
}

/// The resolution's answer under the rule, where the rule reads the case.
pub(super) fn opaque_base_applied(case: &Request, answer: Outcome) -> Outcome {
    match case {
        Request::Resolve { base, input, .. } => match reference_as_opaque_part(base, input) {
            Some(target) => Outcome::Resolved(target),
            None => answer,
        },
        _ => answer,
    }
}

/// A parse's answer as an object of the class `URI::ftp` gives its path: `sub path {
/// shift->path_query(@_) }  # XXX` (URI/ftp.pm line 12), so that an `ftp` URI's path holds its
/// query after a "?" (`path_query`, URI/_generic.pm: what stands after the authority up to the
/// "#"). The class is the scheme's, in any case (`implementor`: `$scheme = lc($scheme)`,
/// URI.pm line 158); other schemes, and an answer without a query, are as given.
pub(super) fn ftp_path_holds_query(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            let ftp = components
                .scheme
                .as_deref()
                .is_some_and(|scheme| scheme.eq_ignore_ascii_case("ftp"));
            if ftp && let Some(query) = &components.query {
                components.path = format!("{}?{query}", components.path);
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// A parse's answer as the classes that are no `URI::_generic` give it: `URI::mailto`
/// (`use parent qw(URI URI::_query)`), `URI::urn` and `URI::data` (`use parent 'URI'`) have no
/// authority and no path of their own, only URI.pm's `opaque` (`$$self =~
/// /^(?:$scheme_re:)?([^\#]*)/`, what follows the scheme up to the "#"), and `URI::mailto`
/// `URI::_query`'s query (what follows the first "?" up to the "#"). The adapter answers the
/// opaque part as the path, less "?" and the query where the class reads one. So what the
/// RFC reads as an authority ("//" and its text) starts the path, and the query of a `urn`
/// or `data` URI ends it; the class is the scheme's in any case (`implementor`: `$scheme =
/// lc($scheme)`).
pub(super) fn opaque_classes_read(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            let Some(class) = components.scheme.as_deref().map(str::to_ascii_lowercase) else {
                return Outcome::Parsed {
                    components,
                    host_kind,
                };
            };
            if !matches!(class.as_str(), "mailto" | "urn" | "data") {
                return Outcome::Parsed {
                    components,
                    host_kind,
                };
            }
            // `_uric_escape` encodes "[" and "]", and `_fix_uric_escape_for_host_part` gives
            // them back except in a text that starts with `$schemes_without_host_part_re`
            // ('data|ldapi|urn|sqlite|sqlite3', URI.pm line 27, matched in its case).
            let scheme_has_no_host = matches!(components.scheme.as_deref(), Some("urn" | "data"));
            let mut path = String::new();
            if let Some(host) = components.host.take() {
                let mut authority = String::from("//");
                if let Some(userinfo) = components.userinfo.take() {
                    authority.push_str(&userinfo);
                    authority.push('@');
                }
                authority.push_str(&host);
                if let Some(port) = components.port.take() {
                    authority.push(':');
                    authority.push_str(&port);
                }
                if scheme_has_no_host {
                    authority = authority.replace('[', "%5B").replace(']', "%5D");
                }
                path.push_str(&authority);
            }
            path.push_str(&components.path);
            if class != "mailto"
                && let Some(query) = components.query.take()
            {
                path.push('?');
                path.push_str(&query);
            }
            components.userinfo = None;
            components.port = None;
            components.path = path;
            // "#MAINT: 'mailto:' needs special treatment ... Until then: restore all '[', ']'"
            // (URI.pm line 36; Changes 5.12: "Reverts to previous behavior (5.10) for
            // 'mailto:' scheme for escaping square brackets"): a text that starts "mailto:",
            // matched in its case, has every "%5B" and "%5D" of it, escaped or written so,
            // turned back into "[" and "]" (`s/\%5B/[/gi`, URI.pm lines 120-122).
            if components.scheme.as_deref() == Some("mailto") {
                fn restored(text: &str) -> String {
                    text.replace("%5B", "[")
                        .replace("%5b", "[")
                        .replace("%5D", "]")
                        .replace("%5d", "]")
                }
                components.path = restored(&components.path);
                components.query = components.query.as_deref().map(restored);
                components.fragment = components.fragment.as_deref().map(restored);
            }
            Outcome::Parsed {
                components,
                host_kind: None,
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;

    /// Perl's URI 5.17's own answers (`URI->new($input)->path` and `->query`).
    #[test]
    fn an_ftp_path_holds_its_query() {
        let parsed = |scheme: Option<&str>, path: &str, query: Option<&str>| Outcome::Parsed {
            components: Components {
                scheme: scheme.map(str::to_owned),
                userinfo: None,
                host: None,
                port: None,
                path: path.to_owned(),
                query: query.map(str::to_owned),
                fragment: None,
            },
            host_kind: None,
        };
        for (scheme, path, query, read) in [
            (Some("ftp"), "", Some(""), "?"),
            (Some("FTP"), "a", Some("x"), "a?x"),
            (Some("ftp"), "/a", Some("/.."), "/a?/.."),
            (Some("ftp"), "/a", None, "/a"),
            (Some("http"), "", Some("x"), ""),
            (Some("sftp"), "", Some("x"), ""),
            (None, "", Some("x"), ""),
        ] {
            let Outcome::Parsed { components, .. } =
                ftp_path_holds_query(parsed(scheme, path, query))
            else {
                panic!("a parse stays a parse");
            };
            assert_eq!(components.path, read, "{scheme:?} {path:?} {query:?}");
            assert_eq!(components.query.as_deref(), query);
        }
        let refused = Outcome::invalid("x".to_owned());
        assert_eq!(ftp_path_holds_query(refused.clone()), refused);
    }

    /// Perl's URI 5.17's own answers (`URI->new($input)->opaque`, and `->query` for mailto).
    #[test]
    fn opaque_classes_read_no_authority() {
        let components =
            |scheme: &str, host: Option<&str>, path: &str, query: Option<&str>| Components {
                scheme: Some(scheme.to_owned()),
                userinfo: host.map(|_| "u".to_owned()),
                host: host.map(str::to_owned),
                port: host.map(|_| "1".to_owned()),
                path: path.to_owned(),
                query: query.map(str::to_owned),
                fragment: Some("f".to_owned()),
            };
        let read = |c: Components| match opaque_classes_read(Outcome::Parsed {
            components: c,
            host_kind: Some(crate::reference::HostKind::RegName),
        }) {
            Outcome::Parsed {
                components,
                host_kind,
            } => (components, host_kind),
            other => panic!("{other:?}"),
        };
        // "mailto://u@h:1/p?q#f": the path "//u@h:1/p", the query "q".
        let (mailto, kind) = read(components("mailto", Some("h"), "/p", Some("q")));
        assert_eq!(mailto.path, "//u@h:1/p");
        assert_eq!(mailto.query.as_deref(), Some("q"));
        assert_eq!(
            (mailto.userinfo, mailto.host, mailto.port, kind),
            (None, None, None, None)
        );
        assert_eq!(mailto.fragment.as_deref(), Some("f"));
        // "URN:?%#f": the path "?%", no query.
        let (urn, _) = read(components("URN", None, "", Some("%")));
        assert_eq!((urn.path.as_str(), urn.query), ("?%", None));
        let (data, _) = read(components("data", Some(""), "", None));
        assert_eq!(data.path, "//u@:1");
        // "urn://[::1]" is "//%5B::1%5D", "URN://[::1]" and "mailto://[::1]" keep them.
        let (urn, _) = read(components("urn", Some("[::1]"), "", None));
        assert_eq!(urn.path, "//u@%5B::1%5D:1");
        let (upper, _) = read(components("URN", Some("[::1]"), "", None));
        assert_eq!(upper.path, "//u@[::1]:1");
        // "mailto:[ :?]#[": the escaped "[" and "]" given back everywhere ("%5B%20:" is
        // "[%20:"), and "%5b" written so as well; "MAILTO:" is not matched.
        let (mailto, _) = read(components("mailto", None, "%5B%20:%5b", Some("%5D")));
        assert_eq!(mailto.path, "[%20:[");
        assert_eq!(mailto.query.as_deref(), Some("]"));
        let (upper, _) = read(components("MAILTO", None, "%5B", None));
        assert_eq!(upper.path, "%5B");
        // Other classes are URI::_generic's.
        let (http, kind) = read(components("http", Some("h"), "/p", Some("q")));
        assert_eq!(
            (http.host.as_deref(), http.path.as_str()),
            (Some("h"), "/p")
        );
        assert!(kind.is_some());
    }

    /// Perl's URI 5.17's own answers (`URI->new_abs($input, $base)->as_string`).
    #[test]
    fn the_reference_is_the_opaque_part() {
        for (base, input, target) in [
            ("mailto:a/", "a", Some("mailto:a")),
            ("MaILTO:a/", "a", Some("MaILTO:a")),
            ("urn:/", "", Some("urn:")),
            ("mailto:%2E/", "./", Some("mailto:./")),
            ("data:x", "a b#c#d", Some("data:a%20b#c#d")),
            ("mailto:x", "//[::1]/[", Some("mailto://[::1]/%5B")),
            ("mailto:x", "//u%5b@h%5b:80", Some("mailto://u%5b@h[:80")),
            ("urn:x", "\u{e9}", Some("urn:%C3%A9")),
            ("mailto:x", "b:c", None),
            ("mailto:x", " a", None),
            ("http://h/", "a", None),
            ("urn:x", "isbn", None),
        ] {
            assert_eq!(
                reference_as_opaque_part(base, input).as_deref(),
                target,
                "{input:?} against {base:?}"
            );
        }
    }
}
