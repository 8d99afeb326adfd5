//! The YAML vector corpus: its schema (documented in vectors/README.md) and its loader.
//!
//! The loader is strict: unknown keys, a field that does not belong to the operation, a missing
//! or misplaced expectation, a duplicate id and an empty corpus are all errors, and every error
//! names the file and the line.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::model::{Components, nullable};
use crate::reference::{ErrorKind, Grammar, HostKind, Level, Rule};

/// One vector: a case, what the reference must answer, and what else is acceptable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    /// Unique across the corpus.
    pub id: String,
    /// The RFC section, `"5.4.2"` or `"B"`.
    pub section: String,
    /// The corpus directory the file is in: `rfc3986`, `rfc6874` or `rfc3987`.
    pub corpus: String,
    /// Where the vector is written.
    pub file: PathBuf,
    /// The line of its `id`.
    pub line: usize,
    /// Why the expectation is what it is.
    pub note: Option<String>,
    /// What to run.
    pub case: Case,
    /// What the reference answers.
    pub expect: Expectation,
    /// Other answers a conforming implementation may give, each with its reason.
    pub acceptable: Vec<Acceptable>,
}

impl Vector {
    /// Where it is written, `vectors/<corpus>/<file>:<line>`, the same on every machine.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file_place(), self.line)
    }

    /// Its file, `vectors/<corpus>/<file>`, the same on every machine.
    pub fn file_place(&self) -> String {
        let file = self
            .file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        format!("vectors/{}/{file}", self.corpus)
    }

    /// The test name: `<corpus>/<section>/<id>`.
    pub fn name(&self) -> String {
        format!("{}/{}/{}", self.corpus, self.section, self.id)
    }
}

/// An alternative outcome and why it conforms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acceptable {
    /// The outcome.
    pub outcome: Expectation,
    /// Why a conforming implementation may answer it.
    pub reason: String,
}

/// The operation of a vector with its inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    /// Parse `input` by `rule` of `grammar` (`IRI-reference` is [`Rule::UriReference`] of
    /// [`Grammar::Iri`]).
    Parse {
        /// The text.
        input: String,
        /// The rule.
        rule: Rule,
        /// RFC 6874 zone identifiers allowed.
        zone_id: bool,
        /// RFC 3986's rules or RFC 3987's.
        grammar: Grammar,
    },
    /// Resolve `input` against `base`.
    Resolve {
        /// The base URI.
        base: String,
        /// The reference.
        input: String,
        /// §5.2.2's strict mode.
        strict: bool,
        /// URIs, or IRIs (`iri: true`, RFC 3987 §6.5).
        grammar: Grammar,
    },
    /// Normalize `input`.
    Normalize {
        /// The URI reference.
        input: String,
        /// How far.
        level: Level,
        /// URIs, or IRIs (`iri: true`, RFC 3987 §5.3).
        grammar: Grammar,
    },
    /// Compare `input` and `other` (§6.2.1).
    Equivalent {
        /// One.
        input: String,
        /// The other.
        other: String,
        /// Normalization level for the comparison.
        level: Level,
        /// URIs, or IRIs (`iri: true`, RFC 3987 §5.3).
        grammar: Grammar,
    },
    /// Map an IRI reference to a URI reference (RFC 3987 §3.1).
    IriToUri {
        /// The IRI reference.
        input: String,
    },
    /// Convert a URI reference to an IRI reference (RFC 3987 §3.2).
    UriToIri {
        /// The URI reference.
        input: String,
    },
    /// Recompose components (§5.3).
    Recompose {
        /// The components.
        components: Components,
    },
    /// §5.2.4 on a path.
    RemoveDotSegments {
        /// The path.
        input: String,
    },
    /// Appendix B.
    Split {
        /// Any text.
        input: String,
    },
}

/// An expected outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// Valid, with these components and host kind.
    Components {
        /// The components.
        components: Components,
        /// The host kind, `None` without an authority.
        host_kind: Option<HostKind>,
    },
    /// Invalid: this rule fails, at this offset if given.
    Invalid {
        /// The rule.
        rule: ErrorKind,
        /// The byte offset.
        at: Option<usize>,
    },
    /// The resolution target.
    Target(String),
    /// The normalized string.
    Normalized(String),
    /// Whether two references are equivalent.
    Equivalent(bool),
    /// The recomposed string.
    Recomposed(String),
    /// The output of remove_dot_segments, with the trace if given.
    Path {
        /// The output path.
        path: String,
        /// `[step, output, input]` rows.
        trace: Option<Vec<[String; 3]>>,
    },
    /// The Appendix B groups.
    Split(SplitGroups),
    /// The URI an IRI maps to (RFC 3987 §3.1).
    Uri(String),
    /// The IRI a URI converts to (RFC 3987 §3.2).
    Iri(String),
    /// Any error: only as an acceptable outcome, for an implementation that refuses a case
    /// the RFC leaves open (`rejected: true`).
    Rejected,
}

