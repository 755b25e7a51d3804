"""Drive `epochs` games through the real pipeline (sim.testing) from situation files."""

from __future__ import annotations

from pathlib import Path

import engine.games.epochs as epochs
from engine.mechanics import zones
from sim import testing

SITUATIONS = Path(epochs.__file__).parent / "situations"


class Game:
    """A game from a situation file; `game` and `options` override parts of its tables."""

    def __init__(self, name: str, options: dict | None = None, edit=None):
        self.eng, self.gid = testing.from_situation(SITUATIONS / f"{name}.toml", options=options, edit=edit)

    @property
    def t(self):
        return self.eng.table(self.gid)

    def play(self, actor: int, kind: str, /, **kw):
        return testing.play(self.eng, self.gid, actor, {"kind": kind, **kw})

    def force_dice(self, *faces: str) -> None:
        self.eng.force(self.gid, {"die:combat": list(faces)})

    def zone(self, name: str) -> list[str]:
        return list(self.t.zone(name))

    def names(self, name: str) -> list[str]:
        return [zones.card_name(c) for c in self.t.zone(name)]

    def events(self, *types: str, since: int = 0):
        return [e for e in self.eng.store.read(self.gid, since + 1) if not types or e.type in types]

    def fight_epoch(
        self, spaces: list[int], units: list[str], markers=(), seat: int = 0, epoch: str = "Antike"
    ):
        """Phase 1 and 2.a up to the end of deployment (the last `done` starts the combat);
        markers are (war marker name, unit name) pairs."""
        self.play(seat, "jump", epoch=epoch)
        self.play(seat, "fight_epoch")
        for space in spaces:
            self.play(seat, "target", space=space)
        self.play(seat, "done")
        for name in units:
            self.play(seat, "deploy", card=name)
        for marker, unit in markers:
            self.play(seat, "marker", marker=marker, unit=self.on_board(unit))
        return self.play(seat, "done")

    def on_board(self, name: str, board: str = "board.attack") -> str:
        """The id of the first unit called `name` on a combat board."""
        return next(c for c in self.t.zone(board) if zones.card_name(c) == name)

    def prompt(self):
        (p,) = self.eng.prompts(self.gid)
        return p


def of(events, typ: str):
    return [e for e in events if e.type == typ]


def line(events, name: str):
    (ev,) = [e for e in events if e.type == "line.resolved" and e.data["line"] == name]
    return ev
