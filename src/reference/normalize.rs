//! RFC 3986 §6: normalization and comparison.
//!
//! Two levels of the comparison ladder (§6.2) are implemented: syntax-based normalization
//! (§6.2.2) and, on top of it, scheme-based normalization (§6.2.3) for a few schemes. Each
//! choice where the RFC leaves room is numbered as in vectors/README.md.

use super::chars::{HEXDIG, UNRESERVED, hex_value};
use super::error::ParseError;
use super::iri::chars::Wide;
use super::iri::to_iri::{Kept, decode_component};
use super::parse::{Components, Grammar, ParseOptions, Rule, parse, parse_in};
use super::resolve::remove_dot_segments;

/// How far up the comparison ladder of §6.2 to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// §6.2.2: case (§6.2.2.1), percent-encoding (§6.2.2.2) and dot-segments (§6.2.2.3).
    #[default]
    Syntax,
    /// §6.2.3 on top of §6.2.2: default and empty ports, the empty path of `http` and its kin.
    Scheme,
    /// §6.2.2.3 alone: the path's dot-segments removed, every component otherwise as written.
    /// The level of a library whose normalization is documented as the path's (rhymuri's
    /// `Uri::normalize`: "to normalize the path"); no vector asks it.
    Path,
}

impl Level {
    /// The name the vectors and the protocol use.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
            Level::Path => "path",
        }
    }

    /// The level whose [`name`](Self::name) is `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        [Level::Syntax, Level::Scheme, Level::Path]
            .into_iter()
            .find(|level| level.name() == name)
    }
}

/// What the reference knows of a scheme beyond §6.2.3's general rules.
struct SchemeRules {
    /// The port that "would be the same as that of the scheme's default" (§3.2.3).
    default_port: Option<&'static str>,
    /// `localhost` means the empty host (RFC 8089 §2, for `file`).
    localhost_is_empty: bool,
}

impl SchemeRules {
    /// The schemes of choice 13.
    fn of(scheme: &str) -> Option<SchemeRules> {
        let (default_port, localhost_is_empty) = match scheme {
            "http" | "ws" => (Some("80"), false),
            "https" | "wss" => (Some("443"), false),
            "ftp" => (Some("21"), false),
            "file" => (None, true),
            _ => return None,
        };
        Some(SchemeRules {
            default_port,
            localhost_is_empty,
        })
    }
}

/// The other conforming readings of the documented normalization choices; the default is the
/// reference's reading. The harness uses them to recognise an implementation that made
/// another choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NormalizeOptions {
    /// Choice 10: apply §5.2.4 to rootless paths too (the reference's reading); `false`
    /// leaves them alone.
    pub rootless_dot_segments: bool,
    /// Choice 10: write `/.` before a path that starts with `//` without an authority (the
    /// reference's reading); `false` writes it as §5.3 would.
    pub double_slash_prefix: bool,
    /// Choice 11: remove an empty port at the syntax level too.
    pub empty_port_removed: bool,
    /// Choice 12: write IPv6 literals in RFC 5952 form.
    pub ipv6_rfc5952: bool,
    /// Choice 10: keep a rootless path rootless after removing its dot-segments
    /// (`foo:a/../b` is `foo:b`).
    pub rootless_kept: bool,
    /// Choice 13: turn an empty path with an authority into `/` for every scheme (the
    /// reference's reading of "in general"); `false` does it only for the schemes known to
    /// equate the two.
    pub empty_path_slash_for_every_scheme: bool,
    /// Choice 13: know the `file` scheme's rules (`localhost` the empty host, RFC 8089 §2),
    /// the reference's reading; `false` treats `file` as a scheme the implementation does not
    /// know, by §6.2.3's general rules alone.
    pub file_scheme_known: bool,
}

impl Default for NormalizeOptions {
    fn default() -> Self {
        NormalizeOptions {
            rootless_dot_segments: true,
            double_slash_prefix: true,
            empty_port_removed: false,
            ipv6_rfc5952: false,
            rootless_kept: false,
            empty_path_slash_for_every_scheme: true,
            file_scheme_known: true,
        }
    }
}

