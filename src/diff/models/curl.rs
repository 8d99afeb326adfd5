//! libcurl 7.88.1's URL API (lib/urlapi.c), its own rules, for its adapter's catalogue
//! (`adapters/c/curl/known-differences.yaml`).

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Components};

/// A resolution's target as curl_url_get(CURLUPART_URL) writes it: the query only "if
/// (u->query && u->query[0])", so an empty query is not written ("a://a/b?" is "a://a/b").
pub(super) fn empty_query_not_written(case: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { .. }, Outcome::Resolved(target)) = (case, &answer) else {
        return answer;
    };
    let Ok(c) = reference::parse(target) else {
        return answer;
    };
    if c.query != Some("") {
        return answer;
    }
    Outcome::Resolved(reference::recompose(&Components { query: None, ..c }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(base: &str, target: &str) -> Outcome {
        let case = Request::Resolve {
            base: base.into(),
            input: "?".into(),
            strict: true,
        };
        empty_query_not_written(&case, Outcome::Resolved(target.into()))
    }

    #[test]
    fn an_empty_query_is_not_written() {
        assert_eq!(
            written("a://a/b?q", "a://a/b?"),
            Outcome::Resolved("a://a/b".into())
        );
        assert_eq!(
            written("a://a/b?q", "a://a/b?#f"),
            Outcome::Resolved("a://a/b#f".into())
        );
        assert_eq!(
            written("a://a", "a://a/?x"),
            Outcome::Resolved("a://a/?x".into())
        );
    }
}
