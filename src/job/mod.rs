//! The main job as a library call: the conformance matrix and the WHATWG profile, the stored
//! cases replayed, the corpus and the URL lists, a fuzz campaign over every implementation and
//! one of each implementation alone, then the reports and the pages written from them
//! (`uri-conformance run`; a test runs it the same way).
//!
//! [`run`] takes a [`Job`] (what to compare, where the reports go, the budgets) and returns a
//! [`Summary`]; it prints nothing itself but through the job's `log`.

mod phases;
mod sweep;

pub use phases::{Phase, Phases};
pub use sweep::{Announcer, sweep};

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::campaign::{self, Campaign};
use crate::diff::{Catalogue, Engine};
use crate::ecosystem::Adapter;
use crate::fuzz::{self, FirstFind};
use crate::generate::Op;
use crate::impls::Implementation;
use crate::impls::spec::Specification;
use crate::protocol::Request;
use crate::report::field::Parser;
use crate::report::pages::{Page, Pages};
use crate::{confusion, matrix, report, vectors};

/// What the main job compares, where it writes, and how far it fuzzes.
pub struct Job<'a> {
    /// The implementations compared: each also runs a fuzz campaign of its own (but the
    /// reference). They are shared, not started again, by the campaign of each alone.
    pub implementations: Vec<Arc<dyn Implementation>>,
    /// The engine's time limit per case and implementation.
    pub guard: Duration,
    /// The adapters of the ecosystem list the implementations came from (the field's
    /// languages, libraries and folders); empty without one.
    pub adapters: Vec<Adapter>,
    /// The selection the confusion page names (`--ecosystem adapters/ecosystem.json`), or "".
    pub selection: String,
    /// Where the reports go.
    pub reports: PathBuf,
    /// The real-world URL lists, if any.
    pub urls: Option<PathBuf>,
    /// The web-platform-tests folder for the WHATWG profile, if any.
    pub wpt: Option<PathBuf>,
    /// The web-platform-tests setter cases for url's setters, if any.
    pub wpt_setters: Option<PathBuf>,
    /// Cases of the fuzz campaign over every implementation at once (seed 1, one job).
    pub fuzz_cases: u64,
    /// Cases of each implementation's own fuzz campaign, by its name (0: none).
    pub fuzz_cases_per_impl: &'a dyn Fn(&str) -> u64,
    /// What prints a new signature of a fuzz campaign as it is found, if anything.
    pub announce: Option<fn(&FirstFind)>,
    /// Where the job's progress lines go.
    pub log: &'a dyn Fn(&str),
    /// Set from outside (a signal) to stop the campaigns early; what was found is written.
    pub stop: &'a AtomicBool,
}

/// Cases of the fuzz campaign over every implementation at once: 200,000 in the main job,
/// 20,000 in a run of the field (dozens of programs, some of which answer a few thousand cases
/// a second).
pub fn fuzz_cases(field: bool) -> u64 {
    if field { 20_000 } else { 200_000 }
}

/// Cases of each implementation's own fuzz campaign in a run of the field.
const FIELD_PER_IMPLEMENTATION_FUZZ_CASES: u64 = 20_000;

/// Cases of each implementation's own fuzz campaign in the main job: 250,000, two and a half
/// times what the deepest row of the museum takes (each since-fixed bug whose release builds
/// is found within 100,000 cases, docs/museum.md), beyond the deepest behaviour each crate's
/// own campaign reaches at its seed, but url's (docs/fuzzing.md).
const PER_IMPLEMENTATION_FUZZ_CASES: u64 = 250_000;

/// Crates whose own campaign in the main job runs longer: url's reaches a confirmed bug, a
/// file URL's drive letter split by a tab (`url-file-drive-letter-split-at-tab`), after about
/// half a million cases (645,364 at its seed in the main job; 78,489 to 640,957 at seeds 1 to
/// 6, none within a million at seed 4), which no other campaign of the job finds.
const DEEPER_FUZZ_CASES: [(&str, u64); 1] = [("url", 1_000_000)];

