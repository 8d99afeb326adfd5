//! Parse throughput on real-world URLs: the reference against every bundled crate's own parse
//! entry point, in one run. `cargo bench --bench parse` (reads ../shared/data/urls/*.txt, or
//! `URLS_DIR`; without them, a generated list). Prints a Markdown table.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One contender: a name and a function that parses one input and says whether it accepted it.
type Parser = (&'static str, fn(&str) -> bool);

fn parsers() -> Vec<Parser> {
    let mut all: Vec<Parser> = vec![("reference", |s| {
        uri_conformance::reference::parse(s).is_ok()
    })];
    #[cfg(feature = "fluent-uri")]
    all.push(("fluent-uri", |s| fluent_uri::UriRef::parse(s).is_ok()));
    #[cfg(feature = "iri-string")]
    all.push(("iri-string", |s| {
        iri_string::types::UriReferenceStr::new(s).is_ok()
    }));
    #[cfg(feature = "iref")]
    all.push(("iref", |s| iref::UriRef::new(s).is_ok()));
    #[cfg(feature = "oxiri")]
    all.push(("oxiri", |s| oxiri::IriRef::parse(s).is_ok()));
    #[cfg(feature = "uriparse")]
    all.push(("uriparse", |s| uriparse::URIReference::try_from(s).is_ok()));
    #[cfg(feature = "url")]
    all.push(("url", |s| url::Url::parse(s).is_ok()));
    #[cfg(feature = "http")]
    all.push(("http", |s| s.parse::<http::Uri>().is_ok()));
    #[cfg(feature = "ada")]
    all.push(("ada-url", |s| ada_url::Url::parse(s, None).is_ok()));
    all
}

fn urls() -> (String, Vec<String>) {
    let dir = std::env::var_os("URLS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        PathBuf::from,
    );
    let mut lines = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        for file in files {
            if let Ok(text) = std::fs::read_to_string(&file) {
                lines.extend(
                    text.trim_start_matches('\u{feff}')
                        .lines()
                        .filter(|l| !l.is_empty())
                        .map(str::to_owned),
                );
            }
        }
    }
    if lines.is_empty() {
        let generated = (0..50_000)
            .map(|i| {
                format!(
                    "https://host{}.example.com:{}/a/b{}/c.html?q={}#f{}",
                    i % 97,
                    8000 + i % 100,
                    i,
                    i * 7,
                    i % 13
                )
            })
            .collect();
        return ("generated URLs".to_owned(), generated);
    }
    (dir.display().to_string(), lines)
}

fn main() {
    let (source, urls) = urls();
    let bytes: usize = urls.iter().map(String::len).sum();
    println!(
        "{} URLs ({:.1} MB) from {source}\n",
        urls.len(),
        bytes as f64 / 1e6
    );
    let mut rows = Vec::new();
    for (name, parse) in parsers() {
        // Warm up, then take the best of several timed passes of at least half a second.
        let accepted = urls.iter().filter(|u| parse(u)).count();
        let mut best = Duration::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let mut passes = 0u32;
            while start.elapsed() < Duration::from_millis(500) || passes == 0 {
                for url in &urls {
                    black_box(parse(black_box(url)));
                }
                passes += 1;
            }
            best = best.min(start.elapsed() / passes);
        }
        rows.push((name, best, accepted));
    }
    let fluent = rows
        .iter()
        .find(|(n, _, _)| *n == "fluent-uri")
        .map(|(_, t, _)| *t);
    println!(
        "| implementation | ns/URL | MB/s | accepted | time vs fluent-uri |\n|---|---|---|---|---|"
    );
    for (name, time, accepted) in &rows {
        let ns = time.as_nanos() as f64 / urls.len() as f64;
        let mbs = bytes as f64 / time.as_secs_f64() / 1e6;
        let ratio = fluent.map_or_else(
            || "-".to_owned(),
            |f| format!("{:.2}x", time.as_secs_f64() / f.as_secs_f64()),
        );
        println!("| {name} | {ns:.0} | {mbs:.0} | {accepted} | {ratio} |");
    }
}
