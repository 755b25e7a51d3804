"""Card data lookup: the shipped content, with a game's recorded overrides (situation fixtures)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from engine.content import load
from engine.games.rune_age.schema import Card, Content, DieFaces, Scenario, SetupRow
from engine.mechanics.zones import card_name
from engine.readings import check_override_table
from engine.ruleset import with_ruleset

HERE = Path(__file__).parent / "content"
PACKS = {"base": ("base.toml", "events.toml")}
RACES = ("daqan", "latari", "waiqar", "uthuk")
PILES = ("stronghold", "u1", "u2", "u3", "u5")


@cache
def pack(name: str = "base") -> Content:
    parts = [load(HERE / f, Content) for f in PACKS[name]]
    return Content(
        setup=[r for p in parts for r in p.setup],
        scenario=[r for p in parts for r in p.scenario],
        die=[r for p in parts for r in p.die],
        card=[r for p in parts for r in p.card],
    )


RENAMED = {
    "Drachenlord Merick": "Drachenlord Ghox",
    "Kriegsnebel": "Zeit des Krieges",
    "Aufruhr": "Diebesgilde",
}
"""Stand-in event cards that became cards named by public lists: a game stored with the old card
ids reads them as the new cards (old name -> new name)."""


@cache
def _by_name(name: str = "base") -> dict[str, Card]:
    by = {c.name: c for c in pack(name).card}
    return {**{old: by[new] for old, new in RENAMED.items() if new in by}, **by}


def spec(game, card_id: str) -> Card:
    """The record of a card id, with the game's fixture overrides applied. Asked for every
    card a listing or a step looks at (ten thousand times a game): a game without overrides
    reads it from a table by card id, no parsing of the id."""
    if not game.overrides:
        by_id = _by_id(game.pack)
        got = by_id.get(card_id)
        if got is None:
            got = by_id[card_id] = _by_name(game.pack)[card_name(card_id)]  # KeyError: no such card
        return got
    name = card_name(card_id)
    base = _by_name(game.pack)[name]
    over = game.overrides.get(name)
    return _patched(game.pack, name, msgspec.json.encode(over)) if over else base


@cache
def _by_id(name: str = "base") -> dict[str, Card]:
    """Card id -> record of one pack, filled as ids are met (the ids are the pack's copies)."""
    return {}


@cache
def _patched(pack_name: str, name: str, over: bytes) -> Card:
    base = msgspec.to_builtins(_by_name(pack_name)[name])
    return msgspec.convert({**base, **msgspec.json.decode(over)}, Card)


def cards(kind: str, pack_name: str = "base", **where) -> list[Card]:
    return [
        c
        for c in pack(pack_name).card
        if c.kind == kind and all(getattr(c, k) == v for k, v in where.items())
    ]


def scenario(key: str, pack_name: str = "base") -> Scenario:
    return next(s for s in pack(pack_name).scenario if s.key == key)


def setup_row(players: int, pack_name: str = "base") -> SetupRow:
    return next(r for r in pack(pack_name).setup if r.players == players)


def die_faces(key: str, pack_name: str = "base") -> DieFaces:
    return next(d for d in pack(pack_name).die if d.key == key)


OVERRIDABLE = {
    "cost": int,
    "strength": int,
    "gold": int,
    "influence": int,
    "defence": int,
    "icons": int,
    "amount": int,
    "phase_attack": int,
    "reward": bool,
}
"""Card values a situation's `[overrides]` may change (docs/disputes.md)."""


@with_ruleset
def check_overrides(rs, overrides: dict) -> dict:
    """A situation's card overrides (`Ruleset.check_overrides`): the OVERRIDABLE fields of the
    cards known by name."""
    return check_override_table(rs, overrides, OVERRIDABLE, _by_name())