/// Cases of `name`'s own fuzz campaign: in the main job 250,000, and 1,000,000 for url; in a
/// run of the field (`field`) 20,000 for each.
pub fn fuzz_cases_per_impl(name: &str, field: bool) -> u64 {
    if field {
        return FIELD_PER_IMPLEMENTATION_FUZZ_CASES;
    }
    DEEPER_FUZZ_CASES
        .iter()
        .find(|(deeper, _)| *deeper == name)
        .map_or(PER_IMPLEMENTATION_FUZZ_CASES, |&(_, cases)| cases)
}

/// What a main job leaves besides its reports.
#[derive(Debug)]
pub struct Summary {
    /// How many reports the folder holds.
    pub reports: usize,
    /// The pages written beside them, as they were written.
    pub pages: Pages,
    /// The reference's own properties, broken on a fuzz case (a bug of the reference).
    pub violations: Vec<String>,
    /// The catalogue entries that matched nothing in this run.
    pub stale: Vec<String>,
    /// What each phase cost, as a table.
    pub phases: String,
}

/// Runs the main job: see the module's documentation.
pub fn run(job: &Job<'_>) -> Result<Summary, String> {
    let log = job.log;
    let reports = job.reports.as_path();
    let mut phases = Phases::start();
    phases.next("start the implementations");
    let catalogue = catalogue_for(&job.implementations)?;
    let engine = Engine::new(job.implementations.clone(), job.guard, catalogue);
    // What is on disk before anything is written: the job ends by listing what changed.
    if let Some(root) = crate::locations::checkout() {
        report::set_root_from_reports(reports, &root);
    }
    let before = report::changes::Before::read(reports);
    phases.next("matrix and WHATWG profile");
    let (mut matrix, profile) = run_matrix(&engine, job.wpt.as_deref(), log)?;
    let mut campaign = Campaign::new(&engine, reports);
    // Every stored case again first, so that reports follow the catalogue as it is now.
    phases.next("replay of stored cases");
    let replayed = campaign.replay().map_err(|e| e.to_string())?;
    log(&format!("{replayed} stored cases replayed"));
    // The main job's own new signatures are listed by the reports it writes.
    let mut quiet = Announcer::new(|_| {}, job.stop);
    phases.next("vectors and URL lists");
    sweep(
        &engine,
        &mut campaign,
        &mut quiet,
        true,
        job.urls.as_deref(),
        None,
    )?;
    let campaign = Mutex::new(campaign);
    let options = fuzz::Options {
        duration: None,
        cases: Some(job.fuzz_cases),
        seed: 1,
        jobs: 1,
        ops: vec![Op::Parse, Op::Resolve, Op::Normalize],
        batch: 64,
        raw_bytes: false,
        announce: job.announce,
        label: String::new(),
        trace: None,
        generation: None,
    };
    log(&format!(
        "fuzz: every implementation, {} cases",
        job.fuzz_cases
    ));
    phases.next("fuzz: every implementation");
    let summary = fuzz::run(
        &engine,
        &campaign,
        &options,
        job.stop,
        &fuzz::Progress::default(),
    );
    log(&format!(
        "fuzz: {} cases ({:.0} execs/s), {} violations of the reference's properties",
        summary.cases,
        summary.execs_per_second(),
        summary.violations.len()
    ));
    let mut violations = summary.violations;
    // Each implementation alone, with its own budget: the cases run on one engine of that
    // implementation, and what they find is recorded (and shrunk) through the shared campaign.
    for (index, implementation) in job.implementations.iter().enumerate() {
        let name = implementation.about().name.to_owned();
        let cases = (job.fuzz_cases_per_impl)(&name);
        if name == "reference" || cases == 0 {
            continue;
        }
        let solo = vec![Arc::clone(implementation)];
        let catalogue = catalogue_for(&solo)?;
        let solo = Engine::new(solo, job.guard, catalogue);
        // A seed of its own per implementation, so that the runs do not repeat one another's
        // inputs.
        let options = fuzz::Options {
            cases: Some(cases),
            seed: options.seed + 1 + index as u64,
            label: format!(", {name} alone"),
            trace: None,
            ..options.clone()
        };
        log(&format!("fuzz: {name} alone, {cases} cases"));
        phases.next(format!("fuzz: {name} alone"));
        let summary = fuzz::run(
            &solo,
            &campaign,
            &options,
            job.stop,
            &fuzz::Progress::default(),
        );
        log(&format!(
            "fuzz: {name}: {} cases in {:.1}s ({:.0} execs/s), {} new signatures ({} candidate bugs)",
            summary.cases,
            summary.elapsed.as_secs_f64(),
            summary.execs_per_second(),
            summary.signatures,
            summary.candidate_bugs
        ));
        violations.extend(summary.violations);
    }
    phases.next("reports, field and pages");
    let mut campaign = campaign.into_inner().unwrap_or_else(|e| e.into_inner());
    // Every case the reports will hold asked of every implementation, as the next run's replay
    // will ask it: what it shows is found now, not by that run.
    log(&format!(
        "{} stored cases asked of every implementation",
        campaign.close()
    ));
    // The matrix links each failure to its report, which may be filed under another
    // signature (its shrunk case's, or its cause's).
    report::matrix::link_reports(&mut matrix, |name, signature| {
        campaign.report_name(name, signature)
    });
    let stats = campaign.stats();
    let written = campaign.write_pruning().map_err(|e| e.to_string())?;
    log(&written_line(&stats, written.len(), reports));
    // Every page, made from what the run found and the reports it wrote, then written at once.
    let mut pages = matrix_pages(&matrix, profile.as_ref())?;
    for page in field_pages(job, &engine, &matrix, profile.as_ref(), &written)? {
        pages.push(page);
    }
    if let Some(page) = job
        .wpt_setters
        .as_deref()
        .and_then(|cases| setters_page(cases, log))
    {
        pages.push(page);
    }
    let stale = engine.catalogue().stale(&engine.names());
    pages.push(report::index::catalogue_page(engine.catalogue(), &stale));
    pages.write(reports, log).map_err(|e| e.to_string())?;
    before.print(reports, log);
    Ok(Summary {
        reports: written.len(),
        pages,
        violations: violations.iter().map(ToString::to_string).collect(),
        stale: stale.iter().map(|entry| entry.id.clone()).collect(),
        phases: phases.table(),
    })
}

