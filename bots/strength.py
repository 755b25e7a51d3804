"""How hard a searching bot thinks, per seat, named in words (issue 30 item 5): `mcts:deep`,
`strong:quick`, or an exact count (`mcts:200`) for a study that needs one.

Why counts, never time: a bot given "100 ms a decision" decides differently on a busy machine,
so its games could not be replayed from their seed. Every strength here is a number of search
iterations (MCTS) or candidate turns (a turn planner), scaled from the bot's standard, so a
seeded game replays exactly at every strength (item 6).

Only bots that search have a strength: random and greedy (one move ahead) have nothing to
deepen, and neither has a ruleset's `strong` bot where that is greedy (DragonLords). Asking for
a strength there is refused with the reason, not silently ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.planner import PLANS
from bots.strong import strong

SEARCHING = ("mcts", "strong")  # the kinds a strength can be given to (strong: where it searches)
MCTS_STANDARD = 32  # MCTS iterations a decision at the standard strength (the bot ladder's)
MOST = 100_000  # the largest count asked for by number (a typing slip beyond it would run for days)


@dataclass(frozen=True)
class Level:
    """A named strength: `times` the standard's iterations or candidate turns."""

    name: str
    times: float
    words: str


LEVELS = (
    Level("quick", 0.25, "quick: a quarter of the standard's thinking"),
    Level("standard", 1.0, "standard: the strength the bot benchmarks measure"),
    Level("deep", 4.0, "deep: four times the standard's thinking"),
    Level("deepest", 16.0, "deepest: sixteen times the standard's thinking, for studies more than play"),
)
BY_NAME = {lv.name: lv for lv in LEVELS}


class StrengthError(ValueError):
    """A bot's strength that does not exist or cannot be given to that bot."""


def split(spec: str) -> tuple[str, str]:
    """A seat's bot spec `kind[:strength]` as (kind, strength); strength "" is the standard."""
    kind, _, level = spec.partition(":")
    return kind.strip(), level.strip()


def check(kind: str, level: str) -> None:
    """Refuses a strength that is not a level's name or a count from 1 to MOST, or one given to
    a bot that does not search. (Whether a ruleset's `strong` searches: `searches`.)"""
    if not level or level == "standard":
        return
    if kind not in SEARCHING:
        raise StrengthError(
            f"the {kind} bot has no strength setting: it does not search "
            f"(strengths apply to {' and '.join(SEARCHING)})"
        )
    if level in BY_NAME:
        return
    if not level.isdigit() or not 1 <= int(level) <= MOST:
        names = ", ".join(lv.name for lv in LEVELS)
        raise StrengthError(
            f"unknown strength {level!r} for the {kind} bot: choose {names}, or a count of "
            f"iterations from 1 to {MOST:,}"
        )


def searches(kind: str, ruleset: str) -> bool:
    """Whether the bot `kind` searches in `ruleset`, so a strength means something for it."""
    return kind == "mcts" or (kind == "strong" and strong(ruleset).kind in ("mcts", "plan"))


def standard(kind: str, ruleset: str, mcts_iterations: int = MCTS_STANDARD) -> int:
    """The count of the standard strength: MCTS iterations (`mcts_iterations` for the mcts bot,
    the ruleset's measured pick for strong) or a turn planner's candidate turns."""
    if kind == "strong":
        pick = strong(ruleset)
        return PLANS if pick.kind == "plan" else pick.iterations or mcts_iterations
    return mcts_iterations


def effort(kind: str, level: str, ruleset: str, mcts_iterations: int = MCTS_STANDARD) -> int:
    """The count a seat's bot thinks with: its standard scaled by the level, or the count asked
    for (at least 1). Refuses a strength for a bot that does not search in this ruleset."""
    check(kind, level)
    if level and level != "standard" and not searches(kind, ruleset):
        raise StrengthError(
            f"the strong bot of {ruleset} is greedy (it looks one move ahead and does not "
            "search): it has no strength setting"
        )
    if level.isdigit():
        return int(level)
    base = standard(kind, ruleset, mcts_iterations)
    return max(1, round(base * BY_NAME[level or "standard"].times))


def unit(kind: str, ruleset: str) -> str:
    """What a count of this bot counts, in words."""
    planned = kind == "strong" and strong(ruleset).kind == "plan"
    return "candidate turns a plan" if planned else "search iterations a decision"


def describe(spec: str, ruleset: str, mcts_iterations: int = MCTS_STANDARD) -> str:
    """A seat's bot in words: "mcts, deep: 128 search iterations a decision"."""
    kind, level = split(spec)
    if not searches(kind, ruleset):
        return kind
    n = effort(kind, level, ruleset, mcts_iterations)
    name = level if level and not level.isdigit() else ("standard" if not level else "exact count")
    return f"{kind}, {name}: {n} {unit(kind, ruleset)}"


def choices(ruleset: str) -> dict[str, list[dict[str, object]]]:
    """Per searching bot kind of `ruleset`, its levels in words with their counts (the lobby's
    strength menu)."""
    out: dict[str, list[dict[str, object]]] = {}
    for kind in SEARCHING:
        if not searches(kind, ruleset):
            continue
        counted = [(lv, effort(kind, lv.name, ruleset)) for lv in LEVELS]
        out[kind] = [
            {"name": lv.name, "count": n, "words": f"{lv.words} ({n} {unit(kind, ruleset)})"}
            for lv, n in counted
        ]
    return out
