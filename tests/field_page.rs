//! The field's page in a real browser: at a common laptop width, the columns a chooser reads
//! (each parser's verdicts and bug counts) are on screen without scrolling sideways, with a
//! field as large as the ecosystem's (thirty-odd parsers, long claims and versions).

mod common;

use std::collections::BTreeMap;

use common::browser;
use uri_conformance::report::field::{self, Counts, Field, Parser, Row};

fn counts(pass: usize, asked: usize) -> Counts {
    Counts {
        pass,
        fail: asked - pass,
        known: 0,
        unsupported: 0,
    }
}

/// A field of `n` parsers whose names, libraries, versions and claims are as long as the
/// ecosystem's longest.
fn large_field(n: usize) -> Field {
    let parsers = (0..n)
        .map(|i| Row {
            parser: Parser {
                name: format!("node-legacy-url-parse-{i}"),
                language: "JavaScript".into(),
                library: "url.parse (Node.js legacy URL API)".into(),
                version: "Mono 6.8.0.105 (System 4.0.0.0) (adapters/dotnet/system-uri/run)".into(),
                spec:
                    "url-parse (no specification; Node's legacy url and the browser URL interfaces)"
                        .into(),
                judged_by: "RFC 3987 (IRI rules), RFC 3986".into(),
                bundled: false,
                adapter: "adapters/node/legacy-url-parse".into(),
            },
            operations: BTreeMap::from([
                ("parse".to_owned(), counts(538, 626)),
                ("resolve".to_owned(), counts(129, 157)),
                ("normalize".to_owned(), counts(79, 104)),
            ]),
            parts: BTreeMap::from([
                ("RFC 3986 §3".to_owned(), counts(419, 488)),
                ("RFC 3986 §5".to_owned(), counts(130, 158)),
            ]),
            whatwg: Some(counts(826, 891)),
            confirmed_bugs: Vec::new(),
            candidate_bugs: Vec::new(),
            known_differences: 12,
        })
        .collect();
    Field { parsers }
}

#[test]
fn the_verdict_columns_fit_a_1366_pixel_window() {
    let Some(browser) = browser::found() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("field-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    field::page(&large_field(40))
        .and_then(|page| page.write(&dir))
        .expect("the pages are written");
    // The page as written, with a script that records where the last verdict column ends.
    let page = std::fs::read_to_string(dir.join("field.html")).expect("the page");
    let measured = page.replace(
        "</body>",
        "<script>\nconst headings = [...document.querySelectorAll('#field th')];\n\
         const known = headings.find(th => th.textContent === 'known');\n\
         const candidates = headings.find(th => th.textContent === 'candidate bugs');\n\
         document.body.dataset.knownRight = Math.ceil(known.getBoundingClientRect().right);\n\
         document.body.dataset.candidatesRight = Math.ceil(candidates.getBoundingClientRect().right);\n\
         document.body.dataset.width = document.documentElement.clientWidth;\n\
         </script>\n</body>",
    );
    let path = dir.join("measured.html");
    std::fs::write(&path, measured).expect("written");
    let dom = browser::dumped_dom(
        browser,
        &format!("file://{}", path.display()),
        Some((1366, 768)),
    );
    let attribute = |name: &str| -> u32 {
        let start = dom
            .find(&format!("data-{name}=\""))
            .unwrap_or_else(|| panic!("no data-{name} in the page:\n{dom}"))
            + name.len()
            + 7;
        dom[start..start + dom[start..].find('"').expect("a closing quote")]
            .parse()
            .expect("a number")
    };
    let width = attribute("width");
    assert!(width > 1000, "the window is {width} px wide");
    for column in ["candidates-right", "known-right"] {
        let right = attribute(column);
        assert!(
            right <= width,
            "{column}: the column ends at {right} px, past the window's {width} px"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
