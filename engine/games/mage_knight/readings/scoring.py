"""Mage Knight's scoring ambiguities a judge may read otherwise (catalog.toml `[readings.A*]`,
the digest's numbering): a title at a zero score (A12), what "deck" means (A13), rounding "1 per
2 crystals" (A14), a tie for Greatest Liberator (A16), and whether the Blitz fame-row bonus
chains (A17).

Each function is called by one hook line in the module owning the rule (scoring.py, tokens.py)
and asks the game's reading only where the alternatives differ, so `runeledger dispute` lists
just the readings a position touches. Without a choice each gives what the engine always played.
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from engine.readings import chosen

ZERO_TITLE, DECK, CRYSTALS, LIBERATOR, BLITZ_CHAIN = "A12", "A13", "A14", "A16", "A17"
SCORED_KINDS = ("spell", "advanced_action", "artifact")  # what the categories count
ZERO_TITLES = ("loot", "leader", "conqueror", "adventurer")  # no explicit "≥1" in the text


def scored_zones(table, seat: int) -> tuple[str, ...]:
    """A13 (MK:15:Score): the zones whose deed cards are the seat's "deck" for scoring. The
    digest: all deed cards (deck, hand, discard pile, play area); under `draw_pile` only the deed
    deck itself. Asked only when a card that scores (spell, advanced action, artifact, wound)
    lies outside the deed deck."""
    every = (state.deck(seat), state.hand(seat), state.discard(seat), state.play_area(seat))
    c = content().cards
    if not any(
        c[card_name(x)].kind in SCORED_KINDS or card_name(x) == "wound"
        for z in every[1:]
        for x in table.zone(z)
    ):
        return every
    return every[:1] if chosen(table, DECK) == "draw_pile" else every


def crystal_points(table, crystals: int) -> int:
    """A14 (MK:15:Score): Greatest Loot's "1 per 2 crystals", rounded down by the digest, up
    under `round_up`. Asked only for an odd number of crystals."""
    if crystals % 2 and chosen(table, CRYSTALS) == "round_up":
        return (crystals + 1) // 2
    return crystals // 2


def zero_tie_titles(table, points: dict[int, dict[str, int]]) -> dict[int, int]:
    """A12 (MK:15:Score): the digest gives no title at a zero score in any category. Under
    `explicit_only` only Greatest Knowledge and Greatest Beating need a non-zero score (the
    text says so only for them), so seats tied at 0 in Loot, Leader, Conqueror or Adventurer
    get +1 each. Returns the extra fame per seat; asked only when such a tie exists."""
    seats = sorted(points)
    extra = {s: 0 for s in seats}
    if len(seats) < 2:
        return extra
    tied = [cat for cat in ZERO_TITLES if max(points[s].get(cat, 0) for s in seats) == 0]
    if not tied or chosen(table, ZERO_TITLE) != "explicit_only":
        return extra
    for cat in tied:
        for s in seats:
            if points[s].get(cat, 0) == 0:
                extra[s] += 1
    return extra


def liberator_fame(table, fame: dict[int, int]) -> dict[int, int]:
    """A16 (MK:20:Scen:Mines): Greatest Liberator tied, +2 each by the digest (as the other
    scenario titles), the full +5 each under `five_each`. `fame` is scenarios.mines_fame's
    (with the +2 already added); asked only for a tie above 0."""
    base = {s: v for s, v in fame.items()}
    best = max(base.values(), default=0)
    top = [s for s in sorted(base) if base[s] == best]
    if best > 2 and len(top) > 1 and chosen(table, LIBERATOR) == "five_each":
        return {s: v + (3 if s in top else 0) for s, v in base.items()}
    return base


def blitz_bonus(table, old: int, new: int, rows) -> int:
    """A17 (MK:19:Scen:BlitzConquest): +1 fame per fame row crossed. The digest: the bonus
    never chains. Under `chains` a bonus that crosses another row earns +1 more, and so on.
    `rows(old, new)` is the owning module's count of rows crossed; asked only when the bonus
    itself crosses a row."""
    extra = rows(old, new)
    if not extra or not rows(new, new + extra):
        return extra
    if chosen(table, BLITZ_CHAIN) != "chains":
        return extra
    total, at = extra, new
    while True:
        more = rows(at, new + total)
        if not more:
            return total
        at, total = new + total, total + more
