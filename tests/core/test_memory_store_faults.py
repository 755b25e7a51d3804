"""Faults found by attacking the MemoryStore against EventStore (the referee's view): each was
a divergence from what the SQLite store does with the same calls, and each test here failed on
the MemoryStore before its fix. The same calls run on both stores and must give the same
answers, rows, hashes and store head."""

from __future__ import annotations

import pytest

from store import NewEvent, VersionConflict
from tests.core.test_store_contract import make, rows_of


def on_both(fn):
    """fn(store) on each store; (answer or exception type, rows, store head) per store."""
    out = []
    for kind in ("sqlite", "memory"):
        s = make(kind)
        try:
            got = fn(s)
        except Exception as exc:  # the kind of refusal is part of the answer
            got = type(exc).__name__
        out.append((got, rows_of(s), s.store_head(), s.game_ids()))
    return out


def test_a_group_commit_refused_inside_an_outer_transaction_writes_nothing():
    """VersionConflict says "nothing was written": a caller that catches it inside its own
    transaction and commits must not find the group's earlier commands stored."""

    def fn(s):
        with s.transaction():
            s.append("a", 0, [NewEvent("t", {"i": 1})])
            with pytest.raises(VersionConflict, match="nothing was written"):
                s.append_many([("b", 0, [NewEvent("t", {})]), ("a", 0, [NewEvent("t", {})])])
        return s.version("a"), s.version("b")

    sql, mem = on_both(fn)
    assert sql[0] == (1, 0)
    assert mem == sql


def test_an_append_refused_for_a_field_inside_an_outer_transaction_writes_nothing():
    """An event whose actor cannot be encoded, appended with its stored events asked for,
    raises; caught inside a transaction that then commits, the store holds what it held."""

    def fn(s):
        with s.transaction():
            s.append("a", 0, [NewEvent("t", {})])
            with pytest.raises(TypeError):
                s.append("a", 1, [NewEvent("bad", {}, actor=object())])
            s.append("a", 1, [NewEvent("next", {})])
        return [e.type for e in s.read("a")]

    sql, mem = on_both(fn)
    assert sql[0] == ["t", "next"]
    assert mem == sql


def test_a_visibility_list_changed_after_the_append_does_not_change_the_record():
    """EventStore encodes `vis` when it appends; the MemoryStore builds rows later, so it must
    not read the caller's list then (a seat added afterwards would enter the row and its
    hash)."""

    def fn(s):
        vis, data = [1], {"card": "x"}
        with s.transaction():
            s.append("g", 0, [NewEvent("drawn", data, vis=vis)], returning=False)
        vis.append(2)
        data["card"] = "y"
        return [(e.vis, e.data) for e in s.read("g")]

    sql, mem = on_both(fn)
    assert sql[0] == [([1], {"card": "x"})]
    assert mem == sql


def test_command_span_of_no_command_id_is_none():
    """SQL's `command_id = NULL` matches nothing: events without a command id make no span."""

    def fn(s):
        s.append("g", 0, [NewEvent("a", {}), NewEvent("b", {}, command_id="c")])
        return s.command_span("g", None), s.command_span("g", "c")

    sql, mem = on_both(fn)
    assert sql[0] == (None, (2, 2))
    assert mem == sql


def test_a_snapshot_buffer_changed_after_saving_does_not_change_the_snapshot():
    """EventStore copies the state's bytes into its table; a bytearray the caller reuses must
    not change (and so silently void) the MemoryStore's snapshot."""

    def fn(s):
        s.append("g", 0, [NewEvent("a", {}), NewEvent("b", {})])
        buf = bytearray(b"state")
        s.save_snapshot("g", 2, buf)
        buf[:] = b"other"
        return s.load_snapshot("g", 2)

    sql, mem = on_both(fn)
    assert sql[0] == (2, b"state")
    assert mem == sql


def test_verify_reports_a_seed_whose_game_has_no_events():
    """EventStore.verify reports a stored seed without events (game_deleted); the MemoryStore's
    verify (a copy into SQLite) must not drop that seed on the way and call the store sound."""

    def fn(s):
        s.append("g", 0, [NewEvent("a", {})])
        s.put_seed("lost", "seed", None, "commitment")
        report = s.verify()
        return report.ok, [(f["kind"], f["game_id"]) for f in report.faults]

    sql, mem = on_both(fn)
    assert sql[0] == (False, [("game_deleted", "lost")])
    assert mem == sql


def test_an_empty_visibility_list_filled_after_the_append_stays_empty():
    """`vis=[]` (nobody sees it) is a list too; seats added to it later are not recorded."""

    def fn(s):
        vis = []
        with s.transaction():
            s.append("g", 0, [NewEvent("hidden", {}, vis=vis)], returning=False)
        vis.append(0)
        return s.read("g")[0].vis

    sql, mem = on_both(fn)
    assert sql[0] == []
    assert mem == sql


def test_games_made_by_one_group_commit_are_listed_in_the_order_first_named():
    """EventStore's group commit writes the new streams in the order the group first names
    each game (an empty command names it too); the MemoryStore listed them in the order of
    their first event, so game_ids, game_summaries and the streams copied into a file
    differed. (Found by test_memory_store_sequences.py.)"""

    def fn(s):
        s.append_many(
            [
                ("b", 0, []),
                ("a", 0, [NewEvent("x", {})]),
                ("b", 0, [NewEvent("y", {})]),
                ("c", 0, [NewEvent("z", {})]),
            ]
        )
        return s.game_ids(), [g for g, *_ in s.game_summaries()]

    sql, mem = on_both(fn)
    assert sql[0] == (["b", "a", "c"], ["b", "a", "c"])
    assert mem == sql


# -- what held (kept as tests so it keeps holding) --------------------------------------------
def test_huge_payloads_odd_unicode_and_empty_commands_store_alike():
    def fn(s):
        s.append("g", 0, [])  # an empty command makes no game
        s.append(
            "g",
            0,
            [
                NewEvent("big", {"x": "y" * 3_000_000}),
                NewEvent("odd", {"s": "\u0000é\u2028\U0001f600"}, command_id="\u0000"),
            ],
        )
        with s.transaction():
            s.append_many([("g", 2, []), ("h", 0, [NewEvent("t", {"é": ["\U0010fffe"]})])], returning=False)
        return [len(e.data.get("x", "")) for e in s.read("g")], s.command_span("g", "\u0000")

    sql, mem = on_both(fn)
    assert sql[0] == ([3_000_000, 0], (2, 2))
    assert mem == sql
