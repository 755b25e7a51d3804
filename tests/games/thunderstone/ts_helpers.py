"""Helpers for the thunderstone tests: start from a situation file, play through the pipeline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.mechanics.zones import card_name
from sim.testing import from_situation

SITUATIONS = Path(__file__).parents[3] / "engine" / "games" / "thunderstone" / "situations"


def start(
    name: str,
    seat0: dict[str, Any] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    **game: Any,
):
    """Create a game from situations/<name>.toml; keyword arguments replace parts of [game]
    (seat0 / seats replace fields of seats, options replace [options]) for the example's
    stated variants."""

    def edit(doc: dict[str, Any]) -> None:
        doc.update(game)
        for s, fields in {**(seats or {}), 0: {**(seats or {}).get(0, {}), **(seat0 or {})}}.items():
            doc["seat"][s].update(fields)

    return from_situation(SITUATIONS / f"{name}.toml", options=options, edit=edit)


class Game:
    """A game under test: play commands as the active seat and read its state and events."""

    def __init__(
        self,
        name: str,
        seat0: dict[str, Any] | None = None,
        seats: dict[int, dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        **game: Any,
    ):
        self.eng, self.gid = start(name, seat0, seats, options, **game)

    @property
    def t(self):
        return self.eng.table(self.gid)

    def id(self, zone: str, name: str, k: int = 0) -> str:
        return [c for c in self.t.zone(zone) if card_name(c) == name][k]

    def names(self, zone: str) -> list[str]:
        return [card_name(c) for c in self.t.zone(zone)]

    def play(self, kind: str, seat: int | None = None, **cmd: Any):
        seat = self.t.game.active if seat is None else seat
        return self.eng.submit(self.gid, seat, {"kind": kind, **cmd})

    def use(self, zone_card: str, name: str, ability: int = 0, **params: Any):
        return self.play("use", card=self.id(zone_card, name), ability=ability, **params)

    def legal(self, seat: int | None = None) -> list[dict[str, Any]]:
        return self.eng.legal(self.gid, self.t.game.active if seat is None else seat)

    def events(self, type_: str) -> list[dict[str, Any]]:
        return [e.data for e in self.eng.store.read(self.gid) if e.type == type_]

    def last(self, type_: str) -> dict[str, Any]:
        return self.events(type_)[-1]

    def rules_of(self, type_: str) -> list[str]:
        return [e.rule for e in self.eng.store.read(self.gid) if e.type == type_]
