//! The differential engine: run one case on every implementation, compare each answer with the
//! reference's, classify what differs, and shrink it to a minimal input.

pub mod catalogue;
mod chains;
pub mod compare;
pub(crate) mod departures;
pub(crate) mod meaning;
pub mod models;
pub(crate) mod normalizing;
pub mod properties;
pub(crate) mod resolving;
pub mod run;
pub(crate) mod serializing;
pub(crate) mod shrink;
pub mod signature;

use std::sync::Arc;
use std::time::Duration;

pub use catalogue::{Catalogue, Class};
pub use compare::{Difference, DifferenceKind};
pub use properties::PropertyFailure;
pub use signature::Signature;

use crate::impls::Implementation;
use crate::impls::reference::Reference;
use crate::model::{Components, Field, Outcome, Subject};
use crate::protocol::Request;
use crate::reference::{self, HostKind, Level};
use run::{Calls, Checked, Pool};

/// The detail of a finding where the answer agrees with RFC 3986 but not with the
/// specification the implementation claims (the URL Standard).
pub const CLAIMED_SPECIFICATION: &str = "against-the-url-standard";

/// A catalogue entry that covers a finding, copied out of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The entry's id.
    pub id: String,
    /// Its class.
    pub class: Class,
    /// Its reason.
    pub reason: String,
    /// Its link.
    pub link: String,
    /// For a bug: what upstream knows of it.
    pub upstream: Option<String>,
    /// For entries that reproduce an answer only together, each entry alone, in catalogue
    /// order; empty for one entry.
    pub parts: Vec<Arc<Known>>,
}

impl Known {
    /// The entry a finding is filed under: the entry itself, or the first of a set in
    /// catalogue order. One mechanism makes one report: a case that shows it together with
    /// another entry is evidence for it, not a report of its own per combination.
    pub fn mechanism(&self) -> &Known {
        self.parts.first().map_or(self, |first| first)
    }

    /// The other entries of a set, which the case shows beside [`Known::mechanism`].
    pub fn seen_with(&self) -> impl Iterator<Item = &str> {
        self.parts.iter().skip(1).map(|part| part.id.as_str())
    }

    /// Every entry's id, [`Known::mechanism`] first.
    pub fn ids(&self) -> Vec<String> {
        std::iter::once(self.mechanism().id.clone())
            .chain(self.seen_with().map(str::to_owned))
            .collect()
    }

    /// The name of the report a finding it names is filed under: [`Known::mechanism`]'s id,
    /// but for an undocumented departure of one component (no catalogue entry names it), whose
    /// report is its mechanism's in every component (`component-unchecked` for
    /// `path-unchecked` and `query-unchecked` alike, [`departures::Departure::kind_id`]).
    /// A catalogue entry names its own report, whatever departure it models.
    pub fn filed_as(&self) -> String {
        let mechanism = self.mechanism();
        match kind_of_departure(mechanism) {
            Some((kind, _)) => kind,
            None => mechanism.id.clone(),
        }
    }

    /// The components an undocumented departure of one component shows in, by the parts
    /// filed under [`Known::filed_as`]: the mechanism's and those of the same mechanism
    /// beside it (a finding that `path-unchecked` and `query-unchecked` explain together is
    /// the report of `component-unchecked`, seen in both). Empty for any other.
    pub fn components(&self) -> Vec<String> {
        let Some((kind, _)) = kind_of_departure(self.mechanism()) else {
            return Vec::new();
        };
        let parts: Vec<&Known> = if self.parts.is_empty() {
            vec![self]
        } else {
            self.parts.iter().map(|p| &**p).collect()
        };
        let mut components: Vec<String> = parts
            .into_iter()
            .filter_map(kind_of_departure)
            .filter(|(k, _)| *k == kind)
            .map(|(_, component)| component.name().to_owned())
            .collect();
        components.dedup();
        components
    }

    /// The other parts, which the case shows beside the mechanism, less those of the same
    /// mechanism in another component ([`Known::components`]): they are the same report.
    pub fn seen_beside(&self) -> impl Iterator<Item = &str> {
        let kind = kind_of_departure(self.mechanism()).map(|(kind, _)| kind);
        self.parts.iter().skip(1).filter_map(move |part| {
            let same = kind.is_some() && kind_of_departure(part).map(|(k, _)| k) == kind;
            (!same).then_some(part.id.as_str())
        })
    }
}

/// For an undocumented departure of one component (class [`Class::Departure`], a departure
/// of the library's or a serializer's), its mechanism's name and its component.
fn kind_of_departure(known: &Known) -> Option<(String, crate::model::Field)> {
    if known.class != Class::Departure {
        return None;
    }
    if let Some(departure) = departures::Departure::from_id(&known.id) {
        return departure
            .component()
            .map(|component| (departure.kind_id(), component));
    }
    let serializer = serializing::Serializing::from_id(&known.id)?;
    serializer
        .component()
        .map(|component| (serializer.kind_id(), component))
}

/// One implementation's difference from the reference on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its signature.
    pub signature: Signature,
    /// The case.
    pub case: Request,
    /// What differs.
    pub difference: Difference,
    /// The reference's answer.
    pub reference: Outcome,
    /// The implementation's answer.
    pub actual: Outcome,
    /// The catalogue entry that covers it; `None` for a candidate bug.
    pub known: Option<Arc<Known>>,
    /// For a property of the implementation's own ([`properties`]), the strings that show it:
    /// the input, the first output, the second; empty for a difference from the reference.
    pub chain: Vec<String>,
    /// For a property of the implementation's own, the calls it rests on with the crate's
    /// answers, where the property records them (a model reproduces them or not).
    pub trace: Option<Arc<properties::Trace>>,
    /// The signature's id, made once.
    pub(crate) id: String,
}

impl Finding {
    /// Whether it is a bug: a candidate (no catalogue entry covers it) or a confirmed one (a bug
    /// entry groups it); not a forgiven difference, not an unjudged one.
    pub fn is_bug(&self) -> bool {
        self.known.as_ref().is_none_or(|k| k.class.is_bug())
    }

    /// Whether it is a candidate bug: no catalogue entry covers it, or only the library's
    /// departures name it.
    pub fn is_candidate(&self) -> bool {
        self.known
            .as_ref()
            .is_none_or(|k| k.class == Class::Departure)
    }

    /// The signature's id ([`Signature::id`]), made when the finding was.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Whether it decides where a request goes (and is not a known difference's business
    /// alone: known differences are tagged too, and sorted after candidate bugs).
    pub fn is_security_relevant(&self) -> bool {
        self.difference.is_security_relevant()
    }
}

/// Every answer to one case.
#[derive(Clone, Debug)]
pub struct CaseRun {
    /// The reference's answer.
    pub reference: Outcome,
    /// Each implementation's name and answer, in the engine's order.
    pub answers: Vec<(String, Outcome)>,
    /// The differences.
    pub findings: Vec<Finding>,
}

/// The implementations under comparison, with the catalogue.
///
/// Each task (a case, a batch of cases, a whole shrink) runs in one thread that calls every
/// implementation in itself (see [`run`]): an executor of the engine's pool, watched for
/// hangs, or the caller's own thread for an engine made by [`Engine::in_thread`].
pub struct Engine {
    core: Arc<Core>,
    pool: Option<Pool>,
    /// One implementation's answers to the probes that attribution asks of it (a departure's
    /// controls, the parses a resolution reads): a search over sets of departures asks the
    /// same few probes again for every set, each a round trip to a program over the protocol.
    probes: std::sync::Mutex<std::collections::HashMap<(String, Request), Option<Outcome>>>,
    /// The departures found for a finding's answer ([`Engine::attributed`]), by implementation,
    /// case, answer and the reference's answer: all the search reads. A case is attributed
    /// again where a report signed by its symptom counts it, where it is filed, and where its
    /// shrinking ends where it began; the search, which asks nothing new of the program (its
    /// probes are kept), gives the same set each time.
    searches: std::sync::Mutex<std::collections::HashMap<SearchKey, Option<Arc<Known>>>>,
}

/// What [`Engine::attributed`]'s search reads of a finding: the implementation, the case, its
/// answer and the reference's.
type SearchKey = (String, Request, Outcome, Outcome);

/// How many probes' answers [`Engine::answer_of`] keeps before it starts again.
const PROBES_KEPT: usize = 1 << 16;

/// What a task needs: the implementations and the catalogue.
struct Core {
    implementations: Vec<Arc<dyn Implementation>>,
    catalogue: Catalogue,
}

impl Engine {
    /// An engine over `implementations` (the reference among them is skipped), each call
    /// guarded by the time limit.
    pub fn new(
        implementations: Vec<Arc<dyn Implementation>>,
        limit: Duration,
        catalogue: Catalogue,
    ) -> Self {
        Engine {
            core: Arc::new(Core::new(implementations, catalogue)),
            pool: Some(Pool::new(limit)),
            probes: Default::default(),
            searches: Default::default(),
        }
    }

    /// An engine that calls every implementation straight in the calling thread, with no time
    /// limit: for a libFuzzer target, whose `-timeout` deals with a hang.
    pub fn in_thread(implementations: Vec<Arc<dyn Implementation>>, catalogue: Catalogue) -> Self {
        Engine {
            core: Arc::new(Core::new(implementations, catalogue)),
            pool: None,
            probes: Default::default(),
            searches: Default::default(),
        }
    }

