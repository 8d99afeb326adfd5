//! Targeted mutations: each turns a valid reference into a near-valid one at a grammar edge.

use arbitrary::{Arbitrary, Result, Unstructured};

/// Characters outside the grammar, and delimiters out of place.
const OUTSIDE: &[&str] = &[
    " ",
    "\"",
    "<",
    ">",
    "\\",
    "^",
    "`",
    "{",
    "|",
    "}",
    "\u{7f}",
    "\t",
    "\n",
    "\u{0}",
    "\u{1f}",
    "é",
    "\u{4e2d}",
    "\u{1F600}",
    "#",
    "[",
    "]",
    // Brackets out of place in an authority: unbalanced, reversed, in the userinfo (where
    // hyperium/http#435 and #613 panicked).
    "[]",
    "[]@[",
    "]o[",
    "[::",
    "@",
    ":",
    "/",
    "?",
    "%",
];
const BAD_PCT: &[&str] = &["%", "%4", "%4G", "%G4", "%%", "%zz", "%2"];
const DOTS: &[&str] = &["/..", "/.", "/%2e", "/%2E%2E", "/.%2e", "../", "./", "//"];
const EMPTY_COMPONENTS: &[&str] = &["?", "#", ":", "@", "//", "?#"];
/// White space that the URL Standard strips at the ends of a whole input but keeps inside one,
/// and that setters given a component's own value must keep: where trimming goes wrong.
const EDGE_SPACES: &[&str] = &[" ", "\t", "  ", " \t"];

/// One targeted change to a rendered reference; `at` picks a position proportionally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mutation {
    /// Insert a character outside the grammar, or a delimiter out of place.
    Outside {
        /// Where.
        at: u16,
        /// Which.
        text: &'static str,
    },
    /// Insert a `%` that does not start a valid `pct-encoded`.
    BadPct {
        /// Where.
        at: u16,
        /// Which.
        text: &'static str,
    },
    /// Double the first occurrence of a delimiter.
    DoubleDelimiter(u8),
    /// Turn the first run of digits into a `dec-octet` edge: 256, a leading zero, 1000.
    Octet(&'static str),
    /// One `::` more, or one group too many, in the first IPv6 literal.
    Ipv6(&'static str),
    /// A colon into the first segment.
    ColonFirstSegment,
    /// A dot-segment into the path.
    Dots {
        /// Where.
        at: u16,
        /// Which.
        text: &'static str,
    },
    /// Flip the case of one letter (scheme, host, hex digit).
    FlipCase(u16),
    /// An empty-but-defined component: "?", "#", ":" with no port, "@" with no userinfo.
    EmptyComponent {
        /// Where.
        at: u16,
        /// Which.
        text: &'static str,
    },
    /// White space at the start or the end of a component: after the scheme's ":", the "//",
    /// a "@", a "/", a "?" or a "#", before one of them, or at either end of the text.
    EdgeSpace {
        /// Which edge.
        at: u16,
        /// Which.
        text: &'static str,
    },
    /// Delete one character.
    Delete(u16),
}

impl<'a> Arbitrary<'a> for Mutation {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match u.int_in_range(0..=10)? {
            0 => Mutation::Outside {
                at: u16::arbitrary(u)?,
                text: u.choose(OUTSIDE)?,
            },
            1 => Mutation::BadPct {
                at: u16::arbitrary(u)?,
                text: u.choose(BAD_PCT)?,
            },
            2 => Mutation::DoubleDelimiter(*u.choose(b":/?#@[].")?),
            3 => Mutation::Octet(u.choose(&["256", "01", "001", "1000", "300", "0255"])?),
            4 => Mutation::Ipv6(u.choose(&["::1::", ":1", "1:", ":::", "12345", "g"])?),
            5 => Mutation::ColonFirstSegment,
            6 => Mutation::Dots {
                at: u16::arbitrary(u)?,
                text: u.choose(DOTS)?,
            },
            7 => Mutation::FlipCase(u16::arbitrary(u)?),
            8 => Mutation::EmptyComponent {
                at: u16::arbitrary(u)?,
                text: u.choose(EMPTY_COMPONENTS)?,
            },
            9 => Mutation::EdgeSpace {
                at: u16::arbitrary(u)?,
                text: u.choose(EDGE_SPACES)?,
            },
            _ => Mutation::Delete(u16::arbitrary(u)?),
        })
    }
}

