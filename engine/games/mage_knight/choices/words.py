"""Words of Mage Knight's choice tree: print names of cards, units, skills, tactics and enemies,
payments and effects, and options told apart where two would read alike."""

from __future__ import annotations

import re
from typing import Any

from engine.choices import MORE
from engine.games.mage_knight.cards import effects
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from engine.narration import humane

# A kind's option in the first question, where it opens a further question.
KIND_LABELS = {
    "play": "Play a card",
    "activate": "Use a unit's ability",
    "banner": "Use a banner",
    "skill": "Use a skill",
    "centre": "Use a skill from the centre",
    "ready_unit": "Ready a unit",
    "tactic_use": "Use your tactic",
    "announce": "Announce the end of the round",
    "plunder": "Plunder the village",
    "buy_heal": "Buy healing",
    "burn": "Burn the monastery",
    "concede": "Concede",
    "move": "Move",
    "explore": "Explore",
    "tunnel": "Go through a tunnel",
    "recruit": "Recruit a unit",
    "buy_aa": "Buy an advanced action",
    "buy_spell": "Buy a spell",
    "city_buy": "Buy in the city",
    "challenge": "Challenge enemies",
    "enter": "Enter the site",
    "rest": "Rest",
    "end_turn": "End the turn",
    "reward": "Take a reward",
    "secret": "Place a secret entrance",
    "joint_assault": "Propose a joint assault",
    "pvp": "Attack a hero here",
    "pvp_commit": "Commit to the fight",
    "pvp_damage": "Take the damage",
    "tactic": "Take a tactic",
    "level_up": "Level up",
    "answer": "Answer",
    "improve": "Improve a card",
    "auction_name": "Name a hero",
    "auction_bid": "Bid",
    "draft_pick": "Draft a card",
    "draft_add": "Add a card",
    "combat_die": "Set the combat die",
}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def name(x: Any) -> str:
    """The print name of a card, unit, skill, tactic or enemy id ("march#3" -> "March")."""
    n = card_name(str(x))
    c = content()
    tables: tuple[dict[str, Any], ...] = (c.cards, c.units, c.skills, c.tactics, c.enemies)
    for table in tables:
        said = getattr(table.get(n), "name", None)
        if said:
            return str(said)
    said = humane(n)
    return said[:1].upper() + said[1:]


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def effect(atoms) -> str:
    """What a resolution does ("move 2, influence 1"), no engine ids."""
    return humane(effects.words(list(atoms))).replace(" ,", ",")


def pay(table, pay_text: str) -> str:
    """A payment in words: "the green die and a red crystal"; "" for nothing to pay."""
    parts = []
    source = table.game.source
    for item in (pay_text or "").split("+"):
        if not item:
            continue
        what, _, v = item.partition(":")
        if what in ("die", "stolen") and v.isdigit() and int(v) < len(source):
            face = source[int(v)]
            parts.append(f"the {face} die" if what == "die" else f"your stolen {face} die")
        elif what == "crystal":
            parts.append(f"a {v} crystal")
        elif what == "token":
            parts.append(f"a {v} mana token")
        elif what == "endless":
            parts.append(f"endless {v} mana")
        elif what == "discard":
            parts.append(f"discarding {name(v)}")
        elif what == "throw":
            parts.append(f"throwing away {name(v)}")
        else:
            parts.append(humane(item))
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def apart(labels: list[str]) -> list[str]:
    """Labels with alike ones told apart by their order ("Orc (first)", "Orc (second)")."""
    seen: dict[str, int] = {}
    for label in labels:
        seen[label.casefold()] = seen.get(label.casefold(), 0) + 1
    at: dict[str, int] = {}
    out = []
    for label in labels:
        key = label.casefold()
        if seen[key] > 1:
            i = at.get(key, 0)
            at[key] = i + 1
            word = ORDINALS[i] if i < len(ORDINALS) else f"number {i + 1}"
            label = f"{label[: -len(MORE)]} ({word}){MORE}" if label.endswith(MORE) else f"{label} ({word})"
        out.append(label)
    return out


RAW = re.compile(r"#|\[|\{|\b[a-z]+(?:_[a-z0-9]+)+\b|\b(option|ability) \d+\b")


def clean(text: str) -> bool:
    """Whether a sentence reads as words (no ids, no JSON, no engine names)."""
    return not RAW.search(text)


def value(v: Any) -> str:
    """A command's value in words: names by their print names, numbers as they are."""
    if isinstance(v, str):
        return ", ".join(name(x) for x in v.split(",")) if v else "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return ", ".join(value(x) for x in v)
    return str(v)


def command(cmd: dict) -> str:
    """A command as its kind and values ("Use your tactic: The Right Moment")."""
    kind = str(cmd.get("kind", "?"))
    head = KIND_LABELS.get(kind) or sentence(humane(kind))
    rest = ", ".join(value(v) for k, v in cmd.items() if k != "kind")
    return f"{head}: {rest}" if rest else head
