//! A property failure named by the bugs whose models make it: a crate's own property
//! (`super::properties`) is broken by a chain of its calls (a parse, its serialization, a
//! setter, a normalization, a parse of what came out), and where the crate's known model with
//! one, two or three of its bug entries reproduces every call of the chain exactly, and its
//! known model alone does not, the failure is those bugs showing through the property: one
//! mechanism, one report, whatever property it breaks.
//!
//! - A crate judged by the URL Standard: the chain is run on the Standard with the departures
//!   of its bug entries (`crate::whatwg`): its parse of the input (or of a resolution's
//!   reference against its base) must serialize to the crate's href, a setter
//!   (`super::models::url`) must be given the crate's argument and give its href, and the
//!   parse of that href must give what the crate's parse gave (its href, or a failure where
//!   the crate failed).
//! - Any other crate: each call is a request (`Normalize`, `Parse`) whose modelled answer must
//!   equal the crate's, field by field (less its blind spots).
//!
//! Nothing here looks at the input's text: a chain is explained by the models or not at all.

use super::CaseMemo;
use super::catalogue::{Catalogue, Class, classified, combinations, orders};
use super::compare;
use super::models::{self, Model, Step};
use super::properties::Trace;
use crate::impls::BlindSpot;
use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::Rule;
use crate::whatwg::{self, Departures, Parsed};

impl Catalogue {
    /// The bug entries (indices into the catalogue, in catalogue order) whose models, added to
    /// `implementation`'s known model, reproduce every call `trace` records, where the known
    /// model alone does not: one, or two or three together where no fewer do. `None` where no
    /// such set does, or the known model alone does (the property is then broken by what the
    /// catalogue documents, and no bug names it).
    /// A chain already named is not named again (`catalogue::classified`).
    pub fn bugs_behind(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        trace: &Trace,
    ) -> Option<Vec<usize>> {
        let asked = classified::AskedChain {
            implementation,
            blind_spots,
            trace,
        };
        self.memos.chains.get_or(&asked, || {
            self.bugs_behind_anew(implementation, blind_spots, trace)
        })
    }

    /// [`Catalogue::bugs_behind`] without the memo.
    fn bugs_behind_anew(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        trace: &Trace,
    ) -> Option<Vec<usize>> {
        match trace {
            Trace::Serialized { input, .. }
            | Trace::Setter { input, .. }
            | Trace::Conversion { input, .. }
            | Trace::Resolved { base: input, .. }
                if self.claims_url_standard(implementation, &Request::parse(input.clone())) =>
            {
                self.url_standard_bugs_behind(implementation, input, trace)
            }
            Trace::Normalized { .. } => {
                self.requests_bugs_behind(implementation, blind_spots, &calls(trace))
            }
            _ => None,
        }
    }

    /// The entries the library documents (a deviation, or a design of its own: catalogue
    /// indices, in catalogue order) that the crate's known model needs to reproduce every
    /// call a normalization's `trace` records, where that model alone reproduces them all: the
    /// property is broken by what the library says it does (a normalization documented to
    /// lose a password, whose output reads back with another userinfo), one mechanism with
    /// the entries' report. `None` where the known model does not reproduce a call, or needs
    /// an entry the library does not document (an RFC choice, an API limit: the RFC allows a
    /// reading, not a broken promise), or where the trace is of another kind.
    pub fn documented_behind(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        trace: &Trace,
    ) -> Option<Vec<usize>> {
        let Trace::Normalized { input, .. } = trace else {
            return None;
        };
        if self.claims_url_standard(implementation, &Request::parse(input.clone())) {
            return None;
        }
        let mut needed: Vec<usize> = Vec::new();
        for (request, actual) in calls(trace) {
            let steps = self.steps(implementation, &request);
            let models::Answer(answer, used) =
                models::answer(&steps, &request, &CaseMemo::default());
            if answer == Outcome::Unsupported
                || compare::compare(&request, &answer, &actual, blind_spots).is_some()
            {
                return None;
            }
            needed.extend(used);
        }
        needed.sort_unstable();
        needed.dedup();
        let documented = |&i: &usize| {
            matches!(
                self.entries()[i].class,
                Class::DocumentedDeviation | Class::Design
            )
        };
        (!needed.is_empty() && needed.iter().all(documented)).then_some(needed)
    }

