"""Balance questions over exported games: who wins, by seat, bot, hero/race and scenario, each
rate with its number of games and 95% interval, and whether the best and the worst group of a
question differ more than chance would explain (analytics/intervals.py).

A *seat-game* is one seat in one finished game: its share of the win (1/k for one of k winners,
0 for a loser, 0 for everyone in a game nobody won) is what is averaged. A seat's role is read
from the game's own set-up event: Mage Knight's hero, Rune Age's race, DragonLords' race (or
races, joined with "+", for a seat leading two armies); the scenario from the game's options.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any, NamedTuple

import duckdb

from analytics.intervals import Rate, spread, wilson


class SeatGame(NamedTuple):
    game_id: str
    ruleset: str
    seat: int
    bot: str | None
    role: str | None
    scenario: str | None
    share: float


# ruleset -> (set-up event type, what a role is called, the roles per seat from its payload)
ROLES: dict[str, tuple[str, str]] = {
    "mage-knight": ("mk.setup", "hero"),
    "rune-age": ("ra.races", "race"),
    "dragonlords": ("dl.setup", "race"),
}


def _named(token: str) -> str:
    """A hero's or race's id as a person reads it ('waiqar' -> 'Waiqar', 'high_elf' -> 'High elf')."""
    words = token.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _roles(ruleset: str, payload: dict[str, Any], players: int) -> list[str | None]:
    if ruleset == "mage-knight":
        got = [_named(h) for h in payload.get("heroes", [])]
    elif ruleset == "rune-age":
        got = [_named(r) for r in payload.get("races", [])]
    elif ruleset == "dragonlords":
        per: dict[int, list[str]] = defaultdict(list)
        for army in payload.get("armies", []):
            per[army["seat"]].append(_named(army["race"]))
        got = ["+".join(sorted(per[s])) if per[s] else "" for s in range(players)]
    else:
        got = []
    return [(got[s] or None) if s < len(got) else None for s in range(players)]


def _options(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return {}
    return value if isinstance(value, dict) else {}


def seat_games(con: duckdb.DuckDBPyConnection) -> list[SeatGame]:
    """Every seat of every finished game in the `games` table (with roles from `events`)."""
    games = con.execute(
        "SELECT game_id, ruleset, players, winners, bots, options FROM games "
        "WHERE status = 'over' ORDER BY game_id"
    ).fetchall()
    types = sorted({t for t, _ in ROLES.values()})
    setups: dict[str, dict[str, Any]] = {}
    if types:
        marks = ", ".join("?" for _ in types)
        for gid, payload in con.execute(
            f"SELECT game_id, payload FROM events WHERE type IN ({marks}) ORDER BY game_id, version", types
        ).fetchall():
            setups.setdefault(gid, json.loads(payload) if isinstance(payload, str) else dict(payload or {}))
    out = []
    for gid, ruleset, players, winners, bots, options in games:
        winners = list(winners or [])
        roles = _roles(ruleset, setups.get(gid, {}), players) if ruleset in ROLES else [None] * players
        bot_of = (bots or "").split(",") if bots else []
        scenario = _options(options).get("scenario")
        for s in range(players):
            out.append(
                SeatGame(
                    gid,
                    ruleset,
                    s,
                    bot_of[s] if s < len(bot_of) else None,
                    roles[s],
                    str(scenario) if scenario not in (None, "", "none") else None,
                    1 / len(winners) if s in winners else 0.0,
                )
            )
    return out


class Question(NamedTuple):
    """One balance question of one ruleset: its groups' rates and the best/worst verdict."""

    ruleset: str
    by: str  # "seat", "bot", "hero", "race", "scenario"
    rates: dict[str, Rate]
    verdict: tuple[str, str, bool] | None  # (best, worst, differ significantly), see spread

    def words(self) -> str:
        if self.verdict is None:
            return f"{self.ruleset}: win rate by {self.by}: one group only"
        best, worst, differ = self.verdict
        how = "differ significantly (95%)" if differ else "do not differ significantly (95%)"
        return (
            f"{self.ruleset}: win rate by {self.by}: best {best} {self.rates[best].words()}, "
            f"worst {worst} {self.rates[worst].words()}: {how}"
        )


def questions(rows: list[SeatGame]) -> list[Question]:
    """Per ruleset, the win rate by seat, by bot, by role and by scenario (where known)."""
    out = []
    for ruleset in sorted({r.ruleset for r in rows}):
        mine = [r for r in rows if r.ruleset == ruleset]
        role = ROLES.get(ruleset, ("", "role"))[1]
        for by, key in (
            ("seat", lambda r: f"Seat {r.seat + 1}"),
            ("bot", lambda r: r.bot),
            (role, lambda r: r.role),
            ("scenario", lambda r: _named(r.scenario) if r.scenario else None),
        ):
            tally: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
            for r in mine:
                group = key(r)
                if group is not None:
                    tally[group][0] += r.share
                    tally[group][1] += 1
            if not tally or (by != "seat" and len(tally) < 2):
                continue  # one bot, one hero... for all: nothing to compare
            rates = {g: wilson(w, int(n)) for g, (w, n) in sorted(tally.items())}
            out.append(Question(ruleset, by, rates, spread(rates)))
    return out
