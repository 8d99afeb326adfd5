//! Comparing one implementation's answer with the reference's, field by field.

use std::fmt;

use crate::model::{BlindSpot, Blindness};
use crate::model::{Components, Field, Outcome, Rejection, Subject};
use crate::protocol::Request;
use crate::reference::{self, HostKind, Level};

/// What kind of difference an answer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DifferenceKind {
    /// The reference rejects the input and the implementation accepts it.
    AcceptsInvalid,
    /// The reference accepts the input and the implementation rejects it.
    RejectsValid,
    /// Both parse it, into different components (or host kinds).
    Components,
    /// Both resolve it, to different targets.
    Target,
    /// Both normalize it, to different strings.
    Normalized,
    /// The implementation panicked.
    Panic,
    /// The implementation ran past the time limit.
    Timeout,
    /// A property of the crate's own (no reference involved): what it parsed does not survive
    /// serializing and parsing again, or the text changed where the crate promises to keep it.
    RoundTrip,
    /// A property: serializing or normalizing again changes the string.
    NotIdempotent,
    /// A property: normalization changed where a request goes (authority presence, scheme,
    /// userinfo, host, port), or gave a string the crate does not parse.
    MeaningChanged,
    /// A property: a resolution target the crate's own parser does not take as a URI.
    TargetNotAbsolute,
    /// A property: a law of RFC 3986 §5.2.2 broken on the crate's own terms (a reference with a
    /// scheme that does not resolve to itself, an empty reference that does not give the base).
    ResolutionLaw,
    /// A property: two of the crate's ways from a string to a URI (or a part of one) disagree,
    /// or an accessor of its parsed type reads another value than its parse reports.
    ConversionsDisagree,
    /// A sub-parser (of an authority, a host, a request's path and query) reads a string
    /// otherwise than its part's own rule, and otherwise than the crate's whole parser reads
    /// the same string in place.
    PartRule,
}

impl DifferenceKind {
    /// The name used in signatures and reports.
    pub const fn name(self) -> &'static str {
        match self {
            DifferenceKind::AcceptsInvalid => "accepts-invalid",
            DifferenceKind::RejectsValid => "rejects-valid",
            DifferenceKind::Components => "components",
            DifferenceKind::Target => "target",
            DifferenceKind::Normalized => "normalized",
            DifferenceKind::Panic => "panic",
            DifferenceKind::Timeout => "timeout",
            DifferenceKind::RoundTrip => "round-trip",
            DifferenceKind::NotIdempotent => "not-idempotent",
            DifferenceKind::MeaningChanged => "meaning-changed",
            DifferenceKind::TargetNotAbsolute => "target-not-absolute",
            DifferenceKind::ResolutionLaw => "resolution-law",
            DifferenceKind::ConversionsDisagree => "conversions-disagree",
            DifferenceKind::PartRule => "part-rule",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<DifferenceKind> {
        [
            DifferenceKind::AcceptsInvalid,
            DifferenceKind::RejectsValid,
            DifferenceKind::Components,
            DifferenceKind::Target,
            DifferenceKind::Normalized,
            DifferenceKind::Panic,
            DifferenceKind::Timeout,
            DifferenceKind::RoundTrip,
            DifferenceKind::NotIdempotent,
            DifferenceKind::MeaningChanged,
            DifferenceKind::TargetNotAbsolute,
            DifferenceKind::ResolutionLaw,
            DifferenceKind::ConversionsDisagree,
            DifferenceKind::PartRule,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

impl DifferenceKind {
    /// Whether it is a property of the implementation's own, found without the reference.
    pub const fn is_property(self) -> bool {
        matches!(
            self,
            DifferenceKind::RoundTrip
                | DifferenceKind::NotIdempotent
                | DifferenceKind::MeaningChanged
                | DifferenceKind::TargetNotAbsolute
                | DifferenceKind::ResolutionLaw
                | DifferenceKind::ConversionsDisagree
                | DifferenceKind::PartRule
        )
    }
}

impl fmt::Display for DifferenceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difference between an implementation's answer and the reference's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// Its kind.
    pub kind: DifferenceKind,
    /// The fields involved: those that differ (components, target, normalized), or the
    /// component whose presence makes the implementation reject a valid input.
    pub fields: Vec<Field>,
    /// What narrows the kind down, for the signature: the failing rule and character of an
    /// accepted invalid input, how a target's most severe field changed ([`change_of`]), a
    /// panic's location.
    pub detail: String,
    /// Whether it decides where a request goes (see [`Difference::is_security_relevant`]).
    pub security: bool,
}

impl Difference {
    /// Whether the difference decides where a request goes: a scheme, userinfo, host, host
    /// kind or port that differs beyond case and percent-encoding (the SSRF class of URL
    /// confusion), or an accepted invalid authority.
    pub fn is_security_relevant(&self) -> bool {
        self.security
    }
}

const ROUTING_RULES: [&str; 9] = [
    "scheme",
    "userinfo",
    "host",
    "IP-literal",
    "IPv6address",
    "IPvFuture",
    "ZoneID",
    "authority",
    "port",
];

/// The seven components read in place, from an owned answer ([`Components`]) or from the
/// reference's parse ([`reference::Components`]), so that a comparison need not copy either.
pub(crate) trait ComponentsView {
    /// The value of a component field; `None` for an undefined one and for
    /// [`Field::HostKind`], which is not a component.
    fn component(&self, field: Field) -> Option<&str>;
}

impl ComponentsView for Components {
    fn component(&self, field: Field) -> Option<&str> {
        self.get(field)
    }
}

impl ComponentsView for reference::Components<'_> {
    fn component(&self, field: Field) -> Option<&str> {
        match field {
            Field::Scheme => self.scheme,
            Field::Userinfo => self.userinfo,
            Field::Host => self.host,
            Field::Port => self.port,
            Field::Path => Some(self.path),
            Field::Query => self.query,
            Field::Fragment => self.fragment,
            Field::HostKind => None,
        }
    }
}

/// Whether two parses send a request to different places: scheme, userinfo, host, host kind
/// or port differ, beyond ASCII case and percent-encoding, and beyond a default or empty port
/// written or left out.
fn routing_differs(
    e: &(impl ComponentsView + ?Sized),
    e_kind: Option<HostKind>,
    a: &(impl ComponentsView + ?Sized),
    a_kind: Option<HostKind>,
) -> bool {
    let same = |field: Field| same_canonical(e.component(field), a.component(field));
    let ipv6 = |h: Option<&str>| {
        h.and_then(|h| {
            h.strip_prefix('[')?
                .strip_suffix(']')?
                .parse::<std::net::Ipv6Addr>()
                .ok()
        })
    };
    let same_host = same(Field::Host)
        || ipv6(e.component(Field::Host))
            .is_some_and(|x| Some(x) == ipv6(a.component(Field::Host)));
    !same(Field::Scheme)
        || !same(Field::Userinfo)
        || !same_host
        || e_kind != a_kind
        || routing_port(e) != routing_port(a)
}

/// Whether two values are the same beyond ASCII case and percent-encoding.
fn same_canonical(e: Option<&str>, a: Option<&str>) -> bool {
    // Without a percent sign, decoding changes nothing.
    fn decoded(v: &str) -> std::borrow::Cow<'_, str> {
        match v.contains('%') {
            true => std::borrow::Cow::Owned(percent_decoded(v)),
            false => std::borrow::Cow::Borrowed(v),
        }
    }
    match (e, a) {
        (None, None) => true,
        (Some(e), Some(a)) => decoded(e).eq_ignore_ascii_case(&decoded(a)),
        _ => false,
    }
}

/// The default port of the schemes whose default ports the URL Standard drops (any case).
pub(crate) fn default_port(scheme: &str) -> Option<&'static str> {
    ["http", "ws", "https", "wss", "ftp"]
        .into_iter()
        .zip(["80", "80", "443", "443", "21"])
        .find(|(name, _)| scheme.eq_ignore_ascii_case(name))
        .map(|(_, port)| port)
}

