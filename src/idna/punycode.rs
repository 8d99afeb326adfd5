//! Punycode, RFC 3492: Bootstring (§3, §6) with the parameter values of §5, as UTS #46 uses it
//! for the part of an ACE label after `xn--`.
//!
//! The pseudocode's optional statements in braces (`{if n is a basic code point then fail}`,
//! `{+ tmin}`, `{non-basic}`, `{or c is basic}`) change nothing for Punycode: `initial_n` (128)
//! exceeds every basic code point and `tmin` is 1. Overflow is handled as §6.4 says: "the
//! decoder must detect overflow" and fail; 32-bit arithmetic is used with checks on every
//! addition and multiplication.

/// RFC 3492 §5: `base = 36`.
const BASE: u32 = 36;
/// `tmin = 1`.
const T_MIN: u32 = 1;
/// `tmax = 26`.
const T_MAX: u32 = 26;
/// `skew = 38`.
const SKEW: u32 = 38;
/// `damp = 700`.
const DAMP: u32 = 700;
/// `initial_bias = 72`.
const INITIAL_BIAS: u32 = 72;
/// `initial_n = 128 = 0x80`.
const INITIAL_N: u32 = 0x80;
/// "delimiter = 0x2D (hyphen-minus)".
const DELIMITER: char = '-';

/// Why decoding or encoding failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PunycodeError {
    /// A code point before the last delimiter is not basic (not ASCII).
    NonBasic,
    /// A code point after the last delimiter is not a digit (`a`-`z`, `A`-`Z`, `0`-`9`).
    BadDigit,
    /// The input ended inside a generalized variable-length integer.
    Truncated,
    /// An integer or a code point exceeded 32 bits (§6.4).
    Overflow,
    /// A decoded code point is not a Unicode scalar value (a surrogate, or above U+10FFFF).
    NotAScalarValue,
}

/// RFC 3492 §6.1: the bias adaptation function.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    // "if firsttime then let delta = delta div damp else let delta = delta div 2"
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    // "let delta = delta + (delta div numpoints)"
    delta += delta / num_points;
    // "let k = 0; while delta > ((base - tmin) * tmax) div 2 do begin
    //  let delta = delta div (base - tmin); let k = k + base end"
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    // "return k + (((base - tmin + 1) * delta) div (delta + skew))"
    k + (((BASE - T_MIN + 1) * delta) / (delta + SKEW))
}

/// "let t = tmin if k <= bias {+ tmin}, tmax if k >= bias + tmax, or k - bias otherwise"
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// §5: "the code points ... digit-values 0..25 are a..z or A..Z, 26..35 are 0..9".
fn digit_value(c: char) -> Option<u32> {
    match c {
        'a'..='z' => Some(c as u32 - 'a' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32),
        '0'..='9' => Some(c as u32 - '0' as u32 + 26),
        _ => None,
    }
}

/// The lowercase code point for a digit-value (encoders "should" output lowercase, §5).
fn digit_char(digit: u32) -> char {
    debug_assert!(digit < BASE);
    let byte = if digit < 26 {
        b'a' + digit as u8
    } else {
        b'0' + (digit - 26) as u8
    };
    byte as char
}

