//! The basic URL parser, the URL Standard §4.4 URL parsing
//! (<https://url.spec.whatwg.org/#concept-basic-url-parser>), with an optional base and no
//! state override, state by state.
//!
//! The input is a list of code points and `pointer` an index into it that may step back
//! before the start ("decrease pointer by 1" in the first state) and sits on the EOF code point
//! at the end, as in the Standard. Validation errors that do not fail are not recorded.

use super::Departures;
use super::encode_sets::{
    C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO, utf8_percent_encode,
};
use super::host::parse_host;
use super::record::{Path, Url, special_scheme_default_port};
use super::{Failure, Stop};

/// The states of the basic URL parser, named as the Standard names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// "A Windows drive letter is two code points, of which the first is an ASCII alpha and the
/// second is either U+003A (:) or U+007C (|)."
fn is_windows_drive_letter(s: &[char]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], ':' | '|')
}

/// "A normalized Windows drive letter is a Windows drive letter of which the second code point
/// is U+003A (:)."
fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let s: Vec<char> = s.chars().collect();
    is_windows_drive_letter(&s) && s[1] == ':'
}

/// "A string starts with a Windows drive letter if all of the following are true: its length
/// is greater than or equal to 2; its first two code points are a Windows drive letter; its
/// length is 2 or its third code point is U+002F (/), U+005C (\), U+003F (?), or U+0023 (#)."
fn starts_with_windows_drive_letter(s: &[char]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], '/' | '\\' | '?' | '#'))
}

