//! The JSON-lines protocol of `uri-conformance serve`: one request a line in, one response a
//! line out, in order. Any program that speaks it can be checked by the harness.
//!
//! ```text
//! {"op":"parse","input":S,"rule":R?}                -> {"valid":true,"components":{...},"host_kind":K}
//!                                                     | {"valid":false,"error":S}
//! {"op":"resolve","base":S,"input":S,"strict":B?}   -> {"valid":true,"target":S} | {"valid":false,"error":S}
//! {"op":"normalize","input":S,"level":L?}           -> {"valid":true,"normalized":S} | {"valid":false,"error":S}
//! {"op":"serialize","input":S}                     -> {"valid":true,"serialized":S} | {"valid":false,"error":S}
//!                                                     (optional: the round-trip properties)
//! {"op":"parse","input":S,"rule":"IRI-reference"}  -> as parse; the rules IRI-reference, IRI,
//!                                                     absolute-IRI, irelative-ref (RFC 3987)
//! {"op":"resolve",...,"iri":true}                   -> as resolve, on IRIs (RFC 3987 §6.5)
//! {"op":"normalize",...,"iri":true}                 -> as normalize, on IRIs (RFC 3987 §5.3)
//! {"op":"iri-to-uri","input":S}                     -> {"valid":true,"uri":S} | {"valid":false,"error":S}
//! {"op":"uri-to-iri","input":S}                     -> {"valid":true,"iri":S} | {"valid":false,"error":S}
//!                                                     (optional: RFC 3987, see [`IriRequest`])
//! an operation the implementation does not support  -> {"unsupported":true}
//! a line that is not a valid request                -> {"error":S}
//! ```
//!
//! Version 2 adds, compatibly: an optional `"id"` (a number or a string) on any request, echoed
//! as `"id"` in its answer, so that answers are matched to requests by id and a program may
//! have many requests in flight; and the request `{"op":"about"}`, answered with an [`About`]
//! (the program's name, version, specification, blind spots and supported operations). A
//! version 1 program answers `about` with `{"error":S}` and echoes no ids; it is matched by
//! order.
//!
//! This module knows the wire format only; it knows no implementation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::model::{Components, Rejection, Subject};
use crate::reference::{ErrorKind, Grammar, HostKind, Level, Rule};

/// The rule a parse request names, by the name of either RFC: RFC 3986's `URI-reference`,
/// `URI`, `absolute-URI` and `relative-ref`, or RFC 3987's `IRI-reference`, `IRI`,
/// `absolute-IRI` and `irelative-ref` (the same four rules in its grammar). On the wire, its
/// name; a name that is none of these is not a valid request.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseRule {
    /// Which RFC's grammar.
    pub grammar: Grammar,
    /// Which of its four rules.
    pub rule: Rule,
}

impl ParseRule {
    /// RFC 3986's `rule`.
    pub const fn uri(rule: Rule) -> ParseRule {
        ParseRule {
            grammar: Grammar::Uri,
            rule,
        }
    }

    /// RFC 3987's `rule` (`IRI-reference` for [`Rule::UriReference`]).
    pub const fn iri(rule: Rule) -> ParseRule {
        ParseRule {
            grammar: Grammar::Iri,
            rule,
        }
    }

    /// Its name on the wire: `URI`, `irelative-ref`.
    pub const fn name(&self) -> &'static str {
        self.grammar.rule_name(self.rule)
    }

    /// The rule named `name` in either grammar.
    pub fn from_name(name: &str) -> Option<ParseRule> {
        Grammar::rule_named(name).map(|(grammar, rule)| ParseRule { grammar, rule })
    }

    /// The rule named `name`, or why it is none: the error a request naming it is answered.
    pub fn named(name: &str) -> Result<ParseRule, String> {
        ParseRule::from_name(name).ok_or_else(|| {
            format!(
                "unknown rule {name:?} (expected URI-reference, URI, absolute-URI, \
                 relative-ref, IRI-reference, IRI, absolute-IRI or irelative-ref)"
            )
        })
    }
}

impl From<Rule> for ParseRule {
    fn from(rule: Rule) -> Self {
        ParseRule::uri(rule)
    }
}

impl Serialize for ParseRule {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for ParseRule {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        ParseRule::named(&name).map_err(serde::de::Error::custom)
    }
}

/// The level a normalize request names, or why it is none: the error a request naming it is
/// answered.
pub(crate) fn level_named(name: &str) -> Result<Level, String> {
    Level::from_name(name)
        .ok_or_else(|| format!("unknown level {name:?} (expected syntax or scheme)"))
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        level_named(&name).map_err(serde::de::Error::custom)
    }
}

