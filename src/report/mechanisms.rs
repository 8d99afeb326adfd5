//! `mechanisms.md`: the field as a table of mechanisms, parsers in rows and the library's
//! departures from RFC 3986 in columns, so that a reader sees at once who checks a path's
//! characters, who ends the userinfo at the last "@", who reads `//host` as a path.
//!
//! Each cell comes from the run's reports: a report a departure signs (a candidate bug,
//! undocumented), a report of a catalogue entry whose model is the departure (documented, or a
//! confirmed bug), or a report whose case needs the departure beside another. An empty cell is
//! "not seen in this run", never "conforms": the run shows what it met.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::Report;
use super::markdown::text;
use super::pages::{Format, Page, name};
use crate::diff::Catalogue;
use crate::diff::departures::Departure;
use crate::diff::models::Model;

/// What a parser's reports say of one departure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Seen {
    /// A catalogue entry documents it as the library's own behaviour.
    Documented,
    /// A catalogue entry confirms it as a bug, checked by hand.
    Confirmed,
    /// Only the library of departures names it: a candidate bug.
    Candidate,
}

impl Seen {
    fn name(self) -> &'static str {
        match self {
            Seen::Documented => "documented",
            Seen::Confirmed => "confirmed bug",
            Seen::Candidate => "candidate",
        }
    }
}

/// One cell: how the departure was seen, and the report that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    /// How it was seen.
    pub seen: Seen,
    /// Whether the report is the departure's own, not a case that needs it beside another.
    pub own: bool,
    /// The report, relative to the reports folder.
    pub report: String,
}

/// The table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    /// The parsers, in the field's order.
    pub parsers: Vec<String>,
    /// The departures that some parser shows, in the library's order.
    pub departures: Vec<Departure>,
    /// The cells that are not empty.
    pub cells: BTreeMap<(String, Departure), Cell>,
}

/// The table of `parsers` from the run's `reports`, with the `catalogue` that says which
/// entries are departures of the library.
pub(crate) fn build(parsers: &[String], reports: &[Report], catalogue: &Catalogue) -> Table {
    // An entry of several departures (`!departures [...]`) shows each of them.
    let mut entry_departure: BTreeMap<&str, Vec<Departure>> = BTreeMap::new();
    for entry in catalogue.entries() {
        if let Some(Model::Departure(departure)) = entry.model {
            entry_departure
                .entry(entry.id.as_str())
                .or_default()
                .push(departure);
        }
    }
    let mut cells: BTreeMap<(String, Departure), Cell> = BTreeMap::new();
    for report in reports {
        let Some(known) = &report.known else {
            continue;
        };
        let file = format!("{}/{}.md", report.implementation, report.signature);
        // Each departure the report shows, whether the report is its own (signed by it), and
        // how it is known.
        let mut seen: Vec<(Departure, bool, Seen)> = Vec::new();
        if report.is_undocumented_departure() {
            seen.extend(
                std::iter::once(known.id.as_str())
                    .chain(known.seen_with.iter().map(String::as_str))
                    .filter_map(Departure::from_id)
                    .enumerate()
                    .map(|(i, d)| (d, i == 0, Seen::Candidate)),
            );
            // A mechanism filed once for every component it was seen in: each component's
            // departure is the report's own.
            seen.extend(
                report
                    .seen_in
                    .keys()
                    .filter_map(|component| {
                        let component = crate::model::Field::from_name(component)?;
                        Departure::all().into_iter().find(|d| {
                            d.component() == Some(component) && d.kind_id() == report.signature
                        })
                    })
                    .map(|d| (d, true, Seen::Candidate)),
            );
        } else if let Some(departures) = entry_departure.get(known.id.as_str()) {
            let how = if report.is_confirmed_bug() {
                Seen::Confirmed
            } else {
                Seen::Documented
            };
            seen.extend(departures.iter().map(|&departure| (departure, true, how)));
        }
        for (departure, own, how) in seen {
            let key = (report.implementation.clone(), departure);
            // What a catalogue entry says outranks a candidate's name for the same mechanism,
            // and a report of the departure's own a case that needs it beside another.
            let better = |cell: &Cell| (how, !own) < (cell.seen, !cell.own);
            if cells.get(&key).is_none_or(better) {
                cells.insert(
                    key,
                    Cell {
                        seen: how,
                        own,
                        report: file.clone(),
                    },
                );
            }
        }
    }
    let departures = Departure::all()
        .into_iter()
        .filter(|d| cells.keys().any(|(_, seen)| seen == d))
        .collect();
    Table {
        parsers: parsers.to_vec(),
        departures,
        cells,
    }
}

