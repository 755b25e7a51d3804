"""A card's, skill's or unit ability's resolutions in a seat's situation (MK:5:Effects:1): the
effect tree read by effects.py for the time of day, the terrain and site, the combat, then this
turn's effects (turn_effects: conversions, Shapeshift, raised sideways values). Legal commands,
card play and the bots all read resolutions here."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from engine.games.mage_knight.cards import effects
from engine.games.mage_knight.cards.turn_effects import changed_attacks, converted, shapeshifted
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.situations.card_overrides import card_values
from engine.mechanics.per_state import once, state_memo

T = TypeVar("T")
SIDEWAYS = ("move", "influence")  # outside combat (MK:4:Deed:3e)


SIDEWAYS_COMBAT = (
    {"value": 1, "type": "melee", "element": "physical"},
    {"value": 1, "element": "physical"},
)  # Attack 1 or Block 1, physical


INTERACTION_SITES = ("village", "monastery")
# Every card's sideways resolutions where no effect of the turn changes one (plain_situation):
# Move 1 or Influence 1, in a combat Attack 1 or Block 1 (legal.sideways_ways counts them
# once for every card).
PLAIN_SIDEWAYS = tuple(((k, 1),) for k in SIDEWAYS)
SIDEWAYS_IN_COMBAT = ((("attack", SIDEWAYS_COMBAT[0]),), (("block", SIDEWAYS_COMBAT[1]),))


@cache
def card_resolutions(
    cid: str,
    mode: str,
    in_combat: bool,
    terrain: str,
    wounds: int = 0,
    night: bool = False,
    blocked: int = 0,
    enemies: int = 0,
    interacting: bool = False,
    site: str = "",
) -> tuple:
    card = content().cards[cid]
    if mode == "sideways":
        return tuple(list(atoms) for atoms in (SIDEWAYS_IN_COMBAT if in_combat else PLAIN_SIDEWAYS))
    tree = card.basic_effect if mode == "basic" else card.powered_effect
    sit = effects.Situation(in_combat, terrain, wounds, night, blocked, enemies, interacting, site)
    return resolved(("card", cid, mode), tree, sit)


class _Reading:
    """A situation noting which of its fields an effect tree reads (effects.py reads a
    situation only by its fields)."""

    __slots__ = ("_sit", "read")

    def __init__(self, sit: effects.Situation) -> None:
        self._sit = sit
        self.read: set[str] = set()

    def __getattr__(self, name: str):
        self.read.add(name)
        return getattr(self._sit, name)


_READS: dict[tuple, list[tuple[str, ...]]] = {}  # an effect's key -> the field sets its walks read
_RESOLVED: dict[tuple, tuple] = {}  # (key, fields, their values) -> the resolutions


def resolved(key: tuple, tree, sit: effects.Situation) -> tuple:
    """`effects.resolutions(tree, sit)` kept by the values of the situation's fields the walk
    read: most effects read none or one (night, combat), so a card is walked once for every
    terrain, wound count and site instead of once for each. Sound because the walk is a pure
    function of the tree and the fields it reads: equal values, the same walk."""
    for fields in _READS.get(key, ()):
        got = _RESOLVED.get((key, fields, tuple(getattr(sit, f) for f in fields)))
        if got is not None:
            return got
    reading = _Reading(sit)
    out = tuple(effects.resolutions(tree, reading))  # type: ignore[arg-type]
    fields = tuple(sorted(reading.read))
    seen = _READS.setdefault(key, [])
    if fields not in seen:
        seen.append(fields)
    _RESOLVED[(key, fields, tuple(getattr(sit, f) for f in fields))] = out
    return out


def situation(table, seat: int) -> tuple:
    """(in combat, terrain here, wounds taken this combat, night): what card_resolutions depend
    on; a combat's own time of day counts (dungeons and tombs fight by night). Once per state."""
    return once(table, ("situation", seat), lambda: _situation(table, seat))


def _situation(table, seat: int) -> tuple:
    c = table.game.combat
    if c is None:
        return (
            False,
            terrain_here(table, seat),
            0,
            table.game.night,
            0,
            0,
            may_interact(table, seat),
            site_here(table, seat),
        )
    foes = [e for e in c.enemies if not e.defeated and not e.discarded]
    blocked = sum(1 for e in c.enemies if e.attacks and all(a.blocked for a in e.attacks))
    return (
        True,
        terrain_here(table, seat),
        c.wounds_to_hand + c.other_hand_wounds + c.wounds_to_discard,
        c.night,
        blocked,
        len(foes),
        False,
        site_here(table, seat),
    )


def may_interact(table, seat: int) -> bool:
    """On a village or monastery, or an own keep or mage tower (MK:8:Interact:1)."""
    sp = table.game.board.spaces.get(table.game.players[seat].pos)
    if sp is None:
        return False
    return (
        sp.site in INTERACTION_SITES
        or (sp.site in ("keep", "mage_tower") and sp.conquered_by == seat)
        or (sp.site == "city" and sp.conquered_by != -1)
    )  # a conquered or friendly city (part 2)


