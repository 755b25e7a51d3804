"""What every bench module shares: the row of the results table, timing helpers, the machine."""

from __future__ import annotations

import os
import platform
import sqlite3
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = HERE / ".cache"


class Row(msgspec.Struct):
    """One line of the results table: a figure beside its reference, measured in the same run."""

    line: str  # the line of the Speed issue's table it answers
    figure: float | None  # this project
    unit: str
    reference: str  # what the reference is
    ref_figure: float | None
    ref_unit: str
    ratio: float | None  # how `ratio_means` says
    ratio_means: str  # e.g. "runeledger ÷ raw SQLite"
    goal: str  # as the issue states it
    met: bool | None  # None: not measured (error)
    error: str | None = None


def row(
    line: str,
    figure: float | None,
    unit: str,
    reference: str,
    ref_figure: float | None,
    ref_unit: str,
    ratio: float | None,
    ratio_means: str,
    goal: str,
    met: Callable[[], bool] | bool | None,
) -> Row:
    ok = met() if callable(met) else met
    return Row(line, figure, unit, reference, ref_figure, ref_unit, ratio, ratio_means, goal, ok)


def failed(line: str, unit: str, goal: str, why: str) -> Row:
    return Row(line, None, unit, "", None, "", None, "", goal, None, why[:300])


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def timed(fn: Callable[..., object], *args) -> float:
    """Wall seconds of fn(*args)."""
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def cpu_timed(fn: Callable[..., object], *args) -> float:
    """CPU seconds (user + system, this process) of fn(*args)."""
    start = time.process_time()
    fn(*args)
    return time.process_time() - start


def num(x: float | None) -> str:
    if x is None:
        return "–"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.2f}" if x >= 1 else f"{x:.3f}"


def machine() -> dict[str, str]:
    info = Path("/proc/meminfo").read_text() if Path("/proc/meminfo").exists() else ""
    kib = next((int(line.split()[1]) for line in info.splitlines() if line.startswith("MemTotal:")), 0)
    cpu = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    model = next(
        (line.split(":", 1)[1].strip() for line in cpu.splitlines() if line.startswith("model name")),
        platform.processor() or "unknown CPU",
    )
    return {
        "cores": str(os.cpu_count()),
        "cpu": model,
        "ram": f"{kib / 2**20:.1f} GiB",
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "os": f"{platform.system()} {platform.release()}",
    }


def load() -> float:
    return os.getloadavg()[0]
