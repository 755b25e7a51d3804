"""Set-up: a random start (stand-in EP-X-SETUP) or a situation file. Both create the same
zones; only where the cards start differs."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.content import decode
from engine.games.epochs.content import PACK
from engine.games.epochs.rules import S
from engine.games.epochs.state import (
    ATTACK,
    DEFENCE,
    RELIC_DECK,
    RELIC_DISCARD,
    VIRTUAL,
    WM_DECK,
    WM_DISCARD,
    WM_DISPLAY,
    WM_USED,
    epoch_zone,
    seat_zone,
)
from engine.mechanics import zones
from engine.situation import stated

SETUP = "EP-X-SETUP"


def zone_specs(players: int) -> list[tuple[str, int | None, str]]:
    """(zone, owner, visibility) of every zone of a game."""
    specs: list[tuple[str, int | None, str]] = []
    for s in range(players):
        specs += [
            (seat_zone(s, "deck"), s, zones.HIDDEN),
            (seat_zone(s, "hand"), s, zones.OWNER),
            (seat_zone(s, "discard"), s, zones.PUBLIC),
            (seat_zone(s, "relics"), s, zones.PUBLIC),
            (seat_zone(s, "medals"), s, zones.OWNER),
            (seat_zone(s, "relic_draw"), s, zones.OWNER),
            (seat_zone(s, "medal_pick"), s, zones.OWNER),
            (seat_zone(s, "relic_stake"), s, zones.HIDDEN),
        ]
    for e in S.epochs:
        specs += [(epoch_zone(e, "deck"), None, zones.HIDDEN), (epoch_zone(e, "discard"), None, zones.PUBLIC)]
        specs += [(epoch_zone(e, f"space{i}"), None, zones.PUBLIC) for i in range(1, S.spaces_per_epoch + 1)]
    specs += [(WM_DECK, None, zones.HIDDEN), (RELIC_DECK, None, zones.HIDDEN)]
    specs += [
        (z, None, zones.PUBLIC)
        for z in (WM_DISPLAY, WM_DISCARD, WM_USED, RELIC_DISCARD, ATTACK, VIRTUAL, DEFENCE)
    ]
    return specs


class Ids:
    """Card ids unique within a game: `<name>#<n>`, numbered per name."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def make(self, name: str, count: int = 1) -> list[str]:
        start = self.used.get(name, 0) + 1
        self.used[name] = start + count - 1
        return zones.instances(name, count, start)


def medal_ids(names: list[str], seat: int, ids: Ids) -> list[str]:
    """`Gold` shows this seat's Sabaton, `Gold@2` seat 2's (situations only)."""
    out = []
    for text in names:
        name, _, image = text.partition("@")
        n = ids.make(f"medal:{name}")[0].split("#")[1]
        out.append(f"{name}#{image or seat}.{n}")
    return out


def create_all(ctx, table, cards: dict[str, list[str]]) -> None:
    for zone, owner, vis in zone_specs(table.players):
        zones.create(ctx, zone, cards.get(zone, []), SETUP, owner=owner, vis=vis)


def setup(ctx, table) -> None:
    ids = Ids()
    cards: dict[str, list[str]] = {}
    for s in range(table.players):
        cards[seat_zone(s, "deck")] = [c for e in S.start_deck for c in ids.make(e.name, e.count)]
        cards[seat_zone(s, "medals")] = medal_ids(list(PACK.medals), s, ids)
    for e in S.epochs:
        cards[epoch_zone(e, "deck")] = [c for u in PACK.elites(e) for c in ids.make(u.name, u.count)]
    cards[WM_DECK] = [c for m in PACK.markers.values() for c in ids.make(m.name, m.count)]
    cards[RELIC_DECK] = [c for r in PACK.relics.values() for c in ids.make(r.name, r.count)]
    create_all(ctx, table, cards)
    for zone in (
        [seat_zone(s, "deck") for s in range(table.players)]
        + [epoch_zone(e, "deck") for e in S.epochs]
        + [WM_DECK, RELIC_DECK]
    ):
        ctx.shuffle(zone, SETUP)
    for s in range(table.players):
        zones.move_top(ctx, seat_zone(s, "deck"), seat_zone(s, "hand"), S.hand_size, SETUP)
    for e in S.epochs:
        for i in range(1, S.spaces_per_epoch + 1):
            zones.move_top(ctx, epoch_zone(e, "deck"), epoch_zone(e, f"space{i}"), 1, SETUP)
    zones.move_top(ctx, WM_DECK, WM_DISPLAY, S.marker_display, SETUP)


