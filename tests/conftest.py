"""Test configuration: Hypothesis profiles.

* ``ci`` — reproducible: derandomized, no deadline (the machine is small and shared).
  Used when ``CI`` is set (as ``.ci/run`` runs under CI=true).
* ``dev`` — the default elsewhere: random examples, so local runs keep exploring.
* ``thorough`` — many more examples, for an occasional deep run:
  ``HYPOTHESIS_PROFILE=thorough .venv/bin/pytest tests/chan``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# The service's wall-clock limits guard a server against work that never ends; in the tests
# they must never decide a result, however busy the machine running them (a Khanhoo batch
# takes seconds on a loaded machine). Tests of the limits set them themselves.
import service  # noqa: E402

service.DEFAULTS["DEADLINE_S"] = 600.0


@pytest.fixture
def cold_caches() -> None:
    """Forget what the solvers remember, so a search counted in clock reads (the deadline
    tests) does the same work whatever tests ran before it in the process."""
    import importlib

    qing = importlib.import_module("advisor.qing.solver")
    melds = importlib.import_module("advisor.khanhoo.melds")
    game = importlib.import_module("advisor.khanhoo.game")
    qing.solver.cache_clear()
    melds.solver.cache_clear()
    melds._helping.cache_clear()
    game._meld_options.cache_clear()
