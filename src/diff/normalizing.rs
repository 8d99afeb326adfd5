//! Departures of normalization: the ways a normalizer departs from RFC 3986 §6.2.2 (and the
//! reference's documented choices 5 and 10) on strings it reads as the RFC does. Each is the
//! reference's normalization with one step done otherwise, so that a normalizer's answer is
//! reproduced exactly by the departure, or not at all.
//!
//! ```text
//! §6.2.2.3: "URI normalizers should remove dot-segments by applying the remove_dot_segments
//! algorithm to the path, as described in Section 5.2.4."
//! ```
//!
//! §6 speaks of URIs; the reference leaves a relative-path reference's dot-segments, since
//! `../g` and `g` resolve differently (choice 5), and writes `/.` before a path that would
//! start with `//` without an authority, so that the string parses back with the same
//! components (choice 10). A normalizer that applies remove_dot_segments to a relative path, or
//! writes what is left as it is, changes what the string means: these departures are not
//! acceptable readings, and name the mechanism of the reports they explain.

use crate::model::Outcome;
use crate::reference::{self, Components, Level, NormalizeOptions};

/// A normalizer's departure: see the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Normalizing {
    /// A relative-path reference's dot-segments removed on its list of segments: "." dropped,
    /// ".." taking the segment before it and the "/" between them, and a path that ended with
    /// a dot-segment ending with "/" (`a/../b` is `b`, `a/..` is ``, `a/..//b` is `/b`,
    /// `a/..///` is `//`, which has an authority), written as it is. §5.2.4 on the same
    /// string keeps the "/" that followed the ".." (`a/../b` gives `/b`); the reference
    /// leaves a relative path's dot-segments alone (choice 5). A normalizer that splits the
    /// path at "/" and joins what is left answers so (uriparser's `uriRemoveDotSegments` on
    /// its list of path segments, hyperlink's `_resolve_dot_segments`, Python's rfc3986
    /// `normalizers.remove_dot_segments`).
    RelativePathDotSegmentsRemovedBySegment,
    /// Beside a removal of a relative path's dot-segments (either departure above), a ".."
    /// with no segment before it to climb over (none, or only ".." kept) is kept, as RFC 3986
    /// errata 4547 reads rule A ("Keep "../" in the beginning"): `a/../../b` is `../b`, not
    /// `b`, where §5.2.4 removes it ("../g" gives "g"). Alone it changes nothing: the
    /// reference keeps every dot-segment of a relative path (choice 5). uriparser's
    /// `uriRemoveDotSegmentsEx` with `relative`: "We cannot remove traversal beyond because the
    /// URI is relative and may be resolved later", and "protect against mis-simplifying
    /// "a/../../b" to "a/b"".
    DotDotKeptAtRelativeStart,
    /// remove_dot_segments applied to a relative-path reference's path too (`a/.` is `a/`,
    /// `.` is the empty reference, `./a:` is `a:`, which has a scheme).
    RelativePathDotSegmentsRemoved,
    /// A path that starts with `//` once its dot-segments are removed is written as it is
    /// where there is no authority (`/.//a` is `//a`, which has the authority `a`), where the
    /// reference keeps a `/.` before it (choice 10) and §5.3's letter would write an
    /// authority that was never there.
    DoubleSlashPathUnguarded,
    /// A path that starts with `//` once its dot-segments are removed is written with its
    /// second "/" percent-encoded where there is no authority (`/.//a` is `/%2Fa`), where the
    /// reference keeps a `/.` before it (choice 10) and §2.2 says "URIs that differ in the
    /// replacement of a reserved character with its corresponding percent-encoded octet are
    /// not equivalent": `/%2Fa` has the one segment "%2Fa" where the input has "" and "a".
    /// uri-js's and fast-uri's `serialize`, which their `normalize` ends with: "don't allow
    /// the path to start with "//"" (`s.replace(/^\/\//, "/%2F")`, uri-js's
    /// dist/es5/uri.all.js line 1047, fast-uri's index.js lines 317-324). Resolution's form
    /// is `double-slash-path-slash-encoded` (`super::resolving`).
    DoubleSlashPathSlashEncoded,
    /// A URI of the `file` scheme (in any case) without an authority, whose path starts with
    /// "/", is written with an empty authority (`file:/x` is `file:///x`; a "/." the reference
    /// keeps before a "//" path is then no longer needed: `file:/.//x` is `file:////x`): a
    /// library that gives every file URI a host, empty for the local one (Poco's
    /// `URI::toString`, "if (!auth.empty() || _scheme == "file")"; QUrl's `toString` of a
    /// local file), where §6.2.2 changes no component's presence and §5.3 writes "//" only
    /// "if defined(authority)". RFC 8089 §2 makes the two forms name the same local file,
    /// which a normalizer of that scheme may take as one (§6.2.3); the syntax-based
    /// normalization does not.
    FileEmptyAuthorityWritten,
    /// The string the normalization leaves refused where its path would be read otherwise:
    /// one that starts with `//` without an authority (`/.//a`, whose "/." the reference keeps
    /// as choice 10's guard, the normalizer having removed it), or a relative path whose first
    /// segment holds a ":" (`./a:b` once a relative path's dot-segments are removed, which
    /// would be read with the scheme `a`), where the reference writes a string that reads
    /// back with the same components. Addressable's `normalize` builds its answer with
    /// `self.class.new`, whose `validate` raises "Cannot have a path with two leading slashes
    /// without an authority set", and its `to_s` "Cannot assemble URI string with ambiguous
    /// path"; Qt's `adjusted(QUrl::NormalizePathSegments)` is an invalid QUrl ("Path component
    /// starts with '//' and authority is absent").
    AmbiguousPathRefused,
    /// The path's dot-segments removed before its percent-encoded octets are decoded, so that
    /// a "%2E" segment is decoded into a "." or ".." that stays (`/a/%2E%2E/b` is `/a/../b`,
    /// `/%2E` is `/.`), where §6.2.2.2 decodes "any percent-encoded octet that corresponds to
    /// an unreserved character" and §2.3 says such URIs "are equivalent", so that the removal
    /// of §6.2.2.3 sees the dot: the string written is not normalized (normalizing it again
    /// changes it). hyperlink's `URL.normalize`: `_decode_unreserved(p, ...) for p in
    /// _resolve_dot_segments(self.path)`; network-uri's `normalizePathSegments` run before
    /// `normalizeEscape`.
    DotSegmentsRemovedBeforeDecoding,
    /// No dot-segment removed from the path, every other step of the normalization done
    /// (`/a/./b/../c` stays as it is), where §6.2.2.3 says "URI normalizers should remove
    /// dot-segments by applying the remove_dot_segments algorithm to the path" (Perl's URI
    /// `canonical`, which rewrites the case, the escapes and the port and leaves the path's
    /// segments).
    DotSegmentsKept,
    /// The scheme-based normalization of §6.2.3 done where the syntax-based one of §6.2.2 was
    /// asked for: a scheme's default port and an empty port dropped, an `http` authority's
    /// empty path written "/" (`http://h:80` is `http://h/`), where §6.2.2 keeps the port
    /// and the path as written and §6.2.3 is a further step "in addition" to it (uri-js's and
    /// fast-uri's `normalize`, which always run the scheme's handler: "//normalize the
    /// default port", "//normalize the empty path").
    SchemeBasedUnasked,
    /// §6.2.3's empty path written "/" for an `http` or `https` URI that has no authority
    /// (`http:` is `http:/`, `https:?q` is `https:/?q`), the path read as the input writes
    /// it, before its dot-segments are removed (`http:.` is `http:`), where §6.2.3 says "a URI
    /// that uses the generic syntax for authority with an empty path should be normalized to
    /// a path of "/"" and the reference writes it only after an authority: `http:` and
    /// `http:/` are two paths of a URI without one (§3.3), which no scheme's rule equates.
    /// Erlang's uri_string, "normalize_http_path(Map, Path) -> case Path of "" -> Map#{path
    /// => "/"}", run before `normalize_path_segment`; uri-js's and fast-uri's `http` handler,
    /// "if (!components.path) { components.path = "/"; }", before `removeDotSegments`.
    HttpEmptyPathSlashWithoutAuthority,
    /// Every percent-encoded octet that the component's grammar allows as it is gets decoded,
    /// reserved ones too (`%2A` is `*`, `%3A` in a query `:`, `%2F` in a path `/`), where
    /// §6.2.2.2 decodes only "any percent-encoded octet that corresponds to an unreserved
    /// character" and §2.2 says "URIs that differ in the replacement of a reserved character
    /// with its corresponding percent-encoded octet are not equivalent" (Boost.URL 1.81's
    /// `normalize_octets_impl`, with the character sets of `rfc/detail/charsets.hpp`: a
    /// userinfo's user part takes no ":", a relative path's first segment keeps its ":"
    /// encoded, a registered name decodes unreserved characters only).
    ReservedPercentEncodingsDecoded,
    /// No percent-encoded octet is decoded, unreserved ones included (`%7e` is `%7E`, not
    /// `~`; `/%2E%2E/` is no dot-segment), the rest of the normalization done: the scheme and
    /// the host lowercased, every triplet's hexadecimal digits uppercased, dot-segments
    /// removed, where §6.2.2.2 says "These URIs should be normalized by decoding any
    /// percent-encoded octet that corresponds to an unreserved character" (Python's rfc3986 2.0.0,
    /// `normalizers.normalize_percent_characters`).
    UnreservedPercentEncodingsKept,
    /// A registered name is lowercased whole, the hexadecimal digits of its triplets too
    /// (`//%AA` is `//%aa`), where §6.2.2.1 says the triplets' digits "should be normalized to
    /// use uppercase letters" (Python's rfc3986 2.0.0, `normalizers.normalize_host`: `return
    /// host.lower()`).
    HostPercentEncodingLowercased,
    /// A registered name's letters lowercased before its triplets are decoded, so that a
    /// letter decoded from a triplet keeps the case it was encoded in (`//%46` is `//F`,
    /// `//%41%2fB` is `//A%2Fb`), where §6.2.2.1 says the host "should be normalized to
    /// lowercase" and §6.2.2.2 decodes the triplet into that host: the string written is not
    /// normalized (normalizing it again lowercases the letter). Erlang's uri_string:
    /// `normalize_percent_encoding(normalize_case(URIMap))`; uriparse's
    /// `RegisteredName::normalize`, which lowercases each character as it reads it and writes
    /// a decoded octet as it is.
    HostLowercasedBeforeDecoding,
    /// A registered name's single trailing dot removed (`//a.` is `//a`, `//0.` is `//0`; a
    /// name of dots alone, or one that ends in two, kept), where RFC 3986 §6.2.2 has no such
    /// step and §3.2.2 reads the dot as a character of the name: `a.` and `a` are two
    /// registered names (DNS's absolute and relative forms, which only a resolver's search
    /// list tells apart). Addressable's `normalized_host`: "if result =~ /[^\.]\.$/ # Single
    /// trailing dots are unnecessary. result = result[0...-1]".
    HostTrailingDotRemoved,
    /// The triplets of unreserved characters are decoded and every other triplet is kept as
    /// written, its hexadecimal digits in their case (`%7e%0a` is `~%0a`), the rest of the
    /// normalization done, where §6.2.2.1 says the digits "should be normalized to use
    /// uppercase letters for the digits A-F" (.NET's System.Uri, whose AbsoluteUri unescapes
    /// unreserved characters, UriExt.cs CheckForEscapedUnreserved, and copies other escapes).
    PercentEncodingCaseKept,
    /// The fragment is removed, "#" and all (`a:b#c` is `a:b`, `a:b#` is `a:b`), where
    /// RFC 3986 §6.2.2 keeps every component: the fragment is no part of what the URI
    /// identifies on its own (§3.5: "the fragment identifier is separated from the rest of
    /// the URI prior to a dereference"), but it is part of the URI reference, and two
    /// references that differ in it are not equivalent. uri-js's and fast-uri's ws and wss
    /// handlers (`serialize`: "forbid fragment component", `wsComponents.fragment =
    /// undefined`), which their `normalize` ends with.
    FragmentRemoved,
}

