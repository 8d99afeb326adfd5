//! Character classes of RFC 3986 Appendix A, one table per rule.
//!
//! Each table is a set of bytes; no rule of RFC 3986 admits a byte above 0x7F, so every
//! non-ASCII byte is outside every table. `pct-encoded` is not a single character and is
//! never in a table: the scanners in `parse.rs` handle `%` themselves.

/// A set of ASCII bytes, as a 256-entry table so that a lookup is one load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CharClass([bool; 256]);

impl CharClass {
    /// The set of the given bytes.
    const fn of(bytes: &[u8]) -> Self {
        let mut table = [false; 256];
        let mut i = 0;
        while i < bytes.len() {
            table[bytes[i] as usize] = true;
            i += 1;
        }
        CharClass(table)
    }

    /// The set of bytes from `lo` to `hi`, both included.
    const fn range(lo: u8, hi: u8) -> Self {
        let mut table = [false; 256];
        let mut b = lo as usize;
        while b <= hi as usize {
            table[b] = true;
            b += 1;
        }
        CharClass(table)
    }

    /// The union of two sets (the ABNF `/`).
    const fn or(self, other: CharClass) -> Self {
        let mut table = self.0;
        let mut b = 0;
        while b < 256 {
            table[b] |= other.0[b];
            b += 1;
        }
        CharClass(table)
    }

    /// Whether `byte` is in the set.
    #[inline]
    pub(crate) const fn contains(&self, byte: u8) -> bool {
        self.0[byte as usize]
    }

    /// The first position from `start` whose byte is not in the set, or `bytes.len()`.
    ///
    /// Eight bytes are looked up at a time and their answers gathered into one mask, so that a
    /// run of members costs one branch per eight bytes, and the run's end (where a component
    /// ends) is found by counting the mask's trailing ones rather than by a branch per byte.
    /// The last few bytes are read as the input's last eight, less those already read.
    #[inline(always)]
    pub(crate) fn span(&self, bytes: &[u8], start: usize) -> usize {
        let mut i = start;
        while let Some(chunk) = bytes.get(i..i + 8) {
            let members = self.members(chunk);
            if members != 0xFF {
                return i + members.trailing_ones() as usize;
            }
            i += 8;
        }
        if i == bytes.len() {
            return i;
        }
        match bytes.len().checked_sub(8) {
            // The bits of the bytes before `i` are shifted out, and zeros shifted in above
            // the last byte stop the count there.
            Some(last_eight) => {
                i + (self.members(&bytes[last_eight..]) >> (i - last_eight)).trailing_ones()
                    as usize
            }
            None => {
                while i < bytes.len() && self.contains(bytes[i]) {
                    i += 1;
                }
                i
            }
        }
    }

    /// A mask of which of the eight bytes of `chunk` are in the set, the first in bit 0.
    #[inline]
    fn members(&self, chunk: &[u8]) -> u32 {
        let mut members = 0u32;
        for (k, &b) in chunk[..8].iter().enumerate() {
            members |= u32::from(self.contains(b)) << k;
        }
        members
    }
}

/// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 B.1)
pub(crate) const ALPHA: CharClass = CharClass::range(b'A', b'Z').or(CharClass::range(b'a', b'z'));

