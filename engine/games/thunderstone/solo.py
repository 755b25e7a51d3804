"""The solo game (VAR-S, p.23): one seat alone against the village score pile.

The rulebook gives only the new variant "Die Rueckkehr" (VAR-S-R1..R4) and says the base solo
rules ("Allein in der Dunkelheit") are in another set's rulebook. The engine fills them with
documented stand-ins that reuse the co-op machinery (coop.py): the set-up of co-op for one seat
(VAR-S-SETUP), the countdown, angry and marching monsters and lost monsters going to the village
score pile (VAR-S-MARCH), and three difficulty levels as 3/2/1 countdown XP (VAR-S-LEVEL). The
seat keeps its own XP. The seat wins with more VP than the village score pile (VAR-S, p.23);
in "Die Rueckkehr" it also needs 4 heroes of their highest level (VAR-S-R4); outcome.py
counts that at the end.
"""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone.content import by_stack, card
from engine.games.thunderstone.places import owned_zones, stack, stack_cards
from engine.mechanics import zones

COUNTDOWN = {1: 3, 2: 2, 3: 1}  # VAR-S-LEVEL (stand-in): countdown XP per difficulty level
RETURN_HEROES, RETURN_VILLAGE = 6, 12  # VAR-S-R1: randomizers drawn in "Die Rueckkehr"
TOP_HEROES = 4  # VAR-S-R4


def variant_of(table) -> str:
    """The variant in play: one seat always plays solo; solo needs exactly one seat."""
    v = table.options["variant"]
    if table.players == 1:
        if v not in ("competitive", "solo"):
            raise ValueError(f"thunderstone: variant={v} needs 2-5 players; 1 player plays solo")
        return "solo"
    if v == "solo":
        raise ValueError(f"thunderstone: variant=solo is for 1 player, not {table.players}")
    return "" if v == "competitive" else v


def setup_data(table, variant: str) -> tuple[dict[str, Any], str]:
    """The solo part of the `ts.setup` event and the rule it cites (None outside solo)."""
    if variant != "solo":
        return {}, ""
    mode = table.options["solo_mode"]
    return (
        {"solo_mode": mode, "solo_level": table.options["solo_level"]},
        "VAR-S-R1" if mode == "return" else "VAR-S-SETUP",
    )


def buyable(table, top: str) -> bool:
    """VAR-S-R2: in "Die Rueckkehr" only level-1 heroes may be bought (or taken as spoils)."""
    k = card(top)
    return not (table.game.returning and k.group == "hero" and k.level != 1)


def back_to_village(ctx, table, src: str, cid: str, rule: str) -> bool:
    """VAR-S-R3: in "Die Rueckkehr" a destroyed card of the seat goes back into its village stack
    (opened anew for a starting card whose stack is not laid out), below any card of a lower level
    so that the top stays the cheapest level. Diseases, monsters, treasures and Thunderstones are
    not village cards and go where they always go. False: not such a card."""
    k = card(cid)
    if not table.game.returning or k.group not in ("hero", "village", "basic") or k.kind == "disease":
        return False
    there = stack_cards(table, k.stack)
    if stack(k.stack) not in table.zones:
        zones.create(ctx, stack(k.stack), [], "VAR-S-R3")
    to = "top" if not there or k.level <= card(there[0]).level else "bottom"
    zones.move(ctx, src, stack(k.stack), [cid], "VAR-S-R3", to=to, cause=rule)
    return True


def top_heroes(table, s: int = 0) -> int:
    """VAR-S-R4: heroes the seat owns whose level is the highest of their hero class."""
    best = {}
    out = 0
    for c in (c for z in owned_zones(s) for c in table.zone(z)):
        k = card(c)
        if k.group != "hero":
            continue
        if k.stack not in best:
            best[k.stack] = max(x.level for x in by_stack(k.stack))
        out += k.level == best[k.stack]
    return out
