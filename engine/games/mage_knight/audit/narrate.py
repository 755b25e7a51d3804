"""Mage Knight's log in words (see engine.narration): turns, moves with their cost, cards
played with their effect, combats with their enemies, blocks and damage with the numbers the
rule compared, fame and levels. Made from the seen event, so a hidden hand stays hidden."""

from __future__ import annotations

from typing import Any

from engine import narration
from engine.games.mage_knight.combat import words as combat_words
from engine.games.mage_knight.words import commands, names
from engine.games.mage_knight.zone_names import ZONE_NAMES
from engine.narration import and_list, card, plural, seat_name


def zone(z: str) -> str:
    return narration.zone_phrase(ZONE_NAMES, z)


def hexes(s: Any) -> str:
    """A map space "3,-3" as the hex (3, -3)."""
    return f"hex ({str(s).replace(',', ', ')})" if s is not None else "?"


def words(x: Any) -> str:
    return narration.humane(card(x)) if isinstance(x, str) else str(x)


def enemies(xs: Any) -> str:
    """Enemy tokens by their print names ("green_cursed_hags#2" -> "Cursed Hags")."""
    return and_list([names.enemy(x) for x in xs or ()])


# The core's sentences name cards by their ids: the Mage Knight events they word carry ids of
# cards, enemies, tiles and tactics, given to the core as print names instead.
_CORE_IDS = {"zone.moved": "cards", "zone.created": "cards", "zone.added": "cards", "chance.picked": "picked"}


def _named(ev: Any) -> Any:
    seen = narration.Seen(ev)
    key = _CORE_IDS.get(seen.type)
    ids = seen.data.get(key) if key else None
    if key is None or not isinstance(ids, list):
        return ev
    out: dict[str, Any] = {"version": seen.version, "type": seen.type, "actor": seen.actor, "rule": seen.rule}
    data: dict[str, Any] = {**seen.data, key: [names.thing(x) if isinstance(x, str) else x for x in ids]}
    return {**out, "redacted": seen.redacted, "data": data}


def _turn_effect(e: narration.Seen) -> str:
    v = e.data.get("value")
    said = (
        "is cleared"
        if v is None
        else "holds this turn"
        if v is True
        else "ends"
        if v is False
        else f"is now {words(v)}"
    )
    return f"{seat_name(e.data.get('seat'))}: {narration.humane(str(e.data.get('key', '?')))} {said}."


def _signed(e: narration.Seen, what: str) -> str:
    d = e.data
    total = f" (now {d['total']})" if d.get("total") is not None else ""
    return f"{seat_name(d.get('seat'))} {'gains' if d.get('delta', 0) >= 0 else 'loses'} {abs(d.get('delta', 0))} {what}{total}."


def _combat_started(e: narration.Seen) -> str:
    d = e.data
    foes = [x.get("uid", "?") for x in (d.get("combat") or {}).get("enemies") or []]
    return (
        f"{seat_name(d.get('seat'))} enters a {narration.humane(str(d.get('kind', '')))} combat at {hexes(d.get('space'))}"
        + (f" against {enemies(foes)}" if foes else "")
        + "."
    )


def _outcome(e: narration.Seen) -> str:
    o = e.data.get("outcome") or {}
    who = f"{seat_name(e.data['seat'])}'s combat" if isinstance(e.data.get("seat"), int) else "The combat"
    beaten = enemies(o.get("defeated") or []) if o.get("defeated") else "no enemy"
    left = f"; {enemies(o['undefeated'])} undefeated" if o.get("undefeated") else ""
    wounds = int(o.get("wounds_to_hand", 0) or 0) + int(o.get("wounds_to_discard", 0) or 0)
    return f"{who} ends: {beaten} defeated{left}, fame {o.get('fame', 0)}, {plural(wounds, 'wound')}."


def _blocked(e: narration.Seen) -> str:
    d = e.data
    verdict = "blocked" if d.get("success") else "not blocked"
    return f"Block against {names.enemy(d.get('enemy', '?'))}: {d.get('total', '?')} against {d.get('need', '?')} needed — {verdict}."


