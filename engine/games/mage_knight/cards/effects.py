"""The effect vocabulary of content/cards.json as an interpreter (MK:5:Effects:1).

An effect tree is flattened into its *resolutions*: each is one way to play the effect, a list
of plain atoms such as ("move", 2) or ("attack", {"value": 3, "type": "ranged", ...}). `choice`
gives one resolution per option, `all` combines its parts, conditions (`if_in_combat`,
`if_on_terrain`) pick their branch from the situation. The player names a resolution by its
index, so every choice of a card is a plain legal command.

Nodes outside the plain vocabulary (named `effect` nodes, modifiers, card-specific keys such as
`mana_bolt`) are *not interpreted yet*: they contribute nothing, and `simplified(card)` says
so; CONTENT.md lists those cards. No card has code of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.games.mage_knight.cards import effect_nodes
from engine.games.mage_knight.cards.effect_nodes import Atom, Situation, bumped
from engine.games.mage_knight.content.load import content

PLAIN = (
    "move",
    "influence",
    "heal",
    "draw_cards",
    "gain_mana_token",
    "gain_crystal",
    "fame",
    "reputation",
    "take_wound",
    "ready_unit_max_level",
    "attack",
    "block",
)
COMBAT_ONLY = (
    "attack",
    "block",
    "mana_cost",
    "discard_cost",
    "enemy_effect",
    "crystal_of_discard",
    "discard_wound",
    "defeat_bonus",
    "all_enemies",
    "stand_in",
    "requires",
    "discard_colour",
    "discard_kind",
    "throw_cost",
    "all_enemies_strip",
    "blocked_armour_to",
    "unit_resistances",
    "unit_bonus",
    "convert",
    "attack_change",
    "on_defeat",
    "rotating",
    "hero_damage_off",
    "puppet",
    "redirect_damage",
)
MAX_RESOLUTIONS = 16
BASIC_COLOURS = ("red", "blue", "green", "white")


OUT_OF_COMBAT = Situation()  # frozen: the default situation a play is resolved in


def resolutions(tree: Any, sit: Situation = OUT_OF_COMBAT) -> list[list[Atom]]:
    """Every way to resolve `tree` (at most MAX_RESOLUTIONS), each a list of atoms."""
    out = _walk(tree, sit)
    return [r for r in out[:MAX_RESOLUTIONS]]


def _product(parts: Iterable[list[list[Atom]]]) -> list[list[Atom]]:
    acc: list[list[Atom]] = [[]]
    for alts in parts:
        if not alts:
            continue
        acc = [a + b for a in acc for b in alts][:MAX_RESOLUTIONS]
    return acc


def _walk(node: Any, sit: Situation) -> list[list[Atom]]:
    if isinstance(node, list):
        return _product(_walk(n, sit) for n in node)
    if not isinstance(node, dict):
        return [[]]
    if "choice" in node:
        out: list[list[Atom]] = []
        for opt in node["choice"]:
            out += _walk(opt, sit)
        return out or [[]]
    if "all" in node:
        return _product(_walk(n, sit) for n in node["all"])
    if "if_in_combat" in node:
        yes, no = node["if_in_combat"]
        return _walk(yes if sit.in_combat else no, sit)
    if "if_on_terrain" in node:
        terrain, yes, no = node["if_on_terrain"]
        return _walk(yes if sit.terrain == terrain else no, sit)
    special = _card_node(node, sit)
    if special is not None:
        return special
    more = effect_nodes.walk(node, sit, _walk)
    if more is not None:
        return more
    if "if_in_interaction" in node:
        return _walk(node["if_in_interaction"], sit) if sit.interacting else [[]]
    if "gain_mana_any_color" in node:
        return [[("gain_mana_token", c)] for c in BASIC_COLOURS]
    if node.get("convert_mana_to_crystal") is True:
        # pay 1 mana of a basic colour, gain a crystal of it: the payment is part of the play
        return [[("mana_cost", c), ("gain_crystal", c)] for c in BASIC_COLOURS]
    mod = _terrain_mod(node)
    if mod is not None:
        return [[("terrain_cost", mod)]]
    foe = _enemy_effect(node)
    if foe is not None:
        return [[("enemy_effect", foe)]]
    if isinstance(node.get("discard_cost"), list):
        # discard another (non-wound) card to get the effect: the discard is part of the payment
        n, tree = node["discard_cost"]
        return [[("discard_cost", n), *r] for r in _walk(tree, sit)]
    if node.get("grant_extra_source_die") is True:
        return [[("extra_dice", 1)]]
    parts: list[list[list[Atom]]] = []
    if isinstance(node.get("terrain_cost_change"), dict):  # unit abilities (Foresters)
        low = node.get("terrain_cost_min", 0)
        parts.append(
            [
                [
                    ("terrain_cost", {"terrain": k, "amount": v, "minimum": low, "replace": None})
                    for k, v in sorted(node["terrain_cost_change"].items())
                    if k not in IMPASSABLE
                ]
            ]
        )
    for key in ("attack_with_element", "ranged_attack_with_element"):
        if key in node:
            value, element = node[key][0], node[key][1]
            kind = "ranged" if key.startswith("ranged") else "melee"
            parts.append([[("attack", {"value": value, "type": kind, "element": element})]])
    for key, kind in (("ranged_attack", "ranged"), ("siege_attack", "siege")):
        if key in node and isinstance(node[key], int):
            parts.append(
                [[("attack", {"value": node[key], "type": kind, "element": node.get("element", "physical")})]]
            )
    if "attack" in node:
        parts.append(
            [
                [
                    (
                        "attack",
                        {
                            "value": node["attack"],
                            "type": node.get("type", "melee"),
                            "element": node.get("element", "physical"),
                        },
                    )
                ]
            ]
        )
    if "block" in node:
        parts.append([[("block", {"value": node["block"], "element": node.get("element", "physical")})]])
    for key in PLAIN:
        if key in ("attack", "block") or key not in node:
            continue
        v = node[key]
        if isinstance(v, bool) or v is None:
            continue
        if key == "move" and v == 0:
            continue
        parts.append([[(key, v)]])
    return _product(parts) if parts else [[]]


IMPASSABLE = ("lake", "mountain")
# terrains whose cost a "choose a terrain" effect may lower (MK:7:Move:7a); cities and the
# impassable ones are left out
CHOOSABLE_TERRAINS = ("desert", "forest", "hills", "plains", "swamp", "wasteland")


def _card_node(node: dict, sit: Situation) -> list[list[Atom]] | None:
    """Card-specific nodes of the basic actions as atoms (CONTENT.md, catalog.toml readings):
    the engine carries each out with what the command names (target card, dice, discard)."""
    if isinstance(node.get("card_boost"), int):  # Concentration, Will Focus
        return [[("card_boost", node["card_boost"])]]
    if node.get("mana_draw_powered") is True:  # one die set to a colour, 2 tokens
        return [[("set_dice", (c,)), ("gain_mana_token", c), ("gain_mana_token", c)] for c in BASIC_COLOURS]
    if node.get("mana_pull_powered") is True:  # two dice, one token each
        return [
            [("set_dice", (a, b)), ("gain_mana_token", a), ("gain_mana_token", b)]
            for i, a in enumerate(BASIC_COLOURS)
            for b in BASIC_COLOURS[i:]
        ]
    if isinstance(node.get("interaction_bonus"), list):  # Noble Manners
        fame, rep = node["interaction_bonus"]
        return [[("interaction_bonus", (fame, rep))]]
    if isinstance(node.get("influence_per_wound_total"), list):  # In Need
        return [[("influence_per_wound", tuple(node["influence_per_wound_total"]))]]
    if isinstance(node.get("attack_per_enemy_blocked"), list):  # Counterattack
        base, per = node["attack_per_enemy_blocked"]
        return [[("attack", {"value": base + per * sit.blocked, "type": "melee", "element": "physical"})]]
    for key, kind in (("fire_attack_per_enemy", "attack"), ("fire_block_per_enemy", "block")):
        if isinstance(node.get(key), list):  # Flame Wall powered
            base, per = node[key]
            v = {"value": base + per * sit.enemies, "element": "fire"}
            return [[(kind, dict(v, type="melee") if kind == "attack" else v)]]
    if node.get("effect") == "apply_recruitment_bonus":  # Heroic Tale
        return [[("recruit_bonus", (node.get("reputationPerRecruit", 0), node.get("famePerRecruit", 0)))]]
    if _is_modifier(node, "attack_block_card_bonus", "turn"):  # Ambush
        m = node["modifier"]
        return [[("card_bonus", (m.get("attackBonus", 0), m.get("blockBonus", 0)))]]
    if _is_modifier(node, "mountain_lore_hand_limit", "turn"):  # Mountain Lore
        m = node["modifier"]
        return [[("terrain_hand_limit", (m.get("hillsBonus", 0), m.get("mountainBonus", 0)))]]
    if isinstance(node.get("recruit_discount"), list):  # Ruthless Coercion basic, Charm
        return [[("recruit_discount", tuple(node["recruit_discount"]))]]
    if isinstance(node.get("ready_units_for_influence"), list):  # Ruthless Coercion powered
        return [[("ready_for_influence", tuple(node["ready_units_for_influence"]))]]
    if isinstance(node.get("track_attack_defeat_fame"), list):  # Axe Throw powered
        return [
            [("defeat_bonus", {"fame": node["track_attack_defeat_fame"][2], "reputation": 0, "each": False})]
        ]
    if node.get("discard_for_crystal") is True:  # Savage Harvesting: optional
        return [[], [("discard_cost", 1), ("crystal_of_discard", 1)]]
    if node.get("select_hex_for_cost_reduction") is True:  # Druidic Paths basic
        return [[("space_cost", {"amount": -1, "minimum": 2})]]
    if node.get("grant_extra_source_die_with_black_as_any_color") is True:  # Mana Pull basic
        return [[("extra_dice", 1), ("black_any", True)]]
    if node.get("terrain_based_block") is True:  # One with the Land powered
        return _terrain_block(sit)
    if _is_modifier(node, "cold_toughness_block", "combat"):  # Cold Toughness powered
        return [[("block_per_trait", 1)]]
    if node.get("select_terrain_for_cost_reduction") is True:  # Druidic Paths powered
        return [
            [("terrain_cost", {"terrain": k, "amount": -1, "minimum": 2, "replace": None})]
            for k in CHOOSABLE_TERRAINS
        ]
    if isinstance(node.get("scaling_attack"), list):  # Battle Rage
        base, how, per, _, _, cap = node["scaling_attack"]
        if how.get("effect") != "SCALING_PER_WOUND_THIS_COMBAT":
            return None
        bonus = min(cap.get("maximum", 99), per * sit.wounds)
        return [[("attack", {"value": base + bonus, "type": "melee", "element": "physical"})]]
    if (
        node.get("effect") == "discard_for_bonus"
        and node.get("discardFilter") == "wound_only"
        and node.get("maxDiscards") == 1
    ):  # Stout Resolve basic
        out = []
        for opt in node["choiceOptions"]:
            for r in _walk(opt, sit):
                out.append(r)
                out.append([("discard_cost", 1), ("discard_wound", 1), *bumped(r, node["bonusPerCard"])])
        return out
    every = _all_enemies(node)
    if every is not None:
        return [[("all_enemies", every)]]
    if isinstance(node.get("attack_with_defeat_bonus"), list):  # Chivalry
        value, gain = node["attack_with_defeat_bonus"]
        return [
            [
                ("attack", {"value": value, "type": "melee", "element": "physical"}),
                (
                    "defeat_bonus",
                    {"fame": gain.get("fame", 0), "reputation": gain.get("reputation", 0), "each": True},
                ),
            ]
        ]
    bonus = _move_bonus(node)
    if bonus is not None:
        return [[("move_bonus", bonus)]]
    return None


def _is_modifier(node: dict, effect: str, duration: str) -> bool:
    return (
        node.get("effect") == "apply_modifier"
        and node.get("duration") == duration
        and (node.get("modifier") or {}).get("effect") == effect
    )


def _terrain_block(sit: Situation) -> list[list[Atom]]:
    """Block equal to the unmodified move cost of the hero's space, fire by day, ice by night
    (One with the Land; reading in catalog.toml)."""

    cost = content().terrain.get(sit.terrain)
    value = None if cost is None else (cost.night if sit.night else cost.day)
    if not value:
        return [[]]
    return [[("block", {"value": value, "element": "ice" if sit.night else "fire"})]]


def _move_bonus(node: dict) -> tuple | None:
    """Tirelessness: the next (basic) or every (powered) movement card this turn gives +1 move;
    (amount, uses) with uses 0 for every card."""
    if node.get("effect") != "apply_modifier" or node.get("duration") != "turn":
        return None
    m = node.get("modifier") or {}
    if m.get("effect") != "movement_card_bonus":
        return None
    return (m.get("amount", 1), m.get("remaining", 0))


def _terrain_mod(node: dict) -> dict | None:
    """A turn-long terrain cost modifier on passable terrain (MK:7:Move:7a) as a plain atom;
    modifiers that open lakes or mountains are not interpreted (no forced withdrawal yet)."""
    if node.get("effect") != "apply_modifier" or node.get("duration") != "turn":
        return None
    m = node.get("modifier") or {}
    if m.get("effect") != "terrain_cost" or m.get("terrain") in IMPASSABLE:
        return None
    return {
        "terrain": m["terrain"],
        "amount": m.get("amount", 0),
        "minimum": m.get("minimum", 0),
        "replace": m.get("replaceCost"),
    }


STAT_KEYS = {"effect", "stat", "amount", "minimum", "fortifiedAmount"}


def _all_enemies(node: dict) -> dict | None:
    """A combat-long armour change on every enemy (Tremor): applied to each enemy it may
    affect (MK:8:Combat:4); minimum 1 is the combat module's own floor."""
    if (
        node.get("effect") != "apply_modifier"
        or node.get("duration") != "combat"
        or (node.get("scope") or {}).get("effect") != "all_enemies"
    ):
        return None
    mod = node.get("modifier") or {}
    if (
        mod.get("effect") != "enemy_stat"
        or mod.get("stat") != "stat_armor"
        or set(mod) - STAT_KEYS - {"excludeResistance"}
    ):
        return None
    return {
        "armour": mod["amount"],
        "fortified_armour": mod.get("fortifiedAmount", mod["amount"]),
        "exclude_resistance": mod.get("excludeResistance", ""),
    }


