//! Departures of a serializer: the ways a library writes the components it read otherwise than
//! RFC 3986 §5.3 recomposes them. A crate's round trip (parse, serialize, parse again) is
//! broken either by what its parser read, which §5.3 cannot write back (a path that starts
//! with "//" where the parser read no authority), or by its serializer leaving out what the
//! parser told apart; each is modelled here, so that a property failure is named by the
//! mechanism that makes it (`super::Engine::attributed`), not by the field it shows in.
//!
//! ```text
//! result = ""
//! if defined(scheme) then append scheme to result; append ":" to result;
//! if defined(authority) then append "//" to result; append authority to result;
//!                                       -- file-slashes-without-authority (the "//" alone)
//!                                       -- userinfo-empty-omitted, port-empty-omitted,
//!                                       --   host-empty-omitted (the "//" too),
//!                                       --   default-port-omitted,
//!                                       --   slashes-with-host-only (the "//" only before
//!                                       --   a host: a userinfo or a port held without
//!                                       --   one written after the scheme)
//! append path to result;               -- path-dot-segments-removed,
//!                                       -- slash-before-rootless-path (a "/" before a path
//!                                       --   that has none, after an authority)
//! if defined(query) then append "?" to result; append query to result;
//!                                       -- query-empty-omitted
//! if defined(fragment) then append "#" to result; append fragment to result;
//!                                       -- fragment-empty-omitted
//! ```
//!
//! and, for every component, refused-characters-encoded: a character its rule refuses is
//! written percent-encoded (UTF-8, then `%XX`), a "%" that starts no triplet as "%25".

use super::compare::default_port;
use super::departures::component_rule;
use crate::model::{Blindness, Components, Field};

