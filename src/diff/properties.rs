//! Properties an implementation must have on its own terms, checked on every case the harness
//! runs, with no reference involved: they judge a WHATWG crate as sharply as an RFC 3986 one.
//!
//! | kind | property | cases |
//! |---|---|---|
//! | `round-trip` | `parse(serialize(x))` has the components of `parse(x)`; a crate that promises to keep the text ([`crate::impls::Promises::keeps_text`]) gives `serialize(x) == x` | parse |
//! | `not-idempotent` | `serialize(serialize(x)) == serialize(x)` (for url and ada-url, the URL Standard's own: the href parsed again gives the same href); `normalize(normalize(x)) == normalize(x)`; a resolution target serializes to itself | parse, normalize, resolve |
//! | `meaning-changed` | `normalize(x)` parses, with an authority where `x` has one, and the same scheme, userinfo, host and port up to case, percent-encoding, an IPv6 address's spelling and a default port | normalize |
//! | `target-not-absolute` | a resolution target parses as a `URI` with the crate's own parser | resolve |
//! | `resolution-law` | with §5.2.2's strict algorithm ([`crate::impls::Promises::strict_resolution`]), a reference with a scheme resolves to itself with its dot-segments removed, whatever the base; and every crate resolves `""` against a base with no dot-segments to that base without its fragment | resolve, parse |
//! | `conversions-disagree` | every [`Reach::Conversion`] entry point agrees with the crate's own `parse`; every [`Reach::Resolution`] entry point with its own `resolve` (a [`Reach::IriResolution`] one on ASCII input, and RFC 3987 §6.5's target elsewhere); on ASCII input, where an IRI is a URI, the crate's IRI types ([`Implementation::parse_iri`]) with its URI types; every accessor ([`Reach::Accessors`]) reads what `parse` reports; a [`Reach::Part`] sub-parser that keeps to its part's rule reads a piece as the crate's whole parser reads it in place | parse, resolve |
//! | `part-rule` | every [`Reach::Part`] sub-parser, on the input and on the piece of it where its part stands, reads it by its part's own rule (RFC 3986 `authority`, `host`, RFC 9112 `origin-form`), or as the crate's whole parser reads the piece in place | parse |
//! | `not-idempotent` (setters) | every [`Reach::Setters`] entry point: a setter given the URL's own value changes nothing (`<setter>-own-value`), and after any setter the href parses back to itself (`<setter>`) | parse, resolve (the reference's values set on the base) |
//! | `panic` | none of the calls above panics | all |
//!
//! Each failure carries the chain of strings that shows it (the input, the first output, the
//! second), for the report.

use std::net::Ipv6Addr;

use super::compare::{self, Difference, DifferenceKind};
use super::run::catching;
use crate::impls::{BlindSpot, Blindness, Implementation, Part, Reach, SetterCall, View};
use crate::model::{Components, Field, Outcome};
use crate::protocol::Request;
use crate::reference::{self, Grammar, HostKind, Level, ParseOptions, Rule};

/// The detail of the resolution law on `""` (the input of a parse, resolved against, gives
/// itself without its fragment), by which the engine finds the resolution it rests on.
pub(crate) const EMPTY_REFERENCE: &str = "empty-reference";

/// A property an implementation broke on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyFailure {
    /// Which property: one of the property kinds of [`DifferenceKind`], or
    /// [`DifferenceKind::Panic`] for a call of a property check that panicked.
    pub kind: DifferenceKind,
    /// The field that differs, if one does.
    pub fields: Vec<Field>,
    /// What narrows the kind down, for the signature: `text-changed`, `serialize`,
    /// `normalize`, `empty-reference`, the entry point, a panic's location.
    pub detail: String,
    /// The strings that show it, in order, each labelled with the call that made it:
    /// `input "x"`, `serialize "y"`, `parse error: ...`.
    pub chain: Vec<String>,
    /// For a `conversions-disagree` of an entry point that answers the case itself (a
    /// conversion, another resolution): that entry point's answer.
    pub other: Option<Outcome>,
    /// The crate's calls that show it, for a model to reproduce (`super::chains`): for the
    /// serializer, setter and normalization properties; `None` for the others.
    pub trace: Option<Trace>,
}

/// The calls of the crate a property failure rests on, each with what the crate answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trace {
    /// A parse case's input, the crate's serialization of it (`first`), and the crate's
    /// serialization of `first` (`second`) or the error parsing `first` gave.
    Serialized {
        /// The case's input.
        input: String,
        /// Its serialization.
        first: String,
        /// The serialization of `first`, or the error its parse gave.
        second: Result<String, String>,
    },
    /// A parse case's answer and another entry point's answer to the same string.
    Conversion {
        /// The case's input.
        input: String,
        /// The rule it was parsed by.
        rule: Rule,
        /// The entry point (`Reach::Conversion`), by name.
        entry: &'static str,
        /// The crate's parse.
        parsed: Box<Outcome>,
        /// The entry point's answer.
        conversion: Box<Outcome>,
    },
    /// A resolve case's target and the crate's serialization of its parse of it (`again`).
    Resolved {
        /// The base.
        base: String,
        /// The reference.
        input: String,
        /// The crate's target.
        target: String,
        /// The serialization of the crate's parse of `target`.
        again: String,
    },
    /// A setter called on the URL the crate parses from `input`, with `donor`'s value (a
    /// resolve case's reference) or the URL's own.
    Setter {
        /// The URL the setter was called on, as given.
        input: String,
        /// The URL whose value was set, when not the URL's own.
        donor: Option<String>,
        /// The call and what came of it.
        call: SetterCall,
    },
    /// A normalization case's input, the crate's normalization of it (`once`), and what the
    /// crate made of `once`: its normalization (`twice`), its parse as a URI reference
    /// (`parsed`), and the parse of the input (`input_parsed`), where the property asked them.
    Normalized {
        /// The case's input.
        input: String,
        /// The level it was normalized at.
        level: Level,
        /// Its normalization.
        once: String,
        /// The normalization of `once`.
        twice: Option<Box<Outcome>>,
        /// The parse of `once` by the `URI-reference` rule.
        parsed: Option<Box<Outcome>>,
        /// The parse of the input by the `URI-reference` rule.
        input_parsed: Option<Box<Outcome>>,
    },
}

impl PropertyFailure {
    /// The failure as a difference, for signatures, the catalogue and reports. A changed
    /// scheme, userinfo, host or port decides where a request goes.
    pub fn difference(&self) -> Difference {
        let routing = self.fields.iter().any(|f| {
            matches!(
                f,
                Field::Scheme | Field::Userinfo | Field::Host | Field::Port | Field::HostKind
            )
        });
        Difference {
            kind: self.kind,
            fields: self.fields.clone(),
            detail: self.detail.clone(),
            security: routing
                && matches!(
                    self.kind,
                    DifferenceKind::MeaningChanged
                        | DifferenceKind::RoundTrip
                        | DifferenceKind::ConversionsDisagree
                ),
        }
    }
}

/// Checks every property that applies to `case`, given the implementation's `answer` to it.
pub fn check(
    implementation: &dyn Implementation,
    case: &Request,
    answer: &Outcome,
) -> Vec<PropertyFailure> {
    let mut checker = Checker::new(implementation, false);
    checker.case(case, answer);
    checker.failures
}

/// The entry points (by name) that checking `case` called, the operation answering it
/// included: for the test that every listed entry point is reached.
pub fn reached(
    implementation: &dyn Implementation,
    case: &Request,
    answer: &Outcome,
) -> Vec<&'static str> {
    let mut checker = Checker::new(implementation, true);
    if *answer != Outcome::Unsupported {
        checker.operations.push(op_name(case));
    }
    checker.case(case, answer);
    let mut names = checker.reached;
    for entry in implementation.entry_points() {
        if let Reach::Operation(op) = entry.reach {
            if checker.operations.contains(&op) {
                names.push(entry.name);
            }
        }
    }
    names.sort_unstable();
    names.dedup();
    names
}

fn op_name(case: &Request) -> &'static str {
    super::signature::op_name(case)
}

/// The checks on one case. A crate's calls are taken as functions of their arguments: a call
/// whose answer is already known (the case's own answer, a serialization equal to its input)
/// is not made again.
struct Checker<'a> {
    implementation: &'a dyn Implementation,
    failures: Vec<PropertyFailure>,
    /// Whether the entry points and operations reached are noted (for [`reached`] only).
    tracking: bool,
    reached: Vec<&'static str>,
    operations: Vec<&'static str>,
}

impl<'a> Checker<'a> {
    fn new(implementation: &'a dyn Implementation, tracking: bool) -> Self {
        Checker {
            implementation,
            failures: Vec::new(),
            tracking,
            reached: Vec::new(),
            operations: Vec::new(),
        }
    }

    /// Notes that the operation `name` answered (when tracking).
    fn operation(&mut self, name: &'static str) {
        if self.tracking {
            self.operations.push(name);
        }
    }

    /// Notes that the entry point `name` was called (when tracking).
    fn entry(&mut self, name: &'static str) {
        if self.tracking {
            self.reached.push(name);
        }
    }

    fn fail(&mut self, kind: DifferenceKind, field: Option<Field>, detail: &str, chain: &[String]) {
        self.failures.push(PropertyFailure {
            kind,
            fields: field.into_iter().collect(),
            detail: detail.to_owned(),
            chain: chain.to_vec(),
            other: None,
            trace: None,
        });
    }

    /// Fails `conversions-disagree` for an entry point whose own answer to the case is `other`.
    fn disagree(&mut self, field: Option<Field>, detail: &str, chain: &[String], other: &Outcome) {
        self.fail(DifferenceKind::ConversionsDisagree, field, detail, chain);
        if let Some(failure) = self.failures.last_mut() {
            failure.other = Some(other.clone());
        }
    }

    /// Runs `f`, a call into the implementation labelled `step` on `input`; a panic becomes a
    /// failure and `None`.
    fn call<T>(&mut self, step_name: &str, input: &str, f: impl FnOnce() -> T) -> Option<T> {
        self.call_on(step_name, || input.to_owned(), f)
    }

    /// [`Checker::call`] with the input's label made only when the call panics.
    fn call_on<T>(
        &mut self,
        step_name: &str,
        input: impl FnOnce() -> String,
        f: impl FnOnce() -> T,
    ) -> Option<T> {
        match catching(f) {
            Ok(value) => Some(value),
            Err(message) => {
                self.failures.push(PropertyFailure {
                    kind: DifferenceKind::Panic,
                    fields: vec![],
                    detail: compare::panic_location(&message),
                    chain: vec![step(step_name, &input()), format!("panicked: {message}")],
                    other: None,
                    trace: None,
                });
                None
            }
        }
    }

