"""The ordered piles that set-up shuffles (p.3 Setup): enemy stacks, unit decks, deed decks,
starting decks, tile stacks. Every list comes out in a fixed order (by id), so the shuffle that
follows, a chance event, is the only source of randomness.

Which boxes are in play is a tuple of set names; the Ultimate Edition holds all of them
(base, lost_legion, krang, shades_of_tezla). Records the public lists mark as doubtful are left
out: enemy tokens flagged `suspect` and the `placeholder` unit.
"""

from __future__ import annotations

from engine.games.mage_knight.content.load import Content

ALL_SETS = ("base", "lost_legion", "krang", "shades_of_tezla")


def enemy_stack(c: Content, pile: str, sets: tuple[str, ...] = ALL_SETS) -> list[str]:
    """One token id per physical token of a pile (copies counted)."""
    out = []
    for e in sorted(c.enemies.values(), key=lambda e: e.id):
        if e.color == pile and e.set in sets and not e.suspect:
            out += [e.id] * e.copies
    return out


def unit_decks(c: Content, sets: tuple[str, ...] = ALL_SETS) -> tuple[list[str], list[str]]:
    """(regular, elite) unit decks, one entry per card."""
    reg: list[str] = []
    elite: list[str] = []
    for u in sorted(c.units.values(), key=lambda u: u.id):
        if u.placeholder or u.set not in sets:
            continue
        (elite if u.type == "elite" else reg).extend([u.id] * u.copies)
    return reg, elite


def deed_deck(c: Content, kind: str) -> list[str]:
    """Spells, advanced actions or artifacts: one card of each (p.3 Setup 4, 6, 7)."""
    if kind not in ("spell", "advanced_action", "artifact"):
        raise ValueError(f"no deck of kind {kind!r} (MK:3:Setup)")
    return sorted(card.id for card in c.cards.values() if card.kind == kind)


def starting_deck(c: Content, hero: str) -> list[str]:
    """The 16 basic action cards of a hero: the standard deck with each of the hero's unique cards
    in place of the card it replaces (reading: every unique card the lists name is used)."""
    h = next((x for x in c.heroes.heroes if x.id == hero), None)
    if h is None:
        raise ValueError(f"unknown hero {hero!r}; heroes: {', '.join(x.id for x in c.heroes.heroes)}")
    deck = list(c.heroes.standard_starting_deck)
    for cid in h.unique_cards:
        deck[deck.index(c.cards[cid].replaces)] = cid
    return deck


def tiles(c: Content, kind: str, sets: tuple[str, ...] = ALL_SETS) -> list[str]:
    """Countryside tiles in number order (First Reconnaissance stacks them so, p.18), or core
    tiles split as 'core_city' / 'core_plain' (the Volkare camp tile is left out)."""

    def number(tid: str) -> int:
        return int(tid.rsplit("_", 1)[1])

    pick = [t for t in c.tiles.values() if t.set in sets and t.id != "core_volkare"]
    if kind == "countryside":
        return sorted((t.id for t in pick if t.type == "countryside"), key=number)
    if kind in ("core_city", "core_plain"):
        return sorted(
            (t.id for t in pick if t.type == "core" and t.has_city == (kind == "core_city")), key=number
        )
    raise ValueError(f"no tile kind {kind!r}; expected countryside, core_city or core_plain")
