//! Just enough HTTP/1.1 (RFC 9112) for the live page: one `GET` a connection, no body, the
//! connection closed after the answer. Every read is bounded: the request head in bytes and in
//! time, the query's values in length.

use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The most bytes a request head (request line and header fields) may take.
pub const HEAD_LIMIT: usize = 32 * 1024;

/// The time a client has to send its whole request head: a client that dribbles bytes holds
/// the server (which answers one connection at a time) no longer than this.
pub const HEAD_TIME: Duration = Duration::from_secs(5);

/// The most bytes an input or a base may take, decoded.
pub const VALUE_LIMIT: usize = 4096;

/// A request the server answers: its path and its query's name-value pairs, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Get {
    /// The path, as sent (`/`, `/api`, `/report/url/parse-...`).
    pub path: String,
    /// The query's pairs, `application/x-www-form-urlencoded` decoded, in order.
    pub query: Vec<(String, String)>,
}

impl Get {
    /// The first value of `name` in the query.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A request refused, with the status that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The status code.
    pub status: u16,
    /// What was wrong, for the body.
    pub message: String,
}

impl Refusal {
    fn new(status: u16, message: impl Into<String>) -> Self {
        Refusal {
            status,
            message: message.into(),
        }
    }
}

/// The reason phrase of the statuses this server sends.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        _ => "Internal Server Error",
    }
}

/// The address `--http` names, refused unless it is a loopback address: the page runs every
/// parser, external programs included, on whatever a visitor sends, so only this machine may
/// reach it. `localhost` stands for 127.0.0.1.
pub fn loopback_address(text: &str) -> Result<SocketAddr, String> {
    let address = match text.strip_prefix("localhost:") {
        Some(port) => port
            .parse::<u16>()
            .map(|port| SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port))
            .map_err(|_| format!("--http {text:?}: {port:?} is not a port"))?,
        None => text.parse::<SocketAddr>().map_err(|_| {
            format!("--http {text:?} is not an address and port like 127.0.0.1:8080")
        })?,
    };
    if !address.ip().is_loopback() {
        return Err(format!(
            "--http {text}: the page binds a loopback address only (127.0.0.1:PORT, [::1]:PORT \
             or localhost:PORT), since it runs every parser on whatever a visitor sends"
        ));
    }
    // Resolving checks nothing more for an IP address; it keeps `ToSocketAddrs` honest.
    address
        .to_socket_addrs()
        .map_err(|e| format!("--http {text}: {e}"))?
        .next()
        .ok_or_else(|| format!("--http {text}: no address"))
}

/// The `Host` values a request to the server bound at `address` may carry: its own address
/// and port, under any name that stands for it. A page of another site that a rebinding DNS
/// name points at this machine sends its own name, and is refused.
pub fn allowed_hosts(address: SocketAddr) -> Vec<String> {
    let port = address.port();
    vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ]
}

/// Reads a request head (up to the empty line) from `reader`, at most [`HEAD_LIMIT`] bytes;
/// `set_timeout` is called before each read with the time left until `deadline`.
pub fn read_head(
    reader: &mut impl Read,
    deadline: Instant,
    set_timeout: &mut dyn FnMut(Duration) -> io::Result<()>,
) -> Result<Vec<u8>, Refusal> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Refusal::new(408, "the request head took too long"));
        }
        set_timeout(left).map_err(|e| Refusal::new(400, e.to_string()))?;
        let read = match reader.read(&mut chunk) {
            Ok(0) => {
                return Err(Refusal::new(
                    400,
                    "the connection closed before the request ended",
                ));
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(Refusal::new(408, "the request head took too long"));
            }
            Err(e) => return Err(Refusal::new(400, e.to_string())),
        };
        // The end may straddle two reads: look from a little before the new bytes.
        let from = head.len().saturating_sub(3);
        head.extend_from_slice(&chunk[..read]);
        if let Some(end) = head[from..].windows(4).position(|w| w == b"\r\n\r\n") {
            head.truncate(from + end);
            return Ok(head);
        }
        if head.len() > HEAD_LIMIT {
            return Err(Refusal::new(
                431,
                format!("the request head is longer than {HEAD_LIMIT} bytes"),
            ));
        }
    }
}

