//! URL confusion: inputs that two parsers both accept but read with a different scheme,
//! userinfo, host or port, the classes of the Claroty/Snyk study of URL parsers (2022): a
//! request checked by one parser and sent by another goes elsewhere.
//!
//! Every parser of the engine parses the same inputs (the corpus's parse inputs and generated
//! URLs, some built from the study's classes: scheme spellings, slashes, backslashes, encoded
//! data, userinfo, IP forms); for each pair that accepts an input and reads a field
//! differently (the shortest such input per pair, field and class), the input is shrunk (one
//! character deleted at a time) while both still accept it and still differ in that field,
//! and the minimal input is classed by what it holds. Each minimal input is then read by
//! every parser, so the report shows who reads what.
//!
//! Readings are compared by what they address, not by their spelling: schemes and ASCII hosts
//! without case, hosts and userinfo percent-decoded, a non-ASCII host through UTS #46 ToASCII,
//! IPv6 addresses as addresses, an empty port as none and a scheme's default port as none
//! (`http://a:80/` and `http://a/` go to the same place). A field a parser does not report
//! (a `hidden` blind spot) is not compared for it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use crate::diff::Engine;
use crate::diff::compare::{percent_decoded, routing_port};
use crate::impls::{Blindness, Implementation};
use crate::model::{Field, Outcome};
use crate::protocol::Request;

/// The fields a confusion is about: where a request goes and as whom.
pub(crate) const FIELDS: [Field; 4] = [Field::Scheme, Field::Userinfo, Field::Host, Field::Port];

/// What a parser's answer addresses.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub(crate) struct Reading {
    /// The scheme, lowercased; `None` when there is none.
    pub scheme: Option<String>,
    /// The userinfo, percent-decoded; `None` when there is none or the parser hides it.
    pub userinfo: Option<String>,
    /// The host as it addresses; `None` when there is none (or it is empty).
    pub host: Option<String>,
    /// The port as a number without leading zeros, `None` for none, an empty one or the
    /// scheme's default.
    pub port: Option<String>,
}

impl Reading {
    /// The reading of a parse answer, `None` unless it parsed.
    pub(crate) fn of(outcome: &Outcome) -> Option<Reading> {
        let Outcome::Parsed { components, .. } = outcome else {
            return None;
        };
        let scheme = components.scheme.as_deref().map(str::to_ascii_lowercase);
        let host = components
            .host
            .as_deref()
            .filter(|h| !h.is_empty())
            .map(addressed_host);
        let port = routing_port(components).map(str::to_owned);
        Some(Reading {
            userinfo: components.userinfo.as_deref().map(percent_decoded),
            scheme,
            host,
            port,
        })
    }

    fn field(&self, field: Field) -> Option<&str> {
        match field {
            Field::Scheme => self.scheme.as_deref(),
            Field::Userinfo => self.userinfo.as_deref(),
            Field::Host => self.host.as_deref(),
            Field::Port => self.port.as_deref(),
            _ => None,
        }
    }
}

/// A host as it addresses: an IPv6 literal as its address, anything else percent-decoded,
/// then ToASCII when it is not ASCII (an IDN and its Punycode are one host), else lowercased.
fn addressed_host(host: &str) -> String {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
        && let Ok(address) = inner.parse::<std::net::Ipv6Addr>()
    {
        return format!("[{address}]");
    }
    let decoded = percent_decoded(host);
    if decoded.is_ascii() {
        return decoded.to_ascii_lowercase();
    }
    crate::idna::to_ascii(&decoded, crate::idna::Flags::URL).unwrap_or(decoded)
}

