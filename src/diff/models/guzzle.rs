//! guzzlehttp/psr7 2.4.5's own rules (`GuzzleHttp\Psr7\Uri`, `UriResolver`), written from its
//! source, for its adapter's catalogue (`adapters/php/guzzle-psr7/known-differences.yaml`).
//!
//! `Uri::parse` percent-encodes every run of characters but ":/@?&=#" (`urlencode`), reads the
//! result with PHP's `parse_url` and decodes each part again (`urldecode`); `Uri::applyParts`
//! then filters each part (`filterUserInfoComponent`, `filterPath`, ...), and
//! `UriResolver::resolve` resolves one URI against another.

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;
use crate::reference::chars::{SUB_DELIMS, UNRESERVED};

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `Uri::applyParts`: the user and the password `parse_url` splits at the userinfo's first
    /// ":" each go through `filterUserInfoComponent`, which percent-encodes every character but
    /// the unreserved ones, the sub-delims and a "%" that starts a triplet; the ":" between
    /// them is written as it is.
    UserinfoEncoded,
    /// `Uri::parse`: "+" is `urlencode`d to "%2B" before `parse_url` reads the scheme, which
    /// takes no "%": a scheme holding a "+" is no scheme, and the reference is a path.
    SchemeWithPlusAsPath,
    /// `parse_url` (ext/standard/url.c, `php_url_parse_ex2`) takes as a scheme any run of
    /// letters, digits, "+", "-" and "." before the first ":", its first character whatever it
    /// is of those (`0:a` has the scheme `0`).
    SchemeFirstCharacterUnchecked,
    /// `UriResolver::resolve`: "if ((string) $rel === '') { ... return $base; }": a reference
    /// that PSR-7 writes as nothing gives the base, its fragment too.
    EmptyReferenceIsBase,
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    match (rule, case) {
        (
            Rule::SchemeFirstCharacterUnchecked,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => {
            let scheme = reference::split(input).scheme?;
            let first = scheme.bytes().next()?;
            let taken = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-');
            if first.is_ascii_alphabetic() || !scheme.bytes().all(taken) {
                return None;
            }
            Some(Request::Parse {
                input: format!("a{}", &input[1..]),
                rule: rule.clone(),
                zone_id: *zone_id,
            })
        }
        (
            Rule::SchemeWithPlusAsPath,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => {
            let scheme = reference::split(input).scheme?;
            if !scheme.contains('+') {
                return None;
            }
            // The first segment's colons stood in for: it is read as a path.
            let end = input.find(['/', '?', '#']).unwrap_or(input.len());
            let mut out = input.clone();
            let stood_in: String = input[..end]
                .chars()
                .map(|c| if c == ':' { 'a' } else { c })
                .collect();
            out.replace_range(..end, &stood_in);
            Some(Request::Parse {
                input: out,
                rule: rule.clone(),
                zone_id: *zone_id,
            })
        }
        _ => None,
    }
}

/// The library's answer from the answer so far; `original` is the case as given, `case` as
/// rewritten.
pub(super) fn apply(rule: Rule, original: &Request, case: &Request, answer: Outcome) -> Outcome {
    match (rule, case) {
        (Rule::SchemeFirstCharacterUnchecked, Request::Parse { .. }) => {
            let (Request::Parse { input, .. }, Request::Parse { input: read, .. }) =
                (original, case)
            else {
                return answer;
            };
            match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } if input.len() == read.len() => {
                    // The scheme's first character given back.
                    if let Some(scheme) = components.scheme.as_mut()
                        && read.starts_with(scheme.as_str())
                        && scheme.len() < input.len()
                    {
                        *scheme = input[..scheme.len()].to_owned();
                    }
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
        (Rule::UserinfoEncoded, Request::Parse { .. }) => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                components.userinfo = components.userinfo.map(|u| userinfo_encoded(&u));
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        (Rule::SchemeWithPlusAsPath, Request::Parse { .. }) => {
            let Request::Parse { input, .. } = original else {
                return answer;
            };
            match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } if components.scheme.is_none()
                    && components.host.is_none()
                    && reference::split(input)
                        .scheme
                        .is_some_and(|s| s.contains('+')) =>
                {
                    // Everything up to the query is the path, as `filterPath` writes it.
                    let end = input.find(['?', '#']).unwrap_or(input.len());
                    components.path = path_filtered(&input[..end]);
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
        (Rule::EmptyReferenceIsBase, Request::Resolve { base, input, .. }) => {
            let empty = reference::parse(input).is_ok_and(|r| {
                r.scheme.is_none()
                    && !r.has_authority()
                    && r.path.is_empty()
                    && r.query.is_none_or(str::is_empty)
                    && r.fragment.is_none_or(str::is_empty)
            });
            match answer {
                Outcome::Resolved(_) if empty && reference::parse_uri(base).is_ok() => {
                    Outcome::Resolved(base.clone())
                }
                other => other,
            }
        }
        _ => answer,
    }
}

/// `userinfo` as `Uri::applyParts` writes it: the user (up to the first ":") and the password
/// each through `filterUserInfoComponent`.
fn userinfo_encoded(userinfo: &str) -> String {
    match userinfo.split_once(':') {
        Some((user, password)) => format!("{}:{}", filtered(user), filtered(password)),
        None => filtered(userinfo),
    }
}

/// `filterPath`: every character but the unreserved ones, the sub-delims, ":", "@", "/" and a
/// "%" that starts a triplet, percent-encoded as UTF-8 (`rawurlencode`).
fn path_filtered(text: &str) -> String {
    encoded_but(text, |c| matches!(c, ':' | '@' | '/'))
}

/// `filterUserInfoComponent`: every character but the unreserved ones, the sub-delims and a
/// "%" that starts a triplet, percent-encoded as UTF-8 (`rawurlencode`).
fn filtered(text: &str) -> String {
    encoded_but(text, |_| false)
}

/// `text` with every character but the unreserved ones, the sub-delims, those `also` keeps and
/// a "%" that starts a triplet percent-encoded as UTF-8.
fn encoded_but(text: &str, also: impl Fn(char) -> bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        let kept = if c == '%' {
            bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
        } else {
            also(c)
                || (c.is_ascii() && (UNRESERVED.contains(c as u8) || SUB_DELIMS.contains(c as u8)))
        };
        if kept {
            out.push(c);
        } else {
            for byte in c.to_string().bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_userinfo_is_filtered_as_the_library_filters_it() {
        assert_eq!(userinfo_encoded("u@v"), "u%40v");
        assert_eq!(userinfo_encoded("a::b"), "a:%3Ab");
        assert_eq!(userinfo_encoded("a b%zz%41"), "a%20b%25zz%41");
        assert_eq!(userinfo_encoded(":"), ":");
    }
}
