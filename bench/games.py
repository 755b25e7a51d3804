"""Thunderstone, 4 seats, random bots: in memory, persisted per game and per command; a profile.

The same seeds are played in every mode, so every mode plays the same games (checked: the
same events per game); the modes alternate game by game so a busy moment hits all alike.

- in memory, as `simulate` plays: `Engine(MemoryStore())` (store/memory_store.py: no SQL, the
  rows and their hashes built when first read or copied out), one transaction per game inside
  `Engine.batch()`, then the game's hashing, which `simulate` pays when it copies the games into
  its file (timed with the game since 2026-11-29; before, the row left it out): games per
  CPU-second of this process (user + system). The goal's row.
- in memory on SQLite, `Engine(EventStore(":memory:"))`: one transaction per command (`submit`
  per command) and per game (`Engine.batch()`, as `simulate` played before the MemoryStore);
  the per-game one is reported as its own row (no goal), so both in-memory paths are seen.
- persisted: the same two on a file database (WAL, synchronous=NORMAL): games per wall second.
- the second path for the in-memory games: `StateReader.state_at(game, use_snapshots=False)`
  folds each finished game from its events (no rules, no bots): games per CPU-second.

Each part runs in its own process with a time limit, so a game that raises or never ends is an
error row instead of taking the whole bench down.
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import multiprocessing as mp
import os
import pstats
import time
from collections.abc import Callable
from typing import Any

import msgspec

from bench.common import ROOT, failed, median, row
from bots.random_bot import play_out
from engine.pipeline import Engine
from projections.state import StateReader
from store import EventStore, MemoryStore

GAME, PLAYERS = "thunderstone", 4
MODES = ("memstore_game", "mem_cmd", "mem_game", "disk_game", "disk_cmd")


class Played(msgspec.Struct):
    games: int = 0
    cpu: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    events: dict[str, list[int]] = {}
    fold_cpu: list[float] = []
    error: str | None = None


def play_game(
    eng: Engine,
    gid: str,
    seed: str,
    per_game: bool,
    game: str = GAME,
    players: int = PLAYERS,
    options: dict | None = None,
) -> tuple[int, float, float, float]:
    """One random-bot game (events, CPU s, wall s, of that CPU the seconds spent hashing its
    events); one transaction per game or per command. A memory store defers hashing to the
    first read or the copy into a file (`simulate` pays it there): it is done here, on the
    game's clock, so no later read carries it (an SQLite store hashes in its commits)."""
    c0, w0 = time.process_time(), time.perf_counter()
    eng.create(game, players, seed, options or {}, game_id=gid)
    if per_game:
        with eng.batch():
            play_out(eng, gid, seed)
    else:
        play_out(eng, gid, seed)
    events = eng.table(gid).version
    h0 = time.process_time()
    hash_pending = getattr(eng.store, "hash_pending", None)
    if hash_pending is not None:
        hash_pending()
    hashed = time.process_time() - h0
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return events, cpu, wall, hashed


def _measure(games: int, limit: float, tmp: str, conn) -> None:
    try:
        engines = {
            "memstore_game": Engine(MemoryStore()),
            "mem_cmd": Engine(EventStore(":memory:")),
            "mem_game": Engine(EventStore(":memory:")),
            "disk_game": Engine(os.path.join(tmp, f"ts-game-{os.getpid()}.db")),
            "disk_cmd": Engine(os.path.join(tmp, f"ts-cmd-{os.getpid()}.db")),
        }
        out = Played(
            cpu={m: [] for m in MODES},
            wall={m: [] for m in MODES},
            events={m: [] for m in MODES},
            fold_cpu=[],
        )
        for m, eng in engines.items():  # warm-up, not counted: imports, registry, caches
            play_game(eng, f"warm-{m}", "warm", m.endswith("game"))
            eng.forget(f"warm-{m}")
        start = time.perf_counter()
        reader = StateReader(engines["mem_game"].store)
        for i in range(games):
            if time.perf_counter() - start > limit:
                break
            seed = f"bench-{i}"
            order = MODES if i % 2 == 0 else MODES[::-1]
            for m in order:
                gid = f"{m}-{i}"
                n, cpu, wall, _ = play_game(engines[m], gid, seed, m.endswith("game"))
                engines[m].forget(gid)
                out.cpu[m].append(cpu)
                out.wall[m].append(wall)
                out.events[m].append(n)
            c0 = time.process_time()
            t = reader.state_at(f"mem_game-{i}", use_snapshots=False)
            out.fold_cpu.append(time.process_time() - c0)
            assert t.version == out.events["mem_game"][-1] and t.over
            out.games += 1
        conn.send(out)
    except BaseException as exc:  # report, never crash the bench
        conn.send(Played(error=f"{type(exc).__name__}: {exc}"))


def play_one(eng: Engine, gid: str, seed: str) -> None:
    """As `simulate` plays: in memory, one transaction per game."""
    eng.create(GAME, PLAYERS, seed, {}, game_id=gid)
    with eng.batch():
        play_out(eng, gid, seed)
    eng.forget(gid)


