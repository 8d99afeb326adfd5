//! The cross-check: other projects' RFC 3986 test cases, run against the reference.
//!
//! The cases (`../shared/data/external/*.jsonl` by default, described by the README there) are
//! evidence, not truth. Each case is compared on the fields its source asserts, and every
//! disagreement is listed so that it can be decided by the RFC text.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use crate::reference::{
    self, Components, HostKind, Level, ParseOptions, ResolveOptions, Rule,
    normalize::dot_segments_normalized, parse, parse_with, recompose, remove_dot_segments, resolve,
};

/// The default place of the external cases: `../shared/data/external` beside the checkout
/// ([`crate::locations::shared_data`]).
pub fn default_dir() -> PathBuf {
    crate::locations::shared_data("external")
}

/// One case of an external file.
#[derive(Clone, Debug, Deserialize)]
pub struct ExternalCase {
    /// `parse`, `resolve`, `normalize`, `equivalent` or `recompose`.
    pub kind: String,
    /// The input (a pair for `equivalent`).
    pub input: Value,
    /// The base, for `resolve`.
    #[serde(default)]
    pub base: Option<String>,
    /// What the source asserts.
    pub expected: Value,
    /// The rule, when not `URI-reference`.
    #[serde(default)]
    pub rule: Option<String>,
    /// Partial normalization steps.
    #[serde(default)]
    pub steps: Option<Vec<String>>,
    /// `remove_dot_segments` when the input is a bare path.
    #[serde(default)]
    pub scope: Option<String>,
    /// Where the case comes from.
    pub source: String,
    /// The source's remark, `uncertain:` where it departs from a literal reading.
    #[serde(default)]
    pub note: Option<String>,
}

/// How one case compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The reference gives what the source asserts.
    Agree,
    /// It does not; the string says what the reference gives.
    Disagree(String),
    /// The case cannot be compared (a partial normalization, an unknown form); why.
    Skipped(String),
}

/// A case with its verdict.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The file it came from (its stem, e.g. `uriparser`).
    pub file: String,
    /// The case.
    pub case: ExternalCase,
    /// The comparison.
    pub verdict: Verdict,
}

/// Runs every `*.jsonl` file of `dir`. `Err` if the directory cannot be read or a line is not
/// a case (with the file and line).
pub fn run_dir(dir: &Path) -> Result<Vec<Outcome>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut outcomes = Vec::new();
    for file in files {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let stem = file
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let case: ExternalCase = serde_json::from_str(line)
                .map_err(|e| format!("{}:{}: {e}", file.display(), index + 1))?;
            let verdict = judge(&case);
            outcomes.push(Outcome {
                file: stem.clone(),
                case,
                verdict,
            });
        }
    }
    Ok(outcomes)
}

/// Agreement counts per file: (agree, disagree, skipped).
pub fn summary(outcomes: &[Outcome]) -> BTreeMap<String, (usize, usize, usize)> {
    let mut counts: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for outcome in outcomes {
        let entry = counts.entry(outcome.file.clone()).or_default();
        match outcome.verdict {
            Verdict::Agree => entry.0 += 1,
            Verdict::Disagree(_) => entry.1 += 1,
            Verdict::Skipped(_) => entry.2 += 1,
        }
    }
    counts
}

/// Compares one case with the reference.
pub(crate) fn judge(case: &ExternalCase) -> Verdict {
    let input = case.input.as_str();
    match (case.kind.as_str(), input) {
        ("parse", Some(input)) => judge_parse(case, input),
        ("resolve", Some(input)) => {
            let Some(base) = &case.base else {
                return Verdict::Skipped("resolve case without a base".into());
            };
            let ours = resolve(base, input, ResolveOptions::default());
            match (&case.expected, ours) {
                (Value::String(expected), Ok(target)) if *expected == target => Verdict::Agree,
                (Value::Null, Err(_)) => Verdict::Agree,
                (_, Ok(target)) => Verdict::Disagree(format!("target {target:?}")),
                (_, Err(e)) => Verdict::Disagree(format!("error: {e}")),
            }
        }
        ("normalize", Some(input)) => judge_normalize(case, input),
        ("equivalent", None) => {
            let pair: Option<Vec<&str>> = case
                .input
                .as_array()
                .and_then(|items| items.iter().map(Value::as_str).collect());
            let (Some([a, b]), Some(expected)) = (
                pair.as_deref()
                    .map(<[&str; 2]>::try_from)
                    .and_then(Result::ok),
                case.expected.as_bool(),
            ) else {
                return Verdict::Skipped("not a pair of strings".into());
            };
            let syntax = reference::equivalent(a, b, Level::Syntax);
            let scheme = reference::equivalent(a, b, Level::Scheme);
            match (syntax, scheme) {
                (Ok(s), Ok(c)) if s == expected || c == expected => Verdict::Agree,
                (Ok(s), Ok(_)) => Verdict::Disagree(format!("equivalent: {s}")),
                (Err(e), _) | (_, Err(e)) => Verdict::Disagree(format!("error: {e}")),
            }
        }
        ("recompose", Some(input)) => match parse(input) {
            Ok(c) => {
                let ours = recompose(&c);
                if case.expected.as_str() == Some(ours.as_str()) {
                    Verdict::Agree
                } else {
                    Verdict::Disagree(format!("recomposed {ours:?}"))
                }
            }
            Err(e) => Verdict::Disagree(format!("error: {e}")),
        },
        _ => Verdict::Skipped(format!("unknown case kind {:?}", case.kind)),
    }
}