def _damage(e: narration.Seen) -> str:
    d = e.data
    to = "the hero" if d.get("to") == "hero" else names.unit(d.get("to", "?"))
    wounds = int(d.get("wounds_to_hand", 0) or 0) + int(d.get("wounds_to_discard", 0) or 0)
    return (
        f"{names.enemy(d.get('enemy', '?'))} deals {d.get('damage', '?')} {d.get('element', '')} damage to {to}: "
        f"{plural(wounds, 'wound')}."
    ).replace("  ", " ")


def _played(e: narration.Seen) -> str:
    d = e.data
    effect = f": {d['effect']}" if d.get("effect") else ""
    mode = f" ({d['mode']})" if d.get("mode") else ""
    return f"{seat_name(d.get('seat'))} plays {names.card(d.get('card', '?'))}{mode}{effect}."


OWN: dict[str, Any] = {
    "mk.setup": lambda e: (
        f"Mage Knight set-up: {narration.humane(str(e.data.get('scenario', '?')))}, "
        f"{e.data.get('rounds', '?')} rounds, heroes {and_list([names.hero(h) for h in e.data.get('heroes') or []])}."
    ),
    "mk.round": lambda e: (
        f"Round {e.data.get('round', '?')} begins ({'night' if e.data.get('night') else 'day'})."
    ),
    "mk.turn": lambda e: (
        f"{seat_name(e.data.get('seat'))}'s turn"
        + (f", entering at {hexes(e.data['enter'])}" if e.data.get("enter") else "")
        + "."
    ),
    "mk.turn_done": "{seat}'s turn ends.",
    "mk.asks": lambda e: (
        f"{seat_name(e.data['asks'][0]['seat'])} is asked: {narration.humane(e.data['asks'][0]['do'])}."
        if e.data.get("asks")
        else "No choice is open."
    ),
    "mk.moved": lambda e: (
        f"{seat_name(e.data.get('seat'))} moves to {hexes(e.data.get('to'))} for {e.data.get('cost', '?')} move points."
    ),
    "mk.explored": lambda e: f"{seat_name(e.data.get('seat'))} explores at {hexes(e.data.get('at'))}.",
    "mk.played": _played,
    "mk.points": lambda e: (
        f"{seat_name(e.data.get('seat'))} {narration.signed(e.data.get('delta', '?'), narration.humane(str(e.data.get('kind', ''))) + ' point')}."
    ),
    "mk.fame": lambda e: _signed(e, "fame"),
    "mk.reputation": lambda e: _signed(e, "reputation"),
    "mk.crystal": lambda e: _signed(e, f"{e.data.get('colour', '')} crystal"),
    "mk.token": lambda e: _signed(e, f"{e.data.get('colour', '')} mana token"),
    "mk.combat_started": _combat_started,
    "mk.combat.blocked": _blocked,
    "mk.combat.damage": _damage,
    "mk.combat.ended": _outcome,
    "mk.combat_over": _outcome,
    "mk.combat.phase": "Combat: the {phase} phase.",
    "mk.combat_points": "{seat} adds {value} {element} {kind} from {source}.",
    "mk.combat_spaces": lambda e: f"Combat at {and_list([hexes(s) for s in e.data.get('spaces') or []])}.",
    "mk.enemies": lambda e: (
        f"Enemies at {hexes(e.data.get('space'))}: {enemies(e.data.get('tokens') or [])}."
    ),
    "mk.level": "{seat} reaches level {level} (armour {armour}, hand limit {hand_limit}).",
    "mk.level_chosen": lambda e: (
        f"{seat_name(e.data.get('seat'))} chooses {names.skill(e.data.get('skill', '?'))} and "
        f"{names.card(e.data.get('card', '?'))} at level {e.data.get('level', '?')}."
    ),
    "mk.skill": lambda e: (
        f"{seat_name(e.data.get('seat'))} gains the skill {names.skill(e.data.get('skill', '?'))}."
    ),
    "mk.tactic": lambda e: (
        f"{seat_name(e.data.get('seat'))} takes the tactic {names.tactic(e.data.get('tactic', '?'))}."
    ),
    "mk.tactics": lambda e: f"Tactics open: {and_list([names.tactic(x) for x in e.data.get('open') or []])}.",
    "mk.rested": lambda e: (
        f"{seat_name(e.data.get('seat'))} rests ({e.data.get('kind', '')}), discarding {names.cards(e.data.get('discarded') or [])}."
    ),
    "mk.score": lambda e: (
        f"{seat_name(e.data.get('seat'))} scores {e.data.get('total', '?')}: "
        f"{and_list([str(x) for x in e.data.get('lines') or []])}."
    ),
    "mk.source": lambda e: f"The Source shows {and_list([str(f) for f in e.data.get('faces') or []])}.",
    "mk.die": lambda e: (
        f"{seat_name(e.data.get('seat'))} takes the {e.data.get('colour', '?')} die from the Source."
    ),
    "mk.die_rerolled": lambda e: f"A Source die is rerolled: {e.data.get('face', '?')}.",
    "mk.tile": lambda e: (
        f"Map tile {words(e.data.get('tile', '?'))} is laid at {hexes(','.join(str(x) for x in e.data.get('centre') or []))}"
        + (f" by {seat_name(e.data['seat'])}" if isinstance(e.data.get("seat"), int) else "")
        + "."
    ),
    "mk.turn_effect": lambda e: _turn_effect(e),
    "mk.order": lambda e: f"Turn order: {narration.seats(e.data.get('order') or [])}.",
    "mk.announced": "{seat} announces the end of the round.",
    "mk.acted": lambda e: (
        f"{seat_name(e.data.get('seat'))} has acted ({narration.humane(str(e.data.get('action', '')))})."
    ),
    "mk.monastery": lambda e: f"A monastery stands at {hexes(e.data.get('space'))}.",
    "mk.phase": lambda e: f"The game moves to the {narration.humane(str(e.data.get('phase', '?')))} phase.",
}