/// A serializer's departure from §5.3: see the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Serializing {
    /// A component that is there but empty is written as absent: its delimiter is left out
    /// (`//@h` is written `//h`, `a:?` is written `a:`), where §5.3 appends the delimiter for
    /// every defined component, empty or not. For the port, RFC 3986 §3.2.3 says "URI
    /// producers and normalizers should omit the port component and its ":" delimiter if port
    /// is empty": a parser that keeps the empty port apart from none then reads back another
    /// URI than it wrote.
    EmptyOmitted(Field),
    /// "//" is written after the scheme `file` where there is no authority (`file:/a` is
    /// written `file:///a`, `file:a` as `file://a`), where §5.3 writes "//" only "if
    /// defined(authority)": guzzlehttp/psr7's `Uri::composeComponents` ("if ($authority !=
    /// '' || $scheme === 'file') { $uri .= '//'.$authority; }"), Ruby's `URI::Generic#to_s`
    /// for a path that is no opaque part ("if @host || %w[file postgres].include?(@scheme)"),
    /// libcurl's `curl_url_get` for a file URL; what it writes reads back with an empty
    /// authority, or with a host taken from a rootless path.
    FileSlashesWithoutAuthority,
    /// The port is left out where it is the scheme's default (`http://h:80` is written
    /// `http://h`), as §6.2.3's scheme-based normalization allows a normalizer, where §5.3
    /// writes every component as it is.
    DefaultPortOmitted,
    /// The "//" is written only before a host: a userinfo or a port the library holds without
    /// a host (an empty host held as none) is written without it, right after the scheme
    /// (`//:0` held as no host and the port 0 is written `:0`), where §5.3 writes "//" and
    /// the authority for every defined authority. Ruby's URI::Generic#to_s: "if @host ||
    /// %w[file postgres].include?(@scheme) str << '//'", then the userinfo and the port
    /// whatever the host (the two schemes' exception is no part of the model). Changes
    /// nothing where every authority has its host.
    SlashesWithHostOnly,
    /// A character a component's rule refuses is written percent-encoded (its UTF-8 octets as
    /// `%XX`, a "%" that starts no triplet as "%25"), where §5.3 writes each component as it
    /// is: the serializer writes a URI the RFC reads for components its parser should not have
    /// taken.
    RefusedEncoded,
    /// The path is written with its dot-segments removed, as RFC 3986 §5.2.4's
    /// remove_dot_segments removes them (`a:.` is written `a:`, `/a/../b` as `/b`), where
    /// §5.3 appends the path as it is (uri-js's `serialize`: `s = removeDotSegments(s)`
    /// unless `options.absolutePath`), so that what it writes reads back with another path:
    /// §5.2.4 is a step of resolution, and of normalization (§6.2.2.3), not of recomposition.
    PathDotSegmentsRemoved,
    /// A path that does not start with "/" is written with a "/" before it where an authority
    /// is written (the authority "h" and the path "a" as `//h/a`), where §5.3 appends the path
    /// as it is. RFC 3986 §3.3 wants a path after an authority to be empty or begin with "/",
    /// so only a parser that read a rootless path after an authority (a port ended at its
    /// first non-digit, `//h:1a` as the port "1" and the path "a") holds one; what the
    /// serializer writes then reads back with another path ("/a"). uri-js's `serialize`
    /// (dist/es5/uri.all.js line 1037) and fast-uri's (index.js line 289): `if
    /// (components.path && components.path.charAt(0) !== "/") uriTokens.push("/")` after the
    /// authority; guzzlehttp/psr7's `Uri::composeComponents` and Poco's `URI::toString` do so
    /// too.
    SlashBeforeRootlessPath,
    /// The userinfo is written only beside a host or a port that is not empty: where both
    /// are empty it is left out with its "@", and the "//" written alone (`//u@` is written
    /// `//`), where §5.3 writes the authority as it is. Node's legacy `url.format` (lib/url.js
    /// lines 645-655): `if (this.host) { host = auth + this.host }`, `this.host` being the
    /// hostname and the port, so an empty one writes no `auth`.
    UserinfoOfEmptyHostOmitted,
    /// The fragment is never written, "#" and all (`a:b#c` is written `a:b`), where §5.3
    /// appends "#" and the fragment for every defined one: what it writes reads back with no
    /// fragment. uri-js's and fast-uri's ws and wss handlers (`serialize`, "forbid fragment
    /// component": `wsComponents.fragment = undefined`).
    FragmentOmitted,
    /// Not the serializer's writing but what it writes from: the library holds a component as
    /// its API reports it (the adapter's blind spot, which cites that API: an empty host held
    /// as none, a port as a number), so that what it reads back from its own string is not
    /// what the text says: `a:////` is held as no host and the path "//", written `a://`,
    /// which reads back as an empty host. Found where the round trip is reproduced only with
    /// the blind spot applied to the model's answer; never searched for alone.
    Held(Field, Blindness),
}

impl Serializing {
    /// Every serializer departure, in the order the search tries them.
    pub const ALL: [Serializing; 13] = [
        Serializing::EmptyOmitted(Field::Userinfo),
        Serializing::EmptyOmitted(Field::Port),
        Serializing::EmptyOmitted(Field::Query),
        Serializing::EmptyOmitted(Field::Fragment),
        Serializing::FragmentOmitted,
        Serializing::DefaultPortOmitted,
        Serializing::RefusedEncoded,
        Serializing::PathDotSegmentsRemoved,
        Serializing::SlashBeforeRootlessPath,
        Serializing::FileSlashesWithoutAuthority,
        Serializing::EmptyOmitted(Field::Host),
        Serializing::SlashesWithHostOnly,
        Serializing::UserinfoOfEmptyHostOmitted,
    ];

