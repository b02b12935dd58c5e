"""gunicorn settings: ``gunicorn -c service/gunicorn.conf.py service.wsgi:app``.

Environment: ``PORT`` (default 8000) and ``WEB_CONCURRENCY`` (workers, default 2).
"""

from __future__ import annotations

import os

wsgi_app = "service.wsgi:app"
bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
preload_app = True  # import the app (and the library) once, before forking the workers
accesslog = "-"  # stdout
errorlog = "-"  # stderr
max_requests = 1000  # recycle a worker after this many requests …
max_requests_jitter = 100  # … give or take, so the workers do not restart together
timeout = 30
