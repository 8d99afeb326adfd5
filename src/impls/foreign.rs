//! Reproductions in an adapter's own language: a program against the library alone, for a
//! report its maintainers can run without this suite.
//!
//! An adapter's `about` may give `reproduce`: the language, and per operation a program with
//! placeholders (`{input}`, `{base}`, `{rule}`, `{level}`) that are replaced by string literals
//! of that language, and `{strict}` by its boolean. A literal is written so that the language reads back exactly the case's
//! text, every control character and NUL included; how depends on the language's escapes, so
//! each style below is a small printer.

use crate::protocol::Request;

pub(crate) use crate::protocol::Reproduce as Template;

/// How a language writes a string literal that holds any text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Literal {
    /// JSON's string syntax, which Python, JavaScript, Java, C# and Go read alike (`\"`, `\\`,
    /// `\n`, `\u0000`; other characters as they are), with every control character escaped
    /// (DEL and U+0080 to U+009F too, which a report would show as `\u{..}`) and U+2028 and
    /// U+2029 (which, as U+0085, end a line inside a C# string literal).
    Json,
    /// Ruby's double-quoted string: JSON's, with `#` escaped (it starts an interpolation).
    Ruby,
    /// PHP's double-quoted string: `$` escaped, control characters as `\xNN` (`\u{N}` outside
    /// ASCII).
    Php,
    /// Perl's double-quoted string: `$` and `@` escaped, characters outside ASCII and controls
    /// as `\x{N}`.
    Perl,
    /// C's (and C++'s): `?` escaped (trigraphs), control characters and every byte outside
    /// ASCII as three octal digits, which no following digit can extend.
    C,
    /// OCaml's: control characters as `\xNN` (`\u{N}` outside ASCII).
    Ocaml,
    /// Haskell's: control characters and characters outside ASCII as `\N` decimal, followed by
    /// `\&` so that no following digit extends them.
    Haskell,
    /// Erlang's: control characters as `\x{N}`.
    Erlang,
}

impl Literal {
    /// The names `literal` takes.
    pub(crate) const NAMES: [&'static str; 8] = [
        "json", "ruby", "php", "perl", "c", "ocaml", "haskell", "erlang",
    ];

    /// The style `name` names.
    pub(crate) fn from_name(name: &str) -> Option<Literal> {
        Some(match name {
            "json" => Literal::Json,
            "ruby" => Literal::Ruby,
            "php" => Literal::Php,
            "perl" => Literal::Perl,
            "c" => Literal::C,
            "ocaml" => Literal::Ocaml,
            "haskell" => Literal::Haskell,
            "erlang" => Literal::Erlang,
            _ => return None,
        })
    }

    /// The style of a language, where its name says it.
    pub(crate) fn of_language(language: &str) -> Option<Literal> {
        Some(match language.to_ascii_lowercase().as_str() {
            "python" | "javascript" | "js" | "typescript" | "java" | "csharp" | "c#" | "go"
            | "kotlin" => Literal::Json,
            "c" | "cpp" | "c++" => Literal::C,
            other => Literal::from_name(other)?,
        })
    }