/// The port a request goes to when it is not the scheme's default: leading zeros dropped,
/// `None` for no port, an empty one or the default one.
pub(crate) fn routing_port(c: &(impl ComponentsView + ?Sized)) -> Option<&str> {
    let default = default_port(c.component(Field::Scheme).unwrap_or(""));
    let text = c.component(Field::Port).filter(|p| !p.is_empty())?;
    let trimmed = text.trim_start_matches('0');
    let value = if trimmed.is_empty() { "0" } else { trimmed };
    (Some(value) != default).then_some(value)
}

/// Every `%XX` triplet decoded, other text kept; bytes that are not UTF-8 come out lossily.
pub(crate) fn percent_decoded(text: &str) -> String {
    String::from_utf8_lossy(&percent_decoded_bytes(text)).into_owned()
}

/// `text`'s bytes with every pct-encoded triplet decoded.
fn percent_decoded_bytes(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            out.push(
                reference::chars::hex_value(bytes[i + 1]) << 4
                    | reference::chars::hex_value(bytes[i + 2]),
            );
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// `text` percent-decoded, each byte of the result that is no part of UTF-8 written "%XX"
/// (uppercase), as a program writes a decoded value JSON cannot carry.
pub(crate) fn percent_decoded_as_triplets(text: &str) -> String {
    let decoded = percent_decoded_bytes(text);
    let mut out = String::with_capacity(decoded.len());
    let mut rest = decoded.as_slice();
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                out.push_str(valid);
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = e.error_len().unwrap_or(after.len());
                for byte in &after[..bad] {
                    out.push_str(&format!("%{byte:02X}"));
                }
                rest = &after[bad..];
            }
        }
    }
    out
}

/// Compares `actual` with the reference's `expected` answer to `case`. `None` when they agree,
/// when the implementation does not support the case, or when the only differences fall in
/// its blind spots. A rejected valid input is returned with no fields: the engine finds the
/// culprit component by asking the implementation again.
pub fn compare(
    case: &Request,
    expected: &Outcome,
    actual: &Outcome,
    blind_spots: &[BlindSpot],
) -> Option<Difference> {
    let difference = |kind, fields, detail: String| {
        let security = kind == DifferenceKind::AcceptsInvalid
            && ROUTING_RULES
                .iter()
                .any(|rule| detail == *rule || detail.starts_with(&format!("{rule}-")));
        Some(Difference {
            kind,
            fields,
            detail,
            security,
        })
    };
    match (expected, actual) {
        (_, Outcome::Unsupported) | (Outcome::Unsupported, _) => None,
        // A model of a crate's panic (the reference never panics) reproduces it only with
        // the same message, at the same place.
        (Outcome::Panicked(modelled), Outcome::Panicked(message)) if modelled == message => None,
        (_, Outcome::Panicked(message)) => {
            difference(DifferenceKind::Panic, vec![], panic_location(message))
        }
        (_, Outcome::TimedOut) => difference(DifferenceKind::Timeout, vec![], String::new()),
        (Outcome::Invalid(_), Outcome::Invalid(_)) => None,
        (Outcome::Invalid(error), _) => difference(
            DifferenceKind::AcceptsInvalid,
            vec![],
            invalid_detail(error),
        ),
        (_, Outcome::Invalid(_)) => difference(DifferenceKind::RejectsValid, vec![], String::new()),
        (
            Outcome::Parsed {
                components: ec,
                host_kind: ek,
            },
            Outcome::Parsed {
                components: ac,
                host_kind: ak,
            },
        ) => {
            let fields = differing_fields(ec, *ek, ac, *ak, blind_spots);
            (!fields.is_empty()).then(|| Difference {
                kind: DifferenceKind::Components,
                fields,
                detail: String::new(),
                security: routing_differs(ec, *ek, ac, *ak),
            })
        }
        (Outcome::Resolved(e), Outcome::Resolved(a)) if e == a => None,
        (Outcome::Resolved(e), Outcome::Resolved(a)) => {
            // The target is compared with what it stands for: where `e` is §5.3's writing of
            // §5.2.2's components and reads back with an authority they do not have (a "//"
            // path without authority, documented choice 1), with those components.
            // An answer that is that string with its scheme in another case (as a base
            // normalized first, §5.2.1, gives it) is §5.3's writing too: compared as a string,
            // as an answer equal to it is, and routed where the RFC's own string routes. Any
            // other answer is compared with the components.
            let as_string = lenient_components(e);
            let written = lenient_components(a);
            let letter_of_e = letter_written_otherwise(case, e);
            let spelled_otherwise = letter_of_e.is_some() && scheme_case_alone_differs(e, a);
            let letter = letter_of_e.filter(|_| !spelled_otherwise);
            let expected = match &letter {
                Some((t, _)) => t.clone(),
                None => as_string,
            };
            // A written "//" is an authority, empty or not, whatever the API reports of an
            // empty host: an answer with an empty authority where the RFC's has none (`f:////g`
            // for T.path "//g") is an authority that appears.
            let authority_moves = expected.host.is_none() != written.host.is_none();
            // A target that differs only in what RFC 3986 makes the same component (an empty
            // port left out) is the same target, for every implementation.
            if !authority_moves
                && differing_written_fields(&expected, None, &written, None, &[]).is_empty()
            {
                return None;
            }
            // A blind spot says how the API reports a parse's components (docs/protocol.md:
            // "one per field it reports differently"); a target is a string the library wrote
            // and the program hands on whole. It is read through the blind spots only as far
            // as they say how the library holds the component its serializer writes from (a
            // scheme it lowercases, a userinfo it decodes), which can change the spelling of
            // the target and never what it means: "a%2Fb" written "a/b" by a library that
            // holds the path decoded, or an empty query left out, is another target.
            if !blind_spots.is_empty()
                && !authority_moves
                && differing_written_fields(&expected, None, &written, None, blind_spots).is_empty()
                && spelled_alike(&expected, letter.is_some(), e, a)
            {
                return None;
            }
            // The fields where the targets differ in what the API can express: a scheme it
            // lowercases does not make a path difference another signature.
            let fields = match &letter {
                Some((t, kind)) => match reference::parse(a) {
                    Ok(parsed) => {
                        fields_seen_first(t, *kind, &parsed, parsed.host_kind, blind_spots)
                    }
                    Err(_) => fields_seen_first(t, None, &lenient_components(a), None, blind_spots),
                },
                None => string_differences(e, a, blind_spots),
            };
            let fields = if authority_moves && !fields.contains(&Field::Host) {
                [Field::Host].into_iter().chain(fields).collect()
            } else {
                fields
            };
            // Signed by how the most severe field changed, not by the §5.2.2 branch: a
            // resolver that keeps ".." above the root, or writes an empty authority, does so
            // in every branch.
            let detail = fields
                .iter()
                .min_by_key(|&&f| super::signature::severity(f))
                .map_or("", |&field| {
                    change_of(field, expected.get(field), written.get(field))
                });
            Some(Difference {
                kind: DifferenceKind::Target,
                fields,
                detail: detail.to_owned(),
                security: if spelled_otherwise {
                    routing_differs(&expected, None, &written, None)
                } else {
                    target_routing_differs(case, a)
                },
            })
        }
        // At the path level (§6.2.2.3 alone) case and percent-encoding are not the
        // normalization's business but its serializer's, whose blind spots apply as they do
        // to a target.
        (Outcome::Normalized(e), Outcome::Normalized(a))
            if e != a
                && !blind_spots.is_empty()
                && at_the_path_level(case)
                && differing_written_fields(
                    &lenient_components(e),
                    None,
                    &lenient_components(a),
                    None,
                    blind_spots,
                )
                .is_empty() =>
        {
            None
        }
        (Outcome::Normalized(e), Outcome::Normalized(a)) => (e != a).then(|| {
            let (mut fields, security) = string_fields(e, a);
            if at_the_path_level(case) {
                // Signed by what differs beyond the serializer's blind spots.
                fields = string_differences(e, a, blind_spots);
            }
            Difference {
                kind: DifferenceKind::Normalized,
                fields,
                detail: String::new(),
                security,
            }
        }),
        // An answer of the wrong shape: an adapter mistake, reported as such.
        (e, a) => difference(
            DifferenceKind::Components,
            vec![],
            format!("answer-shape-{}-{}", shape(e), shape(a)),
        ),
    }
}

