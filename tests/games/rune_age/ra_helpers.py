"""Drive rune-age games through the real pipeline (sim.testing) from situation files."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games.rune_age as rune_age
from engine.errors import IllegalCommand
from engine.mechanics import zones
from sim import testing

SITUATIONS = Path(rune_age.__file__).parent / "situations"


class Game:
    """A game from a situation file; `edit` may change its [game] table first."""

    def __init__(
        self,
        name: str,
        options: dict | None = None,
        edit=None,
        forced: dict | None = None,
        players: int | None = None,
    ):
        self.eng, self.gid = testing.from_situation(
            SITUATIONS / f"{name}.toml", options=options, forced=forced, players=players, edit=edit
        )

    @classmethod
    def new(cls, players: int, seed: int = 1, **options) -> Game:
        self = cls.__new__(cls)
        self.eng, self.gid = testing.new_game("rune-age", players, seed, options)
        return self

    @property
    def t(self):
        return self.eng.table(self.gid)

    @property
    def g(self):
        return self.t.game

    def play(self, seat: int, kind: str, /, **kw):
        """Commands name the player's own hand cards by name; tests may pass the id they track."""
        hand = self.t.zone(f"hand:{seat}")
        cmd = {k: zones.card_name(v) if isinstance(v, str) and v in hand else v for k, v in kw.items()}
        return testing.play(self.eng, self.gid, seat, {"kind": kind, **cmd})

    def rejected(self, seat: int, kind: str, /, **kw) -> IllegalCommand:
        before = self.t.version
        with pytest.raises(IllegalCommand) as err:
            self.play(seat, kind, **kw)
        assert self.t.version == before
        return err.value

    def legal(self, seat: int) -> list[dict]:
        return self.eng.legal(self.gid, seat)

    def prompt(self):
        ps = self.eng.prompts(self.gid)
        return ps[0] if ps else None

    def zone(self, name: str) -> list[str]:
        return list(self.t.zone(name))

    def names(self, name: str) -> list[str]:
        return [zones.card_name(c) for c in self.t.zone(name)]

    def card(self, zone: str, name: str, nth: int = 0) -> str:
        return [c for c in self.t.zone(zone) if zones.card_name(c) == name][nth]

    def events(self, *types: str, since: int = 0):
        return [e for e in self.eng.store.read(self.gid, since + 1) if not types or e.type in types]

    def damage(self, seat: int) -> int:
        return self.t.damage.get(f"realm:{seat}", 0)

    def finish_turn(self, seat: int) -> None:
        """End the turn and discard the hand without keeping anything."""
        self.play(seat, "end_turn")
        if self.prompt() and self.prompt().kind == "keep":
            self.play(seat, "discard_hand")

    def rules_of(self, *types: str) -> list[str]:
        return [e.rule for e in self.events(*types)]
