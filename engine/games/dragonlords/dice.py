"""The dice of DragonLords (§2.1): d6 for land and sea combat and most rolls, d8 (Inferno,
Tempest), d10 and d12 (monsters' defence, Summon Elemental) and the crystal die.

The crystal die's colour split is not printed (GAP-04): the stand-in gives two faces of each
colour, so blessed, ignored and cursed are equally likely."""

from __future__ import annotations

from engine.mechanics.dice import Die

D6 = Die("d6", (1, 2, 3, 4, 5, 6))
D8 = Die("d8", tuple(range(1, 9)))
D10 = Die("d10", tuple(range(1, 11)))
D12 = Die("d12", tuple(range(1, 13)))
CRYSTAL = Die("crystal", ("yellow", "yellow", "blue", "blue", "red", "red"))  # stand-in split (GAP-04)
BY_SIDES = {6: D6, 8: D8, 10: D10, 12: D12}
ALL = {d.name: d for d in (D6, D8, D10, D12, CRYSTAL)}
