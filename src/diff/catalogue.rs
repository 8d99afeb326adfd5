//! Known differences, as data, each with an executable model.
//!
//! A known difference forgives an implementation's answer only when the implementation's
//! model reproduces that answer exactly, field by field (less the adapter's declared blind
//! spots). An implementation's model for an operation is composed of every entry that names
//! it and the operation (`super::models`): readings of the reference where RFC 3986 leaves
//! room, and named rules of the crate. No relation that normalizes both sides decides.
//!
//! Confirmed bugs are entries too (class `bug`); a bug entry forgives nothing. Its exact form
//! is a model: the crate's wrong rule, composed with the crate's known model, names a finding
//! only when it reproduces the crate's answer exactly (tried after the known model fails, in
//! catalogue order; where the known model reproduced the answer but was refused because the
//! //! answer changes the meaning, the bug's step stands in place of the steps that reproduced it;
//! an answer no single bug's step reproduces may be reproduced by two). Nothing is decided by a
//! condition on the input's text: what no model reproduces is a candidate bug.
//!
//! Every entry carries examples: answers it must forgive (real answers of the crate, checked
//! against the crate when it is built in) and near-misses it must not (what a plausible bug
//! would answer). `cargo test` checks both (`tests/catalogue.rs`).

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use serde::Deserialize;

use super::compare::{self, Difference, DifferenceKind};
use super::departures::Departure;
use super::meaning;
use super::models::{self, Model, Step};
use super::{CaseMemo, Known};
use crate::model::BlindSpot;
use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::HostKind;

pub(super) mod classified;

/// The catalogue shipped with this crate.
pub(crate) const BUNDLED: &str = include_str!("known-differences.yaml");

/// Why a difference is not a bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The implementation follows another specification (WHATWG URL, RFC 3987, RFC 9110).
    Design,
    /// RFC 3986 leaves room and the implementation takes another reading.
    RfcChoice,
    /// The API cannot express the input or component (a port as `u16`).
    ApiLimit,
    /// A departure from RFC 3986 that the crate documents as its own choice, where the RFC
    /// defines one answer.
    DocumentedDeviation,
    /// A bug, checked by hand against the RFC text: the entry groups every signature one root
    /// cause shows into one report, and its reason is the verdict.
    Bug,
    /// Not an entry's class: a finding no entry explains, which a set of the library's
    /// departures (`super::departures`) reproduces. A candidate bug, named by its mechanism.
    Departure,
    /// Not an entry's class: the answer of a documented deviation or design entry (the
    /// library's own words for it) whose resolution target or normalized URI means another
    /// resource than RFC 3986's. The library documents it, so it is not a candidate bug; a
    /// model forgives another spelling, never another meaning, so it is not a known difference
    /// either: a hazard the library chose, which a chooser must see.
    DocumentedMeaningChanged,
}

impl Class {
    /// Whether a finding of this class is a bug, confirmed or candidate.
    pub const fn is_bug(self) -> bool {
        matches!(self, Class::Bug | Class::Departure)
    }

    /// The name used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Design => "design difference",
            Class::RfcChoice => "RFC leaves room",
            Class::ApiLimit => "API limit",
            Class::DocumentedDeviation => "documented deviation",
            Class::Bug => "confirmed bug",
            Class::Departure => "candidate bug: undocumented departure",
            Class::DocumentedMeaningChanged => "documented, changes the meaning",
        }
    }
}

/// One known difference.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable id.
    pub id: String,
    /// The implementations it applies to.
    pub implementations: Vec<String>,
    /// Why it is not a bug (or that it is one).
    pub class: Class,
    /// What the implementation does and why.
    pub reason: String,
    /// The crate's documentation or the specification it follows.
    pub link: String,
    /// For a model entry: the operations whose model it is part of.
    #[serde(default)]
    pub ops: Vec<String>,
    /// For a model entry: the model.
    #[serde(default)]
    pub model: Option<Model>,
    /// Answers it must forgive (or, for a bug, group) and near-misses it must not.
    #[serde(default)]
    pub examples: Vec<Example>,
    /// For a bug: what the crate's maintainers know of it.
    #[serde(default)]
    pub upstream: Option<Upstream>,
    /// An acceptable alternative of a documented choice (vectors/README.md): a reading RFC
    /// 3986 allows, which holds for every implementation. Composed into the model of the
    /// implementations it names, and tried for every other one where its own model does not
    /// reproduce its answer.
    #[serde(default)]
    pub acceptable: bool,
    /// The serializer's departures (`src/diff/serializing.rs`) the same cause makes in the
    /// round trips of a parse, where the entry's model is another operation's (Ruby's empty
    /// host read as nil: its merge, and its to_s that writes no "//" without a host): a round
    /// trip they break is this entry's, one report for the cause.
    #[serde(default)]
    pub writes: Vec<super::serializing::Serializing>,
    /// For an entry of the parser (`ops` with `parse`): the operations (`resolve`,
    /// `normalize`) whose strings the code it models does not read, where the library's
    /// resolver or normalizer reads them otherwise than its parse does. Empty (the default):
    /// the operation reads its base and reference, or its input, with the same parser
    /// (RFC 3986 §5.2.1, §6.2.2), so the entry's model reads them there too
    /// ([`Catalogue::read_through_parser`]).
    #[serde(default, rename = "not-read-by")]
    pub not_read_by: Vec<String>,
    /// For an entry that names several departures (`model: !departures [...]`), which the
    /// catalogue reads as one entry per departure under the entry's id: which of them this is
    /// (0 for the first, which is the entry as listed). Each is a step of the model (or a bug's
    /// model) of its own, so that any of them, or any set, explains a finding as the entry:
    /// one entry, one report.
    #[serde(skip)]
    pub piece: usize,
}

/// What upstream knows of a bug: the issues and pull requests that report or fix it, or none
/// found, as of a date.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upstream {
    /// When the tracker was last searched (YYYY-MM-DD).
    pub checked: String,
    /// What was found; empty for "none found".
    #[serde(default)]
    pub refs: Vec<UpstreamRef>,
}

/// One upstream issue or pull request.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpstreamRef {
    /// `owner/repo#number`.
    pub id: String,
    /// `issue` or `pull request`.
    pub kind: String,
    /// `open`, `closed`, `merged`.
    pub state: String,
    /// Its title.
    pub title: String,
    /// How it relates to the finding, when not plainly the same bug.
    #[serde(default)]
    pub note: Option<String>,
}

impl Upstream {
    /// One line: each reference with its kind, state and title, and the date checked.
    pub fn describe(&self) -> String {
        if self.refs.is_empty() {
            return format!("none found (searched {})", self.checked);
        }
        let refs: Vec<String> = self
            .refs
            .iter()
            .map(|r| {
                let note = r
                    .note
                    .as_deref()
                    .map(|n| format!("; {n}"))
                    .unwrap_or_default();
                format!("{} ({} {}: \"{}\"{note})", r.id, r.state, r.kind, r.title)
            })
            .collect();
        format!("{} (checked {})", refs.join(", "), self.checked)
    }
}

/// One example of an entry: a case, an implementation's answer, and whether the entry must
/// forgive it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The implementation (the entry's first when absent).
    #[serde(rename = "impl", default)]
    pub implementation: Option<String>,
    /// `parse`, `resolve` or `normalize`.
    pub op: String,
    /// The rule of a parse (`URI-reference` when absent).
    #[serde(default)]
    pub rule: Option<crate::protocol::ParseRule>,
    /// The base of a resolution.
    #[serde(default)]
    pub base: Option<String>,
    /// A resolution's mode: `false` for §5.2.2's non-strict one (strict when absent).
    #[serde(default)]
    pub strict: Option<bool>,
    /// The input, or the reference of a resolution.
    pub input: String,
    /// The level of a normalization (`syntax` when absent).
    #[serde(default)]
    pub level: Option<crate::reference::Level>,
    /// A resolution's target.
    #[serde(default)]
    pub target: Option<String>,
    /// A normalization's result.
    #[serde(default)]
    pub normalized: Option<String>,
    /// A parse's components.
    #[serde(default)]
    pub parsed: Option<ParsedExample>,
    /// What the implementation writes from its parse of the input (its `serialize`): the
    /// examples of an entry whose model is a serializer's departure (`!serializing`) are parse
    /// examples with the components and this string.
    #[serde(default)]
    pub serialized: Option<String>,
    /// The implementation rejects the input.
    #[serde(default)]
    pub invalid: bool,
    /// The implementation panics with this message.
    #[serde(default)]
    pub panicked: Option<String>,
    /// A setter of the implementation's URL API called on the URL it parses from the input
    /// (a parse example, the URL's own value or, with the argument `None`, the query or
    /// fragment cleared) or from the base (a resolve example, the reference's value): the
    /// example is the href after the call, which must not parse back to itself
    /// (`super::properties`, `not-idempotent` for setters).
    #[serde(default)]
    pub setter: Option<SetterExample>,
    /// Another entry point of the implementation given a parse example's input
    /// (`Reach::Conversion`), and its answer, which must not agree with the crate's parse
    /// (`super::properties`, `conversions-disagree`).
    #[serde(default)]
    pub conversion: Option<ConversionExample>,
    /// `true`: a real answer of the crate, to be forgiven (and checked against the crate when
    /// built in); `false`: a near-miss, to be refused.
    pub forgive: bool,
    /// For a near-miss: the plausible bug it stands for.
    #[serde(default)]
    pub why: Option<String>,
}

/// A setter call in an example ([`Example::setter`]).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetterExample {
    /// The setter as the crate's API names it: `Url::set_host`.
    pub name: String,
    /// Its argument, as the adapter writes it (Rust source): `Some("")`, `None`.
    pub argument: String,
    /// The href after the call.
    pub href: String,
}

/// An entry point's answer in an example ([`Example::conversion`]).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConversionExample {
    /// The entry point, as the adapter names it: `url::Url::make_relative`.
    pub name: String,
    /// Its answer, components.
    pub parsed: ParsedExample,
}

/// A parse answer in an example: absent components are undefined, the path is empty.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ParsedExample {
    /// `scheme`
    pub scheme: Option<String>,
    /// `userinfo`
    pub userinfo: Option<String>,
    /// `host`
    pub host: Option<String>,
    /// `port`
    pub port: Option<String>,
    /// `path`
    pub path: String,
    /// `query`
    pub query: Option<String>,
    /// `fragment`
    pub fragment: Option<String>,
    /// The host kind.
    pub host_kind: Option<HostKind>,
}

impl Example {
    /// The case it describes.
    pub fn case(&self) -> Result<Request, String> {
        match self.op.as_str() {
            "parse" => Ok(Request::Parse {
                input: self.input.clone(),
                rule: self.rule.clone(),
                zone_id: false,
            }),
            "resolve" => Ok(Request::Resolve {
                base: self.base.clone().ok_or("a resolve example needs a base")?,
                input: self.input.clone(),
                strict: self.strict.unwrap_or(true),
            }),
            "normalize" => Ok(Request::Normalize {
                input: self.input.clone(),
                level: self.level,
            }),
            other => Err(format!("unknown op {other:?}")),
        }
    }

    /// The answer it describes.
    pub fn answer(&self) -> Result<Outcome, String> {
        let given = [
            self.target.is_some(),
            self.normalized.is_some(),
            self.parsed.is_some(),
            self.invalid,
            self.panicked.is_some(),
            self.setter.is_some(),
            self.conversion.is_some(),
        ];
        if given.iter().filter(|&&g| g).count() != 1 {
            return Err(
                "an example gives exactly one of target, normalized, parsed, invalid, panicked, setter, conversion".into(),
            );
        }
        if self.setter.is_some() || self.conversion.is_some() {
            return Err(
                "a setter or conversion example is a call, not an answer of the operation".into(),
            );
        }
        Ok(if let Some(t) = &self.target {
            Outcome::Resolved(t.clone())
        } else if let Some(n) = &self.normalized {
            Outcome::Normalized(n.clone())
        } else if let Some(p) = &self.parsed {
            p.outcome()
        } else if let Some(message) = &self.panicked {
            Outcome::Panicked(message.clone())
        } else {
            Outcome::invalid("example".into())
        })
    }
}

impl ParsedExample {
    /// The parse answer it describes.
    pub fn outcome(&self) -> Outcome {
        Outcome::Parsed {
            components: Components {
                scheme: self.scheme.clone(),
                userinfo: self.userinfo.clone(),
                host: self.host.clone(),
                port: self.port.clone(),
                path: self.path.clone(),
                query: self.query.clone(),
                fragment: self.fragment.clone(),
            },
            host_kind: self.host_kind,
        }
    }
}

/// The catalogue, with a record of which entries matched during a run.
#[derive(Debug)]
pub struct Catalogue {
    entries: Vec<Entry>,
    matched: Vec<AtomicBool>,
    /// The entries by implementation, computed once.
    index: HashMap<String, ImplEntries>,
    /// Per operation: the acceptable alternatives (`Entry::acceptable`), which hold for every
    /// implementation.
    acceptable: [Vec<usize>; 3],
    /// What an implementation that no entry names has: nothing of its own.
    unnamed: ImplEntries,
    /// What each entry alone says of a finding it covers, written once.
    known: Vec<Arc<Known>>,
    /// What several entries together say, written once per set (by catalogue indices).
    joined: RwLock<HashMap<Vec<usize>, Arc<Known>>>,
    /// Per implementation: the acceptable alternatives it answers the controls of otherwise
    /// ([`Catalogue::hold_alternatives`]), which are no reading it takes.
    alternatives_not_held: RwLock<HashMap<String, Vec<usize>>>,
    /// Implementations that share code with another.
    shared_code: Vec<SharedCode>,
    /// How implementations' operations read their strings, where not with their parser.
    operation_reads: Vec<OperationReads>,
    /// The classifications already made ([`classified`]).
    pub(super) memos: classified::Memos,
}

/// One implementation's entries, as indices into the catalogue, in catalogue order.
#[derive(Debug, Default)]
struct ImplEntries {
    /// Per operation (parse, resolve, normalize): the model entries.
    steps: [Vec<usize>; 3],
    /// Per operation: whether a model entry is the URL Standard.
    url_standard: [bool; 3],
    /// The bug entries.
    bugs: Vec<usize>,
    /// Per operation: the bug entries with a model (a subset of `bugs`), in catalogue order.
    bug_models: [Vec<usize>; 3],
}

/// The index of an operation in [`OPS`].
fn op_index(case: &Request) -> usize {
    match case {
        Request::Parse { .. } => 0,
        Request::Resolve { .. } => 1,
        Request::Normalize { .. } => 2,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    entries: Vec<Entry>,
    #[serde(default, rename = "shared-code")]
    shared_code: Vec<SharedCode>,
    /// In an adapter's catalogue: the blind spots its program declares, under which the
    /// examples are written (read by the tests where the program does not run).
    #[serde(default, rename = "blind-spots")]
    #[allow(dead_code)]
    blind_spots: Vec<crate::protocol::DeclaredBlindSpot>,
    /// How an implementation's resolver or normalizer reads its strings, where not with its
    /// parser as a whole.
    #[serde(default, rename = "operation-reads")]
    operation_reads: Vec<OperationReads>,
}

/// How one implementation's operation reads the strings it is given
/// ([`Catalogue::read_through_parser`]): by default with the library's parser, whose entries
/// (`ops: [parse]`) then read them there too. A catalogue says otherwise where the library's
/// source does (network-uri's `normalizeCase` and `normalizeEscape` scan the text; only
/// `parseURIReference` decides whether it is taken).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationReads {
    /// The implementation.
    pub implementation: String,
    /// `resolve` or `normalize`.
    pub op: String,
    /// What of the parser's reading the operation uses.
    pub reads: ParserUse,
    /// The library's source that shows it.
    pub evidence: String,
}

/// What of its parser's reading an operation uses ([`OperationReads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ParserUse {
    /// The components the parser read: the default.
    Components,
    /// Only whether the parser takes the string: a string it refuses is refused, and one it
    /// takes is read by the operation's own code, as written.
    Acceptance,
    /// Nothing: the operation has a reader of its own.
    Nothing,
}

/// An implementation that runs another's code for what it shares with it (a fork): the same
/// finding in both is one cause, filed with the original and counted once.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedCode {
    /// The implementation that shares the code (the fork).
    pub implementation: String,
    /// The implementation it comes from, where a shared finding is counted.
    pub with: String,
    /// How we know: the fork's own words and the files that are the same.
    pub evidence: String,
}

const OPS: [&str; 3] = ["parse", "resolve", "normalize"];

/// The most bug entries that name one finding together: a fuzzed authority can show four of
/// http's at once (`://@[@]:90000`). Each set is tried in every order, and only where no
/// smaller set reproduces the answer.
const MAX_BUGS_AT_ONCE: usize = 4;

/// The most sets of bug entries (each order counted) one finding's search may try: a catalogue
/// of many bugs (url-parse's seventeen parse entries) tries the sizes whose orders fit, so that
/// an unexplained difference costs at most this many models, not the 60,000 orders of four of
/// seventeen. The same sizes for the same catalogue, whatever the case: the verdict does not
/// depend on time.
const MAX_BUG_ORDERS: usize = 1_500;

/// The largest number of bug entries (at most [`MAX_BUGS_AT_ONCE`]) whose sets among `bugs`, each
/// in every order but those made only of one crate's switches (tried once, `switches` of the
/// bugs are), every smaller size included, number at most [`MAX_BUG_ORDERS`].
fn bugs_at_once(bugs: usize, switches: usize) -> usize {
    let choose = |n: usize, k: usize| -> usize {
        if k > n {
            return 0;
        }
        (0..k).fold(1usize, |c, i| c.saturating_mul(n - i) / (i + 1))
    };
    let mut tried = 0usize;
    let mut fits = 0;
    for size in 1..=MAX_BUGS_AT_ONCE.min(bugs) {
        let orders: usize = (1..=size).product();
        let only_switches = choose(switches, size);
        let mixed = choose(bugs, size) - only_switches;
        tried = tried
            .saturating_add(only_switches)
            .saturating_add(mixed.saturating_mul(orders));
        if tried > MAX_BUG_ORDERS {
            break;
        }
        fits = size;
    }
    fits
}

/// Many of a crate's bugs at once, found a few models per bug where the searches by size do
/// not reach (positions among `count` bugs, `rank` their place in the library's order, a
/// crate's rule after the departures): every bug that alone reads the case otherwise or
/// changes the answer `plain` of the model without bugs, or all those but one (a reading
/// that takes the text another needs); those, then with every other bug that changes what
/// they answer, twice at most; the first such set that answers as `reproduces` accepts, less
/// each bug the answer does not need. `model` gives the answer of a set in the given order and
/// whether its first bug reads the case otherwise.
fn all_bugs_at_once(
    count: usize,
    rank: &[Option<usize>],
    model: impl Fn(&[usize]) -> (Outcome, bool),
    reproduces: impl Fn(&Outcome) -> bool,
    plain: &Outcome,
) -> Option<Vec<usize>> {
    let in_order = |mut set: Vec<usize>| {
        set.sort_by_key(|&n| (rank[n].is_none(), rank[n], n));
        set
    };
    let with = |set: &[usize], n: usize| in_order(set.iter().copied().chain([n]).collect());
    // The set, then grown by the bugs that change its answer (but the one left out), twice.
    let grown = |(chosen, left_out): (Vec<usize>, Option<usize>)| {
        let mut sets = vec![chosen];
        for _ in 0..2 {
            let last = &sets[sets.len() - 1];
            let (answer, _) = model(last);
            let more: Vec<usize> = (0..count)
                .filter(|n| {
                    !last.contains(n) && left_out != Some(*n) && model(&with(last, *n)).0 != answer
                })
                .collect();
            if more.is_empty() {
                break;
            }
            let next = in_order(last.iter().copied().chain(more).collect());
            sets.push(next);
        }
        sets
    };
    let first: Vec<usize> = (0..count)
        .filter(|&n| {
            let (answer, reads) = model(&[n]);
            reads || answer != *plain
        })
        .collect();
    let all_but_one = (0..first.len()).map(|at| {
        let mut set = first.clone();
        let left_out = set.remove(at);
        (set, Some(left_out))
    });
    let mut chosen = std::iter::once((first.clone(), None))
        .chain(all_but_one)
        .flat_map(grown)
        .find(|set| reproduces(&model(set).0))?;
    let mut at = 0;
    while at < chosen.len() {
        let mut set = chosen.clone();
        set.remove(at);
        if reproduces(&model(&set).0) {
            chosen = set;
        } else {
            at += 1;
        }
    }
    (!chosen.is_empty()).then_some(chosen)
}