    fn parse(&mut self, text: &str, rule: Rule) -> Option<Outcome> {
        let implementation = self.implementation;
        let outcome = self.call("parse", text, || {
            implementation.parse(text, rule, ParseOptions::default())
        })?;
        if outcome != Outcome::Unsupported {
            self.operation("parse");
        }
        Some(outcome)
    }

    fn serialize(&mut self, text: &str) -> Option<Result<String, String>> {
        let implementation = self.implementation;
        let serialized = self.call("serialize", text, || implementation.serialize(text))??;
        self.operation("serialize");
        Some(serialized)
    }

    fn resolve(&mut self, base: &str, reference: &str) -> Option<Outcome> {
        let implementation = self.implementation;
        let outcome = self.call_on(
            "resolve",
            || format!("{base} + {reference}"),
            || implementation.resolve(base, reference, true),
        )?;
        if outcome != Outcome::Unsupported {
            self.operation("resolve");
        }
        Some(outcome)
    }

    fn normalize(&mut self, text: &str, level: Level) -> Option<Outcome> {
        let implementation = self.implementation;
        let outcome = self.call("normalize", text, || implementation.normalize(text, level))?;
        if outcome != Outcome::Unsupported {
            self.operation("normalize");
        }
        Some(outcome)
    }

    fn case(&mut self, case: &Request, answer: &Outcome) {
        match case {
            Request::Parse { input, zone_id, .. } => {
                if case.is_iri_parse() {
                    if case.checked_grammar_rule() == Ok((Grammar::Iri, Rule::UriReference)) {
                        self.iri_to_uri(input, answer);
                    }
                    return;
                }
                let Ok(rule) = case.checked_rule() else {
                    return;
                };
                if *zone_id {
                    return;
                }
                self.conversions(input, rule, answer);
                self.iri_types(input, rule, answer);
                if rule == Rule::UriReference {
                    self.parts(input, answer);
                }
                if let Outcome::Parsed {
                    components,
                    host_kind,
                } = answer
                {
                    self.accessors(input, rule, components, *host_kind);
                    if matches!(rule, Rule::UriReference | Rule::Uri) {
                        let serialized = self.serialize(input);
                        if let Some(Ok(first)) = &serialized {
                            self.round_trip(input, rule, components, *host_kind, first);
                        }
                        self.empty_reference(input, components, serialized);
                        self.setters(input, None);
                    }
                }
            }
            Request::Resolve {
                base,
                input,
                strict,
            } => {
                // The laws of a resolution hold for a base the crate itself accepts as a URI:
                // a crate that resolves against what it would not parse (Java's `""` against
                // `""`) is outside them.
                if let Outcome::Resolved(target) = answer
                    && matches!(self.parse(base, Rule::Uri), Some(Outcome::Parsed { .. }))
                {
                    self.target(base, input, *strict, target);
                }
                if *strict {
                    self.resolutions(base, input, answer);
                }
                self.setters(base, Some(input));
            }
            Request::Normalize { input, .. } => {
                let Ok(level) = case.checked_level() else {
                    return;
                };
                if let Outcome::Normalized(once) = answer {
                    self.normalized(input, level, once);
                }
            }
        }
    }

    /// Round trip and idempotence of the crate's serializer, which wrote `first` for `input`.
    fn round_trip(
        &mut self,
        input: &str,
        rule: Rule,
        components: &Components,
        host_kind: Option<HostKind>,
        first: &str,
    ) {
        // Written back unchanged: parsing it again is the case's own parse, and serializing
        // it again the serialization just made.
        if first == input {
            return;
        }
        // The chain is written only for a failure.
        let chain = || vec![step("input", input), step("serialize", first)];
        if self.implementation.promises().keeps_text {
            self.fail(DifferenceKind::RoundTrip, None, "text-changed", &chain());
        }
        // The round trip's failure, if any, gets the calls it rests on once the second
        // serialization is made (after it, as the calls have always been made).
        let mut round_trip_failure = None;
        let again = self.parse(first, rule);
        match &again {
            Some(Outcome::Parsed {
                components: again,
                host_kind: again_kind,
            }) => {
                // Up to the case of the scheme and the host, which §3.1 and §3.2.2 make
                // case-insensitive (§6.2.2.1 lets a serializer write them in lowercase).
                let folded = |c: &Components| Components {
                    scheme: c.scheme.as_deref().map(str::to_ascii_lowercase),
                    host: c.host.as_deref().map(str::to_ascii_lowercase),
                    ..c.clone()
                };
                if let Some(field) =
                    first_difference(&folded(components), host_kind, &folded(again), *again_kind)
                {
                    let mut chain = chain();
                    chain.push(format!("parse {}", again.describe()));
                    self.fail(DifferenceKind::RoundTrip, Some(field), "components", &chain);
                    round_trip_failure = Some(self.failures.len() - 1);
                }
            }
            Some(Outcome::Invalid(error)) => {
                let mut chain = chain();
                chain.push(format!("parse error: {error}"));
                self.fail(DifferenceKind::RoundTrip, None, "reparse-fails", &chain);
                round_trip_failure = Some(self.failures.len() - 1);
            }
            _ => {}
        }
        let second = self.serialize(first);
        // What the crate made of `first`: its serialization, or the error its parse gave.
        let made_of_first = match &again {
            Some(Outcome::Invalid(error)) => Some(Err(error.to_string())),
            _ => second.clone(),
        };
        let trace = made_of_first.map(|second| Trace::Serialized {
            input: input.to_owned(),
            first: first.to_owned(),
            second,
        });
        if let Some(index) = round_trip_failure {
            self.failures[index].trace.clone_from(&trace);
        }
        if let Some(Ok(second)) = &second {
            if second != first {
                let mut chain = chain();
                chain.push(step("serialize", second));
                self.fail(DifferenceKind::NotIdempotent, None, "serialize", &chain);
                self.failures.last_mut().expect("just failed").trace = trace;
            }
        }
    }

    /// `""` resolved against a URI with no dot-segments gives that URI without its fragment
    /// (§5.2.2: `T.path = Base.path`, `T.query = Base.query`, `T.fragment = R.fragment`), as the
    /// crate serializes it (`serialized`, the crate's serialization of `input`). A base is
    /// without dot-segments when neither the crate's parse of it nor its text as the RFC
    /// reads it has one: a parse that removes them already (GLib's `g_uri_parse`) reports a
    /// path the base string does not have, and a resolver may remove a base's dot-segments
    /// (documented choice 9), `%2E` ones too (choice 3).
    ///
    /// The law is §5.2.2's, so it is asked of URIs only: a base the RFC refuses has no target
    /// by §5.2.2 (the reference answers "invalid base"), and a parser's acceptance of it is
    /// its own finding. Asked of such a base, the law would name the resolver's rule by a
    /// string only the parser's leniency admits (Java's `a:]`, whose opaque-base resolution
    /// shows on `a:a`), which no resolution finding can be the cause of.
    fn empty_reference(
        &mut self,
        input: &str,
        components: &Components,
        serialized: Option<Result<String, String>>,
    ) {
        let Ok(written) = reference::parse(input) else {
            return;
        };
        if components.scheme.is_none()
            || has_dot_segment(&components.path)
            || has_dot_segment(written.path)
        {
            return;
        }
        let Some(Outcome::Resolved(target)) = self.resolve(input, "") else {
            return;
        };
        // The base as written, without its fragment, is §5.2.2's target from the text the
        // crate was given: the law holds there whatever its serializer writes of the base (a
        // "ws:/" written "ws:" by a scheme's serializer, resolved to "ws:/"); and it holds for
        // the base as the crate serializes it.
        let written = input.split_once('#').map_or(input, |(b, _)| b);
        let base = match &serialized {
            Some(Ok(serialized)) => serialized,
            _ => input,
        };
        let expected = base.split_once('#').map_or(base, |(b, _)| b);
        // §5.2.1: "Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3,
        // is optional" (documented choice 16): a target that is either base syntax-normalized
        // keeps the law (Poco's `Z:#a` resolved to "z:", which its serializer writes "z:/").
        let syntax = |uri: &str| {
            reference::normalize_with(uri, Level::Syntax, reference::NormalizeOptions::default())
                .ok()
        };
        let normalized_target = syntax(&target);
        let keeps = |base: &str| {
            target == base || (normalized_target.is_some() && normalized_target == syntax(base))
        };
        if !keeps(written) && !keeps(expected) {
            let chain = [
                step("base", input),
                "reference \"\"".to_owned(),
                step("resolve", &target),
                step("expected", expected),
            ];
            self.fail(DifferenceKind::ResolutionLaw, None, EMPTY_REFERENCE, &chain);
        }
    }

