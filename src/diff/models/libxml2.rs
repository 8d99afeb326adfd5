//! libxml2 2.9.14's URI module (uri.c), where its API holds a component otherwise than RFC 3986
//! (`super::Transform::Libxml2PortInt`), and its resolver's reading of an empty host
//! (`super::Transform::Libxml2EmptyHostNoAuthority`).
//!
//! `xmlURI.port` is an `int` (include/libxml/uri.h: `int port; /* the port number */`), 0 for
//! no port: `xmlParse3986Port` reads the digits into it and refuses a number above `INT_MAX`
//! (`if (port > INT_MAX / 10) return(1); port *= 10; if (port > INT_MAX - digit)
//! return(1);`), and `xmlSaveUri` writes a port only `if (uri->port > 0)`.

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

/// The largest port an `int` holds.
const INT_MAX: u64 = i32::MAX as u64;

/// The parse's answer with its port as an `int` holds it: a port above `INT_MAX` refused, a
/// port of 0 no port, leading zeros gone (`//h:080` has the port 80). An empty port is left
/// as it is (xmlParse3986Port refuses it: `libxml2-empty-port-refused`).
pub(super) fn port_int(answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    if let Some(port) = components.port.as_deref()
        && !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
    {
        let digits = port.trim_start_matches('0');
        // More digits than an int's ten, or a value above INT_MAX, overflows.
        let value = if digits.len() > 10 {
            None
        } else {
            digits.parse::<u64>().ok().or(Some(0))
        };
        match value {
            Some(value) if value > INT_MAX => {
                return Outcome::Invalid(format!("port {port}: above INT_MAX (xmlParse3986Port)"));
            }
            None => {
                return Outcome::Invalid(format!("port {port}: above INT_MAX (xmlParse3986Port)"));
            }
            Some(0) => components.port = None,
            Some(value) => components.port = Some(value.to_string()),
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The resolution with a reference whose authority has an empty host read without its
/// authority: xmlParse3986Host stores an empty host as no server (`uri->server = NULL`), and
/// xmlParse3986HierPart then drops the port (`if (uri->server == NULL) uri->port = -1;`);
/// xmlBuildURI's step 2 (`(ref->authority == NULL) && (ref->server == NULL)`) and step 4
/// (`if ((ref->authority != NULL) || (ref->server != NULL))`) take such a reference for one
/// without authority, its userinfo and port unread.
pub(super) fn empty_host_no_authority(case: &Request) -> Option<Request> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    // A reference with a scheme is returned as written (`xmlStrdup(URI)`).
    let parsed = reference::parse(input).ok()?;
    if parsed.host != Some("") || parsed.scheme.is_some() {
        return None;
    }
    let authority = reference::split(input).authority?;
    let start = authority.as_ptr() as usize - input.as_ptr() as usize;
    // The "//" before the authority, and the authority.
    let mut rewritten = input.clone();
    rewritten.replace_range(start - 2..start + authority.len(), "");
    Some(Request::Resolve {
        base: base.clone(),
        input: rewritten,
        strict: *strict,
    })
}

/// The parse of an absolute URI whose host is empty without its port: xmlParse3986Host stores
/// the empty host as no server, and xmlParse3986HierPart, which reads the authority of an
/// absolute URI, then drops the port (`if (uri->server == NULL) uri->port = -1;`);
/// xmlParse3986RelativeRef has no such step, so a relative reference keeps it.
pub(super) fn absolute_empty_host_port_dropped(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.scheme.is_some() && components.host.as_deref() == Some("") => {
            components.port = None;
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::Implementation;
    use crate::impls::reference::Reference;
    use crate::protocol::Request;

    fn port(input: &str) -> Result<Option<String>, ()> {
        let case = Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        };
        match port_int(Reference.answer(&case)) {
            Outcome::Parsed { components, .. } => Ok(components.port),
            _ => Err(()),
        }
    }

    #[test]
    fn a_reference_with_an_empty_host_has_no_authority() {
        let case = |input: &str| Request::Resolve {
            base: "a:/b".into(),
            input: input.into(),
            strict: true,
        };
        let input = |case: Option<Request>| match case {
            Some(Request::Resolve { input, .. }) => Some(input),
            _ => None,
        };
        assert_eq!(
            input(empty_host_no_authority(&case("//"))),
            Some(String::new())
        );
        assert_eq!(
            input(empty_host_no_authority(&case("//u@:1/p?q"))),
            Some("/p?q".into())
        );
        assert_eq!(input(empty_host_no_authority(&case("//h/p"))), None);
        // A reference with a scheme is returned as written.
        assert_eq!(input(empty_host_no_authority(&case("a://"))), None);
    }

    #[test]
    fn the_port_is_an_int_zero_for_none() {
        assert_eq!(port("//h:080"), Ok(Some("80".into())));
        assert_eq!(port("//h:0"), Ok(None));
        assert_eq!(port("//h:000"), Ok(None));
        assert_eq!(port("//h:2147483647"), Ok(Some("2147483647".into())));
        assert_eq!(port("//h:2147483648"), Err(()));
        assert_eq!(port("//h:00000000000000000001"), Ok(Some("1".into())));
        assert_eq!(port("//h:99999999999"), Err(()));
        assert_eq!(port("//h:"), Ok(Some(String::new())));
        assert_eq!(port("//h"), Ok(None));
    }
}
