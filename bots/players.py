"""Per-seat bots for `simulate --bots random,greedy,mcts,strong`: one bot kind per seat.

`BotPlay` has the shape of bots.random_bot.play_out (engine, game_id, seed, stop=...), so the
simulation runs it unchanged, in worker processes too (it pickles). Each seat has its own
random stream (from the game seed and the seat), so a game's bots are reproducible. The
smart bots decide on a copy of the state that knows no seed, and search only over
determinizations of what their seat sees (bots.search). `strong` is each ruleset's
strongest bot within 20 ms CPU per decision (bots.strong): greedy, MCTS or a planner of its own.
A searching bot may be given a strength (`mcts:deep`, `strong:quick`, `mcts:200`: bots.strength),
a count of iterations or candidate turns, never a time, so its games replay from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bots import strength
from bots.planner import Planner
from bots.random_bot import Abandoned, Stall, command_limit, prompted
from bots.search import greedy, mcts
from bots.strong import strong
from bots.tree_walk import random_command
from engine.fork import Game
from projections.state import decode, encode

KINDS = ("random", "greedy", "mcts", "strong")


class BotsError(ValueError):
    """--bots names an unknown bot or the wrong number of seats."""


def parse_bots(text: str | None, players: int, ruleset: str | None = None) -> tuple[str, ...]:
    """'mcts,random' gives one bot per seat; a single name plays every seat. A seat's bot may
    carry a strength, 'mcts:deep' (bots.strength); with `ruleset` given, a strength for a bot
    that does not search in it is refused too. Spaces are dropped: 'mcts : deep' is 'mcts:deep'."""
    specs = [strength.split(n) for n in (text or "random").split(",") if n.strip()]
    bad = [kind for kind, _ in specs if kind not in KINDS]
    if bad:
        raise BotsError(f"--bots: unknown bot {bad[0]!r}; choose from {', '.join(KINDS)}")
    for kind, level in specs:
        try:
            if ruleset is not None:
                strength.effort(kind, level, ruleset)
            else:
                strength.check(kind, level)
        except strength.StrengthError as exc:
            raise BotsError(f"--bots: {exc}") from None
    names = tuple(f"{kind}:{level}" if level else kind for kind, level in specs)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise BotsError(
            f"--bots names {len(names)} bots for {players} players: give one per seat, or one for all"
        )
    return names


def _fork(engine, game_id: str):
    """The game as a bot may hold it: a state copy with no seed (search reseeds it)."""

    table = engine.table(game_id)
    return Game(decode(engine.ruleset(game_id), encode(table)), "unknown", None, record=False)


class BotPlay:
    ITERATIONS = 32  # MCTS's default strength: iterations per decision
    PLAYOUT = 0  # commands of random play after the searched turn, before the position value

    def __init__(self, bots: tuple[str, ...], iterations: int = ITERATIONS, playout: int = PLAYOUT):
        self.bots, self.iterations, self.playout = tuple(bots), iterations, playout
        self.planners: dict[tuple[str, int], Planner] = {}  # (game, seat) -> its planner

    def choose(self, engine, game_id: str, seat: int, legal: list, rng: random.Random):
        """The seat's bot's command; `legal` is the seat's listed commands (the random bot
        walks the tree grouped from them where the ruleset keeps the default tree)."""
        kind, level = strength.split(self.bots[seat])
        if kind == "random" or len(legal) == 1:
            chosen = random_command(engine.ruleset(game_id), engine.table(game_id), seat, rng, legal)
            if chosen is None:
                raise ValueError(f"game {game_id}: seat {seat} has nothing to decide")
            return chosen[0]
        game = _fork(engine, game_id)
        ruleset = engine.ruleset(game_id).name
        picked = strong(ruleset).kind if kind == "strong" else kind  # greedy, mcts or plan
        if picked == "greedy":
            return greedy(game, seat, legal, rng)
        count = strength.effort(kind, level, ruleset, self.iterations)
        if picked == "plan":
            bot = self.planners.get((game_id, seat))
            if bot is None:
                bot = self.planners[game_id, seat] = Planner(count)
            return bot.choose(game, game_id, seat, legal, rng)
        return mcts(game, seat, legal, rng, count, self.playout)

    def record(self, ruleset: str) -> tuple[str, ...]:
        """The seats' bots as a study must name them to be re-run exactly: a searching bot's
        count where it differs from the default standard (`mcts:8` after --mcts-iterations 8,
        `mcts:128` for mcts:deep), else its kind alone, as before strengths."""
        out = []
        for spec in self.bots:
            kind, level = strength.split(spec)
            if not strength.searches(kind, ruleset):
                out.append(kind)
                continue
            n = strength.effort(kind, level, ruleset, self.iterations)
            out.append(kind if n == strength.standard(kind, ruleset) else f"{kind}:{n}")
        return tuple(out)

    def __call__(
        self,
        engine,
        game_id: str,
        seed: str | int,
        max_commands: int | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> int:
        rngs = [random.Random(f"bot:{seed}:{s}") for s in range(len(self.bots))]
        self.planners = {}  # a fresh start: one game at a time, no plans kept from the last
        limit = max_commands or command_limit(engine.ruleset(game_id))
        n = 0
        while n < limit:
            if stop is not None and stop():
                raise Abandoned(game_id)
            first = prompted(engine, game_id, n)
            if first is None:
                return n
            table = engine.table(game_id)
            seat = first.seat
            legal = engine.legal(game_id, seat)
            if not legal:
                raise Stall(
                    f"game {game_id}: seat {seat} is prompted but has no legal command",
                    game_id,
                    None,
                    n,
                    table.version,
                )
            engine.submit(game_id, seat, self.choose(engine, game_id, seat, legal, rngs[seat]))
            n += 1
        table = engine.table(game_id)
        raise Stall(
            f"game {game_id}: not over after {limit} bot commands (event {table.version})",
            game_id,
            None,
            n,
            table.version,
        )