    /// [`Catalogue::bugs_behind`] for a crate judged by the URL Standard: the chain run on the
    /// Standard with the departures of one, two or three of its parse bug entries.
    fn url_standard_bugs_behind(
        &self,
        implementation: &str,
        input: &str,
        trace: &Trace,
    ) -> Option<Vec<usize>> {
        let parse = Request::parse(input.to_owned());
        let bugs: Vec<(usize, models::Departure)> = self
            .bug_models(implementation, &parse)
            .iter()
            .filter_map(|&i| match self.entries()[i].model {
                Some(Model::UrlStandardDeparting(departure)) => Some((i, departure)),
                _ => None,
            })
            .collect();
        if reproduces_on_the_standard(trace, Departures::NONE) {
            return None;
        }
        for size in 1..=3 {
            for chosen in combinations(bugs.len(), size) {
                let mut departures = Departures::NONE;
                for &n in &chosen {
                    bugs[n].1.set(&mut departures);
                }
                if reproduces_on_the_standard(trace, departures) {
                    return Some(chosen.iter().map(|&n| bugs[n].0).collect());
                }
            }
        }
        None
    }

    /// [`Catalogue::bugs_behind`] for calls that are requests: each answered by the crate's
    /// known model with one, two or three of its bug entries added (in every order, as a bug's
    /// step reads what the steps before it wrote), every answer the crate's.
    fn requests_bugs_behind(
        &self,
        implementation: &str,
        blind_spots: &[BlindSpot],
        calls: &[(Request, Outcome)],
    ) -> Option<Vec<usize>> {
        if calls.is_empty() {
            return None;
        }
        let memos: Vec<CaseMemo> = calls.iter().map(|_| CaseMemo::default()).collect();
        let parser_departures = self.parser_departures(implementation);
        let reproduced = |chosen: &[usize]| {
            calls.iter().zip(&memos).all(|((request, actual), memo)| {
                let of_the_operation = self.bug_models(implementation, request);
                let step = |&index: &usize| {
                    let model = self.entries()[index].model.as_ref()?;
                    Some(Step { model, index })
                };
                // A departure of the parser reads the text in every operation that parses it
                // (Poco's unchecked scheme in its normalization of "+:."): it reads the text
                // first, as the library's departures do, and the operation's own bug rules
                // act after the documented ones.
                let mut steps: Vec<Step<'_>> = chosen
                    .iter()
                    .filter(|index| {
                        parser_departures.contains(index) && !of_the_operation.contains(index)
                    })
                    .filter_map(step)
                    .collect();
                steps.extend(self.steps(implementation, request));
                steps.extend(
                    chosen
                        .iter()
                        .filter(|index| of_the_operation.contains(index))
                        .filter_map(step),
                );
                // No step is the reference's answer: a call of an operation the crate
                // documents nothing of (a parse of what its normalization wrote) is the RFC's.
                let answer = models::outcome(&steps, request, memo);
                answer != Outcome::Unsupported
                    && compare::compare(request, &answer, actual, blind_spots).is_none()
            })
        };
        if reproduced(&[]) {
            return None;
        }
        let mut bugs: Vec<usize> = calls
            .iter()
            .flat_map(|(request, _)| self.bug_models(implementation, request).iter().copied())
            .chain(parser_departures.iter().copied())
            .collect();
        bugs.sort_unstable();
        bugs.dedup();
        for size in 1..=3 {
            for chosen in combinations(bugs.len(), size) {
                for order in orders(&chosen) {
                    let order: Vec<usize> = order.iter().map(|&n| bugs[n]).collect();
                    if reproduced(&order) {
                        let mut named = order;
                        named.sort_unstable();
                        return Some(named);
                    }
                }
            }
        }
        None
    }
}

