//! A differential campaign: many cases through the engine, each new signature shrunk, every
//! finding collected into reports.

use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::diff::{CaseRun, Engine, Finding};
use crate::fuzz::FirstFind;
use crate::protocol::Request;
use crate::report::on_record::OnRecord;
use crate::report::{Collector, Report, stats};

/// How many times the shrinker may ask an implementation per new signature.
pub(crate) const SHRINK_BUDGET: usize = 1500;

/// Cases seen and findings made so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Cases run.
    pub cases: u64,
    /// Findings (one per implementation and case).
    pub findings: u64,
    /// Distinct signatures.
    pub signatures: u64,
    /// Distinct signatures not covered by the catalogue.
    pub candidate_bugs: u64,
}

/// A new finding shrunk, with the answers its report shows.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The finding as first seen.
    pub original: Finding,
    /// Its shrunk form.
    pub minimal: Finding,
    /// Every implementation's answer to the shrunk case.
    pub minimal_answers: Vec<(String, crate::model::Outcome)>,
    /// Every implementation's answer to the original case.
    pub original_answers: Vec<(String, crate::model::Outcome)>,
}

/// A campaign over one engine, collecting into one reports directory.
pub struct Campaign<'a> {
    engine: &'a Engine,
    collector: Collector,
    stats: Stats,
    /// The reports folder new signatures are measured against, if any.
    record: Option<OnRecord>,
    /// The cases whose every implementation's findings were recorded ([`case_key`]): a case
    /// the reports keep that is not among them is asked of every implementation before the
    /// reports are written ([`Campaign::close`]).
    recorded: HashSet<u64>,
    /// How many implementations the engine has.
    implementations: usize,
}

/// A signal gave a shrink up: nothing more is recorded.
struct Interrupted;

/// A case's key in [`Campaign::recorded`]: a digest of the case (a fixed-key hasher).
fn case_key(case: &Request) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    case.hash(&mut hasher);
    hasher.finish()
}

impl<'a> Campaign<'a> {
    /// A campaign writing under `dir`.
    pub fn new(engine: &'a Engine, dir: impl Into<PathBuf>) -> Self {
        Campaign {
            engine,
            collector: Collector::new(dir).with_shared_code(engine.catalogue().shared_code()),
            stats: Stats::default(),
            record: None,
            recorded: HashSet::new(),
            implementations: engine.names().len(),
        }
    }

    /// Measures the signatures this campaign finds against the reports of `record`: a
    /// signature new to the run may be on record already ([`Campaign::first_find`]).
    pub fn measured_against(&mut self, record: OnRecord) {
        self.record = Some(record);
    }

    /// A new signature's first find, `finding` being its shrunk form, with its novelty to the
    /// reports on record.
    pub fn first_find(&self, finding: &Finding, cases: u64, after: Duration) -> FirstFind {
        let mut find = FirstFind::of(finding, cases, after);
        if let Some(record) = &self.record {
            find.novelty = record.novelty(&find.signature);
        }
        find
    }

    /// The numbers so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether a finding's signature is already held.
    pub fn has(&self, finding: &Finding) -> bool {
        self.collector.has(finding)
    }

    /// Counts `finding` where its signature is held ([`Collector::held_under`]); `false`, and
    /// nothing counted, where it is new. A symptom filed under a departure's report (its first
    /// case shrank into it) is counted there only when this case shows that departure too: a
    /// symptom is coarser than a mechanism (a host refused for a non-ASCII letter shows a host
    /// unchecked, or a network-path read as a path), so each of its cases is checked against
    /// the model, and one the model does not reproduce belongs to the report its symptom signs,
    /// or is new. And a report signed by its symptom holds only cases no mechanism names: each
    /// case is asked, so that one a mechanism names is filed under it whichever report the run
    /// made first, and the reports do not depend on the order the cases come in.
    fn count_if_held(
        &mut self,
        finding: &Finding,
        answers: &[(String, crate::model::Outcome)],
        source: &str,
    ) -> bool {
        let report = match self.collector.departures_behind(finding) {
            Some(ids) if !self.engine.reproduces(finding, &ids) => {
                self.collector.signed_by(finding)
            }
            _ => self.collector.held_under(finding),
        };
        let Some(report) = report else {
            return false;
        };
        if self.collector.is_symptom_report(&report)
            && self
                .engine
                .by_mechanism(finding)
                .is_some_and(|named| named.id() != report.1)
        {
            return false;
        }
        self.collector.count_under(report, finding, answers, source)
    }

