"""An effect's atoms (cards.effects: one resolution of a card, unit ability or skill) in the
words of the cards themselves: "Move 2", "Fire Ranged Attack 3", "Ice Block 5", "gain a green
mana token", "Reputation -1". Every atom kind has words; one this module does not know reads as
its own words, never as an id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.mage_knight.words import names
from engine.narration import and_list, plural

ELEMENT = {"physical": "", "fire": "Fire ", "ice": "Ice ", "coldfire": "Cold Fire "}
KIND = {"melee": "", "ranged": "Ranged ", "siege": "Siege "}


def signed(n: Any) -> str:
    return f"{n:+d}" if isinstance(n, int) else str(n)


def attack(v: dict) -> str:
    return f"{ELEMENT.get(v.get('element', ''), '')}{KIND.get(v.get('type', ''), '')}Attack {v.get('value', '?')}"


def block(v: dict) -> str:
    return f"{ELEMENT.get(v.get('element', ''), '')}Block {v.get('value', '?')}"


def colour_list(cs: Any) -> str:
    return and_list([str(c) for c in cs])


def _lost(x: str) -> str:
    """What an enemy loses: an ability, its resistances, one resistance, an attack element."""
    if x.startswith("element:"):
        a, _, b = x.removeprefix("element:").partition(">")
        return f"its {names.plain(a)} attacks become {names.plain(b)}"
    if x == "resistances":
        return "loses its resistances"
    if x in ("fire", "ice", "physical"):
        return f"loses its {x} resistance"
    return f"loses {names.plain(x)}"


def enemy_effect(v: dict) -> str:
    """An effect on the chosen enemy (or enemies)."""
    armour = v.get("armour")
    bits = (
        ([f"Armour {armour:+d}" + (" per resistance" if v.get("per_resistance") else "")] if armour else [])
        + ([f"its Attack -{v['attack']}"] if v.get("attack") else [])
        + ([f"its Attack +{v['raise_attack']}"] if v.get("raise_attack") else [])
        + (["it does not attack"] if v.get("prevent") else [])
        + [_lost(x) for x in v.get("lose") or ()]
        + [f"gains {names.plain(x)}" for x in v.get("gain") or ()]
        + (["it is defeated"] if v.get("defeat") else [])
        + (["it is destroyed if blocked"] if v.get("if_blocked") else [])
        + ([f"{ATOMS['attack'](dict(type=t, element=e, value=n))} on it" for t, e, n in v.get("aimed") or ()])
        + ([f"a duel: Attack {v['duel'][0]}, Fame +{v['duel'][1]}"] if v.get("duel") else [])
    )
    n = v.get("max_targets", 1)
    who = f"up to {n} enemies" if isinstance(n, int) and n > 1 else "one enemy"
    return f"{who}: " + (", ".join(bits) or "no change")


def terrain_cost(v: dict) -> str:
    where = names.plain(v.get("terrain") or "the chosen space")
    if v.get("replace") is not None:
        return f"{where} costs {v['replace']} to enter this turn"
    low = f" (at least {v['minimum']})" if v.get("minimum") else ""
    return f"{where} costs {abs(v.get('amount', 0))} {'less' if v.get('amount', 0) < 0 else 'more'}{low} this turn"


def bonus_per(v: dict) -> str:
    what = {
        "crystal_sets": "set of four crystal colours",
        "crystal_colours": "crystal colour held",
        "ready_units": "ready unit",
        "free_command": "free command token",
    }.get(v.get("count", ""), names.plain(v.get("count", "")))
    kind = POINTS.get(v.get("kind", ""), names.plain(v.get("kind", "")).title())
    base = f"{kind} {v['base']} " if v.get("base") else f"{kind} "
    cap = f" (at most {v['max']})" if v.get("max") and v["max"] < 99 else ""
    return f"{base}+{v.get('per', 1)} per {what}{cap}".replace("  ", " ")


POINTS = {
    "move": "Move",
    "influence": "Influence",
    "heal": "Heal",
    "draw_cards": "Draw",
    "sideways": "Sideways value",
}

TURN_EFFECTS: dict[str, Callable[[Any], str]] = {
    "attack_if_unhurt": lambda v: f"Attack +{v} while the hero is unhurt this turn",
    "black_day": lambda v: "black mana may be used by day this turn",
    "draw_on_wounds": lambda v: f"draw up to {v} cards when wounded this turn",
    "endless": lambda v: f"endless {colour_list(v)} mana this turn",
    "explore_discount": lambda v: f"exploring costs {v} less this turn",
    "explore_reach": lambda v: "explore from the spaces next to the hero this turn",
    "gold_night": lambda v: "gold mana may be used at night this turn",
    "heal_draw": lambda v: "draw a card for each wound healed this turn",
    "heal_fame": lambda v: f"Fame +{v} for each wound healed this turn",
    "heal_ready": lambda v: "each unit healed this turn is readied",
    "ignore_fortification": lambda v: "ignore fortifications this turn",
    "ignore_reputation": lambda v: "ignore reputation this turn",
    "no_provoke": lambda v: "moving provokes no rampaging enemies this turn",
    "on_block": lambda v: f"on a successful block: {names.plain(v[0])}" + (f" {v[1]}" if v[1] else ""),
    "prohibit": lambda v: f"no entering {and_list([names.plain(t) for t in v])} this turn",
    "reveal_reach": lambda v: f"reveal spaces within {v} this turn",
    "safe": lambda v: f"{names.plain(v)} spaces are safe to end the move on this turn",
    "shapeshift": lambda v: "the next basic action's points may become another kind",
    "sideways": lambda v: (
        f"the next card played sideways gives {'/'.join(map(str, v)) if isinstance(v, list) else v}"
    ),
    "sideways_match": lambda v: f"a {v[0]} card played sideways gives {v[1]}",
    "space_bending": lambda v: "move through spaces two apart this turn",
    "throw_first_wound": lambda v: "the first wound taken this turn is thrown away",
    "throw_turn_wounds": lambda v: "wounds taken this turn are thrown away",
    "unit_fame": lambda v: "Fame for units' defeated enemies this turn",
    "units_no_damage": lambda v: "units take no damage this turn",
    "wound_immunity": lambda v: f"the hero ignores {plural(v, 'wound')} this turn",
    "wound_sideways": lambda v: f"wounds may be played sideways for {v}",
}

TESTS = {
    "lowest_fame": "if your fame is the lowest",
    "attack_phase": "in the attack phase",
    "no_source_die": "if no Source die was used",
    "no_unit_recruited_this_turn": "if no unit was recruited this turn",
}


def _requires(v: Any) -> str:
    test, arg = v
    return {
        "crystal_owned": f"needs a {arg} crystal",
        "crystal_missing": f"needs no {arg} crystal",
        "offered_spell": f"needs a {arg} spell on offer",
        "offered_spell_pair": f"needs a {' and a '.join(arg) if isinstance(arg, (list, tuple)) else arg} spell on offer",
        "wound_in_hand": "needs a wound in hand",
    }.get(test, f"needs {names.plain(test)}")


def _conditional(v: dict) -> str:
    then = ", ".join(parts(v["then"])) if v.get("then") else "nothing"
    other = f", else {', '.join(parts(v['else']))}" if v.get("else") else ""
    return f"{then} {TESTS.get(v.get('test', ''), names.plain(v.get('test', '')))}{other}"


def _others(v: Any) -> str:
    d = dict(v)
    do, arg = d.get("do"), d.get("arg")
    if do == "spend_unit":
        return f"each other player spends a unit of level {arg} or less"
    if do == "lose_crystal":
        return "each other player loses a crystal" + (", you gain one of them" if d.get("gain") else "")
    if do == "discard_colour":
        steal = ", you may take one Action card discarded" if d.get("steal") else ""
        return f"each other player discards a {arg} card{steal}"
    if do == "wound_per_crystal":
        return f"each other player takes a wound per {arg} crystal"
    return f"each other player: {names.plain(do)}"


def _banner(v: Any) -> str:
    d = dict(v)
    parts = []
    for k, x in d.items():
        parts.append(
            {
                "armour": f"Armour +{x}",
                "attack": f"Attack +{x}",
                "block": f"Block +{x}",
                "fame_on_use": f"Fame +{x} when used",
                "cancel_attack": "spend the unit to cancel an enemy attack",
                "fame": f"Fame +{x}",
                "ignore_wound_once": "the unit ignores one wound a round",
                "ready_once": "ready the unit once a round",
                "resistances": f"{colour_list(x if isinstance(x, (list, tuple)) else [x])} resistance",
            }.get(k, names.plain(k))
        )
    return "the banner on a unit: " + ", ".join(parts)


def _to_centre(v: Any) -> str:
    d = dict(v)
    bits = []
    if d.get("overload"):
        bits.append(f"{d.get('colour', '')} mana overload +{d['overload']}".strip())
    if isinstance(d.get("others"), dict):
        bits.append("others may use it: " + ", ".join(names.plain(k) for k in d["others"]))
    return "the skill goes to the centre" + (f" ({'; '.join(bits)})" if bits else "")


def _on_defeat(v: Any) -> str:
    gain, n, limit = v
    each = "each enemy" if limit >= 99 else ("the first enemy" if limit == 1 else f"up to {limit} enemies")
    what = {"armour": f"another enemy Armour {signed(n)}", "crystal": "a crystal", "fame": f"Fame +{n}"}.get(
        gain, names.plain(gain)
    )
    return f"{what} for {each} defeated"


def _attack_change(v: Any) -> str:
    how, of = v
    of_words = {"all": "attacks", "ranged": "ranged attacks", "physical": "physical attacks"}.get(
        of, f"{of} attacks"
    )
    if how == "double":
        return f"double {of_words}"
    return f"{of_words} become {names.plain(how)}"


OFFERS = {"aa": "advanced action", "aa_or_spell": "advanced action or spell"}


def _offered(what: Any, colour: Any) -> str:
    """ "a red advanced action", "a unit", "an advanced action": an offer's card in words."""
    colour_words = "" if colour in ("", "any", None) else f"{colour} "
    noun = f"{colour_words}{OFFERS.get(str(what), names.plain(what))}"
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _take_offer(v: Any) -> str:
    d = dict(v)
    return f"take {_offered(d.get('offer', 'card'), d.get('colour', ''))} from the offer"


