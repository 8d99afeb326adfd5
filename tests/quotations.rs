//! Every passage a report quotes as the RFC's is the RFC's own text: each line of a citation
//! is an ABNF rule found in RFC 3986 or RFC 6874, or a sentence between double quotes whose
//! parts (split at " ... ", where words are left out) appear in order in the RFC, white space
//! folded. Read in place from `../shared/data/rfc/` (skipped with a line when absent): RFC
//! 3986's passages from `rfc3986.txt`, RFC 3987's from `rfc3987.txt`.

use uri_conformance::report::rfc::every_quotation;

fn folded(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The RFC text a citation of `section` quotes from, folded; `None` for RFC 6874, which the
/// shared folder does not hold.
fn source<'a>(section: &str, rfc3986: &'a str, rfc3987: &'a str) -> Option<&'a str> {
    if section.starts_with("RFC 3987") {
        Some(rfc3987)
    } else if section.starts_with("RFC 3986") {
        Some(rfc3986)
    } else {
        None
    }
}

/// An RFC's text without its page breaks (the form feed, the footer and header lines).
fn body(text: &str, header: &str, footer: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with(footer) && !l.starts_with(header))
        .map(|l| l.replace('\u{c}', ""))
        .collect();
    folded(&lines.join("\n"))
}

/// Whether `quote` (one line of a citation) is found in `source`.
fn found(quote: &str, source: &str) -> bool {
    let quote = quote.trim();
    let body = match quote.strip_prefix('"').and_then(|q| q.strip_suffix('"')) {
        Some(sentence) => sentence,
        None => quote,
    };
    let mut rest = source;
    for part in body.split(" ... ") {
        let part = folded(part);
        match rest.find(&part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// RFC 3986's and RFC 3987's texts without their page breaks, read in place from
/// `../shared/data/rfc/`; `None` (with a line saying so) where they are absent.
fn rfc_bodies() -> Option<(String, String)> {
    let dir = uri_conformance::locations::shared_data("rfc");
    let (Ok(text3986), Ok(text3987)) = (
        std::fs::read_to_string(dir.join("rfc3986.txt")),
        std::fs::read_to_string(dir.join("rfc3987.txt")),
    ) else {
        eprintln!(
            "skipped: no rfc3986.txt and rfc3987.txt in {}",
            dir.display()
        );
        return None;
    };
    Some((
        body(&text3986, "RFC 3986 ", "Berners-Lee, et al."),
        body(&text3987, "RFC 3987 ", "Duerst & Suignard"),
    ))
}

#[test]
fn every_quotation_is_the_rfcs_own_text() {
    let Some((rfc3986, rfc3987)) = rfc_bodies() else {
        return;
    };
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (section, passage) in every_quotation() {
        let Some(source) = source(section, &rfc3986, &rfc3987) else {
            continue;
        };
        for line in passage.lines().filter(|l| !l.trim().is_empty()) {
            checked += 1;
            if !found(line, source) {
                wrong.push(format!("{section}: {line}"));
            }
        }
    }
    assert!(checked > 20, "only {checked} lines checked");
    assert!(
        wrong.is_empty(),
        "not the RFC's words:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_check_refuses_a_paraphrase() {
    let source = folded("a string already in   normal\n form stays as it is");
    assert!(found("\"a string already in normal form stays\"", &source));
    assert!(found("\"a string ... stays as it is\"", &source));
    assert!(!found(
        "\"a string already in normal form normalizes to itself\"",
        &source
    ));
    assert!(!found("\"stays ... a string\"", &source));
}

/// The text a reader meets in `path`: a Rust file's comment markers and string escapes gone,
/// a text file's lines joined, so a quotation wrapped over lines reads as one.
fn readable(path: &std::path::Path, text: &str) -> String {
    let rust = path.extension().is_some_and(|e| e == "rs");
    let lines = text.lines().map(|line| {
        let line = line.trim_start();
        if rust {
            ["//!", "///", "//"]
                .iter()
                .find_map(|marker| line.strip_prefix(marker))
                .unwrap_or(line)
        } else {
            line
        }
    });
    let joined = lines.collect::<Vec<_>>().join(" ");
    let joined = joined.replace("\\\"", "\"");
    if rust {
        joined.replace("\\n", " ")
    } else {
        joined
    }
}

/// Every `§N.N: "sentence"` in `text` (also `§N.N says "`, `§N.N "`, `§N.N itself: "`) whose
/// sentence has four words or more and is not put to another specification just before the
/// section sign: (section, sentence).
fn section_quotations(text: &str) -> Vec<(String, String)> {
    let other = ["URL Standard", "UTS", "Errata"];
    let mut found = Vec::new();
    for (at, _) in text.match_indices('§') {
        let after = &text[at + '§'.len_utf8()..];
        let digits = after
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(after.len());
        let section = after[..digits].trim_end_matches('.');
        if section.is_empty() {
            continue;
        }
        let rest = &after[digits..];
        let Some(open) = rest.find('"') else { continue };
        let between = &rest[..open];
        let lead = between.trim();
        if between.len() > 12 || !["", ":", "says", "itself:"].contains(&lead) {
            continue;
        }
        let quoted = &rest[open + 1..];
        let Some(close) = quoted.find('"') else {
            continue;
        };
        let sentence = quoted[..close].trim();
        let before = &text[text[..at]
            .char_indices()
            .rev()
            .nth(60)
            .map_or(0, |(i, _)| i)..at];
        if sentence.split_whitespace().count() < 4
            || !sentence.starts_with(|c: char| c.is_ascii_alphabetic() || c == '[')
            || other.iter().any(|o| before.contains(o))
            || another_rfc(before)
        {
            continue;
        }
        found.push((section.to_owned(), sentence.to_owned()));
    }
    found
}

/// Whether the last RFC `before` names is one other than RFC 3986 and RFC 3987.
fn another_rfc(before: &str) -> bool {
    before.rfind("RFC ").is_some_and(|at| {
        let number: String = before[at + 4..]
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        !number.is_empty() && number != "3986" && number != "3987"
    })
}

/// A text folded for comparison: white space folded, lowercase, single quotes as double
/// (a quotation inside a quotation), a word broken at a line's hyphen joined.
fn comparable(text: &str) -> String {
    folded(&text.to_lowercase().replace('\'', "\"")).replace("- ", "-")
}

/// Whether `sentence` is found in `source` (already `comparable`), its parts split at "..."
/// and at bracketed insertions ("[an implementation]") taken in order.
fn quoted_from(sentence: &str, source: &str) -> bool {
    let sentence = comparable(sentence);
    let mut rest = source;
    for part in sentence.split("...") {
        for piece in part
            .split('[')
            .map(|p| p.split_once(']').map_or(p, |(_, after)| after))
        {
            let piece = piece.trim().trim_end_matches('.').trim();
            if piece.is_empty() {
                continue;
            }
            match rest.find(piece) {
                Some(at) => rest = &rest[at + piece.len()..],
                None => return false,
            }
        }
    }
    true
}

/// The files whose words reach a report or a reader: the judge and its catalogues, the
/// adapters' catalogues, the docs.
fn quoting_files(top: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(
        dir: &std::path::Path,
        keep: &dyn Fn(&std::path::Path) -> bool,
        out: &mut Vec<std::path::PathBuf>,
    ) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                if !name.starts_with('.') && name != "node_modules" {
                    walk(&path, keep, out);
                }
            } else if keep(&path) {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    let judge = |p: &std::path::Path| p.extension().is_some_and(|e| e == "rs" || e == "yaml");
    walk(&top.join("src/diff"), &judge, &mut files);
    walk(
        &top.join("adapters"),
        &|p| p.ends_with("known-differences.yaml"),
        &mut files,
    );
    walk(
        &top.join("docs"),
        &|p| p.extension().is_some_and(|e| e == "md"),
        &mut files,
    );
    files.push(top.join("README.md"));
    files.sort();
    files
}

#[test]
fn every_sentence_the_judge_and_the_docs_quote_is_the_rfcs() {
    let Some((rfc3986, rfc3987)) = rfc_bodies() else {
        return;
    };
    // A section's sentence is looked for in both RFCs: RFC 3987's sections are cited bare
    // beside RFC 3986's where the text is about IRIs.
    let sources = [comparable(&rfc3986), comparable(&rfc3987)];
    let top = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut checked, mut wrong) = (0, Vec::new());
    for file in quoting_files(top) {
        let text = std::fs::read_to_string(&file).expect("a file the walk listed");
        for (section, sentence) in section_quotations(&readable(&file, &text)) {
            checked += 1;
            if !sources.iter().any(|source| quoted_from(&sentence, source)) {
                let name = file.strip_prefix(top).unwrap_or(&file).display();
                wrong.push(format!("{name}: §{section}: \"{sentence}\""));
            }
        }
    }
    assert!(checked > 100, "only {checked} quotations checked");
    assert!(
        wrong.is_empty(),
        "not the RFC's words:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_section_check_finds_a_misquotation_and_passes_an_edited_one() {
    let rfc = comparable(
        "URI producers and normalizers should omit the port component and its\n   \":\" delimiter if port is empty. Although schemes are case-\n   insensitive, the canonical form is lowercase",
    );
    let quotes = section_quotations(&readable(
        std::path::Path::new("a.md"),
        "(§3.2.3: \"URI producers\n and normalizers should omit the port component\") and\n§3.1 says \"Although schemes are case-insensitive ... the canonical form is lowercase\"; §6.2.3: \"the port component ... should be omitted\"; RFC 2396 §3.2: \"authority = server | reg_name here\"",
    ));
    let verdicts: Vec<(&str, bool)> = quotes
        .iter()
        .map(|(section, sentence)| (section.as_str(), quoted_from(sentence, &rfc)))
        .collect();
    assert_eq!(verdicts, [("3.2.3", true), ("3.1", true), ("6.2.3", false)]);
    let rust = readable(
        std::path::Path::new("a.rs"),
        "/// where §3.2.3 says \"URI producers and normalizers\n/// should omit [it] the port component\"",
    );
    let quotes = section_quotations(&rust);
    assert_eq!(quotes.len(), 1);
    assert!(quoted_from(&quotes[0].1, &rfc));
}
