//! The reports a run is measured against: a signature a run finds is new to the run, but it is
//! news only when the reports folder on record (the committed `reports/`, by default, when the
//! command runs in the repository) does not hold it already.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// The signatures a reports folder holds, each with its report's file.
#[derive(Clone, Debug, Default)]
pub struct OnRecord {
    dir: PathBuf,
    /// `implementation/id` to the report's Markdown file.
    held: BTreeMap<String, PathBuf>,
}

/// Whether a signature a run found is news.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Novelty {
    /// The run was measured against no reports folder.
    Unmeasured,
    /// The folder on record holds no report of this signature.
    New,
    /// The folder on record holds it, in this report (its `.md` file).
    OnRecord(PathBuf),
}

impl OnRecord {
    /// The reports under `dir` and under its `ecosystem/` (where the field with the adapters in
    /// other languages is kept): both are on record. A folder that does not exist holds
    /// nothing.
    pub fn load(dir: &Path) -> io::Result<Self> {
        let mut held = BTreeMap::new();
        for folder in [dir.to_owned(), dir.join("ecosystem")] {
            for (implementation, signature, file) in report_files(&folder)? {
                held.entry(format!("{implementation}/{signature}"))
                    .or_insert(file);
            }
        }
        Ok(OnRecord {
            dir: dir.to_owned(),
            held,
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// How many signatures it holds.
    pub fn len(&self) -> usize {
        self.held.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// Whether `signature` (`implementation/id`, as [`crate::diff::Signature`] prints) is news.
    pub fn novelty(&self, signature: &str) -> Novelty {
        match self.held.get(signature) {
            Some(file) => Novelty::OnRecord(file.clone()),
            None => Novelty::New,
        }
    }
}

/// Every report of a reports folder by its files' names alone (a command that runs one case
/// reads no report to know which are there): `IMPLEMENTATION/SIGNATURE.md` beside its
/// `SIGNATURE.json`, both names plain ([`super::is_plain_name`]), real folders and files only.
fn report_files(dir: &Path) -> io::Result<Vec<(String, String, PathBuf)>> {
    let mut found = Vec::new();
    let Ok(folders) = std::fs::read_dir(dir) else {
        return Ok(found);
    };
    for folder in folders {
        let folder = folder?;
        let Some(implementation) = folder.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        if !folder.file_type().is_ok_and(|t| t.is_dir()) || !super::is_plain_name(&implementation) {
            continue;
        }
        for file in std::fs::read_dir(folder.path())? {
            let file = file?;
            let name = file.file_name();
            let Some(signature) = name.to_str().and_then(|n| n.strip_suffix(".md")) else {
                continue;
            };
            let json = folder.path().join(format!("{signature}.json"));
            if file.file_type().is_ok_and(|t| t.is_file())
                && super::is_plain_name(signature)
                && std::fs::symlink_metadata(&json).is_ok_and(|m| m.is_file())
            {
                found.push((implementation.clone(), signature.to_owned(), file.path()));
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::{Novelty, OnRecord};

    #[test]
    fn a_signature_is_news_only_when_no_report_holds_it() {
        let dir = std::env::temp_dir().join(format!("on-record-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let report = |folder: &std::path::Path, implementation: &str, signature: &str| {
            let path = folder.join(implementation);
            std::fs::create_dir_all(&path).expect("a folder");
            // The names tell which reports are there; their contents are not read.
            std::fs::write(path.join(format!("{signature}.json")), "{}").expect("written");
            std::fs::write(path.join(format!("{signature}.md")), "# a report\n").expect("written");
        };
        report(&dir, "url", "parse-a");
        report(&dir.join("ecosystem"), "python-urllib", "parse-b");
        // A Markdown file without its report's JSON is no report.
        std::fs::write(dir.join("url/notes.md"), "# notes\n").expect("written");
        let record = OnRecord::load(&dir).expect("read");
        assert_eq!(record.len(), 2);
        assert_eq!(
            record.novelty("url/parse-a"),
            Novelty::OnRecord(dir.join("url/parse-a.md"))
        );
        assert_eq!(
            record.novelty("python-urllib/parse-b"),
            Novelty::OnRecord(dir.join("ecosystem/python-urllib/parse-b.md"))
        );
        assert_eq!(record.novelty("url/parse-b"), Novelty::New);
        // A folder that is not there holds nothing: every signature is news to it.
        let none = OnRecord::load(&dir.join("missing")).expect("nothing to read");
        assert!(none.is_empty());
        assert_eq!(none.novelty("url/parse-a"), Novelty::New);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
