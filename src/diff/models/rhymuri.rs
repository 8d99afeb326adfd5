//! rhymuri 1.3.1 and uniresid 0.1.5 (its fork, which shares its parser and its `Display`):
//! what their API cannot say, written as a rule on the reference's answer (`types`), and their
//! wrong rules, each a switch of one model of the crate (`Switches`).
//!
//! # One model, one switch per wrong rule
//!
//! The crates hold a URI as decoded components and a path as a list of segments, and several
//! of their wrong rules meet in one answer: a "%" that ends a segment is dropped when parsing
//! (so "%//:a" holds the path "//:a" and no authority), and the resolution copies an absolute
//! path without removing its dot-segments, so that path reaches the target as it is. Each
//! wrong rule is therefore a switch ([`Slip`]) of one model of the crate, which reads the
//! case as RFC 3986 does (the reference's parser, merge and `remove_dot_segments`, under the
//! readings the crate's catalogue entries document) but where a switch is on, as the crate's
//! code does ([`Switches::run`]). Every bug entry of the two crates names one switch; a model
//! made of several of them answers with all of them on ([`Switches::apply`]: the first switch
//! of the model answers for all, the others pass the answer on).
//!
//! The model answers only where, with every switch off and the model's own known steps, it
//! gives exactly the known model's answer (the reference under the readings the crate's
//! catalogue entries document, then [`types`]): what the model cannot follow is left to the
//! known model's answer, never made up. With its switches on it acts on the crate as it is (its
//! types, decoded dot-segments, rootless paths and case, whatever steps the model kept), and a
//! set of switches that changes nothing there is no answer of theirs. With every switch on it
//! gives both crates' answers, spelling included (the tests `follows_rhymuri` and
//! `follows_uniresid`), so it also answers every call a property makes: [`Modelled`] is the
//! model as an implementation, and a broken property is named by the switches whose model
//! breaks it ([`breaks_the_property`]).

use super::{Model, Reading, Transform, edited};
use crate::diff::compare::Difference;
use crate::impls::{About, BlindSpot, Implementation, Promises};
use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::{self, HostKind, Level, ParseOptions, Rule};

/// The reference's answer in rhymuri's types: a port is an `Option<u16>`
/// (`Authority::port`: "080" reads 80, above 65535 is refused, an empty port is none, in
/// every operation: a parse, a resolution's target and a normalization alike are written from
/// it), and an empty path after an
/// authority is stored as `[""]`, written "/" (the crate's test
/// `empty_path_in_uri_with_authority_is_equivalent_to_slash_only_path`).
///
/// A resolution's target without an authority whose path starts with "//" is written as §5.3
/// writes it ("a:" + "//x" is "a://x", which reads back with an authority): it has no port and
/// no authority to edit, and is answered as it is.
pub(super) fn types(case: &Request, answer: Outcome) -> Outcome {
    // A base or a reference whose port is above 65535 is refused before anything else.
    let overflows = |text: &str| {
        reference::parse(text)
            .ok()
            .and_then(|r| r.port)
            .is_some_and(|port| !port.is_empty() && port.parse::<u16>().is_err())
    };
    let refused = match case {
        Request::Resolve { base, input, .. } => overflows(base) || overflows(input),
        Request::Normalize { input, .. } => overflows(input),
        Request::Parse { .. } => false,
    };
    if refused && !matches!(answer, Outcome::Invalid(_) | Outcome::Unsupported) {
        return Outcome::invalid("illegal port number".into());
    }
    if matches!(answer, Outcome::Resolved(_)) && target_path_reads_as_authority(case) {
        return answer;
    }
    let edit = |c: &mut Components, _: Option<HostKind>| -> Result<(), String> {
        c.port = match c.port.as_deref() {
            // No `u16` is empty: the ":" goes with it.
            None | Some("") => None,
            Some(digits) => Some(
                digits
                    .parse::<u16>()
                    .map_err(|_| "illegal port number".to_owned())?
                    .to_string(),
            ),
        };
        if c.host.is_some() && c.path.is_empty() {
            c.path = "/".into();
        }
        Ok(())
    };
    edited(answer, edit)
}

/// A normalization's case with the input's path segments that decode to "." or ".." written
/// so: the crates hold a path as decoded segments, so `normalize_path` removes "%2E" as it
/// removes "." (choice 3's reading, which they follow when resolving too). `None` when no
/// segment changes.
pub(super) fn decoded_dot_segments(case: &Request) -> Option<Request> {
    let Request::Normalize { input, level } = case else {
        return None;
    };
    let path = reference::split(input).path;
    let decoded = dots_decoded(path);
    if decoded == path {
        return None;
    }
    // The path is a slice of the input: the rest stays as written.
    let start = path.as_ptr() as usize - input.as_ptr() as usize;
    let mut rewritten = String::with_capacity(input.len());
    rewritten.push_str(&input[..start]);
    rewritten.push_str(&decoded);
    rewritten.push_str(&input[start + path.len()..]);
    Some(Request::Normalize {
        input: rewritten,
        level: *level,
    })
}

/// Whether §5.2.2's target of a resolution has no authority: its string, when it has a path
/// starting with "//", reads back with one that is no authority of the target's.
fn target_path_reads_as_authority(case: &Request) -> bool {
    let Request::Resolve { base, input, .. } = case else {
        return false;
    };
    let (Ok(b), Ok(r)) = (reference::parse_uri(base), reference::parse(input)) else {
        return false;
    };
    let has_authority = if r.scheme.is_some() {
        r.has_authority()
    } else {
        r.has_authority() || b.has_authority()
    };
    !has_authority
}

