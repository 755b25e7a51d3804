"""Paying for and recording a seat's gains and losses that both card play (actions.py) and
combat (fight.py) use: mana and discard payments, reputation, wounds. A module of its own so
that combat does not import card play (no import circle)."""

from __future__ import annotations

import re
from itertools import chain

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.turn_effects import wounds_due, wounds_taken
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.mana.claims import cursed
from engine.games.mage_knight.skills.centre_tokens import paid as centre_paid
from engine.games.mage_knight.skills.centre_tokens import sources
from engine.mechanics import zones
from engine.mechanics.zones import card_name

REPUTATION_MIN, REPUTATION_MAX = -7, 7  # -7 is the X space (stand-in track length)
_WOUND_ID = re.compile(r"\nwound#(\d+)(?=\n)", re.ASCII)  # a wound card's id, on a line of its own


def hand_card(table, seat: int, name: str) -> str:
    return next(c for c in table.zone(state.hand(seat)) if card_name(c) == name)


def hand_cards(table, seat: int, names: str) -> list[str]:
    """The hand's cards a command names ("march,rage,march"), each copy taken once, in order."""
    hand, out = table.zone(state.hand(seat)), []
    for n in names.split(","):
        out.append(next(c for c in hand if card_name(c) == n and c not in out))
    return out


def pay(ctx, table, seat: int, spec: str) -> None:
    """Spend the named mana sources (MK:5:Mana:1b-3) and discard costs (MK:4:Deed:6)."""
    if not spec:  # (most card plays) nothing spent: no curse, no Source Opening crystal
        return
    game = table.game
    for src in [s for s in spec.split("+") if s]:
        kind, what = src.split(":")
        if kind == "die":
            ctx.emit(
                "mk.die",
                {"seat": seat, "index": int(what), "colour": game.source[int(what)]},
                rule="MK:5:Mana:3a",
            )
        elif kind == "crystal":
            ctx.emit("mk.crystal", {"seat": seat, "colour": what, "delta": -1}, rule="MK:5:Mana:1b")
        elif kind == "stolen":  # Mana Steal: used like a token, returned at end of turn
            ctx.emit(
                "mk.stolen_used",
                {"seat": seat, "index": int(what), "colour": game.source[int(what)]},
                rule="MK:4:Round:3b",
            )
        elif kind == "discard":
            zones.move(
                ctx, state.hand(seat), state.discard(seat), [hand_card(table, seat, what)], rule="MK:4:Deed:6"
            )
        elif kind == "throw":  # thrown away: out of the game (MK:4:Deed:6)
            zones.move(ctx, state.hand(seat), state.OUT, [hand_card(table, seat, what)], rule="MK:4:Deed:6")
        elif kind == "endless":  # a ring's endless mana of this turn: nothing is spent
            continue
        else:
            ctx.emit("mk.token", {"seat": seat, "colour": what, "delta": -1}, rule="MK:5:Mana:1")

    spent = sources(table, spec)
    cursed(ctx, table, seat, [colour for _, colour in spent], take_wounds)  # Mana Curse: a claimed colour
    centre_paid(ctx, table, seat, spent, gain_crystal)  # Source Opening's extra die: its owner's crystal


def change_reputation(ctx, table, seat: int, delta: int, rule: str) -> None:
    p = table.game.players[seat]
    total = max(REPUTATION_MIN, min(REPUTATION_MAX, p.reputation + delta))
    if total != p.reputation:
        ctx.emit("mk.reputation", {"seat": seat, "delta": total - p.reputation, "total": total}, rule=rule)


def take_wounds(ctx, table, seat: int, n: int, rule: str) -> None:

    n = wounds_due(ctx, table, seat, n, rule)
    if n <= 0:
        return
    _take(ctx, table, seat, n, rule)
    wounds_taken(ctx, table, seat, n)


def _next_extra_wound(table) -> int:
    """The number after the highest extra wound made so far (from 1001): taken from the state,
    not the event version, so redoing after an undo names the same cards."""
    ids = "\n".join(chain(("",), chain.from_iterable(z.cards for z in table.zones.values()), ("",)))
    return max([1000, *map(int, _WOUND_ID.findall(ids))]) + 1


def _take(ctx, table, seat: int, n: int, rule: str) -> None:
    have = len(table.zone(state.WOUNDS))
    if have < n:
        zones.add(ctx, state.WOUNDS, zones.instances("wound", n - have, _next_extra_wound(table)), rule=rule)
    zones.move_top(ctx, state.WOUNDS, state.hand(seat), n, rule=rule)


def gain_crystal(ctx, table, seat: int, colour: str, rule: str) -> None:
    """An effect's crystal ("gain a crystal" on a card, unit or skill): a crystal, or a token of
    its colour when 3 are held (MK:5:Gain:2). Rewards and mines use `gain_reward_crystal`."""
    if not holdable(table, seat, colour):
        ctx.emit("mk.token", {"seat": seat, "colour": colour, "delta": 1}, rule="MK:5:Gain:2")
    else:
        ctx.emit("mk.crystal", {"seat": seat, "colour": colour, "delta": 1}, rule=rule)


def holdable(table, seat: int, colour: str) -> bool:
    """Whether the inventory takes one more crystal of `colour`: at most 3 of a colour
    (MK:5:Mana:1b)."""
    return table.game.players[seat].crystals.get(colour, 0) < mana.CRYSTAL_LIMIT


def gain_reward_crystal(ctx, table, seat: int, colour: str, rule: str) -> None:
    """A crystal earned as a reward (a site's random crystals, a ruins set, a chant) or produced
    by a mine goes to the inventory; with 3 of that colour held nothing happens ("dann passiert
    nichts", MK:11:EoT:5a; the mine likewise, MK:11:EoT:4). Unlike an effect's crystal, it never
    becomes a mana token (MK:5:Gain:2 covers effects only)."""
    if holdable(table, seat, colour):
        ctx.emit("mk.crystal", {"seat": seat, "colour": colour, "delta": 1}, rule=rule)