/// Whether the target `answer` is §5.2.2's `expected` components (or §5.3's string `letter`
/// of them) spelled otherwise, up to RFC 3986's equivalences (§6.2.2, §6.2.3): where the
/// components are written otherwise than their string reads (`written_otherwise`: no authority
/// and a "//" path), as documented choice 1's "/." before the path writes them.
fn spelled_alike(
    expected: &Components,
    written_otherwise: bool,
    letter: &str,
    answer: &str,
) -> bool {
    if !written_otherwise {
        return super::meaning::equivalent_targets(letter, answer);
    }
    let mut text = String::new();
    if let Some(scheme) = &expected.scheme {
        text.push_str(scheme);
        text.push(':');
    }
    text.push_str("/.");
    text.push_str(&expected.path);
    if let Some(query) = &expected.query {
        text.push('?');
        text.push_str(query);
    }
    if let Some(fragment) = &expected.fragment {
        text.push('#');
        text.push_str(fragment);
    }
    super::meaning::equivalent_targets(&text, answer)
}

/// Whether `case` is a normalization at the path level (§6.2.2.3 alone).
fn at_the_path_level(case: &Request) -> bool {
    matches!(case, Request::Normalize { level: Some(level), .. } if *level == Level::Path)
}

fn shape(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Parsed { .. } => "parsed",
        Outcome::Resolved(_) => "resolved",
        Outcome::Normalized(_) => "normalized",
        Outcome::Invalid(_) => "invalid",
        Outcome::Unsupported => "unsupported",
        Outcome::Panicked(_) => "panicked",
        Outcome::TimedOut => "timed-out",
    }
}

/// The fields in which two parses differ, less the blind spots: `expected` as written (the
/// reference's text), `actual` as the implementation's API reports it.
pub(crate) fn differing_fields(
    expected: &(impl ComponentsView + ?Sized),
    expected_kind: Option<HostKind>,
    actual: &(impl ComponentsView + ?Sized),
    actual_kind: Option<HostKind>,
    blind_spots: &[BlindSpot],
) -> Vec<Field> {
    // A parse's components are compared up to the case of a triplet's digits (§2.1), as a
    // resolution's target is.
    fields_through(
        expected,
        expected_kind,
        actual,
        actual_kind,
        blind_spots,
        true,
        Spelling::AnyTripletCase,
    )
}

/// Whether two answers that [`compare`] takes as equal are equal with their triplets' digits
/// in the case each has: a model is exact (a departure's control tells a rule that uppercases
/// them from one that does not), where a verdict takes the two cases as the same (§2.1).
pub(crate) fn same_triplets(
    modelled: &Outcome,
    actual: &Outcome,
    blind_spots: &[BlindSpot],
) -> bool {
    match (modelled, actual) {
        (
            Outcome::Parsed {
                components: m,
                host_kind: mk,
            },
            Outcome::Parsed {
                components: a,
                host_kind: ak,
            },
        ) => fields_through(m, *mk, a, *ak, blind_spots, true, Spelling::Exact).is_empty(),
        _ => true,
    }
}

/// Whether a written target is the expected one up to what RFC 3986 makes the same in every
/// answer ([`Spelling::AnyTripletCase`]: an empty port left out, a scheme or a host in
/// lowercase, a triplet's digits in either case), as the judge reads a resolution's target: a vector's expected target is met so too.
pub(crate) fn same_written_target(expected: &str, actual: &str) -> bool {
    if expected == actual {
        return true;
    }
    let (e, a) = (lenient_components(expected), lenient_components(actual));
    e.host.is_none() == a.host.is_none()
        && differing_written_fields(&e, None, &a, None, &[]).is_empty()
}

/// The fields in which two written strings' components differ, less the blind spots: both
/// as written (a resolution target the implementation serialized), so that a field its API
/// reports decoded is decoded on both sides. A triplet's hexadecimal digits in either case are
/// the same target (§2.1: "If two URIs differ only in the case of hexadecimal digits used in
/// percent-encoded octets, they are equivalent. For consistency, URI producers and
/// normalizers should use uppercase hexadecimal digits"), as a scheme's or a host's case is.
fn differing_written_fields(
    expected: &(impl ComponentsView + ?Sized),
    expected_kind: Option<HostKind>,
    actual: &(impl ComponentsView + ?Sized),
    actual_kind: Option<HostKind>,
    blind_spots: &[BlindSpot],
) -> Vec<Field> {
    fields_through(
        expected,
        expected_kind,
        actual,
        actual_kind,
        blind_spots,
        false,
        Spelling::AnyTripletCase,
    )
}

/// [`differing_fields`]; with `actual_reported`, `actual` is what the API reports, whose
/// `decoded` fields are decoded already: a blind spot applies once, so `//%250a`, whose host
/// an API reports decoded as `%0a`, is not decoded again into a line feed.
fn fields_through(
    expected: &(impl ComponentsView + ?Sized),
    expected_kind: Option<HostKind>,
    actual: &(impl ComponentsView + ?Sized),
    actual_kind: Option<HostKind>,
    blind_spots: &[BlindSpot],
    actual_reported: bool,
    spelling: Spelling,
) -> Vec<Field> {
    Field::ALL
        .into_iter()
        .filter(|&field| {
            let blindness = blind_spots
                .iter()
                .filter(|b| b.field == field)
                .map(|b| b.blindness);
            if blindness.clone().any(|b| b == Blindness::Hidden) {
                return false;
            }
            if field == Field::HostKind {
                // The host kind follows the host: not compared where the host is not reported,
                // nor for an empty host an API reports as none (RFC 3986 calls it a reg-name).
                let host = || blind_spots.iter().filter(|b| b.field == Field::Host);
                if host().any(|b| b.blindness == Blindness::Hidden) {
                    return false;
                }
                let empty = |h: Option<&str>| h.is_none_or(str::is_empty);
                if host().any(|b| b.blindness == Blindness::EmptyIsUndefined)
                    && empty(expected.component(Field::Host))
                    && empty(actual.component(Field::Host))
                {
                    return false;
                }
                // Every host has a kind (§3.2.2: an IP literal, an IPv4 address or a registered
                // name): an answer that gives a host and no kind says nothing of it, as a
                // program for a library without host kinds answers (`"host_kind": null`).
                if actual_kind.is_none() && actual.component(Field::Host).is_some() {
                    return false;
                }
                return expected_kind != actual_kind;
            }
            // Each blindness of the field applies to both sides, so that the comparison sees
            // only what the implementation's API can express; a reported value the API has
            // decoded is not decoded again.
            let scheme = expected.component(Field::Scheme);
            let seen = |value: Option<&str>, reported: bool, escaped: Escaped| {
                blindness.clone().fold(value.map(str::to_owned), |v, b| {
                    seen_through_as(b, v, scheme, reported, escaped)
                })
            };
            // What RFC 3986 calls the same component for every parser, before any blind spot:
            // an empty port and none (§3.2.3), and in a parse a triplet's hexadecimal digits in
            // either case (§2.1). Where a blind spot decodes the field, the case of its
            // triplets is gone already, and a value the API reports decoded holds no triplets
            // of its own.
            let decodes = blindness
                .clone()
                .any(|b| matches!(b, Blindness::Decoded | Blindness::Reencoded));
            let spelling = match spelling {
                Spelling::AnyTripletCase if decodes => Spelling::Exact,
                spelling => spelling,
            };
            let (e, a) = (
                rfc_spelling(field, expected.component(field), spelling),
                rfc_spelling(field, actual.component(field), spelling),
            );
            let (e, a) = (e.as_deref(), a.as_deref());
            // Equal values are equal however the implementation sees them.
            if e == a || blindness.clone().next().is_none() {
                return e != a;
            }
            // The RFC's spelling also applies to what a blind spot leaves: a host's triplet
            // decoded by the API is a letter whose case §3.2.2 forgives as any other ("%42" and
            // "b" are one host), so each side is also seen through its blind spots first and
            // spelled after.
            let (raw_e, raw_a) = (expected.component(field), actual.component(field));
            let seen_spelled = |value: Option<&str>, reported: bool, escaped: Escaped| {
                let seen = seen(value, reported, escaped);
                rfc_spelling(field, seen.as_deref(), spelling).map(|v| v.into_owned())
            };
            // A decoded value's bytes that are no UTF-8, which JSON cannot carry, come as the
            // program writes them: "%XX" (docs/protocol.md) or U+FFFD.
            [Escaped::Replaced, Escaped::AsTriplets]
                .into_iter()
                .all(|escaped| {
                    seen(e, false, escaped) != seen(a, actual_reported, escaped)
                        && seen_spelled(raw_e, false, escaped)
                            != seen_spelled(raw_a, actual_reported, escaped)
                })
        })
        .collect()
}

