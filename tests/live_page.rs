//! The live page (`serve --http`) in a real browser: the server started on an ephemeral port,
//! headless Chromium loads the page with an input in its address (the page's script asks `/api`
//! and fills the table, read from the DOM Chromium dumps), and, through chromedriver, a reader
//! types a URI and a base, presses the button and reads the table. Beside it, what the server
//! refuses, over a plain TCP connection.
//!
//! Chromium comes from Debian's `chromium` and `chromium-driver` packages, which `.ci/setup-browser` installs (`.ci/run`
//! calls it and sets `URI_CONFORMANCE_REQUIRE_BROWSER=1`, so that CI fails without it). Elsewhere
//! a machine without Chromium skips the browser part with a line saying so.

mod common;

use common::browser;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server started for one test, killed when the test ends.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(implementations: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_uri-conformance"));
        command.args(["serve", "--http", "127.0.0.1:0"]);
        for name in implementations {
            command.args(["--impl", name]);
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("its output"))
            .read_line(&mut first)
            .expect("its first line");
        let address = first
            .split_whitespace()
            .nth(1)
            .and_then(|url| url.strip_prefix("http://"))
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_owned();
        Server { child, address }
    }

    /// One request as raw bytes; the status code and the body.
    fn send(&self, request: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).expect("connected");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("a timeout");
        stream.write_all(request.as_bytes()).expect("sent");
        stream
            .shutdown(std::net::Shutdown::Write)
            .expect("the request ends");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {answer:?}"));
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        (status, body.to_owned())
    }

    fn get(&self, target: &str) -> (u16, String) {
        self.send(&format!(
            "GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n",
            self.address
        ))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The table row of `implementation` in a dumped DOM, from `<tr` to `</tr>`.
fn row<'a>(dom: &'a str, implementation: &str) -> &'a str {
    let start = dom
        .find(&format!("<tr data-implementation=\"{implementation}\""))
        .unwrap_or_else(|| panic!("no row for {implementation} in the page:\n{dom}"));
    let end = dom[start..].find("</tr>").map_or(dom.len(), |e| start + e);
    &dom[start..end]
}

#[cfg(all(feature = "url", feature = "rhymuri"))]
#[test]
fn the_page_shows_every_answer_with_its_verdict_in_a_browser() {
    let server = Server::start(&["url", "rhymuri"]);
    let Some(browser) = browser::found() else {
        return;
    };
    // `HTTP://EXAMPLE.com:/%7e`, as the form would put it in the address.
    let url = format!(
        "http://{}/?input=HTTP%3A%2F%2FEXAMPLE.com%3A%2F%257e",
        server.address
    );
    let dom = browser::dumped_dom(browser, &url, None);
    assert!(
        dom.contains("data-state=\"judged\""),
        "the page did not finish:\n{dom}"
    );
    // The reference's parse, shown as text.
    let reference = row(&dom, "reference");
    assert!(reference.contains("data-verdict=\"judge\""), "{reference}");
    assert!(
        reference.contains(r#"scheme="HTTP" userinfo=null host="EXAMPLE.com" port="" path="/%7e""#),
        "{reference}"
    );
    // url's "http://example.com/%7e" is what RFC 3986 calls the same (a scheme and a host in
    // lowercase, §3.1 and §3.2.2; an empty port left out, §3.2.3): it agrees.
    let url_row = row(&dom, "url");
    assert!(url_row.contains("data-verdict=\"agrees\""), "{url_row}");
    // rhymuri agrees through its blind spots (its path re-encoded), and the page says which.
    let rhymuri = row(&dom, "rhymuri");
    assert!(rhymuri.contains("data-verdict=\"agrees\""), "{rhymuri}");
    assert!(
        rhymuri.contains("through its blind spots: path re-encoded"),
        "{rhymuri}"
    );
    // What a program answers is put in the page as text: an input that looks like markup
    // stays text.
    let markup = format!(
        "http://{}/?input=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
        server.address
    );
    let dom = browser::dumped_dom(browser, &markup, None);
    assert!(dom.contains("data-state=\"judged\""), "{dom}");
    assert!(!dom.contains("<img"), "{dom}");
    assert!(dom.contains("&lt;img src=x onerror=alert(1)&gt;"), "{dom}");
}

/// A WebDriver session of chromedriver over its HTTP interface (W3C WebDriver), just what the
/// typing test needs: open a page, find an element, type, click, run a script.
struct Driver {
    child: Child,
    address: String,
    session: String,
}

impl Driver {
    fn start() -> Option<Driver> {
        // A port the system is not using now: chromedriver takes a number, not 0.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let address = format!("127.0.0.1:{port}");
        let mut driver = Driver {
            child,
            address,
            session: String::new(),
        };
        let give_up = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(&driver.address).is_err() {
            assert!(Instant::now() < give_up, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = std::env::temp_dir().join(format!("live-page-driver-{}", std::process::id()));
        let created = driver.call(
            "POST",
            "/session",
            &serde_json::json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                format!("--user-data-dir={}", profile.display()),
            ]}}}}),
        );
        driver.session = created["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {created}"))
            .to_owned();
        Some(driver)
    }

    /// One WebDriver command; its `value`.
    fn call(&self, method: &str, path: &str, body: &serde_json::Value) -> serde_json::Value {
        let body = body.to_string();
        let mut stream = TcpStream::connect(&self.address).expect("chromedriver");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("a timeout");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .expect("sent");
        // chromedriver may keep the connection open: read the head, then Content-Length bytes.
        let mut reader = BufReader::new(stream);
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("a header line");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the body");
        let value: serde_json::Value = serde_json::from_slice(&body).unwrap_or_else(|e| {
            panic!(
                "{e}: chromedriver answered {:?}",
                String::from_utf8_lossy(&body)
            )
        });
        value["value"].clone()
    }

    fn session_call(&self, method: &str, path: &str, body: serde_json::Value) -> serde_json::Value {
        self.call(method, &format!("/session/{}{path}", self.session), &body)
    }

    fn script(&self, script: &str) -> serde_json::Value {
        self.session_call(
            "POST",
            "/execute/sync",
            serde_json::json!({"script": script, "args": []}),
        )
    }

    fn element(&self, css: &str) -> String {
        let found = self.session_call(
            "POST",
            "/element",
            serde_json::json!({"using": "css selector", "value": css}),
        );
        found["element-6066-11e4-a52e-4f735466cecf"]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {found}"))
            .to_owned()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.call(
                    "DELETE",
                    &format!("/session/{}", self.session),
                    &serde_json::json!({}),
                )
            }));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(feature = "url")]
