"""WSGI entry point: ``gunicorn -c service/gunicorn.conf.py service.wsgi:app``, or any
WSGI server (``service.wsgi:app``).

Configuration from the environment: ``ADVISOR_<KEY>`` sets any key of
:data:`service.DEFAULTS`, its value read as JSON (``ADVISOR_MAX_BATCH=500``,
``ADVISOR_ADVICE_DEADLINE_S=5.5``); see docs/deploy.md.
"""

from __future__ import annotations

import sys

from flask import Config

from service import create_app

PREFIX = "ADVISOR"


POOL_PROCESSES = 1
"""The processes of a worker's pool for the costly verbs, unless ``ADVISOR_POOL_PROCESSES``
says otherwise (service/pool.py): a served search never holds the worker's threads."""


def env_config() -> Config:
    """The ``ADVISOR_*`` variables of the environment as config keys (the pool's size
    :data:`POOL_PROCESSES` by default)."""
    config = Config(".")
    config["POOL_PROCESSES"] = POOL_PROCESSES
    config.from_prefixed_env(PREFIX)
    return config


SWITCH_INTERVAL_S = 0.001
"""How often a thread holding the GIL lets another run (Python's default: 5 ms). A
worker computes in one thread while others answer ``/healthz``, small scores and
refusals: each of their steps waits for the GIL at most this long
(``docs/benchmarks.md``, the flood)."""

app = create_app(env_config())
sys.setswitchinterval(SWITCH_INTERVAL_S)