/// A request, one JSON object on a line. Its rule and level are read once, here ([`Wire`]): a
/// line that names another is not a valid request.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", try_from = "Wire")]
pub enum Request {
    /// Parse `input` by `rule` (`URI-reference` when absent).
    Parse {
        /// The text to parse.
        input: String,
        /// The rule, as the request names it: absent on the wire when `None`.
        #[serde(skip_serializing_if = "Option::is_none")]
        rule: Option<ParseRule>,
        /// Accept RFC 6874 zone identifiers (an extension; false when absent).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        zone_id: bool,
    },
    /// Resolve the reference `input` against `base`.
    Resolve {
        /// The base URI.
        base: String,
        /// The reference.
        input: String,
        /// §5.2.2's strict parser (true when absent).
        strict: bool,
    },
    /// Normalize `input` at `level` (`syntax` when absent).
    Normalize {
        /// The URI reference to normalize.
        input: String,
        /// The level, as the request names it: absent on the wire when `None`.
        #[serde(skip_serializing_if = "Option::is_none")]
        level: Option<Level>,
    },
}

fn strict_default() -> bool {
    true
}

/// A [`Request`] as the line gives it, its rule and level as text: read first, so that a line
/// with a field missing or of the wrong type is refused for that, as before its names are
/// checked.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
enum Wire {
    Parse {
        input: String,
        #[serde(default)]
        rule: Option<String>,
        #[serde(default)]
        zone_id: bool,
    },
    Resolve {
        base: String,
        input: String,
        #[serde(default = "strict_default")]
        strict: bool,
    },
    Normalize {
        input: String,
        #[serde(default)]
        level: Option<String>,
    },
}

impl TryFrom<Wire> for Request {
    type Error = String;

    fn try_from(wire: Wire) -> Result<Self, String> {
        Ok(match wire {
            Wire::Parse {
                input,
                rule,
                zone_id,
            } => Request::Parse {
                input,
                rule: rule.as_deref().map(ParseRule::named).transpose()?,
                zone_id,
            },
            Wire::Resolve {
                base,
                input,
                strict,
            } => Request::Resolve {
                base,
                input,
                strict,
            },
            Wire::Normalize { input, level } => Request::Normalize {
                input,
                level: level.as_deref().map(level_named).transpose()?,
            },
        })
    }
}

impl Request {
    /// A parse of `input` as a `URI-reference` (the default rule), without zone identifiers.
    pub fn parse(input: impl Into<String>) -> Request {
        Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        }
    }

    /// A parse of `input` that names `rule`, without zone identifiers.
    pub fn parse_by(input: impl Into<String>, rule: impl Into<ParseRule>) -> Request {
        Request::Parse {
            input: input.into(),
            rule: Some(rule.into()),
            zone_id: false,
        }
    }

    /// The RFC 3986 rule of this parse request: `URI-reference` when it names none; an error
    /// for an RFC 3987 rule and for a request that is not a parse.
    pub fn checked_rule(&self) -> Result<Rule, String> {
        match self.checked_grammar_rule()? {
            (Grammar::Uri, rule) => Ok(rule),
            (Grammar::Iri, rule) => Err(format!(
                "unknown rule {:?} (expected URI-reference, URI, absolute-URI or relative-ref)",
                Grammar::Iri.rule_name(rule)
            )),
        }
    }

    /// The grammar and rule of this parse request (`URI-reference` when it names none); an
    /// error for a request that is not a parse.
    pub fn checked_grammar_rule(&self) -> Result<(Grammar, Rule), String> {
        match self {
            Request::Parse { rule, .. } => Ok(rule
                .as_ref()
                .map_or((Grammar::Uri, Rule::UriReference), |r| (r.grammar, r.rule))),
            _ => Err("not a parse request".to_owned()),
        }
    }

    /// The level of this normalize request: `syntax` when it names none; an error for a
    /// request that is not a normalization.
    pub fn checked_level(&self) -> Result<Level, String> {
        match self {
            Request::Normalize { level, .. } => Ok(level.unwrap_or_default()),
            _ => Err("not a normalize request".to_owned()),
        }
    }

    /// The bytes of the request's texts (a resolution's base and reference together): the size
    /// by which a shrinker chooses the smallest case.
    pub fn text_len(&self) -> usize {
        match self {
            Request::Parse { input, .. } | Request::Normalize { input, .. } => input.len(),
            Request::Resolve { base, input, .. } => base.len() + input.len(),
        }
    }

    /// Whether this is a parse request by an RFC 3987 rule.
    pub fn is_iri_parse(&self) -> bool {
        matches!(
            self,
            Request::Parse {
                rule: Some(ParseRule {
                    grammar: Grammar::Iri,
                    ..
                }),
                ..
            }
        )
    }
}

