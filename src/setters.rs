//! url's setters against the web-platform-tests setter cases (`setters_tests.json`, read from
//! the checkout's `data/wpt/`).
//!
//! The URL Standard's API setters (`protocol`, `username`, `password`, `host`, `hostname`,
//! `port`, `pathname`, `search`, `hash`, `href`) are what `url::quirks` implements, on top of
//! `Url::set_scheme`, `Url::set_host`, `Url::set_port`, `Url::set_path` and the others; each case
//! parses `href`, sets one component to `new_value`, and reads back every getter the case
//! names. A case that does not give the expected values is a failure, with what the crate
//! gave; a panic is a failure too. Every case also checks the URL Standard's idempotence on the
//! setter's result: its href, parsed again, gives the same href. The test (`tests/setters.rs`) holds the crate to the cases
//! minus a list of known failures, each with its reason.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;

#[cfg(feature = "url")]
use crate::diff::run::catching;

/// One setter case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterCase {
    /// The setter: `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`,
    /// `search`, `hash` or `href`.
    pub setter: String,
    /// The URL before.
    pub href: String,
    /// The value set.
    pub new_value: String,
    /// The getters' expected values after.
    pub expected: BTreeMap<String, String>,
    /// The case's comment, if any.
    pub comment: Option<String>,
}

/// A case the crate does not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterFailure {
    /// The case.
    pub case: SetterCase,
    /// What the getters gave, for the getters the case names; or the panic.
    pub actual: Result<BTreeMap<String, String>, String>,
}

/// A setter's result whose href does not parse back to itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotIdempotent {
    /// The case.
    pub case: SetterCase,
    /// The href after the setter.
    pub href: String,
    /// What parsing it again gives (an href or an error).
    pub again: String,
}

/// The result of running every case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetterRun {
    /// Cases run.
    pub cases: usize,
    /// Cases failed.
    pub failures: Vec<SetterFailure>,
    /// Cases whose resulting href does not parse back to itself.
    pub not_idempotent: Vec<NotIdempotent>,
}

#[derive(Deserialize)]
struct RawCase {
    href: String,
    new_value: String,
    expected: BTreeMap<String, String>,
    #[serde(default)]
    comment: Option<String>,
}

/// The default place of `setters_tests.json`: in the web-platform-tests data
/// ([`crate::whatwg::wpt::default_dir`]).
pub fn default_path() -> PathBuf {
    crate::whatwg::wpt::default_dir().join("setters_tests.json")
}

/// Reads the setter cases from `path` (the file's `comment` entry is skipped).
pub fn load(path: &Path) -> Result<Vec<SetterCase>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let all: BTreeMap<String, serde_json::Value> = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not the setters JSON: {e}", path.display()))?;
    let mut cases = Vec::new();
    for (setter, list) in all {
        if setter == "comment" {
            continue;
        }
        let raw: Vec<RawCase> = serde_json::from_value(list)
            .map_err(|e| format!("{}: setter {setter:?}: {e}", path.display()))?;
        cases.extend(raw.into_iter().map(|r| SetterCase {
            setter: setter.clone(),
            href: r.href,
            new_value: r.new_value,
            expected: r.expected,
            comment: r.comment,
        }));
    }
    if cases.is_empty() {
        return Err(format!("{}: no setter cases", path.display()));
    }
    Ok(cases)
}

/// Runs one case with url's setters: the getters' values after, or the panic.
#[cfg(feature = "url")]
pub(crate) fn apply(case: &SetterCase) -> Result<BTreeMap<String, String>, String> {
    use url::quirks;
    catching(|| {
        let mut url = url::Url::parse(&case.href)
            .map_err(|e| format!("href {:?} does not parse: {e}", case.href))?;
        let value = case.new_value.as_str();
        // A setter that refuses a value leaves the URL as it was, as the Standard's setters do
        // ("return" without change); the getters then show the old values.
        match case.setter.as_str() {
            "protocol" => drop(quirks::set_protocol(&mut url, value)),
            "username" => drop(quirks::set_username(&mut url, value)),
            "password" => drop(quirks::set_password(&mut url, value)),
            "host" => drop(quirks::set_host(&mut url, value)),
            "hostname" => drop(quirks::set_hostname(&mut url, value)),
            "port" => drop(quirks::set_port(&mut url, value)),
            "pathname" => quirks::set_pathname(&mut url, value),
            "search" => quirks::set_search(&mut url, value),
            "hash" => quirks::set_hash(&mut url, value),
            "href" => drop(quirks::set_href(&mut url, value)),
            other => return Err(format!("unknown setter {other:?}")),
        }
        let mut got = BTreeMap::new();
        for getter in case.expected.keys() {
            let value = match getter.as_str() {
                "href" => quirks::href(&url).to_owned(),
                "protocol" => quirks::protocol(&url).to_owned(),
                "username" => quirks::username(&url).to_owned(),
                "password" => quirks::password(&url).to_owned(),
                "host" => quirks::host(&url).to_owned(),
                "hostname" => quirks::hostname(&url).to_owned(),
                "port" => quirks::port(&url).to_owned(),
                "pathname" => quirks::pathname(&url).to_owned(),
                "search" => quirks::search(&url).to_owned(),
                "hash" => quirks::hash(&url).to_owned(),
                other => return Err(format!("unknown getter {other:?}")),
            };
            got.insert(getter.clone(), value);
        }
        Ok(got)
    })
    .unwrap_or_else(|panic| Err(format!("panicked: {panic}")))
}