/// The entry that models the URL Standard itself: an implementation that claims the Standard
/// is judged by it.
pub(crate) const URL_STANDARD_ENTRY: &str = "whatwg-url-standard";

impl Catalogue {
    /// The bundled catalogue, with every implementation of `names` that claims the URL
    /// Standard (and is not named by the catalogue already) judged by its model entry.
    pub fn bundled_with_claims(claims: &[(String, crate::impls::spec::Specification)]) -> Self {
        Catalogue::bundled_with(claims, &[]).expect("the bundled catalogue is valid")
    }

    /// The bundled catalogue with the URL Standard's model for every implementation that
    /// claims it, and the catalogues of implementations' own (an adapter's folder's
    /// `known-differences.yaml`), each `(its implementation, its path, its text)`. An
    /// implementation's catalogue speaks of it alone: an entry that names another, or a
    /// `shared-code` line for another, is an error, as is any error of the schema, named with
    /// the file and line.
    pub fn bundled_with(
        claims: &[(String, crate::impls::spec::Specification)],
        own: &[(String, std::path::PathBuf, String)],
    ) -> Result<Self, String> {
        let mut file: File =
            crate::yaml::from_str(BUNDLED).expect("the bundled catalogue is valid");
        if let Some(entry) = file.entries.iter_mut().find(|e| e.id == URL_STANDARD_ENTRY) {
            for (name, spec) in claims {
                if *spec == crate::impls::spec::Specification::UrlStandard
                    && !entry.implementations.contains(name)
                {
                    entry.implementations.push(name.clone());
                }
            }
        }
        for (implementation, path, text) in own {
            let at = path.display();
            // Bounded like every YAML file read: no alias may expand it past the node limit.
            let extra: File = crate::yaml::from_str(text).map_err(|e| e.at(&at))?;
            if let Some(entry) = extra
                .entries
                .iter()
                .find(|e| e.implementations.iter().any(|i| i != implementation))
            {
                return Err(format!(
                    "{at}: entry {:?} names {:?}; this catalogue speaks of {implementation} alone",
                    entry.id, entry.implementations
                ));
            }
            if let Some(shared) = extra
                .shared_code
                .iter()
                .find(|s| s.implementation != *implementation)
            {
                return Err(format!(
                    "{at}: shared-code names {:?}; this catalogue speaks of {implementation} alone",
                    shared.implementation
                ));
            }
            file.entries.extend(extra.entries);
            if let Some(reads) = extra
                .operation_reads
                .iter()
                .find(|r| r.implementation != *implementation)
            {
                return Err(format!(
                    "{at}: operation-reads names {:?}; this catalogue speaks of {implementation} alone",
                    reads.implementation
                ));
            }
            file.shared_code.extend(extra.shared_code);
            file.operation_reads.extend(extra.operation_reads);
        }
        let paths: Vec<String> = own
            .iter()
            .map(|(_, p, _)| p.display().to_string())
            .collect();
        Catalogue::from_file(file).map_err(|e| {
            if paths.is_empty() {
                e
            } else {
                format!(
                    "{e} (catalogues read: known-differences.yaml, {})",
                    paths.join(", ")
                )
            }
        })
    }

