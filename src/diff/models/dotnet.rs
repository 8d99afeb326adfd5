//! System.Uri's own rules as Mono 6.8 runs it (the .NET reference source,
//! mcs/class/referencesource/System/net/System/URI.cs), written from its source and its
//! answers, for its adapter's catalogue (`adapters/dotnet/system-uri/known-differences.yaml`).
//!
//! `Uri.ParseSchemeCheckImplicitFile` reads a text that starts with a drive letter ("c:/",
//! "c|\\") or with two slashes ("//", "/\\") as an implicit file path, not as a reference: the
//! URI is `file:` with an empty host, and the whole text is its path, "?" and "#" included
//! (Microsoft's "Changes to the System.Uri namespace in Version 2.0": "For implicit file URIs
//! ... the fragment character ('#') is always escaped").

use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::{self, HostKind, remove_dot_segments};

/// Which implicit file path `text` is, if any (`ParseSchemeCheckImplicitFile`): a drive
/// letter followed by ":" or "|" and a slash or backslash ("c:/", "c|\\"), or, on Unix, a
/// "/" followed by a slash or backslash, or any text of three or more UTF-16 units that starts
/// with "/" ("/ab"; "/a" is a relative reference).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FilePath {
    /// "c:/...": the drive's segment is never removed by "..".
    Drive,
    /// "/...".
    Unix,
}

fn file_path_kind(text: &str) -> Option<FilePath> {
    let bytes = text.as_bytes();
    if bytes.len() >= 3
        && bytes[0].is_ascii_alphabetic()
        && matches!(bytes[1], b':' | b'|')
        && matches!(bytes[2], b'/' | b'\\')
    {
        return Some(FilePath::Drive);
    }
    let unix = bytes.first() == Some(&b'/')
        && (matches!(bytes.get(1), Some(b'/' | b'\\')) || text.encode_utf16().count() >= 3);
    unix.then_some(FilePath::Unix)
}

/// The error System.Uri gives a text whose one-letter scheme is not followed by a slash or a
/// backslash (`ParseSchemeCheckImplicitFile`: "Note that we don't support one-letter schemes
/// that will be put into a DOS path bucket"; "a:b" and "a|b" are
/// `ParsingError.MustRootedPath`), after its leading spaces, tabs and line breaks.
fn drive_refused(text: &str) -> Option<&'static str> {
    let bytes = text.trim_start_matches([' ', '\t', '\n', '\r']).as_bytes();
    if bytes.len() < 3 || !bytes[0].is_ascii_alphabetic() || matches!(bytes[2], b'/' | b'\\') {
        return None;
    }
    matches!(bytes[1], b':' | b'|')
        .then_some("Invalid URI: A Dos path must be rooted, for example, 'c:\\'.")
}

/// The error System.Uri gives an absolute URI's text that has fewer than three UTF-16 units
/// after its leading spaces, tabs and line breaks (`ParseSchemeCheckImplicitFile`, before it
/// reads a drive letter: "NB: A string must have at least 3 characters and at least 1 before
/// ':'", `if (idx+2 >= length || end == idx) { err = ParsingError.BadFormat; return 0; }`,
/// where "we don't support one-letter schemes that will be put into a DOS path bucket"): "a:"
/// and " a:" are `ParsingError.BadFormat`, where RFC
/// 3986 takes the one-letter scheme and the empty path. The trailing white space is still
/// there (`m_String` is cut after the scheme is read): "a: " is a drive letter's.
fn too_short(text: &str) -> Option<&'static str> {
    let after = text.trim_start_matches([' ', '\t', '\n', '\r']);
    (after.encode_utf16().count() < 3)
        .then_some("Invalid URI: The format of the URI could not be determined.")
}

/// Its text with the trailing spaces, tabs and line breaks cut (`PrivateParseMinimal`: "Cut
/// trailing spaces in m_String").
fn trimmed(text: &str) -> &str {
    text.trim_end_matches([' ', '\t', '\n', '\r'])
}

/// The path System.Uri gives `text` when it reads it as an implicit file path, or `None` when
/// it does not (see [`FilePath`]).
pub(super) fn implicit_file_path(text: &str) -> Option<String> {
    let text = trimmed(text);
    // "//skip whitespaces" before a drive letter; a "/" after white space is no file path on
    // Mono (" //a" is a relative reference).
    let after = text.trim_start_matches([' ', '\t', '\n', '\r']);
    if file_path_kind(after) == Some(FilePath::Drive) {
        return Some(canonical(after, FilePath::Drive));
    }
    Some(canonical(text, file_path_kind(text)?))
}

/// An implicit file path's text as `AbsolutePath` gives it: each "\\" is a "/" and the drive's
/// "|" a ":"; the bidirectional controls are dropped (`StripBidiControlCharacter`); a triplet of
/// an unreserved character is decoded and any other triplet's "%" escaped ("%2F" is "%252F"); a
/// lone "%", the controls, the space, `"#<>?^`{|}` and the characters outside ASCII (as UTF-8)
/// are percent-encoded, and those RFC 3987 does not allow in an IRI's path (C1 controls,
/// private use, non-characters) encoded twice, their "%" escaped again ("%25C2%259F"); then the
/// dot-segments are removed, below the drive for a drive path.
fn canonical(text: &str, kind: FilePath) -> String {
    // `CheckCanonical(str, ref idx, length, c_DummyChar)`: U+FFFF, the delimiter an implicit
    // file path is read up to, ends it.
    let text = text.split('\u{ffff}').next().unwrap_or(text);
    // IRI parsing (`EscapeUnescapeIri`) before: a run of triplets that is UTF-8 for IRI
    // characters is decoded, then escaped once below ("/%c3%a9" is "/%C3%A9").
    let decoded;
    let text = if iri_parsing(text) {
        decoded = iri_path_unescaped(text, false);
        decoded.as_str()
    } else {
        text
    };
    let drive = kind == FilePath::Drive;
    let mut path = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    // The characters IriHelper.EscapeUnescapeIri copies "as is" after a "%" that starts no
    // triplet (`if (ch == Uri.c_DummyChar || ...) { // keep as is`: the "%" and the next two
    // characters), which no triplet is then read from.
    let mut copied = 0;
    while let Some((at, c)) = chars.next() {
        let copy = copied > 0;
        copied -= usize::from(copy);
        match c {
            '%' if copy => path.push_str("%25"),
            '\\' => path.push('/'),
            '|' if drive && at == 1 => path.push(':'),
            // A bidirectional control goes, but one of the two characters copied after a lone
            // "%", which is escaped with the rest ("/%\u{202a}@" is "/%25%E2%80%AA@").
            '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' if !copy => {}
            '%' => match triplet(&text[at + 1..]) {
                Some(octet) if is_unreserved(octet) => {
                    path.push(char::from(octet));
                    chars.next();
                    chars.next();
                }
                Some(_) => path.push_str("%25"),
                None => {
                    path.push_str("%25");
                    copied = text[at + 1..].chars().count().min(2);
                }
            },
            c if escaped(c) => {
                let twice = !c.is_ascii() && !is_ucschar(c);
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    path.push_str(if twice { "%25" } else { "%" });
                    path.push_str(&format!("{b:02X}"));
                }
            }
            c => path.push(c),
        }
    }
    if drive {
        format!("{}{}", &path[..2], remove_dot_segments(&path[2..]))
    } else {
        remove_dot_segments(&path)
    }
}