/// Which of RFC 3986's equivalences make two spellings of a component the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// What a model must reproduce exactly, beyond what every verdict forgives: an empty port
    /// is no port (§3.2.3), and the scheme's and the host's ASCII letters are
    /// the same in either case (§3.1: "schemes are case-insensitive"; §3.2.2: "The host
    /// subcomponent is case-insensitive"), the lowercase being what the RFC asks producers to
    /// write ("should only produce lowercase scheme names", "producers and normalizers should
    /// use lowercase for registered names and hexadecimal addresses"): no departure models
    /// them, and a model must reproduce the rest, a triplet's case too.
    Exact,
    /// A parse's components and a resolution's target as a verdict reads them: also each
    /// triplet's hexadecimal digits in either case (§2.1), which a model still tells apart
    /// (`percent-encoding-uppercased`).
    AnyTripletCase,
    /// None: the components as written, where a field that differs only in what the others
    /// forgive must still be named (a normalization's output, whose business the case is).
    Verbatim,
}

/// `value` of `field` spelled as RFC 3986 makes every spelling of it the same component, as far
/// as `spelling` goes: an empty port as no port (§3.2.3: "URI producers and normalizers should
/// omit the port component and its ":" delimiter if port is empty"), the scheme's and the
/// host's ASCII letters outside a triplet in lowercase (§3.1, §3.2.2), and with
/// [`Spelling::AnyTripletCase`] each percent-encoding's hexadecimal digits in uppercase
/// (§2.1: "The uppercase hexadecimal digits 'A' through 'F' are equivalent to the lowercase
/// digits 'a' through 'f', respectively. If two URIs differ only in the case of hexadecimal
/// digits used in percent-encoded octets, they are equivalent.").
pub(crate) fn rfc_spelling(
    field: Field,
    value: Option<&str>,
    spelling: Spelling,
) -> Option<std::borrow::Cow<'_, str>> {
    use std::borrow::Cow;
    let value = value?;
    if spelling == Spelling::Verbatim {
        return Some(Cow::Borrowed(value));
    }
    if field == Field::Port && value.is_empty() {
        return None;
    }
    let triplets = spelling == Spelling::AnyTripletCase;
    let letters = matches!(field, Field::Scheme | Field::Host);
    let bytes = value.as_bytes();
    let triplet_at = |at: usize| {
        bytes[at] == b'%'
            && bytes
                .get(at + 1..at + 3)
                .is_some_and(|pair| pair.iter().all(u8::is_ascii_hexdigit))
    };
    let lowercase_triplet =
        |at: usize| triplet_at(at) && bytes[at + 1..at + 3].iter().any(u8::is_ascii_lowercase);
    let respelled = (letters && bytes.iter().any(u8::is_ascii_uppercase))
        || (triplets && (0..bytes.len()).any(lowercase_triplet));
    if !respelled {
        return Some(Cow::Borrowed(value));
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if triplet_at(at) {
            out.push(b'%');
            let digits = &bytes[at + 1..at + 3];
            if triplets {
                out.extend(digits.iter().map(u8::to_ascii_uppercase));
            } else {
                out.extend_from_slice(digits);
            }
            at += 3;
        } else {
            out.push(if letters {
                bytes[at].to_ascii_lowercase()
            } else {
                bytes[at]
            });
            at += 1;
        }
    }
    // Only ASCII letters changed: the bytes are still the UTF-8 they were.
    Some(Cow::Owned(
        String::from_utf8(out).unwrap_or_else(|_| value.to_owned()),
    ))
}

/// `components` as an API with `blind_spots` reports them (an empty host it holds as none, a
/// port it holds as a number): what its serializer has to write from, where a model gives the
/// components the text has.
pub(crate) fn as_reported(components: &Components, blind_spots: &[BlindSpot]) -> Components {
    let scheme = components.scheme.clone();
    let mut seen = components.clone();
    for spot in blind_spots {
        let through =
            |value: Option<String>| seen_through(spot.blindness, value, scheme.as_deref(), false);
        match spot.field {
            Field::Scheme => seen.scheme = through(seen.scheme.take()),
            Field::Userinfo => seen.userinfo = through(seen.userinfo.take()),
            Field::Host => seen.host = through(seen.host.take()),
            Field::Port => seen.port = through(seen.port.take()),
            Field::Path => {
                seen.path = through(Some(std::mem::take(&mut seen.path))).unwrap_or_default();
            }
            Field::Query => seen.query = through(seen.query.take()),
            Field::Fragment => seen.fragment = through(seen.fragment.take()),
            Field::HostKind => {}
        }
    }
    seen
}

/// How a decoded value writes its bytes that are no UTF-8.
#[derive(Clone, Copy)]
enum Escaped {
    /// Each invalid sequence as U+FFFD.
    Replaced,
    /// Each invalid byte as "%XX", uppercase, as JSON cannot carry it (docs/protocol.md).
    AsTriplets,
}

/// A value as an API with `blindness` reports it; `scheme` is the reference's, for a default
/// port. A value the API `reported` decoded is taken as it is: decoding it again would read
/// a "%25" twice.
fn seen_through(
    blindness: Blindness,
    value: Option<String>,
    scheme: Option<&str>,
    reported: bool,
) -> Option<String> {
    seen_through_as(blindness, value, scheme, reported, Escaped::Replaced)
}

/// [`seen_through`], a decoded value's bytes that are no UTF-8 written as `escaped` says.
fn seen_through_as(
    blindness: Blindness,
    value: Option<String>,
    scheme: Option<&str>,
    reported: bool,
    escaped: Escaped,
) -> Option<String> {
    match blindness {
        Blindness::EmptyIsUndefined => value.filter(|v| !v.is_empty()),
        Blindness::Decoded if reported => value,
        Blindness::Decoded | Blindness::Reencoded => value.map(|v| match escaped {
            Escaped::Replaced => percent_decoded(&v),
            Escaped::AsTriplets => percent_decoded_as_triplets(&v),
        }),
        Blindness::CaseFolded => value.map(|v| v.to_ascii_lowercase()),
        Blindness::DefaultPortDropped => value.filter(|port| {
            default_port(scheme.unwrap_or(""))
                .is_none_or(|default| port.trim_start_matches('0') != default)
        }),
        Blindness::Number => value.map(|port| {
            let digits = port.trim_start_matches('0');
            match digits {
                "" if !port.is_empty() => "0".to_owned(),
                _ => digits.to_owned(),
            }
        }),
        Blindness::Hidden => value,
    }
}

