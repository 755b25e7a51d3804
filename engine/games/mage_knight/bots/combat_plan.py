"""A combat solver for the turn planner's candidate turns (bot habit, not a rule): which hand
cards and ready units go to which block and which defeat, worked out once for the whole
combat, so the habits at each combat question keep only the options that carry it out.

Why: the one-question-at-a-time fight habits (goals.fight) spend cards on a block that then
fails (Rage's block 2 against Diggers' attack 3: the card wasted and the wounds taken anyway),
block with the cards the attack needed, and never weigh a wound against the fame it buys. A
wound clogs the deck until healed, and most of a strong bot's resting turns were spent shedding
them. So here every hand card (and ready unit) goes to one "bin" or none: the ranged defeat of
an enemy (ranged and siege points, siege only against a fortified one), the block of one enemy
attack (a block either holds in full or is not started: swift doubles the need, inefficient
elements count half), or the melee defeat of an enemy (resisted elements count half); each
choice of which enemies to defeat and which attacks to block is priced as fame gained (and a
city defender's shield) less the
wounds the open attacks deal (units take damage first, as the damage habit assigns it; brutal
doubles, poison counts its discarded wounds too, a knock-out loses the hand) less a little per
card spent (a card kept is a card in the next hand), wounds and cards weighed less in the
last two rounds as worth.py weighs them (`later`), and the best is followed. The cards'
points are the engine's own resolutions (cards/resolving.py: basic, powered when mana of its
colour is at hand, sideways 1), the combat's numbers its own functions (combat/abilities.py,
combat/arithmetic.py).

Cost: a small exhaustive search per (phase, hand, pool, enemies, units, mana), kept across
states (the planner's 24 candidate turns meet the same combat again and again).

Measured (bench/mk_strong.py, 2026-11-29, beside main the same hour; FC 2p seeds 0-29 / 30-59 /
60-89): wounds a fight 1.37 / 1.26 / 1.40 (main 1.72 / 2.12 / 1.92), fights 345 / 327 / 337
(305 / 302 / 310), knock-outs 6 / 12 / 10 (8 / 20 / 18), rests 24 / 20 / 22% of turns (25 /
25 / 28%), but fame at round 6 14.0 / 11.8 / 12.6 (13.3 / 12.4 / 11.9): within noise, not
better; Solo Conquest seeds 0-7: 15.8 (11.1). Tried and dropped (seeds 0-29): WOUND 2 here
(12.9), with worth.WOUND -2 besides (10.9); judging picked fights by the solver before they start (11.0, 10.7;
removed, in the history of the merge that brought this module); the loose candidates without
it (12.9).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.games.mage_knight import state
from engine.games.mage_knight.bots.campaign import PROGRESS
from engine.games.mage_knight.bots.worth import later
from engine.games.mage_knight.cards.resolving import seat_resolutions
from engine.games.mage_knight.combat.abilities import (
    armour_now,
    attackers,
    block_need,
    has,
    site_fortified,
    targetable,
)
from engine.games.mage_knight.combat.arithmetic import EFFICIENT_BLOCKS, may_target_in_ranged_phase, resists
from engine.games.mage_knight.combat.state import strength
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name

WOUND = 1.0  # a wound in hand, as worth.WOUND weighs it (2: fame 12.9 on FC seeds 0-29, 1: 13.9-14.0)
UNIT_WOUND = 1.5  # a wounded unit fights no more until healed
CARD = 0.25  # a card spent: one card less in the next hand
UNIT_USE = 0.1  # a unit activated: spent until the next round
MANA = 0.3  # a crystal or die spent to power a card
KNOCK_OUT = 4.0  # the hand discarded besides its wounds
COLOURS = ("red", "blue", "green", "white")
MAX_PLANS = 400  # the most choices of defeats and blocks weighed (a city's many defenders)
KEPT = 8_192  # solved combats kept at once


@dataclass(frozen=True)
class Opt:
    """One way a card or unit helps: `kind` block | ranged | siege | melee, its value and
    element, and the mana colour it needs ("" none)."""

    kind: str
    value: int
    element: str
    mana: str = ""
    ability: int = -1  # a unit's ability index


@dataclass(frozen=True)
class Helper:
    """A hand card (`name`), a unit (`unit` uid) or the points already pooled (`pooled`)."""

    name: str
    opts: tuple[Opt, ...]
    unit: str = ""
    pooled: bool = False

    @property
    def cost(self) -> float:
        return 0.0 if self.pooled else UNIT_USE if self.unit else CARD


@dataclass(frozen=True)
class Bin:
    """A need the helpers fill: the ranged (`r`) or melee (`m`) defeat of enemy `uid`, or the
    block (`b`) of its attack `attack`."""

    kind: str
    uid: str
    attack: int
    need: int
    element: str = "physical"  # a block's attack element
    resist: tuple[str, ...] = ()  # a defeat's enemy resistances
    types: tuple[str, ...] = ()  # attack kinds that count (r: ranged/siege as allowed)


@dataclass(frozen=True)
class Plan:
    """The chosen allocation: (helper index, bin index, opt) triples, the bins, its worth."""

    bins: tuple[Bin, ...]
    uses: tuple[tuple[int, int, Opt], ...]
    worth: float
    helpers: tuple[Helper, ...]

    def helpers_of(self, b: int) -> list[tuple[Helper, Opt]]:
        return [(self.helpers[h], o) for h, bb, o in self.uses if bb == b]


def _contribution(o: Opt, b: Bin) -> tuple[int, int] | None:
    """(efficient, inefficient) points of `o` towards bin `b`, or None when it does not count."""
    if b.kind == "b":
        if o.kind != "block":
            return None
        return (o.value, 0) if o.element in EFFICIENT_BLOCKS[b.element] else (0, o.value)
    if o.kind == "block" or o.kind not in b.types:
        return None
    return (0, o.value) if resists(b.resist, o.element) else (o.value, 0)


def _filled(b: Bin, eff: int, ineff: int) -> bool:
    return eff + ineff // 2 >= b.need


def _mana_ok(used: dict[str, int], mana: tuple) -> bool:
    """Powered uses per colour within the crystals and tokens of each colour plus one Source
    die of a colour it shows (gold at day: any)."""
    own, die = dict(zip(COLOURS, mana[0], strict=True)), mana[1]
    short = [c for c in COLOURS if used.get(c, 0) > own[c]]
    if not short:
        return True
    if len(short) > 1 or used[short[0]] - own[short[0]] > 1:
        return False
    return short[0] in die


def fill(bins: tuple[Bin, ...], helpers: tuple[Helper, ...], mana: tuple) -> tuple | None:
    """The cheapest use of helpers that fills every bin: (cost, uses) or None. Each helper goes
    to one bin or none, with one of its opts."""
    if not bins:
        return (0.0, ())
    best: list[Any] = [None]
    order = sorted(range(len(helpers)), key=lambda i: -max((o.value for o in helpers[i].opts), default=0))
    tops = [max((o.value for o in helpers[i].opts), default=0) for i in order]
    rest_top = [sum(tops[k:]) for k in range(len(order) + 1)]

    def deficit(sums) -> int:
        return sum(max(0, b.need - (e + i // 2)) for b, (e, i) in zip(bins, sums, strict=True))

    def go(k: int, sums: list, cost: float, uses: list, used: dict) -> None:
        if best[0] is not None and cost >= best[0][0]:
            return
        d = deficit(sums)
        if d == 0:
            best[0] = (cost, tuple(uses))
            return
        if k == len(order) or rest_top[k] < d:
            return
        h = helpers[order[k]]
        for bi, b in enumerate(bins):
            if _filled(b, *sums[bi]):
                continue
            for o in h.opts:
                got = _contribution(o, b)
                if got is None or not (got[0] or got[1] // 2 or got[1]):
                    continue
                extra = 0.0
                if o.mana:
                    used[o.mana] = used.get(o.mana, 0) + 1
                    if not _mana_ok(used, mana):
                        used[o.mana] -= 1
                        continue
                    extra = MANA
                before = sums[bi]
                sums[bi] = (before[0] + got[0], before[1] + got[1])
                uses.append((order[k], bi, o))
                go(k + 1, sums, cost + h.cost + extra, uses, used)
                uses.pop()
                sums[bi] = before
                if o.mana:
                    used[o.mana] -= 1
        go(k + 1, sums, cost, uses, used)

    go(0, [(0, 0)] * len(bins), 0.0, [], {})
    return best[0]


# -- reading the table --------------------------------------------------------------------


def _card_opts(resolve, cid: str, mana_colours: set[str]) -> tuple[Opt, ...]:
    card = content().cards.get(cid)
    if card is None or cid == "wound":
        return ()
    out = {Opt("melee", 1, "physical"), Opt("block", 1, "physical")}
    modes = [("basic", "")]
    colour = card.powered_by[0] if card.powered_by else ""
    if card.kind == "spell":
        modes = [("basic", colour)] if colour in mana_colours else []
    elif card.kind != "artifact" and colour in mana_colours:
        modes.append(("powered", colour))
    for mode, mana in modes:
        for atoms in resolve(cid, mode):
            opt = _atoms_opt(atoms, mana)
            if opt is not None:
                out.add(opt)
    return tuple(sorted(out, key=lambda o: (-o.value, o.kind, o.element, o.mana)))


def _atoms_opt(atoms, mana: str) -> Opt | None:
    """The one attack or block of an option with no cost besides its mana, or None."""
    found = None
    for k, v in atoms:
        if k.endswith("_cost") or k in ("wound", "take_wound"):
            return None
        if k in ("attack", "block") and isinstance(v, dict) and isinstance(v.get("value"), int):
            if found is not None:
                return None
            kind = "block" if k == "block" else v.get("type", "melee")
            found = Opt(kind, v["value"], v.get("element", "physical"), mana)
    return found


UNIT_KEYS = {"attack": "melee", "ranged_attack": "ranged", "siege_attack": "siege", "block": "block"}


def _unit_opts(unit: str) -> tuple[tuple[int, Opt], ...]:
    """(ability index, opt) of a unit's plain attack and block abilities (no mana, no extras)."""
    out = []
    for i, ab in enumerate(content().units[unit].abilities):
        if set(ab) - {"element", "type", *UNIT_KEYS}:
            continue
        for k, kind in UNIT_KEYS.items():
            if isinstance(ab.get(k), int):
                t = ab.get("type") or kind
                out.append(
                    (i, Opt(t if kind == "melee" else kind, ab[k], ab.get("element", "physical"), "", i))
                )
    return tuple(out)


