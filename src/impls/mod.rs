//! Implementations the harness compares: the reference, one adapter per third-party crate, and
//! any external program that speaks the protocol.
//!
//! An adapter only maps a crate's API onto [`Outcome`]; it does not judge. Where a crate's API
//! cannot express something (url cannot tell an absent username from an empty one, http drops
//! the fragment), the adapter declares a [`BlindSpot`] instead of guessing, and the comparison
//! leaves that field out.

#[cfg(feature = "ada")]
pub(crate) mod ada_adapter;
pub mod external;
#[cfg(feature = "fluent-uri")]
pub(crate) mod fluent_uri_adapter;
pub(crate) mod foreign;
pub mod guard;
#[cfg(feature = "http")]
pub(crate) mod http_adapter;
#[cfg(feature = "iref")]
pub(crate) mod iref_adapter;
#[cfg(feature = "iri-string")]
pub(crate) mod iri_string_adapter;
#[cfg(feature = "oxiri")]
pub(crate) mod oxiri_adapter;
pub mod planted;
pub mod process;
pub mod reference;
pub(crate) mod reproduction;
#[cfg(feature = "rhymuri")]
pub(crate) mod rhymuri_adapter;
#[cfg(feature = "rocket_http")]
pub(crate) mod rocket_http_adapter;
#[cfg(any(feature = "rhymuri", feature = "uniresid"))]
mod segment_list;
#[cfg(feature = "sophia_iri")]
pub(crate) mod sophia_iri_adapter;
pub mod spec;
#[cfg(all(
    test,
    any(
        feature = "ada",
        feature = "fluent-uri",
        feature = "http",
        feature = "iref",
        feature = "iri-string",
        feature = "oxiri",
        feature = "rocket_http",
        feature = "sophia_iri",
        feature = "uriparse",
        feature = "url"
    )
))]
mod testing;
#[cfg(feature = "uniresid")]
pub(crate) mod uniresid_adapter;
#[cfg(feature = "uriparse")]
pub(crate) mod uriparse_adapter;
#[cfg(feature = "url")]
pub(crate) mod url_adapter;

use crate::model::Outcome;
use crate::protocol::{IriRequest, IriResponse, ParseRule, Request, Response};
use crate::reference::{Grammar, Level, ParseOptions, Rule};

/// Who an implementation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About<'a> {
    /// The short name `--impl` takes: `reference`, `url`, `fluent-uri`, ...
    pub name: &'a str,
    /// The crate and its pinned version, `url 2.5.8`; the command line for an external program.
    pub version: &'a str,
    /// The specification it follows: `RFC 3986`, `WHATWG URL`, ...
    pub spec: &'a str,
    /// Where its documentation is.
    pub docs: &'a str,
}

pub use crate::model::{BlindSpot, Blindness};

/// The implementations benched in this run, with why: for the run's summary.
static BENCHED: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());

/// The implementations benched so far in this run (an external program that hangs, crashes or
/// floods, [`external::BENCH_AFTER`]; a crate whose calls hang, `diff::run::Pool`): name and
/// why.
pub fn benched() -> Vec<(String, String)> {
    BENCHED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Notes that `name` is benched, for the run's summary.
pub(crate) fn note_benched(name: String, why: String) {
    BENCHED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((name, why));
}

/// What a crate promises about itself, each from its documentation; the properties of
/// [`crate::diff::properties`] hold it to them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Promises {
    /// Serializing what it parsed gives the input text back, byte for byte (a crate that
    /// stores the input as it is: fluent-uri, iri-string, iref, oxiri).
    pub keeps_text: bool,
    /// Resolution is RFC 3986 §5.2.2's strict algorithm, so a reference with a scheme resolves
    /// to itself with its dot-segments removed, whatever the base.
    pub strict_resolution: bool,
}

impl Promises {
    /// Nothing promised.
    pub const NONE: Promises = Promises {
        keeps_text: false,
        strict_resolution: false,
    };

    /// These promises, and [`Promises::keeps_text`].
    pub const fn keeping_text(self) -> Promises {
        Promises {
            keeps_text: true,
            ..self
        }
    }

    /// These promises, and [`Promises::strict_resolution`].
    pub const fn resolving_strictly(self) -> Promises {
        Promises {
            strict_resolution: true,
            ..self
        }
    }
}

