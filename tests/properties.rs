//! Properties of the reference on generated inputs (fixed seeds, so every run checks the same
//! inputs): round trip through §5.3, agreement with the Appendix B splitter, idempotent and
//! equivalence-preserving normalization, resolution targets that parse back, and no panic or
//! super-linear time on any input; and RFC 3987's mappings and IRI normalization.

use uri_conformance::reference::{
    self, Components, Level, ParseOptions, ResolveOptions, Rule, equivalent, normalize, parse,
    parse_uri, parse_with, recompose, remove_dot_segments, resolve, split, transform_references,
};

use uri_conformance::fuzz::Rng;

/// What the generator here draws besides numbers.
trait Draw {
    fn chance(&mut self, percent: usize) -> bool;
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str;
}

impl Draw for Rng {
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const SCHEMES: &[&str] = &[
    "http", "HTTP", "https", "foo", "f", "a+b-c.d", "file", "ftp", "urn", "ws",
];
const USERINFO: &[&str] = &["", "user", "u:p", ":", "%41b", "a!$&'()*+,;=", "~"];
const HOSTS: &[&str] = &[
    "",
    "a",
    "EXAMPLE.com",
    "example.com",
    "127.0.0.1",
    "255.255.255.255",
    "1.2.3.256",
    "01.2.3.4",
    "127.1",
    "%41",
    "%c3%a9",
    "[::1]",
    "[2001:DB8::7]",
    "[1:2:3:4:5:6:7:8]",
    "[::ffff:1.2.3.4]",
    "[v1.x]",
    "[VF.a:b]",
    "localhost",
    "a_b~",
];
const PORTS: &[&str] = &[
    "",
    "0",
    "80",
    "443",
    "21",
    "080",
    "65535",
    "65536",
    "99999999999999999999",
];
const SEGMENTS: &[&str] = &[
    "", ".", "..", "a", "b", "%2E", "%2e%2E", "c;p=1", "g:h", "@", "%7e", "%7B", "~x", "..a", ".b",
    "A", "%41",
];
const QUERIES: &[&str] = &["", "q", "a=b&c=d", "/?", "%7e", "?", "x/../y"];
/// Characters that break or bend the grammar, for mutation.
const NOISE: &[&str] = &[
    ":", "/", "?", "#", "[", "]", "@", "%", "%4", "%G1", " ", "\\", "^", "\u{7f}", "\t", "é", "//",
    "..", "./", "../", "{", "|", "\"", "<",
];

/// A URI reference built from the grammar, then sometimes mutated so that near-valid inputs
/// are common too.
fn generate(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.chance(70) {
        s.push_str(rng.pick(SCHEMES));
        s.push(':');
    }
    let authority = rng.chance(60);
    if authority {
        s.push_str("//");
        if rng.chance(25) {
            s.push_str(rng.pick(USERINFO));
            s.push('@');
        }
        s.push_str(rng.pick(HOSTS));
        if rng.chance(30) {
            s.push(':');
            s.push_str(rng.pick(PORTS));
        }
    }
    let segments = rng.below(6);
    let absolute = authority || rng.chance(50);
    for i in 0..segments {
        if i > 0 || absolute {
            s.push('/');
        }
        s.push_str(rng.pick(SEGMENTS));
    }
    if rng.chance(30) {
        s.push('?');
        s.push_str(rng.pick(QUERIES));
    }
    if rng.chance(25) {
        s.push('#');
        s.push_str(rng.pick(QUERIES));
    }
    if rng.chance(25) {
        let at = (0..=s.len())
            .filter(|&i| s.is_char_boundary(i))
            .nth(rng.below(s.chars().count() + 1))
            .unwrap_or(s.len());
        s.insert_str(at, rng.pick(NOISE));
    }
    s
}

fn generated(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..count).map(|_| generate(&mut rng)).collect()
}