/// RFC 3492 §6.2, the decoding procedure: the extended string a basic string represents.
pub(crate) fn decode(input: &str) -> Result<String, PunycodeError> {
    // "consume all code points before the last delimiter (if there is one) and copy them to
    // output, fail on any non-basic code point; if more than zero code points were consumed
    // then consume one more (which will be the last delimiter)"
    let (basic, extended) = match input.rfind(DELIMITER) {
        Some(last) => (&input[..last], &input[last + 1..]),
        None => ("", input),
    };
    if !basic.is_ascii() {
        return Err(PunycodeError::NonBasic);
    }
    let mut output: Vec<char> = basic.chars().collect();
    // "let n = initial_n; let i = 0; let bias = initial_bias"
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut digits = extended.chars();
    // "while the input is not exhausted do begin"
    while !digits.as_str().is_empty() {
        // "let oldi = i; let w = 1"
        let old_i = i;
        let mut w: u32 = 1;
        // "for k = base to infinity in steps of base do begin"
        let mut k = BASE;
        loop {
            // "consume a code point, or fail if there was none to consume"
            let c = digits.next().ok_or(PunycodeError::Truncated)?;
            // "let digit = the code point's digit-value, fail if it has none"
            let digit = digit_value(c).ok_or(PunycodeError::BadDigit)?;
            // "let i = i + digit * w, fail on overflow"
            i = digit
                .checked_mul(w)
                .and_then(|product| i.checked_add(product))
                .ok_or(PunycodeError::Overflow)?;
            let t = threshold(k, bias);
            // "if digit < t then break"
            if digit < t {
                break;
            }
            // "let w = w * (base - t), fail on overflow"
            w = w.checked_mul(BASE - t).ok_or(PunycodeError::Overflow)?;
            k += BASE;
        }
        let length = output.len() as u32 + 1;
        // "let bias = adapt(i - oldi, length(output) + 1, test oldi is 0?)"
        bias = adapt(i - old_i, length, old_i == 0);
        // "let n = n + i div (length(output) + 1), fail on overflow"
        n = n.checked_add(i / length).ok_or(PunycodeError::Overflow)?;
        // "let i = i mod (length(output) + 1)"
        i %= length;
        // "insert n into output at position i"
        let c = char::from_u32(n).ok_or(PunycodeError::NotAScalarValue)?;
        output.insert(i as usize, c);
        // "increment i"
        i += 1;
    }
    Ok(output.into_iter().collect())
}

