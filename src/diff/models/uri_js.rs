//! uri-js 4.4.1's scheme handlers (npm `uri-js`, dist/es5/uri.all.js), which fast-uri 4.2.3
//! (lib/schemes.js), its replacement "with the same API", keeps: written from their source for
//! the two adapters' catalogues (`adapters/node/uri-js/known-differences.yaml`,
//! `adapters/node/fast-uri/known-differences.yaml`); and two rules of uri-js's own
//! `_normalizeComponentEncoding`, which fast-uri does not run.
//!
//! `parse` looks the scheme's handler up by the scheme as `URI_PARSE` matched it, lowercased
//! (`SCHEMES[(options.scheme || components.scheme || "").toLowerCase()]`, before the components
//! are normalized), and runs its `parse` on the components last, once they are read and
//! normalized.

use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// The http and https handlers' `parse` ("//report missing host": `if (!components.host)
    /// components.error = components.error || "HTTP URIs must have a host."`): an http or
    /// https URI whose host is absent or empty is an error.
    HttpHostRequired,
    /// The ws and wss handlers' `parse` ("//construct resouce name"): the path and the query
    /// become `resourceName`, and `components.path` and `components.query` are set to
    /// undefined, so the components have neither (the adapter reports the path as "").
    WsResourceName,
    /// `_normalizeComponentEncoding`'s scheme: `String(components.scheme).replace(
    /// protocol.PCT_ENCODED, decodeUnreserved).toLowerCase().replace(protocol.NOT_SCHEME, "")`,
    /// `NOT_SCHEME` being `[^A-Za-z0-9\+\-\.]`: the scheme `URI_PARSE` reads (`([^:\/?#]+):`,
    /// any text before the first ":" that holds no "/", "?" or "#") with its triplets of
    /// unreserved characters decoded, lowercased, and every character `scheme` refuses
    /// removed. What is left is not checked: it may be empty (the scheme is then "", there
    /// but empty) or start with a digit, "+", "-" or ".".
    SchemeRefusedCharactersRemoved,
    /// `_normalizeComponentEncoding`'s path: `.replace(components.scheme ? protocol.NOT_PATH :
    /// protocol.NOT_PATH_NOSCHEME, pctEncChar)`, where `NOT_PATH_NOSCHEME` is `NOT_PATH` with
    /// ":" added: in a reference without a scheme (or with the empty one the rule before
    /// leaves), every ":" of the path is percent-encoded, in every segment.
    PathColonEncodedWithoutScheme,
    /// The mailto handler's `parse` (RFC 6068): the path becomes the recipients `to`
    /// (`path.split(",")`, and the addresses of a `to=` header field of the query, which is
    /// read when not empty), and `path` and `query` are set to undefined (the adapter reports
    /// the path as ""). Each recipient is split at "@" and its domain, `addr[1]`,
    /// lowercased: an address without "@" has none, and the `TypeError` is caught as "Email
    /// address's domain name can not be converted to ASCII via punycode", an error; a `to`
    /// header field without "=" throws it uncaught (`hfield[1].split`), an error too.
    MailtoRecipients,
    /// The urn handler's `parse` (RFC 2141): the path must match `URN_PARSE`
    /// (`^([^\:]+)\:(.*)`), or the URI is an error ("URN can not be parsed."); its parts
    /// become `nid` and `nss` and `path` is set to undefined (reported as ""). The urn:uuid
    /// handler (a `nid` of "uuid", any case) then wants the `nss` to be a UUID, or the URI is
    /// an error ("UUID is not valid.").
    UrnNidNss,
    /// `pctEncChar`, which every encoding of `_normalizeComponentEncoding` calls on each match
    /// of a `NOT_...` expression (no `u` flag: one UTF-16 code unit at a time), writes a code
    /// unit of 2048 or more as three octets (`c >> 12 | 224`, ...): a character outside the
    /// BMP is written as its two surrogates' three octets each (U+1F600 as
    /// "%ED%A0%BD%ED%B8%80", CESU-8), not as UTF-8's four. Read with each surrogate stood in
    /// for by a private-use character of the BMP (U+E000 plus its offset from U+D800), which
    /// the encodings write in three octets too, then given back. A text that holds such a
    /// private-use character or an "%EE" triplet of its own is not read so (its encodings
    /// could not be told apart).
    SurrogatesEncoded,
    /// fast-uri's own (4.2.3, not uri-js's): `normalizePathEncoding` (lib/utils.js lines
    /// 518-571), which index.js line 694 runs on a non-empty path unless the scheme handler
    /// has `skipNormalize` (urn and mailto, lib/schemes.js lines 233 and 671): "Valid escapes
    /// are uppercased, raw unsafe characters are escaped, and only unreserved bytes that are
    /// not `.` are decoded" (`decoded !== '.' && isUnreserved(decoded)`), so "%7e%2e%0a" is
    /// "~%2E%0A". Its
    /// escaping of raw characters is the library's departure `path-encoded-instead-of-refused`;
    /// this is the rest, on the path that one gives.
    FastUriPathPercentEncodingNormalized,
    /// fast-uri's own (4.2.3): `canonicalizeHost` (index.js lines 427-466), for a scheme whose
    /// handler says `domainHost` (http, https, ws, wss: lib/schemes.js lines 201-225). A host
    /// as `URI_PARSE` reads it, lowercased, that is neither an IPv4 address (`isIPv4`, line
    /// 646) nor bracketed, is refused where it holds a `FORBIDDEN_DOMAIN_HOST_CHARACTER`
    /// (`/[\0-\x20"#/:<>?@[\\\]^`{|}\x7F]/`, `hasForbiddenDomainHost`), and otherwise, where
    /// `nonSimpleDomain` (`/[^!"$&'()*+,\-.;=_`a-z{}~]/`: a digit, a "%", a character outside
    /// US-ASCII) holds, read by the URL Standard's host parser (`new URL('http://' +
    /// parsed.host)`, its `hostname`: "ws://\u{5d0}" has the host "xn--4db", "http://0" the
    /// host "0.0.0.0"), or refused where that fails ("Host's domain name can not be converted
    /// to ASCII": "http://.0"). The host so read replaces what the rules before it gave.
    FastUriDomainHost,
    /// fast-uri's own (4.2.3): `normalizeIPv6` (lib/utils.js lines 213-250), "Raw zone
    /// separators remain accepted for backwards compatibility, while encoded separators and
    /// zone contents follow RFC 6874": in a bracketed IPv6 literal, a "%" not followed by "25"
    /// is read as the separator "%25" (and either is a zone separator whatever the caller asks),
    /// the zone then checked by `isZoneIdentifier` (RFC 6874's `ZoneID`) and written after
    /// "%25" (`escapedHost`): "//[::%0]" has the host "[::%250]".
    FastUriIpv6RawZoneSeparator,
    /// fast-uri's own (4.2.3): `normalizeIPv6Address` and `compressIPv6ZeroRun` (lib/utils.js
    /// lines 122-202): an IPv6 literal's hextets are written without their leading zeros
    /// (`parseInt(part, 16).toString(16)`), an IPv4 part as written, and "Compresses the
    /// longest run of zero hextets to "::" per RFC 5952. A run of a single zero hextet is left
    /// uncompressed. On ties the leftmost run wins.": "[::0]" has the host "[::]".
    FastUriIpv6Normalized,
    /// fast-uri's own urn handler (4.2.3, lib/schemes.js lines 134-156 and 181-190), not
    /// uri-js's: the path as written (the handler says `skipNormalize`) must be all of
    /// `URN_REG`, `/^([\da-z][\d\-a-z]{0,31}):((?:[\w!$'()*+,\-./:;=@]|%[\da-f]{2})+)$/iu`,
    /// or the URI is an error ("URN can not be parsed"); its parts become `nid` and `nss` and
    /// `path` is set to undefined (reported as ""); for the nid "uuid" (any case) the nss must
    /// be a UUID (`isUUID`), or the URI is an error ("UUID is not valid.").
    FastUriUrn,
    /// fast-uri's own (4.2.3): index.js line 692, `if (!schemeHandler || (schemeHandler &&
    /// !schemeHandler.skipNormalize))`, runs `normalizePathEncoding` and
    /// `normalizeQueryFragmentEncoding` only where the scheme's handler has no `skipNormalize`;
    /// the urn, urn:uuid and mailto handlers have it (lib/schemes.js lines 233, 243 and 671),
    /// so for the schemes urn and mailto (the handler looked up by the scheme lowercased) the
    /// query and the fragment stay as `URI_PARSE` read them: neither their refused characters
    /// encoded nor their triplets normalized. (The path is the handlers' own.)
    FastUriSkipNormalize,
    /// fast-uri's own mailto handler (4.2.3, lib/schemes.js lines 466-563, `mailtoParse`): the
    /// path as written, split at ",", and the values of the query's `to` header fields (a
    /// field's name decoded and lowercased), split at ",", are the recipients; `path` and
    /// `query` are set to undefined (reported as ""). A header field with more than one "="
    /// is an error ("URI mailto has malformed header fields."); recipients beside an authority
    /// are an error ("URI mailto must not have an authority component."); a recipient with
    /// no "@" is an error, and so is one whose domain (after its last "@", decoded by
    /// `decodeHex`) `mailtoNormalizeDomain` refuses: lowercased, a domain literal
    /// (`^\[[\x21-\x5A\x5E-\x7E]*\]$`) or a non-empty domain of `!"$&'()*+,-.;=_`a-z{}~`
    /// and digits whose last label is not all digits is taken, and any other is read as `new
    /// URL('http://' + domain)`, refused where that fails or gives a username, a password, a
    /// port, a path other than "/", a search, a hash or an empty hostname ("URI mailto has an
    /// invalid recipient domain.").
    FastUriMailto,
    /// uri-js's own: `components.host = _normalizeIPv6(_normalizeIPv4(components.host,
    /// protocol), protocol)` (dist/es5/uri.all.js line 906), on the host `URI_PARSE` reads,
    /// before `_normalizeComponentEncoding`. `_normalizeIPv4`: a host all of `IPV4ADDRESS`
    /// (four dot-separated numbers of one to three digits, each at most 255) has each octet's
    /// leading zeros removed (`_stripLeadingZeros`, `str.replace(/^0*(.*)/, "$1") || "0"`).
    /// `_normalizeIPv6`: a host all of `IPV6ADDRESS` (`^\[?(IPv6address)((%25|%(?!HEXDIG{2}))
    /// (ZONEID))?\]?$`, the dec-octets relaxed as above, the zone of unreserved characters
    /// (with the IRI's of the BMP) and triplets) is written without brackets: the address
    /// lowercased, split at "::" (`first`, `last`), each field stripped by `_stripLeadingZeros`
    /// (an IPv4 part too: "0.0.0.0" becomes ".0.0.0"), the last field an IPv4 address or not
    /// deciding 7 or 8 fields, `fields[x] = firstFields[x] || lastFields[lastFieldsStart + x]
    /// || ''`, the IPv4 field normalized, the first longest run (`sort` is stable) of more than
    /// one empty or "0" field written "::", and the zone after "%". The host so written then
    /// has its triplets of unreserved characters decoded, is lowercased, has what `NOT_HOST`
    /// matches percent-encoded and its triplets uppercased; the adapter puts an answer with
    /// ":" in brackets, its first "%" written "%25". This rule applies where the address
    /// written is the one read (the README's "IPv4 normalization", "IPv6 normalization").
    IpHostNormalized,
    /// [`Rule::IpHostNormalized`]'s mechanism where `_normalizeIPv6` writes no IPv6 address or
    /// another one than it read: "[::2:0:0:0:0:0:0]" as ":2::", "[::1:2:3:4:5:6:7]" as
    /// ":1:2:3:4:5:6:7", "[0::0.0.0.0]" as "::.0.0.0".
    Ipv6Misnormalized,
    /// The host lowercased before it is percent-encoded. uri-js's
    /// `_normalizeComponentEncoding` (dist/es5/uri.all.js line 789): `components.host =
    /// String(components.host).replace(protocol.PCT_ENCODED, decodeUnreserved).toLowerCase()
    /// .replace(protocol.NOT_HOST, pctEncChar)...`; fast-uri's parse (index.js lines 629 and
    /// 676-686): `ipv6result.host.toLowerCase()`, then `encodeHost`. `toLowerCase` is Unicode's
    /// mapping, so a character outside US-ASCII is lowercased before it is written in UTF-8
    /// triplets: "//\u{c9}" has the host "%C3%A9" (U+00E9), not "%C3%89". Read with the raw host's
    /// characters outside US-ASCII lowercased (its ASCII letters are the blind spot's).
    HostLowercasedBeforeEncoding,
    /// uri-js's parse for the schemes whose handler says `domainHost` (http, https, ws, wss:
    /// dist/es5/uri.all.js lines 1160, 1187, 1198, 1238), without the `unicodeSupport` option
    /// (lines 925-933): the host, once [`Rule::IpHostNormalized`]'s functions have run, has
    /// every triplet decoded (`pctDecChars`), is lowercased and goes through punycode.js's
    /// `toASCII`, which writes a label holding a character outside U+0000 to U+007E as "xn--"
    /// and its Punycode (U+007F is such a character: "http://\u{7f}" has the host
    /// "xn--%7F-"); `_normalizeComponentEncoding` then writes it. This rule applies where every
    /// triplet decoded is of an unreserved character or of one outside US-ASCII and every
    /// label converted holds no ASCII character but letters, digits and "-" (the README's
    /// "convert IDNs ... as per RFC 5891"); [`Rule::DomainHostMisconverted`] where not.
    DomainHostPunycode,
    /// [`Rule::DomainHostPunycode`]'s mechanism where it decodes a triplet of a reserved or
    /// refused ASCII character or converts a label holding one.
    DomainHostMisconverted,
    /// uri-js's own: `_normalizeComponentEncoding`'s host (dist/es5/uri.all.js line 789) on
    /// the IP literal `URI_PARSE` reads (line 866, `\[[^\/?#\]]+\]`: after the userinfo's first
    /// "@", a "[", any characters but "/", "?", "#" and "]", and the first "]"), where neither
    /// `_normalizeIPv4` nor `_normalizeIPv6` rewrites it and the scheme's handler has no
    /// `domainHost` (whose host [`Rule::DomainHostPunycode`] writes): its triplets of
    /// unreserved characters decoded, lowercased, what `NOT_HOST` matches percent-encoded (a
    /// space, "@", a character outside US-ASCII; "[", "]", ":" and "%" kept) and its triplets
    /// uppercased, so "a://[ :]" has the host "[%20:]" and "//@[@]" the host "[%40]". The
    /// answer's host is replaced where it is that literal as written (the reading of the
    /// library's departure `ip-literal-any-in-authority`, which gives the literal back as it
    /// is).
    IpLiteralHostEncoded,
}

