"""Hidden information (invariant 6): what one seat may see of the game's own state, and the
table's layout for front ends (`table`, drawn by server/static/board_tables.js)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.rune_age import places as at
from engine.games.rune_age.cards import spec


def game_view(table, seat: int | None) -> dict:
    game = table.game
    out = msgspec.to_builtins(game)
    if seat != game.active:
        out["kept"] = len(game.kept)
    if out.get("ev"):
        out["ev"]["chosen"] = {
            s: (c if seat is not None and s == str(seat) else "?") for s, c in game.ev.chosen.items()
        }
    out["table"] = layout(table)
    return out


def layout(table) -> list[dict[str, Any]]:
    """The areas of the table as they lie: each seat's realm (home realm and conquered cities,
    army, barracks), the cities still to conquer, the events with the stage the deck is at (a
    card's back shows its stage, so the stages left in the deck are public) and the supply.
    Each pile {zone, name, spread?, facts} names its zone; cards and counts come from the view's
    zones, so nothing hidden is added here."""
    zones, game = table.zones, table.game
    pile = lambda z, name, spread=False, **facts: {"zone": z, "name": name, "spread": spread, "facts": facts}  # noqa: E731
    areas: list[dict[str, Any]] = []
    for s in game.order:
        piles = [pile(at.realm(s), "realm", True), pile(at.army(s), "army", True)]
        piles += [pile(z, "barracks: " + z.split(":")[2]) for z in zones if z.startswith(f"barracks:{s}:")]
        areas.append({"area": "realm", "seat": s, "title": f"Seat {s + 1}'s realm", "piles": piles})
    areas.append({"area": "cities", "title": "Cities", "piles": [pile(at.CITIES, "cities to conquer", True)]})
    left = [spec(game, c).stage for c in zones[at.EVENTS].cards] if at.EVENTS in zones else []
    stage = {"stage": left[0]} if left else {}
    by_stage = {f"stage {n} cards left": left.count(n) for n in sorted(set(left))}
    events = [pile(at.EVENTS, "event deck", **stage, **by_stage), pile(at.REVEALED, "event drawn", True)]
    events += [pile(at.LASTING, "lasting events", True), pile(at.ENEMIES, "enemies", True)]
    events += [pile(at.EVENT_DISCARD, "event discard pile"), pile(at.OBJECTIVE, "objective", True)]
    areas.append({"area": "events", "title": "Events", **stage, "piles": events})
    supply = [
        pile(z, z.split(":", 1)[1] + (" gold" if z.startswith("gold:") else ""))
        for z in zones
        if z.startswith(("gold:", "neutral:"))
    ]
    areas.append({"area": "supply", "title": "Supply", "piles": supply})
    for a in areas:
        a["piles"] = [p for p in a["piles"] if p["zone"] in zones]
    return areas


def public_data(ev) -> dict:
    """What the other seats see of a seat-only event."""
    d = ev.data
    if ev.type in ("ra.kept", "ra.tribute_chosen"):
        return {"seat": d["seat"]}
    if ev.type == "ra.hand_shown":
        return {"seat": d["seat"], "victim": d["victim"]}
    return {}
