//! Executable models of documented behaviour: what a crate answers where it departs from the
//! letter of RFC 3986 on purpose. A known difference forgives an answer only when its crate's
//! model reproduces that answer exactly (see `super::catalogue`).
//!
//! A crate's model for one operation is composed of every catalogue entry that names the crate
//! and the operation, in catalogue order:
//! 1. rewrites of the case (`Transform::rewrite`), e.g. fluent-uri keeps a base's last `..`;
//! 2. readings of the reference (`Reading`): the answer of the reference under the
//!    `ResolveOptions` / `NormalizeOptions` the crate documents;
//! 3. transformations of that answer (`Transform::apply`), each a named rule of the crate.
//!
//! A bug's model is a step of the same kinds, added to its crate's model. http's (`http`) read
//! the case as http 1.5.0 does: a rewrite repairs the one part the wrong rule lets through,
//! where http's reading of the case as given puts it (so that the repairs of several bugs
//! compose), the crate's known model answers the repaired case, and `apply` puts back what
//! http reports for that part of the case as given. rocket_http's (`rocket`), known rules and bugs alike, read
//! the case as rocket_http 0.5.2 does: a rewrite replaces, one byte for one, what the rule lets
//! through where rocket_http reads it, the reference answers, and `apply` puts back the case's
//! own text at those places.
//!
//! Nothing here compares two answers loosely: every step computes one answer.

mod uriparse;

use serde::Deserialize;

mod addressable;
mod boost_url;
mod curl;
mod dotnet;
mod glib;
mod guzzle;
mod http;
mod hyperlink;
mod java;
mod legacy_url;
mod libxml2;
mod network_uri;
mod ocaml_uri;
mod perl_uri;
mod php;
mod poco;
mod qurl;
mod rfc2396;
mod rfc3986;
mod rhymu8354;
mod rhymuri;
mod rocket;
mod ruby_uri;
mod sophia;
mod uri_js;
mod uri_string;
mod uriparser;
mod uritools;
pub(crate) mod url;
mod url_parse;
mod urllib;
mod yarl;

use crate::impls::Implementation;
use crate::impls::reference::Reference;
use crate::model::{Components, Outcome, Subject};
use crate::protocol::Request;
use crate::reference::{self, HostKind, Level, NormalizeOptions, ResolveOptions};

/// What an entry's model is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Model {
    /// A reading of the reference where RFC 3986 leaves room (vectors/README.md).
    Reading(Reading),
    /// A named rule of the crate, applied to the case or to the reference's answer.
    Transform(Transform),
    /// The WHATWG URL Standard (`crate::whatwg`): the crate's answer is the Standard's, through
    /// the same mapping onto components as its adapter. Replaces the reference's answer.
    UrlStandard,
    /// The URL Standard with one documented departure from its current text: a bug model of a
    /// URL-Standard crate, composed with its `url-standard` step.
    UrlStandardDeparting(Departure),
    /// A departure from RFC 3986 of the shared library (`super::departures`), documented by
    /// the implementation whose entry names it.
    Departure(super::departures::Departure),
    /// Resolution by RFC 2396 §5.2 (1998) rather than RFC 3986 §5.2, under the readings RFC
    /// 2396 leaves open (`rfc2396::Choices`): dot-segments removed from a merged relative path
    /// alone, an empty reference the current document, ".." above the root kept or dropped.
    /// Applied to the answer like a transform.
    Rfc2396(rfc2396::Choices),
    /// A serializer's departure from §5.3 (`super::serializing`), documented by the
    /// implementation whose entry names it: it names the round trips (parse, write, parse
    /// again) it breaks, and changes no answer of the parser.
    Serializing(super::serializing::Serializing),
    /// Several departures of the library that the library's source shows to be one code path
    /// or one design decision (`model: !departures [userinfo-unchecked, host-unchecked]`): one
    /// entry, one report. The catalogue reads it as one step per departure, each named by the
    /// entry (`super::catalogue::Entry::piece`), so that any of them, or any set of them,
    /// composed with the rest of the model, explains a finding as that entry; no model holds
    /// this variant itself.
    Departures(DepartureSet),
}

/// The departures of one entry (`!departures [...]`), in the order written: at most
/// [`DepartureSet::MOST`], at least one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepartureSet([Option<super::departures::Departure>; DepartureSet::MOST]);

impl DepartureSet {
    /// The most departures one entry names.
    pub const MOST: usize = 8;

    /// The departures, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = super::departures::Departure> + '_ {
        self.0.iter().flatten().copied()
    }
}

impl<'de> Deserialize<'de> for DepartureSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<super::departures::Departure>::deserialize(deserializer)?;
        if list.is_empty() || list.len() > DepartureSet::MOST {
            return Err(serde::de::Error::custom(format!(
                "`!departures` names one to {} departures, not {}",
                DepartureSet::MOST,
                list.len()
            )));
        }
        let mut set = [None; DepartureSet::MOST];
        for (i, departure) in list.into_iter().enumerate() {
            if set[..i].contains(&Some(departure)) {
                return Err(serde::de::Error::custom(format!(
                    "`!departures` names {} twice",
                    departure.id()
                )));
            }
            set[i] = Some(departure);
        }
        Ok(DepartureSet(set))
    }
}

/// A departure from the URL Standard's current text (`crate::whatwg::Departures`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Departure {
    /// The domain parser before whatwg/url#914: ASCII domains through UTS #46 ToASCII.
    AsciiDomainsThroughUts46,
    /// A special relative reference starting with `//` skips those two slashes only.
    SpecialRelativeSkipsTwoSlashes,
    /// The path percent-encode set without `^`.
    PathCaretNotEncoded,
    /// An opaque path keeps a space before `?` or `#`.
    OpaquePathSpaceKept,
    /// The Bidi Rule only on labels with a right-to-left character of their own.
    BidiRulePerLabel,
    /// A Windows drive letter is never removed by a ".." segment.
    DriveLetterNeverShortened,
    /// A non-special URL with the userinfo "" or ":" may have an empty host.
    EmptyUserinfoEmptyHostAccepted,
    /// A file URL's path loses its leading empty segments.
    FilePathLeadingEmptySegmentsDropped,
    /// "\\" is a slash in a non-special URL's port and relative reference.
    BackslashAsSlashInNonSpecial,
    /// A file URL's path that starts with a drive letter drops the host.
    FileDriveLetterDropsHost,
    /// After an empty file host, the path is read one segment down.
    FileEmptyHostPathOneSegmentDown,
    /// A tab or newline after a first-segment drive letter splits the segment.
    FileDriveLetterSplitAtTab,
    /// The "/." before a path stays as the parser wrote it through url's setters.
    SettersKeepDotPrefix,
    /// An empty host set on a non-special URL with credentials or a port.
    SetHostEmptyBesideCredentialsOrPort,
    /// A file URL's host set to "localhost" kept as such.
    SetHostFileLocalhostKept,
    /// `Url::make_relative` writes a first segment with a ":" as it is.
    MakeRelativeColonSegmentBare,
    /// `Url::make_relative` reads an empty path as "/".
    MakeRelativeEmptyPathAsSlash,
    /// `Url::make_relative` climbs over a file base's drive letter.
    MakeRelativeClimbsPastDriveLetter,
    /// The userinfo read by UTF-16 code units, as many as it has code points.
    UserinfoCodeUnitsByCodePointCount,
    /// A final ".." that removes nothing from a non-special path appends no empty segment.
    DoubleDotOnEmptyPathAppendsNothing,
    /// The Bidi Rule as ada 2.9.2 checks it.
    #[serde(rename = "bidi-rule-as-ada-2-9")]
    BidiRuleAsAda29,
}

impl Departure {
    /// Switches the departure on in `departures`.
    pub(crate) fn set(self, departures: &mut crate::whatwg::Departures) {
        match self {
            Departure::AsciiDomainsThroughUts46 => departures.ascii_domains_through_uts46 = true,
            Departure::SpecialRelativeSkipsTwoSlashes => {
                departures.special_relative_skips_two_slashes = true;
            }
            Departure::PathCaretNotEncoded => departures.path_caret_not_encoded = true,
            Departure::OpaquePathSpaceKept => departures.opaque_path_space_kept = true,
            Departure::BidiRulePerLabel => departures.bidi_rule_per_label = true,
            Departure::DriveLetterNeverShortened => departures.drive_letter_never_shortened = true,
            Departure::EmptyUserinfoEmptyHostAccepted => {
                departures.empty_userinfo_empty_host_accepted = true;
            }
            Departure::FilePathLeadingEmptySegmentsDropped => {
                departures.file_path_leading_empty_segments_dropped = true;
            }
            Departure::BackslashAsSlashInNonSpecial => {
                departures.backslash_as_slash_in_non_special = true;
            }
            Departure::FileDriveLetterDropsHost => departures.file_drive_letter_drops_host = true,
            Departure::FileEmptyHostPathOneSegmentDown => {
                departures.file_empty_host_path_one_segment_down = true;
            }
            Departure::FileDriveLetterSplitAtTab => {
                departures.file_drive_letter_split_at_tab = true;
            }
            Departure::SettersKeepDotPrefix => departures.setters_keep_dot_prefix = true,
            Departure::SetHostEmptyBesideCredentialsOrPort => {
                departures.set_host_empty_beside_credentials_or_port = true;
            }
            Departure::SetHostFileLocalhostKept => departures.set_host_file_localhost_kept = true,
            Departure::MakeRelativeColonSegmentBare => {
                departures.make_relative_colon_segment_bare = true;
            }
            Departure::MakeRelativeEmptyPathAsSlash => {
                departures.make_relative_empty_path_as_slash = true;
            }
            Departure::MakeRelativeClimbsPastDriveLetter => {
                departures.make_relative_climbs_past_drive_letter = true;
            }
            Departure::UserinfoCodeUnitsByCodePointCount => {
                departures.userinfo_code_units_by_code_point_count = true;
            }
            Departure::DoubleDotOnEmptyPathAppendsNothing => {
                departures.double_dot_on_empty_path_appends_nothing = true;
            }
            Departure::BidiRuleAsAda29 => departures.bidi_rule_as_ada_2_9 = true,
        }
    }
}

impl Model {
    /// Whether the model is the URL Standard, with or without a departure: it replaces the
    /// reference's answer.
    pub fn is_url_standard(&self) -> bool {
        matches!(self, Model::UrlStandard | Model::UrlStandardDeparting(_))
    }
}

/// A documented reading of the reference (`ResolveOptions`, `NormalizeOptions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// Choice 3: `%2E` segments are dot-segments in resolution.
    PercentEncodedDots,
    /// Choice 9: a base's dot-segments are removed for a reference with an empty path.
    BaseDotSegments,
    /// Choice 1: `/.` written before a `//` target path without authority.
    SlashDotPrefix,
    /// §5.2.1: the base's dot-segments removed before use.
    BaseNormalized,
    /// §5.2.1: the base normalized by the whole of §6.2.2 before use.
    BaseSyntaxNormalized,
    /// §5.2.1: the base's case normalized (§6.2.2.1) alone before use.
    BaseCaseNormalized,
    /// §5.2.1: the base's percent-encoding normalized (§6.2.2.2) alone before use.
    BasePercentEncodingNormalized,
    /// Choice 10: rootless paths keep their dot-segments in normalization.
    RootlessDotSegmentsKept,
    /// Choice 11: an empty port removed at the syntax level.
    EmptyPortRemoved,
    /// Choice 12: IPv6 literals in RFC 5952 form.
    Ipv6Rfc5952,
    /// Choice 13: an empty path with an authority becomes `/` only for schemes known to
    /// equate the two.
    EmptyPathSlashOnlyKnownSchemes,
    /// Choice 13: `file` is a scheme the implementation does not know: its `localhost` kept,
    /// §6.2.3's general rules alone applied to it.
    FileSchemeUnknown,
    /// Choices 2 and 10: a rootless path stays rootless once its dot-segments are removed
    /// (`foo:a/b` + `../c` is `foo:c`, `foo:a/../b` normalizes to `foo:b`).
    RootlessKept,
}

impl Reading {
    /// The cases on which an implementation that takes this reading answers as it says: an
    /// alternative named for an implementation's answer must hold on them too, for a reading
    /// the RFC allows that matches one case by coincidence (a normalizer that removes the
    /// dot-segments before decoding gives "a:." for "a:%2e", as one that keeps a rootless
    /// path's dot-segments would) is no reading the implementation takes. Empty where the
    /// reading has no control of its own.
    pub fn controls(self) -> Vec<Request> {
        let normalize = |input: &str, level: Level| Request::Normalize {
            input: input.to_owned(),
            level: Some(level),
        };
        match self {
            // Choice 10: "a:." kept, and a ".." after a segment, at either level; an absolute
            // path's still removed (a normalizer that keeps every dot-segment keeps no choice).
            Reading::RootlessDotSegmentsKept => [Level::Syntax, Level::Scheme]
                .into_iter()
                .flat_map(|level| {
                    [
                        normalize("a:.", level),
                        normalize("a:b/../c", level),
                        normalize("a:/b/../c", level),
                    ]
                })
                .collect(),
            // Choice 13: "file://localhost/a" kept as it is at the scheme-based level, where
            // one that knows the scheme writes "file:///a"; "http" known all the same.
            Reading::FileSchemeUnknown => vec![
                normalize("file://localhost/a", Level::Scheme),
                normalize("HTTP://h:80/", Level::Scheme),
            ],
            _ => Vec::new(),
        }
    }

    fn set_resolve(self, options: &mut ResolveOptions) {
        match self {
            Reading::PercentEncodedDots => options.percent_encoded_dots = true,
            Reading::BaseDotSegments => options.base_dot_segments = true,
            Reading::SlashDotPrefix => options.slash_dot_prefix = true,
            Reading::BaseNormalized => options.base_normalized = true,
            Reading::BaseSyntaxNormalized => options.base_syntax_normalized = true,
            Reading::BaseCaseNormalized => options.base_case_normalized = true,
            Reading::BasePercentEncodingNormalized => {
                options.base_percent_encoding_normalized = true;
            }
            Reading::RootlessKept => options.rootless_kept = true,
            _ => {}
        }
    }

    fn set_normalize(self, options: &mut NormalizeOptions) {
        match self {
            Reading::RootlessDotSegmentsKept => options.rootless_dot_segments = false,
            Reading::EmptyPortRemoved => options.empty_port_removed = true,
            Reading::Ipv6Rfc5952 => options.ipv6_rfc5952 = true,
            Reading::EmptyPathSlashOnlyKnownSchemes => {
                options.empty_path_slash_for_every_scheme = false;
            }
            Reading::FileSchemeUnknown => options.file_scheme_known = false,
            Reading::RootlessKept => options.rootless_kept = true,
            _ => {}
        }
    }
}

