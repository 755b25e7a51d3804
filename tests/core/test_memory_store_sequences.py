"""Random sequences of every store operation, run on an EventStore and a MemoryStore side by
side: appends (returning or not, with seats lists the caller changes afterwards), group commits,
conflicts, nested transactions that raise at any point (caught outside, or inside an outer
transaction that then commits), reads in the middle of them, snapshots, seeds and their reveal,
refusals past the cap, checkpoints and every query. Each answer must be equal, and at the end
every table the two stores copy into a file, the store head and verify's report.

The suite runs a few examples; a long local run: MEMHUNT_EXAMPLES=5000 MEMHUNT_OPS=40 pytest this file."""

from __future__ import annotations

import os
import sqlite3
from unittest.mock import patch

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import store.memory_store
import store.sqlite_store
from store import EventStore, MemoryStore, NewEvent, StoreError, VersionConflict
from store.commitment import commitment
from tests.core.test_store_speed_append import _clock

EXAMPLES = int(os.environ.get("MEMHUNT_EXAMPLES", "60"))
OPS = int(os.environ.get("MEMHUNT_OPS", "12"))  # sequence length
# odd unicode too; not NUL: EventStore's group commit finds streams through json_each, which
# cuts a text at NUL (a game id with NUL gets IntegrityError there, not VersionConflict)
GAMES = ("a", "b", "c", "ü🙂\u2028")


class Boom(Exception):
    """Raised on purpose inside a transaction."""


_game = st.sampled_from(GAMES)
_skew = st.sampled_from([0, 0, 0, -1, 1])
_vis = st.sampled_from([None, None, [], [0], [1, 0]])
_cid = st.sampled_from(["c1", "c2", None])
_leaf = st.one_of(
    st.tuples(st.just("append"), _game, _skew, st.integers(0, 3), st.booleans(), _cid, _vis, st.booleans()),
    st.tuples(
        st.just("many"), st.lists(st.tuples(_game, _skew, st.integers(0, 2)), max_size=3), st.booleans()
    ),
    st.tuples(st.just("snap"), _game, st.integers(-1, 1), st.binary(max_size=4)),
    st.tuples(st.just("seed"), _game),
    st.tuples(st.just("reveal"), _game),
    st.tuples(st.just("reject"), st.sampled_from(["a", "b", "z", GAMES[3]]), st.integers(-1, 2)),
    st.tuples(st.just("ckpt"), st.sampled_from("pq"), st.integers(0, 9)),
    st.tuples(
        st.just("ask"),
        st.sampled_from(
            [
                "read",
                "read_all",
                "span",
                "summaries",
                "from",
                "head",
                "snapshot",
                "rejected",
                "checkpoint",
                "seed",
                "event",
                "fold",
                "versions",
            ]
        ),
        _game,
        st.integers(-1, 4),
        st.integers(-1, 3),
    ),
)
_op = st.recursive(
    _leaf,
    lambda inner: st.tuples(st.just("txn"), st.lists(inner, max_size=5), st.integers(0, 6), st.booleans()),
    max_leaves=14,
)


def _ask(s, what: str, g: str, a: int, b: int):
    if what == "read":
        return s.read(g, a, None if b < 0 else b)
    if what == "read_all":
        return s.read_all(a, None if b < 0 else b)
    if what == "span":
        return s.command_span(g, ["c1", "c2", None][b % 3])
    if what == "summaries":
        return list(s.game_summaries(None if a < 0 else a))
    if what == "from":
        return list(s.game_ids_from(g if a > 0 else ""))
    if what == "head":
        return s.store_head()
    if what == "snapshot":
        return s.load_snapshot(g, a)
    if what == "rejected":
        return s.rejected(g), s.rejected_overflow(g)
    if what == "checkpoint":
        return s.checkpoint("pq"[a % 2])
    if what == "seed":
        return s.seed_record(g)
    if what == "event":
        return s.event(g, a)
    if what == "fold":
        return list(s.fold_rows(g, a))
    return [s.version(x) for x in GAMES], s.game_ids()


