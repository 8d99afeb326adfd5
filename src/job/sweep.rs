//! A batch of cases through a campaign: the corpus, the URL lists and an input file, each new
//! signature announced as it is found (`diff --vectors`, `--urls`, `--input-file`, and the main
//! job's sweep).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::campaign::{self, Campaign};
use crate::diff::Engine;
use crate::fuzz::FirstFind;
use crate::protocol::Request;
use crate::{matrix, vectors};

/// Prints each new signature of a batch as it is found, and keeps them.
pub struct Announcer<'s> {
    print: fn(&FirstFind),
    stop: &'s AtomicBool,
    started: Instant,
    cases: u64,
    /// Every new signature, in the order found.
    pub found: Vec<FirstFind>,
}

impl<'s> Announcer<'s> {
    /// An announcer printing with `print`; a batch that ends while `stop` is set is dropped.
    pub fn new(print: fn(&FirstFind), stop: &'s AtomicBool) -> Self {
        Announcer {
            print,
            stop,
            started: Instant::now(),
            cases: 0,
            found: Vec::new(),
        }
    }

    /// Runs `cases` through `campaign`, announcing each signature it has not seen before.
    pub fn cases(
        &mut self,
        engine: &Engine,
        campaign: &mut Campaign<'_>,
        cases: &[Request],
        source: &str,
    ) {
        let runs = engine.run_all(cases);
        if self.stop.load(Ordering::SeqCst) {
            // Stopped while the cases ran: the answers missing from external programs say
            // nothing, so the batch is dropped.
            return;
        }
        for (case, run) in cases.iter().zip(runs) {
            self.cases += 1;
            // The new reports, each signed and shown by its shrunk case.
            let fresh: Vec<FirstFind> = campaign
                .record_case(case, &run, source)
                .iter()
                .map(|finding| campaign.first_find(finding, self.cases, self.started.elapsed()))
                .collect();
            for find in fresh {
                (self.print)(&find);
                self.found.push(find);
            }
        }
    }
}

/// The corpus (when `use_vectors`), the URL lists of `urls` and the lines of `input_file`
/// through the campaign; a missing `urls` or `input_file` is an error.
pub fn sweep(
    engine: &Engine,
    campaign: &mut Campaign<'_>,
    announcer: &mut Announcer<'_>,
    use_vectors: bool,
    urls: Option<&Path>,
    input_file: Option<&Path>,
) -> Result<(), String> {
    if use_vectors && !announcer.stop.load(Ordering::SeqCst) {
        let corpus = vectors::load_default().map_err(|e| e.to_string())?;
        let cases: Vec<Request> = corpus.iter().filter_map(matrix::request_with_iri).collect();
        announcer.cases(engine, campaign, &cases, "vectors");
    }
    let mut lists = match urls {
        Some(dir) if !dir.is_dir() => {
            return Err(format!("{}: no such directory", dir.display()));
        }
        Some(dir) => campaign::url_lists(dir).map_err(|e| format!("{}: {e}", dir.display()))?,
        None => Vec::new(),
    };
    if let Some(file) = input_file {
        let (lines, warnings) = campaign::read_url_list(file).map_err(|e| e.to_string())?;
        for warning in warnings {
            eprintln!("warning: {warning}");
        }
        lists.push((file.display().to_string(), lines));
    }
    for (source, lines) in &lists {
        for chunk in lines.chunks(256) {
            if announcer.stop.load(Ordering::SeqCst) {
                return Ok(());
            }
            let cases: Vec<Request> = chunk.iter().flat_map(|l| campaign::url_cases(l)).collect();
            announcer.cases(engine, campaign, &cases, source);
        }
    }
    Ok(())
}
