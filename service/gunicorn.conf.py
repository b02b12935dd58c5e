"""gunicorn settings: ``gunicorn -c service/gunicorn.conf.py service.wsgi:app``.

Environment (docs/deploy.md):

* ``BIND`` — the address, e.g. ``127.0.0.1:8000`` or ``unix:/run/advisor.sock``; default
  ``0.0.0.0:$PORT`` with ``PORT`` default 8000.
* ``WEB_CONCURRENCY`` — worker processes (default 2: one per core of the standard box;
  the advisor is pure Python, so a worker computes on one core).
* ``GUNICORN_THREADS`` — threads per worker (default 8). Threads let a worker answer
  ``/healthz`` and turn away surplus advice requests (503) while it computes one; keep
  them above ``ADVISOR_ADVICE_SLOTS + ADVISOR_ADVICE_QUEUE`` (default 1 + 4).
"""

from __future__ import annotations

import os

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
