"""The state envelope every game shares, and the fold of the core's own event types.

The core owns what all games have in common (seats, chance counter, forced outcomes, card
zones, damage tokens, the end); a game keeps its own state in `Table.game`.
"""
from __future__ import annotations

from typing import Any

import msgspec

from store import StoredEvent


class Zone(msgspec.Struct):
    cards: list[str]
    owner: int | None = None
    vis: str = "public"  # "public" | "owner" | "hidden" (order and identity unknown to all)


class Table(msgspec.Struct):
    game_id: str
    ruleset: str
    ruleset_version: str
    players: int
    options: dict[str, Any]
    seed_hash: str
    analysis: bool = False
    situation: bool = False
    version: int = 0          # events folded so far
    chance: int = 0           # chance outcomes drawn so far (invariant 3)
    forced: dict[str, list[Any]] = {}
    zones: dict[str, Zone] = {}
    damage: dict[str, int] = {}
    over: bool = False
    winners: list[int] = []
    scores: dict[str, Any] = {}
    seed: str | None = None   # known only once revealed at the end
    game: Any = None

    def zone(self, name: str) -> list[str]:
        return self.zones[name].cards


def fold_core(t: Table, ev: StoredEvent) -> bool:
    """Apply a core event; return False when the type belongs to the game."""
    d = ev.data
    if "chance" in d:
        t.chance = d["chance"] + 1
        if d.get("forced"):
            stream = d["stream"]
            t.forced[stream].pop(0)
            if not t.forced[stream]:
                del t.forced[stream]
    typ = ev.type
    if typ == "zone.moved":
        src, dst = t.zones[d["src"]].cards, t.zones[d["dst"]].cards
        cards = d["cards"]
        for c in cards:
            src.remove(c)
        if d.get("to") == "bottom":
            dst.extend(cards)
        else:
            dst[0:0] = cards
    elif typ == "zone.shuffled":
        order = d.get("order")
        if order is not None:
            t.zones[d["zone"]].cards = list(order)
    elif typ == "zone.added":
        dst = t.zones[d["zone"]].cards
        if d["to"] == "bottom":
            dst.extend(d["cards"])
        else:
            dst[0:0] = d["cards"]
    elif typ == "zone.created":
        t.zones[d["zone"]] = Zone(list(d.get("cards", [])), d.get("owner"), d.get("vis", "public"))
    elif typ == "damage.dealt":
        t.damage[d["target"]] = t.damage.get(d["target"], 0) + d["n"]
    elif typ == "damage.healed":
        left = t.damage.get(d["target"], 0) - d["n"]
        if left > 0:
            t.damage[d["target"]] = left
        else:
            t.damage.pop(d["target"], None)
    elif typ == "chance.forced":
        for stream, outcomes in d["outcomes"].items():
            t.forced.setdefault(stream, []).extend(outcomes)
    elif typ == "game.over":
        t.over = True
        t.winners = list(d["winners"])
        t.scores = dict(d.get("scores", {}))
    elif typ == "seed.revealed":
        t.seed = d["seed"]
    elif typ in ("dice.rolled", "chance.picked", "game.created", "undo.agreed"):
        pass
    else:
        return False
    return True