PHASES = {"COMBAT_PHASE_BLOCK": "block", "COMBAT_PHASE_ATTACK": "attack", "COMBAT_PHASE_RANGED": "ranged"}
TARGET_KEYS = {
    "effect",
    "template",
    "requiredPhase",
    "excludeResistance",
    "excludeArcaneImmune",
    "excludeSummoned",
}


def _enemy_effect(node: dict) -> dict | None:
    """A combat effect on one chosen enemy whose every modifier is an armour change, an attack
    reduction or a skipped attack (MK:8:Combat:4); anything more is not interpreted."""
    if node.get("effect") != "select_combat_enemy" or set(node) - TARGET_KEYS:
        return None
    tpl = node.get("template") or {}
    if set(tpl) != {"modifiers"}:
        return None
    out = {
        "armour": 0,
        "attack": 0,
        "prevent": False,
        "phase": PHASES.get(node.get("requiredPhase", ""), ""),
        "exclude_resistance": node.get("excludeResistance", ""),
        "exclude_arcane": bool(node.get("excludeArcaneImmune")),
        "exclude_summoned": bool(node.get("excludeSummoned")),
    }
    for m in tpl["modifiers"]:
        mod = m.get("modifier") or {}
        if mod.get("effect") == "enemy_skip_attack" and set(mod) == {"effect"}:
            out["prevent"] = True
        elif mod.get("effect") == "enemy_stat" and set(mod) <= STAT_KEYS:
            if mod["stat"] == "stat_armor":
                out["armour"] += mod["amount"]
                if "fortifiedAmount" in mod:  # Tremor powered: more on fortified enemies
                    out["fortified_armour"] = mod["fortifiedAmount"]
            elif mod["stat"] == "stat_attack":
                out["attack"] -= mod["amount"]
            else:
                return None
        else:
            return None
    return out