impl Normalizing {
    /// Every departure of normalization, in the order attribution tries them.
    pub const ALL: [Normalizing; 18] = [
        Normalizing::RelativePathDotSegmentsRemovedBySegment,
        Normalizing::DotDotKeptAtRelativeStart,
        Normalizing::RelativePathDotSegmentsRemoved,
        Normalizing::DoubleSlashPathUnguarded,
        Normalizing::DoubleSlashPathSlashEncoded,
        Normalizing::FileEmptyAuthorityWritten,
        Normalizing::AmbiguousPathRefused,
        Normalizing::ReservedPercentEncodingsDecoded,
        Normalizing::UnreservedPercentEncodingsKept,
        Normalizing::HostPercentEncodingLowercased,
        Normalizing::PercentEncodingCaseKept,
        Normalizing::HostLowercasedBeforeDecoding,
        Normalizing::HostTrailingDotRemoved,
        // After the triplets kept, which give the same answer where the dot-segments removed
        // took every triplet of an unreserved character.
        Normalizing::DotSegmentsRemovedBeforeDecoding,
        Normalizing::DotSegmentsKept,
        Normalizing::SchemeBasedUnasked,
        Normalizing::HttpEmptyPathSlashWithoutAuthority,
        Normalizing::FragmentRemoved,
    ];

