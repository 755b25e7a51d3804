"""A Mage Knight combat in words: enemies and units by their print names (two of one name told
apart by their place and where they stand), an enemy's attack, the points an attack spends, what
a combat command would do, and the log's sentences for the combat commands.

Why a module of its own: the combat's questions (choices/combat.py), the log and the previews
all name the same enemies, and a player must never read a token id ("green_prowlers#2") nor
see two enemies of one name that read alike. Everything here is a pure read of a `Combat`
(and of the content catalogue for print names); outcomes come from `machine.decide`, whose
events carry the numbers the rules compared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.mage_knight.combat import machine
from engine.games.mage_knight.combat.state import Combat, CombatEnemy, strength
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from engine.narration import Seen, and_list, humane, plural

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
PHASE_WORDS = {
    "ranged": "the ranged and siege phase",
    "block": "the block phase",
    "damage": "the damage phase",
    "attack": "the attack phase",
}


def ordinal(i: int) -> str:
    return ORDINALS[i] if i < len(ORDINALS) else f"{i + 1}th"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def print_name(token: str) -> str:
    """An enemy's or a unit's name as printed, from a content id or a token/card id."""
    cid = card_name(str(token))
    rec = content().enemies.get(cid) or content().units.get(cid)
    return rec.name if rec is not None else humane(cid)


def _told_apart(base: dict[str, tuple[str, str]], where: dict[str, str]) -> dict[str, str]:
    """`base`: uid -> (article, name). Names held by one uid read "the Prowlers"; a name held by
    several gets each one's place among them ("the second Orc Stonethrower"), and where they
    stand when that differs among them ("(rampaging)", "(defending the keep)")."""
    groups: dict[str, list[str]] = {}
    for uid, (_, name) in base.items():
        groups.setdefault(name, []).append(uid)
    out = {}
    for name, uids in groups.items():
        if len(uids) == 1:
            art = base[uids[0]][0]
            out[uids[0]] = f"{art} {name}"
            continue
        places = {where.get(u, "") for u in uids}
        for i, uid in enumerate(uids):
            extra = f" ({where[uid]})" if len(places) > 1 and where.get(uid) else ""
            out[uid] = f"{base[uid][0]} {ordinal(i)} {name}{extra}"
    return out


def _stands(c: Combat, e: CombatEnemy) -> str:
    if e.rampaging:
        return "rampaging"
    if e.defends_fortified_site and c.site:
        return f"defending the {humane(c.site)}"
    return ""


def enemy_names(c: Combat) -> dict[str, str]:
    """Every enemy of the combat (uid -> "the Prowlers"); a summoned token is named after its
    summoner ("the Prowlers summoned by the Orc Summoners")."""
    own = {e.uid: ("the", print_name(e.enemy)) for e in c.enemies if not e.summoned_by}
    names = _told_apart(own, {e.uid: _stands(c, e) for e in c.enemies})
    summoned = {
        e.uid: ("the", f"{print_name(e.enemy)} summoned by {names.get(e.summoned_by, 'a summoner')}")
        for e in c.enemies
        if e.summoned_by
    }
    names.update(_told_apart(summoned, {}))
    return names


def unit_names(c: Combat) -> dict[str, str]:
    """Every unit in the combat (uid -> "your Peasants"; "your second Peasants (wounded)")."""
    base = {u.uid: ("your", print_name(u.unit)) for u in c.units}
    state = {u.uid: "wounded" if u.wounded else "unwounded" for u in c.units}
    return _told_apart(base, state)


class Names:
    """The names of one combat's enemies and units, and its attacks and points in words."""

    def __init__(self, c: Combat):
        self.c = c
        self.enemies = enemy_names(c)
        self.units = unit_names(c)
        self.by_uid = {e.uid: e for e in c.enemies}

    def enemy(self, uid: str) -> str:
        return self.enemies.get(uid) or f"the {print_name(uid)}"

    def enemy_list(self, uids: list[str]) -> str:
        return and_list([self.enemy(u) for u in uids])

    def taker(self, to: str) -> str:
        """Who takes damage: the hero or a unit."""
        return "the hero" if to == "hero" else self.units.get(to) or f"your {print_name(to)}"

    def attack(self, uid: str, i: int) -> str:
        """An enemy's attack: the enemy itself when it has one attack, else "the second attack
        of the Hydra" (summon attacks are not counted: they are not blocked or assigned)."""
        e = self.by_uid.get(uid)
        if e is None:
            return self.enemy(uid)
        real = [j for j, a in enumerate(e.attacks) if not a.summon]
        if len(real) <= 1 or i not in real:
            return self.enemy(uid)
        return f"the {ordinal(real.index(i))} attack of {self.enemy(uid)}"

    def attack_value(self, uid: str, i: int) -> str:
        """ "attack 4", "fire attack 6", with swift or brutal where it changes the numbers."""
        e = self.by_uid[uid]
        a = e.attacks[i]
        element = "" if a.element == "physical" else f"{a.element} "
        notes = [x for x in ("swift", "brutal", "poison", "paralyze", "assassination") if x in e.abilities]
        return f"{element}attack {strength(a)}" + (f", {', '.join(notes)}" if notes else "")

    def points(self, kinds: list[str]) -> str:
        """The pooled points of `kinds` ("9 ranged and 3 fire siege points")."""
        sums: dict[tuple[str, str], int] = {}
        for p in self.c.pool:
            if p.kind in kinds:
                sums[(p.kind, p.element)] = sums.get((p.kind, p.element), 0) + p.value
        parts = [f"{v} {'' if el == 'physical' else el + ' '}{k}" for (k, el), v in sums.items()]
        return f"{and_list(parts)} points" if parts else f"{and_list(kinds)} points"


