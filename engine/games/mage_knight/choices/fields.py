"""A question per field in which the remaining commands differ (the default tree's way, with
Mage Knight's words for each value: print names, payments, spaces), a comma-joined value with
too many values split by its first item."""

from __future__ import annotations

from typing import Any

import msgspec

from engine import choices
from engine.choices import MORE, BadPath, Question
from engine.games.mage_knight.choices import words as say
from engine.games.mage_knight.choices.nodes import apart_nodes, command_words, leaf, one_choice
from engine.narration import humane

_canon = msgspec.json.Encoder(order="sorted")
LIMIT = 25  # options a question may offer (tests/choice_checks.py)
QUESTIONS = {
    "pay": "Pay with which mana?",
    "target": "Which enemy?",
    "blocked": "Which enemy do you block?",
    "dice": "Which dice?",
    "boost": "Which card do you boost?",
    "boost_option": "Boosted how?",
    "space": "Which space?",
    "gain": "Which card do you take?",
    "mana": "Which mana?",
    "unit": "Which unit?",
    "to": "Where to?",
    "at": "Where?",
    "card": "Which card?",
    "skill": "Which skill?",
    "tactic": "Which tactic?",
}


def question(rs, table, seat: int, path, cmds: list[dict], words: bool, rule, chosen=("kind",)) -> Question:
    """The next field in which the plays on `path` differ, one option per value (split by its
    first item where a comma-joined value has too many)."""
    field = _first_difference(cmds, chosen)
    groups: dict[bytes, tuple[Any, list[dict]]] = {}
    for c in cmds:
        v = c.get(field)
        groups.setdefault(_canon.encode(v), (v, []))[1].append(c)
    first = len(groups) > LIMIT and all(isinstance(v, str) and "," in v for v, _ in groups.values())
    if first:  # e.g. ordered pairs of dice: the first one, then the rest
        split: dict[str, list[dict]] = {}
        for v, members in groups.values():
            split.setdefault(v.split(",")[0], []).extend(members)
        opts = [
            leaf(rs, table, seat, members[0], words)  # the rest is one choice: the play itself
            if one_choice(rs, table, seat, members)
            else choices.lazy(
                value_words(table, field, item) + MORE if words else "", [*path, ["first", field, item]]
            )
            for item, members in split.items()
        ]
        return Question(
            table.version,
            seat,
            QUESTIONS.get(field, "Which one?") + " (the first)",
            rule,
            apart_nodes(opts, words),
        )
    opts = []
    sentences = (
        {id(m[0]): command_words(rs, table, seat, m[0]) for _, m in groups.values() if len(m) == 1}
        if words
        else {}
    )
    counts: dict[str, int] = {}
    for s in sentences.values():
        counts[s.casefold()] = counts.get(s.casefold(), 0) + 1
    for v, members in groups.values():
        label = value_words(table, field, v) if words else ""
        if len(members) == 1:
            said = sentences.get(id(members[0]), "")
            if said and counts[said.casefold()] == 1 and say.clean(said):
                label = said
            opts.append(leaf(rs, table, seat, members[0], words, label))
        else:
            opts.append(choices.lazy(label + MORE if words else "", [*path, [field, v]]))
    return Question(
        table.version, seat, QUESTIONS.get(field, f"Which {humane(field)}?"), rule, apart_nodes(opts, words)
    )


def _first_difference(cmds: list[dict], chosen) -> str:
    fields: dict[str, None] = {}
    for c in cmds:
        fields.update(dict.fromkeys(c))
    for f in fields:
        if f in chosen:
            continue
        head = cmds[0].get(f)
        if type(head) is str and all(c.get(f) == head for c in cmds[1:]):
            continue  # (a text equal to it is the only value that encodes alike)
        first = _canon.encode(head)
        if any(_canon.encode(c.get(f)) != first for c in cmds[1:]):
            return f
    raise BadPath("names plays that do not differ")


def on_path(cmd: dict, steps: list[Any]) -> bool:
    """Whether a command lies on `steps`: `[field, value]`, or `["first", field,
    item]` for a comma-joined value's first item."""
    for s in steps:
        if not isinstance(s, list) or len(s) not in (2, 3):
            return False
        if len(s) == 3:
            v = cmd.get(s[1])
            if s[0] != "first" or not isinstance(v, str) or v.split(",")[0] != s[2]:
                return False
        elif not _same_value(cmd.get(s[0]), s[1]):
            return False
    return True


def _same_value(a: Any, b: Any) -> bool:
    """Two JSON values alike (as their canonical encodings compare); texts compared directly."""
    if type(a) is str and type(b) is str:
        return a == b
    return _canon.encode(a) == _canon.encode(b)


def value_words(table, field: str, v: Any) -> str:
    if field == "pay":
        said = say.pay(table, v)
        return f"Pay with {said}" if said else "Pay nothing"
    if v is None:
        return f"No {humane(field)}"
    if field in ("target", "blocked", "gain", "boost", "unit"):
        verb = {"target": "Aim at", "blocked": "Block", "gain": "Take", "boost": "Boost", "unit": "With"}[
            field
        ]
        return f"{verb} {say.name(v)}"
    if field == "tactic" and isinstance(v, str):  # as the tactic's leaves say it
        return f"Take the tactic {say.name(v)}"
    if field in ("dice",):
        faces = [
            table.game.source[int(i)]
            for i in str(v).split(",")
            if i.isdigit() and int(i) < len(table.game.source)
        ]
        return "The " + " die, then the ".join(faces) + " die" if faces else f"Dice {v}"
    if field == "space":
        return f"The space ({str(v).replace(',', ', ')})"
    if field == "mana":
        return say.sentence(", ".join(str(v).split(",")) + " mana")
    if field == "boost_option":
        return f"The {say.ORDINALS[v] if isinstance(v, int) and v < 8 else v} way"
    return say.sentence(f"{humane(field)} {say.name(v) if isinstance(v, str) else v}")