/// Parses a request head: a `GET` of an origin-form target, with a `Host` among `hosts` and no
/// body.
pub fn parse_head(head: &[u8], hosts: &[String]) -> Result<Get, Refusal> {
    let text = std::str::from_utf8(head)
        .map_err(|_| Refusal::new(400, "the request head is not UTF-8"))?;
    let mut lines = text.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refusal::new(
            400,
            "the request line is not METHOD TARGET VERSION",
        ));
    };
    if !matches!(version, "HTTP/1.1" | "HTTP/1.0") {
        return Err(Refusal::new(400, format!("{version:?} is not HTTP/1.1")));
    }
    if method != "GET" {
        return Err(Refusal::new(405, format!("{method} is not GET")));
    }
    let mut host = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(Refusal::new(400, "a header field without a colon"));
        };
        let value = value.trim_matches([' ', '\t']);
        match name.to_ascii_lowercase().as_str() {
            "host" if host.is_some() => return Err(Refusal::new(400, "two Host fields")),
            "host" => host = Some(value),
            "content-length" if value != "0" => {
                return Err(Refusal::new(413, "a GET takes no body"));
            }
            "transfer-encoding" => return Err(Refusal::new(413, "a GET takes no body")),
            _ => {}
        }
    }
    let host = host.ok_or_else(|| Refusal::new(400, "no Host field"))?;
    if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(Refusal::new(
            403,
            format!("Host {host:?} is not this server's address"),
        ));
    }
    if !target.starts_with('/') {
        return Err(Refusal::new(400, "the target is not a path"));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let query = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            Ok((form_decoded(name)?, form_decoded(value)?))
        })
        .collect::<Result<Vec<_>, Refusal>>()?;
    if let Some((name, _)) = query.iter().find(|(_, v)| v.len() > VALUE_LIMIT) {
        return Err(Refusal::new(
            414,
            format!("{name} is longer than {VALUE_LIMIT} bytes"),
        ));
    }
    Ok(Get {
        path: path.to_owned(),
        query,
    })
}

/// A query name or value decoded: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
fn form_decoded(text: &str) -> Result<String, Refusal> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| Refusal::new(400, "a % in the query without two hex digits"))?;
                out.push(hex);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| Refusal::new(400, "the query is not UTF-8"))
}