/// How the harness reaches one public entry point of a crate.
#[derive(Clone, Copy, Debug)]
pub enum Reach {
    /// Through one of the trait's operations (`parse`, `resolve`, `normalize`, `serialize`),
    /// named.
    Operation(&'static str),
    /// Another way from a string to a URI reference: its answer must equal the crate's own
    /// `parse` by `rule` on the same input (the same components and host kind, or both
    /// invalid), and it must not panic.
    Conversion(Rule, fn(&str) -> Outcome),
    /// Another way to resolve a reference against a base (`base`, `reference`; strict mode):
    /// its answer must equal the crate's own `resolve` on the same pair (the same target, or
    /// both invalid), and it must not panic.
    Resolution(fn(&str, &str) -> Outcome),
    /// Another way to resolve, on IRIs (RFC 3987 §6.5: the base an `IRI`, the reference an
    /// `IRI-reference`): where both are ASCII, where an IRI is a URI, its answer must equal the
    /// crate's own `resolve`; elsewhere it is judged by RFC 3987, the reference's IRI
    /// resolution (the same target, or both invalid). It must not panic.
    IriResolution(fn(&str, &str) -> Outcome),
    /// A parser of a part of a URI (an authority, a host, a path with a query), given that
    /// part of an input the crate's `parse` by URI-reference accepts; its answer must equal
    /// the same components of that parse, and it must not panic.
    Part(Part, fn(&str) -> Outcome),
    /// A mapping of an IRI reference to a URI reference (RFC 3987 §3.1), given an input the
    /// crate's `parse_iri` by `IRI-reference` accepts: its URI must be the reference's mapping
    /// of the same input, up to the case of percent-encodings' hexadecimal digits, and it must
    /// not panic.
    IriToUri(fn(&str) -> Result<String, String>),
    /// The component accessors of the crate's parsed type (`host()`, `port_u16()`,
    /// `path_and_query()`, ...), each read on its own from the value the crate parses from
    /// the input by the rule (`None` when that rule has no type, or the input does not
    /// parse): every reading must be what the crate's `parse` reports for its components.
    Accessors(fn(&str, Rule) -> Option<Vec<Reading>>),
    /// The setters of the crate's URL API, called on the URL it parses from its first
    /// argument: with no second argument, each with the value the URL already has (read from
    /// its getter), then the query and the fragment cleared; with a second argument, each
    /// with that URL's value. An empty list when either does not parse.
    Setters(fn(&str, Option<&str>) -> Vec<SetterCall>),
}

/// One call of a setter on a parsed URL, as the harness observed it; the properties of
/// [`crate::diff::properties`] judge it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterCall {
    /// The setter, as the crate's API names it: `set_query`.
    pub setter: &'static str,
    /// Its argument, as Rust source: `None`, `Some("q")`.
    pub argument: String,
    /// Whether the argument is the value the URL already has, read from its getter: then
    /// the call must change nothing.
    pub own_value: bool,
    /// The URL's serialization before the call.
    pub before: String,
    /// Its serialization after the call (the same as `before` after a refused call).
    pub after: String,
    /// `after` parsed again by the crate and serialized, or the parse error: the URL
    /// Standard's idempotence wants `after` back.
    pub reparsed: Result<String, String>,
}

/// Records the setter calls of a URL-API crate's adapter ([`Reach::Setters`]): each call runs on
/// its own copy of one parsed URL, and the copy's serialization is parsed again (once per
/// distinct serialization: most setters given the URL's own values give the URL back).
pub(crate) struct SetterRecorder<'a, U> {
    url: &'a U,
    before: String,
    serialize: fn(&U) -> &str,
    reparse: fn(&str) -> Result<String, String>,
    reparsed: Vec<(String, Result<String, String>)>,
    calls: Vec<SetterCall>,
}

impl<'a, U: Clone> SetterRecorder<'a, U> {
    /// A recorder of setters on `url`, which `serialize` writes and `reparse` parses and writes
    /// again.
    pub(crate) fn new(
        url: &'a U,
        serialize: fn(&U) -> &str,
        reparse: fn(&str) -> Result<String, String>,
    ) -> Self {
        SetterRecorder {
            url,
            before: serialize(url).to_owned(),
            serialize,
            reparse,
            reparsed: Vec::new(),
            calls: Vec::new(),
        }
    }

