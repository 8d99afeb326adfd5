//! The RFC passage that decides each kind of finding, quoted in reports.

use serde::{Deserialize, Serialize};

use crate::diff::{DifferenceKind, Finding};
use crate::model::{Field, Outcome};
use crate::reference::split;

/// A section of RFC 3986 (or RFC 6874) with the rule or sentence that decides a finding.
///
/// `text` is the RFC's own words and nothing else, one passage a line: an ABNF rule, or a
/// sentence between double quotes, where " ... " marks words left out. `tests/quotations.rs`
/// checks every line against the RFC's text. What we conclude from it is `note`, written as
/// ours and never shown as a quotation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    /// `RFC 3986 §3.2.3`, or `no RFC section`.
    pub section: String,
    /// The ABNF rule or the sentence, verbatim; empty when no RFC text decides.
    pub text: String,
    /// Our reading of the passage for this kind of finding, in our words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn cite(section: &str, text: &str, note: Option<&str>) -> Citation {
    Citation {
        section: section.to_owned(),
        text: text.to_owned(),
        note: note.map(str::to_owned),
    }
}

/// Every passage [`citation`] can quote, with its section, for `tests/quotations.rs`.
pub fn every_quotation() -> Vec<(&'static str, &'static str)> {
    let mut all = vec![
        SCHEME, USERINFO, REG_NAME, IP_LITERAL, IPV6, IPVFUTURE, IPV4, ZONE, AUTHORITY, PORT, PATH,
        QUERY, FRAGMENT, PCT, NOSCHEME, ABSOLUTE,
    ];
    all.extend(
        PROPERTY_PASSAGES
            .iter()
            .map(|(section, text, _)| (*section, *text)),
    );
    all.extend(NORMALIZE_PASSAGES);
    all.push(RESOLUTION);
    all.push(IRI);
    all.push(ORIGIN_FORM);
    all
}

/// RFC 3987 §2.2, for findings of a parse by an IRI rule.
const IRI: (&str, &str) = (
    "RFC 3987 §2.2",
    "IRI-reference = IRI / irelative-ref\niunreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\" / ucschar\nucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF\n / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD\n / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD\n / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD\n / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD\n / %xD0000-DFFFD / %xE1000-EFFFD\niprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD",
);

/// The §5.2.2 pseudocode, verbatim, for resolution findings.
const RESOLUTION: (&str, &str) = (
    "RFC 3986 §5.2.2",
    "if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority; T.path = remove_dot_segments(R.path); T.query = R.query; else if defined(R.authority) then T.authority = R.authority; T.path = remove_dot_segments(R.path); T.query = R.query; else if (R.path == \"\") then T.path = Base.path; if defined(R.query) then T.query = R.query; else T.query = Base.query; endif; else if (R.path starts-with \"/\") then T.path = remove_dot_segments(R.path); else T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path); endif; T.query = R.query; endif; T.authority = Base.authority; endif; T.scheme = Base.scheme; endif; T.fragment = R.fragment;",
);

/// The passages for the properties' kinds of finding: (section, verbatim text, our note).
const PROPERTY_PASSAGES: &[(&str, &str, &str)] = &[
    (
        "RFC 3986 §6.2.2",
        "\"Syntax-based normalization includes such techniques as case normalization, percent-encoding normalization, and removal of dot-segments.\"",
        "Each of these rewritings leaves a string that is already in normal form as it is, so normalizing twice gives what normalizing once gives.",
    ),
    (
        "RFC 3986 §5.3",
        "\"Parsed URI components can be recomposed to obtain the corresponding URI reference string.\"",
        "A serializer's output parses back to the same components, and serializing it again changes nothing.",
    ),
    (
        "RFC 3986 §6.2.2, §6.2.3",
        "\"Syntax-based normalization includes such techniques as case normalization, percent-encoding normalization, and removal of dot-segments.\"\n\"Implementations may use scheme-specific rules, at further processing cost, to reduce the probability of false negatives.\"",
        "Normalization serves comparison: each rewriting keeps the reference equivalent, so the scheme, authority, host and port stay what they were up to those rewritings (case, percent-encoding of unreserved characters, dot-segments, an empty or default port), and the result is still a URI reference.",
    ),
    (
        "RFC 3986 §5.2.2",
        "\"if defined(R.scheme) then T.scheme = R.scheme; ... T.scheme = Base.scheme; endif;\"",
        "Either branch gives the target a scheme, so it is a URI, and its string (§5.3) parses as one.",
    ),
];