/// A field in which an answer the comparison takes as equal to the reference's has other text:
/// what each side says, and the blind spots of the implementation that make them equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenAlike {
    /// The field.
    pub field: Field,
    /// The reference's value (for the host kind, its name).
    pub reference: Option<String>,
    /// The implementation's value.
    pub actual: Option<String>,
    /// The blind spots that change what is compared: those of the field that change either
    /// value, or the field's (or, for the host kind, the host's) `hidden` or
    /// `empty-is-undefined` that leaves it out.
    pub blind_spots: Vec<Blindness>,
}

/// Why [`compare`] finds no difference where the texts differ: each field whose values are not
/// the same, with the blind spots that make them equal. Empty when the answers are the same
/// text, are no parses or resolutions, or differ for the comparison too.
pub fn seen_alike(
    case: &Request,
    expected: &Outcome,
    actual: &Outcome,
    blind_spots: &[BlindSpot],
) -> Vec<SeenAlike> {
    // Answers RFC 3986 calls the same need no blind spot.
    if blind_spots.is_empty()
        || compare(case, expected, actual, blind_spots).is_some()
        || compare(case, expected, actual, &[]).is_none()
    {
        return Vec::new();
    }
    let kind_name = |k: Option<HostKind>| k.map(|k| k.name().to_owned());
    let (e, e_kind, a, a_kind) = match (expected, actual) {
        (
            Outcome::Parsed {
                components: e,
                host_kind: ek,
            },
            Outcome::Parsed {
                components: a,
                host_kind: ak,
            },
        ) => (e.clone(), *ek, a.clone(), *ak),
        (Outcome::Resolved(e), Outcome::Resolved(a)) if e != a => {
            (lenient_components(e), None, lenient_components(a), None)
        }
        _ => return Vec::new(),
    };
    let of_field = |field: Field| {
        blind_spots
            .iter()
            .filter(move |b| b.field == field)
            .map(|b| b.blindness)
    };
    let scheme = e.component(Field::Scheme);
    Field::ALL
        .into_iter()
        .filter_map(|field| {
            let (reference, answer) = if field == Field::HostKind {
                (kind_name(e_kind), kind_name(a_kind))
            } else {
                (
                    e.component(field).map(str::to_owned),
                    a.component(field).map(str::to_owned),
                )
            };
            let spelling = Spelling::AnyTripletCase;
            if reference == answer
                || (field != Field::HostKind
                    && rfc_spelling(field, reference.as_deref(), spelling)
                        == rfc_spelling(field, answer.as_deref(), spelling))
            {
                return None;
            }
            let leaves_out = |b: &Blindness| {
                matches!(b, Blindness::Hidden)
                    || (field == Field::HostKind && *b == Blindness::EmptyIsUndefined)
            };
            let used: Vec<Blindness> =
                if let Some(hidden) = of_field(field).find(|b| *b == Blindness::Hidden) {
                    vec![hidden]
                } else if field == Field::HostKind {
                    // The host kind follows the host's blind spots.
                    of_field(Field::Host).filter(leaves_out).collect()
                } else {
                    of_field(field)
                        .filter(|&b| {
                            seen_through(b, reference.clone(), scheme, false) != reference
                                || seen_through(b, answer.clone(), scheme, true) != answer
                        })
                        .collect()
                };
            Some(SeenAlike {
                field,
                reference,
                actual: answer,
                blind_spots: used,
            })
        })
        .collect()
}

/// Whether a resolution target sends a request elsewhere than the reference's: the authority
/// of the reference's §5.2.2 target components (not of its recomposed string, which for a
/// `//` path without authority would show a host that is not there) against the authority the
/// implementation's string has (by the reference's parser, or by Appendix B and the last "@"
/// and ":" when it is not a URI).
fn target_routing_differs(case: &Request, actual: &str) -> bool {
    if !matches!(case, Request::Resolve { .. }) {
        return false;
    }
    with_letter_target(case, |expected| match reference::parse(actual) {
        Ok(a) => routing_differs(expected, expected.host_kind, &a, a.host_kind),
        Err(_) => {
            let a = lenient_components(actual);
            routing_differs(expected, None, &a, None)
        }
    })
    .unwrap_or(true)
}

/// The components of the letter of §5.2.2's target for a resolution case (before §5.3
/// writes them as a string), with the host kind; `None` when either input does not parse or
/// the case is no resolution.
pub(crate) fn letter_target(case: &Request) -> Option<(Components, Option<HostKind>)> {
    with_letter_target(case, |t| (Components::from(t), t.host_kind))
}

/// `read` on the letter of §5.2.2's target, borrowed; `None` as for [`letter_target`].
fn with_letter_target<T>(
    case: &Request,
    read: impl FnOnce(&reference::Components<'_>) -> T,
) -> Option<T> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    let (b, r) = (
        reference::parse_uri(base).ok()?,
        reference::parse(input).ok()?,
    );
    let target =
        reference::transform_references(&b, &r, reference::ResolveOptions::strict(*strict));
    Some(read(&target.components()))
}

/// Whether `answer` is `letter` with its scheme in another case and nothing else changed.
fn scheme_case_alone_differs(letter: &str, answer: &str) -> bool {
    let scheme_end = letter.find(':').unwrap_or(0);
    letter.len() == answer.len()
        && answer.is_char_boundary(scheme_end)
        && letter[..scheme_end].eq_ignore_ascii_case(&answer[..scheme_end])
        && letter[scheme_end..] == answer[scheme_end..]
}

/// §5.2.2's target components for a resolution case, with the host kind, when `target` is
/// §5.3's writing of them and reads back otherwise: they have no authority and a path that
/// starts with "//", which the string shows as an authority (`f:/a` + `.//g` gives `f://g`,
/// documented choice 1). `None` for any other target, which reads back as it was written.
fn letter_written_otherwise(
    case: &Request,
    target: &str,
) -> Option<(Components, Option<HostKind>)> {
    // Only a string with an authority can show one its components lack.
    reference::split(target).authority?;
    with_letter_target(case, |t| {
        (t.host.is_none() && t.path.starts_with("//") && reference::recompose(t) == target)
            .then(|| (Components::from(t), t.host_kind))
    })
    .flatten()
}

/// A string split by Appendix B, its authority at the last "@" and the last ":" outside
/// brackets: what a lenient client would take from a string that is not a URI.
pub(crate) fn lenient_components(text: &str) -> Components {
    let s = reference::split(text);
    let (userinfo, host, port) = match s.authority {
        None => (None, None, None),
        Some(authority) => {
            let (userinfo, host_port) = match authority.rsplit_once('@') {
                Some((u, h)) => (Some(u.to_owned()), h),
                None => (None, authority),
            };
            let (host, port) = match host_port.rsplit_once(':') {
                Some((h, p)) if !p.contains(']') => (h, Some(p.to_owned())),
                _ => (host_port, None),
            };
            (userinfo, Some(host.to_owned()), port)
        }
    };
    Components {
        scheme: s.scheme.map(str::to_owned),
        userinfo,
        host,
        port,
        path: s.path.to_owned(),
        query: s.query.map(str::to_owned),
        fragment: s.fragment.map(str::to_owned),
    }
}

/// The fields in which two URI reference strings differ, each parsed by the reference, and
/// whether they route differently; no fields when the implementation's string does not parse
/// (which is then taken to route differently).
fn string_fields(expected: &str, actual: &str) -> (Vec<Field>, bool) {
    let parsed = (reference::parse(expected), reference::parse(actual));
    let security = match &parsed {
        (Ok(e), Ok(a)) => routing_differs(e, e.host_kind, a, a.host_kind),
        _ => true,
    };
    (
        differences_of_parsed(expected, actual, parsed, &[]),
        security,
    )
}

/// The fields in which two strings differ as URI references: first in what the API can
/// express (a scheme it lowercases does not make a path difference another signature), else
/// in anything. A string that is no URI reference is read as a lenient client reads it, so
/// that one cause signs alike whether or not its string parses (url 2.3.1's "a://b" and
/// "a://%" for the Standard's "a:/.//b" and "a:/.//%" both make a host appear); host kinds
/// are then not compared, a lenient reading having none.
fn string_differences(expected: &str, actual: &str, blind_spots: &[BlindSpot]) -> Vec<Field> {
    let parsed = (reference::parse(expected), reference::parse(actual));
    differences_of_parsed(expected, actual, parsed, blind_spots)
}

