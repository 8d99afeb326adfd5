//! url 2.5.8's setters (`Url::set_host`, `Url::set_path`, `Url::set_query`,
//! `Url::set_fragment`), written from its source (src/lib.rs) over the URL Standard's record
//! (`crate::whatwg`), for the chains of its setter properties (`crate::diff::chains`).
//!
//! url's setters are its own API, not the Standard's (`url::quirks` is): `set_host` takes a
//! hostname (no port) and `None` removes the host, `set_path("")` leaves a non-special URL's
//! path empty. Each model here gives the argument the url adapter passes
//! (`crate::impls::url_adapter`'s `setter_calls`, a Rust `Debug` string) and the URL after the
//! call; a setter not modelled here gives `None`, and explains nothing.

use crate::whatwg::{self, Departures, Path, Url, encode_sets};

/// The argument the url adapter passes to `setter` when it takes the value of `source` (the
/// URL's own, or a donor's), or clears the query or fragment (`clearing`), and the URL `url`
/// becomes after the call; `None` for a setter not modelled.
pub(crate) fn setter(
    url: &Url,
    source: &Url,
    setter: &str,
    clearing: bool,
    departures: Departures,
) -> Option<(String, Url)> {
    match setter {
        "Url::set_host" => {
            // `source.has_authority().then(|| source.host_str().unwrap_or(""))`.
            let host = source.host.as_ref().map(ToString::to_string);
            Some((
                format!("{host:?}"),
                set_host(url, host.as_deref(), departures),
            ))
        }
        "Url::set_path" => {
            let path = source.serialize_path();
            Some((format!("{path:?}"), set_path(url, &path, departures)?))
        }
        "Url::set_query" => {
            let query = if clearing { None } else { source.query.clone() };
            Some((format!("{query:?}"), set_query(url, query.as_deref())))
        }
        "Url::set_fragment" => {
            let fragment = if clearing {
                None
            } else {
                source.fragment.clone()
            };
            Some((
                format!("{fragment:?}"),
                set_fragment(url, fragment.as_deref()),
            ))
        }
        _ => None,
    }
}

/// The href url writes for `after`, the URL a setter made of `before`: the Standard's
/// serialization, except that with `setters_keep_dot_prefix` the "/." before the path is
/// there exactly when `before`'s serialization had it (url writes it once, between the host
/// and the path, and no setter revisits it).
pub(crate) fn href_after(before: &Url, after: &Url, departures: Departures) -> String {
    if departures.setters_keep_dot_prefix {
        after.serialize_with_dot_prefix(before.has_dot_prefix())
    } else {
        after.serialize()
    }
}

/// `Url::set_host`: refused (nothing changes) on a URL with an opaque path; `Some(host)`
/// takes the text before a ":" (unless it is an IP literal), refuses an empty host in a
/// special URL (and, as it should, beside credentials or a port), parses it with the host
/// parser (special) or as an opaque host (a "file" URL's "localhost" is, as it should be, the
/// empty host), keeps the port, and refuses what does not parse; `None` removes the host (refused in
/// a special URL other than "file"; a "file" URL keeps an empty host; an empty path becomes
/// "/").
fn set_host(url: &Url, host: Option<&str>, departures: Departures) -> Url {
    let mut after = url.clone();
    if url.has_opaque_path() {
        return after;
    }
    let special = url.is_special();
    let file = url.scheme == "file";
    match host {
        Some(host) => {
            if host.is_empty() && special && !file {
                return after;
            }
            let text = if host.starts_with('[') && host.ends_with(']') {
                host
            } else {
                match host.find(':') {
                    Some(0) => return after,
                    Some(colon) => &host[..colon],
                    None => host,
                }
            };
            // url's `Host::parse` refuses an empty domain (a "file" URL's "" too). A URL with
            // credentials or a port cannot have an empty host: the Standard's host setter
            // changes nothing then (url sets it: `set_host_empty_beside_credentials_or_port`).
            if special && text.is_empty() {
                return after;
            }
            if text.is_empty()
                && (url.includes_credentials() || url.port.is_some())
                && !departures.set_host_empty_beside_credentials_or_port
            {
                return after;
            }
            match whatwg::host::parse_host(text, !special, departures) {
                // A file URL's "localhost" is the empty host, as the file host state makes it
                // (url keeps it: `set_host_file_localhost_kept`).
                Ok(whatwg::Host::Domain(domain))
                    if file
                        && domain == "localhost"
                        && !departures.set_host_file_localhost_kept =>
                {
                    after.host = Some(whatwg::Host::Empty);
                }
                Ok(parsed) => after.host = Some(parsed),
                Err(_) => return after,
            }
        }
        None => {
            if url.host.is_none() || (special && !file) {
                return after;
            }
            if let Path::Segments(segments) = &mut after.path
                && segments.is_empty()
            {
                segments.push(String::new());
            }
            if file {
                after.host = Some(whatwg::Host::Empty);
            } else {
                after.host = None;
                after.username.clear();
                after.password.clear();
            }
            after.port = None;
        }
    }
    after
}

