"""The dummy player of solo and co-op games (MK:15:Dummy, digest §9.6): a pure automaton.

The dummy is a `Dummy` Struct; every step returns events (`cities.Event`: type, data, rule) and
`fold(dummy, event)` applies one, so the ruleset can record each step and replay it. Chance only
through `ctx.pick(stream, population, k, rule=)` (a shuffle is a pick of the whole list).

API
- `dummy_setup(ctx, hero, cards, dots) -> list[Event]`: `mk.dummy_setup` with the hero's 16
  starting cards shuffled and one crystal per coloured dot of the hero card.
- `dummy_turn(dummy, colour_of, seat) -> list[Event]`, in the digest's order:
  1. deck empty -> `mk.dummy_announced` {"seat": seat} (the ruleset then emits its own
     `mk.announced` with the last turns, MK:4:Round:4b);
  2. else reveal 3 cards (`mk.dummy_revealed`), fewer if the deck runs short;
  3. c = colour of the last revealed card; k crystals of c -> reveal k more
     (`mk.dummy_revealed` with `extra`: k);
  4. turn over.
  `colour_of(card_id)` gives a card's colour ("red", "dual:a/b", None).
- `dummy_tactic(ctx, open_tactics) -> str`: the dummy's tactic, drawn at random.
- `TACTIC_ORDER[scenario rule]` / `tactics_removed(rule, used_by, dummy_tactic, last_round,
  team_choice)`: who picks first and which used tactics leave the game at round end.
- `dummy_round_prep(ctx, dummy, aa_card, spell_colour) -> list[Event]`: the bottom AA joins its
  deck, the bottom spell's colour gives a crystal (no limit), and deck + discard + AA are
  shuffled into the new deck (MK:4:Round:2d-e, 2g; reading A25).
- `deck_left(dummy)`: cards left in its deed deck, for objective scoring (MK:15:Score).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine.games.mage_knight.cities.rules import Event
from engine.games.mage_knight.mana.rules import BASIC

REVEAL = 3  # MK:15:Dummy


class DummyError(ValueError):
    """An illegal dummy step; the message names the fault and the rule."""


class Dummy(msgspec.Struct, kw_only=True):
    hero: str
    deck: list[str] = []  # top first
    discard: list[str] = []
    crystals: dict[str, int] = {}  # no limit of 3 for the dummy (MK:15:Dummy)
    announced: bool = False  # it announced the end of this round


def dummy_setup(ctx, hero: str, cards: Sequence[str], dots: Sequence[str]) -> list[Event]:
    """Hero card, 16-card deck shuffled, 1 crystal per coloured dot (MK:15:Dummy, E-10)."""
    bad = [d for d in dots if d not in BASIC]
    if bad:
        raise DummyError(f"hero card dots must be basic colours, not {bad} (MK:15:Dummy)")
    deck = ctx.pick("dummy_deck", sorted(cards), len(cards), rule="MK:15:Dummy")
    crystals: dict[str, int] = {}
    for d in dots:
        crystals[d] = crystals.get(d, 0) + 1
    return [
        Event(
            "mk.dummy_setup",
            {"hero": hero, "deck": list(deck), "crystals": dict(sorted(crystals.items()))},
            "MK:15:Dummy",
        )
    ]


def _colours(colour: str | None) -> tuple[str, ...]:
    if not colour:
        return ()
    if colour.startswith("dual:"):
        return tuple(colour[5:].split("/"))
    return (colour,)


colours = _colours  # public name for the wiring (dummy_turn.py)


def extension(dummy: Dummy, colour: str | None) -> int:
    """k = the dummy's crystals of the last card's colour (MK:15:Dummy). A card without colour
    gives 0; a two-coloured card takes its better colour (reading)."""
    return max((dummy.crystals.get(c, 0) for c in _colours(colour)), default=0)


def dummy_turn(dummy: Dummy, colour_of: Callable[[str], str | None], seat: int = -1) -> list[Event]:
    """One dummy turn, exactly in the digest's order (MK:15:Dummy). `seat`: the dummy's place in
    the ruleset's turn order, echoed in the announcement."""
    if dummy.announced:
        raise DummyError("the dummy already announced the end of this round (MK:4:Round:4b)")
    if not dummy.deck:
        return [Event("mk.dummy_announced", {"seat": seat}, "MK:15:Dummy")]
    first = dummy.deck[:REVEAL]
    events = [Event("mk.dummy_revealed", {"cards": first, "extra": 0}, "MK:15:Dummy")]
    k = extension(dummy, colour_of(first[-1]))
    more = dummy.deck[len(first) : len(first) + k]
    if more:
        events.append(Event("mk.dummy_revealed", {"cards": more, "extra": k}, "MK:15:Dummy"))
    return events