/// What a departure is about: the page's sections, each a table of its own, so that a reader
/// finds "who checks ports" under one heading instead of in a row of every mechanism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Concern {
    /// White space, controls and line ends around the text or in it.
    WhiteSpace,
    /// Which part is the scheme, the authority and the path (slashes, file paths, opaque parts).
    Structure,
    /// Where the authority ends and how it splits into userinfo, host and port.
    Authority,
    /// Hosts and IP literals.
    Host,
    /// The port.
    Port,
    /// The characters each component takes.
    Characters,
    /// Percent-encoding: checked, added, changed.
    PercentEncoding,
    /// An empty component told from an absent one.
    EmptyAndAbsent,
    /// Reference resolution (§5.2).
    Resolution,
    /// Normalization (§6).
    Normalization,
}

impl Concern {
    /// Every concern, in the page's order.
    pub(crate) const ALL: [Concern; 10] = [
        Concern::WhiteSpace,
        Concern::Structure,
        Concern::Authority,
        Concern::Host,
        Concern::Port,
        Concern::Characters,
        Concern::PercentEncoding,
        Concern::EmptyAndAbsent,
        Concern::Resolution,
        Concern::Normalization,
    ];

    /// The concern of a departure of the library. Exhaustive, so that a new departure is
    /// given its section where it is written.
    pub(crate) fn of(departure: Departure) -> Concern {
        match departure {
            Departure::SurroundingControlOrSpaceStripped
            | Departure::LeadingControlOrSpaceStripped
            | Departure::SurroundingWhiteSpaceStripped
            | Departure::SurroundingLwsStripped
            | Departure::TabOrNewlineRemoved
            | Departure::ControlAsUnderscore
            | Departure::AuthorityFinalLineFeedIgnored
            | Departure::FinalLineFeedIgnored
            | Departure::FragmentEndsAtLineFeed
            | Departure::TextEndsAtLineFeed => Concern::WhiteSpace,
            Departure::ImplicitFilePath
            | Departure::InvalidSchemeAsPath
            | Departure::EmptySchemeAsPath
            | Departure::SchemeFirstCharacterUnchecked
            | Departure::SchemelessAsAuthority(_)
            | Departure::OneOrThreeSlashesAsTwo
            | Departure::NetworkPathAsPath
            | Departure::NetworkPathReferenceAsPath
            | Departure::TripleSlashReferenceAsPath
            | Departure::RootlessPathGivenSlash
            | Departure::EmptyPathAsSlash
            | Departure::QueryInOpaquePart
            | Departure::FragmentDropped
            | Departure::FragmentHashKept
            | Departure::PathDotSegmentsRemoved
            | Departure::PathSegmentDotsRemoved(..) => Concern::Structure,
            Departure::UserinfoToLastAt
            | Departure::AuthorityEndsAtRefused
            | Departure::AuthorityEndsAtBackslash
            | Departure::PortAfterLastColon
            | Departure::PortNotDigitsInHost
            | Departure::RegistryBasedAuthority => Concern::Authority,
            Departure::IpLiteralUnchecked
            | Departure::IpLiteralToLastBracket
            | Departure::IpLiteralAsRegName
            | Departure::IpLiteralNotRead
            | Departure::IpLiteralAnyToBracket
            | Departure::IpLiteralAnyInAuthority
            | Departure::IpLiteralAnyToLastBracket
            | Departure::DecOctetLeadingZeros
            | Departure::HostLowercasedBeforeEncoding
            | Departure::HostIdnaToAscii
            | Departure::Ipv6ShortenedByInetNtop
            | Departure::Ipv6FieldsRecompressed
            | Departure::IpvFutureRefused
            | Departure::IpvFutureUppercaseVRefused
            | Departure::EmptyHostRefused
            | Departure::EmptyHostBesideUserinfoOrPortRefused => Concern::Host,
            Departure::PortLeadingDigitsRead
            | Departure::PortReadAsNumber
            | Departure::PortReadAsNumberInRange
            | Departure::EmptyPortRefused
            | Departure::PortOutOfRangeRefused
            | Departure::PortOverFiveDigitsRefused => Concern::Port,
            Departure::Unchecked(_)
            | Departure::EveryComponentUnchecked
            | Departure::OnlyEscapesChecked
            | Departure::TextComponentsUnchecked
            | Departure::NonAsciiUnchecked(_)
            | Departure::ControlsTaken(_)
            | Departure::AnyNonAsciiUnchecked(_)
            | Departure::NonAsciiUncheckedWhereEscaped
            | Departure::OpaquePathUnchecked
            | Departure::BracketsTaken(_)
            | Departure::ControlsAndSpaceOnlyRefused => Concern::Characters,
            Departure::PercentUnchecked(_)
            | Departure::PercentUncheckedWhereEscaped
            | Departure::EncodedInsteadOfRefused(_)
            | Departure::EveryComponentEncoded
            | Departure::UrlStandardSetsEncoded
            | Departure::EncodedOutsideReserved(_)
            | Departure::EncodedReservedKept(_)
            | Departure::PercentEncodingNormalized(_)
            | Departure::PathPercentEncodingNormalizedDotKept
            | Departure::PercentEncodingUppercased
            | Departure::PercentEncodingNormalizedEverywhere
            | Departure::SurrogatesEncoded
            | Departure::UnreservedDecoded(_)
            | Departure::IriEscapesUnescaped => Concern::PercentEncoding,
            Departure::EmptyAsAbsent(_)
            | Departure::EmptyAuthorityAsAbsent
            | Departure::EmptyUserinfoRefused => Concern::EmptyAndAbsent,
            Departure::Resolving(_) => Concern::Resolution,
            Departure::Normalizing(_) => Concern::Normalization,
        }
    }

