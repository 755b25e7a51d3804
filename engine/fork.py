"""The research game object: a fork of one game's state that plays commands in memory.

Why a state-only fork: the engine's rule handlers only need a Table and a cascade context
(engine.context.Ctx); the store is only where the events end up. Running the same cascade on a
private copy of the Table gives exactly the events the engine would store (the same seed gives
the same chance outcomes), without a database or event hashes.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from bus import RuleBus
from engine import registry
from engine.choices import ask
from engine.context import Ctx
from engine.errors import EngineError
from engine.narration import seat_name
from engine.pipeline import Engine
from engine.ruleset import Prompt, Ruleset
from engine.table import Table
from projections.state import decode, encode
from projections.views import state_view

_canon = msgspec.json.Encoder(order="sorted")
CASCADE_LIMIT = 20000


class IllegalMove(EngineError):
    """The command is not among legal(seat); the game is unchanged."""


class Game:
    """One game: legal(seat), apply(seat, command), view(seat), clone(), is_over(), returns(),
    events(). `to_act()` names the seat prompted first (None once over)."""

    def __init__(
        self,
        table: Table,
        seed: str,
        salt: str | None = None,
        events: list[dict[str, Any]] | None = None,
        record: bool = True,
    ):
        self.table = table
        self.ruleset = registry.get(table.ruleset)
        self.seed = seed
        self.salt = salt
        self.record = record
        self._events = events if events is not None else []
        self._bus = _bus(self.ruleset)

    # -- reading ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.table.players

    def is_over(self) -> bool:
        return self.table.over

    def prompts(self) -> list[Prompt]:
        return [] if self.table.over else self.ruleset.prompts(self.table)

    def to_act(self) -> int | None:
        p = self.prompts()
        return p[0].seat if p else None

    def legal(self, seat: int) -> list[dict[str, Any]]:
        if self.table.over:
            return []
        return self.ruleset.legal_commands(self.table, seat)

    def choices(self, seat: int, expand: str | None = None) -> dict[str, Any]:
        """What `seat` may do as questions in words (engine/choices.py, the JSON of
        `runeledger choices`): the first question, or the step an `expand` token stands for."""
        tree: dict[str, Any] = msgspec.to_builtins(ask(self.ruleset, self.table, seat, expand))
        return tree

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator); the same view the CLI's `state` gives."""
        return state_view(self.ruleset, self.table, seat)

    def returns(self) -> list[float]:
        """Per seat: 1 for a sole winner, 1/k for each of k shared winners, 0 otherwise
        (all 0 while the game runs)."""
        w = self.table.winners if self.table.over else []
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.table.players)]

    def events(self) -> list[dict[str, Any]]:
        """Every event so far (set-up included), as dicts: version, type, actor, rule, data."""
        return list(self._events)

    # -- playing ------------------------------------------------------------------------
    def apply(self, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Play one legal command; returns its events. IllegalMove leaves the game as it was."""
        table = self.table
        if table.over:
            raise IllegalMove("the game is over")
        wanted = _canon.encode(command)
        if not any(_canon.encode(c) == wanted for c in self.legal(seat)):
            raise IllegalMove(f"{command!r} is not a legal command for {seat_name(seat)} now")
        return self.apply_unchecked(seat, command)

    def apply_unchecked(self, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
        """apply() for a command taken from legal(seat) just now (search skips the check)."""
        table, rs = self.table, self.ruleset
        rule = next((p.rule for p in rs.prompts(table) if p.seat == seat), "CORE-5")
        base = table.version
        ctx = Ctx(rs, table, self.seed, f"{table.game_id}:{base + 1}", seat, CASCADE_LIMIT, salt=self.salt)
        ctx.emit(f"cmd.{command['kind']}", command, rule, rs.command_vis(table, seat, command))
        self._bus.run(ctx)
        out = [
            {
                "version": base + i + 1,
                "type": e.type,
                "actor": e.actor,
                "rule": e.rule,
                "vis": e.vis,
                "data": e.data,
            }
            for i, e in enumerate(ctx.events)
        ]
        if self.record:
            self._events.extend(out)
        return out

    def clone(self, record: bool | None = None) -> Game:
        """An independent copy (state and event list); `record=False` skips keeping events."""
        rec = self.record if record is None else record
        return Game(
            decode(self.ruleset, encode(self.table)),
            self.seed,
            self.salt,
            list(self._events) if rec else [],
            rec,
        )

    def reseed(self, seed: str) -> None:
        """Give the fork a different future: chance from now on follows `seed` (a bot that
        cannot know the real seed searches over futures of its own)."""
        self.seed = seed


class Frozen:
    """A game kept as its encoded state: each `thaw()` is a fresh, independent Game that keeps
    no events. A search plays copies of one determinization many times; this encodes it
    once, where `clone()` would encode it again for every copy."""

    __slots__ = ("_blob", "_ruleset", "_salt", "_seed")

    def __init__(self, game: Game):
        self._blob = encode(game.table)
        self._ruleset, self._seed, self._salt = game.ruleset, game.seed, game.salt

    def thaw(self) -> Game:
        return Game(decode(self._ruleset, self._blob), self._seed, self._salt, record=False)


_buses: dict[str, RuleBus] = {}


def _bus(rs: Ruleset) -> RuleBus:
    bus = _buses.get(rs.name)
    if bus is None:
        bus = _buses[rs.name] = Engine(":memory:").bus(rs)
    return bus


def open(
    ruleset: str, players: int = 2, seed: str | int | None = None, options: dict[str, Any] | None = None
) -> Game:
    """Set a game up with the real engine and return it as a Game to play in memory."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    eng = Engine(":memory:")
    gid = eng.create(ruleset, players, seed=seed, options=options or {}, game_id=f"{ruleset}-research")
    seed_s, salt = eng._seed_and_salt(gid)
    events = [
        {"version": e.version, "type": e.type, "actor": e.actor, "rule": e.rule, "vis": e.vis, "data": e.data}
        for e in eng.store.read(gid)
    ]
    table = decode(eng.ruleset(gid), encode(eng.table(gid)))
    eng.store.close()
    return Game(table, seed_s, salt, events)
