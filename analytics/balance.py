"""Balance questions over exported games: who wins, by seat, bot, hero/race and scenario, each
rate with its number of games and 95% interval, and whether the best and the worst group of a
question differ more than chance would explain (analytics/intervals.py).

A *seat-game* is one seat in one finished game (the export's `seats` table): its share of the
win (1/k for one of k winners, 0 for a loser, 0 for everyone in a game nobody won) is what is
averaged. What a seat played as is the table's faction (Mage Knight's hero, Rune Age's faction,
DragonLords' race or races); the scenario comes from the game's options.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

import duckdb

from analytics.intervals import Rate, spread, wilson
from analytics.names import readable
from engine import language


class SeatGame(NamedTuple):
    game_id: str
    ruleset: str
    seat: int
    bot: str | None
    role: str | None
    scenario: str | None
    share: float


ROLE_WORD = {"mage-knight": "hero", "rune-age": "faction", "dragonlords": "race"}
"""What a seat plays as, per ruleset (the `seats` table's faction column)."""


def seat_games(con: duckdb.DuckDBPyConnection) -> list[SeatGame]:
    """Every seat of every finished game: the export's `seats` table joined to `games` (its
    bots and its scenario option)."""
    rows = con.execute(
        "SELECT s.game_id, s.ruleset, s.seat, g.bots, s.faction, g.options['scenario'], s.win_share "
        "FROM seats s JOIN games g USING (game_id) WHERE g.status = 'over' ORDER BY s.game_id, s.seat"
    ).fetchall()
    out = []
    for gid, ruleset, seat, bots, faction, scenario, share in rows:
        bot_of = bots.split(",") if bots else []
        out.append(
            SeatGame(
                gid,
                ruleset,
                seat,
                bot_of[seat] if seat < len(bot_of) else None,
                readable(faction) if faction else None,
                str(scenario) if scenario not in (None, "", "none") else None,
                share or 0.0,
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
        """The question and its answer in the language (`engine.language`): each fixed phrase
        said as a whole, the groups' names said as names."""
        say = language.say
        head = f"{self.ruleset}: {say(f'win rate by {self.by}')}"
        if self.verdict is None:
            return f"{head}: {say('one group only')}"
        best, worst, differ = self.verdict
        how = say("differ significantly (95%)" if differ else "do not differ significantly (95%)")
        return (
            f"{head}: {say('best')} {say(best)} {self.rates[best].words()}, "
            f"{say('worst')} {say(worst)} {self.rates[worst].words()}: {how}"
        )


def questions(rows: list[SeatGame]) -> list[Question]:
    """Per ruleset, the win rate by seat, by bot, by role and by scenario (where known)."""
    out = []
    for ruleset in sorted({r.ruleset for r in rows}):
        mine = [r for r in rows if r.ruleset == ruleset]
        role = ROLE_WORD.get(ruleset, "faction")
        for by, key in (
            ("seat", lambda r: f"Seat {r.seat + 1}"),
            ("bot", lambda r: r.bot),
            (role, lambda r: r.role),
            ("scenario", lambda r: readable(r.scenario) if r.scenario else None),
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