def _heroed(table: Any) -> dict[str, Any]:
    """The sentences that name a seat by its hero ("Seat 2 (Tovak)'s turn."), as DragonLords
    names its armies: the turn, the tactic taken, the score, the heroes drawn."""
    who = lambda e: names.seat_hero(table, e.data.get("seat"))  # noqa: E731
    return {
        "mk.turn": lambda e: (
            f"{who(e)}'s turn"
            + (f", entering at {hexes(e.data['enter'])}" if e.data.get("enter") else "")
            + "."
        ),
        "mk.turn_done": lambda e: f"{who(e)}'s turn ends.",
        "mk.tactic": lambda e: f"{who(e)} takes the tactic {names.tactic(e.data.get('tactic', '?'))}.",
        "mk.score": lambda e: (
            f"{who(e)} scores {e.data.get('total', '?')}: {and_list([str(x) for x in e.data.get('lines') or []])}."
        ),
        "mk.setup": lambda e: (
            f"Mage Knight set-up: {narration.humane(str(e.data.get('scenario', '?')))}, "
            f"{e.data.get('rounds', '?')} rounds; "
            + and_list(
                [f"{seat_name(s)} plays {names.hero(h)}" for s, h in enumerate(e.data.get("heroes") or [])]
            )
            + "."
        ),
    }


def describe(table: Any, ev: Any) -> str:
    """A decision in the words of words.commands (a combat decision: combat.words), any other
    event by OWN (a seat named with its hero where the table knows it)."""
    said = commands.sentence(table, narration.Seen(ev)) or combat_words.describe(table, ev)
    if said:
        return said
    seen = narration.Seen(ev)
    if (
        seen.type == "chance.picked"
        and str(seen.data.get("stream", "")).endswith("heroes")
        and "picked" in seen.data
    ):
        return f"Drawn at random for the heroes: {and_list([names.hero(h) for h in seen.data['picked']])}."
    own = _heroed(table)
    return narration.describe(table, _named(ev), {**OWN, **own} if seen.type in own else OWN, zone)
