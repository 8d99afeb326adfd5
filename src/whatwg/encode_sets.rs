//! The percent-encode sets of the URL Standard, §1.3 Percent-encoded bytes
//! (<https://url.spec.whatwg.org/#percent-encoded-bytes>), one table per set, each built from
//! the one before it as the Standard defines it.
//!
//! Every set contains the C0 controls and every code point above U+007E, so a table holds
//! only the ASCII code points and [`EncodeSet::contains`] answers `true` above U+007E.

/// A percent-encode set: a table of the ASCII code points it contains; every code point above
/// U+007E is in every set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EncodeSet([bool; 128]);

impl EncodeSet {
    /// This set and the given ASCII code points.
    const fn and(self, extra: &[u8]) -> Self {
        let mut table = self.0;
        let mut i = 0;
        while i < extra.len() {
            table[extra[i] as usize] = true;
            i += 1;
        }
        EncodeSet(table)
    }

    /// Whether `c` is in the set.
    #[inline]
    pub(crate) fn contains(&self, c: char) -> bool {
        (c as u32) > 0x7E || self.0[c as usize]
    }
}

/// "The C0 control percent-encode set are the C0 controls and all code points greater than
/// U+007E (~)."
pub(crate) const C0_CONTROL: EncodeSet = {
    let mut table = [false; 128];
    let mut b = 0;
    while b <= 0x1F {
        table[b] = true;
        b += 1;
    }
    table[0x7F] = true;
    EncodeSet(table)
};

/// "The fragment percent-encode set is the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)."
pub(crate) const FRAGMENT: EncodeSet = C0_CONTROL.and(b" \"<>`");

/// "The query percent-encode set is the C0 control percent-encode set and U+0020 SPACE, U+0022
/// ("), U+0023 (#), U+003C (<), and U+003E (>)."
pub(crate) const QUERY: EncodeSet = C0_CONTROL.and(b" \"#<>");

/// "The special-query percent-encode set is the query percent-encode set and U+0027 (')."
pub(crate) const SPECIAL_QUERY: EncodeSet = QUERY.and(b"'");

/// "The path percent-encode set is the query percent-encode set and U+003F (?), U+005E (^),
/// U+0060 (`), U+007B ({), and U+007D (})."
pub(crate) const PATH: EncodeSet = QUERY.and(b"?^`{}");

/// "The userinfo percent-encode set is the path percent-encode set and U+002F (/), U+003A (:),
/// U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005E (^), inclusive, and U+007C (|)."
pub(crate) const USERINFO: EncodeSet = PATH.and(b"/:;=@[\\]^|");

/// "To UTF-8 percent-encode a code point `codePoint` using a `percentEncodeSet`": the code
/// point itself when it is not in the set, otherwise each byte of its UTF-8 encoding as `%XX`
/// (uppercase hexadecimal), appended to `output`.
pub(crate) fn utf8_percent_encode(c: char, set: &EncodeSet, output: &mut String) {
    if !set.contains(c) {
        output.push(c);
        return;
    }
    let mut bytes = [0; 4];
    for byte in c.encode_utf8(&mut bytes).bytes() {
        percent_encode_byte(byte, output);
    }
}

/// "To percent-encode a byte `byte`, return a string consisting of U+0025 (%), followed by two
/// ASCII upper hex digits representing `byte`."
pub(crate) fn percent_encode_byte(byte: u8, output: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    output.push('%');
    output.push(HEX[usize::from(byte >> 4)] as char);
    output.push(HEX[usize::from(byte & 0xF)] as char);
}

/// "To percent-decode a byte sequence `input`": each `%` followed by two ASCII hex digits
/// becomes the byte they spell; every other byte is kept.
pub(crate) fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut output = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let byte = input[i];
        let hex = |b: u8| (b as char).to_digit(16);
        match (byte, input.get(i + 1).copied(), input.get(i + 2).copied()) {
            (b'%', Some(high), Some(low)) if hex(high).is_some() && hex(low).is_some() => {
                let value = hex(high).unwrap_or(0) * 16 + hex(low).unwrap_or(0);
                output.push(value as u8);
                i += 3;
            }
            _ => {
                output.push(byte);
                i += 1;
            }
        }
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_grow_as_defined() {
        // The Standard's example of the userinfo set: U+2603 and "@" are encoded, "/" is not
        // in the path set.
        let encode = |c: char, set: &EncodeSet| {
            let mut s = String::new();
            utf8_percent_encode(c, set, &mut s);
            s
        };
        assert_eq!(encode('\u{2603}', &C0_CONTROL), "%E2%98%83");
        assert_eq!(encode('\u{7F}', &C0_CONTROL), "%7F");
        assert_eq!(encode(' ', &C0_CONTROL), " ");
        assert_eq!(encode(' ', &FRAGMENT), "%20");
        assert_eq!(encode('#', &FRAGMENT), "#");
        assert_eq!(encode('#', &QUERY), "%23");
        assert_eq!(encode('\'', &QUERY), "'");
        assert_eq!(encode('\'', &SPECIAL_QUERY), "%27");
        assert_eq!(encode('?', &PATH), "%3F");
        assert_eq!(encode('/', &PATH), "/");
        assert_eq!(encode('/', &USERINFO), "%2F");
        assert_eq!(encode('|', &USERINFO), "%7C");
        assert_eq!(encode('~', &USERINFO), "~");
    }

    #[test]
    fn percent_decoding_keeps_bad_triplets() {
        // "%25%s%1G" decodes to "%%s%1G" (the Standard's example).
        assert_eq!(percent_decode(b"%25%s%1G"), b"%%s%1G");
        assert_eq!(percent_decode(b"%e2%98%83"), "\u{2603}".as_bytes());
        assert_eq!(percent_decode(b"%"), b"%");
    }
}