fn judge_parse(case: &ExternalCase, input: &str) -> Verdict {
    let Some(expected) = case.expected.as_object() else {
        return Verdict::Skipped("expected is not an object".into());
    };
    let rule = match case.rule.as_deref().map(Rule::from_name) {
        None => Rule::UriReference,
        Some(Some(rule)) => rule,
        Some(None) => return Verdict::Skipped(format!("unknown rule {:?}", case.rule)),
    };
    let ours = parse_with(input, rule, ParseOptions::default());
    let mut differences = Vec::new();
    if let Some(valid) = expected.get("valid").and_then(Value::as_bool)
        && valid != ours.is_ok()
    {
        return Verdict::Disagree(match ours {
            Ok(c) => format!("valid: {}", crate::model::Components::from(&c).describe()),
            Err(e) => format!("invalid: {}: {e}", e.kind()),
        });
    }
    type RuleCheck = (&'static str, fn(&str) -> bool);
    let checks: [RuleCheck; 3] = [
        ("is_uri", |s| reference::parse_uri(s).is_ok()),
        ("is_absolute_uri", |s| {
            reference::parse_absolute_uri(s).is_ok()
        }),
        ("is_relative_ref", |s| {
            reference::parse_relative_ref(s).is_ok()
        }),
    ];
    for (key, check) in checks {
        if let Some(want) = expected.get(key).and_then(Value::as_bool)
            && check(input) != want
        {
            differences.push(format!("{key}: {}", !want));
        }
    }
    if let Ok(c) = &ours {
        for (key, value) in component_fields(c) {
            if let Some(want) = expected.get(key)
                && *want != value.map_or(Value::Null, |v| Value::String(v.to_owned()))
            {
                differences.push(format!("{key}: {value:?}"));
            }
        }
        if let Some(want) = expected.get("host_type").and_then(Value::as_str) {
            let ours = c.host_kind.map(|k| match k {
                HostKind::Ipv4 => "IPv4address",
                HostKind::Ipv6 => "IPv6address",
                HostKind::IpvFuture => "IPvFuture",
                HostKind::RegName => "reg-name",
            });
            if ours != Some(want) {
                differences.push(format!("host_type: {ours:?}"));
            }
        }
    }
    if differences.is_empty() {
        Verdict::Agree
    } else {
        Verdict::Disagree(differences.join(", "))
    }
}

fn component_fields<'a>(c: &Components<'a>) -> [(&'static str, Option<&'a str>); 7] {
    [
        ("scheme", c.scheme),
        ("userinfo", c.userinfo),
        ("host", c.host),
        ("port", c.port),
        ("path", Some(c.path)),
        ("query", c.query),
        ("fragment", c.fragment),
    ]
}

fn judge_normalize(case: &ExternalCase, input: &str) -> Verdict {
    let Some(expected) = case.expected.as_str() else {
        return Verdict::Skipped("expected is not a string".into());
    };
    let ours: Result<Vec<String>, String> = if case.scope.as_deref() == Some("remove_dot_segments")
    {
        Ok(vec![remove_dot_segments(input)])
    } else {
        match case.steps.as_deref() {
            None | Some([]) => [Level::Syntax, Level::Scheme]
                .into_iter()
                .map(|level| reference::normalize(input, level).map_err(|e| e.to_string()))
                .collect(),
            Some(steps) if steps.len() == 3 => reference::normalize(input, Level::Syntax)
                .map(|n| vec![n])
                .map_err(|e| e.to_string()),
            Some([step]) if step == "path" => match parse(input) {
                Ok(c) => {
                    let path =
                        dot_segments_normalized(c.path, c.scheme.is_some(), c.has_authority());
                    Ok(vec![recompose(&Components { path: &path, ..c })])
                }
                Err(e) => Err(e.to_string()),
            },
            Some(steps) => {
                return Verdict::Skipped(format!("partial normalization {steps:?}"));
            }
        }
    };
    match ours {
        Ok(results) if results.iter().any(|r| r == expected) => Verdict::Agree,
        Ok(results) => Verdict::Disagree(format!("normalized {:?}", results[0])),
        Err(e) => Verdict::Disagree(format!("error: {e}")),
    }
}
