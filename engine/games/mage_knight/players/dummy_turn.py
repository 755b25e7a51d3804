"""The dummy player on the table (MK:15:Dummy, digest §9.6): the pure automaton of dummy.py
wired into tactic selection, the turn order, round preparation and the end of the round.

Its deed deck and revealed cards are zones (`dummy:deck` hidden, `dummy:discard` public), so a
shuffle stays secret and every revealed card is an event; its hero, crystals and announcement
are in `MKState.dummy`. It has no seat: its place in the turn order is `MKState.dummy_seat`.
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.players import dummy
from engine.games.mage_knight.readings.scenarios import dummy_reshuffled
from engine.games.mage_knight.scenarios.book import scenarios, tactic_pick_order
from engine.mechanics import zones
from engine.mechanics.zones import card_name


def is_dummy(game, seat: int) -> bool:
    return game.dummy_seat >= 0 and seat == game.dummy_seat


def pick_order(table, real_order: list[int]) -> list[int]:
    """Where the dummy picks its tactic: after the player (solo, First Reconnaissance solo) or
    first (co-op) (MK:19:Scen:SoloConquest, MK:20:Scen:FullCoop)."""

    game = table.game
    return tactic_pick_order(scenarios()[game.scenario], real_order, game.dummy_seat)


def maybe_pick(ctx, table) -> None:
    """When the dummy is next to pick, it draws a tactic at random (MK:15:Dummy)."""
    game = table.game
    if game.pickers and is_dummy(game, game.pickers[0]):
        tactic = dummy.dummy_tactic(ctx, game.tactics_open)
        ctx.emit("mk.dummy_tactic", {"tactic": tactic}, rule="MK:15:Dummy")


def colour_of(cid: str):
    card = content().cards.get(card_name(cid))
    return card.color if card is not None else None


def play(ctx, table) -> str:
    """One dummy turn (MK:15:Dummy): an empty deck announces the end of the round (or forfeits
    the turn once it was announced); else 3 cards are revealed, and k more where it holds k
    crystals of the last card's colour. Returns "announce" or "done" for the turn to go on."""
    game = table.game
    seat = game.dummy_seat
    deck = list(table.zone(state.DUMMY_DECK))
    if not deck:
        if game.announced_by < 0:
            ctx.emit("mk.dummy_announced", {"seat": seat}, rule="MK:15:Dummy")
            return "announce"
        ctx.emit("mk.dummy_turn", {"cards": [], "extra": 0}, rule="MK:15:Dummy")
        return "done"
    view = dummy.Dummy(hero=game.dummy.hero, deck=deck, crystals=dict(game.dummy.crystals))
    shown: list[str] = []
    extra = 0
    for e in dummy.dummy_turn(view, colour_of, seat):
        cards = list(e.data["cards"])
        zones.move(ctx, state.DUMMY_DECK, state.DUMMY_DISCARD, cards, rule="MK:15:Dummy")
        shown += cards
        extra = e.data["extra"] or extra
    ctx.emit("mk.dummy_turn", {"cards": [card_name(c) for c in shown], "extra": extra}, rule="MK:15:Dummy")
    return "done"


def prepare(ctx, table, aa_card: str, spell: str) -> None:
    """Round preparation (MK:4:Round:2d-e, 2g with MK:15:Dummy): the AA leaving the offer joins
    the dummy's deck, the spell leaving it gives a crystal of its colour (no limit), and its
    revealed cards are shuffled back into its deck (reading A25)."""
    if aa_card:
        zones.move(ctx, state.AA_OFFER, state.DUMMY_DECK, [aa_card], rule="MK:4:Round:2d")
    colour = colour_of(spell) if spell else None
    for c in dummy.colours(colour)[:1]:
        ctx.emit("mk.dummy_crystal", {"colour": c}, rule="MK:4:Round:2e")
    zones.move(
        ctx,
        state.DUMMY_DISCARD,
        state.DUMMY_DECK,
        dummy_reshuffled(table, state.DUMMY_DISCARD),
        rule="MK:4:Round:2g",
    )  # A25
    ctx.shuffle(state.DUMMY_DECK, rule="MK:4:Round:2g")
    ctx.emit("mk.dummy_round", {}, rule="MK:15:Dummy")


def removed_tactics(table) -> list[str]:
    """Tactics leaving the game at the end of a round: Solo Conquest removes the player's and the
    dummy's (MK:19:Scen:SoloConquest); co-op removes one a real player used (MK:20:Scen:FullCoop),
    the team's choice: the engine removes the lowest-numbered one (reading, no decision asked)."""
    game = table.game
    s = scenarios()[game.scenario]
    used = sorted(p.tactic for p in game.players if p.tactic)
    if s.tactic_removal == "both_used":
        return dummy.tactics_removed("solo", used, game.dummy_tactic, False)
    if s.tactic_removal == "one_real_except_last" and used:
        first = min(used, key=lambda x: content().tactics[x].number)
        return dummy.tactics_removed("coop", used, game.dummy_tactic, game.round >= game.rounds, first)
    return []
