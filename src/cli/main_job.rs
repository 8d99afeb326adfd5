//! `run` (the main job: the matrix, the WHATWG profile, the stored cases replayed, the corpus
//! and the URL lists, the fuzz campaigns, the setters; writing `reports/`) and `matrix`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use uri_conformance::campaign;
use uri_conformance::job::{self, Job};
use uri_conformance::locations::Source;
use uri_conformance::{report, whatwg};

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
            .unwrap_or_else(|| job::fuzz_cases(self.field()))
    }

    /// The cases of `name`'s own fuzz campaign.
    fn fuzz_cases_per_impl(&self, name: &str) -> u64 {
        self.fuzz_cases_per_impl
            .unwrap_or_else(|| job::fuzz_cases_per_impl(name, self.field()))
    }
}

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
    match job::matrix(&engine, &reports, wpt.as_deref(), &print_line) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// A progress line of a job, on standard output.
fn print_line(line: &str) {
    println!("{line}");
}

/// `run`.
pub fn run(args: &RunArgs) -> ExitCode {
    let reports = args.reports();
    if let Err(e) = reports_folder(&reports) {
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
    let wpt_setters = match existing(&setters, "setter cases") {
        Ok(setters) => setters,
        Err(e) => return fail(e),
    };
    let implementations = match args.selection.implementations() {
        Ok(all) => all,
        Err(e) => return fail(e),
    };
    let adapters = match args.selection.ecosystem() {
        Ok(adapters) => adapters,
        Err(e) => return fail(e),
    };
    let wpt = match args.wpt.folder() {
        Ok(wpt) => wpt,
        Err(e) => return fail(e),
    };
    let selection = args
        .selection
        .ecosystem_option()
        .map(|list| {
            uri_conformance::locations::relative_paths(&format!("--ecosystem {}", list.display()))
        })
        .unwrap_or_default();
    let per_impl = |name: &str| args.fuzz_cases_per_impl(name);
    let job = Job {
        implementations,
        guard: args.selection.guard(),
        adapters,
        selection,
        reports,
        urls,
        wpt,
        wpt_setters,
        fuzz_cases: args.fuzz_cases(),
        fuzz_cases_per_impl: &per_impl,
        announce: Some(super::announce_text),
        log: &print_line,
        stop: &STOP,
    };
    let summary = match job::run(&job) {
        Ok(summary) => summary,
        Err(e) => return fail(e),
    };
    for entry in &summary.stale {
        println!("stale catalogue entry: {entry} (matched nothing in this run)");
    }
    for violation in summary.violations.iter().take(20) {
        println!("reference property violated: {violation}");
    }
    print!("{}", summary.phases);
    if summary.violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