    /// Its name, which signs the reports it explains.
    pub const fn id(self) -> &'static str {
        match self {
            Normalizing::RelativePathDotSegmentsRemovedBySegment => {
                "relative-path-dot-segments-removed-by-segment"
            }
            Normalizing::DotDotKeptAtRelativeStart => "dot-dot-kept-at-relative-start",
            Normalizing::RelativePathDotSegmentsRemoved => "relative-path-dot-segments-removed",
            Normalizing::DoubleSlashPathUnguarded => "double-slash-path-unguarded",
            Normalizing::DoubleSlashPathSlashEncoded => {
                "normalized-double-slash-path-slash-encoded"
            }
            Normalizing::FileEmptyAuthorityWritten => "file-empty-authority-written",
            Normalizing::AmbiguousPathRefused => "ambiguous-path-refused",
            Normalizing::DotSegmentsRemovedBeforeDecoding => "dot-segments-removed-before-decoding",
            Normalizing::DotSegmentsKept => "dot-segments-kept",
            Normalizing::SchemeBasedUnasked => "scheme-based-normalization-unasked",
            Normalizing::HttpEmptyPathSlashWithoutAuthority => {
                "http-empty-path-slash-without-authority"
            }
            Normalizing::ReservedPercentEncodingsDecoded => "reserved-percent-encodings-decoded",
            Normalizing::UnreservedPercentEncodingsKept => "unreserved-percent-encodings-kept",
            Normalizing::HostPercentEncodingLowercased => "host-percent-encoding-lowercased",
            Normalizing::PercentEncodingCaseKept => "percent-encoding-case-kept",
            Normalizing::HostLowercasedBeforeDecoding => "host-lowercased-before-decoding",
            Normalizing::HostTrailingDotRemoved => "host-trailing-dot-removed",
            Normalizing::FragmentRemoved => "fragment-removed",
        }
    }

    /// What the normalizer does, and the RFC text it departs from.
    pub const fn description(self) -> &'static str {
        match self {
            Normalizing::RelativePathDotSegmentsRemovedBySegment => {
                "the normalizer removes the dot-segments of a relative-path reference on its list of segments, a \"..\" taking the segment before it and the \"/\" between them (\"a/../b\" as \"b\", \"a/..///\" as \"//\"), which RFC 3986 §6 (\"URI normalization\") does not address and which changes where the reference leads: \"../g\" and \"g\" resolve differently (§5.2.2), \"./a:\" becomes \"a:\", a URI with the scheme \"a\", and a path left starting with \"//\" is read back as an authority"
            }
            Normalizing::DotDotKeptAtRelativeStart => {
                "the normalizer, removing a relative path's dot-segments, keeps a \"..\" that has no segment before it to climb over (\"a/../../b\" as \"../b\"), as RFC 3986 errata 4547 reads rule A, where §5.2.4 removes it (rule A: \"If the input buffer begins with a prefix of \"../\" or \"./\", then remove that prefix\"); RFC 3986 §6 addresses neither, the dot-segments of a relative reference saying where it leads against its base"
            }
            Normalizing::DotSegmentsRemovedBeforeDecoding => {
                "the normalizer removes the path's dot-segments before it decodes the percent-encoded octets of unreserved characters, so that \"%2E\" becomes a \".\" that stays (\"/a/%2E%2E/b\" as \"/a/../b\"), where RFC 3986 §6.2.2.2 decodes \"any percent-encoded octet that corresponds to an unreserved character\" and §6.2.2.3 removes the dot-segments of the path so normalized: the string written is not normalized, and normalizing it again changes it"
            }
            Normalizing::DotSegmentsKept => {
                "the normalizer leaves the path's dot-segments in place (\"/a/./b/../c\" as it is), where RFC 3986 §6.2.2.3 says \"URI normalizers should remove dot-segments by applying the remove_dot_segments algorithm to the path, as described in Section 5.2.4\""
            }
            Normalizing::SchemeBasedUnasked => {
                "the normalizer applies the scheme-based normalization of RFC 3986 §6.2.3 (a default or empty port dropped, an empty path written \"/\") where the syntax-based normalization of §6.2.2 was asked for, which keeps the port and the path as written: §6.2.3 is a further step, \"in addition\" to §6.2.2, for the schemes whose specification defines it"
            }
            Normalizing::HttpEmptyPathSlashWithoutAuthority => {
                "the normalizer writes the empty path of an `http` or `https` URI that has no authority as \"/\" (\"http:\" as \"http:/\"), where RFC 3986 §6.2.3 says \"a URI that uses the generic syntax for authority with an empty path should be normalized to a path of \"/\"\": without an authority the empty path and \"/\" are two paths (§3.3), which no rule of the scheme equates"
            }
            Normalizing::RelativePathDotSegmentsRemoved => {
                "the normalizer removes the dot-segments of a relative-path reference, which RFC 3986 §6 (\"URI normalization\") does not address and which changes where the reference leads: \"../g\" and \"g\" resolve differently (§5.2.2), and \"./a:\" becomes \"a:\", a URI with the scheme \"a\""
            }
            Normalizing::DoubleSlashPathUnguarded => {
                "the normalizer writes a path that starts with \"//\" after removing dot-segments as it is where there is no authority, which RFC 3986 §3.3 forbids (\"If a URI does not contain an authority component, then the path cannot begin with two slash characters\"): the string read again has an authority that was never there"
            }
            Normalizing::DoubleSlashPathSlashEncoded => {
                "the normalizer writes a path that starts with \"//\" after removing dot-segments, where there is no authority, with its second \"/\" percent-encoded (\"/.//a\" as \"/%2Fa\"), where RFC 3986 §2.2 says \"URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent\": the path has another segment, where the syntax-based normalization keeps a \"/.\" before a \"//\" path (§5.3's guard)"
            }
            Normalizing::FileEmptyAuthorityWritten => {
                "the normalizer writes a `file` URI that has no authority and an absolute path with an empty authority (\"file:/x\" as \"file:///x\"), where RFC 3986's syntax-based normalization (§6.2.2) changes no component's presence and §5.3 appends \"//\" only \"if defined(authority)\": RFC 8089 §2 makes the two forms name the same local file (\"file-hier-part = ( \"//\" auth-path ) / local-path\"), an equivalence of the scheme's, not of the generic syntax"
            }
            Normalizing::AmbiguousPathRefused => {
                "the normalizer refuses the string its removal of dot-segments leaves where the path would be read otherwise (\"/.//a\" refused, the \"/.\" removed leaving \"//a\" without an authority; \"./a:b\" refused once its \".\" is removed), where RFC 3986 §5.3's rule and §4.2 keep the string what it was: a \"//\" path without an authority written after \"/.\" (documented choice 10), a relative path's first segment with a \":\" after \"./\" (§4.2: \"such a segment must be preceded by a dot-segment\"); the input is a valid URI reference that the normalizer cannot normalize"
            }
            Normalizing::ReservedPercentEncodingsDecoded => {
                "the normalizer decodes every percent-encoded octet the component's grammar allows as it is, reserved characters too (\"%2A\" as \"*\", \"%2F\" in a path as \"/\"), where RFC 3986 §6.2.2.2 decodes only \"any percent-encoded octet that corresponds to an unreserved character\" and §2.2 says \"URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent\""
            }
            Normalizing::HostPercentEncodingLowercased => {
                "the normalizer lowercases a registered name whole, the hexadecimal digits of its percent-encoded octets too (\"%AA\" as \"%aa\"), where RFC 3986 §6.2.2.1 says \"For all URIs, the hexadecimal digits within a percent-encoding triplet (e.g., \"%3a\" versus \"%3A\") are case-insensitive and therefore should be normalized to use uppercase letters for the digits A-F\""
            }
            Normalizing::HostLowercasedBeforeDecoding => {
                "the normalizer lowercases a registered name before it decodes its percent-encoded octets, so that a letter decoded from a triplet keeps its case (\"%46\" as \"F\"), where RFC 3986 §6.2.2.1 says the host \"should be normalized to lowercase\" and §6.2.2.2 decodes \"any percent-encoded octet that corresponds to an unreserved character\": the string written is not normalized, and normalizing it again changes it"
            }
            Normalizing::HostTrailingDotRemoved => {
                "the normalizer removes a registered name's single trailing dot (\"//a.\" as \"//a\"), where RFC 3986's syntax-based normalization (§6.2.2) has no such step and §3.2.2 reads the dot as a character of the name (`reg-name = *( unreserved / pct-encoded / sub-delims )`): \"a.\" and \"a\" are two registered names, DNS's absolute and relative forms, which only a resolver's search list tells apart"
            }
            Normalizing::PercentEncodingCaseKept => {
                "the normalizer decodes the percent-encoded octets of unreserved characters but keeps every other triplet as written, its hexadecimal digits in their case (\"%0a\" stays \"%0a\"), where RFC 3986 §6.2.2.1 says \"For all URIs, the hexadecimal digits within a percent-encoding triplet (e.g., \"%3a\" versus \"%3A\") are case-insensitive and therefore should be normalized to use uppercase letters for the digits A-F\""
            }
            Normalizing::FragmentRemoved => {
                "the normalizer removes the fragment and its \"#\" (\"a:b#c\" as \"a:b\"), where RFC 3986's syntax-based normalization (§6.2.2) changes no component's presence and keeps each component's text but for its case, its percent-encodings and the path's dot-segments: a reference with a fragment and one without are not equivalent (§3.5: the fragment is \"separated from the rest of the URI prior to a dereference\", but it is part of the reference)"
            }
            Normalizing::UnreservedPercentEncodingsKept => {
                "the normalizer keeps every percent-encoded octet encoded, unreserved characters too (\"%7e\" as \"%7E\", not \"~\"; \"/%2E%2E/\" is then no dot-segment), where RFC 3986 §6.2.2.2 says \"These URIs should be normalized by decoding any percent-encoded octet that corresponds to an unreserved character, as described in Section 2.3\""
            }
        }
    }

    /// The inputs that tell this step from a rival one that gives the same answer on the
    /// case `input` (normalized at the case's level): the normalizer must answer each as the
    /// set of steps it is named by does. A relative path's ".." with a segment before it
    /// (by segment: `b`; §5.2.4: `/b`) and one with none (kept or removed); a written and an
    /// encoded dot-segment after the case's scheme (removed before decoding: the encoded one
    /// stays; kept: both stay); an `http` default port (dropped where §6.2.3 is done); a
    /// registered name's encoded uppercase letter beside a written one (lowercased before
    /// decoding: the encoded one keeps its case).
    pub fn controls(self, input: &str) -> Vec<String> {
        let after_scheme = |rest: &str| match reference::split(input).scheme {
            Some(scheme) => format!("{scheme}:{rest}"),
            None => rest.to_owned(),
        };
        match self {
            Normalizing::RelativePathDotSegmentsRemovedBySegment => vec!["a/../b".into()],
            Normalizing::DotDotKeptAtRelativeStart => vec!["a/../../b".into()],
            Normalizing::DotSegmentsRemovedBeforeDecoding => {
                vec![after_scheme("//h/a/%2E%2E/b/./c/../d")]
            }
            Normalizing::DotSegmentsKept => vec![after_scheme("//h/a/./b/../c")],
            Normalizing::SchemeBasedUnasked => vec!["http://h:80".into()],
            // A query after the empty path gets the "/" too, and another scheme's empty path
            // none (against a normalizer that writes it for every scheme).
            Normalizing::HttpEmptyPathSlashWithoutAuthority => {
                vec!["http:?x".into(), "z:?x".into()]
            }
            // Another scheme keeps its absent authority (against a normalizer that writes one
            // for every scheme).
            Normalizing::FileEmptyAuthorityWritten => vec!["z:/x".into()],
            Normalizing::HostLowercasedBeforeDecoding => vec![after_scheme("//%41B/")],
            // A "//" path left after the removal is refused; a path the removal leaves plain
            // is not (a normalizer that refuses every dot-segment).
            Normalizing::AmbiguousPathRefused => {
                vec![after_scheme("/a/..//b"), after_scheme("/a/./b")]
            }
            _ => Vec::new(),
        }
    }

    /// The string this normalizer gives for `input` at `level`, or `None` where the departure
    /// does not change the reference's answer (or the input is not one the RFC reads).
    pub fn normalized(self, input: &str, level: Level) -> Option<String> {
        normalized_of(&[self], input, level)
    }

    /// This departure's step on `written`, a normalization as the departures before it left
    /// it: `None` where the step changes nothing.
    fn step(self, written: &str, kept_above: bool) -> Option<String> {
        let c = reference::parse(written).ok()?;
        let out = match self {
            Normalizing::ReservedPercentEncodingsDecoded => reserved_decoded(&c),
            Normalizing::HostPercentEncodingLowercased => {
                let host = c.host.filter(|h| !h.starts_with('[') && h.contains('%'))?;
                let lowered = host.to_ascii_lowercase();
                reference::recompose(&Components {
                    host: Some(&lowered),
                    ..c
                })
            }
            Normalizing::RelativePathDotSegmentsRemoved
            | Normalizing::RelativePathDotSegmentsRemovedBySegment
                if c.scheme.is_none()
                    && !c.has_authority()
                    && !c.path.is_empty()
                    && !c.path.starts_with('/') =>
            {
                let path = relative_dot_segments_removed(self, c.path, kept_above);
                reference::recompose(&Components { path: &path, ..c })
            }
            Normalizing::HostTrailingDotRemoved => {
                let host = c
                    .host
                    .filter(|_| c.host_kind == Some(reference::HostKind::RegName))?;
                let name = host
                    .strip_suffix('.')
                    .filter(|rest| !rest.is_empty() && !rest.ends_with('.'))?;
                reference::recompose(&Components {
                    host: Some(name),
                    ..c
                })
            }
            Normalizing::DoubleSlashPathUnguarded
                if !c.has_authority() && c.path.starts_with("/.//") =>
            {
                reference::recompose(&Components {
                    path: &c.path[2..],
                    ..c
                })
            }
            Normalizing::DoubleSlashPathSlashEncoded
                if !c.has_authority() && c.path.starts_with("/.//") =>
            {
                let path = format!("/%2F{}", &c.path[4..]);
                reference::recompose(&Components { path: &path, ..c })
            }
            Normalizing::FileEmptyAuthorityWritten
                if !c.has_authority()
                    && c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"))
                    && c.path.starts_with('/') =>
            {
                // The "/." that guarded a "//" path is no longer needed.
                let path = match c.path.strip_prefix("/.") {
                    Some(rest) if rest.starts_with("//") => rest,
                    _ => c.path,
                };
                reference::recompose(&Components {
                    host: Some(""),
                    host_kind: Some(reference::HostKind::RegName),
                    path,
                    ..c
                })
            }
            _ => return None,
        };
        (out != written).then_some(out)
    }
}

