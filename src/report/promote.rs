//! A checked report (a known difference, or a candidate bug with a hand-checked verdict) into
//! a vector: `uri-conformance promote`.

use std::path::Path;

use crate::impls::Implementation;
use crate::impls::reference::Reference;
use crate::model::Outcome;
use crate::protocol::{ParseRule, Request};
use crate::reference::{ErrorKind, Level};

/// Appends to the vector file `to` the vector of the report `signature`
/// (`IMPLEMENTATION/SIGNATURE`) under `reports`, expecting the reference's answer; the vector's
/// id, or why it cannot be promoted (a report without a known difference or a hand-checked
/// verdict, an id already in the file).
pub fn promote(signature: &str, reports: &Path, to: &Path) -> Result<String, String> {
    // IMPLEMENTATION/SIGNATURE, each a plain name: the path stays under the reports folder.
    match signature.split_once('/') {
        Some((implementation, id))
            if super::is_plain_name(implementation) && super::is_plain_name(id) => {}
        _ => {
            return Err(format!(
                "{signature:?} is not IMPLEMENTATION/SIGNATURE as in reports/README.md"
            ));
        }
    }
    let path = reports.join(format!("{signature}.json"));
    let report: super::Report = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(report) => report,
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    // A vector's expectation must stand on the RFC text: promote only what was checked.
    let confirmation = match (&report.known, &report.verdict) {
        (Some(known), _) => format!(
            "promoted from reports/{signature}.md, a known difference ({}): the reference's answer is RFC 3986's, {}",
            known.id, report.rfc.section
        ),
        (None, Some(verdict)) => {
            format!("promoted from reports/{signature}.md; checked by hand: {verdict}")
        }
        (None, None) => {
            return Err(format!(
                "{signature} has no hand-checked verdict in {}/verdicts.yaml: check it against the RFC first",
                reports.display()
            ));
        }
    };
    let case = &report.minimal.case;
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let id = format!(
        "promoted-{}",
        signature
            .replace('/', "-")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c.to_ascii_lowercase()
            } else {
                '-'
            })
            .collect::<String>()
    );
    let reference_answer = Reference.answer(case);
    // The section of the rule the reference's answer turns on.
    let section = match (reference_answer.rejection(), case) {
        (Some(rejection), _) => match rejection.kind() {
            Some(ErrorKind::Scheme) => "3.1",
            Some(ErrorKind::Userinfo) => "3.2.1",
            Some(
                ErrorKind::Host
                | ErrorKind::IpLiteral
                | ErrorKind::Ipv6Address
                | ErrorKind::IpvFuture,
            ) => "3.2.2",
            Some(ErrorKind::Authority) => "3.2",
            Some(ErrorKind::Port) => "3.2.3",
            Some(ErrorKind::Path) => "3.3",
            Some(ErrorKind::Query) => "3.4",
            Some(ErrorKind::Fragment) => "3.5",
            Some(ErrorKind::PctEncoded) => "2.1",
            Some(ErrorKind::PathNoscheme) => "4.2",
            Some(ErrorKind::AbsoluteUri) => "4.3",
            _ => "A",
        },
        (_, Request::Parse { .. }) => "3",
        (_, Request::Resolve { .. }) => "5.2.2",
        (_, Request::Normalize { .. }) if case.checked_level() == Ok(Level::Scheme) => "6.2.3",
        (_, Request::Normalize { .. }) => "6.2.2",
    }
    .to_owned();
    let mut vector = format!(
        "  - id: {}\n    section: {}\n    op: {}\n",
        q(&id),
        q(&section),
        crate::diff::signature::op_name(case)
    );
    match case {
        Request::Parse { input, rule, .. } => {
            vector += &format!("    input: {}\n", q(input));
            if let Some(rule) = rule.as_ref().filter(|r| **r != ParseRule::default()) {
                vector += &format!("    rule: {}\n", q(rule.name()));
            }
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            vector += &format!("    base: {}\n    input: {}\n", q(base), q(input));
            if !strict {
                vector += "    strict: false\n";
            }
        }
        Request::Normalize { input, level } => {
            vector += &format!("    input: {}\n", q(input));
            if let Some(level) = level.filter(|l| *l != Level::Syntax) {
                vector += &format!("    level: {}\n", q(level.name()));
            }
        }
    }
    vector += &format!("    note: {}\n    expect:\n", q(&confirmation));
    let null_or = |v: &Option<String>| v.as_deref().map_or_else(|| "null".to_owned(), q);
    vector += &match &reference_answer {
        Outcome::Parsed {
            components: c,
            host_kind,
        } => format!(
            "      components: {{scheme: {}, userinfo: {}, host: {}, port: {}, path: {}, query: {}, fragment: {}}}\n      host_kind: {}\n",
            null_or(&c.scheme),
            null_or(&c.userinfo),
            null_or(&c.host),
            null_or(&c.port),
            q(&c.path),
            null_or(&c.query),
            null_or(&c.fragment),
            host_kind.map_or("null", |k| k.name())
        ),
        Outcome::Resolved(t) => format!("      target: {}\n", q(t)),
        Outcome::Normalized(n) => format!("      normalized: {}\n", q(n)),
        // The rule, of the base or of the reference: a vector names the rule alone.
        Outcome::Invalid(rejection) => {
            format!(
                "      invalid: {}\n",
                q(rejection.rule().unwrap_or_default())
            )
        }
        other => return Err(format!("the reference answered {other:?}")),
    };
    let mut text = std::fs::read_to_string(to).unwrap_or_else(|_| {
        "# Vectors promoted from checked reports (`uri-conformance promote`); each note says which\n# verdict or RFC passage stands behind the expectation.\nvectors:\n".to_owned()
    });
    if text.contains(&format!("id: {}", q(&id))) {
        return Err(format!("{id} is already in {}", to.display()));
    }
    text.push_str(&vector);
    super::write_atomically(to, text.as_bytes()).map_err(|e| format!("{}: {e}", to.display()))?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_signature_of_a_report_is_promoted() {
        let (reports, to) = (Path::new("no-such-reports"), Path::new("no-such.yaml"));
        for outside in ["url", "url/../x", "../url/x", "url/x/y"] {
            let refused = promote(outside, reports, to).unwrap_err();
            assert!(
                refused.contains("is not IMPLEMENTATION/SIGNATURE"),
                "{refused}"
            );
        }
        let missing = promote("url/x", reports, to).unwrap_err();
        assert!(
            missing.starts_with("no-such-reports/url/x.json: "),
            "{missing}"
        );
    }
}