/// The class of an input, after the study's: the first that applies, in this order.
pub(crate) fn class(input: &str) -> &'static str {
    let after_scheme = input
        .find(':')
        .filter(|&i| {
            let scheme = &input[..i];
            !scheme.is_empty()
                && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        })
        .map(|i| &input[i + 1..]);
    if input.contains('\\') {
        "backslashes"
    } else if input
        .chars()
        .any(|c| c.is_control() || c == ' ' || c == '\u{3000}')
    {
        "whitespace and controls"
    } else if after_scheme.is_none() {
        "scheme confusion"
    } else if after_scheme.is_some_and(|rest| {
        let slashes = rest.chars().take_while(|&c| c == '/').count();
        slashes != 2 && slashes != 0
    }) {
        "slashes"
    } else if !input.is_ascii() {
        "non-ASCII"
    } else if input.contains('%') {
        "encoded data"
    } else if input.matches('@').count() > 1 || input.contains(['[', ']']) {
        "userinfo and IP literals"
    } else {
        "other"
    }
}

/// Where a parser is blind to a field: it is not compared there.
fn hides(implementation: &dyn Implementation, field: Field) -> bool {
    implementation
        .blind_spots()
        .iter()
        .any(|b| b.field == field && b.blindness == Blindness::Hidden)
}

/// One parser's reading of a minimal input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Group {
    /// What they read.
    pub reading: Reading,
    /// The parsers that read it so.
    pub parsers: Vec<String>,
}

/// A minimal input and how every parser reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Confusion {
    /// The input.
    pub input: String,
    /// Its class.
    pub class: String,
    /// The fields some pair of parsers reads differently.
    pub fields: Vec<String>,
    /// The readings, each with the parsers that read it so.
    pub readings: Vec<Group>,
    /// The parsers that refuse it (or fail on it).
    pub refused_by: Vec<String>,
    /// What RFC 3986 reads (the reference), for comparison; `None` where it refuses.
    pub rfc3986: Option<Reading>,
    /// The pairs it confuses, `[a, b, field]`, each pair in name order.
    pub pairs: Vec<[String; 3]>,
}

/// The table: every minimal input found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Table {
    /// The parsers compared.
    pub parsers: Vec<String>,
    /// How many inputs every parser read.
    pub inputs: usize,
    /// The minimal inputs, by class then length then text.
    pub confusions: Vec<Confusion>,
}

/// How much work: inputs to read and pairs to shrink.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// Generated inputs (besides the corpus's).
    pub generated: usize,
    /// The seed of the generated inputs.
    pub seed: u64,
    /// At most this many (pair, field, class) findings are shrunk; the rest are counted.
    pub shrinks: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            generated: 20_000,
            seed: 1,
            shrinks: 2_000,
        }
    }
}

/// Every parser's answers, remembered: shrinking asks the same inputs many times. A parser
/// not asked an input yet has `None` there; one that refused it, `Some(None)`.
struct Answers<'a> {
    engine: &'a Engine,
    parsers: usize,
    seen: HashMap<String, Vec<Option<Option<Reading>>>>,
}

impl<'a> Answers<'a> {
    fn new(engine: &'a Engine) -> Self {
        Answers {
            engine,
            parsers: engine.names().len(),
            seen: HashMap::new(),
        }
    }

    /// Has every parser read every input.
    fn read(&mut self, inputs: &[String]) {
        let all: Vec<usize> = (0..self.parsers).collect();
        self.read_by(&all, inputs);
    }

    /// Has the parsers at `which` read every input they have not read yet, in batches.
    fn read_by(&mut self, which: &[usize], inputs: &[String]) {
        let fresh: Vec<String> = inputs
            .iter()
            .filter(|input| {
                self.seen
                    .get(*input)
                    .is_none_or(|readings| which.iter().any(|&p| readings[p].is_none()))
            })
            .cloned()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        for chunk in fresh.chunks(256) {
            let requests: Vec<Request> = chunk.iter().map(Request::parse).collect();
            let answers = self.engine.answers_of(which, &requests);
            for (index, input) in chunk.iter().enumerate() {
                let readings = self
                    .seen
                    .entry(input.clone())
                    .or_insert_with(|| vec![None; self.parsers]);
                for (&parser, (_, outcomes)) in which.iter().zip(&answers) {
                    readings[parser] = Some(outcomes.get(index).and_then(Reading::of));
                }
            }
        }
    }

