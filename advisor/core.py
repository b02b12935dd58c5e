"""The compiled core (``rust/``): whether it runs, and its module when it does.

The core is the engines' fast twin — each game's state, legal actions, apply and outcome,
the ``random``, ``greedy`` and ``greedy+`` players, worlds dealt from a VIEW and playouts —
built by ``pip install`` / ``make install`` into the extension module ``advisor._core``
when a Rust toolchain is there. Without it every game runs on its Python engine, which
stays the reference either way (rule IDs, reasons, records, errors): the core agrees with
it move for move (``tests/core/``).

The variable ``ADVISOR_CORE`` chooses:

* unset or ``auto`` — the core when the extension imports, else the Python engines;
* ``off`` — the Python engines, even when the core is built (to compare the two);
* ``required`` — the core, or an :class:`ImportError` at import: what CI sets, so that
  a broken build can never pass as a silent fallback.

>>> path() in ("core", "python")
True
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any

MODES = ("auto", "off", "required")


def _load() -> tuple[ModuleType | None, str]:
    """The core's module (or None) and why it is what it is."""
    mode = os.environ.get("ADVISOR_CORE", "auto").strip().lower() or "auto"
    if mode not in MODES:
        raise ImportError(f"ADVISOR_CORE: '{mode}' is not one of {', '.join(MODES)}")
    if mode == "off":
        return None, "the Python engines (ADVISOR_CORE=off)"
    try:
        from advisor import _core  # type: ignore[attr-defined]
    except ImportError as err:
        if mode == "required":
            raise ImportError(
                "ADVISOR_CORE=required, but the compiled core (advisor._core) is not built: "
                f"{err}. Build it with `make install` (it needs cargo)") from err
        return None, "the Python engines (the compiled core is not built)"
    module: ModuleType = _core
    return module, f"the compiled core {module.__version__}"


_MODULE, _WHY = _load()

CORE: Any = _MODULE
"""The extension module ``advisor._core``, or None when the Python engines run."""


def available() -> bool:
    """Whether the compiled core runs."""
    return CORE is not None


def path() -> str:
    """Which engines run: ``core`` or ``python``."""
    return "core" if CORE is not None else "python"


def describe() -> str:
    """Which engines run, and why, in words (``advisor --version``, ``/v1/meta``)."""
    return _WHY


__all__ = ["CORE", "MODES", "available", "describe", "path"]