impl NormalizeOptions {
    /// Every combination of the documented readings, the reference's first.
    pub fn readings() -> impl Iterator<Item = NormalizeOptions> {
        (0..128u8).map(|bits| NormalizeOptions {
            rootless_dot_segments: bits & 1 == 0,
            double_slash_prefix: bits & 2 == 0,
            empty_port_removed: bits & 4 != 0,
            ipv6_rfc5952: bits & 8 != 0,
            rootless_kept: bits & 16 != 0,
            empty_path_slash_for_every_scheme: bits & 32 == 0,
            file_scheme_known: bits & 64 == 0,
        })
    }
}

/// Normalizes a URI reference at `level`.
///
/// - Case (§6.2.2.1): the scheme and the host are lowercased ("the scheme and host are
///   case-insensitive and therefore should be normalized to lowercase"), and the hexadecimal
///   digits of every percent-encoding are uppercased ("should be normalized to use uppercase
///   letters"), also inside the host (choice 4).
/// - Percent-encoding (§6.2.2.2): "any percent-encoded octet that corresponds to an unreserved
///   character" is decoded, in every component. In the host the decoding comes before the
///   lowercasing, so `%41` becomes `a` (choice 4).
/// - Dot-segments (§6.2.2.3): removed by §5.2.4 from the path of a URI and from a relative
///   reference's path that starts with `/`, after the decoding, so `%2E%2E` counts (choice 3).
///   A relative-path reference keeps them (choice 5). A rootless path is handled by the letter
///   of §5.2.4, so `foo:a/../b` becomes `foo:/b` (choice 10), and a result starting with `//`
///   without an authority gets a `/.` prefix so that it does not parse back as an authority.
/// - Scheme-based (§6.2.3, choices 11 and 13): an empty port and the scheme's default port are
///   removed, an empty path with an authority becomes `/` ("in general"), and a `file` host of
///   `localhost` becomes empty. Empty query and fragment delimiters stay.
///
/// IPv6 literals are lowercased and nothing more (choice 12).
pub fn normalize(input: &str, level: Level) -> Result<String, ParseError> {
    Ok(normalize_components(&parse(input)?, level))
}

/// [`normalize`] on parsed components.
pub(crate) fn normalize_components(c: &Components<'_>, level: Level) -> String {
    normalize_components_with(c, level, NormalizeOptions::default())
}

/// [`normalize`] under other readings of the documented choices.
pub fn normalize_with(
    input: &str,
    level: Level,
    options: NormalizeOptions,
) -> Result<String, ParseError> {
    Ok(normalize_components_with(&parse(input)?, level, options))
}

/// Normalizes a reference of `grammar` at `level`: [`normalize`] for URI references, and for
/// IRI references the syntax-based normalization of RFC 3987 §5.3.2 (and the scheme-based one of
/// §5.3.3 at [`Level::Scheme`]).
///
/// RFC 3987's ladder is RFC 3986's with three differences:
/// - Case (§5.3.2.1): "the scheme and US-ASCII only host are case insensitive and therefore
///   should be normalized to lowercase". The reference lowercases the ASCII letters of every
///   host and leaves non-ASCII letters alone, so `http://Résumé.example.org` becomes
///   `http://résumé.example.org` (choice 23).
/// - Character normalization (§5.3.2.2): "Equivalence of IRIs MUST rely on the assumption that
///   IRIs are appropriately pre-character-normalized rather than apply character normalization
///   when comparing two IRIs." No NFC is applied (choice 18).
/// - Percent-encoding (§5.3.2.3): "decoding any percent-encoded octet sequence that corresponds
///   to an unreserved character"; §6.5 treats "the characters additionally allowed in IRI
///   references in the same way that unreserved characters are in URI references", so a UTF-8
///   sequence of a character the component admits (`ucschar`; `iprivate` in the query) is
///   decoded too, except the bidirectional formatting characters §4.1 forbids, which are written
///   encoded even when the input has them literally (choice 17). The result is an IRI, not its
///   URI (choice 24), and two IRIs have the same normal form exactly when the URIs they map to
///   (§3.1) have the same RFC 3986 normal form.
///
/// IDNs (§5.3.3: Nameprep, or punycode "may be considered equivalent") are not handled
/// (choice 19).
pub fn normalize_in(input: &str, level: Level, grammar: Grammar) -> Result<String, ParseError> {
    let c = parse_in(input, Rule::UriReference, grammar, ParseOptions::default())?;
    Ok(normalize_components_in(
        &c,
        level,
        NormalizeOptions::default(),
        grammar,
    ))
}

