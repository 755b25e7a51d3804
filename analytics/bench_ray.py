"""Bench: the Ray engine against the process-pool engine on the same games.

    python -m analytics.bench_ray [--game thunderstone] [--games 200] [--cpus 2]

Both play GAME-SEED-0..N-1 into fresh stores; prints games per second of each and checks that
the two stores hold the same game ids.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from sim.ray_engine import simulate_ray
from sim.simulate import simulate
from store import EventStore


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="thunderstone")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--cpus", type=int, default=2)
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        pool, ray_db = str(Path(tmp) / "pool.db"), str(Path(tmp) / "ray.db")
        t0 = time.perf_counter()
        simulate(pool, a.game, a.games, a.players, seed="bench", workers=a.cpus)
        t_pool = time.perf_counter() - t0
        t0 = time.perf_counter()
        simulate_ray(ray_db, a.game, a.games, a.players, seed="bench", num_cpus=a.cpus)
        t_ray = time.perf_counter() - t0
        same = sorted(EventStore(pool).game_ids()) == sorted(EventStore(ray_db).game_ids())
    print(
        f"{a.game} x{a.games} on {a.cpus} CPUs: process pool {a.games / t_pool:.1f} games/s, "
        f"ray {a.games / t_ray:.1f} games/s (includes Ray start-up); same game ids: {same}"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