    /// Runs one case, attributing what it shows to `source`.
    pub fn case(&mut self, case: &Request, source: &str) {
        let run = self.engine.run(case);
        self.record_case(case, &run, source);
    }

    /// Runs many cases, each implementation taking the whole batch at once.
    pub fn cases(&mut self, cases: &[Request], source: &str) {
        for (case, run) in cases.iter().zip(self.engine.run_all(cases)) {
            self.record_case(case, &run, source);
        }
    }

    /// [`Campaign::record`] of `case`'s run, noting the case as asked of every implementation
    /// when the run is the campaign's engine's (not one implementation's alone).
    pub fn record_case(&mut self, case: &Request, run: &CaseRun, source: &str) -> Vec<Finding> {
        self.note_recorded(case, run);
        self.record(run, source)
    }

    /// Notes `case` as asked of every implementation, when `run` holds every one's answer.
    fn note_recorded(&mut self, case: &Request, run: &CaseRun) {
        if run.answers.len() >= self.implementations {
            self.recorded.insert(case_key(case));
        }
    }

    /// Records what one case showed: counts known signatures, shrinks the findings whose
    /// signature is new and adds a report for each whose shrunk case shows a new one. Returns
    /// the shrunk findings of the new reports (each signed by its shrunk case).
    pub fn record(&mut self, run: &CaseRun, source: &str) -> Vec<Finding> {
        self.stats.cases += 1;
        self.stats.findings += run.findings.len() as u64;
        self.record_findings(run, run.findings.iter(), source)
    }

