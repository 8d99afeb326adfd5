//! The pages of the reports folder as values: the matrix, the WHATWG profile, the field, the
//! departures seen, the confusion table, url's setters and the catalogue.
//!
//! Each page is built from what a run found ([`super::matrix::page`], [`super::field::page`],
//! ...), holds its text in every format it is written in (Markdown, JSON, HTML), and says what
//! it holds in a phrase (its `Display`: `field: 12 parsers`). A job gathers its pages in one
//! list, [`Pages`], and writes them in one place ([`Pages::write`]), with one progress line
//! each; the list is also what the job returns, so that a test reads the pages it made without
//! reading the folder. A page's file names are [`Page::file`]'s, which the pages that link to
//! it use too.
//!
//! The per-signature reports and their index (`README.md`, `stats.json`) are not pages: a
//! campaign merges them into what is on disk ([`super::Collector::write`]).

use std::fmt;
use std::io;
use std::path::Path;

use serde::Serialize;

use super::write_atomically;

/// A format a page is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.md`: what a reader opens first.
    Markdown,
    /// `.json`: the same results for programs.
    Json,
    /// `.html`: a sortable table for a browser.
    Html,
}

impl Format {
    /// The file name's extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Markdown => "md",
            Format::Json => "json",
            Format::Html => "html",
        }
    }
}

/// The pages a job writes, by name: the name of each is the stem of its files.
pub mod name {
    /// The conformance matrix (`conformance.{json,md,html}`).
    pub const CONFORMANCE: &str = "conformance";
    /// The WHATWG profile (`whatwg.{md,json}`).
    pub(crate) const WHATWG: &str = "whatwg";
    /// The field (`field.{json,md,html}`).
    pub const FIELD: &str = "field";
    /// The departures seen (`mechanisms.md`).
    pub const MECHANISMS: &str = "mechanisms";
    /// The URL-confusion table (`confusion.{json,md}`).
    pub const CONFUSION: &str = "confusion";
    /// url's setters against the web-platform-tests setter cases (`url-setters.md`).
    pub(crate) const URL_SETTERS: &str = "url-setters";
    /// The catalogue of known differences (`catalogue.md`).
    pub const CATALOGUE: &str = "catalogue";
}

/// One page: its name, what it holds in a phrase, and its text in each format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    name: &'static str,
    summary: String,
    files: Vec<(Format, String)>,
}

impl Page {
    /// A page named `name` (the stem of its files, one of [`name`]) that holds what `summary`
    /// says (`12 parsers`), with no file yet.
    pub fn new(name: &'static str, summary: impl Into<String>) -> Self {
        Page {
            name,
            summary: summary.into(),
            files: Vec::new(),
        }
    }

    /// The page with its text in `format`.
    pub fn with(mut self, format: Format, text: impl fmt::Display) -> Self {
        self.files.push((format, text.to_string()));
        self
    }

    /// The page with `value` as its JSON file: pretty-printed, with a final line break.
    pub fn with_json(self, value: &impl Serialize) -> io::Result<Self> {
        let json = serde_json::to_string_pretty(value).map_err(io::Error::other)? + "\n";
        Ok(self.with(Format::Json, json))
    }

    /// Its name: the stem of its files.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// What it holds, in a phrase.
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// The file name of page `name` in `format` (`field.md`), as the folder holds it and as
    /// another page links to it.
    pub fn file(name: &str, format: Format) -> String {
        format!("{name}.{}", format.extension())
    }

    /// Its text in `format`, if it is written in that format.
    pub fn text(&self, format: Format) -> Option<&str> {
        self.files
            .iter()
            .find(|(f, _)| *f == format)
            .map(|(_, text)| text.as_str())
    }

    /// Its files, in the order they are written: each file name with its text.
    pub fn files(&self) -> impl Iterator<Item = (String, &str)> {
        self.files
            .iter()
            .map(|(format, text)| (Page::file(self.name, *format), text.as_str()))
    }

