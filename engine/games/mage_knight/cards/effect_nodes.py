"""More general nodes of the effect vocabulary (MK:5:Effects:1), for advanced actions, spells,
artifacts, skills and unit abilities: each node is a kind of effect that several cards share,
never one card's own code. `walk` turns a node into its resolutions (lists of atoms) or returns
None when the node is not one of these; `card_effects` carries the new atoms out at play time.

Atoms added here (beyond effects.PLAIN and the basic actions' atoms):
  ("turn_effect", (key, value))   a flag for the rest of the turn (no provoking, endless mana...)
  ("hand_limit_next", n)          the next draw is n cards larger (MK:11:EoT:7)
  ("convert", {...})              points of one kind count as another in combat this turn
  ("unit_bonus", {...})           units activated this turn add to their attack/block
  ("requires", (test, arg))       the resolution is offered only if the test holds now
  ("bonus_per", {...})            points scaled by a count taken at play time
  ("conditional", {...})          atoms given only if a test holds at play time
  ("take_offer", {...})           a card of a colour from an offer (the play names it: "gain")
  ("redirect_damage", True)  the targeted enemy's damage goes to the unit used (Shocktroops)
  ("throw_cost", n) / ("discard_colour", c) / ("discard_kind", k)  what a discard cost may take
  ("crystals_of_discard", {...})  crystals by the colour of the card given up
  ("mana_any", n)                 n mana tokens of colours the play names ("mana")
  ("ready_units", n) / ("all_units", what) / ("heal_unit", 1)
  ("unit_resistances", {...})     units gain resistances for the turn
  ("roll_wound", {...}) / ("roll_crystals", n)   mana dice rolled through the chance API
  ("die_crystal", 1) / ("reroll_source", 1) / ("reroll_die", 1)   the Source dice
  ("discard_wounds", n)           wounds from hand back to the wound pile
  ("extra_turn", True)            another turn after this one (as The Right Moment)
  ("on_defeat", (gain, n, limit))  fame, a crystal or armour per enemy defeated this phase
  ("others", {...})               each other player loses a crystal, discards or spends a unit
  ("choose_to_deck", n)           n cards of the discard pile, named by the play, onto the deck
  ("flip_skill", True)            the skill turns face down until the seat rests (Battle Frenzy)
  ("rotating", (i, n))            offered only while the seat's token shows option i of n
  ("stand_in", text)              a part of a card whose rule is not modelled: does nothing
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine.games.mage_knight.content.load import content

# One step of a resolution: its kind and its argument (see the list above).
Atom = tuple[str, Any]


class Situation(msgspec.Struct, frozen=True):
    """What a condition node may ask about."""

    in_combat: bool = False
    terrain: str = ""
    wounds: int = 0  # wounds the hero took in this combat (scaling attacks)
    night: bool = False  # night rules (a combat in a dungeon or tomb counts as night)
    blocked: int = 0  # enemies whose attacks are all blocked in this combat
    enemies: int = 0  # enemies still in this combat (not defeated)
    interacting: bool = False  # at a site where the seat may interact (village, monastery, ...)
    site: str = ""  # the site of the hero's space (skills that depend on it)


def bumped(atoms: list[Atom], n: int) -> list[Atom]:
    """The first move, influence, attack or block of a resolution raised by n."""
    out, done = [], False
    for k, v in atoms:
        if not done and k in ("move", "influence", "attack", "block"):
            v = dict(v, value=v["value"] + n) if isinstance(v, dict) else v + n
            done = True
        out.append((k, v))
    return out


BASIC = ("red", "blue", "green", "white")
PASSABLE = ("desert", "forest", "hills", "plains", "swamp", "wasteland")
RULE_FLAGS = {
    "RULE_IGNORE_RAMPAGING_PROVOKE": "no_provoke",
    "RULE_IGNORE_FORTIFICATION": "ignore_fortification",
    "RULE_UNITS_CANNOT_ABSORB_DAMAGE": "units_no_damage",
    "RULE_IGNORE_REPUTATION": "ignore_reputation",
}
RULE_SILENT = ("RULE_MOVE_CARDS_IN_COMBAT", "RULE_INFLUENCE_CARDS_IN_COMBAT")  # carried by `convert`
PHASES = {"COMBAT_PHASE_BLOCK": "block", "COMBAT_PHASE_ATTACK": "attack", "COMBAT_PHASE_RANGED": "ranged"}
# modifiers whose rule is not modelled yet: the rest of the card applies (CONTENT.md, stand-in parts)
STAND_IN_MODIFIERS = {
    "hero_damage_reduction": "damage to the hero reduced",
}


def _atoms(*a) -> list[list[tuple]]:
    return [list(a)]


def walk(node: dict, sit, rec: Callable) -> list[list[tuple]] | None:
    """Resolutions of `node` if it is one of this module's nodes, else None."""
    for fn in HANDLERS:
        out = fn(node, sit, rec)
        if out is not None:
            return out
    return None


