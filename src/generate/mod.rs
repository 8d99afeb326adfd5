//! A grammar-aware generator: a URI syntax tree that follows Appendix A, built from
//! [`arbitrary::Unstructured`] bytes, rendered to a string, then mutated at the grammar's edges.
//!
//! Random bytes almost never make an IPv6 literal, a ".." that climbs above the root, or a
//! "%2e" beside a ":" in a first segment; the tree makes every rule reachable, and the
//! mutations (`mutate.rs`) turn valid references into near-valid ones: a stray delimiter, a bad
//! pct-encoded, a dec-octet of 256, one group too many, a character outside the grammar, white
//! space at a component's edge.
//!
//! Some classes of input are drawn more often than their share of the grammar, because parsers
//! part ways there: paths that start with `//` or `/./` with and without a host (where a
//! serializer must keep a path from reading as an authority), spaces and tabs at the ends of
//! components (which the URL Standard strips around a whole input only, and setters must keep),
//! and upper-case schemes in resolution bases.

pub(crate) mod mutate;

use std::borrow::Cow;

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::protocol::{ParseRule, Request};
use crate::reference::{Level, Rule};
use mutate::Mutation;

/// A piece of a tree's text: one of the pieces below as it is (most of them), or text made for
/// the case (a piece beside a code point, a composed label, an upper-cased scheme). A tree of
/// borrowed pieces is built without allocating a string per piece.
pub(crate) type Text = Cow<'static, str>;

