"""A reliability diagram as a PNG without matplotlib (the standard library only): the
decisions ``benchmarks/calibration.py --data FILE`` wrote, by tenth of the stated chance,
the observed share against the mean stated, with the 0.05 band about the diagonal.

    python benchmarks/reliability_png.py /tmp/cal.jsonl docs/calibration_qing.png

Axes: stated (x) and observed (y), 0 to 1. Grey: the diagonal and its ±0.05 band. A
blue square per tenth with ≥ 100 decisions, an orange one per tenth with fewer, its
side growing with the decisions; a vertical black bar its 95 % interval.
"""

from __future__ import annotations

import json
import math
import struct
import sys
import zlib
from pathlib import Path

SIZE = 420
PAD = 30
MIN_COUNT = 100


def _png(pixels: list[bytearray], path: Path) -> None:
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    head = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) +
                     chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def draw(rows: list[tuple[float, bool]], path: Path) -> None:
    px = [bytearray(b"\xff" * (3 * SIZE)) for _ in range(SIZE)]
    span = SIZE - 2 * PAD

    def put(x: int, y: int, rgb: tuple[int, int, int]) -> None:
        if 0 <= x < SIZE and 0 <= y < SIZE:
            px[y][3 * x:3 * x + 3] = bytes(rgb)

    def at(u: float, v: float) -> tuple[int, int]:
        return PAD + round(u * span), SIZE - PAD - round(v * span)

    for t in range(span + 1):  # the band, the diagonal, the frame
        u = t / span
        for dv in range(-round(0.05 * span), round(0.05 * span) + 1):
            x, y = at(u, u)
            put(x, y - dv, (225, 225, 225))
    for t in range(span + 1):
        u = t / span
        put(*at(u, u), (150, 150, 150))
        for a, b in ((u, 0.0), (u, 1.0), (0.0, u), (1.0, u)):
            put(*at(a, b), (0, 0, 0))
    for k in range(1, 10):  # tick marks each tenth
        for d in range(6):
            x, y = at(k / 10, 0)
            put(x, y - d, (0, 0, 0))
            x, y = at(0, k / 10)
            put(x + d, y, (0, 0, 0))
    bins: dict[int, list[tuple[float, bool]]] = {}
    for p, won in rows:
        bins.setdefault(min(9, int(p * 10)), []).append((p, won))
    for part in bins.values():
        n = len(part)
        mean = sum(p for p, _ in part) / n
        obs = sum(w for _, w in part) / n
        half = 1.96 * math.sqrt(max(obs * (1 - obs), 1e-9) / n)
        x, _ = at(mean, 0)
        for t in range(round(max(0.0, obs - half) * span), round(min(1.0, obs + half) * span)):
            put(x, SIZE - PAD - t, (0, 0, 0))
        side = 2 + min(8, round(math.log10(n + 1) * 2.5))
        colour = (40, 90, 200) if n >= MIN_COUNT else (230, 140, 30)
        cx, cy = at(mean, obs)
        for dx in range(-side, side + 1):
            for dy in range(-side, side + 1):
                put(cx + dx, cy + dy, colour)
    _png(px, path)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        raise SystemExit(__doc__)
    rows = []
    for line in Path(args[0]).read_text().splitlines():
        r = json.loads(line)
        if r.get("p") is not None:
            rows.append((float(r["p"]), bool(r["won"])))
    draw(rows, Path(args[1]))
    print(f"{len(rows)} decisions drawn in {args[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