    /// Its name, which signs the reports it explains.
    pub fn id(self) -> String {
        match self {
            Serializing::Held(field, blindness) => match blindness {
                Blindness::EmptyIsUndefined => format!("{}-empty-held-as-absent", field.name()),
                Blindness::DefaultPortDropped => "port-default-held-as-absent".to_owned(),
                Blindness::Number => "port-held-as-number".to_owned(),
                Blindness::Decoded => format!("{}-held-decoded", field.name()),
                Blindness::Reencoded => format!("{}-held-reencoded", field.name()),
                Blindness::CaseFolded => format!("{}-held-case-folded", field.name()),
                Blindness::Hidden => format!("{}-not-held", field.name()),
            },
            Serializing::EmptyOmitted(field) => {
                format!("serializer-empty-{}-omitted", field.name())
            }
            Serializing::FragmentOmitted => "serializer-fragment-omitted".to_owned(),
            Serializing::UserinfoOfEmptyHostOmitted => {
                "serializer-userinfo-of-empty-host-omitted".to_owned()
            }
            Serializing::DefaultPortOmitted => "serializer-default-port-omitted".to_owned(),
            Serializing::SlashesWithHostOnly => "serializer-slashes-with-host-only".to_owned(),
            Serializing::RefusedEncoded => "serializer-refused-characters-encoded".to_owned(),
            Serializing::PathDotSegmentsRemoved => {
                "serializer-path-dot-segments-removed".to_owned()
            }
            Serializing::SlashBeforeRootlessPath => {
                "serializer-slash-before-rootless-path".to_owned()
            }
            Serializing::FileSlashesWithoutAuthority => {
                "serializer-file-slashes-without-authority".to_owned()
            }
        }
    }

    /// The component it is one face of, where its mechanism is one rule applied to a
    /// component: a component held as its API reports it, an empty one left out (but for the
    /// host, whose "//" goes with it: the authority left out, another mechanism).
    pub fn component(self) -> Option<Field> {
        match self {
            Serializing::Held(field, _) => Some(field),
            Serializing::EmptyOmitted(Field::Host) => None,
            Serializing::EmptyOmitted(field) => Some(field),
            Serializing::DefaultPortOmitted
            | Serializing::FragmentOmitted
            | Serializing::UserinfoOfEmptyHostOmitted
            | Serializing::RefusedEncoded
            | Serializing::PathDotSegmentsRemoved
            | Serializing::SlashBeforeRootlessPath
            | Serializing::FileSlashesWithoutAuthority
            | Serializing::SlashesWithHostOnly => None,
        }
    }

    /// The mechanism a finding it explains is filed under, whatever component it shows in
    /// (`component-empty-held-as-absent`, `serializer-empty-component-omitted`): see
    /// [`super::departures::Departure::kind_id`].
    pub fn kind_id(self) -> String {
        super::departures::kind_of(&self.id(), self.component())
    }

    /// The departure named `id`.
    pub fn from_id(id: &str) -> Option<Serializing> {
        const BLINDNESS: [Blindness; 7] = [
            Blindness::EmptyIsUndefined,
            Blindness::Hidden,
            Blindness::Decoded,
            Blindness::CaseFolded,
            Blindness::Reencoded,
            Blindness::DefaultPortDropped,
            Blindness::Number,
        ];
        let held = Field::ALL.into_iter().flat_map(|field| {
            BLINDNESS
                .into_iter()
                .map(move |blindness| Serializing::Held(field, blindness))
        });
        Serializing::ALL
            .into_iter()
            .chain(held)
            .find(|s| s.id() == id)
    }

