"""simulate --engine ray on a local 2-CPU Ray instance: a worker dies mid-run, no game is lost
or duplicated, and the games are the ones the process engine plays."""

from sim.ray_engine import CRASH_ONCE, chunks, simulate_ray
from sim.simulate import simulate
from store import EventStore


def test_chunks_cover_every_index_once():
    assert chunks(10, 4) == [(0, 3), (3, 6), (6, 8), (8, 10)]
    assert chunks(2, 8) == [(0, 1), (1, 2)]


def test_ray_run_survives_a_dead_worker(tmp_path, monkeypatch):
    marker = tmp_path / "crashed"
    monkeypatch.setenv(CRASH_ONCE, str(marker))
    db = str(tmp_path / "ray.db")
    s = simulate_ray(db, "duel", 12, 2, seed=4, num_cpus=2, tasks=3)
    assert marker.exists()  # a worker did die mid-task
    assert s.games == 12 and s.errors_total == 0
    store = EventStore(db)
    ids = store.game_ids()
    assert sorted(ids) == [f"duel-4-{i:05d}" for i in range(12)]
    assert store.verify().ok
    pool = str(tmp_path / "pool.db")
    simulate(pool, "duel", 12, 2, seed=4)
    other = EventStore(pool)
    for gid in ids:  # the same games, event for event
        mine = [(e.type, e.data) for e in store.read(gid)]
        theirs = [(e.type, e.data) for e in other.read(gid)]
        assert mine[1:-1] == theirs[1:-1]
