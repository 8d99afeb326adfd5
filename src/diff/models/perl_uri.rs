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
    host_part_fixed(out)
}

/// `_fix_uric_escape_for_host_part`'s last step on an escaped text without its scheme:
/// `^((?:$URI::scheme_re:)?)//([^/?\#]+)(.*)$`, the host's "%5B" and "%5D" given back.
fn host_part_fixed(out: String) -> String {
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

/// URI/_generic.pm's split of a URI into what stands before the path (the scheme, as its
/// `[^:/?\#]+:`, and the authority), the path with its query up to the "#" (`path_query`'s
/// `$2`), and the rest: `m,^((?:[^:/?\#]+:)?(?://[^/?\#]*)?)([^\#]*)(.*)$,s`.
fn split_path_query(text: &str) -> (&str, &str, &str) {
    let scheme_end = text
        .find([':', '/', '?', '#'])
        .filter(|&i| i > 0 && text.as_bytes()[i] == b':')
        .map_or(0, |i| i + 1);
    let prefix_end = match text[scheme_end..].strip_prefix("//") {
        Some(after) => scheme_end + 2 + after.find(['/', '?', '#']).unwrap_or(after.len()),
        None => scheme_end,
    };
    let end = text[prefix_end..]
        .find('#')
        .map_or(text.len(), |i| prefix_end + i);
    (&text[..prefix_end], &text[prefix_end..end], &text[end..])
}

/// What stands for a "?" that `URI::ftp`'s path holds, in the case the other steps of the
/// model resolve: a path character, absent from the strings where the rewrite is made.
const FTP_QUESTION_MARK: &str = "%3F";

/// The resolution `URI::_generic::abs` makes where both paths it reads are `URI::ftp`'s
/// (`sub path { shift->path_query(@_) }  # XXX`, URI/ftp.pm line 12), as a case the other
/// steps resolve: each "?" of the base's and the reference's path and query written as a path
/// character, so that the query is merged and its dot-segments read as abs reads them
/// (`my $path = $self->path;` ... `my $p = $base->path; $p =~ s,[^/]+$,,; $p .= $path;`,
/// URI/_generic.pm lines 174-188), and [`ftp_query_restored`] writes them back (abs sets the
/// result with `$abs->path(...)`, `path_query`'s setter, whose `$URI::uric` keeps "?").
///
/// The classes are `URI->new`'s: the reference's is its own scheme's, or the base's where it
/// has none (`$scheme = $1` for `m/^($scheme_re)(?::|$)/o` on the base), and `ftp` in any case
/// (`implementor`: `$scheme = lc($scheme)`). Only a reference that abs merges is rewritten: one
/// without a scheme (or with the base's where the caller allows it, `strict` false:
/// `$URI::ABS_ALLOW_RELATIVE_SCHEME` and `$scheme eq $base->scheme`, both lowercased by
/// `->scheme`), without "//" (`return $abs if $$self =~ m,^(?:$URI::scheme_re:)?//,o;`), whose
/// `path` is neither empty (the base's clone, query and all) nor starts with "/" (`return
/// $abs if $path =~ m,^/,;`), and where a "?" stands in either path. `None` elsewhere, and
/// where either string already holds "%3F" (the answer could not be read back).
pub(super) fn ftp_resolution_rewrite(case: &Request) -> Option<Request> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    let base_scheme = scheme_len(base)
        .filter(|&n| base.as_bytes().get(n) == Some(&b':'))
        .map(|n| &base[..n])?;
    if !base_scheme.eq_ignore_ascii_case("ftp") {
        return None;
    }
    if let Some(n) = scheme_len(input).filter(|&n| input.as_bytes().get(n) == Some(&b':')) {
        if *strict || !input[..n].eq_ignore_ascii_case(base_scheme) {
            return None;
        }
    }
    if base.contains(FTP_QUESTION_MARK) || input.contains(FTP_QUESTION_MARK) {
        return None;
    }
    let (prefix, path, rest) = split_path_query(input);
    if prefix.contains("//") || path.is_empty() || path.starts_with('/') {
        return None;
    }
    let (base_prefix, base_path, base_rest) = split_path_query(base);
    if !path.contains('?') && !base_path.contains('?') {
        return None;
    }
    let held = |path: &str| path.replace('?', FTP_QUESTION_MARK);
    // A first segment that took a ":" from the query is no scheme: "./" before it, which
    // the merge removes (RFC 2396 §5.2 step 6c), keeps it a path.
    let path = held(path);
    let first = path.split('/').next().unwrap_or_default();
    let dot = if prefix.is_empty() && first.contains(':') {
        "./"
    } else {
        ""
    };
    // A base path that is a query after an authority ("ftp://h?a/b") is the root's: abs writes
    // its merged path from "/" whatever it is.
    let root = if base_prefix.contains("//") && !base_path.is_empty() && !base_path.starts_with('/')
    {
        "/"
    } else {
        ""
    };
    Some(Request::Resolve {
        base: format!("{base_prefix}{root}{}{base_rest}", held(base_path)),
        input: format!("{prefix}{dot}{path}{rest}"),
        strict: *strict,
    })
}