    /// Runs a task: straight in this thread, or on an executor (with its inputs owned); a task
    /// a signal gave up (see [`run::Pool::run`]) gives `given_up`, which says nothing of the
    /// implementations (the caller stops and drops it).
    fn task<R: Send + 'static>(
        &self,
        direct: impl FnOnce(&Core, &Calls<'_>) -> R,
        guarded: impl FnOnce() -> Arc<dyn Fn(&Calls<'_>) -> R + Send + Sync>,
        given_up: impl FnOnce() -> R,
    ) -> R {
        match &self.pool {
            None => direct(&self.core, &Calls::direct()),
            Some(pool) => pool.run(guarded()).unwrap_or_else(given_up),
        }
    }

    /// The implementations, less the reference.
    pub fn implementations(&self) -> impl Iterator<Item = &dyn Implementation> {
        self.core.implementations.iter().map(|i| &**i)
    }

    /// The names of the implementations, less the reference.
    pub fn names(&self) -> Vec<String> {
        self.implementations()
            .map(|i| i.about().name.to_owned())
            .collect()
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &Catalogue {
        &self.core.catalogue
    }

    /// Runs `case` everywhere, compares, and checks each implementation's own properties.
    pub fn run(&self, case: &Request) -> CaseRun {
        self.task(
            |core, calls| core.run(case, calls),
            || {
                let (core, case) = (Arc::clone(&self.core), case.clone());
                Arc::new(move |calls| core.run(&case, calls))
            },
            || CaseRun {
                reference: Outcome::Unsupported,
                answers: Vec::new(),
                findings: Vec::new(),
            },
        )
    }

    /// Runs many cases everywhere in one task (faster than [`Engine::run`] case by case).
    pub fn run_all(&self, cases: &[Request]) -> Vec<CaseRun> {
        self.task(
            |core, calls| core.run_all(cases, calls),
            || {
                let (core, cases) = (Arc::clone(&self.core), cases.to_vec());
                Arc::new(move |calls| core.run_all(&cases, calls))
            },
            Vec::new,
        )
    }

    /// Every implementation's answers to `cases`, with nothing compared and no property
    /// checked: one list per implementation, in the engine's order, each call guarded as in
    /// [`Engine::run_all`] (a hang is [`Outcome::TimedOut`], a panic [`Outcome::Panicked`]).
    pub fn answers(&self, cases: &[Request]) -> Vec<(String, Vec<Outcome>)> {
        let all: Vec<usize> = (0..self.core.implementations.len()).collect();
        self.answers_of(&all, cases)
    }

    /// [`Engine::answers`] of the implementations at `which` (indices in the engine's order)
    /// alone.
    pub fn answers_of(&self, which: &[usize], cases: &[Request]) -> Vec<(String, Vec<Outcome>)> {
        self.task(
            |core, calls| core.answers(which, cases, calls),
            || {
                let (core, which, cases) = (Arc::clone(&self.core), which.to_vec(), cases.to_vec());
                Arc::new(move |calls| core.answers(&which, &cases, calls))
            },
            Vec::new,
        )
    }

    /// The answer of the implementation named `implementation` to `case`; `None` when the
    /// engine has no implementation of that name.
    pub fn answer_of(&self, implementation: &str, case: &Request) -> Option<Outcome> {
        let key = (implementation.to_owned(), case.clone());
        if let Some(answer) = self.probes.lock().ok().and_then(|p| p.get(&key).cloned()) {
            return answer;
        }
        let answer = self.answer_uncached(implementation, case);
        if let Ok(mut probes) = self.probes.lock() {
            if probes.len() >= PROBES_KEPT {
                probes.clear();
            }
            probes.insert(key, answer.clone());
        }
        answer
    }

    fn answer_uncached(&self, implementation: &str, case: &Request) -> Option<Outcome> {
        let index = self
            .core
            .implementations
            .iter()
            .position(|i| i.about().name == implementation)?;
        self.answers_of(&[index], std::slice::from_ref(case))
            .pop()
            .and_then(|(_, mut answers)| answers.pop())
    }

    /// Runs `case` on one implementation only; its difference from the reference, if any.
    pub fn run_one(&self, implementation: &str, case: &Request) -> Option<Finding> {
        self.task(
            |core, calls| core.run_one(implementation, case, calls),
            || {
                let (core, case) = (Arc::clone(&self.core), case.clone());
                let implementation = implementation.to_owned();
                Arc::new(move |calls| core.run_one(&implementation, &case, calls))
            },
            || None,
        )
    }

    /// One implementation's parse of `input` written back by its own serializer, guarded
    /// like its answers ([`Implementation::serialize`]).
    pub fn serialize(&self, implementation: &str, input: &str) -> Option<Result<String, String>> {
        self.task(
            |core, calls| core.serialize(implementation, input, calls),
            || {
                let (core, input) = (Arc::clone(&self.core), input.to_owned());
                let implementation = implementation.to_owned();
                Arc::new(move |calls| core.serialize(&implementation, &input, calls))
            },
            || None,
        )
    }

    /// Runs `case` on one implementation only; its difference from the reference and the
    /// properties it breaks.
    pub fn run_one_checked(&self, implementation: &str, case: &Request) -> Vec<Finding> {
        self.task(
            |core, calls| core.run_one_checked(implementation, case, calls),
            || {
                let (core, case) = (Arc::clone(&self.core), case.clone());
                let implementation = implementation.to_owned();
                Arc::new(move |calls| core.run_one_checked(&implementation, &case, calls))
            },
            Vec::new,
        )
    }

    /// The parse that causes a resolution's or normalization's finding of validity: when the
    /// implementation accepts what the reference refuses (or refuses what it accepts) in a
    /// resolution or a normalization because its parser does so on the reference, the base or
    /// the input alone, that parse's finding, with the same kind and the same catalogue entry
    /// (or none, or any for a finding no entry explains: a parser's documented reading, or
    /// its confirmed bug, is the cause of the resolutions that carry it, which no entry of
    /// those operations models). One parser behaviour then makes one report, shown by its
    /// smallest case, rather than one per operation that goes through the parser. `None` when
    /// no parse of the case's strings shows it.
    ///
    /// Likewise a target or a normalized string that differs in a component because it carries
    /// the parser's reading of it: when the implementation's parse of the base or the input
    /// differs from the reference's in that same component (its most severe one), and the
    /// answer holds exactly the value that parse gave (ASCII case aside for a scheme or host),
    /// the parse is the cause (a parser that loses IPv6 hosts makes one report, not one per
    /// §5.2.2 branch a resolution took); and a target or normalized string that does not survive
    /// the crate's own parse and serialization because that parse misreads it.
    ///
    /// And a target or normalized string that is the right one as the crate writes it: when
    /// the crate's own parse of the string it should have given (the reference's, or the URL
    /// Standard's for a finding against the Standard) serializes to exactly the crate's
    /// answer, and that parse differs from the specification's in the same component, the
    /// operation computed the right URI and the parse and serialization of it are the cause
    /// (url 2.3.1 writes a hostless `//` path as `a://b`, whether it comes from `.//b`
    /// against `a:/x` or from parsing `a:/.//b`: one report, not one per operation).
    pub fn cause(&self, finding: &Finding) -> Option<Finding> {
        let strings: Vec<&str> = match &finding.case {
            Request::Normalize { input, .. } => vec![input],
            Request::Resolve { base, input, .. } => vec![input, base],
            Request::Parse { .. } => {
                return self
                    .serialized_as_parsed(finding)
                    .or_else(|| self.serialized_as_normalized(finding))
                    .or_else(|| self.law_as_its_resolution(finding));
            }
        };
        if let Some(difference) = self.the_answers_own_difference(finding) {
            return Some(difference);
        }
        let known = |f: &Finding| f.known.as_ref().map(|k| k.id.clone());
        let name = &finding.signature.implementation;
        let parse_of = |text: &str| {
            let request = Request::parse(text);
            self.run_one(name, &request)
                .or_else(|| {
                    // No finding: an agreement, or an `unsupported`. A parser of absolute URIs
                    // only answers `unsupported` to a URI-reference, so what has a scheme it
                    // is asked by the URI rule (curl, which parses a resolution's target
                    // `a://a/#[` but not as a URI-reference).
                    let absolute = reference::split(text).scheme.is_some();
                    (absolute && self.answer_of(name, &request) == Some(Outcome::Unsupported))
                        .then(|| {
                            let by_uri_rule = Request::Parse {
                                input: text.to_owned(),
                                rule: Some(reference::Rule::Uri.into()),
                                zone_id: false,
                            };
                            self.run_one(name, &by_uri_rule)
                        })
                        .flatten()
                })
                .filter(|parse| {
                    known(parse) == known(finding)
                        // A reading the parser is known for (documented, or a confirmed bug) is
                        // the cause of what no entry explains in an operation that carries it.
                        || (finding.known.is_none() && parse.known.is_some())
                })
        };
        match finding.signature.kind {
            DifferenceKind::AcceptsInvalid | DifferenceKind::RejectsValid => strings
                .into_iter()
                .find_map(|text| {
                    parse_of(text).filter(|p| p.signature.kind == finding.signature.kind)
                })
                .or_else(|| carried_into_the_answer(finding, &parse_of)),
            DifferenceKind::Target | DifferenceKind::Normalized => {
                let field = *finding.signature.fields.first()?;
                let (Outcome::Resolved(text) | Outcome::Normalized(text)) = &finding.actual else {
                    return None;
                };
                let lenient = compare::lenient_components(text);
                let carried = lenient.get(field);
                strings
                    .into_iter()
                    .find_map(|text| {
                        parse_of(text).filter(|parse| {
                            let Outcome::Parsed { components, .. } = &parse.actual else {
                                return false;
                            };
                            let folds = matches!(field, Field::Scheme | Field::Host);
                            // A component the parse loses is carried as its absence (an empty
                            // authority read as none gives a target without one).
                            parse.signature.kind == DifferenceKind::Components
                                && parse.signature.fields.first() == Some(&field)
                                && match (components.get(field), carried) {
                                    (Some(value), Some(carried)) => {
                                        value == carried
                                            || (folds && value.eq_ignore_ascii_case(carried))
                                    }
                                    (None, None) => true,
                                    _ => false,
                                }
                        })
                    })
                    .or_else(|| self.written_as_its_parse(finding, text, &parse_of))
            }
            // A resolution's target (or a normalized string) that does not survive the
            // crate's own parse and serialization because its parser misreads it: that parse is
            // the cause ("file://0.0.0.0/a:", which url's join writes and its parser reads
            // without the host).
            DifferenceKind::NotIdempotent => {
                let (Outcome::Resolved(text) | Outcome::Normalized(text)) = &finding.actual else {
                    return None;
                };
                self.run_one(&finding.signature.implementation, &Request::parse(text))
                    .filter(|parse| parse.signature.kind == DifferenceKind::Components)
            }
            _ => None,
        }
    }

    /// The difference a normalization's or a resolution's broken property rests on: where the
    /// string the crate normalized or resolved to differs from the reference's, no entry
    /// documents that difference, and the property fails on that same string (it has an
    /// authority or a scheme the input had not, normalizing or serializing it again changes
    /// it, the crate's parser refuses it), the one answer is one cause, and the property is
    /// filed with the difference, which attribution names by its mechanism (`/.//` normalized
    /// to `//`: `double-slash-path-unguarded`, not a second report
    /// `normalize-meaning-changed-host`). A documented difference keeps its property apart: a
    /// model forgives spelling, not meaning (`meaning.rs`).
    fn the_answers_own_difference(&self, finding: &Finding) -> Option<Finding> {
        let answers = match &finding.case {
            Request::Normalize { .. } => DifferenceKind::Normalized,
            Request::Resolve { .. } => DifferenceKind::Target,
            Request::Parse { .. } => return None,
        };
        if !matches!(
            finding.signature.kind,
            DifferenceKind::MeaningChanged
                | DifferenceKind::NotIdempotent
                | DifferenceKind::TargetNotAbsolute
        ) {
            return None;
        }
        self.run_one(&finding.signature.implementation, &finding.case)
            .filter(|difference| {
                difference.signature.kind == answers
                    && difference.known.is_none()
                    && difference.actual == finding.actual
            })
    }

    /// The resolution a parse's empty-reference law rests on: the law (`""` resolved against
    /// the input gives the input without its fragment, [`properties`]) is the resolution of
    /// `""` against the input, which §5.2.2 answers so; where the implementation's answer to
    /// that resolution differs from the reference's, the one answer is one cause, filed with
    /// the resolutions it shows in and named by what names them (a catalogue entry, a
    /// departure), not a report of the law's own in every parser whose resolver departs.
    /// `None` for another finding, and where that resolution agrees with the reference (the
    /// law then fails on what the crate writes of its parse).
    fn law_as_its_resolution(&self, finding: &Finding) -> Option<Finding> {
        let Request::Parse { input, .. } = &finding.case else {
            return None;
        };
        if finding.signature.kind != DifferenceKind::ResolutionLaw
            || finding.difference.detail != properties::EMPTY_REFERENCE
        {
            return None;
        }
        let resolution = Request::Resolve {
            base: input.clone(),
            input: String::new(),
            strict: true,
        };
        // That resolution may itself carry a parse's reading into its target (uri-js's
        // `_normalizeIPv6` rewrites the base's host `[::0]` as `[::]`): its cause is then the
        // law's too.
        self.run_one(&finding.signature.implementation, &resolution)
            .filter(|resolved| resolved.signature.kind == DifferenceKind::Target)
            .map(|resolved| self.cause(&resolved).unwrap_or(resolved))
    }

    /// The parse that a round trip fails on: where the crate's serializer writes exactly the
    /// components its parse reported, recomposed by §5.3, the serializer did its part and the
    /// components are ones no URI has (an authority before a path that does not start with "/",
    /// from python-rfc3986's authority that ends at a backslash: `//a\` is the host `a` and the
    /// path `%5C`, written `//a%5C`). The parse's own difference from the reference is then the
    /// cause. `None` for another finding, a serializer that writes otherwise, and a parse that
    /// agrees with the reference (whose components §5.3 writes back losslessly).
    fn serialized_as_parsed(&self, finding: &Finding) -> Option<Finding> {
        let Request::Parse { input, .. } = &finding.case else {
            return None;
        };
        if finding.signature.kind != DifferenceKind::RoundTrip {
            return None;
        }
        let name = &finding.signature.implementation;
        let Some(Outcome::Parsed {
            components,
            host_kind,
        }) = self.answer_of(name, &finding.case)
        else {
            return None;
        };
        let mut parsed = components.as_reference();
        parsed.host_kind = host_kind;
        if self.serialize(name, input) != Some(Ok(reference::recompose(&parsed))) {
            return None;
        }
        self.run_one(name, &finding.case).filter(|parse| {
            matches!(
                parse.signature.kind,
                DifferenceKind::Components | DifferenceKind::AcceptsInvalid
            )
        })
    }

    /// The normalization that a round trip or an idempotence of a parse fails on: where the
    /// crate's serializer writes what its normalization of the same text writes, and an entry
    /// of its catalogue names that normalization's difference (System.Uri's `AbsoluteUri`, which
    /// writes a text without authority twice: "aa:%41" is "aa:%41A", and "aa:%41A" reads back
    /// with the path "%41A"), that finding is the cause, not a report of its own. `None` for
    /// another finding, a serializer that writes otherwise, and a normalization no entry names.
    fn serialized_as_normalized(&self, finding: &Finding) -> Option<Finding> {
        let Request::Parse { input, .. } = &finding.case else {
            return None;
        };
        if !matches!(
            finding.signature.kind,
            DifferenceKind::RoundTrip | DifferenceKind::NotIdempotent
        ) {
            return None;
        }
        let name = &finding.signature.implementation;
        let Some(Ok(written)) = self.serialize(name, input) else {
            return None;
        };
        [Level::Scheme, Level::Syntax]
            .into_iter()
            .find_map(|level| {
                let normalize = Request::Normalize {
                    input: input.clone(),
                    level: Some(level),
                };
                (self.answer_of(name, &normalize) == Some(Outcome::Normalized(written.clone())))
                    .then(|| self.run_one(name, &normalize))
                    .flatten()
                    .filter(|normalized| normalized.known.is_some())
            })
    }

    /// The crate's parse of the string `finding` should have answered, when the crate writes
    /// that parse back as exactly its answer `written` and the parse differs from the
    /// specification's in the answer's most severe component: see [`Engine::cause`].
    fn written_as_its_parse(
        &self,
        finding: &Finding,
        written: &str,
        parse_of: &dyn Fn(&str) -> Option<Finding>,
    ) -> Option<Finding> {
        let should = if finding.difference.detail == CLAIMED_SPECIFICATION {
            crate::whatwg::expected_outcome(&finding.case)
        } else {
            finding.reference.clone()
        };
        let (Outcome::Resolved(should) | Outcome::Normalized(should)) = &should else {
            return None;
        };
        if self.serialize(&finding.signature.implementation, should) != Some(Ok(written.to_owned()))
        {
            return None;
        }
        // The parse must differ where the answer does (its most severe component): a parse
        // that differs elsewhere would file a serializer's own fault under another cause.
        parse_of(should).filter(|parse| {
            parse.signature.kind == DifferenceKind::Components
                && parse.signature.fields.first() == finding.signature.fields.first()
        })
    }

    /// A resolution or normalization that accepts what the implementation's own parser
    /// refuses: the operation does not run the parser's checks (Python's rfc3986 normalizes
    /// and resolves without its `Validator`; curl's resolution takes any text as a relative
    /// path). That is one cause whatever rule the string breaks, so the finding is signed
    /// `what-its-parser-refuses` (`base-what-its-parser-refuses` for a resolution's base)
    /// instead of by the rule: one report per operation, not one per component. The base is
    /// asked by the `URI` rule (a base is a URI, §5.1), or by `URI-reference` where the parser
    /// answers `unsupported` to that (uritools); a reference or an input by `URI-reference`, or
    /// by `URI` where the parser answers `unsupported` to that and the string has a scheme
    /// (curl). `None` where the parser accepts the string too (its reading
    /// is the cause: [`Engine::cause`]), for other findings, and for a finding an entry names.
    pub fn unvalidated(&self, finding: &Finding) -> Option<Finding> {
        if finding.signature.kind != DifferenceKind::AcceptsInvalid || finding.known.is_some() {
            return None;
        }
        let subject = finding.reference.rejection()?.subject();
        let (text, detail) = match (&finding.case, subject) {
            (Request::Resolve { base, .. }, Subject::Base) => {
                (base, "base-what-its-parser-refuses")
            }
            (Request::Resolve { input, .. } | Request::Normalize { input, .. }, Subject::Input) => {
                (input, "what-its-parser-refuses")
            }
            _ => return None,
        };
        let name = &finding.signature.implementation;
        let by = |rule: Option<reference::Rule>| Request::Parse {
            input: text.clone(),
            rule: rule.map(crate::protocol::ParseRule::uri),
            zone_id: false,
        };
        // The rule asked first, and the one asked where the parser does not take that rule:
        // a base that is refused as a URI-reference is refused as a URI too, and an input is
        // asked as a URI only where it has a scheme (else the missing scheme is the refusal).
        let (first, fallback) = match subject {
            Subject::Base => (Some(reference::Rule::Uri), Some(None)),
            Subject::Input => (
                None,
                reference::split(text)
                    .scheme
                    .is_some()
                    .then_some(Some(reference::Rule::Uri)),
            ),
        };
        let mut answer = self.answer_of(name, &by(first))?;
        if let (Outcome::Unsupported, Some(rule)) = (&answer, fallback) {
            answer = self.answer_of(name, &by(rule))?;
        }
        if !matches!(answer, Outcome::Invalid(_)) {
            return None;
        }
        let mut unvalidated = finding.clone();
        unvalidated.difference.detail = detail.to_owned();
        unvalidated.signature.detail = detail.to_owned();
        unvalidated.id = unvalidated.signature.id();
        Some(unvalidated)
    }

    /// A normalization that gives its input back as written where the implementation's own
    /// parser refuses it: the normalizer catches its parser's error and returns the string it
    /// was given (fast-uri's `normalize`, index.js lines 740-743: "`normalize()` leaves these
    /// malformed string inputs unchanged"). That is one cause whatever makes the string
    /// malformed to that parser (a host its URL Standard reading refuses, a urn without a
    /// namespace, a port out of range) and whatever the RFC's normalization would have
    /// changed (a triplet's case, a dot-segment, the scheme's case), so the finding is signed
    /// `malformed-input-given-back`, one report. The model is exact: the answer is the input,
    /// character for character, and the parser, asked as [`Engine::unvalidated`] asks it,
    /// refuses it. `None` where the answer is another string, where the parser takes the
    /// input (a normalizer that changes nothing in a string its parser takes has another
    /// cause), and for a finding an entry names.
    pub fn given_back(&self, finding: &Finding) -> Option<Finding> {
        if finding.known.is_some() || finding.difference.kind.is_property() {
            return None;
        }
        let Request::Normalize { input, .. } = &finding.case else {
            return None;
        };
        if !matches!(&finding.actual, Outcome::Normalized(given) if given == input) {
            return None;
        }
        let by = |rule: Option<reference::Rule>| Request::Parse {
            input: input.clone(),
            rule: rule.map(crate::protocol::ParseRule::uri),
            zone_id: false,
        };
        let name = &finding.signature.implementation;
        let mut answer = self.answer_of(name, &by(None))?;
        if matches!(answer, Outcome::Unsupported) && reference::split(input).scheme.is_some() {
            answer = self.answer_of(name, &by(Some(reference::Rule::Uri)))?;
        }
        if !matches!(answer, Outcome::Invalid(_)) {
            return None;
        }
        let detail = "malformed-input-given-back";
        let mut given_back = finding.clone();
        given_back.difference.detail = detail.to_owned();
        given_back.signature.kind = DifferenceKind::Normalized;
        given_back.signature.fields.clear();
        given_back.signature.detail = detail.to_owned();
        given_back.id = given_back.signature.id();
        Some(given_back)
    }

    /// The finding signed by its mechanism where one is known without asking anything more
    /// than a parse: a normalization that gives back what its parser refuses
    /// ([`Engine::given_back`]), else the set of departures that reproduces it
    /// ([`Engine::attributed`]), else an operation that skips its parser's checks
    /// ([`Engine::unvalidated`]). `None` where the
    /// finding stays signed by its symptom.
    pub fn by_mechanism(&self, finding: &Finding) -> Option<Finding> {
        self.given_back(finding)
            .or_else(|| self.attributed(finding))
            .or_else(|| self.unvalidated(finding))
    }

    /// The finding signed by its mechanism, when no catalogue entry explains it but a set of
    /// the library's departures does ([`departures`], [`Catalogue::attribute`]): the
    /// smallest set that, composed with the implementation's known model, reproduces its
    /// answer exactly. Every symptom of one mechanism, in any component or character class,
    /// is then one report. `None` for a finding an entry covers, a property (which no model
    /// of answers explains), and a finding no set reproduces (it stays signed by its
    /// symptom). It asks the implementation nothing: the answer is the finding's.
    pub fn attributed(&self, finding: &Finding) -> Option<Finding> {
        crate::cost::ATTRIBUTION.time(|| self.attributed_uncounted(finding))
    }

    /// [`Engine::attributed`], its cost not counted (it is counted in the caller's).
    fn attributed_uncounted(&self, finding: &Finding) -> Option<Finding> {
        if finding.known.is_some() {
            return None;
        }
        if finding.difference.kind.is_property() {
            return self.attributed_round_trip(finding);
        }
        let key: SearchKey = (
            finding.signature.implementation.clone(),
            finding.case.clone(),
            finding.actual.clone(),
            finding.reference.clone(),
        );
        let kept = self.searches.lock().ok().and_then(|s| s.get(&key).cloned());
        let known = match kept {
            Some(known) => {
                crate::cost::ATTRIBUTION.reused();
                known
            }
            None => {
                let known = self.searched(finding);
                if let Ok(mut searches) = self.searches.lock() {
                    if searches.len() >= PROBES_KEPT {
                        searches.clear();
                    }
                    searches.insert(key, known.clone());
                }
                known
            }
        }?;
        let mut attributed = finding.clone();
        attributed.signature.known = Some(known.filed_as());
        attributed.known = Some(known);
        attributed.id = attributed.signature.id();
        Some(attributed)
    }

    /// The entries and departures that name a finding no entry covers, and that is no
    /// property ([`Engine::attributed`]'s search, its result not kept).
    fn searched(&self, finding: &Finding) -> Option<Arc<Known>> {
        let name = &finding.signature.implementation;
        let implementation = self.core.by_name(name)?;
        let blind_spots = implementation.blind_spots();
        let catalogue = &self.core.catalogue;
        let mut holds = |departures: &[departures::Departure], alternatives: &[usize]| {
            self.departures_hold(name, blind_spots, finding, departures, alternatives)
        };
        let (mut known, _) = catalogue.attribute(
            name,
            blind_spots,
            &finding.case,
            &finding.actual,
            &mut holds,
        )?;
        // The library's own entries, composed, that give another resource than RFC 3986's:
        // as classification has it, the hazard the library documents where it is its words,
        // and no reading the RFC allows where it is a choice or a limit (a candidate).
        if !meaning::keeps_meaning(&finding.case, &finding.reference, &finding.actual) {
            match known.class {
                catalogue::Class::DocumentedDeviation | catalogue::Class::Design => {
                    known = Arc::new(catalogue::meaning_changed(&known));
                }
                catalogue::Class::RfcChoice | catalogue::Class::ApiLimit => return None,
                _ => {}
            }
        }
        Some(known)
    }

    /// A round trip (parse, serialize, parse again) named by the mechanism whose exact model
    /// makes every call of it: the reading that gave the crate's parse of the case (its known
    /// model's entries, or the departures [`Engine::attributed`] finds for that parse) and the
    /// serializer that wrote it (§5.3, or §5.3 with the departures of `serializing`). A path
    /// that starts with "//" where the parser read no authority, which §5.3 writes so that it
    /// reads back with one, is the reading's report, not one per field it shows in; an empty
    /// port the serializer leaves out is the serializer's. `None` where no model makes the
    /// chain, or the property is another.
    fn attributed_round_trip(&self, finding: &Finding) -> Option<Finding> {
        let Some(properties::Trace::Serialized { .. }) = finding.trace.as_deref() else {
            return None;
        };
        let name = &finding.signature.implementation;
        let implementation = self.core.by_name(name)?;
        let blind_spots = implementation.blind_spots();
        let catalogue = &self.core.catalogue;
        if catalogue.claims_url_standard(name, &finding.case) {
            return None;
        }
        let case = &finding.case;
        // What names the parse: nothing where it is the RFC's, the entries that reproduce it,
        // or the departures attribution finds for it.
        let (parse_known, model) =
            match compare::compare(case, &finding.reference, &finding.actual, blind_spots) {
                None => (None, (Vec::new(), Vec::new())),
                Some(difference) => {
                    let memo = CaseMemo::default();
                    let classified = catalogue.classify_memo(
                        name,
                        blind_spots,
                        case,
                        &difference,
                        &finding.reference,
                        &finding.actual,
                        &memo,
                    );
                    let known = match classified {
                        Some(known) => known,
                        None => {
                            let signature = Signature::of(name, case, &difference);
                            let parse = Finding {
                                id: signature.id(),
                                signature,
                                case: case.clone(),
                                difference,
                                reference: finding.reference.clone(),
                                actual: finding.actual.clone(),
                                known: None,
                                chain: Vec::new(),
                                trace: None,
                            };
                            self.attributed(&parse)?.known?
                        }
                    };
                    let model = self.core.parse_model_of(&known.ids())?;
                    (Some(known), model)
                }
            };
        let (model, serializers, added) = self.core.round_trip_model(finding, model)?;
        let mut parts: Vec<Arc<Known>> = match &parse_known {
            Some(known) if known.parts.is_empty() => vec![Arc::clone(known)],
            Some(known) => known.parts.clone(),
            None => Vec::new(),
        };
        parts.extend(added.iter().map(|&entry| catalogue.naming(&[entry])));
        let breaks = self
            .core
            .round_trip_breakers(finding, &model, &parts, &serializers);
        // A serializer's departure the implementation's catalogue names is its entry's
        // (documented, or a confirmed bug); another is an undocumented departure.
        let catalogue = &self.core.catalogue;
        let mut parts: Vec<(bool, Arc<Known>)> = breaks
            .into_iter()
            .zip(parts.into_iter().chain(serializers.iter().map(|&s| {
                match catalogue.serializer_entry(&finding.signature.implementation, s) {
                    Some(entry) => catalogue.naming(&[entry]),
                    None => Arc::new(catalogue::serializing_known(s)),
                }
            })))
            .collect();
        // The report is filed under a cause that breaks the chain; the others are needed to
        // reproduce it, and seen with it.
        parts.sort_by_key(|(breaks, _)| !breaks);
        let parts: Vec<Arc<Known>> = parts.into_iter().map(|(_, part)| part).collect();
        if parts.is_empty() {
            return None;
        }
        let known = Arc::new(catalogue::joined(parts));
        let mut attributed = finding.clone();
        attributed.signature.known = Some(known.filed_as());
        attributed.known = Some(known);
        attributed.id = attributed.signature.id();
        Some(attributed)
    }

    /// Whether `implementation` answers as `departures` say on the cases that tell them from a
    /// rival mechanism: a resolver's control cases, and each departure's place in the input
    /// probed with other characters of its class.
    fn departures_hold(
        &self,
        name: &str,
        blind_spots: &[crate::model::BlindSpot],
        finding: &Finding,
        departures: &[departures::Departure],
        alternatives: &[usize],
    ) -> bool {
        let catalogue = &self.core.catalogue;
        // Whether the implementation answers `control` as the departures' model does.
        let answers_as_modelled = |control: &Request| {
            self.answer_of(name, control).is_some_and(|actual| {
                let modelled = catalogue.departing_answer(name, departures, alternatives, control);
                compare::compare(control, &modelled, &actual, blind_spots).is_none()
                    && compare::same_triplets(&modelled, &actual, blind_spots)
            })
        };
        // One input does not make a mechanism: where a departure stands in for a character,
        // the implementation must answer as the departure says with every other character the
        // rule refuses there too (a parser that takes a "%" in a path but refuses a space
        // checks the path, and its cause is narrower).
        // The text as the implementation's known model rewrites it before anything reads it
        // (curl's "a:/h" as "a://h"), then as the departures before each one read it.
        let text_readings = catalogue.text_readings(name, &finding.case);
        let before = |k: usize| -> Vec<departures::Departure> {
            text_readings
                .iter()
                .chain(&departures[..k])
                .copied()
                .collect()
        };
        // The readings of the set (what a parser does), which a witness is read by.
        let readings: Vec<departures::Departure> = departures
            .iter()
            .copied()
            .filter(|d| !d.refuses())
            .collect();
        // Whether the implementation reads `witness` as the set's readings do.
        let reads_witness = |witness: &Request| {
            self.answer_of(name, witness).is_some_and(|actual| {
                let modelled = catalogue.departing_answer(name, &readings, alternatives, witness);
                modelled.is_valid()
                    && compare::compare(witness, &modelled, &actual, blind_spots).is_none()
            })
        };
        for (k, departure) in departures.iter().enumerate() {
            // A parser's departure named by a resolution or a normalization must run in the
            // parser: on each string of the case it reads otherwise, the implementation's
            // parse of the departure's plainest witness there is the departure's ("HTTP:/"
            // read as an authority is "HTTP:/h/p" read with the host "h"). A parse whose
            // blind spots hide the difference (an empty host reported as none) confirms
            // nothing; the witness shows what the rule does where it runs.
            if !matches!(
                departure,
                departures::Departure::Resolving(_) | departures::Departure::Normalizing(_)
            ) && !departure.is_output_rule()
            {
                for parse in departures::Departure::parses_read(&finding.case) {
                    if departure.rewrite(&parse).is_none() {
                        continue;
                    }
                    let Some(witness) = departure.witness(&parse) else {
                        continue;
                    };
                    // A parser without a `URI` rule is asked by `URI-reference`, which reads a
                    // string with a scheme alike; one that answers neither confirms nothing.
                    let supported = |w: &Request| {
                        self.answer_of(name, w)
                            .is_some_and(|a| a != Outcome::Unsupported)
                    };
                    let witness = if supported(&witness) {
                        witness
                    } else {
                        let Request::Parse { input, zone_id, .. } = &witness else {
                            continue;
                        };
                        let by_reference = Request::Parse {
                            input: input.clone(),
                            rule: Some(reference::Rule::UriReference.into()),
                            zone_id: *zone_id,
                        };
                        if !supported(&by_reference) {
                            return false;
                        }
                        by_reference
                    };
                    if !reads_witness(&witness) {
                        return false;
                    }
                }
            }
            // A parser's departure named by a resolution is the parser's: the implementation
            // parses the base and the reference as the departures say (a resolver that takes
            // a base its parser refuses is not named by a departure of that parser); so for a
            // normalization, whose input the implementation parses as the departures say.
            if departure.reads_in_resolution(&finding.case) {
                let parses = departures::Departure::parses_read(&finding.case);
                let parsed = |parse: &Request| {
                    self.answer_of(name, parse)
                        .is_some_and(|actual| actual != Outcome::Unsupported)
                };
                // A parser that has no `URI` rule is asked the base by `URI-reference`, which
                // reads a string with a scheme as `URI` does (uri-js's adapter: the base's IPv6
                // literal written shorter is its parse's departure all the same).
                let asked = |parse: &Request| -> Option<Request> {
                    if parsed(parse) {
                        return Some(parse.clone());
                    }
                    let Request::Parse { input, zone_id, .. } = parse else {
                        return None;
                    };
                    let by_reference = Request::Parse {
                        input: input.clone(),
                        rule: Some(reference::Rule::UriReference.into()),
                        zone_id: *zone_id,
                    };
                    (parse.checked_rule() == Ok(reference::Rule::Uri) && parsed(&by_reference))
                        .then_some(by_reference)
                };
                if !parses
                    .iter()
                    .all(|parse| asked(parse).is_some_and(|parse| answers_as_modelled(&parse)))
                {
                    return false;
                }
            }
            // A resolver's departure must answer its control cases as it says (the RFC's target
            // where it leaves the case to the RFC, its own where it departs), where a rival
            // mechanism that also explains this case would not.
            if let (
                departures::Departure::Resolving(r),
                Request::Resolve {
                    base,
                    input,
                    strict,
                },
            ) = (departure, &finding.case)
            {
                for (base, input) in r.controls(base, input) {
                    let control = Request::Resolve {
                        base,
                        input,
                        strict: *strict,
                    };
                    if !answers_as_modelled(&control) {
                        return false;
                    }
                }
            }
            // A rule on the answer must answer its controls as it says: what a refusal rule
            // refuses written otherwise, where a rival that refuses more would refuse again;
            // a lowercase escape in every component for the uppercase rule; a reading of the
            // text's structure its plainest witness.
            let mut controls = departure.output_controls(&finding.case);
            if let Outcome::Parsed { components, .. } = &finding.reference {
                controls.extend(departure.refusal_controls(&finding.case, components));
            }
            controls.extend(departure.reading_controls(&finding.case));
            // The witness is read by the set's readings, which must take it: a refusal rule
            // beside them would refuse it as a parser that reads it otherwise refuses it
            // (a file path's witness refused for its empty host, as curl refuses any
            // reference without a scheme).
            if let Some(witness) = departure.witness(&finding.case)
                && !reads_witness(&witness)
            {
                return false;
            }
            {
                if !controls.iter().all(answers_as_modelled) {
                    return false;
                }
            }
            // A narrower reading of a line feed must not answer as the text ended there does.
            for (rival, controls) in departure.line_feed_rivals(&finding.case) {
                let as_rival = |control: &Request| {
                    self.answer_of(name, control).is_some_and(|actual| {
                        let modelled = catalogue.departing_answer(name, &[rival], &[], control);
                        modelled.is_valid()
                            && compare::compare(control, &modelled, &actual, blind_spots).is_none()
                    })
                };
                if controls.iter().any(as_rival) {
                    return false;
                }
            }
            // The place is sought in the case as the departures before it read it (a path that
            // is one only once "//" is read as a path), and probed in the case as given, where
            // the same character must stand at the same place: a place that a rewrite of the
            // text moved cannot be probed, and one input does not make a mechanism.
            // Where a rewrite before it added or removed characters before the place only (one
            // slash read as two), the place is as far from the end of the text as given; where
            // rewrites moved both ends (one slash read as two and an empty path read as "/"
            // after it), it is the place holding the same character whose change the
            // departures before it read at the place, the first such.
            let read = read_by(&before(k), &finding.case);
            let Some((read_at, original)) = departure.probe_site(&read) else {
                continue;
            };
            let given = probed_string(&mut finding.case.clone(), Subject::Input).clone();
            let char_at = |at: usize| given.get(at..).and_then(|rest| rest.chars().next());
            let read_text = probed_string(&mut read.clone(), Subject::Input).clone();
            // A rewrite of the raw text before it that changed characters one for one (a host
            // lowercased) leaves the place where it was, with the character as written.
            let rewritten_in_place = || {
                before(k).iter().any(|d| d.preprocesses())
                    && read_text.chars().count() == given.chars().count()
                    && given[..read_at.min(given.len())].chars().count()
                        == read_text[..read_at].chars().count()
            };
            let read_there = |at: usize| {
                departure
                    .probes()
                    .iter()
                    .find(|&&c| c != original)
                    .is_some_and(|&probe| {
                        let mut case = finding.case.clone();
                        probed_string(&mut case, Subject::Input).replace_range(
                            at..at + original.len_utf8(),
                            probe.encode_utf8(&mut [0; 4]),
                        );
                        departure.probe_site(&read_by(&before(k), &case)) == Some((read_at, probe))
                    })
            };
            let (at, width) = if char_at(read_at) == Some(original) {
                (read_at, original.len_utf8())
            } else {
                let tail = &read_text[read_at..];
                match given.strip_suffix(tail) {
                    Some(head) if char_at(head.len()) == Some(original) => {
                        (head.len(), original.len_utf8())
                    }
                    _ => match char_at(read_at) {
                        Some(written)
                            if given.is_char_boundary(read_at) && rewritten_in_place() =>
                        {
                            (read_at, written.len_utf8())
                        }
                        _ => match given
                            .char_indices()
                            .filter(|&(_, c)| c == original)
                            .map(|(at, _)| at)
                            .find(|&at| read_there(at))
                        {
                            Some(at) => (at, original.len_utf8()),
                            None => return false,
                        },
                    },
                }
            };
            let mut probed = 0;
            for &probe in departure.probes().iter().filter(|&&c| c != original) {
                let mut case = finding.case.clone();
                probed_string(&mut case, Subject::Input)
                    .replace_range(at..at + width, probe.encode_utf8(&mut [0; 4]));
                if departure.probe_site(&read_by(&before(k), &case)) != Some((read_at, probe)) {
                    continue;
                }
                let Some(actual) = self.answer_of(name, &case) else {
                    return false;
                };
                let modelled = catalogue.departing_answer(name, departures, alternatives, &case);
                if (!modelled.is_valid() && !departure.probes_refusals())
                    || compare::compare(&case, &modelled, &actual, blind_spots).is_some()
                {
                    return false;
                }
                probed += 1;
            }
            // At least four probes hold, or every one a short class has.
            let tried = departure
                .probes()
                .iter()
                .filter(|&&c| c != original)
                .count();
            if probed < tried.min(4) {
                return false;
            }
        }
        true
    }

    /// Whether the departures named `ids` (with the implementation's known model) reproduce
    /// `finding`'s answer exactly: a model's answer, no call to the implementation.
    pub fn reproduces(&self, finding: &Finding, ids: &[String]) -> bool {
        self.core.reproduces(finding, ids)
    }

    /// Shrinks an attributed finding to a minimal case that its departures still reproduce
    /// exactly ([`Engine::reproduces`]), whatever its symptom becomes on the way, and signs
    /// that case by its mechanism ([`Engine::attributed`]). Where a symptom's shrinking leaves
    /// the mechanism (a case that shows it shrinks into a case of another cause with the same
    /// symptom), this keeps it. `None` for a finding no set of departures explains, or a case
    /// whose shrunk form another set explains better and whose signing fails.
    pub fn shrink_attributed(&self, attributed: &Finding, budget: usize) -> Option<Finding> {
        let ids = attributed.known.as_ref()?.ids();
        let budget = shrink::Budget::calls(budget);
        let shrunk = self.task(
            |core, calls| core.shrink_reproduced(attributed, &ids, budget, calls),
            || {
                let (core, finding, ids) =
                    (Arc::clone(&self.core), attributed.clone(), ids.clone());
                Arc::new(move |calls| core.shrink_reproduced(&finding, &ids, budget, calls))
            },
            || attributed.clone(),
        );
        self.attributed(&shrunk)
            .or_else(|| Some(attributed.clone()))
    }

    /// Shrinks a finding to a minimal case that shows the same behaviour and classification
    /// (the first field of its signature, not every field: see `Core::shrink_within`).
    pub fn shrink(&self, finding: &Finding, budget: usize) -> Finding {
        self.shrink_within(finding, shrink::Budget::calls(budget))
    }

    /// Shrinks a finding's case within a budget of calls, time and bytes (see
    /// [`shrink::Budget`]), in one task.
    pub fn shrink_within(&self, finding: &Finding, budget: shrink::Budget) -> Finding {
        self.task(
            |core, calls| core.shrink_within(finding, budget, calls),
            || {
                let (core, finding) = (Arc::clone(&self.core), finding.clone());
                Arc::new(move |calls| core.shrink_within(&finding, budget, calls))
            },
            || finding.clone(),
        )
    }
}

/// A parse's model beside the implementation's known one ([`Core::parse_model_of`]): the
/// library departures, and the catalogue entries by index.
type ParseModel = (Vec<departures::Departure>, Vec<usize>);

impl Core {
    fn new(implementations: Vec<Arc<dyn Implementation>>, catalogue: Catalogue) -> Self {
        Core {
            implementations: implementations
                .into_iter()
                .filter(|i| i.about().name != "reference")
                .collect(),
            catalogue,
        }
    }

    fn by_name(&self, name: &str) -> Option<&dyn Implementation> {
        self.implementations
            .iter()
            .find(|i| i.about().name == name)
            .map(|i| &**i)
    }

    fn run(&self, case: &Request, calls: &Calls<'_>) -> CaseRun {
        let expected = Reference.answer(case);
        let mut answers = Vec::with_capacity(self.implementations.len());
        let mut findings = Vec::new();
        let memo = CaseMemo::default();
        for implementation in &self.implementations {
            let checked = calls.answer_checked(&**implementation, case);
            let own = scoped(&**implementation, case);
            let (case, expected, memo) = match &own {
                Some(own) => (own, &Reference.answer(own), &CaseMemo::default()),
                None => (case, &expected, &memo),
            };
            findings.extend(self.findings(
                &**implementation,
                case,
                expected,
                &checked,
                memo,
                calls,
            ));
            answers.push((implementation.about().name.to_owned(), checked.outcome));
        }
        CaseRun {
            reference: expected,
            answers,
            findings,
        }
    }

    fn answers(
        &self,
        which: &[usize],
        cases: &[Request],
        calls: &Calls<'_>,
    ) -> Vec<(String, Vec<Outcome>)> {
        which
            .iter()
            .filter_map(|&index| self.implementations.get(index))
            .map(|implementation| {
                let outcomes = implementation.answer_guarded(cases).unwrap_or_else(|| {
                    cases
                        .iter()
                        .map(|case| calls.answer(&**implementation, case))
                        .collect()
                });
                (implementation.about().name.to_owned(), outcomes)
            })
            .collect()
    }

    fn run_all(&self, cases: &[Request], calls: &Calls<'_>) -> Vec<CaseRun> {
        let expected: Vec<Outcome> = cases.iter().map(|c| Reference.answer(c)).collect();
        // Each implementation's own cases where it scopes some of them (a normalization judged
        // at the one level it implements), with the reference's answers to them.
        let own: Vec<Option<Vec<(Request, Outcome)>>> = self
            .implementations
            .iter()
            .map(|implementation| {
                let scoped: Vec<Option<Request>> =
                    cases.iter().map(|c| scoped(&**implementation, c)).collect();
                scoped.iter().any(Option::is_some).then(|| {
                    scoped
                        .into_iter()
                        .zip(cases)
                        .map(|(own, case)| {
                            let own = own.unwrap_or_else(|| case.clone());
                            let answer = Reference.answer(&own);
                            (own, answer)
                        })
                        .collect()
                })
            })
            .collect();
        let mut answers: Vec<std::vec::IntoIter<Checked>> = self
            .implementations
            .iter()
            .map(|implementation| {
                calls
                    .answer_all_checked(&**implementation, cases)
                    .into_iter()
            })
            .collect();
        cases
            .iter()
            .zip(expected)
            .enumerate()
            .map(|(at, (case, expected))| {
                let memo = CaseMemo::default();
                let mut run = CaseRun {
                    reference: expected,
                    answers: Vec::with_capacity(self.implementations.len()),
                    findings: Vec::new(),
                };
                for ((implementation, outcomes), own) in
                    self.implementations.iter().zip(&mut answers).zip(&own)
                {
                    let checked = outcomes.next().unwrap_or_else(|| Checked {
                        outcome: Outcome::TimedOut,
                        failures: Vec::new(),
                    });
                    let own_memo = CaseMemo::default();
                    let (case, expected, memo) = match own.as_ref().map(|own| &own[at]) {
                        Some((own, answer)) if own != case => (own, answer, &own_memo),
                        _ => (case, &run.reference, &memo),
                    };
                    run.findings.extend(self.findings(
                        &**implementation,
                        case,
                        expected,
                        &checked,
                        memo,
                        calls,
                    ));
                    run.answers
                        .push((implementation.about().name.to_owned(), checked.outcome));
                }
                run
            })
            .collect()
    }

    fn run_one(&self, implementation: &str, case: &Request, calls: &Calls<'_>) -> Option<Finding> {
        let implementation = self.by_name(implementation)?;
        let own = scoped(implementation, case);
        let case = own.as_ref().unwrap_or(case);
        let expected = Reference.answer(case);
        let actual = calls.answer(implementation, case);
        self.finding(
            implementation,
            case,
            &expected,
            &actual,
            &CaseMemo::default(),
            calls,
        )
    }

    fn serialize(
        &self,
        implementation: &str,
        input: &str,
        calls: &Calls<'_>,
    ) -> Option<Result<String, String>> {
        calls.serialize(self.by_name(implementation)?, input)
    }

    fn run_one_checked(
        &self,
        implementation: &str,
        case: &Request,
        calls: &Calls<'_>,
    ) -> Vec<Finding> {
        let Some(implementation) = self.by_name(implementation) else {
            return Vec::new();
        };
        let own = scoped(implementation, case);
        let case = own.as_ref().unwrap_or(case);
        let expected = Reference.answer(case);
        let checked = calls.answer_checked(implementation, case);
        self.findings(
            implementation,
            case,
            &expected,
            &checked,
            &CaseMemo::default(),
            calls,
        )
    }

    /// The difference from the reference, then one finding per property broken.
    fn findings(
        &self,
        implementation: &dyn Implementation,
        case: &Request,
        expected: &Outcome,
        checked: &Checked,
        memo: &CaseMemo,
        calls: &Calls<'_>,
    ) -> Vec<Finding> {
        if lacks_the_level(implementation, case) {
            return Vec::new();
        }
        let mut findings: Vec<Finding> = self
            .finding(
                implementation,
                case,
                expected,
                &checked.outcome,
                memo,
                calls,
            )
            .into_iter()
            .collect();
        // A confirmed bug that names the crate's own answer to the case.
        let answer_bug = findings
            .first()
            .and_then(|f| f.known.clone())
            .filter(|k| k.class == Class::Bug);
        for failure in &checked.failures {
            let mut finding = self.classified(
                implementation,
                case,
                failure.difference(),
                expected,
                &checked.outcome,
                failure.chain.clone(),
                memo,
            );
            finding.trace = failure.trace.clone().map(Arc::new);
            // A call of a property check that panicked is a crash of its own, whatever entry
            // names the case's own answer (which is all a model can reproduce).
            if failure.kind == DifferenceKind::Panic && finding.known.is_some() {
                finding.known = None;
                finding.signature.known = None;
                finding.id = finding.signature.id();
            }
            // Another entry point that gives the reference's answer where the crate's own
            // answer is a confirmed bug disagrees with it by that bug alone: the bug seen
            // through a second door, filed under it (sophia_iri's BaseIri::new reads
            // "a://[a::]" as RFC 3986 does, its regular expression refuses it).
            if finding.known.is_none()
                && failure.kind == DifferenceKind::ConversionsDisagree
                && let (Some(known), Some(other)) = (&answer_bug, &failure.other)
                && compare::compare(case, expected, other, implementation.blind_spots()).is_none()
            {
                finding.signature.known = Some(known.filed_as());
                finding.id = finding.signature.id();
                finding.known = Some(known.clone());
            }
            // Another entry point whose own answer a catalogue entry covers: that entry seen
            // through a second door, filed under it (sophia_iri's BaseIri::resolve(&str) checks
            // its reference with the regular expression that refuses "a://[0::]"; its
            // Iri::resolve, where the crate's own answer rightly refuses an IRI, answers what
            // the crate's model answers on the IRI's URI).
            if finding.known.is_none()
                && failure.kind == DifferenceKind::ConversionsDisagree
                && let Some(other) = &failure.other
                && let Some(known) = self.entry_behind_another_door(implementation, case, other)
            {
                finding.signature.known = Some(known.filed_as());
                finding.id = finding.signature.id();
                finding.known = Some(known);
            }
            // A property broken by calls that bugs' models make, and the crate's known model
            // alone does not, is those bugs showing through it (`chains`).
            if finding.known.is_none()
                && let Some(trace) = &failure.trace
                && let Some(bugs) = self.catalogue.bugs_behind(
                    implementation.about().name,
                    implementation.blind_spots(),
                    trace,
                )
            {
                let known = self.catalogue.naming(&bugs);
                finding.signature.known = Some(known.filed_as());
                finding.id = finding.signature.id();
                finding.known = Some(known);
            }
            // A property broken by what the library documents (its known model alone makes
            // every call) is that documentation's report; where the normalization's output
            // means another resource, marked as the hazard it is.
            if finding.known.is_none()
                && let Some(trace) = &failure.trace
                && let Some(entries) = self.catalogue.documented_behind(
                    implementation.about().name,
                    implementation.blind_spots(),
                    trace,
                )
            {
                let known = self
                    .catalogue
                    .naming_documented(&entries, failure.kind == DifferenceKind::MeaningChanged);
                finding.signature.known = Some(known.filed_as());
                finding.id = finding.signature.id();
                finding.known = Some(known);
            }
            // One finding per signature and case: a property broken twice on one case (the
            // same panic reached by two calls) is one finding.
            if !findings.iter().any(|f| f.signature == finding.signature) {
                findings.push(finding);
            }
        }
        findings
    }

    /// The catalogue entry that covers what another entry point of the crate answered
    /// (`other`), as it covers the crate's own answer to the case ([`Catalogue::classify`]): a
    /// confirmed bug, or what the library documents (sophia_iri's "/." before a path "//",
    /// choice 1). An IRI case is judged on the URI that RFC 3987 §3.1 maps it to (which maps
    /// every component and keeps §5's algorithm), the answer mapped the same way. `None` for a
    /// parse, an answer that is right, or one that no entry covers.
    fn entry_behind_another_door(
        &self,
        implementation: &dyn Implementation,
        case: &Request,
        other: &Outcome,
    ) -> Option<Arc<Known>> {
        use crate::reference::iri::iri_to_uri;
        let mapped = match case {
            Request::Resolve {
                base,
                input,
                strict,
            } => Request::Resolve {
                base: iri_to_uri(base).ok()?,
                input: iri_to_uri(input).ok()?,
                strict: *strict,
            },
            Request::Normalize { input, level } => Request::Normalize {
                input: iri_to_uri(input).ok()?,
                level: *level,
            },
            Request::Parse { .. } => return None,
        };
        let other = match other {
            Outcome::Resolved(target) => Outcome::Resolved(iri_to_uri(target).ok()?),
            Outcome::Normalized(text) => Outcome::Normalized(iri_to_uri(text).ok()?),
            // A refusal maps to itself: the entry that covers refusing the URI (a base its
            // grammar misreads, an alternative of choice 1) covers refusing the IRI.
            Outcome::Invalid(_) => other.clone(),
            _ => return None,
        };
        let blind_spots = implementation.blind_spots();
        let expected = Reference.answer(&mapped);
        let difference = compare::compare(&mapped, &expected, &other, blind_spots)?;
        self.catalogue.classify(
            implementation.about().name,
            blind_spots,
            &mapped,
            &difference,
            &expected,
            &other,
        )
    }

    fn finding(
        &self,
        implementation: &dyn Implementation,
        case: &Request,
        expected: &Outcome,
        actual: &Outcome,
        memo: &CaseMemo,
        calls: &Calls<'_>,
    ) -> Option<Finding> {
        if lacks_the_level(implementation, case) {
            return None;
        }
        let unread;
        let expected = match base_unread_target(case, expected, actual) {
            Some((target, valid_bases)) => {
                // An answer other than §5.2.2's that the implementation gives with a valid
                // base too is no matter of this base: that case shows it, and judges it with
                // every model of the implementation.
                if compare::compare(case, &target, actual, implementation.blind_spots()).is_some()
                    && valid_bases
                        .iter()
                        .any(|valid_base| calls.answer(implementation, valid_base) == *actual)
                {
                    return None;
                }
                unread = target;
                &unread
            }
            None => expected,
        };
        let name = implementation.about().name;
        let blind_spots = implementation.blind_spots();
        // A documented choice's alternative names an answer only where the implementation
        // answers its controls as it says ("a:." kept for a rootless path's dot-segments kept).
        if !self.catalogue.alternatives_held(name) {
            let answer_of = |control: &Request| {
                (!lacks_the_level(implementation, control))
                    .then(|| calls.answer(implementation, control))
            };
            self.catalogue
                .hold_alternatives(name, blind_spots, &answer_of);
        }
        let mut difference = match compare::compare(case, expected, actual, blind_spots) {
            Some(difference) => difference,
            // An answer equal to RFC 3986's is still judged by the specification the crate
            // claims: a URL-Standard crate that gives the RFC's "a://b" where the Standard
            // gives "a:/.//b" is wrong by its own Standard.
            None => {
                if !self.catalogue.claims_url_standard(name, case) {
                    return None;
                }
                let standard = memo.url_standard_answer(case)?;
                let mut difference = compare::compare(case, standard, actual, blind_spots)?;
                difference.detail = CLAIMED_SPECIFICATION.to_owned();
                difference
            }
        };
        if difference.kind == DifferenceKind::RejectsValid {
            let (fields, detail) = culprit(implementation, case, calls);
            difference.fields = fields;
            difference.detail = detail;
        }
        let mut finding = self.classified(
            implementation,
            case,
            difference,
            expected,
            actual,
            Vec::new(),
            memo,
        );
        // A refusal filed under a reading RFC 3986 allows every implementation (choice 1's
        // error for a "//" path without authority) is that reading's only where the
        // implementation reads the strings it was given: one that refuses to parse the base, or
        // the reference, on its own refused it before any target existed, which is its
        // parser's departure, not the resolver's choice.
        if matches!(actual, Outcome::Invalid(_))
            && let Some(known) = &finding.known
            && known
                .ids()
                .iter()
                .all(|id| self.catalogue.is_acceptable(id))
            && departures::Departure::parses_of(case).is_some_and(|parses| {
                parses.iter().any(|parse| {
                    let Request::Parse { input, zone_id, .. } = parse else {
                        return false;
                    };
                    let alone = Request::Parse {
                        input: input.clone(),
                        rule: None,
                        zone_id: *zone_id,
                    };
                    matches!(calls.answer(implementation, &alone), Outcome::Invalid(_))
                })
            })
        {
            finding.known = None;
            finding.signature.known = None;
            finding.id = finding.signature.id();
        }
        // A crate that claims the URL Standard is judged by it: a difference from RFC 3986 that
        // no entry explains is signed by how the answer differs from the Standard's, not from
        // the RFC's. Otherwise a Standard-following parser's one bug (a path it empties) would
        // be filed under whichever RFC rule each case happens to break first (a tab in the
        // fragment, which the Standard strips), one report per rule.
        if finding.known.is_none()
            && finding.difference.detail != CLAIMED_SPECIFICATION
            && self.catalogue.claims_url_standard(name, case)
            && let Some(standard) = memo.url_standard_answer(case)
            && let Some(mut against) = compare::compare(case, standard, actual, blind_spots)
        {
            against.detail = CLAIMED_SPECIFICATION.to_owned();
            let signature = Signature::of(name, case, &against);
            return Some(Finding {
                id: signature.id(),
                signature,
                case: case.clone(),
                difference: against,
                reference: expected.clone(),
                actual: actual.clone(),
                known: None,
                chain: Vec::new(),
                trace: None,
            });
        }
        Some(finding)
    }

    #[allow(clippy::too_many_arguments)]
    fn classified(
        &self,
        implementation: &dyn Implementation,
        case: &Request,
        difference: Difference,
        expected: &Outcome,
        actual: &Outcome,
        chain: Vec<String>,
        memo: &CaseMemo,
    ) -> Finding {
        let name = implementation.about().name;
        let known = self.catalogue.classify_memo(
            name,
            implementation.blind_spots(),
            case,
            &difference,
            expected,
            actual,
            memo,
        );
        let mut signature = Signature::of(name, case, &difference);
        signature.known = known.as_ref().map(|k| k.filed_as());
        if known.is_none() {
            self.signed_by_what_is_unexplained(name, case, expected, actual, memo, &mut signature);
        }
        Finding {
            id: signature.id(),
            signature,
            case: case.clone(),
            difference,
            reference: expected.clone(),
            actual: actual.clone(),
            known,
            chain,
            trace: None,
        }
    }

    /// A target's or a normalized string's symptom signed by a field nothing known explains:
    /// one that differs, beyond RFC 3986's equivalences
    /// ([`signature::differs_beyond_equivalence`]), from the reference's answer and from every
    /// answer the implementation's known model gives, alone or with an acceptable alternative
    /// ([`Catalogue::explained_answers`]). A scheme's case, a host's triplets in uppercase, a
    /// base's dot-segments removed (choice 9) do not sign a finding whose real difference is a
    /// userinfo written otherwise: that difference does, in the report it has of its own. The
    /// signature is left as it is where its field is such a one, or none is.
    fn signed_by_what_is_unexplained(
        &self,
        name: &str,
        case: &Request,
        expected: &Outcome,
        actual: &Outcome,
        memo: &CaseMemo,
        signature: &mut Signature,
    ) {
        if !matches!(
            signature.kind,
            DifferenceKind::Target | DifferenceKind::Normalized
        ) {
            return;
        }
        let (
            Outcome::Resolved(e) | Outcome::Normalized(e),
            Outcome::Resolved(a) | Outcome::Normalized(a),
        ) = (expected, actual)
        else {
            return;
        };
        let Some(&first) = signature.fields.first() else {
            return;
        };
        let mut explained = vec![compare::lenient_components(e)];
        // An answer is read as its string reads; one whose authority is not the reference's
        // (§5.3's "a://" for a "//" path without authority, documented choice 1) would
        // explain an authority that appears by how it is written: it explains nothing.
        let has_authority = explained[0].host.is_some();
        explained.extend(
            self.catalogue
                .explained_answers(name, case, memo)
                .iter()
                .filter_map(|answer| match answer {
                    Outcome::Resolved(x) | Outcome::Normalized(x) => {
                        Some(compare::lenient_components(x))
                    }
                    _ => None,
                })
                .filter(|x| x.host.is_some() == has_authority),
        );
        let written = compare::lenient_components(a);
        let unexplained = |field: Field| {
            explained.iter().all(|x| {
                signature::differs_beyond_equivalence(field, x.get(field), written.get(field))
            })
        };
        if unexplained(first) {
            return;
        }
        let mut fields: Vec<Field> = Field::ALL
            .into_iter()
            .filter(|&f| f != Field::HostKind && unexplained(f))
            .collect();
        fields.sort_by_key(|&f| signature::severity(f));
        let Some(&field) = fields.first() else {
            return;
        };
        let reference = &explained[0];
        signature.fields = vec![field];
        // A target is signed by how its field changed, as `compare` signs it; a normalization
        // by its field alone, as `compare` signs it too (a normalizer's one cause shows as a
        // value, a filling and an encoding of the same field).
        signature.detail = if signature.kind == DifferenceKind::Target {
            compare::change_of(field, reference.get(field), written.get(field)).to_owned()
        } else {
            String::new()
        };
    }

    /// [`Engine::reproduces`].
    fn reproduces(&self, finding: &Finding, ids: &[String]) -> bool {
        let name = &finding.signature.implementation;
        let Some(implementation) = self.by_name(name) else {
            return false;
        };
        // A round trip is reproduced where its parse's departures and its serializer's make
        // every call of it.
        if finding.difference.kind.is_property() {
            let serializing: Vec<serializing::Serializing> = ids
                .iter()
                .filter_map(|id| serializing::Serializing::from_id(id))
                .collect();
            let parse_ids: Vec<String> = ids
                .iter()
                .filter(|id| serializing::Serializing::from_id(id).is_none())
                .cloned()
                .collect();
            return self
                .parse_model_of(&parse_ids)
                .and_then(|model| self.round_trip_serializers(finding, &model))
                .is_some_and(|found| found == serializing);
        }
        // The readings the RFC allows are searched again on each case (they hold for every
        // implementation): only the departures are the mechanism's.
        // An entry of several departures (`!departures [...]`) stands for them all.
        let Some(set) = ids
            .iter()
            .filter(|id| !self.catalogue.is_acceptable(id))
            .map(|id| match departures::Departure::from_id(id) {
                Some(departure) => Some(vec![departure]),
                None => Some(self.catalogue.departures_of(id)).filter(|d| !d.is_empty()),
            })
            .collect::<Option<Vec<_>>>()
            .map(|sets| sets.concat())
        else {
            return false;
        };
        let blind_spots = implementation.blind_spots();
        let modelled = self.catalogue.departing_answer_as(
            name,
            &set,
            &finding.case,
            &finding.actual,
            blind_spots,
        );
        // A refusal is reproduced by a rule that refuses; any other answer by a valid one.
        let refusing = set.iter().any(|d| d.refuses());
        (modelled.is_valid() || (refusing && matches!(modelled, Outcome::Invalid(_))))
            && compare::compare(
                &finding.case,
                &modelled,
                &finding.actual,
                implementation.blind_spots(),
            )
            .is_none()
    }

    /// The model a parse's naming `ids` stand for, beside the implementation's known model:
    /// the library departures among them, and the catalogue entries that are no part of the
    /// known model (bug entries, acceptable readings), by index. An entry of the known model
    /// adds nothing. `None` where an id is no departure and no entry.
    fn parse_model_of(&self, ids: &[String]) -> Option<(Vec<departures::Departure>, Vec<usize>)> {
        let mut departures = Vec::new();
        let mut entries = Vec::new();
        for id in ids {
            if let Some(departure) = departures::Departure::from_id(id) {
                departures.push(departure);
                continue;
            }
            // Every departure of an entry of several (`!departures [...]`).
            let indices: Vec<usize> = self
                .catalogue
                .entries()
                .iter()
                .enumerate()
                .filter(|(_, e)| e.id == *id)
                .map(|(i, _)| i)
                .collect();
            let &index = indices.first()?;
            if self.catalogue.is_acceptable(id)
                || self.catalogue.entries()[index].class == Class::Bug
            {
                entries.extend(indices);
            }
        }
        entries.sort_unstable();
        Some((departures, entries))
    }

    /// Which causes of a round trip's modelled chain (`parts` of the parse's explanation, then
    /// `serializers`, one flag each in that order) break it: those without which the model's
    /// chain would come back to the parse it started from. A serializer that writes a path
    /// held decoded encoded again is needed to write the crate's strings, but where the chain
    /// breaks because an empty authority was held as absent, the break is that. Where no one
    /// cause alone breaks it, or the model cannot tell, every one does.
    fn round_trip_breakers(
        &self,
        finding: &Finding,
        (departures, entries): &(Vec<departures::Departure>, Vec<usize>),
        parts: &[Arc<Known>],
        serializers: &[serializing::Serializing],
    ) -> Vec<bool> {
        let every = vec![true; parts.len() + serializers.len()];
        let name = &finding.signature.implementation;
        let Some(implementation) = self.by_name(name) else {
            return every;
        };
        let blind_spots = implementation.blind_spots();
        let Request::Parse { rule, zone_id, .. } = &finding.case else {
            return every;
        };
        // Whether the chain of the model made of `departures` and `entries`, written by
        // `set`, reads back what it parsed; `None` where the model does not parse the case.
        let comes_back = |departures: &[departures::Departure],
                          entries: &[usize],
                          set: &[serializing::Serializing]|
         -> Option<bool> {
            let parsed = self
                .catalogue
                .departing_answer(name, departures, entries, &finding.case);
            let Outcome::Parsed { components, .. } = &parsed else {
                return None;
            };
            // The serializer writes what the crate holds: the parse as its API reports it,
            // for the data models the set names.
            let held: Vec<crate::model::BlindSpot> = blind_spots
                .iter()
                .filter(|b| set.contains(&serializing::Serializing::Held(b.field, b.blindness)))
                .copied()
                .collect();
            let again = Request::Parse {
                input: serializing::Serializing::serialize(
                    set,
                    &compare::as_reported(components, &held),
                ),
                rule: rule.clone(),
                zone_id: *zone_id,
            };
            Some(
                match self
                    .catalogue
                    .departing_answer(name, departures, entries, &again)
                {
                    // As the crate reports its components, as the chain compares them.
                    Outcome::Parsed {
                        components: read, ..
                    } => {
                        compare::as_reported(&read, blind_spots)
                            == compare::as_reported(components, blind_spots)
                    }
                    _ => false,
                },
            )
        };
        if comes_back(departures, entries, serializers) != Some(false) {
            return every;
        }
        let part_breaks = |part: &Arc<Known>| {
            if let Some(departure) = departures::Departure::from_id(&part.id) {
                let rest: Vec<_> = departures
                    .iter()
                    .copied()
                    .filter(|d| *d != departure)
                    .collect();
                return comes_back(&rest, entries, serializers) == Some(true);
            }
            // A documented entry is part of every model of the implementation: it cannot be
            // left out, and is not named a break it may not be.
            let Some(index) = self
                .catalogue
                .entries()
                .iter()
                .position(|e| e.id == part.id)
            else {
                return false;
            };
            if !entries.contains(&index) {
                return false;
            }
            let rest: Vec<usize> = entries.iter().copied().filter(|&e| e != index).collect();
            comes_back(departures, &rest, serializers) == Some(true)
        };
        // Whether the model's parse, written by `set`, is a string RFC 3986 takes.
        let parsed = self
            .catalogue
            .departing_answer(name, departures, entries, &finding.case);
        let writes_valid = |set: &[serializing::Serializing]| match &parsed {
            Outcome::Parsed { components, .. } => {
                reference::parse(&serializing::Serializing::serialize(set, components)).is_ok()
            }
            _ => false,
        };
        // A serializer's departure that makes of the parse a string RFC 3986 takes where
        // without it the string is one the RFC refuses (a query "\x7f" written "%7F") mends
        // what the parser should have refused: that reading is the break, not the writer.
        let all_valid = writes_valid(serializers);
        let mends = |rest: &[serializing::Serializing]| all_valid && !writes_valid(rest);
        let serializer_breaks = |s: serializing::Serializing| {
            let rest: Vec<_> = serializers.iter().copied().filter(|&o| o != s).collect();
            comes_back(departures, entries, &rest) == Some(true) && !mends(&rest)
        };
        let breaks: Vec<bool> = parts
            .iter()
            .map(part_breaks)
            .chain(serializers.iter().map(|&s| serializer_breaks(s)))
            .collect();
        if breaks.contains(&true) {
            breaks
        } else {
            every
        }
    }

    /// The model that makes every call of a round trip, with the serializer departures that
    /// write it ([`Core::round_trip_serializers`]): the parse's own model, or where that does
    /// not make the chain, that model with one, then two, of the implementation's own bug
    /// entries of its parser composed into it, as the attribution of an answer composes them:
    /// a parse that the implementation's entries read, written as a string another of its
    /// entries reads otherwise, is those entries together, not a report of its own. The
    /// entries added are returned with the model; each is needed (no smaller set makes the
    /// chain), and the crate's parse of the case is still the model's with them.
    fn round_trip_model(
        &self,
        finding: &Finding,
        model: ParseModel,
    ) -> Option<(ParseModel, Vec<serializing::Serializing>, Vec<usize>)> {
        if let Some(serializers) = self.round_trip_serializers(finding, &model) {
            return Some((model, serializers, Vec::new()));
        }
        let name = &finding.signature.implementation;
        let own: Vec<usize> = self
            .catalogue
            .bug_models(name, &finding.case)
            .iter()
            .copied()
            .filter(|i| !model.1.contains(i))
            .collect();
        for size in 1..=2 {
            for chosen in catalogue::combinations(own.len(), size) {
                let added: Vec<usize> = chosen.iter().map(|&n| own[n]).collect();
                let mut entries = model.1.clone();
                entries.extend(added.iter().copied());
                entries.sort_unstable();
                let extended = (model.0.clone(), entries);
                if let Some(serializers) = self.round_trip_serializers(finding, &extended) {
                    return Some((extended, serializers, added));
                }
            }
        }
        None
    }

    /// The serializer departures (none, or up to three, fewest first: a writer that drops an
    /// empty query, an empty fragment and a default port at once is three) with which `finding`'s
    /// implementation, its known model with the parse departures `departures`, makes every
    /// call of its round trip: its parse of the case is the crate's, the serializer writes it
    /// as the crate's first serialization, and the parse of that string is what the crate made
    /// of it (its second serialization, or a refusal). `None` where none does.
    fn round_trip_serializers(
        &self,
        finding: &Finding,
        (departures, entries): &(Vec<departures::Departure>, Vec<usize>),
    ) -> Option<Vec<serializing::Serializing>> {
        let Some(properties::Trace::Serialized { first, second, .. }) = finding.trace.as_deref()
        else {
            return None;
        };
        let Request::Parse { rule, zone_id, .. } = &finding.case else {
            return None;
        };
        let Outcome::Parsed { components, .. } = &finding.actual else {
            return None;
        };
        let name = &finding.signature.implementation;
        let blind_spots = self.by_name(name)?.blind_spots();
        let modelled = self
            .catalogue
            .departing_answer(name, departures, entries, &finding.case);
        if compare::compare(&finding.case, &modelled, &finding.actual, blind_spots).is_some() {
            return None;
        }
        let again = Request::Parse {
            input: first.clone(),
            rule: rule.clone(),
            zone_id: *zone_id,
        };
        let read_again = self
            .catalogue
            .departing_answer(name, departures, entries, &again);
        // What the crate holds of its second parse: the model's answer as its API reports it,
        // where that is what it wrote from (the blind spots that change it are part of the
        // mechanism).
        let raw = match &read_again {
            Outcome::Parsed { components, .. } => Some(components),
            _ => None,
        };
        let held: Vec<serializing::Serializing> = raw
            .map(|raw| {
                blind_spots
                    .iter()
                    .filter(|spot| compare::as_reported(raw, &[**spot]) != *raw)
                    .map(|spot| serializing::Serializing::Held(spot.field, spot.blindness))
                    .collect()
            })
            .unwrap_or_default();
        // What the crate holds of its parse of the case, where that is not the text's: a
        // serializer that writes what the crate reports (an empty host held as none, so
        // `////a` is written `//a`) and not what the model read wrote from the held data.
        let held_first: Vec<crate::model::BlindSpot> = match &modelled {
            Outcome::Parsed {
                components: raw, ..
            } => blind_spots
                .iter()
                .filter(|spot| compare::as_reported(raw, &[**spot]) != *raw)
                .copied()
                .collect(),
            _ => Vec::new(),
        };
        let all = serializing::Serializing::ALL;
        let writes = |set: &[serializing::Serializing]| -> Option<bool> {
            if serializing::Serializing::serialize(set, components) != *first {
                return None;
            }
            match (second, &read_again) {
                (Ok(second), Outcome::Parsed { components, .. }) => {
                    if serializing::Serializing::serialize(set, components) == *second {
                        return Some(false);
                    }
                    let reported = compare::as_reported(components, blind_spots);
                    (serializing::Serializing::serialize(set, &reported) == *second).then_some(true)
                }
                (Err(_), Outcome::Invalid(_)) => Some(false),
                _ => None,
            }
        };
        (0..=3)
            .flat_map(|size| catalogue::combinations(all.len(), size))
            .map(|chosen| chosen.iter().map(|&i| all[i]).collect::<Vec<_>>())
            .find_map(|mut set| {
                if writes(&set)? {
                    set.extend(held.iter().copied());
                }
                if let Outcome::Parsed {
                    components: raw, ..
                } = &modelled
                    && serializing::Serializing::serialize(&set, raw) != *first
                {
                    // Each data model without which the crate's first string is not written.
                    let all_but = |leave: usize| -> Vec<crate::model::BlindSpot> {
                        held_first
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != leave)
                            .map(|(_, &s)| s)
                            .collect()
                    };
                    for (i, spot) in held_first.iter().enumerate() {
                        let without = compare::as_reported(raw, &all_but(i));
                        let held = serializing::Serializing::Held(spot.field, spot.blindness);
                        if serializing::Serializing::serialize(&set, &without) != *first
                            && !set.contains(&held)
                        {
                            set.push(held);
                        }
                    }
                }
                Some(set)
            })
    }

    /// [`Engine::shrink_attributed`]'s shrink: the smallest case whose finding no entry
    /// explains and the departures `ids` reproduce. Returns that finding as the run gave it
    /// (signed by its symptom), or `finding` where no smaller case holds.
    fn shrink_reproduced(
        &self,
        finding: &Finding,
        ids: &[String],
        budget: shrink::Budget,
        calls: &Calls<'_>,
    ) -> Finding {
        let implementation = finding.signature.implementation.clone();
        let mut best = finding.clone();
        let adds = self.keeps_what_an_unguarded_reading_adds(finding);
        shrink::shrink_case_within(&finding.case, budget, |candidate| {
            if !shrink::keeps_absolute_base(&finding.case, candidate) {
                return false;
            }
            match self
                .run_one(&implementation, candidate, calls)
                .filter(|f| f.known.is_none() && self.reproduces(f, ids))
                .filter(|f| {
                    !adds || departures::shows_an_authority_the_rfc_has_not(&f.case, &f.actual)
                }) {
                Some(f) => {
                    best = f;
                    true
                }
                None => false,
            }
        });
        best
    }

    /// Whether `finding` is named by a documented choice's reading applied without its guard
    /// ([`departures::Departure::is_unguarded_reading`], a library departure or an entry whose
    /// model is one) and its case shows what the departure adds over that reading: an
    /// authority the RFC's components have not. Its shrinking then keeps that: a smaller case
    /// whose answer shows no such authority may be one the reading gives with its guard, or
    /// one that shows another of the departure's effects, not the one that makes it a bug
    /// (network-uri's "@/..///" against "a:", "a://", shrunk to "..//" against "a:a/", "a:/").
    fn keeps_what_an_unguarded_reading_adds(&self, finding: &Finding) -> bool {
        let Some(known) = &finding.known else {
            return false;
        };
        let unguarded = known.ids().iter().any(|id| {
            departures::Departure::from_id(id)
                .into_iter()
                .chain(self.catalogue.departures_of(id))
                .any(departures::Departure::is_unguarded_reading)
        });
        unguarded && departures::shows_an_authority_the_rfc_has_not(&finding.case, &finding.actual)
    }

    /// Whether a known finding's case is explained too by the implementation's other entries
    /// or by the readings the RFC allows, without the entries that name it.
    fn explained_otherwise(&self, implementation: &str, finding: &Finding) -> bool {
        let (Some(known), Some(own)) = (&finding.known, self.by_name(implementation)) else {
            return false;
        };
        self.catalogue.explained_without(
            implementation,
            own.blind_spots(),
            &finding.case,
            &finding.difference,
            &finding.reference,
            &finding.actual,
            &known.ids(),
        )
    }

    fn shrink_within(
        &self,
        finding: &Finding,
        budget: shrink::Budget,
        calls: &Calls<'_>,
    ) -> Finding {
        let implementation = finding.signature.implementation.clone();
        let property = finding.difference.kind.is_property() || !finding.chain.is_empty();
        // What the shrunk case must still show: the same kind of difference in the same
        // first field (the one that decides where a request goes, by severity) with the same
        // detail, the same classification, and the same error from the implementation
        // (without the last, a rejected input could shrink into one the implementation
        // rejects for another reason). The other fields may go: the report is signed by the
        // shrunk case, whose fields are the fewest that show the behaviour, so that the many
        // field sets one cause shows on larger inputs make one report. A property's finding
        // keeps its whole signature.
        // A finding a catalogue entry covers is signed by that entry alone (its mechanism), so
        // it may shrink into another field or kind of difference, or out of a set of entries
        // into a case that shows its mechanism alone.
        let identity = |f: &Finding| {
            let signature = if property || f.signature.known.is_some() {
                f.signature.clone()
            } else {
                Signature {
                    fields: f.signature.fields.first().copied().into_iter().collect(),
                    ..f.signature.clone()
                }
            };
            (signature.id(), error_shape(&f.actual, &f.case))
        };
        let wanted = identity(finding);
        // It may shrink out of a set of entries, never into one: a minimal case shows no
        // entry the finding did not need (http's "://:a" would show the scheme's bug beside
        // the port's).
        let entries = finding.known.as_ref().map(|k| k.ids());
        let within = |f: &Finding| match (&entries, &f.known) {
            (Some(entries), Some(known)) => known.ids().iter().all(|id| entries.contains(id)),
            _ => true,
        };
        // Where the finding's entries are the only mechanism that explains its case, its
        // minimal case is one where they are too: a shrink does not walk into a case that
        // another entry of the implementation explains as well, whose answer the finding's
        // model then matches by coincidence.
        let alone = !property && !self.explained_otherwise(&implementation, finding);
        // What a choice's reading without its guard adds over the reading stays in the
        // minimal case: a smaller case whose answer lacks it shows the reading, not the bug.
        let adds = !property && self.keeps_what_an_unguarded_reading_adds(finding);
        let mut best = finding.clone();
        let minimal = shrink::shrink_case_within(&finding.case, budget, |candidate| {
            if !shrink::keeps_absolute_base(&finding.case, candidate) {
                return false;
            }
            let found = if property {
                self.run_one_checked(&implementation, candidate, calls)
                    .into_iter()
                    .find(|f| identity(f) == wanted && within(f))
            } else {
                self.run_one(&implementation, candidate, calls)
                    .filter(|f| identity(f) == wanted && within(f))
                    .filter(|f| !alone || !self.explained_otherwise(&implementation, f))
                    .filter(|f| {
                        !adds || departures::shows_an_authority_the_rfc_has_not(&f.case, &f.actual)
                    })
            };
            match found {
                Some(f) => {
                    best = f;
                    true
                }
                None => false,
            }
        });
        debug_assert_eq!(minimal, best.case);
        best
    }
}

/// The case as `implementation` is judged, where that is another: a normalization at the one
/// level its normalization implements (`Implementation::normalization_level`: a library whose
/// normalization is documented as the path's is judged by §6.2.2.3 alone, not by the §6.2.2 it
/// does not claim). The case itself is still asked as it is, so that a level the library does
/// not answer stays unsupported (the matrix's and the gate's vectors); its findings, and their
/// shrinking, are of the judged case, which the library answers as it answers any level.
fn scoped(implementation: &dyn Implementation, case: &Request) -> Option<Request> {
    let Request::Normalize { input, .. } = case else {
        return None;
    };
    let own = implementation.normalization_level()?;
    (case.checked_level().ok() != Some(own)).then(|| Request::Normalize {
        input: input.clone(),
        level: Some(own),
    })
}

/// Whether `case` is a normalization at the path level (§6.2.2.3 alone), which only a
/// library whose normalization is the path's is judged at ([`scoped`]): another has no such
/// level (its normalization does more), so the case is not compared for it. Such cases come from
/// the reports of a path-level library, replayed on every implementation.
fn lacks_the_level(implementation: &dyn Implementation, case: &Request) -> bool {
    matches!(case, Request::Normalize { level: Some(level), .. } if *level == Level::Path)
        && implementation.normalization_level() != Some(Level::Path)
}

/// `case` as `departures` read it, each in turn (those that remove characters from the raw
/// text first, as models compose them).
fn read_by(departures: &[departures::Departure], case: &Request) -> Request {
    let (first, then): (Vec<&departures::Departure>, Vec<_>) =
        departures.iter().partition(|d| d.preprocesses());
    first
        .into_iter()
        .chain(then)
        .fold(case.clone(), |seen, departure| {
            departure.rewrite(&seen).unwrap_or(seen)
        })
}

/// The string of `case` a rejection's `subject` names: the base of a resolution for
/// The target of a resolution whose reference has a scheme, where the reference refused the
/// base and the implementation answered: RFC 3986 §5.2.2 never reads the base there ("if
/// defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority; T.path =
/// remove_dot_segments(R.path); T.query = R.query"), so a resolver that takes an invalid base
/// and gives that target did what the algorithm says, and one that gives another target is
/// judged by it. A non-strict resolver whose reference's scheme is the base's reads the base
/// (§5.2.2's "if ((not strict) and (R.scheme == Base.scheme))"): `None` there, as for every
/// other case, a refusal, and a reference the RFC refuses. With the target, the cases with a
/// valid base in place of the invalid one: a base of another scheme than the reference's, and
/// where the invalid base's own scheme is valid, the base kept with that scheme (its other
/// characters percent-encoded as RFC 3987 §3.1 maps an IRI, else its path made "/"), which a
/// resolver that refuses a scheme alone ("a:") takes too.
fn base_unread_target(
    case: &Request,
    expected: &Outcome,
    actual: &Outcome,
) -> Option<(Outcome, Vec<Request>)> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    if !actual.is_valid() || expected.rejection()?.subject() != Subject::Base {
        return None;
    }
    let scheme = reference::split(input).scheme?;
    if !*strict
        && reference::split(base)
            .scheme
            .is_some_and(|b| b.eq_ignore_ascii_case(scheme))
    {
        return None;
    }
    // Any absolute base: under a strict reading T is R's alone.
    let target = Reference.answer(&Request::Resolve {
        base: "a:".to_owned(),
        input: input.clone(),
        strict: true,
    });
    let other = if scheme.eq_ignore_ascii_case("a") {
        "b:"
    } else {
        "a:"
    };
    // The other scheme's base as before; the own scheme's where they parse as a URI.
    let mut bases = vec![other.to_owned()];
    if let Some(own) = reference::split(base).scheme
        && reference::parse(&format!("{own}:")).is_ok()
    {
        for kept in [
            reference::iri::to_uri::percent_encode_non_ascii(base),
            format!("{own}:/"),
        ] {
            if reference::parse(&kept).is_ok() && !bases.contains(&kept) {
                bases.push(kept);
            }
        }
    }
    let valid_bases = bases
        .into_iter()
        .map(|base| Request::Resolve {
            base,
            input: input.clone(),
            strict: *strict,
        })
        .collect();
    target.is_valid().then_some((target, valid_bases))
}