def _noop(node, sit, rec):
    if node.get("effect") == "noop" or node.get("noop") is True:
        return [[]]
    if node.get("effect") == "place_skill_in_center":  # interactive skills: others' use
        return _atoms(("stand_in", "the skill's use by other players"))
    if isinstance(node.get("to_centre"), dict):  # centre.py: the token in the centre
        return _atoms(("to_centre", tuple(sorted(node["to_centre"].items()))))
    return None


def _pay_mana(node, sit, rec):
    if node.get("effect") == "pay_mana":  # source form: pay 1 mana of a colour
        return [[("mana_cost", c)] for c in node["colors"]]
    if isinstance(node.get("pay_mana"), dict):  # {colour: tree}: pay it for that branch
        return [[("mana_cost", c), *r] for c, tree in node["pay_mana"].items() for r in rec(tree, sit)]
    return None


def _discard_colour(node, sit, rec):
    """Give up another card (discard, or throw away) whose colour picks the branch."""
    spec = node.get("discard_colour")
    if not isinstance(spec, dict):
        return None
    cost = ("throw_cost", 1) if node.get("throw") else ("discard_cost", 1)
    kind = [("discard_kind", node["of_kind"])] if node.get("of_kind") else []
    return [[cost, ("discard_colour", c), *kind, *r] for c, tree in spec.items() for r in rec(tree, sit)]


def _small(node, sit, rec):
    if isinstance(node.get("discard_wound_for"), dict):  # discard a wound from hand for the effect
        return [[("discard_cost", 1), ("discard_wound", 1), *r] for r in rec(node["discard_wound_for"], sit)]
    if isinstance(node.get("requires"), str):
        return _atoms(("requires", (node["requires"], 1)))
    if isinstance(node.get("sideways_value"), (int, list)):  # the next card played sideways gives more
        v = node["sideways_value"]  # [for a basic action, for the others]
        return _atoms(("turn_effect", ("sideways", list(v) if isinstance(v, list) else v)))
    if isinstance(node.get("wound_sideways"), int):  # a wound may be played sideways
        return _atoms(("turn_effect", ("wound_sideways", node["wound_sideways"])))
    if node.get("redirect_damage") is True:  # Shocktroops: the enemy's damage to this unit
        return _atoms(("redirect_damage", True))
    if node.get("shapeshift") is True:  # a basic action's points as another kind
        return _atoms(("turn_effect", ("shapeshift", True)))
    if isinstance(node.get("attack_card_bonus"), int):  # the next attack card played
        return _atoms(("card_bonus", (node["attack_card_bonus"], 0)))
    if isinstance(node.get("attack_card_bonus"), list):  # [ranged phase, attack phase]
        ranged, melee = node["attack_card_bonus"]
        return _atoms(
            (
                "conditional",
                {
                    "test": "attack_phase",
                    "then": (("card_bonus", (melee, 0)),),
                    "else": (("card_bonus", (ranged, 0)),),
                },
            )
        )
    return None


