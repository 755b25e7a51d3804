"""Rune Age's log in words (see engine.narration): rounds and turns, purchases with their
price, battles and sieges with both totals, casualties with the die, the event phase; a hidden
choice (a tribute, a kept card) is told without its card, from the seen (redacted) event."""

from __future__ import annotations

from typing import Any

from engine import narration
from engine.games.rune_age.zone_names import ZONE_NAMES
from engine.narration import card, cards, plural, seat_name


def zone(z: str) -> str:
    return narration.zone_phrase(ZONE_NAMES, z)


def target(x: Any) -> str:
    """A fight's target: a card by name, a home realm ("realm:1") as its seat's."""
    if isinstance(x, str) and "#" in x:
        return card(x)
    head, _, seat = str(x).partition(":")
    if head == "realm" and seat.isdigit():  # a siege's target is the home realm itself
        return f"{seat_name(int(seat))}'s home realm"
    return zone(str(x if x is not None else "?"))


def _combat(e: narration.Seen) -> str:
    c = e.data.get("combat") or {}
    who = seat_name(c.get("attacker", e.actor))
    kind = c.get("kind", "battle")
    target_ = target(c.get("target"))
    strength = f" (strength {c['target_strength']})" if c.get("target_strength") is not None else ""
    if kind == "defend":
        return f"{seat_name(c.get('attacker'))} defends against {target_}{strength}."
    if kind == "siege":
        held = (
            f" held by {seat_name(c['defender'])}" if "#" in str(c.get("target")) and "defender" in c else ""
        )
        return f"{who} lays siege to {target_}{held}."
    return f"{who} battles {target_}{strength}."


def _outcome(e: narration.Seen) -> str:
    d = e.data
    if "defender" in d:  # a siege (SGE-3): a tie goes to the defender
        won = "the attacker wins" if d.get("winner") == "attacker" else "the defender holds"
        return (
            f"Siege of {target(d.get('target'))}: the attacker (strength {d.get('attacker', '?')}) against "
            f"the defender (strength {d['defender']}) — {won}."
        )
    name = card(d.get("target_card", "the target"))
    won = "the army wins" if d.get("winner") in ("army", "attacker") else f"{name} holds"
    return f"Result: the army (strength {d.get('attacker', '?')}) against {name} (strength {d.get('target', '?')}) — {won}."


def _step(e: narration.Seen) -> str | None:
    s = e.data.get("set") or {}
    if "step" not in s:
        return None
    extra = f" ({plural(s['skulls'], 'skull')})" if "skulls" in s else ""
    by = f" for {seat_name(s['resolver'])}" if isinstance(s.get("resolver"), int) else ""
    return f"Combat: {narration.humane(str(s['step']))} step{by}{extra}."


def _event_step(e: narration.Seen) -> str | None:
    s = e.data.get("set") or {}
    if "step" in s:
        drawn = f": {card(s['card'])}" if s.get("card") else ""
        return f"Event phase: {narration.humane(str(s['step']))} step{drawn}."
    if "waiting" in s:
        return (
            f"Event phase: waiting for {narration.seats(s['waiting'])}."
            if s["waiting"]
            else "Event phase: nobody left to wait for."
        )
    return None


def _event_phase(e: narration.Seen) -> str:
    att = (e.data.get("ev") or {}).get("attackers") or []
    return "The event phase begins" + (f"; attacking: {cards(att)}." if att else ".")


def _slot(e: narration.Seen) -> str:
    """A hand slot as the command names it (the card stays secret; the seat's preview names it)."""
    slot = e.data.get("slot")
    return f"hand card {slot + 1}" if isinstance(slot, int) else "a hand card"


WON = {"army": "the army", "target": "the target", "attacker": "the attacker", "defender": "the defender"}

