//! The URL record, its serializer and the `URL` API's getters: the URL Standard §4.1 URL
//! representation (<https://url.spec.whatwg.org/#url-representation>), §4.5 URL serializing
//! (<https://url.spec.whatwg.org/#url-serializing>) and §6.1 URL class
//! (<https://url.spec.whatwg.org/#api>).

use super::host::Host;

/// "A URL is a struct that represents a universal identifier."
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Url {
    /// "A URL's scheme is an ASCII string that identifies the type of URL."
    pub scheme: String,
    /// "A URL's username is an ASCII string identifying a username. It is initially the empty
    /// string."
    pub username: String,
    /// "A URL's password is an ASCII string identifying a password. It is initially the empty
    /// string."
    pub password: String,
    /// "A URL's host is null or a host. It is initially null."
    pub host: Option<Host>,
    /// "A URL's port is either null or a 16-bit unsigned integer that identifies a networking
    /// port. It is initially null."
    pub port: Option<u16>,
    /// "A URL's path is either a URL path segment or a list of zero or more URL path
    /// segments."
    pub path: Path,
    /// "A URL's query is either null or an ASCII string. It is initially null."
    pub query: Option<String>,
    /// "A URL's fragment is either null or an ASCII string. It is initially null."
    pub fragment: Option<String>,
}

/// A URL's path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// "A URL has an opaque path if its path is a URL path segment."
    Opaque(String),
    /// A list of URL path segments.
    Segments(Vec<String>),
}

/// "A special scheme is an ASCII string that is listed in the first column of the following
/// table. The default port for a special scheme is listed in the second column on the same
/// row." `None` for a scheme that is not special; `Some(None)` for "file", whose default port
/// is null.
pub(crate) fn special_scheme_default_port(scheme: &str) -> Option<Option<u16>> {
    match scheme {
        "ftp" => Some(Some(21)),
        "file" => Some(None),
        "http" | "ws" => Some(Some(80)),
        "https" | "wss" => Some(Some(443)),
        _ => None,
    }
}

impl Url {
    /// A new URL: every field at its initial value (the scheme is set by the parser).
    pub(crate) fn new() -> Self {
        Url {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: Path::Segments(Vec::new()),
            query: None,
            fragment: None,
        }
    }

    /// "A URL is special if its scheme is a special scheme."
    pub(crate) fn is_special(&self) -> bool {
        special_scheme_default_port(&self.scheme).is_some()
    }

    /// "A URL includes credentials if its username or password is not the empty string."
    pub(crate) fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// "A URL has an opaque path if its path is a URL path segment."
    pub(crate) fn has_opaque_path(&self) -> bool {
        matches!(self.path, Path::Opaque(_))
    }

    /// "The URL path serializer takes a URL `url` and then runs these steps": the opaque path
    /// as it is, otherwise "/" before each segment.
    pub(crate) fn serialize_path(&self) -> String {
        match &self.path {
            Path::Opaque(path) => path.clone(),
            Path::Segments(segments) => {
                let mut output = String::new();
                for segment in segments {
                    output.push('/');
                    output.push_str(segment);
                }
                output
            }
        }
    }

    /// "The URL serializer takes a URL `url`, with an optional boolean `exclude fragment`
    /// (default false), and then runs these steps" (never excluding the fragment here).
    pub(crate) fn serialize(&self) -> String {
        self.serialize_with_dot_prefix(self.has_dot_prefix())
    }

    /// Whether the URL serializer writes "/." before the path (step 3 below): the host is
    /// null, the path is a list of more than one segment, and the first is empty.
    pub(crate) fn has_dot_prefix(&self) -> bool {
        matches!((&self.host, &self.path), (None, Path::Segments(segments))
            if segments.len() > 1 && segments[0].is_empty())
    }

    /// The URL serializer with "/." before the path exactly when `dot_prefix` is true, in place
    /// of step 3's test: for a crate that writes the prefix once and keeps it (url's setters,
    /// `crate::diff::models`).
    pub(crate) fn serialize_with_dot_prefix(&self, dot_prefix: bool) -> String {
        // 1. Let output be url's scheme and U+003A (:) concatenated.
        let mut output = format!("{}:", self.scheme);
        // 2. If url's host is non-null: "//", the credentials and "@" if it includes
        // credentials, the host serialized, and ":" and the port if it is non-null.
        if let Some(host) = &self.host {
            output.push_str("//");
            if self.includes_credentials() {
                output.push_str(&self.username);
                if !self.password.is_empty() {
                    output.push(':');
                    output.push_str(&self.password);
                }
                output.push('@');
            }
            output.push_str(&host.to_string());
            if let Some(port) = self.port {
                output.push_str(&format!(":{port}"));
            }
        }
        // 3. If url's host is null, url does not have an opaque path, url's path's size is
        // greater than 1, and url's path[0] is the empty string, then append U+002F (/)
        // followed by U+002E (.) to output.
        if dot_prefix {
            output.push_str("/.");
        }
        // 4. Append the result of URL path serializing url to output.
        output.push_str(&self.serialize_path());
        // 5. If url's query is non-null, append U+003F (?), followed by url's query.
        if let Some(query) = &self.query {
            output.push('?');
            output.push_str(query);
        }
        // 6. If exclude fragment is false and url's fragment is non-null, then append U+0023
        // (#), followed by url's fragment.
        if let Some(fragment) = &self.fragment {
            output.push('#');
            output.push_str(fragment);
        }
        output
    }

    /// The `href` getter: "return the result of running the URL serializer on this's URL".
    pub(crate) fn href(&self) -> String {
        self.serialize()
    }

    /// The `protocol` getter: "return this's URL's scheme, followed by U+003A (:)".
    pub(crate) fn protocol(&self) -> String {
        format!("{}:", self.scheme)
    }

    /// The `username` getter: "return this's URL's username".
    pub(crate) fn username(&self) -> &str {
        &self.username
    }

    /// The `password` getter: "return this's URL's password".
    pub(crate) fn password(&self) -> &str {
        &self.password
    }

    /// The `host` getter: "" for a null host; the host serialized, followed by ":" and the
    /// port when the port is non-null.
    pub(crate) fn host(&self) -> String {
        match (&self.host, self.port) {
            (None, _) => String::new(),
            (Some(host), None) => host.to_string(),
            (Some(host), Some(port)) => format!("{host}:{port}"),
        }
    }

    /// The `hostname` getter: "" for a null host, the host serialized otherwise.
    pub(crate) fn hostname(&self) -> String {
        self.host.as_ref().map_or_else(String::new, Host::to_string)
    }

    /// The `port` getter: "" for a null port, the port serialized otherwise.
    pub(crate) fn port(&self) -> String {
        self.port.map_or_else(String::new, |port| port.to_string())
    }

    /// The `pathname` getter: "return the result of URL path serializing this's URL".
    pub(crate) fn pathname(&self) -> String {
        self.serialize_path()
    }

    /// The `search` getter: "" when the query is null or the empty string, "?" and the query
    /// otherwise.
    pub(crate) fn search(&self) -> String {
        match self.query.as_deref() {
            None | Some("") => String::new(),
            Some(query) => format!("?{query}"),
        }
    }

    /// The `hash` getter: "" when the fragment is null or the empty string, "#" and the
    /// fragment otherwise.
    pub(crate) fn hash(&self) -> String {
        match self.fragment.as_deref() {
            None | Some("") => String::new(),
            Some(fragment) => format!("#{fragment}"),
        }
    }
}
