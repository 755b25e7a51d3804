"""Battle maths (BAT-1..8 in the order of BAT-ALG): a pure reading of the table.

`assess` says what a party of laid-out cards achieves against one target; the result is
recorded whole in the battle event so every modifier is auditable.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine import readings
from engine.explain import given, link, overrides_of
from engine.games.thunderstone.content import (  # noqa: F401 (OVERRIDABLE: rules.check_overrides)
    OVERRIDABLE,
    ById,
    Card,
    acting,
    card,
    is_hero,
    is_monster,
    kind_of,
    value,
    values,
)
from engine.games.thunderstone.places import board, board_zones, play, position_of
from engine.games.thunderstone.texts import words

_TRAITS: dict[int, tuple[Card, Mapping[str, Any]]] = {}


def traits(k: Card) -> dict[str, Any]:
    """The card's TRAIT abilities by `do`: a copy, the caller may change it."""
    return dict(_traits(k))


def _traits(k: Card) -> Mapping[str, Any]:
    """`traits` for this module's own reads: the shared cached mapping, read-only (no copy: it
    is read for every target of every legal-command check)."""
    got = _TRAITS.get(id(k))
    if got is None or got[0] is not k:
        got = _TRAITS[id(k)] = (k, MappingProxyType({a.do: a for a in k.all("trait")}))
    return got[1]


traits_of = ById(lambda k: MappingProxyType({a.do: a for a in k.all("trait")})).__getitem__
"""`_traits` of the card of an id: a situation overrides values, never abilities, so the
traits of an id are the same in every game (one dict access instead of two calls)."""
_STATIC_STRENGTH = ById(
    lambda k: tuple(a for a in k.abilities if a.on == "static" and a.do == "per_card_strength")
).__getitem__
# the same per-id reads of abilities for the battle maths (abilities are never overridden)
_STATIC = acting("static")
_GLOBAL = acting("global")
_OWN_LIGHT = ById(lambda k: -sum(a.n for a in k.abilities if a.on == "trait" and a.do == "light")).__getitem__
_LIGHT_ITEM_BONUS = ById(
    lambda k: tuple(a.n for a in k.abilities if a.on == "static" and a.do == "light_item_bonus")
).__getitem__
_LEFTOVER_RATES = ById(
    lambda k: tuple(a.n for a in k.abilities if a.on == "static" and a.do == "leftover_light_magic")
).__getitem__
_DUNGEON_EFFECTS = ById(
    lambda k: tuple(i for i, a in enumerate(k.abilities) if a.on == "dungeon")
).__getitem__


def _first_static(k: Card) -> Mapping[str, Any]:
    """`k.has("static", do)` for every do at once: the first static ability of each."""
    out: dict[str, Any] = {}
    for a in k.abilities:
        if a.on == "static":
            out.setdefault(a.do, a)
    return MappingProxyType(out)


_HAS_STATIC = ById(_first_static).__getitem__


def heroes(cards: list[str]) -> list[str]:
    return list(filter(is_hero, cards))  # a C loop over a per-id table: no frame per call


def gold_of(table, c: str) -> int:
    k = value(table, c)
    if k.gold is None or (k.is_monster and table.game.scenario == "Barrowsdale"):
        return 0
    return k.gold


def gold_revealed(table, cards: list[str], look=None) -> int:
    """A28: printed gold of laid-out cards that were not destroyed (`gold_of` of each)."""
    barrow, n = table.game.scenario == "Barrowsdale", 0
    if look is None:
        look = values(table)
    for c in cards:
        k = look(c)
        if k.gold is not None and not (barrow and is_monster(c)):
            n += k.gold
    return n


def strength(table, hero: str) -> int:
    """Current strength: printed + effects + carried gauntlets - battle losses, never below 0 (AUTO-STR0)."""
    tt, k = table.game.t, value(table, hero)
    ws = tt.equip.get(hero)
    bonus = sum(value(table, w).strength for w in ws) if ws else 0
    for a in _STATIC_STRENGTH(hero):  # Phalanx-Soldat: per other Phalanx
        bonus += a.n * count_keyword(table.zone(play(table.game.active)), a.what, hero, table)
    return max(0, k.strength + tt.str_mod.get(hero, 0) + bonus - tt.str_minus)


def weapon_slots(table, hero: str) -> int:
    return 1 + sum(
        a.n for w in table.game.t.equip.get(hero, []) for a in _STATIC(w) if a.do == "extra_weapon"
    )


def carried(table, hero: str) -> list[str]:
    """Weapons the hero can still carry; the rest are dropped but it stays equipped (BAT-2)."""
    st = strength(table, hero)
    return [w for w in table.game.t.equip.get(hero, []) if value(table, w).weight <= st]