/// A response, one JSON object on a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Response {
    /// A successful parse.
    Parsed {
        /// Always true.
        valid: bool,
        /// The components, exact substrings of the input.
        components: Components,
        /// The host kind; null without an authority.
        host_kind: Option<HostKind>,
    },
    /// A successful resolution.
    Resolved {
        /// Always true.
        valid: bool,
        /// The target URI.
        target: String,
    },
    /// A successful normalization.
    Normalized {
        /// Always true.
        valid: bool,
        /// The normalized URI reference.
        normalized: String,
    },
    /// The input is not valid. The reference writes `error` as a [`Rejection`]: the failing
    /// rule's name and a colon (`pct-encoded: invalid percent-encoding at byte 3`), after
    /// `base: ` for a resolution's base; other programs may say anything ([`read_rejection`]).
    Invalid {
        /// Always false.
        valid: bool,
        /// What is wrong.
        error: String,
    },
    /// The implementation does not do this operation.
    Unsupported {
        /// Always true.
        unsupported: bool,
    },
    /// The request line could not be understood.
    BadRequest {
        /// Why.
        error: String,
    },
}

impl Response {
    /// A successful parse.
    pub fn parsed(components: Components, host_kind: Option<HostKind>) -> Self {
        Response::Parsed {
            valid: true,
            components,
            host_kind,
        }
    }

    /// A successful resolution.
    pub fn resolved(target: String) -> Self {
        Response::Resolved {
            valid: true,
            target,
        }
    }

    /// A successful normalization.
    pub fn normalized(normalized: String) -> Self {
        Response::Normalized {
            valid: true,
            normalized,
        }
    }

    /// An invalid input.
    pub fn invalid(error: impl Into<String>) -> Self {
        Response::Invalid {
            valid: false,
            error: error.into(),
        }
    }

    /// An operation that is not supported.
    pub fn unsupported() -> Self {
        Response::Unsupported { unsupported: true }
    }

    /// A line that is not a request.
    pub fn bad_request(error: impl Into<String>) -> Self {
        Response::BadRequest {
            error: error.into(),
        }
    }
}

/// An `error` the protocol carries as what it says ([`Response::Invalid`]): about the base when
/// it starts `base:`; by the rule it names first when that is a rule of the reference's (the
/// reference writes `RULE: MESSAGE at byte N`), at the offset it ends with (`at byte N`). Any
/// other text is a message alone. The only place a rejection's text is read.
pub(crate) fn read_rejection(error: &str) -> Rejection {
    let (subject, said) = match error.strip_prefix("base:") {
        Some(rest) => (Subject::Base, rest.trim_start()),
        None => (Subject::Input, error),
    };
    let rule = said
        .split_once(':')
        .and_then(|(name, _)| ErrorKind::from_rule(name))
        .map(ErrorKind::rule);
    let offset = said
        .rsplit_once(" at byte ")
        .and_then(|(_, n)| n.parse().ok());
    Rejection::from_parts(subject, rule, offset, said.to_owned())
}

/// The optional `serialize` request: parse `input` and write it back with the implementation's
/// own serializer. A separate message rather than a [`Request`] variant, so that programs and
/// requests that do not know it are unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
enum SerializeRequest {
    Serialize { input: String },
}

/// The answer to a `serialize` request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
enum SerializedResponse {
    Serialized { valid: bool, serialized: String },
    Invalid { valid: bool, error: String },
    Unsupported { unsupported: bool },
}

/// The line of a `serialize` request for `input`.
pub(crate) fn serialize_request(input: &str) -> String {
    serde_json::to_string(&SerializeRequest::Serialize {
        input: input.to_owned(),
    })
    .expect("requests serialize")
}

/// The input of a `serialize` request line; `None` for any other line.
pub(crate) fn read_serialize_request(line: &str) -> Option<String> {
    match serde_json::from_str::<SerializeRequest>(line).ok()? {
        SerializeRequest::Serialize { input } => Some(input),
    }
}

/// The response line to a `serialize` request: the serialized string, the error, or
/// `unsupported` (`None`).
pub(crate) fn serialized_response(serialized: Option<Result<String, String>>) -> String {
    let response = match serialized {
        Some(Ok(serialized)) => SerializedResponse::Serialized {
            valid: true,
            serialized,
        },
        Some(Err(error)) => SerializedResponse::Invalid {
            valid: false,
            error,
        },
        None => SerializedResponse::Unsupported { unsupported: true },
    };
    serde_json::to_string(&response).expect("responses always serialize")
}

