//! Ruby's URI 0.11.0 (Ruby 3.1), written from its source: how `URI.join(base, ref).to_s`
//! writes the object that URI::Generic#merge built (`super::Transform::RubyUriObjectWritten`
//! and `super::Transform::RubyUriEmptyHostSlashesDropped`).
//!
//! URI.parse builds an object of the scheme's class (URI.scheme_list: FILE, FTP, HTTP, HTTPS,
//! LDAP, LDAPS, MAILTO, WS; any other is URI::Generic) through its setters, and
//! URI::Generic#to_s (uri/generic.rb) writes that object back:
//!
//! ```ruby
//! if @host || %w[file postgres].include?(@scheme)
//!   str << '//'
//! end
//! if self.userinfo ... str << '@' ...
//! if @port && @port != self.default_port ... str << ':' << @port.to_s
//! ```
//!
//! What the setters keep is not the text: `set_scheme` downcases (`@scheme = v&.downcase`),
//! `split_userinfo` reads "" as no user (`"".split(':', 2)` is `[]`), `set_port` reads "" as
//! no port and other digits as an Integer (`v.empty? ? nil : v.to_i`), which to_s leaves out
//! when it is the class's DEFAULT_PORT, `query=` percent-encodes every byte outside
//! `[!$-&(-;=?-_a-~]` that starts no `%XX`, and URI::File's `set_host` reads no host and
//! "localhost" as "" (`v = "" if v.nil? || v == "localhost"`) while its `set_port` and
//! `set_userinfo` "do nothing". The RFC 3986 parser reports an empty host as nil ("this
//! regexp is modified not to host is not empty string", uri/rfc3986_parser.rb), so to_s writes
//! no "//" before a userinfo, a port or a path where the host is empty: that is the second
//! rule, a bug of its own.

use super::super::departures::Departure;
use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Components};

/// The classes whose own rules (FTP's path without its "/" and typecode, MailTo's opaque
/// part, LDAP's dn and attributes) the model does not write: their answers are left as the
/// model before gave them.
const UNMODELLED: [&str; 4] = ["ftp", "mailto", "ldap", "ldaps"];

/// The DEFAULT_PORT of the registered classes this model writes (URI::HTTP 80, URI::HTTPS
/// 443, URI::WS 80; URI::File and URI::Generic have none).
fn default_port(scheme: &str) -> Option<u64> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}

/// A resolution's target as URI::Generic#to_s writes the object URI.parse builds from it,
/// an empty host written with its "//" (the other rule drops them).
pub(super) fn object_written(case: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { .. }, Outcome::Resolved(target)) = (case, &answer) else {
        return answer;
    };
    match written(target) {
        Some(text) => Outcome::Resolved(text),
        None => answer,
    }
}

/// A resolution's target with the "//" of an empty host left out, as to_s writes it where
/// the parser's host is nil (the scheme "file" and "postgres" excepted).
pub(super) fn empty_host_slashes_dropped(case: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { .. }, Outcome::Resolved(target)) = (case, &answer) else {
        return answer;
    };
    let Ok(c) = reference::parse(target) else {
        return answer;
    };
    let scheme = c.scheme.map(str::to_ascii_lowercase);
    if c.host != Some("") || matches!(scheme.as_deref(), Some("file" | "postgres")) {
        return answer;
    }
    let mut text = String::new();
    if let Some(s) = c.scheme {
        text.push_str(s);
        text.push(':');
    }
    if let Some(u) = c.userinfo {
        text.push_str(u);
        text.push('@');
    }
    if let Some(p) = c.port {
        text.push(':');
        text.push_str(p);
    }
    text.push_str(c.path);
    if let Some(q) = c.query {
        text.push('?');
        text.push_str(q);
    }
    if let Some(f) = c.fragment {
        text.push('#');
        text.push_str(f);
    }
    Outcome::Resolved(text)
}

/// The target of URI::Generic#merge for a reference without scheme or authority that is not
/// the current document, against a base that is not opaque: "base.set_path(merge_path(base.path,
/// rel.path)) if base.path && rel.path", the reference's query and fragment; `None` for any
/// other case (the model before answers it). `root_taken`: merge_path's
/// "base_path.slice!(i - 1, 2)" as written, which takes the root's empty segment with a ".."
/// that follows it (the bug); otherwise the root stays. With the target, whether that slice
/// took the root.
fn merged(case: &Request, root_taken: bool) -> Option<(Outcome, bool)> {
    let Request::Resolve { base, input, .. } = case else {
        return None;
    };
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let opaque = !b.has_authority() && !b.path.is_empty() && !b.path.starts_with('/');
    let current = r.path.is_empty() && r.query.is_none();
    if r.scheme.is_some() || r.has_authority() || current || opaque {
        return None;
    }
    let (path, took) = merge_path(b.path, r.path, root_taken);
    let target = reference::recompose(&Components {
        path: &path,
        query: r.query,
        fragment: r.fragment,
        ..b
    });
    Some((Outcome::Resolved(target), took))
}

/// URI::Generic#merge's path for a reference without an authority (a departure of Ruby's own
/// from RFC 2396 step 6: the base's ".." segments are removed before the merge, its "." ones
/// kept; see `merge_path`).
pub(super) fn merge_path_applied(case: &Request, answer: Outcome) -> Outcome {
    merged(case, false).map_or(answer, |(target, _)| target)
}

/// The same, with merge_path's root taken by a ".." that follows it (the bug): the answer
/// changes only where that slice takes the root; any other stays the model's before.
///
/// A bug's step comes after the crate's rules (src/diff/catalogue.rs): the target is written
/// as to_s writes it here, which the crate's rule did before.
pub(super) fn merge_path_root_taken(case: &Request, answer: Outcome) -> Outcome {
    match merged(case, true) {
        Some((Outcome::Resolved(target), true)) => {
            Outcome::Resolved(written(&target).unwrap_or(target))
        }
        _ => answer,
    }
}

/// The case as URI.join reads it: RFC3986_Parser reports an empty host as nil ("this regexp
/// is modified not to host is not empty string"), so an authority whose host is empty and
/// that has no userinfo and no port (the text the other rules leave: an empty userinfo or
/// port is nil too) is none for URI::Generic#merge ("authority = rel.userinfo || rel.host ||
/// rel.port"); `None` where no string of the case has such an authority. A rewrite of the
/// case, read after the departures that remove an empty userinfo's "@" and an empty port's
/// ":" ("//@:" is "//" by then).
pub(super) fn empty_authority_as_none(case: &Request) -> Option<Request> {
    // URI::Generic#set_port: "v = v.empty? ? nil : v.to_i": the empty port is nil before
    // merge reads the authority ("//:" is "//"), whatever entry names the port's own face
    // (none: an empty port left out is the same port, RFC 3986 §3.2.3).
    let port_read = crate::model::Field::Port;
    let without_port = Departure::EmptyAsAbsent(port_read).rewrite(case);
    Departure::EmptyAuthorityAsAbsent.rewrite(without_port.as_ref().unwrap_or(case))
}