    /// `setter(argument)`, done by `set` on a copy of the URL; `own_value` when the argument is
    /// the value the URL already has.
    pub(crate) fn call(
        &mut self,
        setter: &'static str,
        argument: String,
        own_value: bool,
        set: &dyn Fn(&mut U),
    ) {
        let mut changed = self.url.clone();
        set(&mut changed);
        let after = (self.serialize)(&changed);
        let reparsed = match self.reparsed.iter().find(|(text, _)| text == after) {
            Some((_, reparsed)) => reparsed.clone(),
            None => {
                let reparsed = (self.reparse)(after);
                self.reparsed.push((after.to_owned(), reparsed.clone()));
                reparsed
            }
        };
        self.calls.push(SetterCall {
            setter,
            argument,
            own_value,
            before: self.before.clone(),
            reparsed,
            after: after.to_owned(),
        });
    }

    /// The calls, in order.
    pub(crate) fn calls(self) -> Vec<SetterCall> {
        self.calls
    }
}

/// What one component accessor of a crate returned, in the model's terms ([`Reach::Accessors`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The accessor, as the crate's API names it: `Uri::port_u16`.
    pub accessor: &'static str,
    /// What it reads, and in which form.
    pub view: View,
    /// What it returned, as text; `None` for an absent component.
    pub value: Option<String>,
}

/// What an accessor reads ([`Reading`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// One component's text, as `parse` reports it; for [`Field::HostKind`], the host kind's
    /// name (`reg-name`, `ipv4`, `ipv6`, `ipvfuture`).
    ///
    /// [`Field::HostKind`]: crate::model::Field::HostKind
    Field(crate::model::Field),
    /// The port as a number (`u16`): the port's digits by value, leading zeros aside.
    PortNumber,
    /// Components in a row, written with their delimiters as RFC 3986 §5.3 recomposes them:
    /// `path_and_query` is the path and the query, `authority` the userinfo, host and port.
    Joined(&'static [crate::model::Field]),
}

/// The part of a URI a sub-parser takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// `authority` (§3.2): the answer's userinfo, host, port and host kind count.
    Authority,
    /// `host` (§3.2.2): the answer's host and host kind count.
    Host,
    /// `path [ "?" query ]`: the answer's path and query count.
    PathAndQuery,
}

impl Part {
    /// The part's own rule, by the reference: `authority` and `host` (RFC 3986 §3.2,
    /// §3.2.2), and for a path with a query RFC 9112's `origin-form`, the part of a request
    /// line the sub-parsers of request-target crates take.
    pub fn parse_by_rule(self, text: &str) -> Outcome {
        let parsed = match self {
            Part::Authority => crate::reference::parse_authority(text),
            Part::Host => crate::reference::parse_host(text),
            Part::PathAndQuery => crate::reference::parse_origin_form(text),
        };
        match parsed {
            Ok(c) => Outcome::Parsed {
                components: crate::model::Components::from(&c),
                host_kind: c.host_kind,
            },
            Err(e) => reference::refused(&e),
        }
    }

    /// The fields an answer of a sub-parser of this part holds.
    pub const fn fields(self) -> &'static [crate::model::Field] {
        use crate::model::Field;
        match self {
            Part::Authority => &[Field::Userinfo, Field::Host, Field::Port, Field::HostKind],
            Part::Host => &[Field::Host, Field::HostKind],
            Part::PathAndQuery => &[Field::Path, Field::Query],
        }
    }

    /// The name used in signatures: `authority`, `host`, `origin-form`.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Authority => "authority",
            Part::Host => "host",
            Part::PathAndQuery => "origin-form",
        }
    }
}

/// One public entry point of a crate.
#[derive(Clone, Copy, Debug)]
pub struct EntryPoint {
    /// Its path in the crate's API: `fluent_uri::Uri::try_from(UriRef)`.
    pub name: &'static str,
    /// How the harness calls it.
    pub reach: Reach,
    /// For a conversion: the lines of a `main` that call it on `input` and print what it
    /// gives, for a reproduction with the crate alone.
    pub program: Option<&'static str>,
}

