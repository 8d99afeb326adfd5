//! The optional `serialize` operation of the protocol end to end: a program that answers it
//! takes part in the round-trip properties; one that does not know it is left out of them and
//! keeps working.

use std::time::Duration;

use uri_conformance::impls::Implementation;
use uri_conformance::impls::external::External;
use uri_conformance::model::Outcome;
use uri_conformance::reference::{ParseOptions, Rule};

fn served(name: &str) -> External {
    External::new(
        &format!(
            "served-{name}={} serve --impl {name}",
            env!("CARGO_BIN_EXE_uri-conformance")
        ),
        Duration::from_secs(10),
    )
}

#[test]
fn a_served_implementation_answers_serialize() {
    let reference = served("reference");
    // §5.3: recomposing the components of a valid reference gives it back.
    assert_eq!(
        reference.serialize("HTTP://a:/b?c#d"),
        Some(Ok("HTTP://a:/b?c#d".to_owned()))
    );
    assert!(matches!(reference.serialize("%zz"), Some(Err(_))));
    // The other operations still answer on the same process.
    assert!(matches!(
        reference.parse("a:b", Rule::UriReference, ParseOptions::default()),
        Outcome::Parsed { .. }
    ));
}

#[cfg(feature = "url")]
#[test]
fn a_served_whatwg_crate_serializes_its_href() {
    // The URL Standard's serializer lowercases the scheme and host and adds the empty path's "/".
    assert_eq!(
        served("url").serialize("HTTP://A"),
        Some(Ok("http://a/".to_owned()))
    );
}

#[test]
fn a_program_that_does_not_know_serialize_is_left_out() {
    // It answers an error line, as the protocol asks of an unknown request, and goes on.
    let old = External::new(
        "old=while read -r line; do case \"$line\" in *serialize*) echo '{\"error\":\"unknown op\"}';; *) echo '{\"unsupported\":true}';; esac; done",
        Duration::from_secs(10),
    );
    assert_eq!(old.serialize("a:b"), None);
    assert_eq!(
        old.parse("a:b", Rule::UriReference, ParseOptions::default()),
        Outcome::Unsupported
    );
}