/// [`string_differences`] with the two strings already parsed by the reference.
fn differences_of_parsed(
    expected: &str,
    actual: &str,
    parsed: (
        Result<reference::Components<'_>, reference::ParseError>,
        Result<reference::Components<'_>, reference::ParseError>,
    ),
    blind_spots: &[BlindSpot],
) -> Vec<Field> {
    match parsed {
        (Ok(e), Ok(a)) => fields_seen_first(&e, e.host_kind, &a, a.host_kind, blind_spots),
        _ => fields_seen_first(
            &lenient_components(expected),
            None,
            &lenient_components(actual),
            None,
            blind_spots,
        ),
    }
}

/// The fields in which two written answers differ in what the API can express, else in
/// anything.
fn fields_seen_first(
    e: &(impl ComponentsView + ?Sized),
    e_kind: Option<HostKind>,
    a: &(impl ComponentsView + ?Sized),
    a_kind: Option<HostKind>,
    blind_spots: &[BlindSpot],
) -> Vec<Field> {
    let seen = differing_written_fields(e, e_kind, a, a_kind, blind_spots);
    if !seen.is_empty() {
        return seen;
    }
    let unseen = differing_written_fields(e, e_kind, a, a_kind, &[]);
    if !unseen.is_empty() {
        return unseen;
    }
    // Only what RFC 3986 calls the same in a parse or a target differs (a host's case): a
    // normalization's output, whose business that is, is signed by it.
    fields_through(e, e_kind, a, a_kind, &[], false, Spelling::Verbatim)
}

/// The fields in which two target or normalized answers differ, each parsed by the
/// reference; none if either is not such an answer or does not parse.
pub(crate) fn answer_fields(expected: &Outcome, actual: &Outcome) -> Vec<Field> {
    match (expected, actual) {
        (Outcome::Resolved(e), Outcome::Resolved(a))
        | (Outcome::Normalized(e), Outcome::Normalized(a)) => string_fields(e, a).0,
        _ => vec![],
    }
}

/// How a field of an answer differs from the reference's, in words a report is signed by:
/// the field appears or disappears, is emptied or filled, differs in case or in
/// percent-encoding only, keeps or loses dot-segments or slashes (a path's), or holds another
/// value.
pub(crate) fn change_of(
    field: Field,
    expected: Option<&str>,
    actual: Option<&str>,
) -> &'static str {
    let path = field == Field::Path;
    let dot_segment = |path: &str| path.split('/').any(|s| s == "." || s == "..");
    let decoded = |v: &str| percent_decoded(v).to_ascii_lowercase();
    match (expected, actual) {
        (None, Some(_)) => "appears",
        (Some(_), None) => "disappears",
        (Some(e), Some(a)) if a.is_empty() && !e.is_empty() => "emptied",
        (Some(e), Some(a)) if e.is_empty() && !a.is_empty() => "filled",
        (Some(e), Some(a)) if e.eq_ignore_ascii_case(a) => "case",
        (Some(e), Some(a)) if decoded(e) == decoded(a) => "percent-encoding",
        (Some(e), Some(a)) if path && dot_segment(a) && !dot_segment(e) => "dot-segments-kept",
        (Some(e), Some(a)) if path && dot_segment(e) && !dot_segment(a) => "dot-segments-removed",
        (Some(e), Some(a)) if path && e.replace('/', "") == a.replace('/', "") => "slashes",
        _ => "value",
    }
}

/// For an input the reference rejects: the failing rule (`host`, `pct-encoded`), taken from the
/// reference's rejection; `base-RULE` for a resolution's base. The character that fails is not
/// part of it: a parser whose check of a rule lets invalid characters through has one cause
/// whichever class of character shows it (libxml2 takes anything between an IP literal's
/// brackets: a space, a backslash, an "@" and a non-ASCII letter are one report, not four), and
/// the characters each case held are in the report's examples.
fn invalid_detail(rejection: &Rejection) -> String {
    let rule = rejection.rule().unwrap_or_default();
    match rejection.subject() {
        Subject::Base => format!("base-{rule}"),
        Subject::Input => rule.to_owned(),
    }
}

