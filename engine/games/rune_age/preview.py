"""Words previews of legal commands for front ends (`Ruleset.preview`): a purchase's cost
against the influence or gold pool, and a battle's strength against the army's.

Only reads the table; the strengths come from the combat code (`combat.target_strength`,
`combat.attacker_total`), so the preview uses the same numbers as the battle."""

from __future__ import annotations

from engine.games.rune_age import combat
from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import barracks, hand, is_unit
from engine.mechanics.zones import card_name
from engine.narration import seat_name


def preview(table, seat: int, cmd: dict) -> str | None:
    kind, game = cmd.get("kind"), table.game
    if kind in ("buy", "acquire"):
        pile = cmd.get("pile")
        zone = barracks(seat, pile) if kind == "buy" and isinstance(pile, str) else pile
        cards = table.zone(zone) if isinstance(zone, str) and zone in table.zones else []
        if not cards:
            return None
        what = "gold" if game.action == "purchase" else "influence"
        return f"{kind} {card_name(cards[0])}: costs {spec(game, cards[0]).cost} {what}, you have {game.pool}"
    if kind == "attack":
        return _attack(table, seat, cmd.get("target"))
    if kind in ("tribute", "keep") and isinstance(cmd.get("slot"), int):
        own = table.zone(hand(seat))  # the seat's own hand: its slot's card is no secret to it
        if 0 <= cmd["slot"] < len(own):
            x = own[cmd["slot"]]
            return (
                f"give up {card_name(x)} as tribute (EVT-4)"
                if kind == "tribute"
                else f"keep {card_name(x)} for your next turn (TRN-3)"
            )
    if kind == "casualty" and isinstance(cmd.get("card"), str) and game.combat:
        x = cmd["card"]
        hurt = ", wounded" if x in game.combat.wounded else ""
        return f"lose {card_name(x)} (strength {spec(game, x).strength}{hurt}) to a skull (CAS-2)"
    if kind == "use_influence" and isinstance(cmd.get("card"), str):
        return f"exhaust {card_name(cmd['card'])} for {spec(game, cmd['card']).influence} influence (RES-4)"
    if kind in ("play", "pass", "resolve", "done") and game.combat and game.combat.kind == "siege":
        return _siege(table, seat, cmd)
    if kind in ("play", "stop", "pass") and game.combat and game.combat.kind != "siege":
        c = game.combat
        return (
            f"your army has strength {combat.attacker_total(table)} now,"
            f" needs {c.target_strength} (BTL-5: a tie goes to the army)"
        )
    return None


def _attack(table, seat: int, target) -> str | None:
    if not isinstance(target, str):
        return None
    if target.startswith("realm:"):
        return f"siege the home realm of {seat_name(int(target.split(':')[1]))} (SGE-1)"
    who = combat.controller(table, target)
    if who is not None:
        return f"siege {card_name(target)} held by {seat_name(who)} (SGE-1)"
    return f"battle {card_name(target)}: your army needs strength {combat.target_strength(table, target)} (BTL-1)"


def _siege(table, seat: int, cmd: dict) -> str:
    """SGE-2/3: both totals as they stand, with the unit this command would add; a tie goes to
    the defender, and resolution abilities may still change the totals."""
    c = table.game.combat
    att, dfn = combat.attacker_total(table), combat.defender_total(table)
    name = cmd.get("card")
    add, what = 0, ""
    if cmd.get("kind") == "play" and isinstance(name, str):
        card = (
            name
            if name in table.zone(hand(seat))
            else next((x for x in table.zone(hand(seat)) if card_name(x) == name), None)
        )
        if card is not None and is_unit(table, card):
            add, what = (
                spec(table.game, card).strength,
                f" with {card_name(card)} (+{spec(table.game, card).strength})",
            )
    if seat == c.attacker:
        att += add
    else:
        dfn += add
    where = (
        f"the home realm of {seat_name(c.defender)}"
        if c.target.startswith("realm:")
        else f"{card_name(c.target)} (defence {spec(table.game, c.target).defence})"
    )
    lead = "the attacker wins" if att > dfn else "the defender holds"
    return (
        f"siege of {where}: attacker {att} against defender {dfn}{what}: {lead} as things"
        f" stand (SGE-3: a tie goes to the defender)"
    )