def next_phase(c: Combat) -> str:
    """The phase the combat goes on to when the seat ends this one ("over" ends it)."""
    return machine.decide(c, {"kind": "next"})[0][1]["phase"]


# -- what a command would do ----------------------------------------------------------------
def outcome(names: Names, cmd: dict[str, Any]) -> tuple[str, str]:
    """A legal combat command as (label, preview): the label says what happens in a few words
    ("Attack the Prowlers with 5 (armour 3): defeated"), the preview adds the rest (fame,
    wounds, what lapses)."""
    return _OUTCOMES[cmd["kind"]](names, cmd, machine.decide(names.c, cmd))


def _attacked(names: Names, cmd: dict, events: list) -> tuple[str, str]:
    d = events[0][1]
    fame = sum(x["fame"] for k, x in events if k == "mk.combat.defeated")
    rep = sum(x["reputation"] for k, x in events if k == "mk.combat.defeated")
    label = (
        f"Attack {names.enemy_list(d['targets'])} with {d['total']} {and_list(d['use'])} "
        f"(armour {d['armour']}): defeated"
    )
    preview = f"{names.points(d['use'])} make {d['total']} against armour {d['armour']}: fame +{fame}" + (
        f", reputation {rep:+d}" if rep else ""
    )
    return label, preview


def _blocked(names: Names, cmd: dict, events: list) -> tuple[str, str]:
    d = events[0][1]
    verdict = "blocked" if d["success"] else "fails"
    label = f"Block {names.attack(d['enemy'], d['attack'])} with {d['total']} (needs {d['need']}): {verdict}"
    what = names.attack_value(d["enemy"], d["attack"])
    preview = f"{what}: your block counts {d['total']} against {d['need']} needed, " + (
        "the attack is stopped" if d["success"] else "spent, and the attack still comes through"
    )
    return label, preview


def _weakened(names: Names, cmd: dict, events: list) -> tuple[str, str]:
    d = events[0][1]
    label = (
        f"Spend {plural(d['points'], 'move point')} against {names.attack(d['enemy'], d['attack'])}: "
        f"its attack drops to {d['value']}" + (" and counts as blocked" if d["blocked"] else "")
    )
    return label, "cumbersome: each move point spent lowers its attack by 1 for this combat"


