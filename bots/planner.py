"""A turn planner, the `strong` bot of a game whose turn is one story (Mage Knight): it plans a
turn as a whole instead of one command at a time.

Why plans: a Mage Knight turn is one story (walk there, power this card with that mana, fight
that enemy with this hand, recruit with what influence is left), and a command is only good
as part of one. So at the first decision of its run of decisions the bot plays `PLANS`
candidate turns on clones of the game (the research API), each on its own determinization of
what it cannot see (bots.search.determinize: its deck's order, a rival's hand), each walked
by the purposeful habits of the random bot (tree_policy.bot_options: head for a city or the
edge, pick winnable fights, recruit, buy at sites) with their free choices drawn at random, and
keeps the one whose end is worth most (the ruleset's `plan_worth(table, seat)`; Mage Knight's
worth.py: fame, and the fame that units, advanced
actions, spells, artifacts and crystals stand for, less wounds). Cards powered with mana,
fights won with the right cards and sites used are what the better ends have in common; a
plan that walks into a lost fight ends with wounds and loses.

It then follows its plan while the real game goes as the clone did (the same number of
events after each command: a different card drawn or enemy revealed changes it) and plans
again from where it is when it does not. Determinism: every draw comes from the seat's own
random stream, never the wall clock. Cost: about PLANS commands on clones per real command.

Purposeful lines: habits drawn at random rarely try the one turn a goal needs (Mage Knight: the
step into a city). A ruleset may give them with the optional hook
`plan_lines(table, seat)`, the lines worth trying now (shaped as `Line`; the game need not import
it): `plans` of the candidates follow
each, playing its `lead`'s command where it gives one and keeping off the kinds it `avoid`s;
the worth of their ends decides as for any plan (an assault that defeats no defender and
brings wounds is not chosen).

Habits of the planner's own: a ruleset may narrow its candidate turns' questions otherwise than
the random bot's habits with the optional hook `plan_options(table, seat)`, a `bot_options`-shaped
narrowing for this decision or None (the habits, with their quick first question): Mage
Knight's combat solver plays the candidates' fights, so random, greedy and MCTS bots play as
they did.

It is a bot, so it lives with the bots and reaches the game only through the ruleset contract:
any ruleset that says what the end of a turn is worth (the optional hook `plan_worth`) can be
planned for; the habits that walk the candidate turns are its `bot_options`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bots import tree_walk
from bots.search import as_listed, determinize
from engine import choices as tree

PLANS = 24  # candidate turns per plan: about 16 ms CPU per decision (24 against 16: fame 11.7 to 9.8)
HORIZON = 40  # commands a plan looks ahead at most (a turn is rarely longer)
TURN_DONE = "mk.turn_done"  # a plan ends with the seat's turn (in solo play the seat acts on and on)
LOOSE = 0.25  # in every other plan, the share of questions answered past the habits
NEVER = ("concede",)  # no plan gives up


def habits(rs, table, seat: int) -> Any:
    """How the candidate turns narrow this decision's questions: the ruleset's optional hook
    `plan_options(table, seat)` where it gives a narrowing (Mage Knight: its combat solver),
    else the random bot's habits (tree_walk.OWN: `bot_options`, with the ruleset's quick
    first question)."""
    planned = getattr(rs, "plan_options", None)
    got = planned(table, seat) if planned is not None else None
    return tree_walk.OWN if got is None else got


def narrowing(rs, table, seat: int) -> Any:
    """`habits` as a narrowing to call: the hook's, else the ruleset's `bot_options`."""
    mine = habits(rs, table, seat)
    return rs.bot_options if mine is tree_walk.OWN else mine


def loose(rs, rng: random.Random, chance: float):
    """A narrowing that keeps the habits' options but, with `chance` per question, all of them
    (the habits skip fights they misjudge and cards they cannot weigh: a plan that tries one
    is kept only if its end is worth more)."""

    def narrow(table, seat: int, path: list[Any], options: list) -> list:
        if rng.random() < chance:
            return [o for o in options if o.command is None or o.command.get("kind") not in NEVER] or options
        return narrowing(rs, table, seat)(table, seat, path, options)

    return narrow


@dataclass(frozen=True)
class Line:
    """A purposeful line of play: `lead(table, seat)` gives the command to play now or None (the
    habits go on), `avoid` the command kinds the line keeps off, `plans` its candidates;
    `averaged`: the line is judged by the mean worth of its candidates, not the best (a line
    into what a draw decides, an enemy token or a garrison, is otherwise chosen on the
    determinization that drew it luckily)."""

    lead: Any
    avoid: tuple[str, ...] = ()
    plans: int = 1
    averaged: bool = False


def avoiding(rs, narrow: Any, avoid: tuple[str, ...]):
    """A narrowing that first drops the options of the `avoid`ed kinds (unless that leaves
    none), then narrows as `narrow` does (tree_walk.OWN: the ruleset's habits)."""

    def narrowed(table, seat: int, path: list[Any], options: list) -> list:
        kept = [o for o in options if tree.kind_of(o) not in avoid] or options
        inner = narrowing(rs, table, seat) if narrow is tree_walk.OWN else narrow
        return inner(table, seat, path, kept) if inner is not None else kept

    return narrowed


@dataclass
class Plan:
    """The commands of the chosen turn still to play, and the table version each should find."""

    game_id: str = ""
    steps: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def sample_turn(game, seat: int, rng: random.Random, chance: float = 0.0, line: Any = None) -> tuple:
    """One candidate turn on a determinization: (its end's worth, [(version before, command)]).
    The seat's run of decisions is walked by the habits of the random bot (past them with
    `chance` per question: `loose`; as the `line` leads and avoids) until its turn ends,
    another seat is to act, the game ends or HORIZON commands are played."""
    g = determinize(game, seat, rng)
    narrow = loose(g.ruleset, rng, chance) if chance else tree_walk.OWN
    if line is not None and line.avoid:
        narrow = avoiding(g.ruleset, narrow, line.avoid)
    lead = line.lead if line is not None else None
    steps: list[tuple[int, dict[str, Any]]] = []
    try:
        while len(steps) < HORIZON and not g.is_over() and g.to_act() == seat:
            rs, t = g.ruleset, g.table
            cmd = lead(t, seat) if lead is not None else None
            if cmd is None:
                step = habits(rs, t, seat) if narrow is tree_walk.OWN else narrow
                chosen = tree_walk.sample(rs, t, seat, rng, narrow=step)
                if chosen is None:
                    break
                cmd = as_listed(rs, t, seat, chosen[0], chosen[1])
            steps.append((t.version, cmd))
            if any(e["type"] == TURN_DONE for e in g.apply_unchecked(seat, cmd)):
                break
    except Exception:
        return float("-inf"), steps  # a line this determinization cannot play: never chosen
    return g.ruleset.plan_worth(g.table, seat), steps


def plan_turn(game, seat: int, rng: random.Random, plans: int = PLANS) -> list[tuple[int, dict[str, Any]]]:
    """The best of `plans` sampled turns (ties: the first sampled), every other one loose, the
    last ones following the purposeful lines (`Line.plans` each, in the order given); an
    `averaged` line's best candidate counts with the mean worth of the line's candidates."""
    lines = getattr(game.ruleset, "plan_lines", None)
    follow = [x for x in (lines(game.table, seat) if lines is not None else []) for _ in range(x.plans)]
    schedule: list[Any] = [None] * max(plans - len(follow), 0) + follow
    best: tuple[float, list] = (float("-inf"), [])
    averaged: dict[int, list[tuple[float, list]]] = {}  # id of an averaged line -> its candidates
    for i, line in enumerate(schedule):
        got = sample_turn(game, seat, rng, LOOSE if i % 2 else 0.0, line)
        if getattr(line, "averaged", False):
            averaged.setdefault(id(line), []).append(got)
        elif got[1] and got[0] > best[0]:
            best = got
    for tried in averaged.values():  # (in the order the lines were given)
        played = [x for x in tried if x[1] and x[0] > float("-inf")]
        if played:
            mean = sum(w for w, _ in played) / len(played)
            if mean > best[0]:
                best = (mean, max(played, key=lambda x: x[0])[1])
    return best[1]


class Planner:
    """One seat's planning bot: `choose` gives its command now, planning when it must."""

    def __init__(self, plans: int = PLANS) -> None:
        self.plans = plans
        self.plan = Plan()

    def choose(self, game, game_id: str, seat: int, legal: list[dict[str, Any]], rng: random.Random):
        """The next command of the current plan if the game is where the plan expected, else
        the first of a new plan; a listed command in either case."""
        version = game.table.version
        steps = self.plan.steps if self.plan.game_id == game_id else []
        if not (steps and steps[0][0] == version and steps[0][1] in legal):
            steps = plan_turn(game, seat, rng, self.plans)
            if not steps or steps[0][1] not in legal:  # (a determinization the real game differs from)
                chosen = tree_walk.random_command(game.ruleset, game.table, seat, rng, legal)
                self.plan = Plan()
                return chosen[0] if chosen else legal[0]
        self.plan = Plan(game_id, steps[1:])
        return steps[0][1]