/// The passages for normalization findings by the first differing field; the last for one whose
/// answer gains or loses an authority (a path's "//" read as one once dot-segments go).
const NORMALIZE_PASSAGES: [(&str, &str); 5] = [
    (
        "RFC 3986 §6.2.2.1",
        "\"the scheme and host are case-insensitive and therefore should be normalized to lowercase\"\n\"the hexadecimal digits within a percent-encoding triplet ... are case-insensitive and therefore should be normalized to use uppercase letters for the digits A-F\"",
    ),
    (
        "RFC 3986 §6.2.2.3",
        "\"URI normalizers should remove dot-segments by applying the remove_dot_segments algorithm to the path\"",
    ),
    (
        "RFC 3986 §6.2.3",
        "\"an explicit \":port\", for which the port is empty or the default for the scheme, is equivalent to one where the port and its \":\" delimiter are elided and thus should be removed by scheme-based normalization\"",
    ),
    (
        "RFC 3986 §6.2.2.2",
        "\"These URIs should be normalized by decoding any percent-encoded octet that corresponds to an unreserved character, as described in Section 2.3.\"",
    ),
    (
        "RFC 3986 §3, §6.2.2.3",
        "\"When authority is not present, the path cannot begin with two slash characters (\"//\").\"\n\"URI normalizers should remove dot-segments by applying the remove_dot_segments algorithm to the path\"",
    ),
];

const SCHEME: (&str, &str) = (
    "RFC 3986 §3.1",
    "scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
);
const USERINFO: (&str, &str) = (
    "RFC 3986 §3.2.1",
    "userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )",
);
const REG_NAME: (&str, &str) = (
    "RFC 3986 §3.2.2",
    "host = IP-literal / IPv4address / reg-name\nreg-name = *( unreserved / pct-encoded / sub-delims )",
);
const IP_LITERAL: (&str, &str) = (
    "RFC 3986 §3.2.2",
    "IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"",
);
const IPV6: (&str, &str) = (
    "RFC 3986 §3.2.2",
    "IPv6address =                            6( h16 \":\" ) ls32\n            /                       \"::\" 5( h16 \":\" ) ls32\n            / [               h16 ] \"::\" 4( h16 \":\" ) ls32\n            / [ *1( h16 \":\" ) h16 ] \"::\" 3( h16 \":\" ) ls32\n            / [ *2( h16 \":\" ) h16 ] \"::\" 2( h16 \":\" ) ls32\n            / [ *3( h16 \":\" ) h16 ] \"::\"    h16 \":\"   ls32\n            / [ *4( h16 \":\" ) h16 ] \"::\"              ls32\n            / [ *5( h16 \":\" ) h16 ] \"::\"              h16\n            / [ *6( h16 \":\" ) h16 ] \"::\"\nh16 = 1*4HEXDIG\nls32 = ( h16 \":\" h16 ) / IPv4address",
);
const IPVFUTURE: (&str, &str) = (
    "RFC 3986 §3.2.2",
    "IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )",
);
const IPV4: (&str, &str) = (
    "RFC 3986 §3.2.2",
    "IPv4address = dec-octet \".\" dec-octet \".\" dec-octet \".\" dec-octet\ndec-octet = DIGIT ; 0-9\n / %x31-39 DIGIT ; 10-99\n / \"1\" 2DIGIT ; 100-199\n / \"2\" %x30-34 DIGIT ; 200-249\n / \"25\" %x30-35 ; 250-255\n\n\"If host matches the rule for IPv4address, then it should be considered an IPv4 address literal and not a reg-name.\"",
);
const ZONE: (&str, &str) = (
    "RFC 6874 §2",
    "IPv6addrz = IPv6address \"%25\" ZoneID\nZoneID = 1*( unreserved / pct-encoded )",
);
/// RFC 9112's request-target of a request to a server, with RFC 9110 §4.1's `absolute-path`.
const ORIGIN_FORM: (&str, &str) = (
    "RFC 9112 §3.2.1",
    "origin-form = absolute-path [ \"?\" query ]\nabsolute-path = 1*( \"/\" segment )",
);

