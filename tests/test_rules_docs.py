"""The rules a user is pointed to are in the repository: every rule ID (``R3``, ``K5``,
``Q7``, ``M5``, ``K-run``) and every section (``§8.3``) that the code cites — in its
error messages, its ``rule`` arguments, its docstrings and its ``# R3`` comments — is
defined on its game's page under ``docs/rules/``, and nothing sends a reader to rules
outside the repository."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
GAMES = ("chan", "khanhoo", "qing", "ming")
CODE = ("advisor", "service")

RULE_ID = re.compile(r"(?<![\w-])(K-run|[STRCWPKQM]\d{1,2})(?![\w-])")
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")
DEFINED = re.compile(r'<a id="([\w.-]+)"></a>\s*(?:#+\s*)?\*{0,2}(§?[\w.-]+)')

EVERY_RULE = {
    "chan": {"P0", *(f"S{i}" for i in range(1, 4)), *(f"T{i}" for i in range(1, 8)),
             *(f"R{i}" for i in range(1, 10)), *(f"C{i}" for i in range(1, 6)),
             *(f"W{i}" for i in range(1, 4))},
    "khanhoo": {"K-run", *(f"K{i}" for i in range(1, 11))},
    "qing": {f"Q{i}" for i in range(1, 9)},
    "ming": {f"M{i}" for i in range(1, 8)},
}
"""The rules each game's page defines: every ID of the rules the project implements."""


def defined(text: str) -> tuple[set[str], set[str]]:
    """(rule IDs, section numbers) a page defines: an anchor named after the ID in lower
    case, followed by the ID in bold (``<a id="r2"></a>**R2 — …**``) or a heading
    (``## <a id="sec-8.3"></a>§8.3 …``)."""
    rules: set[str] = set()
    sections: set[str] = set()
    for anchor, label in DEFINED.findall(text):
        if anchor.startswith("sec-") and label == f"§{anchor[4:]}":
            sections.add(anchor[4:])
        elif RULE_ID.fullmatch(label) and anchor == label.lower():
            rules.add(label)
    return rules, sections


@cache
def page(game: str) -> tuple[set[str], set[str]]:
    return defined((RULES / f"{game}.md").read_text(encoding="utf-8"))


def game_of(path: Path) -> str | None:
    """The game whose page must define what ``path`` cites: its package
    (``advisor/chan/…``) or its face module (``advisor/cli/khanhoo.py``,
    ``service/qing.py``); None for the shared modules, which may cite any game."""
    parts = path.relative_to(ROOT).parts
    if len(parts) > 2 and parts[0] == "advisor" and parts[1] in GAMES:
        return parts[1]
    return path.stem if path.stem in GAMES else None


def cited(source: str) -> Iterator[tuple[int, str, str]]:
    """(line, kind, ID) for every rule ID and section cited in the strings (messages,
    ``rule`` arguments, docstrings) and comments of a Python source; names in the code
    (``C2 = …``) are not citations."""
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        for m in RULE_ID.finditer(tok.string):
            yield tok.start[0], "rule", m.group(1)
        for m in SECTION.finditer(tok.string):
            yield tok.start[0], "section", m.group(1)


def citations() -> Iterator[tuple[Path, int, str, str]]:
    for top in CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            for line, kind, what in cited(path.read_text(encoding="utf-8")):
                yield path, line, kind, what


CITATIONS = list(citations())


def test_the_code_cites_rules_of_every_game() -> None:
    games = {game_of(p) for p, _, kind, _ in CITATIONS if kind == "rule"}
    assert set(GAMES) <= games
    ids = {what for _, _, kind, what in CITATIONS if kind == "rule"}
    assert {"R2", "T1", "C4", "W1", "K4", "Q7", "M5"} <= ids


def test_every_cited_rule_is_defined_on_its_games_page() -> None:
    missing = []
    for path, line, kind, what in CITATIONS:
        game = game_of(path)
        pages = [game] if game else list(GAMES)
        if not any(what in page(g)[0 if kind == "rule" else 1] for g in pages):
            where = f"docs/rules/{game}.md" if game else "any page of docs/rules/"
            shown = what if kind == "rule" else f"§{what}"
            missing.append(f"{path.relative_to(ROOT)}:{line}: {shown} not defined in {where}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("game", GAMES)
def test_a_page_defines_every_rule_of_its_game(game: str) -> None:
    rules, _ = page(game)
    assert rules == EVERY_RULE[game]


def test_a_page_that_loses_a_rule_is_caught() -> None:
    text = (RULES / "qing.md").read_text(encoding="utf-8")
    assert "Q7" in defined(text)[0]
    assert "Q7" not in defined(text.replace('<a id="q7"></a>', ""))[0]
    assert "Q7" not in defined(text.replace("**Q7 ", "**Q 7 "))[0]


def test_the_chan_page_defines_the_sections_the_code_cites() -> None:
    _, sections = page("chan")
    assert {"1", "2", "5", "7", "8.1", "8.2", "8.3"} <= sections


def test_the_citations_are_read_from_strings_and_comments_only() -> None:
    source = 'C2 = 1  # R3: refused\nraise IllegalActionError("K5", "§8.3 says")\nM5 = "x"\n'
    assert [(kind, what) for _, kind, what in cited(source)] == [
        ("rule", "R3"), ("rule", "K5"), ("section", "8.3")]


USER_FACING = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
               *sorted((ROOT / "advisor").rglob("*.py")), *sorted((ROOT / "service").rglob("*")),
               *sorted((ROOT / "examples").rglob("*"))]


def test_nothing_points_to_rules_outside_the_repository() -> None:
    outside = [f"{p.relative_to(ROOT)}:{n}" for p in USER_FACING if p.is_file()
               and p.suffix in (".md", ".py", ".html", ".js", ".json", ".txt")
               for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
               if "shared/rules" in line or "shared/seeds" in line]
    assert not outside, "\n".join(outside)


def test_the_rules_are_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules/README.md" in readme
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"]({game}.md)" in index


LINK = re.compile(r"\]\(([^)\s]+)\)")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_links_to_and_from_the_rules_pages_resolve() -> None:
    """Every relative link of a rules page, and every link into ``docs/rules/`` from the
    README or the docs, names a file of the repository — and, into a rules page, one of
    its anchors."""
    broken = []
    for md in PAGES:
        for n, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
            for target in LINK.findall(line):
                if "://" in target or target.startswith(("#", "mailto:")):
                    continue
                path, _, anchor = target.partition("#")
                dest = (md.parent / path).resolve()
                if RULES not in (md.parent, *md.parents) and RULES not in (dest, *dest.parents):
                    continue
                where = f"{md.relative_to(ROOT)}:{n}: {target}"
                if not dest.exists():
                    broken.append(f"{where} (no such file)")
                elif anchor and f'<a id="{anchor}"></a>' not in dest.read_text(encoding="utf-8"):
                    broken.append(f"{where} (no such anchor)")
    assert not broken, "\n".join(broken)