/// [`Subject::Base`], else its reference, or the input of a parse or a normalization.
fn probed_string(case: &mut Request, subject: Subject) -> &mut String {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => input,
        Request::Resolve { base, .. } if subject == Subject::Base => base,
        Request::Resolve { input, .. } => input,
    }
}

/// An invalid reference (or input) accepted and carried into the crate's answer: when the
/// crate's parse of its own answer accepts it too, in the same component and for the same
/// reason (`#[` against `a:/a` gives `a:/a#[`, and the parse of `a:/a#[` accepts the `[` in
/// the fragment), the parser's leniency is the cause. This reaches the cause for a crate that
/// parses absolute URIs only, whose parse of the reference itself shows nothing.
fn carried_into_the_answer(
    finding: &Finding,
    parse_of: &dyn Fn(&str) -> Option<Finding>,
) -> Option<Finding> {
    if finding.signature.kind != DifferenceKind::AcceptsInvalid {
        return None;
    }
    let (Outcome::Resolved(answer) | Outcome::Normalized(answer)) = &finding.actual else {
        return None;
    };
    parse_of(answer).filter(|parse| {
        parse.signature.kind == DifferenceKind::AcceptsInvalid
            && parse.signature.fields.first() == finding.signature.fields.first()
            && parse.signature.detail == finding.signature.detail
    })
}

