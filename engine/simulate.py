"""Simulation of many complete games by random legal bots.

Each worker process writes its own SQLite file (one writer per file); the parts are merged
into the target database at the end, so every game is stored as a normal game.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import time
from collections.abc import Callable
from typing import Any

import msgspec

from engine.bots import play_out
from engine.pipeline import Engine
from store import EventStore


class GameResult(msgspec.Struct):
    game_id: str
    winners: list[int]
    events: int


class Summary(msgspec.Struct):
    games: int
    events: int
    seconds: float
    events_per_second: float
    games_per_second: float
    wins_per_seat: dict[str, float]
    results: list[GameResult]


def game_ids(game: str, seed: int | str, n: int) -> list[tuple[str, str]]:
    return [(f"{game}-{seed}-{i:05d}", f"{seed}-{i}") for i in range(n)]


def play_many(db: str, game: str, players: int, options: dict[str, Any],
              jobs: list[tuple[str, str]], tick: Callable[[GameResult], None] | None = None,
              persist_every_game: bool = True) -> list[GameResult]:
    eng = Engine(db)
    out = []
    for gid, seed in jobs:
        eng.create(game, players, seed, options, game_id=gid)
        with eng.batch():  # group commit: one transaction per game (DESIGN: performance shape)
            play_out(eng, gid, seed)
        t = eng.table(gid)
        result = GameResult(gid, list(t.winners), t.version)
        eng.forget(gid)  # keep memory flat over thousands of games
        out.append(result)
        if tick:
            tick(result)
    eng.store.close()
    return out


def _worker(args) -> list[GameResult]:
    db, game, players, options, jobs, queue = args
    return play_many(db, game, players, options, jobs, tick=lambda r: queue.put(1))


def merge(target: EventStore, part: str) -> None:
    """Copy a worker's games into the target; hash chains are per game, so they stay valid."""
    conn = target.conn
    conn.execute("ATTACH DATABASE ? AS part", (part,))
    try:
        with target.transaction():
            cols = ("game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
                    "command_id, prev_hash, hash, recorded_at")
            conn.execute(f"INSERT INTO main.events ({cols}) SELECT {cols} FROM part.events "
                         "ORDER BY seq")
            for table in ("streams", "seeds", "snapshots", "rejected"):
                conn.execute(f"INSERT INTO main.{table} SELECT * FROM part.{table}")
    finally:
        conn.execute("DETACH DATABASE part")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(part + suffix):
            os.remove(part + suffix)


def simulate(db: str, game: str, games: int, players: int, seed: int | str = 0,
             workers: int = 1, options: dict[str, Any] | None = None,
             tick: Callable[[int], None] | None = None) -> Summary:
    options = options or {}
    jobs = game_ids(game, seed, games)
    target = EventStore(db)
    taken = [gid for gid, _ in jobs if target.version(gid)]
    if taken:
        raise ValueError(f"game {taken[0]} already exists in {db}: choose another --seed")
    start = time.perf_counter()
    if workers <= 1:
        target.close()
        results = play_many(db, game, players, options, jobs,
                            tick=(lambda r: tick(1)) if tick else None)
    else:
        chunks = [jobs[i::workers] for i in range(workers)]
        parts = [f"{db}.part{i}" for i in range(workers)]
        with mp.Manager() as manager:
            queue = manager.Queue()
            with mp.get_context("spawn").Pool(workers) as pool:
                pending = pool.map_async(_worker, [(p, game, players, options, c, queue)
                                                   for p, c in zip(parts, chunks) if c])
                done = 0
                while done < games:
                    queue.get()
                    done += 1
                    if tick:
                        tick(1)
                results = [r for chunk in pending.get() for r in chunk]
        for part, chunk in zip(parts, chunks):
            if chunk:
                merge(target, part)
        target.close()
        order = {gid: i for i, (gid, _) in enumerate(jobs)}
        results.sort(key=lambda r: order[r.game_id])
    seconds = time.perf_counter() - start
    events = sum(r.events for r in results)
    wins = {str(s): 0.0 for s in range(players)}
    for r in results:
        for w in r.winners:  # a shared win counts as a fraction for each winner
            wins[str(w)] += 1 / len(r.winners)
    return Summary(len(results), events, seconds, events / seconds if seconds else 0.0,
                   len(results) / seconds if seconds else 0.0, wins, results)
