//! Which parser suits which need: the field's rows ranked per need, each pick with the evidence
//! it rests on, so that a chooser reads the answer instead of inferring it from the tables.
//!
//! A need is a question a user of a URI library asks (validate, resolve, normalize, decide where
//! a request goes, follow browsers, take IRIs). Each is answered from the same numbers the field
//! shows: the share of the corpus's vectors a parser passes for the operation the need is about
//! (a known difference counts as not passing: a parser lenient by design is a weaker validator,
//! which is the point) and its bug reports about that operation, confirmed or candidate. A
//! parser asked fewer than half of the need's vectors (it lacks the operation or most rules) is
//! left out of that need.

use super::field::{Counts, Field, Finding, Row};

/// One need and the parsers that meet it best, best first.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Need {
    /// What the user wants, in a few words.
    pub need: &'static str,
    /// What the ranking reads.
    pub measure: &'static str,
    /// The parsers ranked, best first, each with its evidence.
    pub ranked: Vec<Pick>,
}

/// A parser's place in a need, with its evidence.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pick {
    /// The parser's name.
    pub parser: String,
    /// Its language.
    pub language: String,
    /// The vectors passed and asked, and the bugs, in words: `758/758 parse vectors, 0 bugs`.
    pub evidence: String,
    /// Vectors not passed plus bugs: lower is better.
    misses: usize,
    /// The share of vectors passed, for ties.
    share: f64,
}

/// Every need the field answers, in the order a chooser asks them.
pub(crate) fn needs(field: &Field) -> Vec<Need> {
    let rfc = |row: &Row| row.parser.judged_by != "URL Standard";
    let op_need = |need, measure, op: &'static str, include: &dyn Fn(&Row) -> bool| Need {
        need,
        measure,
        ranked: ranked(field, &|row| {
            include(row)
                .then(|| row.operations.get(op).cloned())
                .flatten()
                .map(|counts| {
                    Measured::new(
                        counts,
                        bugs(row, &|f| f.op == op),
                        format!("{op} vectors"),
                        "bugs",
                    )
                })
        }),
    };
    vec![
        op_need(
            "Validate URIs exactly as RFC 3986's grammar says",
            "parse vectors passed (a documented leniency counts as not passed) and parse bugs",
            "parse",
            &rfc,
        ),
        Need {
            need: "Decide where a request goes (scheme, userinfo, host, port)",
            measure: "security-tagged bugs (a host, port, scheme or userinfo read otherwise), weighed twice, and parse vectors passed",
            ranked: ranked(field, &|row| {
                row.operations.get("parse").cloned().map(|counts| Measured {
                    // Weighed twice: here they are the measure, not a side note.
                    weight: 2,
                    ..Measured::new(
                        counts,
                        bugs(row, &|f| f.security),
                        "parse vectors".to_owned(),
                        "security bugs",
                    )
                })
            }),
        },
        op_need(
            "Resolve references against a base (RFC 3986 §5.2)",
            "resolution vectors passed and resolution bugs",
            "resolve",
            &rfc,
        ),
        op_need(
            "Normalize and compare URIs (RFC 3986 §6)",
            "normalization vectors passed and normalization bugs",
            "normalize",
            &rfc,
        ),
        Need {
            need: "Parse as browsers do (the URL Standard)",
            measure: "web-platform-tests passed and bugs, for parsers that claim the URL Standard",
            ranked: ranked(field, &|row| {
                row.whatwg.clone().map(|counts| {
                    Measured::new(
                        counts,
                        bugs(row, &|_| true),
                        "web-platform-tests".to_owned(),
                        "bugs",
                    )
                })
            }),
        },
        Need {
            need: "Take IRIs (RFC 3987)",
            measure: "RFC 3987 vectors passed (bugs are not told apart by grammar)",
            ranked: ranked(field, &|row| {
                let mut counts = Counts::default();
                for (part, c) in &row.parts {
                    if part.starts_with("RFC 3987") {
                        counts.pass += c.pass;
                        counts.fail += c.fail;
                        counts.known += c.known;
                        counts.unsupported += c.unsupported;
                    }
                }
                // Reports do not say which grammar a finding is about once it is named by
                // its mechanism: the vectors alone decide.
                (counts.asked() > 0)
                    .then(|| Measured::new(counts, 0, "RFC 3987 vectors".to_owned(), ""))
            }),
        },
    ]
}

/// The bugs of a row that `about` picks, confirmed and candidate, each cause once (a finding
/// in code another implementation shares is that one's).
fn bugs(row: &Row, about: &dyn Fn(&Finding) -> bool) -> usize {
    row.confirmed_bugs
        .iter()
        .chain(&row.candidate_bugs)
        .filter(|f| about(f))
        .count()
}