def seat_resolutions(table, seat: int, cid: str, mode: str) -> tuple:
    """The card's resolutions here and now, with this turn's conversions (card_effects) and a
    raised sideways value (Wolf's Howl); once per state (the listings, the choice tree's
    questions and the bots' habits all ask), and with no effect of the turn that changes a
    resolution (RESOLVING_EFFECTS) and no card override, once per card, mode and situation
    for every state (each decision's new state
    would list them again: the hand's cards, each way, for the first question's test, the
    cards' question and the bots' habits)."""
    return kept_plain(
        table, seat, _PLAIN, ("resolutions", seat, cid, mode), _seat_resolutions, table, seat, cid, mode
    )


_PLAIN: dict[tuple, tuple] = {}  # (("resolutions", seat, card, mode), situation) -> resolutions (kept_plain)
PLAIN_KEPT = 20_000  # the most kept at once in each cache across states


def kept_plain(table, seat: int, cache: dict, key: tuple, fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` once per state under `key`, or, where the seat's situation alone decides
    it (`plain_situation`), once per key and situation for every state in `cache` (bounded: a
    long run meets many situations, so it starts again past PLAIN_KEPT). No closure per call:
    card resolutions are the most asked fact of a decision."""
    sit = plain_situation(table, seat)
    kept, at = (cache, (key, sit)) if sit else (state_memo(table), key)
    got = kept.get(at)
    if got is None:
        if sit and len(cache) >= PLAIN_KEPT:
            cache.clear()
        got = kept[at] = fn(*args)
    return got


def plain_situation(table, seat: int) -> tuple:
    """The seat's situation when it alone decides a card's resolutions (no effect of this turn
    that changes one, RESOLVING_EFFECTS, and no card overrides in the game), else (); once
    per state (no closure per call, as
    for `kept_plain`)."""
    memo = state_memo(table)
    sit = memo.get(("plain_situation", seat))
    if sit is None:
        sit = memo[("plain_situation", seat)] = _plain_situation(table, seat)
    return sit


def _plain_situation(table, seat: int) -> tuple:
    fx = table.game.players[seat].turn_effects
    if any(k in RESOLVING_EFFECTS for k in fx) or (getattr(table, "options", None) or {}).get("overrides"):
        return ()
    return situation(table, seat)


# The turn effects `_seat_resolutions` reads (directly or through `converted`): a turn with
# only others (wounds taken, crystals spent, a unit recruited: a quarter of a game's turns)
# resolves its cards as a turn with none, so its resolutions are kept across states too.
RESOLVING_EFFECTS = frozenset(
    ("wound_sideways", "sideways", "sideways_match", "shapeshift", "attack_changes", "convert")
)


def _seat_resolutions(table, seat: int, cid: str, mode: str) -> tuple:
    fx = table.game.players[seat].turn_effects  # (only its RESOLVING_EFFECTS are read)
    out = card_resolutions(cid, mode, *situation(table, seat))
    out = card_values(table, cid, mode, out)  # a situation's [overrides."<card>"] (overrides_cards)
    if not fx:  # no effect of this turn changes it (most plays)
        return converted(fx, out, table.game.combat is not None)
    value = fx.get("wound_sideways") if cid == "wound" else fx.get("sideways")
    if isinstance(value, list):  # [for a basic action, for the others] (I Don't Give a Damn)
        value = value[0] if content().cards[cid].kind == "basic_action" else value[1]
    match = fx.get("sideways_match")  # Universal Power: more for a card of the mana's colour
    if (
        mode == "sideways"
        and match
        and cid != "wound"
        and match[0] in (content().cards[cid].color or "").removeprefix("dual:").split("/")
    ):
        value = match[1]
    if mode == "sideways" and value:
        out = tuple([(k, dict(v, value=value) if isinstance(v, dict) else value)] for [(k, v)] in out)
    if fx.get("shapeshift") and mode != "sideways" and content().cards[cid].kind == "basic_action":
        out = tuple(out) + tuple(shapeshifted(out))
    every = [x for x in fx.get("attack_changes", []) if x[1] == "all"]
    if every:  # Altem Mages: every attack cold fire or siege (offered as such)
        out = tuple(changed_attacks({"attack_changes": every}, list(r)) for r in out)
    return converted(fx, out, table.game.combat is not None)


def site_here(table, seat: int) -> str:
    sp = table.game.board.spaces.get(table.game.players[seat].pos)
    return (sp.site or "") if sp else ""


def terrain_here(table, seat: int) -> str:
    sp = table.game.board.spaces.get(table.game.players[seat].pos)
    return sp.terrain if sp else ""


@cache
def unit_resolutions(unit: str, ability: int) -> tuple:
    ab = content().units[unit].abilities[ability]
    return tuple(effects.resolutions({k: v for k, v in ab.items() if k != "mana_cost"}))


def skill_resolutions(skill: str, table=None, seat: int = -1) -> tuple:
    """A skill's resolutions; with a table, in the seat's situation (day or night, site)."""
    if table is None:
        return tuple(effects.resolutions(content().skills[skill].effect))
    return _skill_here(skill, *situation(table, seat))


def _skill_here(skill: str, *sit) -> tuple:
    """A skill's resolutions in one situation (kept as `resolved` keeps them)."""
    return resolved(("skill", skill), content().skills[skill].effect, effects.Situation(*sit))
