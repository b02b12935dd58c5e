"""WSGI entry point: ``gunicorn -c service/gunicorn.conf.py service.wsgi:app``."""

from __future__ import annotations

from service import create_app

app = create_app()