/// `Url::set_path`: on a list path, the Standard's `pathname` setter (the path start state as
/// state override), except that "" leaves a non-special URL's path empty; an opaque path is
/// replaced by the value (a leading "/" written "%2F", tabs and newlines skipped, C0 controls
/// percent-encoded: src/parser.rs `parse_cannot_be_a_base_path`).
fn set_path(url: &Url, path: &str, departures: Departures) -> Option<Url> {
    if url.has_opaque_path() {
        let mut opaque = String::new();
        let rest = match path.strip_prefix('/') {
            Some(rest) => {
                opaque.push_str("%2F");
                rest
            }
            None => path,
        };
        for c in rest.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')) {
            encode_sets::utf8_percent_encode(c, &encode_sets::C0_CONTROL, &mut opaque);
        }
        let mut after = url.clone();
        after.path = Path::Opaque(opaque);
        return Some(after);
    }
    if path.is_empty() && !url.is_special() {
        let mut after = url.clone();
        after.path = Path::Segments(Vec::new());
        return Some(after);
    }
    Some(whatwg::set_pathname(url, path, departures))
}

/// `Url::set_query`: `None` removes the query (and then, without a fragment, an opaque
/// path's trailing spaces); `Some(query)` writes it without its leading and trailing tabs and
/// newlines, each code point percent-encoded by the (special-)query set.
fn set_query(url: &Url, query: Option<&str>) -> Url {
    let mut after = url.clone();
    match query {
        None => {
            after.query = None;
            strip_trailing_spaces_from_opaque_path(&mut after);
        }
        Some(query) => {
            let set = if url.is_special() {
                &encode_sets::SPECIAL_QUERY
            } else {
                &encode_sets::QUERY
            };
            let mut written = String::new();
            for c in query
                .trim_matches(['\t', '\n', '\r'])
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            {
                encode_sets::utf8_percent_encode(c, set, &mut written);
            }
            after.query = Some(written);
        }
    }
    after
}

/// `Url::set_fragment`: `None` removes the fragment (and then, without a query, an opaque
/// path's trailing spaces); `Some(fragment)` writes it, each code point but a tab or newline
/// percent-encoded by the fragment set.
fn set_fragment(url: &Url, fragment: Option<&str>) -> Url {
    let mut after = url.clone();
    match fragment {
        None => {
            after.fragment = None;
            strip_trailing_spaces_from_opaque_path(&mut after);
        }
        Some(fragment) => {
            let mut written = String::new();
            for c in fragment
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            {
                encode_sets::utf8_percent_encode(c, &encode_sets::FRAGMENT, &mut written);
            }
            after.fragment = Some(written);
        }
    }
    after
}