    /// Its heading on the page.
    pub(crate) fn heading(self) -> &'static str {
        match self {
            Concern::WhiteSpace => "White space, controls and line ends",
            Concern::Structure => "Scheme, slashes and what is a path",
            Concern::Authority => "Splitting the authority",
            Concern::Host => "Hosts and IP literals",
            Concern::Port => "Ports",
            Concern::Characters => "The characters a component takes",
            Concern::PercentEncoding => "Percent-encoding",
            Concern::EmptyAndAbsent => "Empty and absent components",
            Concern::Resolution => "Resolution",
            Concern::Normalization => "Normalization",
        }
    }

    /// The heading's anchor.
    fn anchor(self) -> &'static str {
        match self {
            Concern::WhiteSpace => "white-space",
            Concern::Structure => "structure",
            Concern::Authority => "authority",
            Concern::Host => "host",
            Concern::Port => "port",
            Concern::Characters => "characters",
            Concern::PercentEncoding => "percent-encoding",
            Concern::EmptyAndAbsent => "empty-and-absent",
            Concern::Resolution => "resolution",
            Concern::Normalization => "normalization",
        }
    }
}

/// Renders the table: a summary of each parser by concern, then one table per concern.
pub(crate) fn render(table: &Table) -> String {
    let mut out = String::from("# The field by mechanism\n\n");
    let _ = write!(
        out,
        "Each column is a departure from RFC 3986 of the library shared by every parser \
         (`src/diff/departures.rs`), each an exact model; each row a parser of this run. A cell \
         links the report that shows it: **documented** where the parser's catalogue names the \
         departure as its library's own behaviour, **confirmed bug** where a catalogue entry \
         checked by hand does, **candidate** where only the library of departures names it. An \
         empty cell is not seen in this run, not a proof of conformance. Which departure is \
         which is in [docs/reports.md]({}docs/reports.md#how-a-case-is-compared); the parsers' \
         other results are in [{field}]({field}).\n\n",
        super::root_from_reports(),
        field = Page::file(name::FIELD, Format::Markdown),
    );
    if table.departures.is_empty() {
        out.push_str("No departure of the library was seen in this run.\n");
        return super::visible(&out).into_owned();
    }
    let concerns: Vec<Concern> = Concern::ALL
        .into_iter()
        .filter(|&c| table.departures.iter().any(|&d| Concern::of(d) == c))
        .collect();
    let shown: Vec<&String> = table
        .parsers
        .iter()
        .filter(|p| table.cells.keys().any(|(parser, _)| parser == *p))
        .collect();
    render_summary(&mut out, table, &concerns, &shown);
    for &concern in &concerns {
        render_concern(&mut out, table, concern, &shown);
    }
    let quiet: Vec<String> = table
        .parsers
        .iter()
        .filter(|p| !shown.contains(p))
        .map(|p| text(p))
        .collect();
    if !quiet.is_empty() {
        let _ = writeln!(
            out,
            "\nNo departure of the library seen in this run: {}.",
            quiet.join(", ")
        );
    }
    super::visible(&out).into_owned()
}

