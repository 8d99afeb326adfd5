//! `run` (the main job: the matrix, the WHATWG profile, the stored cases replayed, the corpus
//! and the URL lists, the fuzz campaigns, the setters; writing `reports/`) and `matrix`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use uri_conformance::campaign::{self, Campaign};
use uri_conformance::diff::Engine;
use uri_conformance::generate::Op;
use uri_conformance::impls::Implementation;
use uri_conformance::impls::spec::Specification;
use uri_conformance::locations::Source;
use uri_conformance::protocol::Request;
use uri_conformance::report::field::Parser;
use uri_conformance::{confusion, fuzz, matrix, report, vectors, whatwg};

use super::diff::{Announcer, sweep};
use super::phases::Phases;
use super::{ReportsOption, STOP, Selection, existing, fail, reports_folder};

/// `run`.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    selection: Selection,
    /// Where the reports go (default: `reports`, or `reports/ecosystem` with --ecosystem).
    #[arg(long)]
    reports: Option<PathBuf>,
    /// The real-world URL lists (`*.txt`) (default: the checkout's `data/urls`, skipped outside
    /// a checkout; with --ecosystem, only when given).
    #[arg(long)]
    urls: Option<PathBuf>,
    /// Cases of the fuzz campaign over every implementation at once (seed 1, one job, so
    /// that the run is reproducible) (default: 200,000; 20,000 with --ecosystem).
    #[arg(long)]
    fuzz_cases: Option<u64>,
    /// Cases of each implementation's own fuzz campaign, after the shared one (a seed of
    /// its own, one job): one crate alone runs several times faster, so deep behaviours come
    /// within reach (see docs/fuzzing.md for the budget and its cost) (default: 250,000, and
    /// 1,000,000 for url; 20,000 with --ecosystem).
    #[arg(long)]
    fuzz_cases_per_impl: Option<u64>,
    /// The web-platform-tests setter cases, for url's setters (default: `setters_tests.json`
    /// of the web-platform-tests folder, as for --wpt; skipped when missing).
    #[arg(long)]
    wpt_setters: Option<PathBuf>,
    #[command(flatten)]
    wpt: WptOption,
}

/// Where the WHATWG profile's web-platform-tests data is.
#[derive(Args)]
pub struct WptOption {
    /// The web-platform-tests URL data for the WHATWG profile: a folder holding
    /// `urltestdata.json` (and `toascii.json`), or that file itself (default:
    /// `$URI_CONFORMANCE_WPT`, else the checkout's `data/wpt`, skipped outside a checkout).
    #[arg(long, value_name = "DIR")]
    wpt: Option<PathBuf>,
}

impl WptOption {
    /// The folder, checked when given: a given path that holds no `urltestdata.json` is an
    /// error; the default may be missing (`None`, with a line saying so).
    fn folder(&self) -> Result<Option<PathBuf>, String> {
        if let Some(given) = &self.wpt {
            let dir = if given.is_file() {
                given.parent().map(Path::to_owned).unwrap_or_default()
            } else {
                given.clone()
            };
            return if dir.join("urltestdata.json").is_file() {
                Ok(Some(dir))
            } else {
                Err(format!(
                    "--wpt {}: no urltestdata.json there",
                    given.display()
                ))
            };
        }
        let dir = whatwg::wpt::default_dir();
        if dir.join("urltestdata.json").is_file() {
            Ok(Some(dir))
        } else {
            println!(
                "no urltestdata.json in {} (WHATWG profile skipped; give the folder with --wpt DIR or ${})",
                dir.display(),
                whatwg::wpt::ENV
            );
            Ok(None)
        }
    }
}

impl RunArgs {
    /// Whether this is a run of the field (`--ecosystem`), with its own defaults.
    fn field(&self) -> bool {
        self.selection.ecosystem_option().is_some()
    }

    fn reports(&self) -> PathBuf {
        self.reports.clone().unwrap_or_else(|| {
            PathBuf::from(if self.field() {
                "reports/ecosystem"
            } else {
                "reports"
            })
        })
    }

    fn fuzz_cases(&self) -> u64 {
        self.fuzz_cases
            .unwrap_or(if self.field() { 20_000 } else { 200_000 })
    }

    /// The cases of `name`'s own fuzz campaign.
    fn fuzz_cases_per_impl(&self, name: &str) -> u64 {
        self.fuzz_cases_per_impl.unwrap_or(if self.field() {
            FIELD_PER_IMPLEMENTATION_FUZZ_CASES
        } else {
            per_implementation_fuzz_cases(name)
        })
    }
}

/// Each implementation's own fuzz campaign in a run of the field: dozens of programs, some
/// of which answer a few thousand cases a second.
const FIELD_PER_IMPLEMENTATION_FUZZ_CASES: u64 = 20_000;

