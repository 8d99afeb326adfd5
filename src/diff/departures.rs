//! The library of departures: exact models of the ways parsers depart from RFC 3986, shared by
//! every implementation and parameterized where the mechanism is (a component).
//!
//! A departure is a reading of the input that a parser makes instead of the RFC's. Each is
//! written as a rewrite of the input into one the reference accepts, one character for one
//! character (so every delimiter stays where it was), and a restoration of the answer: every
//! component the reference reads in the rewritten input takes back the text written at the same
//! place of the input as given. So `path-unchecked` reads `a:/b c` as the reference reads
//! `a:/bac`, and answers the path `/b c`: what a parser that checks nothing in a path answers.
//! A few are rules on the answer instead (a component's percent-encoding normalized, an empty
//! port refused): they read the input as the reference does and change what it answers.
//!
//! Departures serve twice. An implementation's catalogue may name one as its documented
//! behaviour (`model: !departure path-unchecked`), with the library's words for it. And a
//! finding no entry of its implementation explains is attributed
//! ([`crate::diff::Engine::attributed`]): the smallest set of departures that, composed with the
//! implementation's known model, reproduces its answer exactly signs the finding, so that every
//! symptom of one mechanism, in any component or character class, is one report. Such a finding
//! stays a candidate bug, named by its mechanism, until a catalogue entry documents or confirms
//! it.

use serde::{Deserialize, Deserializer};

use super::normalizing::Normalizing;
use super::resolving::Resolving;
use crate::model::{Components, Field, Outcome};
use crate::protocol::Request;
use crate::reference::chars::{
    ALPHA, CharClass, DIGIT, FRAGMENT, HEXDIG, IPVFUTURE_TAIL, PATH, QUERY, REG_NAME, SCHEME,
    UNRESERVED, USERINFO,
};
use crate::reference::{self, HostKind, ParseOptions};

/// `id` with the word that names `component` written "component": the mechanism's name,
/// which the reports of every component it shows in are filed under (`component-unchecked`);
/// `id` itself where there is no component.
pub(crate) fn kind_of(id: &str, component: Option<Field>) -> String {
    let Some(component) = component else {
        return id.to_owned();
    };
    let words: Vec<&str> = id.split('-').collect();
    match words.iter().position(|w| *w == component.name()) {
        Some(at) => {
            let mut words = words;
            words[at] = "component";
            words.join("-")
        }
        None => id.to_owned(),
    }
}

/// The components a departure may be about: every field but the host kind, in URI order.
const COMPONENTS: [Field; 7] = [
    Field::Scheme,
    Field::Userinfo,
    Field::Host,
    Field::Port,
    Field::Path,
    Field::Query,
    Field::Fragment,
];

/// The characters `component`'s rule allows as they are (pct-encoded triplets aside), and the
/// one that stands for a refused character in a rewrite.
pub(crate) const fn component_rule(component: Field) -> (CharClass, char) {
    rule(component)
}

/// [`component_rule`].
const fn rule(component: Field) -> (CharClass, char) {
    match component {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        Field::Scheme => (SCHEME, 'a'),
        // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        Field::Userinfo => (USERINFO, 'a'),
        // reg-name = *( unreserved / pct-encoded / sub-delims ); an IP literal has departures
        // of its own, and the host kind none.
        Field::Host | Field::HostKind => (REG_NAME, 'a'),
        // port = *DIGIT
        Field::Port => (DIGIT, '0'),
        // path: segments of pchar, "/" between them
        Field::Path => (PATH, 'a'),
        // query = *( pchar / "/" / "?" )
        Field::Query => (QUERY, 'a'),
        // fragment = *( pchar / "/" / "?" )
        Field::Fragment => (FRAGMENT, 'a'),
    }
}

/// Whether a pct-encoded triplet may stand in `component`.
const fn takes_pct_encoded(component: Field) -> bool {
    !matches!(component, Field::Scheme | Field::Port)
}

/// The characters a parser reads in a scheme after its first ALPHA, where that class is
/// narrower than RFC 3986 §3.1's (`scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`): a
/// parameter of the departures whose reading starts with finding a scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SchemeChars {
    /// RFC 3986's: ALPHA, DIGIT, "+", "-" and ".".
    Rfc3986,
    /// RFC 3986's without ".": `[a-zA-Z][a-zA-Z0-9+-]*` (urllib3's `_SCHEME_RE`).
    WithoutDot,
}

impl SchemeChars {
    /// Whether `text` starts with a scheme of this class and its ":".
    fn starts_scheme(self, text: &str) -> bool {
        let bytes = text.as_bytes();
        if !bytes.first().is_some_and(|&b| ALPHA.contains(b)) {
            return false;
        }
        let end = bytes
            .iter()
            .position(|&b| !SCHEME.contains(b) || (b == b'.' && self == SchemeChars::WithoutDot))
            .unwrap_or(bytes.len());
        bytes.get(end) == Some(&b':')
    }
}

/// How a parser that removes dot-segments by splitting its path at "/" (a list of segments,
/// "." dropped, ".." popping the last one, joined again with "/") treats the root and the end:
/// a parameter of [`Departure::PathSegmentDotsRemoved`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SegmentDots {
    /// ".." pops any segment, the root's empty one too, which is put back before a path that
    /// started with "/"; a path that ends with "/." or "/.." ends with "/" (urllib3's
    /// `_remove_path_dot_segments`: `if path.startswith("/") and (not output or output[0]):
    /// output.insert(0, "")`, `if path.endswith(("/.", "/..")): output.append("")`).
    RootPutBackEndKept,
    /// ".." pops a segment but never the root's empty one (`if output and output != [""]:
    /// output.pop()`), and nothing is put back: `/a/.` is `/a`, `/a/..` the empty path
    /// (httpx's `normalize_path`).
    RootKeptEndDropped,
}

/// The parses in which a parser removes a path's dot-segments: a parameter of
/// [`Departure::PathSegmentDotsRemoved`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DotScope {
    /// Those whose scheme is "http" or "https" in any case, or that have none (urllib3's
    /// `_NORMALIZABLE_SCHEMES = ("http", "https", None)`).
    HttpOrNoScheme,
    /// Those with a scheme or an authority that is not empty (httpx: `if has_scheme or
    /// has_authority: path = normalize_path(path)`, `has_authority` a userinfo, a host or a
    /// port that is not empty).
    SchemeOrAuthority,
}

/// One way a parser departs from RFC 3986. A catalogue names it by its id
/// (`model: !departure path-unchecked`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Departure {
    /// A component's characters are not checked: whatever stands between its delimiters is
    /// kept as written (Go's path and query, which take a space), but for a "%" that starts no
    /// pct-encoded triplet (its departure is the next). Control characters are read alike; a
    /// parser that refuses them anyway (Go's net/url refuses them anywhere) answers as the
    /// reference there, which is no finding.
    Unchecked(Field),
    /// A "%" that starts no pct-encoded triplet is kept as written in a component.
    PercentUnchecked(Field),
    /// No component's characters are checked: the userinfo, a host that is no IP literal,
    /// the path, the query and the fragment keep whatever stands between their delimiters as
    /// written, control characters, the space and a "%" that starts no triplet too (a splitter
    /// by delimiters alone: Python's `urlsplit`, hyperlink's `_URL_RE`). One rule of the parser,
    /// where [`Departure::Unchecked`] and [`Departure::PercentUnchecked`] are one component's.
    EveryComponentUnchecked,
    /// Only the escapes are checked: every component but the port keeps whatever else stands
    /// between its delimiters as written, and a "%" must start a pct-encoded triplet (GLib's
    /// `g_uri_split_internal`, whose `uri_decoder` refuses "Invalid %-encoding" alone).
    /// [`Departure::EveryComponentUnchecked`] without the lone "%".
    OnlyEscapesChecked,
    /// [`Departure::EveryComponentUnchecked`] but for the host, which is checked: the userinfo,
    /// the path, the query and the fragment keep whatever stands between their delimiters
    /// (Addressable's `URI.parse`, whose `#validate` checks the host alone).
    TextComponentsUnchecked,
    /// A component takes the characters outside US-ASCII that are neither controls nor
    /// Unicode spaces as they are, and checks the others (java.net.URI's *other* characters,
    /// "permitted wherever RFC 2396 permits escaped octets").
    NonAsciiUnchecked(Field),
    /// A component takes the control characters (U+0000 to U+001F and U+007F) as they are,
    /// and checks the others; in the host, an IP literal's too, whose grammar another
    /// departure reads. A parser that checks a host against a list of forbidden characters
    /// that names only some controls (Node's legacy `url.parse`, lib/url.js: `forbiddenHostChars
    /// = /[\0\t\n\r #%/:<>?@[\\\]^|]/` and `forbiddenHostCharsIpv6 = /[\0\t\n\r
    /// #%/<>?@\\^|]/`, after its scan removed tabs and line breaks) takes the others; one
    /// that refuses a control anyway answers as the reference there, which is no finding.
    ControlsTaken(Field),
    /// A host that starts with "[" is taken up to its first "]" without checking the grammar
    /// of what is between them (an `IP-literal` whose `IPv6address` or `IPvFuture` is not
    /// checked), as long as its characters are ones an IP literal may hold (`unreserved`,
    /// `sub-delims`, ":" and pct-encoded triplets, RFC 6874's zone's): a "%" that starts no
    /// triplet is refused there, as a parser that reads a zone's escapes refuses it (Go's
    /// net/url), and taken only with [`Departure::PercentUnchecked`] of the host beside.
    IpLiteralUnchecked,
    /// An IP literal ends at the authority's last "]", not its first, and its grammar is not
    /// checked (Go's net/url: `strings.LastIndex(host, "]")`); a "%" that starts no triplet is
    /// refused in it, as in [`Departure::IpLiteralUnchecked`].
    IpLiteralToLastBracket,
    /// No IP literal is read: a host that starts with "[" is a registered name whose "[" and
    /// "]" are characters like others (a parser that knows no IP literal, or hides the
    /// brackets from the one that splits the authority: guzzlehttp/psr7's `Uri::parse`), so
    /// the host ends at a ":" as a registered name does, and the other departures read the
    /// rest.
    IpLiteralAsRegName,
    /// The authority's userinfo ends at its last "@", not its first: the earlier ones are
    /// part of the userinfo, and the host is what follows the last.
    UserinfoToLastAt,
    /// A "//" is no authority's start: what follows it is read as the path (`//host/p` as
    /// the path `//host/p`).
    NetworkPathAsPath,
    /// A relative reference that starts with "//" (§4.2's network-path reference) is read as
    /// a path (`//host/p` as the path `//host/p`), where after a scheme "//" starts the
    /// authority as the RFC says (`a://host/p` has the host `host`): a parser that looks for
    /// an authority only after "scheme:" (Poco's `URI::parse`, `if (*it != '/' && ...)
    /// { ... } else parsePathEtc(it, end);`; url-parse's `extractProtocol`). The narrower
    /// reading of [`Departure::NetworkPathAsPath`], which reads every "//" so.
    NetworkPathReferenceAsPath,
    /// A component's refused characters (a "%" that starts no triplet among them) are
    /// percent-encoded (UTF-8, then `%XX`) instead of refused: read as the reference reads
    /// them stood in for, and given back encoded. What a departure before it brought into the
    /// component is encoded too (the path that an authority read as a prefix hands on), but a
    /// "%", ":" or "@" that departure's own reading takes as they are.
    EncodedInsteadOfRefused(Field),
    /// [`Departure::EncodedInsteadOfRefused`] in every component: the userinfo, a host that is
    /// no IP literal, the path, the query and the fragment each have the characters their rule
    /// refuses percent-encoded (Perl's `URI->new`, which escapes every character outside RFC
    /// 2396's `uric`; uri-js's `pctEncChar` on each component's `NOT_*` class). One rule of the
    /// parser, where [`Departure::EncodedInsteadOfRefused`] is one component's.
    EveryComponentEncoded,
    /// The userinfo, the path, the query and the fragment each have the characters of their
    /// WHATWG URL Standard percent-encode set percent-encoded (UTF-8, then `%XX`), every
    /// character outside US-ASCII too, and keep every other character as written, whether
    /// RFC 3986 allows it or not: a "%" that starts no triplet, "[", "]", "\\", "^", "|" in
    /// the query and the fragment, a "#" in the fragment; and a character the RFC allows but
    /// the set holds is encoded ("=" in the userinfo as `%3D`). The sets are those httpx's
    /// `_urlparse.py` writes out (`FRAG_SAFE`, `QUERY_SAFE`, `PATH_SAFE`, `USERINFO_SAFE`,
    /// each the printable ASCII characters outside the set, passed to `quote`, which keeps
    /// `PERCENT_ENCODED_REGEX`'s triplets): the fragment's C0 controls, space, `"`, "<",
    /// ">" and "`"; the query's C0 controls, space, `"`, "#", "<" and ">"; the path's, the
    /// query's and "?", "`", "{", "}"; the userinfo's, the path's and "/", ";", "=", "@",
    /// "[", "\\", "]", "^", "|" (the URL Standard's userinfo set without its ":", the
    /// userinfo being one component); DEL in each.
    UrlStandardSetsEncoded,

    // The authority's and the scheme's structure read otherwise, and rules a parser applies
    // to what it read, as the field's libraries document them (Addressable, uritools, Perl's
    // URI, fast-uri, uri-js, hyperlink, libxml2, QUrl, yarl, Ruby's URI).
    /// The port starts after the authority's last ":", not after the host's first: the colons
    /// before it are part of the host (`//h:1:2` has the host `h:1` and the port `2`), as a
    /// parser that splits the port off with a search from the end reads it. An authority whose
    /// host is an IP literal is not read otherwise.
    PortAfterLastColon,
    /// What follows the authority's last ":" is a port only when it is digits (or nothing):
    /// otherwise there is no port, and every ":" is part of the host (`//h:a` has the host
    /// `h:a`). An authority whose host is an IP literal is not read otherwise.
    PortNotDigitsInHost,
    /// The port is the digits that start it: what follows them, up to the authority's end, is
    /// not read (`//h:80a` has the port 80), as C's `strtol` reads a number (PHP's parse_url:
    /// "port = ZEND_STRTOL(port_buf, &end, 10)").
    PortLeadingDigitsRead,
    /// The authority is read as a prefix: as much of what follows "//" as RFC 3986's
    /// `authority` rule takes (a userinfo and its "@", a host, a ":" and digits); what follows
    /// it, up to "?" or "#", is read as the path (`//h:1a/b` has the port `1` and the path
    /// `a/b`; `//a b` the host `a` and the path ` b`), where the RFC refuses the reference.
    AuthorityEndsAtRefused,
    /// An IP literal is not read as a host: the authority's host is empty where it starts with
    /// "[", and the literal and what follows it, up to "?" or "#", are read as the path
    /// (`//[::1]/p` has the empty host and the path `[::1]/p`).
    IpLiteralNotRead,
    /// Text before the first ":" that RFC 3986's `scheme` rule refuses (`0:`, `%:`, `a b:`) is
    /// no scheme: the reference is read as a relative path whose first segment holds the ":",
    /// which `path-noscheme` does not allow.
    InvalidSchemeAsPath,
    /// A reference that starts with ":" has no scheme (Appendix B's expression wants one
    /// character before the ":"): it is read as a relative path whose first segment holds the
    /// ":", which `path-noscheme` does not allow.
    EmptySchemeAsPath,
    /// The scheme's first character may be any character of its class, a DIGIT, "+", "-" or
    /// "." as well as an ALPHA, where RFC 3986 §3.1 has `scheme = ALPHA *( ALPHA / DIGIT /
    /// "+" / "-" / "." )`: "0a:b" has the scheme "0a" and the path "b" (a parser that checks
    /// each character of the scheme against one class).
    SchemeFirstCharacterUnchecked,
    /// A rule on the answer: every pct-encoded triplet of a component is normalized as RFC 3986
    /// §6.2.2.1 and §6.2.2.2 say, its hexadecimal digits uppercased and an unreserved
    /// character's triplet decoded, where the component as written is the parse's answer.
    PercentEncodingNormalized(Field),
    /// A rule on the answer: the path's pct-encoded triplets normalized as
    /// [`Departure::PercentEncodingNormalized`] does, but for "%2E", which is uppercased and
    /// kept encoded so that no dot-segment appears where the text had none (fast-uri's
    /// `normalizePathEncoding`: "only unreserved bytes that are not `.` are decoded"): "a:%7e%2e"
    /// has the path "~%2E".
    PathPercentEncodingNormalizedDotKept,
    /// A rule on the answer: an empty port (`//h:`) is refused, where `port = *DIGIT` allows it.
    EmptyPortRefused,
    /// A rule on the answer: a port above 65535 is refused (the port is a 16-bit number), where
    /// `port = *DIGIT` allows any.
    PortOutOfRangeRefused,
    /// A rule on the answer: an `IPvFuture` literal (`[v1.x]`) is refused.
    IpvFutureRefused,
    /// A rule on the answer: an `IPvFuture` literal whose "v" is written "V" (`[V1.x]`) is
    /// refused, where RFC 5234 §2.3 makes the grammar's "v" case-insensitive.
    IpvFutureUppercaseVRefused,
    /// A rule on the answer: an empty userinfo (`//@h`) is refused, where
    /// `userinfo = *( ... )` allows it.
    EmptyUserinfoRefused,
    /// A rule on the answer: a port of more than five digits (`//h:000080`) is refused, its
    /// value whatever it is, where `port = *DIGIT` allows any.
    PortOverFiveDigitsRefused,
    /// A rule on the answer: an authority whose host is empty (`//`, `//u@`, `//:80`) is
    /// refused, where `reg-name = *( ... )` allows it (libcurl without CURLU_NO_AUTHORITY).
    EmptyHostRefused,
    /// A rule on the answer: an empty host beside a userinfo or a port (`//@`, `//u@`, `//:80`,
    /// `//:`) is refused, and an empty authority (`//`) taken (System.Uri's
    /// CheckAuthorityHelper: "Special case is an empty authority"; the host after a userinfo
    /// or before a port is then checked as a name), where `reg-name = *( ... )` allows it.
    EmptyHostBesideUserinfoOrPortRefused,
    /// A component's characters outside `reserved` and `unreserved` are percent-encoded
    /// (UTF-8, then `%XX`), and every "%" once one of them starts no triplet, triplets
    /// included ("%20%" is read as "%2520%25"); a reserved character the component may not
    /// hold ("[" in a path) is still refused (Python's rfc3986, `encode_component`). Read as
    /// the reference reads the characters stood in for, and the component given back as
    /// written, encoded so: what a departure before it brought into the component too (a
    /// "\" that ends the authority starts the path, and is encoded there).
    EncodedOutsideReserved(Field),
    /// A component's characters outside `reserved` and `unreserved` are percent-encoded
    /// (UTF-8, then `%XX`), and a "%" that starts no triplet, a triplet being kept as written
    /// ("%20%" is read as "%20%25"); every reserved character is kept as written, one the
    /// component may not hold ("[" in a path, "#" in a fragment) too (System.Uri's
    /// `UriHelper.EscapeString`: "rsvd character will remain unescaped",
    /// `IsReservedUnreservedOrHash`). Read as the reference reads the characters stood in for,
    /// and the component given back as written, encoded so.
    EncodedReservedKept(Field),
    /// A "\" in the authority ends it, as "/" does: it and what follows it, up to "?" or "#",
    /// are the path (Python's rfc3986 splits with `[^\\/?#]*` for the authority, where
    /// Appendix B has `[^/?#]*`).
    AuthorityEndsAtBackslash,
    /// A line feed that ends the authority is not read: a regular expression anchored with a
    /// `$` that also matches before a final line feed (Python's `re`, PCRE and Perl without
    /// their end-of-text anchor) checks the authority, and its groups leave it out (`//h\n`
    /// has the host `h`).
    AuthorityFinalLineFeedIgnored,
    /// A line feed that ends the text is not read, whatever component it ends: the whole
    /// reference matched by a regular expression anchored with a `$` that also matches before a
    /// final line feed (python-rfc3987's `match`, `'^%(rule)s$'`), so `a:/p\n`, `//\n`, `?\n`
    /// and `#\n` read as the text without it. Wider than
    /// [`Departure::AuthorityFinalLineFeedIgnored`], narrower than
    /// [`Departure::TextEndsAtLineFeed`] (`a://h\n/p` is refused).
    FinalLineFeedIgnored,
    /// The fragment ends at its first line feed, and what follows is dropped: Appendix B's
    /// `(#(.*))?` matched with a `.` that takes no line break, and the match not required to
    /// reach the end of the text (`#a\nb` has the fragment `a`).
    FragmentEndsAtLineFeed,
    /// The fragment is dropped: the text from the first "#" on is not read, so that no
    /// fragment is given and none of its characters is checked (java.net.URL's mailto
    /// handler, whose `parseURL` ends with `setURL(u, protocol, host, port, file, null)`;
    /// the http crate's `Uri`, a request target without a fragment).
    FragmentDropped,
    /// After a scheme, a path that does not start with "/" (`path-rootless`, so no authority)
    /// is taken whole and unchecked, a lone "%" included: RFC 2396's `opaque_part`, which
    /// Go's net/url keeps as `URL.Opaque` ("We consider rootless paths per RFC 3986 as
    /// opaque"). A path after an authority or a "/" is read as the RFC reads it.
    OpaquePathUnchecked,
    /// Control characters and spaces (U+0000 to U+0020) at the start of the text are removed
    /// before it is read (the URL Standard's first step, "remove any leading C0 control or
    /// space", which Python's urlsplit takes without its trailing half).
    LeadingControlOrSpaceStripped,
    /// Tabs and line breaks (U+0009, U+000A, U+000D) are removed wherever they stand before
    /// the text is read (the URL Standard's "remove all ASCII tab or newline").
    TabOrNewlineRemoved,
    /// Control characters (U+0000 to U+001F and U+007F, C's `iscntrl`) are replaced by "_"
    /// wherever they stand (PHP's parse_url, `php_replace_controlchars_ex`).
    ControlAsUnderscore,
    /// The host's text is lowercased, every character that has a lowercase and not only
    /// ASCII's, before anything reads it: what the parser then encodes or checks is the
    /// lowercase (`//É` has the host `%C3%A9`, where the encoding of what was written is
    /// `%C3%89`), as a normalizer that calls a Unicode `toLowerCase` on the host before it
    /// percent-encodes it does (uri-js's and fast-uri's `_normalizeComponentEncoding`:
    /// `.toLowerCase().replace(protocol.NOT_HOST, pctEncChar)`), where RFC 3986 §3.2.2 has
    /// the host's case-insensitivity for ASCII letters alone ("non-ASCII characters must
    /// first be encoded according to UTF-8 [STD63], and then each octet ... percent-encoded")
    /// and §6.2.2.1 normalizes the hexadecimal digits of an encoded octet, not the character.
    /// It reads a host that holds such a character outside ASCII only (an ASCII host's case is
    /// a blind spot of most programs), and every character's lowercase must be one character.
    HostLowercasedBeforeEncoding,
    /// A registered name that holds a character outside US-ASCII (and no "%") is given as its
    /// IDNA form, UTS #46 ToASCII (nontransitional): mapped (case folded, NFC), and each label
    /// that holds such a character written as "xn--" and its Punycode (`//é` has the host
    /// `xn--9ca`), where RFC 3986 §3.2.2 writes such a character as its UTF-8 octets
    /// percent-encoded ("non-ASCII characters must first be encoded according to UTF-8
    /// [STD63], and then each octet of the corresponding UTF-8 sequence must be
    /// percent-encoded to be represented as URI characters"): QUrl (`qt_ACE_do`), yarl
    /// (`_encode_host`: `idna.encode(host, uts46=True)`), fast-uri's domain host
    /// (`canonicalizeHost`: `new URL('http://' + parsed.host)`, `parsed.host = url.hostname`).
    /// Modelled with UTS #46's lenient flags (no hyphen, Bidi, joiner, STD3 or length check),
    /// the errors ToASCII records written through: a parser whose IDNA refuses such a host
    /// agrees with the reference, which refuses it too.
    HostIdnaToAscii,
    /// A component that is there but empty is read as absent: its delimiter is dropped
    /// (PSR-7's getters return "" for a missing user info, query or fragment, and null for a
    /// missing port, so no empty one can be told from none).
    EmptyAsAbsent(Field),
    /// An empty authority is no authority: the "//" before it is not read (`a:///p` as `a:/p`,
    /// `a://` as `a:`), as a parser that keeps the authority as a string, "" for none, writes
    /// it (Python's rfc3986: `authority or None`). A path that starts with "//" after an
    /// empty authority has no text without one (`a:////p` without its authority would be
    /// `a://p`, whose authority is "p"): the departure answers it with components, no
    /// authority and the path as read (`a:////p` has the path `//p`), which is what such a
    /// parser holds (Ruby's `URI.split("a:////p")`: host nil, path "//p"; yarl's `_netloc`
    /// "" and `_path` "//p").
    EmptyAuthorityAsAbsent,
    /// One or three slashes after a scheme are read as the two that start an authority
    /// (curl: "it also understands and accepts URLs with one or three slashes"); a file
    /// URL's three slashes are an empty host, as written.
    OneOrThreeSlashesAsTwo,
    /// An empty path after an authority is read as "/" (curl: "The part is always at least a
    /// slash ('/') even if no path was supplied in the URL").
    EmptyPathAsSlash,
    /// A text that starts neither with a scheme and its ":" nor with "/" is read after "//":
    /// its start is an authority (`h/p` has the host `h` and the path `/p`, `h:80` the port
    /// 80), where RFC 3986 §4.2 reads a relative-path reference (urllib3's `parse_url`: `if
    /// not _SCHEME_RE.search(url): url = "//" + url`, "Best-effort is performed to parse
    /// incomplete urls"). The scheme is read by the parser's own class ([`SchemeChars`]): a
    /// scheme with a character outside it is no scheme, and its text an authority (`a.b:1`
    /// has the host `a.b` and the port 1 where the class has no "."). The empty text is read
    /// as it is.
    SchemelessAsAuthority(SchemeChars),
    /// A path that is not empty and does not start with "/" (`path-rootless`, or a relative
    /// reference's `path-noscheme`) is given a "/" before it: `a:b` has the path `/b`
    /// (urllib3's `Url.__new__`: `if path and not path.startswith("/"): path = "/" + path`),
    /// where RFC 3986 §3.3 keeps a rootless path rootless, another path.
    RootlessPathGivenSlash,
    /// A `dec-octet` of two or three digits may start with "0" (`00`, `010`, `099`): a dotted
    /// quad of such octets is an IPv4 address, as a host (`//00.0.0.0` has the host kind
    /// IPv4) and as an IPv6 address's last 32 bits (`[::00.0.0.0]` is taken), where RFC 3986
    /// §3.2.2's `dec-octet` has no leading zero ("0-9 / 10-99 / 100-199 / 200-249 /
    /// 250-255"), so that such a host is a registered name and such a literal no IPv6 address.
    /// A parser that reads each octet as one to three digits of a value up to 255 answers so.
    DecOctetLeadingZeros,
    /// The resolver departs from §5.2 on strings it reads as the RFC does
    /// ([`Resolving`]: a base's fragment kept, a merge's "/", dot-segments left).
    Resolving(Resolving),
    /// The normalizer departs from §6.2.2 on strings it reads as the RFC does
    /// ([`Normalizing`]: a relative path's dot-segments removed, a "//" path unguarded).
    Normalizing(Normalizing),
    /// A rule on the answer: the port is held as a number and given back as one, its leading
    /// zeros dropped (`//h:0080` has the port 80), as JavaScript's `parseInt(port, 10)` reads
    /// it (uri-js, fast-uri), where `port = *DIGIT` is the digits as written. An empty port
    /// stays empty.
    PortReadAsNumber,
    /// A rule on the answer: the port is read as a number, its leading zeros dropped
    /// (`//h:0080` has the port 80), and a port whose value is above 65535 is refused, where
    /// `port = *DIGIT` is the digits as written, any number of them (urllib3's `parse_url`:
    /// `_HOST_PORT_RE` reads `(?::0*?(|0|[1-9][0-9]{0,4}))?$`, then `port_int = int(port)`
    /// and `if not (0 <= port_int <= 65535): raise LocationParseError(url)`). An empty port
    /// stays empty. [`Departure::PortReadAsNumber`] and [`Departure::PortOutOfRangeRefused`]
    /// as one rule of the parser: the latter alone keeps a refused port's leading zeros.
    PortReadAsNumberInRange,
    /// A rule on the answer: an IPv6 literal (without a zone) is read as its 128 bits and
    /// written back by BIND's `inet_ntop` (RFC 5952's form: lowercase, leading zeros dropped,
    /// the longest run of two or more zero fields as "::", the first of equal runs; the last
    /// 32 bits as a dotted quad after "::" or "::ffff:"), and that text replaces the one
    /// written only when it is shorter (libcurl's `hostname_check`: "check if it can be done
    /// shorter", `strlen(norm) < hlen`; `//[0::]` has the host `[::]`, `//[::A]` keeps it),
    /// where RFC 3986 §3.2.2 keeps the host as written and §6.2.2.1 folds only its case.
    Ipv6ShortenedByInetNtop,
    /// A rule on the answer: an IPv6 literal (without a zone) is rewritten field by field as
    /// uri-js's `_normalizeIPv6` does: lowercased, each field's leading zeros dropped, a
    /// dotted quad's too, the fields placed from the ends of the text around its "::", and
    /// the first longest run of two or more fields that are "0" or missing written "::"
    /// (`//[0::]` has `[::]`, `//[::2:0:0:0:0:0:0]` has `[:2::]`), where RFC 3986 §3.2.2 keeps
    /// the host as written.
    Ipv6FieldsRecompressed,
    /// A rule on the answer: every percent-encoded triplet is given back with uppercase
    /// hexadecimal digits (`%0a` as `%0A`), nothing decoded, in every component of a parse and
    /// in a resolution's target (Python's rfc3986 `encode_component`: "percent_encodings ...
    /// .upper()"), where the components as written and §5.2.2's target, which only moves
    /// them, keep the case the input has.
    PercentEncodingUppercased,
    /// A rule on the answer: every percent-encoded triplet of every component a parse gives
    /// back, and of a resolution's target, is normalized as RFC 3986 §6.2.2.1 and §6.2.2.2
    /// normalize it for comparison (an unreserved character's decoded, `%7e` as `~`; the
    /// others' hexadecimal digits uppercased, `%0a` as `%0A`), where the components as
    /// written, and §5.2.2's target, which only moves them, keep the escapes the input has
    /// (uri-js's `_normalizeComponentEncoding`, which its `parse` runs on every component:
    /// `.replace(PCT_ENCODED, decodeUnreserved)` then `.replace(PCT_ENCODED, toUpperCase)`).
    /// The rule of every component, which [`Departure::PercentEncodingNormalized`] is for one.
    /// A resolution's target is left as it is: such a parser normalizes the components before
    /// §5.2 removes dot-segments (`/.%2e/` is `/../` there), which no rule on the target
    /// models.
    PercentEncodingNormalizedEverywhere,
    /// A rule on the answer: a character outside the BMP that the parser percent-encodes is
    /// written as its two UTF-16 surrogates, three octets each (CESU-8: U+1F600 as
    /// `%ED%A0%BD%ED%B8%80`), not as its four UTF-8 octets (`%F0%9F%98%80`), as an encoder
    /// that walks UTF-16 code units writes it (uri-js's `pctEncChar`, fed one `charCodeAt`
    /// at a time), where RFC 3986 §2.5 says "the data should first be encoded as octets
    /// according to the UTF-8 character encoding". It rewrites every four triplets that are
    /// one such character in UTF-8 in what the other departures answer (they write UTF-8),
    /// and applies only where the input writes no triplet that could start one (`%F0` to
    /// `%F4`), whose octets it would keep.
    SurrogatesEncoded,
    /// A host that starts with "[" is taken up to the first "]" that follows it, whatever
    /// stands between them: any character but "]", the authority's and the reference's
    /// delimiters ("@", "/", "?", "#") included, and nothing checked (libxml2's
    /// `xmlParse3986Host`: `while ((*cur != ']') && (*cur != 0)) cur++;`). The userinfo before
    /// it is the `userinfo` characters that an "@" follows, if any; after the "]" comes a ":"
    /// and digits, or the end of the authority as the RFC ends it.
    IpLiteralAnyToBracket,
    /// "[" and "]" are taken in a component as they are (RFC 2732's amendment of RFC 2396's
    /// `reserved`, which `uric` and so a query and a fragment hold; libxml2's fragment, "used
    /// very broadly for xpointer scheme selection"); its other characters are checked.
    BracketsTaken(Field),
    /// The text ends at its first line feed, and what follows is dropped, whatever component
    /// it stands in (ocaml-uri's `uri_reference`: "we only parse until the first newline
    /// character and drop everything else after that").
    TextEndsAtLineFeed,
    /// A host that starts with "[" is taken up to its first "]" without checking what is
    /// between them, whatever characters it holds, within the authority as the RFC ends it
    /// (at "/", "?" or "#") and after its userinfo: libcurl's Curl_parse_port finds the
    /// literal's end with `strchr(hostname, ']')` in the host that parseurl cut at the first
    /// "/", "?" or "#", and hostname_check reads a zone id of any characters after "%".
    /// Broader than [`Departure::IpLiteralUnchecked`], whose characters are those an IP
    /// literal may hold; narrower than [`Departure::IpLiteralAnyToBracket`], which takes the
    /// authority's delimiters too.
    IpLiteralAnyInAuthority,
    /// A host that starts with "[" is taken up to the authority's last "]", a port's ":" and
    /// digits after it, whatever stands between them (brackets, controls, characters outside
    /// ASCII), the authority's delimiters aside: Node's legacy url.parse, whose
    /// `isIpv6Hostname` is a hostname "[" first and "]" last, checked only against
    /// `forbiddenHostCharsIpv6` (lib/url.js lines 146-152, 396-399). Broader than
    /// [`Departure::IpLiteralAnyInAuthority`], which ends the literal at its first "]", and
    /// than [`Departure::IpLiteralToLastBracket`], whose characters are an IP literal's.
    IpLiteralAnyToLastBracket,
    /// A relative reference that starts with three slashes is an absolute path, with no
    /// authority (`///p` as the path `///p`), where a reference with two slashes or a scheme
    /// has one: Go's net/url parse, "if (url.Scheme != "" || !viaRequest &&
    /// !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//")".
    TripleSlashReferenceAsPath,
    /// A reference with no scheme whose text is a file system's path, not a reference, is
    /// read as a `file` URI with the empty host whose path is the whole text: a Unix path
    /// (the text starts with "/", "//" too) or a DOS path (a drive letter, ":" or "|", then
    /// "/" or "\\"). A "\\" in it is a "/" and a drive's "|" a ":", and "?" and "#" are
    /// characters of the path, percent-encoded (`%3F`, `%23`), not delimiters; a drive path is
    /// written after a "/" (`c:/x` as `file:///c:/x`), and its path is the text from the drive
    /// letter. In a resolution against such a base, the reference without a scheme is read
    /// as a path as well ("?" and "#" characters of it), a reference that starts with "//" as
    /// a file path of its own; a DOS path reference is one against any base. .NET's
    /// System.Uri: "Converts implicit file paths without the file:// scheme (for example,
    /// "C:\\my\\file") to explicit file paths with the file:// scheme", and "For implicit
    /// file URIs (of the form "c:\\directory\\file@name.txt"), the fragment character ('#') is
    /// always escaped" (URI.cs, `ParseSchemeCheckImplicitFile`; Mono's "On UNIX an implicit
    /// file has the form /<path>").
    ImplicitFilePath,
    /// White space (Unicode's `White_Space`: tab, line feed, vertical tab, form feed, carriage
    /// return, space, U+0085, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F,
    /// U+205F, U+3000) at the start and at the end of the text is removed before it is read
    /// (Perl's URI->new: "leading and trailing white space, are automatically removed from the
    /// $str argument before it is processed further"; `s/^\s+//; s/\s+$//`).
    SurroundingWhiteSpaceStripped,
    /// Spaces, tabs, line feeds and carriage returns at the start and at the end of the text
    /// are removed before it is read, other white space and controls kept (System.Uri's
    /// `IsLWS`, "return (ch <= ' ') && (ch == ' ' || ch == '\n' || ch == '\r' || ch ==
    /// '\t')": ParseSchemeCheckImplicitFile's "//skip whitespaces" at the start, and
    /// PrivateParseMinimal's and ParseRemaining's "Cut trailing spaces in m_String").
    /// Narrower than [`Departure::SurroundingWhiteSpaceStripped`], whose probes (a no-break
    /// space, U+3000) it keeps.
    SurroundingLwsStripped,
    /// Control characters and spaces (U+0000 to U+0020) at the start and at the end of the
    /// text are removed before it is read, as Java's `String.trim()` removes them
    /// (java.net.URL's constructor: "eliminate trailing whitespace" and "eliminate leading
    /// whitespace", `spec.charAt(limit - 1) <= ' '`). Wider than
    /// [`Departure::LeadingControlOrSpaceStripped`] (its witness has both ends) and than
    /// [`Departure::SurroundingLwsStripped`] (its probes hold controls).
    SurroundingControlOrSpaceStripped,
    /// A "#" in the fragment (after the one that starts it) is taken as it is; the fragment's
    /// other characters are checked (Perl's URI: `_uric_escape` percent-encodes
    /// `[^$uric\#]`, every character but `uric` and "#", URI.pm line 142).
    FragmentHashKept,
    /// A component takes every character outside US-ASCII as it is, C1 controls, Unicode
    /// spaces and noncharacters too, and checks the ASCII ones: a parser that checks each
    /// byte below 0x80 against the component's table and lets every other through (QUrl's
    /// `qt_urlRecode`, which encodes "any non-ASCII character" it is given). Broader than
    /// [`Departure::NonAsciiUnchecked`], which refuses controls and spaces there.
    AnyNonAsciiUnchecked(Field),
    /// The characters outside US-ASCII that are neither controls nor Unicode spaces are taken
    /// as they are in every component that takes a `pct-encoded` triplet (the userinfo, a
    /// registered name, the path, the query and the fragment), the others checked: one rule
    /// of the parser where an escape may stand, not one per component (java.net.URI's
    /// `scanEscape`: "Allow unescaped but visible non-US-ASCII chars", and its documentation:
    /// "Characters in the other category are permitted wherever RFC 2396 permits escaped
    /// octets"). [`Departure::NonAsciiUnchecked`] is the same in one component.
    NonAsciiUncheckedWhereEscaped,
    /// A "%" that starts no pct-encoded triplet is kept as written in every component that
    /// takes a `pct-encoded` triplet (the userinfo, the host, the path, the query and the
    /// fragment): one rule of the parser, a table that holds "%" as a character of its own,
    /// not one per component (Erlang's uri_string: "is_userinfo($%) -> true;  % pct-encoded",
    /// and the same clause in its host's, path's, query's and fragment's tables).
    /// [`Departure::PercentUnchecked`] is the same in one component.
    PercentUncheckedWhereEscaped,
    /// A rule on the answer: the pct-encoded triplets of a component that stand for an
    /// unreserved character are decoded, every other triplet kept as written, its hexadecimal
    /// digits in their case (`%7a%0a` is `z%0a`): §6.2.2.2's step without §6.2.2.1's, where
    /// the component as written is the parse's answer (.NET's System.Uri, UriExt.cs
    /// CheckForEscapedUnreserved: "Does this string have any %6A sequences that are 3986
    /// Unreserved characters?  These should be un-escaped."). Narrower than
    /// [`Departure::PercentEncodingNormalized`], which uppercases the others.
    UnreservedDecoded(Field),
    /// A rule on the answer: where the text holds a triplet of an unreserved character, or
    /// one of an octet outside US-ASCII, every triplet of the userinfo, the path, the query
    /// and the fragment is decoded but those of a character the component reserves and of an
    /// unsafe one, which stay as written, their digits in their case; a decoded character the
    /// component's rule refuses is written again as an uppercase triplet, and a run of
    /// triplets outside US-ASCII that holds a UTF-8 character is written back with uppercase
    /// digits, a bidirectional control dropped (a run that holds none stays as written), as
    /// a bidirectional control written as it is is dropped (U+200E, U+200F, U+202A to U+202E:
    /// `aa:#\u{200e}` has the empty fragment). So
    /// `aa:%41%3a%3b%7b` has the path `A:%3b%7B`, where RFC 3986 gives each component as
    /// written (Mono's System.Uri: UriExt.cs turns IRI parsing on where
    /// `CheckForEscapedUnreserved` or `CheckForUnicode` finds one, and IriHelper.cs
    /// `EscapeUnescapeIri`, "Do not unescape a reserved char", keeps a triplet where
    /// `CheckIsReserved` — "Reserved chars according to rfc 3987": `/?#[]@` in the userinfo,
    /// `/?#[]` in the path, `#[]` in the query and the fragment — or `IsNotSafeForUnescape` —
    /// controls and `;/?@&=+$,%\#` — says so, and writes every other ASCII character).
    /// Wider than [`Departure::UnreservedDecoded`], which decodes the unreserved characters
    /// alone: the triplets of "!", "'", "(", ")", "*" and ":" are decoded too.
    IriEscapesUnescaped,
    /// After a scheme, a path that does not start with "/" runs to the "#": a "?" and what
    /// follows it are part of it, and there is no query (RFC 2396 §3's `absoluteURI = scheme
    /// ":" ( hier_part | opaque_part )`, `opaque_part = uric_no_slash *uric`, whose `uric`
    /// holds "?": java.net.URI's opaque URI, whose "scheme-specific part" is not parsed
    /// further, Ruby's URI, which appends "?" and the query to its `opaque`). `a:b?c` has the
    /// path `b?c`, `a:?c` the path `?c`.
    QueryInOpaquePart,
    /// An authority that RFC 2396's server-based rule does not take is a registry-based name,
    /// whole: no userinfo and no port, every "@" and ":" part of it (RFC 2396 §3.2:
    /// "authority = server | reg_name", `reg_name = 1*( unreserved | escaped | "$" | "," | ";"
    /// | ":" | "@" | "&" | "=" | "+" )`; java.net.URI: "If the authority component cannot be
    /// parsed as a server-based authority, it is treated as registry-based"). The server rule
    /// is RFC 2396's with RFC 2732's literal, as java.net.URI restates it: `[ userinfo "@" ]
    /// host [ ":" *digit ]`, the host an `IPv6address` in brackets, four dot-separated runs of
    /// one to three digits, or a hostname of `alphanum *( alphanum / "-" )` labels ending in
    /// no "-", whose last label starts with a letter where there are several (`//u@a_b:1` has
    /// the host `u@a_b:1`).
    RegistryBasedAuthority,
    /// A rule on the answer: the path a parse gives has its dot-segments removed, as RFC 3986
    /// §5.2.4's remove_dot_segments removes them, a segment "%2E" or "%2e" read as "." (the
    /// unreserved escapes decoded first, §6.2.2.2): GLib's g_uri_parse, `else {
    /// remove_dot_segments (uri->path); }` (`a://h/b/../c` has the path `/c`).
    PathDotSegmentsRemoved,
    /// A rule on the answer: the path a parse gives has its dot-segments removed by a split at
    /// "/" ([`SegmentDots`]), in the parses of its scope ([`DotScope`]), and a segment "%2E"
    /// is no dot-segment: what the parser reads is the path as written, not decoded
    /// (urllib3's `_remove_path_dot_segments` after http, https or no scheme; httpx's
    /// `normalize_path` with a scheme or an authority). `http://h/a/./b/../%2E` has the path
    /// `/a/%2E`.
    PathSegmentDotsRemoved(SegmentDots, DotScope),
    /// The userinfo, the path, the query and the fragment are checked for control characters
    /// (U+0000 to U+001F and U+007F) and the space alone: every other character stands in
    /// them as written, a "%" that starts no triplet, a "#" in the fragment, "[" and "]" and
    /// every character outside US-ASCII too (libcurl's `junkscan`, "scan for byte values <= 31,
    /// 127 and sometimes space", the only check of those parts). One rule of the parser over
    /// the components it hands on as text; the host, which a parser resolves, has rules of
    /// its own. [`Departure::Unchecked`] takes the space too, in one component.
    ControlsAndSpaceOnlyRefused,
}

/// The components [`Departure::ControlsAndSpaceOnlyRefused`] reads: those a parser hands on as
/// text (§3.2.1, §3.3, §3.4, §3.5).
const TEXT_COMPONENTS: [Field; 4] = [Field::Userinfo, Field::Path, Field::Query, Field::Fragment];

/// The components a `pct-encoded` triplet may stand in, by RFC 3986's rules (§3.2.1, §3.2.2's
/// `reg-name`, §3.3, §3.4, §3.5): where [`Departure::NonAsciiUncheckedWhereEscaped`] takes its
/// characters.
const ESCAPED_COMPONENTS: [Field; 5] = [
    Field::Userinfo,
    Field::Host,
    Field::Path,
    Field::Query,
    Field::Fragment,
];

/// The components whose emptiness a parser may not tell from their absence: those whose
/// delimiter is written only when they are there.
const EMPTY_AS_ABSENT: [Field; 4] = [Field::Userinfo, Field::Port, Field::Query, Field::Fragment];

impl Departure {
    /// Every departure the library holds, in the order attribution tries them.
    /// The readings of the authority's structure come first: composed with others, a
    /// departure rewrites the input as the earlier ones left it, so the userinfo that ends at
    /// the last "@" is whole when its characters are stood in for.
    pub fn all() -> Vec<Departure> {
        let mut all = vec![
            // Both ends before one: its witness tells a parser that strips one end alone.
            Departure::SurroundingControlOrSpaceStripped,
            Departure::LeadingControlOrSpaceStripped,
            Departure::SurroundingWhiteSpaceStripped,
            Departure::SurroundingLwsStripped,
            Departure::TabOrNewlineRemoved,
            Departure::ControlAsUnderscore,
            // A file path is read whole before any structure of a reference is looked for.
            Departure::ImplicitFilePath,
            Departure::HostLowercasedBeforeEncoding,
            Departure::HostIdnaToAscii,
            Departure::AuthorityFinalLineFeedIgnored,
            Departure::FinalLineFeedIgnored,
            Departure::FragmentEndsAtLineFeed,
            Departure::FragmentDropped,
            Departure::EmptyAuthorityAsAbsent,
            Departure::OneOrThreeSlashesAsTwo,
            Departure::EmptyPathAsSlash,
            // The wider reading first: its witness (`a.b:1/p` read with a host) tells a
            // parser whose scheme takes a "." from one whose scheme does not.
            Departure::SchemelessAsAuthority(SchemeChars::WithoutDot),
            Departure::SchemelessAsAuthority(SchemeChars::Rfc3986),
            Departure::RootlessPathGivenSlash,
            Departure::NetworkPathAsPath,
            // A network-path reference alone, where every "//" read so does not reproduce the
            // case: a resolver that reads its base, which has a scheme, as the RFC does.
            Departure::NetworkPathReferenceAsPath,
            Departure::TripleSlashReferenceAsPath,
            // What is scheme and what is path is read before any part of an authority.
            Departure::InvalidSchemeAsPath,
            Departure::EmptySchemeAsPath,
            Departure::SchemeFirstCharacterUnchecked,
            Departure::UserinfoToLastAt,
            // A host's controls, before its IP literal's grammar is read: the literal's
            // departure reads it as this one left it.
            Departure::ControlsTaken(Field::Host),
            // Where the authority ends before what its host holds: an IP literal that a
            // rootless path follows ("//[v]0") is read whole, its "]" ending it, and then its
            // characters stood in for.
            Departure::AuthorityEndsAtRefused,
            Departure::IpLiteralUnchecked,
            Departure::IpLiteralToLastBracket,
            Departure::IpLiteralAsRegName,
            Departure::DecOctetLeadingZeros,
        ];
        all.push(Departure::IpLiteralAnyToBracket);
        all.push(Departure::IpLiteralAnyInAuthority);
        all.push(Departure::IpLiteralAnyToLastBracket);
        all.extend(
            [Field::Host, Field::Path, Field::Query, Field::Fragment].map(Departure::BracketsTaken),
        );
        all.push(Departure::FragmentHashKept);
        // The port read from the end, then a port of other characters read as the host's,
        // before the characters of the host are stood in for.
        all.extend([
            Departure::IpLiteralNotRead,
            Departure::AuthorityEndsAtBackslash,
            Departure::PortAfterLastColon,
            Departure::PortNotDigitsInHost,
            Departure::PortLeadingDigitsRead,
        ]);
        // The rule of every component before the rule of one, as below: where a parser takes
        // what the RFC refuses in every component (its witness), one report names them all.
        all.push(Departure::EveryComponentUnchecked);
        all.push(Departure::OnlyEscapesChecked);
        all.push(Departure::TextComponentsUnchecked);
        all.extend(COMPONENTS.iter().map(|&p| Departure::Unchecked(p)));
        // The rule of every component a parser hands on as text, a space refused, before the
        // narrower rules of one component or one class (characters outside ASCII, a lone
        // "%", brackets, a "#"), which its probes tell apart.
        all.push(Departure::ControlsAndSpaceOnlyRefused);
        // Every character outside ASCII before the "other" ones alone: its probes, controls
        // and spaces, are what the narrower one refuses.
        all.extend(ESCAPED_COMPONENTS.map(Departure::AnyNonAsciiUnchecked));
        // The rule of every component before the rule of one: where a parser takes them in
        // every component (its witness), one report names them all.
        all.push(Departure::NonAsciiUncheckedWhereEscaped);
        all.extend(ESCAPED_COMPONENTS.map(Departure::NonAsciiUnchecked));
        all.push(Departure::OpaquePathUnchecked);
        // RFC 2396's readings of the opaque part and of an authority that is no server.
        all.extend([
            Departure::QueryInOpaquePart,
            Departure::RegistryBasedAuthority,
        ]);
        all.extend(EMPTY_AS_ABSENT.map(Departure::EmptyAsAbsent));
        // The rule of every component before the rule of one, as for the characters outside
        // US-ASCII: where a parser keeps a lone "%" in every component (its witness), one
        // report names them all.
        all.push(Departure::PercentUncheckedWhereEscaped);
        all.extend(
            COMPONENTS
                .iter()
                .filter(|&&p| takes_pct_encoded(p))
                .map(|&p| Departure::PercentUnchecked(p)),
        );
        // The rule of every component before the rule of one: where a parser encodes what
        // the RFC refuses in every component (its witness), one report names them all.
        // The URL Standard's sets first: where a case holds only characters both encode,
        // its probes (characters the RFC refuses and the sets keep) tell them apart.
        all.push(Departure::UrlStandardSetsEncoded);
        all.push(Departure::EveryComponentEncoded);
        all.extend(ESCAPED_COMPONENTS.map(Departure::EncodedInsteadOfRefused));
        all.extend(
            [
                Field::Userinfo,
                Field::Host,
                Field::Path,
                Field::Query,
                Field::Fragment,
            ]
            .map(Departure::EncodedOutsideReserved),
        );
        all.extend(
            [Field::Userinfo, Field::Path, Field::Query, Field::Fragment]
                .map(Departure::EncodedReservedKept),
        );
        // Rules on the answer: they read the input as the reference does, so attribution,
        // which looks for the readings that change the case, never tries them; a catalogue
        // names them.
        all.extend(
            [
                Field::Userinfo,
                Field::Host,
                Field::Path,
                Field::Query,
                Field::Fragment,
            ]
            .map(Departure::PercentEncodingNormalized),
        );
        all.push(Departure::PathPercentEncodingNormalizedDotKept);
        all.extend(
            [Field::Userinfo, Field::Path, Field::Query, Field::Fragment]
                .map(Departure::UnreservedDecoded),
        );
        all.extend([
            Departure::EmptyPortRefused,
            Departure::PortOutOfRangeRefused,
            Departure::IpvFutureRefused,
            Departure::IpvFutureUppercaseVRefused,
            Departure::EmptyUserinfoRefused,
            Departure::PortOverFiveDigitsRefused,
            Departure::EmptyHostRefused,
            Departure::EmptyHostBesideUserinfoOrPortRefused,
        ]);
        // The resolver's own departures, read on a resolution whose strings the RFC reads.
        all.extend(Resolving::ALL.map(Departure::Resolving));
        all.extend(Normalizing::ALL.map(Departure::Normalizing));
        all.push(Departure::PortReadAsNumber);
        all.push(Departure::PortReadAsNumberInRange);
        all.push(Departure::Ipv6ShortenedByInetNtop);
        all.push(Departure::Ipv6FieldsRecompressed);
        all.push(Departure::TextEndsAtLineFeed);
        // Rules on every answer, applied after a resolver's own departure.
        all.push(Departure::PercentEncodingUppercased);
        all.push(Departure::PercentEncodingNormalizedEverywhere);
        all.push(Departure::IriEscapesUnescaped);
        all.push(Departure::SurrogatesEncoded);
        all.push(Departure::PathDotSegmentsRemoved);
        for dots in [
            SegmentDots::RootPutBackEndKept,
            SegmentDots::RootKeptEndDropped,
        ] {
            for scope in [DotScope::HttpOrNoScheme, DotScope::SchemeOrAuthority] {
                all.push(Departure::PathSegmentDotsRemoved(dots, scope));
            }
        }
        all
    }

    /// Its name, which signs the reports it explains: `path-unchecked`,
    /// `ip-literal-unchecked`, `userinfo-to-last-at`, `query-encoded-instead-of-refused`.
    pub fn id(self) -> String {
        match self {
            Departure::Unchecked(part) => format!("{}-unchecked", part.name()),
            Departure::PercentUnchecked(part) => format!("{}-percent-unchecked", part.name()),
            Departure::EveryComponentUnchecked => "every-component-unchecked".to_owned(),
            Departure::OnlyEscapesChecked => "only-escapes-checked".to_owned(),
            Departure::TextComponentsUnchecked => "text-components-unchecked".to_owned(),
            Departure::NonAsciiUnchecked(part) => format!("{}-non-ascii-unchecked", part.name()),
            Departure::ControlsTaken(part) => format!("{}-controls-taken", part.name()),
            Departure::AnyNonAsciiUnchecked(part) => {
                format!("{}-any-non-ascii-unchecked", part.name())
            }
            Departure::IpLiteralUnchecked => "ip-literal-unchecked".to_owned(),
            Departure::IpLiteralToLastBracket => "ip-literal-to-last-bracket".to_owned(),
            Departure::IpLiteralAsRegName => "ip-literal-as-reg-name".to_owned(),
            Departure::UserinfoToLastAt => "userinfo-to-last-at".to_owned(),
            Departure::NetworkPathAsPath => "network-path-as-path".to_owned(),
            Departure::NetworkPathReferenceAsPath => "network-path-reference-as-path".to_owned(),
            Departure::EncodedInsteadOfRefused(part) => {
                format!("{}-encoded-instead-of-refused", part.name())
            }
            Departure::EveryComponentEncoded => "every-component-encoded".to_owned(),
            Departure::UrlStandardSetsEncoded => "url-standard-sets-encoded".to_owned(),
            Departure::AuthorityEndsAtRefused => "authority-ends-at-refused".to_owned(),
            Departure::IpLiteralNotRead => "ip-literal-not-read".to_owned(),
            Departure::DecOctetLeadingZeros => "dec-octet-leading-zeros".to_owned(),
            Departure::PortAfterLastColon => "port-after-last-colon".to_owned(),
            Departure::PortNotDigitsInHost => "port-not-digits-in-host".to_owned(),
            Departure::PortLeadingDigitsRead => "port-leading-digits-read".to_owned(),
            Departure::InvalidSchemeAsPath => "invalid-scheme-as-path".to_owned(),
            Departure::SchemeFirstCharacterUnchecked => {
                "scheme-first-character-unchecked".to_owned()
            }
            Departure::EmptySchemeAsPath => "empty-scheme-as-path".to_owned(),
            Departure::PercentEncodingNormalized(part) => {
                format!("{}-percent-encoding-normalized", part.name())
            }
            Departure::PathPercentEncodingNormalizedDotKept => {
                "path-percent-encoding-normalized-dot-kept".to_owned()
            }
            Departure::EmptyPortRefused => "empty-port-refused".to_owned(),
            Departure::PortOutOfRangeRefused => "port-out-of-range-refused".to_owned(),
            Departure::IpvFutureRefused => "ipvfuture-refused".to_owned(),
            Departure::IpvFutureUppercaseVRefused => "ipvfuture-uppercase-v-refused".to_owned(),
            Departure::EmptyUserinfoRefused => "empty-userinfo-refused".to_owned(),
            Departure::PortOverFiveDigitsRefused => "port-over-five-digits-refused".to_owned(),
            Departure::EmptyHostRefused => "empty-host-refused".to_owned(),
            Departure::EmptyHostBesideUserinfoOrPortRefused => {
                "empty-host-beside-userinfo-or-port-refused".to_owned()
            }
            Departure::AuthorityEndsAtBackslash => "authority-ends-at-backslash".to_owned(),
            Departure::AuthorityFinalLineFeedIgnored => {
                "authority-final-line-feed-ignored".to_owned()
            }
            Departure::FinalLineFeedIgnored => "final-line-feed-ignored".to_owned(),
            Departure::FragmentEndsAtLineFeed => "fragment-ends-at-line-feed".to_owned(),
            Departure::FragmentDropped => "fragment-dropped".to_owned(),
            Departure::EmptyAuthorityAsAbsent => "empty-authority-as-absent".to_owned(),
            Departure::EncodedOutsideReserved(part) => {
                format!("{}-encoded-outside-reserved", part.name())
            }
            Departure::EncodedReservedKept(part) => {
                format!("{}-encoded-reserved-kept", part.name())
            }
            Departure::OpaquePathUnchecked => "opaque-path-unchecked".to_owned(),
            Departure::LeadingControlOrSpaceStripped => {
                "leading-control-or-space-stripped".to_owned()
            }
            Departure::TabOrNewlineRemoved => "tab-or-newline-removed".to_owned(),
            Departure::SurroundingWhiteSpaceStripped => {
                "surrounding-white-space-stripped".to_owned()
            }
            Departure::SurroundingLwsStripped => "surrounding-lws-stripped".to_owned(),
            Departure::SurroundingControlOrSpaceStripped => {
                "surrounding-control-or-space-stripped".to_owned()
            }
            Departure::ControlAsUnderscore => "control-as-underscore".to_owned(),
            Departure::HostLowercasedBeforeEncoding => "host-lowercased-before-encoding".to_owned(),
            Departure::HostIdnaToAscii => "host-idna-to-ascii".to_owned(),
            Departure::EmptyAsAbsent(part) => format!("empty-{}-as-absent", part.name()),
            Departure::OneOrThreeSlashesAsTwo => "one-or-three-slashes-as-two".to_owned(),
            Departure::EmptyPathAsSlash => "empty-path-as-slash".to_owned(),
            Departure::SchemelessAsAuthority(SchemeChars::Rfc3986) => {
                "schemeless-as-authority".to_owned()
            }
            Departure::SchemelessAsAuthority(SchemeChars::WithoutDot) => {
                "schemeless-as-authority-scheme-without-dot".to_owned()
            }
            Departure::RootlessPathGivenSlash => "rootless-path-given-slash".to_owned(),
            Departure::Resolving(r) => r.id().to_owned(),
            Departure::Normalizing(n) => n.id().to_owned(),
            Departure::PortReadAsNumber => "port-read-as-number".to_owned(),
            Departure::PortReadAsNumberInRange => "port-read-as-number-in-range".to_owned(),
            Departure::Ipv6ShortenedByInetNtop => "ip-literal-shortened-by-inet-ntop".to_owned(),
            Departure::Ipv6FieldsRecompressed => "ip-literal-fields-recompressed".to_owned(),
            Departure::PercentEncodingUppercased => "percent-encoding-uppercased".to_owned(),
            Departure::PercentEncodingNormalizedEverywhere => {
                "percent-encoding-normalized".to_owned()
            }
            Departure::SurrogatesEncoded => "surrogates-encoded".to_owned(),
            Departure::IpLiteralAnyToBracket => "ip-literal-any-to-bracket".to_owned(),
            Departure::BracketsTaken(part) => format!("{}-brackets-taken", part.name()),
            Departure::FragmentHashKept => "fragment-hash-kept".to_owned(),
            Departure::NonAsciiUncheckedWhereEscaped => "non-ascii-unchecked".to_owned(),
            Departure::PercentUncheckedWhereEscaped => "percent-unchecked".to_owned(),
            Departure::ControlsAndSpaceOnlyRefused => "controls-and-space-only-refused".to_owned(),
            Departure::TextEndsAtLineFeed => "text-ends-at-line-feed".to_owned(),
            Departure::IpLiteralAnyInAuthority => "ip-literal-any-in-authority".to_owned(),
            Departure::IpLiteralAnyToLastBracket => "ip-literal-any-to-last-bracket".to_owned(),
            Departure::TripleSlashReferenceAsPath => "triple-slash-reference-as-path".to_owned(),
            Departure::ImplicitFilePath => "implicit-file-path".to_owned(),
            Departure::UnreservedDecoded(part) => format!("{}-unreserved-decoded", part.name()),
            Departure::IriEscapesUnescaped => "iri-escapes-unescaped".to_owned(),
            Departure::QueryInOpaquePart => "query-in-opaque-part".to_owned(),
            Departure::RegistryBasedAuthority => "registry-based-authority".to_owned(),
            Departure::PathDotSegmentsRemoved => "path-dot-segments-removed".to_owned(),
            Departure::PathSegmentDotsRemoved(dots, scope) => format!(
                "path-segment-dots-removed-{}-{}",
                match dots {
                    SegmentDots::RootPutBackEndKept => "root-put-back",
                    SegmentDots::RootKeptEndDropped => "end-dropped",
                },
                match scope {
                    DotScope::HttpOrNoScheme => "after-http-or-none",
                    DotScope::SchemeOrAuthority => "with-scheme-or-authority",
                }
            ),
        }
    }

    /// The departure of the library whose id is `id`.
    pub fn from_id(id: &str) -> Option<Departure> {
        Departure::all().into_iter().find(|d| d.id() == id)
    }

    /// The component a departure is parameterized by, where its mechanism is one rule applied
    /// to a component (`path-unchecked` and `query-unchecked` are one mechanism in two
    /// components); `None` for a departure of no component or of several at once.
    pub fn component(self) -> Option<Field> {
        match self {
            Departure::Unchecked(part)
            | Departure::PercentUnchecked(part)
            | Departure::NonAsciiUnchecked(part)
            | Departure::AnyNonAsciiUnchecked(part)
            | Departure::ControlsTaken(part)
            | Departure::EncodedInsteadOfRefused(part)
            | Departure::PercentEncodingNormalized(part)
            | Departure::EncodedOutsideReserved(part)
            | Departure::EncodedReservedKept(part)
            | Departure::EmptyAsAbsent(part)
            | Departure::BracketsTaken(part)
            | Departure::UnreservedDecoded(part) => Some(part),
            _ => None,
        }
    }

    /// The mechanism a finding it explains is filed under, whatever component it shows in:
    /// its id with the component's name written "component" (`component-unchecked` for
    /// `path-unchecked`, `empty-component-as-absent` for `empty-query-as-absent`); its id for
    /// a departure of no one component.
    pub fn kind_id(self) -> String {
        kind_of(&self.id(), self.component())
    }

    /// What the parser does, and the RFC text it departs from.
    pub fn description(self) -> String {
        match self {
            Departure::Unchecked(part) => format!(
                "the parser does not check the characters of the {0}: whatever stands between its delimiters is kept as written, where RFC 3986's `{0}` rule (Appendix A) refuses it",
                part.name()
            ),
            Departure::PercentUnchecked(part) => format!(
                "the parser keeps a \"%\" that starts no pct-encoded triplet in the {} as written, where RFC 3986 §2.1 allows \"%\" only as `pct-encoded = \"%\" HEXDIG HEXDIG`",
                part.name()
            ),
            Departure::TextComponentsUnchecked => "the parser checks the characters of the host alone: the userinfo, the path, the query and the fragment keep whatever stands between their delimiters as written, control characters, the space and a \"%\" that starts no triplet too, where RFC 3986 allows each only the characters of its rule (Appendix A) and \"%\" only as `pct-encoded = \"%\" HEXDIG HEXDIG` (§2.1)".to_owned(),
            Departure::OnlyEscapesChecked => "the parser checks only that each \"%\" starts a pct-encoded triplet: the userinfo, the host (a registered name), the path, the query and the fragment keep every other character as written, control characters and the space too, where RFC 3986 allows each only the characters of its rule (Appendix A)".to_owned(),
            Departure::EveryComponentUnchecked => "the parser checks the characters of no component: the userinfo, the host (a registered name), the path, the query and the fragment keep whatever stands between their delimiters as written, control characters, the space and a \"%\" that starts no triplet too, where RFC 3986 allows each only the characters of its rule (Appendix A) and \"%\" only as `pct-encoded = \"%\" HEXDIG HEXDIG` (§2.1)".to_owned(),
            Departure::ControlsTaken(part) => format!(
                "the parser takes the control characters (U+0001 to U+001F, U+007F) in the {0} as they are, where RFC 3986's `{0}` rule (Appendix A) allows none: a control is neither `unreserved` nor `reserved` (§2), and may stand only percent-encoded",
                part.name()
            ),
            Departure::NonAsciiUnchecked(part) => format!(
                "the parser takes the characters of the {0} outside US-ASCII that are neither controls nor Unicode spaces as they are, where RFC 3986's `{0}` rule (Appendix A) allows only ASCII, and a character outside it only percent-encoded (§2.5)",
                part.name()
            ),
            Departure::AnyNonAsciiUnchecked(part) => format!(
                "the parser takes every character of the {0} outside US-ASCII as it is, C1 controls, Unicode spaces and noncharacters too, where RFC 3986's `{0}` rule (Appendix A) allows only ASCII, and §2.5 says \"the data should first be encoded as octets according to the UTF-8 character encoding [STD63]; then only those octets that do not correspond to characters in the unreserved set should be percent-encoded\"",
                part.name()
            ),
            Departure::IpLiteralUnchecked => "the parser takes a host that starts with \"[\" up to its \"]\" without checking the address between them (any of the characters an IP literal may hold, in any order, a \"%\" only as a pct-encoded triplet), where RFC 3986 §3.2.2 allows only `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"`".to_owned(),
            Departure::IpLiteralToLastBracket => "the parser ends an IP literal at the authority's last \"]\" and does not check the address in it, where RFC 3986 §3.2.2 ends `IP-literal` at its first \"]\" and allows only an `IPv6address` or `IPvFuture` in it".to_owned(),
            Departure::IpLiteralAsRegName => "the parser reads no IP literal: a host that starts with \"[\" is a registered name holding \"[\" and \"]\", ended by a \":\", where RFC 3986 §3.2.2 reads `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"` and allows no bracket in a `reg-name`".to_owned(),
            Departure::NetworkPathReferenceAsPath => "the parser reads a relative reference that starts with \"//\" as a path, with no authority (`//h/p` as the path `//h/p`), where RFC 3986 §4.2 says \"A relative reference that begins with two slash characters is termed a network-path reference\" and §3.2 \"The authority component is preceded by a double slash (\"//\")\"; after a scheme, it reads the authority".to_owned(),
            Departure::NetworkPathAsPath => "the parser reads what follows \"//\" as the path, with no authority, where RFC 3986 §3.2 says \"The authority component is preceded by a double slash (\"//\")\" and §4.2 calls such a reference a network-path reference".to_owned(),
            Departure::UserinfoToLastAt => "the parser ends the userinfo at the authority's last \"@\": the earlier ones become part of the userinfo, which RFC 3986 §3.2.1 does not allow (`userinfo` holds no \"@\"; \"@\" must be percent-encoded there), so the RFC's reading of the host is another".to_owned(),
            Departure::EncodedInsteadOfRefused(part) => format!(
                "the parser percent-encodes the characters RFC 3986's `{0}` rule refuses (as UTF-8 octets) and accepts the result, where the RFC has no valid reading of the input",
                part.name()
            ),
            Departure::UrlStandardSetsEncoded => "the parser percent-encodes (as UTF-8 octets) the characters of the WHATWG URL Standard's percent-encode set of each component (the fragment's C0 controls, space, `\"`, `<`, `>` and `` ` ``; the query's with `#` for `` ` ``; the path's with `?`, `` ` ``, `{` and `}`; the userinfo's with `/`, `;`, `=`, `@`, `[`, `\\`, `]`, `^` and `|`) and every character outside US-ASCII, and keeps every other character as written, where RFC 3986 refuses some it keeps (a \"%\" that starts no triplet, `[`, `]`, `\\`, `^`, `|`, `{`, `}` in a query, `#` in a fragment) and allows some it encodes (`=` and `;` in the userinfo, §3.2.1: `userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )`)".to_owned(),
            Departure::EveryComponentEncoded => "the parser percent-encodes (as UTF-8 octets) the characters RFC 3986 refuses in every component, the userinfo, the host (a registered name), the path, the query and the fragment, each by its own rule (Appendix A), a \"%\" that starts no `pct-encoded` triplet too, and accepts the result, where the RFC has no valid reading of the input".to_owned(),
            Departure::AuthorityEndsAtRefused => "the parser reads the authority as a prefix, as much as RFC 3986's `authority` rule takes, and what follows it up to \"?\" or \"#\" as the path, where the RFC's authority runs to the first \"/\", \"?\" or \"#\" (§3.2) and a path after it must start with \"/\" (`path-abempty`, §3.3)".to_owned(),
            Departure::DecOctetLeadingZeros => "the parser reads an IPv4 address's octets as one to three digits of a value up to 255, leading zeros allowed (\"00.0.0.0\" is an IPv4 address, \"[::00.0.0.0]\" an IPv6 one), where RFC 3986 §3.2.2 writes `dec-octet = DIGIT / %x31-39 DIGIT / \"1\" 2DIGIT / \"2\" %x30-34 DIGIT / \"25\" %x30-35`, which has no leading zero, so that such a host is a registered name and such a literal no IPv6 address".to_owned(),
            Departure::IpLiteralNotRead => "the parser does not read an IP literal as a host: the host is empty and the literal becomes the start of the path, where RFC 3986 §3.2.2 says \"A host identified by an Internet Protocol literal address, version 6 [RFC3513] or later, is distinguished by enclosing the IP literal within square brackets\"".to_owned(),
            Departure::PortAfterLastColon => "the parser starts the port after the authority's last \":\", so the colons before it become part of the host, where RFC 3986 §3.2 ends the host at its first \":\" (`authority = [ userinfo \"@\" ] host [ \":\" port ]`; a reg-name holds no \":\") and `port = *DIGIT` refuses a second one".to_owned(),
            Departure::PortNotDigitsInHost => "the parser reads a \":\" followed by anything but digits as part of the host, with no port, where RFC 3986 §3.2.2 ends the host at the \":\" (a reg-name holds none) and §3.2.3 allows only `port = *DIGIT` after it".to_owned(),
            Departure::PortLeadingDigitsRead => "the parser reads the digits that start the port as the port and drops what follows them up to the authority's end, where RFC 3986 §3.2.3 allows only `port = *DIGIT` after the host's \":\"".to_owned(),
            Departure::SchemeFirstCharacterUnchecked => "the parser takes a scheme whose first character is a DIGIT, \"+\", \"-\" or \".\" (\"0a:b\" has the scheme \"0a\"), where RFC 3986 §3.1 says \"Scheme names consist of a sequence of characters beginning with a letter\" (`scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )`)".to_owned(),
            Departure::InvalidSchemeAsPath => "the parser reads text before the first \":\" that is no `scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )` as the first segment of a relative path, where RFC 3986 §4.2 says \"A path segment that contains a colon character (e.g., \"this:that\") cannot be used as the first segment of a relative-path reference\" (`path-noscheme`)".to_owned(),
            Departure::EmptySchemeAsPath => "the parser reads a reference that starts with \":\" as a relative path, where RFC 3986 §3.1 wants a scheme (`scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )`) before the \":\" and §4.2 says \"A path segment that contains a colon character (e.g., \"this:that\") cannot be used as the first segment of a relative-path reference\"".to_owned(),
            Departure::UnreservedDecoded(part) => format!(
                "the parser reports the {} with the percent-encoded octets of unreserved characters decoded and every other triplet as written, its hexadecimal digits in their case (\"%7a%0a\" as \"z%0a\"): RFC 3986 §6.2.2.2's normalization (\"These URIs should be normalized by decoding any percent-encoded octet that corresponds to an unreserved character\") done by the parser without §6.2.2.1's (\"should be normalized to use uppercase letters for the digits A-F\"), an equivalent URI, but another component than the input's",
                part.name()
            ),
            Departure::IriEscapesUnescaped => "where the text holds a percent-encoded unreserved character or octet outside US-ASCII, the parser reports the userinfo, the path, the query and the fragment with every triplet decoded but those of a character the component reserves (RFC 3987's gen-delims there) or one it deems unsafe (controls, \";/?@&=+$,%\\#\"), which stay as written: \"aa:%41%3a%3b\" has the path \"A:%3b\", where RFC 3986 §2.4 says \"the only time when octets within a URI are percent-encoded is during the process of producing the URI from its component parts\" and a parse gives each component as written; \":\", \"!\", \"'\", \"(\", \")\" and \"*\" are reserved characters (§2.2: \"URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent\"), so the URI it reports is another; a bidirectional control (U+200E, U+200F, U+202A to U+202E), written or percent-encoded, is dropped".to_owned(),
            Departure::PercentEncodingNormalized(part) => format!(
                "the parser reports the {} with its percent-encoding normalized (RFC 3986 §6.2.2.1: hexadecimal digits uppercased; §6.2.2.2: the triplets of unreserved characters decoded), not as written: an equivalent URI, but another component than the input's",
                part.name()
            ),
            Departure::PathPercentEncodingNormalizedDotKept => "the parser reports the path with its percent-encoding normalized (RFC 3986 §6.2.2.1: hexadecimal digits uppercased; §6.2.2.2: the triplets of unreserved characters decoded) but for \"%2E\", kept encoded (uppercased) so that no dot-segment appears where the text had none: an equivalent URI, but another path than the input's".to_owned(),
            Departure::EmptyPortRefused => "the parser refuses an empty port (`//h:`), which RFC 3986 §3.2.3 allows (`port = *DIGIT`; \"URI producers and normalizers should omit the port component and its \":\" delimiter if port is empty\", a recommendation to writers, not a rule for readers)".to_owned(),
            Departure::PortOutOfRangeRefused => "the parser refuses a port above 65535 (it holds the port as a 16-bit number), where RFC 3986 §3.2.3 allows any `port = *DIGIT`".to_owned(),
            Departure::IpvFutureRefused => "the parser refuses an IPvFuture literal (`[v1.x]`), which RFC 3986 §3.2.2 allows: `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"`".to_owned(),
            Departure::IpvFutureUppercaseVRefused => "the parser refuses an IPvFuture literal written with \"V\" (`[V1.x]`), where RFC 3986 §3.2.2's `IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )` takes either case (RFC 5234 §2.3: \"ABNF strings are case insensitive\")".to_owned(),
            Departure::EmptyUserinfoRefused => "the parser refuses an empty userinfo (`//@h`), which RFC 3986 §3.2.1 allows: `userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )`".to_owned(),
            Departure::PortOverFiveDigitsRefused => "the parser refuses a port of more than five digits (`//h:000080`), where RFC 3986 §3.2.3 allows any `port = *DIGIT`".to_owned(),
            Departure::EmptyHostRefused => "the parser refuses an authority whose host is empty (`//`, `//u@`, `//:80`), where RFC 3986 §3.2.2 allows it (`reg-name = *( unreserved / pct-encoded / sub-delims )`) and says \"If the URI scheme defines a default for host, then that default applies when the host subcomponent is undefined or when the registered name is empty (zero length)\"".to_owned(),
            Departure::EmptyHostBesideUserinfoOrPortRefused => "the parser refuses an empty host beside a userinfo or a port (`//@`, `//u@`, `//:80`) and takes an empty authority (`//`), where RFC 3986 §3.2.2 allows an empty host in any authority (`reg-name = *( unreserved / pct-encoded / sub-delims )`) and says \"If the URI scheme defines a default for host, then that default applies when the host subcomponent is undefined or when the registered name is empty (zero length)\"".to_owned(),
            Departure::AuthorityEndsAtBackslash => "the parser ends the authority at a \"\\\" as at \"/\", and reads the \"\\\" and what follows it as the path, where RFC 3986 §3.2 says \"The authority component is preceded by a double slash (\"//\") and is terminated by the next slash (\"/\"), question mark (\"?\"), or number sign (\"#\") character\" and allows no \"\\\" in it".to_owned(),
            Departure::AuthorityFinalLineFeedIgnored => "the parser does not read a line feed that ends the authority (a regular expression's `$` matches before it), where RFC 3986's grammar (Appendix A) allows no line feed in a URI reference".to_owned(),
            Departure::EmptyAuthorityAsAbsent => "the parser reads an empty authority as none and drops the \"//\" before it (after it, a path that starts with \"//\" stays the path: \"a:////p\" has no authority and the path \"//p\"), where RFC 3986 §5.3 keeps a defined authority (\"if defined(authority) then append \"//\" to result\"): \"a:///p\" and \"a:/p\" are two URIs".to_owned(),
            Departure::FragmentDropped => "the parser drops the fragment: the text from the first \"#\" on is not read, so that the reference has no fragment and the fragment's characters are not checked, where RFC 3986 §3.5 reads \"A fragment identifier component is indicated by the presence of a number sign (\"#\") character and terminated by the end of the URI\" and §4.1's `URI-reference` holds it".to_owned(),
            Departure::FinalLineFeedIgnored => "the parser does not read a line feed that ends the text, whatever component it ends (a regular expression's `$` matches before it: \"a:/p\\n\" reads as \"a:/p\"), where RFC 3986's grammar (Appendix A) allows no line feed in a URI reference".to_owned(),
            Departure::FragmentEndsAtLineFeed => "the parser ends the fragment at its first line feed and drops what follows, where RFC 3986 §3.5 says \"A fragment identifier component is ... terminated by the end of the URI\" and its grammar refuses the line feed".to_owned(),
            Departure::EncodedOutsideReserved(part) => format!(
                "the parser percent-encodes (as UTF-8 octets) every character of the {0} outside RFC 3986's `reserved` and `unreserved` sets, and every \"%\" once one of them starts no triplet, a triplet too, where the RFC refuses the input, and §2.4 says \"Implementations must not percent-encode or decode the same string more than once\"; a reserved character the `{0}` rule refuses is still refused",
                part.name()
            ),
            Departure::EncodedReservedKept(part) => format!(
                "the parser percent-encodes (as UTF-8 octets) every character of the {0} outside RFC 3986's `reserved` and `unreserved` sets, and a \"%\" that starts no triplet, where the RFC refuses the input, and keeps every reserved character as written, one the `{0}` rule refuses (\"[\" in a path) too, where the RFC refuses the input as well (§3.2.2 of the brackets: \"This is the only place where square bracket characters are allowed in the URI syntax\")",
                part.name()
            ),
            Departure::OpaquePathUnchecked => "the parser takes the path after a scheme that no \"/\" follows as an opaque part, whatever it holds (a lone \"%\" too), where RFC 3986's `path-rootless` (§3.3) is segments of `pchar`".to_owned(),
            Departure::LeadingControlOrSpaceStripped => "the parser removes control characters and spaces at the start of the text before reading it, where RFC 3986's grammar (Appendix A) allows none of them in a URI reference, and Appendix C leaves stripping to \"software that accepts user-typed URI\"".to_owned(),
            Departure::SurroundingWhiteSpaceStripped => "the parser removes white space (Unicode's White_Space: tab, line breaks, space, no-break and other spaces) at the start and at the end of the text before reading it, where RFC 3986's grammar (Appendix A) allows none of them in a URI reference, and Appendix C leaves stripping to \"software that accepts user-typed URI\"".to_owned(),
            Departure::SurroundingControlOrSpaceStripped => "the parser removes control characters and spaces (U+0000 to U+0020) at the start and at the end of the text before reading it (Java's `String.trim()`), where RFC 3986's grammar (Appendix A) allows none of them in a URI reference, and Appendix C leaves stripping to \"software that accepts user-typed URI\"".to_owned(),
            Departure::SurroundingLwsStripped => "the parser removes spaces, tabs, line feeds and carriage returns at the start and at the end of the text before reading it, where RFC 3986's grammar (Appendix A) allows none of them in a URI reference, and Appendix C leaves stripping to \"software that accepts user-typed URI\"".to_owned(),
            Departure::TabOrNewlineRemoved => "the parser removes tabs and line breaks wherever they stand before reading the text, where RFC 3986's grammar (Appendix A) allows none of them in a URI reference, and Appendix C has such whitespace \"ignored when the URI is extracted\" from its context, not by the parser".to_owned(),
            Departure::ControlAsUnderscore => "the parser replaces each control character (U+0000 to U+001F, U+007F) with \"_\" wherever it stands, where RFC 3986's grammar (Appendix A) allows none of them and has no reading that changes them".to_owned(),
            Departure::HostLowercasedBeforeEncoding => "the parser lowercases the host's text, characters outside ASCII too, before it reads it, so that it percent-encodes the lowercase (`//É` has the host `%C3%A9`, not `%C3%89`), where RFC 3986 §3.2.2 makes only ASCII letters case-insensitive in a host (\"non-ASCII characters must first be encoded according to UTF-8 [STD63], and then each octet of the corresponding UTF-8 sequence must be percent-encoded\"): the octets of another character".to_owned(),
            Departure::HostIdnaToAscii => "the parser writes a registered name that holds characters outside US-ASCII as its IDNA form (UTS #46 ToASCII: mapped, then each such label as \"xn--\" and its Punycode: `//é` has the host `xn--9ca`), where RFC 3986 §3.2.2 says \"non-ASCII characters must first be encoded according to UTF-8 [STD63], and then each octet of the corresponding UTF-8 sequence must be percent-encoded to be represented as URI characters\": another name, which only a resolver that applies IDNA takes for the same".to_owned(),
            Departure::EmptyAsAbsent(part) => format!(
                "the parser reads an empty {0} as no {0}: its delimiter is lost, where RFC 3986 §5.3 keeps apart a component that is empty and one that is undefined (\"a:?\" and \"a:\" are two URIs)",
                part.name()
            ),
            Departure::OneOrThreeSlashesAsTwo => "the parser reads one or three slashes after a scheme as the two that start an authority (\"a:/h\" and \"a:///h\" as \"a://h\"), where RFC 3986 §3.2 says \"The authority component is preceded by a double slash (\"//\")\" and reads \"a:/h\" as a path".to_owned(),
            Departure::EmptyPathAsSlash => "the parser reads an empty path after an authority as \"/\", where RFC 3986 §3.3 allows the empty path (`path-abempty`) and §6.2.3 makes the two equivalent only for a scheme that says so".to_owned(),
            Departure::SchemelessAsAuthority(chars) => format!("the parser reads a text that starts with no scheme{} and no \"/\" as if \"//\" stood before it, its start an authority (`h/p` with the host `h`), where RFC 3986 §4.2 reads a relative-path reference: \"A relative reference that does not begin with a slash character is termed a relative-path reference\"", match chars { SchemeChars::Rfc3986 => "", SchemeChars::WithoutDot => " (a scheme with a \".\" being none: `a.b:1` with the host `a.b`, where §3.1's `scheme` takes \".\")" }),
            Departure::RootlessPathGivenSlash => "the parser writes a \"/\" before a path that does not start with one (`a:b` with the path `/b`), where RFC 3986 §3.3 keeps `path-rootless` as written: \"a path segment that contains a colon character ... cannot be used as the first segment of a relative-path reference\" is the only rule of a path's start, and a rooted path is another path".to_owned(),
            Departure::Resolving(r) => r.description().to_owned(),
            Departure::Normalizing(n) => n.description().to_owned(),
            Departure::PercentEncodingUppercased => "the parser gives back every percent-encoded octet with uppercase hexadecimal digits (`%0a` as `%0A`), in the components it parses and in a resolution's target: the same URI (RFC 3986 §2.1: \"If two URIs differ only in the case of hexadecimal digits used in percent-encoded octets, they are equivalent\"), so it names no finding alone; a model reproduces it so that the rest of the answer is named by its own mechanism".to_owned(),
            Departure::PercentEncodingNormalizedEverywhere => "the parser gives back every percent-encoded octet of every component normalized, an unreserved character's decoded (`%7e` as `~`) and the others' hexadecimal digits uppercased (`%0a` as `%0A`), in the components it parses, where RFC 3986 makes these normalizations for comparison (§6.2.2.1: \"should be normalized to use uppercase letters\"; §6.2.2.2: \"should be normalized by decoding any percent-encoded octet that corresponds to an unreserved character\"), and the components of a parse are the text as written".to_owned(),
            Departure::SurrogatesEncoded => "the parser percent-encodes a character outside the BMP as its two UTF-16 surrogates, three octets each (CESU-8: U+1F600 as `%ED%A0%BD%ED%B8%80`, octets that decode to no character), where RFC 3986 §2.5 says \"the data should first be encoded as octets according to the UTF-8 character encoding\" (`%F0%9F%98%80`)".to_owned(),
            Departure::Ipv6ShortenedByInetNtop => "the parser reads an IPv6 literal as its 128 bits and, where `inet_ntop` writes them shorter (RFC 5952's text form: lowercase, no leading zeros, the longest run of zero fields as \"::\", an IPv4-mapped or -compatible address's last 32 bits as a dotted quad), gives that text as the host (`//[0::]` has the host `[::]`), where RFC 3986 §3.2.2 keeps the host as written and §6.2.2.1 folds only its case".to_owned(),
            Departure::Ipv6FieldsRecompressed => "the parser rewrites an IPv6 literal field by field (lowercased, each field's leading zeros dropped, the fields placed from the ends of the text around its \"::\", the first longest run of fields that are \"0\" or missing written \"::\"; `//[::2:0:0:0:0:0:0]` has the host `[:2::]`), where RFC 3986 §3.2.2 keeps the host as written and §6.2.2.1 folds only its case".to_owned(),
            Departure::PortReadAsNumberInRange => "the parser reads the port as a number, its leading zeros dropped (`//h:0080` as the port 80), and refuses one above 65535, where RFC 3986 §3.2.3 reads `port = *DIGIT`, the digits as written and any number of them, and leaves leading zeros to normalization (§6.2.3)".to_owned(),
            Departure::PortReadAsNumber => "the parser holds the port as a number and gives it back as one, its leading zeros dropped (`//h:0080` as the port 80), where RFC 3986 §3.2.3 reads `port = *DIGIT`, the digits as written, and lets a port go only where it is empty or the default (\"URI producers and normalizers should omit the port component and its \":\" delimiter if port is empty or if its value would be the same as that of the scheme's default\")".to_owned(),
            Departure::NonAsciiUncheckedWhereEscaped => "the parser takes the characters outside US-ASCII that are neither controls nor Unicode spaces as they are wherever a percent-encoded octet may stand (the userinfo, a registered name, the path, the query and the fragment), where RFC 3986 allows only ASCII in each (Appendix A) and a character outside it only percent-encoded (§2.5: \"the data should first be encoded as octets according to the UTF-8 character encoding [STD63]; then only those octets that do not correspond to characters in the unreserved set should be percent-encoded\")".to_owned(),
            Departure::PercentUncheckedWhereEscaped => "the parser keeps a \"%\" that starts no pct-encoded triplet as written wherever a percent-encoded octet may stand (the userinfo, the host, the path, the query and the fragment), where RFC 3986 §2.1 allows \"%\" only as `pct-encoded = \"%\" HEXDIG HEXDIG` (\"A percent-encoding mechanism is used to represent a data octet in a component when that octet's corresponding character is outside the allowed set\")".to_owned(),
            Departure::ControlsAndSpaceOnlyRefused => "the parser refuses only control characters (U+0000 to U+001F, U+007F) and the space in the userinfo, the path, the query and the fragment, and keeps every other character there as written (a \"%\" that starts no triplet, a \"#\" in the fragment, \"[\" and \"]\", characters outside US-ASCII), where RFC 3986 allows only `userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )` (§3.2.1), segments of `pchar` (§3.3) and `*( pchar / \"/\" / \"?\" )` (§3.4, §3.5), and \"%\" only as `pct-encoded = \"%\" HEXDIG HEXDIG` (§2.1)".to_owned(),
            Departure::FragmentHashKept => "the parser takes a \"#\" in the fragment as it is (the fragment runs from the first \"#\" to the end), where RFC 3986 §3.5's `fragment = *( pchar / \"/\" / \"?\" )` refuses it: §2.2 makes it a `gen-delims`, which must be percent-encoded as data".to_owned(),
            Departure::BracketsTaken(part) => format!(
                "the parser takes \"[\" and \"]\" in the {0} as they are, where RFC 3986's `{0}` rule (Appendix A) refuses them: §2.2 makes them `gen-delims`, allowed only in an IP literal",
                part.name()
            ),
            Departure::IpLiteralAnyToBracket => "the parser takes a host that starts with \"[\" up to the first \"]\" that follows it, whatever stands between them (a delimiter such as \"@\", \"/\", \"?\" or \"#\", a space, a character outside US-ASCII), where RFC 3986 §3.2.2 allows only `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"` and §3.2 ends the authority at the next \"/\", \"?\" or \"#\"".to_owned(),
            Departure::IpLiteralAnyToLastBracket => "the parser takes a host that starts with \"[\" up to the authority's last \"]\" (a port after it) without checking what stands between them (any character but the authority's delimiters, brackets and controls too), where RFC 3986 §3.2.2 allows only `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"`".to_owned(),
            Departure::IpLiteralAnyInAuthority => "the parser takes a host that starts with \"[\" up to its first \"]\" in the authority without checking what stands between them (any character but the authority's delimiters, a zone id's too), where RFC 3986 §3.2.2 allows only `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"`".to_owned(),
            Departure::TextEndsAtLineFeed => "the parser reads the text up to its first line feed and drops what follows, whatever component it stands in, where RFC 3986's grammar (Appendix A) refuses the line feed and reads a URI reference to its end".to_owned(),
            Departure::TripleSlashReferenceAsPath => "the parser reads a relative reference that starts with three slashes as an absolute path with no authority (`///p` as the path `///p`), where RFC 3986 §4.2 reads `\"//\" authority path-abempty`: an empty authority, then the path `/p`".to_owned(),
            Departure::ImplicitFilePath => "the parser reads a reference whose text is a file system's path (one that starts with \"/\", or a drive letter, \":\" or \"|\", and \"/\" or \"\\\\\") as a `file` URI whose path is the whole text, \"?\" and \"#\" characters of it (percent-encoded) and \"\\\\\" a \"/\", where RFC 3986 §4.2 reads \"/p?q\" as a relative reference with a query, \"//h\" as a network-path reference with the authority \"h\", and §3.1 \"c:/x\" as a URI whose scheme is \"c\"; §3.3: \"The path component ... is terminated by the first question mark (\"?\") or number sign (\"#\") character, or by the end of the URI\"".to_owned(),
            Departure::QueryInOpaquePart => "the parser reads what follows a scheme, where no \"/\" follows it, up to the \"#\" as one opaque part that holds the \"?\" and what follows it (RFC 2396 §3: `opaque_part = uric_no_slash *uric`), where RFC 3986 §3.4 says \"The query component is indicated by the first question mark (\"?\") character and terminated by a number sign (\"#\") character or by the end of the URI\" in every URI".to_owned(),
            Departure::RegistryBasedAuthority => "the parser reads an authority that RFC 2396's server-based rule (`server = [ [ userinfo \"@\" ] hostport ]`, a hostname or an IPv4 or IPv6 address) does not take as one registry-based name (RFC 2396 §3.2: `reg_name = 1*( unreserved | escaped | \"$\" | \",\" | \";\" | \":\" | \"@\" | \"&\" | \"=\" | \"+\" )`), with no userinfo and no port, where RFC 3986 §3.2 reads every authority as `[ userinfo \"@\" ] host [ \":\" port ]` and a `reg-name` holds no \"@\" or \":\"".to_owned(),
            Departure::PathSegmentDotsRemoved(dots, scope) => format!(
                "the parser removes the dot-segments of the path it parses {}, by splitting it at \"/\", dropping \".\" and popping a segment for \"..\" ({}), a \"%2E\" segment kept as written, where RFC 3986 §3.3 says \"these dot-segments are only interpreted within the URI path hierarchy and are removed as part of the resolution process (Section 5.2)\" and §6.2.2.3 makes their removal a normalization, which the components of a parse do not undergo",
                match scope {
                    DotScope::HttpOrNoScheme => "after the scheme http or https, or no scheme",
                    DotScope::SchemeOrAuthority => "where it has a scheme or an authority that is not empty",
                },
                match dots {
                    SegmentDots::RootPutBackEndKept => "the root's empty segment put back, a final \"/.\" or \"/..\" leaving a \"/\"",
                    SegmentDots::RootKeptEndDropped => "never the root's, and a final \"/.\" or \"/..\" leaving no \"/\": `/a/.` is `/a`",
                }
            ),
            Departure::PathDotSegmentsRemoved => "the parser removes the dot-segments of the path it parses (RFC 3986 §5.2.4's remove_dot_segments, a \"%2E\" segment read as \".\"), where RFC 3986 §3.3 says \"these dot-segments are only interpreted within the URI path hierarchy and are removed as part of the resolution process (Section 5.2)\" and §6.2.2.3 makes their removal a normalization, which the components of a parse do not undergo".to_owned(),
        }
    }

    /// Whether the departure is the acceptable reading of a documented choice applied without
    /// the guard that keeps it acceptable (vectors/README.md): choice 2's rootless path kept
    /// rootless, choice 9's base dot-segments removed, choice 10's `/.` before a path that
    /// starts with "//". What such a departure adds over its reading is a string that shows an
    /// authority where the RFC's components have none ([`shows_an_authority_the_rfc_has_not`]):
    /// "@/..///" against "a:" kept rootless is "//", written "a://".
    pub fn is_unguarded_reading(self) -> bool {
        matches!(
            self,
            Departure::Resolving(
                Resolving::RootlessKeptUnguarded | Resolving::BaseDotSegmentsUnguarded
            ) | Departure::Normalizing(Normalizing::DoubleSlashPathUnguarded)
        )
    }

    /// Whether the departure is a resolver's or a normalizer's, not the parser's: it gives
    /// its operation's answer whole ([`Departure::operation_answer`]).
    fn is_operation_rule(self) -> bool {
        matches!(self, Departure::Resolving(_) | Departure::Normalizing(_))
    }

    /// The answer a resolver's or a normalizer's departure gives `case`, where it applies.
    fn operation_answer(self, case: &Request) -> Option<Outcome> {
        self.operation_answer_under(case, None, &[])
    }

    /// [`Departure::operation_answer`] with the base read as `options`' base readings read it
    /// (§5.2.1's optional normalization), where they are given: a resolver that departs from
    /// §5.2 and normalizes its base as the RFC allows. A resolver's departure answers with the
    /// other resolver's departures `beside` it in the model, composed
    /// ([`super::resolving::target_of`]); a normalizer's likewise with the other normalizer's
    /// departures ([`super::normalizing::normalized_of`]).
    pub(crate) fn operation_answer_under(
        self,
        case: &Request,
        options: Option<reference::ResolveOptions>,
        beside: &[Departure],
    ) -> Option<Outcome> {
        match (self, case) {
            (
                Departure::Resolving(r),
                Request::Resolve {
                    base,
                    input,
                    strict,
                },
            ) => {
                let base = match options {
                    Some(options) => reference::base_as_read(base, options)?,
                    None => base.clone(),
                };
                let mut set: Vec<Resolving> = beside
                    .iter()
                    .filter_map(|d| match d {
                        Departure::Resolving(r) => Some(*r),
                        _ => None,
                    })
                    .collect();
                if !set.contains(&r) {
                    set.push(r);
                }
                super::resolving::target_of(&set, &base, input, *strict).map(Outcome::Resolved)
            }
            (Departure::Normalizing(n), Request::Normalize { input, .. }) => {
                let mut set: Vec<Normalizing> = beside
                    .iter()
                    .filter_map(|d| match d {
                        Departure::Normalizing(n) => Some(*n),
                        _ => None,
                    })
                    .collect();
                if !set.contains(&n) {
                    set.push(n);
                }
                super::normalizing::outcome_of(&set, input, case.checked_level().ok()?)
            }
            _ => None,
        }
    }

    /// The departure this one is a part of, that takes every character it takes and more at
    /// the same place: a component's brackets, its characters outside US-ASCII (visible or
    /// all) or a fragment's "#" taken, where a component taken unchecked takes them all. Attribution
    /// names the wider one where the implementation's answers bear it out too, so that a
    /// parser that checks nothing in a component is one mechanism, not one per class of the
    /// characters a case happened to hold; then, in a component handed on as text, the rule
    /// that refuses only controls and the space there, for a parser that refuses a space.
    /// Before them all, the rule that checks no component. Tried widest first; none for the
    /// others.
    pub(crate) fn wider(self) -> Vec<Departure> {
        let component = match self {
            Departure::BracketsTaken(component)
            | Departure::NonAsciiUnchecked(component)
            | Departure::AnyNonAsciiUnchecked(component) => component,
            Departure::FragmentHashKept => Field::Fragment,
            _ => return Vec::new(),
        };
        // The widest first: no component checked, then this one's characters, then those of
        // every component handed on as text but controls and the space.
        let mut wider = Vec::new();
        if ESCAPED_COMPONENTS.contains(&component) {
            wider.extend([
                Departure::EveryComponentUnchecked,
                Departure::OnlyEscapesChecked,
            ]);
        }
        if TEXT_COMPONENTS.contains(&component) {
            wider.push(Departure::TextComponentsUnchecked);
        }
        wider.push(Departure::Unchecked(component));
        if TEXT_COMPONENTS.contains(&component) {
            wider.push(Departure::ControlsAndSpaceOnlyRefused);
        }
        wider
    }

    /// The components where the departure keeps every character its rule refuses as written
    /// (all of them, not one class): those of a component, or of every one, left unchecked.
    fn keeps_as_written(self) -> &'static [Field] {
        match self {
            Departure::Unchecked(part) => match part {
                Field::Userinfo => &[Field::Userinfo],
                Field::Host => &[Field::Host],
                Field::Path => &[Field::Path],
                Field::Query => &[Field::Query],
                Field::Fragment => &[Field::Fragment],
                _ => &[],
            },
            Departure::EveryComponentUnchecked | Departure::OnlyEscapesChecked => {
                &ESCAPED_COMPONENTS
            }
            Departure::TextComponentsUnchecked | Departure::ControlsAndSpaceOnlyRefused => {
                &TEXT_COMPONENTS
            }
            _ => &[],
        }
    }

    /// Whether the departure percent-encodes the characters its rule refuses in `part`.
    fn encodes_refused_in(self, part: Field) -> bool {
        match self {
            Departure::EncodedInsteadOfRefused(p)
            | Departure::EncodedOutsideReserved(p)
            | Departure::EncodedReservedKept(p) => p == part,
            Departure::EveryComponentEncoded => ESCAPED_COMPONENTS.contains(&part),
            _ => false,
        }
    }

    /// Whether the two departures say opposite things of one component: one keeps what its
    /// rule refuses as written, the other encodes it. No parser does both; a set of the two
    /// reproduces an answer only by coincidence (Perl's "[v1.a@b]", whose "[" is encoded in
    /// the userinfo and whose host keeps its "]", is no parser that checks nothing).
    pub(crate) fn contradicts(self, other: Departure) -> bool {
        let opposed = |keeps: Departure, encodes: Departure| {
            keeps
                .keeps_as_written()
                .iter()
                .any(|&part| encodes.encodes_refused_in(part))
        };
        opposed(self, other) || opposed(other, self)
    }

    /// Whether the departure rewrites one character for one character, so that the answer
    /// can be restored from the input as given (and so composes with the others): every one
    /// but the rules on the answer, which rewrite nothing, and a resolver's departure, which
    /// gives its target whole.
    pub fn restores(self) -> bool {
        !self.is_answer_rule() && !self.preprocesses() && !self.is_operation_rule()
    }

    /// Whether a resolver that parses its base and its reference with this departure reads
    /// them otherwise, so that the departure shows in its targets: one that restores its
    /// reading of a parse, or a rule on a parse's answer that refuses nothing (a port read as
    /// a number, escapes normalized). `models` resolves the components such a parser gives
    /// (§5.2.1, §5.2.2: "The URI reference is parsed into the five URI components").
    pub(crate) fn parses_in_resolution(self) -> bool {
        self.restores()
            || matches!(
                self,
                Departure::PercentEncodingNormalized(_)
                    | Departure::PathPercentEncodingNormalizedDotKept
                    | Departure::UnreservedDecoded(_)
                    | Departure::PortReadAsNumber
                    | Departure::Ipv6ShortenedByInetNtop
                    | Departure::Ipv6FieldsRecompressed
                    | Departure::PathDotSegmentsRemoved
                    | Departure::PathSegmentDotsRemoved(..)
            )
    }

    /// The base and the reference of a resolution, as the parses a resolver makes of them
    /// (the base by `URI`, the reference by `URI-reference`).
    pub(crate) fn parses_of(case: &Request) -> Option<[Request; 2]> {
        let Request::Resolve { base, input, .. } = case else {
            return None;
        };
        let parse = |input: &str, rule: reference::Rule| Request::Parse {
            input: input.to_owned(),
            rule: Some(rule.into()),
            zone_id: false,
        };
        Some([
            parse(base, reference::Rule::Uri),
            parse(input, reference::Rule::UriReference),
        ])
    }

    /// The strings an operation reads with its parser, as the parses it makes of them: a
    /// resolution's base and reference ([`Departure::parses_of`]); a normalization's input, by
    /// `URI-reference` (§6.2.2 normalizes the components a parse gave); none for a parse.
    pub(crate) fn parses_read(case: &Request) -> Vec<Request> {
        match case {
            Request::Resolve { .. } => Departure::parses_of(case).map_or(Vec::new(), Vec::from),
            Request::Normalize { input, .. } => vec![Request::Parse {
                input: input.clone(),
                rule: Some(crate::reference::Rule::UriReference.into()),
                zone_id: false,
            }],
            Request::Parse { .. } => Vec::new(),
        }
    }

    /// Whether the departure reads the base or the reference of the resolution `case`, or
    /// the input of the normalization `case`, otherwise than the RFC does
    /// ([`Departure::parses_in_resolution`]).
    pub(crate) fn reads_in_resolution(self, case: &Request) -> bool {
        // A rewrite of the raw text reads a resolution's base and reference too (an implicit
        // file path read in "a://א" is no base a parser that refuses it took).
        if self.preprocesses()
            && matches!(case, Request::Resolve { .. })
            && self.rewrite(case).is_some()
        {
            return true;
        }
        // A normalizer's own steps act on what its parser read; a reading of the text is
        // the parser's (a rule on a parse's answer is §6.2.2's business there).
        if !self.parses_in_resolution()
            || matches!(case, Request::Normalize { .. }) && !self.restores()
        {
            return false;
        }
        Departure::parses_read(case).iter().any(|parse| {
            self.rewrite(parse).is_some()
                // A data model without an empty component reads the strings as written, and
                // holds none where the RFC reads one ("?" has no query).
                || matches!(self, Departure::EmptyAsAbsent(_) | Departure::EmptyAuthorityAsAbsent)
                    && {
                        let letter = crate::impls::Implementation::answer(
                            &crate::impls::reference::Reference,
                            parse,
                        );
                        self.no_empty_in(letter.clone()) != letter
                    }
                || self.is_answer_rule() && {
                    let letter = crate::impls::Implementation::answer(
                        &crate::impls::reference::Reference,
                        parse,
                    );
                    self.rule_on_answer(parse, letter.clone()) != letter
                }
        })
    }

    /// Whether the departure is a rule that refuses an answer the reference gives (an empty
    /// port, an IPvFuture literal): attribution tries these where the parser refused.
    pub(crate) fn refuses(self) -> bool {
        matches!(
            self,
            Departure::EmptyPortRefused
                | Departure::PortOutOfRangeRefused
                | Departure::IpvFutureRefused
                | Departure::IpvFutureUppercaseVRefused
                | Departure::EmptyUserinfoRefused
                | Departure::PortOverFiveDigitsRefused
                | Departure::EmptyHostRefused
                | Departure::EmptyHostBesideUserinfoOrPortRefused
                | Departure::Normalizing(Normalizing::AmbiguousPathRefused)
                // Both a rule on every answer and a refusal: tried where the parser refused,
                // and beside the readings where it did not ([`Departure::refuses_only`]).
                | Departure::PortReadAsNumberInRange
        )
    }

    /// Whether the departure is a rule that refuses and does nothing else: one that also
    /// rewrites what it takes (a port read as a number, which refuses one out of range)
    /// composes with the readings where the parser took the case.
    pub(crate) fn refuses_only(self) -> bool {
        self.refuses() && !self.is_output_rule()
    }

    /// A rule on the answer applied to `answer`, the answer to `case`.
    pub(crate) fn rule_on_answer(self, case: &Request, answer: Outcome) -> Outcome {
        if self == Departure::SurrogatesEncoded {
            return surrogates_encoded_in(case, answer);
        }
        if self == Departure::IriEscapesUnescaped {
            return iri_escapes_unescaped_in(case, answer);
        }
        match case {
            Request::Parse { .. } if self.is_answer_rule() => self.rule_on(answer),
            Request::Resolve { .. } if self.is_answer_rule() => self.rule_on_target(answer),
            Request::Normalize { .. } if self == Departure::PortReadAsNumber => {
                port_as_number_in_normalized(answer)
            }
            _ => answer,
        }
    }

    /// Whether the departure is a rule on every answer that refuses nothing (the
    /// percent-encoding's case): it composes with any other departure, applied to what that
    /// one answers.
    pub(crate) fn is_output_rule(self) -> bool {
        matches!(
            self,
            Departure::PercentEncodingUppercased
                | Departure::PercentEncodingNormalizedEverywhere
                | Departure::IriEscapesUnescaped
                | Departure::SurrogatesEncoded
                | Departure::PathDotSegmentsRemoved
                | Departure::PathSegmentDotsRemoved(..)
                | Departure::Ipv6ShortenedByInetNtop
                | Departure::Ipv6FieldsRecompressed
                | Departure::PortReadAsNumberInRange
        )
    }

    /// Whether the departure is a rule on every answer that rewrites what any answer to
    /// `case` holds, whatever the reference answers (it is then tried where the reference
    /// refuses the case, beside the readings that take it): the surrogates of a character
    /// outside the BMP that the case holds.
    pub(crate) fn rewrites_any_answer_to(self, case: &Request) -> bool {
        self == Departure::SurrogatesEncoded && surrogates_encoded_reads(case)
    }

    /// Whether the departure names the set it is found in, before the readings beside it: a
    /// rule on the answer that is the case's cause where they only brought what it rewrites
    /// (the encoding of a character outside the BMP, which its surrogates' octets sign).
    pub(crate) fn leads_its_set(self) -> bool {
        self == Departure::SurrogatesEncoded
    }

    /// A rule on the answer applied to a resolution's target.
    fn rule_on_target(self, answer: Outcome) -> Outcome {
        match (self, answer) {
            (Departure::PercentEncodingUppercased, Outcome::Resolved(target)) => {
                Outcome::Resolved(triplets_uppercased(&target))
            }
            (_, answer) => answer,
        }
    }

    /// A refusal rule's controls: the parse `case`, whose components the reference `read`,
    /// with what the rule refuses written otherwise, one way each: the port dropped or in
    /// range, the "V" written "v", the IPvFuture literal an IPv6 one, the userinfo or the host
    /// not empty. The implementation must answer each as the rule's model does, so that the
    /// rule is told from a rival that refuses more (every IP literal, every port of five
    /// digits) or other things (a port of six digits whatever its value).
    pub(crate) fn refusal_controls(self, case: &Request, read: &Components) -> Vec<Request> {
        let Request::Parse { rule, zone_id, .. } = case else {
            return Vec::new();
        };
        let with = |change: &dyn Fn(&mut Components)| {
            let mut components = read.clone();
            change(&mut components);
            Request::Parse {
                input: reference::recompose(&components.as_reference()),
                rule: rule.clone(),
                zone_id: *zone_id,
            }
        };
        let port = |digits: &'static str| move |c: &mut Components| c.port = Some(digits.into());
        let host = |c: &mut Components, host: String| c.host = Some(host);
        // The plainest URI with what the rule refuses, which it must refuse too: a parser that
        // refuses one IPvFuture literal for what it holds refuses no IPvFuture as such. Written
        // with the case's own scheme (a parser may read a one-letter one as a drive letter),
        // or as a network-path reference where the case has none.
        let plain = |authority: &str| Request::Parse {
            input: match read.scheme.as_deref() {
                Some(scheme) => format!("{scheme}://{authority}"),
                None => format!("//{authority}"),
            },
            rule: rule.clone(),
            zone_id: *zone_id,
        };
        // A registered name of sub-delims and percent-encodings, which a parser that takes
        // only hosts it resolves refuses: the rival of a rule about one kind of host.
        let other_hosts = || {
            vec![
                with(&|c| host(c, "a!b".into())),
                with(&|c| host(c, "%41".into())),
            ]
        };
        let lower = read.host.as_deref().map(|h| h.replacen("[V", "[v", 1));
        match self {
            // A host of two letters: a parser may read one letter and ":" as a drive.
            Departure::EmptyPortRefused => {
                vec![with(&|c| c.port = None), with(&port("80")), plain("hh:")]
            }
            Departure::PortOutOfRangeRefused => vec![
                with(&port("65535")),
                with(&port("000001")),
                plain("hh:65536"),
            ],
            Departure::PortOverFiveDigitsRefused => {
                vec![with(&port("99999")), plain("hh:000001")]
            }
            // The largest port, one of leading zeros (which it drops) and the smallest above.
            Departure::PortReadAsNumberInRange => vec![
                with(&port("65535")),
                with(&port("0000065535")),
                plain("hh:65536"),
            ],
            Departure::IpvFutureRefused => {
                let mut controls = vec![with(&|c| host(c, "[::]".into())), plain("[v1.a]")];
                if let Some(lower) = lower.filter(|l| Some(l.as_str()) != read.host.as_deref()) {
                    controls.push(with(&|c| host(c, lower.clone())));
                }
                controls.extend(other_hosts());
                controls
            }
            Departure::IpvFutureUppercaseVRefused => {
                let mut controls = vec![plain("[V1.a]"), plain("[v1.a]")];
                if let Some(lower) = lower {
                    controls.push(with(&|c| host(c, lower.clone())));
                }
                controls.extend(other_hosts());
                controls
            }
            Departure::EmptyUserinfoRefused => {
                vec![with(&|c| c.userinfo = Some("a".into())), plain("@hh")]
            }
            Departure::EmptyHostRefused => {
                let mut controls = vec![with(&|c| host(c, "a".into())), plain("")];
                controls.extend(other_hosts());
                controls
            }
            // The empty authority, which the rule takes, and an empty host beside a userinfo,
            // which it refuses.
            Departure::EmptyHostBesideUserinfoOrPortRefused => {
                let mut controls = vec![with(&|c| host(c, "a".into())), plain(""), plain("@")];
                controls.extend(other_hosts());
                controls
            }
            _ => Vec::new(),
        }
    }

    /// Whether the departure has controls that tell it from a rival on any case: a resolver's
    /// departure and the rules on the answer. The readings of the text are probed on a parse
    /// only.
    pub(crate) fn has_controls(self) -> bool {
        matches!(self, Departure::Resolving(_)) || self.refuses() || self.is_output_rule()
    }

    /// A rule on every answer's controls: the case's own kind of request with a lowercase
    /// percent-encoding in every component (a control character, an unreserved "~"), each of
    /// which the rule writes in uppercase; the implementation must answer as the rule's model
    /// does, so that a parser that uppercases one component, or decodes "~", or keeps the case
    /// where a reading elsewhere changed the string, is not taken for it.
    pub(crate) fn output_controls(self, case: &Request) -> Vec<Request> {
        // A normalizer's step: the inputs that tell it from a rival step, at the case's level.
        if let (Departure::Normalizing(n), Request::Normalize { input, level }) = (self, case) {
            return n
                .controls(input)
                .into_iter()
                .map(|input| Request::Normalize {
                    input,
                    level: *level,
                })
                .collect();
        }
        // A path's dot-segments, a "%2E" one among them, after the case's own scheme: a
        // parser that removes some (only "..", or not the escaped one) is not taken for it.
        if self == Departure::PathDotSegmentsRemoved {
            let Request::Parse {
                input,
                rule,
                zone_id,
            } = case
            else {
                return Vec::new();
            };
            const PATH: &str = "/a/./b/../%2E/c/.";
            let input = match reference::split(input).scheme {
                Some(scheme) => format!("{scheme}://h{PATH}"),
                None => format!("//h{PATH}"),
            };
            return vec![Request::Parse {
                input,
                rule: rule.clone(),
                zone_id: *zone_id,
            }];
        }
        // A path split at "/": its dot-segments, a "%2E" one among them, a final "/.", a
        // ".." above the root, after the case's own scheme, after another scheme and after
        // none, with no authority: the way it joins the segments and the parses it reads are
        // each told from the others', and from RFC 3986's remove_dot_segments.
        // A resolution's are parses after its base's scheme, by `URI-reference`, as a
        // resolver that parses its reference with the rule reads them.
        if let Departure::PathSegmentDotsRemoved(..) = self {
            let (input, rule, zone_id) = match case {
                Request::Parse {
                    input,
                    rule,
                    zone_id,
                } => (input, rule.clone(), zone_id),
                Request::Resolve { base, .. } => {
                    (base, Some(reference::Rule::UriReference.into()), &false)
                }
                Request::Normalize { .. } => return Vec::new(),
            };
            const PATH: &str = "/a/./b/../%2E/../c/.";
            let mut inputs = vec![match reference::split(input).scheme {
                Some(scheme) => format!("{scheme}://h{PATH}"),
                None => format!("//h{PATH}"),
            }];
            inputs.extend(["a://h/b/..".to_owned(), "http:/b/../..".to_owned()]);
            if !matches!(
                case.checked_rule(),
                Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri)
            ) {
                inputs.push("/b/..".to_owned());
            }
            return inputs
                .into_iter()
                .map(|input| Request::Parse {
                    input,
                    rule: rule.clone(),
                    zone_id: *zone_id,
                })
                .collect();
        }
        // A port of leading zeros, which the rule drops, and the largest it takes.
        if self == Departure::PortReadAsNumberInRange {
            let Request::Parse {
                input,
                rule,
                zone_id,
            } = case
            else {
                return Vec::new();
            };
            let authority = |rest: &str| match reference::split(input).scheme {
                Some(scheme) => format!("{scheme}://{rest}"),
                None => format!("//{rest}"),
            };
            return ["h:0080/", "h:65535/"]
                .into_iter()
                .map(|rest| Request::Parse {
                    input: authority(rest),
                    rule: rule.clone(),
                    zone_id: *zone_id,
                })
                .collect();
        }
        // An IPv6 literal each rule rewrites and one it writes otherwise than the other, in
        // more than its case (a host's case may be hidden): "::1:102:304" and "::1:1.2.3.4",
        // "0:2::" and ":2::", after the case's own scheme, so that neither is taken for the
        // other, nor for a parser that compresses every literal its own way.
        // A resolution's are parses after its base's scheme, by `URI-reference`, which a
        // parser without the `URI` rule has too: the resolver reads the base's literal so.
        if let Departure::Ipv6ShortenedByInetNtop | Departure::Ipv6FieldsRecompressed = self {
            let (input, rule, zone_id) = match case {
                Request::Parse {
                    input,
                    rule,
                    zone_id,
                } => (input, rule.clone(), zone_id),
                Request::Resolve { base, .. } => {
                    (base, Some(reference::Rule::UriReference.into()), &false)
                }
                Request::Normalize { .. } => return Vec::new(),
            };
            let other = match self {
                Departure::Ipv6ShortenedByInetNtop => "[0:0:0:0:0:1:1.2.3.4]",
                _ => "[::2:0:0:0:0:0:0]",
            };
            let scheme = reference::split(input).scheme;
            return ["[0::]", other]
                .into_iter()
                .map(|host| Request::Parse {
                    input: match scheme {
                        Some(scheme) => format!("{scheme}://{host}/"),
                        None => format!("//{host}/"),
                    },
                    rule: rule.clone(),
                    zone_id: *zone_id,
                })
                .collect();
        }
        // The normalizing rule's: a "%7e" in the query and the fragment too, which it decodes
        // there as in the path (a parser that decodes the path's alone is not it).
        let tail = match self {
            Departure::PercentEncodingUppercased => "/%0a%7e?%0b#%0c",
            Departure::PercentEncodingNormalizedEverywhere => "/%0a%7e?%0b%7e#%0c%7e",
            // A reserved "%3a" decoded and an unsafe "%3b" kept in the path, a "%2f" kept in
            // the query, a "%5b" in the fragment: a parser that decodes the unreserved
            // characters alone, or every triplet, is not it.
            Departure::IriEscapesUnescaped => "/%0a%7e%3a%3b?%0b%3a%2f#%0c%5b%21",
            _ => return Vec::new(),
        };
        match case {
            Request::Parse {
                input,
                rule,
                zone_id,
            } => {
                let authority = "%6a@h";
                // Without its fragment where the rule takes none (an absolute-URI), so that the
                // control is one the reference takes: a refusal of both would hold for any
                // parser.
                let tail = match tail.split_once('#') {
                    Some((head, _)) if case.checked_rule() == Ok(reference::Rule::AbsoluteUri) => {
                        head
                    }
                    _ => tail,
                };
                let input = match reference::split(input).scheme {
                    Some(scheme) => format!("{scheme}://{authority}{tail}"),
                    None => format!("//{authority}{tail}"),
                };
                vec![Request::Parse {
                    input,
                    rule: rule.clone(),
                    zone_id: *zone_id,
                }]
            }
            // The normalizing rule's with an authority of its own, whose userinfo it decodes
            // too (a resolver that keeps the userinfo's escapes is not it).
            Request::Resolve { base, strict, .. } => vec![Request::Resolve {
                base: base.clone(),
                input: match self {
                    Departure::PercentEncodingNormalizedEverywhere
                    | Departure::IriEscapesUnescaped => format!("//%6a@h{tail}"),
                    _ => tail.to_owned(),
                },
                strict: *strict,
            }],
            // IRI parsing's, after the case's own scheme: a normalizer that decodes the
            // unreserved characters alone, or every triplet, is not it.
            Request::Normalize { input, level } if self == Departure::IriEscapesUnescaped => {
                let scheme = reference::split(input).scheme.unwrap_or("a");
                vec![Request::Normalize {
                    input: format!("{scheme}://%6a@h{tail}"),
                    level: *level,
                }]
            }
            Request::Normalize { .. } => Vec::new(),
        }
    }

    /// A reading of the text's structure's witness: the plainest parse that the departure
    /// alone reads otherwise than the RFC, written after the case's own scheme (or as a
    /// network-path reference where the case has none), which the implementation must answer
    /// as the departure's model says. Its path is "/" where the mechanism does not depend on
    /// an empty one: a parser that writes an empty path as "/" answers the others alike. One odd input does not make a mechanism: a parser that
    /// reads `//[v[:]` with a "[" in its host reads `//h:a` as it reads it, and a departure
    /// that says its host is `h:a` is not its cause where it answers otherwise. `None` for a
    /// departure whose generality is probed character by character or by controls of its own,
    /// and where the case's scheme is no scheme the RFC reads.
    pub(crate) fn witness(self, case: &Request) -> Option<Request> {
        let Request::Parse {
            input,
            rule,
            zone_id,
        } = case
        else {
            return None;
        };
        // A relative reference whatever the case's own start (a text that starts with a
        // space has no scheme to write it after): `a.b:1/p` is read with the host `a.b` by a
        // scheme class without ".", and with the scheme `a.b` by the RFC's.
        if let Departure::SchemelessAsAuthority(chars) = self {
            if matches!(
                case.checked_rule(),
                Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri)
            ) {
                return None;
            }
            let witness = match chars {
                SchemeChars::Rfc3986 => "h/p",
                SchemeChars::WithoutDot => "a.b:1/p",
            };
            return (witness != input).then(|| Request::Parse {
                input: witness.to_owned(),
                rule: rule.clone(),
                zone_id: *zone_id,
            });
        }
        let scheme = reference::split(input).scheme;
        let scheme = match scheme {
            Some(s)
                if s.starts_with(|c: char| c.is_ascii_alphabetic())
                    && s.bytes().all(|b| SCHEME.contains(b)) =>
            {
                Some(s)
            }
            // A reading of the fragment alone is witnessed as a relative reference where the
            // case's scheme is none the RFC reads (a parser that keeps a fragment, and takes
            // that scheme, is no parser that drops fragments).
            Some(_) if self == Departure::FragmentDropped => None,
            Some(_) => return None,
            None => None,
        };
        // After "//": the authority and what follows it.
        let after_slashes = |rest: &str| match scheme {
            Some(scheme) => Some(format!("{scheme}://{rest}")),
            None if !matches!(
                case.checked_rule(),
                Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri)
            ) =>
            {
                Some(format!("//{rest}"))
            }
            None => None,
        };
        let witness = match self {
            Departure::UserinfoToLastAt => after_slashes("a@b@h/")?,
            Departure::NetworkPathAsPath => after_slashes("h/p")?,
            // A relative reference, whatever the case's scheme.
            Departure::NetworkPathReferenceAsPath => match case.checked_rule() {
                Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri) => return None,
                _ => "//h/p".to_owned(),
            },
            // A relative reference, whatever the case's scheme: after one, "///" starts an
            // authority.
            Departure::TripleSlashReferenceAsPath => match case.checked_rule() {
                Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri) => return None,
                _ => "///p".to_owned(),
            },
            // A "?" and a "#" read as characters of the path, not as its end.
            Departure::ImplicitFilePath => "/p?q#f".to_owned(),
            // White space at both ends of a text whose path would keep it: a parser that drops
            // what follows a host's "]" or reads a port by a number's rules strips none.
            Departure::SurroundingWhiteSpaceStripped => format!(" {} ", after_slashes("h/p")?),
            // A space at the end of a path, where no component's own reading strips it (a port
            // read by Python's `int` strips one, a path keeps or encodes it).
            Departure::SurroundingLwsStripped => format!("\t{} ", after_slashes("h/p")?),
            // A control at each end of a text whose path would keep it: a parser that strips
            // one end alone, or white space alone, keeps one of them.
            Departure::SurroundingControlOrSpaceStripped => {
                format!("\u{1}{}\u{1f}", after_slashes("h/p")?)
            }
            // Inside a path, where no component's own stripping reaches.
            Departure::TabOrNewlineRemoved => after_slashes("h/a\tb\nc")?,
            Departure::PortAfterLastColon => after_slashes("h:1:2/")?,
            Departure::PortNotDigitsInHost => after_slashes("h:a/")?,
            Departure::PortLeadingDigitsRead => after_slashes("h:1a/")?,
            Departure::AuthorityEndsAtRefused => after_slashes("h:1a/b")?,
            Departure::PortReadAsNumber => after_slashes("h:08/")?,
            Departure::Ipv6ShortenedByInetNtop => after_slashes("[0::]/")?,
            Departure::Ipv6FieldsRecompressed => after_slashes("[::2:0:0:0:0:0:0]/")?,
            Departure::EmptyAuthorityAsAbsent => after_slashes("/p")?,
            Departure::EmptyPathAsSlash => after_slashes("h")?,
            Departure::RootlessPathGivenSlash => match scheme {
                Some(scheme) => format!("{scheme}:p"),
                None if !matches!(
                    case.checked_rule(),
                    Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri)
                ) =>
                {
                    "p".to_owned()
                }
                None => return None,
            },
            Departure::EmptyAsAbsent(Field::Userinfo) => after_slashes("@h/")?,
            Departure::EmptyAsAbsent(Field::Port) => after_slashes("h:/")?,
            Departure::EmptyAsAbsent(Field::Query) => after_slashes("h/?")?,
            Departure::EmptyAsAbsent(Field::Fragment) => after_slashes("h/#")?,
            Departure::OneOrThreeSlashesAsTwo => format!("{}:/h/p", scheme?),
            Departure::QueryInOpaquePart => format!("{}:b?c", scheme?),
            Departure::RegistryBasedAuthority => after_slashes("u@a_b:c")?,
            Departure::InvalidSchemeAsPath => "a_b:c".to_owned(),
            Departure::EmptySchemeAsPath => ":a".to_owned(),
            Departure::SchemeFirstCharacterUnchecked => "0a:b".to_owned(),
            // A bracketed host that is no address: a registered name holding its brackets,
            // where a parser that reads no IP literal at all leaves the host empty.
            Departure::IpLiteralAsRegName => after_slashes("[a]/")?,
            // Taken in every component but the host, whose rule (a name to resolve) a parser
            // may keep apart: the host's own are the probes'.
            Departure::NonAsciiUncheckedWhereEscaped => {
                after_slashes("\u{e9}@h/\u{e9}?\u{e9}#\u{e9}")?
            }
            // A lone "%" in each component where an escape may stand, the host's too.
            Departure::PercentUncheckedWhereEscaped => after_slashes("%@h%/%?%#%")?,
            // A character no rule takes and a lone "%" in each component it reads.
            Departure::ControlsAndSpaceOnlyRefused => after_slashes("\"%@h/\"%?\"%#\"%")?,
            // A space and a lone "%" in each component, the host's too.
            Departure::EveryComponentUnchecked => after_slashes(" %@h %/ %? %# %")?,
            // A space and a character no rule takes in each component.
            Departure::OnlyEscapesChecked => after_slashes(" <@h </ <? <# <")?,
            // A space and a lone "%" inside each component but the host (a parser may strip
            // one at a component's ends).
            Departure::TextComponentsUnchecked => after_slashes("a% b@h/a% b?a% b#a% b")?,
            // A space inside each component, the host's too.
            Departure::EveryComponentEncoded => after_slashes("a b@h b/a b?a b#a b")?,
            // A fragment of characters every rule takes after a path of one segment: a parser
            // that ends a fragment at a line feed, or refuses a character in it, keeps it.
            Departure::FragmentDropped => match scheme {
                Some(scheme) => format!("{scheme}:p#f"),
                None if !matches!(
                    case.checked_rule(),
                    Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri)
                ) =>
                {
                    "p#f".to_owned()
                }
                None => return None,
            },
            // In each component a character its set encodes and one the RFC refuses that
            // the set keeps ("`" is encoded in every component but the query).
            Departure::UrlStandardSetsEncoded => after_slashes("a`=%@h/a`[%?a`[%#a`[#%")?,
            _ => return None,
        };
        (witness != *input).then(|| Request::Parse {
            input: witness,
            rule: rule.clone(),
            zone_id: *zone_id,
        })
    }

    /// The controls a reading of the text must answer as its model says. Those that tell the
    /// three readings of a line feed apart, which one odd input does not: `//\n` is read alike by a parser that ignores a line feed ending the
    /// authority and by one that ends the text at its first line feed. The text ended at its
    /// first line feed must answer a line feed that is not the authority's last character
    /// (`a://h\n/p`: nothing after `h`) and one before the fragment (`a:/p\nq`: the text
    /// `a:/p`) as its model says; the two narrower readings must not answer them as the text
    /// ended there ([`Departure::line_feed_rivals`]), whatever else they do with them (a
    /// parser may encode that line feed). Written with a scheme, or as relative references
    /// where the case's rule is `relative-ref`. And a control character where the rule of
    /// every component takes only visible characters outside US-ASCII (`a:/\u{85}`), which
    /// it refuses: a parser that takes every code unit from 0x80 has another rule.
    pub(crate) fn reading_controls(self, case: &Request) -> Vec<Request> {
        let controls: &[&str] = match self {
            // A relative reference's rule reads no scheme to ask it after.
            Departure::NetworkPathReferenceAsPath
                if case.checked_rule() == Ok(reference::Rule::RelativeRef) =>
            {
                return Vec::new();
            }
            Departure::TextEndsAtLineFeed => &["a://h\n/p", "a:/p\nq"],
            // A final line feed after a path, whatever component the case's ends.
            Departure::FinalLineFeedIgnored => &["a:/p\n"],
            // After a scheme, the authority read (against a parser that reads every "//" as a
            // path).
            Departure::NetworkPathReferenceAsPath => &["a://h/p"],
            Departure::NonAsciiUncheckedWhereEscaped => &["a:/\u{e9}\u{85}"],
            // A lone "%" beside a character it takes, which it refuses: a parser that takes it
            // checks nothing.
            Departure::OnlyEscapesChecked => &["a:/<%"],
            // A space in each component it reads and a control character, beside a character
            // it takes, which it refuses: a parser that takes them is another rule's (a
            // component unchecked), whichever component its known model already reads so.
            Departure::ControlsAndSpaceOnlyRefused => &[
                "a://\" a@h/",
                "a:/\" a",
                "a:/?\" a",
                "a:/#\" a",
                "a:/\"\u{7f}a",
            ],
            _ => return Vec::new(),
        };
        Self::controls_as_cased(controls, case)
    }

    /// The rivals a narrower line-feed reading must not answer its controls as, and those
    /// controls: the text ended at its first line feed, and (for a reading of one component's
    /// final line feed) a final line feed ignored after any component.
    pub(crate) fn line_feed_rivals(self, case: &Request) -> Vec<(Departure, Vec<Request>)> {
        let rivals: &[(Departure, &[&str])] = match self {
            Departure::AuthorityFinalLineFeedIgnored => &[
                (Departure::TextEndsAtLineFeed, &["a://h\n/p"]),
                (Departure::FinalLineFeedIgnored, &["a:/p\n"]),
            ],
            Departure::FragmentEndsAtLineFeed => &[
                (Departure::TextEndsAtLineFeed, &["a:/p\nq"]),
                (Departure::FinalLineFeedIgnored, &["a:/p\n"]),
            ],
            Departure::FinalLineFeedIgnored => {
                &[(Departure::TextEndsAtLineFeed, &["a://h\n/p", "a:/p\nq"])]
            }
            _ => &[],
        };
        rivals
            .iter()
            .map(|(rival, controls)| (*rival, Self::controls_as_cased(controls, case)))
            .collect()
    }

    /// `controls`, parses by the case's rule, relative where it is `relative-ref`.
    fn controls_as_cased(controls: &[&str], case: &Request) -> Vec<Request> {
        let (rule, zone_id) = match case {
            Request::Parse { rule, zone_id, .. } => (rule.clone(), *zone_id),
            _ => (None, false),
        };
        let relative = case.checked_rule() == Ok(reference::Rule::RelativeRef);
        controls
            .iter()
            .map(|&control| Request::Parse {
                input: if relative {
                    control.trim_start_matches("a:").to_owned()
                } else {
                    control.to_owned()
                },
                rule: rule.clone(),
                zone_id,
            })
            .collect()
    }

    /// Whether a probe of the departure may be one its model refuses, which the implementation
    /// must then refuse too: a reading of digits whose probes with letters are no address.
    pub(crate) fn probes_refusals(self) -> bool {
        self == Departure::DecOctetLeadingZeros
    }

    /// Whether the departure is a rule on the answer, which reads the input as the reference
    /// does.
    pub fn is_answer_rule(self) -> bool {
        matches!(
            self,
            Departure::PercentEncodingNormalized(_)
                | Departure::PathPercentEncodingNormalizedDotKept
                | Departure::UnreservedDecoded(_)
                | Departure::PercentEncodingUppercased
                | Departure::PercentEncodingNormalizedEverywhere
                | Departure::IriEscapesUnescaped
                | Departure::SurrogatesEncoded
                | Departure::PortReadAsNumber
                | Departure::Ipv6ShortenedByInetNtop
                | Departure::Ipv6FieldsRecompressed
                | Departure::PathDotSegmentsRemoved
                | Departure::PathSegmentDotsRemoved(..)
        ) || self.refuses()
    }

    /// Whether the departure rewrites the raw text before the parser reads anything (removes
    /// characters from it), so that it reads every string of a case, the base of a resolution
    /// too, and comes before every other departure: the others read what it left.
    pub fn preprocesses(self) -> bool {
        matches!(
            self,
            Departure::LeadingControlOrSpaceStripped
                | Departure::SurroundingWhiteSpaceStripped
                | Departure::SurroundingLwsStripped
                | Departure::SurroundingControlOrSpaceStripped
                | Departure::TabOrNewlineRemoved
                | Departure::ControlAsUnderscore
                | Departure::ImplicitFilePath
                | Departure::HostLowercasedBeforeEncoding
                | Departure::HostIdnaToAscii
                | Departure::AuthorityFinalLineFeedIgnored
                | Departure::FinalLineFeedIgnored
                | Departure::FragmentEndsAtLineFeed
                | Departure::FragmentDropped
                | Departure::EmptyAuthorityAsAbsent
                | Departure::EmptyAsAbsent(_)
                | Departure::OneOrThreeSlashesAsTwo
                | Departure::EmptyPathAsSlash
                | Departure::SchemelessAsAuthority(_)
                | Departure::RootlessPathGivenSlash
                | Departure::TextEndsAtLineFeed
        )
    }

    /// Where the departure's generality is probed: the byte offset of the first character it
    /// stands in for in the input, with that character; `None` for a reading of the input's
    /// structure (the last "@"), which no other character tests.
    pub(crate) fn probe_site(self, case: &Request) -> Option<(usize, char)> {
        let Request::Parse { input, .. } = case else {
            return None;
        };
        let spans = Spans::of(input);
        match self {
            Departure::Unchecked(part)
            | Departure::EncodedInsteadOfRefused(part)
            | Departure::EncodedOutsideReserved(part)
            | Departure::EncodedReservedKept(part) => {
                let range = spans.of_part(part)?;
                // A reserved character is one the third leaves as it is (and refuses); the
                // last keeps it, which is what tells it from the first, so that it is probed
                // there too.
                let keeps_reserved = matches!(self, Departure::EncodedOutsideReserved(_));
                let reserved = |c: char| c.is_ascii() && RESERVED.contains(&(c as u8));
                taken(input, range, part)
                    .into_iter()
                    .find(|&(_, c, taken)| {
                        taken == Taken::Refused && !(keeps_reserved && reserved(c))
                    })
                    .map(|(at, c, _)| (at, c))
            }
            // The first character it encodes, whichever component holds it.
            Departure::EveryComponentEncoded => ESCAPED_COMPONENTS
                .iter()
                .filter_map(|&part| Departure::EncodedInsteadOfRefused(part).probe_site(case))
                .min_by_key(|&(at, _)| at),
            Departure::PercentUnchecked(_) | Departure::PercentUncheckedWhereEscaped => None,
            Departure::NonAsciiUnchecked(part) => {
                let range = spans.of_part(part)?;
                input[range.clone()]
                    .char_indices()
                    .find(|&(_, c)| is_other(c))
                    .map(|(i, c)| (range.start + i, c))
            }
            Departure::ControlsTaken(part) => {
                let range = spans.of_part(part)?;
                input[range.clone()]
                    .char_indices()
                    .find(|&(_, c)| c.is_ascii_control())
                    .map(|(i, c)| (range.start + i, c))
            }
            Departure::AnyNonAsciiUnchecked(part) => {
                let range = spans.of_part(part)?;
                input[range.clone()]
                    .char_indices()
                    .find(|&(_, c)| !c.is_ascii())
                    .map(|(i, c)| (range.start + i, c))
            }
            // The first character it takes that the RFC refuses, whichever component holds it.
            Departure::UrlStandardSetsEncoded => Departure::TextComponentsUnchecked
                .components_taken(input, &spans)
                .last()
                .map(|&(at, c, _)| (at, c)),
            Departure::ControlsAndSpaceOnlyRefused
            | Departure::EveryComponentUnchecked
            | Departure::OnlyEscapesChecked
            | Departure::TextComponentsUnchecked => self
                .components_taken(input, &spans)
                .last()
                .map(|&(at, c, _)| (at, c)),
            // The first such character, whichever component holds it (not an IP literal's).
            Departure::NonAsciiUncheckedWhereEscaped => ESCAPED_COMPONENTS
                .iter()
                .filter_map(|&part| {
                    let range = spans.of_part(part)?;
                    if part == Field::Host && input[range.clone()].starts_with('[') {
                        return None;
                    }
                    input[range.clone()]
                        .char_indices()
                        .find(|&(_, c)| is_other(c))
                        .map(|(i, c)| (range.start + i, c))
                })
                .min(),
            // A lone "%" too: the opaque part takes it as it takes every other character, so
            // a parser that keeps a lone "%" there and refuses a space is another departure's.
            Departure::OpaquePathUnchecked => {
                let range = spans.opaque_path(input)?;
                taken(input, range, Field::Path)
                    .into_iter()
                    .find(|&(_, _, taken)| matches!(taken, Taken::Refused | Taken::LonePercent))
                    .map(|(at, c, _)| (at, c))
            }
            // The character a rewrite of the text removes or replaces: others of its class must
            // go the same way (a parser that stops a fragment at a line break, and drops what
            // follows, is not one that removes tabs and line breaks).
            Departure::LeadingControlOrSpaceStripped => {
                input.chars().next().filter(|&c| c <= ' ').map(|c| (0, c))
            }
            Departure::SurroundingWhiteSpaceStripped => match input.chars().next() {
                Some(c) if c.is_whitespace() => Some((0, c)),
                _ => input
                    .char_indices()
                    .next_back()
                    .filter(|&(_, c)| c.is_whitespace()),
            },
            Departure::SurroundingLwsStripped => match input.chars().next() {
                Some(c) if is_lws(c) => Some((0, c)),
                _ => input.char_indices().next_back().filter(|&(_, c)| is_lws(c)),
            },
            Departure::SurroundingControlOrSpaceStripped => match input.chars().next() {
                Some(c) if c <= ' ' => Some((0, c)),
                _ => input.char_indices().next_back().filter(|&(_, c)| c <= ' '),
            },
            Departure::TabOrNewlineRemoved => input
                .char_indices()
                .find(|&(_, c)| matches!(c, '\t' | '\n' | '\r')),
            Departure::ControlAsUnderscore => {
                input.char_indices().find(|&(_, c)| c.is_ascii_control())
            }
            Departure::HostLowercasedBeforeEncoding => {
                let host = spans.host?;
                input[host.clone()]
                    .char_indices()
                    .find(|&(_, c)| lowered_outside_ascii(c))
                    .map(|(at, c)| (host.start + at, c))
            }
            Departure::HostIdnaToAscii => {
                let host = spans.host?;
                idna_read(&input[host.clone()])?;
                input[host.clone()]
                    .char_indices()
                    .find(|&(_, c)| !c.is_ascii())
                    .map(|(at, c)| (host.start + at, c))
            }
            Departure::EmptyAsAbsent(_)
            | Departure::OneOrThreeSlashesAsTwo
            | Departure::EmptyPathAsSlash
            | Departure::SchemelessAsAuthority(_)
            | Departure::RootlessPathGivenSlash
            | Departure::ImplicitFilePath
            | Departure::AuthorityFinalLineFeedIgnored
            | Departure::FinalLineFeedIgnored
            | Departure::FragmentEndsAtLineFeed
            | Departure::FragmentDropped
            | Departure::EmptyAuthorityAsAbsent => None,
            Departure::IpLiteralUnchecked
            | Departure::IpLiteralToLastBracket
            | Departure::IpLiteralAnyInAuthority
            | Departure::IpLiteralAnyToLastBracket => {
                let host = spans.host?;
                let text = &input[host.clone()];
                // A host that is no literal has no first character of one, though it holds a
                // "]" (`urn://a[v%21.a:b@]/a`, whose host is "]").
                if !text.starts_with('[') {
                    return None;
                }
                let close = text.find(']')?;
                // The literal's first character.
                input[host.start + 1..host.start + close]
                    .chars()
                    .next()
                    .map(|c| (host.start + 1, c))
            }
            // The first octet of two or three characters that starts with no digit from 1 to
            // 9: its leading "0", and the same place once a probe stands there.
            Departure::DecOctetLeadingZeros => {
                let (start, quad) = dotted_quad(input, &spans)?;
                let mut at = start;
                for octet in quad.split('.') {
                    let first = octet.chars().next()?;
                    if octet.len() > 1 && !('1'..='9').contains(&first) {
                        return Some((at, first));
                    }
                    at += octet.len() + 1;
                }
                None
            }
            Departure::FragmentHashKept => {
                let range = spans.of_part(Field::Fragment)?;
                input[range.clone()]
                    .find('#')
                    .map(|i| (range.start + i, '#'))
            }
            Departure::BracketsTaken(part) => {
                let range = spans.of_part(part)?;
                if part == Field::Host && reference::parse_host(&input[range.clone()]).is_ok() {
                    return None;
                }
                input[range.clone()]
                    .char_indices()
                    .find(|&(_, c)| c == '[' || c == ']')
                    .map(|(i, c)| (range.start + i, c))
            }
            Departure::IpLiteralAnyToBracket => {
                let literal = literal_to_bracket(input, &spans)?;
                input[literal.start + 1..literal.end - 1]
                    .chars()
                    .next()
                    .map(|c| (literal.start + 1, c))
            }
            // The scheme's first character, where the departure reads it.
            Departure::SchemeFirstCharacterUnchecked => {
                let scheme = spans.scheme.clone()?;
                self.rewrite(case)?;
                input[scheme.clone()]
                    .chars()
                    .next()
                    .map(|c| (scheme.start, c))
            }
            Departure::UserinfoToLastAt
            | Departure::NetworkPathAsPath
            | Departure::NetworkPathReferenceAsPath
            | Departure::TripleSlashReferenceAsPath
            | Departure::QueryInOpaquePart
            | Departure::RegistryBasedAuthority
            | Departure::PathDotSegmentsRemoved
            | Departure::PathSegmentDotsRemoved(..)
            | Departure::PortReadAsNumberInRange
            | Departure::AuthorityEndsAtRefused
            | Departure::IpLiteralNotRead
            | Departure::PortAfterLastColon
            | Departure::PortNotDigitsInHost
            | Departure::PortLeadingDigitsRead
            | Departure::InvalidSchemeAsPath
            | Departure::EmptySchemeAsPath
            | Departure::PercentEncodingNormalized(_)
            | Departure::PathPercentEncodingNormalizedDotKept
            | Departure::UnreservedDecoded(_)
            | Departure::EmptyPortRefused
            | Departure::PortOutOfRangeRefused
            | Departure::IpvFutureRefused
            | Departure::IpvFutureUppercaseVRefused
            | Departure::EmptyUserinfoRefused
            | Departure::PortOverFiveDigitsRefused
            | Departure::EmptyHostRefused
            | Departure::EmptyHostBesideUserinfoOrPortRefused
            | Departure::AuthorityEndsAtBackslash
            | Departure::IpLiteralAsRegName
            | Departure::Resolving(_)
            | Departure::Normalizing(_)
            | Departure::PortReadAsNumber
            | Departure::Ipv6ShortenedByInetNtop
            | Departure::Ipv6FieldsRecompressed
            | Departure::PercentEncodingUppercased
            | Departure::PercentEncodingNormalizedEverywhere
            | Departure::IriEscapesUnescaped
            | Departure::SurrogatesEncoded
            | Departure::TextEndsAtLineFeed => None,
        }
    }

    /// The characters tried in the place [`Departure::probe_site`] names: those the departure
    /// says the parser takes there as it takes the one it took (at least four of them must
    /// hold, or all where fewer are tried).
    pub fn probes(self) -> &'static [char] {
        match self {
            // One of each class a rule may refuse, a lone "%" aside (a departure of its own).
            Departure::Unchecked(_)
            | Departure::EncodedInsteadOfRefused(_)
            | Departure::EncodedOutsideReserved(_)
            | Departure::OpaquePathUnchecked => &[
                ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u{e9}', '\u{2028}',
            ],
            // The same but white space, which its witness holds: probed at the end of the
            // text, it would be one a parser strips there (Perl's `s/\s+$//`).
            Departure::EveryComponentEncoded => {
                &['"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u{e9}']
            }
            // The same, and the reserved characters a component may not hold, which it keeps
            // (a parser that encodes "[" and "]" encodes what the component refuses).
            Departure::EncodedReservedKept(_) => &[
                ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u{e9}', '\u{2028}', '[', ']',
            ],
            // Characters an IP literal may hold, none of which makes the address valid; not a
            // lone "%", which the departure refuses (a parser that takes one there takes it with
            // the host's "%" departure beside).
            Departure::IpLiteralUnchecked | Departure::IpLiteralToLastBracket => {
                &['g', 'z', '-', '.', '_', '~', '!', '$', '=', ':']
            }
            // Letters, hexadecimal or not, that make the octet none: what is no IPv4 address
            // is still refused in an IP literal (against a parser that checks nothing there).
            Departure::DecOctetLeadingZeros => &['a', 'f', 'g', 'x'],
            // The scheme's other characters that are no ALPHA.
            Departure::SchemeFirstCharacterUnchecked => &['0', '9', '+', '-', '.'],
            // What an IP literal may not hold: delimiters, a space, a letter outside ASCII.
            Departure::IpLiteralAnyToBracket => &['@', '/', '?', '#', '[', ' ', '"', '\u{e9}', 'g'],
            // What an IP literal may not hold but the authority may: a space, a letter
            // outside ASCII, "[" and the characters no component takes.
            Departure::IpLiteralAnyInAuthority => &['|', '[', ' ', '"', '\u{e9}', 'g', '^', '{'],
            // What an IP literal may not hold: brackets, a control, a letter outside ASCII.
            Departure::IpLiteralAnyToLastBracket => &['[', ']', '\u{7f}', '\u{1}', '\u{e9}', 'g'],
            Departure::BracketsTaken(_) => &['[', ']'],
            Departure::FragmentHashKept => &['#'],
            Departure::PercentUnchecked(_)
            | Departure::PercentUncheckedWhereEscaped
            | Departure::UserinfoToLastAt
            | Departure::NetworkPathAsPath
            | Departure::NetworkPathReferenceAsPath
            | Departure::TripleSlashReferenceAsPath
            | Departure::QueryInOpaquePart
            | Departure::RegistryBasedAuthority
            | Departure::PathDotSegmentsRemoved
            | Departure::PathSegmentDotsRemoved(..)
            | Departure::PortReadAsNumberInRange
            | Departure::AuthorityEndsAtRefused
            | Departure::IpLiteralNotRead
            | Departure::PortAfterLastColon
            | Departure::PortNotDigitsInHost
            | Departure::PortLeadingDigitsRead
            | Departure::InvalidSchemeAsPath
            | Departure::EmptySchemeAsPath
            | Departure::PercentEncodingNormalized(_)
            | Departure::PathPercentEncodingNormalizedDotKept
            | Departure::UnreservedDecoded(_)
            | Departure::EmptyPortRefused
            | Departure::PortOutOfRangeRefused
            | Departure::IpvFutureRefused
            | Departure::IpvFutureUppercaseVRefused
            | Departure::EmptyUserinfoRefused
            | Departure::PortOverFiveDigitsRefused
            | Departure::EmptyHostRefused
            | Departure::EmptyHostBesideUserinfoOrPortRefused
            | Departure::AuthorityEndsAtBackslash
            | Departure::IpLiteralAsRegName
            | Departure::AuthorityFinalLineFeedIgnored
            | Departure::FinalLineFeedIgnored
            | Departure::FragmentEndsAtLineFeed
            | Departure::FragmentDropped
            | Departure::EmptyAuthorityAsAbsent
            | Departure::EmptyAsAbsent(_)
            | Departure::OneOrThreeSlashesAsTwo
            | Departure::EmptyPathAsSlash
            | Departure::SchemelessAsAuthority(_)
            | Departure::RootlessPathGivenSlash
            | Departure::ImplicitFilePath
            | Departure::Resolving(_)
            | Departure::Normalizing(_)
            | Departure::PortReadAsNumber
            | Departure::Ipv6ShortenedByInetNtop
            | Departure::Ipv6FieldsRecompressed
            | Departure::PercentEncodingUppercased
            | Departure::PercentEncodingNormalizedEverywhere
            | Departure::IriEscapesUnescaped
            | Departure::SurrogatesEncoded
            | Departure::TextEndsAtLineFeed => &[],
            Departure::LeadingControlOrSpaceStripped => &[' ', '\t', '\n', '\u{1}', '\u{1f}'],
            Departure::SurroundingWhiteSpaceStripped => &[
                ' ', '\t', '\n', '\u{b}', '\r', '\u{a0}', '\u{2003}', '\u{3000}',
            ],
            Departure::SurroundingLwsStripped => &[' ', '\t', '\n', '\r'],
            Departure::SurroundingControlOrSpaceStripped => &[' ', '\t', '\n', '\u{1}', '\u{1f}'],
            // Letters of several scripts and planes, a private-use and a specials character.
            // Controls but the NUL, the tab and the line breaks, which a parser may remove
            // (the URL Standard's "remove all ASCII tab or newline") or refuse alone.
            Departure::ControlsTaken(_) => {
                &['\u{1}', '\u{8}', '\u{b}', '\u{c}', '\u{1f}', '\u{7f}']
            }
            Departure::NonAsciiUnchecked(_) | Departure::NonAsciiUncheckedWhereEscaped => &[
                '\u{e9}',
                '\u{3b1}',
                '\u{4e2d}',
                '\u{ffef}',
                '\u{e000}',
                '\u{10000}',
                '\u{1f600}',
            ],
            Departure::TabOrNewlineRemoved => &['\t', '\n', '\r'],
            // One of each class a rule may refuse but the space, which it refuses, and a lone
            // "%", which it takes.
            // The rule of every component too, whose witness holds the space: a space probed at
            // the start of the text would be one a parser strips there.
            Departure::ControlsAndSpaceOnlyRefused
            | Departure::EveryComponentUnchecked
            | Departure::TextComponentsUnchecked => &[
                '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u{e9}', '\u{2028}', '%',
            ],
            Departure::OnlyEscapesChecked => &[
                '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u{e9}', '\u{2028}',
            ],
            // What each set encodes and what it keeps that the RFC refuses: a parser that
            // encodes by the RFC's rules, or keeps every such character, answers otherwise.
            Departure::UrlStandardSetsEncoded => &[
                '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u{e9}', '[', ']', '%',
            ],
            // A letter, C1 controls and Unicode spaces (which the narrower departure refuses),
            // and a letter outside the first plane.
            Departure::AnyNonAsciiUnchecked(_) => &[
                '\u{e9}',
                '\u{85}',
                '\u{9f}',
                '\u{a0}',
                '\u{2028}',
                '\u{3000}',
                '\u{4e2d}',
                '\u{1f600}',
            ],
            Departure::ControlAsUnderscore => &['\u{1}', '\t', '\n', '\u{1f}', '\u{7f}'],
            // Letters outside ASCII with a lowercase of one character, of four scripts.
            Departure::HostLowercasedBeforeEncoding => {
                &['\u{c9}', '\u{c0}', '\u{3a9}', '\u{414}', '\u{216b}']
            }
            // Letters of four scripts that every IDNA takes as they are, or folds to one.
            Departure::HostIdnaToAscii => &[
                '\u{e9}', '\u{fc}', '\u{c9}', '\u{436}', '\u{3b1}', '\u{4e2d}',
            ],
        }
    }

    /// The case as the departure reads it, when it changes it: a parse of a URI rule only,
    /// but for a departure that removes characters from the raw text, which reads every
    /// string of every case.
    pub(crate) fn rewrite(self, case: &Request) -> Option<Request> {
        // The text components read unchecked; where nothing is stood in for, the case is its
        // own where the sets encode what the reference reads.
        if self == Departure::UrlStandardSetsEncoded {
            if let Some(read) = Departure::TextComponentsUnchecked.rewrite(case) {
                return Some(read);
            }
            let Request::Parse { .. } = case else {
                return None;
            };
            let letter =
                crate::impls::Implementation::answer(&crate::impls::reference::Reference, case);
            return (letter.is_valid() && url_standard_sets_encoded(letter.clone()) != letter)
                .then(|| case.clone());
        }
        // Each component's rewrite in turn: their spans do not overlap, and a stand-in keeps
        // the structure of the text.
        if self == Departure::EveryComponentEncoded {
            let mut seen = case.clone();
            for part in ESCAPED_COMPONENTS {
                if let Some(again) = Departure::EncodedInsteadOfRefused(part).rewrite(&seen) {
                    seen = again;
                }
            }
            return (seen != *case).then_some(seen);
        }
        if self.preprocesses() {
            let read = self.preprocess(case);
            // A parse whose empty authority stands before a path that starts with "//" has no
            // text read otherwise: the case is its own, where the answer in components
            // ([`Departure::no_empty_in`]) is another than the reference's.
            if read.is_none()
                && self == Departure::EmptyAuthorityAsAbsent
                && let Request::Parse { .. } = case
            {
                let letter =
                    crate::impls::Implementation::answer(&crate::impls::reference::Reference, case);
                return (self.no_empty_in(letter.clone()) != letter).then(|| case.clone());
            }
            return read;
        }
        // A resolver's or a normalizer's departure reads the strings as the RFC does: the case
        // is its own, when the departure gives it another answer than the RFC's
        // ([`Departure::apply`] gives it).
        if self.is_operation_rule() {
            let departing = self.operation_answer(case)?;
            let letter =
                crate::impls::Implementation::answer(&crate::impls::reference::Reference, case);
            return (departing != letter).then(|| case.clone());
        }
        let Request::Parse {
            input,
            rule,
            zone_id,
        } = case
        else {
            return None;
        };
        case.checked_rule().ok()?;
        let spans = Spans::of(input);
        let rewritten = match self {
            Departure::Unchecked(part) => {
                let range = spans.of_part(part)?;
                // An IP literal is not a reg-name: its departure is its own.
                if part == Field::Host && input[range.clone()].starts_with('[') {
                    return None;
                }
                replace_taken(input, range, part, Taken::Refused)
            }
            Departure::PercentUnchecked(part) => {
                let range = spans.of_part(part)?;
                lone_percent_stood_in(input, range, part)
            }
            // Each component's lone "%" stood in for, as the rule of one component does; a
            // stand-in is one byte for one, so the spans found in the input hold.
            Departure::PercentUncheckedWhereEscaped => {
                let mut out = input.to_owned();
                for part in ESCAPED_COMPONENTS {
                    if let Some(range) = spans.of_part(part) {
                        out = lone_percent_stood_in(&out, range, part);
                    }
                }
                out
            }
            // The controls stood in for, an IP literal's too: its grammar is another
            // departure's, which reads the literal as this one left it.
            Departure::ControlsTaken(part) => {
                let range = spans.of_part(part)?;
                let (_, stand_in) = self::rule(part);
                if !input[range.clone()].contains(|c: char| c.is_ascii_control()) {
                    return None;
                }
                let mut out = String::with_capacity(input.len());
                out.push_str(&input[..range.start]);
                out.extend(
                    input[range.clone()]
                        .chars()
                        .map(|c| if c.is_ascii_control() { stand_in } else { c }),
                );
                out.push_str(&input[range.end..]);
                out
            }
            Departure::NonAsciiUnchecked(part) | Departure::AnyNonAsciiUnchecked(part) => {
                let range = spans.of_part(part)?;
                if part == Field::Host && input[range.clone()].starts_with('[') {
                    return None;
                }
                let any = matches!(self, Departure::AnyNonAsciiUnchecked(_));
                let taken = |c: char| if any { !c.is_ascii() } else { is_other(c) };
                let (_, stand_in) = self::rule(part);
                let mut out = String::with_capacity(input.len());
                out.push_str(&input[..range.start]);
                out.extend(
                    input[range.clone()]
                        .chars()
                        .map(|c| if taken(c) { stand_in } else { c }),
                );
                out.push_str(&input[range.end..]);
                out
            }
            // Each component's characters stood in for by its own rule's, as the rule of one
            // component does; the components' spans do not overlap, so each is read in place.
            Departure::NonAsciiUncheckedWhereEscaped => {
                let mut out = String::with_capacity(input.len());
                let mut at = 0;
                let mut parts: Vec<(std::ops::Range<usize>, Field)> = ESCAPED_COMPONENTS
                    .iter()
                    .filter_map(|&part| Some((spans.of_part(part)?, part)))
                    .filter(|(range, part)| {
                        !(*part == Field::Host && input[range.clone()].starts_with('['))
                    })
                    .collect();
                parts.sort_by_key(|(range, _)| range.start);
                for (range, part) in parts {
                    let (_, stand_in) = self::rule(part);
                    out.push_str(&input[at..range.start]);
                    out.extend(
                        input[range.clone()]
                            .chars()
                            .map(|c| if is_other(c) { stand_in } else { c }),
                    );
                    at = range.end;
                }
                out.push_str(&input[at..]);
                out
            }
            // Each component's refused characters but controls and the space stood in for by
            // its own rule's; the components' spans do not overlap, so each is read in place.
            // Read above, as the text components' reading.
            Departure::UrlStandardSetsEncoded => return None,
            Departure::ControlsAndSpaceOnlyRefused
            | Departure::EveryComponentUnchecked
            | Departure::OnlyEscapesChecked
            | Departure::TextComponentsUnchecked => {
                let mut out = input.to_owned();
                for (at, c, part) in self.components_taken(input, &spans) {
                    let (_, stand_in) = self::rule(part);
                    // From the end of the text: a stand-in of one byte for a character of
                    // more moves no offset still to be read.
                    out.replace_range(at..at + c.len_utf8(), stand_in.encode_utf8(&mut [0; 4]));
                }
                out
            }
            Departure::IpLiteralUnchecked => {
                // The literal, brackets and all, stood in for by a reg-name of its length; its
                // kind is given back with its text.
                let host = spans.host.clone()?;
                let text = &input[host.clone()];
                // A literal the RFC reads is read alike: nothing to stand in for.
                if !text.starts_with('[')
                    || !text.ends_with(']')
                    || text.len() < 2
                    || reference::parse_host(text).is_ok()
                {
                    return None;
                }
                // Its characters are still those an IP literal may hold; its grammar is not
                // checked.
                let inside = &text[1..text.len() - 1];
                if !inside
                    .bytes()
                    .all(|b| IPVFUTURE_TAIL.contains(b) || b == b'%')
                {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(host.clone(), &literal_stood_in(input, host));
                out
            }
            Departure::IpLiteralAnyInAuthority => {
                // The literal, brackets and all, stood in for by a reg-name of its length,
                // whatever it holds; its kind is given back with its text.
                let host = spans.host.clone()?;
                let text = &input[host.clone()];
                if !text.starts_with('[')
                    || !text.ends_with(']')
                    || text.len() < 2
                    || text[..text.len() - 1].contains(']')
                    || reference::parse_host(text).is_ok()
                {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(host, &"a".repeat(text.chars().count()));
                out
            }
            Departure::IpLiteralAnyToLastBracket => {
                // The literal, brackets and all, up to the authority's last "]", stood in for
                // by a reg-name of its length; its kind is given back with its text.
                let authority = spans.authority.clone()?;
                let host_start = spans.host.clone()?.start;
                let rest = &input[host_start..authority.end];
                if !rest.starts_with('[') {
                    return None;
                }
                let close = rest.rfind(']')?;
                let after = &rest[close + 1..];
                let port = after
                    .strip_prefix(':')
                    .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()));
                let literal = &rest[..=close];
                if !(after.is_empty() || port) || reference::parse_host(literal).is_ok() {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(
                    host_start..host_start + close + 1,
                    &"a".repeat(literal.chars().count()),
                );
                out
            }
            Departure::FragmentHashKept => {
                let range = spans.of_part(Field::Fragment)?;
                if !input[range.clone()].contains('#') {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(range.clone(), &input[range].replace('#', "a"));
                out
            }
            Departure::BracketsTaken(part) => {
                let range = spans.of_part(part)?;
                if !input[range.clone()].contains(['[', ']']) {
                    return None;
                }
                // A host the RFC reads as an IP literal is read alike: its brackets are its own.
                if part == Field::Host && reference::parse_host(&input[range.clone()]).is_ok() {
                    return None;
                }
                let mut out = input.to_owned();
                let stood_in: String = input[range.clone()]
                    .chars()
                    .map(|c| if c == '[' || c == ']' { 'a' } else { c })
                    .collect();
                out.replace_range(range, &stood_in);
                out
            }
            Departure::IpLiteralAnyToBracket => {
                // The literal, brackets and all, stood in for by a reg-name of its length (what
                // follows it is the authority's end as the reference reads it, so the
                // reg-name is the host); its kind is given back with its text.
                let literal = literal_to_bracket(input, &spans)?;
                // A literal the RFC reads is read alike: nothing to stand in for.
                if spans.host.as_ref() == Some(&literal)
                    && reference::parse_host(&input[literal.clone()]).is_ok()
                {
                    return None;
                }
                let mut out = input.to_owned();
                let count = input[literal.clone()].chars().count();
                out.replace_range(literal, &"a".repeat(count));
                out
            }
            Departure::IpLiteralToLastBracket => {
                let authority = spans.authority.clone()?;
                let host_start = spans.host.clone()?.start;
                let rest = &input[host_start..authority.end];
                let close = rest.rfind(']')?;
                if !rest.starts_with('[') || rest[..close].find(']').is_none() {
                    return None;
                }
                let inside = &rest[1..close];
                if !inside
                    .bytes()
                    .all(|b| IPVFUTURE_TAIL.contains(b) || b == b'%' || b == b']')
                {
                    return None;
                }
                let mut out = input.to_owned();
                let literal = host_start..host_start + close + 1;
                out.replace_range(literal.clone(), &literal_stood_in(input, literal));
                out
            }
            Departure::TripleSlashReferenceAsPath => {
                // A reference without a scheme whose "//" is followed by a third "/": its
                // second "/" stood in for, so that the path is one the reference reads
                // (`/a/p`), the same length.
                if spans.scheme.is_some() || !input.starts_with("///") {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(1..2, "a");
                out
            }
            Departure::NetworkPathAsPath | Departure::NetworkPathReferenceAsPath => {
                // "//" and the authority read as a path: its second "/" stood in for, so that
                // the path is one the reference reads (`/a...`), the same length; a
                // reference's alone for the narrower reading.
                if self == Departure::NetworkPathReferenceAsPath && spans.scheme.is_some() {
                    return None;
                }
                let authority = spans.authority.clone()?;
                let mut out = input.to_owned();
                out.replace_range(authority.start - 1..authority.start, "a");
                out
            }
            Departure::UserinfoToLastAt => {
                let authority = spans.authority.clone()?;
                let text = &input[authority.clone()];
                let last = text.rfind('@')?;
                // Only an authority with another "@" before its last is read otherwise.
                text[..last].find('@')?;
                let mut out = input.to_owned();
                let userinfo = authority.start..authority.start + last;
                let stood_in: String = input[userinfo.clone()]
                    .chars()
                    .map(|c| if c == '@' { 'a' } else { c })
                    .collect();
                out.replace_range(userinfo, &stood_in);
                out
            }
            Departure::EncodedInsteadOfRefused(part) | Departure::EncodedReservedKept(part) => {
                // Read as the reference reads the characters stood in for; [`Departure::apply`]
                // gives them back, encoded (the second, the component as written encoded).
                let range = spans.of_part(part)?;
                if part == Field::Host && input[range.clone()].starts_with('[') {
                    return None;
                }
                let mut out = String::with_capacity(input.len());
                out.push_str(&input[..range.start]);
                let (_, stand_in) = self::rule(part);
                for (_, c, taken) in taken(input, range.clone(), part) {
                    out.push(if taken == Taken::Allowed { c } else { stand_in });
                }
                out.push_str(&input[range.end..]);
                out
            }
            Departure::AuthorityEndsAtRefused => {
                let authority = spans.authority.clone()?;
                let end = authority.start + authority_prefix(&input[authority.clone()]);
                if end == authority.end {
                    return None;
                }
                // The first character the rule refuses starts the path.
                let mut out = input.to_owned();
                let refused = input[end..].chars().next()?;
                out.replace_range(end..end + refused.len_utf8(), "/");
                if out.chars().count() != input.chars().count() {
                    return None;
                }
                out
            }
            Departure::IpLiteralNotRead => {
                let host = spans.host.clone()?;
                if !input[host.clone()].starts_with('[') {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(host.start..host.start + 1, "/");
                out
            }
            Departure::PortAfterLastColon => {
                let hostport = spans.hostport(input)?;
                let text = &input[hostport.clone()];
                let last = text.rfind(':')?;
                if text.starts_with('[') || text.find(':') == Some(last) {
                    return None;
                }
                stand_in_colons(input, hostport.start..hostport.start + last)
            }
            Departure::PortNotDigitsInHost => {
                let hostport = spans.hostport(input)?;
                let text = &input[hostport.clone()];
                let last = text.rfind(':')?;
                if text.starts_with('[') || text[last + 1..].bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                stand_in_colons(input, hostport)
            }
            Departure::PortLeadingDigitsRead => {
                // The digits stood in for by as many characters, zeros before them, so that
                // the port reads the same number; [`Departure::apply`] gives back the digits.
                let port = spans.port.clone()?;
                let text = &input[port.clone()];
                let digits = text.bytes().take_while(u8::is_ascii_digit).count();
                if digits == 0 || digits == text.len() {
                    return None;
                }
                let padded = format!(
                    "{}{}",
                    "0".repeat(text.chars().count() - digits),
                    &text[..digits]
                );
                let mut out = input.to_owned();
                out.replace_range(port, &padded);
                out
            }
            Departure::DecOctetLeadingZeros => {
                // Each octet's leading "0" stood in for by "1" ("00" as "10", "099" as "199"),
                // a dec-octet of as many digits; the host is given back as written.
                let zeros = leading_zeros(input, &spans)?;
                let mut out = input.to_owned();
                for at in zeros {
                    out.replace_range(at..=at, "1");
                }
                out
            }
            Departure::InvalidSchemeAsPath => {
                // The first segment: up to the first "/", "?" or "#".
                let end = input.find(['/', '?', '#']).unwrap_or(input.len());
                let colon = input[..end].find(':')?;
                let scheme = &input[..colon];
                let valid = scheme.bytes().next().is_some_and(|b| ALPHA.contains(b))
                    && scheme.bytes().all(|b| SCHEME.contains(b));
                if valid || scheme.is_empty() {
                    return None;
                }
                stand_in_colons(input, 0..end)
            }
            Departure::SchemeFirstCharacterUnchecked => {
                // The scheme as Appendix B splits it, its first character stood in for by an
                // ALPHA where the rest is of the scheme's class.
                let scheme = spans.scheme.clone()?;
                let text = &input[scheme.clone()];
                let first = text.bytes().next()?;
                if ALPHA.contains(first) || !text.bytes().all(|b| SCHEME.contains(b)) {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(scheme.start..=scheme.start, "a");
                out
            }
            Departure::EmptySchemeAsPath => {
                if !input.starts_with(':') {
                    return None;
                }
                let end = input.find(['/', '?', '#']).unwrap_or(input.len());
                stand_in_colons(input, 0..end)
            }
            Departure::EncodedOutsideReserved(part) => {
                // Read as the reference reads the characters stood in for; [`Departure::apply`]
                // gives the component back, encoded.
                let range = spans.of_part(part)?;
                if part == Field::Host && input[range.clone()].starts_with('[') {
                    return None;
                }
                let every_percent = every_percent_encoded(&input[range.clone()]);
                let (_, stand_in) = self::rule(part);
                let mut out = String::with_capacity(input.len());
                out.push_str(&input[..range.start]);
                out.extend(input[range.clone()].chars().map(|c| {
                    if encoded_outside_reserved(c, every_percent) {
                        stand_in
                    } else {
                        c
                    }
                }));
                out.push_str(&input[range.end..]);
                out
            }
            Departure::IpLiteralAsRegName => {
                // Its brackets stood in for, up to the authority's end: the host and the port
                // are then read as those of a registered name. The host is sought after the
                // authority's last "@", so that a reading of the userinfo composes with it.
                let authority = spans.authority.clone()?;
                let start =
                    authority.start + input[authority.clone()].rfind('@').map_or(0, |at| at + 1);
                let hostport = start..authority.end;
                if !input[hostport.clone()].starts_with('[') {
                    return None;
                }
                let stood_in: String = input[hostport.clone()]
                    .chars()
                    .map(|c| if matches!(c, '[' | ']') { 'a' } else { c })
                    .collect();
                let mut out = input.to_owned();
                out.replace_range(hostport, &stood_in);
                out
            }
            Departure::AuthorityEndsAtBackslash => {
                let authority = spans.authority.clone()?;
                let at = authority.start + input[authority].find('\\')?;
                let mut out = input.to_owned();
                out.replace_range(at..at + 1, "/");
                out
            }
            Departure::OpaquePathUnchecked => {
                let range = spans.opaque_path(input)?;
                let stand_in = self::rule(Field::Path).1;
                replace_taken_where(input, range, Field::Path, stand_in, |taken| {
                    taken != Taken::Allowed
                })
            }
            Departure::QueryInOpaquePart => {
                // After a scheme, with no authority, a path that does not start with "/" and
                // a query: every "?" up to the fragment stood in for, so that the reference
                // reads one path, the same length.
                spans.scheme.as_ref()?;
                let query = spans.query.clone()?;
                if spans.authority.is_some() || input[spans.path.clone()].starts_with('/') {
                    return None;
                }
                let mut out = input.to_owned();
                let opaque = spans.path.start..query.end;
                out.replace_range(opaque.clone(), &input[opaque].replace('?', "a"));
                out
            }
            Departure::RegistryBasedAuthority => {
                // An authority with an "@" or a ":" that is no server but a reg_name: each
                // "@" and ":" stood in for, so that the reference reads one registered name.
                let authority = spans.authority.clone()?;
                let text = &input[authority.clone()];
                if !text.contains(['@', ':']) || rfc2396_server(text) || !rfc2396_reg_name(text) {
                    return None;
                }
                let mut out = input.to_owned();
                out.replace_range(authority, &text.replace(['@', ':'], "a"));
                out
            }
            Departure::PercentEncodingNormalized(_)
            | Departure::PathPercentEncodingNormalizedDotKept
            | Departure::UnreservedDecoded(_)
            | Departure::PathDotSegmentsRemoved
            | Departure::PathSegmentDotsRemoved(..)
            | Departure::PortReadAsNumberInRange
            | Departure::EmptyPortRefused
            | Departure::PortOutOfRangeRefused
            | Departure::IpvFutureRefused
            | Departure::IpvFutureUppercaseVRefused
            | Departure::EmptyUserinfoRefused
            | Departure::PortOverFiveDigitsRefused
            | Departure::EmptyHostRefused
            | Departure::EmptyHostBesideUserinfoOrPortRefused
            | Departure::LeadingControlOrSpaceStripped
            | Departure::SurroundingWhiteSpaceStripped
            | Departure::SurroundingLwsStripped
            | Departure::SurroundingControlOrSpaceStripped
            | Departure::TabOrNewlineRemoved
            | Departure::ControlAsUnderscore
            | Departure::ImplicitFilePath
            | Departure::HostLowercasedBeforeEncoding
            | Departure::HostIdnaToAscii
            | Departure::AuthorityFinalLineFeedIgnored
            | Departure::FinalLineFeedIgnored
            | Departure::FragmentEndsAtLineFeed
            | Departure::FragmentDropped
            | Departure::EmptyAuthorityAsAbsent
            | Departure::EmptyAsAbsent(_)
            | Departure::OneOrThreeSlashesAsTwo
            | Departure::EmptyPathAsSlash
            | Departure::SchemelessAsAuthority(_)
            | Departure::RootlessPathGivenSlash
            | Departure::Resolving(_)
            | Departure::Normalizing(_)
            | Departure::PortReadAsNumber
            | Departure::Ipv6ShortenedByInetNtop
            | Departure::Ipv6FieldsRecompressed
            | Departure::PercentEncodingUppercased
            | Departure::PercentEncodingNormalizedEverywhere
            | Departure::IriEscapesUnescaped
            | Departure::SurrogatesEncoded
            | Departure::EveryComponentEncoded
            | Departure::TextEndsAtLineFeed => return None,
        };
        (rewritten != *input).then(|| Request::Parse {
            input: rewritten,
            rule: rule.clone(),
            zone_id: *zone_id,
        })
    }

    /// Every string of the case (the base of a resolution too) as this departure reads its
    /// text; `None` when it changes none.
    fn preprocess(self, case: &Request) -> Option<Request> {
        let mut read = case.clone();
        match &mut read {
            // A parse's DOS path is read without the authority its file URI has, so that the
            // path is the text from the drive letter and the departures after it read that
            // text; the empty host is given back ([`drive_path_host`]).
            Request::Parse { input, .. }
                if self == Departure::ImplicitFilePath && file_path(input) == Some(true) =>
            {
                *input = format!("file:{}", file_path_text(input, true));
            }
            Request::Resolve { base, input, .. } if self == Departure::ImplicitFilePath => {
                let (b, i) = file_paths_resolved(base, input);
                *base = b;
                *input = i;
            }
            Request::Parse { input, .. } | Request::Normalize { input, .. } => {
                *input = self.read_text(input);
            }
            Request::Resolve { base, input, .. } => {
                *base = self.read_text(base);
                *input = match self.read_text(input) {
                    same if same == *input && self == Departure::EmptyAuthorityAsAbsent => {
                        empty_authority_before_double_slash_read(input).unwrap_or(same)
                    }
                    read => read,
                };
            }
        }
        (read != *case).then_some(read)
    }

    /// `text` as a departure that rewrites the raw text reads it.
    fn read_text(self, text: &str) -> String {
        let spans = || Spans::of(text);
        let without = |at: usize| format!("{}{}", &text[..at], &text[at + 1..]);
        match self {
            Departure::LeadingControlOrSpaceStripped => {
                text.trim_start_matches(|c: char| c <= ' ').to_owned()
            }
            Departure::SurroundingWhiteSpaceStripped => text.trim().to_owned(),
            Departure::SurroundingLwsStripped => text.trim_matches(is_lws).to_owned(),
            Departure::SurroundingControlOrSpaceStripped => {
                text.trim_matches(|c: char| c <= ' ').to_owned()
            }
            Departure::TabOrNewlineRemoved => text
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect(),
            Departure::ControlAsUnderscore => text
                .chars()
                .map(|c| if c.is_ascii_control() { '_' } else { c })
                .collect(),
            Departure::HostLowercasedBeforeEncoding => match spans().host {
                Some(host)
                    if !text[host.clone()].starts_with('[')
                        && text[host.clone()].chars().any(lowered_outside_ascii) =>
                {
                    let lower = text[host.clone()].to_lowercase();
                    if lower.chars().count() == text[host.clone()].chars().count() {
                        format!("{}{lower}{}", &text[..host.start], &text[host.end..])
                    } else {
                        text.to_owned()
                    }
                }
                _ => text.to_owned(),
            },
            Departure::HostIdnaToAscii => match spans().host {
                Some(host) => match idna_read(&text[host.clone()]) {
                    Some(ascii) => format!("{}{ascii}{}", &text[..host.start], &text[host.end..]),
                    None => text.to_owned(),
                },
                None => text.to_owned(),
            },
            Departure::AuthorityFinalLineFeedIgnored => match spans().authority {
                Some(authority) if text[authority.clone()].ends_with('\n') => {
                    without(authority.end - 1)
                }
                _ => text.to_owned(),
            },
            Departure::EmptyAuthorityAsAbsent => {
                let spans = spans();
                match spans.authority {
                    Some(authority)
                        if authority.is_empty() && !text[spans.path.clone()].starts_with("//") =>
                    {
                        format!("{}{}", &text[..authority.start - 2], &text[authority.end..])
                    }
                    _ => text.to_owned(),
                }
            }
            Departure::ImplicitFilePath => match file_path(text) {
                Some(drive) => file_uri(text, drive),
                None => text.to_owned(),
            },
            Departure::TextEndsAtLineFeed => match text.find('\n') {
                Some(at) => text[..at].to_owned(),
                None => text.to_owned(),
            },
            Departure::FragmentDropped => match spans().fragment {
                Some(fragment) => text[..fragment.start - 1].to_owned(),
                None => text.to_owned(),
            },
            Departure::FinalLineFeedIgnored => text.strip_suffix('\n').unwrap_or(text).to_owned(),
            Departure::FragmentEndsAtLineFeed => match spans().fragment {
                Some(fragment) => match text[fragment.clone()].find('\n') {
                    Some(at) => text[..fragment.start + at].to_owned(),
                    None => text.to_owned(),
                },
                None => text.to_owned(),
            },
            Departure::EmptyAsAbsent(part) => {
                let spans = spans();
                match (part, spans.of_part(part)) {
                    // The delimiter after an empty userinfo, before an empty other part.
                    (Field::Userinfo, Some(range)) if range.is_empty() => without(range.end),
                    (_, Some(range)) if range.is_empty() && range.start > 0 => {
                        without(range.start - 1)
                    }
                    _ => text.to_owned(),
                }
            }
            Departure::OneOrThreeSlashesAsTwo => {
                let Some(scheme) = spans().scheme else {
                    return text.to_owned();
                };
                let after = scheme.end + 1;
                let slashes = text[after..].bytes().take_while(|&b| b == b'/').count();
                let file = text[scheme].eq_ignore_ascii_case("file");
                if slashes == 1 || (slashes == 3 && !file) {
                    format!("{}//{}", &text[..after], &text[after + slashes..])
                } else {
                    text.to_owned()
                }
            }
            Departure::EmptyPathAsSlash => {
                let spans = spans();
                match spans.authority {
                    Some(authority) if spans.path.is_empty() => {
                        format!("{}/{}", &text[..authority.end], &text[authority.end..])
                    }
                    _ => text.to_owned(),
                }
            }
            Departure::SchemelessAsAuthority(chars) => {
                if text.is_empty() || text.starts_with('/') || chars.starts_scheme(text) {
                    text.to_owned()
                } else {
                    format!("//{text}")
                }
            }
            Departure::RootlessPathGivenSlash => {
                let path = spans().path;
                if path.is_empty() || text[path.clone()].starts_with('/') {
                    text.to_owned()
                } else {
                    format!("{}/{}", &text[..path.start], &text[path.start..])
                }
            }
            _ => text.to_owned(),
        }
    }

    /// The answer with every component the reference read in the rewritten input given back
    /// the text written at the same place of `original`; `seen` is the case as the departures
    /// before this one left it, which this one rewrote.
    #[cfg(test)]
    pub(crate) fn apply(
        self,
        original: &Request,
        seen: &Request,
        asked: &Request,
        answer: Outcome,
    ) -> Outcome {
        self.apply_under(original, seen, asked, answer, None, &[])
    }

    /// [`Departure::apply`], a resolver's departure reading the base as `options`' base
    /// readings do ([`Departure::operation_answer_under`]).
    pub(crate) fn apply_under(
        self,
        original: &Request,
        seen: &Request,
        asked: &Request,
        answer: Outcome,
        options: Option<reference::ResolveOptions>,
        beside: &[Departure],
    ) -> Outcome {
        if self.is_operation_rule() {
            return self
                .operation_answer_under(asked, options, beside)
                .unwrap_or(answer);
        }
        if self == Departure::ImplicitFilePath {
            return drive_path_host(seen, answer);
        }
        if self == Departure::SurrogatesEncoded {
            return surrogates_encoded_in(original, answer);
        }
        if self == Departure::IriEscapesUnescaped {
            return iri_escapes_unescaped_in(original, answer);
        }
        if self == Departure::UrlStandardSetsEncoded {
            let answer = Departure::TextComponentsUnchecked
                .apply_under(original, seen, asked, answer, options, beside);
            return match original {
                Request::Parse { .. } => url_standard_sets_encoded(answer),
                _ => answer,
            };
        }
        if self == Departure::EveryComponentEncoded {
            // Each component's encoding in turn, each seeing the case as those before it
            // rewrote it, as [`Departure::rewrite`] composed them.
            let mut seen = seen.clone();
            let mut answer = answer;
            for part in ESCAPED_COMPONENTS {
                let one = Departure::EncodedInsteadOfRefused(part);
                answer = one.apply_under(original, &seen, asked, answer, options, beside);
                if let Some(again) = one.rewrite(&seen) {
                    seen = again;
                }
            }
            return answer;
        }
        if self.is_answer_rule() {
            return match original {
                Request::Parse { .. } => self.rule_on(answer),
                Request::Resolve { .. } => self.rule_on_target(answer),
                Request::Normalize { .. } => self.rule_on_answer(original, answer),
            };
        }
        if !self.restores() {
            return answer;
        }
        let (
            Request::Parse { input, .. },
            Request::Parse {
                input: rewritten,
                zone_id,
                ..
            },
        ) = (original, asked)
        else {
            return answer;
        };
        if input == rewritten || input.chars().count() != rewritten.chars().count() {
            return answer;
        }
        let Outcome::Parsed {
            components,
            host_kind,
        } = answer
        else {
            return answer;
        };
        let Ok(rule) = asked.checked_rule() else {
            return Outcome::Parsed {
                components,
                host_kind,
            };
        };
        let options = ParseOptions { zone_id: *zone_id };
        let Ok(read) = reference::parse_with(rewritten, rule, options) else {
            return Outcome::Parsed {
                components,
                host_kind,
            };
        };
        let back = |slice: &str| at_same_place(input, rewritten, slice);
        let restore = |value: Option<String>, slice: Option<&str>| match (value, slice) {
            (Some(value), Some(slice)) if value == slice => Some(back(slice)),
            (value, _) => value,
        };
        let host = restore(components.host, read.host);
        // A literal stood in for by a reg-name is an IP literal again: IPvFuture after "[v".
        let host_kind = match (&host, self) {
            (
                Some(host),
                Departure::IpLiteralUnchecked
                | Departure::IpLiteralToLastBracket
                | Departure::IpLiteralAnyToBracket
                | Departure::IpLiteralAnyInAuthority
                | Departure::IpLiteralAnyToLastBracket,
            ) if host.starts_with('[') => Some(if host[1..].starts_with(['v', 'V']) {
                HostKind::IpvFuture
            } else {
                HostKind::Ipv6
            }),
            _ => host_kind,
        };
        let mut components = Components {
            scheme: restore(components.scheme, read.scheme),
            userinfo: restore(components.userinfo, read.userinfo),
            host,
            port: restore(components.port, read.port),
            path: restore(Some(components.path), Some(read.path)).unwrap_or_default(),
            query: restore(components.query, read.query),
            fragment: restore(components.fragment, read.fragment),
        };
        // The component as written, with what this departure stood in for encoded, and the
        // characters its rule refuses that a departure before it brought into the component
        // (the authority read as a prefix hands the path what the host refused); not a "%",
        // a ":" or an "@" that one brought, which that departure's reading takes as they are
        // (a port read from the last ":" leaves its colons in the host).
        // A port read by its leading digits is those digits, not the text restored.
        if self == Departure::PortLeadingDigitsRead
            && let Some(port) = components.port.as_mut()
        {
            let digits: String = port.chars().take_while(char::is_ascii_digit).collect();
            if !digits.is_empty() {
                *port = digits;
            }
        }
        // An encoding of every character outside `reserved` and `unreserved` gives the
        // component as written back so encoded, whatever brought its characters there.
        if let Departure::EncodedOutsideReserved(part) = self {
            let slice = match part {
                Field::Userinfo => read.userinfo,
                Field::Host => read.host,
                Field::Path => Some(read.path),
                Field::Query => read.query,
                Field::Fragment => read.fragment,
                Field::Scheme | Field::Port | Field::HostKind => None,
            };
            let literal = |slice: &str| {
                part == Field::Host && at_same_place(input, rewritten, slice).starts_with('[')
            };
            if let Some(slice) = slice.filter(|slice| !literal(slice)) {
                let written = at_same_place(input, rewritten, slice);
                let component = match part {
                    Field::Userinfo => components.userinfo.as_mut(),
                    Field::Host => components.host.as_mut(),
                    Field::Path => Some(&mut components.path),
                    Field::Query => components.query.as_mut(),
                    Field::Fragment => components.fragment.as_mut(),
                    Field::Scheme | Field::Port | Field::HostKind => None,
                };
                if let Some(component) = component.filter(|c| **c == written) {
                    *component = encode_outside_reserved(&written);
                }
            }
        }
        // An encoding that keeps the reserved characters gives the component as written back
        // so encoded, whatever brought its characters there.
        if let Departure::EncodedReservedKept(part) = self {
            let slice = match part {
                Field::Userinfo => read.userinfo,
                Field::Host => read.host,
                Field::Path => Some(read.path),
                Field::Query => read.query,
                Field::Fragment => read.fragment,
                Field::Scheme | Field::Port | Field::HostKind => None,
            };
            let literal = |slice: &str| {
                part == Field::Host && at_same_place(input, rewritten, slice).starts_with('[')
            };
            if let Some(slice) = slice.filter(|slice| !literal(slice)) {
                let written = at_same_place(input, rewritten, slice);
                let component = match part {
                    Field::Userinfo => components.userinfo.as_mut(),
                    Field::Host => components.host.as_mut(),
                    Field::Path => Some(&mut components.path),
                    Field::Query => components.query.as_mut(),
                    Field::Fragment => components.fragment.as_mut(),
                    Field::Scheme | Field::Port | Field::HostKind => None,
                };
                if let Some(component) = component.filter(|c| **c == written) {
                    *component = encode_keeping_reserved(&written);
                }
            }
        }
        if let Departure::EncodedInsteadOfRefused(part) = self
            && let Request::Parse { input: before, .. } = seen
        {
            let mine = match self.rewrite(seen) {
                Some(Request::Parse { input, .. }) => input,
                _ => before.clone(),
            };
            let stood_in: Vec<usize> = before
                .chars()
                .zip(mine.chars())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, _)| i)
                .collect();
            let slice = match part {
                Field::Userinfo => read.userinfo,
                Field::Host => read.host,
                Field::Path => Some(read.path),
                Field::Query => read.query,
                Field::Fragment => read.fragment,
                Field::Scheme | Field::Port | Field::HostKind => None,
            };
            // An IP literal has departures of its own.
            let literal = |slice: &str| {
                part == Field::Host && at_same_place(input, rewritten, slice).starts_with('[')
            };
            if let Some(slice) = slice.filter(|slice| !literal(slice)) {
                let first = rewritten[..slice.as_ptr() as usize - rewritten.as_ptr() as usize]
                    .chars()
                    .count();
                let (class, _) = self::rule(part);
                let value: String = input
                    .chars()
                    .enumerate()
                    .skip(first)
                    .take(slice.chars().count())
                    .map(|(i, c)| {
                        let refused = !(c.is_ascii() && class.contains(c as u8));
                        // A host's brackets come into a registered name only through a reading
                        // that takes them as they are (`BracketsTaken`), and a "#" into the
                        // fragment (`FragmentHashKept`).
                        let taken = matches!(c, '%' | ':' | '@')
                            || (part == Field::Host && matches!(c, '[' | ']'))
                            || (part == Field::Fragment && c == '#');
                        if stood_in.contains(&i) || (refused && !taken) {
                            c.to_string()
                                .bytes()
                                .map(|b| format!("%{b:02X}"))
                                .collect::<String>()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect();
                // Only the component as written is encoded: one a rule on the answer changed
                // is that rule's.
                let written = at_same_place(input, rewritten, slice);
                let component = match part {
                    Field::Userinfo => components.userinfo.as_mut(),
                    Field::Host => components.host.as_mut(),
                    Field::Path => Some(&mut components.path),
                    Field::Query => components.query.as_mut(),
                    Field::Fragment => components.fragment.as_mut(),
                    Field::Scheme | Field::Port | Field::HostKind => None,
                };
                if let Some(component) = component.filter(|c| **c == written) {
                    *component = value;
                }
            }
        }
        Outcome::Parsed {
            components,
            host_kind,
        }
    }
}

impl Departure {
    /// A parse's answer as a parser whose data model holds no empty component of this
    /// departure's kind gives it: one that another step left empty is none too (Poco's
    /// userinfo, restarted at each "@", is empty in "a://:@@h", and its getter cannot tell an
    /// empty one from none). Other departures leave the answer as it is.
    pub(crate) fn no_empty_in(self, answer: Outcome) -> Outcome {
        let Outcome::Parsed {
            mut components,
            mut host_kind,
        } = answer
        else {
            return answer;
        };
        let empty = |part: &Option<String>| part.as_deref() == Some("");
        match self {
            Departure::EmptyAsAbsent(part) => {
                let field = match part {
                    Field::Userinfo => &mut components.userinfo,
                    Field::Port => &mut components.port,
                    Field::Query => &mut components.query,
                    Field::Fragment => &mut components.fragment,
                    Field::Scheme | Field::Host | Field::Path | Field::HostKind => {
                        return Outcome::Parsed {
                            components,
                            host_kind,
                        };
                    }
                };
                if empty(field) {
                    *field = None;
                }
            }
            // An answer in components: a path that starts with "//", which no text without
            // the authority reads, is the path all the same (`a:////p`: none, `//p`).
            Departure::EmptyAuthorityAsAbsent
                if empty(&components.host)
                    && components.userinfo.is_none()
                    && components.port.is_none() =>
            {
                components.host = None;
                host_kind = None;
            }
            _ => {}
        }
        Outcome::Parsed {
            components,
            host_kind,
        }
    }

    /// A rule on the answer, applied to a parse's answer.
    fn rule_on(self, answer: Outcome) -> Outcome {
        let Outcome::Parsed {
            components,
            host_kind,
        } = answer
        else {
            return answer;
        };
        let refused = |why: &str| Outcome::invalid(format!("{}: {why}", self.id()));
        match self {
            Departure::PercentEncodingNormalized(part) => Outcome::Parsed {
                components: rewritten_part(components, part, normalize_triplets),
                host_kind,
            },
            Departure::PathPercentEncodingNormalizedDotKept => Outcome::Parsed {
                components: rewritten_part(components, Field::Path, normalize_triplets_but_dot),
                host_kind,
            },
            Departure::UnreservedDecoded(part) => Outcome::Parsed {
                components: rewritten_part(components, part, unreserved_decoded),
                host_kind,
            },
            Departure::PathDotSegmentsRemoved => {
                let mut components = components;
                components.path = path_dot_segments_removed(&components.path);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Departure::PathSegmentDotsRemoved(dots, scope) => {
                let mut components = components;
                if scope.covers(&components) {
                    components.path = dots.removed(&components.path);
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Departure::PortReadAsNumberInRange
                if components.port.as_deref().is_some_and(|port| {
                    let digits = port.trim_start_matches('0');
                    digits.len() > 5 || digits.parse::<u32>().is_ok_and(|n| n > 65535)
                }) =>
            {
                refused("a port above 65535")
            }
            Departure::PortReadAsNumberInRange => {
                let mut components = components;
                if let Some(port) = components.port.as_mut()
                    && !port.is_empty()
                {
                    let digits = port.trim_start_matches('0');
                    *port = if digits.is_empty() { "0" } else { digits }.to_owned();
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Departure::EmptyPortRefused if components.port.as_deref() == Some("") => {
                refused("an empty port")
            }
            Departure::PortOutOfRangeRefused
                if components.port.as_deref().is_some_and(|port| {
                    port.trim_start_matches('0').len() > 5
                        || port.parse::<u32>().is_ok_and(|n| n > 65535)
                }) =>
            {
                refused("a port above 65535")
            }
            Departure::IpvFutureRefused if host_kind == Some(HostKind::IpvFuture) => {
                refused("an IPvFuture literal")
            }
            Departure::IpvFutureUppercaseVRefused
                if host_kind == Some(HostKind::IpvFuture)
                    && components
                        .host
                        .as_deref()
                        .is_some_and(|h| h.starts_with("[V")) =>
            {
                refused("an IPvFuture literal written with \"V\"")
            }
            Departure::EmptyUserinfoRefused if components.userinfo.as_deref() == Some("") => {
                refused("an empty userinfo")
            }
            Departure::PortOverFiveDigitsRefused
                if components
                    .port
                    .as_deref()
                    .is_some_and(|port| port.len() > 5) =>
            {
                refused("a port of more than five digits")
            }
            Departure::EmptyHostRefused if components.host.as_deref() == Some("") => {
                refused("an empty host")
            }
            Departure::EmptyHostBesideUserinfoOrPortRefused
                if components.host.as_deref() == Some("")
                    && (components.userinfo.is_some() || components.port.is_some()) =>
            {
                refused("an empty host beside a userinfo or a port")
            }
            Departure::PercentEncodingNormalizedEverywhere => {
                let mut components = components;
                rewrite_every_component(&mut components, normalize_triplets);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Departure::PercentEncodingUppercased => {
                let mut components = components;
                rewrite_every_component(&mut components, triplets_uppercased);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Departure::Ipv6ShortenedByInetNtop | Departure::Ipv6FieldsRecompressed
                if host_kind == Some(HostKind::Ipv6) =>
            {
                let mut components = components;
                // The address alone: libcurl keeps a zone id apart and writes it back after
                // the shortened address; uri-js's zone is left to its own reading.
                if let Some(host) = components.host.as_mut()
                    && let Some(literal) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
                    && (self == Departure::Ipv6ShortenedByInetNtop || !literal.contains('%'))
                {
                    let (address, zone) =
                        literal.split_at(literal.find('%').unwrap_or(literal.len()));
                    let written = if self == Departure::Ipv6ShortenedByInetNtop {
                        ipv6_words(address)
                            .map(|words| inet_ntop6(&words))
                            .filter(|norm| norm.len() < address.len())
                    } else {
                        Some(urijs_ipv6(address))
                    };
                    if let Some(written) = written {
                        *host = format!("[{written}{zone}]");
                    }
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            Departure::PortReadAsNumber => {
                let mut components = components;
                if let Some(port) = components.port.as_mut()
                    && !port.is_empty()
                {
                    *port = number_written(port);
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            _ => Outcome::Parsed {
                components,
                host_kind,
            },
        }
    }
}

/// The eight 16-bit fields of an `IPv6address` (RFC 3986 §3.2.2), a dotted quad's two
/// included; `None` for text that is not one.
fn ipv6_words(address: &str) -> Option<[u16; 8]> {
    let parsed: std::net::Ipv6Addr = address.parse().ok()?;
    Some(parsed.segments())
}

/// BIND's `inet_ntop6` (libcurl's `lib/inet_ntop.c`, glibc's): the longest run of two or more
/// zero fields, the first of equal ones, as "::"; fields in lowercase hexadecimal without
/// leading zeros; the last 32 bits as a dotted quad when the run starts the address and is six
/// fields long, or five before a field 0xffff.
fn inet_ntop6(words: &[u16; 8]) -> String {
    // A run of zero fields: where it starts and how many.
    type Run = Option<(usize, usize)>;
    let (mut best, mut cur): (Run, Run) = (None, None);
    for (i, &word) in words.iter().enumerate() {
        if word == 0 {
            cur = Some(cur.map_or((i, 1), |(base, len)| (base, len + 1)));
        } else if let Some((base, len)) = cur.take()
            && best.is_none_or(|(_, l)| len > l)
        {
            best = Some((base, len));
        }
    }
    if let Some((base, len)) = cur
        && best.is_none_or(|(_, l)| len > l)
    {
        best = Some((base, len));
    }
    let best = best.filter(|&(_, len)| len >= 2);
    let mut text = String::new();
    for (i, &word) in words.iter().enumerate() {
        if let Some((base, len)) = best
            && (base..base + len).contains(&i)
        {
            if i == base {
                text.push(':');
            }
            continue;
        }
        if i != 0 {
            text.push(':');
        }
        if i == 6
            && best.is_some_and(|(base, len)| {
                base == 0 && (len == 6 || len == 5 && words[5] == 0xffff)
            })
        {
            let [a, b] = words[6].to_be_bytes();
            let [c, d] = words[7].to_be_bytes();
            text.push_str(&format!("{a}.{b}.{c}.{d}"));
            break;
        }
        text.push_str(&format!("{word:x}"));
    }
    if best.is_some_and(|(base, len)| base + len == 8) {
        text.push(':');
    }
    text
}

/// uri-js's `_normalizeIPv6` on an address its `IPV6ADDRESS` matches, step by step: the text
/// lowercased and split at "::", each field's leading zeros dropped (`/^0*(.*)/` or "0"), a
/// dotted quad last counting for one field of seven (its octets' leading zeros dropped), the
/// fields taken from the start of the part before "::" and from the end of the part after it
/// (`firstFields[x] || lastFields[lastFieldsStart + x] || ''`), and the first longest run of
/// two or more fields that are empty or "0" written "::".
fn urijs_ipv6(address: &str) -> String {
    let strip = |field: &str| {
        let stripped = field.trim_start_matches('0');
        if stripped.is_empty() {
            "0".to_owned()
        } else {
            stripped.to_owned()
        }
    };
    let lower = address.to_lowercase();
    let mut halves: Vec<&str> = lower.split("::").collect();
    halves.reverse();
    let last = halves[0];
    let first = halves.get(1).copied().unwrap_or("");
    let first_fields: Vec<String> = if first.is_empty() {
        Vec::new()
    } else {
        first.split(':').map(strip).collect()
    };
    let last_fields: Vec<String> = last.split(':').map(strip).collect();
    let quad = last_fields.last().is_some_and(|f| {
        f.split('.').count() == 4
            && f.split('.')
                .all(|o| !o.is_empty() && o.bytes().all(|b| b.is_ascii_digit()))
    });
    let count: isize = if quad { 7 } else { 8 };
    let start = last_fields.len() as isize - count;
    let mut fields: Vec<String> = (0..count)
        .map(|x| {
            let truthy = |f: Option<&String>| f.filter(|f| !f.is_empty()).cloned();
            truthy(first_fields.get(x as usize))
                .or_else(|| {
                    usize::try_from(start + x)
                        .ok()
                        .and_then(|at| truthy(last_fields.get(at)))
                })
                .unwrap_or_default()
        })
        .collect();
    if quad && let Some(last) = fields.last_mut() {
        *last = last.split('.').map(strip).collect::<Vec<_>>().join(".");
    }
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, field) in fields.iter().enumerate() {
        if field.is_empty() || field == "0" {
            match runs.last_mut() {
                Some((base, len)) if *base + *len == i => *len += 1,
                _ => runs.push((i, 1)),
            }
        }
    }
    // A stable sort by length, longest first: the first of equal runs.
    let longest = runs
        .iter()
        .fold(None::<(usize, usize)>, |best, &run| match best {
            Some(b) if b.1 >= run.1 => Some(b),
            _ => Some(run),
        });
    match longest {
        Some((base, len)) if len > 1 => {
            let tail = fields.split_off(base + len);
            fields.truncate(base);
            format!("{}::{}", fields.join(":"), tail.join(":"))
        }
        _ => fields.join(":"),
    }
}

/// A normalizer's string whose port its library held as a number ([`Departure::PortReadAsNumber`])
/// and wrote back from it (`normalize` as `serialize(parse(uri))`): the port's digits as
/// [`number_written`] gives them (`http://h:080/` is `http://h:80/`), the rest as it is.
fn port_as_number_in_normalized(answer: Outcome) -> Outcome {
    let Outcome::Normalized(text) = &answer else {
        return answer;
    };
    let Ok(read) = reference::parse(text) else {
        return answer;
    };
    let Some(port) = read.port.filter(|port| !port.is_empty()) else {
        return answer;
    };
    let written = number_written(port);
    if written == port {
        return answer;
    }
    let read = reference::Components {
        port: Some(&written),
        ..read
    };
    Outcome::Normalized(reference::recompose(&read))
}

/// The decimal digits `digits` as JavaScript writes the number `parseInt(digits, 10)` reads:
/// without leading zeros, in full below 10^21 and in exponent form from there (`1e+21`), the
/// digits rounded to the nearest double.
fn number_written(digits: &str) -> String {
    let Ok(value) = digits.parse::<f64>() else {
        return digits.to_owned();
    };
    if value < 1e21 {
        return format!("{value}");
    }
    // Rust writes the shortest digits that read back as the same double, as JavaScript does;
    // only the exponent's sign differs.
    format!("{value:e}").replacen('e', "e+", 1)
}

/// How much of `authority` RFC 3986's `authority` rule takes, read from its start: a userinfo
/// and its "@", an IP literal or a registered name, a ":" and digits (§3.2).
fn authority_prefix(authority: &str) -> usize {
    let bytes = authority.as_bytes();
    // The longest run from `at` of `class` and pct-encoded triplets.
    let run = |mut at: usize, class: CharClass| {
        while at < bytes.len() {
            if is_triplet(bytes, at) {
                at += 3;
            } else if class.contains(bytes[at]) && bytes[at] != b'%' {
                at += 1;
            } else {
                break;
            }
        }
        at
    };
    let mut at = 0;
    let userinfo = run(0, USERINFO);
    if bytes.get(userinfo) == Some(&b'@') {
        at = userinfo + 1;
    }
    if bytes.get(at) == Some(&b'[') {
        // An IP literal runs to its "]" whatever it holds: what it holds is the departures'
        // of the literal ([`Departure::IpLiteralUnchecked`]), where it ends this one's.
        match authority[at..].find(']') {
            Some(close) => at += close + 1,
            None => return at,
        }
    } else {
        at = run(at, REG_NAME);
    }
    if bytes.get(at) == Some(&b':') {
        at += 1;
        while bytes.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
    }
    at
}

/// `components` with `part`, where it is defined and one of the five that hold text, rewritten
/// by `rewrite`.
fn rewritten_part(
    mut components: Components,
    part: Field,
    rewrite: fn(&str) -> String,
) -> Components {
    let text = match part {
        Field::Userinfo => components.userinfo.as_mut(),
        Field::Host => components.host.as_mut(),
        Field::Path => Some(&mut components.path),
        Field::Query => components.query.as_mut(),
        Field::Fragment => components.fragment.as_mut(),
        Field::Scheme | Field::Port | Field::HostKind => None,
    };
    if let Some(text) = text {
        *text = rewrite(text);
    }
    components
}

/// `text` with the hexadecimal digits of every pct-encoded triplet uppercased.
pub(crate) fn triplets_uppercased(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if is_triplet(bytes, at) {
            out.push('%');
            out.push_str(&text[at + 1..at + 3].to_ascii_uppercase());
            at += 3;
        } else {
            let c = text[at..].chars().next().unwrap_or_default();
            out.push(c);
            at += c.len_utf8();
        }
    }
    out
}

/// A character [`Departure::SurroundingLwsStripped`] removes: System.Uri's `IsLWS`, a space,
/// a tab, a line feed or a carriage return.
fn is_lws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// The flags [`Departure::HostIdnaToAscii`] reads a host with: UTS #46's, none of its checks,
/// so that the model takes what the IDNA of every such parser takes; a stricter one refuses
/// no letter among the probes.
const IDNA_LENIENT: crate::idna::Flags = crate::idna::Flags {
    check_hyphens: false,
    check_bidi: false,
    check_joiners: false,
    use_std3_ascii_rules: false,
    verify_dns_length: false,
    ignore_invalid_punycode: false,
    bidi_rule_per_label: false,
    bidi_rule_as_ada_2_9: false,
};

/// A registered name as [`Departure::HostIdnaToAscii`] writes it: UTS #46 ToASCII's steps
/// (its processing, then each label outside US-ASCII as "xn--" and its Punycode), where it
/// holds a character outside US-ASCII and no "%" (a triplet's octets, which such parsers decode
/// or keep each its own way); `None` where the departure leaves it. The errors ToASCII records
/// are not refusals here: a parser whose IDNA refuses agrees with the reference, and one that
/// checks less (QUrl writes a label that starts with a combining mark, `//\u{301}` as
/// `xn--lsa`) answers as these steps do.
fn idna_read(host: &str) -> Option<String> {
    if host.is_ascii() || host.starts_with('[') || host.contains('%') {
        return None;
    }
    let (processed, _) = crate::idna::process(host, IDNA_LENIENT);
    let labels: Option<Vec<String>> = processed
        .split('.')
        .map(|label| {
            if label.is_ascii() {
                Some(label.to_owned())
            } else {
                crate::idna::punycode::encode(label)
                    .ok()
                    .map(|encoded| format!("xn--{encoded}"))
            }
        })
        .collect();
    labels
        .map(|labels| labels.join("."))
        .filter(|ascii| ascii != host)
}

/// Whether `c` is a character outside ASCII that has a lowercase of one other character, the
/// characters [`Departure::HostLowercasedBeforeEncoding`] rewrites.
fn lowered_outside_ascii(c: char) -> bool {
    let mut lower = c.to_lowercase();
    !c.is_ascii() && lower.next().is_some_and(|l| l != c) && lower.next().is_none()
}

/// Whether [`Departure::SurrogatesEncoded`] reads `case`: a string of it holds a character
/// outside the BMP, and none a triplet that could start one in UTF-8 (`%F0` to `%F4`).
pub(crate) fn surrogates_encoded_reads(case: &Request) -> bool {
    let strings: Vec<&str> = match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input],
        Request::Resolve { base, input, .. } => vec![base, input],
    };
    let starts_four = |text: &str| {
        let bytes = text.as_bytes();
        (0..bytes.len()).any(|at| {
            is_triplet(bytes, at)
                && bytes[at + 1].eq_ignore_ascii_case(&b'f')
                && (b'0'..=b'4').contains(&bytes[at + 2])
        })
    };
    strings
        .iter()
        .any(|s| s.chars().any(|c| u32::from(c) > 0xFFFF))
        && !strings.iter().any(|s| starts_four(s))
}

/// `components` with `rewrite` applied to the text of each: the userinfo, the host, the path,
/// the query and the fragment (a departure that rewrites every component alike).
fn rewrite_every_component(components: &mut Components, rewrite: impl Fn(&str) -> String) {
    for part in [
        &mut components.userinfo,
        &mut components.host,
        &mut components.query,
        &mut components.fragment,
    ]
    .into_iter()
    .flatten()
    {
        *part = rewrite(part);
    }
    components.path = rewrite(&components.path);
}

/// [`Departure::SurrogatesEncoded`] on `answer`, the answer to `case`: every text it gives
/// back with [`surrogates_encoded`], where the rule reads the case.
fn surrogates_encoded_in(case: &Request, answer: Outcome) -> Outcome {
    if !surrogates_encoded_reads(case) {
        return answer;
    }
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            rewrite_every_component(&mut components, surrogates_encoded);
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        Outcome::Resolved(target) => Outcome::Resolved(surrogates_encoded(&target)),
        Outcome::Normalized(text) => Outcome::Normalized(surrogates_encoded(&text)),
        answer => answer,
    }
}

/// `text` with every four pct-encoded triplets that are one character outside the BMP in
/// UTF-8 written as its two UTF-16 surrogates, three octets each (CESU-8), in uppercase
/// hexadecimal digits: `%F0%9F%98%80` (U+1F600) as `%ED%A0%BD%ED%B8%80`.
pub(crate) fn surrogates_encoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let octet = |at: usize| -> Option<u8> {
        is_triplet(bytes, at)
            .then(|| u8::from_str_radix(&text[at + 1..at + 3], 16).ok())
            .flatten()
    };
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let four: Option<Vec<u8>> = (0..4).map(|k| octet(at + 3 * k)).collect();
        if let Some(c) = four
            .and_then(|octets| std::str::from_utf8(&octets).ok()?.chars().next())
            .filter(|&c| u32::from(c) > 0xFFFF)
        {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units).iter() {
                let unit = u32::from(*unit);
                for octet in [
                    0xE0 | (unit >> 12),
                    0x80 | ((unit >> 6) & 0x3F),
                    0x80 | (unit & 0x3F),
                ] {
                    out.push_str(&format!("%{octet:02X}"));
                }
            }
            at += 12;
        } else {
            let c = text[at..].chars().next().unwrap_or_default();
            out.push(c);
            at += c.len_utf8();
        }
    }
    out
}

/// `text` with every pct-encoded triplet normalized: an unreserved character's decoded
/// (RFC 3986 §6.2.2.2), the others' hexadecimal digits uppercased (§6.2.2.1).
fn normalize_triplets(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if is_triplet(bytes, at) {
            let octet = u8::from_str_radix(&text[at + 1..at + 3], 16).unwrap_or_default();
            if UNRESERVED.contains(octet) {
                out.push(octet as char);
            } else {
                out.push('%');
                out.push_str(&text[at + 1..at + 3].to_ascii_uppercase());
            }
            at += 3;
        } else {
            let c = text[at..].chars().next().unwrap_or_default();
            out.push(c);
            at += c.len_utf8().max(1);
        }
    }
    out
}

/// [`normalize_triplets`] but for "%2E" (either case), written "%2E": the path's rule of
/// [`Departure::PathPercentEncodingNormalizedDotKept`].
fn normalize_triplets_but_dot(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if is_triplet(bytes, at) {
            let octet = u8::from_str_radix(&text[at + 1..at + 3], 16).unwrap_or_default();
            if UNRESERVED.contains(octet) && octet != b'.' {
                out.push(octet as char);
            } else {
                out.push('%');
                out.push_str(&text[at + 1..at + 3].to_ascii_uppercase());
            }
            at += 3;
        } else {
            let c = text[at..].chars().next().unwrap_or_default();
            out.push(c);
            at += c.len_utf8().max(1);
        }
    }
    out
}

/// `text` with every pct-encoded triplet of an unreserved character decoded (RFC 3986
/// §6.2.2.2), the others as written.
fn unreserved_decoded(text: &str) -> String {
    crate::diff::normalizing::decoded_where(text, |_, octet| UNRESERVED.contains(octet))
}

/// [`Departure::IriEscapesUnescaped`] on `answer`, the answer to the parse `case`: its
/// userinfo, path, query and fragment unescaped where the case's text turns the rule on.
fn iri_escapes_unescaped_in(case: &Request, answer: Outcome) -> Outcome {
    // A normalization's text, and the string a resolver builds from the base's canonical
    // parts and the reference as written, are parsed again, IRI parsing and all: the rule on
    // the components of the string it gives, turned on by the text as given (the base's
    // unreserved triplets are decoded in its parts, its octets outside US-ASCII are not).
    let outside_ascii = |text: &str| {
        !text.is_ascii()
            || (0..text.len()).any(|at| {
                is_triplet(text.as_bytes(), at)
                    && crate::reference::chars::hex_value(text.as_bytes()[at + 1]) >= 8
            })
    };
    match (case, &answer) {
        (Request::Normalize { input, .. }, Outcome::Normalized(text)) if iri_parsing_on(input) => {
            return match iri_unescaped_text(text) {
                Some(text) => Outcome::Normalized(text),
                None => answer,
            };
        }
        (Request::Resolve { base, input, .. }, Outcome::Resolved(text))
            if iri_parsing_on(input) || outside_ascii(base) =>
        {
            return match iri_unescaped_text(text) {
                Some(text) => Outcome::Resolved(text),
                None => answer,
            };
        }
        _ => {}
    }
    let Request::Parse { input, .. } = case else {
        return answer;
    };
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    if !iri_parsing_on(input) {
        return Outcome::Parsed {
            components,
            host_kind,
        };
    }
    for (part, text) in [
        (Field::Userinfo, components.userinfo.as_mut()),
        (Field::Path, Some(&mut components.path)),
        (Field::Query, components.query.as_mut()),
        (Field::Fragment, components.fragment.as_mut()),
    ] {
        if let Some(text) = text {
            *text = iri_unescaped(part, text);
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// A URI's text with its userinfo, path, query and fragment as [`iri_unescaped`] writes them;
/// `None` where the text is no URI reference.
fn iri_unescaped_text(text: &str) -> Option<String> {
    let parsed = reference::parse(text).ok()?;
    let host_kind = parsed.host_kind;
    let mut c = Components::from(&parsed);
    for (part, text) in [
        (Field::Userinfo, c.userinfo.as_mut()),
        (Field::Path, Some(&mut c.path)),
        (Field::Query, c.query.as_mut()),
        (Field::Fragment, c.fragment.as_mut()),
    ] {
        if let Some(text) = text {
            *text = iri_unescaped(part, text);
        }
    }
    let mut r = c.as_reference();
    r.host_kind = host_kind;
    Some(reference::recompose(&r))
}

/// Whether Mono's System.Uri parses `input` as an IRI: it holds a character outside
/// US-ASCII, written or percent-encoded (`CheckForUnicode`, which unescapes first), or a
/// percent-encoded unreserved character (`CheckForEscapedUnreserved`).
fn iri_parsing_on(input: &str) -> bool {
    let bytes = input.as_bytes();
    !input.is_ascii()
        || (0..bytes.len()).any(|at| {
            is_triplet(bytes, at) && {
                let octet = crate::reference::chars::hex_value(bytes[at + 1]) << 4
                    | crate::reference::chars::hex_value(bytes[at + 2]);
                octet >= 0x80 || UNRESERVED.contains(octet)
            }
        })
}

/// One component's text as IriHelper.EscapeUnescapeIri writes it: see
/// [`Departure::IriEscapesUnescaped`].
fn iri_unescaped(part: Field, text: &str) -> String {
    // CheckIsReserved: "Reserved chars according to rfc 3987".
    let reserved: &[u8] = match part {
        Field::Userinfo => b"/?#[]@",
        Field::Path => b"/?#[]",
        _ => b"#[]",
    };
    // IsNotSafeForUnescape, as Mono has it: the controls, RFC 2396's reserved set but ":",
    // and "%", "\\" and "#".
    const UNSAFE: &[u8] = b";/?@&=+$,%\\#";
    let (class, _) = rule(part);
    let bytes = text.as_bytes();
    let octet_at = |at: usize| {
        crate::reference::chars::hex_value(bytes[at + 1]) << 4
            | crate::reference::chars::hex_value(bytes[at + 2])
    };
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if !is_triplet(bytes, at) {
            let c = text[at..].chars().next().unwrap_or_default();
            // A bidirectional control written as it is goes too (`if
            // (!Uri.IsBidiControlCharacter(ch))`, before it copies an IRI character).
            if !is_bidi_control(c) {
                out.push(c);
            }
            at += c.len_utf8().max(1);
            continue;
        }
        let octet = octet_at(at);
        if octet < 0x80 {
            if octet <= 0x1f
                || octet == 0x7f
                || reserved.contains(&octet)
                || UNSAFE.contains(&octet)
            {
                out.push_str(&text[at..at + 3]);
            } else if class.contains(octet) {
                out.push(octet as char);
            } else {
                out.push_str(&format!("%{octet:02X}"));
            }
            at += 3;
            continue;
        }
        // A run of triplets outside US-ASCII, decoded as UTF-8 with no replacement.
        let start = at;
        let mut octets = Vec::new();
        while is_triplet(bytes, at) && octet_at(at) >= 0x80 {
            octets.push(octet_at(at));
            at += 3;
        }
        let chars: Vec<char> = octets
            .utf8_chunks()
            .flat_map(|chunk| chunk.valid().chars())
            .collect();
        if chars.is_empty() {
            out.push_str(&text[start..at]);
            continue;
        }
        let mut k = 0;
        for chunk in octets.utf8_chunks() {
            for c in chunk.valid().chars() {
                if !is_bidi_control(c) {
                    for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                        out.push_str(&format!("%{byte:02X}"));
                    }
                }
                k += c.len_utf8();
            }
            for &byte in chunk.invalid() {
                out.push_str(&format!("%{byte:02X}"));
                k += 1;
            }
        }
        debug_assert_eq!(k, octets.len());
    }
    out
}

/// Whether `c` is one of the bidirectional controls Mono's System.Uri drops from an IRI
/// (`Uri.IsBidiControlCharacter`: U+200E, U+200F, U+202A to U+202E).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}')
}

/// A resolution's reference whose empty authority stands before a path that starts with "//"
/// (`////x`, `//?q` aside), as [`Departure::EmptyAuthorityAsAbsent`] reads it: no authority and
/// the path `//x`, which no text reads as a reference; §5.2.2 gives such a path
/// "T.path = remove_dot_segments(R.path)" and the base's authority, and "/." before it gives the
/// same target (§5.2.4's rule B takes a leading "/./" for "/"), so the reference is read as
/// `/.//x`, one character for one character. `None` for any other text.
fn empty_authority_before_double_slash_read(text: &str) -> Option<String> {
    let spans = Spans::of(text);
    let authority = spans.authority?;
    if spans.scheme.is_some()
        || !authority.is_empty()
        || !text[spans.path.clone()].starts_with("//")
    {
        return None;
    }
    Some(format!("/.{}", &text[authority.end..]))
}

/// `input` with every ":" of `range` stood in for by a character a reg-name and a path
/// segment both take.
/// Whether `text` is a file system's path that [`Departure::ImplicitFilePath`] reads as a file
/// URI: `Some(true)` for a DOS path (a drive letter, ":" or "|", then "/" or "\\"),
/// `Some(false)` for a Unix path (it starts with "/"), `None` for any other text.
fn file_path(text: &str) -> Option<bool> {
    let bytes = text.as_bytes();
    if bytes.len() >= 3
        && bytes[0].is_ascii_alphabetic()
        && matches!(bytes[1], b':' | b'|')
        && matches!(bytes[2], b'/' | b'\\')
    {
        return Some(true);
    }
    bytes.first().is_some_and(|&b| b == b'/').then_some(false)
}

/// A parse's answer where the text `seen` is a DOS path, read as `file:` and the path from
/// its drive letter: the file URI's empty host, which its "file:///" has.
fn drive_path_host(seen: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = seen else {
        return answer;
    };
    match (file_path(input), answer) {
        (
            Some(true),
            Outcome::Parsed {
                mut components,
                host_kind,
            },
        ) if components.scheme.as_deref() == Some("file") && components.host.is_none() => {
            components.host = Some(String::new());
            Outcome::Parsed {
                components,
                host_kind: host_kind.or(Some(HostKind::RegName)),
            }
        }
        (_, answer) => answer,
    }
}

/// A path's text as a file URI's path holds it: each "\\" a "/", "?" and "#" percent-encoded
/// (characters of the path, not its delimiters), and a drive's "|" a ":".
fn file_path_text(text: &str, drive: bool) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for (at, c) in text.char_indices() {
        match c {
            '\\' => out.push('/'),
            '?' => out.push_str("%3F"),
            '#' => out.push_str("%23"),
            '|' if drive && at == 1 => out.push(':'),
            c => out.push(c),
        }
    }
    out
}

/// The file URI a file system's path is read as: "file://", a "/" before a drive letter, and
/// the path's text ([`file_path_text`]).
fn file_uri(text: &str, drive: bool) -> String {
    let slash = if drive { "/" } else { "" };
    format!("file://{slash}{}", file_path_text(text, drive))
}

/// A resolution's base and reference as [`Departure::ImplicitFilePath`] reads them: a base
/// that is a file system's path is its file URI, and a reference without a scheme beside it
/// a path too (one that starts with "//" a file path of its own); a DOS path reference is
/// its file URI against any base.
fn file_paths_resolved(base: &str, reference: &str) -> (String, String) {
    let reference_read = match file_path(reference) {
        Some(true) => file_uri(reference, true),
        _ => match file_path(base) {
            Some(_) if reference.replace('\\', "/").starts_with("//") => file_uri(reference, false),
            Some(_) if reference::split(reference).scheme.is_none() => {
                file_path_text(reference, false)
            }
            _ => reference.to_owned(),
        },
    };
    let base_read = match file_path(base) {
        Some(drive) => file_uri(base, drive),
        None => base.to_owned(),
    };
    (base_read, reference_read)
}

fn stand_in_colons(input: &str, range: std::ops::Range<usize>) -> String {
    let mut out = input.to_owned();
    let stood_in: String = input[range.clone()]
        .chars()
        .map(|c| if c == ':' { 'z' } else { c })
        .collect();
    out.replace_range(range, &stood_in);
    out
}

impl<'de> Deserialize<'de> for Departure {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        Departure::from_id(&id).ok_or_else(|| {
            let known: Vec<String> = Departure::all().into_iter().map(Departure::id).collect();
            serde::de::Error::custom(format!(
                "unknown departure {id:?} (the library's: {})",
                known.join(", ")
            ))
        })
    }
}

/// The text of `original` at the characters where `slice` (a part of `rewritten`) stands:
/// the two have as many characters, and the same ones wherever a rewrite did not stand in.
/// The IP literal a parser that takes a host's "[" to the first "]" after it reads
/// ([`Departure::IpLiteralAnyToBracket`]): its byte range, brackets included, when the host
/// starts with "[" (after the `userinfo` characters an "@" follows, if any) and what follows
/// the "]" is a ":" and digits, or nothing, up to the end of the authority as the reference
/// ends it (a "/", "?" or "#", or the end of the text). A NUL ends the C string it is read in.
fn literal_to_bracket(input: &str, spans: &Spans) -> Option<std::ops::Range<usize>> {
    let start = spans.authority.as_ref()?.start;
    let bytes = input.as_bytes();
    let mut at = start;
    while at < bytes.len() {
        if USERINFO.contains(bytes[at]) {
            at += 1;
        } else if bytes[at] == b'%'
            && bytes.len() > at + 2
            && HEXDIG.contains(bytes[at + 1])
            && HEXDIG.contains(bytes[at + 2])
        {
            at += 3;
        } else {
            break;
        }
    }
    let host = if bytes.get(at) == Some(&b'@') {
        at + 1
    } else {
        start
    };
    if bytes.get(host) != Some(&b'[') {
        return None;
    }
    let close = host + 1 + input[host + 1..].find(']')?;
    if input[host..close].contains('\0') {
        return None;
    }
    let rest = &input[close + 1..];
    let rest = match rest.strip_prefix(':') {
        Some(port) => port.trim_start_matches(|c: char| c.is_ascii_digit()),
        None => rest,
    };
    (rest.is_empty() || rest.starts_with(['/', '?', '#'])).then_some(host..close + 1)
}

fn at_same_place(original: &str, rewritten: &str, slice: &str) -> String {
    let start = slice.as_ptr() as usize - rewritten.as_ptr() as usize;
    let first = rewritten[..start].chars().count();
    let count = slice.chars().count();
    original.chars().skip(first).take(count).collect()
}

/// Where each part of a string stands, read as Appendix B reads it and the authority as
/// §3.2 does: the userinfo up to its first "@", the port after the host's ":".
#[derive(Clone, Debug, Default)]
struct Spans {
    scheme: Option<std::ops::Range<usize>>,
    authority: Option<std::ops::Range<usize>>,
    userinfo: Option<std::ops::Range<usize>>,
    host: Option<std::ops::Range<usize>>,
    port: Option<std::ops::Range<usize>>,
    path: std::ops::Range<usize>,
    query: Option<std::ops::Range<usize>>,
    fragment: Option<std::ops::Range<usize>>,
}

impl Spans {
    fn of(input: &str) -> Spans {
        let split = reference::split(input);
        let range = |slice: &str| {
            let start = slice.as_ptr() as usize - input.as_ptr() as usize;
            start..start + slice.len()
        };
        let mut spans = Spans {
            scheme: split.scheme.map(range),
            authority: split.authority.map(range),
            path: range(split.path),
            query: split.query.map(range),
            fragment: split.fragment.map(range),
            ..Spans::default()
        };
        if let Some(authority) = spans.authority.clone() {
            let text = &input[authority.clone()];
            let host_start = match text.find('@') {
                Some(at) => {
                    spans.userinfo = Some(authority.start..authority.start + at);
                    at + 1
                }
                None => 0,
            };
            let rest = &text[host_start..];
            // The host's end: after an IP literal's "]", else at the first ":".
            let host_len = if rest.starts_with('[') {
                rest.find(']').map_or(rest.len(), |close| close + 1)
            } else {
                rest.find(':').unwrap_or(rest.len())
            };
            let host = authority.start + host_start..authority.start + host_start + host_len;
            if rest[host_len..].starts_with(':') {
                spans.port = Some(host.end + 1..authority.end);
            }
            spans.host = Some(host);
        }
        spans
    }

    /// The host and the port with their ":": the authority after its userinfo.
    fn hostport(&self, input: &str) -> Option<std::ops::Range<usize>> {
        let authority = self.authority.clone()?;
        let start = self.host.clone()?.start;
        debug_assert!(start <= authority.end && authority.end <= input.len());
        Some(start..authority.end)
    }

    /// The path, when a scheme precedes it and it neither is empty nor starts with "/" (so
    /// that no authority precedes it either).
    fn opaque_path(&self, input: &str) -> Option<std::ops::Range<usize>> {
        self.scheme.as_ref()?;
        let path = self.path.clone();
        (!path.is_empty() && !input[path.clone()].starts_with('/')).then_some(path)
    }

    fn of_part(&self, part: Field) -> Option<std::ops::Range<usize>> {
        match part {
            Field::Scheme => self.scheme.clone(),
            Field::Userinfo => self.userinfo.clone(),
            Field::Host => self.host.clone(),
            Field::Port => self.port.clone(),
            Field::Path => Some(self.path.clone()),
            Field::Query => self.query.clone(),
            Field::Fragment => self.fragment.clone(),
            Field::HostKind => None,
        }
    }
}

impl Departure {
    /// The characters a rule over several components takes where the RFC refuses them, with
    /// their byte offsets and components, from the end of the text: every character of the
    /// components it reads that their rules refuse (a "%" that starts no triplet too), but the
    /// ASCII controls and the space for [`Departure::ControlsAndSpaceOnlyRefused`], which
    /// reads the userinfo, the path, the query and the fragment;
    /// [`Departure::EveryComponentUnchecked`] reads the host too, where it is no IP literal, and
    /// [`Departure::OnlyEscapesChecked`] the same but a lone "%";
    /// [`Departure::TextComponentsUnchecked`] reads those of the first, every character.
    fn components_taken(self, input: &str, spans: &Spans) -> Vec<(usize, char, Field)> {
        let (parts, controls_refused, lone_percent): (&[Field], bool, bool) = match self {
            Departure::ControlsAndSpaceOnlyRefused => (&TEXT_COMPONENTS, true, true),
            Departure::EveryComponentUnchecked => (&ESCAPED_COMPONENTS, false, true),
            Departure::OnlyEscapesChecked => (&ESCAPED_COMPONENTS, false, false),
            Departure::TextComponentsUnchecked => (&TEXT_COMPONENTS, false, true),
            _ => return Vec::new(),
        };
        let mut found: Vec<(usize, char, Field)> = parts
            .iter()
            .filter_map(|&part| Some((spans.of_part(part)?, part)))
            .filter(|(range, part)| *part != Field::Host || !input[range.clone()].starts_with('['))
            .flat_map(|(range, part)| {
                taken(input, range, part)
                    .into_iter()
                    .map(move |(at, c, taken)| (at, c, taken, part))
            })
            .filter(|&(_, c, taken, _)| {
                taken != Taken::Allowed
                    && (lone_percent || taken != Taken::LonePercent)
                    && !(controls_refused && (c.is_ascii_control() || c == ' '))
            })
            .map(|(at, c, _, part)| (at, c, part))
            .collect();
        found.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
        found
    }
}

/// Whether a pct-encoded triplet starts at `at`.
fn is_triplet(bytes: &[u8], at: usize) -> bool {
    bytes.get(at) == Some(&b'%')
        && bytes.get(at + 1).is_some_and(|&b| HEXDIG.contains(b))
        && bytes.get(at + 2).is_some_and(|&b| HEXDIG.contains(b))
}

/// An IP literal of [`Departure::IpLiteralUnchecked`] or [`Departure::IpLiteralToLastBracket`]
/// (`input[literal]`, brackets included, of ASCII characters) stood in for by a reg-name of its
/// length ("g"s), but for a "%" that starts no pct-encoded triplet, which stays: such a literal is
/// refused, as a parser that reads a zone's escapes there (RFC 6874's `"%25" ZoneID`) refuses
/// it, unless a departure of the host's "%" ([`Departure::PercentUnchecked`]) reads it too.
fn literal_stood_in(input: &str, literal: std::ops::Range<usize>) -> String {
    let bytes = input.as_bytes();
    literal
        .map(|at| {
            if bytes[at] == b'%' && !is_triplet(bytes, at) {
                '%'
            } else {
                // No hexadecimal digit, so that the "%" kept starts no triplet in the stand-in.
                'g'
            }
        })
        .collect()
}

/// How `part`'s rule takes one character where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taken {
    /// As it is, or as part of a pct-encoded triplet.
    Allowed,
    /// Refused: a character outside the rule's class (for the scheme, a first character that
    /// is no `ALPHA`).
    Refused,
    /// Refused: a "%" that starts no triplet.
    LonePercent,
}

/// Each character of `input[range]`, with its byte offset, and how `part`'s rule takes it.
fn taken(input: &str, range: std::ops::Range<usize>, part: Field) -> Vec<(usize, char, Taken)> {
    let (class, _) = rule(part);
    let bytes = input.as_bytes();
    let mut triplet_left = 0;
    input[range.clone()]
        .char_indices()
        .map(|(i, c)| {
            let at = range.start + i;
            let taken = if triplet_left > 0 {
                triplet_left -= 1;
                Taken::Allowed
            } else if c == '%' && takes_pct_encoded(part) && is_triplet(bytes, at) {
                triplet_left = 2;
                Taken::Allowed
            } else if c == '%' && takes_pct_encoded(part) {
                Taken::LonePercent
            } else if part == Field::Scheme && i == 0 {
                if c.is_ascii() && ALPHA.contains(c as u8) {
                    Taken::Allowed
                } else {
                    Taken::Refused
                }
            } else if c.is_ascii() && class.contains(c as u8) {
                Taken::Allowed
            } else {
                Taken::Refused
            };
            (at, c, taken)
        })
        .collect()
}

/// `input` with every character of `part` that its rule takes as `which` replaced by the
/// part's stand-in.
fn replace_taken(input: &str, range: std::ops::Range<usize>, part: Field, which: Taken) -> String {
    replace_taken_where(input, range, part, rule(part).1, |taken| taken == which)
}

/// `input` with each lone "%" of `part` stood in for: by the part's stand-in, but in an IP
/// literal by a letter no hexadecimal digit, so that the stand-in makes no IPv6 address of
/// what is none ("[::%0]" is no "[::a0]"); an unchecked literal's departure reads it as one
/// of its own. (An IPvFuture's tail takes any such letter: "[v0.%]" still reads as "[v0.g]".)
fn lone_percent_stood_in(input: &str, range: std::ops::Range<usize>, part: Field) -> String {
    let stand_in = if part == Field::Host && input[range.clone()].starts_with('[') {
        'g'
    } else {
        rule(part).1
    };
    replace_taken_where(input, range, part, stand_in, |taken| {
        taken == Taken::LonePercent
    })
}

/// `input` with every character of `part` whose taking `which` selects replaced by
/// `stand_in`.
fn replace_taken_where(
    input: &str,
    range: std::ops::Range<usize>,
    part: Field,
    stand_in: char,
    which: impl Fn(Taken) -> bool,
) -> String {
    let mut out = String::with_capacity(input.len());
    out.push_str(&input[..range.start]);
    for (_, c, taken) in taken(input, range.clone(), part) {
        out.push(if which(taken) { stand_in } else { c });
    }
    out.push_str(&input[range.end..]);
    out
}

/// Whether `c` is outside US-ASCII and neither a control (C1) nor a Unicode space (`Zs`, `Zl`,
/// `Zp`): java.net.URI's *other* characters.
/// A path with its dot-segments removed (RFC 3986 §5.2.4), a segment whose dots are written
/// "%2E" or "%2e" read as one of dots ([`Departure::PathDotSegmentsRemoved`]).
fn path_dot_segments_removed(path: &str) -> String {
    let dotted: Vec<String> = path
        .split('/')
        .map(|segment| {
            let read = segment.to_ascii_lowercase().replace("%2e", ".");
            if read == "." || read == ".." {
                read
            } else {
                segment.to_owned()
            }
        })
        .collect();
    reference::remove_dot_segments(&dotted.join("/"))
}

impl SegmentDots {
    /// `path` with its dot-segments removed by a split at "/", as the parser's own code
    /// does it (a "%2E" segment is no dot-segment).
    pub(crate) fn removed(self, path: &str) -> String {
        match self {
            // urllib3's `_remove_path_dot_segments`.
            SegmentDots::RootPutBackEndKept => {
                let mut output: Vec<&str> = Vec::new();
                for segment in path.split('/') {
                    match segment {
                        "." => {}
                        ".." => {
                            output.pop();
                        }
                        _ => output.push(segment),
                    }
                }
                if path.starts_with('/') && output.first().is_none_or(|first| !first.is_empty()) {
                    output.insert(0, "");
                }
                if path.ends_with("/.") || path.ends_with("/..") {
                    output.push("");
                }
                output.join("/")
            }
            // httpx's `normalize_path`.
            SegmentDots::RootKeptEndDropped => {
                let mut output: Vec<&str> = Vec::new();
                for segment in path.split('/') {
                    match segment {
                        "." => {}
                        ".." => {
                            if !output.is_empty() && output != [""] {
                                output.pop();
                            }
                        }
                        _ => output.push(segment),
                    }
                }
                output.join("/")
            }
        }
    }
}

impl DotScope {
    /// Whether the parser removes the dot-segments of a parse with these components.
    fn covers(self, components: &Components) -> bool {
        match self {
            DotScope::HttpOrNoScheme => components
                .scheme
                .as_deref()
                .is_none_or(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https")),
            DotScope::SchemeOrAuthority => {
                let filled = |part: &Option<String>| part.as_deref().is_some_and(|p| !p.is_empty());
                components.scheme.is_some()
                    || filled(&components.userinfo)
                    || filled(&components.host)
                    || filled(&components.port)
            }
        }
    }
}

/// Whether the WHATWG URL Standard's percent-encode set of `part` holds the ASCII character
/// `c`, as httpx's `_urlparse.py` writes the sets out (see
/// [`Departure::UrlStandardSetsEncoded`]).
fn in_url_standard_set(part: Field, c: u8) -> bool {
    let c0 = c < 0x20 || c == 0x7F;
    let fragment = c0 || matches!(c, b' ' | b'"' | b'<' | b'>' | b'`');
    let query = c0 || matches!(c, b' ' | b'"' | b'#' | b'<' | b'>');
    let path = query || matches!(c, b'?' | b'`' | b'{' | b'}');
    let userinfo = path
        || matches!(
            c,
            b'/' | b';' | b'=' | b'@' | b'[' | b'\\' | b']' | b'^' | b'|'
        );
    match part {
        Field::Userinfo => userinfo,
        Field::Path => path,
        Field::Query => query,
        Field::Fragment => fragment,
        _ => false,
    }
}

/// `text`, a component `part`, with the characters of its URL Standard set and those outside
/// US-ASCII percent-encoded, every other character (a "%" too) as written.
fn url_standard_set_encoded(part: Field, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && !in_url_standard_set(part, c as u8) {
            out.push(c);
        } else {
            for b in c.to_string().bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// A parse's answer with its userinfo, path, query and fragment encoded by their sets.
fn url_standard_sets_encoded(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let encode = |part: Field, text: &mut String| *text = url_standard_set_encoded(part, text);
    if let Some(userinfo) = components.userinfo.as_mut() {
        encode(Field::Userinfo, userinfo);
    }
    encode(Field::Path, &mut components.path);
    if let Some(query) = components.query.as_mut() {
        encode(Field::Query, query);
    }
    if let Some(fragment) = components.fragment.as_mut() {
        encode(Field::Fragment, fragment);
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// Whether `authority` is RFC 2396's server-based authority (§3.2.2), with RFC 2732's IPv6
/// literal: `server = [ [ userinfo "@" ] hostport ]`, `userinfo = *( unreserved | escaped |
/// ";" | ":" | "&" | "=" | "+" | "$" | "," )`, `hostport = host [ ":" port ]`, `port =
/// *digit`, the host a bracketed `IPv6address`, an `IPv4address` of four runs of one to three
/// digits (RFC 2732 §3), or a hostname (`domainlabel = alphanum | alphanum *( alphanum | "-" )
/// alphanum`, the last of several labels a `toplabel`, which starts with a letter, and a
/// final "." allowed; a name of one label a `domainlabel`, as java.net.URI restates it:
/// `hostname = domainlabel [ "." ] | 1*( domainlabel "." ) toplabel [ "." ]`).
fn rfc2396_server(authority: &str) -> bool {
    if authority.is_empty() {
        return true;
    }
    let hostport = match authority.split_once('@') {
        Some((userinfo, hostport)) => {
            if !rfc2396_escaped_of(userinfo, b";:&=+$,") {
                return false;
            }
            hostport
        }
        None => authority,
    };
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(close) => hostport.split_at(close + 1),
            None => return false,
        }
    } else {
        match hostport.find(':') {
            Some(colon) => hostport.split_at(colon),
            None => (hostport, ""),
        }
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()));
    port_ok && rfc2396_host(host)
}

/// [`rfc2396_server`]'s host.
fn rfc2396_host(host: &str) -> bool {
    if host.starts_with('[') {
        return reference::parse_host(host)
            .is_ok_and(|c| c.host_kind == Some(HostKind::Ipv6) && !host.contains('%'));
    }
    let ipv4 = host.split('.').count() == 4
        && host
            .split('.')
            .all(|run| (1..=3).contains(&run.len()) && run.bytes().all(|b| b.is_ascii_digit()));
    if ipv4 {
        return true;
    }
    let name = host.strip_suffix('.').unwrap_or(host);
    let labels: Vec<&str> = name.split('.').collect();
    let label_ok = |label: &str| {
        !label.is_empty()
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    labels.iter().all(|l| label_ok(l))
        && (labels.len() == 1
            || labels
                .last()
                .is_some_and(|l| l.starts_with(|c: char| c.is_ascii_alphabetic())))
}

/// Whether `text` is RFC 2396's `reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" |
/// "@" | "&" | "=" | "+" )`.
fn rfc2396_reg_name(text: &str) -> bool {
    !text.is_empty() && rfc2396_escaped_of(text, b"$,;:@&=+")
}

/// Whether `text` is `unreserved` characters (RFC 2396: `alphanum | mark`, `mark = "-" | "_" |
/// "." | "!" | "~" | "*" | "'" | "(" | ")"`), `escaped` triplets and the characters `more`.
fn rfc2396_escaped_of(text: &str, more: &[u8]) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        if b == b'%' {
            if !is_triplet(bytes, at) {
                return false;
            }
            at += 3;
            continue;
        }
        if !(b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) || more.contains(&b)) {
            return false;
        }
        at += 1;
    }
    true
}

fn is_other(c: char) -> bool {
    !c.is_ascii()
        && !c.is_control()
        && !matches!(
            c,
            '\u{a0}' | '\u{1680}' | '\u{2000}'
                ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
}

/// RFC 3986's `reserved = gen-delims / sub-delims` (§2.2).
const RESERVED: &[u8] = b":/?#[]@!$&'()*+,;=";

/// Whether a "%" of `text` (a component as written) is encoded by
/// [`Departure::EncodedOutsideReserved`]: every one, once one of them starts no triplet.
fn every_percent_encoded(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.char_indices()
        .any(|(at, c)| c == '%' && !is_triplet(bytes, at))
}

/// Whether [`Departure::EncodedOutsideReserved`] encodes `c`: a character outside `reserved`
/// and `unreserved`, or a "%" when `every_percent`.
fn encoded_outside_reserved(c: char, every_percent: bool) -> bool {
    if c == '%' {
        every_percent
    } else {
        !(c.is_ascii() && (UNRESERVED.contains(c as u8) || RESERVED.contains(&(c as u8))))
    }
}

/// `text` (a component as written) with every character outside `reserved` and `unreserved`
/// percent-encoded as UTF-8, and every "%" of it when one of them starts no triplet.
fn encode_outside_reserved(text: &str) -> String {
    let every_percent = every_percent_encoded(text);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if encoded_outside_reserved(c, every_percent) {
            for byte in c.to_string().bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` (a component as written) as [`Departure::EncodedReservedKept`] gives it: every
/// character outside `reserved` and `unreserved` percent-encoded as UTF-8, and every "%" that
/// starts no triplet; the triplets and the reserved characters as written.
fn encode_keeping_reserved(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    for (at, c) in text.char_indices() {
        let encoded = if c == '%' {
            !is_triplet(bytes, at)
        } else {
            encoded_outside_reserved(c, false)
        };
        if encoded {
            for byte in c.to_string().bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The host's last 32 bits as a dotted quad may write them: the whole host, or an IPv6
/// literal's text after its last ":", with where it starts; `None` where that text is not four
/// parts of one to three characters between dots.
fn dotted_quad<'a>(input: &'a str, spans: &Spans) -> Option<(usize, &'a str)> {
    let host = spans.host.clone()?;
    let text = &input[host.clone()];
    let (start, quad) = match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        Some(literal) => {
            let at = literal.rfind(':')? + 1;
            (host.start + 1 + at, &literal[at..])
        }
        None => (host.start, text),
    };
    let parts: Vec<&str> = quad.split('.').collect();
    (parts.len() == 4 && parts.iter().all(|p| (1..=3).contains(&p.len()))).then_some((start, quad))
}

/// The places of the leading "0"s of the host's dotted quad's octets of two or three digits
/// ([`dotted_quad`]); `None` where the quad is not all digits, or no octet starts with "0".
fn leading_zeros(input: &str, spans: &Spans) -> Option<Vec<usize>> {
    let (start, quad) = dotted_quad(input, spans)?;
    if !quad.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let mut zeros = Vec::new();
    let mut at = start;
    for octet in quad.split('.') {
        if octet.len() > 1 && octet.starts_with('0') {
            zeros.push(at);
        }
        at += octet.len() + 1;
    }
    (!zeros.is_empty()).then_some(zeros)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::Implementation;
    use crate::impls::reference::Reference;

    /// The departure's answer to a parse of `input`, alone over the reference.
    fn answer(departure: Departure, input: &str) -> Option<Outcome> {
        let case = Request::parse(input);
        let asked = departure.rewrite(&case)?;
        Some(departure.apply(&case, &case, &asked, Reference.answer(&asked)))
    }

    /// The departure's answer to a parse of `input` with its rules on components too (a data
    /// model that holds no empty component: [`Departure::no_empty_in`]), as a catalogue's model
    /// gives it; `None` where the departure reads the case as the reference does.
    fn answer_in_components(departure: Departure, input: &str) -> Option<Outcome> {
        let case = Request::parse(input);
        let asked = departure.rewrite(&case)?;
        let read = departure.apply(&case, &case, &asked, Reference.answer(&asked));
        Some(departure.no_empty_in(read))
    }

    fn components(outcome: &Outcome) -> &Components {
        match outcome {
            Outcome::Parsed { components, .. } => components,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_witness_is_read_otherwise_by_its_departure_alone() {
        let structural = [
            Departure::UserinfoToLastAt,
            Departure::NetworkPathAsPath,
            Departure::TripleSlashReferenceAsPath,
            Departure::PortAfterLastColon,
            Departure::PortNotDigitsInHost,
            Departure::PortLeadingDigitsRead,
            Departure::AuthorityEndsAtRefused,
            Departure::PortReadAsNumber,
            Departure::Ipv6ShortenedByInetNtop,
            Departure::Ipv6FieldsRecompressed,
            Departure::EmptyAuthorityAsAbsent,
            Departure::EmptyPathAsSlash,
            Departure::EmptyAsAbsent(Field::Userinfo),
            Departure::EmptyAsAbsent(Field::Port),
            Departure::EmptyAsAbsent(Field::Query),
            Departure::EmptyAsAbsent(Field::Fragment),
            Departure::OneOrThreeSlashesAsTwo,
            Departure::InvalidSchemeAsPath,
            Departure::EmptySchemeAsPath,
            Departure::SchemeFirstCharacterUnchecked,
            Departure::IpLiteralAsRegName,
        ];
        for departure in structural {
            let witness = departure
                .witness(&Request::parse("b://x?<"))
                .unwrap_or_else(|| panic!("{departure:?}"));
            let Request::Parse { input, .. } = &witness else {
                panic!("{witness:?}")
            };
            let letter = Reference.answer(&witness);
            let departing = match departure.rewrite(&witness) {
                Some(asked) => {
                    departure.apply(&witness, &witness, &asked, Reference.answer(&asked))
                }
                // A rule on the answer reads the text as the RFC does.
                None => departure.rule_on_answer(&witness, letter.clone()),
            };
            assert!(
                matches!(departing, Outcome::Parsed { .. }),
                "{departure:?} {input}: {departing:?}"
            );
            assert_ne!(departing, letter, "{departure:?} {input}");
        }
        // After the case's scheme, or "//" where it has none; none where its scheme is no
        // scheme or the rule wants one.
        let witness = |input: &str| Departure::PortNotDigitsInHost.witness(&Request::parse(input));
        assert_eq!(witness("Ab+1://x%"), Some(Request::parse("Ab+1://h:a/")));
        assert_eq!(witness("//x%"), Some(Request::parse("//h:a/")));
        assert_eq!(witness("0a://x%"), None);
        assert_eq!(witness("//h:a/"), None);
        let absolute = Request::Parse {
            input: "//x%".into(),
            rule: Some(crate::reference::Rule::Uri.into()),
            zone_id: false,
        };
        assert_eq!(Departure::PortNotDigitsInHost.witness(&absolute), None);
        // A departure probed character by character has none.
        assert_eq!(
            Departure::Unchecked(Field::Path).witness(&Request::parse("a:<")),
            None
        );
    }

    #[test]
    fn an_ip_literal_takes_any_character_in_its_authority() {
        let zone = answer(Departure::IpLiteralAnyInAuthority, "a://[::%|]/p").unwrap();
        assert_eq!(components(&zone).host.as_deref(), Some("[::%|]"));
        assert_eq!(components(&zone).path, "/p");
        let spaced = answer(Departure::IpLiteralAnyInAuthority, "//u@[a b\u{e9}]:80").unwrap();
        assert_eq!(components(&spaced).host.as_deref(), Some("[a b\u{e9}]"));
        assert_eq!(components(&spaced).userinfo.as_deref(), Some("u"));
        assert_eq!(components(&spaced).port.as_deref(), Some("80"));
        // The authority ends at "/", "?" or "#": the literal has no "]" before it.
        assert!(!matches!(
            answer(Departure::IpLiteralAnyInAuthority, "//[a/b]"),
            Some(Outcome::Parsed { .. })
        ));
        // A literal the RFC reads is read alike.
        assert_eq!(answer(Departure::IpLiteralAnyInAuthority, "//[::1]"), None);
    }

    #[test]
    fn an_unchecked_component_keeps_what_the_rule_refuses() {
        let path = answer(Departure::Unchecked(Field::Path), "a:/b c/é").unwrap();
        assert_eq!(components(&path).path, "/b c/é");
        // A lone "%" is another mechanism.
        let lone = answer(Departure::Unchecked(Field::Path), "a:/b c%zz").unwrap();
        assert!(matches!(lone, Outcome::Invalid(_)), "{lone:?}");
        let percent = answer(Departure::PercentUnchecked(Field::Path), "a:/b%zz").unwrap();
        assert_eq!(components(&percent).path, "/b%zz");
        let control = answer(Departure::Unchecked(Field::Path), "a:/b\u{1}").unwrap();
        assert_eq!(components(&control).path, "/b\u{1}");
        assert_eq!(components(&path).scheme.as_deref(), Some("a"));
        let query = answer(Departure::Unchecked(Field::Query), "//h?a b#f").unwrap();
        assert_eq!(components(&query).query.as_deref(), Some("a b"));
        assert_eq!(components(&query).host.as_deref(), Some("h"));
        let port = answer(Departure::Unchecked(Field::Port), "//h:8a").unwrap();
        assert_eq!(components(&port).port.as_deref(), Some("8a"));
        // Only the part's own characters: a space elsewhere stays refused.
        let elsewhere = answer(Departure::Unchecked(Field::Path), "a:/b c?d e").unwrap();
        assert!(matches!(elsewhere, Outcome::Invalid(_)), "{elsewhere:?}");
        assert_eq!(answer(Departure::Unchecked(Field::Path), "a:/b?c d"), None);
        // Nothing refused, nothing to read otherwise.
        assert_eq!(answer(Departure::Unchecked(Field::Path), "a:/b"), None);
    }

    #[test]
    fn a_dec_octet_may_start_with_a_zero() {
        // §3.2.2's dec-octet has no leading zero: "00.0.0.0" is a reg-name, "[::00.0.0.0]" no
        // IPv6address; with leading zeros read, an IPv4 address as written.
        let host = answer(Departure::DecOctetLeadingZeros, "//00.0.0.0:1").unwrap();
        assert_eq!(components(&host).host.as_deref(), Some("00.0.0.0"));
        assert_eq!(components(&host).port.as_deref(), Some("1"));
        assert!(matches!(
            host,
            Outcome::Parsed {
                host_kind: Some(HostKind::Ipv4),
                ..
            }
        ));
        let literal = answer(Departure::DecOctetLeadingZeros, "//[::1:00.0.0.099]").unwrap();
        assert_eq!(
            components(&literal).host.as_deref(),
            Some("[::1:00.0.0.099]")
        );
        // Four digits are no octet, and an address without a leading zero is the RFC's.
        assert_eq!(
            answer(Departure::DecOctetLeadingZeros, "//[::0000.0.0.0]"),
            None
        );
        assert_eq!(answer(Departure::DecOctetLeadingZeros, "//10.0.0.0"), None);
        assert_eq!(answer(Departure::DecOctetLeadingZeros, "//a.00"), None);
    }

    #[test]
    fn an_unchecked_ip_literal_is_taken_to_its_bracket() {
        let host = answer(Departure::IpLiteralUnchecked, "//[a:b]:80/p").unwrap();
        assert_eq!(components(&host).host.as_deref(), Some("[a:b]"));
        assert_eq!(components(&host).port.as_deref(), Some("80"));
        assert_eq!(components(&host).userinfo, None);
        // A literal the RFC reads is read alike.
        assert_eq!(answer(Departure::IpLiteralUnchecked, "//[v1.x=y]"), None);
        let future = answer(Departure::IpLiteralUnchecked, "//[v.x=y]").unwrap();
        assert_eq!(components(&future).host.as_deref(), Some("[v.x=y]"));
        assert!(matches!(
            future,
            Outcome::Parsed {
                host_kind: Some(HostKind::IpvFuture),
                ..
            }
        ));
        // However short.
        let short = answer(Departure::IpLiteralUnchecked, "//[:]").unwrap();
        assert_eq!(components(&short).host.as_deref(), Some("[:]"));
        assert!(matches!(
            short,
            Outcome::Parsed {
                host_kind: Some(HostKind::Ipv6),
                ..
            }
        ));
        let last = answer(Departure::IpLiteralToLastBracket, "//[::]]:1").unwrap();
        assert_eq!(components(&last).host.as_deref(), Some("[::]]"));
        assert_eq!(components(&last).port.as_deref(), Some("1"));
        assert_eq!(answer(Departure::IpLiteralToLastBracket, "//[::]"), None);
        // A reg-name is no IP literal, and a space is no character of one.
        assert_eq!(answer(Departure::IpLiteralUnchecked, "//a b"), None);
        assert_eq!(answer(Departure::IpLiteralUnchecked, "//[a b]"), None);
    }

    /// Node's legacy url.parse: `isIpv6Hostname`, "[" first and "]" last, and only
    /// `forbiddenHostCharsIpv6` refused in it.
    #[test]
    fn an_ip_literal_may_run_to_the_last_bracket_whatever_it_holds() {
        let any = Departure::IpLiteralAnyToLastBracket;
        let read = answer(any, "a://[::][]").unwrap();
        assert_eq!(components(&read).host.as_deref(), Some("[::][]"));
        let read = answer(any, "a://[\u{1}\u{e9}]:80/p").unwrap();
        assert_eq!(components(&read).host.as_deref(), Some("[\u{1}\u{e9}]"));
        assert_eq!(components(&read).port.as_deref(), Some("80"));
        assert_eq!(components(&read).path, "/p");
        // Not a valid literal, nor a literal that text other than a port follows, nor a
        // registered name.
        assert_eq!(answer(any, "a://[::1]"), None);
        assert_eq!(answer(any, "a://[v]x"), None);
        assert_eq!(answer(any, "a://v]"), None);
        assert_eq!(
            Departure::from_id("ip-literal-any-to-last-bracket"),
            Some(any)
        );
    }

    /// uri-js's URI_PARSE: an IP literal of any characters up to its "]", and the path after
    /// it, rootless ("//[v]0" has the host "[v]" and the path "0").
    #[test]
    fn an_unchecked_ip_literal_may_end_an_authority_read_as_a_prefix() {
        let read = composed(
            &[
                Departure::AuthorityEndsAtRefused,
                Departure::IpLiteralUnchecked,
            ],
            "//[v]0",
        )
        .unwrap();
        assert_eq!(components(&read).host.as_deref(), Some("[v]"));
        assert_eq!(components(&read).path, "0");
        // In the library's order, which attribution composes them in.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|x| *x == d).unwrap();
        assert!(at(Departure::AuthorityEndsAtRefused) < at(Departure::IpLiteralUnchecked));
        assert!(at(Departure::UserinfoToLastAt) < at(Departure::AuthorityEndsAtRefused));
        // The prefix alone leaves the literal to the RFC, which refuses it.
        let alone = composed(&[Departure::AuthorityEndsAtRefused], "//[v]0").unwrap();
        assert!(!alone.is_valid(), "{alone:?}");
    }

    #[test]
    fn an_unchecked_ip_literal_refuses_a_lone_percent_but_beside_the_hosts_percent_departure() {
        let host_percent = Departure::PercentUnchecked(Field::Host);
        for (literal, close) in [
            (Departure::IpLiteralUnchecked, "]"),
            (Departure::IpLiteralToLastBracket, "]]"),
        ] {
            // A lone "%" is refused, wherever it stands in the literal; none is probed.
            for input in ["//[%]", "//[a%]", "//[::1%4]", "//[%]]"] {
                let read = answer(literal, input);
                assert!(
                    !read.as_ref().is_some_and(Outcome::is_valid),
                    "{input}: {read:?}"
                );
            }
            assert!(!literal.probes().contains(&'%'));
            // A triplet is taken (RFC 6874's zone is pct-encoded), a lone "%" with the host's
            // departure beside, in either order (the library's, a catalogue's file order).
            let triplet = answer(literal, &format!("//[x%25e{close}")).unwrap();
            assert_eq!(
                components(&triplet).host.as_deref(),
                Some(format!("[x%25e{close}").as_str())
            );
            for set in [[literal, host_percent], [host_percent, literal]] {
                let read = composed(&set, &format!("//[a%{close}:1/p")).unwrap();
                assert_eq!(
                    components(&read).host.as_deref(),
                    Some(format!("[a%{close}").as_str()),
                    "{set:?}"
                );
                assert_eq!(components(&read).port.as_deref(), Some("1"));
                assert!(matches!(
                    read,
                    Outcome::Parsed {
                        host_kind: Some(HostKind::Ipv6),
                        ..
                    }
                ));
            }
        }
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(Departure::IpLiteralUnchecked) < at(host_percent));
    }

    #[test]
    fn a_reference_with_three_slashes_may_be_read_as_a_path() {
        let d = Departure::TripleSlashReferenceAsPath;
        let read = answer(d, "///p?q#f").unwrap();
        assert_eq!(components(&read).path, "///p");
        assert_eq!(components(&read).host, None);
        assert_eq!(components(&read).query.as_deref(), Some("q"));
        assert_eq!(components(&read).fragment.as_deref(), Some("f"));
        assert_eq!(components(&answer(d, "///").unwrap()).path, "///");
        // Two slashes start an authority, and so do three after a scheme.
        assert_eq!(answer(d, "//h/p"), None);
        assert_eq!(answer(d, "a:///p"), None);
        assert_eq!(answer(d, "/p"), None);
    }

    #[test]
    fn a_network_path_may_be_read_as_a_path() {
        let read = answer(Departure::NetworkPathAsPath, "//h:1/p?q").unwrap();
        assert_eq!(components(&read).path, "//h:1/p");
        assert_eq!(components(&read).host, None);
        assert_eq!(components(&read).query.as_deref(), Some("q"));
        let with_scheme = answer(Departure::NetworkPathAsPath, "a://h").unwrap();
        assert_eq!(components(&with_scheme).path, "//h");
        assert_eq!(answer(Departure::NetworkPathAsPath, "/h"), None);
    }

    #[test]
    fn a_network_path_reference_alone_may_be_read_as_a_path() {
        let d = Departure::NetworkPathReferenceAsPath;
        let read = answer(d, "//h:1/p?q").unwrap();
        assert_eq!(components(&read).path, "//h:1/p");
        assert_eq!(components(&read).host, None);
        assert_eq!(components(&read).query.as_deref(), Some("q"));
        // After a scheme, "//" starts the authority: the RFC's reading, no rewrite.
        assert_eq!(answer(d, "a://h"), None);
        assert_eq!(answer(d, "/h"), None);
        assert_eq!(
            d.reading_controls(&Request::parse("//h")),
            [Request::parse("a://h/p")]
        );
    }

    #[test]
    fn the_userinfo_may_end_at_the_last_at_sign() {
        let read = answer(Departure::UserinfoToLastAt, "//a@b@c/p").unwrap();
        assert_eq!(components(&read).userinfo.as_deref(), Some("a@b"));
        assert_eq!(components(&read).host.as_deref(), Some("c"));
        assert_eq!(answer(Departure::UserinfoToLastAt, "//a@c"), None);
    }

    #[test]
    fn refused_characters_may_be_encoded() {
        let encoded = answer(Departure::EncodedInsteadOfRefused(Field::Path), "a:/b c%/é").unwrap();
        assert_eq!(components(&encoded).path, "/b%20c%25/%C3%A9");
    }

    #[test]
    fn refused_characters_may_be_encoded_in_every_component() {
        let every = Departure::EveryComponentEncoded;
        // Each component's refused characters as its own rule refuses them (RFC 3986 Appendix
        // A), UTF-8 octets for one outside US-ASCII (§2.5), a lone "%" too.
        let encoded = answer(every, "a://a b@h{/a`?a^#a|").unwrap();
        let read = components(&encoded);
        assert_eq!(read.userinfo.as_deref(), Some("a%20b"));
        assert_eq!(read.host.as_deref(), Some("h%7B"));
        assert_eq!(read.path, "/a%60");
        assert_eq!(read.query.as_deref(), Some("a%5E"));
        assert_eq!(read.fragment.as_deref(), Some("a%7C"));
        let one = answer(every, "a:/b c%/\u{e9}").unwrap();
        assert_eq!(components(&one).path, "/b%20c%25/%C3%A9");
        // What a component's rule allows stays as written: "?" and "/" in the query and the
        // fragment, ":" and "@" in the path, a pct-encoded triplet.
        let kept = answer(every, "a://h/:@%41?/?# #/?").unwrap();
        assert_eq!(components(&kept).path, "/:@%41");
        assert_eq!(components(&kept).query.as_deref(), Some("/?"));
        assert_eq!(components(&kept).fragment.as_deref(), Some("%20%23/?"));
        // Near misses: a valid reference is no case of it, nor is an IP literal (departures of
        // its own) or the structure (a second "#" is the fragment's refused character, not a
        // delimiter).
        assert_eq!(answer(every, "a://u@h/p?q#f"), None);
        assert_eq!(answer(every, "a://[v1.x y]/"), None);
        // The witness has a refused character in each component, and the rule of one
        // component reads it otherwise: only the path encoded is no answer of it.
        let witness = every.witness(&Request::parse("a:/b c")).expect("a witness");
        let Request::Parse { input, .. } = &witness else {
            panic!("{witness:?}")
        };
        assert_eq!(input, "a://a b@h b/a b?a b#a b");
        assert_eq!(
            components(&answer(every, input).unwrap()).host.as_deref(),
            Some("h%20b")
        );
        assert_ne!(
            answer(Departure::EncodedInsteadOfRefused(Field::Path), input),
            answer(every, input)
        );
        // Tried before the rule of one component, whose report it takes.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        for part in ESCAPED_COMPONENTS {
            assert!(at(every) < at(Departure::EncodedInsteadOfRefused(part)));
        }
    }

    /// The answer of `departures` composed, each reading the case as those before it left
    /// it, over the reference; `None` where none reads the case otherwise and none is a rule
    /// on the answer.
    fn composed(departures: &[Departure], input: &str) -> Option<Outcome> {
        let case = Request::parse(input);
        let mut seen = Vec::new();
        let mut asked = case.clone();
        for departure in departures {
            seen.push(asked.clone());
            if let Some(again) = departure.rewrite(&asked) {
                asked = again;
            }
        }
        if asked == case && !departures.iter().any(|d| d.is_answer_rule()) {
            return None;
        }
        let mut outcome = Reference.answer(&asked);
        for (departure, seen) in departures.iter().zip(&seen) {
            outcome = departure.apply(&case, seen, &asked, outcome);
        }
        Some(outcome)
    }

    #[test]
    fn a_host_may_be_written_as_its_idna_form() {
        let idna = Departure::HostIdnaToAscii;
        let catalogue = crate::diff::Catalogue::bundled();
        let answer = |departures: &[Departure], input: &str| {
            catalogue.departing_answer("unseen", departures, &[], &Request::parse(input))
        };
        let host = |departures: &[Departure], input: &str| {
            components(&answer(departures, input)).host.clone()
        };
        // UTS #46 §4.2 ToASCII, its mapping then Punycode (RFC 3492's examples of one
        // character): QUrl and yarl answer "//é" with "xn--9ca", "//א" with "xn--4db".
        assert_eq!(host(&[idna], "//\u{e9}").as_deref(), Some("xn--9ca"));
        assert_eq!(host(&[idna], "//\u{5d0}").as_deref(), Some("xn--4db"));
        // The mapping folds case, ASCII's beside the others in the label; each label alone.
        assert_eq!(
            host(&[idna], "http://\u{c9}a/p").as_deref(),
            Some("xn--a-9fa")
        );
        assert_eq!(host(&[idna], "//0.\u{5d0}").as_deref(), Some("0.xn--4db"));
        let whole = answer(&[idna], "a://u@\u{e9}:8/p?q#f");
        let parsed = components(&whole);
        assert_eq!(
            (
                parsed.userinfo.as_deref(),
                parsed.port.as_deref(),
                parsed.path.as_str()
            ),
            (Some("u"), Some("8"), "/p")
        );
        // With the userinfo's characters encoded beside it (QUrl's "//中@É").
        let both = [idna, Departure::EncodedInsteadOfRefused(Field::Userinfo)];
        let whole = answer(&both, "//\u{4e2d}@\u{c9}");
        let parsed = components(&whole);
        assert_eq!(
            (parsed.userinfo.as_deref(), parsed.host.as_deref()),
            (Some("%E4%B8%AD"), Some("xn--9ca"))
        );
        // Near misses: an ASCII host, an IP literal, a host with a triplet, and characters
        // outside ASCII in the userinfo, path, query or fragment are not read; the host
        // percent-encoded is another departure's answer.
        for input in [
            "//a",
            "//[\u{e9}]",
            "//\u{e9}%41",
            "//\u{e9}@a",
            "/\u{e9}",
            "a:\u{e9}",
            "//a/\u{e9}?\u{e9}#\u{e9}",
        ] {
            assert_eq!(idna.rewrite(&Request::parse(input)), None, "{input}");
        }
        assert_eq!(
            host(
                &[Departure::EncodedInsteadOfRefused(Field::Host)],
                "//\u{e9}"
            )
            .as_deref(),
            Some("%C3%A9")
        );
        assert_ne!(host(&[idna], "//\u{e9}").as_deref(), Some("%C3%A9"));
        // Nontransitional: "ß" is kept ("xn--zca", yarl's answer), not IDNA 2003's "ss".
        assert_eq!(host(&[idna], "//\u{df}").as_deref(), Some("xn--zca"));
        // A label ToASCII records an error for is written all the same (QUrl's "//\u{301}").
        assert_eq!(host(&[idna], "//\u{301}").as_deref(), Some("xn--lsa"));
        assert_eq!(
            idna.probe_site(&Request::parse("//a\u{e9}")),
            Some((3, '\u{e9}'))
        );
        assert_eq!(idna.probe_site(&Request::parse("//a\u{e9}%41")), None);
        assert!(idna.preprocesses());
        assert_eq!(Departure::from_id("host-idna-to-ascii"), Some(idna));
    }

    #[test]
    fn a_host_may_be_lowercased_before_it_is_encoded() {
        let lowered = Departure::HostLowercasedBeforeEncoding;
        // Composed as attribution composes them: the rewrite of the raw text first, the
        // others given back from the text it left.
        let catalogue = crate::diff::Catalogue::bundled();
        let host = |departures: &[Departure], input: &str| {
            let answer =
                catalogue.departing_answer("unseen", departures, &[], &Request::parse(input));
            components(&answer).host.clone()
        };
        let both = [lowered, Departure::EncodedInsteadOfRefused(Field::Host)];
        // uri-js's and fast-uri's catalogue examples: "//É" has the host "%C3%A9".
        assert_eq!(host(&both, "//\u{c9}").as_deref(), Some("%C3%A9"));
        assert_eq!(host(&both, "http://\u{3a9}A/p").as_deref(), Some("%CF%89a"));
        // Near misses: the encoding alone writes what was written; an ASCII host, an IP
        // literal, a path and a character whose lowercase is two are not read.
        assert_eq!(
            host(
                &[Departure::EncodedInsteadOfRefused(Field::Host)],
                "//\u{c9}"
            )
            .as_deref(),
            Some("%C3%89")
        );
        for input in ["//A", "//[\u{c9}]", "/\u{c9}", "//a?\u{c9}", "//\u{130}"] {
            assert_eq!(lowered.rewrite(&Request::parse(input)), None, "{input}");
        }
        assert_eq!(
            lowered.rewrite(&Request::parse("//\u{c9}A@B\u{c9}:1/\u{c9}")),
            Some(Request::parse("//\u{c9}A@b\u{e9}:1/\u{c9}"))
        );
        assert_eq!(
            lowered.probe_site(&Request::parse("//a\u{c9}")),
            Some((3, '\u{c9}'))
        );
        assert!(lowered.preprocesses());
        assert!(lowered.probes().iter().all(|&c| lowered_outside_ascii(c)));
    }

    #[test]
    fn an_ipv6_literal_may_be_written_back_in_another_form() {
        let host = |departure: Departure, input: &str| {
            let case = Request::Parse {
                input: input.to_owned(),
                rule: Some(crate::reference::Rule::Uri.into()),
                zone_id: true,
            };
            let answer = departure.rule_on_answer(&case, Reference.answer(&case));
            components(&answer).host.clone().unwrap()
        };
        let curl = Departure::Ipv6ShortenedByInetNtop;
        // libcurl's `hostname_check`, with `inet_ntop6`'s text when it is shorter.
        for (input, written) in [
            ("a://[0::]/", "[::]"),
            ("a://[::0.0.0.0]", "[::]"),
            ("a://[::2:0:0:0:0:0:0]/", "[0:2::]"),
            ("a://[1:0:0:2:0:0:0:3]", "[1:0:0:2::3]"),
            ("a://[1:0:0:2:0:0:3:4]", "[1::2:0:0:3:4]"),
            ("a://[0:0:0:0:0:0:1.2.3.4]", "[::1.2.3.4]"),
            ("a://[0:0:0:0:0:1:1.2.3.4]", "[::1:102:304]"),
            ("a://[0::%25a]", "[::%25a]"),
            // Near misses: as long (the case is kept), longer, or already its own form.
            ("a://[::A]", "[::A]"),
            ("a://[::FFFF:1.2.3.4]", "[::FFFF:1.2.3.4]"),
            ("a://[::1:102:304]", "[::1:102:304]"),
            ("a://[1::]", "[1::]"),
        ] {
            assert_eq!(host(curl, input), written, "{input}");
        }
        let urijs = Departure::Ipv6FieldsRecompressed;
        // uri-js's `_normalizeIPv6`, which lowercases and rewrites whatever is shorter or not.
        for (input, written) in [
            ("a://[0::]/", "[::]"),
            ("a://[::2:0:0:0:0:0:0]/", "[:2::]"),
            ("a://[::0.0.0.0]", "[::.0.0.0]"),
            ("a://[::A]", "[::a]"),
            ("a://[1:0:0:2:0:0:0:3]", "[1:0:0:2::3]"),
            ("a://[::FFFF:1.2.3.4]", "[::ffff:1.2.3.4]"),
            ("a://[0001:2::]", "[1:2::]"),
            // Near misses: a literal already in its form, an IPvFuture and a name.
            ("a://[1::]", "[1::]"),
            ("a://[::1:2]", "[::1:2]"),
            ("a://[v1.A]", "[v1.A]"),
            ("a://A0/", "A0"),
        ] {
            assert_eq!(host(urijs, input), written, "{input}");
        }
        assert_eq!(urijs_ipv6("::"), "::");
        assert_eq!(inet_ntop6(&[0; 8]), "::");
        assert_eq!(inet_ntop6(&[1, 0, 0, 0, 0, 0, 0, 1]), "1::1");
    }

    #[test]
    fn iri_parsing_unescapes_all_but_the_reserved_and_the_unsafe() {
        let rule = Departure::IriEscapesUnescaped;
        let parsed = |input: &str| {
            let case = Request::parse(input);
            components(&rule.rule_on_answer(&case, Reference.answer(&case))).clone()
        };
        // Mono 6.8's System.Uri (IriHelper.EscapeUnescapeIri): ":" and "!" decoded with the
        // unreserved "%41", the unsafe ";" and a control kept as written, in their case; a
        // refused "{" written again in uppercase.
        assert_eq!(parsed("aa:%0a%3a%7a").path, "%0a:z");
        assert_eq!(parsed("aa:%41%21%3a%3b%7b").path, "A!:%3b%7B");
        // The reserved characters of each component: "/" in the path and "@" in the userinfo
        // stay, ":" is taken in the userinfo and the query, "[" stays in the fragment.
        let c = parsed("aa://%6a%3a%40@h/%0a%7e%3a%3b?%0b%3a%2f#%0c%5b%21");
        assert_eq!(c.userinfo.as_deref(), Some("j:%40"));
        assert_eq!(c.path, "/%0a~:%3b");
        assert_eq!(c.query.as_deref(), Some("%0b:%2f"));
        assert_eq!(c.fragment.as_deref(), Some("%0c%5b!"));
        // An octet outside US-ASCII turns it on too, and a UTF-8 character is written with
        // uppercase digits; a run that holds none stays as written.
        assert_eq!(parsed("aa:%3a%c3%a9").path, ":%C3%A9");
        assert_eq!(parsed("aa:?%ea%aa%aa").query.as_deref(), Some("%EA%AA%AA"));
        assert_eq!(parsed("aa://%43%a0@a").userinfo.as_deref(), Some("C%a0"));
        // Near misses: without an unreserved or a non-ASCII triplet nothing is unescaped, and
        // the host is not the rule's.
        assert_eq!(parsed("aa:%3A#%3A").path, "%3A");
        assert_eq!(parsed("aa:%3A#%3A").fragment.as_deref(), Some("%3A"));
        assert_eq!(parsed("aa://%41%3a/").host.as_deref(), Some("%41%3a"));
        // A bidirectional control goes, written as it is (`if (!Uri.IsBidiControlCharacter(ch))`
        // before the copy) or percent-encoded; another IRI character stays, written as it is
        // or percent-encoded (U+200D, the zero-width joiner, is no bidirectional control).
        let fragment = |input: &str, given: &str| {
            let mut answer = Reference.answer(&Request::parse("aa:#x"));
            if let Outcome::Parsed { components, .. } = &mut answer {
                components.fragment = Some(given.into());
            }
            components(&rule.rule_on_answer(&Request::parse(input), answer))
                .fragment
                .clone()
        };
        assert_eq!(fragment("aa:#\u{200e}", "\u{200e}").as_deref(), Some(""));
        assert_eq!(
            fragment("aa:#a\u{202e}b", "a\u{202e}b").as_deref(),
            Some("ab")
        );
        assert_eq!(parsed("aa:%41#%e2%80%aa").fragment.as_deref(), Some(""));
        assert_eq!(
            fragment("aa:#\u{200d}", "\u{200d}").as_deref(),
            Some("\u{200d}")
        );
        assert_eq!(
            parsed("aa:#%e2%80%8d").fragment.as_deref(),
            Some("%E2%80%8D")
        );
        // The control asks for all of it, after the case's own scheme.
        assert_eq!(
            rule.output_controls(&Request::parse("aa:%41")),
            [Request::parse(
                "aa://%6a@h/%0a%7e%3a%3b?%0b%3a%2f#%0c%5b%21"
            )]
        );
        assert_eq!(Departure::from_id("iri-escapes-unescaped"), Some(rule));
    }

    #[test]
    fn every_component_s_percent_encoding_may_be_normalized() {
        let rule = Departure::PercentEncodingNormalizedEverywhere;
        // uri-js 4.4.1's parse: `.replace(PCT_ENCODED, decodeUnreserved)` then
        // `.replace(PCT_ENCODED, toUpperCase)` on the userinfo, host, path, query and fragment.
        let case = Request::parse("//%6a@%42%3a/%0a%7e%2E?%0b%7e#%0c%7e");
        let normalized = rule.rule_on_answer(&case, Reference.answer(&case));
        let c = components(&normalized);
        assert_eq!(c.userinfo.as_deref(), Some("j"));
        assert_eq!(c.host.as_deref(), Some("B%3A"));
        assert_eq!(c.path, "/%0A~.");
        assert_eq!(c.query.as_deref(), Some("%0B~"));
        assert_eq!(c.fragment.as_deref(), Some("%0C~"));
        // Near miss: the uppercase rule decodes nothing.
        let upper =
            Departure::PercentEncodingUppercased.rule_on_answer(&case, Reference.answer(&case));
        assert_eq!(components(&upper).path, "/%0A%7E%2E");
        // A target is left as it is: the rule acts on a parse's components.
        let target = rule.rule_on_answer(
            &Request::Resolve {
                base: "a:/b".into(),
                input: "%7e%0a".into(),
                strict: true,
            },
            Outcome::Resolved("a:/%7e%0a".into()),
        );
        assert_eq!(target, Outcome::Resolved("a:/%7e%0a".into()));
        // Its control asks for a "%7e" decoded in the query and the fragment too, after the
        // case's own scheme.
        assert_eq!(
            rule.output_controls(&Request::parse("ws:?%0a")),
            [Request::parse("ws://%6a@h/%0a%7e?%0b%7e#%0c%7e")]
        );
        // An absolute-URI's without the fragment it may not have, the uppercase rule's too.
        assert_eq!(
            Departure::PercentEncodingUppercased.output_controls(&Request::Parse {
                input: "a:%0a".into(),
                rule: Some(crate::reference::Rule::AbsoluteUri.into()),
                zone_id: false,
            }),
            [Request::Parse {
                input: "a://%6a@h/%0a%7e?%0b".into(),
                rule: Some(crate::reference::Rule::AbsoluteUri.into()),
                zone_id: false,
            }]
        );
        let absolute = Request::Parse {
            input: "a:%41".into(),
            rule: Some(crate::reference::Rule::AbsoluteUri.into()),
            zone_id: false,
        };
        let controls = rule.output_controls(&absolute);
        let [Request::Parse { input, .. }] = controls.as_slice() else {
            panic!("one control");
        };
        assert_eq!(input, "a://%6a@h/%0a%7e?%0b%7e");
        let resolve = Request::Resolve {
            base: "a:".into(),
            input: "?%0a".into(),
            strict: true,
        };
        assert_eq!(
            rule.output_controls(&resolve),
            [Request::Resolve {
                base: "a:".into(),
                input: "//%6a@h/%0a%7e?%0b%7e#%0c%7e".into(),
                strict: true,
            }]
        );
        assert!(rule.is_output_rule() && !rule.refuses() && !rule.leads_its_set());
        assert_eq!(
            Departure::from_id("percent-encoding-normalized"),
            Some(rule)
        );
    }

    #[test]
    fn a_character_outside_the_bmp_may_be_encoded_as_its_surrogates() {
        let cesu = |departures: &[Departure], input: &str| {
            components(&composed(departures, input).unwrap()).clone()
        };
        let encoded = |part| {
            [
                Departure::EncodedInsteadOfRefused(part),
                Departure::SurrogatesEncoded,
            ]
        };
        // uri-js 4.4.1's pctEncChar, fed one UTF-16 unit at a time (its catalogue's examples):
        // "#😀" has the fragment "%ED%A0%BD%ED%B8%80".
        let fragment = cesu(&encoded(Field::Fragment), "#\u{1F600}");
        assert_eq!(fragment.fragment.as_deref(), Some("%ED%A0%BD%ED%B8%80"));
        let path = cesu(&encoded(Field::Path), "a\u{1F600}b");
        assert_eq!(path.path, "a%ED%A0%BD%ED%B8%80b");
        let userinfo = cesu(&encoded(Field::Userinfo), "//\u{1FFFD}@/a");
        assert_eq!(userinfo.userinfo.as_deref(), Some("%ED%A0%BF%ED%BF%BD"));
        assert_eq!(userinfo.host.as_deref(), Some(""));
        // U+10000 is the surrogates D800 and DC00.
        assert_eq!(surrogates_encoded("%F0%90%80%80"), "%ED%A0%80%ED%B0%80");
        assert_eq!(surrogates_encoded("%f0%9f%98%80x"), "%ED%A0%BD%ED%B8%80x");
        // Near misses: a character of the BMP is its UTF-8 octets ("é", U+FFFD); three
        // triplets are no character; the encoding alone writes UTF-8.
        let bmp = cesu(&encoded(Field::Fragment), "#\u{e9}\u{FFFD}");
        assert_eq!(bmp.fragment.as_deref(), Some("%C3%A9%EF%BF%BD"));
        assert_eq!(surrogates_encoded("%F0%9F%98"), "%F0%9F%98");
        assert_eq!(
            surrogates_encoded("%ED%A0%BD%ED%B8%80"),
            "%ED%A0%BD%ED%B8%80"
        );
        let utf8 = cesu(
            &[Departure::EncodedInsteadOfRefused(Field::Fragment)],
            "#\u{1F600}",
        );
        assert_eq!(utf8.fragment.as_deref(), Some("%F0%9F%98%80"));
        // A case that writes a triplet that could start such a character keeps its octets:
        // the rule does not read it, nor a case without a character outside the BMP.
        for input in [
            "#\u{1F600}%F0%9F%98%80",
            "#\u{1F600}%f4",
            "#%F0%9F%98%80",
            "#\u{e9}",
        ] {
            assert!(
                !Departure::SurrogatesEncoded.rewrites_any_answer_to(&Request::parse(input)),
                "{input}"
            );
        }
        let kept = cesu(&encoded(Field::Fragment), "#\u{1F600}%F0%9F%98%80");
        assert_eq!(kept.fragment.as_deref(), Some("%F0%9F%98%80%F0%9F%98%80"));
        assert!(Departure::SurrogatesEncoded.rewrites_any_answer_to(&Request::parse("#\u{1F600}")));
        // A resolution's target and a normalization are rewritten too.
        let resolved = Departure::SurrogatesEncoded.rule_on_answer(
            &Request::Resolve {
                base: "a:".into(),
                input: "#\u{1F600}".into(),
                strict: true,
            },
            Outcome::Resolved("a:#%F0%9F%98%80".into()),
        );
        assert_eq!(resolved, Outcome::Resolved("a:#%ED%A0%BD%ED%B8%80".into()));
        assert!(Departure::SurrogatesEncoded.is_output_rule());
        assert!(Departure::SurrogatesEncoded.leads_its_set());
        assert_eq!(
            Departure::from_id("surrogates-encoded"),
            Some(Departure::SurrogatesEncoded)
        );
    }

    #[test]
    fn the_port_may_be_read_from_the_last_colon() {
        let last = answer(Departure::PortAfterLastColon, "//h:1:2/p").unwrap();
        assert_eq!(components(&last).host.as_deref(), Some("h:1"));
        assert_eq!(components(&last).port.as_deref(), Some("2"));
        assert_eq!(answer(Departure::PortAfterLastColon, "//h:1"), None);
        assert_eq!(answer(Departure::PortAfterLastColon, "//[::1]:1"), None);
        let letters = answer(Departure::PortNotDigitsInHost, "//h:a").unwrap();
        assert_eq!(components(&letters).host.as_deref(), Some("h:a"));
        assert_eq!(components(&letters).port, None);
        assert_eq!(answer(Departure::PortNotDigitsInHost, "//h:12"), None);
        assert_eq!(answer(Departure::PortNotDigitsInHost, "//h:"), None);
        // Both: the digits after the last ":" are the port, whatever is before.
        let both = composed(
            &[
                Departure::PortAfterLastColon,
                Departure::PortNotDigitsInHost,
            ],
            "//h:a:1",
        )
        .unwrap();
        assert_eq!(components(&both).host.as_deref(), Some("h:a"));
        assert_eq!(components(&both).port.as_deref(), Some("1"));
    }

    #[test]
    fn a_scheme_may_start_with_any_character_of_its_class() {
        // RFC 3986 §3.1: "Scheme names consist of a sequence of characters beginning with a
        // letter and followed by any combination of letters, digits, plus ("+"), period
        // ("."), or hyphen ("-")."
        let digit = answer(Departure::SchemeFirstCharacterUnchecked, "0a:b").unwrap();
        assert_eq!(components(&digit).scheme.as_deref(), Some("0a"));
        assert_eq!(components(&digit).path, "b");
        let plus = answer(Departure::SchemeFirstCharacterUnchecked, "+://h/p").unwrap();
        assert_eq!(components(&plus).scheme.as_deref(), Some("+"));
        assert_eq!(components(&plus).host.as_deref(), Some("h"));
        // A scheme that starts with a letter is the RFC's; one with a character outside the
        // class is another departure's.
        assert_eq!(
            answer(Departure::SchemeFirstCharacterUnchecked, "a0:b"),
            None
        );
        assert_eq!(
            answer(Departure::SchemeFirstCharacterUnchecked, "0_:b"),
            None
        );
        assert_eq!(answer(Departure::SchemeFirstCharacterUnchecked, ":b"), None);
    }

    #[test]
    fn an_invalid_scheme_may_be_read_as_a_path() {
        let digit = answer(Departure::InvalidSchemeAsPath, "0:a/b").unwrap();
        assert_eq!(components(&digit).scheme, None);
        assert_eq!(components(&digit).path, "0:a/b");
        assert_eq!(answer(Departure::InvalidSchemeAsPath, ":"), None);
        let empty = answer(Departure::EmptySchemeAsPath, ":a:b/c").unwrap();
        assert_eq!(components(&empty).path, ":a:b/c");
        assert_eq!(answer(Departure::EmptySchemeAsPath, "0:a"), None);
        assert_eq!(answer(Departure::InvalidSchemeAsPath, "a:b"), None);
        assert_eq!(answer(Departure::InvalidSchemeAsPath, "a/b:c"), None);
        // What the path rule refuses in it is another departure's.
        let space = answer(Departure::InvalidSchemeAsPath, "a b:c").unwrap();
        assert!(matches!(space, Outcome::Invalid(_)), "{space:?}");
        let both = composed(
            &[
                Departure::InvalidSchemeAsPath,
                Departure::Unchecked(Field::Path),
            ],
            "a b:c",
        )
        .unwrap();
        assert_eq!(components(&both).path, "a b:c");
        // A ":" stood in for must not make a triplet of a "%" before it: "%a:" is the path
        // "%a:", whose "%" starts no triplet (§2.1), which the encoding of refused characters
        // writes "%25" (yarl's "%a:" is the path "%25a:"), as it does in "a@b%:".
        for (input, path) in [("%a:", "%25a:"), ("%1:", "%251:"), ("a@b%:", "a@b%25:")] {
            let encoded = composed(
                &[
                    Departure::InvalidSchemeAsPath,
                    Departure::EncodedInsteadOfRefused(Field::Path),
                ],
                input,
            )
            .unwrap();
            assert_eq!(components(&encoded).path, path, "{input}");
        }
    }

    #[test]
    fn the_authority_may_end_where_its_rule_does() {
        let port = answer(Departure::AuthorityEndsAtRefused, "//h:1a/b?q").unwrap();
        assert_eq!(components(&port).port.as_deref(), Some("1"));
        assert_eq!(components(&port).path, "a/b");
        assert_eq!(components(&port).query.as_deref(), Some("q"));
        let at = answer(Departure::AuthorityEndsAtRefused, "//u@v@h").unwrap();
        assert_eq!(components(&at).userinfo.as_deref(), Some("u"));
        assert_eq!(components(&at).host.as_deref(), Some("v"));
        assert_eq!(components(&at).path, "@h");
        assert_eq!(answer(Departure::AuthorityEndsAtRefused, "//u@h:1/p"), None);
        assert_eq!(answer(Departure::AuthorityEndsAtRefused, "//[::1]:1"), None);
        // The path a refused character starts is encoded by a parser that encodes it.
        let encoded = composed(
            &[
                Departure::AuthorityEndsAtRefused,
                Departure::EncodedInsteadOfRefused(Field::Path),
            ],
            "//a b<c",
        )
        .unwrap();
        assert_eq!(components(&encoded).host.as_deref(), Some("a"));
        assert_eq!(components(&encoded).path, "%20b%3Cc");
        let literal = composed(
            &[
                Departure::IpLiteralNotRead,
                Departure::EncodedInsteadOfRefused(Field::Path),
            ],
            "//[::1]:8/p",
        )
        .unwrap();
        assert_eq!(components(&literal).host.as_deref(), Some(""));
        assert_eq!(components(&literal).path, "%5B::1%5D:8/p");
        assert_eq!(answer(Departure::IpLiteralNotRead, "//h/p"), None);
    }

    #[test]
    fn an_encoding_keeps_what_another_departure_reads() {
        // A "%" kept by its own departure, and the colons of a port read from the end, are
        // not encoded by the parser's encoding of refused characters.
        let percent = composed(
            &[
                Departure::PercentUnchecked(Field::Path),
                Departure::EncodedInsteadOfRefused(Field::Path),
            ],
            "a:/b%",
        )
        .unwrap();
        assert_eq!(components(&percent).path, "/b%");
        let alone = answer(Departure::EncodedInsteadOfRefused(Field::Path), "a:/b%").unwrap();
        assert_eq!(components(&alone).path, "/b%25");
        let colons = composed(
            &[
                Departure::PortNotDigitsInHost,
                Departure::EncodedInsteadOfRefused(Field::Host),
            ],
            "//h:a b",
        )
        .unwrap();
        assert_eq!(components(&colons).host.as_deref(), Some("h:a%20b"));
    }

    #[test]
    fn unreserved_triplets_may_be_decoded_the_others_kept_as_written() {
        let path = composed(
            &[Departure::UnreservedDecoded(Field::Path)],
            "aa:%0a%7a?%7a",
        )
        .unwrap();
        assert_eq!(components(&path).path, "%0az");
        assert_eq!(components(&path).query.as_deref(), Some("%7a"));
        let query = composed(&[Departure::UnreservedDecoded(Field::Query)], "aa:?%aa%2E").unwrap();
        assert_eq!(components(&query).query.as_deref(), Some("%aa."));
        let userinfo = composed(
            &[Departure::UnreservedDecoded(Field::Userinfo)],
            "aa://%43%a0@a",
        )
        .unwrap();
        assert_eq!(components(&userinfo).userinfo.as_deref(), Some("C%a0"));
        let fragment = composed(
            &[Departure::UnreservedDecoded(Field::Fragment)],
            "a:#%41%2f",
        )
        .unwrap();
        assert_eq!(components(&fragment).fragment.as_deref(), Some("A%2f"));
        // §6.2.2.1's uppercasing is the wider departure's, not this one's.
        let normalized = composed(
            &[Departure::PercentEncodingNormalized(Field::Path)],
            "aa:%0a%7a",
        )
        .unwrap();
        assert_eq!(components(&normalized).path, "%0Az");
        assert_eq!(
            Departure::from_id("path-unreserved-decoded"),
            Some(Departure::UnreservedDecoded(Field::Path))
        );
    }

    #[test]
    fn rules_on_the_answer_read_the_input_as_the_reference() {
        let normalized = composed(
            &[Departure::PercentEncodingNormalized(Field::Path)],
            "a:/%7e%3a?%7e",
        )
        .unwrap();
        assert_eq!(components(&normalized).path, "/~%3A");
        assert_eq!(components(&normalized).query.as_deref(), Some("%7e"));
        // fast-uri's normalizePathEncoding: "only unreserved bytes that are not `.` are
        // decoded", so "%2e" stays a triplet (uppercased) and makes no dot-segment.
        let dot_kept = composed(
            &[Departure::PathPercentEncodingNormalizedDotKept],
            "a:/%7e%2e/%2E%2e%0a?%2e",
        )
        .unwrap();
        assert_eq!(components(&dot_kept).path, "/~%2E/%2E%2E%0A");
        assert_eq!(components(&dot_kept).query.as_deref(), Some("%2e"));
        // The wider rule decodes the dot.
        let decoded = composed(
            &[Departure::PercentEncodingNormalized(Field::Path)],
            "a:/%2e",
        )
        .unwrap();
        assert_eq!(components(&decoded).path, "/.");
        assert_eq!(
            Departure::from_id("path-percent-encoding-normalized-dot-kept"),
            Some(Departure::PathPercentEncodingNormalizedDotKept)
        );
        let empty = composed(&[Departure::EmptyPortRefused], "//h:").unwrap();
        assert!(matches!(empty, Outcome::Invalid(_)), "{empty:?}");
        let zero = composed(&[Departure::EmptyPortRefused], "//h:0").unwrap();
        assert_eq!(components(&zero).port.as_deref(), Some("0"));
        for (port, refused) in [
            ("65535", false),
            ("065535", false),
            ("65536", true),
            ("99999999999", true),
        ] {
            let outcome =
                composed(&[Departure::PortOutOfRangeRefused], &format!("//h:{port}")).unwrap();
            assert_eq!(matches!(outcome, Outcome::Invalid(_)), refused, "{port}");
        }
        let future = composed(&[Departure::IpvFutureRefused], "//[v1.x]").unwrap();
        assert!(matches!(future, Outcome::Invalid(_)), "{future:?}");
        // No reading of the input: attribution, which seeks readings, never tries them.
        assert_eq!(
            Departure::EmptyPortRefused.rewrite(&Request::parse("//h:")),
            None
        );
    }

    #[test]
    fn characters_outside_ascii_may_be_taken() {
        let path = Departure::NonAsciiUnchecked(Field::Path);
        let read = answer(path, "/\u{e9}\u{4e2d}").unwrap();
        assert_eq!(components(&read).path, "/\u{e9}\u{4e2d}");
        // A Unicode space, a C1 control and an ASCII character the rule refuses stay refused.
        for refused in ["/\u{e9}\u{2028}", "/\u{e9}\u{85}", "/\u{e9} "] {
            let read = answer(path, refused).unwrap();
            assert!(matches!(read, Outcome::Invalid(_)), "{refused:?}: {read:?}");
        }
    }

    #[test]
    fn every_character_outside_ascii_may_be_taken() {
        let fragment = Departure::AnyNonAsciiUnchecked(Field::Fragment);
        // Letters, a C1 control, a Unicode space and a noncharacter alike.
        let read = answer(fragment, "#\u{e9}\u{9f}\u{2028}\u{fffe}").unwrap();
        assert_eq!(
            components(&read).fragment.as_deref(),
            Some("\u{e9}\u{9f}\u{2028}\u{fffe}")
        );
        // An ASCII character the rule refuses stays refused, and other components checked.
        for refused in ["#\u{e9} ", "/\u{e9}#a"] {
            let read = answer(fragment, refused);
            assert!(
                read.as_ref()
                    .is_none_or(|r| matches!(r, Outcome::Invalid(_))),
                "{refused:?}: {read:?}"
            );
        }
        // Its probes are what the narrower departure refuses, so that they tell them apart.
        let narrower = Departure::NonAsciiUnchecked(Field::Fragment);
        // (it reads nothing otherwise there, or refuses: the reference's refusal stands).
        assert!(fragment.probes().iter().any(|&c| {
            answer(narrower, &format!("#{c}"))
                .is_none_or(|read| matches!(read, Outcome::Invalid(_)))
        }));
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(fragment) < at(narrower));
        assert_eq!(
            Departure::from_id("fragment-any-non-ascii-unchecked"),
            Some(fragment)
        );
    }

    #[test]
    fn characters_outside_ascii_may_be_taken_wherever_an_escape_may_stand() {
        let everywhere = Departure::NonAsciiUncheckedWhereEscaped;
        assert_eq!(everywhere.id(), "non-ascii-unchecked");
        assert_eq!(
            Departure::from_id("non-ascii-unchecked"),
            Some(Departure::NonAsciiUncheckedWhereEscaped)
        );
        // One rule over the userinfo, a registered name, the path, the query and the fragment.
        let read = answer(everywhere, "a://\u{e9}@\u{3b1}/\u{4e2d}?\u{e000}#\u{1f600}").unwrap();
        let parts = components(&read);
        assert_eq!(parts.userinfo.as_deref(), Some("\u{e9}"));
        assert_eq!(parts.host.as_deref(), Some("\u{3b1}"));
        assert_eq!(parts.path, "/\u{4e2d}");
        assert_eq!(parts.query.as_deref(), Some("\u{e000}"));
        assert_eq!(parts.fragment.as_deref(), Some("\u{1f600}"));
        // Each is the rule of one component where one component holds them.
        for input in ["//\u{e9}@h", "//\u{e9}", "\u{e9}", "?\u{e9}", "#\u{e9}"] {
            let one = ESCAPED_COMPONENTS
                .iter()
                .find_map(|&part| answer(Departure::NonAsciiUnchecked(part), input));
            assert_eq!(answer(everywhere, input), one, "{input}");
        }
        // Not in an IP literal, nor a scheme or a port; a Unicode space, a C1 control and an
        // ASCII character the rules refuse stay refused.
        assert_eq!(answer(everywhere, "//[\u{e9}]"), None);
        for refused in ["//h:\u{e9}", "/\u{e9}\u{2028}", "?\u{e9}\u{85}", "#\u{e9} "] {
            let read = answer(everywhere, refused);
            assert!(
                !read.as_ref().is_some_and(Outcome::is_valid),
                "{refused:?}: {read:?}"
            );
        }
        // Its witness holds them in every component but the host, after the case's scheme.
        assert_eq!(
            everywhere.witness(&Request::parse("b:\u{4e2d}")),
            Some(Request::parse("b://\u{e9}@h/\u{e9}?\u{e9}#\u{e9}"))
        );
        let witness = Request::parse("//\u{e9}@h/\u{e9}?\u{e9}#\u{e9}");
        let departing = everywhere.apply(
            &witness,
            &witness,
            &everywhere.rewrite(&witness).unwrap(),
            Reference.answer(&everywhere.rewrite(&witness).unwrap()),
        );
        assert!(departing.is_valid());
        assert!(!Reference.answer(&witness).is_valid());
        // Tried before the rule of one component, so that the rule of every one names a
        // parser that has it.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(everywhere) < at(Departure::NonAsciiUnchecked(Field::Userinfo)));
    }

    #[test]
    fn a_lone_percent_may_be_kept_wherever_an_escape_may_stand() {
        let everywhere = Departure::PercentUncheckedWhereEscaped;
        assert_eq!(everywhere.id(), "percent-unchecked");
        assert_eq!(Departure::from_id("percent-unchecked"), Some(everywhere));
        // One rule over the userinfo, the host, the path, the query and the fragment; a
        // triplet is read as the RFC reads it.
        let read = answer(everywhere, "a://u%@h%/p%?q%4#%%41").unwrap();
        let parts = components(&read);
        assert_eq!(parts.userinfo.as_deref(), Some("u%"));
        assert_eq!(parts.host.as_deref(), Some("h%"));
        assert_eq!(parts.path, "/p%");
        assert_eq!(parts.query.as_deref(), Some("q%4"));
        assert_eq!(parts.fragment.as_deref(), Some("%%41"));
        // The rules of the five components composed, exactly.
        let each: Vec<Departure> = ESCAPED_COMPONENTS.map(Departure::PercentUnchecked).to_vec();
        for input in [
            "a://u%@h%/p%?q%4#%%41",
            "//%@%",
            "%",
            "?%",
            "#%",
            "//[%]",
            "a://h:%/",
            "%a:b",
            "a:/%zz",
        ] {
            assert_eq!(answer(everywhere, input), composed(&each, input), "{input}");
        }
        // Nothing else is taken: a space, a character outside US-ASCII, a "%" in a port.
        for refused in ["/% ", "?%\u{e9}", "//h:%"] {
            let read = answer(everywhere, refused);
            assert!(
                !read.as_ref().is_some_and(Outcome::is_valid),
                "{refused:?}: {read:?}"
            );
        }
        // Its witness holds one in every component, the host's too, after the case's scheme.
        assert_eq!(
            everywhere.witness(&Request::parse("b:%")),
            Some(Request::parse("b://%@h%/%?%#%"))
        );
        let witness = Request::parse("//%@h%/%?%#%");
        assert!(!Reference.answer(&witness).is_valid());
        assert!(answer(everywhere, "//%@h%/%?%#%").unwrap().is_valid());
        // Tried before the rule of one component.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(everywhere) < at(Departure::PercentUnchecked(Field::Userinfo)));
    }

    #[test]
    fn only_controls_and_the_space_may_be_refused_in_the_parts_handed_on_as_text() {
        let junk = Departure::ControlsAndSpaceOnlyRefused;
        assert_eq!(junk.id(), "controls-and-space-only-refused");
        assert_eq!(
            Departure::from_id("controls-and-space-only-refused"),
            Some(junk)
        );
        // Every character but the controls and the space, in the userinfo, the path, the
        // query and the fragment: a lone "%", a "#" in the fragment, brackets, non-ASCII.
        let read = answer(junk, "a://\"%@h/[\u{e9}%z?<%]#a#\u{85}%").unwrap();
        let parts = components(&read);
        assert_eq!(parts.userinfo.as_deref(), Some("\"%"));
        assert_eq!(parts.host.as_deref(), Some("h"));
        assert_eq!(parts.path, "/[\u{e9}%z");
        assert_eq!(parts.query.as_deref(), Some("<%]"));
        assert_eq!(parts.fragment.as_deref(), Some("a#\u{85}%"));
        // The space and the controls stay refused; the host, the port and the scheme are
        // read as the RFC reads them.
        for refused in ["a:/\" a", "a:/\"\u{7f}", "?\"\t", "#\"\u{0}"] {
            let read = answer(junk, refused);
            assert!(!read.is_some_and(|r| r.is_valid()), "{refused:?}");
        }
        for untouched in ["//h\"/", "//h:8\"/", "a:/b", "a:/%41"] {
            assert_eq!(answer(junk, untouched), None, "{untouched:?}");
        }
        // Its probe site is the first character it takes, whichever component holds it.
        assert_eq!(
            junk.probe_site(&Request::parse("a://h/a?b<#\"")),
            Some((9, '<'))
        );
        assert!(!junk.probes().contains(&' '));
        // Its witness holds a character no rule takes and a lone "%" in each component, with
        // the case's scheme; its controls a space and a control, which it refuses.
        assert_eq!(
            junk.witness(&Request::parse("b:<")),
            Some(Request::parse("b://\"%@h/\"%?\"%#\"%"))
        );
        let witness = answer(junk, "b://\"%@h/\"%?\"%#\"%").unwrap();
        assert!(witness.is_valid());
        for control in junk.reading_controls(&Request::parse("b:<")) {
            let Request::Parse { input, .. } = &control else {
                panic!("{control:?}")
            };
            assert!(
                !answer(junk, input).is_some_and(|r| r.is_valid()),
                "{input:?}"
            );
        }
        // Tried after the rule of one component, which takes the space, and before the rules
        // of one class.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(Departure::Unchecked(Field::Fragment)) < at(junk));
        assert!(at(junk) < at(Departure::AnyNonAsciiUnchecked(Field::Userinfo)));
        assert!(at(junk) < at(Departure::PercentUnchecked(Field::Userinfo)));
    }

    #[test]
    fn spaces_tabs_and_line_breaks_may_be_cut_at_both_ends() {
        let lws = Departure::SurroundingLwsStripped;
        let path = |input: &str| answer(lws, input).map(|a| components(&a).path.clone());
        // System.Uri's IsLWS at either end: "aa:b " has the path "b", "\taa:/b\r\n" "/b".
        assert_eq!(path("aa:b ").as_deref(), Some("b"));
        assert_eq!(path("\taa:/b\r\n").as_deref(), Some("/b"));
        let query = answer(lws, "aa:?a ").map(|a| components(&a).query.clone());
        assert_eq!(query, Some(Some("a".to_owned())));
        // Near misses: inside the text, and other white space or controls at its ends, are
        // read as written (refused); so is the end that a trim of one side would leave.
        for input in [
            "aa:b c",
            "aa:b\u{a0}",
            "aa:b\u{b}",
            "aa:b\u{1}",
            "\u{3000}aa:b",
        ] {
            assert_eq!(lws.rewrite(&Request::parse(input)), None, "{input}");
        }
        assert_eq!(
            Departure::LeadingControlOrSpaceStripped.rewrite(&Request::parse("aa:b ")),
            None
        );
        assert_eq!(lws.probe_site(&Request::parse("aa:b\r")), Some((4, '\r')));
        assert_eq!(lws.probe_site(&Request::parse("aa:b\u{a0}")), None);
        // Its witness is cut at both ends, a space at the end of a path.
        let witness = lws.witness(&Request::parse("aa:b ")).unwrap();
        assert_eq!(witness, Request::parse("\taa://h/p "));
        let Request::Parse { input, .. } = &witness else {
            unreachable!()
        };
        assert_eq!(path(input).as_deref(), Some("/p"));
        // Tried after the broader reading of Unicode's White_Space, which names a parser that
        // strips a no-break space too.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(Departure::SurroundingWhiteSpaceStripped) < at(lws));
        assert_eq!(Departure::from_id("surrounding-lws-stripped"), Some(lws));
    }

    #[test]
    fn controls_and_spaces_may_be_cut_at_both_ends() {
        let trimmed = Departure::SurroundingControlOrSpaceStripped;
        let path = |input: &str| answer(trimmed, input).map(|a| components(&a).path.clone());
        // java.net.URL: "while ((limit > 0) && (spec.charAt(limit - 1) <= ' ')) limit--;" and
        // the same at the start, so "\u{1} http:/b\u{1f}" has the path "/b".
        assert_eq!(path("http:b ").as_deref(), Some("b"));
        assert_eq!(path("\u{1} http:/b\u{1f}").as_deref(), Some("/b"));
        assert_eq!(path("\0http:/b\n").as_deref(), Some("/b"));
        // Near misses: inside the text, and white space above U+0020 at its ends, are read as
        // written (refused).
        for input in ["http:b c", "http:b\u{a0}", "\u{3000}http:b", "http:b\u{7f}"] {
            assert_eq!(trimmed.rewrite(&Request::parse(input)), None, "{input}");
        }
        assert_eq!(
            trimmed.probe_site(&Request::parse("http:b\u{1}")),
            Some((6, '\u{1}'))
        );
        // Its witness has a control at each end, which a parser that strips one end alone
        // (urllib's leading strip) or white space alone (System.Uri's IsLWS) keeps.
        let witness = trimmed.witness(&Request::parse("http:b ")).unwrap();
        let Request::Parse { input, .. } = &witness else {
            unreachable!()
        };
        assert!(input.starts_with('\u{1}') && input.ends_with('\u{1f}'));
        assert_eq!(path(input).as_deref(), Some("/p"));
        assert_eq!(
            Departure::LeadingControlOrSpaceStripped.rewrite(&Request::parse(input)),
            Some(Request::parse(&input[1..]))
        );
        assert_eq!(
            Departure::SurroundingLwsStripped.rewrite(&Request::parse(input)),
            None
        );
        // Tried before the readings of one end, or of white space alone.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(trimmed) < at(Departure::LeadingControlOrSpaceStripped));
        assert!(at(trimmed) < at(Departure::SurroundingLwsStripped));
        assert_eq!(
            Departure::from_id("surrounding-control-or-space-stripped"),
            Some(trimmed)
        );
    }

    #[test]
    fn white_space_readings_are_witnessed_where_no_component_strips_it() {
        let stripped = Departure::SurroundingWhiteSpaceStripped;
        let witness = stripped.witness(&Request::parse("//h/p ")).unwrap();
        assert_eq!(witness, Request::parse(" //h/p "));
        let Request::Parse { input, .. } = &witness else {
            unreachable!()
        };
        assert_eq!(components(&answer(stripped, input).unwrap()).path, "/p");
        let removed = Departure::TabOrNewlineRemoved;
        let witness = removed.witness(&Request::parse("a:/\t")).unwrap();
        assert_eq!(witness, Request::parse("a://h/a\tb\nc"));
        let Request::Parse { input, .. } = &witness else {
            unreachable!()
        };
        assert_eq!(components(&answer(removed, input).unwrap()).path, "/abc");
    }

    #[test]
    fn keeping_and_encoding_one_component_contradict() {
        let every = Departure::EveryComponentUnchecked;
        assert!(every.contradicts(Departure::EveryComponentEncoded));
        assert!(Departure::EveryComponentEncoded.contradicts(every));
        assert!(
            Departure::Unchecked(Field::Path)
                .contradicts(Departure::EncodedInsteadOfRefused(Field::Path))
        );
        // Other components, or one class kept beside the rest encoded (Perl's "]" in a host
        // with its other characters encoded), say nothing opposite.
        assert!(
            !Departure::Unchecked(Field::Query)
                .contradicts(Departure::EncodedInsteadOfRefused(Field::Path))
        );
        assert!(
            !Departure::BracketsTaken(Field::Host).contradicts(Departure::EveryComponentEncoded)
        );
        assert!(
            !Departure::TextComponentsUnchecked
                .contradicts(Departure::EncodedInsteadOfRefused(Field::Host))
        );
    }

    #[test]
    fn a_lone_percent_in_an_ip_literal_is_no_component_s() {
        // RFC 3986 §3.2.2: an IP literal holds no pct-encoded triplet (RFC 6874's zone aside);
        // standing in for its "%" would read "[::%0]" as "[::a0]", an address.
        for d in [
            Departure::PercentUncheckedWhereEscaped,
            Departure::PercentUnchecked(Field::Host),
        ] {
            assert!(
                !answer(d, "//[::%0]/").is_some_and(|r| r.is_valid()),
                "{d:?}"
            );
        }
        assert!(
            answer(Departure::PercentUnchecked(Field::Host), "//h%/")
                .unwrap()
                .is_valid()
        );
    }

    #[test]
    fn only_the_escapes_may_be_checked() {
        let escapes = Departure::OnlyEscapesChecked;
        assert_eq!(escapes.id(), "only-escapes-checked");
        assert_eq!(Departure::from_id("only-escapes-checked"), Some(escapes));
        // Every component keeps what its rule refuses, the host's too, but a lone "%".
        let read = answer(escapes, "a://a b@h\u{1}/p\u{e9}[?q r#f<%41").unwrap();
        let parts = components(&read);
        assert_eq!(parts.userinfo.as_deref(), Some("a b"));
        assert_eq!(parts.host.as_deref(), Some("h\u{1}"));
        assert_eq!(parts.path, "/p\u{e9}[");
        assert_eq!(parts.query.as_deref(), Some("q r"));
        assert_eq!(parts.fragment.as_deref(), Some("f<%41"));
        for refused in ["a:/b c%", "//a%@h/", "?%zz", "//[::1 ]/"] {
            let read = answer(escapes, refused);
            assert!(!read.is_some_and(|r| r.is_valid()), "{refused:?}");
        }
        assert_eq!(answer(escapes, "a:/%41"), None);
        // Its witness holds a space and a character no rule takes in each component; its
        // control a lone "%", which it refuses.
        assert_eq!(
            escapes.witness(&Request::parse("b:<")),
            Some(Request::parse("b:// <@h </ <? <# <"))
        );
        assert!(answer(escapes, "b:// <@h </ <? <# <").unwrap().is_valid());
        let controls = escapes.reading_controls(&Request::parse("b:<"));
        assert_eq!(controls, [Request::parse("a:/<%")]);
        assert!(!answer(escapes, "a:/<%").is_some_and(|r| r.is_valid()));
        assert!(!escapes.probes().contains(&'%'));
        // After the rule that checks nothing, before those of one component.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(Departure::EveryComponentUnchecked) < at(escapes));
        assert!(at(escapes) < at(Departure::Unchecked(Field::Userinfo)));
    }

    #[test]
    fn only_the_host_may_be_checked() {
        let text = Departure::TextComponentsUnchecked;
        assert_eq!(text.id(), "text-components-unchecked");
        assert_eq!(Departure::from_id("text-components-unchecked"), Some(text));
        let read = answer(text, "a://a b%@h/p\u{1}%?q r%#f<%").unwrap();
        let parts = components(&read);
        assert_eq!(parts.userinfo.as_deref(), Some("a b%"));
        assert_eq!(parts.host.as_deref(), Some("h"));
        assert_eq!(parts.path, "/p\u{1}%");
        assert_eq!(parts.query.as_deref(), Some("q r%"));
        assert_eq!(parts.fragment.as_deref(), Some("f<%"));
        // The host stays checked.
        for refused in ["//h b/", "//h%/", "//u@h<"] {
            assert!(
                !answer(text, refused).is_some_and(|r| r.is_valid()),
                "{refused:?}"
            );
        }
        assert_eq!(
            text.witness(&Request::parse("b:<")),
            Some(Request::parse("b://a% b@h/a% b?a% b#a% b"))
        );
        assert!(
            answer(text, "b://a% b@h/a% b?a% b#a% b")
                .unwrap()
                .is_valid()
        );
        // After the rules of every component, before those of one.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(Departure::OnlyEscapesChecked) < at(text));
        assert!(at(text) < at(Departure::Unchecked(Field::Userinfo)));
        assert_eq!(
            Departure::BracketsTaken(Field::Query).wider(),
            vec![
                Departure::EveryComponentUnchecked,
                Departure::OnlyEscapesChecked,
                text,
                Departure::Unchecked(Field::Query),
                Departure::ControlsAndSpaceOnlyRefused
            ]
        );
    }

    #[test]
    fn no_component_may_be_checked() {
        let none = Departure::EveryComponentUnchecked;
        assert_eq!(none.id(), "every-component-unchecked");
        assert_eq!(Departure::from_id("every-component-unchecked"), Some(none));
        // Every component keeps what its rule refuses: a space, a control, a lone "%",
        // brackets, non-ASCII, the host's too.
        let read = answer(none, "a://a b%@h\u{1}%/p\u{e9}[%?q r%#f<%").unwrap();
        let parts = components(&read);
        assert_eq!(parts.userinfo.as_deref(), Some("a b%"));
        assert_eq!(parts.host.as_deref(), Some("h\u{1}%"));
        assert_eq!(parts.path, "/p\u{e9}[%");
        assert_eq!(parts.query.as_deref(), Some("q r%"));
        assert_eq!(parts.fragment.as_deref(), Some("f<%"));
        // The structure is the RFC's: an IP literal, the port and the scheme are read as it
        // reads them, and a text it reads alike is no departure.
        for refused in ["//[::1 ]/", "//h:8 /", "a b:/c"] {
            let read = answer(none, refused);
            assert!(!read.is_some_and(|r| r.is_valid()), "{refused:?}");
        }
        for untouched in ["a:/b", "a:/%41", "//[::1]/"] {
            assert_eq!(answer(none, untouched), None, "{untouched:?}");
        }
        // Its probe site is the first character it takes, whichever component holds it; its
        // probes are not the space, which its witness holds (a parser may strip one that
        // starts the text).
        assert_eq!(
            none.probe_site(&Request::parse("a://h/a?b #<")),
            Some((9, ' '))
        );
        assert!(!none.probes().contains(&' ') && none.probes().contains(&'%'));
        // Its witness: a space and a lone "%" in each component, with the case's scheme.
        assert_eq!(
            none.witness(&Request::parse("b:<")),
            Some(Request::parse("b:// %@h %/ %? %# %"))
        );
        assert!(answer(none, "b:// %@h %/ %? %# %").unwrap().is_valid());
        // Tried before the rules of one component, and of one class.
        let all = Departure::all();
        let at = |d: Departure| all.iter().position(|&x| x == d).unwrap();
        assert!(at(none) < at(Departure::Unchecked(Field::Userinfo)));
        assert!(at(none) < at(Departure::ControlsAndSpaceOnlyRefused));
        assert!(at(none) < at(Departure::PercentUnchecked(Field::Userinfo)));
    }

    #[test]
    fn characters_outside_reserved_may_be_encoded() {
        let path = Departure::EncodedOutsideReserved(Field::Path);
        let encoded = answer(path, "/a b\u{e9}%20").unwrap();
        assert_eq!(components(&encoded).path, "/a%20b%C3%A9%20");
        // One lone "%" and every "%" is encoded, a triplet's too.
        let every = answer(path, "/a%20%").unwrap();
        assert_eq!(components(&every).path, "/a%2520%25");
        // A reserved character the path refuses stays, and is refused.
        let bracket = answer(path, "/a b[").unwrap();
        assert!(matches!(bracket, Outcome::Invalid(_)), "{bracket:?}");
    }

    #[test]
    fn characters_outside_reserved_may_be_encoded_and_reserved_ones_kept() {
        // System.Uri's escaping: "aa:/x y" has the path "/x%20y", "aa:/%20%" the path
        // "/%20%25", "aa:/x[" the path "/x[", "aa:#a#b" the fragment "a#b".
        let path = Departure::EncodedReservedKept(Field::Path);
        let encoded = answer(path, "a:/x y\u{e9}").unwrap();
        assert_eq!(components(&encoded).path, "/x%20y%C3%A9");
        // A lone "%" is encoded, a triplet beside it kept.
        let lone = answer(path, "a:/%20%").unwrap();
        assert_eq!(components(&lone).path, "/%20%25");
        // A reserved character the path refuses is kept as written.
        let bracket = answer(path, "a:/x[%5b]").unwrap();
        assert_eq!(components(&bracket).path, "/x[%5b]");
        let fragment = answer(Departure::EncodedReservedKept(Field::Fragment), "a:#a#b^").unwrap();
        assert_eq!(components(&fragment).fragment.as_deref(), Some("a#b%5E"));
        let userinfo = answer(Departure::EncodedReservedKept(Field::Userinfo), "//[ %@h").unwrap();
        assert_eq!(components(&userinfo).userinfo.as_deref(), Some("[%20%25"));
        // What the rule takes is no departure.
        assert_eq!(answer(path, "a:/x%20"), None);
        // The two other encodings answer otherwise: "[" encoded or refused, every "%".
        let refused = answer(Departure::EncodedInsteadOfRefused(Field::Path), "a:/x[").unwrap();
        assert_eq!(components(&refused).path, "/x%5B");
        let every = answer(Departure::EncodedOutsideReserved(Field::Path), "a:/%20%").unwrap();
        assert_eq!(components(&every).path, "/%2520%25");
        assert_eq!(
            Departure::from_id("path-encoded-reserved-kept"),
            Some(Departure::EncodedReservedKept(Field::Path))
        );
    }

    #[test]
    fn an_encoding_gives_back_what_a_reading_before_it_brought() {
        // A "\\" ends the authority and starts the path, which encodes it.
        let backslash = composed(
            &[
                Departure::AuthorityEndsAtBackslash,
                Departure::EncodedOutsideReserved(Field::Path),
            ],
            "//a\\b?q",
        )
        .unwrap();
        assert_eq!(components(&backslash).host.as_deref(), Some("a"));
        assert_eq!(components(&backslash).path, "%5Cb");
        assert_eq!(components(&backslash).query.as_deref(), Some("q"));
        // A scheme read as a path keeps its ":", and its lone "%" makes every "%" encoded.
        let scheme = composed(
            &[
                Departure::InvalidSchemeAsPath,
                Departure::EncodedOutsideReserved(Field::Path),
            ],
            "%:%41",
        )
        .unwrap();
        assert_eq!(components(&scheme).path, "%25:%2541");
        // Alone, the backslash stays in the path as written.
        let alone = answer(Departure::AuthorityEndsAtBackslash, "//a\\b").unwrap();
        assert_eq!(components(&alone).path, "\\b");
        assert_eq!(answer(Departure::AuthorityEndsAtBackslash, "//a/b\\"), None);
    }

    #[test]
    fn a_port_may_be_read_by_its_leading_digits() {
        let port = answer(Departure::PortLeadingDigitsRead, "//h:80a/p").unwrap();
        assert_eq!(components(&port).port.as_deref(), Some("80"));
        assert_eq!(components(&port).path, "/p");
        let odd = answer(Departure::PortLeadingDigitsRead, "//h:0\u{e9}").unwrap();
        assert_eq!(components(&odd).port.as_deref(), Some("0"));
        assert_eq!(answer(Departure::PortLeadingDigitsRead, "//h:80"), None);
        assert_eq!(answer(Departure::PortLeadingDigitsRead, "//h:a0"), None);
    }

    #[test]
    fn an_ip_literal_may_be_read_as_a_registered_name() {
        let host = composed(
            &[
                Departure::IpLiteralAsRegName,
                Departure::Unchecked(Field::Host),
            ],
            "//[\u{e9}.]/p",
        )
        .unwrap();
        assert_eq!(components(&host).host.as_deref(), Some("[\u{e9}.]"));
        assert_eq!(components(&host).path, "/p");
        let alone = answer(Departure::IpLiteralAsRegName, "//[").unwrap();
        assert_eq!(components(&alone).host.as_deref(), Some("["));
        // The host ends at its first ":".
        let port = answer(Departure::IpLiteralAsRegName, "//[:1").unwrap();
        assert_eq!(components(&port).host.as_deref(), Some("["));
        assert_eq!(components(&port).port.as_deref(), Some("1"));
        assert_eq!(answer(Departure::IpLiteralAsRegName, "//a[b"), None);
    }

    #[test]
    fn a_line_feed_may_end_what_a_regular_expression_reads() {
        let host = answer(Departure::AuthorityFinalLineFeedIgnored, "//a\n/p").unwrap();
        assert_eq!(components(&host).host.as_deref(), Some("a"));
        assert_eq!(components(&host).path, "/p");
        // Only the authority's last character, once.
        assert_eq!(
            answer(Departure::AuthorityFinalLineFeedIgnored, "//a\nb"),
            None
        );
        let twice = answer(Departure::AuthorityFinalLineFeedIgnored, "//a\n\n").unwrap();
        assert!(matches!(twice, Outcome::Invalid(_)), "{twice:?}");
        let none = answer(Departure::EmptyAuthorityAsAbsent, "a:///p?q").unwrap();
        assert_eq!(components(&none).host, None);
        assert_eq!(components(&none).path, "/p");
        // No text without the authority reads "a:////p": its answer is in components
        // (`an_empty_authority_before_a_double_slash_path_is_answered_in_components`).
        assert_eq!(answer(Departure::EmptyAuthorityAsAbsent, "a://h"), None);
        let fragment = answer(Departure::FragmentEndsAtLineFeed, "a:b#c\nd#e").unwrap();
        assert_eq!(components(&fragment).fragment.as_deref(), Some("c"));
        assert_eq!(answer(Departure::FragmentEndsAtLineFeed, "a:b\n#c"), None);
        // java.net.URL's mailto handler: "mailto:a#b" has no fragment, a fragment's
        // character the RFC refuses is not read, and a "#" the text lacks changes nothing.
        // A host that holds a "]" and starts with no "[" has no literal to probe.
        assert_eq!(
            Departure::IpLiteralUnchecked.probe_site(&Request::parse("urn://a[v%21.a:b@]/a")),
            None
        );
        let dropped = answer(Departure::FragmentDropped, "a:b#c").unwrap();
        assert_eq!(components(&dropped).path, "b");
        assert_eq!(components(&dropped).fragment, None);
        let refused = answer(Departure::FragmentDropped, "a:b#\u{9f}").unwrap();
        assert!(refused.is_valid(), "{refused:?}");
        assert_eq!(components(&refused).fragment, None);
        assert_eq!(answer(Departure::FragmentDropped, "a:b?c"), None);
        // Near misses: a path or a query the RFC refuses is still refused.
        let path = answer(Departure::FragmentDropped, "a:b c#d").unwrap();
        assert!(!path.is_valid(), "{path:?}");
        let witness = Departure::FragmentDropped
            .witness(&Request::parse("mailto:a#"))
            .unwrap();
        assert_eq!(witness, Request::parse("mailto:p#f"));
        // Where the case's scheme is none the RFC reads, a relative reference.
        let witness = Departure::FragmentDropped
            .witness(&Request::parse("tel%4G:#"))
            .unwrap();
        assert_eq!(witness, Request::parse("p#f"));
        let cut = answer(Departure::TextEndsAtLineFeed, "//h\n/p#f").unwrap();
        assert_eq!(components(&cut).host.as_deref(), Some("h"));
        assert_eq!(components(&cut).path, "");
        assert_eq!(components(&cut).fragment, None);
        assert_eq!(answer(Departure::TextEndsAtLineFeed, "//h/p"), None);
        // python-rfc3987's `'^%(rule)s$'`: Python's "$" matches "at the end of the string or
        // just before the newline at the end of the string", so "\n", "?\n", "#\n" and
        // "//\n" are read without their final line feed, whatever component it ends.
        let last = Departure::FinalLineFeedIgnored;
        assert_eq!(components(&answer(last, "\n").unwrap()).path, "");
        assert_eq!(
            components(&answer(last, "?\n").unwrap()).query.as_deref(),
            Some("")
        );
        assert_eq!(
            components(&answer(last, "#\n").unwrap())
                .fragment
                .as_deref(),
            Some("")
        );
        assert_eq!(
            components(&answer(last, "//\n").unwrap()).host.as_deref(),
            Some("")
        );
        // Near misses: a line feed before the end, two at the end, none.
        assert_eq!(answer(last, "//h\n/p"), None);
        let twice = answer(last, "a:/p\n\n").unwrap();
        assert!(matches!(twice, Outcome::Invalid(_)), "{twice:?}");
        assert_eq!(answer(last, "a:/p"), None);
    }

    #[test]
    fn a_port_read_as_a_number_loses_its_leading_zeros() {
        let port = |input: &str| {
            composed(&[Departure::PortReadAsNumber], input)
                .map(|o| components(&o).port.clone())
                .unwrap()
        };
        assert_eq!(port("//h:0080").as_deref(), Some("80"));
        assert_eq!(port("//h:00").as_deref(), Some("0"));
        assert_eq!(port("//h:").as_deref(), Some(""));
        assert_eq!(port("//h").as_deref(), None);
        assert_eq!(
            number_written("123456789012345678901"),
            "123456789012345680000"
        );
        assert_eq!(number_written("1000000000000000000000"), "1e+21");
        assert_eq!(
            number_written("1234567890123456789012"),
            "1.2345678901234568e+21"
        );
    }

    #[test]
    fn a_normalizer_writing_a_port_held_as_a_number_drops_its_leading_zeros() {
        let normalized = |input: &str, answer: &str| {
            let case = Request::Normalize {
                input: input.to_owned(),
                level: None,
            };
            Departure::PortReadAsNumber
                .rule_on_answer(&case, Outcome::Normalized(answer.to_owned()))
        };
        let written = |text: &str| Outcome::Normalized(text.to_owned());
        assert_eq!(
            normalized("http://:00", "http://:00/"),
            written("http://:0/")
        );
        assert_eq!(
            normalized("a://h:0080/p?q", "a://h:0080/p?q"),
            written("a://h:80/p?q")
        );
        // A port without leading zeros, an empty port and no port are written as they are.
        assert_eq!(
            normalized("a://h:8080", "a://h:8080"),
            written("a://h:8080")
        );
        assert_eq!(normalized("a://h:", "a://h:"), written("a://h:"));
        assert_eq!(normalized("a:/p:00", "a:/p:00"), written("a:/p:00"));
        // A refusal is a refusal.
        let case = Request::Normalize {
            input: "%".to_owned(),
            level: None,
        };
        let refused = Outcome::invalid("x".to_owned());
        assert_eq!(
            Departure::PortReadAsNumber.rule_on_answer(&case, refused.clone()),
            refused
        );
    }

    #[test]
    fn answer_rules_refuse_what_their_parsers_refuse() {
        for (departure, refused, kept) in [
            (
                Departure::IpvFutureUppercaseVRefused,
                "//[V1.x]",
                "//[v1.x]",
            ),
            (Departure::EmptyUserinfoRefused, "//@h", "//u@h"),
            (Departure::EmptyHostRefused, "//u@:80", "//u@h:80"),
            (
                Departure::EmptyHostBesideUserinfoOrPortRefused,
                "//:80",
                "//",
            ),
            (
                Departure::EmptyHostBesideUserinfoOrPortRefused,
                "//@",
                "//@h",
            ),
            (
                Departure::PortOverFiveDigitsRefused,
                "//h:000080",
                "//h:00080",
            ),
        ] {
            let outcome = composed(&[departure], refused).unwrap();
            assert!(
                matches!(outcome, Outcome::Invalid(_)),
                "{refused}: {outcome:?}"
            );
            let outcome = composed(&[departure], kept).unwrap();
            assert!(
                matches!(outcome, Outcome::Parsed { .. }),
                "{kept}: {outcome:?}"
            );
            assert_eq!(departure.rewrite(&Request::parse(refused)), None);
        }
    }

    #[test]
    fn an_opaque_path_is_taken_whole() {
        let read = answer(Departure::OpaquePathUnchecked, "a:b c%\u{e9}%zz?q").unwrap();
        assert_eq!(components(&read).path, "b c%\u{e9}%zz");
        assert_eq!(components(&read).query.as_deref(), Some("q"));
        // A path after "/" or an authority, or without a scheme, is the RFC's.
        assert_eq!(answer(Departure::OpaquePathUnchecked, "a:/b c"), None);
        assert_eq!(answer(Departure::OpaquePathUnchecked, "a://h/b c"), None);
        assert_eq!(answer(Departure::OpaquePathUnchecked, "b c"), None);
        // Its probes go where a lone "%" stands as where any character it takes stands: a
        // parser that keeps "a:b%zz" but refuses "a:b zz" keeps a lone "%", no opaque part.
        assert_eq!(
            Departure::OpaquePathUnchecked.probe_site(&Request::parse("a:b%zz")),
            Some((3, '%'))
        );
    }

    #[test]
    fn text_may_be_rewritten_before_it_is_read() {
        let stripped = answer(Departure::LeadingControlOrSpaceStripped, " \u{1}a:b").unwrap();
        assert_eq!(components(&stripped).scheme.as_deref(), Some("a"));
        // Only at the start.
        assert_eq!(
            answer(Departure::LeadingControlOrSpaceStripped, "a:b "),
            None
        );
        let trimmed = answer(
            Departure::SurroundingWhiteSpaceStripped,
            "\u{3000} //h\t\n\u{a0}",
        )
        .unwrap();
        assert_eq!(components(&trimmed).host.as_deref(), Some("h"));
        // Only at the ends, and only white space.
        assert_eq!(
            answer(Departure::SurroundingWhiteSpaceStripped, "//h a"),
            None
        );
        assert_eq!(
            answer(Departure::SurroundingWhiteSpaceStripped, "//h\u{1}"),
            None
        );
        let removed = answer(Departure::TabOrNewlineRemoved, "a:b\tc\r\n").unwrap();
        assert_eq!(components(&removed).path, "bc");
        let underscored = answer(Departure::ControlAsUnderscore, "a:b\u{1}\u{7f}").unwrap();
        assert_eq!(components(&underscored).path, "b__");
        let slashes = answer(Departure::OneOrThreeSlashesAsTwo, "a:/h/p").unwrap();
        assert_eq!(components(&slashes).host.as_deref(), Some("h"));
        let three = answer(Departure::OneOrThreeSlashesAsTwo, "a:///h").unwrap();
        assert_eq!(components(&three).host.as_deref(), Some("h"));
        // Two are the RFC's, four are no authority's, and a file URL's three an empty host.
        assert_eq!(answer(Departure::OneOrThreeSlashesAsTwo, "a://h"), None);
        assert_eq!(answer(Departure::OneOrThreeSlashesAsTwo, "a:////h"), None);
        assert_eq!(answer(Departure::OneOrThreeSlashesAsTwo, "file:///p"), None);
        let slash = answer(Departure::EmptyPathAsSlash, "a://h?q").unwrap();
        assert_eq!(components(&slash).path, "/");
        assert_eq!(answer(Departure::EmptyPathAsSlash, "a:"), None);
        // A resolution reads both of its strings so.
        let case = Request::Resolve {
            base: " a:/b".into(),
            input: " c".into(),
            strict: true,
        };
        let read = Departure::LeadingControlOrSpaceStripped
            .rewrite(&case)
            .unwrap();
        assert_eq!(
            read,
            Request::Resolve {
                base: "a:/b".into(),
                input: "c".into(),
                strict: true
            }
        );
    }

    #[test]
    fn a_text_without_a_scheme_may_be_read_as_an_authority() {
        // urllib3's parse_url: `if not _SCHEME_RE.search(url): url = "//" + url`, whose
        // docstring gives `parse_url('google.com:80')` the host "google.com" and the port 80.
        let rfc = Departure::SchemelessAsAuthority(SchemeChars::Rfc3986);
        let dotless = Departure::SchemelessAsAuthority(SchemeChars::WithoutDot);
        let port = answer(dotless, "google.com:80").unwrap();
        assert_eq!(components(&port).host.as_deref(), Some("google.com"));
        assert_eq!(components(&port).port.as_deref(), Some("80"));
        assert_eq!(components(&port).path, "");
        // By RFC 3986's class "google.com" is a scheme.
        assert_eq!(answer(rfc, "google.com:80"), None);
        for d in [rfc, dotless] {
            let port = answer(d, "0:80").unwrap();
            assert_eq!(components(&port).host.as_deref(), Some("0"));
            assert_eq!(components(&port).port.as_deref(), Some("80"));
            let path = answer(d, "h/p").unwrap();
            assert_eq!(components(&path).host.as_deref(), Some("h"));
            assert_eq!(components(&path).path, "/p");
            // Nothing before "?" is the empty authority.
            let query = answer(d, "?q").unwrap();
            assert_eq!(components(&query).host.as_deref(), Some(""));
            assert_eq!(components(&query).query.as_deref(), Some("q"));
            // A scheme that starts with a digit is none: "0:a" is a host and a port "a",
            // which the reference refuses.
            assert!(!answer(d, "0:a").unwrap().is_valid());
            // Near misses: a scheme of the class, a "/" first, the empty text.
            assert_eq!(answer(d, "a:b"), None);
            assert_eq!(answer(d, "a+b-c:d"), None);
            assert_eq!(answer(d, "/foo?bar"), None);
            assert_eq!(answer(d, "//h"), None);
            assert_eq!(answer(d, ""), None);
        }
        // `_SCHEME_RE = [a-zA-Z][a-zA-Z0-9+-]*:` has no ".": "a.b:1" is a host and a port.
        let dot = answer(dotless, "a.b:1").unwrap();
        assert_eq!(components(&dot).scheme, None);
        assert_eq!(components(&dot).host.as_deref(), Some("a.b"));
        assert_eq!(components(&dot).port.as_deref(), Some("1"));
        assert_eq!(answer(rfc, "a.b:1"), None);
        // The witnesses tell the two classes apart.
        let witness = |d: Departure| match d.witness(&Request::parse("0")) {
            Some(Request::Parse { input, .. }) => input,
            other => panic!("{other:?}"),
        };
        assert_eq!(answer(rfc, &witness(rfc)).map(|a| a.is_valid()), Some(true));
        assert_eq!(answer(rfc, &witness(dotless)), None);
        assert!(answer(dotless, &witness(dotless)).is_some());
        // A case whose start is no scheme has the same witness.
        assert_eq!(
            dotless.witness(&Request::parse(" http://a/")),
            Some(Request::parse("a.b:1/p"))
        );
        // An absolute URI is asked no relative witness.
        assert_eq!(
            rfc.witness(&Request::parse_by("a:b", reference::Rule::Uri)),
            None
        );
    }

    #[test]
    fn a_rootless_path_may_be_given_a_slash() {
        // urllib3's Url.__new__: `if path and not path.startswith("/"): path = "/" + path`.
        let d = Departure::RootlessPathGivenSlash;
        let rootless = answer(d, "a:b").unwrap();
        assert_eq!(components(&rootless).scheme.as_deref(), Some("a"));
        assert_eq!(components(&rootless).path, "/b");
        let query = answer(d, "a:b/c?q#f").unwrap();
        assert_eq!(components(&query).path, "/b/c");
        assert_eq!(components(&query).query.as_deref(), Some("q"));
        let relative = answer(d, "b").unwrap();
        assert_eq!(components(&relative).path, "/b");
        // Near misses: a path that has its "/", an empty one, one after an authority.
        assert_eq!(answer(d, "a:/b"), None);
        assert_eq!(answer(d, "a:"), None);
        assert_eq!(answer(d, "a:?q"), None);
        assert_eq!(answer(d, "//h"), None);
        assert_eq!(answer(d, "//h/p"), None);
    }

    #[test]
    fn a_file_systems_path_may_be_read_as_a_file_uri() {
        // System.Uri's implicit file paths: the whole text is the path of a file URI with the
        // empty host, "?" and "#" characters of it ("For implicit file URIs ... the fragment
        // character ('#') is always escaped").
        let d = Departure::ImplicitFilePath;
        let unix = answer(d, "/00").unwrap();
        assert_eq!(components(&unix).scheme.as_deref(), Some("file"));
        assert_eq!(components(&unix).host.as_deref(), Some(""));
        assert_eq!(components(&unix).path, "/00");
        let unc = answer(d, "//h/p?q#f").unwrap();
        assert_eq!(components(&unc).host.as_deref(), Some(""));
        assert_eq!(components(&unc).path, "//h/p%3Fq%23f");
        assert_eq!(components(&unc).query, None);
        assert_eq!(components(&unc).fragment, None);
        assert_eq!(components(&answer(d, "/\\a").unwrap()).path, "//a");
        // A DOS path's path is the text from its drive letter, "|" read as ":".
        let drive = answer(d, "c:/x?y#z").unwrap();
        assert_eq!(components(&drive).scheme.as_deref(), Some("file"));
        assert_eq!(components(&drive).path, "c:/x%3Fy%23z");
        assert_eq!(components(&drive).host.as_deref(), Some(""));
        assert_eq!(components(&answer(d, "c|\\x").unwrap()).path, "c:/x");
        // The departures after it read the path as written: System.Uri's "a:/%" has the path
        // "a:/%25", its "/a%" "/a%25".
        let catalogue = crate::diff::Catalogue::parse("entries: []\n").unwrap();
        let encoded = [d, Departure::EncodedInsteadOfRefused(Field::Path)];
        let with =
            |input: &str| catalogue.departing_answer("x", &encoded, &[], &Request::parse(input));
        let drive_percent = with("a:/%");
        assert_eq!(components(&drive_percent).path, "a:/%25");
        assert_eq!(components(&drive_percent).host.as_deref(), Some(""));
        assert_eq!(components(&with("/a%")).path, "/a%25");
        // A drive must be one letter, ":" or "|", then a slash; a relative path is no file
        // path.
        assert_eq!(answer(d, "a:b"), None);
        assert_eq!(answer(d, "aa:/x"), None);
        assert_eq!(answer(d, "x/y"), None);
        assert_eq!(answer(d, "a:"), None);
        // One letter then ":/" is a drive, an authority after it or not ("a://[::]a").
        assert_eq!(components(&answer(d, "a://h/p").unwrap()).path, "a://h/p");
        // Every string of a case: a normalization writes the file URI.
        let normalize = Request::Normalize {
            input: "/a:".into(),
            level: None,
        };
        assert_eq!(
            d.rewrite(&normalize),
            Some(Request::Normalize {
                input: "file:///a:".into(),
                level: None,
            })
        );
        // Against a file path, a reference without a scheme is a path too, one that starts
        // with "//" a file path of its own; a DOS path is one against any base.
        let target = |base: &str, input: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: false,
            };
            d.rewrite(&case).map(|asked| Reference.answer(&asked))
        };
        let resolved = |t: &str| Some(Outcome::Resolved(t.into()));
        assert_eq!(target("/a/b", "x?y#z"), resolved("file:///a/x%3Fy%23z"));
        assert_eq!(target("/a;", ""), resolved("file:///a;"));
        assert_eq!(target("a:/", ""), resolved("file:///a:/"));
        assert_eq!(target("/a/b", "//x"), resolved("file:////x"));
        assert_eq!(target("aa:", "c:/x"), resolved("file:///c:/x"));
        assert_eq!(target("/a/b", "aa:x"), resolved("aa:x"));
        // Against a URI, a Unix path is a reference as the RFC reads it.
        assert_eq!(target("aa:/b", "/x?y"), None);
    }

    #[test]
    fn an_empty_component_may_be_read_as_absent() {
        let query = answer(Departure::EmptyAsAbsent(Field::Query), "a:b?#f").unwrap();
        assert_eq!(components(&query).query, None);
        assert_eq!(components(&query).fragment.as_deref(), Some("f"));
        let fragment = answer(Departure::EmptyAsAbsent(Field::Fragment), "a:b#").unwrap();
        assert_eq!(components(&fragment).fragment, None);
        let port = answer(Departure::EmptyAsAbsent(Field::Port), "//h:/p").unwrap();
        assert_eq!(components(&port).port, None);
        assert_eq!(components(&port).path, "/p");
        let userinfo = answer(Departure::EmptyAsAbsent(Field::Userinfo), "//@h").unwrap();
        assert_eq!(components(&userinfo).userinfo, None);
        assert_eq!(components(&userinfo).host.as_deref(), Some("h"));
        // A component that holds something is no empty one.
        assert_eq!(
            answer(Departure::EmptyAsAbsent(Field::Query), "a:b?c"),
            None
        );
    }

    #[test]
    fn brackets_taken_in_a_fragment() {
        let hash = answer(Departure::FragmentHashKept, "a:b#c#d#").unwrap();
        assert_eq!(components(&hash).fragment.as_deref(), Some("c#d#"));
        // Only "#": the fragment's other characters are checked.
        assert_eq!(
            answer(Departure::FragmentHashKept, "##[").map(|o| o.is_valid()),
            Some(false)
        );
        assert_eq!(answer(Departure::FragmentHashKept, "a:b#c"), None);
        // Composed with an encoding of the refused characters, the "#" stays as it is.
        let encoded = composed(
            &[
                Departure::FragmentHashKept,
                Departure::EncodedInsteadOfRefused(Field::Fragment),
            ],
            "##\u{e9}",
        )
        .unwrap();
        assert_eq!(components(&encoded).fragment.as_deref(), Some("#%C3%A9"));
        let fragment = answer(Departure::BracketsTaken(Field::Fragment), "#[a]").unwrap();
        assert_eq!(components(&fragment).fragment.as_deref(), Some("[a]"));
        assert_eq!(
            answer(Departure::BracketsTaken(Field::Fragment), "#[ ]").map(|o| o.is_valid()),
            Some(false)
        );
        assert_eq!(answer(Departure::BracketsTaken(Field::Query), "#[a]"), None);
        // In a path (QUrl's StrictMode: "path: all delimiters allowed"): "[" and "]" kept, a
        // space still refused, and a path without them left to the RFC.
        let path = answer(Departure::BracketsTaken(Field::Path), "/a[b]").unwrap();
        assert_eq!(components(&path).path, "/a[b]");
        let first = answer(Departure::BracketsTaken(Field::Path), "[").unwrap();
        assert_eq!(components(&first).path, "[");
        assert_eq!(
            answer(Departure::BracketsTaken(Field::Path), "/[ ]").map(|o| o.is_valid()),
            Some(false)
        );
        assert_eq!(answer(Departure::BracketsTaken(Field::Path), "?[a]"), None);
        assert_eq!(
            Departure::from_id("path-brackets-taken"),
            Some(Departure::BracketsTaken(Field::Path))
        );
    }

    #[test]
    fn a_literal_to_its_bracket_takes_any_character() {
        let host = |input: &str| {
            answer(Departure::IpLiteralAnyToBracket, input).map(|o| {
                let Outcome::Parsed {
                    components,
                    host_kind,
                } = o
                else {
                    panic!("{o:?}")
                };
                (
                    components.userinfo,
                    components.host,
                    components.port,
                    host_kind,
                )
            })
        };
        assert_eq!(
            host("a://[/]"),
            Some((None, Some("[/]".into()), None, Some(HostKind::Ipv6)))
        );
        assert_eq!(
            host("//@[@]"),
            Some((
                Some(String::new()),
                Some("[@]".into()),
                None,
                Some(HostKind::Ipv6)
            ))
        );
        assert_eq!(
            host("//u@[v?#]:80/p"),
            Some((
                Some("u".into()),
                Some("[v?#]".into()),
                Some("80".into()),
                Some(HostKind::IpvFuture)
            ))
        );
        // What follows the "]" must end the authority; a literal the RFC reads is its own.
        assert_eq!(host("//[a]x"), None);
        assert_eq!(host("//[a]@h"), None);
        assert_eq!(host("//[::1]"), None);
        assert_eq!(host("//[a"), None);
    }

    #[test]
    fn rfc2396_opaque_part_holds_the_query() {
        let d = Departure::QueryInOpaquePart;
        let read = answer(d, "a:b?c?d#f").unwrap();
        assert_eq!(components(&read).path, "b?c?d");
        assert_eq!(components(&read).query, None);
        assert_eq!(components(&read).fragment.as_deref(), Some("f"));
        // `opaque_part = uric_no_slash *uric`: "?" is a uric_no_slash.
        assert_eq!(components(&answer(d, "a:?c").unwrap()).path, "?c");
        // A hierarchical part, a relative reference or no query: read as the RFC reads it.
        assert_eq!(answer(d, "a:/b?c"), None);
        assert_eq!(answer(d, "a://h?c"), None);
        assert_eq!(answer(d, "b?c"), None);
        assert_eq!(answer(d, "a:b#c"), None);
        // Its witness is its plainest reading.
        let witness = d.witness(&Request::parse("a:x?y")).unwrap();
        assert_eq!(witness, Request::parse("a:b?c"));
    }

    #[test]
    fn an_authority_no_server_rule_takes_is_a_registry_based_name() {
        let d = Departure::RegistryBasedAuthority;
        for (input, host) in [
            ("//a:b", "a:b"),
            ("//@@", "@@"),
            ("//u@a_b:1", "u@a_b:1"),
            ("a://u@:80", "u@:80"),
            ("//u@1.2.3:80", "u@1.2.3:80"),
            ("//a.0:1", "a.0:1"),
            ("//a-:1", "a-:1"),
            ("//@%00", "@%00"),
        ] {
            let read = answer(d, input).unwrap_or_else(|| panic!("{input}"));
            let c = components(&read);
            assert_eq!(c.host.as_deref(), Some(host), "{input}");
            assert_eq!((c.userinfo.as_deref(), c.port.as_deref()), (None, None));
        }
        // A server: RFC 2396's hostname (one label may start with a digit), a dotted quad of
        // short runs, a bracketed IPv6 address, with a userinfo and a port of digits.
        for server in [
            "//u@h:80",
            "//u:p@a-b.c.:",
            "//0:1",
            "//1.2.3.999:1",
            "//u@[::1]:1",
            "//h",
            "//a_b",
            "//",
        ] {
            assert_eq!(answer(d, server), None, "{server}");
        }
        // Neither a server nor a reg_name: refused, as the RFC refuses it.
        assert_eq!(answer(d, "//a b:c"), None);
        assert_eq!(answer(d, "//[v1.a]:c"), None);
        assert!(d.witness(&Request::parse("//a:b")).is_some());
    }

    #[test]
    fn a_parse_may_remove_the_dot_segments_of_its_path() {
        let d = Departure::PathDotSegmentsRemoved;
        assert!(d.is_answer_rule() && d.is_output_rule() && !d.refuses());
        let case = Request::parse("a://h/b/./c/../%2e/d/.");
        let read = d.rule_on_answer(&case, Reference.answer(&case));
        assert_eq!(components(&read).path, "/b/d/");
        // A rootless path loses no segment it does not climb over; "%2E" alone in a segment
        // only, other escapes kept as written.
        let case = Request::parse("a:b/%2E%2e/c%2E/%41");
        let read = d.rule_on_answer(&case, Reference.answer(&case));
        assert_eq!(components(&read).path, "/c%2E/%41");
        // Its control is a path of dot-segments after the case's own scheme.
        let controls = d.output_controls(&Request::parse("x:/."));
        assert_eq!(controls, vec![Request::parse("x://h/a/./b/../%2E/c/.")]);
        let read = d.rule_on_answer(&controls[0], Reference.answer(&controls[0]));
        assert_eq!(components(&read).path, "/a/c/");
        // A resolution's target has none left: the rule changes nothing there.
        let resolve = Request::Resolve {
            base: "a:/b/".into(),
            input: "./c".into(),
            strict: true,
        };
        let target = Reference.answer(&resolve);
        assert_eq!(d.rule_on_answer(&resolve, target.clone()), target);
    }

    #[test]
    fn a_parse_may_remove_its_path_dot_segments_by_a_split_at_slashes() {
        let path = |d: Departure, input: &str| {
            let case = Request::parse(input);
            components(&d.rule_on_answer(&case, Reference.answer(&case)))
                .path
                .clone()
        };
        let urllib3 = Departure::PathSegmentDotsRemoved(
            SegmentDots::RootPutBackEndKept,
            DotScope::HttpOrNoScheme,
        );
        let httpx = Departure::PathSegmentDotsRemoved(
            SegmentDots::RootKeptEndDropped,
            DotScope::SchemeOrAuthority,
        );
        for d in [urllib3, httpx] {
            assert!(d.is_answer_rule() && d.is_output_rule() && !d.refuses());
            assert!(Departure::all().contains(&d));
        }
        // urllib3 2.x, `parse_url` (util/url.py): "%2E" is no dot-segment; the root put back
        // and a final "/." leaving its "/"; http, https or no scheme only.
        assert_eq!(path(urllib3, "http://h/a/./b/../%2E/../c/."), "/a/c/");
        assert_eq!(path(urllib3, "HTTPS://h/b/./c/../%2e/d/."), "/b/%2e/d/");
        assert_eq!(path(urllib3, "http:/b/../.."), "/");
        assert_eq!(path(urllib3, "/b/.."), "/");
        assert_eq!(path(urllib3, "a://h/b/.."), "/b/..");
        assert_eq!(path(urllib3, "ftp://h/b/.."), "/b/..");
        // httpx 0.28, `normalize_path` (_urlparse.py): never the root's segment, no final
        // "/"; with a scheme or an authority that is not empty, whatever the scheme.
        assert_eq!(path(httpx, "http://h/a/./b/../%2E/../c/."), "/a/c");
        assert_eq!(path(httpx, "a://h/b/.."), "");
        assert_eq!(path(httpx, "http:/b/../.."), "");
        assert_eq!(path(httpx, "a:b/./c"), "b/c");
        assert_eq!(path(httpx, "/b/.."), "/b/..");
        assert_eq!(path(httpx, "///b/.."), "/b/..");
        assert_eq!(path(httpx, "//@/b/.."), "/b/..");
        // Near misses: RFC 3986's remove_dot_segments, and "%2E" read as ".", are neither.
        assert_ne!(path(httpx, "a://h/b/."), "/b/");
        assert_ne!(path(urllib3, "http://h/b/%2E"), "/b/");
        assert_ne!(path(httpx, "http://h/b/%2E"), "/b");
        // Its controls tell the join and the scope apart: no other variant, nor the rule of
        // RFC 3986's algorithm, answers every one alike.
        let controls = urllib3.output_controls(&Request::parse("http:/."));
        assert!(controls.len() >= 4);
        let answers = |d: Departure| -> Vec<Outcome> {
            controls
                .iter()
                .map(|c| d.rule_on_answer(c, Reference.answer(c)))
                .collect()
        };
        let mine = answers(urllib3);
        for other in Departure::all() {
            if other != urllib3
                && (matches!(other, Departure::PathSegmentDotsRemoved(..))
                    || other == Departure::PathDotSegmentsRemoved)
            {
                assert_ne!(answers(other), mine, "{}", other.id());
            }
        }
    }

    #[test]
    fn a_port_may_be_read_as_a_number_up_to_65535() {
        let d = Departure::PortReadAsNumberInRange;
        assert!(d.is_answer_rule() && d.is_output_rule() && d.refuses() && !d.refuses_only());
        let port = |input: &str| {
            let case = Request::parse(input);
            d.rule_on_answer(&case, Reference.answer(&case))
        };
        // urllib3's `parse_url`: `_HOST_PORT_RE` reads `0*?(|0|[1-9][0-9]{0,4})`, then
        // `int(port)`, refused above 65535.
        assert_eq!(components(&port("//h:0080")).port.as_deref(), Some("80"));
        assert_eq!(components(&port("//h:000")).port.as_deref(), Some("0"));
        assert_eq!(
            components(&port("//h:0000065535")).port.as_deref(),
            Some("65535")
        );
        assert_eq!(components(&port("//h:")).port.as_deref(), Some(""));
        assert!(!port("//h:65536").is_valid());
        assert!(!port("//h:123456").is_valid());
        assert!(!port("//h:0000123456").is_valid());
        // Near misses: the port as written, and a port of six digits whose value is small.
        assert_ne!(components(&port("//h:0080")).port.as_deref(), Some("0080"));
        assert!(port("//h:000001").is_valid());
        // Its refusal's controls: the largest port, with leading zeros too, and the smallest
        // above.
        let case = Request::parse("//h:65536");
        let read = components(&Reference.answer(&case)).clone();
        let controls = d.refusal_controls(&case, &read);
        let answers: Vec<bool> = controls
            .iter()
            .map(|c| d.rule_on_answer(c, Reference.answer(c)).is_valid())
            .collect();
        assert_eq!(answers, vec![true, true, false]);
    }

    #[test]
    fn text_components_may_be_encoded_by_the_url_standards_sets() {
        let d = Departure::UrlStandardSetsEncoded;
        assert!(Departure::all().contains(&d) && d.restores());
        let parsed = |input: &str| components(&answer(d, input).expect("read")).clone();
        // httpx 0.28's `urlparse` (_urlparse.py): `quote(userinfo, safe=USERINFO_SAFE)`,
        // `quote(path, safe=PATH_SAFE)`, `quote(query, safe=QUERY_SAFE)`, `quote(frag,
        // safe=FRAG_SAFE)`.
        assert_eq!(parsed("//=@").userinfo.as_deref(), Some("%3D"));
        assert_eq!(parsed("#`[").fragment.as_deref(), Some("%60["));
        assert_eq!(parsed("?`\\").query.as_deref(), Some("`\\"));
        assert_eq!(parsed("/a b%").path, "/a%20b%");
        assert_eq!(parsed("a:/\u{e9}").path, "/%C3%A9");
        assert_eq!(parsed("##").fragment.as_deref(), Some("#"));
        let all = parsed("//a;b@h/a{b}?[a]|^#[a]{^}");
        assert_eq!(all.userinfo.as_deref(), Some("a%3Bb"));
        assert_eq!(all.path, "/a%7Bb%7D");
        assert_eq!(all.query.as_deref(), Some("[a]|^"));
        assert_eq!(all.fragment.as_deref(), Some("[a]{^}"));
        // A userinfo's ":" is kept (the set of one userinfo component, not the URL
        // Standard's username's), and a triplet as written.
        assert!(d.rewrite(&Request::parse("//a:b%41@h")).is_none());
        // Near misses: RFC 3986's rule of every component encodes what the sets keep, and
        // a case whose components the sets leave as they are is not read.
        let rfc = answer(Departure::EveryComponentEncoded, "#`[").expect("read");
        assert_ne!(components(&rfc).fragment.as_deref(), Some("%60["));
        assert!(d.rewrite(&Request::parse("//a@h/b?c#d")).is_none());
        assert_ne!(parsed("?`").query.as_deref(), Some("%60"));
    }

    #[test]
    fn a_host_may_take_control_characters() {
        let d = Departure::ControlsTaken(Field::Host);
        assert_eq!(d.id(), "host-controls-taken");
        assert_eq!(d.kind_id(), "component-controls-taken");
        // Node's legacy url.parse (lib/url.js): `forbiddenHostChars` and
        // `forbiddenHostCharsIpv6` name NUL, the tab and the line breaks alone of the controls.
        let host = |set: &[Departure], input: &str| {
            components(&composed(set, input).expect("read"))
                .host
                .clone()
        };
        assert_eq!(host(&[d], "a://\u{7f}/").as_deref(), Some("\u{7f}"));
        assert_eq!(host(&[d], "a://a\u{1}b/").as_deref(), Some("a\u{1}b"));
        // An IP literal's, with the departure that reads the literal's grammar, which comes
        // after it in the library's order.
        let all = Departure::all();
        let at = |x: Departure| all.iter().position(|&y| y == x).unwrap();
        assert!(at(d) < at(Departure::IpLiteralUnchecked));
        assert_eq!(
            host(&[d, Departure::IpLiteralUnchecked], "a://[\u{7f}]").as_deref(),
            Some("[\u{7f}]")
        );
        // Near misses: no other character is taken, and a control elsewhere is not read.
        assert!(!composed(&[d], "a://a b\u{1}/").unwrap().is_valid());
        assert!(d.rewrite(&Request::parse("a://h/\u{1}")).is_none());
        assert!(
            d.probes()
                .iter()
                .all(|c| !matches!(c, '\0' | '\t' | '\n' | '\r'))
        );
    }

    #[test]
    fn ids_are_entry_ids() {
        let ids: std::collections::BTreeSet<String> =
            Departure::all().into_iter().map(Departure::id).collect();
        assert_eq!(ids.len(), Departure::all().len());
        for id in ids {
            assert!(
                id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                    && !id.starts_with("parse-"),
                "{id}"
            );
        }
    }
    #[test]
    fn an_empty_authority_before_a_double_slash_path_is_answered_in_components() {
        let d = Departure::EmptyAuthorityAsAbsent;
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
        // RFC 3986 §3.2: "//" then the empty authority, §3.3 the path-abempty after it; the
        // departure drops the authority and keeps that path as read.
        assert_eq!(
            answer_in_components(d, "a:////p?q"),
            Some(parsed(Some("a"), "//p", Some("q")))
        );
        assert_eq!(
            answer_in_components(d, "a:////"),
            Some(parsed(Some("a"), "//", None))
        );
        assert_eq!(
            answer_in_components(d, "////"),
            Some(parsed(None, "//", None))
        );
        assert_eq!(
            answer_in_components(d, "//////x"),
            Some(parsed(None, "////x", None))
        );
        // The text read without its "//" where one reads it: "a:///p" is "a:/p".
        assert_eq!(
            answer_in_components(d, "a:///p"),
            Some(parsed(Some("a"), "/p", None))
        );
        // Near misses: an authority that holds "@" or ":" is not empty ("a://@//p" has the
        // userinfo "", §3.2.1), one with a host is not, and a path "//" after no authority
        // ("a:/.//p", whose path is "/.//p") is the reference's reading already.
        assert_eq!(answer_in_components(d, "a://@//p"), None);
        assert_eq!(answer_in_components(d, "a://://p"), None);
        assert_eq!(answer_in_components(d, "a://h//p"), None);
        assert_eq!(answer_in_components(d, "a:/.//p"), None);
        // A text the reference refuses has no components to answer with.
        assert_eq!(answer_in_components(d, "a:////p q"), None);
    }
}

#[cfg(test)]
mod catalogue_syntax {
    #[test]
    fn an_entry_names_a_departure() {
        for model in [
            "!departure path-unchecked",
            "!departure ip-literal-unchecked",
        ] {
            let text = format!(
                "entries:\n  - id: x-lax\n    implementations: [x]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: {model}\n"
            );
            let parsed = crate::diff::Catalogue::parse(&text);
            assert!(parsed.is_ok(), "{model}: {:?}", parsed.err());
        }
        let text = "entries:\n  - id: x-lax\n    implementations: [x]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: !departure path-lax\n";
        let error = crate::diff::Catalogue::parse(text)
            .err()
            .unwrap_or_default();
        assert!(error.contains("unknown departure \"path-lax\""), "{error}");
    }
}

/// Whether `actual`, an answer to `case`, shows an authority where the RFC's components have
/// none: a resolution's target read with an authority where §5.2.2's T has no authority (its
/// path then starts with "//": RFC 3986 §3.3, "If a URI does not contain an authority
/// component, then the path cannot begin with two slash characters"), or a normalized string
/// read with one where the input has none. That is what a documented choice's reading applied
/// without its guard adds over the reading ([`Departure::is_unguarded_reading`]); `false` for
/// any other answer or case.
pub(crate) fn shows_an_authority_the_rfc_has_not(case: &Request, actual: &Outcome) -> bool {
    match (case, actual) {
        (Request::Resolve { .. }, Outcome::Resolved(target)) => {
            super::compare::letter_target(case).is_some_and(|(t, _)| t.host.is_none())
                && reference::split(target).authority.is_some()
        }
        (Request::Normalize { input, .. }, Outcome::Normalized(output)) => {
            reference::split(input).authority.is_none()
                && reference::split(output).authority.is_some()
        }
        _ => false,
    }
}
