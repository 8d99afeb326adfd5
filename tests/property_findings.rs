//! The property failures found on the pinned crates, each a regression case: the harness must
//! keep finding them (the expected failure comes from the crate's documentation or the RFC,
//! quoted in `reports/verdicts.yaml`), and must not find them where a crate behaves.
#![cfg(any(
    feature = "url",
    feature = "uriparse",
    feature = "fluent-uri",
    feature = "iri-string"
))]

use uri_conformance::diff::properties::check;
use uri_conformance::diff::run::answer_catching;
use uri_conformance::diff::{DifferenceKind, PropertyFailure};
use uri_conformance::impls;
use uri_conformance::model::Field;
use uri_conformance::protocol::Request;

fn failures(name: &str, case: &Request) -> Vec<PropertyFailure> {
    let implementation = impls::by_name(name).expect("a bundled implementation");
    let answer = answer_catching(&*implementation, case);
    check(&*implementation, case, &answer)
}

fn has(
    found: &[PropertyFailure],
    kind: DifferenceKind,
    detail: &str,
    field: Option<Field>,
) -> bool {
    found
        .iter()
        .any(|f| f.kind == kind && f.detail == detail && f.fields.first().copied() == field)
}

#[cfg(any(feature = "url", feature = "iri-string"))]
fn parse(input: &str, rule: &str) -> Request {
    Request::Parse {
        input: input.to_owned(),
        rule: Some(uri_conformance::protocol::ParseRule::from_name(rule).expect("a rule")),
        zone_id: false,
    }
}

fn normalize(input: &str) -> Request {
    Request::Normalize {
        input: input.to_owned(),
        level: None,
    }
}

#[cfg(any(feature = "url", feature = "fluent-uri", feature = "iri-string"))]
fn resolve(base: &str, input: &str) -> Request {
    Request::Resolve {
        base: base.to_owned(),
        input: input.to_owned(),
        strict: true,
    }
}

#[cfg(feature = "url")]
#[test]
fn url_make_relative_is_not_the_inverse_of_join() {
    // "This is the inverse of join": the relative form of .../b:c must join back to it.
    let found = failures("url", &parse("https://example.net/a/b:c", "URI"));
    assert!(
        has(
            &found,
            DifferenceKind::ConversionsDisagree,
            "url-make-relative",
            Some(Field::Scheme)
        ),
        "{found:#?}"
    );
    // A segment without a colon relativizes and joins back.
    assert_eq!(
        failures("url", &parse("https://example.net/a/b", "URI")),
        vec![]
    );
}

#[cfg(feature = "url")]
#[test]
fn url_join_and_parse_disagree_on_a_file_host_before_a_drive_letter() {
    let found = failures("url", &resolve("file://0", "/./a:"));
    assert!(
        has(&found, DifferenceKind::NotIdempotent, "target", None),
        "{found:#?}"
    );
}

#[cfg(feature = "uriparse")]
#[test]
fn uriparse_normalization_changes_meaning_and_is_not_idempotent() {
    // RFC 3986 §4.2: a first segment with a colon must not become a scheme.
    let found = failures("uriparse", &normalize("0/../a:"));
    assert!(
        has(
            &found,
            DifferenceKind::MeaningChanged,
            "",
            Some(Field::Scheme)
        ),
        "{found:#?}"
    );
    let found = failures("uriparse", &normalize(".//:"));
    assert!(
        has(&found, DifferenceKind::MeaningChanged, "unparsable", None),
        "{found:#?}"
    );
    let found = failures("uriparse", &normalize("//%41"));
    assert!(
        has(&found, DifferenceKind::NotIdempotent, "normalize", None),
        "{found:#?}"
    );
}

#[cfg(feature = "fluent-uri")]
#[test]
fn fluent_uri_keeps_the_dot_segments_of_a_rootless_reference_with_a_scheme() {
    // RFC 3986 §5.2.2: if defined(R.scheme) then T.path = remove_dot_segments(R.path).
    let found = failures("fluent-uri", &resolve("http://a/b", "x:a/./b/../c"));
    assert!(
        has(
            &found,
            DifferenceKind::ResolutionLaw,
            "absolute-reference",
            Some(Field::Path)
        ),
        "{found:#?}"
    );
    assert_eq!(
        failures("fluent-uri", &resolve("http://a/b", "x:/a/./b/../c")),
        vec![]
    );
}

#[cfg(feature = "iri-string")]
#[test]
fn a_crate_that_keeps_its_promises_breaks_none_of_them_on_these_inputs() {
    for case in [
        parse("https://example.net/a/b:c", "URI"),
        normalize("//%41"),
        resolve("http://a/b", "x:a/./b/../c"),
        resolve("file://0", "/./a:"),
    ] {
        assert_eq!(failures("iri-string", &case), vec![], "{case:?}");
    }
}

/// url 2.5.8's host setter on a URL without a host whose path starts with `//` keeps the `/.`
/// the serializer writes only for a URL without a host: `non-spec:/.//p` with the host `host`
/// gives `non-spec://host/.//p`, which parses as `non-spec://host//p`, the href the
/// web-platform-tests setter case "Drop /. from path" expects (rust-url lists that case in its
/// `expected_failures.txt`). Ada 4.0.0 drops it (ada-url/ada#1181).
#[cfg(all(feature = "url", feature = "ada"))]
#[test]
fn a_host_set_on_a_url_with_a_dot_guarded_path_keeps_the_guard_in_url_alone() {
    let case = resolve("non-spec:/.//p", "x://host");
    let found = failures("url", &case);
    let broken = found
        .iter()
        .find(|f| f.kind == DifferenceKind::NotIdempotent && f.detail == "set-host")
        .expect("url's set_host is not idempotent here");
    assert_eq!(
        broken.chain.last().map(String::as_str),
        Some("parse again \"non-spec://host//p\"")
    );
    let found = failures("ada-url", &case);
    assert!(
        !found.iter().any(|f| f.detail.contains("set-host")),
        "{found:#?}"
    );
}

/// Setting a component to the value its getter gives changes nothing, and clearing the query
/// or the fragment gives an href that parses back to itself, on the pinned url and ada-url.
#[cfg(all(feature = "url", feature = "ada"))]
#[test]
fn own_values_and_cleared_queries_keep_the_pinned_whatwg_crates_consistent() {
    for name in ["url", "ada-url"] {
        for input in [
            "http://u:p@h:1/p?q#f",
            "a: ?",
            "a: a",
            "foo:///x",
            "h:/.//:",
        ] {
            let found = failures(name, &parse(input, "URI"));
            assert!(
                !found
                    .iter()
                    .any(|f| f.kind == DifferenceKind::NotIdempotent),
                "{name} {input}: {found:#?}"
            );
        }
    }
}
