//! A TCP listener that holds at most a given number of connections at once. With the
//! body limit this bounds the memory that clients can make the server hold, however
//! many connect. Slots come back, so that clients that send nothing useful cannot
//! keep others out:
//!
//! - **Head deadline**: a request head (request line and headers) must arrive whole
//!   within the head time, counted from the connection's accept for its first request
//!   and from the first byte for the next ones; a client that drips a header byte by
//!   byte is closed then (the idle time restarts with every byte; this does not).
//! - **Idle time**: a connection on which nothing is read or written for the idle time
//!   is closed (silent clients, or one that sends half a head and stops).
//! - **Room for the new**: when every place is taken, the next connection accepted
//!   takes the place of the one that has waited longest without a request being
//!   answered on it (reading a head, or idle between requests); a connection whose
//!   request is being answered is never closed for this. So a swarm of slow or silent
//!   connections churns among itself while other clients are served.
//!
//! Which connections have a request in hand is told by [`track_requests`], the
//! router's outermost layer, through the [`ConnTag`] each connection hands to axum
//! (`into_make_service_with_connect_info`).

use axum::extract::connect_info::Connected;
use axum::extract::{ConnectInfo, Request};
use axum::middleware::Next;
use axum::response::Response;
use axum::serve::{IncomingStream, Listener};
use std::future::Future as _;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The limits of [`BoundedListener`].
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Connections open at once.
    pub max: usize,
    /// Time without a byte read or written before a connection is closed.
    pub idle: Duration,
    /// Time a request head may take to arrive whole.
    pub head: Duration,
}

/// [`TcpListener`] with a cap on open connections (see the [module](self)).
#[derive(Debug)]
pub struct BoundedListener {
    inner: TcpListener,
    open: Arc<Semaphore>,
    limits: ConnLimits,
    live: Vec<Weak<ConnState>>,
    epoch: Instant,
}

impl BoundedListener {
    /// At most `limits.max` connections of `inner` open at once.
    pub fn new(inner: TcpListener, limits: ConnLimits) -> BoundedListener {
        BoundedListener {
            inner,
            open: Arc::new(Semaphore::new(limits.max.max(1))),
            limits,
            live: Vec::new(),
            epoch: Instant::now(),
        }
    }

    /// Every place is taken: close the connection that has waited longest without a
    /// request in hand, if there is one (it gives its place back as it closes).
    fn make_room(&mut self) {
        self.live.retain(|w| w.strong_count() > 0);
        let victim = self
            .live
            .iter()
            .filter_map(Weak::upgrade)
            .filter(|c| {
                c.in_flight.load(Ordering::Acquire) == 0 && !c.evicted.load(Ordering::Acquire)
            })
            .min_by_key(|c| c.waiting_since.load(Ordering::Acquire));
        if let Some(c) = victim {
            c.evicted.store(true, Ordering::Release);
            c.wake();
        }
    }
}

/// What the listener and the request layer know of one connection.
#[derive(Debug)]
pub struct ConnState {
    /// Requests being answered on it.
    in_flight: AtomicUsize,
    /// Requests begun on it so far.
    begun: AtomicU64,
    /// Since when it waits without a request in hand (microseconds since the
    /// listener's start): its accept, or the end of its last answer.
    waiting_since: AtomicU64,
    /// Closed to make room for a new connection.
    evicted: AtomicBool,
    /// The task reading it, woken to close it.
    reader: Mutex<Option<Waker>>,
    epoch: Instant,
}

impl ConnState {
    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_micros()).unwrap_or(u64::MAX)
    }

    fn wake(&self) {
        if let Some(w) = self.reader.lock().ok().and_then(|mut r| r.take()) {
            w.wake();
        }
    }
}

/// A request being answered: the connection is busy until this is dropped.
#[derive(Debug)]
struct InHand(Arc<ConnState>);

impl InHand {
    fn new(c: Arc<ConnState>) -> InHand {
        c.in_flight.fetch_add(1, Ordering::AcqRel);
        c.begun.fetch_add(1, Ordering::AcqRel);
        InHand(c)
    }
}

