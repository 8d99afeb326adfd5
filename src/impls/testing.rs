//! What the bundled adapters' tests share.

use super::Implementation;
use crate::model::{Components, Outcome, Subject};
use crate::reference::{HostKind, Level, Rule};

/// The components and host kind of a parse; a panic on any other answer.
pub(crate) fn components(outcome: &Outcome) -> (&Components, Option<HostKind>) {
    match outcome {
        Outcome::Parsed {
            components,
            host_kind,
        } => (components, *host_kind),
        other => panic!("not parsed: {}", other.describe()),
    }
}

/// RFC 3987 §2.2: `iquery = *( ipchar / iprivate / "/" / "?" )`; `ipchar` and `ifragment` have
/// no `iprivate`. An adapter's IRI parse by `IRI-reference` and by `IRI` takes a private-use
/// character in the query only.
pub(crate) fn assert_iprivate_only_in_the_query(adapter: &dyn Implementation) {
    for rule in [Rule::UriReference, Rule::Uri] {
        assert!(matches!(
            adapter.parse_iri("http://a/\u{E000}", rule),
            Outcome::Invalid(_)
        ));
        assert!(matches!(
            adapter.parse_iri("http://a/#\u{E000}", rule),
            Outcome::Invalid(_)
        ));
        let o = adapter.parse_iri("http://a/?\u{E000}", rule);
        assert_eq!(components(&o).0.query.as_deref(), Some("\u{E000}"));
    }
}

/// An IRI parse reports the components as written, not mapped to a URI (RFC 3987 §2.2): the
/// IRI `http://例え.テスト/ä?q=ü#f` by `IRI-reference` and by `IRI`, the authority of the
/// `irelative-ref` `//ü@例:8080`; `//例/ä` is no `IRI` (no scheme).
pub(crate) fn assert_iri_components_as_written(adapter: &dyn Implementation) {
    let expected = Outcome::Parsed {
        components: Components {
            scheme: Some("http".into()),
            userinfo: None,
            host: Some("例え.テスト".into()),
            port: None,
            path: "/ä".into(),
            query: Some("q=ü".into()),
            fragment: Some("f".into()),
        },
        host_kind: Some(HostKind::RegName),
    };
    let input = "http://例え.テスト/ä?q=ü#f";
    assert_eq!(adapter.parse_iri(input, Rule::UriReference), expected);
    assert_eq!(adapter.parse_iri(input, Rule::Uri), expected);
    let o = adapter.parse_iri("//ü@例:8080", Rule::UriReference);
    let (c, _) = components(&o);
    assert_eq!(
        (c.userinfo.as_deref(), c.host.as_deref(), c.port.as_deref()),
        (Some("ü"), Some("例"), Some("8080"))
    );
    assert!(matches!(
        adapter.parse_iri("//例/ä", Rule::Uri),
        Outcome::Invalid(_)
    ));
}

/// An adapter of a crate whose one resolution is RFC 3986 §5.2.2's strict algorithm: a
/// non-strict resolution is unsupported, and a base the crate refuses (`refused_base`) is the
/// base's fault, not the reference's.
pub(crate) fn assert_resolves_strictly_only(adapter: &dyn Implementation, refused_base: &str) {
    assert_eq!(
        adapter.resolve("http://a/b/c/d;p?q", "g", false),
        Outcome::Unsupported
    );
    assert_eq!(
        adapter
            .resolve(refused_base, "g", true)
            .rejection()
            .map(|r| r.subject()),
        Some(Subject::Base)
    );
}

/// An adapter of a crate that has no normalization.
pub(crate) fn assert_no_normalization(adapter: &dyn Implementation) {
    assert_eq!(
        adapter.normalize("http://a/", Level::Syntax),
        Outcome::Unsupported
    );
}
