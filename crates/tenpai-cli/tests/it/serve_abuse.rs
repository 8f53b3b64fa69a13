//! `tenpai serve` under abuse (issue 27, item 1): a swarm of clients that drip their
//! request heads a byte at a time does not stall anyone else, and a dripping client is
//! closed at the head deadline though every byte restarts the idle time. Loopback only,
//! bounded in connections and time; the swarm stops by itself.

use super::serve_api::start_with;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Connections in the swarm: more than the server's 256 places.
const SWARM: usize = 300;
/// The longest the swarm runs, whatever happens.
const SWARM_TIME: Duration = Duration::from_secs(8);

/// One `POST /api/shanten` on a new connection, answered within `limit` (connect,
/// send, read the whole answer), or why not.
fn probe(addr: SocketAddr, limit: Duration) -> Result<String, String> {
    let started = Instant::now();
    let mut s = TcpStream::connect_timeout(&addr, limit).map_err(|e| format!("connect: {e}"))?;
    s.set_read_timeout(Some(limit)).map_err(|e| e.to_string())?;
    let body = r#"{"hand": "123m456p789s1122z"}"#;
    let req = format!(
        "POST /api/shanten HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .map_err(|e| format!("send: {e}"))?;
    let mut raw = String::new();
    s.read_to_string(&mut raw)
        .map_err(|e| format!("read after {:?}: {e}", started.elapsed()))?;
    if started.elapsed() > limit {
        return Err(format!("answered after {:?}", started.elapsed()));
    }
    Ok(raw)
}

/// A swarm of 300 connections, each sending one header byte every 200 ms (and opening
/// again when the server closes it), runs for a few seconds against a server with 256
/// places: meanwhile every normal request is answered within a second (it takes a few
/// milliseconds unloaded), and the server closes swarm connections to make room.
#[test]
fn a_slow_header_swarm_does_not_stall_other_clients() {
    let s = start_with(&["--head-timeout", "2"]);
    let addr: SocketAddr = s.addr.parse().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicUsize::new(0));
    let closed_by_server = Arc::new(AtomicUsize::new(0));
    let head = b"POST /api/shanten HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let (stop, opened, closed) = (stop.clone(), opened.clone(), closed_by_server.clone());
            std::thread::spawn(move || {
                let started = Instant::now();
                let connect = || {
                    let c = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
                    c.set_write_timeout(Some(Duration::from_millis(200))).ok()?;
                    opened.fetch_add(1, Ordering::Relaxed);
                    Some((c, 0usize))
                };
                let mut conns: Vec<Option<(TcpStream, usize)>> =
                    (0..SWARM / 4).map(|_| connect()).collect();
                while !stop.load(Ordering::Relaxed) && started.elapsed() < SWARM_TIME {
                    for slot in conns.iter_mut() {
                        let byte = match slot {
                            Some((c, sent)) => {
                                let b = head.get(*sent).copied().unwrap_or(b'a');
                                match c.write(&[b]) {
                                    Ok(1) => {
                                        *sent += 1;
                                        true
                                    }
                                    _ => false,
                                }
                            }
                            None => false,
                        };
                        if !byte {
                            closed.fetch_add(1, Ordering::Relaxed);
                            *slot = connect();
                        }
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
            })
        })
        .collect();
    // The swarm takes every place first.
    std::thread::sleep(Duration::from_millis(1500));
    let mut answered = 0;
    for _ in 0..6 {
        match probe(addr, Duration::from_secs(1)) {
            Ok(raw) => {
                assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
                assert!(raw.contains("\"shanten\":0"), "{raw}");
                answered += 1;
            }
            Err(e) => {
                stop.store(true, Ordering::Relaxed);
                panic!("a normal request during the swarm: {e}");
            }
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(answered, 6);
    assert!(
        opened.load(Ordering::Relaxed) >= SWARM,
        "the swarm was there"
    );
    assert!(
        closed_by_server.load(Ordering::Relaxed) > 0,
        "the server closed swarm connections to make room"
    );
    // And it goes on serving once the swarm has gone.
    assert!(probe(addr, Duration::from_secs(1)).is_ok());
}

/// One client dripping a header byte every 200 ms is closed at the head deadline
/// (`--head-timeout 1`), well before the idle time (30 s), which each byte restarts.
#[test]
fn a_dripping_head_is_closed_at_the_head_deadline() {
    let s = start_with(&["--head-timeout", "1", "--idle-timeout", "30"]);
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let started = Instant::now();
    let head = b"POST /api/shanten HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    let mut closed = false;
    for &b in head.iter() {
        if c.write_all(&[b]).is_err() {
            closed = true;
            break;
        }
        // Waits 200 ms: closed (without an answer, or reset), or still open.
        let mut buf = [0u8; 64];
        match super::serve_connections::read_waiting(&mut c, &mut buf) {
            Ok(0) => {
                closed = true;
                break;
            }
            Ok(n) => panic!(
                "an answer to half a head: {:?}",
                String::from_utf8_lossy(&buf[..n])
            ),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
        if started.elapsed() > Duration::from_secs(15) {
            break;
        }
    }
    assert!(
        closed,
        "still open after {:?} of dripping",
        started.elapsed()
    );
    assert!(started.elapsed() < Duration::from_secs(15));
}
