"""Rewards that wait for enemies defeated in the combat phase the card was played in
(MK:9:Ranged:5, MK:5:Effects:1): fame per enemy (Bow of Starsdawn), a crystal per enemy by its
resistances (Soul Harvester, up to a limit), Armour -1 on another enemy per enemy defeated
(Explosive Bolt); fame for a token looked at this turn (Scouts: the turn effect `marked`). The turn
effect `on_defeat` holds them as [gain, amount, left, phase, source]."""

from __future__ import annotations

from engine.games.mage_knight.cards.asks import add
from engine.games.mage_knight.cards.turn_effects import effects_of, set_effect
from engine.games.mage_knight.map.explore import gain_fame
from engine.games.mage_knight.turn.ledger import gain_crystal

# crystal colour for a defeated enemy's resistance (reading, catalog.toml mkcards:soul_harvester)
RESISTANCE_CRYSTAL = (("fire", "red"), ("ice", "blue"), ("physical", "green"))


def start(ctx, table, seat: int, v: tuple, source: str) -> None:
    """A tracker from now to the end of this combat phase (nothing outside a combat)."""
    c = table.game.combat
    if c is None:
        return
    gain, amount, limit = v
    held = [list(x) for x in effects_of(table, seat).get("on_defeat", [])]
    set_effect(ctx, seat, "on_defeat", [*held, [gain, amount, limit, c.phase, source]])


def crystal_for(e) -> str:
    for resistance, colour in RESISTANCE_CRYSTAL:
        if resistance in e.resistances:
            return colour
    return "white"


def on_defeated(ctx, table, seat: int, data: dict) -> None:
    """An enemy was defeated: each tracker of this phase with uses left gives its reward."""
    c = table.game.combat
    marked = effects_of(table, seat).get("marked")
    if c is not None and marked and data["enemy"] in marked[0]:
        gain_fame(ctx, table, seat, marked[1], "MK:9:Ranged:5")  # Scouts: a token looked at
    held = effects_of(table, seat).get("on_defeat", [])
    if c is None or not held:
        return
    e = next(x for x in c.enemies if x.uid == data["enemy"])
    after = []
    for gain, amount, left, phase, source in held:
        if phase == c.phase and left > 0:
            left -= 1
            if gain == "fame":
                gain_fame(ctx, table, seat, amount, "MK:9:Ranged:5")
            elif gain == "crystal":
                gain_crystal(ctx, table, seat, crystal_for(e), "MK:5:Gain:2")
            elif gain == "armour":
                _armour_on_another(ctx, table, amount, source)
        after.append([gain, amount, left, phase, source])
    set_effect(ctx, seat, "on_defeat", after)


def _armour_on_another(ctx, table, amount: int, source: str) -> None:
    """Armour change on another enemy still fighting: the caster's choice (asks.py)."""
    add(
        ctx,
        table,
        [
            {
                "seat": table.game.active,
                "do": "armour",
                "amount": amount,
                "source": source,
                "rule": "MK:5:Effects:1",
            }
        ],
    )