/// What the classification of one case's findings shares across implementations: the URL
/// Standard's answer and the reference's under each set of readings, each computed at most
/// once per case.
#[derive(Default)]
pub(crate) struct CaseMemo {
    url_standard: std::cell::OnceCell<Outcome>,
    /// The Standard's answer with departures, per set of departures asked for: the search for
    /// a bug's model asks it again for every combination of the crate's bug entries.
    url_standard_departing: std::cell::RefCell<Vec<(crate::whatwg::Departures, Outcome)>>,
    readings: models::ReadingsMemo,
}

impl CaseMemo {
    /// The reference's answers to the case under each set of readings seen so far.
    pub(crate) fn readings(&self) -> &models::ReadingsMemo {
        &self.readings
    }

    /// The URL Standard model's answer to `case`.
    pub(crate) fn url_standard(&self, case: &Request) -> &Outcome {
        self.url_standard
            .get_or_init(|| crate::whatwg::expected_outcome(case))
    }

    /// The URL Standard model's answer to `case` with `departures` from the Standard.
    pub(crate) fn url_standard_departing(
        &self,
        case: &Request,
        departures: crate::whatwg::Departures,
    ) -> Outcome {
        if departures == crate::whatwg::Departures::NONE {
            return self.url_standard(case).clone();
        }
        if let Some((_, answer)) = self
            .url_standard_departing
            .borrow()
            .iter()
            .find(|(d, _)| *d == departures)
        {
            return answer.clone();
        }
        let answer = crate::whatwg::expected_outcome_departing(case, departures);
        self.url_standard_departing
            .borrow_mut()
            .push((departures, answer.clone()));
        answer
    }

    /// The URL Standard's answer, when the model gives one other than unsupported.
    fn url_standard_answer(&self, case: &Request) -> Option<&Outcome> {
        Some(self.url_standard(case)).filter(|answer| **answer != Outcome::Unsupported)
    }
}

/// For a valid input an implementation rejects: the component whose removal (or replacement
/// by a plain value) makes it accept, with what is notable about that component.
fn culprit(
    implementation: &dyn Implementation,
    case: &Request,
    calls: &Calls<'_>,
) -> (Vec<Field>, String) {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => {
            let Ok(c) = reference::parse(input) else {
                return (vec![], "whole-input".into());
            };
            for (field, variant) in ablations(&c) {
                let text = reference::recompose(&variant);
                let retry = match case {
                    Request::Parse { rule, zone_id, .. } => Request::Parse {
                        input: text,
                        rule: rule.clone(),
                        zone_id: *zone_id,
                    },
                    Request::Normalize { level, .. } => Request::Normalize {
                        input: text,
                        level: *level,
                    },
                    Request::Resolve { .. } => unreachable!(),
                };
                if reference::parse(retry_input(&retry)).is_ok()
                    && calls.answer(implementation, &retry).is_valid()
                {
                    return (vec![field], feature(&c, field));
                }
            }
            (vec![], "whole-input".into())
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let with_plain_base = Request::Resolve {
                base: "s://h/p".into(),
                input: input.clone(),
                strict: *strict,
            };
            let with_plain_reference = Request::Resolve {
                base: base.clone(),
                input: "g".into(),
                strict: *strict,
            };
            let detail = if calls.answer(implementation, &with_plain_base).is_valid() {
                "base"
            } else if calls
                .answer(implementation, &with_plain_reference)
                .is_valid()
            {
                "reference"
            } else {
                "both"
            };
            (vec![], detail.into())
        }
    }
}

fn retry_input(request: &Request) -> &str {
    match request {
        Request::Parse { input, .. }
        | Request::Normalize { input, .. }
        | Request::Resolve { input, .. } => input,
    }
}

/// Each defined component in URI order, with the reference minus that component (or with a
/// plain value in its place).
fn ablations<'a>(c: &reference::Components<'a>) -> Vec<(Field, reference::Components<'a>)> {
    let mut out = Vec::new();
    if c.scheme.is_some() {
        out.push((
            Field::Scheme,
            reference::Components {
                scheme: Some("s"),
                ..*c
            },
        ));
    }
    if c.userinfo.is_some() {
        out.push((
            Field::Userinfo,
            reference::Components {
                userinfo: None,
                ..*c
            },
        ));
    }
    if c.host.is_some() {
        out.push((
            Field::Host,
            reference::Components {
                host: Some("h"),
                host_kind: Some(HostKind::RegName),
                ..*c
            },
        ));
    }
    if c.port.is_some() {
        out.push((Field::Port, reference::Components { port: None, ..*c }));
    }
    if !c.path.is_empty() {
        let plain = if c.has_authority() { "/p" } else { "p" };
        out.push((Field::Path, reference::Components { path: plain, ..*c }));
    }
    if c.query.is_some() {
        out.push((Field::Query, reference::Components { query: None, ..*c }));
    }
    if c.fragment.is_some() {
        out.push((
            Field::Fragment,
            reference::Components {
                fragment: None,
                ..*c
            },
        ));
    }
    out
}

/// What is notable about a component, for the signature: `port-over-65535` is another bug than
/// `port-empty`.
fn feature(c: &reference::Components<'_>, field: Field) -> String {
    let value = Components::from(c);
    let text = value.get(field).unwrap_or("");
    match field {
        Field::Port if text.is_empty() => "empty".to_owned(),
        Field::Port if text.len() > 1 && text.starts_with('0') => "leading-zero".to_owned(),
        Field::Port
            if text.trim_start_matches('0').len() > 5
                || text.parse::<u32>().is_ok_and(|p| p > 65535) =>
        {
            "over-65535".to_owned()
        }
        Field::Host if text.is_empty() => "empty".to_owned(),
        Field::Host => c.host_kind.map_or("", HostKind::name).to_owned(),
        Field::Path if text.is_empty() => "empty".to_owned(),
        Field::Path if text.starts_with("//") => "double-slash".to_owned(),
        Field::Path if !text.starts_with('/') && c.scheme.is_some() => "rootless".to_owned(),
        Field::Path if !text.starts_with('/') => "relative".to_owned(),
        _ if text.is_empty() => "empty".to_owned(),
        _ if text.contains('%') => "pct-encoded".to_owned(),
        _ => String::new(),
    }
}