/// Text pieces the tree draws from, chosen to sit on the rules' edges.
const SCHEMES: &[&str] = &[
    "http", "https", "HTTP", "ftp", "file", "ws", "wss", "foo", "a", "z", "urn", "mailto",
    "a+b-c.d", "A1", "x-y", "tel",
];
const REG_NAMES: &[&str] = &[
    "",
    "a",
    "example.com",
    "EXAMPLE.com",
    "localhost",
    "a.b.c",
    "xn--0ca",
    "%41",
    "%c3%a9",
    "%2E",
    "a_b~",
    "!$&'()*+,;=",
    "127.1",
    "0x7f.1",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3.4.",
    "0",
    "09",
    "-",
    ".",
];
/// Hosts outside ASCII, or that UTS #46 maps or decodes: the classes of input where an RFC 3987
/// parser, the URL Standard's domain parser and a confused one part ways. Full-width letters
/// and dots, the ideographic full stop (a label separator after mapping), ignored code points
/// (soft hyphen, zero-width joiners), NFC and NFD forms, a Kelvin sign that maps to "k",
/// deviation characters, right-to-left labels that pass and fail the Bidi Rule, and Punycode
/// labels that decode to valid, mapped or nothing at all.
const IDN_REG_NAMES: &[&str] = &[
    "\u{e9}",
    "e\u{301}",
    "\u{c9}.COM",
    "b\u{fc}cher.example",
    "xn--bcher-kva.example",
    "\u{ff45}\u{ff58}\u{ff41}\u{ff4d}\u{ff50}\u{ff4c}\u{ff45}\u{ff0e}\u{ff43}\u{ff4f}\u{ff4d}",
    "a\u{ff0e}b",
    "example\u{3002}com",
    "a\u{ff61}b",
    "ex\u{ad}ample.com",
    "a\u{200c}b",
    "a\u{200d}b",
    "\u{212a}elvin",
    "fa\u{df}.de",
    "\u{3c2}",
    "\u{4f8b}\u{3048}.\u{30c6}\u{30b9}\u{30c8}",
    "\u{5d0}\u{5d1}",
    "1.\u{5d0}",
    "\u{627}1\u{660}",
    "\u{2615}",
    "xn--tda",
    "XN--TDA",
    "xn--",
    "xn--a",
    "xn--8i7caa",
    "xn--99999999999",
    "xn--zca.xn--",
    "\u{301}a",
    "a\u{ff1a}80",
    "a\u{ff20}b",
    "a\u{ff0f}b",
    "\u{fffd}",
    "%ef%bc%a1",
    "%c3",
];
/// The ASCII half of a composed internationalized label: the ACE prefix and its parts, hyphens
/// at the edges and at positions 3 and 4 (UTS #46's CheckHyphens), letters and a digit.
/// Punycode (RFC 3492 §6.3) writes a label's ASCII code points first, then a `-`, then the
/// rest, so an ASCII part placed before, after or between non-ASCII code points decides
/// whether the `xn--` form itself reads as an ACE label, ends in a hyphen or has one doubled:
/// where a `ToASCII` and the checks run on its output can disagree.
const LABEL_ASCII_PIECES: &[&str] = &[
    "xn-", "xn--", "XN--", "-", "--", "a", "ab-", "ab--", "0", "z",
];
/// The non-ASCII half: letters that are valid as they are, one that maps (full-width `a`), a
/// deviation character, an emoji, a CJK ideograph, a right-to-left letter, a combining mark
/// (invalid first in a label) and a joiner (valid only in context).
const LABEL_UNICODE_PIECES: &[&str] = &[
    "\u{e9}",
    "\u{fc}",
    "\u{df}",
    "\u{3c2}",
    "\u{1f600}",
    "\u{4e2d}",
    "\u{5d0}",
    "\u{301}",
    "\u{200d}",
    "\u{ff41}",
    "\u{2615}",
];
/// Code points on the edges of RFC 3987's `ucschar` and `iprivate` ranges (§2.2), the
/// noncharacters between them, bidirectional formatting characters (§4.1 forbids them in
/// IRIs), and full-width delimiters, for paths, queries, fragments and userinfo.
const UNICODE_PIECES: &[&str] = &[
    "\u{9f}",
    "\u{a0}",
    "\u{d7ff}",
    "\u{e000}",
    "\u{f8ff}",
    "\u{f900}",
    "\u{fdcf}",
    "\u{fdd0}",
    "\u{fdef}",
    "\u{fdf0}",
    "\u{ffef}",
    "\u{fff0}",
    "\u{fffd}",
    "\u{fffe}",
    "\u{ffff}",
    "\u{10000}",
    "\u{1fffd}",
    "\u{1fffe}",
    "\u{e0000}",
    "\u{e0fff}",
    "\u{e1000}",
    "\u{efffd}",
    "\u{f0000}",
    "\u{ffffd}",
    "\u{100000}",
    "\u{10fffd}",
    "\u{10ffff}",
    "\u{200e}",
    "\u{200f}",
    "\u{202a}",
    "\u{202e}",
    "\u{2066}",
    "\u{2069}",
    "\u{e9}",
    "e\u{301}",
    "\u{212b}",
    "\u{ff0f}",
    "\u{ff1f}",
    "\u{ff03}",
    "\u{ff3c}",
    "%c3%a9",
    "%e2%80%ae",
    "%ef%bf%bf",
    "%f0%90%80%80",
    "%f4%8f%bf%bd",
    "%c0%af",
];
const SEGMENTS: &[&str] = &[
    "",
    "a",
    "b",
    "g",
    "A",
    "..",
    ".",
    "%2e",
    "%2E",
    ".%2e",
    "%2e.",
    "%2E%2E",
    "..a",
    "a..",
    "...",
    "c;p=1",
    "x:y",
    ":",
    "@",
    "%7e",
    "%7E",
    "~",
    "%41",
    "%2F",
    "%3A",
    "%25",
    "!$&'()*+,;=",
];
const QUERIES: &[&str] = &["", "q", "a=b&c=d", "/?", "x/../y", "%7e", "?", ":@", "%2F"];
const USERINFO: &[&str] = &["", "user", "u:p", ":", "::", "%41", "!$&'()*+,;=", "a:b:c"];
const PORTS: &[&str] = &[
    "",
    "0",
    "80",
    "443",
    "21",
    "080",
    "8080",
    "65535",
    "65536",
    "99999999999999999999",
];
const H16: &[&str] = &[
    "0", "1", "a", "F", "ff", "123", "abcd", "FFFF", "0000", "db8", "fe80",
];

