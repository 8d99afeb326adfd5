//! The WHATWG URL Standard (<https://url.spec.whatwg.org/>), std only: the model that the
//! crates following it (`url`, `ada-url`) are judged by, as [`reference`](crate::reference) is
//! for RFC 3986.
//!
//! - [`parse`]: the basic URL parser with an optional base, state by state ([`parser`]);
//! - [`Url`]: the URL record, its serializer and the `URL` API's getters ([`record`]);
//! - [`host`]: the host parser, IPv4, IPv6, opaque hosts, and the domain parser, whose UTS #46
//!   ToASCII is [`crate::idna`];
//! - [`encode_sets`]: the percent-encode sets as tables;
//! - [`expected_outcome`]: what a crate that follows the Standard perfectly answers to a
//!   protocol request through this harness's adapters, by the one mapping ([`view`]) the `url`
//!   and `ada-url` adapters use;
//! - [`wpt`]: the web-platform-tests parsing cases, and the model checked against them.
//!
//! The model answers every input: success or failure, nothing left undecided. The domain
//! parser lowercases an ASCII domain, as the Standard says, and runs UTS #46 ToASCII
//! ([`crate::idna`], Unicode 17.0 data) on any other.
//!
//! Validation errors that do not make the parser fail are not recorded: only failure is an
//! answer.

pub(crate) mod encode_sets;
mod expected;
pub(crate) mod host;
pub(crate) mod parser;

pub(crate) mod record;
pub(crate) mod view;
pub mod wpt;

use std::fmt;

pub use expected::{agrees, expected_outcome, expected_outcome_departing};
pub use host::Host;
pub use parser::set_pathname;
pub use record::{Path, Url};

/// The parser returned failure: the validation error that made it fail, by the Standard's
/// name (<https://url.spec.whatwg.org/#validation-error>), and the text it failed on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Failure {
    /// The validation error's name: `host-missing`, `port-out-of-range`, `IPv6-unclosed`, ...
    pub error: &'static str,
    /// The part of the input it is about (a host, a port, a base), possibly empty.
    pub at: String,
}

impl Failure {
    /// The parser's stop for this failure.
    fn stop(error: &'static str, at: &str) -> Stop {
        Stop::Failure(Failure {
            error,
            at: at.to_owned(),
        })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            f.write_str(self.error)
        } else {
            write!(f, "{} at {:?}", self.error, self.at)
        }
    }
}

/// The failure as an answer's rejection: by the validation error's name.
impl From<&Failure> for crate::model::Rejection {
    fn from(failure: &Failure) -> Self {
        crate::model::Rejection::named(failure.error, failure.to_string())
    }
}

/// Why the parser stopped before returning a URL: the Standard's answer is failure.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Stop {
    /// The Standard's answer is failure.
    Failure(Failure),
}

/// The basic URL parser's answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Parsed {
    /// A URL record.
    Url(Url),
    /// Failure.
    Failure(Failure),
}