/// URI::Generic#merge's "RFC2396, Section 5.2, 7)": "base.set_userinfo(rel.userinfo) if
/// rel.userinfo", "base.set_host(rel.host) if rel.host", "base.set_port(rel.port) if
/// rel.port", taken where "authority = rel.userinfo || rel.host || rel.port" is not nil:
/// where a network-path reference's authority lacks one of the three (nil, which an empty one
/// is too), the base's is kept (the bug), and so is the base's password where the reference's
/// userinfo has none.
pub(super) fn base_userinfo_port_kept(case: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) = (case, &answer) else {
        return answer;
    };
    let (Ok(b), Ok(r), Ok(t)) = (
        reference::parse_uri(base),
        reference::parse(input),
        reference::parse(target),
    ) else {
        return answer;
    };
    if r.scheme.is_some() || !r.has_authority() || !t.has_authority() {
        return answer;
    }
    let none = |part: Option<&str>| part.is_none_or(str::is_empty);
    // "authority = rel.userinfo || rel.host || rel.port": a reference whose parts are all
    // nil takes the path's branch, not this one.
    if none(r.userinfo) && none(r.host) && none(r.port) {
        return answer;
    }
    // The bug keeps what the base has where the reference has nil: where the base has none of
    // those parts, nothing is kept and the rule does not act ("//0@" against "file:" loses its
    // userinfo by URI::File#set_userinfo, "# do nothing", uri/file.rb, another rule).
    let has = |part: Option<&str>| !none(part);
    // URI::Generic#set_userinfo, which merge calls with the reference's userinfo: "user,
    // password = split_userinfo(user)" and "@password = password if password": a reference's
    // userinfo without ":" has no password (nil), and the base's stays ("//u@h" against
    // "a://x:p@g" is "a://u:p@h"; the same CVE's "userinfo is retained").
    let kept_password = r
        .userinfo
        .filter(|u| !u.is_empty() && !u.contains(':'))
        .and(b.userinfo)
        .and_then(|u| u.split_once(':'))
        .map(|(_, password)| password);
    let keeps = (none(r.userinfo) && has(b.userinfo))
        || kept_password.is_some()
        || (none(r.host) && has(b.host))
        || (none(r.port) && has(b.port));
    if !keeps {
        return answer;
    }
    let with_password = kept_password
        .zip(t.userinfo)
        .map(|(p, u)| format!("{u}:{p}"));
    let written = reference::recompose(&Components {
        userinfo: if none(r.userinfo) {
            b.userinfo
        } else if let Some(userinfo) = &with_password {
            Some(userinfo.as_str())
        } else {
            t.userinfo
        },
        host: if none(r.host) {
            b.host.or(t.host)
        } else {
            t.host
        },
        port: if none(r.port) { b.port } else { t.port },
        ..t
    });
    // A bug's step comes after the crate's rules: written as to_s writes it.
    Outcome::Resolved(self::written(&written).unwrap_or(written))
}

/// URI::Generic#merge_path (uri/generic.rb), line by line; `split_path` is
/// `path.split("/", -1)`, which gives no segment for "". With the path, whether
/// "base_path.slice!(i - 1, 2)" took the root's empty segment (only when `root_taken`).
fn merge_path(base: &str, rel: &str, root_taken: bool) -> (String, bool) {
    let split = |p: &str| -> Vec<String> {
        if p.is_empty() {
            Vec::new()
        } else {
            p.split('/').map(str::to_owned).collect()
        }
    };
    let mut base_path = split(base);
    let mut rel_path = split(rel);
    let mut took = false;
    // "base_path << '' if base_path.last == '..'"
    if base_path.last().is_some_and(|s| s == "..") {
        base_path.push(String::new());
    }
    // "while i = base_path.index('..'); base_path.slice!(i - 1, 2); end"
    while let Some(i) = base_path.iter().position(|s| s == "..") {
        match i {
            // slice!(-1, 2): the last element alone.
            0 => {
                base_path.pop();
            }
            1 if !root_taken && base_path[0].is_empty() => {
                base_path.remove(1);
            }
            _ => {
                took |= i == 1 && base_path[0].is_empty();
                base_path.drain(i - 1..=i);
            }
        }
    }
    // "if (first = rel_path.first) and first.empty?; base_path.clear; rel_path.shift; end"
    if rel_path.first().is_some_and(String::is_empty) {
        base_path.clear();
        rel_path.remove(0);
    }
    // "rel_path.push('') if rel_path.last == '.' || rel_path.last == '..'"
    if rel_path.last().is_some_and(|s| s == "." || s == "..") {
        rel_path.push(String::new());
    }
    // "rel_path.delete('.')"
    rel_path.retain(|s| s != ".");
    let mut tmp: Vec<String> = Vec::new();
    for x in rel_path {
        if x == ".." && !(tmp.is_empty() || tmp.last().is_some_and(|t| t == "..")) {
            tmp.pop();
        } else {
            tmp.push(x);
        }
    }
    let mut add_trailer_slash = !tmp.is_empty();
    if base_path.is_empty() {
        // "keep '/' for root directory"
        base_path = vec![String::new()];
    } else if add_trailer_slash {
        base_path.pop();
    }
    let mut rest = tmp.into_iter();
    while let Some(x) = rest.next() {
        if x == ".." {
            // "a .. or . in an absolute path has no special meaning"
            if base_path.len() > 1 {
                base_path.pop();
            }
        } else {
            base_path.push(x);
            base_path.extend(rest.by_ref());
            add_trailer_slash = false;
            break;
        }
    }
    if add_trailer_slash {
        base_path.push(String::new());
    }
    (base_path.join("/"), took)
}

/// `text` as URI.parse(text).to_s writes it; `None` where the model does not write it (a
/// text the RFC does not read, a class it does not model).
fn written(text: &str) -> Option<String> {
    let c = reference::parse(text).ok()?;
    let scheme = c.scheme.map(str::to_ascii_lowercase);
    if scheme.as_deref().is_some_and(|s| UNMODELLED.contains(&s)) {
        return None;
    }
    let mut out = String::new();
    if let Some(s) = &scheme {
        out.push_str(s);
        out.push(':');
    }
    // RFC3986_Parser: a scheme and a rootless path are the opaque part, query and all.
    let opaque =
        scheme.is_some() && !c.has_authority() && !c.path.is_empty() && !c.path.starts_with('/');
    if opaque {
        out.push_str(c.path);
        if let Some(q) = c.query {
            out.push('?');
            out.push_str(q);
        }
    } else {
        let file = scheme.as_deref() == Some("file");
        let host = match c.host {
            _ if file => Some(match c.host {
                Some("localhost") | None => "",
                Some(h) => h,
            }),
            h => h,
        };
        if host.is_some() || scheme.as_deref() == Some("postgres") {
            out.push_str("//");
        }
        // URI::File#set_userinfo and #set_port "do nothing".
        if !file && let Some(u) = c.userinfo.filter(|u| !u.is_empty()) {
            out.push_str(u);
            out.push('@');
        }
        if let Some(h) = host {
            out.push_str(h);
        }
        let port = c.port.filter(|p| !file && !p.is_empty()).map(integer);
        let default = scheme
            .as_deref()
            .and_then(default_port)
            .map(|p| p.to_string());
        if let Some(p) = port.filter(|p| Some(p) != default.as_ref()) {
            out.push(':');
            out.push_str(&p);
        }
        out.push_str(c.path);
        if let Some(q) = c.query {
            out.push('?');
            out.push_str(&query_set(q));
        }
    }
    if let Some(f) = c.fragment {
        out.push('#');
        out.push_str(f);
    }
    Some(out)
}

/// Whether `text` reads as a URI of the scheme "ftp" (any case: URI.scheme_list is looked
/// up with `scheme.upcase`) whose path is rootless: URI.split gives it no path but an opaque
/// part, and URI::FTP#initialize raises ("raise InvalidURIError unless path").
fn ftp_opaque(text: &str) -> bool {
    reference::parse(text).is_ok_and(|c| {
        c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("ftp"))
            && !c.has_authority()
            && !c.path.is_empty()
            && !c.path.starts_with('/')
    })
}

