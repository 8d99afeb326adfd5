//! Records the versions of the compared crates that this build resolved (from Cargo.lock), so
//! that reports and reproductions name the version that actually ran, not a constant that an
//! upgrade or a pin to an older release would leave behind; and embeds the vector corpus, so
//! that a binary or a dependency used outside a checkout still has it.

use std::path::PathBuf;

/// The crates compared against the reference, and the environment variable each version goes
/// into (`URI_CONFORMANCE_VERSION_<NAME>`).
const CRATES: [&str; 12] = [
    "ada-url",
    "fluent-uri",
    "http",
    "iref",
    "iri-string",
    "oxiri",
    "rhymuri",
    "rocket_http",
    "sophia_iri",
    "uniresid",
    "uriparse",
    "url",
];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // The lock file of this package, or of the workspace it builds in.
    let lock = manifest
        .ancestors()
        .map(|dir| dir.join("Cargo.lock"))
        .find(|path| path.is_file());
    if let Some(lock) = &lock {
        println!("cargo:rerun-if-changed={}", lock.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
    let text = lock
        .as_deref()
        .and_then(|path| std::fs::read_to_string(path).ok())
        .unwrap_or_default();
    for name in CRATES {
        let version = locked_version(&text, name).unwrap_or_else(|| "unknown".to_owned());
        let variable = name.to_ascii_uppercase().replace('-', "_");
        println!("cargo:rustc-env=URI_CONFORMANCE_VERSION_{variable}={version}");
    }
    embed_corpus(&manifest);
}

/// Writes `$OUT_DIR/embedded_vectors.rs`: `(path relative to the package, text)` for every
/// `vectors/<corpus>/*.yaml`, sorted.
fn embed_corpus(manifest: &std::path::Path) {
    let root = manifest.join("vectors");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for corpus in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        let corpus = corpus.path();
        println!("cargo:rerun-if-changed={}", corpus.display());
        for file in std::fs::read_dir(&corpus).into_iter().flatten().flatten() {
            let file = file.path();
            if file.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                files.push(file);
            }
        }
    }
    files.sort();
    let mut code = String::from("&[\n");
    for file in &files {
        let relative = file.strip_prefix(manifest).expect("under the package");
        code += &format!(
            "    ({:?}, include_str!({:?})),\n",
            relative.to_string_lossy(),
            file.to_string_lossy()
        );
    }
    code += "]\n";
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("embedded_vectors.rs"), code).expect("OUT_DIR takes files");
}

/// The version of package `name` in a Cargo.lock text: the `version` line after its `name`
/// line. With several versions of one name locked, the highest is taken.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut versions: Vec<Vec<u64>> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() != wanted {
            continue;
        }
        if let Some(version) = lines
            .next()
            .and_then(|l| l.trim().strip_prefix("version = \""))
            .and_then(|v| v.strip_suffix('"'))
        {
            versions.push(
                version
                    .split(['.', '-', '+'])
                    .map(|p| p.parse().unwrap_or(0))
                    .collect(),
            );
            texts.push(version.to_owned());
        }
    }
    let best = (0..versions.len()).max_by(|&a, &b| versions[a].cmp(&versions[b]))?;
    Some(texts.swap_remove(best))
}
