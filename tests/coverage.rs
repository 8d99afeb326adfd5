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
            Request::Parse { input, rule, .. } => {
                let rule = Request::rule(rule.as_deref()).unwrap_or_default();
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