def _damaged(names: Names, cmd: dict, events: list) -> tuple[str, str]:
    d = events[0][1]
    source = f"{d['damage']} damage from {names.attack(d['enemy'], d['attack'])}"
    if d["to"] == "hero":
        hit = [plural(d["wounds_to_hand"], "wound") + " into your hand"]
        if d["wounds_to_discard"]:
            hit.append(f"{d['wounds_to_discard']} more to your discard pile (poison)")
        if d.get("paralyze"):
            hit.append("paralyzed: you discard the other cards in your hand")
        if any(k == "mk.combat.knocked_out" for k, _ in events):
            hit.append("knocked out: you discard the other cards in your hand")
        label = f"The hero takes {source}: {', '.join(hit)}"
        preview = (
            f"your armour {names.c.hero_armour}: a wound for each {names.c.hero_armour} damage or part of it"
        )
    else:
        hit = [
            "destroyed"
            if d["destroyed"]
            else "wounded"
            if d["wounds"]
            else "no wound (absorbed by resistance)"
        ]
        if d["remaining"]:
            hit.append(f"{d['remaining']} damage left to assign")
        label = f"{capital(names.taker(d['to']))} take {source}: {', '.join(hit)}"
        u = next(u for u in names.c.units if u.uid == d["to"])
        res = f", resists {and_list(u.resistances)}" if u.resistances else ""
        preview = f"armour {u.armour}{res}: the unit absorbs up to its armour"
    raised = [x for k, x in events if k == "mk.combat.armour_raised"]
    if raised:
        preview += f"; vampiric: the enemy's armour rises by {raised[0]['by']}"
    return label, preview


def _next(names: Names, cmd: dict, events: list) -> tuple[str, str]:
    phase = events[0][1]["phase"]
    label = "End the combat" if phase == "over" else f"Go on to {PHASE_WORDS.get(phase, phase)}"
    kinds = list(dict.fromkeys(p.kind for p in names.c.pool))
    preview = (
        f"unspent {names.points(kinds)} lapse"
        if kinds
        else f"{PHASE_WORDS.get(names.c.phase, names.c.phase)} ends"
    )
    return label, preview


_OUTCOMES: dict[str, Callable[[Names, dict, list], tuple[str, str]]] = {
    "attack": _attacked,
    "block": _blocked,
    "cumbersome": _weakened,
    "assign": _damaged,
    "next": _next,
}


# -- the log's sentences for the combat commands --------------------------------------------
COMMAND_TYPES = tuple(f"cmd.{k}" for k in machine.FIELDS)


def describe(table: Any, ev: Any) -> str | None:
    """The sentence of a combat command (`cmd.attack` ... `cmd.next`), names by print name;
    None for other types. Two enemies of one name are told apart while their combat runs."""
    seen = Seen(ev)
    if seen.type not in COMMAND_TYPES:
        return None
    c = getattr(getattr(table, "game", None), "combat", None)
    names = Names(c if c is not None else Combat("over", [], [], 1, 1))
    d, who = seen.data, seen.who()
    kind = seen.type.split(".", 1)[1]
    if kind == "attack":
        return f"{who} attacks {names.enemy_list(list(d.get('targets') or []))} with {and_list(list(d.get('use') or []))} points."
    if kind == "next":
        return f"{who} moves on to the next combat phase."
    target = names.attack(str(d.get("enemy", "?")), d.get("attack", 0))
    if kind == "block":
        return f"{who} blocks {target}."
    if kind == "cumbersome":
        return (
            f"{who} spends {plural(d.get('points', 0), 'move point')} on the cumbersome attack of {target}."
        )
    return f"{who} assigns the damage of {target} to {names.taker(str(d.get('to', '?')))}."
