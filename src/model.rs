//! The data model shared by the vectors, the protocol and the harness: owned components, as
//! JSON and YAML spell them.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::reference::{self, ErrorKind, HostKind, ParseError};

/// What an implementation answered to one case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A successful parse.
    Parsed {
        /// The components, as the implementation reports them.
        components: Components,
        /// The host kind; `None` without an authority.
        host_kind: Option<HostKind>,
    },
    /// A successful resolution.
    Resolved(String),
    /// A successful normalization.
    Normalized(String),
    /// The implementation rejected the input, or a resolution's base.
    Invalid(Rejection),
    /// The implementation does not do this operation, or cannot express this input (a crate
    /// that only parses absolute URLs, asked about a relative reference).
    Unsupported,
    /// The implementation panicked; the panic message.
    Panicked(String),
    /// The implementation did not answer within the time limit.
    TimedOut,
}

impl Outcome {
    /// Whether the implementation accepted the input.
    pub fn is_valid(&self) -> bool {
        matches!(
            self,
            Outcome::Parsed { .. } | Outcome::Resolved(_) | Outcome::Normalized(_)
        )
    }

    /// A one-line description, for reports and messages.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Parsed {
                components,
                host_kind,
            } => format!(
                "valid: {} host_kind={}",
                components.describe(),
                host_kind.map_or("null", HostKind::name)
            ),
            Outcome::Resolved(t) => format!("target {t:?}"),
            Outcome::Normalized(n) => format!("normalized {n:?}"),
            Outcome::Invalid(rejection) => format!("invalid: {rejection}"),
            Outcome::Unsupported => "unsupported".to_owned(),
            Outcome::Panicked(m) => format!("panicked: {m}"),
            Outcome::TimedOut => "timed out".to_owned(),
        }
    }
    /// The rejection an `Invalid` answer holds; `None` for any other answer.
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            Outcome::Invalid(rejection) => Some(rejection),
            _ => None,
        }
    }

    /// An `Invalid` answer with only a message ([`Rejection::new`]): a crate's error text.
    pub fn invalid(message: String) -> Outcome {
        Outcome::Invalid(Rejection::new(message))
    }

    /// An `Invalid` answer about a resolution's base with only a message
    /// ([`Rejection::about_base`]).
    pub fn invalid_base(message: String) -> Outcome {
        Outcome::Invalid(Rejection::new(message).about_base())
    }
}

impl From<Rejection> for Outcome {
    fn from(rejection: Rejection) -> Self {
        Outcome::Invalid(rejection)
    }
}

/// The string of a request a rejection is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// The text parsed or normalized, or a resolution's reference.
    Input,
    /// A resolution's base.
    Base,
}

/// Why an implementation refuses a case: the string it is about, the rule that cannot match and
/// the byte offset where it fails where the refusal names them, and its message. The reference
/// makes one from its [`ParseError`] ([`Rejection::of`]), the URL Standard's parser from its
/// failure's name ([`Rejection::named`]), a crate's adapter or a model that has only an error's
/// text from that text ([`Rejection::new`]). It is written as text ([`Display`](fmt::Display)):
/// `base: ` first when the base is at fault, then the message, which the reference words
/// `RULE: MESSAGE at byte N` (`pct-encoded: invalid percent-encoding at byte 3`,
/// `base: scheme: invalid or missing scheme at byte 0`). Text is read back into one only at the
/// protocol's edge ([`crate::protocol::read_rejection`]).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rejection {
    subject: Subject,
    rule: Option<&'static str>,
    offset: Option<usize>,
    message: String,
}

impl Rejection {
    /// The rejection of `subject` by the reference's parse error: its rule, its offset, and the
    /// message `RULE: MESSAGE at byte N`.
    pub fn of(error: &ParseError, subject: Subject) -> Rejection {
        let rule = error.kind().rule();
        Rejection {
            subject,
            rule: Some(rule),
            offset: Some(error.offset()),
            message: format!("{rule}: {error}"),
        }
    }

