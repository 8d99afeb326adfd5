//! One test per vector, on the reference: `cargo test --test vectors 5.4.2` runs one section.
//! A failure names the vector, its file and line, the operation with its inputs, and both
//! answers.

use libtest_mimic::{Arguments, Failed, Trial};
use uri_conformance::check::check_reference;
use uri_conformance::gate::operation;
use uri_conformance::vectors::{default_dir, load_dir};

fn main() {
    let args = Arguments::from_args();
    let vectors = match load_dir(&default_dir()) {
        Ok(vectors) => vectors,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let trials = vectors
        .into_iter()
        .map(|vector| {
            Trial::test(vector.name(), move || {
                check_reference(&vector).map_err(|m| {
                    Failed::from(format!("{m}\n  operation: {}", operation(&vector.case)))
                })
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