/// Reads the response to a `serialize` request: `None` for `unsupported` and for anything else
/// (a program that does not know the operation answers an error line).
pub(crate) fn read_serialized(line: &str) -> Option<Result<String, String>> {
    match serde_json::from_str::<SerializedResponse>(line).ok()? {
        SerializedResponse::Serialized { serialized, .. } => Some(Ok(serialized)),
        SerializedResponse::Invalid { error, .. } => Some(Err(error)),
        SerializedResponse::Unsupported { .. } => None,
    }
}

/// A request on IRIs (RFC 3987). A separate message rather than new [`Request`] variants, as
/// `serialize` is: the harness sends [`Request`]s to every implementation, and one that knows
/// only URIs must not be asked these. A line is an IRI request when its `op` is `iri-to-uri` or
/// `uri-to-iri`, when it parses by an IRI rule, or when it resolves or normalizes with
/// `"iri":true` ([`read_iri_request`]); an implementation that does not do them answers
/// `{"unsupported":true}`, and a version 1 program an error line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", try_from = "IriWire")]
pub enum IriRequest {
    /// Parse `input` by an IRI rule.
    #[serde(rename = "parse")]
    Parse {
        /// The text.
        input: String,
        /// The rule in RFC 3987's grammar: on the wire, `IRI-reference`, `IRI`,
        /// `absolute-IRI` or `irelative-ref`.
        #[serde(serialize_with = "iri_rule_name")]
        rule: Rule,
    },
    /// Resolve the IRI reference `input` against the IRI `base` (RFC 3987 §6.5).
    #[serde(rename = "resolve")]
    Resolve {
        /// The base IRI.
        base: String,
        /// The reference.
        input: String,
        /// §5.2.2's strict parser (true when absent).
        strict: bool,
        /// Always true.
        iri: bool,
    },
    /// Normalize the IRI reference `input` at `level` (RFC 3987 §5.3).
    #[serde(rename = "normalize")]
    Normalize {
        /// The IRI reference.
        input: String,
        /// The level, as the request names it: absent on the wire when `None`.
        #[serde(skip_serializing_if = "Option::is_none")]
        level: Option<Level>,
        /// Always true.
        iri: bool,
    },
    /// Map an IRI reference to a URI reference (RFC 3987 §3.1).
    #[serde(rename = "iri-to-uri")]
    IriToUri {
        /// The IRI reference.
        input: String,
    },
    /// Convert a URI reference to an IRI reference (RFC 3987 §3.2).
    #[serde(rename = "uri-to-iri")]
    UriToIri {
        /// The URI reference.
        input: String,
    },
}

/// The names of the IRI rules a parse request may give.
pub(crate) const IRI_RULES: [&str; 4] = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref"];

/// An [`IriRequest::Parse`]'s rule on the wire: its name in RFC 3987's grammar.
fn iri_rule_name<S: Serializer>(rule: &Rule, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(Grammar::Iri.rule_name(*rule))
}

/// An [`IriRequest`] as the line gives it, its rule and level as text ([`Wire`]).
#[derive(Deserialize)]
#[serde(tag = "op", deny_unknown_fields)]
enum IriWire {
    #[serde(rename = "parse")]
    Parse { input: String, rule: String },
    #[serde(rename = "resolve")]
    Resolve {
        base: String,
        input: String,
        #[serde(default = "strict_default")]
        strict: bool,
        iri: bool,
    },
    #[serde(rename = "normalize")]
    Normalize {
        input: String,
        #[serde(default)]
        level: Option<String>,
        iri: bool,
    },
    #[serde(rename = "iri-to-uri")]
    IriToUri { input: String },
    #[serde(rename = "uri-to-iri")]
    UriToIri { input: String },
}

impl TryFrom<IriWire> for IriRequest {
    type Error = String;

    fn try_from(wire: IriWire) -> Result<Self, String> {
        Ok(match wire {
            IriWire::Parse { input, rule } => match ParseRule::from_name(&rule) {
                Some(ParseRule {
                    grammar: Grammar::Iri,
                    rule,
                }) => IriRequest::Parse { input, rule },
                _ => {
                    return Err(format!(
                        "unknown IRI rule {rule:?} (expected {})",
                        IRI_RULES.join(", ")
                    ));
                }
            },
            IriWire::Resolve {
                base,
                input,
                strict,
                iri,
            } => IriRequest::Resolve {
                base,
                input,
                strict,
                iri,
            },
            IriWire::Normalize { input, level, iri } => IriRequest::Normalize {
                input,
                level: level.as_deref().map(level_named).transpose()?,
                iri,
            },
            IriWire::IriToUri { input } => IriRequest::IriToUri { input },
            IriWire::UriToIri { input } => IriRequest::UriToIri { input },
        })
    }
}

