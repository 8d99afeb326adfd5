//! RFC 3986 conformance, one trial per vector: `cargo test --test rfc3986` runs the corpus,
//! `cargo test rfc3986/5.4.2` one section. `URI_CONFORMANCE_BLESS=1 cargo test --test rfc3986`
//! writes `tests/rfc3986-expectations.yaml` from the run (the vectors the crate fails, each with
//! a reason to edit); `URI_CONFORMANCE_BLESS=prune` only drops the entries of vectors that now
//! pass.

use author_gate::fluent_uri::component::{Authority, Host};
use author_gate::fluent_uri::{Uri, UriRef};
use uri_conformance::{
    About, Components, HostKind, Implementation, Level, Outcome, ParseOptions, Rule,
};

/// The adapter: maps the crate's API onto the suite's model, and judges nothing. An operation or
/// a rule the crate has no entry point for answers `Unsupported` (the trait's default), and the
/// gate skips it.
struct FluentUri;

/// The seven components and the host kind, as the crate reports them.
fn parsed(
    scheme: Option<&str>,
    authority: Option<Authority<'_>>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Outcome {
    let host_kind = authority.as_ref().map(|a| match a.host_parsed() {
        Host::Ipv4 { .. } => HostKind::Ipv4,
        Host::Ipv6 { .. } => HostKind::Ipv6,
        Host::IpvFuture { .. } => HostKind::IpvFuture,
        Host::RegName(_) => HostKind::RegName,
    });
    let components = Components {
        scheme: scheme.map(str::to_owned),
        userinfo: authority
            .as_ref()
            .and_then(|a| a.userinfo())
            .map(|u| u.as_str().to_owned()),
        host: authority.as_ref().map(|a| a.host().to_owned()),
        port: authority
            .as_ref()
            .and_then(|a| a.port())
            .map(|p| p.as_str().to_owned()),
        path: path.to_owned(),
        query: query.map(str::to_owned),
        fragment: fragment.map(str::to_owned),
    };
    Outcome::Parsed {
        components,
        host_kind,
    }
}

impl Implementation for FluentUri {
    fn about(&self) -> About<'_> {
        About {
            // The name the expectations file is written for.
            name: "fluent-uri",
            version: "fluent-uri 0.4.1",
            spec: "RFC 3986",
            docs: "https://docs.rs/fluent-uri/0.4.1",
        }
    }

    fn parse(&self, input: &str, rule: Rule, _options: ParseOptions) -> Outcome {
        match rule {
            Rule::UriReference => match UriRef::parse(input) {
                Ok(r) => parsed(
                    r.scheme().map(|s| s.as_str()),
                    r.authority(),
                    r.path().as_str(),
                    r.query().map(|q| q.as_str()),
                    r.fragment().map(|f| f.as_str()),
                ),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Rule::Uri => match Uri::parse(input) {
                Ok(u) => parsed(
                    Some(u.scheme().as_str()),
                    u.authority(),
                    u.path().as_str(),
                    u.query().map(|q| q.as_str()),
                    u.fragment().map(|f| f.as_str()),
                ),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            // No entry point for these rules.
            _ => Outcome::Unsupported,
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        // Resolution is strict only (§5.2.2).
        if !strict {
            return Outcome::Unsupported;
        }
        let base = match Uri::parse(base) {
            Ok(base) => base,
            Err(e) => return Outcome::invalid_base(e.to_string()),
        };
        match UriRef::parse(reference) {
            Ok(r) => match r.resolve_against(&base) {
                Ok(target) => Outcome::Resolved(target.into_string()),
                Err(e) => Outcome::invalid(e.to_string()),
            },
            Err(e) => Outcome::invalid(e.to_string()),
        }
    }

    fn normalize(&self, input: &str, _level: Level) -> Outcome {
        // One normalization, syntax-based with default ports removed, for both levels.
        match UriRef::parse(input) {
            Ok(r) => Outcome::Normalized(r.normalize().into_string()),
            Err(e) => Outcome::invalid(e.to_string()),
        }
    }
}

fn main() {
    uri_conformance::gate::runner::main(
        FluentUri,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/rfc3986-expectations.yaml"
        ),
    );
}