def spells_played(table, cards: list[str]) -> int:
    """How many laid-out spells count as played (p.20: laid out and, if it has one, its effect used)."""
    used = table.game.t.used
    n = 0
    for c in cards:
        if kind_of(c) == "spell":
            actives = _DUNGEON_EFFECTS(c)
            n += not actives or any(f"{c}/{i}" in used for i in actives)
    return n


def kind_used(table, cards: list[str], kind: str) -> bool:
    """An active effect of a card of this kind was used this turn (p.15, p.21 Flamme)."""
    return any(
        u.split("/")[0] in cards and value(table, u.split("/")[0]).kind == kind for u in table.game.t.used
    )


def party_prevented(table, cards: list[str], target: str, also_used: str = "") -> str:
    """Why the whole party may not attack this monster, or '' (CMD-TARGET, p.19).
    `also_used`: a card kind whose effect is about to be used."""
    tr = traits_of(target)
    if not tr:  # no trait at all: nothing bars a party
        return ""
    need = tr.get("min_heroes_attack")
    if (
        need and 0 < len(heroes(cards)) < need.n
    ):  # "mit nur einem Helden" (p.18): a hero-less party is not barred
        return f"a party of fewer than {need.n} heroes may not attack it"
    forbid = tr.get("not_if_used")
    if forbid and (forbid.what == also_used or kind_used(table, cards, forbid.what)):
        return f"cannot be attacked after using a {forbid.what} this turn"
    return ""


def bars_parties(table, target: str) -> bool:
    """Whether the target has a trait that can bar a whole party from attacking it; without
    one, `party_prevented` is '' for every party and every card about to be used."""
    return barring(target)


barring = ById(
    lambda k: any(a.on == "trait" and a.do in ("min_heroes_attack", "not_if_used") for a in k.abilities)
).__getitem__
"""`bars_parties` by card id (traits are never overridden): one dict access."""


def can_attack(table, hero: str, target: str, tr: Mapping[str, Any] | None = None) -> str:
    """'' if the hero adds its attack and light, else why not (BAT-1, BAT-6). `tr`: the target's
    traits when the caller has them already."""
    if tr is None:
        tr = traits_of(target)
    tt = table.game.t
    if hero in tt.banned:
        return "banned by a battle effect"
    if "unarmed_cannot_attack" in tr and not tt.equip.get(hero):
        return "unarmed heroes cannot attack"
    weak = tr.get("weak_cannot_attack")
    if weak and strength(table, hero) <= weak.n:
        return f"strength {weak.n} or less cannot attack"
    return ""


def count_keyword(cards: list[str], what: str, other_than: str, table=None) -> int:
    look = card if table is None or not table.options.get("overrides") else (lambda c: value(table, c))
    if what == "gold":
        return sum(1 for c in cards if c != other_than and look(c).gold is not None)
    return sum(1 for c in cards if c != other_than and what in look(c).keywords)


