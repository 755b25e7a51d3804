"""The card piles of a Mage Knight situation (situation.py calls these; every event cites SIT-0):
a seat's deed deck and discard pile, the unit offer and the unit decks' tops, the advanced-action
and spell offers, the dummy player's deck, discard pile and crystals.

Every list is top first. A deck stated is exactly that deck, in that order: the seat's own cards
it does not name (nor its hand or discard pile) are set aside face down for the game, as the
rulebook's positions show only what they list. A card not in the seat's own deck is taken from
the offers and decks (SOURCES), as `hand` does. A name that is not there is refused
naming the key.
"""

from __future__ import annotations

from typing import NoReturn, TypeGuard, TypeVar

from msgspec import UNSET, UnsetType

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana.rules import BASIC
from engine.mechanics import zones
from engine.mechanics.zones import card_name

SOURCES = (
    state.AA_OFFER,
    state.AA_DECK,
    state.SPELL_OFFER,
    state.SPELL_DECK,
    state.ARTIFACT_DECK,
    state.WOUNDS,
)


T = TypeVar("T")


def given(value: T | UnsetType) -> TypeGuard[T]:
    """A key the file states (zero and empty included), as opposed to one it leaves out."""
    return value is not UNSET


RULE = "SIT-0"


def aside(owner: str) -> str:
    """The face-down pile of the cards a stated deck leaves out (never drawn, never scored)."""
    return f"aside:{owner}"


def _fail(key: str, why: str) -> NoReturn:
    raise ValueError(f"situation [game] {key}: {why}")


def lay_out_cards(ctx, table, sit, seats) -> None:
    """The offers and decks of the table, before the seats take their cards from them."""
    if given(sit.aa_offer):
        _offer(ctx, table, "aa_offer", sit.aa_offer, state.AA_OFFER, (state.AA_DECK,), content().cards)
    if given(sit.spell_offer):
        _offer(
            ctx,
            table,
            "spell_offer",
            sit.spell_offer,
            state.SPELL_OFFER,
            (state.SPELL_DECK,),
            content().cards,
        )
    if given(sit.unit_offer):
        _unit_offer(ctx, table, sit.unit_offer)
    for name in reversed(sit.units_top):
        src = _holding(table, name, (state.REGULAR_UNITS, state.ELITE_UNITS))
        if src is None:
            _fail("units_top", f"no {name!r} left in the unit decks" + _unknown(name, content().units))
        tok = next(x for x in table.zone(src) if card_name(x) == name)
        zones.move(ctx, src, src, [tok], rule=RULE, to="top")
    if given(sit.dummy):
        _dummy(ctx, table, sit.dummy)


def _unknown(name: str, known) -> str:
    return "" if name in known else " (no such card: `runeledger cards mage-knight` lists them)"


def _holding(table, name: str, piles) -> str | None:
    return next(
        (z for z in piles if z in table.zones and any(card_name(x) == name for x in table.zone(z))), None
    )


def _offer(ctx, table, key: str, names: list[str], offer: str, decks: tuple[str, ...], known) -> None:
    """An offer exactly as listed: its cards go under their deck, the named ones come up."""
    zones.move(ctx, offer, decks[0], list(table.zone(offer)), rule=RULE, to="bottom")
    for name in names:
        src = _holding(table, name, decks)
        if src is None:
            _fail(key, f"no {name!r} left in {', '.join(decks)}" + _unknown(name, known))
        tok = next(x for x in table.zone(src) if card_name(x) == name)
        zones.move(ctx, src, offer, [tok], rule=RULE, to="bottom")