    /// The file a reader opens first: its Markdown, else its first.
    fn main_file(&self) -> String {
        let format = if self.text(Format::Markdown).is_some() {
            Format::Markdown
        } else {
            self.files.first().map_or(Format::Markdown, |(f, _)| *f)
        };
        Page::file(self.name, format)
    }

    /// Writes its files into `dir` (made if missing), each atomically.
    pub fn write(&self, dir: &Path) -> io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (file, text) in self.files() {
            write_atomically(&dir.join(file), text.as_bytes())?;
        }
        Ok(())
    }
}

/// `field: 12 parsers`.
impl fmt::Display for Page {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.summary)
    }
}

/// The pages of one job, in the order they are written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pages(Vec<Page>);

impl Pages {
    /// Adds `page`, in place of one of the same name.
    pub fn push(&mut self, page: Page) {
        self.0.retain(|p| p.name != page.name);
        self.0.push(page);
    }

    /// The page named `name`, if the job made it.
    pub fn get(&self, name: &str) -> Option<&Page> {
        self.0.iter().find(|p| p.name == name)
    }

    /// The pages, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Page> {
        self.0.iter()
    }

    /// How many pages there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Writes every page into `dir`, with a line to `log` for each (`field: 12 parsers
    /// (reports/field.md)`); an error names the file it is about.
    pub fn write(&self, dir: &Path, log: &dyn Fn(&str)) -> io::Result<()> {
        for page in &self.0 {
            page.write(dir)?;
            log(&format!(
                "{page} ({})",
                dir.join(page.main_file()).display()
            ));
        }
        Ok(())
    }
}

impl<'a> IntoIterator for &'a Pages {
    type Item = &'a Page;
    type IntoIter = std::slice::Iter<'a, Page>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> Page {
        Page::new(name::FIELD, "2 parsers")
            .with_json(&serde_json::json!({"parsers": 2}))
            .expect("json")
            .with(Format::Markdown, "# The field\n")
    }

    #[test]
    fn a_page_is_named_by_its_files_and_says_what_it_holds() {
        let page = page();
        assert_eq!(page.to_string(), "field: 2 parsers");
        let files: Vec<(String, &str)> = page.files().collect();
        assert_eq!(
            files,
            [
                ("field.json".to_owned(), "{\n  \"parsers\": 2\n}\n"),
                ("field.md".to_owned(), "# The field\n")
            ]
        );
        assert_eq!(page.text(Format::Html), None);
        // A reader opens the Markdown first, though the JSON is written first.
        assert_eq!(page.main_file(), "field.md");
        assert_eq!(
            Page::new(name::CONFUSION, "")
                .with(Format::Json, "{}")
                .main_file(),
            "confusion.json"
        );
    }

    #[test]
    fn the_list_writes_every_page_with_a_line_each() {
        let dir = std::env::temp_dir().join(format!("pages-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut pages = Pages::default();
        pages.push(page());
        pages.push(Page::new(name::CATALOGUE, "1 entry").with(Format::Markdown, "old\n"));
        // A page pushed again replaces the one of its name.
        pages.push(Page::new(name::CATALOGUE, "1 entry").with(Format::Markdown, "new\n"));
        assert_eq!(pages.len(), 2);
        let lines = std::cell::RefCell::new(Vec::new());
        pages
            .write(&dir, &|line| lines.borrow_mut().push(line.to_owned()))
            .expect("written");
        assert_eq!(
            lines.into_inner(),
            [
                format!("field: 2 parsers ({})", dir.join("field.md").display()),
                format!(
                    "catalogue: 1 entry ({})",
                    dir.join("catalogue.md").display()
                ),
            ]
        );
        for page in &pages {
            for (file, text) in page.files() {
                assert_eq!(
                    std::fs::read_to_string(dir.join(&file)).ok().as_deref(),
                    Some(text)
                );
            }
        }
        assert_eq!(
            pages
                .get(name::CATALOGUE)
                .and_then(|p| p.text(Format::Markdown)),
            Some("new\n")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
