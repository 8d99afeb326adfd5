//! `diff`: one case through every implementation, or a batch (the corpus, URL lists, a file of
//! inputs) with each new signature printed as it is found and reports written.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use clap::Args;
use uri_conformance::campaign::Campaign;
use uri_conformance::diff::compare::{self, SeenAlike};
use uri_conformance::diff::{CaseRun, Engine, Finding};
use uri_conformance::job::{Announcer, sweep};
use uri_conformance::model::Outcome;
use uri_conformance::protocol::{ParseRule, Request, Response};
use uri_conformance::reference::Level;
use uri_conformance::report::markdown::case_line;
use uri_conformance::report::on_record::{Novelty, OnRecord};
use uri_conformance::report::{rfc, visible_line};

use super::fuzz::OnRecordOption;
use super::{Output, ReportsOption, STOP, Selection, fail};

/// `diff`.
#[derive(Args)]
pub struct DiffArgs {
    /// The input (the reference, with --base); after `--` when it starts with `-`.
    input: Option<String>,
    /// Resolve INPUT against this base instead of parsing it.
    #[arg(long)]
    base: Option<String>,
    /// With --base: §5.2.2's non-strict mode.
    #[arg(long)]
    non_strict: bool,
    /// Normalize INPUT instead of parsing it.
    #[arg(long)]
    normalize: bool,
    /// With --normalize: scheme-based normalization too.
    #[arg(long)]
    scheme: bool,
    /// Parse by this rule.
    #[arg(long, value_parser = ParseRule::named)]
    rule: Option<ParseRule>,
    /// Parse with RFC 6874 zone identifiers accepted (the reference's; `parse --zone-id`).
    #[arg(long, conflicts_with_all = ["base", "normalize"])]
    zone_id: bool,
    /// One case as a protocol request in JSON (`{"op":"parse","input":"a\u0000b"}`, see
    /// docs/protocol.md): any character, NUL included, and any rule, level or mode.
    #[arg(long, value_name = "JSON", conflicts_with_all = ["input", "base", "non_strict", "normalize", "scheme", "rule", "zone_id"])]
    case: Option<String>,
    /// Run every vector of the corpus.
    #[arg(long)]
    vectors: bool,
    /// Run the URL lists (`*.txt`) of this directory, e.g. data/urls.
    #[arg(long)]
    urls: Option<PathBuf>,
    /// Run the URLs of this file, one a line.
    #[arg(long)]
    input_file: Option<PathBuf>,
    #[command(flatten)]
    reports: ReportsOption,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    on_record: OnRecordOption,
}

/// `diff`.
pub fn run(args: DiffArgs) -> ExitCode {
    if args.vectors || args.urls.is_some() || args.input_file.is_some() {
        return batch(&args);
    }
    let case = match (args.case, args.input) {
        (Some(json), _) => match case_from_json(&json) {
            Ok(case) => case,
            Err(e) => return fail(e),
        },
        (None, Some(input)) => case_from_args(
            input,
            args.base,
            args.normalize,
            args.scheme,
            args.rule,
            args.non_strict,
            args.zone_id,
        ),
        (None, None) => {
            eprintln!("error: give an INPUT or --case, or --vectors, --urls or --input-file");
            return ExitCode::from(2);
        }
    };
    // One case writes reports too when a folder is given (checked before the case is run).
    let reports = match &args.reports.reports {
        Some(_) => match args.reports.folder("diff") {
            Ok(dir) => Some(dir),
            Err(e) => return fail(e),
        },
        None => None,
    };
    let record = match args.on_record.load() {
        Ok(record) => record,
        Err(e) => return fail(e),
    };
    let engine = match args.selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let mut run = engine.run(&case);
    // A candidate is named by its mechanism where one is known, as a campaign names it.
    for finding in &mut run.findings {
        if let Some(named) = engine.by_mechanism(finding) {
            *finding = named;
        }
    }
    let written = match &reports {
        Some(dir) => {
            let mut campaign = Campaign::new(&engine, dir);
            campaign.record(&run, "diff");
            match campaign.write() {
                Ok(all) => Some((all.len(), dir)),
                Err(e) => return fail(e),
            }
        }
        None => None,
    };
    if args.output.json() {
        let mut object = json_of(&engine, &case, &run, record.as_ref());
        if let (Some((_, dir)), Some(fields)) = (written, object.as_object_mut()) {
            fields.insert("reports".to_owned(), serde_json::json!(dir));
        }
        super::print_json_line(&object);
    } else {
        print_text(&engine, &case, &run, record.as_ref());
        if let Some((count, dir)) = written {
            println!("\n{count} reports in {}", dir.display());
        }
    }
    args.output
        .fail_on()
        .status(run.findings.iter().map(super::Weighed::of_finding))
}

