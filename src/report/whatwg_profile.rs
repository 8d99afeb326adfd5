//! The WHATWG profile: the web-platform-tests URL parsing cases run against the
//! implementations that follow the URL Standard, through their adapters (the same
//! [`Implementation`] trait as every other matrix), beside their RFC 3986 column; written to
//! `reports/whatwg.md` and `reports/whatwg.json`.
//!
//! A case with a base is a resolve request and expects `Resolved` with its `href`; a case
//! without is a parse request by the `URI` rule and expects the components its getters map to
//! ([`Case::expected_outcome`], by the one mapping the adapters use). A case that expects
//! failure passes on any `Invalid`. The model ([`expected_outcome`]) runs on the same requests,
//! as a check of the model and of the mapping. `url`'s failures are set against the list of
//! failures rust-url keeps itself (`url/tests/expected_failures.txt`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use serde::Serialize;

use super::pages::{Format, Page, name};
use crate::impls::Implementation;
use crate::model::Outcome;
use crate::whatwg::expected_outcome;
use crate::whatwg::wpt::{self, Case};

/// rust-url's own list of the URL parsing cases url 2.x fails, one name a line.
const RUST_URL_EXPECTED_FAILURES: &str = include_str!("rust_url_expected_failures.txt");

/// The name rust-url's `tests/wpt.rs` gives a parsing case: `<input>`, then ` against <base>`
/// with a base, each with Rust's `escape_default`.
pub(crate) fn rust_url_name(case: &Case) -> String {
    let mut name = format!("<{}>", case.input.escape_default());
    if let Some(base) = &case.base {
        let _ = write!(name, " against <{}>", base.escape_default());
    }
    name
}

/// The names on rust-url's expected-failure list.
pub(crate) fn rust_url_expected_failures() -> BTreeSet<&'static str> {
    RUST_URL_EXPECTED_FAILURES
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .collect()
}

/// How a case went for one implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    /// The expected answer.
    Pass,
    /// Another answer.
    Fail,
    /// The implementation cannot answer the request.
    Unsupported,
}

/// A case an implementation fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaseFailure {
    /// The case's position in `urltestdata.json` (comments not counted), from 0.
    pub index: usize,
    /// The input.
    pub input: String,
    /// The base, if any.
    pub base: Option<String>,
    /// The expected answer.
    pub expected: String,
    /// The implementation's answer.
    pub actual: String,
    /// The model's answer.
    pub model: String,
    /// For `url`: whether rust-url lists the case as an expected failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_rust_url_list: Option<bool>,
}

/// One implementation's results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImplementationProfile {
    /// The implementation's name.
    pub name: String,
    /// Its crate and version.
    pub version: String,
    /// Cases with the expected answer.
    pub pass: usize,
    /// Cases with another answer.
    pub fail: usize,
    /// Cases it cannot answer.
    pub unsupported: usize,
    /// Every failing case.
    pub failures: Vec<CaseFailure>,
    /// For `url`: the cases on rust-url's list that it passes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub listed_but_passing: Vec<String>,
}

/// The model's results on the same requests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModelProfile {
    /// Cases with the expected answer.
    pub agree: usize,
    /// Cases with another answer (none is expected).
    pub disagreements: Vec<CaseFailure>,
}

/// The profile: every implementation on every case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Profile {
    /// The number of cases.
    pub cases: usize,
    /// The model's results.
    pub model: ModelProfile,
    /// Each implementation's results, in the order given.
    pub implementations: Vec<ImplementationProfile>,
}

/// An expected answer, for reports.
fn describe_expected(expected: Option<&Outcome>) -> String {
    expected.map_or_else(|| "invalid".to_owned(), Outcome::describe)
}

/// Whether `actual` is the answer the case expects (any `Invalid` when it expects failure).
fn judge(expected: Option<&Outcome>, actual: &Outcome) -> Status {
    match (expected, actual) {
        (_, Outcome::Unsupported) => Status::Unsupported,
        (None, Outcome::Invalid(_)) => Status::Pass,
        (Some(expected), actual) if expected == actual => Status::Pass,
        _ => Status::Fail,
    }
}