impl Catalogue {
    /// The bug entries of `implementation` whose model is a departure of its parser (an entry
    /// of the parse operation, `model: !departure ...`), by catalogue index: what its parser
    /// reads otherwise, it reads so in every operation that parses a string, so such an entry
    /// may name a call of any operation of a property's chain.
    pub(crate) fn parser_departures(&self, implementation: &str) -> Vec<usize> {
        self.bug_models(implementation, &Request::parse(String::new()))
            .iter()
            .copied()
            .filter(|&i| matches!(self.entries()[i].model, Some(Model::Departure(_))))
            .collect()
    }
}

/// The calls a normalization's trace records, as requests with the crate's answers.
fn calls(trace: &Trace) -> Vec<(Request, Outcome)> {
    let Trace::Normalized {
        input,
        level,
        once,
        twice,
        parsed,
        input_parsed,
    } = trace
    else {
        return Vec::new();
    };
    let normalize = |text: &str| Request::Normalize {
        input: text.to_owned(),
        level: Some(*level),
    };
    let parse = |text: &str| Request::Parse {
        input: text.to_owned(),
        rule: Some(Rule::UriReference.into()),
        zone_id: false,
    };
    let mut calls = vec![(normalize(input), Outcome::Normalized(once.clone()))];
    if let Some(twice) = twice {
        calls.push((normalize(once), (**twice).clone()));
    }
    if let Some(parsed) = parsed {
        calls.push((parse(once), (**parsed).clone()));
    }
    if let Some(input_parsed) = input_parsed {
        calls.push((parse(input), (**input_parsed).clone()));
    }
    calls
}

/// The URL the Standard with `departures` parses from `text` (no base), or `None` for
/// failure.
fn parsed(text: &str, departures: Departures) -> Option<whatwg::Url> {
    match whatwg::parse_departing(text, None, departures) {
        Parsed::Url(url) => Some(url),
        Parsed::Failure(_) => None,
    }
}