/// `DIGIT = %x30-39` (RFC 5234 B.1)
pub(crate) const DIGIT: CharClass = CharClass::range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`; ABNF strings are case-insensitive
/// (RFC 5234 §2.3), so `a`-`f` match too.
pub(crate) const HEXDIG: CharClass = DIGIT
    .or(CharClass::range(b'A', b'F'))
    .or(CharClass::range(b'a', b'f'));

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3)
pub(crate) const UNRESERVED: CharClass = ALPHA.or(DIGIT).or(CharClass::of(b"-._~"));

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2)
pub(crate) const SUB_DELIMS: CharClass = CharClass::of(b"!$&'()*+,;=");

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1): the characters after the first.
pub(crate) const SCHEME: CharClass = ALPHA.or(DIGIT).or(CharClass::of(b"+-."));

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1), less `pct-encoded`.
pub(crate) const USERINFO: CharClass = UNRESERVED.or(SUB_DELIMS).or(CharClass::of(b":"));

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2), less `pct-encoded`.
pub(crate) const REG_NAME: CharClass = UNRESERVED.or(SUB_DELIMS);

/// The tail of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (§3.2.2).
pub(crate) const IPVFUTURE_TAIL: CharClass = UNRESERVED.or(SUB_DELIMS).or(CharClass::of(b":"));

/// `ZoneID = 1*( unreserved / pct-encoded )` (RFC 6874 §2), less `pct-encoded`.
pub(crate) const ZONE_ID: CharClass = UNRESERVED;

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3), less `pct-encoded`.
pub(crate) const PCHAR: CharClass = UNRESERVED.or(SUB_DELIMS).or(CharClass::of(b":@"));

/// A path is `segment`s joined by `"/"` (§3.3): `pchar / "/"`, less `pct-encoded`.
pub(crate) const PATH: CharClass = PCHAR.or(CharClass::of(b"/"));

/// `query = *( pchar / "/" / "?" )` (§3.4), less `pct-encoded`; `fragment` (§3.5) is the same.
pub(crate) const QUERY: CharClass = PCHAR.or(CharClass::of(b"/?"));

/// `fragment = *( pchar / "/" / "?" )` (§3.5), less `pct-encoded`.
pub(crate) const FRAGMENT: CharClass = QUERY;

/// The value of a hexadecimal digit, for bytes in [`HEXDIG`].
#[inline]
pub(crate) const fn hex_value(byte: u8) -> u8 {
    match byte {
        b'0'..=b'9' => byte - b'0',
        b'A'..=b'F' => byte - b'A' + 10,
        _ => byte - b'a' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(class: CharClass) -> String {
        (0u8..128)
            .filter(|&b| class.contains(b))
            .map(char::from)
            .collect()
    }

    /// `span` reads eight bytes at a time and the last eight again; it must find what a walk
    /// byte by byte finds, for every length, start and place of the first non-member.
    #[test]
    fn span_stops_where_a_walk_byte_by_byte_stops() {
        let walk = |bytes: &[u8], start: usize| {
            (start..bytes.len())
                .find(|&i| !PCHAR.contains(bytes[i]))
                .unwrap_or(bytes.len())
        };
        let mut checked = 0;
        for len in 0..=26 {
            for stop in 0..=len {
                for outsider in [b'/', b'%', 0x80, 0] {
                    // Members everywhere but at `stop`, and a second outsider after it.
                    let mut bytes = vec![b'a'; len];
                    if stop < len {
                        bytes[stop] = outsider;
                    }
                    if stop + 3 < len {
                        bytes[stop + 3] = b'#';
                    }
                    for start in 0..=len {
                        assert_eq!(
                            PCHAR.span(&bytes, start),
                            walk(&bytes, start),
                            "{bytes:?} from {start}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 4000);
    }

    #[test]
    fn tables_match_appendix_a() {
        assert_eq!(
            members(UNRESERVED),
            "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        assert_eq!(members(SUB_DELIMS), "!$&'()*+,;=");
        assert_eq!(members(HEXDIG), "0123456789ABCDEFabcdef");
        // pchar less pct-encoded: every printable ASCII character except the gen-delims other than
        // ":" and "@", the "%" of pct-encoded, and the characters RFC 3986 never allows.
        let excluded_from_pchar = "\"#%/<>?[\\]^`{|} ";
        for b in 0x21u8..0x7f {
            let c = char::from(b);
            assert_eq!(PCHAR.contains(b), !excluded_from_pchar.contains(c), "{c:?}");
        }
        assert!(!PCHAR.contains(0x7f) && !PCHAR.contains(0x80) && !PCHAR.contains(0xff));
    }
}
