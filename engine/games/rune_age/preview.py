"""Words previews of legal commands for front ends (`Ruleset.preview`): a purchase's cost
against the influence or gold pool, and a battle's strength against the army's.

Only reads the table; the strengths come from the combat code (`combat.target_strength`,
`combat.attacker_total`), so the preview uses the same numbers as the battle."""
from __future__ import annotations

from engine.mechanics.zones import card_name

from . import combat
from .cards import spec
from .places import barracks


def preview(t, seat: int, cmd: dict) -> str | None:
    kind, g = cmd.get("kind"), t.game
    if kind in ("buy", "acquire"):
        pile = cmd.get("pile")
        zone = barracks(seat, pile) if kind == "buy" and isinstance(pile, str) else pile
        cards = t.zone(zone) if isinstance(zone, str) and zone in t.zones else []
        if not cards:
            return None
        what = "gold" if g.action == "purchase" else "influence"
        return f"{kind} {card_name(cards[0])}: costs {spec(g, cards[0]).cost} {what}, you have {g.pool}"
    if kind == "attack":
        return _attack(t, seat, cmd.get("target"))
    if kind in ("play", "stop", "pass") and g.combat and g.combat.kind != "siege":
        c = g.combat
        return (f"your army has strength {combat.attacker_total(t)} now,"
                f" needs {c.target_strength} (BTL-5: a tie goes to the army)")
    return None


def _attack(t, seat: int, target) -> str | None:
    if not isinstance(target, str):
        return None
    if target.startswith("realm:"):
        return f"siege the home realm of seat {target.split(':')[1]} (SGE-1)"
    who = combat.controller(t, target)
    if who is not None:
        return f"siege {card_name(target)} held by seat {who} (SGE-1)"
    return f"battle {card_name(target)}: your army needs strength {combat.target_strength(t, target)} (BTL-1)"
