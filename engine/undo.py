"""The undo policy (invariant 6).

Undo may not cross a chance outcome (it would allow rerolling by peeking), a reveal (the
player has seen what was hidden) or another seat's decision, unless the table agreed or the
game is in analysis mode. With no seat named, every decision counts as someone else's.
Undo lands only between commands: a target inside one command's cascade would leave a state
no rule ever produced (a prompt with no legal answer).
"""

from __future__ import annotations

from typing import Any

from engine.errors import UndoRefused
from engine.narration import seat_name
from engine.stores import AnyStore
from engine.table import Table


def check_undo(store: AnyStore, table: Table, to: int, seat: int | None, agreed: bool) -> None:
    if not 1 <= to < table.version:
        raise UndoRefused("CORE-6", f"undo target must be an event from 1 to {table.version - 1}")
    first_play = _setup_end(store, table.game_id)
    if to < first_play:
        raise UndoRefused("CORE-6", f"event {to} is inside the set-up (ends at {first_play})")
    here, after = store.read(table.game_id, to, to + 1)
    if here.command_id == after.command_id:
        span = store.command_span(table.game_id, here.command_id or "")
        assert span is not None, "the events of one command have a span"
        first, last = span
        raise UndoRefused(
            "CORE-6",
            f"event {to} is inside a command (events {first}-{last}, "
            f"one decision and its consequences); undo lands on command "
            f"boundaries only: use --to {first - 1} (before it) or "
            f"--to {last} (after it)",
        )
    later = store.read(table.game_id, to + 1, table.version)
    for ev in later:  # never, not even agreed: a second secret would be a second deal (CORE-3C)
        if ev.type == "chance.contributed":
            raise UndoRefused(
                "CORE-3C",
                f"event {ev.version} is a contribution to the game's "
                f"chance; it is given once and never taken back",
            )
    if table.analysis or agreed:
        return
    for ev in later:
        if "chance" in ev.data:
            raise UndoRefused(
                "CORE-6",
                f"event {ev.version} ({ev.type}) is a chance outcome; undoing it would allow a reroll",
            )
        if ev.data.get("reveal"):
            raise UndoRefused("CORE-6", f"event {ev.version} ({ev.type}) revealed hidden cards")
        if ev.type.startswith("cmd.") and (seat is None or ev.actor != seat):
            raise UndoRefused(
                "CORE-6",
                f"event {ev.version} is a decision of {seat_name(ev.actor)}"
                + ("" if seat is not None else " (no seat named)"),
            )


def _setup_end(store: AnyStore, game_id: str) -> int:
    """The last event of the creation transaction: undo never unpicks the set-up."""
    created = store.event(game_id, 1)
    span = store.command_span(game_id, created.command_id) if created and created.command_id else None
    return span[1] if span else 1


UNDO_KIND = "undo"  # the command an "Undo: …" option plays: {"kind": "undo", "to": N}


def last_own_decision(store: AnyStore, table: Table, seat: int) -> tuple[int, Any] | None:
    """Where undoing `seat`'s latest decision would take the game, and that decision's
    command event: `(to, event)` when the newest command in the log is the seat's own and
    the undo policy lets the seat take it back (no chance outcome, reveal or other seat's
    decision since), else None. Reads only the newest command's events."""
    if table.version < 2:
        return None
    (newest,) = store.read(table.game_id, table.version, table.version)
    span = store.command_span(table.game_id, newest.command_id or "") if newest.command_id else None
    if span is None:
        return None
    first, _ = span
    (decision,) = store.read(table.game_id, first, first)
    if not decision.type.startswith("cmd.") or decision.actor != seat:
        return None
    try:
        check_undo(store, table, first - 1, seat, False)
    except UndoRefused:
        return None
    return first - 1, decision
