//! `serve --http ADDRESS`: the live page. One types a URI (and a base, or asks a normalization)
//! and sees every parser's answer beside the reference's, each judged by the engine `diff`
//! uses: its verdict, the catalogue entry or kind of finding that is its cause, the RFC passage
//! and, when the reports on record hold its signature, a link to the report.
//!
//! A hand-written HTTP/1.1 server ([`http`]) on the loopback address only, reading at most
//! four connections at once and judging one case at a time: the page (`/`, `/page.js`, `/page.css`), the judgement as JSON
//! (`/api?input=...&base=...&normalize=syntax|scheme&rule=...&zone_id=1&non_strict=1`) and the
//! reports on record (`/report/IMPLEMENTATION/SIGNATURE`). A request costs at most its head's
//! limits in bytes and time ([`http::HEAD_LIMIT`], [`http::HEAD_TIME`]), an input of
//! [`http::VALUE_LIMIT`] bytes, and one case through the engine, whose time-outs bound every
//! implementation's answer.

pub mod http;

use std::net::{TcpListener, TcpStream};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use uri_conformance::diff::Engine;
use uri_conformance::protocol::{ParseRule, Request};
use uri_conformance::reference::{Level, Rule};
use uri_conformance::report::on_record::{Novelty, OnRecord};

use super::{Selection, fail};
use http::{Get, Refusal};

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The rules a parse may be asked by (RFC 3986's four).
const RULES: [Rule; 4] = [
    Rule::UriReference,
    Rule::Uri,
    Rule::AbsoluteUri,
    Rule::RelativeRef,
];

/// Connections read at once.
const CONNECTIONS: usize = 4;

/// How long writing an answer may take before the client is dropped.
const WRITE_TIME: Duration = Duration::from_secs(5);

/// What a closing connection may still send, read and dropped: in bytes, and in time.
const LINGER_BYTES: usize = 256 * 1024;
const LINGER_TIME: Duration = Duration::from_secs(1);

/// What the server holds: the engine and the reports on record.
pub struct Live {
    engine: Engine,
    /// Held while a case runs: one judgement at a time, whatever the connections.
    judging: Mutex<()>,
    record: Option<OnRecord>,
    hosts: Vec<String>,
}

/// `serve --http ADDRESS`.
pub fn serve(address: &str, selection: &Selection, record: Option<OnRecord>) -> ExitCode {
    let address = match http::loopback_address(address) {
        Ok(address) => address,
        Err(e) => return fail(e),
    };
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let listener = match TcpListener::bind(address) {
        Ok(listener) => listener,
        Err(e) => return fail(format!("--http {address}: {e}")),
    };
    let bound = match listener.local_addr() {
        Ok(bound) => bound,
        Err(e) => return fail(e),
    };
    let live = Live {
        engine,
        judging: Mutex::new(()),
        record,
        hosts: http::allowed_hosts(bound),
    };
    // The first line says where the page is (with port 0, the port the system chose).
    println!(
        "serving http://{bound}/ ({} implementations beside the reference; Ctrl-C stops)",
        live.engine.names().len()
    );
    // A small fixed pool reads requests, so that a connection a browser opens ahead and never
    // uses does not hold the others; the judgements themselves run one at a time.
    std::thread::scope(|scope| {
        for _ in 0..CONNECTIONS {
            scope.spawn(|| {
                for stream in listener.incoming() {
                    match stream {
                        Ok(stream) => live.exchange(stream),
                        Err(e) => eprintln!("warning: {e}"),
                    }
                }
            });
        }
    });
    ExitCode::SUCCESS
}

impl Live {
    /// Reads one request from `stream`, answers it and closes the connection.
    fn exchange(&self, mut stream: TcpStream) {
        let _ = stream.set_write_timeout(Some(WRITE_TIME));
        let deadline = Instant::now() + http::HEAD_TIME;
        let reader = stream.try_clone();
        let answer = match reader {
            Ok(mut reader) => http::read_head(&mut reader, deadline, &mut |left| {
                stream.set_read_timeout(Some(left))
            })
            .and_then(|head| http::parse_head(&head, &self.hosts))
            .and_then(|get| self.answer(&get)),
            Err(e) => Err(Refusal {
                status: 500,
                message: e.to_string(),
            }),
        };
        let (status, content_type, body) = match answer {
            Ok(answer) => (200, answer.0, answer.1),
            Err(refusal) => (
                refusal.status,
                "application/json",
                serde_json::json!({ "error": refusal.message })
                    .to_string()
                    .into_bytes(),
            ),
        };
        let _ = http::write_answer(&mut stream, status, content_type, &body);
        lingering_close(stream);
    }

    /// The answer to a request: its content type and body.
    fn answer(&self, get: &Get) -> Result<(&'static str, Vec<u8>), Refusal> {
        let not_found = || Refusal {
            status: 404,
            message: format!("no page {:?}", get.path),
        };
        match get.path.as_str() {
            "/" => Ok(("text/html; charset=utf-8", PAGE.as_bytes().to_vec())),
            "/page.js" => Ok(("text/javascript; charset=utf-8", SCRIPT.as_bytes().to_vec())),
            "/page.css" => Ok(("text/css; charset=utf-8", STYLE.as_bytes().to_vec())),
            "/api" => {
                let case = case_of(get)?;
                let run = {
                    let _one_at_a_time = self.judging.lock().unwrap_or_else(|e| e.into_inner());
                    self.engine.run(&case)
                };
                let mut value =
                    super::diff::json_of(&self.engine, &case, &run, self.record.as_ref());
                if let Some(fields) = value.as_object_mut() {
                    fields.insert(
                        "implementations".to_owned(),
                        serde_json::json!(self.engine.names()),
                    );
                }
                Ok(("application/json", value.to_string().into_bytes()))
            }
            path => {
                // Only a report the record holds, looked up by its signature: no path a
                // request names is ever opened.
                let signature = path.strip_prefix("/report/").ok_or_else(not_found)?;
                let Some(Novelty::OnRecord(file)) =
                    self.record.as_ref().map(|r| r.novelty(signature))
                else {
                    return Err(not_found());
                };
                let text =
                    uri_conformance::report::read_folder_file(&file).map_err(|e| Refusal {
                        status: 404,
                        message: e,
                    })?;
                Ok(("text/plain; charset=utf-8", text.into_bytes()))
            }
        }
    }
}

/// Closes a connection whose client may still be sending (a head refused for its size): what
/// it sends is read and dropped, up to a bound in bytes and time, before the socket closes, so
/// that unread bytes do not make the system reset the connection before the client reads the
/// answer.
fn lingering_close(mut stream: TcpStream) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(LINGER_TIME));
    let deadline = Instant::now() + LINGER_TIME;
    let mut dropped = 0;
    let mut chunk = [0u8; 4096];
    while dropped < LINGER_BYTES && Instant::now() < deadline {
        match std::io::Read::read(&mut stream, &mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => dropped += n,
        }
    }
}