/// An implementation's error or panic message with the case's own text taken out and digits
/// blanked, so that messages quoting the input or an offset compare equal.
fn error_shape(outcome: &Outcome, case: &Request) -> Option<String> {
    let mut shape = match outcome {
        Outcome::Invalid(rejection) => rejection.to_string(),
        Outcome::Panicked(message) => message.clone(),
        _ => return None,
    };
    let texts: Vec<&str> = match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input],
        Request::Resolve { base, input, .. } => vec![base, input],
    };
    for text in texts.into_iter().filter(|t| t.len() > 1) {
        shape = shape.replace(text, "<input>");
    }
    Some(
        shape
            .chars()
            .map(|c| if c.is_ascii_digit() { '0' } else { c })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::About;
    use crate::reference::{ParseOptions, Rule};

    #[test]
    fn a_base_the_algorithm_never_reads_is_no_finding_of_the_base() {
        let resolve = |base: &str, input: &str, strict: bool| Request::Resolve {
            base: base.to_owned(),
            input: input.to_owned(),
            strict,
        };
        let target = |case: &Request, actual: &str| {
            let expected = Reference.answer(case);
            base_unread_target(case, &expected, &Outcome::Resolved(actual.to_owned()))
                .map(|(target, _)| target)
        };
        // §5.2.2: R has a scheme, so T is R's (its dot-segments removed), whatever the base.
        assert_eq!(
            target(&resolve("", "a:", true), "a:"),
            Some(Outcome::Resolved("a:".into()))
        );
        assert_eq!(
            target(&resolve("a", "b:/c/../d", true), "b:/d"),
            Some(Outcome::Resolved("b:/d".into()))
        );
        // Non-strict, and another scheme than the base's: the base is still not read.
        assert_eq!(
            target(&resolve("a:%", "b:c", false), "b:c"),
            Some(Outcome::Resolved("b:c".into()))
        );
        // Near-misses: a non-strict resolver reads a base of the reference's scheme; a
        // reference without a scheme reads the base; a refusal is no answer to judge.
        assert_eq!(target(&resolve("a:%", "A:c", false), "a:c"), None);
        assert_eq!(target(&resolve("", "c", true), "c"), None);
        // The valid bases the answer is asked again with: another scheme's, and the invalid
        // base's own scheme kept (Poco refuses "a:" alone, and takes "a:%C3%A9" and "a:/").
        let bases = |base: &str, input: &str| {
            let case = resolve(base, input, true);
            let expected = Reference.answer(&case);
            base_unread_target(&case, &expected, &Outcome::Resolved("a:".into())).map(
                |(_, cases)| {
                    cases
                        .into_iter()
                        .filter_map(|c| match c {
                            Request::Resolve { base, .. } => Some(base),
                            _ => None,
                        })
                        .collect::<Vec<_>>()
                },
            )
        };
        assert_eq!(
            bases("a:\u{e9}", "a:#"),
            Some(vec![
                "b:".to_owned(),
                "a:%C3%A9".to_owned(),
                "a:/".to_owned()
            ])
        );
        assert_eq!(
            bases("a:[", "wss://0:443"),
            Some(vec!["a:".to_owned(), "a:/".to_owned()])
        );
        // A near-miss: a base whose scheme is invalid keeps none of it.
        assert_eq!(bases("0:\u{e9}", "b:"), Some(vec!["a:".to_owned()]));
        let case = resolve("", "a:", true);
        let expected = Reference.answer(&case);
        assert!(
            base_unread_target(&case, &expected, &Outcome::invalid_base("base".to_owned()))
                .is_none()
        );
    }

    /// Parses as the reference does, except that it hangs on "hang" and panics on "panic".
    struct Stubborn;

    impl Implementation for Stubborn {
        fn about(&self) -> About<'_> {
            About {
                name: "stubborn",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            match input {
                "hang" => loop {
                    std::thread::sleep(Duration::from_millis(20));
                },
                "panic" => panic!("stubborn"),
                _ => Reference.parse(input, rule, options),
            }
        }
    }

    /// Reads any text by Appendix B, where the reference refuses it; with `picky`, refuses a
    /// text that holds a space.
    struct Lenient {
        picky: bool,
    }

    impl Implementation for Lenient {
        fn about(&self) -> About<'_> {
            About {
                name: if self.picky { "picky" } else { "lenient" },
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            if self.picky && input.contains(' ') {
                return Outcome::invalid("space".into());
            }
            match Reference.parse(input, rule, options) {
                Outcome::Invalid(_) => {
                    let components = compare::lenient_components(input);
                    let host_kind = components.host.as_ref().map(|_| HostKind::RegName);
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                valid => valid,
            }
        }
    }

    /// Reads one slash after the scheme as two and an empty path after the authority as "/",
    /// as curl does ("it also understands and accepts URLs with one or three slashes"; "The
    /// part is always at least a slash"), and takes the host's visible characters outside
    /// ASCII as they are; with `only_e`, "é" alone of them.
    struct SlashesLikeCurl {
        only_e: bool,
    }

    impl Implementation for SlashesLikeCurl {
        fn about(&self) -> About<'_> {
            About {
                name: if self.only_e { "only-e" } else { "slashes" },
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            let Some((scheme, rest)) = input.split_once(':') else {
                return Reference.parse(input, rule, options);
            };
            let rest = match rest.strip_prefix('/') {
                Some(one) if !one.starts_with('/') => format!("//{one}"),
                _ => rest.to_owned(),
            };
            let Some(after) = rest.strip_prefix("//") else {
                return Reference.parse(input, rule, options);
            };
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            let host = &after[..end];
            if host.chars().any(|c| {
                !c.is_ascii() && (c.is_control() || c.is_whitespace() || self.only_e && c != 'é')
            }) {
                return Outcome::invalid("host".into());
            }
            let stood: String = host
                .chars()
                .map(|c| if c.is_ascii() { c } else { 'x' })
                .collect();
            let mut tail = after[end..].to_owned();
            if !tail.starts_with('/') {
                tail.insert(0, '/');
            }
            match Reference.parse(&format!("{scheme}://{stood}{tail}"), rule, options) {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } => {
                    components.host = Some(host.to_owned());
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
    }

    #[test]
    fn a_search_is_kept_for_its_case_and_answer_only() {
        // Curl's reading of "a:/é" (three departures) found once is found again without a
        // search; the same case with another answer (no answer at all) is searched anew and
        // named by nothing.
        let case = Request::Parse {
            input: "a:/é".into(),
            rule: Some(Rule::Uri.into()),
            zone_id: false,
        };
        let engine = engine_of(SlashesLikeCurl { only_e: false });
        let found = engine.run_one("slashes", &case).unwrap();
        let ids = |f: Option<Finding>| f.and_then(|f| f.known).map(|k| k.ids());
        let first = ids(engine.attributed(&found));
        assert_eq!(first.as_ref().map(Vec::len), Some(3), "{first:?}");
        assert_eq!(ids(engine.attributed(&found)), first);
        assert_eq!(engine.searches.lock().unwrap().len(), 1);
        let mut unsupported = found.clone();
        unsupported.actual = Outcome::Unsupported;
        assert_eq!(ids(engine.attributed(&unsupported)), None);
        assert_eq!(engine.searches.lock().unwrap().len(), 2);
    }

    #[test]
    fn a_character_is_probed_where_rewrites_moved_both_ends_of_the_text() {
        // "a:/é" is read as "a://é/": a slash added before the host's "é" and one after it.
        // The host's departure is probed at the "é" of the text as given.
        let case = Request::Parse {
            input: "a:/é".into(),
            rule: Some(Rule::Uri.into()),
            zone_id: false,
        };
        let engine = engine_of(SlashesLikeCurl { only_e: false });
        let found = engine.run_one("slashes", &case).unwrap();
        let named = engine
            .attributed(&found)
            .expect("three departures reproduce it");
        let ids = named.known.as_ref().expect("named").ids();
        assert_eq!(ids[0], "one-or-three-slashes-as-two", "{ids:?}");
        assert_eq!(ids[1], "empty-path-as-slash", "{ids:?}");
        assert!(ids[2].starts_with("host-"), "{ids:?}");
        assert_eq!(ids.len(), 3, "{ids:?}");
        // A parser that takes "é" alone in a host is no departure on the host's characters:
        // the probes at that place tell it.
        let engine = engine_of(SlashesLikeCurl { only_e: true });
        let found = engine.run_one("only-e", &case).unwrap();
        let named = engine
            .attributed(&found)
            .and_then(|f| f.known)
            .map(|known| known.ids());
        assert!(
            !named.iter().flatten().any(|id| id.starts_with("host-")),
            "{named:?}"
        );
    }

    /// Parses as the reference does but reads every IP literal as an empty host, and resolves
    /// as the reference does with that reading of the base.
    struct LosesIpLiterals;

    impl LosesIpLiterals {
        fn misread(text: &str) -> String {
            match (text.find('['), text.find(']')) {
                (Some(open), Some(close)) if open < close => {
                    format!("{}{}", &text[..open], &text[close + 1..])
                }
                _ => text.to_owned(),
            }
        }
    }

    impl Implementation for LosesIpLiterals {
        fn about(&self) -> About<'_> {
            About {
                name: "loses-ip-literals",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(&Self::misread(input), rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            Reference.resolve(&Self::misread(base), reference, strict)
        }
    }

    /// Resolves as the reference does, but gives the base whole for a reference without a
    /// fragment: for the empty one alone (as Python's urljoin, "if not url: return base"), or,
    /// with `every`, for one with a query too.
    struct KeepsBaseFragment {
        every: bool,
    }

    impl Implementation for KeepsBaseFragment {
        fn about(&self) -> About<'_> {
            About {
                name: "keeps-base-fragment",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            let target = Reference.resolve(base, reference, strict);
            let fragment = base.split_once('#').map(|(_, f)| f);
            match (&target, fragment) {
                (Outcome::Resolved(t), Some(f))
                    if reference.is_empty() || (self.every && !reference.contains('#')) =>
                {
                    Outcome::Resolved(format!("{t}#{f}"))
                }
                _ => target,
            }
        }
    }

    #[test]
    fn a_resolver_that_keeps_the_bases_fragment_is_named_so() {
        let case = Request::Resolve {
            base: "a:b#f".into(),
            input: "".into(),
            strict: true,
        };
        let engine = engine_of(KeepsBaseFragment { every: false });
        let found = engine.run_one("keeps-base-fragment", &case).unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::Target);
        let named = engine
            .attributed(&found)
            .expect("the departure reproduces it");
        assert!(named.id().contains("base-fragment-kept"), "{}", named.id());
        // A resolver that keeps it for "?x" too is another mechanism: the control tells them
        // apart, and the finding keeps its symptom's name.
        let engine = engine_of(KeepsBaseFragment { every: true });
        let found = engine.run_one("keeps-base-fragment", &case).unwrap();
        assert_eq!(engine.attributed(&found), None);
    }

    /// Parses what stands before the text's first line feed, as the reference does (ocaml-uri's
    /// `uri_reference`: "we only parse until the first newline character").
    struct EndsAtLineFeed;

    impl Implementation for EndsAtLineFeed {
        fn about(&self) -> About<'_> {
            About {
                name: "ends-at-line-feed",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            let text = input.split('\n').next().unwrap_or_default();
            Reference.parse(text, rule, options)
        }
    }

    #[test]
    fn a_parser_that_ends_the_text_at_a_line_feed_is_one_cause_wherever_it_stands() {
        let engine = engine_of(EndsAtLineFeed);
        // In the authority, where a line feed that ends it reads alike, and in the fragment,
        // where one that ends the fragment reads alike: the controls tell them apart.
        for input in ["//\n", "//h\n", "#a\nb", "a:/p\nq"] {
            let found = engine
                .run_one("ends-at-line-feed", &Request::parse(input))
                .unwrap();
            let named = engine
                .attributed(&found)
                .expect("a departure reproduces it");
            assert!(
                named.id().ends_with("text-ends-at-line-feed"),
                "{input:?}: {}",
                named.id()
            );
        }
    }

    /// Ends the fragment at its first line feed, and percent-encodes a line feed anywhere
    /// else (python-rfc3986's reading: a regular expression's fragment group, and its
    /// encoding of what a component refuses).
    struct FragmentEndsAtLineFeed;

    impl Implementation for FragmentEndsAtLineFeed {
        fn about(&self) -> About<'_> {
            About {
                name: "fragment-ends-at-line-feed",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            let (before, fragment) = match input.split_once('#') {
                Some((before, fragment)) => (before, Some(fragment)),
                None => (input, None),
            };
            let mut text = before.replace('\n', "%0A");
            if let Some(fragment) = fragment {
                text.push('#');
                text.push_str(fragment.split('\n').next().unwrap_or_default());
            }
            Reference.parse(&text, rule, options)
        }
    }

    #[test]
    fn a_fragment_ended_at_a_line_feed_is_not_the_text_ended_there() {
        // "a:/p\nq" is the path "/p%0Aq" here, not the text "a:/p": the narrower reading holds.
        let engine = engine_of(FragmentEndsAtLineFeed);
        let found = engine
            .run_one("fragment-ends-at-line-feed", &Request::parse("#a\nb"))
            .unwrap();
        let named = engine
            .attributed(&found)
            .expect("a departure reproduces it");
        assert_eq!(named.id(), "fragment-ends-at-line-feed");
    }

    /// Normalizes as the reference does, then removes the dot-segments of every path, a
    /// relative path's too, and writes the result as it is.
    struct DotsEverywhere;

    impl Implementation for DotsEverywhere {
        fn about(&self) -> About<'_> {
            About {
                name: "dots-everywhere",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn normalize(&self, input: &str, level: reference::Level) -> Outcome {
            let Ok(written) = reference::normalize(input, level) else {
                return Reference.normalize(input, level);
            };
            let Ok(c) = reference::parse(&written) else {
                return Outcome::Normalized(written);
            };
            let path = reference::remove_dot_segments(c.path);
            Outcome::Normalized(reference::recompose(&reference::Components {
                path: &path,
                ..c
            }))
        }
    }

    #[test]
    fn a_normalizer_that_removes_a_relative_paths_dot_segments_is_named_so() {
        let engine = engine_of(DotsEverywhere);
        let named = |input: &str| {
            let case = Request::Normalize {
                input: input.into(),
                level: None,
            };
            let found = engine
                .run_one("dots-everywhere", &case)
                .expect("it differs");
            engine.attributed(&found).map(|f| f.id().to_owned())
        };
        assert_eq!(
            named("a/./b").as_deref(),
            Some("relative-path-dot-segments-removed")
        );
        // "/.//a" loses the "/." the reference writes, and has an authority once written.
        assert_eq!(
            named("/.//a").as_deref(),
            Some("double-slash-path-unguarded")
        );
    }

    /// Normalizes in two steps that each depart from §6.2.2: no triplet decoded (their digits
    /// uppercased, the scheme lowercased), and the dot-segments of every path removed, a
    /// relative path's too.
    struct EscapesKeptDotsEverywhere;

    impl Implementation for EscapesKeptDotsEverywhere {
        fn about(&self) -> About<'_> {
            About {
                name: "escapes-kept-dots-everywhere",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn normalize(&self, input: &str, level: reference::Level) -> Outcome {
            let Ok(c) = reference::parse(input) else {
                return Reference.normalize(input, level);
            };
            let upper = |text: &str| {
                let mut out = text.to_owned();
                let mut at = 0;
                while let Some(found) = out[at..].find('%') {
                    let start = at + found;
                    let end = (start + 3).min(out.len());
                    let upper = out[start..end].to_ascii_uppercase();
                    out.replace_range(start..end, &upper);
                    at = end;
                }
                out
            };
            let scheme = c.scheme.map(str::to_ascii_lowercase);
            let path = reference::remove_dot_segments(&upper(c.path));
            Outcome::Normalized(reference::recompose(&reference::Components {
                scheme: scheme.as_deref(),
                path: &path,
                ..c
            }))
        }
    }

    #[test]
    fn a_normalizer_that_departs_in_two_steps_is_named_by_both() {
        let engine = engine_of(EscapesKeptDotsEverywhere);
        let named = |input: &str| {
            let case = Request::Normalize {
                input: input.into(),
                level: None,
            };
            let found = engine
                .run_one("escapes-kept-dots-everywhere", &case)
                .expect("it differs");
            engine.attributed(&found).map(|f| {
                let known = f.known.as_ref().expect("a mechanism");
                let mut ids = known.ids();
                ids.sort();
                ids.join(" ")
            })
        };
        // Each step alone.
        assert_eq!(
            named("A:%7e").as_deref(),
            Some("unreserved-percent-encodings-kept")
        );
        assert_eq!(
            named("a/./b").as_deref(),
            Some("relative-path-dot-segments-removed")
        );
        // Both at once: neither alone gives "a/%7E/b", the two composed do.
        assert_eq!(
            named("a/%7e/./b").as_deref(),
            Some("relative-path-dot-segments-removed unreserved-percent-encodings-kept")
        );
    }

    /// Resolves as the reference does, but returns a network-path reference with the base's
    /// scheme and nothing else done (Node's url.resolve: "Hrefs like //foo/bar always cut to
    /// the protocol").
    struct NetworkPathsAsWritten;

    impl Implementation for NetworkPathsAsWritten {
        fn about(&self) -> About<'_> {
            About {
                name: "network-paths-as-written",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match (reference.starts_with("//"), base.split_once(':')) {
                (true, Some((scheme, _))) => Outcome::Resolved(format!("{scheme}:{reference}")),
                _ => Reference.resolve(base, reference, strict),
            }
        }
    }

    #[test]
    fn a_resolver_that_keeps_dot_segments_in_one_kind_of_reference_is_not_rfc_2396s() {
        let engine = engine_of(NetworkPathsAsWritten);
        let case = Request::Resolve {
            base: "a:".into(),
            input: "//h/./x".into(),
            strict: true,
        };
        let found = engine.run_one("network-paths-as-written", &case).unwrap();
        // dot-segments-only-in-merge reproduces this case, but says "/./x" keeps its "." too,
        // which this resolver removes: the controls tell the two apart.
        assert_eq!(engine.attributed(&found), None);
    }

    #[test]
    fn a_normalizations_broken_property_is_filed_with_the_answers_difference() {
        let engine = engine_of(DotsEverywhere);
        let case = Request::Normalize {
            input: "/.//a".into(),
            level: None,
        };
        let found = engine.run_one_checked("dots-everywhere", &case);
        let meaning = found
            .iter()
            .find(|f| f.signature.kind == DifferenceKind::MeaningChanged)
            .expect("\"//a\" has an authority \"/.//a\" had not");
        let cause = engine.cause(meaning).expect("the same answer differs");
        assert_eq!(cause.signature.kind, DifferenceKind::Normalized);
        assert_eq!(
            engine
                .attributed(&cause)
                .map(|f| f.id().to_owned())
                .as_deref(),
            Some("double-slash-path-unguarded")
        );
    }

    /// Parses and resolves as the reference does but reads an empty authority as none
    /// (`a://` as `a:`), as a parser that holds an empty host as no host.
    struct DropsEmptyAuthority;

    impl DropsEmptyAuthority {
        fn misread(text: &str) -> String {
            match text.find("://") {
                Some(at)
                    if matches!(text[at + 3..].chars().next(), None | Some('/' | '?' | '#')) =>
                {
                    format!("{}:{}", &text[..at], &text[at + 3..])
                }
                _ => text.to_owned(),
            }
        }
    }

    impl Implementation for DropsEmptyAuthority {
        fn about(&self) -> About<'_> {
            About {
                name: "drops-empty-authority",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(&Self::misread(input), rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            Reference.resolve(&Self::misread(base), reference, strict)
        }
    }

    /// Parses as the reference does, but ends an authority at a backslash and writes the
    /// backslash into the path encoded, as python-rfc3986 reads `//a\\b` (the host `a`, the
    /// path `%5Cb`); its serializer writes what its parse reported, by §5.3 with `faithful`,
    /// else with a "/" before the path.
    struct BackslashEndsAuthority {
        faithful: bool,
    }

    impl BackslashEndsAuthority {
        fn read(input: &str) -> Outcome {
            let Some((host, rest)) = input
                .strip_prefix("//")
                .and_then(|after| after.split_once('\\'))
            else {
                return Reference.parse(input, Rule::UriReference, ParseOptions::default());
            };
            let components = Components {
                scheme: None,
                userinfo: None,
                host: Some(host.to_owned()),
                port: None,
                path: format!("%5C{rest}"),
                query: None,
                fragment: None,
            };
            Outcome::Parsed {
                components,
                host_kind: Some(HostKind::RegName),
            }
        }
    }

    impl Implementation for BackslashEndsAuthority {
        fn about(&self) -> About<'_> {
            About {
                name: "backslash-ends-authority",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, _: Rule, _: ParseOptions) -> Outcome {
            Self::read(input)
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            let Outcome::Parsed { components, .. } = Self::read(input) else {
                return Some(Err("invalid".into()));
            };
            let written = reference::recompose(&components.as_reference());
            Some(Ok(match self.faithful {
                true => written,
                false => written.replacen("%5C", "/%5C", 1),
            }))
        }
    }

    #[test]
    fn a_round_trip_that_fails_on_what_its_parse_reported_is_that_parse() {
        for faithful in [true, false] {
            let engine = engine_of(BackslashEndsAuthority { faithful });
            let found =
                engine.run_one_checked("backslash-ends-authority", &Request::parse("//a\\"));
            let round_trip = found
                .iter()
                .find(|f| f.signature.kind == DifferenceKind::RoundTrip)
                .expect("the round trip fails either way");
            let cause = engine.cause(round_trip);
            if faithful {
                // "//a%5C" parses back with the host "a%5C": the parse's components, an
                // authority before a path without "/", are the cause.
                let cause = cause.expect("the parse of the case is the cause");
                assert_eq!(cause.case, Request::parse("//a\\"));
                assert_eq!(cause.signature.kind, DifferenceKind::AcceptsInvalid);
            } else {
                // "//a/%5C" reads back with the path "/%5C": the serializer wrote otherwise
                // than the parse reported, and is a cause of its own.
                assert_eq!(cause, None);
            }
        }
    }

    /// Parses as the reference does; its serializer writes what it parsed by §5.3, but leaves
    /// out an empty port (`omits_empty_port`), and holds an empty host as none (`host_held`:
    /// its API reports none, and it writes from what it reports).
    struct WritesBack {
        name: &'static str,
        omits_empty_port: bool,
        /// Also leaves out an empty query and an empty fragment.
        omits_empty_query_and_fragment: bool,
        host_held: bool,
    }

    impl WritesBack {
        fn read(&self, input: &str) -> Outcome {
            match Reference.parse(input, Rule::UriReference, ParseOptions::default()) {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } => {
                    if self.host_held && components.host.as_deref() == Some("") {
                        components.host = None;
                    }
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
    }

    impl Implementation for WritesBack {
        fn about(&self) -> About<'_> {
            About {
                name: self.name,
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn blind_spots(&self) -> &[crate::model::BlindSpot] {
            if self.host_held {
                &[crate::model::BlindSpot {
                    field: Field::Host,
                    blindness: crate::model::Blindness::EmptyIsUndefined,
                    reason: "an empty host is reported as none",
                }]
            } else {
                &[]
            }
        }

        fn parse(&self, input: &str, _: Rule, _: ParseOptions) -> Outcome {
            self.read(input)
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            let Outcome::Parsed { mut components, .. } = self.read(input) else {
                return Some(Err("invalid".into()));
            };
            if self.omits_empty_port && components.port.as_deref() == Some("") {
                components.port = None;
            }
            if self.omits_empty_query_and_fragment {
                for part in [&mut components.query, &mut components.fragment] {
                    if part.as_deref() == Some("") {
                        *part = None;
                    }
                }
            }
            Some(Ok(reference::recompose(&components.as_reference())))
        }
    }

    #[test]
    fn a_round_trip_is_named_by_the_serializer_or_the_data_model_that_breaks_it() {
        let named = |implementation: WritesBack, input: &str| -> Vec<Option<String>> {
            let name = implementation.name;
            let engine = engine_of(implementation);
            let found = engine.run_one_checked(name, &Request::parse(input));
            found
                .iter()
                .filter(|f| f.difference.kind.is_property())
                .map(|f| {
                    let attributed = engine.attributed(f)?;
                    let ids = attributed.known.as_ref()?.ids();
                    // The chain is reproduced by the mechanism that names it.
                    assert!(engine.reproduces(f, &ids), "{ids:?}");
                    Some(ids.join("+"))
                })
                .collect()
        };
        let omits = || WritesBack {
            name: "omits-empty-port",
            omits_empty_port: true,
            omits_empty_query_and_fragment: false,
            host_held: false,
        };
        // "a://h:" is written "a://h", which reads back with no port: the serializer's.
        assert_eq!(
            named(omits(), "a://h:"),
            [Some("serializer-empty-port-omitted".to_owned())]
        );
        // A port with digits is written as it is: nothing breaks.
        assert!(named(omits(), "a://h:1").is_empty());
        // "a:////" is held as no host and the path "//", written "a://", which reads back as
        // an empty host and is written "a:": the data model's, whatever property shows it.
        // Three empty components left out at once: the three serializer departures together.
        let omits_three = WritesBack {
            name: "omits-three",
            omits_empty_port: true,
            omits_empty_query_and_fragment: true,
            host_held: false,
        };
        assert_eq!(
            named(omits_three, "a://h:?#"),
            [Some(
                "serializer-empty-port-omitted+serializer-empty-query-omitted\
                 +serializer-empty-fragment-omitted"
                    .to_owned()
            )]
        );
        let held = WritesBack {
            name: "holds-empty-host",
            omits_empty_port: false,
            omits_empty_query_and_fragment: false,
            host_held: true,
        };
        let held_of = |input: &str| {
            named(
                WritesBack {
                    name: "holds-empty-host",
                    omits_empty_port: false,
                    omits_empty_query_and_fragment: false,
                    host_held: true,
                },
                input,
            )
        };
        let found = named(held, "a:////");
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .all(|f| f.as_deref() == Some("host-empty-held-as-absent")),
            "{found:?}"
        );
        // "////a" is held as no host and the path "//a", written "//a", which reads back
        // with the host "a": held so in the first parse, not the second (Ruby's URI,
        // libxml2's NULL server).
        let found = held_of("////a");
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .all(|f| f.as_deref() == Some("host-empty-held-as-absent")),
            "{found:?}"
        );
        // A host with a value is held as it is, and a crate that holds the empty host
        // writes "////a" back: nothing breaks.
        assert!(held_of("//h//a").is_empty(), "{:?}", held_of("//h//a"));
        assert!(
            named(
                WritesBack {
                    name: "keeps-empty-host",
                    omits_empty_port: false,
                    omits_empty_query_and_fragment: false,
                    host_held: false,
                },
                "////a"
            )
            .is_empty()
        );
    }

    /// Takes any character in a host (the library's `host-unchecked`, exactly) and writes what
    /// it parsed by §5.3, but leaves out an empty port.
    /// A parser with one departure of the library (`departure`) and a writer that changes its
    /// parse with `write` before §5.3 writes it.
    struct DepartingWriter {
        name: &'static str,
        departure: &'static str,
        write: fn(&mut Components),
    }

    impl DepartingWriter {
        fn read(&self, input: &str) -> Outcome {
            let unchecked = models::Model::Departure(
                departures::Departure::from_id(self.departure).expect("a library departure"),
            );
            let steps = [models::Step {
                model: &unchecked,
                index: 0,
            }];
            models::outcome(&steps, &Request::parse(input), &CaseMemo::default())
        }
    }

    impl Implementation for DepartingWriter {
        fn about(&self) -> About<'_> {
            About {
                name: self.name,
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, _: Rule, _: ParseOptions) -> Outcome {
            self.read(input)
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            let Outcome::Parsed { mut components, .. } = self.read(input) else {
                return Some(Err("invalid".into()));
            };
            (self.write)(&mut components);
            Some(Ok(reference::recompose(&components.as_reference())))
        }
    }

    /// The round trip of `input` by `writer`, named.
    fn round_trip_named(writer: DepartingWriter, input: &str) -> (Engine, Finding, Arc<Known>) {
        let name = writer.name;
        let engine = engine_of(writer);
        let found = engine.run_one_checked(name, &Request::parse(input));
        let round_trip = found
            .into_iter()
            .find(|f| f.difference.kind.is_property())
            .expect("the round trip breaks");
        let attributed = engine
            .attributed(&round_trip)
            .expect("the chain is modelled");
        let known = Arc::clone(attributed.known.as_ref().expect("named"));
        (engine, round_trip, known)
    }

    /// Parses with two departures of its parser, and writes what it parsed by §5.3.
    struct TwoReadings;

    impl TwoReadings {
        fn read(input: &str) -> Outcome {
            let models = ["path-dot-segments-removed", "empty-host-refused"].map(|id| {
                models::Model::Departure(departures::Departure::from_id(id).expect("a departure"))
            });
            let steps: Vec<models::Step<'_>> = models
                .iter()
                .enumerate()
                .map(|(index, model)| models::Step { model, index })
                .collect();
            models::outcome(&steps, &Request::parse(input), &CaseMemo::default())
        }
    }

    impl Implementation for TwoReadings {
        fn about(&self) -> About<'_> {
            About {
                name: "two-readings",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, _: Rule, _: ParseOptions) -> Outcome {
            TwoReadings::read(input)
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            Some(match TwoReadings::read(input) {
                Outcome::Parsed { components, .. } => {
                    Ok(reference::recompose(&components.as_reference()))
                }
                _ => Err("invalid".into()),
            })
        }
    }

    #[test]
    fn a_round_trip_broken_by_two_entries_composed_is_named_by_both() {
        let own = r#"
entries:
  - id: two-readings-dot-segments-removed
    implementations: [two-readings]
    class: bug
    reason: "the parser removes the path's dot-segments"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
    ops: [parse]
    model: !departure path-dot-segments-removed
    upstream: {checked: "2026-12-02", refs: []}
    examples:
      - {op: parse, input: "a:/b/../c", parsed: {scheme: "a", path: "/c"}, forgive: true}
      - {op: parse, input: "a:/b/../c", parsed: {scheme: "a", path: "/b/c"}, forgive: false, why: "not this"}
  - id: two-readings-empty-host-refused
    implementations: [two-readings]
    class: bug
    reason: "the parser refuses an empty host"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2
    ops: [parse]
    model: !departure empty-host-refused
    upstream: {checked: "2026-12-02", refs: []}
    examples:
      - {op: parse, input: "a://", invalid: true, forgive: true}
      - {op: parse, input: "a://h", invalid: true, forgive: false, why: "a host"}
"#;
        let catalogue = Catalogue::bundled_with(
            &[],
            &[(
                "two-readings".to_owned(),
                "two-readings.yaml".into(),
                own.to_owned(),
            )],
        )
        .expect("a valid catalogue");
        let engine = Engine::in_thread(vec![Arc::new(TwoReadings)], catalogue);
        // RFC 3986 §3.3 gives "a:/.//" the path "/.//" (dot-segments stay in a parse); read with
        // them removed it is "//", which §5.3 writes "a://": an empty authority, which the
        // second reading refuses (§3.2.2 allows an empty reg-name). Neither entry alone makes
        // the chain: without the first the path comes back, without the second "a://" is read.
        let round_trip = engine
            .run_one_checked("two-readings", &Request::parse("a:/.//"))
            .into_iter()
            .find(|f| f.difference.kind == DifferenceKind::RoundTrip)
            .expect("the round trip breaks");
        let named = engine
            .attributed(&round_trip)
            .expect("the two entries make the chain");
        let known = named.known.as_ref().expect("named");
        assert_eq!(
            known.ids(),
            [
                "two-readings-dot-segments-removed",
                "two-readings-empty-host-refused"
            ]
        );
        // Filed under the reading that breaks it: without it the chain comes back.
        assert_eq!(known.filed_as(), "two-readings-dot-segments-removed");
        assert!(engine.reproduces(&named, &known.ids()));
    }

    #[test]
    fn a_round_trip_is_filed_under_the_cause_without_which_it_comes_back() {
        // "a://^:" is parsed with the host "^" (a departure the chain needs: the RFC refuses
        // the string) and written "a://^", which reads back with no port. Without the host
        // departure there is no chain; without the omitted port the chain comes back to
        // itself: the break is the serializer's, seen with the host's departure.
        let writer = DepartingWriter {
            name: "unchecked-host-omits-empty-port",
            departure: "host-unchecked",
            write: |c| {
                if c.port.as_deref() == Some("") {
                    c.port = None;
                }
            },
        };
        let (engine, round_trip, known) = round_trip_named(writer, "a://^:");
        assert_eq!(known.mechanism().id, "serializer-empty-port-omitted");
        assert_eq!(known.seen_with().collect::<Vec<_>>(), ["host-unchecked"]);
        assert!(engine.reproduces(&round_trip, &known.ids()));
    }

    #[test]
    fn a_writer_that_encodes_what_the_parser_should_have_refused_is_no_break() {
        // "a:?^" is parsed with the query "^" and written "a:?%5E", which reads back as
        // another query. Written without the encoding, "a:?^" would come back, but it is a
        // string RFC 3986 refuses: the writer mends the reading, and the break is the
        // parser's, seen with the writer's encoding.
        let writer = DepartingWriter {
            name: "unchecked-query-encodes-refused",
            departure: "query-unchecked",
            write: |c| {
                if let Some(query) = &mut c.query {
                    *query = query.replace('^', "%5E");
                }
            },
        };
        let (engine, round_trip, known) = round_trip_named(writer, "a:?^");
        assert_eq!(known.mechanism().id, "query-unchecked");
        assert_eq!(
            known.seen_with().collect::<Vec<_>>(),
            ["serializer-refused-characters-encoded"]
        );
        assert!(engine.reproduces(&round_trip, &known.ids()));
    }

    /// Holds the reference's URIs but writes everything after the scheme in lowercase: its
    /// parse reports the path it will write, and its resolution's target is the reference's
    /// written so.
    struct LowercaseWriter;

    impl LowercaseWriter {
        fn written(text: &str) -> String {
            match text.find(':') {
                Some(colon) => format!(
                    "{}{}",
                    &text[..=colon],
                    text[colon + 1..].to_ascii_lowercase()
                ),
                None => text.to_ascii_lowercase(),
            }
        }
    }

    impl Implementation for LowercaseWriter {
        fn about(&self) -> About<'_> {
            About {
                name: "lowercase-writer",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(&Self::written(input), rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) => Outcome::Resolved(Self::written(&target)),
                other => other,
            }
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            Some(Ok(Self::written(input)))
        }
    }

    /// The reference's parser, with a resolver that drops a rootless base path when the
    /// reference is empty (`""` against `a:b` gives `a:`), as a resolver that merges only
    /// hierarchical paths would.
    struct DropsOpaqueBasePath;

    impl Implementation for DropsOpaqueBasePath {
        fn about(&self) -> About<'_> {
            About {
                name: "drops-opaque-base-path",
                version: "test",
                spec: "RFC 3986",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match (reference::parse(base), reference) {
                (Ok(b), "") if b.host.is_none() && !b.path.starts_with('/') => {
                    Outcome::Resolved(format!("{}:", b.scheme.unwrap_or_default()))
                }
                _ => Reference.resolve(base, reference, strict),
            }
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            Some(Ok(input.to_owned()))
        }
    }

    #[test]
    fn the_empty_reference_law_is_the_resolution_it_rests_on() {
        let engine = engine_of(DropsOpaqueBasePath);
        let name = "drops-opaque-base-path";
        let law = engine
            .run_one_checked(name, &Request::parse("a:b"))
            .into_iter()
            .find(|f| f.signature.kind == DifferenceKind::ResolutionLaw)
            .expect("\"\" against a:b gives a:, not a:b");
        let cause = engine.cause(&law).expect("the resolution differs too");
        assert_eq!(
            cause.case,
            Request::Resolve {
                base: "a:b".into(),
                input: String::new(),
                strict: true,
            }
        );
        assert_eq!(cause.signature.kind, DifferenceKind::Target);
        assert_eq!(cause.actual, Outcome::Resolved("a:".into()));
        // Another property of the parse is not that resolution.
        let mut other = law.clone();
        other.signature.kind = DifferenceKind::RoundTrip;
        other.difference.kind = DifferenceKind::RoundTrip;
        assert_eq!(engine.cause(&other), None);
    }

    /// A parser that writes the IPv6 literal `[::0]` as `[::]` (uri-js's `_normalizeIPv6`),
    /// in its parse and so in the targets its resolver writes.
    struct ShortensZeroLiteral;

    impl Implementation for ShortensZeroLiteral {
        fn about(&self) -> About<'_> {
            About {
                name: "shortens-zero-literal",
                version: "test",
                spec: "RFC 3986",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            match Reference.parse(input, rule, options) {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } => {
                    if components.host.as_deref() == Some("[::0]") {
                        components.host = Some("[::]".to_owned());
                    }
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) => Outcome::Resolved(target.replace("[::0]", "[::]")),
                other => other,
            }
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            Some(Ok(input.to_owned()))
        }
    }

    #[test]
    fn the_empty_reference_law_is_the_cause_of_the_resolution_it_rests_on() {
        let engine = engine_of(ShortensZeroLiteral);
        let law = engine
            .run_one_checked("shortens-zero-literal", &Request::parse("a://[::0]"))
            .into_iter()
            .find(|f| f.signature.kind == DifferenceKind::ResolutionLaw)
            .expect("\"\" against a://[::0] gives a://[::]");
        // The resolution's target carries the parse's host: the parse is the cause.
        let cause = engine.cause(&law).expect("the parse differs too");
        assert_eq!(cause.case, Request::parse("a://[::0]"));
        assert_eq!(cause.signature.kind, DifferenceKind::Components);
    }

    fn engine_of(implementation: impl Implementation + 'static) -> Engine {
        Engine::in_thread(vec![Arc::new(implementation)], Catalogue::bundled())
    }

    /// Parses as the reference does; resolves so too, then writes the scheme in lowercase and
    /// a userinfo's "!" as "%21" (as Go's net/url re-encodes a userinfo), or, with `path`, the
    /// path's letters in lowercase instead of the userinfo's re-encoding.
    struct RewritesTarget {
        path: bool,
    }

    impl Implementation for RewritesTarget {
        fn about(&self) -> About<'_> {
            About {
                name: "rewrites-target",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) => {
                    let (scheme, rest) = target.split_once(':').expect("a scheme");
                    let rest = if self.path {
                        rest.to_ascii_lowercase()
                    } else {
                        rest.replace('!', "%21")
                    };
                    Outcome::Resolved(format!("{}:{rest}", scheme.to_ascii_lowercase()))
                }
                other => other,
            }
        }
    }

    #[test]
    fn a_symptom_is_signed_by_a_field_no_equivalence_explains() {
        // §3.1: the scheme's case is no difference; the userinfo's "!" written "%21" is
        // (§2.2: a reserved character and its encoding are not equivalent).
        let case = Request::Resolve {
            base: "A://!@".into(),
            input: "".into(),
            strict: true,
        };
        let engine = engine_of(RewritesTarget { path: false });
        let found = engine.run_one("rewrites-target", &case).expect("a target");
        assert_eq!(found.id, "resolve-target-userinfo-percent-encoding");
        // Near-miss: a path's letters have a case of their own: "/A" written "/a" signs it.
        let case = Request::Resolve {
            base: "A://h".into(),
            input: "/A".into(),
            strict: true,
        };
        let engine = engine_of(RewritesTarget { path: true });
        let found = engine.run_one("rewrites-target", &case).expect("a target");
        assert_eq!(found.id, "resolve-target-path-case");
    }

    /// Parses as the reference does (one slash after a scheme starts a path); resolves so
    /// too, but writes a target whose path is "//" without an authority after an empty one
    /// ("a:////"), as yarl's and Ruby's writers do.
    struct WritesEmptyAuthority;

    impl Implementation for WritesEmptyAuthority {
        fn about(&self) -> About<'_> {
            About {
                name: "writes-empty-authority",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) if target.ends_with("://") => {
                    Outcome::Resolved(format!("{target}//"))
                }
                other => other,
            }
        }
    }

    #[test]
    fn a_parsers_departure_names_a_resolution_only_where_the_parser_runs_it() {
        // ".//" against "a:/" (§5.2.2: T.path "//", no authority); the resolver writes
        // "a:////". Its parser reads "a:/h/p" as the path "/h/p" (RFC 3986 §3.2), so the
        // one slash is never read as two: no departure of the parser names the target.
        let case = Request::Resolve {
            base: "a:/".into(),
            input: ".//".into(),
            strict: true,
        };
        let engine = engine_of(WritesEmptyAuthority);
        let found = engine
            .run_one("writes-empty-authority", &case)
            .expect("a target");
        let named = engine
            .attributed(&found)
            .and_then(|f| f.known)
            .map(|k| k.ids())
            .unwrap_or_default();
        assert!(
            !named.iter().any(|id| id == "one-or-three-slashes-as-two"),
            "{named:?}"
        );
        // Near-miss: a parser that reads one slash as two is named by it in a parse.
        let parse = Request::Parse {
            input: "a:/h".into(),
            rule: Some(Rule::Uri.into()),
            zone_id: false,
        };
        let engine = engine_of(SlashesLikeCurl { only_e: false });
        let found = engine.run_one("slashes", &parse).expect("a parse");
        let ids = engine
            .attributed(&found)
            .and_then(|f| f.known)
            .map(|k| k.ids())
            .unwrap_or_default();
        assert_eq!(
            ids.first().map(String::as_str),
            Some("one-or-three-slashes-as-two")
        );
    }

    #[test]
    fn an_accepted_invalid_character_is_signed_by_its_rule_not_its_class() {
        // A host that takes a caret, a space and a "<": one cause, one signature.
        let lenient = engine_of(Lenient { picky: false });
        let signed = |engine: &Engine, name: &str, input: &str| {
            let found = engine.run_one(name, &Request::parse(input)).unwrap();
            assert_eq!(found.signature.kind, DifferenceKind::AcceptsInvalid);
            found.id().to_owned()
        };
        let ids: Vec<String> = ["//a^b", "//a b", "//a<b", "//a\u{e9}b"]
            .iter()
            .map(|input| signed(&lenient, "lenient", input))
            .collect();
        assert!(
            ids.iter().all(|id| id == "parse-accepts-invalid-host"),
            "{ids:?}"
        );
        // A parser that refuses some classes: what it takes is still one cause of its host.
        let picky = engine_of(Lenient { picky: true });
        assert_eq!(
            signed(&picky, "picky", "//a^b"),
            "parse-accepts-invalid-host"
        );
    }

    #[test]
    fn a_resolution_that_accepts_an_invalid_component_is_signed_by_its_rule() {
        let engine = engine_of(AbsoluteLenient {
            uri_rule_only: false,
        });
        let signed = |base: &str, input: &str| {
            let resolve = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            let found = engine.run_one("absolute-lenient", &resolve).unwrap();
            assert_eq!(found.signature.kind, DifferenceKind::AcceptsInvalid);
            found.signature.detail
        };
        // A fragment put after the base unchecked, whichever character is in it.
        assert_eq!(signed("a:/a", "#a^b"), "fragment");
        assert_eq!(signed("a:/a", "#a b"), "fragment");
        // An invalid base: the reference's error names the base.
        assert_eq!(signed("a:/a^", "#x"), "base-path");
        assert_eq!(signed("a:/a{", "#x"), "base-path");
    }

    #[test]
    fn a_target_that_carries_the_parsers_reading_is_that_parse() {
        let engine = engine_of(LosesIpLiterals);
        let resolve = Request::Resolve {
            base: "a://[::1]/b".into(),
            input: "c".into(),
            strict: true,
        };
        let found = engine.run_one("loses-ip-literals", &resolve).unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::Target);
        let cause = engine
            .cause(&found)
            .expect("the base's parse loses the host too");
        assert_eq!(cause.case, Request::parse("a://[::1]/b"));
        assert_eq!(cause.signature.kind, DifferenceKind::Components);
        // A target that differs in another component than its parse is its own finding: here
        // the parse differs in the host and the target's host is the reference's.
        let mut other = found.clone();
        other.actual = Outcome::Resolved("a://[::1]/x".into());
        other.signature.fields = vec![Field::Path];
        assert_eq!(engine.cause(&other), None);
    }

    #[test]
    fn a_component_the_parse_loses_is_carried_as_its_absence() {
        let engine = engine_of(DropsEmptyAuthority);
        // §5.2.3: a base with an authority and an empty path merges to "/0" ("a:///0"); read
        // without its authority the base gives "a:0", which has no host.
        let resolve = Request::Resolve {
            base: "a://".into(),
            input: "0".into(),
            strict: true,
        };
        let found = engine.run_one("drops-empty-authority", &resolve).unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::Target);
        assert_eq!(found.actual, Outcome::Resolved("a:0".into()));
        let cause = engine
            .cause(&found)
            .expect("the base's parse has no host either");
        assert_eq!(cause.case, Request::parse("a://"));
        // A target that has the host the parse lost is not carrying that parse.
        let mut other = found.clone();
        other.actual = Outcome::Resolved("a://x/0".into());
        assert_eq!(engine.cause(&other), None);
    }

    #[test]
    fn a_target_written_as_the_crate_writes_its_parse_is_that_parse() {
        let engine = engine_of(LowercaseWriter);
        // Neither the base nor the input shows the path "/b" the target carries: the input's
        // parse reads "b", the base's agrees.
        let resolve = Request::Resolve {
            base: "a:/x".into(),
            input: "B".into(),
            strict: true,
        };
        let found = engine.run_one("lowercase-writer", &resolve).unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::Target);
        assert_eq!(found.actual, Outcome::Resolved("a:/b".into()));
        let cause = engine
            .cause(&found)
            .expect("the crate writes the reference's target \"a:/B\" as its answer");
        assert_eq!(cause.case, Request::parse("a:/B"));
        assert_eq!(cause.signature.kind, DifferenceKind::Components);
        // An answer that is not how the crate writes the reference's target is its own finding.
        let mut other = found.clone();
        other.actual = Outcome::Resolved("a:/c".into());
        assert_eq!(engine.cause(&other), None);
    }

    /// Parses absolute URIs only, accepting any character in them, and resolves a reference
    /// of a fragment alone by putting it after the base, unchecked. With `uri_rule_only`, it
    /// parses by the `URI` rule alone, as curl does, and answers `unsupported` to every other.
    struct AbsoluteLenient {
        uri_rule_only: bool,
    }

    impl Implementation for AbsoluteLenient {
        fn about(&self) -> About<'_> {
            About {
                name: if self.uri_rule_only {
                    "uri-rule-lenient"
                } else {
                    "absolute-lenient"
                },
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            if compare::lenient_components(input).scheme.is_none()
                || (self.uri_rule_only && rule != Rule::Uri)
            {
                return Outcome::Unsupported;
            }
            Lenient { picky: false }.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match reference.strip_prefix('#') {
                Some(fragment) => {
                    let base = base.split('#').next().unwrap_or(base);
                    Outcome::Resolved(format!("{base}#{fragment}"))
                }
                None => Reference.resolve(base, reference, strict),
            }
        }
    }

    /// Parses as the reference does, but normalizes and resolves without checking anything:
    /// the operations do not run the parser's checks (as Python's rfc3986 without its
    /// `Validator`).
    struct Unvalidating;

    impl Implementation for Unvalidating {
        fn about(&self) -> About<'_> {
            About {
                name: "unvalidating",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn normalize(&self, input: &str, _: Level) -> Outcome {
            Outcome::Normalized(input.to_owned())
        }

        fn resolve(&self, base: &str, reference: &str, _: bool) -> Outcome {
            Outcome::Resolved(format!("{base}{reference}"))
        }
    }

    #[test]
    fn an_operation_that_accepts_what_its_parser_refuses_is_one_cause() {
        let engine = engine_of(Unvalidating);
        let signed = |case: Request| {
            let found = engine.run_one("unvalidating", &case).unwrap();
            assert_eq!(found.signature.kind, DifferenceKind::AcceptsInvalid);
            engine
                .unvalidated(&found)
                .map(|f| f.id().to_owned())
                .unwrap_or_default()
        };
        let normalize = |input: &str| Request::Normalize {
            input: input.into(),
            level: None,
        };
        // A space in a host and a letter in a port break two rules; one cause.
        for input in ["// ", "//a:b", "a:%"] {
            assert_eq!(
                signed(normalize(input)),
                "normalize-accepts-invalid-what-its-parser-refuses",
                "{input}"
            );
        }
        let resolve = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        assert_eq!(
            signed(resolve("a:/", "#^")),
            "resolve-accepts-invalid-what-its-parser-refuses"
        );
        assert_eq!(
            signed(resolve("a:/^", "#")),
            "resolve-accepts-invalid-base-what-its-parser-refuses"
        );
        // A base without a scheme: the parser refuses it as a URI, which a base is (§5.1).
        assert_eq!(
            signed(resolve("/a", "b")),
            "resolve-accepts-invalid-base-what-its-parser-refuses"
        );
        // Where the parser does not refuse the string, this is not the cause: a parser that
        // accepts it has its reading as the cause ([`Engine::cause`]), one that answers
        // `unsupported` says nothing.
        let lenient = engine_of(AbsoluteLenient {
            uri_rule_only: false,
        });
        let found = lenient
            .run_one("absolute-lenient", &resolve("a:/a^", "#x"))
            .unwrap();
        assert_eq!(lenient.unvalidated(&found), None);
        let found = lenient
            .run_one("absolute-lenient", &resolve("a:/a", "#a^b"))
            .unwrap();
        assert_eq!(lenient.unvalidated(&found), None);
    }

    /// Refuses a host's "%0a" (a control character, as a URL Standard host parser would) and
    /// gives back the input as written where it refuses it, as fast-uri's `normalize`
    /// (index.js lines 740-743); normalizes as RFC 3986 §6.2.2 does otherwise.
    struct GivingBack;

    impl Implementation for GivingBack {
        fn about(&self) -> About<'_> {
            About {
                name: "giving-back",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            if input.to_ascii_lowercase().contains("//%0a") {
                return Outcome::invalid("host is malformed".to_owned());
            }
            Reference.parse(input, rule, options)
        }

        fn normalize(&self, input: &str, level: Level) -> Outcome {
            match self.parse(input, Rule::UriReference, ParseOptions::default()) {
                Outcome::Invalid(_) => Outcome::Normalized(input.to_owned()),
                _ => Reference.normalize(input, level),
            }
        }
    }

    #[test]
    fn a_normalizer_that_gives_back_what_its_parser_refuses_is_one_cause() {
        let normalize = |input: &str| Request::Normalize {
            input: input.into(),
            level: None,
        };
        let engine = engine_of(GivingBack);
        let signed = |input: &str| {
            let found = engine.run_one("giving-back", &normalize(input)).unwrap();
            engine.by_mechanism(&found).map(|f| f.id().to_owned())
        };
        // RFC 3986 §6.2.2.1 uppercases the triplet of a host its §3.2.2 reg-name takes, and
        // §3.2.2 refuses a space in a host: two symptoms (a normalized host that differs, an
        // invalid input accepted), one cause, as the parser refuses both.
        let one = Some("normalize-normalized-malformed-input-given-back".to_owned());
        assert_eq!(signed("http://%0a"), one);
        assert_eq!(signed("//%0a/a/./b"), one);
        assert_eq!(signed("// "), one);
        // Near-misses: an input the parser takes and the normalizer gives back unchanged
        // (`%7a` is "z" by §6.2.2.2) is no such case; neither is an answer that is not the
        // input as written.
        let unchanged = engine_of(Unvalidating);
        let found = unchanged
            .run_one("unvalidating", &normalize("a:/%7a"))
            .unwrap();
        assert_eq!(unchanged.given_back(&found), None);
        let mut found = engine
            .run_one("giving-back", &normalize("http://%0a"))
            .unwrap();
        found.actual = Outcome::Normalized("http://%0A".into());
        assert_eq!(engine.given_back(&found), None);
    }

    /// [`Unvalidating`] with a parser that takes no rule but `URI-reference`, as uritools'
    /// `urisplit`: a base is asked by that rule.
    struct UnvalidatingReferenceOnly;

    impl Implementation for UnvalidatingReferenceOnly {
        fn about(&self) -> About<'_> {
            About {
                name: "unvalidating-reference-only",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            if rule != Rule::UriReference {
                return Outcome::Unsupported;
            }
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            Unvalidating.resolve(base, reference, strict)
        }
    }

    #[test]
    fn a_base_is_asked_as_a_uri_reference_where_the_parser_takes_no_uri_rule() {
        let engine = engine_of(UnvalidatingReferenceOnly);
        let case = Request::Resolve {
            base: "a:/^".into(),
            input: "#".into(),
            strict: true,
        };
        let found = engine
            .run_one("unvalidating-reference-only", &case)
            .unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::AcceptsInvalid);
        assert_eq!(
            engine.unvalidated(&found).map(|f| f.id().to_owned()),
            Some("resolve-accepts-invalid-base-what-its-parser-refuses".to_owned())
        );
        // The command line's `diff` names it so too.
        assert_eq!(
            engine.by_mechanism(&found).map(|f| f.id().to_owned()),
            Some("resolve-accepts-invalid-base-what-its-parser-refuses".to_owned())
        );
    }

    /// Parses any text by Appendix B, as [`Lenient`], and resolves a reference of a fragment
    /// alone by putting it after the base, unchecked; its catalogue documents the fragment's
    /// characters unchecked.
    struct DocumentedLax;

    impl Implementation for DocumentedLax {
        fn about(&self) -> About<'_> {
            About {
                name: "documented-lax",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Lenient { picky: false }.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            AbsoluteLenient {
                uri_rule_only: false,
            }
            .resolve(base, reference, strict)
        }
    }

    #[test]
    fn a_documented_parse_is_the_cause_of_the_resolution_it_makes_lax() {
        let text = "entries:\n  - id: documented-lax-fragment\n    implementations: [documented-lax]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: !departure fragment-unchecked\n";
        let catalogue = Catalogue::bundled_with(
            &[],
            &[(
                "documented-lax".to_owned(),
                std::path::PathBuf::from("known-differences.yaml"),
                text.to_owned(),
            )],
        )
        .unwrap();
        let engine = Engine::in_thread(vec![Arc::new(DocumentedLax)], catalogue);
        let parse = engine
            .run_one("documented-lax", &Request::parse("#a b"))
            .unwrap();
        assert_eq!(
            parse.known.as_ref().map(|k| k.id.as_str()),
            Some("documented-lax-fragment")
        );
        let resolve = Request::Resolve {
            base: "a:/x".into(),
            input: "#a b".into(),
            strict: true,
        };
        let found = engine.run_one("documented-lax", &resolve).unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::AcceptsInvalid);
        assert!(found.known.is_none());
        let cause = engine
            .cause(&found)
            .expect("the documented parse of the reference accepts the same space");
        assert_eq!(cause.case, Request::parse("#a b"));
        assert_eq!(
            cause.known.as_ref().map(|k| k.id.as_str()),
            Some("documented-lax-fragment")
        );
    }

    /// `#[` against `a:/a` through [`AbsoluteLenient`], which carries the `[` into its target
    /// `a:/a#[`: the engine and the finding.
    fn bracket_carried_into_the_target(uri_rule_only: bool) -> (Engine, Finding) {
        let engine = engine_of(AbsoluteLenient { uri_rule_only });
        let name = engine
            .implementations()
            .next()
            .unwrap()
            .about()
            .name
            .to_owned();
        let resolve = Request::Resolve {
            base: "a:/a".into(),
            input: "#[".into(),
            strict: true,
        };
        let found = engine.run_one(&name, &resolve).unwrap();
        assert_eq!(found.signature.kind, DifferenceKind::AcceptsInvalid);
        (engine, found)
    }

    #[test]
    fn an_invalid_reference_carried_into_the_target_is_the_parse_of_the_target() {
        let (engine, found) = bracket_carried_into_the_target(false);
        // The crate's parse of the reference itself shows nothing: it is unsupported.
        assert_eq!(
            engine.run_one("absolute-lenient", &Request::parse("#[")),
            None
        );
        let cause = engine
            .cause(&found)
            .expect("the crate's parse of its target accepts the same \"[\"");
        assert_eq!(cause.case, Request::parse("a:/a#["));
        assert_eq!(cause.signature.kind, DifferenceKind::AcceptsInvalid);
        assert_eq!(cause.signature.fields, found.signature.fields);
        assert_eq!(cause.signature.detail, found.signature.detail);
        // A target whose parse accepts something invalid elsewhere is not that cause.
        let mut other = found.clone();
        other.actual = Outcome::Resolved("a:/a^#x".into());
        assert_eq!(engine.cause(&other), None);
    }

    #[test]
    fn a_documented_reading_of_the_parser_is_the_cause_of_the_resolution_that_carries_it() {
        // The parser keeps a "[" in the fragment, which its catalogue documents; a resolution
        // that carries one into its target is no entry's, and is filed with that parse.
        let catalogue = Catalogue::bundled_with(
            &[],
            &[(
                "absolute-lenient".to_owned(),
                std::path::PathBuf::from("known-differences.yaml"),
                "entries:\n  - id: lenient-fragment\n    implementations: [absolute-lenient]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: !departure fragment-unchecked\n".to_owned(),
            )],
        )
        .unwrap();
        let engine = Engine::in_thread(
            vec![Arc::new(AbsoluteLenient {
                uri_rule_only: false,
            })],
            catalogue,
        );
        let resolve = Request::Resolve {
            base: "a:/a".into(),
            input: "#[".into(),
            strict: true,
        };
        let found = engine.run_one("absolute-lenient", &resolve).unwrap();
        assert!(found.known.is_none(), "{:?}", found.known);
        let cause = engine
            .cause(&found)
            .expect("the documented parse of the target");
        assert_eq!(cause.case, Request::parse("a:/a#["));
        assert_eq!(
            cause.known.as_ref().map(|k| k.id.as_str()),
            Some("lenient-fragment")
        );
    }

    #[test]
    fn a_parser_of_the_uri_rule_alone_is_asked_its_target_by_that_rule() {
        let (engine, found) = bracket_carried_into_the_target(true);
        // As a URI-reference, the crate's own target is unsupported and shows nothing.
        assert_eq!(
            engine.answer_of("uri-rule-lenient", &Request::parse("a:/a#[")),
            Some(Outcome::Unsupported)
        );
        let cause = engine
            .cause(&found)
            .expect("the crate's parse of its target by the URI rule accepts the \"[\"");
        assert_eq!(
            cause.case,
            Request::Parse {
                input: "a:/a#[".into(),
                rule: Some(Rule::Uri.into()),
                zone_id: false,
            }
        );
        assert_eq!(
            (cause.signature.kind, &cause.signature.detail),
            (found.signature.kind, &found.signature.detail)
        );
        let mut other = found.clone();
        other.actual = Outcome::Resolved("a:/a^#x".into());
        assert_eq!(engine.cause(&other), None);
    }

    /// Resolves as the reference does, then hands the target to its function: a resolver
    /// whose only departure is how it writes (or refuses) one target.
    struct Writes(&'static str, fn(String) -> Outcome);

    /// An API that reports an empty host as none (Go's `URL.Host`).
    const EMPTY_HOST_IS_NONE: &[crate::model::BlindSpot] = &[crate::model::BlindSpot {
        field: Field::Host,
        blindness: crate::model::Blindness::EmptyIsUndefined,
        reason: "an empty host is reported as none",
    }];

    impl Implementation for Writes {
        fn about(&self) -> About<'_> {
            About {
                name: self.0,
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn blind_spots(&self) -> &[crate::model::BlindSpot] {
            if self.0.ends_with("-blind") {
                EMPTY_HOST_IS_NONE
            } else {
                &[]
            }
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) => (self.1)(target),
                other => other,
            }
        }
    }

    /// RFC 3986 §5.2.2 gives `f:/a` + `.//g` the components T.scheme "f", no authority, and
    /// T.path remove_dot_segments("/.//g") = "//g"; §5.3 writes them "f://g", which reads
    /// back with the authority "g" that T does not have (documented choice 1).
    #[test]
    fn a_target_is_compared_with_the_components_of_section_5_2_2() {
        let case = Request::Resolve {
            base: "f:/a".into(),
            input: ".//g".into(),
            strict: true,
        };
        let found = |implementation: Writes| {
            let name = implementation.0;
            engine_of(implementation).run_one(name, &case)
        };
        // A path kept a path, with an empty segment dropped: T's path differs, no authority
        // does.
        let dropped = found(Writes("drops-empty-segments", |t| {
            Outcome::Resolved(t.replacen("//", "/", 1))
        }))
        .expect("f:/g is another path");
        assert_eq!(dropped.actual, Outcome::Resolved("f:/g".into()));
        assert_eq!(dropped.difference.fields, [Field::Path]);
        assert!(!dropped.is_security_relevant());
        // An answer with an empty authority is an authority that appears.
        let empty_authority = found(Writes("writes-an-empty-authority", |t| {
            Outcome::Resolved(t.replacen("//", "///", 1))
        }))
        .expect("f:///g has an authority T does not have");
        assert_eq!(empty_authority.actual, Outcome::Resolved("f:///g".into()));
        assert_eq!(empty_authority.difference.fields[0], Field::Host);
        assert!(empty_authority.is_security_relevant());
        assert!(empty_authority.is_bug());
        // So it is for an API that reports an empty host as none: the "//" is written.
        let written = found(Writes("empty-authority-blind", |t| {
            Outcome::Resolved(t.replacen("//", "////", 1))
        }))
        .expect("f:////g has an authority T does not have");
        assert_eq!(written.actual, Outcome::Resolved("f:////g".into()));
        assert_eq!(written.difference.fields[0], Field::Host);
        assert!(written.is_bug());
        // §5.3's own string spelled otherwise elsewhere is that string: its "//" shows the
        // authority the RFC's string shows, and its scheme in another case is the same scheme
        // (§3.1: "schemes are case-insensitive").
        let scheme_case = found(Writes("scheme-uppercased", |t| {
            Outcome::Resolved(t.replacen("f:", "F:", 1))
        }));
        assert!(scheme_case.is_none(), "{scheme_case:?}");
        // Any other change to that string is compared with T's components, though it shows
        // the same authority: "f://g/" makes "g" a host where T has a path "//g".
        let slash_added = found(Writes("slash-appended", |t| {
            Outcome::Resolved(format!("{t}/"))
        }))
        .expect("f://g/ has an authority T does not have");
        assert_eq!(slash_added.actual, Outcome::Resolved("f://g/".into()));
        assert_eq!(slash_added.difference.fields[0], Field::Host);
        assert!(slash_added.is_security_relevant());
    }

    /// The reference under other readings RFC 3986 allows, named in no catalogue entry.
    struct Reads(
        &'static str,
        reference::ResolveOptions,
        reference::NormalizeOptions,
    );

    impl Implementation for Reads {
        fn about(&self) -> About<'_> {
            About {
                name: self.0,
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            let options = reference::ResolveOptions { strict, ..self.1 };
            match reference::resolve(base, input, options) {
                Ok(target) => Outcome::Resolved(target),
                Err(e) => Outcome::Invalid((&e).into()),
            }
        }

        fn normalize(&self, input: &str, level: Level) -> Outcome {
            match reference::normalize_with(input, level, self.2) {
                Ok(n) => Outcome::Normalized(n),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }
    }

    /// Resolves as the reference does, but removes a merged rootless path's dot-segments from
    /// the list of its segments, joined again with "/": the path stays rootless, whatever is
    /// left.
    struct SegmentList;

    impl Implementation for SegmentList {
        fn about(&self) -> About<'_> {
            About {
                name: "segment-list",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            let letter = || Reference.resolve(base, input, strict);
            let options = ParseOptions::default();
            let (Ok(b), Ok(r)) = (
                reference::parse_with(base, Rule::Uri, options),
                reference::parse_with(input, Rule::UriReference, options),
            ) else {
                return letter();
            };
            let merged = r.scheme.is_none() && !r.has_authority() && !r.path.is_empty();
            if !merged || r.path.starts_with('/') || b.has_authority() {
                return letter();
            }
            let target =
                reference::transform_references(&b, &r, reference::ResolveOptions::strict(strict));
            let whole = reference::merge(&b, r.path);
            let segments: Vec<&str> = whole.split('/').collect();
            let mut kept: Vec<&str> = Vec::new();
            for (i, segment) in segments.iter().enumerate() {
                match *segment {
                    "." | ".." => {
                        if *segment == ".." {
                            kept.pop();
                        }
                        if i + 1 == segments.len() {
                            kept.push("");
                        }
                    }
                    other => kept.push(other),
                }
            }
            let path = kept.join("/");
            Outcome::Resolved(reference::recompose(&reference::Components {
                path: &path,
                ..target.components()
            }))
        }
    }

    /// A finding of a choice's reading applied without its guard shrinks into a case that
    /// still shows what the missing guard lets through, an authority the RFC's target has not,
    /// and not into a smaller one whose answer shows the reading alone.
    #[test]
    fn a_reading_without_its_guard_shrinks_into_what_the_guard_stops() {
        let segments = engine_of(SegmentList);
        // §5.2.3 merges "a:b/c" and "../@/..///g" into "b/../@/..///g", which §5.2.4 makes
        // "///g" (T has no authority: "a:///g", the letter's, or "a:/.///g", choice 1's);
        // kept rootless it is "//g", written "a://g": the host "g".
        let case = Request::Resolve {
            base: "a:b/c".into(),
            input: "../@/..///g".into(),
            strict: true,
        };
        let found = segments.run_one("segment-list", &case).expect("a target");
        assert_eq!(found.actual, Outcome::Resolved("a://g".into()));
        let named = segments.attributed(&found).expect("a departure names it");
        assert_eq!(named.id(), "rootless-path-kept-rootless-unguarded");
        assert!(departures::shows_an_authority_the_rfc_has_not(
            &named.case,
            &named.actual
        ));
        // "..//g" against "a:b/c" is smaller and named alike ("b/..//g" kept rootless is "/g",
        // where §5.2.4 leaves "//g"), but shows no authority: the shrink must not stop there.
        let smaller = Request::Resolve {
            base: "a:b/c".into(),
            input: "..//g".into(),
            strict: true,
        };
        let other = segments
            .run_one("segment-list", &smaller)
            .expect("a target");
        assert_eq!(other.actual, Outcome::Resolved("a:/g".into()));
        assert!(!departures::shows_an_authority_the_rfc_has_not(
            &other.case,
            &other.actual
        ));
        let shrunk = segments
            .shrink_attributed(&named, 2_000)
            .expect("still named");
        assert_eq!(shrunk.id(), "rootless-path-kept-rootless-unguarded");
        assert!(
            departures::shows_an_authority_the_rfc_has_not(&shrunk.case, &shrunk.actual),
            "{:?} gives {:?}",
            shrunk.case,
            shrunk.actual
        );
        assert!(shrunk.case.text_len() < case.text_len());
    }

    /// An acceptable reading applied without the guard that keeps it acceptable is named by
    /// that mechanism, not by the field where the target differs.
    #[test]
    fn a_reading_without_its_guard_is_named_so() {
        let resolve = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let named = |engine: &Engine, name: &str, case: Request| {
            let found = engine.run_one(name, &case).expect("another target");
            found
                .known
                .as_ref()
                .map(|k| k.id.clone())
                .or_else(|| engine.attributed(&found).map(|f| f.id().to_owned()))
        };
        // §5.2.3 merges "a:x/y" and "../z" into "x/../z", which §5.2.4 makes "/z"; kept
        // rootless, "z" (choice 2's reading).
        let segments = engine_of(SegmentList);
        assert_eq!(
            named(&segments, "segment-list", resolve("a:x/y", "../z")).as_deref(),
            Some("choice-2-rootless-path-kept-rootless")
        );
        // "b/..//d" leaves "//d" (the letter's "a://d"), which has no rootless form: "/d" is
        // another path.
        assert_eq!(
            named(&segments, "segment-list", resolve("a:b/c", "..//d")).as_deref(),
            Some("rootless-path-kept-rootless-unguarded")
        );
        // "@/..///" leaves "///" ("a:///"); kept rootless, "//", written "a://": an authority.
        assert_eq!(
            named(&segments, "segment-list", resolve("a:", "@/..///")).as_deref(),
            Some("rootless-path-kept-rootless-unguarded")
        );
        // §5.2.2: "T.path = Base.path" for the empty reference; choice 9 removes its
        // dot-segments, which is acceptable where the target means what the RFC's does.
        let base_dots = engine_of(Reads(
            "base-dot-segments",
            reference::ResolveOptions {
                base_dot_segments: true,
                ..reference::ResolveOptions::default()
            },
            reference::NormalizeOptions::default(),
        ));
        assert_eq!(
            named(&base_dots, "base-dot-segments", resolve("a:/b/./c", "")).as_deref(),
            Some("choice-9-base-dot-segments")
        );
        // "/.//" removed is "//", written without an authority: "a://" has one.
        assert_eq!(
            named(&base_dots, "base-dot-segments", resolve("a:/.//", "")).as_deref(),
            Some("base-dot-segments-unguarded")
        );
        // So has "a://:a", which no URI is (a port of "a"): an authority that appears all the
        // same.
        assert_eq!(
            named(&base_dots, "base-dot-segments", resolve("a:/.//:a", "")).as_deref(),
            Some("base-dot-segments-unguarded")
        );
    }

    /// Choice 3's reading leaves `//` of `/%2E//`; with choice 1's `/.` before it the target
    /// is the path's and no finding (the planted-fault bench's `planted-pct-dot`).
    #[test]
    fn a_reading_with_its_guard_is_no_bug() {
        let guarded = engine_of(Reads(
            "pct-dots-guarded",
            reference::ResolveOptions {
                percent_encoded_dots: true,
                slash_dot_prefix: true,
                ..reference::ResolveOptions::default()
            },
            reference::NormalizeOptions::default(),
        ));
        let case = Request::Resolve {
            base: "a:".into(),
            input: "/%2E//".into(),
            strict: true,
        };
        let found = guarded
            .run_one("pct-dots-guarded", &case)
            .expect("another target than the letter's");
        let known = found.known.as_ref().expect("known as the readings");
        assert_eq!(
            (known.id.as_str(), known.class),
            (
                "choice-1-slash-dot-prefix+choice-3-percent-encoded-dots",
                catalogue::Class::RfcChoice
            )
        );
    }

    /// A resolver that writes the percent-encodings of its target's path in uppercase, and
    /// the rest as the RFC does.
    struct PathUppercased;

    impl Implementation for PathUppercased {
        fn about(&self) -> About<'_> {
            About {
                name: "path-uppercased",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, input, strict) {
                Outcome::Resolved(target) => {
                    let end = target.find(['?', '#']).unwrap_or(target.len());
                    let (path, rest) = target.split_at(end);
                    let upper = departures::triplets_uppercased(path);
                    Outcome::Resolved(format!("{upper}{rest}"))
                }
                answer => answer,
            }
        }
    }

    /// A resolver that writes its target's host in uppercase, as no departure of the library
    /// does.
    struct HostChanged;

    impl Implementation for HostChanged {
        fn about(&self) -> About<'_> {
            About {
                name: "host-changed",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            match Reference.resolve(base, input, strict) {
                Outcome::Resolved(target) => {
                    let split = reference::split(&target);
                    match split.authority {
                        Some(authority) => Outcome::Resolved(target.replacen(
                            authority,
                            &authority.replace('a', "b"),
                            1,
                        )),
                        None => Outcome::Resolved(target),
                    }
                }
                answer => answer,
            }
        }
    }

    #[test]
    fn a_target_no_model_explains_is_signed_by_how_it_changed_not_by_its_branch() {
        // §5.2.2 copies the base's authority into the target of every reference without one
        // ("T.authority = Base.authority"): a resolver that changes it does so in every branch,
        // one symptom.
        let engine = engine_of(HostChanged);
        let signed = |input: &str| {
            let case = Request::Resolve {
                base: "a://[::a]/b".into(),
                input: input.into(),
                strict: true,
            };
            let found = engine.run_one("host-changed", &case).expect("another host");
            assert!(engine.by_mechanism(&found).is_none());
            found.id().to_owned()
        };
        assert_eq!(signed(""), "resolve-target-host-value");
        assert_eq!(signed("c"), "resolve-target-host-value");
        assert_eq!(signed("/c"), "resolve-target-host-value");
        assert_eq!(signed("?q"), "resolve-target-host-value");
    }

    /// A parser that refuses what the reference accepts where `refuses` says so.
    struct Refuses(&'static str, fn(&str) -> bool);

    impl Implementation for Refuses {
        fn about(&self) -> About<'_> {
            About {
                name: self.0,
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            if (self.1)(input) {
                return Outcome::invalid("refused".into());
            }
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            Reference.resolve(base, input, strict)
        }
    }

    #[test]
    fn a_refusal_is_named_by_the_rule_whose_controls_hold() {
        let named = |implementation: Refuses, input: &str| {
            let name = implementation.0;
            let engine = engine_of(implementation);
            let found = engine
                .run_one(name, &Request::parse(input))
                .expect("refused");
            assert_eq!(found.signature.kind, DifferenceKind::RejectsValid);
            engine.attributed(&found).map(|f| f.id().to_owned())
        };
        // RFC 5234 §2.3: "ABNF strings are case insensitive": `IPvFuture = "v" 1*HEXDIG ...`
        // takes "V". A parser that refuses only "V" is told from one that refuses every
        // IPvFuture literal by "[va.a]", which the first takes.
        assert_eq!(
            named(Refuses("v-only", |i| i.contains("[V")), "//[Va.a]").as_deref(),
            Some("ipvfuture-uppercase-v-refused")
        );
        assert_eq!(
            named(
                Refuses("no-future", |i| i.contains("[v") || i.contains("[V")),
                "//[Va.a]"
            )
            .as_deref(),
            Some("ipvfuture-refused")
        );
        // A parser that refuses an IPvFuture literal for what it holds (a ":") takes "[v1.a]":
        // no rule of the library refuses its literal, and it keeps its symptom; asked as a
        // relative reference too, where "[v1.a]" is asked without a scheme.
        assert_eq!(
            named(Refuses("future-colon", |i| i.contains("[v0.:")), "//[v0.:]"),
            None
        );
        let engine = engine_of(Refuses("future-colon", |i| i.contains("[v0.:")));
        let relative = Request::Parse {
            input: "//[v0.:]".into(),
            rule: Some(Rule::RelativeRef.into()),
            zone_id: false,
        };
        let found = engine.run_one("future-colon", &relative).expect("refused");
        assert_eq!(engine.attributed(&found), None);
        // A parser that takes only hosts it can resolve (an IP address or a name of letters,
        // digits, "-" and ".") refuses an IPvFuture literal, and "a!b" too: no rule about
        // IPvFuture literals is its cause.
        let resolvable = |i: &str| {
            let host = i.trim_start_matches("//");
            !(host.starts_with("[::")
                || host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'))
        };
        assert_eq!(named(Refuses("resolvable", resolvable), "//[v1.a]"), None);
        // A parser that refuses an empty userinfo before an IP literal for the file scheme
        // alone has no rule of the library: a reading that makes the case one the RFC refuses
        // ("[::]" read as a registered name) refuses nothing of its own.
        assert_eq!(
            named(
                Refuses("file-userinfo", |i| {
                    (i.starts_with("file://") && i.contains("@[")) || i == "a://@h/"
                }),
                "file://@[::]"
            ),
            None
        );
        // §3.2.3: `port = *DIGIT`. Six digits refused whatever their value is no range check:
        // "000001" is refused too.
        let six_digits = |i: &str| i.rsplit_once(':').is_some_and(|(_, p)| p.len() > 5);
        assert_eq!(
            named(Refuses("five-digits", six_digits), "//h:000000").as_deref(),
            Some("port-over-five-digits-refused")
        );
        let above = |i: &str| {
            i.rsplit_once(':')
                .is_some_and(|(_, p)| p.parse::<u64>().is_ok_and(|n| n > 65535))
        };
        assert_eq!(
            named(Refuses("sixteen-bits", above), "//h:100000").as_deref(),
            Some("port-out-of-range-refused")
        );
        // A parser that refuses every authority with a port has no rule the library holds:
        // each rule's control (a port in range) is refused too, and the finding keeps its
        // symptom.
        assert_eq!(
            named(Refuses("no-port", |i| i.contains(':')), "//h:100000"),
            None
        );
    }

    /// A resolver that lowercases its base's scheme (§5.2.1's optional normalization) and
    /// merges a relative path with "/" wherever the base path holds none; with `true`, it
    /// writes every percent-encoding of its target in uppercase too.
    struct SlashMerger(bool);

    impl Implementation for SlashMerger {
        fn about(&self) -> About<'_> {
            About {
                name: "slash-merger",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            let Some((scheme, rest)) = base.split_once(':') else {
                return Reference.resolve(base, input, strict);
            };
            let lowered = format!("{}:{rest}", scheme.to_ascii_lowercase());
            let relative_path = !input.is_empty()
                && !input.starts_with(['/', '?', '#'])
                && reference::split(input).scheme.is_none();
            let path_without_slash = !rest.starts_with("//") && !rest.contains('/');
            let answer = if relative_path && path_without_slash {
                let root = format!("{}:/", scheme.to_ascii_lowercase());
                Reference.resolve(&root, input, strict)
            } else {
                Reference.resolve(&lowered, input, strict)
            };
            match answer {
                Outcome::Resolved(target) if self.0 => {
                    Outcome::Resolved(departures::triplets_uppercased(&target))
                }
                answer => answer,
            }
        }
    }

    #[test]
    fn a_departure_is_found_beside_a_reading_the_rfc_allows() {
        // §5.2.1: "Normalization of the base URI ... is optional" (choice 16): "P:" read as
        // "p:". §5.2.3 then appends "a" to all but the last segment of the empty path: "p:a".
        // The resolver's "p:/a" is its merge's "/", found beside the reading it may make.
        let resolve = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let named = |engine: &Engine, case: Request| {
            let found = engine
                .run_one("slash-merger", &case)
                .expect("another target");
            assert!(found.known.is_none(), "{:?}", found.known);
            engine.attributed(&found).map(|f| f.id().to_owned())
        };
        let merger = engine_of(SlashMerger(false));
        assert_eq!(
            named(&merger, resolve("P:", "a")).as_deref(),
            Some("merge-slash-without-base-slash")
        );
        // A resolver that writes the target's triplets in uppercase writes the same target
        // (§2.1: "If two URIs differ only in the case of hexadecimal digits used in
        // percent-encoded octets, they are equivalent. For consistency, URI producers and
        // normalizers should use uppercase hexadecimal digits"): no finding.
        let uppercaser = engine_of(SlashMerger(true));
        assert!(
            uppercaser
                .run_one("slash-merger", &resolve("a:/", "%0a"))
                .is_none()
        );
        // A departure that changes nothing beside a reading is not named: choice 3 alone
        // gives "Z:///" for "/g/%2E%2E///%2e" against "Z:?" (the empty query of the base is
        // the target's business in no branch), whose meaning the known path judges.
        let dots = engine_of(Reads(
            "percent-encoded-dots",
            reference::ResolveOptions {
                percent_encoded_dots: true,
                ..reference::ResolveOptions::default()
            },
            reference::NormalizeOptions::default(),
        ));
        let case = resolve("Z:?", "/g/%2E%2E///%2e");
        let found = dots
            .run_one("percent-encoded-dots", &case)
            .expect("an authority that appears");
        let named = dots.attributed(&found).map(|f| f.id().to_owned());
        assert_eq!(named, None, "{found:?}");
        let path_only = engine_of(PathUppercased);
        assert!(
            path_only
                .run_one("path-uppercased", &resolve("a:/", "%0a"))
                .is_none()
        );
        // The merge alone names it: the triplets' case is the same target.
        let found = uppercaser
            .run_one("slash-merger", &resolve("P:", "%0a"))
            .expect("another target");
        let named = uppercaser.attributed(&found).expect("the merge");
        let ids = named.known.as_ref().map(|k| k.ids()).unwrap_or_default();
        // The base's scheme in lowercase needs no reading beside it either: RFC 3986 §3.1
        // makes it the same scheme.
        assert_eq!(ids, ["merge-slash-without-base-slash".to_owned()]);
        // A case of the same mechanism is its whatever reading it needs.
        assert!(uppercaser.reproduces(&found, &ids));
    }

    /// An implementation that parses as the reference does, and answers the rest as another.
    struct AndParses<T>(T);

    impl<T: Implementation> Implementation for AndParses<T> {
        fn about(&self) -> About<'_> {
            self.0.about()
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, input: &str, strict: bool) -> Outcome {
            self.0.resolve(base, input, strict)
        }
    }

    #[test]
    fn a_resolutions_broken_property_is_filed_with_the_answers_difference() {
        let engine = engine_of(AndParses(Reads(
            "base-dot-segments",
            reference::ResolveOptions {
                base_dot_segments: true,
                ..reference::ResolveOptions::default()
            },
            reference::NormalizeOptions::default(),
        )));
        // "a://:a" (choice 9's "//:a" written as it is) is no URI: its own parser refuses it.
        let case = Request::Resolve {
            base: "a:/.//:a".into(),
            input: String::new(),
            strict: true,
        };
        let found = engine.run_one_checked("base-dot-segments", &case);
        let property = found
            .iter()
            .find(|f| f.signature.kind == DifferenceKind::TargetNotAbsolute)
            .expect("its parser refuses \"a://:a\"");
        let cause = engine.cause(property).expect("the same target differs");
        assert_eq!(cause.signature.kind, DifferenceKind::Target);
        assert_eq!(
            engine
                .attributed(&cause)
                .map(|f| f.id().to_owned())
                .as_deref(),
            Some("base-dot-segments-unguarded")
        );
    }

    /// A parser that refuses `a:` (RFC 2396's `opaque_part = uric_no_slash *uric` wants a
    /// character) and a resolver that refuses every resolution against it.
    struct RefusesAnEmptyOpaquePart;

    impl Implementation for RefusesAnEmptyOpaquePart {
        fn about(&self) -> About<'_> {
            About {
                name: "refuses-an-empty-opaque-part",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            if input == "a:" {
                return Outcome::invalid("expected scheme-specific part".into());
            }
            Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            if base == "a:" {
                return Outcome::invalid_base("expected scheme-specific part".into());
            }
            Reference.resolve(base, reference, strict)
        }
    }

    /// Choice 1's error is for a target whose path starts with "//" and has no authority
    /// (RFC 3986 §5.2.2 gives `a:` + `/.//` the path "//"): a resolver that refuses the base
    /// `a:` it cannot parse refused it before any target, which is no choice of the RFC's.
    #[test]
    fn a_refusal_of_a_base_the_parser_refuses_is_no_documented_choice() {
        let engine = engine_of(RefusesAnEmptyOpaquePart);
        let case = Request::Resolve {
            base: "a:".into(),
            input: "/.//".into(),
            strict: true,
        };
        let found = engine
            .run_one("refuses-an-empty-opaque-part", &case)
            .expect("the RFC's target is a://");
        assert_eq!(found.known, None);
        assert_eq!(found.difference.kind, DifferenceKind::RejectsValid);
        // A base the parser takes: the refusal of the "//" path is choice 1's.
        let case = Request::Resolve {
            base: "a:/".into(),
            input: ".//".into(),
            strict: true,
        };
        let refuses = Writes("refuses-a-double-slash-path", |_| {
            Outcome::invalid("a path without authority starts with //".into())
        });
        let found = engine_of(refuses)
            .run_one("refuses-a-double-slash-path", &case)
            .expect("the RFC's target is a://");
        assert_eq!(
            found.known.map(|k| k.id.clone()).as_deref(),
            Some("choice-1-refuse-double-slash")
        );
    }

    /// A documented choice's acceptable alternatives (vectors/README.md) are readings RFC 3986
    /// allows: known for every implementation, not only for those the catalogue names.
    #[test]
    fn a_documented_choices_alternatives_hold_for_every_implementation() {
        let known = |implementation: Box<dyn Implementation>, case: Request| {
            let name = implementation.about().name.to_owned();
            Engine::in_thread(vec![Arc::from(implementation)], Catalogue::bundled())
                .run_one(&name, &case)
                .expect("another answer than the reference's")
                .known
                .map(|k| k.id.clone())
        };
        // Choice 1: §5.2.2 gives `f:/a` + `.//g` the path "//g" and no authority; "/."
        // before it, or an error, keeps it a path.
        let double_slash = Request::Resolve {
            base: "f:/a".into(),
            input: ".//g".into(),
            strict: true,
        };
        let slash_dot = Writes("writes-slash-dot", |t| {
            Outcome::Resolved(t.replacen("//", "/.//", 1))
        });
        assert_eq!(
            known(Box::new(slash_dot), double_slash.clone()).as_deref(),
            Some("choice-1-slash-dot-prefix")
        );
        let refuses = Writes("refuses-a-double-slash-path", |_| {
            Outcome::invalid("a path without authority starts with //".into())
        });
        assert_eq!(
            known(Box::new(refuses), double_slash).as_deref(),
            Some("choice-1-refuse-double-slash")
        );
        // §5.2.1: "Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3,
        // is optional": `http://a/b/c/..` normalized is `http://a/b/`, and `g` against it is
        // `http://a/b/g` (the letter merges with "/b/c/" instead).
        let normalizes_its_base = Reads(
            "normalizes-its-base",
            reference::ResolveOptions {
                base_normalized: true,
                ..reference::ResolveOptions::default()
            },
            reference::NormalizeOptions::default(),
        );
        assert_eq!(
            known(
                Box::new(normalizes_its_base),
                Request::Resolve {
                    base: "http://a/b/c/..".into(),
                    input: "g".into(),
                    strict: true,
                }
            )
            .as_deref(),
            Some("choice-16-base-normalized")
        );
        // Choice 13, §6.2.3: "In general, a URI that uses the generic syntax for authority
        // with an empty path should be normalized to a path of "/"": `a://0` left as it is
        // for a scheme the implementation does not know.
        let keeps_empty_paths = Reads(
            "keeps-empty-paths",
            reference::ResolveOptions::default(),
            reference::NormalizeOptions {
                empty_path_slash_for_every_scheme: false,
                ..reference::NormalizeOptions::default()
            },
        );
        assert_eq!(
            known(
                Box::new(keeps_empty_paths),
                Request::Normalize {
                    input: "a://0".into(),
                    level: Some(Level::Scheme),
                }
            )
            .as_deref(),
            Some("choice-13-empty-path-kept-unknown-scheme")
        );
    }

    /// Normalizes the path alone, as a library documents it: dot-segments removed, every
    /// other component written as it came.
    struct NormalizesThePath;

    impl Implementation for NormalizesThePath {
        fn about(&self) -> About<'_> {
            About {
                name: "normalizes-the-path",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn normalize(&self, input: &str, _: Level) -> Outcome {
            match reference::normalize(input, Level::Path) {
                Ok(n) => Outcome::Normalized(n),
                Err(e) => Outcome::invalid(e.to_string()),
            }
        }

        fn normalization_level(&self) -> Option<Level> {
            Some(Level::Path)
        }
    }

    /// A normalization documented as the path's is asked and judged at that level: RFC 3986
    /// §6.2.2.3 removes `HTTP://A/b/../%63`'s dot-segments, and §6.2.2.1 and §6.2.2.2 (case,
    /// percent-encoding) are not what it claims.
    #[test]
    fn a_normalization_is_judged_at_the_level_it_implements() {
        let engine = engine_of(NormalizesThePath);
        let case = |level: &str| Request::Normalize {
            input: "HTTP://A/b/../%63".into(),
            level: Some(Level::from_name(level).expect("a level")),
        };
        for level in ["syntax", "scheme"] {
            assert_eq!(engine.run_one("normalizes-the-path", &case(level)), None);
            let run = engine.run(&case(level));
            assert!(run.findings.is_empty(), "{:?}", run.findings);
            assert_eq!(run.answers[0].1, Outcome::Normalized("HTTP://A/%63".into()));
            let all = engine.run_all(&[case(level)]);
            assert!(all[0].findings.is_empty(), "{:?}", all[0].findings);
        }
        // A dot-segment left is still its own difference, at its level.
        let left = Request::Normalize {
            input: "a:/b/./c".into(),
            level: None,
        };
        struct KeepsDots;
        impl Implementation for KeepsDots {
            fn about(&self) -> About<'_> {
                About {
                    name: "keeps-dots",
                    version: "test",
                    spec: "none",
                    docs: "",
                }
            }
            fn normalize(&self, input: &str, _: Level) -> Outcome {
                Outcome::Normalized(input.to_owned())
            }
            fn normalization_level(&self) -> Option<Level> {
                Some(Level::Path)
            }
        }
        let found = engine_of(KeepsDots)
            .run_one("keeps-dots", &left)
            .expect("a:/b/./c keeps a dot-segment");
        assert_eq!(found.difference.fields, [Field::Path]);
        assert_eq!(
            found.case,
            Request::Normalize {
                input: "a:/b/./c".into(),
                level: Some(Level::Path),
            }
        );
        // That path-level case, replayed on a library whose one normalization does more (the
        // case of a hexadecimal digit, here), is not compared: it has no path level.
        struct NormalizesMore;
        impl Implementation for NormalizesMore {
            fn about(&self) -> About<'_> {
                About {
                    name: "normalizes-more",
                    version: "test",
                    spec: "none",
                    docs: "",
                }
            }
            fn normalize(&self, input: &str, _: Level) -> Outcome {
                Outcome::Normalized(input.replace("%0a", "%0A"))
            }
        }
        let more = engine_of(NormalizesMore);
        let at = |level: &str| Request::Normalize {
            input: "#%0a".into(),
            level: Some(Level::from_name(level).expect("a level")),
        };
        assert_eq!(more.run_one("normalizes-more", &at("path")), None);
        assert!(more.run(&at("path")).findings.is_empty());
        // At a level it has, the same answer is judged.
        assert_eq!(more.run_one("normalizes-more", &at("syntax")), None);
        let wrong = Request::Normalize {
            input: "a:/b/./c".into(),
            level: Some(Level::Syntax),
        };
        assert!(more.run_one("normalizes-more", &wrong).is_some());
    }

    #[test]
    fn a_hang_in_a_batch_times_out_alone() {
        // A hang is forever: the limit only has to be long enough for every other answer to
        // come on a busy machine.
        let engine = Engine::new(
            vec![Arc::new(Stubborn)],
            Duration::from_secs(2),
            Catalogue::bundled(),
        );
        // One hang: a crate that hangs again while its first hang still runs is benched
        // (`run::STUCK_PER_CRATE`).
        let cases = [
            Request::parse("a"),
            Request::parse("hang"),
            Request::parse("panic"),
            Request::parse("b"),
        ];
        let runs = engine.run_all(&cases);
        let kinds: Vec<Vec<DifferenceKind>> = runs
            .iter()
            .map(|r| r.findings.iter().map(|f| f.difference.kind).collect())
            .collect();
        assert_eq!(
            kinds,
            [
                vec![],
                vec![DifferenceKind::Timeout],
                vec![DifferenceKind::Panic],
                vec![],
            ]
        );
        assert_eq!(runs[1].answers[0].1, Outcome::TimedOut);
        // The engine goes on with a fresh executor.
        assert!(engine.run(&Request::parse("c")).findings.is_empty());
    }

    // The generated cases come from the fuzz feature's generator.
    #[cfg(feature = "fuzz")]
    #[test]
    fn in_thread_and_pooled_engines_find_the_same() {
        let all = || -> Vec<Arc<dyn Implementation>> {
            crate::impls::bundled().into_iter().map(Arc::from).collect()
        };
        let pooled = Engine::new(all(), Duration::from_secs(10), Catalogue::bundled());
        let direct = Engine::in_thread(all(), Catalogue::bundled());
        let mut rng = crate::fuzz::Rng(3);
        let ops = [
            crate::generate::Op::Parse,
            crate::generate::Op::Resolve,
            crate::generate::Op::Normalize,
        ];
        let cases: Vec<Request> = std::iter::repeat_with(|| {
            let len = 16 + rng.below(200);
            crate::generate::case_from_bytes(&rng.bytes(len), &ops)
        })
        .flatten()
        .take(300)
        .collect();
        let summary = |runs: Vec<CaseRun>| -> Vec<Vec<(String, Option<String>)>> {
            runs.into_iter()
                .map(|r| {
                    r.findings
                        .into_iter()
                        .map(|f| (f.signature.to_string(), f.known.map(|k| k.id.clone())))
                        .collect()
                })
                .collect()
        };
        let by_batch = summary(pooled.run_all(&cases));
        let one_by_one = summary(cases.iter().map(|c| direct.run(c)).collect());
        assert_eq!(by_batch, one_by_one);
        assert!(by_batch.iter().any(|f| !f.is_empty()), "some case differs");
    }
}

