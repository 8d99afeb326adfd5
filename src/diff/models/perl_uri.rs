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

#[cfg(test)]
mod tests {
    use super::*;

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