#[test]
fn one_types_a_uri_and_a_base_and_reads_the_table() {
    let found = Command::new("chromedriver")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        let required = std::env::var_os("URI_CONFORMANCE_REQUIRE_BROWSER").is_some();
        assert!(
            !required,
            "URI_CONFORMANCE_REQUIRE_BROWSER is set and no chromedriver is installed (.ci/setup-browser installs it)"
        );
        eprintln!(
            "skipped: no chromedriver on PATH (Debian: apt-get install chromium-driver, or .ci/setup-browser)"
        );
        return;
    }
    let server = Server::start(&["url"]);
    let driver = Driver::start().expect("chromedriver starts");
    driver.session_call(
        "POST",
        "/url",
        serde_json::json!({"url": format!("http://{}/", server.address)}),
    );
    // Type a reference and a base, as a reader would, and press the button.
    for (field, text) in [("#input", "../g"), ("#base", "http://a/b/c/d;p?q")] {
        let element = driver.element(field);
        driver.session_call(
            "POST",
            &format!("/element/{element}/value"),
            serde_json::json!({"text": text}),
        );
    }
    let button = driver.element("button[type=submit]");
    driver.session_call(
        "POST",
        &format!("/element/{button}/click"),
        serde_json::json!({}),
    );
    let give_up = Instant::now() + Duration::from_secs(120);
    while driver.script("return document.body.dataset.state || ''") != "judged" {
        assert!(
            Instant::now() < give_up,
            "the page never showed a judgement"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let table: Vec<Vec<String>> = serde_json::from_value(driver.script(
        "return [...document.querySelectorAll('#rows tr')].map(tr => \
         [tr.dataset.implementation, tr.dataset.verdict, tr.children[1].textContent])",
    ))
    .expect("the rows");
    assert_eq!(
        table[0],
        ["reference", "judge", "target \"http://a/b/g\""],
        "{table:?}"
    );
    assert_eq!(
        table[1],
        ["url", "agrees", "target \"http://a/b/g\""],
        "{table:?}"
    );
    // The address now holds the case, so that the judgement can be linked to.
    let address = driver.session_call("GET", "/url", serde_json::json!({}));
    assert!(
        address
            .as_str()
            .is_some_and(|a| a.contains("input=..%2Fg") && a.contains("base=http%3A%2F%2Fa")),
        "{address}"
    );
}

#[test]
fn the_server_refuses_what_it_does_not_serve() {
    let server = Server::start(&["reference"]);
    let (status, body) = server.get("/api?input=http%3A%2F%2Fa%2Fb");
    assert_eq!(status, 200, "{body}");
    let value: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(value["reference"]["components"]["host"], "a");
    assert_eq!(server.get("/api").0, 400);
    assert_eq!(server.get("/api?input=a&rule=IRI").0, 400);
    assert_eq!(server.get("/nothing").0, 404);
    assert_eq!(server.get("/report/url/..%2F..%2FCargo.toml").0, 404);
    let long = "a".repeat(5000);
    assert_eq!(server.get(&format!("/api?input={long}")).0, 414);
    let huge = "b".repeat(64 * 1024);
    assert_eq!(
        server
            .send(&format!(
                "GET /?x={huge} HTTP/1.1\r\nHost: {}\r\n\r\n",
                server.address
            ))
            .0,
        431
    );
    assert_eq!(
        server
            .send(&format!(
                "POST /api HTTP/1.1\r\nHost: {}\r\n\r\n",
                server.address
            ))
            .0,
        405
    );
    assert_eq!(
        server
            .send("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n")
            .0,
        403
    );
    // After all that, the server still answers.
    assert_eq!(server.get("/").0, 200);
}

#[test]
fn the_page_is_served_on_the_loopback_address_only() {
    let output = Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
        .args(["serve", "--http", "0.0.0.0:0", "--impl", "reference"])
        .output()
        .expect("serve runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("loopback address only"), "{stderr}");
}