/// Whether the Standard with `departures` makes every call of a URL-Standard crate's `trace`
/// as the crate made it.
fn reproduces_on_the_standard(trace: &Trace, departures: Departures) -> bool {
    // The parse of a written string: its href where the crate's parse gave one, failure
    // where the crate's failed.
    let parses_as = |text: &str, crate_answer: &Result<String, String>| match (
        parsed(text, departures),
        crate_answer,
    ) {
        (Some(url), Ok(href)) => url.href() == *href,
        (None, Err(_)) => true,
        _ => false,
    };
    match trace {
        Trace::Serialized {
            input,
            first,
            second,
        } => {
            parsed(input, departures).is_some_and(|url| url.href() == *first)
                && parses_as(first, second)
        }
        Trace::Setter { input, donor, call } => {
            let Some(before) = parsed(input, departures) else {
                return false;
            };
            if before.href() != call.before {
                return false;
            }
            let source = match donor {
                Some(donor) => match parsed(donor, departures) {
                    Some(source) => source,
                    None => return false,
                },
                None => before.clone(),
            };
            let clearing = donor.is_none() && !call.own_value;
            let Some((argument, after)) =
                models::url::setter(&before, &source, call.setter, clearing, departures)
            else {
                return false;
            };
            argument == call.argument
                && models::url::href_after(&before, &after, departures) == call.after
                && parses_as(&call.after, &call.reparsed)
        }
        Trace::Resolved {
            base,
            input,
            target,
            again,
        } => {
            let joined = parsed(base, departures).and_then(|base| {
                match whatwg::parse_departing(input, Some(&base), departures) {
                    Parsed::Url(url) => Some(url),
                    Parsed::Failure(_) => None,
                }
            });
            joined.is_some_and(|url| url.href() == *target) && parses_as(target, &Ok(again.clone()))
        }
        Trace::Conversion {
            input,
            entry,
            parsed: crate_parse,
            conversion,
            ..
        } => {
            // `Url::make_relative` then `Url::join` onto the URL's own "." (the url adapter's
            // entry point): the URL where there is no relative form or no ".".
            if *entry != "url::Url::make_relative" {
                return false;
            }
            let Some(url) = parsed(input, departures) else {
                return false;
            };
            let back = match whatwg::parse_departing(".", Some(&url), departures) {
                Parsed::Failure(_) => whatwg::view::record_outcome(&url),
                Parsed::Url(base) => match models::url::make_relative(&base, &url, departures) {
                    None => whatwg::view::record_outcome(&url),
                    Some(relative) => {
                        match whatwg::parse_departing(&relative, Some(&base), departures) {
                            Parsed::Url(back) => whatwg::view::record_outcome(&back),
                            Parsed::Failure(failure) => Outcome::Invalid((&failure).into()),
                        }
                    }
                },
            };
            whatwg::agrees(&whatwg::view::record_outcome(&url), crate_parse)
                && whatwg::agrees(&back, conversion)
        }
        Trace::Normalized { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::SetterCall;
    use crate::reference::Level;

    /// The ids of the entries `bugs_behind` names for `trace`.
    fn named(implementation: &str, trace: &Trace) -> Option<Vec<String>> {
        let catalogue = Catalogue::bundled();
        catalogue
            .bugs_behind(implementation, &[], trace)
            .map(|bugs| {
                bugs.iter()
                    .map(|&i| catalogue.entries()[i].id.clone())
                    .collect()
            })
    }

    #[test]
    fn a_property_broken_by_what_the_library_documents_is_that_documentation() {
        use crate::model::Components;
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/adapters/python/hyperlink/known-differences.yaml"
        ))
        .expect("hyperlink's catalogue");
        let catalogue = Catalogue::bundled_with(
            &[],
            &[(
                "python-hyperlink".to_owned(),
                "known-differences.yaml".into(),
                text,
            )],
        )
        .expect("a valid catalogue");
        let parsed = |userinfo: &str, path: &str| {
            Some(Box::new(Outcome::Parsed {
                components: Components {
                    scheme: None,
                    userinfo: Some(userinfo.into()),
                    host: Some(String::new()),
                    port: None,
                    path: path.into(),
                    query: None,
                    fragment: None,
                },
                host_kind: None,
            }))
        };
        // hyperlink 21.0.0's answers: its normalization writes no password (URL.to_text:
        // "the URL text will *not* include a password") and an ending slash, so "//:a@" reads
        // back with the userinfo ":" where it had ":a" (RFC 3986 §3.2.1: another userinfo).
        let trace = |once: &str| Trace::Normalized {
            input: "//:a@".into(),
            level: Level::Syntax,
            once: once.into(),
            twice: Some(Box::new(Outcome::Normalized(once.into()))),
            parsed: parsed(":", "/"),
            input_parsed: parsed(":a", ""),
        };
        // The program reports no host kind (its catalogue's blind spots).
        let blind_spots = [crate::model::BlindSpot {
            field: crate::model::Field::HostKind,
            blindness: crate::model::Blindness::Hidden,
            reason: "hyperlink does not say whether a host is a reg-name or an IP address",
        }];
        let named = catalogue
            .documented_behind("python-hyperlink", &blind_spots, &trace("//:@/"))
            .map(|entries| {
                entries
                    .iter()
                    .map(|&i| catalogue.entries()[i].id.clone())
                    .collect::<Vec<_>>()
            });
        assert_eq!(
            named,
            Some(vec![
                "hyperlink-password-hidden".to_owned(),
                "hyperlink-normalize-empty-path-slash".to_owned()
            ])
        );
        // An output the documented model does not write is not the documentation's.
        assert_eq!(
            catalogue.documented_behind("python-hyperlink", &blind_spots, &trace("//:@")),
            None
        );
    }

    #[test]
    fn an_href_that_does_not_parse_back_is_named_by_the_bugs_that_write_and_read_it() {
        // url 2.5.8: "file://0//a:" loses its leading empty segment and keeps its host; the
        // href it writes loses the host when parsed again.
        let trace = Trace::Serialized {
            input: "file://0//a:".into(),
            first: "file://0.0.0.0/a:".into(),
            second: Ok("file:///a:".into()),
        };
        assert_eq!(
            named("url", &trace),
            Some(vec![
                "url-file-path-leading-slashes".to_owned(),
                "url-file-drive-letter-drops-host".to_owned()
            ])
        );
        // Another second serialization: no set of bugs writes it.
        let other = Trace::Serialized {
            input: "file://0//a:".into(),
            first: "file://0.0.0.0/a:".into(),
            second: Ok("file:///a|".into()),
        };
        assert_eq!(named("url", &other), None);
        // What the Standard itself writes is no bug's.
        let standard = Trace::Serialized {
            input: "http://a/".into(),
            first: "http://a/".into(),
            second: Ok("http://a/".into()),
        };
        assert_eq!(named("url", &standard), None);
    }

    #[test]
    fn a_setters_href_is_named_through_the_model_of_the_setter() {
        let call = |setter, argument: &str, after: &str, reparsed: &str| SetterCall {
            setter,
            argument: argument.into(),
            own_value: false,
            before: "a:/.//".into(),
            after: after.into(),
            reparsed: Ok(reparsed.into()),
        };
        let trace = |call| Trace::Setter {
            input: "a:/.//".into(),
            donor: Some("a://".into()),
            call,
        };
        assert_eq!(
            named(
                "url",
                &trace(call("Url::set_host", "Some(\"\")", "a:///.//", "a:////"))
            ),
            Some(vec!["url-setters-keep-dot-prefix".to_owned()])
        );
        // The Standard's setter writes "a:////", which parses back: nothing to name.
        assert_eq!(
            named(
                "url",
                &trace(call("Url::set_host", "Some(\"\")", "a:////", "a:////"))
            ),
            None
        );
        // A setter given another argument than the model's is not this call.
        assert_eq!(
            named(
                "url",
                &trace(call("Url::set_host", "Some(\"h\")", "a:///.//", "a:////"))
            ),
            None
        );
    }

    #[test]
    fn a_call_of_an_operation_the_catalogue_says_nothing_of_is_the_rfcs() {
        // A program whose catalogue has one normalization bug and no parse entry: its parse of
        // what the normalization wrote is the reference's, so the bug alone names the chain.
        let own = r#"
entries:
  - id: p-double-slash-path-unguarded
    implementations: [p]
    class: bug
    reason: "a:/.//b normalized to a://b"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
    ops: [normalize]
    model: !departure double-slash-path-unguarded
    upstream: {checked: "2026-11-29", refs: []}
    examples:
      - {op: normalize, input: "a:/.//b", normalized: "a://b", forgive: true}
      - {op: normalize, input: "a:/.//b", normalized: "a:/b", forgive: false, why: "not this"}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        // RFC 3986 §3.3: "If a URI does not contain an authority component, then the path
        // cannot begin with two slash characters"; "//" read again has an (empty) authority.
        let trace = Trace::Normalized {
            input: "/.//".into(),
            level: Level::Syntax,
            once: "//".into(),
            twice: None,
            parsed: Some(Box::new(Outcome::Parsed {
                components: crate::model::Components {
                    scheme: None,
                    userinfo: None,
                    host: Some(String::new()),
                    port: None,
                    path: String::new(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(crate::reference::HostKind::RegName),
            })),
            input_parsed: None,
        };
        let named: Option<Vec<String>> = catalogue.bugs_behind("p", &[], &trace).map(|bugs| {
            bugs.iter()
                .map(|&i| catalogue.entries()[i].id.clone())
                .collect()
        });
        assert_eq!(
            named,
            Some(vec!["p-double-slash-path-unguarded".to_owned()])
        );
    }

    #[test]
    fn a_property_broken_by_two_entries_composed_is_named_by_both() {
        // A program whose parser removes tabs before it reads (an entry of its parse) and whose
        // normalization writes a path that starts with "//" without "/." (an entry of its
        // normalization): neither alone makes the chain, both together do, the parser's
        // reading in the normalization's call too.
        let own = r#"
entries:
  - id: p-tab-removed
    implementations: [p]
    class: bug
    reason: "tabs removed before the text is read"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-2
    ops: [parse]
    model: !departure tab-or-newline-removed
    upstream: {checked: "2026-12-02", refs: []}
    examples:
      - {op: parse, input: "a:b\tc", parsed: {scheme: "a", path: "bc"}, forgive: true}
      - {op: parse, input: "a:b\tc", parsed: {scheme: "a", path: "b"}, forgive: false, why: "not this"}
  - id: p-double-slash-path-unguarded
    implementations: [p]
    class: bug
    reason: "a:/.//b normalized to a://b"
    link: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
    ops: [normalize]
    model: !departure double-slash-path-unguarded
    upstream: {checked: "2026-12-02", refs: []}
    examples:
      - {op: normalize, input: "a:/.//b", normalized: "a://b", forgive: true}
      - {op: normalize, input: "a:/.//b", normalized: "a:/b", forgive: false, why: "not this"}
"#;
        let catalogue =
            Catalogue::bundled_with(&[], &[("p".to_owned(), "p.yaml".into(), own.to_owned())])
                .expect("a valid catalogue");
        let parsed = |host: Option<&str>, path: &str| {
            Some(Box::new(Outcome::Parsed {
                components: crate::model::Components {
                    scheme: Some("a".into()),
                    userinfo: None,
                    host: host.map(Into::into),
                    port: None,
                    path: path.into(),
                    query: None,
                    fragment: None,
                },
                host_kind: host.map(|_| crate::reference::HostKind::RegName),
            }))
        };
        // RFC 3986 Appendix A allows no tab anywhere, so "a:/.\t//b" is no URI; read without
        // its tab it is "a:/.//b", whose path §5.2.4 makes "//b", which §3.3 forbids without
        // an authority ("the path cannot begin with two slash characters"): written "a://b",
        // it reads back with the host "b".
        let trace = |once: &str, parsed_once| Trace::Normalized {
            input: "a:/.\t//b".into(),
            level: Level::Syntax,
            once: once.into(),
            twice: None,
            parsed: parsed_once,
            input_parsed: parsed(None, "/.//b"),
        };
        let named = |trace: &Trace| {
            catalogue.bugs_behind("p", &[], trace).map(|bugs| {
                bugs.iter()
                    .map(|&i| catalogue.entries()[i].id.clone())
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            named(&trace("a://b", parsed(Some("b"), ""))),
            Some(vec![
                "p-tab-removed".to_owned(),
                "p-double-slash-path-unguarded".to_owned()
            ])
        );
        // A normalization the two do not write (an empty segment dropped) names neither.
        assert_eq!(named(&trace("a:/b", parsed(None, "/b"))), None);
        // A parse of what was written that the entries do not give (the path "//b" kept a
        // path) names neither.
        assert_eq!(named(&trace("a://b", parsed(None, "//b"))), None);
    }

    #[test]
    fn a_normalization_that_changes_meaning_is_named_by_the_bugs_of_each_call() {
        // uriparse 0.6.4 normalizes ".//:" to "/:" (its relative-path rule) and refuses "/:"
        // (its colon check on absolute paths).
        let trace = Trace::Normalized {
            input: ".//:".into(),
            level: Level::Syntax,
            once: "/:".into(),
            twice: None,
            parsed: Some(Box::new(Outcome::invalid("schemeless path".into()))),
            input_parsed: None,
        };
        assert_eq!(
            named("uriparse", &trace),
            Some(vec![
                "uriparse-colon-in-absolute-path".to_owned(),
                "uriparse-normalize-relative-reference-changes-target".to_owned()
            ])
        );
        // "//%41" normalizes to "//A/", and that to "//a/".
        let twice = Trace::Normalized {
            input: "//%41".into(),
            level: Level::Syntax,
            once: "//A/".into(),
            twice: Some(Box::new(Outcome::Normalized("//a/".into()))),
            parsed: None,
            input_parsed: None,
        };
        assert_eq!(
            named("uriparse", &twice),
            Some(vec!["uriparse-normalize-case-before-decoding".to_owned()])
        );
        // A second normalization no model gives.
        let other = Trace::Normalized {
            input: "//%41".into(),
            level: Level::Syntax,
            once: "//A/".into(),
            twice: Some(Box::new(Outcome::Normalized("//b/".into()))),
            parsed: None,
            input_parsed: None,
        };
        assert_eq!(named("uriparse", &other), None);
    }
}
