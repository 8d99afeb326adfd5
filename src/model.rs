//! The data model shared by the vectors, the protocol and the harness: owned components, as
//! JSON and YAML spell them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::reference::{self, HostKind};

/// The seven components of a URI reference, owned. `None` is undefined, `Some("")` empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Components {
    /// `scheme`
    #[serde(deserialize_with = "nullable")]
    pub scheme: Option<String>,
    /// `userinfo`
    #[serde(deserialize_with = "nullable")]
    pub userinfo: Option<String>,
    /// `host`, brackets kept for an IP literal
    #[serde(deserialize_with = "nullable")]
    pub host: Option<String>,
    /// `port`
    #[serde(deserialize_with = "nullable")]
    pub port: Option<String>,
    /// `path`, always defined
    pub path: String,
    /// `query`
    #[serde(deserialize_with = "nullable")]
    pub query: Option<String>,
    /// `fragment`
    #[serde(deserialize_with = "nullable")]
    pub fragment: Option<String>,
}

impl Components {
    /// Borrows these components as the reference's type (with no host kind).
    pub fn as_reference(&self) -> reference::Components<'_> {
        reference::Components {
            scheme: self.scheme.as_deref(),
            userinfo: self.userinfo.as_deref(),
            host: self.host.as_deref(),
            port: self.port.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
            host_kind: None,
        }
    }

    /// The components as `name=value` pairs, `name=null` for undefined ones, for messages.
    pub fn describe(&self) -> String {
        let show = |name: &str, value: Option<&str>| match value {
            Some(v) => format!("{name}={v:?}"),
            None => format!("{name}=null"),
        };
        [
            show("scheme", self.scheme.as_deref()),
            show("userinfo", self.userinfo.as_deref()),
            show("host", self.host.as_deref()),
            show("port", self.port.as_deref()),
            show("path", Some(&self.path)),
            show("query", self.query.as_deref()),
            show("fragment", self.fragment.as_deref()),
        ]
        .join(" ")
    }
}

impl From<&reference::Components<'_>> for Components {
    fn from(c: &reference::Components<'_>) -> Self {
        Components {
            scheme: c.scheme.map(str::to_owned),
            userinfo: c.userinfo.map(str::to_owned),
            host: c.host.map(str::to_owned),
            port: c.port.map(str::to_owned),
            path: c.path.to_owned(),
            query: c.query.map(str::to_owned),
            fragment: c.fragment.map(str::to_owned),
        }
    }
}

/// A field that must be present and may be `null`: without this, serde would take a missing
/// key for `null`, and a vector could leave a component's definedness unsaid.
pub(crate) fn nullable<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

impl Serialize for HostKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for HostKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        HostKind::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown host kind {name:?} (expected reg-name, ipv4, ipv6 or ipvfuture)"
            ))
        })
    }
}