/// A wrong rule of rhymuri's or uniresid's, switched on by its bug entry (the transform of
/// the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slip {
    /// `Uri::parse_scheme` seeks the scheme's ":" up to the first "/" only, through "?" and
    /// "#": a ":" in a query or fragment with no "/" before it ends a "scheme" that holds
    /// "?" or "#", which `check_scheme` refuses.
    SchemeColonInQuery,
    /// `codec::decode_element` drops a "%" and the one hexadecimal digit after it at the end
    /// of an element (the userinfo, a path segment, the query, the fragment).
    TruncatedPercentDropped,
    /// `validate_ipv4_address` reads each dec-octet of an IPv6 address's IPv4 part as a `u8`
    /// (`str::parse`), so "00" and "0255" are octets.
    DecOctetAsU8,
    /// `parse_host_port` reads the port with `str::parse::<u16>`, which takes a leading "+".
    PortSignAccepted,
    /// `parse_host_port` takes an IPvFuture's version (`1*HEXDIG`) and address as `*`: "[v.]".
    IpvfuturePartsOptional,
    /// `parse_host_port` stores an IPvFuture literal without its brackets, and `Display` writes
    /// it as a registered name ("[v1.a]" is the host "v1.a").
    IpvfutureBracketsDropped,
    /// `parse_host_port` reads an IP literal as IPvFuture only after "[v": "[V1.a]" goes to the
    /// IPv6 validator, which refuses the "V".
    IpvfutureUppercaseVRefused,
    /// `Authority`'s `Display` writes in brackets any host whose decoded bytes pass its IPv6
    /// validator, a registered name "%3A%3A" (the bytes "::") included.
    RegNameWrittenAsIpv6,
    /// `Uri`'s `Display` writes a ":" of a path's first segment as it is (`encode_element` with
    /// `PCHAR_NOT_PCT_ENCODED`), also where there is neither scheme nor authority.
    ColonInFirstSegmentWritten,
    /// The crates hold every component decoded and `Display` writes it with their own tables
    /// (`encode_element`): a percent-encoded reserved character the table holds comes out as
    /// itself ("%2A" as "*", "%3A" as ":"), and a query's "+" as "%2B".
    ReencodedByItsTables,
    /// `Uri::resolve` copies a reference's absolute path into the target without
    /// `normalize_path`.
    AbsolutePathDotSegmentsKept,
    /// rhymuri's `Uri::resolve` pops the base path's last segment only when it has more than
    /// one: a base path of one segment ("a:b") is kept whole.
    MergeKeepsSingleSegment,
    /// uniresid's `Uri::resolve` pops the base path's last segment whenever the base has no
    /// authority: the one empty segment of the path "/" too.
    MergeDropsRootSlash,
    /// `Uri::normalize_path` drops an empty segment that follows an empty segment or a
    /// dot-segment (`at_directory_level`).
    EmptySegmentsCollapsed,
    /// `Uri::normalize` runs `normalize_path` on every path, a relative-path reference's too.
    RelativePathNormalized,
}

impl Slip {
    /// The switch a transform turns on; `None` for the crates' other transforms.
    fn of(transform: Transform) -> Option<Slip> {
        Some(match transform {
            Transform::RhymuriSchemeColonInQuery => Slip::SchemeColonInQuery,
            Transform::RhymuriTruncatedPercentDropped => Slip::TruncatedPercentDropped,
            Transform::RhymuriDecOctetAsU8 => Slip::DecOctetAsU8,
            Transform::RhymuriPortSignAccepted => Slip::PortSignAccepted,
            Transform::RhymuriIpvfuturePartsOptional => Slip::IpvfuturePartsOptional,
            Transform::RhymuriIpvfutureBracketsDropped => Slip::IpvfutureBracketsDropped,
            Transform::RhymuriIpvfutureUppercaseVRefused => Slip::IpvfutureUppercaseVRefused,
            Transform::RhymuriRegNameWrittenAsIpv6 => Slip::RegNameWrittenAsIpv6,
            Transform::RhymuriColonInFirstSegmentWritten => Slip::ColonInFirstSegmentWritten,
            Transform::RhymuriReencodedByItsTables => Slip::ReencodedByItsTables,
            Transform::RhymuriAbsolutePathDotSegmentsKept => Slip::AbsolutePathDotSegmentsKept,
            Transform::RhymuriMergeKeepsSingleSegment => Slip::MergeKeepsSingleSegment,
            Transform::UniresidMergeDropsRootSlash => Slip::MergeDropsRootSlash,
            Transform::RhymuriEmptySegmentsCollapsed => Slip::EmptySegmentsCollapsed,
            Transform::RhymuriRelativePathNormalized => Slip::RelativePathNormalized,
            _ => return None,
        })
    }

    const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The switches a transform turns on, as bits (none for the crates' other transforms): one
/// wrong rule's, or for `RhymuriHostKindNotHeld` the two rules of its one mechanism (the host
/// held without its kind, its brackets re-derived by `Display`).
fn slips_of(transform: Transform) -> u32 {
    match transform {
        Transform::RhymuriHostKindNotHeld => {
            Slip::IpvfutureBracketsDropped.bit() | Slip::RegNameWrittenAsIpv6.bit()
        }
        t => Slip::of(t).map_or(0, Slip::bit),
    }
}

/// The crate's model as switches: its wrong rules that the model's bug entries turn on, and
/// the documented readings and rules of its known entries that the model holds (each read
/// from the steps, so that a model without one answers without it).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Switches {
    slips: u32,
    /// Choice 3 (`!reading percent-encoded-dots`): "%2E" segments are dot-segments when
    /// resolving.
    dots_in_resolution: bool,
    /// Choices 2 and 10 (`!reading rootless-kept`): a rootless path stays rootless.
    rootless_kept: bool,
    /// `rhymuri-decoded-dot-segments`: "%2E" segments are dot-segments when normalizing.
    dots_in_normalization: bool,
    /// `rhymuri-types`.
    types: bool,
    /// The case the crate writes: `parse_scheme` lowercases the scheme, `parse_host_port` a
    /// registered name's decoded bytes, and `Display` an IPv6 literal (no entry: a declared
    /// blind spot of both adapters, and §3.1 and §3.2.2 make them case-insensitive).
    crate_case: bool,
    /// Whether a switch already answered for the model.
    answered: bool,
}

impl Switches {
    /// The switches of a crate model made of `models`.
    pub(super) fn of<'a>(models: impl Iterator<Item = &'a Model>) -> Self {
        let mut switches = Switches::default();
        for model in models {
            match model {
                Model::Reading(Reading::PercentEncodedDots) => switches.dots_in_resolution = true,
                Model::Reading(Reading::RootlessKept) => switches.rootless_kept = true,
                Model::Transform(Transform::RhymuriDecodedDotSegments) => {
                    switches.dots_in_normalization = true;
                }
                Model::Transform(Transform::RhymuriTypes) => switches.types = true,
                Model::Transform(t) => switches.slips |= slips_of(*t),
                _ => {}
            }
        }
        switches
    }

    fn has(&self, slip: Slip) -> bool {
        self.slips & slip.bit() != 0
    }

