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
    version: int = 0  # events folded so far
    chance: int = 0  # chance outcomes drawn so far (invariant 3)
    forced: dict[str, list[Any]] = {}
    zones: dict[str, Zone] = {}
    damage: dict[str, int] = {}
    over: bool = False
    winners: list[int] = []
    scores: dict[str, Any] = {}
    seed: str | None = None  # known only once revealed at the end
    game: Any = None
    # Live games' fair chance (CORE-3C), None/empty for every other game: the seats whose
    # contribution the deal waits for, every contribution so far as [who, value, salt] (the
    # referee's state: a value is secret until the end), and the seed a client chose in
    # analysis mode (public: it is in the game's header).
    awaiting: list[int] = []
    mix: list[list[Any]] | None = None
    client_seed: str | None = None

    def zone(self, name: str) -> list[str]:
        return self.zones[name].cards


def _chance(table: Table, d: dict[str, Any]) -> None:
    table.chance = d["chance"] + 1
    if d.get("forced"):
        stream = d["stream"]
        table.forced[stream].pop(0)
        if not table.forced[stream]:
            del table.forced[stream]


def _zone_moved(table: Table, d: dict[str, Any]) -> None:
    zones = table.zones
    src, dst = zones[d["src"]].cards, zones[d["dst"]].cards
    cards = d["cards"]
    if cards == src:  # the whole zone (often): emptied at once, not card by card
        src.clear()
    else:
        for c in cards:
            src.remove(c)
    if d.get("to") == "bottom":
        dst.extend(cards)
    else:
        dst[0:0] = cards


def _zone_shuffled(table: Table, d: dict[str, Any]) -> None:
    order = d.get("order")
    if order is not None:
        table.zones[d["zone"]].cards = list(order)


def _zone_added(table: Table, d: dict[str, Any]) -> None:
    dst = table.zones[d["zone"]].cards
    if d["to"] == "bottom":
        dst.extend(d["cards"])
    else:
        dst[0:0] = d["cards"]


def _zone_created(table: Table, d: dict[str, Any]) -> None:
    table.zones[d["zone"]] = Zone(list(d.get("cards", [])), d.get("owner"), d.get("vis", "public"))


def _damage_dealt(table: Table, d: dict[str, Any]) -> None:
    table.damage[d["target"]] = table.damage.get(d["target"], 0) + d["n"]


def _damage_healed(table: Table, d: dict[str, Any]) -> None:
    left = table.damage.get(d["target"], 0) - d["n"]
    if left > 0:
        table.damage[d["target"]] = left
    else:
        table.damage.pop(d["target"], None)


def _chance_forced(table: Table, d: dict[str, Any]) -> None:
    for stream, outcomes in d["outcomes"].items():
        table.forced.setdefault(stream, []).extend(outcomes)


def _game_over(table: Table, d: dict[str, Any]) -> None:
    table.over = True
    table.winners = list(d["winners"])
    table.scores = dict(d.get("scores", {}))


def _seed_revealed(table: Table, d: dict[str, Any]) -> None:
    table.seed = d["seed"]


def _contributed(table: Table, d: dict[str, Any]) -> None:
    """A contribution (or a seat's decline) joins the mix; its seat no longer holds the deal."""
    if table.mix is not None:
        table.mix.append([d["who"], d.get("value"), d.get("salt")])
    if d["who"] in table.awaiting:
        table.awaiting = [s for s in table.awaiting if s != d["who"]]


def _nothing(table: Table, d: dict[str, Any]) -> None:
    pass


# The core's event types and their fold (one dict lookup per event, not a chain of tests).
CORE_FOLD = {
    "zone.moved": _zone_moved,
    "zone.shuffled": _zone_shuffled,
    "zone.added": _zone_added,
    "zone.created": _zone_created,
    "damage.dealt": _damage_dealt,
    "damage.healed": _damage_healed,
    "chance.forced": _chance_forced,
    "game.over": _game_over,
    "seed.revealed": _seed_revealed,
    "chance.contributed": _contributed,
    "dice.rolled": _nothing,
    "chance.picked": _nothing,
    "game.created": _nothing,
    "undo.agreed": _nothing,
}


def fold_core(table: Table, ev: StoredEvent) -> bool:
    """Apply a core event; return False when the type belongs to the game.

    Any event whose data holds "chance" (a chance outcome) advances the chance counter."""
    d = ev.data
    if "chance" in d:
        _chance(table, d)
    step = CORE_FOLD.get(ev.type)
    if step is None:
        return False
    step(table, d)
    return True