def mana_at_hand(table, seat: int) -> tuple:
    """(crystals and tokens per colour, colours a Source die could still give)."""
    game = table.game
    p = game.players[seat]
    own = tuple(p.crystals.get(c, 0) + p.tokens.count(c) for c in COLOURS)
    die: set[str] = set()
    if len(p.dice) < 1 + p.extra_dice:
        taken = set(p.dice) | set(p.held_dice)
        for i, face in enumerate(game.source):
            if i in taken:
                continue
            if face in COLOURS:
                die.add(face)
            elif face == "gold" and not game.night:
                die |= set(COLOURS)
    return own, frozenset(die)


def helpers(table, seat: int, mana: tuple, c) -> tuple[Helper, ...]:
    """The hand's cards, the ready units and the points pooled now (one helper, kept whole: an
    attack or block command spends the whole pool on one need)."""
    resolve = partial(seat_resolutions, table, seat)
    colours = {x for x, n in zip(COLOURS, mana[0], strict=True) if n} | set(mana[1])
    hand = sorted(card_name(x) for x in table.zone(state.hand(seat)))
    out = [Helper(n, _card_opts(resolve, n, colours)) for n in hand if n != "wound"]
    for u in table.game.players[seat].units:
        if u.ready and not u.wounded:
            opts = tuple(o for _, o in _unit_opts(u.unit))  # (each opt knows its ability)
            if opts:
                out.append(Helper(u.unit, opts, unit=u.uid))
    pooled = _pooled(c)
    if pooled:
        out.append(Helper("pool", pooled, pooled=True))
    return tuple(h for h in out if h.opts)