def _rule(node, sit, rec):
    if node.get("effect") != "apply_modifier":
        return None
    mod = node.get("modifier") or {}
    eff = mod.get("effect")
    if eff == "rule_override":
        rule = mod.get("rule")
        if rule in RULE_FLAGS:
            return _atoms(("turn_effect", (RULE_FLAGS[rule], True)))
        if rule in RULE_SILENT:
            return [[]]
        if rule == "RULE_TIME_BENDING_ACTIVE":
            return _atoms(("extra_turn", True))
        return None
    if eff in ("move_to_attack_conversion", "influence_to_block_conversion"):
        src = "move" if eff.startswith("move") else "influence"
        to = "attack" if src == "move" else "block"
        typ = {"COMBAT_VALUE_RANGED": "ranged"}.get(mod.get("attackType", ""), "melee")
        return _atoms(
            (
                "convert",
                {
                    "from": src,
                    "to": to,
                    "rate": mod.get("costPerPoint", 1),
                    "type": typ,
                    "element": mod.get("element", "physical"),
                },
            )
        )
    if eff == "terrain_prohibition":
        return _atoms(("turn_effect", ("prohibit", tuple(mod["prohibitedTerrains"]))))
    if eff == "endless_mana":
        return _atoms(("turn_effect", ("endless", tuple(mod["colors"]))))
    if eff == "unit_combat_bonus":
        return _atoms(
            (
                "unit_bonus",
                {
                    "attack": mod.get("attackBonus", 0),
                    "block": mod.get("blockBonus", 0),
                    "armour": 0,
                    "uses": 0,
                },
            )
        )
    if eff in ("unit_attack_bonus", "unit_block_bonus", "unit_armor_bonus"):
        what = {"unit_attack_bonus": "attack", "unit_block_bonus": "block", "unit_armor_bonus": "armour"}[eff]
        return _atoms(
            ("unit_bonus", dict({"attack": 0, "block": 0, "armour": 0, "uses": 0}, **{what: mod["amount"]}))
        )
    if eff == "leadership_bonus":  # the next unit activated this turn
        what = {
            "LEADERSHIP_BONUS_BLOCK": "block",
            "LEADERSHIP_BONUS_ATTACK": "attack",
            "LEADERSHIP_BONUS_RANGED_ATTACK": "ranged",
        }[mod["bonusType"]]
        return _atoms(
            ("unit_bonus", dict({"attack": 0, "block": 0, "armour": 0, "uses": 1}, **{what: mod["amount"]}))
        )
    if eff == "combat_value":  # the next card played for its block this turn
        what = "block" if mod.get("valueType") == "COMBAT_VALUE_BLOCK" else "attack"
        amount = mod.get("amount", 1)
        return _atoms(("card_bonus", (amount if what == "attack" else 0, amount if what == "block" else 0)))
    if eff == "grant_resistances":
        everyone = (node.get("scope") or {}).get("effect") == "all_units"
        return _atoms(("unit_resistances", {"resistances": tuple(mod["resistances"]), "all": everyone}))
    if eff == "terrain_cost" and mod.get("terrain") in ("lake", "mountain"):  # map_rules.opened_cost
        return _atoms(
            (
                "terrain_cost",
                {"terrain": mod["terrain"], "amount": 0, "minimum": 0, "replace": mod.get("replaceCost")},
            )
        )
    if eff == "terrain_safe":
        return _atoms(("turn_effect", ("safe", mod["terrain"])))
    if eff == "double_physical_attacks":  # attacks played from now on, and those pooled
        return _atoms(("attack_change", ("double", "physical")))
    if eff == "bow_attack_transformation":  # ranged attacks doubled, or made siege
        return [[("attack_change", ("double", "ranged"))], [("attack_change", ("siege", "ranged"))]]
    if eff == "burning_shield_active":  # the next successful block this combat
        return _atoms(("turn_effect", ("on_block", [mod["mode"], mod.get("attackValue", 0)])))
    if eff == "shield_bash_armor_reduction":
        return _atoms(("turn_effect", ("on_block", ["bash", 0])))
    if eff == "dodge_and_weave_attack_bonus":  # in the attack phase, if no wound reached the hand
        return _atoms(("turn_effect", ("attack_if_unhurt", mod["amount"])))
    if eff == "golden_grail_fame_tracking":
        return _atoms(("turn_effect", ("heal_fame", mod["remainingHealingPoints"])))
    if eff == "golden_grail_draw_on_heal":
        return _atoms(("turn_effect", ("heal_draw", True)))
    if eff == "banner_glory_fame_tracking":  # fame +1 per unit that attacks or blocks this turn
        return _atoms(("turn_effect", ("unit_fame", True)))
    if eff == "bow_phase_fame_tracking":  # fame per enemy defeated in this phase
        return _atoms(("on_defeat", ("fame", mod["famePerEnemy"], 99)))
    if eff == "soul_harvester_crystal_tracking":  # a crystal per enemy defeated, up to `limit`
        return _atoms(("on_defeat", ("crystal", 1, mod["limit"])))
    if eff == "hero_damage_reduction":  # each attack on the hero this combat (apply.py)
        elements = tuple(sorted(e.replace("cold_fire", "coldfire") for e in mod["elements"]))
        return _atoms(("hero_damage_off", (elements, mod["amount"])))
    if eff in STAND_IN_MODIFIERS:
        return _atoms(("stand_in", STAND_IN_MODIFIERS[eff]))
    if eff == "remove_physical_resistance" and (node.get("scope") or {}).get("effect") == "all_enemies":
        return _atoms(("all_enemies_strip", {"lose": ("physical",), "exclude_arcane": False}))
    if (node.get("scope") or {}).get("effect") == "all_enemies" and eff in (
        "ability_nullifier",
        "remove_resistances",
    ):
        lose = ("resistances",) if eff == "remove_resistances" else (mod["ability"],)
        return _atoms(("all_enemies_strip", {"lose": lose, "exclude_arcane": True}))
    return None