#[cfg(all(test, feature = "http"))]
mod mechanism_tests {
    use super::*;
    use crate::impls::http_adapter::Http;

    fn http_finding(input: &str) -> Finding {
        let engine = Engine::in_thread(vec![Arc::new(Http)], Catalogue::bundled());
        engine
            .run_one("http", &Request::parse(input))
            .unwrap_or_else(|| panic!("http agrees on {input:?}"))
    }

    /// Another entry point that reads the case as RFC 3986 does, where the crate's own answer
    /// is a confirmed bug, disagrees with that answer by the bug alone: one report, the bug's.
    /// An entry point that departs on its own keeps its symptom's name.
    #[cfg(feature = "sophia_iri")]
    #[test]
    fn a_conversion_that_reads_as_the_rfc_does_is_the_bug_of_the_crates_answer() {
        let sophia: Box<dyn Implementation> = Box::new(crate::impls::sophia_iri_adapter::SophiaIri);
        let engine = Engine::in_thread(vec![Arc::from(sophia)], Catalogue::bundled());
        // uri::Uri::new refuses "a://[a::]" (its regular expression's IPv6 rule), BaseIri::new
        // reads it as RFC 3986 does; so does BaseIri::resolve(&str) with it as the base.
        let parse = Request::Parse {
            input: "a://[a::]".into(),
            rule: Some(reference::Rule::Uri.into()),
            zone_id: false,
        };
        let resolve = Request::Resolve {
            base: "a://[a::]".into(),
            input: "".into(),
            strict: true,
        };
        for case in [parse, resolve] {
            let findings = engine.run_one_checked("sophia_iri", &case);
            for finding in &findings {
                match finding.difference.kind {
                    // Without debug assertions, BaseIri::resolve(&str) answers "a://[a::]";
                    // with them, the crate's `new_unchecked` checks that target with the same
                    // expression and panics: a crash, a report of its own.
                    DifferenceKind::Panic => {
                        assert!(finding.id().contains("-panic-"), "{finding:?}")
                    }
                    _ => assert_eq!(finding.id(), "sophia-ipv6-regex-extra-colon", "{finding:?}"),
                }
            }
            if matches!(case, Request::Parse { .. }) {
                assert!(
                    findings
                        .iter()
                        .any(|f| f.difference.kind == DifferenceKind::ConversionsDisagree),
                    "{findings:?}"
                );
            }
        }
        // Iri::resolve departs from RFC 3987 on "😀" against "a:./" where the crate's URI
        // resolution rightly refuses the IRI: its "a:./😀" is what the crate's model answers on
        // the IRI's URI ("%F0%9F%98%80" against "a:./" gives "a:./%F0%9F%98%80"), the bug
        // sophia-base-dot-segments-kept-in-merge seen through the IRI entry point.
        let iri = Request::Resolve {
            base: "a:./".into(),
            input: "\u{1F600}".into(),
            strict: true,
        };
        let findings = engine.run_one_checked("sophia_iri", &iri);
        assert!(
            findings
                .iter()
                .any(|f| f.id() == "sophia-base-dot-segments-kept-in-merge"),
            "{findings:?}"
        );
        assert!(
            !findings
                .iter()
                .any(|f| f.id().starts_with("resolve-conversions-disagree")),
            "{findings:?}"
        );
        // Its "a:/.//" for "a:/.//" against "a:\u{200D}", where §6.5 gives "a://", is the "/."
        // the crate documents before a path "//" (choice 1), seen through the same door.
        let choice = Request::Resolve {
            base: "a:\u{200D}".into(),
            input: "a:/.//".into(),
            strict: true,
        };
        let findings = engine.run_one_checked("sophia_iri", &choice);
        assert!(
            !findings
                .iter()
                .any(|f| f.id().starts_with("resolve-conversions-disagree")),
            "{findings:?}"
        );
        // A refusal through either door is the entry that covers refusing it: Iri::resolve
        // refuses the base "a://[a::0.0.0.0]" with the same regular expression, and
        // BaseIri::resolve(&str) refuses the reference "a://[0::]/." that the crate's own
        // resolve (oxiri's reader) takes: sophia-ipv6-regex-extra-colon both times.
        for (base, input) in [("a://[a::0.0.0.0]", "\u{8C48}"), ("d:", "a://[0::]/.")] {
            let refused = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            let findings = engine.run_one_checked("sophia_iri", &refused);
            assert!(
                !findings
                    .iter()
                    .any(|f| f.id().starts_with("resolve-conversions-disagree")),
                "{findings:?}"
            );
            assert!(
                findings
                    .iter()
                    .any(|f| f.id() == "sophia-ipv6-regex-extra-colon"),
                "{findings:?}"
            );
        }
        // Near-miss: an IRI the IRI entry point resolves as RFC 3987 does ("😀" against
        // "a:/b/" is "a:/b/😀") makes no finding of it.
        let right = Request::Resolve {
            base: "a:/b/".into(),
            input: "\u{1F600}".into(),
            strict: true,
        };
        let findings = engine.run_one_checked("sophia_iri", &right);
        assert!(
            !findings
                .iter()
                .any(|f| f.difference.kind == DifferenceKind::ConversionsDisagree),
            "{findings:?}"
        );
    }