/// "A single-dot URL path segment is a URL path segment that is "." or an ASCII
/// case-insensitive match for "%2e"."
fn is_single_dot(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// "A double-dot URL path segment is a URL path segment that is ".." or an ASCII
/// case-insensitive match for ".%2e", "%2e.", or "%2e%2e"."
fn is_double_dot(segment: &str) -> bool {
    segment == ".."
        || segment.eq_ignore_ascii_case(".%2e")
        || segment.eq_ignore_ascii_case("%2e.")
        || segment.eq_ignore_ascii_case("%2e%2e")
}

/// "To shorten a url's path": remove its last item, except the lone normalized Windows drive
/// letter of a "file" URL.
fn shorten_path(url: &mut Url) {
    // 1. Assert: url does not have an opaque path.
    let Path::Segments(path) = &mut url.path else {
        unreachable!("shorten a URL's path: the URL has an opaque path");
    };
    // 3. If url's scheme is "file", path's size is 1, and path[0] is a normalized Windows
    // drive letter, then return.
    if url.scheme == "file" && path.len() == 1 && is_normalized_windows_drive_letter(&path[0]) {
        return;
    }
    // 4. Remove path's last item, if any.
    path.pop();
}

/// The path segments of a URL that has no opaque path.
fn segments(url: &mut Url) -> &mut Vec<String> {
    match &mut url.path {
        Path::Segments(segments) => segments,
        Path::Opaque(_) => unreachable!("the path states run only on a list path"),
    }
}

/// Runs the basic URL parser on `input` with an optional `base`, with the departures from the
/// current text given (none for the Standard itself).
pub(crate) fn parse(input: &str, base: Option<&Url>, departures: Departures) -> Result<Url, Stop> {
    run(input, base, departures, None)
}

/// The `pathname` setter: "If this's URL has an opaque path, then return. Empty this's URL's
/// path. Basic URL parse the given value with this's URL as url and path start state as state
/// override" (<https://url.spec.whatwg.org/#dom-url-pathname>), with `departures`.
pub fn set_pathname(url: &Url, value: &str, departures: Departures) -> Url {
    if url.has_opaque_path() {
        return url.clone();
    }
    let mut emptied = url.clone();
    emptied.path = Path::Segments(Vec::new());
    // With a state override the path states never fail.
    run(value, None, departures, Some(emptied)).unwrap_or_else(|_| url.clone())
}

/// The basic URL parser; `given` is the URL it is given with the path start state as state
/// override (the only override the model runs), `None` for a new URL from the scheme start
/// state.
fn run(
    input: &str,
    base: Option<&Url>,
    departures: Departures,
    given: Option<Url>,
) -> Result<Url, Stop> {
    let state_override = given.is_some();
    let mut url = given.unwrap_or_else(Url::new);
    // 1. If url is not given: ... Remove any leading and trailing C0 control or space from
    // input.
    let input = if state_override {
        input
    } else {
        input.trim_matches(|c: char| c <= ' ')
    };
    // 2. Remove all ASCII tab or newline from input. (For a departure: which code points had
    // one or more of them just before.)
    let mut after_break: Vec<bool> = Vec::with_capacity(input.len());
    let mut broken = false;
    let input: Vec<char> = input
        .chars()
        .filter(|&c| {
            let kept = !matches!(c, '\t' | '\n' | '\r');
            if kept {
                after_break.push(broken);
            }
            broken = !kept;
            kept
        })
        .collect();
    // 3. Let state be state override if given, or scheme start state otherwise.
    let mut state = if state_override {
        State::PathStart
    } else {
        State::SchemeStart
    };
    // 5-7. buffer, atSignSeen, insideBrackets, passwordTokenSeen, pointer.
    let mut buffer = String::new();
    let mut at_sign_seen = false;
    let mut inside_brackets = false;
    let mut password_token_seen = false;
    // (For departures: whether url's host was written by the file host state; whether the
    // path holds, first, the empty segment url reads after an empty file host; whether the
    // buffer is the rest of a first segment split after a drive letter at a tab.)
    let mut host_from_file_host_state = false;
    let mut segment_down = false;
    let mut split_rest = false;
    // (And whether the buffer goes on the path's last segment, a drive letter a file base's
    // shortening kept.)
    let mut onto_drive_letter = false;
    let mut pointer: isize = 0;
    let len = input.len() as isize;

    // 8. Keep running the following state machine by switching on state. If after a run
    // pointer points to the EOF code point, go to the next step. Otherwise, increase pointer
    // by 1 and continue with the state machine.
    loop {
        // c: the code point pointer points to; None is the EOF code point.
        let c = usize::try_from(pointer)
            .ok()
            .and_then(|p| input.get(p).copied());
        // remaining: the code points after pointer.
        let remaining = |pointer: isize| -> &[char] {
            let start = usize::try_from(pointer + 1).unwrap_or(0).min(input.len());
            &input[start..]
        };
        let special = url.is_special();
        match state {
            // https://url.spec.whatwg.org/#scheme-start-state
            State::SchemeStart => match c {
                // 1. If c is an ASCII alpha, append c, lowercased, to buffer, and set state to
                // scheme state.
                Some(c) if c.is_ascii_alphabetic() => {
                    buffer.push(c.to_ascii_lowercase());
                    state = State::Scheme;
                }
                // 2. Otherwise, if state override is not given, set state to no scheme state
                // and decrease pointer by 1.
                _ => {
                    state = State::NoScheme;
                    pointer -= 1;
                }
            },
            // https://url.spec.whatwg.org/#scheme-state
            State::Scheme => match c {
                // 1. If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.),
                // append c, lowercased, to buffer.
                Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {
                    buffer.push(c.to_ascii_lowercase());
                }
                // 2. Otherwise, if c is U+003A (:), then:
                Some(':') => {
                    // 2. Set url's scheme to buffer. 4. Set buffer to the empty string.
                    url.scheme = std::mem::take(&mut buffer);
                    let special = url.is_special();
                    if url.scheme == "file" {
                        // 5. If url's scheme is "file", then: set state to file state.
                        state = State::File;
                    } else if special && base.is_some_and(|base| base.scheme == url.scheme) {
                        // 6. Otherwise, if url is special, base is non-null, and base's scheme
                        // is url's scheme: set state to special relative or authority state.
                        state = State::SpecialRelativeOrAuthority;
                    } else if special {
                        // 7. Otherwise, if url is special, set state to special authority
                        // slashes state.
                        state = State::SpecialAuthoritySlashes;
                    } else if remaining(pointer).first() == Some(&'/') {
                        // 8. Otherwise, if remaining starts with an U+002F (/), set state to
                        // path or authority state and increase pointer by 1.
                        state = State::PathOrAuthority;
                        pointer += 1;
                    } else {
                        // 9. Otherwise, set url's path to the empty string and set state to
                        // opaque path state.
                        url.path = Path::Opaque(String::new());
                        state = State::OpaquePath;
                    }
                }
                // 3. Otherwise, if state override is not given, set buffer to the empty
                // string, state to no scheme state, and start over (from the first code point
                // in input).
                _ => {
                    buffer.clear();
                    state = State::NoScheme;
                    pointer = -1;
                }
            },
            // https://url.spec.whatwg.org/#no-scheme-state
            State::NoScheme => match base {
                // 1. If base is null, or base has an opaque path and c is not U+0023 (#),
                // missing-scheme-non-relative-URL validation error, return failure.
                None => {
                    return Err(Failure::stop("missing-scheme-non-relative-URL", ""));
                }
                Some(base) if base.has_opaque_path() && c != Some('#') => {
                    return Err(Failure::stop(
                        "missing-scheme-non-relative-URL",
                        &base.serialize(),
                    ));
                }
                // 2. Otherwise, if base has an opaque path and c is U+0023 (#), set url's
                // scheme to base's scheme, url's path to base's path, url's query to base's
                // query, url's fragment to the empty string, and set state to fragment state.
                Some(base) if base.has_opaque_path() => {
                    url.scheme = base.scheme.clone();
                    url.path = base.path.clone();
                    url.query = base.query.clone();
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                }
                // 3. Otherwise, if base's scheme is not "file", set state to relative state
                // and decrease pointer by 1.
                Some(base) if base.scheme != "file" => {
                    state = State::Relative;
                    pointer -= 1;
                }
                // 4. Otherwise, set state to file state and decrease pointer by 1.
                Some(_) => {
                    state = State::File;
                    pointer -= 1;
                }
            },
            // https://url.spec.whatwg.org/#special-relative-or-authority-state
            State::SpecialRelativeOrAuthority => {
                if c == Some('/') && remaining(pointer).first() == Some(&'/') {
                    // 1. If c is U+002F (/) and remaining starts with U+002F (/), then set
                    // state to special authority ignore slashes state and increase pointer by 1.
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer += 1;
                } else {
                    // 2. Otherwise, special-scheme-missing-following-solidus validation error,
                    // set state to relative state and decrease pointer by 1.
                    state = State::Relative;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#path-or-authority-state
            State::PathOrAuthority => {
                if c == Some('/') {
                    // 1. If c is U+002F (/), then set state to authority state.
                    state = State::Authority;
                } else {
                    // 2. Otherwise, set state to path state, and decrease pointer by 1.
                    state = State::Path;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#relative-state
            State::Relative => {
                let base = base.expect("the relative state is entered with a base");
                // 1. Assert: base's scheme is not "file". 2. Set url's scheme to base's scheme.
                url.scheme = base.scheme.clone();
                let special = url.is_special();
                if c == Some('/') {
                    // 3. If c is U+002F (/), then set state to relative slash state.
                    state = State::RelativeSlash;
                } else if (special || departures.backslash_as_slash_in_non_special)
                    && c == Some('\\')
                {
                    // 4. Otherwise, if url is special and c is U+005C (\),
                    // invalid-reverse-solidus validation error, set state to relative slash
                    // state. (url 2.5.8: in any URL.)
                    state = State::RelativeSlash;
                } else {
                    // 5. Otherwise: set url's username to base's username, url's password to
                    // base's password, url's host to base's host, url's port to base's port,
                    // url's path to a clone of base's path, and url's query to base's query.
                    url.username = base.username.clone();
                    url.password = base.password.clone();
                    url.host = base.host.clone();
                    url.port = base.port;
                    url.path = base.path.clone();
                    url.query = base.query.clone();
                    match c {
                        // 2. If c is U+003F (?), then set url's query to the empty string, and
                        // state to query state.
                        Some('?') => {
                            url.query = Some(String::new());
                            state = State::Query;
                        }
                        // 3. Otherwise, if c is U+0023 (#), set url's fragment to the empty
                        // string and state to fragment state.
                        Some('#') => {
                            url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                        // 4. Otherwise, if c is not the EOF code point: set url's query to
                        // null, shorten url's path, set state to path state and decrease
                        // pointer by 1.
                        Some(_) => {
                            url.query = None;
                            shorten_path(&mut url);
                            state = State::Path;
                            pointer -= 1;
                        }
                        None => {}
                    }
                }
            }
            // https://url.spec.whatwg.org/#relative-slash-state
            State::RelativeSlash => {
                let previous = usize::try_from(pointer - 1)
                    .ok()
                    .and_then(|p| input.get(p).copied());
                if departures.special_relative_skips_two_slashes
                    && special
                    && c == Some('/')
                    && previous == Some('/')
                {
                    // The departure: a reference that starts with "//" goes to the authority
                    // state after those two, so a third "/" leaves the host empty.
                    state = State::Authority;
                } else if special && matches!(c, Some('/' | '\\')) {
                    // 1. If url is special and c is U+002F (/) or U+005C (\), then: set state
                    // to special authority ignore slashes state.
                    state = State::SpecialAuthorityIgnoreSlashes;
                } else if departures.backslash_as_slash_in_non_special
                    && matches!(c, Some('/' | '\\'))
                    && !(c == Some('/') && previous == Some('/'))
                {
                    // The departure: two or more of "/" and "\\" that are not "//" start an
                    // authority after all of them (url 2.5.8's `parse_relative`).
                    state = State::SpecialAuthorityIgnoreSlashes;
                } else if c == Some('/') {
                    // 2. Otherwise, if c is U+002F (/), then set state to authority state.
                    state = State::Authority;
                } else {
                    // 3. Otherwise, set url's username to base's username, url's password to
                    // base's password, url's host to base's host, url's port to base's port,
                    // state to path state, and then, decrease pointer by 1.
                    let base = base.expect("the relative slash state is entered with a base");
                    url.username = base.username.clone();
                    url.password = base.password.clone();
                    url.host = base.host.clone();
                    url.port = base.port;
                    state = State::Path;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#special-authority-slashes-state
            State::SpecialAuthoritySlashes => {
                if c == Some('/') && remaining(pointer).first() == Some(&'/') {
                    // 1. If c is U+002F (/) and remaining starts with U+002F (/), then set
                    // state to special authority ignore slashes state and increase pointer by 1.
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer += 1;
                } else {
                    // 2. Otherwise, special-scheme-missing-following-solidus validation error,
                    // set state to special authority ignore slashes state and decrease pointer
                    // by 1.
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
            State::SpecialAuthorityIgnoreSlashes => {
                // 1. If c is neither U+002F (/) nor U+005C (\), then set state to authority
                // state and decrease pointer by 1.
                // 2. Otherwise, special-scheme-missing-following-solidus validation error.
                if !matches!(c, Some('/' | '\\')) {
                    state = State::Authority;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#authority-state
            State::Authority => {
                if c == Some('@') {
                    // 1. If c is U+0040 (@), then:
                    // 2. If atSignSeen is true, then prepend "%40" to buffer.
                    if at_sign_seen {
                        buffer.insert_str(0, "%40");
                    }
                    // 3. Set atSignSeen to true.
                    at_sign_seen = true;
                    // 4. For each codePoint in buffer: the first ":" starts the password;
                    // every other code point is UTF-8 percent-encoded using the userinfo
                    // percent-encode set and appended to the username, or to the password
                    // once passwordTokenSeen is true.
                    let read: Vec<char> = if departures.userinfo_code_units_by_code_point_count {
                        code_units_by_code_point_count(&buffer)
                    } else {
                        buffer.chars().collect()
                    };
                    for code_point in read {
                        if code_point == ':' && !password_token_seen {
                            password_token_seen = true;
                            continue;
                        }
                        let target = if password_token_seen {
                            &mut url.password
                        } else {
                            &mut url.username
                        };
                        utf8_percent_encode(code_point, &USERINFO, target);
                    }
                    // 5. Set buffer to the empty string.
                    buffer.clear();
                } else if matches!(c, None | Some('/' | '?' | '#')) || (special && c == Some('\\'))
                {
                    // 2. Otherwise, if one of the following is true: c is the EOF code point,
                    // U+002F (/), U+003F (?), or U+0023 (#); url is special and c is U+005C
                    // (\); then:
                    // 1. If atSignSeen is true and buffer is the empty string, host-missing
                    // validation error, return failure.
                    // (url 2.5.8 accepts a non-special URL whose userinfo wrote nothing: ""
                    // at the end of the input, or ":".)
                    let nothing_written = departures.empty_userinfo_empty_host_accepted
                        && !special
                        && url.username.is_empty()
                        && url.password.is_empty()
                        && (password_token_seen || c.is_none());
                    if at_sign_seen && buffer.is_empty() && !nothing_written {
                        return Err(Failure::stop("host-missing", &url.scheme));
                    }
                    // 2. Decrease pointer by buffer's code point length + 1, set buffer to
                    // the empty string, and set state to host state.
                    pointer -= buffer.chars().count() as isize + 1;
                    buffer.clear();
                    state = State::Host;
                } else if let Some(c) = c {
                    // 3. Otherwise, append c to buffer.
                    buffer.push(c);
                }
            }
            // https://url.spec.whatwg.org/#host-state
            State::Host => {
                if c == Some(':') && !inside_brackets {
                    // 2. Otherwise, if c is U+003A (:) and insideBrackets is false, then:
                    // 1. If buffer is the empty string, host-missing validation error, return
                    // failure.
                    if buffer.is_empty() {
                        return Err(Failure::stop("host-missing", ":"));
                    }
                    // 3. Let host be the result of host parsing buffer with url is not
                    // special. 4. If host is failure, then return failure.
                    // 5. Set url's host to host, buffer to the empty string, and state to
                    // port state.
                    url.host = Some(parse_host(&buffer, !special, departures)?);
                    buffer.clear();
                    state = State::Port;
                } else if matches!(c, None | Some('/' | '?' | '#')) || (special && c == Some('\\'))
                {
                    // 3. Otherwise, if one of the following is true: c is the EOF code point,
                    // U+002F (/), U+003F (?), or U+0023 (#); url is special and c is U+005C
                    // (\); then decrease pointer by 1, and then:
                    pointer -= 1;
                    // 1. If url is special and buffer is the empty string, host-missing
                    // validation error, return failure.
                    if special && buffer.is_empty() {
                        return Err(Failure::stop("host-missing", &url.scheme));
                    }
                    // 3. Let host be the result of host parsing buffer with url is not
                    // special. 4. If host is failure, then return failure.
                    // 5. Set url's host to host, buffer to the empty string, and state to path
                    // start state.
                    url.host = Some(parse_host(&buffer, !special, departures)?);
                    buffer.clear();
                    state = State::PathStart;
                } else if let Some(c) = c {
                    // 4. Otherwise: 1. If c is U+005B ([), then set insideBrackets to true.
                    // 2. If c is U+005D (]), then set insideBrackets to false. 3. Append c to
                    // buffer.
                    if c == '[' {
                        inside_brackets = true;
                    }
                    if c == ']' {
                        inside_brackets = false;
                    }
                    buffer.push(c);
                }
            }
            // https://url.spec.whatwg.org/#port-state
            State::Port => {
                if let Some(digit) = c.filter(char::is_ascii_digit) {
                    // 1. If c is an ASCII digit, append c to buffer.
                    buffer.push(digit);
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || ((special || departures.backslash_as_slash_in_non_special)
                        && c == Some('\\'))
                {
                    // 2. Otherwise, if one of the following is true: c is the EOF code point,
                    // U+002F (/), U+003F (?), or U+0023 (#); url is special and c is U+005C
                    // (\); then:
                    if !buffer.is_empty() {
                        // 1. If buffer is not the empty string: let port be the mathematical
                        // integer value that is represented by buffer in radix-10 using ASCII
                        // digits for digits with values 0 through 9. If port is greater than
                        // 2^16 − 1, port-out-of-range validation error, return failure.
                        let digits = buffer.trim_start_matches('0');
                        let port = if digits.len() > 5 {
                            None
                        } else {
                            digits.parse::<u32>().ok().or(Some(0))
                        };
                        let Some(port) = port.and_then(|p| u16::try_from(p).ok()) else {
                            return Err(Failure::stop("port-out-of-range", &buffer));
                        };
                        // Set url's port to null, if port is url's scheme's default port;
                        // otherwise to port. Set buffer to the empty string.
                        url.port = if special_scheme_default_port(&url.scheme) == Some(Some(port)) {
                            None
                        } else {
                            Some(port)
                        };
                        buffer.clear();
                    }
                    // 3. Set state to path start state and decrease pointer by 1.
                    state = State::PathStart;
                    pointer -= 1;
                } else {
                    // 3. Otherwise, port-invalid validation error, return failure.
                    let rest: String = remaining(pointer - 1).iter().collect();
                    return Err(Failure::stop("port-invalid", &rest));
                }
            }
            // https://url.spec.whatwg.org/#file-state
            State::File => {
                // 1. Set url's scheme to "file". 2. Set url's host to the empty string.
                url.scheme = "file".to_owned();
                url.host = Some(super::host::Host::Empty);
                if matches!(c, Some('/' | '\\')) {
                    // 3. If c is U+002F (/) or U+005C (\), then: set state to file slash state.
                    state = State::FileSlash;
                } else if let Some(base) = base.filter(|base| base.scheme == "file") {
                    // 4. Otherwise, if base is non-null and base's scheme is "file": set url's
                    // host to base's host, url's path to a clone of base's path, and url's
                    // query to base's query.
                    url.host = base.host.clone();
                    url.path = base.path.clone();
                    url.query = base.query.clone();
                    match c {
                        // 2. If c is U+003F (?), then set url's query to the empty string and
                        // state to query state.
                        Some('?') => {
                            url.query = Some(String::new());
                            state = State::Query;
                        }
                        // 3. Otherwise, if c is U+0023 (#), set url's fragment to the empty
                        // string and state to fragment state.
                        Some('#') => {
                            url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                        // 4. Otherwise, if c is not the EOF code point:
                        Some(_) => {
                            // 1. Set url's query to null.
                            url.query = None;
                            // 2. If the code point substring from pointer to the end of input
                            // does not start with a Windows drive letter, then shorten url's
                            // path. 3. Otherwise: set url's path to « ».
                            let from_pointer = &input[pointer as usize..];
                            // (url 2.5.8: a last segment that is a normalized drive letter is
                            // never removed from a file path, and what comes next is written
                            // onto it.)
                            let keeps_drive_letter = departures.drive_letter_never_shortened
                                && matches!(&url.path, Path::Segments(path) if path.len() > 1
                                && path.last().is_some_and(|last| {
                                    is_normalized_windows_drive_letter(last)
                                }));
                            if keeps_drive_letter && !starts_with_windows_drive_letter(from_pointer)
                            {
                                onto_drive_letter = true;
                            } else if !starts_with_windows_drive_letter(from_pointer) {
                                shorten_path(&mut url);
                            } else {
                                url.path = Path::Segments(Vec::new());
                                // (url 2.5.8, the older text: the base's host is taken only
                                // when the rest does not start with a drive letter.)
                                if departures.file_drive_letter_drops_host {
                                    url.host = Some(super::host::Host::Empty);
                                }
                            }
                            // 4. Set state to path state and decrease pointer by 1.
                            state = State::Path;
                            pointer -= 1;
                        }
                        None => {}
                    }
                } else {
                    // 5. Otherwise, set state to path state, and decrease pointer by 1.
                    state = State::Path;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#file-slash-state
            State::FileSlash => {
                if matches!(c, Some('/' | '\\')) {
                    // 1. If c is U+002F (/) or U+005C (\), then: set state to file host state.
                    state = State::FileHost;
                } else {
                    // 2. Otherwise: 1. If base is non-null and base's scheme is "file", then:
                    if let Some(base) = base.filter(|base| base.scheme == "file") {
                        let from_pointer = &input[pointer.max(0) as usize..];
                        // 1. Set url's host to base's host. (url 2.5.8, the older text: not
                        // when the rest starts with a Windows drive letter.)
                        if !(departures.file_drive_letter_drops_host
                            && starts_with_windows_drive_letter(from_pointer))
                        {
                            url.host = base.host.clone();
                        }
                        // 2. If the code point substring from pointer to the end of input
                        // does not start with a Windows drive letter and base's path[0] is a
                        // normalized Windows drive letter, then append base's path[0] to
                        // url's path.
                        if let Path::Segments(base_path) = &base.path {
                            if !starts_with_windows_drive_letter(from_pointer)
                                && base_path
                                    .first()
                                    .is_some_and(|first| is_normalized_windows_drive_letter(first))
                            {
                                segments(&mut url).push(base_path[0].clone());
                            }
                        }
                    }
                    // 2. Set state to path state, and decrease pointer by 1.
                    state = State::Path;
                    pointer -= 1;
                }
            }
            // https://url.spec.whatwg.org/#file-host-state
            State::FileHost => {
                if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                    // 1. If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?), or
                    // U+0023 (#), then decrease pointer by 1 and then:
                    pointer -= 1;
                    let buffer_chars: Vec<char> = buffer.chars().collect();
                    if is_windows_drive_letter(&buffer_chars) {
                        // 1. If state override is not given and buffer is a Windows drive
                        // letter, file-invalid-Windows-drive-letter-host validation error, set
                        // state to path state. (buffer is kept: the path state appends it.)
                        state = State::Path;
                    } else if buffer.is_empty() {
                        // 2. Otherwise, if buffer is the empty string, then: set url's host to
                        // the empty string; set state to path start state.
                        url.host = Some(super::host::Host::Empty);
                        state = State::PathStart;
                        // (url 2.5.8: the path read one segment down.)
                        if departures.file_empty_host_path_one_segment_down {
                            segments(&mut url).push(String::new());
                            segment_down = true;
                        }
                    } else {
                        // 3. Otherwise, run these steps: let host be the result of host
                        // parsing buffer with url is not special; if host is failure, then
                        // return failure; if host is "localhost", then set host to the empty
                        // string; set url's host to host; set buffer to the empty string and
                        // state to path start state.
                        let mut host = parse_host(&buffer, !special, departures)?;
                        if host == super::host::Host::Domain("localhost".to_owned()) {
                            host = super::host::Host::Empty;
                            // (url 2.5.8: the path read one segment down.)
                            if departures.file_empty_host_path_one_segment_down {
                                segments(&mut url).push(String::new());
                                segment_down = true;
                            }
                        }
                        url.host = Some(host);
                        host_from_file_host_state = true;
                        buffer.clear();
                        state = State::PathStart;
                    }
                } else if let Some(c) = c {
                    // 2. Otherwise, append c to buffer.
                    buffer.push(c);
                }
            }
            // https://url.spec.whatwg.org/#path-start-state
            State::PathStart => {
                if special {
                    // 1. If url is special, then: set state to path state; if c is neither
                    // U+002F (/) nor U+005C (\), then decrease pointer by 1.
                    state = State::Path;
                    if !matches!(c, Some('/' | '\\')) {
                        pointer -= 1;
                    }
                } else if !state_override && c == Some('?') {
                    // 2. Otherwise, if state override is not given and c is U+003F (?), set
                    // url's query to the empty string and state to query state.
                    url.query = Some(String::new());
                    state = State::Query;
                } else if !state_override && c == Some('#') {
                    // 3. Otherwise, if state override is not given and c is U+0023 (#), set
                    // url's fragment to the empty string and state to fragment state.
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if c.is_some() {
                    // 4. Otherwise, if c is not the EOF code point: set state to path state;
                    // if c is not U+002F (/), then decrease pointer by 1.
                    state = State::Path;
                    if c != Some('/') {
                        pointer -= 1;
                    }
                } else if state_override && url.host.is_none() {
                    // 5. Otherwise, if state override is given and url's host is null, append
                    // the empty string to url's path.
                    segments(&mut url).push(String::new());
                }
            }
            // https://url.spec.whatwg.org/#path-state
            State::Path => {
                let slash = c == Some('/') || (special && c == Some('\\'));
                if c.is_none() || slash || (!state_override && matches!(c, Some('?' | '#'))) {
                    // 1. If one of the following is true: c is the EOF code point or U+002F
                    // (/); url is special and c is U+005C (\); state override is not given
                    // and c is U+003F (?) or U+0023 (#); then:
                    if onto_drive_letter {
                        // (url 2.5.8: the first segment after a drive letter a file base kept
                        // is written onto it; ".." leaves the drive letter as it is, "." a "/"
                        // after it.)
                        onto_drive_letter = false;
                        if is_double_dot(&buffer) {
                        } else if is_single_dot(&buffer) {
                            if !slash {
                                segments(&mut url).push(String::new());
                            }
                        } else if let Some(last) = segments(&mut url).last_mut() {
                            last.push_str(&buffer);
                        }
                    } else if split_rest {
                        // (url 2.5.8: the rest of a first segment split after its drive letter
                        // at a tab is appended as it is.)
                        segments(&mut url).push(std::mem::take(&mut buffer));
                        split_rest = false;
                    } else if is_double_dot(&buffer) {
                        // 2. If buffer is a double-dot URL path segment, then: shorten url's
                        // path; if neither c is U+002F (/), nor url is special and c is U+005C
                        // (\), append the empty string to url's path.
                        let keeps_drive_letter = departures.drive_letter_never_shortened
                            && segments(&mut url).last().is_some_and(|last| {
                                is_windows_drive_letter(&last.chars().collect::<Vec<char>>())
                            });
                        // (ada 2.9.2: nothing appended where nothing was removed from a
                        // non-special URL's path.)
                        let nothing_appended = departures.double_dot_on_empty_path_appends_nothing
                            && !special
                            && segments(&mut url).is_empty();
                        if !keeps_drive_letter {
                            shorten_path(&mut url);
                            // (The empty segment read after an empty file host is a segment
                            // like any other to "..".)
                            if segments(&mut url).is_empty() {
                                segment_down = false;
                            }
                        }
                        if !slash && !nothing_appended {
                            segments(&mut url).push(String::new());
                        }
                    } else if is_single_dot(&buffer) && !slash {
                        // 3. Otherwise, if buffer is a single-dot URL path segment and if
                        // neither c is U+002F (/), nor url is special and c is U+005C (\),
                        // append the empty string to url's path.
                        segments(&mut url).push(String::new());
                    } else if !is_single_dot(&buffer) {
                        // 4. Otherwise, if buffer is not a single-dot URL path segment, then:
                        // 1. If url's scheme is "file", url's path is empty, and buffer is a
                        // Windows drive letter, then replace the second code point in buffer
                        // with U+003A (:).
                        let buffer_chars: Vec<char> = buffer.chars().collect();
                        if url.scheme == "file"
                            && segments(&mut url).is_empty()
                            && is_windows_drive_letter(&buffer_chars)
                        {
                            buffer = format!("{}:", buffer_chars[0]);
                            // (url 2.5.8, the older text: "If url's host is neither the empty
                            // string nor null, validation error, set url's host to the empty
                            // string", where the host came from the file host state.)
                            if departures.file_drive_letter_drops_host && host_from_file_host_state
                            {
                                url.host = Some(super::host::Host::Empty);
                            }
                        }
                        // 2. Append buffer to url's path.
                        segments(&mut url).push(buffer.clone());
                    }
                    // 5. Set buffer to the empty string.
                    buffer.clear();
                    // (url 2.5.8: the empty segment read after an empty file host, still
                    // there once the path is written, is dropped.)
                    if segment_down && !slash {
                        segments(&mut url).remove(0);
                        segment_down = false;
                    }
                    // (url 2.5.8: a file URL's path, once written, loses its leading empty
                    // segments.)
                    if departures.file_path_leading_empty_segments_dropped
                        && url.scheme == "file"
                        && !slash
                    {
                        let path = segments(&mut url);
                        while path.len() > 1 && path[0].is_empty() {
                            path.remove(0);
                        }
                    }
                    match c {
                        // 6. If c is U+003F (?), then set url's query to the empty string and
                        // state to query state.
                        Some('?') => {
                            url.query = Some(String::new());
                            state = State::Query;
                        }
                        // 7. If c is U+0023 (#), then set url's fragment to the empty string
                        // and state to fragment state.
                        Some('#') => {
                            url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                        _ => {}
                    }
                } else if let Some(c) = c {
                    // (url 2.5.8: after a tab or newline, a first segment that is so far a
                    // normalized drive letter is split there.)
                    if departures.file_drive_letter_split_at_tab
                        && url.scheme == "file"
                        && after_break[pointer as usize]
                        && !split_rest
                        && segments(&mut url).is_empty()
                        && is_normalized_windows_drive_letter(&buffer)
                    {
                        segments(&mut url).push(std::mem::take(&mut buffer));
                        split_rest = true;
                    }
                    // 2. Otherwise, run these steps: UTF-8 percent-encode c using the path
                    // percent-encode set and append the result to buffer.
                    if departures.path_caret_not_encoded && c == '^' {
                        buffer.push(c);
                    } else {
                        utf8_percent_encode(c, &PATH, &mut buffer);
                    }
                }
            }
            // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
            State::OpaquePath => {
                let Path::Opaque(path) = &mut url.path else {
                    unreachable!("the opaque path state runs only on an opaque path");
                };
                match c {
                    // 1. If c is U+003F (?), then set url's query to the empty string and
                    // state to query state.
                    Some('?') => {
                        url.query = Some(String::new());
                        state = State::Query;
                    }
                    // 2. Otherwise, if c is U+0023 (#), then set url's fragment to the empty
                    // string and state to fragment state.
                    Some('#') => {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                    // 3. Otherwise, if c is U+0020 SPACE: if remaining starts with U+003F (?)
                    // or U+0023 (#), then append "%20" to url's path; otherwise, append U+0020
                    // SPACE to url's path.
                    Some(' ') => {
                        if !departures.opaque_path_space_kept
                            && matches!(remaining(pointer).first(), Some('?' | '#'))
                        {
                            path.push_str("%20");
                        } else {
                            path.push(' ');
                        }
                    }
                    // 4. Otherwise, if c is not the EOF code point: UTF-8 percent-encode c
                    // using the C0 control percent-encode set and append the result to url's
                    // path.
                    Some(c) => utf8_percent_encode(c, &C0_CONTROL, path),
                    None => {}
                }
            }
            // https://url.spec.whatwg.org/#query-state
            State::Query => {
                if matches!(c, None | Some('#')) {
                    // 2. If one of the following is true: state override is not given and c
                    // is U+0023 (#); c is the EOF code point; then:
                    // 1. Let queryPercentEncodeSet be the special-query percent-encode set if
                    // url is special; otherwise the query percent-encode set.
                    let set = if special { &SPECIAL_QUERY } else { &QUERY };
                    // 2. Percent-encode after encoding, with encoding, buffer, and
                    // queryPercentEncodeSet, and append the result to url's query. (The
                    // encoding is UTF-8, so this is UTF-8 percent-encoding each code point.)
                    let query = url.query.get_or_insert_with(String::new);
                    for code_point in buffer.chars() {
                        utf8_percent_encode(code_point, set, query);
                    }
                    // 3. Set buffer to the empty string.
                    buffer.clear();
                    // 4. If c is U+0023 (#), then set url's fragment to the empty string and
                    // state to fragment state.
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    // 3. Otherwise, if c is not the EOF code point: append c to buffer.
                    buffer.push(c);
                }
            }
            // https://url.spec.whatwg.org/#fragment-state
            State::Fragment => {
                // 1. If c is not the EOF code point: UTF-8 percent-encode c using the fragment
                // percent-encode set and append the result to url's fragment.
                if let Some(c) = c {
                    utf8_percent_encode(c, &FRAGMENT, url.fragment.get_or_insert_with(String::new));
                }
            }
        }
        if pointer >= len {
            break;
        }
        pointer += 1;
    }
    // 9. Return url.
    Ok(url)
}

/// `buffer` read as `for (pointer = 0; pointer < countSymbols(buffer); ++pointer)
/// buffer.codePointAt(pointer)` reads it (whatwg-url 16.0.1): UTF-16 code units indexed up to
/// the number of code points, a surrogate pair read whole where its high surrogate stands,
/// a low surrogate read alone as U+FFFD (what UTF-8 encoding makes of a lone surrogate).
fn code_units_by_code_point_count(buffer: &str) -> Vec<char> {
    let units: Vec<u16> = buffer.encode_utf16().collect();
    (0..buffer.chars().count())
        .map(|pointer| {
            char::decode_utf16(units[pointer..].iter().copied())
                .next()
                .and_then(Result::ok)
                .unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{Parsed, parse_with_base};

    /// The example table of §4.4 URL parsing: input, base, and the serialized output or
    /// failure (`None`).
    const STANDARD_EXAMPLES: &[(&str, Option<&str>, Option<&str>)] = &[
        ("https:example.org", None, Some("https://example.org/")),
        (
            "https://////example.com///",
            None,
            Some("https://example.com///"),
        ),
        (
            "https://example.com/././foo",
            None,
            Some("https://example.com/foo"),
        ),
        (
            "hello:world",
            Some("https://example.com/"),
            Some("hello:world"),
        ),
        (
            "https:example.org",
            Some("https://example.com/"),
            Some("https://example.com/example.org"),
        ),
        (
            r"\example\..\demo/.\",
            Some("https://example.com/"),
            Some("https://example.com/demo/"),
        ),
        (
            "example",
            Some("https://example.com/demo"),
            Some("https://example.com/example"),
        ),
        ("file:///C|/demo", None, Some("file:///C:/demo")),
        ("..", Some("file:///C:/demo"), Some("file:///C:/")),
        ("file://loc%61lhost/", None, Some("file:///")),
        (
            "https://user:password@example.org/",
            None,
            Some("https://user:password@example.org/"),
        ),
        (
            "https://example.org/foo bar",
            None,
            Some("https://example.org/foo%20bar"),
        ),
        (
            "https://EXAMPLE.com/../x",
            None,
            Some("https://example.com/x"),
        ),
        ("https://ex ample.org/", None, None),
        ("example", None, None),
        ("https://example.com:demo", None, None),
        ("http://[www.example.com]/", None, None),
        ("https://example.org//", None, Some("https://example.org//")),
        (
            "https://example.com/[]?[]#[]",
            None,
            Some("https://example.com/[]?[]#[]"),
        ),
        ("https://example/%?%#%", None, Some("https://example/%?%#%")),
        (
            "https://example/%25?%25#%25",
            None,
            Some("https://example/%25?%25#%25"),
        ),
    ];

    #[test]
    fn the_standards_examples() {
        for &(input, base, expected) in STANDARD_EXAMPLES {
            let got = match parse_with_base(input, base) {
                Parsed::Url(url) => Some(url.href()),
                Parsed::Failure(_) => None,
            };
            assert_eq!(got.as_deref(), expected, "{input:?} against {base:?}");
        }
    }

    #[test]
    fn failures_name_the_validation_error() {
        let error = |input: &str| match parse_with_base(input, None) {
            Parsed::Failure(failure) => failure.error,
            other => panic!("{input:?}: {other:?}"),
        };
        assert_eq!(error("example"), "missing-scheme-non-relative-URL");
        assert_eq!(error("https://example.com:demo"), "port-invalid");
        assert_eq!(error("http://a:65536/"), "port-out-of-range");
        assert_eq!(error("http://"), "host-missing");
        assert_eq!(error("sc://:@/"), "host-missing");
        assert_eq!(error("http://[::1/"), "IPv6-unclosed");
        assert_eq!(error("sc://a b/"), "host-invalid-code-point");
        assert_eq!(error("http://a%00b/"), "domain-invalid-code-point");
    }

    /// The href the Standard with `departures` gives `input` against `base`.
    fn departing(input: &str, base: Option<&str>, departures: super::Departures) -> String {
        let base = base.map(|b| super::parse(b, None, departures).expect("a base"));
        super::parse(input, base.as_ref(), departures)
            .map(|url| url.href())
            .unwrap_or_else(|stop| format!("failure {stop:?}"))
    }

    #[test]
    fn an_empty_file_host_reads_the_path_one_segment_down() {
        // url 2.5.8's answers (with its trim of leading empty segments, which drops the
        // segment read down and no other where there is none).
        let down = super::Departures {
            file_empty_host_path_one_segment_down: true,
            ..super::Departures::NONE
        };
        let url = super::Departures {
            file_path_leading_empty_segments_dropped: true,
            drive_letter_never_shortened: true,
            ..down
        };
        assert_eq!(departing("file:///w|/m", None, down), "file:///w|/m");
        assert_eq!(departing("file://localhost/C|", None, down), "file:///C|");
        assert_eq!(departing("file:///x/../C|", None, down), "file:///C|");
        // A ".." that takes the segment read down leaves the next one first.
        assert_eq!(departing("file:///x/../../C|", None, down), "file:///C:");
        assert_eq!(
            departing("file://localhost/C|/..", None, url),
            "file:///C|/"
        );
        assert_eq!(departing("file:////a|", None, url), "file:///a|");
        assert_eq!(departing("file:///", None, down), "file:///");
        // No file host state: the drive letter is first.
        assert_eq!(departing("file:/w|/m", None, down), "file:///w:/m");
        assert_eq!(
            departing("file:///w|/m", None, super::Departures::NONE),
            "file:///w:/m"
        );
    }

    #[test]
    fn a_tab_after_a_first_drive_letter_splits_the_segment() {
        let split = super::Departures {
            file_drive_letter_split_at_tab: true,
            ..super::Departures::NONE
        };
        assert_eq!(departing("file://h/c:\tx", None, split), "file://h/c:/x");
        assert_eq!(departing("file:/c:\tx", None, split), "file:///c:/x");
        // The rest is never a dot-segment.
        assert_eq!(
            departing("file://h/c:\t../y", None, split),
            "file://h/c:/../y"
        );
        assert_eq!(departing("/a:\ta", Some("file:"), split), "file:///a:/a");
        // Not after "c|", nor in a later segment, nor without the tab.
        assert_eq!(departing("file://h/c|\tx", None, split), "file://h/c|x");
        assert_eq!(departing("file://h/x/c:\tx", None, split), "file://h/x/c:x");
        assert_eq!(departing("file://h/c:x", None, split), "file://h/c:x");
        // After an empty file host url reads the path one segment down: no first segment.
        let url = super::Departures {
            file_empty_host_path_one_segment_down: true,
            ..split
        };
        assert_eq!(departing("file:///c:\tx", None, url), "file:///c:x");
        assert_eq!(
            departing("file://h/c:\tx", None, super::Departures::NONE),
            "file://h/c:x"
        );
    }

    #[test]
    fn a_drive_letter_against_a_file_base_drops_its_host_in_the_older_text() {
        let drops = super::Departures {
            file_drive_letter_drops_host: true,
            ..super::Departures::NONE
        };
        assert_eq!(departing("a|", Some("file://0"), drops), "file:///a:");
        assert_eq!(departing("C|/y", Some("file://h/d"), drops), "file:///C:/y");
        assert_eq!(
            departing("a|", Some("file://0"), super::Departures::NONE),
            "file://0.0.0.0/a:"
        );
        assert_eq!(
            departing("ab", Some("file://0/d"), drops),
            "file://0.0.0.0/ab"
        );
    }

    #[test]
    fn a_file_bases_last_drive_letter_is_kept_and_written_onto() {
        // url 2.5.8's answers against "file:///a/c:" (a release build's: in a debug build a
        // ".." there fails an assertion, servo/rust-url#1114).
        let kept = super::Departures {
            drive_letter_never_shortened: true,
            ..super::Departures::NONE
        };
        let base = Some("file:///a/c:");
        assert_eq!(departing("x", base, kept), "file:///a/c:x");
        assert_eq!(departing("x/y", base, kept), "file:///a/c:x/y");
        assert_eq!(departing(".", base, kept), "file:///a/c:/");
        assert_eq!(departing("..", base, kept), "file:///a/c:");
        assert_eq!(departing("../x", base, kept), "file:///a/c:/x");
        assert_eq!(departing("x/..", base, kept), "file:///a/");
        // A lone drive letter is the Standard's own case; other schemes are not file.
        assert_eq!(departing("x", Some("file:///c:"), kept), "file:///c:/x");
        assert_eq!(departing("x", Some("http://h/a/c:"), kept), "http://h/a/x");
        assert_eq!(departing("x", base, super::Departures::NONE), "file:///a/x");
    }

    #[test]
    fn a_userinfo_read_by_code_units_loses_what_follows_an_astral_code_point() {
        let miscounted = super::Departures {
            userinfo_code_units_by_code_point_count: true,
            ..super::Departures::NONE
        };
        // whatwg-url 16.0.1's answers (jsdom/whatwg-url#333).
        assert_eq!(
            departing("http://\u{1F600}x@host/", None, miscounted),
            "http://%F0%9F%98%80%EF%BF%BD@host/"
        );
        assert_eq!(
            departing("a://a:\u{1F600}bc@0", None, miscounted),
            "a://a:%F0%9F%98%80%EF%BF%BDb@0"
        );
        // No code point above U+FFFF: the Standard's reading.
        assert_eq!(
            departing("a://\u{e9}x@0", None, miscounted),
            "a://%C3%A9x@0"
        );
        assert_eq!(
            departing("http://\u{1F600}x@host/", None, super::Departures::NONE),
            "http://%F0%9F%98%80x@host/"
        );
    }

    #[test]
    fn a_double_dot_that_removes_nothing_from_a_non_special_path_appends_nothing() {
        let ada = super::Departures {
            double_dot_on_empty_path_appends_nothing: true,
            ..super::Departures::NONE
        };
        // ada 2.9.2's answers (Node 20).
        assert_eq!(departing("a:/..", None, ada), "a:");
        assert_eq!(departing("..", Some("a:/"), ada), "a:");
        assert_eq!(departing("a:/%2e%2E", None, ada), "a:");
        // Something removed, a special URL, a ".." before "/": the Standard's reading.
        assert_eq!(departing("a:/b/..", None, ada), "a:/");
        assert_eq!(departing("http://h/..", None, ada), "http://h/");
        assert_eq!(departing("a:/../b", None, ada), "a:/b");
        assert_eq!(departing("a:/..", None, super::Departures::NONE), "a:/");
    }

    #[test]
    fn the_pathname_setter_runs_the_path_start_state_as_state_override() {
        let set = |href: &str, value: &str| {
            let url = super::parse(href, None, super::Departures::NONE).expect("a URL");
            super::set_pathname(&url, value, super::Departures::NONE).href()
        };
        // "Otherwise, if state override is given and url's host is null, append the empty
        // string to url's path."
        assert_eq!(set("a:/.//", ""), "a:/");
        assert_eq!(set("a://h/x", ""), "a://h");
        // "?" and "#" are path code points with a state override.
        assert_eq!(set("a:/x?q#f", "/b?c#d"), "a:/b%3Fc%23d?q#f");
        // The drive letter rule of the path state holds.
        assert_eq!(set("file:///x", "/a|"), "file:///a:");
        assert_eq!(set("http://h/x", "y/../z"), "http://h/z");
        // An opaque path stays.
        assert_eq!(set("a:b", "/c"), "a:b");
    }
}
