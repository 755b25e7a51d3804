"""A card's plays (legal.card_plays) kept across decisions by everything they read.

Why: every command makes a new state, and each decision of a turn listed every card's plays
again (with their payments), although one card played, one step taken or one enemy fought
rarely changes another card's plays. The plays of a card whose resolutions hold only atoms
that the listing reads by themselves (not IMPURE) are a function of: the seat, the card,
whether the hero has acted, in a combat what its use there reads of it (`combat_key`), the time of day the card's mana needs go by, the mana the
seat may spend for each way's need (all of it, `mana_key`, where an effect costs mana of its
own) and the card's resolutions in each way, which `seat_resolutions`
hands out as the same objects while the situation they read is the same. So the plays are kept
under those values (the resolutions by identity, held in the entry so that identity is safe),
for any table: an undo, a replay, a clone or another game meeting the same values gets the same
plays, and nothing needs telling when the state changes (no fold pays for it).

A card with any IMPURE atom (its plays read offers, units, the map, the hand, other players,
the Source dice it names...), a wound, a fight between heroes and a turn whose effects change
resolutions are listed at every state as before. tests/games/mage_knight/test_facts_kept_plays.py holds kept
plays equal to fresh ones at every decision of seeded games, and IMPURE to the atom kinds the
listing's helpers test."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.mage_knight.cards.resolving import _PLAIN, plain_situation, seat_resolutions
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.fight import POINT_KIND
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import payment
from engine.games.mage_knight.turn.actions import payment_options
from engine.games.mage_knight.turn.tactics import blocked_dice
from engine.mechanics.per_state import once

# The atom kinds whose plays read more than the atoms, the mana and whether the hero acted
# (carry_out.feasible, carry_out.expand, carry_out.discard_payments, legal.card_specific_plays,
# legal._card_plays' enemy effects): a card with one of them is listed afresh at every state.
IMPURE = frozenset(
    (
        "requires",
        "influence_cost",
        "take_offer",
        "heal_unit",
        "influence_to_heal",
        "influence_to_ready",
        "claim_die",
        "die_crystal",
        "claim_round",
        "reroll_die",
        "unit_resistances",
        "banner",
        "rotating",
        "choose_to_deck",
        "look",
        "puppet",
        "repeat",
        "use_offered",
        "others",
        "mana_any",
        "discard_cost",
        "throw_cost",
        "discard_kind",
        "discard_colour",
        "crystal_of_discard",
        "discard_wound",
        "enemy_effect",
        "set_dice",
        "card_boost",
        "space_cost",
        "all_enemies",
        "block_per_trait",
    )
)
WAYS = ("basic", "powered", "sideways")
KEPT_MAX = 4096  # entries kept at once (a long run meets many; it starts again past this)

_KEPT: dict[tuple, tuple] = {}  # key -> (the resolutions of each way, the plays)


def mana_key(table, seat: int) -> tuple:
    """Everything `payment.options` reads of the seat and the Source (once per state)."""
    return once(table, ("mana_key", seat), lambda: _mana_key(table, seat))


def _mana_key(table, seat: int) -> tuple:
    game = table.game
    p = game.players[seat]
    fx = p.turn_effects
    return (
        tuple(game.source),
        game.night,
        p.stolen_die,
        tuple(p.dice),
        p.extra_dice,
        tuple(p.held_dice),
        p.black_any,
        tuple(sorted(p.crystals.items())),
        tuple(sorted(p.tokens)),
        tuple(fx.get("endless", ())),
        bool(fx.get("black_day")),
        bool(fx.get("gold_night")),
        tuple(sorted(blocked_dice(game))),
    )


def combat_key(table) -> tuple:
    """What a play's use in the combat (carry_out.useful: fight.points_fit) reads of it: the
    phase, whether attack points of each kind would have a target, whether an enemy is
    cumbersome (move points block it). Once per state."""
    return once(table, "combat_key", lambda: _combat_key(table.game.combat))


def _combat_key(c) -> tuple:
    return (
        c.phase,
        *(combat_machine.target_problem(c, k) is None for k in ATTACK_POINTS),
        any("cumbersome" in e.abilities for e in c.enemies),
    )


ATTACK_POINTS = tuple(sorted({*POINT_KIND.values(), "melee"}))  # fight.points_fit's kinds


def card_plays(table, seat: int, name: str, listing: Callable[[], list[dict]]) -> list[dict]:
    """The card's plays: kept ones where every value they read is as when they were listed,
    else `listing()` (kept when the card's plays read nothing else)."""
    found = _key(table, seat, name)
    if found is None:
        return listing()
    at, ways = found
    got = _KEPT.get(at)
    if got is not None and all(a is b for a, b in zip(got[0], ways, strict=True)):
        return got[1]
    plays = listing()
    if len(_KEPT) >= KEPT_MAX:
        _KEPT.clear()
    _KEPT[at] = (ways, plays)
    return plays


def kept(table, seat: int, name: str) -> list[dict] | None:
    """The card's kept plays now, None where none are kept (a check's view: lists nothing)."""
    found = _key(table, seat, name)
    got = None if found is None else _KEPT.get(found[0])
    return got[1] if got is not None and all(a is b for a, b in zip(got[0], found[1], strict=True)) else None  # type: ignore[index]


def _key(table, seat: int, name: str) -> tuple[tuple, tuple] | None:
    """(the values the card's plays read, its resolutions in each way), None where they read
    more (module text)."""
    if name == "wound":
        return None
    state = _state(table, seat)
    if state is None:
        return None
    base, sit, night, pays = state
    card = content().cards[name]
    key: list = [name, *base]
    ways: list = []
    whole = False  # an effect's own mana cost: its plays read all of the mana
    for mode in WAYS:
        need = payment.needs(card, mode, night)
        if need is None:
            ways.append(None)
            key.append(None)
            continue
        res = _PLAIN.get((("resolutions", seat, name, mode), sit)) or seat_resolutions(
            table, seat, name, mode
        )
        got = _KINDS.get(id(res))
        if got is None or got[0] is not res:
            got = _kinds(res)
        if got[1]:  # an IMPURE atom
            return None
        whole = whole or got[2]
        ways.append(res)
        # the mode's mana need and the ways to pay it: what its plays read of the mana
        if need:
            at = tuple(map(tuple, need))
            paid = pays.get(at)
            if paid is None:
                paid = pays[at] = tuple(payment_options(table, seat, need))
            key += (at, id(res), paid)
        else:
            key += ((), id(res), ())
    if whole:
        key.append(mana_key(table, seat))
    return tuple(key), tuple(ways)


def _state(table, seat: int) -> tuple | None:
    """What every card's key reads of the state, once per state: (seat, whether the hero has
    acted, the combat's key), the plain situation, the time of day mana needs go by, and the
    payments found so far by need; None in a fight between heroes or an unplain situation."""
    return once(table, ("kept_plays", seat), lambda: _state_now(table, seat)) or None


def _state_now(table, seat: int) -> tuple:
    game = table.game
    sit = plain_situation(table, seat)
    if game.pvp or game.combat is not None or not sit:
        return ()  # (once() keeps no None)
    p = game.players[seat]
    night = game.night or bool(p.turn_effects.get("black_day"))
    combat = None if game.combat is None else combat_key(table)
    return (seat, p.acted, combat), sit, night, {}


def _kinds(res: tuple) -> tuple[tuple, bool, bool]:
    """(the resolutions, whether an atom is IMPURE, whether one is an effect's own mana cost),
    kept per resolutions object (held, so its id is not reused)."""
    if len(_KINDS) >= KEPT_MAX:
        _KINDS.clear()
    kinds = frozenset(k for atoms in res for k, _ in atoms)
    got = _KINDS[id(res)] = (res, not IMPURE.isdisjoint(kinds), "mana_cost" in kinds)
    return got


_KINDS: dict[int, tuple[tuple, bool, bool]] = {}
