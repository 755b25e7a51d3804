"""Complete games per second with random bots, for every installed ruleset except duel.

Each case runs in its own process with a time limit: the games are under active development,
so a package that fails to load, a game that raises or one that never ends becomes an error
row instead of taking the whole bench down. Both modes play the same seeds, so they play the
same games: the difference is only what persistence costs.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import time
from typing import Any

import msgspec

from engine import registry
from engine.bots import play_out
from engine.pipeline import Engine
from store import EventStore

GAMES = 20           # per case and mode
SOFT_LIMIT = 80.0    # seconds per case: start no new game after this
HARD_LIMIT = 150.0   # seconds per case: then the process is stopped and reported


class Case(msgspec.Struct):
    ruleset: str
    players: int = 0
    options: dict[str, Any] = {}
    error: str | None = None


class Result(msgspec.Struct):
    case: Case
    games: int = 0
    memory_games_per_s: float = 0.0
    disk_games_per_s: float = 0.0
    events_per_game: float = 0.0
    same_games: bool = True     # both modes made the same events per game (same seeds)
    error: str | None = None

    @property
    def label(self) -> str:
        opts = "".join(f" {k}={v}" for k, v in self.case.options.items())
        return f"{self.case.ruleset} {self.case.players}p{opts}"


def cases() -> list[Case]:
    """4 players where allowed, else the most; one case per `scenario` choice."""
    out = [Case(pkg, error=f"failed to load: {why}") for pkg, why in registry.broken().items()]
    for name, rs in sorted(registry.rulesets().items()):
        if name == "duel":
            continue
        players = 4 if 4 in rs.players else max(rs.players)
        scenario = rs.options.get("scenario")
        choices = (scenario.choices or (scenario.default,)) if scenario else (None,)
        out += [Case(name, players, {} if s is None else {"scenario": s}) for s in choices]
    return out


def _play(eng: Engine, case: Case, gid: str, seed: str) -> tuple[int, float]:
    """Play one complete game; return its events and the seconds it took."""
    start = time.perf_counter()
    eng.create(case.ruleset, case.players, seed, case.options, game_id=gid)
    play_out(eng, gid, seed)
    events = eng.table(gid).version
    eng.forget(gid)  # keep memory flat, as engine.simulate does
    return events, time.perf_counter() - start


def _measure(case: Case, tmp: str, conn) -> None:
    """Alternate the modes game by game, so a busy moment on the machine hits both alike."""
    try:
        mem = Engine(EventStore(":memory:"))
        disk = Engine(os.path.join(tmp, f"games-{os.getpid()}.db"))
        events, secs = [], [0.0, 0.0]
        start = time.perf_counter()
        while len(events) < GAMES and time.perf_counter() - start < SOFT_LIMIT:
            seed = f"bench-{len(events)}"
            (n_mem, s_mem), (n_disk, s_disk) = (_play(mem, case, f"mem-{seed}", seed),
                                                _play(disk, case, f"disk-{seed}", seed))
            events.append((n_mem, n_disk))
            secs[0] += s_mem
            secs[1] += s_disk
        disk.store.close()
        n = len(events)
        conn.send(Result(case, n, n / secs[0], n / secs[1], sum(m for m, _ in events) / n,
                         all(m == d for m, d in events)))
    except BaseException as exc:  # report, never crash the bench
        conn.send(Result(case, error=f"{type(exc).__name__}: {exc}"))


def measure(case: Case, tmp: str) -> Result:
    if case.error:
        return Result(case, error=case.error)
    ctx = mp.get_context("spawn")
    here, there = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_measure, args=(case, tmp, there), daemon=True)
    proc.start()
    there.close()
    got, late = None, not here.poll(HARD_LIMIT)
    if not late:
        try:
            got = here.recv()
        except EOFError:  # the worker died without a word
            pass
        proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    if got is None:
        why = (f"no result within {HARD_LIMIT:.0f} s (stopped)" if late
               else f"worker died (exit code {proc.exitcode})")
        return Result(case, error=why)
    return got
