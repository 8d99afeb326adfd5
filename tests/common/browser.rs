//! Headless Chromium for the tests of pages: found on PATH (required where CI sets
//! `URI_CONFORMANCE_REQUIRE_BROWSER`), and a page's DOM once its scripts have run.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The browser on PATH; `None`, with a line saying so, on a machine without one, unless
/// `URI_CONFORMANCE_REQUIRE_BROWSER` is set (CI), where its absence fails the test.
pub fn found() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    if found.is_none() {
        let required = std::env::var_os("URI_CONFORMANCE_REQUIRE_BROWSER").is_some();
        assert!(
            !required,
            "URI_CONFORMANCE_REQUIRE_BROWSER is set and no chromium is installed (.ci/setup-browser installs it)"
        );
        eprintln!(
            "skipped: no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium, or .ci/setup-browser)"
        );
    }
    found
}

/// The DOM of `url` once its scripts have run, as headless Chromium dumps it, in a window of
/// `size` (width, height) when given.
pub fn dumped_dom(browser: &str, url: &str, size: Option<(u32, u32)>) -> String {
    let profile = std::env::temp_dir().join(format!(
        "browser-profile-{}-{}",
        std::process::id(),
        url.len()
    ));
    let mut command = Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        // Virtual time waits for the page's scripts (and fetches) before the DOM is dumped.
        "--virtual-time-budget=30000",
    ]);
    if let Some((width, height)) = size {
        command.arg(format!("--window-size={width},{height}"));
    }
    let mut child = command
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", url])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the browser starts");
    let mut stdout = child.stdout.take().expect("its output");
    let reader = std::thread::spawn(move || {
        let mut dom = String::new();
        let _ = stdout.read_to_string(&mut dom);
        dom
    });
    // A guard against a browser that never ends, not a measure of speed.
    let give_up = Instant::now() + Duration::from_secs(180);
    while child.try_wait().expect("the browser's status").is_none() {
        if Instant::now() > give_up {
            let _ = child.kill();
            panic!("the browser did not end within 180 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = std::fs::remove_dir_all(&profile);
    reader.join().expect("the DOM")
}
