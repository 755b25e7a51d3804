"""The state of a Mage Knight combat (§7): plain msgspec Structs the ruleset keeps in its own
state, and the outcome read from them. `combat` changes them only through its events' fold."""

from __future__ import annotations

import msgspec


class EnemyAttack(msgspec.Struct):
    value: int
    element: str = "physical"
    summon: bool = False
    summon_pile: str = ""
    reduced: int = 0  # cumbersome: move points spent on it
    weakened: int = 0  # lowered by other effects (combat_effects)
    blocked: bool = False
    resolved: bool = False  # its damage was assigned
    left: int = -1  # damage still to assign once started, -1 before


class CombatEnemy(msgspec.Struct):
    uid: str
    enemy: str
    pile: str
    armour: int
    elusive_armour: int
    attacks: list[EnemyAttack]
    abilities: list[str]
    resistances: list[str]
    fame: int
    reputation: int
    rampaging: bool = False
    defends_fortified_site: bool = False
    defeated: bool = False
    armour_bonus: int = 0  # vampiric gains this combat
    armour_mod: int = 0  # raised or lowered by other effects (combat_effects)
    prevented: bool = False  # an effect stopped all its attacks this combat
    summoned_by: str = ""  # a summoned token: the summoner's uid
    discarded: bool = False  # a summoned token after it was blocked or dealt its damage


def raise_armour(e: CombatEnemy, by: int) -> None:
    """An armour modifier fixed as the combat starts (a city's colour bonus): an Elusive enemy's
    two armour values both change, so the lower one, used once all its attacks are blocked, is
    raised too ("Armor modifiers apply to both values", MK:10:Abilities:Elusive)."""
    e.armour += by
    if e.elusive_armour:
        e.elusive_armour += by


class CombatUnit(msgspec.Struct):
    uid: str
    unit: str
    wounded: bool
    ready: bool
    armour: int
    resistances: list[str]
    wounds: int = 0  # wound cards put on it in this combat
    destroyed: bool = False
    resisted: bool = False  # absorbed damage without a wound: no more damage (MK:9:Damage:4b)


class Points(msgspec.Struct, omit_defaults=True):
    """Pooled points; `target` aims them at one enemy (they count only in an attack on a group
    holding it), `not_target` keeps them off one enemy (a possessed enemy's own attack). Both are
    left out of the encoding when unused, so untargeted points encode as before."""

    kind: str
    element: str
    value: int
    source: str
    target: str = ""
    not_target: str = ""


def aim_of(p) -> dict:
    """The aim fields of points `p` for an event that copies them: only those set."""
    return {k: getattr(p, k) for k in ("target", "not_target") if getattr(p, k)}


def aims_at(p, targets) -> bool:
    """Whether aimed points (or parts) `p` may count in an attack on the group `targets`."""
    return (not p.target or p.target in targets) and not (p.not_target and p.not_target in targets)


class Combat(msgspec.Struct):
    phase: str
    enemies: list[CombatEnemy]
    units: list[CombatUnit]
    hero_armour: int
    hand_limit: int
    night: bool = False
    fortified_site: bool = False
    site: str | None = None
    pool: list[Points] = []
    pending: list[dict] = []  # summon draws asked for
    current: list = []  # [enemy uid, attack index] whose damage is being assigned
    wounds_to_hand: int = 0  # from enemy damage
    other_hand_wounds: int = 0  # from other effects in this combat; count for knock-out only
    wounds_to_discard: int = 0
    knocked_out: bool = False
    paralyzed: bool = False
    fame: int = 0
    reputation: int = 0
    defeated_order: list[str] = []  # uids in the order they were defeated (city shields)
    audit: list[str] = []
    readings: dict[str, str] = {}  # the game's chosen readings (combat_readings); {} = defaults
    hero_damage_off: dict[str, int] = {}  # element -> damage off each attack on the hero (skills, mkcards)


class CombatOutcome(msgspec.Struct):
    defeated: list[str]
    undefeated: list[str]
    fame: int
    reputation: int
    wounds_to_hand: int
    wounds_to_discard: int
    unit_wounds: dict[str, int]
    units_destroyed: list[str]
    knocked_out: bool
    paralyzed: bool
    all_defeated: bool
    audit: list[str]


def strength(a: EnemyAttack) -> int:
    """An attack's value now: less cumbersome move points and other effects, never below 0."""
    return max(0, a.value - a.reduced - a.weakened)


def outcome(c: Combat) -> CombatOutcome:
    real = [e for e in c.enemies if not e.summoned_by]
    defeated = [uid for uid in c.defeated_order if uid in {e.uid for e in real}]
    return CombatOutcome(
        defeated=defeated,
        undefeated=[e.uid for e in real if not e.defeated],
        fame=c.fame,
        reputation=c.reputation,
        wounds_to_hand=c.wounds_to_hand,
        wounds_to_discard=c.wounds_to_discard,
        unit_wounds={u.uid: u.wounds for u in c.units if u.wounds},
        units_destroyed=[u.uid for u in c.units if u.destroyed],
        knocked_out=c.knocked_out,
        paralyzed=c.paralyzed,
        all_defeated=len(defeated) == len(real),
        audit=list(c.audit),
    )
