//! The catalogue tests itself: every known difference forgives the real answers it lists (and
//! the crate still gives them, when it is built in) and refuses the near-misses it lists; a bug
//! entry names the real answers it lists and not its near-misses.

use uri_conformance::diff::catalogue::{
    Catalogue, Class, ConversionExample, Entry, Example, SetterExample, serializer_example_holds,
};
use uri_conformance::diff::compare;
use uri_conformance::diff::models::Model;
use uri_conformance::diff::properties::Trace;
use uri_conformance::impls::reference::Reference;
use uri_conformance::impls::{self, Implementation, Reach};
use uri_conformance::model::{BlindSpot, Blindness, Field, Outcome};
use uri_conformance::protocol::Request;

/// The implementation an example is about: its own `impl`, else the entry's first.
fn example_implementation(entry: &Entry, example: &Example) -> Result<String, String> {
    example
        .implementation
        .clone()
        .or_else(|| entry.implementations.first().cloned())
        .ok_or_else(|| "an entry that names no implementation needs `impl` in its examples".into())
}

fn check(catalogue: &Catalogue, entry: &Entry, example: &Example) -> Result<(), String> {
    let name = example_implementation(entry, example)?;
    // An acceptable alternative holds for every implementation: its examples may be any
    // implementation's answer, the entry naming it or not.
    if !entry.implementations.contains(&name) && !entry.acceptable {
        return Err(format!("example for {name}, which the entry does not name"));
    }
    if let Some(setter) = &example.setter {
        return check_setter(catalogue, entry, example, setter, &name);
    }
    if let Some(conversion) = &example.conversion {
        return check_conversion(catalogue, entry, example, conversion, &name);
    }
    if matches!(entry.model, Some(Model::Serializing(_))) {
        return serializer_example_holds(entry, example);
    }
    let case = example.case()?;
    let answer = example.answer()?;
    let bundled = impls::by_name(&name);
    let blind_spots = bundled.as_ref().map_or(&[][..], |i| i.blind_spots());
    let expected = Reference.answer(&case);
    let difference = compare::compare(&case, &expected, &answer, blind_spots)
        .ok_or("the example agrees with the reference: it tests nothing")?;
    let known = catalogue.classify(&name, blind_spots, &case, &difference, &expected, &answer);
    // A bug entry forgives nothing: its examples say whether it names the answer.
    let forgiven = if entry.class == Class::Bug {
        known
            .as_ref()
            .is_some_and(|k| k.id.split('+').any(|id| id == entry.id))
    } else {
        known.as_ref().is_some_and(|k| k.class != Class::Bug)
    };
    if example.forgive {
        let by_entry = known
            .as_ref()
            .is_some_and(|k| k.id.split('+').any(|id| id == entry.id));
        if !forgiven || !by_entry {
            let (model, _) = catalogue
                .modelled_answer(&name, &case)
                .unwrap_or((expected.clone(), vec![]));
            return Err(format!(
                "not forgiven by this entry (verdict {:?}); the model answers {}",
                known.map(|k| k.id.clone()),
                model.describe()
            ));
        }
        if let Some(implementation) = &bundled {
            // A panic is an answer too (the harness's own guard writes it).
            let actual = impls::guard::answer_catching(implementation.as_ref(), &case);
            if compare::compare(&case, &answer, &actual, blind_spots).is_some() {
                return Err(format!(
                    "the crate no longer gives this answer: {}",
                    actual.describe()
                ));
            }
        }
    } else if forgiven {
        return Err(format!(
            "near-miss forgiven (or, for a bug, named) as {:?}",
            known.map(|k| k.id.clone())
        ));
    }
    Ok(())
}