    /// A transform's step in a model: a switch's first step answers for every switch of the
    /// model, later ones pass the answer on; any other transform is itself.
    pub(super) fn apply(
        &mut self,
        transform: Transform,
        original: &Request,
        case: &Request,
        answer: Outcome,
    ) -> Outcome {
        if slips_of(transform) == 0 {
            return transform.apply(original, case, answer);
        }
        if std::mem::replace(&mut self.answered, true) {
            return answer;
        }
        // The switches read the case as the steps before them left it (`case`): a crate's
        // rule or a departure that reads the text otherwise before the parser does (a port
        // "-0" read as "0") composes with them. The model answers only where, with its
        // switches off and the model's own known steps, it gives the answer so far (the known
        // model's).
        let known = Switches { slips: 0, ..*self };
        if !known
            .run(case)
            .is_some_and(|baseline| same(&baseline, &answer))
        {
            return answer;
        }
        let crate_rules = self.crate_rules();
        let unslipped = Switches {
            slips: 0,
            ..crate_rules
        };
        match (crate_rules.run(case), unslipped.run(case)) {
            (Some(slipped), Some(unslipped)) if slipped != unslipped => slipped,
            _ => answer,
        }
    }

    /// The switches on the crate as it is: its types, its decoded segments, its rootless
    /// paths and its case are the crate's whatever steps the model kept (a known step whose
    /// answer changed the meaning gives way to the bug that shares it, whose model stands in
    /// its place). What the switches do not change is no answer of theirs.
    fn crate_rules(&self) -> Switches {
        Switches {
            dots_in_resolution: true,
            rootless_kept: true,
            dots_in_normalization: true,
            types: true,
            crate_case: true,
            ..*self
        }
    }

    /// The model's answer to `case`; `None` where it does not follow the crate (a zone
    /// identifier, another level of normalization).
    fn run(&self, case: &Request) -> Option<Outcome> {
        match case {
            Request::Parse { input, zone_id, .. } => {
                if *zone_id {
                    return None;
                }
                let rule = case.checked_rule().ok()?;
                Some(match self.read(input) {
                    Ok(uri) => match rule {
                        Rule::Uri | Rule::AbsoluteUri if uri.scheme.is_none() => {
                            Outcome::invalid("no scheme".into())
                        }
                        Rule::AbsoluteUri if uri.fragment.is_some() => {
                            Outcome::invalid("a fragment".into())
                        }
                        Rule::RelativeRef if uri.scheme.is_some() => {
                            Outcome::invalid("a scheme".into())
                        }
                        _ => uri.parsed(),
                    },
                    Err(e) => Outcome::invalid(e),
                })
            }
            Request::Resolve {
                base,
                input,
                strict,
            } => {
                if !strict {
                    return None;
                }
                let base = match self.read(base) {
                    Ok(base) if base.scheme.is_some() => base,
                    Ok(_) => return Some(Outcome::invalid_base("no scheme".into())),
                    Err(e) => return Some(Outcome::invalid_base(e.to_string())),
                };
                Some(match self.read(input) {
                    Ok(r) => Outcome::Resolved(self.written(&self.resolved(&base, &r))),
                    Err(e) => Outcome::invalid(e),
                })
            }
            Request::Normalize { input, .. } => {
                if case.checked_level().ok()? != Level::Path {
                    return None;
                }
                Some(match self.read(input) {
                    Ok(mut uri) => {
                        uri.path = self.normalized_path(&uri);
                        Outcome::Normalized(self.written(&uri))
                    }
                    Err(e) => Outcome::invalid(e),
                })
            }
        }
    }

    /// The crate's reading of `text`: the reference's parse of it, where a switch is on, as
    /// the crate's parser reads it. What a switch lets through is repaired before the
    /// reference parses the text, and put back in the components after.
    fn read(&self, text: &str) -> Result<Uri, String> {
        if self.has(Slip::SchemeColonInQuery) && scheme_colon_in_query(text) {
            return Err("illegal character in scheme".into());
        }
        let split = reference::split(text);
        let mut repaired = String::with_capacity(text.len() + 4);
        if let Some(scheme) = split.scheme {
            repaired.push_str(scheme);
            repaired.push(':');
        }
        let mut literal = None;
        if let Some(authority) = split.authority {
            repaired.push_str("//");
            let host_port = match authority.find('@') {
                Some(at) => {
                    repaired.push_str(&self.element(&authority[..at]));
                    repaired.push('@');
                    &authority[at + 1..]
                }
                None => authority,
            };
            let (host, port) = match (host_port.starts_with('['), host_port.find(']')) {
                (true, Some(close)) => {
                    let written = &host_port[..=close];
                    repaired.push_str(&self.literal(written)?);
                    literal = Some(written);
                    (written, &host_port[close + 1..])
                }
                _ => match host_port.find(':') {
                    Some(colon) => (&host_port[..colon], &host_port[colon..]),
                    None => (host_port, ""),
                },
            };
            if literal.is_none() {
                repaired.push_str(host);
            }
            match port.strip_prefix(":+") {
                Some(digits) if self.has(Slip::PortSignAccepted) && !digits.is_empty() => {
                    repaired.push_str(":0");
                    repaired.push_str(digits);
                }
                _ => repaired.push_str(port),
            }
        }
        let path = if self.has(Slip::TruncatedPercentDropped) {
            split
                .path
                .split('/')
                .map(|segment| self.element(segment))
                .collect::<Vec<_>>()
                .join("/")
        } else {
            split.path.to_owned()
        };
        // A path the repair left starting with "//" is no authority: "/." keeps it a path
        // for the reference, and it is put back after.
        if split.authority.is_none() && path.starts_with("//") {
            repaired.push_str("/.");
        }
        repaired.push_str(&path);
        if let Some(query) = split.query {
            repaired.push('?');
            repaired.push_str(&self.element(query));
        }
        if let Some(fragment) = split.fragment {
            repaired.push('#');
            repaired.push_str(&self.element(fragment));
        }
        let c = reference::parse(&repaired).map_err(|e| e.to_string())?;
        let authority = match c.host {
            None => None,
            Some(host) => Some(Authority {
                userinfo: c.userinfo.map(str::to_owned),
                host: self.host(literal.unwrap_or(host), c.host_kind),
                port: match c.port {
                    Some(port) if self.types => match port {
                        "" => None,
                        digits => Some(
                            digits
                                .parse::<u16>()
                                .map_err(|_| "illegal port number".to_owned())?
                                .to_string(),
                        ),
                    },
                    port => port.map(str::to_owned),
                },
            }),
        };
        // A path of one segment that decodes to nothing is the segment list [""]: "/"; so is
        // an empty path after an authority in the crate's types.
        let path =
            if path.is_empty() && (!split.path.is_empty() || (authority.is_some() && self.types)) {
                "/".to_owned()
            } else {
                path
            };
        Ok(Uri {
            scheme: c.scheme.map(str::to_owned),
            authority,
            path,
            query: c.query.map(str::to_owned),
            fragment: c.fragment.map(str::to_owned),
        })
    }