def _plain_effects(node, sit, rec):
    eff = node.get("effect")
    if (
        eff == "select_unit_for_modifier"
        and (node.get("modifier") or {}).get("effect") == "grant_resistances"
    ):
        return _atoms(
            ("unit_resistances", {"resistances": tuple(node["modifier"]["resistances"]), "all": False})
        )
    if eff == "hand_limit_bonus":
        return _atoms(("hand_limit_next", node["bonus"]))
    if eff == "grant_wound_immunity":
        return _atoms(("turn_effect", ("wound_immunity", 1)))
    if eff == "ready_unit":
        return _atoms(("ready_unit_max_level", node.get("maxLevel", 4)))
    if eff == "heal_unit":
        return _atoms(("heal_unit", 1))
    if eff in ("ready_all_units", "heal_all_units"):
        return _atoms(("all_units", "ready" if eff == "ready_all_units" else "heal"))
    if eff == "discard_wounds":
        return _atoms(("discard_wounds", node["count"]))
    if eff == "source_opening_reroll":
        return _atoms(("reroll_die", 1))
    if eff == "roll_for_crystals":
        return _atoms(("roll_crystals", node["diceCount"]))
    if eff == "roll_die_for_wound":
        return _atoms(("roll_wound", {"dice": node["diceCount"], "colours": tuple(node["woundColors"])}))
    if eff == "choose_bonus_with_risk":  # +1 per die rolled, a wound per die of a wound colour
        return [
            [
                ("attack", {"value": b, "type": node["attackType"], "element": "physical"}),
                ("roll_wound", {"dice": b, "colours": tuple(node["woundColors"])}),
            ]
            if b
            else []
            for b in range(node["maxBonus"] + 1)
        ]
    if eff == "fame_per_enemy_defeated":
        return _atoms(("defeat_bonus", {"fame": node["famePerEnemy"], "reputation": 0, "each": True}))
    if eff == "discard_for_attack":  # 1 to 3 other cards for attack each
        typ = node.get("combatType", "melee")
        return [
            [
                ("discard_cost", k),
                ("attack", {"value": k * node["attackPerCard"], "type": typ, "element": "physical"}),
            ]
            for k in (1, 2, 3)
        ]
    if eff == "discard_for_bonus":  # Stout Resolve: any number of cards (at most one wound)
        out = []
        for opt in node["choiceOptions"]:
            for r in rec(opt, sit):
                for k in range(0, 4):
                    extra = [("discard_cost", k), ("discard_kind", node["discardFilter"])] if k else []
                    out.append(extra + bumped(r, k * node["bonusPerCard"]))
        return out
    return None


def _conditions(node, sit, rec):
    for key, night_yes in (("if_night_or_underground", True), ("if_night", True), ("if_day", False)):
        if isinstance(node.get(key), list):
            yes, no = node[key]
            return rec(yes if sit.night == night_yes else no, sit)
    if isinstance(node.get("if_at_magical_glade"), list):
        yes, no = node["if_at_magical_glade"]
        return rec(yes if sit.site == "magical_glade" else no, sit)
    if isinstance(node.get("if_at_fortified_site"), list):
        yes, no = node["if_at_fortified_site"]
        return rec(yes if sit.site in ("keep", "mage_tower", "city") else no, sit)
    if isinstance(node.get("conditional"), list):  # a test taken at play time
        test, yes = node["conditional"][0], node["conditional"][1]
        no = node["conditional"][2] if len(node["conditional"]) > 2 else {}
        name = test.get("effect", "") if isinstance(test, dict) else str(test)
        return [
            [
                (
                    "conditional",
                    {"test": name.removeprefix("CONDITION_").lower(), "then": tuple(a), "else": tuple(b)},
                )
            ]
            for a in rec(yes, sit)
            for b in rec(no, sit)
        ][:4]
    return None


