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
