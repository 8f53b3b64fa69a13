//! A TCP listener that holds at most a given number of connections at once: the
//! next one is accepted when one closes. With the body limit this bounds the memory
//! that clients can make the server hold, however many connect.

use axum::serve::Listener;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// [`TcpListener`] with a cap on open connections.
#[derive(Debug)]
pub struct BoundedListener {
    inner: TcpListener,
    open: Arc<Semaphore>,
}

impl BoundedListener {
    /// At most `max` connections of `inner` open at once.
    pub fn new(inner: TcpListener, max: usize) -> BoundedListener {
        BoundedListener {
            inner,
            open: Arc::new(Semaphore::new(max.max(1))),
        }
    }
}

/// A connection, holding its place until dropped.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    _place: Option<OwnedSemaphorePermit>,
}

impl Listener for BoundedListener {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        // The semaphore is never closed, so acquiring waits rather than fails.
        let place = self.open.clone().acquire_owned().await.ok();
        loop {
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    let _ = stream.set_nodelay(true);
                    return (
                        Connection {
                            stream,
                            _place: place,
                        },
                        addr,
                    );
                }
                // Out of file descriptors and the like: wait a little and go on.
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
            }
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
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
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
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