/// A setter example: the crate's setter call on the example's URL (a resolve example's base,
/// with the reference's value) gives the example's href, which does not parse back to itself,
/// and the entry names that failure (`Catalogue::bugs_behind`); a near-miss href put in the
/// same call's place is not named by the entry.
fn check_setter(
    catalogue: &Catalogue,
    entry: &Entry,
    example: &Example,
    setter: &SetterExample,
    name: &str,
) -> Result<(), String> {
    let implementation = impls::by_name(name).ok_or("a setter example needs the crate built in")?;
    let (input, donor) = match example.op.as_str() {
        "parse" => (example.input.clone(), None),
        "resolve" => (
            example
                .base
                .clone()
                .ok_or("a resolve example needs a base")?,
            Some(example.input.clone()),
        ),
        other => return Err(format!("no setter on a {other} case")),
    };
    let run = implementation
        .entry_points()
        .iter()
        .find_map(|e| match e.reach {
            Reach::Setters(run) => Some(run),
            _ => None,
        })
        .ok_or("the crate has no setters")?;
    let calls = run(&input, donor.as_deref());
    let mut call = calls
        .into_iter()
        .find(|c| c.setter == setter.name && c.argument == setter.argument)
        .ok_or_else(|| format!("no call {}({})", setter.name, setter.argument))?;
    if example.forgive {
        if call.after != setter.href {
            return Err(format!("the crate now writes {:?}", call.after));
        }
        if call.reparsed.as_deref() == Ok(call.after.as_str())
            && !(call.own_value && call.after != call.before)
        {
            return Err("the href parses back to itself: no property fails".into());
        }
    } else {
        call.reparsed = implementation
            .serialize(&setter.href)
            .ok_or("the crate does not serialize")?;
        call.after.clone_from(&setter.href);
    }
    let trace = Trace::Setter { input, donor, call };
    let named = catalogue
        .bugs_behind(name, implementation.blind_spots(), &trace)
        .is_some_and(|bugs| bugs.iter().any(|&i| catalogue.entries()[i].id == entry.id));
    match (example.forgive, named) {
        (true, false) => Err("the call is not named by this entry".into()),
        (false, true) => Err("near-miss named by this entry".into()),
        _ => Ok(()),
    }
}

/// A conversion example: the crate's entry point, given the example's input, answers the
/// example's components, which do not agree with its parse, and the entry names that failure
/// (`Catalogue::bugs_behind`); a near-miss answer in its place is not named by the entry.
fn check_conversion(
    catalogue: &Catalogue,
    entry: &Entry,
    example: &Example,
    conversion: &ConversionExample,
    name: &str,
) -> Result<(), String> {
    let implementation =
        impls::by_name(name).ok_or("a conversion example needs the crate built in")?;
    let case = example.case()?;
    let rule = example.case()?.checked_rule()?;
    let (entry_name, convert) = implementation
        .entry_points()
        .iter()
        .find_map(|e| match e.reach {
            Reach::Conversion(r, convert) if e.name == conversion.name && r == rule => {
                Some((e.name, convert))
            }
            _ => None,
        })
        .ok_or_else(|| format!("no conversion {} by {rule:?}", conversion.name))?;
    let blind_spots = implementation.blind_spots();
    let expected = conversion.parsed.outcome();
    let parsed = impls::guard::answer_catching(implementation.as_ref(), &case);
    let actual = convert(&example.input);
    if example.forgive {
        if compare::compare(&case, &expected, &actual, blind_spots).is_some() {
            return Err(format!("the crate now answers {}", actual.describe()));
        }
        if compare::compare(&case, &parsed, &actual, blind_spots).is_none() {
            return Err("the conversion agrees with the parse: no property fails".into());
        }
    }
    let trace = Trace::Conversion {
        input: example.input.clone(),
        rule,
        entry: entry_name,
        parsed: Box::new(parsed),
        conversion: Box::new(if example.forgive { actual } else { expected }),
    };
    let named = catalogue
        .bugs_behind(name, blind_spots, &trace)
        .is_some_and(|bugs| bugs.iter().any(|&i| catalogue.entries()[i].id == entry.id));
    match (example.forgive, named) {
        (true, false) => Err("the conversion is not named by this entry".into()),
        (false, true) => Err("near-miss named by this entry".into()),
        _ => Ok(()),
    }
}

