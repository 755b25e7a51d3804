"""The cascade context handed to rule handlers: emit events, draw chance outcomes.

Emitting applies the event to the table at once, so a handler always reads current state;
subscribers of emitted events run after the handler returns, first emitted first (FIFO).
`ctx.events` is that queue: the bus walks it in order from `ctx.drained` (no second queue of
its own, one allocation less per event).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from engine.chance import rng_for
from engine.chance import shuffle as _shuffle
from engine.errors import CascadeAborted, EngineError
from engine.mechanics.dice import Die
from engine.table import CORE_FOLD, Table, _chance
from store import NewEvent

if TYPE_CHECKING:
    from engine.ruleset import Ruleset


class Emitted(NewEvent, frozen=True, gc=False):
    """An event a rule emitted: a NewEvent the cyclic garbage collector does not track. It
    refers only to its payload, its seats and strings, and nothing refers back to it from
    inside them, so it can never be part of a cycle; a game played in one group commit holds
    thousands of them until the commit, and tracked they made the collector run a third more
    often (each run walking them all again)."""


_enc, _dec = msgspec.json.Encoder(), msgspec.json.Decoder()
_encode, _decode = _enc.encode, _dec.decode
_core = CORE_FOLD.get
_ONLY_STR = frozenset((str,))


class Ctx:
    # slots: emit reads about ten of these per event
    __slots__ = (
        "_apply",
        "_base",
        "_rules",
        "_schemas",
        "actor",
        "cause",
        "command_id",
        "drained",
        "events",
        "limit",
        "opened",
        "ruleset",
        "salt",
        "seed",
        "situation",
        "table",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        table: Table,
        seed: str,
        command_id: str | None,
        actor: int | None,
        limit: int,
        situation: bool = False,
        salt: str | None = None,
    ):
        self.ruleset = ruleset
        self.table = table
        self.seed = seed
        self.salt = salt  # revealed with the seed at the end (invariant 3)
        # what the end reveals when it is more than the seed and salt (a live game's mixed
        # chance, CORE-3C: the server's seed, its salt and every contribution); else None
        self.opened: dict[str, Any] | None = None
        self.command_id = command_id
        self.actor = actor
        self.limit = limit
        self.situation = situation
        self.events: list[NewEvent] = []
        self.drained = 0  # events[:drained] have been handed to their subscribers (bus.run)
        self.cause: int | None = None
        self._base = table.version
        self._rules = ruleset.catalog.rules  # the rule ids an event may cite (invariant 4)
        self._schemas = ruleset.event_schemas
        self._apply = ruleset.apply

    # -- events -------------------------------------------------------------------------
    def emit(
        self,
        type: str,
        data: dict[str, Any],
        rule: str | None,
        vis: list[int] | None = None,
        actor: int | None = None,
        _owned: bool = False,
    ) -> NewEvent:
        """Record the event and fold it into the table. `_owned` (engine mechanics only): `data`
        is a dict the caller built for this event alone and drops, whose values are exact str,
        int, bool or None or lists of str, so its JSON decode would equal it: it is folded and
        handed on as it is instead of as a fresh decode of its bytes."""
        if rule not in self._rules:  # None is never in a catalog
            raise CascadeAborted(
                f"event {type} cites rule {rule!r}, which is not in the "
                f"{self.ruleset.name} rule catalog (invariant 4)"
            )
        events = self.events
        n = len(events)
        if n >= self.limit:
            raise CascadeAborted(f"cascade exceeded {self.limit} events; command aborted, nothing committed")
        if self.situation:
            data = {**data, "situation": True}
        # The bytes are taken now and are what the store writes (batch or not); the fold gets
        # a fresh decode, so it sees what a rebuild sees and can alias it without harm.
        raw = _encode(data)
        d = data if _owned else _decode(raw)
        ev = Emitted(
            type,
            d,
            None if vis is None else sorted(vis),
            self.actor if actor is None else actor,
            rule,
            self.cause,
            self.command_id,
            self._schemas.get(type, 1),
            raw,
        )
        events.append(ev)
        # engine.fold.fold_event, inlined (it runs once per event emitted): its steps in its
        # order; a rebuild folds with fold_event (test_speed_paths compares the two states)
        table = self.table
        table.version = self._base + n + 1
        if "chance" in d:
            _chance(table, d)
        step = _core(type)
        if step is None:
            self._apply(table, ev)
        else:
            step(table, d)
        return ev

    # -- chance (invariant 3) -----------------------------------------------------------
    def _next(self, stream: str) -> tuple[Any, bool, Any]:
        forced = self.table.forced.get(stream)
        rng = rng_for(self.seed, self.table.chance)
        if forced:
            return forced[0], True, rng
        return None, False, rng

    def roll(
        self,
        die: Die,
        n: int = 1,
        rule: str | None = None,
        stream: str | None = None,
        vis: list[int] | None = None,
    ) -> list[Any]:
        stream = stream or f"die:{die.name}"
        faces = []
        for _ in range(n):
            value, forced, rng = self._next(stream)
            if forced and value not in die.faces:
                raise EngineError(f"forced face {value!r} is not a face of die {die.name} {list(die.faces)}")
            face = value if forced else die.faces[rng.randrange(len(die.faces))]
            self.emit(
                "dice.rolled",
                {
                    "die": die.name,
                    "face": face,
                    "stream": stream,
                    "chance": self.table.chance,
                    "forced": forced,
                },
                rule,
                vis,
            )
            faces.append(face)
        return faces

    def shuffle(self, zone: str, rule: str | None = None) -> list[str]:
        stream = f"shuffle:{zone}"
        z = self.table.zones[zone]
        value, forced, rng = self._next(stream)
        rest = list(z.cards)
        top: list[str] = []
        if forced:
            for card in value:
                if card not in rest:
                    raise EngineError(f"forced shuffle of {zone}: {card!r} is not in the zone")
                rest.remove(card)
                top.append(card)
        _shuffle(rng, rest)
        order = top + rest
        vis: list[int] | None = None if z.vis == "public" else []
        data = {
            "zone": zone,
            "order": order,
            "n": len(order),
            "stream": stream,
            "chance": self.table.chance,
            "forced": forced,
        }
        # The event's own dict and list (the caller gets a copy of the order), every value as
        # its JSON decode gives it back when the zone's name and cards are plain strings: it
        # is folded as it is (`emit`'s `_owned`), not as a decode of a whole deck's names.
        owned = type(zone) is str and _ONLY_STR.issuperset(map(type, order))
        self.emit("zone.shuffled", data, rule, vis, None, owned)
        return list(order)

    def pick(
        self,
        stream: str,
        population: list[Any],
        k: int,
        rule: str | None = None,
        vis: list[int] | None = None,
    ) -> list[Any]:
        stream = f"pick:{stream}"
        value, forced, rng = self._next(stream)
        if forced:
            missing = [v for v in value if v not in population]
            if missing or len(value) != k:
                raise EngineError(f"forced pick on {stream}: {value!r} is not {k} of the population")
            picked = list(value)
        else:
            picked = rng.sample(list(population), k)
        self.emit(
            "chance.picked",
            {"stream": stream, "picked": picked, "chance": self.table.chance, "forced": forced},
            rule,
            vis,
        )
        return picked
