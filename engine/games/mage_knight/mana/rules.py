"""Mana rules of Mage Knight (p.5 Mana, p.3 Setup): the Source's dice, crystals and tokens.

Rolling is the caller's business (every roll a chance event); these functions say which faces
are valid, which dice may be taken, and what an inventory may hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.games.mage_knight.readings.map import keep_rerolling  # reading A34: round preparation too?
from engine.mechanics.dice import Die

BASIC = ("red", "blue", "green", "white")
DIE_FACES = ("red", "blue", "green", "white", "gold", "black")
CRYSTAL_LIMIT = 3  # per colour (p.5 Mana 1b)
MANA_DIE = Die("mana", DIE_FACES)  # one face per colour (the rulebook does not give the faces)


class ManaError(ValueError):
    """An illegal mana operation; the message names the fault and the rule."""


def source_size(real_players: int, blitz: bool = False) -> int:
    """Real players + 2 dice, one more in Blitz scenarios (p.3 Setup 12)."""
    return real_players + 2 + (1 if blitz else 0)


def source_valid(faces: Sequence[str]) -> bool:
    """At least half the dice must show a basic colour (p.3 Setup 12, MK:3:Setup:12)."""
    basic = sum(1 for f in faces if f in BASIC)
    return 2 * basic >= len(faces)


def dice_to_reroll(faces: Sequence[str]) -> list[int]:
    """Indices of the gold and black dice to reroll while the Source is not valid, else []."""
    if source_valid(faces):
        return []
    return [i for i, f in enumerate(faces) if f not in BASIC]


def roll_source(ctx, n: int, rule: str = "MK:3:Setup:12") -> list[str]:
    """Roll n mana dice through the engine (each face a chance event), then reroll the gold and
    black dice until at least half show a basic colour (p.3 Setup 12; also at round preparation)."""
    faces = list(ctx.roll(MANA_DIE, n, rule=rule))

    while (idx := dice_to_reroll(faces)) and keep_rerolling(ctx, rule):
        for i, face in zip(idx, ctx.roll(MANA_DIE, len(idx), rule=rule), strict=True):
            faces[i] = face
    return faces


def depleted(face: str, night: bool) -> bool:
    """Black dice are depleted by day, gold dice at night (p.5 Mana 3c)."""
    return face == ("gold" if night else "black")


def usable_as(face: str, night: bool) -> tuple[str, ...]:
    """The mana colours a die or token of `face` can pay for: gold by day is any basic colour,
    black only at night, gold never at night (p.5 Mana 2)."""
    if face in BASIC:
        return (face,)
    if face == "gold":
        return () if night else BASIC
    if face == "black":
        return ("black",) if night else ()
    raise ManaError(f"unknown mana {face!r} (MK:5:Mana:1)")


def take_die_fault(
    faces: Sequence[str], index: int, night: bool, dice_taken_this_turn: int, allowance: int = 1
) -> str | None:
    """None if the die may be taken now, else why not (p.5 Mana 3a-c: one die per turn)."""
    if not 0 <= index < len(faces):
        return f"there is no Source die {index} (MK:5:Mana:3)"
    if dice_taken_this_turn >= allowance:
        return f"you have already used {dice_taken_this_turn} Source die this turn (MK:5:Mana:3a)"
    if depleted(faces[index], night):
        return f"a {faces[index]} die is depleted {'at night' if night else 'by day'} (MK:5:Mana:3c)"
    return None


class Inventory(msgspec.Struct, kw_only=True):
    """A player's crystals (kept between turns) and pure mana tokens (lapse at end of turn)."""

    crystals: dict[str, int] = {}
    tokens: list[str] = []

    def gain_crystal(self, colour: str) -> bool:
        """Add a crystal; with 3 of that colour already, a mana token of it instead (the
        rulebook's "gain" effects, item 2). Returns whether a crystal was added."""
        if colour not in BASIC:
            raise ManaError(f"crystals exist only in basic colours, not {colour!r} (MK:5:Mana:1)")
        if self.crystals.get(colour, 0) >= CRYSTAL_LIMIT:
            self.tokens.append(colour)
            return False
        self.crystals[colour] = self.crystals.get(colour, 0) + 1
        return True

    def use_crystal(self, colour: str) -> None:
        """Turn one crystal into pure mana, at any time in your turn (p.5 Mana 1b)."""
        if self.crystals.get(colour, 0) <= 0:
            raise ManaError(f"you have no {colour} crystal (MK:5:Mana:1b)")
        self.crystals[colour] -= 1
        if not self.crystals[colour]:
            del self.crystals[colour]
        self.tokens.append(colour)

    def end_turn(self) -> list[str]:
        """Pure mana lapses at end of turn (p.11 EoT 3a); returns what lapsed."""
        lapsed, self.tokens = self.tokens, []
        return lapsed
