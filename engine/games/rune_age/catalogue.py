"""Rune Age's card catalogue for `runeledger cards rune-age`: every card of the box with its
values, the source of each value, and its effects in words.

Why generated words: the text is built from the same fields the rules read (an ability's effect,
amount and influence cost; an event's kind, effect and strength), never from a stored sentence,
so what the catalogue says and what the engine does cannot drift apart. A value the rulebook or a
public list gives carries that source (the content's `sources` table); every other value is a
stand-in.
"""

from __future__ import annotations

from engine.cards import CardInfo, check
from engine.games.rune_age import cards
from engine.games.rune_age.scenarios import CATACLYSM, DRAGONLORDS, MONUMENT, RUNEWARS
from engine.games.rune_age.schema import Ability, Card

FACTIONS = {
    "daqan": "Daqan Lords",
    "latari": "Latari Elves",
    "waiqar": "Waiqar the Undying",
    "uthuk": "Uthuk Y'llan",
}
REALM_HEALTH = 20  # rulebook p.3: a home realm with 20 damage is out

TIMING = {
    "on_play": "When played",
    "resolution": "Resolution",
    "end_of_combat": "End of combat",
    "action": "Action",
}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


# effect -> words; {n} is the ability's amount, {name} the card's own name
EFFECT_WORDS = {
    "fetch_same": "search your discard pile for another {name} and add it to the combat",
    "wound_opponent_unit": "wound 1 unit of an opposing player",
    "destroy_opponent_unit": "destroy 1 opposing unit",
    "wound_own_draw": "wound 1 of your participating units and draw {cards}",
    "draw": "draw {cards}",
    "strength": "+{n} strength",
    "strength_if_wounded": "+{n} strength if this unit is wounded",
    "discard_for_strength": "discard 1 card from your hand to give this unit +{n} strength",
    "destroy_hand_card": "destroy 1 other card from your hand (it returns to where it came from)",
    "other_draws": "another player of your choice draws {cards}",
    "take_from_hand": "look at an opponent's hand and take 1 of its cards into your hand",
    "indestructible": "this unit cannot be chosen as a casualty",
    "nullify_opponent_resolution": "while it takes part in a combat, the opponent's Resolution "
    "abilities have no effect",
    "wear_down": "an army that loses a battle against it leaves damage tokens equal to its "
    "strength on it; each token lowers its strength by 1; defeating it removes them",
}

EVENT_WORDS = {
    "attack": "Every home realm is attacked with strength {strength}: the damage is the strength "
    "minus the defending army's",
    "draw": "Every player draws {cards}",
    "tribute": "Every player secretly picks 1 card from his hand; all picked cards are discarded together",
    "lasting": "Until the end of the next round every enemy has +{n} strength",
    "rune": "The most damaged player takes a dragon rune card (the first in turn order on a tie)",
    "thieves": "The top {cards} of the highest-value gold pile in the central play area go back to the box",
}

OBJECTIVE_WORDS = {
    DRAGONLORDS: "Can be attacked like an enemy; whoever defeats it wins at once (all lose if "
    "every player is eliminated first)",
    RUNEWARS: "A player who eliminates another takes his dragon rune card; the last player standing wins",
    CATACLYSM: "All players win together when the event deck is used up; all lose as soon as one "
    "player is eliminated",
    MONUMENT: "A player who builds his monument wins at the end of the round; several builders: "
    "the most unit strength in deck, hand and discard pile wins, ties share",
}


def ability_text(a: Ability, name: str) -> str:
    """One ability in words, from the fields the rules use."""
    if a.effect not in EFFECT_WORDS:
        raise KeyError(f"rune-age: effect {a.effect!r} of {name} has no words in catalogue.py")
    words = EFFECT_WORDS[a.effect].format(n=a.amount, cards=_cards(a.amount), name=name)
    if a.influence:
        words = f"pay {a.influence} influence to {words}"
    if a.timing == "passive":
        return words[0].upper() + words[1:] + "."
    return f"{TIMING[a.timing]}: {words}."


def event_text(c: Card) -> str:
    if c.event == "enemy":
        parts = [f"Enemy: strength {c.strength}"]
        if c.icons:
            parts.append(f"rolls {c.icons} casualty {'die' if c.icons == 1 else 'dice'}")
        out = ", ".join(parts) + "."
        if c.phase_attack:
            out += (
                f" At the start of every event phase it attacks every home realm with "
                f"strength {c.phase_attack}."
            )
        out += " " + reward_text(c)
        return out.strip()
    if c.effect not in EVENT_WORDS:
        raise KeyError(f"rune-age: event effect {c.effect!r} of {c.name} has no words")
    return EVENT_WORDS[c.effect].format(strength=c.strength, n=c.amount, cards=_cards(c.amount)) + "."