    fn target(&mut self, base: &str, input: &str, strict: bool, target: &str) {
        // RFC 3986 §5.2.2 itself gives a path starting with "//" and no authority (`a:` and
        // `.///` give T.path = "//", and so does `a:.///` against any base), and §5.3's
        // string of it then reads as an authority: the reference's documented choice 1, a
        // reading the RFC leaves open, not a property a crate can keep.
        let case = Request::Resolve {
            base: base.to_owned(),
            input: input.to_owned(),
            strict,
        };
        if super::models::letter_target_is_double_slash(&case)
            || percent_dots_target_is_double_slash(base, input, strict)
        {
            return;
        }
        // The chain is written only for a failure.
        let chain = || {
            vec![
                step("base", base),
                step("reference", input),
                step("resolve", target),
            ]
        };
        let target_parse = self.parse(target, Rule::Uri);
        match &target_parse {
            Some(Outcome::Invalid(error)) => {
                let mut chain = chain();
                chain.push(format!("parse error: {error}"));
                self.fail(DifferenceKind::TargetNotAbsolute, None, "", &chain);
            }
            Some(Outcome::Parsed { .. }) => {
                if let Some(Ok(again)) = self.serialize(target) {
                    if again != target {
                        let mut chain = chain();
                        chain.push(step("serialize", &again));
                        self.fail(DifferenceKind::NotIdempotent, None, "target", &chain);
                        self.failures.last_mut().expect("just failed").trace =
                            Some(Trace::Resolved {
                                base: base.to_owned(),
                                input: input.to_owned(),
                                target: target.to_owned(),
                                again,
                            });
                    }
                }
            }
            _ => {}
        }
        if !strict || !self.implementation.promises().strict_resolution {
            return;
        }
        let Some(Outcome::Parsed { components, .. }) = self.parse(input, Rule::UriReference) else {
            return;
        };
        if components.scheme.is_none() {
            return;
        }
        let path = reference::remove_dot_segments(&components.path);
        // Two readings the reference documents apart: a "//" path without an authority does
        // not survive §5.3, and "%2E" is not a dot-segment to §5.2.4.
        if (components.host.is_none() && path.starts_with("//"))
            || components.path.to_ascii_lowercase().contains("%2e")
        {
            return;
        }
        let mut expected = components.clone();
        expected.path = path;
        // Like with like: the crate's parse of the input against its parse of the target,
        // both in the crate's representation (a crate that reports components decoded writes
        // its target encoded: `a:%EA%AA%AA` is the path it parses as "\u{aaaa}"); the strings
        // only where the target has no parse to compare.
        // The scheme and the host up to case: "schemes are case-insensitive" (§3.1) and "the
        // host subcomponent is case-insensitive" (§3.2.2), so a target that writes them in
        // lowercase is still the reference.
        let folded = |c: &Components| Components {
            scheme: c.scheme.as_deref().map(str::to_ascii_lowercase),
            host: c.host.as_deref().map(str::to_ascii_lowercase),
            ..c.clone()
        };
        // Documented choice 2: a rootless path kept rootless ("foo:a/.." is "foo:" where
        // §5.2.4's letter gives "foo:/") is a reading as conforming as the letter.
        let rootless = (!components.path.starts_with('/'))
            .then(|| expected.path.strip_prefix('/'))
            .flatten()
            .map(|kept| Components {
                path: kept.to_owned(),
                ..expected.clone()
            });
        let holds = std::iter::once(&expected)
            .chain(rootless.as_ref())
            .any(|expected| match &target_parse {
                Some(Outcome::Parsed {
                    components: written,
                    ..
                }) => folded(written) == folded(expected),
                _ => target == reference::recompose(&expected.as_reference()),
            });
        let expected = reference::recompose(&expected.as_reference());
        if !holds {
            let mut chain = chain();
            chain.push(step("expected", &expected));
            self.fail(
                DifferenceKind::ResolutionLaw,
                Some(Field::Path),
                "absolute-reference",
                &chain,
            );
        }
    }

    fn normalized(&mut self, input: &str, level: Level, once: &str) {
        // The chain is written only for a failure.
        let chain = || vec![step("input", input), step("normalize", once)];
        // What the crate made of `once` (and of the input), for a model to reproduce.
        let trace = |twice: Option<&Outcome>,
                     parsed: Option<&Outcome>,
                     input_parsed: Option<&Outcome>| Trace::Normalized {
            input: input.to_owned(),
            level,
            once: once.to_owned(),
            twice: twice.cloned().map(Box::new),
            parsed: parsed.cloned().map(Box::new),
            input_parsed: input_parsed.cloned().map(Box::new),
        };
        // Already normal (`once == input`): normalizing it again is the case's own call, and
        // the input's parse is the output's.
        let unchanged = once == input;
        if !unchanged
            && let Some(twice) = self.normalize(once, level)
            && let Outcome::Normalized(text) = &twice
            && text != once
        {
            let mut chain = chain();
            chain.push(step("normalize", text));
            self.fail(DifferenceKind::NotIdempotent, None, "normalize", &chain);
            self.failures.last_mut().expect("just failed").trace =
                Some(trace(Some(&twice), None, None));
        }
        let parsed = match self.parse(once, Rule::UriReference) {
            Some(parsed @ Outcome::Invalid(_)) => {
                let Outcome::Invalid(error) = &parsed else {
                    unreachable!()
                };
                // An input its own parser refuses has no meaning to lose: the normalization
                // that takes it is its own finding (`what-its-parser-refuses`), not this one.
                if matches!(
                    self.parse(input, Rule::UriReference),
                    Some(Outcome::Invalid(_))
                ) {
                    return;
                }
                let mut chain = chain();
                chain.push(format!("parse error: {error}"));
                self.fail(DifferenceKind::MeaningChanged, None, "unparsable", &chain);
                self.failures.last_mut().expect("just failed").trace =
                    Some(trace(None, Some(&parsed), None));
                return;
            }
            Some(parsed @ Outcome::Parsed { .. }) => parsed,
            _ => return,
        };
        let Outcome::Parsed {
            components: after,
            host_kind: after_kind,
        } = &parsed
        else {
            unreachable!()
        };
        if unchanged {
            return;
        }
        let Some(input_parsed) = self.parse(input, Rule::UriReference) else {
            return;
        };
        let Outcome::Parsed {
            components,
            host_kind,
        } = &input_parsed
        else {
            return;
        };
        if let Some(field) = routing_difference(components, *host_kind, after, *after_kind) {
            let mut chain = chain();
            chain.push(format!("parse {}", after.describe()));
            self.fail(DifferenceKind::MeaningChanged, Some(field), "", &chain);
            self.failures.last_mut().expect("just failed").trace =
                Some(trace(None, Some(&parsed), Some(&input_parsed)));
        }
    }

    fn conversions(&mut self, input: &str, rule: Rule, answer: &Outcome) {
        if !matches!(answer, Outcome::Parsed { .. } | Outcome::Invalid(_)) {
            return;
        }
        for entry in self.implementation.entry_points() {
            let Reach::Conversion(entry_rule, convert) = entry.reach else {
                continue;
            };
            if entry_rule != rule {
                continue;
            }
            self.entry(entry.name);
            let Some(outcome) = self.call(entry.name, input, || convert(input)) else {
                continue;
            };
            let failures = self.failures.len();
            self.agree_with_parse(entry.name, input, answer, &outcome);
            if self.failures.len() > failures {
                self.failures.last_mut().expect("just failed").trace = Some(Trace::Conversion {
                    input: input.to_owned(),
                    rule,
                    entry: entry.name,
                    parsed: Box::new(answer.clone()),
                    conversion: Box::new(outcome),
                });
            }
        }
    }

    /// A crate's IRI types (RFC 3987) on an ASCII input, where an IRI is a URI (§2.2 adds
    /// only non-ASCII characters to RFC 3986's grammar): the same components as its URI types,
    /// or both invalid.
    fn iri_types(&mut self, input: &str, rule: Rule, answer: &Outcome) {
        if !input.is_ascii() || !matches!(answer, Outcome::Parsed { .. } | Outcome::Invalid(_)) {
            return;
        }
        let implementation = self.implementation;
        let Some(outcome) = self.call("parse-iri", input, || implementation.parse_iri(input, rule))
        else {
            return;
        };
        if outcome != Outcome::Unsupported {
            self.agree_with_parse("parse-iri", input, answer, &outcome);
        }
    }

    /// Every IRI-to-URI mapping the crate offers ([`Reach::IriToUri`]) on an IRI reference its
    /// IRI types accept: the URI RFC 3987 §3.1 gives (the reference's mapping), up to the case
    /// of the hexadecimal digits of percent-encodings. Where the reference refuses to map
    /// (an input that is no IRI reference), nothing is asked of the crate.
    fn iri_to_uri(&mut self, input: &str, answer: &Outcome) {
        if !matches!(answer, Outcome::Parsed { .. }) {
            return;
        }
        let Ok(expected) = reference::iri_to_uri(input) else {
            return;
        };
        for entry in self.implementation.entry_points() {
            let Reach::IriToUri(map) = entry.reach else {
                continue;
            };
            self.entry(entry.name);
            let Some(mapped) = self.call(entry.name, input, || map(input)) else {
                continue;
            };
            let agrees = mapped
                .as_ref()
                .is_ok_and(|uri| hex_case_folded(uri) == hex_case_folded(&expected));
            if !agrees {
                let chain = [
                    step("input", input),
                    format!("RFC 3987 §3.1 {expected:?}"),
                    match &mapped {
                        Ok(uri) => format!("{} {uri:?}", entry.name),
                        Err(e) => format!("{} error: {e}", entry.name),
                    },
                ];
                self.fail(
                    DifferenceKind::ConversionsDisagree,
                    None,
                    &format!("iri-to-uri-{}", slug(entry.name)),
                    &chain,
                );
            }
        }
    }

    /// Fails `conversions-disagree` when `outcome`, the answer of the entry point `name` on
    /// `input`, has other components than `answer`, the crate's own parse, or another validity.
    fn agree_with_parse(&mut self, name: &str, input: &str, answer: &Outcome, outcome: &Outcome) {
        let blind_spots = self.implementation.blind_spots();
        // The chain and detail are written only for a failure.
        let chain = || {
            [
                step("input", input),
                format!("parse {}", answer.describe()),
                format!("{name} {}", outcome.describe()),
            ]
        };
        let detail = || slug(name);
        match (answer, outcome) {
            (
                Outcome::Parsed {
                    components,
                    host_kind,
                },
                Outcome::Parsed {
                    components: other,
                    host_kind: other_kind,
                },
            ) => {
                let fields = Field::ALL.into_iter().filter(|f| {
                    let hidden = blind_spots
                        .iter()
                        .any(|b| b.field == *f && b.blindness == Blindness::Hidden);
                    !hidden
                });
                if let Some(field) = fields
                    .into_iter()
                    .find(|f| !same(blind_spots, *f, components, *host_kind, other, *other_kind))
                {
                    self.disagree(Some(field), &detail(), &chain(), outcome);
                }
            }
            (Outcome::Parsed { .. }, Outcome::Invalid(_))
            | (Outcome::Invalid(_), Outcome::Parsed { .. }) => {
                self.disagree(None, &detail(), &chain(), outcome);
            }
            _ => {}
        }
    }

    /// Every other way the crate offers to resolve: the same target as its own `resolve`, or
    /// both invalid.
    fn resolutions(&mut self, base: &str, input: &str, answer: &Outcome) {
        if !matches!(answer, Outcome::Resolved(_) | Outcome::Invalid(_)) {
            return;
        }
        for entry in self.implementation.entry_points() {
            let (resolve, iri) = match entry.reach {
                Reach::Resolution(resolve) => (resolve, false),
                Reach::IriResolution(resolve) => (resolve, true),
                _ => continue,
            };
            self.entry(entry.name);
            let Some(outcome) = self.call(entry.name, input, || resolve(base, input)) else {
                continue;
            };
            if outcome == Outcome::Unsupported {
                continue;
            }
            // An IRI entry point is judged by RFC 3987 where its input is no URI: §6.5's
            // resolution of the same IRIs, not the crate's URI resolution, which refuses them.
            let rfc3987;
            let (judge, judged_by) = if iri && !(base.is_ascii() && input.is_ascii()) {
                rfc3987 = match reference::resolve_in(
                    base,
                    input,
                    reference::ResolveOptions::default(),
                    reference::Grammar::Iri,
                ) {
                    Ok(target) => Outcome::Resolved(target),
                    Err(e) => Outcome::Invalid((&e).into()),
                };
                (&rfc3987, "RFC 3987 §6.5")
            } else {
                (answer, "resolve")
            };
            let agree = match (judge, &outcome) {
                (Outcome::Invalid(_), Outcome::Invalid(_)) => true,
                (ours, theirs) => ours == theirs,
            };
            if !agree {
                let chain = [
                    step("base", base),
                    step("reference", input),
                    format!("{judged_by} {}", judge.describe()),
                    format!("{} {}", entry.name, outcome.describe()),
                ];
                self.disagree(None, &slug(entry.name), &chain, &outcome);
            }
        }
    }

