"""A detached stream's socket: the standard library's own (not gevent's cooperative one, which
keeps two event-loop watchers a socket), non-blocking, and a wait for it to take more bytes that
under gevent yields to the event loop."""

from __future__ import annotations

import os
import selectors
import socket

from gevent import monkey


def detached_socket(connection: socket.socket) -> socket.socket:
    """A non-blocking socket of the connection's own, which outlives the server's closing of
    `connection` (a duplicate of its descriptor)."""
    plain = monkey.get_original("socket", "socket") if monkey.is_module_patched("socket") else socket.socket
    sock = plain(fileno=os.dup(connection.fileno()))
    sock.setblocking(False)
    return sock


def wait_writable(sock: socket.socket, timeout: float) -> bool:
    """Wait until `sock` takes more bytes; False after `timeout` seconds."""
    if monkey.is_module_patched("socket"):
        from gevent.socket import wait_write

        try:
            wait_write(sock.fileno(), timeout=timeout)
        except socket.timeout:
            return False
        return True
    with selectors.DefaultSelector() as selector:
        selector.register(sock, selectors.EVENT_WRITE)
        return bool(selector.select(timeout))