    /// `text` as a string literal of this style, quotes included.
    pub(crate) fn write(self, text: &str) -> String {
        if self == Literal::Json {
            let json = serde_json::to_string(text).unwrap_or_default();
            let mut out = String::with_capacity(json.len());
            for c in json.chars() {
                if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                    out.push_str(&format!("\\u{:04x}", u32::from(c)));
                } else {
                    out.push(c);
                }
            }
            return out;
        }
        let mut out = String::from("\"");
        for c in text.chars() {
            match (self, c) {
                (_, '"') => out.push_str("\\\""),
                (_, '\\') => out.push_str("\\\\"),
                (Literal::Ruby, '#') => out.push_str("\\#"),
                (Literal::Php, '$') | (Literal::Perl, '$' | '@') => {
                    out.push('\\');
                    out.push(c);
                }
                (Literal::C, '?') => out.push_str("\\?"),
                (Literal::C, c) if c.is_ascii_control() || !c.is_ascii() => {
                    let mut bytes = [0; 4];
                    for byte in c.encode_utf8(&mut bytes).bytes() {
                        out.push_str(&format!("\\{byte:03o}"));
                    }
                }
                (Literal::Perl, c) if c.is_ascii_control() || !c.is_ascii() => {
                    out.push_str(&format!("\\x{{{:x}}}", u32::from(c)));
                }
                (Literal::Haskell, c) if c.is_ascii_control() || !c.is_ascii() => {
                    out.push_str(&format!("\\{}\\&", u32::from(c)));
                }
                (Literal::Ruby, c) if c.is_control() => {
                    out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
                }
                (Literal::Php | Literal::Ocaml, c) if c.is_ascii_control() => {
                    out.push_str(&format!("\\x{:02x}", u32::from(c)));
                }
                // `\xNN` would be one byte there; `\u{N}` is the character in UTF-8.
                (Literal::Php | Literal::Ocaml, c) if c.is_control() => {
                    out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
                }
                (Literal::Erlang, c) if c.is_control() => {
                    out.push_str(&format!("\\x{{{:x}}}", u32::from(c)));
                }
                (_, c) => out.push(c),
            }
        }
        out.push('"');
        out
    }
}

impl Template {
    /// What is wrong with it, for an error at start: a literal style no printer knows, or a
    /// language whose style cannot be told.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.literal_style().map(drop)
    }

    fn literal_style(&self) -> Result<Literal, String> {
        match &self.literal {
            Some(name) => Literal::from_name(name).ok_or_else(|| {
                format!(
                    "its answer to about gives reproduce.literal {name:?}, which is none of {}",
                    Literal::NAMES.join(", ")
                )
            }),
            None => Literal::of_language(&self.language).ok_or_else(|| {
                format!(
                    "its answer to about gives reproduce.language {:?} without reproduce.literal (one of {})",
                    self.language,
                    Literal::NAMES.join(", ")
                )
            }),
        }
    }

    /// The program for `case`, its placeholders filled; `None` when the template has none for
    /// the operation.
    pub(crate) fn program(&self, case: &Request) -> Option<String> {
        let literal = self.literal_style().ok()?;
        let (template, fills): (&String, Vec<(&str, String)>) = match case {
            Request::Parse { input, rule, .. } => (
                self.parse.as_ref()?,
                vec![
                    ("{input}", literal.write(input)),
                    (
                        "{rule}",
                        literal.write(rule.clone().unwrap_or_default().name()),
                    ),
                ],
            ),
            Request::Resolve {
                base,
                input,
                strict,
            } => (
                self.resolve.as_ref()?,
                vec![
                    ("{base}", literal.write(base)),
                    ("{input}", literal.write(input)),
                    ("{strict}", boolean(&self.language, *strict).to_owned()),
                ],
            ),
            Request::Normalize { input, level } => (
                self.normalize.as_ref()?,
                vec![
                    ("{input}", literal.write(input)),
                    ("{level}", literal.write(level.unwrap_or_default().name())),
                ],
            ),
        };
        Some(fill(template, &fills))
    }
}

/// `value` as `language` writes a boolean.
fn boolean(language: &str, value: bool) -> &'static str {
    match (language.to_ascii_lowercase().as_str(), value) {
        ("python" | "haskell", true) => "True",
        ("python" | "haskell", false) => "False",
        ("perl" | "c", true) => "1",
        ("perl" | "c", false) => "0",
        (_, true) => "true",
        (_, false) => "false",
    }
}

/// How a line comment starts and ends in `language`.
pub(crate) fn comment(language: &str) -> (&'static str, &'static str) {
    match language.to_ascii_lowercase().as_str() {
        "python" | "ruby" | "perl" | "sh" | "shell" => ("# ", ""),
        "ocaml" => ("(* ", " *)"),
        "haskell" => ("-- ", ""),
        "erlang" => ("% ", ""),
        _ => ("// ", ""),
    }
}

