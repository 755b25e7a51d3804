"""A seat's remaining set-up as one proposal it may accept: set-up at human speed.

Why: placing thirty-odd units one click at a time is a chore, not a decision a player enjoys.
A ruleset says which decisions count as set-up (`Ruleset.in_setup(table) -> bool`, read with
getattr so a game needs none); while one is prompted, `propose` plays the set-up on a copy of
the table with the random tree-walking bot for every seat (each seat its own stream, seeded by
the game and the version, so the same state gives the same proposal) and keeps the seat's own
decisions, each in words. Set-up decisions may interleave between seats (DragonLords' armies
place in turn): a step marked `now` is one the seat can play before anyone else decides; the
others wait for the seat's next turns, and the other seats' decisions are only a forecast.

`accept` takes the proposal, some steps changed, checks the changed steps against that forecast,
then plays its `now` steps as ordinary commands at the expected version in one commit: all or
nothing, and a refusal names the step. The steps that wait are returned for the front end to play when
the seat is prompted again (`next_step`); each is checked again then, as any command is.

It lives with the bots, not in the core: a proposal is a bot's play, and the core never
imports a bot (tests/test_layers.py); the server and the CLI use it as they use the bots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from bots.random_bot import bot_rng
from bots.tree_walk import random_command
from engine.errors import BadInput, IllegalCommand
from engine.fork import Game, IllegalMove
from engine.narration import command_label, seat_name
from engine.pipeline import Engine
from engine.ruleset import Ruleset
from engine.table import Table
from projections.state import decode, encode
from store import VersionConflict

RULE = "CORE-SETUP"  # the proposal is the engine's courtesy; each step keeps its game's rule
STEP_LIMIT = 2000  # a set-up that has not ended after this many decisions is a rules bug


class Step(msgspec.Struct, frozen=True):
    """One of the seat's set-up decisions: the command, its words, and whether the seat can
    play it before another seat decides."""

    command: dict[str, Any]
    label: str
    now: bool


class Proposal(msgspec.Struct, frozen=True):
    seat: int
    version: int
    steps: list[Step]


class Accepted(msgspec.Struct, frozen=True):
    """What accepting did: the steps played now (the game is at `version`) and the commands
    that wait for the seat's next set-up turns."""

    played: int
    version: int
    waiting: list[dict[str, Any]]


def in_setup(rs: Ruleset, table: Table) -> bool:
    """Whether the decision prompted now belongs to the set-up the ruleset lets a bot propose."""
    hook = getattr(rs, "in_setup", None)
    return bool(hook is not None and not table.over and hook(table))


def offered(eng: Engine, game_id: str, seat: int) -> bool:
    """A proposal is offered to a prompted seat in set-up."""
    table, rs = eng.table(game_id), eng.ruleset(game_id)
    return in_setup(rs, table) and not table.awaiting and any(p.seat == seat for p in eng.prompts(game_id))


def _fork(eng: Engine, game_id: str) -> Game:
    """A copy of the game whose chance follows a seed of its own, not the game's: a proposal
    must not foretell a roll or a draw (a set-up with chance is only forecast the less well)."""
    rs, table = eng.ruleset(game_id), eng.table(game_id)
    return Game(decode(rs, encode(table)), f"proposal:{game_id}:{table.version}", None, record=False)


def _bot(game: Game, seat: int, rngs: dict[int, Any]) -> dict[str, Any]:
    """The random tree-walking bot's set-up decision for `seat`, as the engine would store it."""
    t = game.table
    if seat not in rngs:
        rngs[seat] = bot_rng(f"proposal:{t.game_id}:{t.version}:{seat}")
    chosen = random_command(game.ruleset, t, seat, rngs[seat])
    if chosen is None:
        raise IllegalCommand(RULE, f"{seat_name(seat)} is prompted in set-up but has nothing to decide")
    return game.ruleset.same_command(t, seat, chosen[0])