    /// [`Campaign::record`] of some of a run's findings, counting neither the case nor them.
    fn record_findings<'r>(
        &mut self,
        run: &CaseRun,
        findings: impl IntoIterator<Item = &'r Finding>,
        source: &str,
    ) -> Vec<Finding> {
        let mut new = Vec::new();
        for finding in findings {
            if self.count_if_held(finding, &run.answers, source) {
                continue;
            }
            match self.file(run, finding, source) {
                Err(Interrupted) => break,
                Ok(Some(minimal)) => new.push(minimal),
                Ok(None) => {}
            }
        }
        new
    }

    /// Shrinks a finding and files it: a new report signed by its shrunk case, or another name
    /// of the report that holds that signature, where the finding is counted. Returns the
    /// shrunk finding when it made a report.
    fn file(
        &mut self,
        run: &CaseRun,
        finding: &Finding,
        source: &str,
    ) -> Result<Option<Finding>, Interrupted> {
        let minimal = shrunk_to_cause(self.engine, finding);
        let minimal_answers = self.engine.run(&minimal.case).answers;
        if crate::impls::process::interrupt_requested() {
            // A signal gave the shrink up half-way (every call after it is unmade): the
            // finding is not recorded, nor printed.
            return Err(Interrupted);
        }
        let Some(implementation) = self
            .engine
            .implementations()
            .find(|i| i.about().name == finding.signature.implementation)
        else {
            return Ok(None);
        };
        // A run over fewer implementations than the campaign's (a one-crate fuzz run) lacks
        // the others' answers to the original case: ask them, so that the report is the
        // same whichever run found it first.
        let all_answers;
        let original_answers = if run.answers.len() < self.implementations {
            all_answers = self.engine.run(&finding.case).answers;
            &all_answers
        } else {
            &run.answers
        };
        if self.collector.add(
            implementation,
            finding,
            &minimal,
            &minimal_answers,
            original_answers,
            source,
        ) {
            self.stats.signatures += 1;
            if minimal.is_candidate() {
                self.stats.candidate_bugs += 1;
            }
            return Ok(Some(minimal));
        }
        Ok(None)
    }

    /// The signature of the report holding `implementation`'s findings signed `signature`
    /// ([`Collector::report_name`]).
    pub fn report_name(&self, implementation: &str, signature: &str) -> Option<String> {
        self.collector.report_name(implementation, signature)
    }

    /// The engine that shrinks new findings.
    pub fn engine(&self) -> &'a Engine {
        self.engine
    }

    /// The first part of [`Campaign::record`], cheap enough to be done under a lock shared by
    /// jobs: counts the case and what is already held, and returns the findings whose
    /// signature is new (to be [`Campaign::prepare`]d outside the lock, then
    /// [`Campaign::add_prepared`]).
    pub fn record_known<'r>(&mut self, run: &'r CaseRun, source: &str) -> Vec<&'r Finding> {
        self.stats.cases += 1;
        let mut fresh: Vec<&Finding> = Vec::new();
        for finding in &run.findings {
            self.stats.findings += 1;
            if self.count_if_held(finding, &run.answers, source) {
            } else if !fresh.iter().any(|f| f.signature == finding.signature) {
                fresh.push(finding);
            }
        }
        fresh
    }

    /// Shrinks a new finding and gathers every implementation's answers for its report, with
    /// `engine` (the campaign's, [`Campaign::engine`]) and no campaign at hand.
    pub fn prepare(engine: &Engine, finding: &Finding, run: &CaseRun) -> Prepared {
        let minimal = shrunk_to_cause(engine, finding);
        let minimal_answers = engine.run(&minimal.case).answers;
        let original_answers = if run.answers.len() < engine.names().len() {
            engine.run(&finding.case).answers
        } else {
            run.answers.clone()
        };
        Prepared {
            original: finding.clone(),
            minimal,
            minimal_answers,
            original_answers,
        }
    }

    /// Adds a prepared finding; when its signature, or its shrunk case's, arrived meanwhile
    /// (another job found it first), counts it instead. Returns whether a report was made.
    pub fn add_prepared(&mut self, prepared: &Prepared, source: &str) -> bool {
        if crate::impls::process::interrupt_requested() {
            // Prepared while a signal gave its calls up: not recorded (see `record`).
            return false;
        }
        let finding = &prepared.original;
        if self.count_if_held(finding, &prepared.original_answers, source) {
            return false;
        }
        let Some(implementation) = self
            .engine
            .implementations()
            .find(|i| i.about().name == finding.signature.implementation)
        else {
            return false;
        };
        let made = self.collector.add(
            implementation,
            finding,
            &prepared.minimal,
            &prepared.minimal_answers,
            &prepared.original_answers,
            source,
        );
        if made {
            self.stats.signatures += 1;
            if prepared.minimal.is_candidate() {
                self.stats.candidate_bugs += 1;
            }
        }
        made
    }

    /// Runs again every case the reports under the campaign's directory hold (each report's
    /// first case, minimal case and examples), counting nowhere, so that a following
    /// [`Campaign::write_pruning`] keeps exactly the reports whose behaviour still shows, under
    /// the catalogue as it is now.
    ///
    /// A report is made by the first case of its signature that a run meets, shrunk; which
    /// case comes first depends on the order of the cases, and the stored cases, which change
    /// from run to run, come before the others. So each report's making is taken again first:
    /// its first case's finding that made it ([`stats::Seen::made_by`]) is shrunk and filed
    /// for its implementation alone, whatever the reports and names made before it (the last
    /// run found that finding new, where this one might count it under a name given since).
    /// The shrink is budgeted by calls, not time, so each report is made again as it was, by
    /// the same case, and keeps its minimal case. A report stored without the signature that
    /// made it has its first case's findings recorded first instead. Then every case is
    /// recorded for every implementation: what it shows that no report holds is new.
    pub fn replay(&mut self) -> io::Result<usize> {
        let dir = self.collector.dir().to_owned();
        let stored = crate::report::read_all(&dir)?;
        let stats = stats::Stats::load(&dir)?;
        let mut cases: Vec<Request> = Vec::new();
        let mut index: HashMap<Request, usize> = HashMap::new();
        // Every report's original first, then the minimal cases, then the examples: where a
        // report's making is not known, its original, met first, makes it again.
        let originals = stored.iter().map(|r| &r.original.case);
        let minimals = stored.iter().map(|r| &r.minimal.case);
        let examples = stored.iter().flat_map(|r| &r.examples);
        let named = stored.iter().flat_map(|r| {
            stats
                .get(&r.implementation, &r.signature)
                .into_iter()
                .flat_map(|seen| seen.other_names.values())
        });
        for case in originals.chain(minimals).chain(examples).chain(named) {
            if !index.contains_key(case) {
                index.insert(case.clone(), cases.len());
                cases.push(case.clone());
            }
        }
        let runs = self.engine.run_all(&cases);
        if runs.len() < cases.len() {
            // The engine gave the batch up (a signal): nothing is recorded.
            return Ok(0);
        }
        // Each report made again by the finding that made it, then each other name given
        // again, as the last run ended.
        let mut decisions: Vec<(&str, &Request, Option<&str>)> = Vec::new();
        for r in &stored {
            let seen = stats.get(&r.implementation, &r.signature);
            let made_by = seen.and_then(|seen| seen.made_by.as_deref());
            decisions.push((&r.implementation, &r.original.case, made_by));
        }
        for r in &stored {
            let names = stats
                .get(&r.implementation, &r.signature)
                .map(|seen| &seen.other_names);
            for (name, case) in names.into_iter().flatten() {
                decisions.push((&r.implementation, case, Some(name)));
            }
        }
        for (implementation, case, signature) in decisions {
            let run = &runs[index[case]];
            let own = run
                .findings
                .iter()
                .filter(|f| f.signature.implementation == implementation);
            let filed = match signature {
                Some(signature) => match own.into_iter().find(|f| f.id() == signature) {
                    Some(finding) => self.file(run, finding, "").map(|_| ()),
                    None => Ok(()),
                },
                None => {
                    self.record_findings(run, own, "");
                    Ok(())
                }
            };
            if filed.is_err() {
                return Ok(0);
            }
        }
        for (case, run) in cases.iter().zip(&runs) {
            self.record_case(case, run, "");
        }
        Ok(cases.len())
    }

    /// Asks every implementation each case the reports hold that this run did not (a shrunk
    /// case, a case of one implementation's own campaign) and records what they show, until
    /// every case the reports hold has been: the next run replays these cases for every
    /// implementation, and would find what they show new. Returns how many cases were asked.
    pub fn close(&mut self) -> usize {
        let mut asked = 0;
        loop {
            let mut cases: Vec<Request> = Vec::new();
            let mut seen: HashSet<u64> = HashSet::new();
            for case in self.collector.kept_cases() {
                let key = case_key(case);
                if !self.recorded.contains(&key) && seen.insert(key) {
                    cases.push(case.clone());
                }
            }
            if cases.is_empty() || crate::impls::process::interrupt_requested() {
                return asked;
            }
            let runs = self.engine.run_all(&cases);
            if runs.len() < cases.len() {
                return asked;
            }
            for (case, run) in cases.iter().zip(&runs) {
                // Noted even where it shows nothing, so that no case is asked twice.
                self.recorded.insert(case_key(case));
                self.record(run, "");
            }
            asked += cases.len();
        }
    }

    /// Writes the reports and removes those on disk this run did not produce (see
    /// [`Campaign::replay`]).
    pub fn write_pruning(&self) -> io::Result<Vec<Report>> {
        self.collector.write_pruning()
    }

    /// Writes the reports (merged with those on disk) and the index.
    pub fn write(&self) -> io::Result<Vec<Report>> {
        self.collector.write()
    }
}

