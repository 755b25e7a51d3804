"""`make bench`: measure, print one table, write it to bench/results.md with the machine.

Benchmarks live here and not in the tests: timings depend on the machine, so they are
reported, never asserted.
"""
from __future__ import annotations

import datetime
import os
import platform
import sqlite3
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bench import games, long_game, storage

WORKLOAD_GAMES = 200   # duel, 4 seats: about 40,000 events in about 6,600 commands
GROUP = 64             # commands per transaction in the grouped-commit run
RESULTS = Path(__file__).with_name("results.md")
console = Console(width=None if sys.stdout.isatty() else 160)  # no wrapping in logs


def machine() -> str:
    """CPU count, memory, CPU model, Python and SQLite: enough to judge the numbers by."""
    info = Path("/proc/meminfo").read_text() if Path("/proc/meminfo").exists() else ""
    kib = next((int(line.split()[1]) for line in info.splitlines()
                if line.startswith("MemTotal:")), 0)
    cpu = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    model = next((line.split(":", 1)[1].strip() for line in cpu.splitlines()
                  if line.startswith("model name")), platform.processor() or "unknown CPU")
    return (f"{os.cpu_count()} CPUs ({model}), {kib / 2**20:.1f} GiB RAM, "
            f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
            f"{platform.system()} {platform.release()}, "
            "load average at start %.2f" % os.getloadavg()[0])


def num(x: float, unit: str = "") -> str:
    text = f"{x:,.0f}" if x >= 100 else f"{x:,.2f}" if x >= 1 else f"{x:.3f}"
    return f"{text} {unit}".strip()


def measure(tmp: str) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    rows: list[tuple[str, str, str, str]] = []
    es = f"eventsourcing {version('eventsourcing')}"
    with console.status("recording the duel workload in memory"):
        work = storage.record_workload(WORKLOAD_GAMES)
    with console.status("append and rebuild: runeledger and eventsourcing"):
        both = storage.compare(work, tmp, GROUP)
    rl, ev = both["runeledger"], both["eventsourcing"]
    for key, what in (("single", "append, 1 command per transaction"),
                      ("grouped", f"append, {GROUP} commands of different games per transaction"),
                      ("rebuild", "rebuild: read and decode every stream")):
        rows.append((what, num(rl[key], "ev/s"), f"{es}: {num(ev[key], 'ev/s')}",
                     f"{rl[key] / ev[key]:.2f}×"))
    with console.status("rebuild with the fold"):
        fold = storage.rebuild_with_fold(work, tmp)
    rows.append(("rebuild + fold: state_at(use_snapshots=False), same duel games",
                 num(fold, "ev/s"), "", ""))

    with console.status("building the 20,000-event game"):
        lg = long_game.run(tmp)
    rows.append((f"build the {lg.events:,}-event duel game: Engine.submit, 1 command per tx",
                 num(lg.build_events_per_s, "ev/s"), "", ""))
    rows.append((f"state_at(event {lg.events:,}), snapshots every 256 ({lg.snapshots} saved)",
                 num(lg.with_snapshots_ms, "ms"),
                 f"no snapshots: {num(lg.without_snapshots_ms, 'ms')}",
                 f"{lg.without_snapshots_ms / lg.with_snapshots_ms:,.0f}× faster"))

    for case in games.cases():
        with console.status(f"random-bot games: {case.ruleset} {case.options or ''}"):
            r = games.measure(case, tmp)
        if r.error:
            rows.append((f"{r.label if r.case.players else r.case.ruleset}: random-bot games",
                         "ERROR", r.error[:120], ""))
            continue
        flag = "" if r.same_games else " (modes differ in events!)"
        rows.append((f"{r.label}: random-bot games ({r.games} games, "
                     f"{r.events_per_game:,.0f} ev/game){flag}",
                     num(r.disk_games_per_s, "games/s persisted"),
                     f"in memory: {num(r.memory_games_per_s, 'games/s')}",
                     f"{r.disk_games_per_s / r.memory_games_per_s:.2f}×"))

    notes = [
        f"Workload: {len(work.games)} duel games (4 seats, random bots), {work.events:,} events in "
        f"{len(work.commands):,} commands, {work.payload_bytes / work.events:.0f} payload bytes "
        f"per event (the JSON of each event, stored by {es} as `state`), played round-robin "
        "across games. Both libraries write it to a fresh SQLite file in WAL mode with "
        "synchronous=NORMAL (eventsourcing's default is FULL; it is set to NORMAL so the disk's "
        "fsync does not decide the ratio). Runeledger also hashes every event into its game's "
        "chain and checks the expected stream version. Medians of 3 runs; ratio = runeledger "
        "÷ eventsourcing.",
        "Rebuild reads every game's stream and decodes every event; the fold row also folds "
        "them into the game state.",
        "state_at: duel, 2 seats, every seat passing, built on a file database through the "
        "normal command path; median of 21 runs with snapshots and 5 without.",
        f"Games: {games.GAMES} games per case in each mode, same seeds, modes alternating game "
        f"by game (fewer games if a case passes {games.SOFT_LIMIT:.0f} s), 4 seats where "
        "allowed; 'persisted' is a file database with one transaction per command, 'in memory' "
        "`Engine(EventStore(':memory:'))`; ratio = persisted ÷ in memory.",
    ]
    return rows, notes


def render(rows, title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name, justify in (("benchmark", "left"), ("runeledger", "right"),
                          ("compared with", "left"), ("ratio", "right")):
        table.add_column(name, justify=justify)
    for row in rows:
        table.add_row(*map(Text, row), style="red" if row[1] == "ERROR" else None)  # no markup
    return table


def markdown(rows, title: str, notes: list[str]) -> str:
    cell = lambda s: " ".join(s.split()).replace("|", "\\|")
    lines = ["# Runeledger benchmarks", "", title, "",
             "| benchmark | runeledger | compared with | ratio |", "|---|--:|---|--:|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    lines += ["", *[f"- {n}" for n in notes], "",
              "Made by `make bench` (`python -m bench.run`).", ""]
    return "\n".join(lines)


def main() -> None:
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    title = f"{when} on {machine()}"
    with tempfile.TemporaryDirectory(prefix="runeledger-bench-") as tmp:
        rows, notes = measure(tmp)
    console.print(render(rows, title))
    for n in notes:
        console.print(f"- {n}", style="dim")
    RESULTS.write_text(markdown(rows, title, notes))
    console.print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