/// Whether `c` matches `[a-z]` under the flags `iu` (ASCII letters, and the two characters
/// whose simple case folding is one: U+017F LATIN SMALL LETTER LONG S, U+212A KELVIN SIGN).
fn letter_iu(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '\u{17f}' || c == '\u{212a}'
}

/// Whether `path` is all of fast-uri's `URN_REG`, and its nid and nss.
fn urn_parts(path: &str) -> Option<(&str, &str)> {
    let (nid, nss) = path.split_once(':')?;
    let mut chars = nid.chars();
    let first = chars.next()?;
    let nid_ok = (first.is_ascii_digit() || letter_iu(first))
        && nid.chars().count() <= 32
        && chars.all(|c| c.is_ascii_digit() || c == '-' || letter_iu(c));
    if !nid_ok || nss.is_empty() {
        return None;
    }
    let bytes = nss.as_bytes();
    let mut at = 0;
    while at < nss.len() {
        let c = nss[at..].chars().next()?;
        if c == '%' {
            let hex = |b: Option<&u8>| b.is_some_and(u8::is_ascii_hexdigit);
            if !hex(bytes.get(at + 1)) || !hex(bytes.get(at + 2)) {
                return None;
            }
            at += 3;
            continue;
        }
        if !(c.is_ascii_alphanumeric() || letter_iu(c) || "_!$'()*+,-./:;=@".contains(c)) {
            return None;
        }
        at += c.len_utf8();
    }
    Some((nid, nss))
}

/// The path `URI_PARSE` reads in `input`: after the scheme's ":" and an authority, to the
/// first "?" or "#".
fn raw_path(input: &str) -> &str {
    let after = match raw_scheme(input) {
        Some(scheme) => &input[scheme.len() + 1..],
        None => input,
    };
    let after = match after.strip_prefix("//") {
        Some(rest) => &rest[rest.find(['/', '?', '#']).unwrap_or(rest.len())..],
        None => after,
    };
    &after[..after.find(['?', '#']).unwrap_or(after.len())]
}

/// `normalizeIPv6Address` (lib/utils.js lines 163-202) of an IPv6 address RFC 3986 reads.
fn ipv6_normalized(address: &str) -> Option<String> {
    fn side(text: &str) -> Vec<&str> {
        match text.is_empty() {
            true => Vec::new(),
            false => text.split(':').collect(),
        }
    }
    let (left, right): (Vec<&str>, Vec<&str>) = match address.find("::") {
        Some(at) => (side(&address[..at]), side(&address[at + 2..])),
        None => (address.split(':').collect(), Vec::new()),
    };
    let compressed = address.contains("::");
    let mut parts: Vec<String> = Vec::new();
    let mut count = 0;
    for part in left.iter().chain(right.iter()) {
        if part.contains('.') {
            parts.push((*part).to_owned());
            count += 2;
        } else {
            parts.push(format!("{:x}", u16::from_str_radix(part, 16).ok()?));
            count += 1;
        }
    }
    let hextets = if compressed {
        let mut expanded: Vec<String> = parts[..left.len()].to_vec();
        expanded.extend(std::iter::repeat_n(
            "0".to_owned(),
            8usize.checked_sub(count)?,
        ));
        expanded.extend(parts[left.len()..].iter().cloned());
        expanded
    } else {
        parts
    };
    // `compressIPv6ZeroRun`: the longest run of "0" of two or more, the leftmost on ties.
    let (mut best, mut best_len, mut run, mut run_len) = (0, 0, 0, 0);
    for (i, h) in hextets.iter().enumerate() {
        if h == "0" {
            if run_len == 0 {
                run = i;
            }
            run_len += 1;
            if run_len > best_len {
                best = run;
                best_len = run_len;
            }
        } else {
            run_len = 0;
        }
    }
    if best_len < 2 {
        return Some(hextets.join(":"));
    }
    Some(format!(
        "{}::{}",
        hextets[..best].join(":"),
        hextets[best + best_len..].join(":")
    ))
}