    /// What the serializer does, and the RFC text it departs from.
    pub fn description(self) -> String {
        match self {
            Serializing::Held(field, blindness) => format!(
                "the library holds the {} as its API reports it ({}), not as the text has it, so that what its serializer writes from its own parse reads back otherwise: a URI it parses is one it cannot write back, where RFC 3986 §5.3's recomposition of the components the text has gives them back",
                field.name(),
                blindness.name()
            ),
            Serializing::EmptyOmitted(Field::Host) => "the serializer leaves out an empty authority (an empty host, with no userinfo and no port to write) and the \"//\" before it, where RFC 3986 §5.3 writes \"//\" for every defined authority (\"if defined(authority) then append \"//\" to result\"), so that what it writes reads back with no authority, or with one read from a path that starts with \"//\"".to_owned(),
            Serializing::EmptyOmitted(field) => format!(
                "the serializer leaves out an empty {0} and its delimiter, which its parser tells from an absent one, where RFC 3986 §5.3 writes the delimiter of every defined component (\"if defined(...) then append ...\"), so that what it writes reads back with no {0}",
                field.name()
            ),
            Serializing::FragmentOmitted => "the serializer never writes the fragment nor its \"#\", where RFC 3986 §5.3 appends them for every defined fragment (\"if defined(fragment) then append \"#\" to result; append fragment to result\"), so that what it writes reads back with no fragment".to_owned(),
            Serializing::UserinfoOfEmptyHostOmitted => "the serializer leaves out the userinfo and its \"@\" where the host and the port are empty (\"//u@\" written \"//\"), where RFC 3986 §5.3 writes the authority as it is (\"append authority to result\"), so that what it writes reads back with no userinfo".to_owned(),
            Serializing::DefaultPortOmitted => "the serializer leaves out a port that is its scheme's default, where RFC 3986 §5.3 writes the authority as it is (leaving it out is §6.2.3's normalization, not recomposition), so that what it writes reads back with no port".to_owned(),
            Serializing::PathDotSegmentsRemoved => "the serializer removes the path's dot-segments (RFC 3986 §5.2.4's remove_dot_segments) before it writes it, where RFC 3986 §5.3 appends the path as it is (\"append path to result\"): removing them is a step of resolution and of normalization (§6.2.2.3), so what it writes reads back with another path (\"a:.\" written \"a:\")".to_owned(),
            Serializing::SlashBeforeRootlessPath => "the serializer writes a \"/\" before a path that does not start with one where it writes an authority, where RFC 3986 §5.3 appends the path as it is (\"append path to result\"), so that a rootless path its parser read after an authority (RFC 3986 §3.3: \"When authority is present, the path must either be empty or begin with a slash\") reads back as another path (the port \"1\" and the path \"a\" written \"//h:1/a\")".to_owned(),
            Serializing::FileSlashesWithoutAuthority => "the serializer writes \"//\" after the scheme \"file\" where the URI has no authority, where RFC 3986 §5.3 writes it only \"if defined(authority)\", so that what it writes reads back with an empty authority (\"file:/a\" written \"file:///a\") or with a host taken from a rootless path (\"file:a\" written \"file://a\")".to_owned(),
            Serializing::SlashesWithHostOnly => "the serializer writes \"//\" only before a host, and a userinfo or a port it holds without one (an empty host held as none) after the scheme without it, where RFC 3986 §5.3 writes \"//\" and the authority for every defined authority (\"if defined(authority) then append \"//\" to result; append authority to result\"), so that what it writes reads back with no authority, or not at all".to_owned(),
            Serializing::RefusedEncoded => "the serializer percent-encodes the characters a component's rule refuses, which its parser took as they are, where RFC 3986 §5.3 writes each component as it is: what it writes reads back with another component".to_owned(),
        }
    }