/// The five groups of Appendix B.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitGroups {
    /// `$2`
    #[serde(deserialize_with = "nullable")]
    pub scheme: Option<String>,
    /// `$4`
    #[serde(deserialize_with = "nullable")]
    pub authority: Option<String>,
    /// `$5`
    pub path: String,
    /// `$7`
    #[serde(deserialize_with = "nullable")]
    pub query: Option<String>,
    /// `$9`
    #[serde(deserialize_with = "nullable")]
    pub fragment: Option<String>,
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expectation::Components {
                components,
                host_kind,
            } => write!(
                f,
                "valid: {} host_kind={}",
                components.describe(),
                host_kind.map_or("null", HostKind::name)
            ),
            Expectation::Invalid { rule, at: Some(at) } => write!(f, "invalid: {rule} at {at}"),
            Expectation::Invalid { rule, at: None } => write!(f, "invalid: {rule}"),
            Expectation::Target(t) => write!(f, "target {t:?}"),
            Expectation::Normalized(n) => write!(f, "normalized {n:?}"),
            Expectation::Equivalent(e) => write!(f, "equivalent: {e}"),
            Expectation::Recomposed(r) => write!(f, "recomposed {r:?}"),
            Expectation::Path { path, trace } => {
                write!(f, "path {path:?}")?;
                for [step, output, input] in trace.iter().flatten() {
                    write!(f, "\n    {step}: {output:?} | {input:?}")?;
                }
                Ok(())
            }
            Expectation::Rejected => write!(f, "rejected"),
            Expectation::Uri(u) => write!(f, "uri {u:?}"),
            Expectation::Iri(i) => write!(f, "iri {i:?}"),
            Expectation::Split(g) => write!(
                f,
                "split: scheme={:?} authority={:?} path={:?} query={:?} fragment={:?}",
                g.scheme, g.authority, g.path, g.query, g.fragment
            ),
        }
    }
}

/// A problem with the corpus, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub file: PathBuf,
    /// The line, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file.display(), line, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for LoadError {}

/// The corpus of the checkout the program runs in (see [`crate::locations`]): its `vectors/`,
/// or `vectors` relative to the current directory when there is no checkout.
pub fn default_dir() -> PathBuf {
    crate::locations::checkout()
        .unwrap_or_default()
        .join("vectors")
}

/// The corpus as it was when this library was built, `(path relative to the package, text)`
/// per file: what a binary or a dependency uses outside a checkout.
pub(crate) const EMBEDDED: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/embedded_vectors.rs"));

/// The default corpus: the checkout's `vectors/` when the program runs in a checkout, else the
/// embedded copy ([`EMBEDDED`]).
pub fn load_default() -> Result<Vec<Vector>, LoadError> {
    let dir = default_dir();
    if dir.is_dir() {
        load_dir(&dir)
    } else {
        load_embedded()
    }
}

/// The embedded copy of the corpus ([`EMBEDDED`]), loaded like a directory.
pub fn load_embedded() -> Result<Vec<Vector>, LoadError> {
    load_texts(
        Path::new("vectors"),
        EMBEDDED
            .iter()
            .map(|(path, text)| (PathBuf::from(path), Ok((*text).to_owned()))),
    )
}

/// The largest data file read (a vector file, an expectations file): 8 MiB, hundreds of times
/// the largest in the corpus.
pub const MAX_FILE_BYTES: u64 = 8 << 20;

/// The deepest nesting a data file may have: flow collections (`[`, `{`) open at once, or the
/// block nesting a line's indentation and leading `- ` show. The corpus needs 8.
pub(crate) const MAX_NESTING: usize = 64;

/// Reads a data file: a regular file only (a FIFO or a device named `*.yaml` would block or never
/// end), at most [`MAX_FILE_BYTES`], UTF-8. The error does not name the file (the caller does).
pub(crate) fn read_data_file(path: &Path) -> Result<String, String> {
    read_regular_file(path, MAX_FILE_BYTES)
}