    /// Reads a catalogue; errors name the line or the entry.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: File = crate::yaml::from_str(text).map_err(|e| e.at("known-differences.yaml"))?;
        Catalogue::from_file(file)
    }

    fn from_file(file: File) -> Result<Self, String> {
        let mut reading = BTreeSet::new();
        for reads in &file.operation_reads {
            if !["resolve", "normalize"].contains(&reads.op.as_str())
                || !reading.insert((&reads.implementation, &reads.op))
            {
                return Err(format!(
                    "operation-reads: {} {:?}: one line per implementation and operation (resolve, normalize)",
                    reads.implementation, reads.op
                ));
            }
        }
        let mut sharing = BTreeSet::new();
        for shared in &file.shared_code {
            if shared.implementation == shared.with || !sharing.insert(&shared.implementation) {
                return Err(format!(
                    "shared-code: {} shares code with one other implementation, named once",
                    shared.implementation
                ));
            }
        }
        let mut ids = BTreeSet::new();
        for entry in &file.entries {
            let id = &entry.id;
            if !ids.insert(id.clone()) {
                return Err(format!("known-differences.yaml: duplicate id {id:?}"));
            }
            // An entry's id names its reports; a candidate's names start with its operation.
            if OPS.iter().any(|op| id.starts_with(&format!("{op}-"))) || !is_entry_id(id) {
                return Err(format!(
                    "{id}: an entry id is lowercase letters, digits and \"-\", and does not start with an operation's name (\"parse-\"), which a candidate's report name starts with"
                ));
            }
            if entry.model.is_none() || entry.ops.is_empty() {
                return Err(format!(
                    "{id}: every entry, known or bug, has a `model` and the `ops` it models"
                ));
            }
            if let Some(op) = entry.ops.iter().find(|op| !OPS.contains(&op.as_str())) {
                return Err(format!("{id}: unknown op {op:?}"));
            }
            if !entry.not_read_by.is_empty()
                && (!entry.ops.iter().any(|op| op == "parse")
                    || entry
                        .not_read_by
                        .iter()
                        .any(|op| !["resolve", "normalize"].contains(&op.as_str())))
            {
                return Err(format!(
                    "{id}: `not-read-by` names operations (resolve, normalize) that do not read their strings with the parse this entry models (`ops` with parse)"
                ));
            }
            if entry.class == Class::Departure {
                return Err(format!(
                    "{id}: `departure` is what attribution finds, not an entry's class (a documented departure is `documented-deviation`, with `model: !departure ...`)"
                ));
            }
            if entry.class == Class::DocumentedMeaningChanged {
                return Err(format!(
                    "{id}: `documented-meaning-changed` is what the judge finds of a documented entry whose answer changes a target's meaning, not an entry's class (write `documented-deviation` or `design`)"
                ));
            }
            if entry.acceptable && entry.class != Class::RfcChoice {
                return Err(format!(
                    "{id}: an acceptable alternative is a reading RFC 3986 allows (class rfc-choice)"
                ));
            }
            if entry.class == Class::Bug && entry.upstream.is_none() {
                return Err(format!(
                    "{id}: a bug entry says what upstream knows (`upstream`, with `refs: []` for none found)"
                ));
            }
            let serializer = matches!(entry.model, Some(Model::Serializing(_)));
            if serializer && entry.ops != ["parse"] {
                return Err(format!(
                    "{id}: a serializer's departure (`!serializing`) names round trips of a parse: `ops: [parse]`"
                ));
            }
            for (i, example) in entry.examples.iter().enumerate() {
                let written = example.serialized.is_some() && example.parsed.is_some();
                if serializer != written || serializer && example.op != "parse" {
                    return Err(format!(
                        "{id}: example {}: an entry whose model is `!serializing` has parse examples with `parsed` and `serialized`, and only it has `serialized`",
                        i + 1
                    ));
                }
                example
                    .case()
                    .and_then(|_| match (&example.setter, &example.conversion) {
                        (Some(_), _) if example.op == "normalize" => {
                            Err("a setter is called on a parse or a resolve case".into())
                        }
                        (_, Some(_)) if example.op != "parse" => {
                            Err("a conversion is called on a parse case".into())
                        }
                        (Some(_), _) | (_, Some(_)) => Ok(()),
                        (None, None) => example.answer().map(|_| ()),
                    })
                    .map_err(|e| format!("{id}: example {}: {e}", i + 1))?;
            }
        }
        // An entry of several departures is one entry per departure under its id, each with
        // the entry's examples (any of them may be what a finding shows).
        let mut file = file;
        file.entries = std::mem::take(&mut file.entries)
            .into_iter()
            .flat_map(|entry| match entry.model {
                Some(Model::Departures(set)) => set
                    .iter()
                    .enumerate()
                    .map(|(piece, departure)| Entry {
                        model: Some(Model::Departure(departure)),
                        piece,
                        ..entry.clone()
                    })
                    .collect(),
                _ => vec![entry],
            })
            .collect();
        let matched = file
            .entries
            .iter()
            .map(|_| AtomicBool::new(false))
            .collect();
        let mut index: HashMap<String, ImplEntries> = HashMap::new();
        for (i, entry) in file.entries.iter().enumerate() {
            for name in &entry.implementations {
                let own = index.entry(name.clone()).or_default();
                if own.bugs.last() == Some(&i) || own.steps.iter().any(|s| s.last() == Some(&i)) {
                    // An implementation named twice by one entry counts once.
                    continue;
                }
                if entry.class == Class::Bug {
                    own.bugs.push(i);
                }
                if let Some(model) = &entry.model {
                    for (op_i, op) in OPS.iter().enumerate() {
                        if !entry.ops.iter().any(|o| o == op) {
                            continue;
                        }
                        // A bug's model never forgives: it is tried after the known model
                        // fails, composed with it, only to name the bug.
                        if entry.class == Class::Bug {
                            own.bug_models[op_i].push(i);
                        } else {
                            own.steps[op_i].push(i);
                            own.url_standard[op_i] |= matches!(model, Model::UrlStandard);
                        }
                    }
                }
            }
        }
        let mut acceptable: [Vec<usize>; 3] = Default::default();
        for (i, entry) in file.entries.iter().enumerate() {
            for (op_i, op) in OPS.iter().enumerate() {
                if entry.acceptable && entry.ops.iter().any(|o| o == op) {
                    acceptable[op_i].push(i);
                }
            }
        }
        let known = file
            .entries
            .iter()
            .map(|e| Arc::new(known_of(&[e])))
            .collect();
        Ok(Catalogue {
            entries: file.entries,
            matched,
            index,
            acceptable,
            unnamed: ImplEntries::default(),
            known,
            joined: RwLock::default(),
            alternatives_not_held: RwLock::default(),
            shared_code: file.shared_code,
            operation_reads: file.operation_reads,
            memos: classified::Memos::default(),
        })
    }

    /// The bundled catalogue.
    pub fn bundled() -> Self {
        Catalogue::parse(BUNDLED).expect("the bundled catalogue is valid")
    }

    /// The entries.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The implementations that share code with another, as declared.
    pub fn shared_code(&self) -> &[SharedCode] {
        &self.shared_code
    }

    /// The steps of `implementation`'s model for the operation `op`, in catalogue order.
    pub(crate) fn steps(&self, implementation: &str, case: &Request) -> Vec<Step<'_>> {
        self.index
            .get(implementation)
            .map(|own| {
                own.steps[op_index(case)]
                    .iter()
                    .filter_map(|&index| {
                        self.entries[index]
                            .model
                            .as_ref()
                            .map(|model| Step { model, index })
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The departures of `implementation`'s known model for the case's operation that rewrite
    /// the raw text before anything reads it ([`Departure::preprocesses`]), in the order they
    /// read it: where a departure's place is sought, the text is as they left it.
    pub fn text_readings(&self, implementation: &str, case: &Request) -> Vec<Departure> {
        self.steps(implementation, case)
            .into_iter()
            .filter_map(|step| match step.model {
                Model::Departure(d) if d.preprocesses() => Some(*d),
                _ => None,
            })
            .collect()
    }

    /// Whether `implementation`'s model for the case's operation is the URL Standard.
    pub fn claims_url_standard(&self, implementation: &str, case: &Request) -> bool {
        self.index
            .get(implementation)
            .is_some_and(|own| own.url_standard[op_index(case)])
    }

    /// The implementation's modelled answer to `case` and the entries that shaped it; `None`
    /// when no entry models the operation for it.
    pub fn modelled_answer(
        &self,
        implementation: &str,
        case: &Request,
    ) -> Option<(Outcome, Vec<&Entry>)> {
        let steps = self.steps(implementation, case);
        if steps.is_empty() {
            return None;
        }
        let models::Answer(answer, used) = models::answer(&steps, case, &CaseMemo::default());
        Some((answer, used.into_iter().map(|i| &self.entries[i]).collect()))
    }

    /// The answer of the specification `implementation` claims, where its model is a whole
    /// specification (the URL Standard for url and ada-url) and answers the case; `None`
    /// otherwise. An unsupported answer is no answer.
    pub fn claimed_specification_answer(
        &self,
        implementation: &str,
        case: &Request,
    ) -> Option<Outcome> {
        let steps = self.steps(implementation, case);
        if !steps.iter().any(|s| s.model.is_url_standard()) {
            return None;
        }
        let answer = models::outcome(&steps, case, &CaseMemo::default());
        Some(answer).filter(|answer| *answer != Outcome::Unsupported)
    }

    /// What covers this difference: the known difference whose model reproduces the answer
    /// exactly, or the confirmed bug (or two) whose model does. Records the match.
    pub fn classify(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
    ) -> Option<Arc<Known>> {
        self.classify_memo(
            implementation,
            blind_spots,
            case,
            difference,
            expected,
            actual,
            &CaseMemo::default(),
        )
    }

    /// [`Catalogue::classify`], with what is computed once per case shared through `memo`:
    /// the model's answer is computed once, and only the entries of the implementation are
    /// looked at. A difference already classified is not classified again ([`classified`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn classify_memo(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
        memo: &CaseMemo,
    ) -> Option<Arc<Known>> {
        let asked = classified::AskedClassification {
            implementation,
            blind_spots,
            case,
            difference,
            expected,
            actual,
        };
        self.memos.classifications.get_or(&asked, || {
            self.classify_anew(
                implementation,
                blind_spots,
                case,
                difference,
                expected,
                actual,
                memo,
                &[],
            )
        })
    }

    /// Whether the implementation's entries other than those named `ids` (its documented
    /// model, its choices, its other bugs) or the readings the RFC allows explain the
    /// difference too: a case where the entries `ids` are not the only mechanism acting, which
    /// a minimal case of theirs must not be (Poco's "//[::]/%2e./" is read as a path, which
    /// another of its entries explains, before its rule for a relative URI's authority acts).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn explained_without(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
        ids: &[String],
    ) -> bool {
        let excluded: Vec<usize> = (0..self.entries.len())
            .filter(|&i| ids.contains(&self.entries[i].id))
            .collect();
        !excluded.is_empty()
            && self
                .classify_anew(
                    implementation,
                    blind_spots,
                    case,
                    difference,
                    expected,
                    actual,
                    &CaseMemo::default(),
                    &excluded,
                )
                .is_some()
    }

    /// [`Catalogue::classify_memo`] without the memo of classifications, and without the
    /// entries `excluded` (catalogue indices).
    #[allow(clippy::too_many_arguments)]
    fn classify_anew(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
        memo: &CaseMemo,
        excluded: &[usize],
    ) -> Option<Arc<Known>> {
        let steps_of = |case: &Request| -> Vec<Step<'_>> {
            let mut steps = self.steps(implementation, case);
            steps.retain(|s| !excluded.contains(&s.index));
            steps
        };
        let bugs_of = |case: &Request| -> Vec<usize> {
            let own = self.index.get(implementation).unwrap_or(&self.unnamed);
            own.bug_models[op_index(case)]
                .iter()
                .copied()
                .filter(|i| !excluded.contains(i))
                .collect()
        };
        // A broken promise of the crate's own (a property) is never a known difference: a
        // model of its answers says nothing about it. Only a bug entry that names the
        // property's kind groups it.
        let property = difference.kind.is_property();
        // Two laws are broken by the case's own answer (a resolution's target that is not an
        // absolute URI, or not the reference with its dot-segments removed): a bug whose model
        // reproduces that answer explains them. No known difference forgives a law.
        let law_of_the_answer = matches!(
            (difference.kind, case),
            (
                DifferenceKind::ResolutionLaw | DifferenceKind::TargetNotAbsolute,
                Request::Resolve { .. }
            )
        );
        if !property || law_of_the_answer {
            let steps = steps_of(case);
            // A whole specification's model (the URL Standard) answers by that
            // specification, where RFC 3986's meaning does not apply.
            let other_specification = steps.iter().any(|s| s.model.is_url_standard());
            // An answer the readings RFC 3986 allows every implementation give (a documented
            // choice's acceptable alternatives: a base normalized first, §5.2.1; a "//" path
            // written with "/."; an IPv6 address in RFC 5952's form), with the implementation's
            // own restatements of documented choices, is the RFC's room, whatever else its other
            // entries would also make of it: no entry's model turns an answer the RFC allows into
            // a bug or a deviation. A refusal is left to the implementation's entries first: the
            // alternative "an error" cannot tell which rule refused (a base refused for its
            // IPvFuture host is not choice 1's refusal of a "//" path).
            if !property && !other_specification && !matches!(actual, Outcome::Invalid(_)) {
                let choices: Vec<Step<'_>> = steps
                    .iter()
                    .filter(|s| self.entries[s.index].class == Class::RfcChoice)
                    .copied()
                    .collect();
                if let Some(used) =
                    self.choices_alone(implementation, &choices, case, actual, blind_spots, memo)
                    && meaning::keeps_meaning(case, expected, actual)
                {
                    for &i in &used {
                        self.record(i);
                    }
                    return Some(self.known_for(&used));
                }
            }
            let mut known_answer = None;
            // The steps whose answer reproduced the crate's but changed the meaning.
            let mut refused: Vec<usize> = Vec::new();
            if !steps.is_empty() {
                let (answer, inert) = models::outcome_traced(&steps, case, memo);
                // An unsupported model answer explains nothing: the comparison would skip
                // it. A model forgives another spelling, never another meaning. The steps
                // the answer needs are sought only for an answer that reproduces the crate's
                // (one evaluation per step).
                let reproduced = !property
                    && answer != Outcome::Unsupported
                    && compare::compare(case, &answer, actual, blind_spots).is_none();
                let used = if reproduced {
                    models::needed(&steps, case, memo, &answer, &inert)
                } else {
                    Vec::new()
                };
                if reproduced && !used.is_empty() {
                    if other_specification || meaning::keeps_meaning(case, expected, actual) {
                        for &i in &used {
                            self.record(i);
                        }
                        return Some(self.known_for(&used));
                    }
                    refused = used;
                }
                known_answer = Some(answer);
            }
            // A refusal the implementation's documented entries do not give, which a reading
            // RFC 3986 allows gives (choice 1's error for a "//" path without authority), is
            // that reading's, before any bug entry that refuses it too (QUrl's ported resolver
            // refuses ".//g" against "f:/a" as choice 1 allows), unless the implementation's
            // entries may refuse the base or the reference as it parses them: then the refusal
            // may be theirs (rhymuri's scheme rule refuses the reference ".?:"; a base refused
            // for its host), and is left to them.
            if matches!(actual, Outcome::Invalid(_))
                && !property
                && refused.is_empty()
                && !other_specification
                && !self.parse_may_refuse(implementation, case)
                && let Some(used) =
                    self.with_alternatives(implementation, &steps, case, actual, blind_spots, memo)
            {
                for &i in &used {
                    self.record(i);
                }
                return Some(self.known_for(&used));
            }
            // A bug entry with a model names the finding when the crate's model with the
            // bug's step added reproduces the answer exactly, and the bug's step is what makes
            // it: the model without it answers otherwise. Where the known model reproduced the
            // answer and was refused because the answer changes the meaning, the bug's step
            // stands in place of the steps that reproduced it: the model without those steps
            // but with the bug's must reproduce the answer, and without the bug's step too it
            // must not (a documented rule that turns out to change the target is the bug that
            // shares its answer, never a bug whose step changes nothing).
            let kept: Vec<Step<'_>> = steps
                .iter()
                .filter(|s| !refused.contains(&s.index))
                .copied()
                .collect();
            let without_bug = if refused.is_empty() {
                known_answer
            } else {
                Some(models::outcome(&kept, case, memo))
            };
            // One bug's step, or two, three or four together where no fewer reproduce the answer
            // (uriparse's normalization keeps an unregistered scheme's case and lowercases a
            // host before decoding it: "A://%41" gives "A://A/"; http's "://[]:90000" shows an
            // unchecked scheme, IP literal and hidden port, its "://@[@]:90000" an unchecked
            // scheme, several "@", brackets outside an IP literal and a hidden port), each
            // choice in every order: a bug model repairs what its bug lets through and hands the
            // rest on, and a model whose repair hides from the next what the crate read
            // reproduces the answer in some orders only.
            let bugs = &bugs_of(case);
            let switches = bugs
                .iter()
                .filter(|&&i| {
                    self.entries[i]
                        .model
                        .as_ref()
                        .is_some_and(models::is_switch)
                })
                .count();
            // The model with the bugs `order` (positions in `bugs`) added, in that order.
            // The steps of the model with the bugs `order` (positions in `bugs`) added.
            let bug_steps_of = |order: &[usize]| -> Vec<Step<'_>> {
                order
                    .iter()
                    .filter_map(|&n| {
                        let index = bugs[n];
                        let model = self.entries[index].model.as_ref()?;
                        Some(Step { model, index })
                    })
                    .collect()
            };
            // The model with the bugs `order` added, the crate's rules among them after its
            // known steps, or (`first`) before them: a crate's rule that writes its answer anew
            // from the components it read (Poco's removeDotSegments and mergePath, `URI::resolve`)
            // comes before the documented rules that edit what is written (its well-known port
            // left out by `toString`), which it would otherwise undo.
            let with_bugs_placed = |order: &[usize], first: bool| -> Vec<Step<'_>> {
                let bug_steps = bug_steps_of(order);
                // A departure of the library reads the input before the crate's known
                // rules act on what it read, as in attribution; a crate's rule acts after
                // them, unless a departure after it reads the text it left (Poco's "@" rule
                // hands its unchecked host the text after the last "@").
                let reads = |s: &&Step<'_>| matches!(s.model, Model::Departure(_));
                let read = models::readings_of(&bug_steps, case);
                let last_read = (0..bug_steps.len())
                    .rfind(|&at| read[at] && reads(&&bug_steps[at]))
                    .map_or(0, |at| at + 1);
                let mut with_bugs: Vec<Step<'_>> = bug_steps[..last_read].to_vec();
                with_bugs.extend(bug_steps[last_read..].iter().filter(reads).copied());
                if first {
                    with_bugs.extend(bug_steps[last_read..].iter().filter(|s| !reads(s)).copied());
                    with_bugs.extend(kept.iter().copied());
                } else {
                    with_bugs.extend(kept.iter().copied());
                    with_bugs.extend(bug_steps[last_read..].iter().filter(|s| !reads(s)).copied());
                }
                with_bugs
            };
            let with_bugs_in = |order: &[usize]| with_bugs_placed(order, false);
            let answer_of = |steps: &[Step<'_>]| models::outcome(steps, case, memo);
            // The steps reproduce the answer, and each bug among them is needed where it
            // stands: without it the others do not (a departure that reads nothing
            // of the case is no part of it, even where its place moved another rule).
            let explains = |steps: &[Step<'_>], answer: &Outcome| {
                *answer != Outcome::Unsupported
                    && without_bug.as_ref() != Some(answer)
                    && compare::compare(case, answer, actual, blind_spots).is_none()
                    && steps.iter().enumerate().all(|(at, step)| {
                        !bugs.contains(&step.index) || {
                            let mut without = steps.to_vec();
                            without.remove(at);
                            compare::compare(case, &answer_of(&without), actual, blind_spots)
                                .is_some()
                        }
                    })
            };
            let named = |order: &[usize]| {
                for &n in order {
                    self.record(bugs[n]);
                }
                // Named in catalogue order, whichever order reproduced the answer.
                let mut chosen: Vec<usize> = order.iter().map(|&n| bugs[n]).collect();
                chosen.sort_unstable();
                self.known_for(&chosen)
            };
            let exhaustive = bugs_at_once(bugs.len(), switches);
            for size in 1..=exhaustive {
                for chosen in combinations(bugs.len(), size).iter().flat_map(|c| {
                    // One crate's switches (rhymuri's and uniresid's) are one model whatever
                    // their order: a set of them is tried once.
                    let switches = c.iter().all(|&n| {
                        self.entries[bugs[n]]
                            .model
                            .as_ref()
                            .is_some_and(models::is_switch)
                    });
                    if switches { vec![c.clone()] } else { orders(c) }
                }) {
                    let steps = with_bugs_in(&chosen);
                    if explains(&steps, &answer_of(&steps)) {
                        return Some(named(&chosen));
                    }
                }
            }
            // Larger sets than every order of every choice allows (a catalogue of many bugs:
            // Poco's twenty parse entries) are reached one bug at a time: each bug added, at
            // any place in the order, reads the case otherwise or changes what the bugs
            // before it answer; at most MAX_BUG_ORDERS sets more.
            // The library's departures read the text in the library's order (a network path
            // read as a path before an IP literal is read in it), as in attribution; a crate's
            // rule may come anywhere among them.
            let library = Departure::all();
            let rank: Vec<Option<usize>> = bugs
                .iter()
                .map(|&i| match self.entries[i].model {
                    Some(Model::Departure(d)) => library.iter().position(|&l| l == d),
                    _ => None,
                })
                .collect();
            let plain = without_bug
                .clone()
                .unwrap_or_else(|| models::outcome(&kept, case, memo));
            if exhaustive < MAX_BUGS_AT_ONCE.min(bugs.len()) {
                let in_library_order = |order: &[usize]| {
                    let ranks: Vec<usize> = order.iter().filter_map(|&n| rank[n]).collect();
                    ranks.windows(2).all(|w| w[0] < w[1])
                };
                let mut chains: Vec<(Vec<usize>, Outcome)> = vec![(Vec::new(), plain.clone())];
                let mut tried = 0usize;
                'sizes: for size in 1..=MAX_BUGS_AT_ONCE.min(bugs.len()) {
                    let mut longer: Vec<(Vec<usize>, Outcome)> = Vec::new();
                    for (order, answer) in &chains {
                        for n in (0..bugs.len()).filter(|n| !order.contains(n)) {
                            for at in 0..=order.len() {
                                let mut next = order.clone();
                                next.insert(at, n);
                                if !in_library_order(&next)
                                    || longer.iter().any(|(o, _)| o == &next)
                                {
                                    continue;
                                }
                                tried += 1;
                                if tried > MAX_BUG_ORDERS {
                                    break 'sizes;
                                }
                                let steps = with_bugs_in(&next);
                                let next_answer = answer_of(&steps);
                                // The bug added reads the case otherwise, or changes the
                                // answer (a refusal for another reason is still a refusal):
                                // where the parser took what the RFC refuses, each of the
                                // bugs that let it through reads its part before the answer
                                // changes at all (Poco's "//[]#]": a path, unchecked, and an
                                // unchecked fragment).
                                let refused = |o: &Outcome| matches!(o, Outcome::Invalid(_));
                                let reads_more = models::readings_of(&bug_steps_of(&next), case)
                                    .get(at)
                                    .copied()
                                    .unwrap_or(false);
                                if !reads_more
                                    && (next_answer == *answer
                                        || (refused(&next_answer) && refused(answer)))
                                {
                                    continue;
                                }
                                if size > exhaustive && explains(&steps, &next_answer) {
                                    return Some(named(&next));
                                }
                                longer.push((next, next_answer));
                            }
                        }
                    }
                    chains = longer;
                }
            }
            // More bugs at once than the searches above reach (a generated case with an
            // unchecked character in every component: Poco's host, port, path, query and
            // fragment rules in `a://\u{200d}:08/\u{9f}?\u{9f}#\u{9f}`): every bug that reads
            // the case otherwise, then every other that changes what those answer, in the
            // library's order; where that is one too many, each left out in turn; then each
            // the answer does not need, left out. A few models per bug, whatever the size.
            if bugs.len() > MAX_BUGS_AT_ONCE
                && let Some(order) = all_bugs_at_once(
                    bugs.len(),
                    &rank,
                    |order| {
                        let steps = with_bugs_in(order);
                        let answer = answer_of(&steps);
                        let read =
                            models::readings_of(&bug_steps_of(&order[..order.len().min(1)]), case);
                        (answer, read.first().copied().unwrap_or(false))
                    },
                    |answer| {
                        *answer != Outcome::Unsupported
                            && compare::compare(case, answer, actual, blind_spots).is_none()
                    },
                    &plain,
                )
                && explains(&with_bugs_in(&order), &answer_of(&with_bugs_in(&order)))
            {
                return Some(named(&order));
            }
            // Where the crate's rules after its known steps reproduce nothing, the same sets
            // with the crate's rules before them (a rule that writes the answer anew, then the
            // documented rules that edit it: Poco's "/%2E//.?a" against "https://[::]:443" is
            // its removeDotSegments and its "/" before a query, then its well-known port left
            // out). Only sets whose placement differs are tried again.
            if !kept.is_empty() {
                for size in 1..=exhaustive {
                    for chosen in combinations(bugs.len(), size)
                        .iter()
                        .flat_map(|c| orders(c))
                    {
                        let steps = with_bugs_placed(&chosen, true);
                        let indices = |steps: &[Step<'_>]| -> Vec<usize> {
                            steps.iter().map(|s| s.index).collect()
                        };
                        if indices(&steps) == indices(&with_bugs_in(&chosen)) {
                            continue;
                        }
                        if explains(&steps, &answer_of(&steps)) {
                            return Some(named(&chosen));
                        }
                    }
                }
            }
            // A documented choice's acceptable alternatives hold for every implementation:
            // where neither its own model nor its bugs reproduce the answer, the model with
            // one, two or three of them does (a resolver that normalizes its base and keeps a
            // "//" path a path with "/."). Tried alone before the implementation's entries
            // (above, for an answer that is no refusal); here composed with them.
            if !property && refused.is_empty() && !other_specification {
                let chosen =
                    self.with_alternatives(implementation, &steps, case, actual, blind_spots, memo);
                if let Some(used) = chosen
                    && meaning::keeps_meaning(case, expected, actual)
                {
                    for &i in &used {
                        self.record(i);
                    }
                    return Some(self.known_for(&used));
                }
                // A bug beside a reading RFC 3986 allows every implementation (a resolver that
                // normalizes its base, §5.2.1, and merges with its own bug): the bug's report,
                // the reading named beside it.
                for &bug in bugs {
                    let Some(model) = self.entries[bug].model.as_ref() else {
                        continue;
                    };
                    let mut with_bug: Vec<Step<'_>> = kept.clone();
                    with_bug.push(Step { model, index: bug });
                    if let Some(used) = self.with_alternatives(
                        implementation,
                        &with_bug,
                        case,
                        actual,
                        blind_spots,
                        memo,
                    ) && used.contains(&bug)
                        && used.len() > 1
                    {
                        let mut named = vec![bug];
                        named.extend(used.iter().copied().filter(|&i| i != bug));
                        for &i in &named {
                            self.record(i);
                        }
                        return Some(self.known_for(&named));
                    }
                }
            }
            // The library's own documented answer, which changes the meaning, where no bug
            // explains it: the entries' mechanism, one report, marked as the hazard it is.
            // Only the library's words make it so (a deviation or a design it documents); an
            // RFC choice or an API limit that changes a target's meaning is no reading the RFC
            // allows, and stays a candidate. Beside a documented entry, one of them may have
            // spelled the answer otherwise (a port written as a number beside a password left
            // out): the model without the documented entries must keep the meaning.
            let documented = |i: usize| {
                self.entries
                    .get(i)
                    .is_some_and(|e| matches!(e.class, Class::DocumentedDeviation | Class::Design))
            };
            let only_documented_change_it = || {
                if refused.iter().all(|&i| documented(i)) {
                    return true;
                }
                let undocumented: Vec<Step<'_>> = steps
                    .iter()
                    .filter(|s| !refused.contains(&s.index) || !documented(s.index))
                    .copied()
                    .collect();
                let answer = models::outcome(&undocumented, case, memo);
                meaning::keeps_meaning(case, expected, &answer)
            };
            if refused.iter().any(|&i| documented(i)) && only_documented_change_it() {
                for &i in &refused {
                    self.record(i);
                }
                return Some(Arc::new(meaning_changed(&self.known_for(&refused))));
            }
        }
        // The parser's entries read the strings the operation parses: a finding of a
        // resolution or a normalization its parse model explains is that model's.
        if !property
            && let Some(known) = self.read_through_parser(
                implementation,
                blind_spots,
                case,
                expected,
                actual,
                &steps_of(case),
                &bugs_of(case),
                excluded,
            )
        {
            return Some(known);
        }
        if property && !law_of_the_answer {
            // A broken property is named by the smallest set of bug entries whose models,
            // added to the crate's known model, break it the same way where that model alone
            // does not: only models that answer every call a property makes can (rhymuri's and
            // uniresid's switches, `models::breaks_the_property`). Their answers do not depend
            // on order: each set is tried once.
            let steps = steps_of(case);
            let bugs = &bugs_of(case);
            let model_of = |n: usize| self.entries[bugs[n]].model.as_ref();
            let all: Vec<&Model> = (0..bugs.len()).filter_map(model_of).collect();
            let breaks = |models: &[&Model]| {
                models::breaks_the_property(&steps, models, case, difference, memo, blind_spots)
            };
            if !all.is_empty() && breaks(&all) {
                for size in 1..=MAX_BUGS_AT_ONCE {
                    for chosen in combinations(bugs.len(), size) {
                        let models: Vec<&Model> =
                            chosen.iter().filter_map(|&n| model_of(n)).collect();
                        if models.len() == chosen.len() && breaks(&models) {
                            let chosen: Vec<usize> = chosen.iter().map(|&n| bugs[n]).collect();
                            for &i in &chosen {
                                self.record(i);
                            }
                            return Some(self.known_for(&chosen));
                        }
                    }
                }
            }
        }
        None
    }

    /// A resolution or a normalization named by the implementation's parser entries, where the
    /// operation reads its strings with the library's parser (RFC 3986 §5.2.1, §5.2.2: "The URI
    /// reference is parsed into the five URI components"; §6.2.2 normalizes the components a
    /// parse gave). Each string the operation is given (a resolution's base and reference, a
    /// normalization's input) is read by the implementation's parse model: its known parse
    /// entries, alone, with one of its parse bugs or with all of them. A string that model
    /// refuses where the RFC takes it refuses the operation; one it reads into other components
    /// is written by §5.3 (where that string reads back as those components) and handed to the
    /// operation's own model, with none or one of its bugs, and the answer written, where the
    /// library has a writer's entries (`!serializing`, `writes:`), by them as well. A model
    /// that reproduces `actual` exactly names the finding by the parse entries that read a
    /// string otherwise and the entries of the operation (and writer) its answer needs: the
    /// same mechanism, one report, wherever the parser runs. An entry marked `not-read-by` for
    /// the operation, or an implementation whose catalogue says the operation reads its strings
    /// otherwise ([`OperationReads`]), is not read here. `None` for a parse, a property, or an
    /// implementation judged by another specification.
    #[allow(clippy::too_many_arguments)]
    fn read_through_parser(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        case: &Request,
        expected: &Outcome,
        actual: &Outcome,
        steps: &[Step<'_>],
        bugs: &[usize],
        excluded: &[usize],
    ) -> Option<Arc<Known>> {
        let op = op_index(case);
        if op == 0 || matches!(actual, Outcome::Unsupported) {
            return None;
        }
        let uses = self
            .operation_reads
            .iter()
            .find(|r| r.implementation == implementation && r.op == OPS[op])
            .map_or(ParserUse::Components, |r| r.reads);
        let own = self.index.get(implementation)?;
        if uses == ParserUse::Nothing || own.url_standard.iter().any(|&u| u) {
            return None;
        }
        let of_the_parser = |i: &usize| {
            let entry = &self.entries[*i];
            // An entry that models the operation too already says what it does there.
            !excluded.contains(i)
                && !entry.ops.iter().any(|o| o == OPS[op])
                && !entry.not_read_by.iter().any(|o| o == OPS[op])
                && matches!(
                    entry.model,
                    Some(Model::Transform(_) | Model::Departure(_) | Model::Rfc2396(_))
                )
        };
        let known_parse: Vec<usize> = own.steps[0].iter().copied().filter(of_the_parser).collect();
        let bug_parse: Vec<usize> = own.bug_models[0]
            .iter()
            .copied()
            .filter(of_the_parser)
            .collect();
        let step = |index: usize| Step {
            model: self.entries[index].model.as_ref().expect("a model entry"),
            index,
        };
        // The parser's model with the bugs `chosen`: the library's departures read the text
        // before the crate's documented rules act on what they read, its own rules after them.
        let parser = |chosen: &[usize]| -> Vec<Step<'_>> {
            let departure = |i: &usize| matches!(self.entries[*i].model, Some(Model::Departure(_)));
            chosen
                .iter()
                .copied()
                .filter(departure)
                .chain(known_parse.iter().copied())
                .chain(chosen.iter().copied().filter(|i| !departure(i)))
                .map(step)
                .collect()
        };
        let mut bug_sets: Vec<Vec<usize>> = vec![Vec::new()];
        bug_sets.extend(bug_parse.iter().map(|&b| vec![b]));
        if bug_parse.len() > 1 {
            bug_sets.push(bug_parse.clone());
        }
        // The writer's entries: a serializer's departure, or one an entry of another
        // operation names as its cause's (`writes`).
        let writers: Vec<(super::serializing::Serializing, usize)> = self
            .entries
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                !excluded.contains(i) && e.implementations.iter().any(|n| n == implementation)
            })
            .flat_map(|(i, e)| {
                let own = match e.model {
                    Some(Model::Serializing(d)) => Some(d),
                    _ => None,
                };
                own.into_iter()
                    .chain(e.writes.iter().copied())
                    .map(move |d| (d, i))
            })
            .collect();
        if known_parse.is_empty() && bug_parse.is_empty() && writers.is_empty() {
            return None;
        }
        let mut writer_sets: Vec<Vec<usize>> = vec![Vec::new()];
        writer_sets.extend((0..writers.len()).map(|w| vec![w]));
        if writers.len() > 1 {
            writer_sets.push((0..writers.len()).collect());
        }
        let written = |answer: &Outcome, chosen: &[usize]| -> Option<Outcome> {
            let set: Vec<super::serializing::Serializing> =
                chosen.iter().map(|&w| writers[w].0).collect();
            let rewrite = |text: &str| -> Option<String> {
                let components = crate::reference::parse(text).ok()?;
                (crate::reference::recompose(&components) == text).then(|| {
                    super::serializing::Serializing::serialize(&set, &(&components).into())
                })
            };
            match answer {
                _ if chosen.is_empty() => Some(answer.clone()),
                Outcome::Resolved(text) => rewrite(text).map(Outcome::Resolved),
                Outcome::Normalized(text) => rewrite(text).map(Outcome::Normalized),
                _ => None,
            }
        };
        let reproduces = |answer: &Outcome| {
            *answer != Outcome::Unsupported
                && compare::compare(case, answer, actual, blind_spots).is_none()
        };
        let reference = crate::impls::reference::Reference;
        let strings = Departure::parses_read(case);
        let mut readings_tried: Vec<Vec<Option<String>>> = Vec::new();
        for chosen in &bug_sets {
            let parser = parser(chosen);
            // Each string as the parser read it: `None` where it read it as the RFC does.
            let mut rewritten: Vec<Option<String>> = Vec::new();
            let mut readers: Vec<usize> = Vec::new();
            let mut refusal: Option<Outcome> = None;
            for (at, parse) in strings.iter().enumerate() {
                let Request::Parse { input, .. } = parse else {
                    return None;
                };
                let letter = crate::impls::Implementation::answer(&reference, parse);
                let crate::diff::models::Answer(read, used) =
                    models::answer(&parser, parse, &CaseMemo::default());
                if read == Outcome::Unsupported
                    || compare::compare(parse, &letter, &read, &[]).is_none()
                {
                    rewritten.push(None);
                    continue;
                }
                let base = at == 0 && matches!(case, Request::Resolve { .. });
                match &read {
                    Outcome::Invalid(rejection) if letter.is_valid() => {
                        readers.extend(used);
                        let rejection = if base {
                            rejection.clone().about_base()
                        } else {
                            rejection.clone()
                        };
                        refusal.get_or_insert(Outcome::Invalid(rejection));
                        rewritten.push(None);
                    }
                    Outcome::Parsed { .. } if uses == ParserUse::Components => {
                        let components = models::borrowed_components(&read)?;
                        let text = crate::reference::recompose(&components);
                        // §5.3's string must read back as what the parser read, or the
                        // operation's model cannot be handed it.
                        let same = crate::reference::parse(&text).is_ok_and(|back| {
                            crate::reference::Components {
                                host_kind: components.host_kind,
                                ..back
                            } == components
                        });
                        if !same {
                            rewritten.clear();
                            break;
                        }
                        readers.extend(used);
                        rewritten.push((text != *input).then_some(text));
                    }
                    _ => rewritten.push(None),
                }
            }
            // A reading already tried (a bug that reads nothing here) is not tried again; no
            // reading at all leaves the writer's entries alone to name the answer.
            if rewritten.len() != strings.len() && refusal.is_none()
                || readings_tried.contains(&rewritten) && refusal.is_none()
                || readers.is_empty() && writers.is_empty()
            {
                continue;
            }
            readings_tried.push(rewritten.clone());
            readers.sort_unstable();
            readers.dedup();
            let found = if let Some(refused) = refusal {
                reproduces(&refused).then(Vec::new)
            } else {
                let read_case = match case {
                    Request::Resolve {
                        base,
                        input,
                        strict,
                    } => Request::Resolve {
                        base: rewritten[0].clone().unwrap_or_else(|| base.clone()),
                        input: rewritten[1].clone().unwrap_or_else(|| input.clone()),
                        strict: *strict,
                    },
                    Request::Normalize { input, level } => Request::Normalize {
                        input: rewritten[0].clone().unwrap_or_else(|| input.clone()),
                        level: *level,
                    },
                    Request::Parse { .. } => return None,
                };
                let memo = CaseMemo::default();
                let original = CaseMemo::default();
                let mut found = None;
                'operation: for bug in std::iter::once(None).chain(bugs.iter().copied().map(Some)) {
                    let mut operation: Vec<Step<'_>> = steps.to_vec();
                    operation.extend(bug.map(step));
                    let (answer, inert) = models::outcome_traced(&operation, &read_case, &memo);
                    // The parser's reading is what makes it: the operation's model on the
                    // strings as given answers otherwise.
                    let unread = models::outcome(&operation, case, &original);
                    for chosen_writers in &writer_sets {
                        // Each part is needed: the parser's reading (the strings as given
                        // answer otherwise) and the writer (the answer as §5.3 writes it
                        // does not reproduce the library's).
                        if readers.is_empty() && chosen_writers.is_empty()
                            || !chosen_writers.is_empty() && reproduces(&answer)
                        {
                            continue;
                        }
                        let Some(written_answer) = written(&answer, chosen_writers) else {
                            continue;
                        };
                        let Some(unread) = written(&unread, chosen_writers) else {
                            continue;
                        };
                        if !reproduces(&written_answer)
                            || !readers.is_empty() && reproduces(&unread)
                        {
                            continue;
                        }
                        let mut named =
                            models::needed(&operation, &read_case, &memo, &answer, &inert);
                        named.extend(bug);
                        named.extend(chosen_writers.iter().map(|&w| writers[w].1));
                        found = Some(named);
                        break 'operation;
                    }
                }
                found
            };
            let Some(operation) = found else {
                continue;
            };
            let mut named: Vec<usize> = readers.into_iter().chain(operation).collect();
            named.sort_unstable();
            named.dedup();
            let bug = |i: &usize| self.entries[*i].class == Class::Bug;
            // A bug among them names the finding, the others beside it.
            let (mut first, rest): (Vec<usize>, Vec<usize>) = named.into_iter().partition(bug);
            let any_bug = !first.is_empty();
            first.extend(rest);
            for &i in &first {
                self.record(i);
            }
            let known = self.known_for(&first);
            if any_bug || meaning::keeps_meaning(case, expected, actual) {
                return Some(known);
            }
            let documented = |i: &usize| {
                matches!(
                    self.entries[*i].class,
                    Class::DocumentedDeviation | Class::Design
                )
            };
            if first.iter().all(documented) {
                return Some(Arc::new(meaning_changed(&known)));
            }
            return None;
        }
        None
    }

    /// The smallest set of the library's departures that, composed with `implementation`'s
    /// known model, reproduces `actual` exactly (less `blind_spots`) and that `holds` accepts
    /// (the implementation answers the set's other cases as it says): one departure, then
    /// two, then three, in library order; `None` when none does, or when the implementation's
    /// model is a whole other specification (the URL Standard), whose departures these are
    /// not. A set that reproduces the case but does not hold leaves the search to the next.
    pub fn attribute(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        case: &Request,
        actual: &Outcome,
        holds: &mut dyn FnMut(&[Departure], &[usize]) -> bool,
    ) -> Option<(Arc<Known>, Vec<Departure>)> {
        if self.claims_url_standard(implementation, case) {
            return None;
        }
        // A refusal is a departure's only where a rule on the answer refuses what the parser
        // refused (an IPvFuture literal written with "V"), or a normalizer refuses the string
        // its steps leave (a "//" path without an authority): the other departures read more.
        let refusal = match actual {
            Outcome::Invalid(_) => {
                matches!(case, Request::Parse { .. } | Request::Normalize { .. })
            }
            _ if actual.is_valid() => false,
            _ => return None,
        };
        if !actual.is_valid() && !refusal {
            return None;
        }
        let known_steps = self.steps(implementation, case);
        let library = Departure::all();
        let models: Vec<Model> = library.iter().map(|&d| Model::Departure(d)).collect();
        // Only the departures that read this case otherwise, or the case as another read it,
        // can be part of the answer; and where the parser refused, the rules that refuse the
        // answer the model gives.
        let reads = |case: &Request| -> Vec<usize> {
            (0..library.len())
                .filter(|&i| {
                    library[i].rewrite(case).is_some() || library[i].reads_in_resolution(case)
                })
                .collect()
        };
        let first = reads(case);
        let mut live = first.clone();
        // A resolver's or a normalizer's step that changes nothing alone may change what
        // another step of the same operation left (a registered name lowercased whole, its
        // triplets' digits too, where the other keeps the unreserved ones encoded): it is
        // live where, beside one other, it changes that one's answer.
        live.extend(operation_steps_changing_another(&library, case));
        // A normalizer's steps act on what its parser read: where a parser's departure reads
        // the input otherwise, each may act on that reading (a "//" path left unguarded once
        // the parser encoded the "%" the RFC refuses), though on the input as the RFC reads
        // it, or refuses it, none does.
        // A resolver's steps likewise act on the components its parser read: where a parser's
        // departure reads the base or the reference otherwise, each may act on that reading
        // (Poco's "//g" read as the path "//g", whose empty segment its removal of
        // dot-segments drops), though on the strings as the RFC reads them none does.
        if first.iter().any(|&i| library[i].reads_in_resolution(case)) {
            live.extend((0..library.len()).filter(|&i| {
                matches!(
                    (library[i], case),
                    (Departure::Normalizing(_), Request::Normalize { .. })
                        | (Departure::Resolving(_), Request::Resolve { .. })
                )
            }));
        }
        for &i in &first {
            if let Some(read) = library[i].rewrite(case) {
                live.extend(reads(&read));
            }
        }
        let memo = CaseMemo::default();
        let known = models::outcome(&known_steps, case, &memo);
        // A program that reports a component decoded or encoded again hides the case of an
        // escape: the uppercase rule cannot be told there, nor its controls answered.
        let escapes_hidden = blind_spots.iter().any(|b| {
            matches!(
                b.blindness,
                crate::model::Blindness::Decoded | crate::model::Blindness::Reencoded
            )
        });
        if known.is_valid() {
            // The rules on the answer that change the one the known model gives: those that
            // refuse it where the parser refused, the others where it did not.
            live.extend((0..library.len()).filter(|&i| {
                if matches!(
                    library[i],
                    Departure::PercentEncodingUppercased
                        | Departure::PercentEncodingNormalizedEverywhere
                ) && escapes_hidden
                {
                    return false;
                }
                let rule = library[i];
                (if refusal {
                    rule.refuses()
                } else {
                    rule.is_output_rule()
                }) && rule.rule_on_answer(case, known.clone()) != known
            }));
        }
        // A rule on the answer that reads what the other departures answer whatever it is (a
        // character outside the BMP they encode): where the text holds what it rewrites.
        if !refusal {
            live.extend((0..library.len()).filter(|&i| library[i].rewrites_any_answer_to(case)));
        }
        // The case of a triplet's digits is no difference in a parse (RFC 3986 §2.1,
        // `compare::rfc_spelling`): the rule that uppercases them cannot be told there, and a
        // set with it would only match by what the comparison does not see.
        if matches!(case, Request::Parse { .. }) {
            live.retain(|&i| library[i] != Departure::PercentEncodingUppercased);
        }
        live.sort_unstable();
        live.dedup();
        // A set is one refusal rule and departures that restore their reading; or departures
        // that restore theirs, or one departure of another kind, with any rules on every
        // answer (which apply to what the others answer).
        // A rewrite of the raw text composes with them too: the others read the text it left
        // (curl's "a://\u{e9}" is its empty path read as "/" and its host's character taken).
        let composes = |i: usize| library[i].restores() || library[i].preprocesses();
        let admissible = |set: &[usize]| {
            if set.iter().enumerate().any(|(n, &i)| {
                set[n + 1..]
                    .iter()
                    .any(|&j| library[i].contradicts(library[j]))
            }) {
                return false;
            }
            let refusing = set.iter().filter(|&&i| library[i].refuses()).count();
            // A normalizer's refusal of the string its steps leave composes with those steps.
            let normalizing = |i: &usize| matches!(library[*i], Departure::Normalizing(_));
            if refusal {
                let steps_of_one_normalizer = set.iter().all(normalizing);
                return refusing == 1
                    && set
                        .iter()
                        .all(|&i| library[i].refuses() || composes(i) || steps_of_one_normalizer);
            }
            let readings: Vec<usize> = set
                .iter()
                .copied()
                .filter(|&i| !library[i].is_output_rule())
                .collect();
            // A rule on every answer that also refuses (a port read as a number, above
            // 65535 refused) rewrites what the parser took.
            let refusing = set.iter().filter(|&&i| library[i].refuses_only()).count();
            // A resolver's departures are steps of one §5.2 and compose with each other and
            // with the departures of the parser that read its strings; a normalizer's are
            // steps of one §6.2.2 and compose with each other.
            let resolving = |i: &usize| matches!(library[*i], Departure::Resolving(_));
            // A normalizer's steps compose with the departures of the parser that read its
            // input too (Python's rfc3986 encodes a path's "%", then writes "/.//" as "//").
            refusing == 0
                && (readings.len() <= 1
                    || readings.iter().all(|i| composes(*i) || resolving(i))
                    || readings.iter().all(|i| composes(*i) || normalizing(i)))
        };
        // First the departures with the implementation's known model alone; then, where no set
        // of up to three does it, sets of up to two with the readings RFC 3986 allows every
        // implementation (a resolver that normalizes its base and merges with a "/").
        // Where two sets of a size reproduce the answer, the one with more of the
        // implementation's own bug entries names it: Go's port read after the last colon with
        // its unchecked query is that query's bug, not a narrower departure that takes only
        // brackets in a query.
        // The parser's entries govern what a resolution or a normalization reads with it:
        // a departure the catalogue documents (or confirms) for the parser is that entry's
        // wherever the operation shows it.
        let parser_entries = self.parser_entries_governing(implementation, case);
        let own: Vec<Departure> = self
            .bug_models(implementation, case)
            .iter()
            .chain(&parser_entries)
            .filter_map(|&i| match self.entries[i].model {
                Some(Model::Departure(d)) => Some(d),
                _ => None,
            })
            .collect();
        let undocumented = |chosen: &Vec<usize>| {
            chosen
                .iter()
                .filter(|&&n| !own.contains(&library[live[n]]))
                .count()
        };
        // The implementation's confirmed bugs compose with the departures as its documented
        // entries do: after the known model alone, each bug entry's model that is no departure
        // of the library (those are in the search already), added after the known steps as
        // classification adds it, with sets of up to two departures. A bug's step that
        // changes nothing here (neither the text nor a valid answer) is not tried.
        let bug_passes = self
            .bug_models(implementation, case)
            .iter()
            .filter_map(|&index| {
                let model = self.entries[index].model.as_ref()?;
                if matches!(model, Model::Departure(_) | Model::Departures(_)) {
                    return None;
                }
                let bug = Step { model, index };
                let mut steps = known_steps.clone();
                steps.push(bug);
                let reads = models::readings_of(&steps, case).last() == Some(&true);
                (reads || !known.is_valid() || models::outcome(&steps, case, &memo) != known)
                    .then_some((Some((bug, steps)), false, 2))
            });
        // A pass: the bug entry's step and the steps with it, whether the readings RFC 3986
        // allows are tried beside, and the largest set.
        type Pass<'a> = (Option<(Step<'a>, Vec<Step<'a>>)>, bool, usize);
        let passes: Vec<Pass<'_>> = [(None, false, 3), (None, true, 2)]
            .into_iter()
            .chain(bug_passes)
            .collect();
        let plain_steps = known_steps;
        for (bug, with_alternatives, largest) in passes {
            let known_steps = match &bug {
                Some((_, steps)) => steps.clone(),
                None => plain_steps.clone(),
            };
            // A confirmed bug that, with the known model, answers as the parser did alone is
            // the finding's cause: no departure beside it is (one that changes nothing here
            // would otherwise name it).
            if let Some((step, _)) = &bug
                && !refusal
                && compare::compare(
                    case,
                    &models::outcome(&known_steps, case, &memo),
                    actual,
                    blind_spots,
                )
                .is_none()
            {
                self.record(step.index);
                return Some((Arc::clone(&self.known[step.index]), Vec::new()));
            }
            for size in 1..=largest {
                let mut sets = combinations(live.len(), size);
                sets.sort_by_key(undocumented);
                for chosen in sets {
                    let set: Vec<usize> = chosen.iter().map(|&n| live[n]).collect();
                    if !admissible(&set) {
                        continue;
                    }
                    // Beside a reading, only departures with controls of their own (a
                    // resolver's, the uppercase rule): a reading of the text that no control
                    // tests matches a resolution by coincidence.
                    if with_alternatives && !set.iter().all(|&i| library[i].has_controls()) {
                        continue;
                    }
                    let departures: Vec<Departure> = set.iter().map(|&i| library[i]).collect();
                    let (answer, alternatives) = if with_alternatives {
                        match self.with_alternatives_departing(
                            implementation,
                            &models,
                            &set,
                            &known_steps,
                            case,
                            actual,
                            blind_spots,
                            &memo,
                        ) {
                            Some(found) => found,
                            None => continue,
                        }
                    } else {
                        let answer =
                            self.answer_departing(&models, &set, &known_steps, case, &memo);
                        (answer, Vec::new())
                    };
                    // A refusal is the rule's: the departures beside it read a case the parser
                    // takes (one that reads the case into one the RFC refuses refuses nothing).
                    let the_rules_refusal = || {
                        let readings: Vec<usize> = set
                            .iter()
                            .copied()
                            .filter(|&i| !library[i].refuses())
                            .collect();
                        let steps = self.with_steps(&known_steps, &alternatives);
                        self.answer_departing(&models, &readings, &steps, case, &memo)
                            .is_valid()
                    };
                    // Every departure of the set makes a difference: one without which the others
                    // answer alike changes nothing here, and names nothing (a reading that only
                    // another departure's rewrite of the text made live).
                    let minimal = || {
                        refusal
                            || with_alternatives
                            || set.len() < 2 && bug.is_none()
                            || (0..set.len()).all(|k| {
                                let fewer: Vec<usize> = set
                                    .iter()
                                    .enumerate()
                                    .filter(|&(n, _)| n != k)
                                    .map(|(_, &i)| i)
                                    .collect();
                                let without = if fewer.is_empty() {
                                    models::outcome(&known_steps, case, &memo)
                                } else {
                                    self.answer_departing(
                                        &models,
                                        &fewer,
                                        &known_steps,
                                        case,
                                        &memo,
                                    )
                                };
                                compare::compare(case, &without, actual, blind_spots).is_some()
                            })
                    };
                    if answer.is_valid() != refusal
                        && compare::compare(case, &answer, actual, blind_spots).is_none()
                        && (!refusal || the_rules_refusal())
                        && minimal()
                        && holds(&departures, &alternatives)
                    {
                        // A narrower departure's wider one, where it reproduces the answer and
                        // holds too, names the mechanism: a parser that checks nothing in a
                        // query is `query-unchecked` whether a case showed a bracket or a
                        // space there.
                        let mut departures = departures;
                        if !with_alternatives && !refusal {
                            for (narrow, wider) in
                                departures.clone().into_iter().flat_map(|narrow| {
                                    narrow.wider().into_iter().map(move |w| (narrow, w))
                                })
                            {
                                if !departures.contains(&narrow) {
                                    continue;
                                }
                                // The implementation's own entry names its departure.
                                let named = own.contains(&narrow)
                                    || known_steps.iter().any(|s| {
                                        matches!(self.entries[s.index].model,
                                            Some(Model::Departure(m)) if m == narrow)
                                    });
                                if named
                                    || departures.contains(&wider)
                                    || departures
                                        .iter()
                                        .any(|&d| d != narrow && wider.contradicts(d))
                                {
                                    continue;
                                }
                                let mut wide: Vec<usize> = departures
                                    .iter()
                                    .map(|&d| if d == narrow { wider } else { d })
                                    .filter_map(|d| library.iter().position(|&l| l == d))
                                    .collect();
                                if wide.len() != departures.len() {
                                    continue;
                                }
                                wide.sort_unstable();
                                let wide_departures: Vec<Departure> =
                                    wide.iter().map(|&i| library[i]).collect();
                                let answer = self.answer_departing(
                                    &models,
                                    &wide,
                                    &known_steps,
                                    case,
                                    &memo,
                                );
                                if answer.is_valid()
                                    && compare::compare(case, &answer, actual, blind_spots)
                                        .is_none()
                                    && holds(&wide_departures, &alternatives)
                                {
                                    departures = wide_departures;
                                }
                            }
                        }
                        // A departure the implementation's own entry models is that entry (its
                        // report, its upstream status, or the library's words where it is
                        // documented and the known model needed it read again: a resolution
                        // read through the parser's departures); the departure no entry names
                        // is the mechanism, seen with the entries.
                        let own_bugs = self.bug_models(implementation, case);
                        let own_entries: Vec<usize> = own_bugs
                            .iter()
                            .copied()
                            .chain(known_steps.iter().map(|s| s.index))
                            .chain(parser_entries.iter().copied())
                            .collect();
                        let mut parts: Vec<Arc<Known>> = departures
                        .iter()
                        .map(|&d| {
                            own_entries
                                .iter()
                                .find(|&&i| {
                                    matches!(self.entries[i].model, Some(Model::Departure(m)) if m == d)
                                })
                                .map_or_else(
                                    || Arc::new(departure_known(d)),
                                    |&i| {
                                        self.record(i);
                                        Arc::clone(&self.known[i])
                                    },
                                )
                        })
                        .collect();
                        // The mechanism no entry names first, then a bug's entry, then the
                        // library's words.
                        // A rule on the answer that is the case's own cause (its
                        // characters outside the BMP encoded as surrogates) leads the
                        // readings it rewrote the answer of, which have reports of their own.
                        let leads = |part: &Known| {
                            departures
                                .iter()
                                .any(|d| d.leads_its_set() && d.id() == part.id)
                        };
                        parts.sort_by_key(|part| match part.class {
                            Class::Departure if leads(part) => 0,
                            Class::Departure => 1,
                            Class::Bug => 2,
                            _ => 3,
                        });
                        // A confirmed bug the departures composed with is that entry: its
                        // report where the departures are documented, theirs where one is
                        // not (the sort above).
                        if let Some((step, _)) = &bug {
                            self.record(step.index);
                            parts.push(Arc::clone(&self.known[step.index]));
                            parts.sort_by_key(|part| match part.class {
                                Class::Departure if leads(part) => 0,
                                Class::Departure => 1,
                                Class::Bug => 2,
                                _ => 3,
                            });
                        }
                        // The readings the RFC allows that the case needed beside them, named
                        // so the report says so.
                        parts.extend(alternatives.iter().map(|&i| {
                            self.record(i);
                            Arc::clone(&self.known[i])
                        }));
                        return Some((Arc::new(joined(parts)), departures));
                    }
                }
            }
        }
        None
    }

    /// The answer of `chosen` departures composed with the known steps and the smallest set
    /// (one or two) of the acceptable alternatives the steps lack that answers as `actual`,
    /// with that set; `None` where none does.
    #[allow(clippy::too_many_arguments)]
    fn with_alternatives_departing(
        &self,
        implementation: &str,
        models: &[Model],
        chosen: &[usize],
        known_steps: &[Step<'_>],
        case: &Request,
        actual: &Outcome,
        blind_spots: &[BlindSpot],
        memo: &CaseMemo,
    ) -> Option<(Outcome, Vec<usize>)> {
        let alternatives: Vec<usize> = self
            .alternatives(implementation, case)
            .into_iter()
            .filter(|i| !known_steps.iter().any(|s| s.index == *i))
            .collect();
        if alternatives.is_empty() {
            return None;
        }
        let plain = self.answer_departing(models, chosen, known_steps, case, memo);
        // An alternative that changes nothing the departures answer is no part of the answer.
        let with = |extra: &[usize]| {
            let steps = self.with_steps(known_steps, extra);
            self.answer_departing(models, chosen, &steps, case, memo)
        };
        let live: Vec<usize> = alternatives
            .into_iter()
            .filter(|&i| with(&[i]) != plain)
            .collect();
        for size in 1..=live.len().min(2) {
            for picked in combinations(live.len(), size) {
                let extra: Vec<usize> = picked.iter().map(|&n| live[n]).collect();
                let answer = with(&extra);
                // The departures are needed: where the alternatives alone give the answer, it
                // is theirs (whose meaning the known path judges), not the departures'.
                if answer != Outcome::Unsupported
                    && compare::compare(case, &answer, actual, blind_spots).is_none()
                {
                    let alone = models::outcome(&self.with_steps(known_steps, &extra), case, memo);
                    if compare::compare(case, &alone, actual, blind_spots).is_none() {
                        continue;
                    }
                    return Some((answer, extra));
                }
            }
        }
        None
    }

    /// The entries that reproduce `actual` from the implementation's own documented choices
    /// `choices` alone, or with the smallest set of acceptable alternatives added; `None` when
    /// neither does.
    fn choices_alone(
        &self,
        implementation: &str,
        choices: &[Step<'_>],
        case: &Request,
        actual: &Outcome,
        blind_spots: &[BlindSpot],
        memo: &CaseMemo,
    ) -> Option<Vec<usize>> {
        if !choices.is_empty() {
            let (answer, inert) = models::outcome_traced(choices, case, memo);
            if answer != Outcome::Unsupported
                && compare::compare(case, &answer, actual, blind_spots).is_none()
            {
                let used = models::needed(choices, case, memo, &answer, &inert);
                if !used.is_empty() {
                    return Some(used);
                }
            }
        }
        self.with_alternatives(implementation, choices, case, actual, blind_spots, memo)
    }

    /// Whether the implementation's documented model of parsing, or that model with any one
    /// of its bug entries, refuses the base or the reference of the resolution `case`.
    fn parse_may_refuse(&self, implementation: &str, case: &Request) -> bool {
        let Some(parses) = super::departures::Departure::parses_of(case) else {
            return false;
        };
        let own = self.index.get(implementation).unwrap_or(&self.unnamed);
        parses.iter().any(|parse| {
            let memo = CaseMemo::default();
            let known = self.steps(implementation, parse);
            let refuses = |steps: &[Step<'_>]| {
                matches!(models::outcome(steps, parse, &memo), Outcome::Invalid(_))
            };
            refuses(&known)
                || own.bug_models[op_index(parse)].iter().any(|&bug| {
                    self.entries[bug].model.as_ref().is_some_and(|model| {
                        let mut with_bug = known.clone();
                        with_bug.push(Step { model, index: bug });
                        with_bug.sort_by_key(|s| s.index);
                        refuses(&with_bug)
                    })
                })
        })
    }

    /// `known_steps` with the entries `extra` (acceptable alternatives), in catalogue order as
    /// an implementation's own steps are composed.
    fn with_steps<'a>(&'a self, known_steps: &[Step<'a>], extra: &[usize]) -> Vec<Step<'a>> {
        let mut steps: Vec<Step<'_>> = known_steps.to_vec();
        steps.extend(extra.iter().filter_map(|&index| {
            let model = self.entries[index].model.as_ref()?;
            Some(Step { model, index })
        }));
        steps.sort_by_key(|s| s.index);
        steps
    }

    /// The steps (catalogue indices) that reproduce `actual` when the smallest set of the
    /// acceptable alternatives the implementation's own `steps` lack is added to them; `None`
    /// when no set of up to three does.
    fn with_alternatives(
        &self,
        implementation: &str,
        steps: &[Step<'_>],
        case: &Request,
        actual: &Outcome,
        blind_spots: &[BlindSpot],
        memo: &CaseMemo,
    ) -> Option<Vec<usize>> {
        let alternatives: Vec<usize> = self
            .alternatives(implementation, case)
            .into_iter()
            .filter(|i| !steps.iter().any(|s| s.index == *i))
            .collect();
        // Most sets give one of a few answers (an alternative that reads nothing of the case
        // changes nothing): an answer already compared and found another is not compared again.
        let mut otherwise: Vec<Outcome> = Vec::new();
        for size in 1..=alternatives.len().min(3) {
            for chosen in combinations(alternatives.len(), size) {
                let mut with: Vec<Step<'_>> = steps.to_vec();
                with.extend(chosen.iter().filter_map(|&n| {
                    let index = alternatives[n];
                    let model = self.entries[index].model.as_ref()?;
                    Some(Step { model, index })
                }));
                // In catalogue order, as an implementation's own steps are composed.
                with.sort_by_key(|s| s.index);
                let answer = models::outcome(&with, case, memo);
                if answer == Outcome::Unsupported || otherwise.contains(&answer) {
                    continue;
                }
                if compare::compare(case, &answer, actual, blind_spots).is_some() {
                    if otherwise.len() < OTHERWISE_KEPT {
                        otherwise.push(answer);
                    }
                } else {
                    // The steps that changed nothing, for the search of those needed.
                    let (answer, inert) = models::outcome_traced(&with, case, memo);
                    let used = models::needed(&with, case, memo, &answer, &inert);
                    // Each alternative chosen is needed, or a smaller set did it already.
                    return Some(used).filter(|u| !u.is_empty());
                }
            }
        }
        None
    }

    /// The acceptable alternatives of the case's operation that `implementation` may take:
    /// every one but those whose controls it answered otherwise.
    fn alternatives(&self, implementation: &str, case: &Request) -> Vec<usize> {
        let all = &self.acceptable[op_index(case)];
        let not_held = self
            .alternatives_not_held
            .read()
            .expect("alternatives lock");
        match not_held.get(implementation) {
            Some(not) => all.iter().copied().filter(|i| !not.contains(i)).collect(),
            None => all.clone(),
        }
    }

    /// The answers to `case` that what is already known explains: `implementation`'s known
    /// model's, and that model with each acceptable alternative of the operation it holds (a
    /// base normalized first, `%2E` read as a dot-segment). A field in which the
    /// implementation's answer differs from one of them is explained there: a symptom is
    /// signed by a field that differs from every one ([`super::Engine`]'s symptom signing).
    pub(crate) fn explained_answers(
        &self,
        implementation: &str,
        case: &Request,
        memo: &CaseMemo,
    ) -> Vec<Outcome> {
        let known = self.steps(implementation, case);
        let mut answers = vec![models::outcome(&known, case, memo)];
        for index in self.alternatives(implementation, case) {
            let steps = self.with_steps(&known, &[index]);
            answers.push(models::outcome(&steps, case, memo));
        }
        answers.retain(Outcome::is_valid);
        answers
    }

    /// Whether `implementation`'s alternatives have been held against their controls yet.
    pub(crate) fn alternatives_held(&self, implementation: &str) -> bool {
        self.alternatives_not_held
            .read()
            .expect("alternatives lock")
            .contains_key(implementation)
    }

    /// Holds every acceptable alternative that has controls of its own (a reading's
    /// [`models::Reading::controls`]) against `implementation`'s answers to them, `answer_of`:
    /// one it answers otherwise than its known model with the alternative (less
    /// `blind_spots`) is no reading it takes, and names none of its answers. A control it
    /// does not answer (`unsupported`, a level it lacks) tells nothing. An alternative of the
    /// implementation's own entries is its own already.
    pub(crate) fn hold_alternatives(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        answer_of: &dyn Fn(&Request) -> Option<Outcome>,
    ) {
        let mut not_held = Vec::new();
        let all: Vec<usize> = self.acceptable.iter().flatten().copied().collect();
        for index in all {
            let Some(Model::Reading(reading)) = self.entries[index].model else {
                continue;
            };
            let holds = reading.controls().iter().all(|control| {
                let known = self.steps(implementation, control);
                if known.iter().any(|s| s.index == index) {
                    return true;
                }
                let Some(actual) = answer_of(control).filter(|a| *a != Outcome::Unsupported) else {
                    return true;
                };
                let steps = self.with_steps(&known, &[index]);
                let modelled = models::outcome(&steps, control, &CaseMemo::default());
                compare::compare(control, &modelled, &actual, blind_spots).is_none()
            });
            if !holds && !not_held.contains(&index) {
                not_held.push(index);
            }
        }
        self.alternatives_not_held
            .write()
            .expect("alternatives lock")
            .insert(implementation.to_owned(), not_held);
    }

    /// Whether `id` names an acceptable alternative of a documented choice, which holds for
    /// every implementation (a reading, not a departure).
    pub fn is_acceptable(&self, id: &str) -> bool {
        self.entries.iter().any(|e| e.acceptable && e.id == id)
    }

    /// The departure an entry named `id` models (`model: !departure ...`), where one does
    /// (the first, for an entry of several: [`Catalogue::departures_of`]).
    pub fn departure_of(&self, id: &str) -> Option<Departure> {
        self.departures_of(id).first().copied()
    }

    /// Every departure an entry named `id` models (`!departure ...` or `!departures [...]`),
    /// in the order written; empty where it models none.
    pub fn departures_of(&self, id: &str) -> Vec<Departure> {
        self.entries
            .iter()
            .filter_map(|e| match e.model {
                Some(Model::Departure(d)) if e.id == id => Some(d),
                _ => None,
            })
            .collect()
    }

    /// `implementation`'s known model with `departures` reading the case first, and the
    /// acceptable alternatives `alternatives` (catalogue indices) that attribution found
    /// beside them.
    pub fn departing_answer(
        &self,
        implementation: &str,
        departures: &[Departure],
        alternatives: &[usize],
        case: &Request,
    ) -> Outcome {
        let models: Vec<Model> = departures.iter().map(|&d| Model::Departure(d)).collect();
        let all: Vec<usize> = (0..models.len()).collect();
        let known_steps = self.steps(implementation, case);
        let steps = self.with_steps(&known_steps, alternatives);
        self.answer_departing(&models, &all, &steps, case, &CaseMemo::default())
    }

    /// [`Catalogue::departing_answer`] where that answers otherwise than `actual`, with the
    /// smallest set of the acceptable alternatives (one or two) that answers as it, if one
    /// does: a reading RFC 3986 allows every implementation, on any case, is no part of a
    /// departure's mechanism.
    pub fn departing_answer_as(
        &self,
        implementation: &str,
        departures: &[Departure],
        case: &Request,
        actual: &Outcome,
        blind_spots: &[BlindSpot],
    ) -> Outcome {
        let models: Vec<Model> = departures.iter().map(|&d| Model::Departure(d)).collect();
        let all: Vec<usize> = (0..models.len()).collect();
        let known_steps = self.steps(implementation, case);
        let memo = CaseMemo::default();
        let plain = self.answer_departing(&models, &all, &known_steps, case, &memo);
        if compare::compare(case, &plain, actual, blind_spots).is_none() {
            return plain;
        }
        self.with_alternatives_departing(
            implementation,
            &models,
            &all,
            &known_steps,
            case,
            actual,
            blind_spots,
            &memo,
        )
        .map_or(plain, |(answer, _)| answer)
    }

    fn answer_departing(
        &self,
        models: &[Model],
        chosen: &[usize],
        known_steps: &[Step<'_>],
        case: &Request,
        memo: &CaseMemo,
    ) -> Outcome {
        // The departures read the input first; the implementation's documented rules act on
        // what they read.
        let mut steps: Vec<Step<'_>> = chosen
            .iter()
            .map(|&i| Step {
                model: &models[i],
                index: usize::MAX,
            })
            .collect();
        steps.extend(known_steps.iter().copied());
        models::outcome(&steps, case, memo)
    }

    /// The entry of `implementation` whose model is the serializer's departure `departure`
    /// (`model: !serializing ...`), where it has one: it names the round trips that departure
    /// breaks, documented or a confirmed bug.
    pub(crate) fn serializer_entry(
        &self,
        implementation: &str,
        departure: super::serializing::Serializing,
    ) -> Option<usize> {
        self.entries.iter().position(|e| {
            (e.model == Some(Model::Serializing(departure)) || e.writes.contains(&departure))
                && e.implementations.iter().any(|i| i == implementation)
        })
    }

    /// For a resolution or a normalization: `implementation`'s parse entries (documented or
    /// confirmed bugs, catalogue order) whose model is one departure of its parser that reads
    /// the operation's strings ([`Departure::parses_in_resolution`]). The operation parses
    /// its base and reference, or its input, with that parser (RFC 3986 §5.2.1, §6.2.2), so a
    /// finding attribution explains by such a departure is that entry's evidence, not an
    /// undocumented departure of the operation (uritools' `urisplit`, documented to read
    /// ":a" as a path, reads a reference so in `urijoin` too). Empty for a parse.
    fn parser_entries_governing(&self, implementation: &str, case: &Request) -> Vec<usize> {
        if matches!(case, Request::Parse { .. }) {
            return Vec::new();
        }
        let Some(own) = self.index.get(implementation) else {
            return Vec::new();
        };
        let parse = op_index(&Request::Parse {
            input: String::new(),
            rule: None,
            zone_id: false,
        });
        let mut entries: Vec<usize> = own.steps[parse]
            .iter()
            .chain(&own.bug_models[parse])
            .copied()
            .filter(|&i| {
                matches!(self.entries[i].model,
                    Some(Model::Departure(d)) if d.parses_in_resolution())
            })
            .collect();
        entries.sort_unstable();
        entries.dedup();
        entries
    }

    /// The bug entries with a model for `implementation` and the case's operation (indices
    /// into the catalogue, in catalogue order).
    pub(crate) fn bug_models(&self, implementation: &str, case: &Request) -> &[usize] {
        self.index
            .get(implementation)
            .map_or(&[], |own| own.bug_models[op_index(case)].as_slice())
    }

    /// What the entries `indices` (catalogue order) together say of a finding they name,
    /// each recorded as matched.
    pub(crate) fn naming(&self, indices: &[usize]) -> Arc<Known> {
        for &i in indices {
            self.record(i);
        }
        self.known_for(indices)
    }

    /// [`Catalogue::naming`] for entries the library documents, marked as a documented
    /// hazard where the answer they explain `changes_meaning`.
    pub(crate) fn naming_documented(&self, indices: &[usize], changes_meaning: bool) -> Arc<Known> {
        let known = self.naming(indices);
        if changes_meaning {
            Arc::new(meaning_changed(&known))
        } else {
            known
        }
    }

    /// What the entries `indices` (one or more) together say of a finding they cover.
    fn known_for(&self, indices: &[usize]) -> Arc<Known> {
        if let [one] = indices {
            return Arc::clone(&self.known[*one]);
        }
        if let Some(known) = self
            .joined
            .read()
            .ok()
            .and_then(|j| j.get(indices).cloned())
        {
            return known;
        }
        let entries: Vec<&Entry> = indices.iter().map(|&i| &self.entries[i]).collect();
        let known = Arc::new(known_of(&entries));
        if let Ok(mut joined) = self.joined.write() {
            joined.insert(indices.to_vec(), Arc::clone(&known));
        }
        known
    }

    /// Marks entry `index` as matched; a flag already set is only read, so that jobs on other
    /// cores do not take its cache line from one another.
    fn record(&self, index: usize) {
        if !self.matched[index].load(Ordering::Relaxed) {
            self.matched[index].store(true, Ordering::Relaxed);
        }
    }

    /// Entries for these implementations that never matched since the catalogue was loaded.
    pub fn stale(&self, implementations: &[String]) -> Vec<&Entry> {
        // An entry of several departures matched where any of them did.
        let matched: BTreeSet<&str> = self
            .entries
            .iter()
            .zip(&self.matched)
            .filter(|(_, matched)| matched.load(Ordering::Relaxed))
            .map(|(e, _)| e.id.as_str())
            .collect();
        self.entries
            .iter()
            .filter(|e| {
                e.piece == 0
                    && e.implementations
                        .iter()
                        .any(|i| implementations.contains(i))
                    && !matched.contains(e.id.as_str())
            })
            .collect()
    }
}

/// `known`, a documented entry (or set) whose answer changes the meaning, as the finding is
/// filed: [`Class::DocumentedMeaningChanged`], with the library's reason and what changes.
pub(crate) fn meaning_changed(known: &Known) -> Known {
    let mark = |k: &Known| Known {
        class: Class::DocumentedMeaningChanged,
        reason: format!(
            "{} The library documents this answer, but it means another resource than RFC 3986's (the target or normalized URI differs in more than its spelling): a documented hazard, not a bug to file.",
            k.reason.trim_end()
        ),
        ..k.clone()
    };
    Known {
        parts: known.parts.iter().map(|p| Arc::new(mark(p))).collect(),
        ..mark(known)
    }
}

/// What one serializer departure says of a round trip it breaks.
pub(crate) fn serializing_known(departure: super::serializing::Serializing) -> Known {
    Known {
        id: departure.id(),
        class: Class::Departure,
        reason: format!(
            "{}. No catalogue entry of this implementation documents it: a candidate bug until one does (a documented deviation, with the library's own words) or confirms it (a bug, with its upstream status).",
            departure.description()
        ),
        link: "https://www.rfc-editor.org/rfc/rfc3986#section-5.3".to_owned(),
        upstream: None,
        parts: Vec::new(),
    }
}

/// Whether an example of an entry whose model is a serializer's departure (`!serializing`)
/// holds: the departure writes the example's components (the implementation's parse of its
/// input) as the example's `serialized` string where §5.3's recomposition writes another (an
/// answer it must explain), or does not write that string (a near-miss). Other entries' examples
/// are not this function's (`Err`).
pub fn serializer_example_holds(entry: &Entry, example: &Example) -> Result<(), String> {
    let Some(Model::Serializing(departure)) = entry.model else {
        return Err(format!("{}: not a serializer's departure", entry.id));
    };
    let (Some(serialized), Outcome::Parsed { components, .. }) =
        (&example.serialized, example.answer()?)
    else {
        return Err("a serializer's example is a parse, with `parsed` and `serialized`".into());
    };
    let written = super::serializing::Serializing::serialize(&[departure], &components);
    let recomposed = super::serializing::Serializing::serialize(&[], &components);
    match (example.forgive, written == *serialized) {
        (true, true) if recomposed == *serialized => {
            Err("§5.3 writes this string too: the example tests nothing".into())
        }
        (true, false) => Err(format!(
            "the departure writes {written:?}, not {serialized:?}"
        )),
        (false, true) => Err(format!("near-miss written by the departure: {written:?}")),
        _ => Ok(()),
    }
}

/// What one departure says of a finding it reproduces.
pub(crate) fn departure_known(departure: Departure) -> Known {
    Known {
        id: departure.id(),
        class: Class::Departure,
        reason: format!(
            "{}. No catalogue entry of this implementation documents it: a candidate bug until one does (a documented deviation, with the library's own words) or confirms it (a bug, with its upstream status).",
            departure.description()
        ),
        link: "https://www.rfc-editor.org/rfc/rfc3986#appendix-A".to_owned(),
        upstream: None,
        parts: Vec::new(),
    }
}

/// Whether `id` is lowercase letters, digits and single inner dashes: it is a report's file
/// name as it is.
fn is_entry_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One [`Known`] for the entries that together reproduce an answer: their ids joined by `+`,
/// the first one's class and link, every reason.
fn known_of(entries: &[&Entry]) -> Known {
    match entries {
        [one] => Known {
            id: one.id.clone(),
            class: one.class,
            reason: one.reason.clone(),
            link: one.link.clone(),
            upstream: one.upstream.as_ref().map(Upstream::describe),
            parts: Vec::new(),
        },
        _ => joined(entries.iter().map(|e| Arc::new(known_of(&[e]))).collect()),
    }
}

/// What several models (entries or departures) that reproduce an answer only together say of
/// it: their ids joined by `+`, the first one's class and link, every reason; one part alone
/// is itself.
pub(crate) fn joined(parts: Vec<Arc<Known>>) -> Known {
    // The departures of one entry (`!departures [...]`) are that entry once.
    let mut parts = parts;
    let mut ids = BTreeSet::new();
    parts.retain(|part| ids.insert(part.id.clone()));
    if let [one] = parts.as_slice() {
        return (**one).clone();
    }
    Known {
        id: parts
            .iter()
            .map(|p| p.id.as_str())
            .collect::<Vec<_>>()
            .join("+"),
        class: parts[0].class,
        reason: parts
            .iter()
            .map(|p| format!("{}: {}", p.id, p.reason))
            .collect::<Vec<_>>()
            .join("\n\n"),
        link: parts[0].link.clone(),
        upstream: None,
        parts,
    }
}

/// The indices into `library` of the resolver's or normalizer's departures (steps of `case`'s
/// operation) that, beside one other step of that operation, change the answer that one gives
/// alone (the RFC's, where it changes nothing alone): a step that acts on what another left,
/// which no search that starts from the steps that change the answer alone would try.
fn operation_steps_changing_another(library: &[Departure], case: &Request) -> Vec<usize> {
    let ours = |d: &Departure| {
        matches!(
            (d, case),
            (Departure::Resolving(_), Request::Resolve { .. })
                | (Departure::Normalizing(_), Request::Normalize { .. })
        )
    };
    let steps: Vec<usize> = (0..library.len()).filter(|&i| ours(&library[i])).collect();
    let alone: Vec<Option<Outcome>> = steps
        .iter()
        .map(|&i| library[i].operation_answer_under(case, None, &[]))
        .collect();
    steps
        .iter()
        .copied()
        .filter(|&j| {
            steps.iter().zip(&alone).any(|(&i, alone)| {
                i != j && library[j].operation_answer_under(case, None, &[library[i]]) != *alone
            })
        })
        .collect()
}

/// Every order of `chosen`, `chosen` itself first.
pub(super) fn orders(chosen: &[usize]) -> Vec<Vec<usize>> {
    if chosen.len() <= 1 {
        return vec![chosen.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &first) in chosen.iter().enumerate() {
        let mut rest = chosen.to_vec();
        rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// How many answers found other than the implementation's [`Catalogue::with_alternatives`]
/// keeps, not to compare them again: a bound on the scan of each new answer.
const OTHERWISE_KEPT: usize = 16;

/// Every choice of `size` of the numbers below `n`, each in increasing order, in lexicographic
/// order.
pub(super) fn combinations(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn extend(
        n: usize,
        size: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        all: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == size {
            all.push(chosen.clone());
            return;
        }
        for next in start..n {
            chosen.push(next);
            extend(n, size, next + 1, chosen, all);
            chosen.pop();
        }
    }
    let mut all = Vec::new();
    extend(n, size, 0, &mut Vec::new(), &mut all);
    all
}

#[cfg(test)]
mod tests {
    use super::{
        all_bugs_at_once, bugs_at_once, combinations, departure_known, joined, orders,
        serializing_known,
    };
    use crate::model::Field;
    use std::sync::Arc;

    #[test]
    fn a_catalogue_of_many_bugs_tries_the_sizes_whose_orders_fit() {
        // http's seven parse bugs: 7 + 42 + 210 + 840 orders, all four sizes.
        assert_eq!(bugs_at_once(7, 0), 4);
        // Nine: 9 + 72 + 504 fit, the 3,024 orders of four do not.
        assert_eq!(bugs_at_once(9, 0), 3);
        // Seventeen (url-parse's parse entries): 17 + 272; three would be 4,080 more.
        assert_eq!(bugs_at_once(17, 0), 2);
        // rhymuri's twelve switches: 12 + 66 + 220 + 495 sets, each tried once.
        assert_eq!(bugs_at_once(12, 12), 4);
        assert_eq!(bugs_at_once(1, 0), 1);
        assert_eq!(bugs_at_once(0, 0), 0);
    }

    /// A documented parser that reads an empty authority as none, so that "" against "a://"
    /// resolves to "a:", a URI without the authority the base has: documented, so no
    /// candidate; another resource, so no known difference either. As a rule the RFC allows (an RFC choice), it stays a
    /// candidate.
    #[test]
    fn a_bug_beside_what_the_rfc_calls_the_same_is_the_bugs_report_alone() {
        use crate::diff::compare;
        use crate::impls::{Implementation, reference::Reference};
        use crate::model::Outcome;
        use crate::protocol::Request;
        // A resolver whose confirmed bug is its merge's "/" and which writes the scheme in
        // lowercase, as RFC 3986 §3.1 asks a producer to ("should only produce lowercase
        // scheme names"): "a" against "P:" is "p:/a", the bug's report, with no reading of the
        // base named beside it (the scheme's case is no difference).
        let own = r#"
entries:
  - id: p-merge-slash
    implementations: [p]
    class: bug
    reason: "the merge writes a slash"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-5.2.3
    ops: [resolve]
    model: !departure merge-slash-without-base-slash
    upstream: {checked: "2026-11-29", refs: []}
"#;
        let catalogue = super::Catalogue::bundled_with(
            &[],
            &[("p".to_owned(), "p.yaml".into(), own.to_owned())],
        )
        .expect("a valid catalogue");
        let case = Request::Resolve {
            base: "P:".into(),
            input: "a".into(),
            strict: true,
        };
        let expected = Reference.answer(&case);
        let actual = Outcome::Resolved("p:/a".into());
        let difference = compare::compare(&case, &expected, &actual, &[]).expect("a difference");
        let known = catalogue
            .classify("p", &[], &case, &difference, &expected, &actual)
            .expect("the bug with the reading");
        assert_eq!(known.mechanism().id, "p-merge-slash");
        assert!(known.class.is_bug());
        assert_eq!(known.ids(), ["p-merge-slash".to_owned()]);
    }

    /// The readings RFC 3986 allows every implementation come before its own entries: an
    /// answer one of them gives is the RFC's room even where a bug entry's model gives it too,
    /// an implementation's own restatement of a choice names it before the generic one, and a
    /// refusal is left to the documented entry that says which rule refused, then to the
    /// readings, then to bug entries.
    #[test]
    fn an_answer_the_rfc_allows_is_named_by_the_choice_before_any_entry() {
        use crate::diff::compare;
        use crate::impls::{Implementation, reference::Reference};
        use crate::model::Outcome;
        use crate::protocol::Request;
        let own = r#"
entries:
  - id: q-dots
    implementations: [q]
    class: bug
    reason: "segments compared decoded"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4
    ops: [resolve]
    model: !reading percent-encoded-dots
    upstream: {checked: "2026-11-30", refs: []}
  - id: q-double-slash-refused
    implementations: [q]
    class: bug
    reason: "a target path starting with // refused"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2
    ops: [resolve]
    model: !transform refuse-double-slash-target
    upstream: {checked: "2026-11-30", refs: []}
  - id: q-opaque-base
    implementations: [q]
    class: documented-deviation
    reason: "a reference against a base without authority and a rootless path refused"
    link: https://docs.rs/fluent-uri/0.4.1/fluent_uri/struct.UriRef.html#method.resolve_against
    ops: [resolve]
    model: !transform refuse-reference-against-opaque-base
"#;
        let q2 = r#"
entries:
  - id: q-rootless
    implementations: [q2]
    class: rfc-choice
    reason: "a rootless path kept rootless"
    link: vectors/README.md#documented-choices
    ops: [resolve]
    model: !reading rootless-kept
"#;
        let q3 = r#"
entries:
  - id: q3-upper-v-refused
    implementations: [q3]
    class: bug
    reason: "an IPvFuture with an uppercase V refused"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2
    ops: [parse, resolve]
    model: !transform sophia-ipvfuture-lowercase-v
    upstream: {checked: "2026-11-30", refs: []}
"#;
        let catalogue = super::Catalogue::bundled_with(
            &[],
            &[
                ("q".to_owned(), "q.yaml".into(), own.to_owned()),
                ("q2".to_owned(), "q2.yaml".into(), q2.to_owned()),
                ("q3".to_owned(), "q3.yaml".into(), q3.to_owned()),
            ],
        )
        .expect("a valid catalogue");
        let named = |implementation: &str, base: &str, input: &str, actual: Outcome| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            let expected = Reference.answer(&case);
            let difference =
                compare::compare(&case, &expected, &actual, &[]).expect("a difference");
            catalogue
                .classify(implementation, &[], &case, &difference, &expected, &actual)
                .map(|k| (k.mechanism().id.clone(), k.class.is_bug()))
        };
        // §5.2.4 keeps "%2E%2E" a segment: "%2E%2E/g" against "http://a/b/c/d" is
        // "http://a/b/c/%2E%2E/g"; read as ".." (§2.3 makes them equivalent) it gives
        // "http://a/b/g", documented choice 3, whatever q's bug entry says.
        assert_eq!(
            named(
                "q",
                "http://a/b/c/d",
                "%2E%2E/g",
                Outcome::Resolved("http://a/b/g".into())
            ),
            Some(("choice-3-percent-encoded-dots".to_owned(), false))
        );
        // "foo:a/b" + "../c" merges to "a/../c", which §5.2.4 makes "/c"; "foo:c" is choice 2,
        // named by q2's own restatement of it.
        assert_eq!(
            named("q2", "foo:a/b", "../c", Outcome::Resolved("foo:c".into())),
            Some(("q-rootless".to_owned(), false))
        );
        // A reference refused against a base without authority and with a rootless path is
        // q's documented rule, not choice 1's refusal of the "//" path the target would have.
        assert_eq!(
            named(
                "q",
                "a:",
                "/.//",
                Outcome::invalid("base has a rootless path and no authority".into())
            ),
            Some(("q-opaque-base".to_owned(), false))
        );
        // A refusal of a "//" path without authority that q's bug entry gives is choice 1's
        // error all the same: RFC 3986 leaves room for it.
        assert_eq!(
            named(
                "q",
                "f:/a",
                ".//g",
                Outcome::invalid("path starts with // and authority is absent".into())
            ),
            Some(("choice-1-refuse-double-slash".to_owned(), false))
        );
        // A base q3's parse refuses (an IPvFuture with "V") is q3's refusal, although the
        // target would have a "//" path choice 1 may refuse.
        assert_eq!(
            named(
                "q3",
                "a://[V1.x]",
                "a:/.//",
                Outcome::invalid_base("not valid".into())
            ),
            Some(("q3-upper-v-refused".to_owned(), true))
        );
    }

    #[test]
    fn a_documented_answer_that_changes_the_meaning_is_marked_so() {
        use crate::diff::compare;
        use crate::impls::{Implementation, reference::Reference};
        use crate::model::Outcome;
        use crate::protocol::Request;
        let catalogue = |class: &str| {
            super::Catalogue::parse(&format!(
                "entries:\n  - id: empty-authority\n    implementations: [doc]\n    class: {class}\n    reason: r\n    link: l\n    ops: [resolve]\n    model: !departure empty-authority-as-absent\n"
            ))
            .expect("a catalogue")
        };
        let case = Request::Resolve {
            base: "a://".into(),
            input: "".into(),
            strict: true,
        };
        let expected = Reference.answer(&case);
        let actual = Outcome::Resolved("a:".into());
        let difference = compare::compare(&case, &expected, &actual, &[]).expect("a difference");
        let verdict = |class: &str| {
            catalogue(class)
                .classify("doc", &[], &case, &difference, &expected, &actual)
                .map(|k| (k.id.clone(), k.class))
        };
        assert_eq!(
            verdict("documented-deviation"),
            Some((
                "empty-authority".to_owned(),
                super::Class::DocumentedMeaningChanged
            ))
        );
        assert_eq!(verdict("rfc-choice"), None);
        // Beside an API limit that spells the target otherwise (escapes uppercased), the
        // documented entry still changes the meaning alone: the hazard, the limit seen with it.
        let both = |class: &str| {
            super::Catalogue::parse(&format!(
                "entries:\n  - id: empty-authority\n    implementations: [doc]\n    class: {class}\n    reason: r\n    link: l\n    ops: [resolve]\n    model: !departure empty-authority-as-absent\n  - id: uppercase\n    implementations: [doc]\n    class: api-limit\n    reason: r\n    link: l\n    ops: [resolve]\n    model: !departure target-path-percent-encoding-uppercased\n"
            ))
            .expect("a catalogue")
        };
        let case = Request::Resolve {
            base: "a://".into(),
            input: "%7e".into(),
            strict: true,
        };
        // §5.2.2, §5.2.3: the base has an authority and an empty path, so "/%7e".
        let expected = Reference.answer(&case);
        assert_eq!(expected, Outcome::Resolved("a:///%7e".into()));
        let actual = Outcome::Resolved("a:%7E".into());
        let difference = compare::compare(&case, &expected, &actual, &[]).expect("a difference");
        let verdict = |class: &str| {
            both(class)
                .classify("doc", &[], &case, &difference, &expected, &actual)
                .map(|k| (k.id.clone(), k.class))
        };
        assert_eq!(
            verdict("documented-deviation"),
            Some((
                "empty-authority+uppercase".to_owned(),
                super::Class::DocumentedMeaningChanged
            ))
        );
        assert_eq!(verdict("api-limit"), None);
        assert!(
            super::Catalogue::parse(
                "entries:\n  - id: x\n    implementations: [x]\n    class: documented-meaning-changed\n    reason: r\n    link: l\n    ops: [parse]\n    model: !reading percent-encoded-dots\n"
            )
            .is_err()
        );
    }

    #[test]
    fn a_serializer_entry_holds_parse_examples_with_what_the_library_writes() {
        let entry = |ops: &str, examples: &str| {
            format!(
                "entries:\n  - id: x-empty-query\n    implementations: [x]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: {ops}\n    model: !serializing serializer-empty-query-omitted\n    examples:\n{examples}"
            )
        };
        let examples = "      - {op: parse, input: \"a:?\", parsed: {scheme: a, query: \"\"}, serialized: \"a:\", forgive: true}\n      - {op: parse, input: \"a:?\", parsed: {scheme: a, query: \"\"}, serialized: \"a:?\", forgive: false, why: \"§5.3's\"}\n";
        let catalogue = super::Catalogue::parse(&entry("[parse]", examples)).expect("valid");
        let serializer = &catalogue.entries()[0];
        // §5.3 writes "a:?"; the departure leaves the empty query out.
        for example in &serializer.examples {
            assert_eq!(super::serializer_example_holds(serializer, example), Ok(()));
        }
        let mut wrong = serializer.examples[0].clone();
        wrong.serialized = Some("a:?".into());
        assert!(super::serializer_example_holds(serializer, &wrong).is_err());
        // Its round trips are a parse's, and its examples say what the library writes.
        assert!(super::Catalogue::parse(&entry("[resolve]", examples)).is_err());
        let unwritten = "      - {op: parse, input: \"a:?\", parsed: {scheme: a, query: \"\"}, forgive: true}\n";
        assert!(super::Catalogue::parse(&entry("[parse]", unwritten)).is_err());
        assert_eq!(
            catalogue.serializer_entry(
                "x",
                super::super::serializing::Serializing::from_id("serializer-empty-query-omitted")
                    .expect("a departure")
            ),
            Some(0)
        );
    }

    #[test]
    fn orders_are_every_permutation_once_the_given_first() {
        assert_eq!(orders(&[7]), vec![vec![7]]);
        let all = orders(&[1, 2, 3]);
        assert_eq!(all[0], vec![1, 2, 3]);
        assert_eq!(all.len(), 6);
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 6);
    }

    #[test]
    fn an_alternative_names_an_answer_only_where_its_controls_hold() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        use crate::reference::{self, Level, NormalizeOptions};
        let catalogue = super::Catalogue::bundled();
        let choice = catalogue
            .entries()
            .iter()
            .position(|e| e.id == "choice-10-rootless-dot-segments-kept")
            .expect("the bundled choice");
        let case = Request::Normalize {
            input: "a:%2e".into(),
            level: Some(Level::Syntax),
        };
        // A normalizer that keeps a rootless path's dot-segments (choice 10), and removes an
        // absolute path's, takes the reading; one that removes "a:." does not, nor one that
        // keeps "a:/b/../c" (every dot-segment kept: no choice of the RFC's).
        let kept = NormalizeOptions {
            rootless_dot_segments: false,
            ..NormalizeOptions::default()
        };
        let answer = |options: NormalizeOptions| {
            move |control: &Request| {
                let Request::Normalize { input, level } = control else {
                    return None;
                };
                let level = level.unwrap_or(Level::Syntax);
                Some(match reference::normalize_with(input, level, options) {
                    Ok(text) => Outcome::Normalized(text),
                    Err(e) => Outcome::invalid(e.to_string()),
                })
            }
        };
        let every_kept = |control: &Request| match control {
            Request::Normalize { input, .. } => Some(Outcome::Normalized(input.clone())),
            _ => None,
        };
        catalogue.hold_alternatives("keeps", &[], &answer(kept));
        catalogue.hold_alternatives("removes", &[], &answer(NormalizeOptions::default()));
        catalogue.hold_alternatives("keeps-all", &[], &every_kept);
        assert!(catalogue.alternatives("keeps", &case).contains(&choice));
        assert!(!catalogue.alternatives("removes", &case).contains(&choice));
        assert!(!catalogue.alternatives("keeps-all", &case).contains(&choice));
        // An implementation not held yet, or one that answers none of the controls, may.
        assert!(catalogue.alternatives("unseen", &case).contains(&choice));
        catalogue.hold_alternatives("mute", &[], &|_| None);
        assert!(catalogue.alternatives("mute", &case).contains(&choice));
    }

    #[test]
    fn an_entry_id_is_a_plain_name_apart_from_candidates() {
        let entry = |id: &str| {
            format!(
                "entries:\n  - id: {id}\n    implementations: [x]\n    class: rfc-choice\n    reason: r\n    link: l\n    ops: [parse]\n    model: !reading percent-encoded-dots\n"
            )
        };
        assert!(super::Catalogue::parse(&entry("x-dots")).is_ok());
        for bad in ["parse-dots", "resolve-x", "X-dots", "x--dots", "x_dots"] {
            let error = super::Catalogue::parse(&entry(bad))
                .err()
                .unwrap_or_default();
            assert!(error.contains("entry id"), "{bad}: {error}");
        }
    }

    #[test]
    fn many_bugs_at_once_are_found_one_model_per_bug_and_pruned() {
        use crate::model::Outcome;
        // Bugs 0, 2, 3 and 4 read the case (each an unchecked component: the parse is refused
        // until all four are read); 1 reads it too but takes the text the others need; 5 acts
        // on the answer (a port read as a number); 6 changes nothing.
        let rank = [Some(0), Some(1), Some(2), Some(3), Some(4), None, None];
        let model = |set: &[usize]| {
            let has = |n: usize| set.contains(&n);
            let answer = if has(1) {
                Outcome::Resolved("read otherwise".to_owned())
            } else if [0, 2, 3, 4].iter().all(|&n| has(n)) {
                Outcome::Resolved(if has(5) { "8" } else { "08" }.to_owned())
            } else {
                Outcome::invalid("refused".to_owned())
            };
            let reads = set.first().is_some_and(|&n| n <= 4);
            (answer, reads)
        };
        let plain = Outcome::invalid("refused".to_owned());
        let wanted = |target: &'static str| {
            move |answer: &Outcome| *answer == Outcome::Resolved(target.to_owned())
        };
        assert_eq!(
            all_bugs_at_once(7, &rank, model, wanted("8"), &plain),
            Some(vec![0, 2, 3, 4, 5])
        );
        // The answer without the rule on the answer needs only the readings.
        assert_eq!(
            all_bugs_at_once(7, &rank, model, wanted("08"), &plain),
            Some(vec![0, 2, 3, 4])
        );
        // An answer no set of them gives is none of theirs.
        assert_eq!(
            all_bugs_at_once(7, &rank, model, wanted("80"), &plain),
            None
        );
    }

    #[test]
    fn combinations_are_every_choice_once() {
        assert_eq!(
            combinations(4, 2),
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
        );
        assert_eq!(combinations(4, 3).len(), 4);
        assert!(combinations(2, 3).is_empty());
    }

    #[test]
    fn a_mechanism_of_one_component_is_one_report_in_every_component() {
        use super::Catalogue;
        use crate::diff::departures::Departure;
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        // A program with no catalogue that takes a space in its path and in its query, and
        // checks its other components: RFC 3986 §3.3 and §3.4 refuse both spaces.
        let catalogue = Catalogue::bundled();
        let case = Request::parse("a:/b c?d e");
        let actual = Outcome::Parsed {
            components: Components {
                scheme: Some("a".into()),
                userinfo: None,
                host: None,
                port: None,
                path: "/b c".into(),
                query: Some("d e".into()),
                fragment: None,
            },
            host_kind: None,
        };
        let wide = [
            Departure::EveryComponentUnchecked,
            Departure::OnlyEscapesChecked,
            Departure::TextComponentsUnchecked,
            Departure::ControlsAndSpaceOnlyRefused,
        ];
        let (known, departures) = catalogue
            .attribute("unseen", &[], &case, &actual, &mut |set, _| {
                !wide.iter().any(|d| set.contains(d))
            })
            .expect("the path's and the query's departures");
        assert_eq!(departures.len(), 2, "{departures:?}");
        // One mechanism in two components: one report, named by the mechanism, seen in both,
        // and seen beside nothing else.
        assert_eq!(known.filed_as(), "component-unchecked");
        assert_eq!(known.components(), ["path", "query"]);
        assert_eq!(known.seen_beside().count(), 0);
        // The departures stay what they are: the model of each is the component's.
        assert_eq!(known.ids(), ["path-unchecked", "query-unchecked"]);
        // One component alone is the same report.
        let path = Arc::new(departure_known(Departure::Unchecked(Field::Path)));
        assert_eq!(path.filed_as(), "component-unchecked");
        assert_eq!(path.components(), ["path"]);
        // Near-misses: a departure of no one component keeps its id, and two mechanisms in
        // one case are filed under the first, the other seen beside it.
        let last_at = Arc::new(departure_known(Departure::UserinfoToLastAt));
        assert_eq!(last_at.filed_as(), "userinfo-to-last-at");
        assert!(last_at.components().is_empty());
        let both = joined(vec![Arc::clone(&last_at), Arc::clone(&path)]);
        assert_eq!(both.filed_as(), "userinfo-to-last-at");
        assert_eq!(both.seen_beside().collect::<Vec<_>>(), ["path-unchecked"]);
        let other = Arc::new(departure_known(Departure::PercentUnchecked(Field::Query)));
        let two_kinds = joined(vec![Arc::clone(&path), other]);
        assert_eq!(two_kinds.filed_as(), "component-unchecked");
        assert_eq!(two_kinds.components(), ["path"]);
        assert_eq!(
            two_kinds.seen_beside().collect::<Vec<_>>(),
            ["query-percent-unchecked"]
        );
        // A serializer's departure of one component likewise; the empty authority left out is
        // a mechanism of its own.
        use crate::diff::serializing::Serializing;
        let held = serializing_known(Serializing::Held(
            Field::Userinfo,
            crate::model::Blindness::EmptyIsUndefined,
        ));
        assert_eq!(held.filed_as(), "component-empty-held-as-absent");
        let omitted = serializing_known(Serializing::EmptyOmitted(Field::Host));
        assert_eq!(omitted.filed_as(), "serializer-empty-host-omitted");
    }

    #[test]
    fn an_entry_of_several_departures_is_one_entry_whichever_of_them_a_case_shows() {
        use super::Catalogue;
        use crate::diff::compare;
        use crate::impls::Implementation;
        use crate::impls::reference::Reference;
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        // One parseAuthority that checks nothing: the userinfo and the host unchecked, one
        // confirmed bug.
        let own = r#"
entries:
  - id: p-authority-unchecked
    implementations: [p]
    class: bug
    reason: "//a^@b^ taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.2
    ops: [parse]
    model: !departures [userinfo-unchecked, host-unchecked]
    upstream: {checked: "2026-11-30", refs: []}
    examples:
      - {op: parse, input: "//a^@b", parsed: {userinfo: "a^", host: "b", host_kind: reg-name}, forgive: true}
      - {op: parse, input: "//a^@b", parsed: {userinfo: "a", host: "b", host_kind: reg-name}, forgive: false, why: "not this"}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        // Listed once, read as one step per departure.
        assert_eq!(
            catalogue
                .entries()
                .iter()
                .filter(|e| e.id == "p-authority-unchecked")
                .map(|e| e.piece)
                .collect::<Vec<_>>(),
            [0, 1]
        );
        assert_eq!(catalogue.departures_of("p-authority-unchecked").len(), 2);
        let parsed = |userinfo: Option<&str>, host: &str, path: &str| Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: userinfo.map(str::to_owned),
                host: Some(host.to_owned()),
                port: None,
                path: path.to_owned(),
                query: None,
                fragment: None,
            },
            host_kind: Some(crate::reference::HostKind::RegName),
        };
        let named = |input: &str, actual: &Outcome| {
            let case = Request::parse(input);
            let expected = Reference.answer(&case);
            let difference = compare::compare(&case, &expected, actual, &[]).expect("a difference");
            catalogue
                .classify("p", &[], &case, &difference, &expected, actual)
                .map(|k| k.id.clone())
        };
        let entry = Some("p-authority-unchecked".to_owned());
        // The userinfo's departure alone, the host's alone, both at once: the entry, once.
        assert_eq!(named("//a^@b", &parsed(Some("a^"), "b", "")), entry);
        assert_eq!(named("//b^", &parsed(None, "b^", "")), entry);
        assert_eq!(named("//a^@b^", &parsed(Some("a^"), "b^", "")), entry);
        // Near-miss: a path taken unchecked is none of its departures.
        assert_eq!(named("//b/^", &parsed(None, "b", "/^")), None);
    }

    #[test]
    fn a_catalogue_entry_names_its_own_report_whatever_departure_it_models() {
        use super::Catalogue;
        let own = r#"
entries:
  - id: p-path-unchecked
    implementations: [p]
    class: bug
    reason: "a:/b c taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
    ops: [parse]
    model: !departure path-unchecked
    upstream: {checked: "2026-11-29", refs: []}
    examples:
      - {op: parse, input: "a:/b c", parsed: {scheme: "a", path: "/b c"}, forgive: true}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        let index = catalogue
            .entries()
            .iter()
            .position(|e| e.id == "p-path-unchecked")
            .expect("the entry");
        let known = catalogue.naming(&[index]);
        assert_eq!(known.filed_as(), "p-path-unchecked");
        assert!(known.components().is_empty());
    }

    #[test]
    fn a_departure_an_own_bug_entry_models_is_that_entry_beside_the_undocumented_one() {
        use super::{Catalogue, Class};
        use crate::diff::departures::Departure;
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        // A program whose catalogue confirms its unchecked path (a bug entry modelled by the
        // library's departure); it also takes a space in the query, which no entry names.
        let own = r#"
entries:
  - id: p-path-unchecked
    implementations: [p]
    class: bug
    reason: "a:/b c taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
    ops: [parse]
    model: !departure path-unchecked
    upstream: {checked: "2026-11-29", refs: []}
    examples:
      - {op: parse, input: "a:/b c", parsed: {scheme: "a", path: "/b c"}, forgive: true}
      - {op: parse, input: "a:/b c", parsed: {scheme: "a", path: "/bc"}, forgive: false, why: "not this"}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        // RFC 3986 §3.3 and §3.4 refuse the spaces; the program answers each as written.
        let case = Request::parse("a:/b c?d e");
        let actual = Outcome::Parsed {
            components: Components {
                scheme: Some("a".into()),
                userinfo: None,
                host: None,
                port: None,
                path: "/b c".into(),
                query: Some("d e".into()),
                fragment: None,
            },
            host_kind: None,
        };
        // The program checks its other components: no rule of every component holds.
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !set.contains(&Departure::EveryComponentUnchecked)
                    && !set.contains(&Departure::OnlyEscapesChecked)
                    && !set.contains(&Departure::TextComponentsUnchecked)
            })
            .expect("the path's and the query's departures");
        assert_eq!(known.mechanism().id, "query-unchecked");
        assert_eq!(known.mechanism().class, Class::Departure);
        assert_eq!(known.seen_with().collect::<Vec<_>>(), ["p-path-unchecked"]);
        assert_eq!(
            catalogue.departure_of("p-path-unchecked").map(|d| d.id()),
            Some("path-unchecked".to_owned())
        );
    }

    #[test]
    fn a_confirmed_bug_of_the_crates_own_composes_with_a_departure() {
        use super::Catalogue;
        use crate::diff::departures::Departure;
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        // A program whose catalogue confirms a rule of its own (an ftp path that holds its
        // query, Perl's URI::ftp), which no departure of the library is.
        let bug = r#"
  - id: p-ftp
    implementations: [p]
    class: bug
    reason: "ftp:a?x has the path a?x"
    link: https://metacpan.org/release/OALDERS/URI-5.17/source/lib/URI/ftp.pm#L12
    ops: [parse]
    model: !transform perl-uri-ftp-path-holds-query
    upstream: {checked: "2026-12-01", refs: []}
"#;
        let documented = r#"
  - id: p-path-unchecked
    implementations: [p]
    class: documented-deviation
    reason: "a:b c taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
    ops: [parse]
    model: !departure path-unchecked
"#;
        let catalogue = |text: String| {
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), text)])
                .expect("a valid catalogue")
        };
        // RFC 3986 §3.3 refuses the space; the program takes it, and its path holds the query.
        let case = Request::parse("ftp:a b?x");
        let answer = |path: &str| Outcome::Parsed {
            components: Components {
                scheme: Some("ftp".into()),
                userinfo: None,
                host: None,
                port: None,
                path: path.into(),
                query: Some("x".into()),
                fragment: None,
            },
            host_kind: None,
        };
        // The program checks its other components: no rule of every component holds.
        let all = &mut |set: &[Departure], _: &[usize]| {
            !set.contains(&Departure::EveryComponentUnchecked)
                && !set.contains(&Departure::OnlyEscapesChecked)
                && !set.contains(&Departure::TextComponentsUnchecked)
        };
        // The departure no entry names is the report, the bug seen with it.
        let bug_only = catalogue(format!("entries:{bug}"));
        let (known, _) = bug_only
            .attribute("p", &[], &case, &answer("a b?x"), all)
            .expect("the bug and the path's departure");
        assert_eq!(known.mechanism().id, "path-unchecked");
        assert_eq!(known.seen_with().collect::<Vec<_>>(), ["p-ftp"]);
        // Where the departure is documented, the finding is the bug's report.
        let both = catalogue(format!("entries:{documented}{bug}"));
        let (known, _) = both
            .attribute("p", &[], &case, &answer("a b?x"), all)
            .expect("the bug beside the documented departure");
        assert_eq!(known.mechanism().id, "p-ftp");
        // A near-miss: an answer without the ftp rule is the departure's alone.
        let (known, _) = bug_only
            .attribute("p", &[], &case, &answer("a b"), all)
            .expect("the path's departure");
        assert_eq!(known.mechanism().id, "path-unchecked");
        assert_eq!(known.seen_with().count(), 0);
    }

    #[test]
    fn a_parsers_documented_departure_names_what_a_resolution_reads_with_it() {
        use super::{Catalogue, Class};
        use crate::model::Outcome;
        use crate::protocol::Request;
        // A program whose catalogue documents, for its parser, a reference that starts with
        // ":" read as a path (uritools' scheme rule wants a letter before the ":").
        let own = r#"
entries:
  - id: p-empty-scheme-as-path
    implementations: [p]
    class: documented-deviation
    reason: "the scheme is read only where a letter starts it"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.1
    ops: [parse]
    model: !departure empty-scheme-as-path
    examples:
      - {op: parse, input: ":a", parsed: {path: ":a"}, forgive: true}
      - {op: parse, input: ":a", parsed: {scheme: "", path: "a"}, forgive: false, why: "an empty scheme"}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        // RFC 3986 §3.1 refuses ":a" (a scheme starts with a letter), so there is no target;
        // read as the path ":a", §5.2.3 merges it with "/c/d" into "/c/:a".
        let case = Request::Resolve {
            base: "b:/c/d".into(),
            input: ":a".into(),
            strict: true,
        };
        let actual = Outcome::Resolved("b:/c/:a".into());
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |_, _| true)
            .expect("the parser's reading of the reference");
        assert_eq!(known.mechanism().id, "p-empty-scheme-as-path");
        assert_eq!(known.mechanism().class, Class::DocumentedDeviation);
        // Near-misses: another program, whose catalogue says nothing of it, has the
        // undocumented departure; an answer that drops the text before the ":" is not the
        // entry's.
        let (unseen, _) = catalogue
            .attribute("q", &[], &case, &actual, &mut |_, _| true)
            .expect("the departure");
        assert_eq!(unseen.mechanism().id, "empty-scheme-as-path");
        assert_eq!(unseen.mechanism().class, Class::Departure);
        let dropped = Outcome::Resolved("b:/c/a".into());
        let other = catalogue.attribute("p", &[], &case, &dropped, &mut |_, _| true);
        assert!(other.is_none_or(|(k, _)| !k.ids().contains(&"p-empty-scheme-as-path".to_owned())));
    }

    #[test]
    fn of_two_sets_that_reproduce_a_case_the_one_with_the_own_bug_names_it() {
        use super::Catalogue;
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        // A program whose catalogue confirms its unchecked query; it also reads the port
        // after the last ":" of the authority, which no entry names.
        let own = r#"
entries:
  - id: p-query-unchecked
    implementations: [p]
    class: bug
    reason: "a:?[ taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.4
    ops: [parse]
    model: !departure query-unchecked
    upstream: {checked: "2026-11-29", refs: []}
    examples:
      - {op: parse, input: "a:?^", parsed: {scheme: "a", path: "", query: "^"}, forgive: true}
      - {op: parse, input: "a:?^", parsed: {scheme: "a", path: "", query: ""}, forgive: false, why: "not this"}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        // RFC 3986 §3.2.2 refuses ":" in a reg-name and §3.4 "[" in a query; the program reads
        // the host "a:b", the port "1" and the query "[". A departure that takes brackets in a
        // query reproduces the query too, but the program's own bug takes every character.
        let case = Request::parse("a://a:b:1?[");
        let actual = Outcome::Parsed {
            components: Components {
                scheme: Some("a".into()),
                userinfo: None,
                host: Some("a:b".into()),
                port: Some("1".into()),
                path: String::new(),
                query: Some("[".into()),
                fragment: None,
            },
            host_kind: Some(crate::reference::HostKind::RegName),
        };
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |_, _| true)
            .expect("the port's departure and the query's bug");
        assert_eq!(known.mechanism().id, "port-after-last-colon");
        assert_eq!(known.seen_with().collect::<Vec<_>>(), ["p-query-unchecked"]);
    }

    /// A finding's entries are the only mechanism of its case where no other entry of the
    /// implementation explains it: "a:?%" is both the unchecked query's and the unchecked
    /// "%"'s, "a:?^" the query's alone (RFC 3986 §3.4 refuses both characters in a query).
    #[test]
    fn a_case_another_entry_explains_too_is_not_the_entrys_alone() {
        use super::Catalogue;
        use crate::impls::Implementation;
        use crate::impls::reference::Reference;
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        let own = r#"
entries:
  - id: p-query-unchecked
    implementations: [p]
    class: bug
    reason: "a:?^ taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.4
    ops: [parse]
    model: !departure query-unchecked
    upstream: {checked: "2026-11-29", refs: []}
  - id: p-percent-unchecked
    implementations: [p]
    class: bug
    reason: "a:?% taken"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-2.1
    ops: [parse]
    model: !departure percent-unchecked
    upstream: {checked: "2026-11-29", refs: []}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        let with_query = |query: &str| Outcome::Parsed {
            components: Components {
                scheme: Some("a".into()),
                userinfo: None,
                host: None,
                port: None,
                path: String::new(),
                query: Some(query.into()),
                fragment: None,
            },
            host_kind: None,
        };
        let explained_without = |input: &str, query: &str, ids: &[&str]| {
            let case = Request::parse(input);
            let expected = Reference.answer(&case);
            let actual = with_query(query);
            let difference = super::compare::compare(&case, &expected, &actual, &[])
                .expect("the RFC refuses it");
            let ids: Vec<String> = ids.iter().map(|&i| i.to_owned()).collect();
            catalogue.explained_without("p", &[], &case, &difference, &expected, &actual, &ids)
        };
        assert!(explained_without("a:?%", "%", &["p-query-unchecked"]));
        assert!(!explained_without("a:?^", "^", &["p-query-unchecked"]));
        assert!(!explained_without(
            "a:?%",
            "%",
            &["p-query-unchecked", "p-percent-unchecked"]
        ));
    }

    #[test]
    fn a_narrower_departure_gives_way_to_its_wider_one_where_that_holds_too() {
        use super::Catalogue;
        use crate::diff::departures::Departure;
        use crate::model::{Components, Field, Outcome};
        use crate::protocol::Request;
        let catalogue = Catalogue::bundled_with(&[], &[]).expect("a valid catalogue");
        // RFC 3986 §3.4 refuses "]" in a query (`query = *( pchar / "/" / "?" )`); the program
        // takes it. A departure that takes brackets in a query reproduces it, and so does one
        // that checks nothing in a query: where the program answers the other characters'
        // probes as the wider one says, that one names it.
        let case = Request::parse("?]");
        let actual = Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: None,
                port: None,
                path: String::new(),
                query: Some("]".into()),
                fragment: None,
            },
            host_kind: None,
        };
        // Where no component is checked (the rule's witness holds), that rule names it.
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |_, _| true)
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "every-component-unchecked");
        // A program that checks only escapes is named so.
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !set.contains(&Departure::EveryComponentUnchecked)
            })
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "only-escapes-checked");
        // A program that checks its other components (the rules of every component or of
        // every one but the host, whose witnesses it fails alike).
        let wide = [
            Departure::EveryComponentUnchecked,
            Departure::OnlyEscapesChecked,
            Departure::TextComponentsUnchecked,
        ];
        let (known, departures) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !wide.iter().any(|d| set.contains(d))
            })
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "query-unchecked");
        assert_eq!(departures, [Departure::Unchecked(Field::Query)]);
        // A program that refuses a space in a query takes its brackets alone.
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !wide.iter().any(|d| set.contains(d))
                    && !set.contains(&Departure::Unchecked(Field::Query))
                    && !set.contains(&Departure::ControlsAndSpaceOnlyRefused)
            })
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "query-brackets-taken");
        // One that refuses a space and takes every other character where it hands text on
        // is named by that rule.
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !wide.iter().any(|d| set.contains(d))
                    && !set.contains(&Departure::Unchecked(Field::Query))
            })
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "controls-and-space-only-refused");
        assert_eq!(
            Departure::FragmentHashKept.wider(),
            vec![
                Departure::EveryComponentUnchecked,
                Departure::OnlyEscapesChecked,
                Departure::TextComponentsUnchecked,
                Departure::Unchecked(Field::Fragment),
                Departure::ControlsAndSpaceOnlyRefused
            ]
        );
        // So for a C1 control in a query (U+0085, outside `query` by Appendix A), which a
        // component that takes every character from 0x80 takes too.
        let case = Request::parse("?\u{85}");
        let actual = Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: None,
                port: None,
                path: String::new(),
                query: Some("\u{85}".into()),
                fragment: None,
            },
            host_kind: None,
        };
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !wide.iter().any(|d| set.contains(d))
            })
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "query-unchecked");
        let (known, _) = catalogue
            .attribute("p", &[], &case, &actual, &mut |set, _| {
                !wide.iter().any(|d| set.contains(d))
                    && !set.contains(&Departure::Unchecked(Field::Query))
                    && !set.contains(&Departure::ControlsAndSpaceOnlyRefused)
            })
            .expect("a query's departure");
        assert_eq!(known.mechanism().id, "query-any-non-ascii-unchecked");
        assert_eq!(
            Departure::BracketsTaken(Field::Host).wider(),
            vec![
                Departure::EveryComponentUnchecked,
                Departure::OnlyEscapesChecked,
                Departure::Unchecked(Field::Host)
            ]
        );
        assert!(Departure::Unchecked(Field::Path).wider().is_empty());
    }

    #[test]
    fn a_normalizers_step_that_changes_nothing_alone_is_tried_beside_another() {
        use super::Catalogue;
        use crate::diff::departures::Departure;
        use crate::diff::normalizing::Normalizing;
        use crate::model::Outcome;
        use crate::protocol::Request;
        let catalogue = Catalogue::bundled_with(&[], &[]).expect("a valid catalogue");
        let case = Request::Normalize {
            input: "//H%4a/%7e".into(),
            level: None,
        };
        let attribute = |written: &str| {
            catalogue
                .attribute(
                    "p",
                    &[],
                    &case,
                    &Outcome::Normalized(written.into()),
                    &mut |_, _| true,
                )
                .map(|(known, departures)| (known.mechanism().id.clone(), departures))
        };
        // RFC 3986 §6.2.2 writes "//hj/~". Python's rfc3986 keeps every triplet encoded, its
        // digits uppercased (normalize_percent_characters), and lowercases the host whole
        // (normalize_host: `host.lower()`): "//h%4a/%7E". The host's step alone changes
        // nothing here (the reference decoded "%4a"); beside the other it gives the answer.
        let (_, departures) = attribute("//h%4a/%7E").expect("two steps of one normalizer");
        assert_eq!(
            departures,
            [
                Departure::Normalizing(Normalizing::UnreservedPercentEncodingsKept),
                Departure::Normalizing(Normalizing::HostPercentEncodingLowercased),
            ]
        );
        // A normalizer that neither decodes nor uppercases the path's triplets.
        let (_, departures) = attribute("//h%4A/%7e").expect("two steps of one normalizer");
        assert_eq!(
            departures,
            [
                Departure::Normalizing(Normalizing::UnreservedPercentEncodingsKept),
                Departure::Normalizing(Normalizing::PercentEncodingCaseKept),
            ]
        );
        // Near misses: a host whose letters keep their case, or a path decoded and its
        // triplets' case kept in the host, which no set of steps writes.
        assert_eq!(attribute("//H%4a/%7E"), None);
        assert_eq!(attribute("//h%4a/~"), None);
    }

    #[test]
    fn a_normalizer_normalizes_what_its_parser_read() {
        use super::Catalogue;
        use crate::diff::departures::Departure;
        use crate::diff::normalizing::Normalizing;
        use crate::model::{Field, Outcome};
        use crate::protocol::Request;
        let catalogue = Catalogue::bundled_with(&[], &[]).expect("a valid catalogue");
        let case = Request::Normalize {
            input: "a:/.//%".into(),
            level: None,
        };
        let attribute = |written: &str| {
            catalogue
                .attribute(
                    "p",
                    &[],
                    &case,
                    &Outcome::Normalized(written.into()),
                    &mut |_, _| true,
                )
                .map(|(_, departures)| departures)
        };
        // RFC 3986 refuses the lone "%" (§2.1). Python's rfc3986 parses the path encoding it
        // ("%25", `encode_component`), normalizes the components (§5.2.4 leaves "//%25") and
        // writes the path as it is, unguarded: "a://%25".
        let departures = attribute("a://%25").expect("a parser's and a normalizer's departure");
        assert_eq!(departures.len(), 2);
        assert!(departures.contains(&Departure::Normalizing(
            Normalizing::DoubleSlashPathUnguarded
        )));
        assert!(departures.iter().any(|d| matches!(
            d,
            Departure::EncodedInsteadOfRefused(Field::Path)
                | Departure::EveryComponentEncoded
                | Departure::EncodedOutsideReserved(Field::Path)
        )));
        // The parser's departure alone: the reference's normalization guards the path.
        let departures = attribute("a:/.//%25").expect("a parser's departure");
        assert_eq!(departures.len(), 1);
        // Near misses: the "%" kept as it is (no string the RFC normalizes), or encoded twice.
        assert_eq!(attribute("a://%"), None);
        assert_eq!(attribute("a://%2525"), None);
    }

    /// The bundled catalogue with the catalogue of Poco's adapter.
    fn with_field_catalogues() -> super::Catalogue {
        let own = |name: &str, dir: &str| {
            let path = std::path::PathBuf::from(format!("adapters/{dir}/known-differences.yaml"));
            let text = std::fs::read_to_string(&path).expect("the adapter's catalogue");
            (name.to_owned(), path, text)
        };
        super::Catalogue::bundled_with(&[], &[own("cpp-poco-uri", "cpp/poco-uri")])
            .expect("valid catalogues")
    }

    /// The ids of the entries `catalogue` names `actual` by, for `implementation`'s `case`.
    fn named_by(
        catalogue: &super::Catalogue,
        implementation: &str,
        case: &crate::protocol::Request,
        actual: &crate::model::Outcome,
    ) -> Option<Vec<String>> {
        use crate::impls::Implementation;
        let expected = crate::impls::reference::Reference.answer(case);
        let difference = super::compare::compare(case, &expected, actual, &[])?;
        catalogue
            .classify(implementation, &[], case, &difference, &expected, actual)
            .map(|known| known.ids())
    }

    /// A catalogue of the program `p` whose parser reads a port of zeros as none (Addressable's
    /// `URI#port=`: `@port = nil if @port == 0`), an entry of the parse alone, with `extra`
    /// lines added to the entry and `header` to the file.
    fn port_zero_catalogue(extra: &str, header: &str) -> super::Catalogue {
        let own = format!(
            r#"{header}entries:
  - id: p-port-zero-as-none
    implementations: [p]
    class: bug
    reason: "a port that reads 0 is none"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3
    ops: [parse]
    model: !transform addressable-port-zero-as-none
{extra}    upstream:
      checked: "2026-12-02"
      refs: []
    examples:
      - {{op: parse, input: "//h:0", parsed: {{host: "h", path: "", host_kind: reg-name}}, forgive: true}}
      - {{op: parse, input: "//h:1", parsed: {{host: "h", path: "", host_kind: reg-name}}, forgive: false, why: "another port"}}
"#
        );
        super::Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own)])
            .expect("a valid catalogue")
    }

    #[test]
    fn a_parse_entry_reads_the_base_of_a_resolution_and_the_input_of_a_normalization() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        let catalogue = port_zero_catalogue("", "");
        let named = |case: &Request, actual: &str| {
            let actual = match case {
                Request::Resolve { .. } => Outcome::Resolved(actual.into()),
                _ => Outcome::Normalized(actual.into()),
            };
            named_by(&catalogue, "p", case, &actual)
        };
        // RFC 3986 §5.2.2 and §5.2.3: "d" against "a://h:0/b/c" is "a://h:0/b/d", the
        // base's authority (port "0" included, §3.2.3 `port = *DIGIT`) kept. The resolver
        // reads its base with the parser, which holds no port: "a://h/b/d".
        let resolve = Request::Resolve {
            base: "a://h:0/b/c".into(),
            input: "d".into(),
            strict: true,
        };
        assert_eq!(
            named(&resolve, "a://h/b/d"),
            Some(vec!["p-port-zero-as-none".to_owned()])
        );
        // The reference is read by the same parser: "//g:00/x" against "a:/b" keeps the
        // reference's authority (§5.2.2), port "00" included; read as none it is "a://g/x".
        let network_path = Request::Resolve {
            base: "a:/b".into(),
            input: "//g:00/x".into(),
            strict: true,
        };
        assert_eq!(
            named(&network_path, "a://g/x"),
            Some(vec!["p-port-zero-as-none".to_owned()])
        );
        // §6.2.2 keeps a port of "0" (only §6.2.3 removes an empty or default one): the
        // normalizer that reads "a://h:0/x" with the parser writes "a://h/x".
        let normalize = Request::Normalize {
            input: "a://h:0/x".into(),
            level: None,
        };
        assert_eq!(
            named(&normalize, "a://h/x"),
            Some(vec!["p-port-zero-as-none".to_owned()])
        );
        // Near-misses: a target whose path the parser's reading does not give, and a port
        // that reads otherwise than zero lost, are not the entry's.
        let not_the_entrys = |names: Option<Vec<String>>| {
            names.is_none_or(|n| !n.contains(&"p-port-zero-as-none".to_owned()))
        };
        assert!(not_the_entrys(named(&resolve, "a://h/b/c/d")));
        let port_one = Request::Resolve {
            base: "a://h:1/b/c".into(),
            input: "d".into(),
            strict: true,
        };
        assert!(not_the_entrys(named(&port_one, "a://h/b/d")));
    }

    #[test]
    fn a_parse_entry_not_read_by_an_operation_names_nothing_there() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        let resolve = Request::Resolve {
            base: "a://h:0/b/c".into(),
            input: "d".into(),
            strict: true,
        };
        let normalize = Request::Normalize {
            input: "a://h:0/x".into(),
            level: None,
        };
        let target = Outcome::Resolved("a://h/b/d".into());
        let normalized = Outcome::Normalized("a://h/x".into());
        let named_here = |catalogue: &super::Catalogue, case: &Request, actual: &Outcome| {
            named_by(catalogue, "p", case, actual)
                .is_some_and(|n| n.contains(&"p-port-zero-as-none".to_owned()))
        };
        // The entry says the resolver does not run its code: resolutions are not its, the
        // normalizer's still are.
        let entry_says = port_zero_catalogue("    not-read-by: [resolve]\n", "");
        assert!(!named_here(&entry_says, &resolve, &target));
        assert!(named_here(&entry_says, &normalize, &normalized));
        // The catalogue's header says the normalizer reads its input with code of its own, or
        // only asks the parser whether it takes it.
        for reads in ["nothing", "acceptance"] {
            let header = format!(
                "operation-reads:\n  - {{implementation: p, op: normalize, reads: {reads}, evidence: \"its own scanner\"}}\n"
            );
            let header_says = port_zero_catalogue("", &header);
            assert!(!named_here(&header_says, &normalize, &normalized));
            assert!(named_here(&header_says, &resolve, &target));
        }
        // Only resolve and normalize, and only on an entry of the parse.
        let own = |text: &str| {
            super::Catalogue::bundled_with(
                &[],
                &[("p".to_owned(), "p.yaml".into(), text.to_owned())],
            )
        };
        assert!(own("operation-reads:\n  - {implementation: p, op: parse, reads: nothing, evidence: e}\nentries: []\n").is_err());
        assert!(own("operation-reads:\n  - {implementation: q, op: resolve, reads: nothing, evidence: e}\nentries: []\n").is_err());
        assert!(own("entries:\n  - id: p-x\n    implementations: [p]\n    class: design\n    reason: r\n    link: l\n    ops: [resolve]\n    not-read-by: [normalize]\n    model: !departure relative-base-resolved\n").is_err());
    }

    #[test]
    fn a_writers_entry_writes_a_resolutions_target() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        // A serializer that leaves out the scheme's default port (Poco's `toString`), which
        // the library's resolver writes its target with.
        let own = r#"entries:
  - id: p-default-port-omitted
    implementations: [p]
    class: documented-deviation
    reason: "the serializer leaves out a well-known port"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-5.3
    ops: [parse]
    model: !serializing serializer-default-port-omitted