/// The string a normalizer that departs by every one of `set` at once gives for `input` at
/// `level`, or `None` where the set does not change the reference's answer (or the input is
/// not one the RFC reads). The departures are steps of one §6.2.2, composed as a normalizer
/// does them: the octets decoded or kept and the triplets' case first
/// ([`Normalizing::UnreservedPercentEncodingsKept`] and [`Normalizing::PercentEncodingCaseKept`]
/// start from the input, the others from the reference's normalization; both at once keep
/// every triplet as written, none decoded and none uppercased), then the reserved octets decoded and a registered name
/// lowercased on that string, then the path's dot-segments removed and its "//" left
/// unguarded on what those left. [`Normalizing::DotSegmentsRemovedBeforeDecoding`] and
/// [`Normalizing::DotSegmentsKept`] start from the input too, the path's dot-segments (a
/// relative path's too, where a step of the set removes them) removed or kept before its
/// triplets are decoded; [`Normalizing::SchemeBasedUnasked`] makes every step act on §6.2.3's
/// normalization rather than §6.2.2's. Each departure alone gives what it gives in the set's
/// absence, so that a normalizer that departs in several steps at once is named by the set,
/// the smallest one attribution finds.
pub(crate) fn normalized_of(set: &[Normalizing], input: &str, level: Level) -> Option<String> {
    normalized_under(set, input, level, NormalizeOptions::default())
}

/// [`normalized_of`] for a normalizer that also takes the readings RFC 3986 leaves open
/// `options` (an empty port removed at the syntax level, choice 11; a rootless path kept
/// rootless, choice 10): its departures act on the normalization those readings give, and
/// `None` where they change nothing in it.
pub(crate) fn normalized_under(
    set: &[Normalizing],
    input: &str,
    level: Level,
    options: NormalizeOptions,
) -> Option<String> {
    let set: Vec<Normalizing> = set
        .iter()
        .copied()
        .filter(|&step| step != Normalizing::AmbiguousPathRefused)
        .collect();
    let (written, out) = written_of(&set, input, level, options)?;
    (out != written).then_some(out)
}

/// The answer a normalizer that departs by every one of `set` gives for `input` at `level`:
/// [`normalized_of`]'s string, or a refusal where the set holds
/// [`Normalizing::AmbiguousPathRefused`] and the string the other steps leave, its "//" path
/// unguarded, would be read with an authority or a scheme the input has not; `None` where the
/// set does not change the reference's answer (or the input is not one the RFC reads).
pub(crate) fn outcome_of(set: &[Normalizing], input: &str, level: Level) -> Option<Outcome> {
    outcome_under(set, input, level, NormalizeOptions::default())
}

/// [`outcome_of`] under the readings `options` ([`normalized_under`]).
pub(crate) fn outcome_under(
    set: &[Normalizing],
    input: &str,
    level: Level,
    options: NormalizeOptions,
) -> Option<Outcome> {
    if set.contains(&Normalizing::AmbiguousPathRefused)
        && read_otherwise(set, input, level, options)?
    {
        return Some(Outcome::invalid(
            "the normalized path would be read otherwise".to_owned(),
        ));
    }
    normalized_under(set, input, level, options).map(Outcome::Normalized)
}

/// Whether the string the steps of `set` but the refusal leave for `input`, written with no
/// "/." before a "//" path, reads with an authority or a scheme `input` has not. A
/// normalizer that keeps the dot-segments leaves no guard to take away.
fn read_otherwise(
    set: &[Normalizing],
    input: &str,
    level: Level,
    options: NormalizeOptions,
) -> Option<bool> {
    let mut rest: Vec<Normalizing> = set
        .iter()
        .copied()
        .filter(|&step| step != Normalizing::AmbiguousPathRefused)
        .collect();
    if !rest.contains(&Normalizing::DotSegmentsKept)
        && !rest.contains(&Normalizing::DoubleSlashPathUnguarded)
    {
        rest.push(Normalizing::DoubleSlashPathUnguarded);
    }
    let (_, unguarded) = written_of(&rest, input, level, options)?;
    let given = reference::parse(input).ok()?;
    // Read as Appendix B splits it: a "//" path whose first segment holds a ":" (`//x:y`,
    // `//:a`) is read with an authority whose port the RFC refuses, an authority all the same,
    // which the normalizer refuses as it refuses any other.
    let read = reference::split(&unguarded);
    Some(
        (read.authority.is_some() && !given.has_authority())
            || (read.scheme.is_some() && given.scheme.is_none()),
    )
}

/// The reference's normalization of `input` at `level` and the string the steps of `set`
/// write for it (the same where they change nothing): [`normalized_of`]'s composition.
fn written_of(
    set: &[Normalizing],
    input: &str,
    level: Level,
    options: NormalizeOptions,
) -> Option<(String, String)> {
    let written = reference::normalize_with(input, level, options).ok()?;
    // §6.2.3 done unasked: every other step acts on the scheme-based normalization.
    let level = if set.contains(&Normalizing::SchemeBasedUnasked) && level == Level::Syntax {
        Level::Scheme
    } else {
        level
    };
    let normal = reference::normalize_with(input, level, options).ok()?;
    let mut out = if set.contains(&Normalizing::UnreservedPercentEncodingsKept) {
        let c = reference::parse(&normal).ok()?;
        let case = set.contains(&Normalizing::PercentEncodingCaseKept);
        unreserved_kept(&reference::parse(input).ok()?, &c, level, case, options)
    } else if set.contains(&Normalizing::PercentEncodingCaseKept) {
        let c = reference::parse(&normal).ok()?;
        case_kept(&reference::parse(input).ok()?, &c, level)
    } else if set.contains(&Normalizing::DotSegmentsKept)
        || set.contains(&Normalizing::DotSegmentsRemovedBeforeDecoding)
    {
        let c = reference::parse(&normal).ok()?;
        let removed = !set.contains(&Normalizing::DotSegmentsKept);
        // A relative path's dot-segments, where the normalizer removes them, go with the
        // others: before the decoding.
        let relative = [
            Normalizing::RelativePathDotSegmentsRemovedBySegment,
            Normalizing::RelativePathDotSegmentsRemoved,
        ]
        .into_iter()
        .find(|step| removed && set.contains(step));
        let relative =
            relative.map(|step| (step, set.contains(&Normalizing::DotDotKeptAtRelativeStart)));
        dot_segments_before_decoding(&reference::parse(input).ok()?, &c, level, removed, relative)
    } else {
        normal
    };
    // A registered name lowercased before its triplets are decoded: the input's, where the
    // others decoded them.
    if set.contains(&Normalizing::HostLowercasedBeforeDecoding)
        && !set.contains(&Normalizing::UnreservedPercentEncodingsKept)
        && level != Level::Path
    {
        let given = reference::parse(input).ok()?;
        let c = reference::parse(&out).ok()?;
        if given.host_kind == Some(reference::HostKind::RegName)
            && c.host.is_some_and(|h| !h.is_empty())
        {
            let host = host_lowercased_before_decoding(given.host.unwrap_or(""));
            out = reference::recompose(&Components {
                host: Some(&host),
                ..c
            });
        }
    }
    let kept_above = set.contains(&Normalizing::DotDotKeptAtRelativeStart);
    let decoded_after = set.contains(&Normalizing::DotSegmentsRemovedBeforeDecoding)
        && !set.contains(&Normalizing::DotSegmentsKept)
        && !set.contains(&Normalizing::UnreservedPercentEncodingsKept)
        && !set.contains(&Normalizing::PercentEncodingCaseKept);
    for step in [
        Normalizing::ReservedPercentEncodingsDecoded,
        Normalizing::HostPercentEncodingLowercased,
        Normalizing::HostTrailingDotRemoved,
        Normalizing::RelativePathDotSegmentsRemovedBySegment,
        Normalizing::RelativePathDotSegmentsRemoved,
        Normalizing::DoubleSlashPathUnguarded,
        Normalizing::DoubleSlashPathSlashEncoded,
        Normalizing::FileEmptyAuthorityWritten,
    ] {
        let relative = matches!(
            step,
            Normalizing::RelativePathDotSegmentsRemovedBySegment
                | Normalizing::RelativePathDotSegmentsRemoved
        );
        if set.contains(&step)
            && !(relative && decoded_after)
            && let Some(next) = step.step(&out, kept_above)
        {
            out = next;
        }
    }
    // A network-path reference is relative too (no scheme): beside a removal of a relative
    // path's dot-segments, its ".." with no segment before it is kept as well, where the
    // reference's §5.2.4 takes it at the root (uriparser's `relative = ((uri->scheme.first ==
    // NULL) && !uri->absolutePath)`, absolutePath being false under an authority: "//h/.."
    // stays "//h/..").
    if kept_above
        && (set.contains(&Normalizing::RelativePathDotSegmentsRemovedBySegment)
            || set.contains(&Normalizing::RelativePathDotSegmentsRemoved))
    {
        let given = reference::parse(input).ok()?;
        if given.scheme.is_none() && given.has_authority() && given.path.contains("..") {
            let c = reference::parse(&out).ok()?;
            let mut decoded = String::with_capacity(given.path.len());
            reference::normalize::normalize_percent_encoding(&mut decoded, given.path, false);
            let path = super::resolving::remove_dot_segments_above_root_kept(&decoded);
            out = reference::recompose(&Components { path: &path, ..c });
        }
    }
    // The fragment removed last, from what the other steps wrote.
    if set.contains(&Normalizing::FragmentRemoved)
        && let Some(at) = out.find('#')
    {
        out.truncate(at);
    }
    // §6.2.3's "/" for an http empty path written without an authority too, the path read
    // before its dot-segments are removed.
    if set.contains(&Normalizing::HttpEmptyPathSlashWithoutAuthority) && level == Level::Scheme {
        let given = reference::parse(input).ok()?;
        let c = reference::parse(&out).ok()?;
        let http = given
            .scheme
            .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
        if http && !given.has_authority() && given.path.is_empty() && c.path.is_empty() {
            out = reference::recompose(&Components { path: "/", ..c });
        }
    }
    Some((written, out))
}

