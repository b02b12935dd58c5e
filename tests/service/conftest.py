"""The service's tests keep the browser game's tables in a temporary database: every app
created without ``PLAY_DB`` (the schemathesis app included) uses one file under a
temporary folder, removed at exit — never the instance folder of the working tree."""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

import service
from service import playstore

_TMP = tempfile.mkdtemp(prefix="chan-play-tests-")
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)
service.DEFAULTS["PLAY_DB"] = str(Path(_TMP) / "play.sqlite3")

PG_ENV = "ADVISOR_TEST_DATABASE_URL"
NO_PG = (f"no PostgreSQL server: {PG_ENV} is not set (.ci/run installs and starts one; "
         "or point it at a database whose user may create databases)")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """The URL of a fresh PostgreSQL database for this module, dropped afterwards."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(NO_PG)
    url = playstore.database_url(base)
    name = f"advisor_test_{secrets.token_hex(4)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