/// The host `URI_PARSE` reads in `input` (index.js line 339: after "//" and a userinfo up to
/// the first "@", `\[[^#/?\]]+\]` or `[^#/:?]*`).
fn raw_host(input: &str) -> Option<&str> {
    let after = match raw_scheme(input) {
        Some(scheme) => &input[scheme.len() + 1..],
        None => input,
    };
    let rest = after.strip_prefix("//")?;
    let rest = match rest.find(['#', '/', '?', '@']) {
        Some(at) if rest[at..].starts_with('@') => &rest[at + 1..],
        _ => rest,
    };
    if rest.starts_with('[')
        && let Some(close) = rest.find(['#', '/', '?', ']'])
        && close > 1
        && rest[close..].starts_with(']')
    {
        return Some(&rest[..=close]);
    }
    Some(&rest[..rest.find(['#', '/', ':', '?']).unwrap_or(rest.len())])
}

/// fast-uri's `isIPv4` (lib/utils.js line 7): four dec-octets.
fn is_ipv4(host: &str) -> bool {
    let octets: Vec<&str> = host.split('.').collect();
    octets.len() == 4
        && octets.iter().all(|o| {
            !o.is_empty()
                && o.len() <= 3
                && o.bytes().all(|b| b.is_ascii_digit())
                && (o.len() == 1 || !o.starts_with('0'))
                && o.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// `canonicalizeHost`'s reading of a domain host: `None` where it sets an error.
fn domain_host(host: &str) -> Option<Option<String>> {
    let host = host.to_lowercase();
    if host.is_empty() || is_ipv4(&host) || (host.starts_with('[') && host.ends_with(']')) {
        return Some(None);
    }
    let forbidden = |c: char| {
        c <= ' '
            || c == '\u{7f}'
            || matches!(
                c,
                '"' | '#'
                    | '/'
                    | ':'
                    | '<'
                    | '>'
                    | '?'
                    | '@'
                    | '['
                    | '\\'
                    | ']'
                    | '^'
                    | '`'
                    | '{'
                    | '|'
                    | '}'
            )
    };
    if host.chars().any(forbidden) {
        return None;
    }
    let simple = |c: char| c.is_ascii_lowercase() || "!\"$&'()*+,-.;=_`{}~".contains(c);
    if host.chars().all(simple) {
        return Some(None);
    }
    let parsed = crate::whatwg::host::parse_host(&host, false, Default::default()).ok()?;
    Some(Some(parsed.to_string()))
}

/// `normalizePathEncoding`'s valid escapes: uppercased, and decoded where the octet is
/// unreserved but ".".
fn path_escapes_normalized(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    let mut at = 0;
    while at < path.len() {
        if bytes[at] == b'%'
            && at + 2 < path.len()
            && let (Some(high), Some(low)) = (hex(bytes[at + 1]), hex(bytes[at + 2]))
        {
            let octet = (high * 16 + low) as u8;
            if octet != b'.'
                && (octet.is_ascii_alphanumeric() || matches!(octet, b'-' | b'_' | b'~'))
            {
                out.push(char::from(octet));
            } else {
                out.push('%');
                out.push_str(&path[at + 1..at + 3].to_ascii_uppercase());
            }
            at += 3;
        } else {
            let c = path[at..].chars().next().unwrap_or_default();
            out.push(c);
            at += c.len_utf8().max(1);
        }
    }
    out
}

/// Whether `text` is a dec-octet of uri-js's `DEC_OCTET_RELAXED` (one to three digits, at most
/// 255), or of RFC 3986's `dec-octet` where `relaxed` is false.
fn dec_octet(text: &str, relaxed: bool) -> bool {
    (1..=3).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_digit())
        && (relaxed || text.len() == 1 || !text.starts_with('0'))
        && text.parse::<u16>().is_ok_and(|n| n <= 255)
}

/// The value of an IPv4 address of four such dec-octets.
fn ipv4_value(text: &str, relaxed: bool) -> Option<[u16; 2]> {
    let octets: Vec<&str> = text.split('.').collect();
    if octets.len() != 4 || !octets.iter().all(|o| dec_octet(o, relaxed)) {
        return None;
    }
    let n: Vec<u16> = octets
        .iter()
        .map(|o| o.parse().unwrap_or_default())
        .collect();
    Some([n[0] << 8 | n[1], n[2] << 8 | n[3]])
}

/// The value of an RFC 3986 `IPv6address` (its dec-octets relaxed where `relaxed`).
fn ipv6_value(text: &str, relaxed: bool) -> Option<[u16; 8]> {
    fn pieces(text: &str, relaxed: bool, v4_allowed: bool) -> Option<Vec<u16>> {
        if text.is_empty() {
            return Some(Vec::new());
        }
        let fields: Vec<&str> = text.split(':').collect();
        let mut out = Vec::new();
        for (i, field) in fields.iter().enumerate() {
            if v4_allowed && i + 1 == fields.len() && field.contains('.') {
                out.extend(ipv4_value(field, relaxed)?);
            } else if (1..=4).contains(&field.len()) && field.bytes().all(|b| b.is_ascii_hexdigit())
            {
                out.push(u16::from_str_radix(field, 16).ok()?);
            } else {
                return None;
            }
        }
        Some(out)
    }
    let mut value = [0u16; 8];
    match text.split_once("::") {
        None => {
            let all = pieces(text, relaxed, true)?;
            (all.len() == 8).then(|| value.copy_from_slice(&all))?;
        }
        Some((left, right)) => {
            if right.contains("::") {
                return None;
            }
            let left = pieces(left, relaxed, false)?;
            let right = pieces(right, relaxed, true)?;
            if left.len() + right.len() > 7 {
                return None;
            }
            value[..left.len()].copy_from_slice(&left);
            value[8 - right.len()..].copy_from_slice(&right);
        }
    }
    Some(value)
}

/// `_stripLeadingZeros`: `str.replace(/^0*(.*)/, "$1") || "0"`.
fn strip_leading_zeros(text: &str) -> String {
    match text.trim_start_matches('0') {
        "" => "0".to_owned(),
        rest => rest.to_owned(),
    }
}

/// Whether `c` is of uri-js's IRI `UNRESERVED` (ASCII unreserved, `UCSCHAR` of the BMP).
fn iri_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '-' | '.' | '_' | '~')
        || matches!(c, '\u{a0}'..='\u{200d}' | '\u{2010}'..='\u{2029}' | '\u{202f}'..='\u{d7ff}'
            | '\u{f900}'..='\u{fdcf}' | '\u{fdf0}'..='\u{ffef}')
}

/// uri-js's host after `_normalizeIPv6(_normalizeIPv4(host))` and `_normalizeComponentEncoding`,
/// as the adapter writes it, where either function rewrites `host`; and whether the address
/// written is the address read.
fn uri_js_ip_host(host: &str) -> Option<(String, bool)> {
    if ipv4_value(host, true).is_some() {
        let written: Vec<String> = host.split('.').map(strip_leading_zeros).collect();
        return Some((written.join("."), true));
    }
    let inner = host.strip_prefix('[').unwrap_or(host);
    let inner = inner.strip_suffix(']').unwrap_or(inner);
    let (address, zone) = match inner.split_once('%') {
        None => (inner, None),
        Some((address, rest)) => {
            let bytes = rest.as_bytes();
            let hex2 =
                bytes.len() >= 2 && bytes[0].is_ascii_hexdigit() && bytes[1].is_ascii_hexdigit();
            let zone = match rest.strip_prefix("25") {
                Some(zone) => zone,
                None if !hex2 => rest,
                None => return None,
            };
            let mut at = 0;
            let zb = zone.as_bytes();
            while at < zone.len() {
                if zb[at] == b'%' {
                    if !(zb.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                        && zb.get(at + 2).is_some_and(u8::is_ascii_hexdigit))
                    {
                        return None;
                    }
                    at += 3;
                    continue;
                }
                let c = zone[at..].chars().next()?;
                if !iri_unreserved(c) {
                    return None;
                }
                at += c.len_utf8();
            }
            if zone.is_empty() {
                return None;
            }
            (address, Some(zone))
        }
    };
    let read = ipv6_value(address, true)?;
    let lower = address.to_lowercase();
    let mut halves = lower.split("::").collect::<Vec<_>>();
    halves.reverse();
    let last = halves[0];
    let first = halves.get(1).copied().unwrap_or_default();
    let first_fields: Vec<String> = match first.is_empty() {
        true => Vec::new(),
        false => first.split(':').map(strip_leading_zeros).collect(),
    };
    let last_fields: Vec<String> = last.split(':').map(strip_leading_zeros).collect();
    let ipv4_last = last_fields
        .last()
        .is_some_and(|f| ipv4_value(f, true).is_some());
    let count: i64 = if ipv4_last { 7 } else { 8 };
    let start = last_fields.len() as i64 - count;
    let truthy = |f: Option<&String>| f.filter(|f| !f.is_empty()).cloned();
    let mut fields: Vec<String> = (0..count)
        .map(|x| {
            truthy(first_fields.get(x as usize))
                .or_else(|| {
                    usize::try_from(start + x)
                        .ok()
                        .and_then(|i| truthy(last_fields.get(i)))
                })
                .unwrap_or_default()
        })
        .collect();
    if ipv4_last
        && let Some(field) = fields.last_mut()
        && ipv4_value(field, true).is_some()
    {
        *field = field
            .split('.')
            .map(strip_leading_zeros)
            .collect::<Vec<_>>()
            .join(".");
    }
    // The first of the longest runs of more than one empty or "0" field.
    let mut best: Option<(usize, usize)> = None;
    let mut at = 0;
    while at < fields.len() {
        if fields[at].is_empty() || fields[at] == "0" {
            let begin = at;
            while at < fields.len() && (fields[at].is_empty() || fields[at] == "0") {
                at += 1;
            }
            if best.is_none_or(|(_, len)| at - begin > len) {
                best = Some((begin, at - begin));
            }
        } else {
            at += 1;
        }
    }
    let mut written = match best {
        Some((begin, len)) if len > 1 => {
            format!(
                "{}::{}",
                fields[..begin].join(":"),
                fields[begin + len..].join(":")
            )
        }
        _ => fields.join(":"),
    };
    let faithful = ipv6_value(&written, false) == Some(read);
    if let Some(zone) = zone {
        written = format!("{written}%{zone}");
    }
    Some((host_written(&written), faithful))
}