const AUTHORITY: (&str, &str) = (
    "RFC 3986 §3.2",
    "authority = [ userinfo \"@\" ] host [ \":\" port ]",
);
const PORT: (&str, &str) = (
    "RFC 3986 §3.2.3",
    "port = *DIGIT\n\n\"URI producers and normalizers should omit the port component and its \":\" delimiter if port is empty or if its value would be the same as that of the scheme's default.\"",
);
const PATH: (&str, &str) = (
    "RFC 3986 §3.3",
    "path-abempty = *( \"/\" segment )\nsegment = *pchar\npchar = unreserved / pct-encoded / sub-delims / \":\" / \"@\"\n\n\"If a URI contains an authority component, then the path component must either be empty or begin with a slash (\"/\") character.  If a URI does not contain an authority component, then the path cannot begin with two slash characters (\"//\").\"",
);
const QUERY: (&str, &str) = ("RFC 3986 §3.4", "query = *( pchar / \"/\" / \"?\" )");
const FRAGMENT: (&str, &str) = ("RFC 3986 §3.5", "fragment = *( pchar / \"/\" / \"?\" )");
const PCT: (&str, &str) = ("RFC 3986 §2.1", "pct-encoded = \"%\" HEXDIG HEXDIG");
const NOSCHEME: (&str, &str) = (
    "RFC 3986 §4.2",
    "path-noscheme = segment-nz-nc *( \"/\" segment )\nsegment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )",
);
const ABSOLUTE: (&str, &str) = (
    "RFC 3986 §4.3",
    "absolute-URI = scheme \":\" hier-part [ \"?\" query ]",
);

/// The heading of a section of RFC 3986, RFC 3987 or RFC 6874, from its table of contents:
/// `3.2.2` is `Host` in RFC 3986.
pub(crate) fn section_title(corpus: &str, section: &str) -> Option<&'static str> {
    const RFC3986: &[(&str, &str)] = &[
        ("1", "Introduction"),
        ("1.1", "Overview of URIs"),
        ("1.1.1", "Generic Syntax"),
        ("1.1.2", "Examples"),
        ("1.1.3", "URI, URL, and URN"),
        ("1.2", "Design Considerations"),
        ("1.2.1", "Transcription"),
        ("1.2.2", "Separating Identification from Interaction"),
        ("1.2.3", "Hierarchical Identifiers"),
        ("1.3", "Syntax Notation"),
        ("2", "Characters"),
        ("2.1", "Percent-Encoding"),
        ("2.2", "Reserved Characters"),
        ("2.3", "Unreserved Characters"),
        ("2.4", "When to Encode or Decode"),
        ("2.5", "Identifying Data"),
        ("3", "Syntax Components"),
        ("3.1", "Scheme"),
        ("3.2", "Authority"),
        ("3.2.1", "User Information"),
        ("3.2.2", "Host"),
        ("3.2.3", "Port"),
        ("3.3", "Path"),
        ("3.4", "Query"),
        ("3.5", "Fragment"),
        ("4", "Usage"),
        ("4.1", "URI Reference"),
        ("4.2", "Relative Reference"),
        ("4.3", "Absolute URI"),
        ("4.4", "Same-Document Reference"),
        ("4.5", "Suffix Reference"),
        ("5", "Reference Resolution"),
        ("5.1", "Establishing a Base URI"),
        ("5.2", "Relative Resolution"),
        ("5.2.1", "Pre-parse the Base URI"),
        ("5.2.2", "Transform References"),
        ("5.2.3", "Merge Paths"),
        ("5.2.4", "Remove Dot Segments"),
        ("5.3", "Component Recomposition"),
        ("5.4", "Reference Resolution Examples"),
        ("5.4.1", "Normal Examples"),
        ("5.4.2", "Abnormal Examples"),
        ("6", "Normalization and Comparison"),
        ("6.1", "Equivalence"),
        ("6.2", "Comparison Ladder"),
        ("6.2.1", "Simple String Comparison"),
        ("6.2.2", "Syntax-Based Normalization"),
        ("6.2.2.1", "Case Normalization"),
        ("6.2.2.2", "Percent-Encoding Normalization"),
        ("6.2.2.3", "Path Segment Normalization"),
        ("6.2.3", "Scheme-Based Normalization"),
        ("6.2.4", "Protocol-Based Normalization"),
        ("7", "Security Considerations"),
        ("7.1", "Reliability and Consistency"),
        ("7.2", "Malicious Construction"),
        ("7.3", "Back-End Transcoding"),
        ("7.4", "Rare IP Address Formats"),
        ("7.5", "Sensitive Information"),
        ("7.6", "Semantic Attacks"),
        ("A", "Collected ABNF for URI"),
        ("B", "Parsing a URI Reference with a Regular Expression"),
        ("C", "Delimiting a URI in Context"),
        ("D", "Changes from RFC 2396"),
    ];
    const RFC6874: &[(&str, &str)] = &[
        ("1", "Introduction"),
        ("2", "Specification"),
        ("3", "Web Browsers"),
        ("4", "Security Considerations"),
    ];
    const RFC3987: &[(&str, &str)] = &[
        ("1", "Introduction"),
        ("1.1", "Overview and Motivation"),
        ("1.2", "Applicability"),
        ("1.3", "Definitions"),
        ("1.4", "Notation"),
        ("2", "IRI Syntax"),
        ("2.1", "Summary of IRI Syntax"),
        ("2.2", "ABNF for IRI References and IRIs"),
        ("3", "Relationship between IRIs and URIs"),
        ("3.1", "Mapping of IRIs to URIs"),
        ("3.2", "Converting URIs to IRIs"),
        ("3.2.1", "Examples"),
        ("4", "Bidirectional IRIs for Right-to-Left Languages"),
        ("4.1", "Logical Storage and Visual Presentation"),
        ("4.2", "Bidi IRI Structure"),
        ("4.3", "Input of Bidi IRIs"),
        ("4.4", "Examples"),
        ("5", "Normalization and Comparison"),
        ("5.1", "Equivalence"),
        ("5.2", "Preparation for Comparison"),
        ("5.3", "Comparison Ladder"),
        ("5.3.1", "Simple String Comparison"),
        ("5.3.2", "Syntax-Based Normalization"),
        ("5.3.3", "Scheme-Based Normalization"),
        ("5.3.4", "Protocol-Based Normalization"),
        ("6", "Use of IRIs"),
        ("6.1", "Limitations on UCS Characters Allowed in IRIs"),
        ("6.2", "Software Interfaces and Protocols"),
        ("6.3", "Format of URIs and IRIs in Documents and Protocols"),
        ("6.4", "Use of UTF-8 for Encoding Original Characters"),
        ("6.5", "Relative IRI References"),
        ("7", "URI/IRI Processing Guidelines (informative)"),
        ("8", "Security Considerations"),
    ];
    let table = match corpus {
        "rfc3986" => RFC3986,
        "rfc3987" => RFC3987,
        "rfc6874" => RFC6874,
        _ => return None,
    };
    table.iter().find(|(n, _)| *n == section).map(|(_, t)| *t)
}

