"""Epochs' log in words (see engine.narration): jumps, challenges, the three battle lines with
their totals and the dice, medals and the final count, from the seen (redacted) event only."""

from __future__ import annotations

from typing import Any

from engine import narration
from engine.games.epochs.zone_names import ZONE_NAMES
from engine.narration import card, cards, plural, seat_name


def zone(z: str) -> str:
    return narration.zone_phrase(ZONE_NAMES, z)


def _side(d: dict[str, Any], side: str) -> str:
    s = d.get(side) or {}
    units = [u.get("card") for u in s.get("units") or [] if u.get("card")]
    die = f", die {s['die']}" if s.get("die") not in (None, "") else ""
    return f"{side} {s.get('total', '?')}" + (f" ({cards(units)}{die})" if units else die)


def _line(e: narration.Seen) -> str:
    d = e.data
    return f"The {d.get('line', '?')} line: {_side(d, 'attacker')} against {_side(d, 'defender')}."


def _declared(e: narration.Seen) -> str:
    d = e.data
    who = seat_name(d.get("attacker", e.actor))
    if d.get("kind") == "epoch" or d.get("epoch"):
        return f"{who} attacks the {d.get('epoch', '?')} epoch."
    return f"{who} attacks {seat_name(d.get('defender'))}."


def _decided(e: narration.Seen) -> str:
    d = e.data
    sv = d.get("survivors") or {}
    alive = ", ".join(f"{k} {v}" for k, v in sv.items())
    why = f"; {d['reason']}" if d.get("reason") else ""
    return f"The {d.get('winner', '?')} wins the battle (surviving units: {alive}{why})."


def _dice(e: narration.Seen) -> str:
    d = e.data
    parts = [
        f"{side} rolls {(d.get(side) or {}).get('face', '?')}"
        for side in ("attacker", "defender")
        if side in d
    ]
    return "Battle dice: " + narration.and_list(parts) + "."


def _score(e: narration.Seen) -> str:
    d = e.data
    return (
        f"{seat_name(d.get('seat'))} scores {d.get('total', '?')}: relics {d.get('relics', 0)}, "
        f"medals {d.get('medals', 0)}, honour {d.get('honour', 0)}."
    )


OWN: dict[str, Any] = {
    "seat.placed": "{seat} places the Sabaton at {sabaton}.",
    "cmd.jump": "{who} jumps to the {epoch} epoch.",
    "sabaton.jumped": "{seat}'s Sabaton is now in {epoch}.",
    "phase2.passed": lambda e: f"{seat_name(e.data.get('seat'))} is done for this phase.",
    "turn.started": "Round {round}: {seat} to play.",
    "cmd.fight_epoch": "{who} chooses to fight the epoch.",
    "combat.declared": _declared,
    "cmd.target": "{who} targets space {space}.",
    "elite.targeted": lambda e: (
        f"{card(e.data.get('card', '?'))}{' (a hero)' if e.data.get('hero') else ''} "
        f"defends space {e.data.get('space', '?')} of {e.data.get('epoch', '?')}."
    ),
    "deployment.opened": "{seat} deploys units.",
    "cmd.deploy": "{who} deploys {card}.",
    "cmd.deploy_virtual": "{who} deploys a virtual unit.",
    "cmd.marker": "{who} puts a war marker ({marker}) on {unit}.",
    "marker.assigned": lambda e: (
        f"{seat_name(e.data.get('seat'))}'s {card(e.data.get('unit', '?'))} gets the "
        f"{card(e.data.get('marker', '?'))} marker."
    ),
    "dice.assigned": _dice,
    "line.resolved": _line,
    "damage.dealt": lambda e: (
        f"{card(e.data.get('target', '?'))} ({e.data.get('side', '?')}) takes "
        f"{plural(e.data.get('n', '?'), 'hit')} in the {e.data.get('line', '?')} line."
    ),
    "unit.defeated": lambda e: (
        f"{card(e.data.get('card', '?'))} ({e.data.get('side', '?')}) falls in the "
        f"{e.data.get('line', '?')} line."
    ),
    "damage.lost": lambda e: (
        f"{plural(e.data.get('n', '?'), 'hit')} against the {e.data.get('side', '?')} in the "
        f"{e.data.get('line', '?')} line find no unit ({e.data.get('overflow', '?')})."
    ),
    "honour.gained": "{seat} gains {n} honour.",
    "combat.decided": _decided,
    "combat.cleared": lambda e: "The battle is cleared away.",
    "step.opened": "{seat}: {step} step.",
    "cmd.recruit": "{who} recruits.",
    "relics.barred": lambda e: (
        f"{seat_name(e.data.get('seat'))} takes no relic (the virtual unit "
        f"{card(e.data.get('virtual', '?'))} fought)."
    ),
    "cmd.skip_relics": "{who} skips the relics.",
    "cmd.draw_relics": "{who} draws relics.",
    "cmd.keep_relic": "{who} keeps the {relic} relic.",
    "cmd.challenge": "{who} challenges {seat}.",
    "medals.eligible": lambda e: (
        f"{seat_name(e.data.get('winner'))} may take {plural(e.data.get('n', '?'), 'medal')} "
        f"from {seat_name(e.data.get('loser'))}."
    ),
    "cmd.keep_medal": lambda e: (
        f"{e.who()} keeps medal {e.data['index'] + 1} of the pick."
        if isinstance(e.data.get("index"), int)
        else f"{e.who()} keeps a medal."
    ),
    "score.counted": _score,
}


def describe(table: Any, ev: Any) -> str:
    return narration.describe(table, ev, OWN, zone)
