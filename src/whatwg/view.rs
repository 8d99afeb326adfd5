//! What a URL-Standard crate answers, in the harness's model: one mapping from a small neutral
//! view of a parsed URL (the values of the `URL` API's getters, with null kept apart from the
//! empty string where the record does) to [`Outcome`], and the rules for which requests such a
//! crate can answer. The `url` and `ada-url` adapters and the model's
//! [`expected_outcome`](super::expected_outcome) all go through these functions, so the three
//! cannot drift apart.

use std::fmt::Display;

use crate::model::{Components, Outcome};
use crate::reference::{HostKind, Rule};

use super::Url;
use super::host::Host;

/// The kind of a URL's host, as the crates' APIs tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostType {
    /// A domain, an opaque host (a non-special URL's host, even `1.2.3.4`) or the empty host:
    /// `url::Host::Domain`, `ada_url::HostType::Domain`.
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
}

/// A parsed URL as a URL-Standard API shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UrlView<'a> {
    /// The scheme, without the `protocol` getter's `:`.
    pub scheme: &'a str,
    /// The username, `""` when there is none.
    pub username: &'a str,
    /// The password, `""` when there is none.
    pub password: &'a str,
    /// The host serialized (`hostname`: an IPv6 address in brackets, the empty host `""`) and
    /// its kind; `None` when the URL's host is null.
    pub host: Option<(&'a str, HostType)>,
    /// The port; `None` when null.
    pub port: Option<u16>,
    /// The path serialized (`pathname`): an opaque path as it is, a list of segments each
    /// after a `/` (without the serializer's `/.` prefix).
    pub path: &'a str,
    /// The query, without `?`; `None` when null.
    pub query: Option<&'a str>,
    /// The fragment, without `#`; `None` when null.
    pub fragment: Option<&'a str>,
}

impl UrlView<'_> {
    /// The components and host kind the harness compares:
    ///
    /// - userinfo: undefined when the username and the password are both `""` (the record has
    ///   no other way to say "no userinfo", and the serializer writes none); otherwise the
    ///   username, followed by `:` and the password when the password is not `""`;
    /// - host: the serialized host when the URL's host is non-null (the serializer writes
    ///   `//` exactly then, so an authority with the empty host, `file:///x`, has host `""`);
    ///   undefined otherwise; host kind reg-name for a domain, opaque or empty host;
    /// - port in decimal; path, query and fragment as they are.
    pub(crate) fn outcome(&self) -> Outcome {
        let userinfo = match (self.username, self.password) {
            ("", "") => None,
            (username, "") => Some(username.to_owned()),
            (username, password) => Some(format!("{username}:{password}")),
        };
        let (host, host_kind) = match self.host {
            None => (None, None),
            Some((host, kind)) => (
                Some(host.to_owned()),
                Some(match kind {
                    HostType::Domain => HostKind::RegName,
                    HostType::Ipv4 => HostKind::Ipv4,
                    HostType::Ipv6 => HostKind::Ipv6,
                }),
            ),
        };
        Outcome::Parsed {
            components: Components {
                scheme: Some(self.scheme.to_owned()),
                userinfo,
                host,
                port: self.port.map(|port| port.to_string()),
                path: self.path.to_owned(),
                query: self.query.map(str::to_owned),
                fragment: self.fragment.map(str::to_owned),
            },
            host_kind,
        }
    }
}

/// The model's URL record, viewed as a crate's API shows it; `host` and `path` hold the
/// serialized host and path the view borrows.
pub(crate) struct RecordStrings {
    host: Option<(String, HostType)>,
    path: String,
}

impl RecordStrings {
    /// The serialized host and path of `url`.
    pub(crate) fn of(url: &Url) -> Self {
        RecordStrings {
            host: url.host.as_ref().map(|host| {
                let kind = match host {
                    Host::Ipv4(_) => HostType::Ipv4,
                    Host::Ipv6(_) => HostType::Ipv6,
                    Host::Domain(_) | Host::Opaque(_) | Host::Empty => HostType::Domain,
                };
                (host.to_string(), kind)
            }),
            path: url.serialize_path(),
        }
    }

    /// The view of `url`, whose strings these are.
    pub(crate) fn view<'a>(&'a self, url: &'a Url) -> UrlView<'a> {
        UrlView {
            scheme: &url.scheme,
            username: &url.username,
            password: &url.password,
            host: self
                .host
                .as_ref()
                .map(|(host, kind)| (host.as_str(), *kind)),
            port: url.port,
            path: &self.path,
            query: url.query.as_deref(),
            fragment: url.fragment.as_deref(),
        }
    }
}

/// The outcome the model's URL record maps to.
pub(crate) fn record_outcome(url: &Url) -> Outcome {
    RecordStrings::of(url).view(url).outcome()
}

/// Whether a URL-Standard crate can answer a parse request by `rule`: `URI` and
/// `URI-reference` only, since its parser takes an absolute URL and a fragment (it has no
/// entry point that refuses a fragment, as `absolute-URI` does, nor one that parses a relative
/// reference on its own).
pub(crate) fn parses_rule(rule: Rule) -> bool {
    matches!(rule, Rule::Uri | Rule::UriReference)
}

/// The outcome of a parse request by `rule`, given the parser's answer without a base
/// (`parse` is not called for a rule the crate cannot answer):
///
/// - `absolute-URI`, `relative-ref`: `Unsupported` ([`parses_rule`]);
/// - a URL: its outcome;
/// - a failure by `URI-reference` for an input without a scheme ([`has_scheme`](super::has_scheme)):
///   `Unsupported`, since without a base the Standard then fails with
///   missing-scheme-non-relative-URL whatever the reference is (`url`'s
///   `ParseError::RelativeUrlWithoutBase`);
/// - any other failure: `Invalid` with the crate's message.
pub(crate) fn parse_outcome<E: Display>(
    rule: Rule,
    input: &str,
    parse: impl FnOnce() -> Result<Outcome, E>,
) -> Outcome {
    if !parses_rule(rule) {
        return Outcome::Unsupported;
    }
    match parse() {
        Ok(outcome) => outcome,
        Err(_) if rule == Rule::UriReference && !super::has_scheme(input) => Outcome::Unsupported,
        Err(e) => Outcome::invalid(e.to_string()),
    }
}

/// The outcome of a resolve request: `Unsupported` when `strict` is false (these crates are
/// non-strict for special schemes and strict for the others, with no switch); otherwise the
/// base parsed on its own (a failure is `Invalid` with a `base: ` prefix), then the reference
/// parsed against it (`join`), `Resolved` with the target's `href`.
pub(crate) fn resolve_outcome<B, E: Display, F: Display>(
    strict: bool,
    parse_base: impl FnOnce() -> Result<B, E>,
    join: impl FnOnce(B) -> Result<String, F>,
) -> Outcome {
    if !strict {
        return Outcome::Unsupported;
    }
    let base = match parse_base() {
        Ok(base) => base,
        Err(e) => return Outcome::invalid_base(e.to_string()),
    };
    match join(base) {
        Ok(href) => Outcome::Resolved(href),
        Err(e) => Outcome::invalid(e.to_string()),
    }
}
