//! Shrinking a case to a minimal one that shows the same difference: delta debugging over the
//! characters of each input (Zeller's ddmin, removing ever smaller chunks), then a pass that
//! replaces each remaining character by a plain one.

use crate::protocol::Request;

/// Shrinks `case` while `reproduces` holds, with at most `budget` calls to it. `reproduces` is
/// called only with candidates, never with `case` itself, which is taken to reproduce.
pub fn shrink_case(
    case: &Request,
    budget: usize,
    mut reproduces: impl FnMut(&Request) -> bool,
) -> Request {
    let mut calls = 0;
    let mut current = case.clone();
    let mut check = |candidate: &Request| {
        if calls >= budget {
            return false;
        }
        calls += 1;
        reproduces(candidate)
    };
    // For a resolution, the reference is shrunk first, then the base.
    for part in [Part::Input, Part::Base] {
        if let Some(text) = part.get(&current) {
            let shrunk = shrink_text(text, &mut |t| check(&part.set(&current, t)));
            current = part.set(&current, &shrunk);
        }
    }
    current
}

#[derive(Clone, Copy)]
enum Part {
    Input,
    Base,
}

impl Part {
    fn get(self, case: &Request) -> Option<&str> {
        match (self, case) {
            (Part::Input, Request::Parse { input, .. })
            | (Part::Input, Request::Normalize { input, .. })
            | (Part::Input, Request::Resolve { input, .. }) => Some(input),
            (Part::Base, Request::Resolve { base, .. }) => Some(base),
            (Part::Base, _) => None,
        }
    }

    fn set(self, case: &Request, text: &str) -> Request {
        let mut case = case.clone();
        match (self, &mut case) {
            (Part::Input, Request::Parse { input, .. })
            | (Part::Input, Request::Normalize { input, .. })
            | (Part::Input, Request::Resolve { input, .. }) => *input = text.to_owned(),
            (Part::Base, Request::Resolve { base, .. }) => *base = text.to_owned(),
            (Part::Base, _) => {}
        }
        case
    }
}

/// ddmin over characters, then character simplification.
fn shrink_text(text: &str, reproduces: &mut dyn FnMut(&str) -> bool) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut chunk = chars.len().div_ceil(2).max(1);
    loop {
        let mut removed_any = false;
        let mut start = 0;
        while start < chars.len() {
            let end = (start + chunk).min(chars.len());
            let candidate: String = chars[..start].iter().chain(&chars[end..]).collect();
            if reproduces(&candidate) {
                chars.drain(start..end);
                removed_any = true;
            } else {
                start = end;
            }
        }
        if chunk == 1 && !removed_any {
            break;
        }
        if !removed_any {
            chunk = chunk.div_ceil(2);
        }
    }
    // Letters and digits become `a` and `0`, so that what is left is what matters.
    for i in 0..chars.len() {
        let plain = match chars[i] {
            c if c.is_ascii_alphabetic() && c != 'a' => 'a',
            c if c.is_ascii_digit() && c != '0' => '0',
            _ => continue,
        };
        let mut candidate = chars.clone();
        candidate[i] = plain;
        let candidate_text: String = candidate.iter().collect();
        if reproduces(&candidate_text) {
            chars = candidate;
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str) -> Request {
        Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        }
    }

    #[test]
    fn finds_the_one_character_that_matters() {
        let case = parse("http://user@example.com:8080/a/b?q=1#frag\\x");
        let shrunk = shrink_case(&case, 10_000, |c| match c {
            Request::Parse { input, .. } => input.contains('\\'),
            _ => false,
        });
        assert_eq!(shrunk, parse("\\"));
    }

    #[test]
    fn keeps_what_the_predicate_needs_and_simplifies_the_rest() {
        let case = parse("http://EXAMPLE.com:99999/path");
        let shrunk = shrink_case(&case, 10_000, |c| match c {
            Request::Parse { input, .. } => {
                input.starts_with("http://") && input.contains(":99999")
            }
            _ => false,
        });
        assert_eq!(shrunk, parse("http://:99999"));
    }

    #[test]
    fn respects_the_budget() {
        let mut calls = 0;
        shrink_case(&parse(&"x".repeat(1000)), 25, |_| {
            calls += 1;
            false
        });
        assert_eq!(calls, 25);
    }
}