/// `matrix`.
#[derive(Args)]
pub struct MatrixArgs {
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    reports: ReportsOption,
    #[command(flatten)]
    wpt: WptOption,
}

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

/// Cases of `name`'s own fuzz campaign in the main job.
fn per_implementation_fuzz_cases(name: &str) -> u64 {
    DEEPER_FUZZ_CASES
        .iter()
        .find(|(deeper, _)| *deeper == name)
        .map_or(PER_IMPLEMENTATION_FUZZ_CASES, |&(_, cases)| cases)
}

/// `matrix`.
pub fn matrix(args: &MatrixArgs) -> ExitCode {
    let reports = match args.reports.folder("matrix") {
        Ok(dir) => dir,
        Err(e) => return fail(e),
    };
    let engine = match args.selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let wpt = match args.wpt.folder() {
        Ok(wpt) => wpt,
        Err(e) => return fail(e),
    };
    if let Some(root) = uri_conformance::locations::checkout() {
        report::set_root_from_reports(&reports, &root);
    }
    match write_matrix(&engine, &reports, false, wpt.as_deref()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// `run`.
pub fn run(args: &RunArgs) -> ExitCode {
    if let Err(e) = reports_folder(&args.reports()) {
        return fail(e);
    }
    let urls = match (&args.urls, args.field()) {
        (None, true) => None,
        (given, _) => Some(Source::or_default(
            given.clone(),
            campaign::default_urls_dir,
        )),
    };
    let setters = Source::or_default(
        args.wpt_setters.clone(),
        uri_conformance::setters::default_path,
    );
    let urls = match urls.as_ref().map(|urls| existing(urls, "URL lists")) {
        None => None,
        Some(Ok(urls)) => urls,
        Some(Err(e)) => return fail(e),
    };
    let setters = match existing(&setters, "setter cases") {
        Ok(setters) => setters,
        Err(e) => return fail(e),
    };
    main_job(args, urls.as_deref(), setters.as_deref())
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

/// The matrix (`conformance.{md,json,html}`) and the WHATWG profile (`whatwg.{md,json}`) of
/// `engine`'s implementations. Without `with_reports` (`matrix` alone writes no reports), the
/// pages are written here and name no report, so that they link only to files that exist;
/// with it (`run`), the caller writes them once the reports are written and named.
pub fn write_matrix(
    engine: &Engine,
    reports: &Path,
    with_reports: bool,
    wpt: Option<&Path>,
) -> Result<(matrix::Matrix, Option<report::whatwg_profile::Profile>), ExitCode> {
    let corpus = vectors::load_default().map_err(fail)?;
    let mut result = matrix::run(engine, &corpus);
    if !with_reports {
        for row in &mut result.rows {
            for answer in row.results.values_mut() {
                answer.signature = None;
            }
        }
        report::matrix::write(reports, &result).map_err(fail)?;
    }
    println!(
        "{:<14} {:>6} {:>6} {:>6} {:>12}",
        "implementation", "pass", "fail", "known", "unsupported"
    );
    for (name, _) in &result.implementations {
        let count = |v: &str| {
            result
                .rows
                .iter()
                .filter(|r| r.results.get(name).is_some_and(|x| x.verdict.name() == v))
                .count()
        };
        println!(
            "{name:<14} {:>6} {:>6} {:>6} {:>12}",
            count("pass"),
            count("fail"),
            count("known"),
            count("unsupported")
        );
    }
    if !with_reports {
        println!(
            "matrix written to {}",
            reports.join("conformance.md").display()
        );
    }
    let profile = match wpt {
        Some(dir) => Some(write_whatwg_profile(engine, reports, dir)?),
        None => None,
    };
    Ok((result, profile))
}

/// The web-platform-tests cases against the implementations that follow the URL Standard:
/// reports/whatwg.{md,json}; skipped when the data is not there.
fn write_whatwg_profile(
    engine: &Engine,
    reports: &Path,
    dir: &Path,
) -> Result<report::whatwg_profile::Profile, ExitCode> {
    let chosen: Vec<&dyn Implementation> = engine
        .implementations()
        .filter(|i| Specification::from_claim(i.about().spec) == Some(Specification::UrlStandard))
        .collect();
    let profile = report::whatwg_profile::run(dir, &chosen).map_err(fail)?;
    report::whatwg_profile::write(reports, &profile)
        .map_err(|e| fail(format!("{}: {e}", reports.join("whatwg.md").display())))?;
    for p in &profile.implementations {
        println!(
            "{:<14} WHATWG: {} pass, {} fail, {} unsupported",
            p.name, p.pass, p.fail, p.unsupported
        );
    }
    println!(
        "WHATWG profile written to {}",
        reports.join("whatwg.md").display()
    );
    Ok(profile)
}

fn main_job(args: &RunArgs, urls: Option<&Path>, wpt_setters: Option<&Path>) -> ExitCode {
    let (selection, reports) = (&args.selection, args.reports());
    let reports = reports.as_path();
    let fuzz_cases = args.fuzz_cases();
    let mut phases = Phases::start();
    phases.next("start the implementations");
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    // What is on disk before anything is written: the job ends by listing what changed.
    if let Some(root) = uri_conformance::locations::checkout() {
        report::set_root_from_reports(reports, &root);
    }
    let before = report::changes::Before::read(reports);
    let wpt = match args.wpt.folder() {
        Ok(wpt) => wpt,
        Err(e) => return fail(e),
    };
    phases.next("matrix and WHATWG profile");
    let (matrix, profile) = match write_matrix(&engine, reports, true, wpt.as_deref()) {
        Ok(written) => written,
        Err(code) => return code,
    };
    let mut campaign = Campaign::new(&engine, reports);
    // Every stored case again first, so that reports follow the catalogue as it is now.
    phases.next("replay of stored cases");
    match campaign.replay() {
        Ok(n) => println!("{n} stored cases replayed"),
        Err(e) => return fail(e),
    }
    // The main job's own new signatures are listed by the reports it writes.
    let mut quiet = Announcer::new(|_| {});
    phases.next("vectors and URL lists");
    if let Err(e) = sweep(&engine, &mut campaign, &mut quiet, true, urls, None) {
        return fail(e);
    }
    let campaign = std::sync::Mutex::new(campaign);
    let options = fuzz::Options {
        duration: None,
        cases: Some(fuzz_cases),
        seed: 1,
        jobs: 1,
        ops: vec![Op::Parse, Op::Resolve, Op::Normalize],
        batch: 64,
        raw_bytes: false,
        announce: Some(super::announce_text),
        label: String::new(),
        trace: None,
        generation: None,
    };
    println!("fuzz: every implementation, {fuzz_cases} cases");
    phases.next("fuzz: every implementation");
    let summary = fuzz::run(
        &engine,
        &campaign,
        &options,
        &STOP,
        &fuzz::Progress::default(),
    );
    println!(
        "fuzz: {} cases ({:.0} execs/s), {} violations of the reference's properties",
        summary.cases,
        summary.execs_per_second(),
        summary.violations.len()
    );
    let mut violations = summary.violations;
    // Each implementation alone, with its own budget: the cases run on one engine of that
    // implementation, and what they find is recorded (and shrunk) through the shared campaign.
    let implementations = match selection.implementations() {
        Ok(all) => all,
        Err(e) => return fail(e),
    };
    for (index, implementation) in implementations.into_iter().enumerate() {
        let name = implementation.about().name.to_owned();
        let fuzz_cases_per_impl = args.fuzz_cases_per_impl(&name);
        if name == "reference" || fuzz_cases_per_impl == 0 {
            continue;
        }
        let solo = vec![implementation];
        let catalogue = match super::catalogue_for(&solo) {
            Ok(catalogue) => catalogue,
            Err(e) => return fail(e),
        };
        let solo = Engine::new(solo, selection.guard(), catalogue);
        // A seed of its own per implementation, so that the runs do not repeat one another's
        // inputs.
        let options = fuzz::Options {
            cases: Some(fuzz_cases_per_impl),
            seed: options.seed + 1 + index as u64,
            label: format!(", {name} alone"),
            trace: None,
            ..options.clone()
        };
        println!("fuzz: {name} alone, {fuzz_cases_per_impl} cases");
        phases.next(format!("fuzz: {name} alone"));
        let summary = fuzz::run(
            &solo,
            &campaign,
            &options,
            &STOP,
            &fuzz::Progress::default(),
        );
        println!(
            "fuzz: {name}: {} cases in {:.1}s ({:.0} execs/s), {} new signatures ({} candidate bugs)",
            summary.cases,
            summary.elapsed.as_secs_f64(),
            summary.execs_per_second(),
            summary.signatures,
            summary.candidate_bugs
        );
        violations.extend(summary.violations);
    }
    phases.next("reports, field and pages");
    let mut campaign = campaign.into_inner().unwrap_or_else(|e| e.into_inner());
    // Every case the reports will hold asked of every implementation, as the next run's replay
    // will ask it: what it shows is found now, not by that run.
    println!(
        "{} stored cases asked of every implementation",
        campaign.close()
    );
    // The matrix links each failure to its report, which may be filed under another
    // signature (its shrunk case's, or its cause's): written again with those names.
    let mut matrix = matrix;
    for row in &mut matrix.rows {
        for (name, result) in &mut row.results {
            if let Some(signature) = &result.signature {
                result.signature = campaign.report_name(name, signature);
            }
        }
    }
    if let Err(e) = report::matrix::write(reports, &matrix) {
        return fail(e);
    }
    println!(
        "matrix written to {}",
        reports.join("conformance.md").display()
    );
    let stats = campaign.stats();
    let written = match campaign.write_pruning() {
        Ok(all) => {
            println!("{}", written_line(&stats, all.len(), reports));
            all
        }
        Err(e) => return fail(e),
    };
    if let Err(e) = write_field(args, &engine, reports, &matrix, profile.as_ref(), &written) {
        return fail(e);
    }
    if let Some(cases) = wpt_setters {
        write_setters(cases, reports);
    }
    let stale = engine.catalogue().stale(&engine.names());
    if let Err(e) = report::index::write_catalogue(reports, engine.catalogue(), &stale) {
        return fail(e);
    }
    before.print(reports);
    for entry in &stale {
        println!(
            "stale catalogue entry: {} (matched nothing in this run)",
            entry.id
        );
    }
    for violation in violations.iter().take(20) {
        println!("reference property violated: {violation}");
    }
    print!("{}", phases.table());
    if violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The field (`field.{md,json,html}`: every parser with its results and bugs) and the
/// URL-confusion table (`confusion.{md,json}`) of the run's implementations.
fn write_field(
    args: &RunArgs,
    engine: &Engine,
    reports: &Path,
    matrix: &matrix::Matrix,
    profile: Option<&report::whatwg_profile::Profile>,
    written: &[report::Report],
) -> Result<(), String> {
    let listed = args.selection.ecosystem()?;
    let parsers: Vec<Parser> = engine
        .implementations()
        .map(|implementation| {
            let about = implementation.about();
            let judged_by = match Specification::from_claim(about.spec) {
                Some(Specification::UrlStandard) => "URL Standard",
                Some(Specification::Rfc3987) => "RFC 3987 (IRI rules), RFC 3986",
                Some(Specification::Rfc9112) => "RFC 3986 (RFC 9112 forms)",
                _ => "RFC 3986",
            }
            .to_owned();
            match listed.iter().find(|a| a.name == about.name) {
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
                    let (library, version) =
                        about.version.split_once(' ').unwrap_or((about.version, ""));
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
        })
        .collect();
    let field = report::field::build(parsers, matrix, profile, written);
    report::field::write(reports, &field).map_err(|e| format!("{}: {e}", reports.display()))?;
    println!(
        "field: {} parsers ({})",
        field.parsers.len(),
        reports.join("field.md").display()
    );
    // In the field's order: by language, then name.
    let names: Vec<String> = field
        .parsers
        .iter()
        .map(|row| row.parser.name.clone())
        .collect();
    let mechanisms = report::mechanisms::build(&names, written, engine.catalogue());
    report::mechanisms::write(reports, &mechanisms)
        .map_err(|e| format!("{}: {e}", reports.display()))?;
    println!(
        "mechanisms: {} departures seen ({})",
        mechanisms.departures.len(),
        reports.join("mechanisms.md").display()
    );
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
    let selection = args
        .selection
        .ecosystem_option()
        .map(|list| {
            uri_conformance::locations::relative_paths(&format!("--ecosystem {}", list.display()))
        })
        .unwrap_or_default();
    report::confusion::write(reports, &table, &selection)
        .map_err(|e| format!("{}: {e}", reports.display()))?;
    println!(
        "confusion: {} minimal inputs read differently ({})",
        table.confusions.len(),
        reports.join("confusion.md").display()
    );
    Ok(())
}

/// url's setters against the web-platform-tests setter cases: `reports/url-setters.md`.
fn write_setters(cases: &Path, reports: &Path) {
    #[cfg(feature = "url")]
    {
        use uri_conformance::setters;
        let loaded = match setters::load(cases) {
            Ok(loaded) => loaded,
            Err(e) => {
                println!("setter cases not read: {e}");
                return;
            }
        };
        let run = setters::run(&loaded);
        let name = cases
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = setters::markdown(&run, &format!("web-platform-tests {name}"));
        let path = reports.join("url-setters.md");
        match report::write_atomically(&path, text.as_bytes()) {
            Ok(()) => println!(
                "url setters: {} of {} web-platform-tests cases pass ({})",
                run.cases - run.failures.len(),
                run.cases,
                path.display()
            ),
            Err(e) => println!("{}: {e}", path.display()),
        }
    }
    #[cfg(not(feature = "url"))]
    let _ = (cases, reports);
}