/// Whether a line is an IRI request: `iri-to-uri`, `uri-to-iri`, a parse by an IRI rule, or a
/// resolve or normalize with `"iri":true`. Any other line (a URI request, `about`,
/// `serialize`, a line that is not JSON) is not.
pub(crate) fn is_iri_request(line: &str) -> bool {
    let Ok(Value::Object(object)) = serde_json::from_str::<Value>(line) else {
        return false;
    };
    match object.get("op").and_then(Value::as_str) {
        Some("iri-to-uri" | "uri-to-iri") => true,
        Some("parse") => object
            .get("rule")
            .and_then(Value::as_str)
            .is_some_and(|rule| IRI_RULES.contains(&rule)),
        Some("resolve" | "normalize") => object.get("iri") == Some(&Value::Bool(true)),
        _ => false,
    }
}

/// Reads an IRI request line ([`is_iri_request`]): the id to echo, and the request or why it
/// is not a valid one.
pub(crate) fn read_iri_request(line: &str) -> (Option<Id>, Result<IriRequest, String>) {
    let id = Id::of(line);
    let mut value: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(e) => return (id, Err(format!("not a valid request: {e}"))),
    };
    value.as_object_mut().and_then(|o| o.remove("id"));
    let request = serde_json::from_value::<IriRequest>(value)
        .map_err(|e| format!("not a valid request: {e}"));
    (id, request)
}

/// The answer to an [`IriRequest`]: the two mappings' own answers, or a [`Response`] (parsed,
/// resolved, normalized, invalid, unsupported).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum IriResponse {
    /// The URI an IRI maps to.
    Uri {
        /// Always true.
        valid: bool,
        /// The URI reference.
        uri: String,
    },
    /// The IRI a URI converts to.
    Iri {
        /// Always true.
        valid: bool,
        /// The IRI reference.
        iri: String,
    },
    /// Any other answer.
    Other(Response),
}

impl IriResponse {
    /// A successful IRI-to-URI mapping.
    pub fn uri(uri: String) -> Self {
        IriResponse::Uri { valid: true, uri }
    }

    /// A successful URI-to-IRI conversion.
    pub fn iri(iri: String) -> Self {
        IriResponse::Iri { valid: true, iri }
    }
}

impl From<Response> for IriResponse {
    fn from(response: Response) -> Self {
        IriResponse::Other(response)
    }
}

/// The protocol version this harness speaks.
pub(crate) const VERSION: u32 = 2;

/// The answer to `{"op":"about"}`: what a program says of itself. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct About {
    /// The protocol version it speaks (2).
    #[serde(default)]
    pub protocol: u32,
    /// Its short name (`[a-z0-9.-]` after sanitising), used when `--impl-cmd` gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The language the library is written in or for, `Python`, `C++`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The library, `rfc3986`, `java.net.URI`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library: Option<String>,
    /// The library's version, `0.9.7`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The specification it follows, `RFC 3986`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<String>,
    /// The operations it does (`parse`, `resolve`, `normalize`); all when absent. Others are
    /// answered `unsupported` without asking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operations: Option<Vec<String>>,
    /// The parse rules it does (`URI-reference`, `URI`, `absolute-URI`, `relative-ref`); all
    /// when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<String>>,
    /// How it reports components, field by field: what the comparison leaves out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blind_spots: Vec<DeclaredBlindSpot>,
    /// The one level its normalization implements, for a library whose normalization has no
    /// levels: `path` (§6.2.2.3 alone: dot-segments), `syntax` (§6.2.2) or `scheme` (§6.2.2
    /// and §6.2.3). Every normalization is then asked and judged at that level. Absent: the
    /// level each request names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normalization: Option<String>,
    /// Programs in its own language that show what the library does with a case, for reports
    /// (`crate::impls::foreign`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<Reproduce>,
}

/// The `reproduce` member of an adapter's `about`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reproduce {
    /// The language, as a Markdown fence names it: `python`, `javascript`, `go`, `java`,
    /// `ruby`, `php`, `perl`, `c`, `cpp`, `csharp`, `ocaml`, `haskell`, `erlang`.
    pub language: String,
    /// How a string literal is written, when the language's name does not say: one of
    /// `crate::impls::foreign::Literal::NAMES`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub literal: Option<String>,
    /// The program for a parse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse: Option<String>,
    /// The program for a resolution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolve: Option<String>,
    /// The program for a normalization.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normalize: Option<String>,
}