/// Runs every case of `dir/urltestdata.json` against each implementation and the model.
pub fn run(dir: &Path, implementations: &[&dyn Implementation]) -> Result<Profile, String> {
    let cases = wpt::load(dir)?;
    let listed = rust_url_expected_failures();
    let mut model = ModelProfile {
        agree: 0,
        disagreements: Vec::new(),
    };
    let mut profiles: Vec<ImplementationProfile> = implementations
        .iter()
        .map(|i| ImplementationProfile {
            name: i.about().name.to_owned(),
            version: i.about().version.to_owned(),
            pass: 0,
            fail: 0,
            unsupported: 0,
            failures: Vec::new(),
            listed_but_passing: Vec::new(),
        })
        .collect();
    for case in &cases {
        let request = case.request();
        let expected = case.expected_outcome();
        let model_answer = expected_outcome(&request);
        let model_text = model_answer.describe();
        let failure = |actual: String, on_list: Option<bool>| CaseFailure {
            index: case.index,
            input: case.input.clone(),
            base: case.base.clone(),
            expected: describe_expected(expected.as_ref()),
            actual,
            model: model_text.clone(),
            on_rust_url_list: on_list,
        };
        match judge(expected.as_ref(), &model_answer) {
            Status::Pass => model.agree += 1,
            _ => model.disagreements.push(failure(model_text.clone(), None)),
        }
        for (implementation, profile) in implementations.iter().zip(&mut profiles) {
            let actual = catch_unwind(AssertUnwindSafe(|| implementation.answer(&request)))
                .unwrap_or_else(|_| Outcome::Panicked("panicked".to_owned()));
            let on_list =
                (profile.name == "url").then(|| listed.contains(rust_url_name(case).as_str()));
            match judge(expected.as_ref(), &actual) {
                Status::Pass => {
                    profile.pass += 1;
                    if on_list == Some(true) {
                        profile.listed_but_passing.push(rust_url_name(case));
                    }
                }
                Status::Unsupported => profile.unsupported += 1,
                Status::Fail => {
                    profile.fail += 1;
                    profile.failures.push(failure(actual.describe(), on_list));
                }
            }
        }
    }
    Ok(Profile {
        cases: cases.len(),
        model,
        implementations: profiles,
    })
}

/// An input in an HTML `<code>` element inside a Markdown table: control and non-ASCII
/// characters escaped as Rust's `escape_default` does (as rust-url names cases), HTML's specials
/// and `|` as entities.
fn code(text: &str) -> String {
    code_text(&text.escape_default().to_string())
}

/// Text already escaped (an outcome's description) in an HTML `<code>` element inside a
/// Markdown table: HTML's specials and `|` as entities.
fn code_text(text: &str) -> String {
    let mut output = String::from("<code>");
    for c in super::visible(text).chars() {
        match c {
            '&' => output.push_str("&amp;"),
            '<' => output.push_str("&lt;"),
            '>' => output.push_str("&gt;"),
            '|' => output.push_str("&#124;"),
            '`' => output.push_str("&#96;"),
            c => output.push(c),
        }
    }
    output.push_str("</code>");
    output
}

/// A table of failing cases.
fn failure_table(out: &mut String, failures: &[&CaseFailure]) {
    out.push_str("| case | input | base | expected | actual |\n|---|---|---|---|---|\n");
    for f in failures {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            f.index,
            code(&f.input),
            f.base.as_deref().map_or_else(|| "none".to_owned(), code),
            code_text(&f.expected),
            code_text(&f.actual)
        );
    }
    out.push('\n');
}