/// The host `serialize` writes (dist/es5/uri.all.js lines 958-962, `_recomposeAuthority`) for
/// a host `parse` left as [`Rule::Ipv6Misnormalized`] gives it (the adapter's brackets
/// around it): `_normalizeIPv6(_normalizeIPv4(host))` leaves a host that `IPV6ADDRESS` does
/// not match as it is, and only a match is put in brackets, so ":2::" is written ":2::",
/// without them. `None` where the host is no such text: not in the adapter's brackets, with
/// a "%" (a zone, which the adapter rewrote), or an address `IPV6ADDRESS` matches (which
/// `_normalizeIPv6` would rewrite once more).
pub(super) fn misnormalized_host_serialized(host: &str) -> Option<&str> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    if inner.contains('%') || ipv6_value(inner, true).is_some() {
        return None;
    }
    Some(inner)
}

/// `_normalizeComponentEncoding`'s host (dist/es5/uri.all.js line 789) of the host `written`,
/// then the adapter's brackets around a host with ":" (its first "%" written "%25").
fn host_written(written: &str) -> String {
    let mut encoded = String::new();
    for c in decode_unreserved(written).to_lowercase().chars() {
        if c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=%[]:".contains(c) {
            encoded.push(c);
        } else if u32::from(c) > 0xFFFF {
            // `pctEncChar` on each UTF-16 code unit (NOT_HOST has no `u` flag): a character
            // outside the BMP as its two surrogates, three octets each
            // ([`Rule::SurrogatesEncoded`]).
            let mut units = [0u16; 2];
            for &unit in c.encode_utf16(&mut units).iter() {
                encoded.push_str(&pct_enc_unit(u32::from(unit)));
            }
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                encoded.push_str(&format!("%{b:02X}"));
            }
        }
    }
    let encoded = crate::diff::departures::triplets_uppercased(&encoded);
    match encoded.contains(':') && !encoded.starts_with('[') {
        true => format!("[{}]", encoded.replacen('%', "%25", 1)),
        false => encoded,
    }
}

/// The host uri-js's parse gives a scheme whose handler says `domainHost` (dist/es5/uri.all.js
/// lines 925-933): `punycode.toASCII(components.host.replace(protocol.PCT_ENCODED,
/// pctDecChars).toLowerCase())`, then `_normalizeComponentEncoding`; and whether it stays within
/// what the README documents (every triplet decoded is of an unreserved character or of a
/// character outside US-ASCII, and every label converted holds no ASCII character but letters,
/// digits and "-"). `None` where the decoding leaves a lone surrogate.
fn punycode_host(host: &str) -> Option<(String, bool)> {
    let mut decoded = String::new();
    let mut documented = true;
    let mut rest = host;
    while let Some(at) = rest.find('%') {
        decoded.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(len) = pct_encoded_at(rest) else {
            decoded.push('%');
            rest = &rest[1..];
            continue;
        };
        let text = String::from_utf16(&pct_dec_chars(&rest[..len])).ok()?;
        if text
            .chars()
            .any(|c| c.is_ascii() && !(c.is_ascii_alphanumeric() || "-._~".contains(c)))
        {
            documented = false;
        }
        decoded.push_str(&text);
        rest = &rest[len..];
    }
    decoded.push_str(rest);
    let lower = decoded.to_lowercase();
    // punycode.js's `mapDomain`: the text before the first "@" kept, the rest to a second "@"
    // taken; its separators (`/[\x2E\u3002\uFF0E\uFF61]/`) read as "."; a label with a
    // character outside U+0000 to U+007E (`regexNonASCII`) written "xn--" and its encoding.
    let parts: Vec<&str> = lower.split('@').collect();
    let (local, domain) = match parts.len() > 1 {
        true => (format!("{}@", parts[0]), parts[1]),
        false => (String::new(), parts[0]),
    };
    let domain: String = domain
        .chars()
        .map(|c| match c {
            '\u{3002}' | '\u{ff0e}' | '\u{ff61}' => '.',
            c => c,
        })
        .collect();
    let mut labels = Vec::new();
    for label in domain.split('.') {
        if label.chars().any(|c| c > '\u{7e}') {
            if label
                .chars()
                .any(|c| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '-'))
            {
                documented = false;
            }
            labels.push(format!(
                "xn--{}",
                crate::idna::punycode::encode(label).ok()?
            ));
        } else {
            labels.push(label.to_owned());
        }
    }
    Some((
        host_written(&format!("{local}{}", labels.join("."))),
        documented,
    ))
}

/// The query and the fragment `URI_PARSE` reads in `input`: from the first "?" before the
/// first "#" to that "#", and after the first "#" (no component before them holds either).
fn raw_query_fragment(input: &str) -> (Option<&str>, Option<&str>) {
    let (before, fragment) = match input.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (input, None),
    };
    (before.split_once('?').map(|(_, query)| query), fragment)
}

/// `decodeHex` (lib/schemes.js line 303): `decodeURIComponent`, or the text as it is where
/// that throws (a "%" without two hexadecimal digits, octets that are no UTF-8).
fn decode_hex(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            match (
                bytes.get(at + 1).and_then(|&b| hex(b)),
                bytes.get(at + 2).and_then(|&b| hex(b)),
            ) {
                (Some(high), Some(low)) => {
                    out.push((high * 16 + low) as u8);
                    at += 3;
                }
                _ => return text.to_owned(),
            }
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// Whether `mailtoNormalizeDomain` (lib/schemes.js lines 401-437) takes `domain` (decoded).
fn mailto_domain_taken(domain: &str) -> bool {
    let domain = domain.to_lowercase();
    if let Some(inside) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']'))
        && inside
            .chars()
            .all(|c| ('\x21'..='\x5a').contains(&c) || ('\x5e'..='\x7e').contains(&c))
    {
        return true;
    }
    // `nonSimpleMailtoDomain` (lib/utils.js lines 80-101).
    let simple = |c: char| {
        c.is_ascii_digit() || c.is_ascii_lowercase() || "!\"$&'()*+,-.;=_`{}~".contains(c)
    };
    let last_label = domain.rsplit('.').next().unwrap_or_default();
    let numeric_last = !last_label.is_empty() && last_label.bytes().all(|b| b.is_ascii_digit());
    if !domain.is_empty() && domain.chars().all(simple) && !numeric_last {
        return true;
    }
    match crate::whatwg::parse(&format!("http://{domain}"), None) {
        crate::whatwg::Parsed::Url(url) => {
            url.username().is_empty()
                && url.password().is_empty()
                && url.port().is_empty()
                && url.pathname() == "/"
                && url.search().is_empty()
                && url.hash().is_empty()
                && !url.hostname().is_empty()
        }
        _ => false,
    }
}

/// The error `mailtoParse` sets on `input`, whose authority is `components`', if any.
fn mailto_error(input: &str, components: &crate::model::Components) -> Option<&'static str> {
    let path = raw_path(input);
    let mut to: Vec<&str> = match path.is_empty() {
        true => Vec::new(),
        false => path.split(',').collect(),
    };
    let mut error = None;
    if let (Some(query), _) = raw_query_fragment(input)
        && !query.is_empty()
    {
        for token in query.split('&') {
            if token.matches('=').count() > 1 {
                error = error.or(Some("URI mailto has malformed header fields."));
                continue;
            }
            let (name, value) = token.split_once('=').unwrap_or((token, ""));
            if decode_hex(name).to_lowercase() == "to" {
                to.extend(value.split(','));
            }
        }
    }
    if !to.is_empty()
        && (components.userinfo.is_some() || components.host.is_some() || components.port.is_some())
    {
        error = error.or(Some("URI mailto must not have an authority component."));
    }
    for address in to {
        let taken = address
            .rsplit_once('@')
            .is_some_and(|(_, domain)| mailto_domain_taken(&decode_hex(domain)));
        if !taken {
            error = error.or(Some("URI mailto has an invalid recipient domain."));
        }
    }
    error
}