    /// What parser `parser` read of `input`: `None` when it refused it (or was not asked).
    fn reading(&self, input: &str, parser: usize) -> Option<&Reading> {
        self.seen
            .get(input)
            .and_then(|readings| readings.get(parser))
            .and_then(|r| r.as_ref())
            .and_then(Option::as_ref)
    }
}

/// Whether parsers `a` and `b` both read `input` and differ in `field` (read beforehand).
fn confuses(
    answers: &Answers<'_>,
    blind: &[Vec<Field>],
    input: &str,
    (a, b): (usize, usize),
    field: Field,
) -> bool {
    if blind[a].contains(&field) || blind[b].contains(&field) {
        return false;
    }
    match (answers.reading(input, a), answers.reading(input, b)) {
        (Some(x), Some(y)) => x.field(field) != y.field(field),
        _ => false,
    }
}

/// The inputs every parser reads: `corpus` (the corpus's parse inputs, say) and `budget`'s
/// generated ones.
pub(crate) fn inputs(corpus: impl IntoIterator<Item = String>, budget: &Budget) -> Vec<String> {
    let mut all: BTreeSet<String> = corpus.into_iter().collect();
    let mut rng = SplitMix(budget.seed);
    for n in 0..budget.generated {
        let input = if n % 2 == 0 {
            studied(&mut rng)
        } else {
            let bytes: Vec<u8> = (0..96).map(|_| (rng.next() >> 24) as u8).collect();
            let mut u = arbitrary::Unstructured::new(&bytes);
            match <crate::generate::UriTree as arbitrary::Arbitrary>::arbitrary(&mut u) {
                Ok(tree) => tree.render(),
                Err(_) => continue,
            }
        };
        all.insert(input);
    }
    all.into_iter().collect()
}