/// The Standard's "potentially strip trailing spaces from an opaque path": an opaque path
/// loses its trailing spaces when the URL has neither fragment nor query.
fn strip_trailing_spaces_from_opaque_path(url: &mut Url) {
    if url.fragment.is_some() || url.query.is_some() {
        return;
    }
    if let Path::Opaque(path) = &mut url.path {
        let kept = path.trim_end_matches(' ').len();
        path.truncate(kept);
    }
}

/// `Url::make_relative` (src/lib.rs) of `url` against `base`, written from url's source on
/// the Standard's records, as it should be unless `departures` say otherwise: nothing for a
/// base with an opaque path or another scheme, host or port; otherwise the base's directory
/// left with one ".." per segment it has beyond the two paths' common prefix, the rest of the
/// URL's directory, and its file name where the two differ ("/" for a directory), then the
/// URL's query and fragment. As it should be, a first segment holding a ":" is written after
/// "./" (`make_relative_colon_segment_bare`: url writes it as it is), an empty path against a
/// base whose path is not empty has no relative form (`make_relative_empty_path_as_slash`: url
/// reads it as "/"), and neither has a file URL whose base's first segment, a normalized
/// Windows drive letter, would need a ".." (`make_relative_climbs_past_drive_letter`: url
/// writes the "..", which a file URL's path never obeys above a drive letter).
pub(crate) fn make_relative(base: &Url, url: &Url, departures: Departures) -> Option<String> {
    if base.has_opaque_path() {
        return None;
    }
    if base.scheme != url.scheme || base.host != url.host || base.port != url.port {
        return None;
    }
    let (base_full, url_full) = (base.serialize_path(), url.serialize_path());
    if url_full.is_empty() && !base_full.is_empty() && !departures.make_relative_empty_path_as_slash
    {
        return None;
    }
    // "Extract the filename of both URIs": the text before and after the last "/".
    fn path_and_filename(path: &str) -> (&str, &str) {
        let last_slash = path.rfind('/').unwrap_or(0);
        let (path, filename) = path.split_at(last_slash);
        (path, filename.strip_prefix('/').unwrap_or(filename))
    }
    let (base_path, base_filename) = path_and_filename(&base_full);
    let (url_path, url_filename) = path_and_filename(&url_full);
    let base_segments: Vec<&str> = base_path.split('/').collect();
    let url_segments: Vec<&str> = url_path.split('/').collect();
    let common = base_segments
        .iter()
        .zip(&url_segments)
        .take_while(|(a, b)| a == b)
        .count();
    let mut relative = String::new();
    for (i, segment) in base_segments[common..].iter().enumerate() {
        // "Skip empty last segments".
        if segment.is_empty() {
            break;
        }
        let drive_letter = url.scheme == "file"
            && common + i == 1
            && segment.len() == 2
            && segment.as_bytes()[0].is_ascii_alphabetic()
            && segment.as_bytes()[1] == b':';
        if drive_letter && !departures.make_relative_climbs_past_drive_letter {
            return None;
        }
        if !relative.is_empty() {
            relative.push('/');
        }
        relative.push_str("..");
    }
    for segment in &url_segments[common.min(url_segments.len())..] {
        if !relative.is_empty() {
            relative.push('/');
        }
        relative.push_str(segment);
    }
    if !relative.is_empty() || base_filename != url_filename {
        if url_filename.is_empty() {
            relative.push('/');
        } else {
            if !relative.is_empty() {
                relative.push('/');
            }
            relative.push_str(url_filename);
        }
    }
    let first = relative.split('/').next().unwrap_or("");
    if first.contains(':') && !departures.make_relative_colon_segment_bare {
        relative.insert_str(0, "./");
    }
    if let Some(query) = &url.query {
        relative.push('?');
        relative.push_str(query);
    }
    if let Some(fragment) = &url.fragment {
        relative.push('#');
        relative.push_str(fragment);
    }
    Some(relative)
}