/// The target with the "?" that [`ftp_resolution_rewrite`] wrote as a path character given
/// back, where it rewrote the case as given; other answers as they are.
pub(super) fn ftp_query_restored(original: &Request, answer: Outcome) -> Outcome {
    match answer {
        Outcome::Resolved(target) if ftp_resolution_rewrite(original).is_some() => {
            Outcome::Resolved(target.replace(FTP_QUESTION_MARK, "?"))
        }
        other => other,
    }
}

/// What `URI->new` makes of `input` where its class is `URI::mailto`, `URI::urn` or
/// `URI::data` (the scheme's, in any case), read from the text as URI.pm reads it, for an
/// input RFC 3986's grammar refuses even as the other steps read it (`URI->new` refuses
/// nothing: "Characters outside this set are automatically escaped by the URI constructor"):
/// `_uric_escape` encodes every character outside `$uric` and "#" ("[" and "]" too, URI.pm
/// lines 17-20 and 142), then `_fix_uric_escape_for_host_part` (lines 108-136) leaves a text
/// that starts with `$schemes_without_host_part_re` ("data|ldapi|urn|sqlite|sqlite3", matched
/// in its case) as it is, gives "[" and "]" back everywhere in one that starts "mailto:", and
/// in the host of any other ("URN://[<" is "URN://[%3C"). The class reads no authority: the
/// opaque part (`/^(?:$scheme_re:)?([^\#]*)/`) is the path, less "?" and the query for mailto
/// (`URI::_query`, what follows the first "?"), the fragment what follows the first "#".
/// `None` for another class, a text `URI->new` strips first (white space, "<...>" or
/// "\"...\"" wrappers), and a urn whose namespace has a class of its own (isbn, oid).
pub(super) fn opaque_class_parsed(input: &str) -> Option<Outcome> {
    let len = scheme_len(input).filter(|&n| input.as_bytes().get(n) == Some(&b':'))?;
    let scheme = &input[..len];
    let class = scheme.to_ascii_lowercase();
    if !matches!(class.as_str(), "mailto" | "urn" | "data") {
        return None;
    }
    if input.trim_matches(is_perl_space) != input
        || (input.starts_with('<') && input.ends_with('>'))
        || (input.len() >= 2 && input.starts_with('"') && input.ends_with('"'))
    {
        return None;
    }
    let mut escaped = String::with_capacity(input.len());
    for c in input.chars() {
        if is_uric_or_hash(c) {
            escaped.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                escaped.push_str(&format!("%{b:02X}"));
            }
        }
    }
    if class == "urn" {
        let nid = escaped[len + 1..].split(':').next().unwrap_or("");
        if nid.eq_ignore_ascii_case("isbn") || nid.eq_ignore_ascii_case("oid") {
            return None;
        }
    }
    if escaped.contains('%') {
        let without_host = ["data:", "ldapi:", "urn:", "sqlite:", "sqlite3:"];
        if without_host.iter().any(|p| escaped.starts_with(p)) {
        } else if escaped.starts_with("mailto:") {
            escaped = replace_ignore_case(&replace_ignore_case(&escaped, "%5B", "["), "%5D", "]");
        } else {
            let rest = host_part_fixed(escaped[len + 1..].to_owned());
            escaped = format!("{scheme}:{rest}");
        }
    }
    let rest = &escaped[len + 1..];
    let (opaque, fragment) = match rest.split_once('#') {
        Some((opaque, fragment)) => (opaque, Some(fragment.to_owned())),
        None => (rest, None),
    };
    let (path, query) = match opaque.split_once('?') {
        Some((path, query)) if class == "mailto" => (path, Some(query.to_owned())),
        _ => (opaque, None),
    };
    Some(Outcome::Parsed {
        components: crate::model::Components {
            scheme: Some(scheme.to_owned()),
            userinfo: None,
            host: None,
            port: None,
            path: path.to_owned(),
            query,
            fragment,
        },
        host_kind: None,
    })
}