def hero_parts(
    table,
    c: str,
    target: str,
    p: int,
    cards: list[str],
    party: list[str],
    spell_played: int,
    tr: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """A hero's own attack and light, then its carried weapons' (BAT-1, BAT-2, BAT-6)."""
    if tr is None:
        tr = traits_of(target)
    why = can_attack(table, c, target, tr)
    if why:
        return [part(c, 0, 0, 0, why)]
    out: list[dict[str, Any]] = []
    _attacking_parts(table, c, p, cards, party, spell_played, tr, values(table), out)
    return out


def _attacking_parts(
    table,
    c: str,
    p: int,
    cards: list[str],
    party: list[str],
    spell_played: int,
    tr: Mapping[str, Any],
    look,
    out: list[dict[str, Any]],
) -> None:
    """`hero_parts` of a hero that can attack, appended to `out`; `look`: `values(t)`."""
    tt, k = table.game.t, look(c)
    r, m = k.attack + tt.atk_mod.get(c, 0), k.magic + tt.mag_mod.get(c, 0)
    armed = bool(tt.equip.get(c))
    for a in _STATIC(c):
        if a.do == "bonus_if_equipped" and armed:
            r += a.n
        elif a.do == "per_card_attack":
            r += a.n * count_keyword(cards, a.what, c, table)
        elif a.do == "per_card_magic":  # m = 1: this card counts too (Gorinthischer Geizhals)
            m += a.n * count_keyword(cards, a.what, "" if a.m else c, table)
        elif a.do == "all_level3" and all(look(h).level >= 3 for h in party):
            r += a.n
        elif a.do == "bonus_if_spell" and spell_played:
            m += a.n
        elif a.do == "per_spell_magic":
            m += a.n * spell_played
    note = ""
    if tt.atk_minus:
        r = max(0, r - tt.atk_minus)
    if p <= 1 and "conjurer" in _HAS_STATIC(c):
        if readings.chosen(table, "A13") == "no_attack":
            out.append(
                part(
                    c,
                    0,
                    0,
                    0,
                    "conjurer: no attack and no light at positions 0 and 1 (reading A13 no_attack)",
                )
            )
            return
        r, m, note = 0, 0, "conjurer: ATTACK +0 at positions 0 and 1 (A13)"
    m += tt.mag_any_pos.get(c, 0)
    if "immune_unarmed" in tr and not armed:
        r, m, note = 0, 0, "immune to unarmed heroes"
    out.append(part(c, r, m, k.light, note))
    ws = tt.equip.get(c)
    if not ws:
        return
    for w in carried(table, c):
        wk = look(w)
        wr, wm, wnote = wk.attack + tt.atk_mod.get(w, 0), wk.magic, "equipped"
        bow = _HAS_STATIC(w).get("bow")
        if bow:
            wr += bow.n + bow.m * k.level if p >= 2 else 0
        if "immune_edged" in tr and "edged" in wk.keywords:
            wr, wm, wnote = 0, 0, "immune to edged weapons"
        x = part(w, wr, wm, wk.light, wnote)
        x["equipped_to"] = c
        out.append(x)


def card_part(
    table, c: str, target: str, gold: int, tr: Mapping[str, Any] | None = None, look=None
) -> dict[str, Any]:
    """A spell, item, villager or trophy: it works without a hero (p.11, AUTO-TROPHY).
    `look`: `values(t)` when the caller has it."""
    tt, k = table.game.t, (look or values(table))(c)
    if tr is None:
        tr = traits_of(target)
    forgo = tr["not_if_used"].what if "not_if_used" in tr else ""
    if forgo and k.kind == forgo:
        return part(c, 0, 0, 0, f"forgone: target cannot be attacked if a {forgo} is used")
    r, m = k.attack + tt.atk_mod.get(c, 0), k.magic + tt.mag_mod.get(c, 0)
    first = _HAS_STATIC(c)
    vs = first.get("attack_vs")  # a trophy's bonus against a monster type (Standard Bearer)
    if vs and vs.what in value(table, target).keywords:
        r += vs.n
    per_gold = first.get("magic_per_gold")
    if per_gold:
        m += gold // per_gold.n
    if k.kind == "spell" and "immune_spells" in tr:
        return part(c, 0, 0, k.light, "immune to spells")
    return part(c, r, m, k.light)


def part(c: str, r: int, m: int, light: int, note: str = "") -> dict[str, Any]:
    x = {"card": c, "attack": r, "magic": m, "light": light}
    if note:
        x["note"] = note
    return x


def light_penalty(table, target: str, p: int, light_points: int) -> tuple[int, int, int, int]:
    """BAT-3: (penalty, leftover light, the monster's own modifier, global modifier)."""
    tr = traits_of(target)
    own = _OWN_LIGHT(target)
    if own and readings.chosen(table, "A17") == "not_for_penalty":
        own = 0
    light, doubled = _board_globals(table)
    glob = -light if p else 0
    base = p * (2 if doubled else 1)  # Guardian of Night: base penalties doubled
    need = base + own + glob
    if p == 0 and readings.chosen(table, "A48") == "global_applies":
        glob = -light
        return max(0, glob - light_points), max(0, light_points - max(0, glob)), own, glob
    if p == 0:
        return 0, light_points, own, glob  # A48: position 0 never has a penalty
    if "no_light_reduction" in tr:
        return max(0, need), 0, own, glob
    return max(0, need - light_points), max(0, light_points - max(0, need)), own, glob


def _board_globals(table) -> tuple[int, bool]:
    """(`global_light(t)`, `doubled_light(t)`) in one pass over the board."""
    n, doubled, zones = 0, False, table.zones
    for _, z in board_zones(table):
        for c in zones[z].cards:
            for a in _GLOBAL(c):
                if a.do == "light":
                    n += a.n
                elif a.do == "double_light_penalty":
                    doubled = True
    return n, doubled


def assess(table, seat: int, target: str, cards: list[str] | None = None) -> dict[str, Any]:
    """Total attack, light penalty and the win test of a party against `target` (BAT-ALG)."""
    tt, look = table.game.t, values(table)  # look: the party's cards
    cards = list(table.zone(play(seat))) if cards is None else cards
    tk = value(table, target)
    tr = traits_of(target)
    p = position_of(table, target) or 0
    gold = gold_revealed(table, cards, look)
    party = heroes(cards)
    spell_played = spells_played(table, cards)
    parts: list[dict[str, Any]] = []
    attackers: list[str] = []  # the party's heroes that can attack, in the party's order
    for c in cards:
        kind = kind_of(c)
        if kind == "hero":
            why = can_attack(table, c, target, tr)
            if why:
                parts.append(part(c, 0, 0, 0, why))
            else:
                attackers.append(c)
                _attacking_parts(table, c, p, cards, party, spell_played, tr, look, parts)
        elif kind not in ("disease", "weapon"):
            parts.append(card_part(table, c, target, gold, tr, look))
    bonus = [n for h in attackers for n in _LIGHT_ITEM_BONUS(h)]
    light_bonus = 0
    if bonus:  # per lit item among the parts that count (no note)
        lit = sum(
            1
            for x in parts
            if "note" not in x and kind_of(x["card"]) == "item" and "light" in look(x["card"]).keywords
        )
        light_bonus = sum(n * lit for n in bonus)
    R = M = light_points = 0
    for x in parts:
        R += x["attack"]
        M += x["magic"]
        light_points += x["light"]
    light_points += tt.light_mod + light_bonus
    penalty, leftover, own, glob = light_penalty(table, target, p, light_points)
    mods: list[str] = []
    rate = max([n for h in attackers for n in _LEFTOVER_RATES(h)], default=0)
    if rate and leftover:
        mods.append(f"leftover light {leftover} -> magic +{rate * leftover}")
        M += rate * leftover
    if "immune_magic" in tr and M:
        mods.append(f"immune to magic: magic {M} -> 0")
        M = 0
    if "magic_only" in tr and R:
        mods.append(f"magic only: attack {R} -> 0")
        R = 0
    reductions = []
    for d in cards:
        if kind_of(d) != "disease":
            continue
        to = tt.reductions.get(d, "")
        if to == "attack" and R >= 1:
            R -= 1
        elif to == "magic" and M >= 1:
            M -= 1
        else:
            to = "none"
        reductions.append({"card": d, "to": to})
    deduction = 2 * penalty
    if (
        deduction
        and ("magic_half" in tr or "half_without_magic" in tr)
        and readings.chosen(table, "A11") == "after_light"
    ):
        mods.append(f"light deduction {deduction} before halving (reading A11 after_light)")
        if deduction <= R:
            R -= deduction
        else:
            M, R = max(0, M - (deduction - R)), 0
        deduction = 0
    if "magic_half" in tr and M:
        mods.append(f"magic halved: {M} -> {M // 2}")
        M //= 2
    total = R + M
    if "half_without_magic" in tr and M < 1:
        mods.append(f"no magic attack: total halved {total} -> {total // 2}")
        total //= 2
    final = max(0, total - deduction)
    dbl = tr.get("double_health_unless_gold")
    health = tk.health * (2 if dbl and gold < dbl.n else 1)
    why = ""
    if final < health:
        why = f"total attack {final} < health {health}"
    elif "min_heroes" in tr and len(party) < tr["min_heroes"].n:
        why = f"cannot be defeated with fewer than {tr['min_heroes'].n} heroes present"
    elif "must_include_magic" in tr and M < 1:
        why = "the attack must include magic attack"
    elif "needs_used" in tr and not used_one(table, cards, parts, tr["needs_used"].what.split(",")):
        why = f"cannot be defeated unless an {' or '.join(tr['needs_used'].what.split(','))} is used"
    return {
        "target": target,
        "position": p,
        "parts": parts,
        "attack": R,
        "magic": M,
        "modifiers": mods,
        "reductions": reductions,
        "gold_revealed": gold,
        "light_points": light_points,
        "light_base": p,
        "light_monster": own,
        "light_global": glob,
        "light_penalty": penalty,
        "deduction": deduction,
        "total": final,
        "health": health,
        "heroes_present": len(party),
        "win": not why,
        "why": why,
    }


def used_one(table, cards: list[str], parts: list[dict[str, Any]], kinds: list[str]) -> bool:
    """p.21 (Flamme): an item or spell counts as used when any effect, trait or bonus of it was
    applied this turn, e.g. a Torch's LIGHT +1."""
    if any(value(table, c).kind in kinds and (kind_used(table, [c], value(table, c).kind)) for c in cards):
        return True
    return any(
        value(table, x["card"]).kind in kinds
        and "note" not in x
        and (x["attack"] or x["magic"] or x["light"])
        for x in parts
    )


def doubled_light(table) -> bool:
    for _, c in board(table):
        for a in card(c).abilities:  # value(t, c).all("global"): overrides never change abilities
            if a.on == "global" and a.do == "double_light_penalty":
                return True
    return False


# -- the audit's why-chain of a battle (engine.explain) --------------------------------------
def why(table, ev, h) -> list[dict[str, Any]]:
    """Every input of a `ts.battle` (BAT-ALG): each contribution with its card, its light and
    keywords and how the card came to the party (down to the shuffle that dealt it); the
    monster's health, traits and position with how it came there; the light penalty's parts;
    the trait modifiers; the diseases; the test and its result. `t` is the state before it."""

    if ev.type != "ts.battle":
        return []
    d, tt = ev.data, table.game.t
    target = d["target"]
    tk = value(table, target)
    out = []
    for x in d["parts"]:
        k = value(table, x["card"])
        rule = "BAT-2" if "equipped_to" in x else "BAT-1"
        src = h.trail(x["card"], ev.version)
        if "equipped_to" in x:
            eq = h.last(
                lambda e, w=x["card"]: e.type == "ts.equipped" and e.data.get("weapon") == w, ev.version
            )
            src = ([link(eq, f"equipped to {value(table, x['equipped_to']).name}")] if eq else []) + src
        keywords = ", ".join(k.keywords) or "none"
        out.append(
            given(
                f"{k.name} ({k.kind}, keywords {keywords})",
                {"attack": x["attack"], "magic": x["magic"], "light": x["light"]},
                rule,
                src,
                x.get("note", ""),
                card=x["card"],
            )
        )
    tsrc = h.last(lambda e: e.type == "ts.target" and e.data.get("monster") == target, ev.version)
    out.append(
        given(
            f"target {tk.name} ({tk.kind}, keywords {', '.join(tk.keywords) or 'none'})",
            {"health": tk.health, "position": d["position"]},
            "TRN-D3",
            ([link(tsrc, "chosen as target")] if tsrc else []) + h.trail(target, ev.version),
            card=target,
        )
    )
    for a in tk.all("trait"):
        out.append(
            given(
                f"trait of {tk.name}: {a.do}",
                words(a.on, a.do, a.n, a.m, a.what),
                "BAT-6",
                note="demands/limits applied while it is the target",
                card=target,
            )
        )
    for _, c in board(table):
        for a in value(table, c).all("global"):
            if a.do in ("light", "double_light_penalty"):
                out.append(
                    given(
                        f"global effect of {value(table, c).name}: {a.do}",
                        words(a.on, a.do, a.n, a.m, a.what),
                        "BAT-3",
                        h.trail(c, ev.version),
                        card=c,
                    )
                )
    out.append(
        given(
            "light penalty",
            {
                "position base": d["light_base"],
                "monster's own light": d["light_monster"],
                "global light": d["light_global"],
                "light points": d["light_points"],
                "effects' light": tt.light_mod,
                "penalty": d["light_penalty"],
                "deduction": d["deduction"],
            },
            "BAT-3",
            note="2 attack deducted per penalty point (BAT-4)",
        )
    )
    for m in d["modifiers"]:
        out.append(given("trait modifier", m, "BAT-6"))
    for r in d["reductions"]:
        out.append(given("disease", f"-1 {r['to']}", "BAT-5", h.trail(r["card"], ev.version), card=r["card"]))
    for key, rule in (("attack", "BAT-4"), ("magic", "BAT-4"), ("total", "BAT-7")):
        out.append(given(key if key != "total" else "total attack after light", d[key], rule))
    if "gold_revealed" in d and any(a.do == "double_health_unless_gold" for a in tk.all("trait")):
        out.append(given("gold revealed", d["gold_revealed"], "BAT-8"))
    out.append(
        given(
            "result",
            ("won" if d["win"] else "lost")
            + (f": {d['why']}" if d["why"] else f": total {d['total']} >= health {d['health']}"),
            "BAT-8",
            note=_verdict(d, tk),
        )
    )
    out += overrides_of(table, [value(table, x["card"]).name for x in d["parts"]] + [tk.name], "BAT-ALG")
    return out


def _verdict(d: dict[str, Any], tk: Card) -> str:
    """The causes of the result in words: the traits that changed a value, the light penalty."""
    causes = list(d["modifiers"])
    if d["deduction"]:
        causes.append(
            f"light penalty {d['light_penalty']} at position {d['position']} costs {d['deduction']} attack"
        )
    zeroed = [f"{card(x['card']).name}: {x['note']}" for x in d["parts"] if x.get("note")]
    causes += zeroed
    return "; ".join(causes) if causes else "no trait or penalty changed the totals"
