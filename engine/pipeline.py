"""The command pipeline: validate, record the decision, run the cascade, commit atomically.

Validation happens before anything is touched; once the cascade has started, any failure
throws the working state away (it is rebuilt from the store on next use), so an aborted
command leaves neither events nor a half-changed state behind.
"""

from __future__ import annotations

import gc
import logging
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeAlias

import msgspec

from bus import RuleBus
from engine import choices as choices_mod
from engine import logs, registry
from engine.boundary import check_command, check_forced, check_game_id, check_seat
from engine.chance import mixed_seed
from engine.commands import check_shape
from engine.context import Ctx
from engine.errors import BadInput, CascadeAborted, EngineError, IllegalCommand
from engine.explain import what_differs
from engine.logs import configure, get_logger
from engine.narration import imperative, seat_name
from engine.ruleset import Illegal, Prompt, Ruleset
from engine.situation import stated
from engine.table import Table
from engine.undo import UNDO_KIND, check_undo, last_own_decision
from projections.state import StateReader, encode, table_from_created
from store import EventStore, MemoryStore, NewEvent, StoredEvent, VersionConflict
from store.commitment import commitment, new_salt

log = get_logger("runeledger.engine")
_canon = msgspec.json.Encoder(order="sorted")


def canonical(cmd: Any) -> bytes:
    return _canon.encode(cmd)


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _reveal_seed(ctx: Ctx, table: Table, ev: NewEvent) -> None:
    if table.seed is None and ctx.opened is not None:  # a live game's mix (CORE-3C)
        ctx.emit("seed.revealed", ctx.opened, "CORE-3")
    elif table.seed is None:
        opened = {"seed": ctx.seed} if ctx.salt is None else {"seed": ctx.seed, "salt": ctx.salt}
        ctx.emit("seed.revealed", opened, "CORE-3")


MAX_CONTRIBUTION = 256

# The arguments of `Ctx.emit` for the event that opens a cascade: type, data, rule (, vis).
Emitted4: TypeAlias = tuple[str, dict[str, Any], str | None, list[int] | None]
Emitted: TypeAlias = tuple[str, dict[str, Any], str | None] | Emitted4


