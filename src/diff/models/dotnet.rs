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
use crate::reference::{HostKind, remove_dot_segments};

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
    let drive = kind == FilePath::Drive;
    let mut path = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => path.push('/'),
            '|' if drive && at == 1 => path.push(':'),
            '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' => {}
            '%' => match triplet(&text[at + 1..]) {
                Some(octet) if is_unreserved(octet) => {
                    path.push(char::from(octet));
                    chars.next();
                    chars.next();
                }
                _ => path.push_str("%25"),
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
        return Outcome::Invalid(error.into());
    }
    match original {
        Request::Parse { input, .. } => match implicit_file_path(input) {
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
        },
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

/// The answer for a scheme whose built-in `UriParser` takes no authority (UriSyntax.cs:
/// "mailto", `MailToLikeUri`, "news" with neither `MustHaveAuthority` nor `OptionalAuthority`):
/// what follows "//" is the path, with the empty host after "mailto" (`AllowEmptyHost`) and
/// none after "news".
pub(super) fn scheme_without_authority(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
    let mailto = match scheme.as_deref() {
        Some("mailto") => true,
        Some("news") => false,
        _ => {
            return Outcome::Parsed {
                components,
                host_kind,
            };
        }
    };
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
    components.host = mailto.then(String::new);
    Outcome::Parsed {
        components,
        host_kind: mailto.then_some(HostKind::RegName),
    }
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
            level: level.clone(),
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn mailto_and_news_read_their_authority_as_the_path() {
        let parsed = |scheme: &str| Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.into()),
                userinfo: Some("u".into()),
                host: Some("a".into()),
                port: Some("1".into()),
                path: "/b".into(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        };
        let Outcome::Parsed {
            components,
            host_kind,
        } = scheme_without_authority(parsed("mailto"))
        else {
            panic!("a parse");
        };
        assert_eq!(components.path, "//u@a:1/b");
        assert_eq!(components.host.as_deref(), Some(""));
        assert_eq!(host_kind, Some(HostKind::RegName));
        let Outcome::Parsed { components, .. } = scheme_without_authority(parsed("news")) else {
            panic!("a parse");
        };
        assert_eq!(components.host, None);
        assert_eq!(scheme_without_authority(parsed("aa")), parsed("aa"));
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
}