/// `host`, a registered name as written, lowercased and then its triplets normalized: those
/// of unreserved characters decoded as they are, the others' digits uppercased.
fn host_lowercased_before_decoding(host: &str) -> String {
    let mut lowered = String::with_capacity(host.len());
    for ch in host.chars() {
        lowered.push(ch.to_ascii_lowercase());
    }
    let decoded = decoded_where(&lowered, |_, b| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
    });
    uppercased_triplets(&decoded, false)
}

/// A relative path's dot-segments removed by `step` (one of the two relative-path
/// departures), a ".." with nothing to climb over kept where `kept_above`.
fn relative_dot_segments_removed(step: Normalizing, path: &str, kept_above: bool) -> String {
    match (step, kept_above) {
        (Normalizing::RelativePathDotSegmentsRemovedBySegment, _) => {
            dot_segments_removed_by_segment(path, kept_above)
        }
        (_, true) => super::resolving::remove_dot_segments_above_root_kept(path),
        (_, false) => reference::remove_dot_segments(path),
    }
}

/// `path`'s dot-segments removed on its list of segments: "." dropped, ".." dropping the
/// segment before it (if any) and the "/" between them, and an empty segment put at the end
/// where the last one was a dot-segment removed, so that the path keeps its final "/". Where
/// `kept_above`, a ".." with no segment before it, or only a ".." kept, is kept.
fn dot_segments_removed_by_segment(path: &str, kept_above: bool) -> String {
    let segments: Vec<&str> = path.split('/').collect();
    let mut out: Vec<&str> = Vec::with_capacity(segments.len());
    let mut last_removed = false;
    for &segment in &segments {
        last_removed = true;
        match segment {
            "." => {}
            ".." if kept_above && out.last().is_none_or(|last| *last == "..") => {
                out.push(segment);
                last_removed = false;
            }
            ".." => {
                out.pop();
            }
            _ => {
                out.push(segment);
                last_removed = false;
            }
        }
    }
    if last_removed {
        out.push("");
    }
    out.join("/")
}

/// The normalization of `input` with its path's dot-segments removed from the path as
/// written (where `removed`; kept otherwise; a relative path's by the step `relative`, if
/// any), its triplets decoded and uppercased after, given `normal`, the components of the
/// reference's normalization of it: every other component is the reference's, and (at the
/// scheme-based level) an empty path the reference writes "/" is written so.
fn dot_segments_before_decoding(
    input: &Components<'_>,
    normal: &Components<'_>,
    level: Level,
    removed: bool,
    relative: Option<(Normalizing, bool)>,
) -> String {
    let rootless_relative = input.scheme.is_none()
        && !input.has_authority()
        && !input.path.is_empty()
        && !input.path.starts_with('/');
    let path = if let (true, Some((step, kept_above))) = (rootless_relative, relative) {
        relative_dot_segments_removed(step, input.path, kept_above)
    } else if removed {
        reference::normalize::dot_segments_normalized(
            input.path,
            input.scheme.is_some(),
            input.has_authority(),
        )
    } else {
        input.path.to_owned()
    };
    let mut written = String::with_capacity(path.len());
    if level == Level::Path {
        written = path;
    } else {
        reference::normalize::normalize_percent_encoding(&mut written, &path, false);
    }
    if written.is_empty() && normal.path == "/" {
        written.push('/');
    }
    reference::recompose(&Components {
        path: &written,
        ..*normal
    })
}

/// `c` with each component's percent-encoded octets decoded where its grammar allows the
/// character as it is: sub-delims (and ":" after the first ":") in the userinfo, `pchar` and
/// "/" in the path (but ":" in a relative path's first segment), `pchar`, "/" and "?" in the
/// query and the fragment; a host's unreserved ones are decoded already.
fn reserved_decoded(c: &Components<'_>) -> String {
    const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";
    let pchar = |b: u8| SUB_DELIMS.contains(&b) || b == b':' || b == b'@';
    let userinfo = c.userinfo.map(|u| {
        let first_colon = u.find(':').unwrap_or(u.len());
        decoded_where(u, |at, b| {
            SUB_DELIMS.contains(&b) || (b == b':' && at > first_colon)
        })
    });
    let first_segment_end = if c.scheme.is_none() && !c.path.starts_with('/') {
        c.path.find('/').unwrap_or(c.path.len())
    } else {
        0
    };
    let path = decoded_where(c.path, |at, b| {
        (pchar(b) && !(b == b':' && at < first_segment_end)) || b == b'/'
    });
    let rest = |b: u8| pchar(b) || b == b'/' || b == b'?';
    let query = c.query.map(|q| decoded_where(q, |_, b| rest(b)));
    let fragment = c.fragment.map(|f| decoded_where(f, |_, b| rest(b)));
    reference::recompose(&Components {
        userinfo: userinfo.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..*c
    })
}

/// The normalization of `input` (the components the text has) with no triplet decoded,
/// given `normal`, the components of the reference's normalization of it: the scheme, the
/// authority's presence, the port and (at the scheme-based level) a "localhost" left out and
/// an empty path written "/" are the reference's; each other component is the input's, its
/// triplets' hexadecimal digits uppercased (and the host's other letters lowercased), and the
/// path's dot-segments then removed as the reference removes them. Where `case_kept`
/// ([`Normalizing::PercentEncodingCaseKept`] beside it: neither step of §6.2.2.1 and §6.2.2.2
/// done on them), the triplets of the userinfo, the path, the query and the fragment keep the
/// case they are written in; a registered name's are still the host normalizer's.
fn unreserved_kept(
    input: &Components<'_>,
    normal: &Components<'_>,
    level: Level,
    case_kept: bool,
    options: NormalizeOptions,
) -> String {
    if level == Level::Path {
        return reference::recompose(normal);
    }
    let written = |text: &str| {
        if case_kept {
            text.to_owned()
        } else {
            uppercased_triplets(text, false)
        }
    };
    let userinfo = normal.userinfo.and(input.userinfo).map(written);
    let host = match (input.host, normal.host) {
        (Some(host), Some("")) if host.eq_ignore_ascii_case("localhost") => Some(String::new()),
        (Some(host), Some(_)) if input.host_kind == Some(reference::HostKind::RegName) => {
            Some(uppercased_triplets(host, true))
        }
        (_, host) => host.map(str::to_owned),
    };
    let encoded_path = written(input.path);
    // The dot-segments removed as the normalizer's readings remove them (choice 10: a
    // rootless path kept rootless, "a:b/..?%7a" is "a:?%7A").
    let mut path = reference::normalize::path_dot_segments_normalized(encoded_path, input, options);
    if path.is_empty() && normal.path == "/" {
        path.push('/');
    }
    let query = input.query.map(written);
    let fragment = input.fragment.map(written);
    reference::recompose(&Components {
        userinfo: userinfo.as_deref(),
        host: host.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..*normal
    })
}

