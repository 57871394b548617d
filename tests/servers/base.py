"""Threaded HTTP servers on 127.0.0.1 (a random free port): `ThreadedHttp` for any handler class,
`LoopbackServer` for one that hands requests to a callback."""

from __future__ import annotations

import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


@dataclass
class Request:
    method: str
    path: str  # unquoted path
    params: list[tuple[str, str]]
    body: bytes
    headers: dict[str, str]
    raw_path: str = ""  # the path as it came over the wire, percent-encoding kept

    def param(self, name: str, default: str | None = None) -> str | None:
        return next((v for k, v in self.params if k == name), default)


@dataclass
class Response:
    status: int = 200
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering
    drop: bool = False  # close the connection without answering
    after: Callable[[], None] | None = None  # called once the response has been written


Handler = Callable[[Request], Response]


class ThreadedHttp:
    """An HTTP server on a free port of ``host``, served from a daemon thread. Start with
    `start()` (or as a context manager); `url` is ``http://HOST:PORT``."""

    def __init__(self, handler_class: type[BaseHTTPRequestHandler], host: str = "127.0.0.1") -> None:
        self.httpd = ThreadingHTTPServer((host, 0), handler_class)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> Self:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class LoopbackServer(ThreadedHttp):
    """Hands each request to a callback. Start with `start()` (or as a context manager); `url`
    is ``http://127.0.0.1:PORT``."""

    def __init__(self, handler: Handler, host: str = "127.0.0.1") -> None:
        self.handler = handler
        outer = self

        class _H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # headers and body leave in two writes: Nagle + delayed ACK would add ~40 ms each
            disable_nagle_algorithm = True

            def log_message(self, *args: object) -> None:
                pass

            def _serve(self) -> None:
                parsed = urllib.parse.urlsplit(self.path)
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                req = Request(
                    method=self.command,
                    path=urllib.parse.unquote(parsed.path),
                    params=urllib.parse.parse_qsl(parsed.query, keep_blank_values=True),
                    body=body,
                    headers={k.lower(): v for k, v in self.headers.items()},
                    raw_path=parsed.path,
                )
                resp = outer.handler(req)
                if resp.delay:
                    import time

                    time.sleep(resp.delay)
                if resp.drop:
                    self.close_connection = True
                    return
                data = resp.body.encode("utf-8") if isinstance(resp.body, str) else resp.body
                try:
                    self.send_response(resp.status)
                    headers = {"content-type": "application/json", **resp.headers}
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    self.wfile.flush()
                    if resp.after is not None:
                        resp.after()
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

            do_GET = _serve
            do_POST = _serve

        # any 127.x.y.z is loopback on Linux: a second address plays "another host"
        super().__init__(_H, host)
