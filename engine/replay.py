"""Replay verification: re-run a game's recorded decisions under the current code and compare
every event it makes with the stored one; report the first difference."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING, Any

import msgspec

from engine.errors import EngineError
from engine.stores import AnyStore
from projections.state import StateReader
from store import MemoryStore, StoredEvent

if TYPE_CHECKING:
    from engine.pipeline import Engine

COMPARED = ("version", "type", "schema", "data", "vis", "actor", "rule", "cause", "command_id")


class ReplayResult(msgspec.Struct):
    ok: bool
    events: int
    difference: dict[str, Any] | None = None


def _key(ev: StoredEvent) -> tuple[Any, ...]:
    return tuple(getattr(ev, f) for f in COMPARED)


def redo(engine: Engine, game_id: str, root: StoredEvent) -> None:
    """Re-issue the decision that opened a command group."""
    if root.type.startswith("cmd."):
        if root.actor is None:  # a decision is always a seat's: the record is damaged
            raise EngineError(f"event {root.version} ({root.type}) is a decision of no seat")
        engine.submit(game_id, root.actor, root.data)
    elif root.type == "chance.forced":
        engine.force(game_id, root.data["outcomes"])
    elif root.type == "chance.contributed":  # a seat's secret (or decline) for the mix
        engine.contribute(game_id, root.data["who"], root.data.get("value"), salt=root.data.get("salt"))
    elif root.type in ("undo.agreed", "undo.done"):
        engine.undo(
            game_id, root.data["to"], root.data.get("by", root.actor), agreed=root.type == "undo.agreed"
        )
    else:
        raise EngineError(f"event {root.version} ({root.type}) does not open a command")


def _fair_chance(created: dict[str, Any], first: list[StoredEvent]) -> dict[str, Any]:
    """The `Engine.create` arguments that re-make a live game's chance as recorded (CORE-3C):
    the seats awaited, the creator's contribution with its salt, a published client seed.
    Nothing for every other game, so it is re-created exactly as before."""
    out: dict[str, Any] = {}
    if "contributions" in created:
        out["contributions"] = created["contributions"]["awaited"]
        for ev in first:
            if ev.type == "chance.contributed" and ev.data.get("who") == "creator":
                out["creator"], out["creator_salt"] = ev.data["value"], ev.data["salt"]
    if "client_seed" in created:
        out["publish_seed"] = True
    return out


def replay(store: AnyStore, game_id: str) -> ReplayResult:
    from engine.pipeline import Engine

    if not store.version(game_id):
        raise EngineError(f"no game {game_id!r}")
    reader = StateReader(store)
    recorded = reader.events(reader.ruleset_of(game_id), game_id)
    created = recorded[0].data
    mem = Engine(MemoryStore())
    groups = [list(g) for _, g in groupby(recorded, key=lambda e: e.command_id)]
    try:
        seed, salt, _, _ = store.seed_record(game_id)
        mem.create(
            created["ruleset"],
            created["players"],
            seed,
            created["options"],
            created["analysis"],
            created["situation"],
            game_id,
            salt=salt,
            **_fair_chance(created, groups[0]),
        )
    except EngineError as exc:
        return ReplayResult(False, 0, {"version": 1, "problem": f"set-up failed: {exc}"})
    done = len(groups[0])
    for group in groups[1:]:
        try:
            redo(mem, game_id, group[0])
        except EngineError as exc:
            return ReplayResult(
                False, done, {"version": group[0].version, "problem": f"re-run refused the decision: {exc}"}
            )
    fresh = mem.store.read(game_id)
    for old, new in zip(recorded, fresh, strict=False):  # a length mismatch is reported below
        if _key(old) != _key(new):
            field = next(f for f in COMPARED if getattr(old, f) != getattr(new, f))
            return ReplayResult(
                False,
                old.version - 1,
                {
                    "version": old.version,
                    "field": field,
                    "recorded": getattr(old, field),
                    "replayed": getattr(new, field),
                    "type": old.type,
                },
            )
    if len(recorded) != len(fresh):
        return ReplayResult(
            False,
            min(len(recorded), len(fresh)),
            {
                "version": min(len(recorded), len(fresh)) + 1,
                "problem": f"recorded {len(recorded)} events, re-run made {len(fresh)}",
            },
        )
    return ReplayResult(True, len(recorded))