/// A field a program reports differently from the RFC's exact substrings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeclaredBlindSpot {
    /// `scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment` or `host_kind`.
    pub field: String,
    /// How ([`Blindness`](crate::model::Blindness)): `hidden` (not reported),
    /// `empty-is-undefined` (no undefined/empty distinction), `decoded` (percent-decoded),
    /// `case-folded` (ASCII lowercased), `re-encoded` (percent-encoded otherwise: compared
    /// decoded), or for `port` `default-port-dropped` (no port where it is the scheme's
    /// default) and `number` (read as a number, leading zeros gone).
    pub how: String,
    /// Why, citing the library's API.
    #[serde(default)]
    pub reason: String,
}

/// A request's `"id"`, as written: echoed byte for byte, so that an integer past 64 bits, a
/// decimal or a string with escapes comes back exactly (a JSON number read as a number would
/// come back as a float, `1.2345678901234568e+29`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Id(String);

impl Id {
    /// The `"id"` of a JSON object line, as written; `None` without one (or with `null`, or
    /// when the line is not a JSON object).
    pub fn of(line: &str) -> Option<Id> {
        #[derive(Deserialize)]
        struct WithId<'a> {
            #[serde(borrow, default)]
            id: Option<&'a serde_json::value::RawValue>,
        }
        let raw = serde_json::from_str::<WithId<'_>>(line).ok()?.id?;
        Some(Id(raw.get().to_owned()))
    }

    /// The id as JSON text.
    pub fn json(&self) -> &str {
        &self.0
    }
}

impl From<u64> for Id {
    fn from(id: u64) -> Self {
        Id(id.to_string())
    }
}

/// One line a program read: a request or `about`, with the id to echo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Incoming {
    /// The request's `"id"`, if it had one.
    pub id: Option<Id>,
    /// What it asks, or why it is not a valid request.
    pub ask: Result<Ask, String>,
}

/// What a request line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// An operation.
    Request(Request),
    /// `{"op":"about"}`.
    About,
}

/// Reads one request line of either version; the id is kept even when the request is not
/// valid, so that the error can carry it.
pub(crate) fn read_incoming(line: &str) -> Incoming {
    let id = Id::of(line);
    let mut value: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(e) => {
            return Incoming {
                id,
                ask: Err(format!("not a valid request: {e}")),
            };
        }
    };
    value.as_object_mut().and_then(|o| o.remove("id"));
    let ask = if value.get("op").and_then(Value::as_str) == Some("about") {
        Ok(Ask::About)
    } else {
        serde_json::from_value::<Request>(value)
            .map(Ask::Request)
            .map_err(|e| format!("not a valid request: {e}"))
    };
    Incoming { id, ask }
}

/// A request line with an id (version 2), without the newline.
pub(crate) fn write_request_with_id(request: &Request, id: u64) -> String {
    with_id(
        serde_json::to_string(request).expect("requests serialize"),
        Some(&Id::from(id)),
    )
}

/// Any answer (a [`Response`], an [`About`]) as a line of JSON with `id` echoed first when there
/// is one, without the newline.
pub fn write_with_id(answer: &impl Serialize, id: Option<&Id>) -> String {
    with_id(
        serde_json::to_string(answer).expect("answers serialize"),
        id,
    )
}

/// A JSON object with `"id"` first when there is one.
pub(crate) fn with_id(object: String, id: Option<&Id>) -> String {
    match (id.map(Id::json), object.strip_prefix('{')) {
        (Some(id), Some("}")) => format!("{{\"id\":{id}}}"),
        (Some(id), Some(rest)) => format!("{{\"id\":{id},{rest}"),
        _ => object,
    }
}

/// Reads one request line.
#[cfg(test)]
fn read_request(line: &str) -> Result<Request, String> {
    serde_json::from_str(line).map_err(|e| format!("not a valid request: {e}"))
}

