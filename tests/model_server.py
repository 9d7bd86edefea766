"""A real HTTP server on 127.0.0.1 serving one GGUF, with Range support and switchable faults.

Used by the download tests, the ``mneme models`` CLI tests and the Models page tests.
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Iterator


class ModelServer(ThreadingHTTPServer):
    """Serves one payload at /model.gguf."""

    daemon_threads = True

    def __init__(self, payload: bytes):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.payload = payload
        self.corrupt = False          # flip a byte in the middle
        self.cut_next = 0             # this many next responses stop halfway and drop the connection
        self.honour_range = True
        self.delay_per_chunk = 0.0    # seconds between 256 KiB chunks: slow enough to pause or cancel
        self.requests: list[str | None] = []   # the Range header of each request

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/model.gguf"


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):  # keep test output quiet
        pass

    def do_GET(self):
        server: ModelServer = self.server
        if self.path != "/model.gguf":
            self.send_error(404)
            return
        server.requests.append(self.headers.get("Range"))
        body = server.payload
        if server.corrupt:
            middle = len(body) // 2
            body = body[:middle] + bytes([body[middle] ^ 0xFF]) + body[middle + 1:]
        start = 0
        range_header = self.headers.get("Range")
        if range_header and server.honour_range:
            start = int(range_header.removeprefix("bytes=").split("-")[0])
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(body)}")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        else:
            self.send_response(200)
        part = memoryview(body)[start:]
        self.send_header("Content-Length", str(len(part)))
        self.end_headers()
        if server.cut_next:
            server.cut_next -= 1
            self.wfile.write(part[: len(part) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        chunk = 256 * 1024
        try:
            for offset in range(0, len(part), chunk):
                self.wfile.write(part[offset:offset + chunk])
                if server.delay_per_chunk:
                    time.sleep(server.delay_per_chunk)
        except (BrokenPipeError, ConnectionResetError):  # the client paused or cancelled
            pass


@contextmanager
def serving(payload: bytes) -> Iterator[ModelServer]:
    server = ModelServer(payload)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