/// The case a request asks: `input` parsed (by `rule`, with `zone_id`), resolved against
/// `base` (`non_strict`), or normalized (`normalize=syntax` or `scheme`).
pub fn case_of(get: &Get) -> Result<Request, Refusal> {
    let bad = |message: String| Refusal {
        status: 400,
        message,
    };
    let flag = |name: &str| matches!(get.value(name), Some("1" | "true" | "on"));
    let input = get
        .value("input")
        .ok_or_else(|| bad("no input".to_owned()))?
        .to_owned();
    let base = get.value("base").filter(|b| !b.is_empty());
    let normalize = get.value("normalize").filter(|n| !n.is_empty());
    let rule = get
        .value("rule")
        .filter(|r| !r.is_empty())
        .map(|rule| {
            Rule::from_name(rule).map(ParseRule::uri).ok_or_else(|| {
                bad(format!(
                    "rule {rule:?} is none of {}",
                    RULES.map(Rule::name).join(", ")
                ))
            })
        })
        .transpose()?;
    match (base, normalize) {
        (Some(_), Some(_)) => Err(bad("a base or a normalization, not both".to_owned())),
        (Some(base), None) => Ok(Request::Resolve {
            base: base.to_owned(),
            input,
            strict: !flag("non_strict"),
        }),
        (None, Some("syntax")) => Ok(Request::Normalize {
            input,
            level: Some(Level::Syntax),
        }),
        (None, Some("scheme")) => Ok(Request::Normalize {
            input,
            level: Some(Level::Scheme),
        }),
        (None, Some(other)) => Err(bad(format!(
            "normalize {other:?} is neither syntax nor scheme"
        ))),
        (None, None) => Ok(Request::Parse {
            input,
            rule,
            zone_id: flag("zone_id"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::http::{Get, parse_head};
    use super::{Live, case_of};
    use uri_conformance::diff::{Catalogue, Engine};
    use uri_conformance::protocol::Request;

    fn get(target: &str) -> Get {
        let head = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:1");
        parse_head(head.as_bytes(), &["127.0.0.1:1".to_owned()]).expect("a GET")
    }

    #[test]
    fn a_query_asks_a_parse_a_resolution_or_a_normalization() {
        assert_eq!(
            case_of(&get("/api?input=a%3Ab&rule=URI&zone_id=1")).expect("a case"),
            Request::Parse {
                input: "a:b".to_owned(),
                rule: Some(uri_conformance::reference::Rule::Uri.into()),
                zone_id: true
            }
        );
        assert_eq!(
            case_of(&get(
                "/api?input=..%2Fg&base=http%3A%2F%2Fa%2Fb%2Fc&normalize="
            ))
            .expect("a case"),
            Request::Resolve {
                base: "http://a/b/c".to_owned(),
                input: "../g".to_owned(),
                strict: true
            }
        );
        assert_eq!(
            case_of(&get("/api?input=HTTP%3A%2F%2Fa&normalize=scheme")).expect("a case"),
            Request::Normalize {
                input: "HTTP://a".to_owned(),
                level: Some(uri_conformance::reference::Level::Scheme)
            }
        );
        for refused in [
            "/api",
            "/api?input=a&rule=IRI",
            "/api?input=a&normalize=all",
            "/api?input=a&base=b%3A&normalize=syntax",
        ] {
            assert_eq!(
                case_of(&get(refused)).map_err(|r| r.status),
                Err(400),
                "{refused}"
            );
        }
    }

    #[test]
    fn the_api_judges_with_the_engine_and_only_known_reports_are_read() {
        let live = Live {
            judging: std::sync::Mutex::new(()),
            engine: Engine::in_thread(
                vec![std::sync::Arc::new(
                    uri_conformance::impls::reference::Reference,
                )],
                Catalogue::bundled(),
            ),
            record: None,
            hosts: Vec::new(),
        };
        let (kind, body) = live
            .answer(&get("/api?input=http%3A%2F%2Fa%2Fb"))
            .expect("judged");
        assert_eq!(kind, "application/json");
        let value: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(value["reference"]["components"]["host"], "a");
        assert!(live.answer(&get("/")).is_ok());
        for unknown in [
            "/report/url/x",
            "/report/../../etc/passwd",
            "/nothing",
            "/page.js/",
        ] {
            assert_eq!(
                live.answer(&get(unknown)).map(|_| ()).map_err(|r| r.status),
                Err(404),
                "{unknown}"
            );
        }
    }
}
