"""Shared helpers for the attack tests (tests/core/test_fuzz_boundary.py, test_crash_kill.py).

Run as a script it is the crash-test writer:

    python tests/attack_helpers.py writer DB SLOT RUN

It opens the store, resumes the games it owns (and the shared ones the parent created), plays
them with random legal bots one command per transaction (`Engine.submit`, no batch), and after
each acknowledged command prints `A <game_id> <version> <hash>` flushed, where version and hash
are those of the last event the command stored. The parent SIGKILLs it at a random moment.
"""

from __future__ import annotations

import collections
import os
import random
import sys
import time

SOAK = bool(os.environ.get("RUNELEDGER_SOAK"))


def examples(default: int) -> int:
    """Hypothesis max_examples: small by default, large under `make soak`."""
    if SOAK:
        return int(os.environ.get("RUNELEDGER_SOAK_EXAMPLES", "7000"))
    return default


def soak_kills(default: int) -> int:
    if SOAK:
        return int(os.environ.get("RUNELEDGER_SOAK_KILLS", "2000"))
    return default


# -- figures printed at the end of the run (so a soak's output can be quoted) ---------------
class _Figures:
    def __init__(self) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        self.seconds: dict[str, float] = {}

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.counts:
            return
        terminalreporter.section("attack figures" + (" (soak)" if SOAK else ""))
        for what, n in sorted(self.counts.items()):
            terminalreporter.write_line(f"{what}: {n}")
        fuzz = sum(n for what, n in self.counts.items() if what.startswith("fuzz inputs"))
        if fuzz:
            terminalreporter.write_line(f"fuzz inputs in all: {fuzz}")
        for what, s in sorted(self.seconds.items()):
            terminalreporter.write_line(f"{what}: {s:.1f} s")


FIGURES = _Figures()


def register_figures(config) -> None:
    if not config.pluginmanager.is_registered(FIGURES):
        config.pluginmanager.register(FIGURES, "runeledger-attack-figures")


# -- the crash-test writer ------------------------------------------------------------------
WRITER_GAMES = ("duel", "thunderstone")
WRITER_OPTIONS = {"duel": {"rounds": 20}, "thunderstone": {}}


def latest(store, prefix: str) -> str | None:
    """The newest game whose id starts with prefix (ids end with a zero-padded counter)."""
    row = store.conn.execute(
        "SELECT max(game_id) FROM streams WHERE game_id LIKE ?", (prefix + "%",)
    ).fetchone()
    return row[0] if row and row[0] else None


def writer(db: str, slot: int, run: int, max_seconds: float = 120.0) -> None:
    from engine import registry
    from engine.pipeline import Engine
    from store import VersionConflict

    registry.rulesets()  # import every game before "ready": the kills should land on writes

    rng = random.Random(f"writer:{slot}:{run}:{os.getpid()}:{time.time_ns()}")
    eng = Engine(db)
    out = sys.stdout

    def ack(gid: str, stored) -> None:
        last = stored[-1]
        out.write(f"A {gid} {last.version} {last.hash}\n")
        out.flush()

    def own(ruleset: str) -> str:
        """This slot's game of a ruleset: the newest one, resumed if not over, else a new one."""
        prefix = f"w{slot}-{ruleset}-"
        gid = latest(eng.store, prefix)
        if gid is not None and not eng.table(gid).over:
            return gid
        n = int(gid.rsplit("-", 1)[1]) + 1 if gid else 0
        gid = eng.create(
            ruleset, 2, rng.randrange(10**9), WRITER_OPTIONS[ruleset], game_id=f"{prefix}{n:07d}"
        )
        ack(gid, eng.store.read(gid, eng.store.version(gid)))
        return gid

    out.write("ready\n")
    out.flush()
    start = time.monotonic()
    while time.monotonic() - start < max_seconds:
        choices = [("own", r) for r in WRITER_GAMES] + [("shared", r) for r in WRITER_GAMES]
        whose, ruleset = rng.choice(choices)
        if whose == "own":
            gid = own(ruleset)
        else:
            gid = latest(eng.store, f"shared-{ruleset}-")
            if gid is None:
                continue
            eng.forget(gid)  # another writer may have moved it on
            if eng.table(gid).over:
                continue
        for _ in range(rng.randint(1, 20)):
            t = eng.table(gid)
            if t.over:
                break
            prompts = eng.prompts(gid)
            if not prompts:
                raise SystemExit(f"stall: {gid} at event {t.version} has no prompt, not over")
            seat = prompts[0].seat
            legal = eng.legal(gid, seat)
            if not legal:
                raise SystemExit(f"stall: {gid} seat {seat} prompted at event {t.version}, no legal command")
            try:
                stored = eng.submit(gid, seat, rng.choice(legal))
            except VersionConflict:
                eng.forget(gid)  # the other writer was first: rebuild and go on
                break
            ack(gid, stored)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "writer":
        writer(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        raise SystemExit("usage: attack_helpers.py writer DB SLOT RUN")