/// What one finding comes to: its verdict's name and a line of text.
fn verdict(finding: &Finding) -> (&'static str, String) {
    let id = finding.signature.id();
    match &finding.known {
        None => ("candidate-bug", format!("differs: {id} (candidate bug)")),
        Some(k) if finding.is_candidate() => (
            "candidate-bug",
            format!(
                "differs: {id} (candidate bug: undocumented departure {})",
                k.id
            ),
        ),
        Some(k) if finding.is_bug() => (
            "confirmed-bug",
            format!("differs: {id} (confirmed bug: {})", k.id),
        ),
        Some(k) => (
            "known",
            format!("differs: {id} (known: {}, {})", k.id, k.class.name()),
        ),
    }
}

/// An implementation's findings, bugs first (candidates, then confirmed ones), then known
/// differences: every one is shown, so that a known difference cannot hide a property failure.
fn findings_of<'a>(run: &'a CaseRun, name: &str) -> Vec<&'a Finding> {
    let mut findings: Vec<&Finding> = run
        .findings
        .iter()
        .filter(|f| f.signature.implementation == name)
        .collect();
    findings.sort_by_key(|f| (!f.is_bug(), f.known.is_some()));
    findings
}

/// The verdict of an answer without findings.
fn no_finding(answer: &Outcome) -> (&'static str, &'static str) {
    if answer.is_valid() || matches!(answer, Outcome::Invalid(_)) {
        ("agrees", "agrees")
    } else {
        ("not-compared", "not compared")
    }
}

/// Where an answer without findings has other text than the reference's: each field, with the
/// blind spots of the implementation that make the two equal for the comparison.
pub fn seen_alike(engine: &Engine, case: &Request, run: &CaseRun, name: &str) -> Vec<SeenAlike> {
    let Some(implementation) = engine.implementations().find(|i| i.about().name == name) else {
        return Vec::new();
    };
    let Some((_, answer)) = run.answers.iter().find(|(n, _)| n == name) else {
        return Vec::new();
    };
    compare::seen_alike(case, &run.reference, answer, implementation.blind_spots())
}