/// RFC 3492 §6.3, the encoding procedure: the basic string that represents `input`.
pub(crate) fn encode(input: &str) -> Result<String, PunycodeError> {
    let code_points: Vec<u32> = input.chars().map(u32::from).collect();
    // "let n = initial_n; let delta = 0; let bias = initial_bias"
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    // "let h = b = the number of basic code points in the input; copy them to the output in
    // order, followed by a delimiter if b > 0"
    let mut output: String = input.chars().filter(char::is_ascii).collect();
    let b = output.len() as u32;
    let mut h = b;
    if b > 0 {
        output.push(DELIMITER);
    }
    let length = code_points.len() as u32;
    // "while h < length(input) do begin"
    while h < length {
        // "let m = the minimum {non-basic} code point >= n in the input"
        let m = code_points
            .iter()
            .copied()
            .filter(|&c| c >= n)
            .min()
            .expect("h < length leaves a code point >= n");
        // "let delta = delta + (m - n) * (h + 1), fail on overflow"
        delta = (m - n)
            .checked_mul(h + 1)
            .and_then(|product| delta.checked_add(product))
            .ok_or(PunycodeError::Overflow)?;
        // "let n = m"
        n = m;
        // "for each code point c in the input (in order) do begin"
        for &c in &code_points {
            // "if c < n {or c is basic} then increment delta, fail on overflow"
            if c < n {
                delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
            }
            // "if c == n then begin"
            if c == n {
                // "let q = delta; for k = base to infinity in steps of base do begin"
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    // "if q < t then break"
                    if q < t {
                        break;
                    }
                    // "output the code point for digit t + ((q - t) mod (base - t))"
                    output.push(digit_char(t + (q - t) % (BASE - t)));
                    // "let q = (q - t) div (base - t)"
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                // "output the code point for digit q"
                output.push(digit_char(q));
                // "let bias = adapt(delta, h + 1, test h equals b?); let delta = 0;
                // increment h"
                bias = adapt(delta, h + 1, h == b);
                delta = 0;
                h += 1;
            }
        }
        // "increment delta and n"
        delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
        n += 1;
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3492 §7.1, sample strings: the Unicode code points and the Punycode the section
    /// gives for each (the (A) Arabic to (S) samples; mixed-case annotations ignored, the
    /// encoder writes lowercase, and (R) and (S)'s uppercase letters are basic code points,
    /// copied as they are).
    const SAMPLES: &[(&str, &[u32], &str)] = &[
        (
            "(A) Arabic (Egyptian)",
            &[
                0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645,
                0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F,
            ],
            "egbpdaj6bu4bxfgehfvwxn",
        ),
        (
            "(B) Chinese (simplified)",
            &[
                0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587,
            ],
            "ihqwcrb4cv8a8dqg056pqjye",
        ),
        (
            "(D) Czech",
            &[
                0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B,
                0x006E, 0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073,
                0x006B, 0x0079,
            ],
            "Proprostnemluvesky-uyb24dma41a",
        ),
        (
            "(I) Russian (Cyrillic)",
            &[
                0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D,
                0x0438, 0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442,
                0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441, 0x043A, 0x0438,
            ],
            "b1abfaaepdrnnbgefbadotcwatmq2g4l",
        ),
        (
            "(L) 3<nen>B<gumi><kinpachi><sensei>",
            &[
                0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F,
            ],
            "3B-ww4c5e180e575a65lsy2b",
        ),
        (
            "(P) Maji<de>Koi<suru>5<byou><mae>",
            &[
                0x004D, 0x0061, 0x006A, 0x0069, 0x3067, 0x004B, 0x006F, 0x0069, 0x3059, 0x308B,
                0x0035, 0x79D2, 0x524D,
            ],
            "MajiKoi5-783gue6qz075azm5e",
        ),
        (
            "(S) -> $1.00 <-",
            &[
                0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C,
                0x002D,
            ],
            "-> $1.00 <--",
        ),
    ];

    #[test]
    fn sample_strings_of_section_7_1_both_ways() {
        for (name, code_points, punycode) in SAMPLES {
            let unicode: String = code_points
                .iter()
                .map(|&c| char::from_u32(c).unwrap())
                .collect();
            assert_eq!(encode(&unicode).as_deref(), Ok(*punycode), "encode {name}");
            assert_eq!(
                decode(punycode).as_deref(),
                Ok(unicode.as_str()),
                "decode {name}"
            );
            // §5: "the decoder must accept both uppercase and lowercase forms of the base-36
            // digits": digits only, so uppercase the part after the last delimiter.
            let split = punycode.rfind('-').map_or(0, |i| i + 1);
            let upper = format!(
                "{}{}",
                &punycode[..split],
                punycode[split..].to_ascii_uppercase()
            );
            assert_eq!(
                decode(&upper).as_deref(),
                Ok(unicode.as_str()),
                "{name} upper"
            );
        }
    }

    #[test]
    fn decoding_fails_where_section_6_2_says_fail() {
        // A non-basic code point before the last delimiter.
        assert_eq!(decode("\u{e9}-abc"), Err(PunycodeError::NonBasic));
        // A code point with no digit-value after it.
        assert_eq!(decode("a-b!"), Err(PunycodeError::BadDigit));
        // "consume a code point, or fail if there was none to consume": "9" is digit 35,
        // which is not below any threshold of the first integer, so more digits must follow.
        assert_eq!(decode("9"), Err(PunycodeError::Truncated));
        // 32-bit overflow (§6.4).
        assert_eq!(decode("99999999999"), Err(PunycodeError::Overflow));
        // Only basic code points: the output is the basic string itself.
        assert_eq!(decode("abc-").as_deref(), Ok("abc"));
        assert_eq!(decode("").as_deref(), Ok(""));
    }

    #[test]
    fn decoded_code_points_must_be_scalar_values() {
        // One integer i = 8 + 1*35 + 35*1225 + 1*12250 = 55168 (digits "i", "b", "9", "b"
        // under the thresholds 1, 1, 26, 26 of bias 72) inserted into an empty output makes
        // n = 128 + 55168 = 0xD800, a surrogate.
        assert_eq!(decode("ib9b"), Err(PunycodeError::NotAScalarValue));
        // One less is U+D7FF, a scalar value.
        assert_eq!(decode("hb9b").as_deref(), Ok("\u{d7ff}"));
    }
}