def _pooled(c) -> tuple[Opt, ...]:
    """The pool as opts: its block points (per element, one opt when one element), or its
    attack points of one kind (ranged and siege count together in the ranged phase)."""
    kinds = {"block": ("block",), "ranged": ("ranged", "siege"), "attack": ("ranged", "siege", "melee")}
    want = kinds.get(c.phase, ())
    parts = [p for p in c.pool if p.kind in want and not p.target and not p.not_target]
    if not parts:
        return ()
    total = sum(p.value for p in parts)
    elements = {p.element for p in parts}
    element = next(iter(elements)) if len(elements) == 1 else "physical"
    if c.phase == "block":
        return (Opt("block", total, element),)
    siege = all(p.kind == "siege" for p in parts)
    kind = "siege" if siege else ("ranged" if c.phase == "ranged" else "melee")
    return (Opt(kind, total, element),)


# -- choosing the plan --------------------------------------------------------------------


def _armours(c, e) -> tuple[int, int]:
    """(armour while elusive's higher value holds, armour once all its attacks are blocked)."""
    mod = e.armour_bonus + e.armour_mod
    lo = max(1, e.armour + mod)
    hi = max(1, (e.elusive_armour or e.armour) + mod)
    return hi, lo


def _ranged_types(e) -> tuple[str, ...]:
    return tuple(
        k
        for k in ("ranged", "siege")
        if may_target_in_ranged_phase(k, has(e, "fortified"), site_fortified(e), has(e, "unfortified"))
        is None
    )