def reward_text(c: Card) -> str:
    if not c.reward:
        return "Defeated, it goes to the event discard pile."
    gives = [f"{v} {k}" for k, v in (("gold", c.gold), ("influence", c.influence)) if v]
    return (
        "Defeated, it becomes its victor's reward"
        + (f" (exhaust: {' or '.join(gives)})" if gives else "")
        + "."
    )


def card_text(c: Card) -> str:
    k = c.kind
    lines = []
    if k == "realm":
        lines.append(
            f"Home realm of the {FACTIONS[c.race]}: a player whose home realm has "
            f"{REALM_HEALTH} damage is eliminated."
        )
    elif k == "stronghold":
        lines.append(
            f"Buy it for {c.cost} gold or secure it with strength {c.strength}; "
            f"exhaust: {c.influence} influence."
        )
    elif k in ("unit", "tactic"):
        currency = "gold" if c.race else "influence"
        lines.append(f"Costs {c.cost} {currency}.")
    elif k == "gold":
        lines.append(f"Provides {c.gold} gold; bought for {c.cost} influence.")
    elif k == "monument":
        lines.append(f"Buy it for {c.cost} gold to build your monument. " + OBJECTIVE_WORDS[MONUMENT] + ".")
    elif k == "city":
        lines.append(
            f"Secure it with strength {c.strength}; exhaust: {c.influence} influence; "
            f"its holder's army has +{c.defence} strength when it is besieged."
        )
    elif k == "event":
        lines.append(event_text(c))
    elif k == "objective":
        if c.strength:
            lines.append(
                f"Strength {c.strength}" + (f", rolls {c.icons} casualty dice" if c.icons else "") + "."
            )
        lines.append(OBJECTIVE_WORDS[c.scenario] + ".")
    elif k == "rune":
        gives = [f"{v} {w}" for w, v in (("gold", c.gold), ("influence", c.influence)) if v]
        if gives:
            lines.append(f"Once per turn, exhaust: {' and '.join(gives)}.")
    lines += [ability_text(a, c.name) for a in c.abilities]
    return " ".join(lines)


def card_values(c: Card) -> dict[str, int | None]:
    """The values the card prints, by kind (absent keys: the card prints no such value)."""
    k = c.kind
    if k == "realm":
        return {"health": REALM_HEALTH}
    if k == "stronghold":
        return {"cost": c.cost, "strength": c.strength, "influence": c.influence}
    if k == "unit":
        return {"cost": c.cost, "strength": c.strength}
    if k in ("tactic", "monument"):
        return {"cost": c.cost}
    if k == "gold":
        return {"cost": c.cost, "gold": c.gold}
    if k == "city":
        return {"strength": c.strength, "influence": c.influence, "defence": c.defence}
    if k == "event":
        out: dict[str, int | None] = {}
        if c.event == "enemy" or c.effect == "attack":
            out["strength"] = c.strength
        if c.event == "enemy":
            out["icons"] = c.icons
        if c.amount:
            out["amount"] = c.amount
        if c.phase_attack:
            out["phase_attack"] = c.phase_attack
        out.update({k2: v for k2, v in (("gold", c.gold), ("influence", c.influence)) if v})
        return out
    if k == "objective":
        return {"strength": c.strength, "icons": c.icons} if c.strength else {}
    if k == "rune":
        return {k2: v for k2, v in (("gold", c.gold), ("influence", c.influence)) if v}
    return {}


def group(c: Card) -> str:
    if c.race:
        return FACTIONS[c.race]
    if c.kind in ("unit", "tactic"):
        return "neutral"
    if c.kind == "event":
        return f"{cards.scenario(c.scenario).english}: stage {c.stage}"
    if c.kind == "objective":
        return cards.scenario(c.scenario).english
    if c.kind == "rune":
        return cards.scenario(RUNEWARS).english
    return {"gold": "gold", "city": "cities"}.get(c.kind, c.kind)


def info(c: Card) -> CardInfo:
    values = card_values(c)
    return CardInfo(
        name=c.name,
        english_name=c.english or None,
        kind=c.kind,
        values=values,
        sources={k: c.sources.get(k, "stand-in") for k in values},
        text=card_text(c),
        group=group(c),
        count=c.copies,
        count_source=c.sources.get("copies", "stand-in"),
    )


def catalogue(pack_name: str = "base") -> list[CardInfo]:
    return check(info(c) for c in cards.pack(pack_name).card)