/// A new finding shrunk, then, where a parse of its strings shows the same behaviour
/// ([`Engine::cause`]: a resolution that accepts an invalid reference because the parser does),
/// that parse shrunk in its place: the report is the parser's, and the resolution's signature
/// becomes another name of it. What a set of the library's departures reproduces is signed by
/// that set ([`Engine::attributed`]); a normalization that gives back what the implementation's
/// own parser refuses is signed so ([`Engine::given_back`]), and so is an operation that accepts
/// what that parser refuses ([`Engine::unvalidated`]); otherwise it is signed by its symptom.
fn shrunk_to_cause(engine: &Engine, finding: &Finding) -> Finding {
    let minimal = engine.shrink(finding, SHRINK_BUDGET);
    // A law on a parse rests on the resolution of its own input, which a shrunk input may
    // not share (another resolution's cause): its cause is sought before shrinking.
    let cause = if finding.signature.kind == crate::diff::compare::DifferenceKind::ResolutionLaw {
        engine.cause(finding)
    } else {
        engine.cause(&minimal)
    };
    let (first, minimal) = match cause {
        Some(parse) => {
            let shrunk = engine.shrink(&parse, SHRINK_BUDGET);
            (parse, shrunk)
        }
        None => (finding.clone(), minimal),
    };
    // Shrinking keeps the symptom, not the mechanism: a case that loses its scheme may be read
    // by another departure than the case it came from (a host unchecked after "a://" is a
    // path after "//"). The shrunk case is signed by its departures where they reproduce the
    // case it came from too, or that case names the same mechanism; where that case names
    // another, it is the report's case, signed by its own. Where no set reproduces that case
    // (it shows a second cause beside the symptom the shrinker kept), the symptom is the
    // shrunk case's mechanism: a report signed by the symptom would show a case its mechanism
    // names, one cause twice, and the second cause shows on cases of its own.
    let mechanism = |f: &Finding| f.known.as_ref().map(|k| k.filed_as());
    // A normalizer that gives back what its parser refuses is that cause whatever departure
    // the answer happens to match (the input kept, its triplets' case kept with it).
    if let Some(given_back) = engine.given_back(&minimal) {
        return given_back;
    }
    let Some(shrunk) = engine.attributed(&minimal) else {
        // The shrunk case is no departure's, but the case it came from may be: its symptom's
        // shrinking left the mechanism for another cause with the same symptom. The mechanism
        // is the report's, shrunk on what its departures reproduce.
        return engine
            .unvalidated(&minimal)
            .or_else(|| {
                let before = engine.attributed(&first)?;
                engine.shrink_attributed(&before, SHRINK_BUDGET)
            })
            .unwrap_or(minimal);
    };
    // The symptom's shrinking kept what its symptom needed (a leading space a parse's
    // character class reads): the mechanism's case is shrunk again on what its departures
    // reproduce, as long as it stays that mechanism's.
    let by_mechanism = |shrunk: Finding| {
        engine
            .shrink_attributed(&shrunk, SHRINK_BUDGET)
            .filter(|again| mechanism(again) == mechanism(&shrunk))
            .unwrap_or(shrunk)
    };
    let ids = shrunk.known.as_ref().map_or_else(Vec::new, |k| k.ids());
    if engine.reproduces(&first, &ids) {
        return by_mechanism(shrunk);
    }
    match engine.attributed(&first) {
        Some(before) if mechanism(&before) == mechanism(&shrunk) => by_mechanism(shrunk),
        Some(before) => before,
        None => by_mechanism(shrunk),
    }
}

