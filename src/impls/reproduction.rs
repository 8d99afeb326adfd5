//! Minimal Rust programs against one crate alone, for reports a maintainer can run.

use crate::protocol::Request;
use crate::reference::Rule;

/// A crate's reproduction programs: the lines of a `main` for each operation, run on the
/// case's inputs by [`program`]. A bundled adapter declares them in its [`super::Profile`], and
/// the trait's default [`super::Implementation::reproduction`] picks the one for a case.
///
/// The programs are raw strings indented as the code around them: the indentation their lines
/// share, and the line breaks after `r#"` and before `"#`, are not part of the program.
#[derive(Clone, Copy, Debug)]
pub struct Programs {
    /// The crate's line under `[dependencies]`: `url = "=2.5.8"`.
    pub dependency: &'static str,
    /// A parse, by any rule `by_rule` does not name.
    pub parse: Option<&'static str>,
    /// A parse by one rule that the crate parses with another type than `parse` does.
    pub by_rule: Option<(Rule, &'static str)>,
    /// A resolution (`base` and `input`).
    pub resolve: Option<&'static str>,
    /// A normalization.
    pub normalize: Option<&'static str>,
    /// For an RFC 3987 parse: a text of the parse program and what replaces it there (the URI
    /// type's name and the IRI type's), so that the crate's IRI type reads the same way.
    pub iri: Option<(&'static str, &'static str)>,
}

impl Programs {
    /// No program, and no dependency: the base of an adapter's programs in struct update
    /// syntax, which names its dependency and the programs it has.
    pub const NONE: Programs = Programs {
        dependency: "",
        parse: None,
        by_rule: None,
        resolve: None,
        normalize: None,
        iri: None,
    };

    /// The program that shows what the crate does with `case`; `None` when it has none for
    /// the case's operation.
    pub fn for_case(&self, case: &Request) -> Option<String> {
        let body = match case {
            Request::Parse { .. } => match self.by_rule {
                Some((rule, body)) if case.checked_rule() == Ok(rule) => body,
                _ => self.parse?,
            },
            Request::Resolve { .. } => self.resolve?,
            Request::Normalize { .. } => self.normalize?,
        };
        let mut body = dedented(body);
        if let Some((uri_type, iri_type)) = self.iri.filter(|_| case.is_iri_parse()) {
            body = body.replace(uri_type, iri_type);
        }
        Some(program(self.dependency, case, &body))
    }
}

/// `text` without the line breaks that open and close it and the indentation its lines share.
fn dedented(text: &str) -> String {
    let text = text.strip_prefix('\n').unwrap_or(text);
    let text = match text.rsplit_once('\n') {
        Some((head, last)) if last.trim().is_empty() => head,
        _ => text,
    };
    let indent = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|line| line.get(indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A `main.rs` for a project with `dependency` in its `Cargo.toml`, running `body` on the
/// case's inputs, which are bound to `input` (and `base`) as string literals.
pub(crate) fn program(dependency: &str, case: &Request, body: &str) -> String {
    let literal = |s: &str| format!("{s:?}");
    let bindings = match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => {
            format!("    let input = {};\n", literal(input))
        }
        Request::Resolve { base, input, .. } => format!(
            "    let base = {};\n    let input = {};\n",
            literal(base),
            literal(input)
        ),
    };
    let body: String = body
        .lines()
        .map(|line| {
            if line.is_empty() {
                "\n".to_owned()
            } else {
                format!("    {line}\n")
            }
        })
        .collect();
    format!("// Cargo.toml: [dependencies] {dependency}\nfn main() {{\n{bindings}{body}}}\n")
}

/// A shell-ready quoting of `text`: `'...'`, or `$'...'` with escapes when it holds control or
/// non-ASCII characters.
pub fn shell_quote(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
        format!("'{}'", text.replace('\'', r"'\''"))
    } else {
        let mut quoted = String::from("$'");
        for byte in text.bytes() {
            match byte {
                b'\'' => quoted.push_str(r"\'"),
                b'\\' => quoted.push_str(r"\\"),
                0x20..=0x7e => quoted.push(char::from(byte)),
                _ => quoted.push_str(&format!("\\x{byte:02x}")),
            }
        }
        quoted.push('\'');
        quoted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program written as a raw string indented with the code around it is the program
    /// without that indentation; an operation with no program has no reproduction.
    #[test]
    fn indented_programs_are_dedented() {
        let programs = Programs {
            dependency: "x = \"=1\"",
            parse: Some(
                r#"
                match x::Uri::parse(input) {
                    Ok(u) => println!("{u:?}"),

                    Err(e) => println!("error: {e}"),
                }
                "#,
            ),
            iri: Some(("x::Uri", "x::Iri")),
            ..Programs::NONE
        };
        let case = Request::parse("a");
        let body = "match x::Uri::parse(input) {\n    Ok(u) => println!(\"{u:?}\"),\n\n    Err(e) => \
                    println!(\"error: {e}\"),\n}";
        assert_eq!(
            programs.for_case(&case),
            Some(program(programs.dependency, &case, body))
        );
        let iri = Request::Parse {
            input: "a".to_owned(),
            rule: Some(crate::protocol::ParseRule::iri(
                crate::reference::Rule::UriReference,
            )),
            zone_id: false,
        };
        assert_eq!(
            programs.for_case(&iri),
            Some(program(
                programs.dependency,
                &iri,
                &body.replace("x::Uri", "x::Iri")
            ))
        );
        let normalize = Request::Normalize {
            input: "a".to_owned(),
            level: None,
        };
        assert_eq!(programs.for_case(&normalize), None);
    }
}