/// URI::FTP's path as its object holds and to_s writes it: `initialize` takes one "/" off
/// ("path = path.sub(/^\//,'')") and reads a "%2F" that starts the rest as "/"
/// ("path.sub!(/^%2F/,'/')"); `set_path`, which Generic#initialize calls, writes a "/" before
/// it and a "/" that starts it as "%2F" ('super("/" + v.sub(/^\//, "%2F"))'). The typecode
/// that `initialize` cuts at ";type=" is written back where it was.
fn ftp_path(path: &str) -> String {
    let rest = path.strip_prefix('/').unwrap_or(path);
    let rest = rest
        .strip_prefix("%2F")
        .map_or_else(|| rest.to_owned(), |r| format!("/{r}"));
    match rest.strip_prefix('/') {
        Some(r) => format!("/%2F{r}"),
        None => format!("/{rest}"),
    }
}

/// `text` as URI.parse(text).to_s writes a URI::FTP object (its scheme "ftp" in any case):
/// the scheme downcased, an empty userinfo none, the port an Integer left out when it is
/// DEFAULT_PORT 21, the path by `ftp_path`, the query by `query=`; an empty host is written
/// with its "//" here (the bug rule ruby-uri-empty-host-slashes-dropped drops them after).
/// `Err` for an opaque FTP URI, which URI::FTP refuses; `None` for a text the RFC does not
/// read or another scheme.
fn ftp_written(text: &str) -> Option<Result<String, ()>> {
    let c = reference::parse(text).ok()?;
    if !c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("ftp")) {
        return None;
    }
    if ftp_opaque(text) {
        return Some(Err(()));
    }
    let mut out = String::from("ftp:");
    if let Some(h) = c.host {
        out.push_str("//");
        if let Some(u) = c.userinfo.filter(|u| !u.is_empty()) {
            out.push_str(u);
            out.push('@');
        }
        out.push_str(h);
    }
    if let Some(p) = c.port.filter(|p| !p.is_empty()).map(integer)
        && p != "21"
    {
        out.push(':');
        out.push_str(&p);
    }
    out.push_str(&ftp_path(c.path));
    if let Some(q) = c.query {
        out.push('?');
        out.push_str(&query_set(q));
    }
    if let Some(f) = c.fragment {
        out.push('#');
        out.push_str(f);
    }
    Some(Ok(out))
}

/// URI::FTP (`super::Transform::RubyUriFtpObject`, uri/ftp.rb), the class URI.parse builds
/// for the scheme "ftp": a parse or a resolution with an opaque FTP URI is refused
/// (URI::FTP#initialize: "raise InvalidURIError unless path"); a resolution's FTP target is
/// written by `ftp_written` where URI::FTP#merge's own step does not come in, that is where
/// the base is not an FTP URI (URI::Generic#merge returns the reference's object) or the
/// reference is the current document (the base's object). Against an FTP base, any other
/// reference is `tmp = super(oth)` of URI::FTP#merge (`ftp_merged`: URI::Generic#merge on the
/// FTP object, whose path reader has no leading "/" and whose set_path writes one), written by
/// URI::FTP#to_s; that merge then raises where `tmp` differs from the base
/// (`ftp_merge_typecode_raised`, the bug).
pub(super) fn ftp_object(case: &Request, answer: Outcome) -> Outcome {
    let refused = || Outcome::invalid("URI::InvalidURIError".into());
    match case {
        Request::Parse { input, .. } if ftp_opaque(input) => refused(),
        Request::Resolve { base, input, .. } => {
            if ftp_opaque(base) || ftp_opaque(input) {
                return refused();
            }
            let (Ok(b), Ok(r), Outcome::Resolved(target)) =
                (reference::parse_uri(base), reference::parse(input), &answer)
            else {
                return answer;
            };
            let current =
                r.scheme.is_none() && !r.has_authority() && r.path.is_empty() && r.query.is_none();
            if b.scheme.is_some_and(|s| s.eq_ignore_ascii_case("ftp")) && !current {
                return match ftp_merged(case) {
                    Some((_, Ok(tmp))) => Outcome::Resolved(tmp.written()),
                    _ => answer,
                };
            }
            match ftp_written(target) {
                Some(Ok(text)) => Outcome::Resolved(text),
                Some(Err(())) => refused(),
                None => answer,
            }
        }
        _ => answer,
    }
}

