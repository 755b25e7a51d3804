"""The pieces every Mage Knight question is made of: leaves labelled with the game's sentence,
one command per choice, and options told apart where two would read alike."""

from __future__ import annotations

import msgspec

from engine import choices
from engine.choices import Node
from engine.games.mage_knight.choices import words as say
from engine.narration import command_label

_canon = msgspec.json.Encoder(order="sorted")


def leaf(rs, table, seat: int, cmd: dict, words: bool, label: str | None = None) -> Node:
    """A complete command, labelled with the game's sentence for it (or `label`)."""
    if not words:
        return choices.leaf("", cmd)
    return choices.leaf(label or command_words(rs, table, seat, cmd), cmd, rs.preview(table, seat, cmd))


def command_words(rs, table, seat: int, cmd: dict) -> str:
    """The game's sentence for the command; where it fails or names ids, the command's kind
    and values in this package's words."""
    try:
        said = command_label(rs, table, seat, cmd)
    except Exception:  # a label is a courtesy: never a failed question
        said = ""
    return said if said and say.clean(said) else say.command(cmd)


def unique(rs, table, seat: int, cmds: list[dict]) -> list[dict]:
    """One command per choice (`same_choice`), the first listed kept."""
    if len(cmds) < 2:
        return cmds
    seen: set[bytes] = set()
    out = []
    for c in cmds:
        k = _canon.encode(rs.same_choice(table, seat, c))
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def one_choice(rs, table, seat: int, cmds: list[dict]) -> bool:
    """Whether the commands are all one choice (`same_choice`): `unique` down to one, told
    without keying past the first that differs (nor a lone one)."""
    if len(cmds) < 2:
        return True
    head = rs.same_choice(table, seat, cmds[0])
    rest = []
    for c in cmds[1:]:
        same = rs.same_choice(table, seat, c)
        if same != head:  # (commands are JSON values: unequal ones never encode alike)
            return False
        rest.append(same)
    first = _canon.encode(head)  # equal ones may still differ in JSON (1 and True)
    return all(_canon.encode(c) == first for c in rest)


def apart_nodes(opts: list[Node], words: bool = True) -> list[Node]:
    """Options whose labels would read alike told apart (a bot's walk has no labels)."""
    if not words:
        return opts
    labels = say.apart([o.label for o in opts])
    return [
        o if o.label == x else msgspec.structs.replace(o, label=x) for o, x in zip(opts, labels, strict=True)
    ]