def _apply(s, op, step: list[int], later: list):
    """Run one op on store s; what it returned or raised, as a comparable value. `later`
    collects seat lists to change once the op is done (the caller's lists, reused)."""
    kind = op[0]
    step[0] += 1
    tag = f"s{step[0]}"
    try:
        if kind == "append":
            _, g, skew, n, ret, cid, vis, raw = op
            lists = [None if vis is None else list(vis) for _ in range(n)]
            later.extend(v for v in lists if v is not None)
            datas = [{"i": i, "n": [i], "s": "é\u2028"} for i in range(n)]
            # raw given: the store writes those bytes (the engine's case), not `data`
            raws = [msgspec.json.encode({"raw": i}) if raw else None for i in range(n)]
            got = s.append(
                g,
                s.version(g) + skew,
                [
                    NewEvent(
                        tag,
                        datas[i],
                        vis=lists[i],
                        actor=i % 2,
                        rule="R-1",
                        cause=i or None,
                        command_id=cid,
                        raw=raws[i],
                    )
                    for i in range(n)
                ],
                returning=ret,
            )
            for d in datas:
                d["n"].append("changed after")  # the caller's payloads, changed afterwards
            return got
        if kind == "many":
            _, items, ret = op
            return s.append_many(
                [
                    (g, s.version(g) + skew, [NewEvent(tag, {"i": i}, command_id="c1") for i in range(n)])
                    for g, skew, n in items
                ],
                returning=ret,
            )
        if kind == "snap":
            _, g, off, state = op
            return s.save_snapshot(g, s.version(g) + off, state)
        if kind == "seed":
            try:
                s.seed_record(op[1])
                return "seeded already"
            except StoreError:
                return s.put_seed(op[1], "seed-" + op[1], "salt", commitment("seed-" + op[1], "salt"))
        if kind == "reveal":
            g = op[1]
            return s.append(
                g,
                s.version(g),
                [NewEvent("seed.revealed", {"seed": "seed-" + g, "salt": "salt"}, command_id="c2")],
                returning=False,
            )
        if kind == "reject":
            _, g, seat = op
            return s.record_rejected(g, seat, {"cmd": seat}, "R-2", f"no {tag}")
        if kind == "ckpt":
            return s.set_checkpoint(op[1], op[2])
        if kind == "ask":
            return _ask(s, *op[1:])
        _, inner, fail_at, catch = op
        got = []
        try:
            with s.transaction():
                for k, sub in enumerate(inner):
                    if k == fail_at:
                        raise Boom
                    got.append(_apply(s, sub, step, later))
                if fail_at == len(inner):
                    raise Boom
        except Boom:
            got.append("rolled back" if catch else "raised")
            if not catch:
                raise
        return got
    except (VersionConflict, StoreError) as exc:
        return type(exc).__name__, str(exc)


def _run(s, ops) -> list:
    out, step = [], [0]
    for op in ops:
        later: list[list] = []
        try:
            out.append(_apply(s, op, step, later))
        except Boom:
            out.append("Boom")
        for v in later:
            v.append(7)  # the caller reuses its seats lists: the record must not change
        out.append(([s.version(g) for g in GAMES], s.game_ids(), s.store_head()))
    return out


def _copied(s, path) -> dict[str, list]:
    target = EventStore(path, clock=lambda: 0.0)
    if s.game_ids():
        target.absorb(s)
    target.close()
    con = sqlite3.connect(path)
    got = {
        n: con.execute(f"SELECT * FROM {n} ORDER BY rowid").fetchall()
        for n in ("events", "streams", "seeds", "snapshots", "rejected")
    }
    got["rejected_counts"] = con.execute("SELECT * FROM rejected_counts ORDER BY 1").fetchall()
    con.close()
    return got


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(_op, max_size=OPS))
def test_every_operation_in_random_sequences_answers_alike(tmp_path_factory, ops):
    with (
        patch.object(store.sqlite_store, "REJECTED_CAP", 2),
        patch.object(store.memory_store, "REJECTED_CAP", 2),
    ):
        a, b = EventStore(":memory:", clock=_clock()), MemoryStore(clock=_clock())
        assert _run(a, ops) == _run(b, ops)
        assert a.verify() == b.verify()
        where = tmp_path_factory.mktemp("seq")
        assert _copied(a, where / "a.db") == _copied(b, where / "b.db")