/// Writes one response as a line of JSON (without the newline).
pub fn write_response(response: &Response) -> String {
    serde_json::to_string(response).expect("responses always serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rejection_reads_back_as_the_reference_writes_it() {
        use crate::reference::ParseError;
        for kind in ErrorKind::ALL {
            for subject in [Subject::Input, Subject::Base] {
                let rejection = Rejection::of(&ParseError::new(kind, 7), subject);
                let text = rejection.to_string();
                assert_eq!(read_rejection(&text), rejection, "{text}");
            }
        }
        let rejection = read_rejection("base: scheme: invalid or missing scheme at byte 0");
        assert_eq!(rejection.subject(), Subject::Base);
        assert_eq!(rejection.kind(), Some(ErrorKind::Scheme));
        assert_eq!(rejection.offset(), Some(0));
        assert_eq!(
            rejection.message(),
            "scheme: invalid or missing scheme at byte 0"
        );
    }

    #[test]
    fn another_message_reads_as_a_message_alone() {
        // A name before a colon that is no rule of the reference's is no rule; nor is a name
        // the reference uses when the text puts no colon after it.
        for (text, subject) in [
            ("host-missing at \"a:b\"", Subject::Input),
            ("URIError: URI malformed", Subject::Input),
            ("host invalid", Subject::Input),
            ("base: port-invalid", Subject::Base),
        ] {
            let rejection = read_rejection(text);
            assert_eq!(
                (rejection.subject(), rejection.rule(), rejection.offset()),
                (subject, None, None),
                "{text}"
            );
            assert_eq!(rejection.to_string(), text);
        }
        // A crate's own wording, with the offset it states.
        let rejection = read_rejection("ipath: invalid character in ipath at byte 1");
        assert_eq!(
            (rejection.rule(), rejection.offset()),
            (Some("ipath"), Some(1))
        );
    }

    #[test]
    fn requests_have_defaults() {
        assert_eq!(
            read_request(r#"{"op":"resolve","base":"http://a/","input":"g"}"#),
            Ok(Request::Resolve {
                base: "http://a/".into(),
                input: "g".into(),
                strict: true
            })
        );
        assert!(read_request(r#"{"op":"frobnicate"}"#).is_err());
        assert!(read_request("not json").is_err());
    }

    #[test]
    fn rules_and_levels_are_read_by_name_once() {
        let ask = |line| read_incoming(line).ask;
        assert_eq!(
            ask(r#"{"op":"parse","input":"a","rule":"absolute-IRI"}"#),
            Ok(Ask::Request(Request::Parse {
                input: "a".into(),
                rule: Some(ParseRule::iri(Rule::AbsoluteUri)),
                zone_id: false
            }))
        );
        assert_eq!(
            ask(r#"{"op":"normalize","input":"a","level":"path"}"#),
            Ok(Ask::Request(Request::Normalize {
                input: "a".into(),
                level: Some(Level::Path)
            }))
        );
        // A name the protocol does not have is refused; a field missing is refused for that
        // first.
        assert_eq!(
            ask(r#"{"op":"parse","input":"a","rule":"uri"}"#),
            Err(
                "not a valid request: unknown rule \"uri\" (expected URI-reference, URI, \
                 absolute-URI, relative-ref, IRI-reference, IRI, absolute-IRI or irelative-ref)"
                    .to_owned()
            )
        );
        assert_eq!(
            ask(r#"{"op":"parse","rule":"uri"}"#),
            Err("not a valid request: missing field `input`".to_owned())
        );
        // Written back as named, an absent rule or level absent.
        for line in [
            r#"{"op":"parse","input":"a","rule":"URI-reference"}"#,
            r#"{"op":"parse","input":"a"}"#,
            r#"{"op":"normalize","input":"a","level":"syntax"}"#,
            r#"{"op":"normalize","input":"a"}"#,
        ] {
            assert_eq!(
                serde_json::to_string(&read_request(line).unwrap()).unwrap(),
                line
            );
        }
    }

    #[test]
    fn responses_serialize_as_documented() {
        let c = Components {
            scheme: Some("http".into()),
            userinfo: None,
            host: Some("a".into()),
            port: Some(String::new()),
            path: String::new(),
            query: None,
            fragment: None,
        };
        assert_eq!(
            write_response(&Response::parsed(c, Some(HostKind::RegName))),
            r#"{"valid":true,"components":{"scheme":"http","userinfo":null,"host":"a","port":"","path":"","query":null,"fragment":null},"host_kind":"reg-name"}"#
        );
        assert_eq!(
            write_response(&Response::unsupported()),
            r#"{"unsupported":true}"#
        );
        assert_eq!(
            write_response(&Response::invalid("x")),
            r#"{"valid":false,"error":"x"}"#
        );
    }

    #[test]
    fn the_serialize_operation_round_trips() {
        let line = serialize_request("a:b");
        assert_eq!(line, r#"{"op":"serialize","input":"a:b"}"#);
        assert_eq!(read_serialize_request(&line).as_deref(), Some("a:b"));
        assert_eq!(
            read_serialize_request(r#"{"op":"parse","input":"a:b"}"#),
            None
        );
        let answer = serialized_response(Some(Ok("a:b".into())));
        assert_eq!(answer, r#"{"valid":true,"serialized":"a:b"}"#);
        assert_eq!(read_serialized(&answer), Some(Ok("a:b".into())));
        assert_eq!(
            read_serialized(&serialized_response(Some(Err("x".into())))),
            Some(Err("x".into()))
        );
        assert_eq!(read_serialized(&serialized_response(None)), None);
        // A program that does not know the operation answers an error line.
        assert_eq!(read_serialized(r#"{"error":"not a valid request"}"#), None);
    }

    #[test]
    fn ids_are_read_and_echoed() {
        let incoming = read_incoming(r#"{"op":"parse","input":"a","id":7}"#);
        assert_eq!(incoming.id, Some(Id::from(7)));
        assert_eq!(
            incoming.ask,
            Ok(Ask::Request(Request::Parse {
                input: "a".into(),
                rule: None,
                zone_id: false
            }))
        );
        assert_eq!(
            write_with_id(&Response::unsupported(), incoming.id.as_ref()),
            r#"{"id":7,"unsupported":true}"#
        );
        let bad = read_incoming(r#"{"op":"parse","id":"x"}"#);
        assert_eq!(bad.id.as_ref().map(Id::json), Some(r#""x""#));
        assert!(bad.ask.is_err());
        assert_eq!(
            read_incoming(r#"{"op":"about","id":0}"#).ask,
            Ok(Ask::About)
        );
        assert_eq!(
            write_request_with_id(
                &Request::Normalize {
                    input: "a".into(),
                    level: None
                },
                3
            ),
            r#"{"id":3,"op":"normalize","input":"a"}"#
        );
    }

    #[test]
    fn iri_requests_are_told_from_uri_requests() {
        let read = |line| {
            is_iri_request(line).then(|| {
                let (id, request) = read_iri_request(line);
                (id, request.unwrap())
            })
        };
        assert_eq!(
            read(r#"{"op":"iri-to-uri","input":"ä","id":4}"#),
            Some((
                Some(Id::from(4)),
                IriRequest::IriToUri { input: "ä".into() }
            ))
        );
        assert_eq!(
            read(r#"{"op":"parse","input":"ä","rule":"irelative-ref"}"#),
            Some((
                None,
                IriRequest::Parse {
                    input: "ä".into(),
                    rule: Rule::RelativeRef
                }
            ))
        );
        assert_eq!(
            read(r#"{"op":"resolve","base":"a:b","input":"ä","iri":true}"#),
            Some((
                None,
                IriRequest::Resolve {
                    base: "a:b".into(),
                    input: "ä".into(),
                    strict: true,
                    iri: true
                }
            ))
        );
        // URI requests, about and serialize are not IRI requests.
        for line in [
            r#"{"op":"parse","input":"a"}"#,
            r#"{"op":"parse","input":"a","rule":"URI"}"#,
            r#"{"op":"resolve","base":"a:b","input":"c","iri":false}"#,
            r#"{"op":"normalize","input":"a"}"#,
            r#"{"op":"about"}"#,
            r#"{"op":"serialize","input":"a"}"#,
            "not json",
        ] {
            assert!(!is_iri_request(line), "{line}");
        }
        // An IRI request with a bad value is one, and invalid.
        let (_, bad) = read_iri_request(r#"{"op":"normalize","input":"a","iri":true,"level":"x"}"#);
        assert!(bad.unwrap_err().contains("unknown level"));
        let (_, bad) = read_iri_request(r#"{"op":"uri-to-iri","input":"a","rule":"x"}"#);
        assert!(bad.is_err());
    }

    #[test]
    fn iri_responses_serialize_as_documented() {
        let line = |r: &IriResponse| serde_json::to_string(r).unwrap();
        assert_eq!(
            line(&IriResponse::uri("%C3%A4".into())),
            r#"{"valid":true,"uri":"%C3%A4"}"#
        );
        assert_eq!(
            line(&IriResponse::iri("ä".into())),
            r#"{"valid":true,"iri":"ä"}"#
        );
        assert_eq!(
            line(&Response::unsupported().into()),
            r#"{"unsupported":true}"#
        );
        for text in [
            r#"{"valid":true,"uri":"a"}"#,
            r#"{"valid":true,"iri":"a"}"#,
            r#"{"valid":false,"error":"x"}"#,
        ] {
            let back: IriResponse = serde_json::from_str(text).unwrap();
            assert_eq!(line(&back), text);
        }
    }

    #[test]
    fn responses_read_back() {
        for line in [
            r#"{"valid":true,"target":"http://a/g"}"#,
            r#"{"valid":true,"normalized":"http://a/"}"#,
            r#"{"valid":false,"error":"x"}"#,
            r#"{"unsupported":true}"#,
            r#"{"error":"bad"}"#,
        ] {
            let response: Response = serde_json::from_str(line).unwrap();
            assert_eq!(write_response(&response), line);
        }
    }
}