/// Which alternative of `host` (§3.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum HostTree {
    /// `reg-name`
    RegName(Text),
    /// `IPv4address`, four `dec-octet`s, or four drawn on the rule's edges (256, leading
    /// zeros), where the text is a `reg-name`.
    Ipv4([DecOctet; 4]),
    /// `IPv6address` by one of its nine forms.
    Ipv6(Ipv6Tree),
    /// `IPvFuture`
    IpvFuture {
        /// The version's hex digits.
        version: &'static str,
        /// The text after the ".".
        tail: &'static str,
    },
}

/// One of the nine `IPv6address` forms: `left` pieces before `::` (`None` for the form
/// without it), `right` pieces after, the last perhaps an IPv4 address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ipv6Tree {
    /// `h16` pieces before `::`, or all eight without `::`.
    pub left: Vec<&'static str>,
    /// `h16` pieces after `::`; `None` for the form with no `::`.
    pub right: Option<Vec<&'static str>>,
    /// Whether the last two pieces are written as an IPv4 address (`ls32`).
    pub ipv4_tail: Option<[DecOctet; 4]>,
}

/// One `dec-octet` as drawn, on either side of the rule's edges: a value up to 256, one past
/// the largest the rule allows, written after `zeros` leading zeros, which the rule forbids
/// (`dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DecOctet {
    /// The number, 0 to 256.
    pub value: u16,
    /// Leading zeros written before it.
    pub zeros: u8,
}

#[cfg(test)]
impl DecOctet {
    /// Whether the text is a `dec-octet`.
    const fn is_dec_octet(self) -> bool {
        self.value <= 255 && self.zeros == 0
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AuthorityTree {
    /// `userinfo`
    pub userinfo: Option<Text>,
    /// `host`
    pub host: HostTree,
    /// `port`
    pub port: Option<&'static str>,
}

/// A URI reference as a tree of the grammar's parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UriTree {
    /// `scheme`
    pub scheme: Option<Text>,
    /// `authority`
    pub authority: Option<AuthorityTree>,
    /// Whether the path starts with "/".
    pub absolute: bool,
    /// Path segments.
    pub segments: Vec<Text>,
    /// `query`
    pub query: Option<Text>,
    /// `fragment`
    pub fragment: Option<Text>,
    /// Mutations applied to the rendered text, in order.
    pub mutations: Vec<Mutation>,
}

fn pick(u: &mut Unstructured<'_>, items: &[&'static str]) -> Result<&'static str> {
    u.choose(items).copied()
}

/// One piece from `items`, or now and then a code point from [`UNICODE_PIECES`] beside one.
fn piece(u: &mut Unstructured<'_>, items: &[&'static str]) -> Result<Text> {
    let ascii = pick(u, items)?;
    Ok(if u.ratio(1, 12)? {
        Cow::Owned(format!("{ascii}{}", pick(u, UNICODE_PIECES)?))
    } else {
        Cow::Borrowed(ascii)
    })
}

/// A host of one or two labels, the first composed of two or three pieces, one of them (at
/// least) outside ASCII: the classes of [`LABEL_ASCII_PIECES`], in every order.
fn composed_idn_host(u: &mut Unstructured<'_>) -> Result<String> {
    let count = u.int_in_range(2..=3)?;
    let surely_unicode = u.int_in_range(0..=count - 1)?;
    let mut host = String::new();
    for at in 0..count {
        let pieces = if at == surely_unicode || u.ratio(1, 4)? {
            LABEL_UNICODE_PIECES
        } else {
            LABEL_ASCII_PIECES
        };
        host.push_str(pick(u, pieces)?);
    }
    if u.ratio(1, 3)? {
        host.push_str(pick(u, &[".com", ".", ".xn--", ".a-"])?);
    }
    Ok(host)
}