/// What a need reads of one parser.
struct Measured {
    counts: Counts,
    bugs: usize,
    /// How much a bug weighs against a vector missed.
    weight: usize,
    /// What the vectors are, in the evidence: `parse vectors`.
    vectors: String,
    /// What the bugs are, in the evidence (`bugs`, `security bugs`); empty when the need
    /// counts none.
    bug_noun: &'static str,
}

impl Measured {
    fn new(counts: Counts, bugs: usize, vectors: String, bug_noun: &'static str) -> Self {
        Measured {
            counts,
            bugs,
            weight: 1,
            vectors,
            bug_noun,
        }
    }
}

/// The rows `measure` gives numbers for, best first: fewest misses, then the larger share,
/// then the more vectors asked (more evidence). A row asked fewer than half as many vectors
/// as the most-asked one is left out (it cannot show it meets the need).
fn ranked(field: &Field, measure: &dyn Fn(&Row) -> Option<Measured>) -> Vec<Pick> {
    let measured: Vec<(&Row, Measured)> = field
        .parsers
        .iter()
        .filter_map(|row| measure(row).map(|m| (row, m)))
        .filter(|(_, m)| m.counts.asked() > 0)
        .collect();
    let most = measured
        .iter()
        .map(|(_, m)| m.counts.asked())
        .max()
        .unwrap_or(0);
    let mut picks: Vec<(Pick, usize)> = measured
        .into_iter()
        .filter(|(_, m)| 2 * m.counts.asked() >= most)
        .map(|(row, m)| {
            let (pass, asked) = (m.counts.pass, m.counts.asked());
            let bugs = match (m.bug_noun, m.bugs) {
                ("", _) => String::new(),
                (noun, 1) => format!(", 1 {}", noun.trim_end_matches('s')),
                (noun, n) => format!(", {n} {noun}"),
            };
            let pick = Pick {
                parser: row.parser.name.clone(),
                language: row.parser.language.clone(),
                evidence: format!("{pass}/{asked} {}{bugs}", m.vectors),
                misses: asked - pass + m.weight * m.bugs,
                share: pass as f64 / asked as f64,
            };
            (pick, asked)
        })
        .collect();
    picks.sort_by(|(a, asked_a), (b, asked_b)| {
        a.misses
            .cmp(&b.misses)
            .then(b.share.total_cmp(&a.share))
            .then(asked_b.cmp(asked_a))
            .then(a.parser.cmp(&b.parser))
    });
    picks.into_iter().map(|(pick, _)| pick).collect()
}

/// The best pick of each language for `need`, in the order of languages.
pub(crate) fn best_per_language(need: &Need) -> Vec<&Pick> {
    let mut seen = std::collections::BTreeMap::new();
    for pick in &need.ranked {
        seen.entry(pick.language.as_str()).or_insert(pick);
    }
    seen.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::super::field::{Parser, Row};
    use super::*;
    use std::collections::BTreeMap;

    fn row(name: &str, language: &str, parse: (usize, usize), security_bugs: usize) -> Row {
        let finding = |i: usize| Finding {
            signature: format!("bug-{i}"),
            op: "parse".into(),
            security: true,
            report: String::new(),
            upstream: None,
            same_code_as: None,
        };
        Row {
            parser: Parser {
                name: name.into(),
                language: language.into(),
                library: name.into(),
                version: "1".into(),
                spec: "RFC 3986".into(),
                judged_by: "RFC 3986".into(),
                bundled: false,
                adapter: String::new(),
            },
            operations: BTreeMap::from([(
                "parse".to_owned(),
                Counts {
                    pass: parse.0,
                    fail: parse.1 - parse.0,
                    known: 0,
                    unsupported: 0,
                },
            )]),
            parts: BTreeMap::new(),
            whatwg: None,
            confirmed_bugs: Vec::new(),
            candidate_bugs: (0..security_bugs).map(finding).collect(),
            known_differences: 0,
        }
    }

    #[test]
    fn the_strict_parser_comes_first_and_the_barely_asked_one_is_left_out() {
        let field = Field {
            parsers: vec![
                row("lenient", "Go", (600, 700), 3),
                row("strict", "Rust", (700, 700), 0),
                row("almost", "Rust", (698, 700), 1),
                row("one-rule", "C", (10, 10), 0),
            ],
        };
        let needs = needs(&field);
        let validate = &needs[0];
        let order: Vec<&str> = validate.ranked.iter().map(|p| p.parser.as_str()).collect();
        assert_eq!(order, ["strict", "almost", "lenient"]);
        assert_eq!(validate.ranked[0].evidence, "700/700 parse vectors, 0 bugs");
        assert_eq!(validate.ranked[1].evidence, "698/700 parse vectors, 1 bug");
        let per_language: Vec<&str> = best_per_language(validate)
            .iter()
            .map(|p| p.parser.as_str())
            .collect();
        assert_eq!(per_language, ["lenient", "strict"]);
        // No parser resolves: the need has no pick rather than a wrong one.
        assert!(needs[2].ranked.is_empty());
    }
}
