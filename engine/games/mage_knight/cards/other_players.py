"""Effects of a card on the other players (MK:5:Effects:1): each other player still in the game
loses a crystal (Mana Meltdown), takes a wound per crystal of a colour (Mana Radiance), discards a card of a colour (Mind Read; Mind Steal takes one
Action card so discarded), or spends a ready unit up to a level (Energy Flow). Each of those
choices is its player's own prompt (asks.py): the crystal lost, the card discarded, the unit
spent; the caster then picks the crystal gained (Mana Meltdown) or the card taken (Mind Steal)."""

from __future__ import annotations

from engine.games.mage_knight.cards.asks import add
from engine.games.mage_knight.turn.ledger import take_wounds

RULE = "MK:5:Effects:1"


def others(table, seat: int) -> list[int]:
    return [s for s, q in enumerate(table.game.players) if s != seat and not q.out]


def expand(table, seat: int, v: dict) -> list[dict]:
    """Nothing is named at play time: the others answer first (asks.py)."""
    return []


def apply(ctx, table, seat: int, v: dict, cmd: dict) -> None:
    do, arg = v["do"], v.get("arg")
    new = []
    for s in others(table, seat):
        if do == "lose_crystal":
            new.append({"seat": s, "do": "lose_crystal", "caster": seat, "rule": RULE})
        elif do == "discard_colour":
            new.append(
                {
                    "seat": s,
                    "do": "discard_colour",
                    "colour": arg,
                    "caster": seat,
                    "steal": bool(v.get("steal")),
                    "rule": RULE,
                }
            )
        elif do == "wound_per_crystal":
            n = table.game.players[s].crystals.get(arg, 0)
            if n:
                take_wounds(ctx, table, s, n, RULE)
        elif do == "spend_unit":
            new.append({"seat": s, "do": "spend_unit", "max": arg, "caster": seat, "rule": "MK:5:Units:5"})
    if do == "lose_crystal" and v.get("gain"):
        new.append({"seat": seat, "do": "gain_lost", "options": [], "after": True, "rule": "MK:5:Gain:2"})
    if do == "discard_colour" and v.get("steal"):
        new.append({"seat": seat, "do": "steal", "options": [], "after": True, "rule": RULE})
    add(ctx, table, new)