/// `template` with each placeholder replaced, in one pass (a filled value that holds another
/// placeholder's name stays as it is).
fn fill(template: &str, fills: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    'outer: while !rest.is_empty() {
        for (name, value) in fills {
            if let Some(after) = rest.strip_prefix(name) {
                out.push_str(value);
                rest = after;
                continue 'outer;
            }
        }
        let c = rest.chars().next().unwrap_or_default();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character a case may hold, hard ones first.
    const HARD: &str = "a\0b\"c\\d#{e}$f@g?\x1f\u{7f}é\u{10000}1";

    #[test]
    fn literals_escape_what_each_language_would_read_otherwise() {
        assert_eq!(
            Literal::Json.write(HARD),
            "\"a\\u0000b\\\"c\\\\d#{e}$f@g?\\u001f\\u007fé\u{10000}1\""
        );
        assert_eq!(
            Literal::Ruby.write(HARD),
            "\"a\\u{0}b\\\"c\\\\d\\#{e}$f@g?\\u{1f}\\u{7f}é\u{10000}1\""
        );
        assert_eq!(
            Literal::Php.write(HARD),
            "\"a\\x00b\\\"c\\\\d#{e}\\$f@g?\\x1f\\x7fé\u{10000}1\""
        );
        assert_eq!(
            Literal::Perl.write(HARD),
            "\"a\\x{0}b\\\"c\\\\d#{e}\\$f\\@g?\\x{1f}\\x{7f}\\x{e9}\\x{10000}1\""
        );
        assert_eq!(
            Literal::C.write(HARD),
            "\"a\\000b\\\"c\\\\d#{e}$f@g\\?\\037\\177\\303\\251\\360\\220\\200\\2001\""
        );
        assert_eq!(
            Literal::Haskell.write(HARD),
            "\"a\\0\\&b\\\"c\\\\d#{e}$f@g?\\31\\&\\127\\&\\233\\&\\65536\\&1\""
        );
        // C1 controls (a report would show them as `\u{..}`) and C#'s line ends.
        const C1: &str = "a\u{85}b\u{2028}c\u{2029}";
        assert_eq!(Literal::Json.write(C1), "\"a\\u0085b\\u2028c\\u2029\"");
        assert_eq!(Literal::Ruby.write(C1), "\"a\\u{85}b\u{2028}c\u{2029}\"");
        assert_eq!(Literal::Php.write(C1), "\"a\\u{85}b\u{2028}c\u{2029}\"");
        assert_eq!(Literal::Ocaml.write("a\0é\u{9f}"), "\"a\\x00é\\u{9f}\"");
        assert_eq!(Literal::Erlang.write("a\0é\u{9f}"), "\"a\\x{0}é\\x{9f}\"");
    }

    #[test]
    fn placeholders_are_filled_once_and_unknown_styles_refused() {
        let template = Template {
            language: "python".into(),
            literal: None,
            parse: Some("print(urlsplit({input}))  # {rule}".into()),
            resolve: Some("print(urljoin({base}, {input}, strict={strict}))".into()),
            normalize: None,
        };
        assert_eq!(
            template.program(&Request::parse("{base}\0")).as_deref(),
            Some("print(urlsplit(\"{base}\\u0000\"))  # \"URI-reference\"")
        );
        let resolve = Request::Resolve {
            base: "a:/b".into(),
            input: "c".into(),
            strict: true,
        };
        assert_eq!(
            template.program(&resolve).as_deref(),
            Some("print(urljoin(\"a:/b\", \"c\", strict=True))")
        );
        let normalize = Request::Normalize {
            input: "a".into(),
            level: None,
        };
        assert_eq!(template.program(&normalize), None);
        assert!(template.check().is_ok());
        let unknown = Template {
            language: "cobol".into(),
            ..template.clone()
        };
        assert!(unknown.check().unwrap_err().contains("cobol"));
        let named = Template {
            literal: Some("json".into()),
            ..unknown
        };
        assert!(named.check().is_ok());
        assert_eq!(comment(&template.language), ("# ", ""));
    }
}
