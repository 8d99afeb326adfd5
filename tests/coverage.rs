//! Grammar coverage of the generator: a fixed-seed run of `generate::case_from_bytes` in
//! structured mode, every string it makes parsed by the reference, counting which Appendix A
//! rules were exercised by a valid parse and which `ErrorKind`s by an invalid one. Every rule
//! must be reached; a failure prints the counts.

use std::collections::BTreeMap;

use uri_conformance::generate::{self, Op};
use uri_conformance::protocol::Request;
use uri_conformance::reference::{
    self, Components, ErrorKind, HostKind, ParseError, ParseOptions, Rule,
};

const CASES: usize = 50_000;
const SEED: u64 = 0x00C0_FFEE;

use uri_conformance::fuzz::Rng;

/// Which of the nine `IPv6address` forms (§3.2.2) a literal's text takes: 1 without "::"
/// (eight pieces, an IPv4 tail counting for two), otherwise 9 less the pieces after "::".
fn ipv6_form(literal: &str) -> Option<usize> {
    let address = literal.strip_prefix('[')?.strip_suffix(']')?;
    let pieces = |text: &str| -> usize {
        if text.is_empty() {
            return 0;
        }
        text.split(':')
            .map(|piece| if piece.contains('.') { 2 } else { 1 })
            .sum()
    };
    match address.split_once("::") {
        None => (pieces(address) == 8).then_some(1),
        Some((_, after)) => 9usize.checked_sub(pieces(after)),
    }
}

#[derive(Default)]
struct Counts {
    valid: BTreeMap<String, u64>,
    invalid: BTreeMap<&'static str, u64>,
}

impl Counts {
    fn hit(&mut self, rule: impl Into<String>) {
        *self.valid.entry(rule.into()).or_default() += 1;
    }

    fn parsed(&mut self, result: Result<Components<'_>, ParseError>) {
        let c = match result {
            Ok(c) => c,
            Err(e) => {
                *self.invalid.entry(e.kind().rule()).or_default() += 1;
                return;
            }
        };
        let empty_or_not = |text: &str| {
            if text.is_empty() {
                "empty"
            } else {
                "non-empty"
            }
        };
        if c.scheme.is_some() {
            self.hit("scheme");
        }
        if let Some(userinfo) = c.userinfo {
            self.hit(format!("userinfo ({})", empty_or_not(userinfo)));
        }
        if let Some(host) = c.host {
            let kind = match c.host_kind {
                Some(HostKind::RegName) if host.is_empty() => "reg-name (empty)",
                Some(HostKind::RegName) => "reg-name (non-empty)",
                Some(HostKind::Ipv4) => "IPv4address",
                Some(HostKind::Ipv6) => "IPv6address",
                Some(HostKind::IpvFuture) => "IPvFuture",
                None => "host without a kind",
            };
            self.hit(kind);
            if c.host_kind == Some(HostKind::Ipv6) {
                match ipv6_form(host) {
                    Some(form) => self.hit(format!("IPv6address form {form}")),
                    None => self.hit(format!("IPv6address of no form: {host}")),
                }
            }
        }
        if let Some(port) = c.port {
            self.hit(format!("port ({})", empty_or_not(port)));
        }
        let path = if c.has_authority() {
            "path-abempty"
        } else if c.path.starts_with('/') {
            "path-absolute"
        } else if c.path.is_empty() {
            "path-empty"
        } else if c.scheme.is_some() {
            "path-rootless"
        } else {
            "path-noscheme"
        };
        self.hit(path);
        if let Some(query) = c.query {
            self.hit(format!("query ({})", empty_or_not(query)));
        }
        if let Some(fragment) = c.fragment {
            self.hit(format!("fragment ({})", empty_or_not(fragment)));
        }
    }
}

#[test]
fn the_generator_reaches_every_rule() {
    let ops = [Op::Parse, Op::Resolve, Op::Normalize];
    let mut rng = Rng(SEED);
    let mut counts = Counts::default();
    let mut made = 0;
    while made < CASES {
        let len = 16 + (rng.next_u64() % 240) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        // Structured mode: a first byte that is not a multiple of 4.
        bytes[0] |= 1;
        let Some(case) = generate::case_from_bytes(&bytes, &ops) else {
            continue;
        };
        made += 1;
        match &case {
            Request::Parse { input, .. } => {
                let rule = case.checked_rule().unwrap_or_default();
                counts.parsed(reference::parse_with(input, rule, ParseOptions::default()));
            }
            Request::Resolve { base, input, .. } => {
                counts.parsed(reference::parse_with(
                    base,
                    Rule::Uri,
                    ParseOptions::default(),
                ));
                counts.parsed(reference::parse(input));
            }
            Request::Normalize { input, .. } => counts.parsed(reference::parse(input)),
        }
    }

    let mut wanted: Vec<String> = [
        "scheme",
        "userinfo (empty)",
        "userinfo (non-empty)",
        "reg-name (empty)",
        "reg-name (non-empty)",
        "IPv4address",
        "IPv6address",
        "IPvFuture",
        "port (empty)",
        "port (non-empty)",
        "path-abempty",
        "path-absolute",
        "path-noscheme",
        "path-rootless",
        "path-empty",
        "query (empty)",
        "query (non-empty)",
        "fragment (empty)",
        "fragment (non-empty)",
    ]
    .map(str::to_owned)
    .to_vec();
    wanted.extend((1..=9).map(|form| format!("IPv6address form {form}")));
    let missing_valid: Vec<&String> = wanted
        .iter()
        .filter(|rule| !counts.valid.contains_key(*rule))
        .collect();
    let missing_invalid: Vec<&str> = ErrorKind::ALL
        .iter()
        // The generator writes URIs: the RFC 3987 rules are the IRI vectors' to reach.
        .filter(|kind| **kind != ErrorKind::ZoneId && !kind.is_iri_only())
        .map(|kind| kind.rule())
        .filter(|rule| !counts.invalid.contains_key(rule))
        .collect();
    let unexpected: Vec<&String> = counts
        .valid
        .keys()
        .filter(|rule| !wanted.contains(rule))
        .collect();
    let report = format!(
        "{CASES} cases, seed {SEED:#x}\nvalid: {:#?}\ninvalid: {:#?}",
        counts.valid, counts.invalid
    );
    assert!(
        missing_valid.is_empty() && missing_invalid.is_empty() && unexpected.is_empty(),
        "not reached, valid: {missing_valid:?}; not reached, invalid: {missing_invalid:?}; \
         unexpected: {unexpected:?}\n{report}"
    );
    println!("{report}");
}