/// Reads a regular file of at most `limit` bytes, UTF-8, without ever waiting on a FIFO or a
/// device: [`read_data_file`] with another limit (a reports folder's files).
pub(crate) fn read_regular_file(path: &Path, limit: u64) -> Result<String, String> {
    use std::io::Read;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Opening a FIFO for reading waits for a writer; without blocking it opens at once, and
    // the check below refuses it.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options
        .open(path)
        .map_err(|e| format!("cannot read: {e}"))?;
    let metadata = file.metadata().map_err(|e| format!("cannot read: {e}"))?;
    if !metadata.is_file() {
        return Err("not a regular file".to_owned());
    }
    if metadata.len() > limit {
        return Err(format!(
            "{} bytes, more than the {limit} the file may have",
            metadata.len()
        ));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("more than the {limit} bytes the file may have"));
    }
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))
}

/// The first line (1-based) where a YAML text nests deeper than [`MAX_NESTING`], with what
/// nests; checked before the text is parsed, since the YAML parser's time grows faster than
/// the nesting. Brackets are counted wherever they are, quoted or not: a refusal can only come
/// from a file with more than [`MAX_NESTING`] unclosed brackets.
pub(crate) fn nesting_error(text: &str) -> Option<(usize, String)> {
    let mut flow = 0usize;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start_matches([' ', '\t']);
        let mut block = (line.len() - trimmed.len()) / 2;
        let mut rest = trimmed;
        while let Some(after) = rest.strip_prefix("- ").or_else(|| rest.strip_prefix("-\t")) {
            block += 1;
            rest = after.trim_start_matches([' ', '\t']);
        }
        if block > MAX_NESTING {
            return Some((
                index + 1,
                format!("nested deeper than {MAX_NESTING} blocks"),
            ));
        }
        for c in line.chars() {
            match c {
                '[' | '{' => {
                    flow += 1;
                    if flow > MAX_NESTING {
                        return Some((
                            index + 1,
                            format!("more than {MAX_NESTING} brackets open at once"),
                        ));
                    }
                }
                ']' | '}' => flow = flow.saturating_sub(1),
                _ => {}
            }
        }
    }
    None
}

/// Loads every `*.yaml` file under `dir/<corpus>/`, sorted by test name.
pub fn load_dir(dir: &Path) -> Result<Vec<Vector>, LoadError> {
    let error = |message: String| LoadError {
        file: dir.to_owned(),
        line: None,
        message,
    };
    let mut files = Vec::new();
    let corpora = std::fs::read_dir(dir).map_err(|e| error(format!("cannot read: {e}")))?;
    for corpus in corpora {
        let corpus = corpus.map_err(|e| error(e.to_string()))?.path();
        if !corpus.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&corpus).map_err(|e| error(e.to_string()))? {
            let path = entry.map_err(|e| error(e.to_string()))?.path();
            if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                files.push(path);
            }
        }
    }
    files.sort();
    load_texts(
        dir,
        files.into_iter().map(|file| {
            let text = read_data_file(&file);
            (file, text)
        }),
    )
}

/// Loads the vector files `(path, text)` in the order given; `dir` names the whole in errors.
fn load_texts(
    dir: &Path,
    files: impl Iterator<Item = (PathBuf, Result<String, String>)>,
) -> Result<Vec<Vector>, LoadError> {
    let mut vectors = Vec::new();
    let mut seen: HashMap<String, (PathBuf, usize)> = HashMap::new();
    for (file, text) in files {
        let file = &file;
        let text = text.map_err(|message| LoadError {
            file: file.clone(),
            line: None,
            message,
        })?;
        let corpus = file
            .parent()
            .and_then(Path::file_name)
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        for vector in parse_file(file, &corpus, &text)? {
            if let Some((first_file, first_line)) = seen.get(&vector.id) {
                return Err(LoadError {
                    file: vector.file.clone(),
                    line: Some(vector.line),
                    message: format!(
                        "duplicate id {:?} (first at {}:{})",
                        vector.id,
                        first_file.display(),
                        first_line
                    ),
                });
            }
            seen.insert(vector.id.clone(), (vector.file.clone(), vector.line));
            vectors.push(vector);
        }
    }
    if vectors.is_empty() {
        return Err(LoadError {
            file: dir.to_owned(),
            line: None,
            message: "no vectors found".into(),
        });
    }
    vectors.sort_by_key(Vector::name);
    Ok(vectors)
}