/// The opaque classes' parse: [`opaque_classes_read`] on what the other steps answered where
/// RFC 3986's grammar reads the text, and where it refuses it ("urn://[<", which `URI->new`
/// escapes), the class's reading of the text itself ([`opaque_class_parsed`]): the other
/// steps read an authority, which the class has not.
/// `URI->new` strips the white space around the text before it picks the class (`$uri =~
/// s/^\s+//; $uri =~ s/\s+$//;`, URI.pm), so a text the grammar refuses once stripped is read
/// by the class as stripped (" mailto://[\x1f").
pub(super) fn opaque_classes_applied(original: &Request, answer: Outcome) -> Outcome {
    if let Request::Parse { input, .. } = original {
        let stripped = input.trim_matches(is_perl_space);
        if crate::reference::parse(stripped).is_err()
            && let Some(read) = opaque_class_parsed(stripped)
        {
            return read;
        }
    }
    opaque_classes_read(answer)
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

    /// Perl's URI 5.17's own answers (`URI->new($input)`: `->opaque`, `->query` for mailto,
    /// `->fragment`) for texts RFC 3986 refuses.
    #[test]
    fn an_opaque_class_reads_what_the_rfc_refuses() {
        let read = |input: &str| match opaque_class_parsed(input) {
            Some(Outcome::Parsed { components, .. }) => Some((
                components.path,
                components.query,
                components.fragment,
                components.host,
            )),
            _ => None,
        };
        let s = |t: &str| t.to_owned();
        assert_eq!(read("urn://[<"), Some((s("//%5B%3C"), None, None, None)));
        assert_eq!(
            read("mailto://[\t:"),
            Some((s("//[%09:"), None, None, None))
        );
        assert_eq!(read("URN://[<"), Some((s("//[%3C"), None, None, None)));
        assert_eq!(
            read("mailto:a<b?c d#e#f"),
            Some((s("a%3Cb"), Some(s("c%20d")), Some(s("e#f")), None))
        );
        assert_eq!(
            read("data:a?b[#"),
            Some((s("a?b%5B"), None, Some(s("")), None))
        );
        // Another class, a text URI->new strips, a urn namespace with a class of its own.
        assert_eq!(read("http://[<"), None);
        assert_eq!(
            read("urn: //[<"),
            Some((s("%20//%5B%3C"), None, None, None))
        );
        assert_eq!(read(" urn://[<"), None);
        assert_eq!(read("urn:isbn:[<"), None);
        assert_eq!(read("//[<"), None);
    }

    /// Perl's URI 5.17's own answers (`URI->new_abs($input, $base)->as_string`, with
    /// `$URI::ABS_ALLOW_RELATIVE_SCHEME` set where `strict` is false), composed as the
    /// catalogue composes the entry: the rewritten case resolved by RFC 2396 under Perl's
    /// choices (perl-uri-rfc2396-resolution, perl-uri-merged-path-rooted), then restored.
    #[test]
    fn an_ftp_resolution_merges_the_query_as_path() {
        use super::super::rfc2396::{self, AboveRoot, Choices};
        let choices = Choices {
            above_root: AboveRoot::Retain,
            current_document: Default::default(),
            current_document_is: Default::default(),
            empty_base_path: rfc2396::EmptyBasePath::Rooted,
            opaque_base: Default::default(),
            query_only: Default::default(),
            absolute_path: Default::default(),
        };
        let resolved = |base: &str, input: &str, strict: bool| {
            let case = Request::Resolve {
                base: base.to_owned(),
                input: input.to_owned(),
                strict,
            };
            let Some(Request::Resolve { base, input, .. }) = ftp_resolution_rewrite(&case) else {
                return None;
            };
            let target = rfc2396::resolve(&base, &input, strict, choices)?;
            match ftp_query_restored(&case, Outcome::Resolved(target)) {
                Outcome::Resolved(target) => Some(target),
                _ => None,
            }
        };
        for (base, input, strict, target) in [
            ("ftp://h/a/b?q", "?y", true, "ftp://h/a/?y"),
            ("ftp:", "a/.?", true, "ftp:/a/.?"),
            ("ftp://h", "~?/..", true, "ftp://h/"),
            ("ftp://h/p?a/b", "c", true, "ftp://h/p?a/c"),
            ("ftp://h?a/b", "c", true, "ftp://h/?a/c"),
            ("ftp:?a/b", "c", true, "ftp:/?a/c"),
            ("ftp://h/a/b", "?a:b", true, "ftp://h/a/?a:b"),
            ("ftp://h/a/b", "..?x", true, "ftp://h/a/..?x"),
            ("ftp://h/a/b", "x?/../y#f", true, "ftp://h/a/y#f"),
            ("ftp://h/a/b?x", "c?d?e", true, "ftp://h/a/c?d?e"),
            ("ftp://h/p?q", "ftp:x?y", false, "ftp://h/x?y"),
        ] {
            assert_eq!(
                resolved(base, input, strict).as_deref(),
                Some(target),
                "{input:?} against {base:?}"
            );
        }
        // What abs does not merge, or merges as URI::_generic does, is not rewritten: another
        // class ("?y" against "http://h/a/b" keeps the base's path), a reference with "//", an
        // absolute path, an empty one, a scheme of its own, no "?" in either path, and a
        // string that holds the stand-in already.
        for (base, input, strict) in [
            ("http://h/a/b", "?y", true),
            ("sftp://h/a/b", "?y", true),
            ("ftp://h/a/b", "//g?q", true),
            ("ftp://h/a/b", "/p?q", true),
            ("ftp://h/a/b?q", "#f", true),
            ("ftp://h/a/b?q", "", true),
            ("ftp://h/p?q", "ftp:x?y", true),
            ("ftp://h/p?q", "http:x?y", false),
            ("ftp://h/a/b", "c", true),
            ("ftp://h/a/b", "c?%3F", true),
        ] {
            let case = Request::Resolve {
                base: base.to_owned(),
                input: input.to_owned(),
                strict,
            };
            assert_eq!(
                ftp_resolution_rewrite(&case),
                None,
                "{input:?} against {base:?}"
            );
            let given = Outcome::Resolved("ftp://h/%3F".to_owned());
            assert_eq!(ftp_query_restored(&case, given.clone()), given);
        }
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