def check_contribution(value: Any) -> str:
    """A seat's (or the creator's) secret for the mix: any text of 1 to 256 characters, so a
    client may send 32 random bytes in hex or a phrase; anything else is bad input."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_CONTRIBUTION:
        raise BadInput(
            "CORE-3C",
            f"a contribution is a string of 1 to {MAX_CONTRIBUTION} characters, not {_short(value)}",
        )
    return value


def _mix(ctx: Ctx, seed: str, salt: str | None, table: Table) -> None:
    """Point a live game's context at its mixed seed (CORE-3C) and prepare what the end
    reveals: the server's seed and salt and every contribution, so anyone can recompute
    the mixed seed and check each commitment."""
    mix = table.mix or []  # called for a live game only: its table has a mix
    ctx.seed = mixed_seed(seed, mix)
    opened: dict[str, Any] = {"seed": seed}
    if salt is not None:
        opened["salt"] = salt
    opened["contributions"] = [list(m) for m in mix]
    ctx.opened = opened


def _contribution_event(who: int | str, value: str | None, salt: str | None) -> Emitted4:
    """The event that commits one contribution: public are who and the commitment (or that a
    seat declined); the secret and its salt are seen by the contributing seat only (the
    creator's by nobody) until the end reveals them."""
    if value is None:
        return ("chance.contributed", {"who": who, "declined": True}, "CORE-3C", None)
    salt = salt or new_salt()
    data = {"who": who, "commitment": commitment(value, salt), "value": value, "salt": salt}
    return ("chance.contributed", data, "CORE-3C", [who] if type(who) is int else [])


_frozen = False


def _freeze_once() -> None:
    """Before the first group commit of the process: the modules, rule catalogs and card
    content loaded by then live as long as the process, so move them out of the cyclic
    garbage collector's sight (gc.freeze). Its full collections then scan only what games
    allocate (they were 6% of a Thunderstone simulation, mostly re-scanning that content).
    Once per process only, after a collection, so no garbage is kept."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


class Engine:
    """Synchronous core; `engine.live.LiveEngine` adds trio listeners on top."""

    def __init__(
        self, store: EventStore | MemoryStore | str, snapshot_every: int = 256, cascade_limit: int = 20000
    ):
        configure()
        self.store = store if isinstance(store, (EventStore, MemoryStore)) else EventStore(store)
        self.reader = StateReader(self.store)
        self.snapshot_every = snapshot_every
        self.cascade_limit = cascade_limit
        self._tables: dict[str, Table] = {}
        self._buses: dict[str, RuleBus] = {}
        self._rulesets: dict[str, Ruleset] = {}
        self._seeds: dict[str, tuple[str, str | None]] = {}
        self._pending: list[tuple[str, int, list[NewEvent]]] | None = None
        self._legal: dict[tuple[str, int], tuple[int, Table, set[bytes]]] = {}
        self._listed: tuple[str, int, int, Table, list[dict[str, Any]]] | None = None  # see bot_legal
        self._prompted: tuple[Table, int, tuple[Prompt, ...]] | None = None  # see prompts
        self._log: Any = log  # the module logger; one bound for a batch, None while info is dropped

    # -- plumbing -----------------------------------------------------------------------
    def bus(self, rs: Ruleset) -> RuleBus:
        bus = self._buses.get(rs.name)
        if bus is None:
            bus = RuleBus()
            for event_type, handler in rs.handlers():
                bus.subscribe(event_type, handler)
            bus.subscribe("game.over", _reveal_seed)
            self._buses[rs.name] = bus
        return bus

    def table(self, game_id: str) -> Table:
        table = self._tables.get(game_id)
        if table is None:
            check_game_id(game_id)
            if not self.store.version(game_id):
                raise BadInput("CORE-5", f"no game {game_id!r} in {self.store.path}")
            table = self._tables[game_id] = self.reader.state_at(game_id)
        return table

    def forget(self, game_id: str) -> None:
        """Drop a game's live state from memory (it is rebuilt from the store if used again)."""
        self._tables.pop(game_id, None)
        self._seeds.pop(game_id, None)
        for key in [k for k in self._legal if k[0] == game_id]:
            del self._legal[key]
        if self._listed is not None and self._listed[0] == game_id:
            self._listed = None
        if self._prompted is not None and self._prompted[0].game_id == game_id:
            self._prompted = None

    def ruleset(self, game_id: str) -> Ruleset:
        table = self._tables.get(game_id)
        return self._ruleset((table if table is not None else self.table(game_id)).ruleset)

    def _ruleset(self, name: str) -> Ruleset:
        """`registry.get`, remembered per engine: asked several times per bot decision."""
        rs = self._rulesets.get(name)
        if rs is None:
            rs = self._rulesets[name] = registry.get(name)
        return rs

    def seed(self, game_id: str) -> str:
        return self._seed_and_salt(game_id)[0]

    def _seed_and_salt(self, game_id: str) -> tuple[str, str | None]:
        s = self._seeds.get(game_id)
        if s is None:
            seed, salt, _, _ = self.store.seed_record(game_id)
            s = self._seeds[game_id] = (seed, salt)
        return s

    def _ctx(self, rs: Ruleset, table: Table, actor: int | None) -> Ctx:
        seed, salt = self._seed_and_salt(table.game_id)
        ctx = Ctx(
            rs, table, seed, f"{table.game_id}:{table.version + 1}", actor, self.cascade_limit, salt=salt
        )
        if table.mix is not None:
            _mix(ctx, seed, salt, table)
        return ctx

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group commit: every command inside shares one transaction (simulations).

        The cyclic garbage collector keeps running: a batch may hold a whole game of search
        bots (simulate), whose forks and playouts must not pile up until the commit."""
        _freeze_once()
        self._pending = []
        # The per-command log line through a logger bound once for the batch: the module's
        # lazy proxy builds a new bound logger on every call (the logging set-up is the one
        # in force when the batch starts); none at all while info lines are dropped anyway.
        self._log = None if logs.dropped(logging.INFO) else log.bind()
        try:
            yield
            pending, self._pending = self._pending, None
            if pending:
                if isinstance(self.store, MemoryStore):  # each command's lists are its own (Ctx.emit)
                    self.store.append_many(pending, returning=False, handed_over=True)
                else:
                    self.store.append_many(pending, returning=False)
        except BaseException:
            for gid, _, _ in self._pending or []:
                self._tables.pop(gid, None)
            self._pending = None
            raise
        finally:
            self._log = log

    def _commit(self, game_id: str, base: int, ctx: Ctx) -> list[StoredEvent] | None:
        if self._pending is not None:
            self._pending.append((game_id, base, ctx.events))
            return None
        stored = self.store.append(game_id, base, ctx.events)
        table = self._tables.get(game_id)
        if table is not None and table.version // self.snapshot_every > base // self.snapshot_every:
            self.store.save_snapshot(game_id, table.version, encode(table))
        return stored

    def _run(self, rs: Ruleset, table: Table, ctx: Ctx, first: Emitted) -> None:
        try:
            ctx.emit(*first)
            bus = self._buses.get(rs.name)
            (bus if bus is not None else self.bus(rs)).run(ctx)
        except Exception as exc:
            self._tables.pop(table.game_id, None)
            if isinstance(exc, CascadeAborted):
                raise
            raise CascadeAborted(
                f"rule handler failed, command aborted and nothing committed: {exc!r}"
            ) from exc

    # -- games --------------------------------------------------------------------------
    def create(
        self,
        game: str,
        players: int,
        seed: str | int | None = None,
        options: dict[str, Any] | None = None,
        analysis: bool = False,
        situation: dict[str, Any] | None = None,
        game_id: str | None = None,
        salt: str | None = None,
        *,
        contributions: list[int] | None = None,
        creator: str | None = None,
        creator_salt: str | None = None,
        publish_seed: bool = False,
        seat_tokens: list[tuple[str, str, str | None]] | None = None,
    ) -> str:
        """`salt` and `creator_salt` are for replay only (they re-create a game as stored).

        A live game's fair chance (CORE-3C): `contributions` lists the seats whose secret the
        deal waits for (empty: deal now); the chance is then drawn from a mix of `seed` (the
        server's own) and every contribution, `creator`'s first (a seed its creator asked for,
        outside analysis mode only one more secret in the mix). `publish_seed` writes the seed
        into the public header (a client's seed in analysis mode: everyone may know it).
        `seat_tokens` ([(seat, token hash, bot)]) are stored in the same transaction as the
        game, so a game never exists without its seats."""
        rs = registry.get(game)
        if players not in rs.players:
            raise IllegalCommand("CORE-1", f"{game} is for {list(rs.players)} players, not {players}")
        opts = rs.check_options(options or {})
        seed = str(seed) if seed is not None else secrets.token_hex(16)
        game_id = game_id or f"{game}-{secrets.token_hex(6)}"
        if self.store.version(game_id):
            raise EngineError(f"game {game_id} already exists")
        salt = salt or new_salt()
        seed_hash = commitment(seed, salt)
        created = {
            "ruleset": rs.name,
            "version": rs.version,
            "players": players,
            "options": opts,
            "seed_hash": seed_hash,
            "analysis": analysis,
            "situation": situation,
        }
        if contributions is not None:
            if situation is not None or analysis:
                raise EngineError(
                    "contributions mix chance for live games, not for situations or analysis games"
                )
            if any(type(s) is not int or not 0 <= s < players for s in contributions):
                raise BadInput(
                    "CORE-3C", f"contributions are awaited from seats of the game, not {contributions!r}"
                )
            created["contributions"] = {"awaited": sorted(set(contributions))}
            if creator is not None:
                check_contribution(creator)
        if publish_seed:
            created["client_seed"] = seed
        probe = StoredEvent(
            0, game_id, 1, "game.created", 1, created, None, None, "CORE-1", None, None, "", "", 0.0
        )
        _, table = table_from_created(probe)
        table.version = 0
        ctx = Ctx(rs, table, seed, f"{game_id}:1", None, self.cascade_limit, salt=salt)
        try:
            ctx.emit("game.created", created, "CORE-1")
            if contributions is not None and creator is not None:
                ctx.emit(*_contribution_event("creator", creator, creator_salt))
            if situation and situation.get("forced"):
                ctx.emit("chance.forced", {"outcomes": situation["forced"]}, "CORE-3F")
            ctx.situation = situation is not None
            if situation is not None:
                # a key or value the file got wrong is bad input for every game (exit 2)
                stated(rs.situation)(ctx, table, situation.get("game", {}))
            elif not table.awaiting:  # else the deal waits for the seats' contributions
                if table.mix is not None:
                    _mix(ctx, seed, salt, table)
                try:
                    rs.setup(ctx, table)
                except ValueError as exc:  # options the set-up refuses: the caller's input
                    raise BadInput("CORE-1O", str(exc)) from None
            ctx.situation = False
            self.bus(rs).run(ctx)
            if situation and situation.get("forced"):
                # checked once the set-up made the zones a forced shuffle names; a bad face
                # stored here would abort every later command that rolls the die
                try:
                    check_forced(situation["forced"], table, rs.dice(table))
                except IllegalCommand as exc:  # the file's fault: bad input (exit 2)
                    raise BadInput(exc.rule, exc.reason) from None
        except EngineError:
            raise
        except Exception as exc:
            raise CascadeAborted(f"set-up of {game} failed, nothing stored: {exc!r}") from exc
        with self.store.transaction():
            self.store.put_seed(game_id, seed, salt, seed_hash)
            if seat_tokens is not None:
                self.store.put_seat_tokens(game_id, seat_tokens)
            self.store.append(game_id, 0, ctx.events, returning=False)
        self._tables[game_id] = table
        self._seeds[game_id] = (seed, salt)
        log.info(
            "game_created",
            game_id=game_id,
            ruleset=rs.name,
            players=players,
            events=len(ctx.events),
            situation=situation is not None,
        )
        return game_id

    def prompts(self, game_id: str) -> list[Prompt]:
        table = self._tables.get(game_id)
        if table is None:
            table = self.table(game_id)
        if table.over:
            return []
        if table.awaiting:  # nothing is dealt yet: the seats' contributions come first
            got = [
                Prompt(
                    s,
                    "contribute",
                    "CORE-3C",
                    "add a secret to the game's chance, or decline, to let the deal begin",
                )
                for s in table.awaiting
            ]
            self._prompted = (table, table.version, tuple(got))
            return got
        rs = self._rulesets.get(table.ruleset)
        got = (rs if rs is not None else self._ruleset(table.ruleset)).prompts(table)
        self._prompted = (table, table.version, tuple(got))  # `_play` reads the rule from it
        return got

    def legal(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        table = self.table(game_id)
        check_seat(seat, table.players)
        if table.over or table.awaiting:
            return []
        cmds = self.ruleset(game_id).legal_commands(table, seat)
        # Kept as canonical bytes (not the dicts, which the caller may change) so that
        # submitting one of them at this version need not enumerate the moves again.
        enc = _canon.encode
        self._legal[(game_id, seat)] = (table.version, table, {enc(c) for c in cmds})
        return cmds

    def bot_legal(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        """The legal commands of `seat` now, for the engine's own bots: like `legal`, but the
        list is kept as it is (not as canonical bytes), so that `play_listed` can take one of
        its commands without enumerating or encoding the moves again. The caller must not
        change the list or its commands."""
        table = self._tables.get(game_id)
        if table is None:
            table = self.table(game_id)
        check_seat(seat, table.players)
        if table.over or table.awaiting:
            cmds = []
        else:
            rs = self._rulesets.get(table.ruleset)
            cmds = (rs if rs is not None else self._ruleset(table.ruleset)).legal_commands(table, seat)
        self._listed = (game_id, seat, table.version, table, cmds)
        return cmds

    def play_listed(self, game_id: str, seat: int, cmd: dict[str, Any]) -> list[StoredEvent] | None:
        """Play `cmd`, one of the commands the last `bot_legal` listed for this seat at this
        version (the very object, unchanged): that listing is its legality check. Anything
        else goes through `submit` and its checks."""
        listed = self._listed
        self._listed = None
        table = self._tables.get(game_id)
        if (
            listed is None
            or listed[0] != game_id
            or listed[1] != seat
            or table is not listed[3]
            or table.version != listed[2]
        ):
            return self.submit(game_id, seat, cmd)
        for c in listed[4]:  # a loop, not any() over a generator: once per bot decision
            if c is cmd:
                return self._play(game_id, seat, cmd, table)
        return self.submit(game_id, seat, cmd)

    def play_chosen(self, game_id: str, seat: int, cmd: dict[str, Any]) -> list[StoredEvent] | None:
        """Play `cmd`, which a bot took from `seat`'s choice tree at this version (a leaf, or a
        pick with an allowed number of values), without listing every legal command again to
        check it: a tree offers only legal commands (tests/choice_checks.py holds every
        ruleset's tree to that at every decision of seeded games). The seat must be prompted;
        a command from anywhere else goes through `submit` and its checks."""
        table = self.table(game_id)
        rs = self._rulesets.get(table.ruleset) or self._ruleset(table.ruleset)
        if table.over or table.awaiting:
            return self.submit(game_id, seat, cmd)  # refused there, with its reason
        for p in self._asked(rs, table):  # a loop, not any() over a generator: once per bot decision
            if p.seat == seat:  # the prompt found here gives the decision's rule
                return self._play(game_id, seat, rs.same_command(table, seat, cmd), table, p.rule)
        return self.submit(game_id, seat, cmd)

    def _asked(self, rs: Ruleset, table: Table) -> Sequence[Prompt]:
        """The table's prompts now: those `prompts` just listed when they are of this table at
        this version (a bot asks, then plays), else the ruleset's, asked again."""
        last = self._prompted
        return last[2] if last and last[0] is table and last[1] == table.version else rs.prompts(table)

    def _is_legal(self, table: Table, rs: Ruleset, seat: int, cmd: dict[str, Any]) -> bool:
        wanted = canonical(cmd)
        known = self._legal.get((table.game_id, seat))
        if known is not None and known[0] == table.version and known[1] is table:
            return wanted in known[2]
        return any(canonical(c) == wanted for c in rs.legal_commands(table, seat))

    def check(self, game_id: str, seat: int, cmd: Any) -> Illegal | None:
        """None when `cmd` is legal for `seat` now; else the rule and what is wrong.
        Raises BadInput for what is not a command or not a seat at all."""
        table = self.table(game_id)
        check_seat(seat, table.players)
        check_command(cmd)
        rs = self._ruleset(table.ruleset)
        if table.over:
            return Illegal("CORE-5", "the game is over")
        if table.awaiting:
            return Illegal(
                "CORE-3C",
                "nothing is dealt yet: the deal waits for "
                + ", ".join(seat_name(s) for s in table.awaiting)
                + " to connect and add a contribution or decline",
            )
        cmd = rs.same_command(table, seat, cmd)
        if self._is_legal(table, rs, seat, cmd):
            return None
        # Not legal: say why. The shape is checked first so `explain` only reads well-typed
        # fields (a legal command never meets a declaration, so one cannot refuse it).
        check_shape(rs, cmd)
        try:
            why = rs.explain(table, seat, cmd)
        except Exception as exc:  # a game's explain must not turn a refusal into a crash
            log.error("explain_failed", game_id=game_id, ruleset=rs.name, error=repr(exc))
            why = None
        if why is None:
            mine = [p for p in rs.prompts(table) if p.seat == seat]
            if not mine:
                return Illegal("CORE-5", f"{seat_name(seat)} has nothing to decide now")
            why = Illegal(
                mine[0].rule,
                f"{cmd.get('kind')!r} is not a legal answer to {mine[0].kind!r} for {seat_name(seat)}",
            )
        legal = rs.legal_commands(table, seat)
        if not legal:
            return why
        return Illegal(why.rule, f"{why.reason}; {what_differs(cmd, legal, why.reason)}")

    def submit(
        self, game_id: str, seat: int, cmd: Any, expected_version: int | None = None
    ) -> list[StoredEvent] | None:
        """Play one command; IllegalCommand leaves the log untouched (it is noted as rejected).

        `expected_version` is the version the caller saw: if the game has moved on since,
        the command is refused as a version conflict, even when it would still be legal."""
        if expected_version is not None:
            self.table(game_id)  # the game exists
            head = self.store.version(game_id)
            if head != self._tables[game_id].version:  # another writer moved the game on
                self._tables.pop(game_id, None)
            if type(expected_version) is not int or expected_version != head:
                raise VersionConflict(game_id, expected_version, head)
        if isinstance(cmd, dict) and cmd.get("kind") == UNDO_KIND and set(cmd) <= {"kind", "to"}:
            return self.undo(game_id, cmd.get("to"), seat)  # type: ignore[arg-type]  # checked in undo  # the tree's "Undo: …" option (CORE-6)
        try:
            bad = self.check(game_id, seat, cmd)
            if bad is None:  # played as listed: a set written in another order is the same command
                table = self.table(game_id)
                cmd = self._ruleset(table.ruleset).same_command(table, seat, cmd)
        except BadInput as exc:
            self.note_rejected(game_id, seat, cmd, exc.rule, exc.reason)
            raise
        if bad is not None:
            self.note_rejected(game_id, seat, cmd, bad.rule, bad.reason)
            raise IllegalCommand(bad.rule, bad.reason)
        return self._play(game_id, seat, cmd, self.table(game_id))

    def _play(
        self, game_id: str, seat: int, cmd: dict[str, Any], table: Table, rule: str | None = None
    ) -> list[StoredEvent] | None:
        """Run a command found legal and commit it (the second half of `submit`); `rule` is the
        rule of the seat's prompt when the caller has just found it (else it is looked up)."""
        rs = self._rulesets.get(table.ruleset)
        if rs is None:
            rs = self._ruleset(table.ruleset)
        if rule is None:
            rule = "CORE-5"
            for p in self._asked(rs, table):
                if p.seat == seat:
                    rule = p.rule
                    break
        base = table.version
        ctx = self._ctx(rs, table, seat)
        self._run(rs, table, ctx, (f"cmd.{cmd['kind']}", cmd, rule, rs.command_vis(table, seat, cmd)))
        try:
            stored = self._commit(game_id, base, ctx)
        except VersionConflict:
            self._tables.pop(game_id, None)
            raise
        lg = self._log  # outside a batch the module logger: no line built while info is dropped
        if lg is not None and (lg is not log or not logs.dropped(logging.INFO)):
            lg.info(
                "command",
                game_id=game_id,
                seat=seat,
                kind=cmd["kind"],
                events=len(ctx.events),
                version=table.version,
                over=table.over,
            )
        return stored

    def contribute(
        self, game_id: str, seat: int, value: str | None, salt: str | None = None
    ) -> list[StoredEvent] | None:
        """A seat's secret for a live game's chance, or its decline (value None), given once
        when it first connects (CORE-3C). Only its commitment is public now; the end reveals
        it. The last awaited answer deals the game from the mixed seed in the same commit.
        `salt` is for replay only."""
        table = self.table(game_id)
        check_seat(seat, table.players)
        if value is not None:
            check_contribution(value)
        if table.mix is None:
            raise IllegalCommand(
                "CORE-3C", "this game takes no contributions: its chance was fixed when it was created"
            )
        if seat not in table.awaiting:
            raise IllegalCommand(
                "CORE-3C",
                f"{seat_name(seat)} has already contributed or declined; a contribution is given once",
            )
        rs = self.ruleset(game_id)
        base = table.version
        ctx = self._ctx(rs, table, None)  # the deal that may follow is nobody's decision
        try:
            ctx.emit(*_contribution_event(seat, value, salt), actor=seat)
            if not table.awaiting:  # the last one: deal from the mixed seed
                seed, server_salt = self._seed_and_salt(game_id)
                _mix(ctx, seed, server_salt, table)
                rs.setup(ctx, table)
            self.bus(rs).run(ctx)
        except EngineError:
            self._tables.pop(game_id, None)
            raise
        except Exception as exc:
            self._tables.pop(game_id, None)
            raise CascadeAborted(f"the deal of {game_id} failed, nothing committed: {exc!r}") from exc
        try:
            stored = self._commit(game_id, base, ctx)
        except VersionConflict:
            self._tables.pop(game_id, None)
            raise
        log.info("contribution", game_id=game_id, seat=seat, declined=value is None, dealt=not table.awaiting)
        return stored

    def note_rejected(self, game_id: Any, seat: Any, cmd: Any, rule: str | None, reason: str) -> None:
        """Refusals go to the `rejected` table (the store keeps it bounded per game). Public for
        front ends that refuse input before it reaches `submit` (e.g. text that is not JSON)."""
        log.info("command_rejected", game_id=str(game_id)[:200], seat=_short(seat), rule=rule, reason=reason)
        if self._pending is not None or not isinstance(game_id, str):
            return
        try:
            size = len(canonical(cmd))
        except Exception:  # not even encodable: keep its shape, not its bytes
            cmd, size = f"<{type(cmd).__name__}>", 0
        if size > 2048:
            cmd = f"<{type(cmd).__name__} of {size} bytes>"
        seat = seat if type(seat) is int and 0 <= seat < 1 << 16 else None
        self.store.record_rejected(game_id, seat, cmd, rule, reason)

    def force(self, game_id: str, outcomes: dict[str, list[Any]]) -> list[StoredEvent] | None:
        """Stack the next chance outcomes: an explicit, recorded option (invariant 3)."""
        table = self.table(game_id)
        if not (table.analysis or table.situation):
            raise IllegalCommand(
                "CORE-3F", "forcing outcomes needs a game in analysis mode or set up from a situation file"
            )
        rs = self.ruleset(game_id)
        check_forced(outcomes, table, rs.dice(table))
        base = table.version
        ctx = self._ctx(rs, table, None)
        self._run(rs, table, ctx, ("chance.forced", {"outcomes": outcomes}, "CORE-3F"))
        return self._commit(game_id, base, ctx)

    def choices(self, game_id: str, seat: int, token: str | None = None) -> choices_mod.Question:
        """What `seat` may do, as a question in words (engine.choices.ask), the first question
        with an "Undo: …" option when the undo policy lets the seat take back its latest
        decision (its command `{"kind": "undo", "to": N}` is played like any other)."""
        table = self.table(game_id)
        rs = self.ruleset(game_id)
        q = choices_mod.ask(rs, table, seat, token)
        if token is not None or table.over:
            return q
        back = last_own_decision(self.store, table, seat)
        if back is None:
            return q
        to, decision = back
        try:
            said = imperative(rs.describe(table, decision) or "", seat) or "your last decision"
        except Exception:  # words are a courtesy: the option stays
            said = "your last decision"
        said = said[:1].lower() + said[1:]
        node = choices_mod.leaf(f"Undo: {said}", {"kind": UNDO_KIND, "to": to}, f"back to event {to}")
        return msgspec.structs.replace(q, options=[*q.options, node])

    def undo(
        self, game_id: str, to: int, seat: int | None = None, agreed: bool = False
    ) -> list[StoredEvent] | None:
        table = self.table(game_id)
        rs = self.ruleset(game_id)
        if seat is not None:
            check_seat(seat, table.players)
        if type(to) is not int:
            raise BadInput("CORE-6", f"an undo target is an event number, not {to!r}")
        check_undo(self.store, table, to, seat, agreed)
        base = table.version
        ctx = self._ctx(rs, table, seat)
        if agreed:
            ctx.emit("undo.agreed", {"to": to, "seats": list(range(table.players))}, "CORE-6")
        ctx.events.append(
            NewEvent("undo.done", {"to": to, "by": seat}, None, seat, "CORE-6", None, ctx.command_id)
        )
        if self._pending is not None:
            raise EngineError("undo cannot join a group commit: it rebuilds from the store")
        stored = self.store.append(game_id, base, ctx.events)
        back = self.reader.state_at(game_id, to)
        back.version = base + len(ctx.events)
        self._tables[game_id] = back
        log.info("undo", game_id=game_id, to=to, seat=seat, agreed=agreed)
        return stored
