"""Security headers on every answer: the pages run only their own script and styles
(no inline code, nothing from elsewhere), may not be framed, and no answer may be
sniffed as another type.

>>> from service import create_app
>>> r = create_app({"TESTING": True}).test_client().get("/healthz")
>>> r.headers["X-Content-Type-Options"], r.headers["X-Frame-Options"]
('nosniff', 'DENY')
>>> "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
True
"""

from __future__ import annotations

from flask import Flask, Response

CSP = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def install(app: Flask) -> None:
    """Add :data:`HEADERS` to every answer of ``app`` (a header a view set is kept)."""

    @app.after_request
    def secure(resp: Response) -> Response:
        for name, value in HEADERS.items():
            resp.headers.setdefault(name, value)
        return resp


__all__ = ["CSP", "HEADERS", "install"]