    /// The crate's setters on the URL it parses from `input`: a setter given the value the
    /// URL already has changes nothing, and after any setter (with the URL's own values, the
    /// query or fragment cleared, or `donor`'s values) the serialization parses back to
    /// itself. The URL Standard's goal: "parse(X) followed by an API manipulation should
    /// still serialize and parse to the same thing" (whatwg/url#226).
    fn setters(&mut self, input: &str, donor: Option<&str>) {
        for entry in self.implementation.entry_points() {
            let Reach::Setters(run) = entry.reach else {
                continue;
            };
            self.entry(entry.name);
            let Some(calls) = self.call(entry.name, input, || run(input, donor)) else {
                continue;
            };
            for call in calls {
                // The chain and detail are written only for a failure.
                let chain = |last: Option<String>| {
                    let mut chain = vec![step("input", input)];
                    if let Some(donor) = donor {
                        chain.push(step("values of", donor));
                    }
                    chain.push(step("href", &call.before));
                    chain.push(format!("{}({})", call.setter, call.argument));
                    chain.push(step("href", &call.after));
                    chain.extend(last);
                    chain
                };
                let setter = || slug(call.setter);
                let trace = || Trace::Setter {
                    input: input.to_owned(),
                    donor: donor.map(str::to_owned),
                    call: call.clone(),
                };
                if call.own_value && call.after != call.before {
                    self.fail(
                        DifferenceKind::NotIdempotent,
                        None,
                        &format!("{}-own-value", setter()),
                        &chain(None),
                    );
                    self.failures.last_mut().expect("just failed").trace = Some(trace());
                }
                // A setter that leaves the href as it was is not what keeps it from parsing
                // back: the href's own round trip says so, once, for every setter.
                if call.after == call.before {
                    continue;
                }
                let last = match &call.reparsed {
                    Ok(again) if *again == call.after => continue,
                    Ok(again) if standard_file_localhost(&call, again) => continue,
                    Ok(again) => step("parse again", again),
                    Err(error) => format!("parse error: {error}"),
                };
                self.fail(
                    DifferenceKind::NotIdempotent,
                    None,
                    &setter(),
                    &chain(Some(last)),
                );
                self.failures.last_mut().expect("just failed").trace = Some(trace());
            }
        }
    }

    /// Each sub-parser on the pieces of the input where its part stands (the Appendix B
    /// split, so that invalid inputs have pieces too) and on the input itself, judged by its
    /// part's own rule ([`Part::parse_by_rule`]). Where the crate's whole parser reads the
    /// same piece in place (`a://PIECE`, `a://hPIECE`) as the sub-parser does, the sub-parser
    /// keeps to its crate, and that parse is the comparison's to judge: nothing is said here.
    /// A sub-parser that keeps to the rule but not to its crate's parse is
    /// `conversions-disagree`; one that keeps to neither is `part-rule`.
    fn parts(&mut self, input: &str, answer: &Outcome) {
        // A sub-parser is asked whatever the whole parser answered, `unsupported` included
        // (`?q` is no request-target for http's `Uri`, but a string its `PathAndQuery` takes).
        if matches!(answer, Outcome::Panicked(_) | Outcome::TimedOut) {
            return;
        }
        let blind_spots = self.implementation.blind_spots();
        for entry in self.implementation.entry_points() {
            let Reach::Part(part, sub_parse) = entry.reach else {
                continue;
            };
            self.entry(entry.name);
            for piece in pieces(part, input) {
                let Some(outcome) = self.call(entry.name, &piece, || sub_parse(&piece)) else {
                    continue;
                };
                if !matches!(outcome, Outcome::Parsed { .. } | Outcome::Invalid(_)) {
                    continue;
                }
                let by_rule = part.parse_by_rule(&piece);
                let in_place = match embedding(part, &piece) {
                    Some(whole) => self
                        .parse(&whole, Rule::UriReference)
                        .filter(|o| matches!(o, Outcome::Parsed { .. } | Outcome::Invalid(_)))
                        .map(|o| (whole, projected(part, o))),
                    None => None,
                };
                let keeps_to_rule = part_agrees(part, blind_spots, &by_rule, &outcome);
                let keeps_to_crate = in_place
                    .as_ref()
                    .map(|(_, o)| part_agrees(part, blind_spots, o, &outcome));
                let (kind, against) = match (keeps_to_rule, &keeps_to_crate) {
                    (Ok(()), None | Some(Ok(()))) | (Err(_), Some(Ok(()))) => continue,
                    (Ok(()), Some(Err(field))) => (DifferenceKind::ConversionsDisagree, *field),
                    (Err(field), None | Some(Err(_))) => (DifferenceKind::PartRule, field),
                };
                let mut chain = vec![
                    step("input", input),
                    step(entry.name, &piece),
                    format!("gives {}", outcome.describe()),
                    format!("RFC {} {}", part.name(), by_rule.describe()),
                ];
                if let Some((whole, o)) = &in_place {
                    chain.push(step("parse", whole));
                    chain.push(format!("gives {}", o.describe()));
                }
                let detail = match kind {
                    DifferenceKind::PartRule => format!("{}-{}", part.name(), slug(entry.name)),
                    _ => slug(entry.name),
                };
                self.fail(kind, against, &detail, &chain);
            }
        }
    }

    /// Every accessor of the crate's parsed type ([`Reach::Accessors`]) reads what its parse
    /// reports: the same component (less the blind spots), a port by value, components in a
    /// row with their delimiters.
    fn accessors(
        &mut self,
        input: &str,
        rule: Rule,
        components: &Components,
        host_kind: Option<HostKind>,
    ) {
        let blind_spots = self.implementation.blind_spots();
        for entry in self.implementation.entry_points() {
            let Reach::Accessors(read) = entry.reach else {
                continue;
            };
            self.entry(entry.name);
            let Some(Some(readings)) = self.call(entry.name, input, || read(input, rule)) else {
                continue;
            };
            for reading in readings {
                let Some(expected) =
                    reading_expected(blind_spots, reading.view, components, host_kind)
                else {
                    continue;
                };
                let value = reading.value.as_deref();
                let agrees = match reading.view {
                    View::PortNumber => expected
                        .iter()
                        .any(|e| port_value(e.as_deref()) == port_value(value)),
                    _ => expected.iter().any(|e| e.as_deref() == value),
                };
                if agrees {
                    continue;
                }
                // A row of components is named by its accessor alone.
                let field = match reading.view {
                    View::Field(field) => Some(field),
                    View::PortNumber => Some(Field::Port),
                    View::Joined(_) => None,
                };
                let shown = |v: Option<&str>| match v {
                    Some(v) => serde_json::to_string(v).unwrap_or_default(),
                    None => "None".to_owned(),
                };
                let chain = [
                    step("input", input),
                    format!("parse {}", components.describe()),
                    format!("{} {}", reading.accessor, shown(value)),
                ];
                self.fail(
                    DifferenceKind::ConversionsDisagree,
                    field,
                    &slug(reading.accessor),
                    &chain,
                );
            }
        }
    }
}

/// The strings a sub-parser of `part` is given for `input`: the input itself, and the piece
/// of it where the part stands as a lenient client splits it
/// ([`compare::lenient_components`]: Appendix B, the authority's last "@" and ":"), whether or
/// not the input is a URI reference.
fn pieces(part: Part, input: &str) -> Vec<String> {
    let split = reference::split(input);
    let piece = match part {
        Part::Authority => split.authority.map(str::to_owned),
        Part::Host => compare::lenient_components(input).host,
        Part::PathAndQuery => Some(match split.query {
            Some(query) => format!("{}?{query}", split.path),
            None => split.path.to_owned(),
        }),
    };
    let mut all = vec![input.to_owned()];
    all.extend(piece.filter(|p| p != input));
    all
}

/// A URI reference in which `piece` stands where `part` does, read there by RFC 3986 as
/// exactly that part; `None` when no such reference exists (an authority holding a "/").
fn embedding(part: Part, piece: &str) -> Option<String> {
    let ends_authority = |c: char| matches!(c, '/' | '?' | '#');
    match part {
        Part::Authority => (!piece.contains(ends_authority)).then(|| format!("a://{piece}")),
        Part::Host => {
            let after_literal = match piece.strip_prefix('[') {
                Some(rest) => rest.split_once(']').map_or("", |(_, after)| after),
                None => piece,
            };
            let holds_more = piece.contains(ends_authority)
                || piece.contains('@')
                || after_literal.contains(':');
            (!holds_more).then(|| format!("a://{piece}"))
        }
        // What follows an authority is `path-abempty [ "?" query ] [ "#" fragment ]` (RFC
        // 3986 §3), so a piece that starts with "/", "?" or "#" stands there as itself:
        // `a://h?q` has the empty path, whose request path is "/" ([`projected`]), and the
        // query "q", the very piece [`pieces`] cuts from it. What follows a "#" is the
        // fragment, which a parser that has none drops in place too. An empty piece is no
        // path and query, and any other is no path after an authority.
        Part::PathAndQuery => piece
            .starts_with(['/', '?', '#'])
            .then(|| format!("a://h{piece}")),
    }
}