/// The specification each implementation claims (`about.spec`), with a line on standard error
/// for a claim that names none of them: that implementation is judged by RFC 3986.
pub(crate) fn claims(implementations: &[Arc<dyn Implementation>]) -> Vec<(String, Specification)> {
    implementations
        .iter()
        .map(|i| {
            let about = i.about();
            let spec = Specification::from_claim(about.spec).unwrap_or_else(|| {
                eprintln!(
                    "warning: {} claims the specification {:?}, which is none of {}; it is judged by RFC 3986",
                    about.name,
                    about.spec,
                    Specification::documented()
                );
                Specification::Rfc3986
            });
            (about.name.to_owned(), spec)
        })
        .collect()
}

/// The bundled catalogue, with the URL Standard's model for every implementation that claims
/// it and the catalogue each implementation brings of its own documented behaviour (an
/// adapter's `known-differences.yaml`); an error names a catalogue that cannot be read.
pub fn catalogue_for(implementations: &[Arc<dyn Implementation>]) -> Result<Catalogue, String> {
    let mut own = Vec::new();
    for implementation in implementations {
        if let Some(path) = implementation.catalogue_file() {
            let text = vectors::read_regular_file(&path, 8 << 20)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            own.push((implementation.about().name.to_owned(), path, text));
        }
    }
    Catalogue::bundled_with(&claims(implementations), &own)
}

/// What a campaign wrote, on one line.
pub fn written_line(stats: &campaign::Stats, reports: usize, dir: &Path) -> String {
    format!(
        "{} cases, {} findings in {} signatures ({} not covered by the catalogue); {reports} reports in {}",
        stats.cases,
        stats.findings,
        stats.signatures,
        stats.candidate_bugs,
        dir.display()
    )
}