# -- situation files ---------------------------------------------------------------------------


class Pile(msgspec.Struct, forbid_unknown_fields=True):
    deck: list[str] = []
    discard: list[str] = []
    display: list[str] = []


class EpochSit(msgspec.Struct, forbid_unknown_fields=True):
    spaces: list[str] = []  # "" leaves a space empty
    deck: list[str] = []
    discard: list[str] = []


class SeatSit(msgspec.Struct, forbid_unknown_fields=True):
    sabaton: str | None = None
    hand: list[str] = []
    deck: list[str] = []
    discard: list[str] = []
    relics: list[str] = []
    medals: list[str] = []
    honour: int = 0


class Situation(msgspec.Struct, forbid_unknown_fields=True):
    seats: list[SeatSit]
    active: int = 0
    round: int = 1
    epochs: dict[str, EpochSit] = {}
    markers: Pile = msgspec.field(default_factory=Pile)
    relics: Pile = msgspec.field(default_factory=Pile)


def _named(ids: Ids, names: list[str], known, where: str) -> list[str]:
    for n in names:
        if n not in known:
            raise ValueError(f"situation [game].{where}: unknown card {n!r}")
    return [ids.make(n)[0] for n in names]


@stated
def situation(ctx, table, doc: dict[str, Any]) -> None:
    sit = decode(doc, Situation, "situation [game]")
    if len(sit.seats) != table.players:
        raise ValueError(f"situation [game]: {len(sit.seats)} seats given for {table.players} players")
    if not 0 <= sit.active < table.players or sit.round < 1:
        raise ValueError(
            f"situation [game] active = {sit.active}, round = {sit.round}: seats are "
            f"0 to {table.players - 1}, rounds 1 or more"
        )
    ids, cards = Ids(), {}
    for s, seat in enumerate(sit.seats):
        if seat.sabaton is not None and seat.sabaton not in S.epochs:
            raise ValueError(f"situation [game].seats[{s}]: unknown epoch {seat.sabaton!r}")
        for what in ("hand", "deck", "discard"):
            cards[seat_zone(s, what)] = _named(ids, getattr(seat, what), PACK.units, f"seats[{s}].{what}")
        cards[seat_zone(s, "relics")] = _named(ids, seat.relics, PACK.relics, f"seats[{s}].relics")
        for m in seat.medals:
            if m.partition("@")[0] not in PACK.medals:
                raise ValueError(f"situation [game].seats[{s}].medals: unknown medal {m!r}")
        cards[seat_zone(s, "medals")] = medal_ids(seat.medals, s, ids)
    for e, ep in sit.epochs.items():
        if e not in S.epochs or len(ep.spaces) > S.spaces_per_epoch:
            raise ValueError(f"situation [game].epochs.{e}: unknown epoch or too many spaces")
        elites = {u.name: u for u in PACK.elites(e)}
        for i, name in enumerate(ep.spaces, 1):
            if name:
                cards[epoch_zone(e, f"space{i}")] = _named(ids, [name], elites, f"epochs.{e}.spaces")
        cards[epoch_zone(e, "deck")] = _named(ids, ep.deck, elites, f"epochs.{e}.deck")
        cards[epoch_zone(e, "discard")] = _named(ids, ep.discard, elites, f"epochs.{e}.discard")
    for zone, names, where in (
        (WM_DECK, sit.markers.deck, "markers.deck"),
        (WM_DISCARD, sit.markers.discard, "markers.discard"),
        (WM_DISPLAY, sit.markers.display, "markers.display"),
    ):
        cards[zone] = _named(ids, names, PACK.markers, where)
    for zone, names, where in (
        (RELIC_DECK, sit.relics.deck, "relics.deck"),
        (RELIC_DISCARD, sit.relics.discard, "relics.discard"),
    ):
        cards[zone] = _named(ids, names, PACK.relics, where)
    create_all(ctx, table, cards)
    for s, seat in enumerate(sit.seats):
        if seat.sabaton is not None or seat.honour:
            ctx.emit("seat.placed", {"seat": s, "sabaton": seat.sabaton, "honour": seat.honour}, SETUP)
    ctx.emit("turn.started", {"seat": sit.active, "round": sit.round}, "EP-X-TURN")