def dummy_tactic(ctx, open_tactics: Sequence[str]) -> str:
    """The dummy draws its tactic at random; it only sets its turn order (MK:15:Dummy)."""
    if not open_tactics:
        raise DummyError("no tactic is left for the dummy (MK:4:Round:3a)")
    return ctx.pick("dummy_tactic", sorted(open_tactics), 1, rule="MK:15:Dummy")[0]


# who picks first, by the scenario's tactic rule (MK:19:Scen:SoloConquest, MK:20:Scen:FullCoop)
TACTIC_ORDER = {"solo": "players_first", "coop": "dummy_first", "standard": "no_dummy"}


def tactics_removed(
    rule: str, used_by_players: Sequence[str], dummy_tactic: str, last_round: bool, team_choice: str = ""
) -> list[str]:
    """Tactics leaving the game at the end of a round: solo removes both used cards
    (MK:19:Scen:SoloConquest); co-op removes one a real player used, chosen by the team, except
    after the last round (MK:20:Scen:FullCoop); otherwise none."""
    if rule == "solo":
        return sorted(set(used_by_players) | {dummy_tactic})
    if rule == "coop":
        if last_round:
            return []
        if team_choice not in used_by_players:
            raise DummyError(
                f"the team must remove a tactic a real player used ({', '.join(sorted(used_by_players))}),"
                f" not {team_choice!r} (MK:20:Scen:FullCoop)"
            )
        return [team_choice]
    return []


def dummy_round_prep(ctx, dummy: Dummy, aa_card: str = "", spell_colour: str = "") -> list[Event]:
    """Round preparation for the dummy (MK:4:Round:2d, 2e, 2g; MK:15:Dummy)."""
    events = []
    if aa_card:
        events.append(Event("mk.dummy_gained_card", {"card": aa_card}, "MK:4:Round:2d"))
    for c in _colours(spell_colour)[:1]:
        events.append(Event("mk.dummy_gained_crystal", {"colour": c}, "MK:4:Round:2e"))
    pool = sorted(dummy.deck + dummy.discard + ([aa_card] if aa_card else []))
    deck = ctx.pick("dummy_deck", pool, len(pool), rule="MK:4:Round:2g")
    events.append(Event("mk.dummy_shuffled", {"deck": list(deck)}, "MK:4:Round:2g"))
    return events


def fold(dummy: Dummy | None, ev: Event) -> Dummy:
    """The dummy after one of this module's events."""
    if ev.type == "mk.dummy_setup":
        return Dummy(hero=ev.data["hero"], deck=list(ev.data["deck"]), crystals=dict(ev.data["crystals"]))
    assert dummy is not None
    rep = msgspec.structs.replace
    if ev.type == "mk.dummy_revealed":
        n = len(ev.data["cards"])
        return rep(dummy, deck=dummy.deck[n:], discard=dummy.discard + list(ev.data["cards"]))
    if ev.type == "mk.dummy_announced":
        return rep(dummy, announced=True)
    if ev.type == "mk.dummy_gained_card":
        return rep(dummy, discard=[*dummy.discard, ev.data["card"]])
    if ev.type == "mk.dummy_gained_crystal":
        cr = dict(dummy.crystals)
        cr[ev.data["colour"]] = cr.get(ev.data["colour"], 0) + 1
        return rep(dummy, crystals=cr)
    if ev.type == "mk.dummy_shuffled":
        return rep(dummy, deck=list(ev.data["deck"]), discard=[], announced=False)
    raise DummyError(f"not a dummy event: {ev.type}")


def run(dummy: Dummy, events: Sequence[Event]) -> Dummy:
    for e in events:
        dummy = fold(dummy, e)
    return dummy


def deck_left(dummy: Dummy) -> int:
    """Cards not yet revealed this round: +1 each in objective scoring (MK:15:Score)."""
    return len(dummy.deck)
