"""Playing a card, one question at a time: "Which card?" (copies of a card are one option),
"Basic, powered or sideways?" with what each does, then what the play must name (the mana
paid, the enemy aimed at, the dice set, ...), each field a question of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine import choices
from engine.choices import MORE, BadPath, Node, Question
from engine.games.mage_knight import legal, state
from engine.games.mage_knight.cards.resolving import seat_resolutions
from engine.games.mage_knight.choices import fields
from engine.games.mage_knight.choices import words as say
from engine.games.mage_knight.choices.nodes import apart_nodes, leaf, one_choice, unique
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import payment
from engine.games.mage_knight.scenarios.variants import on as variant_on
from engine.mechanics.per_state import per_state
from engine.mechanics.zones import card_name

_canon = msgspec.json.Encoder(order="sorted")
CHOSEN = ("kind", "card", "mode", "option")  # fields the first steps choose


def question(rs, table, seat: int, path: list[Any], words: bool, rule) -> Question:
    keep, sideways_kept = _filters(table, seat)
    if len(path) == 1:
        return _which_card(rs, table, seat, keep, sideways_kept, words, rule)
    step = path[1]
    if not (isinstance(step, list) and len(step) == 2 and step[0] == "card"):
        raise BadPath("is not a path of this game's questions")
    name = step[1]
    if name not in {card_name(c) for c in table.zone(state.hand(seat))}:
        raise BadPath(f"names a card not in the hand now: {name!r}")
    cmds = [c for c in keep(plays_of(table, seat, name)) if fields.on_path(c, path[2:])]
    if not cmds:
        raise BadPath("names no legal play now: ask for the choices again")
    if len(path) == 2:  # (each way's plays made one choice there: no need to key them all)
        return _which_way(rs, table, seat, path, name, cmds, words, rule)
    return fields.question(rs, table, seat, path, unique(rs, table, seat, cmds), words, rule, CHOSEN)


@per_state
def _filters(table, seat: int) -> tuple[Callable[[list[dict]], list[dict]], bool]:
    """The turn's filter of listed commands (legal.turn_filter), and whether it keeps every
    sideways play (Be Nice is the only filter that may take one), once per state."""
    return legal.turn_filter(table, seat)[0], not variant_on(table, "be_nice")


def plays_of(table, seat: int, name: str) -> list[dict]:
    """`legal.card_plays` (kept for the state: the way question and the questions below it
    are asked at one state, one after another, about one card)."""
    return legal.card_plays(table, seat, name)


def _which_card(rs, table, seat: int, keep, sideways_kept: bool, words: bool, rule) -> Question:
    opts = []
    for name in sorted({card_name(c) for c in table.zone(state.hand(seat))}):
        if sideways_kept and legal.sideways_ways(table, seat, name) > 1:  # several ways: a step
            opts.append(_card_step(name, words))  # (its plays listed only when it is opened)
            continue
        cmds = keep(plays_of(table, seat, name)) if legal.may_have_plays(table, seat, name) else []
        if len({(c["mode"], c["option"]) for c in cmds}) == 1:
            cmds = unique(rs, table, seat, cmds)
        if len(cmds) == 1:
            c = cmds[0]
            opts.append(
                leaf(
                    rs,
                    table,
                    seat,
                    c,
                    words,
                    f"Play {say.name(name)}, {_way(table, seat, c)}" if words else None,
                )
            )
        elif cmds:
            opts.append(_card_step(name, words))
    if not opts:
        raise BadPath("names no card to play now: ask for the choices again")
    return Question(table.version, seat, "Which card?", rule, opts)


def _card_step(name: str, words: bool) -> Node:
    return choices.lazy(f"Play {say.name(name)}{MORE}" if words else "", [["kind", "play"], ["card", name]])


def _which_way(rs, table, seat: int, path, name: str, cmds: list[dict], words: bool, rule) -> Question:
    ways: dict[tuple[str, int], list[dict]] = {}
    for c in cmds:
        ways.setdefault((c["mode"], c["option"]), []).append(c)
    opts = []
    for (mode, option), members in ways.items():
        label = _way(table, seat, members[0]) if words else ""
        if one_choice(rs, table, seat, members):  # the first listed, as `unique` keeps it
            opts.append(leaf(rs, table, seat, members[0], words, label))
        else:
            opts.append(
                choices.lazy(label + MORE if words else "", [*path, ["mode", mode], ["option", option]])
            )
    return Question(table.version, seat, "Basic, powered or sideways?", rule, apart_nodes(opts, words))


def _way(table, seat: int, cmd: dict) -> str:
    """ "Basic: move 2", "Powered (green mana): move 4", "Sideways: attack 1"."""
    name, mode = cmd["card"], cmd["mode"]
    try:
        atoms = seat_resolutions(table, seat, name, mode)[cmd["option"]]
        does = say.effect(atoms)
    except (IndexError, KeyError):
        does = ""
    head = mode.capitalize()
    card = content().cards.get(name)
    if mode == "powered" and card is not None:
        need = payment.needs(card, mode, True) or []
        colours = " and ".join(" or ".join(c for c in want) for want in need)
        head = f"Powered ({colours} mana)" if colours else "Powered"
    return f"{head}: {does}" if does else head