def _run(
    eng: Engine,
    game_id: str,
    seat: int,
    plan: list[dict[str, Any]] | None,
    strict: frozenset[int] = frozenset(),
) -> list[Step]:
    """Play the set-up out on a copy: the seat's decisions from `plan` (None: the bot's), every
    other seat's by the bot. A plan's step that is not legal there is refused, named, when it
    is played now or its index is in `strict` (a step the player changed); another one only
    disagrees with the forecast (another seat's forecast choice took its place after a change),
    so the copy goes on with the bot's choice and the step is kept, to be checked when it is
    played (`next_step`)."""
    game = _fork(eng, game_id)
    rs = game.ruleset
    rngs: dict[int, Any] = {}
    steps: list[Step] = []
    alone = True  # no other seat has decided yet: the seat's steps can be played now
    for _ in range(STEP_LIMIT):
        if not in_setup(rs, game.table) or (plan is not None and len(steps) == len(plan)):
            return steps
        who = game.to_act()
        if who is None:
            return steps
        if who != seat:
            alone = False
            game.apply_unchecked(who, _bot(game, who, rngs))
            continue
        i = len(steps)
        cmd = _bot(game, seat, rngs) if plan is None else rs.same_command(game.table, seat, plan[i])
        label = _words(rs, game.table, seat, cmd)
        try:
            game.apply(seat, cmd) if plan is not None else game.apply_unchecked(seat, cmd)
        except IllegalMove:
            if alone or i in strict:
                why = _why(rs, game.table, seat, cmd)
                raise IllegalCommand(RULE, f"step {i + 1} ({label}) is refused: {why}") from None
            game.apply_unchecked(seat, _bot(game, seat, rngs))
        steps.append(Step(cmd, label, alone))
    raise IllegalCommand(RULE, f"the set-up did not end within {STEP_LIMIT} decisions")


def _words(rs: Ruleset, table: Table, seat: int, cmd: Mapping[str, Any]) -> str:
    try:
        return command_label(rs, table, seat, cmd)
    except Exception:  # words are a courtesy: a command the game cannot describe keeps its kind
        return str(cmd.get("kind", "?"))


def _why(rs: Ruleset, table: Table, seat: int, cmd: dict[str, Any]) -> str:
    try:
        got = rs.explain(table, seat, cmd)
    except Exception:
        got = None
    return got.reason if got is not None else "it is not a legal decision then"


def propose(eng: Engine, game_id: str, seat: int) -> Proposal:
    """The bot's proposal for the seat's remaining set-up decisions (none outside set-up or
    while another seat is prompted)."""
    version = eng.table(game_id).version
    if not offered(eng, game_id, seat):
        return Proposal(seat, version, [])
    return Proposal(seat, version, _run(eng, game_id, seat, None))


def changed(proposal: Proposal, changes: Mapping[int, dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The proposal's commands with some steps replaced (0-based step index -> command)."""
    cmds = [s.command for s in proposal.steps]
    for i, cmd in (changes or {}).items():
        if type(i) is not int or not 0 <= i < len(cmds):
            raise BadInput(RULE, f"there is no step {i + 1 if type(i) is int else i!r} in the proposal")
        if not isinstance(cmd, dict):
            raise BadInput(RULE, f"step {i + 1}: a change is a command (a JSON object)")
        cmds[i] = cmd
    return cmds


def accept(
    eng: Engine,
    game_id: str,
    seat: int,
    changes: Mapping[int, dict[str, Any]] | None = None,
    expected_version: int | None = None,
) -> Accepted:
    """Accept the seat's proposal at `expected_version`, some steps changed (step index ->
    command): each changed step is checked against the forecast, then the steps played now are
    stored as the seat's commands in one commit. Nothing is stored when any step is refused
    (the error names it); the commands that wait are returned."""
    table = eng.table(game_id)
    if expected_version is not None and expected_version != table.version:
        raise VersionConflict(game_id, expected_version, table.version)
    if not offered(eng, game_id, seat):
        raise IllegalCommand(RULE, f"{seat_name(seat)} has no set-up decision to make now")
    plan = changed(propose(eng, game_id, seat), changes)
    steps = _run(eng, game_id, seat, plan, frozenset(changes or ()))
    now = [s.command for s in steps if s.now]
    try:
        with eng.store.transaction():  # one commit: a refusal inside stores none of the steps
            for i, cmd in enumerate(now):
                try:
                    eng.submit(game_id, seat, cmd)
                except IllegalCommand as exc:
                    label = steps[i].label
                    raise IllegalCommand(
                        exc.rule, f"step {i + 1} ({label}) is refused: {exc.reason}"
                    ) from None
    except BaseException:
        eng.forget(game_id)  # the steps played in memory before the refusal are rebuilt away
        raise
    return Accepted(len(now), eng.table(game_id).version, [s.command for s in steps if not s.now])


def next_step(eng: Engine, game_id: str, seat: int, waiting: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The command to play for a seat whose accepted plan waits, now that it is prompted: the
    plan's next step when still legal, else the bot's choice now (another seat took the place
    the forecast left free); None once the seat's set-up is over."""
    if not offered(eng, game_id, seat):
        return None
    try:
        if waiting and eng.check(game_id, seat, waiting[0]) is None:
            return waiting[0]
    except BadInput:  # a step that is no command at all: the bot's choice instead
        pass
    return _bot(_fork(eng, game_id), seat, {})
