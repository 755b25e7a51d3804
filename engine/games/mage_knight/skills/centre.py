"""Interactive skills in the table's centre (MK:5:Skills:4b): after its owner's use the token lies
in the centre until the start of the owner's next turn (or the round's end). Meanwhile another
player may return it to the owner face down to get its `others` effect (Ritual of Pain: a wound
played sideways for 3; Source Opening: an extra Source die, the owner gaining a crystal of its
colour; Mana Enhancement: a token of the marked colour); a Mana Overload token gives +4 to the
first card powered with its colour, by anyone, and then goes back (centre_tokens.py). The
owner's `centre` maps the skill to its spec (the node `to_centre`)."""

from __future__ import annotations

from engine.games.mage_knight.cards import effects, resolving
from engine.games.mage_knight.cards.carry_out import run
from engine.games.mage_knight.cards.turn_effects import set_effect
from engine.games.mage_knight.skills.centre_tokens import RULE, back, spec_of
from engine.games.mage_knight.turn.actions import resolve


def lying(table, seat: int) -> list[tuple[int, str, dict]]:
    """(owner, skill, spec) of the tokens in the centre another seat may take."""
    return [
        (q, sid, dict(spec))
        for q, p in enumerate(table.game.players)
        if q != seat
        for sid, spec in sorted(p.centre.items())
    ]


def commands(table, seat: int) -> list[dict]:
    out: list[dict] = []
    if table.game.active != seat:
        return out
    tokens = lying(table, seat)
    if not tokens:  # (most turns: nothing more to look up)
        return out
    # late: looked up when called, so a patched engine.games.mage_knight.cards.carry_out.expand is seen (a test monkeypatches it)
    from engine.games.mage_knight.cards.carry_out import expand, feasible, useful

    for owner, sid, spec in tokens:
        if not isinstance(spec.get("others"), dict):
            continue
        sit = resolving.situation(table, seat)
        for i, atoms in enumerate(effects.resolutions(spec["others"], effects.Situation(*sit))):
            if (
                atoms
                and feasible(table, seat, atoms)
                and useful(table, atoms, table.game.players[seat].acted)
            ):
                out += expand(
                    table, seat, atoms, [{"kind": "centre", "skill": sid, "owner": owner, "option": i}]
                )
    return out


def use(ctx, table, seat: int, cmd: dict) -> None:
    """Another seat returns the token to its owner face down and gets its effect."""

    owner, sid = cmd["owner"], cmd["skill"]
    spec = spec_of(table, owner, sid)
    back(ctx, table, owner, sid)
    sit = resolving.situation(table, seat)
    atoms = list(effects.resolutions(spec["others"], effects.Situation(*sit))[cmd["option"]])
    if spec.get("owner_crystal_of_die"):
        set_effect(ctx, seat, "opening_for", owner)
    atoms = run(ctx, table, seat, dict(cmd, card=sid), atoms)
    resolve(ctx, table, seat, atoms, RULE, source=sid)


def turn_started(ctx, table, ev) -> None:
    """mk.turn: the owner's tokens come back from the centre (face down: used this round)."""
    seat = ev.data["seat"]
    for sid in sorted(table.game.players[seat].centre):
        back(ctx, table, seat, sid)


def round_started(ctx, table, ev) -> None:
    for q, p in enumerate(table.game.players):
        for sid in sorted(p.centre):
            back(ctx, table, q, sid)