/// A `dec-octet`, biased towards the edges of its five alternatives: the first and last value
/// of each length (0, 9, 10, 99, 100, 199, 200, 249, 250, 255), and with `past_edges` just
/// past them: 256, and one octet in sixteen (the edges' draws aside) with one or two leading
/// zeros. Four octets then make a dotted quad with a 256 about one time in eleven and one with
/// a leading zero about one time in five; the rest are any value of a byte. A host's dotted
/// quad may go past the edges (the text is then a `reg-name`, still a valid reference, which a
/// parser may take for an address); an IPv6 literal's `ls32` may not (the literal would be
/// invalid, which is a mutation's work: a tree renders a valid reference).
fn octet(u: &mut Unstructured<'_>, past_edges: bool) -> Result<DecOctet> {
    const EDGES: &[u16] = &[0, 9, 10, 99, 100, 199, 200, 249, 250, 255, 256];
    let edges = if past_edges {
        EDGES
    } else {
        &EDGES[..EDGES.len() - 1]
    };
    Ok(match u.int_in_range(0..=15)? {
        0..=3 => DecOctet {
            value: *u.choose(edges)?,
            zeros: 0,
        },
        4 if past_edges => DecOctet {
            value: *u.choose(EDGES)?,
            zeros: u.int_in_range(1..=2)?,
        },
        _ => DecOctet {
            value: u16::from(u8::arbitrary(u)?),
            zeros: 0,
        },
    })
}

impl<'a> Arbitrary<'a> for HostTree {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match u.int_in_range(0..=10)? {
            0..=2 => HostTree::RegName(Cow::Borrowed(pick(u, REG_NAMES)?)),
            3 => HostTree::RegName(Cow::Borrowed(pick(u, IDN_REG_NAMES)?)),
            4 => HostTree::RegName(Cow::Owned(composed_idn_host(u)?)),
            5 | 6 => HostTree::Ipv4([
                octet(u, true)?,
                octet(u, true)?,
                octet(u, true)?,
                octet(u, true)?,
            ]),
            7..=9 => HostTree::Ipv6(Ipv6Tree::arbitrary(u)?),
            _ => HostTree::IpvFuture {
                version: pick(u, &["1", "F", "a1", "10"])?,
                tail: pick(u, &["x", "a:b", "fe80::a+en1", "!$&'()*+,;=-._~:", "A"])?,
            },
        })
    }
}

impl<'a> Arbitrary<'a> for Ipv6Tree {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        // Form 1 has no "::" and eight pieces; forms 2 to 9 have "::" with `right` pieces after
        // it (7 down to 0) and at most 7 - right before it.
        let form = u.int_in_range(1..=9)?;
        let ipv4_tail =
            |u: &mut Unstructured<'a>, pieces: usize| -> Result<Option<[DecOctet; 4]>> {
                Ok(if pieces >= 2 && u.ratio(1, 3)? {
                    Some([
                        octet(u, false)?,
                        octet(u, false)?,
                        octet(u, false)?,
                        octet(u, false)?,
                    ])
                } else {
                    None
                })
            };
        let h16s = |u: &mut Unstructured<'a>, n: usize| -> Result<Vec<&'static str>> {
            (0..n).map(|_| pick(u, H16)).collect()
        };
        if form == 1 {
            let tail = ipv4_tail(u, 8)?;
            let left = h16s(u, if tail.is_some() { 6 } else { 8 })?;
            return Ok(Ipv6Tree {
                left,
                right: None,
                ipv4_tail: tail,
            });
        }
        let right_count = 9 - form; // form 2: 7 pieces after "::", form 9: none
        let left_count = u.int_in_range(0..=(7 - right_count))?;
        let tail = ipv4_tail(u, right_count)?;
        let right = h16s(u, right_count - if tail.is_some() { 2 } else { 0 })?;
        Ok(Ipv6Tree {
            left: h16s(u, left_count)?,
            right: Some(right),
            ipv4_tail: tail,
        })
    }
}

impl<'a> Arbitrary<'a> for AuthorityTree {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(AuthorityTree {
            userinfo: if u.ratio(1, 4)? {
                Some(piece(u, USERINFO)?)
            } else {
                None
            },
            host: HostTree::arbitrary(u)?,
            port: if u.ratio(1, 3)? {
                Some(pick(u, PORTS)?)
            } else {
                None
            },
        })
    }
}