/// Whether two references of `grammar` are equivalent at `level`: equal after
/// [`normalize_in`] (RFC 3986 §6.2.1, RFC 3987 §5.3).
pub fn equivalent_in(a: &str, b: &str, level: Level, grammar: Grammar) -> Result<bool, ParseError> {
    Ok(normalize_in(a, level, grammar)? == normalize_in(b, level, grammar)?)
}

/// [`normalize_components`] under other readings of the documented choices.
pub(crate) fn normalize_components_with(
    c: &Components<'_>,
    level: Level,
    options: NormalizeOptions,
) -> String {
    normalize_components_in(c, level, options, Grammar::Uri)
}

/// [`normalize_components_with`] for components parsed by `grammar`.
pub(crate) fn normalize_components_in(
    c: &Components<'_>,
    level: Level,
    options: NormalizeOptions,
    grammar: Grammar,
) -> String {
    // RFC 3986 decodes unreserved octets only; an IRI also the characters its rules admit.
    let percent = |out: &mut String, text: &str, lowercase: bool, wide: Wide| match grammar {
        Grammar::Uri => normalize_percent_encoding(out, text, lowercase),
        Grammar::Iri => decode_component(
            out,
            text,
            wide,
            if lowercase {
                Kept::UppercaseInLowercaseHost
            } else {
                Kept::Uppercase
            },
        ),
    };
    if level == Level::Path {
        let path = path_dot_segments_normalized(c.path.to_owned(), c, options);
        return super::recompose(&Components { path: &path, ..*c });
    }
    let mut out = String::with_capacity(c.path.len() + 16);
    let scheme = c.scheme.map(str::to_ascii_lowercase);
    let rules = match level {
        Level::Scheme => scheme
            .as_deref()
            .filter(|&scheme| options.file_scheme_known || scheme != "file")
            .and_then(SchemeRules::of),
        Level::Syntax | Level::Path => None,
    };
    if let Some(scheme) = &scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(host) = c.host {
        out.push_str("//");
        if let Some(userinfo) = c.userinfo {
            percent(&mut out, userinfo, false, Wide::Ucschar);
            out.push('@');
        }
        let localhost_is_empty = rules.as_ref().is_some_and(|r| r.localhost_is_empty);
        let rfc5952 = (options.ipv6_rfc5952 && c.host_kind == Some(super::HostKind::Ipv6))
            .then(|| {
                host.strip_prefix('[')?
                    .strip_suffix(']')?
                    .parse::<std::net::Ipv6Addr>()
                    .ok()
            })
            .flatten();
        if let Some(address) = rfc5952 {
            out.push_str(&format!("[{address}]"));
        } else if !(localhost_is_empty && host.eq_ignore_ascii_case("localhost")) {
            percent(&mut out, host, true, Wide::Ucschar);
        }
        if let Some(port) = c.port {
            let omit = (options.empty_port_removed && port.is_empty())
                || level == Level::Scheme
                    && (port.is_empty()
                        || rules.as_ref().and_then(|r| r.default_port)
                            == Some(port.trim_start_matches('0')));
            if !omit {
                out.push(':');
                out.push_str(port);
            }
        }
    }
    let mut encoded_path = String::with_capacity(c.path.len());
    percent(&mut encoded_path, c.path, false, Wide::Ucschar);
    let mut path = path_dot_segments_normalized(encoded_path, c, options);
    // §6.2.3: "In general, a URI that uses the generic syntax for authority with an empty path
    // should be normalized to a path of "/"."
    if path.is_empty()
        && c.has_authority()
        && level == Level::Scheme
        && scheme.is_some()
        && (options.empty_path_slash_for_every_scheme || rules.is_some())
    {
        path.push('/');
    }
    out.push_str(&path);
    if let Some(query) = c.query {
        out.push('?');
        percent(&mut out, query, false, Wide::UcscharOrIprivate);
    }
    if let Some(fragment) = c.fragment {
        out.push('#');
        percent(&mut out, fragment, false, Wide::Ucschar);
    }
    out
}