/// What a bundled adapter declares of its crate beside its operations, from the crate's
/// documentation and source: the trait's defaults of [`Implementation::about`],
/// [`Implementation::blind_spots`], [`Implementation::serialize`],
/// [`Implementation::promises`], [`Implementation::entry_points`] and
/// [`Implementation::reproduction`] read it, so that an adapter states these as data and
/// implements only its operations and [`Implementation::profile`].
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// Who the adapter is: its name, the crate and version, the specification, the docs.
    pub about: About<'static>,
    /// The fields its parse results cannot express.
    pub blind_spots: &'static [BlindSpot],
    /// What the crate promises about itself.
    pub promises: Promises,
    /// Its public entry points, each with how the harness reaches it.
    pub entry_points: &'static [EntryPoint],
    /// [`Implementation::serialize`]: the input parsed and written back with the crate's own
    /// serializer, `None` for an input it has no serialization of; `None` when the crate has
    /// no serializer.
    pub serialize: Option<Serializer>,
    /// The programs that show a case with the crate alone.
    pub programs: Option<reproduction::Programs>,
}

/// A crate's serializer in a [`Profile`]: `input` parsed and written back, or the parse's error;
/// `None` for an input the crate has no serialization of.
pub(crate) type Serializer = fn(&str) -> Option<Result<String, String>>;

impl Profile {
    /// Nothing declared: no name, no blind spot, no promise, no entry point, no serializer,
    /// no program. An implementation without a profile of its own answers
    /// [`Implementation::about`] itself.
    pub const NONE: Profile = Profile {
        about: About {
            name: "",
            version: "",
            spec: "",
            docs: "",
        },
        blind_spots: &[],
        serialize: None,
        promises: Promises::NONE,
        entry_points: &[],
        programs: None,
    };
}

/// Something that parses, resolves and normalizes URI references.
///
/// Each operation has a default answer of [`Outcome::Unsupported`], so an adapter implements
/// only what its crate does; what it declares of its crate beside them is its [`Profile`].
/// Implementations are shared between threads by the harness.
pub trait Implementation: Send + Sync {
    /// Who this is: by default, what its [`Profile`] says. An implementation without a profile
    /// (the reference, an external program) answers it itself.
    fn about(&self) -> About<'_> {
        self.profile().about
    }

    /// Parses `input` by `rule` (§3, §4). An implementation that cannot express the rule, or a
    /// reference of that form, answers `Unsupported`.
    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        let _ = (input, rule, options);
        Outcome::Unsupported
    }

    /// Parses `input` by the RFC 3987 rule that corresponds to `rule` (§2.2: `IRI-reference`,
    /// `IRI`, `absolute-IRI`, `irelative-ref`), components reported as for [`parse`]: the
    /// text of the input, not mapped to a URI. An implementation without IRI types answers
    /// `Unsupported`.
    ///
    /// [`parse`]: Implementation::parse
    fn parse_iri(&self, input: &str, rule: Rule) -> Outcome {
        let _ = (input, rule);
        Outcome::Unsupported
    }

    /// Resolves `reference` against `base` (§5.2).
    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        let _ = (base, reference, strict);
        Outcome::Unsupported
    }

    /// Normalizes `input` (§6.2.2, and §6.2.3 at [`Level::Scheme`]).
    fn normalize(&self, input: &str, level: Level) -> Outcome {
        let _ = (input, level);
        Outcome::Unsupported
    }

    /// Whether RFC 6874 zone identifiers can be asked for.
    fn supports_zone_id(&self) -> bool {
        false
    }

    /// The one level the crate's normalization implements, where it has no levels (a
    /// normalization documented as the path's is [`Level::Path`]): every normalization is
    /// asked and judged at that level. `None`: the level each case names.
    fn normalization_level(&self) -> Option<Level> {
        None
    }

    /// What it declares of its crate, which the defaults of the methods below read.
    fn profile(&self) -> &Profile {
        &Profile::NONE
    }

    /// The fields its parse results cannot express.
    fn blind_spots(&self) -> &[BlindSpot] {
        self.profile().blind_spots
    }

    /// A small Rust program against the crate alone that shows what it does with `case`, for
    /// a report a maintainer can act on.
    fn reproduction(&self, case: &Request) -> Option<String> {
        self.profile().programs?.for_case(case)
    }

    /// The language of [`Implementation::reproduction`]'s programs, as a Markdown fence names
    /// it.
    fn reproduction_language(&self) -> &str {
        "rust"
    }

    /// Parses `input` as a URI reference (or as a URI, where the crate parses only those) and
    /// writes it back with the crate's own serializer (`as_str`, `Display`, `href`): the
    /// round-trip properties of [`crate::diff::properties`]. `None` when the crate has no
    /// serializer, or the adapter does not map one.
    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        self.profile()
            .serialize
            .and_then(|serialize| serialize(input))
    }

    /// What the crate promises about itself, from its documentation.
    fn promises(&self) -> Promises {
        self.profile().promises
    }

    /// The crate's public parse, convert and resolve entry points, each with the operation or
    /// property that calls it (the table in the adapter's documentation, in code).
    fn entry_points(&self) -> &[EntryPoint] {
        self.profile().entry_points
    }

    /// The options that select it on the command line when its name alone does not, for a
    /// report's reproduction line: `--impl-cmd 'NAME=COMMAND'` for an external program.
    fn command_line(&self) -> Option<String> {
        None
    }

    /// A catalogue of its own documented behaviour, in the schema of the bundled
    /// `known-differences.yaml`: for an external program, `known-differences.yaml` beside the
    /// program its command starts (an adapter's folder). Bundled crates have theirs in the
    /// bundled catalogue.
    fn catalogue_file(&self) -> Option<std::path::PathBuf> {
        None
    }

    /// For an implementation that keeps its own time limit per case and cannot hang or panic
    /// (an external program): every request answered, in order. `None`, the default, when the
    /// harness must guard each call itself (a worker thread with a watchdog, `catch_unwind`).
    fn answer_guarded(&self, requests: &[Request]) -> Option<Vec<Outcome>> {
        let _ = requests;
        None
    }

    /// Answers one RFC 3987 request (IRI rules, IRI resolution and normalization, the two
    /// mappings). An implementation that does not declare them, the default, answers
    /// `unsupported`.
    fn answer_iri(&self, request: &IriRequest) -> IriResponse {
        match request {
            IriRequest::Parse { input, rule } => {
                Response::from(self.parse_iri(input, *rule)).into()
            }
            _ => Response::unsupported().into(),
        }
    }

    /// Answers one protocol request.
    fn answer(&self, request: &Request) -> Outcome {
        match request {
            Request::Parse {
                input,
                rule,
                zone_id,
            } => match rule.clone().unwrap_or_default() {
                _ if *zone_id && !self.supports_zone_id() => Outcome::Unsupported,
                // RFC 6874 zone identifiers are an RFC 3986 matter.
                ParseRule {
                    grammar: Grammar::Iri,
                    ..
                } if *zone_id => Outcome::Unsupported,
                ParseRule {
                    grammar: Grammar::Iri,
                    rule,
                } => self.parse_iri(input, rule),
                ParseRule {
                    grammar: Grammar::Uri,
                    rule,
                } => self.parse(input, rule, ParseOptions { zone_id: *zone_id }),
            },
            Request::Resolve {
                base,
                input,
                strict,
            } => self.resolve(base, input, *strict),
            Request::Normalize { input, level } => self.normalize(input, level.unwrap_or_default()),
        }
    }
}

