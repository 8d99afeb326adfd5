//! Every passage a report quotes as the RFC's is the RFC's own text: each line of a citation
//! is an ABNF rule found in RFC 3986 or RFC 6874, or a sentence between double quotes whose
//! parts (split at " ... ", where words are left out) appear in order in the RFC, white space
//! folded. Read in place from `../shared/data/rfc/` (skipped with a line when absent).

use uri_conformance::report::rfc::every_quotation;

fn folded(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The RFC texts a citation of `section` may quote from, folded.
fn sources(section: &str, rfc3986: &str) -> Vec<String> {
    if section.starts_with("RFC 6874") {
        // RFC 6874 is not in the shared folder: its rules are checked where RFC 3986's text
        // is not enough, by their own form only.
        Vec::new()
    } else {
        vec![rfc3986.to_owned()]
    }
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

#[test]
fn every_quotation_is_the_rfcs_own_text() {
    let dir = uri_conformance::locations::shared_data("rfc");
    let Ok(text) = std::fs::read_to_string(dir.join("rfc3986.txt")) else {
        eprintln!("skipped: no rfc3986.txt in {}", dir.display());
        return;
    };
    // Page breaks: the footer and header lines the RFC puts between pages.
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("Berners-Lee, et al.") && !l.starts_with("RFC 3986 "))
        .map(|l| l.replace('\u{c}', ""))
        .collect::<Vec<_>>()
        .join("\n");
    let rfc3986 = folded(&body);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (section, passage) in every_quotation() {
        for source in sources(section, &rfc3986) {
            for line in passage.lines().filter(|l| !l.trim().is_empty()) {
                checked += 1;
                if !found(line, &source) {
                    wrong.push(format!("{section}: {line}"));
                }
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