/// A whole parse's answer cut down to a part's fields. A request's path is never empty: RFC
/// 9112 §3.2.1: "If the target URI's path component is empty, the client MUST send "/" as the
/// path within the origin-form of request-target."
fn projected(part: Part, outcome: Outcome) -> Outcome {
    let Outcome::Parsed {
        components: c,
        host_kind,
    } = outcome
    else {
        return outcome;
    };
    let none = Components {
        scheme: None,
        userinfo: None,
        host: None,
        port: None,
        path: String::new(),
        query: None,
        fragment: None,
    };
    let components = match part {
        Part::Authority => Components {
            userinfo: c.userinfo,
            host: c.host,
            port: c.port,
            ..none
        },
        Part::Host => Components {
            host: c.host,
            ..none
        },
        Part::PathAndQuery => Components {
            path: if c.path.is_empty() {
                "/".into()
            } else {
                c.path
            },
            query: c.query,
            ..none
        },
    };
    let host_kind = if part == Part::PathAndQuery {
        None
    } else {
        host_kind
    };
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// Whether a sub-parser's answer is `expected` for its part: both invalid, or both parsed with
/// the same part fields (less the blind spots). `Err` with the first field that differs, or
/// `None` where one is invalid and the other not.
fn part_agrees(
    part: Part,
    blind_spots: &[BlindSpot],
    expected: &Outcome,
    outcome: &Outcome,
) -> Result<(), Option<Field>> {
    match (expected, outcome) {
        (Outcome::Invalid(_), Outcome::Invalid(_)) => Ok(()),
        (
            Outcome::Parsed {
                components: e,
                host_kind: e_kind,
            },
            Outcome::Parsed {
                components: a,
                host_kind: a_kind,
            },
        ) => {
            let fields = compare::differing_fields(e, *e_kind, a, *a_kind, blind_spots);
            match fields.into_iter().find(|f| part.fields().contains(f)) {
                Some(field) => Err(Some(field)),
                None => Ok(()),
            }
        }
        _ => Err(None),
    }
}

/// What an accessor reading `view` may return, given the parse: one value, or more where
/// the adapter declares that the API cannot tell an empty field from an undefined one; `None`
/// when the view holds a field the adapter declares hidden.
fn reading_expected(
    blind_spots: &[BlindSpot],
    view: View,
    components: &Components,
    host_kind: Option<HostKind>,
) -> Option<Vec<Option<String>>> {
    let blind = |field: Field, blindness: Blindness| {
        blind_spots
            .iter()
            .any(|b| b.field == field && b.blindness == blindness)
    };
    let fields: Vec<Field> = match view {
        // The host kind follows the host.
        View::Field(Field::HostKind) => vec![Field::Host],
        View::Field(field) => vec![field],
        View::PortNumber => vec![Field::Port],
        View::Joined(fields) => fields.to_vec(),
    };
    if fields.iter().any(|f| blind(*f, Blindness::Hidden)) {
        return None;
    }
    // A port that is not all digits (http takes "+0") has no value to read as a number: the
    // comparison with the reference judges the parse that accepted it.
    if view == View::PortNumber
        && components
            .port
            .as_deref()
            .is_some_and(|p| !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    // The other blindnesses (decoded, case-folded, re-encoded) describe what the adapter
    // reports, which the accessors share: only an empty value may read as none.
    let values = |field: Field| -> Vec<Option<&str>> {
        let value = components.get(field);
        if blind(field, Blindness::EmptyIsUndefined) && value == Some("") {
            vec![Some(""), None]
        } else {
            vec![value]
        }
    };
    let owned = |field: Field| -> Vec<Option<String>> {
        values(field)
            .into_iter()
            .map(|v| v.map(str::to_owned))
            .collect()
    };
    Some(match view {
        View::Field(Field::HostKind) => vec![host_kind.map(|k| k.name().to_owned())],
        View::Field(field) => owned(field),
        View::PortNumber => owned(Field::Port),
        View::Joined(fields) => {
            // §5.3's delimiters; a row of undefined components is none (no authority). A path
            // is always defined, so a row with one always is.
            let mut rows: Vec<(String, bool)> = vec![(String::new(), false)];
            for &field in fields {
                let mut next = Vec::new();
                for (text, any) in &rows {
                    for value in values(field) {
                        let mut text = text.clone();
                        if let Some(value) = value {
                            match field {
                                Field::Scheme => text.push_str(&format!("{value}:")),
                                Field::Userinfo => text.push_str(&format!("{value}@")),
                                Field::Port => text.push_str(&format!(":{value}")),
                                Field::Query => text.push_str(&format!("?{value}")),
                                Field::Fragment => text.push_str(&format!("#{value}")),
                                _ => text.push_str(value),
                            }
                        }
                        next.push((text, *any || value.is_some()));
                    }
                }
                rows = next;
            }
            rows.into_iter()
                .map(|(text, any)| any.then_some(text))
                .collect()
        }
    })
}

/// A port's digits by value: leading zeros aside, an empty port as none.
fn port_value(port: Option<&str>) -> Option<String> {
    let port = port.filter(|p| !p.is_empty())?;
    let trimmed = port.trim_start_matches('0');
    Some(if trimmed.is_empty() { "0" } else { trimmed }.to_owned())
}

/// Whether `field` is the same in two answers, an empty and an undefined value being the same
/// where the implementation cannot tell them apart.
fn same(
    blind_spots: &[BlindSpot],
    field: Field,
    a: &Components,
    a_kind: Option<HostKind>,
    b: &Components,
    b_kind: Option<HostKind>,
) -> bool {
    if field == Field::HostKind {
        return a_kind == b_kind;
    }
    let empty_is_undefined = blind_spots
        .iter()
        .any(|s| s.field == field && s.blindness == Blindness::EmptyIsUndefined);
    fn value(c: &Components, field: Field, empty_is_undefined: bool) -> Option<&str> {
        c.get(field)
            .filter(|v| !(empty_is_undefined && v.is_empty()))
    }
    value(a, field, empty_is_undefined) == value(b, field, empty_is_undefined)
}

/// The first field, in URI order, that differs between two parses.
fn first_difference(
    a: &Components,
    a_kind: Option<HostKind>,
    b: &Components,
    b_kind: Option<HostKind>,
) -> Option<Field> {
    Field::ALL
        .into_iter()
        .find(|f| !same(&[], *f, a, a_kind, b, b_kind))
}

/// The first field that sends a request elsewhere after normalization: authority presence
/// (as the host), scheme (case aside), userinfo (percent-encoding aside), host (case and
/// percent-encoding aside, an IPv6 address by value), port (leading zeros, and an empty or
/// default port, aside).
fn routing_difference(
    a: &Components,
    a_kind: Option<HostKind>,
    b: &Components,
    b_kind: Option<HostKind>,
) -> Option<Field> {
    let scheme = |c: &Components| c.scheme.as_deref().map(str::to_ascii_lowercase);
    let userinfo = |c: &Components| c.userinfo.as_deref().map(compare::percent_decoded);
    let host = |c: &Components, kind: Option<HostKind>| {
        let text = c.host.as_deref()?;
        if kind == Some(HostKind::Ipv6) {
            if let Some(address) = text
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .and_then(|t| t.parse::<Ipv6Addr>().ok())
            {
                return Some(address.to_string());
            }
        }
        let host = compare::percent_decoded(text).to_ascii_lowercase();
        // RFC 3986 §3.2.2: "the "file" URI scheme is defined so that no authority, an empty
        // host, and "localhost" all mean the end-user's machine" (RFC 8089 §2), as a
        // scheme's default port is its port.
        if host == "localhost" && scheme(c).as_deref() == Some("file") {
            return Some(String::new());
        }
        Some(host)
    };
    let port = |c: &Components| {
        let text = c.port.as_deref().filter(|p| !p.is_empty())?;
        let trimmed = text.trim_start_matches('0');
        let value = if trimmed.is_empty() { "0" } else { trimmed };
        let default = match scheme(c).as_deref() {
            Some("http" | "ws") => Some("80"),
            Some("https" | "wss") => Some("443"),
            Some("ftp") => Some("21"),
            _ => None,
        };
        (Some(value) != default).then(|| value.to_owned())
    };
    if scheme(a) != scheme(b) {
        Some(Field::Scheme)
    } else if a.host.is_some() != b.host.is_some() || host(a, a_kind) != host(b, b_kind) {
        Some(Field::Host)
    } else if userinfo(a) != userinfo(b) {
        Some(Field::Userinfo)
    } else if port(a) != port(b) {
        Some(Field::Port)
    } else {
        None
    }
}

/// One link of a chain: the call that made a string, and the string as JSON.
fn step(label: &str, text: &str) -> String {
    format!(
        "{label} {}",
        serde_json::to_string(text).unwrap_or_default()
    )
}

/// The string of the first link labelled `label` in `chain`.
fn link<'c>(chain: &'c [String], label: &str) -> Option<String> {
    chain.iter().find_map(|entry: &'c String| {
        let json = entry.strip_prefix(label)?.strip_prefix(' ')?;
        serde_json::from_str(json).ok()
    })
}

/// A reproduction of a property failure with the crate alone: the adapter's program for the
/// case, then for the output the property takes further (the serialized string parsed again,
/// the normalized one normalized again, the target parsed as a URI).
pub(crate) fn reproduction(
    implementation: &dyn Implementation,
    finding: &super::Finding,
) -> Option<String> {
    let first = implementation.reproduction(&finding.case)?;
    let next = match (&finding.case, finding.difference.kind) {
        (
            Request::Parse { rule, .. },
            DifferenceKind::RoundTrip | DifferenceKind::NotIdempotent,
        ) => link(&finding.chain, "serialize").map(|input| Request::Parse {
            input,
            rule: rule.clone(),
            zone_id: false,
        }),
        (
            Request::Normalize { level, .. },
            DifferenceKind::NotIdempotent | DifferenceKind::MeaningChanged,
        ) => link(&finding.chain, "normalize").map(|input| Request::Normalize {
            input,
            level: *level,
        }),
        (
            Request::Resolve { .. },
            DifferenceKind::TargetNotAbsolute | DifferenceKind::NotIdempotent,
        ) => link(&finding.chain, "resolve").map(|input| Request::Parse {
            input,
            rule: Some(Rule::Uri.into()),
            zone_id: false,
        }),
        (Request::Parse { .. }, DifferenceKind::ConversionsDisagree) => {
            let about = implementation.about();
            let entry = implementation.entry_points().iter().find(|e| {
                matches!(e.reach, Reach::Conversion(..))
                    && slug(e.name) == finding.difference.detail
            });
            if let (Some(body), Some((name, version))) =
                (entry.and_then(|e| e.program), about.version.split_once(' '))
            {
                let dependency = format!("{name} = \"={version}\"");
                let second = crate::impls::reproduction::program(&dependency, &finding.case, body);
                return Some(format!(
                    "{first}\n// Then the other entry point on the same input:\n{second}"
                ));
            }
            None
        }
        _ => None,
    };
    let (open, close) = crate::impls::foreign::comment(implementation.reproduction_language());
    match next.and_then(|case| implementation.reproduction(&case)) {
        Some(second) => Some(format!(
            "{first}\n{open}Then on the output of the first program:{close}\n{second}"
        )),
        None => Some(first),
    }
}