/// The cases one real-world URL makes: parse it, normalize it, and resolve a typical relative
/// link against it.
pub fn url_cases(url: &str) -> [Request; 3] {
    [
        Request::parse(url),
        Request::Normalize {
            input: url.to_owned(),
            level: None,
        },
        Request::Resolve {
            base: url.to_owned(),
            input: "../x/./y?q#f".to_owned(),
            strict: true,
        },
    ]
}

/// A URL list: its source name (`urls/web-kasztp.txt`) and its lines.
pub(crate) type UrlList = (String, Vec<String>);

/// The longest line a URL list may hold; a longer one is skipped with a warning.
pub(crate) const LONGEST_URL: usize = 1 << 20;

/// One URL list (one URL a line): its non-empty lines, and a warning naming the file and line
/// of each line skipped (not UTF-8, or longer than [`LONGEST_URL`] bytes).
pub(crate) fn read_url_list(file: &Path) -> io::Result<(Vec<String>, Vec<String>)> {
    let bytes = std::fs::read(file)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", file.display())))?;
    let mut lines = Vec::new();
    let mut warnings = Vec::new();
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        // A byte-order mark is not part of the first URL.
        let line = if index == 0 {
            line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line)
        } else {
            line
        };
        if line.is_empty() {
            continue;
        }
        if line.len() > LONGEST_URL {
            warnings.push(format!(
                "{}:{}: a line of {} bytes, longer than {LONGEST_URL}: skipped",
                file.display(),
                index + 1,
                line.len()
            ));
            continue;
        }
        match std::str::from_utf8(line) {
            Ok(text) => lines.push(text.to_owned()),
            Err(e) => warnings.push(format!(
                "{}:{}: not UTF-8 ({e}): skipped",
                file.display(),
                index + 1
            )),
        }
    }
    Ok((lines, warnings))
}