    /// An element (userinfo, path segment, query, fragment) as `decode_element` reads it: a
    /// "%" and at most one hexadecimal digit at its end are dropped where that switch is on.
    fn element(&self, text: &str) -> String {
        if !self.has(Slip::TruncatedPercentDropped) {
            return text.to_owned();
        }
        let bytes = text.as_bytes();
        let n = bytes.len();
        let cut = if n >= 1 && bytes[n - 1] == b'%' {
            n - 1
        } else if n >= 2 && bytes[n - 2] == b'%' && bytes[n - 1].is_ascii_hexdigit() {
            // "%%a" is refused at its second "%", which is no hexadecimal digit.
            n - 2
        } else {
            n
        };
        text[..cut].to_owned()
    }

    /// An IP literal as the crate's parser reads it, repaired into one RFC 3986 accepts where
    /// a switch lets it through; an error where a switch refuses it.
    fn literal(&self, written: &str) -> Result<String, String> {
        let inner = &written[1..written.len() - 1];
        let future = match inner.as_bytes().first() {
            Some(b'v') => true,
            Some(b'V') if self.has(Slip::IpvfutureUppercaseVRefused) => {
                return Err("illegal character in IPv6 address".into());
            }
            Some(b'V') => true,
            _ => false,
        };
        if future {
            if !self.has(Slip::IpvfuturePartsOptional) {
                return Ok(written.to_owned());
            }
            let rest = &inner[1..];
            let Some(dot) = rest.find('.') else {
                return Ok(written.to_owned());
            };
            let (version, address) = (&rest[..dot], &rest[dot + 1..]);
            return Ok(format!(
                "[{}{}.{}]",
                &inner[..1],
                if version.is_empty() { "0" } else { version },
                if address.is_empty() { "a" } else { address },
            ));
        }
        if self.has(Slip::DecOctetAsU8)
            && let Some(address) = octets_as_u8(inner)
        {
            return Ok(format!("[{address}]"));
        }
        Ok(written.to_owned())
    }

    /// The host the crate holds, from its text as written and the kind the reference read.
    fn host(&self, written: &str, kind: Option<HostKind>) -> Host {
        match kind {
            Some(HostKind::IpvFuture) if self.has(Slip::IpvfutureBracketsDropped) => {
                Host::Bare(written[1..written.len() - 1].to_owned())
            }
            Some(HostKind::Ipv6 | HostKind::IpvFuture) => Host::Literal(written.to_owned(), kind),
            _ => {
                if self.has(Slip::RegNameWrittenAsIpv6) {
                    let decoded = percent_decoded(written);
                    if let Ok(text) = std::str::from_utf8(&decoded)
                        && self.ipv6(text)
                    {
                        return Host::Bracketed(text.to_ascii_lowercase());
                    }
                }
                Host::Name(written.to_owned(), kind)
            }
        }
    }

    /// Whether the crate's IPv6 validator takes `text`.
    fn ipv6(&self, text: &str) -> bool {
        if self.has(Slip::DecOctetAsU8)
            && let Some(address) = octets_as_u8(text)
        {
            return reference::host::is_ipv6address(address.as_bytes());
        }
        reference::host::is_ipv6address(text.as_bytes())
    }

    /// `Uri::resolve`: §5.2.2 on the crate's readings of the base and the reference.
    fn resolved(&self, base: &Uri, r: &Uri) -> Uri {
        let dots = |path: &str| {
            if self.dots_in_resolution {
                dots_decoded(path)
            } else {
                path.to_owned()
            }
        };
        let base_path = dots(&base.path);
        let r_path = dots(&r.path);
        let mut t = Uri {
            scheme: base.scheme.clone(),
            authority: base.authority.clone(),
            path: String::new(),
            query: r.query.clone(),
            fragment: r.fragment.clone(),
        };
        if r.scheme.is_some() {
            t.scheme.clone_from(&r.scheme);
            t.authority.clone_from(&r.authority);
            t.path = self.removed(&r_path);
        } else if r.authority.is_some() {
            t.authority.clone_from(&r.authority);
            t.path = self.removed(&r_path);
        } else if r_path.is_empty() {
            t.path = base_path;
            if r.query.is_none() {
                t.query.clone_from(&base.query);
            }
        } else if r_path.starts_with('/') {
            t.path = if self.has(Slip::AbsolutePathDotSegmentsKept) {
                r_path
            } else {
                self.removed(&r_path)
            };
        } else {
            let merged = if self.has(Slip::MergeKeepsSingleSegment)
                && !base_path.is_empty()
                && !base_path.contains('/')
            {
                format!("{base_path}/{r_path}")
            } else if self.has(Slip::MergeDropsRootSlash)
                && base.authority.is_none()
                && base_path == "/"
            {
                r_path
            } else {
                let components = reference::Components {
                    path: &base_path,
                    host: base.authority.as_ref().map(|_| ""),
                    ..reference::Components::default()
                };
                reference::merge(&components, &r_path)
            };
            t.path = self.removed(&merged);
        }
        t
    }

    /// §5.2.4 (a rootless path kept rootless under choice 2), or `normalize_path` itself
    /// where that switch is on.
    fn removed(&self, path: &str) -> String {
        if self.has(Slip::EmptySegmentsCollapsed) {
            return normalize_path(path);
        }
        let removed = reference::remove_dot_segments(path);
        // As the reference's reading (choice 2): a "//" path has no rootless form.
        match removed.strip_prefix('/') {
            Some(kept)
                if self.rootless_kept && !path.starts_with('/') && !kept.starts_with('/') =>
            {
                kept.to_owned()
            }
            _ => removed,
        }
    }

