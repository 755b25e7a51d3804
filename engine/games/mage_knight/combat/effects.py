"""Non-attack, non-block effects on enemies during a combat (armour or attack lowered, an enemy
that does not attack), with the immunities that cancel them: Arcane Immunity and the colour
immunity of fire- and ice-resistant enemies (MK:8:Combat:5a-b, MK:10:Abilities:ArcaneImmunity)."""

from __future__ import annotations

from engine.games.mage_knight.combat.state import Combat

Event = tuple[str, dict]
COLOUR_IMMUNITY = {"red": ("fire", "MK:8:Combat:5a"), "blue": ("ice", "MK:8:Combat:5b")}


def effect_problem(
    c: Combat,
    enemy: str,
    *,
    armour: int = 0,
    attack: int = 0,
    prevent: bool = False,
    colour: str | None = None,
) -> tuple[str, str] | None:
    """Why such an effect of a card or unit ability of `colour` does nothing to `enemy` now."""
    e = next((e for e in c.enemies if e.uid == enemy and not e.defeated and not e.discarded), None)
    if e is None or c.phase == "over":
        return "MK:8:Combat:4", f"{enemy!r} is not an undefeated enemy in this combat"
    if not (armour or attack or prevent) or attack < 0:
        return "MK:8:Combat:4", "the effect changes nothing (armour change, attack lowered, or no attack)"
    if (attack or prevent) and c.phase not in ("ranged", "block"):
        return "MK:8:Combat:4", (
            f"effects on {enemy}'s attacks must be played before the damage phase, not in the {c.phase} phase"
        )
    if c.phase in ("block", "damage") and any(a.summon for a in e.attacks):
        return "MK:10:Abilities:Summon", f"{enemy} is replaced by its summoned token in this phase"
    if "arcane_immunity" in e.abilities and armour:
        return "MK:10:Abilities:ArcaneImmunity", (
            f"{enemy} is immune to non-attack effects; only effects on its attacks apply"
        )
    if colour in COLOUR_IMMUNITY and COLOUR_IMMUNITY[colour][0] in e.resistances:
        res, rule = COLOUR_IMMUNITY[colour]
        return rule, f"{enemy} resists {res}: {colour} non-attack effects do nothing to it"
    return None


def modify_enemy(
    c: Combat,
    enemy: str,
    *,
    source: str,
    armour: int = 0,
    attack: int = 0,
    prevent: bool = False,
    colour: str | None = None,
) -> list[Event]:
    """The event of an effect on an enemy for the rest of the combat: armour +-n (never below 1,
    see combat_abilities.armour_now), each attack -n, or all its attacks stopped
    (MK:10:Abilities:MultipleAttacks)."""
    why = effect_problem(c, enemy, armour=armour, attack=attack, prevent=prevent, colour=colour)
    if why:
        raise ValueError(f"{why[1]} ({why[0]})")
    words = (
        ([f"armour {armour:+d}"] if armour else [])
        + ([f"each attack -{attack}"] if attack else [])
        + (["does not attack (all its attacks)"] if prevent else [])
    )
    return [
        (
            "mk.combat.enemy_modified",
            {
                "enemy": enemy,
                "armour": armour,
                "attack": attack,
                "prevent": prevent,
                "source": source,
                "rule": "MK:8:Combat:4",
                "audit": [f"{source}: {enemy} {', '.join(words)} for this combat (MK:8:Combat:4)"],
            },
        )
    ]