/// `v.to_i.to_s` of a port's digits: without its leading zeros.
fn integer(digits: &str) -> String {
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// URI::Generic#query=: `v.gsub!(/(?!%\h\h|[!$-&(-;=?-_a-~])./n){'%%%02X' % $&.ord}`.
fn query_set(query: &str) -> String {
    let bytes = query.as_bytes();
    let mut out = String::with_capacity(query.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let triplet = b == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        let kept = matches!(b, b'!' | b'$'..=b'&' | b'('..=b';' | b'=' | b'?'..=b'_' | b'a'..=b'~');
        if triplet {
            out.push_str(&query[i..i + 3]);
            i += 3;
            continue;
        }
        if kept {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
        i += 1;
    }
    out
}

/// Parse (`super::Transform::RubyUriOpaqueQueryFolded`): a URI whose path is rootless is
/// opaque, its query folded into the opaque part (uri/rfc3986_parser.rb, `split`: `opaque =
/// m["path-rootless"]; opaque << "?#{query}" if query`), so the object has no query and the
/// path the adapter reports is "a?q".
pub(super) fn opaque_query_folded(case: &Request, answer: Outcome) -> Outcome {
    let (
        Request::Parse { .. },
        Outcome::Parsed {
            mut components,
            host_kind,
        },
    ) = (case, answer.clone())
    else {
        return answer;
    };
    let rootless = components.scheme.is_some()
        && components.host.is_none()
        && !components.path.is_empty()
        && !components.path.starts_with('/');
    match components.query.take() {
        Some(query) if rootless => {
            components.path = format!("{}?{query}", components.path);
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        _ => answer,
    }
}

/// Where RFC3986_Parser reads the authority of `text`, if it has one: after a scheme
/// (`[A-Za-z][+\-.0-9A-Za-z]*:`) and "//" (RFC3986_URI), or after a leading "//"
/// (RFC3986_relative_ref), up to "/", "?" or "#"; and whether it is the relative one.
fn authority_span(text: &str) -> Option<(std::ops::Range<usize>, bool)> {
    let (start, relative) = if text.starts_with("//") {
        (2, true)
    } else {
        let colon = text.find(':')?;
        let scheme = &text.as_bytes()[..colon];
        let valid = scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid || !text[colon + 1..].starts_with("//") {
            return None;
        }
        (colon + 3, false)
    };
    let end = text[start..]
        .find(['/', '?', '#'])
        .map_or(text.len(), |at| start + at);
    Some((start..end, relative))
}

/// The ends, in the order Onigmo's backtracking tries them, of the parts of RFC3986_Parser's
/// authority, each matched at `at` in `t`: a matcher returns every end of its match, first
/// the one the engine takes first, so that a sequence tries its second part after each end of
/// the first in turn, as backtracking does.
mod onig {
    pub(super) type Ends = Vec<usize>;

    /// A part of an expression, matched at an offset: its ends.
    pub(super) type Part<'a> = &'a dyn Fn(&[u8], usize) -> Ends;

    /// `\h{1,4}` (greedy), or `\h{1,4}?` (lazy: the shortest first).
    pub(super) fn h16(t: &[u8], at: usize, lazy: bool) -> Ends {
        let n = t[at.min(t.len())..]
            .iter()
            .take(4)
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        let ends = (1..=n).map(|k| at + k);
        if lazy {
            ends.collect()
        } else {
            ends.rev().collect()
        }
    }

    /// A literal.
    pub(super) fn lit(t: &[u8], at: usize, s: &str) -> Ends {
        if t.get(at..at + s.len()) == Some(s.as_bytes()) {
            vec![at + s.len()]
        } else {
            Vec::new()
        }
    }

    /// `part` repeated `min` to `max` times, greedy.
    pub(super) fn rep(
        t: &[u8],
        at: usize,
        min: usize,
        max: usize,
        part: &dyn Fn(&[u8], usize) -> Ends,
    ) -> Ends {
        let mut out = Vec::new();
        if max > 0 {
            for end in part(t, at) {
                if end == at {
                    continue;
                }
                out.extend(rep(t, end, min.saturating_sub(1), max - 1, part));
            }
        }
        if min == 0 {
            out.push(at);
        }
        out
    }

    /// The parts one after the other.
    pub(super) fn seq(t: &[u8], at: usize, parts: &[Part<'_>]) -> Ends {
        match parts.split_first() {
            None => vec![at],
            Some((first, rest)) => first(t, at)
                .into_iter()
                .flat_map(|end| seq(t, end, rest))
                .collect(),
        }
    }

    /// `(?<dec-octet>[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d)`, its alternatives in this order.
    pub(super) fn dec_octet(t: &[u8], at: usize) -> Ends {
        let d = |i: usize| t.get(at + i).copied().filter(u8::is_ascii_digit);
        let mut out = Vec::new();
        if matches!(d(0), Some(b'1'..=b'9')) && d(1).is_some() {
            out.push(at + 2);
        }
        if d(0) == Some(b'1') && d(1).is_some() && d(2).is_some() {
            out.push(at + 3);
        }
        if d(0) == Some(b'2') && matches!(d(1), Some(b'0'..=b'4')) && d(2).is_some() {
            out.push(at + 3);
        }
        if d(0) == Some(b'2') && d(1) == Some(b'5') && matches!(d(2), Some(b'0'..=b'5')) {
            out.push(at + 3);
        }
        if d(0).is_some() {
            out.push(at + 1);
        }
        out
    }

    /// `IPv4address`: four dec-octets joined by ".".
    pub(super) fn ipv4(t: &[u8], at: usize) -> Ends {
        let dot = |t: &[u8], at: usize| lit(t, at, ".");
        seq(
            t,
            at,
            &[
                &dec_octet, &dot, &dec_octet, &dot, &dec_octet, &dot, &dec_octet,
            ],
        )
    }

    /// `h16 ":"`.
    fn h16_colon(t: &[u8], at: usize) -> Ends {
        seq(
            t,
            at,
            &[&|t, at| h16(t, at, false), &|t, at| lit(t, at, ":")],
        )
    }

    /// `ls32 = h16 ":" h16 | IPv4address`.
    fn ls32(t: &[u8], at: usize) -> Ends {
        let mut out = seq(t, at, &[&h16_colon, &|t, at| h16(t, at, false)]);
        out.extend(ipv4(t, at));
        out
    }

    /// `((h16 ":"){0,n} h16)?`.
    fn prefix(t: &[u8], at: usize, n: usize) -> Ends {
        let mut out = seq(
            t,
            at,
            &[&|t, at| rep(t, at, 0, n, &h16_colon), &|t, at| {
                h16(t, at, false)
            }],
        );
        out.push(at);
        out
    }

    /// RFC3986_Parser's `IPv6address`, its nine alternatives in order, the third written
    /// `\h{1,4}?::(?:\h{1,4}:){4}\g<ls32>` (a lazy `{1,4}?`, so one hexadecimal digit at
    /// least where RFC 3986 has `[ h16 ]`).
    pub(super) fn ipv6(t: &[u8], at: usize) -> Ends {
        let colons = |t: &[u8], at: usize| lit(t, at, "::");
        let groups = |n: usize| move |t: &[u8], at: usize| rep(t, at, n, n, &h16_colon);
        let mut out = seq(t, at, &[&groups(6), &ls32]);
        out.extend(seq(t, at, &[&colons, &groups(5), &ls32]));
        out.extend(seq(
            t,
            at,
            &[&|t, at| h16(t, at, true), &colons, &groups(4), &ls32],
        ));
        out.extend(seq(
            t,
            at,
            &[&|t, at| prefix(t, at, 1), &colons, &groups(3), &ls32],
        ));
        out.extend(seq(
            t,
            at,
            &[&|t, at| prefix(t, at, 2), &colons, &groups(2), &ls32],
        ));
        out.extend(seq(
            t,
            at,
            &[&|t, at| prefix(t, at, 3), &colons, &h16_colon, &ls32],
        ));
        out.extend(seq(t, at, &[&|t, at| prefix(t, at, 4), &colons, &ls32]));
        out.extend(seq(
            t,
            at,
            &[&|t, at| prefix(t, at, 5), &colons, &|t, at| {
                h16(t, at, false)
            }],
        ));
        out.extend(seq(t, at, &[&|t, at| prefix(t, at, 6), &colons]));
        out
    }

    /// Whether `b` is in `[!$&-.0-;=A-Z_a-z~]` (with `colon`) or `[!$&-.0-9;=A-Z_a-z~]`.
    fn sub(b: u8, colon: bool) -> bool {
        b.is_ascii_alphanumeric()
            || matches!(b, b'!' | b'$' | b'&'..=b'.' | b';' | b'=' | b'_' | b'~')
            || (colon && b == b':')
    }

    /// `(?:%\h\h|CLASS)` repeated `min` or more times, greedy.
    pub(super) fn chars(t: &[u8], at: usize, min: usize, colon: bool) -> Ends {
        let unit = move |t: &[u8], at: usize| -> Ends {
            let mut out = Vec::new();
            if t.get(at) == Some(&b'%')
                && t.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                && t.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                out.push(at + 3);
            }
            if t.get(at).is_some_and(|&b| sub(b, colon)) {
                out.push(at + 1);
            }
            out
        };
        rep(t, at, min, usize::MAX, &unit)
    }

    /// `IPvFuture = v\h+\.[!$&-.0-;=A-Z_a-z~]+`.
    pub(super) fn ipvfuture(t: &[u8], at: usize) -> Ends {
        let hexes = |t: &[u8], at: usize| {
            let n = t[at.min(t.len())..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            (1..=n).rev().map(|k| at + k).collect::<Ends>()
        };
        let tail = |t: &[u8], at: usize| {
            let n = t[at.min(t.len())..]
                .iter()
                .take_while(|&&b| sub(b, true))
                .count();
            (1..=n).rev().map(|k| at + k).collect::<Ends>()
        };
        seq(
            t,
            at,
            &[
                &|t, at| lit(t, at, "v"),
                &hexes,
                &|t, at| lit(t, at, "."),
                &tail,
            ],
        )
    }
}

/// The userinfo, host and port RFC3986_Parser reads in `authority` (spans in it), or `None`
/// where its regular expression does not match: `(?:userinfo@)?(?<host>...)?(?::(?<port>\d*))?`
/// taking the whole authority, with the host's alternatives in the order the expressions
/// write them. RFC3986_URI's IP literal is `\[(?:IPv6address|IPvFuture)\]`;
/// RFC3986_relative_ref's is `\[IPv6address|IPvFuture\]`, whose brackets group neither
/// alternative: "[" and an IPv6 address, or an IPvFuture and "]".
#[allow(clippy::type_complexity)]
fn ruby_authority(
    authority: &str,
    relative: bool,
) -> Option<(
    Option<std::ops::Range<usize>>,
    Option<std::ops::Range<usize>>,
    Option<std::ops::Range<usize>>,
)> {
    let t = authority.as_bytes();
    let mut userinfos: Vec<(Option<std::ops::Range<usize>>, usize)> = onig::chars(t, 0, 0, true)
        .into_iter()
        .filter(|&end| t.get(end) == Some(&b'@'))
        .map(|end| (Some(0..end), end + 1))
        .collect();
    userinfos.push((None, 0));
    for (userinfo, start) in userinfos {
        let mut hosts: onig::Ends = Vec::new();
        let bracket = |t: &[u8], at: usize| onig::lit(t, at, "[");
        let close = |t: &[u8], at: usize| onig::lit(t, at, "]");
        if relative {
            hosts.extend(onig::seq(t, start, &[&bracket, &onig::ipv6]));
            hosts.extend(onig::seq(t, start, &[&onig::ipvfuture, &close]));
        } else {
            let literal = |t: &[u8], at: usize| {
                let mut out = onig::ipv6(t, at);
                out.extend(onig::ipvfuture(t, at));
                out
            };
            hosts.extend(onig::seq(t, start, &[&bracket, &literal, &close]));
        }
        hosts.extend(onig::ipv4(t, start));
        hosts.extend(onig::chars(t, start, 1, false));
        let hosts = hosts.into_iter().map(Some).chain([None]);
        for host_end in hosts {
            let at = host_end.unwrap_or(start);
            let digits = t[at.min(t.len())..]
                .iter()
                .skip(1)
                .take_while(|b| b.is_ascii_digit())
                .count();
            let mut ports = Vec::new();
            if t.get(at) == Some(&b':') {
                ports.extend(
                    (0..=digits)
                        .rev()
                        .map(|n| (Some(at + 1..at + 1 + n), at + 1 + n)),
                );
            }
            ports.push((None, at));
            for (port, end) in ports {
                if end == t.len() {
                    return Some((userinfo, host_end.map(|e| start..e), port));
                }
            }
        }
    }
    None
}

/// The host kind the adapter reports for a host's text (adapters/ruby/protocol.rb).
fn adapter_host_kind(host: &str) -> reference::HostKind {
    if host.starts_with("[v") || host.starts_with("[V") {
        reference::HostKind::IpvFuture
    } else if host.starts_with('[') {
        reference::HostKind::Ipv6
    } else if reference::host::is_ipv4address(host.as_bytes()) {
        reference::HostKind::Ipv4
    } else {
        reference::HostKind::RegName
    }
}

/// The host RFC3986_Parser reads in `text` where RFC 3986 has no such host (its span in
/// `text`), or `Err(())` where the parser refuses the authority.
fn ip_literal_read(text: &str) -> Result<Option<std::ops::Range<usize>>, ()> {
    let Some((authority, relative)) = authority_span(text) else {
        return Ok(None);
    };
    let (_, host, _) = ruby_authority(&text[authority.clone()], relative).ok_or(())?;
    Ok(host
        .map(|h| authority.start + h.start..authority.start + h.end)
        .filter(|h| reference::parse_host(&text[h.clone()]).is_err()))
}

/// Parse (`super::Transform::RubyUriIpLiteralRegexp`): a host the RFC has not, which the
/// parser's expressions read, stood in for by "a"s (one for one) so that the reference reads
/// the rest; `ip_literal_applied` gives it back.
pub(super) fn ip_literal_rewrite(case: &Request) -> Option<Request> {
    let stood_in = |text: &str| {
        let host = ip_literal_read(text).ok()??;
        let mut text = text.to_owned();
        text.replace_range(host.clone(), &"a".repeat(host.len()));
        Some(text)
    };
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => Some(Request::Parse {
            input: stood_in(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        Request::Resolve {
            base,
            input,
            strict,
        } => Some(Request::Resolve {
            base: base.clone(),
            input: stood_in(input)?,
            strict: *strict,
        }),
        Request::Normalize { .. } => None,
    }
}

/// The answer with the host the expressions read given back, or the parser's refusal where
/// they do not match the authority of a text it parses (a resolution's base or reference).
pub(super) fn ip_literal_applied(original: &Request, answer: Outcome) -> Outcome {
    let texts = match original {
        Request::Parse { input, .. } => vec![input],
        Request::Resolve { base, input, .. } => vec![base, input],
        Request::Normalize { .. } => return answer,
    };
    if matches!(answer, Outcome::Invalid(_)) {
        return answer;
    }
    if let Some(text) = texts.iter().find(|t| ip_literal_read(t).is_err()) {
        return Outcome::invalid(format!(
            "URI::InvalidURIError: bad URI(is not URI?): {text:?}"
        ));
    }
    match (original, answer) {
        (
            Request::Parse { input, .. },
            Outcome::Parsed {
                mut components,
                host_kind,
            },
        ) => match ip_literal_read(input) {
            Ok(Some(host)) => {
                let host = &input[host];
                components.host = Some(host.to_owned());
                Outcome::Parsed {
                    components,
                    host_kind: Some(adapter_host_kind(host)),
                }
            }
            _ => Outcome::Parsed {
                components,
                host_kind,
            },
        },
        // A target whose host is the reference's, stood in for: given back.
        (Request::Resolve { input, .. }, Outcome::Resolved(target)) => {
            let stood_in = match ip_literal_read(input) {
                Ok(Some(host)) => Some((&input[host.clone()], "a".repeat(host.len()))),
                _ => None,
            };
            let Some((host, placeholder)) = stood_in else {
                return Outcome::Resolved(target);
            };
            match reference::parse(&target) {
                Ok(c) if c.host == Some(placeholder.as_str()) => {
                    Outcome::Resolved(reference::recompose(&Components {
                        host: Some(host),
                        ..c
                    }))
                }
                _ => Outcome::Resolved(target),
            }
        }
        (_, answer) => answer,
    }
}

/// A URI::FTP object as URI.parse builds it from a text the RFC reads (uri/ftp.rb): the
/// userinfo, host and port as its setters keep them (an empty one nil; the host's text kept
/// for to_s, "" written with its "//" here as `ftp_written` does), the port an Integer or
/// DEFAULT_PORT 21 (Generic#initialize: "self.set_port(self.default_port) if
/// self.default_port && !@port"), `@path` as `ftp_path` gives it without the typecode that
/// `initialize` cuts at ";type=", the query and fragment.
#[derive(Clone, Debug, PartialEq)]
struct FtpObject {
    userinfo: Option<String>,
    host: Option<String>,
    port: String,
    path: String,
    typecode: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

impl FtpObject {
    fn of(c: &Components<'_>) -> FtpObject {
        let mut path = ftp_path(c.path);
        let typecode = path.find(";type=").map(|i| {
            let t = path[i + ";type=".len()..].to_owned();
            path.truncate(i);
            t
        });
        FtpObject {
            userinfo: c.userinfo.filter(|u| !u.is_empty()).map(str::to_owned),
            host: c.host.map(str::to_owned),
            port: c
                .port
                .filter(|p| !p.is_empty())
                .map_or_else(|| "21".to_owned(), integer),
            path,
            typecode,
            query: c.query.map(query_set),
            fragment: c.fragment.map(str::to_owned),
        }
    }

    /// URI::FTP#path, the reader URI::Generic#merge reads: `@path.sub(/^\//,'')
    /// .sub(/^%2F/,'/')`.
    fn path_read(&self) -> String {
        let rest = self.path.strip_prefix('/').unwrap_or(&self.path);
        rest.strip_prefix("%2F")
            .map_or_else(|| rest.to_owned(), |r| format!("/{r}"))
    }

    /// URI::FTP#set_path: `super("/" + v.sub(/^\//, "%2F"))`.
    fn set_path(&mut self, v: &str) {
        self.path = match v.strip_prefix('/') {
            Some(r) => format!("/%2F{r}"),
            None => format!("/{v}"),
        };
    }

    /// `normalize.component_ary` (COMPONENT: scheme, userinfo, host, port, path, typecode),
    /// what URI::Generic#== compares: normalize! sets an empty path (the reader's) to "/" and
    /// downcases the host; the host "" is nil.
    fn compared(
        &self,
    ) -> (
        Option<String>,
        Option<String>,
        String,
        String,
        Option<String>,
    ) {
        let mut o = self.clone();
        if o.path_read().is_empty() {
            o.set_path("/");
        }
        let path = o.path_read();
        (
            o.userinfo,
            o.host
                .filter(|h| !h.is_empty())
                .map(|h| h.to_ascii_lowercase()),
            o.port,
            path,
            o.typecode,
        )
    }

    /// URI::FTP#to_s: the typecode put back after the path, then URI::Generic#to_s.
    fn written(&self) -> String {
        let mut out = String::from("ftp:");
        if let Some(h) = &self.host {
            out.push_str("//");
            if let Some(u) = &self.userinfo {
                out.push_str(u);
                out.push('@');
            }
            out.push_str(h);
        }
        if self.port != "21" {
            out.push(':');
            out.push_str(&self.port);
        }
        out.push_str(&self.path);
        if let Some(t) = &self.typecode {
            out.push_str(";type=");
            out.push_str(t);
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

/// What URI::FTP#merge's `tmp = super(oth)` is against an FTP base (URI::Generic#merge on
/// the URI::FTP object, uri/generic.rb), with the base's object: `None` where the base is not
/// an FTP URI the RFC reads, the reference is the current document (the base's object,
/// `ftp_object` writes it) or a text the RFC does not read; `Some(Err(()))` where `tmp` is
/// an object of another class (an absolute reference of another scheme: merge returns it).
fn ftp_merged(case: &Request) -> Option<(FtpObject, Result<FtpObject, ()>)> {
    let Request::Resolve { base, input, .. } = case else {
        return None;
    };
    let b = reference::parse_uri(base).ok()?;
    if !b.scheme.is_some_and(|s| s.eq_ignore_ascii_case("ftp")) || ftp_opaque(base) {
        return None;
    }
    let r = reference::parse(input).ok()?;
    let this = FtpObject::of(&b);
    // "return rel if rel.absolute?"
    if let Some(s) = r.scheme {
        if !s.eq_ignore_ascii_case("ftp") {
            return Some((this, Err(())));
        }
        if ftp_opaque(input) {
            return None;
        }
        return Some((this, Ok(FtpObject::of(&r))));
    }
    fn some(p: Option<&str>) -> Option<&str> {
        p.filter(|v| !v.is_empty())
    }
    // "authority = rel.userinfo || rel.host || rel.port" (an empty one nil)
    let authority = some(r.userinfo).is_some() || some(r.host).is_some() || some(r.port).is_some();
    if r.path.is_empty() && !authority && r.query.is_none() {
        return None;
    }
    let mut tmp = this.clone();
    tmp.query = None;
    tmp.fragment = None;
    if authority {
        tmp.set_path(r.path);
    } else {
        let (path, _) = merge_path(&this.path_read(), r.path, false);
        tmp.set_path(&path);
    }
    if let Some(u) = some(r.userinfo) {
        tmp.userinfo = Some(u.to_owned());
    }
    if let Some(h) = some(r.host) {
        tmp.host = Some(h.to_owned());
    }
    if let Some(p) = some(r.port) {
        tmp.port = integer(p);
    }
    if let Some(q) = r.query {
        tmp.query = Some(query_set(q));
    }
    if let Some(f) = r.fragment {
        tmp.fragment = Some(f.to_owned());
    }
    Some((this, Ok(tmp)))
}

/// Resolution (`super::Transform::RubyUriFtpMergeTypecodeRaised`, a bug): URI::FTP#merge,
/// `tmp = super(oth); if self != tmp; tmp.set_typecode(oth.typecode); end`, where `oth` is
/// the String URI.join gave (uri/common.rb: `parser.join(*str)`, `uris.inject :merge`), so
/// any target that differs from the base in its scheme's class, userinfo, host, port, path or
/// typecode (URI::Generic#==) raises NoMethodError ("undefined method `typecode' for
/// String"); a target equal to the base (a query or a fragment of its own, a path that merges
/// to the base's) is left as the model before gave it.
pub(super) fn ftp_merge_typecode_raised(case: &Request, answer: Outcome) -> Outcome {
    match ftp_merged(case) {
        Some((this, Ok(tmp))) if this.compared() == tmp.compared() => answer,
        Some(_) => Outcome::invalid("NoMethodError: undefined method `typecode' for String".into()),
        None => answer,
    }
}

/// A URI::MailTo object's `to` and headers as URI.parse builds it (uri/mailto.rb,
/// URI::MailTo#initialize) from a text of the scheme "mailto" (any case) the RFC reads:
/// `@opaque = "?#{@query}" if @query && !@opaque` (RFC3986_Parser gives an opaque part, the
/// query folded in, only to a rootless path), "raise InvalidComponentError, "missing opaque
/// part for mailto URL"" without one, `to, header = @opaque.split('?', 2)`, `to` matched
/// against `/\A(?:[^@,;]+@[^@,;]+(?:\z|[,;]))*\z/` or refused, and set_headers's
/// `v.split('&')` (whose empty fields at the end Ruby's split drops) written back by to_s
/// with "&". `None` for another scheme or a text the RFC does not read; `Some(Err(()))` where
/// URI::MailTo refuses it.
fn mailto_parts(text: &str) -> Option<Result<(String, String), ()>> {
    let c = reference::parse(text).ok()?;
    if !c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("mailto")) {
        return None;
    }
    let rootless = !c.has_authority() && !c.path.is_empty() && !c.path.starts_with('/');
    let opaque = if rootless {
        match c.query {
            Some(q) => format!("{}?{q}", c.path),
            None => c.path.to_owned(),
        }
    } else if let Some(q) = c.query {
        format!("?{q}")
    } else {
        return Some(Err(()));
    };
    let (to, header) = opaque.split_once('?').unwrap_or((&opaque, ""));
    if !mailto_to_matches(to) {
        return Some(Err(()));
    }
    Some(Ok((to.to_owned(), header.trim_end_matches('&').to_owned())))
}

/// `/\A(?:[^@,;]+@[^@,;]+(?:\z|[,;]))*\z/ =~ to` (URI::MailTo#initialize).
fn mailto_to_matches(to: &str) -> bool {
    let b = to.as_bytes();
    let run = |mut i: usize| {
        let start = i;
        while i < b.len() && !matches!(b[i], b'@' | b',' | b';') {
            i += 1;
        }
        (i > start).then_some(i)
    };
    let mut i = 0;
    while i < b.len() {
        let Some(at) = run(i) else { return false };
        if b.get(at) != Some(&b'@') {
            return false;
        }
        let Some(end) = run(at + 1) else {
            return false;
        };
        if end == b.len() {
            return true;
        }
        if !matches!(b[end], b',' | b';') {
            return false;
        }
        i = end + 1;
    }
    true
}

/// URI::MailTo#to_s: `@scheme + ':' + @to + ('?' + headers if any) + ('#' + @fragment)`; the
/// host, port and path the object may hold are not written.
fn mailto_written(to: &str, header: &str, fragment: Option<&str>) -> String {
    let mut out = format!("mailto:{to}");
    if !header.is_empty() {
        out.push('?');
        out.push_str(header);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// URI::MailTo (`super::Transform::RubyUriMailtoObject`, uri/mailto.rb: "RFC6068, the mailto
/// URL scheme"), the class URI.parse builds for the scheme "mailto": a parse or a resolution
/// with a mailto URI `mailto_parts` refuses is refused; a resolution whose target is a
/// URI::MailTo object is written by its to_s: an absolute mailto reference (URI::Generic#merge
/// returns it), or a reference against a mailto base, whose `to` and headers the merge keeps
/// (it sets the path, host and query, which to_s does not write), the reference's fragment
/// replacing the base's; a reference with a query raises there ("raise InvalidURIError,
/// "query conflicts with opaque" if @opaque" in URI::Generic#query=: the object always has
/// its opaque part).
pub(super) fn mailto_object(case: &Request, answer: Outcome) -> Outcome {
    let refused = |why: &str| Outcome::invalid(format!("URI::{why}"));
    match case {
        Request::Parse { input, .. } => match mailto_parts(input) {
            Some(Err(())) => refused("InvalidComponentError"),
            _ => answer,
        },
        Request::Resolve { base, input, .. } => {
            let Ok(r) = reference::parse(input) else {
                return answer;
            };
            if r.scheme.is_some() {
                return match mailto_parts(input) {
                    Some(Err(())) => refused("InvalidComponentError"),
                    Some(Ok((to, header))) => {
                        Outcome::Resolved(mailto_written(&to, &header, r.fragment))
                    }
                    None => answer,
                };
            }
            let (to, header) = match mailto_parts(base) {
                Some(Ok(parts)) => parts,
                Some(Err(())) => return refused("InvalidComponentError"),
                None => return answer,
            };
            let current = !r.has_authority() && r.path.is_empty() && r.query.is_none();
            if !current && r.query.is_some() {
                return refused("InvalidURIError");
            }
            let fragment = match r.fragment {
                Some(f) => Some(f),
                None if current => reference::parse(base).ok().and_then(|b| b.fragment),
                None => None,
            };
            Outcome::Resolved(mailto_written(&to, &header, fragment))
        }
        _ => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ftp(base: &str, input: &str, target: &str) -> Outcome {
        let case = Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        ftp_object(&case, Outcome::Resolved(target.into()))
    }

    #[test]
    fn ftp_path_as_uri_ftp_holds_it() {
        assert_eq!(ftp_path(""), "/");
        assert_eq!(ftp_path("/"), "/");
        assert_eq!(ftp_path("/a/b"), "/a/b");
        assert_eq!(ftp_path("//a"), "/%2Fa");
        assert_eq!(ftp_path("/%2Fa"), "/%2Fa");
        assert_eq!(ftp_path("/%2F%2Fa"), "/%2F%2Fa");
        assert_eq!(ftp_path("/%2fa"), "/%2fa");
        assert_eq!(ftp_path("///."), "/%2F/.");
    }

    #[test]
    fn ftp_targets_written_as_uri_ftp_writes_them() {
        let resolved = |t: &str| Outcome::Resolved(t.into());
        // Answers of uri 0.11.0 (Ruby 3.1.2).
        assert_eq!(
            ftp("a:", "ftp://h//x", "ftp://h//x"),
            resolved("ftp://h/%2Fx")
        );
        assert_eq!(
            ftp("a:", "ftp://-:00", "ftp://-:00"),
            resolved("ftp://-:0/")
        );
        assert_eq!(
            ftp("a:", "ftp://h:021/x", "ftp://h:021/x"),
            resolved("ftp://h/x")
        );
        assert_eq!(
            ftp("a:", "ftp://@h/a;type=x", "ftp://@h/a;type=x"),
            resolved("ftp://h/a;type=x")
        );
        assert_eq!(ftp("a:", "ftp://", "ftp://"), resolved("ftp:///"));
        assert_eq!(ftp("FTP:", "", "FTP:"), resolved("ftp:/"));
        assert_eq!(
            ftp("ftp://[::]//", "", "ftp://[::]//"),
            resolved("ftp://[::]/%2F")
        );
        assert_eq!(
            ftp("ftp://h/p#x", "#y", "ftp://h/p#y"),
            resolved("ftp://h/p#y")
        );
        assert_eq!(
            ftp(
                "a:/x",
                "FTP://u@h:021/%2Fa?b'c#f",
                "FTP://u@h:021/%2Fa?b'c#f"
            ),
            resolved("ftp://u@h/%2Fa?b%27c#f")
        );
        assert!(matches!(ftp("a:", "ftp:a", "ftp:a"), Outcome::Invalid(_)));
        assert!(matches!(ftp("ftp:a", "", "ftp:a"), Outcome::Invalid(_)));
        // URI::FTP#merge's `super(oth)`: the merged object written (the bug's rule refuses
        // the first, whose target differs from the base).
        assert_eq!(
            ftp("ftp://h/a/b", "c", "ftp://h/a/c"),
            resolved("ftp://h/a/c")
        );
        assert_eq!(ftp("ftp:", "/", "ftp:/"), resolved("ftp:/%2F"));
        // Another class: left as it was.
        assert_eq!(ftp("a:", "b://h//x", "b://h//x"), resolved("b://h//x"));
    }

    #[test]
    fn ftp_opaque_refused_in_a_parse() {
        let parse = |input: &str| Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        };
        let any = Outcome::Unsupported;
        assert!(matches!(
            ftp_object(&parse("ftp:a"), any.clone()),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            ftp_object(&parse("Ftp:a?q"), any.clone()),
            Outcome::Invalid(_)
        ));
        assert_eq!(ftp_object(&parse("ftp:/a"), any.clone()), any);
        assert_eq!(ftp_object(&parse("ftp:"), any.clone()), any);
        assert_eq!(ftp_object(&parse("ftpx:a"), any.clone()), any);
    }

    fn resolve() -> Request {
        Request::Resolve {
            base: "a:".into(),
            input: "b".into(),
            strict: true,
        }
    }

    fn both(target: &str) -> String {
        let case = resolve();
        let once = object_written(&case, Outcome::Resolved(target.into()));
        match empty_host_slashes_dropped(&case, once) {
            Outcome::Resolved(t) => t,
            other => panic!("{other:?}"),
        }
    }

    fn join(base: &str, input: &str, root_taken: bool) -> String {
        let case = Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        match merged(&case, root_taken) {
            Some((Outcome::Resolved(t), _)) => t,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn network_path_keeps_the_bases_userinfo_and_port() {
        let case = Request::Resolve {
            base: "a://u@h:1/p".into(),
            input: "//x".into(),
            strict: true,
        };
        let kept = base_userinfo_port_kept(&case, Outcome::Resolved("a://x".into()));
        assert_eq!(kept, Outcome::Resolved("a://u@x:1".into()));
        let case = Request::Resolve {
            base: "a://u@h:1/p".into(),
            input: "//v@x:2/q".into(),
            strict: true,
        };
        let own = Outcome::Resolved("a://v@x:2/q".into());
        assert_eq!(base_userinfo_port_kept(&case, own.clone()), own);
        // The host too, where the reference's is empty (nil).
        let case = Request::Resolve {
            base: "a://h/p".into(),
            input: "//u@/q".into(),
            strict: true,
        };
        let kept = base_userinfo_port_kept(&case, Outcome::Resolved("a://u@/q".into()));
        assert_eq!(kept, Outcome::Resolved("a://u@h/q".into()));
        // A base with no userinfo, host or port keeps nothing: the answer is another rule's.
        let case = Request::Resolve {
            base: "file:".into(),
            input: "//0@".into(),
            strict: true,
        };
        for answer in ["file://0@", "file://"] {
            let answer = Outcome::Resolved(answer.into());
            assert_eq!(base_userinfo_port_kept(&case, answer.clone()), answer);
        }
        // set_userinfo keeps the base's password where the reference's userinfo has none.
        let join = |base: &str, input: &str, target: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            base_userinfo_port_kept(&case, Outcome::Resolved(target.into()))
        };
        assert_eq!(
            join("a://x:p@g/p", "//u@h", "a://u@h"),
            Outcome::Resolved("a://u:p@h".into())
        );
        assert_eq!(
            join("a://:@", "//0@.", "a://0@."),
            Outcome::Resolved("a://0:@.".into())
        );
        // Not where the reference has a password of its own, empty or not, nor where the
        // base has none.
        for (base, input, target) in [
            ("a://x:p@g/p", "//u:@h", "a://u:@h"),
            ("a://x:p@g/p", "//u:q@h", "a://u:q@h"),
            ("a://x@g/p", "//u@h", "a://u@h"),
        ] {
            assert_eq!(
                join(base, input, target),
                Outcome::Resolved(target.into()),
                "{input} against {base}"
            );
        }
    }

    /// merge_path's slice takes the root only where a ".." follows it.
    #[test]
    fn the_root_is_taken_only_by_a_dot_dot_after_it() {
        assert_eq!(merge_path("/..", "a", true), ("a".to_owned(), true));
        assert_eq!(merge_path("/x/../../y", "z", true), ("z".to_owned(), true));
        assert_eq!(merge_path("/p", "x", true), ("/x".to_owned(), false));
        assert_eq!(
            merge_path("/b/../c/", "x", true),
            ("/c/x".to_owned(), false)
        );
        let case = Request::Resolve {
            base: "file:/p".into(),
            input: "x".into(),
            strict: true,
        };
        let given = Outcome::Resolved("file:/x".into());
        assert_eq!(merge_path_root_taken(&case, given.clone()), given);
    }

    /// URI.join's targets in Ruby 3.1.2 (uri 0.11.0), before to_s writes them.
    #[test]
    fn as_ruby_merges_them() {
        assert_eq!(join("a:/b/./c/", "x", false), "a:/b/./c/x");
        assert_eq!(join("a:/a/..", "a", false), "a:/a");
        assert_eq!(join("a:/b/c", "/x/../../y/", false), "a:/y/");
        assert_eq!(join("a:", "a", false), "a:/a");
        assert_eq!(join("a:", "..", false), "a:/");
        assert_eq!(join("a:/b/c", "?q", false), "a:/b/c?q");
        assert_eq!(join("a:/b/../c/d/", "x", false), "a:/c/d/x");
        assert_eq!(join("a://h/..", "a", true), "a://ha");
        assert_eq!(join("a://h/..", "a", false), "a://h/a");
        assert_eq!(join("a:/..", "?", true), "a:?");
        assert_eq!(join("a:/..", "?", false), "a:/?");
    }

    /// Answers of URI.join(...).to_s in Ruby 3.1.2 (uri 0.11.0), with the target the RFC's
    /// model gives before them.
    #[test]
    fn as_ruby_writes_them() {
        assert_eq!(both("A://h:01/p?Q#F"), "a://h:1/p?Q#F");
        assert_eq!(both("HTTP://h:080/x"), "http://h/x");
        assert_eq!(both("https://.:000/a"), "https://.:0/a");
        assert_eq!(both("file:/a"), "file:///a");
        assert_eq!(both("file:"), "file://");
        assert_eq!(both("file://localhost/a"), "file:///a");
        assert_eq!(both("a://:1/x"), "a::1/x");
        assert_eq!(both("a://u@/x"), "a:u@/x");
        assert_eq!(both("a://@h:/x"), "a://h/x");
        assert_eq!(both("a://"), "a:");
        assert_eq!(both("a:b?'#'"), "a:b?'#'");
        assert_eq!(both("a:/b?'"), "a:/b?%27");
        assert_eq!(both("ftp://h:021/"), "ftp://h:021/");
    }

    #[test]
    fn ftp_base_merge_written_as_uri_ftp_merge_gives_it() {
        // Answers of uri 0.11.0 (Ruby 3.1.2) where the target equals the base.
        let resolved = |t: &str| Outcome::Resolved(t.into());
        let both = |base: &str, input: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            let written = ftp_object(&case, Outcome::Resolved("x:".into()));
            ftp_merge_typecode_raised(&case, written)
        };
        for (base, input, target) in [
            ("ftp:", "?", "ftp:/?"),
            ("ftp:", "/", "ftp:/%2F"),
            ("FTP://0", "/", "ftp://0/%2F"),
            ("ftp://0:", ".", "ftp://0/%2F"),
            ("ftp://[::]//", "?", "ftp://[::]/%2F?"),
            ("ftp://h/a?x", "?y#f", "ftp://h/a?y#f"),
            ("ftp://h/a;type=a", "?q", "ftp://h/a;type=a?q"),
            ("ftp://h/a/b;type=i", "b", "ftp://h/a/b;type=i"),
            ("ftp://h/a", "FTP://h/a", "ftp://h/a"),
            ("ftp://h/a", "../a", "ftp://h/a"),
            ("ftp://h//x", "?", "ftp://h/%2Fx?"),
            ("ftp://h/%2Fx", "./x", "ftp://h/%2Fx"),
        ] {
            assert_eq!(both(base, input), resolved(target), "{base} {input}");
        }
        // NoMethodError: the target differs from the base.
        for (base, input) in [
            ("ftp://H/a", "//h/a"),
            ("ftp://h/a", "//h:21/a"),
            ("ftp://h/a", "http://h/a"),
            ("ftp://h/a", "b"),
            ("ftp://h/a/b", "../c"),
        ] {
            assert!(
                matches!(both(base, input), Outcome::Invalid(_)),
                "{base} {input}"
            );
        }
        // Without the bug's rule, the merged object is written.
        let case = Request::Resolve {
            base: "ftp://h/a/b".into(),
            input: "c".into(),
            strict: true,
        };
        assert_eq!(
            ftp_object(&case, resolved("ftp://h/a/c")),
            resolved("ftp://h/a/c")
        );
        // Another base's case is not this rule's.
        let other = Request::Resolve {
            base: "a://h/a".into(),
            input: "b".into(),
            strict: true,
        };
        assert_eq!(
            ftp_merge_typecode_raised(&other, resolved("a://h/b")),
            resolved("a://h/b")
        );
    }

    #[test]
    fn mailto_objects_as_uri_mailto_reads_and_writes_them() {
        // Answers of uri 0.11.0 (Ruby 3.1.2).
        let parse = |input: &str| {
            let case = Request::Parse {
                input: input.into(),
                rule: None,
                zone_id: false,
            };
            mailto_object(&case, Outcome::invalid("kept".into()))
        };
        for refused in [
            "mailto:",
            "mailto:a",
            "mailto:/a",
            "mailto://h",
            "mailto:a@b,,c@d",
        ] {
            assert_eq!(
                parse(refused),
                Outcome::invalid("URI::InvalidComponentError".into()),
                "{refused}"
            );
        }
        for taken in [
            "mailto:?",
            "mailto:a@b",
            "mailto://h?x",
            "mailto:a@b,c@d;",
            "a:b",
        ] {
            assert_eq!(parse(taken), Outcome::invalid("kept".into()), "{taken}");
        }
        let resolve = |base: &str, input: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            mailto_object(&case, Outcome::Resolved("kept".into()))
        };
        let resolved = |t: &str| Outcome::Resolved(t.into());
        for (base, input, target) in [
            ("mailto:?", "/", "mailto:"),
            ("mailto://[::]?", "", "mailto:"),
            ("MaILTO:?", "", "mailto:"),
            ("mailto:a@b?x#g", "", "mailto:a@b?x#g"),
            ("mailto:a@b?x#g", "#f", "mailto:a@b?x#f"),
            ("mailto:a@b?x&&", "//h/p#f", "mailto:a@b?x#f"),
            ("a:/b", "MAILTO:a@b?&", "mailto:a@b"),
            ("mailto:?&a", "x", "mailto:?&a"),
            ("a:/b", "c", "kept"),
        ] {
            assert_eq!(resolve(base, input), resolved(target), "{base} {input}");
        }
        assert_eq!(
            resolve("mailto:a@b", "?q"),
            Outcome::invalid("URI::InvalidURIError".into())
        );
        assert_eq!(
            resolve("mailto:a", ""),
            Outcome::invalid("URI::InvalidComponentError".into())
        );
    }
}
