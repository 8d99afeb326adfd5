//! Shrinking a case to a minimal one that shows the same difference: a long input is first
//! halved (one half kept while it still shows the difference), then delta debugging over the
//! characters (Zeller's ddmin, removing ever smaller chunks), then a pass that replaces each
//! remaining character by a plain one. Each finding's shrinking has a budget of calls and of
//! bytes handed to the implementations, so that a huge input cannot stall a run. A budget of
//! time may be given too, but a campaign's is not: its shrunk case goes into a committed report,
//! which must not depend on how busy the machine was ([`Budget::calls`]).

use std::time::{Duration, Instant};

use crate::protocol::Request;

/// Inputs longer than this (in characters) are halved before ddmin.
pub(crate) const HALVING_ABOVE: usize = 256;

/// What one finding's shrinking may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Calls to the predicate.
    pub calls: usize,
    /// Time, from the start of the shrinking.
    pub time: Duration,
    /// Bytes of candidate inputs, all calls together.
    pub bytes: usize,
}

impl Budget {
    /// `calls` calls within 64 MB of candidates, and no limit of time: the same case shrinks
    /// to the same minimal case on a loaded machine as on an idle one, so that a run over the
    /// committed reports finds them again (a time budget stopped a shrink earlier on a busy
    /// machine, which kept a longer case, and the next run found a shorter one). Each call is
    /// bounded by the implementation's own time limit, and a program that times out again and
    /// again is benched, answering at once from then on.
    pub fn calls(calls: usize) -> Budget {
        Budget {
            calls,
            time: Duration::MAX,
            bytes: 64 << 20,
        }
    }
}

/// Shrinks `case` while `reproduces` holds, with at most `budget` calls to it (and the
/// size budget of [`Budget::calls`]).
#[cfg(test)]
fn shrink_case(case: &Request, budget: usize, reproduces: impl FnMut(&Request) -> bool) -> Request {
    shrink_case_within(case, Budget::calls(budget), reproduces)
}

/// Shrinks `case` while `reproduces` holds, within `budget`. `reproduces` is called only with
/// candidates, never with `case` itself, which is taken to reproduce; once the budget is spent,
/// the smallest case found so far is the answer.
pub(crate) fn shrink_case_within(
    case: &Request,
    budget: Budget,
    reproduces: impl FnMut(&Request) -> bool,
) -> Request {
    let started = Instant::now();
    shrink_case_clocked(case, budget, || started.elapsed(), reproduces)
}

/// [`shrink_case_within`] with the time spent read from `elapsed`, so that a test can drive
/// the time budget with a clock of its own.
fn shrink_case_clocked(
    case: &Request,
    budget: Budget,
    elapsed: impl Fn() -> Duration,
    mut reproduces: impl FnMut(&Request) -> bool,
) -> Request {
    let mut calls = 0;
    let mut bytes = 0usize;
    let mut current = case.clone();
    // `None` once the budget is spent: the shrinking stops there.
    let mut check = |candidate: &Request| {
        let size = candidate.text_len();
        if calls >= budget.calls
            || bytes.saturating_add(size) > budget.bytes
            || elapsed() >= budget.time
        {
            return None;
        }
        calls += 1;
        bytes += size;
        Some(reproduces(candidate))
    };
    // For a resolution, the reference is shrunk first, then the base, then the reference
    // again (a base made absolute may leave less for it to need). A relative base is
    // replaced first by an absolute one where that shows the same (RFC 3986 §5.1: "A base
    // URI must conform to the <absolute-URI> syntax rule"): a short one, else the base with a scheme before it;
    // an absolute base, given or made, stays absolute.
    let mut base_given = None;
    for (pass, part) in [Part::Input, Part::Base, Part::Input]
        .into_iter()
        .enumerate()
    {
        let Some(text) = part.get(&current) else {
            continue;
        };
        if pass == 2 && base_given.as_deref() == Part::Base.get(&current) {
            break;
        }
        if matches!(part, Part::Base) {
            base_given = Some(text.to_owned());
        }
        // A base made absolute is a URI (RFC 3986 §5.1), and stays one while it shrinks.
        let mut made = false;
        if matches!(part, Part::Base) && !is_absolute(text) {
            let text = text.to_owned();
            let candidates = ABSOLUTE_BASES
                .iter()
                .map(|&b| b.to_owned())
                .chain(SCHEMES_BEFORE.iter().map(|p| format!("{p}{text}")))
                .filter(|base| is_uri(base));
            for base in candidates {
                let candidate = part.set(&current, &base);
                match check(&candidate) {
                    Some(true) => {
                        current = candidate;
                        made = true;
                        break;
                    }
                    Some(false) => {}
                    None => return current,
                }
            }
        }
        let text = part.get(&current).unwrap_or_default().to_owned();
        let absolute = matches!(part, Part::Base) && is_absolute(&text);
        let shrunk = shrink_text(&text, &mut |t| {
            if absolute && !is_absolute(t) || made && !is_uri(t) {
                return Some(false);
            }
            check(&part.set(&current, t))
        });
        current = part.set(&current, &shrunk);
    }
    current
}

