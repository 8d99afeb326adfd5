//! uri-js 4.4.1's scheme handlers (npm `uri-js`, dist/es5/uri.all.js), which fast-uri 4.2.3
//! (lib/schemes.js), its replacement "with the same API", keeps: written from their source for
//! the two adapters' catalogues (`adapters/node/uri-js/known-differences.yaml`,
//! `adapters/node/fast-uri/known-differences.yaml`).
//!
//! `parse` looks the scheme's handler up lowercased (`SCHEMES[scheme.toLowerCase()]`) and runs
//! its `parse` on the components last, once they are read and normalized.

use crate::model::Outcome;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// The http and https handlers' `parse` ("//report missing host": `if (!components.host)
    /// components.error = components.error || "HTTP URIs must have a host."`): an http or
    /// https URI whose host is absent or empty is an error.
    HttpHostRequired,
    /// The ws and wss handlers' `parse` ("//construct resouce name"): the path and the query
    /// become `resourceName`, and `components.path` and `components.query` are set to
    /// undefined, so the components have neither (the adapter reports the path as "").
    WsResourceName,
}

/// The library's answer from the answer so far, for a parse.
pub(super) fn apply(rule: Rule, answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
    match rule {
        Rule::HttpHostRequired => {
            if matches!(scheme.as_deref(), Some("http" | "https"))
                && components.host.as_deref().is_none_or(str::is_empty)
            {
                return Outcome::Invalid("HTTP URIs must have a host.".to_owned());
            }
        }
        Rule::WsResourceName => {
            if matches!(scheme.as_deref(), Some("ws" | "wss")) {
                components.path.clear();
                components.query = None;
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::Implementation;
    use crate::impls::reference::Reference;
    use crate::protocol::Request;

    fn parsed(input: &str) -> Outcome {
        Reference.answer(&Request::parse(input))
    }

    #[test]
    fn an_http_uri_wants_a_host() {
        for input in ["HTTP:", "https://", "http://u@:80/p"] {
            assert!(matches!(
                apply(Rule::HttpHostRequired, parsed(input)),
                Outcome::Invalid(_)
            ));
        }
        for input in ["http://h", "ws:", "a:"] {
            assert_eq!(apply(Rule::HttpHostRequired, parsed(input)), parsed(input));
        }
    }

    #[test]
    fn a_websocket_uri_has_a_resource_name_for_its_path_and_query() {
        let Outcome::Parsed { components, .. } =
            apply(Rule::WsResourceName, parsed("WS://h/p?q#f"))
        else {
            panic!("parsed");
        };
        assert_eq!(components.path, "");
        assert_eq!(components.query, None);
        assert_eq!(components.fragment.as_deref(), Some("f"));
    }
}