/// `scheme case-folded ("HTTP" as "http"), port empty-is-undefined ("" as null)`.
fn seen_alike_text(alike: &[SeenAlike]) -> String {
    let value = |v: &Option<String>| {
        v.as_ref()
            .map_or_else(|| "null".to_owned(), |v| format!("{v:?}"))
    };
    alike
        .iter()
        .map(|s| {
            let how: Vec<&str> = s.blind_spots.iter().map(|b| b.name()).collect();
            let how = if how.is_empty() {
                "-".to_owned()
            } else {
                how.join(" and ")
            };
            format!(
                "{} {how} ({} as {})",
                s.field.name(),
                value(&s.reference),
                value(&s.actual)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_text(engine: &Engine, case: &Request, run: &CaseRun, record: Option<&OnRecord>) {
    // Answers quote inputs and programs' messages: control characters are shown, not sent,
    // the line end among them (a program's text never starts a line of its own).
    let shown = |text: String| visible_line(&text).into_owned();
    println!("{}\n", case_line(case));
    let width = run
        .answers
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(9)
        .max(9);
    println!(
        "{:width$}  {}",
        "reference",
        shown(run.reference.describe())
    );
    // A parser that claims the URL Standard is judged by it: its answer is the expected one.
    let judged: Vec<&str> = run
        .answers
        .iter()
        .map(|(name, _)| name.as_str())
        .filter(|name| engine.catalogue().claims_url_standard(name, case))
        .collect();
    let standard = uri_conformance::whatwg::expected_outcome(case);
    if !judged.is_empty() && standard != Outcome::Unsupported {
        println!(
            "{:width$}  {}  (the judge of {})",
            "URL Std",
            shown(standard.describe()),
            judged.join(", ")
        );
    }
    for (name, answer) in &run.answers {
        println!("{name:width$}  {}", shown(answer.describe()));
        let findings = findings_of(run, name);
        if findings.is_empty() {
            let alike = seen_alike(engine, case, run, name);
            if alike.is_empty() {
                println!("{:width$}  -> {}", "", no_finding(answer).1);
            } else {
                // The texts differ: say what the comparison leaves out, so that an agreement
                // is never taken for the same answer.
                println!(
                    "{:width$}  -> {} through its blind spots: {}",
                    "",
                    no_finding(answer).1,
                    shown(seen_alike_text(&alike))
                );
            }
        }
        for finding in findings {
            println!("{:width$}  -> {}", "", shown(verdict(finding).1));
            if !finding.chain.is_empty() {
                println!("{:width$}     {}", "", shown(finding.chain.join(" -> ")));
            }
            if let Some(Novelty::OnRecord(file)) =
                record.map(|r| r.novelty(&finding.signature.to_string()))
            {
                println!(
                    "{:width$}     report: {}",
                    "",
                    shown(file.display().to_string())
                );
            }
        }
    }
}

/// The run as one JSON object: the case, the reference's answer, and each implementation's
/// answer in the protocol's form with its verdict (its first finding's) and every finding, each
/// with the catalogue entry that covers it, the RFC passage that decides it and, when `record`
/// holds its signature, the report there.
pub fn json_of(
    engine: &Engine,
    case: &Request,
    run: &CaseRun,
    record: Option<&OnRecord>,
) -> serde_json::Value {
    let answers: Vec<serde_json::Value> = run
        .answers
        .iter()
        .map(|(name, answer)| {
            let findings = findings_of(run, name);
            let each: Vec<serde_json::Value> = findings
                .iter()
                .map(|f| {
                    let (verdict, line) = verdict(f);
                    let signature = f.signature.to_string();
                    let citation = rfc::citation(f);
                    serde_json::json!({
                        "verdict": verdict,
                        "cause": line,
                        "signature": signature,
                        "known": f.known.as_ref().map(|k| serde_json::json!({
                            "id": k.id,
                            "class": k.class.name(),
                            "reason": k.reason,
                            "link": k.link,
                        })),
                        "security": f.is_security_relevant(),
                        "chain": f.chain,
                        "rfc": {
                            "section": citation.section,
                            "text": citation.text,
                            "note": citation.note,
                            "link": rfc_link(&citation.section),
                        },
                        "on_record": record.and_then(|r| match r.novelty(&signature) {
                            Novelty::OnRecord(file) => Some(file),
                            _ => None,
                        }),
                    })
                })
                .collect();
            let first = findings.first();
            let alike: Vec<serde_json::Value> = seen_alike(engine, case, run, name)
                .iter()
                .map(|s| {
                    serde_json::json!({
                        "field": s.field.name(),
                        "reference": s.reference,
                        "actual": s.actual,
                        "blind_spots": s.blind_spots.iter().map(|b| b.name()).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let spec = engine
                .implementations()
                .find(|i| i.about().name == name)
                .map(|i| i.about().spec.to_owned());
            serde_json::json!({
                "implementation": name,
                "spec": spec,
                "answer": Response::from(answer.clone()),
                "text": answer.describe(),
                "verdict": first.map_or(no_finding(answer).0, |f| verdict(f).0),
                "signature": first.map(|f| f.signature.to_string()),
                "security": findings.iter().any(|f| f.is_security_relevant()),
                "findings": each,
                "seen_alike": alike,
            })
        })
        .collect();
    serde_json::json!({
        "case": case,
        "case_line": case_line(case),
        "reference": Response::from(run.reference.clone()),
        "reference_text": run.reference.describe(),
        "answers": answers,
    })
}

/// The RFC Editor's address of a citation's section (`RFC 3986 §3.2.3`), if it names one.
fn rfc_link(section: &str) -> Option<String> {
    let (rfc, number) = section.split_once(" §")?;
    let digits = rfc.strip_prefix("RFC ")?;
    let number = number.split_whitespace().next()?;
    rfc::section_link(&format!("rfc{digits}"), number)
}

fn batch(args: &DiffArgs) -> ExitCode {
    let reports = match args.reports.folder("diff") {
        Ok(dir) => dir,
        Err(e) => return fail(e),
    };
    let engine = match args.selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let mut campaign = Campaign::new(&engine, &reports);
    let record = match args.on_record.load() {
        Ok(record) => record,
        Err(e) => return fail(e),
    };
    let record_dir = record.as_ref().map(|r| r.dir().to_owned());
    if let Some(record) = record {
        campaign.measured_against(record);
    }
    let mut announcer = Announcer::new(args.output.announcer(), &STOP);
    // A signal stops the batch as it stops fuzz: what was found (every signature printed) is
    // written, and the status says which signal it was.
    super::FUZZING.store(true, Ordering::SeqCst);
    if let Err(e) = sweep(
        &engine,
        &mut campaign,
        &mut announcer,
        args.vectors,
        args.urls.as_deref(),
        args.input_file.as_deref(),
    ) {
        return fail(e);
    }
    let stats = campaign.stats();
    let written = match campaign.write() {
        Ok(all) => all.len(),
        Err(e) => return fail(e),
    };
    args.output.summary(
        &format!(
            "{}{}{}",
            uri_conformance::job::written_line(&stats, written, &reports),
            super::fuzz::novelty_line(&announcer.found, record_dir.as_deref()),
            super::benched_lines()
        ),
        serde_json::json!({
            "cases": stats.cases,
            "findings": stats.findings,
            "signatures": stats.signatures,
            "candidate_bugs": stats.candidate_bugs,
            "new_to_record": super::fuzz::new_to_record(&announcer.found),
            "reports": reports,
            "benched": super::fuzz::benched_json(),
        }),
    );
    if let Some(code) = super::signalled() {
        return code;
    }
    args.output
        .fail_on()
        .status(announcer.found.iter().map(super::Weighed::of_find))
}

/// `--case`: one protocol request, checked as a program's would be.
fn case_from_json(json: &str) -> Result<Request, String> {
    let case: Request = serde_json::from_str(json).map_err(|e| {
        format!(
            "--case: not a protocol request ({e}): {}",
            visible_line(json)
        )
    })?;
    Ok(case)
}

/// The case INPUT and the options around it name.
fn case_from_args(
    input: String,
    base: Option<String>,
    normalize: bool,
    scheme: bool,
    rule: Option<ParseRule>,
    non_strict: bool,
    zone_id: bool,
) -> Request {
    match (base, normalize) {
        (Some(base), _) => Request::Resolve {
            base,
            input,
            strict: !non_strict,
        },
        (None, true) => Request::Normalize {
            input,
            level: Some(if scheme { Level::Scheme } else { Level::Syntax }),
        },
        (None, false) => Request::Parse {
            input,
            rule,
            zone_id,
        },
    }
}
