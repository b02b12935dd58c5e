"""docs/env.md shows every game's observation layout and action numbering as the code
has them: each part (name, size, start, high) and each span of indices."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.env import make_env
from tests.env.tables import GAMES

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "env.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", GAMES)
def test_the_page_shows_the_layout_and_the_numbering(name: str) -> None:
    env = make_env(name)
    layout, numbering = env.encoding.layout, env.numbering
    section = PAGE.split(f"(`{name}`)\n", 1)[1].split("\n### ", 1)[0]
    assert f"`observation`: {layout.size} numbers." in section
    for p in layout.parts:
        assert f"| `{p.name}` | {p.size} | {layout.start(p.name)} | {p.high} | {p.help} |" \
            in section
    assert f"Actions: `Discrete({numbering.size})`." in section
    for s in numbering.spans:
        at = f"{s.start}" if s.count == 1 else f"{s.start}–{s.start + s.count - 1}"
        assert f"| {at} | {s.help} |" in section
