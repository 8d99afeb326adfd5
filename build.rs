//! Records the versions of the compared crates that this build resolved (from Cargo.lock), so
//! that reports and reproductions name the version that actually ran, not a constant that an
//! upgrade or a pin to an older release would leave behind.

use std::path::PathBuf;

/// The crates compared against the reference, and the environment variable each version goes
/// into (`URI_CONFORMANCE_VERSION_<NAME>`).
const CRATES: [&str; 8] = [
    "ada-url",
    "fluent-uri",
    "http",
    "iref",
    "iri-string",
    "oxiri",
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
