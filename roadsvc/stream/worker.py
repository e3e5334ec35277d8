"""roadsvc's gunicorn worker (what `roadsvc serve` runs by default, ROADSVC_SERVE_WORKER_CLASS=gevent):
gunicorn's gevent worker, with each live event stream detached from its request.

gunicorn hands a worker each new connection (`handle`). A connection whose first request opens
the event stream is served by roadsvc.stream.handshake, which calls the same WSGI app and then
detaches the stream (roadsvc.stream.detached): the connection's greenlet ends, and the stream
waits in the hub with no greenlet. Every other connection goes to gunicorn's gevent worker as it
is, and so does a stream requested on a connection that already carried another request (it is
then served as a WSGI response, as on any other server: correct, only larger).

Detached streams are no longer the server's connections: gunicorn's `worker_connections` bounds
the requests in flight, not the streams (the open-files limit does), and a worker that stops
(a restart, a graceful shutdown) closes them at once rather than waiting for them to end; the
displays reconnect with their Last-Event-ID and miss nothing.

gunicorn's master loads this class: roadsvc's stream modules are imported in the worker, as its
app is (`load_wsgi`), so a worker started by `roadsvc reload` runs the code on disk (roadsvc.serving).
"""

from __future__ import annotations

from gunicorn.workers.ggevent import GeventWorker


class StreamingWorker(GeventWorker):
    def load_wsgi(self):
        super().load_wsgi()
        from roadsvc.stream.handshake import serve_stream_request

        self.serve_stream_request = serve_stream_request

    def handle(self, listener, client, addr):
        client.setblocking(1)
        try:
            if not self.cfg.is_ssl and self.serve_stream_request(self.wsgi, client, addr):  # TLS: gunicorn's, as it is
                return
        except OSError as error:  # the display went away during its request
            self.log.debug("event stream request ended early: %s", error)
            return
        super().handle(listener, client, addr)
