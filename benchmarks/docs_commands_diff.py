"""Every documented command and API example, run in two checkouts and compared.

    git worktree add /tmp/before REV
    python benchmarks/docs_commands_diff.py --before /tmp/before --after . [--out report.md]

The commands are the ``advisor …`` lines of the code blocks of README.md and docs/ (the
AFTER tree's, read by the parser of ``tests/cli/test_docs_commands.py``); the API
requests are the ``curl`` examples of the AFTER tree's ``docs/api.md``, sent through
Flask's test client. Each tree is copied to a scratch folder (without ``.git``) and each
command run there, with that copy alone on ``PYTHONPATH`` and the interpreter running
this script, so example files resolve and files a command writes land in the copy. A
file a command names that only the AFTER tree has is copied into the BEFORE copy (and
the command marked "new example").

Outputs are compared after masking what is timing: the JSON keys ``ms``, ``seconds``,
``*_per_second``, ``*_ms`` but ``budget_ms``, any ``*latency*`` block; in text ``N ms``,
``N s`` and ``N deals/s``-style rates. A ``play`` without ``--seed`` deals a fresh
shuffle: only its exit code is compared. A command whose output differs is run once
more in both trees: if a tree does not repeat its own output (advice within a time
budget judges as much as the machine's speed allows), it is reported "unstable".
``--max-games N`` cuts a documented ``--games`` above N to N (reported) so that the run
fits in minutes; ``--cluster ADDRESS`` is dropped (the run is in process, whose summary
is the same).

Reports, per command: identical, differs (with a short unified diff), unstable (then the
shapes are compared: every number a ``#``), random (exit codes only), timeout, and
whether the command is new in the docs.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RUNNER = "import sys; sys.argv[0] = 'advisor'; from advisor.cli import run; run()"
IGNORE = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", ".mypy_cache",
                                ".ruff_cache", ".pytest_cache", ".hypothesis")
TIME_KEYS = {"ms", "seconds", "elapsed", "elapsed_ms", "elapsed_s"}
MASK = "<t>"
TEXT_MASKS = [
    (re.compile(r"\d[\d,]*(?:\.\d+)?\s?[kM]?\s?(?:[a-z]+)/s\b"), "<rate>"),  # 352 deals/s
    (re.compile(r"\d[\d,]*(?:\.\d+)?\s?(?:ms|µs|us)\b"), "<t> ms"),
    (re.compile(r"\d[\d,]*(?:\.\d+)?\s(?:s|seconds?)\b"), "<t> s"),
]


# --- the commands --------------------------------------------------------------------------


def docs_parser(after: Path) -> Any:
    """The AFTER tree's ``tests/cli/test_docs_commands.py`` (its parser of the pages)."""
    sys.path.insert(0, str(after))
    path = after / "tests" / "cli" / "test_docs_commands.py"
    spec = importlib.util.spec_from_file_location("_docs_commands", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Command:
    where: list[str]
    text: str
    args: list[str]
    notes: list[str] = field(default_factory=list)
    random: bool = False


def commands(after: Path, before: Path, max_games: int) -> list[Command]:
    parser = docs_parser(after)
    before_texts = set()
    for page in [before / "README.md", *sorted((before / "docs").rglob("*.md"))]:
        before_texts |= {c for _, c in parser.shown_commands(page)}
    found: dict[str, Command] = {}  # by the words, comments aside
    for page in [after / "README.md", *sorted((after / "docs").rglob("*.md"))]:
        for n, text in parser.shown_commands(page):
            if parser.is_synopsis(text):
                continue
            where = f"{page.relative_to(after)}:{n}"
            args = shlex.split(text, comments=True)[1:]
            if " ".join(args) in found:
                found[" ".join(args)].where.append(where)
                continue
            cmd = Command([where], text, list(args))
            if text not in before_texts:
                cmd.notes.append("new in the docs")
            _adapt(cmd, max_games)
            found[" ".join(args)] = cmd
    return list(found.values())


def _adapt(cmd: Command, max_games: int) -> None:
    args = cmd.args
    if "--cluster" in args:
        i = args.index("--cluster")
        del args[i:i + 2]
        cmd.notes.append("run in process (--cluster dropped)")
    if "--games" in args and max_games:
        i = args.index("--games") + 1
        if int(args[i]) > max_games:
            cmd.notes.append(f"--games {args[i]} cut to {max_games}")
            args[i] = str(max_games)
    if len(args) > 1 and args[1] == "play" and "--seed" not in args:
        cmd.random = True
        cmd.notes.append("a fresh deal: exit code only")


def copy_tree(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=IGNORE)
    return dst


def bring_new_files(cmd: Command, after: Path, before: Path) -> None:
    """Copy into the BEFORE copy a file the command names that only AFTER has."""
    for word in cmd.args:
        if "/" not in word and not word.endswith((".json", ".jsonl")):
            continue
        if (after / word).is_file() and not (before / word).exists():
            (before / word).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(after / word, before / word)
            cmd.notes.append(f"new example {word}")


# --- running and masking --------------------------------------------------------------------


def run(tree: Path, args: list[str], timeout: float) -> str:
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
           "COLUMNS": "100", "TERM": "dumb", "PYTHONHASHSEED": "0"}
    try:
        done = subprocess.run([sys.executable, "-c", RUNNER, *args], cwd=tree, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    return (f"exit {done.returncode}\n--- stdout\n{mask_text(done.stdout)}"
            f"--- stderr\n{mask_text(done.stderr)}")


def mask_json(value: Any, key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: mask_json(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [mask_json(v, key) for v in value]
    timed = (key in TIME_KEYS or key.endswith("_per_second") or "latency" in key
             or (key.endswith("_ms") and key != "budget_ms"))
    if timed and (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return MASK
    if isinstance(value, str):
        return _mask_line(value)
    return value


def _mask_line(line: str) -> str:
    for pattern, repl in TEXT_MASKS:
        line = pattern.sub(repl, line)
    return line


def mask_text(text: str) -> str:
    """Each line that is JSON is masked as JSON (and pretty-printed, for a readable diff);
    the others by the text patterns."""
    try:
        whole = json.loads(text)
    except ValueError:
        pass
    else:
        return json.dumps(mask_json(whole), indent=1, ensure_ascii=False) + "\n"
    out = []
    for line in text.splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            out.append(_mask_line(line))
        else:
            out.append(json.dumps(mask_json(value), indent=1, ensure_ascii=False))
    return "".join(x + "\n" for x in out)


def short_diff(a: str, b: str, limit: int) -> str:
    lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(), "before", "after",
                                      n=1, lineterm=""))
    if len(lines) > limit:
        lines = [*lines[:limit], f"… ({len(lines) - limit} more diff lines)"]
    return "\n".join(lines)


def exit_line(transcript: str) -> str:
    return transcript.splitlines()[0]


# --- the API -------------------------------------------------------------------------------


def api_requests(after: Path) -> list[dict[str, Any]]:
    """The ``curl`` examples of ``docs/api.md``: method, path, headers, body."""
    lines = (after / "docs" / "api.md").read_text(encoding="utf-8").splitlines()
    found = []
    i = 0
    while i < len(lines):
        n, text = i + 1, lines[i].strip().removeprefix("$ ")
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text[:-1] + " " + lines[i].strip()
        i += 1
        if not text.startswith("curl "):
            continue
        while True:  # a quoted body may go on over lines
            try:
                words = shlex.split(text, comments=True)[1:]
                break
            except ValueError:
                text, i = text + "\n" + lines[i], i + 1
        req: dict[str, Any] = {"where": f"docs/api.md:{n}", "text": text, "method": None,
                               "headers": {}, "body": None, "path": None, "file": None}
        k = 0
        while k < len(words):
            w = words[k]
            if w in ("-X", "--request"):
                req["method"], k = words[k + 1], k + 2
            elif w in ("-H", "--header"):
                name, _, value = words[k + 1].partition(":")
                req["headers"][name.strip()] = value.strip()
                k += 2
            elif w in ("-d", "--data", "--data-binary", "--data-raw"):
                data = words[k + 1]
                if data.startswith("@"):
                    req["file"] = data[1:]
                else:
                    req["body"] = data
                k += 2
            elif w.startswith("-"):
                k += 1
            else:
                url = re.sub(r"^(https?://)?[^/]+", "", w)
                req["path"] = url.replace("$ID", "none")
                k += 1
        req["method"] = req["method"] or ("POST" if req["body"] or req["file"] else "GET")
        found.append(req)
    return found


# Files docs/api.md sends that the repository does not hold: made, in the AFTER copy, as
# the comment beside the request says.
MADE = {
    "khanhoo_view.json": "from advisor.khanhoo.game import Game\n"
                         "out = Game.from_deal(players=3, seed=4).view(1).to_json()",
    "ming_record.json": "from advisor.ming.game import Game\n"  # seed 4, after the first lead
                        "g = Game.from_deal(2, seed=4)\n"
                        "g.act(g.pending.seat, g.legal_actions()[0])\n"
                        "out = g.to_record(['greedy', 'greedy'])",
}


def make_files(after: Path, before: Path) -> list[str]:
    made = []
    for name, code in MADE.items():
        if (after / name).exists() or (after / "examples" / name).exists():
            continue
        script = f"import json\n{code}\nprint(json.dumps(out))"
        done = subprocess.run([sys.executable, "-c", script], cwd=after, text=True,
                              env={"PYTHONPATH": str(after)}, capture_output=True, check=True)
        for tree in (after, before):
            (tree / name).write_text(done.stdout, encoding="utf-8")
        made.append(name)
    return made


def resolve_files(reqs: list[dict[str, Any]], after: Path, before: Path) -> None:
    made = make_files(after, before)
    for req in reqs:
        if req["file"] in made:
            req.setdefault("notes", []).append(f"{req['file']} made as its comment says")
        name = req["file"]
        if name is None:
            continue
        for cand in (name, f"examples/{name}"):
            if (after / cand).is_file():
                req["file"] = cand
                if not (before / cand).exists():
                    shutil.copy2(after / cand, before / cand)
                    req.setdefault("notes", []).append(f"new example {cand}")
                break
        else:
            req["missing"] = name


def api_worker() -> None:
    """In a tree's copy: answer the requests read from stdin with its app."""
    from service import create_app

    reqs = json.load(sys.stdin)
    client = create_app({"TESTING": True}).test_client()
    out = []
    for req in reqs:
        if req.get("missing"):
            out.append("missing file " + req["missing"])
            continue
        body = req["body"]
        if req["file"]:
            body = Path(req["file"]).read_bytes()
        reply = client.open(req["path"], method=req["method"], data=body,
                            headers=req["headers"])
        text = reply.get_data(as_text=True)
        kept = {h: reply.headers[h] for h in ("Content-Type", "Allow", "Retry-After")
                if h in reply.headers}
        out.append(f"{reply.status_code}\n{json.dumps(kept)}\n{mask_text(text)}")
    json.dump(out, sys.stdout)


def run_api(tree: Path, reqs: list[dict[str, Any]]) -> list[str]:
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
           "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--api-worker"],
                          cwd=tree, env=env, input=json.dumps(reqs), capture_output=True,
                          text=True, timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the API of {tree} failed:\n{done.stderr}")
    result: list[str] = json.loads(done.stdout)
    return result


# --- the report ----------------------------------------------------------------------------


def compare(name: str, before: str, after: str, again: Any, diff_lines: int) -> tuple[str, str]:
    """(status, detail) of one command or request; ``again()`` reruns it in both trees."""
    if before == after:
        return "identical", ""
    if before == "timeout" or after == "timeout":
        return "timeout", f"before: {exit_line(before)}, after: {exit_line(after)}"
    before2, after2 = again()
    if before2 == before and after2 == after:
        return "differs", short_diff(before, after, diff_lines)
    # A tree that does not repeat itself (a time budget): compare the shapes, numbers aside.
    if shape(before) == shape(after):
        return "unstable, same shape", ""
    return "unstable", short_diff(shape(before), shape(after), diff_lines)


NUMBER = re.compile(r"(?<![A-Za-z])-?\d+(?:\.\d+)?(?:e-?\d+)?")


def shape(transcript: str) -> str:
    """The transcript with every number a ``#`` (a list of numbers on one line)."""
    text = NUMBER.sub("#", transcript)
    return re.sub(r"\[\n\s*#,\n\s*#\n\s*\]", "[#, #]", text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path)
    ap.add_argument("--after", type=Path)
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds a command")
    ap.add_argument("--max-games", type=int, default=100,
                    help="cut a documented --games above this (0: never)")
    ap.add_argument("--only", default="", help="run the commands containing this text")
    ap.add_argument("--no-api", action="store_true")
    ap.add_argument("--diff-lines", type=int, default=40)
    ap.add_argument("--out", type=Path, help="the report (markdown); stdout if absent")
    ap.add_argument("--api-worker", action="store_true", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.api_worker:
        api_worker()
        return
    if opts.before is None or opts.after is None:
        ap.error("--before and --after are required")
    before_src, after_src = opts.before.resolve(), opts.after.resolve()
    scratch = Path(tempfile.mkdtemp(prefix="docs_diff_"))
    before = copy_tree(before_src, scratch / "before")
    after = copy_tree(after_src, scratch / "after")
    cmds = [c for c in commands(after_src, before_src, opts.max_games) if opts.only in c.text]

    rows: list[tuple[str, str, str, list[str], str]] = []  # status, where, text, notes, diff
    for cmd in cmds:
        bring_new_files(cmd, after, before)
        print(f"… {cmd.text}", file=sys.stderr, flush=True)
        b, a = run(before, cmd.args, opts.timeout), run(after, cmd.args, opts.timeout)
        if cmd.random:
            status = "random" if exit_line(b) == exit_line(a) else "differs"
            detail = "" if status == "random" else f"{exit_line(b)} → {exit_line(a)}"
        else:
            status, detail = compare(cmd.text, b, a, lambda c=cmd: (
                run(before, c.args, opts.timeout), run(after, c.args, opts.timeout)),
                opts.diff_lines)
        rows.append((status, ", ".join(cmd.where), cmd.text, cmd.notes, detail))

    api_rows: list[tuple[str, str, str, list[str], str]] = []
    if not opts.no_api:
        reqs = [r for r in api_requests(after_src) if opts.only in r["text"]]
        resolve_files(reqs, after, before)
        print(f"… {len(reqs)} API requests", file=sys.stderr, flush=True)
        b_all, a_all = run_api(before, reqs), run_api(after, reqs)
        b_again, a_again = run_api(before, reqs), run_api(after, reqs)
        for k, req in enumerate(reqs):
            status, detail = compare(req["text"], b_all[k], a_all[k],
                                     lambda k=k: (b_again[k], a_again[k]), opts.diff_lines)
            if req.get("missing"):
                status = "missing file"
            api_rows.append((status, req["where"], f"{req['method']} {req['path']}",
                             req.get("notes", []), detail))

    report = render(rows, api_rows, before_src, after_src, opts)
    if opts.out:
        opts.out.write_text(report, encoding="utf-8")
    else:
        sys.stdout.write(report)
    shutil.rmtree(scratch, ignore_errors=True)


def render(rows: list[Any], api_rows: list[Any], before: Path, after: Path,
           opts: argparse.Namespace) -> str:
    out = [f"# Documented commands: {before} → {after}", ""]
    for title, table in (("Commands", rows), ("API requests (docs/api.md)", api_rows)):
        if not table:
            continue
        counts: dict[str, int] = {}
        for status, *_ in table:
            counts[status] = counts.get(status, 0) + 1
        out += [f"## {title}: {len(table)}", "",
                ", ".join(f"{n} {s}" for s, n in sorted(counts.items())), ""]
        for status, where, text, notes, detail in table:
            extra = f" ({'; '.join(notes)})" if notes else ""
            out.append(f"- **{status}** `{text}` — {where}{extra}")
            if detail:
                out += ["", "  ```diff", *("  " + x for x in detail.splitlines()), "  ```", ""]
    out += ["", f"Options: timeout {opts.timeout:g} s, --max-games {opts.max_games}.", ""]
    return "\n".join(out)


if __name__ == "__main__":
    main()
