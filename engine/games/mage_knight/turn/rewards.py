"""Reward choices (MK:11:EoT:5): a reward that asks for a choice waits in the seat's queue
(`Player.rewards`) and the seat answers with "reward" commands before anything else.

    crystal           a gold die face: a crystal of the chosen basic colour (MK:11:EoT:5a); only
                      colours of which fewer than 3 crystals are held are offered, and with none
                      left the reward gives nothing ("dann passiert nichts")
    artifact          the artifact deck's top N+1 cards are revealed to the seat for N artifact
                      rewards; it keeps N, the rest go under the deck (MK:11:EoT:5b)
    spell, advanced_action   any card of that offer, which is refilled (MK:11:EoT:5c)
Chosen cards go on top of the seat's deed deck, as the rulebook's rewards do.
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.turn.ledger import gain_reward_crystal, holdable
from engine.mechanics import zones
from engine.mechanics.zones import card_name
from engine.ruleset import Illegal

OFFERS = {"spell": (state.SPELL_OFFER, state.SPELL_DECK), "advanced_action": (state.AA_OFFER, state.AA_DECK)}


def revealed(seat: int) -> str:
    return f"rewards:{seat}"  # artifacts drawn for a reward, seen by the seat only


def due(ctx, table, seat: int, kind: str, rule: str) -> None:
    """Queue a reward choice; an artifact draws its card now (one more for the first)."""
    if kind == "artifact":
        z = revealed(seat)
        if z not in table.zones:
            zones.create(ctx, z, [], rule=rule, owner=seat, vis="owner")
        zones.move_top(ctx, state.ARTIFACT_DECK, z, 1 if table.zone(z) else 2, rule=rule)
        if not table.zone(z):
            return  # the artifact deck is empty: no reward
    elif kind in OFFERS and not table.zone(OFFERS[kind][0]):
        return
    elif kind == "crystal" and not crystal_colours(table, seat):
        return  # every colour full: the crystal gives nothing (MK:11:EoT:5a)
    ctx.emit("mk.reward_due", {"seat": seat, "reward": kind}, rule=rule)


def crystal_colours(table, seat: int) -> list[str]:
    """The colours a crystal reward may take: those the inventory can still hold (MK:11:EoT:5a)."""

    return [c for c in mana.BASIC if holdable(table, seat, c)]


def commands(table, seat: int) -> list[dict]:
    p = table.game.players[seat]
    if not p.rewards:
        return []
    kind = p.rewards[0]
    if kind == "crystal":
        return [{"kind": "reward", "colour": c} for c in crystal_colours(table, seat)]
    zone = revealed(seat) if kind == "artifact" else OFFERS[kind][0]
    return [{"kind": "reward", "card": c} for c in sorted({card_name(x) for x in table.zone(zone)})]


def refusal(table, seat: int, cmd: dict) -> Illegal:
    """Why a reward answer is not possible: a full colour, or a card not on offer."""
    kind = table.game.players[seat].rewards[0]
    if kind == "crystal":
        colour = cmd.get("colour")
        if colour in mana.BASIC:
            return Illegal(
                "MK:11:EoT:5a",
                f"you hold {mana.CRYSTAL_LIMIT} {colour} crystals already: "
                f"a crystal reward is one of {crystal_colours(table, seat)}",
            )
        return Illegal(
            "MK:11:EoT:5a", f"{colour!r} is no basic colour: one of {crystal_colours(table, seat)}"
        )
    return Illegal("MK:11:EoT:5", f"{cmd.get('card')!r} is not among the cards of this {kind} reward")


def take(ctx, table, seat: int, cmd: dict) -> None:

    p = table.game.players[seat]
    kind = p.rewards[0]
    ctx.emit("mk.reward_taken", {"seat": seat, "reward": kind}, rule="MK:11:EoT:5")
    if kind == "crystal":
        gain_reward_crystal(ctx, table, seat, cmd["colour"], "MK:11:EoT:5a")
        _drop_unholdable(ctx, table, seat)
        return
    if kind == "artifact":
        z = revealed(seat)
        card = next(x for x in table.zone(z) if card_name(x) == cmd["card"])
        zones.move(ctx, z, state.deck(seat), [card], rule="MK:11:EoT:5b")
        if "artifact" not in p.rewards:  # the last artifact reward: the rest go under
            zones.move(ctx, z, state.ARTIFACT_DECK, list(table.zone(z)), rule="MK:11:EoT:5b", to="bottom")
        _drop_unholdable(ctx, table, seat)
        return
    offer, deck = OFFERS[kind]
    card = next(x for x in table.zone(offer) if card_name(x) == cmd["card"])
    zones.move(ctx, offer, state.deck(seat), [card], rule="MK:11:EoT:5c")
    zones.move_top(ctx, deck, offer, 1, rule="MK:5:Gain:3a")
    _drop_unholdable(ctx, table, seat)


def _drop_unholdable(ctx, table, seat: int) -> None:
    """A crystal reward next in the queue that no colour can hold any more (the crystal just
    taken filled the last colour) gives nothing, so it is not asked (MK:11:EoT:5a)."""
    p = table.game.players[seat]
    while p.rewards and p.rewards[0] == "crystal" and not crystal_colours(table, seat):
        ctx.emit("mk.reward_taken", {"seat": seat, "reward": "crystal"}, rule="MK:11:EoT:5a")