impl<'a> Arbitrary<'a> for UriTree {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let scheme = if u.ratio(2, 3)? {
            Some(Cow::Borrowed(pick(u, SCHEMES)?))
        } else {
            None
        };
        let authority = if u.ratio(3, 5)? {
            Some(AuthorityTree::arbitrary(u)?)
        } else {
            None
        };
        let mut absolute = authority.is_some() || u.ratio(1, 2)?;
        let count = u.int_in_range(0..=5)?;
        let mut segments = (0..count)
            .map(|_| piece(u, SEGMENTS))
            .collect::<Result<Vec<_>>>()?;
        // The `//` and `/.` path prefixes, with and without a host: where a serializer must
        // keep a `//` path from reading as an authority (the URL Standard's "/." before a path
        // without a host) and where setters and resolution add or drop that prefix.
        match u.int_in_range(0..=7)? {
            0 => {
                absolute = true;
                segments.insert(0, Cow::Borrowed(""));
                if segments.len() == 1 {
                    segments.push(Cow::Borrowed(pick(u, &["", "p", "."])?));
                }
            }
            1 => {
                absolute = true;
                segments.insert(0, Cow::Borrowed("."));
                segments.insert(1, Cow::Borrowed(""));
            }
            _ => {}
        }
        let query = if u.ratio(1, 3)? {
            Some(piece(u, QUERIES)?)
        } else {
            None
        };
        let fragment = if u.ratio(1, 4)? {
            Some(piece(u, QUERIES)?)
        } else {
            None
        };
        let mutation_count = u.int_in_range(0..=2)?;
        let mutations = (0..mutation_count)
            .map(|_| Mutation::arbitrary(u))
            .collect::<Result<Vec<_>>>()?;
        Ok(UriTree {
            scheme,
            authority,
            absolute,
            segments,
            query,
            fragment,
            mutations,
        })
    }
}

impl HostTree {
    /// The host's text.
    #[cfg(test)]
    fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        match self {
            HostTree::RegName(name) => out.push_str(name),
            HostTree::Ipv4(octets) => push_dotted(out, octets),
            HostTree::Ipv6(v6) => {
                out.push('[');
                v6.render_into(out);
                out.push(']');
            }
            HostTree::IpvFuture { version, tail } => {
                out.push_str("[v");
                out.push_str(version);
                out.push('.');
                out.push_str(tail);
                out.push(']');
            }
        }
    }
}

/// Four octets in dotted-decimal, each after its leading zeros.
fn push_dotted(out: &mut String, octets: &[DecOctet; 4]) {
    for (
        i,
        &DecOctet {
            value: octet,
            zeros,
        },
    ) in octets.iter().enumerate()
    {
        if i > 0 {
            out.push('.');
        }
        for _ in 0..zeros {
            out.push('0');
        }
        // A digit of a value of at most 256.
        let digit = |d: u16| char::from(b'0' + u8::try_from(d % 10).unwrap_or(0));
        if octet >= 100 {
            out.push(digit(octet / 100));
        }
        if octet >= 10 {
            out.push(digit(octet / 10));
        }
        out.push(digit(octet));
    }
}

impl Ipv6Tree {
    /// The address's text, without brackets.
    #[cfg(test)]
    fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        // `pieces` joined by ":", then the IPv4 tail after one more ":" when there are pieces.
        let joined = |out: &mut String, pieces: &[&str], tail: Option<&[DecOctet; 4]>| {
            for (i, piece) in pieces.iter().enumerate() {
                if i > 0 {
                    out.push(':');
                }
                out.push_str(piece);
            }
            if let Some(tail) = tail {
                if !pieces.is_empty() {
                    out.push(':');
                }
                push_dotted(out, tail);
            }
        };
        match &self.right {
            None => joined(out, &self.left, self.ipv4_tail.as_ref()),
            Some(right) => {
                joined(out, &self.left, None);
                out.push_str("::");
                joined(out, right, self.ipv4_tail.as_ref());
            }
        }
    }
}