#[test]
fn ipv6_forms_are_told_apart() {
    assert_eq!(ipv6_form("[1:2:3:4:5:6:7:8]"), Some(1));
    assert_eq!(ipv6_form("[1:2:3:4:5:6:1.2.3.4]"), Some(1));
    assert_eq!(ipv6_form("[::2:3:4:5:6:7:8]"), Some(2));
    assert_eq!(ipv6_form("[1::3:4:5:6:1.2.3.4]"), Some(3));
    assert_eq!(ipv6_form("[1:2::5:6:7:8]"), Some(5));
    assert_eq!(ipv6_form("[::1.2.3.4]"), Some(7));
    assert_eq!(ipv6_form("[1::8]"), Some(8));
    assert_eq!(ipv6_form("[::]"), Some(9));
}

/// The classes of non-ASCII input the generator must reach (issue of IRIs and IDNA): each a
/// test on one generated string, counted over the same fixed-seed run.
type UnicodeClass = (&'static str, fn(&str) -> bool);

const UNICODE_CLASSES: &[UnicodeClass] = &[
    ("first or last code point of a ucschar range", |s| {
        s.chars().any(|c| {
            matches!(
                c as u32,
                0xA0 | 0xD7FF
                    | 0xF900
                    | 0xFDCF
                    | 0xFDF0
                    | 0xFFEF
                    | 0x10000
                    | 0x1FFFD
                    | 0xE1000
                    | 0xEFFFD
            )
        })
    }),
    ("an iprivate code point", |s| {
        s.chars()
            .any(|c| matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD))
    }),
    ("a noncharacter or the E0000 gap", |s| {
        s.chars().any(|c| {
            let c = c as u32;
            (0xFDD0..=0xFDEF).contains(&c)
                || c & 0xFFFE == 0xFFFE
                || (0xE0000..0xE1000).contains(&c)
        })
    }),
    ("a bidirectional formatting character", |s| {
        s.chars()
            .any(|c| matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
    }),
    ("a combining mark", |s| s.contains('\u{301}')),
    ("a full-width delimiter", |s| {
        s.chars().any(|c| {
            matches!(
                c,
                '\u{FF0E}' | '\u{FF0F}' | '\u{FF1A}' | '\u{FF1F}' | '\u{FF20}'
            )
        })
    }),
    ("an ideographic full stop", |s| {
        s.contains('\u{3002}') || s.contains('\u{FF61}')
    }),
    ("a code point UTS #46 ignores", |s| {
        s.contains('\u{AD}') || s.contains('\u{200C}') || s.contains('\u{200D}')
    }),
    ("a Punycode label", |s| {
        s.to_ascii_lowercase().contains("xn--")
    }),
    ("a right-to-left letter", |s| {
        s.contains('\u{5D0}') || s.contains('\u{627}')
    }),
];

#[test]
fn the_generator_speaks_unicode() {
    let ops = [Op::Parse, Op::Resolve, Op::Normalize];
    let mut rng = Rng(SEED);
    let mut hits = vec![0u64; UNICODE_CLASSES.len()];
    let mut made = 0;
    while made < CASES {
        let len = 16 + (rng.next_u64() % 240) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        bytes[0] |= 1;
        let Some(case) = generate::case_from_bytes(&bytes, &ops) else {
            continue;
        };
        made += 1;
        let texts: Vec<&str> = match &case {
            Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input],
            Request::Resolve { base, input, .. } => vec![base, input],
        };
        for (hit, (_, test)) in hits.iter_mut().zip(UNICODE_CLASSES) {
            if texts.iter().any(|t| test(t)) {
                *hit += 1;
            }
        }
    }
    let report: Vec<String> = UNICODE_CLASSES
        .iter()
        .zip(&hits)
        .map(|((name, _), n)| format!("{name}: {n}"))
        .collect();
    assert!(
        hits.iter().all(|&n| n > 0),
        "classes never generated in {CASES} cases:\n{}",
        report.join("\n")
    );
    println!("{}", report.join("\n"));
}
