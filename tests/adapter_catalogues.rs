//! Every adapter's catalogue (`adapters/<language>/<parser>/known-differences.yaml`) tests
//! itself as the bundled one does (tests/catalogue.rs): each entry has examples both ways, a
//! known difference forgives the answers it lists and refuses its near-misses, and, where the
//! program is set up on this machine (`adapters/setup`), the answers it lists are still the
//! program's own. A program that is not set up cannot tell its blind spots, which the
//! comparison needs: its examples are then left for a machine where it runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use uri_conformance::diff::catalogue::{
    Catalogue, Class, Entry, Example, serializer_example_holds,
};
use uri_conformance::diff::compare;
use uri_conformance::diff::models::Model;
use uri_conformance::impls::Implementation;
use uri_conformance::impls::external::External;
use uri_conformance::impls::reference::Reference;

/// Every adapter folder holding a catalogue, with the catalogue's path.
fn catalogues() -> Vec<(PathBuf, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("adapters");
    let mut found = Vec::new();
    for language in std::fs::read_dir(&root).expect("adapters/").flatten() {
        let Ok(parsers) = std::fs::read_dir(language.path()) else {
            continue;
        };
        for parser in parsers.flatten() {
            let file = parser.path().join("known-differences.yaml");
            if file.is_file() {
                found.push((parser.path(), file));
            }
        }
    }
    found.sort();
    found
}

/// The name every entry of the file gives its program.
fn program_name(text: &str, file: &Path) -> String {
    let line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("implementations: ["))
        .unwrap_or_else(|| panic!("{}: no implementations line", file.display()));
    line.trim_end_matches(']').trim().to_owned()
}

fn check(
    catalogue: &Catalogue,
    program: &External,
    entry: &Entry,
    example: &Example,
) -> Result<(), String> {
    let name = &entry.implementations[0];
    let case = example.case()?;
    let answer = example.answer()?;
    let blind_spots = program.blind_spots();
    // A serializer's departure: the departure writes the example's parse as its string, and
    // the program parses and writes the input so.
    if matches!(entry.model, Some(Model::Serializing(_))) {
        serializer_example_holds(entry, example)?;
        if example.forgive {
            let parsed = program.answer(&case);
            if compare::compare(&case, &answer, &parsed, blind_spots).is_some() {
                return Err(format!(
                    "the program parses otherwise: {}",
                    parsed.describe()
                ));
            }
            if let (Some(Ok(written)), Some(serialized)) =
                (program.serialize(&example.input), &example.serialized)
                && written != *serialized
            {
                return Err(format!("the program writes {written:?}"));
            }
        }
        return Ok(());
    }
    let expected = Reference.answer(&case);
    let difference = compare::compare(&case, &expected, &answer, blind_spots)
        .ok_or("the example agrees with the reference: it tests nothing")?;
    let known = catalogue.classify(name, blind_spots, &case, &difference, &expected, &answer);
    let by_entry = known
        .as_ref()
        .is_some_and(|k| k.id.split('+').any(|id| id == entry.id));
    let forgiven = if entry.class == Class::Bug {
        by_entry
    } else {
        known.as_ref().is_some_and(|k| k.class != Class::Bug)
    };
    if example.forgive {
        if !forgiven || !by_entry {
            let (model, _) = catalogue
                .modelled_answer(name, &case)
                .unwrap_or((expected.clone(), vec![]));
            return Err(format!(
                "not forgiven by this entry (verdict {:?}); the model answers {}",
                known.map(|k| k.id.clone()),
                model.describe()
            ));
        }
        let actual = program.answer(&case);
        if compare::compare(&case, &answer, &actual, blind_spots).is_some() {
            return Err(format!(
                "the program no longer gives this answer: {}",
                actual.describe()
            ));
        }
    } else if forgiven && (entry.class != Class::Bug || by_entry) {
        return Err(format!(
            "near-miss forgiven (or, for a bug, named) as {:?}",
            known.map(|k| k.id.clone())
        ));
    }
    Ok(())
}

#[test]
fn every_adapter_catalogue_holds() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (folder, file) in catalogues() {
        let text = std::fs::read_to_string(&file).expect("readable");
        let name = program_name(&text, &file);
        let catalogue = Catalogue::bundled_with(&[], &[(name.clone(), file.clone(), text)])
            .unwrap_or_else(|e| panic!("{e}"));
        let own: Vec<&Entry> = catalogue
            .entries()
            .iter()
            .filter(|e| e.implementations == [name.clone()] && e.piece == 0)
            .collect();
        assert!(!own.is_empty(), "{}: no entry", file.display());
        for entry in &own {
            let forgive = entry.examples.iter().filter(|e| e.forgive).count();
            if forgive == 0 || forgive == entry.examples.len() {
                failures.push(format!("{}: examples both ways", entry.id));
            }
        }
        let run = folder.join("run");
        let program = External::new(
            &format!("{name}={}", run.display()),
            Duration::from_secs(20),
        );
        if let Err(why) = program.check_start() {
            eprintln!("{name}: not set up here ({why}); its examples are not checked");
            continue;
        }
        for entry in own {
            for (i, example) in entry.examples.iter().enumerate() {
                match check(&catalogue, &program, entry, example) {
                    Ok(()) => checked += 1,
                    Err(e) => failures.push(format!(
                        "{} example {} ({:?}): {e}",
                        entry.id,
                        i + 1,
                        example.input
                    )),
                }
            }
        }
    }
    eprintln!("{checked} examples checked against their programs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