/// Departures from the current text of the Standard, each a documented behaviour of a crate
/// that a bug model switches on to reproduce the crate's answer exactly
/// (`src/diff/known-differences.yaml`). [`Departures::NONE`] is the Standard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Departures {
    /// The domain parser as it was before whatwg/url#914 (June 2026): an ASCII domain goes
    /// through UTS #46 ToASCII like any other, so an `xn--` label that does not decode, or that
    /// decodes to something the validity criteria refuse, fails. url 2.5.8 (servo/rust-url#1135).
    pub ascii_domains_through_uts46: bool,
    /// In the relative slash state of a special URL, a reference that starts with exactly
    /// `//` goes to the authority state instead of the special authority ignore slashes state,
    /// so further slashes are not skipped and the host is empty (failure). url 2.5.8's
    /// `parse_relative` (servo/rust-url#1134).
    pub special_relative_skips_two_slashes: bool,
    /// The path percent-encode set without U+005E (^), as it was before whatwg/url#846: url
    /// 2.5.8 (servo/rust-url#1140).
    pub path_caret_not_encoded: bool,
    /// In the opaque path state a space before `?` or `#` is kept as it is, as before
    /// whatwg/url#844: url 2.5.8 (servo/rust-url#1124 fixes it, open).
    pub opaque_path_space_kept: bool,
    /// UTS #46's Bidi Rule applied only to the labels of a Bidi domain name that hold a
    /// right-to-left character themselves, so "0.א" passes: ada-url 4.0.0 (ada-url/idna#91).
    pub bidi_rule_per_label: bool,
    /// When a ".." segment shortens the path, a last segment that is a Windows drive letter
    /// ("c:", "c|") is kept, in every scheme and at every position: url 2.5.8's
    /// `last_slash_can_be_removed` (servo/rust-url#1130, #1113).
    pub drive_letter_never_shortened: bool,
    /// A non-special URL whose userinfo is "" (at the end of the input) or ":" and whose host
    /// is empty is not a host-missing failure: url 2.5.8's `parse_userinfo` writes nothing for
    /// them, so its empty-host check never sees the "@".
    pub empty_userinfo_empty_host_accepted: bool,
    /// A file URL's path loses its leading empty segments ("file:////foo" has the path
    /// "/foo"): url 2.5.8's `parse_path` (url/tests/expected_failures.txt).
    pub file_path_leading_empty_segments_dropped: bool,
    /// In a non-special URL a "\" ends the port as "/" does, and a relative reference that
    /// starts with "\" is path-absolute (two or more of "/" and "\" that are not "//" start an
    /// authority after all of them): url 2.5.8's `parse_port` and `parse_relative`.
    pub backslash_as_slash_in_non_special: bool,
    /// The file state's older rules: a file URL whose path starts with a Windows drive letter
    /// loses the host it wrote itself ("file://h/c:" is "file:///c:"), and the file slash state
    /// does not take the base's host when the rest starts with a drive letter: url 2.5.8's
    /// `parse_file` and `parse_path` ("For file URLs that have a host and whose path starts
    /// with the windows drive letter we just remove the host").
    pub file_drive_letter_drops_host: bool,
    /// After the file host state leaves the host empty (no host, or "localhost"), the path is
    /// read one segment down: url 2.5.8's `parse_file` writes a "/" of its own before a path
    /// that starts with "/" and drops the extra empty segment with the others at the end, so
    /// its path state never sees the first segment as the first ("file:///w|/m" keeps "w|":
    /// servo/rust-url#889, url/tests/expected_failures.txt).
    pub file_empty_host_path_one_segment_down: bool,
    /// In a file URL's path state, an ASCII tab or newline just after a first segment that is
    /// a normalized Windows drive letter ("c:") starts a new segment at the next code point,
    /// one that is never a dot-segment or a drive letter: url 2.5.8's `parse_path` writes the
    /// segment so far into the serialization at each tab or newline, and then sees a drive
    /// letter alone in the path and writes the "/" it writes after a base's drive letter.
    pub file_drive_letter_split_at_tab: bool,
    /// The "/." the URL serializer writes before a path that starts with an empty segment
    /// when the host is null stays as the parser wrote it through the setters: url 2.5.8
    /// writes it into its serialization once, between the host and the path, and
    /// `Url::set_host` and `Url::set_path` keep it whatever the host and path become
    /// ("a:/.//" with the host "" is "a:///.//", with the path "" "a:/."). The parser never
    /// reads this flag: the model of url's setters does (`crate::diff::models`).
    pub setters_keep_dot_prefix: bool,
    /// A non-special URL's host set to the empty string although the URL has credentials or
    /// a port, which "cannot have a username/password/port" without a host (the Standard's
    /// host setter returns without a change: "if state override is given, buffer is the
    /// empty string, and either url includes credentials or url's port is non-null, return"):
    /// url 2.5.8's `Url::set_host(Some(""))` (servo/rust-url#1144). The parser never reads
    /// this flag: the model of url's setters does (`crate::diff::models`).
    pub set_host_empty_beside_credentials_or_port: bool,
    /// A file URL's host set to "localhost" kept as such, where the Standard's host setter
    /// goes through the file host state ("If host is "localhost", then set host to the empty
    /// string"), as the parser does: url 2.5.8's `Url::set_host(Some("localhost"))`
    /// (servo/rust-url#1102). The parser never reads this flag: the model of url's setters
    /// does (`crate::diff::models`).
    pub set_host_file_localhost_kept: bool,
    /// `Url::make_relative` writes a first segment that holds a ":" as it is ("b:c"), which
    /// joins as a URL with that scheme, where "./b:c" joins back (url 2.5.8). The parser never
    /// reads this flag: the model of url's API does (`crate::diff::models`).
    pub make_relative_colon_segment_bare: bool,
    /// `Url::make_relative` reads an empty path as "/" and answers "" for a URL whose path is
    /// empty against a base whose path is not, which joins as the base (url 2.5.8). The parser
    /// never reads this flag: the model of url's API does.
    pub make_relative_empty_path_as_slash: bool,
    /// `Url::make_relative` climbs with ".." over a "file" base's first segment, a normalized
    /// Windows drive letter, which ".." never removes from a file URL's path (url 2.5.8). The
    /// parser never reads this flag: the model of url's API does.
    pub make_relative_climbs_past_drive_letter: bool,
    /// In the authority state, the userinfo buffer is read by UTF-16 code units, as many of
    /// them as it has code points: after a code point above U+FFFF, its low surrogate is read
    /// alone (written as U+FFFD, "%EF%BF%BD") and the buffer's last code units are never read.
    /// whatwg-url 16.0.1's `parse authority` (`countSymbols(this.buffer)` and
    /// `this.buffer.codePointAt(pointer)`), fixed by jsdom/whatwg-url#333.
    pub userinfo_code_units_by_code_point_count: bool,
    /// In the path state, a double-dot segment that ends the path of a non-special URL whose
    /// path is empty appends no empty segment: ada 2.9.2's `consume_prepared_path` appends
    /// "/" only `if ((helpers::shorten_path(path, type) || special) && location ==
    /// std::string_view::npos)`, and `shorten_path` removes nothing from an empty path, so
    /// "a:/.." has the empty path where the Standard has "/".
    pub double_dot_on_empty_path_appends_nothing: bool,
    /// The Bidi Rule as ada 2.9.2 checks it (`crate::idna::bidi::check_as_ada_2_9`): per
    /// label, with no test of RFC 5893's first condition and none of an LTR label's last
    /// character, so "0א" and "aא" are domains.
    pub bidi_rule_as_ada_2_9: bool,
}