    /// A rejection of the input that says only `message`: no rule, no offset.
    pub fn new(message: String) -> Rejection {
        Rejection {
            subject: Subject::Input,
            rule: None,
            offset: None,
            message,
        }
    }

    /// A rejection of the input by the rule (a validation error's name, `host-missing`) that
    /// `message` states, at no known offset.
    pub fn named(rule: &'static str, message: String) -> Rejection {
        Rejection {
            rule: Some(rule),
            ..Rejection::new(message)
        }
    }

    /// Every part given: for the protocol's reader of the text.
    pub(crate) fn from_parts(
        subject: Subject,
        rule: Option<&'static str>,
        offset: Option<usize>,
        message: String,
    ) -> Rejection {
        Rejection {
            subject,
            rule,
            offset,
            message,
        }
    }

    /// The same rejection, about a resolution's base.
    pub fn about_base(self) -> Rejection {
        Rejection {
            subject: Subject::Base,
            ..self
        }
    }

    /// The string it is about.
    pub fn subject(&self) -> Subject {
        self.subject
    }

    /// The name of the rule that cannot match (`pct-encoded`); `None` for a message that names
    /// none.
    pub fn rule(&self) -> Option<&'static str> {
        self.rule
    }

    /// The rule as one of the reference's kinds; `None` for a name the reference does not use.
    pub fn kind(&self) -> Option<ErrorKind> {
        self.rule.and_then(ErrorKind::from_rule)
    }

    /// The byte offset of the offending character in the string it is about, where known.
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }

    /// What it says of the string it is about (`pct-encoded: invalid percent-encoding at
    /// byte 3`): the text without `base: `.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.subject == Subject::Base {
            f.write_str("base: ")?;
        }
        f.write_str(&self.message)
    }
}

/// A resolution's refusal as [`reference::ResolveError`] writes it: `base: ` for the base's,
/// then the parse error's message and offset, without the rule's name.
impl From<&reference::ResolveError> for Rejection {
    fn from(error: &reference::ResolveError) -> Self {
        let (subject, parse_error) = match error {
            reference::ResolveError::Base(e) => (Subject::Base, e),
            reference::ResolveError::Reference(e) => (Subject::Input, e),
        };
        Rejection {
            subject,
            rule: Some(parse_error.kind().rule()),
            offset: Some(parse_error.offset()),
            message: parse_error.to_string(),
        }
    }
}

/// As its text, quoted: an answer's debug form is what it says.
impl fmt::Debug for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

/// A field of a parse outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// `scheme`
    Scheme,
    /// `userinfo`
    Userinfo,
    /// `host`
    Host,
    /// `port`
    Port,
    /// `path`
    Path,
    /// `query`
    Query,
    /// `fragment`
    Fragment,
    /// The host kind.
    HostKind,
}

impl Field {
    /// Every field, in the order of the URI.
    pub const ALL: [Field; 8] = [
        Field::Scheme,
        Field::Userinfo,
        Field::Host,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
        Field::HostKind,
    ];

    /// The name, as the protocol spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Scheme => "scheme",
            Field::Userinfo => "userinfo",
            Field::Host => "host",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
            Field::HostKind => "host_kind",
        }
    }

    /// The field named `name`.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The seven components of a URI reference, owned. `None` is undefined, `Some("")` empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Components {
    /// `scheme`
    #[serde(deserialize_with = "nullable")]
    pub scheme: Option<String>,
    /// `userinfo`
    #[serde(deserialize_with = "nullable")]
    pub userinfo: Option<String>,
    /// `host`, brackets kept for an IP literal
    #[serde(deserialize_with = "nullable")]
    pub host: Option<String>,
    /// `port`
    #[serde(deserialize_with = "nullable")]
    pub port: Option<String>,
    /// `path`, always defined
    pub path: String,
    /// `query`
    #[serde(deserialize_with = "nullable")]
    pub query: Option<String>,
    /// `fragment`
    #[serde(deserialize_with = "nullable")]
    pub fragment: Option<String>,
}