/// A panic's file and message (`... at /path/to/src/parser.rs:12:5` as `parser.rs-` and the
/// message's words, digits and quoted text left out), so that one panic makes one signature
/// across releases that move its line, and two panics in one file make two.
pub(crate) fn panic_location(message: &str) -> String {
    // An external program's fault: its text is in the report, not in the signature.
    if let Some(detail) = crate::model::faults::fixed_detail(message) {
        return detail.to_owned();
    }
    let (text, file) = match message.rsplit_once(" at ") {
        Some((text, location)) => {
            let file = location.rsplit('/').next().unwrap_or(location);
            (text, file.split(':').next().unwrap_or(file))
        }
        None => (message, ""),
    };
    // `unwrap` and `expect` on an error write the error's value after the message: the call
    // site is the cause, whatever the value.
    let text = text
        .split_once("`Err` value:")
        .map_or(text, |(message, _)| message);
    // `str` slicing shows the string it slices last, between backticks: leave it out.
    let text = if text.trim_end().ends_with('`') {
        text.find(" `").map_or(text, |at| &text[..at])
    } else {
        text
    };
    // Quoted parts usually hold the input or a value: leave them out.
    let mut words = String::new();
    // The quote that opened the quoted part, which only the same quote closes: the quoted
    // text may hold the others.
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match c {
            _ if quote == Some(c) => quote = None,
            _ if quote.is_some() => {}
            '"' | '\'' => quote = Some(c),
            c if c.is_ascii_alphabetic() => words.push(c.to_ascii_lowercase()),
            _ if !words.ends_with('-') && !words.is_empty() => words.push('-'),
            _ => {}
        }
    }
    let mut words: String = words.trim_end_matches('-').chars().take(60).collect();
    words = words.trim_end_matches('-').to_owned();
    match (file.is_empty(), words.is_empty()) {
        (true, _) => words,
        (false, true) => file.to_owned(),
        (false, false) => format!("{file}-{words}"),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_fields_change_is_named_by_what_changed() {
        use crate::model::Field::{Fragment, Host, Path};
        // §5.4.1: "g/.." against "http://a/b/c/d;p?q" is "http://a/b/": a path that keeps
        // the ".." keeps dot-segments; one that loses a "/" differs in its slashes.
        assert_eq!(
            change_of(Path, Some("/b/"), Some("/b/c/g/..")),
            "dot-segments-kept"
        );
        assert_eq!(change_of(Path, Some("/b//g"), Some("/b/g")), "slashes");
        // Dot-segments and slashes are a path's: a fragment that holds them holds another value.
        assert_eq!(change_of(Fragment, Some("s"), Some("s/..")), "value");
        // §6.2.2.1 and §6.2.2.2: case and percent-encoding alone.
        assert_eq!(
            change_of(Host, Some("example.com"), Some("Example.COM")),
            "case"
        );
        assert_eq!(
            change_of(Path, Some("/~a"), Some("/%7Ea")),
            "percent-encoding"
        );
        // §5.3: a defined authority is written, an undefined one is not.
        assert_eq!(change_of(Host, None, Some("")), "appears");
        assert_eq!(change_of(Host, Some("a"), None), "disappears");
        assert_eq!(change_of(Path, Some("/a"), Some("")), "emptied");
    }

    use super::*;

    #[test]
    fn a_modelled_panic_reproduces_only_the_same_message() {
        let case = Request::parse(":");
        let message =
            "called `Result::unwrap()` on an `Err` value: () at uriparse-0.6.4/src/uri.rs:915";
        let panicked = |m: &str| Outcome::Panicked(m.to_owned());
        assert_eq!(
            compare(&case, &panicked(message), &panicked(message), &[]),
            None
        );
        let other =
            "called `Result::unwrap()` on an `Err` value: x at uriparse-0.6.4/src/uri.rs:915";
        assert!(compare(&case, &panicked(other), &panicked(message), &[]).is_some());
        assert!(
            compare(
                &case,
                &Outcome::invalid("e".into()),
                &panicked(message),
                &[]
            )
            .is_some()
        );
    }
    use crate::impls::Implementation;
    use crate::impls::reference::Reference;

    fn http(host: &str, path: &str) -> Components {
        Components {
            scheme: Some("http".into()),
            userinfo: None,
            host: Some(host.into()),
            port: None,
            path: path.into(),
            query: None,
            fragment: None,
        }
    }

    fn blind(field: Field, blindness: Blindness) -> BlindSpot {
        BlindSpot {
            field,
            blindness,
            reason: "",
        }
    }

    #[test]
    fn a_decoded_byte_that_is_no_utf8_is_read_as_the_program_writes_it() {
        // §2.1: "%AA" is the octet 0xAA, no UTF-8 on its own. A library that decodes the
        // fragment holds that byte, which its program writes "%AA" (JSON cannot carry it) or
        // U+FFFD; either is the fragment "%aa" decoded.
        let spots = [blind(Field::Fragment, Blindness::Decoded)];
        let case = Request::parse("a:#%aa");
        let expected = Reference.answer(&case);
        let with_fragment = |fragment: &str| Outcome::Parsed {
            components: Components {
                scheme: Some("a".into()),
                userinfo: None,
                host: None,
                port: None,
                path: String::new(),
                query: None,
                fragment: Some(fragment.into()),
            },
            host_kind: None,
        };
        for written in ["%AA", "\u{fffd}"] {
            assert_eq!(
                compare(&case, &expected, &with_fragment(written), &spots),
                None,
                "{written}"
            );
        }
        // Another byte is another fragment.
        assert!(compare(&case, &expected, &with_fragment("%AB"), &spots).is_some());
        assert_eq!(percent_decoded_as_triplets("a%aa%c3%a9%ff"), "a%AAé%FF");
    }

    #[test]
    fn an_agreement_names_the_blind_spots_that_make_it() {
        // rhymuri's answer to `HTTP://EXAMPLE.com:/%7e`: folded, decoded, its empty port gone
        // (which RFC 3986 §3.2.3 makes the same port, with no blind spot, as §3.1 and §3.2.2
        // make a scheme and a host in lowercase the same: no blind spot names them).
        let spots = [
            blind(Field::Scheme, Blindness::CaseFolded),
            blind(Field::Host, Blindness::Decoded),
            blind(Field::Host, Blindness::CaseFolded),
            blind(Field::Port, Blindness::EmptyIsUndefined),
            blind(Field::Path, Blindness::Decoded),
        ];
        let case = Request::parse("HTTP://EXAMPLE.com:/%7e");
        let Outcome::Parsed { host_kind, .. } = Reference.answer(&case) else {
            panic!("the reference parses it");
        };
        let actual = Outcome::Parsed {
            components: http("example.com", "/~"),
            host_kind,
        };
        let why = seen_alike(&case, &Reference.answer(&case), &actual, &spots);
        let named: Vec<(Field, Vec<Blindness>)> = why
            .iter()
            .map(|s| (s.field, s.blind_spots.clone()))
            .collect();
        assert_eq!(named, [(Field::Path, vec![Blindness::Decoded])]);
        assert_eq!(
            why[0],
            SeenAlike {
                field: Field::Path,
                reference: Some("/%7e".into()),
                actual: Some("/~".into()),
                blind_spots: vec![Blindness::Decoded],
            }
        );
        // A difference the blind spots do not cover is no agreement: nothing to explain.
        let wrong_path = Outcome::Parsed {
            components: http("example.com", "/x"),
            host_kind,
        };
        assert!(seen_alike(&case, &Reference.answer(&case), &wrong_path, &spots).is_empty());
    }

    /// §3.2.2: "The host subcomponent is case-insensitive", and §2.3 makes "%42" the letter
    /// "B": an API that reports the host's unreserved triplets decoded (GLib's `g_uri_get_host`
    /// with G_URI_FLAGS_NON_DNS) answers "B" for `//%42`, the same host as "b" and "%42".
    #[test]
    fn a_host_decoded_to_an_uppercase_letter_is_the_same_host() {
        let spots = [blind(Field::Host, Blindness::Reencoded)];
        let reported = |host: &str| Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: Some(host.into()),
                port: None,
                path: String::new(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        };
        for (input, host) in [
            ("//%42", "B"),
            ("//%42", "b"),
            ("//%41%2f", "A/"),
            ("//%7e", "~"),
        ] {
            let case = Request::parse(input);
            let expected = Reference.answer(&case);
            assert_eq!(
                compare(&case, &expected, &reported(host), &spots),
                None,
                "{input} {host}"
            );
        }
        // Near misses: another letter is another host; and without the blind spot the
        // triplet and its letter are compared as written.
        let case = Request::parse("//%42");
        let expected = Reference.answer(&case);
        assert!(compare(&case, &expected, &reported("C"), &spots).is_some());
        assert!(compare(&case, &expected, &reported("B"), &[]).is_some());
    }

    /// An API that reports the host percent-decoded (Go's `URL.Host`): `//%250a` has the host
    /// `%250a` (§2.1: "%25" is the octet "%"), which the API reports as `%0a`.
    #[test]
    fn a_decoded_blind_spot_decodes_once() {
        let blind_spots = [BlindSpot {
            field: Field::Host,
            blindness: Blindness::Decoded,
            reason: "the API reports the host decoded",
        }];
        let case = Request::parse("//%250a");
        let expected =
            crate::impls::Implementation::answer(&crate::impls::reference::Reference, &case);
        let reported = |host: &str| Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: Some(host.into()),
                port: None,
                path: String::new(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        };
        assert_eq!(
            compare(&case, &expected, &reported("%0a"), &blind_spots),
            None
        );
        // A line feed is another host, and so is the text as written.
        let line_feed = compare(&case, &expected, &reported("\n"), &blind_spots);
        assert_eq!(line_feed.map(|d| d.fields), Some(vec![Field::Host]));
        // A target the implementation wrote is text: decoded on both sides.
        let resolve = Request::Resolve {
            base: "a:".into(),
            input: "//%250a".into(),
            strict: true,
        };
        let written = |target: &str| {
            compare(
                &resolve,
                &Outcome::Resolved("a://%250a".into()),
                &Outcome::Resolved(target.into()),
                &blind_spots,
            )
            .map(|d| d.fields)
        };
        assert_eq!(written("a://%25%30a"), None);
        assert_eq!(written("a://%0a"), Some(vec![Field::Host]));
    }

    /// RFC 3986 §2.1: "If two URIs differ only in the case of hexadecimal digits used in
    /// percent-encoded octets, they are equivalent" (a parse's components); §3.2.3: "URI
    /// producers and normalizers should omit the port component and its ":" delimiter if port
    /// is empty" (components and targets). Both hold for every parser, with no blind spot
    /// declared; another octet or another port does not.
    #[test]
    fn a_triplets_case_and_an_empty_port_are_no_difference_for_any_parser() {
        let parsed = |port: Option<&str>, path: &str| Outcome::Parsed {
            components: Components {
                scheme: Some("a".into()),
                userinfo: None,
                host: Some("h".into()),
                port: port.map(str::to_owned),
                path: path.into(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        };
        let case = Request::parse("a://h:/b%3a");
        let expected = Reference.answer(&case);
        assert_eq!(compare(&case, &expected, &parsed(None, "/b%3A"), &[]), None);
        assert_eq!(
            compare(&case, &expected, &parsed(Some(""), "/b%3a"), &[]),
            None
        );
        let fields =
            |port, path| compare(&case, &expected, &parsed(port, path), &[]).map(|d| d.fields);
        assert_eq!(fields(None, "/b%3B"), Some(vec![Field::Path]));
        assert_eq!(fields(None, "/B%3a"), Some(vec![Field::Path]));
        assert_eq!(fields(Some("0"), "/b%3a"), Some(vec![Field::Port]));
        // A resolution's target alike: "a://h:/b%3a" written "a://h/b%3a" is the same target.
        let resolve = Request::Resolve {
            base: "a://h:/x".into(),
            input: "b%3a".into(),
            strict: true,
        };
        let target = |t: &str| {
            compare(
                &resolve,
                &Reference.answer(&resolve),
                &Outcome::Resolved(t.into()),
                &[],
            )
            .map(|d| d.fields)
        };
        assert_eq!(target("a://h/b%3a"), None);
        assert_eq!(target("a://h/b%3B"), Some(vec![Field::Path]));
        assert_eq!(target("a://h:0/b%3a"), Some(vec![Field::Port]));
    }

    /// Every host has a kind (RFC 3986 §3.2.2: "The host subcomponent of authority is
    /// identified by an IP literal encapsulated within square brackets, an IPv4 address in
    /// dotted-decimal form, or a registered name"): an answer with a host and no kind, from a
    /// library that has none, says nothing of it; another kind is a difference.
    #[test]
    fn a_host_given_without_a_kind_says_nothing_of_its_kind() {
        let case = Request::parse("//0.0.0.0");
        let expected = Reference.answer(&case);
        let parsed = |host: Option<&str>, host_kind| Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: host.map(str::to_owned),
                port: None,
                path: String::new(),
                query: None,
                fragment: None,
            },
            host_kind,
        };
        let fields = |answer: &Outcome| compare(&case, &expected, answer, &[]).map(|d| d.fields);
        assert_eq!(fields(&parsed(Some("0.0.0.0"), None)), None);
        assert_eq!(
            fields(&parsed(Some("0.0.0.0"), Some(HostKind::RegName))),
            Some(vec![Field::HostKind])
        );
        assert_eq!(
            fields(&parsed(None, None)),
            Some(vec![Field::Host, Field::HostKind])
        );
    }

    /// RFC 3986 §3.1: "Although schemes are case-insensitive, the canonical form is lowercase
    /// ... [an implementation] should only produce lowercase scheme names for consistency";
    /// §3.2.2: "The host subcomponent is case-insensitive ... producers and normalizers should
    /// use lowercase for registered names". A parse or a resolution that gives either in
    /// lowercase is no difference for any parser, with no blind spot declared; the path's case
    /// and a host's other octet are.
    #[test]
    fn a_schemes_and_a_hosts_case_are_no_difference_in_a_parse() {
        let parsed = |scheme: &str, host: &str, path: &str| Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.into()),
                userinfo: Some("U".into()),
                host: Some(host.into()),
                port: None,
                path: path.into(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::RegName),
        };
        let case = Request::parse("A+B://U@H%4A.Ex/P");
        let expected = Reference.answer(&case);
        let fields = |scheme, host, path| {
            compare(&case, &expected, &parsed(scheme, host, path), &[]).map(|d| d.fields)
        };
        assert_eq!(fields("a+b", "h%4a.ex", "/P"), None);
        assert_eq!(fields("A+b", "H%4A.eX", "/P"), None);
        assert_eq!(fields("a+b", "h%4B.ex", "/P"), Some(vec![Field::Host]));
        assert_eq!(fields("a+b", "h%4a.ex", "/p"), Some(vec![Field::Path]));
        assert_eq!(fields("a+c", "h%4a.ex", "/P"), Some(vec![Field::Scheme]));
        // A model must still reproduce a triplet's case, not the letters' outside one.
        let modelled = parsed("A+B", "H%4A.Ex", "/P");
        assert!(same_triplets(
            &modelled,
            &parsed("a+b", "h%4A.ex", "/P"),
            &[]
        ));
        assert!(!same_triplets(
            &modelled,
            &parsed("a+b", "h%4a.ex", "/P"),
            &[]
        ));
        // A resolver is a producer too: its target's scheme and host in lowercase are the
        // target the RFC asks for, another letter is another target.
        let resolve = Request::Resolve {
            base: "A://H/x".into(),
            input: "y".into(),
            strict: true,
        };
        let written = |target: &str| {
            compare(
                &resolve,
                &Reference.answer(&resolve),
                &Outcome::Resolved(target.into()),
                &[],
            )
            .map(|d| d.fields)
        };
        assert_eq!(written("a://h/y"), None);
        assert_eq!(written("a://g/y"), Some(vec![Field::Host]));
        assert_eq!(written("a://h/Y"), Some(vec![Field::Path]));
    }

    /// A blind spot says how a program reports a parse's components; a resolution's target is
    /// the string the library wrote, read through a blind spot only for its spelling (Poco
    /// holds the path decoded: "%61" written "a" is the same target, "a%2Fb" written "a/b" is
    /// two segments where the RFC's has one, RFC 3986 §2.2).
    #[test]
    fn a_blind_spot_forgives_a_targets_spelling_never_its_meaning() {
        let decoded = [blind(Field::Path, Blindness::Decoded)];
        let resolve = |input: &str, base: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let fields = |case: &Request, target: &str, spots: &[BlindSpot]| {
            compare(
                case,
                &Reference.answer(case),
                &Outcome::Resolved(target.into()),
                spots,
            )
            .map(|d| d.fields)
        };
        let slash = resolve("a%2Fb", "a:/x/y");
        assert_eq!(
            fields(&slash, "a:/x/a/b", &decoded),
            Some(vec![Field::Path])
        );
        assert_eq!(fields(&slash, "a:/x/a%2Fb", &decoded), None);
        let unreserved = resolve("%61", "a:/x/y");
        assert_eq!(fields(&unreserved, "a:/x/a", &decoded), None);
        assert_eq!(fields(&unreserved, "a:/x/a", &[]), Some(vec![Field::Path]));
        // An empty query the API reports as none is still a "?" the target must keep
        // (§6.2.3: "Normalization should not remove delimiters when their associated
        // component is empty").
        let empty = [blind(Field::Query, Blindness::EmptyIsUndefined)];
        let query = resolve("?", "a:/x");
        assert_eq!(fields(&query, "a:/x", &empty), Some(vec![Field::Query]));
        // A scheme the library holds lowercased is spelling.
        let folded = [blind(Field::Scheme, Blindness::CaseFolded)];
        let scheme = resolve("b", "A:/x");
        assert_eq!(fields(&scheme, "a:/b", &folded), None);
    }

    #[test]
    fn a_panic_is_signed_by_its_file_and_words_without_the_text_it_quotes() {
        let slicing = |text: &str| {
            panic_location(&format!(
                "begin <= end (4 <= 3) when slicing `{text}` at /r/url-2.3.1/src/slicing.rs:20:9"
            ))
        };
        assert_eq!(slicing("tel:/.//e"), "slicing.rs-begin-end-when-slicing");
        assert_eq!(slicing("a:/.//a/g"), slicing("tel:/.//e"));
        assert_eq!(slicing("a:/.//' g\"/"), slicing("tel:/.//e"));
        let unwrap = |value: &str| {
            panic_location(&format!(
                "called `Result::unwrap()` on an `Err` value: {value} at /r/src/resolve.rs:164:5"
            ))
        };
        assert_eq!(
            unwrap("IriParseError { kind: PathStartingWithTwoSlashes }"),
            "resolve.rs-called-result-unwrap-on-an"
        );
        assert_eq!(
            unwrap("IriParseError { kind: InvalidPortCharacter('x') }"),
            unwrap("IriParseError { kind: InvalidIriCodePoint }")
        );
        assert_eq!(
            panic_location(
                "parsing should validate brackets at /r/http/src/uri/authority.rs:486:9"
            ),
            "authority.rs-parsing-should-validate-brackets"
        );
    }
}
