"""A random legal bot: it walks the seat's choice tree one question at a time, uniformly at
each (bots.tree_walk), so it only ever plays legal commands and finds stalls.

A ruleset may declare for it (read with getattr, so a game needs none):
`bot_command_limit`, the bot commands after which an unfinished game counts as stalled;
`bot_options(table, seat, path, options)`, the non-empty subset of one question's options
worth choosing from (to leave out lines that are legal but pointless, e.g. destroying one's
own last cards); or, the older way, `bot_choices(table, seat, legal)` over the flat list of
legal commands, which keeps the flat walk (a uniform choice among them) until the ruleset
narrows its questions instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bots import tree_walk
from engine.errors import EngineError

# Every installed game ends in under 1,000 bot commands; twenty times that is a stall.
DEFAULT_COMMAND_LIMIT = 20_000


class Stall(EngineError):
    """Nobody can act, or the game is not over after the ruleset's command limit: a rules bug
    (or a bot line that never ends). Carries where it happened, for the simulate summary."""

    def __init__(
        self,
        message: str,
        game_id: str,
        prompt: dict[str, Any] | None = None,
        commands: int = 0,
        version: int = 0,
    ):
        super().__init__(message)
        self.game_id, self.prompt, self.commands, self.version = game_id, prompt, commands, version


class Abandoned(Exception):
    """The caller asked the bot to stop (Ctrl-C in `simulate`); the game is left unfinished."""


def bot_rng(seed: str | int) -> random.Random:
    return random.Random(f"bot:{seed}")  # str seeding is stable across runs and versions


def command_limit(ruleset) -> int:
    return getattr(ruleset, "bot_command_limit", None) or DEFAULT_COMMAND_LIMIT


def _prompt(p) -> dict[str, Any]:
    return {"seat": p.seat, "kind": p.kind, "rule": p.rule}


def decide(engine, game_id: str, rng: random.Random, n: int = 0) -> dict[str, Any] | None:
    """Play one bot decision and return the prompt it answered; None once the game is over."""
    answered = _decide(engine, game_id, rng, n)
    return None if answered is None else _prompt(answered)


def prompted(engine, game_id: str, n: int):
    """The first open prompt of a game bots play, None once it is over; a game that is not over
    with nobody prompted is a Stall (after `n` bot commands)."""
    table = engine.table(game_id)
    if table.over:
        return None
    prompts = engine.prompts(game_id)
    if not prompts:
        raise Stall(
            f"game {game_id}: no prompt at event {table.version} but the game is not over",
            game_id,
            None,
            n,
            table.version,
        )
    return prompts[0]


def _decide(engine, game_id: str, rng: random.Random, n: int):
    """`decide`, answering with the Prompt itself (play_out turns only the last one into a
    dict, for its Stall message)."""
    first = prompted(engine, game_id, n)
    if first is None:
        return None
    table = engine.table(game_id)
    seat = first.seat
    rs = engine.ruleset(game_id)
    # The engine's own fast path when it has one: a command taken from the listing as it is
    # (a flat choice, or a leaf of the default tree grouped from that listing) needs no second
    # legality check (Engine.play_listed). A leaf or pick of a ruleset's own tree is played
    # without listing every legal command again (Engine.play_chosen: the tree offers only
    # legal commands); anything else goes through `submit` and its check.
    fast = getattr(engine, "play_listed", None)
    listed = None
    flat = tree_walk.flat(rs)
    # A ruleset that walks for its bot (`bot_walk`) lists what it needs itself: listing every
    # command first would only be done twice.
    if getattr(rs, "bot_walk", None) is None and (flat or tree_walk.default_tree(rs)):
        listed = engine.bot_legal(game_id, seat) if fast else engine.legal(game_id, seat)
    chosen = None if listed == [] else tree_walk.random_command(rs, table, seat, rng, listed)
    if chosen is None:
        raise Stall(
            f"game {game_id}: seat {seat} is prompted ({first.kind}, rule "
            f"{first.rule}) at event {table.version} but has no legal command",
            game_id,
            _prompt(first),
            n,
            table.version,
        )
    cmd, as_listed = chosen
    if fast is not None and as_listed and listed is not None:
        play = fast
    elif listed is None and not flat:  # from the ruleset's own tree: no second listing
        play = getattr(engine, "play_chosen", engine.submit)
    else:
        play = engine.submit
    try:
        play(game_id, seat, cmd)
    except Exception as exc:
        _mark(exc, "bot_prompt", _prompt(first))  # where a rules error happened, for the simulate summary
        raise
    return first


def _mark(exc: Exception, name: str, value: object) -> None:
    """Attach to an error in flight what the simulate summary reads (`getattr(exc, name)`)."""
    setattr(exc, name, value)


def step(engine, game_id: str, rng: random.Random) -> bool:
    """Play one bot decision; False once the game is over."""
    return decide(engine, game_id, rng) is not None


def play_out(
    engine,
    game_id: str,
    seed: str | int,
    max_commands: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> int:
    """Play the game to its end; return the number of bot commands.

    Raises Stall past the ruleset's command limit and Abandoned as soon as `stop()` is true;
    any other error carries the prompt being answered as `exc.bot_prompt`."""
    rng = bot_rng(seed)
    limit = max_commands or command_limit(engine.ruleset(game_id))
    last = None
    n = 0
    try:
        while n < limit:
            if stop is not None and stop():
                raise Abandoned(game_id)
            answered = _decide(engine, game_id, rng, n)
            if answered is None:
                return n
            last = answered
            n += 1
    except (Stall, Abandoned):
        raise
    except Exception as exc:
        _mark(exc, "bot_commands", n)
        exc.add_note(
            f"bot: game {game_id}, seed {seed}, command {n}, prompt {getattr(exc, 'bot_prompt', None)}"
        )
        raise
    table = engine.table(game_id)
    where = f"seat {last.seat} {last.kind} (rule {last.rule})" if last else "no prompt"
    raise Stall(
        f"game {game_id}: not over after {limit} bot commands (last: {where}, event {table.version})",
        game_id,
        None if last is None else _prompt(last),
        n,
        table.version,
    )