/// A named rule of one crate, written from its documentation and source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Transform {
    /// Resolution: a base with a fragment is refused (fluent-uri `BaseWithFragment`,
    /// iri-string's resolve takes an absolute-URI).
    RefuseBaseWithFragment,
    /// Resolution (fluent-uri `InvalidReferenceAgainstOpaqueBase`): a base without authority
    /// whose path does not start with "/" is refused for a reference that has no scheme and
    /// neither is empty nor starts with "#".
    RefuseReferenceAgainstOpaqueBase,
    /// Resolution (fluent-uri `resolve`): a base path whose last segment is `..` (or a
    /// percent-encoded form of it) is merged whole, as if it ended in "/".
    KeepBaseDotDotSegment,
    /// Resolution (oxiri): a target without authority whose path starts with `//` is refused.
    RefuseDoubleSlashTarget,
    /// Parsing and resolution (an IRI library with no URI-only type, oxiri): input outside
    /// ASCII is read by RFC 3987's grammar (§2.2) and resolved as an IRI reference (§6.5), its
    /// components the input's own text. On ASCII input the two grammars are one, so the answer
    /// changes only where the input is not ASCII.
    #[serde(rename = "rfc3987-grammar")]
    Rfc3987Grammar,
    /// Normalization (fluent-uri): the default port of a scheme in its table is removed at
    /// every level.
    DefaultPortRemoved,
    /// Every operation (uriparse): its types hold a registered scheme as an enum written in
    /// lowercase, a port as `u16` (no empty port, no leading zeros, nothing above 65535), an
    /// IPv6 host as `std::net::Ipv6Addr` (written in RFC 5952 form), no IPvFuture host, and an
    /// empty path after an authority as "/".
    UriparseTypes,
    /// Parsing (http): an absolute-form target reports an empty path as "/" and the schemes
    /// http and https in lowercase; an authority with neither host nor port after the
    /// userinfo, and a percent-encoded host, are refused.
    HttpAbsoluteForm,
    /// Parsing (http): the path and query are checked against http's own tables (the URL
    /// Standard's path and query states plus '"', '{', '}' in the path), percent signs are not
    /// checked, and everything after "#" is dropped unchecked.
    HttpPathQueryTables,
    /// Parsing (http, hyperium/http#269): a "%" in the userinfo (before the authority's last
    /// "@") is not checked, so one that starts no pct-encoded triplet is accepted as it is.
    HttpUserinfoPercentUnchecked,
    /// Parsing (http, bug): an authority may hold several "@" (`validate_authority_bytes` keeps
    /// the last one's place), the host being what follows the last (`host`). The case is
    /// rewritten with a "-" for every "@" before the last one.
    HttpSeveralAtSigns,
    /// Parsing (http, bug): `validate_authority_bytes` (src/uri/authority.rs) tracks "[" and "]"
    /// as two flags and never reads an IP literal, one mechanism with two faces. A host
    /// starting with "[" is taken up to the first "]" whatever it holds (`host` cuts there),
    /// and what follows the "]" up to the port's ":" is dropped: the case is rewritten with
    /// that text as "[::]". One "[" and one "]" are taken anywhere else in the authority, in the
    /// userinfo and in a host that does not start with "[": such a "]" forgets a "%" of the
    /// host before it, and after the host's ":" ends the colon count, so what lies between that
    /// ":" and the port after the authority's last ":" is dropped (`host`, `Authority::port`):
    /// the case is rewritten with a "-" for each such bracket and "%" (that text left out).
    /// http's host and port are then put back.
    HttpBracketsOnlyCounted,
    /// Parsing (http, bug): `Scheme2::parse` (src/uri/scheme.rs) takes any run of
    /// `SCHEME_CHARS` (letters, digits, "+", "-", ".", "~") before "://", also an empty one or
    /// one that does not start with a letter. The case is rewritten with the scheme "a", and
    /// http's scheme put back.
    HttpSchemeNotChecked,
    /// Parsing (http, bug): the port is never validated when parsing (`validate_authority_bytes`
    /// takes any authority bytes after the host's ":"), and `Authority::port`
    /// (src/uri/authority.rs) parses the text after the authority's last ":" as a `u16`
    /// (src/uri/port.rs `Port::from_str`, which takes a leading "+") and drops a failure, one
    /// mechanism with two faces: a port that is not `*DIGIT`, and digits `u16` does not hold,
    /// accepted and hidden. The case is rewritten with an empty port, http's port put back, and
    /// a port above 65535 hidden.
    HttpPortNotValidated,
    /// Parsing (http, bug): `validate_authority_bytes` (src/uri/authority.rs, `MAX_COLONS`)
    /// refuses an authority with more than eight colons since its last "@" or "]", so an
    /// IPvFuture literal or a userinfo with nine or more.
    HttpIpvfutureColonsLimited,
    /// Parsing (rocket_http, its `Uri` documentation: "It accepts `%` characters without two
    /// trailing hex-digits."): a "%" that starts no triplet is taken as it is in the userinfo,
    /// a registered name, the path, the query and the fragment (src/parse/uri/tables.rs
    /// `PCT_ENCODED` holds "%" and the hex digits one by one).
    RocketPercentUnchecked,
    /// Parsing (rocket_http, its `Uri` documentation: "It accepts the following additional
    /// unencoded characters in query parts"): "{", "}", "[", "]", "\", "^", "`" and "|" in the
    /// query (`QUERY_CHARS`), and in the fragment, which its parser reads with the query's
    /// table (`fragment`: `take_while(is_qchar)`).
    RocketQueryCharacters,
    /// Parsing (rocket_http, src/parse/uri/tables.rs `PATH_CHARS`: "browsers routinely send
    /// these unencoded"): "[" and "]" in the path.
    RocketPathBrackets,
    /// Parsing (rocket_http): `Authority::port` is an `Option<u16>` read from at most five
    /// digits: "080" is 80, a port of six digits or above 65535 is refused.
    RocketPortU16,
    /// Parsing (rocket_http, bug): an IP literal is not checked. `host` (src/parse/uri/parser.rs)
    /// takes "\[", any run of `is_host_char` (pchar but the brackets: "/", "@" and "%" too)
    /// and "\]". The case is rewritten with the literal as a registered name of as many "a",
    /// and the literal put back.
    RocketIpLiteralNotChecked,
    /// Parsing (rocket_http, bug): `reference` (src/parse/uri/parser.rs) reads a scheme only
    /// where the first run of scheme characters is followed by ":", and otherwise reads the
    /// input as a path with `is_pchar`, ":" included, so the first segment of a relative path
    /// may hold a ":" ("a_b:c", "@:", "[:"). The case is rewritten with those colons as "!",
    /// and the path put back.
    RocketRelativePathColon,
    /// Resolution (iref, "This crate implements Errata 4547"): §5.2.2 with dot-segments
    /// removed so that a ".." that cannot climb in a relative path is kept ("a:" + ".." is
    /// "a:../") and a path without a leading "/" never gains one ("foo:a/b" + ".." is "foo:").
    #[serde(rename = "errata-4547")]
    Errata4547,
    /// Resolution (iref `UriRefBuf::resolve`, a bug): a path that does not start with "/" and
    /// comes out of dot-segment removal with an empty first segment is written without a
    /// leading "/" for it (`PathMut::normalize` writes "/" only before an absolute path), so
    /// one empty segment is lost: "a:" + "a:a/..//" gives "a:/" where §5.2.4 gives "//".
    IrefLeadingEmptySegmentLost,
    /// Resolution (iref `UriRefBuf::resolve`, a bug): the merged path is normalized in a
    /// `PathMut` whose `PathContext` says neither scheme nor authority (src/uri/reference.rs,
    /// "to prevent disambiguation logic"), so `PathMut::replace` (src/uri/path/mut.rs) writes
    /// "/." before a path that starts with "//" under an authority too ("a://" + ".//" gives
    /// "a:///.//" where §5.3 writes "a:////"), and "./" before a first segment that looks like
    /// a scheme under a scheme too ("a:a:/" + "a" gives "a:./a:/a").
    IrefMergePathContextCleared,
    /// Parsing (iref `Host::is_ipv6`, a bug): an IP literal is IPv6 unless it starts with a
    /// lowercase "v", although the grammar accepts "V" (RFC 5234 §2.3): "[V1.x]" is reported
    /// as an IPv6 host.
    IrefUpperVIsIpv6,
    /// Resolution (fluent-uri `resolve`, a bug): dot-segments are removed only from a target
    /// path that starts with "/", so a reference with a scheme and a rootless path keeps its
    /// path as written: "x:a/./b/../c" against any base stays "x:a/./b/../c".
    RootlessTargetDotSegmentsKept,
    /// Parsing (uritools bug, `SplitResult.host`): a host of digits alone that no ":" follows
    /// is reported as the empty host ("//0" has the host ""; see `uritools`).
    UritoolsDigitsHostLost,
    /// Parsing (uritools, `SplitResult.gethost`): a host that is no IP literal decoded as
    /// UTF-8, refused where its octets are not (see `uritools`).
    UritoolsHostDecodedAsUtf8,
    /// Resolution (Ruby's URI): the target as URI::Generic#to_s writes the object URI.parse
    /// builds from it (see `ruby_uri`).
    RubyUriObjectWritten,
    /// Resolution (Ruby's URI bug): an empty host written without its "//" (see `ruby_uri`).
    RubyUriEmptyHostSlashesDropped,
    /// Resolution (Ruby's URI): URI::Generic#merge_path for a reference without an authority
    /// (see `ruby_uri`).
    RubyUriMergePath,
    /// Resolution (Ruby's URI bug): merge_path's root taken by a ".." after it.
    RubyUriMergePathRootTaken,
    /// Resolution (Ruby's URI bug): a network-path reference keeps the base's userinfo, host
    /// and port where it has none.
    RubyUriBaseUserinfoPortKept,
    /// Resolution (Ruby's URI bug): an empty host is nil, so an authority with nothing else
    /// is none for the merge, and a target's empty host is written without its "//" (see
    /// `ruby_uri`).
    RubyUriEmptyAuthorityAsNone,
    /// Parse (Ruby's URI): a rootless URI's query folded into its opaque part (see
    /// `ruby_uri`).
    RubyUriOpaqueQueryFolded,
    /// Parse and resolution (Ruby's URI): URI::FTP's object, an opaque FTP URI refused and an
    /// FTP target written with its path after RFC 1738 (see `ruby_uri`).
    RubyUriFtpObject,
    /// Resolution and normalization (ocaml-uri, `ocaml_uri`): the userinfo, query and fragment
    /// written again by `Uri.to_string`'s tables.
    OcamlUriComponentsReencoded,
    /// Every operation (ocaml-uri): a port above OCaml's `max_int` is none.
    OcamlUriPortOverflowAsNone,
    /// Every operation (ocaml-uri, `ocaml_uri::path_segments`): the path held as `Path.t`, a
    /// list of decoded tokens, resolved and canonicalized on them and written again.
    OcamlUriPathSegments,
    /// Resolution (ocaml-uri, `ocaml_uri::relative_base`): a base without a scheme taken.
    OcamlUriRelativeBase,
    /// Parse (ocaml-uri, `ocaml_uri::empty_scheme_rewrite`): a text that starts with ":" has
    /// the scheme "".
    OcamlUriEmptyScheme,
    /// Parse (ocaml-uri bug, `ocaml_uri::file_localhost_emptied`): the file scheme's host
    /// "localhost" read as "".
    OcamlUriFileLocalhostEmptied,
    /// Parse (Addressable, `addressable::Rule`): a port that reads 0 is none.
    AddressablePortZeroAsNone,
    /// Parse and resolution (Addressable): an IP-based scheme with no host and an empty path
    /// refused.
    AddressableIpBasedWithoutHostAndPathRefused,
    /// Resolution (Addressable): `URI#join`'s dot-segments removed by `URI.normalize_path`'s
    /// regular expressions.
    AddressableJoinDotSegmentsByRegexps,
    /// Every operation (Addressable): the userinfo stripped of the white space around it.
    AddressableUserinfoStripped,
    /// Parse (Addressable): a host checked against #validate's list of refused characters
    /// alone, its other characters stood in for and put back.
    AddressableHostRefusedCharactersOnly,
    /// Parse and resolution (Ruby's URI bug): the authority read by RFC3986_Parser's regular
    /// expressions, whose IP literals depart from RFC 3986 (see `ruby_uri`).
    RubyUriIpLiteralRegexp,
    /// Resolution (Ruby's URI bug): URI::FTP#merge raises NoMethodError where the target
    /// differs from the FTP base (see `ruby_uri`).
    RubyUriFtpMergeTypecodeRaised,
    /// Parse and resolution (Ruby's URI): URI::MailTo's object, after RFC 6068 (see
    /// `ruby_uri`).
    RubyUriMailtoObject,
    /// Resolution (libcurl): an empty query is not written in the URL (see `curl`).
    CurlEmptyQueryNotWritten,
    /// Resolution and normalization (uriparser bug, `uriToStringA`): an IPv6 host is written
    /// from its sixteen bytes as eight groups of four lowercase hexadecimal digits ("[::]" as
    /// "[0000:0000:0000:0000:0000:0000:0000:0000]"; see `uriparser`).
    UriparserIpv6WrittenInFull,
    /// Normalization (network-uri, `network_uri::Rule`): the host's letters keep their case
    /// ("NOTE: authority case normalization is not performed").
    NetworkUriHostCaseKept,
    /// Normalization (network-uri): a reference without a scheme keeps its dot-segments
    /// (`normalizePathSegments` acts on what `parseURI` accepts).
    NetworkUriRelativeReferencePathKept,
    /// Normalization (network-uri bug): a URI's dot-segments removed before its
    /// percent-encodings are normalized (`normalizePathSegments` first).
    NetworkUriDotSegmentsBeforeDecoding,
    /// Normalization (network-uri bug): a password written "..." (`show`).
    NetworkUriPasswordHidden,
    /// Normalization (network-uri bug): a string without a scheme written again after its
    /// leading scheme characters (`ncScheme _ = ncEscape uristr`).
    NetworkUriSchemeScanRestarts,
    /// Parse (network-uri, a rewrite): RFC 6874 zone identifiers read in IPv6 literals,
    /// asked or not (`network_uri::zone_id_read`).
    NetworkUriZoneIdRead,
    /// Parse (network-uri bug): an IPv6 literal's IPv4 tail followed by a zone refused
    /// (`network_uri::zone_after_ipv4_refused`).
    NetworkUriZoneAfterIpv4Refused,
    /// Parse (network-uri bug): an IPvFuture literal with a version of two hex digits or more,
    /// or a ":", refused (`network_uri::ipvfuture_narrowed`).
    #[serde(rename = "network-uri-ipvfuture-narrowed")]
    NetworkUriIpvFutureNarrowed,
    /// System.Uri on Mono (`dotnet`): a text that starts with a drive letter ("c:/") or two
    /// slashes is an implicit file path, `file:` with the whole text as its path.
    DotnetImplicitFilePath,
    /// System.Uri: "mailto" reads its authority without "//" (so "//" and what follows are the
    /// path after an empty host); "news" takes no authority.
    DotnetSchemeWithoutAuthority,
    /// System.Uri: the trailing spaces, tabs and line breaks of a text are cut before it is read.
    DotnetTrailingSpaceCut,
    /// System.Uri (bug): the trailing white space of a text parsed as an IRI is kept, escaped,
    /// at the end of its last component.
    DotnetIriTrailingSpaceKept,
    /// System.Uri: an unknown scheme's path without authority that starts with a drive letter
    /// is a DOS path: the drive, then the path with "\" a "/" and its dot-segments removed.
    DotnetDosPathAfterScheme,
    /// System.Uri (bug): IriHelper's decoding of the triplets of reserved characters, in an
    /// implicit file path too.
    DotnetIriEscapesUnescaped,
    /// System.Uri (bug): a character outside the BMP that IRI parsing escapes is followed by
    /// an escaped U+FFFD, its low surrogate escaped again alone.
    DotnetLowSurrogateEscapedAgain,
    /// System.Uri (bug): `AbsoluteUri` of a URI without authority whose text has an escaped
    /// unreserved character writes the text after "scheme:" and then its canonical form.
    DotnetAbsoluteUriDoubled,
    /// System.Uri: a host that is no IP address and no DNS name is refused, and so is an empty
    /// one after a userinfo or before a port, or where the scheme's parser takes none.
    DotnetHostRefused,
    /// System.Uri (bug): a host that is a UNC name and no DNS name is emptied where the text
    /// has Unicode (`dotnet::unc_host_emptied`).
    DotnetUncHostEmptied,
    /// System.Uri (bug): a path against a "mailto" base is written after its host
    /// (`dotnet::mailto_combined`).
    DotnetMailtoCombined,
    /// System.Uri: a URI without authority is refused where the scheme's parser must have one.
    DotnetAuthorityRequired,
    /// System.Uri: an IPv6 literal is written as `Host` gives it, compressed and lowercase.
    DotnetIpv6Canonical,
    /// System.Uri (bug): an IPv6 literal is read leniently (a single ":" first, a zone and a
    /// prefix length dropped, text after "]" the path).
    DotnetIpv6Lenient,
    /// System.Uri (bug): what follows an IPv6 host's "]" but ":", "/", "?" and "#" starts
    /// the path.
    DotnetIpLiteralPathAfter,
    /// System.Uri: a resolution's reference whose text before its first ":" is no scheme is
    /// a relative path.
    DotnetInvalidSchemeAsPath,
    /// System.Uri: a known scheme's host of one to four numbers is an IPv4 address read as
    /// `inet_aton` reads it ("0" is 0.0.0.0).
    DotnetIpv4Numbers,
    /// System.Uri (bug): a port of zero is dropped where the scheme has no default port.
    DotnetPortZeroDropped,
    /// System.Uri (bug): a reference of the base's scheme, one that must have an authority,
    /// and a query or a fragment ("http:?x") is combined as a relative path, the base's last
    /// segment dropped.
    DotnetSameSchemeCombined,
    /// System.Uri (bug): an absolute-path reference against a "file" base with a host drops
    /// the host ("file://" and the reference).
    DotnetFileAbsolutePathHostDropped,
    /// System.Uri: the path after an authority has its dot-segments removed ("%2E" a dot)
    /// where the scheme's parser compresses paths.
    DotnetPathCompressed,
    /// System.Uri (bug): where the scheme's parser has no query (ftp, gopher, news, nntp,
    /// telnet, uuid, vsmacros), "?" and what follows are the path's, "?" escaped.
    DotnetQueryInPath,
    /// System.Uri (bug): a relative path merged with a base without authority whose path is
    /// empty or rootless keeps its first segment ("." against "aa:" is "aa:."), `Compress`
    /// removing only the dot-segments a "/" precedes.
    DotnetRootlessFirstSegmentKept,
    /// Python's rfc3986 (`rfc3986::Rule`, bugs but the zone identifiers): a port's ":"
    /// optional after an IP literal.
    #[serde(rename = "rfc3986-port-without-colon-after-ip-literal")]
    Rfc3986PortWithoutColonAfterIpLiteral,
    /// A host of four dot-separated runs of digits refused when one is above 255.
    #[serde(rename = "rfc3986-dotted-host-over-255-refused")]
    Rfc3986DottedHostOver255Refused,
    /// An IPv6 address's IPv4 part read as any one to three digits an octet.
    #[serde(rename = "rfc3986-ipv6-ipv4-part-unchecked")]
    Rfc3986Ipv6Ipv4PartUnchecked,
    /// RFC 6874's zone identifiers in an IPv6 literal.
    #[serde(rename = "rfc6874-zone-id")]
    Rfc6874ZoneId,
    /// An absolute URI without authority whose path is empty refused as `absolute-URI`.
    #[serde(rename = "rfc3986-absolute-uri-empty-path-refused")]
    Rfc3986AbsoluteUriEmptyPathRefused,
    /// A merge into a base path without "/" keeps all of it but its last character, and "/".
    #[serde(rename = "rfc3986-merge-without-slash-in-base")]
    Rfc3986MergeWithoutSlashInBase,
    /// The non-strict mode's scheme comparison made with the reference's scheme as written.
    #[serde(rename = "rfc3986-non-strict-scheme-as-written")]
    Rfc3986NonStrictSchemeAsWritten,
    /// guzzlehttp/psr7 (`guzzle::Rule`): the user and the password each percent-encoded.
    GuzzleUserinfoEncoded,
    /// A scheme holding a "+" read as the start of a path.
    GuzzleSchemeWithPlusAsPath,
    /// A scheme whose first character is a digit, "." or "-" taken (`parse_url`).
    GuzzleSchemeFirstCharacterUnchecked,
    /// A reference written as nothing resolves to the base, its fragment too.
    GuzzleEmptyReferenceIsBase,
    /// url-parse (`url_parse::Rule`): the user and the password each through
    /// `encodeURIComponent(decodeURIComponent(...))`.
    UrlParseUserinfoReencoded,
    /// Without a scheme, "//" and what follows are the path, and the host is "".
    UrlParseNetworkPathAsPath,
    /// A port that reads 0, or the scheme's default, dropped (`requires-port`).
    UrlParsePortDropped,
    /// After a special scheme, any run of "/" and "\\" starts an authority.
    UrlParseSpecialSchemeSlashesSkipped,
    /// A `file:` URL's authority read after exactly two slashes, its path otherwise.
    UrlParseFileSchemeRead,
    /// `new Url(input, base)`: the library's own resolution, ported from its source.
    UrlParseResolver,
    /// Node's legacy url.parse (`legacy_url::Rule`): an authority read after a scheme that
    /// `slashedProtocol` does not name as written, without "//".
    LegacyUrlParseAuthorityWithoutSlashes,
    /// The empty path of a `slashedProtocol` URL with a host is "/".
    LegacyUrlParseSlashedProtocolPathSlash,
    /// Without a scheme, "//" starts a path unless a userinfo and its "@" follow it.
    LegacyUrlParseNetworkPathUnlessUserinfo,
    /// The empty path after an IP literal is "/".
    LegacyUrlParseIpLiteralPathSlash,
    /// The text trimmed of whitespace (`code < 33`, U+00A0, U+FEFF) at both ends.
    LegacyUrlParseTrimmed,
    /// Every "\\" before the first "?" or "#" read as "/".
    LegacyUrlParseBackslashAsSlash,
    /// After the host, `autoEscapeStr`'s characters percent-encoded.
    LegacyUrlParseAutoEscape,
    /// The host through `toASCII`, or an error where it fails.
    LegacyUrlParseHostToAscii,
    /// The host ended at a character "never ever allowed in a hostname", the rest the path.
    LegacyUrlParseHostEndsAtNonHost,
    /// The hostname ended at its first ":", what follows it moved to the path.
    LegacyUrlParseHostnameEndsAtColon,
    /// The userinfo through `decodeURIComponent`, or an error.
    LegacyUrlParseUserinfoDecoded,
    /// `url.resolve`: both strings read by `url.parse` with `slashesDenoteHost`,
    /// `resolveObject`'s own algorithm and `url.format`, ported from lib/url.js.
    LegacyUrlResolver,
    /// uri-js's and fast-uri's scheme handlers (`uri_js::Rule`): an http or https URI without
    /// a host is an error.
    UriJsHttpHostRequired,
    /// A ws or wss URI's path and query become its `resourceName`.
    UriJsWsResourceName,
    /// A ws or wss URI normalized without its fragment (the handlers' `serialize`: "forbid
    /// fragment component").
    UriJsWsFragmentDropped,
    /// uri-js's scheme: its characters outside `scheme` removed (`NOT_SCHEME`).
    UriJsSchemeRefusedCharactersRemoved,
    /// uri-js's path without a scheme: every ":" percent-encoded (`NOT_PATH_NOSCHEME`).
    UriJsPathColonEncodedWithoutScheme,
    /// uri-js's mailto handler: the path and query become recipients, each wanting an "@".
    UriJsMailtoRecipients,
    /// uri-js's urn handler: the path split into `nid` and `nss`, or an error.
    UriJsUrnNidNss,
    /// uri-js's `pctEncChar`: a character outside the BMP encoded as its two surrogates.
    UriJsSurrogatesEncoded,
    /// uri-js's `_normalizeIPv4` and `_normalizeIPv6` where they keep the address: an IPv4
    /// host without its octets' leading zeros, an IPv6 literal lowercased, without its fields'
    /// leading zeros and with its longest run of zero fields compressed.
    UriJsIpHostNormalized,
    /// uri-js's and fast-uri's host lowercased (`toLowerCase`, Unicode's mapping) before its
    /// characters outside US-ASCII are percent-encoded.
    UriJsHostLowercasedBeforeEncoding,
    /// uri-js's `punycode.toASCII` on the host of an http, https, ws or wss URI, where it
    /// converts IDNs as documented.
    UriJsDomainHostPunycode,
    /// uri-js's `punycode.toASCII` on such a host where it decodes a reserved or refused
    /// ASCII character or converts a label holding one.
    UriJsDomainHostMisconverted,
    /// uri-js's `_normalizeIPv6` where it writes another address or no address.
    UriJsIpv6Misnormalized,
    /// uri-js's `_normalizeComponentEncoding` on the IP literal `URI_PARSE` reads, whatever it
    /// holds: its refused characters percent-encoded.
    UriJsIpLiteralHostEncoded,
    /// fast-uri's `normalizePathEncoding`: a path's valid escapes uppercased and those of
    /// unreserved characters but "." decoded.
    FastUriPathPercentEncodingNormalized,
    /// fast-uri's `canonicalizeHost`: an http, https, ws or wss host read by the URL
    /// Standard's host parser, or refused.
    FastUriDomainHost,
    /// fast-uri's `normalizeIPv6`: a raw "%" in an IPv6 literal read as the zone separator.
    FastUriIpv6RawZoneSeparator,
    /// fast-uri's `normalizeIPv6Address`: an IPv6 literal written without zeros.
    FastUriIpv6Normalized,
    /// fast-uri's urn handler: the path must match `URN_REG`, then it becomes `nid` and `nss`.
    FastUriUrn,
    /// fast-uri's `skipNormalize` (urn and mailto): the query and the fragment as written.
    FastUriSkipNormalize,
    /// fast-uri's mailto handler: the recipients read from the path and `to` header fields,
    /// an authority beside them or a recipient without a valid domain an error.
    FastUriMailto,
    /// rhymu8354/Uri's C++ half (`rhymu8354`): a port read by `StringExtensions::ToInteger`
    /// ("-0" taken, a leading zero refused).
    #[serde(rename = "rhymu8354-port-to-integer")]
    Rhymu8354PortToInteger,
    /// rhymu8354/Uri's C++ half: an empty path after a host that is not empty is written "/"
    /// (`SetDefaultPathIfAuthorityPresentAndPathEmpty`).
    #[serde(rename = "rhymu8354-empty-path-slash-after-host")]
    Rhymu8354EmptyPathSlashAfterHost,
    /// rhymu8354/Uri's C++ half: every component held decoded and written by `EncodeElement`
    /// with its table ("%3A" written ":", a query's "+" "%2B").
    #[serde(rename = "rhymu8354-reencoded-by-its-tables")]
    Rhymu8354ReencodedByItsTables,
    /// rhymu8354/Uri's C++ half: a normalization's path rebuilt by `NormalizePath` (an empty
    /// segment after another or after a dot-segment dropped, a relative path's dot-segments
    /// removed).
    #[serde(rename = "rhymu8354-path-normalized")]
    Rhymu8354PathNormalized,
    /// rhymu8354/Uri's C++ half: `Uri::Resolve` where an authority's host is empty (taken as
    /// no authority in a reference, merged without "/", written only with a userinfo or port).
    #[serde(rename = "rhymu8354-empty-host-no-authority")]
    Rhymu8354EmptyHostNoAuthority,
    /// rhymu8354/Uri's C++ half: `ValidateIpv6Address` counts an IPv4 part as three groups.
    #[serde(rename = "rhymu8354-ipv4-part-three-groups")]
    Rhymu8354Ipv4PartThreeGroups,
    /// Qt's QUrl (`qurl::Rule`): the empty text refused (`isValid`).
    QurlEmptyRefused,
    /// Qt's QUrl: "//" written before the absolute path of a file URL without an authority.
    QurlFileSlashesWritten,
    /// Qt's QUrl: a host `parseIp4` reads as `inet_aton` does is an IPv4 address, written in
    /// dotted decimal ("0" is 0.0.0.0).
    QurlIpv4InetAton,
    /// Qt's QUrl: an IPv6 address stored as `QIPAddressUtils::toString` writes it ("[::0]" is
    /// "[::]").
    QurlIp6Written,
    /// Qt's QUrl: an IPvFuture version of one hexadecimal digit only, uppercased
    /// (`parseIpFuture`).
    QurlIpvfutureOneDigit,
    /// Qt's QUrl: its own resolver (`QUrl::resolved`, `mergePaths`, `removeDotsFromPath`).
    QurlResolved,
    /// Qt's QUrl: a noncharacter outside the BMP written as the UTF-8 of its high surrogate
    /// alone (qurlrecode.cpp's `unicodeToEncodedUtf8`).
    QurlNoncharacterAsHighSurrogate,
    /// Poco::URI (`poco::Rule`): a port read by `NumberParser::tryParse`, refused unless 1 to
    /// 65535.
    PocoPortNumberParser,
    /// A scheme's ":" that ends the text refused.
    PocoSchemeAloneRefused,
    /// The userinfo is what stands between the authority's last two "@".
    PocoUserinfoRestartsAtEachAt,
    /// A reference that starts with ":" has the empty scheme, which is none.
    PocoEmptySchemeAsNone,
    /// An IP literal ends at "]", what follows it is skipped but a port, and its brackets
    /// are kept only around a ":".
    PocoIpLiteralBracketsRead,
    /// `toString`: a scheme's well-known port not written.
    PocoWellKnownPortOmitted,
    /// `toString`: the path and fragment decoded, then written by `URI::encode`.
    PocoPathAndFragmentReencoded,
    /// `toString`: "/" for an empty path before a query or fragment.
    PocoEmptyPathSlashBeforeQueryOrFragment,
    /// `toString`: "//" after "file:" whatever the authority.
    PocoFileSlashesAlwaysWritten,
    /// `toString`: a reference without a scheme written without its authority.
    PocoRelativeAuthorityNotWritten,
    /// `URI::normalize`: the path's dot-segments removed, nothing else normalized.
    PocoNormalizeDotSegmentsOnly,
    /// `removeDotSegments`: empty segments dropped, a final "." or ".." ends no "/".
    PocoRemoveDotSegments,
    /// `mergePath`: empty segments dropped, the base's leading "/" kept.
    PocoMergePath,
    /// `URI::parse`: a text that starts with "." is a path, a ":" in its first segment too.
    PocoDotStartIsPath,
    /// Every operation (rhymuri, uniresid): a port is an `Option<u16>` (no leading zeros,
    /// nothing above 65535) and an empty path after an authority is "/".
    RhymuriTypes,
    /// Normalization (rhymuri, uniresid): the path is a list of decoded segments, so a "%2E"
    /// segment is a dot-segment (the case is asked with such segments written ".").
    RhymuriDecodedDotSegments,
    /// rhymuri's and uniresid's wrong rules (bugs), each a switch of one model of the crate
    /// (`rhymuri::Switches`): a ":" in a query or fragment ends a scheme.
    RhymuriSchemeColonInQuery,
    /// A "%" and at most one hexadecimal digit ending an element are dropped.
    RhymuriTruncatedPercentDropped,
    /// An IPv6 address's IPv4 part reads its dec-octets as `u8` ("00", "0255").
    #[serde(rename = "rhymuri-dec-octet-as-u8")]
    RhymuriDecOctetAsU8,
    /// A port's leading "+" is taken (`str::parse::<u16>`).
    RhymuriPortSignAccepted,
    /// An IPvFuture's version and address may be empty ("[v.]").
    RhymuriIpvfuturePartsOptional,
    /// An IPvFuture host is held and written without its brackets.
    RhymuriIpvfutureBracketsDropped,
    /// "[V" starts no IPvFuture: the IPv6 validator refuses it.
    RhymuriIpvfutureUppercaseVRefused,
    /// A registered name whose decoded bytes are an IPv6 address is written in brackets.
    #[serde(rename = "rhymuri-reg-name-written-as-ipv6")]
    RhymuriRegNameWrittenAsIpv6,
    /// The host is held as its decoded bytes without its kind, and `Authority`'s `Display`
    /// re-derives the brackets from `validate_ipv6_address`: both rules above, one mechanism
    /// (an IPvFuture written bare, a registered name that validates as IPv6 in brackets).
    RhymuriHostKindNotHeld,
    /// A ":" in the first segment of a path without scheme or authority is written as it is.
    RhymuriColonInFirstSegmentWritten,
    /// Components are written decoded, re-encoded by the crate's own tables.
    RhymuriReencodedByItsTables,
    /// A reference's absolute path reaches the target with its dot-segments.
    RhymuriAbsolutePathDotSegmentsKept,
    /// rhymuri: merging into a base path of one segment keeps that segment.
    RhymuriMergeKeepsSingleSegment,
    /// uniresid: merging into the path "/" of a base without authority drops the "/".
    UniresidMergeDropsRootSlash,
    /// An empty segment after an empty segment or a dot-segment is dropped by dot-segment
    /// removal.
    RhymuriEmptySegmentsCollapsed,
    /// Normalization removes a relative-path reference's dot-segments too.
    RhymuriRelativePathNormalized,
    /// Normalization (uriparse `Path::normalize(as_reference = true)`): in a relative-path
    /// reference "." segments are removed (except one before a segment with a colon when
    /// nothing is kept before it) and ".." segments are kept at the beginning and removed with
    /// the segment before them elsewhere ("a/../.." is ".."), as `uriparse::relative_normalize`
    /// writes it; a result whose first segment has a colon or that gains a leading "/" is no
    /// documented behaviour and is not answered.
    UriparseRelativeDotSegments,
    /// Resolution (uriparse, src/uri.rs `URI::resolve`, src/path.rs
    /// `Path::remove_dot_segments`): dot-segments are removed (in every spelling, choices 3 and
    /// 9) only when uriparse counts one, and a path parsed from the text counts only the
    /// segments written "." and "..": a target path whose dot-segments are all percent-encoded
    /// is kept as written, which is §5.2.2's letter (see
    /// `uriparse::uncounted_dot_segments`).
    UriparseDotSegmentsWhenCounted,
    /// Parsing, resolution and normalization (uriparse bug, src/uri_reference.rs
    /// `validate_schemeless_path`): a reference with neither scheme nor authority whose first
    /// path segment holds a ":" is refused (`SchemelessPathStartsWithColonSegment`), whether or
    /// not the path starts with "/": "/:" and "/a:b" are refused.
    UriparseColonInAbsolutePath,
    /// Resolution (uriparse bug, src/uri.rs `URI::resolve` with src/path.rs `Path::pop` and
    /// `Path::push`): merging into a base path "//x" pops "x" and leaves one empty segment,
    /// which the first segment pushed replaces, so the merge is that of the base path "/x"
    /// ("a://h//x" + "y" is "a://h/y").
    UriparseMergeDropsEmptySegment,
    /// Resolution (uriparse bug, src/uri.rs `URI::resolve`, src/path.rs `Path::pop` and
    /// `Path::remove_dot_segments`): popping a percent-encoded dot-segment off the base path
    /// takes back the count of a written one, so the removal is skipped and a "." or ".."
    /// stays in the target ("http://h/../%2E%2E" + "z" is "http://h/../z"; see
    /// `uriparse::uncounted_dot_segments`).
    UriparseDotSegmentsCountedAsWritten,
    /// Normalization (uriparse bug, src/path.rs `Path::normalize(as_reference = true)`): a
    /// relative-path reference's dot-segments are removed by uriparse's own rule, written as
    /// it comes out, whatever the target becomes ("a/." is "a", "." is "", "a/..?q" is "?q",
    /// "a/%2E%2E/:" is ":"); a result starting with "//" is left to
    /// [`Transform::UriparseDotSegmentsMakeAnAuthority`].
    UriparseRelativePathNormalized,
    /// Normalization and resolution (uriparse bug, src/path.rs `Path::normalize` and
    /// `remove_dot_segments_helper`, src/uri_reference.rs `Display`): in a reference or target
    /// without authority, the path after dot-segment removal is written as it comes out, so a
    /// path that then starts with "//" reads back as an authority ("/.//g" is "//g", ".///" is
    /// "//"; "a:%2e///." resolves to "a://"). A resolution's target path that is absolute is
    /// refused by `URI::resolve`'s builder instead
    /// ([`Transform::UriparseResolvePanicsOnDoubleSlashPath`]).
    UriparseDotSegmentsMakeAnAuthority,
    /// Resolution (uriparse bug, src/uri.rs `URI::resolve`): a target without authority whose
    /// absolute path starts with "//" is refused by the builder
    /// (`AbsolutePathStartsWithTwoSlashes`), and `builder.build().unwrap()` panics.
    UriparseResolvePanicsOnDoubleSlashPath,
    /// Parsing by the `URI` and `absolute-URI` rules (uriparse bug, src/uri.rs
    /// `TryFrom<&[u8]> for URI`): a URI reference refused with
    /// `SchemelessPathStartsWithColonSegment` (a path without scheme or authority whose first
    /// segment holds a ":") is not converted to a `URIError` (the conversion is `Err(())`),
    /// and its `unwrap()` panics.
    UriparseUriConversionPanics,
    /// Normalization (uriparse bug, src/authority.rs `RegisteredName::normalize`,
    /// src/utility.rs `normalize_string` with `case_sensitive = false`): a registered name is
    /// lowercased character by character as it is read and its percent-encoded unreserved
    /// octets decoded as they are, so a decoded letter keeps its case ("%41" is "A").
    UriparseHostCaseBeforeDecoding,
    /// Normalization (uriparse bug, src/scheme.rs `UnregisteredScheme::normalize`, which calls
    /// `normalize_string` with `case_sensitive = true`): a scheme not in uriparse's table keeps
    /// its case ("O:" stays "O:").
    UriparseUnregisteredSchemeCaseKept,
    /// Normalization (iri-string, RFC 3987 §5.3.2.1): a host holding a percent-encoded octet
    /// above 0x7F is not lowercased, only its percent-encodings normalized.
    Rfc3987HostCase,
    /// Normalization (fluent-uri has one `normalize`): the scheme-based level is answered with
    /// the syntax-based one.
    OneNormalization,
    /// Normalization (fluent-uri `normalize`): dot-segments are removed only from references
    /// with a scheme; a relative reference keeps its path as normalized otherwise.
    DotSegmentsOnlyWithScheme,
    /// Parsing and resolution (sophia_iri bug, src/_regex.rs `IPv6address`): an IPv6 literal
    /// the regular expression, with a ":" too many in its prefixes, does not match is refused
    /// (see `sophia::ipv6_by_regex`).
    #[serde(rename = "sophia-ipv6-extra-colon")]
    SophiaIpv6ExtraColon,
    /// Parsing and resolution (sophia_iri bug, src/_regex.rs `ipvfuture`): an IPvFuture
    /// literal that starts with "V" is refused.
    #[serde(rename = "sophia-ipvfuture-lowercase-v")]
    SophiaIpvfutureLowercaseV,
    /// Resolution (sophia_iri bug, oxiri 0.2.11's walk): a reference with a scheme or an
    /// authority keeps its dot-segments.
    SophiaAbsoluteDotSegmentsKept,
    /// Resolution (sophia_iri bug, oxiri 0.2.11's walk): a merge keeps the base's "." and
    /// ".." segments, which only the reference's ".." removes like any other segment.
    SophiaBaseSegmentsPlain,
    /// Resolution (sophia_iri bug, oxiri 0.2.11's `remove_last_segment`): a ".." that climbs
    /// to the root of a path without authority drops the root "/".
    SophiaRootLostWithoutAuthority,
    /// Parsing (GLib `g_uri_parse`, the `URI` rule): the path's unreserved percent-encodings
    /// decoded and its dot-segments removed (`glib::parse_dot_segments_removed`); resolution
    /// (`g_uri_resolve_relative`): the base read so (`glib::base_parsed`).
    GlibParseDotSegmentsRemoved,
    /// Parsing (GLib `g_hostname_is_ip_address`): the IP literal "[:]", a lone colon, taken as
    /// an IPv6 address (`glib::lone_colon_rewrite`, `glib::lone_colon_kept`).
    GlibIpv6LoneColon,
    /// Resolution and normalization (Boost.URL 1.81 `detail::remove_dot_segments`): errata
    /// 4547's ".." kept where it cannot climb, in every path, a relative one's too
    /// (`boost_url::dot_dot_kept`, `boost_url::dot_dot_kept_in_normalization`).
    BoostUrlDotDotKept,
    /// Resolution (Boost.URL 1.81 `normalize_path` in `url_base::resolve`): the target path's
    /// reserved percent-encodings decoded (`boost_url::path_reserved_decoded`).
    BoostUrlResolvePathReservedDecoded,
    /// Resolution (Boost.URL 1.81 `url_base::resolve`, documented: "the result is
    /// normalized"): the target path's unreserved percent-encodings decoded and the other
    /// triplets uppercased, as `normalize_path` documents (`boost_url::path_normalized`).
    BoostUrlResolveResultNormalized,
    /// Parsing (Boost.URL 1.81 `detail::host_rule`): a host that starts with an IPv4 address
    /// ends after it, the rest read as the path (`boost_url::host_ipv4_prefix`).
    BoostUrlHostIpv4Prefix,
    /// PHP's `parse_url` (`php::parse`): the text cut at its delimiters, a port read by
    /// `strtol` after a heuristic scan, the answer as a whole replaced by the function's.
    PhpParseUrl,
    /// guzzlehttp/psr7's `new Uri($s)` and its getters whole (`guzzle::whole`): `Uri::parse` on
    /// PHP's `parse_url`, `applyParts`'s filters, the answer replaced by the model's.
    GuzzleUri,
    /// A bug of guzzlehttp/psr7's `Uri::parse` (`guzzle::Bugs`): `urlencode` before `parse_url`.
    GuzzleUrlencodeBeforeParseUrl,
    /// A bug of guzzlehttp/psr7 (`guzzle::Bugs`): `UriResolver::removeDotSegments`.
    GuzzleUriDotSegmentsPopped,
    /// A bug of guzzlehttp/psr7 (`guzzle::Bugs`): an empty reference gives the base whole.
    GuzzleUriEmptyReferenceIsBase,
    /// hyperlink (`hyperlink::Rule`): a port read by Python's `int()`.
    HyperlinkPortInt,
    /// An IP literal checked by `inet_pton` only with a ":", its brackets lost without one.
    HyperlinkIpLiteral,
    /// A scheme of ASCII letters, digits, "+", ",", "-" and ".", its first character unchecked.
    HyperlinkSchemeCharacters,
    /// A target or a normalization written without the userinfo's password.
    HyperlinkPasswordHidden,
    /// A reference with an authority keeps the base's userinfo (`URL.click`).
    HyperlinkClickKeepsBaseUserinfo,
    /// A parse with a host and a query and an empty path answers the path "/".
    HyperlinkQueryPathSlash,
    /// A scheme with a rootless or empty path refused by `URL.click`.
    HyperlinkClickRootlessRefused,
    /// A fragment's final line feed dropped, one before its end refused.
    HyperlinkFragmentFinalLineFeed,
    /// A reference with a scheme and a host returned as it is by `URL.click`.
    HyperlinkClickAbsoluteAsIs,
    /// A target rooted as the base is (`URL.click` passes no `rooted` to `replace`).
    HyperlinkClickKeepsBaseRooted,
    /// An empty authority dropped by `URL.to_text` without a scheme or before a "//" path.
    HyperlinkEmptyAuthorityDropped,
    /// `URL.normalize`'s empty path "/" where the URL is rooted.
    HyperlinkNormalizeEmptyPathSlash,
    /// The port written as an `int`, the scheme's default dropped.
    HyperlinkPortWrittenAsInt,
    /// A normalization that lowercases the scheme writes "//" as the scheme's registration says.
    HyperlinkNormalizeSchemeNetloc,
    /// Python's urllib.parse (`urllib::Rule`): a bracketed host read as `_hostinfo` reads it
    /// and checked by `_check_bracketed_host`.
    UrllibHostinfo,
    /// `SplitResult.hostname` lowercased with `str.lower()`.
    UrllibHostnameLowercased,
    /// `urljoin`, its own algorithm.
    UrllibUrljoin,
    /// yarl (`yarl::Rule`): a port read by Python's `int()`, refused outside 0 to 65535.
    YarlPortInt,
    /// A host `split_netloc` finds empty refused for a scheme of `SCHEME_REQUIRES_HOST`.
    YarlSchemeRequiresHost,
    /// A scheme of `scheme_chars` whose first character is not checked.
    YarlSchemeFirstCharacterUnchecked,
    /// The requoters' triplets decoded or uppercased, the password's ":" encoded.
    YarlRequote,
    /// The dot-segments of the path of a URL with an authority removed while parsing.
    YarlPathDotSegmentsRemoved,
    /// `URL.join` returns the reference where the scheme is another or not `uses_relative`.
    YarlJoinReturnsReference,
    /// `unsplit_result` writes "//" as the scheme's `uses_netloc` says.
    YarlUnsplitAuthority,
    /// `URL.__str__` drops the scheme's default port.
    YarlDefaultPortDropped,
    /// `split_url`'s check of a bracketed host and `_encode_host`'s reading of it, as
    /// `URL.host_subcomponent` reports it.
    YarlIpLiteralRead,
    /// `encode_url`'s raw path "/" for an empty path where the netloc it writes is not empty.
    YarlEmptyPathAsSlash,
    /// `split_netloc`'s userinfo up to the netloc's last "@", its "@"s written "%40".
    YarlUserinfoToLastAt,
    /// `QUERY_REQUOTER` (qs): a space in the query written "+".
    YarlQuerySpaceAsPlus,
    /// `_idna_encode`'s fallback: a host the idna package refuses written by Python's IDNA
    /// 2003 codec (Nameprep and ToASCII).
    YarlHostIdna2003Fallback,
    /// Parsing (libxml2's `xmlURI.port`, an `int`, 0 for none): a port above `INT_MAX`
    /// refused, a port of 0 none, leading zeros gone (`libxml2::port_int`).
    Libxml2PortInt,
    /// Resolution (libxml2 bug, `xmlBuildURI` steps 2 and 4 testing `ref->server`): a
    /// reference whose host is empty is read without its authority
    /// (`libxml2::empty_host_no_authority`).
    Libxml2EmptyHostNoAuthority,
    /// Resolution (libxml2 bugs, switches of one model of `xmlBuildURI`, `libxml2::Switch`):
    /// components unescaped by its parse and escaped again by `xmlSaveUri`.
    Libxml2BuildUnescaped,
    /// An empty userinfo unescaped from the rest of the string (`len <= 0` is `strlen`).
    Libxml2EmptyUserinfoReadsRest,
    /// A base without a scheme taken.
    Libxml2RelativeBaseAccepted,
    /// A base its parser refuses gives the reference, written again.
    Libxml2RefusedBaseGivesReference,
    /// The merge's "/" written only where the base has a server (a host not empty).
    Libxml2MergeSlashNeedsServer,
    /// xmlNormalizeURIPath collapses "//" (documented in its source comments).
    Libxml2EmptySegmentsDropped,
    /// xmlNormalizeURIPath's step g takes the root with a leading "/..".
    Libxml2RootTakenByDotDot,
    /// xmlNormalizeURIPath's step g only on a path with a root.
    Libxml2RootlessDotDotKept,
    /// A reference with a scheme returned before the base is parsed.
    Libxml2BaseUnreadForAbsoluteReference,
    /// Resolution (Perl's URI bug, `perl_uri::opaque_base_applied`): against a base of the
    /// `mailto`, `urn` or `data` class, the reference is the opaque part after its scheme.
    PerlUriReferenceAsOpaquePart,
    /// Parsing and resolution (Perl's URI bug, `perl_uri::ftp_path_holds_query`,
    /// `perl_uri::ftp_resolution_rewrite`): an `ftp` URI's path is its `path_query`, the query
    /// after a "?", and resolution merges it as a path.
    PerlUriFtpPathHoldsQuery,
    /// Parsing (Perl's URI, `perl_uri::opaque_classes_read`): a `mailto`, `urn` or `data` URI
    /// has an opaque part, no authority (and no query but mailto's).
    PerlUriOpaqueClasses,
    /// Parsing (java.net.URI `parseAuthority`): an authority that does not parse as a server
    /// but whose characters are a `reg_name`'s is registry-based, answered as the host whole
    /// (`java::registry_rewrite`, `java::registry_applied`).
    JavaRegistryAuthority,
    /// Resolution (java.net.URI `resolve`): against an opaque base, the reference itself
    /// (`java::opaque_base_unresolved`).
    JavaOpaqueBaseUnresolved,
    /// Resolution (java.net.URI `defineString`): a target built from components has its
    /// server-based port written as an `int` (`java::written_from_components`).
    JavaResolvedWrittenFromComponents,
    /// Parsing (java.net.URI, RFC 2732's `reserved`): "[" and "]" taken in the query, the
    /// fragment and an opaque part (`java::brackets_rewrite`, `java::brackets_applied`).
    JavaUricBrackets,
    /// Parse (java.net.URI, RFC 2373's grammar): an IPv6 literal's IPv4 octets one to three
    /// digits up to 255, leading zeros taken (`java::ipv4_part_rewrite`).
    #[serde(rename = "java-ipv4-part-rfc2373")]
    JavaIpv4PartRfc2373,
    /// Parse (java.net.URI bug, `Parser.scanByte`): an IPv6 literal's IPv4 octets any run of
    /// digits up to 255 (`java::ipv4_part_rewrite`).
    JavaIpv4PartAnyDigits,
    /// Parse (Erlang's uri_string bug): the hexadecimal digits and "." after an IP literal's
    /// "]" read on into the host (`uri_string::ip_literal_read_on_rewrite`).
    UriStringIpLiteralReadOn,
    /// Parsing (java.net.URI, RFC 2396's `opaque_part`): after a scheme that no "/" follows,
    /// the scheme-specific part is the path, whole (`java::opaque_rewrite`,
    /// `java::opaque_applied`).
    JavaOpaquePart,
    /// Parsing (java.net.URI `parseHierarchical`): an empty authority that ends the text is
    /// refused (`java::empty_authority_alone_refused`).
    JavaEmptyAuthorityAloneRefused,
    /// Parsing (java.net.URI `parseServer`): an IPv6 literal's scope id after "%" (alpha,
    /// digit, "_" and ".") taken, the host answered with it (`java::scope_id_rewrite`,
    /// `java::scope_id_applied`).
    JavaIpv6ScopeId,
    /// Resolution (java.net.URI `resolvePath`, `normalize`): a merge's empty segments dropped
    /// before its dot-segments are removed (`java::merge_empty_segments_rewrite`).
    JavaMergeEmptySegmentsDropped,
    /// Resolution (java.net.URI `resolve`): a reference's empty authority read as none, the
    /// base's taken (`java::empty_authority_undefined_rewrite`).
    JavaEmptyAuthorityUndefined,
    /// libcurl's host (`ipv4_normalize`, `decode_host`, `hostname_check`): numbers read as an
    /// IPv4 address, a name decoded and checked, an IPv6 literal written shorter
    /// (`curl::host_read`).
    CurlHostRead,
    /// Resolution (libcurl's `concat_url`): a relative reference appended to the base as curl
    /// writes it, the string read again as an absolute URL (`curl::concat_rewrite`).
    CurlConcatUrl,
    /// Parsing (libcurl's parseurl, its file: branch): the text after "file:" a path, query
    /// and fragment without a host (`curl::file_url`).
    CurlFileUrl,
    /// Parsing (libcurl's `Curl_is_absolute_url`): a scheme of one to forty characters, its
    /// first unchecked (`curl::scheme_rewrite`, `curl::scheme_applied`).
    CurlSchemeFirstCharacterUnchecked,
    /// libcurl's parseurl: no slash or more than three after a scheme other than file refused
    /// (`curl::slashes_counted`).
    CurlSlashesCounted,
}