def plain_only(tree: Any) -> bool:
    """True if every node of the tree is interpreted (nothing is dropped)."""
    if isinstance(tree, list):
        return all(plain_only(n) for n in tree)
    if not isinstance(tree, dict):
        return True
    if (
        _terrain_mod(tree) is not None
        or _enemy_effect(tree) is not None
        or _card_node(tree, Situation()) is not None
    ):
        return True
    if effect_nodes.known(tree):
        return all(plain_only(n) for n in effect_nodes.children(tree))
    if "if_in_interaction" in tree and set(tree) == {"if_in_interaction"}:
        return plain_only(tree["if_in_interaction"])
    known = set(PLAIN) | {
        "choice",
        "all",
        "if_in_combat",
        "if_on_terrain",
        "gain_mana_any_color",
        "attack_with_element",
        "ranged_attack_with_element",
        "type",
        "element",
        "ranged_attack",
        "siege_attack",
        "note",
        "convert_mana_to_crystal",
        "grant_extra_source_die",
        "discard_cost",
        "terrain_cost_change",
        "terrain_cost_min",
    }
    if set(tree) - known:
        return False
    return all(
        plain_only(v) for k, v in tree.items() if isinstance(v, (dict, list)) and k != "terrain_cost_change"
    )


def simplified(card) -> list[str]:
    """Which sides of a card hold nodes the interpreter does not apply yet."""
    return [
        side
        for side, tree in (("basic", card.basic_effect), ("powered", card.powered_effect))
        if not plain_only(tree)
    ]