/// RFC 3987 §2.2's `ucschar`, which System.Uri's IRI parsing keeps (`IriHelper.CheckIriUnicodeRange`).
fn is_ucschar(c: char) -> bool {
    let c = u32::from(c);
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (0x10000..=0xEFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD && c < 0xE0000
        || (0xE1000..=0xEFFFD).contains(&c)
}

/// The octet of the pct-encoded triplet `rest` starts with (after its "%"), if any.
fn triplet(rest: &str) -> Option<u8> {
    let hex = rest.get(..2)?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u8::from_str_radix(hex, 16).ok()
}

/// RFC 3986 §2.3's `unreserved`, which System.Uri decodes.
fn is_unreserved(octet: u8) -> bool {
    octet.is_ascii_alphanumeric() || matches!(octet, b'-' | b'.' | b'_' | b'~')
}

/// The characters System.Uri escapes in an implicit file path (`CheckCanonical`: controls,
/// characters above "z" but "~", `c <= '"'` but "!", "[" to "^" but those it keeps, "<",
/// ">", "`", and "?" and "#", which an implicit file path does not have as delimiters).
fn escaped(c: char) -> bool {
    c <= ' '
        || c == '\u{7f}'
        || !c.is_ascii()
        || matches!(c, '"' | '#' | '<' | '>' | '?' | '^' | '`' | '{' | '|' | '}')
}

/// The answer with an implicit file path read as System.Uri reads it: a parse gives `file:`
/// with the empty host and the path; a normalization gives `AbsoluteUri`, "file://" and the
/// path. `original` is the case as given.
pub(super) fn apply_implicit_file(original: &Request, answer: Outcome) -> Outcome {
    let texts: &[&String] = match original {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => &[input],
        Request::Resolve { base, input, .. } => &[base, input],
    };
    if let Some(error) = texts.iter().find_map(|t| drive_refused(t)) {
        return Outcome::invalid(error.into());
    }
    // The texts read as absolute URIs (`UriKind.Absolute`, and a resolution's base); a
    // relative reference of fewer than three units is read as one.
    let absolute = match original {
        Request::Parse { input, .. } => {
            (original.checked_rule() == Ok(reference::Rule::Uri)).then_some(input)
        }
        Request::Normalize { input, .. } => Some(input),
        Request::Resolve { base, .. } => Some(base),
    };
    if let Some(error) = absolute.and_then(|t| too_short(t)) {
        return Outcome::invalid(error.into());
    }
    // Read as an absolute URI, the text after its leading white space is a Unix path too
    // (`ParseSchemeCheckImplicitFile`: "//skip whitespaces" before it looks at the first
    // character): "\t/.." read by `URI` is file:///.
    let unix_after_space = |input: &str| {
        let after = input.trim_start_matches([' ', '\t', '\n', '\r']);
        (absolute.is_some() && after.len() < input.len())
            .then(|| implicit_file_path(after))
            .flatten()
    };
    match original {
        Request::Parse { input, .. } => {
            match implicit_file_path(input).or_else(|| unix_after_space(input)) {
                Some(path) => Outcome::Parsed {
                    components: Components {
                        scheme: Some("file".into()),
                        userinfo: None,
                        host: Some(String::new()),
                        port: None,
                        path,
                        query: None,
                        fragment: None,
                    },
                    host_kind: Some(HostKind::RegName),
                },
                None => answer,
            }
        }
        Request::Normalize { input, .. } => match implicit_file_path(input) {
            Some(path) => Outcome::Normalized(absolute_uri(&path)),
            None => answer,
        },
        Request::Resolve { base, input, .. } => match file_target(base, input) {
            Some(path) => Outcome::Resolved(absolute_uri(&path)),
            None => answer,
        },
    }
}

/// The `AbsoluteUri` of the file URI whose path is `path`: "file://" and the path, with a "/"
/// before a drive letter ("file:///c:/").
fn absolute_uri(path: &str) -> String {
    if path.starts_with('/') {
        format!("file://{path}")
    } else {
        format!("file:///{path}")
    }
}

/// The target path of `reference` against `base` where System.Uri reads either as an implicit
/// file path (`Uri.CombineUri` on the base's text): a drive path reference is itself; against
/// an implicit file base, a reference that starts with two slashes is an implicit file path of
/// its own, one that starts with one is put after the base's drive (if any), the empty one is
/// the base, and any other (with no scheme) replaces the base's text after its last slash, "?"
/// and "#" being characters of the path. `None` where neither is an implicit file path or the
/// reference has a scheme.
fn file_target(base: &str, reference: &str) -> Option<String> {
    let reference = trimmed(reference);
    if file_path_kind(reference) == Some(FilePath::Drive) {
        return implicit_file_path(reference);
    }
    let base = trimmed(base);
    let kind = file_path_kind(base)?;
    // The base's parser is the "file" scheme's: a reference that starts with "file:" is read
    // without it (`GetCombinedString`: "Remove the scheme for backward Uri parsers
    // compatibility", `baseUri.Syntax == syntax`), where no "/" follows (which may make it an
    // absolute URI of its own).
    let reference = match reference.get(..5) {
        Some(head)
            if head.eq_ignore_ascii_case("file:") && !reference[5..].starts_with(['/', '\\']) =>
        {
            &reference[5..]
        }
        _ => reference,
    };
    if crate::reference::parse(reference).is_ok_and(|r| r.scheme.is_some()) {
        return None;
    }
    let slashed = reference.replace('\\', "/");
    let text = if slashed.starts_with("//") {
        return Some(canonical(reference, FilePath::Unix));
    } else if slashed.starts_with('/') {
        match kind {
            FilePath::Drive => format!("{}{reference}", &base[..2]),
            FilePath::Unix => reference.to_owned(),
        }
    } else if reference.is_empty() {
        base.to_owned()
    } else {
        let cut = base.rfind(['/', '\\']).map_or(0, |at| at + 1);
        format!("{}{reference}", &base[..cut])
    };
    Some(canonical(&text, kind))
}

/// The text after "mailto:" (any case), where `text` starts with that scheme.
fn after_mailto(text: &str) -> Option<&str> {
    let head = text.get(..7)?;
    head.eq_ignore_ascii_case("mailto:").then(|| &text[7..])
}

/// The case as System.Uri's "mailto" parser reads it (UriSyntax.cs: `MailToLikeUri`, "V1
/// parser inheritance mailTo:AuthorityButNoSlashes"; URI.cs, `PrivateParseMinimal`: the
/// authority is read where no "//" starts it, `m_Syntax.NotAny(UriSyntaxFlags.MailToLikeUri)`
/// being the only way out without one): an authority right after "mailto:", so "//" is put
/// before it ("mailto:a" as "mailto://a", "mailto://a" as "mailto:////a", the empty host and
/// the path "//a"). `None` for another scheme or operation.
pub(super) fn mailto_authority(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let rest = after_mailto(input)?;
    Some(Request::Parse {
        input: format!("{}//{rest}", &input[..7]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The answer for a scheme whose built-in `UriParser` reads its authority otherwise
/// (UriSyntax.cs): "mailto" ([`mailto_authority`] read the case) has no `PathIsRooted`, so
/// the empty path after its host stays empty where the text has none ("mailto:a" has the path
/// ""); "news", with neither `MustHaveAuthority` nor `OptionalAuthority`, has none, and what
/// follows "//" is the path. `original` is the case as given.
pub(super) fn scheme_without_authority(original: &Request, answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
    match scheme.as_deref() {
        Some("mailto") => {
            let text = match original {
                Request::Parse { input, .. } => input.trim_matches(LWS),
                _ => "",
            };
            let rest = after_mailto(text).unwrap_or_default();
            let before = &rest[..rest.find(['?', '#']).unwrap_or(rest.len())];
            if components.path == "/" && !before.contains('/') {
                components.path.clear();
            }
            return Outcome::Parsed {
                components,
                host_kind,
            };
        }
        Some("news") => {}
        _ => {
            return Outcome::Parsed {
                components,
                host_kind,
            };
        }
    }
    let Some(host) = components.host.take() else {
        return Outcome::Parsed {
            components,
            host_kind,
        };
    };
    let mut path = String::from("//");
    if let Some(userinfo) = components.userinfo.take() {
        path.push_str(&userinfo);
        path.push('@');
    }
    path.push_str(&host);
    if let Some(port) = components.port.take() {
        path.push(':');
        path.push_str(&port);
    }
    path.push_str(&components.path);
    components.path = path;
    Outcome::Parsed {
        components,
        host_kind: None,
    }
}

/// The characters the model of [`mailto_combined`] reads: those every component of
/// System.Uri's "mailto" keeps as written (no escaping, no decoding, no white space).
fn mailto_plain(text: &str) -> bool {
    text.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~/?#@!$&'()*+,;=:".contains(&b))
}

/// The target System.Uri gives a reference with a path against a "mailto" base: URI.cs,
/// `CombineUri`, writes the base's scheme, userinfo and host (`GetParts(UriComponents.
/// SchemeAndServer|UriComponents.UserInfo, ...)`: "mailto:" and the authority without "//",
/// `MailToLikeUri`, the host lowercased) and then, for an absolute path, the reference ("return
/// left + relativePart"), or, for a relative one, the base's path up to its last "/" merged
/// with the reference, compressed ([`combined_compressed`]), its query and fragment after it
/// ("extra"); "//" starts a reference written after "mailto:" ("return basePart.Scheme + ':' +
/// relativePart"). "mailto" has no `UriSyntaxFlags.PathIsRooted`, so the base's empty path
/// stays empty and the relative path is written right after the host: "x" against
/// "mailto:a@b" is "mailto:a@bx" (the host "bx"), "/" against "mailto://" is "mailto:/" (the
/// empty authority, then the path "/", where "mailto://" has the path "//"), where RFC 3986
/// §5.2.3 merges a path against a base with an authority and an empty path as "/" and the
/// reference's. The text so made is parsed again, and `AbsoluteUri` is the target. The model
/// reads the texts of [`mailto_plain`] characters, a base whose authority is a userinfo of
/// unreserved characters and a DNS name or none, and no port, a base path without
/// dot-segments, and a combined authority of the same kind; any other case keeps `answer`.
pub(super) fn mailto_combined(case: &Request, answer: Outcome) -> Outcome {
    let Request::Resolve { base, input, .. } = case else {
        return answer;
    };
    if !matches!(answer, Outcome::Resolved(_)) {
        return answer;
    }
    let reference = input.trim_matches(LWS);
    let Some(rest) = after_mailto(base.trim_matches(LWS)) else {
        return answer;
    };
    if !mailto_plain(rest)
        || !mailto_plain(reference)
        || reference.is_empty()
        || reference.starts_with(['?', '#'])
        || has_scheme(reference)
    {
        return answer;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, after) = rest.split_at(end);
    let path = &after[..after.find(['?', '#']).unwrap_or(after.len())];
    let plain_authority = |authority: &str| {
        let (userinfo, host) = authority.rsplit_once('@').unwrap_or(("", authority));
        userinfo.bytes().all(is_unreserved)
            && (host.is_empty() || iri_dns_name(host) && host.is_ascii())
    };
    if !plain_authority(authority) || path.split('/').any(|s| s == "." || s == "..") {
        return answer;
    }
    let left = match authority.rsplit_once('@') {
        Some((userinfo, host)) => format!("mailto:{userinfo}@{}", host.to_ascii_lowercase()),
        None => format!("mailto:{}", authority.to_ascii_lowercase()),
    };
    let combined = if let Some(after_slash) = reference.strip_prefix('/') {
        if after_slash.starts_with('/') {
            format!("mailto:{reference}")
        } else {
            format!("{left}{reference}")
        }
    } else {
        let kept = path.rfind('/').map_or("", |at| &path[..=at]);
        let split = reference.find(['?', '#']).unwrap_or(reference.len());
        let merged = combined_compressed(&format!("{kept}{}", &reference[..split]));
        format!("{left}{merged}{}", &reference[split..])
    };
    // The combined text's own authority, as "mailto" reads it again.
    let own = &combined[7..];
    let own_authority = &own[..own.find(['/', '?', '#']).unwrap_or(own.len())];
    if own_authority.matches('@').count() > 1 || !plain_authority(own_authority) {
        return answer;
    }
    Outcome::Resolved(combined)
}

/// The schemes whose built-in parser must have an authority and takes no empty host
/// (UriSyntax.cs: `MustHaveAuthority` without `AllowEmptyHost`).
const HOST_REQUIRED: &[&str] = &[
    "ftp", "gopher", "http", "https", "net.pipe", "net.tcp", "nntp", "telnet", "ws", "wss",
];

/// Whether `host` is a name `DomainNameHelper` takes: labels of letters, digits, "-" and "_"
/// (a character outside ASCII, which IDN reads, is left to the other entries), separated by
/// single dots, with a final dot allowed.
fn dns_name(host: &str) -> bool {
    let labels = host.strip_suffix('.').unwrap_or(host);
    !labels.is_empty()
        && labels.split('.').all(|label| {
            !label.is_empty()
                && label
                    .chars()
                    .all(|c| !c.is_ascii() || c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        })
}

/// The answer with the host refused where System.Uri's `CheckAuthorityHelper` finds no host
/// type ("Invalid URI: The hostname could not be parsed."): an IPv6 address (`IPv6AddressHelper`;
/// an IPvFuture literal is none), an IPv4 address or a DNS name ([`dns_name`]) is a host, and,
/// for the unknown scheme's parser, a host of one or two dots ("ATTN V1 compat: V1 supports
/// hostnames like ".." and "."", `V1_UnknownUri`); no scheme takes `AllowAnyOtherHost`, the
/// registered name of RFC 3986 §3.2.2. The empty host is taken only when nothing follows "//"
/// but "/", "?", "#" or the end ("Special case is an empty authority") and the scheme's parser
/// has `AllowEmptyHost` (not http, ftp and the others of `MustHaveAuthority`); after a userinfo
/// or before a port it is no DNS name. The "file" scheme, which reads a UNC host, is left as
/// it is.
pub(super) fn host_refused(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        components,
        host_kind,
    } = &answer
    else {
        return answer;
    };
    let Some(host) = components.host.as_deref() else {
        return answer;
    };
    let scheme = scheme_lowercased(components);
    if scheme == "file" {
        return answer;
    }
    let known = KNOWN_SCHEMES.contains(&scheme.as_str()) || scheme == "news" || scheme == "uuid";
    let taken = match host_kind {
        Some(HostKind::Ipv6 | HostKind::Ipv4) => true,
        _ if host.is_empty() => {
            components.userinfo.is_none()
                && components.port.is_none()
                && !HOST_REQUIRED.contains(&scheme.as_str())
        }
        _ => dns_name(host) || (!known && matches!(host, "." | "..")),
    };
    if taken {
        answer
    } else {
        Outcome::invalid(
            "UriFormatException: Invalid URI: The hostname could not be parsed.".into(),
        )
    }
}

/// The schemes whose built-in parser takes no UNC host (UriSyntax.cs: net.tcp and net.pipe
/// have no `UriSyntaxFlags.AllowUncHost`; mailto, news and uuid read no "//" authority).
const NO_UNC_HOST: &[&str] = &["mailto", "net.pipe", "net.tcp", "news", "uuid"];

/// Whether `host` is a name `DomainNameHelper.IsValidByIri` (_DomainName.cs) takes: labels of
/// at most 63 UTF-16 units separated by single dots, a final dot allowed, each starting with
/// an ASCII letter or digit and going on with letters, digits, "-" and "_", where a character
/// from U+00A0 on stands anywhere (`if ((*curPos++ < 0xA0) && !IsValidDomainLabelCharacter(...
/// ))`, the first character held to `IsASCIILetterOrDigit`).
fn iri_dns_name(host: &str) -> bool {
    let wide = |c: char| c >= '\u{a0}';
    let labels = host.strip_suffix('.').unwrap_or(host);
    !labels.is_empty()
        && labels.split('.').all(|label| {
            let mut chars = label.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || wide(c))
                && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_') || wide(c))
                && label.encode_utf16().count() <= 63
        })
}

/// Whether `host` is a name `UncNameHelper.IsValid` (_UncName.cs) takes: a first segment of
/// letters (`Char.IsLetter`), digits, "-" and "_", not all digits ("First segment could
/// consist of only '_' or '-' but it cannot be all digits or empty"), then segments after
/// single dots that start with a letter or a digit ("Subsequent segments must start with a
/// letter or a digit"), a final dot allowed ("last segment can end with the dot").
fn unc_name(host: &str) -> bool {
    let chars: Vec<char> = host.chars().collect();
    let mut valid = false;
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        at += 1;
        if c == '.' {
            break;
        }
        if c.is_alphabetic() || matches!(c, '-' | '_') {
            valid = true;
        } else if !c.is_ascii_digit() {
            return false;
        }
    }
    if !valid {
        return false;
    }
    while at < chars.len() {
        let c = chars[at];
        if c == '.' {
            if !valid || chars[at - 1] == '.' {
                return false;
            }
            valid = false;
        } else if matches!(c, '-' | '_') {
            if !valid {
                return false;
            }
        } else if c.is_alphabetic() || c.is_ascii_digit() {
            valid = true;
        } else {
            return false;
        }
        at += 1;
    }
    valid || chars.last() == Some(&'.')
}

/// Whether System.Uri takes `host` of a URI of `scheme` as a UNC name only, no DNS name
/// (`CheckAuthorityHelper`: `IsValidByIri` first, then `UncNameHelper.IsValid` where the
/// scheme's parser has `AllowUncHost`), read as its characters (its triplets decoded where
/// they are UTF-8).
fn unc_host_only(scheme: &str, host: &str) -> bool {
    let decoded = percent_decoded(host);
    let host = decoded.as_deref().unwrap_or(host);
    !host.is_empty() && !NO_UNC_HOST.contains(&scheme) && !iri_dns_name(host) && unc_name(host)
}

/// `text` with its triplets decoded, where it has some and they decode to UTF-8.
fn percent_decoded(text: &str) -> Option<String> {
    if !text.contains('%') {
        return None;
    }
    let mut bytes = Vec::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        // Only after a "%" (one byte) is the rest read: anywhere else `at + 1` may fall
        // inside a character (".%2e\u{f0000}" read through the parser in a normalization).
        match (text.as_bytes()[at] == b'%')
            .then(|| triplet(&text[at + 1..]))
            .flatten()
        {
            Some(octet) => {
                bytes.push(octet);
                at += 3;
            }
            None => {
                bytes.push(text.as_bytes()[at]);
                at += 1;
            }
        }
    }
    String::from_utf8(bytes).ok()
}

/// Whether a run of decoded octets holds a UTF-8 sequence of a character outside US-ASCII.
fn utf8_in_run(run: &[u8]) -> bool {
    (0..run.len()).any(|at| {
        run[at] >= 0xC0
            && (2..=4).any(|n| {
                run.get(at..at + n)
                    .is_some_and(|s| std::str::from_utf8(s).is_ok())
            })
    })
}

/// Whether System.Uri finds Unicode in `text` (UriExt.cs, `CheckForUnicode`: a character
/// outside US-ASCII, written or percent-encoded as UTF-8, "%C3%A9" but not "%80") or a
/// percent-encoded unreserved character (`CheckForEscapedUnreserved`): the text "has
/// Unicode" (`Flags.HasUnicode`) and its components are written again from its original
/// string (`newHost`, `ParseRemaining`).
fn has_unicode(text: &str) -> bool {
    if !text.is_ascii() || escaped_unreserved(text) {
        return true;
    }
    let bytes = text.as_bytes();
    let mut run = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if let Some(octet) = triplet(&text[at + 1..]).filter(|_| bytes[at] == b'%') {
            run.push(octet);
            at += 3;
            continue;
        }
        if utf8_in_run(&run) {
            return true;
        }
        run.clear();
        at += 1;
    }
    utf8_in_run(&run)
}

/// The URI `text` ("scheme://...") without the host and port of its authority where the
/// host is a UNC name only ([`unc_host_only`]); `None` where it keeps them.
fn unc_host_cut(text: &str) -> Option<String> {
    let colon = text.find(':')?;
    let scheme = text[..colon].to_ascii_lowercase();
    let rest = text[colon + 1..].strip_prefix("//")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let host_at = authority.rfind('@').map_or(0, |at| at + 1);
    let host_port = &authority[host_at..];
    let host = host_port.split(':').next().unwrap_or(host_port);
    unc_host_only(&scheme, host).then(|| {
        format!(
            "{}//{}{}",
            &text[..=colon],
            &authority[..host_at],
            &rest[end..]
        )
    })
}

/// The answer with a UNC host emptied where the text has Unicode: URI.cs,
/// `CheckAuthorityHelper`, builds the IRI form of the text in `newHost` ("need to build new
/// Iri'zed string": the text up to the authority, then the userinfo), and each host type's
/// branch appends the host to it (`newHost += new string(pString, start, end - start)` for an
/// IP address, `CheckAuthorityHelperHandleDnsIri` for a DNS name), but the UNC branch
/// (`UncNameHelper.IsValid` ... `flags |= Flags.UncHostType`) appends nothing, and the port
/// is appended only after a host so written (`if (iriParsing && hasUnicode &&
/// justNormalized)`): "aa://-/%41" has the empty host ("-" is no DNS name, its label starting
/// with "-", and is a UNC name) and `AbsoluteUri` "aa:///A", "aa://u@-:5/%41" is written
/// "aa://u@/A" (`Port` still reads 5 from the text's offsets), "aa://-\u{e9}/" has the empty
/// host, while "aa://-/A" keeps "-". A resolution's target is parsed from the combined text:
/// the reference's Unicode empties it, and so does the base's where its authority is the
/// target's (the base was parsed with its host emptied).
pub(super) fn unc_host_emptied(original: &Request, answer: Outcome) -> Outcome {
    match (original, answer) {
        (
            Request::Parse { input, .. },
            Outcome::Parsed {
                mut components,
                host_kind,
            },
        ) => {
            let scheme = scheme_lowercased(&components);
            let unc = matches!(host_kind, Some(HostKind::RegName) | None)
                && components
                    .host
                    .as_deref()
                    .is_some_and(|host| unc_host_only(&scheme, host));
            if unc && has_unicode(input) {
                components.host = Some(String::new());
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        (Request::Normalize { input, .. }, Outcome::Normalized(text)) => {
            match unc_host_cut(&text).filter(|_| has_unicode(input)) {
                Some(cut) => Outcome::Normalized(cut),
                None => Outcome::Normalized(text),
            }
        }
        (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) => {
            let reference = input.trim_matches(LWS);
            let base_scheme = base.trim_start_matches(LWS).split(':').next();
            let after_scheme = match reference.split_once(':') {
                Some((scheme, rest)) if has_scheme(reference) => Some(rest).filter(|_| {
                    Some(scheme)
                        .is_some_and(|s| base_scheme.is_some_and(|b| b.eq_ignore_ascii_case(s)))
                }),
                _ => Some(reference),
            };
            let own_authority = after_scheme.is_none_or(|rest| rest.starts_with("//"));
            let unicode = has_unicode(reference) || (!own_authority && has_unicode(base));
            match unc_host_cut(&target).filter(|_| unicode) {
                Some(cut) => Outcome::Resolved(cut),
                None => Outcome::Resolved(target),
            }
        }
        (_, answer) => answer,
    }
}

/// The schemes whose built-in parser must have an authority (UriSyntax.cs:
/// `MustHaveAuthority`).
const AUTHORITY_REQUIRED: &[&str] = &[
    "file", "ftp", "gopher", "http", "https", "ldap", "net.pipe", "net.tcp", "nntp", "telnet",
    "vsmacros", "ws", "wss",
];

/// The address `inet_aton` reads in `host`: one to four numbers separated by dots, each
/// decimal, octal after a "0" or hexadecimal after "0x", the last filling the bytes the
/// others leave (RFC 3986 §7.4's "Rare IP Address Formats").
fn inet_aton(host: &str) -> Option<u32> {
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        let (digits, radix) =
            if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (hex, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else {
                (*part, 10)
            };
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        numbers.push(u64::from_str_radix(digits, radix).ok()?);
    }
    let (last, first) = numbers.split_last()?;
    if first.iter().any(|&n| n > 255) || *last >= 1u64 << (8 * (4 - first.len())) {
        return None;
    }
    let high = first
        .iter()
        .enumerate()
        .fold(0u64, |address, (i, &n)| address | n << (8 * (3 - i)));
    u32::try_from(high | last).ok()
}

/// The scheme of `components` in lowercase, as System.Uri compares it ("" without one).
fn scheme_lowercased(components: &Components) -> String {
    components
        .scheme
        .as_deref()
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}

/// The answer with a host of one to four numbers read as an IPv4 address, where the scheme
/// has its own parser (URI.cs, `CheckAuthorityHelper`: `IPv4AddressHelper.IsValid(...,
/// syntax.InFact(UriSyntaxFlags.V1_UnknownUri))`, which reads the short, octal and
/// hexadecimal forms but for the unknown scheme's parser), and `Host` writes it in dotted
/// decimal: "http://0" has the host "0.0.0.0", "http://1.2" "1.0.0.2", "http://0x10"
/// "0.0.0.16".
pub(super) fn ipv4_numbers(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = scheme_lowercased(&components);
    let address = components
        .host
        .as_deref()
        .filter(|_| KNOWN_SCHEMES.contains(&scheme.as_str()) && scheme != "file")
        .filter(|_| matches!(host_kind, Some(HostKind::RegName | HostKind::Ipv4)))
        .and_then(inet_aton);
    match address {
        Some(address) => {
            components.host = Some(std::net::Ipv4Addr::from(address).to_string());
            Outcome::Parsed {
                components,
                host_kind: Some(HostKind::Ipv4),
            }
        }
        None => Outcome::Parsed {
            components,
            host_kind,
        },
    }
}

/// The answer refused where the scheme's parser must have an authority and the text has
/// none (URI.cs, `PrivateParseMinimal`: `if (m_Syntax.InFact(UriSyntaxFlags.MustHaveAuthority))`
/// and no "//", `ParsingError.BadAuthority`).
pub(super) fn authority_required(answer: Outcome) -> Outcome {
    let Outcome::Parsed { components, .. } = &answer else {
        return answer;
    };
    let scheme = scheme_lowercased(components);
    if components.host.is_none() && AUTHORITY_REQUIRED.contains(&scheme.as_str()) {
        Outcome::invalid(
            "UriFormatException: Invalid URI: The Authority/Host could not be parsed.".into(),
        )
    } else {
        answer
    }
}

/// Where an IPv6 literal's text (after its "[") ends and its numbers, as System.Uri reads it
/// (_IPv6Address.cs, `InternalIsValid` then `Parse`): a single ":" may start it ("[:0::]"), a
/// zone after "%" is anything up to "]" and dropped, and a prefix length ("/64") is taken
/// and dropped. `Err(())` where the literal is no IPv6 address to System.Uri; `Ok(None)` where
/// the model does not read it (an embedded IPv4 address not followed by "]", more numbers than
/// the eight `Parse` writes).
#[allow(clippy::type_complexity)]
fn ipv6_literal(text: &str) -> Result<Option<(usize, [u16; 8])>, ()> {
    let name = text.as_bytes();
    let end = name.len();
    let (mut count, mut length) = (0usize, 0usize);
    let (mut compressor, mut ipv4, mut prefix, mut expecting) = (false, false, false, true);
    let mut last = 0usize;
    let mut close = None;
    let mut i = 0;
    while i < end {
        let c = name[i];
        if if prefix {
            c.is_ascii_digit()
        } else {
            c.is_ascii_hexdigit()
        } {
            length += 1;
            expecting = false;
            i += 1;
            continue;
        }
        if length > 4 {
            return Err(());
        }
        if length != 0 {
            count += 1;
            last = i - length;
        }
        let mut c = c;
        if c == b'%' {
            // "accept anything in scopeID", up to "]" or "/".
            loop {
                i += 1;
                if i == end {
                    return Err(());
                }
                if matches!(name[i], b']' | b'/') {
                    c = name[i];
                    break;
                }
            }
        }
        match c {
            b']' => {
                close = Some(i);
                break;
            }
            b':' => {
                if i > 0 && name[i - 1] == b':' {
                    if compressor {
                        return Err(());
                    }
                    compressor = true;
                    expecting = false;
                } else {
                    expecting = true;
                }
            }
            b'/' => {
                if count == 0 || prefix {
                    return Err(());
                }
                prefix = true;
                expecting = true;
            }
            b'.' => {
                if ipv4 {
                    return Err(());
                }
                let Some(stop) = dotted_quad(&text[last..]) else {
                    return Err(());
                };
                if name.get(last + stop) != Some(&b']') {
                    return Ok(None);
                }
                count += 1;
                ipv4 = true;
                i = last + stop;
                length = 0;
                continue;
            }
            _ => return Err(()),
        }
        length = 0;
        i += 1;
    }
    if prefix && !(1..=2).contains(&length) {
        return Err(());
    }
    let expected = 8 + usize::from(prefix);
    let counted = if compressor {
        count < expected
    } else {
        count == expected
    };
    let Some(close) = close.filter(|_| !expecting && length <= 4 && counted) else {
        return Err(());
    };
    Ok(ipv6_numbers(&name[..close]).map(|numbers| (close + 1, numbers)))
}

/// Where a dotted quad that starts `text` ends, four decimal numbers up to 255 without a
/// leading zero (the address an IPv6 literal may end with).
fn dotted_quad(text: &str) -> Option<usize> {
    let mut at = 0;
    for part in 0..4 {
        let digits = text[at..].bytes().take_while(u8::is_ascii_digit).count();
        let number = &text[at..at + digits];
        if digits == 0 || digits > 3 || (digits > 1 && number.starts_with('0')) {
            return None;
        }
        if number.parse::<u16>().ok()? > 255 {
            return None;
        }
        at += digits;
        if part < 3 {
            if text.as_bytes().get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
    }
    Some(at)
}

/// The eight numbers of a literal `InternalIsValid` took (_IPv6Address.cs, `Parse`), `None`
/// where it would write more than eight.
fn ipv6_numbers(address: &[u8]) -> Option<[u16; 8]> {
    let mut numbers = [0u16; 8];
    let (mut number, mut index) = (0u32, 0usize);
    let mut compressor: Option<usize> = None;
    let mut valid = true;
    let push = |numbers: &mut [u16; 8], index: &mut usize, value: u32| -> Option<()> {
        *numbers.get_mut(*index)? = value as u16;
        *index += 1;
        Some(())
    };
    let mut i = 0;
    while i < address.len() {
        match address[i] {
            b'%' | b'/' => {
                if valid {
                    push(&mut numbers, &mut index, number)?;
                    valid = false;
                }
                break;
            }
            b':' => {
                push(&mut numbers, &mut index, number)?;
                number = 0;
                i += 1;
                if address.get(i) == Some(&b':') {
                    compressor = Some(index);
                    i += 1;
                } else if compressor.is_none() && index < 6 {
                    continue;
                }
                let mut j = i;
                while j < address.len() && !matches!(address[j], b':' | b'%' | b'/') && j < i + 4 {
                    if address[j] == b'.' {
                        let stop = address.len();
                        let quad = std::str::from_utf8(&address[i..stop]).ok()?;
                        let value = quad
                            .split('.')
                            .try_fold(0u32, |n, p| Some(n * 256 + p.parse::<u32>().ok()?))?;
                        push(&mut numbers, &mut index, value >> 16)?;
                        push(&mut numbers, &mut index, value & 0xFFFF)?;
                        i = stop;
                        number = 0;
                        valid = false;
                        break;
                    }
                    j += 1;
                }
            }
            c => {
                number = number * 16 + (c as char).to_digit(16)?;
                i += 1;
            }
        }
    }
    if valid {
        push(&mut numbers, &mut index, number)?;
    }
    if let Some(at) = compressor {
        let (mut to, mut from) = (7usize, index.checked_sub(1)?);
        for _ in 0..index - at {
            numbers[to] = numbers[from];
            numbers[from] = 0;
            to = to.wrapping_sub(1);
            from = from.wrapping_sub(1);
        }
    }
    Some(numbers)
}

/// An IPv6 address written as System.Uri writes `Host` (_IPv6Address.cs,
/// `CreateCanonicalName`: "RFC 5952 Sections 4 & 5 - Compressed, lower case, with possible
/// embedded IPv4 addresses"): the longest run of two zeros or more (the first of equal
/// ones) as "::", and the last 32 bits as a dotted quad after 0:0:0:0:0:0, 0:0:0:0:0:ffff or
/// 0:0:0:0:ffff:0 when they are not zero, or after 0:5efe (ISATAP).
fn ipv6_canonical(numbers: [u16; 8]) -> String {
    let mut range: Option<(usize, usize)> = None;
    let (mut longest, mut current) = (0, 0);
    for (i, &n) in numbers.iter().enumerate() {
        if n == 0 {
            current += 1;
            if current > longest {
                longest = current;
                range = Some((i + 1 - current, i));
            }
        } else {
            current = 0;
        }
    }
    let range = range.filter(|_| longest >= 2);
    let zero4 = numbers[..4].iter().all(|&n| n == 0);
    let ipv4 = (zero4
        && numbers[6] != 0
        && ((numbers[4] == 0 && (numbers[5] == 0 || numbers[5] == 0xFFFF))
            || (numbers[4] == 0xFFFF && numbers[5] == 0)))
        || (numbers[4] == 0 && numbers[5] == 0x5EFE);
    let mut out = String::new();
    for i in 0..8 {
        if ipv4 && i == 6 {
            out.push_str(&format!(
                ":{}.{}.{}.{}",
                numbers[6] >> 8,
                numbers[6] & 0xFF,
                numbers[7] >> 8,
                numbers[7] & 0xFF
            ));
            break;
        }
        if let Some((start, stop)) = range {
            if start == i {
                out.push(':');
            }
            if start <= i && stop == 7 {
                out.push(':');
                break;
            }
            if (start..=stop).contains(&i) {
                continue;
            }
        }
        if i != 0 {
            out.push(':');
        }
        out.push_str(&format!("{:x}", numbers[i]));
    }
    out
}

/// The case with its authority's IPv6 literal written as System.Uri writes its host (see
/// [`ipv6_literal`], [`ipv6_canonical`]): `CheckAuthorityHelper` reads a userinfo up to the
/// first "@" before "/", "?", "#" or "\\", then an IP literal that `IPv6AddressHelper.IsValid`
/// takes, and the host is `ParseCanonicalName`'s. Not `lenient`, only an `IPv6address` of RFC
/// 3986 followed by ":", "/", "?", "#" or the end is read; `lenient`, any literal System.Uri
/// takes (a single ":" first, a zone after "%" dropped). `None` where the text has no such
/// literal, it has a prefix length ("/64", which `Parse` drops) or something other than ":",
/// "/", "?", "#" or the end follows its "]" (the path's start to System.Uri), which the model
/// does not read, or the rewrite changes nothing.
pub(super) fn ipv6_host_rewritten(case: &Request, lenient: bool) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (host, stop, numbers) = ipv6_host(input)?;
    let bytes = input.as_bytes();
    let delimited = matches!(bytes.get(stop), None | Some(b':' | b'/' | b'?' | b'#'));
    let literal = &input[host + 1..stop - 1];
    let rfc = crate::reference::host::is_ipv6address(literal.as_bytes());
    // A prefix length, whose "/" other readings of the text take for the path's start, and
    // text after the "]" are not read by the model.
    if !delimited || literal.contains('/') || !(lenient || rfc) {
        return None;
    }
    let written = format!("[{}]", ipv6_canonical(numbers));
    (input[host..stop] != written).then(|| Request::Parse {
        input: format!("{}{written}{}", &input[..host], &input[stop..]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// Where the IPv6 literal System.Uri takes as the host of `input` starts (its "["), where it
/// ends (after its "]") and its numbers (see [`ipv6_host_rewritten`]), if it has one.
fn ipv6_host(input: &str) -> Option<(usize, usize, [u16; 8])> {
    // After the leading white space System.Uri skips.
    let lead = input.len() - input.trim_start_matches(LWS).len();
    let (scheme, rest) = input[lead..].split_once("://")?;
    let valid = scheme.len() >= 2
        && scheme.as_bytes()[0].is_ascii_alphabetic()
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !valid || ["file", "news", "uuid"].contains(&scheme.to_ascii_lowercase().as_str()) {
        return None;
    }
    let authority = lead + scheme.len() + 3;
    let mut host = authority;
    let bytes = input.as_bytes();
    for (at, &b) in rest.as_bytes().iter().enumerate() {
        if matches!(b, b'?' | b'#' | b'\\' | b'/') || at + 1 == rest.len() {
            break;
        }
        if b == b'@' {
            host = authority + at + 1;
            break;
        }
    }
    if bytes.get(host) != Some(&b'[') {
        return None;
    }
    let (length, numbers) = ipv6_literal(&input[host + 1..]).ok()??;
    Some((host, host + 1 + length, numbers))
}

/// The case with a "/" put after the IPv6 literal System.Uri takes as the host where anything
/// but ":", "/", "?", "#" or the end follows its "]": `CheckAuthorityHelper` ends the host at
/// the "]" and checks nothing after it, so what follows starts the path, which
/// `ParseRemaining` roots ("aa://[::]a" has the path "/a", " aa://[::] /" the path "/%20/"),
/// where RFC 3986 §3.2.2's `IP-literal` is followed by the authority's end or a port (.NET's
/// fix: dotnet/runtime#120908, "Validate that an IPv6 Uri host is followed by expected
/// delimiters"). A "\\" after it, a first segment "." or "..", or a literal with a prefix
/// length, is left as it is.
pub(super) fn ip_literal_path_after(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (host, stop, _) = ipv6_host(input)?;
    let next = *input.as_bytes().get(stop)?;
    if matches!(next, b':' | b'/' | b'?' | b'#' | b'\\') || input[host..stop].contains('/') {
        return None;
    }
    // The "/" is put before the path after `Compress` has run, so a first segment "." or ".."
    // stays ("aa://[::]./b" has the path "/./b"): not modelled.
    let first = input[stop..]
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default();
    if matches!(first, "." | "..") || dots_decoded(first).trim_matches('.').is_empty() {
        return None;
    }
    Some(Request::Parse {
        input: format!("{}/{}", &input[..stop], &input[stop..]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The schemes whose built-in parser has a default port (UriSyntax.cs, `BuiltInUriParser`);
/// the others' `DefaultPort` is `UriParser.NoDefaultPort`.
const DEFAULT_PORT: &[&str] = &[
    "ftp", "gopher", "http", "https", "ldap", "mailto", "net.tcp", "nntp", "telnet", "ws", "wss",
];

/// The answer with a port of zero dropped where the scheme has no default port: URI.cs,
/// `ParseRemaining`, sets `info.Offset.PortValue` to the default port only when there is one
/// (`if (m_Syntax.DefaultPort != UriParser.NoDefaultPort)`), so it stays 0, and a port whose
/// value equals it is not `Flags.NotDefaultPort` (`if (notEmpty && info.Offset.PortValue !=
/// (ushort)port)`): `IsDefaultPort` is true and `Port` is -1.
pub(super) fn port_zero_dropped(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = scheme_lowercased(&components);
    let zero = components
        .port
        .as_deref()
        .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b == b'0'));
    if zero && !DEFAULT_PORT.contains(&scheme.as_str()) {
        components.port = None;
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The schemes whose built-in parser has no `UriSyntaxFlags.MayHaveQuery` (UriSyntax.cs:
/// ftp, gopher, news, nntp, telnet, uuid, vsmacros).
const NO_QUERY: &[&str] = &[
    "ftp", "gopher", "news", "nntp", "telnet", "uuid", "vsmacros",
];

/// Those of [`NO_QUERY`] whose parser has an authority and `UriSyntaxFlags.PathIsRooted`.
const NO_QUERY_ROOTED: &[&str] = &["ftp", "gopher", "nntp", "telnet"];

/// The answer with the query read as part of the path where the scheme's parser has no
/// `UriSyntaxFlags.MayHaveQuery` (URI.cs, `ParseRemaining`: the path is read up to `'?'` only
/// `m_Syntax.InFact(UriSyntaxFlags.MayHaveQuery)`, else up to the "#" or the end): "?" and
/// what follows it are the path's, "?" escaped there ("%3F", `AbsolutePath`), and a path so
/// made not empty is rooted after an authority (`Flags.FirstSlashAbsent`, `PathIsRooted`),
/// and compressed where the parser compresses paths ([`path_compressed`]: "ftp://a/b?c/../d"
/// has the path "/d").
pub(super) fn query_in_path(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = scheme_lowercased(&components);
    if NO_QUERY.contains(&scheme.as_str())
        && let Some(query) = components.query.take()
    {
        let mut path = format!("{}?{query}", components.path);
        if components.host.is_some()
            && !path.starts_with('/')
            && NO_QUERY_ROOTED.contains(&scheme.as_str())
        {
            path.insert(0, '/');
        }
        components.path = path.replace('?', "%3F");
        // The path so read is compressed with what follows its "?" (dotnet-path-compressed).
        return path_compressed(Outcome::Parsed {
            components,
            host_kind,
        });
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The schemes whose built-in parser has no `UriSyntaxFlags.CompressPath` (UriSyntax.cs:
/// gopher, ldap, mailto, news, nntp, telnet, uuid); every other one, the unknown scheme's
/// parser among them (`UnknownV1SyntaxFlags`: "V1 compat, it will always compress path even
/// for non hierarchical Uris"), has it.
const PATH_NOT_COMPRESSED: &[&str] =
    &["gopher", "ldap", "mailto", "news", "nntp", "telnet", "uuid"];

/// The answer with the path after an authority compressed as System.Uri compresses it: URI.cs,
/// `ParseRemaining`, marks the path `Flags.ShouldBeCompressed` where the URI has an authority
/// (`Flags.AuthorityFound`) and its scheme's parser `UriSyntaxFlags.CompressPath`, and the
/// path is then given through `Compress` ("This will compress any ... "/../" "/./" ... found
/// in the input"), which removes the "." and ".." segments of a rooted path as
/// `remove_dot_segments` does; IRI parsing has first decoded the triplets of unreserved
/// characters (`CheckForEscapedUnreserved`), so "%2E" is a dot. A parse without authority, or
/// of a scheme without `CompressPath` ([`PATH_NOT_COMPRESSED`]), keeps its path.
pub(super) fn path_compressed(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = scheme_lowercased(&components);
    if components.host.is_some()
        && components.path.starts_with('/')
        && !PATH_NOT_COMPRESSED.contains(&scheme.as_str())
    {
        let dotted = dots_decoded(&components.path);
        if dotted.split('/').any(|s| s == "." || s == "..") {
            components.path = remove_dot_segments(&dotted);
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The answer with the path System.Uri leaves as written where it has no authority, or where
/// its scheme's parser has no `UriSyntaxFlags.CompressPath` ([`PATH_NOT_COMPRESSED`]):
/// UriSyntax.cs, `CompressPath = 0x800000, // For an authority based Uri remove/compress /./
/// /../ in the path`, and URI.cs, `ParseRemaining`, which marks the path
/// `Flags.ShouldBeCompressed` only where `(m_Flags & Flags.AuthorityFound) != 0`. A
/// normalization (`AbsoluteUri`) keeps the dot-segments of such a path ("aa:/." is "aa:/."),
/// its percent-encodings normalized as the RFC's are; a resolution keeps those of a reference
/// that is not merged, whose text `CombineUri` writes after the base's scheme and authority
/// (`return left + relativePart;`, "/." against "aa:" is "aa:/.") or which is read alone (a
/// scheme, an authority), the target then parsed without compression. A merged path
/// (`Compress`, [`rootless_first_segment_kept`]), an empty one, and the path of a target that
/// has an authority of a compressing scheme are the answer's.
pub(super) fn path_kept_uncompressed(case: &Request, answer: Outcome) -> Outcome {
    let kept = |scheme: Option<&str>, authority: bool| {
        let scheme = scheme.unwrap_or_default().to_ascii_lowercase();
        !authority || PATH_NOT_COMPRESSED.contains(&scheme.as_str())
    };
    match case {
        Request::Normalize { input, .. } => {
            let Ok(r) = reference::parse(input) else {
                return answer;
            };
            if r.scheme.is_none() || !kept(r.scheme, r.has_authority()) {
                return answer;
            }
            let mut path = String::with_capacity(r.path.len());
            reference::normalize::normalize_percent_encoding(&mut path, r.path, false);
            super::map_normalized(answer, |c| c.path = path)
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let Outcome::Resolved(target) = &answer else {
                return answer;
            };
            let (Ok(b), Ok(r), Ok(t)) = (
                reference::parse(base),
                reference::parse(input),
                reference::parse(target),
            ) else {
                return answer;
            };
            // `ResolveHelper`: "if (relativeUri.IsAbsoluteUri) return relativeUri;", a scheme
            // whose parser must have an authority being no absolute URI without one.
            let absolute = r.scheme.is_some_and(|rs| {
                r.has_authority()
                    || !COMBINED_SCHEMES
                        .iter()
                        .any(|(s, _)| s.eq_ignore_ascii_case(rs))
            });
            let dropped = !*strict
                && r.scheme
                    .zip(b.scheme)
                    .is_some_and(|(rs, bs)| rs.eq_ignore_ascii_case(bs));
            if absolute {
                // A reference the RFC's non-strict reading takes relative ("aa:y" against
                // "aa:/b/c") returned as it is: a strict reading, not the path kept.
                if dropped || !kept(r.scheme, r.has_authority()) {
                    return answer;
                }
                let own = reference::recompose(&r);
                return if own == *target {
                    answer
                } else {
                    Outcome::Resolved(own)
                };
            }
            let relative = (r.scheme.is_none() || dropped) && !r.has_authority();
            if relative && !r.path.starts_with('/') || !kept(t.scheme, t.has_authority()) {
                return answer;
            }
            if r.path == t.path {
                return answer;
            }
            Outcome::Resolved(reference::recompose(&reference::Components {
                path: r.path,
                ..t
            }))
        }
        Request::Parse { .. } => answer,
    }
}

/// System.Uri's `Compress` (URI.cs) on the path `CombineUri` merges ("Need to run path
/// Compression because this is how relative Uri combining works"): it scans for "/./" and
/// "/../" (`// /./ = remove this segment`, `// /../ = remove this segment, mark next for
/// removal`), a dot-segment being one that a "/" precedes, and a segment marked for removal
/// goes when the "/" before it is met; so the first segment of a rootless path, which no "/"
/// precedes, is never removed nor popped (the branch that removes it, "remove first not
/// rooted segment", is for parsers with `CanonicalizeAsFilePath`, which all must have an
/// authority, so their merged paths are rooted). A rooted path loses its dot-segments as
/// remove_dot_segments removes them.
fn combined_compressed(path: &str) -> String {
    match path.find('/') {
        Some(0) => remove_dot_segments(path),
        Some(at) => format!("{}{}", &path[..at], remove_dot_segments(&path[at..])),
        None => path.to_owned(),
    }
}

/// The target System.Uri gives a relative-path reference against a base without authority
/// whose path is empty or rootless: `CombineUri` merges the base's path up to its last "/" with
/// the reference's path and gives it through `Compress` ([`combined_compressed`]), which keeps
/// the first segment of the rootless result: "." against "aa:" is "aa:.", "a/.." is "aa:a/",
/// "./a" is "aa:./a", where RFC 3986 §5.2.4 gives "aa:", "aa:" and "aa:a". `answer` is the
/// target the entries before give; a rooted merged path, a target with an authority and every
/// other kind of reference are left as they are.
pub(super) fn rootless_first_segment_kept(case: &Request, answer: Outcome) -> Outcome {
    let Request::Resolve { base, input, .. } = case else {
        return answer;
    };
    let Outcome::Resolved(target) = &answer else {
        return answer;
    };
    let (Ok(b), Ok(r), Ok(t)) = (
        reference::parse(base),
        reference::parse(input),
        reference::parse(target),
    ) else {
        return answer;
    };
    // A reference with a scheme is an absolute URI, taken as it is, or one of a scheme whose
    // parser must have an authority, merged against a base that has one.
    let merged_here =
        r.scheme.is_none() && !r.has_authority() && !r.path.is_empty() && !r.path.starts_with('/');
    if !merged_here || b.has_authority() || t.has_authority() {
        return answer;
    }
    let merged = reference::merge(&b, r.path);
    if merged.starts_with('/') {
        return answer;
    }
    let path = combined_compressed(&merged);
    if path == t.path {
        return answer;
    }
    Outcome::Resolved(reference::recompose(&reference::Components {
        path: &path,
        ..t
    }))
}

/// `path` with each "%2E" or "%2e" written ".".
fn dots_decoded(path: &str) -> String {
    path.replace("%2E", ".").replace("%2e", ".")
}

/// The case with the trailing spaces, tabs and line breaks of each of its texts cut, as
/// System.Uri reads them (`PrivateParseMinimal` and `ParseRemaining`: "Cut trailing spaces in
/// m_String", `IsLWS`); `None` where no text ends with one.
pub(super) fn trailing_space_cut(case: &Request) -> Option<Request> {
    let cut = |text: &String| (trimmed(text) != text).then(|| trimmed(text).to_owned());
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => Some(Request::Parse {
            input: cut(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        Request::Normalize { input, level } => Some(Request::Normalize {
            input: cut(input)?,
            level: *level,
        }),
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let (new_base, new_input) = (cut(base), cut(input));
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

/// The schemes Mono's System.Uri registers a parser for (UriSyntax.cs, `UriParser`), but
/// "news", whose parser takes no authority and no query: every other scheme is read by the
/// unknown scheme's parser (`UnknownV1SyntaxFlags`, `OptionalAuthority`).
const KNOWN_SCHEMES: &[&str] = &[
    "file", "ftp", "gopher", "http", "https", "ldap", "mailto", "net.pipe", "net.tcp", "nntp",
    "telnet", "vsmacros", "ws", "wss",
];

/// `IsLWS`: the white space System.Uri strips around a text.
const LWS: [char; 4] = [' ', '\t', '\n', '\r'];

/// A text's scheme as written and what follows its ":", where System.Uri reads it without an
/// authority with a parser that takes IRI parsing (`PrivateParseMinimal`'s branch "There is
/// no Authority component, save the Path index"): a scheme of two characters or more (one
/// letter is a drive) that is not a known one, and no "//" after it.
fn scheme_and_rest(text: &str) -> Option<(&str, &str)> {
    let colon = text.find(':')?;
    let scheme = &text[..colon];
    let bytes = scheme.as_bytes();
    let valid = bytes.len() >= 2
        && bytes[0].is_ascii_alphabetic()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    let rest = &text[colon + 1..];
    (valid
        && !KNOWN_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str())
        && !rest.starts_with("//"))
    .then_some((scheme, rest))
}

/// Whether `text` holds a triplet System.Uri's `CheckForEscapedUnreserved` finds (a first
/// hexadecimal digit from "0" to "7" and an unreserved character): the text "has Unicode"
/// (`Flags.HasUnicode`) and is parsed again from its original string (`ParseRemaining`,
/// `buildIriStringFromPath`).
fn escaped_unreserved(text: &str) -> bool {
    text.char_indices().any(|(at, c)| {
        c == '%' && triplet(&text[at + 1..]).is_some_and(|o| o < 0x80 && is_unreserved(o))
    })
}

/// The text as the model reads it: ASCII and no triplet above "%7F" (the decoding of UTF-8 to
/// IRI characters, which `CheckForUnicode` and `EscapeUnescapeIri` do, is not modelled).
fn in_ascii_domain(text: &str) -> bool {
    text.is_ascii()
        && !text
            .char_indices()
            .any(|(at, c)| c == '%' && triplet(&text[at + 1..]).is_some_and(|o| o >= 0x80))
}

/// `EscapeUnescapeIri` on ASCII text: the triplets of unreserved characters decoded.
fn iri_unescaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match (c == '%')
            .then(|| triplet(&text[at + 1..]))
            .flatten()
            .filter(|o| is_unreserved(*o))
        {
            Some(octet) => {
                out.push(char::from(octet));
                chars.next();
                chars.next();
            }
            None => out.push(c),
        }
    }
    out
}

/// The path, query and fragment of the text after "scheme:" (no authority): the path ends at
/// the first "?" or "#" ("#" only for "news", which has no query), the query at the first "#".
fn split_rest(rest: &str, news: bool) -> (&str, Option<&str>, Option<&str>) {
    let (before, fragment) = match rest.find('#') {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    match before.find('?').filter(|_| !news) {
        Some(at) => (&before[..at], Some(&before[at + 1..]), fragment),
        None => (before, None, fragment),
    }
}

/// Whether `CheckCanonical` finds a component already in escaped canonical form (no
/// `E_PathNotCanonical`, `E_QueryNotCanonical`, `E_FragmentNotCanonical`): no control, space,
/// `"<>[\]^{|}`, the backquote, DEL or "%" that starts no triplet, no "#", and the characters `also` (a
/// "?" in the path of "news", which has no query).
fn escaped_canonical(component: &str, also: &[char]) -> bool {
    component.char_indices().all(|(at, c)| match c {
        '%' => triplet(&component[at + 1..]).is_some(),
        c => {
            !(c.is_ascii_control()
                || matches!(
                    c,
                    ' ' | '"' | '<' | '>' | '[' | '\\' | ']' | '^' | '`' | '{' | '|' | '}' | '#'
                )
                || also.contains(&c))
        }
    })
}

/// Whether `text` starts with a scheme and ":" (`ParseScheme`), so that `new Uri(text,
/// UriKind.RelativeOrAbsolute)` is no relative reference.
fn has_scheme(text: &str) -> bool {
    let Some(colon) = text.find(':') else {
        return false;
    };
    let bytes = &text.as_bytes()[..colon];
    !bytes.is_empty()
        && bytes[0].is_ascii_alphabetic()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Whether the base's `m_String` holds its whole text and then the IRI form of its
/// components (see [`doubled`]): a URI without authority that has Unicode, whatever the case
/// of its scheme or the form of its components.
fn base_written_twice(base: &str) -> bool {
    let base = base.trim_start_matches(LWS);
    scheme_and_rest(base).is_some() && (escaped_unreserved(base) || !in_ascii_domain(base))
}

/// `AbsoluteUri` of `new Uri(text)` where System.Uri writes what follows "scheme:" twice, or
/// `None` where it does not (or the model does not read the text). Mono's
/// `PrivateParseMinimal` keeps the whole text in `m_String` for a URI without authority (the
/// .NET Core fix, "if the URI must be normalized, initialize it without one",
/// `m_String = m_String.Substring(0, idx)`, is not in it); when the text has Unicode (see
/// [`escaped_unreserved`]), `ParseRemaining` appends the IRI form of the path, query and
/// fragment to `m_String` and points the offsets there, and `GetUriPartsFromUserString`
/// gives `AbsoluteUri` as `m_String` from the scheme to the end when no part is marked not
/// canonical (the scheme lowercase as written, each component in escaped canonical form).
fn doubled(text: &str) -> Option<String> {
    let (scheme, rest) = scheme_and_rest(text)?;
    if !in_ascii_domain(text)
        || !escaped_unreserved(text)
        || scheme.bytes().any(|b| b.is_ascii_uppercase())
    {
        return None;
    }
    let news = scheme == "news";
    let tail = iri_unescaped(rest);
    let (path, query, fragment) = split_rest(&tail, news);
    let canonical = escaped_canonical(path, if news { &['?'] } else { &[] })
        && query.is_none_or(|q| escaped_canonical(q, &[]))
        && fragment.is_none_or(|f| escaped_canonical(f, &[]));
    canonical.then(|| format!("{text}{tail}"))
}

/// The string `new Uri(base, reference)` builds and parses (`ResolveHelper`, `CombineUri`)
/// against a base whose own `m_String` holds its whole text and then the IRI form of its
/// components (see [`base_written_twice`]): the base's parts taken from `m_String`
/// (`GetUriPartsFromUserString`) are "scheme:" and that whole text ("SchemeAndServer"), or
/// it and the IRI form of the path and query ("AbsoluteUri" but the fragment); where the
/// scheme is not written lowercase, they are recreated (`ReCreateParts`) without it. `None`
/// where the model does not read the case: a component that is not canonical where the
/// string takes it, an empty reference against a base with a triplet (`GetUnescapedParts`
/// recreates it), and a rootless merged path with dot-segments (`Compress` reads it
/// otherwise).
fn doubled_base_combined(base: &str, reference: &str) -> Option<String> {
    let (scheme, rest) = scheme_and_rest(base)?;
    let news = scheme.eq_ignore_ascii_case("news");
    let lowercase = format!("{}:", scheme.to_ascii_lowercase());
    let head = if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        lowercase.clone()
    } else {
        base.to_owned()
    };
    let tail = iri_unescaped(rest);
    let (path, query, fragment) = split_rest(&tail, news);
    let in_path: &[char] = if news { &['?'] } else { &[] };
    let canonical_path = escaped_canonical(path, in_path);
    let canonical_tail = canonical_path
        && query.is_none_or(|q| escaped_canonical(q, &[]))
        && fragment.is_none_or(|f| escaped_canonical(f, &[]));
    let query_part = query.map(|q| format!("?{q}")).unwrap_or_default();
    if reference.is_empty() {
        // GetParts(AbsoluteUri, SafeUnescaped): from m_String where no part is escaped.
        return (canonical_tail && !tail.contains('%')).then(|| format!("{head}{tail}"));
    }
    if reference.starts_with('#') {
        // GetParts(AbsoluteUri & ~Fragment) and the reference.
        return canonical_tail.then(|| format!("{head}{path}{query_part}{reference}"));
    }
    if reference.starts_with('?') {
        // GetParts(Scheme|UserInfo|Host|Port|Path): no case of GetUriPartsFromUserString, so
        // ReCreateParts, "scheme:" and the path.
        return (canonical_path && !news).then(|| format!("{lowercase}{path}{reference}"));
    }
    if reference.starts_with("//") {
        return None;
    }
    if reference.starts_with('/') {
        return Some(format!("{head}{reference}"));
    }
    if !canonical_path {
        return None;
    }
    let at = reference.find(['?', '#']).unwrap_or(reference.len());
    let (reference_path, extra) = reference.split_at(at);
    let directory = &path[..path.rfind('/').map_or(0, |at| at + 1)];
    let merged = format!("{directory}{reference_path}");
    let compressed = if merged.starts_with('/') {
        remove_dot_segments(&merged)
    } else if merged.split('/').any(|s| s == "." || s == "..") {
        return None;
    } else {
        merged
    };
    Some(format!("{head}{compressed}{extra}"))
}

/// The answer with `AbsoluteUri` written as System.Uri writes it for a URI without authority
/// whose text has an escaped unreserved character (see [`doubled`]): a normalization is the
/// input's; a resolution's is the target's, or that of the string `CombineUri` builds against
/// a base that is itself written twice. `original` is the case as given, `answer` what the
/// entries before give.
pub(super) fn absolute_uri_doubled(original: &Request, answer: Outcome) -> Outcome {
    match (original, answer) {
        (Request::Normalize { input, .. }, Outcome::Normalized(normalized)) => {
            let text = input.trim_start_matches(LWS);
            // The trailing white space is in the IRI form of the last component.
            match doubled(text).filter(|_| !text.ends_with(LWS)) {
                Some(written) => Outcome::Normalized(written),
                None => Outcome::Normalized(normalized),
            }
        }
        (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) => {
            let reference = input.trim_start_matches(LWS);
            let written = if has_scheme(reference) {
                // An absolute reference is the target (`ResolveHelper`: "if
                // (relativeUri.IsAbsoluteUri) return relativeUri"), its trailing white space
                // in the IRI form of its last component.
                doubled(reference).filter(|_| !reference.ends_with(LWS))
            } else if base_written_twice(base) {
                // `ResolveHelper` trims the relative reference ("relativeStr.Trim(_WSchars)").
                let reference = reference.trim_end_matches(LWS);
                let readable =
                    in_ascii_domain(base) && in_ascii_domain(reference) && !base.contains(LWS);
                readable
                    .then(|| doubled_base_combined(base, reference))
                    .flatten()
                    .and_then(|combined| doubled(&combined))
            } else {
                // CombineUri writes the base's part with GetParts, whose scheme is the
                // parser's lowercase name (`m_Syntax.SchemeName`) where it is not written
                // lowercase.
                let lowered = match target.find(':') {
                    Some(colon) => format!(
                        "{}{}",
                        target[..colon].to_ascii_lowercase(),
                        &target[colon..]
                    ),
                    None => target.clone(),
                };
                doubled(&lowered)
            };
            Outcome::Resolved(written.unwrap_or(target))
        }
        (_, answer) => answer,
    }
}

/// The built-in parsers that must have an authority (UriSyntax.cs: `MustHaveAuthority`), so
/// that "scheme:" followed by no "//" is no absolute URI and becomes a relative reference, with
/// whether each has a query (`MayHaveQuery`); every one has a fragment (`MayHaveFragment`).
const COMBINED_SCHEMES: &[(&str, bool)] = &[
    ("file", true),
    ("ftp", false),
    ("gopher", false),
    ("http", true),
    ("https", true),
    ("ldap", true),
    ("net.pipe", true),
    ("net.tcp", true),
    ("nntp", false),
    ("telnet", false),
    ("vsmacros", false),
    ("ws", true),
    ("wss", true),
];

/// The target System.Uri gives a reference that starts with its base's scheme, a scheme whose
/// parser must have an authority, and then a query or a fragment ("http:?x", "HTTP:#g"): such a
/// text is no absolute URI, so `ResolveHelper` takes it as a relative string, after its checks
/// for "a simple fragment" ("#") and "a simple query" ("?"); `GetCombinedString` then drops the
/// scheme ("Remove the scheme for backward Uri parsers compatibility", `baseUri.Syntax ==
/// syntax`) and `CombineUri` reads the rest as a relative path: the base's path up to its last
/// "/", then the rest ("?x" against "http://a/b/c?q" is "http://a/b/?x", "#g" the base's query
/// dropped). `answer` is the target the entries before give, the base's path with the
/// reference's query and fragment (RFC 3986 §5.2.2, the scheme dropped in non-strict mode);
/// a target without authority is left as it is.
pub(super) fn same_scheme_combined(original: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) = (original, &answer)
    else {
        return answer;
    };
    // `ResolveHelper`: "relativeStr = relativeStr.Trim(_WSchars)".
    let reference = input.trim_matches(LWS);
    let Some((scheme, rest)) = reference.split_once(':') else {
        return answer;
    };
    let Some(&(_, query)) = COMBINED_SCHEMES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
    else {
        return answer;
    };
    let same = base
        .trim_start_matches(LWS)
        .split_once(':')
        .is_some_and(|(written, _)| written.eq_ignore_ascii_case(scheme));
    let from_query = query && rest.starts_with('?');
    if !same || !(from_query || rest.starts_with('#')) {
        return answer;
    }
    let Some(authority) = target.find("://").map(|at| at + 3) else {
        return answer;
    };
    let path_start = target[authority..]
        .find(['/', '?', '#'])
        .map_or(target.len(), |at| authority + at);
    let path_end = target[path_start..]
        .find(['?', '#'])
        .map_or(target.len(), |at| path_start + at);
    let kept = target[path_start..path_end]
        .rfind('/')
        .map_or(path_start, |at| path_start + at + 1);
    let suffix = if from_query {
        &target[path_end..]
    } else {
        target[path_end..]
            .find('#')
            .map_or("", |at| &target[path_end + at..])
    };
    Outcome::Resolved(format!("{}{}", &target[..kept], suffix))
}

/// The target System.Uri gives an absolute-path reference ("/c", one "/" or "\\" first)
/// against a "file" base with an authority: `CombineUri`, "Check special case for Unc or
/// absolute path in relativePart when base is FILE", takes a base that is no UNC path and no
/// DOS path for "a Unix style path" ("It's not obvious but we've checked ... that baseUti is
/// nor UNC nor DOS path") and writes `"file://" + relativePart`, the base's host dropped:
/// "/c" against "file://h/a/b" is "file:///c". `answer` is the target the entries before give
/// (the base's authority and the reference's path); a base written as an implicit file path,
/// or whose path is a DOS path ("file:///c:/x", CombineUri's case before), is left as it is.
pub(super) fn file_absolute_path_host_dropped(original: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) = (original, &answer)
    else {
        return answer;
    };
    let base = base.trim_start_matches(LWS);
    let reference = input.trim_matches(LWS);
    let slash = |c: char| c == '/' || c == '\\';
    let mut chars = reference.chars();
    let rooted = chars.next().is_some_and(slash) && !chars.next().is_some_and(slash);
    let file = |text: &str| {
        text.get(..7)
            .is_some_and(|head| head.eq_ignore_ascii_case("file://"))
    };
    if !rooted || !file(base) || !file(target) {
        return answer;
    }
    let after = &base[7..];
    let base_path = after
        .find(['/', '\\', '?', '#'])
        .map_or("", |at| &after[at..]);
    let mut path = base_path.chars();
    let dos = path.next().is_some_and(slash)
        && path.next().is_some_and(|c| c.is_ascii_alphabetic())
        && path.next().is_some_and(|c| c == ':' || c == '|')
        && path.next().is_none_or(slash);
    if dos {
        return answer;
    }
    let rest = &target[7..];
    match rest.find(['/', '?', '#']) {
        Some(at) => Outcome::Resolved(format!("file://{}", &rest[at..])),
        None => answer,
    }
}

/// Whether System.Uri parses `text` as an IRI (UriExt.cs, `InitializeUri`: `CheckForUnicode`,
/// which finds a character outside US-ASCII written or percent-encoded, or
/// `CheckForEscapedUnreserved`, a percent-encoded unreserved character).
fn iri_parsing(text: &str) -> bool {
    !in_ascii_domain(text) || escaped_unreserved(text)
}

/// The Unix or drive path after the scheme of an unknown scheme's text without authority, as
/// the parser reads a DOS path (see [`dos_path_after_scheme`]): `(scheme, drive letter, the
/// path after the drive, the rest from "?" or "#")`, or `None` where the text has none.
fn dos_path(text: &str) -> Option<(&str, char, &str, &str)> {
    let (scheme, rest) = scheme_and_rest(text)?;
    if scheme.eq_ignore_ascii_case("news") {
        return None;
    }
    // One "/" or "\" before the drive; two are an authority (an empty host), not read here.
    let after = rest.strip_prefix(['/', '\\']).unwrap_or(rest);
    let kind = file_path_kind(after).filter(|k| *k == FilePath::Drive)?;
    let _ = kind;
    let end = after.find(['?', '#']).unwrap_or(after.len());
    if end < 3 {
        return None;
    }
    let letter = after.chars().next()?;
    Some((scheme, letter, &after[2..end], &after[end..]))
}

/// The parse of a text whose unknown scheme, read without authority, is followed by a DOS path
/// (a drive letter, ":" or "|", then "/" or "\", after at most one "/" or "\"), as System.Uri
/// reads it: the unknown scheme's parser has `UriSyntaxFlags.AllowDOSPath` (UriSyntax.cs,
/// `UnknownV1SyntaxFlags`), so `PrivateParseMinimal` takes the drive as a DOS path
/// (`Flags.DosPath`): the path is the drive ("|" written ":", the "/" before it dropped), and
/// the rest of the path with each "\" a "/" and its dot-segments removed ("%2E" a dot, which
/// IRI parsing decodes), as a file path's. `None` where the text has no such path.
pub(super) fn dos_path_after_scheme(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let slashes = dos_path_after_slashes(input);
    let (scheme, letter, path, rest) = dos_path(slashes.as_deref().unwrap_or(input))?;
    let path = remove_dot_segments(&dots_decoded(&path.replace('\\', "/")));
    let rewritten = format!("{scheme}:{letter}:{path}{rest}");
    (rewritten != *input).then(|| Request::Parse {
        input: rewritten,
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The resolution with its reference read as a relative path where the text before its first
/// ":" is no scheme to System.Uri: UriExt.cs, `GetCombinedString`, hands such a string to
/// `CombineUri` as a relative path, for a text of fewer than two characters before the ":"
/// (`if (i < 2) { // Note we don't support one-letter Uri schemes. ... break; }`) or one that
/// `CheckSchemeSyntax` refuses ("a_b", "0a"): ":" against "aa:/b/c" is "aa:/b/:", "0a:x"
/// "aa:/b/0a:x", where RFC 3986 §3.1 refuses the reference (and §4.2: "A path segment that
/// contains a colon character ... cannot be used as the first segment of a relative-path
/// reference"). The reference is so written "./" first, the RFC's own spelling of that path.
/// A one-letter text followed by "/" or "\" (a DOS path, [`apply_implicit_file`]) and a base
/// whose merged path is not rooted ([`rootless_first_segment_kept`]'s) are left as they are.
pub(super) fn invalid_scheme_as_path(case: &Request) -> Option<Request> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    // `ResolveHelper`: `relativeStr.Trim(_WSchars)`.
    let text = input.trim_matches(LWS);
    let colon = text.find(':')?;
    let prefix = &text[..colon];
    if prefix.contains(['/', '?', '#', '\\']) {
        return None;
    }
    let bytes = prefix.as_bytes();
    let scheme = bytes.len() >= 2
        && bytes[0].is_ascii_alphabetic()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    let drive = bytes.len() == 1 && text[colon + 1..].starts_with(['/', '\\']);
    if scheme || drive {
        return None;
    }
    let b = reference::parse(base.trim_matches(LWS)).ok()?;
    if b.scheme.is_none() || !(b.has_authority() || b.path.starts_with('/')) {
        return None;
    }
    Some(Request::Resolve {
        base: base.clone(),
        input: format!("./{text}"),
        strict: *strict,
    })
}

/// The text of an unknown scheme whose "//" is followed by a DOS path (after at most one more
/// "/"), with the "//" taken out: `PrivateParseMinimal` looks for the DOS path after "//" too
/// (`AllowDOSPath`), and takes it for the path of an empty authority ("aa://a:/" has the empty
/// host and the path "a:/", "aa:///a:/b" the path "a:/b"). `None` for any other text.
fn dos_path_after_slashes(text: &str) -> Option<String> {
    let colon = text.find(':')?;
    let rest = text[colon + 1..].strip_prefix("//")?;
    let without = format!("{}:{rest}", &text[..colon]);
    dos_path(&without).is_some().then_some(without)
}

/// The answer to a parse whose DOS path follows "//" (see [`dos_path_after_slashes`]), read
/// by [`dos_path_after_scheme`] without the authority: the empty host put in, as `Host` gives
/// it for the empty authority.
pub(super) fn dos_path_host(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    if dos_path_after_slashes(trimmed(input)).is_none() {
        return answer;
    }
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    if components.host.is_some() || components.path.starts_with('/') {
        return Outcome::Parsed {
            components,
            host_kind,
        };
    }
    components.host = Some(String::new());
    Outcome::Parsed {
        components,
        host_kind: Some(HostKind::RegName),
    }
}

/// Whether IriHelper's `CheckIriUnicodeRange` refuses `c`, a character outside the BMP, in the
/// query (`query`) or another component: RFC 3987's `ucschar`, and `iprivate`'s planes 15 and
/// 16 in a query.
fn pair_escaped(c: char, query: bool) -> bool {
    let code = u32::from(c);
    code > 0xFFFF && !is_ucschar(c) && !(query && code >= 0xF0000 && (code & 0xFFFF) <= 0xFFFD)
}

/// `text` with each percent-encoding of a character of `pairs` (once, "%F3%B0%80%80", or twice,
/// "%25F3%25B0%2580%2580") followed by that of U+FFFD, encoded as it is.
fn replacement_after(text: &str, pairs: &[char]) -> String {
    let mut out = text.to_owned();
    for &c in pairs {
        let mut buf = [0; 4];
        let octets = c.encode_utf8(&mut buf).as_bytes().to_vec();
        for prefix in ["%25", "%"] {
            let encoded: String = octets.iter().map(|b| format!("{prefix}{b:02X}")).collect();
            let fffd: String = [0xEFu8, 0xBF, 0xBD]
                .iter()
                .map(|b| format!("{prefix}{b:02X}"))
                .collect();
            if out.contains(&encoded) {
                out = out.replace(&encoded, &format!("{encoded}{fffd}"));
                break;
            }
        }
    }
    out
}

/// The answer to a parse with each character outside the BMP that IRI parsing escapes followed
/// by an escaped U+FFFD, as System.Uri writes it. IriHelper.cs, `EscapeUnescapeIri`, escapes
/// a surrogate pair outside the IRI ranges as one character (`Encoding.UTF8.GetBytes(pInput +
/// next, surrogatePair ? 2 : 1, ...)`) but steps over its low surrogate only where it copies
/// the pair (`pDest[destOffset++] = pInput[next++]` is in the `!escape` branch), so the loop
/// reads the low surrogate again, alone: outside every range, it is escaped too, and UTF-8
/// encodes a lone surrogate as U+FFFD ("%EF%BF%BD"). An implicit file path escapes that text
/// again ("%25EF%25BF%25BD"). The host, read by IDN, is left as it is.
pub(super) fn low_surrogate_escaped_again(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let pairs = |query: bool| -> Vec<char> {
        let mut found: Vec<char> = input.chars().filter(|&c| pair_escaped(c, query)).collect();
        found.dedup();
        found
    };
    let (others, in_query) = (pairs(false), pairs(true));
    for part in [
        components.userinfo.as_mut(),
        Some(&mut components.path),
        components.fragment.as_mut(),
    ]
    .into_iter()
    .flatten()
    {
        *part = replacement_after(part, &others);
    }
    if let Some(query) = components.query.as_mut() {
        *query = replacement_after(query, &in_query);
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The answer to a parse with the trailing white space of a text System.Uri parses as an IRI
/// kept, escaped, at the end of its last component. `PrivateParseMinimal` and `ParseRemaining`
/// cut the trailing white space of `m_String` ("Cut trailing spaces in m_String"), but where
/// the text has Unicode (`iri_parsing`) `ParseRemaining` builds the IRI string of the path,
/// query and fragment from the original string (`m_originalUnicodeString`) to its end, white
/// space and all, and the properties escape it: "aa:%41 " has the path "A%20", "aa:%2e?\t" the
/// query "%09". A text whose authority is last (nothing after the host) is left as it is.
pub(super) fn iri_trailing_space_kept(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let text = input.trim_start_matches(LWS);
    let cut = trimmed(text);
    if cut.is_empty() || cut.len() == text.len() || !iri_parsing(cut) {
        return answer;
    }
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let escaped: String = text[cut.len()..]
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    let file = implicit_file_path(input);
    // An implicit file path is escaped and compressed with the white space in it, which so
    // ends its last segment ("//a/%2E " has the path "//a/.%20", no dot-segment): where the
    // answer is that path as read without it, the path is read again with it.
    if let Some(plain) = &file
        && components.path == *plain
    {
        let after = input.trim_start_matches(LWS);
        let whole = match file_path_kind(after) {
            Some(FilePath::Drive) => Some(canonical(after, FilePath::Drive)),
            _ => file_path_kind(input).map(|kind| canonical(input, kind)),
        };
        if let Some(path) = whole {
            components.path = path;
            return Outcome::Parsed {
                components,
                host_kind,
            };
        }
    }
    let file = file.is_some();
    let (fragment, query) = (cut.contains('#'), cut.contains('?'));
    let after_scheme = match cut.find(':') {
        Some(colon) if has_scheme(cut) => &cut[colon + 1..],
        _ => cut,
    };
    let authority_last = after_scheme
        .strip_prefix("//")
        .is_some_and(|authority| !authority.contains(['/', '?', '#']));
    let last = if file {
        Some(&mut components.path)
    } else if fragment {
        components.fragment.as_mut()
    } else if query {
        components.query.as_mut()
    } else if authority_last {
        None
    } else {
        Some(&mut components.path)
    };
    if let Some(last) = last {
        last.push_str(&escaped);
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The characters IriHelper.cs, `EscapeUnescapeIri`, keeps percent-encoded in a path: those
/// `CheckIsReserved` reserves there ("/?#[]"), those `UriHelper.IsNotSafeForUnescape` deems
/// unsafe (the controls, ";/?@&=+$,%\#"), and DEL.
fn kept_encoded_in_path(octet: u8) -> bool {
    octet < 0x20 || octet == 0x7F || b"/?#[];@&=+$,%\\".contains(&octet)
}

/// An implicit file path's text as IriHelper.cs, `EscapeUnescapeIri`, leaves it for the path
/// (`UriComponents.Path`): each triplet of an unreserved character decoded, and with
/// `reserved_too` of any ASCII character but those it keeps ([`kept_encoded_in_path`]: the
/// reserved characters RFC 3987 does not reserve in a path, dotnet/corefx#26006's bug); in a
/// run of triplets outside US-ASCII that holds a UTF-8 character, each IRI character decoded
/// (a bidirectional control dropped) and the rest escaped again in uppercase ("/%f4%8a%aa%aa",
/// U+10AAAA, is "/%F4%8A%AA%AA", whose "%" the implicit file path then escapes); a "%" that
/// starts no triplet copied with the two characters after it ("keep as is").
fn iri_path_unescaped(text: &str, reserved_too: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let c = rest.chars().next().unwrap_or('\0');
        if c != '%' {
            out.push(c);
            at += c.len_utf8();
            continue;
        }
        let after: String = rest[1..].chars().take(2).collect();
        if after.chars().count() < 2 {
            out.push('%');
            at += 1;
            continue;
        }
        match triplet(&rest[1..]) {
            None => {
                out.push('%');
                out.push_str(&after);
                at += 1 + after.len();
            }
            Some(octet) if octet < 0x80 => {
                if is_unreserved(octet) || reserved_too && !kept_encoded_in_path(octet) {
                    out.push(char::from(octet));
                } else {
                    out.push_str(&rest[..3]);
                }
                at += 3;
            }
            Some(_) => {
                let mut octets = Vec::new();
                let mut end = at;
                while let Some(octet) = text[end..]
                    .strip_prefix('%')
                    .and_then(triplet)
                    .filter(|o| *o >= 0x80)
                {
                    octets.push(octet);
                    end += 3;
                }
                // `UriHelper.MatchUTF8Sequence`: a run with no UTF-8 character stays as written;
                // otherwise each IRI character is decoded but a bidirectional control, which
                // goes, and each other character and invalid octet is escaped again, its
                // digits uppercase (`EscapeAsciiChar`).
                let valid = octets.utf8_chunks().any(|chunk| !chunk.valid().is_empty());
                if !valid {
                    out.push_str(&text[at..end]);
                }
                for chunk in octets.utf8_chunks().filter(|_| valid) {
                    for c in chunk.valid().chars() {
                        if is_ucschar(c) {
                            if !matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}') {
                                out.push(c);
                            }
                        } else {
                            for b in c.encode_utf8(&mut [0; 4]).bytes() {
                                out.push_str(&format!("%{b:02X}"));
                            }
                        }
                    }
                    for b in chunk.invalid() {
                        out.push_str(&format!("%{b:02X}"));
                    }
                }
                at = end;
            }
        }
    }
    out
}

/// The answer to a parse of an implicit file path that System.Uri parses as an IRI
/// ([`iri_parsing`]) with the path IRI parsing gives: `EscapeUnescapeIri` decodes the triplets
/// of the reserved characters RFC 3987 does not reserve in a path (":", "!", "'", "(", ")",
/// "*") and of the characters the escaping writes again, before the implicit file path is
/// escaped: "/%3a%2e" is "/:.", where the path without IRI parsing is "/%253a". The same
/// function as in the other components ([`crate::diff::departures::Departure::IriEscapesUnescaped`],
/// dotnet/corefx#26006), which gives every other answer.
pub(super) fn iri_escapes_unescaped(original: &Request, answer: Outcome) -> Outcome {
    use crate::diff::departures::Departure;
    if let Request::Parse { input, .. } = original
        && let Some(plain) = implicit_file_path(input)
        && let Outcome::Parsed {
            components,
            host_kind,
        } = &answer
        && components.scheme.as_deref() == Some("file")
        && components.path == plain
        && iri_parsing(trimmed(input))
    {
        let text = trimmed(input);
        let after = text.trim_start_matches(LWS);
        let unescaped = if file_path_kind(after) == Some(FilePath::Drive) {
            iri_path_unescaped(after, true)
        } else {
            iri_path_unescaped(text, true)
        };
        if let Some(path) = implicit_file_path(&unescaped) {
            let mut components = components.clone();
            components.path = path;
            return Outcome::Parsed {
                components,
                host_kind: *host_kind,
            };
        }
        return answer;
    }
    // The text as given decides whether IRI parsing runs: the case as the entries before
    // rewrote it may hold a stand-in for the character outside US-ASCII that turns it on.
    Departure::IriEscapesUnescaped.rule_on_answer(original, answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_with_the_file_scheme_is_read_without_it_against_an_implicit_file_path() {
        assert_eq!(file_target("a:/b", "file:").as_deref(), Some("a:/b"));
        assert_eq!(file_target("a:/b", "FILE:c").as_deref(), Some("a:/c"));
        assert_eq!(file_target("/ab/c", "file:d").as_deref(), Some("/ab/d"));
        // A "/" after the scheme: not read here.
        assert_eq!(file_target("a:/b", "file:/c"), None);
        assert_eq!(file_target("a:/b", "http:c"), None);
    }

    #[test]
    fn references_against_implicit_file_paths_are_read_as_system_uri_reads_them() {
        // Answers of Mono 6.8's System.Uri (new Uri(baseUri, reference).AbsoluteUri).
        let target = |b: &str, r: &str| file_target(b, r);
        assert_eq!(target("a:/b/c", "").as_deref(), Some("a:/b/c"));
        assert_eq!(target("a:/b/c", "x?y#z").as_deref(), Some("a:/b/x%3Fy%23z"));
        assert_eq!(target("a:/b/c", "/x").as_deref(), Some("a:/x"));
        assert_eq!(target("a:/b/c", "//x").as_deref(), Some("//x"));
        assert_eq!(target("a:/b/c", "../x").as_deref(), Some("a:/x"));
        assert_eq!(target("a:/b/c?q#f", "").as_deref(), Some("a:/b/c%3Fq%23f"));
        assert_eq!(target("a:\\b\\c", "x").as_deref(), Some("a:/b/x"));
        assert_eq!(target("/a/b", "/x").as_deref(), Some("/x"));
        assert_eq!(target("http://h/", "a:/x").as_deref(), Some("a:/x"));
        assert_eq!(target("a:/b/c", "aa:x"), None);
        assert_eq!(target("http://h/", "//x"), None);
    }

    #[test]
    fn implicit_file_paths_are_read_as_system_uri_reads_them() {
        // Answers of Mono 6.8's System.Uri (AbsolutePath).
        assert_eq!(implicit_file_path("a:/#`").as_deref(), Some("a:/%23%60"));
        assert_eq!(implicit_file_path("a|\\b").as_deref(), Some("a:/b"));
        assert_eq!(implicit_file_path("a:/./b/../c").as_deref(), Some("a:/c"));
        assert_eq!(implicit_file_path("a:/../..").as_deref(), Some("a:/"));
        assert_eq!(implicit_file_path("//.").as_deref(), Some("//"));
        assert_eq!(implicit_file_path("//..").as_deref(), Some("/"));
        assert_eq!(implicit_file_path("/\\a").as_deref(), Some("//a"));
        assert_eq!(
            implicit_file_path("//a?b#c").as_deref(),
            Some("//a%3Fb%23c")
        );
        assert_eq!(
            implicit_file_path("a:/%7a%2e%41%2F%3f%25%e9").as_deref(),
            Some("a:/z.A%252F%253f%2525%25e9")
        );
        assert_eq!(implicit_file_path("a:/b\n").as_deref(), Some("a:/b"));
        assert_eq!(implicit_file_path(" a:/").as_deref(), Some("a:/"));
        assert_eq!(
            implicit_file_path("a://\u{5d0}").as_deref(),
            Some("a://%D7%90")
        );
        assert_eq!(implicit_file_path("/a"), None);
        assert_eq!(implicit_file_path("/ab").as_deref(), Some("/ab"));
        assert_eq!(implicit_file_path("/a\u{200f}b").as_deref(), Some("/ab"));
        assert_eq!(
            implicit_file_path("a:/\u{e9}\u{9f}\u{fdd0}\u{e000}").as_deref(),
            Some("a:/%C3%A9%25C2%259F%25EF%25B7%2590%25EE%2580%2580")
        );
        assert_eq!(implicit_file_path("aa:/b"), None);
        assert_eq!(implicit_file_path("a:b"), None);
        assert!(drive_refused("a:0").is_some());
        assert!(
            drive_refused("a:").is_none(),
            "shorter than three characters"
        );
        assert!(drive_refused("aa:0").is_none());
        assert!(too_short("a:").is_some());
        assert!(too_short(" \ta:").is_some());
        assert!(too_short("a: ").is_none(), "a drive letter's");
        assert!(too_short("aa:").is_none());
        let uri = |input: &str| Request::Parse {
            input: input.into(),
            rule: Some(crate::reference::Rule::Uri.into()),
            zone_id: false,
        };
        let reference = Request::Parse {
            input: "a:".into(),
            rule: None,
            zone_id: false,
        };
        let parsed = Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: None,
                port: None,
                path: String::new(),
                query: None,
                fragment: None,
            },
            host_kind: None,
        };
        assert!(matches!(
            apply_implicit_file(&uri("a:"), parsed.clone()),
            Outcome::Invalid(_)
        ));
        assert_eq!(apply_implicit_file(&uri("aa:"), parsed.clone()), parsed);
        assert_eq!(apply_implicit_file(&reference, parsed.clone()), parsed);
        // Read by `URI`, a Unix path after white space is a file: "\t/.." is file:///,
        // "\n/ab?c" has the path "/ab%3Fc"; by `URI-reference` it is not.
        let path_of = |outcome: Outcome| match outcome {
            Outcome::Parsed { components, .. } => Some(components.path),
            _ => None,
        };
        assert_eq!(
            path_of(apply_implicit_file(&uri("\t/.."), parsed.clone())).as_deref(),
            Some("/")
        );
        assert_eq!(
            path_of(apply_implicit_file(&uri("\n/ab?c"), parsed.clone())).as_deref(),
            Some("/ab%3Fc")
        );
        let spaced = Request::Parse {
            input: " /ab".into(),
            rule: None,
            zone_id: false,
        };
        assert_eq!(apply_implicit_file(&spaced, parsed.clone()), parsed);
    }

    #[test]
    fn mailto_reads_its_authority_without_slashes_and_news_has_none() {
        let parse = |input: &str| Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        };
        assert_eq!(
            mailto_authority(&parse("mailto:a")),
            Some(parse("mailto://a"))
        );
        assert_eq!(
            mailto_authority(&parse("MailTo://a")),
            Some(parse("MailTo:////a"))
        );
        assert_eq!(mailto_authority(&parse("news:a")), None);
        let parsed = |scheme: &str, path: &str| Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.into()),
                userinfo: Some("u".into()),
                host: Some("a".into()),
                port: Some("1".into()),
                path: path.into(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        };
        let Outcome::Parsed {
            components,
            host_kind,
        } = scheme_without_authority(&parse("news://u@a:1/b"), parsed("news", "/b"))
        else {
            panic!("a parse");
        };
        assert_eq!(components.path, "//u@a:1/b");
        assert_eq!(components.host, None);
        assert_eq!(host_kind, None);
        // "mailto" adds no "/" after its host.
        let Outcome::Parsed { components, .. } =
            scheme_without_authority(&parse("mailto:u@a:1"), parsed("mailto", "/"))
        else {
            panic!("a parse");
        };
        assert_eq!(components.path, "");
        assert_eq!(
            scheme_without_authority(&parse("aa://u@a:1/b"), parsed("aa", "/b")),
            parsed("aa", "/b")
        );
    }

    #[test]
    fn a_host_is_an_ip_address_or_a_dns_name() {
        // Answers of Mono 6.8's System.Uri.
        let host = |scheme: &str, host: &str, userinfo: Option<&str>| {
            let answer = Outcome::Parsed {
                components: Components {
                    scheme: Some(scheme.into()),
                    userinfo: userinfo.map(Into::into),
                    host: Some(host.into()),
                    port: None,
                    path: "/".into(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(HostKind::RegName),
            };
            !matches!(host_refused(answer), Outcome::Invalid(_))
        };
        for taken in [
            "a",
            "-",
            "_",
            "a-b",
            "a.",
            "1a",
            "1.2.3.256",
            "0x1",
            "\u{e9}",
        ] {
            assert!(host("aa", taken, None), "{taken:?}");
        }
        assert!(host("aa", ".", None) && host("aa", "..", None));
        assert!(!host("mailto", "..", None));
        for refused in ["a!", "a~", "a%41", ".a", "a..b", "...", "a b"] {
            assert!(!host("aa", refused, None), "{refused:?}");
        }
        assert!(host("aa", "", None) && host("ldap", "", None) && host("mailto", "", None));
        assert!(!host("aa", "", Some("")) && !host("http", "", None) && !host("ws", "", None));
        assert!(host("file", "a!", None));
        let without = |scheme: &str| Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.into()),
                userinfo: None,
                host: None,
                port: None,
                path: "/".into(),
                query: None,
                fragment: None,
            },
            host_kind: None,
        };
        assert!(matches!(
            authority_required(without("HTTP")),
            Outcome::Invalid(_)
        ));
        assert_eq!(authority_required(without("aa")), without("aa"));
        let port = |scheme: &str, port: &str| match port_zero_dropped(Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.into()),
                userinfo: None,
                host: Some("h".into()),
                port: Some(port.into()),
                path: "/".into(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        }) {
            Outcome::Parsed { components, .. } => components.port,
            other => panic!("{other:?}"),
        };
        // Answers of Mono 6.8's System.Uri (Port, IsDefaultPort).
        assert_eq!(port("aa", "0"), None);
        assert_eq!(port("aa", "00"), None);
        assert_eq!(port("http", "0").as_deref(), Some("0"));
        assert_eq!(port("aa", "1").as_deref(), Some("1"));
        assert_eq!(port("aa", "").as_deref(), Some(""));
        let path =
            |scheme: &str, host: Option<&str>, path: &str| match path_compressed(Outcome::Parsed {
                components: Components {
                    scheme: Some(scheme.into()),
                    userinfo: None,
                    host: host.map(Into::into),
                    port: None,
                    path: path.into(),
                    query: None,
                    fragment: None,
                },
                host_kind: host.map(|_| HostKind::RegName),
            }) {
                Outcome::Parsed { components, .. } => components.path,
                other => panic!("{other:?}"),
            };
        // Answers of Mono 6.8's System.Uri (AbsolutePath of "scheme://h" and the path).
        assert_eq!(path("aa", Some("h"), "/."), "/");
        assert_eq!(path("aa", Some("h"), "/a/%2e%2E/b"), "/b");
        assert_eq!(path("aa", Some("h"), "/a/.%2e"), "/");
        assert_eq!(path("aa", Some("h"), "/../a"), "/a");
        assert_eq!(path("aa", Some("h"), "//.."), "/");
        assert_eq!(path("aa", Some("h"), "/a//../b"), "/a/b");
        assert_eq!(path("WS", Some("h"), "/a/%2e/b"), "/a/b");
        assert_eq!(path("file", Some("h"), "/a/../b"), "/b");
        assert_eq!(path("aa", Some("h"), "/.a/..b/..."), "/.a/..b/...");
        assert_eq!(path("aa", Some("h"), "/a%2eb"), "/a%2eb");
        let query = |scheme: &str, host: Option<&str>, path: &str, query: &str| match query_in_path(
            Outcome::Parsed {
                components: Components {
                    scheme: Some(scheme.into()),
                    userinfo: None,
                    host: host.map(Into::into),
                    port: None,
                    path: path.into(),
                    query: Some(query.into()),
                    fragment: None,
                },
                host_kind: host.map(|_| HostKind::RegName),
            },
        ) {
            Outcome::Parsed { components, .. } => (components.path, components.query),
            other => panic!("{other:?}"),
        };
        // Answers of Mono 6.8's System.Uri (AbsolutePath and Query).
        assert_eq!(query("ftp", Some("a"), "/b", "c"), ("/b%3Fc".into(), None));
        assert_eq!(query("FTP", Some("a"), "", ""), ("/%3F".into(), None));
        assert_eq!(query("telnet", Some("a"), "/", "c"), ("/%3Fc".into(), None));
        assert_eq!(query("uuid", None, "a", "b?c"), ("a%3Fb%3Fc".into(), None));
        assert_eq!(query("news", None, "a", "b"), ("a%3Fb".into(), None));
        assert_eq!(query("ftp", Some("a"), "/b", "c/../d"), ("/d".into(), None));
        assert_eq!(
            query("gopher", Some("a"), "/b", "c/../d"),
            ("/b%3Fc/../d".into(), None)
        );
        assert_eq!(
            query("http", Some("a"), "/b", "c"),
            ("/b".into(), Some("c".into()))
        );
        // Schemes without CompressPath, and a path without authority, keep their dot-segments.
        assert_eq!(path("gopher", Some("h"), "/a/../b"), "/a/../b");
        assert_eq!(path("telnet", Some("h"), "/a/./b"), "/a/./b");
        assert_eq!(path("aa", None, "/a/../b"), "/a/../b");
        // Answers of Mono 6.8's System.Uri ("http://" and the host; None: a registered name).
        for (host, address) in [
            ("0", Some("0.0.0.0")),
            ("1.2", Some("1.0.0.2")),
            ("1.2.3", Some("1.2.0.3")),
            ("0x10", Some("0.0.0.16")),
            ("010", Some("0.0.0.8")),
            ("0x1.0x2", Some("1.0.0.2")),
            ("1.0377", Some("1.0.0.255")),
            ("1.2.65535", Some("1.2.255.255")),
            ("1.2.3.04", Some("1.2.3.4")),
            ("4294967295", Some("255.255.255.255")),
            ("4294967296", None),
            ("1.2.3.256", None),
            ("1.2.65536", None),
            ("256.1", None),
            ("0x", None),
            ("08", None),
            ("1.2.3.4.", None),
            ("1.2.3.4.5", None),
        ] {
            assert_eq!(
                inet_aton(host).map(|a| std::net::Ipv4Addr::from(a).to_string()),
                address.map(str::to_owned),
                "{host:?}"
            );
        }
    }

    #[test]
    fn ipv6_literals_are_read_and_written_as_system_uri_does() {
        // Answers of Mono 6.8's System.Uri (Host).
        let host = |literal: &str| {
            let case = Request::Parse {
                input: format!("aa://{literal}"),
                rule: None,
                zone_id: false,
            };
            match ipv6_host_rewritten(&case, true) {
                Some(Request::Parse { input, .. }) => input[5..].to_owned(),
                _ => literal.to_owned(),
            }
        };
        for (literal, written) in [
            ("[::0]", "[::]"),
            ("[0:0::1]", "[::1]"),
            ("[1:0:0:0:0:0:0:1]", "[1::1]"),
            ("[1:0:0:1:0:0:0:1]", "[1:0:0:1::1]"),
            ("[ABCD::]", "[abcd::]"),
            ("[::ffff:1.2.3.4]", "[::ffff:1.2.3.4]"),
            ("[1::1.2.3.4]", "[1::102:304]"),
            ("[fe80::1%25eth0]", "[fe80::1]"),
            ("[::%]", "[::]"),
            ("[:0::]", "[::]"),
            ("[:1::]", "[0:1::]"),
            ("[1:2:3:4:5:6:7::]", "[1:2:3:4:5:6:7:0]"),
            ("[0:1:0:0:1:0:0:0]", "[0:1:0:0:1::]"),
            ("[::ffff:0:0]", "[::ffff:0:0]"),
            ("[1:2:3:4:5:6:1.2.3.4]", "[1:2:3:4:5:6:102:304]"),
            ("[0:0:0:0:0:5efe:102:304]", "[::5efe:1.2.3.4]"),
            ("u@[::0]:1/p", "u@[::]:1/p"),
        ] {
            assert_eq!(host(literal), written, "{literal:?}");
        }
        // Not IPv6 to System.Uri: left as written.
        for literal in [
            "[1:::]",
            "[1::2::3]",
            "[::1.2.3]",
            "[::01.2.3.4]",
            "[::1/6a]",
            "[v1.a]",
            "[::1/64]",
            "[::]a",
        ] {
            assert_eq!(host(literal), literal, "{literal:?}");
        }
        // Read only leniently.
        for literal in ["[:0::]", "[::%]"] {
            let case = Request::Parse {
                input: format!("aa://{literal}"),
                rule: None,
                zone_id: false,
            };
            assert_eq!(ipv6_host_rewritten(&case, false), None, "{literal:?}");
        }
    }

    #[test]
    fn trailing_white_space_is_cut_from_every_text() {
        let case = Request::Resolve {
            base: "a0: ".into(),
            input: "#\t".into(),
            strict: false,
        };
        assert_eq!(
            trailing_space_cut(&case),
            Some(Request::Resolve {
                base: "a0:".into(),
                input: "#".into(),
                strict: false,
            })
        );
        let parse = Request::Parse {
            input: "a:b".into(),
            rule: None,
            zone_id: false,
        };
        assert_eq!(trailing_space_cut(&parse), None);
    }
    #[test]
    fn absolute_uri_writes_a_text_without_authority_twice_when_it_has_unicode() {
        // Answers of Mono 6.8's System.Uri (AbsoluteUri).
        let normalized = |input: &str| {
            let case = Request::Normalize {
                input: input.into(),
                level: Some(crate::reference::Level::Scheme),
            };
            match absolute_uri_doubled(&case, Outcome::Normalized("(before)".into())) {
                Outcome::Normalized(n) => n,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(normalized("aa:%41"), "aa:%41A");
        assert_eq!(normalized("aa:/%41?%7A#%7e"), "aa:/%41?%7A#%7e/A?z#~");
        assert_eq!(normalized("aa:%41#a?b"), "aa:%41#a?bA#a?b");
        assert_eq!(normalized("aa:%41%0a"), "aa:%41%0aA%0a");
        assert_eq!(normalized("aa:/%41/%2e%2E/x"), "aa:/%41/%2e%2E/x/A/../x");
        assert_eq!(normalized(" aa:%41"), "aa:%41A");
        assert_eq!(normalized("news:%41#b"), "news:%41#bA#b");
        assert_eq!(normalized("news:%41#b?c"), "news:%41#b?cA#b?c");
        assert_eq!(normalized("uuid:%41"), "uuid:%41A");
        // Not written twice: the entries before answer.
        for input in [
            "AA:%41",
            "aa:%41[",
            "aa:%41#a#b",
            "aa:%41%%",
            "aa:%41 ",
            "aa:%41\\",
            "news:%41?b",
            "aa://h/%41",
            "aa:%2B",
            "aa:b",
        ] {
            assert_eq!(normalized(input), "(before)", "{input:?}");
        }
        let resolved = |base: &str, input: &str, target: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: false,
            };
            match absolute_uri_doubled(&case, Outcome::Resolved(target.into())) {
                Outcome::Resolved(t) => t,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(resolved("a0:", "%2e/#/", "a0:%2e/#/"), "a0:%2e/#/./#/");
        assert_eq!(resolved("A0:", "%2e#", "A0:%2e#"), "a0:%2e#.#");
        assert_eq!(resolved("a:/", "aa:%2E/", "aa:%2E/"), "aa:%2E/./");
        assert_eq!(resolved("aa:/x", "aa:%41", "aa:/%41"), "aa:%41A");
        // Against a base written twice.
        assert_eq!(resolved("aa:/%7a", ".", "aa:/"), "aa:/%7a//z/");
        assert_eq!(resolved("aa:/%7a", "b", "aa:/b"), "aa:/%7a/b/z/b");
        assert_eq!(resolved("aa:/%7a", "#f", "aa:/%7a#f"), "aa:/%7a/z#f/z/z#f");
        assert_eq!(resolved("aa:/%7a", "", "aa:/%7a"), "aa:/%7a/z/z/z");
        assert_eq!(resolved("aa:/%7a", "/x", "aa:/x"), "aa:/%7a/x/z/x");
        assert_eq!(
            resolved("aa:/%7a?q#f", "b", "aa:/b"),
            "aa:/%7a?q#f/b/z?q#f/b"
        );
        assert_eq!(
            resolved("aa:/%7a/", "%41", "aa:/%7a/%41"),
            "aa:/%7a//z/%41/z//z/A"
        );
        assert_eq!(
            resolved("aa:/%7a?q", "?%41", "aa:/%7a?%41"),
            "aa:/z?%41/z?A"
        );
        assert_eq!(resolved("aa:%7a", "b", "aa:b"), "aa:%7abzb");
        assert_eq!(
            resolved("aa:/%7a/b/c", "../d?x", "aa:/%7a/d?x"),
            "aa:/%7a/b/c/z/d?x/z/b/c/z/d?x"
        );
        assert_eq!(
            resolved("aa:/%7a/b/c", "./.", "aa:/%7a/b/"),
            "aa:/%7a/b/c/z/b//z/b/c/z/b/"
        );
        assert_eq!(resolved("A0:%2E", "%2e#a", "A0:%2e#a"), "a0:%2e#a.#a");
        assert_eq!(resolved("aa:/x?%41", "b", "aa:/b"), "aa:/x?%41/b/x?A/b");
        assert_eq!(resolved("news:%41", "b", "news:b"), "news:%41bAb");
        assert_eq!(
            resolved("aa:/%7a?q", "", "aa:/%7a?q"),
            "aa:/%7a?q/z?q/z?q/z?q"
        );
        // Not written twice.
        assert_eq!(resolved("A0:%2E", "", "A0:%2E"), "A0:%2E");
        assert_eq!(resolved("aa:/%7a?q", "?q", "aa:/%7a?q"), "aa:/%7a?q");
        assert_eq!(resolved("aa:/%7a/b[", "#g", "aa:/%7a/b[#g"), "aa:/%7a/b[#g");
        assert_eq!(resolved("aa://h/x", "%41", "aa://h/%41"), "aa://h/%41");
    }

    #[test]
    fn a_reference_with_the_base_scheme_and_a_query_or_fragment_is_combined_as_a_path() {
        let resolve = |base: &str, input: &str, target: &str| {
            same_scheme_combined(
                &Request::Resolve {
                    base: base.into(),
                    input: input.into(),
                    strict: false,
                },
                Outcome::Resolved(target.into()),
            )
        };
        let target = |t: &str| Outcome::Resolved(t.into());
        // What RFC 3986 gives (non-strict), and what System.Uri gives.
        assert_eq!(
            resolve("http://a/b/c?q#f", "http:?x", "http://a/b/c?x"),
            target("http://a/b/?x")
        );
        assert_eq!(
            resolve("http://a/b/c?q#f", "HTTP:#g", "http://a/b/c?q#g"),
            target("http://a/b/#g")
        );
        assert_eq!(
            resolve("http://a/b/c?q#f", "http:?x#y", "http://a/b/c?x#y"),
            target("http://a/b/?x#y")
        );
        assert_eq!(
            resolve("http://u@[::1]:8/b/c", " http:?", "http://u@[::1]:8/b/c?"),
            target("http://u@[::1]:8/b/?")
        );
        assert_eq!(
            resolve("file:///b/c", "file:?x", "file:///b/c?x"),
            target("file:///b/?x")
        );
        assert_eq!(
            resolve("ftp://a/b/c", "ftp:#x", "ftp://a/b/c#x"),
            target("ftp://a/b/#x")
        );
        // Near misses: no query for ftp's parser (the "?" is the path's), a reference without
        // the scheme (ResolveHelper's own checks), another scheme, an unknown scheme (an
        // absolute URI), a path after the scheme (combined as RFC 3986 does).
        for (base, input, answer) in [
            ("ftp://a/b/c", "ftp:?x", "ftp://a/b/c?x"),
            ("http://a/b/c?q", "?x", "http://a/b/c?x"),
            ("http://a/b/c?q", "#x", "http://a/b/c?q#x"),
            ("http://a/b/c?q", "https:?x", "https:?x"),
            ("aa://a/b/c", "aa:?x", "aa://a/b/c?x"),
            ("http://a/b/c", "http:g?x", "http://a/b/g?x"),
        ] {
            assert_eq!(resolve(base, input, answer), target(answer), "{input}");
        }
    }

    #[test]
    fn an_absolute_path_against_a_file_base_drops_its_host() {
        let resolve = |base: &str, input: &str, target: &str| {
            file_absolute_path_host_dropped(
                &Request::Resolve {
                    base: base.into(),
                    input: input.into(),
                    strict: false,
                },
                Outcome::Resolved(target.into()),
            )
        };
        let target = |t: &str| Outcome::Resolved(t.into());
        assert_eq!(
            resolve("file://h/a/b", "/c", "file://h/c"),
            target("file:///c")
        );
        assert_eq!(
            resolve("FILE://[::1]/a/b", "/c?x#y", "file://[::1]/c?x#y"),
            target("file:///c?x#y")
        );
        assert_eq!(resolve("file://h", "/", "file://h/"), target("file:///"));
        // Near misses: a relative path, a network path, another scheme, a DOS path's base.
        for (base, input, answer) in [
            ("file://h/a/b", "c", "file://h/a/c"),
            ("file://h/a/b", "//g/c", "file://g/c"),
            ("http://h/a/b", "/c", "http://h/c"),
            ("file://h/c:/x", "/d", "file://h/d"),
        ] {
            assert_eq!(resolve(base, input, answer), target(answer), "{input}");
        }
    }

    #[test]
    fn a_path_without_authority_keeps_its_dot_segments() {
        let resolve = |base: &str, input: &str, target: &str| {
            path_kept_uncompressed(
                &Request::Resolve {
                    base: base.into(),
                    input: input.into(),
                    strict: false,
                },
                Outcome::Resolved(target.into()),
            )
        };
        let target = |t: &str| Outcome::Resolved(t.into());
        assert_eq!(resolve("aa:", "/.", "aa:/"), target("aa:/."));
        assert_eq!(resolve("aa:/b/c", "/./g?x", "aa:/g?x"), target("aa:/./g?x"));
        assert_eq!(resolve("aa:/b", "z:/a/../c", "z:/c"), target("z:/a/../c"));
        assert_eq!(
            resolve("gopher://h/b", "/a/../c#f", "gopher://h/c#f"),
            target("gopher://h/a/../c#f")
        );
        assert_eq!(resolve("aa:/b", "z:/./c", "z:/c"), target("z:/./c"));
        // A reference the non-strict reading takes relative, returned as it is: the strict
        // reading's, not this rule's.
        assert_eq!(resolve("aa:/b/c", "aa:y", "aa:/b/y"), target("aa:/b/y"));
        assert_eq!(resolve("aa:b/c", "aa:./y", "aa:/y"), target("aa:/y"));
        // Near misses: a merged path, an empty one, a target with a compressing authority.
        for (base, input, answer) in [
            ("aa:/b/c", "./g", "aa:/b/g"),
            ("aa:/./b", "", "aa:/./b"),
            ("aa://h/b", "/./g", "aa://h/g"),
            ("aa:/b", "//h/./g", "aa://h/g"),
        ] {
            assert_eq!(resolve(base, input, answer), target(answer), "{input}");
        }
        let normalize = |input: &str, answer: &str| {
            path_kept_uncompressed(
                &Request::Normalize {
                    input: input.into(),
                    level: Some(crate::reference::Level::Scheme),
                },
                Outcome::Normalized(answer.into()),
            )
        };
        let normalized = |t: &str| Outcome::Normalized(t.into());
        assert_eq!(normalize("aa:/.", "aa:/"), normalized("aa:/."));
        assert_eq!(normalize("aa:/%2e/%7e", "aa:/~"), normalized("aa:/./~"));
        assert_eq!(
            normalize("gopher://h/a/../b", "gopher://h/b"),
            normalized("gopher://h/a/../b")
        );
        assert_eq!(
            normalize("aa://h/a/../b", "aa://h/b"),
            normalized("aa://h/b")
        );
        assert_eq!(normalize("/a/../b", "/b"), normalized("/b"));
    }

    #[test]
    fn a_rootless_merged_path_keeps_its_first_segment() {
        assert_eq!(combined_compressed("."), ".");
        assert_eq!(combined_compressed("a/.."), "a/");
        assert_eq!(combined_compressed("./a"), "./a");
        assert_eq!(combined_compressed("./../a"), "./a");
        assert_eq!(combined_compressed("a/b/../.."), "a/");
        assert_eq!(combined_compressed("/b/../g"), "/g");
        let resolve = |base: &str, input: &str, target: &str| {
            rootless_first_segment_kept(
                &Request::Resolve {
                    base: base.into(),
                    input: input.into(),
                    strict: false,
                },
                Outcome::Resolved(target.into()),
            )
        };
        let target = |t: &str| Outcome::Resolved(t.into());
        assert_eq!(resolve("aa:", ".", "aa:"), target("aa:."));
        assert_eq!(resolve("aa:", "a/..", "aa:/"), target("aa:a/"));
        assert_eq!(resolve("aa:", "./a?q#f", "aa:a?q#f"), target("aa:./a?q#f"));
        assert_eq!(resolve("aa:b/c", "../g", "aa:/g"), target("aa:b/g"));
        // Near misses: a rooted base path, a base with an authority, an absolute path.
        for (base, input, answer) in [
            ("aa:/b/c", "../g", "aa:/g"),
            ("aa://h", "./g", "aa://h/g"),
            ("aa:", "/./g", "aa:/g"),
            ("aa:", "", "aa:"),
        ] {
            assert_eq!(resolve(base, input, answer), target(answer), "{input}");
        }
    }

    /// A parse request of `input` by `URI-reference`.
    #[test]
    fn a_unc_host_is_emptied_where_the_text_has_unicode() {
        // The two readings of a host: DNS first, then UNC.
        for host in ["a", "a-", "a_", "0-", "a-.b", "\u{e9}-", "a.b.", "xn--a"] {
            assert!(iri_dns_name(host), "{host}");
        }
        for host in ["-", "_a", "a.-b", "-.", "-1", "a..b", "-\u{e9}"] {
            assert!(!iri_dns_name(host), "{host}");
        }
        assert!(!iri_dns_name(&"a".repeat(64)));
        for host in [
            "-",
            "_a",
            "a.-",
            "-.",
            "-.a",
            "a_b.-c",
            "-\u{4e2d}",
            "a-b.-",
        ] {
            assert!(unc_name(host), "{host}");
        }
        // Near misses: all digits first, a later segment starting with "-", two dots.
        for host in ["1.-", "a.b.-", "-..a", ".-", "-!", ""] {
            assert!(!unc_name(host), "{host}");
        }
        assert!(!unc_host_only("net.tcp", "-"));
        assert!(!unc_host_only("aa", "a-"));
        assert!(unc_host_only("aa", "-%E4%B8%AD"));
        // Unicode: a character outside US-ASCII, UTF-8 triplets, an escaped unreserved one.
        for text in [
            "aa://-/\u{e9}",
            "aa://-/%C3%A9",
            "aa://-/%41",
            "aa://-/%E2%80%AA",
        ] {
            assert!(has_unicode(text), "{text}");
        }
        for text in [
            "aa://-/%80",
            "aa://-/%C3",
            "aa://-/?%C3x%A9",
            "aa://-/%2F",
            "aa://-/A",
        ] {
            assert!(!has_unicode(text), "{text}");
        }
        let host_of = |input: &str, host: &str, port: Option<&str>| {
            let answer = Outcome::Parsed {
                components: Components {
                    scheme: Some("aa".into()),
                    userinfo: None,
                    host: Some(host.into()),
                    port: port.map(Into::into),
                    path: "/".into(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(HostKind::RegName),
            };
            match unc_host_emptied(&parse_of(input), answer) {
                Outcome::Parsed { components, .. } => (components.host, components.port),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            host_of("aa://-:5/%41", "-", Some("5")),
            (Some(String::new()), Some("5".into()))
        );
        assert_eq!(host_of("aa://-/A", "-", None), (Some("-".into()), None));
        assert_eq!(
            host_of("aa://a-/%41", "a-", None),
            (Some("a-".into()), None)
        );
        let normalize = |input: &str, answer: &str| match unc_host_emptied(
            &Request::Normalize {
                input: input.into(),
                level: None,
            },
            Outcome::Normalized(answer.into()),
        ) {
            Outcome::Normalized(text) => text,
            other => panic!("{other:?}"),
        };
        assert_eq!(normalize("aa://u@-:5/%41", "aa://u@-:5/A"), "aa://u@/A");
        assert_eq!(normalize("aa://u@-:5/A", "aa://u@-:5/A"), "aa://u@-:5/A");
        let resolve = |base: &str, input: &str, target: &str| match unc_host_emptied(
            &Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: false,
            },
            Outcome::Resolved(target.into()),
        ) {
            Outcome::Resolved(text) => text,
            other => panic!("{other:?}"),
        };
        assert_eq!(resolve("aa://-", "%2e", "aa://-/"), "aa:///");
        assert_eq!(resolve("aa://-/%41", "x", "aa://-/x"), "aa:///x");
        assert_eq!(resolve("aa://-", "x", "aa://-/x"), "aa://-/x");
        // The reference's own authority, without Unicode, is written.
        assert_eq!(resolve("aa://-/%41", "//-/x", "aa://-/x"), "aa://-/x");
    }

    #[test]
    fn a_path_against_a_mailto_base_is_written_after_its_host() {
        let resolve = |base: &str, input: &str, target: &str| match mailto_combined(
            &Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: false,
            },
            Outcome::Resolved(target.into()),
        ) {
            Outcome::Resolved(text) => text,
            other => panic!("{other:?}"),
        };
        // The reference's answers, then System.Uri's.
        assert_eq!(resolve("mailto:a@b", "x", "mailto:x"), "mailto:a@bx");
        assert_eq!(resolve("mailto:A@B", "x", "mailto:x"), "mailto:A@bx");
        assert_eq!(resolve("mailto://", "/", "mailto:/"), "mailto:/");
        assert_eq!(resolve("mailto://", "x", "mailto:x"), "mailto://x");
        assert_eq!(
            resolve("mailto:a@b/c/d", "./y?q#f", "mailto:a@b/c/y?q#f"),
            "mailto:a@b/c/y?q#f"
        );
        assert_eq!(resolve("mailto:a@b", "x/../y", "mailto:y"), "mailto:a@bx/y");
        assert_eq!(
            resolve("mailto:a@b", "/x/../y", "mailto:/y"),
            "mailto:a@b/x/../y"
        );
        assert_eq!(resolve("mailto:a@b?q#f", "x", "mailto:x"), "mailto:a@bx");
        assert_eq!(
            resolve("mailto:a@b", "//x/../y", "mailto://x/y"),
            "mailto://x/../y"
        );
        // Near misses: outside the model, the answer kept.
        assert_eq!(resolve("mailto:a@b", "..", "mailto:"), "mailto:");
        assert_eq!(resolve("mailto:a@b", "x%41", "mailto:x%41"), "mailto:x%41");
        assert_eq!(resolve("mailto:a@b", "?q", "mailto:a@b?q"), "mailto:a@b?q");
        assert_eq!(resolve("aa:a@b", "x", "aa:x"), "aa:x");
        assert_eq!(resolve("mailto:a@b", "bb:x", "bb:x"), "bb:x");
    }

    fn parse_of(input: &str) -> Request {
        Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        }
    }

    /// A parse answer with the scheme, the path, the query and the fragment (no authority).
    fn parsed(scheme: &str, path: &str, query: Option<&str>, fragment: Option<&str>) -> Outcome {
        Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.into()),
                userinfo: None,
                host: None,
                port: None,
                path: path.into(),
                query: query.map(Into::into),
                fragment: fragment.map(Into::into),
            },
            host_kind: None,
        }
    }

    /// An implicit file path's parse: `file:`, the empty host and the path.
    fn file(path: &str) -> Outcome {
        Outcome::Parsed {
            components: Components {
                scheme: Some("file".into()),
                userinfo: None,
                host: Some(String::new()),
                port: None,
                path: path.into(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        }
    }

    #[test]
    fn an_unknown_schemes_drive_letter_is_read_as_a_dos_path() {
        // Answers of Mono 6.8's System.Uri (AbsolutePath of new Uri(text)).
        let rewritten = |input: &str| match dos_path_after_scheme(&parse_of(input)) {
            Some(Request::Parse { input, .. }) => Some(input),
            _ => None,
        };
        assert_eq!(rewritten("aa:a:/./b").as_deref(), Some("aa:a:/b"));
        assert_eq!(rewritten("aa:a|/./b").as_deref(), Some("aa:a:/b"));
        assert_eq!(rewritten("aa:/a:/./b").as_deref(), Some("aa:a:/b"));
        assert_eq!(rewritten("aa:\\a:/./b").as_deref(), Some("aa:a:/b"));
        assert_eq!(rewritten("aa:a:\\b/./c").as_deref(), Some("aa:a:/b/c"));
        assert_eq!(rewritten("aa:a:/b/../../c").as_deref(), Some("aa:a:/c"));
        assert_eq!(rewritten("aa:a:/%2e/b").as_deref(), Some("aa:a:/b"));
        assert_eq!(rewritten("aa:a:/b//./c").as_deref(), Some("aa:a:/b//c"));
        assert_eq!(
            rewritten("aa:a:/./?x/./#./").as_deref(),
            Some("aa:a:/?x/./#./")
        );
        // After "//" too, the authority then empty (dos_path_host puts its host in).
        assert_eq!(rewritten("aa://a:/./b").as_deref(), Some("aa:a:/b"));
        // Near misses: no drive, two letters, a known scheme, "news", an authority before the
        // drive, an escaped colon, a "..." segment (no dot-segment: unchanged).
        for input in [
            "aa:ab:/./",
            "aa:1:/./b",
            "aa:a:b/./",
            "news:a:/./",
            "mailto:a:/./",
            "http:a:/./b",
            "aa://h/a:/./b",
            "aa:a%3a/./b",
            "aa:a:/b/.../c",
        ] {
            assert_eq!(rewritten(input), None, "{input}");
        }
    }

    #[test]
    fn a_low_surrogate_is_escaped_again_after_its_pair() {
        // Answers of Mono 6.8's System.Uri.
        let rule =
            |input: &str, answer: Outcome| low_surrogate_escaped_again(&parse_of(input), answer);
        assert_eq!(
            rule("a0:\u{F0000}", parsed("a0", "%F3%B0%80%80", None, None)),
            parsed("a0", "%F3%B0%80%80%EF%BF%BD", None, None)
        );
        assert_eq!(
            rule("/#\u{F0000}", file("/%23%25F3%25B0%2580%2580")),
            file("/%23%25F3%25B0%2580%2580%25EF%25BF%25BD")
        );
        assert_eq!(
            rule("//\u{1FFFE}@", file("//%25F0%259F%25BF%25BE@")),
            file("//%25F0%259F%25BF%25BE%25EF%25BF%25BD@")
        );
        // Near misses: an IRI character (a pair copied), a private-use character of plane 15
        // in the query (iprivate), a character of the BMP.
        for (input, answer) in [
            ("a0:\u{1F600}", parsed("a0", "%F0%9F%98%80", None, None)),
            (
                "a0:?\u{F0000}",
                parsed("a0", "", Some("%F3%B0%80%80"), None),
            ),
            ("a0:\u{FFFE}", parsed("a0", "%EF%BF%BE", None, None)),
        ] {
            assert_eq!(rule(input, answer.clone()), answer, "{input}");
        }
        assert_eq!(
            rule(
                "a0:?\u{E0FFF}",
                parsed("a0", "", Some("%F3%A0%BF%BF"), None)
            ),
            parsed("a0", "", Some("%F3%A0%BF%BF%EF%BF%BD"), None)
        );
    }

    #[test]
    fn the_trailing_white_space_of_an_iri_is_kept_in_its_last_component() {
        // Answers of Mono 6.8's System.Uri.
        let rule = |input: &str, answer: Outcome| iri_trailing_space_kept(&parse_of(input), answer);
        assert_eq!(
            rule("aa:%41 ", parsed("aa", "A", None, None)),
            parsed("aa", "A%20", None, None)
        );
        assert_eq!(
            rule("aa:%41  ", parsed("aa", "A", None, None)),
            parsed("aa", "A%20%20", None, None)
        );
        assert_eq!(
            rule("aa:%2e?\t", parsed("aa", ".", Some(""), None)),
            parsed("aa", ".", Some("%09"), None)
        );
        assert_eq!(
            rule("aa:%41#b\t", parsed("aa", "A", None, Some("b"))),
            parsed("aa", "A", None, Some("b%09"))
        );
        assert_eq!(rule("//%30: ", file("//0:")), file("//0:%20"));
        assert_eq!(rule("//\u{e9} ", file("//%C3%A9")), file("//%C3%A9%20"));
        // Near misses: no IRI parsing (no unreserved or non-ASCII triplet, ASCII only), no
        // trailing white space, white space inside.
        for (input, answer) in [
            ("aa:a ", parsed("aa", "a", None, None)),
            ("aa:%3a ", parsed("aa", "%3a", None, None)),
            ("aa:%41", parsed("aa", "A", None, None)),
            ("aa:%41 b", parsed("aa", "A%20b", None, None)),
        ] {
            assert_eq!(rule(input, answer.clone()), answer, "{input}");
        }
    }

    #[test]
    fn an_implicit_file_path_parsed_as_an_iri_has_its_reserved_triplets_decoded() {
        // Answers of Mono 6.8's System.Uri (AbsolutePath).
        let rule = |input: &str| {
            let plain = file(&implicit_file_path(input).unwrap_or_default());
            iri_escapes_unescaped(&parse_of(input), plain)
        };
        assert_eq!(rule("/x%3a%2e"), file("/x:."));
        assert_eq!(rule("//\t%3a%2e"), file("//%09:."));
        assert_eq!(
            rule("/x%3a%2e%25%3f%23%20%c3%a9%5b%2F%5c%7b"),
            file("/x:.%2525%253f%2523%20%C3%A9%255b%252F%255c%7B")
        );
        assert_eq!(rule("//%2e%3a%25"), file("//.:%2525"));
        assert_eq!(rule("c:/x%3a%2e"), file("c:/x:."));
        assert_eq!(rule("/x/%2e%3a%zz"), file("/x/.:%25zz"));
        assert_eq!(rule("/?\u{202a}%3a"), file("/%3F:"));
        assert_eq!(rule("/%3a%7a"), file("/:z"));
        // Near misses: no IRI parsing, so the reserved triplet's "%" is escaped.
        assert_eq!(rule("/x%3a"), file("/x%253a"));
        assert_eq!(rule("/x%3a%2f"), file("/x%253a%252f"));
    }

    #[test]
    fn u_ffff_ends_an_implicit_file_path() {
        // Answers of Mono 6.8's System.Uri: c_DummyChar is the path's delimiter.
        assert_eq!(implicit_file_path("//a\u{ffff}b").as_deref(), Some("//a"));
        assert_eq!(implicit_file_path("/ab\u{ffff}?x").as_deref(), Some("/ab"));
        assert_eq!(implicit_file_path("//[]\u{ffff}").as_deref(), Some("//[]"));
        assert_eq!(
            implicit_file_path("//a\u{fffe}b").as_deref(),
            Some("//a%25EF%25BF%25BEb")
        );
    }

    #[test]
    fn an_implicit_file_path_with_unicode_has_its_utf8_runs_decoded_then_escaped_once() {
        // Answers of Mono 6.8's System.Uri: IRI parsing decodes a run of triplets that is UTF-8
        // for IRI characters, which the path's escaping writes again, uppercase.
        let path = |text: &str| implicit_file_path(text);
        assert_eq!(path("/%c3%a9\u{e9}%41").as_deref(), Some("/%C3%A9%C3%A9A"));
        assert_eq!(
            path("/%E0%a0%aa\u{4e2d}").as_deref(),
            Some("/%E0%A0%AA%E4%B8%AD")
        );
        assert_eq!(path("/%c3%a0%").as_deref(), Some("/%C3%A0%25"));
        // Near miss: a reserved triplet is kept ("%" escaped), even with IRI parsing on.
        assert_eq!(path("/%c3%a9%3f").as_deref(), Some("/%C3%A9%253f"));
    }
    #[test]
    fn text_after_an_ipv6_host_starts_the_path() {
        let input = |case: Option<Request>| match case {
            Some(Request::Parse { input, .. }) => Some(input),
            _ => None,
        };
        // CheckAuthorityHelper ends the host at "]" (dotnet/runtime#120908).
        assert_eq!(
            input(ip_literal_path_after(&parse_of("aa://[::]a"))).as_deref(),
            Some("aa://[::]/a")
        );
        assert_eq!(
            input(ip_literal_path_after(&parse_of(" aa://[::] /"))).as_deref(),
            Some(" aa://[::]/ /")
        );
        // Near misses: a delimiter, a "\\", a first dot-segment, a userinfo's brackets.
        for text in [
            "aa://[::]/a",
            "aa://[::]:1",
            "aa://[::]\\a",
            "aa://[::]./b",
            "aa://[::]@h",
        ] {
            assert_eq!(ip_literal_path_after(&parse_of(text)), None, "{text}");
        }
    }

    #[test]
    fn a_reference_whose_scheme_is_none_is_a_relative_path() {
        let resolve = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: false,
        };
        let rewritten =
            |base: &str, input: &str| match invalid_scheme_as_path(&resolve(base, input)) {
                Some(Request::Resolve { input, .. }) => Some(input),
                _ => None,
            };
        // GetCombinedString: "Note we don't support one-letter Uri schemes", and
        // CheckSchemeSyntax refusing "0a" and "a_b".
        assert_eq!(rewritten("aa:/b/c", ":").as_deref(), Some("./:"));
        assert_eq!(rewritten("aa:/b/c", "a:").as_deref(), Some("./a:"));
        assert_eq!(rewritten("aa://h", "0a:x").as_deref(), Some("./0a:x"));
        assert_eq!(rewritten("aa:/b/c", " a_b:x ").as_deref(), Some("./a_b:x"));
        // Near misses: a scheme, a DOS path, a colon after a slash, a rootless base.
        assert_eq!(rewritten("aa:/b/c", "ab:x"), None);
        assert_eq!(rewritten("aa:/b/c", "a:/x"), None);
        assert_eq!(rewritten("aa:/b/c", "x/a:b"), None);
        assert_eq!(rewritten("aa:", ":"), None);
    }

    #[test]
    fn a_dos_path_after_two_slashes_has_the_empty_host() {
        assert_eq!(
            dos_path_after_slashes("aa://a:/b").as_deref(),
            Some("aa:a:/b")
        );
        assert_eq!(
            dos_path_after_slashes("aa:///a|/b").as_deref(),
            Some("aa:/a|/b")
        );
        assert_eq!(dos_path_after_slashes("aa://ab:/b"), None);
        assert_eq!(dos_path_after_slashes("http://a:/b"), None);
        let answer = Outcome::Parsed {
            components: Components {
                scheme: Some("aa".into()),
                userinfo: None,
                host: None,
                port: None,
                path: "a:/c".into(),
                query: None,
                fragment: None,
            },
            host_kind: None,
        };
        let Outcome::Parsed { components, .. } =
            dos_path_host(&parse_of("aa://a:/b/../c"), answer.clone())
        else {
            panic!("a parse");
        };
        assert_eq!(components.host.as_deref(), Some(""));
        assert_eq!(
            dos_path_host(&parse_of("aa:a:/b/../c"), answer.clone()),
            answer
        );
    }

    #[test]
    fn an_implicit_file_path_escapes_a_non_iri_run_again_in_uppercase() {
        // MatchUTF8Sequence: "we have to keep unicode chars outside Iri range escaped", in
        // uppercase (EscapeAsciiChar), and the implicit file path escapes the "%" again.
        assert_eq!(iri_path_unescaped("/%f4%8a%aa%aa", false), "/%F4%8A%AA%AA");
        assert_eq!(
            implicit_file_path("/%f4%8a%aa%aa").as_deref(),
            Some("/%25F4%258A%25AA%25AA")
        );
        // An IRI character decoded, a bidirectional control dropped, a run of no UTF-8 kept.
        assert_eq!(iri_path_unescaped("/%c3%a9%e2%80%8e", false), "/\u{e9}");
        assert_eq!(iri_path_unescaped("/%ff%fe", false), "/%ff%fe");
        // A bidirectional control copied after a lone "%" stays, escaped.
        assert_eq!(
            implicit_file_path("/%\u{202a}@").as_deref(),
            Some("/%25%E2%80%AA@")
        );
    }
}