impl From<Outcome> for Response {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Parsed {
                components,
                host_kind,
            } => Response::parsed(components, host_kind),
            Outcome::Resolved(target) => Response::resolved(target),
            Outcome::Normalized(normalized) => Response::normalized(normalized),
            Outcome::Invalid(rejection) => Response::invalid(rejection.to_string()),
            Outcome::Unsupported => Response::unsupported(),
            Outcome::Panicked(message) => Response::bad_request(format!("panicked: {message}")),
            Outcome::TimedOut => Response::bad_request("timed out"),
        }
    }
}

/// [`Implementation::serialize`]'s answer from a crate's parse: what `write` writes of the
/// value it parsed, or its error's message.
#[cfg(any(
    feature = "ada",
    feature = "fluent-uri",
    feature = "iref",
    feature = "iri-string",
    feature = "oxiri",
    feature = "rhymuri",
    feature = "rocket_http",
    feature = "sophia_iri",
    feature = "uniresid",
    feature = "uriparse"
))]
pub(crate) fn written<T, E: std::fmt::Display>(
    parsed: Result<T, E>,
    write: impl FnOnce(T) -> String,
) -> Option<Result<String, String>> {
    Some(parsed.map(write).map_err(|e| e.to_string()))
}

/// [`Implementation::resolve`]'s answer for a crate whose one resolution is RFC 3986 §5.2.2's
/// strict algorithm (a non-strict resolution is unsupported): the crate's parse of the base
/// (a refusal is the base's), then of the reference (a refusal is the input's), then `resolve`
/// of the one against the other.
#[cfg(any(
    feature = "fluent-uri",
    feature = "iref",
    feature = "iri-string",
    feature = "oxiri",
    feature = "rhymuri",
    feature = "sophia_iri",
    feature = "uniresid",
    feature = "uriparse"
))]
pub(crate) fn resolved_strictly<B, R, E: std::fmt::Display, F: std::fmt::Display>(
    strict: bool,
    base: impl FnOnce() -> Result<B, E>,
    reference: impl FnOnce() -> Result<R, F>,
    resolve: impl FnOnce(B, R) -> Outcome,
) -> Outcome {
    if !strict {
        return Outcome::Unsupported;
    }
    let base = match base() {
        Ok(base) => base,
        Err(e) => return Outcome::invalid_base(e.to_string()),
    };
    match reference() {
        Ok(reference) => resolve(base, reference),
        Err(e) => Outcome::invalid(e.to_string()),
    }
}

