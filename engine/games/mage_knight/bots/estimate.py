"""A bot's rough sense of its own strength against enemies it can see (bot habit, not a rule):
combat points its hand, crystals and ready units could give, against the points a fight needs
(armour to defeat, block for the attacks its units and hero cannot absorb). Used to pick only
winnable fights and to assault a city only when the estimate says the assault wins."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.resolving import card_resolutions
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.turn.actions import pool
from engine.mechanics.per_state import once
from engine.mechanics.zones import card_name

CRYSTAL_POINTS = 1  # a crystal may power a card of its colour: about 1 more point (stand-in bot weight)
DEFENDER_MARGIN = 1  # per city defender: the city colour's bonus and bad luck (stand-in)
DOUBLED = ("poison", "brutal")  # abilities making an unblocked attack count twice


def _best_basic(cid: str, combat: bool, points) -> int:
    """The most a card's basic effect gives, each effect atom read by `points(kind, value)`
    (None: not of the kind sought); 1 sideways, 0 for a wound."""
    if cid == "wound" or cid not in content().cards:
        return 0
    best = 1
    for atoms in card_resolutions(cid, "basic", combat, "plains"):
        for k, v in atoms:
            got = points(k, v)
            if got is not None:
                best = max(best, got)
    return best


def _fighting(kind: str, v: Any) -> int | None:
    ok = kind in ("attack", "block") and isinstance(v, dict) and isinstance(v.get("value"), int)
    return v["value"] if ok else None


def _influence(kind: str, v: Any) -> int | None:
    return v if kind == "influence" and isinstance(v, int) else None


@cache
def card_points(cid: str) -> int:
    """The most attack or block points a card's basic effect gives in combat; 1 sideways."""
    return _best_basic(cid, True, _fighting)


@cache
def card_influence(cid: str) -> int:
    """The most influence a card's basic effect gives outside combat; 1 sideways."""
    return _best_basic(cid, False, _influence)


def influence_power(table, seat: int) -> int:
    """Influence the seat could raise now for an interaction: the points pooled with the
    reputation modifier, its hand's, and a point per crystal that could power a card."""
    p = table.game.players[seat]
    hand = table.zone(state.hand(seat))
    cards = sum(card_influence(card_name(x)) for x in hand)
    return pool(table, seat) + cards + CRYSTAL_POINTS * min(sum(p.crystals.values()), len(hand))


def unit_points(unit: str) -> int:
    """The most attack or block points one of a unit's abilities gives."""
    best = 0
    for ab in content().units[unit].abilities:
        for k in ("attack", "ranged_attack", "siege_attack", "block"):
            if isinstance(ab.get(k), int):
                best = max(best, ab[k])
    return best


def combat_power(table, seat: int) -> int:
    """Points for attack and block the seat could raise now: its hand, crystals, ready units
    (once per state: the habits ask at every question)."""
    return once(table, ("combat_power", seat), lambda: _combat_power(table, seat))


def _combat_power(table, seat: int) -> int:
    p = table.game.players[seat]
    cards = sum(card_points(card_name(x)) for x in table.zone(state.hand(seat)))
    units = sum(unit_points(u.unit) for u in p.units if u.ready and not u.wounded)
    return cards + units + CRYSTAL_POINTS * min(sum(p.crystals.values()), len(table.zone(state.hand(seat))))


def absorb(table, seat: int) -> int:
    """Damage the seat takes without a knock-out: its ready units' armour, and its hero's armour
    for each wound short of the hand limit but two (a wound or two is worth a fight's fame);
    once per state."""
    return once(table, ("absorb", seat), lambda: _absorb(table, seat))


def _absorb(table, seat: int) -> int:
    p = table.game.players[seat]
    wounds = sum(1 for x in table.zone(state.hand(seat)) if card_name(x) == "wound")
    units = sum(content().units[u.unit].armor for u in p.units if not u.wounded)
    return units + p.armour * max(0, p.hand_limit - 2 - wounds - 1)


def enemies_need(
    table, seat: int, enemies: list[str], margin: int = 0, face_down: tuple[str, ...] = ()
) -> int:
    """Points to defeat these enemies (content ids): armour (doubled when physical attacks are
    resisted) plus the block needed for the attack the seat cannot absorb; a face-down token
    (`face_down`: its colour, all a seat sees of it) counts as the average token of its colour
    the seat has not seen."""
    foes = [content().enemies[e] for e in enemies if e in content().enemies]
    if len(foes) < len(enemies):
        return 1 << 20  # an enemy the content does not know: no estimate, no fight
    armour: float = sum(_armour(f, margin) for f in foes)
    attack: float = sum(_attack(f) for f in foes)
    for colour in face_down:
        a, b = unseen_mean(table, colour, margin)
        armour, attack = armour + a, attack + b
    return round(armour + max(0, attack - absorb(table, seat)))


def _armour(f, margin: int) -> int:
    return (2 if "physical" in f.resistances else 1) * (f.armor + margin)


def _attack(f) -> int:
    return sum(a.value * (2 if set(f.abilities) & set(DOUBLED) else 1) for a in f.attacks if not a.summon)


def unseen_mean(table, colour: str, margin: int) -> tuple[float, float]:
    """The mean armour and attack terms of the `colour` tokens no seat has seen (its stack and
    the face-down garrisons: what a face-down token of that colour may be); once per state."""

    def mean() -> tuple[float, float]:
        foes = [
            content().enemies[card_name(t)]
            for name, z in table.zones.items()
            if z.vis == "hidden" and (name == f"enemies:{colour}" or name.startswith("garrison:"))
            for t in z.cards
            if t.startswith(colour + "_") and card_name(t) in content().enemies
        ]
        if not foes:
            return (0.0, 0.0)
        return (sum(_armour(f, margin) for f in foes) / len(foes), sum(_attack(f) for f in foes) / len(foes))

    return once(table, ("unseen_mean", colour, margin), mean)


def city_need(table, seat: int, city) -> int:
    """Points the assault of this city needs (its defenders left, with the margin), judged by
    what the seat sees: a defender still face down counts as an average token of its colour;
    once per state (the travel habit weighs every city at every question)."""

    def need() -> int:
        hidden = {t for s in city.spaces for t in _face_down(table, state.garrison(s))}
        seen = [card_name(x) for x in city.garrison if x not in hidden]
        down = tuple(x.split("_", 1)[0] for x in city.garrison if x in hidden)
        return enemies_need(table, seat, seen, DEFENDER_MARGIN, down)

    return once(table, ("city_need", seat, id(city)), need)  # (the city lives as long as the state)


def _face_down(table, zone: str) -> list[str]:
    z = table.zones.get(zone)
    return list(z.cards) if z is not None and z.vis == "hidden" else []


def space_need(table, seat: int, space: str) -> int:
    """Points to defeat the enemies standing on a map space."""
    sp = table.game.board.spaces[space]
    return enemies_need(table, seat, [card_name(x) for x in sp.enemies])