/// The Markdown page.
pub fn markdown(profile: &Profile) -> String {
    let mut out = String::from("# WHATWG URL profile\n\n");
    let _ = writeln!(
        out,
        "The web-platform-tests URL parsing cases (`url/resources/urltestdata.json`, {} cases) \
         through the adapters of the crates that follow the URL Standard. A case with a base is a \
         resolve request and expects its `href`; a case without is a parse request by the `URI` \
         rule and expects its getters mapped to components by the mapping the adapters use \
         (`src/whatwg/view.rs`). A case that expects failure passes on any error. Generated by \
         `uri-conformance matrix`; do not edit.\n",
        profile.cases
    );
    out.push_str("| implementation | pass | fail | unsupported |\n|---|---|---|---|\n");
    for p in &profile.implementations {
        let _ = writeln!(
            out,
            "| {} ({}) | {} | {} | {} |",
            super::markdown::text(&p.name),
            super::markdown::text(&p.version),
            p.pass,
            p.fail,
            p.unsupported
        );
    }
    let _ = writeln!(
        out,
        "\nThe URL Standard model (`src/whatwg/`, with UTS #46 on Unicode {} data) on the same \
         requests: {} agree, {} disagree.\n",
        crate::idna::UNICODE_VERSION,
        profile.model.agree,
        profile.model.disagreements.len(),
    );
    if !profile.model.disagreements.is_empty() {
        out.push_str("## The model's disagreements\n\n");
        failure_table(
            &mut out,
            &profile.model.disagreements.iter().collect::<Vec<_>>(),
        );
    }
    for p in &profile.implementations {
        // The name and version a program gives of itself: escaped like every such text.
        let _ = writeln!(
            out,
            "## {} ({})\n",
            super::markdown::text(&p.name),
            super::markdown::text(&p.version)
        );
        if p.failures.is_empty() {
            out.push_str("No failing case.\n\n");
            continue;
        }
        let listed: Vec<&CaseFailure> = p
            .failures
            .iter()
            .filter(|f| f.on_rust_url_list == Some(true))
            .collect();
        let not_listed: Vec<&CaseFailure> = p
            .failures
            .iter()
            .filter(|f| f.on_rust_url_list != Some(true))
            .collect();
        if p.failures.iter().any(|f| f.on_rust_url_list.is_some()) {
            let _ = writeln!(
                out,
                "### Failures on rust-url's expected-failure list ({})\n\n\
                 servo/rust-url lists the cases url is known to fail in \
                 `url/tests/expected_failures.txt` (its parsing cases at commit 0a135db3, in \
                 `src/report/rust_url_expected_failures.txt`).\n",
                listed.len()
            );
            failure_table(&mut out, &listed);
            let _ = writeln!(out, "### Failures not on the list ({})\n", not_listed.len());
            if not_listed.is_empty() {
                out.push_str("None.\n\n");
            } else {
                failure_table(&mut out, &not_listed);
            }
            if !p.listed_but_passing.is_empty() {
                let _ = writeln!(
                    out,
                    "### Listed cases url passes ({})\n",
                    p.listed_but_passing.len()
                );
                for name in &p.listed_but_passing {
                    let _ = writeln!(out, "- {}", code(name));
                }
                out.push('\n');
            }
        } else {
            let _ = writeln!(out, "### Failures ({})\n", p.failures.len());
            failure_table(&mut out, &not_listed);
        }
    }
    super::visible(&out).into_owned()
}

/// The profile as a page: `whatwg.md` and `whatwg.json`.
pub(crate) fn page(profile: &Profile) -> io::Result<Page> {
    let summary = format!(
        "{} cases, {} implementations",
        profile.cases,
        profile.implementations.len()
    );
    Page::new(name::WHATWG, summary)
        .with(Format::Markdown, markdown(profile))
        .with_json(profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_rust_url_writes_them() {
        let case = Case {
            index: 0,
            input: "C|\n/".into(),
            base: Some("file://host/dir/file".into()),
            expected: None,
        };
        let name = rust_url_name(&case);
        assert_eq!(name, "<C|\\n/> against <file://host/dir/file>");
        assert!(rust_url_expected_failures().contains(name.as_str()));
        assert!(rust_url_expected_failures().contains("<file:\\\\\\\\//>"));
        assert_eq!(rust_url_expected_failures().len(), 45);
    }

    #[test]
    fn judging() {
        let resolved = Outcome::Resolved("http://a/".into());
        assert_eq!(judge(None, &Outcome::invalid("x".into())), Status::Pass);
        assert_eq!(judge(None, &resolved), Status::Fail);
        assert_eq!(judge(Some(&resolved), &resolved), Status::Pass);
        assert_eq!(
            judge(Some(&resolved), &Outcome::Resolved("http://b/".into())),
            Status::Fail
        );
        assert_eq!(
            judge(Some(&resolved), &Outcome::Unsupported),
            Status::Unsupported
        );
    }
}
