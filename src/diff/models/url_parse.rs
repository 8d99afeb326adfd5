//! url-parse 1.5.10's own rules (npm `url-parse`, index.js, and `requires-port` 1.0.0, which
//! it calls), written from its source, for its adapter's catalogue
//! (`adapters/node/url-parse/known-differences.yaml`).
//!
//! `Url(address, location)` reads a scheme with `protocolre`, then cuts what is left with its
//! `rules`: the fragment at the first "#", the query at the first "?", the path at the first
//! "/", the userinfo at the last "@", the port with `/:(\d*)$/`, and the host is what remains.
//! The rules here are what it does besides cutting (the cutting without checks is the library
//! of departures' `*-unchecked` readings).

use crate::diff::departures::Departure;
use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// index.js lines 380-395: the `auth` cut at its first ":" into a user name and a
    /// password, each through `encodeURIComponent(decodeURIComponent(...))` (a "%" that starts
    /// no escape of UTF-8 throws `URIError`), and written back as `username` alone when the
    /// password is empty.
    UserinfoReencoded,
    /// `extractProtocol` (lines 139-188): without a scheme, the "//" that starts the text is
    /// kept in what the rules cut, and the first of them, `['/', 'pathname']`, takes it all as
    /// the path; `slashes` is true, and the host, never set, is "". Read as the library of
    /// departures' `network-path-as-path` reads it (its second "/" stood in for), before the
    /// departures that read the path's characters, and given back after them.
    NetworkPathAsPath,
    /// `required(port, protocol)` (requires-port, called at line 373): a port whose number
    /// (`+port`) is 0, a `file:` port and a special scheme's default port (http and ws 80,
    /// https and wss 443, ftp 21, gopher 70) are dropped.
    PortDropped,
    /// `extractProtocol` and the `sanitize` rule: after a special scheme (`isSpecial`: http,
    /// https, ws, wss, ftp) every "/" and "\" that follow the ":" are skipped and an authority
    /// is read whatever their number (`slashes` is true), a "\" before the query is a "/", and
    /// a path that does not start with "/" gets one (line 363).
    SpecialSchemeSlashesSkipped,
    /// `extractProtocol` (lines 168-171) and the path-only switch (lines 287-296) for
    /// `file:`, which `isSpecial` names too: after exactly two leading "/" or "\\" (and no
    /// drive letter, `/^[a-zA-Z]:/`, after them) an authority is read; otherwise the two
    /// are dropped when there are more and everything up to the query is the path (`/(.*)/`,
    /// which ends at U+2028 or U+2029), the host "" (`slashes` is true). As for the other
    /// special schemes, a "\\" before the query is a "/" and a path gets a leading "/".
    FileSchemeRead,
    /// `new Url(input, base)` (lines 240-407) with the base string read by `lolcation` as
    /// `new Url(base, {})`, and its `href` (`toString`, lines 525-576): the library's own
    /// resolution, ported whole (`Url::new`, `Url::href`).
    Resolver,
}