def _use_offered(v: Any) -> str:
    what, colour, mode = v
    mode_words = "" if mode in ("effect", "ability") else f"{mode} "
    return f"use the {mode_words}effect of {_offered(what, colour)} on offer"


def _unit_bonus(v: dict) -> str:
    bits = [f"{k.title()} +{v[k]}" for k in ("attack", "block", "armour", "ranged") if v.get(k)]
    uses = f" (the next {plural(v['uses'], 'unit')})" if v.get("uses") else ""
    return "units activated this turn: " + ", ".join(bits) + uses


def _claim(v: Any) -> str:
    tokens, crystals, _ = v
    if tokens:
        return f"take a basic Source die: {tokens} mana of its colour this round"
    return f"take a basic Source die: {plural(crystals, 'crystal')} of its colour"


ATOMS: dict[str, Callable[[Any], str]] = {
    "text": str,  # words made by the caller (a boosted card, the dice a play sets)
    "move": lambda v: f"Move {v}",
    "influence": lambda v: f"Influence {v}",
    "heal": lambda v: f"Heal {v}",
    "draw_cards": lambda v: f"draw {plural(v, 'card')}",
    "gain_mana_token": lambda v: f"gain a {v} mana token",
    "gain_crystal": lambda v: f"gain a {v} crystal",
    "fame": lambda v: f"Fame {signed(v)}",
    "reputation": lambda v: f"Reputation {signed(v)}",
    "take_wound": lambda v: f"take {plural(v, 'Wound')}",
    "ready_unit_max_level": lambda v: f"ready a unit of level {v} or less",
    "attack": attack,
    "block": block,
    "enemy_effect": enemy_effect,
    "terrain_cost": terrain_cost,
    "all_enemies": lambda v: (
        f"every enemy: Armour {signed(v.get('armour'))}"
        + (
            f" ({signed(v['fortified_armour'])} if fortified)"
            if v.get("fortified_armour") != v.get("armour")
            else ""
        )
        + (f", not {v['exclude_resistance']} resistant ones" if v.get("exclude_resistance") else "")
    ),
    "all_enemies_strip": lambda v: (
        f"every enemy loses {and_list([names.plain(x) for x in v.get('lose', ())])}"
    ),
    "all_units": lambda v: f"{names.plain(v)} all units",
    "attack_change": _attack_change,
    "banner": _banner,
    "black_any": lambda v: "black mana counts as any basic colour",
    "block_per_trait": lambda v: (
        f"Ice Block +{v} per ability, resistance and attack colour of the enemy blocked"
    ),
    "blocked_armour_to": lambda v: "blocked enemies' armour to the attack",
    "bonus_per": bonus_per,
    "card_bonus": lambda v: (
        ", ".join(
            [f"the next attack card +{v[0]}"] * bool(v[0]) + [f"the next block card +{v[1]}"] * bool(v[1])
        )
        or "nothing"
    ),
    "card_boost": lambda v: f"play an Action card's powered effect +{v}",
    "choose_to_deck": lambda v: f"put {plural(v, 'card')} of the discard pile on top of the deck",
    "claim_round": _claim,
    "claim_die": lambda v: "take a basic Source die",
    "command_token": lambda v: f"a command token for a unit of level {v} or less",
    "conditional": _conditional,
    "convert": lambda v: (
        f"{names.plain(v.get('from'))} counts as {attack(dict(v, value='')).strip()}"
        + (f" ({v['rate']} for 1)" if v.get("rate", 1) != 1 else "")
    ),
    "crystal_of_discard": lambda v: "a crystal of the discarded card's colour",
    "crystals_of_discard": lambda v: "crystals of the discarded card's colour",
    "crystal_refund": lambda v: "crystals spent this turn come back",
    "defeat_bonus": lambda v: (
        ", ".join(
            [f"Fame +{v['fame']}"] * bool(v.get("fame"))
            + [f"Reputation +{v['reputation']}"] * bool(v.get("reputation"))
        )
        + (" for each enemy defeated" if v.get("each") else " if an enemy is defeated")
    ),
    "die_crystal": lambda v: "a crystal of a Source die's colour, the die rerolled",
    "discard_colour": lambda v: "",
    "discard_cost": lambda v: "",
    "discard_kind": lambda v: "",
    "discard_to_deck": lambda v: f"put {plural(v, 'card')} of the hand on the deck",
    "discard_wound": lambda v: "",
    "discard_wounds": lambda v: f"return {plural(v, 'Wound')} from the hand",
    "extra_dice": lambda v: f"use {plural(v, 'more Source die')}".replace("dies", "dice"),
    "extra_turn": lambda v: "another turn after this one",
    "flip_skill": lambda v: "the skill turns face down until you rest",
    "hand_limit_next": lambda v: f"hand limit +{v} at the next draw",
    "heal_unit": lambda v: "heal a unit",
    "hero_damage_off": lambda v: f"{and_list([names.plain(x) for x in v[0]])} damage to the hero -{v[1]}",
    "influence_cost": lambda v: f"pay {v} influence",
    "influence_per_wound": lambda v: f"Influence {v[0]} +{v[1]} per wound",
    "influence_to_heal": lambda v: f"Heal 1 per {v} influence",
    "influence_to_ready": lambda v: f"ready a unit per {v} influence a level",
    "interaction_bonus": lambda v: (
        ", ".join([f"Fame +{v[0]}"] * bool(v[0]) + [f"Reputation +{v[1]}"] * bool(v[1])) + " on interacting"
    ),
    "look": lambda v: f"look at a face-down token within {v[0]}",
    "mana_any": lambda v: f"gain {plural(v, 'mana token')} of any colours",
    "mana_cost": lambda v: "",
    "move_bonus": lambda v: f"{'every' if not v[1] else 'the next'} movement card +{v[0]}",
    "on_defeat": _on_defeat,
    "others": _others,
    "possess": lambda v: "the enemy's attack becomes yours",
    "puppet": lambda v: {
        "keep": "keep a defeated enemy's token",
        "attack": "attack with a kept token",
        "block": "block with a kept token",
    }.get(v, names.plain(v)),
    "ready_for_influence": lambda v: f"ready spent units up to level {v[0]} for {v[1]} influence a level",
    "ready_units": lambda v: f"ready units of total level {v}",
    "recruit_bonus": lambda v: (
        ", ".join([f"Reputation +{v[0]}"] * bool(v[0]) + [f"Fame +{v[1]}"] * bool(v[1]))
        + " per unit recruited"
    ),
    "recruit_discount": lambda v: (
        f"a unit costs {v[0]} less" + (f", Reputation {signed(v[1])}" if v[1] else "")
    ),
    "redirect_damage": lambda v: "the enemy's damage goes to this unit",
    "repeat": lambda v: f"play an Action card's {v[0]} effect {v[1]} times",
    "requires": _requires,
    "reroll_die": lambda v: "reroll a Source die",
    "reroll_source": lambda v: "reroll the Source",
    "roll_crystals": lambda v: f"roll {plural(v, 'mana die')}, gain crystals".replace("dies", "dice"),
    "roll_wound": lambda v: (
        f"roll {plural(v.get('dice', 1), 'mana die')}: {colour_list(v.get('colours', ()))} wound".replace(
            "dies", "dice"
        )
    ),
    "rotating": lambda v: "",
    "set_dice": lambda v: f"set {plural(len(v), 'Source die')} to {colour_list(v)}".replace("dies", "dice"),
    "space_cost": lambda v: (
        f"a space next to the hero costs {abs(v['amount'])} less (at least {v['minimum']}) this turn"
    ),
    "stand_in": lambda v: f"{v} (not modelled)",
    "take_offer": _take_offer,
    "terrain_hand_limit": lambda v: ", ".join(
        [f"hand limit +{v[0]} on hills"] * bool(v[0]) + [f"+{v[1]} on mountains"] * bool(v[1])
    ),
    "throw_cost": lambda v: "",
    "to_centre": _to_centre,
    "turn_effect": lambda v: TURN_EFFECTS.get(v[0], lambda x: names.plain(v[0]))(v[1]),
    "unit_bonus": _unit_bonus,
    "unit_resistances": lambda v: (
        f"{'all units' if v.get('all') else 'a unit'} gain {colour_list(v.get('resistances', ()))} resistance"
    ),
    "use_offered": _use_offered,
    "wound_per_crystal": lambda v: f"each other player takes a wound per {v} crystal",
    "wound_unit": lambda v: "wound this unit",
}


