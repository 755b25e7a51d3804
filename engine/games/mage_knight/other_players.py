"""Effects of a card on the other players (MK:5:Effects:1): each other player still in the game
loses a crystal (Mana Meltdown), takes a wound per crystal of a colour (Mana Radiance), discards a card of a colour (Mind Read; Mind Steal takes one
Action card so discarded), or spends a ready unit up to a level (Energy Flow). The others' own
choices are read by fixed rules (catalog.toml, mkcards block), so no out-of-turn prompt is
needed: the crystal of the colour they hold most (red, blue, green, white on a tie), the first
card of the colour in hand order, the ready unit of the lowest level (first recruited on a tie)."""
from __future__ import annotations

from engine.mechanics import zones
from engine.mechanics.zones import card_name

from . import state as S
from .content import content
from .ledger import gain_crystal, take_wounds

BASIC = ("red", "blue", "green", "white")
ACTION_KINDS = ("basic_action", "advanced_action")


def others(t, seat: int) -> list[int]:
    return [s for s, q in enumerate(t.game.players) if s != seat and not q.out]


def crystal_lost(p) -> str:
    """The colour a player gives up: the one held most, BASIC order on a tie; "" if none."""
    held = [(-p.crystals.get(c, 0), i, c) for i, c in enumerate(BASIC) if p.crystals.get(c, 0)]
    return min(held)[2] if held else ""


def lost_colours(t, seat: int) -> list[str]:
    """Colours the other players would lose now (the caster may gain one of them)."""
    return sorted({crystal_lost(t.game.players[s]) for s in others(t, seat)} - {""})


def card_given_up(t, s: int, colour: str) -> str:
    for cid in t.zone(S.hand(s)):
        card = content().cards[card_name(cid)]
        if card.color and colour in card.color.removeprefix("dual:").split("/"):
            return cid
    return ""


def unit_spent(t, s: int, max_level: int) -> str:
    ready = [(content().units[u.unit].level, i, u.uid) for i, u in enumerate(t.game.players[s].units)
             if u.ready and content().units[u.unit].level <= max_level]
    return min(ready)[2] if ready else ""


def expand(t, seat: int, v: dict) -> list[dict]:
    """What the play names: the crystal the caster takes of those lost (Mana Meltdown)."""
    if v["do"] == "lose_crystal" and v.get("gain"):
        return [{"crystal": c} for c in lost_colours(t, seat)]
    return []


def apply(ctx, t, seat: int, v: dict, cmd: dict) -> None:
    do, arg = v["do"], v.get("arg")
    stolen = False
    for s in others(t, seat):
        if do == "lose_crystal":
            colour = crystal_lost(t.game.players[s])
            if colour:
                ctx.emit("mk.crystal", {"seat": s, "colour": colour, "delta": -1}, rule="MK:5:Effects:1")
        elif do == "discard_colour":
            cid = card_given_up(t, s, arg)
            if cid:
                zones.move(ctx, S.hand(s), S.discard(s), [cid], rule="MK:5:Effects:1")
                if v.get("steal") and not stolen and content().cards[card_name(cid)].kind in ACTION_KINDS:
                    zones.move(ctx, S.discard(s), S.hand(seat), [cid], rule="MK:5:Effects:1")
                    stolen = True
        elif do == "wound_per_crystal":
            n = t.game.players[s].crystals.get(arg, 0)
            if n:
                take_wounds(ctx, t, s, n, "MK:5:Effects:1")
        elif do == "spend_unit":
            uid = unit_spent(t, s, arg)
            if uid:
                ctx.emit("mk.unit", {"seat": s, "uid": uid, "ready": False}, rule="MK:5:Units:5")
    if do == "lose_crystal" and cmd.get("crystal"):
        gain_crystal(ctx, t, seat, cmd["crystal"], "MK:5:Gain:2")