/// §6.2.2.3 on the path of `c` (its percent-encoding normalized, or as written at the path
/// level), under the readings of `options` (choice 10).
pub(crate) fn path_dot_segments_normalized(
    encoded_path: String,
    c: &Components<'_>,
    options: NormalizeOptions,
) -> String {
    let rootless = c.scheme.is_some() && !encoded_path.starts_with('/');
    let mut path = if !options.rootless_dot_segments && rootless {
        encoded_path
    } else {
        let removed = dot_segments_normalized(&encoded_path, c.scheme.is_some(), c.has_authority());
        match removed.strip_prefix('/') {
            Some(kept) if options.rootless_kept && rootless && !kept.starts_with('/') => {
                kept.to_owned()
            }
            _ => removed,
        }
    };
    if !options.double_slash_prefix && !c.has_authority() && path.starts_with("/.//") {
        path.replace_range(..2, "");
    }
    path
}

/// §6.2.2.3 on a path whose percent-encoding is already normalized: remove_dot_segments
/// "applied to the path" of a URI, and of a relative reference when the path starts with `/`;
/// a relative-path reference is left alone (choice 5), since `../g` and `g` resolve to
/// different targets. A result that starts with `//` where there is no authority gets a `/.`
/// prefix, so that it does not parse back as an authority (choice 10).
pub(crate) fn dot_segments_normalized(path: &str, has_scheme: bool, has_authority: bool) -> String {
    if !(has_scheme || path.starts_with('/')) {
        return path.to_owned();
    }
    let removed = remove_dot_segments(path);
    if !has_authority && removed.starts_with("//") {
        format!("/.{removed}")
    } else {
        removed
    }
}

/// Whether two URI references are equivalent at `level` (§6.2.1: "compare ... after
/// normalization").
pub fn equivalent(a: &str, b: &str, level: Level) -> Result<bool, ParseError> {
    Ok(normalize(a, level)? == normalize(b, level)?)
}

/// Appends `text` to `out` with unreserved octets decoded and other percent-encodings in
/// uppercase; with `lowercase`, everything else is lowercased (for the host). `text` has been
/// validated, so every `%` starts a triplet.
pub(crate) fn normalize_percent_encoding(out: &mut String, text: &str, lowercase: bool) {
    normalize_percent_encoding_by(out, text, lowercase, Techniques::BOTH);
}

/// Which of §6.2.2's techniques on a component's text apply: "Syntax-based normalization
/// includes such techniques as case normalization, percent-encoding normalization, and removal
/// of dot-segments", each of which keeps the URI equivalent on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Techniques {
    /// §6.2.2.1: the hexadecimal digits of a percent-encoding uppercased (and, in the host,
    /// everything else lowercased).
    pub case: bool,
    /// §6.2.2.2: a percent-encoded unreserved octet decoded.
    pub percent_encoding: bool,
}

impl Techniques {
    /// Case and percent-encoding normalization together, as §6.2.2 normalizes.
    pub(crate) const BOTH: Techniques = Techniques {
        case: true,
        percent_encoding: true,
    };
}

/// [`normalize_percent_encoding`] by the chosen techniques alone: `lowercase` applies only with
/// case normalization.
pub(crate) fn normalize_percent_encoding_by(
    out: &mut String,
    text: &str,
    lowercase: bool,
    techniques: Techniques,
) {
    let lowercase = lowercase && techniques.case;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%'
            && i + 2 < bytes.len()
            && HEXDIG.contains(bytes[i + 1])
            && HEXDIG.contains(bytes[i + 2])
        {
            let octet = hex_value(bytes[i + 1]) << 4 | hex_value(bytes[i + 2]);
            if techniques.percent_encoding && UNRESERVED.contains(octet) {
                push_ascii(out, octet, lowercase);
            } else if techniques.case {
                out.push('%');
                out.push(char::from(bytes[i + 1].to_ascii_uppercase()));
                out.push(char::from(bytes[i + 2].to_ascii_uppercase()));
            } else {
                out.push_str(&text[i..i + 3]);
            }
            i += 3;
        } else {
            // Validated input is ASCII; copy whole characters anyway so any text is safe.
            let len = utf8_len(b);
            let chunk = &text[i..i + len];
            if lowercase {
                out.push_str(&chunk.to_ascii_lowercase());
            } else {
                out.push_str(chunk);
            }
            i += len;
        }
    }
}

fn push_ascii(out: &mut String, byte: u8, lowercase: bool) {
    out.push(char::from(if lowercase {
        byte.to_ascii_lowercase()
    } else {
        byte
    }));
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}
