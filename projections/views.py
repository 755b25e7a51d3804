"""What one seat may see (invariant 6): of the state, and of each event in the log.

A viewer is None (the public: a spectator), a seat number, or REFEREE (whoever holds the
database sees everything, but only when asking for it by name).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.mechanics import zones
from engine.table import Table
from engine.upcast import as_read_now
from store import StoredEvent


class _Referee:
    def __repr__(self) -> str:
        return "REFEREE"


REFEREE = _Referee()

_CORE_PUBLIC = {
    "zone.moved": ("src", "dst", "n", "to"),
    "zone.shuffled": ("zone", "n", "stream", "chance"),
    "zone.created": ("zone", "n", "owner", "vis"),
    "zone.added": ("zone", "n", "to"),
    # a contribution to a live game's chance: who and the commitment, never the secret
    "chance.contributed": ("who", "commitment", "declined"),
}


def state_view(ruleset, table: Table, seat: int | None) -> dict[str, Any]:
    """seat None: a spectator, who sees only public information."""
    return {
        "game_id": table.game_id,
        "ruleset": table.ruleset,
        "players": table.players,
        "options": table.options,
        "version": table.version,
        "as": "spectator" if seat is None else f"seat {seat}",
        "over": table.over,
        "winners": table.winners,
        "scores": table.scores,
        "seed": table.seed,
        "zones": zones.view(table, seat),
        "damage": dict(table.damage),
        "game": ruleset.game_view(table, seat),
        "panels": panels_view(ruleset, table, seat),
        **_fairness(table),
    }


def panels_view(ruleset, table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The player panels as `seat` may see them (`Ruleset.panels`, engine.panels), as data."""
    return msgspec.to_builtins(ruleset.panels(table, seat))


def _fairness(table: Table) -> dict[str, Any]:
    """What every viewer must see about how a live game's chance is made (CORE-3C): analysis
    mode with the seed a client chose (anyone can then compute every hand), or the seats
    whose contribution the deal still waits for. Nothing for the CLI's games, so their views
    stay as they were."""
    out: dict[str, Any] = {}
    if table.analysis:
        out["analysis"] = True
    if table.client_seed is not None:
        out["client_seed"] = table.client_seed
    if table.mix is not None:
        out["awaiting"] = list(table.awaiting)
    return out


def full_state(ruleset, table: Table) -> dict[str, Any]:
    """The referee's view: everything, including deck orders."""

    out = msgspec.to_builtins(table)
    out["game"] = msgspec.to_builtins(table.game)
    return out


# What of a situation document (engine/situation.py) anyone may read: the rest states hands,
# deck orders, secret roles, the seed and the coming dice, which only the referee may see.
SITUATION_PUBLIC = ("ruleset", "players", "options", "decisive", "note")


def _setup_secrets(ev: StoredEvent) -> dict[str, Any] | None:
    """The public data of the two public events that carry a situation's secrets, else None."""
    if ev.type == "game.created" and ev.data.get("situation"):
        doc = ev.data["situation"]
        return {**ev.data, "situation": {k: doc[k] for k in SITUATION_PUBLIC if k in doc}}
    if ev.type == "chance.forced":
        return {"streams": {k: len(v) for k, v in ev.data.get("outcomes", {}).items()}}
    return None


def event_view(ruleset, ev: StoredEvent, seat: int | None) -> dict[str, Any]:
    base = {"version": ev.version, "type": ev.type, "actor": ev.actor, "rule": ev.rule, "cause": ev.cause}
    hidden = _setup_secrets(ev)
    if hidden is not None:
        return {**base, "data": hidden, "redacted": True}
    if ev.visible_to(seat):
        return {**base, "data": ev.data}
    keep = _CORE_PUBLIC.get(ev.type)
    data = {k: ev.data[k] for k in keep if k in ev.data} if keep is not None else ruleset.public_data(ev)
    return {**base, "data": data, "redacted": True}


def log_view(ruleset, events: list[StoredEvent], who) -> list[dict[str, Any]]:
    """Each event as `who` may see it: REFEREE everything, a seat or None (public) redacted;
    as the current code reads it (engine.upcast: today's schemas and type names)."""
    events = as_read_now(ruleset, events)
    if who is REFEREE:
        return [
            {
                "version": ev.version,
                "type": ev.type,
                "actor": ev.actor,
                "rule": ev.rule,
                "cause": ev.cause,
                "data": ev.data,
            }
            for ev in events
        ]
    return [event_view(ruleset, ev, who) for ev in events]


def viewer_name(who) -> str:
    return "referee" if who is REFEREE else "spectator" if who is None else f"seat {who}"
