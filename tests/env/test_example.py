"""``examples/env_loop.py`` runs as it is: a random agent and the game's players through
every environment, the latter checked against ``simulate``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_plays_every_game_and_agrees_with_simulate() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "env_loop.py"), "--deals",
                          "1", "--seed", "4"], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    assert out.count("1 identical deal (seed 4)") == 4
    assert out.count("random agent against greedy") == 4