/// The scheme `URI_PARSE` reads in `input` (`^(?:([^:\/?#]+):)?`), and where it ends.
fn raw_scheme(input: &str) -> Option<&str> {
    let end = input.find([':', '/', '?', '#'])?;
    (end > 0 && input[end..].starts_with(':')).then(|| &input[..end])
}

/// The ws and wss handlers' `serialize`, which `normalize` ends with: "forbid fragment
/// component" (uri-js, dist/es5/uri.all.js line 1230; fast-uri, lib/schemes.js lines 127-128),
/// `wsComponents.fragment = undefined`: `answer`, the normalization of `input`, without its
/// "#" and fragment where the scheme as written is ws or wss (the handler looked up by the
/// scheme lowercased); as it is otherwise.
pub(super) fn ws_fragment_dropped(input: &str, answer: Outcome) -> Outcome {
    let Outcome::Normalized(text) = &answer else {
        return answer;
    };
    let ws = raw_scheme(input)
        .is_some_and(|s| s.eq_ignore_ascii_case("ws") || s.eq_ignore_ascii_case("wss"));
    match text.find('#') {
        Some(at) if ws => Outcome::Normalized(text[..at].to_owned()),
        _ => answer,
    }
}

/// The value of one hexadecimal digit.
fn hex(b: u8) -> Option<u32> {
    char::from(b).to_digit(16)
}

