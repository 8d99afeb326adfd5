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

#[test]
fn every_quotation_is_the_rfcs_own_text() {
    let dir = uri_conformance::locations::shared_data("rfc");
    let (Ok(text3986), Ok(text3987)) = (
        std::fs::read_to_string(dir.join("rfc3986.txt")),
        std::fs::read_to_string(dir.join("rfc3987.txt")),
    ) else {
        eprintln!(
            "skipped: no rfc3986.txt and rfc3987.txt in {}",
            dir.display()
        );
        return;
    };
    let rfc3986 = body(&text3986, "RFC 3986 ", "Berners-Lee, et al.");
    let rfc3987 = body(&text3987, "RFC 3987 ", "Duerst & Suignard");
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
