"""What the benchmarks' command lines share."""

from __future__ import annotations

import argparse


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's argument parser: its help is the script's docstring as written (its
    usage lines and tables kept)."""
    return argparse.ArgumentParser(description=doc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


__all__ = ["parser"]
