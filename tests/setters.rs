//! url's setters against the web-platform-tests setter cases, read from the committed
//! `data/wpt/setters_tests.json` (or the folder `$URI_CONFORMANCE_WPT` names).
//! Every case must pass but the known failures listed here, each with its reason; a listed case
//! that passes fails the test too, so the list cannot go stale.
#![cfg(feature = "url")]

use uri_conformance::setters;

/// Cases url 2.5.8 is known to fail (setter, href, new value): every one is in url's own list of
/// the web-platform-tests cases it fails, `url/tests/expected_failures.txt` in servo/rust-url
/// ("<href> set <setter> to <new value>"): trailing spaces of an opaque path kept when a hash or
/// search is removed, `/.` and `//` path prefixes of non-special URLs, `\\` and `//` in file
/// pathnames, an empty pathname of an URL with an empty host, tabs and newlines in a port; and
/// one the July 2026 cases added: an ASCII host whose `xn--` label does not decode is lowercased
/// and kept by the Standard's domain parser (whatwg/url#914), which url 2.5.8 refuses
/// (servo/rust-url#1135, open).
const KNOWN_FAILURES: &[(&str, &str, &str)] = &[
    ("host", "https://example.com/", "xn--"),
    ("hostname", "https://example.com/", "xn--"),
    (
        "hash",
        "data:space                                                                                                                                  #fragment",
        "",
    ),
    ("hash", "sc:space    #fragment", ""),
    ("hash", "data:space  ?query#fragment", ""),
    ("hash", "sc:space  ?query#fragment", ""),
    ("hostname", "non-spec:/.//p", "h"),
    ("hostname", "non-spec:/.//p", ""),
    ("pathname", "foo:///some/path", ""),
    (
        "pathname",
        "a:/",
        "\0\u{1}\t\n\r\u{1f} !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~\u{7f}\u{80}\u{81}Éé",
    ),
    ("pathname", "file://monkey/", "\\\\"),
    ("pathname", "file:///unicorn", "//\\/"),
    ("pathname", "file:///unicorn", "//monkey/..//"),
    ("pathname", "non-spec:/", "/.//p"),
    ("pathname", "non-spec:/", "/..//p"),
    ("pathname", "non-spec:/", "//p"),
    ("pathname", "non-spec:/.//", "p"),
    ("port", "https://domain.com:3000", "\n\n\t\t"),
    ("search", "data:space ?query", ""),
    ("search", "sc:space ?query", ""),
    ("search", "data:space  ?query#fragment", ""),
    ("search", "sc:space  ?query#fragment", ""),
];

#[test]
fn url_setters_follow_the_web_platform_tests() {
    let path = setters::default_path();
    let cases = setters::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(cases.len() > 100, "only {} setter cases", cases.len());
    let run = setters::run(&cases);
    let key = |c: &setters::SetterCase| (c.setter.clone(), c.href.clone(), c.new_value.clone());
    let failed: Vec<(String, String, String)> = run.failures.iter().map(|f| key(&f.case)).collect();
    let listed: Vec<(String, String, String)> = KNOWN_FAILURES
        .iter()
        .map(|(s, h, v)| ((*s).to_owned(), (*h).to_owned(), (*v).to_owned()))
        .collect();
    let unexpected: Vec<&(String, String, String)> =
        failed.iter().filter(|f| !listed.contains(f)).collect();
    let passing_listed: Vec<&(String, String, String)> =
        listed.iter().filter(|l| !failed.contains(l)).collect();
    // A result whose href does not parse back to itself is one of the known failures (the
    // Standard's expected values are idempotent, so a case that passes cannot show it).
    let not_idempotent: Vec<(String, String, String)> =
        run.not_idempotent.iter().map(|n| key(&n.case)).collect();
    for case in &not_idempotent {
        assert!(
            listed.contains(case),
            "{case:?}: its href does not parse back to itself"
        );
    }
    assert!(
        unexpected.is_empty() && passing_listed.is_empty(),
        "new failures: {unexpected:#?}\nlisted but passing: {passing_listed:#?}\n{}",
        setters::markdown(&run, &path.display().to_string())
    );
}