impl Components {
    /// The value of a component field (`None` for [`Field::HostKind`], which is not a
    /// component); the path is always `Some`.
    pub fn get(&self, field: Field) -> Option<&str> {
        match field {
            Field::Scheme => self.scheme.as_deref(),
            Field::Userinfo => self.userinfo.as_deref(),
            Field::Host => self.host.as_deref(),
            Field::Port => self.port.as_deref(),
            Field::Path => Some(&self.path),
            Field::Query => self.query.as_deref(),
            Field::Fragment => self.fragment.as_deref(),
            Field::HostKind => None,
        }
    }

    /// Borrows these components as the reference's type (with no host kind).
    pub fn as_reference(&self) -> reference::Components<'_> {
        reference::Components {
            scheme: self.scheme.as_deref(),
            userinfo: self.userinfo.as_deref(),
            host: self.host.as_deref(),
            port: self.port.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
            host_kind: None,
        }
    }

    /// The components as `name=value` pairs, `name=null` for undefined ones, for messages.
    pub fn describe(&self) -> String {
        let show = |name: &str, value: Option<&str>| match value {
            Some(v) => format!("{name}={v:?}"),
            None => format!("{name}=null"),
        };
        [
            show("scheme", self.scheme.as_deref()),
            show("userinfo", self.userinfo.as_deref()),
            show("host", self.host.as_deref()),
            show("port", self.port.as_deref()),
            show("path", Some(&self.path)),
            show("query", self.query.as_deref()),
            show("fragment", self.fragment.as_deref()),
        ]
        .join(" ")
    }
}

impl From<&reference::Components<'_>> for Components {
    fn from(c: &reference::Components<'_>) -> Self {
        Components {
            scheme: c.scheme.map(str::to_owned),
            userinfo: c.userinfo.map(str::to_owned),
            host: c.host.map(str::to_owned),
            port: c.port.map(str::to_owned),
            path: c.path.to_owned(),
            query: c.query.map(str::to_owned),
            fragment: c.fragment.map(str::to_owned),
        }
    }
}

/// A field that must be present and may be `null`: without this, serde would take a missing
/// key for `null`, and a vector could leave a component's definedness unsaid.
pub(crate) fn nullable<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

impl Serialize for HostKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for HostKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        HostKind::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown host kind {name:?} (expected reg-name, ipv4, ipv6 or ipvfuture)"
            ))
        })
    }
}

/// The fixed details an implementation's fault message starts with (an external program that
/// does not answer by the protocol): the judge reads them to sign such a fault by its kind and
/// none of the program's text, without knowing how programs are run (`crate::impls::external`
/// writes them).
pub(crate) mod faults {
    /// The detail of a line that answers no request (not JSON, not a response, or no id of a
    /// request in flight). Each message of an external program's fault starts with one of these
    /// fixed details and a colon, so that its signature holds none of the program's text.
    pub const NOT_AN_ANSWER: &str = "not-a-protocol-answer";
    /// The detail of a program that exited (or closed its output) before it answered.
    pub const EXITED: &str = "program-exited";
    /// The detail of a program that answered `{"error":...}`: it did not understand the request.
    pub const PROTOCOL_ERROR: &str = "protocol-error";
    /// The detail of a program that could not be started.
    pub const CANNOT_START: &str = "cannot-start";
    /// The detail of a request that got more than one line: the extra line would have been taken
    /// for the next request's answer.
    pub const EXTRA_ANSWER: &str = "extra-answer";

    /// The fixed detail an external program's fault message starts with, if it is one.
    pub fn fixed_detail(message: &str) -> Option<&'static str> {
        [
            NOT_AN_ANSWER,
            EXITED,
            PROTOCOL_ERROR,
            CANNOT_START,
            EXTRA_ANSWER,
        ]
        .into_iter()
        .find(|d| {
            message
                .strip_prefix(d)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
        })
    }
}