/// The summary: for each parser and concern, how many departures it shows, by how they are
/// known (`2 documented, 1 bug, 1 candidate`), each concern linked to its section.
fn render_summary(out: &mut String, table: &Table, concerns: &[Concern], shown: &[&String]) {
    out.push_str("## At a glance\n\n");
    let _ = writeln!(
        out,
        "| parser | {} |",
        concerns
            .iter()
            .map(|c| format!("[{}](#{})", c.heading(), c.anchor()))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(out, "|---|{}", "---|".repeat(concerns.len()));
    for parser in shown {
        let row: Vec<String> = concerns
            .iter()
            .map(|&concern| {
                let count = |seen: Seen| {
                    table
                        .cells
                        .iter()
                        .filter(|((p, d), cell)| {
                            p == *parser && Concern::of(*d) == concern && cell.seen == seen
                        })
                        .count()
                };
                [
                    (count(Seen::Documented), "documented"),
                    (count(Seen::Confirmed), "bug"),
                    (count(Seen::Candidate), "candidate"),
                ]
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, what)| format!("{n} {what}"))
                .collect::<Vec<_>>()
                .join(", ")
            })
            .collect();
        let _ = writeln!(out, "| {} | {} |", text(parser), row.join(" | "));
    }
}

/// One concern's table: its departures that some parser shows, and the parsers that show one.
fn render_concern(out: &mut String, table: &Table, concern: Concern, shown: &[&String]) {
    let departures: Vec<Departure> = table
        .departures
        .iter()
        .copied()
        .filter(|&d| Concern::of(d) == concern)
        .collect();
    let _ = writeln!(
        out,
        "\n<a id=\"{}\"></a>\n## {}\n",
        concern.anchor(),
        concern.heading()
    );
    let _ = writeln!(
        out,
        "| parser | {} |",
        departures
            .iter()
            .map(|d| format!("`{}`", d.id()))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(out, "|---|{}", "---|".repeat(departures.len()));
    for parser in shown {
        let row: Vec<String> = departures
            .iter()
            .map(|&d| match table.cells.get(&((*parser).clone(), d)) {
                Some(cell) => format!("[{}]({})", cell.seen.name(), cell.report),
                None => String::new(),
            })
            .collect();
        if row.iter().all(String::is_empty) {
            continue;
        }
        let _ = writeln!(out, "| {} | {} |", text(parser), row.join(" | "));
    }
}

/// The table as a page: `mechanisms.md`.
pub(crate) fn page(table: &Table) -> Page {
    Page::new(
        name::MECHANISMS,
        format!("{} departures seen", table.departures.len()),
    )
    .with(Format::Markdown, render(table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::KnownEntry;

    fn report(implementation: &str, id: &str, class: &str, seen_with: &[&str]) -> Report {
        let json = serde_json::json!({
            "implementation": implementation, "version": "1", "spec": "RFC 3986",
            "signature": id, "op": "parse", "kind": "accepts-invalid", "fields": ["path"],
            "detail": "", "class": class, "security": false,
            "known": null,
            "rfc": {"section": "RFC 3986 §3.3", "text": "path", "note": null},
            "verdict": null, "minimal": {"case": {"op": "parse", "input": "a"},
                "reference": "", "actual": "", "others": {}, "chain": []},
            "reproduction": null
        });
        let mut report: Report = serde_json::from_value(json).expect("a report");
        report.known = Some(KnownEntry {
            id: id.to_owned(),
            class: class.to_owned(),
            reason: String::new(),
            link: String::new(),
            upstream: None,
            seen_with: seen_with.iter().map(|s| (*s).to_owned()).collect(),
        });
        report
    }

    #[test]
    fn cells_say_how_each_parser_shows_each_departure() {
        let catalogue = Catalogue::parse(
            "entries:\n  - id: lax-path\n    implementations: [lax]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: !departure path-unchecked\n",
        )
        .expect("a catalogue");
        let candidate = crate::diff::Class::Departure.name();
        let reports = [
            report("lax", "lax-path", "documented deviation", &[]),
            report("go", "network-path-as-path", candidate, &["path-unchecked"]),
            report("go", "path-unchecked", candidate, &[]),
        ];
        let parsers = ["go".to_owned(), "lax".to_owned(), "strict".to_owned()];
        let table = build(&parsers, &reports, &catalogue);
        let path = Departure::from_id("path-unchecked").unwrap();
        let network = Departure::from_id("network-path-as-path").unwrap();
        assert_eq!(table.departures, [network, path]);
        assert_eq!(
            table.cells[&("lax".to_owned(), path)].seen,
            Seen::Documented
        );
        assert_eq!(table.cells[&("go".to_owned(), path)].seen, Seen::Candidate);
        assert_eq!(
            table.cells[&("go".to_owned(), path)].report,
            "go/path-unchecked.md"
        );
        assert_eq!(
            table.cells[&("go".to_owned(), network)].report,
            "go/network-path-as-path.md"
        );
        assert!(!table.cells.contains_key(&("lax".to_owned(), network)));
        let page = render(&table);
        // The summary counts each parser's departures by concern, each linked to its table.
        assert!(
            page.contains("| parser | [Scheme, slashes and what is a path](#structure) | [The characters a component takes](#characters) |"),
            "{page}"
        );
        assert!(
            page.contains("| go | 1 candidate | 1 candidate |"),
            "{page}"
        );
        assert!(page.contains("| lax |  | 1 documented |"), "{page}");
        // Each concern's table holds its own departures, and only the parsers that show one.
        let section = |anchor: &str| {
            let start = page
                .find(&format!("<a id=\"{anchor}\">"))
                .expect("a section");
            let rest = &page[start..];
            let end = rest[1..].find("<a id=").map_or(rest.len(), |i| i + 1);
            rest[..end].to_owned()
        };
        let structure = section("structure");
        assert!(
            structure.contains("| parser | `network-path-as-path` |\n|---|---|\n| go | [candidate](go/network-path-as-path.md) |\n"),
            "{structure}"
        );
        assert!(!structure.contains("| lax |"), "{structure}");
        let characters = section("characters");
        assert!(
            characters.contains("| go | [candidate](go/path-unchecked.md) |\n| lax | [documented](lax/lax-path.md) |\n"),
            "{characters}"
        );
        assert!(page.contains("seen in this run: strict."), "{page}");
    }
}