/// The absolute bases a relative one is first replaced by, shortest first.
const ABSOLUTE_BASES: [&str; 4] = ["a:", "a:/", "a://a", "a://a/a"];

/// What is put before a relative base whose text the case needs, to make it absolute.
const SCHEMES_BEFORE: [&str; 2] = ["a:", "a://a/"];

/// Whether RFC 3986 reads `text` as a URI (with a scheme, by the reference's grammar).
fn is_uri(text: &str) -> bool {
    is_absolute(text) && crate::reference::parse(text).is_ok()
}

/// Whether `text` has a scheme that starts with a letter (an absolute base, §5.1).
fn is_absolute(text: &str) -> bool {
    crate::reference::split(text)
        .scheme
        .is_some_and(|s| s.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// Whether `candidate`, a shrink of the resolution `original`, keeps its base absolute: a base
/// with a scheme (RFC 3986 §5.1: "A base URI must conform to the <absolute-URI> syntax rule") is
/// not shrunk into one without, whose resolution shows first how the resolver takes a relative
/// base (another rule of the library than the one the finding shows, which a model may match by
/// coincidence). Any other case, or one whose base had no scheme, may shrink freely.
pub(crate) fn keeps_absolute_base(original: &Request, candidate: &Request) -> bool {
    let scheme = |case: &Request| match case {
        Request::Resolve { base, .. } => crate::reference::split(base)
            .scheme
            .is_some_and(|s| s.starts_with(|c: char| c.is_ascii_alphabetic())),
        _ => false,
    };
    !scheme(original) || scheme(candidate)
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

/// Halving, ddmin over characters, then character simplification.
fn shrink_text(text: &str, reproduces: &mut dyn FnMut(&str) -> Option<bool>) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    // A long input: keep one half, the other, or a middle half, while one still reproduces;
    // each step costs one input's length, where ddmin's rounds would cost many.
    while chars.len() > HALVING_ABOVE {
        let half = chars.len() / 2;
        let quarter = chars.len() / 4;
        let mut kept = None;
        for range in [0..half, half..chars.len(), quarter..quarter + half] {
            match reproduces(&chars[range.clone()].iter().collect::<String>()) {
                Some(true) => {
                    kept = Some(range);
                    break;
                }
                Some(false) => {}
                None => return chars.into_iter().collect(),
            }
        }
        match kept {
            Some(range) => chars = chars[range].to_vec(),
            None => break,
        }
    }
    let mut chunk = chars.len().div_ceil(2).max(1);
    loop {
        let mut removed_any = false;
        let mut start = 0;
        while start < chars.len() {
            let end = (start + chunk).min(chars.len());
            let candidate: String = chars[..start].iter().chain(&chars[end..]).collect();
            match reproduces(&candidate) {
                Some(true) => {
                    chars.drain(start..end);
                    removed_any = true;
                }
                Some(false) => start = end,
                None => return chars.into_iter().collect(),
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
        match reproduces(&candidate_text) {
            Some(true) => chars = candidate,
            Some(false) => {}
            None => break,
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_one_character_that_matters() {
        let case = Request::parse("http://user@example.com:8080/a/b?q=1#frag\\x");
        let shrunk = shrink_case(&case, 10_000, |c| match c {
            Request::Parse { input, .. } => input.contains('\\'),
            _ => false,
        });
        assert_eq!(shrunk, Request::parse("\\"));
    }

    /// Poco's empty authority read as absent shows on "//" against "a://h/p" (its "//" an
    /// authority); shrunk freely it became "//" against "/", a relative base that Poco resolves
    /// by another rule. The base keeps a scheme; a relative base may shrink as it likes.
    #[test]
    fn a_resolutions_absolute_base_stays_absolute() {
        let case = |base: &str| Request::Resolve {
            base: base.into(),
            input: "//".into(),
            strict: false,
        };
        let shows = |c: &Request| match c {
            Request::Resolve { input, base, .. } => input == "//" && base.contains('/'),
            _ => false,
        };
        let original = case("a://h/p");
        let shrunk = shrink_case(&original, 10_000, |c| {
            keeps_absolute_base(&original, c) && shows(c)
        });
        assert_eq!(shrunk, case("a:/"));
        // A relative base becomes an absolute one where that shows the same, and stays so.
        let relative = case("x/p");
        let shrunk = shrink_case(&relative, 10_000, |c| {
            keeps_absolute_base(&relative, c) && shows(c)
        });
        assert_eq!(shrunk, case("a:/"));
        // One whose text the case needs keeps it, with a scheme before it.
        let needs = |c: &Request| match c {
            Request::Resolve { base, input, .. } => input == "//" && base.contains("mailto"),
            _ => false,
        };
        let opaque = case("mailto");
        assert_eq!(shrink_case(&opaque, 10_000, needs), case("a:mailto"));
        // Near-miss: a text that makes no URI after a scheme ("a:]") is not made one.
        let needs_bracket = |c: &Request| matches!(c, Request::Resolve { base, input, .. } if input == "//" && base.contains(']'));
        assert_eq!(shrink_case(&case("]"), 10_000, needs_bracket), case("]"));
        // Near-miss: a case that shows only with a relative base keeps one.
        let relative_only = |c: &Request| {
            shows(c) && matches!(c, Request::Resolve { base, .. } if !base.contains(':'))
        };
        let shrunk = shrink_case(&relative, 10_000, |c| {
            keeps_absolute_base(&relative, c) && relative_only(c)
        });
        assert_eq!(shrunk, case("/"));
        assert!(keeps_absolute_base(
            &Request::parse("a"),
            &Request::parse("b")
        ));
    }

    #[test]
    fn keeps_what_the_predicate_needs_and_simplifies_the_rest() {
        let case = Request::parse("http://EXAMPLE.com:99999/path");
        let shrunk = shrink_case(&case, 10_000, |c| match c {
            Request::Parse { input, .. } => {
                input.starts_with("http://") && input.contains(":99999")
            }
            _ => false,
        });
        assert_eq!(shrunk, Request::parse("http://:99999"));
    }

    #[test]
    fn halves_a_huge_input_handing_over_a_few_times_its_length() {
        let mut input = "a".repeat(5_000_000);
        input.insert(3_100_000, '\\');
        let mut handed = 0usize;
        // No time budget: what is measured is the bytes handed over, whatever the machine.
        let budget = Budget {
            time: Duration::MAX,
            ..Budget::calls(10_000)
        };
        let shrunk = shrink_case_within(&Request::parse(&input), budget, |c| match c {
            Request::Parse { input, .. } => {
                handed += input.len();
                input.contains('\\')
            }
            _ => false,
        });
        assert_eq!(shrunk, Request::parse("\\"));
        assert!(handed < 30_000_000, "{handed} bytes handed over");
    }

    #[test]
    fn stops_at_the_size_budget() {
        let input = "x".repeat(1_000_000);
        let mut handed = 0usize;
        let budget = Budget {
            calls: usize::MAX,
            time: Duration::MAX,
            bytes: 3_000_000,
        };
        shrink_case_within(&Request::parse(&input), budget, |c| {
            handed += c.text_len();
            false
        });
        assert!(handed <= 3_000_000, "{handed}");
        assert!(handed > 2_000_000, "the budget was used: {handed}");
    }

    #[test]
    fn stops_at_the_time_budget() {
        // A predicate that takes 30 ms by the test's clock, against 200 ms: it is asked at
        // 0, 30, ..., 180 ms, and the budget is spent at 210 ms.
        let clock = std::cell::Cell::new(Duration::ZERO);
        let mut calls = 0;
        let budget = Budget {
            calls: usize::MAX,
            time: Duration::from_millis(200),
            bytes: usize::MAX,
        };
        shrink_case_clocked(
            &Request::parse("x".repeat(1_000)),
            budget,
            || clock.get(),
            |_| {
                calls += 1;
                clock.set(clock.get() + Duration::from_millis(30));
                false
            },
        );
        assert_eq!(calls, 7);
    }

    #[test]
    fn a_budget_of_calls_gives_the_same_case_however_long_each_call_takes() {
        // The same predicate on an idle machine (no time passes) and on a loaded one (each
        // call takes a second by the test's clock, far beyond the five seconds that once
        // bounded a shrink): the same minimal case.
        let case = Request::parse("http://user@example.com:8080/a/b?q=1#frag\\x");
        let needs = |c: &Request| match c {
            Request::Parse { input, .. } => input.contains('\\') && input.contains('@'),
            _ => false,
        };
        let shrunk_with = |per_call: Duration| {
            let clock = std::cell::Cell::new(Duration::ZERO);
            shrink_case_clocked(
                &case,
                Budget::calls(1500),
                || clock.get(),
                |c| {
                    clock.set(clock.get() + per_call);
                    needs(c)
                },
            )
        };
        let idle = shrunk_with(Duration::ZERO);
        assert_eq!(idle, Request::parse("@\\"));
        assert_eq!(shrunk_with(Duration::from_secs(1)), idle);
    }

    #[test]
    fn respects_the_budget() {
        let mut calls = 0;
        shrink_case(&Request::parse("x".repeat(1000)), 25, |_| {
            calls += 1;
            false
        });
        assert_eq!(calls, 25);
    }
}
