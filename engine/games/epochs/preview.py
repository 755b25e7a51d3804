"""Words previews of Epochs' legal commands for front ends (`Ruleset.preview`): a unit's line
values before it is deployed or targeted, a war marker's bonus on the unit it would join, who
stands in an epoch before a jump, a relic's or medal's points. Only reads the table; values
come from the content pack the rules use."""

from __future__ import annotations

from typing import Any

from engine.games.epochs.content import PACK
from engine.games.epochs.rules import attack_units
from engine.games.epochs.state import DEFENCE, epoch_zone, seat_zone
from engine.mechanics.zones import card_name
from engine.narration import and_list, plural, seat_name

LINES = ("ranged", "normal", "melee")


def values(name: str) -> str:
    """ "ranged 2, normal 1, melee –, 2 hp" (– where the card prints no value)."""
    u = PACK.units.get(name)
    if u is None:
        return ""
    lines = ", ".join(f"{line} {'–' if getattr(u, line) is None else getattr(u, line)}" for line in LINES)
    return f"{lines}, {u.hp} hp" + (" (a hero)" if u.hero else "")


def elites(table, epoch: str) -> str:
    names = [
        card_name(z.cards[0])
        for i in range(1, PACK.setup.spaces_per_epoch + 1)
        if (z := table.zones.get(epoch_zone(epoch, f"space{i}"))) and z.cards
    ]
    return and_list(names) if names else "none"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def which_unit(table, unit: str) -> str:
    """A unit as a player points at it: "Recruit", or "the second Recruit" (counted in board
    order) where its side holds several of that name."""
    defending = unit in table.zone(DEFENCE)
    board = list(table.zone(DEFENCE)) if defending else attack_units(table)
    name = card_name(unit)
    alike = [u for u in board if card_name(u) == name]
    if len(alike) < 2 or unit not in alike:
        return name
    i = alike.index(unit)
    nth = ORDINALS[i] if i < len(ORDINALS) else f"{i + 1}th"
    return f"the {nth} {'defending' if defending else 'attacking'} {name}"


def preview(table, seat: int, cmd: dict[str, Any]) -> str | None:
    kind, game = cmd.get("kind"), table.game
    c = game.combat
    if kind == "deploy" and isinstance(cmd.get("card"), str):
        text = values(cmd["card"])
        return f"deploy {cmd['card']}: {text}" if text else None
    if kind == "target" and c is not None and isinstance(cmd.get("space"), int):
        cards = table.zones.get(epoch_zone(c.epoch, f"space{cmd['space']}"))
        if cards is None or not cards.cards:
            return None
        name = card_name(cards.cards[0])
        return f"take {name} from space {cmd['space']} as a defender: {values(name)} (EP-X-TARGETS)"
    if kind == "marker" and c is not None and isinstance(cmd.get("unit"), str):
        m = PACK.markers.get(str(cmd.get("marker")))
        unit = cmd["unit"]
        if m is None:
            return None
        bonus = ", ".join(f"{line} +{getattr(m, line)}" for line in LINES if getattr(m, line))
        return f"{m.name} on {which_unit(table, unit)}: {bonus or 'no line bonus'}"
    if kind == "fight_epoch" and game.sabatons and game.sabatons[seat]:
        return (
            f"fight {game.sabatons[seat]}: face-up elites {elites(table, game.sabatons[seat])} (EP-X-PHASE2)"
        )
    if kind == "jump" and isinstance(cmd.get("epoch"), str):
        there = [seat_name(s) for s, e in enumerate(game.sabatons) if e == cmd["epoch"] and s != seat]
        return (
            f"{cmd['epoch']}: face-up elites {elites(table, cmd['epoch'])}; "
            f"other Sabatons there: {and_list(there) if there else 'none'}"
        )
    if kind == "keep_relic" and cmd.get("relic") in PACK.relics:
        return f"keep {cmd['relic']}: {plural(PACK.relics[cmd['relic']].points, 'point')}"
    if kind == "keep_medal" and isinstance(cmd.get("index"), int):
        pick = table.zone(seat_zone(seat, "medal_pick"))  # the seat's own pick: no secret to it
        if 0 <= cmd["index"] < len(pick):
            name = card_name(pick[cmd["index"]])
            return (
                f"keep the {name} medal: {plural(PACK.medals[name].points, 'point')}"
                if name in PACK.medals
                else None
            )
    if kind == "challenge" and isinstance(cmd.get("seat"), int):
        hand = table.zones.get(seat_zone(cmd["seat"], "hand"))
        n = len(hand.cards) if hand else 0
        return f"attack {seat_name(cmd['seat'])}, who holds {n} cards in hand (EP-2B-TARGET)"
    return None
