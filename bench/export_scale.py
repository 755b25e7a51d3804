"""Exporting at scale: a store of many simulated games exported in bounded memory.

Simulates GAMES games (duel, two seats, two worker processes: the cheapest game, so that the
export and not the simulation is what is measured at 100,000 games) into a fresh store, then
exports it in a child process (`runeledger export`) whose peak resident memory is read from
the operating system. The reference is the same export of a store a tenth the size made in the
same run: bounded memory means the peak does not grow with the number of games (ratio near 1;
the goal allows 1.5). Also: export time per 1,000 games and bytes per event on disk.

`python -m bench.export_scale [--games N]`; `make bench` runs it (bench/run.py).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import Row, row

GAMES = 100_000
GOAL = 1.5  # peak memory at GAMES over the peak at GAMES / 10


def _run(args: list[str]) -> float:
    """Run `runeledger ARGS` (the installed command beside this Python); wall seconds."""
    t0 = time.perf_counter()
    done = subprocess.run(
        [str(Path(sys.executable).with_name("runeledger")), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"runeledger {' '.join(args)} failed: {done.stderr.strip()[-400:]}")
    return time.perf_counter() - t0


def _export_peak(db: str, out: str) -> tuple[float, float]:
    """Export in a fresh child whose only job is the export, so its peak is its own."""
    code = (
        "import resource, sys\n"
        "from analytics.export import export\n"
        f"export({db!r}, {out!r})\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    spent = time.perf_counter() - t0
    if done.returncode != 0:
        raise RuntimeError(f"export of {db} failed: {done.stderr.strip()[-400:]}")
    return spent, int(done.stdout.split()[-1]) / 1024


def _size(path: str) -> int:
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


def measure(games: int = GAMES, say=lambda _t: None) -> tuple[list[Row], dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="runeledger-export-") as tmp:
        got: dict[str, dict[str, float]] = {}
        for n in (max(1, games // 10), games):
            db, out = os.path.join(tmp, f"g{n}.db"), os.path.join(tmp, f"out{n}")
            sim_s = _run(
                ["simulate", "duel", "--players", "2", "--games", str(n), "--db", db, "--workers", "2"]
            )
            say(f"export scale: {n} games simulated in {sim_s:.0f} s")
            spent, peak = _export_peak(db, out)
            from store import EventStore  # late: only the count of events is needed here

            store = EventStore(db)
            events = store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
            store.close()
            got[str(n)] = {
                "games": n,
                "events": events,
                "export_s": spent,
                "peak_mb": peak,
                "bytes_per_event": _size(out) / events,
            }
            say(f"export scale: {n} games, {events} events exported in {spent:.0f} s, peak {peak:.0f} MB")
    small, big = got[str(max(1, games // 10))], got[str(games)]
    rows = [
        row(
            f"export of {games:,} simulated games (duel, {big['events']:,} events), peak memory of the "
            "exporting process",
            big["peak_mb"],
            "MB",
            f"the same export of {small['games']:,} games",
            small["peak_mb"],
            "MB",
            big["peak_mb"] / small["peak_mb"],
            "peak ÷ peak at a tenth",
            f"bounded: at most {GOAL}x the peak at a tenth of the games",
            big["peak_mb"] / small["peak_mb"] <= GOAL,
        ),
        row(
            f"export of {games:,} games: time per 1,000 games",
            big["export_s"] / games * 1000,
            "s per 1,000 games",
            f"the export of {small['games']:,} games",
            small["export_s"] / small["games"] * 1000,
            "s per 1,000 games",
            (big["export_s"] / games) / (small["export_s"] / small["games"]),
            "per-game time ÷ at a tenth",
            "reported (no goal)",
            True,
        ),
        row(
            f"export of {games:,} games: bytes on disk per event (Parquet, all tables)",
            big["bytes_per_event"],
            "bytes/event",
            f"the export of {small['games']:,} games",
            small["bytes_per_event"],
            "bytes/event",
            big["bytes_per_event"] / small["bytes_per_event"],
            "÷ at a tenth",
            "reported (no goal)",
            True,
        ),
    ]
    return rows, got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.export_scale", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES)
    args = ap.parse_args(argv)
    rows, _ = measure(args.games, lambda t: print(t, file=sys.stderr, flush=True))
    for r in rows:
        print(f"{r.line}: {r.figure:.1f} {r.unit} (reference {r.ref_figure:.1f}); met: {r.met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