def _unit_offer(ctx, table, names: list[str]) -> None:
    """Units (and a monastery's advanced actions) as listed; the offer's cards go back under
    their decks first (MK:4:Round:2c)."""
    units = content().units
    for tok in list(table.zone(state.UNIT_OFFER)):
        name = card_name(tok)
        deck = (
            state.AA_DECK
            if name not in units
            else state.ELITE_UNITS
            if units[name].type == "elite"
            else state.REGULAR_UNITS
        )
        zones.move(ctx, state.UNIT_OFFER, deck, [tok], rule=RULE, to="bottom")
    for name in names:
        src = _holding(table, name, (state.REGULAR_UNITS, state.ELITE_UNITS, state.AA_DECK))
        if src is None:
            _fail(
                "unit_offer",
                f"no {name!r} left in the unit decks or the advanced actions"
                + _unknown(name, {**units, **content().cards}),
            )
        tok = next(x for x in table.zone(src) if card_name(x) == name)
        zones.move(ctx, src, state.UNIT_OFFER, [tok], rule=RULE, to="bottom")


def _pile(ctx, table, key: str, names: list[str], own: str, to: str, others, owner: str) -> None:
    """`to` holds exactly `names`, top first: each from the `own` deck first, else from
    `others`; when `to` is the deck, its unnamed cards are set aside (aside(owner))."""
    if to != own:
        zones.move(ctx, to, own, list(table.zone(to)), rule=RULE, to="bottom")
    chosen: list[str] = []
    for name in names:
        tok = next((x for x in table.zone(own) if card_name(x) == name and x not in chosen), None)
        if tok is None:
            src = _holding(table, name, others)
            if src is None:
                _fail(
                    key, f"no card {name!r} left in the deck or the offers" + _unknown(name, content().cards)
                )
            tok = next(x for x in table.zone(src) if card_name(x) == name)
            zones.move(ctx, src, own, [tok], rule=RULE, to="bottom")
        chosen.append(tok)
    if to == own:
        rest = [x for x in table.zone(own) if x not in chosen]
        if rest:
            if aside(owner) not in table.zones:
                zones.create(ctx, aside(owner), [], rule=RULE, vis="hidden")
            zones.move(ctx, own, aside(owner), rest, rule=RULE)
        zones.move(ctx, own, own, chosen, rule=RULE, to="top")
    else:
        zones.move(ctx, own, to, chosen, rule=RULE, to="top")


def seat_piles(ctx, table, seat: int, s) -> None:
    """`seat[i].discard` and `seat[i].deck`, after the hand was taken."""
    if given(s.discard):
        _pile(
            ctx,
            table,
            f"seat[{seat}].discard",
            s.discard,
            state.deck(seat),
            state.discard(seat),
            SOURCES,
            str(seat),
        )
    if given(s.deck):
        _pile(
            ctx, table, f"seat[{seat}].deck", s.deck, state.deck(seat), state.deck(seat), SOURCES, str(seat)
        )


def _dummy(ctx, table, d) -> None:
    """The dummy's deck and discard pile (its hero's cards, and advanced actions it gained) and
    its crystals, set to the numbers given (no limit of 3 for the dummy, MK:15:Dummy)."""
    game = table.game
    if game.dummy_seat < 0 or state.DUMMY_DECK not in table.zones:
        _fail("dummy", "this game has no dummy player (solo and co-op only, MK:15:Dummy)")
    if given(d.discard):
        _pile(ctx, table, "dummy.discard", d.discard, state.DUMMY_DECK, state.DUMMY_DISCARD, SOURCES, "dummy")
    if given(d.deck):
        _pile(
            ctx,
            table,
            "dummy.deck",
            d.deck,
            state.DUMMY_DECK,
            state.DUMMY_DECK,
            (state.DUMMY_DISCARD, *SOURCES),
            "dummy",
        )
    if given(d.crystals):
        have = game.dummy.crystals
        for colour in sorted(set(d.crystals) | set(have)):
            if colour not in BASIC:
                _fail("dummy.crystals", f"{colour!r} is not a crystal colour (allowed: {', '.join(BASIC)})")
            n = d.crystals.get(colour, 0)
            if n < 0:
                _fail("dummy.crystals", f"{colour} = {n}: 0 or more")
            if n != have.get(colour, 0):
                ctx.emit("mk.dummy_crystal", {"colour": colour, "delta": n - have.get(colour, 0)}, rule=RULE)