def mana_costs(atoms: list[Atom]) -> list[tuple[str, ...]]:
    """Mana an effect itself asks for (beyond the card's powering), as payment needs."""
    return [(v,) for k, v in atoms if k == "mana_cost"]


def usable(atoms: list[Atom], in_combat: bool) -> bool:
    """A resolution worth offering: it does something here (outside combat, attack and block
    points have nothing to act on)."""
    if in_combat:
        return bool(atoms)
    return any(k not in COMBAT_ONLY for k, _ in atoms)


def words(atoms: list[Atom]) -> str:
    parts = []
    for k, v in atoms:
        if k == "attack":
            el = "" if v["element"] == "physical" else v["element"] + " "
            ty = "" if v["type"] == "melee" else v["type"] + " "
            parts.append(f"{el}{ty}attack {v['value']}")
        elif k == "block":
            el = "" if v["element"] == "physical" else v["element"] + " "
            parts.append(f"{el}block {v['value']}")
        elif k == "enemy_effect":
            bits = (
                ([f"armour {v['armour']:+d}"] if v["armour"] else [])
                + ([f"attack -{v['attack']}"] if v["attack"] else [])
                + (["no attack"] if v["prevent"] else [])
            )
            parts.append("one enemy: " + ", ".join(bits))
        elif k == "terrain_cost":
            parts.append(
                f"{v['terrain']} costs {v['replace']}"
                if v["replace"] is not None
                else f"{v['terrain']} {v['amount']:+d} (min {v['minimum']})"
            )
        else:
            parts.append(f"{k.replace('_', ' ')} {plain(v)}")
    return ", ".join(parts) or "nothing"


def plain(v: Any) -> str:
    """A value in words, without braces (log sentences)."""
    if isinstance(v, dict):
        return "(" + ", ".join(f"{k.replace('_', ' ')} {plain(x)}" for k, x in v.items()) + ")"
    if isinstance(v, (list, tuple)):
        return "/".join(plain(x) for x in v)
    return str(v)


def stand_ins(tree: Any) -> list[str]:
    """The stand-in parts of an effect tree, in words (CONTENT.md)."""
    out: list[str] = []
    for sit in (Situation(), Situation(in_combat=True), Situation(night=True)):
        for r in resolutions(tree, sit):
            out += [v for k, v in r if k == "stand_in" and v not in out]
    return out