/// How a field is hidden from comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Blindness {
    /// The API reports an undefined and an empty component the same way, so the comparison
    /// takes `null` and `""` as equal for this field.
    EmptyIsUndefined,
    /// The API does not report this field at all.
    Hidden,
    /// The API reports the field percent-decoded, so the comparison decodes what is written
    /// (the reference's text; both sides of a string the implementation wrote) and takes the
    /// API's value as it is: decoded once, not twice.
    Decoded,
    /// The API reports the field in ASCII lowercase, so the comparison folds both sides.
    CaseFolded,
    /// The API reports the field re-encoded: characters percent-encoded that the input had
    /// as they are, or percent-encodings of unreserved characters decoded, hexadecimal digits
    /// in another case. The comparison decodes both sides.
    Reencoded,
    /// (`port`) The API reports no port where the port is the scheme's default (80 for http
    /// and ws, 443 for https and wss, 21 for ftp), so the comparison drops a default port on
    /// both sides.
    DefaultPortDropped,
    /// (`port`) The API reads the port as a number: its leading zeros are gone (`0080` is
    /// `80`), so the comparison drops them on both sides.
    Number,
}

impl Blindness {
    /// The name the protocol's `about` answer uses.
    pub const fn name(self) -> &'static str {
        match self {
            Blindness::EmptyIsUndefined => "empty-is-undefined",
            Blindness::Hidden => "hidden",
            Blindness::Decoded => "decoded",
            Blindness::CaseFolded => "case-folded",
            Blindness::Reencoded => "re-encoded",
            Blindness::DefaultPortDropped => "default-port-dropped",
            Blindness::Number => "number",
        }
    }

    /// Every blindness.
    pub const ALL: [Blindness; 7] = [
        Blindness::EmptyIsUndefined,
        Blindness::Hidden,
        Blindness::Decoded,
        Blindness::CaseFolded,
        Blindness::Reencoded,
        Blindness::DefaultPortDropped,
        Blindness::Number,
    ];

    /// The blindness named `name`.
    pub fn from_name(name: &str) -> Option<Blindness> {
        Blindness::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// A field an implementation's API cannot express, with the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlindSpot {
    /// The field.
    pub field: Field,
    /// How it is hidden.
    pub blindness: Blindness,
    /// Why, citing the crate's API.
    pub reason: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rejection_of_the_reference_holds_its_parts_and_writes_its_text() {
        let rejection = Rejection::of(&ParseError::new(ErrorKind::Scheme, 0), Subject::Base);
        assert_eq!(rejection.subject(), Subject::Base);
        assert_eq!(rejection.rule(), Some("scheme"));
        assert_eq!(rejection.kind(), Some(ErrorKind::Scheme));
        assert_eq!(rejection.offset(), Some(0));
        assert_eq!(
            rejection.to_string(),
            "base: scheme: invalid or missing scheme at byte 0"
        );
        assert_eq!(
            format!("{:?}", Outcome::Invalid(rejection)),
            r#"Invalid("base: scheme: invalid or missing scheme at byte 0")"#
        );
    }

    #[test]
    fn a_message_alone_names_no_rule() {
        let outcome = Outcome::invalid_base("port-invalid: 99999".to_owned());
        let rejection = outcome.rejection().expect("a rejection");
        assert_eq!(
            (rejection.subject(), rejection.rule(), rejection.offset()),
            (Subject::Base, None, None)
        );
        assert_eq!(rejection.to_string(), "base: port-invalid: 99999");
        let named = Rejection::named("host-missing", "host-missing at \"a:b\"".to_owned());
        assert_eq!(named.rule(), Some("host-missing"));
        assert_eq!(named.kind(), None);
        assert_eq!(named.to_string(), "host-missing at \"a:b\"");
        assert_eq!(Outcome::Unsupported.rejection(), None);
    }
}
