"""The service's tests keep the browser game's tables in a temporary database: every app
created without ``PLAY_DB`` (the schemathesis app included) uses one file under a
temporary folder, removed at exit — never the instance folder of the working tree."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import service

_TMP = tempfile.mkdtemp(prefix="chan-play-tests-")
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)
service.DEFAULTS["PLAY_DB"] = str(Path(_TMP) / "play.sqlite3")