    #[test]
    fn one_bug_entry_is_one_signature_alone_or_with_another() {
        // http 1.5.0 takes brackets outside an IP literal: alone, and with a port above 65535
        // that it hides (http-port-not-validated), two entries that reproduce the answer
        // only together.
        let alone = http_finding("a://.[]");
        let with_port = http_finding("a://[@]:90000");
        let with = with_port.known.as_ref().expect("confirmed");
        assert_eq!(
            with.id,
            "http-brackets-only-counted+http-port-not-validated"
        );
        assert_eq!(
            with.seen_with().collect::<Vec<_>>(),
            ["http-port-not-validated"]
        );
        assert_eq!(alone.id(), "http-brackets-only-counted");
        assert_eq!(with_port.id(), alone.id());
        // The port alone is its own entry, whatever kind of difference it shows as.
        let port = http_finding("a://:65536");
        assert_eq!(port.id(), "http-port-not-validated");
        // Each entry is one mechanism with two faces, one report for both: brackets only
        // counted (an IP literal's content, a bracket outside one) and a port never validated
        // (no number, a number a u16 does not hold).
        assert_eq!(http_finding("a://[]").id(), "http-brackets-only-counted");
        assert_eq!(http_finding("a://:a").id(), "http-port-not-validated");
        assert_ne!(port.signature.kind, alone.signature.kind);
        // Without the entry, the same difference is signed by its symptom.
        let candidate = Signature {
            known: None,
            ..alone.signature.clone()
        };
        assert!(
            candidate.id().starts_with("parse-accepts-invalid"),
            "{candidate}"
        );
    }
}