def _scaling(node, sit, rec):
    for key, kind in (("scaling_influence", "influence"), ("scaling_move", "move")):
        if isinstance(node.get(key), list):
            args = node[key]
            base, how, per = args[0], args[1], args[2]
            cap = args[3].get("maximum", 99) if len(args) > 3 else 99
            count = {"SCALING_PER_CRYSTAL_COLOR": "crystal_colours", "SCALING_PER_UNIT": "ready_units"}[
                how["effect"]
            ]
            return _atoms(("bonus_per", {"kind": kind, "base": base, "per": per, "count": count, "max": cap}))
    spec = node.get("bonus_per")
    if isinstance(spec, dict):
        return _atoms(("bonus_per", dict(spec)))
    return None


def _crystals(node, sit, rec):
    how = node.get("gain_crystal_if")
    if how in ("owned", "missing"):
        return [[("gain_crystal", c), ("requires", ("crystal_" + how, c))] for c in BASIC]
    spec = node.get("crystals_of_discard")
    if isinstance(spec, dict):
        return _atoms(("crystals_of_discard", tuple(sorted(spec.items()))))
    if isinstance(node.get("mana_any"), int):
        return _atoms(("mana_any", node["mana_any"]))
    if isinstance(node.get("offer_colour_crystals"), int):  # a crystal per offered spell colour
        return _atoms(("offer_crystals", node["offer_colour_crystals"]))
    if how == "offered_spell":
        return [[("gain_crystal", c), ("requires", ("offered_spell", c))] for c in BASIC]
    if how == "offered_spell_pair":
        return [
            [("gain_crystal", a), ("gain_crystal", b), ("requires", ("offered_spell_pair", (a, b)))]
            for i, a in enumerate(BASIC)
            for b in BASIC[i:]
        ]
    if node.get("mana_any_basic_crystal") is True:
        return [[("gain_crystal", c)] for c in BASIC]
    for key in (
        "claim_die",
        "discard_to_deck",
        "influence_cost",
        "influence_to_heal",
        "influence_to_ready",
        "hand_limit_next",
        "blocked_armour_to",
    ):
        if isinstance(node.get(key), int) and not isinstance(node.get(key), bool):
            return _atoms((key, node[key]))
    if isinstance(node.get("wound_per_crystal"), str):
        return _atoms(("wound_per_crystal", node["wound_per_crystal"]))
    if isinstance(node.get("use_offered"), list):  # [offer, colour, mode]: the card stays there
        return _atoms(("use_offered", tuple(node["use_offered"])))
    if isinstance(node.get("repeat_thrown"), list):
        return _atoms(("repeat", tuple(node["repeat_thrown"])))
    for key in ("throw_first_wound", "throw_turn_wounds"):
        if node.get(key) is True:
            return _atoms(("turn_effect", (key, True)))
    for key in ("heal_draw", "heal_ready", "space_bending"):
        if node.get(key) is True:
            return _atoms(("turn_effect", (key, True)))
    if node.get("black_by_day") is True:  # black mana usable as by night this turn
        return _atoms(("turn_effect", ("black_day", True)))
    if node.get("gold_by_night") is True:  # gold mana usable as by day this turn
        return _atoms(("turn_effect", ("gold_night", True)))
    if node.get("wound_unit") is True:
        return _atoms(("wound_unit", 1))
    for key in ("die_crystal", "reroll_source", "crystal_refund"):
        if node.get(key) is True:
            return _atoms((key, 1))
    return None