/// The address of a section of RFC 3986 or RFC 6874 on the RFC Editor's site.
pub fn section_link(corpus: &str, section: &str) -> Option<String> {
    let number = corpus.strip_prefix("rfc")?;
    let anchor = if section.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("appendix-{section}")
    } else {
        format!("section-{section}")
    };
    Some(format!(
        "https://www.rfc-editor.org/rfc/rfc{number}#{anchor}"
    ))
}

fn by_rule(rule: &str) -> (&'static str, &'static str) {
    match rule {
        "scheme" => SCHEME,
        "userinfo" => USERINFO,
        "host" => REG_NAME,
        "IP-literal" => IP_LITERAL,
        "IPv6address" => IPV6,
        "IPvFuture" => IPVFUTURE,
        "ZoneID" => ZONE,
        "authority" => AUTHORITY,
        "port" => PORT,
        "path" => PATH,
        "query" => QUERY,
        "fragment" => FRAGMENT,
        "pct-encoded" => PCT,
        "path-noscheme" => NOSCHEME,
        "absolute-URI" => ABSOLUTE,
        _ => ("RFC 3986 Appendix A", "URI-reference = URI / relative-ref"),
    }
}

fn by_field(field: Field, detail: &str) -> (&'static str, &'static str) {
    match field {
        Field::Scheme => SCHEME,
        Field::Userinfo => USERINFO,
        Field::Host | Field::HostKind => match detail {
            "ipv6" => IPV6,
            "ipvfuture" => IPVFUTURE,
            "ipv4" => IPV4,
            _ if field == Field::HostKind => IPV4,
            _ => REG_NAME,
        },
        Field::Port => PORT,
        Field::Path => PATH,
        Field::Query => QUERY,
        Field::Fragment => FRAGMENT,
    }
}