/// Runs every case.
#[cfg(feature = "url")]
pub fn run(cases: &[SetterCase]) -> SetterRun {
    let not_idempotent = cases
        .iter()
        .filter_map(|case| {
            let mut got = apply(case).ok()?;
            let href = got.remove("href").or_else(|| {
                let mut with_href = case.clone();
                with_href.expected = BTreeMap::from([("href".to_owned(), String::new())]);
                apply(&with_href).ok()?.remove("href")
            })?;
            let again = catching(|| {
                url::Url::parse(&href).map_or_else(|e| format!("error: {e}"), |u| u.to_string())
            })
            .unwrap_or_else(|panic| format!("panicked: {panic}"));
            (again != href).then(|| NotIdempotent {
                case: case.clone(),
                href,
                again,
            })
        })
        .collect();
    let failures = cases
        .iter()
        .filter_map(|case| {
            let actual = apply(case);
            match &actual {
                Ok(got) if *got == case.expected => None,
                _ => Some(SetterFailure {
                    case: case.clone(),
                    actual,
                }),
            }
        })
        .collect();
    SetterRun {
        cases: cases.len(),
        failures,
        not_idempotent,
    }
}

/// The report section: how many cases pass, and each failure with the getters that differ.
pub fn markdown(run: &SetterRun, source: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# url's setters against the web-platform-tests cases\n"
    );
    let _ = writeln!(
        out,
        "url 2.5.8's `url::quirks` setters (the URL Standard's API setters) on the {} cases of `{source}`: {} pass, {} fail.\n",
        run.cases,
        run.cases - run.failures.len(),
        run.failures.len()
    );
    if !run.not_idempotent.is_empty() {
        let _ = writeln!(
            out,
            "Results whose href does not parse back to itself (the URL Standard's idempotence):\n\n| setter | href | new value | href after | parsed again |\n|---|---|---|---|---|"
        );
        let json = |s: &str| {
            crate::report::visible(&serde_json::to_string(s).unwrap_or_default()).into_owned()
        };
        let code = |s: &str| format!("`{}`", s.replace('|', "\\|").replace('`', "\\`"));
        for n in &run.not_idempotent {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                n.case.setter,
                code(&json(&n.case.href)),
                code(&json(&n.case.new_value)),
                code(&json(&n.href)),
                code(&json(&n.again))
            );
        }
        let _ = writeln!(out);
    }
    if run.failures.is_empty() {
        return out;
    }
    let _ = writeln!(out, "Cases that fail:\n");
    let _ = writeln!(
        out,
        "| setter | href | new value | getter | expected | url gives |\n|---|---|---|---|---|---|"
    );
    let code = |s: &str| format!("`{}`", s.replace('|', "\\|").replace('`', "\\`"));
    for failure in &run.failures {
        let case = &failure.case;
        let json = |s: &str| {
            crate::report::visible(&serde_json::to_string(s).unwrap_or_default()).into_owned()
        };
        match &failure.actual {
            Ok(got) => {
                for (getter, expected) in &case.expected {
                    let actual = got.get(getter).map(String::as_str).unwrap_or("");
                    if actual != expected {
                        let _ = writeln!(
                            out,
                            "| {} | {} | {} | {getter} | {} | {} |",
                            case.setter,
                            code(&json(&case.href)),
                            code(&json(&case.new_value)),
                            code(&json(expected)),
                            code(&json(actual))
                        );
                    }
                }
            }
            Err(error) => {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | | | {} |",
                    case.setter,
                    code(&json(&case.href)),
                    code(&json(&case.new_value)),
                    code(error)
                );
            }
        }
    }
    out
}