/// The URL lists of a directory (`*.txt`, one URL a line), sorted, as (source name, lines),
/// with the warnings of [`read_url_list`]. A missing directory is no lists: the data may not
/// be there in a user's clone.
pub(crate) fn url_lists_with_warnings(dir: &Path) -> io::Result<(Vec<UrlList>, Vec<String>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut lists = Vec::new();
    let mut warnings = Vec::new();
    for file in files {
        let (lines, skipped) = read_url_list(&file)?;
        let name = format!(
            "urls/{}",
            file.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        );
        warnings.extend(skipped);
        lists.push((name, lines));
    }
    Ok((lists, warnings))
}

/// [`url_lists_with_warnings`], the warnings printed on standard error.
pub fn url_lists(dir: &Path) -> io::Result<Vec<(String, Vec<String>)>> {
    let (lists, warnings) = url_lists_with_warnings(dir)?;
    for warning in warnings {
        eprintln!("warning: {warning}");
    }
    Ok(lists)
}

/// The default place of the real-world URL lists: the checkout's `data/urls`
/// ([`crate::locations::data`]).
pub fn default_urls_dir() -> PathBuf {
    crate::locations::data("urls")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::{About, Implementation};
    use crate::model::{Components, Outcome};
    use crate::reference::{HostKind, ParseOptions, Rule};
    use std::sync::Arc;

    /// Accepts an invalid port two ways: by starting it after the authority's last ":"
    /// (`//a:b:1`, the departure `port-after-last-colon`), and by answering a host of its own
    /// for a port that is not digits (`//a:x`, which no departure reproduces). One symptom,
    /// two causes.
    struct TwoCausesOfOnePort;

    impl Implementation for TwoCausesOfOnePort {
        fn about(&self) -> About<'_> {
            About {
                name: "two-causes",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            let reference = crate::impls::reference::Reference.parse(input, rule, options);
            // An authority alone, or with the path "/" (a departure's witness has one).
            let Some((authority, path)) = input.strip_prefix("//").and_then(|a| {
                let (authority, path) = a.split_at(a.find('/').unwrap_or(a.len()));
                (!a.contains(['?', '#']) && (path.is_empty() || path == "/"))
                    .then_some((authority, path))
            }) else {
                return reference;
            };
            if reference.is_valid() {
                return reference;
            }
            let parsed = |host: &str, port: Option<&str>| Outcome::Parsed {
                components: Components {
                    scheme: None,
                    userinfo: None,
                    host: Some(host.to_owned()),
                    port: port.map(str::to_owned),
                    path: path.to_owned(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(HostKind::RegName),
            };
            match authority.rsplit_once(':') {
                Some((host, port))
                    if host.contains(':')
                        && !port.is_empty()
                        && port.bytes().all(|b| b.is_ascii_digit())
                        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b':') =>
                {
                    parsed(host, Some(port))
                }
                _ => parsed("zzz", None),
            }
        }
    }

    fn reports_after(order: [&str; 2]) -> Vec<Report> {
        let engine = Engine::in_thread(
            vec![Arc::new(TwoCausesOfOnePort)],
            crate::diff::Catalogue::bundled(),
        );
        let dir = std::env::temp_dir().join(format!(
            "two-causes-{}-{}",
            std::process::id(),
            order[0].len()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let mut campaign = Campaign::new(&engine, &dir);
        for input in order {
            campaign.case(&Request::parse(input), "vectors");
        }
        let mut reports = campaign.write().expect("written");
        let _ = std::fs::remove_dir_all(&dir);
        reports.sort_by(|a, b| a.signature.cmp(&b.signature));
        reports
    }

    #[test]
    fn a_symptom_of_two_causes_makes_the_same_reports_in_either_order() {
        let departure = "//a:b:1";
        let other = "//a:x";
        let one = reports_after([departure, other]);
        let two = reports_after([other, departure]);
        let named = |reports: &[Report]| -> Vec<String> {
            reports.iter().map(|r| r.signature.clone()).collect()
        };
        assert_eq!(named(&one), named(&two));
        assert!(named(&one).contains(&"port-after-last-colon".to_owned()));
        for report in one.iter().chain(&two) {
            let shows = |input: &str| {
                std::iter::once(&report.minimal.case)
                    .chain(&report.examples)
                    .any(|case| *case == Request::parse(input))
            };
            if report.signature == "port-after-last-colon" {
                assert!(!shows(other), "{report:?}");
            } else {
                assert!(!shows(departure), "{report:?}");
            }
        }
    }
}