def atom(kind: str, v: Any) -> str:
    how = ATOMS.get(kind)
    if how is None:
        return names.plain(kind) + (f" {v}" if isinstance(v, (int, str)) and not isinstance(v, bool) else "")
    try:
        return how(v)
    except (KeyError, TypeError, ValueError, IndexError):
        return names.plain(kind)


COUNTED = {"gain_mana_token": "mana token", "gain_crystal": "crystal"}


def parts(resolution: Any) -> list[str]:
    """The words of each atom, in order: repeated gains counted ("gain 2 red mana tokens"), a
    condition of the offer last in brackets ("(needs a red crystal)")."""
    out: list[str] = []
    needs: list[str] = []
    items = list(resolution)
    i = 0
    while i < len(items):
        k, v = items[i]
        n = 1
        while k in COUNTED and i + n < len(items) and items[i + n] == (k, v):
            n += 1
        if n > 1:
            out.append(f"gain {n} {v} {COUNTED[k]}s")
        elif k == "requires":
            needs.append(atom(k, v))
        elif w := atom(k, v):
            out.append(w)
        i += n
    return out + ([f"({', '.join(needs)})"] if needs else [])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def atoms(resolution: Any) -> str:
    """A resolution in words, the first letter up: "Move 2", "Attack 2, Reputation -1"."""
    return capital(", ".join(parts(resolution)).replace(", (", " (") or "no effect")
