"""The package as it ships: a wheel built from the tree carries the compiled core, and a
fresh virtual environment with no cargo anywhere on its PATH installs it and gets advice
from the CLI on the core (``make dist`` builds the same wheel, from the sdist)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from advisor import core

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not core.available() or shutil.which("cargo") is None,
    reason="the compiled core is not built here (no cargo)")


def _run(*args: str | Path, env: dict[str, str] | None = None, cwd: Path = ROOT,
         timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=timeout)


def _build_env() -> dict[str, str]:
    """The build's environment: PyO3 told the venv's Python, as ``make install`` tells it
    (pip's isolated build environment is a new folder each time; the same name lets cargo
    reuse the compiled core instead of building PyO3 again)."""
    return {**os.environ, "PYO3_PYTHON": str(Path(sys.prefix) / "bin" / "python")}


def test_the_wheel_carries_the_core_and_advises_on_it_without_cargo(tmp_path: Path) -> None:
    built = _run(sys.executable, "-m", "build", "--wheel", "--outdir", tmp_path / "dist", ROOT,
                 env=_build_env())
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("*.whl"))
    with zipfile.ZipFile(wheel) as z:
        assert any(n.startswith("advisor/_core") and n.endswith(".so") for n in z.namelist())
        assert not any(n.startswith("rust/") for n in z.namelist())
    venv = tmp_path / "venv"
    assert _run(sys.executable, "-m", "venv", venv).returncode == 0
    pip = _run(venv / "bin" / "pip", "install", "-q", wheel)
    assert pip.returncode == 0, pip.stderr[-2000:]
    # no cargo on the PATH, and nothing of the checkout importable: only the wheel runs
    path = os.pathsep.join([str(venv / "bin"), "/usr/bin", "/bin"])
    assert shutil.which("cargo", path=path) is None
    env = {"PATH": path, "HOME": str(tmp_path), "ADVISOR_CORE": "required", "LANG": "C.UTF-8"}
    version = _run(venv / "bin" / "advisor", "--version", env=env, cwd=tmp_path)
    assert version.returncode == 0 and "compiled core" in version.stdout, version.stderr
    advice = _run(venv / "bin" / "advisor", "chan", "advise", ROOT / "examples" / "view.json",
                  env=env, cwd=tmp_path)
    assert advice.returncode == 0, advice.stderr
    assert "Discard" in advice.stdout or "Eat" in advice.stdout or "Pass" in advice.stdout


def test_the_sdist_carries_the_core_sources(tmp_path: Path) -> None:
    built = _run(sys.executable, "-m", "build", "--sdist", "--outdir", tmp_path, ROOT,
                 env=_build_env())
    assert built.returncode == 0, built.stderr[-2000:]
    import tarfile

    sdist = next(tmp_path.glob("*.tar.gz"))
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {"rust/Cargo.toml", "rust/Cargo.lock", "rust/core/src/lib.rs",
            "rust/py/src/lib.rs", "MANIFEST.in"} <= names
    assert not any(n.startswith("rust/target") for n in names)
