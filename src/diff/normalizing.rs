//! Departures of normalization: the ways a normalizer departs from RFC 3986 §6.2.2 (and the
//! reference's documented choices 5 and 10) on strings it reads as the RFC does. Each is the
//! reference's normalization with one step done otherwise, so that a normalizer's answer is
//! reproduced exactly by the departure, or not at all.
//!
//! ```text
//! §6.2.2.3: "URI normalizers should remove dot-segments by applying the remove_dot_segments
//! algorithm to the path, as described in Section 5.2.4."
//! ```
//!
//! §6 speaks of URIs; the reference leaves a relative-path reference's dot-segments, since
//! `../g` and `g` resolve differently (choice 5), and writes `/.` before a path that would
//! start with `//` without an authority, so that the string parses back with the same
//! components (choice 10). A normalizer that applies remove_dot_segments to a relative path, or
//! writes what is left as it is, changes what the string means: these departures are not
//! acceptable readings, and name the mechanism of the reports they explain.

use crate::reference::{self, Components, Level, NormalizeOptions};

/// A normalizer's departure: see the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Normalizing {
    /// remove_dot_segments applied to a relative-path reference's path too (`a/.` is `a/`,
    /// `.` is the empty reference, `./a:` is `a:`, which has a scheme).
    RelativePathDotSegmentsRemoved,
    /// A path that starts with `//` once its dot-segments are removed is written as it is
    /// where there is no authority (`/.//a` is `//a`, which has the authority `a`), where the
    /// reference keeps a `/.` before it (choice 10) and §5.3's letter would write an
    /// authority that was never there.
    DoubleSlashPathUnguarded,
}

impl Normalizing {
    /// Every departure of normalization, in the order attribution tries them.
    pub const ALL: [Normalizing; 2] = [
        Normalizing::RelativePathDotSegmentsRemoved,
        Normalizing::DoubleSlashPathUnguarded,
    ];

    /// Its name, which signs the reports it explains.
    pub const fn id(self) -> &'static str {
        match self {
            Normalizing::RelativePathDotSegmentsRemoved => "relative-path-dot-segments-removed",
            Normalizing::DoubleSlashPathUnguarded => "double-slash-path-unguarded",
        }
    }

    /// What the normalizer does, and the RFC text it departs from.
    pub const fn description(self) -> &'static str {
        match self {
            Normalizing::RelativePathDotSegmentsRemoved => {
                "the normalizer removes the dot-segments of a relative-path reference, which RFC 3986 §6 (\"URI normalization\") does not address and which changes where the reference leads: \"../g\" and \"g\" resolve differently (§5.2.2), and \"./a:\" becomes \"a:\", a URI with the scheme \"a\""
            }
            Normalizing::DoubleSlashPathUnguarded => {
                "the normalizer writes a path that starts with \"//\" after removing dot-segments as it is where there is no authority, which RFC 3986 §3.3 forbids (\"If a URI does not contain an authority component, then the path cannot begin with two slash characters\"): the string read again has an authority that was never there"
            }
        }
    }

    /// The string this normalizer gives for `input` at `level`, or `None` where the departure
    /// does not change the reference's answer's path (or the input is not one the RFC reads).
    pub fn normalized(self, input: &str, level: Level) -> Option<String> {
        let written = reference::normalize_with(input, level, NormalizeOptions::default()).ok()?;
        let c = reference::parse(&written).ok()?;
        let path: String = match self {
            Normalizing::RelativePathDotSegmentsRemoved
                if c.scheme.is_none()
                    && !c.has_authority()
                    && !c.path.is_empty()
                    && !c.path.starts_with('/') =>
            {
                reference::remove_dot_segments(c.path)
            }
            Normalizing::DoubleSlashPathUnguarded
                if !c.has_authority() && c.path.starts_with("/.//") =>
            {
                c.path[2..].to_owned()
            }
            _ => return None,
        };
        (path != c.path).then(|| reference::recompose(&Components { path: &path, ..c }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_paths_dot_segments_may_be_removed() {
        let removed = Normalizing::RelativePathDotSegmentsRemoved;
        let at = |input: &str| removed.normalized(input, Level::Syntax);
        assert_eq!(at("."), Some("".into()));
        assert_eq!(at("a/."), Some("a/".into()));
        assert_eq!(at("./a:"), Some("a:".into()));
        // §5.2.4 on "b/../~": "b" is moved out, "/../" takes it back and leaves "/", so "/~".
        assert_eq!(at("b/../%7e?q"), Some("/~?q".into()));
        // Nothing to remove, or a path the reference treats so already.
        assert_eq!(at("a/b"), None);
        assert_eq!(at("/a/./b"), None);
        assert_eq!(at("s:a/./b"), None);
    }

    #[test]
    fn a_double_slash_path_may_be_written_unguarded() {
        let unguarded = Normalizing::DoubleSlashPathUnguarded;
        let at = |input: &str| unguarded.normalized(input, Level::Syntax);
        assert_eq!(at("/.//"), Some("//".into()));
        assert_eq!(at("a:/.//b"), Some("a://b".into()));
        assert_eq!(at("/a/..//b?q"), Some("//b?q".into()));
        // With an authority the path is no authority's start; without "//" nothing is guarded.
        assert_eq!(at("//h/.//b"), None);
        assert_eq!(at("/./b"), None);
    }
}
