"""A piece of work that holds a process of the service's pool until it is let go (the
pool's tests count work, never time it)."""

from __future__ import annotations

from typing import Any


def held(event: Any) -> str:
    """Wait until ``event`` is set (a manager's Event: it crosses processes)."""
    event.wait()
    return "let go"


def stopped(limit_s: float) -> None:
    """Work that passes its deadline."""
    from advisor.games.deadline import DeadlineExceeded

    raise DeadlineExceeded(limit_s, 64)