def _profile(games: int, top: int, conn) -> None:
    try:
        eng = Engine(MemoryStore())  # as simulate plays
        play_one(eng, "warm", "warm")  # imports, registry scan, caches: not profiled
        prof = cProfile.Profile()  # its wall-clock timer: cheap; read the shares, not seconds
        c0 = time.process_time()
        prof.enable()
        for i in range(games):
            play_one(eng, f"prof-{i}", f"bench-{i}")
        prof.disable()
        cpu = time.process_time() - c0
        st = pstats.Stats(prof, stream=io.StringIO())
        root = str(ROOT) + os.sep
        own, other = [], []
        for (file, line, func), (_cc, nc, tt, ct, _) in st.stats.items():
            if file.startswith(root) and not file.startswith(root + "bench" + os.sep) and ".venv" not in file:
                own.append((f"{file[len(root) :]}:{line} {func}", nc, tt, ct))
            else:
                where = file.split("site-packages" + os.sep, 1)[-1] if file != "~" else ""
                other.append((f"{where}:{line} {func}" if where else func, nc, tt, ct))
        total = sum(v[2] for v in st.stats.values())
        conn.send(
            {
                "games": games,
                "cpu": cpu,
                "total": total,
                "cumulative": sorted(own, key=lambda x: -x[3])[:top],
                "own": sorted(own, key=lambda x: -x[2])[:top],
                "other": sorted(other, key=lambda x: -x[2])[:top],
                "own_share": sum(x[2] for x in own) / total if total else 0.0,
            }
        )
    except BaseException as exc:
        conn.send({"error": f"{type(exc).__name__}: {exc}"})


def _spawn(target: Callable, args: tuple, hard: float) -> Any:
    ctx = mp.get_context("spawn")
    here, there = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=target, args=(*args, there), daemon=True)
    proc.start()
    there.close()
    got = None
    if here.poll(hard):
        with contextlib.suppress(EOFError):
            got = here.recv()
        proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    if got is None:
        return f"no result within {hard:.0f} s, or the process died (exit {proc.exitcode})"
    return got


def measure(tmp: str, games: int, limit: float) -> tuple[list, dict]:
    lines = (
        "Thunderstone 4 seats, random bots, in memory",
        "Thunderstone 4 seats, persisted, one transaction per game",
        "Thunderstone 4 seats, persisted, one transaction per command",
        "Thunderstone 4 seats, random bots, in memory on SQLite",
    )
    got = _spawn(_measure, (games, limit, tmp), limit + 120)
    if isinstance(got, str) or got.error or not got.games:
        why = got if isinstance(got, str) else got.error or "no game finished"
        return [
            failed(lines[0], "games/CPU-s", "≥75", why),
            failed(lines[3], "games/CPU-s", "none (the path before the MemoryStore)", why),
            failed(lines[1], "games/s", "≥40", why),
            failed(lines[2], "games/s", "≥15", why),
        ], {}
    n = got.games
    per_cpu = {m: n / sum(got.cpu[m]) for m in MODES}
    per_s = {m: n / sum(got.wall[m]) for m in MODES}
    fold = n / sum(got.fold_cpu)
    same = all(got.events[m] == got.events["mem_cmd"] for m in MODES)
    # pair by pair: each game's persisted time against the same game's in-memory time
    r_game = median([a / b for a, b in zip(got.wall["mem_game"], got.wall["disk_game"], strict=True)])
    r_cmd = median([a / b for a, b in zip(got.wall["mem_cmd"], got.wall["disk_cmd"], strict=True)])
    r_mem = median([a / b for a, b in zip(got.cpu["mem_game"], got.cpu["memstore_game"], strict=True)])
    rows = [
        row(
            lines[0]
            + " (MemoryStore, one transaction per game, as simulate plays; hashing the events included, which the store defers to their copy into a file)",
            per_cpu["memstore_game"],
            "games/CPU-s",
            "the same games folded from their events (state_at from event 1, no snapshot)",
            fold,
            "games/CPU-s",
            per_cpu["memstore_game"] / fold,
            "playing ÷ folding",
            "≥75 games/CPU-s",
            per_cpu["memstore_game"] >= 75,
        ),
        row(
            lines[3] + " (EventStore(':memory:'), one transaction per game; the path before the MemoryStore)",
            per_cpu["mem_game"],
            "games/CPU-s",
            "the same games on the MemoryStore",
            per_cpu["memstore_game"],
            "games/CPU-s",
            1 / r_mem,
            "SQLite ÷ MemoryStore (median per game of the CPU-time ratio, inverted)",
            "none (reported beside the goal's row)",
            None,
        ),
        row(
            lines[1],
            per_s["disk_game"],
            "games/s",
            "the same games in memory on SQLite, one transaction per game",
            per_s["mem_game"],
            "games/s",
            r_game,
            "persisted ÷ in memory (median per game)",
            "≥40 games/s",
            per_s["disk_game"] >= 40,
        ),
        row(
            lines[2],
            per_s["disk_cmd"],
            "games/s",
            "the same games in memory on SQLite, one transaction per command",
            per_s["mem_cmd"],
            "games/s",
            r_cmd,
            "persisted ÷ in memory (median per game)",
            "≥15 games/s",
            per_s["disk_cmd"] >= 15,
        ),
    ]
    detail = {
        "games": n,
        "same_games": same,
        "events_per_game": sum(got.events["mem_game"]) / n,
        "games_per_cpu_s": per_cpu,
        "games_per_s": per_s,
        "fold_games_per_cpu_s": fold,
    }
    return rows, detail


def profile(games: int = 20, top: int = 10) -> dict:
    got = _spawn(_profile, (games, top), 600)
    return {"error": got} if isinstance(got, str) else got
