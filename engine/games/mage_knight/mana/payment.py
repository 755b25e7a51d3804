"""Paying mana for a card (MK:4:Deed:3a-c, MK:5:Mana:1-3): which mana a card needs, and every
way the seat can pay it from one Source die per turn, its crystals and its pure mana tokens.

A payment is a string of sources joined by "+": "die:2" (Source die 2), "crystal:red",
"token:gold"; each source pays one mana need, in the order of `needs`.
"""

from __future__ import annotations

from itertools import product

from engine.games.mage_knight.mana import rules as mana

DIE_ALLOWANCE = 1  # MK:5:Mana:3a


def needs(card, mode: str, night: bool) -> list[tuple[str, ...]] | None:
    """The mana needs of playing `card` in `mode` (each a tuple of acceptable colours), or None
    if the mode is not allowed now (a spell's powered effect only at night, MK:4:Deed:3b)."""
    if mode == "sideways":
        return []
    kind = card.kind
    if kind == "spell":
        if mode == "basic":
            return [(card.color,)]
        return [(card.color,), ("black",)] if night else None
    if mode == "basic":
        return []
    colours = tuple(c for c in card.powered_by if c != "black")
    if kind == "artifact":
        return [colours] if colours else []
    return [colours] if colours else None


def sources(player, source: list[str], night: bool, blocked=()) -> list[tuple[str, str]]:
    """(source string, mana face) for every mana the seat could spend now; `blocked` dice are
    kept by a Mana Steal (the seat's own one pays like a token: "stolen:i")."""
    out: list[tuple[str, str]] = []
    if player.stolen_die >= 0:
        out.append((f"stolen:{player.stolen_die}", source[player.stolen_die]))
    if len(player.dice) < DIE_ALLOWANCE + player.extra_dice:
        for i, face in enumerate(source):
            if i in player.dice or i in player.held_dice or i in blocked:
                continue
            if face == "black" and player.black_any:
                out.append((f"die:{i}", ANY_BLACK))  # Mana Pull: any basic colour, by day too
            elif not mana.depleted(face, night_for(player, face, night)):
                out.append((f"die:{i}", face))
    for colour in sorted(player.crystals):
        if player.crystals[colour] > 0:
            out.append((f"crystal:{colour}", colour))
    for face in sorted(set(player.tokens)):
        out.append((f"token:{face}", face))
    for colour in player.turn_effects.get("endless", ()):  # a ring's endless mana this turn
        out.append((f"endless:{colour}", colour))
    return out


ANY_BLACK = "black_any"


def night_for(player, face: str, night: bool) -> bool:
    """The time of day a face is paid by: this turn black may count as by night (Amulet of
    Darkness) and gold as by day (Amulet of the Sun, Mana Storm), MK:5:Mana:2."""
    fx = player.turn_effects
    if face == "black" and fx.get("black_day"):
        return True
    if face == "gold" and fx.get("gold_night"):
        return False
    return night


def _pays(face: str, colour: str, night: bool) -> bool:
    if face == ANY_BLACK:
        return colour in mana.BASIC or (night and colour == "black")
    return colour in mana.usable_as(face, night)


def options(player, source: list[str], night: bool, need: list[tuple[str, ...]], blocked=()) -> list[str]:
    """Every distinct payment of `need` (sources in sorted order: the order of spending does not
    matter), sorted."""
    if not need:
        return [""]
    have = sources(player, source, night, blocked)
    per_need = [
        [n for n, face in have if any(_pays(face, c, night_for(player, face, night)) for c in want)]
        for want in need
    ]
    out = set()
    for combo in product(*per_need):
        names = list(combo)
        if len(set(names)) != len(names) and not _enough(player, names):
            continue
        if sum(1 for n in names if n.startswith("die:")) > DIE_ALLOWANCE + player.extra_dice - len(
            player.dice
        ):
            continue
        out.add("+".join(sorted(names)))
    return sorted(out)


def _enough(player, names: list[str]) -> bool:
    """A repeated crystal or token source is fine while the seat holds that many."""
    for n in set(names):
        k = names.count(n)
        if k == 1:
            continue
        kind, colour = n.split(":")
        if kind == "endless":
            continue
        if kind == "die":
            return False
        held = player.crystals.get(colour, 0) if kind == "crystal" else player.tokens.count(colour)
        if held < k:
            return False
    return True