impl UriTree {
    /// The reference's text before mutation, by the grammar: the path of a relative
    /// reference never starts with "//" nor has a colon in its first segment unless a
    /// mutation puts one there.
    pub(crate) fn render_unmutated(&self) -> String {
        let mut out = String::with_capacity(64);
        if let Some(scheme) = &self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(authority) = &self.authority {
            out.push_str("//");
            if let Some(userinfo) = &authority.userinfo {
                out.push_str(userinfo);
                out.push('@');
            }
            authority.host.render_into(&mut out);
            if let Some(port) = &authority.port {
                out.push(':');
                out.push_str(port);
            }
        }
        let path_start = out.len();
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 || self.absolute {
                out.push('/');
            }
            out.push_str(segment);
        }
        if self.authority.is_none() {
            let path = &out[path_start..];
            if path.starts_with("//") {
                // path-absolute cannot start with "//": keep the tree's shape with "/.".
                out.insert_str(path_start, "/.");
            } else if self.scheme.is_none()
                && path
                    .split('/')
                    .next()
                    .is_some_and(|first| first.contains(':'))
            {
                // path-noscheme: "./this:that" (§4.2).
                out.insert_str(path_start, "./");
            }
        }
        if let Some(query) = &self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }

    /// The reference's text, mutated.
    pub(crate) fn render(&self) -> String {
        let mut text = self.render_unmutated();
        for mutation in &self.mutations {
            mutation.apply(&mut text);
        }
        text
    }
}

/// Which operation a generated case asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// Parse (by one of RFC 3986's four rules or RFC 3987's four).
    Parse,
    /// Resolve a reference against a base.
    Resolve,
    /// Normalize at one of the two levels.
    Normalize,
}

impl Op {
    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Op::Parse => "parse",
            Op::Resolve => "resolve",
            Op::Normalize => "normalize",
        }
    }
}

/// A base for resolution, biased towards §5.4.2's abnormal shapes: no authority, rootless or
/// empty paths, few levels to climb.
fn base_tree(u: &mut Unstructured<'_>) -> Result<UriTree> {
    let mut base = UriTree::arbitrary(u)?;
    if base.scheme.is_none() {
        base.scheme = Some(Cow::Borrowed(pick(u, SCHEMES)?));
    }
    // An upper-case scheme, which the target keeps (§5.2.2 copies Base.scheme) and a
    // URL-Standard parser lowercases: two spellings of one target.
    if u.ratio(1, 4)? {
        if let Some(scheme) = &mut base.scheme {
            scheme.to_mut().make_ascii_uppercase();
        }
    }
    match u.int_in_range(0..=4)? {
        0 => base.authority = None,
        1 => {
            base.authority = None;
            base.absolute = false;
        }
        2 => base.segments.clear(),
        _ => {}
    }
    base.fragment = None;
    base.mutations.retain(|_| false);
    Ok(base)
}

/// A reference for resolution, biased towards dot-segments.
fn reference_tree(u: &mut Unstructured<'_>) -> Result<UriTree> {
    let mut reference = UriTree::arbitrary(u)?;
    if u.ratio(2, 3)? {
        reference.scheme = None;
        reference.authority = None;
        let extra = u.int_in_range(0..=3)?;
        for _ in 0..extra {
            let dots = Cow::Borrowed(pick(u, &["..", ".", "%2E%2E", "", "g"])?);
            reference.segments.insert(0, dots);
        }
    }
    Ok(reference)
}