def _offers(node, sit, rec):
    spec = node.get("take_offer")
    if isinstance(spec, dict):
        return _atoms(("take_offer", tuple(sorted(spec.items()))))
    if isinstance(node.get("ready_units"), int):
        return _atoms(("ready_units", node["ready_units"]))
    if isinstance(node.get("ready_units_budget"), int):
        return _atoms(("ready_units", node["ready_units_budget"]))
    if isinstance(node.get("draw_on_wounds"), int):
        return _atoms(("turn_effect", ("draw_on_wounds", node["draw_on_wounds"])))
    if isinstance(node.get("stand_in"), str):
        return _atoms(("stand_in", node["stand_in"]))
    if isinstance(node.get("terrain_all"), dict):  # every passable terrain at once
        m = node["terrain_all"]
        if "cap" in m:  # a cost above the cap becomes the cap
            costs = {
                t: (content().terrain[t].night if sit.night else content().terrain[t].day) for t in PASSABLE
            }
            return [
                [
                    ("terrain_cost", {"terrain": t, "amount": 0, "minimum": 0, "replace": m["cap"]})
                    for t in PASSABLE
                    if costs[t] > m["cap"]
                ]
            ]
        return [
            [
                (
                    "terrain_cost",
                    {
                        "terrain": t,
                        "amount": m.get("amount", 0),
                        "minimum": m.get("minimum", 0),
                        "replace": m.get("replace"),
                    },
                )
                for t in PASSABLE
            ]
        ]
    return None


def _enemies(node, sit, rec):
    """`select_combat_enemy` beyond armour/attack changes: abilities or resistances lost,
    abilities gained, an enemy destroyed, a bundled attack on it, armour per resistance."""
    if node.get("effect") != "select_combat_enemy":
        return None
    tpl = node.get("template") or {}
    out = {
        "armour": 0,
        "attack": 0,
        "prevent": False,
        "phase": PHASES.get(node.get("requiredPhase", ""), ""),
        "exclude_resistance": node.get("excludeResistance", ""),
        "exclude_arcane": bool(node.get("excludeArcaneImmune")),
        "exclude_summoned": bool(node.get("excludeSummoned")),
        "lose": (),
        "gain": (),
        "defeat": False,
        "per_resistance": False,
        "raise_attack": 0,
        "max_targets": node.get("maxTargets", 1),
        "exclude_fortified": bool(node.get("excludeFortified")),
        "if_blocked": False,
    }
    extra: list[tuple] = []
    if tpl.get("defeat"):
        out["defeat"] = True
    if "bundledEffect" in tpl:
        extra = rec(tpl["bundledEffect"], sit)[0]
    if tpl.get("aimed") is True:  # the bundled attack goes on each chosen enemy (Points.target)
        out["aimed"] = tuple((v["type"], v["element"], v["value"]) for k, v in extra if k == "attack")
        extra = [a for a in extra if a[0] != "attack"]
    if isinstance(tpl.get("duel"), dict):  # attack-phase attack on the chosen enemy, fame without units
        out["duel"] = (tpl["duel"].get("attack", 1), tpl["duel"].get("fame", 0))
    lose, gain = [], []
    for m in tpl.get("modifiers", []):
        mod = m.get("modifier") or {}
        eff = mod.get("effect")
        if eff == "enemy_skip_attack":
            out["prevent"] = True
        elif eff == "enemy_stat" and mod.get("stat") == "stat_armor":
            out["armour"] += mod["amount"]
            out["per_resistance"] = out["per_resistance"] or bool(mod.get("perResistance"))
        elif eff == "enemy_stat" and mod.get("stat") == "stat_attack":
            if mod["amount"] > 0:
                out["raise_attack"] += mod["amount"]
            else:
                out["attack"] -= mod["amount"]
        elif eff == "ability_nullifier":
            lose.append(mod["ability"])
        elif eff == "remove_resistances":
            lose.append("resistances")
        elif eff == "remove_fire_resistance":
            lose.append("fire")
        elif eff == "remove_resistance":  # one resistance of the play's choice
            lose.append(mod["resistance"])
        elif eff == "change_attack_element":  # its attacks of one element become another
            lose.append(f"element:{mod['from']}>{mod['to']}")
        elif eff == "enemy_destroy_if_blocked":
            out["if_blocked"] = True
        elif eff == "grant_enemy_ability":
            gain.append(mod["ability"])
        else:
            return None
    out["lose"], out["gain"] = tuple(lose), tuple(gain)
    if not (
        lose
        or gain
        or out["defeat"]
        or out["per_resistance"]
        or out["raise_attack"]
        or extra
        or out["max_targets"] > 1
        or out["exclude_fortified"]
        or out["if_blocked"]
        or "aimed" in out
        or "duel" in out
    ):
        return None  # effects.py's plain enemy effect
    return [[("enemy_effect", out)] + [a for a in extra if a[0] in ("attack", "all_enemies")]]