/// A URL built from the study's classes: a scheme spelling, a separator, userinfo, a host
/// form, a port and a rest, each picked at random.
fn studied(rng: &mut SplitMix) -> String {
    const SCHEMES: &[&str] = &[
        "http",
        "HTTP",
        "https",
        "hTtPs",
        "file",
        "ftp",
        "ws",
        "a",
        "mailto",
        "javascript",
        "",
        " http",
        "ht\ttp",
    ];
    const SEPARATORS: &[&str] = &[
        ":", "://", ":/", ":///", ":////", ":\\\\", ":/\\", ":\\/", "://\\", ": //", ":%2F%2F",
    ];
    const USERINFO: &[&str] = &[
        "", "", "", "u@", "u:p@", "@", "a@b@", "%40@", "a%3Ab@", "a:b:c@", "@@", "u@p@", "a.b@",
        "[::1]@",
    ];
    const HOSTS: &[&str] = &[
        "a",
        "A.b",
        "a.b.",
        "%61",
        "%2e",
        "127.0.0.1",
        "0x7f.1",
        "0177.0.0.1",
        "2130706433",
        "1.2.3",
        "[::1]",
        "[::ffff:1.2.3.4]",
        "[v1.x]",
        "[1::%2561]",
        "\u{e4}",
        "xn--4ca",
        "a\u{3002}b",
        "\u{ff41}",
        "a..b",
        "a b",
        "a%00b",
        "a#b",
        "a?b",
        "a;b",
        "",
    ];
    const PORTS: &[&str] = &[
        "", "", "", ":", ":80", ":080", ":443", ":65536", ":-1", ":8a", ":@", "::80", ": 80",
    ];
    const RESTS: &[&str] = &[
        "",
        "/",
        "/p?q#f",
        "?q",
        "#f",
        "\\p",
        "@x/",
        "/..//x",
        "/%2e%2e/x",
        "#@x",
        "?@x",
        ";x",
        "/@x:1/",
    ];
    let mut pick = |list: &[&'static str]| list[(rng.next() % list.len() as u64) as usize];
    let (scheme, separator, userinfo, host, port, rest) = (
        pick(SCHEMES),
        pick(SEPARATORS),
        pick(USERINFO),
        pick(HOSTS),
        pick(PORTS),
        pick(RESTS),
    );
    format!("{scheme}{separator}{userinfo}{host}{port}{rest}")
}

/// SplitMix64: a small deterministic generator, so that a seed gives the same inputs.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The confusion table of `engine`'s parsers over `inputs`.
pub(crate) fn find(engine: &Engine, inputs: &[String], budget: &Budget) -> Table {
    let implementations: Vec<&dyn Implementation> = engine.implementations().collect();
    let names = engine.names();
    let blind: Vec<Vec<Field>> = implementations
        .iter()
        .map(|i| FIELDS.into_iter().filter(|&f| hides(*i, f)).collect())
        .collect();
    let mut answers = Answers::new(engine);
    answers.read(inputs);
    // The shortest input per (pair, field, class): what gets shrunk.
    let mut found: BTreeMap<(usize, usize, usize, &'static str), &str> = BTreeMap::new();
    for input in inputs {
        for a in 0..names.len() {
            for b in a + 1..names.len() {
                if answers.reading(input, a).is_none() || answers.reading(input, b).is_none() {
                    continue;
                }
                for (f, field) in FIELDS.into_iter().enumerate() {
                    if confuses(&answers, &blind, input, (a, b), field) {
                        let key = (a, b, f, class(input));
                        let shorter = found
                            .get(&key)
                            .is_none_or(|old| (old.len(), *old) > (input.len(), input.as_str()));
                        if shorter {
                            found.insert(key, input.as_str());
                        }
                    }
                }
            }
        }
    }
    let mut minimal: BTreeMap<String, BTreeSet<[String; 3]>> = BTreeMap::new();
    let starts: Vec<_> = found
        .iter()
        .take(budget.shrinks)
        .map(|(&(a, b, f, class), &input)| ((a, b, f, class), input.to_owned()))
        .collect();
    for ((a, b, f, _class), input) in starts {
        let field = FIELDS[f];
        let shrunk = shrink(&mut answers, &blind, input, (a, b), field);
        minimal.entry(shrunk).or_default().insert([
            names[a].clone(),
            names[b].clone(),
            field.name().to_owned(),
        ]);
    }
    // Each minimal input read by every parser (and the reference), grouped by reading.
    let shrunk: Vec<String> = minimal.keys().cloned().collect();
    answers.read(&shrunk);
    let mut confusions: Vec<Confusion> = minimal
        .into_iter()
        .map(|(input, pairs)| {
            let mut groups: BTreeMap<Reading, Vec<String>> = BTreeMap::new();
            let mut refused_by = Vec::new();
            for (index, name) in names.iter().enumerate() {
                match answers.reading(&input, index) {
                    Some(reading) => {
                        let mut reading = reading.clone();
                        for field in &blind[index] {
                            if *field == Field::Userinfo {
                                reading.userinfo = None;
                            }
                        }
                        groups.entry(reading).or_default().push(name.clone());
                    }
                    _ => refused_by.push(name.clone()),
                }
            }
            let fields: BTreeSet<String> = pairs.iter().map(|[_, _, f]| f.clone()).collect();
            let rfc3986 =
                Reading::of(&crate::impls::reference::Reference.answer(&Request::parse(&input)));
            Confusion {
                class: class(&input).to_owned(),
                fields: fields.into_iter().collect(),
                readings: groups
                    .into_iter()
                    .map(|(reading, parsers)| Group { reading, parsers })
                    .collect(),
                refused_by,
                rfc3986,
                pairs: pairs.into_iter().collect(),
                input,
            }
        })
        .collect();
    confusions.sort_by(|a, b| {
        (&a.class, a.input.len(), &a.input).cmp(&(&b.class, b.input.len(), &b.input))
    });
    Table {
        parsers: names,
        inputs: inputs.len(),
        confusions,
    }
}

/// `input` with characters deleted, one at a time, while `a` and `b` still accept it and
/// still differ in `field`. The class is not kept: the minimal input is classed by what it
/// still holds, so that a character the difference does not need never stays for its class.
fn shrink(
    answers: &mut Answers<'_>,
    blind: &[Vec<Field>],
    mut input: String,
    pair: (usize, usize),
    field: Field,
) -> String {
    loop {
        let candidates: Vec<String> = input
            .char_indices()
            .map(|(i, c)| format!("{}{}", &input[..i], &input[i + c.len_utf8()..]))
            .collect();
        answers.read_by(&[pair.0, pair.1], &candidates);
        match candidates
            .into_iter()
            .find(|c| confuses(answers, blind, c, pair, field))
        {
            Some(smaller) => input = smaller,
            None => return input,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;

    fn parsed(scheme: &str, host: Option<&str>, port: Option<&str>) -> Outcome {
        Outcome::Parsed {
            components: Components {
                scheme: Some(scheme.to_owned()),
                host: host.map(str::to_owned),
                port: port.map(str::to_owned),
                userinfo: None,
                path: "/".to_owned(),
                query: None,
                fragment: None,
            },
            host_kind: None,
        }
    }

    #[test]
    fn spellings_of_one_address_read_the_same() {
        let a = Reading::of(&parsed("HTTP", Some("A.b"), Some("80"))).unwrap();
        let b = Reading::of(&parsed("http", Some("a.B"), None)).unwrap();
        assert_eq!(a, b);
        let c = Reading::of(&parsed("http", Some("%61.b"), Some("080"))).unwrap();
        assert_eq!(a, c);
        let v6 = Reading::of(&parsed("a", Some("[0:0::1]"), Some(""))).unwrap();
        assert_eq!(v6.host.as_deref(), Some("[::1]"));
        let idn = Reading::of(&parsed("a", Some("\u{e4}"), None)).unwrap();
        assert_eq!(idn.host.as_deref(), Some("xn--4ca"));
    }

    #[test]
    fn other_addresses_read_otherwise() {
        let a = Reading::of(&parsed("http", Some("a"), Some("8080"))).unwrap();
        let b = Reading::of(&parsed("http", Some("a"), None)).unwrap();
        assert_ne!(a, b);
        let c = Reading::of(&parsed("a", Some("a"), Some("80"))).unwrap();
        assert_eq!(
            c.port.as_deref(),
            Some("80"),
            "80 is no default of scheme a"
        );
        assert_eq!(Reading::of(&Outcome::invalid(String::new())), None);
    }

    #[test]
    fn classes_follow_the_study() {
        assert_eq!(class("http://a\\b/"), "backslashes");
        assert_eq!(class("http:/a"), "slashes");
        assert_eq!(class("http:///a"), "slashes");
        assert_eq!(class("http://%61/"), "encoded data");
        assert_eq!(class("//a/"), "scheme confusion");
        assert_eq!(class("http://a b/"), "whitespace and controls");
        assert_eq!(class("http://a@b@c/"), "userinfo and IP literals");
        assert_eq!(class("http://a/"), "other");
    }

    #[test]
    fn generated_inputs_depend_on_the_seed_alone() {
        let budget = Budget {
            generated: 200,
            ..Budget::default()
        };
        let first = inputs(Vec::new(), &budget);
        assert_eq!(first, inputs(Vec::new(), &budget));
        assert!(first.len() > 150, "{}", first.len());
        let other = inputs(Vec::new(), &Budget { seed: 2, ..budget });
        assert_ne!(first, other);
    }
}
