"""Player against player combat (MK:12-13:PvP*, digest §8.1-8.4) as pure arithmetic and checks:
who may start it, what a block takes off an attack in each phase, what a unit or the hero costs
to wound, stealing and forcing a retreat, and the fame of the result. Each function returns its
audit lines with the rule it follows. Not wired into the turn yet (see docs/mage-knight.md).

Reuses the efficiency and resistance rules of combat against enemies (combat_math)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from engine.games.mage_knight.combat.arithmetic import EFFICIENT_BLOCKS, Part, _check, resists

STEAL_COST = 5  # MK:13:PvPMelee:2: damage per artifact stolen


class PvPError(ValueError):
    """A PvP step the rules forbid; the message names the rule."""


class Reduction(msgspec.Struct, frozen=True):
    block_total: int  # the block after efficiency
    reduction: int  # what it takes off the attack
    remaining: int
    audit: list[str]


def start_fault(
    *,
    space_site: str,
    other_hero_there: bool,
    round_end_announced: bool,
    scenario_end: bool,
    target_token_face_up: bool,
    pvp_allowed: bool,
    allies: bool,
    would_provoke: bool,
) -> str | None:
    """None if the aggressor may start PvP as the turn's action, else why not (MK:12:PvP:1)."""
    if not pvp_allowed:
        return "no player-against-player combat in this game (MK:12:PvP:1)"
    if allies:
        return "allies never fight each other (MK:15:Team)"
    if not other_hero_there:
        return "there is no other hero on the space (MK:12:PvP:1)"
    if would_provoke:
        return "a space with another hero may not be entered by a step that provokes rampaging enemies (MK:12:PvP:1)"
    if space_site in ("portal", "city"):
        return "no PvP on a portal or city space (MK:12:PvP:1)"
    if round_end_announced or scenario_end:
        return "no PvP once the round end is announced or the scenario end triggered (MK:12:PvP:1)"
    if not target_token_face_up:
        return "the target's turn order token is face down: it cannot be attacked now (MK:12:PvP:3)"
    return None


def _efficient(block_element: str, attack_elements: Iterable[str]) -> bool:
    """A block is efficient when it is so against at least one element of the attack
    (MK:12:PvPRanged:4)."""
    return any(block_element in EFFICIENT_BLOCKS[a] for a in attack_elements)


def block_total(blocks: Sequence[Part], attack_elements: Sequence[str]) -> tuple[int, list[str]]:
    for e in attack_elements:
        _check(e)
    eff = sum(b.value for b in blocks if _efficient(b.element, attack_elements))
    ineff = sum(b.value for b in blocks if not _efficient(b.element, attack_elements))
    total = eff + ineff // 2
    return total, [
        f"block vs {'/'.join(attack_elements)}: efficient {eff} + inefficient {ineff}//2 = {total} "
        "(MK:12:PvPRanged:4)"
    ]


def ranged_reduction(
    attack: int, attack_elements: Sequence[str], blocks: Sequence[Part], swift_lost: bool = False
) -> Reduction:
    """Ranged and siege phase: partial blocks allowed; every 2 block points take 1 off the attack,
    as against Swift, unless an effect took the Swift away (MK:12:PvPRanged:4c; E-01, E-02)."""
    total, audit = block_total(blocks, attack_elements)
    red = total if swift_lost else total // 2
    red = min(red, attack)
    audit.append(
        f"reduction {'1 per point' if swift_lost else f'{total}//2'} = {red}; attack {attack} -> "
        f"{attack - red} (MK:12:PvPRanged:4c)"
    )
    return Reduction(total, red, attack - red, audit)


def melee_elements(parts: Sequence[Part], sideways: int) -> tuple[str, ...]:
    """The elements of a melee attack: one sideways card makes the whole attack physical
    (MK:13:PvPMelee:1c; E-24)."""
    if sideways:
        return ("physical",)
    return tuple(sorted({p.element for p in parts})) or ("physical",)


def melee_reduction(parts: Sequence[Part], sideways: int, blocks: Sequence[Part]) -> Reduction:
    """Melee phase: any attack effects combine, sideways cards add Attack 1 each; blocks take
    the attack off 1:1 (MK:13:PvPMelee:1c)."""
    attack = sum(p.value for p in parts) + sideways
    elements = melee_elements(parts, sideways)
    total, audit = block_total(blocks, elements)
    red = min(total, attack)
    audit.append(
        f"attack {attack} ({'/'.join(elements)}) - block {total} = {attack - red} (MK:13:PvPMelee:1c)"
    )
    return Reduction(total, red, attack - red, audit)


def unit_wound_cost(armour: int, resistances: Iterable[str], attack_elements: Sequence[str]) -> int:
    """An unwounded unit is wounded by damage equal to its armour, doubled when it resists at
    least one element of the attack (MK:12:PvPRanged:5)."""
    res = list(resistances)
    return armour * (2 if any(resists(res, e) for e in attack_elements) else 1)


def hero_wounds(damage: int, armour: int) -> int:
    """One wound per full armour of damage; a rest below the armour does nothing (MK:12:PvPRanged:5)."""
    if armour <= 0:
        raise PvPError("hero armour must be positive (MK:9:Damage:5)")
    return damage // armour


def assignment_fault(damage: int, cost: int) -> str | None:
    """Damage is spent in whole steps: a target costs its full price (MK:12:PvPRanged:5)."""
    if cost > damage:
        return f"{cost} damage is needed, {damage} remain; the points may lapse instead (MK:12:PvPRanged:5)"
    return None


def steal_fault(damage: int, where: str, unit_wounded: bool = False) -> str | None:
    """Stealing an artifact costs 5 damage; only from the discard pile, the play area or a wounded
    unit (MK:13:PvPMelee:2)."""
    if where not in ("discard", "play", "unit"):
        return f"an artifact in the {where} cannot be stolen (MK:13:PvPMelee:2)"
    if where == "unit" and not unit_wounded:
        return "an artifact on an unwounded unit cannot be stolen (MK:13:PvPMelee:2)"
    return assignment_fault(damage, STEAL_COST)


def result_fame(winner_level: int, loser_level: int, winner_fame: int, loser_fame: int) -> int:
    """Fame for forcing the opponent to retreat (MK:13:PvPResult, SUM23): 1 if the loser had more
    fame, plus 2 per level the loser is above the winner."""
    return (1 if loser_fame > winner_fame else 0) + 2 * max(0, loser_level - winner_level)
