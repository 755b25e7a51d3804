"""Helpers for game tests: real pipeline, in-memory store, no shortcuts."""

from __future__ import annotations

import random
from itertools import groupby
from pathlib import Path
from typing import Any

import msgspec

from bots import tree_walk
from bots.random_bot import play_out
from bots.search import as_listed
from engine import situation as situation_file
from engine.pipeline import Engine
from engine.replay import redo, replay
from engine.table import Table
from projections.state import encode
from projections.views import log_view, state_view
from store import EventStore


def engine(path: str = ":memory:") -> Engine:
    return Engine(EventStore(path))


def new_game(
    name: str,
    players: int = 2,
    seed: int | str = 1,
    options: dict | None = None,
    analysis: bool = False,
    eng: Engine | None = None,
) -> tuple[Engine, str]:
    eng = eng or engine()
    return eng, eng.create(name, players, seed, options or {}, analysis=analysis)


def from_situation(
    path: str | Path,
    eng: Engine | None = None,
    analysis: bool = False,
    options: dict | None = None,
    forced: dict | None = None,
    players: int | None = None,
    edit=None,
) -> tuple[Engine, str]:
    """A game from a situation file; tests may override its options, forced outcomes and
    player count, and `edit` may change its [game] table first."""
    doc = situation_file.read(path)
    doc["players"] = players or doc["players"]
    doc.setdefault("options", {}).update(options or {})
    if forced:
        doc.setdefault("forced", {}).update(forced)
    if edit:
        edit(doc["game"])
    eng = eng or engine()
    gid = eng.create(
        doc["ruleset"], doc["players"], doc.get("seed", 0), doc["options"], analysis=analysis, situation=doc
    )
    return eng, gid


def play(eng: Engine, gid: str, seat: int, cmd: dict[str, Any]):
    return eng.submit(gid, seat, cmd)


def run_bots(eng: Engine, gid: str, seed: int | str = 0) -> int:
    return play_out(eng, gid, seed)


def assert_replay_equal(eng: Engine, gid: str) -> None:
    result = replay(eng.store, gid)
    assert result.ok, f"replay differs: {result.difference}"


def state_bytes(t) -> bytes:
    return encode(msgspec.structs.replace(t, version=0))


def assert_undo_equal(eng: Engine, gid: str, rng: random.Random) -> int:
    """Undo to a random point, check the state equals the state then, then redo the same
    decisions and check they make the same events again (no reroll through undo)."""
    events = eng.store.read(gid)
    setup_end = max(e.version for e in events if e.command_id == events[0].command_id)
    roots = [
        e
        for i, e in enumerate(events)  # the first event of each command group
        if e.version > setup_end and events[i - 1].command_id != e.command_id
    ]
    if len(roots) < 2:
        return 0
    k = rng.choice(roots[1:]).version - 1
    expect = state_bytes(eng.reader.state_at(gid, k))
    head = eng.table(gid).version
    eng.undo(gid, k, agreed=not eng.table(gid).analysis)
    assert state_bytes(eng.table(gid)) == expect, f"state after undo to {k} differs"
    for root in [e for e in roots if e.version > k]:
        redo(eng, gid, root)
    again = eng.store.read(gid, head + 1 + (0 if eng.table(gid).analysis else 1) + 1)
    original = [e for e in events if e.version > k]
    strip = lambda e: (e.type, e.data, e.vis, e.actor, e.rule)  # noqa: E731
    assert [strip(e) for e in again] == [strip(e) for e in original], (
        f"redo after undo to {k} made different events"
    )
    return k


def _strings(node) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*map(_strings, node.values())) if node else set()
    if isinstance(node, (list, tuple)):
        return set().union(*map(_strings, node)) if node else set()
    return set()


def assert_log_leaks_nothing(eng: Engine, gid: str, seat: int) -> int:
    """Every card id a seat's redacted log shows must be visible in that seat's view at some
    point of the same command (just before it, or after any of its events): a command may
    name a card that its own cascade reveals later. Returns how many events were checked."""

    rs = eng.ruleset(gid)
    events = eng.store.read(gid)
    log = log_view(rs, events, seat)
    seen = _SeenAt(eng, gid, seat)
    checked = 0
    for _, group in groupby(zip(log, events, strict=True), key=lambda pair: pair[1].command_id):
        shown = [view for view, _ in group]
        first, last = shown[0]["version"], shown[-1]["version"]
        visible: set[str] = set()
        for v in range(max(first - 1, 1), last + 1):
            visible |= seen.at(v)
        for ev in shown:
            leaked = {s for s in _strings(ev["data"]) if "#" in s} - visible
            assert not leaked, f"event {ev['version']} ({ev['type']}) shows seat {seat} {sorted(leaked)}"
            checked += 1
    return checked


class _SeenAt:
    """The strings of a seat's view at each version, folded forward one event at a time
    (the same fold `state_at` runs; rebuilding each version from a snapshot made the leak
    checks of long games take tens of seconds). Versions are asked in rising order, each
    command's last one twice."""

    def __init__(self, eng: Engine, gid: str, seat: int):
        self.reader, self.gid, self.seat = eng.reader, gid, seat
        self.rs = eng.ruleset(gid)
        self.table: Table | None = None
        self.version = 0
        self.strings: set[str] = set()

    def at(self, v: int) -> set[str]:
        if v != self.version:
            if self.table is None or v < self.version:
                self.table = self.reader.state_at(self.gid, v)
            else:
                self.table = self.reader.fold_range(self.rs, self.table, self.gid, self.version + 1, v)
            self.version = v
            assert self.table is not None
            self.strings = _strings(state_view(self.rs, self.table, self.seat))
        return self.strings


def random_step(g, rng: random.Random) -> None:
    """One random-bot command on a research-API game (`runeledger.open`): the tree walk's
    draw, a step it stopped at completed as the engine completes it."""
    seat = g.to_act()
    chosen = tree_walk.random_command(g.ruleset, g.table, seat, rng)
    assert chosen is not None, f"seat {seat} has nothing to decide"
    g.apply(seat, as_listed(g.ruleset, g.table, seat, *chosen))