def _damage(c, e, a) -> int:
    v = strength(a)
    return 2 * v if has(e, "brutal") else v


def _open(c, e) -> list[tuple[int, Any]]:
    return [
        (i, a)
        for i, a in enumerate(e.attacks)
        if not a.summon and not a.blocked and not a.resolved and strength(a) > 0
    ]


def wound_cost(c, hits: list[tuple[Any, Any]]) -> float:
    """What the unblocked attacks `hits` [(enemy, attack)] cost: each to a ready-to-absorb unit
    first (the damage habit's way), the rest to the hero; a knock-out loses the hand."""
    units = [u for u in c.units if not u.wounded and not u.destroyed and not u.resisted]
    hero_wounds = 0
    extra = 0.0
    for e, a in sorted(hits, key=lambda x: -_damage(c, x[0], x[1])):
        dmg = _damage(c, e, a)
        poison = has(e, "poison")
        if units and not has(e, "assassination"):
            u = units.pop(0)
            if resists(u.resistances, a.element):
                dmg = max(0, dmg - u.armour)
            if dmg > 0:
                extra += UNIT_WOUND * (2 if poison else 1)
                dmg = max(0, dmg - u.armour)
        if dmg > 0:
            n = -(-dmg // c.hero_armour)
            hero_wounds += n
            if poison:
                extra += WOUND * n
            if has(e, "paralyze"):
                extra += KNOCK_OUT
    cost = WOUND * hero_wounds + extra
    if hero_wounds and c.wounds_to_hand + hero_wounds >= c.hand_limit:
        cost += KNOCK_OUT
    return cost


def choose(table, seat: int) -> Plan | None:
    """The best plan for the seat's combat now (kept across states by all it reads)."""
    c = table.game.combat
    if c is None or c.phase in ("damage", "over") or c.pending:
        return None
    return solve(table, seat, c)


def solve(table, seat: int, c) -> Plan | None:
    """The best plan for the seat in its combat `c`."""
    mana = mana_at_hand(table, seat)
    hs = helpers(table, seat, mana, c)
    foes = targetable(c)
    attacking = {e.uid for e in attackers(c)}
    key = (
        c.phase,
        hs,
        tuple(
            (
                e.uid,
                e.enemy,
                e.armour_bonus,
                e.armour_mod,
                tuple((a.blocked, a.resolved, strength(a)) for a in e.attacks),
            )
            for e in foes
        ),
        tuple((u.uid, u.wounded, u.resisted) for u in c.units),
        mana,
        c.hero_armour,
        c.wounds_to_hand,
        c.hand_limit,
        c.site,
        later(table.game),
    )
    got = _KEPT.get(key)
    if got is None:
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        got = _KEPT[key] = _choose(c, table, seat, hs, foes, attacking, mana)
    return got


_KEPT: dict[tuple, Plan | None] = {}


def _reach(hs, b: Bin) -> int:
    """The most all helpers together could give towards bin `b` alone (no mana limit)."""
    eff = ineff = 0
    for h in hs:
        got = [x for x in (_contribution(o, b) for o in h.opts) if x is not None]
        if got:
            e, i = max(got, key=lambda x: x[0] + x[1] // 2)
            eff, ineff = eff + e, ineff + i
    return eff + ineff // 2


def _choose(c, table, seat: int, hs, foes, attacking, mana) -> Plan | None:
    """The best of the choices of each enemy's fate (not defeated, defeated in melee, in the
    ranged phase) and each open attack's block, each no more than the helpers could reach."""
    fates_of: list[list[str]] = []
    for e in foes:
        kinds = ["none"]
        hi, lo = _armours(c, e)
        melee = Bin("m", e.uid, -1, lo, resist=tuple(e.resistances), types=("ranged", "siege", "melee"))
        if _reach(hs, melee) >= melee.need:
            kinds.append("melee")
        if c.phase == "ranged" and _ranged_types(e):
            r = Bin("r", e.uid, -1, hi, resist=tuple(e.resistances), types=_ranged_types(e))
            if _reach(hs, r) >= r.need:
                kinds.append("ranged")
        fates_of.append(kinds[::-1])  # (the most fame first: more plans cut by the bound)
    blocks_of = {}
    if c.phase in ("ranged", "block"):
        for e in foes:
            if e.uid in attacking:
                for i, a in _open(c, e):
                    b = Bin("b", e.uid, i, block_need(e, a)[0], a.element)
                    blocks_of[(e.uid, i)] = _reach(hs, b) >= b.need
    best: Plan | None = None
    tried = 0
    weight = later(table.game)  # what wounds and cards still cost with the rounds left
    for fates in itertools.product(*fates_of):
        blockable = [
            (e, i, a)
            for e, f in zip(foes, fates, strict=True)
            if f != "ranged" and e.uid in attacking and c.phase in ("ranged", "block")
            for i, a in _open(c, e)
        ]
        fame = sum(_fame(c, e) for e, f in zip(foes, fates, strict=True) if f != "none")
        choices = [(True, False) if blocks_of.get((e.uid, i)) else (False,) for e, i, _ in blockable]
        for blocks in itertools.product(*choices):
            tried += 1
            if tried > MAX_PLANS:
                return best
            hits = [(e, a) for (e, i, a), b in zip(blockable, blocks, strict=True) if not b]
            bound = fame - weight * wound_cost(c, hits)
            if best is not None and bound <= best.worth:
                continue
            plan = _priced(c, hs, foes, fates, blockable, blocks, mana, bound, weight, attacking)
            if plan is not None and (best is None or plan.worth > best.worth):
                best = plan
    return best


def _priced(
    c, hs, foes, fates, blockable, blocks, mana, bound: float, weight: float, attacking: set[str]
) -> Plan | None:
    """The plan of these fates and blocks (its worth: `bound`, the fame less the wounds, less
    what the helpers cost, `weight` of it), or None when the helpers cannot fill its needs;
    `attacking`: the uids of the enemies that attack."""
    bins: list[Bin] = []
    for (e, i, a), b in zip(blockable, blocks, strict=True):
        if b:
            need, _ = block_need(e, a)
            bins.append(Bin("b", e.uid, i, need, a.element))
    for e, f in zip(foes, fates, strict=True):
        if f == "none":
            continue
        hi, lo = _armours(c, e)
        if f == "ranged":
            bins.append(Bin("r", e.uid, -1, hi, resist=tuple(e.resistances), types=_ranged_types(e)))
        else:
            planned = {i for (x, i, _), bb in zip(blockable, blocks, strict=True) if bb and x is e}
            left = [i for i, _ in _open(c, e) if i not in planned]
            blocked_all = any(not a.summon for a in e.attacks) and not left and e.uid in attacking
            armour = _armour_now(c, e) if c.phase == "attack" else lo if blocked_all else hi
            bins.append(
                Bin("m", e.uid, -1, armour, resist=tuple(e.resistances), types=("ranged", "siege", "melee"))
            )
    got = fill(tuple(bins), hs, mana)
    if got is None:
        return None
    cost, uses = got
    return Plan(tuple(bins), uses, bound - weight * cost, hs)


def _fame(c, e) -> float:
    """What defeating `e` brings: its fame, and a city defender's shield (campaign.PROGRESS)."""
    return e.fame + (PROGRESS if c.site == "city" and e.defends_fortified_site else 0.0)


def _armour_now(c, e) -> int:
    return armour_now(c, e)[0]


# -- carrying it out ----------------------------------------------------------------------


PHASE_BINS = {"ranged": "r", "block": "b", "attack": "m"}


def keep(table, seat: int, cmds: list[dict], points) -> list[dict] | None:
    """Of the commands of one question (stand-ins included), those that carry out the plan now,
    or None where the plan says nothing (the habits decide). `points(cmd, need)` reads a play's
    points towards a need (goals.points)."""
    c = table.game.combat
    plan = choose(table, seat)
    if plan is None:
        return None
    here = PHASE_BINS.get(c.phase)
    mine = [i for i, b in enumerate(plan.bins) if b.kind == here]
    pooled = next((bi for h, bi, _ in plan.uses if plan.helpers[h].pooled), None)
    # the need being filled now: the pool's, else the first with helpers
    active = pooled if pooled in mine else next((i for i in mine if plan.helpers_of(i)), None)
    done = [
        x for x in cmds if x["kind"] in ("attack", "block") and not x.get("?") and _does(c, plan, x, mine)
    ]
    if done:
        if active is not None:
            first = [x for x in done if _hits(plan.bins[active], x)]
            if first:
                return first
        return done
    if active is not None:
        want = [(h, o) for h, o in plan.helpers_of(active) if not h.pooled]
        names = {h.name for h, _ in want if not h.unit}
        units = {(h.unit, o.ability) for h, o in want if h.unit}
        need = plan.bins[active]
        got = [x for x in cmds if _wanted(x, names, units)]
        if got:
            plays = [x for x in got if x["kind"] == "play" and "card" in x]
            if plays:
                scored = [(points(x, need), x) for x in plays]
                top = max(v for v, _ in scored)
                if top > 0:
                    got = [x for v, x in scored if v == top] + [x for x in got if x not in plays]
            return got
        return None  # (a question the plan does not read: mana to pay, a unit's ability)
    nxt = [x for x in cmds if x["kind"] == "next"]
    return nxt or None


def _wanted(x: dict, names: set[str], units: set[tuple[str, int]]) -> bool:
    """A play of a planned card or activation of a planned unit ability, or a stand-in that may
    lead to one."""
    if x["kind"] == "play":
        return x.get("card") in names if "card" in x else bool(x.get("?") and names)
    if x["kind"] == "activate":
        if "unit" in x and "ability" in x:
            return (x["unit"], x["ability"]) in units
        return bool(x.get("?")) and any(u == x.get("unit", u) for u, _ in units)
    return False


def _hits(b: Bin, cmd: dict) -> bool:
    if cmd["kind"] == "block":
        return b.kind == "b" and cmd["enemy"] == b.uid and cmd["attack"] == b.attack
    return b.kind != "b" and b.uid in cmd.get("targets", ())


def _does(c, plan: Plan, cmd: dict, mine: list[int]) -> bool:
    """An attack (legal: it defeats its targets) on planned targets only, or a block of a
    planned attack that holds."""
    if cmd["kind"] == "block":
        if not any(_hits(plan.bins[i], cmd) for i in mine):
            return False
        from engine.games.mage_knight.bots.goals import blocks_held

        return blocks_held(c, cmd)
    uids = {plan.bins[i].uid for i in mine}
    return bool(cmd.get("targets")) and set(cmd["targets"]) <= uids