impl Transform {
    /// A new case to ask the reference, when the rule changes the input: `case` as the steps
    /// before rewrote it, `original` as given.
    fn rewrite(self, original: &Request, case: &Request) -> Option<Request> {
        match (self, case) {
            (
                Transform::KeepBaseDotDotSegment,
                Request::Resolve {
                    base,
                    input,
                    strict,
                },
            ) => {
                let b = reference::parse_uri(base).ok()?;
                let r = reference::parse(input).ok()?;
                let last = b.path.rsplit('/').next().unwrap_or("");
                let merges = r.scheme.is_none()
                    && !r.has_authority()
                    && !r.path.is_empty()
                    && !r.path.starts_with('/');
                if !merges || !is_double_dot(last) || !b.path.contains('/') {
                    return None;
                }
                let path = format!("{}/", b.path);
                let rewritten = reference::recompose(&reference::Components { path: &path, ..b });
                Some(Request::Resolve {
                    base: rewritten,
                    input: input.clone(),
                    strict: *strict,
                })
            }
            (Transform::UriparseMergeDropsEmptySegment, Request::Resolve { .. }) => {
                self::uriparse::merge_drops_empty_segment(case)
            }
            (Transform::NetworkUriZoneIdRead, Request::Parse { .. }) => {
                network_uri::zone_id_read(case)
            }
            (Transform::OcamlUriEmptyScheme, Request::Parse { .. }) => {
                ocaml_uri::empty_scheme_rewrite(case)
            }
            (Transform::RubyUriEmptyAuthorityAsNone, Request::Resolve { .. }) => {
                ruby_uri::empty_authority_as_none(case)
            }
            (Transform::RubyUriIpLiteralRegexp, _) => ruby_uri::ip_literal_rewrite(case),
            (
                t,
                Request::Parse {
                    input,
                    rule,
                    zone_id,
                },
            ) if !t.http_bugs().is_empty() => {
                let Request::Parse { input: own, .. } = original else {
                    return None;
                };
                // Each of the model's repairs where its part stands (they compose).
                let mut text: Option<String> = None;
                for &bug in t.http_bugs() {
                    let current = text.as_deref().unwrap_or(input);
                    if let Some(again) = http::repaired(bug, own, current, *zone_id) {
                        text = Some(again);
                    }
                }
                Some(Request::Parse {
                    input: text?,
                    rule: rule.clone(),
                    zone_id: *zone_id,
                })
            }
            (
                t,
                Request::Parse {
                    input,
                    rule,
                    zone_id,
                },
            ) if t.rocket_leniency().is_some() => {
                let leniency = t.rocket_leniency()?;
                Some(Request::Parse {
                    input: rocket::rewritten(leniency, input, *zone_id)?,
                    rule: rule.clone(),
                    zone_id: *zone_id,
                })
            }
            (t, _) if t.rfc3986_rule().is_some() => rfc3986::rewrite(t.rfc3986_rule()?, case),
            (t, _) if t.guzzle_rule().is_some() => guzzle::rewrite(t.guzzle_rule()?, case),
            (t, _) if t.url_parse_rule().is_some() => url_parse::rewrite(t.url_parse_rule()?, case),
            (t, _) if t.legacy_url_rule().is_some() => {
                legacy_url::rewrite(t.legacy_url_rule()?, original, case)
            }
            (t, _) if t.uri_js_rule().is_some() => uri_js::rewrite(t.uri_js_rule()?, case),
            (Transform::Rhymu8354PortToInteger, _) => rhymu8354::rewrite(case),
            (Transform::Rhymu8354PathNormalized, _) => rhymu8354::path_normalized(case),
            (Transform::Rhymu8354Ipv4PartThreeGroups, _) => rhymu8354::ipv4_part_rewrite(case),
            (t, _) if t.poco_rule().is_some() => poco::rewrite(t.poco_rule()?, case),
            (t, _) if t.hyperlink_rule().is_some() => {
                hyperlink::rewrite(t.hyperlink_rule()?, original, case)
            }
            (t, _) if t.urllib_rule().is_some() => urllib::rewrite(t.urllib_rule()?, case),
            (t, _) if t.yarl_rule().is_some() => yarl::rewrite(t.yarl_rule()?, original, case),
            (Transform::DotnetTrailingSpaceCut, _) => dotnet::trailing_space_cut(case),
            (Transform::DotnetDosPathAfterScheme, _) => dotnet::dos_path_after_scheme(case),
            (Transform::AddressableUserinfoStripped, _) => addressable::userinfo_stripped(case),
            (Transform::AddressableHostRefusedCharactersOnly, _) => {
                addressable::host_stood_in(case)
            }
            (Transform::DotnetSchemeWithoutAuthority, _) => dotnet::mailto_authority(case),
            (Transform::DotnetIpv6Canonical, _) => dotnet::ipv6_host_rewritten(case, false),
            (Transform::DotnetIpv6Lenient, _) => dotnet::ipv6_host_rewritten(case, true),
            (Transform::DotnetIpLiteralPathAfter, _) => dotnet::ip_literal_path_after(case),
            (Transform::DotnetInvalidSchemeAsPath, _) => dotnet::invalid_scheme_as_path(case),
            (Transform::JavaRegistryAuthority, _) => java::registry_rewrite(original, case),
            (Transform::JavaUricBrackets, _) => java::brackets_rewrite(original, case),
            (Transform::JavaIpv4PartRfc2373, Request::Parse { .. }) => {
                java::ipv4_part_rewrite(case, false)
            }
            (Transform::JavaIpv4PartAnyDigits, Request::Parse { .. }) => {
                java::ipv4_part_rewrite(case, true)
            }
            (Transform::UriStringIpLiteralReadOn, Request::Parse { .. }) => {
                uri_string::ip_literal_read_on_rewrite(case)
            }
            (Transform::JavaOpaquePart, _) => java::opaque_rewrite(original, case),
            (Transform::JavaIpv6ScopeId, Request::Parse { .. }) => java::scope_id_rewrite(case),
            (Transform::JavaMergeEmptySegmentsDropped, Request::Resolve { .. }) => {
                java::merge_empty_segments_rewrite(original, case)
            }
            (Transform::JavaEmptyAuthorityUndefined, Request::Resolve { .. }) => {
                java::empty_authority_undefined_rewrite(original, case)
            }
            (Transform::Libxml2EmptyHostNoAuthority, Request::Resolve { .. }) => {
                libxml2::empty_host_no_authority(case)
            }
            (Transform::GlibParseDotSegmentsRemoved, Request::Resolve { .. }) => {
                glib::base_parsed(case)
            }
            (Transform::GlibIpv6LoneColon, Request::Parse { .. }) => glib::lone_colon_rewrite(case),
            (Transform::PerlUriFtpPathHoldsQuery, Request::Resolve { .. }) => {
                perl_uri::ftp_resolution_rewrite(case)
            }
            (Transform::CurlConcatUrl, Request::Resolve { .. }) => curl::concat_rewrite(case),
            (Transform::CurlSchemeFirstCharacterUnchecked, Request::Parse { .. }) => {
                curl::scheme_rewrite(case)
            }
            (Transform::RhymuriDecodedDotSegments, Request::Normalize { .. }) => {
                rhymuri::decoded_dot_segments(case)
            }
            (Transform::OneNormalization, Request::Normalize { input, .. })
                if case.checked_level() == Ok(reference::Level::Scheme) =>
            {
                Some(Request::Normalize {
                    input: input.clone(),
                    level: Some(crate::reference::Level::Syntax),
                })
            }
            _ => None,
        }
    }

