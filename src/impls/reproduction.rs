//! Minimal Rust programs against one crate alone, for reports a maintainer can run.

use crate::protocol::Request;

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
