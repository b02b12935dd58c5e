"""``make run`` installs only what running needs; ``make test`` the rest (the README's two
commands). Read from the Makefile with ``make -n`` against a fresh, empty virtualenv
folder, so no command runs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make here")


def _plan(target: str, tmp_path: Path) -> str:
    out = subprocess.run(["make", "-n", "-C", str(ROOT), target, f"VENV={tmp_path / 'venv'}"],
                         capture_output=True, text=True, check=True)
    return out.stdout


def _installs(plan: str) -> list[str]:
    return [line for line in plan.splitlines() if "pip install" in line]


def test_make_run_installs_the_package_without_its_test_tools(tmp_path: Path) -> None:
    installs = _installs(_plan("run", tmp_path))
    assert installs and all("[test" not in line and "[bench" not in line for line in installs)
    assert any(line.rstrip().endswith("-e .") for line in installs)


def test_make_test_installs_the_test_tools(tmp_path: Path) -> None:
    assert any("'.[test]'" in line for line in _installs(_plan("test", tmp_path)))
