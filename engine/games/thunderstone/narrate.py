"""Thunderstone's log in words: one sentence per event as the seat who sees it reads it.

Built on `engine.narration` from the seen (redacted) event only; card names are the content
names the cards carry ("Miliz", "Dolch"), seats are counted from 1, dungeon positions are ranks.
"""

from __future__ import annotations

from typing import Any

from engine import narration
from engine.games.thunderstone import content
from engine.games.thunderstone.texts import effect
from engine.games.thunderstone.zone_names import ZONE_NAMES
from engine.narration import Seen, card, plural, seat_name


def zone(z: str) -> str:
    return narration.zone_phrase(ZONE_NAMES, z)


ACTIONS = {
    "village": "visits the village",
    "dungeon": "enters the dungeon",
    "rest": "rests",
    "prepare": "prepares",
}


def _battle(e: Seen) -> str:
    d = e.data
    light = ""
    if d.get("light_penalty"):
        light = f", light penalty {d['light_penalty']} (−{d.get('deduction', 0)})"
    head = (
        f"{e.who()} battles {card(d.get('target', '?'))} at rank {d.get('position', '?')}: "
        f"attack {d.get('attack', 0)} + magic {d.get('magic', 0)}{light}, total "
        f"{d.get('total', '?')} against health {d.get('health', '?')}"
    )
    return head + (" — victory." if d.get("win") or d.get("won") else " — the monster survives.")


def _pending(e: Seen) -> str:
    parts = []
    for x in e.data.get("entries") or []:
        src = x.get("source") or x.get("card")
        parts.append(narration.humane(str(x.get("what", "effect"))) + (f" from {card(src)}" if src else ""))
    return f"Still to resolve: {narration.and_list(parts)}."


def _chose(e: Seen) -> str:
    d = e.data
    opt = d.get("option")
    pick = card(opt) if isinstance(opt, str) else f"the {nth(opt)} card"
    src = f" for {card(d['source'])}" if d.get("source") else ""
    return f"{e.who()} chooses {pick} ({narration.humane(str(d.get('what', 'choice')))}{src})."


def _bought(e: Seen) -> str:
    d = e.data
    left = f", {d['forfeited']} gold left unspent" if d.get("forfeited") else ""
    return (
        f"{e.who()} buys {card(d.get('card', '?'))} from the {d.get('stack', '?')} stack for "
        f"{d.get('price', '?')} gold (had {d.get('gold', '?')}{left})."
    )


def _stone(e: Seen) -> str:
    d = e.data
    s = card(d.get("stone", "the Thunderstone"))
    if isinstance(d.get("captured_by"), int):
        return f"{seat_name(d['captured_by'])} captures {s}."
    return f"{s} reaches the village" + (" while a guardian is out" if d.get("guardian_out") else "") + "."


def nth(i: Any) -> str:
    """Slot `i` (from 0) as players count it: "1st", "2nd"."""
    n = int(i) + 1 if isinstance(i, int) else 0
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def ability(cid: Any, i: Any) -> str:
    """What ability `i` of card `cid` does, in the card's own words ("one hero STRENGTH +1")."""
    try:
        a = content.card(str(cid)).abilities[int(i)]
    except (KeyError, IndexError, TypeError, ValueError):
        return "an ability"
    return effect(a.on, a.do, a.n, a.m, a.what)


def _use(e: Seen) -> str:
    d = e.data
    on = f" on {card(d['target'])}" if isinstance(d.get("target"), str) else ""
    into = f" from the {d['stack']} stack" if isinstance(d.get("stack"), str) else ""
    whom = f" against {seat_name(d['opponent'])}" if isinstance(d.get("opponent"), int) else ""
    guess = f", naming {d['guess']}" if isinstance(d.get("guess"), str) else ""
    said = ability(d.get("card"), d.get("ability", 0))
    return f"{e.who()} uses {card(d.get('card', '?'))} ({said}){on}{into}{whom}{guess}."


OWN: dict[str, Any] = {
    "ts.setup": lambda e: (
        f"Thunderstone set-up for {plural(e.data.get('players', '?'), 'player')} "
        f"({e.data.get('mode', 'random')} set-up"
        + (f", {e.data['variant']} variant" if e.data.get("variant") else "")
        + ")."
    ),
    "ts.scenario": "Scenario: {scenario}.",
    "ts.countdown": "The countdown stands at {left}.",
    "ts.turn": "Turn {turn}: {active} to play.",
    "cmd.action": lambda e: (
        f"{e.who()} {ACTIONS.get(e.data.get('action'), narration.humane(str(e.data.get('action'))))}."
    ),
    "ts.step": "{who} moves on to the {step} step.",
    "cmd.destroy": "{who} destroys a card.",
    "cmd.equip": "{who} equips {hero} with {weapon}.",
    "ts.equipped": "{hero} now carries {weapon}.",
    "cmd.attack": "{who} attacks {monster}.",
    "ts.target": "{who} fights {monster} at rank {position}.",
    "ts.pending": _pending,
    "cmd.choose": lambda e: (
        f"{e.who()} chooses {card(e.data['option'])}."
        if isinstance(e.data.get("option"), str)
        else f"{e.who()} chooses the {nth(e.data.get('option', 0))} card."
    ),
    "ts.chose": _chose,
    "ts.doomed": lambda e: narration.fill(
        "{card} is destroyed" + (" by {by}." if e.data.get("by") else "."), e
    ),
    "ts.battle": _battle,
    "ts.gap": lambda e: (
        f"Rank {e.data.get('position')} is left empty and the dungeon refills."
        if (e.data.get("position") or -1) > 0
        else "The dungeon hall stays as it is."
    ),
    "ts.gold": lambda e: f"{e.who()} has {e.data.get('total', 0)} gold to spend.",
    "cmd.buy": "{who} buys from the {stack} stack.",
    "ts.bought": _bought,
    "ts.angry": "{monster} grows angry.",
    "cmd.use": _use,
    "ts.used": "{card} takes effect ({do}).",
    "ts.reduced": "{disease} lowers {to}.",
    "ts.banned": "{hero} is banished by {by}.",
    "ts.xp": lambda e: (
        f"{seat_name(e.data.get('seat'))} {'gains' if e.data.get('delta', 0) >= 0 else 'spends'} "
        f"{abs(e.data.get('delta', 0))} XP (now {e.data.get('total', '?')})."
    ),
    "cmd.level": lambda e: (
        f"{e.who()} levels up {card(e.data.get('card', '?'))}"
        + (f" into the {e.data['stack']} stack" if e.data.get("stack") else "")
        + "."
    ),
    "ts.leveled": lambda e: (
        f"{card(e.data.get('old', '?'))} becomes {card(e.data.get('new', '?'))} "
        f"for {e.data.get('xp', '?')} XP."
    ),
    "ts.guardian_in": "{guardian} enters the dungeon.",
    "ts.breach_queued": lambda e: f"{card(e.data.get('monster', '?'))} will break through to the village.",
    "ts.breach": lambda e: (
        f"{card(e.data.get('monster', '?'))} breaks through"
        + (
            f": {narration.and_list([narration.humane(x) for x in e.data.get('effects') or []])}"
            if e.data.get("effects")
            else ""
        )
        + "."
    ),
    "ts.stone": _stone,
    "ts.weakened": lambda e: (
        f"{card(e.data.get('by', '?'))} weakens the party: strength −{e.data.get('n', '?')}"
        + (f", attack −{e.data['attack']}" if e.data.get("attack") else "")
        + "."
    ),
}


def describe(table: Any, ev: Any) -> str:
    return narration.describe(table, ev, OWN, zone)