/// The passage that decides `finding`: by its signature, and for a normalization by what its
/// answer does to the authority.
pub fn citation(finding: &Finding) -> Citation {
    let signature = &finding.signature;
    let first = signature.fields.first().copied();
    let property = |i: usize| {
        let (section, text, note) = PROPERTY_PASSAGES[i];
        cite(section, text, Some(note))
    };
    let ours = |note: &str| cite("no RFC section", "", Some(note));
    let quoted = |(section, text): (&str, &str)| cite(section, text, None);
    match (signature.op, signature.kind) {
        ("normalize", DifferenceKind::NotIdempotent) => property(0),
        (_, DifferenceKind::RoundTrip | DifferenceKind::NotIdempotent) => property(1),
        (_, DifferenceKind::MeaningChanged) => property(2),
        (_, DifferenceKind::TargetNotAbsolute) => property(3),
        (_, DifferenceKind::ConversionsDisagree) => ours(
            "Not a question of the grammar: every entry point a crate offers from a string to a URI (or a part of one) should give the same components, or the same error, as its parser.",
        ),
        (_, DifferenceKind::PartRule) => match signature.detail.split('-').next() {
            Some("authority") => quoted(AUTHORITY),
            Some("host") => quoted(REG_NAME),
            _ => quoted(ORIGIN_FORM),
        },
        (_, DifferenceKind::Panic | DifferenceKind::Timeout) => ours(
            "Not a question of the grammar: an implementation should answer every input, accepting or rejecting it, without panicking or hanging.",
        ),
        (
            "resolve",
            DifferenceKind::Target
            | DifferenceKind::RejectsValid
            | DifferenceKind::AcceptsInvalid
            | DifferenceKind::ResolutionLaw,
        )
        | (_, DifferenceKind::ResolutionLaw) => quoted(RESOLUTION),
        ("parse-iri", _) => quoted(IRI),
        ("normalize", DifferenceKind::Normalized) if authority_appears_or_goes(finding) => {
            quoted(NORMALIZE_PASSAGES[4])
        }
        ("normalize", DifferenceKind::Normalized) => quoted(match first {
            Some(Field::Scheme | Field::Host | Field::HostKind) => NORMALIZE_PASSAGES[0],
            Some(Field::Path) => NORMALIZE_PASSAGES[1],
            Some(Field::Port) => NORMALIZE_PASSAGES[2],
            _ => NORMALIZE_PASSAGES[3],
        }),
        // The rule the reference's error names (a signature may name the operation's cause
        // instead: `what-its-parser-refuses`).
        (_, DifferenceKind::AcceptsInvalid) => quoted(by_rule(
            finding
                .reference
                .rejection()
                .and_then(|r| r.rule())
                .unwrap_or_default(),
        )),
        (_, _) => quoted(match first {
            Some(field) => by_field(field, &signature.detail),
            None => ("RFC 3986 Appendix A", "URI-reference = URI / relative-ref"),
        }),
    }
}

/// The rule part of an `accepts-invalid` detail (`IP-literal-space` -> `IP-literal`).
/// Whether one of a normalization finding's two answers has an authority and the other none:
/// the difference is where the authority is, not the case of a host.
fn authority_appears_or_goes(finding: &Finding) -> bool {
    let has_authority = |outcome: &Outcome| match outcome {
        Outcome::Normalized(text) => Some(split(text).authority.is_some()),
        _ => None,
    };
    matches!(
        (has_authority(&finding.reference), has_authority(&finding.actual)),
        (Some(a), Some(b)) if a != b
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::diff::{Catalogue, Engine};
    use crate::impls::reference::Reference;
    use crate::impls::{About, Implementation};
    use crate::protocol::Request;
    use crate::reference::Level;

    /// Normalizes as the reference does, but writes the path it leaves as it is (§5.3), so that
    /// `a:/.//b` becomes `a://b`, an authority where there was none; and uppercases the host.
    struct Writer;

    impl Implementation for Writer {
        fn about(&self) -> About<'_> {
            About {
                name: "writer",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn normalize(&self, input: &str, level: Level) -> Outcome {
            match Reference.normalize(input, level) {
                Outcome::Normalized(text) => {
                    Outcome::Normalized(text.replacen(":/.//", "://", 1).replacen("//h", "//H", 1))
                }
                other => other,
            }
        }
    }

    #[test]
    fn a_normalization_that_makes_an_authority_quotes_section_3() {
        let engine = Engine::in_thread(vec![Arc::new(Writer)], Catalogue::bundled());
        let normalize = |input: &str| Request::Normalize {
            input: input.into(),
            level: None,
        };
        let found = engine.run_one("writer", &normalize("a:/.//b")).unwrap();
        assert_eq!(citation(&found).section, "RFC 3986 §3, §6.2.2.3");
        // A host's case is §6.2.2.1's business.
        let found = engine.run_one("writer", &normalize("a://h/")).unwrap();
        assert_eq!(citation(&found).section, "RFC 3986 §6.2.2.1");
    }
}
