"""``make run`` installs only what running needs; ``make test`` the rest (the README's two
commands). Read from the Makefile with ``make -n`` against a fresh, empty virtualenv
folder, so no command runs. And the repository's root holds only the project's files:
what a run writes goes to an ignored folder (``out/``)."""

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


# --- the root holds only the project's files --------------------------------------------

ROOT_FILES = {".ci", ".gitignore", "MANIFEST.in", "Makefile", "README.md", "advisor",
              "benchmarks", "docs", "examples", "pyproject.toml", "rust", "service", "tests"}
"""What the repository's root holds: the project's files and folders, nothing a run left."""


def _tracked() -> list[str] | None:
    if shutil.which("git") is None:
        return None
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True,
                         text=True)
    return out.stdout.split("\0") if out.returncode == 0 and out.stdout else None


def test_the_root_holds_only_the_projects_files() -> None:
    tracked = _tracked()
    if tracked is None:
        pytest.skip("not a git checkout")
    top = {path.split("/")[0] for path in tracked if path}
    assert top - ROOT_FILES == set(), "files at the root that are not the project's"


def test_what_commands_write_goes_to_an_ignored_folder() -> None:
    """The docs write their outputs to out/ (``mkdir -p out``), which git ignores."""
    assert "out/" in (ROOT / ".gitignore").read_text().splitlines()
    if shutil.which("git") is not None and (ROOT / ".git").exists():
        ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q",
                                  "out/deals.jsonl"])
        assert ignored.returncode == 0
