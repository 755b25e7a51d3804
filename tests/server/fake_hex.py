"""A minimal stand-in ruleset, registered only inside the tests that ask for it: a hex map
and nested per-seat zones in the game's own view, the shape Mage Knight and DragonLords have,
so the generic web table is shown to render such a view with no table change."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine import registry
from engine.ruleset import Prompt, Ruleset

HEXES = [
    {"q": 0, "r": 0, "terrain": "plains", "site": None},
    {"q": 1, "r": 0, "terrain": "forest", "site": "Keep#1"},
    {"q": 0, "r": 1, "terrain": "hills", "site": "Mine#1"},
    {"q": -1, "r": 1, "terrain": "lake", "site": None},
]
MOVES = 6


class State(msgspec.Struct):
    active: int = 0
    moves: int = 0
    at: list[str] = []


class FakeHex(Ruleset):
    name = "fake-hex"
    players = (2,)
    State = State
    commands: ClassVar[dict[str, dict[str, Any]] | None] = {"move": {"to": str}, "rest": {}}
    catalog_file = "fake_hex_catalog.toml"

    def setup(self, ctx, t) -> None:
        ctx.emit("fx.placed", {"at": ["0,0", "0,0"]}, rule="FX-1")

    def apply(self, t, ev) -> None:
        g = t.game
        if ev.type == "fx.placed":
            g.at = list(ev.data["at"])
        elif ev.type == "fx.moved":
            g.at[ev.data["seat"]] = ev.data["to"]
            g.moves += 1
            g.active = 1 - ev.data["seat"]

    def handlers(self):
        return [("cmd.move", _move), ("cmd.rest", _move)]

    def prompts(self, t) -> list[Prompt]:
        return [] if t.over else [Prompt(t.game.active, "move", "FX-1")]

    def legal_commands(self, t, seat: int) -> list[dict[str, Any]]:
        if t.over or seat != t.game.active:
            return []
        return [
            {"kind": "move", "to": f"{h['q']},{h['r']}"}
            for h in HEXES
            if f"{h['q']},{h['r']}" != t.game.at[seat]
        ] + [{"kind": "rest"}]

    def game_view(self, t, seat):
        g = t.game
        return {
            "map": {"hexes": HEXES, "tiles_left": 3},
            "seats": [
                {
                    "seat": s,
                    "at": g.at[s] if g.at else None,
                    "units": {"ready": ["Peasants#1", "Foresters#2"], "wounded": []},
                    "deeds": {
                        "hand": ["March#1", "Rage#2"] if s == seat else 2,
                        "fame": {"points": 3 * s, "level": 1},
                    },
                }
                for s in range(t.players)
            ],
            "moves": g.moves,
            "round": {"number": 1, "day": True},
        }


def _move(ctx, t, ev) -> None:
    seat = ev.actor
    to = ev.data.get("to", t.game.at[seat])
    ctx.emit("fx.moved", {"seat": seat, "to": to, "hexes": [[0, 0], [1, 0]]}, rule="FX-1")
    if t.game.moves >= MOVES:
        ctx.emit(
            "game.over", {"winners": [0], "scores": {"0": 1, "1": 0}, "reason": "six moves made"}, rule="FX-1"
        )


RULESET = FakeHex()


def register() -> None:
    """Add the fake to the registry of this process only."""
    registry.rulesets()[RULESET.name] = RULESET