    /// The crate's answer from the answer so far; `case` is the case as rewritten, `original`
    /// as given.
    fn apply(self, original: &Request, case: &Request, answer: Outcome) -> Outcome {
        match (self, case) {
            (Transform::PhpParseUrl, Request::Parse { .. }) => {
                php::parse(original).unwrap_or(answer)
            }
            (Transform::GuzzleUri, _) => {
                guzzle::whole(original, guzzle::Bugs::default()).unwrap_or(answer)
            }
            (Transform::GuzzleUrlencodeBeforeParseUrl, _) => {
                guzzle::switched_on(original, answer, |b| b.urlencoded = true)
            }
            (Transform::GuzzleUriDotSegmentsPopped, _) => {
                guzzle::switched_on(original, answer, |b| b.dot_segments_popped = true)
            }
            (Transform::GuzzleUriEmptyReferenceIsBase, _) => {
                guzzle::switched_on(original, answer, |b| b.empty_reference_is_base = true)
            }
            (
                Transform::Rfc3987Grammar,
                Request::Parse {
                    input,
                    rule,
                    zone_id: false,
                },
            ) if !input.is_ascii() => match case.checked_rule() {
                Ok(rule) => Reference.parse_iri(input, rule),
                Err(_) => answer,
            },
            (
                Transform::Rfc3987Grammar,
                Request::Resolve {
                    base,
                    input,
                    strict,
                },
            ) if !(base.is_ascii() && input.is_ascii()) => match reference::resolve_in(
                base,
                input,
                ResolveOptions::strict(*strict),
                reference::Grammar::Iri,
            ) {
                Ok(target) => Outcome::Resolved(target),
                Err(e) => Outcome::Invalid((&e).into()),
            },
            (Transform::RefuseBaseWithFragment, Request::Resolve { base, .. })
                if reference::parse_uri(base).is_ok_and(|b| b.fragment.is_some()) =>
            {
                Outcome::invalid("base with a fragment".into())
            }
            (Transform::RefuseReferenceAgainstOpaqueBase, Request::Resolve { base, input, .. }) => {
                let opaque = reference::parse_uri(base)
                    .is_ok_and(|b| !b.has_authority() && !b.path.starts_with('/'));
                let allowed = input.is_empty()
                    || input.starts_with('#')
                    || reference::parse(input).is_ok_and(|r| r.scheme.is_some());
                if opaque && !allowed && reference::parse(input).is_ok() {
                    Outcome::invalid("reference against an opaque base".into())
                } else {
                    answer
                }
            }
            (Transform::RefuseDoubleSlashTarget, Request::Resolve { .. }) => match &answer {
                Outcome::Resolved(_) if letter_target_is_double_slash(case) => {
                    Outcome::invalid("target path starts with //".into())
                }
                _ => answer,
            },
            (Transform::DefaultPortRemoved, Request::Normalize { .. }) => {
                map_normalized(answer, |c| {
                    let default = c.scheme.as_deref().and_then(fluent_uri_default_port);
                    let port = c.port.as_deref().and_then(|p| p.parse::<u16>().ok());
                    if port.is_some() && port == default {
                        c.port = None;
                    }
                })
            }
            (Transform::DotSegmentsOnlyWithScheme, Request::Normalize { input, .. }) => {
                let Ok(r) = reference::parse(input) else {
                    return answer;
                };
                if r.scheme.is_some() && r.path.starts_with('/') {
                    return answer;
                }
                let mut path = String::with_capacity(r.path.len());
                reference::normalize::normalize_percent_encoding(&mut path, r.path, false);
                map_normalized(answer, |c| c.path = path)
            }
            (
                Transform::Errata4547,
                Request::Resolve {
                    base,
                    input,
                    strict,
                },
            ) => match errata_4547_resolve(base, input, *strict, IrefSlip::None) {
                Some(target) => Outcome::Resolved(target),
                None => answer,
            },
            (
                Transform::IrefLeadingEmptySegmentLost | Transform::IrefMergePathContextCleared,
                Request::Resolve {
                    base,
                    input,
                    strict,
                },
            ) => {
                let slip = match self {
                    Transform::IrefLeadingEmptySegmentLost => IrefSlip::LeadingEmptySegmentLost,
                    _ => IrefSlip::PathContextCleared,
                };
                match (&answer, errata_4547_resolve(base, input, *strict, slip)) {
                    (Outcome::Resolved(_), Some(target)) => Outcome::Resolved(target),
                    _ => answer,
                }
            }
            (Transform::IrefUpperVIsIpv6, Request::Parse { .. }) => match answer {
                Outcome::Parsed {
                    components,
                    host_kind: Some(HostKind::IpvFuture),
                } if components
                    .host
                    .as_deref()
                    .is_some_and(|h| h.starts_with("[V")) =>
                {
                    Outcome::Parsed {
                        components,
                        host_kind: Some(HostKind::Ipv6),
                    }
                }
                other => other,
            },
            (Transform::RhymuriTypes, _) => rhymuri::types(case, answer),
            (Transform::Libxml2PortInt, Request::Parse { .. }) => libxml2::port_int(answer),
            (Transform::Libxml2EmptyHostNoAuthority, Request::Parse { .. }) => {
                libxml2::absolute_empty_host_port_dropped(answer)
            }
            (Transform::Libxml2EmptyHostNoAuthority, Request::Resolve { .. }) => {
                libxml2::empty_host_double_slash_path(case, answer)
            }
            (Transform::PerlUriReferenceAsOpaquePart, Request::Resolve { .. }) => {
                perl_uri::opaque_base_applied(original, answer)
            }
            (Transform::PerlUriFtpPathHoldsQuery, Request::Parse { .. }) => {
                perl_uri::ftp_path_holds_query(answer)
            }
            (Transform::PerlUriFtpPathHoldsQuery, Request::Resolve { .. }) => {
                perl_uri::ftp_query_restored(original, answer)
            }
            (Transform::PerlUriOpaqueClasses, Request::Parse { .. }) => {
                perl_uri::opaque_classes_applied(original, answer)
            }
            (t, Request::Resolve { .. }) if libxml2::switch_of(t).is_some() => {
                match libxml2::switch_of(t) {
                    Some(switch) => libxml2::switched_on(switch, original, answer),
                    None => answer,
                }
            }
            (Transform::JavaRegistryAuthority, _) => java::registry_applied(original, answer),
            (Transform::JavaIpv4PartRfc2373, Request::Parse { .. }) => {
                java::ipv4_part_applied(original, answer, false)
            }
            (Transform::JavaIpv4PartAnyDigits, Request::Parse { .. }) => {
                java::ipv4_part_applied(original, answer, true)
            }
            (Transform::UriStringIpLiteralReadOn, Request::Parse { .. }) => {
                uri_string::ip_literal_read_on_applied(original, answer)
            }
            (Transform::JavaUricBrackets, Request::Parse { .. }) => {
                java::brackets_applied(original, answer)
            }
            (Transform::JavaOpaquePart, Request::Parse { .. }) => {
                java::opaque_applied(original, answer)
            }
            (Transform::JavaEmptyAuthorityAloneRefused, Request::Parse { .. }) => {
                java::empty_authority_alone_refused(original, answer)
            }
            (Transform::JavaIpv6ScopeId, Request::Parse { .. }) => {
                java::scope_id_applied(original, answer)
            }
            (Transform::JavaOpaqueBaseUnresolved, _) => {
                java::opaque_base_unresolved(original, answer)
            }
            (Transform::JavaResolvedWrittenFromComponents, _) => {
                java::written_from_components(original, answer)
            }
            (Transform::UritoolsDigitsHostLost, Request::Parse { .. }) => {
                uritools::digits_host_lost(answer)
            }
            (Transform::UritoolsHostDecodedAsUtf8, Request::Parse { .. }) => {
                uritools::host_decoded_as_utf8(answer)
            }
            (Transform::RubyUriObjectWritten, _) => ruby_uri::object_written(case, answer),
            (Transform::RubyUriEmptyHostSlashesDropped, _) => {
                ruby_uri::empty_host_slashes_dropped(case, answer)
            }
            // The same nil host, written: to_s drops the "//" of the target's empty host.
            (Transform::RubyUriEmptyAuthorityAsNone, _) => {
                ruby_uri::empty_host_slashes_dropped(case, answer)
            }
            (Transform::RubyUriMergePath, _) => ruby_uri::merge_path_applied(case, answer),
            (Transform::RubyUriMergePathRootTaken, _) => {
                ruby_uri::merge_path_root_taken(case, answer)
            }
            (Transform::RubyUriBaseUserinfoPortKept, _) => {
                ruby_uri::base_userinfo_port_kept(case, answer)
            }
            (Transform::RubyUriOpaqueQueryFolded, _) => ruby_uri::opaque_query_folded(case, answer),
            (Transform::RubyUriFtpObject, _) => ruby_uri::ftp_object(case, answer),
            (Transform::RubyUriFtpMergeTypecodeRaised, _) => {
                ruby_uri::ftp_merge_typecode_raised(case, answer)
            }
            (Transform::RubyUriMailtoObject, _) => ruby_uri::mailto_object(case, answer),
            (Transform::OcamlUriComponentsReencoded, _) => ocaml_uri::components_reencoded(answer),
            (Transform::OcamlUriPortOverflowAsNone, _) => ocaml_uri::port_overflow_as_none(answer),
            (Transform::OcamlUriPathSegments, _) => ocaml_uri::path_segments(original, answer),
            (Transform::OcamlUriEmptyScheme, Request::Parse { .. }) => {
                ocaml_uri::empty_scheme_applied(original, answer)
            }
            (Transform::OcamlUriFileLocalhostEmptied, Request::Parse { .. }) => {
                ocaml_uri::file_localhost_emptied(answer)
            }
            (Transform::OcamlUriRelativeBase, Request::Resolve { .. }) => {
                ocaml_uri::relative_base(original, answer)
            }
            (Transform::NetworkUriZoneAfterIpv4Refused, Request::Parse { .. }) => {
                network_uri::zone_after_ipv4_refused(answer)
            }
            (Transform::NetworkUriIpvFutureNarrowed, Request::Parse { .. }) => {
                network_uri::ipvfuture_narrowed(answer)
            }
            (Transform::AddressablePortZeroAsNone, _) => {
                addressable::apply(addressable::Rule::PortZeroAsNone, case, answer)
            }
            (Transform::AddressableIpBasedWithoutHostAndPathRefused, _) => addressable::apply(
                addressable::Rule::IpBasedWithoutHostAndPathRefused,
                case,
                answer,
            ),
            (Transform::AddressableJoinDotSegmentsByRegexps, _) => {
                addressable::apply(addressable::Rule::JoinDotSegmentsByRegexps, case, answer)
            }
            (Transform::AddressableHostRefusedCharactersOnly, _) => {
                addressable::host_put_back(original, answer)
            }
            (Transform::RubyUriIpLiteralRegexp, _) => {
                ruby_uri::ip_literal_applied(original, answer)
            }
            (Transform::CurlEmptyQueryNotWritten, _) => curl::empty_query_not_written(case, answer),
            (Transform::CurlHostRead, Request::Parse { .. } | Request::Resolve { .. }) => {
                curl::host_read(answer)
            }
            (Transform::CurlFileUrl, Request::Parse { .. }) => {
                curl::file_url(original).unwrap_or(answer)
            }
            (Transform::CurlSchemeFirstCharacterUnchecked, Request::Parse { .. }) => {
                curl::scheme_applied(original, answer)
            }
            (Transform::CurlSlashesCounted, _) => curl::slashes_counted(original, answer),
            (t, Request::Normalize { input, .. }) if t.network_uri_rule().is_some() => {
                match t.network_uri_rule() {
                    Some(rule) => network_uri::apply(rule, input, answer),
                    None => answer,
                }
            }
            (
                Transform::UriparserIpv6WrittenInFull,
                Request::Resolve { .. } | Request::Normalize { .. },
            ) => uriparser::ipv6_written_in_full(answer),
            (Transform::DotnetDosPathAfterScheme, Request::Parse { .. }) => {
                dotnet::dos_path_host(original, answer)
            }
            (Transform::DotnetImplicitFilePath, _) => dotnet::apply_implicit_file(original, answer),
            (Transform::DotnetIriEscapesUnescaped, _) => {
                dotnet::iri_escapes_unescaped(original, answer)
            }
            (Transform::DotnetLowSurrogateEscapedAgain, _) => {
                dotnet::low_surrogate_escaped_again(original, answer)
            }
            (Transform::DotnetIriTrailingSpaceKept, _) => {
                dotnet::iri_trailing_space_kept(original, answer)
            }
            (Transform::DotnetSchemeWithoutAuthority, Request::Parse { .. }) => {
                dotnet::scheme_without_authority(original, answer)
            }
            (Transform::DotnetHostRefused, Request::Parse { .. }) => dotnet::host_refused(answer),
            (Transform::DotnetUncHostEmptied, _) => dotnet::unc_host_emptied(original, answer),
            (Transform::DotnetMailtoCombined, Request::Resolve { .. }) => {
                dotnet::mailto_combined(original, answer)
            }
            (Transform::DotnetIpv4Numbers, Request::Parse { .. }) => dotnet::ipv4_numbers(answer),
            (Transform::DotnetPortZeroDropped, Request::Parse { .. }) => {
                dotnet::port_zero_dropped(answer)
            }
            (Transform::DotnetQueryInPath, Request::Parse { .. }) => dotnet::query_in_path(answer),
            (Transform::DotnetPathCompressed, Request::Parse { .. }) => {
                dotnet::path_compressed(answer)
            }
            (Transform::DotnetPathCompressed, _) => dotnet::path_kept_uncompressed(case, answer),
            (Transform::DotnetRootlessFirstSegmentKept, Request::Resolve { .. }) => {
                dotnet::rootless_first_segment_kept(case, answer)
            }
            (Transform::DotnetAuthorityRequired, Request::Parse { .. }) => {
                dotnet::authority_required(answer)
            }
            (Transform::DotnetAbsoluteUriDoubled, _) => {
                dotnet::absolute_uri_doubled(original, answer)
            }
            (Transform::DotnetSameSchemeCombined, Request::Resolve { .. }) => {
                dotnet::same_scheme_combined(original, answer)
            }
            (Transform::DotnetFileAbsolutePathHostDropped, Request::Resolve { .. }) => {
                dotnet::file_absolute_path_host_dropped(original, answer)
            }
            (t, _) if t.rfc3986_rule().is_some() => match t.rfc3986_rule() {
                Some(rule) => rfc3986::apply(rule, case, answer),
                None => answer,
            },
            (t, _) if t.guzzle_rule().is_some() => match t.guzzle_rule() {
                Some(rule) => guzzle::apply(rule, original, case, answer),
                None => answer,
            },
            (t, _) if t.url_parse_rule().is_some() => match t.url_parse_rule() {
                Some(rule) => url_parse::apply(rule, original, answer),
                None => answer,
            },
            (Transform::UriJsWsFragmentDropped, Request::Normalize { input, .. }) => {
                uri_js::ws_fragment_dropped(input, answer)
            }
            (t, Request::Parse { .. }) if t.uri_js_rule().is_some() => match t.uri_js_rule() {
                Some(rule) => uri_js::apply(rule, original, answer),
                None => answer,
            },
            (t, _) if t.legacy_url_rule().is_some() => match t.legacy_url_rule() {
                Some(rule) => legacy_url::apply(rule, original, answer),
                None => answer,
            },
            (Transform::Rhymu8354PortToInteger, Request::Parse { .. }) => {
                rhymu8354::apply(original, answer)
            }
            (Transform::Rhymu8354EmptyPathSlashAfterHost, _) => {
                rhymu8354::empty_path_slash_after_host(answer)
            }
            (Transform::Rhymu8354ReencodedByItsTables, _) => {
                rhymu8354::reencoded_by_its_tables(answer)
            }
            (Transform::Rhymu8354Ipv4PartThreeGroups, _) => {
                rhymu8354::ipv4_part_apply(original, answer)
            }
            (Transform::Rhymu8354EmptyHostNoAuthority, _) => {
                rhymu8354::empty_host_resolved(case, answer)
            }
            (Transform::QurlEmptyRefused, _) => {
                qurl::apply(qurl::Rule::EmptyRefused, original, answer)
            }
            (Transform::QurlFileSlashesWritten, _) => {
                qurl::apply(qurl::Rule::FileSlashesWritten, original, answer)
            }
            (Transform::QurlIpv4InetAton, _) => {
                qurl::apply(qurl::Rule::Ipv4InetAton, original, answer)
            }
            (Transform::QurlIp6Written, _) => qurl::apply(qurl::Rule::Ip6Written, original, answer),
            (Transform::QurlIpvfutureOneDigit, _) => {
                qurl::apply(qurl::Rule::IpvFutureOneDigit, original, answer)
            }
            (Transform::QurlResolved, _) => qurl::apply(qurl::Rule::Resolved, original, answer),
            (Transform::QurlNoncharacterAsHighSurrogate, _) => {
                qurl::apply(qurl::Rule::NoncharacterAsHighSurrogate, original, answer)
            }
            (t, _) if t.poco_rule().is_some() => match t.poco_rule() {
                Some(rule) => poco::apply(rule, original, case, answer),
                None => answer,
            },
            (t, _) if t.hyperlink_rule().is_some() => match t.hyperlink_rule() {
                Some(rule) => hyperlink::apply(rule, original, answer),
                None => answer,
            },
            (t, _) if t.urllib_rule().is_some() => match t.urllib_rule() {
                Some(rule) => urllib::apply(rule, original, answer),
                None => answer,
            },
            (t, _) if t.yarl_rule().is_some() => match t.yarl_rule() {
                Some(rule) => yarl::apply(rule, original, answer),
                None => answer,
            },
            (
                Transform::RootlessTargetDotSegmentsKept,
                Request::Resolve {
                    input,
                    strict: true,
                    ..
                },
            ) => match (&answer, reference::parse(input)) {
                (Outcome::Resolved(_), Ok(r)) if r.scheme.is_some() && !r.path.starts_with('/') => {
                    Outcome::Resolved(reference::recompose(&r))
                }
                _ => answer,
            },
            (Transform::UriparseRelativeDotSegments, Request::Normalize { input, .. }) => {
                match reference::parse(input) {
                    Ok(r)
                        if r.scheme.is_none() && !r.has_authority() && !r.path.starts_with('/') =>
                    {
                        // Segments are normalized (percent-encodings, "%2E" to ".") before
                        // the dot rule.
                        let mut encoded = String::with_capacity(r.path.len());
                        reference::normalize::normalize_percent_encoding(
                            &mut encoded,
                            r.path,
                            false,
                        );
                        let path = self::uriparse::relative_normalize(&encoded);
                        // A first segment with a colon makes no relative reference (§4.2), and
                        // uriparse promises that "whether the path is absolute will not change":
                        // no documented rule excuses either result.
                        if path
                            .split('/')
                            .next()
                            .is_some_and(|first| first.contains(':'))
                            || !keeps_relative(&encoded, &path)
                        {
                            return answer;
                        }
                        map_normalized(answer, |c| c.path = path)
                    }
                    _ => answer,
                }
            }
            (Transform::Rfc3987HostCase, Request::Normalize { input, .. }) => {
                match reference::parse(input) {
                    Ok(r) if r.host.is_some_and(has_non_ascii_triplet) => {
                        let mut host = String::new();
                        reference::normalize::normalize_percent_encoding(
                            &mut host,
                            r.host.unwrap_or(""),
                            false,
                        );
                        map_normalized(answer, |c| c.host = Some(host))
                    }
                    _ => answer,
                }
            }
            (Transform::UriparseTypes, Request::Resolve { base, input, .. })
                if [base, input].into_iter().any(|text| uriparse_refuses(text)) =>
            {
                Outcome::invalid("uriparse: port overflow or IPvFuture".into())
            }
            (Transform::UriparseTypes, _) => {
                uriparse_types(answer, !letter_target_is_double_slash(case))
            }
            (
                Transform::UriparseColonInAbsolutePath,
                Request::Parse { input, .. }
                | Request::Resolve { input, .. }
                | Request::Normalize { input, .. },
            ) if self::uriparse::colon_in_absolute_path(input) => {
                Outcome::invalid(self::uriparse::COLON_SEGMENT_REFUSED.into())
            }
            // A base is parsed first, as a `URI`.
            (Transform::UriparseColonInAbsolutePath, Request::Resolve { base, .. })
                if self::uriparse::colon_in_absolute_path(base) =>
            {
                Outcome::invalid_base(self::uriparse::COLON_SEGMENT_REFUSED.into())
            }
            (Transform::UriparseDotSegmentsWhenCounted, Request::Resolve { base, input, .. })
                if matches!(answer, Outcome::Resolved(_)) =>
            {
                match self::uriparse::uncounted_dot_segments(base, input)
                    .filter(|(_, written)| !written)
                    .and_then(|(path, _)| self::uriparse::target_with_path(base, input, &path))
                {
                    Some((target, _)) => Outcome::Resolved(target),
                    None => answer,
                }
            }
            (
                Transform::UriparseDotSegmentsCountedAsWritten,
                Request::Resolve { base, input, .. },
            ) => {
                // The crate's target, written from scratch: the answer so far may be no target
                // at all (its path, the dot-segments removed, could read as an authority).
                match self::uriparse::uncounted_dot_segments(base, input)
                    .filter(|(_, written)| *written)
                    .and_then(|(path, _)| {
                        let (target, authority) =
                            self::uriparse::target_with_path(base, input, &path)?;
                        // A "//" path without authority is written as it is (see
                        // `uriparse_types`).
                        let real_authority = authority || !path.starts_with("//");
                        Some(uriparse_types(Outcome::Resolved(target), real_authority))
                    }) {
                    Some(target) => target,
                    None => answer,
                }
            }
            (Transform::UriparseRelativePathNormalized, Request::Normalize { input, .. }) => {
                match reference::parse(input) {
                    Ok(r)
                        if r.scheme.is_none() && !r.has_authority() && !r.path.starts_with('/') =>
                    {
                        let path = self::uriparse::relative_normalize(r.path);
                        if path.starts_with("//") {
                            return answer;
                        }
                        map_normalized(answer, |c| c.path = path)
                    }
                    _ => answer,
                }
            }
            (Transform::UriparseDotSegmentsMakeAnAuthority, Request::Normalize { input, .. }) => {
                match self::uriparse::normalized_path_without_authority(input) {
                    Some(path) if path.starts_with("//") => {
                        map_normalized(answer, |c| c.path = path)
                    }
                    _ => answer,
                }
            }
            (
                Transform::UriparseDotSegmentsMakeAnAuthority,
                Request::Resolve {
                    base,
                    input,
                    strict: true,
                },
            ) => {
                // The crate's target, written from scratch: the path `URI::resolve` builds,
                // not absolute, written as it is after the scheme.
                match self::uriparse::resolved_path(base, input) {
                    Some((false, segments))
                        if self::uriparse::written_double_slash(false, &segments) =>
                    {
                        let path = segments.join("/");
                        match self::uriparse::target_with_path(base, input, &path) {
                            Some((target, false)) => {
                                uriparse_types(Outcome::Resolved(target), false)
                            }
                            _ => answer,
                        }
                    }
                    _ => answer,
                }
            }
            (
                Transform::UriparseResolvePanicsOnDoubleSlashPath,
                Request::Resolve {
                    base,
                    input,
                    strict: true,
                },
            ) => match self::uriparse::resolved_path(base, input) {
                Some((true, segments))
                    if self::uriparse::written_double_slash(true, &segments)
                        && self::uriparse::target_with_path(base, input, "/")
                            .is_some_and(|(_, authority)| !authority) =>
                {
                    Outcome::Panicked(format!(
                        "called `Result::unwrap()` on an `Err` value: AbsolutePathStartsWithTwoSlashes at {}",
                        self::uriparse::RESOLVE_UNWRAP
                    ))
                }
                _ => answer,
            },
            (Transform::UriparseUriConversionPanics, Request::Parse { input, .. })
                if matches!(
                    case.checked_rule(),
                    Ok(reference::Rule::Uri | reference::Rule::AbsoluteUri)
                ) =>
            {
                // The colon refused by the RFC's own rule (a relative path's first segment), or
                // by the model before this step (uriparse's refusal of "/:").
                let refused_for_a_colon = matches!(&answer, Outcome::Invalid(error)
                    if error.subject() == Subject::Input
                        && error.message() == self::uriparse::COLON_SEGMENT_REFUSED);
                if refused_for_a_colon || self::uriparse::schemeless_colon_segment(input) {
                    uriparse_conversion_panic()
                } else {
                    answer
                }
            }
            // A resolution's base, which `URI::try_from` parses first.
            (Transform::UriparseUriConversionPanics, Request::Resolve { base, .. }) => {
                let refused_for_a_colon = matches!(&answer, Outcome::Invalid(error)
                    if error.subject() == Subject::Base
                        && error.message() == self::uriparse::COLON_SEGMENT_REFUSED);
                if refused_for_a_colon || self::uriparse::schemeless_colon_segment(base) {
                    uriparse_conversion_panic()
                } else {
                    answer
                }
            }
            (Transform::UriparseHostCaseBeforeDecoding, Request::Normalize { input, .. }) => {
                match reference::parse(input) {
                    Ok(r) if r.host_kind == Some(HostKind::RegName) => {
                        let host = self::uriparse::registered_name_normalized(r.host.unwrap_or(""));
                        map_normalized(answer, |c| c.host = Some(host))
                    }
                    _ => answer,
                }
            }
            (Transform::UriparseUnregisteredSchemeCaseKept, Request::Normalize { input, .. }) => {
                match reference::parse(input).ok().and_then(|r| r.scheme) {
                    Some(scheme)
                        if !URIPARSE_REGISTERED_SCHEMES
                            .contains(&scheme.to_ascii_lowercase().as_str()) =>
                    {
                        let scheme = scheme.to_owned();
                        map_normalized(answer, |c| c.scheme = Some(scheme))
                    }
                    _ => answer,
                }
            }
            (Transform::HttpAbsoluteForm, Request::Parse { .. }) => match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } if components.scheme.is_some() => {
                    let host = components.host.as_deref().unwrap_or("");
                    // "a://" and "a://u@" are refused, "a://:" and "a://u@:80" are not.
                    let nothing_after_userinfo = host.is_empty() && components.port.is_none();
                    if nothing_after_userinfo || host.contains('%') {
                        return Outcome::invalid("http: invalid authority".into());
                    }
                    if components.path.is_empty() {
                        components.path = "/".into();
                    }
                    if let Some(scheme) = &mut components.scheme
                        && (scheme.eq_ignore_ascii_case("http")
                            || scheme.eq_ignore_ascii_case("https"))
                    {
                        scheme.make_ascii_lowercase();
                    }
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            },
            (Transform::HttpPathQueryTables, Request::Parse { input, .. }) => match answer {
                Outcome::Invalid(_) => http_tables_parse(input, false).unwrap_or(answer),
                other => other,
            },
            (Transform::HttpUserinfoPercentUnchecked, Request::Parse { input, .. }) => {
                // The rule's domain: a userinfo with a "%" that starts no triplet. http's path
                // and query tables apply as well (it checks both), so the two rules compose.
                match answer {
                    Outcome::Invalid(_) if http_userinfo_has_bare_percent(input) => {
                        http_tables_parse(input, true).unwrap_or(answer)
                    }
                    other => other,
                }
            }
            (Transform::HttpSeveralAtSigns, Request::Parse { zone_id, .. }) => {
                http_put_back(http::Bug::SeveralAtSigns, original, *zone_id, answer)
            }
            (Transform::HttpBracketsOnlyCounted, Request::Parse { zone_id, .. }) => {
                let answer = http_put_back(http::Bug::IpLiteral, original, *zone_id, answer);
                http_put_back(
                    http::Bug::BracketsOutsideIpLiteral,
                    original,
                    *zone_id,
                    answer,
                )
            }
            (Transform::HttpSchemeNotChecked, Request::Parse { zone_id, .. }) => {
                http_put_back(http::Bug::Scheme, original, *zone_id, answer)
            }
            (Transform::HttpPortNotValidated, Request::Parse { zone_id, .. }) => {
                http_port_hidden(http_put_back(http::Bug::Port, original, *zone_id, answer))
            }
            (t, Request::Parse { input, zone_id, .. }) if t.rocket_leniency().is_some() => {
                match original {
                    Request::Parse { input: own, .. } => {
                        rocket::put_back(own, input, *zone_id, answer)
                    }
                    _ => answer,
                }
            }
            (Transform::RocketPortU16, Request::Parse { .. }) => rocket::port_u16(answer),
            (Transform::HttpIpvfutureColonsLimited, Request::Parse { .. }) => {
                match (answer, original) {
                    (Outcome::Parsed { .. }, Request::Parse { input, .. })
                        if http::too_many_colons(input) =>
                    {
                        Outcome::invalid("http: more than eight colons in the authority".into())
                    }
                    (other, _) => other,
                }
            }
            (Transform::BoostUrlResolvePathReservedDecoded, Request::Resolve { .. }) => {
                boost_url::path_reserved_decoded(case, answer)
            }
            (Transform::BoostUrlResolveResultNormalized, Request::Resolve { .. }) => {
                boost_url::path_normalized(case, answer)
            }
            (Transform::BoostUrlDotDotKept, Request::Resolve { .. }) => {
                boost_url::dot_dot_kept(case, answer)
            }
            (Transform::BoostUrlDotDotKept, Request::Normalize { .. }) => {
                boost_url::dot_dot_kept_in_normalization(case, answer)
            }
            (Transform::BoostUrlHostIpv4Prefix, Request::Parse { .. }) => {
                boost_url::host_ipv4_prefix(case, answer)
            }
            (Transform::GlibParseDotSegmentsRemoved, Request::Parse { .. }) => {
                glib::parse_dot_segments_removed(case, answer)
            }
            (Transform::GlibIpv6LoneColon, Request::Parse { .. }) => {
                glib::lone_colon_kept(original, answer)
            }
            (t, _) if t.sophia_rule().is_some() => match t.sophia_rule() {
                Some(rule) => sophia::apply(rule, case, answer),
                None => answer,
            },
            _ => answer,
        }
    }

    /// The rule of sophia_iri, if this is one.
    fn sophia_rule(self) -> Option<sophia::Rule> {
        match self {
            Transform::SophiaIpv6ExtraColon => Some(sophia::Rule::Ipv6ExtraColon),
            Transform::SophiaIpvfutureLowercaseV => Some(sophia::Rule::IpvfutureLowercaseV),
            Transform::SophiaAbsoluteDotSegmentsKept => Some(sophia::Rule::AbsoluteDotSegmentsKept),
            Transform::SophiaBaseSegmentsPlain => Some(sophia::Rule::BaseSegmentsPlain),
            Transform::SophiaRootLostWithoutAuthority => {
                Some(sophia::Rule::RootLostWithoutAuthority)
            }
            _ => None,
        }
    }

    /// The rule of rocket_http whose model rewrites the case, if this is one.
    fn rocket_leniency(self) -> Option<rocket::Leniency> {
        match self {
            Transform::RocketPercentUnchecked => Some(rocket::Leniency::PercentUnchecked),
            Transform::RocketQueryCharacters => Some(rocket::Leniency::QueryCharacters),
            Transform::RocketPathBrackets => Some(rocket::Leniency::PathBrackets),
            Transform::RocketIpLiteralNotChecked => Some(rocket::Leniency::IpLiteralNotChecked),
            Transform::RocketRelativePathColon => Some(rocket::Leniency::RelativePathColon),
            _ => None,
        }
    }

    /// The rule of Python's rfc3986, if this is one.
    fn rfc3986_rule(self) -> Option<rfc3986::Rule> {
        match self {
            Transform::Rfc3986PortWithoutColonAfterIpLiteral => {
                Some(rfc3986::Rule::PortWithoutColonAfterIpLiteral)
            }
            Transform::Rfc3986DottedHostOver255Refused => {
                Some(rfc3986::Rule::DottedHostOver255Refused)
            }
            Transform::Rfc3986Ipv6Ipv4PartUnchecked => Some(rfc3986::Rule::Ipv6Ipv4PartUnchecked),
            Transform::Rfc6874ZoneId => Some(rfc3986::Rule::Rfc6874ZoneId),
            Transform::Rfc3986AbsoluteUriEmptyPathRefused => {
                Some(rfc3986::Rule::AbsoluteUriEmptyPathRefused)
            }
            Transform::Rfc3986MergeWithoutSlashInBase => {
                Some(rfc3986::Rule::MergeWithoutSlashInBase)
            }
            Transform::Rfc3986NonStrictSchemeAsWritten => {
                Some(rfc3986::Rule::NonStrictSchemeAsWritten)
            }
            _ => None,
        }
    }

    /// The rule of network-uri, if this is one.
    fn network_uri_rule(self) -> Option<network_uri::Rule> {
        match self {
            Transform::NetworkUriHostCaseKept => Some(network_uri::Rule::HostCaseKept),
            Transform::NetworkUriRelativeReferencePathKept => {
                Some(network_uri::Rule::RelativeReferencePathKept)
            }
            Transform::NetworkUriDotSegmentsBeforeDecoding => {
                Some(network_uri::Rule::DotSegmentsBeforeDecoding)
            }
            Transform::NetworkUriPasswordHidden => Some(network_uri::Rule::PasswordHidden),
            Transform::NetworkUriSchemeScanRestarts => Some(network_uri::Rule::SchemeScanRestarts),
            _ => None,
        }
    }

    /// The rule of guzzlehttp/psr7, if this is one.
    fn guzzle_rule(self) -> Option<guzzle::Rule> {
        match self {
            Transform::GuzzleUserinfoEncoded => Some(guzzle::Rule::UserinfoEncoded),
            Transform::GuzzleSchemeWithPlusAsPath => Some(guzzle::Rule::SchemeWithPlusAsPath),
            Transform::GuzzleSchemeFirstCharacterUnchecked => {
                Some(guzzle::Rule::SchemeFirstCharacterUnchecked)
            }
            Transform::GuzzleEmptyReferenceIsBase => Some(guzzle::Rule::EmptyReferenceIsBase),
            _ => None,
        }
    }

    /// Whether the rule, asked a parse, is a function of the parse's answer alone (System.Uri's path compressed
    /// after its parse, libxml2's port read as an int): it acts on what every reading of the
    /// text gave back, so it applies after the departures of its set have given theirs
    /// (a lone "%" a documented escaping writes "%25" in a path the rule then compresses).
    fn rules_the_answer(self) -> bool {
        matches!(
            self,
            Transform::DotnetHostRefused
                | Transform::DotnetUncHostEmptied
                | Transform::DotnetIriEscapesUnescaped
                | Transform::DotnetLowSurrogateEscapedAgain
                | Transform::DotnetIriTrailingSpaceKept
                | Transform::DotnetIpv4Numbers
                | Transform::DotnetPortZeroDropped
                | Transform::DotnetQueryInPath
                | Transform::DotnetPathCompressed
                | Transform::DotnetAuthorityRequired
                | Transform::Libxml2PortInt
                | Transform::Libxml2EmptyHostNoAuthority
                | Transform::UritoolsDigitsHostLost
                | Transform::UritoolsHostDecodedAsUtf8
                | Transform::OcamlUriFileLocalhostEmptied
                | Transform::NetworkUriZoneAfterIpv4Refused
                | Transform::NetworkUriIpvFutureNarrowed
                | Transform::CurlHostRead
                | Transform::QurlNoncharacterAsHighSurrogate
        )
    }

    /// Whether the rule rewrites the text before anything reads it, as a departure that
    /// preprocesses does: the departures restore their answer from the text it left.
    fn reads_text(self) -> bool {
        matches!(
            self,
            Transform::LegacyUrlParseAuthorityWithoutSlashes
                | Transform::LegacyUrlParseNetworkPathUnlessUserinfo
                | Transform::LegacyUrlParseTrimmed
                | Transform::LegacyUrlParseBackslashAsSlash
                | Transform::LegacyUrlParseHostEndsAtNonHost
                | Transform::LegacyUrlParseHostnameEndsAtColon
                | Transform::FastUriIpv6RawZoneSeparator
                | Transform::UrlParseNetworkPathAsPath
                | Transform::UrlParseSpecialSchemeSlashesSkipped
                | Transform::UrlParseFileSchemeRead
                | Transform::DotnetTrailingSpaceCut
                | Transform::DotnetDosPathAfterScheme
                | Transform::AddressableUserinfoStripped
                | Transform::AddressableHostRefusedCharactersOnly
                | Transform::YarlUserinfoToLastAt
                | Transform::Rfc3986PortWithoutColonAfterIpLiteral
                | Transform::DotnetSchemeWithoutAuthority
                | Transform::DotnetIpv6Canonical
                | Transform::DotnetIpv6Lenient
                | Transform::DotnetIpLiteralPathAfter
                | Transform::DotnetInvalidSchemeAsPath
                | Transform::UriJsSchemeRefusedCharactersRemoved
                | Transform::UriJsSurrogatesEncoded
                | Transform::PocoDotStartIsPath
                | Transform::PocoEmptySchemeAsNone
                | Transform::UriJsHostLowercasedBeforeEncoding
        )
    }

    /// Whether this is a rule of a parser that its resolver runs on the base and on the
    /// reference before it resolves them (§5.2.2: "The URI reference is parsed into the five
    /// URI components"). uri-js 4.4.1's `resolve` (dist/es5/uri.all.js lines 1122-1125)
    /// parses both strings with `assign({ scheme: 'null' }, options)`: `parse` then looks the
    /// scheme handler up as `SCHEMES["null"]` (line 923) and finds none, so the rules of its
    /// own `parse` run (`_normalizeIPv6(_normalizeIPv4(...))`, `_normalizeComponentEncoding`
    /// with `URI_PROTOCOL`), and no handler's rule does (an http host is not converted by
    /// punycode there, nor refused when absent).
    fn parses_in_resolution(self) -> bool {
        matches!(
            self,
            Transform::UriJsSchemeRefusedCharactersRemoved
                | Transform::UriJsPathColonEncodedWithoutScheme
                | Transform::UriJsSurrogatesEncoded
                | Transform::UriJsHostLowercasedBeforeEncoding
                | Transform::UriJsIpHostNormalized
                | Transform::UriJsIpv6Misnormalized
        )
    }

    /// The components a resolver resolves, from those its parser gave by this rule, where its
    /// resolver writes them otherwise than §5.3 does. uri-js's `serialize` (dist/es5/uri.all.js
    /// line 1124 writes the target with it) puts a host in brackets only where `IPV6ADDRESS`
    /// matches it: the text [`Transform::UriJsIpv6Misnormalized`] leaves is written bare
    /// ("" against "a://[::2:0:0:0:0:0:0]" is "a://:2::").
    fn written_in_resolution(self, answer: Outcome) -> Outcome {
        match (self, answer) {
            (
                Transform::UriJsIpv6Misnormalized,
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
            ) => {
                if let Some(bare) = components
                    .host
                    .as_deref()
                    .and_then(uri_js::misnormalized_host_serialized)
                {
                    components.host = Some(bare.to_owned());
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (_, answer) => answer,
        }
    }

    /// The rule of uri-js (or of fast-uri, which keeps its scheme handlers), if this is one.
    fn uri_js_rule(self) -> Option<uri_js::Rule> {
        match self {
            Transform::UriJsHttpHostRequired => Some(uri_js::Rule::HttpHostRequired),
            Transform::UriJsWsResourceName => Some(uri_js::Rule::WsResourceName),
            Transform::UriJsSchemeRefusedCharactersRemoved => {
                Some(uri_js::Rule::SchemeRefusedCharactersRemoved)
            }
            Transform::UriJsPathColonEncodedWithoutScheme => {
                Some(uri_js::Rule::PathColonEncodedWithoutScheme)
            }
            Transform::UriJsMailtoRecipients => Some(uri_js::Rule::MailtoRecipients),
            Transform::UriJsUrnNidNss => Some(uri_js::Rule::UrnNidNss),
            Transform::UriJsSurrogatesEncoded => Some(uri_js::Rule::SurrogatesEncoded),
            Transform::UriJsIpHostNormalized => Some(uri_js::Rule::IpHostNormalized),
            Transform::UriJsDomainHostPunycode => Some(uri_js::Rule::DomainHostPunycode),
            Transform::UriJsDomainHostMisconverted => Some(uri_js::Rule::DomainHostMisconverted),
            Transform::UriJsHostLowercasedBeforeEncoding => {
                Some(uri_js::Rule::HostLowercasedBeforeEncoding)
            }
            Transform::UriJsIpv6Misnormalized => Some(uri_js::Rule::Ipv6Misnormalized),
            Transform::UriJsIpLiteralHostEncoded => Some(uri_js::Rule::IpLiteralHostEncoded),
            Transform::FastUriPathPercentEncodingNormalized => {
                Some(uri_js::Rule::FastUriPathPercentEncodingNormalized)
            }
            Transform::FastUriDomainHost => Some(uri_js::Rule::FastUriDomainHost),
            Transform::FastUriIpv6RawZoneSeparator => {
                Some(uri_js::Rule::FastUriIpv6RawZoneSeparator)
            }
            Transform::FastUriIpv6Normalized => Some(uri_js::Rule::FastUriIpv6Normalized),
            Transform::FastUriUrn => Some(uri_js::Rule::FastUriUrn),
            Transform::FastUriSkipNormalize => Some(uri_js::Rule::FastUriSkipNormalize),
            Transform::FastUriMailto => Some(uri_js::Rule::FastUriMailto),
            _ => None,
        }
    }

    /// The rule of Node's legacy url.parse, if this is one.
    fn legacy_url_rule(self) -> Option<legacy_url::Rule> {
        match self {
            Transform::LegacyUrlParseAuthorityWithoutSlashes => {
                Some(legacy_url::Rule::AuthorityWithoutSlashes)
            }
            Transform::LegacyUrlParseSlashedProtocolPathSlash => {
                Some(legacy_url::Rule::SlashedProtocolPathSlash)
            }
            Transform::LegacyUrlParseNetworkPathUnlessUserinfo => {
                Some(legacy_url::Rule::NetworkPathUnlessUserinfo)
            }
            Transform::LegacyUrlParseIpLiteralPathSlash => {
                Some(legacy_url::Rule::IpLiteralPathSlash)
            }
            Transform::LegacyUrlParseTrimmed => Some(legacy_url::Rule::Trimmed),
            Transform::LegacyUrlParseBackslashAsSlash => Some(legacy_url::Rule::BackslashAsSlash),
            Transform::LegacyUrlParseAutoEscape => Some(legacy_url::Rule::AutoEscape),
            Transform::LegacyUrlParseHostToAscii => Some(legacy_url::Rule::HostToAscii),
            Transform::LegacyUrlParseHostEndsAtNonHost => Some(legacy_url::Rule::HostEndsAtNonHost),
            Transform::LegacyUrlParseHostnameEndsAtColon => {
                Some(legacy_url::Rule::HostnameEndsAtColon)
            }
            Transform::LegacyUrlParseUserinfoDecoded => Some(legacy_url::Rule::UserinfoDecoded),
            Transform::LegacyUrlResolver => Some(legacy_url::Rule::Resolver),
            _ => None,
        }
    }

    /// The rule of url-parse, if this is one.
    fn url_parse_rule(self) -> Option<url_parse::Rule> {
        match self {
            Transform::UrlParseUserinfoReencoded => Some(url_parse::Rule::UserinfoReencoded),
            Transform::UrlParseNetworkPathAsPath => Some(url_parse::Rule::NetworkPathAsPath),
            Transform::UrlParsePortDropped => Some(url_parse::Rule::PortDropped),
            Transform::UrlParseFileSchemeRead => Some(url_parse::Rule::FileSchemeRead),
            Transform::UrlParseResolver => Some(url_parse::Rule::Resolver),
            Transform::UrlParseSpecialSchemeSlashesSkipped => {
                Some(url_parse::Rule::SpecialSchemeSlashesSkipped)
            }
            _ => None,
        }
    }

    /// The rule of Poco::URI, if this is one.
    fn poco_rule(self) -> Option<poco::Rule> {
        match self {
            Transform::PocoPortNumberParser => Some(poco::Rule::PortNumberParser),
            Transform::PocoSchemeAloneRefused => Some(poco::Rule::SchemeAloneRefused),
            Transform::PocoUserinfoRestartsAtEachAt => Some(poco::Rule::UserinfoRestartsAtEachAt),
            Transform::PocoEmptySchemeAsNone => Some(poco::Rule::EmptySchemeAsNone),
            Transform::PocoIpLiteralBracketsRead => Some(poco::Rule::IpLiteralBracketsRead),
            Transform::PocoWellKnownPortOmitted => Some(poco::Rule::WellKnownPortOmitted),
            Transform::PocoPathAndFragmentReencoded => Some(poco::Rule::PathAndFragmentReencoded),
            Transform::PocoEmptyPathSlashBeforeQueryOrFragment => {
                Some(poco::Rule::EmptyPathSlashBeforeQueryOrFragment)
            }
            Transform::PocoFileSlashesAlwaysWritten => Some(poco::Rule::FileSlashesAlwaysWritten),
            Transform::PocoRelativeAuthorityNotWritten => {
                Some(poco::Rule::RelativeAuthorityNotWritten)
            }
            Transform::PocoNormalizeDotSegmentsOnly => Some(poco::Rule::NormalizeDotSegmentsOnly),
            Transform::PocoRemoveDotSegments => Some(poco::Rule::RemoveDotSegments),
            Transform::PocoMergePath => Some(poco::Rule::MergePath),
            Transform::PocoDotStartIsPath => Some(poco::Rule::DotStartIsPath),
            _ => None,
        }
    }

    /// The rule of hyperlink, if this is one.
    fn hyperlink_rule(self) -> Option<hyperlink::Rule> {
        match self {
            Transform::HyperlinkPortInt => Some(hyperlink::Rule::PortInt),
            Transform::HyperlinkIpLiteral => Some(hyperlink::Rule::IpLiteral),
            Transform::HyperlinkSchemeCharacters => Some(hyperlink::Rule::SchemeCharacters),
            Transform::HyperlinkPasswordHidden => Some(hyperlink::Rule::PasswordHidden),
            Transform::HyperlinkClickKeepsBaseUserinfo => {
                Some(hyperlink::Rule::ClickKeepsBaseUserinfo)
            }
            Transform::HyperlinkQueryPathSlash => Some(hyperlink::Rule::QueryPathSlash),
            Transform::HyperlinkClickRootlessRefused => Some(hyperlink::Rule::ClickRootlessRefused),
            Transform::HyperlinkFragmentFinalLineFeed => {
                Some(hyperlink::Rule::FragmentFinalLineFeed)
            }
            Transform::HyperlinkClickAbsoluteAsIs => Some(hyperlink::Rule::ClickAbsoluteAsIs),
            Transform::HyperlinkClickKeepsBaseRooted => Some(hyperlink::Rule::ClickKeepsBaseRooted),
            Transform::HyperlinkEmptyAuthorityDropped => {
                Some(hyperlink::Rule::EmptyAuthorityDropped)
            }
            Transform::HyperlinkNormalizeEmptyPathSlash => {
                Some(hyperlink::Rule::NormalizeEmptyPathSlash)
            }
            Transform::HyperlinkPortWrittenAsInt => Some(hyperlink::Rule::PortWrittenAsInt),
            Transform::HyperlinkNormalizeSchemeNetloc => {
                Some(hyperlink::Rule::NormalizeSchemeNetloc)
            }
            _ => None,
        }
    }

    /// The rule of Python's urllib.parse, if this is one.
    fn urllib_rule(self) -> Option<urllib::Rule> {
        match self {
            Transform::UrllibHostinfo => Some(urllib::Rule::Hostinfo),
            Transform::UrllibHostnameLowercased => Some(urllib::Rule::HostnameLowercased),
            Transform::UrllibUrljoin => Some(urllib::Rule::Urljoin),
            _ => None,
        }
    }

    /// The rule of yarl, if this is one.
    fn yarl_rule(self) -> Option<yarl::Rule> {
        match self {
            Transform::YarlPortInt => Some(yarl::Rule::PortInt),
            Transform::YarlSchemeRequiresHost => Some(yarl::Rule::SchemeRequiresHost),
            Transform::YarlSchemeFirstCharacterUnchecked => {
                Some(yarl::Rule::SchemeFirstCharacterUnchecked)
            }
            Transform::YarlRequote => Some(yarl::Rule::Requote),
            Transform::YarlPathDotSegmentsRemoved => Some(yarl::Rule::PathDotSegmentsRemoved),
            Transform::YarlJoinReturnsReference => Some(yarl::Rule::JoinReturnsReference),
            Transform::YarlUnsplitAuthority => Some(yarl::Rule::UnsplitAuthority),
            Transform::YarlDefaultPortDropped => Some(yarl::Rule::DefaultPortDropped),
            Transform::YarlIpLiteralRead => Some(yarl::Rule::IpLiteralRead),
            Transform::YarlEmptyPathAsSlash => Some(yarl::Rule::EmptyPathAsSlash),
            Transform::YarlUserinfoToLastAt => Some(yarl::Rule::UserinfoToLastAt),
            Transform::YarlQuerySpaceAsPlus => Some(yarl::Rule::QuerySpaceAsPlus),
            Transform::YarlHostIdna2003Fallback => Some(yarl::Rule::HostIdna2003Fallback),
            _ => None,
        }
    }

    /// The bugs of http whose repairs this model makes in the case, in that order (none if
    /// it is no such model).
    fn http_bugs(self) -> &'static [http::Bug] {
        match self {
            Transform::HttpPortNotValidated => &[http::Bug::Port],
            Transform::HttpSeveralAtSigns => &[http::Bug::SeveralAtSigns],
            Transform::HttpBracketsOnlyCounted => {
                &[http::Bug::IpLiteral, http::Bug::BracketsOutsideIpLiteral]
            }
            Transform::HttpSchemeNotChecked => &[http::Bug::Scheme],
            _ => &[],
        }
    }
}

