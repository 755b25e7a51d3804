"""A card's printed text in words, made from the effect trees the engine plays: "Basic: Move 2.
Powered (green): Move 4", a unit's abilities, an enemy's attacks and abilities, a skill.

Why here and not in the content files: the content's one-line summaries are the public lists'
shorthand ("choose one: [ice attack 2 | ...]", "{convert_mana_to_crystal=True}"); the text a
player reads must say what the engine does, so it is made from the same trees by the same
interpreter (cards.effects) and worded atom by atom by words.effects (the command labels' words).
This module adds only the tree's shape: options ("or"), conditions ("at night: …; otherwise: …")
and the costs an option asks for ("Discard a card: …"), which command labels show elsewhere.
"""

from __future__ import annotations

import re
from typing import Any

from engine.games.mage_knight.cards.effect_nodes import Atom, Situation
from engine.games.mage_knight.cards.effects import resolutions
from engine.games.mage_knight.words import names
from engine.games.mage_knight.words.effects import attack, capital, parts, signed
from engine.narration import plural

# condition nodes: (words when it holds, words otherwise); the tree is [yes, no]
CONDITIONS = {
    "if_in_combat": ("in combat", "otherwise"),
    "if_night": ("at night", "by day"),
    "if_day": ("by day", "at night"),
    "if_night_or_underground": ("at night or underground", "otherwise"),
    "if_at_magical_glade": ("at a Magical Glade", "otherwise"),
    "if_at_fortified_site": ("at a fortified site", "otherwise"),
}
# a leaf is read in the broadest situation: in combat, interacting, so nothing is hidden
BROAD = Situation(in_combat=True, interacting=True)
# atoms that are what an option costs, not what it gives (command labels word them apart)
COSTS = ("discard_cost", "discard_colour", "discard_kind", "discard_wound", "throw_cost", "mana_cost")
# leaves whose value depends on the moment of play (their rule, not today's number), or
# whose options are too many to list
LEAVES = {
    "attack_per_enemy_blocked": lambda v: f"Attack {v[0]} +{v[1]} per enemy blocked",
    "fire_attack_per_enemy": lambda v: f"Fire Attack {v[0]} +{v[1]} per enemy",
    "fire_block_per_enemy": lambda v: f"Fire Block {v[0]} +{v[1]} per enemy",
    "scaling_attack": lambda v: (
        f"Attack {v[0]} +{v[2]} per wound taken this combat"
        + (f" (at most +{v[5]['maximum']})" if isinstance(v[5], dict) and v[5].get("maximum") else "")
    ),
    "terrain_based_block": lambda v: (
        "Block equal to the move cost of the hero's space (Fire by day, Ice at night)"
    ),
    "mana_draw_powered": lambda v: "set a Source die to a basic colour, gain 2 mana tokens of that colour",
    "mana_pull_powered": lambda v: "set 2 Source dice to basic colours, gain a mana token of each",
    "discard_for_crystals": lambda v: f"discard up to {plural(v, 'card')}: a crystal of each one's colour",
}
EFFECT_LEAVES = {
    "choose_bonus_with_risk": lambda n: (
        f"{names.plain(n['attackType']).title()} Attack +1 per mana die rolled (up to {n['maxBonus']}),"
        f" a Wound per {plain_or(list(n['woundColors']))} die"
    ),
}


def cost(rs: list[Atom]) -> str:
    """What the atoms ask for before they give: "discard a red Action card", "pay a blue mana"."""
    d = dict(rs)
    bits = []
    if "discard_cost" in d or "throw_cost" in d:
        verb = "throw away" if "throw_cost" in d else "discard"
        n = d.get("discard_cost") or d.get("throw_cost") or 1
        if "discard_wound" in d:
            what = plural(n, "Wound") if n != 1 else "a Wound"
        else:
            colour = f"{d['discard_colour']} " if d.get("discard_colour") else ""
            kind = d.get("discard_kind") or ""
            note = " (at most one a Wound)" if kind == "any_max_one_wound" else ""
            kind = "" if note else f"{names.plain(kind)} " if kind else ""
            what = f"{colour}{kind}card"
            what = (f"an {what}" if what[0] in "aeiou" else f"a {what}") if n == 1 else plural(n, what)
            what += note.replace("one a", "one")
        bits.append(f"{verb} {what}")
    bits += [f"pay a {v} mana" for k, v in rs if k == "mana_cost"]
    return " and ".join(bits)


_TERRAIN_COST = re.compile(r"^(\w+) costs (.+)$")