/// Parses one vector file's text.
pub fn parse_file(file: &Path, corpus: &str, text: &str) -> Result<Vec<Vector>, LoadError> {
    let raw: RawFile = crate::yaml::from_str(text).map_err(|e| LoadError {
        file: file.to_owned(),
        line: e.line,
        message: e.message,
    })?;
    let id_lines = id_lines(text);
    let mut vectors = Vec::with_capacity(raw.vectors.len());
    for (index, raw) in raw.vectors.into_iter().enumerate() {
        let line = id_lines.get(index).copied();
        let vector = raw
            .into_vector(file, corpus, line.unwrap_or(0))
            .map_err(|message| LoadError {
                file: file.to_owned(),
                line,
                message,
            })?;
        vectors.push(vector);
    }
    if vectors.is_empty() {
        return Err(LoadError {
            file: file.to_owned(),
            line: None,
            message: "the file holds no vectors".into(),
        });
    }
    Ok(vectors)
}

/// The 1-based line where each vector starts (its `- ` item under `vectors:`), in order, whatever
/// its first key: the items are the lines that start with `-` at the indentation of the first.
fn id_lines(text: &str) -> Vec<usize> {
    let mut item_indent = None;
    let mut in_vectors = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if indent == 0 && !trimmed.starts_with('-') {
            in_vectors = trimmed.starts_with("vectors:");
            continue;
        }
        if !in_vectors || !(trimmed == "-" || trimmed.starts_with("- ")) {
            continue;
        }
        match item_indent {
            None => {
                item_indent = Some(indent);
                lines.push(i + 1);
            }
            Some(at) if at == indent => lines.push(i + 1),
            Some(_) => {}
        }
    }
    lines
}