impl Departures {
    /// The Standard itself.
    pub(crate) const NONE: Departures = Departures {
        ascii_domains_through_uts46: false,
        special_relative_skips_two_slashes: false,
        path_caret_not_encoded: false,
        opaque_path_space_kept: false,
        bidi_rule_per_label: false,
        drive_letter_never_shortened: false,
        empty_userinfo_empty_host_accepted: false,
        file_path_leading_empty_segments_dropped: false,
        backslash_as_slash_in_non_special: false,
        file_drive_letter_drops_host: false,
        file_empty_host_path_one_segment_down: false,
        file_drive_letter_split_at_tab: false,
        setters_keep_dot_prefix: false,
        set_host_empty_beside_credentials_or_port: false,
        set_host_file_localhost_kept: false,
        make_relative_colon_segment_bare: false,
        make_relative_empty_path_as_slash: false,
        make_relative_climbs_past_drive_letter: false,
        userinfo_code_units_by_code_point_count: false,
        double_dot_on_empty_path_appends_nothing: false,
        bidi_rule_as_ada_2_9: false,
    };
}

/// "The basic URL parser takes a scalar value string `input`, with an optional null or base
/// URL `base` (default null)" (<https://url.spec.whatwg.org/#concept-basic-url-parser>), with
/// no encoding other than UTF-8, no `url` and no state override.
pub fn parse(input: &str, base: Option<&Url>) -> Parsed {
    parse_departing(input, base, Departures::NONE)
}

/// [`parse`] with `departures` from the Standard's text.
pub(crate) fn parse_departing(input: &str, base: Option<&Url>, departures: Departures) -> Parsed {
    match parser::parse(input, base, departures) {
        Ok(url) => Parsed::Url(url),
        Err(Stop::Failure(failure)) => Parsed::Failure(failure),
    }
}

/// "The API URL parser": parses `base` first when given (failure there is failure), then
/// `input` against it, as `new URL(input, base)` does.
pub(crate) fn parse_with_base(input: &str, base: Option<&str>) -> Parsed {
    let base = match base.map(|base| parse(base, None)) {
        None => None,
        Some(Parsed::Url(base)) => Some(base),
        Some(not_a_url) => return not_a_url,
    };
    parse(input, base.as_ref())
}

/// Whether `input` has a scheme by the basic URL parser's scheme start and scheme states
/// (after leading and trailing C0 control or space and every ASCII tab or newline are
/// removed: an ASCII alpha, then ASCII alphanumerics, `+`, `-` or `.`, then `:`). Without a
/// base, an input without one fails with missing-scheme-non-relative-URL.
pub(crate) fn has_scheme(input: &str) -> bool {
    let mut chars = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars {
        match c {
            ':' => return true,
            c if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {}
            _ => return false,
        }
    }
    false
}