/// The schemes `isSpecial` names but `file:`, which is read otherwise.
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The scheme `protocolre` reads (`/^([a-z][a-z0-9.+-]*:)?/i`), lowercased, and where what
/// follows its ":" starts.
fn protocol(input: &str) -> Option<(String, usize)> {
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    let mut bytes = scheme.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic()
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
    .then(|| (scheme.to_ascii_lowercase(), colon + 1))
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: grammar,
        zone_id,
    } = case
    else {
        return None;
    };
    match rule {
        Rule::SpecialSchemeSlashesSkipped => {
            let (scheme, after) = protocol(input)?;
            if !SPECIAL.contains(&scheme.as_str()) {
                return None;
            }
            let rest = input[after..].trim_start_matches(['/', '\\']);
            let end = rest.find(['?', '#']).unwrap_or(rest.len());
            let read = format!(
                "{}://{}{}",
                &input[..after - 1],
                rest[..end].replace('\\', "/"),
                &rest[end..]
            );
            (read != *input).then(|| Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::FileSchemeRead => {
            let (scheme, after) = protocol(input)?;
            if scheme != "file" {
                return None;
            }
            let rest = &input[after..];
            let count = rest.len() - rest.trim_start_matches(['/', '\\']).len();
            let rest = if count >= 2 { &rest[2..] } else { rest };
            let end = rest.find(['?', '#']).unwrap_or(rest.len());
            let (before, tail) = rest.split_at(end);
            let before = before.replace('\\', "/");
            let read = if count != 2 || drive_letter(rest) {
                // `/(.*)/`: the path ends at the first line terminator left (U+2028, U+2029).
                let path = &before[..before
                    .find(['\u{2028}', '\u{2029}'])
                    .unwrap_or(before.len())];
                let slash = if path.starts_with('/') { "" } else { "/" };
                format!("{}://{slash}{path}{tail}", &input[..after - 1])
            } else {
                format!("{}://{before}{tail}", &input[..after - 1])
            };
            (read != *input).then(|| Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::NetworkPathAsPath if network_path(input) => {
            Departure::NetworkPathAsPath.rewrite(case)
        }
        _ => None,
    }
}

/// `windowsDriveLetter = /^[a-zA-Z]:/` (line 10).
fn drive_letter(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// Whether the text starts with the "//" that `extractProtocol` keeps, with no scheme before.
fn network_path(input: &str) -> bool {
    input.starts_with("//")
}

/// The library's answer from the answer so far; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    if let (
        Rule::Resolver,
        Request::Resolve {
            base,
            input,
            strict: true,
        },
    ) = (rule, original)
    {
        return resolved(base, input);
    }
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
    match rule {
        Rule::UserinfoReencoded => {
            if let Some(userinfo) = components.userinfo.take() {
                let (user, password) = userinfo.split_once(':').unwrap_or((&userinfo, ""));
                let (Some(user), Some(password)) = (reencoded(user), reencoded(password)) else {
                    return Outcome::invalid("URIError: URI malformed".to_owned());
                };
                components.userinfo = Some(if password.is_empty() {
                    user
                } else {
                    format!("{user}:{password}")
                });
            }
        }
        Rule::NetworkPathAsPath => {
            if network_path(input)
                && components.scheme.is_none()
                && components.host.is_none()
                && components.path.get(1..2) == Some("a")
            {
                components.path.replace_range(1..2, "/");
                components.host = Some(String::new());
            }
        }
        Rule::PortDropped => {
            let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
            if let Some(port) = &components.port {
                // `+port`: the digits' value (the port rule reads nothing but digits).
                let value = port.trim_start_matches('0');
                let default = match scheme.as_deref() {
                    Some("http" | "ws") => "80",
                    Some("https" | "wss") => "443",
                    Some("ftp") => "21",
                    Some("gopher") => "70",
                    Some("file") => value,
                    _ => "",
                };
                if value.is_empty() || value == default {
                    components.port = None;
                }
            }
        }
        Rule::Resolver => {}
        Rule::FileSchemeRead | Rule::SpecialSchemeSlashesSkipped => {
            let names: &[&str] = if rule == Rule::FileSchemeRead {
                &["file"]
            } else {
                &SPECIAL
            };
            // The scheme read (after the text's start was trimmed and its line breaks
            // removed, which a departure before this rule may have done).
            let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
            if scheme.is_some_and(|s| names.contains(&s.as_str()))
                && !components.path.starts_with('/')
            {
                components.path.insert(0, '/');
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// `encodeURIComponent(decodeURIComponent(text))`; `None` where `decodeURIComponent` throws
/// (a "%" that starts no escape, or escapes that are no UTF-8).
fn reencoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = text.get(at + 1..at + 3)?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            at += 3;
        } else {
            decoded.push(bytes[at]);
            at += 1;
        }
    }
    let decoded = String::from_utf8(decoded).ok()?;
    let mut out = String::with_capacity(decoded.len());
    for c in decoded.chars() {
        // encodeURIComponent keeps A-Z a-z 0-9 - _ . ! ~ * ' ( ).
        if c.is_ascii_alphanumeric() || "-_.!~*'()".contains(c) {
            out.push(c);
        } else {
            let mut buffer = [0; 4];
            for byte in c.encode_utf8(&mut buffer).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    Some(out)
}

/// `new Url(input, base).href`, as the adapter asks it: `Outcome::Invalid` where
/// `decodeURIComponent` throws (in the base's userinfo or the input's).
pub(super) fn resolved(base: &str, input: &str) -> Outcome {
    // lolcation (lines 71-103): a string is `new Url(loc, {})`; "" is no location at all.
    let location = if base.is_empty() {
        Some(Url::default())
    } else {
        Url::new(base, &Url::default())
    };
    match location.and_then(|location| Url::new(input, &location)) {
        Some(url) => Outcome::Resolved(url.href()),
        None => Outcome::invalid("URIError: URI malformed".to_owned()),
    }
}

/// The properties of a `Url` that its constructor and `toString` read (`query` is the text,
/// the adapter passing no parser). The empty location `{}` is the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Url {
    protocol: String,
    slashes: bool,
    auth: String,
    username: String,
    password: String,
    host: String,
    hostname: String,
    port: String,
    pathname: String,
    query: String,
    hash: String,
}

/// `isSpecial` (lines 112-121).
fn is_special(protocol: &str) -> bool {
    matches!(
        protocol,
        "file:" | "ftp:" | "http:" | "https:" | "ws:" | "wss:"
    )
}

/// trimLeft (line 5's class) and `replace(CRHTLF, '')` (line 6).
fn trimmed(address: &str) -> String {
    address
        .trim_start_matches(|c| {
            matches!(c, '\0'..=' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}'
                | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}')
        })
        .replace(['\n', '\r', '\t'], "")
}

/// `extractProtocol` (lines 139-188): the protocol (lowercased, with its ":"), `slashes`,
/// `slashesCount` and the rest.
fn extract_protocol(address: &str, location: &Url) -> (String, bool, usize, String) {
    let (protocol, after) = match protocol(address) {
        Some((scheme, after)) => (format!("{scheme}:"), after),
        None => (String::new(), 0),
    };
    let text = &address[after..];
    let tail = text.trim_start_matches(['/', '\\']);
    let count = text.len() - tail.len();
    let forward = text.starts_with("//");
    let mut rest = text;
    if protocol == "file:" {
        if count >= 2 {
            rest = &text[2..];
        }
    } else if is_special(&protocol) {
        rest = tail;
    } else if !protocol.is_empty() {
        if forward {
            rest = &text[2..];
        }
    } else if count >= 2 && is_special(&location.protocol) {
        rest = tail;
    }
    let slashes = forward || is_special(&protocol);
    (protocol, slashes, count, rest.to_owned())
}

impl Url {
    /// `Url(address, location)` (lines 240-407) without its query parser; `None` where
    /// `decodeURIComponent` throws.
    fn new(address: &str, location: &Url) -> Option<Url> {
        let address = trimmed(address);
        let (protocol, slashes, count, mut address) = extract_protocol(&address, location);
        let relative = protocol.is_empty() && !slashes;
        let mut url = Url {
            slashes: slashes || relative && location.slashes,
            protocol: if protocol.is_empty() {
                location.protocol.clone()
            } else {
                protocol.clone()
            },
            ..Url::default()
        };
        let path_only = (protocol == "file:" && (count != 2 || drive_letter(&address)))
            || (!slashes && (!protocol.is_empty() || count < 2 || !is_special(&url.protocol)));
        // ['#', 'hash'], ['?', 'query']: from the first of each to the end.
        for (mark, key) in [('#', &mut url.hash), ('?', &mut url.query)] {
            if let Some(at) = address.find(mark) {
                *key = address.split_off(at);
            }
        }
        // sanitize
        if is_special(&url.protocol) {
            address = address.replace('\\', "/");
        }
        if path_only {
            // [/(.*)/, 'pathname']: "." stops at a line terminator; the match starts at 0.
            let end = address
                .find(['\u{2028}', '\u{2029}'])
                .unwrap_or(address.len());
            address.truncate(end);
            url.pathname = std::mem::take(&mut address);
        } else if let Some(at) = address.find('/') {
            url.pathname = address.split_off(at);
        }
        // ['@', 'auth', 1]: up to the last "@".
        if let Some(at) = address.rfind('@') {
            url.auth = address[..at].to_owned();
            address = address[at + 1..].to_owned();
        }
        let inherit = |value: String, from: &String| {
            if value.is_empty() && relative {
                from.clone()
            } else {
                value
            }
        };
        url.host = inherit(address.clone(), &location.host).to_lowercase();
        // [/:(\d*)$/, 'port']
        let mut port = String::new();
        if let Some(at) = address.rfind(':')
            && address[at + 1..].bytes().all(|b| b.is_ascii_digit())
        {
            port = address[at + 1..].to_owned();
            address.truncate(at);
        }
        url.port = inherit(port, &location.port);
        url.hostname = inherit(address, &location.hostname).to_lowercase();
        if relative
            && location.slashes
            && !url.pathname.starts_with('/')
            && (!url.pathname.is_empty() || !location.pathname.is_empty())
        {
            url.pathname = resolve_pathname(&url.pathname, &location.pathname);
        }
        if !url.pathname.starts_with('/') && is_special(&url.protocol) {
            url.pathname.insert(0, '/');
        }
        if !required(&url.port, &url.protocol) {
            url.host = url.hostname.clone();
            url.port = String::new();
        }
        if !url.auth.is_empty() {
            match url.auth.split_once(':') {
                Some((user, password)) => {
                    url.username = reencoded(user)?;
                    url.password = reencoded(password)?;
                }
                None => url.username = reencoded(&url.auth)?,
            }
            url.auth = if url.password.is_empty() {
                url.username.clone()
            } else {
                format!("{}:{}", url.username, url.password)
            };
        }
        Some(url)
    }

    /// `toString` (lines 525-576), the query being text.
    fn href(&self) -> String {
        let mut result = self.protocol.clone();
        if (!self.protocol.is_empty() && self.slashes) || is_special(&self.protocol) {
            result.push_str("//");
        }
        if !self.username.is_empty() {
            result.push_str(&self.username);
            if !self.password.is_empty() {
                result.push(':');
                result.push_str(&self.password);
            }
            result.push('@');
        } else if !self.password.is_empty() {
            result.push(':');
            result.push_str(&self.password);
            result.push('@');
        } else if self.protocol != "file:"
            && is_special(&self.protocol)
            && self.host.is_empty()
            && self.pathname != "/"
        {
            result.push('@');
        }
        result.push_str(&self.host);
        // `port = /:\d+$/` tested on the hostname.
        let digits_after_colon = self.hostname.rfind(':').is_some_and(|at| {
            let tail = &self.hostname[at + 1..];
            !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit())
        });
        if self.host.ends_with(':') || (digits_after_colon && self.port.is_empty()) {
            result.push(':');
        }
        result.push_str(&self.pathname);
        if !self.query.is_empty() {
            if !self.query.starts_with('?') {
                result.push('?');
            }
            result.push_str(&self.query);
        }
        result.push_str(&self.hash);
        result
    }
}

/// `resolve(relative, base)` (lines 198-224).
fn resolve_pathname(relative: &str, base: &str) -> String {
    if relative.is_empty() {
        return base.to_owned();
    }
    let base = if base.is_empty() { "/" } else { base };
    let mut path: Vec<&str> = base.split('/').collect();
    path.pop();
    path.extend(relative.split('/'));
    let last = path.last().copied().unwrap_or_default();
    let (mut unshift, mut up) = (false, 0usize);
    let mut i = path.len();
    while i > 0 {
        i -= 1;
        if path[i] == "." {
            path.remove(i);
        } else if path[i] == ".." {
            path.remove(i);
            up += 1;
        } else if up > 0 {
            if i == 0 {
                unshift = true;
            }
            path.remove(i);
            up -= 1;
        }
    }
    if unshift {
        path.insert(0, "");
    }
    if last == "." || last == ".." {
        path.push("");
    }
    path.join("/")
}

/// requires-port 1.0.0's `required(port, protocol)`: whether the port is kept.
fn required(port: &str, protocol: &str) -> bool {
    // `+port` of digits: its value, compared by its digits without leading zeros.
    let value = port.trim_start_matches('0');
    if value.is_empty() {
        return false;
    }
    match protocol.split(':').next().unwrap_or_default() {
        "http" | "ws" => value != "80",
        "https" | "wss" => value != "443",
        "ftp" => value != "21",
        "gopher" => value != "70",
        "file" => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_userinfo_goes_through_decode_and_encode_uri_component() {
        assert_eq!(reencoded("u@v").as_deref(), Some("u%40v"));
        assert_eq!(reencoded("a;=%2a%41").as_deref(), Some("a%3B%3D*A"));
        assert_eq!(reencoded("%c3%a9").as_deref(), Some("%C3%A9"));
        assert_eq!(reencoded("%"), None);
        assert_eq!(reencoded("%zz"), None);
        assert_eq!(reencoded("%aa"), None);
        assert_eq!(reencoded("%+1"), None);
    }

    #[test]
    fn a_network_path_is_a_path_with_an_empty_host() {
        let case = Request::parse("//a%b/c?d");
        let read = rewrite(Rule::NetworkPathAsPath, &case).expect("read otherwise");
        let crate::protocol::Request::Parse { input, .. } = &read else {
            panic!("a parse");
        };
        assert_eq!(input, "/aa%b/c?d");
        assert_eq!(
            rewrite(Rule::NetworkPathAsPath, &Request::parse("a://b")),
            None
        );
    }

    #[test]
    fn a_special_scheme_skips_its_slashes() {
        let case = Request::parse("HTTP:\\\\/a\\b?c\\d");
        let Some(Request::Parse { input, .. }) = rewrite(Rule::SpecialSchemeSlashesSkipped, &case)
        else {
            panic!("rewritten");
        };
        assert_eq!(input, "HTTP://a/b?c\\d");
        assert_eq!(
            rewrite(Rule::SpecialSchemeSlashesSkipped, &Request::parse("a:b")),
            None
        );
    }

    #[test]
    fn a_file_url_reads_an_authority_after_two_slashes_alone() {
        let read = |text: &str| match rewrite(Rule::FileSchemeRead, &Request::parse(text)) {
            Some(Request::Parse { input, .. }) => input,
            _ => text.to_owned(),
        };
        assert_eq!(read("file:"), "file:///");
        assert_eq!(read("File:]"), "File:///]");
        assert_eq!(read("file:/a\\b?c\\d"), "file:///a/b?c\\d");
        assert_eq!(read("file:////a"), "file:////a");
        assert_eq!(read("file://c:/x"), "file:///c:/x");
        assert_eq!(read("file:\\\\h\\p"), "file://h/p");
        assert_eq!(read("file://h"), "file://h");
        assert_eq!(read("http:"), "http:");
    }

    #[test]
    fn the_resolver_is_the_librarys_own() {
        let target = |input: &str, base: &str| match resolved(base, input) {
            Outcome::Resolved(t) => t,
            other => format!("{other:?}"),
        };
        // The userinfo and query of the base are never taken, its path only after "//".
        assert_eq!(target("", "a://0@[::a:0.0.0.0]"), "a://[::a:0.0.0.0]");
        assert_eq!(target("", "a:?"), "a:");
        assert_eq!(target("", "a:a"), "a:");
        assert_eq!(target("a", "a:/"), "a:a");
        assert_eq!(target("/.", "a:"), "a:/.");
        assert_eq!(target("", ""), "");
        // After "//", the path is merged and its dot-segments removed.
        assert_eq!(target("g", "http://a/b/c/d;p?q"), "http://a/b/c/g");
        assert_eq!(target("../..", "http://a/b/c/d;p?q"), "http://a/");
        assert_eq!(target("../../../g", "http://a/b/c/d;p?q"), "http://a/g");
        assert_eq!(target("/../g", "http://a/b/c/d;p?q"), "http://a/../g");
        assert_eq!(target("?y", "http://a/b/c/d;p?q"), "http://a/b/c/d;p?y");
        assert_eq!(target("//g", "http://a/b/c/d;p?q"), "http://g/");
        assert_eq!(target("b:c", "http://a/b"), "b:c");
        assert_eq!(target("", "a://h:0/p"), "a://h/p");
        assert_eq!(
            target("", "a://%aa@h"),
            "Invalid(\"URIError: URI malformed\")"
        );
    }
}