/// A sub-parser's answer for an authority or a host ([`Part::Authority`], [`Part::Host`]): the
/// userinfo, host and port it parsed, with the host's kind; no other component.
#[cfg(any(
    feature = "http",
    feature = "iref",
    feature = "rhymuri",
    feature = "uniresid",
    feature = "uriparse"
))]
pub(crate) fn authority_parsed(
    userinfo: Option<String>,
    host: String,
    port: Option<String>,
    host_kind: crate::reference::HostKind,
) -> Outcome {
    Outcome::Parsed {
        components: crate::model::Components {
            scheme: None,
            userinfo,
            host: Some(host),
            port,
            path: String::new(),
            query: None,
            fragment: None,
        },
        host_kind: Some(host_kind),
    }
}

/// The host kind of a host a crate returns as text (an IP literal in its brackets), for crates
/// that do not say: an IPvFuture or IPv6 literal by its brackets, an RFC 3986 `IPv4address`, a
/// reg-name otherwise.
#[cfg(any(
    feature = "http",
    feature = "oxiri",
    feature = "rocket_http",
    feature = "sophia_iri"
))]
pub(crate) fn host_kind(host: &str) -> crate::reference::HostKind {
    use crate::reference::HostKind;
    if host.starts_with("[v") || host.starts_with("[V") {
        HostKind::IpvFuture
    } else if host.starts_with('[') {
        HostKind::Ipv6
    } else if crate::reference::host::is_ipv4address(host.as_bytes()) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

/// Every implementation this build has, the reference first.
pub fn bundled() -> Vec<Box<dyn Implementation>> {
    #[allow(unused_mut)] // nothing is pushed in a build without adapter features
    let mut all: Vec<Box<dyn Implementation>> = vec![Box::new(reference::Reference)];
    #[cfg(feature = "fluent-uri")]
    all.push(Box::new(fluent_uri_adapter::FluentUri));
    #[cfg(feature = "iri-string")]
    all.push(Box::new(iri_string_adapter::IriString));
    #[cfg(feature = "iref")]
    all.push(Box::new(iref_adapter::Iref));
    #[cfg(feature = "oxiri")]
    all.push(Box::new(oxiri_adapter::Oxiri));
    #[cfg(feature = "uriparse")]
    all.push(Box::new(uriparse_adapter::Uriparse));
    #[cfg(feature = "url")]
    all.push(Box::new(url_adapter::UrlCrate));
    #[cfg(feature = "http")]
    all.push(Box::new(http_adapter::Http));
    #[cfg(feature = "ada")]
    all.push(Box::new(ada_adapter::AdaUrl));
    #[cfg(feature = "rhymuri")]
    all.push(Box::new(rhymuri_adapter::Rhymuri));
    #[cfg(feature = "uniresid")]
    all.push(Box::new(uniresid_adapter::Uniresid));
    #[cfg(feature = "sophia_iri")]
    all.push(Box::new(sophia_iri_adapter::SophiaIri));
    #[cfg(feature = "rocket_http")]
    all.push(Box::new(rocket_http_adapter::RocketHttp));
    all
}

/// The bundled implementation named `name`.
pub fn by_name(name: &str) -> Option<Box<dyn Implementation>> {
    bundled().into_iter().find(|i| i.about().name == name)
}

/// The names of the bundled implementations.
pub fn names() -> Vec<String> {
    bundled()
        .iter()
        .map(|i| i.about().name.to_owned())
        .collect()
}