/// Writes a whole answer and closes the exchange: what the page's scripts may do is kept to
/// this server's own files (`Content-Security-Policy`), and nothing is cached or sniffed.
pub fn write_answer(
    writer: &mut impl Write,
    status: u16,
    content_type: &str,
    body: &[u8],
) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status} {}\r\n\
         Content-Type: {content_type}\r\n\
         Content-Length: {}\r\n\
         Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'\r\n\
         X-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\n\
         Cache-Control: no-store\r\n\
         Connection: close\r\n\
         {}\r\n",
        reason(status),
        body.len(),
        if status == 405 { "Allow: GET\r\n" } else { "" },
    );
    writer.write_all(head.as_bytes())?;
    writer.write_all(body)?;
    writer.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts() -> Vec<String> {
        allowed_hosts("127.0.0.1:8080".parse().expect("an address"))
    }

    fn parsed(head: &str) -> Result<Get, Refusal> {
        parse_head(head.as_bytes(), &hosts())
    }

    fn status(head: &str) -> u16 {
        parsed(head).map_or_else(|r| r.status, |_| 200)
    }

    #[test]
    fn a_get_is_read_with_its_query_decoded() {
        let get = parsed(
            "GET /api?input=http%3A%2F%2Fa%2F%C3%A9+b&base=&rule=URI HTTP/1.1\r\nHost: localhost:8080\r\nUser-Agent: x",
        )
        .expect("a GET");
        assert_eq!(get.path, "/api");
        assert_eq!(get.value("input"), Some("http://a/é b"));
        assert_eq!(get.value("base"), Some(""));
        assert_eq!(get.value("rule"), Some("URI"));
        assert_eq!(get.value("normalize"), None);
    }

    #[test]
    fn bad_requests_are_refused_with_the_status_that_says_why() {
        let host = "\r\nHost: 127.0.0.1:8080";
        assert_eq!(status(&format!("POST /api HTTP/1.1{host}")), 405);
        assert_eq!(status(&format!("GET /api HTTP/2{host}")), 400);
        assert_eq!(status(&format!("GET  /api HTTP/1.1{host}")), 400);
        assert_eq!(status(&format!("GET http://a/ HTTP/1.1{host}")), 400);
        assert_eq!(status(&format!("GET /api?input=%4 HTTP/1.1{host}")), 400);
        assert_eq!(status(&format!("GET /api?input=%FF HTTP/1.1{host}")), 400);
        assert_eq!(
            status(&format!("GET /api HTTP/1.1{host}\r\nContent-Length: 5")),
            413
        );
        assert_eq!(status(&format!("GET /api HTTP/1.1{host}\r\nno colon")), 400);
        assert_eq!(status("GET /api HTTP/1.1"), 400);
        assert_eq!(status(&format!("GET /api HTTP/1.1{host}{host}")), 400);
        assert_eq!(status(&format!("GET / HTTP/1.1{host}")), 200);
        assert_eq!(
            parse_head(b"GET / HTTP/1.1\r\nHost: \xff", &hosts()).map_err(|r| r.status),
            Err(400)
        );
    }

    #[test]
    fn another_host_is_refused() {
        // A page of another site whose name a rebinding DNS points at 127.0.0.1 sends its own.
        assert_eq!(status("GET / HTTP/1.1\r\nHost: evil.example:8080"), 403);
        assert_eq!(status("GET / HTTP/1.1\r\nHost: 127.0.0.1:9999"), 403);
        assert_eq!(status("GET / HTTP/1.1\r\nHost: [::1]:8080"), 200);
    }

    #[test]
    fn an_oversize_value_or_head_is_refused() {
        let long = "a".repeat(VALUE_LIMIT + 1);
        let head = format!("GET /api?input={long} HTTP/1.1\r\nHost: 127.0.0.1:8080");
        assert_eq!(status(&head), 414);
        let fits = format!(
            "GET /api?input={} HTTP/1.1\r\nHost: 127.0.0.1:8080",
            &long[1..]
        );
        assert_eq!(status(&fits), 200);
        // A head that never ends is cut at the limit, not read on.
        let endless = vec![b'a'; HEAD_LIMIT * 4];
        let read = read_head(
            &mut endless.as_slice(),
            Instant::now() + HEAD_TIME,
            &mut |_| Ok(()),
        );
        assert_eq!(read.map_err(|r| r.status), Err(431));
    }

    #[test]
    fn a_head_is_read_to_its_empty_line_across_reads() {
        // One byte a read: the end of the head straddles reads.
        struct Dribble<'a>(&'a [u8]);
        impl Read for Dribble<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let Some((first, rest)) = self.0.split_first() else {
                    return Ok(0);
                };
                out[0] = *first;
                self.0 = rest;
                Ok(1)
            }
        }
        let mut timeouts = 0;
        let head = read_head(
            &mut Dribble(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nignored"),
            Instant::now() + HEAD_TIME,
            &mut |_| {
                timeouts += 1;
                Ok(())
            },
        )
        .expect("a head");
        assert_eq!(head, b"GET / HTTP/1.1\r\nHost: x");
        assert!(timeouts > 20, "the time left is set before every read");
        // A connection that closes early, and one whose time is up, are refused.
        let early = read_head(
            &mut Dribble(b"GET / HT"),
            Instant::now() + HEAD_TIME,
            &mut |_| Ok(()),
        );
        assert_eq!(early.map_err(|r| r.status), Err(400));
        let late = read_head(&mut Dribble(b"GET / HT"), Instant::now(), &mut |_| Ok(()));
        assert_eq!(late.map_err(|r| r.status), Err(408));
    }

    #[test]
    fn only_a_loopback_address_is_served() {
        assert_eq!(
            loopback_address("127.0.0.1:0").map(|a| a.ip().is_loopback()),
            Ok(true)
        );
        assert!(loopback_address("[::1]:8080").is_ok());
        assert_eq!(
            loopback_address("localhost:8080"),
            Ok("127.0.0.1:8080".parse().expect("an address"))
        );
        for outside in ["0.0.0.0:8080", "192.168.1.2:80", "[::]:8080", "10.0.0.1:1"] {
            let refused = loopback_address(outside).expect_err(outside);
            assert!(refused.contains("loopback address only"), "{refused}");
        }
        assert!(loopback_address("example.com:80").is_err());
        assert!(loopback_address("localhost:http").is_err());
    }

    #[test]
    fn an_answer_carries_its_length_and_keeps_scripts_to_the_server() {
        let mut out = Vec::new();
        write_answer(&mut out, 405, "text/plain; charset=utf-8", b"no").expect("written");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(
            text.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"),
            "{text}"
        );
        assert!(text.contains("Content-Length: 2\r\n"));
        assert!(text.contains("Allow: GET\r\n"));
        assert!(text.contains("script-src 'self'"));
        assert!(text.ends_with("\r\n\r\nno"));
    }
}