/// The sections of each corpus's RFC, from its table of contents: a vector names one of them.
fn known_section(corpus: &str, section: &str) -> Option<bool> {
    const RFC3986: &[&str] = &[
        "1", "1.1", "1.1.1", "1.1.2", "1.1.3", "1.2", "1.2.1", "1.2.2", "1.2.3", "1.3", "2", "2.1",
        "2.2", "2.3", "2.4", "2.5", "3", "3.1", "3.2", "3.2.1", "3.2.2", "3.2.3", "3.3", "3.4",
        "3.5", "4", "4.1", "4.2", "4.3", "4.4", "4.5", "5", "5.1", "5.1.1", "5.1.2", "5.1.3",
        "5.1.4", "5.2", "5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.3", "5.4", "5.4.1", "5.4.2", "6",
        "6.1", "6.2", "6.2.1", "6.2.2", "6.2.2.1", "6.2.2.2", "6.2.2.3", "6.2.3", "6.2.4", "7",
        "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "8", "9", "10", "10.1", "10.2", "A", "B",
        "C", "D", "D.1", "D.2", "E", "E.1", "E.2",
    ];
    const RFC6874: &[&str] = &["1", "2", "3", "4", "5", "6", "7", "7.1", "7.2", "A"];
    const RFC3987: &[&str] = &[
        "1", "1.1", "1.2", "1.3", "1.4", "2", "2.1", "2.2", "3", "3.1", "3.2", "3.2.1", "4", "4.1",
        "4.2", "4.3", "4.4", "5", "5.1", "5.2", "5.3", "5.3.1", "5.3.2", "5.3.2.1", "5.3.2.2",
        "5.3.2.3", "5.3.2.4", "5.3.3", "5.3.4", "6", "6.1", "6.2", "6.3", "6.4", "6.5", "7", "7.1",
        "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "8", "9", "10", "10.1", "10.2",
    ];
    match corpus {
        "rfc3986" => Some(RFC3986.contains(&section)),
        "rfc6874" => Some(RFC6874.contains(&section)),
        "rfc3987" => Some(RFC3987.contains(&section)),
        _ => None,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    vectors: Vec<RawVector>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVector {
    id: String,
    section: String,
    op: RawOp,
    #[serde(default)]
    input: Option<String>,
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    other: Option<String>,
    #[serde(default)]
    rule: Option<String>,
    #[serde(default)]
    strict: Option<bool>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    zone_id: Option<bool>,
    #[serde(default)]
    iri: Option<bool>,
    #[serde(default)]
    components: Option<Components>,
    #[serde(default)]
    note: Option<String>,
    expect: RawExpect,
    #[serde(default)]
    acceptable: Vec<RawExpect>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
enum RawOp {
    Parse,
    Resolve,
    Normalize,
    Equivalent,
    Recompose,
    RemoveDotSegments,
    Split,
    #[serde(rename = "iri-to-uri")]
    IriToUri,
    #[serde(rename = "uri-to-iri")]
    UriToIri,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    #[serde(default)]
    components: Option<Components>,
    #[serde(default, deserialize_with = "present")]
    host_kind: Option<Option<HostKind>>,
    #[serde(default)]
    invalid: Option<String>,
    #[serde(default)]
    at: Option<usize>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    normalized: Option<String>,
    #[serde(default)]
    equivalent: Option<bool>,
    #[serde(default)]
    recomposed: Option<String>,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    trace: Option<Vec<[String; 3]>>,
    #[serde(default)]
    split: Option<SplitGroups>,
    #[serde(default)]
    uri: Option<String>,
    #[serde(default)]
    iri: Option<String>,
    /// Only in `acceptable`: any error is acceptable.
    #[serde(default)]
    rejected: Option<bool>,
    /// Only in `acceptable`: why the alternative conforms.
    #[serde(default)]
    reason: Option<String>,
}

/// Distinguishes a key given as `null` (`Some(None)`) from a missing key (`None`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

impl RawVector {
    fn into_vector(self, file: &Path, corpus: &str, line: usize) -> Result<Vector, String> {
        let id = self.id.clone();
        let context = |message: String| format!("vector {id:?}: {message}");
        if id.is_empty()
            || !id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
            || !id.as_bytes()[0].is_ascii_alphanumeric()
        {
            return Err(context("an id is [a-z0-9][a-z0-9.-]*".into()));
        }
        if self.section.is_empty() || self.section.contains('/') {
            return Err(context(
                "a section is an RFC section number like \"5.4.2\"".into(),
            ));
        }
        if known_section(corpus, &self.section) == Some(false) {
            return Err(context(format!(
                "{corpus} has no section {:?} (it is not in the RFC's table of contents)",
                self.section
            )));
        }
        let case = self.case().map_err(context)?;
        if self.expect.reason.is_some() {
            return Err(context(
                "reason belongs in acceptable, not in expect".into(),
            ));
        }
        if self.expect.rejected.is_some() {
            return Err(context(
                "rejected belongs in acceptable, not in expect".into(),
            ));
        }
        let expect = self.expect.into_expectation(self.op).map_err(context)?;
        let acceptable = self
            .acceptable
            .into_iter()
            .map(|mut a| {
                let reason = a.reason.take().unwrap_or_default();
                if reason.trim().is_empty() {
                    return Err("an acceptable outcome needs a reason".to_owned());
                }
                if a.rejected == Some(true) && a.reason_free_shape_is_empty() {
                    return Ok(Acceptable {
                        outcome: Expectation::Rejected,
                        reason,
                    });
                }
                Ok(Acceptable {
                    outcome: a.into_expectation(self.op)?,
                    reason,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(context)?;
        Ok(Vector {
            id: self.id,
            section: self.section,
            corpus: corpus.to_owned(),
            file: file.to_owned(),
            line,
            note: self.note,
            case,
            expect,
            acceptable,
        })
    }

    fn case(&self) -> Result<Case, String> {
        let op = self.op;
        let mut allowed: Vec<&str> = Vec::new();
        let case = match op {
            RawOp::Parse => {
                allowed.extend(["input", "rule", "zone_id"]);
                let (grammar, rule) = match &self.rule {
                    None => (Grammar::Uri, Rule::UriReference),
                    Some(name) => Grammar::rule_named(name).ok_or_else(|| {
                        format!(
                            "unknown rule {name:?} (URI-reference, URI, absolute-URI, \
                             relative-ref, IRI-reference, IRI, absolute-IRI, irelative-ref)"
                        )
                    })?,
                };
                Case::Parse {
                    input: self.required_input()?,
                    rule,
                    zone_id: self.zone_id.unwrap_or(false),
                    grammar,
                }
            }
            RawOp::Resolve => {
                allowed.extend(["input", "base", "strict", "iri"]);
                Case::Resolve {
                    base: self.base.clone().ok_or("a resolve vector needs a base")?,
                    input: self.required_input()?,
                    strict: self.strict.unwrap_or(true),
                    grammar: self.grammar(),
                }
            }
            RawOp::Normalize => {
                allowed.extend(["input", "level", "iri"]);
                Case::Normalize {
                    input: self.required_input()?,
                    level: self.level()?,
                    grammar: self.grammar(),
                }
            }
            RawOp::Equivalent => {
                allowed.extend(["input", "other", "level", "iri"]);
                Case::Equivalent {
                    input: self.required_input()?,
                    other: self
                        .other
                        .clone()
                        .ok_or("an equivalent vector needs other")?,
                    level: self.level()?,
                    grammar: self.grammar(),
                }
            }
            RawOp::IriToUri => {
                allowed.push("input");
                Case::IriToUri {
                    input: self.required_input()?,
                }
            }
            RawOp::UriToIri => {
                allowed.push("input");
                Case::UriToIri {
                    input: self.required_input()?,
                }
            }
            RawOp::Recompose => {
                allowed.push("components");
                Case::Recompose {
                    components: self
                        .components
                        .clone()
                        .ok_or("a recompose vector needs components")?,
                }
            }
            RawOp::RemoveDotSegments => {
                allowed.push("input");
                Case::RemoveDotSegments {
                    input: self.required_input()?,
                }
            }
            RawOp::Split => {
                allowed.push("input");
                Case::Split {
                    input: self.required_input()?,
                }
            }
        };
        let given = [
            ("input", self.input.is_some()),
            ("base", self.base.is_some()),
            ("other", self.other.is_some()),
            ("rule", self.rule.is_some()),
            ("strict", self.strict.is_some()),
            ("level", self.level.is_some()),
            ("zone_id", self.zone_id.is_some()),
            ("iri", self.iri.is_some()),
            ("components", self.components.is_some()),
        ];
        if let Some((field, _)) = given
            .iter()
            .find(|(field, present)| *present && !allowed.contains(field))
        {
            return Err(format!("{field:?} does not belong to a {op:?} vector"));
        }
        Ok(case)
    }

    fn required_input(&self) -> Result<String, String> {
        self.input
            .clone()
            .ok_or_else(|| format!("a {:?} vector needs an input", self.op))
    }

    /// `iri: true` asks for the RFC 3987 rules.
    fn grammar(&self) -> Grammar {
        if self.iri == Some(true) {
            Grammar::Iri
        } else {
            Grammar::Uri
        }
    }

    fn level(&self) -> Result<Level, String> {
        match &self.level {
            None => Ok(Level::Syntax),
            Some(name) => Level::from_name(name).ok_or_else(|| format!("unknown level {name:?}")),
        }
    }
}

impl RawExpect {
    /// Whether nothing but `rejected` (and the reason, already taken) is given.
    fn reason_free_shape_is_empty(&self) -> bool {
        self.components.is_none()
            && self.host_kind.is_none()
            && self.invalid.is_none()
            && self.at.is_none()
            && self.target.is_none()
            && self.normalized.is_none()
            && self.equivalent.is_none()
            && self.recomposed.is_none()
            && self.path.is_none()
            && self.trace.is_none()
            && self.split.is_none()
            && self.uri.is_none()
            && self.iri.is_none()
    }

    fn into_expectation(self, op: RawOp) -> Result<Expectation, String> {
        let given: Vec<&str> = [
            ("components", self.components.is_some()),
            ("host_kind", self.host_kind.is_some()),
            ("invalid", self.invalid.is_some()),
            ("at", self.at.is_some()),
            ("target", self.target.is_some()),
            ("normalized", self.normalized.is_some()),
            ("equivalent", self.equivalent.is_some()),
            ("recomposed", self.recomposed.is_some()),
            ("path", self.path.is_some()),
            ("trace", self.trace.is_some()),
            ("split", self.split.is_some()),
            ("uri", self.uri.is_some()),
            ("iri", self.iri.is_some()),
            ("rejected", self.rejected.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, present)| present.then_some(name))
        .collect();
        let shape = |fields: &[&str]| {
            given.len() == fields.len() && fields.iter().all(|f| given.contains(f))
        };
        let invalid_allowed = matches!(
            op,
            RawOp::Parse
                | RawOp::Resolve
                | RawOp::Normalize
                | RawOp::Equivalent
                | RawOp::IriToUri
                | RawOp::UriToIri
        );
        if invalid_allowed && (shape(&["invalid"]) || shape(&["invalid", "at"])) {
            let name = self.invalid.unwrap_or_default();
            let rule = ErrorKind::from_rule(&name).ok_or_else(|| {
                let names: Vec<_> = ErrorKind::ALL.iter().map(|k| k.rule()).collect();
                format!(
                    "unknown rule {name:?} in invalid (one of {})",
                    names.join(", ")
                )
            })?;
            return Ok(Expectation::Invalid { rule, at: self.at });
        }
        let expectation = match op {
            RawOp::Parse if shape(&["components", "host_kind"]) => Expectation::Components {
                components: self.components.unwrap_or_else(|| unreachable!()),
                host_kind: self.host_kind.flatten(),
            },
            RawOp::Resolve if shape(&["target"]) => {
                Expectation::Target(self.target.unwrap_or_default())
            }
            RawOp::Normalize if shape(&["normalized"]) => {
                Expectation::Normalized(self.normalized.unwrap_or_default())
            }
            RawOp::Equivalent if shape(&["equivalent"]) => {
                Expectation::Equivalent(self.equivalent.unwrap_or_default())
            }
            RawOp::Recompose if shape(&["recomposed"]) => {
                Expectation::Recomposed(self.recomposed.unwrap_or_default())
            }
            RawOp::RemoveDotSegments if shape(&["path"]) || shape(&["path", "trace"]) => {
                Expectation::Path {
                    path: self.path.unwrap_or_default(),
                    trace: self.trace,
                }
            }
            RawOp::Split if shape(&["split"]) => {
                Expectation::Split(self.split.unwrap_or_else(|| unreachable!()))
            }
            RawOp::IriToUri if shape(&["uri"]) => Expectation::Uri(self.uri.unwrap_or_default()),
            RawOp::UriToIri if shape(&["iri"]) => Expectation::Iri(self.iri.unwrap_or_default()),
            _ => {
                let wanted = match op {
                    RawOp::Parse => "components + host_kind, or invalid (+ at)",
                    RawOp::Resolve => "target, or invalid (+ at)",
                    RawOp::Normalize => "normalized, or invalid (+ at)",
                    RawOp::Equivalent => "equivalent, or invalid (+ at)",
                    RawOp::Recompose => "recomposed",
                    RawOp::RemoveDotSegments => "path (+ trace)",
                    RawOp::Split => "split",
                    RawOp::IriToUri => "uri, or invalid (+ at)",
                    RawOp::UriToIri => "iri, or invalid (+ at)",
                };
                return Err(format!(
                    "a {op:?} expectation is {wanted}; got [{}]",
                    given.join(", ")
                ));
            }
        };
        Ok(expectation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Vec<Vector>, LoadError> {
        parse_file(Path::new("t.yaml"), "rfc3986", text)
    }

    #[test]
    fn the_embedded_corpus_is_the_checkouts() {
        let on_disk = load_dir(&default_dir()).expect("the checkout's corpus loads");
        let embedded = load_embedded().expect("the embedded corpus loads");
        assert_eq!(on_disk.len(), embedded.len());
        for (disk, copy) in on_disk.iter().zip(&embedded) {
            let relative = disk
                .file
                .strip_prefix(crate::locations::checkout().expect("a checkout"))
                .expect("under the checkout");
            assert_eq!(copy.file, relative, "{}", disk.name());
            assert_eq!(
                Vector {
                    file: copy.file.clone(),
                    ..disk.clone()
                },
                *copy
            );
        }
    }

    #[test]
    fn a_parse_vector_loads() {
        let v = load(
            "vectors:\n  - id: a\n    section: \"3\"\n    op: parse\n    input: \"http://a\"\n    expect:\n      components: {scheme: http, userinfo: null, host: a, port: null, path: \"\", query: null, fragment: null}\n      host_kind: reg-name\n",
        )
        .unwrap();
        assert_eq!(v[0].name(), "rfc3986/3/a");
        assert_eq!(v[0].line, 2);
    }

    #[test]
    fn errors_name_the_line() {
        let e = load("vectors:\n  - id: a\n    section: \"3\"\n    op: parse\n    input: x\n    colour: red\n    expect: {invalid: scheme}\n").unwrap_err();
        assert_eq!(e.line, Some(6), "{e}");
        assert!(e.message.contains("colour"), "{e}");
    }

    #[test]
    fn a_missing_component_key_is_an_error() {
        let e = load("vectors:\n  - id: a\n    section: \"3\"\n    op: parse\n    input: x\n    expect:\n      components: {scheme: null, host: null, port: null, path: x, query: null, fragment: null}\n      host_kind: null\n").unwrap_err();
        assert!(e.message.contains("userinfo"), "{e}");
    }

    #[test]
    fn a_misplaced_field_is_an_error() {
        let e = load("vectors:\n  - id: a\n    section: \"3\"\n    op: parse\n    input: x\n    base: y\n    expect: {invalid: scheme}\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("base"), "{e}");
        let e = load("vectors:\n  - id: a\n    section: \"3\"\n    op: resolve\n    base: x\n    input: y\n    expect: {normalized: z}\n").unwrap_err();
        assert!(e.message.contains("target"), "{e}");
    }

    #[test]
    fn an_unknown_section_is_an_error() {
        let e = load("vectors:\n  - id: a\n    section: \"9.9.9\"\n    op: parse\n    input: x\n    expect: {invalid: scheme}\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("no section \"9.9.9\""), "{e}");
    }

    #[test]
    fn errors_point_at_the_vector_whatever_its_first_key() {
        let e = load("vectors:\n  - id: a\n    section: \"3\"\n    op: parse\n    input: x\n    expect: {invalid: scheme}\n  - section: \"3\"\n    op: parse\n    id: b\n    input: x\n    base: y\n    expect: {invalid: scheme}\n  - id: c\n    section: \"3\"\n    op: parse\n    input: x\n    base: y\n    expect: {invalid: scheme}\n").unwrap_err();
        assert_eq!(e.line, Some(7), "{e}");
        assert!(e.message.contains("\"b\""), "{e}");
    }

    fn load_iri(text: &str) -> Result<Vec<Vector>, LoadError> {
        parse_file(Path::new("t.yaml"), "rfc3987", text)
    }

    #[test]
    fn iri_vectors_load() {
        let v = load_iri("vectors:\n  - id: a\n    section: \"3.1\"\n    op: iri-to-uri\n    input: \"/\\u00e9\"\n    expect: {uri: \"/%C3%A9\"}\n  - id: b\n    section: \"2.2\"\n    op: parse\n    rule: irelative-ref\n    input: \"a:b\"\n    expect: {invalid: ipath-noscheme, at: 1}\n  - id: c\n    section: \"6.5\"\n    op: resolve\n    iri: true\n    base: \"a:b\"\n    input: c\n    expect: {target: \"a:c\"}\n").unwrap();
        assert_eq!(
            v[0].case,
            Case::IriToUri {
                input: "/é".into()
            }
        );
        assert_eq!(v[0].expect, Expectation::Uri("/%C3%A9".into()));
        assert!(matches!(
            v[1].case,
            Case::Parse {
                rule: Rule::RelativeRef,
                grammar: Grammar::Iri,
                ..
            }
        ));
        assert!(matches!(
            v[2].case,
            Case::Resolve {
                grammar: Grammar::Iri,
                ..
            }
        ));
    }

    #[test]
    fn iri_fields_stay_in_their_place() {
        // `iri: true` does not belong to a parse (the rule says it), nor `uri` to a conversion
        // the other way, nor a section RFC 3987 does not have.
        let e = load_iri("vectors:\n  - id: a\n    section: \"2.2\"\n    op: parse\n    iri: true\n    input: x\n    expect: {invalid: ipath}\n").unwrap_err();
        assert!(e.message.contains("\"iri\" does not belong"), "{e}");
        let e = load_iri("vectors:\n  - id: a\n    section: \"3.2\"\n    op: uri-to-iri\n    input: x\n    expect: {uri: x}\n").unwrap_err();
        assert!(e.message.contains("iri, or invalid"), "{e}");
        let e = load_iri("vectors:\n  - id: a\n    section: \"6.2.2\"\n    op: uri-to-iri\n    input: x\n    expect: {iri: x}\n").unwrap_err();
        assert!(e.message.contains("no section"), "{e}");
        let e = load_iri("vectors:\n  - id: a\n    section: \"3.2\"\n    op: uri-to-iri\n    input: x\n    expect: {iri: x}\n    acceptable:\n      - {iri: y}\n").unwrap_err();
        assert!(e.message.contains("reason"), "{e}");
    }

    /// The gate and the matrix leave RFC 3987 cases out (no bundled implementation declares
    /// them): a URI case under `rfc3987/` would be judged on every adapter.
    #[test]
    fn the_rfc3987_corpus_holds_only_iri_cases() {
        let vectors = load_dir(&default_dir()).expect("the checkout's corpus loads");
        let iri: Vec<&Vector> = vectors.iter().filter(|v| v.corpus == "rfc3987").collect();
        assert!(iri.len() > 200, "{}", iri.len());
        for vector in iri {
            let is_iri = match &vector.case {
                Case::Parse { grammar, .. }
                | Case::Resolve { grammar, .. }
                | Case::Normalize { grammar, .. }
                | Case::Equivalent { grammar, .. } => *grammar == Grammar::Iri,
                Case::IriToUri { .. } | Case::UriToIri { .. } => true,
                _ => false,
            };
            assert!(is_iri, "{} is not an RFC 3987 case", vector.name());
        }
    }

    #[test]
    fn an_empty_file_is_an_error() {
        assert!(load("vectors: []\n").is_err());
    }
}