    /// The string a serializer with the departures `set` writes for `components` (§5.3
    /// where `set` is empty).
    pub fn serialize(set: &[Serializing], components: &Components) -> String {
        fn omitted<'c>(
            set: &[Serializing],
            field: Field,
            value: &'c Option<String>,
        ) -> Option<&'c str> {
            value
                .as_deref()
                .filter(|v| !(v.is_empty() && set.contains(&Serializing::EmptyOmitted(field))))
        }
        let encoded = |field: Field, value: &str| -> String {
            if set.contains(&Serializing::RefusedEncoded) {
                encode_refused(field, value)
            } else {
                value.to_owned()
            }
        };
        let mut result = String::new();
        let mut authority_written = false;
        if let Some(scheme) = &components.scheme {
            result.push_str(scheme);
            result.push(':');
        }
        let default = components.scheme.as_deref().and_then(default_port);
        let port = omitted(set, Field::Port, &components.port).filter(|port| {
            !(set.contains(&Serializing::DefaultPortOmitted) && Some(*port) == default)
        });
        let userinfo = omitted(set, Field::Userinfo, &components.userinfo).filter(|_| {
            !(set.contains(&Serializing::UserinfoOfEmptyHostOmitted)
                && components.host.as_deref().is_none_or(str::is_empty)
                && port.is_none_or(str::is_empty))
        });
        let authority_omitted = set.contains(&Serializing::EmptyOmitted(Field::Host))
            && components.host.as_deref() == Some("")
            && userinfo.is_none()
            && port.is_none();
        if components.host.is_none()
            && set.contains(&Serializing::FileSlashesWithoutAuthority)
            && components
                .scheme
                .as_deref()
                .is_some_and(|scheme| scheme.eq_ignore_ascii_case("file"))
        {
            result.push_str("//");
        }
        // A userinfo or a port held without a host, written without the "//".
        if components.host.is_none() && set.contains(&Serializing::SlashesWithHostOnly) {
            if let Some(userinfo) = userinfo {
                result.push_str(&encoded(Field::Userinfo, userinfo));
                result.push('@');
            }
            if let Some(port) = port {
                result.push(':');
                result.push_str(port);
            }
        }
        if let Some(host) = components.host.as_ref().filter(|_| !authority_omitted) {
            result.push_str("//");
            if let Some(userinfo) = userinfo {
                result.push_str(&encoded(Field::Userinfo, userinfo));
                result.push('@');
            }
            if host.starts_with('[') {
                result.push_str(host);
            } else {
                result.push_str(&encoded(Field::Host, host));
            }
            if let Some(port) = port {
                result.push(':');
                result.push_str(port);
            }
            authority_written = true;
        }
        let slash = authority_written
            && set.contains(&Serializing::SlashBeforeRootlessPath)
            && !components.path.is_empty()
            && !components.path.starts_with('/');
        if slash {
            result.push('/');
        }
        if set.contains(&Serializing::PathDotSegmentsRemoved) {
            let path = crate::reference::resolve::remove_dot_segments(&components.path);
            result.push_str(&encoded(Field::Path, &path));
        } else {
            result.push_str(&encoded(Field::Path, &components.path));
        }
        if let Some(query) = omitted(set, Field::Query, &components.query) {
            result.push('?');
            result.push_str(&encoded(Field::Query, query));
        }
        if let Some(fragment) = omitted(set, Field::Fragment, &components.fragment)
            .filter(|_| !set.contains(&Serializing::FragmentOmitted))
        {
            result.push('#');
            result.push_str(&encoded(Field::Fragment, fragment));
        }
        result
    }
}

