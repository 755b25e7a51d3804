"""The shape of a fact table (columns with types and meanings, an extractor over a game) and
the helpers the per-ruleset modules share."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pyarrow as pa

from analytics.names import Name, Names, names
from engine import registry
from engine.fold import fold_event
from engine.ruleset import Ruleset
from engine.table import Table
from engine.upcast import as_read_now
from projections.state import table_from_created


class Column(NamedTuple):
    name: str
    type: pa.DataType
    doc: str


KEY = (
    Column("game_id", pa.string(), "the game"),
    Column("version", pa.int64(), "the place in the game of the event the fact is read from"),
    Column("seat", pa.int32(), "the seat the fact is about (empty where it concerns no seat)"),
)


@dataclass
class Game:
    """One finished game as the extractors read it: each event with its payload as the export's
    viewer may see it (`data[i]` belongs to `events[i]`)."""

    game_id: str
    ruleset: str
    events: list[Any]
    data: list[dict[str, Any]]
    names: Names = field(init=False)
    rules: Ruleset = field(init=False)
    memo: dict[str, Any] = field(default_factory=dict)  # what one walk found, shared by tables

    def __post_init__(self) -> None:
        self.names = names(self.ruleset)
        self.rules = registry.get(self.ruleset)

    def walk(self) -> Iterator[tuple[Any, dict[str, Any], Table]]:
        """Each event with its payload and the game's table just before it, folded through the
        engine's own steps (projections.state, engine.fold) for facts no payload carries (the
        site on a space, who holds a territory). The state is the referee's: read only public
        parts of it. Events are folded as the current code reads them (upcast); an undo goes
        back to the state it names, as a rebuild does."""
        stream = as_read_now(self.rules, self.events)
        rs, table = self._fold(stream, 1)
        yield self.events[0], self.data[0], table
        for i, (e, d) in enumerate(zip(self.events[1:], self.data[1:], strict=True), start=1):
            yield e, d, table
            if stream[i].type == "undo.done":
                rs, table = self._fold(stream, int(stream[i].data["to"]))
                table.version = e.version
            else:
                fold_event(rs, table, stream[i], e.version)

    @staticmethod
    def _fold(stream: list[Any], n: int) -> tuple[Ruleset, Table]:
        """The table after the first `n` events."""
        rs, table = table_from_created(stream[0])
        for ev in stream[1:n]:
            if ev.type == "undo.done":  # an earlier undo: the state it went back to
                rs, table = Game._fold(stream, int(ev.data["to"]))
                table.version = ev.version
            else:
                fold_event(rs, table, ev, ev.version)
        return rs, table

    def each(self, *types: str) -> Iterator[tuple[Any, dict[str, Any]]]:
        for e, d in zip(self.events, self.data, strict=True):
            if e.type in types:
                yield e, d

    def name(self, instance: Any, kinds: tuple[str, ...] = ()) -> Name | None:
        return self.names.of(instance if isinstance(instance, str) else None, kinds)


Rows = Iterable[dict[str, Any]]


@dataclass(frozen=True)
class FactTable:
    name: str
    ruleset: str
    per: str  # what one row is
    columns: tuple[Column, ...]  # after KEY
    extract: Callable[[Game], Rows]
    note: str = ""  # what the events do not tell, said rather than invented

    @property
    def all_columns(self) -> tuple[Column, ...]:
        return KEY + self.columns

    @property
    def schema(self) -> pa.Schema:
        return pa.schema([(c.name, c.type) for c in self.all_columns])

    def rows(self, game: Game) -> list[dict[str, Any]]:
        keys = [c.name for c in self.all_columns]
        out = []
        for r in self.extract(game):
            r.setdefault("game_id", game.game_id)
            out.append({k: r.get(k) for k in keys})
        return out


def named(prefix: str, doc: str) -> tuple[Column, ...]:
    """The English and German name columns of a card, unit or monster, and its instance id."""
    return (
        Column(f"{prefix}_en", pa.string(), f"{doc}: English name"),
        Column(
            f"{prefix}_de", pa.string(), f"{doc}: German print name (empty where the game prints in English)"
        ),
        Column(
            f"{prefix}_id",
            pa.string(),
            f"{doc}: its id in the events (with the copy number after #, where copies are numbered)",
        ),
    )


def name_cells(game: Game, prefix: str, instance: Any, kinds: tuple[str, ...] = ()) -> dict[str, Any]:
    n = game.name(instance, kinds)
    return {
        f"{prefix}_en": n.en if n else None,
        f"{prefix}_de": n.de if n else None,
        f"{prefix}_id": instance if isinstance(instance, str) else None,
    }


NAME_LIST = pa.list_(pa.struct([("en", pa.string()), ("de", pa.string())]))


def name_list(game: Game, instances: Iterable[Any], kinds: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Names of several cards as a LIST of STRUCT(en, de)."""
    out = []
    for i in instances:
        n = game.name(i, kinds)
        if n is not None:
            out.append({"en": n.en, "de": n.de})
    return out


def seat_of(e: Any, d: dict[str, Any], key: str = "seat") -> int | None:
    """The seat a payload names, else the event's actor."""
    s = d.get(key)
    return s if isinstance(s, int) and not isinstance(s, bool) else e.actor


def num(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def dice_table(name: str, ruleset: str) -> FactTable:
    """Every die rolled (`dice.rolled`): the same table in each game that rolls dice."""

    def rows(g: Game) -> Rows:
        for e, d in g.each("dice.rolled"):
            face = d.get("face")
            yield {
                "version": e.version,
                "seat": e.actor,
                "die": d.get("die"),
                "face": None if face is None else str(face),
                "forced": d.get("forced"),
            }

    cols = (
        Column("die", pa.string(), "which die"),
        Column("face", pa.string(), "the face rolled, as printed (numbers as text)"),
        Column("forced", pa.bool_(), "a forced roll (a test's or a judge's, not chance)"),
    )
    return FactTable(name, ruleset, "die rolled", cols, rows)


Factions = Callable[[Game], dict[int, str]]


def seats_table(ruleset: str, factions: Factions | None = None) -> FactTable:
    """One row per seat of a game: what it played as and how it ended, the unit of a win rate
    by seat, hero, race or faction (the same table in every ruleset)."""

    def rows(g: Game) -> Rows:
        created = g.events[0]
        over = next((e for e in reversed(g.events) if e.type == "game.over"), None)
        winners = list(over.data.get("winners") or []) if over else []
        scores = (over.data.get("scores") or {}) if over else {}
        sides = factions(g) if factions else {}
        for seat in range(created.data.get("players", 0)):
            won = seat in winners
            yield {
                "version": over.version if over else created.version,
                "seat": seat,
                "ruleset": ruleset,
                "players": created.data.get("players"),
                "faction": sides.get(seat),
                "won": won,
                "win_share": 1.0 / len(winners) if won else 0.0,
                "score": num(scores.get(str(seat))),
            }

    cols = (
        Column("ruleset", pa.string(), "the rules played"),
        Column("players", pa.int32(), "seats in the game"),
        Column(
            "faction",
            pa.string(),
            "what the seat played as: the hero (Mage Knight), the race or races of its armies "
            "(DragonLords, joined by +), the faction (Rune Age); empty where the game has none",
        ),
        Column("won", pa.bool_(), "the seat is among the winners"),
        Column("win_share", pa.float64(), "1/k when it shares the win with k-1 others, else 0"),
        Column("score", pa.float64(), "its final score where the rules give a number"),
    )
    return FactTable("seats", ruleset, "seat of a finished game", cols, rows)