/// One generated case, as a protocol request, for one of `ops`.
pub(crate) fn case(u: &mut Unstructured<'_>, ops: &[Op]) -> Result<Request> {
    let op = *u.choose(ops)?;
    Ok(match op {
        Op::Parse => {
            // RFC 3986's four rules, and now and then RFC 3987's: IRI libraries are judged by
            // their IRI types too.
            let rule = match u.int_in_range(0..=11)? {
                0 => Some(ParseRule::uri(Rule::Uri)),
                1 => Some(ParseRule::uri(Rule::AbsoluteUri)),
                2 => Some(ParseRule::uri(Rule::RelativeRef)),
                8 => Some(ParseRule::iri(Rule::UriReference)),
                9 => Some(ParseRule::iri(Rule::Uri)),
                10 => Some(ParseRule::iri(Rule::AbsoluteUri)),
                11 => Some(ParseRule::iri(Rule::RelativeRef)),
                _ => None,
            };
            Request::Parse {
                input: UriTree::arbitrary(u)?.render(),
                rule,
                zone_id: false,
            }
        }
        Op::Resolve => Request::Resolve {
            base: base_tree(u)?.render(),
            input: reference_tree(u)?.render(),
            strict: !u.ratio(1, 8)?,
        },
        Op::Normalize => Request::Normalize {
            input: UriTree::arbitrary(u)?.render(),
            level: Some(if u.ratio(1, 2)? {
                Level::Scheme
            } else {
                Level::Syntax
            }),
        },
    })
}

/// A case from fuzzer bytes, the same for libFuzzer and the stable loop. The first byte picks
/// the mode: a multiple of 4 takes the rest as raw text (the second byte picks the operation;
/// a resolution's base and reference are split at the first newline), so that real URLs and
/// the vectors can seed a corpus (`uri-conformance corpus`) and plain random bytes can be
/// compared with the grammar; anything else builds a [`UriTree`] from the rest.
pub fn case_from_bytes(data: &[u8], ops: &[Op]) -> Option<Request> {
    let (&mode, rest) = data.split_first()?;
    if mode % 4 == 0 {
        let (&op, text) = rest.split_first()?;
        let op = *ops.get(usize::from(op) % ops.len().max(1))?;
        let text = String::from_utf8_lossy(text).into_owned();
        return Some(raw_case(op, text));
    }
    case(&mut Unstructured::new(rest), ops).ok()
}

fn raw_case(op: Op, text: String) -> Request {
    match op {
        Op::Parse => Request::Parse {
            input: text,
            rule: None,
            zone_id: false,
        },
        Op::Normalize => Request::Normalize {
            input: text,
            level: None,
        },
        Op::Resolve => {
            let (base, input) = text
                .split_once('\n')
                .unwrap_or(("http://a/b/c/d;p?q", &text));
            Request::Resolve {
                base: base.to_owned(),
                input: input.to_owned(),
                strict: true,
            }
        }
    }
}

