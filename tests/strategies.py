"""What every game's property tests share (each game's strategies are in
``tests/<game>/strategies.py``)."""

from __future__ import annotations


def budget(fraction: float) -> int:
    """``max_examples`` as a fraction of the active profile's (so ``thorough`` scales up)."""
    from hypothesis import settings

    return max(10, int(settings().max_examples * fraction))
