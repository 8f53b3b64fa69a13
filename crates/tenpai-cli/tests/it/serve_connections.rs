//! `tenpai serve`'s connection limits (issue 27): the cap on open connections, the
//! room made for a new client by closing the longest-idle one, the idle deadline.

use super::serve_api::{request, start_with};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A read that waits (up to the socket's read timeout) for the server's answer or
/// close, read again when a signal interrupts it (other tests start and stop
/// processes, whose signals may land on this thread).
pub(super) fn read_waiting(c: &mut TcpStream, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match c.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

/// With `--max-connections 2` and two connections whose requests are being answered
/// (their bodies still arriving), a third is not served until one of them ends; then
/// it is. A connection with a request in hand is never closed to make room.
#[test]
fn connections_beyond_the_cap_wait_their_turn() {
    let s = start_with(&["--max-connections", "2"]);
    let body = r#"{"hand": "123m456p789s1122z"}"#;
    let head = format!(
        "POST /api/shanten HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut busy1 = TcpStream::connect(&s.addr).unwrap();
    let mut busy2 = TcpStream::connect(&s.addr).unwrap();
    for b in [&mut busy1, &mut busy2] {
        b.write_all(head.as_bytes()).unwrap();
        b.write_all(&body.as_bytes()[..5]).unwrap();
    }
    // Both heads are in: both requests are in hand.
    std::thread::sleep(Duration::from_millis(200));
    let mut third = TcpStream::connect(&s.addr).unwrap();
    third.write_all(head.as_bytes()).unwrap();
    third.write_all(body.as_bytes()).unwrap();
    third
        .set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let mut buf = [0u8; 1];
    let waiting = read_waiting(&mut third, &mut buf);
    assert!(
        matches!(&waiting, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "a third connection is not served while two requests are in hand: {waiting:?}"
    );
    busy1.write_all(&body.as_bytes()[5..]).unwrap();
    let mut raw = String::new();
    busy1
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    busy1.read_to_string(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
    third
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut raw = String::new();
    third.read_to_string(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
    assert!(raw.contains("\"shanten\":0"), "{raw}");
}

/// With `--max-connections 2` and two idle connections open, a third is served at
/// once: it takes the place of the one that has waited longest (closed by the server),
/// the other stays open.
#[test]
fn a_new_connection_takes_the_place_of_the_longest_idle_one() {
    let s = start_with(&["--max-connections", "2", "--head-timeout", "60"]);
    let mut idle1 = TcpStream::connect(&s.addr).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let mut idle2 = TcpStream::connect(&s.addr).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let r = request(
        &s.addr,
        "POST",
        "/api/shanten",
        br#"{"hand": "123m456p789s1122z"}"#,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    idle1
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut rest = Vec::new();
    let closed = idle1.read_to_end(&mut rest);
    assert!(
        closed.is_ok()
            || matches!(&closed, Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset),
        "the oldest idle connection is closed: {closed:?}"
    );
    idle2
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let open = read_waiting(&mut idle2, &mut [0u8; 1]);
    assert!(
        matches!(&open, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "the newer idle connection stays open: {open:?}"
    );
}

/// A client that sends half a request header and goes silent loses its place after
/// the idle time: the server closes it, and the next connection (beyond a cap of one)
/// is served.
#[test]
fn a_silent_half_request_is_closed_after_the_idle_time() {
    let s = start_with(&[
        "--max-connections",
        "1",
        "--time-limit",
        "0.5",
        "--idle-timeout",
        "1",
    ]);
    let mut silent = TcpStream::connect(&s.addr).unwrap();
    silent
        .write_all(b"POST /api/shanten HTTP/1.1\r\nHo")
        .unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut rest = Vec::new();
    // The server ends the connection (an empty read or a reset), well before 30 s.
    let closed = silent.read_to_end(&mut rest);
    assert!(
        closed.is_ok()
            || matches!(&closed, Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset),
        "{closed:?}"
    );
    let r = request(
        &s.addr,
        "POST",
        "/api/shanten",
        br#"{"hand": "123m456p789s1122z"}"#,
    );
    assert_eq!(r.status, 200, "{}", r.body);
}