/// Whether a path has a `.` or `..` segment.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| {
        let s = s.to_ascii_lowercase();
        matches!(s.as_str(), "." | ".." | "%2e" | "%2e%2e" | ".%2e" | "%2e.")
    })
}

/// An entry point's name as a signature detail: `Uri::try_from(UriRef)` -> `uri-try-from-uriref`.
fn slug(name: &str) -> String {
    let short = name.split_once("::").map_or(name, |(_, rest)| rest);
    let mut out = String::new();
    for c in short.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}

/// Where the URL Standard itself is not idempotent, so that a crate giving the Standard's answer
/// is not at fault: the protocol setter (the scheme state with a state override) keeps a host
/// of `localhost` when the scheme becomes `file`, and the next parse's file host state makes that
/// host empty. `http://localhost/` with protocol `file:` serializes as `file://localhost/`, which
/// parses as `file:///`. Exactly that answer is let through: a scheme setter, `file://localhost`
/// after it, and the same href with the host emptied after the parse.
fn standard_file_localhost(call: &SetterCall, again: &str) -> bool {
    let scheme_setter =
        call.setter.ends_with("set_protocol") || call.setter.ends_with("set_scheme");
    let Some(rest) = call.after.strip_prefix("file://localhost") else {
        return false;
    };
    scheme_setter
        && (rest.is_empty() || rest.starts_with(['/', '?', '#']))
        && again.strip_prefix("file://") == Some(rest)
}

