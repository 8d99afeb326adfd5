//! RFC 3986 §5.3: component recomposition.
//!
//! ```text
//! result = ""
//! if defined(scheme) then
//!    append scheme to result;
//!    append ":" to result;
//! endif;
//! if defined(authority) then
//!    append "//" to result;
//!    append authority to result;
//! endif;
//! append path to result;
//! if defined(query) then
//!    append "?" to result;
//!    append query to result;
//! endif;
//! if defined(fragment) then
//!    append "#" to result;
//!    append fragment to result;
//! endif;
//! return result;
//! ```

use super::parse::Components;

/// Recomposes `components` into a URI reference string, exactly as §5.3 says.
///
/// The authority is `[ userinfo "@" ] host [ ":" port ]` and is defined when the host is; a
/// userinfo or port without a host is not representable and is dropped.
///
/// §5.3 does not check its input: components with no authority and a path starting with `//`
/// recompose to a string that parses back with an authority (`f:` + `//g` is `f://g`). The
/// reference keeps that letter; see `resolve` and `normalize` for where it matters.
pub fn recompose(components: &Components<'_>) -> String {
    let mut result = String::with_capacity(recomposed_len(components));
    if let Some(scheme) = components.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(host) = components.host {
        result.push_str("//");
        if let Some(userinfo) = components.userinfo {
            result.push_str(userinfo);
            result.push('@');
        }
        result.push_str(host);
        if let Some(port) = components.port {
            result.push(':');
            result.push_str(port);
        }
    }
    result.push_str(components.path);
    if let Some(query) = components.query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = components.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}

fn recomposed_len(c: &Components<'_>) -> usize {
    let part = |s: Option<&str>| s.map_or(0, |s| s.len() + 1);
    part(c.scheme)
        + c.host
            .map_or(0, |h| h.len() + 2 + part(c.userinfo) + part(c.port))
        + c.path.len()
        + part(c.query)
        + part(c.fragment)
}