/// The raw-mode bytes of a case (see [`case_from_bytes`]), for seed corpora.
pub fn seed_bytes(case: &Request, ops: &[Op]) -> Option<Vec<u8>> {
    let (op, text) = match case {
        Request::Parse { input, .. } => (Op::Parse, input.clone()),
        Request::Normalize { input, .. } => (Op::Normalize, input.clone()),
        Request::Resolve { base, input, .. } if !base.contains('\n') => {
            (Op::Resolve, format!("{base}\n{input}"))
        }
        Request::Resolve { .. } => return None,
    };
    let index = ops.iter().position(|o| *o == op)?;
    let mut bytes = vec![0, index as u8];
    bytes.extend_from_slice(text.as_bytes());
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;

    #[test]
    fn seeds_come_back_as_their_cases() {
        let ops = [Op::Parse, Op::Resolve, Op::Normalize];
        for case in [
            Request::Parse {
                input: "http://a/b".into(),
                rule: None,
                zone_id: false,
            },
            Request::Resolve {
                base: "http://a/b/c".into(),
                input: "../g".into(),
                strict: true,
            },
            Request::Normalize {
                input: "HTTP://A".into(),
                level: None,
            },
        ] {
            let bytes = seed_bytes(&case, &ops).unwrap();
            assert_eq!(case_from_bytes(&bytes, &ops), Some(case));
        }
    }

    #[test]
    fn every_ipv6_form_renders_a_valid_address() {
        let mut seen = [false; 10];
        for seed in 0..4000u32 {
            let bytes: Vec<u8> = (0..64)
                .map(|i| (seed.wrapping_mul(2654435761) >> (i % 24)) as u8 ^ i as u8)
                .collect();
            let mut u = Unstructured::new(&bytes);
            let Ok(tree) = Ipv6Tree::arbitrary(&mut u) else {
                continue;
            };
            let form = match &tree.right {
                None => 1,
                Some(right) => 9 - right.len() - if tree.ipv4_tail.is_some() { 2 } else { 0 },
            };
            seen[form] = true;
            let text = tree.render();
            assert!(
                reference::host::is_ipv6address(text.as_bytes()),
                "{text:?} from {tree:?}"
            );
        }
        assert!(seen[1..].iter().all(|&s| s), "forms seen: {seen:?}");
    }

    /// Every edge of `dec-octet`'s alternatives, 256 and leading zeros are drawn in hosts'
    /// dotted quads, each often (a parser that takes 256 or "01" for an octet is found by the
    /// class, not by one listed string); an IPv6 literal's `ls32` stays within the rule.
    #[test]
    fn dotted_quads_reach_the_dec_octet_edges() {
        let mut rng = crate::fuzz::Rng(7);
        let (mut quads, mut past) = (0u32, 0u32);
        let mut values = std::collections::BTreeMap::<(u16, bool), u32>::new();
        while quads < 4000 {
            let bytes = rng.bytes(64);
            let mut u = Unstructured::new(&bytes);
            match HostTree::arbitrary(&mut u) {
                Ok(HostTree::Ipv4(octets)) => {
                    quads += 1;
                    past += u32::from(octets.iter().any(|o| !o.is_dec_octet()));
                    for o in octets {
                        *values.entry((o.value, o.zeros > 0)).or_default() += 1;
                    }
                    let text = HostTree::Ipv4(octets).render();
                    assert_eq!(
                        reference::host::is_ipv4address(text.as_bytes()),
                        octets.iter().all(|o| o.is_dec_octet()),
                        "{text}"
                    );
                }
                Ok(HostTree::Ipv6(v6)) => {
                    let tail = v6.ipv4_tail.unwrap_or([DecOctet { value: 0, zeros: 0 }; 4]);
                    assert!(tail.iter().all(|o| o.is_dec_octet()), "{v6:?}");
                }
                _ => {}
            }
        }
        for edge in [0, 9, 10, 99, 100, 199, 200, 249, 250, 255, 256] {
            let seen = values.get(&(edge, false)).copied().unwrap_or(0);
            assert!(seen >= 40, "{edge} drawn {seen} times in {quads} quads");
        }
        let zeros: u32 = values.iter().filter(|((_, z), _)| *z).map(|(_, n)| n).sum();
        assert!(zeros >= 400, "leading zeros {zeros} times in {quads} quads");
        // Most quads stay addresses.
        assert!(past * 2 < quads, "{past} of {quads} quads past the edges");
    }

    #[test]
    fn unmutated_trees_are_valid_references() {
        let mut valid = 0;
        for seed in 0..3000u32 {
            let bytes: Vec<u8> = (0..256)
                .map(|i| (seed.wrapping_mul(0x9E37_79B9).rotate_left(i % 32) >> 3) as u8 ^ i as u8)
                .collect();
            let mut u = Unstructured::new(&bytes);
            let Ok(tree) = UriTree::arbitrary(&mut u) else {
                continue;
            };
            // The Unicode pieces sit outside RFC 3986's grammar on purpose: with every
            // non-ASCII code point percent-encoded as UTF-8, the tree is a valid reference.
            let text: String = tree
                .render_unmutated()
                .chars()
                .map(|c| {
                    if c.is_ascii() {
                        c.to_string()
                    } else {
                        let mut utf8 = [0; 4];
                        c.encode_utf8(&mut utf8)
                            .bytes()
                            .map(|b| format!("%{b:02X}"))
                            .collect()
                    }
                })
                .collect();
            if let Err(e) = reference::parse(&text) {
                panic!("{text:?} does not parse: {e}\n{tree:?}");
            }
            valid += 1;
        }
        assert!(valid > 2500);
    }
}