OWN: dict[str, Any] = {
    "ra.setup": lambda e: (
        f"Rune Age set-up: scenario {narration.humane(str(e.data.get('scenario', '?')))}"
        + (", solo" if e.data.get("solo") else "")
        + "."
    ),
    "ra.races": lambda e: (
        f"Races in play: {narration.and_list([str(r).title() for r in e.data.get('races') or []])}."
    ),
    "ra.seating": lambda e: f"Seating order: {narration.seats(e.data.get('order') or [])}.",
    "ra.round": "Round {round} begins; {first} goes first.",
    "ra.turn": "{seat}'s turn (round {round}).",
    "ra.phase": lambda e: (
        f"{e.who()} moves on to the {narration.humane(str(e.data.get('phase', '?')))} phase."
    ),
    "cmd.attack": lambda e: f"{e.who()} attacks {target(e.data.get('target'))}.",
    "ra.attacked": lambda e: f"{seat_name(e.data.get('seat'))} attacks {target(e.data.get('target'))}.",
    "ra.combat": _combat,
    "ra.combat_step": _step,
    "ra.outcome": _outcome,
    "ra.combat_ended": lambda e: (
        f"The fight for {target(e.data.get('target'))} is over: {WON.get(e.data.get('winner'), 'nobody')} won."
    ),
    "ra.strength": lambda e: (
        f"{card(e.data.get('card', '?'))} adds {e.data.get('amount', '?')} strength to side "
        f"{e.data.get('side', '?')}."
    ),
    "cmd.stop": "{who} stops adding units to the fight.",
    "cmd.play_gold": "{who} plays {card}.",
    "cmd.end_action": "{who} ends the action.",
    "cmd.discard_hand": "{who} discards the hand.",
    "ra.action": "{seat} takes the {action} action.",
    "ra.action_ended": "{seat} ends the {action} action.",
    "ra.gained": lambda e: (
        f"{seat_name(e.data.get('seat'))} adds {e.data.get('amount', '?')} to the pool with "
        f"{card(e.data.get('card', '?'))}."
    ),
    "cmd.buy": lambda e: (
        f"{e.who()} buys from {zone('barracks:{}:{}'.format(e.actor, e.data.get('pile'))) if e.actor is not None else 'a pile'}."
    ),
    "cmd.acquire": lambda e: f"{e.who()} acquires from {zone(str(e.data.get('pile', '?')))}.",
    "ra.spent": lambda e: (
        f"{seat_name(e.data.get('seat'))} buys {card(e.data.get('card', '?'))} for "
        f"{e.data.get('amount', '?')}."
    ),
    "ra.forfeited": lambda e: (
        f"{seat_name(e.data.get('seat'))} leaves {e.data.get('amount', '?')} "
        f"{'gold' if e.data.get('action') == 'purchase' else 'influence'} unspent."
    ),
    "ra.announced": "{seat} announces strength {total}.",
    "ra.casualties": lambda e: (
        f"{seat_name(e.data.get('seat'))} rolls casualties: "
        f"{narration.and_list([str(f) for f in e.data.get('faces') or []])} — "
        f"{plural(e.data.get('skulls', 0), 'skull')}."
    ),
    "cmd.casualty": "{who} loses {card} as a casualty.",
    "cmd.tribute": lambda e: f"{e.who()} gives {_slot(e)} as tribute.",
    "ra.tribute_chosen": lambda e: (
        f"{seat_name(e.data.get('seat'))} pays {card(e.data['card'])} as tribute."
        if e.data.get("card")
        else f"{seat_name(e.data.get('seat'))} pays a hidden tribute."
    ),
    "cmd.keep": lambda e: f"{e.who()} keeps {_slot(e)}.",
    "ra.kept": lambda e: (
        f"{seat_name(e.data.get('seat'))} keeps {card(e.data['card'])}."
        if e.data.get("card")
        else f"{seat_name(e.data.get('seat'))} keeps a hidden card."
    ),
    "ra.event_phase": _event_phase,
    "ra.event_step": _event_step,
    "ra.event_phase_ended": "The event phase of round {round} ends.",
    "ra.lasting": "{card} lasts until round {until}.",
    "ra.lasting_expired": "{card} expires.",
    "ra.eliminated": lambda e: (
        f"{seat_name(e.data.get('seat'))} is eliminated"
        + (f" by {seat_name(e.data['by'])}" if isinstance(e.data.get("by"), int) else "")
        + (f" ({narration.humane(str(e.data['cause']))})" if e.data.get("cause") else "")
        + "."
    ),
    "cmd.ability": lambda e: (
        f"{e.who()} uses {card(e.data.get('card', '?'))}"
        + (f" on {card(e.data['target'])}" if isinstance(e.data.get("target"), str) else "")
        + "."
    ),
    "ra.ability_used": lambda e: (
        f"{seat_name(e.data.get('seat'))}'s {card(e.data.get('card', '?'))} takes effect "
        f"({narration.humane(str(e.data.get('effect', '?')))})."
    ),
    "ra.wounded": "{card} is wounded by {by}.",
    "cmd.use_influence": "{who} uses the influence of {card}.",
    "ra.exhausted": "{seat} exhausts {card}.",
    "ra.refreshed": lambda e: f"{seat_name(e.data.get('seat'))} readies {cards(e.data.get('cards') or [])}.",
    "ra.first_player": "{seat} becomes the first player.",
    "cmd.resolve": "{who} resolves {card}.",
    "ra.monument_built": "{seat} builds {card}.",
    "ra.rune_choice": lambda e: (
        f"{seat_name(e.data.get('seat'))} chooses among the runes {cards(e.data['cards'])}."
        if e.data.get("cards")
        else f"{seat_name(e.data.get('seat'))} chooses a rune."
    ),
    "ra.rune_chosen": "{seat} takes the rune {card}.",
    "ra.hand_shown": lambda e: (
        f"{seat_name(e.data.get('seat'))} looks at {seat_name(e.data.get('victim'))}'s hand"
        + (f": {cards(e.data['cards'])}." if e.data.get("cards") else ".")
    ),
    "ra.take": "{seat} may take a card from {victim}.",
    "ra.taken": "{seat} takes a card from {victim}.",
}


def describe(table: Any, ev: Any) -> str:
    seen = narration.Seen(ev)
    if seen.type == "cmd.buy" and isinstance(seen.actor, int):
        pile = table.zones.get(f"barracks:{seen.actor}:{seen.data.get('pile')}") if table else None
        if pile is not None and pile.cards:  # a barracks pile holds one unit: name it, not the pile
            return f"{seen.who()} buys {card(pile.cards[0])} from the barracks."
    return narration.describe(table, ev, OWN, zone)
