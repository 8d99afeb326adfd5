//! Reading YAML: every YAML file the harness reads (vector files, expectations files, the
//! catalogue of known differences, a reports folder's verdicts) goes through [`from_str`], so
//! that each is bounded alike, whoever wrote it.
//!
//! YAML's aliases repeat a node anywhere (`*a` stands for all that `&a` holds), so a small file
//! can stand for an enormous tree: a few kilobytes of aliases to a list of ten thousand items
//! are billions of nodes. serde's deserializers expand every alias as they go, so the tree is
//! counted first, aliases expanded, by a pass that keeps nothing and stops at
//! [`MAX_NODES`]; only a file within it is read for real. Together with the size of a data file
//! ([`crate::vectors::MAX_FILE_BYTES`]) and its nesting ([`crate::vectors::MAX_NESTING`]), this
//! bounds the time and memory any YAML file may cost.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Visitor};

/// The most nodes a YAML file may stand for, its aliases expanded: 1,000,000, more than a
/// hundred times the largest file of the repository (the catalogue, about 6,000).
pub(crate) const MAX_NODES: usize = 1_000_000;

/// Why a YAML text was refused, and the line (1-based) where, when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Error {
    /// The line the parser or the count stopped at.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl Error {
    /// `file:line: message` (or `file: message` without a line).
    pub(crate) fn at(&self, file: impl fmt::Display) -> String {
        match self.line {
            Some(line) => format!("{file}:{line}: {}", self.message),
            None => format!("{file}: {}", self.message),
        }
    }
}

impl From<serde_yaml::Error> for Error {
    fn from(e: serde_yaml::Error) -> Self {
        Error {
            line: e.location().map(|l| l.line()),
            message: e.to_string(),
        }
    }
}

/// Reads a YAML text into `T`, after checking that it nests at most
/// [`crate::vectors::MAX_NESTING`] deep and stands for at most [`MAX_NODES`] nodes, aliases
/// expanded; refused with the line where either check or the parse failed.
pub(crate) fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    if let Some((line, message)) = crate::vectors::nesting_error(text) {
        return Err(Error {
            line: Some(line),
            message,
        });
    }
    count_nodes(text)?;
    Ok(serde_yaml::from_str(text)?)
}

/// The number of nodes `text` stands for, aliases expanded, counted without keeping any;
/// refused past [`MAX_NODES`].
pub(crate) fn count_nodes(text: &str) -> Result<usize, Error> {
    let left = Cell::new(MAX_NODES);
    Count(&left).deserialize(serde_yaml::Deserializer::from_str(text))?;
    Ok(MAX_NODES - left.get())
}

/// One node counted, and those under it.
#[derive(Clone, Copy)]
struct Count<'a>(&'a Cell<usize>);

impl Count<'_> {
    fn one<E: de::Error>(self) -> Result<(), E> {
        match self.0.get().checked_sub(1) {
            Some(left) => {
                self.0.set(left);
                Ok(())
            }
            None => Err(E::custom(format!(
                "the file stands for more than {MAX_NODES} nodes, its aliases (*name) expanded: refused unread"
            ))),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Count<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Count<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML node")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.one()
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.one()
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.one()
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.one()
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.one()
    }

    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<(), E> {
        self.one()
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.one()
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.one()
    }

    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_newtype_struct<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        self.one()?;
        while items.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut entries: A) -> Result<(), A::Error> {
        self.one()?;
        while entries.next_key_seed(self)?.is_some() {
            entries.next_value_seed(self)?;
        }
        Ok(())
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, tagged: A) -> Result<(), A::Error> {
        // A tagged node (`!tag value`): the tag, then the value.
        use de::VariantAccess;
        let ((), value) = tagged.variant_seed(self)?;
        value.newtype_variant_seed(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list of `width` items, then a list of `repeats` aliases to it.
    fn bomb(width: usize, repeats: usize) -> String {
        format!(
            "wide: &a [{}]\nbomb: [{}]\n",
            vec!["1"; width].join(","),
            vec!["*a"; repeats].join(", ")
        )
    }

    #[test]
    fn aliases_are_counted_expanded_and_refused_past_the_limit() {
        // The map and its two keys, the list and its items, the list of aliases and each one's list.
        assert_eq!(
            count_nodes(&bomb(3, 2)),
            Ok(1 + 2 + (1 + 3) + 1 + 2 * (1 + 3))
        );
        let error = from_str::<serde_yaml::Value>(&bomb(2_000, 600)).expect_err("refused");
        assert!(error.message.contains("1000000 nodes"), "{error:?}");
        // The line of the node being counted (the anchored one, repeated), and the path to it.
        assert!(error.message.contains("bomb["), "{error:?}");
        assert_eq!(error.line, Some(1), "{error:?}");
        assert!(error.at("x.yaml").starts_with("x.yaml:1: "), "{error:?}");
        // Within the limit, aliases are read.
        let fits = bomb(1_000, 100);
        assert!(count_nodes(&fits).expect("counted") > 100_000);
        assert!(from_str::<serde_yaml::Value>(&fits).is_ok());
    }

    #[test]
    fn the_largest_committed_file_is_far_under_the_limit() {
        let catalogue = count_nodes(include_str!("diff/known-differences.yaml")).expect("counted");
        assert!(catalogue < MAX_NODES / 100, "{catalogue}");
    }

    #[test]
    fn tags_and_plain_files_are_counted() {
        assert_eq!(
            count_nodes("a: !x [1, 2]\nb: ~\n"),
            Ok(1 + 2 + 1 + 2 + 1 + 1)
        );
        assert_eq!(count_nodes("- 1\n- {a: b}\n"), Ok(1 + 1 + 1 + 2));
    }
}