/// The valid share of the generated inputs must be large enough for the properties to mean
/// something, and the invalid share too for the parser's errors to be exercised.
#[test]
fn the_generator_makes_valid_and_invalid_inputs() {
    let inputs = generated(1, 20_000);
    let valid = inputs.iter().filter(|s| parse(s).is_ok()).count();
    assert!(valid > 12_000, "only {valid} valid inputs");
    assert!(valid < 19_500, "only {} invalid inputs", 20_000 - valid);
}

#[test]
fn recompose_inverts_parse() {
    for input in generated(2, 20_000) {
        if let Ok(c) = parse(&input) {
            assert_eq!(recompose(&c), input, "{c:?}");
        }
    }
}

#[test]
fn appendix_b_agrees_with_the_parser_on_valid_input() {
    for input in generated(3, 20_000) {
        let Ok(c) = parse(&input) else { continue };
        let s = split(&input);
        let authority = c.host.map(|host| {
            let mut a = String::new();
            if let Some(u) = c.userinfo {
                a.push_str(u);
                a.push('@');
            }
            a.push_str(host);
            if let Some(p) = c.port {
                a.push(':');
                a.push_str(p);
            }
            a
        });
        assert_eq!(s.scheme, c.scheme, "{input:?}");
        assert_eq!(s.authority.map(str::to_owned), authority, "{input:?}");
        assert_eq!(s.path, c.path, "{input:?}");
        assert_eq!(s.query, c.query, "{input:?}");
        assert_eq!(s.fragment, c.fragment, "{input:?}");
    }
}

#[test]
fn normalization_is_idempotent_and_keeps_equivalence() {
    for input in generated(4, 20_000) {
        for level in [Level::Syntax, Level::Scheme] {
            let Ok(once) = normalize(&input, level) else {
                continue;
            };
            let twice = normalize(&once, level).unwrap_or_else(|e| {
                panic!("{input:?} normalized to {once:?}, which does not parse: {e}")
            });
            assert_eq!(once, twice, "{input:?} at {level:?}");
            assert_eq!(equivalent(&input, &once, level), Ok(true), "{input:?}");
        }
    }
}

#[test]
fn normalization_keeps_the_component_structure() {
    // Normalizing never adds or removes a component: a defined query stays defined, an
    // authority stays an authority (the `/.` prefix of choice 10 is what keeps this true).
    for input in generated(5, 20_000) {
        let Ok(c) = parse(&input) else { continue };
        let normalized = normalize(&input, Level::Syntax).expect("valid input normalizes");
        let n = parse(&normalized).expect("normalized output parses");
        assert_eq!(
            c.scheme.is_some(),
            n.scheme.is_some(),
            "{input:?} -> {normalized:?}"
        );
        assert_eq!(
            c.host.is_some(),
            n.host.is_some(),
            "{input:?} -> {normalized:?}"
        );
        assert_eq!(
            c.userinfo.is_some(),
            n.userinfo.is_some(),
            "{input:?} -> {normalized:?}"
        );
        assert_eq!(
            c.port.is_some(),
            n.port.is_some(),
            "{input:?} -> {normalized:?}"
        );
        assert_eq!(
            c.query.is_some(),
            n.query.is_some(),
            "{input:?} -> {normalized:?}"
        );
        assert_eq!(
            c.fragment.is_some(),
            n.fragment.is_some(),
            "{input:?} -> {normalized:?}"
        );
    }
}

/// The documented exception (vectors/README.md, choice 1): no authority and a path that starts
/// with `//`, which §5.3 writes so that it parses back with an authority.
fn is_double_slash_case(t: &Components<'_>) -> bool {
    t.host.is_none() && t.path.starts_with("//")
}

#[test]
fn resolution_targets_parse_back() {
    let inputs = generated(6, 6_000);
    let mut checked = 0;
    for pair in inputs.chunks(2) {
        let (Ok(base), Ok(r)) = (parse_uri(&pair[0]), parse(&pair[1])) else {
            continue;
        };
        for strict in [true, false] {
            let target = transform_references(&base, &r, ResolveOptions::strict(strict));
            let t = target.components();
            let text = target.recompose();
            if is_double_slash_case(&t) {
                // §5.3's string for this target parses back with an authority, or not at all.
                continue;
            }
            let reparsed = parse_uri(&text)
                .unwrap_or_else(|e| panic!("{:?} + {:?} gave {text:?}: {e}", pair[0], pair[1]));
            {
                assert_eq!(recompose(&reparsed), text, "{:?} + {:?}", pair[0], pair[1]);
                assert_eq!(reparsed.path, t.path, "{:?} + {:?}", pair[0], pair[1]);
                assert_eq!(reparsed.host, t.host, "{:?} + {:?}", pair[0], pair[1]);
            }
            checked += 1;
        }
    }
    assert!(checked > 1_000, "only {checked} resolutions checked");
}

