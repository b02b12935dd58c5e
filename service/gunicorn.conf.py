"""gunicorn settings: ``gunicorn -c service/gunicorn.conf.py service.wsgi:app``.

Environment (docs/deploy.md):

* ``BIND`` — the address, e.g. ``127.0.0.1:8000`` or ``unix:/run/advisor.sock``; default
  ``0.0.0.0:$PORT`` with ``PORT`` default 8000.
* ``WEB_CONCURRENCY`` — worker processes (default 2: one per core of the standard box;
  the advisor is pure Python, so a worker computes on one core).
* ``GUNICORN_THREADS`` — threads per worker (default 8). Threads let a worker answer
  ``/healthz`` and turn away surplus advice requests (503) while it computes one; keep
  them above ``ADVISOR_ADVICE_SLOTS + ADVISOR_ADVICE_QUEUE`` (default 1 + 4), and above
  ``ADVISOR_DB_POOL_SIZE`` (default 4), so that a slow database leaves threads free.
* ``CONTROL_SOCKET`` — the path of gunicorn's control socket (``gunicornc``), one per
  instance; without it there is none (gunicorn's default path is shared by every instance
  of a user on the host, and one instance's stop deletes it for the others).

What gunicorn answers itself (a request line over ``limit_request_line``: 414; too many
or too large header fields: 431; a malformed request: 400) is a problem+json like the
app's, with the security headers (:func:`_problem_error`), and no answer names the
server's software (``Server: chan-advisor``).
"""

from __future__ import annotations

import json
import os
import textwrap

import gunicorn.http.wsgi  # type: ignore[import-untyped]
import gunicorn.util  # type: ignore[import-untyped]

wsgi_app = "service.wsgi:app"
bind = os.environ.get("BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
preload_app = True  # import the app (and the library) once, before forking the workers
accesslog = "-"  # stdout
errorlog = "-"  # stderr
max_requests = 10000  # recycle a worker after this many requests (a safety net) …
max_requests_jitter = 1000  # … give or take, so the workers do not restart together
timeout = 30  # a worker silent this long is restarted (the app's deadlines are shorter)
graceful_timeout = 15  # on reload or stop, the time in-flight requests get to finish
keepalive = 5  # seconds an idle keep-alive connection (from a proxy) stays open

# What gunicorn reads before the app sees anything. A request line (method, path, query)
# of up to 8190 bytes — the most gunicorn allows — and header fields up to 8190 bytes,
# 100 of them, reach the app; past them gunicorn answers 414 or 431 (below).
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

control_socket = os.environ.get("CONTROL_SOCKET") or "gunicorn.ctl"
control_socket_disable = not os.environ.get("CONTROL_SOCKET")


def _problem_error(sock: object, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's own error answer (a request it could not read) as problem+json, with
    the app's security headers (service/headers.py): in place of its HTML page."""
    from service.headers import HEADERS

    kind = "-".join(reason.lower().split()) or "bad-request"
    body = json.dumps({"type": f"/problems/{kind}", "title": reason, "status": status_int,
                       "detail": textwrap.shorten(mesg, 200) or reason},
                      ensure_ascii=True).encode()
    head = [f"HTTP/1.1 {status_int} {reason}", "Connection: close",
            "Content-Type: application/problem+json", f"Content-Length: {len(body)}",
            f"Server: {SERVER}", *(f"{k}: {v}" for k, v in HEADERS.items()),
            "Cache-Control: no-store"]
    gunicorn.util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1")
                                 + body)


SERVER = "chan-advisor"
"""The ``Server`` header of every answer: the service, not its software and version."""
gunicorn.http.wsgi.SERVER = SERVER
gunicorn.util.write_error = _problem_error
