"""Which engines run (:mod:`advisor.core`): the compiled core when it is built, the Python
engines otherwise or when asked; ``ADVISOR_CORE=required`` refuses to start without the
core, so a broken build cannot pass as a silent fallback; the CLI and the service say
which runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from advisor import core

ROOT = Path(__file__).resolve().parents[2]


def _path(env: dict[str, str], cwd: Path = ROOT, *flags: str
          ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *flags, "-c",
                           "import advisor.core as c; print(c.path())"],
                          capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **env}, timeout=120)


def test_off_runs_the_python_engines_even_with_the_core_built() -> None:
    run = _path({"ADVISOR_CORE": "off"})
    assert run.returncode == 0 and run.stdout.strip() == "python"


def test_an_unknown_choice_is_refused_by_name() -> None:
    run = _path({"ADVISOR_CORE": "sometimes"})
    assert run.returncode != 0 and "ADVISOR_CORE: 'sometimes'" in run.stderr


@pytest.mark.skipif(not core.available(), reason="the compiled core is not built")
def test_required_runs_the_core_when_it_is_built() -> None:
    run = _path({"ADVISOR_CORE": "required"})
    assert run.returncode == 0 and run.stdout.strip() == "core"


def test_without_the_core_the_package_runs_on_python_unless_the_core_is_required(
        tmp_path: Path) -> None:
    """A copy of the package with no extension module in it (and no site-packages, where
    the editable install would find the built one): it imports and says so, unless the
    core is required — then it refuses, naming the build."""
    shutil.copytree(ROOT / "advisor", tmp_path / "advisor",
                    ignore=shutil.ignore_patterns("_core*", "__pycache__"))
    env = {"PYTHONPATH": str(tmp_path)}
    run = _path({**env, "ADVISOR_CORE": "auto"}, tmp_path, "-S")
    assert run.returncode == 0 and run.stdout.strip() == "python"
    run = _path({**env, "ADVISOR_CORE": "required"}, tmp_path, "-S")
    assert run.returncode != 0 and "the compiled core (advisor._core) is not built" in run.stderr


def test_the_cli_and_the_service_say_which_engines_run() -> None:
    from click.testing import CliRunner

    from advisor.cli import main
    from service import create_app

    out = CliRunner().invoke(main, ["--version"]).output
    assert core.describe() in out
    meta = create_app({"TESTING": True}).test_client().get("/v1/meta").get_json()
    assert meta["engine"] == {"path": core.path(), "description": core.describe()}