/// A character boundary of `text` chosen by `at`: the `at % (n + 1)`-th of its `n` characters'
/// starts and its end.
fn position(text: &str, at: u16) -> usize {
    let boundaries = text.chars().count() + 1;
    let nth = usize::from(at) % boundaries;
    text.char_indices().nth(nth).map_or(text.len(), |(i, _)| i)
}

impl Mutation {
    /// Applies the mutation to `text`, in place.
    pub(crate) fn apply(&self, text: &mut String) {
        match self {
            Mutation::Outside { at, text: piece }
            | Mutation::BadPct { at, text: piece }
            | Mutation::EmptyComponent { at, text: piece } => {
                text.insert_str(position(text, *at), piece);
            }
            Mutation::Dots { at, text: piece } => {
                // Into the path if there is one: after the authority, before "?" or "#".
                let path_end = text.find(['?', '#']).unwrap_or(text.len());
                let path_start = text[..path_end].find("//").map_or(0, |i| {
                    text[i + 2..path_end]
                        .find('/')
                        .map_or(path_end, |j| i + 2 + j)
                });
                let span = path_end - path_start;
                let offset = if span == 0 {
                    0
                } else {
                    usize::from(*at) % (span + 1)
                };
                let at = path_start + offset;
                let at = if text.is_char_boundary(at) {
                    at
                } else {
                    text.len()
                };
                text.insert_str(at, piece);
            }
            Mutation::DoubleDelimiter(d) => {
                let d = char::from(*d);
                if let Some(i) = text.find(d) {
                    text.insert(i, d);
                }
            }
            Mutation::Octet(edge) => {
                let Some(start) = text.find(|c: char| c.is_ascii_digit()) else {
                    return;
                };
                let end = text[start..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(text.len(), |i| start + i);
                text.replace_range(start..end, edge);
            }
            Mutation::Ipv6(piece) => {
                if let (Some(open), Some(close)) = (text.find('['), text.find(']'))
                    && open < close
                {
                    text.insert_str(close, piece);
                }
            }
            Mutation::ColonFirstSegment => {
                let end = text.find(['/', '?', '#']).unwrap_or(text.len());
                let at = end / 2;
                let at = if text.is_char_boundary(at) { at } else { 0 };
                text.insert(at, ':');
            }
            Mutation::FlipCase(at) => {
                let letters = text.bytes().filter(u8::is_ascii_alphabetic).count();
                if letters == 0 {
                    return;
                }
                let nth = usize::from(*at) % letters;
                let Some(i) = text
                    .bytes()
                    .enumerate()
                    .filter(|(_, b)| b.is_ascii_alphabetic())
                    .nth(nth)
                    .map(|(i, _)| i)
                else {
                    return;
                };
                // An ASCII letter's case flipped is an ASCII letter: still UTF-8.
                let flipped = char::from(text.as_bytes()[i] ^ 0x20);
                text.replace_range(i..=i, flipped.encode_utf8(&mut [0; 4]));
            }
            Mutation::EdgeSpace { at, text: piece } => {
                // The edges of components: both ends of the text, and either side of each
                // delimiter.
                let mut edges = vec![0, text.len()];
                for (i, c) in text.char_indices() {
                    if matches!(c, ':' | '/' | '@' | '?' | '#') {
                        edges.push(i);
                        edges.push(i + 1);
                    }
                }
                let at = edges[usize::from(*at) % edges.len()];
                text.insert_str(at, piece);
            }
            Mutation::Delete(at) => {
                if text.is_empty() {
                    return;
                }
                let at = position(text, *at);
                let at = if at == text.len() {
                    text.char_indices().last().map_or(0, |(i, _)| i)
                } else {
                    at
                };
                let next = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                text.replace_range(at..next, "");
            }
        }
    }
}