def _table(node, sit, rec):
    """Rewards per enemy defeated, effects on the other players, a sideways value raised by a
    matching colour, cards of the discard pile chosen onto the deck, a rotating token."""
    spec = node.get("on_defeat")
    if isinstance(spec, dict):  # defeat_rewards.py
        return _atoms(("on_defeat", (spec["gain"], spec.get("amount", 1), spec.get("limit", 99))))
    spec = node.get("others")
    if isinstance(spec, dict):  # other_players.py
        return _atoms(("others", tuple(sorted(spec.items()))))
    if isinstance(node.get("sideways_match"), list):  # [colour, value]: a card of that colour
        return _atoms(("turn_effect", ("sideways_match", list(node["sideways_match"]))))
    if isinstance(node.get("choose_to_deck"), int):  # cards of the discard pile the play names
        return _atoms(("choose_to_deck", node["choose_to_deck"]))
    if isinstance(node.get("claim_round"), dict):  # a Source die kept to the end of the round
        c = node["claim_round"]
        return _atoms(("claim_round", (c.get("now", 0), c.get("per_turn", 0), bool(c.get("curse")))))
    if isinstance(node.get("discard_for_crystals"), int):  # up to n cards, a crystal of each one's colour
        return [[]] + [
            [("discard_cost", k), ("crystal_of_discard", k)]
            for k in range(1, node["discard_for_crystals"] + 1)
        ]
    if isinstance(node.get("look_face_down"), list):  # [reach, fame]: a face-down token seen (map_rules)
        return _atoms(("look", tuple(node["look_face_down"])))
    if node.get("black_as_any") is True:  # a black Source die pays any basic colour
        return _atoms(("black_any", True))
    if node.get("puppet_master") is True:  # puppets.py: keep a token, or give one up
        return [[("puppet", mode)] for mode in ("keep", "attack", "block")]
    if node.get("possess") is True:  # the targeted enemy's attack is the seat's
        return _atoms(("possess", True))
    if isinstance(node.get("command_token"), dict):  # a passive skill's extra command token
        return _atoms(("command_token", node["command_token"].get("discount", 0)))
    if isinstance(node.get("turn_number"), list):  # [key, n]: a number for the rest of the turn
        return _atoms(("turn_effect", (node["turn_number"][0], node["turn_number"][1])))
    if isinstance(node.get("flip_for"), dict):  # the skill turns face down for this option
        return [[("flip_skill", True), *r] for r in rec(node["flip_for"], sit)]
    if isinstance(node.get("attacks_become"), list):  # every attack from now on (turn_effects)
        return [[("attack_change", (how, "all"))] for how in node["attacks_become"]]
    if isinstance(node.get("banner"), dict):  # assigned to the unit the play names (banners.py)
        return _atoms(("banner", tuple(sorted(node["banner"].items()))))
    if isinstance(node.get("rotating"), list):  # the option the token shows, then it turns
        return [
            [("rotating", (i, len(node["rotating"]))), *r]
            for i, opt in enumerate(node["rotating"])
            for r in rec(opt, sit)
        ]
    return None


HANDLERS = (
    _table,
    _noop,
    _small,
    _pay_mana,
    _discard_colour,
    _rule,
    _plain_effects,
    _conditions,
    _scaling,
    _crystals,
    _offers,
    _enemies,
)


CHILD_KEYS = (
    "flip_for",
    "rotating",
    "discard_wound_for",
    "pay_mana",
    "discard_colour",
    "if_night_or_underground",
    "if_night",
    "if_day",
    "if_at_magical_glade",
    "if_at_fortified_site",
    "conditional",
    "choiceOptions",
)


def children(node: dict) -> list:
    """The sub-trees of a node of this module (each must be interpreted too)."""
    out = []
    for k in CHILD_KEYS:
        v = node.get(k)
        if k == "conditional" and isinstance(v, list):
            v = v[1:]
        if k == "discard_wound_for":
            v = [v]
        if isinstance(v, dict):
            out += list(v.values())
        elif isinstance(v, list):
            out += [x for x in v if isinstance(x, (dict, list))]
    if isinstance((node.get("template") or {}).get("bundledEffect"), dict):
        out.append(node["template"]["bundledEffect"])
    return out


def known(node: dict) -> bool:
    """Whether one of this module's nodes reads `node` (its sub-trees are checked apart)."""
    try:
        return walk(node, Situation(), lambda n, s: [[]]) is not None
    except (KeyError, TypeError, IndexError):
        return False