#[test]
fn resolved_paths_have_no_dot_segments() {
    // §5.2.2 applies remove_dot_segments to every path it builds from a non-empty reference
    // path, so no complete "." or ".." segment survives.
    let inputs = generated(7, 6_000);
    for pair in inputs.chunks(2) {
        let (Ok(base), Ok(r)) = (parse_uri(&pair[0]), parse(&pair[1])) else {
            continue;
        };
        if r.path.is_empty() {
            continue;
        }
        let target = transform_references(&base, &r, ResolveOptions::default());
        let path = target.components().path;
        assert!(
            !path.split('/').any(|s| s == "." || s == ".."),
            "{:?} + {:?} -> {path:?}",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn any_text_gets_an_answer_without_panic() {
    let mut rng = Rng(8);
    for _ in 0..20_000 {
        let len = rng.below(24);
        let text: String = (0..len)
            .map(|_| match rng.below(10) {
                0 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
                1..=3 => char::from(rng.below(128) as u8),
                _ => b":/?#[]@%.-_~!$&'()*+,;=aAvV019fF"[rng.below(32)].into(),
            })
            .collect();
        for rule in [
            Rule::UriReference,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::RelativeRef,
        ] {
            for zone_id in [false, true] {
                let _ = parse_with(&text, rule, ParseOptions { zone_id });
            }
        }
        let _ = normalize(&text, Level::Scheme);
        let _ = resolve("http://a/b/c/d;p?q", &text, ResolveOptions::default());
        let _ = resolve(&text, "../g", ResolveOptions::default());
        let _ = remove_dot_segments(&text);
        let s = split(&text);
        let rebuilt = format!(
            "{}{}{}{}{}",
            s.scheme.map_or(String::new(), |v| format!("{v}:")),
            s.authority.map_or(String::new(), |v| format!("//{v}")),
            s.path,
            s.query.map_or(String::new(), |v| format!("?{v}")),
            s.fragment.map_or(String::new(), |v| format!("#{v}")),
        );
        assert_eq!(rebuilt, text, "Appendix B loses text");
    }
}

#[test]
fn ten_megabyte_inputs_finish() {
    // Not a timing test: a quadratic step would make these run for hours, so finishing at all
    // is the check. Each also checks its answer.
    let dots = format!("/{}", "../".repeat(3_500_000));
    assert_eq!(
        resolve("http://a/b/c", &dots, ResolveOptions::default()).as_deref(),
        Ok("http://a/")
    );
    let encoded = format!("http://a/{}", "%41".repeat(3_500_000));
    assert!(parse(&encoded).is_ok());
    assert_eq!(
        normalize(&encoded, Level::Syntax).map(|n| n.len()),
        Ok("http://a/".len() + 3_500_000)
    );
    let colons = format!("http://[{}]", ":".repeat(10_000_000));
    assert_eq!(
        parse(&colons).map_err(|e| e.kind()),
        Err(reference::ErrorKind::Ipv6Address)
    );
    let at_signs = format!("//{}", "@".repeat(10_000_000));
    assert_eq!(parse(&at_signs).map_err(|e| e.offset()), Err(3));
}

/// Characters and percent-encodings that RFC 3987 treats specially: ucschar, iprivate, a bidi
/// formatting character, UTF-8 that decodes and octets that do not.
const IRI_PIECES: &[&str] = &[
    "é",
    "例",
    "\u{10300}",
    "\u{E000}",
    "\u{200E}",
    "\u{FFFE}",
    "%C3%A9",
    "%c3%a9",
    "%E4%BE%8B",
    "%EE%80%80",
    "%e2%80%ae",
    "%F0%90%8C%80",
    "%FF",
    "%C3",
    "%ED%A0%80",
];

/// A generated reference with RFC 3987 pieces put in at random places.
fn generated_iris(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let mut s = generate(&mut rng);
            for _ in 0..=rng.below(3) {
                let at = (0..=s.len())
                    .filter(|&i| s.is_char_boundary(i))
                    .nth(rng.below(s.chars().count() + 1))
                    .unwrap_or(s.len());
                s.insert_str(at, rng.pick(IRI_PIECES));
            }
            s
        })
        .collect()
}

/// RFC 3987 §3.2: "The conversion described in this section will always result in an IRI that
/// maps back to the URI used as an input for the conversion (except for potential case
/// differences in percent-encoding and for potential percent-encoded unreserved characters)":
/// the two URIs have one RFC 3986 normal form.
#[test]
fn uri_to_iri_gives_an_iri_that_maps_back() {
    let mut checked = 0;
    for uri in generated_iris(11, 20_000) {
        if parse(&uri).is_err() {
            continue;
        }
        let iri = reference::uri_to_iri(&uri).expect("a URI reference converts");
        assert!(reference::parse_iri(&iri).is_ok(), "{uri} gave {iri}");
        let back = reference::iri_to_uri(&iri).expect("an IRI reference maps");
        assert_eq!(
            normalize(&back, Level::Syntax),
            normalize(&uri, Level::Syntax),
            "{uri} gave {iri}, which maps to {back}"
        );
        checked += 1;
    }
    assert!(checked > 2_000, "only {checked} URIs");
}

/// RFC 3987 §3.1: the mapping "produces URIs fully conforming to [RFC3986]", "is also an
/// identity transformation for URIs and is idempotent", and maps each component on its own.
#[test]
fn iri_to_uri_gives_a_uri_component_by_component() {
    let mut checked = 0;
    for iri in generated_iris(12, 20_000) {
        let Ok(c) = reference::parse_iri(&iri) else {
            continue;
        };
        let uri = reference::iri_to_uri(&iri).expect("an IRI reference maps");
        let u = parse(&uri).unwrap_or_else(|e| panic!("{iri} gave {uri}: {e}"));
        assert_eq!(reference::iri_to_uri(&uri).as_ref(), Ok(&uri), "{iri}");
        let encode = |s: Option<&str>| s.map(reference::iri::to_uri::percent_encode_non_ascii);
        assert_eq!(
            (encode(c.userinfo), encode(c.host), encode(Some(c.path))),
            (
                u.userinfo.map(str::to_owned),
                u.host.map(str::to_owned),
                Some(u.path.to_owned())
            ),
            "{iri}"
        );
        assert_eq!(
            (encode(c.query), encode(c.fragment), c.scheme, c.port),
            (
                u.query.map(str::to_owned),
                u.fragment.map(str::to_owned),
                u.scheme,
                u.port
            ),
            "{iri}"
        );
        checked += 1;
    }
    assert!(checked > 5_000, "only {checked} IRIs");
}

/// RFC 3987 §5.3: normalization of IRI references is idempotent and its result is an IRI
/// reference equivalent to the input.
#[test]
fn iri_normalization_is_idempotent_and_keeps_equivalence() {
    use reference::Grammar;
    let mut checked = 0;
    for iri in generated_iris(13, 20_000) {
        for level in [Level::Syntax, Level::Scheme] {
            let Ok(once) = reference::normalize_in(&iri, level, Grammar::Iri) else {
                continue;
            };
            assert!(reference::parse_iri(&once).is_ok(), "{iri} gave {once}");
            let twice = reference::normalize_in(&once, level, Grammar::Iri);
            assert_eq!(twice.as_ref(), Ok(&once), "{iri}");
            assert_eq!(
                reference::equivalent_in(&iri, &once, level, Grammar::Iri),
                Ok(true),
                "{iri}"
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} IRIs");
}
