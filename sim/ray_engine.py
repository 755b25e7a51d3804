"""`simulate --engine ray`: the same games, played as Ray tasks on one machine or a cluster.

Why this shape: the game ids and seeds of a run follow from --seed and the game's index alone
(sim.simulate.job), so any task can play any index and a retried task plays exactly the
same games again. Each task plays one contiguous range of indices into its own SQLite shard
(a fresh file on the worker, so no shared disk is needed), and returns the shard's bytes.
The driver verifies each shard and absorbs it into the target in one transaction, skipping
ids already there. A worker that dies mid-task is retried by Ray (`max_retries`): the retry
starts a fresh shard, and the half-played one is never seen. So no game is lost (the task is
retried) and none is duplicated (ids are idempotent, absorb skips what is stored).

Local by default (`ray.init(num_cpus=...)`); `--address ray://host:10001` or `auto` joins a
running cluster, whose workers need this package installed.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

from bots.players import BotPlay
from bots.random_bot import play_out
from sim.simulate import (
    GameError,
    Spec,
    Summary,
    Tally,
    UsageError,
    bot_players,
    play_share,
    prepare,
)
from store import EventStore

CRASH_ONCE = "RUNELEDGER_RAY_CRASH_ONCE"  # tests: a marker file; the first task to see it
# missing creates it and kills its worker mid-task


def chunks(games: int, tasks: int) -> list[tuple[int, int]]:
    tasks = max(1, min(tasks, games))
    step, extra = divmod(games, tasks)
    out, lo = [], 0
    for i in range(tasks):
        hi = lo + step + (1 if i < extra else 0)
        out.append((lo, hi))
        lo = hi
    return out


def play_chunk(spec_fields: dict[str, Any], lo: int, hi: int) -> tuple[dict, bytes]:
    """Play indices lo..hi-1 into a fresh shard; return the tally and the shard's bytes."""
    with tempfile.TemporaryDirectory(prefix="runeledger-shard-") as tmp:
        shard = os.path.join(tmp, f"shard-{lo}-{hi}.db")
        spec = Spec(db=shard, **spec_fields)
        total = Tally(wins=[0.0] * spec.players, errors=[])

        def merge(t: Tally) -> None:
            total.games += t.games
            total.events += t.events
            total.skipped += t.skipped
            total.wins = [a + b for a, b in zip(total.wins, t.wins, strict=True)]
            total.errors += t.errors

        marker = os.environ.get(CRASH_ONCE)
        indices = range(lo, hi)
        if marker is not None and hi - lo > 1 and not os.path.exists(marker):
            play_share(spec, range(lo, lo + 1), lambda: False, merge)
            Path(marker).write_text(f"worker {os.getpid()} died after game {lo}\n")
            os._exit(1)  # the worker dies with a shard half played: Ray retries the task
        play_share(spec, indices, lambda: False, merge)  # closes the shard: WAL folded in
        data = Path(shard).read_bytes() if os.path.exists(shard) else b""
    return msgspec.to_builtins(total), data


def simulate_ray(
    db: str,
    game: str,
    games: int,
    players: int,
    seed: str | int = 0,
    options: dict[str, Any] | None = None,
    *,
    bots: str | None = None,
    mcts_iterations: int = BotPlay.ITERATIONS,
    address: str | None = None,
    num_cpus: int | None = None,
    tasks: int | None = None,
    resume: bool = False,
    tick=None,
    max_retries: int = 3,
) -> Summary:
    try:
        import ray
    except ImportError:
        raise UsageError("--engine ray needs the ray package (pip install 'ray>=2.9')") from None
    p = prepare(db, game, games, players, seed, 1, options, resume)
    play, names = bot_players(db, p, players, bots, mcts_iterations, play_out)
    fields = {
        "game": p["game"],
        "players": players,
        "seed": p["seed"],
        "games": games,
        "options": p["options"],
        "resume": False,
        "play": play,
    }
    started_here = not ray.is_initialized()
    if started_here:
        env = {"env_vars": {CRASH_ONCE: os.environ[CRASH_ONCE]}} if CRASH_ONCE in os.environ else None
        if address:
            ray.init(address=address, runtime_env=env, log_to_driver=False)
        else:
            ray.init(
                num_cpus=num_cpus or os.cpu_count() or 1,
                include_dashboard=False,
                runtime_env=env,
                log_to_driver=False,
            )
    start = time.perf_counter()
    total = Tally(wins=[0.0] * players, errors=[])
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        remote = ray.remote(max_retries=max_retries, num_cpus=1)(play_chunk)
        target = EventStore(db)
        try:
            todo = [(lo, hi) for lo, hi in chunks(games, tasks or 4 * cpus)]
            if resume:
                stored = set(target.game_ids_from(f"{p['game']}-{p['seed']}-"))
                todo = [
                    (lo, hi)
                    for lo, hi in todo
                    if any(f"{p['game']}-{p['seed']}-{i:05d}" not in stored for i in range(lo, hi))
                ]
            refs = {remote.remote(fields, lo, hi): (lo, hi) for lo, hi in todo}
            with tempfile.TemporaryDirectory(prefix="runeledger-merge-") as tmp:
                while refs:
                    ready, _ = ray.wait(list(refs), num_returns=1)
                    lo, hi = refs.pop(ready[0])
                    try:
                        tally, data = ray.get(ready[0])
                    except Exception as exc:  # retries exhausted: the range is reported lost
                        total.errors.append(
                            GameError(None, None, "crash", f"games {lo}..{hi - 1}: {exc}"[:500])
                        )
                        continue
                    copied = []
                    if data:  # empty: the range had no finished game
                        shard = os.path.join(tmp, f"shard-{lo}.db")
                        Path(shard).write_bytes(data)
                        copied = target.absorb(shard, skip_existing=True, verify=True)
                        os.unlink(shard)
                    t = msgspec.convert(tally, Tally)
                    total.games += len(copied)
                    total.skipped += t.games - len(copied) + t.skipped
                    total.events += t.events
                    total.wins = [a + b for a, b in zip(total.wins, t.wins, strict=True)]
                    total.errors += t.errors
                    if tick:
                        tick(hi - lo)
        finally:
            target.close()
    finally:
        if started_here:
            ray.shutdown()
    seconds = time.perf_counter() - start
    return Summary(
        total.games,
        total.events,
        seconds,
        total.events / seconds if seconds else 0.0,
        total.games / seconds if seconds else 0.0,
        {str(s): w for s, w in enumerate(total.wins)},
        sorted(total.errors, key=lambda e: (e.game_id is None, e.game_id or "")),
        len(total.errors),
        total.skipped,
        games,
        False,
        p["game"],
        players,
        p["seed"],
        cpus,
        list(names),
    )
