//! Every relative link in the committed reports leads to a file that exists: the reports are
//! read on a forge or in a checkout, where a broken link is a dead end.

use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// The targets of the `[text](target)` links of a Markdown text.
fn link_targets(text: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    targets
}

#[test]
fn relative_links_in_the_reports_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    markdown_files(&root.join("reports"), &mut files);
    assert!(!files.is_empty(), "no reports under {}", root.display());
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a report reads");
        for target in link_targets(&text) {
            let path = target.split('#').next().unwrap_or("");
            if path.is_empty() || path.contains("://") || path.starts_with("mailto:") {
                continue;
            }
            let resolved = file.parent().expect("a folder").join(path);
            if !resolved.exists() {
                broken.push(format!("{}: {target}", file.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_link_reader_finds_links() {
    assert_eq!(
        link_targets("see [a](../b.md#x) and [c](https://d) [e]"),
        ["../b.md#x", "https://d"]
    );
}