def merged(words: list[str]) -> list[str]:
    """Terrains with the same new cost as one ("desert, forest and hills cost 1 to enter this
    turn"); a part repeated, counted ("use 1 more Source die (3 times)")."""
    slots: list[tuple[bool, str]] = []  # (a terrain cost's tail?, the word or the tail)
    tails: dict[str, list[str]] = {}
    for w in words:
        m = _TERRAIN_COST.match(w)
        if m and m.group(1) != "all":
            if m.group(2) not in tails:
                tails[m.group(2)] = []
                slots.append((True, m.group(2)))
            tails[m.group(2)].append(m.group(1))
        else:
            slots.append((False, w))
    out = []
    for is_tail, x in slots:
        ts = tails[x] if is_tail else []
        out.append(x if not ts else f"{ts[0]} costs {x}" if len(ts) == 1 else f"{plain_and(ts)} cost {x}")
    counted = []
    for w in dict.fromkeys(out):
        n = out.count(w)
        counted.append(f"{w} ({n} times)" if n > 1 else w)
    return counted


def plain_and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1]


def resolution(rs: list[Atom]) -> tuple[str, str]:
    """(its cost, what it gives) in words."""
    gives = [(k, v) for k, v in rs if k not in COSTS]
    return cost(rs), ", ".join(merged(parts(gives))).replace(", (", " (")


def or_list(words: list[str]) -> str:
    """ "A, B or C", alike options once, the colour variants of one option as one (see
    `by_colour`); an empty option (the card lets the player take nothing) last as "nothing"."""
    some = by_colour(list(dict.fromkeys(w for w in words if w)))
    nothing = any(not w for w in words) and bool(some)
    head = ""
    if len(some) > 1:
        heads = {w.partition(": ")[0] for w in some}
        if len(heads) == 1 and all(": " in w for w in some):
            head = f"{heads.pop()}: "
            some = [w.partition(": ")[2] for w in some]
    some += ["nothing"] if nothing else []
    if len(some) <= 1:
        return head + "".join(some)
    return head + ", ".join(some[:-1]) + " or " + some[-1]


COLOURS = ("red", "blue", "green", "white", "gold", "black")
_COLOUR = re.compile(r"\b(" + "|".join(COLOURS) + r")\b")
_OF_IT = re.compile(
    r"\b(a|an|no|per|\d+) \{c\} (advanced action|action card|mana token|mana|crystals?|cards?|spells?|tokens?)\b"
)


def by_colour(words: list[str]) -> list[str]:
    """Options that differ only in one colour, as one: "gain a red crystal", "gain a blue
    crystal" -> "gain a red or blue crystal"; with the colour named twice, "one of red or blue:
    pay a mana of that colour: gain a crystal of that colour"."""
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    for w in words:
        found = set(_COLOUR.findall(w))
        if len(found) != 1:
            out.append(w)
            continue
        (c,) = found
        template = _COLOUR.sub("{c}", w)
        if template not in groups:
            groups[template] = []
            out.append(template)
        groups[template].append(c)
    final = []
    for w in out:
        cs = groups.get(w)
        if cs is None:
            final.append(w)
        elif len(cs) == 1:
            final.append(w.replace("{c}", cs[0]))
        elif w.count("{c}") == 1:
            final.append(w.replace("{c}", plain_or(cs)))
        else:
            of_it = _OF_IT.sub(r"\1 \2 of that colour", w).replace(" a a", " an a")
            if "{c}" in of_it:  # a colour this module cannot refer back to: each option apart
                final += [w.replace("{c}", c) for c in cs]
            else:
                final.append(f"one of {plain_or(cs)}: {of_it}")
    return final


def plain_or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def grouped(rss: list[list[Atom]]) -> str:
    """Options worded, those with the same cost together: "Discard a card: Move 3, Influence 3
    or Attack 3"; "Pay a red or blue mana: ..." where only the colour differs."""
    by_cost: dict[str, list[str]] = {}
    for rs in rss:
        c, g = resolution(rs)
        by_cost.setdefault(c, []).append(g)
    out = []
    for c, gs in by_cost.items():
        body = or_list(gs)
        out.append(f"{c}: {body or 'nothing more'}" if c else body)
    if len(out) > 1 and all(out):
        return "; ".join(by_colour(out))
    return or_list(out)


def tree(node: Any) -> str:
    """An effect tree in words (lower case first letter; callers capitalise)."""
    if isinstance(node, list):
        return ", ".join(w for w in (tree(n) for n in node) if w)
    if not isinstance(node, dict):
        return ""
    if "choice" in node:
        return or_list([tree(n) for n in node["choice"]])
    if "all" in node and len(node) == 1:
        whole = resolutions(node, BROAD)
        if len(whole) == 1 and not shaped(
            node
        ):  # one way to play it: its atoms together ("gain 3 gold mana tokens")
            return grouped(whole)
        return ", ".join(w for w in (tree(n) for n in node["all"]) if w)
    for key, (yes_words, no_words) in CONDITIONS.items():
        if isinstance(node.get(key), list) and len(node[key]) == 2:
            yes, no = (tree(n) for n in node[key])
            return f"{yes_words}: {yes or 'nothing'}" + (f"; {no_words}: {no}" if no else "")
    if isinstance(node.get("if_on_terrain"), list):
        terrain, yes, no = node["if_on_terrain"]
        yes_w, no_w = tree(yes), tree(no)
        return f"on {names.plain(terrain)}: {yes_w or 'nothing'}" + (f"; otherwise: {no_w}" if no_w else "")
    if isinstance(node.get("if_in_interaction"), (dict, list)):
        return f"when interacting: {tree(node['if_in_interaction'])}"
    for key, how in LEAVES.items():
        if key in node:
            try:
                return how(node[key])
            except (KeyError, TypeError, IndexError):
                break
    if node.get("effect") in EFFECT_LEAVES:
        try:
            return EFFECT_LEAVES[node["effect"]](node)
        except (KeyError, TypeError, IndexError):
            pass
    return grouped(resolutions(node, BROAD))