/// The `matrix` command: the matrix and the WHATWG profile of `engine`'s implementations
/// (see [`run_matrix`]), written into `reports` as pages that name no report (the command
/// writes none, so the pages link only to files that exist); returns the pages.
pub fn matrix(
    engine: &Engine,
    reports: &Path,
    wpt: Option<&Path>,
    log: &dyn Fn(&str),
) -> Result<Pages, String> {
    let (mut matrix, profile) = run_matrix(engine, wpt, log)?;
    report::matrix::unlink_reports(&mut matrix);
    let pages = matrix_pages(&matrix, profile.as_ref())?;
    pages.write(reports, log).map_err(|e| e.to_string())?;
    Ok(pages)
}

/// The corpus's vectors asked of `engine`'s implementations (the conformance matrix), and the
/// web-platform-tests cases of `wpt`, if given, asked of those that follow the URL Standard
/// (the WHATWG profile), with a table of each one's counts to `log`. Nothing is written: the
/// pages are [`matrix_pages`].
pub(crate) fn run_matrix(
    engine: &Engine,
    wpt: Option<&Path>,
    log: &dyn Fn(&str),
) -> Result<(matrix::Matrix, Option<report::whatwg_profile::Profile>), String> {
    let corpus = vectors::load_default().map_err(|e| e.to_string())?;
    let result = matrix::run(engine, &corpus);
    log(&format!(
        "{:<14} {:>6} {:>6} {:>6} {:>12}",
        "implementation", "pass", "fail", "known", "unsupported"
    ));
    for (name, _) in &result.implementations {
        let count = |v: &str| {
            result
                .rows
                .iter()
                .filter(|r| r.results.get(name).is_some_and(|x| x.verdict.name() == v))
                .count()
        };
        log(&format!(
            "{name:<14} {:>6} {:>6} {:>6} {:>12}",
            count("pass"),
            count("fail"),
            count("known"),
            count("unsupported")
        ));
    }
    let profile = match wpt {
        Some(dir) => Some(whatwg_profile(engine, dir, log)?),
        None => None,
    };
    Ok((result, profile))
}

/// The matrix's pages (`conformance.{json,md,html}`) and the WHATWG profile's
/// (`whatwg.{md,json}`), if there is one.
pub(crate) fn matrix_pages(
    matrix: &matrix::Matrix,
    profile: Option<&report::whatwg_profile::Profile>,
) -> Result<Pages, String> {
    let mut pages = Pages::default();
    pages.push(report::matrix::page(matrix).map_err(|e| e.to_string())?);
    if let Some(profile) = profile {
        pages.push(report::whatwg_profile::page(profile).map_err(|e| e.to_string())?);
    }
    Ok(pages)
}

/// The web-platform-tests cases of `dir` against the implementations that follow the URL
/// Standard.
fn whatwg_profile(
    engine: &Engine,
    dir: &Path,
    log: &dyn Fn(&str),
) -> Result<report::whatwg_profile::Profile, String> {
    let chosen: Vec<&dyn Implementation> = engine
        .implementations()
        .filter(|i| Specification::from_claim(i.about().spec) == Some(Specification::UrlStandard))
        .collect();
    let profile = report::whatwg_profile::run(dir, &chosen).map_err(|e| e.to_string())?;
    for p in &profile.implementations {
        log(&format!(
            "{:<14} WHATWG: {} pass, {} fail, {} unsupported",
            p.name, p.pass, p.fail, p.unsupported
        ));
    }
    Ok(profile)
}