/// `text` with each triplet's hexadecimal digits uppercased, and with its other ASCII
/// letters lowercased where `lowercase` (a registered name, §6.2.2.1).
fn uppercased_triplets(text: &str, lowercase: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        let triplet = rest
            .as_bytes()
            .get(..3)
            .filter(|t| t[0] == b'%' && t[1].is_ascii_hexdigit() && t[2].is_ascii_hexdigit());
        if let Some(t) = triplet {
            out.push('%');
            out.push(char::from(t[1].to_ascii_uppercase()));
            out.push(char::from(t[2].to_ascii_uppercase()));
            rest = &rest[3..];
        } else {
            out.push(if lowercase {
                ch.to_ascii_lowercase()
            } else {
                ch
            });
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

/// `text` with each pct-encoded triplet at byte `at` whose octet `decode(at, octet)` takes
/// replaced by the octet.
pub(crate) fn decoded_where(text: &str, decode: impl Fn(usize, u8) -> bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < bytes.len() {
        let octet = (bytes[at] == b'%'
            && at + 2 < bytes.len()
            && bytes[at + 1].is_ascii_hexdigit()
            && bytes[at + 2].is_ascii_hexdigit())
        .then(|| u8::from_str_radix(&text[at + 1..at + 3], 16).ok())
        .flatten();
        match octet {
            Some(b) if b.is_ascii() && decode(at, b) => {
                out.push(char::from(b));
                at += 3;
            }
            _ => {
                let ch = text[at..].chars().next().expect("in the text");
                out.push(ch);
                at += ch.len_utf8();
            }
        }
    }
    out
}

/// The normalization of `input` with its triplets' hexadecimal digits as written, given
/// `normal`, the components of the reference's normalization of it: the scheme, the
/// authority (a registered name's triplets uppercased, §6.2.2.1 read by the host's own
/// normalizer) and the port are the reference's; the userinfo, the path, the query and the
/// fragment are the input's with the triplets of unreserved characters decoded, the path's
/// dot-segments then removed as the reference removes them.
fn case_kept(input: &Components<'_>, normal: &Components<'_>, level: Level) -> String {
    if level == Level::Path {
        return reference::recompose(normal);
    }
    let decoded = |text: &str| {
        decoded_where(text, |_, b| {
            b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
        })
    };
    let userinfo = normal.userinfo.and(input.userinfo).map(decoded);
    let mut path = reference::normalize::dot_segments_normalized(
        &decoded(input.path),
        input.scheme.is_some(),
        input.has_authority(),
    );
    if path.is_empty() && normal.path == "/" {
        path.push('/');
    }
    let query = input.query.map(decoded);
    let fragment = input.fragment.map(decoded);
    reference::recompose(&Components {
        userinfo: userinfo.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..*normal
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Erlang's uri_string and uri-js write an http URI's empty path "/" with or without an
    /// authority, the path read before its dot-segments go (RFC 3986 §6.2.3 writes it "with an
    /// empty path" of "a URI that uses the generic syntax for authority" only).
    /// uri-js's and fast-uri's ws and wss handlers: `wsComponents.fragment = undefined`.
    #[test]
    fn the_fragment_may_be_removed() {
        let removed = Normalizing::FragmentRemoved;
        assert_eq!(
            removed.normalized("ws:#@", Level::Syntax).as_deref(),
            Some("ws:")
        );
        assert_eq!(
            removed.normalized("WS://H/%7e#", Level::Syntax).as_deref(),
            Some("ws://h/~")
        );
        // Nothing to remove: the reference's answer.
        assert_eq!(removed.normalized("ws://h/p?q", Level::Syntax), None);
        // Not the empty fragment alone, nor the query.
        assert_ne!(
            removed.normalized("a:?#b", Level::Syntax).as_deref(),
            Some("a:?#")
        );
        assert_eq!(
            removed.normalized("a:?#b", Level::Syntax).as_deref(),
            Some("a:?")
        );
    }

    #[test]
    fn http_empty_path_slash_without_authority() {
        let d = Normalizing::HttpEmptyPathSlashWithoutAuthority;
        assert_eq!(
            d.normalized("HTTP:", Level::Scheme).as_deref(),
            Some("http:/")
        );
        assert_eq!(
            d.normalized("https:?q#f", Level::Scheme).as_deref(),
            Some("https:/?q#f")
        );
        // Near-misses: a path that is not empty as written, another scheme, an authority
        // (§6.2.3's own "/"), the syntax level.
        assert_eq!(d.normalized("http:.", Level::Scheme), None);
        assert_eq!(d.normalized("ws:", Level::Scheme), None);
        assert_eq!(d.normalized("http://h", Level::Scheme), None);
        assert_eq!(d.normalized("http:", Level::Syntax), None);
        // With §6.2.3 done unasked (uri-js's handler at the syntax level).
        assert_eq!(
            normalized_of(
                &[Normalizing::SchemeBasedUnasked, d],
                "HTTP:",
                Level::Syntax
            )
            .as_deref(),
            Some("http:/")
        );
    }

    /// Poco's and QUrl's `toString` write "//" after "file:" where there is no authority
    /// (RFC 3986 §5.3: "if defined(authority) then append "//"").
    #[test]
    fn file_empty_authority_written() {
        let d = Normalizing::FileEmptyAuthorityWritten;
        assert_eq!(
            d.normalized("FILE:/a/../b", Level::Syntax).as_deref(),
            Some("file:///b")
        );
        assert_eq!(
            d.normalized("file:/.//x", Level::Syntax).as_deref(),
            Some("file:////x")
        );
        // Near-misses: another scheme, a rootless path, an authority already there.
        assert_eq!(d.normalized("a:/x", Level::Syntax), None);
        assert_eq!(d.normalized("file:x", Level::Syntax), None);
        assert_eq!(d.normalized("file://h/x", Level::Syntax), None);
    }

    #[test]
    fn a_relative_paths_dot_segments_may_be_removed() {
        let removed = Normalizing::RelativePathDotSegmentsRemoved;
        let at = |input: &str| removed.normalized(input, Level::Syntax);
        assert_eq!(at("."), Some("".into()));
        assert_eq!(at("a/."), Some("a/".into()));
        assert_eq!(at("./a:"), Some("a:".into()));
        // §5.2.4 on "b/../~": "b" is moved out, "/../" takes it back and leaves "/", so "/~".
        assert_eq!(at("b/../%7e?q"), Some("/~?q".into()));
        // Nothing to remove, or a path the reference treats so already.
        assert_eq!(at("a/b"), None);
        assert_eq!(at("/a/./b"), None);
        assert_eq!(at("s:a/./b"), None);
    }

    #[test]
    fn reserved_percent_encodings_may_be_decoded() {
        let decoded = Normalizing::ReservedPercentEncodingsDecoded;
        let at = |input: &str| decoded.normalized(input, Level::Syntax);
        assert_eq!(at("%2a"), Some("*".into()));
        assert_eq!(at("?%3a"), Some("?:".into()));
        assert_eq!(at("#%21"), Some("#!".into()));
        assert_eq!(at("%2F/"), Some("//".into()));
        // A user part (before the first ":") keeps its colons encoded, a password does not.
        assert_eq!(at("s://u%3A:v%3A@h/%40"), Some("s://u%3A:v:@h/@".into()));
        // A relative path's first segment keeps its colon encoded; a later one does not.
        assert_eq!(at("a%3Ab/c%3Ad"), Some("a%3Ab/c:d".into()));
        // Unreserved ones are the reference's already; other octets stay encoded.
        assert_eq!(at("%41/%25/%20?%23"), None);
    }

    #[test]
    fn unreserved_percent_encodings_may_be_kept() {
        let kept = Normalizing::UnreservedPercentEncodingsKept;
        let at = |input: &str| kept.normalized(input, Level::Syntax);
        assert_eq!(at("%7a"), Some("%7A".into()));
        assert_eq!(at("#%41"), Some("#%41".into()));
        assert_eq!(at("?%7e%2f"), Some("?%7E%2F".into()));
        assert_eq!(at("a://%7a@"), Some("a://%7A@".into()));
        // A registered name's letters lowercased, its triplets' digits uppercased.
        assert_eq!(at("//A%4a%c3%a9"), Some("//a%4A%C3%A9".into()));
        // An encoded dot is no dot-segment; a written one is removed.
        assert_eq!(at("/a/%2E%2E/./b"), Some("/a/%2E%2E/b".into()));
        assert_eq!(at("HTTP://h/%7e/../x"), None);
        // The scheme-based level's writing of the empty path and the default port.
        assert_eq!(
            kept.normalized("http://h:80?%7e", Level::Scheme),
            Some("http://h/?%7E".into())
        );
        // Nothing decoded by the reference: the same answer.
        assert_eq!(at("/a/%20?%25"), None);
        assert_eq!(at("a:b"), None);
        assert_eq!(kept.normalized("/%7e", Level::Path), None);
    }

    #[test]
    fn a_hosts_percent_encodings_may_be_lowercased() {
        let lowered = Normalizing::HostPercentEncodingLowercased;
        let at = |input: &str| lowered.normalized(input, Level::Syntax);
        assert_eq!(at("//%aa"), Some("//%aa".into()));
        assert_eq!(at("A://H%C3%A9/%aa"), Some("a://h%c3%a9/%AA".into()));
        // Only a registered name's triplets; without one, the reference's answer.
        assert_eq!(at("//h/%aa"), None);
        assert_eq!(at("//[v1.a]"), None);
    }

    #[test]
    fn a_double_slash_path_may_be_written_with_its_slash_encoded() {
        let encoded = Normalizing::DoubleSlashPathSlashEncoded;
        let at = |input: &str| encoded.normalized(input, Level::Syntax);
        // uri-js's and fast-uri's `normalize`: "/.//" is "/%2F" (`s.replace(/^\/\//,
        // "/%2F")` on what removeDotSegments leaves, "//").
        assert_eq!(at("/.//"), Some("/%2F".into()));
        assert_eq!(at("a:/.//b?q"), Some("a:/%2Fb?q".into()));
        assert_eq!(at("/a/..///b"), Some("/%2F/b".into()));
        // Near misses: with an authority the path is written as it is, and a path the
        // removal leaves without "//" has nothing to guard.
        assert_eq!(at("//h/.//b"), None);
        assert_eq!(at("/./b"), None);
    }

    #[test]
    fn a_hosts_trailing_dot_may_be_removed() {
        // Addressable's normalized_host: "if result =~ /[^\.]\.$/ # Single trailing dots are
        // unnecessary."
        let removed = Normalizing::HostTrailingDotRemoved;
        let at = |input: &str| removed.normalized(input, Level::Scheme);
        assert_eq!(at("//0."), Some("//0".into()));
        assert_eq!(at("HTTP://A.B./p"), Some("http://a.b/p".into()));
        assert_eq!(at("//a%2E"), Some("//a".into()));
        // Near misses: two dots, a name of one dot, a dot inside, no host, an IP literal.
        assert_eq!(at("//a.."), None);
        assert_eq!(at("//."), None);
        assert_eq!(at("//a.b"), None);
        assert_eq!(at("a:b."), None);
        assert_eq!(at("//[v1.a]"), None);
    }

    #[test]
    fn a_double_slash_path_may_be_written_unguarded() {
        let unguarded = Normalizing::DoubleSlashPathUnguarded;
        let at = |input: &str| unguarded.normalized(input, Level::Syntax);
        assert_eq!(at("/.//"), Some("//".into()));
        assert_eq!(at("a:/.//b"), Some("a://b".into()));
        assert_eq!(at("/a/..//b?q"), Some("//b?q".into()));
        // With an authority the path is no authority's start; without "//" nothing is guarded.
        assert_eq!(at("//h/.//b"), None);
        assert_eq!(at("/./b"), None);
    }

    #[test]
    fn a_path_read_otherwise_may_be_refused() {
        use Normalizing::*;
        let refused = AmbiguousPathRefused;
        let at = |set: &[Normalizing], input: &str, level: Level| outcome_of(set, input, level);
        let refusal = |outcome: Option<Outcome>| matches!(outcome, Some(Outcome::Invalid(_)));
        // Addressable's "Cannot have a path with two leading slashes without an authority
        // set" and Qt's "Path component starts with '//' and authority is absent".
        assert!(refusal(at(&[refused], "/.//", Level::Scheme)));
        assert!(refusal(at(&[refused], "f:/.//g", Level::Syntax)));
        assert!(refusal(at(&[refused], "mailto:/%2E//a", Level::Syntax)));
        assert!(refusal(at(&[refused], "a:.///%7e", Level::Scheme)));
        assert!(refusal(at(&[refused], "/a/..//b", Level::Syntax)));
        // A "//" path whose first segment holds a ":": read with an authority whose port is
        // no port, refused all the same (addressable's "Cannot have a path with two leading
        // slashes without an authority set: '//:a'", Qt's "Path component starts with '//'
        // and authority is absent; source was "//x:y/c;p=0"").
        assert!(refusal(at(&[refused], "/.//:a", Level::Scheme)));
        assert!(refusal(at(
            &[refused],
            "mailto:/.//x:y/%2e/c;p=0",
            Level::Syntax
        )));
        assert!(refusal(at(
            &[refused],
            "a:/.//x:y/%3a/%2E/%7E/@#:@",
            Level::Scheme
        )));
        // Near misses: the same segment after a first one, or after the authority, is read
        // as a path.
        assert_eq!(at(&[refused], "/./a/x:y", Level::Syntax), None);
        assert_eq!(at(&[refused], "//h/.//x:y", Level::Syntax), None);
        // Addressable's "Cannot assemble URI string with ambiguous path": a relative path's
        // "./" removed by the other step leaves a scheme.
        let addressable = [RelativePathDotSegmentsRemoved, refused];
        assert!(refusal(at(&addressable, "./z:...", Level::Scheme)));
        assert_eq!(
            at(&addressable, "./z/./y", Level::Scheme),
            Some(Outcome::Normalized("z/y".into()))
        );
        // Alone, the relative path keeps its "./" (choice 5): nothing read otherwise.
        assert_eq!(at(&[refused], "./z:...", Level::Scheme), None);
        // Near misses: a "//" path with an authority, a path the removal leaves plain, a "//"
        // the normalizer keeps (dot-segments kept) or writes as it is (unguarded).
        assert_eq!(at(&[refused], "//h/.//b", Level::Syntax), None);
        assert_eq!(at(&[refused], "/a/./b", Level::Syntax), None);
        assert_eq!(
            at(&[refused, DoubleSlashPathUnguarded], "/.//", Level::Syntax),
            Some(Outcome::invalid(
                "the normalized path would be read otherwise".into()
            ))
        );
        assert_eq!(at(&[refused, DotSegmentsKept], "/.//", Level::Syntax), None);
        // The controls: refused where "//" is left, not where the path is plain.
        let [left, plain] = &refused.controls("a:/.//")[..] else {
            panic!("two controls");
        };
        assert!(refusal(at(&[refused], left, Level::Syntax)));
        assert_eq!(at(&[refused], plain, Level::Syntax), None);
    }

    #[test]
    fn a_triplets_case_may_be_kept() {
        let kept = Normalizing::PercentEncodingCaseKept;
        let at = |input: &str| kept.normalized(input, Level::Syntax);
        // §6.2.2.1 uppercases "%0a"; §6.2.2.2 decodes "%7a" all the same.
        assert_eq!(at("a+:%0a"), Some("a+:%0a".into()));
        assert_eq!(at("aa:?%0a%7a"), Some("aa:?%0az".into()));
        assert_eq!(at("aa:#%c3%a9"), Some("aa:#%c3%a9".into()));
        assert_eq!(at("aa://%aa@a"), Some("aa://%aa@a".into()));
        // An encoded dot is decoded, then removed as a dot-segment.
        assert_eq!(at("a://h/%2e/%0a/x/%2E%2E"), Some("a://h/%0a/".into()));
        // The scheme-based level's empty path written "/".
        assert_eq!(
            kept.normalized("aa://%aa@a", Level::Scheme),
            Some("aa://%aa@a/".into())
        );
        // Uppercase digits, or no triplet but unreserved ones: the reference's answer.
        assert_eq!(at("aa:%0A%7a"), None);
        assert_eq!(at("A:/%7e"), None);
        assert_eq!(kept.normalized("/%0a", Level::Path), None);
    }

    #[test]
    fn a_normalizers_steps_act_under_its_readings() {
        use Normalizing::*;
        let reading = |f: fn(&mut NormalizeOptions)| {
            let mut options = NormalizeOptions::default();
            f(&mut options);
            options
        };
        // Python's rfc3986: normalizers.normalize_authority writes the port only "if port:"
        // (choice 11, an empty port removed at the syntax level) and the host by
        // `host.lower()`: "//%0a:" is "//%0a".
        let empty_port = reading(|o| o.empty_port_removed = true);
        let lowered = [HostPercentEncodingLowercased];
        assert_eq!(
            normalized_under(&lowered, "//%0a:", Level::Syntax, empty_port),
            Some("//%0a".into())
        );
        // Near-misses: without the reading the empty port stays; a port that is there stays.
        assert_eq!(
            normalized_of(&lowered, "//%0a:", Level::Syntax),
            Some("//%0a:".into())
        );
        assert_eq!(
            normalized_under(&lowered, "//%0a:1", Level::Syntax, empty_port),
            Some("//%0a:1".into())
        );
        // Choice 10's rootless path kept rootless beside its unreserved triplets kept
        // (normalizers.normalize_percent_characters uppercases, never decodes): "a:b/..?%7a"
        // is "a:?%7A"; the reference's reading gives "a:/?%7A".
        let rootless = reading(|o| o.rootless_kept = true);
        let kept = [UnreservedPercentEncodingsKept];
        assert_eq!(
            normalized_under(&kept, "a:b/..?%7a", Level::Syntax, rootless),
            Some("a:?%7A".into())
        );
        assert_eq!(
            normalized_of(&kept, "a:b/..?%7a", Level::Syntax),
            Some("a:/?%7A".into())
        );
        // A path with a root is the same under either reading.
        assert_eq!(
            normalized_under(&kept, "a:/b/..?%7a", Level::Syntax, rootless),
            Some("a:/?%7A".into())
        );
    }

    #[test]
    fn steps_that_keep_triplets_compose() {
        use Normalizing::*;
        let at = |set: &[Normalizing], input: &str| normalized_of(set, input, Level::Syntax);
        // Neither decoded (§6.2.2.2 not done) nor uppercased (§6.2.2.1 not done) outside the
        // host: every triplet as written there, a registered name's digits uppercased and its
        // letters lowercased by the host's normalizer.
        let both = [UnreservedPercentEncodingsKept, PercentEncodingCaseKept];
        assert_eq!(at(&both, "//H%4a/%7e"), Some("//h%4A/%7e".into()));
        assert_eq!(at(&both, "a:%7a?%2f#%41"), Some("a:%7a?%2f#%41".into()));
        // Each alone is the step it is.
        assert_eq!(
            at(&[UnreservedPercentEncodingsKept], "//H%4a/%7e"),
            Some("//h%4A/%7E".into())
        );
        assert_eq!(at(&[PercentEncodingCaseKept], "//H%4a/%7e"), None);
        // A registered name lowercased whole acts on what the unreserved triplets kept left:
        // alone it has no triplet to act on, the reference having decoded "%4a".
        let host = [
            UnreservedPercentEncodingsKept,
            HostPercentEncodingLowercased,
        ];
        assert_eq!(at(&host, "//H%4a/%7e"), Some("//h%4a/%7E".into()));
        assert_eq!(at(&[HostPercentEncodingLowercased], "//H%4a/%7e"), None);
        // What the RFC writes already is no departure of the set.
        assert_eq!(at(&both, "//h/%0A"), None);
    }

    #[test]
    fn a_relative_paths_dot_segments_may_be_removed_by_segment() {
        let removed = Normalizing::RelativePathDotSegmentsRemovedBySegment;
        let at = |input: &str| removed.normalized(input, Level::Syntax);
        // A ".." takes its segment and the "/" after it: "b", where §5.2.4 gives "/b".
        assert_eq!(at("a/../b"), Some("b".into()));
        assert_eq!(at("a/.."), Some("".into()));
        assert_eq!(at("a/./b/."), Some("a/b/".into()));
        assert_eq!(at("a/..//b"), Some("/b".into()));
        // Written as it is: "//" is an authority read back (uriparser, hyperlink).
        assert_eq!(at("a/..///"), Some("//".into()));
        assert_eq!(at("./a:"), Some("a:".into()));
        assert_eq!(at("b/../%7e?q"), Some("~?q".into()));
        // Near misses: §5.2.4's reading is the other departure's; an absolute path, or one
        // after a scheme, is the reference's already; nothing to remove.
        assert_ne!(at("a/../b"), Some("/b".into()));
        assert_eq!(at("/a/../b"), None);
        assert_eq!(at("s:a/../b"), None);
        assert_eq!(at("a/b"), None);
    }

    #[test]
    fn a_dot_dot_may_be_kept_at_a_relative_paths_start() {
        use Normalizing::*;
        let at = |set: &[Normalizing], input: &str| normalized_of(set, input, Level::Syntax);
        let uriparser = [
            RelativePathDotSegmentsRemovedBySegment,
            DotDotKeptAtRelativeStart,
        ];
        // uriparser's `relative`: "we cannot simplify "../b/d"", nor "a/../../b" to "a/b".
        assert_eq!(at(&uriparser, "a/../../b"), Some("../b".into()));
        assert_eq!(at(&uriparser, "a/b/../../.."), Some("..".into()));
        assert_eq!(at(&uriparser, "../a/./b"), Some("../a/b".into()));
        assert_eq!(at(&uriparser, "a/.."), Some("".into()));
        // Beside §5.2.4's reading: RFC 2396's "retaining these components".
        let rfc = [RelativePathDotSegmentsRemoved, DotDotKeptAtRelativeStart];
        assert_eq!(at(&rfc, "a/../../b"), Some("../b".into()));
        // Alone it changes nothing; without it the ".." goes.
        assert_eq!(at(&[DotDotKeptAtRelativeStart], "a/../../b"), None);
        assert_eq!(
            at(&[RelativePathDotSegmentsRemovedBySegment], "a/../../b"),
            Some("b".into())
        );
        // An absolute path's are the reference's.
        assert_eq!(at(&uriparser, "/../b"), None);
        // A network-path reference is relative too: "//h/.." keeps its ".." (the reference
        // gives "//h/"), one that climbs over a segment loses both.
        assert_eq!(at(&uriparser, "//h/.."), Some("//h/..".into()));
        assert_eq!(at(&uriparser, "//h/a/../../b"), Some("//h/../b".into()));
        assert_eq!(at(&uriparser, "//h/a/.."), None);
        // Near misses: alone it changes nothing; after a scheme the ".." goes at the root.
        assert_eq!(at(&[DotDotKeptAtRelativeStart], "//h/.."), None);
        assert_eq!(at(&uriparser, "a://h/.."), None);
    }

    #[test]
    fn dot_segments_may_be_removed_before_decoding() {
        let before = Normalizing::DotSegmentsRemovedBeforeDecoding;
        let at = |input: &str| before.normalized(input, Level::Syntax);
        // hyperlink's and network-uri's order: the "%2E" segment is no dot-segment yet.
        assert_eq!(at("/%2E"), Some("/.".into()));
        assert_eq!(at("/a/%2E%2E/b"), Some("/a/../b".into()));
        assert_eq!(at("a:/b/./%2e/c/../%7e"), Some("a:/b/./~".into()));
        assert_eq!(at("//h/%2e/%41?%7e"), Some("//h/./A?~".into()));
        // Written dots only, or no dot: the reference's answer.
        assert_eq!(at("/a/./b/../%7e"), None);
        assert_eq!(at("/%41"), None);
        // A relative path keeps its dot-segments either way (choice 5).
        assert_eq!(at("a/%2E"), None);
        // The guard of a "//" path is the reference's.
        assert_eq!(at("a:/.//%2E"), Some("a:/.//.".into()));
    }

    #[test]
    fn a_host_may_be_lowercased_before_decoding() {
        let before = Normalizing::HostLowercasedBeforeDecoding;
        let at = |input: &str| before.normalized(input, Level::Syntax);
        // Erlang's uri_string and uriparse: the decoded letter keeps its case.
        assert_eq!(at("//%46"), Some("//F".into()));
        assert_eq!(at("//%41%2fB"), Some("//A%2Fb".into()));
        assert_eq!(
            before.normalized("HTTP://%4A%6b:80/%4a", Level::Scheme),
            Some("http://Jk/J".into())
        );
        // No letter decoded, a lowercase one, or an IP literal: the reference's answer.
        assert_eq!(at("//A%2f"), None);
        assert_eq!(at("//%61"), None);
        assert_eq!(at("//[v1.A]"), None);
        assert_eq!(at("/%41"), None);
    }

    #[test]
    fn dot_segments_may_be_kept() {
        let kept = Normalizing::DotSegmentsKept;
        let at = |input: &str| kept.normalized(input, Level::Syntax);
        assert_eq!(at("/."), Some("/.".into()));
        assert_eq!(
            at("HTTP://H/a/./b/../%7e"),
            Some("http://h/a/./b/../~".into())
        );
        assert_eq!(
            kept.normalized("http://h:80/./", Level::Scheme),
            Some("http://h/./".into())
        );
        // No dot-segment, or a relative path's: the reference's answer.
        assert_eq!(at("/a/%7e"), None);
        assert_eq!(at("a/./b"), None);
    }

    #[test]
    fn the_scheme_based_normalization_may_be_done_unasked() {
        let unasked = Normalizing::SchemeBasedUnasked;
        let at = |input: &str| unasked.normalized(input, Level::Syntax);
        // §6.2.3 on top of §6.2.2: the default port dropped, the empty path written "/".
        assert_eq!(at("http://:80"), Some("http:///".into()));
        assert_eq!(at("HTTP://h"), Some("http://h/".into()));
        // Asked, or with nothing §6.2.3 rewrites: the reference's answer.
        assert_eq!(unasked.normalized("http://h:80", Level::Scheme), None);
        assert_eq!(at("http://h/"), None);
        assert_eq!(at("a:b"), None);
    }

    #[test]
    fn steps_compose_with_the_unasked_scheme_based_normalization() {
        use Normalizing::*;
        let at = |set: &[Normalizing], input: &str| normalized_of(set, input, Level::Syntax);
        assert_eq!(
            at(
                &[SchemeBasedUnasked, UnreservedPercentEncodingsKept],
                "http://h:80?%7e"
            ),
            Some("http://h/?%7E".into())
        );
        assert_eq!(
            at(
                &[SchemeBasedUnasked, DotSegmentsRemovedBeforeDecoding],
                "http://h:80/%2E"
            ),
            Some("http://h/.".into())
        );
        // hyperlink removes a relative path's dot-segments before decoding too: "a/%2E" keeps
        // the "." it decodes, "a/%2E/./b/.." loses the written ones.
        let hyperlink = [
            RelativePathDotSegmentsRemovedBySegment,
            DotSegmentsRemovedBeforeDecoding,
        ];
        assert_eq!(at(&hyperlink, "a/%2E/./b/.."), Some("a/./".into()));
        assert_eq!(
            at(&[RelativePathDotSegmentsRemovedBySegment], "a/%2E/./b/.."),
            Some("a/".into())
        );
    }

    #[test]
    fn the_controls_tell_each_step_from_its_rival() {
        use Normalizing::*;
        let at = |set: &[Normalizing], input: &str| normalized_of(set, input, Level::Syntax);
        // Each pair gives the same answer on the case and another on the first's control.
        for (step, rival, case) in [
            (
                RelativePathDotSegmentsRemovedBySegment,
                RelativePathDotSegmentsRemoved,
                "a/.",
            ),
            (
                DotSegmentsKept,
                DotSegmentsRemovedBeforeDecoding,
                "a:/%2e%2E/a..",
            ),
            (DotSegmentsRemovedBeforeDecoding, DotSegmentsKept, "/%2E"),
        ] {
            assert_eq!(at(&[step], case), at(&[rival], case), "{case}");
            for control in step.controls(case) {
                assert_ne!(at(&[step], &control), at(&[rival], &control), "{control}");
            }
        }
        assert_eq!(
            RelativePathDotSegmentsRemovedBySegment.controls("a/."),
            ["a/../b"]
        );
        assert_eq!(DotSegmentsKept.controls("a:/."), ["a://h/a/./b/../c"]);
        // The uriparser pair answers its control with the ".." kept, the segment step alone
        // without.
        let pair = [
            RelativePathDotSegmentsRemovedBySegment,
            DotDotKeptAtRelativeStart,
        ];
        let [control] = &DotDotKeptAtRelativeStart.controls("a/../../b")[..] else {
            panic!("one control");
        };
        assert_eq!(at(&pair, control), Some("../b".into()));
        assert_eq!(
            at(&[RelativePathDotSegmentsRemovedBySegment], control),
            Some("b".into())
        );
        // The others: the step's own answer on its control differs from the RFC's.
        for step in [SchemeBasedUnasked, HostLowercasedBeforeDecoding] {
            for control in step.controls("a:") {
                assert!(at(&[step], &control).is_some(), "{control}");
            }
        }
        assert!(ReservedPercentEncodingsDecoded.controls("a:").is_empty());
    }
}
