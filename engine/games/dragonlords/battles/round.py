"""One round of a land or naval battle in DragonLords, as an audited record for the battle event.

The caller supplies the dice faces (drawn as chance events by the ruleset), so the same round
replays byte for byte. The result names every die, the strength it was tested against and each
modifier with its rule id (issue 14, item 5). Casualty choice and retreat belong to the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.dragonlords.battles.arithmetic import SideMagic, attack_strength, die_audit

DEFENCE = 6  # every unit and DragonLord defends on 6, so player battles roll d6 (DL:3.4/land.3)


NO_MAGIC = SideMagic()  # frozen: one shared instance is every side's "no magic"


@dataclass(frozen=True)
class Force:
    """One side in a location: the base attack of each unit that rolls, and its magic there."""

    bases: tuple[int, ...]
    magic: SideMagic = NO_MAGIC


class BattleInputError(ValueError):
    pass


def resolve_round(
    attacker: Force,
    defender: Force,
    attacker_faces: list[int],
    defender_faces: list[int],
    *,
    kingdom: bool = False,
    at_sea: bool = False,
    sneak: bool = False,
) -> dict:
    """Step 2 to 4 of a round (DL:3.4/land.2, land.3, land.4): strengths, attacker dice, defender dice.

    Hits of both sides are applied together in step 5, so every defender still rolls (DL:3.4/land.5).
    In an elf sneak attack the defender does not strike back and the battle lasts one round
    (DL:3.4/sneak)."""
    if len(attacker_faces) != len(attacker.bases):
        raise BattleInputError(
            f"attacker has {len(attacker.bases)} dice to roll, got {len(attacker_faces)} faces"
        )
    want_def = 0 if sneak else len(defender.bases)
    if len(defender_faces) != want_def:
        raise BattleInputError(
            f"defender has {want_def} dice to roll (DL:3.4/sneak: none in a sneak attack), "
            f"got {len(defender_faces)} faces"
        )
    for f in list(attacker_faces) + list(defender_faces):
        if not 1 <= f <= DEFENCE:
            raise BattleInputError(f"a d{DEFENCE} shows 1..{DEFENCE}, got {f}")
    out: dict = {
        "rule": "DL:3.4/sneak" if sneak else ("DL:3.4/naval" if at_sea else "DL:3.4/land.3"),
        "attacker": _side(attacker, defender, attacker_faces, kingdom=kingdom, at_sea=at_sea),
        "defender": None
        if sneak
        else _side(defender, attacker, defender_faces, kingdom=False, at_sea=at_sea),
    }
    out["hits_on_defender"] = out["attacker"]["hits"]
    out["hits_on_attacker"] = 0 if sneak else out["defender"]["hits"]
    out["last_round"] = sneak
    return out


def _side(me: Force, them: Force, faces: list[int], *, kingdom: bool, at_sea: bool) -> dict:
    """Group the dice by the unit's base attack: units of one base share one strength."""
    groups = []
    i = 0
    for base in sorted(set(me.bases)):
        n = sum(1 for b in me.bases if b == base)
        strength = attack_strength(base, me.magic, them.magic, attacker_in_kingdom=kingdom, at_sea=at_sea)
        groups.append(die_audit(faces[i : i + n], DEFENCE, strength))
        i += n
    return {"groups": groups, "hits": sum(g["hits"] for g in groups)}