    /// `Uri::normalize`: the reference's path-level normalization (§6.2.2.3: a URI's path and
    /// a relative reference's absolute path; "/." before a "//" path without authority;
    /// choice 10 for a rootless path), or `normalize_path` where that switch is on, which
    /// leaves no "//" to prefix.
    fn normalized_path(&self, uri: &Uri) -> String {
        let path = if self.dots_in_normalization {
            dots_decoded(&uri.path)
        } else {
            uri.path.clone()
        };
        let relative_path = uri.scheme.is_none() && !path.starts_with('/');
        if relative_path && !self.has(Slip::RelativePathNormalized) {
            return path;
        }
        if self.has(Slip::EmptySegmentsCollapsed) {
            return normalize_path(&path);
        }
        let mut removed = reference::remove_dot_segments(&path);
        if uri.authority.is_none() && removed.starts_with("//") {
            removed.insert_str(0, "/.");
        }
        let rootless = !path.starts_with('/');
        match removed.strip_prefix('/') {
            Some(kept) if self.rootless_kept && rootless && !kept.starts_with('/') => {
                kept.to_owned()
            }
            _ => removed,
        }
    }

    /// `Uri`'s `Display` of the crate's components: as the reference writes them, but where a
    /// switch is on.
    fn written(&self, uri: &Uri) -> String {
        // The crate holds every component decoded and writes it with its own table
        // (`encode_element`): an octet the table holds as itself, any other percent-encoded.
        let tables = self.has(Slip::ReencodedByItsTables);
        let mut out = String::new();
        if let Some(scheme) = &uri.scheme {
            if self.crate_case {
                out.push_str(&scheme.to_ascii_lowercase());
            } else {
                out.push_str(scheme);
            }
            out.push(':');
        }
        if let Some(authority) = &uri.authority {
            out.push_str("//");
            if let Some(userinfo) = &authority.userinfo {
                if tables {
                    out.push_str(&crate_encoded(userinfo, USERINFO, false));
                } else {
                    out.push_str(userinfo);
                }
                out.push('@');
            }
            match &authority.host {
                Host::Name(text, _) if tables => {
                    out.push_str(&crate_encoded(text, "", self.crate_case));
                }
                Host::Name(text, _) if self.crate_case => out.push_str(&lowercased(text)),
                Host::Literal(text, _) if self.crate_case => {
                    out.push_str(&text.to_ascii_lowercase());
                }
                Host::Name(text, _) | Host::Literal(text, _) => out.push_str(text),
                // Written as a registered name: its ":" percent-encoded.
                Host::Bare(text) if tables => out.push_str(&crate_encoded(text, "", false)),
                Host::Bare(text) => out.push_str(&text.replace(':', "%3A")),
                Host::Bracketed(text) => {
                    out.push('[');
                    out.push_str(text);
                    out.push(']');
                }
            }
            if let Some(port) = &authority.port {
                out.push(':');
                out.push_str(port);
            }
        }
        // A ":" in the first segment of a path without scheme or authority reads as a
        // scheme's end: a writer of RFC 3986 text encodes it, the crate writes it as it is.
        let relative_path = uri.scheme.is_none() && uri.authority.is_none();
        let colon_written = self.has(Slip::ColonInFirstSegmentWritten);
        let segments: Vec<String> = uri
            .path
            .split('/')
            .enumerate()
            .map(|(i, segment)| {
                let guarded = relative_path && i == 0 && !colon_written;
                match (tables, guarded) {
                    (true, true) => crate_encoded(segment, PCHAR_NO_COLON, false),
                    (true, false) => crate_encoded(segment, PCHAR, false),
                    (false, true) => segment.replace(':', "%3A"),
                    (false, false) => segment.to_owned(),
                }
            })
            .collect();
        out.push_str(&segments.join("/"));
        if let Some(query) = &uri.query {
            out.push('?');
            if tables {
                out.push_str(&crate_encoded(query, QUERY, false));
            } else {
                out.push_str(query);
            }
        }
        if let Some(fragment) = &uri.fragment {
            out.push('#');
            if tables {
                out.push_str(&crate_encoded(fragment, FRAGMENT, false));
            } else {
                out.push_str(fragment);
            }
        }
        out
    }
}

/// Whether a model is one of the crates' switches (a bug entry of theirs).
pub(super) fn is_switch(model: &Model) -> bool {
    matches!(model, Model::Transform(t) if slips_of(*t) != 0)
}

/// Whether the crate's model made of `models` (its known steps and some of its switches)
/// breaks the property `difference` names on `case` as the crate did (the same kind, fields
/// and detail), where the same model without its switches does not: a broken property is
/// named by the wrong rules that break it. `known` is the known model's answer to the case,
/// which the model with its switches off must give, as for an answer.
pub(super) fn breaks_the_property(
    models: &[&Model],
    case: &Request,
    difference: &Difference,
    known: &Outcome,
    blind_spots: &[BlindSpot],
) -> bool {
    let switches = Switches::of(models.iter().copied());
    if switches.slips == 0 {
        return false;
    }
    let baseline = Switches {
        slips: 0,
        ..switches
    };
    if !baseline.run(case).is_some_and(|b| same(&b, known)) {
        return false;
    }
    let breaks = |switches: Switches| {
        let Some(answer) = switches.run(case) else {
            return false;
        };
        let modelled = Modelled {
            switches,
            blind_spots,
        };
        crate::diff::properties::check(&modelled, case, &answer)
            .iter()
            .any(|f| {
                f.kind == difference.kind
                    && f.fields == difference.fields
                    && f.detail == difference.detail
            })
    };
    let crate_rules = switches.crate_rules();
    breaks(crate_rules)
        && !breaks(Switches {
            slips: 0,
            ..crate_rules
        })
}

/// The model as an implementation whose properties can be checked: its parse, resolution,
/// normalization (at the path level) and serialization (`Display` of its parse).
struct Modelled<'a> {
    switches: Switches,
    blind_spots: &'a [BlindSpot],
}