/// `text` with the hexadecimal digits of its percent-encodings in uppercase.
fn hex_case_folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let triplet = rest
            .get(at..at + 3)
            .filter(|t| t.as_bytes()[1].is_ascii_hexdigit() && t.as_bytes()[2].is_ascii_hexdigit());
        match triplet {
            Some(t) => {
                out.push_str(&t.to_ascii_uppercase());
                rest = &rest[at + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::{About, EntryPoint, Promises, Reading, SetterCall};

    /// Parses by the reference, and breaks one property on purpose per input.
    struct Planted;

    fn parsed(input: &str) -> Outcome {
        parsed_by(input, Rule::UriReference)
    }

    fn parsed_by(input: &str, rule: Rule) -> Outcome {
        match reference::parse_with(input, rule, ParseOptions::default()) {
            Ok(c) => Outcome::Parsed {
                components: Components::from(&c),
                host_kind: c.host_kind,
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }
    }

    #[test]
    fn a_file_uris_localhost_is_its_empty_host() {
        // RFC 3986 §3.2.2: "the "file" URI scheme is defined so that no authority, an empty
        // host, and "localhost" all mean the end-user's machine".
        let routing = |a: &str, b: &str| {
            let (a, b) = (
                reference::parse(a).expect("a URI"),
                reference::parse(b).expect("a URI"),
            );
            routing_difference(
                &Components::from(&a),
                a.host_kind,
                &Components::from(&b),
                b.host_kind,
            )
        };
        assert_eq!(routing("file://localhost/a", "file:///a"), None);
        assert_eq!(routing("FILE://LocalHost", "file://"), None);
        // Near misses: another scheme's localhost, another host.
        assert_eq!(routing("a://localhost/a", "a:///a"), Some(Field::Host));
        assert_eq!(
            routing("file://localhost.a/", "file:///"),
            Some(Field::Host)
        );
    }

    const PLANTED_ENTRY_POINTS: &[EntryPoint] = &[
        EntryPoint {
            name: "planted::parse",
            reach: Reach::Operation("parse"),
            program: None,
        },
        EntryPoint {
            name: "planted::from_str",
            reach: Reach::Conversion(Rule::UriReference, |s| {
                if s == "conversion:panics" {
                    panic!("planted");
                }
                if s == "conversion:differs" {
                    return parsed("conversion:other");
                }
                parsed(s)
            }),
            program: None,
        },
        EntryPoint {
            name: "planted::accessors",
            reach: Reach::Accessors(|input, _| {
                let r = reference::parse(input).ok()?;
                let read = |accessor, view, value: Option<&str>| Reading {
                    accessor,
                    view,
                    value: value.map(str::to_owned),
                };
                let joined = match (r.path, r.query) {
                    // Loses the path's slash, as a row of the path and query.
                    ("/acc", Some(q)) => format!("acc?{q}"),
                    (path, Some(q)) => format!("{path}?{q}"),
                    (path, None) => path.to_owned(),
                };
                Some(vec![
                    read("planted::port_u16", View::PortNumber, r.port),
                    read(
                        "planted::path_and_query",
                        View::Joined(&[Field::Path, Field::Query]),
                        Some(&joined),
                    ),
                    read(
                        "planted::authority",
                        View::Joined(&[Field::Userinfo, Field::Host, Field::Port]),
                        r.host.map(|_| input.split('/').nth(2).unwrap_or("")),
                    ),
                ])
            }),
            program: None,
        },
        EntryPoint {
            name: "planted::Authority::parse",
            reach: Reach::Part(Part::Authority, |s| {
                if s == "x y" || s == "lenient%" {
                    let mut lenient = parsed("//x");
                    if let Outcome::Parsed { components, .. } = &mut lenient {
                        components.host = Some(s.to_owned());
                    }
                    return lenient;
                }
                let prefixed = format!("//{s}");
                match reference::parse_authority(s) {
                    Ok(_) => parsed(&prefixed),
                    Err(e) => Outcome::invalid(e.to_string()),
                }
            }),
            program: None,
        },
        EntryPoint {
            name: "planted::PathAndQuery::parse",
            reach: Reach::Part(Part::PathAndQuery, |s| {
                // Reads what follows an authority, an empty path as "/"; and, planted, a
                // relative path before a query.
                let after_authority = s.starts_with(['/', '?']);
                let prefix = if after_authority { "//h" } else { "//h/" };
                match reference::parse(&format!("{prefix}{s}")) {
                    Ok(c) if (after_authority || s == "x?q") && c.fragment.is_none() => {
                        let path = match s.split('?').next().unwrap_or("") {
                            "" => "/",
                            path => path,
                        };
                        Outcome::Parsed {
                            components: Components {
                                scheme: None,
                                userinfo: None,
                                host: None,
                                port: None,
                                path: path.to_owned(),
                                query: c.query.map(str::to_owned),
                                fragment: None,
                            },
                            host_kind: None,
                        }
                    }
                    Ok(_) => Outcome::invalid("no path and query".into()),
                    Err(e) => Outcome::invalid(e.to_string()),
                }
            }),
            program: None,
        },
        EntryPoint {
            name: "planted::resolve_into",
            reach: Reach::Resolution(|_, reference| match reference {
                "r" => Outcome::Resolved("s:not-r".to_owned()),
                "r-panics" => panic!("planted"),
                "r2" => Outcome::Resolved("s:r2".to_owned()),
                _ => Outcome::Unsupported,
            }),
            program: None,
        },
        EntryPoint {
            name: "planted::set_*",
            reach: Reach::Setters(|input, donor| {
                let call = |argument: &str, own_value, after: &str, reparsed: &str| SetterCall {
                    setter: "set_path",
                    argument: argument.to_owned(),
                    own_value,
                    before: input.to_owned(),
                    after: after.to_owned(),
                    reparsed: Ok(reparsed.to_owned()),
                };
                match (input, donor) {
                    // Setting the path it has changes the URL.
                    ("s:own", None) => vec![call("\"own\"", true, "s:changed", "s:changed")],
                    // Clearing the query leaves what does not parse back to itself.
                    ("s:q?", None) => vec![call("None", false, "s:q ", "s:q")],
                    // Another URL's path gives what does not parse back to itself.
                    ("s:base", Some("s:donor")) => {
                        vec![call("\"donor\"", false, "s:/./x", "s:/x")]
                    }
                    _ => vec![call("\"same\"", true, input, input)],
                }
            }),
            program: None,
        },
    ];

    impl Implementation for Planted {
        fn about(&self) -> About<'_> {
            About {
                name: "planted",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, _: ParseOptions) -> Outcome {
            match input {
                // The whole parser takes a "%" in a host, as its sub-parser does.
                "a://lenient%" => {
                    let mut lenient = parsed("a://lenient");
                    if let Outcome::Parsed { components, .. } = &mut lenient {
                        components.host = Some("lenient%".to_owned());
                    }
                    lenient
                }
                // The whole parser reads another port than its sub-parser.
                "a://h:1" => parsed("a://h:2"),
                // A lone "%" in the fragment, which the RFC refuses, taken.
                "s://h/p?q#f%" => {
                    let mut lenient = parsed("s://h/p?q#f");
                    if let Outcome::Parsed { components, .. } = &mut lenient {
                        components.fragment = Some("f%".to_owned());
                    }
                    lenient
                }
                _ => parsed_by(input, rule),
            }
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            Some(match input {
                // Changes the text and the host.
                "http://a/" => Ok("http://b/".to_owned()),
                "http://b/" => Ok("http://c/".to_owned()),
                // A scheme's serializer that writes an empty path as "/" (Poco's).
                "Z:#a" => Ok("z:/#a".to_owned()),
                _ => Ok(input.to_owned()),
            })
        }

        fn resolve(&self, base: &str, reference: &str, _: bool) -> Outcome {
            match (base, reference) {
                (_, "x:/a/../b") => Outcome::Resolved("x:/a/../b".to_owned()),
                ("s://h/p?q#f", "") => Outcome::Resolved("s://h/p?q#f".to_owned()),
                ("s://h/p?q#f%", "") => Outcome::Resolved("s://h/p?q#f%".to_owned()),
                ("Z:#a", "") => Outcome::Resolved("z:".to_owned()),
                (_, "rel") => Outcome::Resolved("rel".to_owned()),
                (_, "r" | "r-panics") => Outcome::Resolved("s:r".to_owned()),
                (_, "r2") => Outcome::Resolved("s:r2".to_owned()),
                _ => Outcome::Unsupported,
            }
        }

        fn normalize(&self, input: &str, _: Level) -> Outcome {
            match input {
                "HTTP://A/" => Outcome::Normalized("http://a/".to_owned()),
                "http://a/" => Outcome::Normalized("http://a/x".to_owned()),
                "http://g/" => Outcome::Normalized("http:/g".to_owned()),
                "http://h:80/" => Outcome::Normalized("http://h/".to_owned()),
                _ => Outcome::Unsupported,
            }
        }

        fn promises(&self) -> Promises {
            Promises {
                keeps_text: true,
                strict_resolution: true,
            }
        }

        fn entry_points(&self) -> &[EntryPoint] {
            PLANTED_ENTRY_POINTS
        }
    }

    fn failures(case: &Request) -> Vec<(DifferenceKind, String)> {
        let answer = Planted.answer(case);
        check(&Planted, case, &answer)
            .into_iter()
            .map(|f| (f.kind, f.detail))
            .collect()
    }

    #[test]
    fn a_serializer_that_changes_the_text_and_the_host_breaks_three_properties() {
        let found = failures(&Request::parse("http://a/"));
        assert!(found.contains(&(DifferenceKind::RoundTrip, "text-changed".into())));
        assert!(found.contains(&(DifferenceKind::RoundTrip, "components".into())));
        assert!(found.contains(&(DifferenceKind::NotIdempotent, "serialize".into())));
    }

    #[test]
    fn every_accessor_reads_what_the_parse_reports() {
        assert_eq!(failures(&Request::parse("s://u@h:080/p?q")), []);
        assert_eq!(failures(&Request::parse("s:/p")), []);
        assert_eq!(
            failures(&Request::parse("s://h/acc?q")),
            [(DifferenceKind::ConversionsDisagree, "path-and-query".into())]
        );
    }

    #[test]
    fn a_sub_parser_is_judged_by_its_parts_rule_unless_its_crate_reads_the_piece_so() {
        // Accepts a space in a host, which neither the rule nor its crate's parser does.
        assert_eq!(
            failures(&Request::parse("//x y")),
            [(DifferenceKind::PartRule, "authority-authority-parse".into())]
        );
        // Accepts a "%" in a host, as its crate's parser does in place: the parser's matter.
        assert_eq!(failures(&Request::parse("//lenient%")), []);
        // Keeps to the rule where its crate's parser does not.
        assert_eq!(
            failures(&Request::parse("//h:1")),
            [(
                DifferenceKind::ConversionsDisagree,
                "authority-parse".into()
            )]
        );
    }

    /// RFC 3986 §3: `hier-part = "//" authority path-abempty`, then `[ "?" query ]`: the
    /// path-and-query piece of `a://h?q` is "?q", an empty path and a query, which stands after
    /// an authority as itself (RFC 9112 §3.2.1: "If the target URI's path component is empty,
    /// the client MUST send "/" as the path within the origin-form of request-target").
    #[test]
    fn a_path_and_query_piece_stands_after_an_authority() {
        assert_eq!(
            embedding(Part::PathAndQuery, "?q").as_deref(),
            Some("a://h?q")
        );
        assert_eq!(
            embedding(Part::PathAndQuery, "#f").as_deref(),
            Some("a://h#f")
        );
        assert_eq!(embedding(Part::PathAndQuery, ""), None);
        assert_eq!(embedding(Part::PathAndQuery, "x?q"), None);
        // Read as "/?q", as the whole parser reads "?q" after an authority: nothing to say.
        assert_eq!(failures(&Request::parse("?q")), []);
        // A relative path taken: no origin-form, and it stands after no authority.
        assert_eq!(
            failures(&Request::parse("x?q")),
            [(
                DifferenceKind::PartRule,
                "origin-form-pathandquery-parse".into()
            )]
        );
    }

    #[test]
    fn a_faithful_serializer_breaks_nothing() {
        assert_eq!(failures(&Request::parse("http://h/p?q#f")), vec![]);
    }

    #[test]
    fn normalization_must_be_idempotent_and_keep_the_authority() {
        let normalize = |input: &str| Request::Normalize {
            input: input.to_owned(),
            level: None,
        };
        assert_eq!(
            failures(&normalize("HTTP://A/")),
            vec![(DifferenceKind::NotIdempotent, "normalize".into())]
        );
        assert_eq!(
            failures(&normalize("http://g/")),
            vec![(DifferenceKind::MeaningChanged, String::new())]
        );
        // §6.2.3: a default port is equivalent to none.
        assert_eq!(failures(&normalize("http://h:80/")), vec![]);
    }

    /// Parses as the reference does; normalizes by decoding "%25" and nothing else, whatever
    /// its parser says of the input.
    struct DecodesPercentSign;

    impl Implementation for DecodesPercentSign {
        fn about(&self) -> About<'_> {
            About {
                name: "decodes-percent-sign",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            crate::impls::reference::Reference.parse(input, rule, options)
        }

        fn normalize(&self, input: &str, _: Level) -> Outcome {
            Outcome::Normalized(input.replace("%25", "%"))
        }
    }

    #[test]
    fn a_normalization_loses_a_meaning_only_where_its_parser_gave_one() {
        let failures = |input: &str| -> Vec<(DifferenceKind, String)> {
            let case = Request::Normalize {
                input: input.to_owned(),
                level: None,
            };
            let answer = DecodesPercentSign.answer(&case);
            check(&DecodesPercentSign, &case, &answer)
                .into_iter()
                .map(|f| (f.kind, f.detail))
                .collect()
        };
        // "a%25" parses; "a%" does not: the normalization made a string it cannot read.
        assert_eq!(
            failures("a%25"),
            vec![(DifferenceKind::MeaningChanged, "unparsable".into())]
        );
        // "a%" is refused by its own parser already: the normalization that takes it is that
        // finding (an operation that skips its parser's checks), not a meaning lost.
        assert_eq!(failures("a%"), vec![]);
    }

    /// Parses as the reference does but reports the path percent-decoded, as a crate that
    /// holds decoded bytes does, and resolves as the reference does: its targets are written
    /// encoded.
    struct DecodesPaths;

    impl Implementation for DecodesPaths {
        fn about(&self) -> About<'_> {
            About {
                name: "decodes-paths",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            match crate::impls::reference::Reference.parse(input, rule, options) {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } => {
                    components.path = crate::diff::compare::percent_decoded(&components.path);
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            crate::impls::reference::Reference.resolve(base, reference, strict)
        }

        fn promises(&self) -> Promises {
            Promises {
                keeps_text: false,
                strict_resolution: true,
            }
        }
    }

    /// A law compares like with like: the crate's parse of the reference with the crate's parse
    /// of its target, not its decoded report with the text it writes.
    #[test]
    fn a_resolution_law_compares_the_crates_own_readings() {
        let case = Request::Resolve {
            base: "a:".into(),
            input: "a:%EA%AA%AA".into(),
            strict: true,
        };
        let answer = DecodesPaths.answer(&case);
        assert_eq!(answer, Outcome::Resolved("a:%EA%AA%AA".into()));
        let laws: Vec<String> = check(&DecodesPaths, &case, &answer)
            .into_iter()
            .filter(|f| f.kind == DifferenceKind::ResolutionLaw)
            .map(|f| f.detail)
            .collect();
        assert_eq!(laws, Vec::<String>::new());
    }

    /// Parses as the reference does and writes a path "/" without an authority as empty: in
    /// its serializer (as uri-js's "ws" handler does), or in the targets of its resolver.
    struct RootPathEmpty {
        in_resolution: bool,
    }

    fn root_path_emptied(uri: &str) -> Option<String> {
        let mut c = reference::parse(uri).ok()?;
        if c.host.is_none() && c.path == "/" {
            c.path = "";
        }
        Some(reference::recompose(&c))
    }

    impl Implementation for RootPathEmpty {
        fn about(&self) -> About<'_> {
            About {
                name: "root-path-empty",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            crate::impls::reference::Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match crate::impls::reference::Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) if self.in_resolution => {
                    Outcome::Resolved(root_path_emptied(&target).unwrap_or(target))
                }
                other => other,
            }
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            let written = match self.in_resolution {
                true => reference::recompose(&reference::parse(input).ok()?),
                false => root_path_emptied(input)?,
            };
            Some(Ok(written))
        }
    }

    /// §5.2.2 gives `""` against "ws:/" the target "ws:/": a crate that resolves so keeps the
    /// law, whatever its serializer writes of the base; one whose target is "ws:", neither
    /// the base as written nor as it serializes it, does not.
    #[test]
    fn the_empty_reference_law_holds_for_the_base_as_written() {
        let case = Request::parse("ws:/");
        let laws = |implementation: &RootPathEmpty| -> Vec<String> {
            let answer = implementation.answer(&case);
            check(implementation, &case, &answer)
                .into_iter()
                .filter(|f| f.kind == DifferenceKind::ResolutionLaw)
                .map(|f| f.detail)
                .collect()
        };
        let serializer = RootPathEmpty {
            in_resolution: false,
        };
        assert_eq!(laws(&serializer), Vec::<String>::new());
        let resolver = RootPathEmpty {
            in_resolution: true,
        };
        assert_eq!(laws(&resolver), ["empty-reference"]);
    }

    /// Resolves as the reference does, and writes the target's host in lowercase, as a crate
    /// whose serializer lowercases an IPv6 literal does.
    struct LowercasesHosts;

    impl Implementation for LowercasesHosts {
        fn about(&self) -> About<'_> {
            About {
                name: "lowercases-hosts",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            crate::impls::reference::Reference.parse(input, rule, options)
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            match crate::impls::reference::Reference.resolve(base, reference, strict) {
                Outcome::Resolved(target) => match reference::parse(&target) {
                    Ok(c) => {
                        let host = c.host.map(str::to_ascii_lowercase);
                        Outcome::Resolved(reference::recompose(&reference::Components {
                            host: host.as_deref(),
                            ..c
                        }))
                    }
                    Err(_) => Outcome::Resolved(target),
                },
                other => other,
            }
        }

        fn serialize(&self, input: &str) -> Option<Result<String, String>> {
            Some(match reference::parse(input) {
                Ok(c) => {
                    let host = c.host.map(str::to_ascii_lowercase);
                    Ok(reference::recompose(&reference::Components {
                        host: host.as_deref(),
                        ..c
                    }))
                }
                Err(e) => Err(e.to_string()),
            })
        }

        fn promises(&self) -> Promises {
            Promises {
                keeps_text: false,
                strict_resolution: true,
            }
        }
    }

    /// §6.2.2.1: a serializer may write the host in lowercase; its parse is the input's up
    /// to case, which §3.2.2 makes no difference.
    #[test]
    fn a_round_trip_reads_the_host_without_case() {
        let case = Request::parse("a://[D::]/x");
        let answer = LowercasesHosts.answer(&case);
        let round_trips: Vec<PropertyFailure> = check(&LowercasesHosts, &case, &answer)
            .into_iter()
            .filter(|f| f.kind == DifferenceKind::RoundTrip)
            .collect();
        assert_eq!(round_trips, vec![]);
    }

    /// §3.2.2: "The host subcomponent is case-insensitive": a reference with a scheme whose
    /// target writes its host in lowercase resolves to itself.
    #[test]
    fn a_resolution_law_reads_the_host_without_case() {
        let case = Request::Resolve {
            base: "a:".into(),
            input: "a://[::F]/x".into(),
            strict: true,
        };
        let answer = LowercasesHosts.answer(&case);
        assert_eq!(answer, Outcome::Resolved("a://[::f]/x".into()));
        let laws: Vec<String> = check(&LowercasesHosts, &case, &answer)
            .into_iter()
            .filter(|f| f.kind == DifferenceKind::ResolutionLaw)
            .map(|f| f.detail)
            .collect();
        assert_eq!(laws, Vec::<String>::new());
        // Another path is still another target.
        let case = Request::Resolve {
            base: "a:".into(),
            input: "a://[::F]/x/../y".into(),
            strict: true,
        };
        let answer = Outcome::Resolved("a://[::f]/x/../y".into());
        let laws: Vec<String> = check(&LowercasesHosts, &case, &answer)
            .into_iter()
            .filter(|f| f.kind == DifferenceKind::ResolutionLaw)
            .map(|f| f.detail)
            .collect();
        assert_eq!(laws, vec!["absolute-reference".to_owned()]);
    }

    /// Documented choice 2 (vectors/README.md): "foo:a/b" + "../c" may be "foo:c", a rootless
    /// path kept rootless; a reference with a scheme and a rootless path whose ".." climbs out
    /// of it resolves to itself so too, and only so.
    #[test]
    fn a_resolution_law_allows_a_rootless_path_kept_rootless() {
        let laws = |input: &str, target: &str| -> Vec<String> {
            let case = Request::Resolve {
                base: "a:".into(),
                input: input.into(),
                strict: true,
            };
            check(&LowercasesHosts, &case, &Outcome::Resolved(target.into()))
                .into_iter()
                .filter(|f| f.kind == DifferenceKind::ResolutionLaw)
                .map(|f| f.detail)
                .collect()
        };
        assert_eq!(laws("x:a/../b", "x:b"), Vec::<String>::new());
        assert_eq!(laws("x:a/../b", "x:/b"), Vec::<String>::new());
        assert_eq!(
            laws("x:a/../b", "x:a/b"),
            vec!["absolute-reference".to_owned()]
        );
    }

    /// Parses a URI as the reference does but with its path's dot-segments removed (`%2E`
    /// ones too), and resolves against the base syntax-normalized (its percent-encodings
    /// too), as GLib's `g_uri_parse` and `g_uri_resolve_relative` do.
    struct RemovesDotSegments;

    impl Implementation for RemovesDotSegments {
        fn about(&self) -> About<'_> {
            About {
                name: "removes-dot-segments",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            match crate::impls::reference::Reference.parse(input, rule, options) {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } => {
                    let path = components.path.replace("%2e", ".").replace("%2E", ".");
                    components.path = reference::remove_dot_segments(&path);
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }

        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            let base = reference::normalize_with(base, Level::Syntax, Default::default())
                .unwrap_or_else(|_| base.to_owned());
            crate::impls::reference::Reference.resolve(&base, reference, strict)
        }

        fn promises(&self) -> Promises {
            Promises {
                keeps_text: false,
                strict_resolution: true,
            }
        }
    }

    /// §5.2.2's law for `""` holds against a base without dot-segments: a base string that has
    /// one (`a:%2e`, documented choices 3 and 9) is outside it, even where the crate's parse
    /// has removed it already; a base without one is still judged.
    #[test]
    fn the_empty_reference_law_reads_the_bases_own_dot_segments() {
        let laws = |input: &str| -> Vec<String> {
            let case = Request::Parse {
                input: input.into(),
                rule: Some(Rule::Uri.into()),
                zone_id: false,
            };
            let answer = RemovesDotSegments.answer(&case);
            check(&RemovesDotSegments, &case, &answer)
                .into_iter()
                .filter(|f| f.kind == DifferenceKind::ResolutionLaw)
                .map(|f| f.detail)
                .collect()
        };
        assert_eq!(laws("a:%2e"), Vec::<String>::new());
        // §5.2.1: the base may be normalized (documented choice 16).
        assert_eq!(laws("a:%aa"), Vec::<String>::new());
        assert_eq!(laws("A:/b?%7e"), Vec::<String>::new());
        assert_eq!(laws("a:/b/./c"), Vec::<String>::new());
        assert_eq!(laws("a:/b/c"), Vec::<String>::new());
    }

    #[test]
    fn resolution_laws() {
        let resolve = |base: &str, input: &str| Request::Resolve {
            base: base.to_owned(),
            input: input.to_owned(),
            strict: true,
        };
        // §5.2.2: T.path = remove_dot_segments(R.path) for a reference with a scheme.
        assert_eq!(
            failures(&resolve("s://h/p", "x:/a/../b")),
            vec![(DifferenceKind::ResolutionLaw, "absolute-reference".into())]
        );
        assert_eq!(
            failures(&resolve("s://h/p", "rel")),
            vec![(DifferenceKind::TargetNotAbsolute, String::new())]
        );
        // The same answer against a base the crate does not accept as a URI is outside the
        // laws (a relative reference is no URI: `parsed_by` refuses it by the URI rule).
        assert_eq!(failures(&resolve("no-base", "rel")), vec![]);
        // T.fragment = R.fragment: the base's fragment does not survive "".
        assert_eq!(
            failures(&Request::parse("s://h/p?q#f")),
            vec![(DifferenceKind::ResolutionLaw, "empty-reference".into())]
        );
        // The base as written, normalized (§5.2.1), is the target, though the crate's
        // serializer writes the base otherwise ("z:/").
        assert!(
            !failures(&Request::parse("Z:#a"))
                .iter()
                .any(|(kind, _)| *kind == DifferenceKind::ResolutionLaw)
        );
        // The same resolution of a base the RFC refuses (a lone "%") is no §5.2.2 law's.
        assert!(
            !failures(&Request::parse("s://h/p?q#f%"))
                .iter()
                .any(|(kind, _)| *kind == DifferenceKind::ResolutionLaw)
        );
    }

    #[test]
    fn conversions_must_agree_and_not_panic() {
        let found = failures(&Request::parse("conversion:differs"));
        assert_eq!(
            found,
            vec![(DifferenceKind::ConversionsDisagree, "from-str".into())]
        );
        let found = failures(&Request::parse("conversion:panics"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, DifferenceKind::Panic);
    }

    #[test]
    fn other_resolutions_must_give_the_same_target_and_not_panic() {
        let resolve = |input: &str| Request::Resolve {
            base: "s:base".to_owned(),
            input: input.to_owned(),
            strict: true,
        };
        assert_eq!(
            failures(&resolve("r")),
            vec![(DifferenceKind::ConversionsDisagree, "resolve-into".into())]
        );
        assert_eq!(failures(&resolve("r2")), vec![]);
        let found = failures(&resolve("r-panics"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, DifferenceKind::Panic);
    }

    #[test]
    fn every_listed_entry_point_is_reached() {
        let answer = Planted.answer(&Request::parse("a:b"));
        assert_eq!(
            reached(&Planted, &Request::parse("a:b"), &answer),
            vec![
                "planted::Authority::parse",
                "planted::PathAndQuery::parse",
                "planted::accessors",
                "planted::from_str",
                "planted::parse",
                "planted::set_*"
            ]
        );
    }

    #[test]
    fn only_the_url_standards_own_file_localhost_answer_is_let_through() {
        let call = |setter: &'static str, after: &str| SetterCall {
            setter,
            argument: "\"file:\"".to_owned(),
            own_value: false,
            before: "http://localhost/x".to_owned(),
            after: after.to_owned(),
            reparsed: Ok(String::new()),
        };
        // The Standard: scheme state with a state override keeps the host; the file host
        // state of the next parse empties `localhost`.
        let standard = call("Url::set_protocol", "file://localhost/x");
        assert!(standard_file_localhost(&standard, "file:///x"));
        assert!(standard_file_localhost(
            &call("Url::set_scheme", "file://localhost/x"),
            "file:///x"
        ));
        // Anything else that does not parse back stays a failure.
        assert!(!standard_file_localhost(&standard, "file:///y"));
        assert!(!standard_file_localhost(&standard, "file://other/x"));
        assert!(!standard_file_localhost(
            &call("Url::set_host", "file://localhost/x"),
            "file:///x"
        ));
        assert!(!standard_file_localhost(
            &call("Url::set_protocol", "file://localhostx/"),
            "file:///"
        ));
    }

    #[test]
    fn setters_must_keep_what_they_are_given_and_give_what_parses_back() {
        assert_eq!(
            failures(&Request::parse("s:own")),
            vec![(DifferenceKind::NotIdempotent, "set-path-own-value".into())]
        );
        assert_eq!(
            failures(&Request::parse("s:q?")),
            vec![(DifferenceKind::NotIdempotent, "set-path".into())]
        );
        let resolve = Request::Resolve {
            base: "s:base".to_owned(),
            input: "s:donor".to_owned(),
            strict: true,
        };
        let found = check(&Planted, &resolve, &Outcome::Unsupported);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].detail, "set-path");
        assert!(found[0].chain.contains(&"values of \"s:donor\"".to_owned()));
        assert_eq!(found[0].chain.last().unwrap(), "parse again \"s:/x\"");
    }
}

#[cfg(test)]
mod chain_tests {
    use super::*;

    #[test]
    fn a_link_reads_back_the_string_it_shows() {
        let text = "a\u{1}\"b\\";
        let chain = vec![step("input", "x"), step("serialize", text)];
        assert_eq!(link(&chain, "serialize").as_deref(), Some(text));
        assert_eq!(link(&chain, "normalize"), None);
    }
}

/// Whether §5.2.2, with "%2E" segments read as dot-segments (documented choice 3), gives a
/// path starting with "//" and no authority: the same open case as choice 1, reached through
/// choice 3.
fn percent_dots_target_is_double_slash(base: &str, input: &str, strict: bool) -> bool {
    let options = reference::ResolveOptions {
        percent_encoded_dots: true,
        ..reference::ResolveOptions::strict(strict)
    };
    let letter = reference::ResolveOptions::strict(strict);
    // The reading's string and the letter's differ only in the path; a "//" path without
    // authority shows as an authority that the base and the reference do not have.
    match (
        reference::resolve(base, input, options),
        reference::resolve(base, input, letter),
    ) {
        (Ok(target), Ok(_)) => {
            let has_authority = |t: &str| reference::split(t).authority.is_some();
            has_authority(&target)
                && !reference::parse(input).is_ok_and(|r| r.has_authority())
                && !(reference::parse(input).is_ok_and(|r| r.scheme.is_none())
                    && reference::parse_uri(base).is_ok_and(|b| b.has_authority()))
        }
        _ => false,
    }
}