/// http's reading of the part of `original` that `bug` lets through, put back into the known
/// model's answer to the repaired case.
/// http's answer with a port of digits above 65535 hidden, as `Authority::port` hides it (it
/// reports nothing when `u16` does not hold the port).
fn http_port_hidden(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.port.as_deref().is_some_and(http::port_hidden) => {
            components.port = None;
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

fn http_put_back(bug: http::Bug, original: &Request, zone_id: bool, answer: Outcome) -> Outcome {
    match original {
        Request::Parse { input, .. } => http::put_back(bug, input, zone_id, answer),
        _ => answer,
    }
}

/// The host kind the http and rocket_http adapters report for a host text (`host_kind` in
/// src/impls/http_adapter.rs and src/impls/rocket_http_adapter.rs): from its first characters
/// and, for IPv4, its form.
fn adapter_host_kind(host: &str) -> HostKind {
    if host.starts_with("[v") || host.starts_with("[V") {
        HostKind::IpvFuture
    } else if host.starts_with('[') {
        HostKind::Ipv6
    } else if reference::host::is_ipv4address(host.as_bytes()) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

/// Whether `text` holds a percent-encoded octet above 0x7F.
fn has_non_ascii_triplet(text: &str) -> bool {
    text.as_bytes().windows(3).any(|w| {
        w[0] == b'%'
            && matches!(w[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F')
            && w[2].is_ascii_hexdigit()
    })
}

/// Errata 4547's remove_dot_segments as iref applies it: ".." removes the segment before it
/// when there is one that is not "..", is dropped at the root of an absolute path, and is kept
/// at the beginning of a relative one; a path that ends in "." or ".." after a kept segment
/// ends in "/".
pub(crate) fn errata_4547_dot_segments(path: &str) -> String {
    let absolute = path.starts_with('/');
    let body = if absolute { &path[1..] } else { path };
    let segments: Vec<&str> = body.split('/').collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut trailing_slash = false;
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        match *segment {
            "." => trailing_slash = last,
            ".." => {
                match kept.last() {
                    Some(&top) if top != ".." => {
                        kept.pop();
                    }
                    _ if !absolute => kept.push(".."),
                    _ => {}
                }
                trailing_slash = last;
            }
            other => {
                kept.push(other);
                trailing_slash = false;
            }
        }
    }
    let mut out = String::with_capacity(path.len());
    if absolute {
        out.push('/');
    }
    out.push_str(&kept.join("/"));
    if trailing_slash && !kept.is_empty() {
        out.push('/');
    }
    out
}

/// Whether a dot-segment rule kept its promise: a path without a leading "/" does not gain one
/// (and so cannot turn into an absolute path or an authority). A result that breaks it is no
/// documented behaviour: the model does not answer with it.
fn keeps_relative(before: &str, after: &str) -> bool {
    before.starts_with('/') || !after.starts_with('/')
}

/// One wrong rule of iref's resolution, added to its documented one (see the `Iref*`
/// transforms); `None` is the documented resolution alone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum IrefSlip {
    None,
    LeadingEmptySegmentLost,
    /// "/." before a "//" path and "./" before a first segment that looks like a scheme, as
    /// `PathMut::replace` chooses them with neither scheme nor authority.
    PathContextCleared,
}

/// iref's resolution (`UriRefBuf::resolve`): §5.2.2 with [`errata_4547_dot_segments`], the base
/// path's parent ("" for a base path without "/") for a merge, and "/." before a path that
/// starts with "//" where there is no authority; with `slip`, one of its wrong rules.
fn errata_4547_resolve(base: &str, input: &str, strict: bool, slip: IrefSlip) -> Option<String> {
    let b = reference::parse_uri(base).ok()?;
    let mut r = reference::parse(input).ok()?;
    if !strict
        && r.scheme
            .is_some_and(|s| b.scheme.is_some_and(|bs| bs.eq_ignore_ascii_case(s)))
    {
        r.scheme = None;
    }
    let normalize = errata_4547_dot_segments;
    // The documented rule keeps a relative path relative; iref's `PathMut::normalize` joins
    // the segments of a relative path without a leading "/", so an empty first segment that
    // dot-removal leaves is lost (and the answer starts with "/").
    let keeps_relative = |before: &str, after: &str| {
        slip == IrefSlip::LeadingEmptySegmentLost || keeps_relative(before, after)
    };
    let mut t = r;
    let mut path;
    let mut merged_prefix = "";
    if r.scheme.is_some() || r.has_authority() {
        path = normalize(r.path);
    } else {
        t.scheme = b.scheme;
        t.userinfo = b.userinfo;
        t.host = b.host;
        t.port = b.port;
        t.host_kind = b.host_kind;
        if r.path.is_empty() {
            path = b.path.to_owned();
            if r.query.is_none() {
                t.query = b.query;
            }
        } else if r.path.starts_with('/') {
            path = normalize(r.path);
        } else {
            let parent = if b.path.is_empty() && b.has_authority() {
                "/"
            } else {
                b.path.rfind('/').map_or("", |i| &b.path[..=i])
            };
            let merged = format!("{parent}{}", r.path);
            path = normalize(&merged);
            if !keeps_relative(&merged, &path) {
                return None;
            }
            // iref's merge normalizes in a `PathMut` with neither scheme nor authority.
            merged_prefix = match slip {
                IrefSlip::PathContextCleared if path.starts_with("//") => "/.",
                IrefSlip::PathContextCleared if looks_like_scheme(&path) => "./",
                _ => "",
            };
        }
    }
    if (r.scheme.is_some() || r.has_authority()) && !keeps_relative(r.path, &path) {
        return None;
    }
    if !merged_prefix.is_empty() {
        path.insert_str(0, merged_prefix);
    } else if slip != IrefSlip::None && slip != IrefSlip::LeadingEmptySegmentLost {
        // The wrong rule did not apply: it explains nothing here.
        return None;
    }
    let path = if !t.has_authority() && path.starts_with("//") {
        format!("/.{path}")
    } else {
        path
    };
    Some(reference::recompose(&reference::Components {
        path: &path,
        ..t
    }))
}

/// iref's `looks_like_scheme`: a letter, then scheme characters up to a ":".
fn looks_like_scheme(path: &str) -> bool {
    let Some(colon) = path.find(':') else {
        return false;
    };
    let name = &path[..colon];
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// uriparse's panic in `URI::try_from` where a colon segment's error has no `URIError`.
fn uriparse_conversion_panic() -> Outcome {
    Outcome::Panicked(format!(
        "called `Result::unwrap()` on an `Err` value: () at {}",
        self::uriparse::URI_CONVERSION_UNWRAP
    ))
}

/// Whether uriparse's types cannot hold a URI reference the reference accepts: a port above
/// 65535 or an IPvFuture host.
fn uriparse_refuses(text: &str) -> bool {
    reference::parse(text).is_ok_and(|c| {
        c.host_kind == Some(HostKind::IpvFuture)
            || c.port
                .is_some_and(|p| !p.is_empty() && p.parse::<u16>().is_err())
    })
}

/// uriparse's types applied to an answer (see [`Transform::UriparseTypes`]).
fn uriparse_types(answer: Outcome, real_authority: bool) -> Outcome {
    let edit = |c: &mut Components, kind: Option<HostKind>| -> Result<(), String> {
        if let Some(scheme) = &mut c.scheme {
            let lower = scheme.to_ascii_lowercase();
            if URIPARSE_REGISTERED_SCHEMES.contains(&lower.as_str()) {
                *scheme = lower;
            }
        }
        match kind {
            Some(HostKind::IpvFuture) => return Err("address mechanism not supported".into()),
            Some(HostKind::Ipv6) => {
                let address = c.host.as_deref().and_then(|h| {
                    h.strip_prefix('[')?
                        .strip_suffix(']')?
                        .parse::<std::net::Ipv6Addr>()
                        .ok()
                });
                if let Some(address) = address {
                    c.host = Some(format!("[{address}]"));
                }
            }
            _ => {}
        }
        c.port = match c.port.as_deref() {
            None | Some("") => None,
            Some(digits) => Some(
                digits
                    .parse::<u16>()
                    .map_err(|_| "port overflow".to_owned())?
                    .to_string(),
            ),
        };
        if real_authority && c.host.is_some() && c.path.is_empty() {
            c.path = "/".into();
        }
        Ok(())
    };
    match answer {
        // The letter of §5.3 for a "//" path without authority (choice 1) is no URI reference
        // to edit component by component: only its scheme is written anew.
        Outcome::Resolved(text) if !real_authority => {
            let (scheme, rest) = text.split_once(':').unwrap_or(("", &text));
            let lower = scheme.to_ascii_lowercase();
            if URIPARSE_REGISTERED_SCHEMES.contains(&lower.as_str()) {
                Outcome::Resolved(format!("{lower}:{rest}"))
            } else {
                Outcome::Resolved(text)
            }
        }
        Outcome::Resolved(text) | Outcome::Normalized(text) if reference::parse(&text).is_err() => {
            Outcome::invalid(format!("unparsable answer {text:?}"))
        }
        other => edited(other, edit),
    }
}

/// An answer with `edit` applied to its components: a parse's own, or those of a target or
/// normalized string (parsed by the reference, edited and recomposed); an edit that fails
/// makes the answer invalid.
fn edited(
    answer: Outcome,
    edit: impl Fn(&mut Components, Option<HostKind>) -> Result<(), String>,
) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => match edit(&mut components, host_kind) {
            Ok(()) => Outcome::Parsed {
                components,
                host_kind,
            },
            Err(e) => Outcome::invalid(e),
        },
        Outcome::Resolved(text) => match recomposed(&text, edit) {
            Ok(t) => Outcome::Resolved(t),
            Err(e) => Outcome::invalid(e),
        },
        Outcome::Normalized(text) => match recomposed(&text, edit) {
            Ok(t) => Outcome::Normalized(t),
            Err(e) => Outcome::invalid(e),
        },
        other => other,
    }
}

/// `text` parsed by the reference, edited, and recomposed.
fn recomposed(
    text: &str,
    edit: impl FnOnce(&mut Components, Option<HostKind>) -> Result<(), String>,
) -> Result<String, String> {
    let parsed = reference::parse(text).map_err(|e| e.to_string())?;
    let host_kind = parsed.host_kind;
    let mut c = Components::from(&parsed);
    edit(&mut c, host_kind)?;
    let mut r = c.as_reference();
    r.host_kind = host_kind;
    Ok(reference::recompose(&r))
}

/// http's path and query tables (src/uri/path.rs `build_path_map`, `build_query_map`): the
/// bytes each accepts beyond RFC 3986's pchar, query and fragment characters.
fn http_extra_path_byte(b: u8) -> bool {
    matches!(
        b,
        b'"' | b'{' | b'}' | b'[' | b'\\' | b']' | b'^' | b'|' | b'%'
    ) || b >= 0x80
}

fn http_extra_query_byte(b: u8) -> bool {
    matches!(
        b,
        b'[' | b'\\' | b']' | b'^' | b'`' | b'{' | b'|' | b'}' | b'%'
    ) || b >= 0x80
}

/// Whether the userinfo of `input` (before the authority's last "@") holds a "%" that starts
/// no pct-encoded triplet.
fn http_userinfo_has_bare_percent(input: &str) -> bool {
    let Some(authority) = reference::split(input).authority else {
        return false;
    };
    let Some(at) = authority.rfind('@') else {
        return false;
    };
    let userinfo = &authority.as_bytes()[..at];
    (0..userinfo.len()).any(|i| userinfo[i] == b'%' && !is_triplet(userinfo, i))
}

/// The reference's parse of `input` with the bytes http accepts beyond RFC 3986 in the path
/// and query (and anything after "#"), and with `userinfo_percent` a "%" in the userinfo,
/// taken as plain characters; the components are the input's own text at the same places.
fn http_tables_parse(input: &str, userinfo_percent: bool) -> Option<Outcome> {
    let split = reference::split(input);
    let bytes = input.as_bytes();
    let offset = |part: &str| part.as_ptr() as usize - input.as_ptr() as usize;
    let mut plain = bytes.to_vec();
    if userinfo_percent && let Some(authority) = split.authority {
        let start = offset(authority);
        if let Some(at) = authority.rfind('@') {
            for (i, b) in authority[..at].bytes().enumerate() {
                if b == b'%' && !is_triplet(bytes, start + i) {
                    plain[start + i] = b'a';
                }
            }
        }
    }
    let path_start = offset(split.path);
    for (i, b) in bytes[path_start..path_start + split.path.len()]
        .iter()
        .enumerate()
    {
        if http_extra_path_byte(*b) && !is_triplet(bytes, path_start + i) {
            plain[path_start + i] = b'a';
        }
    }
    if let Some(query) = split.query {
        let start = offset(query);
        for (i, b) in query.bytes().enumerate() {
            if http_extra_query_byte(b) && !is_triplet(bytes, start + i) {
                plain[start + i] = b'a';
            }
        }
    }
    if let Some(fragment) = split.fragment {
        let start = offset(fragment);
        plain[start..start + fragment.len()].fill(b'a');
    }
    let plain = String::from_utf8(plain).ok()?;
    let parsed = reference::parse(&plain).ok()?;
    let at = |part: Option<&str>| {
        part.map(|p| input[offset_in(&plain, p)..offset_in(&plain, p) + p.len()].to_owned())
    };
    Some(Outcome::Parsed {
        components: Components {
            scheme: at(parsed.scheme),
            userinfo: at(parsed.userinfo),
            host: at(parsed.host),
            port: at(parsed.port),
            path: at(Some(parsed.path)).unwrap_or_default(),
            query: at(parsed.query),
            fragment: at(parsed.fragment),
        },
        host_kind: parsed.host_kind,
    })
}

fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

fn is_triplet(bytes: &[u8], i: usize) -> bool {
    bytes[i] == b'%'
        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

fn is_double_dot(segment: &str) -> bool {
    let lower = segment.to_ascii_lowercase();
    matches!(lower.as_str(), ".." | "%2e." | ".%2e" | "%2e%2e")
}

/// Whether the letter of §5.2.2 gives a target without authority whose path starts with `//`.
pub(crate) fn letter_target_is_double_slash(case: &Request) -> bool {
    super::compare::letter_target(case)
        .is_some_and(|(t, _)| t.host.is_none() && t.path.starts_with("//"))
}

/// fluent-uri's table of default ports (`Scheme::default_port`, src/component.rs: IANA
/// schemes with a registered default port), matched case-insensitively.
fn fluent_uri_default_port(scheme: &str) -> Option<u16> {
    const TABLE: &[(&str, u16)] = &[
        ("aaa", 3868),
        ("aaas", 5658),
        ("acap", 674),
        ("cap", 1026),
        ("coap", 5683),
        ("coap+tcp", 5683),
        ("coap+ws", 80),
        ("coaps", 5684),
        ("coaps+tcp", 5684),
        ("coaps+ws", 443),
        ("dict", 2628),
        ("dns", 53),
        ("ftp", 21),
        ("go", 1096),
        ("gopher", 70),
        ("http", 80),
        ("https", 443),
        ("icap", 1344),
        ("imap", 143),
        ("ipp", 631),
        ("ipps", 631),
        ("ldap", 389),
        ("mtqp", 1038),
        ("mupdate", 3905),
        ("nfs", 2049),
        ("nntp", 119),
        ("pop", 110),
        ("rtsp", 554),
        ("rtsps", 322),
        ("rtspu", 554),
        ("snmp", 161),
        ("stun", 3478),
        ("stuns", 5349),
        ("telnet", 23),
        ("tip", 3372),
        ("tn3270", 23),
        ("turn", 3478),
        ("turns", 5349),
        ("vemmi", 575),
        ("vnc", 5900),
        ("ws", 80),
        ("wss", 443),
        ("z39.50r", 210),
        ("z39.50s", 210),
    ];
    TABLE
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
        .map(|&(_, port)| port)
}

/// A normalized answer with its components changed by `edit`, recomposed.
fn map_normalized(answer: Outcome, edit: impl FnOnce(&mut Components)) -> Outcome {
    let Outcome::Normalized(text) = &answer else {
        return answer;
    };
    let Ok(parsed) = reference::parse(text) else {
        return answer;
    };
    let host_kind = parsed.host_kind;
    let mut c = Components::from(&parsed);
    edit(&mut c);
    let mut r = c.as_reference();
    r.host_kind = host_kind;
    Outcome::Normalized(reference::recompose(&r))
}

/// One step of a crate's model, as the catalogue holds it.
#[derive(Clone, Copy)]
pub(crate) struct Step<'a> {
    pub model: &'a Model,
    pub index: usize,
}

/// What a crate's model says about a case: the modelled answer and the steps it needs
/// (indices into the catalogue), those without which the answer would be another.
pub(crate) struct Answer(pub Outcome, pub Vec<usize>);

/// The crate's model's answer to `case`, with the steps it needs.
pub(crate) fn answer(steps: &[Step<'_>], case: &Request, memo: &super::CaseMemo) -> Answer {
    let (full, inert) = outcome_traced(steps, case, memo);
    let needed = needed(steps, case, memo, &full, &inert);
    Answer(full, needed)
}

/// [`outcome`], with the steps that changed nothing in it noted (see [`evaluate_traced`]) for
/// [`needed`].
pub(crate) fn outcome_traced(
    steps: &[Step<'_>],
    case: &Request,
    memo: &super::CaseMemo,
) -> (Outcome, Vec<bool>) {
    if url_standard_departures(steps).is_some() {
        return (outcome(steps, case, memo), Vec::new());
    }
    let mut inert = Vec::with_capacity(steps.len());
    let full = evaluate_traced(steps, case, memo, Some(&mut inert));
    (full, inert)
}

/// Which of `steps` read the text of `case` otherwise, as the steps before them left it (a
/// departure's or a crate rule's rewrite that changes that text).
pub(crate) fn readings_of(steps: &[Step<'_>], case: &Request) -> Vec<bool> {
    let mut text: Option<Request> = None;
    steps
        .iter()
        .map(|step| {
            let current = text.as_ref().unwrap_or(case);
            let again = match step.model {
                Model::Transform(t) => t.rewrite(case, current),
                Model::Departure(d) => d.rewrite(current),
                _ => None,
            };
            let read = again.is_some();
            if read {
                text = again;
            }
            read
        })
        .collect()
}

/// The crate's model's answer to `case`, without the search for the steps it needs (which
/// costs an evaluation per step): what a caller that only compares answers wants.
pub(crate) fn outcome(steps: &[Step<'_>], case: &Request, memo: &super::CaseMemo) -> Outcome {
    match url_standard_departures(steps) {
        Some(departures) => memo.url_standard_departing(case, departures),
        None => evaluate(steps, case, memo),
    }
}

/// The steps (indices into the catalogue) without which the model's answer `full` to `case`
/// would be another; every step when several give it on their own. `full` and `inert` are
/// what [`outcome_traced`] gave.
pub(crate) fn needed(
    steps: &[Step<'_>],
    case: &Request,
    memo: &super::CaseMemo,
    full: &Outcome,
    inert: &[bool],
) -> Vec<usize> {
    if url_standard_departures(steps).is_some() {
        return steps
            .iter()
            .filter(|s| s.model.is_url_standard())
            .map(|s| s.index)
            .collect();
    }
    // A step that changed nothing in the whole model's evaluation is not needed, and leaving
    // it out would give `full` again: only the others are evaluated without themselves.
    let mut needed: Vec<usize> = (0..steps.len())
        .filter(|&skip| !inert.get(skip).copied().unwrap_or(false))
        .filter(|&skip| {
            let without: Vec<Step<'_>> = steps
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, s)| *s)
                .collect();
            evaluate(&without, case, memo) != *full
        })
        .map(|i| steps[i].index)
        .collect();
    if needed.is_empty() && *full != evaluate(&[], case, memo) {
        // Several steps give the same answer on their own: all of them explain it, but none
        // that changed nothing.
        needed = (0..steps.len())
            .filter(|&i| !inert.get(i).copied().unwrap_or(false))
            .map(|i| steps[i].index)
            .collect();
    }
    needed
}

/// The departures from the URL Standard that the steps model, when one of them is the
/// Standard's model (which then answers for the whole crate).
fn url_standard_departures(steps: &[Step<'_>]) -> Option<crate::whatwg::Departures> {
    let mut standard = steps
        .iter()
        .filter(|s| s.model.is_url_standard())
        .peekable();
    standard.peek()?;
    let mut departures = crate::whatwg::Departures::NONE;
    for step in standard {
        if let Model::UrlStandardDeparting(departure) = step.model {
            departure.set(&mut departures);
        }
    }
    Some(departures)
}

/// The reference's answers under each set of readings, computed once per case: to the case
/// as given (`None`) or as a transform rewrote it, which the leave-one-out search of
/// [`needed`] asks again for every step that is not the transform.
pub(crate) type ReadingsMemo = std::cell::RefCell<Vec<(Option<Request>, Vec<Reading>, Outcome)>>;

/// Whether the crate's model made of `steps` with the bug steps `bugs` breaks the property
/// `difference` names on `case` as the crate did, where it does not without them; only
/// rhymuri's and uniresid's switches model the calls a property makes (`rhymuri::Switches`),
/// and libxml2's round trip (`libxml2::breaks_the_property`).
pub(crate) fn breaks_the_property(
    steps: &[Step<'_>],
    bugs: &[&Model],
    case: &Request,
    difference: &super::compare::Difference,
    memo: &super::CaseMemo,
    blind_spots: &[crate::impls::BlindSpot],
) -> bool {
    // libxml2's round trip: its parse and `xmlParseURI` with `xmlSaveUri` written from
    // uri.c, whose rules are its bug entries' (`libxml2::breaks_the_property`).
    if libxml2::names_round_trip(bugs) {
        return libxml2::breaks_the_property(bugs, case, difference, blind_spots);
    }
    if bugs.is_empty() || !bugs.iter().all(|m| rhymuri::is_switch(m)) {
        return false;
    }
    let known = outcome(steps, case, memo);
    let models: Vec<&Model> = steps
        .iter()
        .map(|s| s.model)
        .chain(bugs.iter().copied())
        .collect();
    rhymuri::breaks_the_property(&models, case, difference, &known, blind_spots)
}

/// Whether a model is one of rhymuri's and uniresid's switches: bug models that answer as one
/// model of the crate, whatever their order (`rhymuri::Switches`).
pub(crate) fn is_switch(model: &Model) -> bool {
    rhymuri::is_switch(model)
}

/// The answer of a model made of `steps`.
fn evaluate(steps: &[Step<'_>], case: &Request, memo: &super::CaseMemo) -> Outcome {
    evaluate_traced(steps, case, memo, None)
}

/// The answer of a model made of `steps`, noting in `inert` (one flag per step) the steps
/// that changed nothing: a transform that neither rewrote the case nor changed the answer it
/// was given, a reading of a parse (which reads none). Such a step can be left out and the
/// model gives the same answer: every later step is given what it was given before.
fn evaluate_traced(
    steps: &[Step<'_>],
    case: &Request,
    memo: &super::CaseMemo,
    mut inert: Option<&mut Vec<bool>>,
) -> Outcome {
    if let Some(outcome) = resolved_through_parser(steps, case, inert.as_deref_mut()) {
        return outcome;
    }
    if let Some(outcome) = normalized_through_parser(steps, case, inert.as_deref_mut()) {
        return outcome;
    }
    let mut rewritten: Option<Request> = None;
    // Which steps read the case otherwise (their rewrite changed it).
    let mut rewrote = vec![false; steps.len()];
    // A departure that removes characters from the raw text reads it before any other step
    // (`Departure::preprocesses`). The others restore their answer from the text those left
    // (`read_from`), one character for one, each knowing the case as it was given to it
    // (`given`), so that the text the later ones read is the text that was left. A crate's rule
    // that reads the text otherwise before its parser does (`Transform::reads_text`: Node's
    // legacy url.parse's authority after any scheme) is one of them; it still acts on the
    // answer in its place, after the departures before it gave theirs back.
    let preprocessing = |step: &Step<'_>| match step.model {
        Model::Departure(d) => d.preprocesses(),
        Model::Transform(t) => t.reads_text(),
        _ => false,
    };
    let order = (0..steps.len())
        .filter(|&i| preprocessing(&steps[i]))
        .chain((0..steps.len()).filter(|&i| !preprocessing(&steps[i])));
    let mut given: Vec<Option<Request>> = vec![None; steps.len()];
    let mut read_from: Option<Option<Request>> = None;
    for i in order {
        let step = &steps[i];
        if read_from.is_none() && !preprocessing(step) {
            read_from = Some(rewritten.clone());
        }
        let again = match step.model {
            Model::Transform(t) => t.rewrite(case, rewritten.as_ref().unwrap_or(case)),
            Model::Departure(d) => {
                if rewritten.is_some() {
                    given[i].clone_from(&rewritten);
                }
                d.rewrite(rewritten.as_ref().unwrap_or(case))
            }
            _ => None,
        };
        if let Some(again) = again {
            rewritten = Some(again);
            if let Some(flag) = rewrote.get_mut(i) {
                *flag = true;
            }
        }
    }
    let readings: Vec<(Reading, usize)> = steps
        .iter()
        .filter_map(|s| match s.model {
            Model::Reading(r) => Some((*r, s.index)),
            Model::Transform(_)
            | Model::Departure(_)
            | Model::UrlStandard
            | Model::UrlStandardDeparting(_)
            | Model::Rfc2396(_)
            | Model::Serializing(_)
            | Model::Departures(_) => None,
        })
        .collect();
    let asked = rewritten.as_ref().unwrap_or(case);
    // A parse reads no reading: one answer for every set.
    let key: Vec<Reading> = match asked {
        Request::Parse { .. } => Vec::new(),
        _ => readings.iter().map(|(r, _)| *r).collect(),
    };
    let cache = memo.readings();
    let known = cache
        .borrow()
        .iter()
        .find(|(request, k, _)| *k == key && request.as_ref() == rewritten.as_ref())
        .map(|(_, _, outcome)| outcome.clone());
    let mut outcome = match known {
        Some(outcome) => outcome,
        None => {
            let outcome = under_readings(asked, &readings);
            cache
                .borrow_mut()
                .push((rewritten.clone(), key, outcome.clone()));
            outcome
        }
    };
    // A resolver's departure reads the base as the readings chosen read it (§5.2.1).
    let base_readings = match asked {
        Request::Resolve { strict, .. } if !readings.is_empty() => {
            let mut options = ResolveOptions::strict(*strict);
            for (reading, _) in &readings {
                reading.set_resolve(&mut options);
            }
            Some(options)
        }
        _ => None,
    };
    // A normalizer's departure acts on the normalization the readings chosen give (an empty
    // port removed at the syntax level, choice 11, beside a host's triplets lowercased).
    let normalize_readings = match asked {
        Request::Normalize { .. } if !readings.is_empty() => {
            let mut options = NormalizeOptions::default();
            for (reading, _) in &readings {
                reading.set_normalize(&mut options);
            }
            Some(options)
        }
        _ => None,
    };
    // rhymuri's wrong rules are switches of one model of the crate: read together; and a
    // resolver's departures are steps of one §5.2, composed, and a normalizer's of one §6.2.2.
    let mut switches = rhymuri::Switches::of(steps.iter().map(|s| s.model));
    let resolving: Vec<super::departures::Departure> = steps
        .iter()
        .filter_map(|s| match s.model {
            Model::Departure(
                d @ (super::departures::Departure::Resolving(_)
                | super::departures::Departure::Normalizing(_)),
            ) => Some(*d),
            _ => None,
        })
        .collect();
    // A crate's rule on the answer alone acts on what the readings gave back: after them.
    let on_answer = |step: &Step<'_>| {
        matches!(asked, Request::Parse { .. })
            && matches!(step.model, Model::Transform(t) if t.rules_the_answer())
    };
    let order: Vec<usize> = (0..steps.len())
        .filter(|&i| !on_answer(&steps[i]))
        .chain((0..steps.len()).filter(|&i| on_answer(&steps[i])))
        .collect();
    let mut unchanged = vec![false; steps.len()];
    for i in order {
        let step = &steps[i];
        let changed = match step.model {
            Model::Transform(t) => match inert {
                Some(_) => {
                    let given = outcome.clone();
                    outcome = switches.apply(*t, case, asked, outcome);
                    rewrote[i] || outcome != given
                }
                None => {
                    outcome = switches.apply(*t, case, asked, outcome);
                    true
                }
            },
            // A departure gives back what it read otherwise; one that read nothing otherwise
            // gives back nothing (the others' readings are theirs to give back, and a
            // departure that did nothing is not needed). A rule on the answer reads nothing,
            // and an encoding of refused characters also encodes those a departure before it
            // brought into its component (an authority read as a prefix hands the path a
            // space): both apply whatever they read. An encoding that keeps the reserved
            // characters gives back only what it read itself: after a reading that took the
            // component's characters, nothing would tell it from an encoding of every refused
            // character.
            // A resolver's or a normalizer's step that changes nothing alone acts beside the
            // others of its operation, whose answer it may change (§6.2.3 done unasked, which
            // changes nothing in "HTTP:", and its "/" written without an authority).
            Model::Departure(d)
                if rewrote[i]
                    || d.is_answer_rule()
                    || resolving.len() > 1 && resolving.contains(d)
                    || matches!(
                        d,
                        super::departures::Departure::EncodedInsteadOfRefused(_)
                            | super::departures::Departure::EveryComponentEncoded
                            | super::departures::Departure::EncodedOutsideReserved(_)
                    ) =>
            {
                let before = outcome.clone();
                let read_from = read_from.as_ref().and_then(Option::as_ref).unwrap_or(case);
                let given = given[i].as_ref().unwrap_or(case);
                outcome = match (d, normalize_readings, asked) {
                    (
                        super::departures::Departure::Normalizing(n),
                        Some(options),
                        Request::Normalize { input, .. },
                    ) => {
                        normalizing_under(*n, &resolving, input, asked, options).unwrap_or(outcome)
                    }
                    _ => d.apply_under(read_from, given, asked, outcome, base_readings, &resolving),
                };
                rewrote[i] || outcome != before
            }
            Model::Departure(_) => false,
            Model::Reading(_) => !matches!(asked, Request::Parse { .. }),
            Model::Rfc2396(choices) => {
                let before = outcome.clone();
                outcome = rfc2396::apply(*choices, asked, outcome);
                outcome != before
            }
            Model::UrlStandard | Model::UrlStandardDeparting(_) => true,
            // A serializer's departure answers no request: it names round trips. A set of
            // departures is read as one step each (`catalogue::Entry::piece`).
            Model::Serializing(_) | Model::Departures(_) => false,
        };
        unchanged[i] = !changed;
    }
    if let Some(inert) = inert.as_deref_mut() {
        inert.extend(unchanged);
    }
    // A data model with no empty component holds for what every step gave (a crate's rule
    // that leaves a userinfo empty), not only for the text the departure read.
    if matches!(asked, Request::Parse { .. }) {
        for (i, step) in steps.iter().enumerate() {
            if let Model::Departure(d) = step.model {
                let before = outcome.clone();
                outcome = d.no_empty_in(outcome);
                if outcome != before
                    && let Some(flag) = inert.as_deref_mut().and_then(|inert| inert.get_mut(i))
                {
                    *flag = false;
                }
            }
        }
    }
    outcome
}

/// The departures `steps` are, where every step is one (a model of the library alone).
fn departures_only(steps: &[Step<'_>]) -> Option<Vec<super::departures::Departure>> {
    steps
        .iter()
        .map(|s| match s.model {
            Model::Departure(d) => Some(*d),
            _ => None,
        })
        .collect()
}

/// The departures `steps` are, where every step is one or a rule of a parser that its
/// resolver runs ([`Transform::parses_in_resolution`]): the steps of a resolver that reads
/// its base and its reference with that parser.
fn parser_steps_only(steps: &[Step<'_>]) -> Option<Vec<super::departures::Departure>> {
    steps
        .iter()
        .filter_map(|s| match s.model {
            Model::Departure(d) => Some(Some(*d)),
            Model::Transform(t) if t.parses_in_resolution() => None,
            _ => Some(None),
        })
        .collect()
}

/// A resolver reads its base and its reference with its parser (§5.2.1; §5.2.2: "The URI
/// reference is parsed into the five URI components"), so where the steps are departures and
/// one of them is its parser's ([`Departure::parses_in_resolution`]), the target is what
/// §5.2.2, with the resolver's departures among the steps, makes of the components that parser
/// gives, written by §5.3: `None` where the steps are not such a set, or the case is no
/// resolution. A string the parser refuses is a resolution refused.
fn resolved_through_parser(
    steps: &[Step<'_>],
    case: &Request,
    inert: Option<&mut Vec<bool>>,
) -> Option<Outcome> {
    use super::departures::Departure;
    let Request::Resolve { strict, .. } = case else {
        return None;
    };
    let departures = parser_steps_only(steps)?;
    let parser_rule = steps
        .iter()
        .any(|s| matches!(s.model, Model::Transform(t) if t.parses_in_resolution()));
    if !parser_rule && !departures.iter().any(|d| d.parses_in_resolution()) {
        return None;
    }
    let resolving: Vec<super::resolving::Resolving> = departures
        .iter()
        .filter_map(|d| match d {
            Departure::Resolving(r) => Some(*r),
            _ => None,
        })
        .collect();
    let parsing: Vec<Step<'_>> = steps
        .iter()
        .filter(|s| !matches!(s.model, Model::Departure(Departure::Resolving(_))))
        .copied()
        .collect();
    let [base, input] = Departure::parses_of(case)?;
    let mut inert_base = Vec::with_capacity(parsing.len());
    let mut inert_input = Vec::with_capacity(parsing.len());
    // A memo holds the answers to one case: each string's parse is a case of its own.
    let memo = super::CaseMemo::default;
    let mut base_answer = evaluate_traced(&parsing, &base, &memo(), Some(&mut inert_base));
    // A resolver that takes a base without a scheme reads it as a relative reference where
    // its parser refuses it as a URI (§5.1: "A base URI must conform to the <absolute-URI> syntax rule").
    let relative_base = super::resolving::Resolving::RelativeBaseResolved;
    let base_read_relative =
        matches!(base_answer, Outcome::Invalid(_)) && resolving.contains(&relative_base);
    if base_read_relative && let Request::Parse { input, zone_id, .. } = &base {
        let relative = Request::Parse {
            input: input.clone(),
            rule: Some(reference::Rule::RelativeRef.into()),
            zone_id: *zone_id,
        };
        inert_base.clear();
        base_answer = evaluate_traced(&parsing, &relative, &memo(), Some(&mut inert_base));
    }
    let written = |answer: Outcome| {
        steps.iter().fold(answer, |answer, s| match s.model {
            Model::Transform(t) => t.written_in_resolution(answer),
            _ => answer,
        })
    };
    let base = written(base_answer);
    let input = written(evaluate_traced(
        &parsing,
        &input,
        &memo(),
        Some(&mut inert_input),
    ));
    let target = match (borrowed(&base), borrowed(&input)) {
        (Some(b), Some(r)) => {
            let target = |resolving: &[super::resolving::Resolving]| {
                super::resolving::target_from_components(resolving, &b, &r, *strict).0
            };
            let answer = target(&resolving);
            // A resolver's departure changed nothing where the target is the same without it
            // (the reading of a relative base is needed wherever it was made).
            let unchanged: Vec<bool> = resolving
                .iter()
                .map(|d| {
                    if *d == relative_base && base_read_relative {
                        return false;
                    }
                    let without: Vec<_> = resolving.iter().copied().filter(|r| r != d).collect();
                    target(&without) == answer
                })
                .collect();
            Ok((answer, unchanged))
        }
        (None, _) => Err(match &base {
            Outcome::Invalid(rejection) => Outcome::Invalid(rejection.clone().about_base()),
            other => other.clone(),
        }),
        (_, None) => Err(match &input {
            Outcome::Invalid(message) => Outcome::invalid(format!("reference: {message}")),
            other => other.clone(),
        }),
    };
    if let Some(inert) = inert {
        // A parser's departure changed nothing where it read neither string otherwise.
        let mut parsed = inert_base.iter().zip(&inert_input).map(|(b, r)| *b && *r);
        let mut resolved = match &target {
            Ok((_, unchanged)) => unchanged.clone(),
            Err(_) => vec![true; resolving.len()],
        }
        .into_iter();
        for step in steps {
            inert.push(
                match step.model {
                    Model::Departure(Departure::Resolving(_)) => resolved.next(),
                    _ => parsed.next(),
                }
                .unwrap_or(true),
            );
        }
    }
    Some(match target {
        Ok((answer, _)) => Outcome::Resolved(answer),
        Err(refused) => refused,
    })
}

/// A normalizer reads its input with its parser (§6.2.2 normalizes the components a parse
/// gave), so where the steps are departures and one of them is a reading of its parser's
/// ([`Departure::restores`]), the answer is §6.2.2, with the normalizer's
/// departures among the steps, applied to the components that parser gives, written by §5.3
/// (Python's rfc3986: `URIReference.from_string(uri).normalize().unsplit()`, whose parse
/// encodes a path's "%"): `None` where the steps are not such a set, or the case is no
/// normalization. A string the parser refuses is a normalization refused; components §5.3
/// writes into a string the RFC does not read (a space kept) have no answer here.
fn normalized_through_parser(
    steps: &[Step<'_>],
    case: &Request,
    inert: Option<&mut Vec<bool>>,
) -> Option<Outcome> {
    use super::departures::Departure;
    let Request::Normalize { .. } = case else {
        return None;
    };
    // The readings RFC 3986 leaves open that the normalizer takes (an empty port removed, a
    // rootless path kept rootless) act in its normalization of what its parser read.
    let mut options = NormalizeOptions::default();
    let readings: Vec<Step<'_>> = steps
        .iter()
        .filter(|s| matches!(s.model, Model::Reading(_)))
        .copied()
        .collect();
    for step in &readings {
        if let Model::Reading(reading) = step.model {
            reading.set_normalize(&mut options);
        }
    }
    let steps_read: Vec<Step<'_>> = steps
        .iter()
        .filter(|s| !matches!(s.model, Model::Reading(_)))
        .copied()
        .collect();
    let departures = departures_only(&steps_read)?;
    if !departures.iter().any(|d| d.restores()) {
        return None;
    }
    let level = case.checked_level().ok()?;
    let normalizing: Vec<super::normalizing::Normalizing> = departures
        .iter()
        .filter_map(|d| match d {
            Departure::Normalizing(n) => Some(*n),
            _ => None,
        })
        .collect();
    let parsing: Vec<Step<'_>> = steps_read
        .iter()
        .filter(|s| !matches!(s.model, Model::Departure(Departure::Normalizing(_))))
        .copied()
        .collect();
    let [parse] = <[Request; 1]>::try_from(Departure::parses_read(case)).ok()?;
    let mut inert_parse = Vec::with_capacity(parsing.len());
    let memo = super::CaseMemo::default();
    let parsed = evaluate_traced(&parsing, &parse, &memo, Some(&mut inert_parse));
    let normalized = |set: &[super::normalizing::Normalizing], read: &str| {
        super::normalizing::normalized_under(set, read, level, options)
            .or_else(|| reference::normalize_with(read, level, options).ok())
    };
    let answer = match borrowed(&parsed) {
        Some(c) => {
            // §5.3 writes the components into a string that reads back as them, or the
            // normalizer's answer is not this one's to give (a path "//a" with no authority).
            let read = reference::recompose(&c);
            let same = |back: reference::Components<'_>| {
                reference::Components {
                    host_kind: c.host_kind,
                    ..back
                } == c
            };
            if !reference::parse(&read).is_ok_and(same) {
                return None;
            }
            let answer = normalized(&normalizing, &read);
            let unchanged: Vec<bool> = normalizing
                .iter()
                .map(|n| {
                    let without: Vec<_> = normalizing.iter().copied().filter(|m| m != n).collect();
                    normalized(&without, &read) == answer
                })
                .collect();
            answer.map(|a| (Outcome::Normalized(a), unchanged))
        }
        None => Some((parsed.clone(), vec![true; normalizing.len()])),
    };
    let (answer, unchanged) = answer?;
    if let Some(inert) = inert {
        let mut parsed = inert_parse.into_iter();
        let mut normalized = unchanged.into_iter();
        for step in steps {
            inert.push(
                match step.model {
                    Model::Departure(Departure::Normalizing(_)) => normalized.next(),
                    // A reading acts on every normalization.
                    Model::Reading(_) => Some(false),
                    _ => parsed.next(),
                }
                .unwrap_or(true),
            );
        }
    }
    Some(answer)
}

/// The answer of a normalizer that departs by `step` and the other normalizer's departures
/// of `beside`, under the readings `options`; `None` where they change nothing in it.
fn normalizing_under(
    step: super::normalizing::Normalizing,
    beside: &[super::departures::Departure],
    input: &str,
    asked: &Request,
    options: NormalizeOptions,
) -> Option<Outcome> {
    let mut set: Vec<super::normalizing::Normalizing> = beside
        .iter()
        .filter_map(|d| match d {
            super::departures::Departure::Normalizing(n) => Some(*n),
            _ => None,
        })
        .collect();
    if !set.contains(&step) {
        set.push(step);
    }
    super::normalizing::outcome_under(&set, input, asked.checked_level().ok()?, options)
}

/// The components a parse answered, as the reference's parser holds them; `None` for another
/// answer.
/// A parse answer's components, borrowed as the reference's ([`borrowed`]).
pub(crate) fn borrowed_components(answer: &Outcome) -> Option<reference::Components<'_>> {
    borrowed(answer)
}

fn borrowed(answer: &Outcome) -> Option<reference::Components<'_>> {
    let Outcome::Parsed {
        components: c,
        host_kind,
    } = answer
    else {
        return None;
    };
    Some(reference::Components {
        scheme: c.scheme.as_deref(),
        userinfo: c.userinfo.as_deref(),
        host: c.host.as_deref(),
        port: c.port.as_deref(),
        path: &c.path,
        query: c.query.as_deref(),
        fragment: c.fragment.as_deref(),
        host_kind: *host_kind,
    })
}

/// The reference's answer under a set of readings.
fn under_readings(case: &Request, readings: &[(Reading, usize)]) -> Outcome {
    match case {
        Request::Parse { .. } => Reference.answer(case),
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let mut options = ResolveOptions::strict(*strict);
            for (reading, _) in readings {
                reading.set_resolve(&mut options);
            }
            match reference::resolve(base, input, options) {
                Ok(target) => Outcome::Resolved(target),
                Err(e) => Outcome::Invalid((&e).into()),
            }
        }
        Request::Normalize { input, .. } => {
            let mut options = NormalizeOptions::default();
            for (reading, _) in readings {
                reading.set_normalize(&mut options);
            }
            let level = case.checked_level().unwrap_or_default();
            match reference::normalize_with(input, level, options) {
                Ok(n) => Outcome::Normalized(n),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }
    }
}

/// uriparse's registered schemes (src/scheme.rs, the `schemes!` table, as written there),
/// which it writes in lowercase whatever the input's case.
const URIPARSE_REGISTERED_SCHEMES: &[&str] = &[
    "aaa",
    "aaas",
    "about",
    "acap",
    "acat",
    "acr",
    "adiumxtra",
    "afp",
    "afs",
    "aim",
    "amss",
    "android",
    "appdata",
    "apt",
    "attachment",
    "aw",
    "barion",
    "beshare",
    "bitcoin",
    "bitcoincash",
    "blob",
    "bolo",
    "browserext",
    "calculator",
    "callto",
    "cap",
    "cast",
    "casts",
    "chrome",
    "chrome-extension",
    "cid",
    "coap",
    "coap+tcp",
    "coap+ws",
    "coaps",
    "coaps+tcp",
    "coaps+ws",
    "com-eventbrite-attendee",
    "content",
    "conti",
    "crid",
    "cvs",
    "dab",
    "data",
    "dav",
    "diaspora",
    "dict",
    "did",
    "dis",
    "dlna-playcontainer",
    "dlna-playsingle",
    "dns",
    "dntp",
    "dpp",
    "drm",
    "drop",
    "dtn",
    "dvb",
    "ed2k",
    "elsi",
    "example",
    "facetime",
    "fax",
    "feed",
    "feedready",
    "file",
    "filesystem",
    "finger",
    "fish",
    "fm",
    "ftp",
    "fuchsia-pkg",
    "geo",
    "gg",
    "git",
    "gizmoproject",
    "go",
    "gopher",
    "graph",
    "gtalk",
    "h323",
    "ham",
    "hcap",
    "hcp",
    "http",
    "https",
    "hxxp",
    "hxxps",
    "hydrazone",
    "iax",
    "icap",
    "icon",
    "im",
    "imap",
    "info",
    "iotdisc",
    "ipn",
    "ipp",
    "ipps",
    "irc",
    "irc6",
    "ircs",
    "iris",
    "iris.beep",
    "iris.lwz",
    "iris.xpc",
    "iris.xpcs",
    "isostore",
    "itms",
    "jabber",
    "jar",
    "jms",
    "keyparc",
    "lastfm",
    "ldap",
    "ldaps",
    "lorawan",
    "lvlt",
    "magnet",
    "mailserver",
    "mailto",
    "maps",
    "market",
    "message",
    "microsoft.windows.camera",
    "microsoft.windows.camera.multipicker",
    "microsoft.windows.camera.picker",
    "mid",
    "mms",
    "modem",
    "mongodb",
    "moz",
    "ms-access",
    "ms-browser-extension",
    "ms-calculator",
    "ms-drive-to",
    "ms-enrollment",
    "ms-excel",
    "ms-eyecontrolspeech",
    "ms-gamebaresrvices",
    "ms-gamingoverlay",
    "ms-getoffice",
    "ms-help",
    "ms-infopath",
    "ms-inputapp",
    "ms-lockscreencomponent-config",
    "ms-media-stream-id",
    "ms-mixedrealitycapture",
    "ms-officeapp",
    "ms-people",
    "ms-project",
    "ms-powerpoint",
    "ms-publisher",
    "ms-restoretabcompanion",
    "mss",
    "ms-screenclip",
    "ms-screensketch",
    "ms-search",
    "ms-search-repair",
    "ms-secondary-screen-controller",
    "ms-secondary-screen-setup",
    "ms-settings",
    "ms-settings-airplanemode",
    "ms-settings-bluetooth",
    "ms-settings-camera",
    "ms-settings-cellular",
    "ms-settings-cloudstorage",
    "ms-settings-connectabledevices",
    "ms-settings-displays-topology",
    "ms-settings-emailandaccounts",
    "ms-settings-language",
    "ms-settings-location",
    "ms-settings-lock",
    "ms-settings-nfctransactions",
    "ms-settings-notifications",
    "ms-settings-power",
    "ms-settings-privacy",
    "ms-settings-proximity",
    "ms-settings-screenrotation",
    "ms-settings-wifi",
    "ms-settings-workplace",
    "ms-spd",
    "ms-sttoverlay",
    "ms-transit-to",
    "ms-useractivityset",
    "ms-virtualtouchpad",
    "ms-visio",
    "ms-walk-to",
    "ms-whiteboard",
    "ms-whiteboard-cmd",
    "ms-word",
    "msnim",
    "msrp",
    "msrps",
    "mtqp",
    "mumble",
    "mupdate",
    "mvn",
    "news",
    "nfs",
    "ni",
    "nih",
    "nntp",
    "notes",
    "ocf",
    "oid",
    "onenote",
    "onenote-cmd",
    "opaquelocktoken",
    "openpgp4fpr",
    "pack",
    "palm",
    "paparazzi",
    "pkcs11",
    "platform",
    "pop",
    "pres",
    "prospero",
    "proxy",
    "pwid",
    "psyc",
    "qb",
    "query",
    "redis",
    "rediss",
    "reload",
    "res",
    "resource",
    "rmi",
    "rsync",
    "rtmfp",
    "rtmp",
    "rtsp",
    "rtsps",
    "rtspu",
    "secondlife",
    "service",
    "session",
    "sftp",
    "sgn",
    "shttp",
    "sieve",
    "sip",
    "sips",
    "simpleledger",
    "skype",
    "smb",
    "sms",
    "smtp",
    "snews",
    "snmp",
    "soap.beep",
    "soap.beeps",
    "soldat",
    "spiffe",
    "spotify",
    "ssh",
    "steam",
    "stun",
    "stuns",
    "submit",
    "svn",
    "tag",
    "teamspeak",
    "tel",
    "teliaeid",
    "telnet",
    "tftp",
    "things",
    "thismessage",
    "tip",
    "tn3270",
    "tool",
    "turn",
    "turns",
    "tv",
    "udp",
    "unreal",
    "urn",
    "ut2004",
    "v-event",
    "vemmi",
    "ventrilo",
    "videotex",
    "vnc",
    "view-source",
    "wais",
    "webcal",
    "wpid",
    "ws",
    "wss",
    "wtai",
    "wyciwyg",
    "xcon",
    "xcon-userid",
    "xfire",
    "xmlrpc.beep",
    "xmlrpc.beeps",
    "xmpp",
    "xri",
    "ymsgr",
    "z39.50",
    "z39.50r",
    "z39.50s",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::departures::Departure;

    /// The answer of `models` composed in order, as the catalogue composes a crate's steps.
    fn composed(models: &[Model], input: &str) -> Outcome {
        let steps: Vec<Step<'_>> = models
            .iter()
            .enumerate()
            .map(|(index, model)| Step { model, index })
            .collect();
        outcome(
            &steps,
            &Request::parse(input),
            &super::super::CaseMemo::default(),
        )
    }

    #[test]
    fn a_data_model_without_an_empty_component_holds_for_what_a_rule_leaves_empty() {
        // RFC 3986 §3.2: `authority = [ userinfo "@" ] host [ ":" port ]`: "x@" is a
        // userinfo, and a second "@" no character of the host. A rule that restarts the
        // userinfo at each "@" leaves it empty in "a://x@@h".
        let restart = Model::Transform(Transform::PocoUserinfoRestartsAtEachAt);
        let userinfo = |answer: &Outcome| match answer {
            Outcome::Parsed { components, .. } => components.userinfo.clone(),
            other => panic!("not parsed: {other:?}"),
        };
        let unchecked = Model::Departure(Departure::from_id("host-unchecked").unwrap());
        let alone = composed(&[restart, unchecked], "a://x@@h");
        assert_eq!(userinfo(&alone), Some(String::new()));
        // A parser whose userinfo is "" for none reads it as none, whatever made it empty.
        let absent = Model::Departure(Departure::from_id("empty-userinfo-as-absent").unwrap());
        let with = composed(&[absent, restart, unchecked], "a://x@@h");
        assert_eq!(userinfo(&with), None);
    }

    #[test]
    fn a_rule_on_the_answer_acts_on_what_the_readings_gave_back() {
        // RFC 3986 §2.1: "%" starts a pct-encoded triplet, so "aa://h/./%" is no URI. A parser
        // that writes a lone "%" as "%25" and then removes the path's dot-segments gives the
        // path "/%25", in whichever order its catalogue lists the two.
        let compressed = Model::Transform(Transform::DotnetPathCompressed);
        let escaped = Model::Departure(Departure::from_id("path-encoded-reserved-kept").unwrap());
        let path = |answer: Outcome| match answer {
            Outcome::Parsed { components, .. } => components.path,
            other => panic!("not parsed: {other:?}"),
        };
        for models in [[compressed, escaped], [escaped, compressed]] {
            assert_eq!(path(composed(&models, "aa://h/./%")), "/%25");
        }
        // Without an authority the path is not compressed: the escaping alone.
        assert_eq!(path(composed(&[compressed, escaped], "aa:/./%")), "/./%25");
    }

    #[test]
    fn a_resolver_reads_its_strings_with_its_parser() {
        // §5.2.2: "The URI reference is parsed into the five URI components", and the base
        // is parsed too (§5.2.1): a parser that takes any character in a host gives a
        // resolver the host ">" that `reg-name` refuses, and §5.2.3's merge goes on with it.
        let unchecked = Model::Departure(Departure::from_id("host-unchecked").unwrap());
        let kept = Model::Departure(Departure::from_id("dot-segments-above-root-kept").unwrap());
        let memo = super::super::CaseMemo::default();
        let resolve = |models: &[Model], base: &str, input: &str| {
            let steps: Vec<Step<'_>> = models
                .iter()
                .enumerate()
                .map(|(index, model)| Step { model, index })
                .collect();
            let case = Request::Resolve {
                base: base.to_owned(),
                input: input.to_owned(),
                strict: true,
            };
            outcome_traced(&steps, &case, &memo)
        };
        let (target, inert) = resolve(&[unchecked], "a://>/b", "x");
        assert_eq!(target, Outcome::Resolved("a://>/x".to_owned()));
        assert_eq!(inert, [false]);
        // With a resolver that keeps a ".." above the root (RFC 2396 §5.2 step 6g), both.
        let (target, inert) = resolve(&[unchecked, kept], "a://>/b", "../../x");
        assert_eq!(target, Outcome::Resolved("a://>/../../x".to_owned()));
        assert_eq!(inert, [false, false]);
        // A case the parser reads as the RFC does: the RFC's target, and nothing read.
        let (target, inert) = resolve(&[unchecked], "a://h/b", "x");
        assert_eq!(target, Outcome::Resolved("a://h/x".to_owned()));
        assert_eq!(inert, [true]);
        // A string the parser refuses is a resolution refused: a scheme is checked.
        let (target, _) = resolve(&[unchecked], "%:/", "x");
        assert!(matches!(target, Outcome::Invalid(_)), "{target:?}");
        // A resolver that takes a base without a scheme reads it as a relative reference:
        // §5.2.3's merge of "/a" and "c" is "/c", and T.scheme is the base's, none.
        let relative = Model::Departure(Departure::from_id("relative-base-resolved").unwrap());
        let (target, inert) = resolve(&[unchecked, relative], "//>/a", "c");
        assert_eq!(target, Outcome::Resolved("//>/c".to_owned()));
        assert_eq!(inert, [false, false]);
        // Without that departure the base is refused.
        let (target, _) = resolve(&[unchecked], "//>/a", "c");
        assert!(matches!(target, Outcome::Invalid(_)), "{target:?}");
    }
}