impl Implementation for Modelled<'_> {
    fn about(&self) -> About<'_> {
        About {
            name: "rhymuri-model",
            version: "model",
            spec: "RFC 3986",
            docs: "",
        }
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        let case = Request::Parse {
            input: input.to_owned(),
            rule: Some(rule.into()),
            zone_id: options.zone_id,
        };
        self.switches.run(&case).unwrap_or(Outcome::Unsupported)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        let case = Request::Resolve {
            base: base.to_owned(),
            input: reference.to_owned(),
            strict,
        };
        self.switches.run(&case).unwrap_or(Outcome::Unsupported)
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        let case = Request::Normalize {
            input: input.to_owned(),
            level: Some(level),
        };
        self.switches.run(&case).unwrap_or(Outcome::Unsupported)
    }

    fn normalization_level(&self) -> Option<Level> {
        Some(Level::Path)
    }

    fn blind_spots(&self) -> &[BlindSpot] {
        self.blind_spots
    }

    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        Some(
            self.switches
                .read(input)
                .map(|uri| self.switches.written(&uri)),
        )
    }

    fn promises(&self) -> Promises {
        Promises {
            keeps_text: false,
            strict_resolution: true,
        }
    }
}

/// The crate's reading of a URI reference: the components as written (percent-encoded as in
/// the input), a host as the crate holds and writes it.
#[derive(Clone, Debug)]
struct Uri {
    scheme: Option<String>,
    authority: Option<Authority>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

#[derive(Clone, Debug)]
struct Authority {
    userinfo: Option<String>,
    host: Host,
    port: Option<String>,
}

/// A host as the crate holds it.
#[derive(Clone, Debug)]
enum Host {
    /// A registered name or an IPv4 address, as written, with the reference's kind.
    Name(String, Option<HostKind>),
    /// An IP literal, brackets and all, as written.
    Literal(String, Option<HostKind>),
    /// An IPvFuture literal without its brackets (the crate's bytes), written as a registered
    /// name.
    Bare(String),
    /// A registered name whose decoded bytes the crate's IPv6 validator takes: written in
    /// brackets, decoded.
    Bracketed(String),
}

impl Uri {
    /// The parse as the adapters report it (the host in brackets where the crate writes it
    /// so).
    fn parsed(&self) -> Outcome {
        let (host, host_kind) = match self.authority.as_ref().map(|a| &a.host) {
            None => (None, None),
            Some(Host::Name(text, kind) | Host::Literal(text, kind)) => (Some(text.clone()), *kind),
            Some(Host::Bare(text)) => (Some(text.clone()), Some(HostKind::RegName)),
            Some(Host::Bracketed(text)) => (Some(format!("[{text}]")), Some(HostKind::Ipv6)),
        };
        Outcome::Parsed {
            components: Components {
                scheme: self.scheme.clone(),
                userinfo: self.authority.as_ref().and_then(|a| a.userinfo.clone()),
                host,
                port: self.authority.as_ref().and_then(|a| a.port.clone()),
                path: self.path.clone(),
                query: self.query.clone(),
                fragment: self.fragment.clone(),
            },
            host_kind,
        }
    }
}

/// Two answers of the model, the same up to a host's kind (which rhymuri's types do not hold)
/// and an error's message.
fn same(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (Outcome::Parsed { components: a, .. }, Outcome::Parsed { components: b, .. }) => a == b,
        (Outcome::Invalid(_), Outcome::Invalid(_)) => true,
        _ => a == b,
    }
}

/// Whether `Uri::parse_scheme` ends a scheme that holds "?" or "#": the input's first ":"
/// comes before its first "/", and after a "?" or "#".
fn scheme_colon_in_query(text: &str) -> bool {
    let slash = text.find('/').unwrap_or(text.len());
    text[..slash]
        .find(':')
        .is_some_and(|colon| text[..colon].contains(['?', '#']))
}

/// An IPv6 address whose IPv4 part's dec-octets are written as the `u8` values the crate
/// reads from them (`validate_ipv4_address`); `None` when there is no IPv4 part or a piece of
/// it is no `u8` (the first piece, read digit by digit as a 16-bit piece, has at most four
/// digits).
fn octets_as_u8(text: &str) -> Option<String> {
    let start = text.rfind(':').map_or(0, |colon| colon + 1);
    let ipv4 = &text[start..];
    if !ipv4.contains('.') {
        return None;
    }
    let pieces: Vec<&str> = ipv4.split('.').collect();
    if pieces.len() != 4
        || pieces[0].len() > 4
        || pieces
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let octets: Option<Vec<String>> = pieces
        .iter()
        .map(|p| p.parse::<u8>().ok().map(|o| o.to_string()))
        .collect();
    Some(format!("{}{}", &text[..start], octets?.join(".")))
}

/// The characters the crates write as they are, beside the unreserved ones, in a userinfo
/// (`USER_INFO_NOT_PCT_ENCODED`), a path segment (`PCHAR_NOT_PCT_ENCODED`), a query
/// (`QUERY_NOT_PCT_ENCODED_WITHOUT_PLUS`) and a fragment (`QUERY_OR_FRAGMENT_NOT_PCT_ENCODED`);
/// a registered name's table (`REG_NAME_NOT_PCT_ENCODED`) holds the sub-delimiters.
const USERINFO: &str = "!$&'()*+,;=:";
const PCHAR: &str = "!$&'()*+,;=:@";
const PCHAR_NO_COLON: &str = "!$&'()*+,;=@";
const QUERY: &str = "!$&'()*,;=:@/?";
const FRAGMENT: &str = "!$&'()*+,;=:@/?";
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// `text` decoded (and lowercased, for a registered name) and written again as the crates'
/// `encode_element` writes it: an octet that is unreserved or in `allowed` as it is, any other
/// percent-encoded in uppercase. An empty `allowed` is a registered name's table.
fn crate_encoded(text: &str, allowed: &str, lowercase: bool) -> String {
    let allowed = if allowed.is_empty() {
        SUB_DELIMS
    } else {
        allowed
    };
    let mut out = String::with_capacity(text.len());
    for octet in percent_decoded(text) {
        let octet = if lowercase {
            octet.to_ascii_lowercase()
        } else {
            octet
        };
        let c = char::from(octet);
        if octet.is_ascii_alphanumeric() || "-._~".contains(c) || allowed.contains(c) {
            out.push(c);
        } else {
            out.push_str(&format!("%{octet:02X}"));
        }
    }
    out
}

