"""Standard achievement scoring and titles (MK:15:Score), added to fame at the game's end.
"Deck" means all of a seat's deed cards: deck, hand, discard pile and play area (reading)."""
from __future__ import annotations

from engine.mechanics.zones import card_name

from . import state as S
from .content import content

CATEGORIES = ("knowledge", "loot", "leader", "conqueror", "adventurer", "beating")
CONQUEST_SITES = ("keep", "mage_tower", "monastery")
ADVENTURE_SITES = ("ancient_ruins", "dungeon", "tomb", "monster_den", "spawning_grounds")


def deed_cards(t, seat: int) -> list[str]:
    return [card_name(c) for z in (S.deck(seat), S.hand(seat), S.discard(seat), S.play_area(seat))
            for c in t.zone(z)]


def category_points(t, seat: int) -> dict[str, int]:
    c = content()
    g = t.game
    p = g.players[seat]
    cards = [c.cards[x] for x in deed_cards(t, seat)]
    kinds = [x.kind for x in cards]
    shields = [sp.site for sp in g.board.spaces.values() if sp.conquered_by == seat]
    return {
        "knowledge": 2 * kinds.count("spell") + kinds.count("advanced_action"),
        "loot": 2 * kinds.count("artifact") + sum(p.crystals.values()) // 2,
        "leader": sum(c.units[u.unit].level // (2 if u.wounded else 1) for u in p.units),
        "conqueror": 2 * sum(1 for s in shields if s in CONQUEST_SITES),
        "adventurer": 2 * sum(1 for s in shields if s in ADVENTURE_SITES),
        "beating": -2 * sum(1 for x in cards if x.id == "wound"),
    }


def final_scores(t) -> tuple[dict[int, int], dict[int, list[str]]]:
    """Fame plus achievements plus titles (no titles in a solo game, MK:18:Scen:FirstRecon)."""
    g = t.game
    seats = list(range(len(g.players)))
    pts = {s: category_points(t, s) for s in seats}
    total = {s: g.players[s].fame + sum(pts[s].values()) for s in seats}
    lines = {s: [f"fame {g.players[s].fame}"] + [f"{k} {v:+d}" for k, v in pts[s].items() if v]
             for s in seats}
    if len(seats) > 1:
        for cat in CATEGORIES:
            vals = {s: pts[s][cat] for s in seats}
            worst = cat == "beating"
            best = min(vals.values()) if worst else max(vals.values())
            if best == 0:
                continue     # a title needs a non-zero score (reading, MK:15:Score)
            top = [s for s in seats if vals[s] == best]
            bonus = (-3 if worst else 3) if len(top) == 1 else (-1 if worst else 1)
            for s in top:
                total[s] += bonus
                lines[s].append(f"title {cat} {bonus:+d}")
    return total, lines