/// `value` with every character `field`'s rule refuses percent-encoded, and every "%" that
/// starts no triplet written "%25".
fn encode_refused(field: Field, value: &str) -> String {
    let (class, _) = component_rule(field);
    let bytes = value.as_bytes();
    let mut out = String::with_capacity(value.len());
    for (i, c) in value.char_indices() {
        let triplet = c == '%'
            && bytes.len() > i + 2
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit();
        let allowed =
            c.is_ascii() && (class.contains(c as u8) || (field == Field::Path && c == '/'));
        if triplet || (allowed && c != '%') {
            out.push(c);
        } else {
            for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

impl<'de> serde::Deserialize<'de> for Serializing {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        Serializing::from_id(&id).ok_or_else(|| {
            let known: Vec<String> = Serializing::ALL.into_iter().map(Serializing::id).collect();
            serde::de::Error::custom(format!(
                "unknown serializer departure {id:?} (the library's: {}, or <field>-empty-held-as-absent and the other held data models)",
                known.join(", ")
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn components(text: &str) -> Components {
        let read = crate::reference::parse(text).expect(text);
        Components::from(&read)
    }

    #[test]
    fn without_departures_the_serializer_is_recomposition() {
        for text in [
            "a://u@h:1/p?q#f",
            "//@:?#",
            "a:",
            "/p",
            "?",
            "#",
            "a://[::1]:",
        ] {
            assert_eq!(Serializing::serialize(&[], &components(text)), text);
        }
    }

    #[test]
    fn an_empty_component_may_be_written_as_absent() {
        let c = components("a://@h:?#");
        let omit = |field| Serializing::serialize(&[Serializing::EmptyOmitted(field)], &c);
        assert_eq!(omit(Field::Userinfo), "a://h:?#");
        assert_eq!(omit(Field::Port), "a://@h?#");
        assert_eq!(omit(Field::Query), "a://@h:#");
        assert_eq!(omit(Field::Fragment), "a://@h:?");
        // An empty authority is left out with its "//", one with anything to write is not.
        let empty = |text: &str| {
            Serializing::serialize(&[Serializing::EmptyOmitted(Field::Host)], &components(text))
        };
        assert_eq!(empty("//"), "");
        assert_eq!(empty("a:////?#"), "a://?#");
        assert_eq!(empty("a://@"), "a://@");
        assert_eq!(empty("//:"), "//:");
        let both = [
            Serializing::EmptyOmitted(Field::Host),
            Serializing::EmptyOmitted(Field::Userinfo),
        ];
        assert_eq!(Serializing::serialize(&both, &components("//@/a")), "/a");
        // A component with a value is written.
        let full = components("a://u@h:1?q#f");
        for field in [Field::Userinfo, Field::Port, Field::Query, Field::Fragment] {
            let written = Serializing::serialize(&[Serializing::EmptyOmitted(field)], &full);
            assert_eq!(written, "a://u@h:1?q#f");
        }
    }

    /// Ruby's URI 0.11.0 (`URI.parse(text).to_s`, its empty host held as nil): "//:0" is
    /// written ":0", "a://u@:7/p" "a:u@:7/p", "////a" "//a".
    #[test]
    fn the_slashes_may_be_written_only_before_a_host() {
        let held = |text: &str| {
            let mut c = components(text);
            if c.host.as_deref() == Some("") {
                c.host = None;
            }
            c
        };
        let write = |c: &Components| Serializing::serialize(&[Serializing::SlashesWithHostOnly], c);
        assert_eq!(write(&held("//:0")), ":0");
        assert_eq!(write(&held("a://u@:7/p")), "a:u@:7/p");
        assert_eq!(write(&held("////a")), "//a");
        // An authority with its host is written whole, "//" and all.
        assert_eq!(write(&components("a://u@h:7/p")), "a://u@h:7/p");
        assert_eq!(write(&components("//:0")), "//:0");
        // Without the departure, no authority is written for a held none.
        assert_eq!(Serializing::serialize(&[], &held("//:0")), "");
    }

    /// Node's legacy url.format (lib/url.js lines 645-655): `if (this.host) host = auth +
    /// this.host`, the host being the hostname and the port: "//0@" (an empty host, read
    /// where "%" ended it) is written "//".
    #[test]
    fn the_userinfo_of_an_empty_host_may_be_left_out() {
        let write = |text: &str| {
            Serializing::serialize(
                &[Serializing::UserinfoOfEmptyHostOmitted],
                &components(text),
            )
        };
        assert_eq!(write("//0@/%25"), "///%25");
        assert_eq!(write("a://u:p@"), "a://");
        // Beside a host or a port, it is written.
        assert_eq!(write("//0@h/"), "//0@h/");
        assert_eq!(write("//0@:1"), "//0@:1");
        // With the empty authority left out too, nothing of it is written.
        let both = [
            Serializing::EmptyOmitted(Field::Host),
            Serializing::UserinfoOfEmptyHostOmitted,
        ];
        assert_eq!(
            Serializing::serialize(&both, &components("a://u@//x")),
            "a://x"
        );
    }

    /// uri-js's and fast-uri's ws handler: "forbid fragment component".
    #[test]
    fn the_fragment_may_never_be_written() {
        let write =
            |text: &str| Serializing::serialize(&[Serializing::FragmentOmitted], &components(text));
        assert_eq!(write("ws:#a"), "ws:");
        assert_eq!(write("ws://h/p?q#"), "ws://h/p?q");
        assert_eq!(write("ws://h/p?q"), "ws://h/p?q");
        // The empty fragment alone is another departure, which keeps a fragment with text.
        let empty = [Serializing::EmptyOmitted(Field::Fragment)];
        assert_eq!(
            Serializing::serialize(&empty, &components("ws:#a")),
            "ws:#a"
        );
    }

    #[test]
    fn a_default_port_may_be_left_out() {
        let omit = |text: &str| {
            Serializing::serialize(&[Serializing::DefaultPortOmitted], &components(text))
        };
        assert_eq!(omit("http://h:80/p"), "http://h/p");
        assert_eq!(omit("HTTPS://h:443"), "HTTPS://h");
        assert_eq!(omit("http://h:8080"), "http://h:8080");
        assert_eq!(omit("a://h:80"), "a://h:80");
    }

    #[test]
    fn refused_characters_may_be_written_encoded() {
        let taken = Components {
            scheme: Some("a".into()),
            userinfo: None,
            host: Some("h<".into()),
            port: None,
            path: "/\\ é%".into(),
            query: Some("[%41".into()),
            fragment: Some("#".into()),
        };
        assert_eq!(
            Serializing::serialize(&[Serializing::RefusedEncoded], &taken),
            "a://h%3C/%5C%20%C3%A9%25?%5B%41#%23"
        );
        // An IP literal is written as it is.
        let literal = components("//[::1]/a");
        assert_eq!(
            Serializing::serialize(&[Serializing::RefusedEncoded], &literal),
            "//[::1]/a"
        );
    }

    #[test]
    fn a_path_may_be_written_without_its_dot_segments() {
        let removed = |text: &str| {
            Serializing::serialize(&[Serializing::PathDotSegmentsRemoved], &components(text))
        };
        // uri-js 4.4.1's `serialize` (`s = removeDotSegments(s)`), RFC 3986 §5.2.4's steps.
        assert_eq!(removed("a:."), "a:");
        assert_eq!(removed("a://h/b/../c/./d?q#f"), "a://h/c/d?q#f");
        assert_eq!(removed("/a/.."), "/");
        // Near misses: a path without dot-segments is written as it is, and so are the
        // query's and the fragment's dots.
        assert_eq!(removed("a:b/c?./..#../."), "a:b/c?./..#../.");
        assert_eq!(removed("..a/.b"), "..a/.b");
    }

    #[test]
    fn a_rootless_path_after_an_authority_may_be_written_with_a_slash() {
        let written = |text: &str, path: &str| {
            let mut held = components(text);
            held.path = path.to_owned();
            Serializing::serialize(&[Serializing::SlashBeforeRootlessPath], &held)
        };
        // uri-js's `serialize` (`if (components.path && components.path.charAt(0) !== "/")
        // uriTokens.push("/")`): `//:%` read as the empty port and the path "%" is written
        // `//:/%`; `o://::` read as the path ":" is written `o://:/:`.
        assert_eq!(written("//:", "%"), "//:/%");
        assert_eq!(written("o://:", ":"), "o://:/:");
        assert_eq!(written("//u@h:1?q", "a/b"), "//u@h:1/a/b?q");
        // Near misses: a path that starts with "/" or is empty, and a rootless path without
        // an authority (§4.2's relative-path reference, §3.3's path-rootless), as they are.
        assert_eq!(written("//h", "/a"), "//h/a");
        assert_eq!(written("//h?q", ""), "//h?q");
        assert_eq!(written("a:", "b"), "a:b");
        assert_eq!(written("", "b/c"), "b/c");
    }

    #[test]
    fn a_file_uri_may_be_written_with_slashes_and_no_authority() {
        let written = |text: &str| {
            Serializing::serialize(
                &[Serializing::FileSlashesWithoutAuthority],
                &components(text),
            )
        };
        // guzzlehttp/psr7's composeComponents: "file:/a:" is "file:///a:", "file:.@." is
        // "file://.@." (which reads back with the userinfo ".").
        assert_eq!(written("file:/a:"), "file:///a:");
        assert_eq!(written("file:.@."), "file://.@.");
        assert_eq!(written("FILE:/x"), "FILE:///x");
        // Near misses: another scheme, and a file URI with an authority, empty or not.
        assert_eq!(written("a:/b"), "a:/b");
        assert_eq!(written("file:///x"), "file:///x");
        assert_eq!(written("file://h/x"), "file://h/x");
        assert_eq!(written("/x"), "/x");
    }

    #[test]
    fn ids_name_their_departures() {
        for departure in Serializing::ALL {
            assert_eq!(Serializing::from_id(&departure.id()), Some(departure));
        }
        assert_eq!(Serializing::from_id("path-unchecked"), None);
    }
}