impl Drop for InHand {
    fn drop(&mut self) {
        self.0.waiting_since.store(self.0.now(), Ordering::Release);
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The connection a request came on, as axum hands it to the router
/// (`ConnectInfo<ConnTag>`).
#[derive(Debug, Clone)]
pub struct ConnTag(Arc<ConnState>);

impl Connected<IncomingStream<'_, BoundedListener>> for ConnTag {
    fn connect_info(stream: IncomingStream<'_, BoundedListener>) -> ConnTag {
        ConnTag(stream.io().state.clone())
    }
}

/// The router's outermost layer: marks the connection busy while its request is
/// answered (its head has arrived, so the head deadline no longer runs, and it is not
/// closed to make room). Requests without a [`ConnTag`] (tests calling the router
/// directly) pass through.
pub async fn track_requests(req: Request, next: Next) -> Response {
    let _in_hand = req
        .extensions()
        .get::<ConnectInfo<ConnTag>>()
        .map(|c| InHand::new(c.0 .0.clone()));
    next.run(req).await
}

/// A connection, holding its place until dropped.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    _place: Option<OwnedSemaphorePermit>,
    state: Arc<ConnState>,
    limits: ConnLimits,
    idle_deadline: Pin<Box<tokio::time::Sleep>>,
    head_deadline: Pin<Box<tokio::time::Sleep>>,
    /// The head being read: the count of requests begun when it started (`None`
    /// between a head's arrival and the next request's first byte).
    head_of: Option<u64>,
}

impl Connection {
    /// Some progress: the idle time starts again.
    fn touched(&mut self) {
        let at = tokio::time::Instant::now() + self.limits.idle;
        self.idle_deadline.as_mut().reset(at);
    }
}

impl Listener for BoundedListener {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        loop {
            let (stream, addr) = match self.inner.accept().await {
                Ok(c) => c,
                // Out of file descriptors and the like: wait a little and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let place = match self.open.clone().try_acquire_owned() {
                Ok(p) => p,
                Err(_) => {
                    self.make_room();
                    // The semaphore is never closed: this waits for a place (one the
                    // closed connection gives back, or one whose answer ends).
                    match self.open.clone().acquire_owned().await {
                        Ok(p) => p,
                        Err(_) => continue,
                    }
                }
            };
            let _ = stream.set_nodelay(true);
            let state = Arc::new(ConnState {
                in_flight: AtomicUsize::new(0),
                begun: AtomicU64::new(0),
                waiting_since: AtomicU64::new(0),
                evicted: AtomicBool::new(false),
                reader: Mutex::new(None),
                epoch: self.epoch,
            });
            state.waiting_since.store(state.now(), Ordering::Release);
            self.live.retain(|w| w.strong_count() > 0);
            self.live.push(Arc::downgrade(&state));
            return (
                Connection {
                    stream,
                    _place: Some(place),
                    state,
                    limits: self.limits,
                    idle_deadline: Box::pin(tokio::time::sleep(self.limits.idle)),
                    head_deadline: Box::pin(tokio::time::sleep(self.limits.head)),
                    head_of: Some(0),
                },
                addr,
            );
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.state.evicted.load(Ordering::Acquire) {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "closed to make room for a new connection",
            )));
        }
        let begun = self.state.begun.load(Ordering::Acquire);
        if self.head_of.is_some_and(|of| of != begun) {
            // The head arrived: its request has begun.
            self.head_of = None;
        }
        let before = buf.filled().len();
        match Pin::new(&mut self.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    self.touched();
                    if self.head_of.is_none() && self.state.in_flight.load(Ordering::Acquire) == 0 {
                        // The first byte of the next request: its head's time starts.
                        self.head_of = Some(begun);
                        let at = tokio::time::Instant::now() + self.limits.head;
                        self.head_deadline.as_mut().reset(at);
                    }
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => {
                if let Ok(mut r) = self.state.reader.lock() {
                    match r.as_ref() {
                        Some(w) if w.will_wake(cx.waker()) => {}
                        _ => *r = Some(cx.waker().clone()),
                    }
                }
                // Evicted between the check above and the waker being stored.
                if self.state.evicted.load(Ordering::Acquire) {
                    cx.waker().wake_by_ref();
                    return Poll::Pending;
                }
                if self.idle_deadline.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "connection idle for too long",
                    )));
                }
                let reading_head =
                    self.head_of.is_some() && self.state.in_flight.load(Ordering::Acquire) == 0;
                if reading_head && self.head_deadline.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "request head not received in time",
                    )));
                }
                Poll::Pending
            }
            other => other,
        }
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.stream).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = r {
            if n > 0 {
                self.touched();
            }
        }
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = r {
            if n > 0 {
                self.touched();
            }
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