SHAPES = (*CONDITIONS, "if_on_terrain", "if_in_interaction", "choice")


def shaped(node: Any) -> bool:
    """Whether a tree holds a condition, a choice or a leaf of LEAVES (worded by its shape)."""
    if isinstance(node, list):
        return any(shaped(n) for n in node)
    if not isinstance(node, dict):
        return False
    if any(k in node for k in (*SHAPES, *LEAVES)) or node.get("effect") in EFFECT_LEAVES:
        return True
    return any(shaped(v) for v in node.values() if isinstance(v, (dict, list)))


def effect(node: Any) -> str:
    """A whole effect, first letter up; "" where it does nothing."""
    return capital(tree(node))


def deed(card: Any) -> str:
    """ "Basic: Move 2. Powered (green): Move 4"; a Wound: no effect."""
    if card.id == "wound":
        return "No effect: a Wound only takes a place in the hand"
    basic = effect(card.basic_effect) or "no effect"
    powered = effect(card.powered_effect) or "no effect"
    by = "/".join(card.powered_by)
    kind = "Powered" if not card.powered_name else f"Powered ({card.powered_name})"
    if by:
        kind = f"{kind[:-1]}, {by})" if card.powered_name else f"{kind} ({by})"
    text = f"Basic: {basic}. {kind}: {powered}"
    if card.destroy_on_powered:
        text += " (the card is destroyed)"
    return text


def unit(u: Any) -> str:
    """Each ability on its own: "Attack 2 or Block 2 or Influence 2 or Move 2"; "Fire Block 4
    (pay a red mana)"."""
    out = []
    for ab in u.abilities:
        body = effect({k: v for k, v in ab.items() if k not in ("mana_cost", "note")}) or "no effect"
        out.append(f"{body} (pay a {ab['mana_cost']} mana)" if ab.get("mana_cost") else body)
    text = "; ".join(out)
    if u.resistances:
        text += f". Resistant to {resistances(u.resistances)}"
    return text


def resistances(rs: list[str]) -> str:
    return or_list([names.plain(r) for r in rs]).replace(" or ", " and ")


ENEMY_ABILITY = {
    "brutal": "Brutal (double damage)",
    "swift": "Swift (double block needed)",
    "fortified": "Fortified",
    "unfortified": "Unfortified",
    "elusive": "Elusive",
    "poison": "Poison",
    "paralyze": "Paralyze",
    "assassination": "Assassination",
    "cumbersome": "Cumbersome",
    "arcane_immunity": "Arcane Immunity",
    "summon": "Summon",
    "vampiric": "Vampiric",
}


def enemy(e: Any) -> str:
    """ "Fire Attack 4, Armour 5 (Elusive: 8), Fame 4. Brutal, Swift. Resistant to fire"."""
    hits = []
    for a in e.attacks:
        if a.summon:
            hits.append(f"summons a {a.summon_pile} enemy" if a.summon_pile else "summons an enemy")
        else:
            hits.append(attack({"value": a.value, "element": a.element, "type": "melee"}))
    bits = [", ".join(hits) or "no attack", f"Armour {e.armor}"]
    if e.armor_elusive:
        bits[-1] += f" ({e.armor_elusive} while elusive)"
    bits.append(f"Fame {e.fame}")
    if e.reputation:
        bits.append(f"Reputation {signed(e.reputation)}")
    text = ", ".join(bits)
    if e.abilities:
        text += ". " + ", ".join(ENEMY_ABILITY.get(a, names.plain(a).title()) for a in e.abilities)
    if e.resistances:
        text += f". Resistant to {resistances(e.resistances)}"
    return text


USAGE = {
    "once_per_turn": "Once a turn",
    "once_per_round": "Once a round",
    "passive": "Always",
    "interactive": "Once a round, shared",
}


def skill(s: Any) -> str:
    """ "Once a turn: Siege Attack 1 or Fire Siege Attack 1"; the public words where the tree
    gives none."""
    body = effect(s.effect) or capital(s.effect_text)
    return f"{USAGE.get(s.usage, capital(names.plain(s.usage)))}: {body}"


def tactic(t: Any) -> str:
    """A tactic's rule as the public list words it (its engine part is a per-tactic rule)."""
    return f"{capital(t.time)} tactic, turn order {t.number}: {capital(t.effect_text)}"