/// The field (`field.{json,md,html}`: every parser with its results and bugs), the departures
/// seen (`mechanisms.md`) and the URL-confusion table (`confusion.{json,md}`) of the run's
/// implementations, as pages.
fn field_pages(
    job: &Job<'_>,
    engine: &Engine,
    matrix: &matrix::Matrix,
    profile: Option<&report::whatwg_profile::Profile>,
    written: &[report::Report],
) -> Result<[Page; 3], String> {
    let parsers: Vec<Parser> = engine
        .implementations()
        .map(|implementation| parser(implementation, &job.adapters))
        .collect();
    let field = report::field::build(parsers, matrix, profile, written);
    // In the field's order: by language, then name.
    let names: Vec<String> = field
        .parsers
        .iter()
        .map(|row| row.parser.name.clone())
        .collect();
    let mechanisms = report::mechanisms::build(&names, written, engine.catalogue());
    let corpus = vectors::load_default().map_err(|e| e.to_string())?;
    let corpus_inputs = corpus
        .iter()
        .filter_map(|vector| match matrix::request(vector) {
            Some(Request::Parse { input, .. }) => Some(input),
            _ => None,
        });
    let budget = confusion::Budget::default();
    let inputs = confusion::inputs(corpus_inputs, &budget);
    let table = confusion::find(engine, &inputs, &budget);
    Ok([
        report::field::page(&field).map_err(|e| e.to_string())?,
        report::mechanisms::page(&mechanisms),
        report::confusion::page(&table, &job.selection).map_err(|e| e.to_string())?,
    ])
}

/// One implementation as the field lists it: an adapter of the ecosystem list, another
/// program, or a bundled crate.
fn parser(implementation: &dyn Implementation, adapters: &[Adapter]) -> Parser {
    let about = implementation.about();
    let judged_by = match Specification::from_claim(about.spec) {
        Some(Specification::UrlStandard) => "URL Standard",
        Some(Specification::Rfc3987) => "RFC 3987 (IRI rules), RFC 3986",
        Some(Specification::Rfc9112) => "RFC 3986 (RFC 9112 forms)",
        _ => "RFC 3986",
    }
    .to_owned();
    match adapters.iter().find(|a| a.name == about.name) {
        Some(adapter) => Parser {
            name: about.name.to_owned(),
            language: adapter.language.clone(),
            library: adapter.library.clone(),
            version: adapter.version.clone(),
            spec: about.spec.to_owned(),
            judged_by,
            bundled: false,
            adapter: adapter.adapter.clone(),
        },
        None if implementation.command_line().is_some() => Parser {
            name: about.name.to_owned(),
            language: "?".to_owned(),
            library: about.name.to_owned(),
            version: about.version.to_owned(),
            spec: about.spec.to_owned(),
            judged_by,
            bundled: false,
            adapter: String::new(),
        },
        None => {
            let (library, version) = about.version.split_once(' ').unwrap_or((about.version, ""));
            Parser {
                name: about.name.to_owned(),
                language: "Rust".to_owned(),
                library: library.to_owned(),
                version: version.to_owned(),
                spec: about.spec.to_owned(),
                judged_by,
                bundled: true,
                adapter: about.docs.to_owned(),
            }
        }
    }
}

/// url's setters against the web-platform-tests setter cases of `cases`: `url-setters.md`;
/// `None`, with a line to `log`, when the cases cannot be read (or url is not built in).
fn setters_page(cases: &Path, log: &dyn Fn(&str)) -> Option<Page> {
    #[cfg(feature = "url")]
    {
        use crate::report::pages::{Format, name};
        use crate::setters;
        let loaded = match setters::load(cases) {
            Ok(loaded) => loaded,
            Err(e) => {
                log(&format!("setter cases not read: {e}"));
                return None;
            }
        };
        let run = setters::run(&loaded);
        let source = cases
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = setters::markdown(&run, &format!("web-platform-tests {source}"));
        let summary = format!(
            "url's setters pass {} of {} web-platform-tests cases",
            run.cases - run.failures.len(),
            run.cases
        );
        Some(Page::new(name::URL_SETTERS, summary).with(Format::Markdown, text))
    }
    #[cfg(not(feature = "url"))]
    {
        let _ = (cases, log);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budgets_are_the_main_jobs_and_the_fields() {
        assert_eq!(fuzz_cases(false), 200_000);
        assert_eq!(fuzz_cases(true), 20_000);
        assert_eq!(fuzz_cases_per_impl("url", false), 1_000_000);
        assert_eq!(fuzz_cases_per_impl("fluent-uri", false), 250_000);
        // A run of the field gives each the same budget, url included.
        assert_eq!(fuzz_cases_per_impl("url", true), 20_000);
        assert_eq!(fuzz_cases_per_impl("go-net-url", true), 20_000);
    }
}