#[test]
fn every_known_difference_has_examples_both_ways() {
    let catalogue = Catalogue::bundled();
    let mut missing = Vec::new();
    // Every known difference, and every bug entry with a model: a model that names or forgives
    // answers must be shown to refuse a near-miss too.
    for entry in catalogue
        .entries()
        .iter()
        .filter(|e| e.class != Class::Bug || e.model.is_some())
    {
        let forgive = entry.examples.iter().filter(|e| e.forgive).count();
        let refuse = entry.examples.len() - forgive;
        if forgive == 0 || refuse == 0 {
            missing.push(format!(
                "{}: {forgive} to forgive, {refuse} to refuse",
                entry.id
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "entries without examples both ways:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_example_holds() {
    let catalogue = Catalogue::bundled();
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in catalogue.entries() {
        for (i, example) in entry.examples.iter().enumerate() {
            let name = example_implementation(entry, example).unwrap_or_default();
            // An implementation the entry does not name (an acceptable alternative's example
            // for any implementation) is judged by the catalogue alone, in every build.
            let judged = impls::by_name(&name).is_some() || !entry.implementations.contains(&name);
            let result = check(&catalogue, entry, example);
            if result.is_ok() {
                checked += 1;
            }
            // A crate that is not built in (`--no-default-features`) has no adapter to declare
            // its blind spots: an example that needs them (http hides its userinfo) is judged in
            // the default build only.
            if let Err(e) = result
                && judged
            {
                failures.push(format!(
                    "{} example {} ({}): {e}",
                    entry.id,
                    i + 1,
                    example.input
                ));
            }
        }
    }
    assert!(checked > 30, "only {checked} examples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// An answer equal to RFC 3986's is still judged by the specification a crate claims: a
/// URL-Standard crate that resolves ".//b" against "a:/x" to the RFC's "a://b" (url before
/// 2.4.0, rust-url#817) is wrong by the Standard, which gives "a:/.//b".
#[test]
fn agreeing_with_the_rfc_is_not_enough_for_a_url_standard_crate() {
    use std::sync::Arc;
    use std::time::Duration;
    use uri_conformance::diff::{CLAIMED_SPECIFICATION, Engine};
    use uri_conformance::impls::About;
    use uri_conformance::protocol::Request;

    struct RfcAnswersUnderTheNameUrl;
    impl Implementation for RfcAnswersUnderTheNameUrl {
        fn about(&self) -> About<'_> {
            About {
                name: "url",
                version: "test",
                spec: "WHATWG URL",
                docs: "",
            }
        }
        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            Reference.resolve(base, reference, strict)
        }
    }
    let engine = Engine::new(
        vec![Arc::new(RfcAnswersUnderTheNameUrl)],
        Duration::from_secs(5),
        Catalogue::bundled(),
    );
    let case = Request::Resolve {
        base: "a:/x".into(),
        input: ".//b".into(),
        strict: true,
    };
    let finding = engine
        .run_one("url", &case)
        .expect("the Standard's a:/.//b differs from a://b");
    assert_eq!(finding.difference.detail, CLAIMED_SPECIFICATION);
    assert_eq!(finding.known, None, "never forgiven");
    // Where the RFC and the Standard agree, nothing is found.
    let same = Request::Resolve {
        base: "http://a/b/c/d".into(),
        input: "../g".into(),
        strict: true,
    };
    assert_eq!(engine.run_one("url", &same), None);
}

/// Every adapter's own catalogue (`adapters/<language>/<program>/known-differences.yaml`) reads
/// beside the bundled one, and its examples hold by its model: the answers it lists to forgive
/// are forgiven (or, for a bug, named) by the entry, its near-misses are not. Where the program
/// runs on this machine (its `run` answers `about`), the comparison takes its declared blind
/// spots, and each answer listed to forgive is its own answer to the case.
#[test]
fn every_adapter_catalogue_example_holds() {
    use std::path::Path;
    use std::time::Duration;
    use uri_conformance::impls::external::External;

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("adapters");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .expect("adapters/")
        .flatten()
        .flat_map(|language| std::fs::read_dir(language.path()).into_iter().flatten())
        .flatten()
        .map(|program| program.path().join("known-differences.yaml"))
        .filter(|file| file.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no adapter has a catalogue");
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let own = Catalogue::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = own.entries()[0].implementations[0].clone();
        let catalogue = Catalogue::bundled_with(&[], &[(name.clone(), file.clone(), text.clone())])
            .unwrap_or_else(|e| panic!("{e}"));
        let run = file.with_file_name("run");
        let program = External::new(
            &format!("{name}={}", run.display()),
            Duration::from_secs(20),
        );
        let live = answer_of(&program, &Request::parse("a://h/"));
        let live = live.is_valid().then_some(&program as &dyn Implementation);
        // The blind spots the examples are written under: the program's own where it runs
        // (and the catalogue must say the same), the catalogue's where it does not.
        let declared = declared_blind_spots(&text);
        let blind_spots = match live {
            Some(program) => {
                let own: Vec<(Field, Blindness)> = program
                    .blind_spots()
                    .iter()
                    .map(|b| (b.field, b.blindness))
                    .collect();
                let listed: Vec<(Field, Blindness)> =
                    declared.iter().map(|b| (b.field, b.blindness)).collect();
                if own != listed {
                    failures.push(format!(
                        "{}: blind-spots {listed:?}, but the program declares {own:?}",
                        file.display()
                    ));
                }
                program.blind_spots().to_vec()
            }
            None => declared,
        };
        for entry in catalogue
            .entries()
            .iter()
            .filter(|e| e.implementations == [name.clone()])
        {
            for (i, example) in entry.examples.iter().enumerate() {
                match check_against(&catalogue, entry, example, live, &blind_spots) {
                    Ok(()) => checked += 1,
                    Err(e) => failures.push(format!(
                        "{}: {} example {} ({}): {e}",
                        file.display(),
                        entry.id,
                        i + 1,
                        example.input
                    )),
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} examples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A program's answer to `case`; a parse of a string with a scheme that it answers
/// `unsupported` as a URI reference (curl parses by the `URI` rule alone) is asked by the `URI`
/// rule.
fn answer_of(program: &dyn Implementation, case: &Request) -> Outcome {
    let answer = program.answer(case);
    match case {
        Request::Parse { input, .. } if answer == Outcome::Unsupported && input.contains(':') => {
            program.answer(&Request::Parse {
                input: input.clone(),
                rule: Some(uri_conformance::reference::Rule::Uri.into()),
                zone_id: false,
            })
        }
        _ => answer,
    }
}

/// [`check`] for a program that is not built in: its blind spots, and its answers, are the
/// running program's where there is one.
fn check_against(
    catalogue: &Catalogue,
    entry: &Entry,
    example: &Example,
    live: Option<&dyn Implementation>,
    blind_spots: &[BlindSpot],
) -> Result<(), String> {
    let name = example_implementation(entry, example)?;
    let case = example.case()?;
    let answer = example.answer()?;
    // A serializer's example is a parse and what the library writes from it: the parse is the
    // running program's, and the departure writes the string (or, for a near-miss, does not).
    if matches!(entry.model, Some(Model::Serializing(_))) {
        if let Some(program) = live {
            let actual = answer_of(program, &case);
            if compare::compare(&case, &answer, &actual, blind_spots).is_some() {
                return Err(format!(
                    "the program does not give this parse: {}",
                    actual.describe()
                ));
            }
        }
        return serializer_example_holds(entry, example);
    }
    let expected = Reference.answer(&case);
    let difference = compare::compare(&case, &expected, &answer, blind_spots)
        .ok_or("the example agrees with the reference: it tests nothing")?;
    let known = catalogue.classify(&name, blind_spots, &case, &difference, &expected, &answer);
    let by_entry = known
        .as_ref()
        .is_some_and(|k| k.id.split('+').any(|id| id == entry.id));
    let forgiven = if entry.class == Class::Bug {
        by_entry
    } else {
        by_entry && known.as_ref().is_some_and(|k| k.class != Class::Bug)
    };
    if example.forgive {
        if !forgiven {
            let (model, _) = catalogue
                .modelled_answer(&name, &case)
                .unwrap_or((expected.clone(), vec![]));
            return Err(format!(
                "not forgiven by this entry (verdict {:?}); the model answers {}",
                known.map(|k| k.id.clone()),
                model.describe()
            ));
        }
        if let Some(program) = live {
            let actual = answer_of(program, &case);
            if compare::compare(&case, &answer, &actual, blind_spots).is_some() {
                return Err(format!(
                    "the program does not give this answer: {}",
                    actual.describe()
                ));
            }
        }
    } else if known.is_some_and(|k| k.id.split('+').any(|id| id == entry.id)) {
        return Err("near-miss forgiven (or, for a bug, named) by this entry".into());
    }
    Ok(())
}

/// Where several departures of a catalogue each give the answer alone, the finding is named by
/// those, never by the departures that read nothing of the case otherwise: an IP literal with a
/// bare "%" (`[fe80::1%2]`) is the literal taken unchecked, or the host's "%" left unchecked
/// (then `fe80::1a2` is an address), and neither a path's "%" nor a literal ended at its last
/// "]" has anything to do with it.
#[test]
fn a_finding_is_named_by_the_departures_that_read_its_case() {
    use std::path::PathBuf;
    use std::sync::Arc;
    use std::time::Duration;
    use uri_conformance::diff::Engine;
    use uri_conformance::impls::{About, Implementation};
    use uri_conformance::model::Components;
    use uri_conformance::reference::{HostKind, ParseOptions, Rule};

    struct TakesTheLiteral;
    impl Implementation for TakesTheLiteral {
        fn about(&self) -> About<'_> {
            About {
                name: "x",
                version: "test",
                spec: "RFC 3986",
                docs: "",
            }
        }
        fn parse(&self, input: &str, _rule: Rule, _options: ParseOptions) -> Outcome {
            assert_eq!(input, "//[fe80::1%2]");
            Outcome::Parsed {
                components: Components {
                    scheme: None,
                    userinfo: None,
                    host: Some("[fe80::1%2]".to_owned()),
                    port: None,
                    path: String::new(),
                    query: None,
                    fragment: None,
                },
                host_kind: Some(HostKind::Ipv6),
            }
        }
    }
    let entry = |id: &str, departure: &str| {
        format!(
            "  - id: x-{id}\n    implementations: [x]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: !departure {departure}\n"
        )
    };
    let text = format!(
        "entries:\n{}{}{}{}",
        entry("last-bracket", "ip-literal-to-last-bracket"),
        entry("path-percent", "path-percent-unchecked"),
        entry("host-percent", "host-percent-unchecked"),
        entry("literal", "ip-literal-unchecked"),
    );
    let catalogue =
        Catalogue::bundled_with(&[], &[("x".to_owned(), PathBuf::from("x.yaml"), text)])
            .unwrap_or_else(|e| panic!("{e}"));
    let engine = Engine::new(
        vec![Arc::new(TakesTheLiteral)],
        Duration::from_secs(5),
        catalogue,
    );
    let finding = engine
        .run_one("x", &Request::parse("//[fe80::1%2]"))
        .expect("the RFC refuses the literal");
    let known = finding.known.expect("the catalogue explains it");
    let ids = known.ids();
    assert!(!ids.is_empty());
    for id in &ids {
        assert!(
            id == "x-host-percent" || id == "x-literal",
            "{id} named among {ids:?}"
        );
    }
}

/// The `blind-spots` an adapter's catalogue lists, as the harness reads a program's.
fn declared_blind_spots(text: &str) -> Vec<BlindSpot> {
    #[derive(serde::Deserialize)]
    struct Listed {
        #[serde(default, rename = "blind-spots")]
        blind_spots: Vec<uri_conformance::protocol::DeclaredBlindSpot>,
    }
    let listed: Listed = serde_yaml::from_str(text).expect("a catalogue");
    listed
        .blind_spots
        .iter()
        .map(|declared| BlindSpot {
            field: Field::ALL
                .into_iter()
                .find(|f| f.name() == declared.field)
                .unwrap_or_else(|| panic!("no field {:?}", declared.field)),
            blindness: Blindness::from_name(&declared.how)
                .unwrap_or_else(|| panic!("no blindness {:?}", declared.how)),
            reason: Box::leak(declared.reason.clone().into_boxed_str()),
        })
        .collect()
}
