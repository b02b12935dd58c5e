"""An external bot process spoken to in JSON lines, for any game's ``exec:COMMAND`` seats.

:class:`BotProcess` starts the program, sends it one JSON object per line and reads one
line back within a time limit. Nothing here raises on the bot's account: a bot that
cannot start, stops reading, exits or stays silent is recorded as an :class:`Incident`;
once broken it is never waited on again.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from advisor.errors import AdvisorError


class Move(Protocol):
    """An action of either game, as the bot protocol carries it."""

    def to_json(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=Move)


@dataclass
class Incident:
    """A bot's reply that was replaced by the first legal action, and why."""

    bot: str
    seat: int
    reason: str


@dataclass
class BotProcess:
    """One external bot: ``command`` run with a pipe on stdin and stdout."""

    command: str
    time_limit: float
    incidents: list[Incident] = field(default_factory=list)
    seat: int = -1

    def __post_init__(self) -> None:
        self.name = f"exec:{self.command}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.broken: str | None = None

    def ensure_started(self) -> None:
        """Start the program unless it runs or is broken."""
        if self.proc is None and self.broken is None:
            try:
                self.proc = subprocess.Popen(
                    shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            except OSError as err:
                self.breaks(f"could not start: {err}")

    def send(self, msg: dict[str, Any]) -> bool:
        """Write one JSON line; False when the bot is gone."""
        if self.proc is None or self.proc.stdin is None:
            return False
        try:
            self.proc.stdin.write(json.dumps(msg, ensure_ascii=False).encode() + b"\n")
            self.proc.stdin.flush()
            return True
        except OSError as err:
            self.breaks(f"stopped reading ({err.__class__.__name__})")
            return False

    def read_line(self) -> str | None:
        """One line within the time limit, or None (recorded as an incident)."""
        proc = self.proc
        if proc is None or proc.stdout is None:
            return None
        deadline = time.monotonic() + self.time_limit
        fd = proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.incident(f"no reply within {self.time_limit:g} s")
                    return None
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.breaks("exited")
                    return None
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    # --- the bot protocol: start, decide, end ----------------------------------------------

    def start_deal(self, seat: int, rules: Any) -> None:
        """Start the program if needed and tell it its seat and the rules."""
        self.seat = seat
        self.ensure_started()
        self.send({"type": "start", "seat": seat, "rules": rules})

    def decide(self, view: dict[str, Any], legal: Sequence[A],
               parse: Callable[[object], A]) -> A:
        """The bot's answer to one decision, read with ``parse`` (the game's
        ``Action.from_json``); the first legal action, recorded as an incident, when the
        reply is missing, malformed or illegal."""
        fallback = legal[0]
        if not self.send({"type": "decide", "view": view,
                          "legal": [a.to_json() for a in legal]}):
            return fallback
        line = self.read_line()
        if line is None:
            return fallback
        try:
            reply = parse(json.loads(line))
        except (ValueError, AdvisorError) as err:
            self.incident(f"malformed reply {line[:80]!r}: {err}")
            return fallback
        if reply not in legal:
            self.incident(f"illegal reply {reply.to_json()}")
            return fallback
        return reply

    def end_deal(self, result: dict[str, Any]) -> None:
        self.send({"type": "end", "result": result})

    def incident(self, reason: str) -> None:
        self.incidents.append(Incident(self.name, self.seat, reason))

    def breaks(self, reason: str) -> None:
        """Give up on the bot: the first legal action is played for it from now on."""
        self.incident(reason + "; the first legal action is played from now on")
        self.broken = reason
        self.close()

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
            proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        if proc.stdout:
            proc.stdout.close()


__all__ = ["BotProcess", "Incident"]