/// A registered name as `parse_host_port` holds it, lowercased octet by octet: its letters,
/// not the hexadecimal digits of its percent-encodings.
fn lowercased(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '%' && rest.len() >= 3 && rest.is_char_boundary(3) {
            let decoded = percent_decoded(&rest[..3]);
            match decoded.as_slice() {
                [octet] if octet.is_ascii_uppercase() => {
                    out.push_str(&format!("%{:02X}", octet.to_ascii_lowercase()));
                }
                _ => out.push_str(&rest[..3]),
            }
            rest = &rest[3..];
        } else {
            out.push(c.to_ascii_lowercase());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The octets `text` percent-decodes to.
fn percent_decoded(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(octet) = text
                .get(i + 1..i + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(octet);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// How many dots a segment made only of "." and "%2E" writes.
fn dots_in(segment: &str) -> Option<usize> {
    let mut rest = segment.as_bytes();
    let mut dots = 0;
    while !rest.is_empty() {
        rest = match rest {
            [b'.', tail @ ..] | [b'%', b'2', b'E' | b'e', tail @ ..] => tail,
            _ => return None,
        };
        dots += 1;
    }
    Some(dots)
}

/// A path whose segments that decode to "." or ".." are written so (choice 3's reading, as
/// the reference applies it).
fn dots_decoded(path: &str) -> String {
    path.split('/')
        .map(|segment| match dots_in(segment) {
            Some(1) => ".",
            Some(2) => "..",
            _ => segment,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// rhymuri's `Uri::normalize_path` (src/uri.rs), on a path written as text: the segments
/// (the path "/" is the one empty segment, "" none), "." and ".." told by their decoded bytes.
/// A "." or ".." puts the path "at directory level", as an empty segment does, and at that
/// level an empty segment is not added: "a/.//b" gives "a/b", "//a" gives "/a", "a//." gives
/// "a/" (§5.2.4 gives "a//b", "//a", "a//"). A ".." pops the last segment when there is one
/// that is not the root's, so a rootless path stays rootless (choice 2).
fn normalize_path(path: &str) -> String {
    let segments: Vec<&str> = match path {
        "" => Vec::new(),
        "/" => vec![""],
        path => path.split('/').collect(),
    };
    let mut at_directory_level = false;
    let mut normalized: Vec<&str> = Vec::with_capacity(segments.len());
    for segment in segments {
        match dots_in(segment) {
            Some(1) => at_directory_level = true,
            Some(2) => {
                let can_navigate_up = match normalized.first() {
                    Some(&"") => normalized.len() > 1,
                    Some(_) => true,
                    None => false,
                };
                if can_navigate_up {
                    normalized.pop();
                }
                at_directory_level = true;
            }
            _ => {
                if !at_directory_level || !segment.is_empty() {
                    normalized.push(segment);
                }
                at_directory_level = segment.is_empty();
            }
        }
    }
    if at_directory_level && normalized.last().is_some_and(|last| !last.is_empty()) {
        normalized.push("");
    }
    match normalized.as_slice() {
        [""] => "/".to_owned(),
        segments => segments.join("/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every(slips: &[Slip]) -> Switches {
        Switches {
            slips: slips.iter().fold(0, |bits, s| bits | s.bit()),
            dots_in_resolution: true,
            rootless_kept: true,
            dots_in_normalization: true,
            types: true,
            crate_case: true,
            answered: false,
        }
    }

    #[test]
    fn normalizes_the_path_as_the_crate() {
        for (path, normalized) in [
            ("a/.//b", "a/b"),
            ("//a", "/a"),
            ("a//", "a/"),
            ("F//.", "F/"),
            (".//", ""),
            ("a/b/..//c", "a/c"),
            ("a//b", "a//b"),
            ("/", "/"),
            ("/..", "/"),
            ("a/../b", "b"),
            ("", ""),
        ] {
            assert_eq!(normalize_path(path), normalized, "{path}");
        }
    }

    #[test]
    fn reads_octets_as_u8() {
        assert_eq!(octets_as_u8("::00.0.0.0").as_deref(), Some("::0.0.0.0"));
        assert_eq!(octets_as_u8("::1.2.3.0255").as_deref(), Some("::1.2.3.255"));
        assert_eq!(octets_as_u8("::1.2.3.256"), None);
        assert_eq!(octets_as_u8("::1"), None);
        assert_eq!(octets_as_u8("::00000.0.0.0"), None);
    }

    /// Strings over characters that meet the crates' rules: delimiters, "%" and hexadecimal
    /// digits, dots, brackets, "v" and "V", "+", "@".
    fn strings(count: usize, seed: u64) -> Vec<String> {
        const PIECES: &[&str] = &[
            "a", "b", ":", "/", "//", "?", "#", "%", "%2E", "%3a", "2", "e", ".", "..", "[", "]",
            "v", "V", "@", "+", "0", "00", "::", "1.2.3.4", "[::", "[v", "F", "%4", "x:", "",
            "%41", "%2F", "%3A%3A", "!", "~", "%25", "%zz", "[::1]", "1", ";", "=",
        ];
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        (0..count)
            .map(|_| {
                let len = next() % 7;
                (0..len).map(|_| PIECES[next() % PIECES.len()]).collect()
            })
            .collect()
    }

    /// With its wrong rules on, the model answers as the crate does: on every generated case
    /// where it answers at all, and it answers on most.
    #[cfg(any(feature = "rhymuri", feature = "uniresid"))]
    fn follows(implementation: &dyn crate::impls::Implementation, slips: &[Slip]) {
        let switches = every(slips);
        let blind = implementation.blind_spots();
        let texts = strings(4000, 7);
        let bases = [
            "a:", "a:b", "a:/", "a:/b/c", "a://h", "a://h/b/", "a:b/c/d", "a://:0/x",
        ];
        let mut cases: Vec<Request> = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            cases.push(Request::parse(text));
            cases.push(Request::Normalize {
                input: text.clone(),
                level: Some(Level::Path),
            });
            cases.push(Request::Resolve {
                base: bases[i % bases.len()].into(),
                input: text.clone(),
                strict: true,
            });
        }
        let mut misses = Vec::new();
        for case in &cases {
            let actual = implementation.answer(case);
            let modelled = switches.run(case).expect("the model answers");
            // A string the crate writes is the model's to the letter (its spelling too).
            let spelled = match (&modelled, &actual) {
                (Outcome::Resolved(m), Outcome::Resolved(a))
                | (Outcome::Normalized(m), Outcome::Normalized(a)) => m == a,
                _ => true,
            };
            if !spelled || crate::diff::compare::compare(case, &modelled, &actual, blind).is_some()
            {
                misses.push(format!(
                    "{case:?}: model {}, crate {}",
                    modelled.describe(),
                    actual.describe()
                ));
            }
        }
        assert!(
            misses.is_empty(),
            "{} of {} cases:\n{}",
            misses.len(),
            cases.len(),
            misses[..misses.len().min(40)].join("\n")
        );
    }

    /// With every switch off, the model is the crate's known model (the reference under its
    /// documented readings, then `types`): it can answer for its switches on every generated
    /// case.
    #[test]
    fn with_every_switch_off_is_the_known_model() {
        let catalogue = crate::diff::Catalogue::bundled();
        let texts = strings(4000, 11);
        let bases = [
            "a:", "a:b", "a:/", "a:/b/c", "a://h", "a://h/b/", "a:b/c/d", "a://:0/x",
        ];
        let mut misses = Vec::new();
        let mut cases = 0;
        for (i, text) in texts.iter().enumerate() {
            for case in [
                Request::parse(text),
                Request::Normalize {
                    input: text.clone(),
                    level: Some(Level::Path),
                },
                Request::Resolve {
                    base: bases[i % bases.len()].into(),
                    input: text.clone(),
                    strict: true,
                },
            ] {
                cases += 1;
                let (known, _) = catalogue
                    .modelled_answer("rhymuri", &case)
                    .expect("rhymuri has a model");
                let model = Switches::of(
                    catalogue
                        .entries()
                        .iter()
                        .filter(|e| {
                            e.class != crate::diff::catalogue::Class::Bug
                                && e.implementations.iter().any(|i| i == "rhymuri")
                        })
                        .filter_map(|e| e.model.as_ref()),
                );
                let baseline = model.run(&case).expect("the model answers");
                if !same(&baseline, &known) {
                    misses.push(format!(
                        "{case:?}: model {}, known {}",
                        baseline.describe(),
                        known.describe()
                    ));
                }
            }
        }
        assert!(
            misses.is_empty(),
            "{} of {cases}:\n{}",
            misses.len(),
            misses[..misses.len().min(40)].join("\n")
        );
    }

    #[cfg(any(feature = "rhymuri", feature = "uniresid"))]
    const SHARED: &[Slip] = &[
        Slip::SchemeColonInQuery,
        Slip::TruncatedPercentDropped,
        Slip::DecOctetAsU8,
        Slip::PortSignAccepted,
        Slip::IpvfuturePartsOptional,
        Slip::IpvfutureBracketsDropped,
        Slip::IpvfutureUppercaseVRefused,
        Slip::RegNameWrittenAsIpv6,
        Slip::ColonInFirstSegmentWritten,
        Slip::ReencodedByItsTables,
        Slip::AbsolutePathDotSegmentsKept,
        Slip::EmptySegmentsCollapsed,
        Slip::RelativePathNormalized,
    ];

    #[cfg(feature = "rhymuri")]
    #[test]
    fn follows_rhymuri() {
        let mut slips = SHARED.to_vec();
        slips.push(Slip::MergeKeepsSingleSegment);
        follows(&crate::impls::rhymuri_adapter::Rhymuri, &slips);
    }

    #[cfg(feature = "uniresid")]
    #[test]
    fn follows_uniresid() {
        let mut slips = SHARED.to_vec();
        slips.push(Slip::MergeDropsRootSlash);
        follows(&crate::impls::uniresid_adapter::Uniresid, &slips);
    }

    #[test]
    fn the_host_kind_not_held_is_both_bracket_rules() {
        let merged = Switches::of([Model::Transform(Transform::RhymuriHostKindNotHeld)].iter());
        let both = Switches::of(
            [
                Model::Transform(Transform::RhymuriIpvfutureBracketsDropped),
                Model::Transform(Transform::RhymuriRegNameWrittenAsIpv6),
            ]
            .iter(),
        );
        assert_eq!(merged.slips, both.slips);
        assert!(is_switch(&Model::Transform(
            Transform::RhymuriHostKindNotHeld
        )));
        let s = every(&[Slip::IpvfutureBracketsDropped, Slip::RegNameWrittenAsIpv6]);
        let host = |text: &str| {
            let parse = Request::Parse {
                input: text.into(),
                rule: None,
                zone_id: false,
            };
            match s.run(&parse) {
                Some(Outcome::Parsed { components, .. }) => components.host,
                _ => None,
            }
        };
        // RFC 3986 §3.2.2: the IPvFuture written bare, the registered name "::" bracketed.
        assert_eq!(host("a://[v0.a]").as_deref(), Some("v0.a"));
        assert_eq!(host("//%3A%3A").as_deref(), Some("[::]"));
        // Near-misses: ":::" is no IPv6 address, and an IPv6 literal keeps its brackets.
        assert!(host("//%3A%3A%3A").is_some_and(|h| !h.starts_with('[')));
        assert_eq!(host("//[::1]").as_deref(), Some("[::1]"));
    }

    #[test]
    fn a_percent_ending_a_segment_is_dropped() {
        let s = every(&[Slip::TruncatedPercentDropped]);
        let path = |text: &str| s.read(text).map(|u| u.path);
        assert_eq!(path("%").as_deref(), Ok("/"));
        assert_eq!(path("/%/").as_deref(), Ok("//"));
        assert_eq!(path("a%4/b").as_deref(), Ok("a/b"));
        assert!(path("%G").is_err());
        assert!(every(&[]).read("%").is_err());
    }

    /// A switch reads the text a step before it rewrote: rhymu8354's port "-0" read as "0"
    /// (`rhymu8354-port-to-integer`) and its truncated "%" dropped are one model's two rules.
    #[test]
    fn a_switch_reads_the_case_as_the_steps_before_it_left_it() {
        let path_of = |answer: Outcome| match answer {
            Outcome::Parsed { components, .. } => Some((components.port, components.path)),
            _ => None,
        };
        let original = Request::parse("//a:-0/%");
        let rewritten = Request::parse("//a:0/%");
        let mut switches = every(&[Slip::TruncatedPercentDropped]);
        let answer = Outcome::invalid("pct-encoded".into());
        let given = switches.apply(
            Transform::RhymuriTruncatedPercentDropped,
            &original,
            &rewritten,
            answer.clone(),
        );
        assert_eq!(path_of(given), Some((Some("0".to_owned()), "/".to_owned())));
        // Near miss: where the step before left the text as it was, the "-0" is still the
        // switches' refusal, and the answer so far stands.
        let mut switches = every(&[Slip::TruncatedPercentDropped]);
        let given = switches.apply(
            Transform::RhymuriTruncatedPercentDropped,
            &original,
            &original,
            answer.clone(),
        );
        assert_eq!(given, answer);
    }
}