/// `pctDecChars` on one match of `PCT_ENCODED` (one to three triplets), as UTF-16 code
/// units: a first octet below 128 is a character, one of 194 to 223 starts two triplets, one
/// of 224 or more three, read with the library's arithmetic whatever the later octets are;
/// another first octet is kept as written.
fn pct_dec_chars(unit: &str) -> Vec<u16> {
    let bytes = unit.as_bytes();
    let octet = |i: usize| -> u32 {
        match (
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (Some(h), Some(l)) => h * 16 + l,
            _ => 0,
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = octet(i);
        let (code, step) = if c < 128 {
            (Some(c), 3)
        } else if (194..224).contains(&c) && bytes.len() - i >= 6 {
            (Some((c & 31) << 6 | (octet(i + 3) & 63)), 6)
        } else if c >= 224 && bytes.len() - i >= 9 {
            (
                Some((c & 15) << 12 | (octet(i + 3) & 63) << 6 | (octet(i + 6) & 63)),
                9,
            )
        } else {
            (
                None,
                if c >= 224 {
                    9
                } else if c >= 194 {
                    6
                } else {
                    3
                },
            )
        };
        let end = (i + step).min(bytes.len());
        match code {
            Some(code) => out.push(code as u16),
            None => out.extend(unit[i..end].encode_utf16()),
        }
        i = end;
    }
    out
}

/// The length of the `PCT_ENCODED` match at the start of `text` (`%[EFef]H%HH%HH`, then
/// `%[89A-Fa-f]H%HH`, then `%HH`), if one is there.
fn pct_encoded_at(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let triplet = |i: usize| {
        b.get(i) == Some(&b'%')
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    };
    if !triplet(0) {
        return None;
    }
    let first = b[1].to_ascii_uppercase();
    if matches!(first, b'E' | b'F') && triplet(3) && triplet(6) {
        Some(9)
    } else if matches!(first, b'8' | b'9' | b'A'..=b'F') && triplet(3) {
        Some(6)
    } else {
        Some(3)
    }
}

/// `text.replace(PCT_ENCODED, decodeUnreserved)` (URI_PROTOCOL): each match decoded where
/// what it decodes to holds an unreserved character (`UNRESERVED` is matched unanchored), and
/// kept as written otherwise.
fn decode_unreserved(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(len) = pct_encoded_at(rest) else {
            out.push('%');
            rest = &rest[1..];
            continue;
        };
        let decoded = pct_dec_chars(&rest[..len]);
        let unreserved = decoded.iter().any(|&u| {
            u8::try_from(u)
                .is_ok_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
        });
        match String::from_utf16(&decoded) {
            Ok(s) if unreserved => out.push_str(&s),
            _ => out.push_str(&rest[..len]),
        }
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

/// The scheme uri-js reports for `input`, if `URI_PARSE` reads one: decoded where unreserved,
/// lowercased, its characters outside `scheme` removed.
fn normalized_scheme(input: &str) -> Option<String> {
    let raw = raw_scheme(input)?;
    Some(
        decode_unreserved(raw)
            .to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            .collect(),
    )
}

/// Whether `text` is the urn:uuid handler's `UUID`:
/// `^[0-9A-Fa-f]{8}(?:\-[0-9A-Fa-f]{4}){3}\-[0-9A-Fa-f]{12}$`.
fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The first private-use character that stands in for a surrogate (U+D800).
const STAND_IN: u32 = 0xE000;

/// Whether the rule [`Rule::SurrogatesEncoded`] reads `input` with stand-ins: it holds a
/// character outside the BMP, and neither a stand-in nor an "%EE" triplet of its own.
fn surrogates_stood_in(input: &str) -> bool {
    input.chars().any(|c| u32::from(c) > 0xFFFF)
        && !input
            .chars()
            .any(|c| (STAND_IN..STAND_IN + 0x800).contains(&u32::from(c)))
        && !input.to_ascii_uppercase().contains("%EE")
}

/// `pctEncChar` on one UTF-16 code unit of 2048 or more.
fn pct_enc_unit(unit: u32) -> String {
    format!(
        "%{:02X}%{:02X}%{:02X}",
        unit >> 12 | 224,
        (unit >> 6) & 63 | 128,
        unit & 63 | 128
    )
}

/// `text` with each stand-in's three triplets written as its surrogate's.
fn stand_ins_given_back(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("%EE") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let octet = |i: usize| {
            rest.get(i..i + 3)
                .filter(|t| t.starts_with('%'))
                .and_then(|t| u32::from_str_radix(&t[1..], 16).ok())
        };
        let code = match (octet(3), octet(6)) {
            (Some(b2), Some(b3)) if b2 & 0xC0 == 0x80 && b3 & 0xC0 == 0x80 => {
                Some(0xE000 | (b2 & 63) << 6 | (b3 & 63))
            }
            _ => None,
        };
        match code.filter(|c| (STAND_IN..STAND_IN + 0x800).contains(c)) {
            Some(code) => {
                out.push_str(&pct_enc_unit(0xD800 + code - STAND_IN));
                rest = &rest[9..];
            }
            None => {
                out.push_str("%EE");
                rest = &rest[3..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The case as the rule reads it, when it reads it otherwise: the scheme uri-js reports in
/// place of the one written; a character outside the BMP as two stand-ins for its
/// surrogates.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: grammar,
        zone_id,
    } = case
    else {
        return None;
    };
    if rule == Rule::FastUriIpv6RawZoneSeparator {
        let host = raw_host(input)?;
        if !host.starts_with('[') || !host.ends_with(']') {
            return None;
        }
        let percent = host.find('%')?;
        let start = host.as_ptr() as usize - input.as_ptr() as usize;
        let mut read = input.clone();
        if !host[percent..].to_ascii_lowercase().starts_with("%25") {
            read.replace_range(start + percent..=start + percent, "%25");
        }
        return Some(Request::Parse {
            input: read,
            rule: grammar.clone(),
            zone_id: true,
        });
    }
    if rule == Rule::HostLowercasedBeforeEncoding {
        let host = raw_host(input)?;
        let lowered: String = host
            .chars()
            .flat_map(|c| {
                let mut one = [None, None];
                match c.is_ascii() {
                    true => one[0] = Some(c.to_string()),
                    false => one[1] = Some(c.to_lowercase().collect::<String>()),
                }
                one.into_iter().flatten()
            })
            .collect();
        if lowered == host {
            return None;
        }
        let start = host.as_ptr() as usize - input.as_ptr() as usize;
        let mut read = input.clone();
        read.replace_range(start..start + host.len(), &lowered);
        return Some(Request::Parse {
            input: read,
            rule: grammar.clone(),
            zone_id: *zone_id,
        });
    }
    if rule == Rule::SurrogatesEncoded {
        if !surrogates_stood_in(input) {
            return None;
        }
        let mut out = String::with_capacity(input.len() + 8);
        for c in input.chars() {
            let mut units = [0u16; 2];
            for &unit in c.encode_utf16(&mut units).iter() {
                match (0xD800..0xE000).contains(&unit) {
                    true => out.extend(char::from_u32(STAND_IN + u32::from(unit) - 0xD800)),
                    false => out.extend(char::from_u32(u32::from(unit))),
                }
            }
        }
        return Some(Request::Parse {
            input: out,
            rule: grammar.clone(),
            zone_id: *zone_id,
        });
    }
    if rule != Rule::SchemeRefusedCharactersRemoved {
        return None;
    }
    let raw = raw_scheme(input)?;
    let scheme = normalized_scheme(input)?;
    if scheme.eq_ignore_ascii_case(raw) && scheme.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    // A scheme RFC 3986 refuses still (empty, or not starting with a letter) is stood in
    // for: [`apply`] gives it back.
    let scheme = if scheme.starts_with(|c: char| c.is_ascii_alphabetic()) {
        &scheme
    } else {
        "a"
    };
    Some(Request::Parse {
        input: format!("{scheme}{}", &input[raw.len()..]),
        rule: grammar.clone(),
        zone_id: *zone_id,
    })
}

/// The library's answer from the answer so far, for a parse of `original`.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    // The handler is looked up by the scheme as written, lowercased.
    let written = match original {
        Request::Parse { input, .. } => raw_scheme(input),
        _ => components.scheme.as_deref(),
    };
    let scheme = written.map(str::to_lowercase);
    match rule {
        Rule::HttpHostRequired => {
            if matches!(scheme.as_deref(), Some("http" | "https"))
                && components.host.as_deref().is_none_or(str::is_empty)
            {
                return Outcome::invalid("HTTP URIs must have a host.".to_owned());
            }
        }
        Rule::WsResourceName => {
            if matches!(scheme.as_deref(), Some("ws" | "wss")) {
                components.path.clear();
                components.query = None;
            }
        }
        Rule::SchemeRefusedCharactersRemoved => {
            if let Request::Parse { input, .. } = original
                && let Some(scheme) = normalized_scheme(input)
                && components.scheme.is_some()
            {
                components.scheme = Some(scheme);
            }
        }
        Rule::MailtoRecipients => {
            if scheme.as_deref() == Some("mailto") {
                let mut to: Vec<&str> = Vec::new();
                if !components.path.is_empty() {
                    to.extend(components.path.split(','));
                }
                let query = components.query.take().unwrap_or_default();
                if !query.is_empty() {
                    for field in query.split('&') {
                        let mut parts = field.split('=');
                        if parts.next() == Some("to") {
                            let Some(value) = parts.next() else {
                                return Outcome::invalid(
                                    "TypeError: Cannot read properties of undefined (reading 'split')"
                                        .to_owned(),
                                );
                            };
                            to.extend(value.split(','));
                        }
                    }
                }
                if to.iter().any(|address| !address.contains('@')) {
                    return Outcome::invalid(
                        "Email address's domain name can not be converted to ASCII via punycode"
                            .to_owned(),
                    );
                }
                components.path.clear();
            }
        }
        Rule::UrnNidNss => {
            if scheme.as_deref() == Some("urn") {
                let path = std::mem::take(&mut components.path);
                let Some((nid, nss)) = path.split_once(':').filter(|(nid, _)| !nid.is_empty())
                else {
                    return Outcome::invalid("URN can not be parsed.".to_owned());
                };
                // URN_PARSE's "(.*)": a "." takes no line terminator (the path holds none
                // unencoded).
                if nid.eq_ignore_ascii_case("uuid") && !is_uuid(nss) {
                    return Outcome::invalid("UUID is not valid.".to_owned());
                }
            }
        }
        Rule::SurrogatesEncoded => {
            if let Request::Parse { input, .. } = original
                && surrogates_stood_in(input)
            {
                for part in [
                    components.userinfo.as_mut(),
                    components.host.as_mut(),
                    Some(&mut components.path),
                    components.query.as_mut(),
                    components.fragment.as_mut(),
                ]
                .into_iter()
                .flatten()
                {
                    *part = stand_ins_given_back(part);
                }
            }
        }
        Rule::FastUriDomainHost => {
            if matches!(scheme.as_deref(), Some("http" | "https" | "ws" | "wss"))
                && let Request::Parse { input, .. } = original
                && let Some(host) = raw_host(input)
            {
                match domain_host(host) {
                    Some(Some(read)) => components.host = Some(read),
                    Some(None) => {}
                    None => {
                        return Outcome::invalid(
                            "Host's domain name can not be converted to ASCII".to_owned(),
                        );
                    }
                }
            }
        }
        Rule::FastUriIpv6RawZoneSeparator => {}
        Rule::FastUriUrn => {
            if scheme.as_deref() == Some("urn")
                && let Request::Parse { input, .. } = original
            {
                let path = raw_path(input);
                if path.is_empty() {
                    return Outcome::invalid("URN can not be parsed".to_owned());
                }
                let Some((nid, nss)) = urn_parts(path) else {
                    return Outcome::invalid("URN can not be parsed.".to_owned());
                };
                if nid.eq_ignore_ascii_case("uuid") && !is_uuid(nss) {
                    return Outcome::invalid("UUID is not valid.".to_owned());
                }
                components.path.clear();
            }
        }
        Rule::FastUriSkipNormalize => {
            if matches!(scheme.as_deref(), Some("urn" | "mailto"))
                && let Request::Parse { input, .. } = original
            {
                let (query, fragment) = raw_query_fragment(input);
                components.query = query.map(str::to_owned);
                components.fragment = fragment.map(str::to_owned);
            }
        }
        Rule::FastUriMailto => {
            if scheme.as_deref() == Some("mailto")
                && let Request::Parse { input, .. } = original
            {
                if let Some(error) = mailto_error(input, &components) {
                    return Outcome::invalid(error.to_owned());
                }
                components.path.clear();
                components.query = None;
            }
        }
        Rule::HostLowercasedBeforeEncoding => {}
        Rule::IpLiteralHostEncoded => {
            if !matches!(scheme.as_deref(), Some("http" | "https" | "ws" | "wss"))
                && let Request::Parse { input, .. } = original
                && let Some(host) = raw_host(input)
                && host.starts_with('[')
                && host.ends_with(']')
                && uri_js_ip_host(host).is_none()
                // A character outside US-ASCII that lowercasing changes is the bug entry's
                // (`Rule::HostLowercasedBeforeEncoding`).
                && host.chars().all(|c| c.is_ascii() || c.to_lowercase().eq([c]))
                && components
                    .host
                    .as_deref()
                    .is_some_and(|answer| answer.eq_ignore_ascii_case(host))
            {
                components.host = Some(host_written(host));
            }
        }
        Rule::DomainHostPunycode | Rule::DomainHostMisconverted => {
            if matches!(scheme.as_deref(), Some("http" | "https" | "ws" | "wss"))
                && let Request::Parse { input, .. } = original
                && components.host.as_deref().is_some_and(|h| !h.is_empty())
                && let Some(host) = raw_host(input)
                && !host.is_empty()
                && uri_js_ip_host(host).is_none()
                && let Some((written, documented)) = punycode_host(host)
                && documented == (rule == Rule::DomainHostPunycode)
            {
                components.host = Some(written);
            }
        }
        Rule::IpHostNormalized | Rule::Ipv6Misnormalized => {
            if let Request::Parse { input, .. } = original
                && components.host.is_some()
                && let Some(host) = raw_host(input)
                && let Some((written, faithful)) = uri_js_ip_host(host)
                && faithful == (rule == Rule::IpHostNormalized)
            {
                components.host = Some(written);
            }
        }
        Rule::FastUriIpv6Normalized => {
            if let Some(host) = components.host.as_deref()
                && let Some(inside) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
                && !inside.starts_with(['v', 'V'])
            {
                let (address, zone) = match inside.find('%') {
                    Some(at) => inside.split_at(at),
                    None => (inside, ""),
                };
                if let Some(address) = ipv6_normalized(address) {
                    components.host = Some(format!("[{address}{zone}]"));
                }
            }
        }
        Rule::FastUriPathPercentEncodingNormalized => {
            if !matches!(scheme.as_deref(), Some("urn" | "mailto")) {
                components.path = path_escapes_normalized(&components.path);
            }
        }
        Rule::PathColonEncodedWithoutScheme => {
            if components.scheme.as_deref().is_none_or(str::is_empty) {
                components.path = components.path.replace(':', "%3A");
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::Implementation;
    use crate::impls::reference::Reference;

    fn parsed(input: &str) -> Outcome {
        Reference.answer(&Request::parse(input))
    }

    #[test]
    fn an_http_uri_wants_a_host() {
        for input in ["HTTP:", "https://", "http://u@:80/p"] {
            assert!(matches!(
                apply(
                    Rule::HttpHostRequired,
                    &Request::parse(input),
                    parsed(input)
                ),
                Outcome::Invalid(_)
            ));
        }
        for input in ["http://h", "ws:", "a:"] {
            assert_eq!(
                apply(
                    Rule::HttpHostRequired,
                    &Request::parse(input),
                    parsed(input)
                ),
                parsed(input)
            );
        }
    }

    #[test]
    fn a_websocket_uri_has_a_resource_name_for_its_path_and_query() {
        let Outcome::Parsed { components, .. } = apply(
            Rule::WsResourceName,
            &Request::parse("WS://h/p?q#f"),
            parsed("WS://h/p?q#f"),
        ) else {
            panic!("parsed");
        };
        assert_eq!(components.path, "");
        assert_eq!(components.query, None);
        assert_eq!(components.fragment.as_deref(), Some("f"));
    }

    /// uri-js's own answer to `input` under the rule: the case it reads, then the rule.
    fn under(rule: Rule, input: &str) -> Outcome {
        let case = Request::parse(input);
        let read = rewrite(rule, &case).unwrap_or_else(|| case.clone());
        apply(rule, &case, Reference.answer(&read))
    }

    fn components(outcome: Outcome) -> crate::model::Components {
        match outcome {
            Outcome::Parsed { components, .. } => components,
            other => panic!("parsed: {other:?}"),
        }
    }

    #[test]
    fn a_scheme_loses_the_characters_scheme_refuses() {
        for (input, scheme) in [
            (" a:", "a"),
            ("a\t:", "a"),
            ("]http:", "http"),
            ("%41b:", "ab"),
            ("%20a:", "20a"),
        ] {
            assert_eq!(
                components(under(Rule::SchemeRefusedCharactersRemoved, input))
                    .scheme
                    .as_deref(),
                Some(scheme),
                "{input}"
            );
        }
        let empty = components(under(Rule::SchemeRefusedCharactersRemoved, "%:x"));
        assert_eq!(
            (empty.scheme.as_deref(), empty.path.as_str()),
            (Some(""), "x")
        );
        assert_eq!(
            rewrite(
                Rule::SchemeRefusedCharactersRemoved,
                &Request::parse("HTTP:")
            ),
            None
        );
        assert_eq!(
            rewrite(Rule::SchemeRefusedCharactersRemoved, &Request::parse("/a:")),
            None
        );
    }

    #[test]
    fn the_handler_is_the_written_scheme_s() {
        // "\nhttp" names no handler, though the scheme reported is "http".
        let case = Request::parse("\nhttp:");
        let read = rewrite(Rule::SchemeRefusedCharactersRemoved, &case).unwrap();
        assert!(matches!(
            apply(Rule::HttpHostRequired, &case, Reference.answer(&read)),
            Outcome::Parsed { .. }
        ));
    }

    #[test]
    fn a_path_without_scheme_has_its_colons_encoded() {
        assert_eq!(
            components(under(Rule::PathColonEncodedWithoutScheme, "/a:b/c:")).path,
            "/a%3Ab/c%3A"
        );
        assert_eq!(
            components(under(Rule::PathColonEncodedWithoutScheme, "x:/a:b")).path,
            "/a:b"
        );
    }

    #[test]
    fn unreserved_triplets_decode_as_the_library_reads_them() {
        assert_eq!(decode_unreserved("%41%20%e0%41%41%C3%A9%"), "A%20A%C3%A9%");
    }

    #[test]
    fn a_host_is_lowercased_before_it_is_encoded() {
        let case = Request::parse("a://u\u{c9}@\u{c9}A/\u{c9}");
        let Some(Request::Parse { input, .. }) = rewrite(Rule::HostLowercasedBeforeEncoding, &case)
        else {
            panic!("rewritten");
        };
        assert_eq!(input, "a://u\u{c9}@\u{e9}A/\u{c9}");
        assert_eq!(
            rewrite(
                Rule::HostLowercasedBeforeEncoding,
                &Request::parse("//AB\u{e9}")
            ),
            None
        );
    }

    #[test]
    fn uri_js_encodes_an_ip_literal_of_any_characters() {
        let literal = |host: &str| {
            let mut components = components(parsed("//h"));
            components.host = Some(host.to_owned());
            Outcome::Parsed {
                components,
                host_kind: None,
            }
        };
        let host = |input: &str, answer: &str| {
            let case = Request::parse(input);
            components(apply(Rule::IpLiteralHostEncoded, &case, literal(answer))).host
        };
        assert_eq!(host("a://[ :]", "[ :]").as_deref(), Some("[%20:]"));
        assert_eq!(host("//@[@]", "[@]").as_deref(), Some("[%40]"));
        assert_eq!(
            host("//u@[v\u{e9}%41]/p", "[v\u{e9}%41]").as_deref(),
            Some("[v%C3%A9a]")
        );
        // A character outside the BMP as pctEncChar writes it, one UTF-16 code unit at a time
        // (uri-js 4.4.1 gives "//[\u{1f600}]" the host "[%ED%A0%BD%ED%B8%80]"), not UTF-8's
        // "%F0%9F%98%80".
        assert_eq!(
            host("//[\u{1f600}]", "[\u{1f600}]").as_deref(),
            Some("[%ED%A0%BD%ED%B8%80]")
        );
        assert_eq!(
            host("//[v\u{1f600}]", "[v\u{1f600}]").as_deref(),
            Some("[v%ED%A0%BD%ED%B8%80]")
        );
        // Not the literal URI_PARSE reads, a literal the IP rules rewrite, a domain host's
        // scheme, a character lowercasing changes: left as they are.
        assert_eq!(host("a://[ :]", "[%20:]").as_deref(), Some("[%20:]"));
        assert_eq!(host("//[ ", "[ ").as_deref(), Some("[ "));
        assert_eq!(host("//[::0]", "[::0]").as_deref(), Some("[::0]"));
        assert_eq!(host("ws://[ :]", "[ :]").as_deref(), Some("[ :]"));
        assert_eq!(host("//[\u{c9}]", "[\u{c9}]").as_deref(), Some("[\u{c9}]"));
    }

    #[test]
    fn uri_js_converts_a_domain_host_with_punycode() {
        for (host, written, documented) in [
            ("\u{7f}", "xn--%7F-", false),
            ("%C3%A9", "xn--9ca", true),
            ("\u{c9}x", "xn--x-9fa", true),
            ("a\u{3002}b", "a.b", true),
            ("%3a", "[:]", false),
            ("%41b", "ab", true),
            ("a b\u{e9}", "xn--a%20b-dma", false),
            ("%", "%", true),
        ] {
            assert_eq!(
                punycode_host(host),
                Some((written.to_owned(), documented)),
                "{host}"
            );
        }
        let c = components(under(Rule::DomainHostPunycode, "http://%C3%A9/"));
        assert_eq!(c.host.as_deref(), Some("xn--9ca"));
        let c = components(under(Rule::DomainHostPunycode, "a://%C3%A9/"));
        assert_eq!(c.host.as_deref(), Some("%C3%A9"));
    }

    #[test]
    fn uri_js_rewrites_ip_hosts_as_its_normalizers_do() {
        for (host, written, faithful) in [
            ("[::0]", "[::]", true),
            ("[::%0]", "[::%250]", true),
            ("[::%2541]", "[::a]", true),
            ("[::%25%41]", "[::%25a]", true),
            ("[::2:0:0:0:0:0:0]", "[:2::]", false),
            ("[0::0.0.0.0]", "[::.0.0.0]", false),
            ("[::00.0.0.0]", "[::.0.0.0]", false),
            ("[::1:2:3:4:5:6:7]", "[:1:2:3:4:5:6:7]", false),
            ("[1:0:0:2:0:0:0:3]", "[1:0:0:2::3]", true),
            ("[A::B]", "[a::b]", true),
            ("[::ffff:001.002.003.004]", "[::ffff:1.2.3.4]", true),
            ("[1:2:3:4:5:6:7::]", "[1:2:3:4:5:6:7:0]", true),
            ("[::%\u{e9}]", "[::%25%C3%A9]", true),
            ("00.0.0.0", "0.0.0.0", true),
            ("192.068.001.000", "192.68.1.0", true),
        ] {
            assert_eq!(
                uri_js_ip_host(host),
                Some((written.to_owned(), faithful)),
                "{host}"
            );
        }
        for host in [
            "[::%41]",
            "[v1.a]",
            "256.0.0.0",
            "0.0.0",
            "[1::2::3]",
            "[::%]",
        ] {
            assert_eq!(uri_js_ip_host(host), None, "{host}");
        }
        let c = components(under(Rule::IpHostNormalized, "//[2001:0:0DB8::0:0001]"));
        assert_eq!(c.host.as_deref(), Some("[2001:0:db8::1]"));
        let answer = parsed("//[::2:0:0:0:0:0:0]");
        assert_eq!(under(Rule::IpHostNormalized, "//[::2:0:0:0:0:0:0]"), answer);
        let c = components(under(Rule::Ipv6Misnormalized, "//[::2:0:0:0:0:0:0]"));
        assert_eq!(c.host.as_deref(), Some("[:2::]"));
    }

    #[test]
    fn fast_uri_mailto_and_urn_skip_the_query_and_fragment_normalization() {
        assert_eq!(
            raw_query_fragment("a:b?q?r#f#g"),
            (Some("q?r"), Some("f#g"))
        );
        assert_eq!(raw_query_fragment("a:b#f?g"), (None, Some("f?g")));
        let c = components(under(Rule::FastUriSkipNormalize, "mailto://#%0a"));
        assert_eq!(c.fragment.as_deref(), Some("%0a"));
        let c = components(under(Rule::FastUriSkipNormalize, "URN:a:b?%7e#%0a"));
        assert_eq!(
            (c.query.as_deref(), c.fragment.as_deref()),
            (Some("%7e"), Some("%0a"))
        );
        // Other schemes are left to the answer so far.
        let answer = parsed("http://h?q#f");
        assert_eq!(under(Rule::FastUriSkipNormalize, "http://h?q#f"), answer);
    }

    #[test]
    fn fast_uri_mailto_reads_recipients() {
        for input in [
            "mailto:@a",
            "mailto:a@b,c@d?to=e@f&subject=x",
            "mailto:a@x@b",
            "mailto:a@b/",
            "mailto:a@%C3%A0",
            "mailto:?",
            "mailto:?x",
            "mailto:a@b:80",
            "mailto://h",
        ] {
            let c = components(under(Rule::FastUriMailto, input));
            assert_eq!((c.path.as_str(), c.query.as_deref()), ("", None), "{input}");
        }
        assert_eq!(
            components(under(Rule::FastUriMailto, "mailto://h:1"))
                .host
                .as_deref(),
            Some("h")
        );
        for input in [
            "mailto:///",
            "mailto://h/a@b",
            "mailto://h?to=a@b",
            "mailto:a",
            "mailto:a@",
            "mailto:a@b.0",
            "mailto:a@@",
            "mailto:a@b?to",
            "mailto:?a=b=c",
            "mailto:a@b:81",
            "mailto:,",
            "mailto:a%40b",
            "mailto:a@1.2.3.256",
        ] {
            assert!(
                matches!(under(Rule::FastUriMailto, input), Outcome::Invalid(_)),
                "{input}"
            );
        }
        assert_eq!(decode_hex("a%41%zz"), "a%41%zz");
        assert_eq!(decode_hex("a%41%C3%A9"), "aA\u{e9}");
        assert_eq!(decode_hex("%C3"), "%C3");
        assert!(mailto_domain_taken("B"));
        assert!(mailto_domain_taken("[::1]"));
        assert!(mailto_domain_taken("1.2.3.4"));
        assert!(!mailto_domain_taken("a.b.1"));
        assert!(!mailto_domain_taken(""));
        assert!(mailto_domain_taken("@b"));
        assert!(!mailto_domain_taken("x@b"));
        // Other schemes are left to the answer so far.
        assert_eq!(under(Rule::FastUriMailto, "mailtx:a"), parsed("mailtx:a"));
    }

    #[test]
    fn fast_uri_urn_handler_wants_urn_reg() {
        assert_eq!(urn_parts("a:b"), Some(("a", "b")));
        assert_eq!(urn_parts("0-:b%41/c?"), None);
        assert_eq!(urn_parts("0-:b%41/c"), Some(("0-", "b%41/c")));
        assert_eq!(urn_parts("a:"), None);
        assert_eq!(urn_parts(":b"), None);
        assert_eq!(urn_parts("-a:b"), None);
        assert_eq!(urn_parts("a:b c"), None);
        assert_eq!(urn_parts("a:%4"), None);
        assert_eq!(urn_parts(&format!("{}:b", "a".repeat(33))), None);
        assert_eq!(raw_path("urn:a:b?q#f"), "a:b");
        assert_eq!(raw_path("urn://h/a:b"), "/a:b");
    }

    #[test]
    fn fast_uri_writes_ipv6_without_zeros() {
        assert_eq!(ipv6_normalized("::0").as_deref(), Some("::"));
        assert_eq!(ipv6_normalized("0::").as_deref(), Some("::"));
        assert_eq!(ipv6_normalized("::0:0.0.0.0").as_deref(), Some("::0.0.0.0"));
        assert_eq!(
            ipv6_normalized("0:a::0:a:a:0.0.0.0").as_deref(),
            Some("0:a::a:a:0.0.0.0")
        );
        assert_eq!(
            ipv6_normalized("1:0:0:2:0:0:3:4").as_deref(),
            Some("1::2:0:0:3:4")
        );
        assert_eq!(
            ipv6_normalized("ABCD:0:1:0:0:0:0:0").as_deref(),
            Some("abcd:0:1::")
        );
        assert_eq!(
            ipv6_normalized("1:2:3:4:5:6:7:0").as_deref(),
            Some("1:2:3:4:5:6:7:0")
        );
    }

    #[test]
    fn uri_js_serialize_brackets_only_an_ipv6_address() {
        // What `_normalizeIPv6` leaves that IPV6ADDRESS does not match is written bare.
        assert_eq!(misnormalized_host_serialized("[:2::]"), Some(":2::"));
        assert_eq!(
            misnormalized_host_serialized("[::.0.0.0]"),
            Some("::.0.0.0")
        );
        assert_eq!(misnormalized_host_serialized("[:::2::]"), Some(":::2::"));
        // An address, a zone (which the adapter rewrote), an IP literal kept with its
        // brackets by `parse` and a host without brackets are not this rule's.
        assert_eq!(misnormalized_host_serialized("[::]"), None);
        assert_eq!(misnormalized_host_serialized("[::1.02.3.4]"), None);
        assert_eq!(misnormalized_host_serialized("[:2::%251]"), None);
        assert_eq!(misnormalized_host_serialized(":2::"), None);
        assert_eq!(misnormalized_host_serialized("h"), None);
    }

    #[test]
    fn fast_uri_reads_a_raw_percent_as_the_zone_separator() {
        let read = |input: &str| match rewrite(
            Rule::FastUriIpv6RawZoneSeparator,
            &Request::parse(input),
        ) {
            Some(Request::Parse { input, zone_id, .. }) => Some((input, zone_id)),
            _ => None,
        };
        assert_eq!(read("//[::%0]"), Some(("//[::%250]".to_owned(), true)));
        assert_eq!(
            read("//[::%25a]/p"),
            Some(("//[::%25a]/p".to_owned(), true))
        );
        assert_eq!(read("//[::]/%0"), None);
        assert_eq!(read("//a%0"), None);
    }

    #[test]
    fn fast_uri_reads_a_domain_host_as_the_url_standard() {
        assert_eq!(raw_host("ws://u@\u{5d0}:1/p"), Some("\u{5d0}"));
        assert_eq!(raw_host("http://[::1]/"), Some("[::1]"));
        assert_eq!(raw_host("http:/a"), None);
        assert_eq!(domain_host("\u{5d0}"), Some(Some("xn--4db".to_owned())));
        assert_eq!(domain_host("0"), Some(Some("0.0.0.0".to_owned())));
        assert_eq!(domain_host("A%42"), Some(Some("ab".to_owned())));
        assert_eq!(domain_host(".0"), None);
        assert_eq!(domain_host("a<b"), None);
        assert_eq!(domain_host("ab.c"), Some(None));
        assert_eq!(domain_host("1.2.3.4"), Some(None));
        assert_eq!(domain_host("[v1.x]"), Some(None));
    }

    #[test]
    fn fast_uri_path_escapes_are_normalized_but_the_dot() {
        assert_eq!(path_escapes_normalized("%7e%2e%0a%41"), "~%2E%0AA");
        assert_eq!(path_escapes_normalized("/%2F%25%zz%"), "/%2F%25%zz%");
        assert_eq!(path_escapes_normalized("%c3%a9é"), "%C3%A9é");
        assert_eq!(path_escapes_normalized("%4"), "%4");
    }

    #[test]
    fn a_websocket_uri_is_normalized_without_its_fragment() {
        let normalized = |text: &str| Outcome::Normalized(text.to_owned());
        assert_eq!(
            ws_fragment_dropped("ws:#@", normalized("ws:#@")),
            normalized("ws:")
        );
        assert_eq!(
            ws_fragment_dropped("WSS://h/p?q#", normalized("wss://h/p?q#")),
            normalized("wss://h/p?q")
        );
        // Another scheme keeps it, and a refusal stays one.
        assert_eq!(
            ws_fragment_dropped("a://h:000/p?q#f", normalized("a://h:000/p?q#f")),
            normalized("a://h:000/p?q#f")
        );
        let refused = Outcome::invalid("x".to_owned());
        assert_eq!(ws_fragment_dropped("ws:#", refused.clone()), refused);
    }

    #[test]
    fn mailto_and_urn_handlers() {
        assert!(matches!(
            under(Rule::MailtoRecipients, "mailto:a"),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            under(Rule::MailtoRecipients, "mailto:a@b?to"),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            under(Rule::MailtoRecipients, "mailto:a@b?to=x"),
            Outcome::Invalid(_)
        ));
        let ok = components(under(Rule::MailtoRecipients, "mailto:a@b?x#f"));
        assert_eq!(
            (ok.path.as_str(), ok.query, ok.fragment.as_deref()),
            ("", None, Some("f"))
        );
        assert!(matches!(
            under(Rule::UrnNidNss, "urn:a"),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            under(Rule::UrnNidNss, "urn:UUID:x"),
            Outcome::Invalid(_)
        ));
        assert_eq!(components(under(Rule::UrnNidNss, "urn:/a:b?q")).path, "");
        assert!(is_uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
    }

    #[test]
    fn a_character_outside_the_bmp_is_encoded_as_its_surrogates() {
        let Some(Request::Parse { input, .. }) =
            rewrite(Rule::SurrogatesEncoded, &Request::parse("#\u{1F600}"))
        else {
            panic!("read with stand-ins");
        };
        assert_eq!(input, "#\u{E03D}\u{E600}");
        assert_eq!(
            stand_ins_given_back("a%EE%80%BDb%EE%98%80%EE%80"),
            "a%ED%A0%BDb%ED%B8%80%EE%80"
        );
        assert_eq!(pct_enc_unit(0xD83D), "%ED%A0%BD");
        assert!(!surrogates_stood_in("#\u{1F600}%ee%80%80"));
    }
}
