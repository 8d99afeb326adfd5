//! Parse throughput on real-world URLs: the reference against every bundled crate's own parse
//! entry point, in one run. `cargo bench --bench parse` (reads data/urls/*.txt, or
//! `URLS_DIR`; without them, a generated list). Prints a Markdown table. The implementations
//! are timed in turns, one pass each per round, and the reference's speed over fluent-uri's is
//! given per round (its spread says how much the machine's load moved).

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
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/urls"),
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
    // Every implementation once per round, in an order that turns each round, so that a change
    // of load falls on all of them alike; each round's time is one timed pass of at least a
    // quarter second after a warm-up.
    const ROUNDS: usize = 9;
    let all = parsers();
    let accepted: Vec<usize> = all
        .iter()
        .map(|(_, parse)| urls.iter().filter(|u| parse(u)).count())
        .collect();
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); all.len()];
    for round in 0..ROUNDS {
        for k in 0..all.len() {
            let index = (k + round) % all.len();
            let parse = all[index].1;
            let start = Instant::now();
            let mut passes = 0u32;
            while start.elapsed() < Duration::from_millis(250) || passes == 0 {
                for url in &urls {
                    black_box(parse(black_box(url)));
                }
                passes += 1;
            }
            times[index].push(start.elapsed() / passes);
        }
    }
    let median = |t: &[Duration]| {
        let mut sorted = t.to_vec();
        sorted.sort();
        sorted[sorted.len() / 2]
    };
    let fluent = all.iter().position(|(n, _)| *n == "fluent-uri");
    println!(
        "| implementation | ns/URL (median of {ROUNDS} rounds) | best | MB/s | accepted | time vs fluent-uri (median) |\n|---|---|---|---|---|---|"
    );
    for (index, (name, _)) in all.iter().enumerate() {
        let time = median(&times[index]);
        let best = times[index].iter().min().copied().unwrap_or_default();
        let ns = |t: Duration| t.as_nanos() as f64 / urls.len() as f64;
        let mbs = bytes as f64 / time.as_secs_f64() / 1e6;
        let ratio = fluent.map_or_else(
            || "-".to_owned(),
            |f| {
                format!(
                    "{:.2}x",
                    time.as_secs_f64() / median(&times[f]).as_secs_f64()
                )
            },
        );
        println!(
            "| {name} | {:.0} | {:.0} | {mbs:.0} | {} | {ratio} |",
            ns(time),
            ns(best),
            accepted[index]
        );
    }
    if let Some(f) = fluent {
        // The reference's speed over fluent-uri's. Two contenders timed a quarter second each
        // with seven others between them are up to two seconds apart, and on a shared machine
        // the load moves in two seconds: their ratio then measures the load. Here the two take
        // turns pass by pass (one pass over every URL is a few milliseconds), so that each
        // round's ratio is taken under the same load.
        const PAIRED_ROUNDS: usize = 9;
        const PASSES: usize = 24;
        let (reference, fluent_uri) = (all[0].1, all[f].1);
        let mut ratios: Vec<f64> = (0..PAIRED_ROUNDS)
            .map(|_| {
                let (mut r, mut g) = (Duration::ZERO, Duration::ZERO);
                for pass in 0..PASSES {
                    // Who goes first alternates too.
                    let order = if pass % 2 == 0 {
                        [(reference, &mut r), (fluent_uri, &mut g)]
                    } else {
                        [(fluent_uri, &mut g), (reference, &mut r)]
                    };
                    for (parse, total) in order {
                        let start = Instant::now();
                        for url in &urls {
                            black_box(parse(black_box(url)));
                        }
                        *total += start.elapsed();
                    }
                }
                g.as_secs_f64() / r.as_secs_f64()
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "\nThe reference's speed over fluent-uri's, the two taking turns pass by pass ({PASSES} passes each per round), per round: median {:.2}x, min {:.2}x, max {:.2}x ({}).",
            ratios[ratios.len() / 2],
            ratios[0],
            ratios[ratios.len() - 1],
            ratios
                .iter()
                .map(|r| format!("{r:.2}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}