"#;
        let catalogue =
            super::Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.into())])
                .expect("a valid catalogue");
        // §5.2.2 keeps the base's authority and §5.3 writes it whole: "http://h:80/b".
        let case = Request::Resolve {
            base: "http://h:80/a".into(),
            input: "b".into(),
            strict: true,
        };
        let names = named_by(
            &catalogue,
            "p",
            &case,
            &Outcome::Resolved("http://h/b".into()),
        );
        assert_eq!(names, Some(vec!["p-default-port-omitted".to_owned()]));
        // Another port left out is not the writer's.
        let other = Request::Resolve {
            base: "http://h:81/a".into(),
            input: "b".into(),
            strict: true,
        };
        let names = named_by(
            &catalogue,
            "p",
            &other,
            &Outcome::Resolved("http://h/b".into()),
        );
        assert!(names.is_none_or(|n| !n.contains(&"p-default-port-omitted".to_owned())));
    }

    #[test]
    fn a_rule_that_writes_the_answer_anew_comes_before_the_rules_that_edit_it() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        let catalogue = with_field_catalogues();
        // Poco's URI::resolve takes "/%2E//.?a" by its absolute-path branch: `_path =
        // relativeURI._path; removeDotSegments();`, whose segments are the decoded path's
        // non-empty ones (poco-remove-dot-segments), and toString writes "/" before the query of
        // the empty path left (poco-empty-path-slash-before-query-or-fragment); getAuthority
        // leaves out https's well-known port 443 (`if (_port && !isWellKnownPort())`,
        // documented). Three entries, two bugs composed with the documented one after them.
        let resolve = |base: &str| Request::Resolve {
            base: base.into(),
            input: "/%2E//.?a".into(),
            strict: true,
        };
        let both = [
            "poco-remove-dot-segments",
            "poco-empty-path-slash-before-query-or-fragment",
        ];
        let answer = Outcome::Resolved("https://[::]/?a".into());
        assert_eq!(
            named_by(
                &catalogue,
                "cpp-poco-uri",
                &resolve("https://[::]/"),
                &answer
            ),
            Some(both.map(String::from).to_vec())
        );
        assert_eq!(
            named_by(
                &catalogue,
                "cpp-poco-uri",
                &resolve("https://[::]:443"),
                &answer
            ),
            Some(both.map(String::from).to_vec())
        );
        // A near-miss: the port 443 of a scheme Poco knows no port of is written.
        assert_ne!(
            named_by(
                &catalogue,
                "cpp-poco-uri",
                &resolve("a://[::]:443"),
                &Outcome::Resolved("a://[::]/?a".into())
            ),
            Some(both.map(String::from).to_vec())
        );
    }

    #[test]
    fn an_empty_port_poco_holds_as_none_is_the_rfcs_omission_beside_a_bug() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        let catalogue = with_field_catalogues();
        let normalize = |input: &str| Request::Normalize {
            input: input.into(),
            level: None,
        };
        let named = |input: &str, written: &str| {
            named_by(
                &catalogue,
                "cpp-poco-uri",
                &normalize(input),
                &Outcome::Normalized(written.into()),
            )
        };
        // Poco reads an empty port as `_port = 0`, which getAuthority does not write: what
        // RFC 3986 §3.2.3 asks of a normalizer. The "#" lost is its empty fragment held as none
        // (`if (!_fragment.empty())`), the "/" before a query its toString's rule (`else if
        // (!_query.empty() || !_fragment.empty()) uri += '/'`): each bug alone names the case.
        assert_eq!(
            named("a://[::]:#", "a://[::]"),
            Some(vec!["poco-empty-as-absent".to_owned()])
        );
        assert_eq!(
            named("a://a:?a", "a://a/?a"),
            Some(vec![
                "poco-empty-path-slash-before-query-or-fragment".to_owned()
            ])
        );
        // Near-misses: a port that is there dropped; the empty port written.
        assert_ne!(
            named("a://[::]:1#", "a://[::]"),
            Some(vec!["poco-empty-as-absent".to_owned()])
        );
        assert_ne!(
            named("a://a:?a", "a://a:/?a"),
            Some(vec![
                "poco-empty-path-slash-before-query-or-fragment".to_owned()
            ])
        );
    }

    #[test]
    fn a_bug_of_a_normalizer_composes_with_the_readings_it_takes() {
        use crate::model::Outcome;
        use crate::protocol::Request;
        let own = std::path::PathBuf::from("adapters/python/rfc3986/known-differences.yaml");
        let text = std::fs::read_to_string(&own).expect("the adapter's catalogue");
        let catalogue =
            super::Catalogue::bundled_with(&[], &[("python-rfc3986".to_owned(), own, text)])
                .expect("valid catalogues");
        let named = |input: &str, written: &str| {
            let case = Request::Normalize {
                input: input.into(),
                level: None,
            };
            named_by(
                &catalogue,
                "python-rfc3986",
                &case,
                &Outcome::Normalized(written.into()),
            )
        };
        // rfc3986 2.0.0's normalize_authority writes the port only "if port:" (its documented
        // choice, rfc3986-empty-port-removed) and lowercases the host whole (`host.lower()`,
        // the confirmed rfc3986-host-percent-encoding-lowercased): both at once.
        let lowered = named("//%0a:", "//%0a").expect("named by the catalogue");
        assert!(lowered.contains(&"rfc3986-host-percent-encoding-lowercased".to_owned()));
        // Its normalize_percent_characters uppercases triplets and never decodes them (the
        // confirmed rfc3986-unreserved-percent-encodings-kept) beside a rootless path kept
        // rootless (choice 10, allowed).
        let kept = named("a:b/..?%7a", "a:?%7A").expect("named by the catalogue");
        assert!(kept.contains(&"rfc3986-unreserved-percent-encodings-kept".to_owned()));
        // Near-misses: a port that is there dropped; a dot-segment left.
        assert!(named("//%0a:1", "//%0a").is_none_or(|ids| {
            !ids.contains(&"rfc3986-host-percent-encoding-lowercased".to_owned())
        }));
        assert!(named("a:b/..?%7a", "a:b?%7A").is_none_or(|ids| {
            !ids.contains(&"rfc3986-unreserved-percent-encodings-kept".to_owned())
        }));
    }

    #[test]
    fn a_crates_class_reads_the_text_its_constructor_stripped() {
        use crate::model::{Components, Outcome};
        use crate::protocol::Request;
        let own = std::path::PathBuf::from("adapters/perl/uri/known-differences.yaml");
        let text = std::fs::read_to_string(&own).expect("the adapter's catalogue");
        let catalogue = super::Catalogue::bundled_with(&[], &[("perl-uri".to_owned(), own, text)])
            .expect("valid catalogues");
        // Perl's URI->new strips the white space around the text (`$uri =~ s/^\s+//;`, URI.pm),
        // then takes the class of its scheme: URI::mailto has no authority, and the escaped
        // text after the scheme is its opaque part, answered as the path. Both documented.
        let parsed = |path: &str| Outcome::Parsed {
            components: Components {
                scheme: Some("mailto".into()),
                userinfo: None,
                host: None,
                port: None,
                path: path.into(),
                query: None,
                fragment: None,
            },
            host_kind: None,
        };
        let case = Request::parse(" mailto://[\u{1f}");
        let ids = named_by(&catalogue, "perl-uri", &case, &parsed("//[%1F")).expect("known");
        assert!(ids.contains(&"perl-uri-opaque-classes".to_owned()));
        assert!(ids.iter().all(|id| id.starts_with("perl-uri-")));
        // A near-miss: the control left unescaped is no answer of the class.
        assert!(
            named_by(&catalogue, "perl-uri", &case, &parsed("//[\u{1f}"))
                .is_none_or(|ids| !ids.contains(&"perl-uri-opaque-classes".to_owned()))
        );
    }
}
