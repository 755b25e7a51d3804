"""Words previews of legal commands for front ends (`Ruleset.preview`): a purchase's price
against the gold left, a level-up's XP, a battle's totals against the monster's health.

Everything here only reads the table; the battle totals come from the battle code itself
(`battle.assess`), so a preview and the battle that follows cannot disagree on the arithmetic."""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone import tree
from engine.games.thunderstone.battle import assess
from engine.games.thunderstone.content import card, value
from engine.games.thunderstone.experience import xp
from engine.games.thunderstone.places import top_of


def preview(table, s: int, cmd: dict[str, Any]) -> str | None:
    kind = cmd.get("kind")
    if kind == "buy":
        return buy(table, cmd.get("stack"))
    if kind == "level":
        return level(table, s, cmd.get("card"))
    if kind == "attack":
        return attack(table, s, cmd.get("monster"))
    return tree.preview(table, s, cmd)


def buy(table, name: Any) -> str | None:
    """TRN-V4: the price of the stack's top card and the gold left after earlier buys."""
    top = top_of(table, name) if isinstance(name, str) else None
    if top is None:
        return None
    k = value(table, top)
    return f"buy {k.name}: costs {k.price} gold, you have {table.game.t.total_gold - table.game.t.spent}"


def level(table, s: int, hero: Any) -> str | None:
    """LVL-1: the hero's XP cost and the seat's XP."""
    if not isinstance(hero, str):
        return None
    k = card(hero)
    return f"level up {k.name}: costs {k.xp_cost} XP, you have {xp(table, s)}"


def attack(table, s: int, monster: Any) -> str | None:
    """BAT-ALG: attack and magic attack, the light penalty and the total against the monster's
    health, as the party stands now; a monster's battle effects (BAT-6) come after the target
    is named and may change the party, so the preview says when it has any."""
    if not isinstance(monster, str):
        return None
    r = assess(table, s, monster)
    text = (
        f"attack {card(monster).name}: attack {r['attack']} + magic {r['magic']}"
        + (f" - light penalty {r['deduction']}" if r["deduction"] else "")
        + f" = {r['total']} vs health {r['health']}: "
        + ("wins" if r["win"] else f"loses ({r['why']})")
    )
    if r["modifiers"]:
        text += "; " + "; ".join(r["modifiers"])
    if card(monster).all("battle"):
        text += " (before its battle effects)"
    return text
